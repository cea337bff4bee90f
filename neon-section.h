/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: the NEON-section layer's interface (neon-section.c), which every
 * file that runs a NEON core uses: the glue, the AES engine and the
 * asynchronous wrappers; and, for the module entry, whether to register
 * the AES algorithms on this CPU.
 */
#ifndef CTNEON_NEON_SECTION_H
#define CTNEON_NEON_SECTION_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/version.h>

/*
 * The one place that decides NEON versus the portable constant-time code
 * (neon-section.c).  Every NEON section is
 *
 *	CTNEON_NEON_STATE(ns);
 *	...
 *	if (ctneon_neon_begin(&ns)) {
 *		... NEON cores ...
 *		ctneon_neon_end(&ns);
 *	} else {
 *		... portable code ...
 *	}
 *
 * ctneon_neon_begin() returns true with NEON enabled, or false, and the
 * caller uses the portable code.  On arm64 from 6.19 on, the kernel saves
 * the task's own FP/SIMD registers in a buffer its caller provides, which
 * must stay at one address from kernel_neon_begin() to kernel_neon_end():
 * that is struct ctneon_neon_state, declared in the frame of the function
 * that holds the whole section.  It is __uninitialized because Debian
 * builds with INIT_STACK_ALL_ZERO, which would otherwise clear its 528
 * bytes on every section; the kernel writes it before it reads it.  On
 * every other kernel it is empty.
 */
#if defined(CONFIG_ARM64) && LINUX_VERSION_CODE >= KERNEL_VERSION(6, 19, 0)
#define CTNEON_NEON_HAS_STATE 1
#include <asm/fpsimd.h>
struct ctneon_neon_state {
	struct user_fpsimd_state fpsimd;
};
#else
#define CTNEON_NEON_HAS_STATE 0
struct ctneon_neon_state {
};
#endif

#define CTNEON_NEON_STATE(name) struct ctneon_neon_state __uninitialized name

bool ctneon_neon_usable(void);
bool ctneon_neon_begin(struct ctneon_neon_state *ns);
void ctneon_neon_end(struct ctneon_neon_state *ns);

/*
 * Whether this CPU has the AES (and, for GHASH, PMULL) instructions of the
 * ARMv8 Crypto Extensions.  The kernel's own -ce drivers are faster there;
 * ctneon registers no AES algorithm on such a CPU unless force_register=1,
 * so that no name ever resolves to ctneon where a CE implementation
 * exists.
 */
bool ctneon_register_aes(void);

#endif
