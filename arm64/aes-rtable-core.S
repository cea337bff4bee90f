/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: constant-time AES for AArch64 AdvSIMD without the Crypto
 * Extensions, with the whole S-box held in registers ("register table").
 *
 * Design notes
 * ============
 *
 * Why this core.  vpaes (vpaes-core.S) computes the S-box in a tower field
 * with five dependent 16-byte lookups and pays for the change of basis in
 * extra output tables; a round of one block costs some 30 instructions.
 * AArch64 has 32 vector registers, enough to hold the 256-byte S-box in
 * sixteen of them: tbl/tbx index up to four registers (64 bytes) at once,
 * so four lookups give SubBytes of 16 bytes directly, in the standard
 * basis, and MixColumns is a few shifts, XORs and byte permutations.  A
 * round of one block is 21 instructions here.  The gain is largest where
 * blocks are serial or few (CBC encryption, the CBC-MACs, single blocks);
 * bulk work stays bit-sliced (aes-neonbs-core.S).
 *
 * Constant time.  Every secret byte (key, state) is only an operand of
 * eor/orr/sub/shl/ushr/cmlt/and/add/pmul/rev32 and of tbl/tbx, register to
 * register.  tbl and tbx read all the table registers they name whatever
 * the index, and on the ARMv8-A cores ctneon targets (Cortex-A53, A55,
 * A72, ...) their latency and throughput depend on the number of table
 * registers only, never on the index values (the cores' optimization
 * guides give one figure per register count; no memory is touched; pmul
 * on bytes has a fixed latency too).  Each lookup of the S-box runs all four chunks, all
 * 256 bytes, for every byte: which chunk holds a byte changes only which
 * lane a tbx writes, not what executes.  Loads and stores use addresses
 * made from the buffer pointers, the round count and the lengths;
 * branches depend on rounds and lengths only.  The tables are in .text and
 * loaded whole, at fixed offsets, once per call; the stack buffer of a
 * partial CTR block is wiped.
 *
 * The round.  The state is the AES state in memory order (byte 4*c + r),
 * one block per register; the round keys are the FIPS-197 ones
 * (struct ctneon_aes_key .std), 16 bytes a round.
 *
 *   SubBytes:  x = tbl(T0, s); x = tbx(T1, s - 64); x = tbx(T2, s - 128);
 *              x = tbx(T3, s - 192), Tc = bytes 64c..64c+63 of the table
 *              (a lane whose index is 64 or more is left alone by tbx and
 *              zeroed by tbl).  A block alone splits this into two chains
 *              of two, ORed: the index XORs (s ^ 0x40, 0x80, 0xc0) are
 *              independent and the dependent chain is two lookups, not four.
 *   Encryption: ShiftRows after SubBytes (it commutes with it) and folded
 *              into MixColumns' permutations: a = SR(x), r = rot1(SR(x))
 *              (one permutation of x each, side by side), u = a ^ r,
 *              out = 2u ^ rot2(u) ^ r ^ k (row i: 2a_i ^ 3a_i+1 ^ a_i+2 ^
 *              a_i+3); 2u is xtime (shift, and the sign mask with 0x1b),
 *              rot2 a rev32 of halfwords.  The last round: SR(x) ^ k.
 *   Decryption: the direct inverse cipher over the same round keys, read
 *              backwards: y = InvSubBytes(InvSR(s)) ^ k; InvMixColumns as
 *              the circulant (05, 00, 04, 00) followed by MixColumns:
 *              v = y ^ 4y ^ rot2(4y) (4y: shl #2 and the top two bits
 *              reduced with pmul by 0x1b), then MixColumns of v with rot1
 *              as a permutation.
 *   scripts/gen-vpaes-tables.py holds a byte-exact model of both
 *   (model_rt_encrypt, model_rt_decrypt), checked against the reference,
 *   and writes the tables (vpaes-tables.h, rtable_consts_data).
 *
 * Register allocation:
 *   v16-v31    the S-box (encryption) or the inverse S-box (decryption)
 *   v4         0x40 in every byte (the index step)
 *   v5, v6     encryption: ShiftRows, rot1 after ShiftRows;
 *              decryption: InvShiftRows, rot1
 *   v7         0x1b in every byte (the reduction of xtime)
 *   one block (rt_cipher enc|dec, 1):
 *     v0 the state, v3 the round key (encrypting, v3 and v15 take them
 *     two at a time), v1, v2, v10, v11 temporaries, v8 0x80 and v9 0xc0
 *     (the other index steps)
 *   two blocks (rt_cipher enc, 2): v0, v1 the states, v3 and v15 the
 *     round keys, v2, v10-v14 temporaries
 *   four blocks (rt_cipher enc|dec, 4):
 *     v0-v3 the states, v12 the round key, v8-v11, v13, v14
 *     temporaries
 *   x10 the round-key pointer, x11 its step (decryption: -16)
 * v8-v15 are callee-saved (low 64 bits) under AAPCS64: the entry points
 * save d8-d11 and d15 and, on the paths of two and four blocks, d12-d14.
 *
 * Cost (static, AES-128 = 9 middle rounds and a last; the round key's load
 * not counted): one block, 21 instructions a middle round for encryption
 * and 28 for decryption; four blocks, 18 and 25 per block.  Measured
 * numbers: Documentation/performance.rst.
 */

#include <linux/linkage.h>
#include "../vpaes-tables.h"

	.text

	out		.req	x0
	in		.req	x1
	rk		.req	x2
	rounds		.req	w3
	blocks		.req	w4
	bytes		.req	w4
	ivp		.req	x5
	rkp		.req	x10
	rkstep		.req	x11

	.p2align 4
.Lrt_consts:
	rtable_consts_data

/* ------------------------------------------------------ set-up, frames */

/* the table and the constants of a direction (enc or dec); clobbers x9 */
	.macro	rt_load dir
	adr	x9, .Lrt_consts
	.ifc	\dir, dec
	add	x9, x9, #RTABLE_INV_SBOX
	.endif
	ld1	{v16.16b-v19.16b}, [x9], #64
	ld1	{v20.16b-v23.16b}, [x9], #64
	ld1	{v24.16b-v27.16b}, [x9], #64
	ld1	{v28.16b-v31.16b}, [x9], #64
	.ifc	\dir, enc
	add	x9, x9, #RTABLE_SHIFTROWS - 256
	.else
	add	x9, x9, #RTABLE_INVSHIFTROWS - 512
	.endif
	ld1	{v5.16b, v6.16b}, [x9]
	movi	v4.16b, #0x40
	movi	v7.16b, #0x1b
	movi	v8.16b, #0x80
	movi	v9.16b, #0xc0
	.endm

	.macro	rt_enter
	stp	d8, d9, [sp, #-48]!
	stp	d10, d11, [sp, #16]
	str	d15, [sp, #32]
	.endm

	.macro	rt_leave
	ldr	d15, [sp, #32]
	ldp	d10, d11, [sp, #16]
	ldp	d8, d9, [sp], #48
	ret
	.endm

/* ------------------------------------------------------ the round steps */

/*
 * SubBytes of one block alone: four independent lookups (tbl, which
 * zeroes the lanes out of its chunk), so that the dependent chain is one
 * lookup, not four (a tbl-tbx chain for chunks 0 and 1, one instruction
 * fewer, costs 2 % more Cortex-A72 cycles in CBC encryption: the A72 runs
 * a four-register tbl at one per 4.5 cycles with a latency of 15).  The
 * results are ORed in the order they arrive on the A72, each orr waiting
 * for the next lookup, not as a tree (4 % fewer A72 cycles, 6 % more A53
 * cycles, in CBC encryption).
 * s is replaced by the result; t1-t3 are clobbered (v4, v8, v9 the index
 * steps 0x40, 0x80, 0xc0).
 */
	.macro	rt_sub1 s, t1, t2, t3
	eor	\t1\().16b, \s\().16b, v4.16b
	eor	\t2\().16b, \s\().16b, v8.16b
	eor	\t3\().16b, \s\().16b, v9.16b
	tbl	\s\().16b, {v16.16b-v19.16b}, \s\().16b
	tbl	\t1\().16b, {v20.16b-v23.16b}, \t1\().16b
	tbl	\t2\().16b, {v24.16b-v27.16b}, \t2\().16b
	tbl	\t3\().16b, {v28.16b-v31.16b}, \t3\().16b
	orr	\s\().16b, \s\().16b, \t1\().16b
	orr	\s\().16b, \s\().16b, \t2\().16b
	orr	\s\().16b, \s\().16b, \t3\().16b
	.endm

/* rt_sub1 of two blocks side by side: s, t1-t3 and u, w1-w3 */
	.macro	rt_sub2 s, t1, t2, t3, u, w1, w2, w3
	eor	\t1\().16b, \s\().16b, v4.16b
	eor	\w1\().16b, \u\().16b, v4.16b
	eor	\t2\().16b, \s\().16b, v8.16b
	eor	\w2\().16b, \u\().16b, v8.16b
	eor	\t3\().16b, \s\().16b, v9.16b
	eor	\w3\().16b, \u\().16b, v9.16b
	tbl	\s\().16b, {v16.16b-v19.16b}, \s\().16b
	tbl	\u\().16b, {v16.16b-v19.16b}, \u\().16b
	tbl	\t2\().16b, {v24.16b-v27.16b}, \t2\().16b
	tbl	\w2\().16b, {v24.16b-v27.16b}, \w2\().16b
	tbl	\t3\().16b, {v28.16b-v31.16b}, \t3\().16b
	tbl	\w3\().16b, {v28.16b-v31.16b}, \w3\().16b
	tbx	\s\().16b, {v20.16b-v23.16b}, \t1\().16b
	tbx	\u\().16b, {v20.16b-v23.16b}, \w1\().16b
	orr	\t2\().16b, \t2\().16b, \t3\().16b
	orr	\w2\().16b, \w2\().16b, \w3\().16b
	orr	\s\().16b, \s\().16b, \t2\().16b
	orr	\u\().16b, \u\().16b, \w2\().16b
	.endm

/*
 * The end of MixColumns: with u in a and the rest of the sum in r,
 * x = 2u ^ rot2(u) ^ r; a and m are clobbered.  rt_mix_tail2 does two
 * blocks side by side.
 */
	.macro	rt_mix_tail x, a, r, m
	cmlt	\m\().16b, \a\().16b, #0
	add	\x\().16b, \a\().16b, \a\().16b
	and	\m\().16b, \m\().16b, v7.16b
	rev32	\a\().8h, \a\().8h			// rot2(u)
	eor	\x\().16b, \x\().16b, \m\().16b		// 2u
	eor	\a\().16b, \a\().16b, \r\().16b
	eor	\x\().16b, \x\().16b, \a\().16b
	.endm

	.macro	rt_mix_tail2 x, a, r, m, y, b, q, n
	cmlt	\m\().16b, \a\().16b, #0
	cmlt	\n\().16b, \b\().16b, #0
	add	\x\().16b, \a\().16b, \a\().16b
	add	\y\().16b, \b\().16b, \b\().16b
	and	\m\().16b, \m\().16b, v7.16b
	and	\n\().16b, \n\().16b, v7.16b
	rev32	\a\().8h, \a\().8h
	rev32	\b\().8h, \b\().8h
	eor	\x\().16b, \x\().16b, \m\().16b
	eor	\y\().16b, \y\().16b, \n\().16b
	eor	\a\().16b, \a\().16b, \r\().16b
	eor	\b\().16b, \b\().16b, \q\().16b
	eor	\x\().16b, \x\().16b, \a\().16b
	eor	\y\().16b, \y\().16b, \b\().16b
	.endm

/*
 * MixColumns after SubBytes, ShiftRows folded in, and the round key k:
 * x becomes SR-MixColumns(x) ^ k; a, r, m are clobbered.
 */
	.macro	rt_mix_enc x, a, r, m, k
	tbl	\a\().16b, {\x\().16b}, v5.16b		// a = SR(x)
	tbl	\r\().16b, {\x\().16b}, v6.16b		// r = rot1(a)
	eor	\a\().16b, \a\().16b, \r\().16b		// u = a ^ r
	eor	\r\().16b, \r\().16b, \k\().16b
	rt_mix_tail \x, \a, \r, \m
	.endm

/*
 * InvMixColumns of y: the circulant (05, 00, 04, 00), then MixColumns
 * with rot1 as the permutation v6; a, r, m are clobbered.
 */
	.macro	rt_mix_dec y, a, r, m
	ushr	\a\().16b, \y\().16b, #6
	shl	\r\().16b, \y\().16b, #2
	pmul	\a\().16b, \a\().16b, v7.16b
	eor	\r\().16b, \r\().16b, \a\().16b		// 4y
	eor	\y\().16b, \y\().16b, \r\().16b
	rev32	\r\().8h, \r\().8h
	eor	\y\().16b, \y\().16b, \r\().16b		// v = 5y ^ rot2(4y)
	tbl	\r\().16b, {\y\().16b}, v6.16b		// rot1(v)
	eor	\a\().16b, \y\().16b, \r\().16b		// u
	rt_mix_tail \y, \a, \r, \m
	.endm

/*
 * Two blocks' MixColumns side by side (the four-block rounds): the
 * instructions of rt_mix_enc / rt_mix_dec, alternating between the blocks
 * so that an in-order core has independent work in every slot.
 */
	.macro	rt_mix_enc2 x, a, r, m, y, b, q, n, k
	tbl	\a\().16b, {\x\().16b}, v5.16b
	tbl	\b\().16b, {\y\().16b}, v5.16b
	tbl	\r\().16b, {\x\().16b}, v6.16b
	tbl	\q\().16b, {\y\().16b}, v6.16b
	eor	\a\().16b, \a\().16b, \r\().16b
	eor	\b\().16b, \b\().16b, \q\().16b
	eor	\r\().16b, \r\().16b, \k\().16b
	eor	\q\().16b, \q\().16b, \k\().16b
	rt_mix_tail2 \x, \a, \r, \m, \y, \b, \q, \n
	.endm

	.macro	rt_mix_dec2 x, a, r, m, y, b, q, n
	ushr	\a\().16b, \x\().16b, #6
	ushr	\b\().16b, \y\().16b, #6
	shl	\r\().16b, \x\().16b, #2
	shl	\q\().16b, \y\().16b, #2
	pmul	\a\().16b, \a\().16b, v7.16b
	pmul	\b\().16b, \b\().16b, v7.16b
	eor	\r\().16b, \r\().16b, \a\().16b
	eor	\q\().16b, \q\().16b, \b\().16b
	eor	\x\().16b, \x\().16b, \r\().16b
	eor	\y\().16b, \y\().16b, \q\().16b
	rev32	\r\().8h, \r\().8h
	rev32	\q\().8h, \q\().8h
	eor	\x\().16b, \x\().16b, \r\().16b
	eor	\y\().16b, \y\().16b, \q\().16b
	tbl	\r\().16b, {\x\().16b}, v6.16b
	tbl	\q\().16b, {\y\().16b}, v6.16b
	eor	\a\().16b, \x\().16b, \r\().16b
	eor	\b\().16b, \y\().16b, \q\().16b
	rt_mix_tail2 \x, \a, \r, \m, \y, \b, \q, \n
	.endm

/* SubBytes of four blocks, one chain of four lookups each (v4 the step) */
	.macro	rt_sub4
	sub	v8.16b, v0.16b, v4.16b
	sub	v9.16b, v1.16b, v4.16b
	sub	v10.16b, v2.16b, v4.16b
	sub	v11.16b, v3.16b, v4.16b
	tbl	v0.16b, {v16.16b-v19.16b}, v0.16b
	tbl	v1.16b, {v16.16b-v19.16b}, v1.16b
	tbl	v2.16b, {v16.16b-v19.16b}, v2.16b
	tbl	v3.16b, {v16.16b-v19.16b}, v3.16b
	tbx	v0.16b, {v20.16b-v23.16b}, v8.16b
	sub	v8.16b, v8.16b, v4.16b
	tbx	v1.16b, {v20.16b-v23.16b}, v9.16b
	sub	v9.16b, v9.16b, v4.16b
	tbx	v2.16b, {v20.16b-v23.16b}, v10.16b
	sub	v10.16b, v10.16b, v4.16b
	tbx	v3.16b, {v20.16b-v23.16b}, v11.16b
	sub	v11.16b, v11.16b, v4.16b
	tbx	v0.16b, {v24.16b-v27.16b}, v8.16b
	sub	v8.16b, v8.16b, v4.16b
	tbx	v1.16b, {v24.16b-v27.16b}, v9.16b
	sub	v9.16b, v9.16b, v4.16b
	tbx	v2.16b, {v24.16b-v27.16b}, v10.16b
	sub	v10.16b, v10.16b, v4.16b
	tbx	v3.16b, {v24.16b-v27.16b}, v11.16b
	sub	v11.16b, v11.16b, v4.16b
	tbx	v0.16b, {v28.16b-v31.16b}, v8.16b
	tbx	v1.16b, {v28.16b-v31.16b}, v9.16b
	tbx	v2.16b, {v28.16b-v31.16b}, v10.16b
	tbx	v3.16b, {v28.16b-v31.16b}, v11.16b
	.endm

/* ------------------------------------------------------ the rounds */

/* the four blocks through the permutation v5 / XORed with the key v12 */
	.macro	rt_perm4
	tbl	v0.16b, {v0.16b}, v5.16b
	tbl	v1.16b, {v1.16b}, v5.16b
	tbl	v2.16b, {v2.16b}, v5.16b
	tbl	v3.16b, {v3.16b}, v5.16b
	.endm

	.macro	rt_key4
	eor	v0.16b, v0.16b, v12.16b
	eor	v1.16b, v1.16b, v12.16b
	eor	v2.16b, v2.16b, v12.16b
	eor	v3.16b, v3.16b, v12.16b
	.endm

/* one middle round of each kind; the next round key is loaded on the way */
/*
 * One block or a pair, encrypting: a round with the key k, and two rounds
 * with the keys v3 and v15, which then take the next two keys (one ldp).
 */
	.macro	rt_round_enc1 k
	rt_sub1	v0, v1, v2, v10
	rt_mix_enc v0, v1, v2, v10, \k
	.endm

	.macro	rt_round_enc2 k
	rt_sub2	v0, v2, v10, v11, v1, v12, v13, v14
	rt_mix_enc2 v0, v2, v10, v11, v1, v12, v13, v14, \k
	.endm

	.macro	rt_pair_enc n
	rt_round_enc\n v3
	rt_round_enc\n v15
	ldp	q3, q15, [rkp], #32
	.endm

	.macro	rt_round_dec1
	tbl	v0.16b, {v0.16b}, v5.16b		// InvSR
	rt_sub1	v0, v1, v2, v10
	eor	v0.16b, v0.16b, v3.16b
	ld1	{v3.16b}, [rkp], rkstep
	rt_mix_dec v0, v1, v2, v10
	.endm

	.macro	rt_round_enc4
	rt_sub4
	rt_mix_enc2 v0, v8, v9, v13, v1, v10, v11, v14, v12
	rt_mix_enc2 v2, v8, v9, v13, v3, v10, v11, v14, v12
	ld1	{v12.16b}, [rkp], #16
	.endm

	.macro	rt_round_dec4
	rt_perm4
	rt_sub4
	rt_key4
	ld1	{v12.16b}, [rkp], rkstep
	rt_mix_dec2 v0, v8, v9, v13, v1, v10, v11, v14
	rt_mix_dec2 v2, v8, v9, v13, v3, v10, v11, v14
	.endm

/*
 * rt_cipher enc for one block or a pair: the middle keys are read two at
 * a time (ldp into v3 and v15), the first alone; AES-128, -192 and -256
 * all have an even number of keys after the first.
 */
	.macro	rt_cipher_pairs n
	mov	rkp, rk
	ldr	q3, [rkp], #16
	eor	v0.16b, v0.16b, v3.16b
	.ifc	\n, 2
	eor	v1.16b, v1.16b, v3.16b
	.endif
	ldp	q3, q15, [rkp], #32
	cmp	rounds, #12
	b.lt	.L\@_r10
	b.eq	.L\@_r12
	rt_pair_enc \n
.L\@_r12:
	rt_pair_enc \n
.L\@_r10:
	.rept	4
	rt_pair_enc \n
	.endr
	rt_round_enc\n v3
	.ifc	\n, 1
	rt_sub1	v0, v1, v2, v10
	tbl	v0.16b, {v0.16b}, v5.16b
	eor	v0.16b, v0.16b, v15.16b
	.else
	rt_sub2	v0, v2, v10, v11, v1, v12, v13, v14
	tbl	v0.16b, {v0.16b}, v5.16b
	tbl	v1.16b, {v1.16b}, v5.16b
	eor	v0.16b, v0.16b, v15.16b
	eor	v1.16b, v1.16b, v15.16b
	.endif
	.endm

/*
 * The whole cipher on the block(s) of a width (1: v0, key in v3; 2, for
 * encryption only: v0, v1, key in v3, temporaries v2, v10-v14; 4: v0-v3,
 * key in v12) and a direction.  The round count picks the entry into the
 * unrolled rounds (14: all, 12: two fewer, 10: four fewer); rk and
 * rounds are preserved, x10, x11 clobbered.
 */
	.macro	rt_cipher dir, n
	.ifc	\dir\n, enc1
	rt_cipher_pairs 1
	.exitm
	.endif
	.ifc	\dir\n, enc2
	rt_cipher_pairs 2
	.exitm
	.endif
	.ifc	\n, 4
	kr	.req	v12
	.else
	kr	.req	v3
	.endif
	.ifc	\dir, enc
	mov	rkp, rk
	mov	rkstep, #16
	.else
	add	rkp, rk, rounds, uxtw #4
	mov	rkstep, #-16
	.endif
	ld1	{kr\().16b}, [rkp], rkstep
	eor	v0.16b, v0.16b, kr\().16b
	.ifc	\n, 2
	eor	v1.16b, v1.16b, kr\().16b
	.endif
	.ifc	\n, 4
	eor	v1.16b, v1.16b, kr\().16b
	eor	v2.16b, v2.16b, kr\().16b
	eor	v3.16b, v3.16b, kr\().16b
	.endif
	ld1	{kr\().16b}, [rkp], rkstep
	cmp	rounds, #12
	b.lt	.L\@_r10
	b.eq	.L\@_r12
	rt_round_\dir\n
	rt_round_\dir\n
.L\@_r12:
	rt_round_\dir\n
	rt_round_\dir\n
.L\@_r10:
	.rept	9
	rt_round_\dir\n
	.endr
	/* the last round: the key after it is already loaded (kr) */
	.ifc	\dir\n, dec1
	tbl	v0.16b, {v0.16b}, v5.16b
	rt_sub1	v0, v1, v2, v10
	eor	v0.16b, v0.16b, v3.16b
	.endif
	.ifc	\dir\n, enc4
	rt_sub4
	rt_perm4
	rt_key4
	.endif
	.ifc	\dir\n, dec4
	rt_perm4
	rt_sub4
	rt_key4
	.endif
	.unreq	kr
	.endm

/* ------------------------------------------------------------- ECB */

/*
 * Whole blocks, four at a time, then a last group of three on the
 * four-block path (its idle lane computes on whatever the register holds,
 * never stored), two side by side (decryption: on the four-block path) or
 * one block alone.  The four-block path reuses v8/v9,
 * so it sets them again before a lone block.
 */
	.macro	ecb_crypt dir
	rt_enter
	rt_load	\dir
	cmp	blocks, #1
	b.lt	.L\@_done
	b.eq	.L\@_one
	stp	d12, d13, [sp, #-32]!
	stp	d14, d15, [sp, #16]
.L\@_loop:
	cmp	blocks, #4
	b.ge	.L\@_ld4
	.ifc	\dir, enc
	cmp	blocks, #2
	b.eq	.L\@_two
	.endif
	ld1	{v0.16b, v1.16b}, [in], #32
	cmp	blocks, #3
	b.lt	.L\@_go
	ld1	{v2.16b}, [in], #16
	b	.L\@_go
.L\@_ld4:
	ld1	{v0.16b-v3.16b}, [in], #64
.L\@_go:
	rt_cipher \dir, 4
	cmp	blocks, #4
	b.lt	.L\@_st23
	st1	{v0.16b-v3.16b}, [out], #64
	subs	blocks, blocks, #4
	b.eq	.L\@_done4
	cmp	blocks, #1
	b.ne	.L\@_loop
	ldp	d14, d15, [sp, #16]
	ldp	d12, d13, [sp], #32
	movi	v8.16b, #0x80
	movi	v9.16b, #0xc0
	b	.L\@_one
	.ifc	\dir, enc
.L\@_two:
	ld1	{v0.16b, v1.16b}, [in]
	movi	v8.16b, #0x80
	movi	v9.16b, #0xc0
	rt_cipher enc, 2
	st1	{v0.16b, v1.16b}, [out]
	b	.L\@_done4
	.endif
.L\@_st23:
	st1	{v0.16b, v1.16b}, [out], #32
	cmp	blocks, #3
	b.lt	.L\@_done4
	st1	{v2.16b}, [out], #16
.L\@_done4:
	ldp	d14, d15, [sp, #16]
	ldp	d12, d13, [sp], #32
	b	.L\@_done
.L\@_one:
	ld1	{v0.16b}, [in]
	rt_cipher \dir, 1
	st1	{v0.16b}, [out]
.L\@_done:
	rt_leave
	.endm

/*
 * void ctneon_rt_ecb_encrypt(u8 *out, const u8 *in, const u8 *rk,
 *			      int rounds, int blocks);
 * x0 out, x1 in, x2 rk (the FIPS-197 schedule, key->std), w3 rounds,
 * w4 blocks (>= 0).  Clobbers x0, x1, x4, x9-x11, v0-v31 (d8-d15
 * preserved), flags.
 */
SYM_FUNC_START(ctneon_rt_ecb_encrypt)
	ecb_crypt enc
SYM_FUNC_END(ctneon_rt_ecb_encrypt)

/*
 * void ctneon_rt_ecb_decrypt(u8 *out, const u8 *in, const u8 *rk,
 *			      int rounds, int blocks);
 * As ctneon_rt_ecb_encrypt; rk is the same FIPS-197 schedule, read from
 * its end.
 */
SYM_FUNC_START(ctneon_rt_ecb_decrypt)
	ecb_crypt dec
SYM_FUNC_END(ctneon_rt_ecb_decrypt)

/* ------------------------------------------------ CBC encryption, CBC-MAC */

/*
 * void ctneon_rt_cbc_encrypt(u8 *out, const u8 *in, const u8 *rk,
 *			      int rounds, int blocks, u8 iv[16]);
 * C_n = E(P_n ^ C_n-1), C_-1 = iv; serial, one block at a time.
 * x0 out, x1 in, x2 rk (key->std), w3 rounds, w4 blocks, x5 iv (in/out).
 * Clobbers x0, x1, x4, x9-x11, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_rt_cbc_encrypt)
	cmp	blocks, #1
	b.lt	1f
	rt_enter
	rt_load	enc
	ld1	{v0.16b}, [ivp]
0:	ld1	{v1.16b}, [in], #16
	eor	v0.16b, v0.16b, v1.16b
	rt_cipher enc, 1
	st1	{v0.16b}, [out], #16
	subs	blocks, blocks, #1
	b.ne	0b
	st1	{v0.16b}, [ivp]
	rt_leave
1:	ret
SYM_FUNC_END(ctneon_rt_cbc_encrypt)

/*
 * void ctneon_rt_cbcmac(u8 dg[16], const u8 *in, const u8 *rk,
 *			 int rounds, int blocks);
 * dg = E(dg ^ P_n) for each block (the CBC-MAC of CMAC, XCBC and CCM).
 * x0 dg (in/out), x1 in, x2 rk (key->std), w3 rounds, w4 blocks.
 * Clobbers x1, x4, x9-x11, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_rt_cbcmac)
	cmp	blocks, #1
	b.lt	1f
	rt_enter
	rt_load	enc
	ld1	{v0.16b}, [out]
0:	ld1	{v1.16b}, [in], #16
	eor	v0.16b, v0.16b, v1.16b
	rt_cipher enc, 1
	subs	blocks, blocks, #1
	b.ne	0b
	st1	{v0.16b}, [out]
	rt_leave
1:	ret
SYM_FUNC_END(ctneon_rt_cbcmac)

/* ---------------------------------------------------------------- CTR */

	cnt_hi		.req	x6	// the counter in host order, bits 127..64
	cnt_lo		.req	x7	// and 63..0
	whole		.req	w12	// whole blocks left
	total		.req	w13	// blocks left, a partial last one counted
	ctrtail		.req	w15	// bytes % 16

/*
 * v<n> = the counter as a big-endian block (fmov writes the low half and
 * clears the high one, ins fills it); then the counter steps by one, the
 * carry out of the low word going into the high one (wraps at 2^128).
 */
	.macro	rt_ctr_next n
	rev	x9, cnt_hi
	rev	x8, cnt_lo
	fmov	d\n, x9
	ins	v\n\().d[1], x8
	adds	cnt_lo, cnt_lo, #1
	cinc	cnt_hi, cnt_hi, cs
	.endm

/*
 * void ctneon_rt_ctr_crypt(u8 *out, const u8 *in, const u8 *rk,
 *			    int rounds, int bytes, u8 ctr[16]);
 * out = in ^ E(ctr), E(ctr + 1), ...: groups of four blocks, then what is
 * left (one to four blocks, a partial last one counted) as one lone block,
 * a pair, or one four-block group (three: one idle lane); a partial last
 * block uses the first bytes % 16 bytes of its keystream through a
 * 16-byte stack buffer, wiped after.  The contract of ctneon_vpaes_ctr_crypt (vpaes.h): the
 * counter is 128-bit big endian and advances by DIV_ROUND_UP(bytes, 16).
 * x0 out, x1 in, x2 rk (key->std), w3 rounds, w4 bytes, x5 ctr (in/out).
 * Clobbers x0, x1, x4, x6-x13, x15, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_rt_ctr_crypt)
	stp	d8, d9, [sp, #-80]!
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]			// sp + 64: the buffer
	rt_load	enc
	ldp	cnt_hi, cnt_lo, [ivp]
	rev	cnt_hi, cnt_hi
	rev	cnt_lo, cnt_lo
	cmp	bytes, #0
	b.le	.Lctr_done
	and	ctrtail, bytes, #15
	lsr	whole, bytes, #4
	cmp	ctrtail, #0
	cinc	total, whole, ne
.Lctr_four:
	cmp	whole, #4
	b.lt	.Lctr_rest
	rt_ctr_next 0
	rt_ctr_next 1
	rt_ctr_next 2
	rt_ctr_next 3
	rt_cipher enc, 4
	ld1	{v8.16b-v11.16b}, [in], #64
	eor	v0.16b, v0.16b, v8.16b
	eor	v1.16b, v1.16b, v9.16b
	eor	v2.16b, v2.16b, v10.16b
	eor	v3.16b, v3.16b, v11.16b
	st1	{v0.16b-v3.16b}, [out], #64
	sub	whole, whole, #4
	sub	total, total, #4
	b	.Lctr_four
.Lctr_rest:
	cbz	total, .Lctr_done
	cmp	total, #1
	b.eq	.Lctr_one
	rt_ctr_next 0					// two to four lanes used
	rt_ctr_next 1
	cmp	total, #2
	b.eq	.Lctr_two
	rt_ctr_next 2					// (its adds sets the flags)
	cmp	total, #3
	b.eq	.Lctr_go
	rt_ctr_next 3
.Lctr_go:
	rt_cipher enc, 4
	b	.Lctr_xor
.Lctr_two:
	movi	v8.16b, #0x80
	movi	v9.16b, #0xc0
	rt_cipher enc, 2
	b	.Lctr_xor
.Lctr_one:
	movi	v8.16b, #0x80				// the four-block path's
	movi	v9.16b, #0xc0
	rt_ctr_next 0
	rt_cipher enc, 1
.Lctr_xor:						// keystream in v0, v1, ...
	cbz	whole, .Lctr_tail
	ld1	{v8.16b}, [in], #16
	eor	v8.16b, v8.16b, v0.16b
	st1	{v8.16b}, [out], #16
	mov	v0.16b, v1.16b
	mov	v1.16b, v2.16b
	mov	v2.16b, v3.16b
	sub	whole, whole, #1
	b	.Lctr_xor
.Lctr_tail:
	cbz	ctrtail, .Lctr_done
	add	x9, sp, #64
	st1	{v0.16b}, [x9]
0:	ldrb	w8, [in], #1
	ldrb	w10, [x9], #1
	eor	w8, w8, w10
	strb	w8, [out], #1
	subs	ctrtail, ctrtail, #1
	b.ne	0b
	stp	xzr, xzr, [sp, #64]			// wipe the keystream
.Lctr_done:
	rev	cnt_hi, cnt_hi
	rev	cnt_lo, cnt_lo
	stp	cnt_hi, cnt_lo, [ivp]
	ldp	d14, d15, [sp, #48]
	ldp	d12, d13, [sp, #32]
	ldp	d10, d11, [sp, #16]
	ldp	d8, d9, [sp], #80
	ret
SYM_FUNC_END(ctneon_rt_ctr_crypt)
