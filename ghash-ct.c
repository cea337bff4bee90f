// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: portable constant-time GHASH, for contexts where NEON may not be
 * used (and as a reference for the tests).
 *
 * X <- (X ^ B) * H in GF(2^128) with GCM's bit order (NIST SP 800-38D,
 * algorithm 1): the product is the XOR of H * x^i over the set bits x_i of
 * X ^ B, with H * x^(i+1) made from H * x^i by a right shift of the 128-bit
 * string and, when a bit falls off, an XOR of R = 0xe1 || 0^120.  Both
 * decisions are masks (0 - bit), never branches, and no memory address
 * depends on H or the data: 128 fixed iterations per block.  About 1,000
 * operations per block: slow, but it only runs where NEON cannot.
 */
#include "ghash.h"

static u64 load_be64(const u8 *p)
{
	u64 v = 0;
	int n;

	for (n = 0; n < 8; n++)
		v = (v << 8) | p[n];
	return v;
}

static void store_be64(u8 *p, u64 v)
{
	int n;

	for (n = 7; n >= 0; n--, v >>= 8)
		p[n] = (u8)v;
}

void ctneon_ghash_ct_update(u8 x[16], const u8 h[16], const u8 *src,
			    unsigned int blocks)
{
	u64 xh = load_be64(x), xl = load_be64(x + 8);
	const u64 hh = load_be64(h), hl = load_be64(h + 8);

	for (; blocks; blocks--, src += 16) {
		u64 ah = xh ^ load_be64(src), al = xl ^ load_be64(src + 8);
		u64 vh = hh, vl = hl, zh = 0, zl = 0;
		int i;

		for (i = 0; i < 128; i++) {
			/* x_i: bit i of the string, most significant first */
			u64 m = 0 - ((i < 64 ? ah >> (63 - i) : al >> (127 - i)) & 1);
			u64 c = 0 - (vl & 1);

			zh ^= vh & m;
			zl ^= vl & m;
			vl = (vl >> 1) | (vh << 63);
			vh = (vh >> 1) ^ (0xe100000000000000ULL & c);
		}
		xh = zh;
		xl = zl;
	}
	store_be64(x, xh);
	store_be64(x + 8, xl);
}
