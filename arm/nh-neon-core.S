/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: NH on NEON for 32-bit ARM (nh.h).
 *
 * Design notes
 * ------------
 * As the arm64 core: four units (64 bytes) a pass, split by word with two
 * vld4.32 (q0 holds word m0 of the four units, q1 m1, q2 m2, q3 m3), the
 * grouped key giving each NH pass's words in the same arrangement, so a
 * pass is four lane-wise additions and four vmlal.u32 (each multiplies
 * the two lanes of one d register by those of another into two 64-bit
 * lanes).  The accumulators are q4-q7; q8-q11 and q12-q15 hold the keys
 * of two passes, alternately.  A last one to three units take the
 * standard key one unit a pass: t_p = m + k[4i+4p .. +3] in one q
 * register, whose low half times its high half is (t0 t2, t1 t3): no
 * permutation needed.  d8-d15 (q4-q7) are callee-saved under the AAPCS
 * and are saved on the stack.  Loops count units, which are public.
 */
#include <linux/linkage.h>

	.syntax	unified
	.fpu	neon
	.text

/*
 * one NH pass of the four-unit loop: a = m0 + k0 in k0a:k0b, b = m1 + k1,
 * c = m2 + k2, d = m3 + k3; acc += a * c + b * d, lane by lane
 */
	.macro	nh_pass, k0a, k0b, k1a, k1b, k2a, k2b, k3a, k3b, acc
	vmlal.u32	\acc, \k0a, \k2a
	vmlal.u32	\acc, \k0b, \k2b
	vmlal.u32	\acc, \k1a, \k3a
	vmlal.u32	\acc, \k1b, \k3b
	.endm

/*
 * two NH passes of the four-unit loop (message words in q0-q3): their
 * keys into q8-q11 and q12-q15, then into the accumulators acc0, acc1
 */
	.macro	nh_two_passes, acc0, acc1
	vld1.32		{d16-d19}, [r0]!
	vld1.32		{d20-d23}, [r0]!
	vld1.32		{d24-d27}, [r0]!
	vld1.32		{d28-d31}, [r0]!
	vadd.i32	q8, q8, q0
	vadd.i32	q10, q10, q2
	vadd.i32	q9, q9, q1
	vadd.i32	q11, q11, q3
	vadd.i32	q12, q12, q0
	vadd.i32	q14, q14, q2
	vadd.i32	q13, q13, q1
	vadd.i32	q15, q15, q3
	nh_pass		d16, d17, d18, d19, d20, d21, d22, d23, \acc0
	nh_pass		d24, d25, d26, d27, d28, d29, d30, d31, \acc1
	.endm

/*
 * void ctneon_nh_neon(const struct ctneon_nh_key *key, unsigned int pos,
 *		       const u8 *msg, int bytes, u8 hash[32]);
 * r0 key (grouped key at 0, standard key at 4096), r1 pos (a multiple of
 * 64), r2 msg, r3 bytes (a multiple of 16, pos + bytes <= 1024), [sp]
 * hash (the sums are added to it).
 */
SYM_FUNC_START(ctneon_nh_neon)
	push		{r4-r6}
	ldr		r6, [sp, #12]		@ hash
	vpush		{d8-d15}
	vmov.i64	q4, #0
	vmov.i64	q5, #0
	vmov.i64	q6, #0
	vmov.i64	q7, #0
	add		r5, r0, #4096
	add		r5, r5, r1		@ the standard key at unit pos / 16
	add		r0, r0, r1, lsl #2	@ the grouped key at group pos / 64
	mov		r1, r2			@ msg
	mov		r2, r3			@ bytes
	lsrs		r4, r2, #6		@ groups of four units
	beq		2f
1:	vld4.32		{d0, d2, d4, d6}, [r1]!	@ units 0, 1
	vld4.32		{d1, d3, d5, d7}, [r1]!	@ units 2, 3
	nh_two_passes	q4, q5
	nh_two_passes	q6, q7
	add		r5, r5, #64		@ four units of the standard key
	subs		r4, r4, #1
	bne		1b
2:	ubfx		r4, r2, #4, #2		@ 0..3 units left
	cmp		r4, #0
	beq		4f
3:	vld1.8		{d0-d1}, [r1]!
	vld1.32		{d16-d19}, [r5]!	@ k[4i .. 4i+7]
	vld1.32		{d20-d23}, [r5]		@ k[4i+8 .. 4i+15]
	sub		r5, r5, #16
	vadd.i32	q8, q8, q0
	vadd.i32	q9, q9, q0
	vadd.i32	q10, q10, q0
	vadd.i32	q11, q11, q0
	vmlal.u32	q4, d16, d17
	vmlal.u32	q5, d18, d19
	vmlal.u32	q6, d20, d21
	vmlal.u32	q7, d22, d23
	subs		r4, r4, #1
	bne		3b
4:	vadd.i64	d0, d8, d9
	vadd.i64	d1, d10, d11
	vadd.i64	d2, d12, d13
	vadd.i64	d3, d14, d15
	vld1.64		{d4-d7}, [r6]		@ hash += the sums
	vadd.i64	q0, q0, q2
	vadd.i64	q1, q1, q3
	vst1.64		{d0-d3}, [r6]
	vpop		{d8-d15}
	pop		{r4-r6}
	bx		lr
SYM_FUNC_END(ctneon_nh_neon)
