// SPDX-License-Identifier: GPL-2.0-only
/*
 * afalg-tool - small AF_ALG helpers for the guest scripts
 *
 *   afalg-tool pick TYPE NAME
 *	Bind an AF_ALG socket of TYPE ("skcipher", "hash", ...) to NAME and
 *	print the cra_driver_name of the algorithm the kernel gave it.
 *	AF_ALG does not say which driver it resolved, so /proc/crypto is
 *	read before and while the socket is bound: the bound algorithm is
 *	the one whose refcnt went up, or the one that appeared (a template
 *	instance made for this request, e.g. "pcbc(aes-ctneon)").  Nothing
 *	else may allocate transforms meanwhile (the guest runs nothing else).
 *
 *   afalg-tool crypt NAME enc|dec KEYHEX IVHEX DATAHEX
 *	One skcipher request through AF_ALG; prints the result in hex on
 *	one line.  IVHEX may be "-" for modes without an IV.
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
#include "tests/vm/afalg-util.h"

#define MAXALGS	1024

struct alg {
	char name[128];
	char driver[128];
	long refcnt;
};


/* Read every /proc/crypto entry: name, driver and refcnt. */
static int read_algs(struct alg *a, int max)
{
	char line[256], key[64], val[128];
	FILE *f = fopen("/proc/crypto", "r");
	int n = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%63s : %127s", key, val) != 2)
			continue;
		if (!strcmp(key, "name")) {
			if (n + 1 >= max)
				break;
			n++;
			memset(&a[n], 0, sizeof(a[n]));
			snprintf(a[n].name, sizeof(a[n].name), "%s", val);
		} else if (n >= 0 && !strcmp(key, "driver")) {
			snprintf(a[n].driver, sizeof(a[n].driver), "%s", val);
		} else if (n >= 0 && !strcmp(key, "refcnt")) {
			a[n].refcnt = strtol(val, NULL, 10);
		}
	}
	fclose(f);
	return n + 1;
}

static const struct alg *find_driver(const struct alg *a, int n, const char *driver)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(a[i].driver, driver))
			return &a[i];
	return NULL;
}

static int cmd_pick(const char *type, const char *name)
{
	static struct alg before[MAXALGS], during[MAXALGS];
	int nb, nd, i, fd, found = 0;

	nb = read_algs(before, MAXALGS);
	fd = afalg_bind(type, name);
	if (fd < 0) {
		fprintf(stderr, "afalg-tool: bind %s %s: %s\n", type, name, strerror(-fd));
		return 1;
	}
	nd = read_algs(during, MAXALGS);
	if (nb < 0 || nd < 0) {
		perror("afalg-tool: /proc/crypto");
		return 1;
	}
	/*
	 * The bound algorithm holds one more reference while the socket is
	 * open.  Prefer an entry whose cra_name is NAME; a new instance shows
	 * up with a reference of its own.
	 */
	for (i = 0; i < nd && !found; i++) {
		const struct alg *b = find_driver(before, nb, during[i].driver);

		if (strcmp(during[i].name, name) && strcmp(during[i].driver, name))
			continue;
		if ((!b && during[i].refcnt > 0) || (b && during[i].refcnt > b->refcnt)) {
			printf("%s\n", during[i].driver);
			found = 1;
		}
	}
	close(fd);
	if (!found) {
		fprintf(stderr, "afalg-tool: no /proc/crypto entry for %s gained a reference\n",
			name);
		return 1;
	}
	return 0;
}

static int unhex(const char *s, uint8_t *out, size_t max)
{
	size_t n = strlen(s), i;

	if (n % 2 || n / 2 > max)
		return -1;
	for (i = 0; i < n / 2; i++) {
		unsigned int v;

		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = (uint8_t)v;
	}
	return (int)(n / 2);
}

static int cmd_crypt(const char *name, const char *dir, const char *khex,
		     const char *ivhex, const char *dhex)
{
	static uint8_t key[64], iv[16], in[65536], out[65536];
	union {
		char buf[CMSG_SPACE(sizeof(uint32_t)) +
			 CMSG_SPACE(sizeof(struct af_alg_iv) + 16)];
		struct cmsghdr align;
	} u;
	struct msghdr msg;
	struct cmsghdr *c;
	struct iovec iov;
	uint32_t op = strcmp(dir, "dec") ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	int klen, ivlen = 0, len, tfm, opfd, i;
	ssize_t r, got = 0;

	klen = unhex(khex, key, sizeof(key));
	if (strcmp(ivhex, "-"))
		ivlen = unhex(ivhex, iv, sizeof(iv));
	len = unhex(dhex, in, sizeof(in));
	if (klen < 0 || ivlen < 0 || len <= 0) {
		fprintf(stderr, "afalg-tool: bad hex argument\n");
		return 2;
	}
	tfm = afalg_bind("skcipher", name);
	if (tfm < 0) {
		fprintf(stderr, "afalg-tool: bind %s: %s\n", name, strerror(-tfm));
		return 1;
	}
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key, (socklen_t)klen) < 0) {
		perror("afalg-tool: ALG_SET_KEY");
		return 1;
	}
	opfd = accept(tfm, NULL, NULL);
	if (opfd < 0) {
		perror("afalg-tool: accept");
		return 1;
	}

	memset(&u, 0, sizeof(u));
	memset(&msg, 0, sizeof(msg));
	iov.iov_base = in;
	iov.iov_len = (size_t)len;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = u.buf;
	msg.msg_controllen = CMSG_SPACE(sizeof(uint32_t));
	if (ivlen)
		msg.msg_controllen += CMSG_SPACE(sizeof(struct af_alg_iv) + (size_t)ivlen);
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_ALG;
	c->cmsg_type = ALG_SET_OP;
	c->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	memcpy(CMSG_DATA(c), &op, sizeof(op));
	if (ivlen) {
		struct af_alg_iv *aiv;

		c = CMSG_NXTHDR(&msg, c);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_IV;
		c->cmsg_len = CMSG_LEN(sizeof(*aiv) + (size_t)ivlen);
		aiv = (struct af_alg_iv *)(void *)CMSG_DATA(c);
		aiv->ivlen = (uint32_t)ivlen;
		memcpy(aiv->iv, iv, (size_t)ivlen);
	}
	if (sendmsg(opfd, &msg, 0) != len) {
		perror("afalg-tool: sendmsg");
		return 1;
	}
	/* ask for exactly the result size */
	while (got < len) {
		r = read(opfd, out + got, (size_t)(len - got));
		if (r <= 0) {
			fprintf(stderr, "afalg-tool: read: %s\n", r ? strerror(errno) : "EOF");
			return 1;
		}
		got += r;
	}
	for (i = 0; i < len; i++)
		printf("%02x", out[i]);
	printf("\n");
	close(opfd);
	close(tfm);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "pick"))
		return cmd_pick(argv[2], argv[3]);
	if (argc == 7 && !strcmp(argv[1], "crypt"))
		return cmd_crypt(argv[2], argv[3], argv[4], argv[5], argv[6]);
	fprintf(stderr,
		"usage: %s pick TYPE NAME\n"
		"       %s crypt NAME enc|dec KEYHEX IVHEX|- DATAHEX\n", argv[0], argv[0]);
	return 2;
}
