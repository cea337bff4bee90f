// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: AES cipher and ECB, CBC, CTR and XTS skciphers on NEON.
 *
 * Design notes
 * ------------
 * All modes are synchronous (on 32-bit 6.1 svc-async.c wraps them in
 * asynchronous algorithms of the same names).  A request of at most a page
 * whose source and destination each lie in their first scatterlist entry
 * runs as one piece without the walk (ctneon_lean_begin()); every other
 * request walks its scatterlists with skcipher_walk_virt(), each walk step
 * (at most a page) handed to an assembly core inside one
 * kernel_neon_begin()/kernel_neon_end() section, and skcipher_walk_done(),
 * which may sleep, runs outside it.
 *
 * Where NEON may not be used, ctneon_neon_begin() (neon-section.c) sends
 * the request to the portable constant-time AES of aes-ct.c.  The pieces
 * and the choice between the vpaes and bit-sliced cores are the AES
 * engine's (svc-aes.c).
 *
 * Keys: setkey expands the key once into the vpaes and standard schedules
 * (struct ctneon_aes_key); the context is wiped when the transform is freed.
 */
#include <asm/hwcap.h>
#include <asm/neon.h>
#include <asm/simd.h>
#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/internal/simd.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <crypto/xts.h>
#include <linux/cpufeature.h>
#include <linux/highmem.h>
#include <linux/module.h>
#include <linux/string.h>

#include "aes-ct.h"
#include "glue.h"
#include "neon-section.h"
#include "svc-aes.h"
#include "svc-async.h"
#include "svc-rank.h"
#include "svc-single.h"
#include "test-hooks.h"

/*
 * Above every in-tree driver a CPU without the Crypto Extensions has,
 * below the -ce ones; svc-rank.c lowers a name below a constant-time
 * in-tree driver that is faster.
 */
#define CTNEON_MODE_PRIORITY	275	/* above *-aes-neonbs (250), below CE (300) */
#define CTNEON_CIPHER_PRIORITY	225	/* above aes-arm (200), below aes-ce (250) */

struct ctneon_xts_ctx {
	struct ctneon_aes_ctx data;
	struct ctneon_aes_key tweak;
};

/* ---- the single-block cipher --------------------------------------------- */

static int ctneon_cipher_setkey(struct crypto_tfm *tfm, const u8 *key,
				unsigned int len)
{
	return ctneon_aes_expandkey(crypto_tfm_ctx(tfm), key, len);
}

/*
 * The cipher API has no NEED_KEY check and its calls cannot fail: a
 * transform that was never keyed (a zeroed context) or whose last setkey
 * failed (ctneon_aes_expandkey() wipes the key then) gets zeros, never a
 * block under a stale or empty schedule.  ctneon_aes_encrypt_block() and
 * ctneon_aes_decrypt_block() check.
 */
static void ctneon_cipher_encrypt(struct crypto_tfm *tfm, u8 *dst,
				  const u8 *src)
{
	ctneon_aes_encrypt_block(crypto_tfm_ctx(tfm), dst, src);
}

static void ctneon_cipher_decrypt(struct crypto_tfm *tfm, u8 *dst,
				  const u8 *src)
{
	ctneon_aes_decrypt_block(crypto_tfm_ctx(tfm), dst, src);
}

static void ctneon_cipher_exit(struct crypto_tfm *tfm)
{
	memzero_explicit(crypto_tfm_ctx(tfm), sizeof(struct ctneon_aes_key));
}

/* ---- walk loops ------------------------------------------------------ */

/* One piece, on NEON where it may be used, else on the portable code. */
static void ctneon_aes_piece(struct ctneon_aes_ctx *ctx, enum ctneon_mode mode,
			     bool enc, u8 *dst, const u8 *src,
			     unsigned int bytes, u8 *iv)
{
	CTNEON_NEON_STATE(ns);

	if (ctneon_neon_begin(&ns)) {
		ctneon_aes_piece_neon(ctx, mode, enc, dst, src, bytes, iv);
		ctneon_neon_end(&ns);
	} else {
		ctneon_aes_piece_ct(ctx, mode, enc, dst, src, bytes, iv);
	}
}

/*
 * xctr(aes), HCTR2's counter mode: keystream block i (from 1) is
 * E(IV ^ le(i)); the kernel, like its xctr template, keeps i to 32 bits
 * (a request is far shorter than 2^32 blocks) and leaves the IV unchanged.
 * The counter blocks are made here, CTNEON_XCTR_CHUNK bytes at a time, and
 * encrypted as ECB (bit-sliced for the bulk, vpaes for the rest: the
 * policy of ctneon_bs_blocks()); the keystream is XORed in and wiped.
 */
#define CTNEON_XCTR_CHUNK	(16 * AES_BLOCK_SIZE)

static void ctneon_xctr_piece(struct ctneon_aes_ctx *ctx, bool neon, u8 *dst,
			      const u8 *src, unsigned int bytes,
			      const u8 *iv, u32 *ctr, u8 *ks)
{
	while (bytes) {
		unsigned int n = min_t(unsigned int, bytes, CTNEON_XCTR_CHUNK);
		unsigned int blocks = DIV_ROUND_UP(n, AES_BLOCK_SIZE), i;

		for (i = 0; i < blocks; i++) {
			__le32 c = cpu_to_le32((*ctr)++);

			memcpy(ks + AES_BLOCK_SIZE * i, iv, AES_BLOCK_SIZE);
			crypto_xor(ks + AES_BLOCK_SIZE * i, (u8 *)&c, sizeof(c));
		}
		if (neon)
			ctneon_aes_piece_neon(ctx, MODE_ECB, true, ks, ks,
					      blocks * AES_BLOCK_SIZE, NULL);
		else
			ctneon_aes_piece_ct(ctx, MODE_ECB, true, ks, ks,
					    blocks * AES_BLOCK_SIZE, NULL);
		crypto_xor_cpy(dst, src, ks, n);
		dst += n;
		src += n;
		bytes -= n;
	}
}

/* one walk step of XCTR: its own NEON section and keystream buffer */
static void ctneon_xctr_step(struct ctneon_aes_ctx *ctx, u8 *dst,
			     const u8 *src, unsigned int bytes, const u8 *iv,
			     u32 *ctr)
{
	u8 ks[CTNEON_XCTR_CHUNK];
	CTNEON_NEON_STATE(ns);
	bool neon = ctneon_neon_begin(&ns);

	ctneon_xctr_piece(ctx, neon, dst, src, bytes, iv, ctr, ks);
	if (neon)
		ctneon_neon_end(&ns);
	memzero_explicit(ks, sizeof(ks));
}

/*
 * Short requests without the walk.  A request of at most CTNEON_LEAN_MAX
 * bytes whose source and destination each lie in the first entry of their
 * scatterlist, either inside one page (mapped with kmap_local_page(), as
 * the walk maps it: highmem is fine) or in pages the kernel maps linearly,
 * is handed to the pieces directly, in one NEON section with whatever else
 * the mode needs (XTS: the tweak): the walk's set-up and its per-step
 * mapping cost more than the cipher for a few blocks (arm64, #22: a
 * 16-byte XTS request took about 1,590 instructions, of which the two
 * vpaes blocks were 560).  The choice depends on lengths and on where the
 * buffers are, never on their contents.  ctneon_lean_end() unmaps and does
 * what the walk does for each destination page written.
 */
#define CTNEON_LEAN_MAX		PAGE_SIZE

struct ctneon_lean {
	const u8 *src;
	u8 *dst;
	bool src_mapped, dst_mapped;	/* by kmap_local_page() */
};

static u8 *ctneon_lean_map(struct scatterlist *sg, unsigned int len,
			   bool *mapped)
{
	unsigned int off = offset_in_page(sg->offset);
	struct page *first = sg_page(sg) + (sg->offset >> PAGE_SHIFT);
	struct page *last = sg_page(sg) + ((sg->offset + len - 1) >> PAGE_SHIFT);

	*mapped = false;
	if (sg->length < len)
		return NULL;
	if (off + len <= PAGE_SIZE) {
		*mapped = true;
		return (u8 *)kmap_local_page(first) + off;
	}
	if (PageHighMem(first) || PageHighMem(last))
		return NULL;
	return sg_virt(sg);
}

static bool ctneon_lean_begin(struct skcipher_request *req,
			      struct ctneon_lean *l)
{
	unsigned int len = req->cryptlen;

	if (len > CTNEON_LEAN_MAX || !len)
		return false;
	l->src = ctneon_lean_map(req->src, len, &l->src_mapped);
	if (!l->src)
		return false;
	l->dst = ctneon_lean_map(req->dst, len, &l->dst_mapped);
	if (l->dst)
		return true;
	if (l->src_mapped)
		kunmap_local(l->src);
	return false;
}

static void ctneon_lean_end(struct skcipher_request *req,
			    struct ctneon_lean *l)
{
	struct scatterlist *sg = req->dst;
	unsigned int first = sg->offset >> PAGE_SHIFT;
	unsigned int last = (sg->offset + req->cryptlen - 1) >> PAGE_SHIFT;
	unsigned int i;

	/* local mappings are released in the reverse order */
	if (l->dst_mapped)
		kunmap_local(l->dst);
	if (l->src_mapped)
		kunmap_local(l->src);
	for (i = first; i <= last; i++)
		flush_dcache_page(sg_page(sg) + i);
}

/*
 * The walk loop for every mode: whole blocks per step, except that CTR and
 * XCTR take their partial final block in the last step.  iv is the
 * request's chaining value, or for XTS the encrypted tweak; XCTR counts
 * its blocks here and leaves the request's IV as it was.
 */
static noinline int ctneon_walk_steps(struct skcipher_request *req,
				      struct ctneon_aes_ctx *ctx,
				      enum ctneon_mode mode, bool enc, u8 *iv)
{
	struct skcipher_walk walk;
	u32 xctr = 1;
	int err;

	err = skcipher_walk_virt(&walk, req, false);
	while (walk.nbytes) {
		unsigned int n = walk.nbytes;

		if (n < walk.total)
			n = round_down(n, AES_BLOCK_SIZE);
		else if (mode != MODE_CTR && mode != MODE_XCTR)
			n = round_down(n, AES_BLOCK_SIZE);
		if (mode == MODE_XCTR)
			ctneon_xctr_step(ctx, walk.dst.virt.addr,
					 walk.src.virt.addr, n, walk.iv, &xctr);
		else
			ctneon_aes_piece(ctx, mode, enc, walk.dst.virt.addr,
					 walk.src.virt.addr, n, iv ? iv : walk.iv);
		err = skcipher_walk_done(&walk, walk.nbytes - n);
	}
	return err;
}

/*
 * The short path, or the walk in a frame of its own (the walk's state,
 * which Debian's INIT_STACK_ALL_ZERO clears on entry, is not paid by
 * the requests that do not walk).
 */
static int ctneon_walk(struct skcipher_request *req,
		       struct ctneon_aes_ctx *ctx, enum ctneon_mode mode,
		       bool enc, u8 *iv)
{
	struct ctneon_lean l;

	/* the API's NEED_KEY makes this unreachable; the cores need it */
	if (unlikely(!ctneon_aes_rounds_ok(ctx->key.rounds)))
		return -ENOKEY;
	if (mode != MODE_XCTR && ctneon_lean_begin(req, &l)) {
		ctneon_aes_piece(ctx, mode, enc, l.dst, l.src, req->cryptlen,
				 iv ? iv : req->iv);
		ctneon_lean_end(req, &l);
		return 0;
	}
	return ctneon_walk_steps(req, ctx, mode, enc, iv);
}

static int ctneon_aes_setkey(struct crypto_skcipher *tfm, const u8 *key,
			     unsigned int len)
{
	return ctneon_aes_ctx_setkey(crypto_skcipher_ctx(tfm), key, len);
}

static int ctneon_block_mode(struct skcipher_request *req,
			     enum ctneon_mode mode, bool enc)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);

	if (req->cryptlen % AES_BLOCK_SIZE)
		return -EINVAL;
	return ctneon_walk(req, crypto_skcipher_ctx(tfm), mode, enc, NULL);
}

static int ctneon_ecb_encrypt(struct skcipher_request *req)
{
	return ctneon_block_mode(req, MODE_ECB, true);
}

static int ctneon_ecb_decrypt(struct skcipher_request *req)
{
	return ctneon_block_mode(req, MODE_ECB, false);
}

static int ctneon_cbc_encrypt(struct skcipher_request *req)
{
	return ctneon_block_mode(req, MODE_CBC, true);
}

static int ctneon_cbc_decrypt(struct skcipher_request *req)
{
	return ctneon_block_mode(req, MODE_CBC, false);
}

static int ctneon_ctr_crypt(struct skcipher_request *req)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);

	return ctneon_walk(req, crypto_skcipher_ctx(tfm), MODE_CTR, true, NULL);
}

static int ctneon_xctr_crypt(struct skcipher_request *req)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);

	return ctneon_walk(req, crypto_skcipher_ctx(tfm), MODE_XCTR, true, NULL);
}

/*
 * The first head bytes of req through the walk, as a request of their own
 * (XTS and CTS then finish the last one or two blocks themselves).
 */
static int ctneon_walk_head(struct skcipher_request *req,
			    struct ctneon_aes_ctx *ctx, unsigned int head,
			    enum ctneon_mode mode, bool enc, u8 *iv)
{
	struct skcipher_request subreq;

	skcipher_request_set_tfm(&subreq, crypto_skcipher_reqtfm(req));
	skcipher_request_set_callback(&subreq, skcipher_request_flags(req),
				      NULL, NULL);
	skcipher_request_set_crypt(&subreq, req->src, req->dst, head, req->iv);
	return ctneon_walk(&subreq, ctx, mode, enc, iv);
}

static int ctneon_xts_setkey(struct crypto_skcipher *tfm, const u8 *key,
			     unsigned int len)
{
	struct ctneon_xts_ctx *ctx = crypto_skcipher_ctx(tfm);
	int err;

	err = xts_verify_key(tfm, key, len);
	if (err)
		return err;
	len /= 2;
	err = ctneon_aes_ctx_setkey(&ctx->data, key, len);
	if (!err)
		err = ctneon_aes_expandkey(&ctx->tweak, key + len, len);
	return err;
}

/*
 * A short XTS request mapped by ctneon_lean_begin(): T = E_K2(IV),
 * then the whole text with its stealing, in one NEON section.  Its own
 * frame, so that the walk path below does not carry its NEON state.
 */
static noinline int ctneon_xts_lean(struct skcipher_request *req,
				    struct ctneon_xts_ctx *ctx, bool enc,
				    struct ctneon_lean *l)
{
	const u8 *src = l->src;
	u8 *dst = l->dst;
	u8 tweak[AES_BLOCK_SIZE];
	CTNEON_NEON_STATE(ns);

	if (ctneon_neon_begin(&ns)) {
		ctneon_single_ecb(&ctx->tweak, true, tweak, req->iv, 1);
		ctneon_aes_piece_neon(&ctx->data, MODE_XTS, enc, dst, src,
				      req->cryptlen, tweak);
		ctneon_neon_end(&ns);
	} else {
		ctneon_aes_ct_encrypt(&ctx->tweak, tweak, req->iv);
		ctneon_aes_piece_ct(&ctx->data, MODE_XTS, enc, dst, src,
				    req->cryptlen, tweak);
	}
	ctneon_lean_end(req, l);
	memzero_explicit(tweak, sizeof(tweak));
	return 0;
}

/*
 * XTS: the whole blocks go through the walk; when the length is not a
 * multiple of 16, the last full block and the tail (at most 31 bytes) are
 * copied out, processed with ciphertext stealing, and copied back.
 */
static int ctneon_xts_crypt(struct skcipher_request *req, bool enc)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	struct ctneon_xts_ctx *ctx = crypto_skcipher_ctx(tfm);
	unsigned int tail = req->cryptlen % AES_BLOCK_SIZE;
	unsigned int head = req->cryptlen - (tail ? AES_BLOCK_SIZE + tail : 0);
	u8 tweak[AES_BLOCK_SIZE], buf[2 * AES_BLOCK_SIZE];
	struct ctneon_lean l;
	int err = 0;

	if (req->cryptlen < AES_BLOCK_SIZE)
		return -EINVAL;
	if (unlikely(!ctneon_aes_rounds_ok(ctx->data.key.rounds) ||
		     !ctneon_aes_rounds_ok(ctx->tweak.rounds)))
		return -ENOKEY;

	if (ctneon_lean_begin(req, &l))
		return ctneon_xts_lean(req, ctx, enc, &l);

	/* T = E_K2(IV) */
	ctneon_aes_encrypt_block(&ctx->tweak, tweak, req->iv);

	if (head)
		err = ctneon_walk_head(req, &ctx->data, head, MODE_XTS, enc, tweak);
	if (!err && tail) {
		scatterwalk_map_and_copy(buf, req->src, head, AES_BLOCK_SIZE + tail, 0);
		ctneon_aes_piece(&ctx->data, MODE_XTS, enc, buf, buf,
				 AES_BLOCK_SIZE + tail, tweak);
		scatterwalk_map_and_copy(buf, req->dst, head, AES_BLOCK_SIZE + tail, 1);
		memzero_explicit(buf, sizeof(buf));
	}
	memzero_explicit(tweak, sizeof(tweak));
	return err;
}

static int ctneon_xts_encrypt(struct skcipher_request *req)
{
	return ctneon_xts_crypt(req, true);
}

static int ctneon_xts_decrypt(struct skcipher_request *req)
{
	return ctneon_xts_crypt(req, false);
}

/*
 * cts(cbc(aes)), the kernel's CBC-CS3 (NIST SP 800-38A addendum): the text
 * (at least one block) is CBC up to its last two blocks, the last full one
 * P_n-1 and the tail P_n of d = 1..16 bytes; then
 *     X = E(P_n-1 ^ C_n-2),  Y = E((P_n || 0^(16-d)) ^ X),
 * and the output ends Y || X[0..d): the last two blocks always swap, even
 * for d = 16.  Decrypting, Z = D(Y) is (P_n || 0*) ^ X, so P_n = Z[0..d) ^
 * C_n and X = C_n || Z[d..16), and P_n-1 = D(X) ^ C_n-2.  One block is
 * plain CBC.  The request's iv is left as CBC leaves it (the last
 * ciphertext block, Y); d is a public length.
 */
static int ctneon_cts_crypt(struct skcipher_request *req, bool enc)
{
	struct crypto_skcipher *tfm = crypto_skcipher_reqtfm(req);
	struct ctneon_aes_ctx *ctx = crypto_skcipher_ctx(tfm);
	unsigned int len = req->cryptlen, head, d;
	CTNEON_NEON_STATE(ns);
	u8 b[2 * AES_BLOCK_SIZE], z[AES_BLOCK_SIZE];
	bool neon;
	int err = 0;

	if (len < AES_BLOCK_SIZE)
		return -EINVAL;
	if (len == AES_BLOCK_SIZE)
		return ctneon_walk(req, ctx, MODE_CBC, enc, NULL);
	if (unlikely(!ctneon_aes_rounds_ok(ctx->key.rounds)))
		return -ENOKEY;
	d = len % AES_BLOCK_SIZE ?: AES_BLOCK_SIZE;
	head = len - AES_BLOCK_SIZE - d;
	if (head) {
		err = ctneon_walk_head(req, ctx, head, MODE_CBC, enc, NULL);
		if (err)
			return err;
	}
	scatterwalk_map_and_copy(b, req->src, head, AES_BLOCK_SIZE + d, 0);
	neon = ctneon_neon_begin(&ns);
	if (enc) {
		/* b = P_n-1 || P_n 0* -> X || Y, iv -> Y */
		memset(b + AES_BLOCK_SIZE + d, 0, AES_BLOCK_SIZE - d);
		if (neon)
			ctneon_aes_piece_neon(ctx, MODE_CBC, true, b, b,
					      sizeof(b), req->iv);
		else
			ctneon_aes_piece_ct(ctx, MODE_CBC, true, b, b,
					    sizeof(b), req->iv);
		memcpy(z, b, AES_BLOCK_SIZE);			/* X */
		memcpy(b, b + AES_BLOCK_SIZE, AES_BLOCK_SIZE);	/* Y */
		memcpy(b + AES_BLOCK_SIZE, z, d);		/* X[0..d) */
	} else {
		/* b = Y || C_n -> Z = D(Y); X = C_n || Z[d..); P_n-1 = D(X) ^ C_n-2 */
		if (neon)
			ctneon_aes_piece_neon(ctx, MODE_ECB, false, z, b,
					      AES_BLOCK_SIZE, NULL);
		else
			ctneon_aes_piece_ct(ctx, MODE_ECB, false, z, b,
					    AES_BLOCK_SIZE, NULL);
		memcpy(b + AES_BLOCK_SIZE + d, z + d, AES_BLOCK_SIZE - d);
		crypto_xor(z, b + AES_BLOCK_SIZE, d);		/* P_n */
		memcpy(b, b + AES_BLOCK_SIZE, AES_BLOCK_SIZE);	/* X */
		memcpy(b + AES_BLOCK_SIZE, z, d);
		if (neon)
			ctneon_aes_piece_neon(ctx, MODE_CBC, false, b, b,
					      AES_BLOCK_SIZE, req->iv);
		else
			ctneon_aes_piece_ct(ctx, MODE_CBC, false, b, b,
					    AES_BLOCK_SIZE, req->iv);
	}
	if (neon)
		ctneon_neon_end(&ns);
	scatterwalk_map_and_copy(b, req->dst, head, AES_BLOCK_SIZE + d, 1);
	memzero_explicit(b, sizeof(b));
	memzero_explicit(z, sizeof(z));
	return 0;
}

static int ctneon_cts_encrypt(struct skcipher_request *req)
{
	return ctneon_cts_crypt(req, true);
}

static int ctneon_cts_decrypt(struct skcipher_request *req)
{
	return ctneon_cts_crypt(req, false);
}

static void ctneon_skcipher_exit(struct crypto_skcipher *tfm)
{
	memzero_explicit(crypto_skcipher_ctx(tfm),
			 crypto_skcipher_alg(tfm)->base.cra_ctxsize);
}

/* ---- registration ---------------------------------------------------- */

static struct crypto_alg ctneon_cipher_alg = {
	.cra_name		= "aes",
	.cra_driver_name	= "aes-ctneon",
	.cra_priority		= CTNEON_CIPHER_PRIORITY,
	.cra_flags		= CRYPTO_ALG_TYPE_CIPHER,
	.cra_blocksize		= AES_BLOCK_SIZE,
	.cra_ctxsize		= sizeof(struct ctneon_aes_key),
	.cra_module		= THIS_MODULE,
	.cra_exit		= ctneon_cipher_exit,
	.cra_u.cipher = {
		.cia_min_keysize	= AES_MIN_KEY_SIZE,
		.cia_max_keysize	= AES_MAX_KEY_SIZE,
		.cia_setkey		= ctneon_cipher_setkey,
		.cia_encrypt		= ctneon_cipher_encrypt,
		.cia_decrypt		= ctneon_cipher_decrypt,
	},
};

#define CTNEON_SKCIPHER(mode_, blocksize_, ivsize_, ctx_, keymul_, setkey_, enc_, dec_) \
	CTNEON_SKCIPHER_NAMED(#mode_ "(aes)", #mode_ "-aes-ctneon", blocksize_,	\
			      ivsize_, ctx_, keymul_, setkey_, enc_, dec_)
#define CTNEON_SKCIPHER_NAMED(name_, driver_, blocksize_, ivsize_, ctx_, keymul_, setkey_, enc_, dec_) { \
	.base.cra_name		= name_,					\
	.base.cra_driver_name	= driver_,					\
	.base.cra_priority	= CTNEON_MODE_PRIORITY,				\
	.base.cra_blocksize	= blocksize_,					\
	.base.cra_ctxsize	= sizeof(ctx_),					\
	.base.cra_module	= THIS_MODULE,					\
	.min_keysize		= (keymul_) * AES_MIN_KEY_SIZE,			\
	.max_keysize		= (keymul_) * AES_MAX_KEY_SIZE,			\
	.ivsize			= ivsize_,					\
	.chunksize		= AES_BLOCK_SIZE,				\
	.setkey			= setkey_,					\
	.encrypt		= enc_,						\
	.decrypt		= dec_,						\
	.exit			= ctneon_skcipher_exit,				\
}

static struct skcipher_alg ctneon_skcipher_algs[] = {
	CTNEON_SKCIPHER(ecb, AES_BLOCK_SIZE, 0, struct ctneon_aes_ctx, 1,
			ctneon_aes_setkey, ctneon_ecb_encrypt, ctneon_ecb_decrypt),
	CTNEON_SKCIPHER(cbc, AES_BLOCK_SIZE, AES_BLOCK_SIZE, struct ctneon_aes_ctx, 1,
			ctneon_aes_setkey, ctneon_cbc_encrypt, ctneon_cbc_decrypt),
	CTNEON_SKCIPHER(ctr, 1, AES_BLOCK_SIZE, struct ctneon_aes_ctx, 1,
			ctneon_aes_setkey, ctneon_ctr_crypt, ctneon_ctr_crypt),
	CTNEON_SKCIPHER(xts, AES_BLOCK_SIZE, AES_BLOCK_SIZE, struct ctneon_xts_ctx, 2,
			ctneon_xts_setkey, ctneon_xts_encrypt, ctneon_xts_decrypt),
};

/*
 * cts(cbc(aes)) and xctr(aes): names that 7.x would otherwise give to its
 * library drivers (at 110), table-based on CPUs without the AES
 * instructions; 6.x builds them from templates over the cipher.
 */
static struct skcipher_alg ctneon_more_skcipher_algs[] = {
	CTNEON_SKCIPHER_NAMED("cts(cbc(aes))", "cts-cbc-aes-ctneon", AES_BLOCK_SIZE,
			      AES_BLOCK_SIZE, struct ctneon_aes_ctx, 1,
			      ctneon_aes_setkey, ctneon_cts_encrypt, ctneon_cts_decrypt),
	CTNEON_SKCIPHER(xctr, 1, AES_BLOCK_SIZE, struct ctneon_aes_ctx, 1,
			ctneon_aes_setkey, ctneon_xctr_crypt, ctneon_xctr_crypt),
};

int ctneon_aes_register(void)
{
	int err;

	ctneon_rank(&ctneon_cipher_alg);
	err = ctneon_test_fail_register() ?:
	      crypto_register_alg(&ctneon_cipher_alg);
	if (err)
		return err;
	ctneon_await_selftest(&ctneon_cipher_alg);
	err = ctneon_register_skciphers(ctneon_skcipher_algs,
					ARRAY_SIZE(ctneon_skcipher_algs));
	if (err)
		goto out_cipher;
	err = ctneon_register_skciphers(ctneon_more_skcipher_algs,
					ARRAY_SIZE(ctneon_more_skcipher_algs));
	if (err)
		goto out_modes;
	return 0;

out_modes:
	ctneon_unregister_skciphers(ctneon_skcipher_algs,
				    ARRAY_SIZE(ctneon_skcipher_algs));
out_cipher:
	ctneon_await_release(&ctneon_cipher_alg);
	crypto_unregister_alg(&ctneon_cipher_alg);
	return err;
}

void ctneon_aes_unregister(void)
{
	ctneon_unregister_skciphers(ctneon_more_skcipher_algs,
				    ARRAY_SIZE(ctneon_more_skcipher_algs));
	ctneon_unregister_skciphers(ctneon_skcipher_algs,
				    ARRAY_SIZE(ctneon_skcipher_algs));
	ctneon_await_release(&ctneon_cipher_alg);
	crypto_unregister_alg(&ctneon_cipher_alg);
}

MODULE_ALIAS_CRYPTO("aes");
MODULE_ALIAS_CRYPTO("aes-ctneon");
MODULE_ALIAS_CRYPTO("ecb(aes)");
MODULE_ALIAS_CRYPTO("ecb-aes-ctneon");
MODULE_ALIAS_CRYPTO("cbc(aes)");
MODULE_ALIAS_CRYPTO("cbc-aes-ctneon");
MODULE_ALIAS_CRYPTO("ctr(aes)");
MODULE_ALIAS_CRYPTO("ctr-aes-ctneon");
MODULE_ALIAS_CRYPTO("xts(aes)");
MODULE_ALIAS_CRYPTO("xts-aes-ctneon");
MODULE_ALIAS_CRYPTO("cts(cbc(aes))");
MODULE_ALIAS_CRYPTO("cts-cbc-aes-ctneon");
MODULE_ALIAS_CRYPTO("xctr(aes)");
MODULE_ALIAS_CRYPTO("xctr-aes-ctneon");
