// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: portable ChaCha (RFC 8439 section 2.3) and HChaCha, for the
 * contexts where NEON may not be used (ctneon_neon_begin() returns false:
 * hard interrupts, softirq on 32-bit 6.1 kernels, force_fallback=1).
 *
 * ChaCha is additions, XORs and fixed rotations of 32-bit words: the code
 * below has no branch and no memory address that depends on the key, the
 * nonce, the data or the keystream, on any CPU.  Poly1305 needs no
 * portable twin: the cores' Poly1305 entry points are integer-only and run
 * in any context (chacha-poly.h).
 *
 * The state is the contract's: 16 little-endian words, word 12 the block
 * counter, which wraps modulo 2^32 without a carry into word 13.
 *
 * This file is shared by the kernel module and the user-space unit tests.
 */
#ifdef __KERNEL__
#include <linux/kernel.h>
#include <linux/string.h>
#endif

#include "chacha-poly.h"

static inline u32 ctneon_rol32(u32 x, unsigned int n)
{
	return (x << n) | (x >> (32 - n));
}

static inline u32 ctneon_get_le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

/* a quarter round on words a, b, c, d of x */
#define CTNEON_QR(x, a, b, c, d) do {					\
	x[a] += x[b]; x[d] = ctneon_rol32(x[d] ^ x[a], 16);		\
	x[c] += x[d]; x[b] = ctneon_rol32(x[b] ^ x[c], 12);		\
	x[a] += x[b]; x[d] = ctneon_rol32(x[d] ^ x[a], 8);		\
	x[c] += x[d]; x[b] = ctneon_rol32(x[b] ^ x[c], 7);		\
} while (0)

/* nrounds / 2 double rounds (columns, then diagonals) on x */
static void ctneon_chacha_rounds(u32 x[16], int nrounds)
{
	int i;

	for (i = 0; i < nrounds; i += 2) {
		CTNEON_QR(x, 0, 4, 8, 12);
		CTNEON_QR(x, 1, 5, 9, 13);
		CTNEON_QR(x, 2, 6, 10, 14);
		CTNEON_QR(x, 3, 7, 11, 15);
		CTNEON_QR(x, 0, 5, 10, 15);
		CTNEON_QR(x, 1, 6, 11, 12);
		CTNEON_QR(x, 2, 7, 8, 13);
		CTNEON_QR(x, 3, 4, 9, 14);
	}
}

void ctneon_chacha_ct_crypt(u32 state[16], u8 *dst, const u8 *src,
			    unsigned int bytes, int nrounds)
{
	u32 x[16];
	u8 ks[64];
	unsigned int i, n;

	while (bytes) {
		memcpy(x, state, sizeof(x));
		ctneon_chacha_rounds(x, nrounds);
		/* keystream block = rounds(state) + state, little-endian */
		for (i = 0; i < 16; i++) {
			u32 w = x[i] + state[i];

			ks[4 * i + 0] = (u8)w;
			ks[4 * i + 1] = (u8)(w >> 8);
			ks[4 * i + 2] = (u8)(w >> 16);
			ks[4 * i + 3] = (u8)(w >> 24);
		}
		n = bytes < 64 ? bytes : 64;	/* public: the length */
		for (i = 0; i < n; i++)
			dst[i] = src[i] ^ ks[i];
		state[12]++;			/* mod 2^32, word 13 untouched */
		dst += n;
		src += n;
		bytes -= n;
	}
	memzero_explicit(x, sizeof(x));
	memzero_explicit(ks, sizeof(ks));
}

void ctneon_hchacha_ct(const u32 state[16], u32 out[8], int nrounds)
{
	u32 x[16];

	memcpy(x, state, sizeof(x));
	ctneon_chacha_rounds(x, nrounds);
	memcpy(out, x, 16);
	memcpy(out + 4, x + 12, 16);
	memzero_explicit(x, sizeof(x));
}

/* "expand 32-byte k" */
static const u32 ctneon_chacha_sigma[4] = {
	0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
};

/*
 * Copies rather than word by word (one load and one store pair each on
 * arm64, 2026-12-04: 24 -> 13 instructions; every request makes a state):
 * the IV's little-endian words are its bytes on a little-endian CPU.
 */
void ctneon_chacha_state(u32 state[16], const u32 key[8], const u8 iv[16])
{
	memcpy(state, ctneon_chacha_sigma, 16);
	memcpy(state + 4, key, 32);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(state + 12, iv, 16);
#else
	state[12] = ctneon_get_le32(iv);
	state[13] = ctneon_get_le32(iv + 4);
	state[14] = ctneon_get_le32(iv + 8);
	state[15] = ctneon_get_le32(iv + 12);
#endif
}

void ctneon_chacha_key(u32 key[8], const u8 bytes[32])
{
	int i;

	for (i = 0; i < 8; i++)
		key[i] = ctneon_get_le32(bytes + 4 * i);
}
