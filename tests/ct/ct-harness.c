// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: the guest side of the constant-time check (tests/ct/run.sh).
 *
 * Design notes
 * ============
 *
 * A "case" is one entry point with fixed public parameters (key size,
 * length, in place or not).  For every case and seed the harness
 *
 *   1. fills the secrets from the seed: the key (then expanded, outside the
 *      window, for the entry points that take a schedule), the input data,
 *      and the IV / counter / tweak block;
 *   2. prints "<case> <seed> <expect>" on stdout;
 *   3. runs the entry point between the START and STOP markers of
 *      ct-markers.h, so that tests/ct/ctplugin.c records exactly that call.
 *
 * The n-th line on stdout therefore names the n-th window of the plugin's
 * output, and run.sh compares the windows of one case: they must all have
 * the same instruction-address and memory-address traces.  Nothing public
 * changes between seeds: every buffer is a static array (same address in
 * every run), the lengths and the call path (run_window() through the same
 * function pointer, the same stack depth) are the same.  Seed 0 sets every
 * secret byte to 0x00, seed 1 to 0xff, the others are pseudo-random; the
 * counter block is also given carries across 64 bits (seed % 4 == 3) and
 * across all 128 bits (seed % 4 == 2) so that carry handling is exercised.
 *
 * Adding a core: write a call_<x>() that calls it on the ct buffers with
 * c->len and c->klen, and add one line to ct_families[] (bs = 1 if it
 * takes the bit-sliced key, which is then converted outside the window).
 *
 * The bit-sliced cores (aes-neonbs.h) are checked with 1, 7, 8, 9, 16 and
 * 17 blocks: a partial batch alone, a full one, and full ones followed by
 * a partial one; CBC decryption and CTR also in place.  Whether a piece
 * goes to the bit-sliced or the vpaes core is decided in svc-aes.c from
 * lengths only (ctneon_bs_blocks()), and the one-time key conversion is
 * gated by a public state, so nothing there needs tracing.  A family with
 * expect_leak set is a negative control: run.sh fails if it is NOT flagged.
 *
 * Usage: ct-harness [-n SEEDS] list | run [SUBSTRING | =NAME] | selftest
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes-ct.h"
#include "svc-mac.h"
#include "aes-neonbs.h"
#include "chacha-poly.h"
#include "ghash.h"
#include "nh.h"
#include "vpaes.h"
#ifdef __aarch64__
#include "aes-rtable.h"
#endif
#include "tests/ct/ct-markers.h"
#include "tests/ct/leaky.h"

#define CT_MAXLEN	16400		/* the longest case: 16384 ChaCha bytes */
#define CT_MAXLENS	17

/* Every secret and every output: one static object, fixed addresses. */
static struct {
	u8 key[32];
	u8 iv[16];			/* IV, counter or tweak */
	u8 src[CT_MAXLEN];
	u8 dst[CT_MAXLEN];
	struct ctneon_aes_key ks;
	u8 bskey[CTNEON_BS_KEY_SIZE] __attribute__((aligned(16)));
	u8 gkey[CTNEON_GHASH_KEY_SIZE] __attribute__((aligned(16)));
	u32 chst[16];			/* ChaCha state: key, ct.iv */
	u8 pst[CTNEON_POLY_STATE_SIZE] __attribute__((aligned(16)));
	u8 tag[16];
	u32 hout[8];
	struct ctneon_nh_key nhk;	/* NH key from ct.src's tail */
	volatile int sink;
} ct __attribute__((aligned(64)));

struct ct_case;
typedef void (*ct_call_fn)(const struct ct_case *c);

struct ct_family {
	const char *name;
	ct_call_fn call;
	const int *klens;		/* key sizes in bytes, 0-terminated */
	const char *unit;		/* unit of len in the case name, or NULL */
	int lens[CT_MAXLENS];		/* 0-terminated; none: one case, len 0 */
	int expect_leak;
	int bs;				/* 1: needs ct.bskey (converted outside),
					   2: ct.gkey (GHASH setkey outside),
					   3: ct.chst and ct.pst (ChaCha/Poly1305),
					   4: ct.nhk (NH) */
};

struct ct_case {
	const struct ct_family *fam;
	int klen;
	int len;
	char name[96];
};

/* ---- the calls (inside the window) ------------------------------------ */

static void call_ecb_encrypt(const struct ct_case *c)
{
	ctneon_vpaes_ecb_encrypt(ct.dst, ct.src, ct.ks.enc[0], ct.ks.rounds,
				 c->len);
}

static void call_ecb_decrypt(const struct ct_case *c)
{
	ctneon_vpaes_ecb_decrypt(ct.dst, ct.src, ct.ks.dec[0], ct.ks.rounds,
				 c->len);
}

static void call_cbc_encrypt(const struct ct_case *c)
{
	ctneon_vpaes_cbc_encrypt(ct.dst, ct.src, ct.ks.enc[0], ct.ks.rounds,
				 c->len, ct.iv);
}

static void call_cbcmac(const struct ct_case *c)
{
	ctneon_vpaes_cbcmac(ct.iv, ct.src, ct.ks.enc[0], ct.ks.rounds, c->len);
}

#ifdef __aarch64__
/* the register-table core (arm64 only), on the FIPS-197 schedule */
static void call_rt_ecb_encrypt(const struct ct_case *c)
{
	ctneon_rt_ecb_encrypt(ct.dst, ct.src, ct.ks.std[0], ct.ks.rounds,
			      c->len);
}

static void call_rt_ecb_decrypt(const struct ct_case *c)
{
	ctneon_rt_ecb_decrypt(ct.dst, ct.src, ct.ks.std[0], ct.ks.rounds,
			      c->len);
}

static void call_rt_cbc_encrypt(const struct ct_case *c)
{
	ctneon_rt_cbc_encrypt(ct.dst, ct.src, ct.ks.std[0], ct.ks.rounds,
			      c->len, ct.iv);
}

static void call_rt_cbcmac(const struct ct_case *c)
{
	ctneon_rt_cbcmac(ct.iv, ct.src, ct.ks.std[0], ct.ks.rounds, c->len);
}

static void call_rt_ctr_crypt(const struct ct_case *c)
{
	ctneon_rt_ctr_crypt(ct.dst, ct.src, ct.ks.std[0], ct.ks.rounds, c->len,
			    ct.iv);
}
#endif

/*
 * svc-mac.c (glue-cmac.c, glue-ccm.c): the CBC-MAC stream over len bytes in
 * two updates (a pending block completed, then blocks and a new pending
 * one), then the zero padding; CMAC's last block and subkey doubling.
 * The chaining value and the data are secret, the lengths public.
 */
static struct ctneon_cbcmac ct_mac;

static void call_cbcmac_stream(const struct ct_case *c, bool neon)
{
	memset(&ct_mac, 0, sizeof(ct_mac));
	memcpy(ct_mac.dg, ct.iv, 16);
	ctneon_cbcmac_update(&ct.ks, neon, &ct_mac, ct.src, 5);
	ctneon_cbcmac_update(&ct.ks, neon, &ct_mac, ct.src + 5, c->len - 5);
	ctneon_cbcmac_pad(&ct.ks, neon, &ct_mac);
	memcpy(ct.dst, ct_mac.dg, 16);
}

/* CCM's paired core: the MAC in ct.iv, the counter in ct.tag */
static void call_ccm_encrypt(const struct ct_case *c)
{
	ctneon_vpaes_ccm_encrypt(ct.dst, ct.src, ct.ks.enc[0], ct.ks.rounds,
				 c->len, ct.iv, ct.tag);
}

static void call_ccm_decrypt(const struct ct_case *c)
{
	ctneon_vpaes_ccm_decrypt(ct.dst, ct.src, ct.ks.enc[0], ct.ks.rounds,
				 c->len, ct.iv, ct.tag);
}

static void call_cbcmac_neon(const struct ct_case *c)
{
	call_cbcmac_stream(c, true);
}

static void call_cbcmac_portable(const struct ct_case *c)
{
	call_cbcmac_stream(c, false);
}

static void call_cmac_last(const struct ct_case *c)
{
	memcpy(ct_mac.dg, ct.src, 16);
	ct_mac.len = c->len;
	ctneon_gf128_double(ct.dst, ct.iv);
	ctneon_gf128_double(ct.dst + 16, ct.dst);
	ctneon_cmac_last(&ct_mac, ct.dst, ct.dst + 16);
	memcpy(ct.dst + 32, ct_mac.dg, 16);
}

static void call_cbc_decrypt(const struct ct_case *c)
{
	ctneon_vpaes_cbc_decrypt(ct.dst, ct.src, ct.ks.dec[0], ct.ks.rounds,
				 c->len, ct.iv);
}

static void call_cbc_decrypt_inplace(const struct ct_case *c)
{
	ctneon_vpaes_cbc_decrypt(ct.src, ct.src, ct.ks.dec[0], ct.ks.rounds,
				 c->len, ct.iv);
}

static void call_ctr_crypt(const struct ct_case *c)
{
	ctneon_vpaes_ctr_crypt(ct.dst, ct.src, ct.ks.enc[0], ct.ks.rounds,
			       c->len, ct.iv);
}

static void call_ctr_crypt_inplace(const struct ct_case *c)
{
	ctneon_vpaes_ctr_crypt(ct.src, ct.src, ct.ks.enc[0], ct.ks.rounds,
			       c->len, ct.iv);
}

static void call_xts_encrypt(const struct ct_case *c)
{
	ctneon_vpaes_xts_encrypt(ct.dst, ct.src, ct.ks.enc[0], ct.ks.rounds,
				 c->len, ct.iv);
}

static void call_xts_decrypt(const struct ct_case *c)
{
	ctneon_vpaes_xts_decrypt(ct.dst, ct.src, ct.ks.dec[0], ct.ks.rounds,
				 c->len, ct.iv);
}

static void call_expandkey(const struct ct_case *c)
{
	ct.sink = ctneon_aes_expandkey(&ct.ks, ct.key, c->klen);
}

static void call_ct_encrypt(const struct ct_case *c)
{
	(void)c;
	ctneon_aes_ct_encrypt(&ct.ks, ct.dst, ct.src);
}

static void call_ct_decrypt(const struct ct_case *c)
{
	(void)c;
	ctneon_aes_ct_decrypt(&ct.ks, ct.dst, ct.src);
}

/* the portable modes of aes-ct.c (two blocks per pass of the cipher) */
static void call_ct_ecb_encrypt(const struct ct_case *c)
{
	ctneon_aes_ct_ecb(&ct.ks, 1, ct.dst, ct.src, c->len);
}

static void call_ct_ecb_decrypt(const struct ct_case *c)
{
	ctneon_aes_ct_ecb(&ct.ks, 0, ct.dst, ct.src, c->len);
}

static void call_ct_cbc_encrypt(const struct ct_case *c)
{
	ctneon_aes_ct_cbc(&ct.ks, 1, ct.dst, ct.src, c->len, ct.iv);
}

static void call_ct_cbc_decrypt(const struct ct_case *c)
{
	ctneon_aes_ct_cbc(&ct.ks, 0, ct.src, ct.src, c->len, ct.iv);
}

static void call_ct_ctr(const struct ct_case *c)
{
	ctneon_aes_ct_ctr(&ct.ks, ct.dst, ct.src, c->len, ct.iv);
}

static void call_ct_xts_encrypt(const struct ct_case *c)
{
	ctneon_aes_ct_xts(&ct.ks, 1, ct.dst, ct.src, c->len, ct.iv);
}

static void call_ct_xts_decrypt(const struct ct_case *c)
{
	ctneon_aes_ct_xts(&ct.ks, 0, ct.src, ct.src, c->len, ct.iv);
}

/*
 * The bit-sliced cores (aes-neonbs.h): whole blocks, c->len of them; the
 * key is converted outside the window except in call_bs_convert_key().
 */
static void call_bs_convert_key(const struct ct_case *c)
{
	(void)c;
	ctneon_bs_convert_key(ct.bskey, ct.ks.std[0], ct.ks.rounds);
}

static void call_bs_ecb_encrypt(const struct ct_case *c)
{
	ctneon_bs_ecb_encrypt(ct.dst, ct.src, ct.bskey, ct.ks.rounds, c->len);
}

static void call_bs_ecb_decrypt(const struct ct_case *c)
{
	ctneon_bs_ecb_decrypt(ct.dst, ct.src, ct.bskey, ct.ks.rounds, c->len);
}

static void call_bs_cbc_decrypt(const struct ct_case *c)
{
	ctneon_bs_cbc_decrypt(ct.dst, ct.src, ct.bskey, ct.ks.rounds, c->len,
			      ct.iv);
}

static void call_bs_cbc_decrypt_inplace(const struct ct_case *c)
{
	ctneon_bs_cbc_decrypt(ct.src, ct.src, ct.bskey, ct.ks.rounds, c->len,
			      ct.iv);
}

static void call_bs_ctr_crypt(const struct ct_case *c)
{
	ctneon_bs_ctr_crypt(ct.dst, ct.src, ct.bskey, ct.ks.rounds, c->len,
			    ct.iv);
}

static void call_bs_ctr_crypt_inplace(const struct ct_case *c)
{
	ctneon_bs_ctr_crypt(ct.src, ct.src, ct.bskey, ct.ks.rounds, c->len,
			    ct.iv);
}

static void call_bs_xts_encrypt(const struct ct_case *c)
{
	ctneon_bs_xts_encrypt(ct.dst, ct.src, ct.bskey, ct.ks.rounds, c->len,
			      ct.iv);
}

static void call_bs_xts_decrypt(const struct ct_case *c)
{
	ctneon_bs_xts_decrypt(ct.dst, ct.src, ct.bskey, ct.ks.rounds, c->len,
			      ct.iv);
}

/*
 * GHASH (ghash.h): H = the first 16 key bytes, X = ct.iv, c->len blocks of
 * ct.src; the schedule is made outside the window except in
 * call_ghash_setkey().
 */
static void call_ghash_setkey(const struct ct_case *c)
{
	(void)c;
	ctneon_ghash_setkey(ct.gkey, ct.key);
}

static void call_ghash_update(const struct ct_case *c)
{
	ctneon_ghash_update(ct.iv, ct.gkey, ct.src, c->len);
}

/*
 * ChaCha20/12, HChaCha, Poly1305 and the stitched step (chacha-poly.h):
 * the ChaCha state is the constants, ct.key and ct.iv (counter word 12 and
 * the nonce: secret too; seed % 4 == 2 makes the counter wrap at 2^32),
 * the Poly1305 state is keyed with ct.key and has absorbed 3 secret blocks
 * (for seed % 4 >= 2 chosen to put the accumulator at p + 2 or p - 1),
 * both outside the window; c->len bytes (or blocks) of ct.src.
 */
static void call_chacha20(const struct ct_case *c)
{
	ctneon_chacha_crypt(ct.chst, ct.dst, ct.src, c->len, 20);
}

static void call_chacha12(const struct ct_case *c)
{
	ctneon_chacha_crypt(ct.chst, ct.dst, ct.src, c->len, 12);
}

static void call_chacha20_inplace(const struct ct_case *c)
{
	ctneon_chacha_crypt(ct.chst, ct.src, ct.src, c->len, 20);
}

static void call_hchacha(const struct ct_case *c)
{
	(void)c;
	ctneon_hchacha(ct.chst, ct.hout, 20);
}

static void call_poly1305_init(const struct ct_case *c)
{
	(void)c;
	ctneon_poly1305_init(ct.pst, ct.key);
}

static void call_poly1305_blocks(const struct ct_case *c)
{
	ctneon_poly1305_blocks(ct.pst, ct.src, c->len);
}

static void call_poly1305_final(const struct ct_case *c)
{
	(void)c;
	ctneon_poly1305_final(ct.pst, ct.tag);
}

static void call_chachapoly_enc(const struct ct_case *c)
{
	ctneon_chachapoly_crypt(ct.chst, ct.pst, ct.dst, ct.src, c->len, CTNEON_CP_ENC, NULL);
}

/*
 * A call in the middle of a message: pend (the previous call's last
 * stitched step, from the end of src) absorbed first, and when len is
 * whole steps the last one kept for the next call (CTNEON_CP_KEEP).
 */
static void call_chachapoly_enc_pend(const struct ct_case *c)
{
	int flags = CTNEON_CP_ENC | (c->len % CTNEON_CP_STEP ? 0 : CTNEON_CP_KEEP);

	ctneon_chachapoly_crypt(ct.chst, ct.pst, ct.dst, ct.src, c->len, flags,
				ct.src + CT_MAXLEN - CTNEON_CP_STEP);
}

#if CTNEON_CP_HEAD
/* arm: the message's first step after the glue's head (CTNEON_CP_HEAD_PEND) */
static void call_chachapoly_enc_head(const struct ct_case *c)
{
	int flags = CTNEON_CP_ENC | CTNEON_CP_HEAD_PEND |
		    (c->len % CTNEON_CP_STEP ? 0 : CTNEON_CP_KEEP);

	ctneon_chachapoly_crypt(ct.chst, ct.pst, ct.dst, ct.src, c->len, flags,
				ct.src + CT_MAXLEN - CTNEON_CP_HEAD);
}
#endif

static void call_chachapoly_dec(const struct ct_case *c)
{
	ctneon_chachapoly_crypt(ct.chst, ct.pst, ct.dst, ct.src, c->len, 0, NULL);
}

static void call_chachapoly_dec_inplace(const struct ct_case *c)
{
	ctneon_chachapoly_crypt(ct.chst, ct.pst, ct.src, ct.src, c->len, 0, NULL);
}

/*
 * NH (nh.h): the key (set up outside the window from secret bytes) and
 * c->len bytes of ct.src, at position 0 and, for the pieces Adiantum's
 * walk hands it, at 64 and 128; the hash into ct.dst
 */
static void call_nh(const struct ct_case *c)
{
	ctneon_nh_neon(&ct.nhk, 0, ct.src, c->len, ct.dst);
}

static void call_nh_pos(const struct ct_case *c)
{
	ctneon_nh_neon(&ct.nhk, 1024 - 64 * ((c->len + 63) / 64), ct.src, c->len, ct.dst);
}

static void call_nh_ct(const struct ct_case *c)
{
	ctneon_nh_ct(&ct.nhk, 0, ct.src, (unsigned int)c->len, ct.dst);
}

static void call_nh_setkey(const struct ct_case *c)
{
	(void)c;
	ctneon_nh_setkey(&ct.nhk, ct.src);
}

/* the portable twins of the no-NEON path (chacha-ct.c, ghash-ct.c) */
static void call_chacha20_ct(const struct ct_case *c)
{
	ctneon_chacha_ct_crypt(ct.chst, ct.dst, ct.src, (unsigned int)c->len, 20);
}

static void call_hchacha_ct(const struct ct_case *c)
{
	(void)c;
	ctneon_hchacha_ct(ct.chst, ct.hout, 20);
}

static void call_ghash_ct_update(const struct ct_case *c)
{
	ctneon_ghash_ct_update(ct.iv, ct.key, ct.src, (unsigned int)c->len);
}

/* negative controls */
static void call_leak_ttable(const struct ct_case *c)
{
	(void)c;
	leaky_ttable_encrypt((const u8 (*)[16])ct.ks.std, ct.ks.rounds,
			     ct.dst, ct.src);
}

static void call_leak_compare(const struct ct_case *c)
{
	ct.sink = leaky_prefix_compare(ct.src, ct.iv, c->len);
}

/* ---- the cases ---------------------------------------------------------- */

static const int ct_aes_keys[] = { 16, 24, 32, 0 };
static const int ct_aes128[] = { 16, 0 };
static const int ct_nokey[] = { 0 };

#define CT_BLOCKS	{ 1, 2, 3, 8 }
#define CT_CTR_BYTES	{ 1, 15, 16, 17, 32, 47, 64, 100 }
#define CT_XTS_BYTES	{ 16, 32, 48, 17, 31, 33, 47, 100 }
/* bit-sliced: one partial batch, one, one and a bit, two, two and a bit */
#define CT_BS_BLOCKS	{ 1, 7, 8, 9, 16, 17 }
/*
 * ChaCha: tails alone, the steps of 4 (256 B), 5 (320 B), 6 (384 B) and 7
 * blocks (448 B; 5 and 7: arm64's integer-unit block), each step of the
 * arm64 cascade after the 7-block loop (7, 4 + 4, 5 + 4, 6 + 4), all mixed;
 * arm's tails: 1, 2, 3 row-form blocks (17, 65, 150) and the buffered
 * four-block chunk (240)
 */
#define CT_CHACHA_BYTES	{ 1, 17, 65, 150, 240, 256, 300, 340, 384, 460, 513, 600, 640, 650, 704, 1000 }
#define CT_PERF_BYTES	{ 16, 64, 256, 1000, 1400, 1420, 4096, 16384 }

static const struct ct_family ct_families[] = {
	{ "ctneon_vpaes_ecb_encrypt", call_ecb_encrypt, ct_aes_keys, "blocks", CT_BLOCKS, 0, 0 },
	{ "ctneon_vpaes_ecb_decrypt", call_ecb_decrypt, ct_aes_keys, "blocks", CT_BLOCKS, 0, 0 },
	{ "ctneon_vpaes_cbc_encrypt", call_cbc_encrypt, ct_aes_keys, "blocks", { 1, 3, 8 }, 0, 0 },
	{ "ctneon_vpaes_cbcmac", call_cbcmac, ct_aes_keys, "blocks", { 1, 3, 8 }, 0, 0 },
	{ "ctneon_vpaes_ccm_encrypt", call_ccm_encrypt, ct_aes_keys, "blocks", { 1, 2, 3, 8 }, 0, 0 },
	{ "ctneon_vpaes_ccm_decrypt", call_ccm_decrypt, ct_aes_keys, "blocks", { 1, 2, 3, 8 }, 0, 0 },
#ifdef __aarch64__
	/* one block alone, four, four and two/three on the four-block path, four and one */
	{ "ctneon_rt_ecb_encrypt", call_rt_ecb_encrypt, ct_aes_keys, "blocks", { 1, 2, 3, 4, 5, 7, 8 }, 0, 0 },
	{ "ctneon_rt_ecb_decrypt", call_rt_ecb_decrypt, ct_aes_keys, "blocks", { 1, 2, 3, 4, 5, 7, 8 }, 0, 0 },
	{ "ctneon_rt_cbc_encrypt", call_rt_cbc_encrypt, ct_aes_keys, "blocks", { 1, 3, 8 }, 0, 0 },
	{ "ctneon_rt_cbcmac", call_rt_cbcmac, ct_aes_keys, "blocks", { 1, 3, 8 }, 0, 0 },
	{ "ctneon_rt_ctr_crypt", call_rt_ctr_crypt, ct_aes_keys, "bytes", CT_CTR_BYTES, 0, 0 },
#endif
	{ "ctneon_cbcmac_update-neon", call_cbcmac_neon, ct_aes_keys, "bytes", { 5, 16, 21, 40, 69 }, 0, 0 },
	{ "ctneon_cbcmac_update-portable", call_cbcmac_portable, ct_aes128, "bytes", { 21, 40 }, 0, 0 },
	{ "ctneon_cmac_last", call_cmac_last, ct_aes128, "bytes", { 1, 15, 16 }, 0, 0 },
	{ "ctneon_vpaes_cbc_decrypt", call_cbc_decrypt, ct_aes_keys, "blocks", CT_BLOCKS, 0, 0 },
	{ "ctneon_vpaes_cbc_decrypt-inplace", call_cbc_decrypt_inplace, ct_aes128, "blocks", { 3 }, 0, 0 },
	{ "ctneon_vpaes_ctr_crypt", call_ctr_crypt, ct_aes_keys, "bytes", CT_CTR_BYTES, 0, 0 },
	{ "ctneon_vpaes_ctr_crypt-inplace", call_ctr_crypt_inplace, ct_aes128, "bytes", { 47 }, 0, 0 },
	{ "ctneon_vpaes_xts_encrypt", call_xts_encrypt, ct_aes_keys, "bytes", CT_XTS_BYTES, 0, 0 },
	{ "ctneon_vpaes_xts_decrypt", call_xts_decrypt, ct_aes_keys, "bytes", CT_XTS_BYTES, 0, 0 },
	{ "ctneon_aes_expandkey", call_expandkey, ct_aes_keys, NULL, { 0 }, 0, 0 },
	{ "ctneon_aes_ct_encrypt", call_ct_encrypt, ct_aes_keys, NULL, { 0 }, 0, 0 },
	{ "ctneon_aes_ct_decrypt", call_ct_decrypt, ct_aes_keys, NULL, { 0 }, 0, 0 },
	{ "ctneon_aes_ct_ecb-enc", call_ct_ecb_encrypt, ct_aes_keys, "blocks", { 1, 2, 3 }, 0, 0 },
	{ "ctneon_aes_ct_ecb-dec", call_ct_ecb_decrypt, ct_aes128, "blocks", { 1, 3 }, 0, 0 },
	{ "ctneon_aes_ct_cbc-enc", call_ct_cbc_encrypt, ct_aes128, "blocks", { 1, 2 }, 0, 0 },
	{ "ctneon_aes_ct_cbc-dec-inplace", call_ct_cbc_decrypt, ct_aes_keys, "blocks", { 1, 3 }, 0, 0 },
	{ "ctneon_aes_ct_ctr", call_ct_ctr, ct_aes_keys, "bytes", { 1, 17, 47 }, 0, 0 },
	{ "ctneon_aes_ct_xts-enc", call_ct_xts_encrypt, ct_aes128, "bytes", { 16, 33, 48 }, 0, 0 },
	{ "ctneon_aes_ct_xts-dec-inplace", call_ct_xts_decrypt, ct_aes_keys, "bytes", { 17, 32 }, 0, 0 },
	{ "ctneon_bs_convert_key", call_bs_convert_key, ct_aes_keys, NULL, { 0 }, 0, 1 },
	{ "ctneon_bs_ecb_encrypt", call_bs_ecb_encrypt, ct_aes_keys, "blocks", CT_BS_BLOCKS, 0, 1 },
	{ "ctneon_bs_ecb_decrypt", call_bs_ecb_decrypt, ct_aes_keys, "blocks", CT_BS_BLOCKS, 0, 1 },
	{ "ctneon_bs_cbc_decrypt", call_bs_cbc_decrypt, ct_aes_keys, "blocks", CT_BS_BLOCKS, 0, 1 },
	{ "ctneon_bs_cbc_decrypt-inplace", call_bs_cbc_decrypt_inplace, ct_aes_keys, "blocks", CT_BS_BLOCKS, 0, 1 },
	{ "ctneon_bs_ctr_crypt", call_bs_ctr_crypt, ct_aes_keys, "blocks", CT_BS_BLOCKS, 0, 1 },
	{ "ctneon_bs_ctr_crypt-inplace", call_bs_ctr_crypt_inplace, ct_aes_keys, "blocks", CT_BS_BLOCKS, 0, 1 },
	{ "ctneon_bs_xts_encrypt", call_bs_xts_encrypt, ct_aes_keys, "blocks", CT_BS_BLOCKS, 0, 1 },
	{ "ctneon_bs_xts_decrypt", call_bs_xts_decrypt, ct_aes_keys, "blocks", CT_BS_BLOCKS, 0, 1 },
	{ "ctneon_ghash_setkey", call_ghash_setkey, ct_nokey, NULL, { 0 }, 0, 0 },
	{ "ctneon_ghash_update", call_ghash_update, ct_nokey, "blocks", { 1, 2, 3, 4, 5, 8, 9, 17 }, 0, 2 },
	{ "ctneon_chacha_crypt", call_chacha20, ct_nokey, "bytes", CT_CHACHA_BYTES, 0, 3 },
	{ "ctneon_chacha_crypt-r12", call_chacha12, ct_nokey, "bytes", { 64, 300 }, 0, 3 },
	{ "ctneon_chacha_crypt-inplace", call_chacha20_inplace, ct_nokey, "bytes", { 300 }, 0, 3 },
	{ "ctneon_hchacha", call_hchacha, ct_nokey, NULL, { 0 }, 0, 3 },
	{ "ctneon_poly1305_init", call_poly1305_init, ct_nokey, NULL, { 0 }, 0, 3 },
	{ "ctneon_poly1305_blocks", call_poly1305_blocks, ct_nokey, "blocks", { 1, 2, 16, 33 }, 0, 3 },
	{ "ctneon_poly1305_final", call_poly1305_final, ct_nokey, NULL, { 0 }, 0, 3 },
	{ "ctneon_chachapoly_crypt-enc", call_chachapoly_enc, ct_nokey, "bytes", CT_CHACHA_BYTES, 0, 3 },
	{ "ctneon_chachapoly_crypt-enc-pend", call_chachapoly_enc_pend, ct_nokey, "bytes",
	  { 100, 300, 460, 768, 1536 }, 0, 3 },
#if CTNEON_CP_HEAD
	{ "ctneon_chachapoly_crypt-enc-head", call_chachapoly_enc_head, ct_nokey, "bytes",
	  { 64, 100, 230, 512, 1228 }, 0, 3 },
#endif
	{ "ctneon_chachapoly_crypt-dec", call_chachapoly_dec, ct_nokey, "bytes", CT_CHACHA_BYTES, 0, 3 },
	{ "ctneon_chachapoly_crypt-dec-inplace", call_chachapoly_dec_inplace, ct_nokey, "bytes", { 300 }, 0, 3 },
	/* the sizes of the benchmark tables, for tests/ct/mca.sh */
	{ "ctneon_chacha_crypt-perf", call_chacha20, ct_nokey, "bytes", CT_PERF_BYTES, 0, 3 },
	{ "ctneon_chachapoly_crypt-enc-perf", call_chachapoly_enc, ct_nokey, "bytes", CT_PERF_BYTES, 0, 3 },
	{ "ctneon_chacha_ct_crypt", call_chacha20_ct, ct_nokey, "bytes", { 1, 64, 65, 300 }, 0, 3 },
	{ "ctneon_hchacha_ct", call_hchacha_ct, ct_nokey, NULL, { 0 }, 0, 3 },
	{ "ctneon_ghash_ct_update", call_ghash_ct_update, ct_nokey, "blocks", { 1, 3 }, 0, 2 },
	{ "ctneon_nh_setkey", call_nh_setkey, ct_nokey, NULL, { 0 }, 0, 0 },
	{ "ctneon_nh_neon", call_nh, ct_nokey, "bytes", { 16, 48, 64, 80, 512, 1008, 1024 }, 0, 4 },
	{ "ctneon_nh_neon-pos", call_nh_pos, ct_nokey, "bytes", { 16, 64, 176 }, 0, 4 },
	{ "ctneon_nh_ct", call_nh_ct, ct_nokey, "bytes", { 16, 80, 1024 }, 0, 4 },
	/* negative controls: must be flagged */
	{ "leak-ttable-aes", call_leak_ttable, ct_aes128, NULL, { 0 }, 1, 0 },
	{ "leak-prefix-compare", call_leak_compare, ct_nokey, "bytes", { 16 }, 1, 0 },
};

#define CT_NFAMILIES	(sizeof(ct_families) / sizeof(ct_families[0]))
#define CT_MAXCASES	(CT_NFAMILIES * 3 * CT_MAXLENS)

static struct ct_case ct_cases[CT_MAXCASES];
static int ct_ncases;

static void ct_build_cases(void)
{
	unsigned int f;
	int k, l;

	for (f = 0; f < CT_NFAMILIES; f++) {
		const struct ct_family *fam = &ct_families[f];

		k = 0;
		do {
			l = 0;
			do {
				struct ct_case *c = &ct_cases[ct_ncases++];
				int n;

				c->fam = fam;
				c->klen = fam->klens[k];
				c->len = fam->lens[l];
				n = snprintf(c->name, sizeof(c->name), "%s",
					     fam->name);
				if (c->klen)
					n += snprintf(c->name + n,
						      sizeof(c->name) - n,
						      "/aes%d", 8 * c->klen);
				if (fam->unit)
					snprintf(c->name + n,
						 sizeof(c->name) - n,
						 "/%d%s", c->len, fam->unit);
			} while (fam->lens[l] && fam->lens[++l]);
		} while (fam->klens[k] && fam->klens[++k]);
	}
}

/* ---- secrets from a seed (outside the window) --------------------------- */

static u64 ct_rng;

/* splitmix64: a full-period generator with a strong output mix */
static u64 ct_next(void)
{
	u64 z = (ct_rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void ct_random(u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)ct_next();
}

static void ct_fill(const struct ct_case *c, int index, unsigned int seed)
{
	ct_rng = (u64)index << 32 | seed;
	if (seed < 2) {
		u8 v = seed ? 0xff : 0x00;

		memset(ct.key, v, sizeof(ct.key));
		memset(ct.iv, v, sizeof(ct.iv));
		memset(ct.src, v, sizeof(ct.src));
	} else {
		ct_random(ct.key, sizeof(ct.key));
		ct_random(ct.iv, sizeof(ct.iv));
		ct_random(ct.src, sizeof(ct.src));
		/* big-endian counter: ff..ff x carries through all 128 bits,
		 * a run of ff in the low half carries into the high half */
		if (seed % 4 == 2)
			memset(ct.iv, 0xff, 15);
		else if (seed % 4 == 3)
			memset(ct.iv + 8, 0xff, 7);
	}
	memset(ct.dst, 0, sizeof(ct.dst));
	memset(&ct.ks, 0, sizeof(ct.ks));
	memset(ct.bskey, 0, sizeof(ct.bskey));
	memset(ct.gkey, 0, sizeof(ct.gkey));
	if (c->klen && ctneon_aes_expandkey(&ct.ks, ct.key, c->klen)) {
		fprintf(stderr, "ct-harness: expandkey failed\n");
		exit(2);
	}
	if (c->fam->bs == 1)
		ctneon_bs_convert_key(ct.bskey, ct.ks.std[0], ct.ks.rounds);
	if (c->fam->bs == 2)
		ctneon_ghash_setkey(ct.gkey, ct.key);
	if (c->fam->bs == 4)
		ctneon_nh_setkey(&ct.nhk, ct.src + CT_MAXLEN - CTNEON_NH_KEY_SIZE);
	if (c->fam->bs == 3) {
		static const u32 sigma[4] = {
			0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 };

		u8 *m = ct.src + CT_MAXLEN - 48;

		/*
		 * seed % 4 == 2 / 3: Poly1305 r = 1 and the blocks 0, 0,
		 * 2^128 - 3 (resp. - 6) leave h = 3 2^128 + m = p + 2
		 * (resp. p - 1) for the final reduction, whose select
		 * must then not branch
		 */
		if (seed % 4 >= 2) {
			memset(ct.key, 0, 16);
			ct.key[0] = 1;
			memset(m, 0, 32);
			memset(m + 32, 0xff, 16);
			m[32] = seed % 4 == 2 ? 0xfd : 0xfa;
		}
		memcpy(ct.chst, sigma, 16);
		memcpy(ct.chst + 4, ct.key, 32);	/* little-endian words */
		memcpy(ct.chst + 12, ct.iv, 16);
		memset(ct.hout, 0, sizeof(ct.hout));
		memset(ct.tag, 0, sizeof(ct.tag));
		ctneon_poly1305_init(ct.pst, ct.key);
		ctneon_poly1305_blocks(ct.pst, m, 3);
	}
}

/* ---- the window ---------------------------------------------------------- */

static void __attribute__((noinline)) run_window(const struct ct_case *c)
{
	CT_START();
	c->fam->call(c);
	CT_STOP();
}

static int ct_run(const char *filter, unsigned int seeds)
{
	unsigned int seed;
	int i;

	for (i = 0; i < ct_ncases; i++) {
		const struct ct_case *c = &ct_cases[i];

		if (filter && (filter[0] == '=' ? strcmp(c->name, filter + 1) :
			       !strstr(c->name, filter)))
			continue;
		for (seed = 0; seed < seeds; seed++) {
			ct_fill(c, i, seed);
			printf("%s %u %d\n", c->name, seed, c->fam->expect_leak);
			run_window(c);
		}
	}
	return fflush(stdout) ? 1 : 0;
}

/*
 * The harness checks its own leaky AES on FIPS-197 C.1-C.3 and reports
 * (without failing: that is the unit tests' job) whether the vpaes and
 * bit-sliced ECB cores and the portable cipher agree with it.
 */
static int ct_selftest(void)
{
	static const u8 pt[16] = {
		0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
		0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };
	static const u8 want[3][16] = {
		{ 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
		  0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a },
		{ 0xdd, 0xa9, 0x7c, 0xa4, 0x86, 0x4c, 0xdf, 0xe0,
		  0x6e, 0xaf, 0x70, 0xa0, 0xec, 0x0d, 0x71, 0x91 },
		{ 0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
		  0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89 } };
	u8 out[16];
	int k, n, bad = 0;

	for (k = 0; k < 3; k++) {
		int klen = 16 + 8 * k;

		for (n = 0; n < klen; n++)
			ct.key[n] = (u8)n;
		ctneon_aes_expandkey(&ct.ks, ct.key, klen);
		leaky_ttable_encrypt((const u8 (*)[16])ct.ks.std,
				     ct.ks.rounds, out, pt);
		if (memcmp(out, want[k], 16)) {
			printf("FAIL selftest leak-ttable-aes/aes%d\n", 8 * klen);
			bad = 1;
		}
		ctneon_aes_ct_encrypt(&ct.ks, out, pt);
		printf("%s selftest ctneon_aes_ct_encrypt/aes%d\n",
		       memcmp(out, want[k], 16) ? "note: WRONG" : "ok", 8 * klen);
		ctneon_vpaes_ecb_encrypt(out, pt, ct.ks.enc[0], ct.ks.rounds, 1);
		printf("%s selftest ctneon_vpaes_ecb_encrypt/aes%d\n",
		       memcmp(out, want[k], 16) ? "note: WRONG" : "ok", 8 * klen);
		ctneon_bs_convert_key(ct.bskey, ct.ks.std[0], ct.ks.rounds);
		ctneon_bs_ecb_encrypt(out, pt, ct.bskey, ct.ks.rounds, 1);
		printf("%s selftest ctneon_bs_ecb_encrypt/aes%d\n",
		       memcmp(out, want[k], 16) ? "note: WRONG" : "ok", 8 * klen);
	}
	return bad;
}

int main(int argc, char **argv)
{
	unsigned int seeds = 24;
	int i;

	leaky_init();
	ct_build_cases();
	if (argc > 2 && !strcmp(argv[1], "-n")) {
		seeds = (unsigned int)strtoul(argv[2], NULL, 0);
		argc -= 2;
		argv += 2;
	}
	if (argc >= 2 && !strcmp(argv[1], "list")) {
		for (i = 0; i < ct_ncases; i++)
			printf("%s %d\n", ct_cases[i].name,
			       ct_cases[i].fam->expect_leak);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "run"))
		return ct_run(argc > 2 ? argv[2] : NULL, seeds);
	if (argc >= 2 && !strcmp(argv[1], "selftest"))
		return ct_selftest();
	fprintf(stderr, "usage: ct-harness [-n SEEDS] list | run [SUBSTRING | =NAME] | selftest\n");
	return 2;
}
