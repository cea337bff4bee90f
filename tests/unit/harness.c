// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: user-space unit tests of the AES cores (tests/unit).
 *
 * Built statically for arm or arm64 with aes-ct.c and <arch>/vpaes-core.S,
 * run under qemu-user by tests/unit/run.sh.  It reads the case stream that
 * tests/unit/cases.py writes (published vectors and random cases with
 * OpenSSL's answers, format described there) on stdin, and runs every case
 * through every vpaes entry point in up to four ways:
 *
 *  - out of place: input and output at the offsets the case gives (0..15,
 *    so mostly unaligned), or ending exactly at the end of a page followed
 *    by a PROT_NONE page (F_IN_GUARD, F_OUT_GUARD: an over-read or
 *    over-write faults); 16 bytes of poison before and after the output
 *    and after the chaining value must be intact, and so must the input;
 *  - in place (out == in), with the same poison;
 *  - split: the message in several calls (block-multiple pieces, the last
 *    may end in a partial block), the chaining value carried from call to
 *    call, which must give the same output as one call;
 *  - the C reference: the portable modes of aes-ct.c (ctneon_aes_ct_ecb,
 *    _cbc, _ctr, _xts), out of place and in place (F_CREF).
 *
 * The chaining value on return is checked when the case asks (F_IVOUT):
 * the last ciphertext block for CBC, the counter advanced by
 * DIV_ROUND_UP(len, 16) for CTR, T * x^n for XTS of n whole blocks.
 * For XTS the case carries the tweak key and the IV; the tweak T is the
 * IV encrypted with ctneon_vpaes_ecb_encrypt (the C reference uses
 * ctneon_aes_ct_encrypt).
 *
 * Besides the stream, the key expansion is tested directly: -EINVAL for
 * every length but 16, 24 and 32, and the std schedule against FIPS-197
 * appendix A; and every vpaes entry point must leave the callee-saved
 * registers of the procedure call standard as it found them (AArch64
 * x19-x28, d8-d15, sp; ARM r4-r11, d8-d15, sp), through the wrapper of
 * tests/unit/callsaved.h.
 *
 * Built with -DCTNEON_UNIT_RTABLE (arm64, with arm64/aes-rtable-core.S
 * linked too), the ECB, CBC encryption, CBC-MAC and CTR cases run through the
 * register-table core instead (ctneon_rt_*, on the std schedule) and the
 * other cases are skipped; the callee-saved check covers its entry points.
 *
 * Output: one "ok <group>: N cases" or "FAIL <group>: ..." line per group
 * (core and C reference counted apart), details of the first failures, and
 * a closing "N passed, N failed" line over the groups; exit status 1 on any
 * failure, 2 on a broken stream, 3 on a fault.
 */
/*
 * compat/user.h typedefs __le32/__le64 itself, which clashes with
 * <linux/types.h> (pulled in by <signal.h> on arm64): give its names
 * another spelling here, the project's headers first.
 */
#define __le32 ctneon_user_le32
#define __le64 ctneon_user_le64
#include "aes-ct.h"
#include "vpaes.h"
#ifdef CTNEON_UNIT_RTABLE
#include "aes-rtable.h"
#endif
#undef __le32
#undef __le64

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tests/unit/callsaved.h"

/*
 * CBCMAC writes nothing: its run copies in to out first, so that out is
 * checked to equal the input and the chaining value (F_IVOUT) is the MAC.
 */
enum { ECB_ENC, ECB_DEC, CBC_ENC, CBC_DEC, CTR, XTS_ENC, XTS_DEC, CBCMAC, NOPS };
static const char *const opname[NOPS] = {
	"ecb_encrypt", "ecb_decrypt", "cbc_encrypt", "cbc_decrypt",
	"ctr_crypt", "xts_encrypt", "xts_decrypt", "cbcmac",
};
#define IS_XTS(op)	((op) == XTS_ENC || (op) == XTS_DEC)

#define F_IN_GUARD	1
#define F_OUT_GUARD	2
#define F_CREF		4
#define F_IVOUT		8
#define F_OOP		16
#define F_INPLACE	32

#define MAXLEN		(64 * 1024)
#define MAXPIECES	4
#define POISON		16
#define MAXDETAIL	8	/* failure details printed per group */

struct hdr {			/* packed as cases.py's HDR, after the tag */
	u8 gid, op, keylen, flags, in_off, out_off, npieces, pad;
	u32 len;
	u32 pieces[MAXPIECES];
	u8 key[32], key2[32], iv[16], ivout[16];
};
#define HDR_SIZE	(8 + 4 + 4 * MAXPIECES + 32 + 32 + 16 + 16)

struct group {
	char name[256];
	unsigned long cases, fails;	/* the cores */
	unsigned long rcases, rfails;	/* the C reference */
	int details;
};

static struct group groups[256];
static int ngroups;
static unsigned long ncase;

/* what is running, for the fault handler */
static char current[512];
static sigjmp_buf fault_jmp;
static volatile sig_atomic_t in_core;

static void on_fault(int sig)
{
	static const char msg[] = "FAIL fault (signal) during: ";
	ssize_t r;

	if (in_core) {			/* a core faulted: fail the case */
		in_core = 0;
		siglongjmp(fault_jmp, sig);
	}
	r = write(1, msg, sizeof(msg) - 1);
	r = write(1, current, strlen(current));
	r = write(1, "\n", 1);
	(void)r;
	_exit(3);
}

/* ---------------------------------------------------------------- buffers */

static long pagesz;
static u8 *guard_in, *guard_out;	/* end of a RW area, a PROT_NONE page next */
static u8 *plain_in, *plain_out;	/* 64-byte aligned, poison room each side */

static u8 *guarded_area(void)
{
	size_t rw = (MAXLEN / pagesz + 1) * pagesz;
	u8 *p = mmap(NULL, rw + pagesz, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED || mprotect(p + rw, pagesz, PROT_NONE)) {
		perror("mmap");
		exit(2);
	}
	return p + rw;
}

static u8 poison_byte(size_t n)
{
	return (u8)(0xa5 ^ (n * 29) ^ (ncase * 7));
}

static void poison(u8 *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = poison_byte(i);
}

static int poison_ok(const u8 *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != poison_byte(i))
			return 0;
	return 1;
}

/* ------------------------------------------------------- the C reference */

/*
 * The C reference: the modes of aes-ct.c over the portable cipher, the very
 * code the module runs where NEON may not be used.
 */
static void ref_run(int op, const struct ctneon_aes_key *k, u8 *out,
		    const u8 *in, size_t len, u8 iv[16])
{
	switch (op) {
	case ECB_ENC:
	case ECB_DEC:
		ctneon_aes_ct_ecb(k, op == ECB_ENC, out, in, len / 16);
		break;
	case CBC_ENC:
	case CBC_DEC:
		ctneon_aes_ct_cbc(k, op == CBC_ENC, out, in, len / 16, iv);
		break;
	case CTR:
		ctneon_aes_ct_ctr(k, out, in, len, iv);
		break;
	case CBCMAC:
		memmove(out, in, len);
		for (; len >= 16; len -= 16, in += 16) {
			for (int i = 0; i < 16; i++)
				iv[i] ^= in[i];
			ctneon_aes_ct_encrypt(k, iv, iv);
		}
		break;
	default:
		ctneon_aes_ct_xts(k, op == XTS_ENC, out, in, len, iv);
	}
}

/* ------------------------------------------------------------ the cores */

#ifdef CTNEON_UNIT_RTABLE
/* the ops of the register-table core (the others are skipped) */
static int rtable_has(int op)
{
	return op == ECB_ENC || op == ECB_DEC || op == CBC_ENC || op == CBCMAC ||
	       op == CTR;
}

static void core_run(int op, const struct ctneon_aes_key *k, u8 *out,
		     const u8 *in, size_t len, u8 iv[16])
{
	int r = k->rounds, n = (int)len / 16;

	switch (op) {
	case ECB_ENC:
		ctneon_rt_ecb_encrypt(out, in, k->std[0], r, n);
		break;
	case ECB_DEC:
		ctneon_rt_ecb_decrypt(out, in, k->std[0], r, n);
		break;
	case CBC_ENC:
		ctneon_rt_cbc_encrypt(out, in, k->std[0], r, n, iv);
		break;
	case CTR:
		ctneon_rt_ctr_crypt(out, in, k->std[0], r, (int)len, iv);
		break;
	default:
		memmove(out, in, len);
		ctneon_rt_cbcmac(iv, in, k->std[0], r, n);
	}
}
#else
static int rtable_has(int op)
{
	(void)op;
	return 1;
}

static void core_run(int op, const struct ctneon_aes_key *k, u8 *out,
		     const u8 *in, size_t len, u8 iv[16])
{
	int r = k->rounds, n = (int)len;

	switch (op) {
	case ECB_ENC:
		ctneon_vpaes_ecb_encrypt(out, in, k->enc[0], r, n / 16);
		break;
	case ECB_DEC:
		ctneon_vpaes_ecb_decrypt(out, in, k->dec[0], r, n / 16);
		break;
	case CBC_ENC:
		ctneon_vpaes_cbc_encrypt(out, in, k->enc[0], r, n / 16, iv);
		break;
	case CBC_DEC:
		ctneon_vpaes_cbc_decrypt(out, in, k->dec[0], r, n / 16, iv);
		break;
	case CTR:
		ctneon_vpaes_ctr_crypt(out, in, k->enc[0], r, n, iv);
		break;
	case XTS_ENC:
		ctneon_vpaes_xts_encrypt(out, in, k->enc[0], r, n, iv);
		break;
	case CBCMAC:
		memmove(out, in, len);
		ctneon_vpaes_cbcmac(iv, in, k->enc[0], r, n / 16);
		break;
	default:
		ctneon_vpaes_xts_decrypt(out, in, k->dec[0], r, n, iv);
	}
}
#endif

/* run a core; 0 if it faulted (a guard page: it read or wrote outside) */
static int catch_run(int op, const struct ctneon_aes_key *k, u8 *out,
		     const u8 *in, size_t len, u8 iv[16])
{
	if (sigsetjmp(fault_jmp, 1))
		return 0;
	in_core = 1;
	core_run(op, k, out, in, len, iv);
	in_core = 0;
	return 1;
}

/* poison before a buffer, and after it unless a guard page follows */
static void surround(u8 *p, size_t len, int guarded)
{
	poison(p - POISON, POISON);
	if (!guarded)
		poison(p + len, POISON);
}

static int intact(const u8 *p, size_t len, int guarded)
{
	return poison_ok(p - POISON, POISON) &&
	       (guarded || poison_ok(p + len, POISON));
}

/* ------------------------------------------------------------ reporting */

static void hex(const char *what, const u8 *p, size_t n)
{
	printf("    %-9s", what);
	for (size_t i = 0; i < n; i++)
		printf("%02x", p[i]);
	printf("\n");
}

static int case_bad, ref_bad;	/* some check of this case failed */

/* record one check; print the first few failures of a group in detail */
static int check(struct group *g, int ref, int ok, const char *how,
		 const struct hdr *h, const u8 *got, const u8 *want, size_t n)
{
	if (ref)
		ref_bad |= !ok;
	else
		case_bad |= !ok;
	if (ok || g->details++ >= MAXDETAIL)
		return ok;
	printf("  detail %s: case %lu, %s, %s, len %u, in_off %u, out_off %u,"
	       " flags %#x, pieces %u: %s\n", g->name, ncase,
	       ref ? "C reference" : "core", opname[h->op], (unsigned)h->len,
	       h->in_off, h->out_off, h->flags, h->npieces, how);
	hex("key", h->key, h->keylen);
	if (IS_XTS(h->op))
		hex("key2", h->key2, h->keylen);
	if (h->op >= CBC_ENC)
		hex("iv", h->iv, 16);
	if (got && want) {
		size_t d = 0;

		while (d < n && got[d] == want[d])
			d++;
		printf("    first difference at byte %zu of %zu\n", d, n);
		d &= ~(size_t)15;
		hex("got", got + d, n - d < 32 ? n - d : 32);
		hex("expected", want + d, n - d < 32 ? n - d : 32);
	}
	return ok;
}

/* ------------------------------------------------------------ one case */

static u8 inbuf[MAXLEN], expbuf[MAXLEN];

/* the chaining value for the run: the IV, or for XTS the encrypted tweak */
static void start_iv(const struct hdr *h, const struct ctneon_aes_key *k2,
		     u8 iv[16], int ref)
{
	if (!IS_XTS(h->op))
		memcpy(iv, h->iv, 16);
	else if (ref)
		ctneon_aes_ct_encrypt(k2, iv, h->iv);
	else
		ctneon_vpaes_ecb_encrypt(iv, h->iv, k2->enc[0], k2->rounds, 1);
}

static void run_case(const struct hdr *h)
{
	struct group *g = &groups[h->gid];
	static struct ctneon_aes_key key, key2;
	size_t len = h->len;
	u8 ivbuf[16 + POISON], *iv = ivbuf;
	u8 *in, *out;
	int ok;

	static u8 last_key[33], last_key2[33];	/* length, bytes */
	int bad = 0;

	if (!rtable_has(h->op))
		return;
	case_bad = ref_bad = 0;
	g->cases++;
	if (h->flags & F_CREF)
		g->rcases++;
	/* consecutive cases often share a key: expand it once */
	if (last_key[0] != h->keylen || memcmp(last_key + 1, h->key, h->keylen)) {
		last_key[0] = 0;
		bad |= ctneon_aes_expandkey(&key, h->key, h->keylen);
		last_key[0] = h->keylen;
		memcpy(last_key + 1, h->key, h->keylen);
	}
	if (IS_XTS(h->op) && (last_key2[0] != h->keylen ||
				 memcmp(last_key2 + 1, h->key2, h->keylen))) {
		bad |= ctneon_aes_expandkey(&key2, h->key2, h->keylen);
		last_key2[0] = h->keylen;
		memcpy(last_key2 + 1, h->key2, h->keylen);
	}
	if (bad) {
		check(g, 0, 0, "ctneon_aes_expandkey failed", h, NULL, NULL, 0);
		g->fails++;
		last_key[0] = last_key2[0] = 0;
		return;
	}

	/* 1. out of place */
	if (!(h->flags & F_OOP))
		goto in_place;
	snprintf(current, sizeof(current), "%s case %lu out-of-place len %zu",
		 g->name, ncase, len);
	in = h->flags & F_IN_GUARD ? guard_in - len : plain_in + h->in_off;
	out = h->flags & F_OUT_GUARD ? guard_out - len : plain_out + h->out_off;
	memcpy(in, inbuf, len);
	surround(out, len, h->flags & F_OUT_GUARD);
	start_iv(h, &key2, iv, 0);
	poison(iv + 16, POISON);
	if (!catch_run(h->op, &key, out, in, len, iv)) {
		check(g, 0, 0, "out-of-place: fault (access outside the buffers?)",
		      h, NULL, NULL, 0);
		goto in_place;
	}
	ok = check(g, 0, !memcmp(out, expbuf, len), "out-of-place output", h,
		   out, expbuf, len);
	if (ok)
		check(g, 0, intact(out, len, h->flags & F_OUT_GUARD),
		      "out-of-place: poison around the output overwritten",
		      h, NULL, NULL, 0);
	check(g, 0, !memcmp(in, inbuf, len), "out-of-place: input modified",
	      h, NULL, NULL, 0);
	check(g, 0, poison_ok(iv + 16, POISON),
	      "poison after the chaining value overwritten", h, NULL, NULL, 0);
	if (h->flags & F_IVOUT)
		check(g, 0, !memcmp(iv, h->ivout, 16),
		      "out-of-place: chaining value on return", h, iv,
		      h->ivout, 16);

	/* 2. in place */
in_place:
	if (!(h->flags & F_INPLACE))
		goto split;
	snprintf(current, sizeof(current), "%s case %lu in-place len %zu",
		 g->name, ncase, len);
	out = h->flags & F_IN_GUARD ? guard_in - len : plain_out + h->in_off;
	surround(out, len, h->flags & F_IN_GUARD);
	memcpy(out, inbuf, len);
	start_iv(h, &key2, iv, 0);
	if (!catch_run(h->op, &key, out, out, len, iv)) {
		check(g, 0, 0, "in-place: fault (access outside the buffer?)",
		      h, NULL, NULL, 0);
		goto split;
	}
	ok = check(g, 0, !memcmp(out, expbuf, len), "in-place output", h,
		   out, expbuf, len);
	if (ok)
		check(g, 0, intact(out, len, h->flags & F_IN_GUARD),
		      "in-place: poison around the buffer overwritten",
		      h, NULL, NULL, 0);
	if (h->flags & F_IVOUT)
		check(g, 0, !memcmp(iv, h->ivout, 16),
		      "in-place: chaining value on return", h, iv, h->ivout, 16);

	/* 3. the same message in several calls */
split:
	if (h->npieces) {
		size_t off = 0;

		snprintf(current, sizeof(current), "%s case %lu split len %zu",
			 g->name, ncase, len);
		in = plain_in + h->in_off;
		out = plain_out + h->out_off;
		memcpy(in, inbuf, len);
		surround(out, len, 0);
		start_iv(h, &key2, iv, 0);
		for (int p = 0; p < h->npieces; p++) {
			if (!catch_run(h->op, &key, out + off, in + off,
				       h->pieces[p], iv)) {
				check(g, 0, 0, "split: fault", h, NULL, NULL, 0);
				goto cref;
			}
			off += h->pieces[p];
		}
		ok = check(g, 0, !memcmp(out, expbuf, len),
			   "split into several calls: output", h, out, expbuf,
			   len);
		if (ok)
			check(g, 0, intact(out, len, 0),
			      "split: poison around the output overwritten", h,
			      NULL, NULL, 0);
		if (h->flags & F_IVOUT)
			check(g, 0, !memcmp(iv, h->ivout, 16),
			      "split: chaining value on return", h, iv,
			      h->ivout, 16);
	}

	/* 4. the modes over the portable C AES */
cref:
	if (h->flags & F_CREF) {
		snprintf(current, sizeof(current), "%s case %lu C reference",
			 g->name, ncase);
		out = plain_out + h->out_off;
		start_iv(h, &key2, iv, 1);
		ref_run(h->op, &key, out, inbuf, len, iv);
		check(g, 1, !memcmp(out, expbuf, len), "C reference output", h,
		      out, expbuf, len);
		if (h->flags & F_IVOUT)
			check(g, 1, !memcmp(iv, h->ivout, 16),
			      "C reference chaining value", h, iv, h->ivout,
			      16);
		/* in place, as the module's fallback runs its XTS tail */
		memcpy(out, inbuf, len);
		start_iv(h, &key2, iv, 1);
		ref_run(h->op, &key, out, out, len, iv);
		check(g, 1, !memcmp(out, expbuf, len),
		      "C reference output in place", h, out, expbuf, len);
	}
	g->fails += case_bad;
	g->rfails += ref_bad;
}

/* -------------------------------------------------------- key expansion */

/*
 * FIPS-197 appendix A: the expanded keys w[0 .. 4 * (rounds + 1) - 1] for
 * the keys of A.1, A.2, A.3 (A.1 typed in from the standard; all three
 * also agree with expand() in scripts/gen-vpaes-tables.py).
 */
static const struct {
	const char *key, *w;
} fips197_a[] = {
	{ "2b7e151628aed2a6abf7158809cf4f3c",
	  "2b7e151628aed2a6abf7158809cf4f3ca0fafe1788542cb123a339392a6c7605"
	  "f2c295f27a96b9435935807a7359f67f3d80477d4716fe3e1e237e446d7a883b"
	  "ef44a541a8525b7fb671253bdb0bad00d4d1c6f87c839d87caf2b8bc11f915bc"
	  "6d88a37a110b3efddbf98641ca0093fd4e54f70e5f5fc9f384a64fb24ea6dc4f"
	  "ead27321b58dbad2312bf5607f8d292fac7766f319fadc2128d12941575c006e"
	  "d014f9a8c9ee2589e13f0cc8b6630ca6" },
	{ "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
	  "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7bfe0c91f72402f5a5"
	  "ec12068e6c827f6b0e7a95b95c56fec24db7b4bd69b5411885a74796e92538fd"
	  "e75fad44bb095386485af05721efb14fa448f6d94d6dce24aa326360113b30e6"
	  "a25e7ed583b1cf9a27f939436a94f767c0a69407d19da4e1ec1786eb6fa64971"
	  "485f703222cb8755e26d135233f0b7b340beeb282f18a2596747d26b458c553e"
	  "a7e1466c9411f1df821f750aad07d753ca4005388fcc5006282d166abc3ce7b5"
	  "e98ba06f448c773c8ecc720401002202" },
	{ "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
	  "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
	  "9ba354118e6925afa51a8b5f2067fcdea8b09c1a93d194cdbe49846eb75d5b9a"
	  "d59aecb85bf3c917fee94248de8ebe96b5a9328a2678a647983122292f6c79b3"
	  "812c81addadf48ba24360af2fab8b46498c5bfc9bebd198e268c3ba709e04214"
	  "68007bacb2df331696e939e46c518d80c814e20476a9fb8a5025c02d59c58239"
	  "de1369676ccc5a71fa2563959674ee155886ca5d2e2f31d77e0af1fa27cf73c3"
	  "749c47ab18501ddae2757e4f7401905acafaaae3e4d59b349adf6acebd10190d"
	  "fe4890d1e6188d0b046df344706c631e" },
};

static size_t unhex(u8 *out, const char *s)
{
	size_t n = 0;

	for (; s[0] && s[1]; s += 2) {
		char b[3] = { s[0], s[1], 0 };

		out[n++] = (u8)strtoul(b, NULL, 16);
	}
	return n;
}

static int report(const char *name, const char *what, unsigned long cases,
		  unsigned long fails)
{
	if (fails)
		printf("FAIL %s%s: %lu of %lu cases failed\n", name, what,
		       fails, cases);
	else
		printf("ok %s%s: %lu cases\n", name, what, cases);
	return !fails;
}

static int passed, failed;

static void tally(int ok)
{
	if (ok)
		passed++;
	else
		failed++;
}

static void test_expandkey(void)
{
	static struct ctneon_aes_key k;
	u8 key[64], w[15 * 16];
	unsigned long cases = 0, fails = 0;

	memset(key, 0x5a, sizeof(key));
	for (unsigned int len = 0; len <= 64; len++) {
		int want = (len == 16 || len == 24 || len == 32) ? 0 : -EINVAL;
		int got = ctneon_aes_expandkey(&k, key, len);

		cases++;
		if (got != want) {
			fails++;
			printf("  detail: ctneon_aes_expandkey(len %u) = %d, "
			       "expected %d\n", len, got, want);
		}
	}
	tally(report("expandkey key lengths 0..64 (-EINVAL but 16/24/32)", "",
		     cases, fails));

	cases = fails = 0;
	for (size_t t = 0; t < ARRAY_SIZE(fips197_a); t++) {
		size_t kl = unhex(key, fips197_a[t].key);
		size_t wl = unhex(w, fips197_a[t].w);

		cases++;
		memset(&k, 0xcc, sizeof(k));
		if (ctneon_aes_expandkey(&k, key, (unsigned int)kl) ||
		    k.rounds != (int)kl / 4 + 6 ||
		    wl != (size_t)(k.rounds + 1) * 16 ||
		    memcmp(k.std, w, wl)) {
			fails++;
			printf("  detail: FIPS-197 A key %zu: rounds %d\n", t,
			       k.rounds);
			hex("got", k.std[0], wl);
			hex("expected", w, wl);
		}
	}
	tally(report("expandkey FIPS-197 appendix A std schedules", "", cases,
		     fails));

	/*
	 * A re-key from a longer key to a shorter one into the same schedule
	 * (xcbc expands K1 where the user's key was; any caller may re-key)
	 * must leave nothing of the old key: the rounds past the new key's
	 * last one are zero in all three schedules.  Before the fix, rounds
	 * 11..14 of an AES-256 key stayed, and its last two give it back.
	 */
	cases = fails = 0;
	for (unsigned int from = 24; from <= 32; from += 8) {
		for (unsigned int to = 16; to < from; to += 8) {
			int last = (int)to / 4 + 6;
			size_t tail = (size_t)(CTNEON_AES_MAX_ROUNDS - last) * 16;
			u8 zero[CTNEON_AES_MAX_ROUNDS * 16] = { 0 };

			cases++;
			memset(key, 0xa7, sizeof(key));
			if (ctneon_aes_expandkey(&k, key, from) ||
			    ctneon_aes_expandkey(&k, key + 32, to) ||
			    memcmp(k.enc[last + 1], zero, tail) ||
			    memcmp(k.dec[last + 1], zero, tail) ||
			    memcmp(k.std[last + 1], zero, tail)) {
				fails++;
				printf("  detail: re-key %u -> %u bytes left "
				       "round keys past round %d\n", from, to,
				       last);
			}
		}
	}
	tally(report("expandkey re-key to a shorter key wipes the old rounds",
		     "", cases, fails));
}

/* ------------------------------------------- unkeyed and bad round counts */

/*
 * A schedule whose round count is not 10, 12 or 14 (a context never keyed,
 * i.e. zeroed, or one whose setkey failed) must not be run: every entry
 * point of the portable code returns at once with its output zeroed.  The
 * round loop of the fixsliced encryption ends on 10, 12 or 14 only, so
 * before the check a zeroed key never returned: each call runs under a
 * SIGALRM of 2 seconds (qemu-user delivers it), and a call that is still
 * running then, or faults, fails the case.
 */
static volatile sig_atomic_t in_bad;
static sigjmp_buf bad_jmp;

static void on_bad_signal(int sig)
{
	if (in_bad) {
		in_bad = 0;
		siglongjmp(bad_jmp, sig);
	}
	_exit(3);
}

/* one call of entry point e under the alarm: 0, or the signal that ended it */
static __attribute__((noinline)) int bad_call(int e, const struct ctneon_aes_key *k,
					      u8 *out, const u8 *in, u8 *iv)
{
	int sig;

	in_bad = 1;
	alarm(2);
	sig = sigsetjmp(bad_jmp, 1);
	if (!sig) {
		switch (e) {
		case 0: ctneon_aes_ct_encrypt(k, out, in); break;
		case 1: ctneon_aes_ct_decrypt(k, out, in); break;
		case 2: ctneon_aes_ct_ecb(k, 1, out, in, 4); break;
		case 3: ctneon_aes_ct_ecb(k, 0, out, in, 4); break;
		case 4: ctneon_aes_ct_cbc(k, 1, out, in, 4, iv); break;
		case 5: ctneon_aes_ct_cbc(k, 0, out, in, 4, iv); break;
		case 6: ctneon_aes_ct_ctr(k, out, in, 71, iv); break;
		case 7: ctneon_aes_ct_xts(k, 1, out, in, 71, iv); break;
		case 8: ctneon_aes_ct_xts(k, 0, out, in, 71, iv); break;
		}
	}
	alarm(0);
	in_bad = 0;
	return sig;
}

static void test_bad_rounds(void)
{
	static const int rounds[] = { 0, -1, 1, 2, 9, 11, 13, 15, 16, 255,
				      1 << 20 };
	static const char *const names[] = { "encrypt", "decrypt",
		"ecb enc", "ecb dec", "cbc enc", "cbc dec", "ctr", "xts enc",
		"xts dec" };
	static struct ctneon_aes_key k;
	static u8 in[80], out[80], iv[16];
	struct sigaction sa, old_alrm, old_segv, old_bus;
	unsigned long cases = 0, fails = 0;
	u8 key[32];

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_bad_signal;
	sigaction(SIGALRM, &sa, &old_alrm);
	sigaction(SIGSEGV, &sa, &old_segv);
	sigaction(SIGBUS, &sa, &old_bus);
	memset(key, 0x6b, sizeof(key));
	memset(in, 0x11, sizeof(in));
	for (size_t r = 0; r <= ARRAY_SIZE(rounds); r++) {
		/* the last pass: a failed setkey over a good key */
		if (r < ARRAY_SIZE(rounds)) {
			if (r == 0) {
				memset(&k, 0, sizeof(k));	/* never keyed */
			} else {
				ctneon_aes_expandkey(&k, key, 32);
				k.rounds = rounds[r];
			}
		} else {
			ctneon_aes_expandkey(&k, key, 32);
			if (ctneon_aes_expandkey(&k, key, 20) != -EINVAL ||
			    k.rounds != 0) {
				fails++;
				printf("  detail: failed setkey left rounds %d\n",
				       k.rounds);
			}
		}
		for (int e = 0; e < 9; e++) {
			size_t n = e < 2 ? 16 : e >= 6 ? 71 : 64;
			size_t i;
			int sig;

			cases++;
			memset(out, 0xa5, sizeof(out));
			memset(iv, 0x22, sizeof(iv));
			sig = bad_call(e, &k, out, in, iv);
			for (i = 0; i < n && out[i] == 0; i++)
				;
			if (sig || i < n || out[n] != 0xa5) {
				if (fails++ < MAXDETAIL)
					printf("  detail: %s with rounds %d: %s\n",
					       names[e], k.rounds,
					       sig == SIGALRM ? "still running after 2 s" :
					       sig ? "faulted" :
					       i < n ? "output not zeroed" :
					       "wrote past its output");
			}
		}
	}
	sigaction(SIGALRM, &old_alrm, NULL);
	sigaction(SIGSEGV, &old_segv, NULL);
	sigaction(SIGBUS, &old_bus, NULL);
	tally(report("portable AES refuses an unkeyed schedule (rounds not "
		     "10/12/14, failed setkey): returns, output zeroed", "",
		     cases, fails));
}

/* ------------------------------------------------ callee-saved registers */

/*
 * Every entry point, every key size, lengths that take each path of the
 * cores (one block, several, CTR with a partial block, XTS with stealing),
 * through ctneon_call_saved(): the mask of changed registers must be 0.
 */
static void test_callee_saved(void)
{
	static const int lens[] = { 16, 144, 17, 33 };
	static struct ctneon_aes_key k;
	static u8 buf[160], iv[16], iv2[16];
	unsigned long cases = 0, fails = 0;
	u8 key[32];

	memset(key, 0x3c, sizeof(key));
	for (int kl = 16; kl <= 32; kl += 8) {
		ctneon_aes_expandkey(&k, key, (unsigned int)kl);
		for (size_t l = 0; l < ARRAY_SIZE(lens); l++) {
			int n = lens[l], b = n / 16, r = k.rounds;
			const struct {
				const char *name;
				void *fn;
				const u8 *rk;
				int len;
			} ep[] = {
				{ "ecb_encrypt", (void *)ctneon_vpaes_ecb_encrypt, k.enc[0], b },
				{ "ecb_decrypt", (void *)ctneon_vpaes_ecb_decrypt, k.dec[0], b },
				{ "cbc_encrypt", (void *)ctneon_vpaes_cbc_encrypt, k.enc[0], b },
				{ "cbc_decrypt", (void *)ctneon_vpaes_cbc_decrypt, k.dec[0], b },
				{ "ctr_crypt", (void *)ctneon_vpaes_ctr_crypt, k.enc[0], n },
				{ "xts_encrypt", (void *)ctneon_vpaes_xts_encrypt, k.enc[0], n },
				{ "xts_decrypt", (void *)ctneon_vpaes_xts_decrypt, k.dec[0], n },
				/* (dg, in, rk, rounds, blocks): dg is buf */
				{ "cbcmac", (void *)ctneon_vpaes_cbcmac, k.enc[0], b },
				/* (out, in, rk, rounds, blocks, mac, ctr) */
				{ "ccm_encrypt", (void *)ctneon_vpaes_ccm_encrypt, k.enc[0], b },
				{ "ccm_decrypt", (void *)ctneon_vpaes_ccm_decrypt, k.enc[0], b },
#ifdef CTNEON_UNIT_RTABLE
				{ "rt_ecb_encrypt", (void *)ctneon_rt_ecb_encrypt, k.std[0], b },
				{ "rt_ecb_encrypt", (void *)ctneon_rt_ecb_encrypt, k.std[0], 1 },
				{ "rt_ecb_decrypt", (void *)ctneon_rt_ecb_decrypt, k.std[0], b },
				{ "rt_ecb_decrypt", (void *)ctneon_rt_ecb_decrypt, k.std[0], 3 },
				{ "rt_cbc_encrypt", (void *)ctneon_rt_cbc_encrypt, k.std[0], b },
				{ "rt_cbcmac", (void *)ctneon_rt_cbcmac, k.std[0], b },
				{ "rt_ctr_crypt", (void *)ctneon_rt_ctr_crypt, k.std[0], n },
#endif
			};

			for (size_t e = 0; e < ARRAY_SIZE(ep); e++) {
				unsigned long m;

				m = ctneon_call_saved(ep[e].fn, buf, buf, ep[e].rk,
						      r, ep[e].len, iv, iv2);
				cases++;
				if (m && fails++ < MAXDETAIL)
					printf("  detail: ctneon_vpaes_%s (AES-%d, %d): "
					       "callee-saved registers changed, "
					       "mask %#lx\n", ep[e].name, 8 * kl,
					       ep[e].len, m);
			}
		}
	}
	tally(report("callee-saved registers preserved (" CTNEON_CALLSAVED_REGS
		     ") by every entry point", "", cases, fails));
}

/* ---------------------------------------------------------------- main */

static void rd(void *p, size_t n)
{
	if (n && fread(p, 1, n, stdin) != n) {
		printf("FAIL case stream: truncated after %lu cases\n", ncase);
		exit(2);
	}
}

int main(void)
{
	static char iobuf[1 << 16];
	struct sigaction sa;
	u8 raw[HDR_SIZE];
	int tag;

	setvbuf(stdin, iobuf, _IOFBF, sizeof(iobuf));
	setvbuf(stdout, NULL, _IOLBF, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fault;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);
	sigaction(SIGILL, &sa, NULL);

	pagesz = sysconf(_SC_PAGESIZE);
	guard_in = guarded_area();
	guard_out = guarded_area();
	plain_in = (u8 *)guarded_area() - MAXLEN - 64;
	plain_out = (u8 *)guarded_area() - MAXLEN - 64;

	strcpy(current, "key expansion");
	test_expandkey();
	strcpy(current, "callee-saved registers");
	test_callee_saved();
	strcpy(current, "bad round counts");
	test_bad_rounds();

	while ((tag = getchar()) != EOF) {
		if (tag == 0) {			/* end: the number of cases */
			u32 n;

			rd(&n, 4);
			if (n != ncase) {
				printf("FAIL case stream: %lu cases, %u sent\n",
				       ncase, (unsigned)n);
				exit(2);
			}
			break;
		}
		if (tag == 1) {			/* a group */
			u8 id[2];

			rd(id, 2);
			if (id[0] != ngroups) {
				printf("FAIL case stream: bad group\n");
				exit(2);
			}
			rd(groups[ngroups].name, id[1]);
			ngroups++;
			continue;
		}
		if (tag == 2) {			/* a case */
			struct hdr h;
			const u8 *p = raw;

			rd(raw, HDR_SIZE);
			memcpy(&h, p, 8);
			memcpy(&h.len, p + 8, 4);
			memcpy(h.pieces, p + 12, 4 * MAXPIECES);
			memcpy(h.key, p + 12 + 4 * MAXPIECES, 96);
			if (h.gid >= ngroups || h.op >= NOPS ||
			    h.len > MAXLEN || h.npieces > MAXPIECES ||
			    h.in_off > 15 || h.out_off > 15 || h.keylen > 32) {
				printf("FAIL case stream: bad case %lu\n",
				       ncase);
				exit(2);
			}
			rd(inbuf, h.len);
			rd(expbuf, h.len);
#ifdef CTNEON_UNIT_RTABLE
			h.flags &= ~F_CREF;	/* the vpaes build runs it */
#endif
			run_case(&h);
			ncase++;
			continue;
		}
		printf("FAIL case stream: bad record %d after %lu cases\n",
		       tag, ncase);
		exit(2);
	}
	if (tag == EOF) {
		printf("FAIL case stream: no end record after %lu cases\n",
		       ncase);
		exit(2);
	}

	for (int n = 0; n < ngroups; n++) {
		struct group *g = &groups[n];

		if (!g->cases)		/* a group the build skips */
			continue;
		tally(report(g->name, " core", g->cases, g->fails));
		if (g->rcases)
			tally(report(g->name, " C-ref", g->rcases, g->rfails));
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
