// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: chacha20, xchacha20, xchacha12, and the one-pass (stitched)
 * rfc7539(chacha20,poly1305) and rfc7539esp(chacha20,poly1305) AEADs (the
 * AEADs registered on arm64, and on arm where the asynchronous wrappers
 * are: see CTNEON_CHACHAPOLY_REGISTER).
 *
 * Design notes
 * ------------
 * Semantics are those of the generic code: the chacha20 IV is 16 bytes,
 * le32 block counter || 96-bit nonce, and the counter wraps modulo 2^32
 * without a carry into the nonce.  XChaCha (draft-irtf-cfrg-xchacha): the
 * 32-byte IV is a 128-bit nonce n0 and 128 bits n1; the subkey is
 * HChaCha(key, n0) and the stream is ChaCha(subkey, counter = n1[8..15]
 * as the 64-bit stream position, nonce = n1[0..7]), i.e. state words 12..15
 * are le32 of IV bytes 24, 28, 16, 20.
 *
 * The AEAD (RFC 8439 section 2.8): the Poly1305 key is the first 32 bytes
 * of the keystream block with counter 0, the text is encrypted from
 * counter 1, and the tag is Poly1305 over
 *     AAD || 0* || ciphertext || 0* || le64(len(AAD)) || le64(len(C))
 * each part zero-padded to 16 bytes.  rfc7539esp (RFC 7634, IPsec ESP): the
 * key ends with a 4-byte salt, the nonce is salt || the 8-byte IV, and the
 * last 8 bytes of the associated data (the IV copy ESP puts there) are not
 * authenticated.
 *
 * One pass: each step of the AEAD walk runs the stitched core
 * ctneon_chachapoly_crypt(), which encrypts or decrypts with ChaCha20 on
 * NEON and absorbs the ciphertext into Poly1305 on the integer unit in the
 * same loop.  The walk's stride (CTNEON_CP_WALK, the AEADs' chunksize)
 * is the core's stitched step on arm (256 bytes), so every step but the
 * last is whole stitched steps: a page cut by the data's offset goes as
 * one step of whole steps and one bounced step, not as a step with a
 * tail of single blocks (latency-bound) plus a 64-byte one.  On arm64,
 * whose stitched step (384 bytes) does not divide a page, it is one
 * block, so that page-aligned texts never bounce (issue #21).  Encrypting,
 * each step's last stitched step is absorbed in the next call's first
 * (CTNEON_CP_KEEP, from a copy in the request context), so only a
 * message's last one runs without ChaCha work beside it.  Measured on the
 * llvm-mca models at 16 KiB (the bench's request, 16 bytes of AAD before
 * the text), cycles per byte before -> with the stride -> with the kept
 * step: arm A57 5.5 -> 5.1 -> 4.5, arm64 A72 4.1 -> 3.5 -> 3.3, A53
 * 11.4 -> 9.6 -> 9.6.  The associated data and the lengths block go to
 * the core's Poly1305 entry points directly.  Decrypting, each step's
 * ciphertext is first copied once into a buffer of the module's (the
 * per-CPU stable buffer of svc-aead.c with NEON, rctx->lag without),
 * and the core authenticates and decrypts that copy: the stitched core
 * reads its input twice, and a caller that changed src in between would
 * otherwise get the plaintext of bytes that were not authenticated.
 * Block 0 (the Poly1305 key)
 * is made in one call with the text's first bytes where there are any to
 * share it (ctneon_chachapoly_start()): all of a text up to 128 bytes,
 * and on arm, encrypting, the first 192 bytes of a longer one, whose
 * ciphertext the first stitched call absorbs (CTNEON_CP_HEAD_PEND).
 *
 * NEON versus the portable code is decided per step, in the one place that
 * decides it (ctneon_neon_begin()).  Without NEON, a step runs the portable
 * ChaCha (chacha-ct.c) and the same Poly1305 entry points, which touch no
 * FP/SIMD register and so may run anywhere; the Poly1305 state is one and
 * the same on both paths, so a message can switch between them at any
 * step.  This is what carries rfc7539esp in softirq on 32-bit 6.1 kernels.
 *
 * Constant time: the cores and chacha-ct.c have no secret-dependent branch
 * or address; the glue's branches depend on lengths and the direction
 * only; the tag is compared with crypto_memneq().  The key, the Poly1305
 * state (r and s), the keystream block of the Poly1305 key, the head's
 * ciphertext and the computed tag are wiped (the request context, whole).
 */
#include <asm/neon.h>
#include <crypto/algapi.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <linux/module.h>
#include <linux/string.h>

#include "chacha-poly.h"
#include "glue.h"
#include "neon-section.h"
#include "svc-aead.h"
#include "svc-async.h"

#define CTNEON_CHACHA_KEY_SIZE		32
#define CTNEON_CHACHA_IV_SIZE		16
#define CTNEON_XCHACHA_IV_SIZE		32
#define CTNEON_CHACHA_BLOCK_SIZE	64

/*
 * The skcipher walk's stride.  On arm, the core's four-block chunk: a
 * step cut by a page boundary then goes through the walk's bounce buffer
 * as one 256-byte call (one chunk) instead of 64 bytes, which the core
 * would do as one latency-bound single block on top of a three-block tail
 * (about 1000 more Cortex-A57 cycles per page).  arm64: one block.
 */
#ifdef CONFIG_ARM
#define CTNEON_CHACHA_WALKSIZE		(4 * CTNEON_CHACHA_BLOCK_SIZE)
#else
#define CTNEON_CHACHA_WALKSIZE		CTNEON_CHACHA_BLOCK_SIZE
#endif
#define CTNEON_POLY_TAG_SIZE		16
#define CTNEON_ESP_SALT_SIZE		4

/*
 * Priorities, set by the measurements in Documentation/performance.rst
 * (make bench): above an in-tree driver only where ctneon is faster.
 *
 * The AEADs, against the rfc7539 template over the in-tree NEON drivers
 * ((chacha20-neon 300 + poly1305-neon/-arm 200) / 2 = 250):
 *   arm64: the stitched core takes 0.71x the template's instructions at
 *          1420 bytes and 0.61-0.80x its cycles on the Cortex-A53/A72
 *          models: above it (320, below);
 *   arm:   the template takes fewer instructions (ctneon 1.11x at 1420
 *          bytes, 1.25x at 16 KiB; the in-tree Poly1305 is a NEON one
 *          with 26-bit limbs, ours 32-bit limbs on the integer unit) and
 *          fewer cycles on the in-order-like Cortex-A9 model (1.00-1.10x),
 *          though not on the Cortex-A57's (0.79-0.83x): not registered.
 *          A priority below the template's cannot express that: the
 *          crypto API makes a template instance only when no algorithm
 *          of the name exists, and ctneon's MODULE_ALIAS_CRYPTO would load
 *          ctneon first, so its AEAD at 200 was what every arm user got.
 *          Unregistered, the names resolve to the rfc7539 template over
 *          chacha20-ctneon and poly1305-neon (module poly1305-arm), 255.
 *          The AEAD code still builds on arm (and its core is
 *          unit-tested) so that CTNEON_CHACHAPOLY_REGISTER can turn it
 *          back on with figures.
 * The skciphers, against chacha20-neon (300), since the 256-byte-stride
 * arm core and the 7-block arm64 step (bench of 2026-12-03):
 *   arm:   0.94-0.99x its instructions at every size from 16 bytes to
 *          16 KiB, 0.95x its Cortex-A57 cycles at 16 KiB (bench of
 *          2026-12-04);
 *   arm64: 0.59-0.98x its instructions from 64 bytes up, a tie at 16
 *          bytes (1.00-1.01x, two or three instructions), 0.73x/0.99x
 *          its Cortex-A53/A72 cycles at 16 KiB:
 * 310, above it on both.  A template over ChaCha20 (rfc7539, adiantum)
 * then picks ctneon's too: on arm that is the rfc7539 template instance
 * over chacha20-ctneon and poly1305-neon ((310 + 200) / 2 = 255).
 * From 6.16 on, an rfc7539 template instance takes its ChaCha algorithm's
 * priority alone: over chacha20-ctneon that is 310, over chacha20-lib
 * 300.  So that no such instance (made before ctneon was loaded, or asked
 * for by driver name) ever outranks the stitched AEAD on arm64, on any
 * kernel, it is at 320, above ctneon's own chacha20.
 */
#define CTNEON_CHACHA_PRIORITY		310
#define CTNEON_CHACHAPOLY_PRIORITY	320
/*
 * arm64 always; arm only where the asynchronous wrappers are on (32-bit
 * 6.1, NEON unusable in softirq): there ESP over the rfc7539esp template
 * over chacha20-ctneon queues two ChaCha20 requests per packet for the
 * kernel thread (the Poly1305 key block, then the text), each costing
 * about 5,000 kernel instructions, and ESP end to end took 1.01x the
 * in-tree instructions per payload byte at 1400 bytes and 1.25x at 64
 * (make bench-esp, 2026-12-05), while the in-tree template runs its scalar
 * code in softirq; ctneon's own AEAD, wrapped, queues once per packet and
 * runs the stitched NEON core.  The Cortex-A9 cost above is the price in
 * process context on that kernel only.
 */
#define CTNEON_CHACHAPOLY_REGISTER \
	(IS_ENABLED(CONFIG_ARM64) || ctneon_async_wrapped())

/*
 * The AEADs' walk stride (their chunksize, which is all an AEAD walk
 * reads it for).  arm: the stitched step, 256 bytes, which divides a
 * page.  arm64: one block.  Its stitched step is 384 bytes, and with that
 * stride a page-aligned text of several pages went through the walk's
 * bounce buffer at every page boundary (4096 % 384 = 256: an allocation
 * per request, GFP_ATOMIC in softirq, and two copies of 384 bytes per
 * page); with 64 a page-aligned step is the whole page, taken in one call
 * (ten stitched steps and one of four blocks).  Such a call cannot keep
 * its last stitched step for the next (CTNEON_CP_KEEP needs a multiple
 * of 384), so the Poly1305 of 256 bytes per page runs without ChaCha
 * beside it; see Documentation/performance.rst for what that costs.
 */
#ifdef CONFIG_ARM64
#define CTNEON_CP_WALK			CTNEON_CHACHA_BLOCK_SIZE
#else
#define CTNEON_CP_WALK			CTNEON_CP_STEP
#endif

/* the associated data is absorbed in chunks of this size (a multiple of 16) */
#define CTNEON_CP_AAD_CHUNK		128

/*
 * Texts up to this long take ctneon_chachapoly_short(): the Poly1305 key
 * block and the text's keystream in one call of at most three blocks (on
 * arm three row-form blocks cost one's latency).
 */
#define CTNEON_CP_SHORT_TEXT		128

struct ctneon_chacha_ctx {
	u32 key[8];
	int nrounds;
};

struct ctneon_chachapoly_ctx {
	u32 key[8];
	u8 salt[CTNEON_ESP_SALT_SIZE];		/* rfc7539esp only */
};

/* per request: the AEAD's working state, kept off the stack */
struct ctneon_chachapoly_reqctx {
	u8 pstate[CTNEON_POLY_STATE_SIZE] __aligned(8);
	u32 state[16];
	u8 buf[CTNEON_CP_AAD_CHUNK];
	u8 tag[CTNEON_POLY_TAG_SIZE];
	union {
		u8 lag[CTNEON_CP_STEP];	/* the walk: ciphertext for the next step */
		u8 sbuf[64 + CTNEON_CP_SHORT_TEXT];	/* short messages */
	};
};

/* ------------------------------------------------------------ skciphers */

static int ctneon_chacha_setkey(struct crypto_skcipher *tfm, const u8 *key,
				unsigned int len, int nrounds)
{
	struct ctneon_chacha_ctx *ctx = crypto_skcipher_ctx(tfm);

	if (len != CTNEON_CHACHA_KEY_SIZE)
		return -EINVAL;
	ctneon_chacha_key(ctx->key, key);
	ctx->nrounds = nrounds;
	return 0;
}

static int ctneon_chacha20_setkey(struct crypto_skcipher *tfm, const u8 *key,
				  unsigned int len)
{
	return ctneon_chacha_setkey(tfm, key, len, 20);
}

static int ctneon_chacha12_setkey(struct crypto_skcipher *tfm, const u8 *key,
				  unsigned int len)
{
	return ctneon_chacha_setkey(tfm, key, len, 12);
}

/* The one walk of the skciphers: XOR the keystream of state into the text. */
static int ctneon_chacha_walk(struct skcipher_request *req, u32 state[16],
			      int nrounds)
{
	CTNEON_NEON_STATE(ns);
	struct skcipher_walk walk;
	int err;

	err = skcipher_walk_virt(&walk, req, false);
	while (walk.nbytes) {
		unsigned int n = walk.nbytes;

		if (n < walk.total)
			n = round_down(n, walk.stride);
		if (ctneon_neon_begin(&ns)) {
			ctneon_chacha_crypt(state, walk.dst.virt.addr,
					    walk.src.virt.addr, n, nrounds);
			ctneon_neon_end(&ns);
		} else {
			ctneon_chacha_ct_crypt(state, walk.dst.virt.addr,
					       walk.src.virt.addr, n, nrounds);
		}
		err = skcipher_walk_done(&walk, walk.nbytes - n);
	}
	return err;
}

static int ctneon_chacha_encrypt(struct skcipher_request *req)
{
	struct ctneon_chacha_ctx *ctx =
		crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	u32 state[16];
	int err;

	ctneon_chacha_state(state, ctx->key, req->iv);
	err = ctneon_chacha_walk(req, state, ctx->nrounds);
	memzero_explicit(state, sizeof(state));
	return err;
}

static int ctneon_xchacha_encrypt(struct skcipher_request *req)
{
	CTNEON_NEON_STATE(ns);
	struct ctneon_chacha_ctx *ctx =
		crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	u32 state[16], subkey[8];
	u8 iv[CTNEON_CHACHA_IV_SIZE];
	int err;

	/* subkey = HChaCha(key, IV bytes 0..15) */
	ctneon_chacha_state(state, ctx->key, req->iv);
	if (ctneon_neon_begin(&ns)) {
		ctneon_hchacha(state, subkey, ctx->nrounds);
		ctneon_neon_end(&ns);
	} else {
		ctneon_hchacha_ct(state, subkey, ctx->nrounds);
	}
	/* counter = IV bytes 24..31 (low word first), nonce = bytes 16..23 */
	memcpy(iv, req->iv + 24, 8);
	memcpy(iv + 8, req->iv + 16, 8);
	ctneon_chacha_state(state, subkey, iv);
	err = ctneon_chacha_walk(req, state, ctx->nrounds);
	memzero_explicit(state, sizeof(state));
	memzero_explicit(subkey, sizeof(subkey));
	return err;
}

static void ctneon_chacha_exit(struct crypto_skcipher *tfm)
{
	memzero_explicit(crypto_skcipher_ctx(tfm), sizeof(struct ctneon_chacha_ctx));
}

static struct skcipher_alg ctneon_chacha_algs[] = { {
	.base.cra_name		= "chacha20",
	.base.cra_driver_name	= "chacha20-ctneon",
	.base.cra_priority	= CTNEON_CHACHA_PRIORITY,
	.base.cra_blocksize	= 1,
	.base.cra_ctxsize	= sizeof(struct ctneon_chacha_ctx),
	.base.cra_module	= THIS_MODULE,
	.min_keysize		= CTNEON_CHACHA_KEY_SIZE,
	.max_keysize		= CTNEON_CHACHA_KEY_SIZE,
	.ivsize			= CTNEON_CHACHA_IV_SIZE,
	.chunksize		= CTNEON_CHACHA_BLOCK_SIZE,
	.walksize		= CTNEON_CHACHA_WALKSIZE,
	.setkey			= ctneon_chacha20_setkey,
	.encrypt		= ctneon_chacha_encrypt,
	.decrypt		= ctneon_chacha_encrypt,
	.exit			= ctneon_chacha_exit,
}, {
	.base.cra_name		= "xchacha20",
	.base.cra_driver_name	= "xchacha20-ctneon",
	.base.cra_priority	= CTNEON_CHACHA_PRIORITY,
	.base.cra_blocksize	= 1,
	.base.cra_ctxsize	= sizeof(struct ctneon_chacha_ctx),
	.base.cra_module	= THIS_MODULE,
	.min_keysize		= CTNEON_CHACHA_KEY_SIZE,
	.max_keysize		= CTNEON_CHACHA_KEY_SIZE,
	.ivsize			= CTNEON_XCHACHA_IV_SIZE,
	.chunksize		= CTNEON_CHACHA_BLOCK_SIZE,
	.walksize		= CTNEON_CHACHA_WALKSIZE,
	.setkey			= ctneon_chacha20_setkey,
	.encrypt		= ctneon_xchacha_encrypt,
	.decrypt		= ctneon_xchacha_encrypt,
	.exit			= ctneon_chacha_exit,
}, {
	.base.cra_name		= "xchacha12",
	.base.cra_driver_name	= "xchacha12-ctneon",
	.base.cra_priority	= CTNEON_CHACHA_PRIORITY,
	.base.cra_blocksize	= 1,
	.base.cra_ctxsize	= sizeof(struct ctneon_chacha_ctx),
	.base.cra_module	= THIS_MODULE,
	.min_keysize		= CTNEON_CHACHA_KEY_SIZE,
	.max_keysize		= CTNEON_CHACHA_KEY_SIZE,
	.ivsize			= CTNEON_XCHACHA_IV_SIZE,
	.chunksize		= CTNEON_CHACHA_BLOCK_SIZE,
	.walksize		= CTNEON_CHACHA_WALKSIZE,
	.setkey			= ctneon_chacha12_setkey,
	.encrypt		= ctneon_xchacha_encrypt,
	.decrypt		= ctneon_xchacha_encrypt,
	.exit			= ctneon_chacha_exit,
} };

/* ---------------------------------------------------------------- AEADs */

static int ctneon_chachapoly_setkey(struct crypto_aead *tfm, const u8 *key,
				    unsigned int len)
{
	struct ctneon_chachapoly_ctx *ctx = crypto_aead_ctx(tfm);
	unsigned int saltlen = 12 - crypto_aead_ivsize(tfm);

	if (len != CTNEON_CHACHA_KEY_SIZE + saltlen)
		return -EINVAL;
	ctneon_chacha_key(ctx->key, key);
	memcpy(ctx->salt, key + CTNEON_CHACHA_KEY_SIZE, saltlen);
	return 0;
}

static int ctneon_chachapoly_setauthsize(struct crypto_aead *tfm,
					 unsigned int authsize)
{
	return authsize == CTNEON_POLY_TAG_SIZE ? 0 : -EINVAL;
}

/* Poly1305 over len bytes of p, the last partial block zero-padded. */
static void ctneon_poly_padded(u8 *pstate, const u8 *p, unsigned int len)
{
	unsigned int blocks = len / 16, tail = len % 16;
	u8 pad[16];

	ctneon_poly1305_blocks(pstate, p, blocks);
	if (tail) {
		memset(pad, 0, sizeof(pad));
		memcpy(pad, p + 16 * blocks, tail);
		ctneon_poly1305_blocks(pstate, pad, 1);
		memzero_explicit(pad, sizeof(pad));
	}
}

/* Poly1305 over the first len bytes of sg, zero-padded to a block. */
static void ctneon_poly_aad(struct ctneon_chachapoly_reqctx *rctx,
			    struct scatterlist *sg, unsigned int len)
{
	unsigned int off = 0;

	while (off < len) {
		unsigned int n = min_t(unsigned int, len - off, sizeof(rctx->buf));

		scatterwalk_map_and_copy(rctx->buf, sg, off, n, 0);
		ctneon_poly_padded(rctx->pstate, rctx->buf, n);
		off += n;
	}
}

/*
 * The start of every message: one ChaCha20 call over 64 zero bytes and a
 * copy of the text's first len bytes, at ks, gives block 0 (the Poly1305
 * key, its first 32 bytes) and en- or decrypts those len bytes from
 * counter 1, as the walk would.  On return Poly1305 is keyed and has
 * absorbed the AAD, and ks + 64 holds the head's output.  A lone block 0
 * on arm is one latency-bound chain of row-form rounds that costs about
 * what three row-form blocks or one four-block chunk do (their rounds
 * interleave), so the short path and arm's longer encryptions give it
 * text to work on (len > 0).
 */
static void ctneon_chachapoly_start(struct aead_request *req,
				    struct ctneon_chachapoly_reqctx *rctx,
				    u8 *ks, unsigned int len,
				    unsigned int aadlen, bool text)
{
	CTNEON_NEON_STATE(ns);

	if (text) {
		memset(ks, 0, 64);
		if (len)
			scatterwalk_map_and_copy(ks + 64, req->src,
						 req->assoclen, len, 0);
	} else {			/* the bare keystream */
		memset(ks, 0, 64 + len);
	}
	if (ctneon_neon_begin(&ns)) {
		ctneon_chacha_crypt(rctx->state, ks, ks, 64 + len, 20);
		ctneon_neon_end(&ns);
	} else {
		ctneon_chacha_ct_crypt(rctx->state, ks, ks, 64 + len, 20);
	}
	ctneon_poly1305_init(rctx->pstate, ks);
	ctneon_poly_aad(rctx, req->src, aadlen);
}

/*
 * A short message (textlen <= CTNEON_CP_SHORT_TEXT): all of it in the
 * start's call.  Encrypting, the start's call encrypts a copy of the text
 * and the copy's ciphertext is hashed.  Decrypting, the ciphertext is read
 * from src once, after the AAD (whose chunks share rctx->buf), into
 * rctx->buf; that copy is hashed and XORed with the keystream the start's
 * call made over zeros, so what is authenticated is what is decrypted
 * even if the caller changes src meanwhile (issue #21).  dst, maybe src,
 * is written last.  The request context stays small: an AF_ALG request
 * is charged to the socket's optmem_max together with its scatterlists,
 * and a fragmented 12 KiB request on 32-bit 6.1 failed with -ENOMEM when
 * a second 128-byte copy was added here.
 */
static void ctneon_chachapoly_short(struct aead_request *req,
				    struct ctneon_chachapoly_reqctx *rctx,
				    unsigned int aadlen, unsigned int textlen,
				    bool enc)
{
	u8 *ks = rctx->sbuf;			/* 0^64 || text */

	BUILD_BUG_ON(CTNEON_CP_SHORT_TEXT > sizeof(rctx->buf));

	ctneon_chachapoly_start(req, rctx, ks, textlen, aadlen, enc);
	if (enc) {
		ctneon_poly_padded(rctx->pstate, ks + 64, textlen);
	} else if (textlen) {
		scatterwalk_map_and_copy(rctx->buf, req->src, req->assoclen,
					 textlen, 0);
		ctneon_test_tamper_sg(req->src, req->assoclen, textlen);
		ctneon_poly_padded(rctx->pstate, rctx->buf, textlen);
		crypto_xor(ks + 64, rctx->buf, textlen);
	}
	if (textlen)
		scatterwalk_map_and_copy(ks + 64, req->dst, req->assoclen,
					 textlen, 1);
}

/*
 * Decrypting a walk step of n bytes (a multiple of 64 but in the last
 * step): the ciphertext is read from src once, into a copy of the
 * module's, which is then both authenticated and decrypted (issue #21:
 * the stitched core reads its input twice, once for Poly1305 on the
 * integer unit and once for the XOR on NEON).  With NEON enabled: the
 * per-CPU stable buffer, a page at a time, copied with NEON.
 */
static void ctneon_chachapoly_decrypt_stable(struct ctneon_chachapoly_reqctx *rctx,
					     u8 *dst, const u8 *src,
					     unsigned int n)
{
	unsigned int off, c;

	for (off = 0; off < n; off += c) {
		u8 *buf = ctneon_stable_begin();

		c = min_t(unsigned int, n - off, CTNEON_STABLE_SIZE);
		ctneon_neon_copy(buf, src + off, c);
		ctneon_test_tamper(src + off, c);
		ctneon_chachapoly_crypt(rctx->state, rctx->pstate, dst + off,
					buf, c, 0, NULL);
		ctneon_stable_end();
	}
}

/* The same without NEON: through rctx->lag (unused when decrypting). */
static void ctneon_chachapoly_decrypt_ct(struct ctneon_chachapoly_reqctx *rctx,
					 u8 *dst, const u8 *src,
					 unsigned int n)
{
	unsigned int off, c;

	for (off = 0; off < n; off += c) {
		c = min_t(unsigned int, n - off, sizeof(rctx->lag));
		memcpy(rctx->lag, src + off, c);
		ctneon_test_tamper(src + off, c);
		ctneon_poly_padded(rctx->pstate, rctx->lag, c);
		ctneon_chacha_ct_crypt(rctx->state, dst + off, rctx->lag, c, 20);
	}
}

/* Little-endian 64-bit store. */
static void ctneon_put_le64(u64 v, u8 *p)
{
	__le64 b = cpu_to_le64(v);

	memcpy(p, &b, sizeof(b));
}

static int ctneon_chachapoly_request(struct aead_request *req, bool enc)
{
	CTNEON_NEON_STATE(ns);
	struct crypto_aead *tfm = crypto_aead_reqtfm(req);
	struct ctneon_chachapoly_ctx *ctx = crypto_aead_ctx(tfm);
	struct ctneon_chachapoly_reqctx *rctx = aead_request_ctx(req);
	unsigned int ivsize = crypto_aead_ivsize(tfm);
	unsigned int saltlen = 12 - ivsize;
	unsigned int aadlen = req->assoclen, textlen;
	u8 iv[CTNEON_CHACHA_IV_SIZE];
	struct skcipher_walk walk;
	const u8 *pend = NULL;
	unsigned int head;
	int pflags = 0;		/* CTNEON_CP_HEAD_PEND while pend is the head */
	int err = 0;

	if (saltlen) {			/* ESP: the IV copy is not authenticated */
		if (aadlen < ivsize)
			return -EINVAL;
		aadlen -= ivsize;
	}
	if (!enc && req->cryptlen < CTNEON_POLY_TAG_SIZE)
		return -EINVAL;
	textlen = req->cryptlen - (enc ? 0 : CTNEON_POLY_TAG_SIZE);

	/* counter 0 || salt || IV */
	memset(iv, 0, 4);
	memcpy(iv + 4, ctx->salt, saltlen);
	memcpy(iv + 4 + saltlen, req->iv, ivsize);
	ctneon_chacha_state(rctx->state, ctx->key, iv);

	if (textlen <= CTNEON_CP_SHORT_TEXT) {
		ctneon_chachapoly_short(req, rctx, aadlen, textlen, enc);
		goto tag;
	}

	/*
	 * On arm, encrypting a text of at least a stitched step, the start
	 * makes the keystream of its first CTNEON_CP_HEAD bytes with block
	 * 0.  Their ciphertext waits in rctx->lag + 64 for the walk's first
	 * step, which writes it to its dst (written to req->dst here, it
	 * would be overwritten with the plaintext when that step is bounced
	 * through the walk's buffer out of place) and passes it to the first
	 * stitched call to absorb in its rounds (CTNEON_CP_HEAD_PEND).
	 * Decrypting, the first step absorbs its own ciphertext in its
	 * rounds: there is no idle Poly1305 slot to hide a head in.
	 */
	head = enc && textlen >= CTNEON_CP_STEP ? CTNEON_CP_HEAD : 0;
	BUILD_BUG_ON(64 + CTNEON_CP_HEAD > sizeof(rctx->lag));
	BUILD_BUG_ON(64 > sizeof(rctx->buf));
	if (head) {
		ctneon_chachapoly_start(req, rctx, rctx->lag, head, aadlen, true);
		pend = rctx->lag + 64;
		pflags = CTNEON_CP_HEAD_PEND;
	} else {
		ctneon_chachapoly_start(req, rctx, rctx->buf, 0, aadlen, true);
	}

	err = ctneon_aead_walk_start(&walk, req, enc);
	while (walk.nbytes) {
		/* the head, already made, starts the first step */
		unsigned int skip = min(head, walk.nbytes);
		const u8 *src = walk.src.virt.addr + skip;
		u8 *dst = walk.dst.virt.addr + skip;
		unsigned int n = walk.nbytes - skip;
		int flags = (enc ? CTNEON_CP_ENC : 0) | pflags;

		/*
		 * Not the last step: whole stitched steps (the walk's stride
		 * makes that at least one), and when encrypting the last of
		 * them is absorbed in the next call's rounds (chacha-poly.h).
		 * After the head, whole blocks: the walk's first step may be
		 * one stride bounced through its buffer, which must be used
		 * up, and CTNEON_CP_HEAD + 64 is that stride.  (The first step
		 * is never shorter than the stride, as textlen is not: the
		 * head always fits in it.)
		 */
		if (n < walk.total - skip) {
			n -= n % (skip ? 64 : CTNEON_CP_WALK);
			if (enc && n >= CTNEON_CP_STEP && n % CTNEON_CP_STEP == 0)
				flags |= CTNEON_CP_KEEP;
		}
		if (skip)
			memcpy(walk.dst.virt.addr, rctx->lag + 64, skip);
		head = 0;
		pflags = 0;
		if (ctneon_neon_begin(&ns)) {
			if (enc)
				ctneon_chachapoly_crypt(rctx->state, rctx->pstate,
							dst, src, n, flags, pend);
			else
				ctneon_chachapoly_decrypt_stable(rctx, dst, src, n);
			ctneon_neon_end(&ns);
			pend = NULL;
			if (flags & CTNEON_CP_KEEP) {
				memcpy(rctx->lag, dst + n - CTNEON_CP_STEP,
				       CTNEON_CP_STEP);
				pend = rctx->lag;
			}
		} else {
			if (pend)
				ctneon_poly1305_blocks(rctx->pstate, pend,
					(flags & CTNEON_CP_HEAD_PEND ?
					 CTNEON_CP_HEAD : CTNEON_CP_STEP) / 16);
			pend = NULL;
			if (enc) {
				ctneon_chacha_ct_crypt(rctx->state, dst, src, n, 20);
				ctneon_poly_padded(rctx->pstate, dst, n);
			} else {
				ctneon_chachapoly_decrypt_ct(rctx, dst, src, n);
			}
		}
		err = skcipher_walk_done(&walk, walk.nbytes - skip - n);
	}
	ctneon_aead_walk_done(&walk);
	if (err)
		goto out;

tag:
	ctneon_put_le64(aadlen, rctx->buf);
	ctneon_put_le64(textlen, rctx->buf + 8);
	ctneon_poly1305_blocks(rctx->pstate, rctx->buf, 1);
	ctneon_poly1305_final(rctx->pstate, rctx->tag);

	if (enc) {
		scatterwalk_map_and_copy(rctx->tag, req->dst,
					 req->assoclen + textlen,
					 CTNEON_POLY_TAG_SIZE, 1);
	} else {
		scatterwalk_map_and_copy(rctx->buf, req->src,
					 req->assoclen + textlen,
					 CTNEON_POLY_TAG_SIZE, 0);
		if (crypto_memneq(rctx->tag, rctx->buf, CTNEON_POLY_TAG_SIZE))
			err = -EBADMSG;
	}
out:
	memzero_explicit(rctx, sizeof(*rctx));
	return err;
}

static int ctneon_chachapoly_encrypt(struct aead_request *req)
{
	return ctneon_chachapoly_request(req, true);
}

static int ctneon_chachapoly_decrypt(struct aead_request *req)
{
	return ctneon_chachapoly_request(req, false);
}

static int ctneon_chachapoly_init(struct crypto_aead *tfm)
{
	crypto_aead_set_reqsize(tfm, sizeof(struct ctneon_chachapoly_reqctx));
	return 0;
}

static void ctneon_chachapoly_exit(struct crypto_aead *tfm)
{
	memzero_explicit(crypto_aead_ctx(tfm), sizeof(struct ctneon_chachapoly_ctx));
}

static struct aead_alg ctneon_chachapoly_algs[] = { {
	.base.cra_name		= "rfc7539(chacha20,poly1305)",
	.base.cra_driver_name	= "rfc7539-chacha20-poly1305-ctneon",
	.base.cra_priority	= CTNEON_CHACHAPOLY_PRIORITY,
	.base.cra_blocksize	= 1,
	.base.cra_ctxsize	= sizeof(struct ctneon_chachapoly_ctx),
	.base.cra_module	= THIS_MODULE,
	.setkey			= ctneon_chachapoly_setkey,
	.setauthsize		= ctneon_chachapoly_setauthsize,
	.encrypt		= ctneon_chachapoly_encrypt,
	.decrypt		= ctneon_chachapoly_decrypt,
	.init			= ctneon_chachapoly_init,
	.exit			= ctneon_chachapoly_exit,
	.ivsize			= 12,
	.maxauthsize		= CTNEON_POLY_TAG_SIZE,
	.chunksize		= CTNEON_CP_WALK,
}, {
	.base.cra_name		= "rfc7539esp(chacha20,poly1305)",
	.base.cra_driver_name	= "rfc7539esp-chacha20-poly1305-ctneon",
	.base.cra_priority	= CTNEON_CHACHAPOLY_PRIORITY,
	.base.cra_blocksize	= 1,
	.base.cra_ctxsize	= sizeof(struct ctneon_chachapoly_ctx),
	.base.cra_module	= THIS_MODULE,
	.setkey			= ctneon_chachapoly_setkey,
	.setauthsize		= ctneon_chachapoly_setauthsize,
	.encrypt		= ctneon_chachapoly_encrypt,
	.decrypt		= ctneon_chachapoly_decrypt,
	.init			= ctneon_chachapoly_init,
	.exit			= ctneon_chachapoly_exit,
	.ivsize			= 8,
	.maxauthsize		= CTNEON_POLY_TAG_SIZE,
	.chunksize		= CTNEON_CP_WALK,
} };

/* what ctneon_chacha_register() decided */
static bool ctneon_chachapoly_on;

int ctneon_chacha_register(void)
{
	int err;

	err = ctneon_register_skciphers(ctneon_chacha_algs,
					ARRAY_SIZE(ctneon_chacha_algs));
	ctneon_chachapoly_on = CTNEON_CHACHAPOLY_REGISTER;
	if (err || !ctneon_chachapoly_on)
		return err;
	err = ctneon_stable_get();
	if (err)
		goto out_sk;
	err = ctneon_register_aeads(ctneon_chachapoly_algs,
				    ARRAY_SIZE(ctneon_chachapoly_algs));
	if (!err)
		return 0;
	ctneon_stable_put();
out_sk:
	ctneon_unregister_skciphers(ctneon_chacha_algs,
				    ARRAY_SIZE(ctneon_chacha_algs));
	return err;
}

void ctneon_chacha_unregister(void)
{
	if (ctneon_chachapoly_on) {
		ctneon_unregister_aeads(ctneon_chachapoly_algs,
					ARRAY_SIZE(ctneon_chachapoly_algs));
		ctneon_stable_put();
	}
	ctneon_unregister_skciphers(ctneon_chacha_algs,
				    ARRAY_SIZE(ctneon_chacha_algs));
}

MODULE_ALIAS_CRYPTO("chacha20");
MODULE_ALIAS_CRYPTO("chacha20-ctneon");
MODULE_ALIAS_CRYPTO("xchacha20");
MODULE_ALIAS_CRYPTO("xchacha20-ctneon");
MODULE_ALIAS_CRYPTO("xchacha12");
MODULE_ALIAS_CRYPTO("xchacha12-ctneon");
#ifdef CONFIG_ARM64	/* CTNEON_CHACHAPOLY_REGISTER */
MODULE_ALIAS_CRYPTO("rfc7539(chacha20,poly1305)");
MODULE_ALIAS_CRYPTO("rfc7539-chacha20-poly1305-ctneon");
MODULE_ALIAS_CRYPTO("rfc7539esp(chacha20,poly1305)");
MODULE_ALIAS_CRYPTO("rfc7539esp-chacha20-poly1305-ctneon");
#endif
