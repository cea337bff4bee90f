/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * User-space stand-in for <linux/linkage.h>, just enough for
 * arm64/vpaes-core.S to assemble outside the kernel (tests/unit).
 * A global function symbol: visible, typed as code, 4-byte aligned, sized.
 */
#ifndef CTNEON_SHIM_ARM64_LINUX_LINKAGE_H
#define CTNEON_SHIM_ARM64_LINUX_LINKAGE_H

#ifdef __ASSEMBLY__
#define SYM_FUNC_START(name)		\
	.globl name;			\
	.type name, %function;		\
	.p2align 2;			\
	name:

#define SYM_FUNC_END(name)		\
	.size name, . - name
#else
#define asmlinkage
#endif

#endif
