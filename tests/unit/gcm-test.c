// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space test of AES-GCM composed from the NEON cores, run under
 * qemu-user by tests/unit/gcm-run.sh.
 *
 * What: gcm(aes) and rfc4106(gcm(aes)) built here from the very cores the
 * module links (vpaes-core.S, aes-neonbs-core.S, ghash-neon.S, the key
 * expansion of aes-ct.c and, for the steps where NEON may not be used, the
 * portable aes-ct.c / ghash-ct.c), in the order glue-gcm.c calls them.
 *
 * Why: the unit tests of each core (run.sh, bs-run.sh, ghash-run.sh) hold
 * the cores to their contracts, but not the composition: J0 and the counter
 * start, the vpaes / bit-sliced split of a CTR piece, the zero padding of the
 * AAD chunks and of each step's ciphertext, the lengths block, truncated
 * tags, the rfc4106 nonce and AAD, the tag comparison.  A bug there gives
 * wrong tags only for some lengths, so every length is tried here, in
 * seconds, rather than in a guest.
 *
 * How: gcm_crypt() below is glue-gcm.c's ctneon_gcm_crypt() with the
 * scatterlists replaced by flat buffers and skcipher_walk by a list of
 * step sizes (what the walk offers; as in the glue, a step that is not the
 * last is rounded down to whole blocks).  The one thing copied rather than
 * called is svc-aes.c's ctneon_bs_blocks() policy for CTR (gcm_bs_blocks(),
 * CTR only), since svc-aes.c is kernel code; its threshold
 * CTNEON_BS_MIN_BLOCKS is read out of svc-aes.c by the runner and passed
 * as -DGCM_BS_MIN_BLOCKS, so the two cannot drift apart silently.  Each
 * step may also take the paths the kernel takes under contention or where
 * NEON is not usable: the bit-sliced key "busy" (vpaes only), the GHASH key
 * "busy" (portable GHASH) or no NEON at all (portable AES and GHASH); all
 * must give the same bytes.
 *
 * Groups (each prints "ok <name>" or "FAIL <name>: why"):
 *  1. McGrew-Viega test cases 2..4, 8..10, 14..16 and 1, 7, 13 (the ones
 *     with 96-bit IVs; 128/192/256-bit keys), typed in; the runner checks
 *     the same values against OpenSSL first.  Encrypt and decrypt.
 *  2. A stream of cases from the runner (OpenSSL via python3-cryptography),
 *     each tagged with its group: every message length 0..4096, every AAD
 *     length 0..80 with lengths around the block and batch edges (and AAD
 *     lengths around glue-gcm.c's 256-byte AAD chunks), every
 *     key size, rfc4106 (salt || IV, the IV copy at the end of the AAD not
 *     authenticated), truncated tags of 4, 8, 12..16 bytes.  Each case is
 *     encrypted (random steps, random fallbacks, in place or not) and
 *     compared, then decrypted and compared, and must return 0.
 *  3. "forge" cases of the stream: every bit of every tag byte flipped, one
 *     ciphertext byte, one authenticated AAD byte and one nonce byte
 *     changed, each must give -EBADMSG; the bytes after a truncated tag must
 *     not matter; the genuine message decrypts.
 *  4. "split" cases of the stream: the message processed in steps of one
 *     block, 2..8 blocks, 17 and 100 bytes (rounded down as the glue does),
 *     page-sized steps from a page offset, and random steps: all equal to
 *     OpenSSL.
 *  5. The stream's end record: the number of cases of every group must be
 *     what the runner wrote; and every path (bit-sliced then vpaes,
 *     bit-sliced only, each kernel fallback) must have run at least once.
 *
 * Usage: gcm-test [STREAM|-]   (no argument: group 1 only)
 *        gcm-test --vectors    (print group 1's typed values)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "aes-ct.h"
#include "aes-neonbs.h"
#include "ghash.h"
#include "vpaes.h"

#ifndef GCM_BS_MIN_BLOCKS
#error "GCM_BS_MIN_BLOCKS: the runner passes CTNEON_BS_MIN_BLOCKS of svc-aes.c"
#endif

/*
 * GCM_TEST_BREAK (test the test, gcm-run.sh CTNEON_GCM_BREAK=n): a
 * deliberate bug in the composition, which some group must catch.
 *   1  only the first 4 bytes of the tag compared (forgeries)
 *   2  the text counter starts at J0 instead of J0 + 1 (everything)
 *   3  a partial AAD block padded with 0xff, not zeroes (AAD lengths)
 *   4  a step that is not the last is not rounded down to whole blocks
 *      (random and split steps)
 *   5  a partial last block hashed after decryption, i.e. its plaintext
 *      (in-place decryption of lengths that are not whole blocks)
 */
#ifndef GCM_TEST_BREAK
#define GCM_TEST_BREAK	0
#endif

#define EBADMSG_RC	(-EBADMSG)
#define AAD_CHUNK	256		/* CTNEON_GCM_AAD_CHUNK of glue-gcm.c */
#define MAX_TEXT	(16 * 1024)
#define MAX_AAD		1024

#include "report.h"

/* ---- deterministic PRNG (xorshift64*), for steps and fallbacks --------- */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd64(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

static unsigned int rnd(unsigned int n)
{
	return (unsigned int)(rnd64() % n);
}

static void hex(char *out, const u8 *p, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", p[i]);
	out[2 * n] = 0;
}

static unsigned int unhex(u8 *out, const char *s)
{
	unsigned int n = 0;

	for (; s[0] && s[1]; s += 2) {
		unsigned int b;

		sscanf(s, "%2x", &b);
		out[n++] = (u8)b;
	}
	return n;
}

/* ---- the composition (glue-gcm.c without the kernel) --------------------- */

/* what glue-gcm.c's context holds; the lazy keys are made at setkey here */
struct gcm_ctx {
	struct ctneon_aes_key key;
	u8 bskey[CTNEON_BS_KEY_SIZE] __attribute__((aligned(16)));
	u8 h[16];
	u8 gkey[CTNEON_GHASH_KEY_SIZE] __attribute__((aligned(16)));
};

static int gcm_setkey(struct gcm_ctx *ctx, const u8 *key, unsigned int len)
{
	static const u8 zero[16];
	int err = ctneon_aes_expandkey(&ctx->key, key, len);

	if (err)
		return err;
	ctneon_vpaes_ecb_encrypt(ctx->h, zero, ctx->key.enc[0], ctx->key.rounds, 1);
	ctneon_bs_convert_key(ctx->bskey, ctx->key.std[0], ctx->key.rounds);
	ctneon_ghash_setkey(ctx->gkey, ctx->h);
	return 0;
}

/*
 * How one operation takes its steps: the sizes the walk offers (cycled;
 * 0 = everything left), and which kernel fallbacks each step may take.
 */
enum { FB_NONE = 0, FB_RANDOM = 1 };
struct steps {
	const unsigned int *offer;	/* NULL: one step */
	unsigned int n_offer;
	int fallbacks;			/* FB_*: random per-step fallbacks */
};

/* per step (and per AAD chunk): which paths the kernel would take */
struct path {
	int neon;		/* ctneon_neon_begin() said yes */
	int bs_ok;		/* the bit-sliced key was ready */
	int gkey_ok;		/* the NEON GHASH key was ready */
};

/*
 * How often each path ran (stream group "paths"): the fallbacks give the
 * same bytes by design, so a run that never took one would test nothing.
 */
static struct {
	unsigned long portable, bs_busy, gkey_busy, bs_and_vpaes, bs_only;
} taken;

static struct path pick_path(int fallbacks)
{
	struct path p = { 1, 1, 1 };

	if (fallbacks == FB_RANDOM) {
		unsigned int r = rnd(16);

		/* no NEON: the portable AES and GHASH, at any length */
		if (r == 0)
			p.neon = 0;
		p.bs_ok = r != 1 && r != 3;
		p.gkey_ok = r != 2 && r != 3;
	}
	return p;
}

/* ctneon_gcm_hash(): GHASH of len bytes, a partial last block zero-padded */
static void gcm_hash(const struct gcm_ctx *ctx, struct path p, u8 x[16],
		     const u8 *src, unsigned int len)
{
	int core = p.neon && p.gkey_ok;
	unsigned int blocks = len / 16, tail = len % 16;
	u8 pad[16];

	taken.gkey_busy += p.neon && !p.gkey_ok;

	if (core)
		ctneon_ghash_update(x, ctx->gkey, src, (int)blocks);
	else
		ctneon_ghash_ct_update(x, ctx->h, src, blocks);
	if (tail) {
		memset(pad, 0, sizeof(pad));
		memcpy(pad, src + 16 * blocks, tail);
		if (core)
			ctneon_ghash_update(x, ctx->gkey, pad, 1);
		else
			ctneon_ghash_ct_update(x, ctx->h, pad, 1);
	}
}

/*
 * USER-SPACE COPY of svc-aes.c's ctneon_bs_blocks() for MODE_CTR: how
 * many whole blocks at the start of a piece go to the bit-sliced core.
 * Whole batches of eight, and a final partial batch only when it has at
 * least CTNEON_BS_MIN_BLOCKS blocks (passed in as GCM_BS_MIN_BLOCKS).
 */
static unsigned int gcm_bs_blocks(unsigned int bytes)
{
	unsigned int blocks = bytes / 16;

	if (blocks % 8 >= GCM_BS_MIN_BLOCKS)
		return blocks;
	return blocks & ~7u;
}

/* ctneon_aes_piece_neon() / _ct() for MODE_CTR */
static void gcm_ctr_piece(const struct gcm_ctx *ctx, struct path p, u8 *dst,
			  const u8 *src, unsigned int bytes, u8 ctr[16])
{
	unsigned int bs;

	if (!p.neon) {
		taken.portable++;
		ctneon_aes_ct_ctr(&ctx->key, dst, src, bytes, ctr);
		return;
	}
	bs = gcm_bs_blocks(bytes);
	taken.bs_busy += bs && !p.bs_ok;
	taken.bs_and_vpaes += bs && p.bs_ok && bytes > 16 * bs;
	taken.bs_only += bs && p.bs_ok && bytes == 16 * bs;
	if (bs && p.bs_ok) {
		ctneon_bs_ctr_crypt(dst, src, ctx->bskey, ctx->key.rounds, (int)bs, ctr);
		dst += 16 * bs;
		src += 16 * bs;
		bytes -= 16 * bs;
	}
	ctneon_vpaes_ctr_crypt(dst, src, ctx->key.enc[0], ctx->key.rounds,
			       (int)bytes, ctr);
}

static void put_be64(u8 *p, u64 v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = (u8)v;
}

/* crypto_memneq(): no early exit, the verdict is the only thing branched on */
static int tag_differs(const u8 *a, const u8 *b, unsigned int n)
{
	volatile u8 d = 0;
	unsigned int i;

	if (GCM_TEST_BREAK == 1 && n > 4)
		n = 4;
	for (i = 0; i < n; i++)
		d = (u8)(d | (a[i] ^ b[i]));
	return d != 0;
}

/*
 * ctneon_gcm_crypt(): nonce 12 bytes; aad/alen the authenticated data;
 * src -> dst (len bytes of text, dst == src allowed); tag: written
 * (encryption, authsize bytes) or checked (decryption).  Returns 0 or
 * -EBADMSG.
 */
static int gcm_crypt(const struct gcm_ctx *ctx, const u8 nonce[12],
		     const u8 *aad, unsigned int alen, u8 *dst, const u8 *src,
		     unsigned int len, u8 *tag, unsigned int authsize, int enc,
		     const struct steps *st)
{
	u8 x[16] = { 0 }, ctr[16], fin[32], hb[32], full[16];
	unsigned int off, done, k = 0, nb;
	struct path p;
	int err = 0, i;

	memcpy(fin, nonce, 12);
	fin[12] = fin[13] = fin[14] = 0;
	fin[15] = 1;					/* J0 */
	memcpy(ctr, fin, 16);
	ctr[15] = GCM_TEST_BREAK == 2 ? 1 : 2;

	/* the AAD in chunks, each in its own NEON section */
	for (off = 0; off < alen; off += AAD_CHUNK) {
		unsigned int n = alen - off < AAD_CHUNK ? alen - off : AAD_CHUNK;
		u8 buf[AAD_CHUNK];

		memcpy(buf, aad + off, n);
		if (GCM_TEST_BREAK == 3 && n % 16) {
			memset(buf + n, 0xff, 16 - n % 16);
			n += 16 - n % 16;
		}
		gcm_hash(ctx, pick_path(st->fallbacks), x, buf, n);
	}

	/*
	 * The walk: what it offers, rounded down to blocks but for the last;
	 * every step's whole blocks go to the CTR piece and GHASH, the last
	 * step's partial block to ctneon_gcm_final() (below), on its path.
	 */
	done = 0;
	p = pick_path(st->fallbacks);
	while (done < len) {
		unsigned int left = len - done, n = left, whole;

		if (st->offer) {
			unsigned int o = st->offer[k++ % st->n_offer];

			if (o && o < n)
				n = o;
		}
		if (n < left && GCM_TEST_BREAK != 4)
			n &= ~15u;
		if (!n)		/* the walk never offers less than a block */
			n = left < 16 ? left : 16;
		p = pick_path(st->fallbacks);
		whole = n < left ? n : n & ~15u;
		if (whole) {
			if (!enc)
				gcm_hash(ctx, p, x, src + done, whole);
			gcm_ctr_piece(ctx, p, dst + done, src + done, whole, ctr);
			if (enc)
				gcm_hash(ctx, p, x, dst + done, whole);
		}
		done += n;
	}

	/*
	 * ctneon_gcm_final(), on the last step's path: E_K(J0) and the
	 * keystream of a partial last block in one ECB call of two blocks,
	 * then that block zero-padded and the lengths in one GHASH call
	 */
	nb = len % 16 ? 2 : 1;
	memcpy(fin + 16, ctr, 16);
	if (p.neon)
		ctneon_vpaes_ecb_encrypt(fin, fin, ctx->key.enc[0],
					 ctx->key.rounds, (int)nb);
	else
		ctneon_aes_ct_ecb(&ctx->key, 1, fin, fin, nb);
	if (nb == 2) {
		unsigned int t = len % 16, at = len - t;

		memset(hb, 0, 16);
		if (!enc && GCM_TEST_BREAK != 5)
			memcpy(hb, src + at, t);
		for (i = 0; i < (int)t; i++)
			dst[at + i] = src[at + i] ^ fin[16 + i];
		if (enc || GCM_TEST_BREAK == 5)
			memcpy(hb, dst + at, t);
	}
	put_be64(hb + 16 * (nb - 1), (u64)alen * 8);
	put_be64(hb + 16 * (nb - 1) + 8, (u64)len * 8);
	if (p.neon && p.gkey_ok)
		ctneon_ghash_update(x, ctx->gkey, hb, (int)nb);
	else
		ctneon_ghash_ct_update(x, ctx->h, hb, nb);
	for (i = 0; i < 16; i++)
		full[i] = x[i] ^ fin[i];
	if (enc)
		memcpy(tag, full, authsize);
	else if (tag_differs(full, tag, authsize))
		err = EBADMSG_RC;
	return err;
}

/* ---- 1. McGrew-Viega test cases ----------------------------------------- */
struct vec {
	const char *name, *k, *iv, *a, *p, *c, *t;
};

#define MV_P "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" \
	     "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255"
#define MV_P60 "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" \
	       "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
#define MV_A "feedfacedeadbeeffeedfacedeadbeefabaddad2"
#define MV_IV "cafebabefacedbaddecaf888"
#define MV_K "feffe9928665731c6d6a8f9467308308"
#define Z16 "00000000000000000000000000000000"
#define Z12 "000000000000000000000000"

static const struct vec vecs[] = {
	{ "mv-tc1", Z16, Z12, "", "", "", "58e2fccefa7e3061367f1d57a4e7455a" },
	{ "mv-tc2", Z16, Z12, "", Z16, "0388dace60b6a392f328c2b971b2fe78",
	  "ab6e47d42cec13bdf53a67b21257bddf" },
	{ "mv-tc3", MV_K, MV_IV, "", MV_P,
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
	  "4d5c2af327cd64a62cf35abd2ba6fab4" },
	{ "mv-tc4", MV_K, MV_IV, MV_A, MV_P60,
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
	  "5bc94fbc3221a5db94fae95ae7121a47" },
	{ "mv-tc7", Z16 "0000000000000000", Z12, "", "", "",
	  "cd33b28ac773f74ba00ed1f312572435" },
	{ "mv-tc8", Z16 "0000000000000000", Z12, "", Z16,
	  "98e7247c07f0fe411c267e4384b0f600", "2ff58d80033927ab8ef4d4587514f0fb" },
	{ "mv-tc9", MV_K "feffe9928665731c", MV_IV, "", MV_P,
	  "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
	  "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710acade256",
	  "9924a7c8587336bfb118024db8674a14" },
	{ "mv-tc10", MV_K "feffe9928665731c", MV_IV, MV_A, MV_P60,
	  "3980ca0b3c00e841eb06fac4872a2757859e1ceaa6efd984628593b40ca1e19c"
	  "7d773d00c144c525ac619d18c84a3f4718e2448b2fe324d9ccda2710",
	  "2519498e80f1478f37ba55bd6d27618c" },
	{ "mv-tc13", Z16 Z16, Z12, "", "", "", "530f8afbc74536b9a963b4f1c4cb738b" },
	{ "mv-tc14", Z16 Z16, Z12, "", Z16, "cea7403d4d606b6e074ec5d3baf39d18",
	  "d0d1c8a799996bf0265b98b5d48ab919" },
	{ "mv-tc15", MV_K MV_K, MV_IV, "", MV_P,
	  "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
	  "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
	  "b094dac5d93471bdec1a502270e3cc6c" },
	{ "mv-tc16", MV_K MV_K, MV_IV, MV_A, MV_P60,
	  "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
	  "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
	  "76fc6ece0f4e1768cddf8853bb2d551b" },
};

static void test_vectors(void)
{
	static const struct steps one = { NULL, 0, FB_NONE };
	static struct gcm_ctx ctx;
	size_t v;

	for (v = 0; v < ARRAY_SIZE(vecs); v++) {
		u8 k[32], iv[12], a[32], p[64], c[64], t[16], out[64], tag[16];
		unsigned int kl, al, pl;
		char why[200] = "", g[40];
		int bad = 0, rc;

		kl = unhex(k, vecs[v].k);
		unhex(iv, vecs[v].iv);
		al = unhex(a, vecs[v].a);
		pl = unhex(p, vecs[v].p);
		unhex(c, vecs[v].c);
		unhex(t, vecs[v].t);
		if (gcm_setkey(&ctx, k, kl)) {
			report(vecs[v].name, 1, "setkey");
			continue;
		}
		gcm_crypt(&ctx, iv, a, al, out, p, pl, tag, 16, 1, &one);
		if (memcmp(out, c, pl)) {
			bad = 1;
			strcat(why, "ciphertext differs; ");
		}
		if (memcmp(tag, t, 16)) {
			bad = 1;
			hex(g, tag, 16);
			strcat(why, "tag ");
			strcat(why, g);
			strcat(why, "; ");
		}
		rc = gcm_crypt(&ctx, iv, a, al, out, c, pl, t, 16, 0, &one);
		if (rc || memcmp(out, p, pl)) {
			bad = 1;
			strcat(why, rc ? "decryption rejected the tag" : "plaintext differs");
		}
		report(vecs[v].name, bad, why);
	}
}

/* ---- 2..5. the stream ----------------------------------------------------- */
/*
 * Record (little-endian), written by gcm-run.sh:
 *   u8 group, u8 kind (0 gcm, 1 rfc4106), u8 keylen, u8 authsize,
 *   u16 assoclen, u16 0, u32 textlen,
 *   key[keylen] (rfc4106: the AES key then the 4-byte salt),
 *   iv[12] (rfc4106: 8), assoc[assoclen] (rfc4106: ... || the IV again),
 *   plaintext[textlen], ciphertext[textlen], tag[authsize].
 * The end record has group 0xff and a u32 count per group after the header.
 */
enum { G_LENGTHS, G_AAD, G_RFC4106, G_TAGLEN, G_FORGE, G_SPLIT, NGROUPS };
static const char *const group_name[NGROUPS] = {
	"every message length 0..4096 (random AAD 0..80, every key size)",
	"every AAD length 0..80 x lengths 0,1,15,16,17,127,128,129,4095,4096 x key sizes;"
	" AAD 240..1024 around the 256-byte chunks",
	"rfc4106: salt || IV nonces, assoclen 16/20, IV copy not authenticated",
	"truncated tags 4, 8, 12..16",
	"forgeries: every tag bit, a ciphertext, AAD and nonce byte -> -EBADMSG",
	"split steps: 1..8 blocks, 17, 100, pages at an offset, random",
};

struct rec {
	unsigned int group, kind, keylen, authsize, assoclen, len;
	u8 key[36], iv[12], *assoc, *pt, *ct, tag[16];
	/* what gcm_crypt() takes */
	u8 nonce[12];
	const u8 *aad;
	unsigned int alen;
};

struct gstat {
	unsigned int n, bad, shown;
};
static struct gstat gs[NGROUPS];

static void note(unsigned int g, const struct rec *r, const char *what)
{
	gs[g].bad++;
	if (gs[g].shown++ < 4)
		printf("# %s: case %u: kind %s, key %u, assoclen %u, text %u, tag %u: %s\n",
		       group_name[g], gs[g].n, r->kind ? "rfc4106" : "gcm",
		       8 * r->keylen, r->assoclen, r->len, r->authsize, what);
}

/*
 * Encrypt then decrypt r with the steps st; 0 if both agree with OpenSSL
 * (ciphertext, tag, plaintext, return codes), else a reason.
 */
static const char *roundtrip(const struct gcm_ctx *ctx, const struct rec *r,
			     const struct steps *st, u8 *buf, u8 *buf2)
{
	u8 tag[16];
	int inplace = rnd(2), rc;

	/* encryption: out of place, or in place */
	if (inplace) {
		memcpy(buf, r->pt, r->len);
		gcm_crypt(ctx, r->nonce, r->aad, r->alen, buf, buf, r->len, tag,
			  r->authsize, 1, st);
	} else {
		gcm_crypt(ctx, r->nonce, r->aad, r->alen, buf, r->pt, r->len, tag,
			  r->authsize, 1, st);
	}
	if (memcmp(buf, r->ct, r->len))
		return "ciphertext differs from OpenSSL";
	if (memcmp(tag, r->tag, r->authsize))
		return "tag differs from OpenSSL";

	/* decryption, the other way round */
	if (!inplace) {
		memcpy(buf, r->ct, r->len);
		rc = gcm_crypt(ctx, r->nonce, r->aad, r->alen, buf, buf, r->len,
			       (u8 *)r->tag, r->authsize, 0, st);
	} else {
		rc = gcm_crypt(ctx, r->nonce, r->aad, r->alen, buf2, r->ct, r->len,
			       (u8 *)r->tag, r->authsize, 0, st);
		buf = buf2;
	}
	if (rc)
		return "decryption rejected the genuine tag";
	if (memcmp(buf, r->pt, r->len))
		return "decrypted text differs";
	return NULL;
}

static int decrypt_rc(const struct gcm_ctx *ctx, const u8 *nonce,
		      const u8 *aad, unsigned int alen, const u8 *ct,
		      unsigned int len, const u8 *tag, unsigned int authsize,
		      u8 *out)
{
	static const struct steps any = { NULL, 0, FB_RANDOM };

	return gcm_crypt(ctx, nonce, aad, alen, out, ct, len, (u8 *)tag,
			 authsize, 0, &any);
}

/* group 3: every forgery must be refused, the genuine message accepted */
static const char *forge(const struct gcm_ctx *ctx, const struct rec *r, u8 *out)
{
	u8 tag[32], nonce[12], *m;
	unsigned int i, b;

	/* after a truncated tag: junk that must not be looked at */
	memcpy(tag, r->tag, r->authsize);
	for (i = r->authsize; i < sizeof(tag); i++)
		tag[i] = (u8)rnd64();
	if (decrypt_rc(ctx, r->nonce, r->aad, r->alen, r->ct, r->len, tag,
		       r->authsize, out))
		return "genuine message rejected (bytes after the tag looked at?)";
	if (memcmp(out, r->pt, r->len))
		return "genuine message decrypted wrong";
	for (i = 0; i < r->authsize; i++)
		for (b = 0; b < 8; b++) {
			tag[i] ^= (u8)(1 << b);
			if (decrypt_rc(ctx, r->nonce, r->aad, r->alen, r->ct,
				       r->len, tag, r->authsize, out) != EBADMSG_RC)
				return "a tag with one bit flipped was accepted";
			tag[i] ^= (u8)(1 << b);
		}
	m = malloc(r->len + r->alen + 1);
	if (r->len) {
		memcpy(m, r->ct, r->len);
		m[rnd(r->len)] ^= (u8)(1 << rnd(8));
		if (decrypt_rc(ctx, r->nonce, r->aad, r->alen, m, r->len, tag,
			       r->authsize, out) != EBADMSG_RC) {
			free(m);
			return "a changed ciphertext byte was accepted";
		}
	}
	if (r->alen) {
		memcpy(m, r->aad, r->alen);
		m[rnd(r->alen)] ^= (u8)(1 << rnd(8));
		if (decrypt_rc(ctx, r->nonce, m, r->alen, r->ct, r->len, tag,
			       r->authsize, out) != EBADMSG_RC) {
			free(m);
			return "a changed AAD byte was accepted";
		}
	}
	free(m);
	memcpy(nonce, r->nonce, 12);
	nonce[rnd(12)] ^= (u8)(1 << rnd(8));
	if (decrypt_rc(ctx, nonce, r->aad, r->alen, r->ct, r->len, tag,
		       r->authsize, out) != EBADMSG_RC)
		return "a changed nonce was accepted";
	return NULL;
}

/* group 4: fixed step patterns; pattern 0 = random sizes */
static const char *split(const struct gcm_ctx *ctx, const struct rec *r,
			 u8 *buf, u8 *buf2)
{
	static const unsigned int o16[] = { 16 }, o32[] = { 32 }, o48[] = { 48 },
		o112[] = { 112 }, o128[] = { 128 }, o17[] = { 17 }, o100[] = { 100 },
		omix[] = { 16, 128, 48, 112, 0 };
	static const struct { const unsigned int *o; unsigned int n; } pat[] = {
		{ o16, 1 }, { o32, 1 }, { o48, 1 }, { o112, 1 }, { o128, 1 },
		{ o17, 1 }, { o100, 1 }, { omix, 5 },
	};
	unsigned int page[2], rndo[8], i;
	struct steps st;
	const char *why;

	for (i = 0; i < ARRAY_SIZE(pat); i++) {
		st.offer = pat[i].o;
		st.n_offer = pat[i].n;
		st.fallbacks = FB_NONE;
		why = roundtrip(ctx, r, &st, buf, buf2);
		if (why)
			return why;
	}
	/* a buffer starting at a page offset: up to the page end, then pages */
	for (i = 0; i < 4; i++) {
		page[0] = 4096 - 16 * (1 + rnd(255)) - (rnd(2) ? 0 : rnd(16));
		page[1] = 4096;
		st.offer = page;
		st.n_offer = 2;
		st.fallbacks = FB_RANDOM;
		if (page[0] < 16)
			page[0] = 16;
		why = roundtrip(ctx, r, &st, buf, buf2);
		if (why)
			return why;
	}
	for (i = 0; i < 8; i++)
		rndo[i] = 1 + rnd(r->len + 1);
	st.offer = rndo;
	st.n_offer = 8;
	st.fallbacks = FB_RANDOM;
	return roundtrip(ctx, r, &st, buf, buf2);
}

static int read_all(FILE *f, void *p, size_t n)
{
	return fread(p, 1, n, f) == n;
}

static u32 le32(const u8 *p)
{
	return p[0] | p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static void test_stream(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	static struct gcm_ctx ctx;
	static u8 assoc[MAX_AAD], pt[MAX_TEXT], ct[MAX_TEXT];
	static u8 buf[MAX_TEXT + 16], buf2[MAX_TEXT + 16];
	u8 hdr[12], cnt[4 * NGROUPS];
	int ended = 0, bad_record = 0;
	unsigned int g;
	char name[200];

	if (!f) {
		report("stream", 1, "cannot open");
		return;
	}
	while (read_all(f, hdr, sizeof(hdr))) {
		struct rec r;
		struct steps st = { NULL, 0, FB_RANDOM };
		unsigned int offer[4], i, ivlen;
		const char *why;

		r.group = hdr[0];
		if (r.group == 0xff) {
			ended = read_all(f, cnt, sizeof(cnt));
			break;
		}
		r.kind = hdr[1];
		r.keylen = hdr[2];
		r.authsize = hdr[3];
		r.assoclen = hdr[4] | hdr[5] << 8;
		r.len = le32(hdr + 8);
		ivlen = r.kind ? 8 : 12;
		r.assoc = assoc;
		r.pt = pt;
		r.ct = ct;
		if (r.group >= NGROUPS || r.kind > 1 || r.keylen > 36 ||
		    r.authsize > 16 || r.assoclen > MAX_AAD || r.len > MAX_TEXT ||
		    (r.kind && r.assoclen < 8) ||
		    !read_all(f, r.key, r.keylen) || !read_all(f, r.iv, ivlen) ||
		    !read_all(f, assoc, r.assoclen) || !read_all(f, pt, r.len) ||
		    !read_all(f, ct, r.len) || !read_all(f, r.tag, r.authsize)) {
			bad_record = 1;
			break;
		}
		g = r.group;
		/* what ctneon_gcm_encrypt / ctneon_rfc4106_crypt hand on */
		if (r.kind) {
			memcpy(r.nonce, r.key + r.keylen - 4, 4);
			memcpy(r.nonce + 4, r.iv, 8);
			r.alen = r.assoclen - 8;
			i = r.keylen - 4;
		} else {
			memcpy(r.nonce, r.iv, 12);
			r.alen = r.assoclen;
			i = r.keylen;
		}
		r.aad = assoc;
		if (gcm_setkey(&ctx, r.key, i)) {
			note(g, &r, "setkey refused the key");
			gs[g].n++;
			continue;
		}
		/* random steps for every case, as the walk might offer them */
		if (rnd(4)) {
			for (i = 0; i < 4; i++)
				offer[i] = 16 * (1 + rnd(64)) + (rnd(4) ? 0 : rnd(16));
			st.offer = offer;
			st.n_offer = 4;
		}
		why = roundtrip(&ctx, &r, &st, buf, buf2);
		if (!why && g == G_FORGE)
			why = forge(&ctx, &r, buf);
		if (!why && g == G_SPLIT)
			why = split(&ctx, &r, buf, buf2);
		if (why)
			note(g, &r, why);
		gs[g].n++;
	}
	if (f != stdin)
		fclose(f);

	for (g = 0; g < NGROUPS; g++) {
		snprintf(name, sizeof(name), "stream: %s (%u cases)", group_name[g], gs[g].n);
		report(name, gs[g].bad || !gs[g].n, gs[g].n ? "mismatch" : "no cases");
	}
	snprintf(name, sizeof(name),
		 "stream: paths taken: bit-sliced + vpaes %lu, bit-sliced only %lu, "
		 "bit-sliced key busy %lu, GHASH key busy %lu, no NEON %lu",
		 taken.bs_and_vpaes, taken.bs_only, taken.bs_busy, taken.gkey_busy,
		 taken.portable);
	report(name, !taken.bs_and_vpaes || !taken.bs_only || !taken.bs_busy ||
	       !taken.gkey_busy || !taken.portable, "a path never ran");
	{
		int bad = !ended || bad_record;

		for (g = 0; ended && g < NGROUPS; g++)
			bad |= le32(cnt + 4 * g) != gs[g].n;
		report("stream: complete (every case the runner wrote was read and run)",
		       bad, bad_record ? "bad record" : !ended ? "no end record" :
		       "case counts differ from the runner's");
	}
}

/* gcm-test --vectors: the typed vectors, for the runner to check with OpenSSL */
static void dump_vectors(void)
{
	size_t v;

	for (v = 0; v < ARRAY_SIZE(vecs); v++)
		printf("%s k=%s iv=%s a=%s p=%s c=%s t=%s\n", vecs[v].name,
		       vecs[v].k, vecs[v].iv, vecs[v].a, vecs[v].p, vecs[v].c,
		       vecs[v].t);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--vectors")) {
		dump_vectors();
		return 0;
	}
	test_vectors();
	if (argc > 1)
		test_stream(argv[1]);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
