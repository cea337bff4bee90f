// SPDX-License-Identifier: GPL-2.0-only
/*
 * afalg-bench - the guest side of `make bench` (bench/run.sh).
 *
 *   afalg-bench [-r REPS] [-R BIGREPS] [-s SIZES] [-d LABEL:ALG:SIZE]
 *               LABEL:ALG ...
 *
 * For every LABEL:ALG (ALG is an skcipher name given to AF_ALG, usually a
 * driver name such as "xts-aes-ctneon" or an instance such as
 * "ecb(aes-arm)"), for AES-128 and AES-256, encryption and decryption and
 * every size of SIZES (default 16,64,256,1420,4096,16384), run REPS times
 * (BIGREPS times for sizes of 4096 and up) one request: sendmsg() of the
 * operation, IV and data, then read() of the result.  Only that pair of
 * system calls runs between the plugin's START and STOP markers
 * (tests/ct/ct-markers.h); the socket, bind, key and accept happen before.
 *
 * Before each window one line goes to stdout:
 *
 *   bench LABEL ALG KEYBITS enc|dec SIZE REP
 *
 * and bench/report.py pairs the n-th such line with the plugin's n-th
 * window.  ECB and CBC take whole blocks only: for them 1420 becomes 1408
 * (the line states the size actually used).  A line "skip LABEL ALG why"
 * reports an algorithm that could not be bound or keyed (no window).
 *
 * -d LABEL:ALG:SIZE (up to 8 times) finally runs one AES-128 encryption of SIZE bytes in a
 * window opened by the START_DISAS marker (bench/benchplugin.c), whose
 * instruction stream bench/mca.sh cuts for the cycle model; its line is
 * "disas LABEL ALG 128 enc SIZE 0".
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

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

/* the third marker of bench/benchplugin.c: START plus a disassembly dump */
#if defined(__aarch64__)
#define BENCH_START_DISAS()	__asm__ __volatile__(".inst 0xaa0303ff" ::: "memory")
#elif defined(__arm__) && defined(__thumb__)
#define BENCH_START_DISAS()	__asm__ __volatile__(".inst.n 0x46c9" ::: "memory")
#else
#define BENCH_START_DISAS()	__asm__ __volatile__(".inst 0xe1a09009" ::: "memory")
#endif

#define MAXSIZE	16384
#define MAXSIZES 16

static uint8_t src[MAXSIZE], dst[MAXSIZE];
static int sizes[MAXSIZES] = { 16, 64, 256, 1420, 4096, 16384 };
static int nsizes = 6;

struct op {
	int tfm, fd;
	int ivlen;
	char cbuf[CMSG_SPACE(sizeof(uint32_t)) +
		  CMSG_SPACE(sizeof(struct af_alg_iv) + 16)];
	struct msghdr msg;
	struct iovec iov;
};

static int op_open(struct op *o, const char *alg, int keybytes)
{
	struct sockaddr_alg sa;
	uint8_t key[64];
	int i;

	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->tfm = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (o->tfm < 0)
		return -errno;
	memset(&sa, 0, sizeof(sa));
	sa.salg_family = AF_ALG;
	strcpy((char *)sa.salg_type, "skcipher");
	if (strlen(alg) >= sizeof(sa.salg_name))
		return -ENAMETOOLONG;
	strcpy((char *)sa.salg_name, alg);
	if (bind(o->tfm, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		return -errno;
	/* XTS takes two keys: twice the length, distinct halves */
	if (!strncmp(alg, "xts", 3))
		keybytes *= 2;
	for (i = 0; i < keybytes; i++)
		key[i] = (uint8_t)(0x10 + 7 * i);
	if (setsockopt(o->tfm, SOL_ALG, ALG_SET_KEY, key, keybytes) < 0)
		return -errno;
	o->fd = accept4(o->tfm, NULL, 0, SOCK_CLOEXEC);
	if (o->fd < 0)
		return -errno;
	o->ivlen = strncmp(alg, "ecb", 3) ? 16 : 0;
	return 0;
}

static void op_close(struct op *o)
{
	if (o->fd >= 0)
		close(o->fd);
	if (o->tfm >= 0)
		close(o->tfm);
}

/* Build the message outside the window: operation, IV, data. */
static void op_prepare(struct op *o, int enc, int len)
{
	struct cmsghdr *c;
	struct af_alg_iv *iv;
	int i;

	memset(o->cbuf, 0, sizeof(o->cbuf));
	memset(&o->msg, 0, sizeof(o->msg));
	o->iov.iov_base = src;
	o->iov.iov_len = len;
	o->msg.msg_iov = &o->iov;
	o->msg.msg_iovlen = 1;
	o->msg.msg_control = o->cbuf;
	o->msg.msg_controllen = CMSG_SPACE(sizeof(uint32_t)) +
		(o->ivlen ? CMSG_SPACE(sizeof(*iv) + o->ivlen) : 0);
	c = CMSG_FIRSTHDR(&o->msg);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	*(uint32_t *)CMSG_DATA(c) = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	if (o->ivlen) {
		c = CMSG_NXTHDR(&o->msg, c);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_IV;
		c->cmsg_len = CMSG_LEN(sizeof(*iv) + o->ivlen);
		iv = (struct af_alg_iv *)CMSG_DATA(c);
		iv->ivlen = o->ivlen;
		for (i = 0; i < o->ivlen; i++)
			iv->iv[i] = (uint8_t)(0xf0 - 3 * i);
	}
}

/* The measured operation: one request, sendmsg + read. */
static int op_run(struct op *o, int len, int disas)
{
	ssize_t s, r;

	if (disas)
		BENCH_START_DISAS();
	else
		CT_START();
	s = sendmsg(o->fd, &o->msg, 0);
	r = read(o->fd, dst, len);
	CT_STOP();
	if (s != len || r != len)
		return -1;
	return 0;
}

static int whole_blocks(const char *alg)
{
	return !strncmp(alg, "ecb", 3) || !strncmp(alg, "cbc", 3);
}

static void bench_one(const char *label, const char *alg, int reps, int bigreps)
{
	static const int keybits[] = { 128, 256 };
	struct op o;
	int k, enc, s, rep, err;

	for (k = 0; k < 2; k++) {
		err = op_open(&o, alg, keybits[k] / 8);
		if (err) {
			printf("skip %s %s %d %s\n", label, alg, keybits[k],
			       strerror(-err));
			fflush(stdout);
			op_close(&o);
			continue;
		}
		for (enc = 1; enc >= 0; enc--) {
			for (s = 0; s < nsizes; s++) {
				int len = sizes[s];
				int n = len >= 4096 ? bigreps : reps;

				if (whole_blocks(alg))
					len &= ~15;
				op_prepare(&o, enc, len);
				for (rep = 0; rep < n; rep++) {
					printf("bench %s %s %d %s %d %d\n", label,
					       alg, keybits[k], enc ? "enc" : "dec",
					       len, rep);
					fflush(stdout);
					if (op_run(&o, len, 0)) {
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
	char *disas[8];
	int ndisas = 0;

	for (i = 0; i < MAXSIZE; i++)
		src[i] = (uint8_t)(i * 29 + 1);
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
			if (ndisas < 8)
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
		char *alg = strchr(disas[i], ':'), *sz;
		struct op o;
		int len;

		sz = alg ? strchr(alg + 1, ':') : NULL;
		if (!sz)
			continue;
		*alg++ = 0;
		*sz++ = 0;
		len = atoi(sz);
		if (len < 16 || len > MAXSIZE || op_open(&o, alg, 16)) {
			printf("skip %s %s 128 disas\n", disas[i], alg);
			continue;
		}
		op_prepare(&o, 1, len);
		printf("disas %s %s 128 enc %d 0\n", disas[i], alg, len);
		fflush(stdout);
		op_run(&o, len, 1);
		op_close(&o);
	}
	printf("bench-done\n");
	return 0;
}
