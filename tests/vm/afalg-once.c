// SPDX-License-Identifier: GPL-2.0-only
/*
 * afalg-once - issue #21, items 2 and 5, through AF_ALG in the guest.
 *
 *   afalg-once tamper [-s SEED]
 *     Decryption must authenticate exactly the bytes it decrypts.  In a
 *     test build of ctneon (KCFLAGS=-DCTNEON_TEST_HOOKS, which shows
 *     test_hooks=Y among its parameters) every decryption complements the
 *     caller's ciphertext right after it has read it, as a caller writing
 *     to its buffer during the request would (algif_aead decrypts in
 *     place in the caller's pages).  A decryption that reads each byte
 *     once returns the right plaintext; one that reads the bytes again,
 *     to authenticate them or to decrypt them, fails the tag or returns
 *     the plaintext of bytes that were not authenticated.  Every length
 *     path: 1..200 bytes (the short paths and their edges), 1420, 4095,
 *     4096, 8192, 8200 and 16384 (the walks, several pages, partial last
 *     blocks).  On a module that is not a test build: a "#" line, no
 *     verdict.  (A first version raced a second thread against the
 *     requests instead; under TCG it never landed a change inside a
 *     request, not even an EBADMSG, so it could not fail, and was dropped.)
 *
 *   afalg-once bounce
 *     Page-aligned texts of several pages must not go through the walk's
 *     bounce buffer: /sys/module/ctneon/parameters/aead_bounces (requests
 *     whose walk used it) must not move over 4, 8 and 16 KiB texts,
 *     encrypted and decrypted, in page-aligned buffers with no AAD.  The
 *     control: the same texts 8 bytes into the page (a page boundary then
 *     cuts a block) must move it, or the counter could not show anything.
 *
 *   afalg-once empty
 *     Requests with AAD and no text (50 encryptions and 50 decryptions
 *     per driver) must not move aead_bounces: with no text the walk
 *     returns before it sets its bounce buffer, and the glue must not
 *     read that field as one.  A test build fills the walk with garbage
 *     before it starts, so that such a read counts a bounce every time.
 *
 * Drivers: gcm-aes-ctneon, ccm-aes-ctneon (whose decryption decrypts
 * first and MACs the plaintext it made; in place, as algif_aead runs it,
 * its NEON core reads and writes each block at once, so there the hook
 * reaches only its copy path: a partial last block, and everything on the
 * portable path) and, on arm64 (the only architecture that registers
 * it), rfc7539-chacha20-poly1305-ctneon.  Prints "ok ..." or
 * "FAIL ..." lines; exit status 1 on any failure.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "tests/vm/afalg-util.h"

#define TAGLEN	16
#define MAXTEXT	(16 * 4096)

struct drv {
	const char *name;
	unsigned int keylen, ivlen;
	int iv0;		/* CCM: the IV's first byte (L - 1), else -1 */
};

static const struct drv drivers[] = {
	{ "gcm-aes-ctneon", 16, 12, -1 },
	{ "ccm-aes-ctneon", 16, 16, 3 },
#ifdef __aarch64__	/* not registered on arm (glue-chacha.c) */
	{ "rfc7539-chacha20-poly1305-ctneon", 32, 12, -1 },
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

/* ---- tamper ----------------------------------------------------------- */

static int test_build(void)
{
	FILE *f = fopen("/sys/module/ctneon/parameters/test_hooks", "r");
	int c = 0;

	if (f) {
		c = fgetc(f);
		fclose(f);
	}
	return c == 'Y';
}

/*
 * A test build complements the caller's ciphertext right after the module
 * has read it (ctneon_test_tamper()): a decryption that reads each byte
 * once still returns the right plaintext, one that reads it again (to
 * authenticate it, or to decrypt it) fails the tag or returns other bytes.
 */
static void tamper(void)
{
	static const unsigned int lens[] = { 1, 15, 16, 64, 100, 128, 129, 200,
					     1420, 4095, 4096, 8192, 8200, 16384 };
	static uint8_t key[32], iv[16], pt[MAXTEXT], ct[MAXTEXT + TAGLEN],
		       out[MAXTEXT];

	if (!test_build()) {
		printf("# tamper: not a CTNEON_TEST_HOOKS build of ctneon: skipped\n");
		return;
	}
	for (size_t d = 0; d < sizeof(drivers) / sizeof(drivers[0]); d++) {
		const struct drv *dr = &drivers[d];
		unsigned int bad = 0, cases = 0;
		char why[160] = "";
		int tfm;

		for (unsigned int i = 0; i < dr->keylen; i++)
			key[i] = (uint8_t)rnd();
		tfm = keyed(dr, key);
		if (tfm < 0) {
			printf("FAIL tamper %s: bind/setkey: %s\n", dr->name,
			       strerror(-tfm));
			nfail++;
			continue;
		}
		for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
			unsigned int n = lens[l];
			ssize_t r;

			for (unsigned int i = 0; i < n; i++)
				pt[i] = (uint8_t)rnd();
			for (unsigned int i = 0; i < dr->ivlen; i++)
				iv[i] = (uint8_t)rnd();
			if (dr->iv0 >= 0)
				iv[0] = (uint8_t)dr->iv0;
			cases++;
			if (op(tfm, 1, iv, dr->ivlen, 0, pt, n, ct, n + TAGLEN) !=
			    (ssize_t)(n + TAGLEN)) {
				bad++;
				snprintf(why, sizeof(why), "%u bytes: encryption failed", n);
				continue;
			}
			r = op(tfm, 0, iv, dr->ivlen, 0, ct, n + TAGLEN, out, n);
			if (r != (ssize_t)n || memcmp(out, pt, n)) {
				bad++;
				snprintf(why, sizeof(why), "%u bytes: %s", n,
					 r == -EBADMSG ? "EBADMSG: the tag was checked "
					 "over bytes read again after the change" :
					 r < 0 ? strerror((int)-r) :
					 "tag accepted, plaintext of bytes changed after "
					 "the read (unauthenticated)");
			}
		}
		close(tfm);
		if (bad) {
			printf("FAIL tamper %s: %u of %u lengths; last: %s\n",
			       dr->name, bad, cases, why);
			nfail++;
		} else {
			printf("ok tamper %s: %u lengths 1..16384, ciphertext changed "
			       "after its one read: right plaintext every time\n",
			       dr->name, cases);
		}
	}
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

	if (d->iv0 >= 0)
		iv[0] = (uint8_t)d->iv0;
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

/* ---- empty ------------------------------------------------------------ */

/*
 * AAD and no text: the walk over the text returns before it sets its
 * bounce buffer, so the glue must not take that field for a bounce.  The
 * test build fills the walk with garbage first (ctneon_test_poison()), so
 * that a read of the unset field counts a bounce there every time.
 */
static void empty(void)
{
	static uint8_t key[32], iv[16], aad[32 + TAGLEN], out[32 + TAGLEN];

	if (bounces() < 0) {
		printf("FAIL empty: no /sys/module/ctneon/parameters/aead_bounces\n");
		nfail++;
		return;
	}
	memset(aad, 0x3c, 32);
	for (size_t i = 0; i < sizeof(drivers) / sizeof(drivers[0]); i++) {
		const struct drv *d = &drivers[i];
		long b0 = bounces(), moved;
		int tfm = keyed(d, key), bad = tfm < 0;

		if (d->iv0 >= 0)
			iv[0] = (uint8_t)d->iv0;
		for (int r = 0; !bad && r < 50; r++) {
			bad = op(tfm, 1, iv, d->ivlen, 32, aad, 32, out,
				 sizeof(out)) != (ssize_t)sizeof(out) ||
			      op(tfm, 0, iv, d->ivlen, 32, out, sizeof(out), aad,
				 32) != 32;
		}
		if (tfm >= 0)
			close(tfm);
		moved = bounces() - b0;
		if (bad) {
			printf("FAIL empty %s: a request with AAD and no text failed\n",
			       d->name);
			nfail++;
		} else if (moved) {
			printf("FAIL empty %s: 100 requests with no text counted %ld "
			       "bounces (the walk's unset buffer was read)\n",
			       d->name, moved);
			nfail++;
		} else {
			printf("ok empty %s: 100 requests with AAD and no text, no "
			       "bounce counted\n", d->name);
		}
	}
}

int main(int argc, char **argv)
{
	int opt;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2) {
		fprintf(stderr, "usage: %s tamper [-s SEED] | bounce | empty\n", argv[0]);
		return 2;
	}
	optind = 2;
	while ((opt = getopt(argc, argv, "s:")) != -1)
		if (opt == 's')
			rng = strtoull(optarg, NULL, 0) | 1;
	if (!strcmp(argv[1], "tamper"))
		tamper();
	else if (!strcmp(argv[1], "bounce"))
		bounce();
	else if (!strcmp(argv[1], "empty"))
		empty();
	else
		return 2;
	return nfail ? 1 : 0;
}
