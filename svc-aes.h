/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: the AES engine (svc-aes.c), shared by the AES glue files: the
 * key context, its setkey, one contiguous piece of a mode on NEON or on
 * the portable code (the choice between the vpaes and the bit-sliced
 * cores is made in svc-aes.c, the one for single blocks in svc-single.h),
 * and single blocks.
 */
#ifndef CTNEON_SVC_AES_H
#define CTNEON_SVC_AES_H

#include <linux/atomic.h>
#include <linux/types.h>

#include "aes-ct.h"
#include "aes-neonbs.h"

/* An AES key with its bit-sliced form made on demand. */
struct ctneon_aes_ctx {
	struct ctneon_aes_key key;
	atomic_t bs_state;		/* svc-lazy.h: is bskey valid? */
	u8 bskey[CTNEON_BS_KEY_SIZE];	/* bit-sliced round keys */
};

/* MODE_XCTR is walked by glue-aes.c only; it has no piece of its own */
enum ctneon_mode { MODE_ECB, MODE_CBC, MODE_CTR, MODE_XTS, MODE_XCTR };

int ctneon_aes_ctx_setkey(struct ctneon_aes_ctx *ctx, const u8 *key,
			  unsigned int len);
/* one contiguous piece: with NEON enabled / with the portable code */
void ctneon_aes_piece_neon(struct ctneon_aes_ctx *ctx, enum ctneon_mode mode,
			   bool enc, u8 *dst, const u8 *src,
			   unsigned int bytes, u8 *iv);
void ctneon_aes_piece_ct(const struct ctneon_aes_ctx *ctx,
			 enum ctneon_mode mode, bool enc, u8 *dst,
			 const u8 *src, unsigned int bytes, u8 *iv);
/*
 * one block, NEON or portable as the context allows; an unkeyed schedule
 * gives zeros
 */
void ctneon_aes_encrypt_block(const struct ctneon_aes_key *key, u8 out[16],
			      const u8 in[16]);
void ctneon_aes_decrypt_block(const struct ctneon_aes_key *key, u8 out[16],
			      const u8 in[16]);

#endif
