/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tests/vm/afalg-util.h: the AF_ALG plumbing every guest test program
 * shares (one copy instead of one per program).
 */
#ifndef CTNEON_AFALG_UTIL_H
#define CTNEON_AFALG_UTIL_H

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/if_alg.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

/*
 * afalg_bind(TYPE, NAME): a socket bound to algorithm NAME of TYPE
 * ("skcipher", "aead", ...), or -errno.
 *
 * ETIMEDOUT is retried (up to 5 binds in all): the crypto API waits at most
 * 60 s for a new template instance to finish its self-tests and then
 * answers ETIMEDOUT although the instance is on its way; on the debug
 * kernel (testmgr's extra fuzz tests under KASAN) ecb(aes-ctneon) takes
 * longer than that.  The next bind finds the tested instance.  Every other
 * error is returned at once (the bad-input tests expect them).
 */
static inline int afalg_bind(const char *type, const char *name)
{
	struct sockaddr_alg sa;
	int fd, err, tries = 0;

	memset(&sa, 0, sizeof(sa));
	if (strlen(type) >= sizeof(sa.salg_type) || strlen(name) >= sizeof(sa.salg_name))
		return -ENAMETOOLONG;
	sa.salg_family = AF_ALG;
	memcpy(sa.salg_type, type, strlen(type) + 1);
	memcpy(sa.salg_name, name, strlen(name) + 1);
	do {
		fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
		if (fd < 0)
			return -errno;
		if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0)
			return fd;
		err = -errno;
		close(fd);
	} while (err == -ETIMEDOUT && ++tries < 5);
	return err;
}

#endif
