// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-space test of a GHASH core (arm/ or arm64/ghash-neon.S, the
 * contract of ghash.h), run under qemu-user by tests/unit/ghash-run.sh.
 *
 * 1. Published vectors: the GHASH values inside the GCM test cases 1..6 of
 *    McGrew and Viega (also SP 800-38D's examples), H and GHASH(H, A, C)
 *    typed in; the runner checks the same values against OpenSSL (the tag
 *    = GHASH ^ E_K(J0)) so that a typing error shows.
 * 2. The core against a bit-by-bit reference (gf_mul_ref, SP 800-38D
 *    algorithm 1: shift-and-add in GCM's bit order): block counts 0..9,
 *    15..17 and random up to 256, random H and starting X, the input at
 *    offsets 0..15 and ending exactly before a PROT_NONE page (and
 *    read-only there, so that a write into it faults), the message
 *    split over several calls; 16 poison bytes before and after x and after
 *    the key schedule stay intact, the input is not written, and
 *    setkey writes exactly CTNEON_GHASH_KEY_SIZE bytes; the key schedule
 *    and x at every offset 1..15 (no alignment assumed).
 * 3. A stream of random GCM cases on stdin (made with Python's
 *    `cryptography`: H, E_K(J0), AAD, ciphertext, tag): GHASH over
 *    A || pad || C || pad || [len(A)]64 || [len(C)]64, XORed with E_K(J0),
 *    must equal the tag; the GHASH is computed in one call or in pieces, at
 *    an odd offset, and (1 case in 8) compared with the reference too.
 * 4. The AAPCS64/AAPCS callee-saved registers survive both entry points.
 *
 * Prints "ok <name>" or "FAIL <name>: ..." per group, then
 * "N passed, N failed"; exit status 1 on any failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <signal.h>
#include <unistd.h>
#include <sys/mman.h>
#include "ghash.h"
#include "callsaved.h"

#include "report.h"

static const char *volatile group = "start";

/* a fault inside a core: report the group that ran, stop */
static void on_fault(int sig)
{
	static const char msg[] = ": fault (a core touched memory it must not)\n";

	(void)sig;
	if (write(1, "FAIL ", 5) < 0 || write(1, group, strlen(group)) < 0 ||
	    write(1, msg, sizeof(msg) - 1) < 0)
		_exit(2);
	_exit(1);
}

/* ---- deterministic PRNG (xorshift64*) ---------------------------------- */
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

/* ---- the reference -------------------------------------------------------- */
/*
 * z = x * y in GF(2^128), GCM's bit order: coefficient of x^i is bit
 * 7 - (i % 8) of byte i / 8.  SP 800-38D algorithm 1: for each bit of x
 * from x^0 up, add v if set, then v = v * x (a right shift of the string;
 * x^128 = x^7 + x^2 + x + 1 folds in as 0xe1 into byte 0).
 */
static void gf_mul_ref(u8 z[16], const u8 x[16], const u8 y[16])
{
	u8 v[16], r[16] = { 0 };
	int i, j;

	memcpy(v, y, 16);
	for (i = 0; i < 128; i++) {
		int lsb = v[15] & 1;

		if ((x[i / 8] >> (7 - i % 8)) & 1)
			for (j = 0; j < 16; j++)
				r[j] ^= v[j];
		for (j = 15; j > 0; j--)
			v[j] = (u8)((v[j] >> 1) | (v[j - 1] << 7));
		v[0] >>= 1;
		if (lsb)
			v[0] ^= 0xe1;
	}
	memcpy(z, r, 16);
}

static void ghash_ref(u8 x[16], const u8 h[16], const u8 *src, int blocks)
{
	int i, j;

	for (i = 0; i < blocks; i++) {
		for (j = 0; j < 16; j++)
			x[j] ^= src[16 * i + j];
		gf_mul_ref(x, x, h);
	}
}

/* ---- buffers -------------------------------------------------------------- */
static long page;
static u8 *guard_buf;		/* 2 pages + PROT_NONE page */

static void guard_init(void)
{
	page = sysconf(_SC_PAGESIZE);
	guard_buf = mmap(NULL, 4 * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (guard_buf == MAP_FAILED) {
		perror("mmap");
		exit(1);
	}
	if (mprotect(guard_buf + 3 * page, page, PROT_NONE)) {
		perror("mprotect");
		exit(1);
	}
}

/*
 * a copy of n bytes ending exactly at the PROT_NONE page, read-only until
 * guard_release() (a write into the input faults)
 */
static const u8 *at_guard(const u8 *p, size_t n)
{
	u8 *d = guard_buf + 3 * page - n;

	memcpy(d, p, n);
	if (mprotect(guard_buf, 3 * page, PROT_READ)) {
		perror("mprotect");
		exit(1);
	}
	return d;
}

static void guard_release(void)
{
	if (mprotect(guard_buf, 3 * page, PROT_READ | PROT_WRITE)) {
		perror("mprotect");
		exit(1);
	}
}

#define POISON	0xa7

struct tkey {
	u8 pre[16];
	u8 k[CTNEON_GHASH_KEY_SIZE];
	u8 post[16];
} __attribute__((aligned(16)));

static int check_poison(const u8 *p, size_t n)
{
	while (n--)
		if (*p++ != POISON)
			return 1;
	return 0;
}

/* setkey into a poisoned key; 1 if it wrote outside */
static int setkey(struct tkey *t, const u8 h[16])
{
	memset(t, POISON, sizeof(*t));
	ctneon_ghash_setkey(t->k, h);
	return check_poison(t->pre, 16) | check_poison(t->post, 16);
}

/*
 * x = GHASH update by the core with x between poison; in: the starting
 * value.  1 if the poison changed.
 */
static int core_update(u8 x[16], const u8 *key, const u8 *src, int blocks)
{
	u8 buf[48];

	memset(buf, POISON, sizeof(buf));
	memcpy(buf + 16, x, 16);
	ctneon_ghash_update(buf + 16, key, src, blocks);
	memcpy(x, buf + 16, 16);
	return check_poison(buf, 16) | check_poison(buf + 32, 16);
}

static void hex(char *out, const u8 *p, int n)
{
	int i;

	for (i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", p[i]);
}

/* ---- 1. vectors ---------------------------------------------------------- */
struct vec {
	const char *name, *h, *a, *c, *ghash;
};

/* GCM spec test cases 1..6 (AES-128); the IV only matters for the tag */
static const struct vec vecs[] = {
	{ "mv-tc1", "66e94bd4ef8a2c3b884cfa59ca342b2e", "", "",
	  "00000000000000000000000000000000" },
	{ "mv-tc2", "66e94bd4ef8a2c3b884cfa59ca342b2e", "",
	  "0388dace60b6a392f328c2b971b2fe78",
	  "f38cbb1ad69223dcc3457ae5b6b0f885" },
	{ "mv-tc3", "b83b533708bf535d0aa6e52980d53b78", "",
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
	  "7f1b32b81b820d02614f8895ac1d4eac" },
	{ "mv-tc4", "b83b533708bf535d0aa6e52980d53b78",
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2",
	  "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	  "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
	  "698e57f70e6ecc7fd9463b7260a9ae5f" },
	{ "mv-tc5", "b83b533708bf535d0aa6e52980d53b78",
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2",
	  "61353b4c2806934a777ff51fa22a4755699b2a714fcdc6f83766e5f97b6c7423"
	  "73806900e49f24b22b097544d4896b424989b5e1ebac0f07c23f4598",
	  "df586bb4c249b92cb6922877e444d37b" },
	{ "mv-tc6", "b83b533708bf535d0aa6e52980d53b78",
	  "feedfacedeadbeeffeedfacedeadbeefabaddad2",
	  "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca7"
	  "01e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5",
	  "1c5afe9760d3932f3c9a878aac3dc3de" },
};

static int unhex(u8 *out, const char *s)
{
	int n = 0;

	for (; s[0] && s[1]; s += 2) {
		unsigned int b;

		sscanf(s, "%2x", &b);
		out[n++] = (u8)b;
	}
	return n;
}

/* A || pad || C || pad || [8 len(A)]64 || [8 len(C)]64, returns blocks */
static int gcm_blob(u8 *out, const u8 *a, int alen, const u8 *c, int clen)
{
	int n = 0, i;
	u64 abits = (u64)alen * 8, cbits = (u64)clen * 8;

	memcpy(out, a, alen);
	n = (alen + 15) & ~15;
	memset(out + alen, 0, n - alen);
	memcpy(out + n, c, clen);
	memset(out + n + clen, 0, ((clen + 15) & ~15) - clen);
	n += (clen + 15) & ~15;
	for (i = 0; i < 8; i++) {
		out[n + i] = (u8)(abits >> (56 - 8 * i));
		out[n + 8 + i] = (u8)(cbits >> (56 - 8 * i));
	}
	return n / 16 + 1;
}

static void test_vectors(void)
{
	size_t v;

	group = "vectors";
	for (v = 0; v < ARRAY_SIZE(vecs); v++) {
		static struct tkey key;
		u8 h[16], a[64], c[128], want[16], blob[256], x[16], xr[16];
		int alen, clen, nb, bad = 0;
		char why[200] = "";

		unhex(h, vecs[v].h);
		alen = unhex(a, vecs[v].a);
		clen = unhex(c, vecs[v].c);
		unhex(want, vecs[v].ghash);
		nb = gcm_blob(blob, a, alen, c, clen);
		if (setkey(&key, h)) {
			bad = 1;
			strcpy(why, "setkey wrote outside the key ");
		}
		memset(x, 0, 16);
		if (core_update(x, key.k, blob, nb)) {
			bad = 1;
			strcat(why, "update wrote outside x ");
		}
		memset(xr, 0, 16);
		ghash_ref(xr, h, blob, nb);
		if (memcmp(x, want, 16)) {
			bad = 1;
			strcat(why, "core ");
			hex(why + strlen(why), x, 16);
		}
		if (memcmp(xr, want, 16)) {
			bad = 1;
			strcat(why, " reference ");
			hex(why + strlen(why), xr, 16);
		}
		report(vecs[v].name, bad, why);
	}
}

/* ---- 2. against the reference ------------------------------------------- */
static int cmp_case(const u8 *h, const u8 *x0, const u8 *src, int blocks,
		    const char *what, int *shown)
{
	static struct tkey key;
	u8 x[16], xr[16], *copy;
	int bad, kbad, off;
	size_t n = 16 * (size_t)blocks;

	bad = kbad = setkey(&key, h);
	memcpy(xr, x0, 16);
	ghash_ref(xr, h, src, blocks);

	/* aligned, odd offsets, at the guard page */
	copy = malloc(n + 32);
	for (off = 0; off <= 16; off++) {
		const u8 *in;
		int b = 0;

		if (off < 16) {
			memcpy(copy + off, src, n);
			in = copy + off;
		} else {
			in = at_guard(src, n);
		}
		memcpy(x, x0, 16);
		int pz = core_update(x, key.k, in, blocks) | kbad;

		if (off == 16)
			guard_release();

		pz |= memcmp(in, src, n) != 0;
		b |= pz | (memcmp(x, xr, 16) != 0);
		if (b && (*shown)++ < 4) {
			char g[40], w[40];

			hex(g, x, 16);
			hex(w, xr, 16);
			printf("# %s: %d blocks, offset %s%d: got %s want %s%s\n",
			       what, blocks, off == 16 ? "guard " : "", off == 16 ? 0 : off, g, w,
			       pz ? " (wrote outside x or the key, or into the input)" : "");
		}
		bad |= b;
		if (blocks > 40 && off == 2)
			off = 15;	/* long ones: 0, 1, 2, 15 and the guard */
	}
	free(copy);

	/* split in up to 4 calls at random block boundaries */
	if (blocks > 0) {
		int done = 0, b = 0;

		memcpy(x, x0, 16);
		while (done < blocks) {
			int k = 1 + (int)(rnd64() % (uint64_t)(blocks - done));

			if (rnd64() % 4 == 0)
				b |= core_update(x, key.k, src, 0);
			b |= core_update(x, key.k, src + 16 * done, k);
			done += k;
		}
		b |= memcmp(x, xr, 16) != 0;
		if (b && (*shown)++ < 4)
			printf("# %s: %d blocks split: mismatch\n", what, blocks);
		bad |= b;
	}
	return bad;
}

static void test_reference(void)
{
	static const int fixed[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33 };
	u8 h[16], x0[16], *src = malloc(16 * 256);
	int bad = 0, shown = 0, i, n = 0;
	size_t f;

	group = "ref: block counts";
	for (f = 0; f < ARRAY_SIZE(fixed); f++)
		for (i = 0; i < 8; i++, n++) {
			rnd_bytes(h, 16);
			rnd_bytes(x0, 16);
			rnd_bytes(src, 16 * fixed[f]);
			bad |= cmp_case(h, x0, src, fixed[f], "counts", &shown);
		}
	report("ref: block counts 0..9, 15..17, 31..33, offsets 0..15, guard page, split",
	       bad, "mismatch");

	bad = 0;
	group = "ref: random counts";
	for (i = 0; i < 200; i++) {
		int blocks = 1 + (int)(rnd64() % 256);

		rnd_bytes(h, 16);
		rnd_bytes(x0, 16);
		rnd_bytes(src, 16 * blocks);
		bad |= cmp_case(h, x0, src, blocks, "random", &shown);
	}
	report("ref: 200 random counts 1..256", bad, "mismatch");

	/* special values: H = 0, 1 (0x80..), all ones; data all ones / zero */
	bad = 0;
	group = "ref: special values";
	for (i = 0; i < 12; i++) {
		int blocks = 1 + i;

		memset(h, 0, 16);
		if (i % 3 == 1)
			h[0] = 0x80;
		if (i % 3 == 2)
			memset(h, 0xff, 16);
		memset(x0, i & 4 ? 0xff : 0, 16);
		memset(src, i & 1 ? 0xff : 0, 16 * blocks);
		bad |= cmp_case(h, x0, src, blocks, "special", &shown);
	}
	report("ref: H = 0 / 1 / all ones, data all zero / ones", bad, "mismatch");

	/* sparse: single bits of H and data, every position */
	bad = 0;
	group = "ref: single bits";
	for (i = 0; i < 128; i++) {
		memset(h, 0, 16);
		h[i / 8] = (u8)(0x80 >> (i % 8));
		memset(x0, 0, 16);
		memset(src, 0, 16 * 5);
		src[16 * (i % 5) + (127 - i) / 8] = (u8)(1 << (i % 8));
		rnd_bytes(src + 16 * 5, 16);
		bad |= cmp_case(h, x0, src, 6, "single bits", &shown);
	}
	report("ref: single-bit H and data, every position", bad, "mismatch");

	/*
	 * The key schedule and x at unaligned addresses (the contract takes
	 * u8 pointers; an alignment hint in a core's loads would fault here).
	 */
	bad = 0;
	group = "ref: unaligned key";
	for (i = 1; i < 16; i++) {
		static u8 kbuf[CTNEON_GHASH_KEY_SIZE + 16] __attribute__((aligned(16)));
		static const int counts[] = { 1, 4, 7 };
		u8 xbuf[32], xr[16];
		size_t c;

		rnd_bytes(h, 16);
		ctneon_ghash_setkey(kbuf + i, h);
		for (c = 0; c < ARRAY_SIZE(counts); c++) {
			rnd_bytes(x0, 16);
			rnd_bytes(src, 16 * (size_t)counts[c]);
			memcpy(xbuf + i, x0, 16);
			ctneon_ghash_update(xbuf + i, kbuf + i, src, counts[c]);
			memcpy(xr, x0, 16);
			ghash_ref(xr, h, src, counts[c]);
			bad |= memcmp(xbuf + i, xr, 16) != 0;
		}
	}
	report("ref: key schedule and x at offsets 1..15", bad, "mismatch");
	free(src);
}

/* ---- 3. the cryptography stream -------------------------------------------- */
static int read_all(FILE *f, void *p, size_t n)
{
	return fread(p, 1, n, f) == n;
}

static void test_stream(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	static struct tkey key;
	u8 hdr[8], h[16], ej0[16], tag[16];
	u8 *a = malloc(1 << 16), *c = malloc(1 << 16), *blob = malloc(1 << 17), *buf = malloc((1 << 17) + 16);
	int n = 0, bad = 0, shown = 0, nref = 0;

	group = "stream";
	if (!f) {
		report("stream", 1, "cannot open");
		return;
	}
	while (read_all(f, hdr, 8)) {
		u32 alen = hdr[0] | hdr[1] << 8 | (u32)hdr[2] << 16 | (u32)hdr[3] << 24;
		u32 clen = hdr[4] | hdr[5] << 8 | (u32)hdr[6] << 16 | (u32)hdr[7] << 24;
		u8 x[16], t[16];
		int nb, i, b = 0, pz = 0, off = (int)(rnd64() % 16);

		if (alen > 1 << 15 || clen > 1 << 15 ||
		    !read_all(f, h, 16) || !read_all(f, ej0, 16) || !read_all(f, tag, 16) ||
		    !read_all(f, a, alen) || !read_all(f, c, clen)) {
			bad = 1;
			printf("# stream: bad record %d\n", n);
			break;
		}
		nb = gcm_blob(blob, a, alen, c, clen);
		memcpy(buf + off, blob, 16 * (size_t)nb);
		pz |= setkey(&key, h);
		memset(x, 0, 16);
		if (n % 3 == 0) {
			pz |= core_update(x, key.k, buf + off, nb);
		} else {	/* as a caller would: A, then C in pieces, then lengths */
			int done = 0;

			while (done < nb) {
				int k = 1 + (int)(rnd64() % (uint64_t)(nb - done));

				if (n % 3 == 2 && k > 5)
					k = 1 + k % 5;
				pz |= core_update(x, key.k, buf + off + 16 * done, k);
				done += k;
			}
		}
		pz |= memcmp(buf + off, blob, 16 * (size_t)nb) != 0;
		b |= pz;
		for (i = 0; i < 16; i++)
			t[i] = x[i] ^ ej0[i];
		b |= memcmp(t, tag, 16) != 0;
		if (n % 8 == 0) {
			u8 xr[16] = { 0 };

			ghash_ref(xr, h, blob, nb);
			b |= memcmp(xr, x, 16) != 0;
			nref++;
		}
		if (b && shown++ < 4) {
			char g[40], w[40];

			hex(g, t, 16);
			hex(w, tag, 16);
			printf("# stream case %d: alen %u clen %u: tag %s want %s%s\n",
			       n, alen, clen, g, w,
			       pz ? " (wrote outside x or the key, or into the input)" : "");
		}
		bad |= b;
		n++;
	}
	if (f != stdin)
		fclose(f);
	free(a);
	free(c);
	free(blob);
	free(buf);
	{
		char name[120];

		snprintf(name, sizeof(name),
			 "stream: %d AES-GCM tags from cryptography (%d also against the reference)",
			 n, nref);
		report(name, bad || n == 0, n ? "mismatch" : "no cases");
	}
}

/* ---- 4. callee-saved registers --------------------------------------------- */
static void test_callsaved(void)
{
	static struct tkey key;
	u8 h[16], x[16], src[16 * 9];
	unsigned long m1, m2, m3;
	char why[100];

	group = "callee-saved";
	rnd_bytes(h, 16);
	rnd_bytes(x, 16);
	rnd_bytes(src, sizeof(src));
	memset(&key, POISON, sizeof(key));
	m1 = ctneon_call_saved((void *)ctneon_ghash_setkey, key.k, h, 0, 0, 0, 0);
	m2 = ctneon_call_saved((void *)ctneon_ghash_update, x, key.k, src, 9, 0, 0);
	m3 = ctneon_call_saved((void *)ctneon_ghash_update, x, key.k, src, 0, 0, 0);
	snprintf(why, sizeof(why), "masks setkey %#lx update %#lx / %#lx", m1, m2, m3);
	report("callee-saved " CTNEON_CALLSAVED_REGS, m1 || m2 || m3, why);
}

int main(int argc, char **argv)
{
	signal(SIGSEGV, on_fault);
	signal(SIGBUS, on_fault);
	guard_init();
	test_vectors();
	test_reference();
	test_callsaved();
	if (argc > 1)
		test_stream(argv[1]);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
