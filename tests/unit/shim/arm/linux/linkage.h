/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * User-space stand-in for <linux/linkage.h>, just enough for
 * arm/vpaes-core.S to assemble outside the kernel (tests/unit), in ARM or in
 * Thumb-2 state (-Wa,-mthumb, as the kernel passes it).  A global function
 * symbol: visible, typed as code, 4-byte aligned, sized.
 *
 * No .thumb_func: it would also switch the assembler to Thumb when it was
 * not told so.  It is not needed either: gas marks a symbol typed %function
 * and defined in Thumb code as a Thumb function (bit 0 of its value set), so
 * callers interwork in both states, exactly as with the kernel's macros.
 */
#ifndef CTNEON_SHIM_ARM_LINUX_LINKAGE_H
#define CTNEON_SHIM_ARM_LINUX_LINKAGE_H

#ifdef __ASSEMBLY__
/*
 * The kernel assembles a Thumb-2 build with -Wa,-mthumb; gcc -mthumb alone
 * does not switch the assembler of a .S file to Thumb.  So that a test built
 * with -mthumb does run Thumb code, switch here when the compiler targets it.
 */
#ifdef __thumb2__
	.thumb
#endif

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
