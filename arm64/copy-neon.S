/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: ctneon_neon_copy() for arm64 (copy-neon.h).
 *
 * 128 bytes a pass through v0-v7 (two four-register loads and stores),
 * then 16 bytes a pass, then single bytes.  Only caller-saved vector
 * registers are used (v8-v15 are not touched).
 */
#include <linux/linkage.h>

	.text

/*
 * void ctneon_neon_copy(u8 *dst, const u8 *src, unsigned int bytes);
 * x0 dst, x1 src, w2 bytes.  Clobbers x0-x4, v0-v7, flags.
 */
SYM_FUNC_START(ctneon_neon_copy)
	mov	w3, w2					// zero-extended count
	subs	x3, x3, #128
	b.lo	2f
1:	ld1	{v0.16b-v3.16b}, [x1], #64
	ld1	{v4.16b-v7.16b}, [x1], #64
	subs	x3, x3, #128
	st1	{v0.16b-v3.16b}, [x0], #64
	st1	{v4.16b-v7.16b}, [x0], #64
	b.hs	1b
2:	adds	x3, x3, #128 - 16			// 0..127 left, less 16
	b.lo	4f
3:	ld1	{v0.16b}, [x1], #16
	subs	x3, x3, #16
	st1	{v0.16b}, [x0], #16
	b.hs	3b
4:	adds	x3, x3, #16				// 0..15 left
	b.eq	6f
5:	ldrb	w4, [x1], #1
	subs	x3, x3, #1
	strb	w4, [x0], #1
	b.ne	5b
6:	ret
SYM_FUNC_END(ctneon_neon_copy)
