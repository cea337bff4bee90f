/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: the hooks of the test build (make VARIANT=hooks, KCFLAGS=
 * -DCTNEON_TEST_HOOKS; test-hooks.c), no-ops in a module that is shipped.
 * In the bottom layer: every layer above may call them, and they call
 * nothing of the module's (test-hooks.c reaches ctneon's algorithms
 * through the crypto API only).
 *
 *   ctneon_test_poison()          fills a stack object with garbage, as
 *                                 an uninitialised stack may hold;
 *   ctneon_test_fail_register()   -EEXIST for the Nth registration
 *                                 (parameter fail_register=N), 0 else;
 *                                 called before each crypto_register_*();
 *   ctneon_test_section_begin/end()  count and time every NEON section;
 *   ctneon_test_section_bytes(n)  the caller has just run a core on n
 *                                 bytes inside the current section (the
 *                                 most in one section, for the
 *                                 run_test=mac check).
 */
#ifndef CTNEON_TEST_HOOKS_H
#define CTNEON_TEST_HOOKS_H

#include <linux/types.h>

#ifdef CTNEON_TEST_HOOKS
void ctneon_test_poison(void *p, size_t len);
int ctneon_test_fail_register(void);
void ctneon_test_section_begin(void);
void ctneon_test_section_end(void);
void ctneon_test_section_bytes(unsigned int n);
#else
static inline void ctneon_test_poison(void *p, size_t len)
{
}

static inline int ctneon_test_fail_register(void)
{
	return 0;
}

static inline void ctneon_test_section_begin(void)
{
}

static inline void ctneon_test_section_end(void)
{
}

static inline void ctneon_test_section_bytes(unsigned int n)
{
}
#endif

#endif
