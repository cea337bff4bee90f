// SPDX-License-Identifier: GPL-2.0-only
/*
 * dio-bench - the dm-crypt count of the ESP benchmark's guest
 * (bench/guest-esp.sh).
 *
 *   dio-bench [-t TAG] DEVICE TOTAL BLOCK SEED REPS
 *
 * REPS times: write TOTAL bytes to DEVICE from offset 0 with O_DIRECT, in
 * pwrite()s of BLOCK bytes, between the plugin's START and STOP markers
 * (tests/ct/ct-markers.h); then read them back with O_DIRECT in pread()s of
 * BLOCK bytes in a second window, and compare with what was written
 * (outside the window).  Repetition REP writes the pattern of SEED + REP,
 * so every repetition writes other bytes than the one before.  After each
 * window one line:
 *
 *   dio TAG write|read TOTAL BLOCK REP STATUS
 *
 * (the n-th such line belongs to the plugin's n-th window of this run);
 * STATUS is "ok", "short" (a transfer failed or was short) or "differs"
 * (the data read back is not what was written).
 * An O_DIRECT write returns when the device has completed it, so the
 * window holds the whole path: the system calls, the block layer,
 * dm-crypt's kernel threads and the crypto, the virtio driver.  A short
 * transfer or a read that does not give the pattern back is an error: its
 * status, a line "error TAG ..." and exit status 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/ct/ct-markers.h"
#include "bench/parse-num.h"

/* the pattern of SEED: a 64-bit word per 8 bytes, from a xorshift */
static void pattern(unsigned char *p, long len, uint64_t seed)
{
	uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
	long i;

	for (i = 0; i + 8 <= len; i += 8) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		memcpy(p + i, &x, 8);
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: dio-bench [-t TAG] DEVICE TOTAL BLOCK SEED REPS\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *tag = "-";
	unsigned char *want, *got;
	long total, block, seed, reps, rep, off;
	int fd, opt, bad;

	while ((opt = getopt(argc, argv, "t:")) != -1) {
		if (opt != 't')
			usage();
		tag = optarg;
	}
	if (argc - optind != 5 ||
	    parse_num(argv[optind + 1], 4096, 1L << 28, &total) ||
	    parse_num(argv[optind + 2], 4096, 1L << 24, &block) ||
	    parse_num(argv[optind + 3], 0, 1L << 30, &seed) ||
	    parse_num(argv[optind + 4], 1, 100, &reps) ||
	    total % block || block % 4096)
		usage();
	if (posix_memalign((void **)&want, 4096, (size_t)total) ||
	    posix_memalign((void **)&got, 4096, (size_t)total)) {
		printf("error %s out of memory\n", tag);
		return 1;
	}
	fd = open(argv[optind], O_RDWR | O_DIRECT);
	if (fd < 0) {
		printf("error %s open %s: %s\n", tag, argv[optind], strerror(errno));
		return 1;
	}
	for (rep = 0; rep < reps; rep++) {
		pattern(want, total, (uint64_t)(seed + rep));
		/* touch every page of the read buffer outside the window */
		memset(got, 0, (size_t)total);
		bad = 0;
		CT_START();
		for (off = 0; off < total && !bad; off += block)
			bad = pwrite(fd, want + off, (size_t)block, off) != block;
		CT_STOP();
		printf("dio %s write %ld %ld %ld %s\n", tag, total, block, rep, bad ? "short" : "ok");
		if (bad) {
			printf("error %s write at %ld: %s\n", tag, off - block, strerror(errno));
			return 1;
		}
		fflush(stdout);
		CT_START();
		for (off = 0; off < total && !bad; off += block)
			bad = pread(fd, got + off, (size_t)block, off) != block;
		CT_STOP();
		if (!bad && memcmp(want, got, (size_t)total))
			bad = 2;
		printf("dio %s read %ld %ld %ld %s\n", tag, total, block, rep,
		       bad ? bad == 2 ? "differs" : "short" : "ok");
		if (bad == 2) {
			printf("error %s repetition %ld: the data read back differs\n", tag, rep);
			return 1;
		}
		if (bad) {
			printf("error %s read at %ld: %s\n", tag, off - block, strerror(errno));
			return 1;
		}
		fflush(stdout);
	}
	close(fd);
	return 0;
}
