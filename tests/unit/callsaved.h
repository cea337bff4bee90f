/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: does an assembly entry point preserve the registers its caller
 * owns?  For the user-space unit tests (tests/unit).
 *
 *   unsigned long ctneon_call_saved(void *fn, a0, a1, a2, a3, a4, a5, a6);
 *
 * calls fn(a0, .., a6) (pointer or int arguments, all seven passed: give
 * 0 for the ones fn does not take) with every callee-saved register of the procedure call
 * standard set to a known value, and returns a mask of the ones that
 * differ after the return (0: all preserved):
 *
 *   AArch64 (AAPCS64)  bit 0..9   x19..x28
 *                      bit 10..17 d8..d15 (the low halves of v8..v15)
 *                      bit 18     sp
 *                      bit 19     x29 (the frame pointer)
 *   ARM (AAPCS, ARM or Thumb-2)
 *                      bit 4..11  r4..r11
 *                      bit 16..23 d8..d15 (either 32-bit half)
 *                      bit 24     sp
 *
 * A callee that moves sp and does not put it back would make the wrapper's
 * own restores read the wrong slots, so sp is kept in a static word and
 * the wrapper returns through it.  Not reentrant (one static word).
 *
 * The wrapper is a top-level asm block: include this header from exactly
 * one C file of a program.
 */
#ifndef CTNEON_TESTS_CALLSAVED_H
#define CTNEON_TESTS_CALLSAVED_H

unsigned long ctneon_call_saved(void *fn, ...);

/*
 *   unsigned long ctneon_call_novec(void *fn, a0, a1, a2);
 *
 * For the entry points that must be integer-only (the Poly1305 ones, which
 * the glue calls outside kernel_neon_begin()): calls fn(a0, a1, a2) with
 * every FP/SIMD register set to a known value, and returns a mask of the
 * ones that differ after the return (0: none touched):
 *
 *   AArch64  bit n: v<n>, all 128 bits, n = 0..31
 *   ARM      bit n: d<n>, both halves, n = 0..31 (q<n> is d<2n>, d<2n+1>)
 *
 * The callee-saved ones (d8-d15) are put back before returning.  Not
 * reentrant either (it shares nothing, but keeps the frame simple).
 */
unsigned long ctneon_call_novec(void *fn, ...);

#if defined(__aarch64__)
#define CTNEON_CALLSAVED_REGS	"x19-x28, d8-d15, sp"
/*
 * Frame: x29/x30 at [sp], x19..x28 at [sp, #16..], d8..d15 at [sp, #96..].
 * xN is set to 0x5a5a << 48 | N * 0x0909, dN to 0xa5a5 << 48 | N * 0x1111
 * (the top bits too, so that a callee keeping only 32 bits is seen); sp on
 * entry to fn is kept in
 * ctneon_call_saved_sp and must equal both sp and x29 after the call.
 */
__asm__(
	".text\n"
	".p2align 2\n"
	".globl ctneon_call_saved\n"
	".type ctneon_call_saved, %function\n"
	"ctneon_call_saved:\n"
	"	stp	x29, x30, [sp, #-176]!\n"
	"	mov	x29, sp\n"
	"	stp	x19, x20, [sp, #16]\n"
	"	stp	x21, x22, [sp, #32]\n"
	"	stp	x23, x24, [sp, #48]\n"
	"	stp	x25, x26, [sp, #64]\n"
	"	stp	x27, x28, [sp, #80]\n"
	"	stp	d8, d9, [sp, #96]\n"
	"	stp	d10, d11, [sp, #112]\n"
	"	stp	d12, d13, [sp, #128]\n"
	"	stp	d14, d15, [sp, #144]\n"
	"	adrp	x9, ctneon_call_saved_sp\n"
	"	add	x9, x9, :lo12:ctneon_call_saved_sp\n"
	"	mov	x10, sp\n"
	"	str	x10, [x9]\n"
	"	mov	x16, x0\n"		/* fn; the arguments move down */
	"	mov	x0, x1\n"
	"	mov	x1, x2\n"
	"	mov	x2, x3\n"
	"	mov	x3, x4\n"
	"	mov	x4, x5\n"
	"	mov	x5, x6\n"
	"	mov	x6, x7\n"
	"	.irp	n, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28\n"
	"	movz	x\\n, #(\\n * 0x0909)\n"
	"	movk	x\\n, #0x5a5a, lsl #48\n"
	"	.endr\n"
	"	.irp	n, 8, 9, 10, 11, 12, 13, 14, 15\n"
	"	movz	x9, #(\\n * 0x1111)\n"
	"	movk	x9, #0xa5a5, lsl #48\n"
	"	fmov	d\\n, x9\n"
	"	.endr\n"
	"	blr	x16\n"
	"	mov	x0, #0\n"
	"	.irp	n, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28\n"
	"	movz	x9, #(\\n * 0x0909)\n"
	"	movk	x9, #0x5a5a, lsl #48\n"
	"	cmp	x\\n, x9\n"
	"	cset	x1, ne\n"
	"	orr	x0, x0, x1, lsl #(\\n - 19)\n"
	"	.endr\n"
	"	.irp	n, 8, 9, 10, 11, 12, 13, 14, 15\n"
	"	movz	x9, #(\\n * 0x1111)\n"
	"	movk	x9, #0xa5a5, lsl #48\n"
	"	fmov	x1, d\\n\n"
	"	cmp	x1, x9\n"
	"	cset	x1, ne\n"
	"	orr	x0, x0, x1, lsl #(\\n + 2)\n"
	"	.endr\n"
	"	adrp	x9, ctneon_call_saved_sp\n"
	"	add	x9, x9, :lo12:ctneon_call_saved_sp\n"
	"	ldr	x10, [x9]\n"
	"	mov	x11, sp\n"
	"	cmp	x10, x11\n"
	"	cset	x1, ne\n"
	"	orr	x0, x0, x1, lsl #18\n"
	"	cmp	x10, x29\n"
	"	cset	x1, ne\n"
	"	orr	x0, x0, x1, lsl #19\n"
	"	mov	sp, x10\n"
	"	ldp	x19, x20, [sp, #16]\n"
	"	ldp	x21, x22, [sp, #32]\n"
	"	ldp	x23, x24, [sp, #48]\n"
	"	ldp	x25, x26, [sp, #64]\n"
	"	ldp	x27, x28, [sp, #80]\n"
	"	ldp	d8, d9, [sp, #96]\n"
	"	ldp	d10, d11, [sp, #112]\n"
	"	ldp	d12, d13, [sp, #128]\n"
	"	ldp	d14, d15, [sp, #144]\n"
	"	ldp	x29, x30, [sp], #176\n"
	"	ret\n"
	".size ctneon_call_saved, . - ctneon_call_saved\n"
	".pushsection .bss\n"
	".p2align 3\n"
	"ctneon_call_saved_sp:\n"
	"	.zero	8\n"
	".popsection\n");

/*
 * ctneon_call_novec: vN = (0x3c3c << 48 | N * 0x0101) in the low 64 bits
 * and (0xc3c3 << 48 | N * 0x0202) in the high 64, set after the arguments
 * are in x0-x2 and fn in x16; compared with x9/x10/x11 only.
 */
__asm__(
	".text\n"
	".p2align 2\n"
	".globl ctneon_call_novec\n"
	".type ctneon_call_novec, %function\n"
	"ctneon_call_novec:\n"
	"	stp	x29, x30, [sp, #-80]!\n"
	"	mov	x29, sp\n"
	"	stp	d8, d9, [sp, #16]\n"
	"	stp	d10, d11, [sp, #32]\n"
	"	stp	d12, d13, [sp, #48]\n"
	"	stp	d14, d15, [sp, #64]\n"
	"	mov	x16, x0\n"
	"	mov	x0, x1\n"
	"	mov	x1, x2\n"
	"	mov	x2, x3\n"
	"	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n"
	"	movz	x9, #(\\n * 0x0101)\n"
	"	movk	x9, #0x3c3c, lsl #48\n"
	"	movz	x10, #(\\n * 0x0202)\n"
	"	movk	x10, #0xc3c3, lsl #48\n"
	"	fmov	d\\n, x9\n"
	"	mov	v\\n\\().d[1], x10\n"
	"	.endr\n"
	"	blr	x16\n"
	"	mov	x0, #0\n"
	"	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n"
	"	movz	x9, #(\\n * 0x0101)\n"
	"	movk	x9, #0x3c3c, lsl #48\n"
	"	movz	x10, #(\\n * 0x0202)\n"
	"	movk	x10, #0xc3c3, lsl #48\n"
	"	mov	x11, v\\n\\().d[0]\n"
	"	cmp	x11, x9\n"
	"	mov	x11, v\\n\\().d[1]\n"
	"	ccmp	x11, x10, #0, eq\n"
	"	cset	x1, ne\n"
	"	orr	x0, x0, x1, lsl #\\n\n"
	"	.endr\n"
	"	ldp	d8, d9, [sp, #16]\n"
	"	ldp	d10, d11, [sp, #32]\n"
	"	ldp	d12, d13, [sp, #48]\n"
	"	ldp	d14, d15, [sp, #64]\n"
	"	ldp	x29, x30, [sp], #80\n"
	"	ret\n"
	".size ctneon_call_novec, . - ctneon_call_novec\n");
#elif defined(__arm__)
#define CTNEON_CALLSAVED_REGS	"r4-r11, d8-d15, sp"
/*
 * Unified syntax, assembled in whichever state (ARM or Thumb) the compiler
 * is in.  On entry r0 = fn, r1-r3 = a0-a2 and a3..a6 are on the stack;
 * after the pushes (40 + 64 bytes) they are at [sp, #104..#116], and
 * a4..a6 are passed on in a 16-byte outgoing area (8-byte aligned sp).  rN is set to
 * N * 0x0f0f; dN to N * 0x1111 (low half) and N * 0x0101 (high half).
 */
__asm__(
	".syntax unified\n"
	".text\n"
	".p2align 2\n"
	".globl ctneon_call_saved\n"
	".type ctneon_call_saved, %function\n"
	"ctneon_call_saved:\n"
	"	push	{r4-r12, lr}\n"
	"	vpush	{d8-d15}\n"
	"	mov	ip, r0\n"
	"	mov	r0, r1\n"
	"	mov	r1, r2\n"
	"	mov	r2, r3\n"
	"	ldr	r3, [sp, #104]\n"
	"	ldr	r4, [sp, #108]\n"
	"	ldr	r5, [sp, #112]\n"
	"	ldr	r6, [sp, #116]\n"
	"	sub	sp, sp, #16\n"
	"	str	r4, [sp]\n"
	"	str	r5, [sp, #4]\n"
	"	str	r6, [sp, #8]\n"
	"	ldr	r4, =ctneon_call_saved_sp\n"
	"	mov	r5, sp\n"
	"	str	r5, [r4]\n"
	"	.irp	n, 8, 9, 10, 11, 12, 13, 14, 15\n"
	"	movw	r4, #(\\n * 0x1111)\n"
	"	movw	r5, #(\\n * 0x0101)\n"
	"	vmov	d\\n, r4, r5\n"
	"	.endr\n"
	"	.irp	n, 4, 5, 6, 7, 8, 9, 10, 11\n"
	"	movw	r\\n, #(\\n * 0x0f0f)\n"
	"	.endr\n"
	"	blx	ip\n"
	"	mov	r0, #0\n"
	"	.irp	n, 4, 5, 6, 7, 8, 9, 10, 11\n"
	"	movw	r3, #(\\n * 0x0f0f)\n"
	"	cmp	r\\n, r3\n"
	"	it	ne\n"
	"	orrne	r0, r0, #(1 << \\n)\n"
	"	.endr\n"
	"	.irp	n, 8, 9, 10, 11, 12, 13, 14, 15\n"
	"	vmov	r1, r2, d\\n\n"
	"	movw	r3, #(\\n * 0x1111)\n"
	"	cmp	r1, r3\n"
	"	it	ne\n"
	"	orrne	r0, r0, #(1 << (\\n + 8))\n"
	"	movw	r3, #(\\n * 0x0101)\n"
	"	cmp	r2, r3\n"
	"	it	ne\n"
	"	orrne	r0, r0, #(1 << (\\n + 8))\n"
	"	.endr\n"
	"	ldr	r1, =ctneon_call_saved_sp\n"
	"	ldr	r1, [r1]\n"
	"	mov	r2, sp\n"
	"	cmp	r1, r2\n"
	"	it	ne\n"
	"	orrne	r0, r0, #(1 << 24)\n"
	"	mov	sp, r1\n"
	"	add	sp, sp, #16\n"
	"	vpop	{d8-d15}\n"
	"	pop	{r4-r12, pc}\n"
	"	.ltorg\n"
	".size ctneon_call_saved, . - ctneon_call_saved\n"
	".pushsection .bss\n"
	".p2align 2\n"
	"ctneon_call_saved_sp:\n"
	"	.zero	4\n"
	".popsection\n");

/*
 * ctneon_call_novec: dN = (N * 0x0707 | 0x5a5a0000) low word and
 * (N * 0x0505 | 0xa5a50000) high word, compared with r1-r3 and ip only.
 */
__asm__(
	".syntax unified\n"
	".text\n"
	".p2align 2\n"
	".globl ctneon_call_novec\n"
	".type ctneon_call_novec, %function\n"
	"ctneon_call_novec:\n"
	"	push	{r4, r5, r6, lr}\n"
	"	vpush	{d8-d15}\n"
	"	mov	ip, r0\n"
	"	mov	r0, r1\n"
	"	mov	r1, r2\n"
	"	mov	r2, r3\n"
	"	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n"
	"	movw	r4, #(\\n * 0x0707)\n"
	"	movt	r4, #0x5a5a\n"
	"	movw	r5, #(\\n * 0x0505)\n"
	"	movt	r5, #0xa5a5\n"
	"	vmov	d\\n, r4, r5\n"
	"	.endr\n"
	"	blx	ip\n"
	"	mov	r0, #0\n"
	"	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n"
	"	vmov	r1, r2, d\\n\n"
	"	movw	r3, #(\\n * 0x0707)\n"
	"	movt	r3, #0x5a5a\n"
	"	movw	ip, #(\\n * 0x0505)\n"
	"	movt	ip, #0xa5a5\n"
	"	cmp	r1, r3\n"
	"	it	eq\n"
	"	cmpeq	r2, ip\n"
	"	it	ne\n"
	"	orrne	r0, r0, #(1 << \\n)\n"
	"	.endr\n"
	"	vpop	{d8-d15}\n"
	"	pop	{r4, r5, r6, pc}\n"
	".size ctneon_call_novec, . - ctneon_call_novec\n");
#else
#error "ctneon_call_saved is for arm and arm64 only"
#endif

#endif
