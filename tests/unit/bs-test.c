// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space test of a bit-sliced AES core (arm/ or arm64/aes-neonbs-core.S,
 * the contract of aes-neonbs.h), run under qemu-user by tests/unit/bs-run.sh.
 *
 * 1. FIPS-197 appendix C vectors, 128/192/256, through ecb_encrypt/decrypt.
 * 2. Every entry point against a C composition of the portable
 *    ctneon_aes_ct_encrypt/decrypt (aes-ct.c): block counts 0..8, 9..17,
 *    31..33 and random counts up to 256; out of place at odd offsets and in
 *    place; 16 poison bytes before and after every output; input and the
 *    bytes around it unchanged; the IV/counter/tweak written back; CTR
 *    counters placed so that the batch carries across bit 32, 64, 96 and
 *    wraps 2^128.
 * 3. A stream of random cases on stdin (bs-run.sh makes it with Python's
 *    `cryptography`): each record is checked and counted.
 * 4. The AAPCS64/AAPCS callee-saved registers survive every entry point.
 *
 * Prints "ok <name>" or "FAIL <name>: ..." per group, then "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include "aes-ct.h"
#include "aes-neonbs.h"

#include "report.h"

/* ---- deterministic PRNG (xorshift64*) ------------------------------- */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd64(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}
static void rnd_bytes(u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)rnd64();
}

/* ---- keys ---------------------------------------------------------------- */
struct tkey {
	struct ctneon_aes_key ct;
	u8 bs[CTNEON_BS_KEY_SIZE] __attribute__((aligned(16)));
};

static int setkey(struct tkey *k, const u8 *key, unsigned int len)
{
	if (ctneon_aes_expandkey(&k->ct, key, len))
		return -1;
	memset(k->bs, 0xa5, sizeof(k->bs));
	ctneon_bs_convert_key(k->bs, &k->ct.std[0][0], k->ct.rounds);
	return 0;
}

/* ---- reference compositions -------------------------------------------- */
enum { ECB_ENC, ECB_DEC, CBC_DEC, CTR, XTS_ENC, XTS_DEC, NMODES };
static const char *const mode_name[NMODES] = {
	"ecb_encrypt", "ecb_decrypt", "cbc_decrypt", "ctr_crypt",
	"xts_encrypt", "xts_decrypt"
};

static void gf128_double(u8 t[16])
{
	int carry = t[15] >> 7, i;

	for (i = 15; i > 0; i--)
		t[i] = (u8)(t[i] << 1 | t[i - 1] >> 7);
	t[0] = (u8)(t[0] << 1) ^ (carry ? 0x87 : 0);
}

static void ref_crypt(int mode, const struct tkey *k, u8 *out, const u8 *in,
		      int blocks, u8 iv[16])
{
	u8 x[16], t[16];
	int i, j;

	for (i = 0; i < blocks; i++, in += 16, out += 16) {
		switch (mode) {
		case ECB_ENC:
			ctneon_aes_ct_encrypt(&k->ct, out, in);
			break;
		case ECB_DEC:
			ctneon_aes_ct_decrypt(&k->ct, out, in);
			break;
		case CBC_DEC:
			memcpy(t, in, 16);
			ctneon_aes_ct_decrypt(&k->ct, x, in);
			for (j = 0; j < 16; j++)
				out[j] = x[j] ^ iv[j];
			memcpy(iv, t, 16);
			break;
		case CTR:
			ctneon_aes_ct_encrypt(&k->ct, x, iv);
			for (j = 0; j < 16; j++)
				out[j] = in[j] ^ x[j];
			for (j = 15; j >= 0 && ++iv[j] == 0; j--)
				;
			break;
		case XTS_ENC:
		case XTS_DEC:
			for (j = 0; j < 16; j++)
				x[j] = in[j] ^ iv[j];
			if (mode == XTS_ENC)
				ctneon_aes_ct_encrypt(&k->ct, x, x);
			else
				ctneon_aes_ct_decrypt(&k->ct, x, x);
			for (j = 0; j < 16; j++)
				out[j] = x[j] ^ iv[j];
			gf128_double(iv);
			break;
		}
	}
}

static void bs_crypt(int mode, const struct tkey *k, u8 *out, const u8 *in,
		     int blocks, u8 iv[16])
{
	int r = k->ct.rounds;

	switch (mode) {
	case ECB_ENC: ctneon_bs_ecb_encrypt(out, in, k->bs, r, blocks); break;
	case ECB_DEC: ctneon_bs_ecb_decrypt(out, in, k->bs, r, blocks); break;
	case CBC_DEC: ctneon_bs_cbc_decrypt(out, in, k->bs, r, blocks, iv); break;
	case CTR: ctneon_bs_ctr_crypt(out, in, k->bs, r, blocks, iv); break;
	case XTS_ENC: ctneon_bs_xts_encrypt(out, in, k->bs, r, blocks, iv); break;
	case XTS_DEC: ctneon_bs_xts_decrypt(out, in, k->bs, r, blocks, iv); break;
	}
}

/* ---- callee-saved registers: tests/unit/callsaved.h ---------------------- */
#include "tests/unit/callsaved.h"

/* ---- the composition tests ----------------------------------------------- */
#define POISON	16
#define MAXB	260

static u8 bufin[MAXB * 16 + 2 * POISON + 64], bufout[MAXB * 16 + 2 * POISON + 64];
static u8 expect[MAXB * 16], saved[MAXB * 16 + 2 * POISON + 64];

static u8 pbyte(size_t i) { return (u8)(0x5a ^ (i * 29)); }

/* one case; returns 0 if good, else prints why */
static int one_case(int mode, const struct tkey *k, int blocks, int inplace,
		    int off, const u8 iv0[16], char *why)
{
	u8 iv_ref[16], iv_bs[16];
	u8 *in = bufin + POISON + off, *out;
	size_t len = (size_t)(blocks > 0 ? blocks : 0) * 16, i;

	for (i = 0; i < sizeof(bufin); i++)
		bufin[i] = pbyte(i + 7);
	rnd_bytes(in, len);
	memcpy(saved, bufin, sizeof(bufin));
	memcpy(iv_ref, iv0, 16);
	memcpy(iv_bs, iv0, 16);
	ref_crypt(mode, k, expect, in, blocks, iv_ref);
	if (inplace) {
		out = in;
	} else {
		for (i = 0; i < sizeof(bufout); i++)
			bufout[i] = pbyte(i);
		out = bufout + POISON + off;
	}
	bs_crypt(mode, k, out, in, blocks, iv_bs);
	if (memcmp(out, expect, len)) {
		for (i = 0; i < len && out[i] == expect[i]; i++)
			;
		sprintf(why, "output differs at byte %zu (blocks %d, %s, off %d)",
			i, blocks, inplace ? "in place" : "out of place", off);
		return 1;
	}
	if (memcmp(iv_bs, iv_ref, 16) && mode >= CBC_DEC) {
		sprintf(why, "iv/counter/tweak out differs (blocks %d)", blocks);
		return 1;
	}
	if (inplace) {
		if (memcmp(bufin, saved, POISON + off) ||
		    memcmp(in + len, saved + POISON + off + len,
			   sizeof(bufin) - POISON - off - len)) {
			sprintf(why, "bytes around the in-place buffer changed (blocks %d)", blocks);
			return 1;
		}
	} else {
		if (memcmp(bufin, saved, sizeof(bufin))) {
			sprintf(why, "input changed (blocks %d)", blocks);
			return 1;
		}
		for (i = 0; i < sizeof(bufout); i++) {
			if ((i < (size_t)POISON + off || i >= POISON + off + len) &&
			    bufout[i] != pbyte(i)) {
				sprintf(why, "write outside the output at %+ld (blocks %d)",
					(long)i - (long)(POISON + off), blocks);
				return 1;
			}
		}
	}
	return 0;
}

static void composition_tests(void)
{
	static const int klen[3] = { 16, 24, 32 };
	static const int offs[4] = { 0, 1, 3, 8 };
	struct tkey *k = malloc(sizeof(*k));
	char name[96], why[160];
	u8 key[32], iv[16];
	int mode, ks, n, bad, r;

	for (ks = 0; ks < 3; ks++) {
		rnd_bytes(key, 32);
		setkey(k, key, klen[ks]);
		for (mode = 0; mode < NMODES; mode++) {
			bad = 0;
			for (n = 0; n <= 33 && !bad; n++) {
				if (n > 17 && n < 31)
					continue;
				rnd_bytes(iv, 16);
				bad = one_case(mode, k, n, 0, offs[n & 3], iv, why) ||
				      one_case(mode, k, n, 1, offs[(n + 1) & 3], iv, why);
			}
			for (r = 0; r < 12 && !bad; r++) {
				n = 1 + (int)(rnd64() % 256);
				rnd_bytes(iv, 16);
				bad = one_case(mode, k, n, r & 1, (int)(rnd64() % 16), iv, why);
			}
			sprintf(name, "AES-%d %s vs aes-ct composition", klen[ks] * 8, mode_name[mode]);
			report(name, bad, why);
		}
		/* CTR carries: the batch crosses bit 32, 64, 96 and 2^128 */
		bad = 0;
		for (r = 0; r < 4 && !bad; r++) {
			for (n = 1; n <= 20 && !bad; n++) {
				int lo = 16 - 4 * (r + 1), j;

				rnd_bytes(iv, 16);
				for (j = lo; j < 16; j++)
					iv[j] = 0xff;
				iv[15] = (u8)(0x100 - (n % 9) - 1);
				if (r == 3)
					memset(iv, 0xff, 15);
				bad = one_case(CTR, k, n, n & 1, n & 7, iv, why);
			}
		}
		sprintf(name, "AES-%d ctr_crypt carries across 32/64/96 bits and 2^128 wrap", klen[ks] * 8);
		report(name, bad, why);
	}
	{
		static u8 buf[16 * 9], ivb[16];
		unsigned long m = 0;

		m |= ctneon_call_saved((void *)ctneon_bs_convert_key, k->bs, &k->ct.std[0][0], k->ct.rounds);
		m |= ctneon_call_saved((void *)ctneon_bs_ecb_encrypt, buf, buf, k->bs, k->ct.rounds, 9);
		m |= ctneon_call_saved((void *)ctneon_bs_ecb_decrypt, buf, buf, k->bs, k->ct.rounds, 9);
		m |= ctneon_call_saved((void *)ctneon_bs_cbc_decrypt, buf, buf, k->bs, k->ct.rounds, 9, ivb);
		m |= ctneon_call_saved((void *)ctneon_bs_ctr_crypt, buf, buf, k->bs, k->ct.rounds, 9, ivb);
		m |= ctneon_call_saved((void *)ctneon_bs_xts_encrypt, buf, buf, k->bs, k->ct.rounds, 9, ivb);
		m |= ctneon_call_saved((void *)ctneon_bs_xts_decrypt, buf, buf, k->bs, k->ct.rounds, 9, ivb);
		sprintf(why, "callee-saved registers changed (mask %#lx)", m);
		report("callee-saved registers preserved (" CTNEON_CALLSAVED_REGS ")", m != 0, why);
	}
	free(k);
}

/* ---- FIPS-197 appendix C ---------------------------------------------- */
static void hex(u8 *o, const char *s)
{
	while (*s) {
		unsigned int v;

		sscanf(s, "%2x", &v);
		*o++ = (u8)v;
		s += 2;
	}
}

static void fips197(void)
{
	static const char *const vec[3][2] = {
		{ "000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a" },
		{ "000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191" },
		{ "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
		  "8ea2b7ca516745bfeafc49904b496089" },
	};
	struct tkey *k = malloc(sizeof(*k));
	u8 key[32], pt[16 * 8], ct[16], out[16 * 8];
	char name[64];
	int i, j, bad;

	for (i = 0; i < 3; i++) {
		hex(key, vec[i][0]);
		hex(ct, vec[i][1]);
		setkey(k, key, (unsigned int)strlen(vec[i][0]) / 2);
		for (j = 0; j < 8; j++)
			hex(pt + 16 * j, "00112233445566778899aabbccddeeff");
		bad = 0;
		for (j = 1; j <= 8; j++) {
			ctneon_bs_ecb_encrypt(out, pt, k->bs, k->ct.rounds, j);
			bad |= memcmp(out + 16 * (j - 1), ct, 16) != 0;
			ctneon_bs_ecb_decrypt(out, out, k->bs, k->ct.rounds, j);
			bad |= memcmp(out, pt, 16 * j) != 0;
		}
		sprintf(name, "FIPS-197 C.%d AES-%d", i + 1, (int)strlen(vec[i][0]) * 4);
		report(name, bad, "wrong ciphertext or plaintext");
	}
	free(k);
}

/* ---- the stream from bs-run.sh -------------------------------------------- */
/*
 * record: u8 mode, u8 keylen, u16 0, u32 blocks, key[32], iv[16], ivout[16],
 * in[16 * blocks], expected out[16 * blocks]
 */
static void stream_tests(void)
{
	static u8 in[MAXB * 16 + 1], out[MAXB * 16 + 1], exp_[MAXB * 16];
	struct tkey *k = malloc(sizeof(*k));
	long count[NMODES][3] = { { 0 } }, bad[NMODES][3] = { { 0 } };
	u8 hdr[8], key[32], iv[16], ivout[16];
	char name[96];
	int m, ks, first = 1;

	while (fread(hdr, 1, 8, stdin) == 8) {
		int mode = hdr[0], kl = hdr[1], off;
		uint32_t blocks = hdr[4] | hdr[5] << 8 | hdr[6] << 16 | (uint32_t)hdr[7] << 24;
		size_t len = (size_t)blocks * 16;

		if (mode >= NMODES || blocks > MAXB || (kl != 16 && kl != 24 && kl != 32) ||
		    fread(key, 1, 32, stdin) != 32 || fread(iv, 1, 16, stdin) != 16 ||
		    fread(ivout, 1, 16, stdin) != 16) {
			report("stream", 1, "malformed record");
			free(k);
			return;
		}
		off = (int)(blocks & 1);	/* odd and even alignments */
		if (fread(in + off, 1, len, stdin) != len || fread(exp_, 1, len, stdin) != len) {
			report("stream", 1, "truncated record");
			free(k);
			return;
		}
		ks = (kl - 16) / 8;
		setkey(k, key, (unsigned int)kl);
		if (blocks & 2) {
			bs_crypt(mode, k, in + off, in + off, (int)blocks, iv);
			memcpy(out + off, in + off, len);
		} else {
			bs_crypt(mode, k, out + off, in + off, (int)blocks, iv);
		}
		count[mode][ks]++;
		if (memcmp(out + off, exp_, len) || (mode >= CBC_DEC && memcmp(iv, ivout, 16))) {
			if (!bad[mode][ks]++ && first) {
				fprintf(stdout, "# first stream mismatch: %s AES-%d blocks %u\n",
					mode_name[mode], kl * 8, blocks);
				first = 0;
			}
		}
	}
	for (m = 0; m < NMODES; m++)
		for (ks = 0; ks < 3; ks++) {
			if (!count[m][ks])
				continue;
			sprintf(name, "AES-%d %s vs cryptography, %ld cases", 128 + 64 * ks,
				mode_name[m], count[m][ks]);
			report(name, bad[m][ks] != 0, "mismatches");
		}
	free(k);
}

int main(int argc, char **argv)
{
	fips197();
	composition_tests();
	if (argc > 1 && !strcmp(argv[1], "-"))
		stream_tests();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
