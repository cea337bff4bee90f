// SPDX-License-Identifier: GPL-2.0-only
/*
 * afalg-bench - the guest side of `make bench` (bench/run.sh).
 *
 *   afalg-bench [-r REPS] [-R BIGREPS] [-s SIZES] [-d LABEL:ALG:SIZE]
 *               LABEL:ALG ...
 *
 * What: for every LABEL:ALG (ALG is a name given to AF_ALG, usually a
 * driver name such as "xts-aes-ctneon" or an instance such as
 * "ecb(aes-arm)" or "gcm_base(ctr-aes-neonbs,ghash-generic)"), for each
 * key length of the algorithm, encryption and decryption and every size of
 * SIZES (default 16,64,256,1420,4096,16384), run REPS times (BIGREPS times
 * for sizes of 4096 and up) one request: sendmsg() of the operation, IV
 * (and for an AEAD the assoclen) and data, then read() of the result.  Only
 * that pair of system calls runs between the plugin's START and STOP
 * markers (tests/ct/ct-markers.h); the socket, bind, key and accept happen
 * before.
 *
 * Why the name decides the shape: the bench compares drivers of one
 * algorithm bound by different names, and the algorithm (cra_name) fixes
 * key lengths, IV length and the request layout; spelling the shape out
 * on the command line for every driver would only invite mismatches.
 * algspec() maps the name to the shape:
 *
 *   gcm...          AEAD, AES-128 (all sizes) and AES-256 (1420 and 16384
 *                   bytes only), 12-byte IV, 16 bytes of AAD, 16-byte tag
 *   rfc4106...      AEAD, key + 4-byte salt, 8-byte IV, assoclen 16 as ESP
 *                   uses it (SPI and sequence number, then the IV copy)
 *   rfc7539esp...   AEAD, ChaCha20 key + 4-byte salt, 8-byte IV, assoclen
 *                   16 laid out as for rfc4106
 *   rfc7539...      AEAD, 32-byte key, 12-byte IV, 16 bytes of AAD
 *   *xchacha*       skcipher, 32-byte key, 32-byte IV (Adiantum too)
 *   *chacha*        skcipher, 32-byte key, 16-byte IV (counter + nonce)
 *   cmac, cbcmac    hash (the MACs of #23), AES-128 (all sizes) and AES-256
 *                   (1420 and 16384 bytes only), 16-byte digest
 *   xcbc            hash, AES-128 only (RFC 3566; 7.x's xcbc-aes-lib
 *                   takes no other key), 16-byte digest
 *   ccm...          AEAD, AES-128 (all sizes) and AES-256 (1420 and 16384
 *                   bytes only), 16-byte IV with iv[0] = 3 (L = 4: an
 *                   11-byte nonce and a 4-byte counter, as RFC 4309 has
 *                   it), 16 bytes of AAD, 16-byte tag
 *   rfc4309...      AEAD, key + 3-byte salt, 8-byte IV, assoclen 16 as
 *                   for rfc4106
 *   anything else   AES skcipher: AES-128 and AES-256 (XTS: twice the key),
 *                   16-byte IV (none for ECB); this covers cts(cbc(aes))
 *                   and xctr(aes) (whose requests the bench never makes
 *                   shorter than 16 bytes)
 *
 * The names of the MACs start with their mode: "cmac(aes-arm)",
 * "cmac-aes-ctneon", "cbcmac-aes-lib"; "ccm_base(...)" is ccm.
 *
 * A MAC request (a "hash" socket, key set before the window) is the
 * message, sent without MSG_MORE (init, update and final in one
 * sendmsg()), and the read() of the 16-byte digest; its line says "enc".
 * An AEAD request is AAD || text (|| tag when decrypting), the result
 * AAD || text (|| tag when encrypting), read with a buffer of exactly that
 * size.  A decryption needs a valid tag: the ciphertext is made by one
 * encryption outside any window first.  SIZE is always the text length.
 *
 * Before each window one line goes to stdout:
 *
 *   bench LABEL ALG KEYBITS enc|dec SIZE REP
 *
 * and bench/report.py pairs the n-th such line with the plugin's n-th
 * window.  ECB and CBC take whole blocks only: for them 1420 becomes 1408
 * (the line states the size actually used).  A line "skip LABEL ALG why"
 * reports an algorithm that could not be bound or keyed (no window): the
 * guest may not have it (an older kernel, a driver not merged yet), and
 * the bench goes on.
 *
 * -d LABEL:ALG:SIZE (up to 16 times) finally runs one encryption of SIZE
 * bytes with the first key length of ALG in a window opened by the
 * START_DISAS marker (tests/ct/ctplugin.c), whose instruction stream
 * bench/mca.py cuts for the cycle model; its line is
 * "disas LABEL ALG KEYBITS enc SIZE 0".  The same encryption runs once
 * before the window, so that one-time work per key done on the first
 * request is left out, as the repetitions of the counted windows leave
 * it out (the report keeps the one with the fewest instructions).
 *
 * Everything is deterministic: fixed key, IV and data bytes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "tests/ct/ct-markers.h"
#include "tests/vm/afalg-util.h"

#ifndef ALG_SET_AEAD_ASSOCLEN
#define ALG_SET_AEAD_ASSOCLEN 4
#endif
#ifndef ALG_SET_AEAD_AUTHSIZE
#define ALG_SET_AEAD_AUTHSIZE 5
#endif

/* the third marker of tests/ct/ctplugin.c: START plus a disassembly dump */
#if defined(__aarch64__)
#define BENCH_START_DISAS()	__asm__ __volatile__(".inst 0xaa0303ff" ::: "memory")
#elif defined(__arm__) && defined(__thumb__)
#define BENCH_START_DISAS()	__asm__ __volatile__(".inst.n 0x46c9" ::: "memory")
#else
#define BENCH_START_DISAS()	__asm__ __volatile__(".inst 0xe1a09009" ::: "memory")
#endif

#define MAXSIZE	16384
#define MAXSIZES 16
#define MAXAAD	32
#define TAGLEN	16
#define MAXIV	32
#define BUFLEN	(MAXAAD + MAXSIZE + TAGLEN)

/* src: the request (plaintext, or for decryption the ciphertext); dst: result */
static uint8_t plain[BUFLEN], src[BUFLEN], dst[BUFLEN];
static int sizes[MAXSIZES] = { 16, 64, 256, 1420, 4096, 16384 };
static int nsizes = 6;

/* The shape of an algorithm, from its name (see the header). */
struct algspec {
	int aead;
	int hash;		/* a MAC through a "hash" socket */
	int ccm;		/* the IV is CCM's: iv[0] = L - 1, counter zero */
	int nkeys;
	int keybits[2];		/* what the report calls the key */
	int keybytes[2];	/* what ALG_SET_KEY takes */
	int ivlen;
	int assoclen;		/* AEAD only */
	int esp;		/* the last 8 bytes of the AAD are the IV */
	int bigkey_some;	/* the second key at 1420 and 16384 bytes only */
	int whole_blocks;	/* ECB, CBC */
};

static void algspec(const char *alg, struct algspec *a)
{
	memset(a, 0, sizeof(*a));
	a->nkeys = 1;
	a->keybits[0] = 256;
	a->keybytes[0] = 32;
	if (!strncmp(alg, "gcm", 3) || !strncmp(alg, "rfc4106", 7) ||
	    !strncmp(alg, "ccm", 3) || !strncmp(alg, "rfc4309", 7)) {
		/* rfc4106: 4-byte salt, rfc4309: 3; ccm: a 16-byte IV */
		int ccm = !strncmp(alg, "ccm", 3) || !strncmp(alg, "rfc4309", 7);
		int salt = alg[0] == 'r' ? (ccm ? 3 : 4) : 0;

		a->aead = 1;
		a->nkeys = 2;
		a->keybits[0] = 128;
		a->keybytes[0] = 16 + salt;
		a->keybits[1] = 256;
		a->keybytes[1] = 32 + salt;
		a->ivlen = salt ? 8 : ccm ? 16 : 12;
		a->ccm = ccm && !salt;
		a->assoclen = 16;
		a->esp = !!salt;
		a->bigkey_some = 1;
	} else if (!strncmp(alg, "cmac", 4) || !strncmp(alg, "cbcmac", 6) ||
		   !strncmp(alg, "xcbc", 4)) {
		a->hash = 1;
		a->nkeys = alg[0] == 'x' ? 1 : 2;
		a->keybits[0] = 128;
		a->keybytes[0] = 16;
		a->keybits[1] = 256;
		a->keybytes[1] = 32;
		a->bigkey_some = 1;
	} else if (!strncmp(alg, "rfc7539esp", 10)) {
		a->aead = 1;
		a->keybytes[0] = 36;
		a->ivlen = 8;
		a->assoclen = 16;
		a->esp = 1;
	} else if (!strncmp(alg, "rfc7539", 7)) {
		a->aead = 1;
		a->ivlen = 12;
		a->assoclen = 16;
	} else if (strstr(alg, "xchacha")) {
		a->ivlen = 32;
	} else if (strstr(alg, "chacha")) {
		a->ivlen = 16;
	} else {
		int xts = !strncmp(alg, "xts", 3);

		a->nkeys = 2;
		a->keybits[0] = 128;
		a->keybytes[0] = xts ? 32 : 16;
		a->keybits[1] = 256;
		a->keybytes[1] = xts ? 64 : 32;
		a->ivlen = strncmp(alg, "ecb", 3) ? 16 : 0;
		a->whole_blocks = !strncmp(alg, "ecb", 3) || !strncmp(alg, "cbc", 3);
	}
}

struct op {
	int tfm, fd;
	const struct algspec *a;
	char cbuf[2 * CMSG_SPACE(sizeof(uint32_t)) +
		  CMSG_SPACE(sizeof(struct af_alg_iv) + MAXIV)];
	uint8_t iv[MAXIV];
	struct msghdr msg;
	struct iovec iov;
	int inlen, outlen;	/* the request and the result, in bytes */
};

static int op_open(struct op *o, const char *alg, const struct algspec *a, int k)
{
	uint8_t key[64];
	int i;

	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->a = a;
	o->tfm = afalg_bind(a->aead ? "aead" : a->hash ? "hash" : "skcipher", alg);
	if (o->tfm < 0)
		return o->tfm;
	/* distinct bytes everywhere, so XTS halves differ too */
	for (i = 0; i < a->keybytes[k]; i++)
		key[i] = (uint8_t)(0x10 + 7 * i);
	if (setsockopt(o->tfm, SOL_ALG, ALG_SET_KEY, key, a->keybytes[k]) < 0)
		return -errno;
	/* the tag length travels as the option length */
	if (a->aead &&
	    setsockopt(o->tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, TAGLEN) < 0)
		return -errno;
	o->fd = accept4(o->tfm, NULL, 0, SOCK_CLOEXEC);
	if (o->fd < 0)
		return -errno;
	for (i = 0; i < a->ivlen; i++)
		o->iv[i] = (uint8_t)(0xf0 - 3 * i);
	if (a->ccm) {
		/* L = 4: flags byte L - 1, 11 nonce bytes, a 4-byte counter */
		o->iv[0] = 3;
		memset(o->iv + 12, 0, 4);
	}
	return 0;
}

static void op_close(struct op *o)
{
	if (o->fd >= 0)
		close(o->fd);
	if (o->tfm >= 0)
		close(o->tfm);
}

static struct cmsghdr *op_cmsg(struct cmsghdr *c, int type, size_t len)
{
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = type;
	c->cmsg_len = CMSG_LEN(len);
	return c;
}

/*
 * Build the message outside the window: operation, IV, assoclen, data
 * (from src, which the caller has filled).
 */
static void op_prepare(struct op *o, int enc, int len)
{
	const struct algspec *a = o->a;
	struct cmsghdr *c;
	struct af_alg_iv *iv;

	o->inlen = a->assoclen + len + (a->aead && !enc ? TAGLEN : 0);
	o->outlen = a->assoclen + len + (a->aead && enc ? TAGLEN : 0);
	memset(o->cbuf, 0, sizeof(o->cbuf));
	memset(&o->msg, 0, sizeof(o->msg));
	o->iov.iov_base = src;
	o->iov.iov_len = o->inlen;
	o->msg.msg_iov = &o->iov;
	o->msg.msg_iovlen = 1;
	if (a->hash) {
		/* no control message: the data, then the digest is read */
		o->outlen = TAGLEN;
		return;
	}
	o->msg.msg_control = o->cbuf;
	o->msg.msg_controllen = CMSG_SPACE(sizeof(uint32_t)) +
		(a->ivlen ? CMSG_SPACE(sizeof(*iv) + a->ivlen) : 0) +
		(a->aead ? CMSG_SPACE(sizeof(uint32_t)) : 0);
	c = op_cmsg(CMSG_FIRSTHDR(&o->msg), ALG_SET_OP, sizeof(uint32_t));
	*(uint32_t *)CMSG_DATA(c) = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	if (a->ivlen) {
		c = op_cmsg(CMSG_NXTHDR(&o->msg, c), ALG_SET_IV,
			    sizeof(*iv) + a->ivlen);
		iv = (struct af_alg_iv *)CMSG_DATA(c);
		iv->ivlen = a->ivlen;
		memcpy(iv->iv, o->iv, a->ivlen);
	}
	if (a->aead) {
		c = op_cmsg(CMSG_NXTHDR(&o->msg, c), ALG_SET_AEAD_ASSOCLEN,
			    sizeof(uint32_t));
		*(uint32_t *)CMSG_DATA(c) = a->assoclen;
	}
}

/* The measured operation: one request, sendmsg + read. */
static int op_run(struct op *o, int marker)
{
	ssize_t s, r;

	if (marker == 2)
		BENCH_START_DISAS();
	else if (marker)
		CT_START();
	s = sendmsg(o->fd, &o->msg, 0);
	r = read(o->fd, dst, o->outlen);
	if (marker)
		CT_STOP();
	if (s != o->inlen || r != o->outlen)
		return -1;
	return 0;
}

/*
 * Put the request for (enc, len) into src: the AAD (ESP: its last 8 bytes
 * the IV), then the plaintext; for an AEAD decryption the ciphertext and
 * tag, made by one encryption here, outside any window.
 */
static int op_fill(struct op *o, int enc, int len)
{
	const struct algspec *a = o->a;

	memcpy(src, plain, a->assoclen + len);
	if (a->esp)
		memcpy(src + a->assoclen - 8, o->iv, 8);
	if (!a->aead || enc)
		return 0;
	op_prepare(o, 1, len);
	if (op_run(o, 0))
		return -1;
	memcpy(src, dst, a->assoclen + len + TAGLEN);
#ifdef BENCH_BREAK_TAG
	/* shows that a wrong request is caught: "error" lines, report fails */
	src[a->assoclen + len] ^= 1;
#endif
	return 0;
}

static void bench_one(const char *label, const char *alg, int reps, int bigreps)
{
	struct algspec a;
	struct op o;
	int k, enc, s, rep, err;

	algspec(alg, &a);
	for (k = 0; k < a.nkeys; k++) {
		err = op_open(&o, alg, &a, k);
		if (err) {
			printf("skip %s %s %d %s\n", label, alg, a.keybits[k],
			       strerror(-err));
			fflush(stdout);
			op_close(&o);
			continue;
		}
		/* a MAC has one direction, written "enc" */
		for (enc = 1; enc >= (a.hash ? 1 : 0); enc--) {
			for (s = 0; s < nsizes; s++) {
				int len = sizes[s];
				int n = len >= 4096 ? bigreps : reps;

				if (k && a.bigkey_some && len != 1420 && len != 16384)
					continue;
				if (a.whole_blocks)
					len &= ~15;
				if (op_fill(&o, enc, len)) {
					printf("error %s %s: encryption for the "
					       "decryption: %s\n", label, alg,
					       strerror(errno));
					fflush(stdout);
					continue;
				}
				op_prepare(&o, enc, len);
				for (rep = 0; rep < n; rep++) {
					printf("bench %s %s %d %s %d %d\n", label,
					       alg, a.keybits[k], enc ? "enc" : "dec",
					       len, rep);
					fflush(stdout);
					if (op_run(&o, 1)) {
						printf("error %s %s: %s\n", label,
						       alg, strerror(errno));
						fflush(stdout);
					}
				}
			}
		}
		op_close(&o);
	}
}

int main(int argc, char **argv)
{
	int reps = 3, bigreps = 2, i, opt;
	char *disas[16];
	int ndisas = 0;

	for (i = 0; i < BUFLEN; i++)
		plain[i] = (uint8_t)(i * 29 + 1);
	while ((opt = getopt(argc, argv, "r:R:s:d:")) != -1) {
		switch (opt) {
		case 'r':
			reps = atoi(optarg);
			break;
		case 'R':
			bigreps = atoi(optarg);
			break;
		case 's': {
			char *t = strtok(optarg, ",");

			nsizes = 0;
			while (t && nsizes < MAXSIZES) {
				sizes[nsizes] = atoi(t);
				if (sizes[nsizes] < 1 || sizes[nsizes] > MAXSIZE) {
					fprintf(stderr, "afalg-bench: bad size %s\n", t);
					return 2;
				}
				nsizes++;
				t = strtok(NULL, ",");
			}
			break;
		}
		case 'd':
			if (ndisas < 16)
				disas[ndisas++] = optarg;
			break;
		default:
			fprintf(stderr, "usage: afalg-bench [-r N] [-R N] [-s SIZES] "
				"[-d LABEL:ALG:SIZE] LABEL:ALG...\n");
			return 2;
		}
	}
	for (i = optind; i < argc; i++) {
		char *alg = strchr(argv[i], ':');

		if (!alg) {
			fprintf(stderr, "afalg-bench: %s: want LABEL:ALG\n", argv[i]);
			return 2;
		}
		*alg++ = 0;
		bench_one(argv[i], alg, reps, bigreps);
	}
	for (i = 0; i < ndisas; i++) {
		/* the size follows the last colon: instance names have none */
		char *alg = strchr(disas[i], ':'), *sz = strrchr(disas[i], ':');
		struct algspec a;
		struct op o;
		int len;

		if (!alg || sz == alg)
			continue;
		*alg++ = 0;
		*sz++ = 0;
		len = atoi(sz);
		algspec(alg, &a);
		if (len < 16 || len > MAXSIZE || op_open(&o, alg, &a, 0)) {
			printf("skip %s %s %d disas\n", disas[i], alg, a.keybits[0]);
			fflush(stdout);
			op_close(&o);
			continue;
		}
		if (a.whole_blocks)
			len &= ~15;
		op_fill(&o, 1, len);
		op_prepare(&o, 1, len);
		/*
		 * one request outside the window first: what a driver does once
		 * per key on its first request (ctneon's on-demand bit-sliced
		 * and GHASH keys) is not a per-request cost, and the in-tree
		 * drivers do theirs in setkey, outside the window too
		 */
		op_run(&o, 0);
		printf("disas %s %s %d enc %d 0\n", disas[i], alg, a.keybits[0], len);
		fflush(stdout);
		op_run(&o, 2);
		op_close(&o);
	}
	printf("bench-done\n");
	return 0;
}
