// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: portable constant-time GHASH, for contexts where NEON may not be
 * used (and as a reference for the tests).
 *
 * Design notes
 * ------------
 * X <- (X ^ B) * H in GF(2^128) with GCM's bit order (NIST SP 800-38D).
 *
 * Bit order.  Each 16-byte string is read as one 128-bit big-endian integer,
 * so the coefficient of x^i sits at integer bit 127 - i: the polynomial is
 * stored bit-reversed.  The carry-less product of two reversed 128-bit
 * strings is the reversed 255-bit product, one place short: shifted left by
 * one bit, the 256-bit result holds the coefficients of x^0..x^127 in its
 * upper half and those of x^128..x^255 in its lower half, each half again in
 * GCM's order.  In that order multiplying by x is a right shift, so
 * x^128 = x^7 + x^2 + x + 1 folds the lower half V into the upper one as
 * V ^ V >> 1 ^ V >> 2 ^ V >> 7, after the bits these shifts push out of the
 * bottom (V's low 7 bits, degree 128..134) have been brought back in at the
 * top (V << 127 ^ V << 126 ^ V << 121) for a second, overflow-free fold.
 *
 * Carry-less multiplication from integer multiplies.  A 32 x 32 -> 64 bit
 * carry-less product is built from 16 ordinary 32 x 32 -> 64 multiplies:
 * each operand is cut into four masks, holding its bits at positions 0, 1,
 * 2 and 3 modulo 4 ("holes" of three zero bits between the kept bits).  A
 * product of two such masks has at most 8 terms adding into any position
 * and all of them land in one residue class modulo 4; a column sum of at
 * most 8 needs 4 bits, so its carries only reach the three positions of
 * other classes above it; and all the lower columns of the class together
 * weigh less than the column itself, so they cannot carry into it: the
 * parity of every column of the class is exact.  The four products of each
 * class are XORed and masked to the class.  The 128 x 128 product takes
 * 9 such multiplies (Karatsuba on the 64-bit halves, and again on the
 * 32-bit words of each), 144 integer multiplies per block; the masks of
 * H's nine operands are made once per call.
 *
 * Constant time.  No branch and no memory address depends on H, X or the
 * data; the only secret-dependent operations are AND, XOR, shifts by
 * constants and 32 x 32 -> 64 bit integer multiplies (umull on ARMv7,
 * umull on AArch64).  ASSUMPTION: on the Cortex-A cores this module
 * targets, umull takes a time independent of its operands (their
 * reference manuals give it a fixed latency; we have not measured it).
 * A core with an early-terminating multiplier (the Cortex-M3 has one)
 * would break the promise.  ct-check cannot see this: it follows
 * branches and addresses, not the multiplier's timing.
 *
 * Cost, executed instructions counted with the QEMU plugin
 * (tests/ct/portable-count.sh, gcc -O2), 4 KiB of data: 63 per byte
 * (1,010 per block) on 32-bit arm, 30 per byte (480 per block) on arm64;
 * the former bit-serial loop took 260 and 169 per byte.
 */
#include "ghash.h"

#ifdef __KERNEL__
#include <linux/string.h>
#endif

#ifndef noinline
#define noinline __attribute__((noinline))
#endif

#define HOLES0	0x11111111u
#define HOLES1	0x22222222u
#define HOLES2	0x44444444u
#define HOLES3	0x88888888u

/* one multiplier operand cut into its four residue classes modulo 4 */
struct holes {
	u32 m[4];
};

static inline void holes_split(struct holes *s, u32 v)
{
	s->m[0] = v & HOLES0;
	s->m[1] = v & HOLES1;
	s->m[2] = v & HOLES2;
	s->m[3] = v & HOLES3;
}

static inline u64 imul(u32 a, u32 b)
{
	return (u64)a * b;
}

/*
 * The 63-bit carry-less product of two 32-bit words, one residue class at
 * a time.  Not inlined: on 32-bit arm, nine inlined copies interleaved by
 * the scheduler spill some 200 registers per block (measured: 72 against
 * 63 instructions per byte).
 */
static noinline u64 clmul32(u32 a, const struct holes *b)
{
	u32 a0 = a & HOLES0, a1 = a & HOLES1, a2 = a & HOLES2, a3 = a & HOLES3;
	const u32 *y = b->m;
	u64 r;

	/* class k collects the products of classes i and j, i + j = k mod 4 */
	r = (imul(a0, y[0]) ^ imul(a1, y[3]) ^ imul(a2, y[2]) ^
	     imul(a3, y[1])) & 0x1111111111111111ull;
	r |= (imul(a0, y[1]) ^ imul(a1, y[0]) ^ imul(a2, y[3]) ^
	      imul(a3, y[2])) & 0x2222222222222222ull;
	r |= (imul(a0, y[2]) ^ imul(a1, y[1]) ^ imul(a2, y[0]) ^
	      imul(a3, y[3])) & 0x4444444444444444ull;
	r |= (imul(a0, y[3]) ^ imul(a1, y[2]) ^ imul(a2, y[1]) ^
	      imul(a3, y[0])) & 0x8888888888888888ull;
	return r;
}

/*
 * The hash key's operands for the nine word products: for each 64-bit half
 * (and the XOR of the halves) its low word, high word and their XOR.
 */
struct hkey {
	struct holes op[3][3];
};

/* 64 x 64 carry-less product of (x1:x0) by operand triple y, into hi:lo */
static inline void clmul64(u64 *hi, u64 *lo, u32 x1, u32 x0,
			   const struct holes y[3])
{
	u64 l = clmul32(x0, &y[0]);
	u64 h = clmul32(x1, &y[1]);
	u64 m = clmul32(x0 ^ x1, &y[2]) ^ l ^ h;

	*lo = l ^ (m << 32);
	*hi = h ^ (m >> 32);
}

static void hkey_init(struct hkey *k, const u32 w[4])
{
	u32 lo[3] = { w[0], w[2], w[0] ^ w[2] };
	u32 hi[3] = { w[1], w[3], w[1] ^ w[3] };
	int n;

	for (n = 0; n < 3; n++) {
		holes_split(&k->op[n][0], lo[n]);
		holes_split(&k->op[n][1], hi[n]);
		holes_split(&k->op[n][2], lo[n] ^ hi[n]);
	}
	memzero_explicit(lo, sizeof(lo));
	memzero_explicit(hi, sizeof(hi));
}

static u32 load_be32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static void store_be32(u8 *p, u32 v)
{
	p[0] = (u8)(v >> 24);
	p[1] = (u8)(v >> 16);
	p[2] = (u8)(v >> 8);
	p[3] = (u8)v;
}

/* the string as four words, least significant first */
static void load_block(u32 w[4], const u8 *p)
{
	w[3] = load_be32(p);
	w[2] = load_be32(p + 4);
	w[1] = load_be32(p + 8);
	w[0] = load_be32(p + 12);
}

void ctneon_ghash_ct_update(u8 x[16], const u8 h[16], const u8 *src,
			    unsigned int blocks)
{
	struct hkey k;
	u32 a[4], b[4];
	u64 l1, l0, h1, h0, m1, m0, d3, d2, d1, d0, u1, u0;

	load_block(b, h);
	hkey_init(&k, b);
	load_block(a, x);
	for (; blocks; blocks--, src += 16) {
		load_block(b, src);
		a[0] ^= b[0];
		a[1] ^= b[1];
		a[2] ^= b[2];
		a[3] ^= b[3];

		/* Karatsuba on the 64-bit halves: 256-bit product d3:d2:d1:d0 */
		clmul64(&l1, &l0, a[1], a[0], k.op[0]);
		clmul64(&h1, &h0, a[3], a[2], k.op[1]);
		clmul64(&m1, &m0, a[1] ^ a[3], a[0] ^ a[2], k.op[2]);
		m1 ^= l1 ^ h1;
		m0 ^= l0 ^ h0;
		d0 = l0;
		d1 = l1 ^ m0;
		d2 = h0 ^ m1;
		d3 = h1;

		/* one place left: the reversed product, see the notes */
		d3 = d3 << 1 | d2 >> 63;
		d2 = d2 << 1 | d1 >> 63;
		d1 = d1 << 1 | d0 >> 63;
		d0 <<= 1;

		/* fold d1:d0 (x^128..x^255) into d3:d2 */
		u1 = d1 ^ d0 << 63 ^ d0 << 62 ^ d0 << 57;
		u0 = d0;
		d3 ^= u1 ^ u1 >> 1 ^ u1 >> 2 ^ u1 >> 7;
		d2 ^= u0 ^ (u0 >> 1 | u1 << 63) ^ (u0 >> 2 | u1 << 62) ^
		      (u0 >> 7 | u1 << 57);

		a[3] = (u32)(d3 >> 32);
		a[2] = (u32)d3;
		a[1] = (u32)(d2 >> 32);
		a[0] = (u32)d2;
	}
	store_be32(x, a[3]);
	store_be32(x + 4, a[2]);
	store_be32(x + 8, a[1]);
	store_be32(x + 12, a[0]);
	memzero_explicit(&k, sizeof(k));
	memzero_explicit(a, sizeof(a));
	memzero_explicit(b, sizeof(b));
}
