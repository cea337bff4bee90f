/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: ctneon_neon_copy() for arm (copy-neon.h).
 *
 * 128 bytes a pass through d0-d7 and d16-d23 (four 32-byte loads and
 * stores), then 16 bytes a pass, then single bytes.  Only caller-saved
 * registers are used (d8-d15 are not touched).  ARM or Thumb-2.
 */
#include <linux/linkage.h>

	.syntax	unified
	.fpu	neon
	.text

/*
 * void ctneon_neon_copy(u8 *dst, const u8 *src, unsigned int bytes);
 * r0 dst, r1 src, r2 bytes.  Clobbers r0-r3, d0-d7, d16-d23, flags.
 */
SYM_FUNC_START(ctneon_neon_copy)
	subs	r2, r2, #128
	blo	2f
1:	vld1.8	{d0-d3}, [r1]!
	vld1.8	{d4-d7}, [r1]!
	vld1.8	{d16-d19}, [r1]!
	vld1.8	{d20-d23}, [r1]!
	subs	r2, r2, #128
	vst1.8	{d0-d3}, [r0]!
	vst1.8	{d4-d7}, [r0]!
	vst1.8	{d16-d19}, [r0]!
	vst1.8	{d20-d23}, [r0]!
	bhs	1b
2:	adds	r2, r2, #128 - 16			@ 0..127 left, less 16
	blo	4f
3:	vld1.8	{d0-d1}, [r1]!
	subs	r2, r2, #16
	vst1.8	{d0-d1}, [r0]!
	bhs	3b
4:	adds	r2, r2, #16				@ 0..15 left
	beq	6f
5:	ldrb	r3, [r1], #1
	subs	r2, r2, #1
	strb	r3, [r0], #1
	bne	5b
6:	bx	lr
SYM_FUNC_END(ctneon_neon_copy)
