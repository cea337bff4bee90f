// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: ccm(aes) and rfc4309(ccm(aes)) in one pass.
 *
 * Design notes
 * ------------
 * CCM (NIST SP 800-38C, RFC 3610) with the kernel's IV convention: iv[0]
 * is L' = L - 1 (1..7), the nonce is iv[1 .. 15 - L], and the last L bytes
 * hold a counter.  The counter blocks are A_i = iv with the counter set to
 * i; the text is encrypted in CTR mode from A_1, and the tag is the first
 * M bytes of
 *     CBC-MAC_K(B_0 || [len(A)] || A || 0* || P || 0*) ^ E_K(A_0)
 * where B_0 = flags || nonce || [len(P)]_L, flags = 64 * (len(A) > 0) +
 * 8 * (M - 2) / 2 + L', and [len(A)] is 2 bytes, or 0xfffe and 4 bytes
 * from 0xff00 on.  A_i's counter never carries into the nonce for a text
 * that fits in L bytes of length (checked, -EOVERFLOW), so the AES cores'
 * 128-bit increment computes the same counters.
 *
 * The MAC is serial, one block at a time; CTR is not.  One pass, paired:
 * on NEON each walk step's whole blocks go through the vpaes CCM core
 * (ctneon_vpaes_ccm_encrypt/decrypt), whose two-block cipher takes the
 * MAC's block in one lane and the keystream's in the other.  Measured
 * (llvm-mca over 8 blocks, AES-128, tests/ct/mca.sh) against the MAC on
 * the lone-block vpaes path plus bit-sliced CTR: arm64 Cortex-A53 8298
 * cycles against 7094 + 2274, A72 5359 against 4303 + 1188; arm A57 4522
 * against 3255 + 1215; instructions 4583 against 4500 (arm64), 6844
 * against 6550 (arm).  So it is kept for the in-order A53 (and for the
 * one read below), at 4 % more instructions on arm.
 * The core reads each input block once, so what is authenticated is
 * exactly what is encrypted or what was decrypted, even if the caller
 * changes its buffers meanwhile.  A partial last block, and every block
 * where NEON may not be used (the portable constant-time cipher, the
 * CBC-MAC stream of svc-mac.c), goes through a copy on the stack, read
 * once and wiped.  The header (B_0, the length of A) and E_K(A_0) share
 * one section; the associated data is MACed in chunks copied out of the
 * scatterlist.
 *
 * Every branch is on a public length (the tag's, the text's, the AAD's);
 * the tag is compared with crypto_memneq(), and a mismatch is -EBADMSG.
 *
 * rfc4309 (IPsec ESP): the key ends with a 3-byte salt; the CCM IV is
 * L' = 3 || salt || the 8-byte request IV || counter, the tag is 8, 12 or
 * 16 bytes, and the last 8 bytes of the associated data (the IV again)
 * are not authenticated: assoclen must be 16 or 20.
 */
#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/gcm.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <linux/module.h>
#include <linux/string.h>

#include "glue.h"
#include "neon-section.h"
#include "svc-aead.h"
#include "svc-aes.h"
#include "svc-async.h"
#include "svc-mac.h"
#include "vpaes.h"

/*
 * Above the ccm template over ctneon's ctr(aes) and cbcmac(aes)
 * ((275 + 310) / 2 = 292) and 7.x's ccm-aes-lib (110); rfc4309 above the
 * rfc4309 template instantiated over ccm-aes-ctneon, which would inherit
 * 300.  Not registered on a CPU with the AES instructions.
 */
#define CTNEON_CCM_PRIORITY	300
#define CTNEON_RFC4309_PRIORITY	305

#define CTNEON_CCM_AAD_CHUNK	256
#define CTNEON_CCM_CT_CHUNK	256

struct ctneon_ccm_ctx {
	struct ctneon_aes_ctx aes;
	u8 salt[3];				/* rfc4309 only */
};

/* everything secret of one request, wiped at once */
struct ctneon_ccm_req {
	struct ctneon_cbcmac mac;
	u8 a0[16];		/* A_0, then E_K(A_0) */
	u8 ctr[16];		/* the text's next counter block */
	u8 tag[16];
};

static int ctneon_ccm_setkey(struct crypto_aead *tfm, const u8 *key,
			     unsigned int len)
{
	struct ctneon_ccm_ctx *ctx = crypto_aead_ctx(tfm);

	return ctneon_aes_ctx_setkey(&ctx->aes, key, len);
}

static int ctneon_rfc4309_setkey(struct crypto_aead *tfm, const u8 *key,
				 unsigned int len)
{
	struct ctneon_ccm_ctx *ctx = crypto_aead_ctx(tfm);

	if (len < 3)
		return -EINVAL;
	len -= 3;
	memcpy(ctx->salt, key + len, 3);
	return ctneon_aes_ctx_setkey(&ctx->aes, key, len);
}

/* M: 4, 6, ..., 16 */
static int ctneon_ccm_setauthsize(struct crypto_aead *tfm,
				  unsigned int authsize)
{
	if (authsize < 4 || authsize > 16 || authsize % 2)
		return -EINVAL;
	return 0;
}

static int ctneon_rfc4309_setauthsize(struct crypto_aead *tfm,
				      unsigned int authsize)
{
	if (authsize != 8 && authsize != 12 && authsize != 16)
		return -EINVAL;
	return 0;
}

/*
 * The header, in one NEON section: MAC B_0 and the length of A, and make
 * E_K(A_0).  iv: the CCM IV (L' || nonce || anything).
 */
static int ctneon_ccm_start(struct ctneon_ccm_ctx *ctx,
			    struct ctneon_ccm_req *w, const u8 *iv,
			    unsigned int aadlen, unsigned int textlen,
			    unsigned int authsize)
{
	unsigned int hlen;
	u8 b0[16], hdr[6];
	CTNEON_NEON_STATE(ns);
	bool neon;
	int err;

	err = ctneon_ccm_format(iv, aadlen, textlen, authsize, w->a0, b0, hdr,
				&hlen);
	if (err)
		return err;
	memcpy(w->ctr, w->a0, 16);
	w->ctr[15] = 1;					/* A_1 */

	memset(&w->mac, 0, sizeof(w->mac));
	neon = ctneon_neon_begin(&ns);
	ctneon_cbcmac_update(&ctx->aes.key, neon, &w->mac, b0, 16);
	ctneon_cbcmac_update(&ctx->aes.key, neon, &w->mac, hdr, hlen);
	if (neon) {
		ctneon_aes_piece_neon(&ctx->aes, MODE_ECB, true, w->a0, w->a0,
				      16, NULL);
		ctneon_neon_end(&ns);
	} else {
		ctneon_aes_piece_ct(&ctx->aes, MODE_ECB, true, w->a0, w->a0,
				    16, NULL);
	}
	return 0;
}

/* MAC the first len bytes of sg, then zero-pad to a block */
static void ctneon_ccm_mac_aad(struct ctneon_ccm_ctx *ctx,
			       struct ctneon_ccm_req *w,
			       struct scatterlist *sg, unsigned int len)
{
	u8 buf[CTNEON_CCM_AAD_CHUNK];
	unsigned int off = 0, n;
	CTNEON_NEON_STATE(ns);
	bool neon;

	for (;;) {
		n = min_t(unsigned int, len - off, sizeof(buf));
		scatterwalk_map_and_copy(buf, sg, off, n, 0);
		neon = ctneon_neon_begin(&ns);
		ctneon_cbcmac_update(&ctx->aes.key, neon, &w->mac, buf, n);
		off += n;
		if (off == len)
			ctneon_cbcmac_pad(&ctx->aes.key, neon, &w->mac);
		if (neon)
			ctneon_neon_end(&ns);
		if (off == len)
			break;
	}
	memzero_explicit(buf, sizeof(buf));
}

/*
 * The whole blocks of a step on NEON: the paired vpaes core, which reads
 * each input block once.  A pending whole block of the MAC (the header's
 * B_0 when there is no AAD, or a block a portable step left) is
 * encrypted first: the core keeps no pending block.
 */
static void ctneon_ccm_blocks_neon(struct ctneon_ccm_ctx *ctx,
				   struct ctneon_ccm_req *w, u8 *dst,
				   const u8 *src, unsigned int blocks, bool enc)
{
	const struct ctneon_aes_key *key = &ctx->aes.key;

	ctneon_cbcmac_pad(key, true, &w->mac);
	(enc ? ctneon_vpaes_ccm_encrypt : ctneon_vpaes_ccm_decrypt)
		(dst, src, key->enc[0], key->rounds, blocks, w->mac.dg, w->ctr);
	/*
	 * The test hook changes the ciphertext after its one read; in place
	 * that read and the plaintext's write are the same instant inside the
	 * core, and what is left to change is the caller's output.
	 */
	if (!enc && dst != src)
		ctneon_test_tamper(src, blocks * AES_BLOCK_SIZE);
}

/*
 * n bytes of one walk step (whole blocks but for the message's last step),
 * inside its NEON section when neon.  Each input byte is read once, so
 * that what is authenticated is exactly what is encrypted or what was
 * decrypted: on NEON the whole blocks by the paired core, the tail and
 * (without NEON) everything through a copy on the stack: encrypting,
 * src -> copy -> MAC and CTR -> dst; decrypting, src -> CTR -> copy ->
 * MAC, copy -> dst.  The copy holds plaintext and is wiped.
 */
static void ctneon_ccm_text(struct ctneon_ccm_ctx *ctx, bool neon,
			    struct ctneon_ccm_req *w, u8 *dst, const u8 *src,
			    unsigned int n, bool enc)
{
	u8 chunk[CTNEON_CCM_CT_CHUNK];
	const struct ctneon_aes_key *key = &ctx->aes.key;
	unsigned int off = 0, c;

	if (neon && n >= AES_BLOCK_SIZE) {
		off = round_down(n, AES_BLOCK_SIZE);
		ctneon_ccm_blocks_neon(ctx, w, dst, src, off / AES_BLOCK_SIZE,
				       enc);
	}
	for (; off < n; off += c) {
		c = min_t(unsigned int, n - off, sizeof(chunk));
		if (enc) {
			memcpy(chunk, src + off, c);
			ctneon_cbcmac_update(key, neon, &w->mac, chunk, c);
		}
		if (neon)
			ctneon_aes_piece_neon(&ctx->aes, MODE_CTR, true,
					      enc ? dst + off : chunk,
					      enc ? chunk : src + off, c, w->ctr);
		else
			ctneon_aes_piece_ct(&ctx->aes, MODE_CTR, true,
					    enc ? dst + off : chunk,
					    enc ? chunk : src + off, c, w->ctr);
		if (!enc) {
			ctneon_test_tamper(src + off, c);
			ctneon_cbcmac_update(key, neon, &w->mac, chunk, c);
			memcpy(dst + off, chunk, c);
		}
	}
	memzero_explicit(chunk, sizeof(chunk));
}

/*
 * The whole AEAD operation.  iv: the CCM IV; aadlen: the associated data
 * that is authenticated (for rfc4309 the IV copy at its end is not).
 */
static int ctneon_ccm_crypt(struct aead_request *req, const u8 *iv,
			    unsigned int aadlen, bool enc)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	struct ctneon_ccm_ctx *ctx = crypto_aead_ctx(tfm);
	unsigned int authsize = crypto_aead_authsize(tfm);
	unsigned int textlen;
	struct ctneon_ccm_req w;
	struct skcipher_walk walk;
	CTNEON_NEON_STATE(ns);
	u8 got[16];
	int err;

	/* the API's NEED_KEY makes this unreachable; the cores need it */
	if (unlikely(!ctneon_aes_rounds_ok(ctx->aes.key.rounds)))
		return -ENOKEY;
	if (!enc && req->cryptlen < authsize)
		return -EINVAL;
	textlen = req->cryptlen - (enc ? 0 : authsize);

	err = ctneon_ccm_start(ctx, &w, iv, aadlen, textlen, authsize);
	if (err)
		goto out;
	if (aadlen)
		ctneon_ccm_mac_aad(ctx, &w, req->src, aadlen);

	err = ctneon_aead_walk_start(&walk, req, enc);
	while (walk.nbytes) {
		unsigned int n = walk.nbytes;
		bool neon;

		if (n < walk.total)
			n = round_down(n, AES_BLOCK_SIZE);
		neon = ctneon_neon_begin(&ns);
		ctneon_ccm_text(ctx, neon, &w, walk.dst.virt.addr,
				walk.src.virt.addr, n, enc);
		if (n == walk.total)	/* the last step: pad P in its section */
			ctneon_cbcmac_pad(&ctx->aes.key, neon, &w.mac);
		if (neon)
			ctneon_neon_end(&ns);
		err = skcipher_walk_done(&walk, walk.nbytes - n);
	}
	ctneon_aead_walk_done(&walk);
	if (err)
		goto out;
	if (w.mac.len) {	/* no text: the padding is still due */
		bool neon = ctneon_neon_begin(&ns);

		ctneon_cbcmac_pad(&ctx->aes.key, neon, &w.mac);
		if (neon)
			ctneon_neon_end(&ns);
	}

	crypto_xor_cpy(w.tag, w.mac.dg, w.a0, 16);
	if (enc) {
		scatterwalk_map_and_copy(w.tag, req->dst, req->assoclen + textlen,
					 authsize, 1);
	} else {
		scatterwalk_map_and_copy(got, req->src, req->assoclen + textlen,
					 authsize, 0);
		if (crypto_memneq(w.tag, got, authsize))
			err = -EBADMSG;
	}
out:
	memzero_explicit(&w, sizeof(w));
	return err;
}

static int ctneon_ccm_encrypt(struct aead_request *req)
{
	return ctneon_ccm_crypt(req, req->iv, req->assoclen, true);
}

static int ctneon_ccm_decrypt(struct aead_request *req)
{
	return ctneon_ccm_crypt(req, req->iv, req->assoclen, false);
}

static int ctneon_rfc4309_crypt(struct aead_request *req, bool enc)
{
	struct ctneon_ccm_ctx *ctx = crypto_aead_ctx(crypto_aead_reqtfm(req));
	u8 iv[16];
	int err;

	err = crypto_ipsec_check_assoclen(req->assoclen);
	if (err)
		return err;
	iv[0] = 3;			/* L = 4 */
	memcpy(iv + 1, ctx->salt, 3);
	memcpy(iv + 4, req->iv, 8);
	memset(iv + 12, 0, 4);
	return ctneon_ccm_crypt(req, iv, req->assoclen - 8, enc);
}

static int ctneon_rfc4309_encrypt(struct aead_request *req)
{
	return ctneon_rfc4309_crypt(req, true);
}

static int ctneon_rfc4309_decrypt(struct aead_request *req)
{
	return ctneon_rfc4309_crypt(req, false);
}

static void ctneon_ccm_exit(struct crypto_aead *tfm)
{
	memzero_explicit(crypto_aead_ctx(tfm), sizeof(struct ctneon_ccm_ctx));
}

static struct aead_alg ctneon_ccm_algs[] = { {
	.base.cra_name		= "ccm(aes)",
	.base.cra_driver_name	= "ccm-aes-ctneon",
	.base.cra_priority	= CTNEON_CCM_PRIORITY,
	.base.cra_blocksize	= 1,
	.base.cra_ctxsize	= sizeof(struct ctneon_ccm_ctx),
	.base.cra_module	= THIS_MODULE,
	.setkey			= ctneon_ccm_setkey,
	.setauthsize		= ctneon_ccm_setauthsize,
	.encrypt		= ctneon_ccm_encrypt,
	.decrypt		= ctneon_ccm_decrypt,
	.exit			= ctneon_ccm_exit,
	.ivsize			= AES_BLOCK_SIZE,
	.maxauthsize		= 16,
	.chunksize		= AES_BLOCK_SIZE,
}, {
	.base.cra_name		= "rfc4309(ccm(aes))",
	.base.cra_driver_name	= "rfc4309-ccm-aes-ctneon",
	.base.cra_priority	= CTNEON_RFC4309_PRIORITY,
	.base.cra_blocksize	= 1,
	.base.cra_ctxsize	= sizeof(struct ctneon_ccm_ctx),
	.base.cra_module	= THIS_MODULE,
	.setkey			= ctneon_rfc4309_setkey,
	.setauthsize		= ctneon_rfc4309_setauthsize,
	.encrypt		= ctneon_rfc4309_encrypt,
	.decrypt		= ctneon_rfc4309_decrypt,
	.exit			= ctneon_ccm_exit,
	.ivsize			= 8,
	.maxauthsize		= 16,
	.chunksize		= AES_BLOCK_SIZE,
} };

int ctneon_ccm_register(void)
{
	return ctneon_register_aeads(ctneon_ccm_algs, ARRAY_SIZE(ctneon_ccm_algs));
}

void ctneon_ccm_unregister(void)
{
	ctneon_unregister_aeads(ctneon_ccm_algs, ARRAY_SIZE(ctneon_ccm_algs));
}

MODULE_ALIAS_CRYPTO("ccm(aes)");
MODULE_ALIAS_CRYPTO("ccm-aes-ctneon");
MODULE_ALIAS_CRYPTO("rfc4309(ccm(aes))");
MODULE_ALIAS_CRYPTO("rfc4309-ccm-aes-ctneon");
