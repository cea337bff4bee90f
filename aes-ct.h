/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: AES key schedules and the portable constant-time AES.
 *
 * The key is expanded once, at setkey, into three schedules:
 *  - enc: round keys for the vpaes encryption cores, in the tower-field basis
 *         of vpaes-tables.h with the S-box constant folded in;
 *  - dec: round keys for the vpaes decryption cores (equivalent inverse
 *         cipher, InvMixColumns applied to the middle keys);
 *  - std: the FIPS-197 round keys w[0..rounds], used by the portable
 *         constant-time AES that runs where NEON may not be used.
 * Key expansion itself is constant time (bit-sliced S-box, no table).
 *
 * This file is shared by the kernel module and the user-space unit tests.
 */
#ifndef CTNEON_AES_CT_H
#define CTNEON_AES_CT_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/errno.h>
#else
#include "compat/user.h"
#endif

#define CTNEON_AES_BLOCK	16
#define CTNEON_AES_MAX_ROUNDS	14

struct ctneon_aes_key {
	u8 enc[CTNEON_AES_MAX_ROUNDS + 1][16];
	u8 dec[CTNEON_AES_MAX_ROUNDS + 1][16];
	u8 std[CTNEON_AES_MAX_ROUNDS + 1][16];
	int rounds;			/* 10, 12 or 14 */
};

/*
 * Whether a schedule is usable: 10, 12 or 14 rounds.  A context that was
 * never keyed (zeroed, rounds 0) or whose last setkey failed is not, and
 * every entry point of the portable code and of the glue checks this before
 * running a cipher over it: the round loops of the ciphers end on a round
 * count of 10, 12 or 14 only, and read rk[rounds].
 */
static inline int ctneon_aes_rounds_ok(int rounds)
{
	return rounds == 10 || rounds == 12 || rounds == 14;
}

/*
 * Wipes the whole schedule first, so that nothing of an earlier key stays
 * (a shorter key fills fewer rounds).  Returns 0, or -EINVAL for a key
 * length other than 16, 24 or 32 bytes, in which case the schedule stays
 * wiped (rounds 0: unkeyed, so that the old key cannot be used after a
 * failed setkey).
 */
int ctneon_aes_expandkey(struct ctneon_aes_key *key, const u8 *in_key,
			 unsigned int key_len);

/*
 * One block with the portable constant-time code (any context, no NEON).
 * Every function below writes zeros to its output and returns when
 * !ctneon_aes_rounds_ok(key->rounds).
 */
void ctneon_aes_ct_encrypt(const struct ctneon_aes_key *key, u8 out[16],
			   const u8 in[16]);
void ctneon_aes_ct_decrypt(const struct ctneon_aes_key *key, u8 out[16],
			   const u8 in[16]);

/*
 * The modes on the portable cipher, with the contracts of the vpaes cores
 * (vpaes.h): ECB and CBC on whole blocks, CTR on any length with a 128-bit
 * big-endian counter, XTS with ciphertext stealing; in place allowed.
 */
void ctneon_aes_ct_ecb(const struct ctneon_aes_key *key, int enc, u8 *out,
		       const u8 *in, unsigned int blocks);
void ctneon_aes_ct_cbc(const struct ctneon_aes_key *key, int enc, u8 *out,
		       const u8 *in, unsigned int blocks, u8 iv[16]);
void ctneon_aes_ct_ctr(const struct ctneon_aes_key *key, u8 *out,
		       const u8 *in, unsigned int bytes, u8 ctr[16]);
void ctneon_aes_ct_xts(const struct ctneon_aes_key *key, int enc, u8 *out,
		       const u8 *in, unsigned int bytes, u8 t[16]);

#endif
