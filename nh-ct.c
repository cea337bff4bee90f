// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: the NH key setup and the portable NH (nh.h), for the contexts
 * where NEON may not be used.
 *
 * Additions of 32-bit words and 32 x 32 -> 64 bit multiplies, over every
 * unit in order: no branch and no address depends on the key or the
 * message.
 *
 * This file is shared by the kernel module and the user-space unit tests.
 */
#ifdef __KERNEL__
#include <linux/kernel.h>
#include <linux/string.h>
#endif

#include "nh.h"

static inline u32 ctneon_nh_le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

void ctneon_nh_setkey(struct ctneon_nh_key *key, const u8 raw[CTNEON_NH_KEY_SIZE])
{
	int g, p, w, j;

	for (w = 0; w < CTNEON_NH_KEY_WORDS; w++)
		key->k[w] = ctneon_nh_le32(raw + 4 * w);
	for (g = 0; g < CTNEON_NH_GROUPS; g++)
		for (p = 0; p < 4; p++)
			for (w = 0; w < 4; w++)
				for (j = 0; j < 4; j++)
					key->grp[g][p][4 * w + j] =
						key->k[16 * g + 4 * j + 4 * p + w];
}

void ctneon_nh_ct(const struct ctneon_nh_key *key, unsigned int pos,
		  const u8 *msg, unsigned int bytes, u8 hash[CTNEON_NH_HASH])
{
	u64 sum[4] = { 0, 0, 0, 0 };
	const u32 *k = key->k + pos / 4;
	unsigned int i;
	int p, b;

	for (i = 0; i + CTNEON_NH_UNIT <= bytes; i += CTNEON_NH_UNIT, k += 4) {
		u32 m0 = ctneon_nh_le32(msg + i);
		u32 m1 = ctneon_nh_le32(msg + i + 4);
		u32 m2 = ctneon_nh_le32(msg + i + 8);
		u32 m3 = ctneon_nh_le32(msg + i + 12);

		for (p = 0; p < 4; p++) {
			sum[p] += (u64)(u32)(m0 + k[4 * p]) *
				  (u32)(m2 + k[4 * p + 2]);
			sum[p] += (u64)(u32)(m1 + k[4 * p + 1]) *
				  (u32)(m3 + k[4 * p + 3]);
		}
	}
	for (p = 0; p < 4; p++) {
		for (b = 0; b < 8; b++)
			sum[p] += (u64)hash[8 * p + b] << (8 * b);
		for (b = 0; b < 8; b++)
			hash[8 * p + b] = (u8)(sum[p] >> (8 * b));
	}
}
