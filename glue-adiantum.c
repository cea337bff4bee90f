// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: adiantum(xchacha12,aes) and adiantum(xchacha20,aes).
 *
 * Design notes
 * ------------
 * Adiantum (Crowley and Biggers, "Adiantum: length-preserving encryption
 * for entry-level processors", ToSC 2018) with the kernel's conventions,
 * so that its self-test vectors hold: the 32-byte key K is the stream
 * cipher's; XChaCha_K over zeros with the IV 1 || 0* gives, in order, the
 * AES-256 key K_E, the 16-byte Poly1305 key K_T of the header hash and
 * the NHPoly1305 key (a 16-byte Poly1305 key K_M and 1072 bytes of NH
 * key).  A message of n >= 16 bytes is the bulk L (n - 16 bytes) and the
 * right-hand block R; with the 32-byte tweak T (the request IV),
 *
 *     H(T, L) = Poly1305_KT(le64(8 |L|) || 0^8 || T)
 *             + Poly1305_KM(NH(L_1) || NH(L_2) || ...)          (mod 2^128)
 *
 * where L_i are the 1024-byte chunks of L, the last one zero-padded to a
 * multiple of 16 bytes, and Poly1305 is taken without its s (the result
 * (h mod 2^130 - 5) mod 2^128).  Encryption: M = R + H(T, P_L),
 * C_M = AES_KE(M), C_L = P_L ^ XChaCha_K(IV = C_M || le32(1) || 0^12),
 * C_R = C_M - H(T, C_L).  Decryption runs the same steps backwards: the
 * first hash over C_L gives C_M, the stream gives P_L, AES^-1 gives P_M,
 * and P_R = P_M - H(T, P_L).
 *
 * Where the kernel's template runs three passes (NH of the input, the
 * stream cipher, NH of the output), each with its own walk and NEON
 * section, this runs two.  A request whose source and destination each
 * lie in one page (a disk sector, an fscrypt block) is mapped whole and
 * done in one NEON section: the first hash, the AES block, the stream
 * into dst and the second hash from dst while it is still in the cache.
 * Any other request: the first hash over the source's pages (sg_miter),
 * then one skcipher walk in which each step is XORed with the keystream
 * into dst and hashed by NH from there.  NH takes pieces of any length
 * (nh.h: its sums add up over pieces at 64-byte positions; a piece that
 * ends inside a group waits in the request's 64-byte pend).  On the walk
 * path the first hash, the AES block and the stream's setup are one NEON
 * section (one per CTNEON_ADI_SECTION bytes for long requests), then each
 * walk step is one, the step that ends the bulk also finishing the second
 * hash (and, decrypting, the AES block).  Every section is NEON or
 * portable (nh-ct.c, chacha-ct.c, aes-ct.c) as ctneon_neon_begin()
 * decides, and on the walk path a request may change path
 * at any section: each step's state (the Poly1305 state, the ChaCha
 * state, the NH sums) is the same on both paths, and Poly1305 is the
 * cores' integer code (chacha-poly.h), which runs anywhere.  The AES
 * block is one call of the single-block core svc-single.h picks (aes-ct.c's
 * portable cipher without NEON).
 *
 * Priority: the kernel builds adiantum(xchacha12,aes) from its template
 * over the best xchacha12/xchacha20 and aes (and, before 7.x, the best
 * nhpoly1305), at (4 stream + 2 hash + block) / 7 on 6.1 and 6.12 and
 * (4 stream + block) / 5 on 7.x: at most (4 * 310 + 2 * 200 + 225) / 7 =
 * 266 and (4 * 310 + 225) / 5 = 293 with ctneon's xchacha (310) and aes
 * (225).  Ours is 320, above any of them: an instance made before ctneon
 * loads (over the in-tree parts) stays registered but a new lookup of
 * the name takes ctneon's.
 *
 * Constant time: the cores and the portable code are (nh.h,
 * chacha-poly.h, svc-single.h); the glue branches on lengths only; the
 * 128-bit additions are carried word by word without branches.  The
 * derived keys live in the transform's context, wiped at exit; the
 * request's context (the ChaCha and Poly1305 states, the pending text,
 * the middle block) is wiped before the request returns.
 */
#include <crypto/algapi.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <linux/highmem.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "aes-ct.h"
#include "chacha-poly.h"
#include "glue.h"
#include "neon-section.h"
#include "nh.h"
#include "svc-async.h"
#include "svc-single.h"

/* the NH sums are kept as u64 in the layout the cores add to (nh.h) */
#ifdef CONFIG_CPU_BIG_ENDIAN
#error "glue-adiantum.c: little-endian kernels only"
#endif

#define CTNEON_ADI_KEY_SIZE	32
#define CTNEON_ADI_IV_SIZE	32		/* the tweak */
#define CTNEON_ADI_BLOCK	16
#define CTNEON_ADI_CHACHA_BLOCK	64
#define CTNEON_ADI_PRIORITY	320
/* the longest stretch of the passes in one NEON section */
#define CTNEON_ADI_SECTION	(8 * CTNEON_NH_CHUNK)

struct ctneon_adiantum_ctx {
	struct ctneon_nh_key nh;
	struct ctneon_aes_key aes;
	u32 key[8];				/* K, the stream cipher's */
	u8 tkey[32];				/* K_T || 0^16 (no s) */
	u8 mkey[32];				/* K_M || 0^16 */
	int nrounds;
};

/*
 * Per request, kept small: AF_ALG allocates it from the socket's option
 * memory, of which a 32-bit kernel grants 10 KiB by default (with a 1 KiB
 * buffer here its splice path ran out, -ENOMEM).
 */
struct ctneon_adiantum_reqctx {
	u8 pstate[CTNEON_POLY_STATE_SIZE] __aligned(8);
	u32 state[16];
	u32 subkey[8];
	u64 sum[4];				/* NH of the chunk so far (nh.h) */
	u8 pend[64];				/* its next 64 bytes, part-filled */
	unsigned int pos;			/* pend's position in the chunk */
	unsigned int plen;			/* bytes in pend */
	u8 th[CTNEON_ADI_BLOCK];		/* the header hash */
	u8 mh[CTNEON_ADI_BLOCK];		/* NHPoly1305 */
	u8 mid[CTNEON_ADI_BLOCK];		/* R -> M -> C_M -> ... */
};

/* one NEON section at a time: the path it took, and what it has done */
struct ctneon_adi_section {
	struct ctneon_neon_state ns;
	bool neon;
	unsigned int done;
};

static void ctneon_adi_begin(struct ctneon_adi_section *s)
{
	s->neon = ctneon_neon_begin(&s->ns);
	s->done = 0;
}

static void ctneon_adi_end(struct ctneon_adi_section *s)
{
	if (s->neon)
		ctneon_neon_end(&s->ns);
}

/* after bytes more of a pass: a new section when this one has done enough */
static void ctneon_adi_tick(struct ctneon_adi_section *s, unsigned int bytes)
{
	s->done += bytes;
	if (s->done >= CTNEON_ADI_SECTION) {
		ctneon_adi_end(s);
		ctneon_adi_begin(s);
	}
}

/* little-endian words at any alignment (<asm/unaligned.h> moved in 6.12) */
static __always_inline u32 ctneon_adi_le32(const u8 *p)
{
	__le32 w;

	memcpy(&w, p, sizeof(w));
	return le32_to_cpu(w);
}

static __always_inline void ctneon_adi_put_le32(u32 v, u8 *p)
{
	__le32 w = cpu_to_le32(v);

	memcpy(p, &w, sizeof(w));
}

/*
 * r = a + b (sub = 0) or a - b (sub = 1) mod 2^128, little-endian: four
 * 32-bit words, the carry (or the borrow, as a - b = a + ~b + 1) passed on
 * in a 64-bit sum, without branches
 */
static void ctneon_adi_add(u8 r[16], const u8 a[16], const u8 b[16], u32 sub)
{
	u32 m = 0 - sub;
	u64 c = sub;
	int i;

	for (i = 0; i < 16; i += 4) {
		c += (u64)ctneon_adi_le32(a + i) + (ctneon_adi_le32(b + i) ^ m);
		ctneon_adi_put_le32((u32)c, r + i);
		c >>= 32;
	}
}

/* XChaCha_K from the 32-byte iv: the subkey and the state of the stream */
static void ctneon_adi_xchacha_init(const struct ctneon_adiantum_ctx *ctx,
				    struct ctneon_adiantum_reqctx *rctx,
				    const u8 iv[32], bool neon)
{
	u8 pos[16];

	ctneon_chacha_state(rctx->state, ctx->key, iv);
	if (neon)
		ctneon_hchacha(rctx->state, rctx->subkey, ctx->nrounds);
	else
		ctneon_hchacha_ct(rctx->state, rctx->subkey, ctx->nrounds);
	memcpy(pos, iv + 24, 8);		/* the stream position */
	memcpy(pos + 8, iv + 16, 8);		/* the nonce */
	ctneon_chacha_state(rctx->state, rctx->subkey, pos);
}

/*
 * NHPoly1305 as a stream of pieces of any length: NH runs on whole
 * multiples of 64 bytes at 64-byte positions in their chunk (nh.h), from
 * the caller's memory where it can and from pend where a piece ends
 * inside a group; the chunk's sums go to Poly1305 when it is full, and
 * the last one (zero-padded to 16 bytes) at the final.
 */
static void ctneon_adi_nh_start(const struct ctneon_adiantum_ctx *ctx,
				struct ctneon_adiantum_reqctx *rctx)
{
	ctneon_poly1305_init(rctx->pstate, ctx->mkey);
	memset(rctx->sum, 0, sizeof(rctx->sum));
	rctx->pos = 0;
	rctx->plen = 0;
}

/* the chunk's NH (four little-endian words, as nh.h's cores keep them) */
static void ctneon_adi_nh_flush(struct ctneon_adiantum_reqctx *rctx)
{
	ctneon_poly1305_blocks(rctx->pstate, (const u8 *)rctx->sum, 2);
	memset(rctx->sum, 0, sizeof(rctx->sum));
	rctx->pos = 0;
}

static void ctneon_adi_nh_piece(const struct ctneon_adiantum_ctx *ctx,
				struct ctneon_adiantum_reqctx *rctx,
				const u8 *p, unsigned int n, bool neon)
{
	if (neon)
		ctneon_nh_neon(&ctx->nh, rctx->pos, p, n, (u8 *)rctx->sum);
	else
		ctneon_nh_ct(&ctx->nh, rctx->pos, p, n, (u8 *)rctx->sum);
	rctx->pos += n;
	if (rctx->pos == CTNEON_NH_CHUNK)
		ctneon_adi_nh_flush(rctx);
}

static void ctneon_adi_nh_update(const struct ctneon_adiantum_ctx *ctx,
				 struct ctneon_adiantum_reqctx *rctx,
				 const u8 *p, unsigned int n, bool neon)
{
	unsigned int k;

	while (n) {
		if (rctx->plen || n < sizeof(rctx->pend)) {
			k = min_t(unsigned int, n, sizeof(rctx->pend) - rctx->plen);
			memcpy(rctx->pend + rctx->plen, p, k);
			rctx->plen += k;
			if (rctx->plen == sizeof(rctx->pend)) {
				ctneon_adi_nh_piece(ctx, rctx, rctx->pend,
						    rctx->plen, neon);
				rctx->plen = 0;
			}
		} else {
			k = min_t(unsigned int, round_down(n, sizeof(rctx->pend)),
				  CTNEON_NH_CHUNK - rctx->pos);
			ctneon_adi_nh_piece(ctx, rctx, p, k, neon);
		}
		p += k;
		n -= k;
	}
}

static void ctneon_adi_nh_final(const struct ctneon_adiantum_ctx *ctx,
				struct ctneon_adiantum_reqctx *rctx, bool neon,
				u8 out[CTNEON_ADI_BLOCK])
{
	unsigned int r = round_up(rctx->plen, CTNEON_NH_UNIT);

	if (r) {
		memset(rctx->pend + rctx->plen, 0, r - rctx->plen);
		ctneon_adi_nh_piece(ctx, rctx, rctx->pend, r, neon);
	}
	if (rctx->pos)
		ctneon_adi_nh_flush(rctx);
	ctneon_poly1305_final(rctx->pstate, out);
}

static int ctneon_adiantum_setkey(struct crypto_skcipher *tfm, const u8 *key,
				  unsigned int len, int nrounds)
{
	struct ctneon_adiantum_ctx *ctx = crypto_skcipher_ctx(tfm);
	struct ctneon_adiantum_reqctx *rctx;
	struct ctneon_adi_section __uninitialized s;
	const unsigned int dlen = CTNEON_ADI_KEY_SIZE + 2 * CTNEON_ADI_BLOCK +
				  CTNEON_NH_KEY_SIZE;
	u8 iv[CTNEON_ADI_IV_SIZE] = { 1 };
	u8 *d;
	int err;

	if (len != CTNEON_ADI_KEY_SIZE)
		return -EINVAL;
	/* the derived keys, made in a request context's worth of memory */
	rctx = kzalloc(sizeof(*rctx) + dlen, GFP_KERNEL);
	if (!rctx)
		return -ENOMEM;
	d = (u8 *)(rctx + 1);
	ctneon_chacha_key(ctx->key, key);
	ctx->nrounds = nrounds;
	ctneon_adi_begin(&s);
	ctneon_adi_xchacha_init(ctx, rctx, iv, s.neon);
	if (s.neon)
		ctneon_chacha_crypt(rctx->state, d, d, dlen, nrounds);
	else
		ctneon_chacha_ct_crypt(rctx->state, d, d, dlen, nrounds);
	ctneon_adi_end(&s);

	err = ctneon_aes_expandkey(&ctx->aes, d, CTNEON_ADI_KEY_SIZE);
	memset(ctx->tkey, 0, sizeof(ctx->tkey));
	memset(ctx->mkey, 0, sizeof(ctx->mkey));
	memcpy(ctx->tkey, d + CTNEON_ADI_KEY_SIZE, CTNEON_ADI_BLOCK);
	memcpy(ctx->mkey, d + CTNEON_ADI_KEY_SIZE + CTNEON_ADI_BLOCK,
	       CTNEON_ADI_BLOCK);
	ctneon_nh_setkey(&ctx->nh, d + CTNEON_ADI_KEY_SIZE + 2 * CTNEON_ADI_BLOCK);
	kfree_sensitive(rctx);
	return err;
}

static int ctneon_adiantum12_setkey(struct crypto_skcipher *tfm,
				    const u8 *key, unsigned int len)
{
	return ctneon_adiantum_setkey(tfm, key, len, 12);
}

static int ctneon_adiantum20_setkey(struct crypto_skcipher *tfm,
				    const u8 *key, unsigned int len)
{
	return ctneon_adiantum_setkey(tfm, key, len, 20);
}

/* rctx->th = Poly1305_KT(le64(8 bulk) || 0^8 || T) */
static void ctneon_adi_header(const struct ctneon_adiantum_ctx *ctx,
			      struct ctneon_adiantum_reqctx *rctx,
			      unsigned int bulk, const u8 *tweak)
{
	u8 hdr[CTNEON_ADI_BLOCK] = { 0 };
	u64 bits = (u64)bulk * 8;

	ctneon_adi_put_le32((u32)bits, hdr);
	ctneon_adi_put_le32((u32)(bits >> 32), hdr + 4);
	ctneon_poly1305_init(rctx->pstate, ctx->tkey);
	ctneon_poly1305_blocks(rctx->pstate, hdr, 1);
	ctneon_poly1305_blocks(rctx->pstate, tweak, CTNEON_ADI_IV_SIZE / 16);
	ctneon_poly1305_final(rctx->pstate, rctx->th);
}

/* the first hash: NHPoly1305 of the input's bulk, read from req->src */
static void ctneon_adi_hash_src(const struct ctneon_adiantum_ctx *ctx,
				struct ctneon_adiantum_reqctx *rctx,
				struct skcipher_request *req, unsigned int bulk,
				struct ctneon_adi_section *s)
{
	struct sg_mapping_iter miter;
	unsigned int off, n;

	ctneon_adi_nh_start(ctx, rctx);
	sg_miter_start(&miter, req->src, sg_nents(req->src),
		       SG_MITER_FROM_SG | SG_MITER_ATOMIC);
	for (off = 0; off < bulk && sg_miter_next(&miter); off += n) {
		n = min_t(unsigned int, miter.length, bulk - off);
		ctneon_adi_nh_update(ctx, rctx, miter.addr, n, s->neon);
		ctneon_adi_tick(s, n);
	}
	sg_miter_stop(&miter);
	ctneon_adi_nh_final(ctx, rctx, s->neon, rctx->mh);
}

/*
 * After the first hash (rctx->mid = R + H(T, bulk) but for the NH part in
 * rctx->mh): M, C_M when encrypting, and the stream's state from the IV
 * C_M || le32(1) || 0^12
 */
static void ctneon_adi_middle(const struct ctneon_adiantum_ctx *ctx,
			      struct ctneon_adiantum_reqctx *rctx, bool neon,
			      bool enc)
{
	u8 iv[CTNEON_ADI_IV_SIZE] = { 0 };

	ctneon_adi_add(rctx->mid, rctx->mid, rctx->mh, 0);
	if (enc) {
		if (neon)
			ctneon_single_ecb(&ctx->aes, true, rctx->mid,
					  rctx->mid, 1);
		else
			ctneon_aes_ct_encrypt(&ctx->aes, rctx->mid, rctx->mid);
	}
	memcpy(iv, rctx->mid, CTNEON_ADI_BLOCK);
	iv[CTNEON_ADI_BLOCK] = 1;
	ctneon_adi_xchacha_init(ctx, rctx, iv, neon);
	memzero_explicit(iv, sizeof(iv));
}

/*
 * The second hash's last piece and, when decrypting, AES^-1 of C_M: in the
 * one-page path's section, or in that of the walk step that ends the bulk
 * (a section of its own when there is no bulk, or when the walk's last
 * step holds the last block only)
 */
static void ctneon_adi_finish(const struct ctneon_adiantum_ctx *ctx,
			      struct ctneon_adiantum_reqctx *rctx, bool neon,
			      bool enc)
{
	ctneon_adi_nh_final(ctx, rctx, neon, rctx->mh);
	if (enc)
		return;
	if (neon)
		ctneon_single_ecb(&ctx->aes, false, rctx->mid, rctx->mid, 1);
	else
		ctneon_aes_ct_decrypt(&ctx->aes, rctx->mid, rctx->mid);
}

/*
 * A request whose source and destination each lie in one page (a disk
 * sector, an fscrypt block: what dm-crypt and fscrypt send) is mapped whole
 * and done in one NEON section, with no walk: the first hash from src, the
 * AES block, the stream from src into dst over whole 64-byte ChaCha blocks
 * where the request has room (the bytes past the bulk are R's, written
 * last), the second hash from dst.  Not for a page larger than a
 * section's worth (64 KiB pages).
 */
static bool ctneon_adi_in_one_page(const struct scatterlist *sg,
				   unsigned int len)
{
	return len <= CTNEON_ADI_SECTION && sg->length >= len &&
	       sg->offset + len <= PAGE_SIZE;
}

static void ctneon_adiantum_crypt_page(const struct ctneon_adiantum_ctx *ctx,
				       struct ctneon_adiantum_reqctx *rctx,
				       struct skcipher_request *req,
				       unsigned int bulk, bool enc)
{
	struct ctneon_adi_section __uninitialized s;
	unsigned int stream = bulk;
	u8 *src, *dst;

	src = (u8 *)kmap_local_page(sg_page(req->src)) + req->src->offset;
	dst = src;
	if (req->dst != req->src)
		dst = (u8 *)kmap_local_page(sg_page(req->dst)) + req->dst->offset;
	if (round_up(bulk, CTNEON_ADI_CHACHA_BLOCK) <= req->cryptlen)
		stream = round_up(bulk, CTNEON_ADI_CHACHA_BLOCK);

	memcpy(rctx->mid, src + bulk, CTNEON_ADI_BLOCK);
	ctneon_adi_add(rctx->mid, rctx->mid, rctx->th, 0);
	ctneon_adi_begin(&s);
	ctneon_adi_nh_start(ctx, rctx);
	ctneon_adi_nh_update(ctx, rctx, src, bulk, s.neon);
	ctneon_adi_nh_final(ctx, rctx, s.neon, rctx->mh);
	ctneon_adi_middle(ctx, rctx, s.neon, enc);
	if (s.neon)
		ctneon_chacha_crypt(rctx->state, dst, src, stream, ctx->nrounds);
	else
		ctneon_chacha_ct_crypt(rctx->state, dst, src, stream,
				       ctx->nrounds);
	ctneon_adi_nh_start(ctx, rctx);
	ctneon_adi_nh_update(ctx, rctx, dst, bulk, s.neon);
	ctneon_adi_finish(ctx, rctx, s.neon, enc);
	ctneon_adi_end(&s);
	ctneon_adi_add(rctx->mid, rctx->mid, rctx->th, 1);
	ctneon_adi_add(rctx->mid, rctx->mid, rctx->mh, 1);
	memcpy(dst + bulk, rctx->mid, CTNEON_ADI_BLOCK);

	flush_dcache_page(sg_page(req->dst));
	if (dst != src)
		kunmap_local(dst);
	kunmap_local(src);
}

static int ctneon_adiantum_crypt(struct skcipher_request *req, bool enc)
{
	struct ctneon_adiantum_ctx *ctx =
		crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	struct ctneon_adiantum_reqctx *rctx = skcipher_request_ctx(req);
	struct ctneon_adi_section __uninitialized s;
	struct skcipher_request sub;
	struct skcipher_walk walk;
	unsigned int bulk, off, n, k;
	bool finished = false;
	int err;

	if (req->cryptlen < CTNEON_ADI_BLOCK)
		return -EINVAL;
	if (unlikely(!ctneon_aes_rounds_ok(ctx->aes.rounds)))
		return -ENOKEY;
	bulk = req->cryptlen - CTNEON_ADI_BLOCK;

	/* M (or C_M) = R + H(T, bulk), then C_M and the stream's state */
	ctneon_adi_header(ctx, rctx, bulk, req->iv);
	if (ctneon_adi_in_one_page(req->src, req->cryptlen) &&
	    ctneon_adi_in_one_page(req->dst, req->cryptlen)) {
		ctneon_adiantum_crypt_page(ctx, rctx, req, bulk, enc);
		memzero_explicit(rctx, sizeof(*rctx));
		return 0;
	}
	scatterwalk_map_and_copy(rctx->mid, req->src, bulk, CTNEON_ADI_BLOCK, 0);
	ctneon_adi_add(rctx->mid, rctx->mid, rctx->th, 0);
	ctneon_adi_begin(&s);
	ctneon_adi_hash_src(ctx, rctx, req, bulk, &s);
	ctneon_adi_middle(ctx, rctx, s.neon, enc);
	ctneon_adi_end(&s);

	/*
	 * One walk: each step's share of the bulk is XORed with the keystream
	 * into dst and hashed from there while it is in the cache.  The walk
	 * covers the whole 16-byte blocks of the request (all of the bulk),
	 * so that what is left after a step of whole 64-byte blocks is never
	 * under the block size, which the walk refuses (-EINVAL); its own
	 * request for that (sub) is never submitted.  The last 16 bytes are
	 * written at the end (a bounced step copies src's there meanwhile).
	 * A request of one block has no bulk, and no walk.
	 */
	ctneon_adi_nh_start(ctx, rctx);
	skcipher_request_set_tfm(&sub, crypto_skcipher_reqtfm(req));
	skcipher_request_set_callback(&sub, req->base.flags, NULL, NULL);
	skcipher_request_set_crypt(&sub, req->src, req->dst,
				   round_down(req->cryptlen, CTNEON_ADI_BLOCK),
				   req->iv);
	err = 0;
	if (bulk)
		err = skcipher_walk_virt(&walk, &sub, false);
	for (off = 0; bulk && walk.nbytes; off += n) {
		n = walk.nbytes;
		if (n < walk.total)
			n = round_down(n, walk.stride);
		k = off < bulk ? min(n, bulk - off) : 0;
		if (k) {
			ctneon_adi_begin(&s);
			if (s.neon)
				ctneon_chacha_crypt(rctx->state, walk.dst.virt.addr,
						    walk.src.virt.addr, k,
						    ctx->nrounds);
			else
				ctneon_chacha_ct_crypt(rctx->state,
						       walk.dst.virt.addr,
						       walk.src.virt.addr, k,
						       ctx->nrounds);
			ctneon_adi_nh_update(ctx, rctx, walk.dst.virt.addr, k,
					     s.neon);
			if (off + k == bulk) {
				ctneon_adi_finish(ctx, rctx, s.neon, enc);
				finished = true;
			}
			ctneon_adi_end(&s);
		}
		err = skcipher_walk_done(&walk, walk.nbytes - n);
	}
	if (err)
		goto out;

	if (!finished) {
		ctneon_adi_begin(&s);
		ctneon_adi_finish(ctx, rctx, s.neon, enc);
		ctneon_adi_end(&s);
	}
	ctneon_adi_add(rctx->mid, rctx->mid, rctx->th, 1);
	ctneon_adi_add(rctx->mid, rctx->mid, rctx->mh, 1);
	scatterwalk_map_and_copy(rctx->mid, req->dst, bulk, CTNEON_ADI_BLOCK, 1);
out:
	memzero_explicit(rctx, sizeof(*rctx));
	return err;
}

static int ctneon_adiantum_encrypt(struct skcipher_request *req)
{
	return ctneon_adiantum_crypt(req, true);
}

static int ctneon_adiantum_decrypt(struct skcipher_request *req)
{
	return ctneon_adiantum_crypt(req, false);
}

static int ctneon_adiantum_init(struct crypto_skcipher *tfm)
{
	crypto_skcipher_set_reqsize(tfm, sizeof(struct ctneon_adiantum_reqctx));
	return 0;
}

static void ctneon_adiantum_exit(struct crypto_skcipher *tfm)
{
	memzero_explicit(crypto_skcipher_ctx(tfm),
			 sizeof(struct ctneon_adiantum_ctx));
}

#define CTNEON_ADIANTUM_ALG(rounds)					\
{									\
	.base.cra_name		= "adiantum(xchacha" #rounds ",aes)",	\
	.base.cra_driver_name	= "adiantum-xchacha" #rounds "-aes-ctneon", \
	.base.cra_priority	= CTNEON_ADI_PRIORITY,			\
	.base.cra_blocksize	= CTNEON_ADI_BLOCK,			\
	.base.cra_ctxsize	= sizeof(struct ctneon_adiantum_ctx),	\
	.base.cra_module	= THIS_MODULE,				\
	.min_keysize		= CTNEON_ADI_KEY_SIZE,			\
	.max_keysize		= CTNEON_ADI_KEY_SIZE,			\
	.ivsize			= CTNEON_ADI_IV_SIZE,			\
	.chunksize		= CTNEON_ADI_CHACHA_BLOCK,		\
	.walksize		= CTNEON_ADI_CHACHA_BLOCK,		\
	.setkey			= ctneon_adiantum##rounds##_setkey,	\
	.encrypt		= ctneon_adiantum_encrypt,		\
	.decrypt		= ctneon_adiantum_decrypt,		\
	.init			= ctneon_adiantum_init,			\
	.exit			= ctneon_adiantum_exit,			\
}

static struct skcipher_alg ctneon_adiantum_algs[] = {
	CTNEON_ADIANTUM_ALG(12),
	CTNEON_ADIANTUM_ALG(20),
};

int ctneon_adiantum_register(void)
{
	return ctneon_register_skciphers(ctneon_adiantum_algs,
					 ARRAY_SIZE(ctneon_adiantum_algs));
}

void ctneon_adiantum_unregister(void)
{
	ctneon_unregister_skciphers(ctneon_adiantum_algs,
				    ARRAY_SIZE(ctneon_adiantum_algs));
}

MODULE_ALIAS_CRYPTO("adiantum(xchacha12,aes)");
MODULE_ALIAS_CRYPTO("adiantum-xchacha12-aes-ctneon");
MODULE_ALIAS_CRYPTO("adiantum(xchacha20,aes)");
MODULE_ALIAS_CRYPTO("adiantum-xchacha20-aes-ctneon");
