/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tests/unit/report.h: the one "ok NAME" / "FAIL NAME: why" line per check
 * that every user-space unit test prints (scripts/check.sh counts them),
 * and the counts each test's main() ends with.
 */
#ifndef CTNEON_UNIT_REPORT_H
#define CTNEON_UNIT_REPORT_H

#include <stdio.h>

static int passed, failed;

static void report(const char *name, int bad, const char *why)
{
	if (bad) {
		printf("FAIL %s: %s\n", name, why);
		failed++;
	} else {
		printf("ok %s\n", name);
		passed++;
	}
	fflush(stdout);
}

#endif
