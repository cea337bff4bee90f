// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space test of the NH cores (arm/ or arm64/ nh-neon-core.S, the
 * contract of nh.h) and of the portable NH (nh-ct.c), and of Adiantum
 * composed over them and the other cores, run under qemu-user by
 * tests/unit/adiantum-run.sh.
 *
 * It reads the cases of tests/unit/adiantum-ref.py (the kernel's testmgr
 * vectors of nhpoly1305 and adiantum(xchacha12/20,aes), then random
 * cases, each computed by the Python reference) and checks:
 *   nh       the NEON core and the portable code, the message at every
 *            offset 0..15 and ending at a PROT_NONE page, 16 poison bytes
 *            around the hash, and cut into pieces at random multiples of
 *            64 bytes whose hashes (each at its position) must add up;
 *   nhpoly   NHPoly1305 (1024-byte chunks, the last zero-padded to 16
 *            bytes, Poly1305 without s over the NH hashes), over either NH;
 *   adi      Adiantum encryption and decryption composed as the glue does
 *            (glue-adiantum.c): once over the NEON cores (NH, ChaCha,
 *            vpaes), once over the portable code (nh-ct.c, chacha-ct.c,
 *            aes-ct.c), with the cores' integer Poly1305 in both;
 * and that ctneon_nh_neon preserves the callee-saved registers.
 *
 * Prints "ok <group>" or "FAIL <group>: ..." per group, then
 * "N passed, N failed"; exit status 1 on any failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <setjmp.h>
#include <unistd.h>
#include <sys/mman.h>
#include "aes-ct.h"
#include "chacha-poly.h"
#include "nh.h"
#include "vpaes.h"
#include "callsaved.h"

#include "report.h"

#define MAXLEN	8192
#define POISON	0x5a

static u8 *page_end;			/* followed by a PROT_NONE page */
static sigjmp_buf fault_jb;

static void on_fault(int sig)
{
	(void)sig;
	siglongjmp(fault_jb, 1);
}

static void mem_setup(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t sz = (MAXLEN + pg - 1) / pg * pg;
	u8 *m = mmap(NULL, sz + pg, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct sigaction sa;

	if (m == MAP_FAILED || mprotect(m + sz, pg, PROT_NONE)) {
		perror("mmap");
		exit(2);
	}
	page_end = m + sz;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fault;
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
}

static size_t unhex(const char *s, u8 *out, size_t max)
{
	size_t n = 0;

	if (!strcmp(s, "-"))
		return 0;
	while (s[0] && s[1] && n < max) {
		unsigned int b;

		if (sscanf(s, "%2x", &b) != 1)
			break;
		out[n++] = (u8)b;
		s += 2;
	}
	return n;
}

/* ---- the two sets of primitives ---------------------------------------- */
struct prims {
	const char *name;
	void (*nh)(const struct ctneon_nh_key *, unsigned int, const u8 *, unsigned int, u8 *);
	void (*hchacha)(const u32 st[16], u32 out[8], int nrounds);
	void (*chacha)(u32 st[16], u8 *dst, const u8 *src, unsigned int n, int nrounds);
	void (*aes)(const struct ctneon_aes_key *k, int enc, u8 out[16], const u8 in[16]);
};

static void nh_neon(const struct ctneon_nh_key *k, unsigned int pos, const u8 *m,
		    unsigned int n, u8 *h)
{
	ctneon_nh_neon(k, pos, m, (int)n, h);
}

static void chacha_neon(u32 st[16], u8 *dst, const u8 *src, unsigned int n, int nrounds)
{
	ctneon_chacha_crypt(st, dst, src, (int)n, nrounds);
}

static void aes_neon(const struct ctneon_aes_key *k, int enc, u8 out[16], const u8 in[16])
{
	if (enc)
		ctneon_vpaes_ecb_encrypt(out, in, k->enc[0], k->rounds, 1);
	else
		ctneon_vpaes_ecb_decrypt(out, in, k->dec[0], k->rounds, 1);
}

static void aes_port(const struct ctneon_aes_key *k, int enc, u8 out[16], const u8 in[16])
{
	(enc ? ctneon_aes_ct_encrypt : ctneon_aes_ct_decrypt)(k, out, in);
}

static const struct prims neon = { "NEON", nh_neon, ctneon_hchacha, chacha_neon, aes_neon };
static const struct prims port = { "portable", ctneon_nh_ct, ctneon_hchacha_ct,
				   ctneon_chacha_ct_crypt, aes_port };

/* ---- NHPoly1305 and Adiantum, composed ---------------------------------- */
/* Poly1305 of whole blocks without s: the 16-byte r, s = 0 */
static void nhpoly(const struct prims *pr, const u8 rkey[16],
		   const struct ctneon_nh_key *nk, const u8 *m, size_t n, u8 out[16])
{
	u8 key[32] = { 0 }, ps[CTNEON_POLY_STATE_SIZE] __aligned(8), h[32];
	u8 last[CTNEON_NH_CHUNK];
	size_t i;

	memcpy(key, rkey, 16);
	ctneon_poly1305_init(ps, key);
	for (i = 0; i < n; i += CTNEON_NH_CHUNK) {
		size_t c = n - i < CTNEON_NH_CHUNK ? n - i : CTNEON_NH_CHUNK;
		size_t r = (c + 15) & ~(size_t)15;

		memset(last, 0, sizeof(last));
		memcpy(last, m + i, c);
		memset(h, 0, sizeof(h));
		pr->nh(nk, 0, last, (unsigned int)r, h);
		ctneon_poly1305_blocks(ps, h, 2);
	}
	ctneon_poly1305_final(ps, out);
}

static void add128(u8 r[16], const u8 a[16], const u8 b[16], int sub)
{
	unsigned int c = sub, i;

	for (i = 0; i < 16; i++) {
		c += a[i] + (sub ? (u8)~b[i] : b[i]);
		r[i] = (u8)c;
		c >>= 8;
	}
}

struct adi_keys {
	u32 k[8];
	struct ctneon_aes_key aes;
	u8 hkey[16], mkey[16];
	struct ctneon_nh_key nh;
};

static void xchacha(const struct prims *pr, const u32 k[8], const u8 iv[32],
		    u8 *dst, const u8 *src, size_t n, int rounds)
{
	u32 st[16], sub[8];
	u8 iv2[16];

	ctneon_chacha_state(st, k, iv);
	pr->hchacha(st, sub, rounds);
	memcpy(iv2, iv + 24, 8);
	memcpy(iv2 + 8, iv + 16, 8);
	ctneon_chacha_state(st, sub, iv2);
	pr->chacha(st, dst, src, (unsigned int)n, rounds);
}

static void adi_setkey(const struct prims *pr, struct adi_keys *ak, const u8 key[32], int rounds)
{
	static u8 d[32 + 16 + 16 + CTNEON_NH_KEY_SIZE];
	u8 iv[32] = { 1 };

	ctneon_chacha_key(ak->k, key);
	memset(d, 0, sizeof(d));
	xchacha(pr, ak->k, iv, d, d, sizeof(d), rounds);
	ctneon_aes_expandkey(&ak->aes, d, 32);
	memcpy(ak->hkey, d + 32, 16);
	memcpy(ak->mkey, d + 48, 16);
	ctneon_nh_setkey(&ak->nh, d + 64);
}

/* Adiantum over a linear buffer; out may equal in */
static void adi_crypt(const struct prims *pr, const struct adi_keys *ak, int rounds,
		      const u8 iv[32], u8 *out, const u8 *in, size_t n, int enc)
{
	u8 hdr[48] = { 0 }, hkey[32] = { 0 }, ps[CTNEON_POLY_STATE_SIZE] __aligned(8);
	u8 hh[16], mh[16], x[16], siv[32] = { 0 };
	size_t bulk = n - 16, i;
	u64 bits = (u64)bulk * 8;

	for (i = 0; i < 8; i++)
		hdr[i] = (u8)(bits >> (8 * i));
	memcpy(hdr + 16, iv, 32);
	memcpy(hkey, ak->hkey, 16);
	ctneon_poly1305_init(ps, hkey);
	ctneon_poly1305_blocks(ps, hdr, 3);
	ctneon_poly1305_final(ps, hh);

	nhpoly(pr, ak->mkey, &ak->nh, in, bulk, mh);
	add128(x, in + bulk, hh, 0);
	add128(x, x, mh, 0);
	if (enc)
		pr->aes(&ak->aes, 1, x, x);
	memcpy(siv, x, 16);
	siv[16] = 1;
	xchacha(pr, ak->k, siv, out, in, bulk, rounds);
	nhpoly(pr, ak->mkey, &ak->nh, out, bulk, mh);
	if (!enc)
		pr->aes(&ak->aes, 0, x, x);
	add128(x, x, hh, 1);
	add128(out + bulk, x, mh, 1);
}

/* ---- the case stream ---------------------------------------------------- */
struct group {
	const char *name;
	int cases, bad;
	char why[200];
};

static void fail(struct group *g, const char *fmt, size_t n)
{
	if (!g->bad++)
		snprintf(g->why, sizeof(g->why), fmt, n);
}

static struct group g_nh[2] = { { .name = "nh NEON core" }, { .name = "nh portable" } };
static struct group g_nhp[2] = { { .name = "nhpoly1305 over the NEON core" }, { .name = "nhpoly1305 over the portable NH" } };
static struct group g_adi[2] = { { .name = "adiantum over the NEON cores" }, { .name = "adiantum portable" } };

/*
 * NH of msg cut at random multiples of 64 bytes, each piece at its
 * position, added up in one hash, must be the whole's
 */
static int nh_pieces(const struct prims *pr, const struct ctneon_nh_key *key,
		     const u8 *m, size_t n, const u8 want[32])
{
	size_t pos = 0, k;
	u8 h[32];

	/* the hash accumulates: each call adds its piece's sums */
	memset(h, 0, sizeof(h));
	while (pos < n) {
		k = n - pos;
		if (k > 64 && rand() % 3)
			k = 64 * (1 + (size_t)rand() % ((k - 1) / 64));
		pr->nh(key, (unsigned int)pos, m + pos, (unsigned int)k, h);
		pos += k;
	}
	return !memcmp(h, want, 32);
}

static void case_nh(char **f, u8 *buf)
{
	static struct ctneon_nh_key key;
	u8 raw[CTNEON_NH_KEY_SIZE], want[32], out[32 + 32];
	size_t n = unhex(f[2], buf, MAXLEN);
	int w, off;

	unhex(f[1], raw, sizeof(raw));
	unhex(f[3], want, 32);
	ctneon_nh_setkey(&key, raw);
	for (w = 0; w < 2; w++) {
		const struct prims *pr = w ? &port : &neon;

		g_nh[w].cases++;
		for (off = 0; off <= 16; off++) {
			/* off 16: the message ends at the PROT_NONE page */
			u8 *m = off == 16 ? page_end - n : page_end - n - 64 + off;

			memmove(m, buf, n);
			memset(out, POISON, sizeof(out));
			memset(out + 16, 0, 32);
			if (sigsetjmp(fault_jb, 1)) {
				fail(&g_nh[w], "fault, %zu bytes", n);
				break;
			}
			pr->nh(&key, 0, m, (unsigned int)n, out + 16);
			if (memcmp(out + 16, want, 32)) {
				fail(&g_nh[w], "wrong hash, %zu bytes", n);
				break;
			}
			if (off == 5 && !nh_pieces(pr, &key, m, n, want))
				fail(&g_nh[w], "wrong sum of the pieces' hashes, %zu bytes", n);
			for (int i = 0; i < 16; i++)
				if (out[i] != POISON || out[48 + i] != POISON)
					fail(&g_nh[w], "wrote outside the hash, %zu bytes", n);
		}
	}
}

static void case_nhpoly(char **f, u8 *buf)
{
	static struct ctneon_nh_key key;
	u8 raw[16 + CTNEON_NH_KEY_SIZE], want[16], out[16];
	size_t n = unhex(f[2], buf, MAXLEN);
	int w;

	unhex(f[1], raw, sizeof(raw));
	unhex(f[3], want, 16);
	ctneon_nh_setkey(&key, raw + 16);
	for (w = 0; w < 2; w++) {
		g_nhp[w].cases++;
		nhpoly(w ? &port : &neon, raw, &key, buf, n, out);
		if (memcmp(out, want, 16))
			fail(&g_nhp[w], "wrong digest, %zu bytes", n);
	}
}

static void case_adi(char **f, u8 *buf)
{
	static struct adi_keys ak;
	static u8 ct[MAXLEN], out[MAXLEN + 32];
	u8 key[32], iv[32];
	int rounds = atoi(f[1]), w;
	size_t n = unhex(f[4], buf, MAXLEN);

	unhex(f[2], key, 32);
	unhex(f[3], iv, 32);
	unhex(f[5], ct, MAXLEN);
	for (w = 0; w < 2; w++) {
		const struct prims *pr = w ? &port : &neon;
		u8 *in = page_end - n;

		g_adi[w].cases++;
		adi_setkey(pr, &ak, key, rounds);
		if (sigsetjmp(fault_jb, 1)) {
			fail(&g_adi[w], "fault, %zu bytes", n);
			continue;
		}
		/* out of place, the input at the guard page */
		memcpy(in, buf, n);
		adi_crypt(pr, &ak, rounds, iv, out + 3, in, n, 1);
		if (memcmp(out + 3, ct, n))
			fail(&g_adi[w], "wrong ciphertext, %zu bytes", n);
		/* decryption in place */
		memcpy(in, ct, n);
		adi_crypt(pr, &ak, rounds, iv, in, in, n, 0);
		if (memcmp(in, buf, n))
			fail(&g_adi[w], "wrong plaintext, %zu bytes", n);
	}
}

static void run_stream(FILE *fp)
{
	static char line[3 * MAXLEN + 4096];
	static u8 buf[MAXLEN];
	int w;

	while (fgets(line, sizeof(line), fp)) {
		char *f[8] = { 0 }, *save = NULL, *t;
		int nf = 0;

		for (t = strtok_r(line, " \n", &save); t && nf < 8; t = strtok_r(NULL, " \n", &save))
			f[nf++] = t;
		if (nf == 4 && !strcmp(f[0], "nh"))
			case_nh(f, buf);
		else if (nf == 4 && !strcmp(f[0], "nhpoly"))
			case_nhpoly(f, buf);
		else if (nf == 6 && !strcmp(f[0], "adi"))
			case_adi(f, buf);
		else if (nf)
			report("case stream", 1, "unreadable line");
	}
	for (w = 0; w < 2; w++) {
		struct group *gs[3] = { &g_nh[w], &g_nhp[w], &g_adi[w] };

		for (int i = 0; i < 3; i++) {
			char name[120];

			snprintf(name, sizeof(name), "%s (%d cases)", gs[i]->name, gs[i]->cases);
			report(name, gs[i]->bad || !gs[i]->cases,
			       gs[i]->cases ? gs[i]->why : "no cases");
		}
	}
}

static void test_callsaved(void)
{
	static struct ctneon_nh_key key;
	u8 m[1024], h[32];
	unsigned long bad = 0;
	int n;

	memset(m, 7, sizeof(m));
	for (n = 16; n <= 1024; n += 16)
		bad |= ctneon_call_saved((void *)ctneon_nh_neon, &key, (1024 - n) & ~63,
					 m, n, h, 0, 0);
	report("callee-saved " CTNEON_CALLSAVED_REGS " preserved by ctneon_nh_neon",
	       bad != 0, "a register changed");
}

int main(int argc, char **argv)
{
	FILE *f;

	mem_setup();
	test_callsaved();
	if (argc < 2 || !(f = fopen(argv[1], "r"))) {
		report("case stream", 1, "no case file");
	} else {
		run_stream(f);
		fclose(f);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
