// SPDX-License-Identifier: GPL-2.0-only
/*
 * afalg-stress - every ctneon algorithm from many threads at once, checked
 *
 * What: N threads (default 2 per online CPU) run for T seconds (default
 * 60).  Each thread binds its own AF_ALG transform of every ctneon driver
 * and of its generic reference, and loops: draw an algorithm, a fresh
 * random key, an IV and a length (0..64 KiB, mostly short), run the
 * request through ctneon and through the reference, and check:
 *   skcipher  ctneon's encryption equals the reference's; ctneon's
 *             decryption of the reference ciphertext gives the plaintext
 *             back (so both directions are checked against generic);
 *   aead      ctneon's AAD || ciphertext || tag equals the reference's;
 *             ctneon decrypts the reference's output to the plaintext;
 *             one case in 16 also flips a tag bit: ctneon must say EBADMSG.
 * A wrong answer under concurrency (a shared key schedule, a NEON state
 * clobbered by preemption or softirq, a per-CPU buffer) shows up as a
 * mismatch, not only as a crash.
 *
 * Why per-thread transforms: ALG_SET_KEY works on the bound (parent)
 * socket and is refused while an operation socket is open, so a fresh key
 * per request needs a transform of its own per thread.  Half of the
 * threads (odd ones) instead share one transform per algorithm, keyed
 * once at the start, so that concurrent requests on one tfm (one key
 * schedule, one lazily built bit-sliced key) are exercised as well.
 *
 * How the data goes: "out of place" is one sendmsg() of the buffer and one
 * read into another buffer; "in place" (skcipher, one case in four) splices
 * the user's pages into the socket and reads the result back into those
 * very pages, so the kernel's source and destination scatterlists alias.
 * AEAD requests are always in place inside the kernel (algif_aead copies
 * the request into the result pages and runs there).
 *
 * Lengths: 60% 0..256 bytes, 25% up to 4 KiB, 10% up to 16 KiB, 5% up to
 * 64 KiB, made valid for the mode (ECB/CBC: whole blocks, XTS: >= 16; a
 * skcipher request is never empty: afalg-bad covers zero lengths).
 *
 * -x adds one more thread: a "disk writer" that encrypts and decrypts
 * 4 KiB sectors with xts-aes-ctneon and plain64 IVs for consecutive
 * sector numbers, as dm-crypt would (for guests without dm-crypt).
 *
 * A watchdog (the main thread) fails the run if a thread that has not
 * finished makes no progress for HANG_S seconds: it prints the request
 * each live thread is in and where it waits (/proc/self/task/TID: wchan,
 * syscall, kernel stack), and exits without waiting for them.  If the
 * watchdog's own sleep(1) comes back STALL_S seconds late, the guest as a
 * whole was not running (a loaded host): a "#" note says so and the
 * progress clocks restart.
 *
 * Output: "ok stress NAME (ops, bytes)" per algorithm, or "FAIL stress
 * NAME: ..." lines (at most a few per algorithm); a summary line; exit
 * status 1 on any failure.
 *
 * Usage: afalg-stress [-t SECONDS] [-j THREADS] [-s SEED] [-m MAXLEN] [-x] [-v] [-B] [-H]
 *   -B  self-check of the test: one skcipher result in 8 gets a byte
 *       flipped before the comparison, so every skcipher must FAIL
 *   -H  self-check of the watchdog: thread 0 first makes a request that
 *       never completes (its data never comes), with a hang limit of 5 s:
 *       the run must FAIL with "hung request" and where the thread waits
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include "tests/vm/afalg-util.h"
#ifndef ALG_SET_AEAD_ASSOCLEN
#define ALG_SET_AEAD_ASSOCLEN 4
#endif
#ifndef ALG_SET_AEAD_AUTHSIZE
#define ALG_SET_AEAD_AUTHSIZE 5
#endif
#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif

#define PG		4096
#define LEN_MAX		(64 * 1024)
#define AAD_MAX		512
#define BUFSZ		(LEN_MAX + AAD_MAX + 16 + 2 * PG)
#define HANG_S		60	/* a thread stuck this long fails the run (-H: 5) */
#define STALL_S		10	/* the watchdog's sleep(1) this late: the guest stood still */
#define MAX_THREADS	64
#define MAX_REPORTS	3	/* FAIL lines per algorithm */

enum kind { SK_ECB, SK_CBC, SK_CTR, SK_XTS, SK_CHACHA, SK_XCHACHA,
	    AE_GCM, AE_RFC4106, AE_CP, AE_CPESP };

struct alg {
	const char *name;		/* ctneon driver (or template over it) */
	const char *refs[2];		/* generic reference, alternatives */
	enum kind kind;
	/* results, updated atomically by every thread */
	unsigned long ops, bytes, fails;
};

static struct alg algs[] = {
	{ "ecb-aes-ctneon", { "ecb(aes-generic)" }, SK_ECB, 0, 0, 0 },
	{ "cbc-aes-ctneon", { "cbc(aes-generic)", "cbc(ecb(aes-generic))" }, SK_CBC, 0, 0, 0 },
	{ "ctr-aes-ctneon", { "ctr(aes-generic)", "ctr(ecb(aes-generic))" }, SK_CTR, 0, 0, 0 },
	{ "xts-aes-ctneon", { "xts(ecb(aes-generic))", "xts(aes-generic)" }, SK_XTS, 0, 0, 0 },
	{ "ecb(aes-ctneon)", { "ecb(aes-generic)" }, SK_ECB, 0, 0, 0 },
	{ "chacha20-ctneon", { "chacha20-generic" }, SK_CHACHA, 0, 0, 0 },
	{ "xchacha20-ctneon", { "xchacha20-generic" }, SK_XCHACHA, 0, 0, 0 },
	{ "xchacha12-ctneon", { "xchacha12-generic" }, SK_XCHACHA, 0, 0, 0 },
	{ "gcm-aes-ctneon", { "gcm_base(ctr(aes-generic),ghash-generic)" }, AE_GCM, 0, 0, 0 },
	{ "rfc4106-gcm-aes-ctneon",
	  { "rfc4106(gcm_base(ctr(aes-generic),ghash-generic))" }, AE_RFC4106, 0, 0, 0 },
#ifdef __aarch64__	/* not registered on arm (glue-chacha.c) */
	{ "rfc7539-chacha20-poly1305-ctneon",
	  { "rfc7539(chacha20-generic,poly1305-generic)" }, AE_CP, 0, 0, 0 },
	{ "rfc7539esp-chacha20-poly1305-ctneon",
	  { "rfc7539esp(chacha20-generic,poly1305-generic)" }, AE_CPESP, 0, 0, 0 },
#endif
};
#define XTS_IDX	3	/* algs[3]: xts-aes-ctneon */
#define NALGS	((int)(sizeof(algs) / sizeof(algs[0])))

static int is_aead(enum kind k) { return k >= AE_GCM; }
static int is_esp(enum kind k) { return k == AE_RFC4106 || k == AE_CPESP; }

static volatile int stop;
static int verbose;
static int hang_s = HANG_S;
static int hang_it;	/* -H: thread 0 hangs on purpose: the watchdog must FAIL */
static int break_it;	/* -B: corrupt some ctneon outputs: every skcipher must FAIL */
static size_t len_max = LEN_MAX;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---- per-thread generator (splitmix64) ---------------------------------- */

struct rng { uint64_t s; };

static uint64_t r64(struct rng *g)
{
	uint64_t z = (g->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static size_t rn(struct rng *g, size_t n)	/* [0, n) */
{
	return n ? (size_t)(r64(g) % n) : 0;
}

static void rfill(struct rng *g, uint8_t *p, size_t n)
{
	while (n) {
		uint64_t v = r64(g);
		size_t k = n < 8 ? n : 8;

		memcpy(p, &v, k);
		p += k;
		n -= k;
	}
}

/* ---- report ------------------------------------------------------------- */

static void report(struct alg *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void report(struct alg *a, const char *fmt, ...)
{
	unsigned long n = __atomic_add_fetch(&a->fails, 1, __ATOMIC_RELAXED);
	va_list ap;

	if (n > MAX_REPORTS)
		return;
	pthread_mutex_lock(&out_lock);
	printf("FAIL stress %s: ", a->name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	pthread_mutex_unlock(&out_lock);
}

/* ---- AF_ALG --------------------------------------------------------------- */


static int setkey(int tfm, const uint8_t *key, size_t len)
{
	return setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, (socklen_t)len) ? -errno : 0;
}

static int setauthsize(int tfm, unsigned int a)
{
	return setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, a) ? -errno : 0;
}

/* one request's control data */
struct ctl {
	int enc;
	const uint8_t *iv;
	size_t ivlen;
	int aead;
	size_t assoclen;
};

/* sendmsg() of the control messages and iov (may be empty); bytes or -errno */
static ssize_t send_req(int op, const struct ctl *c, const void *data, size_t len, int flags)
{
	union {
		char b[CMSG_SPACE(4) + CMSG_SPACE(sizeof(struct af_alg_iv) + 32) + CMSG_SPACE(4)];
		struct cmsghdr align;
	} u;
	struct iovec iov = { (void *)data, len };
	struct msghdr mh;
	struct cmsghdr *cm;
	struct af_alg_iv *aiv;
	uint32_t v;
	ssize_t n;

	memset(&u, 0, sizeof(u));
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = u.b;
	mh.msg_controllen = CMSG_SPACE(4);
	if (c->ivlen)
		mh.msg_controllen += CMSG_SPACE(sizeof(*aiv) + c->ivlen);
	if (c->aead)
		mh.msg_controllen += CMSG_SPACE(4);

	cm = CMSG_FIRSTHDR(&mh);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_OP;
	cm->cmsg_len = CMSG_LEN(4);
	v = c->enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	memcpy(CMSG_DATA(cm), &v, 4);
	if (c->ivlen) {
		cm = CMSG_NXTHDR(&mh, cm);
		cm->cmsg_level = SOL_ALG;
		cm->cmsg_type = ALG_SET_IV;
		cm->cmsg_len = CMSG_LEN(sizeof(*aiv) + c->ivlen);
		aiv = (struct af_alg_iv *)(void *)CMSG_DATA(cm);
		aiv->ivlen = (uint32_t)c->ivlen;
		memcpy(aiv->iv, c->iv, c->ivlen);
	}
	if (c->aead) {
		cm = CMSG_NXTHDR(&mh, cm);
		cm->cmsg_level = SOL_ALG;
		cm->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
		cm->cmsg_len = CMSG_LEN(4);
		v = (uint32_t)c->assoclen;
		memcpy(CMSG_DATA(cm), &v, 4);
	}
	n = sendmsg(op, &mh, flags);
	return n < 0 ? -errno : n;
}

/*
 * Read exactly outlen bytes; an empty result is read with a 1-byte buffer
 * (the read makes the socket run the request and returns 0).
 */
static int read_out(int op, uint8_t *out, size_t outlen)
{
	uint8_t one;
	size_t got = 0;

	if (!outlen) {
		ssize_t r = read(op, &one, 1);

		return r < 0 ? -errno : r ? -EMSGSIZE : 0;
	}
	while (got < outlen) {
		ssize_t r = read(op, out + got, outlen - got);

		if (r < 0)
			return -errno;
		if (r == 0)
			return -EPIPE;
		got += (size_t)r;
	}
	return 0;
}

/* plain request on a fresh operation socket: in -> out */
static int run_plain(int tfm, const struct ctl *c, const uint8_t *in, size_t inlen,
		     uint8_t *out, size_t outlen)
{
	int op = accept(tfm, NULL, NULL), err;
	ssize_t n;

	if (op < 0)
		return -errno;
	n = send_req(op, c, in, inlen, 0);
	if (n >= 0 && (size_t)n != inlen)
		n = -EMSGSIZE;
	err = n < 0 ? (int)n : read_out(op, out, outlen);
	close(op);
	return err;
}

/*
 * In place (skcipher): the user's pages buf[0..len) go into the socket by
 * vmsplice + splice, and the result is read back into the same pages.
 * The pipe belongs to the calling thread and is left empty.
 */
static int run_inplace(int tfm, const struct ctl *c, uint8_t *buf, size_t len, int *pipefd)
{
	int op, err = 0;
	size_t queued = 0, moved = 0;
	ssize_t n;

	op = accept(tfm, NULL, NULL);
	if (op < 0)
		return -errno;
	n = send_req(op, c, NULL, 0, MSG_MORE);
	if (n < 0) {
		err = (int)n;
		goto out;
	}
	while (moved < len) {
		if (queued < len) {
			struct iovec v = { buf + queued, len - queued };

			n = vmsplice(pipefd[1], &v, 1, SPLICE_F_NONBLOCK);
			if (n < 0 && errno != EAGAIN) {
				err = -errno;
				goto broken;
			}
			if (n > 0)
				queued += (size_t)n;
		}
		n = splice(pipefd[0], NULL, op, NULL, queued - moved, SPLICE_F_MORE);
		if (n <= 0) {
			err = n < 0 ? -errno : -EPIPE;
			goto broken;
		}
		moved += (size_t)n;
	}
	n = sendmsg(op, &(struct msghdr){ 0 }, 0);	/* end of the request */
	if (n < 0) {
		err = -errno;
		goto out;
	}
	err = read_out(op, buf, len);
	goto out;
broken:
	/* data may be left in the pipe: replace it */
	close(pipefd[0]);
	close(pipefd[1]);
	if (pipe2(pipefd, O_CLOEXEC) == 0)
		fcntl(pipefd[1], F_SETPIPE_SZ, 32 * PG);
out:
	close(op);
	return err;
}

/* ---- one thread ---------------------------------------------------------- */

struct worker {
	pthread_t th;
	int id;
	int shared;		/* uses the shared transforms (fixed keys) */
	int writer;		/* the XTS sector writer */
	struct rng g;
	int tfm[NALGS], ref[NALGS];
	volatile unsigned long beat;	/* completed operations */
	volatile int done;		/* worker_main has returned */
	volatile pid_t tid;		/* for the hang report's /proc/self/task/TID */
	/* what the thread is doing now, for the hang report */
	volatile int cur_alg;
	volatile const char *cur_step;
	volatile size_t cur_len;
	volatile int cur_inplace;
	int pipefd[2];
	uint8_t *pt, *a, *b, *c;
};

/* The shared transforms and their fixed keys (odd threads). */
static int shared_tfm[NALGS], shared_ref[NALGS];
static uint8_t shared_key[NALGS][64];
static size_t shared_klen[NALGS];
static unsigned int shared_auth[NALGS];

static size_t key_len(struct rng *g, enum kind k)
{
	size_t l = 16 + 8 * rn(g, 3);

	switch (k) {
	case SK_XTS:
		return 2 * (rn(g, 2) ? 16 : 32);	/* xts: 2x128 or 2x256 */
	case SK_CHACHA: case SK_XCHACHA: case AE_CP:
		return 32;
	case AE_CPESP:
		return 36;
	case AE_RFC4106:
		return l + 4;
	default:
		return l;
	}
}

static unsigned int auth_size(struct rng *g, enum kind k)
{
	static const unsigned int gcm[] = { 4, 8, 12, 13, 14, 15, 16 };
	static const unsigned int rfc[] = { 8, 12, 16 };

	if (k == AE_GCM)
		return gcm[rn(g, 7)];
	if (k == AE_RFC4106)
		return rfc[rn(g, 3)];
	return 16;
}

static size_t draw_len(struct rng *g, enum kind k)
{
	size_t r = rn(g, 100), len;

	if (r < 60)
		len = rn(g, 257);
	else if (r < 85)
		len = 257 + rn(g, PG - 256);
	else if (r < 95)
		len = PG + 1 + rn(g, 4 * PG - PG);
	else
		len = 4 * PG + 1 + rn(g, LEN_MAX - 4 * PG);
	if (len > len_max)
		len = rn(g, len_max + 1);
	switch (k) {
	case SK_ECB: case SK_CBC:
		len &= ~(size_t)15;
		return len ? len : 16;
	case SK_XTS:
		return len < 16 ? 16 + len : len;
	case SK_CTR: case SK_CHACHA: case SK_XCHACHA:
		return len ? len : 1;
	default:
		return len;
	}
}

static size_t iv_len(enum kind k)
{
	switch (k) {
	case SK_ECB: return 0;
	case SK_XCHACHA: return 32;
	case AE_GCM: case AE_CP: return 12;
	case AE_RFC4106: case AE_CPESP: return 8;
	default: return 16;
	}
}

static size_t first_diff(const uint8_t *x, const uint8_t *y, size_t n)
{
	size_t i = 0;

	while (i < n && x[i] == y[i])
		i++;
	return i;
}

/* one skcipher case; returns 0 or 1 (failure reported) */
static int sk_case(struct worker *w, int i, int tfm, int ref, size_t klen)
{
	struct alg *al = &algs[i];
	uint8_t iv[32];
	struct ctl c = { 0 };
	size_t len = draw_len(&w->g, al->kind), at;
	int inplace = rn(&w->g, 4) == 0, err;

	rfill(&w->g, iv, sizeof(iv));
	if (al->kind == SK_CTR && rn(&w->g, 4) == 0) {
		/* the counter a few blocks below a carry out of k low bytes */
		size_t k = 1 + rn(&w->g, 16);

		memset(iv + 16 - k, 0xff, k);
		iv[15] = (uint8_t)(iv[15] - rn(&w->g, 8));
	}
	c.iv = iv;
	c.ivlen = iv_len(al->kind);
	rfill(&w->g, w->pt, len);
	w->cur_alg = i;
	w->cur_len = len;

	/* encryption: reference, then ctneon (out of place or in place) */
	c.enc = 1;
	w->cur_step = "reference encryption";
	err = run_plain(ref, &c, w->pt, len, w->a, len);
	if (err) {
		report(al, "reference %s encryption of %zu bytes: %s", al->refs[0], len, strerror(-err));
		return 1;
	}
	w->cur_step = "encryption";
	w->cur_inplace = inplace;
	if (inplace) {
		memcpy(w->b, w->pt, len);
		err = run_inplace(tfm, &c, w->b, len, w->pipefd);
	} else {
		err = run_plain(tfm, &c, w->pt, len, w->b, len);
	}
	if (err) {
		report(al, "encryption of %zu bytes (key %zu, %s): %s", len, klen,
		       inplace ? "in place" : "out of place", strerror(-err));
		return 1;
	}
	if (break_it && len && rn(&w->g, 8) == 0)	/* -B: a wrong answer */
		w->b[rn(&w->g, len)] ^= 0x20;
	if ((at = first_diff(w->a, w->b, len)) != len) {
		report(al, "encryption of %zu bytes (key %zu, %s) differs from the reference at byte %zu",
		       len, klen, inplace ? "in place" : "out of place", at);
		return 1;
	}
	/* decryption of the reference's ciphertext by ctneon */
	c.enc = 0;
	inplace = rn(&w->g, 4) == 0;
	w->cur_step = "decryption";
	w->cur_inplace = inplace;
	if (inplace) {
		memcpy(w->c, w->a, len);
		err = run_inplace(tfm, &c, w->c, len, w->pipefd);
	} else {
		err = run_plain(tfm, &c, w->a, len, w->c, len);
	}
	if (err) {
		report(al, "decryption of %zu bytes (key %zu, %s): %s", len, klen,
		       inplace ? "in place" : "out of place", strerror(-err));
		return 1;
	}
	if ((at = first_diff(w->c, w->pt, len)) != len) {
		report(al, "decryption of %zu bytes (key %zu, %s) does not give the plaintext back (byte %zu)",
		       len, klen, inplace ? "in place" : "out of place", at);
		return 1;
	}
	__atomic_add_fetch(&al->bytes, 2 * len, __ATOMIC_RELAXED);
	return 0;
}

/* one AEAD case */
static int aead_case(struct worker *w, int i, int tfm, int ref, unsigned int as)
{
	struct alg *al = &algs[i];
	uint8_t iv[12];
	struct ctl c = { 0 };
	size_t len = draw_len(&w->g, al->kind), aad, at;
	int err;

	if (al->kind == AE_RFC4106)
		aad = rn(&w->g, 2) ? 16 : 20;
	else if (al->kind == AE_CPESP)
		aad = 8 + rn(&w->g, rn(&w->g, 8) ? 33 : AAD_MAX - 7);
	else
		aad = rn(&w->g, rn(&w->g, 8) ? 33 : AAD_MAX + 1);
	c.aead = 1;
	c.iv = iv;
	c.ivlen = iv_len(al->kind);
	c.assoclen = aad;
	rfill(&w->g, iv, sizeof(iv));
	rfill(&w->g, w->pt, aad + len);
	if (is_esp(al->kind))			/* the IV copy ends the AAD */
		memcpy(w->pt + aad - 8, iv, 8);

	w->cur_alg = i;
	w->cur_len = len;
	w->cur_inplace = 0;
	c.enc = 1;
	w->cur_step = "reference encryption";
	err = run_plain(ref, &c, w->pt, aad + len, w->a, aad + len + as);
	if (err) {
		report(al, "reference encryption (aad %zu, text %zu): %s", aad, len, strerror(-err));
		return 1;
	}
	w->cur_step = "encryption";
	err = run_plain(tfm, &c, w->pt, aad + len, w->b, aad + len + as);
	if (err) {
		report(al, "encryption (aad %zu, text %zu, tag %u): %s", aad, len, as, strerror(-err));
		return 1;
	}
	if ((at = first_diff(w->a, w->b, aad + len + as)) != aad + len + as) {
		report(al, "encryption (aad %zu, text %zu, tag %u) differs from the reference at byte %zu (%s)",
		       aad, len, as, at, at < aad ? "AAD" : at < aad + len ? "text" : "tag");
		return 1;
	}
	c.enc = 0;
	w->cur_step = "decryption";
	err = run_plain(tfm, &c, w->a, aad + len + as, w->c, aad + len);
	if (err) {
		report(al, "decryption (aad %zu, text %zu, tag %u): %s", aad, len, as, strerror(-err));
		return 1;
	}
	if ((at = first_diff(w->c, w->pt, aad + len)) != aad + len) {
		report(al, "decryption (aad %zu, text %zu, tag %u) differs at byte %zu", aad, len, as, at);
		return 1;
	}
	if (rn(&w->g, 16) == 0) {		/* a forged tag */
		w->a[aad + len + rn(&w->g, as)] ^= (uint8_t)(1u << rn(&w->g, 8));
		w->cur_step = "decryption with a forged tag";
		err = run_plain(tfm, &c, w->a, aad + len + as, w->c, aad + len);
		if (err != -EBADMSG) {
			report(al, "forged tag (aad %zu, text %zu, tag %u): %s, want EBADMSG",
			       aad, len, as, err ? strerror(-err) : "accepted");
			return 1;
		}
	}
	__atomic_add_fetch(&al->bytes, 2 * len, __ATOMIC_RELAXED);
	return 0;
}

/* the dm-crypt-like writer: 4 KiB sectors, plain64 IVs, one XTS key */
static unsigned long sectors;

static int writer_case(struct worker *w, uint64_t sector)
{
	int i = XTS_IDX;
	struct alg *al = &algs[i];
	uint8_t iv[16] = { 0 };
	struct ctl c = { 0 };
	int err;

	memcpy(iv, &sector, 8);	/* plain64: little-endian sector number */
	c.iv = iv;
	c.ivlen = 16;
	rfill(&w->g, w->pt, PG);
	w->cur_alg = i;
	w->cur_len = PG;
	w->cur_inplace = 0;
	w->cur_step = "writer: encryption";
	c.enc = 1;
	err = run_plain(w->tfm[i], &c, w->pt, PG, w->b, PG);
	if (!err) {
		c.enc = 0;
		w->cur_step = "writer: reference decryption";
		err = run_plain(w->ref[i], &c, w->b, PG, w->c, PG);
	}
	if (err || memcmp(w->c, w->pt, PG)) {
		report(al, "writer: sector %llu: %s", (unsigned long long)sector,
		       err ? strerror(-err) : "the reference does not decrypt it back");
		return 1;
	}
	__atomic_add_fetch(&sectors, 1, __ATOMIC_RELAXED);
	return 0;
}

static void worker_loop(struct worker *w);

/*
 * -H: a request whose data never comes (sent with MSG_MORE, then read):
 * the read waits in the kernel until the process ends.  The watchdog must
 * report it, with af_alg's wait as the thread's kernel stack or wchan.
 */
static void hang_on_purpose(struct worker *w)
{
	struct ctl c = { .enc = 1, .iv = (const uint8_t *)"0123456789abcdef", .ivlen = 16 };
	uint8_t out[16];
	int op = accept(shared_tfm[XTS_IDX], NULL, NULL);

	w->cur_alg = XTS_IDX;
	w->cur_step = "-H: a read whose data never comes";
	w->cur_len = 16;
	/* no data, more to come: the read waits for at least a block */
	if (op < 0 || send_req(op, &c, NULL, 0, MSG_MORE) < 0)
		return;
	(void)read(op, out, sizeof(out));
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;

	w->tid = (pid_t)syscall(SYS_gettid);
	if (hang_it && w->id == 0)
		hang_on_purpose(w);
	worker_loop(w);
	w->done = 1;
	return NULL;
}

static void worker_loop(struct worker *w)
{
	uint64_t sector = (uint64_t)1 << 40;	/* high, so the upper IV word is used */

	if (w->writer) {
		uint8_t key[64];

		rfill(&w->g, key, sizeof(key));
		if (setkey(w->tfm[XTS_IDX], key, 64) || setkey(w->ref[XTS_IDX], key, 64)) {
			report(&algs[XTS_IDX], "writer: setkey failed");
			return;
		}
		while (!stop) {
			writer_case(w, sector++);
			w->beat++;
		}
		return;
	}
	while (!stop) {
		int i = (int)rn(&w->g, NALGS), tfm, ref, err = 0;
		struct alg *al = &algs[i];
		unsigned int as = 16;
		size_t klen;

		if (w->shared) {
			tfm = shared_tfm[i];
			ref = shared_ref[i];
			klen = shared_klen[i];
			as = shared_auth[i];
		} else {
			uint8_t key[64];

			tfm = w->tfm[i];
			ref = w->ref[i];
			klen = key_len(&w->g, al->kind);
			rfill(&w->g, key, klen);
			w->cur_alg = i;
			w->cur_step = "setkey";
			err = setkey(tfm, key, klen);
			if (!err)
				err = setkey(ref, key, klen);
			if (!err && is_aead(al->kind)) {
				as = auth_size(&w->g, al->kind);
				err = setauthsize(tfm, as);
				if (!err)
					err = setauthsize(ref, as);
			}
			if (err) {
				report(al, "setkey(%zu)/authsize(%u): %s", klen, as, strerror(-err));
				continue;
			}
		}
		if (is_aead(al->kind))
			aead_case(w, i, tfm, ref, as);
		else
			sk_case(w, i, tfm, ref, klen);
		__atomic_add_fetch(&al->ops, 1, __ATOMIC_RELAXED);
		w->beat++;
	}
}

/* bind one side of algorithm i: ctneon (ref == 0) or its reference */
static int bind_side(int i, int ref)
{
	const char *type = is_aead(algs[i].kind) ? "aead" : "skcipher";
	int fd = -ENOENT, k;

	if (!ref)
		return afalg_bind(type, algs[i].name);
	for (k = 0; k < 2 && algs[i].refs[k] && fd < 0; k++)
		fd = afalg_bind(type, algs[i].refs[k]);
	return fd;
}

static double mono(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* print one file of /proc/self/task/TID, each line prefixed with "#   " */
static void show_task_file(pid_t tid, const char *what)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/%s", (int)tid, what);
	f = fopen(path, "r");
	if (!f) {
		printf("#   %s: %s\n", path, strerror(errno));
		return;
	}
	printf("#   %s:\n", what);
	while (fgets(line, sizeof(line), f))
		printf("#     %s%s", line, strchr(line, '\n') ? "" : "\n");
	fclose(f);
}

/*
 * A thread made no progress for HANG_S seconds (the FAIL line), or was
 * live beside it (a "#" line): say which request it was in and where it
 * waits (its kernel stack, wchan and syscall).  CI once saw "thread 0 made
 * no progress for 60 s" with nothing else to go on (arm64 6.12; that run
 * took 122 s where 62 s is usual): this is what tells a request
 * hung in the kernel from a thread in user space or a stalled guest.
 */
static void hang_report(const struct worker *w, double at, double idle)
{
	const struct alg *al = &algs[w->cur_alg];

	printf("%s thread %d: no progress for %.0f s at %.0f s into the run, in %s: %s of %zu bytes%s%s\n",
	       idle > hang_s ? "FAIL stress: hung request:" : "#   and",
	       w->id, idle, at, w->writer ? "the sector writer" : al->name,
	       w->cur_step ? (const char *)w->cur_step : "-", (size_t)w->cur_len,
	       w->cur_inplace ? ", in place" : "", w->shared ? ", shared transform" : "");
	if (w->tid) {
		show_task_file(w->tid, "wchan");
		show_task_file(w->tid, "syscall");
		show_task_file(w->tid, "stat");
		show_task_file(w->tid, "stack");
	}
	fflush(stdout);
}

int main(int argc, char **argv)
{
	static struct worker ws[MAX_THREADS + 1];
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int secs = 60, nthreads = 0, writer = 0, opt, t, i, nw, bad = 0;
	uint64_t seed = 0x57e55ULL ^ (uint64_t)time(NULL);
	unsigned long last_beat[MAX_THREADS + 1] = { 0 }, total = 0;
	double last_move[MAX_THREADS + 1], t0, t1, prev;
	char joined[MAX_THREADS + 1] = { 0 };
	struct rng g;

	while ((opt = getopt(argc, argv, "t:j:s:m:xvBH")) != -1) {
		switch (opt) {
		case 't': secs = atoi(optarg); break;
		case 'j': nthreads = atoi(optarg); break;
		case 's': seed = strtoull(optarg, NULL, 0); break;
		case 'm':
			len_max = strtoul(optarg, NULL, 0);
			if (len_max < 16 || len_max > LEN_MAX)
				len_max = LEN_MAX;
			break;
		case 'x': writer = 1; break;
		case 'v': verbose = 1; break;
		case 'B': break_it = 1; break;
		case 'H': hang_it = 1; hang_s = 5; break;
		default:
			fprintf(stderr, "usage: %s [-t SECONDS] [-j THREADS] [-s SEED] [-m MAXLEN] [-x] [-v] [-B] [-H]\n",
				argv[0]);
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);
	if (nthreads <= 0)
		nthreads = 2 * (int)(ncpu > 0 ? ncpu : 1);
	if (nthreads > MAX_THREADS)
		nthreads = MAX_THREADS;
	nw = nthreads + writer;
	printf("# afalg-stress: %d threads (%ld cpus)%s, %d s, seed %#llx, lengths up to %zu\n",
	       nthreads, ncpu, writer ? " + xts sector writer" : "", secs,
	       (unsigned long long)seed, len_max);

	/* shared transforms, keyed once */
	g.s = seed ^ 0x5a5a5a5a5a5a5a5aULL;
	for (i = 0; i < NALGS; i++) {
		int e;

		shared_tfm[i] = bind_side(i, 0);
		shared_ref[i] = bind_side(i, 1);
		if (shared_tfm[i] < 0 || shared_ref[i] < 0) {
			printf("FAIL stress %s: bind %s: %s\n", algs[i].name,
			       shared_tfm[i] < 0 ? "ctneon" : "reference",
			       strerror(-(shared_tfm[i] < 0 ? shared_tfm[i] : shared_ref[i])));
			return 1;
		}
		shared_klen[i] = key_len(&g, algs[i].kind);
		rfill(&g, shared_key[i], shared_klen[i]);
		shared_auth[i] = is_aead(algs[i].kind) ? auth_size(&g, algs[i].kind) : 0;
		e = setkey(shared_tfm[i], shared_key[i], shared_klen[i]);
		if (!e)
			e = setkey(shared_ref[i], shared_key[i], shared_klen[i]);
		if (!e && shared_auth[i])
			e = setauthsize(shared_tfm[i], shared_auth[i]);
		if (!e && shared_auth[i])
			e = setauthsize(shared_ref[i], shared_auth[i]);
		if (e) {
			printf("FAIL stress %s: shared setkey: %s\n", algs[i].name, strerror(-e));
			return 1;
		}
	}
	for (t = 0; t < nw; t++) {
		struct worker *w = &ws[t];

		w->id = t;
		w->writer = t == nthreads;
		w->shared = !w->writer && (t & 1);
		w->g.s = seed + (uint64_t)(t + 1) * 0x100000001b3ULL;
		for (i = 0; i < NALGS; i++) {
			w->tfm[i] = w->shared ? -1 : bind_side(i, 0);
			w->ref[i] = w->shared ? -1 : bind_side(i, 1);
			if (!w->shared && (w->tfm[i] < 0 || w->ref[i] < 0)) {
				printf("FAIL stress %s: thread %d: bind failed\n", algs[i].name, t);
				return 1;
			}
		}
		if (pipe2(w->pipefd, O_CLOEXEC)) {
			printf("FAIL stress: pipe: %s\n", strerror(errno));
			return 1;
		}
		fcntl(w->pipefd[1], F_SETPIPE_SZ, 32 * PG);
		w->pt = aligned_alloc(PG, BUFSZ);
		w->a = aligned_alloc(PG, BUFSZ);
		w->b = aligned_alloc(PG, BUFSZ);
		w->c = aligned_alloc(PG, BUFSZ);
		if (!w->pt || !w->a || !w->b || !w->c) {
			printf("FAIL stress: out of memory\n");
			return 1;
		}
	}
	t0 = mono();
	for (t = 0; t < nw; t++) {
		last_move[t] = t0;
		if (pthread_create(&ws[t].th, NULL, worker_main, &ws[t])) {
			printf("FAIL stress: pthread_create\n");
			return 1;
		}
	}
	/*
	 * watchdog: stop at the deadline; a live thread without progress for
	 * HANG_S fails, with every live thread's state printed.  If the
	 * watchdog's own sleep(1) came back STALL_S late, the whole guest
	 * stood still (the host did not run it): that is said in a note and
	 * the progress clocks restart, since no thread could have moved.
	 */
	prev = t0;
	for (;;) {
		double now;
		int hung = -1;

		sleep(1);
		now = mono();
		if (now - prev > STALL_S) {
			printf("# afalg-stress: the watchdog's sleep(1) took %.1f s at %.0f s into the run: the guest was not running; progress clocks restarted\n",
			       now - prev, now - t0);
			for (t = 0; t < nw; t++)
				last_move[t] = now;
		}
		prev = now;
		for (t = 0; t < nw; t++) {
			if (ws[t].beat != last_beat[t] || ws[t].done) {
				last_beat[t] = ws[t].beat;
				last_move[t] = now;
			} else if (now - last_move[t] > hang_s && hung < 0) {
				hung = t;
			}
		}
		if (hung >= 0) {
			hang_report(&ws[hung], now - t0, now - last_move[hung]);
			for (t = 0; t < nw; t++)
				if (t != hung && !ws[t].done)
					hang_report(&ws[t], now - t0, now - last_move[t]);
			_exit(1);
		}
		if (verbose && !((int)(now - t0) % 10))
			fprintf(stderr, "afalg-stress: %.0f s\n", now - t0);
		if (now - t0 >= secs && !stop)
			stop = 1;
		if (stop) {
			int alive = 0;

			for (t = 0; t < nw; t++) {
				if (!joined[t] && pthread_tryjoin_np(ws[t].th, NULL) == 0)
					joined[t] = 1;
				alive += !joined[t];
			}
			if (!alive)
				break;
		}
	}
	t1 = mono();
	for (i = 0; i < NALGS; i++) {
		struct alg *a = &algs[i];

		total += a->ops;
		if (a->fails) {
			printf("FAIL stress %s: %lu failure(s) in %lu operations\n", a->name,
			       a->fails, a->ops);
			bad = 1;
		} else if (!a->ops) {
			printf("FAIL stress %s: never ran\n", a->name);
			bad = 1;
		} else {
			printf("ok stress %s (%lu operations, %lu bytes)\n", a->name, a->ops, a->bytes);
		}
	}
	if (writer) {
		if (sectors && !algs[XTS_IDX].fails)
			printf("ok stress xts sector writer (%lu sectors of 4 KiB)\n", sectors);
		else {
			printf("FAIL stress xts sector writer: %lu sectors\n", sectors);
			bad = 1;
		}
	}
	printf("# afalg-stress: %lu operations in %.1f s (%.0f/s), %d threads\n", total,
	       t1 - t0, (double)total / (t1 - t0), nthreads);
	return bad;
}
