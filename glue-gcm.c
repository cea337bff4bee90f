// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: gcm(aes) and rfc4106(gcm(aes)) in one pass.
 *
 * Design notes
 * ------------
 * GCM (NIST SP 800-38D) with a 96-bit nonce: J0 = nonce || 1, the text is
 * encrypted in CTR mode from J0 + 1, and the tag is
 *     GHASH_H(A || 0* || C || 0* || [len(A)]64 || [len(C)]64) ^ E_K(J0)
 * with H = E_K(0^128).  GCM's 32-bit counter never wraps for a message the
 * API can carry (at most 2^28 blocks after J0 + 1), so the AES cores'
 * 128-bit increment computes the same counters.
 *
 * One pass: each step of the AEAD walk (at most a page) runs, inside one
 * NEON section, the CTR piece (bit-sliced for the bulk, vpaes for short
 * messages and tails: the policy of glue-aes.c) and GHASH over the
 * ciphertext of that step (after CTR when encrypting; decrypting, both
 * read one copy of the step's ciphertext, ctneon_gcm_decrypt_blocks()),
 * while the data is still in the cache.  The AAD is hashed first, in chunks copied out of the
 * scatterlist.  The last step's section also makes E_K(J0) together with
 * the keystream of a partial last block (one vpaes call of two blocks)
 * and hashes that block with the lengths block (one GHASH call).  Short
 * messages (AAD <= 64 and text <= 128 bytes, public
 * lengths) are copied out instead and take one NEON section with one CTR
 * call (from J0, so E_K(J0) comes with the keystream) and one GHASH call
 * over AAD || C || lengths: at 16 bytes the fixed cost of each core call
 * is most of the work.
 *
 * Where NEON may not be used (ctneon_neon_begin()), the same steps run on
 * the portable constant-time AES and GHASH.  The NEON form of the hash key
 * is made by the first request that runs on NEON (ctneon_lazy_get()).
 * Decryption compares tags with crypto_memneq() and returns -EBADMSG.
 *
 * rfc4106 (IPsec ESP): the key ends with a 4-byte salt, the nonce is
 * salt || the 8-byte IV, and the last 8 bytes of the associated data (the
 * IV again) are not authenticated; assoclen must be 16 or 20.
 */
#include <asm/neon.h>
#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/gcm.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <linux/module.h>
#include <linux/string.h>

#include "ghash.h"
#include "glue.h"
#include "neon-section.h"
#include "svc-aead.h"
#include "svc-aes.h"
#include "svc-async.h"
#include "svc-lazy.h"
#include "vpaes.h"

/*
 * Above the gcm template over ctneon's ctr(aes) and a NEON GHASH (on arm,
 * (275 + ghash-ce's 300) / 2 = 287), below the Crypto Extensions drivers
 * (300 on arm64, 400 on arm 6.12).  rfc4106 sits above the rfc4106
 * template instantiated over gcm-aes-ctneon, which would inherit 290.
 */
#define CTNEON_GCM_PRIORITY	290
#define CTNEON_RFC4106_PRIORITY	295

/* big-endian stores without <asm/unaligned.h>, which 6.12 renamed */
static __always_inline void ctneon_put_be32(u32 v, u8 *p)
{
	__be32 b = cpu_to_be32(v);

	memcpy(p, &b, sizeof(b));
}

static __always_inline void ctneon_put_be64(u64 v, u8 *p)
{
	__be64 b = cpu_to_be64(v);

	memcpy(p, &b, sizeof(b));
}

/* the AAD is hashed in chunks of this size, copied out of the scatterlist */
#define CTNEON_GCM_AAD_CHUNK	256

struct ctneon_gcm_ctx {
	struct ctneon_aes_ctx aes;
	u8 h[16];				/* H, for the portable GHASH */
	atomic_t gkey_state;			/* svc-lazy.h: is gkey valid? */
	u8 gkey[CTNEON_GHASH_KEY_SIZE];		/* H in the NEON core's form */
	u8 salt[4];				/* rfc4106 only */
};

/* The NEON GHASH key, or NULL while another request is making it. */
static __always_inline const u8 *ctneon_gcm_gkey(struct ctneon_gcm_ctx *ctx)
{
	int ticket;

	switch (ctneon_lazy_get(&ctx->gkey_state, &ticket)) {
	case CTNEON_LAZY_NONE:
		ctneon_ghash_setkey(ctx->gkey, ctx->h);
		return ctneon_lazy_done(&ctx->gkey_state, ticket) ? ctx->gkey : NULL;
	case CTNEON_LAZY_READY:
		return ctx->gkey;
	default:
		return NULL;
	}
}

/* GHASH of whole blocks, with the NEON core when gkey is its key */
static __always_inline void ctneon_gcm_hash_blocks(struct ctneon_gcm_ctx *ctx,
						   const u8 *gkey, u8 x[16],
						   const u8 *src,
						   unsigned int blocks)
{
	if (gkey)
		ctneon_ghash_update(x, gkey, src, blocks);
	else
		ctneon_ghash_ct_update(x, ctx->h, src, blocks);
}

/*
 * GHASH of len bytes (a partial last block is zero-padded); with NEON
 * enabled when neon is true.
 */
static void ctneon_gcm_hash(struct ctneon_gcm_ctx *ctx, bool neon, u8 x[16],
			    const u8 *src, unsigned int len)
{
	const u8 *gkey = neon ? ctneon_gcm_gkey(ctx) : NULL;
	unsigned int blocks = len / 16, tail = len % 16;
	u8 pad[16];

	ctneon_gcm_hash_blocks(ctx, gkey, x, src, blocks);
	if (tail) {
		memset(pad, 0, sizeof(pad));
		memcpy(pad, src + 16 * blocks, tail);
		ctneon_gcm_hash_blocks(ctx, gkey, x, pad, 1);
		memzero_explicit(pad, sizeof(pad));
	}
}

static int ctneon_gcm_setkey_ctx(struct ctneon_gcm_ctx *ctx, const u8 *key,
				 unsigned int len)
{
	static const u8 zero[16];
	int err;

	err = ctneon_aes_ctx_setkey(&ctx->aes, key, len);
	if (err)
		return err;
	ctneon_aes_encrypt_block(&ctx->aes.key, ctx->h, zero);
	memzero_explicit(ctx->gkey, sizeof(ctx->gkey));
	/* after H is rewritten: see ctneon_aes_ctx_setkey() */
	ctneon_lazy_reset(&ctx->gkey_state);
	return 0;
}

static int ctneon_gcm_setkey(struct crypto_aead *tfm, const u8 *key,
			     unsigned int len)
{
	return ctneon_gcm_setkey_ctx(crypto_aead_ctx(tfm), key, len);
}

static int ctneon_rfc4106_setkey(struct crypto_aead *tfm, const u8 *key,
				 unsigned int len)
{
	struct ctneon_gcm_ctx *ctx = crypto_aead_ctx(tfm);

	if (len < 4)
		return -EINVAL;
	len -= 4;
	memcpy(ctx->salt, key + len, 4);
	return ctneon_gcm_setkey_ctx(ctx, key, len);
}

static int ctneon_gcm_setauthsize(struct crypto_aead *tfm, unsigned int authsize)
{
	return crypto_gcm_check_authsize(authsize);
}

static int ctneon_rfc4106_setauthsize(struct crypto_aead *tfm,
				      unsigned int authsize)
{
	return crypto_rfc4106_check_authsize(authsize);
}

/* GHASH over a buffer, in its own NEON section if NEON may be used */
static void ctneon_gcm_hash_buf(struct ctneon_gcm_ctx *ctx, u8 x[16],
				const u8 *buf, unsigned int len)
{
	CTNEON_NEON_STATE(ns);
	bool neon = ctneon_neon_begin(&ns);

	ctneon_gcm_hash(ctx, neon, x, buf, len);
	if (neon)
		ctneon_neon_end(&ns);
}

/* GHASH over the first len bytes of sg, zero-padded to a block */
static void ctneon_gcm_hash_aad(struct ctneon_gcm_ctx *ctx, u8 x[16],
				struct scatterlist *sg, unsigned int len)
{
	u8 buf[CTNEON_GCM_AAD_CHUNK];
	unsigned int off = 0;

	while (off < len) {
		unsigned int n = min(len - off, (unsigned int)sizeof(buf));

		scatterwalk_map_and_copy(buf, sg, off, n, 0);
		ctneon_gcm_hash_buf(ctx, x, buf, n);
		off += n;
	}
	memzero_explicit(buf, sizeof(buf));
}

/*
 * Short messages (IPsec's small packets, TLS records' headers): the fixed
 * cost of each core call and NEON section dominates, so they take one NEON
 * section with one CTR call and one GHASH call.  The CTR call runs from J0
 * over a zero block followed by the text, which gives E_K(J0) and the
 * ciphertext together; the GHASH call runs over AAD || 0* || C || 0* ||
 * lengths assembled in a buffer.  The bounds are public lengths.
 */
#define CTNEON_GCM_SHORT_AAD	64
#define CTNEON_GCM_SHORT_TEXT	128

static noinline_for_stack int
ctneon_gcm_crypt_short(struct aead_request *req, const u8 *nonce,
		       unsigned int aadlen, unsigned int textlen, bool enc)
{
	CTNEON_NEON_STATE(ns);
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	struct ctneon_gcm_ctx *ctx = crypto_aead_ctx(tfm);
	unsigned int authsize = crypto_aead_authsize(tfm);
	unsigned int apad = round_up(aadlen, 16), cpad = round_up(textlen, 16);
	struct {	/* everything secret, wiped at once */
		u8 ks[16 + CTNEON_GCM_SHORT_TEXT];	/* 0^16 || text -> E_K(J0) || out */
		u8 hb[CTNEON_GCM_SHORT_AAD + CTNEON_GCM_SHORT_TEXT + 16]
			__aligned(8);
		u8 x[16], ctr[16], tag[16];
	} w;
	bool neon;
	int err = 0;

	memset(w.ks, 0, 16);
	scatterwalk_map_and_copy(w.ks + 16, req->src, req->assoclen, textlen, 0);
	if (!enc)
		ctneon_test_tamper_sg(req->src, req->assoclen, textlen);
	memset(w.hb, 0, apad + cpad);
	scatterwalk_map_and_copy(w.hb, req->src, 0, aadlen, 0);
	if (!enc)			/* the ciphertext is hashed as it came */
		memcpy(w.hb + apad, w.ks + 16, textlen);
	/* the lengths block, at a multiple of 16 bytes into hb */
	((__be64 *)(w.hb + apad + cpad))[0] = cpu_to_be64((u64)aadlen * 8);
	((__be64 *)(w.hb + apad + cpad))[1] = cpu_to_be64((u64)textlen * 8);
	memcpy(w.ctr, nonce, 12);
	ctneon_put_be32(1, w.ctr + 12);
	memset(w.x, 0, 16);

	neon = ctneon_neon_begin(&ns);
	if (neon)
		ctneon_aes_piece_neon(&ctx->aes, MODE_CTR, true, w.ks, w.ks,
				      16 + textlen, w.ctr);
	else
		ctneon_aes_piece_ct(&ctx->aes, MODE_CTR, true, w.ks, w.ks,
				    16 + textlen, w.ctr);
	if (enc)
		memcpy(w.hb + apad, w.ks + 16, textlen);
	/* AAD || 0* || C || 0* || lengths: whole blocks */
	ctneon_gcm_hash_blocks(ctx, neon ? ctneon_gcm_gkey(ctx) : NULL, w.x,
			       w.hb, (apad + cpad + 16) / 16);
	if (neon)
		ctneon_neon_end(&ns);
	crypto_xor_cpy(w.tag, w.x, w.ks, 16);

	scatterwalk_map_and_copy(w.ks + 16, req->dst, req->assoclen, textlen, 1);
	if (enc) {
		scatterwalk_map_and_copy(w.tag, req->dst, req->assoclen + textlen,
					 authsize, 1);
	} else {
		scatterwalk_map_and_copy(w.x, req->src, req->assoclen + textlen,
					 authsize, 0);
		if (crypto_memneq(w.tag, w.x, authsize))
			err = -EBADMSG;
	}
	memzero_explicit(&w, sizeof(w));
	return err;
}

/*
 * The walk's state, everything secret in one structure, wiped at once.
 * fin: J0 || the counter of a partial last block, encrypted in place into
 * E_K(J0) || its keystream; hb: that block's ciphertext zero-padded ||
 * the lengths block, hashed in one call.
 */
struct ctneon_gcm_walk {
	u8 x[16], ctr[16], tag[16];
	u8 fin[32], hb[32];
};

/*
 * The end of a message, inside the NEON section of the walk's last step
 * (or a section of its own for an empty text): one two-block ECB call
 * gives E_K(J0) and the keystream of a partial last block (a lone block
 * costs about as much as two interleaved ones: Cortex-A57 model 541
 * against 602 cycles), and one GHASH call takes that block and the
 * lengths.  src/dst: the tail bytes of this step (dst may be src).
 */
static void ctneon_gcm_final(struct ctneon_gcm_ctx *ctx, bool neon,
			     struct ctneon_gcm_walk *w, u8 *dst,
			     const u8 *src, unsigned int tail,
			     unsigned int aadlen, unsigned int textlen, bool enc)
{
	unsigned int nb = tail ? 2 : 1;
	u8 *lens = w->hb + 16 * (nb - 1);

	memcpy(w->fin + 16, w->ctr, 16);
	if (neon)
		ctneon_aes_piece_neon(&ctx->aes, MODE_ECB, true, w->fin, w->fin,
				      16 * nb, NULL);
	else
		ctneon_aes_piece_ct(&ctx->aes, MODE_ECB, true, w->fin, w->fin,
				    16 * nb, NULL);
	if (tail) {
		memset(w->hb, 0, 16);
		if (!enc) {		/* the ciphertext, read once */
			memcpy(w->hb, src, tail);
			ctneon_test_tamper(src, tail);
		}
		crypto_xor_cpy(dst, enc ? src : w->hb, w->fin + 16, tail);
		if (enc)
			memcpy(w->hb, dst, tail);
	}
	ctneon_put_be64((u64)aadlen * 8, lens);
	ctneon_put_be64((u64)textlen * 8, lens + 8);
	ctneon_gcm_hash_blocks(ctx, neon ? ctneon_gcm_gkey(ctx) : NULL, w->x,
			       w->hb, nb);
	crypto_xor_cpy(w->tag, w->x, w->fin, 16);
}

/*
 * Decrypting n bytes (whole blocks) of a walk step: the ciphertext is read
 * from src once, into a copy of the module's, and both GHASH and CTR read
 * that copy, so that what is authenticated is what is decrypted even if
 * the caller changes src meanwhile (issue #21).  With NEON enabled: the
 * per-CPU stable buffer (svc-aead.c), a page at a time, copied with
 * NEON; without, a buffer on the stack.
 */
#define CTNEON_GCM_CT_CHUNK	256

static void ctneon_gcm_decrypt_blocks(struct ctneon_gcm_ctx *ctx, bool neon,
				      struct ctneon_gcm_walk *w, u8 *dst,
				      const u8 *src, unsigned int n)
{
	u8 chunk[CTNEON_GCM_CT_CHUNK];
	unsigned int off, c;

	if (neon) {
		for (off = 0; off < n; off += c) {
			u8 *buf = ctneon_stable_begin();

			c = min_t(unsigned int, n - off, CTNEON_STABLE_SIZE);
			ctneon_neon_copy(buf, src + off, c);
			ctneon_test_tamper(src + off, c);
			ctneon_gcm_hash(ctx, true, w->x, buf, c);
			ctneon_aes_piece_neon(&ctx->aes, MODE_CTR, true,
					      dst + off, buf, c, w->ctr);
			ctneon_stable_end();
		}
		return;
	}
	for (off = 0; off < n; off += c) {
		c = min_t(unsigned int, n - off, sizeof(chunk));
		memcpy(chunk, src + off, c);
		ctneon_test_tamper(src + off, c);
		ctneon_gcm_hash(ctx, false, w->x, chunk, c);
		ctneon_aes_piece_ct(&ctx->aes, MODE_CTR, true, dst + off,
				    chunk, c, w->ctr);
	}
	memzero_explicit(chunk, sizeof(chunk));
}

/*
 * The walk: messages longer than the short path's.  The AAD is hashed
 * first; then each step hashes and encrypts its whole blocks, and the last
 * one also runs ctneon_gcm_final() in the same NEON section.
 */
static noinline_for_stack int
ctneon_gcm_crypt_walk(struct aead_request *req, const u8 *nonce,
		      unsigned int aadlen, unsigned int textlen, bool enc)
{
	CTNEON_NEON_STATE(ns);
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	struct ctneon_gcm_ctx *ctx = crypto_aead_ctx(tfm);
	unsigned int authsize = crypto_aead_authsize(tfm);
	struct ctneon_gcm_walk w;
	struct skcipher_walk walk;
	bool finished = false;
	int err;

	memset(w.x, 0, 16);
	memcpy(w.fin, nonce, 12);
	ctneon_put_be32(1, w.fin + 12);		/* J0 */
	memcpy(w.ctr, w.fin, 12);
	ctneon_put_be32(2, w.ctr + 12);		/* the text's first counter */

	ctneon_gcm_hash_aad(ctx, w.x, req->src, aadlen);

	err = ctneon_aead_walk_start(&walk, req, enc);
	while (walk.nbytes) {
		const u8 *src = walk.src.virt.addr;
		u8 *dst = walk.dst.virt.addr;
		unsigned int n = walk.nbytes, tail = 0;
		bool last = n == walk.total, neon;

		if (last)
			tail = n % AES_BLOCK_SIZE;
		n = round_down(n, AES_BLOCK_SIZE);
		neon = ctneon_neon_begin(&ns);
		if (n && !enc) {
			ctneon_gcm_decrypt_blocks(ctx, neon, &w, dst, src, n);
		} else if (n) {
			if (neon)
				ctneon_aes_piece_neon(&ctx->aes, MODE_CTR, true,
						      dst, src, n, w.ctr);
			else
				ctneon_aes_piece_ct(&ctx->aes, MODE_CTR, true,
						    dst, src, n, w.ctr);
			ctneon_gcm_hash(ctx, neon, w.x, dst, n);
		}
		if (last) {
			ctneon_gcm_final(ctx, neon, &w, dst + n, src + n, tail,
					 aadlen, textlen, enc);
			finished = true;
		}
		if (neon)
			ctneon_neon_end(&ns);
		err = skcipher_walk_done(&walk, walk.nbytes - n - tail);
	}
	ctneon_aead_walk_done(&walk);
	if (err)
		goto out;
	if (!finished) {			/* no text */
		bool neon = ctneon_neon_begin(&ns);

		ctneon_gcm_final(ctx, neon, &w, NULL, NULL, 0, aadlen, textlen,
				 enc);
		if (neon)
			ctneon_neon_end(&ns);
	}

	if (enc) {
		scatterwalk_map_and_copy(w.tag, req->dst, req->assoclen + textlen,
					 authsize, 1);
	} else {
		scatterwalk_map_and_copy(w.hb, req->src, req->assoclen + textlen,
					 authsize, 0);
		if (crypto_memneq(w.tag, w.hb, authsize))
			err = -EBADMSG;
	}
out:
	memzero_explicit(&w, sizeof(w));
	return err;
}

/*
 * The whole AEAD operation.  nonce: 12 bytes; aadlen: the associated data
 * that is authenticated (for rfc4106 the IV copy at its end is not).  The
 * choice is made before either path sets up its frame: at 16 bytes the
 * fixed costs are most of the work.
 */
static int ctneon_gcm_crypt(struct aead_request *req, const u8 *nonce,
			    unsigned int aadlen, bool enc)
{
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	unsigned int authsize = crypto_aead_authsize(tfm);
	unsigned int textlen = req->cryptlen - (enc ? 0 : authsize);
	struct ctneon_gcm_ctx *ctx = crypto_aead_ctx(tfm);

	/* the API's NEED_KEY makes this unreachable; the cores need it */
	if (unlikely(!ctneon_aes_rounds_ok(ctx->aes.key.rounds)))
		return -ENOKEY;
	if (aadlen <= CTNEON_GCM_SHORT_AAD && textlen <= CTNEON_GCM_SHORT_TEXT)
		return ctneon_gcm_crypt_short(req, nonce, aadlen, textlen, enc);
	return ctneon_gcm_crypt_walk(req, nonce, aadlen, textlen, enc);
}

static int ctneon_gcm_check(struct aead_request *req, bool enc)
{
	unsigned int authsize = crypto_aead_authsize(crypto_aead_reqtfm(req));

	if (!enc && req->cryptlen < authsize)
		return -EINVAL;
	return 0;
}

static int ctneon_gcm_encrypt(struct aead_request *req)
{
	return ctneon_gcm_crypt(req, req->iv, req->assoclen, true);
}

static int ctneon_gcm_decrypt(struct aead_request *req)
{
	int err = ctneon_gcm_check(req, false);

	return err ?: ctneon_gcm_crypt(req, req->iv, req->assoclen, false);
}

static int ctneon_rfc4106_crypt(struct aead_request *req, bool enc)
{
	struct ctneon_gcm_ctx *ctx = crypto_aead_ctx(crypto_aead_reqtfm(req));
	u8 nonce[12];
	int err;

	err = crypto_ipsec_check_assoclen(req->assoclen);
	if (!err)
		err = ctneon_gcm_check(req, enc);
	if (err)
		return err;
	memcpy(nonce, ctx->salt, 4);
	memcpy(nonce + 4, req->iv, 8);
	return ctneon_gcm_crypt(req, nonce, req->assoclen - 8, enc);
}

static int ctneon_rfc4106_encrypt(struct aead_request *req)
{
	return ctneon_rfc4106_crypt(req, true);
}

static int ctneon_rfc4106_decrypt(struct aead_request *req)
{
	return ctneon_rfc4106_crypt(req, false);
}

static void ctneon_gcm_exit(struct crypto_aead *tfm)
{
	memzero_explicit(crypto_aead_ctx(tfm), sizeof(struct ctneon_gcm_ctx));
}

static struct aead_alg ctneon_gcm_algs[] = { {
	.base.cra_name		= "gcm(aes)",
	.base.cra_driver_name	= "gcm-aes-ctneon",
	.base.cra_priority	= CTNEON_GCM_PRIORITY,
	.base.cra_blocksize	= 1,
	.base.cra_ctxsize	= sizeof(struct ctneon_gcm_ctx),
	.base.cra_module	= THIS_MODULE,
	.setkey			= ctneon_gcm_setkey,
	.setauthsize		= ctneon_gcm_setauthsize,
	.encrypt		= ctneon_gcm_encrypt,
	.decrypt		= ctneon_gcm_decrypt,
	.exit			= ctneon_gcm_exit,
	.ivsize			= GCM_AES_IV_SIZE,
	.maxauthsize		= 16,
	.chunksize		= AES_BLOCK_SIZE,
}, {
	.base.cra_name		= "rfc4106(gcm(aes))",
	.base.cra_driver_name	= "rfc4106-gcm-aes-ctneon",
	.base.cra_priority	= CTNEON_RFC4106_PRIORITY,
	.base.cra_blocksize	= 1,
	.base.cra_ctxsize	= sizeof(struct ctneon_gcm_ctx),
	.base.cra_module	= THIS_MODULE,
	.setkey			= ctneon_rfc4106_setkey,
	.setauthsize		= ctneon_rfc4106_setauthsize,
	.encrypt		= ctneon_rfc4106_encrypt,
	.decrypt		= ctneon_rfc4106_decrypt,
	.exit			= ctneon_gcm_exit,
	.ivsize			= GCM_RFC4106_IV_SIZE,
	.maxauthsize		= 16,
	.chunksize		= AES_BLOCK_SIZE,
} };

int ctneon_gcm_register(void)
{
	int err = ctneon_stable_get();

	if (err)
		return err;
	err = ctneon_register_aeads(ctneon_gcm_algs, ARRAY_SIZE(ctneon_gcm_algs));
	if (err)
		ctneon_stable_put();
	return err;
}

void ctneon_gcm_unregister(void)
{
	ctneon_unregister_aeads(ctneon_gcm_algs, ARRAY_SIZE(ctneon_gcm_algs));
	ctneon_stable_put();
}

MODULE_ALIAS_CRYPTO("gcm(aes)");
MODULE_ALIAS_CRYPTO("gcm-aes-ctneon");
MODULE_ALIAS_CRYPTO("rfc4106(gcm(aes))");
MODULE_ALIAS_CRYPTO("rfc4106-gcm-aes-ctneon");
