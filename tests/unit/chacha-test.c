// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space test of a ChaCha20/Poly1305 core (arm/ or arm64/
 * chacha-poly-neon-core.S, the contract of chacha-poly.h), run under
 * qemu-user by tests/unit/chacha-run.sh.
 *
 * 1. A stream of records on stdin (chacha-run.sh makes it with
 *    /usr/bin/python3's `cryptography` and a big-integer Poly1305): the
 *    RFC 8439 vectors (2.3.2, 2.4.2, 2.5.2, 2.6.2, 2.8.2, A.1-A.5), the
 *    draft-irtf-cfrg-xchacha vectors (HChaCha20 2.2.1, XChaCha20-Poly1305
 *    A.3.1), Poly1305 final-reduction edge vectors (accumulator driven to
 *    p-1, p, p+1..p+4, 2^130-1 and just above 2^130, seed 002) and random
 *    ChaCha20 / Poly1305 / AEAD cases.  Each record runs through the core
 *    (in one call and split into several, out of place at an odd offset
 *    and in place, input ending at a PROT_NONE page, 16 poison bytes
 *    before and after every output) and through the portable C reference
 *    below; the AEAD is composed over the entry points (poly key from
 *    block 0, AAD blocks, the stitched step, the length block).
 * 2. Fixed groups against the C reference only: ChaCha20/12 and the AEAD
 *    at every length up to 1100 / 1300 bytes, counter wrap at 2^32 (no
 *    carry into word 13), HChaCha20/12 and XChaCha20/12.
 * 3. The AAPCS64 / AAPCS callee-saved registers survive every entry point.
 *
 * Prints "ok <name>" or "FAIL <name>: ..." per group, then
 * "N passed, N failed"; exit status 1 on any failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <signal.h>
#include <setjmp.h>
#include <unistd.h>
#include <sys/mman.h>
#include "chacha-poly.h"
#include "copy-neon.h"
#include "callsaved.h"

#include "report.h"

/* ---- deterministic PRNG (xorshift64*) ------------------------------- */
static uint64_t rng_state = 0x2545f4914f6cdd1dull;
static uint64_t rnd64(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}
static unsigned int rndn(unsigned int n)
{
	return n ? (unsigned int)(rnd64() >> 33) % n : 0;
}
static void rnd_bytes(u8 *p, size_t n)
{
	while (n--)
		*p++ = (u8)rnd64();
}

static u32 le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}
static void put_le32(u8 *p, u32 v)
{
	p[0] = (u8)v; p[1] = (u8)(v >> 8); p[2] = (u8)(v >> 16); p[3] = (u8)(v >> 24);
}

/* ---- C reference: ChaCha (RFC 8439 2.1-2.4) ----------------------------- */
static u32 rotl(u32 x, int n)
{
	return x << n | x >> (32 - n);
}

#define QR(a, b, c, d) do {					\
	x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 16);		\
	x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 12);		\
	x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 8);		\
	x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 7);		\
} while (0)

static void ref_rounds(u32 x[16], int nrounds)
{
	int i;

	for (i = 0; i < nrounds; i += 2) {
		QR(0, 4, 8, 12); QR(1, 5, 9, 13); QR(2, 6, 10, 14); QR(3, 7, 11, 15);
		QR(0, 5, 10, 15); QR(1, 6, 11, 12); QR(2, 7, 8, 13); QR(3, 4, 9, 14);
	}
}

static void chacha_setup(u32 st[16], const u8 key[32], const u8 iv[16])
{
	int i;

	st[0] = 0x61707865; st[1] = 0x3320646e; st[2] = 0x79622d32; st[3] = 0x6b206574;
	for (i = 0; i < 8; i++)
		st[4 + i] = le32(key + 4 * i);
	for (i = 0; i < 4; i++)
		st[12 + i] = le32(iv + 4 * i);
}

/* the keystream, block by block; st[12] += 1 per block modulo 2^32 */
static void ref_crypt(u32 st[16], u8 *dst, const u8 *src, size_t n, int nrounds)
{
	u32 x[16];
	u8 ks[64];
	size_t i, j;

	for (i = 0; i < n; i += 64) {
		memcpy(x, st, sizeof(x));
		ref_rounds(x, nrounds);
		for (j = 0; j < 16; j++)
			put_le32(ks + 4 * j, x[j] + st[j]);
		for (j = 0; j < 64 && i + j < n; j++)
			dst[i + j] = src[i + j] ^ ks[j];
		st[12]++;
	}
}

static void ref_hchacha(const u32 st[16], u32 out[8], int nrounds)
{
	u32 x[16];
	int i;

	memcpy(x, st, sizeof(x));
	ref_rounds(x, nrounds);
	for (i = 0; i < 4; i++) {
		out[i] = x[i];
		out[4 + i] = x[12 + i];
	}
}

/* ---- C reference: Poly1305 (RFC 8439 2.5), 26-bit limbs ----------------
 * h and r as five 26-bit limbs; h r mod p with 2^130 = 5: the limb
 * products of weight 2^(26 (i + j)), i + j >= 5, come back times 5 at
 * weight 2^(26 (i + j - 5)).  Full reduction at the end by plain
 * comparison with p (this is a reference: no constant-time promise).
 */
struct ref_poly {
	u32 r[5], h[5];
	u8 s[16];
};

static void ref_poly_init(struct ref_poly *p, const u8 key[32])
{
	u8 k[16];
	u64 lo, hi;
	int i;

	memcpy(k, key, 16);
	k[3] &= 15; k[7] &= 15; k[11] &= 15; k[15] &= 15;
	k[4] &= 252; k[8] &= 252; k[12] &= 252;
	lo = (u64)le32(k) | (u64)le32(k + 4) << 32;
	hi = (u64)le32(k + 8) | (u64)le32(k + 12) << 32;
	p->r[0] = (u32)(lo & 0x3ffffff);
	p->r[1] = (u32)((lo >> 26) & 0x3ffffff);
	p->r[2] = (u32)((lo >> 52 | hi << 12) & 0x3ffffff);
	p->r[3] = (u32)((hi >> 14) & 0x3ffffff);
	p->r[4] = (u32)(hi >> 40);
	for (i = 0; i < 5; i++)
		p->h[i] = 0;
	memcpy(p->s, key + 16, 16);
}

/* one block of 16 bytes, plus 2^(8 len) for a final short block */
static void ref_poly_block(struct ref_poly *p, const u8 *m, size_t len)
{
	u8 b[17] = { 0 };
	u64 lo, hi, d[5], c;
	u32 top;
	int i, j;

	memcpy(b, m, len);
	b[len] = 1;
	lo = (u64)le32(b) | (u64)le32(b + 4) << 32;
	hi = (u64)le32(b + 8) | (u64)le32(b + 12) << 32;
	top = b[16];
	p->h[0] += (u32)(lo & 0x3ffffff);
	p->h[1] += (u32)((lo >> 26) & 0x3ffffff);
	p->h[2] += (u32)((lo >> 52 | hi << 12) & 0x3ffffff);
	p->h[3] += (u32)((hi >> 14) & 0x3ffffff);
	p->h[4] += (u32)(hi >> 40) | top << 24;
	for (i = 0; i < 5; i++) {
		d[i] = 0;
		for (j = 0; j < 5; j++) {
			int k = i - j;
			u64 rk = k >= 0 ? p->r[k] : 5ull * p->r[k + 5];

			d[i] += (u64)p->h[j] * rk;
		}
	}
	c = 0;
	for (i = 0; i < 5; i++) {
		d[i] += c;
		p->h[i] = (u32)(d[i] & 0x3ffffff);
		c = d[i] >> 26;
	}
	c = p->h[0] + 5 * c;
	p->h[0] = (u32)(c & 0x3ffffff);
	p->h[1] += (u32)(c >> 26);
}

static void ref_poly_final(struct ref_poly *p, u8 tag[16])
{
	u32 h[5], g[5];
	u64 c, lo, hi, s0, s1;
	int i;

	/* carry fully: h < 2^130 + small */
	memcpy(h, p->h, sizeof(h));
	for (i = 0; i < 2; i++) {
		h[1] += h[0] >> 26; h[0] &= 0x3ffffff;
		h[2] += h[1] >> 26; h[1] &= 0x3ffffff;
		h[3] += h[2] >> 26; h[2] &= 0x3ffffff;
		h[4] += h[3] >> 26; h[3] &= 0x3ffffff;
		h[0] += 5 * (h[4] >> 26); h[4] &= 0x3ffffff;
	}
	/* now h < 2^130; g = h + 5 - 2^130 = h - p, used if h >= p */
	c = 5;
	for (i = 0; i < 5; i++) {
		c += h[i];
		g[i] = (u32)(c & 0x3ffffff);
		c >>= 26;
	}
	if (c)				/* h + 5 >= 2^130, i.e. h >= p */
		memcpy(h, g, sizeof(h));
	lo = (u64)h[0] | (u64)h[1] << 26 | (u64)h[2] << 52;
	hi = (u64)h[2] >> 12 | (u64)h[3] << 14 | (u64)h[4] << 40;
	s0 = (u64)le32(p->s) | (u64)le32(p->s + 4) << 32;
	s1 = (u64)le32(p->s + 8) | (u64)le32(p->s + 12) << 32;
	lo += s0;
	hi += s1 + (lo < s0);
	put_le32(tag, (u32)lo); put_le32(tag + 4, (u32)(lo >> 32));
	put_le32(tag + 8, (u32)hi); put_le32(tag + 12, (u32)(hi >> 32));
}

static void ref_poly1305(const u8 key[32], const u8 *m, size_t n, u8 tag[16])
{
	struct ref_poly p;
	size_t i;

	ref_poly_init(&p, key);
	for (i = 0; i < n; i += 16)
		ref_poly_block(&p, m + i, n - i < 16 ? n - i : 16);
	ref_poly_final(&p, tag);
}

/* RFC 8439 2.8 over the references */
static void ref_aead(const u8 key[32], const u8 nonce[12], const u8 *aad, size_t la,
		     u8 *dst, const u8 *src, size_t n, int enc, u8 tag[16])
{
	struct ref_poly p;
	u32 st[16];
	u8 iv[16] = { 0 }, pk[64] = { 0 }, z[16] = { 0 }, lens[16];
	size_t i;

	memcpy(iv + 4, nonce, 12);
	chacha_setup(st, key, iv);
	ref_crypt(st, pk, pk, 64, 20);
	ref_poly_init(&p, pk);
	for (i = 0; i < la; i += 16) {
		memset(z, 0, 16);
		memcpy(z, aad + i, la - i < 16 ? la - i : 16);
		ref_poly_block(&p, z, 16);
	}
	if (enc)
		ref_crypt(st, dst, src, n, 20);
	for (i = 0; i < n; i += 16) {
		memset(z, 0, 16);
		memcpy(z, (enc ? dst : src) + i, n - i < 16 ? n - i : 16);
		ref_poly_block(&p, z, 16);
	}
	if (!enc)
		ref_crypt(st, dst, src, n, 20);
	put_le32(lens, (u32)la); put_le32(lens + 4, (u32)((u64)la >> 32));
	put_le32(lens + 8, (u32)n); put_le32(lens + 12, (u32)((u64)n >> 32));
	ref_poly_block(&p, lens, 16);
	ref_poly_final(&p, tag);
}

/* ---- memory: guarded input, poisoned output, faults ------------------- */
#define MAXLEN		(16384 + 1024)
#define POISON		0xa5
static u8 *arena_end;		/* followed by a PROT_NONE page */
static u8 *obuf;		/* 16 poison | up to 15 offset | MAXLEN | 16 poison */
static sigjmp_buf fault_jb;
static volatile int faults;

static void on_fault(int sig)
{
	(void)sig;
	faults++;
	siglongjmp(fault_jb, 1);
}

static void mem_setup(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	size_t sz = (MAXLEN + 2 * pg - 1) / pg * pg;
	u8 *m = mmap(NULL, sz + pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct sigaction sa;

	if (m == MAP_FAILED || mprotect(m + sz, pg, PROT_NONE)) {
		perror("mmap");
		exit(2);
	}
	arena_end = m + sz;
	obuf = malloc(MAXLEN + 64);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fault;
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
}

/* n bytes ending exactly at the PROT_NONE page */
static u8 *guarded(const u8 *data, size_t n)
{
	u8 *p = arena_end - n;

	memcpy(p, data, n);
	return p;
}

/* output area at offset off (0..15) with 16 poison bytes either side */
static u8 *poisoned(size_t n, unsigned int off)
{
	memset(obuf, POISON, n + off + 32);
	return obuf + 16 + off;
}

static int poison_ok(const u8 *out, size_t n)
{
	size_t i;

	for (i = 0; i < 16; i++)
		if (out[-1 - (long)i] != POISON || out[n + i] != POISON)
			return 0;
	return 1;
}

/* ---- the core, composed ------------------------------------------------- */
/* chacha over n bytes in 1..4 calls (all but the last a multiple of 64) */
static void core_chacha(u32 st[16], u8 *dst, const u8 *src, size_t n, int nrounds, int split)
{
	size_t done = 0;

	while (split && n - done > 64 && rndn(3)) {
		size_t c = 64 * (1 + rndn((unsigned int)((n - done - 1) / 64)));

		ctneon_chacha_crypt(st, dst + done, src + done, (int)c, nrounds);
		done += c;
		split--;
	}
	ctneon_chacha_crypt(st, dst + done, src + done, (int)(n - done), nrounds);
}

static u8 pstate[CTNEON_POLY_STATE_SIZE] __attribute__((aligned(16)));

static void core_poly_blocks(const u8 *m, size_t blocks, int split)
{
	size_t done = 0;

	while (split && blocks - done > 1 && rndn(3)) {
		size_t c = rndn((unsigned int)(blocks - done));

		ctneon_poly1305_blocks(pstate, m + 16 * done, (int)c);
		done += c;
		split--;
	}
	ctneon_poly1305_blocks(pstate, m + 16 * done, (int)(blocks - done));
}

/*
 * Fill the stack below the caller's frame with garbage, so that a core
 * reading a stack slot it never wrote (say, the zero padding of the last
 * Poly1305 block) sees that garbage and not the zeros its previous call
 * left behind.
 */
static __attribute__((noinline)) void dirty_stack(void)
{
	volatile u8 junk[2048];
	unsigned int i;

	for (i = 0; i < sizeof(junk); i++)
		junk[i] = (u8)(0xc3 ^ i);
}

static void core_aead(const u8 key[32], const u8 nonce[12], const u8 *aad, size_t la,
		      u8 *dst, const u8 *src, size_t n, int enc, u8 tag[16], int split)
{
	u32 st[16];
	u8 iv[16] = { 0 }, pk[32] = { 0 }, z[16] = { 0 }, lens[16];
	static u8 lag[CTNEON_CP_STEP];
	static u8 hk[64 + CTNEON_CP_HEAD];
	const u8 *pend = NULL;
	u8 *kept_ct = NULL;
	size_t done = 0;
	int pflags = 0;

	memcpy(iv + 4, nonce, 12);
	chacha_setup(st, key, iv);
	/*
	 * Split encryptions on arm start with the glue's head half of the
	 * time: blocks 0..3 in one call over 0^64 || the first CTNEON_CP_HEAD
	 * bytes, the head's ciphertext then absorbed by the first stitched
	 * call (CTNEON_CP_HEAD_PEND) from a copy.
	 */
	if (CTNEON_CP_HEAD && split && enc && n >= CTNEON_CP_STEP && rndn(2)) {
		memset(hk, 0, 64);
		memcpy(hk + 64, src, CTNEON_CP_HEAD);
		ctneon_chacha_crypt(st, hk, hk, 64 + CTNEON_CP_HEAD, 20);
		memcpy(pk, hk, 32);
		memcpy(dst, hk + 64, CTNEON_CP_HEAD);
		pend = hk + 64;
		pflags = CTNEON_CP_HEAD_PEND;
		done = CTNEON_CP_HEAD;
	} else {
		ctneon_chacha_crypt(st, pk, pk, 32, 20);	/* block 0; st[12] = 1 */
	}
	ctneon_poly1305_init(pstate, pk);
	core_poly_blocks(aad, la / 16, split);
	if (la % 16) {
		memcpy(z, aad + la / 16 * 16, la % 16);
		ctneon_poly1305_blocks(pstate, z, 1);
	}
	/*
	 * Split as the glue's walk may: multiples of 64 bytes; encrypting,
	 * some of them whole stitched steps whose last one is kept for the
	 * next call (CTNEON_CP_KEEP), from a copy (the walk may unmap dst),
	 * the ciphertext itself then overwritten to prove the copy is read.
	 */
	while (split && n - done > 64 && rndn(3)) {
		size_t c = 64 * (1 + rndn((unsigned int)((n - done - 1) / 64)));
		int flags = (enc ? CTNEON_CP_ENC : 0) | pflags;

		if (enc && n - done > CTNEON_CP_STEP && rndn(2)) {
			c = CTNEON_CP_STEP *
			    (1 + rndn((unsigned int)((n - done - 1) / CTNEON_CP_STEP)));
			flags |= CTNEON_CP_KEEP;
		}
		dirty_stack();
		ctneon_chachapoly_crypt(st, pstate, dst + done, src + done, (int)c, flags,
					pend);
		pend = NULL;
		pflags = 0;
		if (kept_ct) {			/* consumed: the ciphertext back */
			memcpy(kept_ct, lag, CTNEON_CP_STEP);
			kept_ct = NULL;
		}
		if (flags & CTNEON_CP_KEEP) {
			memcpy(lag, dst + done + c - CTNEON_CP_STEP, CTNEON_CP_STEP);
			memset(dst + done + c - CTNEON_CP_STEP, 0x5c, CTNEON_CP_STEP);
			pend = lag;
			kept_ct = dst + done + c - CTNEON_CP_STEP;
		}
		done += c;
		split--;
	}
	dirty_stack();
	ctneon_chachapoly_crypt(st, pstate, dst + done, src + done, (int)(n - done),
				(enc ? CTNEON_CP_ENC : 0) | pflags, pend);
	if (kept_ct)
		memcpy(kept_ct, lag, CTNEON_CP_STEP);
	put_le32(lens, (u32)la); put_le32(lens + 4, (u32)((u64)la >> 32));
	put_le32(lens + 8, (u32)n); put_le32(lens + 12, (u32)((u64)n >> 32));
	ctneon_poly1305_blocks(pstate, lens, 1);
	ctneon_poly1305_final(pstate, tag);
}

/* ---- groups --------------------------------------------------------------- */
enum { T_CHACHA, T_POLY, T_AEAD, T_XAEAD, T_HCHACHA };
enum { G_RFC_CHACHA, G_RFC_POLY, G_RFC_AEAD, G_XCHACHA, G_EDGE, G_RND_CHACHA,
       G_RND_POLY, G_RND_AEAD, G_FIXED, NGROUPS };
static const char *const gname[NGROUPS] = {
	"rfc8439 chacha20 (2.3.2 2.4.2 2.6.2 A.1 A.2 A.4)",
	"rfc8439 poly1305 (2.5.2 A.3)",
	"rfc8439 aead (2.8.2 A.5)",
	"cfrg-xchacha (hchacha20 2.2.1, xchacha20-poly1305 A.3.1)",
	"poly1305 final-reduction edge vectors",
	"random chacha20 vs cryptography",
	"random poly1305 vs cryptography",
	"random chacha20-poly1305 vs cryptography",
	"fixed",
};
static int gcases[NGROUPS], gbad[NGROUPS];
static char gwhy[NGROUPS][200];

static void gfail(int g, const char *fmt, const char *what, size_t n)
{
	if (!gbad[g]++)
		snprintf(gwhy[g], sizeof(gwhy[g]), fmt, what, (unsigned long)n, gcases[g]);
	if (gbad[g] <= 3) {
		fprintf(stdout, "# %s: ", gname[g]);
		fprintf(stdout, fmt, what, (unsigned long)n, gcases[g]);
		fprintf(stdout, "\n");
	}
}
#define BAD(what) gfail(g, "%s (len %lu, case %d)", what, n)

static void check_chacha(int g, const u8 key[32], const u8 iv[16], const u8 *data,
			 size_t n, const u8 *expect)
{
	u32 st[16], st0[16];
	u8 *ref = malloc(n + 1), *out, *in;
	u32 want12;
	unsigned int off = rndn(16);

	chacha_setup(st0, key, iv);
	want12 = st0[12] + (u32)((n + 63) / 64);
	memcpy(st, st0, sizeof(st));
	ref_crypt(st, ref, data, n, 20);
	if (memcmp(ref, expect, n))
		BAD("C reference");
	/* out of place, input at the guard page, one call */
	memcpy(st, st0, sizeof(st));
	in = guarded(data, n);
	out = poisoned(n, off);
	ctneon_chacha_crypt(st, out, in, (int)n, 20);
	if (memcmp(out, expect, n))
		BAD("one call");
	if (!poison_ok(out, n))
		BAD("poison");
	if (st[12] != want12 || memcmp(st, st0, 48) || memcmp(st + 13, st0 + 13, 12))
		BAD("state after");
	if (memcmp(in, data, n))
		BAD("input modified");
	/* in place, split */
	memcpy(st, st0, sizeof(st));
	in = guarded(data, n);
	core_chacha(st, in, in, n, 20, 3);
	if (memcmp(in, expect, n))
		BAD("in place split");
	if (st[12] != want12)
		BAD("state after split");
	/* ChaCha12 against the C reference, one case in four */
	if (!rndn(4)) {
		memcpy(st, st0, sizeof(st));
		ref_crypt(st, ref, data, n, 12);
		memcpy(st, st0, sizeof(st));
		out = poisoned(n, off ^ 5);
		core_chacha(st, out, guarded(data, n), n, 12, 2);
		if (memcmp(out, ref, n) || !poison_ok(out, n))
			BAD("chacha12");
	}
	free(ref);
}

static void check_poly(int g, const u8 key[32], int refonly, const u8 *m, size_t n,
		       const u8 *expect)
{
	u8 tag[32], *in;

	ref_poly1305(key, m, n, tag);
	if (memcmp(tag, expect, 16))
		BAD("C reference");
	if (refonly)
		return;
	memset(tag, POISON, sizeof(tag));
	memset(pstate, 0x5a, sizeof(pstate));
	in = guarded(m, n);
	ctneon_poly1305_init(pstate, key);
	core_poly_blocks(in, n / 16, 0);
	ctneon_poly1305_final(pstate, tag);
	if (memcmp(tag, expect, 16))
		BAD("one call");
	for (int i = 16; i < 32; i++)
		if (tag[i] != POISON)
			BAD("poison after tag");
	ctneon_poly1305_init(pstate, key);
	core_poly_blocks(in, n / 16, 4);
	ctneon_poly1305_final(pstate, tag);
	if (memcmp(tag, expect, 16))
		BAD("split");
}

static void check_aead(int g, const u8 key[32], const u8 nonce[12], const u8 *aad,
		       size_t la, const u8 *pt, size_t n, const u8 *ct, const u8 *tag)
{
	u8 t[16], *out, *in, *a, *r = malloc(n + 1);
	unsigned int off = rndn(16);

	if (g != G_RND_AEAD || !rndn(8)) {
		ref_aead(key, nonce, aad, la, r, pt, n, 1, t);
		if (memcmp(r, ct, n) || memcmp(t, tag, 16))
			BAD("C reference enc");
		ref_aead(key, nonce, aad, la, r, ct, n, 0, t);
		if (memcmp(r, pt, n) || memcmp(t, tag, 16))
			BAD("C reference dec");
	}
	a = malloc(la + 1);
	memcpy(a, aad, la);
	/* encryption out of place, input at the guard page */
	in = guarded(pt, n);
	out = poisoned(n, off);
	core_aead(key, nonce, a, la, out, in, n, 1, t, rndn(2) * 3);
	if (memcmp(out, ct, n))
		BAD("enc ciphertext");
	if (memcmp(t, tag, 16))
		BAD("enc tag");
	if (!poison_ok(out, n))
		BAD("enc poison");
	if (memcmp(in, pt, n))
		BAD("enc input modified");
	/* decryption in place */
	in = guarded(ct, n);
	core_aead(key, nonce, a, la, in, in, n, 0, t, rndn(2) * 3);
	if (memcmp(in, pt, n))
		BAD("dec in place plaintext");
	if (memcmp(t, tag, 16))
		BAD("dec in place tag");
	if (g != G_RND_AEAD || !rndn(4)) {
		/* encryption in place, split; decryption out of place, split */
		in = guarded(pt, n);
		core_aead(key, nonce, a, la, in, in, n, 1, t, 3);
		if (memcmp(in, ct, n) || memcmp(t, tag, 16))
			BAD("enc in place split");
		in = guarded(ct, n);
		out = poisoned(n, off ^ 9);
		core_aead(key, nonce, a, la, out, in, n, 0, t, 3);
		if (memcmp(out, pt, n) || memcmp(t, tag, 16) || !poison_ok(out, n))
			BAD("dec split");
	}
	free(a);
	free(r);
}

/* ---- the stream ------------------------------------------------------------ */
struct rec {
	u8 type, group;
	u16 pad;
	u32 la, lb;
};

static int read_all(FILE *f, void *p, size_t n)
{
	return fread(p, 1, n, f) == n;
}

static void run_stream(FILE *f)
{
	static u8 a[MAXLEN], b[MAXLEN], c[MAXLEN];
	struct rec h;
	u8 key[32], iv[24], tag[16];
	static int g;		/* static: survives the siglongjmp of a fault */

	while (read_all(f, &h, sizeof(h))) {
		size_t n = h.lb, lc;

		g = h.group < NGROUPS ? h.group : G_FIXED;
		lc = h.type == T_HCHACHA ? 32 : h.type == T_POLY ? 0 : h.lb;
		if (h.la > MAXLEN || h.lb > MAXLEN ||
		    !read_all(f, key, 32) || !read_all(f, iv, 24) ||
		    !read_all(f, a, h.la) || !read_all(f, b, h.lb) ||
		    !read_all(f, c, lc) || !read_all(f, tag, 16)) {
			report("stream", 1, "truncated or malformed record");
			return;
		}
		gcases[g]++;
		if (sigsetjmp(fault_jb, 1)) {
			BAD("FAULT (SIGSEGV/SIGBUS) in the core");
			continue;
		}
		switch (h.type) {
		case T_CHACHA:
			check_chacha(g, key, iv, b, n, c);
			break;
		case T_POLY:
			check_poly(g, key, iv[0], b, n, tag);
			break;
		case T_AEAD:
			check_aead(g, key, iv, a, h.la, b, n, c, tag);
			break;
		case T_HCHACHA: {
			u32 st[16], o1[8], o2[8];
			u8 ob[32];
			int i;

			chacha_setup(st, key, iv);
			ref_hchacha(st, o1, 20);
			ctneon_hchacha(st, o2, 20);
			for (i = 0; i < 8; i++)
				put_le32(ob + 4 * i, o1[i]);
			if (memcmp(ob, c, 32))
				BAD("C reference");
			for (i = 0; i < 8; i++)
				put_le32(ob + 4 * i, o2[i]);
			if (memcmp(ob, c, 32))
				BAD("core");
			break;
		}
		case T_XAEAD: {
			/* XChaCha20-Poly1305: subkey = HChaCha20(key, nonce[0..15]),
			 * then the RFC 8439 AEAD with nonce 0^4 || nonce[16..23] */
			u32 st[16], sk[8];
			u8 subkey[32], n12[12] = { 0 };
			int i;

			u32 skr[8];

			chacha_setup(st, key, iv);
			ref_hchacha(st, skr, 20);
			ctneon_hchacha(st, sk, 20);
			if (memcmp(sk, skr, sizeof(sk)))
				BAD("hchacha subkey");
			for (i = 0; i < 8; i++)
				put_le32(subkey + 4 * i, sk[i]);
			memcpy(n12 + 4, iv + 16, 8);
			check_aead(g, subkey, n12, a, h.la, b, n, c, tag);
			break;
		}
		default:
			BAD("unknown record type");
		}
	}
	for (g = 0; g < G_FIXED; g++) {
		char name[160];

		snprintf(name, sizeof(name), "%s: %d cases", gname[g], gcases[g]);
		report(name, gbad[g] || !gcases[g], gbad[g] ? gwhy[g] : "no cases");
	}
}

/* ---- fixed groups ------------------------------------------------------------ */
/*
 * the counter wraps from 2^32 - 1 to 0, word 13 unchanged; ChaCha20 and 12;
 * start counters 2^32 - 18 .. 2^32 - 1, so that the arm64 integer-unit
 * block (counter + 4 of a 5-block step, + 6 of a 7-block one) wraps too,
 * at the lengths around each step of the arm64 cascade
 */
static void test_counter_wrap(void)
{
	static u8 data[1200], ref[1200], out[1200 + 32];
	/* every tail shape of the arm core (1, 2, 3 row-form blocks, the
	 * buffered chunk 193..255, after whole chunks too) and every step of
	 * the arm64 cascade (4, 5, 6, 7 blocks and their remainders) */
	static const size_t lens[] = { 1, 15, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255,
				       256, 300, 319, 320, 321, 383, 384, 447, 448, 449, 511,
				       512, 575, 576, 577, 639, 640, 641, 703, 704, 705, 777,
				       832, 896, 1024, 1200 };
	int bad = 0, cases = 0;
	u32 k, nr;
	size_t i;

	for (nr = 12; nr <= 20; nr += 8)
		for (k = 1; k <= 18; k++)
			for (i = 0; i < ARRAY_SIZE(lens); i++) {
				u32 st[16], st2[16];
				u8 key[32], iv[16];
				size_t n = lens[i];

				rnd_bytes(key, 32);
				rnd_bytes(iv, 16);
				put_le32(iv, (u32)(0 - k));
				rnd_bytes(data, n);
				chacha_setup(st, key, iv);
				memcpy(st2, st, sizeof(st));
				ref_crypt(st, ref, data, n, (int)nr);
				memset(out, POISON, sizeof(out));
				core_chacha(st2, out + 16, guarded(data, n), n, (int)nr, (int)(k & 3));
				if (memcmp(out + 16, ref, n) || memcmp(st, st2, sizeof(st)) ||
				    !poison_ok(out + 16, n))
					bad++;
				cases++;
			}
	{
		char name[80];

		snprintf(name, sizeof(name), "counter wrap at 2^32 vs C reference: %d cases", cases);
		report(name, bad, "output or state differs");
	}
}

/* every length 0..1100 at odd offsets, in place and not, ChaCha20 and 12 */
static void test_lengths(void)
{
	static u8 data[1100], ref[1100];
	int bad = 0, n;

	for (n = 0; n <= 1100; n++) {
		u32 st[16], st2[16];
		u8 key[32], iv[16], *out, *in;
		int nr = n & 1 ? 12 : 20;

		rnd_bytes(key, 32);
		rnd_bytes(iv, 16);
		rnd_bytes(data, (size_t)n);
		chacha_setup(st, key, iv);
		memcpy(st2, st, sizeof(st));
		ref_crypt(st, ref, data, (size_t)n, nr);
		out = poisoned((size_t)n, (unsigned int)n % 16);
		ctneon_chacha_crypt(st2, out, guarded(data, (size_t)n), n, nr);
		if (memcmp(out, ref, (size_t)n) || memcmp(st, st2, sizeof(st)) ||
		    !poison_ok(out, (size_t)n))
			bad++;
		in = guarded(data, (size_t)n);
		memcpy(st2, st, sizeof(st));
		st2[12] -= (u32)((n + 63) / 64);
		ctneon_chacha_crypt(st2, in, in, n, nr);
		if (memcmp(in, ref, (size_t)n))
			bad++;
	}
	report("chacha20/12 every length 0..1100 vs C reference", bad, "output differs");
}

/*
 * The module's portable ChaCha (chacha-ct.c, the no-NEON path) and its
 * state setup: every length 0..700, counters near the wrap, HChaCha; against
 * this file's reference, and the state word 12 it leaves.
 */
static void test_portable(void)
{
	static u8 data[700], ref[700], out[700];
	int bad = 0, cases = 0, n;

	for (n = 0; n <= 700; n++) {
		u32 st[16], st2[16], kw[8], h1[8], h2[8];
		u8 key[32], iv[16];
		int nr = n % 3 ? 20 : 12;

		rnd_bytes(key, 32);
		rnd_bytes(iv, 16);
		if (n % 5 == 0)
			put_le32(iv, (u32)(0 - (u32)(n % 11)));
		rnd_bytes(data, (size_t)n);
		chacha_setup(st, key, iv);
		ctneon_chacha_key(kw, key);
		ctneon_chacha_state(st2, kw, iv);
		if (memcmp(st, st2, sizeof(st)))
			bad++;
		ref_crypt(st, ref, data, (size_t)n, nr);
		ctneon_chacha_ct_crypt(st2, out, data, (unsigned int)n, nr);
		if (memcmp(out, ref, (size_t)n) || memcmp(st, st2, sizeof(st)))
			bad++;
		chacha_setup(st, key, iv);
		ref_hchacha(st, h1, nr);
		ctneon_hchacha_ct(st, h2, nr);
		if (memcmp(h1, h2, sizeof(h1)))
			bad++;
		cases++;
	}
	{
		char name[96];

		snprintf(name, sizeof(name),
			 "portable chacha-ct.c (ChaCha20/12, HChaCha, state setup) vs C reference: %d cases",
			 cases);
		report(name, bad, "output, state or subkey differs");
	}
}

/* HChaCha20/12 and XChaCha20/12 composed over the entry points */
static void test_xchacha(void)
{
	static u8 data[700], ref[700], out[700];
	int bad = 0, i;

	for (i = 0; i < 400; i++) {
		u32 st[16], s1[8], s2[8], x1[16], x2[16];
		u8 key[32], nonce[32], sub[32], iv[16];
		int nr = i & 1 ? 12 : 20, j;
		size_t n = rndn(700);

		rnd_bytes(key, 32);
		rnd_bytes(nonce, 32);
		chacha_setup(st, key, nonce);
		ref_hchacha(st, s1, nr);
		memset(s2, 0xee, sizeof(s2));
		ctneon_hchacha(st, s2, nr);
		if (memcmp(s1, s2, sizeof(s1)))
			bad++;
		/* XChaCha: key = HChaCha(key, nonce[0..15]), iv = ctr || 0 || nonce[16..23] */
		for (j = 0; j < 8; j++)
			put_le32(sub + 4 * j, s1[j]);
		memcpy(iv, nonce + 24, 4);
		memset(iv + 4, 0, 4);
		memcpy(iv + 8, nonce + 16, 8);
		chacha_setup(x1, sub, iv);
		memcpy(x2, x1, sizeof(x1));
		rnd_bytes(data, n);
		ref_crypt(x1, ref, data, n, nr);
		core_chacha(x2, out, data, n, nr, 2);
		if (memcmp(out, ref, n))
			bad++;
	}
	report("hchacha20/12 and xchacha20/12 vs C reference: 400 cases", bad, "differs");
}

/*
 * The AEAD composed over the entry points against the C reference for
 * every length 0..1300 (every mix of 6-block, 4-block and tail steps,
 * both directions), AAD 0..36 bytes, one call or split, in place or not.
 */
static void test_aead_lengths(void)
{
	static u8 pt[1300], ct2[1300], aad[40];
	int bad = 0, n;

	for (n = 0; n <= 1300; n++) {
		u8 key[32], nonce[12], t1[16], t2[16], *in, *out;
		size_t la = (size_t)n % 37;

		rnd_bytes(key, 32);
		rnd_bytes(nonce, 12);
		rnd_bytes(aad, la);
		rnd_bytes(pt, (size_t)n);
		ref_aead(key, nonce, aad, la, ct2, pt, (size_t)n, 1, t2);
		out = poisoned((size_t)n, (unsigned int)n % 16);
		core_aead(key, nonce, aad, la, out, guarded(pt, (size_t)n), (size_t)n, 1, t1, n & 1 ? 3 : 0);
		if (memcmp(out, ct2, (size_t)n) || memcmp(t1, t2, 16) || !poison_ok(out, (size_t)n))
			bad++;
		in = guarded(ct2, (size_t)n);
		core_aead(key, nonce, aad, la, in, in, (size_t)n, 0, t1, n & 2 ? 3 : 0);
		if (memcmp(in, pt, (size_t)n) || memcmp(t1, t2, 16))
			bad++;
	}
	report("chacha20-poly1305 every length 0..1300 (AAD 0..36) vs C reference", bad, "differs");
}

/* the callee-saved registers across every entry point */
static void test_callsaved(void)
{
	static u8 buf[1024], key[32];
	u32 st[16] = { 0 }, out8[8];
	u8 tag[16];
	unsigned long m = 0;

	m |= ctneon_call_saved((void *)ctneon_chacha_crypt, st, buf, buf, 1000, 20);
	m |= ctneon_call_saved((void *)ctneon_chacha_crypt, st, buf, buf, 100, 12);
	m |= ctneon_call_saved((void *)ctneon_chacha_crypt, st, buf, buf, 50, 20);
	m |= ctneon_call_saved((void *)ctneon_chacha_crypt, st, buf, buf, 240, 20);
	m |= ctneon_call_saved((void *)ctneon_hchacha, st, out8, 20);
	m |= ctneon_call_saved((void *)ctneon_poly1305_init, pstate, key);
	m |= ctneon_call_saved((void *)ctneon_poly1305_blocks, pstate, buf, 40);
	m |= ctneon_call_saved((void *)ctneon_poly1305_final, pstate, tag);
	m |= ctneon_call_saved((void *)ctneon_chachapoly_crypt, st, pstate, buf, buf, 1000,
			       CTNEON_CP_ENC, NULL);
	m |= ctneon_call_saved((void *)ctneon_chachapoly_crypt, st, pstate, buf, buf, 777, 0, NULL);
	m |= ctneon_call_saved((void *)ctneon_chachapoly_crypt, st, pstate, buf, buf, 768,
			       CTNEON_CP_ENC | CTNEON_CP_KEEP, buf);
	{
		char why[80];

		snprintf(why, sizeof(why), "clobbered mask %#lx", m);
		report("callee-saved " CTNEON_CALLSAVED_REGS " preserved by every entry point",
		       m != 0, why);
	}
}

/*
 * The Poly1305 entry points, which the glue calls outside NEON sections,
 * must leave every FP/SIMD register as it was (not only the callee-saved
 * ones): each runs through ctneon_call_novec() at lengths that take each
 * path.  The control: ctneon_chacha_crypt, a NEON routine, must be seen to
 * change some, or the check could not fail.
 */
static void test_novec(void)
{
	static u8 buf[1024], key[32];
	static const int nblocks[] = { 0, 1, 2, 3, 4, 5, 17, 64 };
	u32 st[16] = { 0 };
	u8 tag[16];
	unsigned long m = 0, ctl;
	char why[96];
	size_t i;

	rnd_bytes(key, sizeof(key));
	rnd_bytes(buf, sizeof(buf));
	m |= ctneon_call_novec((void *)ctneon_poly1305_init, pstate, key, 0);
	for (i = 0; i < ARRAY_SIZE(nblocks); i++)
		m |= ctneon_call_novec((void *)ctneon_poly1305_blocks, pstate, buf,
				       nblocks[i]);
	m |= ctneon_call_novec((void *)ctneon_poly1305_final, pstate, tag, 0);
	snprintf(why, sizeof(why), "FP/SIMD registers changed, mask %#lx", m);
	report("poly1305 init/blocks/final leave every FP/SIMD register untouched",
	       m != 0, why);
	/* a NEON entry point of three arguments */
	ctl = ctneon_call_novec((void *)ctneon_hchacha, st, buf, 20);
	report("control: ctneon_hchacha (NEON) is seen to change FP/SIMD registers",
	       ctl == 0, "no change seen: the check cannot fail");
}

/*
 * ctneon_neon_copy (arm/ or arm64/copy-neon.S), the AEAD decryptions'
 * stable copy: every length 0..700 and 4096, source and destination at
 * offsets 0..15, the source ending at a PROT_NONE page; 16 poison bytes
 * around the output must stay, the source must stay as it was; and the
 * callee-saved registers.
 */
static void test_copy(void)
{
	static u8 src[4096 + 64], dst[4096 + 96], ref[4096 + 64];
	unsigned long cases = 0, bad = 0, m = 0;
	char why[96];

	rnd_bytes(src, sizeof(src));
	memcpy(ref, src, sizeof(src));
	for (unsigned int n = 0; n <= 4096; n = n < 700 ? n + 1 : 4096 + (n == 4096)) {
		for (unsigned int so = 0; so < 16; so += n < 64 ? 1 : 5) {
			unsigned int doff = (so * 7 + n) % 16;
			const u8 *s = n <= 700 ? guarded(src + so, n) : src + so;

			memset(dst, POISON, sizeof(dst));
			ctneon_neon_copy(dst + 16 + doff, s, n);
			cases++;
			if (memcmp(dst + 16 + doff, src + so, n) ||
			    !poison_ok(dst + 16 + doff, n) ||
			    memcmp(s, src + so, n) || memcmp(src, ref, sizeof(src)))
				bad++;
		}
	}
	snprintf(why, sizeof(why), "%lu of %lu copies wrong or wrote outside", bad, cases);
	report("neon_copy every length 0..700 and 4096, offsets 0..15, guard page, poison",
	       bad != 0, why);
	m |= ctneon_call_saved((void *)ctneon_neon_copy, dst, src, 4096);
	m |= ctneon_call_saved((void *)ctneon_neon_copy, dst, src, 333);
	snprintf(why, sizeof(why), "clobbered mask %#lx", m);
	report("neon_copy preserves " CTNEON_CALLSAVED_REGS, m != 0, why);
}

int main(int argc, char **argv)
{
	mem_setup();
	if (sigsetjmp(fault_jb, 1)) {
		report("fixed tests", 1, "FAULT in the core");
	} else {
		test_callsaved();
		test_novec();
		test_copy();
		test_lengths();
		test_counter_wrap();
		test_xchacha();
		test_portable();
		test_aead_lengths();
	}
	if (argc > 1) {
		FILE *f = strcmp(argv[1], "-") ? fopen(argv[1], "rb") : stdin;

		if (!f) {
			perror(argv[1]);
			return 2;
		}
		run_stream(f);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
