/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bench/parse-num.h: the command-line numbers of the ESP benchmark's guest
 * programs (esp-pingpong.c, dio-bench.c).
 */
#ifndef BENCH_PARSE_NUM_H
#define BENCH_PARSE_NUM_H

#include <errno.h>
#include <stdlib.h>

/* S as a whole number in [LO, HI] (decimal, 0x hex or 0 octal) into *OUT */
static inline int parse_num(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 0);
	if (errno || *end || end == s || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

#endif
