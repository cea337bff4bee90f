// SPDX-License-Identifier: GPL-2.0-only
/*
 * afalg-aead - differential test of the ctneon AEADs through AF_ALG
 *
 *   gcm-aes-ctneon          vs  gcm_base(ctr(aes-generic),ghash-generic)
 *   rfc4106-gcm-aes-ctneon  vs  rfc4106(gcm_base(ctr(aes-generic),ghash-generic))
 *   rfc7539-chacha20-poly1305-ctneon
 *                           vs  rfc7539(chacha20-generic,poly1305-generic)
 *   rfc7539esp-chacha20-poly1305-ctneon
 *                           vs  rfc7539esp(chacha20-generic,poly1305-generic)
 *   ccm-aes-ctneon          vs  ccm-aes-lib (7.3), ccm_base(ctr(aes-lib),
 *                               cbcmac-aes-lib) (7.2) or
 *                               ccm_base(ctr(aes-generic),cbcmac(aes-generic))
 *   rfc4309-ccm-aes-ctneon  vs  rfc4309() of the same
 *
 * (ccm, #23: a 16-byte IV whose first byte L' = L - 1 is drawn from 1..7,
 * authsizes 4, 6, ..., 16, AAD as for gcm and, after the edge shapes, AAD
 * lengths 0xfeff, 0xff00 and 0xff01, where RFC 3610 codes the length in 6
 * bytes instead of 2; rfc4309: key + 3-byte salt, 8-byte IV, authsize 8,
 * 12 or 16, assoclen 16 or 20 with the IV copy at its end, as rfc4106.)
 *
 * (The ChaCha20-Poly1305 pairs follow the GCM ones below with their own
 * parameters: a 32-byte key (+ 4-byte salt for rfc7539esp), a 16-byte tag
 * only, AAD like gcm for rfc7539 and 8..80 bytes (sometimes up to 1 KiB)
 * for rfc7539esp, whose last 8 bytes are the IV copy, not authenticated;
 * rfc7539esp refuses assoclen < 8 with EINVAL.)
 *
 * Both sides of a pair are bound as "aead" sockets.  Each random case
 * draws a key (AES-128/192/256, plus the 4-byte salt for rfc4106), an
 * authsize (gcm: 4, 8, 12..16; rfc4106: 8, 12, 16), associated data
 * (gcm: mostly 0..80 bytes, sometimes up to 1 KiB; rfc4106: assoclen 16
 * or 20, whose last 8 bytes are the IV copy ESP puts there), a text
 * (75% up to 256 bytes, else up to 4 KiB, and in -b percent of the cases
 * up to three pages) and an IV; it then
 * encrypts through both and decrypts the ciphertext through both, and
 * compares every output byte (AAD copy, text, tag) with the reference.
 *
 * AF_ALG request layout: the request is AAD || text (|| tag when
 * decrypting); the result is AAD || text (|| tag when encrypting), and it
 * must be read with a buffer of exactly that size (the socket processes
 * what the read asks for; an empty result is read with a 1-byte buffer).
 * The reference always goes through one sendmsg() of one buffer and one
 * read() into one buffer.  The driver under test gets its request one of
 * three ways, drawn per case:
 *   iov     one sendmsg() of 1..8 iovecs cut at random byte positions;
 *   pieces  2..4 sendmsg() calls with MSG_MORE, cut anywhere (even inside
 *           the AAD or the tag);
 *   splice  vmsplice() of the iovecs into a pipe and splice() into the
 *           socket, so the kernel's source pages are the user's pages at
 *           odd offsets;
 * and its result is read with one recvmsg() into 1..8 iovecs of a buffer
 * at an odd offset (AF_ALG runs the AEAD in place on those user pages).
 *
 * Negative checks, all against the API's error codes and the same for
 * both sides of the pair:
 *   - a tag with one bit flipped, at every byte position of the tag, and
 *     one flipped bit in the AAD or the text: read() fails with EBADMSG;
 *   - every invalid authsize from 0 to 17: ALG_SET_AEAD_AUTHSIZE fails
 *     with EINVAL;
 *   - rfc4106 and rfc4309 assoclen other than 16 and 20 (0, 8, 12, 15, 17,
 *     24): EINVAL;
 *   - key lengths that are not an AES key (+ salt): ALG_SET_KEY fails
 *     with EINVAL;
 *   - a decryption request shorter than AAD + tag: EINVAL.
 *
 * The generator is seeded (splitmix64), so a run is reproducible; an alarm
 * turns a hung case into a FAIL line.  Output: "ok NAME ..." or
 * "FAIL NAME: ..." lines; exit status 1 if anything failed.
 *
 * Usage: afalg-aead [-s SEED] [-n CASES] [-l MAXLEN] [-b BIGPCT] [-v]
 *   -n  random cases per pair (default 2000)
 *   -l  longest text (default 3 pages)
 *   -b  percentage of cases with a long text (> 4 KiB) and, for gcm, a long
 *       AAD (> 80 bytes) (default 4)
 *   -p  run only the pairs whose driver name contains this string
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
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

#define PAGE_SZ		4096
#define TEXT_MAX	(3 * PAGE_SZ)		/* longest text */
#define AAD_MAX		1024			/* longest gcm AAD */
#define AAD_CCM		0xff01	/* ccm's edge cases: AAD lengths coded in 6 bytes */
#define REQ_MAX		(AAD_CCM + TEXT_MAX + 16)
#define BUF_SZ		(REQ_MAX + 2 * PAGE_SZ)	/* room for an odd start */
#define NIOV		8
#define SEED0		0x9cf3a2e1d4b5c607ULL
#define TIMEOUT_S	20

enum aead_kind { K_GCM, K_RFC4106, K_CP, K_CPESP, K_CCM, K_RFC4309 };

struct aead_pair {
	const char *name;	/* driver under test */
	const char *refs[3];	/* reference instances: the first that binds */
	enum aead_kind kind;
};

static const struct aead_pair pairs[] = {
	{ "gcm-aes-ctneon", { "gcm_base(ctr(aes-generic),ghash-generic)" }, K_GCM },
	{ "rfc4106-gcm-aes-ctneon",
	  { "rfc4106(gcm_base(ctr(aes-generic),ghash-generic))" }, K_RFC4106 },
	/*
	 * #23: 7.3 has ccm-aes-lib, 7.2 only cbcmac-aes-lib (under the ccm
	 * template), 6.x the templates over aes-generic (afalg_bind() makes
	 * that aes-lib on 7.x).
	 */
	{ "ccm-aes-ctneon",
	  { "ccm-aes-lib", "ccm_base(ctr(aes-lib),cbcmac-aes-lib)",
	    "ccm_base(ctr(aes-generic),cbcmac(aes-generic))" }, K_CCM },
	{ "rfc4309-ccm-aes-ctneon",
	  { "rfc4309(ccm-aes-lib)", "rfc4309(ccm_base(ctr(aes-lib),cbcmac-aes-lib))",
	    "rfc4309(ccm_base(ctr(aes-generic),cbcmac(aes-generic)))" }, K_RFC4309 },
#ifdef __aarch64__	/* not registered on arm (glue-chacha.c) */
	{ "rfc7539-chacha20-poly1305-ctneon",
	  { "rfc7539(chacha20-generic,poly1305-generic)" }, K_CP },
	{ "rfc7539esp-chacha20-poly1305-ctneon",
	  { "rfc7539esp(chacha20-generic,poly1305-generic)" }, K_CPESP },
#endif
};

/* ESP forms: 8-byte IV, salt at the end of the key, IV copy ending the AAD */
static int is_esp(const struct aead_pair *p)
{
	return p->kind == K_RFC4106 || p->kind == K_CPESP || p->kind == K_RFC4309;
}

/* rfc4106 and rfc4309: assoclen 16 or 20 only */
static int is_rfc(const struct aead_pair *p)
{
	return p->kind == K_RFC4106 || p->kind == K_RFC4309;
}

/* the salt after the key: rfc4309's nonce has 3 bytes of it */
static size_t salt_len(const struct aead_pair *p)
{
	return p->kind == K_RFC4309 ? 3 : is_esp(p) ? 4 : 0;
}

/* ccm: a 16-byte IV, iv[0] = L - 1; the ESP forms 8 bytes; else 12 */
static size_t iv_len(const struct aead_pair *p)
{
	return p->kind == K_CCM ? 16 : is_esp(p) ? 8 : 12;
}

static int is_chacha(const struct aead_pair *p)
{
	return p->kind == K_CP || p->kind == K_CPESP;
}

static int valid_authsize(const struct aead_pair *p, unsigned int a)
{
	switch (p->kind) {
	case K_GCM:
		return a == 4 || a == 8 || (a >= 12 && a <= 16);
	case K_RFC4106:
	case K_RFC4309:
		return a == 8 || a == 12 || a == 16;
	case K_CCM:
		return a >= 4 && a <= 16 && !(a & 1);
	default:
		return a == 16;
	}
}

static const unsigned int gcm_authsizes[] = { 4, 8, 12, 13, 14, 15, 16 };
static const unsigned int ccm_authsizes[] = { 4, 6, 8, 10, 12, 14, 16 };
static const unsigned int rfc_authsizes[] = { 8, 12, 16 };

static int verbose;
static int nfail;
static size_t text_max = TEXT_MAX;
static unsigned int big_pct = 4;
static const char *volatile cur_pair = "";
static volatile unsigned long cur_case;

/* ---- seeded generator: splitmix64 --------------------------------------- */

static uint64_t seed_state;

static uint64_t next64(void)
{
	uint64_t z;

	seed_state += 0x9e3779b97f4a7c15ULL;
	z = seed_state;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* in [0, n) */
static size_t below(size_t n)
{
	return n ? (size_t)(next64() % n) : 0;
}

/* in [lo, hi] */
static size_t between(size_t lo, size_t hi)
{
	return lo + below(hi - lo + 1);
}

static void fill(uint8_t *p, size_t n)
{
	size_t i;
	uint64_t v = 0;

	for (i = 0; i < n; i++) {
		if (!(i & 7))
			v = next64();
		p[i] = (uint8_t)(v >> (8 * (i & 7)));
	}
}

/* ---- report -------------------------------------------------------------- */

static void failf(const char *pair, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void failf(const char *pair, const char *fmt, ...)
{
	va_list ap;

	if (nfail < 200) {
		printf("FAIL %s: ", pair);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
		fflush(stdout);
	}
	nfail++;
}

static void alarm_handler(int sig)
{
	char line[200];
	int n;

	(void)sig;
	n = snprintf(line, sizeof(line), "FAIL %s: case %lu hung for %d s\n",
		     (const char *)cur_pair, cur_case, TIMEOUT_S);
	if (n > 0 && write(STDOUT_FILENO, line, (size_t)n) < 0)
		_exit(3);
	_exit(1);
}

/* ---- AF_ALG --------------------------------------------------------------- */

static int bind_aead(const char *name)
{
	return afalg_bind("aead", name);
}

static int set_key(int tfm, const uint8_t *key, size_t len)
{
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, (socklen_t)len))
		return -errno;
	return 0;
}

/* the authsize travels as the option length, with no option value */
static int set_authsize(int tfm, unsigned int authsize)
{
	if (setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, authsize))
		return -errno;
	return 0;
}

/* one request's parameters */
struct req {
	int enc;
	const uint8_t *iv;
	size_t ivlen;
	size_t assoclen;
};

/*
 * sendmsg() with the operation, IV and assoclen in control messages and
 * the given iovecs as data.  Returns the bytes taken or -errno.
 */
static ssize_t send_first(int op, const struct req *r, struct iovec *iov,
			  int niov, int flags)
{
	union {
		char b[CMSG_SPACE(4) + CMSG_SPACE(sizeof(struct af_alg_iv) + 16) +
		       CMSG_SPACE(4)];
		struct cmsghdr align;
	} ctl;
	struct msghdr mh;
	struct cmsghdr *c;
	struct af_alg_iv *aiv;
	uint32_t v;
	ssize_t n;

	memset(&ctl, 0, sizeof(ctl));
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = iov;
	mh.msg_iovlen = (size_t)niov;
	mh.msg_control = ctl.b;
	mh.msg_controllen = CMSG_SPACE(4) + CMSG_SPACE(sizeof(*aiv) + r->ivlen) +
			    CMSG_SPACE(4);

	c = CMSG_FIRSTHDR(&mh);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(4);
	v = r->enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	memcpy(CMSG_DATA(c), &v, 4);

	c = CMSG_NXTHDR(&mh, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_IV;
	c->cmsg_len = CMSG_LEN(sizeof(*aiv) + r->ivlen);
	aiv = (struct af_alg_iv *)(void *)CMSG_DATA(c);
	aiv->ivlen = (uint32_t)r->ivlen;
	memcpy(aiv->iv, r->iv, r->ivlen);

	c = CMSG_NXTHDR(&mh, c);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
	c->cmsg_len = CMSG_LEN(4);
	v = (uint32_t)r->assoclen;
	memcpy(CMSG_DATA(c), &v, 4);

	n = sendmsg(op, &mh, flags);
	return n < 0 ? -errno : n;
}

static ssize_t send_data(int op, struct iovec *iov, int niov, int flags)
{
	struct msghdr mh;
	ssize_t n;

	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = iov;
	mh.msg_iovlen = (size_t)niov;
	n = sendmsg(op, &mh, flags);
	return n < 0 ? -errno : n;
}

/*
 * Read the result: exactly outlen bytes (a 1-byte buffer when the result
 * is empty, which makes the socket run the request and return 0).
 */
static int read_result(int op, struct iovec *iov, int niov, size_t outlen)
{
	static uint8_t dummy;
	struct iovec one = { &dummy, 1 };
	struct msghdr mh;
	ssize_t n;

	memset(&mh, 0, sizeof(mh));
	if (outlen) {
		mh.msg_iov = iov;
		mh.msg_iovlen = (size_t)niov;
	} else {
		mh.msg_iov = &one;
		mh.msg_iovlen = 1;
	}
	n = recvmsg(op, &mh, 0);
	if (n < 0)
		return -errno;
	if ((size_t)n != outlen)
		return -EMSGSIZE;
	return 0;
}

/* Split [p, p + len) into 1..NIOV pieces of random sizes. */
static int split(uint8_t *p, size_t len, struct iovec *iov)
{
	int n = (int)between(1, NIOV), i;

	if (!len) {
		iov[0].iov_base = p;
		iov[0].iov_len = 0;
		return 1;
	}
	if ((size_t)n > len)
		n = (int)len;
	for (i = 0; i < n - 1; i++) {
		size_t room = len - (size_t)(n - 1 - i);	/* leave 1 each */
		size_t k = below(3) ? between(1, room < 40 ? room : 40)
				    : between(1, room);

		iov[i].iov_base = p;
		iov[i].iov_len = k;
		p += k;
		len -= k;
	}
	iov[i].iov_base = p;
	iov[i].iov_len = len;
	return n;
}

static int pipefd[2] = { -1, -1 };

/* vmsplice the iovecs into the pipe and splice them on into the socket */
static int splice_all(int op, const struct iovec *iov, int niov, size_t len)
{
	struct iovec v[NIOV];
	int first = 0, err;
	size_t in = 0, out = 0;

	if (pipefd[0] < 0) {
		if (pipe2(pipefd, O_CLOEXEC))
			return -errno;
		fcntl(pipefd[1], F_SETPIPE_SZ, 64 * PAGE_SZ);
	}
	memcpy(v, iov, sizeof(v[0]) * (size_t)niov);
	while (out < len) {
		ssize_t n;

		while (first < niov && !v[first].iov_len)
			first++;
		if (first < niov) {
			n = vmsplice(pipefd[1], v + first, (unsigned long)(niov - first),
				     SPLICE_F_NONBLOCK);
			if (n < 0 && errno != EAGAIN) {
				err = -errno;
				goto reset;
			}
			for (; n > 0 && first < niov; first++) {
				size_t k = (size_t)n < v[first].iov_len ? (size_t)n
									: v[first].iov_len;

				v[first].iov_base = (uint8_t *)v[first].iov_base + k;
				v[first].iov_len -= k;
				in += k;
				n -= (ssize_t)k;
				if (v[first].iov_len)
					break;
			}
		}
		n = splice(pipefd[0], NULL, op, NULL, in - out, SPLICE_F_MORE);
		if (n <= 0) {
			err = n ? -errno : -EPIPE;
			goto reset;
		}
		out += (size_t)n;
	}
	return 0;
reset:
	close(pipefd[0]);
	close(pipefd[1]);
	pipefd[0] = pipefd[1] = -1;
	return err;
}

enum how { H_PLAIN, H_IOV, H_PIECES, H_SPLICE, H_NR };
static const char *const how_name[H_NR] = { "plain", "iov", "pieces", "splice" };

/*
 * One request on a fresh operation socket of tfm: in[0..inlen) is the
 * request, out[] receives outlen bytes.  Returns 0 or -errno.
 */
static int run(int tfm, enum how how, const struct req *r, uint8_t *in,
	       size_t inlen, uint8_t *out, size_t outlen)
{
	struct iovec iov[NIOV], oiov[NIOV];
	int op, niov, noiov, err = 0;
	ssize_t n;

	op = accept(tfm, NULL, NULL);
	if (op < 0)
		return -errno;
	switch (how) {
	case H_PLAIN:
		iov[0].iov_base = in;
		iov[0].iov_len = inlen;
		n = send_first(op, r, iov, 1, 0);
		if (n >= 0 && (size_t)n != inlen)
			n = -EMSGSIZE;
		if (n < 0)
			err = (int)n;
		break;
	case H_IOV:
		niov = split(in, inlen, iov);
		n = send_first(op, r, iov, niov, 0);
		if (n >= 0 && (size_t)n != inlen)
			n = -EMSGSIZE;
		if (n < 0)
			err = (int)n;
		break;
	case H_PIECES: {
		size_t done = 0;
		int pieces = (int)between(2, 4), i;

		for (i = 0; i < pieces && !err; i++) {
			int last = i == pieces - 1;
			size_t k = last ? inlen - done : below(inlen - done + 1);

			niov = split(in + done, k, iov);
			n = i ? send_data(op, iov, niov, last ? 0 : MSG_MORE)
			      : send_first(op, r, iov, niov, last ? 0 : MSG_MORE);
			if (n >= 0 && (size_t)n != k)
				n = -EMSGSIZE;
			if (n < 0)
				err = (int)n;
			done += k;
		}
		break;
	}
	case H_SPLICE:
		n = send_first(op, r, NULL, 0, MSG_MORE);
		if (n < 0) {
			err = (int)n;
			break;
		}
		if (inlen) {
			niov = split(in, inlen, iov);
			err = splice_all(op, iov, niov, inlen);
			if (err)
				break;
		}
		n = send_data(op, NULL, 0, 0);	/* end of the request */
		if (n < 0)
			err = (int)n;
		break;
	default:
		err = -EINVAL;
	}
	if (!err) {
		if (how == H_PLAIN) {
			oiov[0].iov_base = out;
			oiov[0].iov_len = outlen;
			noiov = 1;
		} else {
			noiov = split(out, outlen, oiov);
		}
		err = read_result(op, oiov, noiov, outlen);
	}
	close(op);
	return err;
}

/* ---- one pair ------------------------------------------------------------ */

struct side {
	int tfm;
	const char *name;
};

/* both sides: key and authsize; returns 0 or -errno of the first failure */
static int setup(struct side *s, const uint8_t *key, size_t klen,
		 unsigned int authsize)
{
	int i, err;

	for (i = 0; i < 2; i++) {
		err = set_key(s[i].tfm, key, klen);
		if (!err)
			err = set_authsize(s[i].tfm, authsize);
		if (err)
			return err;
	}
	return 0;
}

static uint8_t *buf_in, *buf_ref, *buf_tst, *buf_ct, *buf_tmp;

/* start inside a buffer at an odd offset, somewhere in its first page */
static uint8_t *odd(uint8_t *base)
{
	return base + 1 + 2 * below(PAGE_SZ / 2 - 1);
}

static size_t first_diff(const uint8_t *a, const uint8_t *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			return i;
	return n;
}

/* Edge shapes run first: { aad (gcm) or assoclen (rfc4106), text } */
static const size_t edges[][2] = {
	{ 0, 0 }, { 0, 1 }, { 0, 15 }, { 0, 16 }, { 0, 17 }, { 1, 0 },
	{ 16, 0 }, { 17, 33 }, { 20, 64 }, { 13, 4095 }, { 0, 4096 },
	{ 80, 4097 }, { 1024, 16 }, { 1023, 3 * PAGE_SZ }, { 16, 3 * PAGE_SZ - 1 },
	{ 20, 1 }, { 16, 16 }, { 20, 255 }, { 16, 1420 }, { 20, 1500 },
	{ 100, 0 }, { 65, 129 },	/* gcm's walk: no text; a partial last block */
};

/*
 * ccm after the edges: AAD lengths around 0xff00, where the coded length
 * grows from 2 to 6 bytes (RFC 3610)
 */
static const size_t ccm_huge[][2] = { { 0xfeff, 16 }, { 0xff00, 0 }, { 0xff01, 33 } };

/*
 * The test side's path for a request with this AAD: drawn, but one iovec
 * each way for ccm's AADs near 64 KiB.  AF_ALG allocates its scatterlists
 * from the socket's option memory (net.core.optmem_max, 10 KiB on arm
 * 6.1), which a 64 KiB request cut into many iovecs can exhaust: ENOMEM
 * from the socket, seen on arm 6.1 for the pieces and splice paths (ctneon's
 * ccm allocates nothing itself).
 */
static enum how test_how(size_t assoclen)
{
	enum how how = (enum how)between(H_IOV, H_NR - 1);

	return assoclen > AAD_MAX ? H_PLAIN : how;
}

/*
 * Draw and run one case.  Returns the number of failures found.
 */
static int one_case(const struct aead_pair *p, struct side *s, unsigned long i,
		    int negative)
{
	static const size_t klens[] = { 16, 24, 32 };
	uint8_t key[36], iv[16], *aad, *pt, *ct, *out;
	size_t klen = is_chacha(p) ? 32 : klens[below(3)], ivlen = iv_len(p);
	size_t assoclen, textlen, nedge = sizeof(edges) / sizeof(edges[0]);
	size_t nhuge = p->kind == K_CCM ? sizeof(ccm_huge) / sizeof(ccm_huge[0]) : 0;
	unsigned int authsize;
	struct req r;
	enum how how = (enum how)between(H_IOV, H_NR - 1);
	int err, e2, fails = 0;
	size_t at;

	if (is_chacha(p))
		authsize = 16;
	else if (is_rfc(p))
		authsize = rfc_authsizes[below(3)];
	else if (p->kind == K_CCM)
		authsize = ccm_authsizes[below(7)];
	else
		authsize = gcm_authsizes[below(7)];
	klen += salt_len(p);
	fill(key, klen);
	fill(iv, ivlen);
	/*
	 * ccm: iv[0] = L - 1, L (1..7 here) the size of the length field; the
	 * counter bytes after the nonce stay random (the mode zeroes them).
	 * Every text here fits in L = 2 bytes.
	 */
	if (p->kind == K_CCM)
		iv[0] = (uint8_t)between(1, 7);

	if (i < nedge) {
		assoclen = edges[i][0];
		textlen = edges[i][1];
		if (is_rfc(p) && assoclen != 16 && assoclen != 20)
			assoclen = below(2) ? 16 : 20;
		if (p->kind == K_CPESP && assoclen < 8)
			assoclen = between(8, 20);
	} else if (i < nedge + nhuge) {
		assoclen = ccm_huge[i - nedge][0];
		textlen = ccm_huge[i - nedge][1];
	} else {
		int big = below(100) < big_pct;

		if (is_rfc(p))
			assoclen = below(2) ? 16 : 20;
		else if (p->kind == K_CPESP)
			assoclen = big ? between(81, AAD_MAX) : between(8, 80);
		else
			assoclen = big ? between(81, AAD_MAX) : between(0, 80);
		if (big)
			textlen = between(PAGE_SZ + 1, TEXT_MAX);
		else if (below(4) < 3)
			textlen = between(0, 256);
		else
			textlen = between(257, PAGE_SZ);
	}
	if (textlen > text_max)
		textlen = below(text_max + 1);
	if (negative) {		/* keep the forgery loops short */
		if (textlen > 300)
			textlen = below(301);
		if (!is_rfc(p) && assoclen > 80 && assoclen <= AAD_MAX)
			assoclen = p->kind == K_CPESP ? between(8, 80) : below(81);
	}

	if (assoclen > AAD_MAX)
		how = H_PLAIN;
	err = setup(s, key, klen, authsize);
	if (err) {
		failf(p->name, "case %lu: setkey(%zu)/setauthsize(%u): %s", i, klen,
		      authsize, strerror(-err));
		return 1;
	}

	/* the plaintext request: AAD || text (rfc4106: the IV copy ends the AAD) */
	aad = buf_in;
	fill(aad, assoclen);
	if (is_esp(p))
		memcpy(aad + assoclen - 8, iv, 8);
	pt = aad + assoclen;
	fill(pt, textlen);

	r.enc = 1;
	r.iv = iv;
	r.ivlen = ivlen;
	r.assoclen = assoclen;

	/* encryption: reference */
	err = run(s[1].tfm, H_PLAIN, &r, buf_in, assoclen + textlen, buf_ref,
		  assoclen + textlen + authsize);
	if (err) {
		failf(p->name, "case %lu: reference %s encryption failed: %s", i,
		      s[1].name, strerror(-err));
		return 1;
	}
	/* encryption: driver under test, input copied to an odd spot */
	{
		uint8_t *tin = odd(buf_tmp);

		memcpy(tin, buf_in, assoclen + textlen);
		out = odd(buf_tst);
		err = run(s[0].tfm, how, &r, tin, assoclen + textlen, out,
			  assoclen + textlen + authsize);
	}
	if (err) {
		failf(p->name, "case %lu (%s, key %zu, aad %zu, text %zu, tag %u): encryption: %s",
		      i, how_name[how], klen, assoclen, textlen, authsize, strerror(-err));
		return 1;
	}
	at = first_diff(out, buf_ref, assoclen + textlen + authsize);
	if (at != assoclen + textlen + authsize) {
		failf(p->name, "case %lu (%s, key %zu, aad %zu, text %zu, tag %u): encryption differs at byte %zu (%s)",
		      i, how_name[how], klen, assoclen, textlen, authsize, at,
		      at < assoclen ? "AAD" : at < assoclen + textlen ? "text" : "tag");
		return 1;
	}
	ct = buf_ct;
	memcpy(ct, buf_ref, assoclen + textlen + authsize);

	/* decryption: both, the test side by another path */
	r.enc = 0;
	how = test_how(assoclen);
	err = run(s[1].tfm, H_PLAIN, &r, ct, assoclen + textlen + authsize, buf_ref,
		  assoclen + textlen);
	if (err) {
		failf(p->name, "case %lu: reference decryption failed: %s", i, strerror(-err));
		return 1;
	}
	{
		uint8_t *tin = odd(buf_tmp);

		memcpy(tin, ct, assoclen + textlen + authsize);
		out = odd(buf_tst);
		err = run(s[0].tfm, how, &r, tin, assoclen + textlen + authsize, out,
			  assoclen + textlen);
	}
	if (err) {
		failf(p->name, "case %lu (%s, key %zu, aad %zu, text %zu, tag %u): decryption: %s",
		      i, how_name[how], klen, assoclen, textlen, authsize, strerror(-err));
		return 1;
	}
	if (memcmp(out, buf_ref, assoclen + textlen) ||
	    memcmp(out, buf_in, assoclen + textlen)) {
		failf(p->name, "case %lu (%s, key %zu, aad %zu, text %zu, tag %u): decryption differs at byte %zu",
		      i, how_name[how], klen, assoclen, textlen, authsize,
		      first_diff(out, buf_in, assoclen + textlen));
		return 1;
	}

	if (!negative)
		return 0;

	/*
	 * Forgeries: one bit flipped in each tag byte in turn, then one in
	 * the AAD (rfc4106: not in the IV copy, which is not authenticated)
	 * or the text.  Both sides must refuse with EBADMSG.
	 */
	{
		size_t auth_aad = is_esp(p) ? assoclen - 8 : assoclen;
		size_t npos = authsize + 1, k;

		for (k = 0; k < npos; k++) {
			size_t pos;
			uint8_t bit = (uint8_t)(1u << below(8));

			if (k < authsize)
				pos = assoclen + textlen + k;
			else if (auth_aad + textlen == 0)
				break;
			else {
				pos = below(auth_aad + textlen);
				if (pos >= auth_aad)
					pos += assoclen - auth_aad;
			}
			memcpy(buf_tmp, ct, assoclen + textlen + authsize);
			buf_tmp[pos] ^= bit;
			err = run(s[0].tfm, test_how(assoclen), &r, buf_tmp,
				  assoclen + textlen + authsize, buf_tst, assoclen + textlen);
			memcpy(buf_tmp, ct, assoclen + textlen + authsize);
			buf_tmp[pos] ^= bit;
			e2 = run(s[1].tfm, H_PLAIN, &r, buf_tmp, assoclen + textlen + authsize,
				 buf_ref, assoclen + textlen);
			if (err != -EBADMSG || e2 != -EBADMSG) {
				failf(p->name, "case %lu (aad %zu, text %zu, tag %u): bit %02x flipped at byte %zu (%s): test %s, reference %s, want EBADMSG",
				      i, assoclen, textlen, authsize, bit, pos,
				      k < authsize ? "tag" : "AAD/text",
				      err ? strerror(-err) : "accepted",
				      e2 ? strerror(-e2) : "accepted");
				fails++;
			}
		}
	}
	return fails;
}

/* ---- negative checks without data ---------------------------------------- */

static int expect_einval(const char *pair, const char *what, int et, int er)
{
	if (et == -EINVAL && er == -EINVAL)
		return 0;
	failf(pair, "%s: test %s, reference %s, want EINVAL", what,
	      et ? strerror(-et) : "accepted", er ? strerror(-er) : "accepted");
	return 1;
}

static int negative_params(const struct aead_pair *p, struct side *s)
{
	static const size_t bad_gcm_keys[] = { 0, 1, 8, 15, 17, 20, 23, 25, 31, 33, 40, 48, 64 };
	static const size_t bad_rfc_keys[] = { 0, 3, 4, 8, 16, 19, 21, 24, 27, 29, 32, 35, 37, 40 };
	static const size_t bad_cp_keys[] = { 0, 1, 16, 24, 31, 33, 36, 48, 64 };
	static const size_t bad_cpesp_keys[] = { 0, 4, 16, 32, 35, 37, 40, 64 };
	static const size_t bad_rfc4309_keys[] = { 0, 2, 3, 16, 18, 20, 24, 26, 28, 32, 34, 36, 40 };
	static const size_t bad_rfc_assoclens[] = { 0, 8, 12, 15, 17, 21, 24 };
	static const size_t bad_cpesp_assoclens[] = { 0, 1, 4, 7 };
	const size_t *bk, *ba = NULL;
	size_t nbk, nba = 0;
	size_t klen = is_chacha(p) ? 32 + salt_len(p) : 16 + salt_len(p);
	uint8_t key[64], iv[16];
	char what[96];
	unsigned int a;
	size_t j;
	int fails = 0, checks = 0, et, er;
	struct req r;

#define SET(v, a) do { v = a; n##v = sizeof(a) / sizeof(a[0]); } while (0)
	switch (p->kind) {
	case K_GCM:
	case K_CCM:
		SET(bk, bad_gcm_keys);
		break;
	case K_RFC4106:
		SET(bk, bad_rfc_keys);
		SET(ba, bad_rfc_assoclens);
		break;
	case K_RFC4309:
		SET(bk, bad_rfc4309_keys);
		SET(ba, bad_rfc_assoclens);
		break;
	case K_CP:
		SET(bk, bad_cp_keys);
		break;
	default:
		SET(bk, bad_cpesp_keys);
		SET(ba, bad_cpesp_assoclens);
		break;
	}
#undef SET
	fill(key, sizeof(key));
	fill(iv, sizeof(iv));
	iv[0] = 3;	/* ccm: L = 4 */

	/* key lengths */
	for (j = 0; j < nbk; j++) {
		snprintf(what, sizeof(what), "key length %zu", bk[j]);
		fails += expect_einval(p->name, what, set_key(s[0].tfm, key, bk[j]),
				       set_key(s[1].tfm, key, bk[j]));
		checks++;
	}

	/* authsizes */
	for (a = 0; a <= 17; a++) {
		int valid = valid_authsize(p, a);

		et = set_authsize(s[0].tfm, a);
		er = set_authsize(s[1].tfm, a);
		if (valid) {
			if (et || er) {
				failf(p->name, "authsize %u refused: test %s, reference %s", a,
				      et ? strerror(-et) : "ok", er ? strerror(-er) : "ok");
				fails++;
			}
		} else {
			snprintf(what, sizeof(what), "authsize %u", a);
			fails += expect_einval(p->name, what, et, er);
		}
		checks++;
	}

	if (setup(s, key, klen, 16)) {
		failf(p->name, "cannot set a valid key and authsize");
		return fails + 1;
	}
	r.iv = iv;
	r.ivlen = iv_len(p);

	/* rfc4106, rfc4309: assoclen must be 16 or 20; rfc7539esp: at least 8 */
	if (ba) {
		for (j = 0; j < nba; j++) {
			size_t al = ba[j], tl = 32;

			fill(buf_in, al + tl + 16);
			for (r.enc = 1; r.enc >= 0; r.enc--) {
				size_t inl = al + tl + (r.enc ? 0 : 16);
				size_t outl = al + tl + (r.enc ? 16 : 0);

				r.assoclen = al;
				et = run(s[0].tfm, H_IOV, &r, buf_in, inl, buf_tst, outl);
				er = run(s[1].tfm, H_PLAIN, &r, buf_in, inl, buf_ref, outl);
				snprintf(what, sizeof(what), "%s with assoclen %zu",
					 r.enc ? "encryption" : "decryption", al);
				fails += expect_einval(p->name, what, et, er);
				checks++;
			}
		}
	}

	/* decryption shorter than the tag */
	{
		size_t al = is_esp(p) ? 16 : 8, tl;

		r.enc = 0;
		r.assoclen = al;
		fill(buf_in, al + 16);
		if (is_esp(p))
			memcpy(buf_in + al - 8, iv, 8);
		for (tl = 0; tl < 16; tl += 5) {
			/* request: AAD || tl bytes, less than the 16-byte tag */
			et = run(s[0].tfm, H_IOV, &r, buf_in, al + tl, buf_tst, al + tl);
			er = run(s[1].tfm, H_PLAIN, &r, buf_in, al + tl, buf_ref, al + tl);
			snprintf(what, sizeof(what), "decryption of %zu bytes after the AAD (tag 16)", tl);
			fails += expect_einval(p->name, what, et, er);
			checks++;
		}
	}
	if (!fails)
		printf("ok %s parameters (%d checks: key lengths, authsizes%s, decryption shorter than the tag)\n",
		       p->name, checks, ba ? ", assoclen" : "");
	return fails;
}

/* ---- main ---------------------------------------------------------------- */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int run_pair(const struct aead_pair *p, unsigned long cases, uint64_t seed)
{
	struct side s[2] = { { -1, p->name }, { -1, p->refs[0] } };
	unsigned long i, nneg = 0, forged = 0;
	int fails = 0, f, k;
	double t0 = now_s();

	cur_pair = p->name;
	for (k = 0; k < 2; k++) {
		s[k].tfm = bind_aead(s[k].name);
		/* the reference: the first of the pair's list that binds */
		for (f = 1; k && s[k].tfm < 0 && f < 3 && p->refs[f]; f++) {
			s[k].tfm = bind_aead(p->refs[f]);
			if (s[k].tfm >= 0)
				s[k].name = p->refs[f];
		}
		if (s[k].tfm < 0) {
			failf(p->name, "cannot bind %s: %s", s[k].name, strerror(-s[k].tfm));
			if (k)
				close(s[0].tfm);
			return 1;
		}
	}
	seed_state = seed;
	alarm(TIMEOUT_S);
	fails += negative_params(p, s);
	for (i = 0; i < cases && fails < 20; i++) {
		/* forgeries on the first 40 cases and one in 32 after that */
		int neg = i < 40 || !below(32);

		cur_case = i;
		alarm(TIMEOUT_S);
		f = one_case(p, s, i, neg);
		fails += f;
		if (neg) {
			nneg++;
			if (!f)
				forged++;
		}
		if (verbose && !(i % 100))
			fprintf(stderr, "%s: %lu cases\n", p->name, i);
	}
	alarm(0);
	if (!fails)
		printf("ok %s vs %s (%lu cases, %lu of them with every forgery refused, seed %#llx, %.1f s)\n",
		       p->name, s[1].name, i, forged, (unsigned long long)seed, now_s() - t0);
	else
		printf("FAIL %s: %d failure(s) in %lu cases (seed %#llx)\n", p->name, fails, i,
		       (unsigned long long)seed);
	close(s[0].tfm);
	close(s[1].tfm);
	return fails;
}

int main(int argc, char **argv)
{
	unsigned long cases = 2000;
	const char *only = NULL;
	uint64_t seed = SEED0;
	size_t k;
	int opt;

	while ((opt = getopt(argc, argv, "s:n:l:b:p:v")) != -1) {
		switch (opt) {
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'n':
			cases = strtoul(optarg, NULL, 0);
			break;
		case 'l':
			text_max = strtoul(optarg, NULL, 0);
			if (text_max > TEXT_MAX)
				text_max = TEXT_MAX;
			break;
		case 'b':
			big_pct = (unsigned int)strtoul(optarg, NULL, 0);
			break;
		case 'p':
			only = optarg;
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			fprintf(stderr, "usage: %s [-s SEED] [-n CASES] [-l MAXLEN] [-b BIGPCT] [-p NAME] [-v]\n",
				argv[0]);
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGALRM, alarm_handler);
	signal(SIGPIPE, SIG_IGN);
	buf_in = aligned_alloc(PAGE_SZ, BUF_SZ);
	buf_ref = aligned_alloc(PAGE_SZ, BUF_SZ);
	buf_tst = aligned_alloc(PAGE_SZ, BUF_SZ);
	buf_ct = aligned_alloc(PAGE_SZ, BUF_SZ);
	buf_tmp = aligned_alloc(PAGE_SZ, BUF_SZ);
	if (!buf_in || !buf_ref || !buf_tst || !buf_ct || !buf_tmp) {
		printf("FAIL afalg-aead: out of memory\n");
		return 1;
	}
	for (k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++)
		if (!only || strstr(pairs[k].name, only))
			run_pair(&pairs[k], cases, seed + k * 0x10001ULL);
	return nfail ? 1 : 0;
}
