/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: NH on NEON for 32-bit ARM (nh.h).
 *
 * Design notes
 * ------------
 * One 16-byte unit at a time, with the standard key (nh.h) in a window of
 * four q registers that slides by one register a unit.  For unit i the
 * window holds k[4i .. 4i+15] as KW0..KW3 (KW_p = the four key words of
 * pass p); the unit loads k[4i+12 .. 4i+15] into the register that pass 0
 * of unit i-1 used, so each key word is read once.  Per unit and pass,
 * t = m + KW_p (four lanes, mod 2^32), and the d halves of t are
 * (t0 t1) and (t2 t3): one vmlal.u32 of the low half by the high half
 * adds (t0 t2, t1 t3), the pass's two products, into that pass's two
 * 64-bit lanes.  So a unit is two loads, four vadd and four vmlal.
 *
 * The renaming of the window is done by the assembler: a loop trip is
 * eight units (128 bytes), two turns of the window, and four units, one
 * to three units at the end take the window as it stands.  Only q0-q3 and
 * q8-q15 are used (d8-d15, callee-saved, are not touched), and no
 * general register beyond r0-r3 and ip.  Loops and branches count units,
 * which are public; the key and the message only flow through vadd and
 * vmlal.
 *
 * Registers: r0 the key pointer (the standard key, advancing), r1 the
 * message pointer, r2 the bytes left, r3 the hash; q0-q3 the sums of
 * passes 0-3; q8-q11 the key window; q12-q15 the pass values t.
 */
#include <linux/linkage.h>

	.syntax	unified
	.fpu	neon
	.text

/*
 * one unit: the message into q15, the next key words into kn (the
 * register of pass 0 of the unit before, now free), t_p = m + k_p into
 * q12-q15, sum_p += t_p.lo * t_p.hi lane by lane
 */
	.macro	nh_unit, k0, k1, k2, kn, kn_lo, kn_hi
	vld1.8		{d30-d31}, [r1]!
	vld1.32		{\kn_lo-\kn_hi}, [r0]!
	vadd.i32	q12, q15, \k0
	vadd.i32	q13, q15, \k1
	vadd.i32	q14, q15, \k2
	vadd.i32	q15, q15, \kn
	vmlal.u32	q0, d24, d25
	vmlal.u32	q1, d26, d27
	vmlal.u32	q2, d28, d29
	vmlal.u32	q3, d30, d31
	.endm

/* four units: the window turns once, back to q8-q11 in order */
	.macro	nh_four
	nh_unit		q8, q9, q10, q11, d22, d23
	nh_unit		q9, q10, q11, q8, d16, d17
	nh_unit		q10, q11, q8, q9, d18, d19
	nh_unit		q11, q8, q9, q10, d20, d21
	.endm

/*
 * void ctneon_nh_neon(const struct ctneon_nh_key *key, unsigned int pos,
 *		       const u8 *msg, int bytes, u8 hash[32]);
 * r0 key (the standard key at byte 4096), r1 pos (a multiple of 64), r2
 * msg, r3 bytes (a multiple of 16, pos + bytes <= 1024), [sp] hash (the
 * sums are added to it).
 */
SYM_FUNC_START(ctneon_nh_neon)
	add		r0, r0, #4096
	add		r0, r0, r1		@ k[pos / 4]: unit pos / 16
	mov		r1, r2			@ msg
	mov		r2, r3			@ bytes
	ldr		r3, [sp]		@ hash
	vld1.32		{d16-d19}, [r0]!	@ the window's first three
	vld1.32		{d20-d21}, [r0]!	@ registers: k[0 .. 11]
	vmov.i64	q0, #0
	vmov.i64	q1, #0
	vmov.i64	q2, #0
	vmov.i64	q3, #0
	subs		r2, r2, #128
	blt		2f
1:	nh_four					@ eight units a trip
	nh_four
	subs		r2, r2, #128
	bge		1b
2:	adds		r2, r2, #128		@ 0 .. 7 units left
	beq		5f
	cmp		r2, #64
	blt		3f
	nh_four
	subs		r2, r2, #64
	beq		5f
3:	nh_unit		q8, q9, q10, q11, d22, d23	@ 1 .. 3 units
	subs		r2, r2, #16
	beq		5f
	nh_unit		q9, q10, q11, q8, d16, d17
	subs		r2, r2, #16
	beq		5f
	nh_unit		q10, q11, q8, q9, d18, d19
5:	vadd.i64	d24, d0, d1		@ each pass's two lanes
	vadd.i64	d25, d2, d3
	vadd.i64	d26, d4, d5
	vadd.i64	d27, d6, d7
	vld1.64		{d28-d31}, [r3]		@ hash += the sums
	vadd.i64	q12, q12, q14
	vadd.i64	q13, q13, q15
	vst1.64		{d24-d27}, [r3]
	bx		lr
SYM_FUNC_END(ctneon_nh_neon)
