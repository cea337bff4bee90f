// SPDX-License-Identifier: GPL-2.0-only
/*
 * tests/vm/dmpattern.c: write a known pattern to a block device, or read it
 * back and compare, for the dm-crypt test (tests/vm/guest/dmcrypt.sh).
 *
 *   dmpattern write  DEV SEED MIB      write MIB MiB of the pattern, fsync
 *   dmpattern verify DEV SEED MIB      read MIB MiB, compare with the pattern
 *
 * Why: to show that data written through a dm-crypt mapping served by
 * ctneon reads back right after the page cache is gone (so every sector
 * went through the cipher both ways), and reads back right through the
 * kernel's generic drivers too (the on-disk format is the standard one),
 * the content must be compared, not just read without an error.  Every
 * 512-byte sector of the pattern is different (it carries its own sector
 * number, the seed, and 62 words of a stream keyed by both), so a sector
 * decrypted with the wrong tweak/IV, a stale sector from an earlier run
 * with another seed, or sectors swapped by a wrong IV offset all count as
 * bad.
 *
 * How: 1 MiB chunks.  write uses O_DIRECT (as dd oflag=direct): each 1 MiB
 * write reaches dm-crypt as one large bio instead of trickling out of the
 * page cache through writeback, which under TCG was several times slower
 * than the cipher; it falls back to buffered writes where O_DIRECT is
 * refused.  verify uses plain buffered read() (the page cache path, after
 * the caller dropped the caches).  verify prints the number of bad sectors and the first
 * one, a 64-bit digest of what it read (equal digests across runs mean
 * equal content) and the throughput; it exits 0 when every sector matched,
 * 1 when one did not, 2 on an I/O or usage error.
 */
#define _GNU_SOURCE	/* O_DIRECT */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CHUNK	(1u << 20)
#define SECTOR	512u
#define WORDS	(SECTOR / 8)

/* splitmix64 finaliser: a cheap bijective mix, not a secret in any sense */
static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* the expected content of sector SEC for SEED */
static void fill_sector(uint64_t *w, uint64_t seed, uint64_t sec)
{
	uint64_t k = mix(seed ^ mix(sec));
	unsigned int i;

	w[0] = sec;
	w[1] = seed;
	for (i = 2; i < WORDS; i++)
		w[i] = mix(k + i);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int usage(void)
{
	fprintf(stderr, "usage: dmpattern write|verify DEV SEED MIB\n");
	return 2;
}

int main(int argc, char **argv)
{
	/* O_DIRECT wants the buffer aligned to the logical block size */
	static uint64_t want[CHUNK / 8] __attribute__((aligned(4096)));
	static uint64_t got[CHUNK / 8];
	uint64_t seed, mib, c, s, bad = 0, first_bad = 0, digest = 0xcbf29ce484222325ull;
	int writing, fd;
	double t0, dt;
	unsigned int j;
	char *end;

	if (argc != 5)
		return usage();
	if (!strcmp(argv[1], "write"))
		writing = 1;
	else if (!strcmp(argv[1], "verify"))
		writing = 0;
	else
		return usage();
	seed = strtoull(argv[3], &end, 0);
	if (*end)
		return usage();
	mib = strtoull(argv[4], &end, 0);
	if (*end || !mib)
		return usage();

	fd = open(argv[2], writing ? O_WRONLY | O_DIRECT : O_RDONLY);
	if (fd < 0 && writing && errno == EINVAL)
		fd = open(argv[2], O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "dmpattern: %s: %s\n", argv[2], strerror(errno));
		return 2;
	}
	t0 = now();
	for (c = 0; c < mib; c++) {
		for (j = 0; j < CHUNK / SECTOR; j++)
			fill_sector(want + j * WORDS, seed, c * (CHUNK / SECTOR) + j);
		if (writing) {
			if (write(fd, want, CHUNK) != (ssize_t)CHUNK) {
				fprintf(stderr, "dmpattern: write at %llu MiB: %s\n",
					(unsigned long long)c, strerror(errno));
				return 2;
			}
			continue;
		}
		if (read(fd, got, CHUNK) != (ssize_t)CHUNK) {
			fprintf(stderr, "dmpattern: read at %llu MiB: %s\n",
				(unsigned long long)c, strerror(errno));
			return 2;
		}
		for (j = 0; j < CHUNK / 8; j++)
			digest = (digest ^ got[j]) * 0x100000001b3ull;
		for (j = 0; j < CHUNK / SECTOR; j++) {
			if (memcmp(want + j * WORDS, got + j * WORDS, SECTOR)) {
				s = c * (CHUNK / SECTOR) + j;
				if (!bad++)
					first_bad = s;
			}
		}
	}
	if (writing && fsync(fd)) {
		fprintf(stderr, "dmpattern: fsync: %s\n", strerror(errno));
		return 2;
	}
	close(fd);
	dt = now() - t0;
	if (writing) {
		printf("dmpattern: wrote %llu MiB seed %llu in %.1f s (%.1f MiB/s)\n",
		       (unsigned long long)mib, (unsigned long long)seed, dt, mib / dt);
		return 0;
	}
	printf("dmpattern: read %llu MiB seed %llu in %.1f s (%.1f MiB/s), digest %016llx, ",
	       (unsigned long long)mib, (unsigned long long)seed, dt, mib / dt,
	       (unsigned long long)digest);
	if (bad)
		printf("%llu bad sectors of %llu, first %llu\n", (unsigned long long)bad,
		       (unsigned long long)(mib * (CHUNK / SECTOR)),
		       (unsigned long long)first_bad);
	else
		printf("all %llu sectors match\n", (unsigned long long)(mib * (CHUNK / SECTOR)));
	return bad ? 1 : 0;
}
