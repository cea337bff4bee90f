/* SPDX-License-Identifier: GPL-2.0-only */
/* The few kernel types and helpers the shared sources need, for the
 * user-space unit tests (tests/unit). */
#ifndef CTNEON_COMPAT_USER_H
#define CTNEON_COMPAT_USER_H
#include <stdint.h>
#include <string.h>
#include <errno.h>
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
#define __aligned(x) __attribute__((aligned(x)))
#define asmlinkage
#ifndef __always_inline
#define __always_inline inline __attribute__((always_inline))
#endif
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
static inline void memzero_explicit(void *p, size_t n)
{
	memset(p, 0, n);
	__asm__ __volatile__("" : : "r"(p) : "memory");
}
/* <crypto/algapi.h>'s, word-wise as the kernel's is on arm and arm64 */
static inline void crypto_xor_cpy(u8 *dst, const u8 *a, const u8 *b,
				  unsigned int n)
{
	for (; n >= 4; n -= 4, dst += 4, a += 4, b += 4) {
		u32 x, y;

		memcpy(&x, a, 4);
		memcpy(&y, b, 4);
		x ^= y;
		memcpy(dst, &x, 4);
	}
	while (n--)
		*dst++ = *a++ ^ *b++;
}
#endif
