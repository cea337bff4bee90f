// SPDX-License-Identifier: GPL-2.0-only
/*
 * afalg-hybrid - the vpaes/bit-sliced split of ctneon seen through AF_ALG
 *
 * ctneon keeps each key in vpaes form and makes the bit-sliced form on
 * demand, inside the first request of a transform that has enough blocks
 * for the bit-sliced core (svc-aes.c: ctneon_bs_blocks() decides how many
 * blocks of a piece go there, ctneon_bs_key() converts the key once,
 * guarded by an atomic state NONE -> BUSY -> READY; a request that finds it
 * BUSY uses vpaes).  This program checks that every request gives the
 * answer of the generic reference whatever path it took:
 *
 *  seq   One bound transform per mode, its key set once per key size, and
 *        three accept()ed operation sockets used in turn.  Requests cross
 *        the threshold (svc-aes.c: CTNEON_BS_MIN_BLOCKS, 5) both ways in
 *        sequence: 1..4 blocks (vpaes, no bit-sliced key yet), 5..9, 15,
 *        16, 17 blocks (the first of these converts), 4 KiB, 64 KiB
 *        (whole pages, several walk steps),
 *        then short again (the key is ready but unused).  CTR also with a
 *        partial last block, XTS also with ciphertext-stealing tails; both
 *        directions; buffers at a few odd offsets.  Then the operation
 *        sockets are closed and the same transform is given the next key
 *        size (setkey must drop the old bit-sliced key).
 *  race  A fresh key on one transform, then THREADS threads (default 4),
 *        each with its own accept()ed socket, start together at a barrier
 *        and each send REQS (default 200) random-length requests, the first
 *        long enough to convert: one thread converts, the others find the
 *        key BUSY (vpaes) or READY.  Every result is checked against the
 *        reference.  One round per key size.
 *  burst BURSTS (default 100) rounds of the same with one request per
 *        thread (7..17 blocks): many fresh keys, each converted while the
 *        threads are released together, for more chances to hit the
 *        window in which one request converts while another looks.
 *
 * The reference is the generic template over aes-generic (for XTS and
 * CBC/CTR two spellings are tried, as afalg-diff does).  Every request is
 * one sendmsg() of the whole message and reads of exactly its size, so it
 * is one skcipher request.  An alarm turns a hang into a FAIL line.
 *
 * Output: "ok NAME ..." or "FAIL NAME: ..." per mode and phase; exit
 * status 1 if anything failed.
 *
 * Usage: afalg-hybrid [-s SEED] [-t THREADS] [-r REQS] [-b BURSTS] [-m MODE]
 *                     [seq|race|burst]...
 *   (no phase: all three; -m ecb|cbc|ctr|xts limits the modes)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include "tests/vm/afalg-util.h"

#define BLK		16
#define MAXLEN		(64 * 1024 + 2 * BLK)	/* longest request */
#define BUFLEN		(MAXLEN + 64)		/* room for an odd start */
#define NOPS		3			/* operation sockets in seq */
#define MAXTHREADS	16
#define PHASE_TIMEOUT	600			/* seconds */

enum mode { ECB, CBC, CTR, XTS, NMODES };

static const struct mode_info {
	const char *name, *drv;
	const char *refs[2];
	int keymul, ivlen;
} modes[NMODES] = {
	{ "ecb", "ecb-aes-ctneon", { "ecb(aes-generic)", NULL }, 1, 0 },
	{ "cbc", "cbc-aes-ctneon", { "cbc(aes-generic)", "cbc(ecb(aes-generic))" }, 1, 16 },
	{ "ctr", "ctr-aes-ctneon", { "ctr(aes-generic)", "ctr(ecb(aes-generic))" }, 1, 16 },
	{ "xts", "xts-aes-ctneon", { "xts(ecb(aes-generic))", "xts(aes-generic)" }, 2, 16 },
};

static const int keysizes[3] = { 16, 24, 32 };

static int failures;
static int nthreads = 4, nreqs = 200, nbursts = 100;
static volatile const char *phase = "";

/* ---- deterministic generator (splitmix64), one state per user ---------- */

static uint64_t rnd64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned int rnd(uint64_t *s, unsigned int n)
{
	return (unsigned int)(rnd64(s) % n);
}

static void rnd_bytes(uint64_t *s, uint8_t *p, size_t n)
{
	while (n) {
		uint64_t v = rnd64(s);
		size_t k = n < 8 ? n : 8;

		memcpy(p, &v, k);
		p += k;
		n -= k;
	}
}

/* ---- AF_ALG plumbing ----------------------------------------------------- */

static void on_alarm(int sig)
{
	char msg[160];
	int n;

	(void)sig;
	n = snprintf(msg, sizeof(msg), "FAIL %s: did not finish in %d s\n",
		     (const char *)phase, PHASE_TIMEOUT);
	if (n > 0 && write(1, msg, (size_t)n) < 0)
		_exit(2);
	_exit(1);
}

static int alg_bind(const char *name)
{
	return afalg_bind("skcipher", name);
}

static int alg_setkey(int tfm, const uint8_t *key, size_t len)
{
	return setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, (socklen_t)len) < 0 ? -errno : 0;
}

/*
 * One request on operation socket op: the operation, the IV (if ivlen) and
 * the whole message in one sendmsg(), then reads of exactly len bytes.
 */
static int crypt_once(int op, int enc, const uint8_t *iv, size_t ivlen,
		      const uint8_t *in, size_t len, uint8_t *out)
{
	union {
		char buf[CMSG_SPACE(sizeof(uint32_t)) +
			 CMSG_SPACE(sizeof(struct af_alg_iv) + 16)];
		struct cmsghdr align;
	} u;
	struct iovec iov = { (void *)in, len };
	struct msghdr msg;
	struct cmsghdr *c;
	struct af_alg_iv *aiv;
	uint32_t type = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	size_t done = 0;
	ssize_t n;

	memset(&u, 0, sizeof(u));
	memset(&msg, 0, sizeof(msg));
	msg.msg_control = u.buf;
	msg.msg_controllen = CMSG_SPACE(sizeof(uint32_t));
	if (ivlen)
		msg.msg_controllen += CMSG_SPACE(sizeof(*aiv) + ivlen);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	memcpy(CMSG_DATA(c), &type, sizeof(type));
	if (ivlen) {
		c = CMSG_NXTHDR(&msg, c);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_IV;
		c->cmsg_len = CMSG_LEN(sizeof(*aiv) + ivlen);
		aiv = (struct af_alg_iv *)(void *)CMSG_DATA(c);
		aiv->ivlen = (uint32_t)ivlen;
		memcpy(aiv->iv, iv, ivlen);
	}
	n = sendmsg(op, &msg, 0);
	if (n < 0)
		return -errno;
	if ((size_t)n != len)
		return -EMSGSIZE;
	while (done < len) {
		n = read(op, out + done, len - done);
		if (n < 0)
			return -errno;
		if (n == 0)
			return -EPIPE;
		done += (size_t)n;
	}
	return 0;
}

/* bind the driver under test and a reference; 0 or -errno */
static int bind_pair(enum mode m, int *tfm, int *rfm, const char **ref)
{
	int i;

	*tfm = alg_bind(modes[m].drv);
	if (*tfm < 0)
		return *tfm;
	for (i = 0; i < 2 && modes[m].refs[i]; i++) {
		*rfm = alg_bind(modes[m].refs[i]);
		if (*rfm >= 0) {
			*ref = modes[m].refs[i];
			return 0;
		}
	}
	close(*tfm);
	return *rfm;
}

/* the same key on both transforms */
static int set_keys(enum mode m, int tfm, int rfm, uint64_t *s, int klen)
{
	uint8_t key[64];
	size_t len = (size_t)klen * modes[m].keymul;
	int err;

	rnd_bytes(s, key, len);
	if (m == XTS && !memcmp(key, key + klen, (size_t)klen))
		key[0] ^= 1;		/* the kernel refuses equal XTS halves */
	err = alg_setkey(tfm, key, len);
	if (!err)
		err = alg_setkey(rfm, key, len);
	return err;
}

/*
 * One checked request: random message and IV, run on op (ctneon) and on
 * rop (reference).  Returns 0, or 1 with why filled in.
 */
struct bufs {
	uint8_t in[BUFLEN], out[BUFLEN], ref[BUFLEN];
};

static int check_one(enum mode m, int op, int rop, uint64_t *s, size_t len,
		     int enc, size_t off, struct bufs *b, char *why, size_t whylen)
{
	uint8_t iv[16];
	uint8_t *in = b->in + off, *out = b->out + (off * 3) % 61;
	int err;

	rnd_bytes(s, iv, sizeof(iv));
	rnd_bytes(s, in, len);
	memset(out, 0, len);
	err = crypt_once(op, enc, iv, (size_t)modes[m].ivlen, in, len, out);
	if (err) {
		snprintf(why, whylen, "%s %zu bytes: ctneon request failed: %s",
			 enc ? "enc" : "dec", len, strerror(-err));
		return 1;
	}
	err = crypt_once(rop, enc, iv, (size_t)modes[m].ivlen, in, len, b->ref);
	if (err) {
		snprintf(why, whylen, "%s %zu bytes: reference request failed: %s",
			 enc ? "enc" : "dec", len, strerror(-err));
		return 1;
	}
	if (memcmp(out, b->ref, len)) {
		size_t d = 0;

		while (out[d] == b->ref[d])
			d++;
		snprintf(why, whylen, "%s %zu bytes (%zu blocks): differs from "
			 "the reference at byte %zu (block %zu)",
			 enc ? "enc" : "dec", len, len / BLK, d, d / BLK);
		return 1;
	}
	return 0;
}

/* ---- seq: the threshold crossed both ways on one transform ------------ */

static const int seq_blocks[] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 256, 4096, 1, 2, 3, 4, 5, 6, 7, 1,
};
#define NSEQ	(sizeof(seq_blocks) / sizeof(seq_blocks[0]))

static void seq_mode(enum mode m, uint64_t seed)
{
	static struct bufs b;
	uint64_t s = seed ^ (0x5e9ULL << 40) ^ (uint64_t)m;
	const char *ref = "";
	int tfm, rfm, rop = -1, ops[NOPS], k, i, n, tail, enc, err;
	unsigned long reqs = 0;
	char why[256] = "", name[96];
	int bad = 0;

	snprintf(name, sizeof(name), "hybrid-seq %s", modes[m].drv);
	phase = name;
	alarm(PHASE_TIMEOUT);
	err = bind_pair(m, &tfm, &rfm, &ref);
	if (err) {
		printf("FAIL %s: cannot bind the driver or a reference: %s\n",
		       name, strerror(-err));
		failures++;
		return;
	}
	for (k = 0; k < 3 && !bad; k++) {
		/* a new key size on the same transform: no op socket open */
		err = set_keys(m, tfm, rfm, &s, keysizes[k]);
		if (err) {
			snprintf(why, sizeof(why), "setkey aes%d: %s",
				 8 * keysizes[k], strerror(-err));
			bad = 1;
			break;
		}
		for (i = 0; i < NOPS; i++)
			ops[i] = accept(tfm, NULL, NULL);
		rop = accept(rfm, NULL, NULL);
		for (i = 0; i < NOPS; i++)
			if (ops[i] < 0 || rop < 0) {
				snprintf(why, sizeof(why), "accept: %s", strerror(errno));
				bad = 1;
			}
		for (n = 0; n < (int)NSEQ && !bad; n++) {
			for (tail = 0; tail < 2 && !bad; tail++) {
				size_t len = (size_t)seq_blocks[n] * BLK;

				/* CTR: a partial last block; XTS: stealing */
				if (tail && (m == ECB || m == CBC))
					continue;
				if (tail)
					len += 1 + (size_t)(n * 5 + k) % 15;
				for (enc = 1; enc >= 0 && !bad; enc--) {
					bad = check_one(m, ops[reqs % NOPS], rop, &s, len,
							enc, (reqs * 7) % 23, &b,
							why, sizeof(why));
					reqs++;
				}
				if (bad) {
					size_t l = strlen(why);

					snprintf(why + l, sizeof(why) - l,
						 ", aes%d, request %lu of the sequence",
						 8 * keysizes[k], reqs);
				}
			}
		}
		for (i = 0; i < NOPS; i++)
			if (ops[i] >= 0)
				close(ops[i]);
		if (rop >= 0)
			close(rop);
	}
	close(tfm);
	close(rfm);
	alarm(0);
	if (bad) {
		printf("FAIL %s: %s (reference %s)\n", name, why, ref);
		failures++;
	} else {
		printf("ok %s vs %s (%lu requests, aes128/192/256, 1 block .. 64 KiB)\n",
		       name, ref, reqs);
	}
	fflush(stdout);
}

/* ---- race: threads on one transform with a fresh key ---------------------- */

struct racer {
	pthread_t thread;
	enum mode m;
	int op, rop, nreqs;
	uint64_t s;
	unsigned long reqs, fails;
	char why[256];
};

static pthread_barrier_t race_start;

/* a length valid for the mode, mostly around the threshold */
static size_t race_len(enum mode m, uint64_t *s, unsigned long i)
{
	unsigned int p = rnd(s, 100);
	size_t blocks, len;

	if (i == 0)			/* first request: long enough to convert */
		blocks = 7 + rnd(s, 11);
	else if (p < 35)
		blocks = 1 + rnd(s, 6);
	else if (p < 75)
		blocks = 7 + rnd(s, 27);
	else if (p < 95)
		blocks = 34 + rnd(s, 256 - 34);
	else
		blocks = 257 + rnd(s, 1024 - 257);
	len = blocks * BLK;
	if ((m == CTR || m == XTS) && rnd(s, 3) == 0)
		len += 1 + rnd(s, 15);
	return len;
}

static void *racer_main(void *arg)
{
	struct racer *r = arg;
	struct bufs *b = malloc(sizeof(*b));
	char why[200];
	unsigned long i;

	if (!b) {
		snprintf(r->why, sizeof(r->why), "out of memory");
		r->fails++;
		pthread_barrier_wait(&race_start);
		return NULL;
	}
	pthread_barrier_wait(&race_start);
	for (i = 0; i < (unsigned long)r->nreqs; i++) {
		size_t len = race_len(r->m, &r->s, i);
		int enc = (int)rnd(&r->s, 2);

		r->reqs++;
		if (check_one(r->m, r->op, r->rop, &r->s, len, enc,
			      rnd(&r->s, 40), b, why, sizeof(why)) &&
		    !r->fails++)
			snprintf(r->why, sizeof(r->why), "thread request %lu: %s",
				 i, why);
	}
	free(b);
	return NULL;
}

/*
 * One round: a fresh key of klen bytes on tfm (and rfm), then nthreads
 * threads with their own operation sockets, reqs requests each.  Adds the
 * requests made and the wrong ones to *reqs_out, *fails_out; the first
 * failure goes to why.  Returns -1 if the round could not be set up.
 */
static int race_round(enum mode m, int tfm, int rfm, uint64_t *s, int klen,
		      int reqs, unsigned long *reqs_out,
		      unsigned long *fails_out, char *why, size_t whylen)
{
	static struct racer r[MAXTHREADS];
	int t, err, ret = 0;

	/* a fresh key: the bit-sliced key is made during the race */
	err = set_keys(m, tfm, rfm, s, klen);
	if (err) {
		snprintf(why, whylen, "setkey aes%d: %s", 8 * klen, strerror(-err));
		return -1;
	}
	memset(r, 0, sizeof(r));
	for (t = 0; t < nthreads; t++)
		r[t].op = r[t].rop = -1;
	for (t = 0; t < nthreads; t++) {
		r[t].m = m;
		r[t].s = rnd64(s);
		r[t].nreqs = reqs;
		r[t].op = accept(tfm, NULL, NULL);
		r[t].rop = accept(rfm, NULL, NULL);
		if (r[t].op < 0 || r[t].rop < 0) {
			snprintf(why, whylen, "accept: %s", strerror(errno));
			ret = -1;
			goto out;
		}
	}
	pthread_barrier_init(&race_start, NULL, (unsigned int)nthreads);
	for (t = 0; t < nthreads; t++) {
		if (pthread_create(&r[t].thread, NULL, racer_main, &r[t])) {
			/* the barrier would never open: give up */
			printf("FAIL %s: pthread_create\n", (const char *)phase);
			fflush(stdout);
			_exit(1);
		}
	}
	for (t = 0; t < nthreads; t++)
		pthread_join(r[t].thread, NULL);
	pthread_barrier_destroy(&race_start);
	for (t = 0; t < nthreads; t++) {
		*reqs_out += r[t].reqs;
		if (r[t].fails && !*fails_out)
			snprintf(why, whylen, "aes%d: %s", 8 * klen, r[t].why);
		*fails_out += r[t].fails;
	}
out:
	for (t = 0; t < nthreads; t++) {
		if (r[t].op >= 0)
			close(r[t].op);
		if (r[t].rop >= 0)
			close(r[t].rop);
	}
	return ret;
}

/*
 * race: one round per key size, nreqs requests per thread, one line each.
 * burst: nbursts rounds of one request per thread (each a conversion race
 * with the threads released together), one line for all of them.
 */
static void race_mode(enum mode m, uint64_t seed, int burst)
{
	uint64_t s = seed ^ ((burst ? 0xb0a7ULL : 0x7ac3ULL) << 40) ^ (uint64_t)m;
	const char *ref = "";
	int tfm, rfm, k, err, rounds = burst ? nbursts : 3;
	unsigned long reqs = 0, fails = 0;
	char name[96], why[256] = "";

	snprintf(name, sizeof(name), "hybrid-%s %s", burst ? "burst" : "race",
		 modes[m].drv);
	phase = name;
	alarm(PHASE_TIMEOUT);
	err = bind_pair(m, &tfm, &rfm, &ref);
	if (err) {
		printf("FAIL %s: cannot bind the driver or a reference: %s\n",
		       name, strerror(-err));
		failures++;
		return;
	}
	for (k = 0; k < rounds; k++) {
		int klen = keysizes[k % 3];

		if (!burst)
			reqs = fails = 0;
		if (race_round(m, tfm, rfm, &s, klen, burst ? 1 : nreqs,
			       &reqs, &fails, why, sizeof(why))) {
			printf("FAIL %s: %s\n", name, why);
			failures++;
			break;
		}
		if (burst)
			continue;
		if (fails) {
			printf("FAIL %s aes%d vs %s: %lu of %lu requests wrong; "
			       "first: %s\n", name, 8 * klen, ref, fails, reqs, why);
			failures++;
		} else {
			printf("ok %s aes%d vs %s (%d threads x %d requests, "
			       "fresh key)\n", name, 8 * klen, ref, nthreads, nreqs);
		}
	}
	if (burst && k == rounds) {
		if (fails) {
			printf("FAIL %s vs %s: %lu of %lu requests wrong; first: %s\n",
			       name, ref, fails, reqs, why);
			failures++;
		} else {
			printf("ok %s vs %s (%d fresh keys, %d threads x 1 request "
			       "each)\n", name, ref, rounds, nthreads);
		}
	}
	fflush(stdout);
	close(tfm);
	close(rfm);
	alarm(0);
}

int main(int argc, char **argv)
{
	uint64_t seed = 0x68796272ULL;
	int do_seq = 0, do_race = 0, do_burst = 0, only = -1, opt, m;

	while ((opt = getopt(argc, argv, "s:t:r:b:m:")) != -1) {
		switch (opt) {
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 't':
			nthreads = atoi(optarg);
			break;
		case 'r':
			nreqs = atoi(optarg);
			break;
		case 'b':
			nbursts = atoi(optarg);
			break;
		case 'm':
			for (m = 0; m < NMODES; m++)
				if (!strcmp(optarg, modes[m].name))
					only = m;
			if (only < 0) {
				fprintf(stderr, "afalg-hybrid: no mode %s\n", optarg);
				return 2;
			}
			break;
		default:
			fprintf(stderr, "usage: afalg-hybrid [-s SEED] [-t THREADS] "
				"[-r REQS] [-b BURSTS] [-m MODE] [seq|race|burst]...\n");
			return 2;
		}
	}
	if (nthreads < 1 || nthreads > MAXTHREADS || nreqs < 1 || nbursts < 1) {
		fprintf(stderr, "afalg-hybrid: 1..%d threads, >= 1 request\n",
			MAXTHREADS);
		return 2;
	}
	for (; optind < argc; optind++) {
		if (!strcmp(argv[optind], "seq"))
			do_seq = 1;
		else if (!strcmp(argv[optind], "race"))
			do_race = 1;
		else if (!strcmp(argv[optind], "burst"))
			do_burst = 1;
		else {
			fprintf(stderr, "afalg-hybrid: unknown phase %s\n", argv[optind]);
			return 2;
		}
	}
	if (!do_seq && !do_race && !do_burst)
		do_seq = do_race = do_burst = 1;
	signal(SIGALRM, on_alarm);
	setvbuf(stdout, NULL, _IOLBF, 0);

	for (m = 0; m < NMODES; m++) {
		if (only >= 0 && m != only)
			continue;
		if (do_seq)
			seq_mode((enum mode)m, seed);
		if (do_race)
			race_mode((enum mode)m, seed, 0);
		if (do_burst)
			race_mode((enum mode)m, seed, 1);
	}
	return failures ? 1 : 0;
}
