// SPDX-License-Identifier: GPL-2.0-only
/*
 * afalg-once - issue #21, items 2 and 5, through AF_ALG in the guest.
 *
 *   afalg-once race [-n ITER] [-s SEED]
 *     Decryption must authenticate exactly the bytes it decrypts.
 *     algif_aead copies the ciphertext into the caller's receive buffer
 *     and decrypts it there, in place, while the caller can still write
 *     to it.  A second thread writes, at a random moment during each
 *     request, the complement of the ciphertext at one random position k
 *     of that buffer.  Then: if the request fails (EBADMSG), the module
 *     authenticated the changed byte; if it succeeds, byte k of the
 *     result is the plaintext (written after the change, or the change
 *     came first and was overwritten), the complement of the ciphertext
 *     (the change came after the decryption), or the complement of the
 *     plaintext: the module decrypted the changed byte, complement of
 *     C[k] XOR keystream, but authenticated the original one.  That last
 *     outcome fails the test (positions whose keystream byte is 0, where
 *     the outcomes coincide, are not drawn).  Texts of 100 bytes (the
 *     short paths), 1420 and 8192 bytes (the walks, two pages); the
 *     moment is drawn over the request's duration, measured first.
 *
 *   afalg-once bounce
 *     Page-aligned texts of several pages must not go through the walk's
 *     bounce buffer: /sys/module/ctneon/parameters/aead_bounces (requests
 *     whose walk used it) must not move over 4, 8 and 16 KiB texts,
 *     encrypted and decrypted, in page-aligned buffers with no AAD.  The
 *     control: the same texts 8 bytes into the page (a page boundary then
 *     cuts a block) must move it, or the counter could not show anything.
 *
 * Drivers: gcm-aes-ctneon and, on arm64 (the only architecture that
 * registers it), rfc7539-chacha20-poly1305-ctneon.  Prints "ok ..." or
 * "FAIL ..." lines; exit status 1 on any failure.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "tests/vm/afalg-util.h"

#define TAGLEN	16
#define MAXTEXT	(16 * 4096)

struct drv {
	const char *name;
	unsigned int keylen, ivlen;
};

static const struct drv drivers[] = {
	{ "gcm-aes-ctneon", 16, 12 },
#ifdef __aarch64__	/* not registered on arm (chacha-glue.c) */
	{ "rfc7539-chacha20-poly1305-ctneon", 32, 12 },
#endif
};

static int nfail;

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* a transform keyed with key, authsize 16: the tfm socket, or -errno */
static int keyed(const struct drv *d, const uint8_t *key)
{
	int fd = afalg_bind("aead", d->name);

	if (fd < 0)
		return fd;
	if (setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, d->keylen) ||
	    setsockopt(fd, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, TAGLEN)) {
		int e = -errno;

		close(fd);
		return e;
	}
	return fd;
}

/*
 * One request on a new operation socket of tfm: in (inlen bytes: AAD ||
 * text, with the tag for decryption) -> out (outlen bytes, read in one
 * read()).  Returns the bytes read or -errno.
 */
static ssize_t op(int tfm, int enc, const uint8_t *iv, unsigned int ivlen,
		  unsigned int assoclen, const uint8_t *in, size_t inlen,
		  uint8_t *out, size_t outlen)
{
	char cbuf[CMSG_SPACE(4) + CMSG_SPACE(sizeof(struct af_alg_iv) + 16) +
		  CMSG_SPACE(4)];
	struct msghdr msg;
	struct cmsghdr *c;
	struct af_alg_iv *aiv;
	struct iovec iov;
	ssize_t r;
	int fd;

	fd = accept(tfm, NULL, 0);
	if (fd < 0)
		return -errno;
	memset(cbuf, 0, sizeof(cbuf));
	memset(&msg, 0, sizeof(msg));
	msg.msg_control = cbuf;
	msg.msg_controllen = sizeof(cbuf);
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(4);
	*(uint32_t *)CMSG_DATA(c) = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	c = CMSG_NXTHDR(&msg, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_IV;
	c->cmsg_len = CMSG_LEN(sizeof(*aiv) + 16);
	aiv = (struct af_alg_iv *)CMSG_DATA(c);
	aiv->ivlen = ivlen;
	memcpy(aiv->iv, iv, ivlen);
	c = CMSG_NXTHDR(&msg, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
	c->cmsg_len = CMSG_LEN(4);
	*(uint32_t *)CMSG_DATA(c) = assoclen;
	iov.iov_base = (void *)in;
	iov.iov_len = inlen;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	if (sendmsg(fd, &msg, 0) != (ssize_t)inlen) {
		r = -errno;
		close(fd);
		return r ? r : -EIO;
	}
	r = read(fd, out, outlen);
	if (r < 0)
		r = -errno;
	close(fd);
	return r;
}

/* ---- race ------------------------------------------------------------- */

static volatile uint8_t *rbuf;		/* the receive buffer (AAD || text) */
static volatile unsigned int go_seq, done_seq, stop_flag;
static volatile unsigned long go_delay;	/* spins before the write */
static volatile unsigned int go_pos;
static volatile uint8_t go_val;

static void *writer(void *arg)
{
	unsigned int seen = 0;

	(void)arg;
	while (!stop_flag) {
		unsigned long i;

		if (__atomic_load_n(&go_seq, __ATOMIC_ACQUIRE) == seen)
			continue;
		seen = go_seq;
		for (i = 0; i < go_delay; i++)
			__asm__ __volatile__("" ::: "memory");
		rbuf[go_pos] = go_val;
		__atomic_store_n(&done_seq, seen, __ATOMIC_RELEASE);
	}
	return NULL;
}

/* spins of the writer's delay loop per second, roughly */
static double spins_per_second(void)
{
	unsigned long i, n = 20000000;
	double t0 = now();

	for (i = 0; i < n; i++)
		__asm__ __volatile__("" ::: "memory");
	return n / (now() - t0);
}

static void race_one(const struct drv *d, unsigned int textlen,
		     unsigned int iters, double sps)
{
	static uint8_t key[32], iv[16], pt[MAXTEXT], ct[MAXTEXT + TAGLEN],
		       ks[MAXTEXT + TAGLEN], zero[MAXTEXT], in[MAXTEXT + TAGLEN];
	unsigned int i, ok = 0, bad = 0, ebad = 0, after = 0, other = 0;
	double t0, per;
	int tfm;

	for (i = 0; i < d->keylen; i++)
		key[i] = (uint8_t)rnd();
	for (i = 0; i < d->ivlen; i++)
		iv[i] = (uint8_t)rnd();
	for (i = 0; i < textlen; i++)
		pt[i] = (uint8_t)rnd();
	tfm = keyed(d, key);
	if (tfm < 0) {
		printf("FAIL race %s %u: bind/setkey: %s\n", d->name, textlen,
		       strerror(-tfm));
		nfail++;
		return;
	}
	/* C || T, and the keystream (the encryption of zeros) */
	if (op(tfm, 1, iv, d->ivlen, 0, pt, textlen, ct, textlen + TAGLEN) !=
	    (ssize_t)(textlen + TAGLEN) ||
	    op(tfm, 1, iv, d->ivlen, 0, zero, textlen, ks, textlen + TAGLEN) !=
	    (ssize_t)(textlen + TAGLEN)) {
		printf("FAIL race %s %u: encryption failed\n", d->name, textlen);
		nfail++;
		close(tfm);
		return;
	}
	memcpy(in, ct, textlen + TAGLEN);
	/* the request's duration, nobody writing */
	t0 = now();
	for (i = 0; i < 20; i++)
		op(tfm, 0, iv, d->ivlen, 0, in, textlen + TAGLEN,
		   (uint8_t *)rbuf, textlen);
	per = (now() - t0) / 20;

	for (i = 0; i < iters; i++) {
		unsigned int k, seq;
		uint8_t got, notct, notpt;
		ssize_t r;

		do
			k = (unsigned int)(rnd() % textlen);
		while (ks[k] == 0);
		go_pos = k;
		go_val = (uint8_t)(ct[k] ^ 0xff);
		/* anywhere from before the request's copy to after its end */
		go_delay = (unsigned long)((double)(rnd() % 1000) / 1000.0 *
					   per * 1.2 * sps);
		seq = go_seq + 1;
		__atomic_store_n(&go_seq, seq, __ATOMIC_RELEASE);
		r = op(tfm, 0, iv, d->ivlen, 0, in, textlen + TAGLEN,
		       (uint8_t *)rbuf, textlen);
		while (__atomic_load_n(&done_seq, __ATOMIC_ACQUIRE) != seq)
			;
		got = rbuf[k];
		notct = (uint8_t)(ct[k] ^ 0xff);
		notpt = (uint8_t)(pt[k] ^ 0xff);
		if (r == -EBADMSG) {
			ebad++;
		} else if (r != (ssize_t)textlen) {
			other++;
		} else if (got == pt[k]) {
			ok++;
		} else if (got == notct) {
			after++;
		} else if (got == notpt) {
			if (bad++ < 3)
				printf("  detail: %s %u bytes: byte %u decrypted from the "
				       "changed ciphertext, tag accepted\n",
				       d->name, textlen, k);
		} else {
			other++;
		}
	}
	close(tfm);
	if (bad || other) {
		printf("FAIL race %s %u: %u of %u requests succeeded with plaintext "
		       "of an unauthenticated byte (%u other results; %u EBADMSG, "
		       "%u plaintext, %u changed after)\n", d->name, textlen, bad,
		       iters, other, ebad, ok, after);
		nfail++;
	} else {
		printf("ok race %s %u: %u requests: %u EBADMSG, %u plaintext, "
		       "%u changed after the decryption, none decrypted a byte "
		       "it did not authenticate (request %.0f us)\n", d->name,
		       textlen, iters, ebad, ok, after, per * 1e6);
	}
}

static void race(unsigned int iters)
{
	static const unsigned int lens[] = { 100, 1420, 8192 };
	pthread_t th;
	double sps;

	rbuf = mmap(NULL, MAXTEXT + 4096, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (rbuf == MAP_FAILED) {
		printf("FAIL race: mmap\n");
		nfail++;
		return;
	}
	sps = spins_per_second();
	if (pthread_create(&th, NULL, writer, NULL)) {
		printf("FAIL race: pthread_create\n");
		nfail++;
		return;
	}
	for (size_t d = 0; d < sizeof(drivers) / sizeof(drivers[0]); d++)
		for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++)
			race_one(&drivers[d], lens[l], iters, sps);
	stop_flag = 1;
	pthread_join(th, NULL);
}

/* ---- bounce ----------------------------------------------------------- */

static long bounces(void)
{
	FILE *f = fopen("/sys/module/ctneon/parameters/aead_bounces", "r");
	long v = -1;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

/* requests of each length, both directions, text at offset off of a page */
static long bounce_run(const struct drv *d, unsigned int off, int *err)
{
	static const unsigned int lens[] = { 4096, 8192, 16384 };
	static uint8_t key[32], iv[16];
	uint8_t *in, *out;
	long b0 = bounces(), b1;
	int tfm;

	in = mmap(NULL, MAXTEXT + 8192, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	out = mmap(NULL, MAXTEXT + 8192, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	tfm = keyed(d, key);
	if (in == MAP_FAILED || out == MAP_FAILED || tfm < 0) {
		*err = 1;
		return 0;
	}
	for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
		unsigned int n = lens[l];

		memset(in + off, 0x5a, n);
		if (op(tfm, 1, iv, d->ivlen, 0, in + off, n, out + off,
		       n + TAGLEN) != (ssize_t)(n + TAGLEN) ||
		    op(tfm, 0, iv, d->ivlen, 0, out + off, n + TAGLEN, in + off,
		       n) != (ssize_t)n) {
			*err = 1;
			break;
		}
	}
	close(tfm);
	munmap(in, MAXTEXT + 8192);
	munmap(out, MAXTEXT + 8192);
	b1 = bounces();
	return b1 - b0;
}

static void bounce(void)
{
	if (bounces() < 0) {
		printf("FAIL bounce: no /sys/module/ctneon/parameters/aead_bounces\n");
		nfail++;
		return;
	}
	for (size_t i = 0; i < sizeof(drivers) / sizeof(drivers[0]); i++) {
		const struct drv *d = &drivers[i];
		int err = 0;
		long aligned = bounce_run(d, 0, &err), cut = bounce_run(d, 8, &err);

		if (err) {
			printf("FAIL bounce %s: a request failed\n", d->name);
			nfail++;
		} else if (aligned != 0) {
			printf("FAIL bounce %s: page-aligned 4, 8, 16 KiB texts: %ld "
			       "of 6 requests bounced\n", d->name, aligned);
			nfail++;
		} else if (cut <= 0) {
			printf("FAIL bounce %s: control: texts 8 bytes into a page "
			       "did not move the counter (%ld)\n", d->name, cut);
			nfail++;
		} else {
			printf("ok bounce %s: page-aligned 4, 8, 16 KiB texts: no "
			       "request bounced (control, 8 bytes into the page: %ld "
			       "of 6)\n", d->name, cut);
		}
	}
}

int main(int argc, char **argv)
{
	unsigned int iters = 400;
	int opt;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2) {
		fprintf(stderr, "usage: %s race [-n ITER] [-s SEED] | bounce\n",
			argv[0]);
		return 2;
	}
	optind = 2;
	while ((opt = getopt(argc, argv, "n:s:")) != -1) {
		if (opt == 'n')
			iters = (unsigned int)strtoul(optarg, NULL, 0);
		else if (opt == 's')
			rng = strtoull(optarg, NULL, 0) | 1;
	}
	if (!strcmp(argv[1], "race"))
		race(iters);
	else if (!strcmp(argv[1], "bounce"))
		bounce();
	else
		return 2;
	return nfail ? 1 : 0;
}
