/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tests/vm/afalg-util.h: the AF_ALG plumbing every guest test program
 * shares (one copy instead of one per program).
 */
#ifndef CTNEON_AFALG_UTIL_H
#define CTNEON_AFALG_UTIL_H

#include <errno.h>
#include <stdio.h>
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
 * afalg_bind_once(TYPE, NAME): a socket bound to algorithm NAME of TYPE
 * ("skcipher", "aead", ...), or -errno.
 *
 * ETIMEDOUT is retried (up to 5 binds in all): the crypto API waits at most
 * 60 s for a new template instance to finish its self-tests and then
 * answers ETIMEDOUT although the instance is on its way; on the debug
 * kernel (testmgr's extra fuzz tests under KASAN) ecb(aes-ctneon) takes
 * longer than that.  The next bind finds the tested instance.  Every other
 * error is returned at once (the bad-input tests expect them).
 */
static inline int afalg_bind_once(const char *type, const char *name)
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

/*
 * The in-tree reference drivers the tests compare ctneon with, by their
 * 6.x names, and what 7.x calls them: 7.0 replaced aes-generic with the
 * library's aes-lib, 6.16 chacha20-generic and its kin with chacha20-lib
 * and the like, and 7.1 the ghash shash with ghash-lib (the gcm
 * template's name for the library GHASH).  poly1305-generic keeps its
 * name inside the rfc7539 template's driver names.
 */
static const char *const afalg_renames[][2] = {
	{ "aes-generic", "aes-lib" },
	{ "chacha20-generic", "chacha20-lib" },
	{ "chacha12-generic", "chacha12-lib" },
	{ "ghash-generic", "ghash-lib" },
};

/*
 * afalg_bind(TYPE, NAME): afalg_bind_once(), and when NAME names a 6.x
 * reference this kernel does not have (ENOENT, or EINVAL from a template
 * given an argument it cannot use), the same with the 7.x names.  If that
 * fails too, the first error is returned.
 */
static inline int afalg_bind(const char *type, const char *name)
{
	char alt[64], tmp[64];
	unsigned int i;
	int err, fd;
	char *p;

	err = afalg_bind_once(type, name);
	if (err >= 0 || (err != -ENOENT && err != -EINVAL) ||
	    strlen(name) >= sizeof(alt))
		return err;
	strcpy(alt, name);
	for (i = 0; i < sizeof(afalg_renames) / sizeof(afalg_renames[0]); i++) {
		const char *from = afalg_renames[i][0], *to = afalg_renames[i][1];

		while ((p = strstr(alt, from)) != NULL) {
			if (strlen(alt) - strlen(from) + strlen(to) >= sizeof(tmp))
				return err;
			snprintf(tmp, sizeof(tmp), "%.*s%s%s", (int)(p - alt), alt,
				 to, p + strlen(from));
			strcpy(alt, tmp);
		}
	}
	if (strcmp(alt, name) == 0)
		return err;
	fd = afalg_bind_once(type, alt);
	return fd >= 0 ? fd : err;
}

#endif
