// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: the AES engine (svc-aes.h), which the AES glue files share: the
 * key context and its setkey, one contiguous piece of ECB, CBC, CTR or XTS
 * on NEON or on the portable constant-time AES of aes-ct.c, and single
 * blocks.  The callers hold the NEON section (neon-section.h) around the
 * NEON pieces; ctneon_aes_encrypt_block() opens its own.
 *
 * vpaes or bit-sliced: vector-permute AES (vpaes-core.S) costs the same per
 * block whatever the length; bit-sliced AES (aes-neonbs-core.S) always works
 * on batches of eight blocks and needs its own form of the key, but a batch
 * costs fewer instructions than eight vpaes blocks.  As in seed 000 the key
 * is kept in vpaes form and converted to bit-sliced form on demand, by the
 * first request that has enough blocks to benefit; ctneon_bs_blocks() is the
 * one place that decides how many blocks of a piece go to the bit-sliced
 * core.  CBC encryption (serial), CTR and XTS tails and single blocks use
 * vpaes, or on arm64 the register-table core where svc-single.h (the one
 * place for that choice) says so.  All the cores are constant time, so
 * the split (which depends on lengths only) leaks nothing.
 */
#include <crypto/aes.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "aes-ct.h"
#include "aes-neonbs.h"
#include "neon-section.h"
#include "svc-aes.h"
#include "svc-lazy.h"
#include "svc-single.h"
#include "vpaes.h"

/*
 * A final partial batch goes to the bit-sliced core when it has at least
 * this many blocks.  It is the smallest count for which one batch of eight
 * takes fewer cycles than that many vpaes blocks on every llvm-mca model
 * (tests/ct/mca.sh, ECB with AES-128, 2026-12-04: a batch against eight
 * vpaes blocks, cycles; arm64 Cortex-A53 2193 / 4437, i.e. 4.0 vpaes
 * blocks, Cortex-A72 1165 / 2662, 3.5; arm Cortex-A57 1198 / 2252, 4.3).
 * In executed instructions the batch costs 6.5 vpaes blocks on arm64
 * (1820 / 278) and 5.5 on arm (2315 / 421), which is where this was 7
 * before; a board runs cycles.
 */
#define CTNEON_BS_MIN_BLOCKS	5

/*
 * The one place that decides vpaes versus bit-sliced: how many whole blocks
 * at the start of a piece of this many bytes go to the bit-sliced core.
 * It depends on the mode and the length only.
 */
static unsigned int ctneon_bs_blocks(enum ctneon_mode mode, bool enc,
				     unsigned int bytes)
{
	unsigned int blocks = bytes / AES_BLOCK_SIZE;

	if (mode == MODE_CBC && enc)
		return 0;			/* serial: vpaes only */
	if (mode == MODE_XTS && bytes % AES_BLOCK_SIZE)
		blocks--;			/* the last full block steals */
	if (blocks % 8 >= CTNEON_BS_MIN_BLOCKS)
		return blocks;
	return round_down(blocks, 8);
}

/*
 * The bit-sliced key of ctx, converting it if no request has yet; call with
 * NEON enabled.  Returns NULL while another request is converting it, or
 * when a setkey overlapped this conversion (the caller then uses vpaes).
 */
static const u8 *ctneon_bs_key(struct ctneon_aes_ctx *ctx)
{
	int ticket;

	switch (ctneon_lazy_get(&ctx->bs_state, &ticket)) {
	case CTNEON_LAZY_NONE:
		ctneon_bs_convert_key(ctx->bskey, ctx->key.std[0], ctx->key.rounds);
		return ctneon_lazy_done(&ctx->bs_state, ticket) ? ctx->bskey : NULL;
	case CTNEON_LAZY_READY:
		return ctx->bskey;
	default:
		return NULL;
	}
}

/* bit-sliced core for whole blocks; same chaining as the vpaes calls */
static void ctneon_bs_piece(const u8 *bsk, int rounds, enum ctneon_mode mode,
			    bool enc, u8 *dst, const u8 *src,
			    unsigned int blocks, u8 *iv)
{
	switch (mode) {
	case MODE_ECB:
		(enc ? ctneon_bs_ecb_encrypt : ctneon_bs_ecb_decrypt)
			(dst, src, bsk, rounds, blocks);
		break;
	case MODE_CBC:
		ctneon_bs_cbc_decrypt(dst, src, bsk, rounds, blocks, iv);
		break;
	case MODE_CTR:
		ctneon_bs_ctr_crypt(dst, src, bsk, rounds, blocks, iv);
		break;
	case MODE_XTS:
		(enc ? ctneon_bs_xts_encrypt : ctneon_bs_xts_decrypt)
			(dst, src, bsk, rounds, blocks, iv);
		break;
	case MODE_XCTR:		/* ctneon_xctr_step() */
		break;
	}
}

/*
 * One contiguous piece of a request on NEON (call with NEON enabled): the
 * bit-sliced core for the bulk where ctneon_bs_blocks() says so, vpaes for
 * the rest.  iv is the chaining value (CBC), counter (CTR) or current tweak
 * (XTS).
 */
void ctneon_aes_piece_neon(struct ctneon_aes_ctx *ctx, enum ctneon_mode mode,
			   bool enc, u8 *dst, const u8 *src,
			   unsigned int bytes, u8 *iv)
{
	const struct ctneon_aes_key *key = &ctx->key;
	const u8 *rk = enc || mode == MODE_CTR ? key->enc[0] : key->dec[0];
	int rounds = key->rounds;
	unsigned int bs = ctneon_bs_blocks(mode, enc, bytes);
	const u8 *bsk;

	if (unlikely(!ctneon_aes_rounds_ok(rounds))) {	/* never keyed */
		memset(dst, 0, bytes);
		return;
	}
	bsk = bs ? ctneon_bs_key(ctx) : NULL;
	if (bsk) {
		ctneon_bs_piece(bsk, rounds, mode, enc, dst, src, bs, iv);
		dst += bs * AES_BLOCK_SIZE;
		src += bs * AES_BLOCK_SIZE;
		bytes -= bs * AES_BLOCK_SIZE;
	}
	if (!bytes)		/* all of it went bit-sliced */
		return;
	switch (mode) {
	case MODE_ECB:
		ctneon_single_ecb(key, enc, dst, src, bytes / 16);
		break;
	case MODE_CBC:
		if (enc)
			ctneon_single_cbc_encrypt(key, dst, src, bytes / 16, iv);
		else
			ctneon_vpaes_cbc_decrypt(dst, src, rk, rounds,
						 bytes / 16, iv);
		break;
	case MODE_CTR:
		ctneon_single_ctr(key, dst, src, bytes, iv);
		break;
	case MODE_XTS:
		(enc ? ctneon_vpaes_xts_encrypt : ctneon_vpaes_xts_decrypt)
			(dst, src, rk, rounds, bytes, iv);
		break;
	case MODE_XCTR:		/* ctneon_xctr_step() */
		break;
	}
}

/* The same piece with the portable constant-time code. */
void ctneon_aes_piece_ct(const struct ctneon_aes_ctx *ctx,
			 enum ctneon_mode mode, bool enc, u8 *dst,
			 const u8 *src, unsigned int bytes, u8 *iv)
{
	const struct ctneon_aes_key *key = &ctx->key;

	switch (mode) {
	case MODE_ECB:
		ctneon_aes_ct_ecb(key, enc, dst, src, bytes / 16);
		break;
	case MODE_CBC:
		ctneon_aes_ct_cbc(key, enc, dst, src, bytes / 16, iv);
		break;
	case MODE_CTR:
		ctneon_aes_ct_ctr(key, dst, src, bytes, iv);
		break;
	case MODE_XTS:
		ctneon_aes_ct_xts(key, enc, dst, src, bytes, iv);
		break;
	case MODE_XCTR:		/* ctneon_xctr_step() */
		break;
	}
}

/* inlined into both callers: the cipher's calls are single blocks */
static __always_inline void ctneon_aes_block(const struct ctneon_aes_key *key,
					     bool enc, u8 out[16],
					     const u8 in[16])
{
	CTNEON_NEON_STATE(ns);

	if (unlikely(!ctneon_aes_rounds_ok(key->rounds))) {	/* never keyed */
		memset(out, 0, AES_BLOCK_SIZE);
		return;
	}
	if (ctneon_neon_begin(&ns)) {
		ctneon_single_ecb(key, enc, out, in, 1);
		ctneon_neon_end(&ns);
	} else if (enc) {
		ctneon_aes_ct_encrypt(key, out, in);
	} else {
		ctneon_aes_ct_decrypt(key, out, in);
	}
}

void ctneon_aes_encrypt_block(const struct ctneon_aes_key *key, u8 out[16],
			      const u8 in[16])
{
	ctneon_aes_block(key, true, out, in);
}

void ctneon_aes_decrypt_block(const struct ctneon_aes_key *key, u8 out[16],
			      const u8 in[16])
{
	ctneon_aes_block(key, false, out, in);
}

/*
 * No request should run during setkey; if one does, the generation that
 * ctneon_lazy_reset() moves on, after the key is rewritten, keeps its
 * conversion of the old key from being published (svc-lazy.h).
 */
int ctneon_aes_ctx_setkey(struct ctneon_aes_ctx *ctx, const u8 *key,
			  unsigned int len)
{
	int err;

	memzero_explicit(ctx->bskey, sizeof(ctx->bskey));
	err = ctneon_aes_expandkey(&ctx->key, key, len);
	ctneon_lazy_reset(&ctx->bs_state);
	return err;
}
