// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space test of CMAC, XCBC, CBC-MAC and CCM composed from the NEON
 * cores and svc-mac.c, run under qemu-user by tests/unit/mac-run.sh.
 *
 * What: the CBC-MAC stream, CMAC/XCBC's last block and CCM's header of
 * svc-mac.c (the very file the module links), over ctneon_vpaes_cbcmac()
 * or, for the steps where NEON may not be used, the portable cipher of
 * aes-ct.c, composed in the order glue-cmac.c and glue-ccm.c call them:
 * the subkeys as the setkeys make them, CCM as ctneon_ccm_crypt() (header
 * and E(A_0), AAD in chunks and padded, then the text in walk steps: on
 * NEON the whole blocks through the paired CCM core
 * (ctneon_vpaes_ccm_encrypt/decrypt), the rest MACed and encrypted with
 * CTR from a copy; padded; the tag).  What the glue does
 * with scatterlists and walks is replaced by flat buffers and random step
 * sizes (a step that is not the last is whole blocks, as in the glue); the
 * glue's CTR piece (bit-sliced or vpaes) by the vpaes CTR core.
 *
 * Why: every length near a block edge, every split of the updates, every
 * tag length, nonce length and AAD length encoding, both paths: in
 * seconds here rather than in a guest.
 *
 * Cases come from tests/unit/mac-cases.py (OpenSSL's results, published
 * vectors first) on stdin.  Each MAC case runs four times with random
 * update splits and a random NEON/portable choice per update; each CCM
 * case is encrypted (random AAD chunks and text steps) and decrypted, a
 * flipped tag bit must be refused, and the bytes past a short tag are not
 * read.  Groups: "ok <group>: N cases" or "FAIL <group>: ..." with details.
 *
 * MAC_TEST_BREAK=n (mac-run.sh CTNEON_MAC_BREAK=n): a deliberate bug, which
 * must turn some group into a FAIL (the test of the test):
 *   1  CMAC's subkeys swapped (whole and padded last blocks)
 *   2  CCM's text counter starts at A_0, not A_1
 *   3  the AAD of CCM not padded before the text
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes-ct.h"
#include "svc-mac.h"
#include "vpaes.h"

#ifndef MAC_TEST_BREAK
#define MAC_TEST_BREAK 0
#endif

#define MAXLEN		(70 * 1024)
#define MAXDETAIL	5

enum { G_CMAC, G_XCBC, G_CBCMAC, G_CCM_ENC, G_CCM_DEC, G_CCM_FORGE, NGROUPS };
static const char *const gname[NGROUPS] = {
	"cmac", "xcbc", "cbcmac", "ccm encrypt", "ccm decrypt", "ccm forged tag",
};
static unsigned long gcases[NGROUPS], gfails[NGROUPS];
static unsigned long ncase;
static int npaths[2];		/* updates run with NEON off / on */
static unsigned long ncore;	/* CCM steps through the paired core */

static u64 rng_state = 0x9e3779b97f4a7c15ULL;

static u32 rnd(u32 n)		/* 0 .. n - 1 (xorshift64*) */
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (u32)((rng_state * 0x2545f4914f6cdd1dULL) >> 32) % n;
}

static bool rnd_neon(void)
{
	bool neon = rnd(4) != 0;

	npaths[neon]++;
	return neon;
}

static void fail(int g, const char *what, const u8 *got, const u8 *want,
		 size_t n)
{
	if (gfails[g]++ >= MAXDETAIL)
		return;
	printf("  detail %s: case %lu: %s\n", gname[g], ncase, what);
	if (got && want) {
		size_t d = 0;

		while (d < n && got[d] == want[d])
			d++;
		printf("    first difference at byte %zu of %zu\n", d, n);
	}
}

/* ---------------------------------------------------------------- MACs */

struct mac_key {
	struct ctneon_aes_key key;
	u8 kwhole[16], kpart[16];
};

/* one block, vpaes or portable */
static void encrypt1(const struct ctneon_aes_key *k, u8 out[16],
		     const u8 in[16])
{
	if (rnd_neon())
		ctneon_vpaes_ecb_encrypt(out, in, k->enc[0], k->rounds, 1);
	else
		ctneon_aes_ct_encrypt(k, out, in);
}

/* the setkeys of glue-cmac.c */
static int mac_setkey(int alg, struct mac_key *mk, const u8 *key,
		      unsigned int len)
{
	static const u8 zero[16];
	u8 l[16], c[16], k1[16];

	if (ctneon_aes_expandkey(&mk->key, key, len))
		return -1;
	if (alg == G_CMAC) {
		encrypt1(&mk->key, l, zero);
		ctneon_gf128_double(MAC_TEST_BREAK == 1 ? mk->kpart : mk->kwhole, l);
		ctneon_gf128_double(MAC_TEST_BREAK == 1 ? mk->kwhole : mk->kpart,
				    MAC_TEST_BREAK == 1 ? mk->kpart : mk->kwhole);
	} else if (alg == G_XCBC) {
		memset(c, 1, 16);
		encrypt1(&mk->key, k1, c);
		memset(c, 2, 16);
		encrypt1(&mk->key, mk->kwhole, c);
		memset(c, 3, 16);
		encrypt1(&mk->key, mk->kpart, c);
		if (ctneon_aes_expandkey(&mk->key, k1, 16))
			return -1;
	}
	return 0;
}

/* init, updates at random splits, final: as the shash calls them */
static void mac_run(int alg, const struct mac_key *mk, const u8 *msg,
		    size_t len, u8 out[16])
{
	struct ctneon_cbcmac st;
	size_t off = 0;

	memset(&st, 0, sizeof(st));
	while (off < len) {
		size_t n = len - off;

		switch (rnd(4)) {
		case 0: break;					/* all at once */
		case 1: n = 1 + rnd(n < 40 ? (u32)n : 40); break;	/* short pieces */
		case 2: n = 16 * (1 + rnd(4)); break;		/* whole blocks */
		default: n = 1 + rnd((u32)n); break;
		}
		if (n > len - off)
			n = len - off;
		ctneon_cbcmac_update(&mk->key, rnd_neon(), &st, msg + off,
				     (unsigned int)n);
		off += n;
	}
	if (alg == G_CBCMAC) {
		if (st.len)
			encrypt1(&mk->key, st.dg, st.dg);
		memcpy(out, st.dg, 16);
		return;
	}
	ctneon_cmac_last(&st, mk->kwhole, mk->kpart);
	encrypt1(&mk->key, out, st.dg);
}

/* ----------------------------------------------------------------- CCM */

/* CTR from ctr over n bytes, vpaes or portable */
static void ctr_run(const struct ctneon_aes_key *k, bool neon, u8 *dst,
		    const u8 *src, size_t n, u8 ctr[16])
{
	if (neon)
		ctneon_vpaes_ctr_crypt(dst, src, k->enc[0], k->rounds, (int)n, ctr);
	else
		ctneon_aes_ct_ctr(k, dst, src, (unsigned int)n, ctr);
}

/*
 * ctneon_ccm_crypt() over flat buffers: enc: in = pt, out = ct || tag;
 * dec: in = ct || tag (textlen + authsize bytes), out = pt.  Returns 0,
 * -1 for a bad tag, or the format's error.
 */
static int ccm_run(const struct ctneon_aes_key *k, const u8 iv[16],
		   unsigned int authsize, const u8 *aad, size_t alen,
		   const u8 *in, size_t textlen, u8 *out, bool enc)
{
	u8 a0[16], b0[16], hdr[6], ctr[16], tag[16], buf[4096];
	struct ctneon_cbcmac st;
	unsigned int hlen;
	size_t off, n, c;
	int err;
	bool neon;

	err = ctneon_ccm_format(iv, (unsigned int)alen, (unsigned int)textlen,
				authsize, a0, b0, hdr, &hlen);
	if (err)
		return err;
	memcpy(ctr, a0, 16);
	if (MAC_TEST_BREAK != 2)
		ctr[15] = 1;
	memset(&st, 0, sizeof(st));
	neon = rnd_neon();
	ctneon_cbcmac_update(k, neon, &st, b0, 16);
	ctneon_cbcmac_update(k, neon, &st, hdr, hlen);
	if (neon)
		ctneon_vpaes_ecb_encrypt(a0, a0, k->enc[0], k->rounds, 1);
	else
		ctneon_aes_ct_encrypt(k, a0, a0);

	for (off = 0; off < alen; off += n) {		/* the AAD chunks */
		n = alen - off;
		if (rnd(2) && n > 256)
			n = 256;
		neon = rnd_neon();
		ctneon_cbcmac_update(k, neon, &st, aad + off, (unsigned int)n);
		if (off + n == alen && MAC_TEST_BREAK != 3)
			ctneon_cbcmac_pad(k, neon, &st);
	}

	for (off = 0; off < textlen; off += n) {	/* the walk's steps */
		n = textlen - off;
		if (rnd(2)) {
			n = 1 + rnd((u32)n);
			if (off + n < textlen)
				n = (n + 15) / 16 * 16;	/* whole blocks */
			if (n > textlen - off)
				n = textlen - off;
		}
		neon = rnd_neon();
		c = 0;
		if (neon && n >= 16) {		/* whole blocks: the paired core */
			c = n / 16 * 16;
			ctneon_cbcmac_pad(k, true, &st);
			(enc ? ctneon_vpaes_ccm_encrypt : ctneon_vpaes_ccm_decrypt)
				(out + off, in + off, k->enc[0], k->rounds,
				 (int)(c / 16), st.dg, ctr);
			ncore++;
		}
		for (; c < n; c += sizeof(buf)) {	/* a copy on the stack */
			size_t m = n - c < sizeof(buf) ? n - c : sizeof(buf);

			if (enc) {
				memcpy(buf, in + off + c, m);
				ctneon_cbcmac_update(k, neon, &st, buf, (unsigned int)m);
				ctr_run(k, neon, out + off + c, buf, m, ctr);
			} else {
				ctr_run(k, neon, buf, in + off + c, m, ctr);
				ctneon_cbcmac_update(k, neon, &st, buf, (unsigned int)m);
				memcpy(out + off + c, buf, m);
			}
		}
		if (off + n == textlen)
			ctneon_cbcmac_pad(k, neon, &st);
	}
	ctneon_cbcmac_pad(k, rnd_neon(), &st);	/* no text: still due */

	crypto_xor_cpy(tag, st.dg, a0, 16);
	if (enc) {
		memcpy(out + textlen, tag, authsize);
		return 0;
	}
	return memcmp(tag, in + textlen, authsize) ? -1 : 0;
}

/* --------------------------------------------------------------- input */

static u8 *field(char **p, size_t *len)
{
	static u8 bufs[6][MAXLEN + 32];
	static int next;
	u8 *b = bufs[next++ % 6];
	char *s = strtok_r(NULL, " \n", p);
	size_t n = 0;

	if (!s) {
		fprintf(stderr, "mac-test: short line\n");
		exit(2);
	}
	if (strcmp(s, "-"))
		for (; s[0] && s[1] && n < MAXLEN + 16; s += 2) {
			unsigned int v;

			sscanf(s, "%2x", &v);
			b[n++] = (u8)v;
		}
	*len = n;
	return b;
}

static void mac_case(char **p)
{
	int alg = atoi(strtok_r(NULL, " ", p));
	size_t klen, mlen, tlen;
	u8 *key = field(p, &klen), *msg = field(p, &mlen), *want = field(p, &tlen);
	struct mac_key mk;
	u8 got[16];
	int i;

	if (mac_setkey(alg, &mk, key, (unsigned int)klen)) {
		fail(alg, "setkey refused the key", NULL, NULL, 0);
		return;
	}
	for (i = 0; i < 4; i++) {
		gcases[alg]++;
		mac_run(alg, &mk, msg, mlen, got);
		if (memcmp(got, want, 16))
			fail(alg, "MAC differs from OpenSSL's", got, want, 16);
	}
}

static void ccm_case(char **p)
{
	static u8 out[MAXLEN + 32], back[MAXLEN + 32];
	size_t klen, ivlen, alen, plen, clen;
	u8 *key = field(p, &klen), *iv = field(p, &ivlen);
	unsigned int authsize = (unsigned int)atoi(strtok_r(NULL, " ", p));
	u8 *aad = field(p, &alen), *pt = field(p, &plen), *ct = field(p, &clen);
	struct ctneon_aes_key k;
	int err;

	if (ctneon_aes_expandkey(&k, key, (unsigned int)klen)) {
		fail(G_CCM_ENC, "setkey refused the key", NULL, NULL, 0);
		return;
	}
	gcases[G_CCM_ENC]++;
	err = ccm_run(&k, iv, authsize, aad, alen, pt, plen, out, true);
	if (err || memcmp(out, ct, clen))
		fail(G_CCM_ENC, err ? "refused" : "ciphertext || tag differs from OpenSSL's",
		     out, ct, clen);

	gcases[G_CCM_DEC]++;
	memset(back, 0xa5, plen);
	err = ccm_run(&k, iv, authsize, aad, alen, ct, plen, back, false);
	if (err || memcmp(back, pt, plen))
		fail(G_CCM_DEC, err ? "genuine message refused" : "plaintext differs",
		     back, pt, plen);

	/* one tag bit flipped: refused; bytes past the tag are never read */
	gcases[G_CCM_FORGE]++;
	memcpy(out, ct, clen);
	out[plen + rnd(authsize)] ^= (u8)(1u << rnd(8));
	if (ccm_run(&k, iv, authsize, aad, alen, out, plen, back, false) != -1)
		fail(G_CCM_FORGE, "a flipped tag bit was accepted", NULL, NULL, 0);
}

int main(void)
{
	static char line[4 * MAXLEN + 4 * 64 + 64];
	unsigned long expect = 0, seen = 0;
	int g, bad = 0, ended = 0;

	while (fgets(line, sizeof(line), stdin)) {
		char *p, *kind = strtok_r(line, " \n", &p);

		if (!kind)
			continue;
		ncase++;
		if (!strcmp(kind, "M")) {
			mac_case(&p);
		} else if (!strcmp(kind, "C")) {
			ccm_case(&p);
		} else if (!strcmp(kind, "E")) {
			expect = strtoul(strtok_r(NULL, " \n", &p), NULL, 10);
			ended = 1;
			ncase--;
			break;
		}
		seen++;
	}
	for (g = 0; g < NGROUPS; g++) {
		if (!gcases[g] || gfails[g]) {
			printf("FAIL %s: %lu of %lu cases\n", gname[g], gfails[g], gcases[g]);
			bad++;
		} else {
			printf("ok %s: %lu cases\n", gname[g], gcases[g]);
		}
	}
	if (!ended || seen != expect) {
		printf("FAIL stream: %lu cases read, the generator wrote %lu%s\n",
		       seen, expect, ended ? "" : " (no end record)");
		bad++;
	} else {
		printf("ok stream: all %lu cases read\n", seen);
	}
	if (!ncore) {
		printf("FAIL paths: the CCM core never ran\n");
		bad++;
	}
	if (!npaths[0] || !npaths[1]) {
		printf("FAIL paths: NEON %d, portable %d updates\n", npaths[1], npaths[0]);
		bad++;
	} else {
		printf("ok paths: NEON %d, portable %d updates\n", npaths[1], npaths[0]);
	}
	printf("%d passed, %d failed\n", NGROUPS + 2 - bad, bad);
	return bad != 0;
}
