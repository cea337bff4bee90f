/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: constant-time AES for 32-bit ARMv7 NEON, by vector permutes
 * (vtbl) over a tower-field representation of GF(2^8).
 *
 * Design notes
 * ============
 *
 * The method.  Every byte of the state is an element e = i*u + k of
 * K = GF(16)[u]/(u^2 + a*u + a) (i the high nibble, k the low one).  The
 * inverse of e needs only inverses of nibbles, i.e. lookups in 16-entry
 * tables, and vtbl does eight such lookups per instruction.  Nothing is
 * indexed by a secret in memory: a table is a register, the secret is the
 * index vector.  scripts/gen-vpaes-tables.py derives the tables and holds
 * the byte-exact model (model_encrypt/model_decrypt) implemented here.
 *
 * One block (rk: the schedules of aes-ct.c, already in the basis of K with
 * the S-box constant folded in):
 *
 *   z = ipt_lo[x & 15] ^ ipt_hi[x >> 4] ^ rk[0]          (x -> phi(x))
 *   round r:  z = SR(z); i = z >> 4; k = z & 15; j = i ^ k
 *             io = j ^ inv[inv[i] ^ inva[k]]            = N / (k + a*i)
 *             jo = i ^ inv[inv[j] ^ inva[k]]            = N / (k + a*j)
 *             1/z = P(io) ^ Q(jo), P and Q linear, so a linear map f
 *             after the inversion is the table pair f_p[io] ^ f_q[jo].
 *   encryption: s1 = sb1 (the S-box affine map), s2 = sb2 (2 times it),
 *             t = s2 ^ rot1(s1);  z = t ^ rot1(t) ^ rot3(s1) ^ rk[r]
 *             which is row r of MixColumns, 2 s_r ^ 3 s_r+1 ^ s_r+2 ^ s_r+3.
 *   decryption (SR = InvShiftRows), with the InvMixColumns coefficients
 *             as table pairs d9, db, dd, de:
 *             z = de ^ rot1(db) ^ rot2(dd) ^ rot3(d9) ^ rk[r]
 *   last round: out = sbo (dbo) of the inversion ^ rk[rounds]; these two
 *             tables also map back to the standard basis.
 *   one block alone (.Lvpaes_encrypt1, enc_round1): ShiftRows at the end
 *             of the round, y = SR(z) between rounds, and with s3 = sb3:
 *             y = SR(s2 ^ rk[r]) ^ SR(rot1(s3)) ^ SR(rot2(s1)) ^ SR(rot3(s1)).
 *             CBC encryption of 8 blocks (tests/ct/mca.sh, 2026-12-04):
 *             3668 -> 4108 instructions, Cortex-A57 4237 -> 3255 cycles.
 * The "1/0" entries of inv/inva are 0x10/0x20 and vtbl returns 0 for an
 * index >= 16: the inversion of 0 and of GF(16) falls out without a branch.
 *
 * The state is kept in memory order (column-major, byte 4c + r), one block
 * per q register.  rotN rotates the bytes of each column (32-bit lane):
 * rot1 = ror #8, rot2 = ror #16 = vrev32.16, rot3 = ror #24; a rotation is
 * vshr + vsli (rot2: one vrev32.16), cheaper in registers than a vtbl with
 * a permutation table.  SR and InvSR are vtbl with the permutation as the
 * index and the state as the table.  A 16-byte lookup is two vtbl.8 (one
 * per d half) with a q register as the two-register table list.
 *
 * Register allocation
 * -------------------
 * ARMv7 has sixteen q registers: not enough to keep the 16 tables of the
 * middle rounds resident next to two blocks in flight.  Resident for the
 * whole call (loaded once per call): inv (q13), inva (q14) and the 0x0f
 * mask (q15): between them 6 lookups/masks per block and round.  The rest is
 * reloaded each round from .Lvpaes_consts, at constant addresses:
 *   encryption  shiftrows (2 vldr), sb1_p/sb1_q/sb2_p/sb2_q (one vldm of
 *               64 bytes): 3 loads per round for up to two blocks;
 *   decryption  invshiftrows (2 vldr), d9/db/dd/de (4 vld1 of 32 bytes,
 *               walking tp, then tp -= 128): 6 loads + 1 sub per round;
 * plus the round key (one vld1).  The cipher routines use q0-q10:
 *   q0/q1   XA/XB  the state of block A/B at round boundaries; in the
 *                  round ak (inva[k], then jak), then s1 (enc) or the
 *                  accumulator (dec)
 *   q2/q3   IA/IB  i = high nibbles, then jo; mix temporaries
 *   q4/q5   ZA/ZB  SR(state): k, j, then io; s2 and t (enc)
 *   q6/q7   TA/TB  iak; sb1 tables (enc); dec temporaries
 *   q8/q9   UA/UB  inv[j]; sb2 tables (enc), dec table pairs
 *   q10     V10    the (inv)shiftrows table, then the round key, or a
 *                  temporary shared by the two blocks
 * q11/q12 (VM1/VM2) are left to the modes: IV, saved ciphertext, tweaks.
 * Block B uses the odd registers so that both blocks load and store with
 * one vld1/vst1 {q0-q1}.  Each instruction of a round step is issued for A
 * then for B (the *_ab macros), so that the dependent vtbl chains of the
 * two blocks interleave: the one-block routines are the same macros with
 * the B operands left out.
 * Two blocks versus one: the reloads are 4 instructions per round (2 vldr,
 * vldm, the round-key vld1) for the pair, 2 per block and round out of 42,
 * against 4 of 45 for a block alone; interleaving therefore costs no extra
 * reload, it halves them.  It is used wherever the mode allows it (static
 * counts at the end of the file).
 *
 * Scalar registers: r0-r3 arguments (out, in, rk, rounds); r4-r7 (w0-w3)
 * the CTR counter or the XTS tweak as four 32-bit words; r8 the length;
 * r9 the iv/ctr/tweak pointer; r10 (tp) the table pointer, biased to
 * .Lvpaes_consts + VPAES_SB1_P (encryption) or + VPAES_D9_P (decryption)
 * so that every table is in reach of vldr/vldm; r11, ip: round-key pointer
 * and round count inside the cipher routines, scratch in the modes; lr.
 *
 * Calling: every entry point saves r4-r11 and lr (and r12, which keeps the
 * stack 8-byte aligned) and d8-d15 (AAPCS: q4-q7 are callee-saved), reserves a 32-byte stack buffer (sp) for partial blocks,
 * and returns with bx lr.  Arguments 5 and 6 are read from the caller's
 * stack (ARG5/ARG6 below).  The cipher routines are local (bl), share the
 * state of their caller and are described with their code.
 *
 * Constant time.  Branches depend only on rounds and on the lengths; every
 * load address depends only on the pointers, the lengths and the round
 * number (tables at fixed offsets, round keys in order).  Secret bytes are
 * only ever vtbl indices and ALU operands.  CTR increments and XTS tweak
 * doublings are carry chains (adds/adcs) and masks (asr #31), no branch.
 * The stack buffer holds keystream or data for a partial block and is
 * cleared before returning.
 *
 * ARM and Thumb-2: unified syntax; no register-shifted register operands,
 * no conditional execution other than branches (no IT blocks needed), no
 * loads into pc.  The constant block is reached through .Lvpaes_prepare,
 * placed right before it, so that its adr is short in both instruction
 * sets (ARM adr takes only a rotated 8-bit offset).  Little-endian only
 * (vldm/vldr of byte tables; Debian armhf/armmp), checked below.
 */

#include <linux/linkage.h>
#include "../vpaes-tables.h"

#ifdef __ARMEB__
#error "arm/vpaes-core.S assumes a little-endian kernel"
#endif

	.syntax	unified
	.fpu	neon
	.text

/* ---------------------------------------------------------- registers -- */

	out	.req	r0
	in	.req	r1
	rk	.req	r2
	rounds	.req	r3
	w0	.req	r4
	w1	.req	r5
	w2	.req	r6
	w3	.req	r7
	len	.req	r8
	ivp	.req	r9
	tp	.req	r10
	rkp	.req	r11
	cnt	.req	ip
	tmp0	.req	ip
	tmp1	.req	r11
	tmp2	.req	lr

	/* a q register role with its two d halves, name_l and name_h */
	.macro	qreq, name, q, lo, hi
	\name	.req	\q
	\name\()_l .req	\lo
	\name\()_h .req	\hi
	.endm

	qreq	XA, q0, d0, d1
	qreq	XB, q1, d2, d3
	qreq	IA, q2, d4, d5
	qreq	IB, q3, d6, d7
	qreq	ZA, q4, d8, d9
	qreq	ZB, q5, d10, d11
	qreq	TA, q6, d12, d13
	qreq	TB, q7, d14, d15
	qreq	UA, q8, d16, d17
	qreq	UB, q9, d18, d19
	qreq	V10, q10, d20, d21
	qreq	VM1, q11, d22, d23
	qreq	VM2, q12, d24, d25
	vinv	.req	q13
	vinva	.req	q14
	vm0f	.req	q15

/* stack frame: r4-r12, lr (40 bytes), d8-d15 (64), the buffer (32) */
#define FRAME_BUF	32
#define ARG5		(40 + 64 + FRAME_BUF)
#define ARG6		(ARG5 + 4)
#define ARG7		(ARG6 + 4)

/* ------------------------------------------------- per-instruction ops -- */
/*
 * Each macro does one operation for block A and, when the B operands are
 * given, the same operation for block B right after it.
 */

	/* out[n] = tab[idx[n]] (0 when idx[n] >= 16), 16 bytes */
	.macro	lut, out, tab, idx
	vtbl.8	\out\()_l, {\tab}, \idx\()_l
	vtbl.8	\out\()_h, {\tab}, \idx\()_h
	.endm

	/* one table for both blocks */
	.macro	tbl_ab, out, tab, idx, outB, idxB
	lut	\out, \tab, \idx
	.ifnb	\outB
	lut	\outB, \tab, \idxB
	.endif
	.endm

	/* permutation of the state: out[n] = x[p[n]]; out != x */
	.macro	perm_ab, out, x, p, outB, xB
	lut	\out, \x, \p
	.ifnb	\outB
	lut	\outB, \xB, \p
	.endif
	.endm

	.macro	eor_ab, d, a, b, dB, aB, bB
	veor	\d, \a, \b
	.ifnb	\dB
	veor	\dB, \aB, \bB
	.endif
	.endm

	/* d = high nibbles of s */
	.macro	hi4_ab, d, s, dB, sB
	vshr.u8	\d, \s, #4
	.ifnb	\dB
	vshr.u8	\dB, \sB, #4
	.endif
	.endm

	/* d = low nibbles of s */
	.macro	lo4_ab, d, s, dB, sB
	vand	\d, \s, vm0f
	.ifnb	\dB
	vand	\dB, \sB, vm0f
	.endif
	.endm

	/* d = rot1(s): each 32-bit column rotated right by 8 (d != s) */
	.macro	rot1_ab, d, s, dB, sB
	vshr.u32 \d, \s, #8
	.ifnb	\dB
	vshr.u32 \dB, \sB, #8
	.endif
	vsli.32	\d, \s, #24
	.ifnb	\dB
	vsli.32	\dB, \sB, #24
	.endif
	.endm

	/* d = rot3(s): each column rotated right by 24 (d != s) */
	.macro	rot3_ab, d, s, dB, sB
	vshl.i32 \d, \s, #8
	.ifnb	\dB
	vshl.i32 \dB, \sB, #8
	.endif
	vsri.32	\d, \s, #24
	.ifnb	\dB
	vsri.32	\dB, \sB, #24
	.endif
	.endm

	/* x = rot2(x), in place */
	.macro	rot2_ab, x, xB
	vrev32.16 \x, \x
	.ifnb	\xB
	vrev32.16 \xB, \xB
	.endif
	.endm

/* ------------------------------------------------------- round pieces -- */

	/*
	 * x = lo[x & 15] ^ hi[x >> 4]: a GF(2)-linear map on each byte
	 * (the change of basis into K); i is a temporary.
	 */
	.macro	basis_ab, lo, hi, x, i, xB, iB
	hi4_ab	\i, \x, \iB, \xB
	lo4_ab	\x, \x, \xB, \xB
	tbl_ab	\x, \lo, \x, \xB, \xB
	tbl_ab	\i, \hi, \i, \iB, \iB
	eor_ab	\x, \x, \i, \xB, \xB, \iB
	.endm

	/*
	 * The inversion in K of every byte of z: leaves io in z and jo in i.
	 * k, t, u are temporaries (k holds ak = inva[k], then jak).
	 */
	.macro	sbox_inv_ab, z, i, k, t, u, zB, iB, kB, tB, uB
	hi4_ab	\i, \z, \iB, \zB		@ i = z >> 4
	lo4_ab	\z, \z, \zB, \zB			@ k = z & 15
	tbl_ab	\k, vinva, \z, \kB, \zB		@ ak = inva[k] = a/k
	eor_ab	\z, \z, \i, \zB, \zB, \iB	@ j = i ^ k
	tbl_ab	\t, vinv, \i, \tB, \iB		@ 1/i
	tbl_ab	\u, vinv, \z, \uB, \zB		@ 1/j
	eor_ab	\t, \t, \k, \tB, \tB, \kB	@ iak = 1/i ^ a/k
	eor_ab	\k, \k, \u, \kB, \kB, \uB	@ jak = 1/j ^ a/k
	tbl_ab	\t, vinv, \t, \tB, \tB		@ 1/iak
	tbl_ab	\k, vinv, \k, \kB, \kB		@ 1/jak
	eor_ab	\z, \z, \t, \zB, \zB, \tB	@ io = j ^ 1/iak
	eor_ab	\i, \i, \k, \iB, \iB, \kB	@ jo = i ^ 1/jak
	.endm

	/*
	 * One encryption round of the middle, state in XA/XB: SubBytes and
	 * ShiftRows (the inversion, then the affine map folded into sb1/sb2),
	 * MixColumns and AddRoundKey.
	 */
	.macro	enc_round, XB, IB, ZB, TB, UB
	vldr	V10_l, [tp, #VPAES_SHIFTROWS - VPAES_SB1_P]
	vldr	V10_h, [tp, #VPAES_SHIFTROWS - VPAES_SB1_P + 8]
	perm_ab	ZA, XA, V10, \ZB, \XB			@ z = SR(x)
	sbox_inv_ab ZA, IA, XA, TA, UA, \ZB, \IB, \XB, \TB, \UB
	vldm	tp, {d12-d19}			@ TA, TB, UA, UB = sb1_p, sb1_q, sb2_p, sb2_q
	tbl_ab	XA, TA, ZA, \XB, \ZB			@ s1 = sb1_p[io]
	lut	V10, TB, IA
	veor	XA, XA, V10				@      ^ sb1_q[jo]
	.ifnb	\XB
	lut	V10, TB, \IB
	veor	\XB, \XB, V10
	.endif
	tbl_ab	ZA, UA, ZA, \ZB, \ZB			@ s2 = sb2_p[io]
	tbl_ab	IA, UB, IA, \IB, \IB
	eor_ab	ZA, ZA, IA, \ZB, \ZB, \IB		@      ^ sb2_q[jo]
	vld1.8	{V10}, [rkp]!				@ rk[r]
	rot1_ab	IA, XA, \IB, \XB
	eor_ab	ZA, ZA, IA, \ZB, \ZB, \IB		@ t = s2 ^ rot1(s1)
	rot1_ab	IA, ZA, \IB, \ZB			@ rot1(t)
	rot3_ab	TA, XA, \TB, \XB			@ rot3(s1)
	eor_ab	ZA, ZA, IA, \ZB, \ZB, \IB
	eor_ab	TA, TA, V10, \TB, \TB, V10
	eor_ab	XA, ZA, TA, \XB, \ZB, \TB		@ x = t ^ rot1(t) ^ rot3(s1) ^ rk[r]
	.endm

	/* The last encryption round: SubBytes, ShiftRows, AddRoundKey. */
	.macro	enc_last, XB, IB, ZB, TB, UB
	vldr	V10_l, [tp, #VPAES_SHIFTROWS - VPAES_SB1_P]
	vldr	V10_h, [tp, #VPAES_SHIFTROWS - VPAES_SB1_P + 8]
	perm_ab	ZA, XA, V10, \ZB, \XB
	sbox_inv_ab ZA, IA, XA, TA, UA, \ZB, \IB, \XB, \TB, \UB
	add	tmp0, tp, #VPAES_SBO_P - VPAES_SB1_P
	vld1.8	{d12-d15}, [tmp0 :128]		@ TA, TB = sbo_p, sbo_q
	vld1.8	{V10}, [rkp]				@ rk[rounds]
	tbl_ab	XA, TA, ZA, \XB, \ZB
	tbl_ab	IA, TB, IA, \IB, \IB
	eor_ab	XA, XA, IA, \XB, \XB, \IB		@ sbo_p[io] ^ sbo_q[jo]
	eor_ab	XA, XA, V10, \XB, \XB, V10		@ ^ rk[rounds]
	.endm

	/*
	 * One block alone (CBC encryption, single blocks, tails): the same
	 * cipher with ShiftRows at the end of each round instead of the
	 * start of the next, composed into the permutations MixColumns
	 * needs, and a third output pair (s3 = 3 S(x)), so that a round ends
	 * with four permutations side by side:
	 *   y' = SR(s2 ^ rk) ^ SR(rot1(s3)) ^ SR(rot2(s1)) ^ SR(rot3(s1))
	 * (scripts/gen-vpaes-tables.py, model_encrypt_sr3; the state between
	 * rounds is y = SR(z)).  The rotations become vtbl (3 cycles on the
	 * Cortex-A57 model) instead of vshr + vsli (3 + 5), and the leading
	 * ShiftRows leaves the chain: 12 dependent steps a round instead of
	 * 16, for 6 more instructions (the third pair, two more loads).
	 * Registers: y in XA; io in XA, jo in IA; s1 in XB, s2 in IB, s3 in
	 * XA; the tables in TA/TB, UA/UB, ZA/ZB; rk in V10; tmp2 (lr, saved
	 * by .Lvpaes_encrypt1) addresses the tables, ip counts the rounds.
	 */
	.macro	enc_round1
	sbox_inv_ab XA, IA, ZA, TA, UA
	vldm	tp, {d12-d19}			@ TA, TB, UA, UB = sb1_p, sb1_q, sb2_p, sb2_q
	add	tmp2, tp, #VPAES_SB3_P - VPAES_SB1_P
	vld1.8	{d8-d11}, [tmp2 :128]!		@ ZA, ZB = sb3_p, sb3_q
	vld1.8	{V10}, [rkp]!				@ rk[r]
	tbl_ab	XB, TA, XA				@ sb1_p[io]
	tbl_ab	IB, UA, XA				@ sb2_p[io]
	tbl_ab	XA, ZA, XA				@ sb3_p[io]
	eor_ab	IB, IB, V10				@ ^ rk[r]
	tbl_ab	TA, TB, IA				@ sb1_q[jo]
	tbl_ab	UA, UB, IA				@ sb2_q[jo]
	tbl_ab	IA, ZB, IA				@ sb3_q[jo]
	eor_ab	XB, XB, TA				@ s1
	eor_ab	IB, IB, UA				@ s2 ^ rk
	eor_ab	XA, XA, IA				@ s3
	vldm	tmp2, {d12-d19}			@ TA, TB, UA, UB = sr_rot1, sr_rot3, sr_rot2, shiftrows
	perm_ab	ZB, XB, UA				@ SR(rot2(s1))
	perm_ab	ZA, XB, TB				@ SR(rot3(s1))
	perm_ab	IA, IB, UB				@ SR(s2 ^ rk)
	perm_ab	V10, XA, TA				@ SR(rot1(s3))
	eor_ab	ZB, ZB, ZA
	eor_ab	IA, IA, V10
	eor_ab	XA, ZB, IA				@ y
	.endm

	/* its last round: y is already ShiftRows'd */
	.macro	enc_last1
	sbox_inv_ab XA, IA, ZA, TA, UA
	add	tmp2, tp, #VPAES_SBO_P - VPAES_SB1_P
	vld1.8	{d12-d15}, [tmp2 :128]		@ TA, TB = sbo_p, sbo_q
	vld1.8	{V10}, [rkp]				@ rk[rounds]
	tbl_ab	ZA, TA, XA
	tbl_ab	IA, TB, IA
	eor_ab	XA, ZA, IA				@ sbo_p[io] ^ sbo_q[jo]
	eor_ab	XA, XA, V10				@ ^ rk[rounds]
	.endm

	/*
	 * One decryption round of the middle: InvShiftRows, InvSubBytes (the
	 * inversion), then AddRoundKey and InvMixColumns in the equivalent
	 * inverse cipher order, the coefficients folded into d9/db/dd/de:
	 * acc = rot1(rot2(d9) ^ db), then acc ^= rot2(dd) ^ de ^ rk[r].
	 */
	.macro	dec_round, XB, IB, ZB, TB, UB
	vldr	V10_l, [tp, #VPAES_INVSHIFTROWS - VPAES_D9_P]
	vldr	V10_h, [tp, #VPAES_INVSHIFTROWS - VPAES_D9_P + 8]
	perm_ab	ZA, XA, V10, \ZB, \XB			@ z = InvSR(x)
	sbox_inv_ab ZA, IA, XA, TA, UA, \ZB, \IB, \XB, \TB, \UB
	vld1.8	{d16-d19}, [tp :128]!		@ UA, UB = d9_p, d9_q
	tbl_ab	TA, UA, ZA, \TB, \ZB
	tbl_ab	XA, UB, IA, \XB, \IB
	eor_ab	TA, TA, XA, \TB, \TB, \XB		@ d9
	rot2_ab	TA, \TB
	vld1.8	{d16-d19}, [tp :128]!		@ db_p, db_q
	tbl_ab	XA, UA, ZA, \XB, \ZB
	eor_ab	TA, TA, XA, \TB, \TB, \XB
	tbl_ab	XA, UB, IA, \XB, \IB
	eor_ab	TA, TA, XA, \TB, \TB, \XB		@ rot2(d9) ^ db
	rot1_ab	XA, TA, \XB, \TB			@ acc = rot3(d9) ^ rot1(db)
	vld1.8	{d16-d19}, [tp :128]!		@ dd_p, dd_q
	tbl_ab	TA, UA, ZA, \TB, \ZB
	lut	V10, UB, IA
	veor	TA, TA, V10
	.ifnb	\TB
	lut	V10, UB, \IB
	veor	\TB, \TB, V10
	.endif
	rot2_ab	TA, \TB					@ rot2(dd)
	eor_ab	XA, XA, TA, \XB, \XB, \TB
	vld1.8	{d16-d19}, [tp :128]!		@ de_p, de_q
	tbl_ab	ZA, UA, ZA, \ZB, \ZB
	tbl_ab	IA, UB, IA, \IB, \IB
	sub	tp, tp, #128
	vld1.8	{UA}, [rkp]!				@ rk[r]
	eor_ab	XA, XA, ZA, \XB, \XB, \ZB
	eor_ab	XA, XA, IA, \XB, \XB, \IB		@ ^ de
	eor_ab	XA, XA, UA, \XB, \XB, UA		@ ^ rk[r]
	.endm

	/* The last decryption round: InvShiftRows, InvSubBytes, AddRoundKey. */
	.macro	dec_last, XB, IB, ZB, TB, UB
	vldr	V10_l, [tp, #VPAES_INVSHIFTROWS - VPAES_D9_P]
	vldr	V10_h, [tp, #VPAES_INVSHIFTROWS - VPAES_D9_P + 8]
	perm_ab	ZA, XA, V10, \ZB, \XB
	sbox_inv_ab ZA, IA, XA, TA, UA, \ZB, \IB, \XB, \TB, \UB
	add	tmp0, tp, #VPAES_DBO_P - VPAES_D9_P
	vld1.8	{d12-d15}, [tmp0 :128]		@ TA, TB = dbo_p, dbo_q
	vld1.8	{V10}, [rkp]				@ rk[rounds]
	tbl_ab	XA, TA, ZA, \XB, \ZB
	tbl_ab	IA, TB, IA, \IB, \IB
	eor_ab	XA, XA, IA, \XB, \XB, \IB
	eor_ab	XA, XA, V10, \XB, \XB, V10
	.endm

/* ---------------------------------------------------- cipher routines -- */
/*
 * Local routines, called with bl from the entry points below.
 *   in:       XA (and XB) the block(s); rk, rounds; tp biased as the entry
 *             point set it; vinv, vinva, vm0f loaded
 *   out:      XA (and XB)
 *   clobbers: q0-q10, rkp (r11), cnt (ip), flags
 *   keeps:    q11-q15, r0-r10 (tp is walked and restored by decryption)
 */
	.macro	encrypt_body, XB, IB, ZB, TB, UB
	sub	tmp0, tp, #VPAES_SB1_P - VPAES_IPT_ENC_LO
	vld1.8	{d12-d15}, [tmp0 :128]		@ TA, TB = ipt_enc_lo, _hi
	mov	rkp, rk
	vld1.8	{V10}, [rkp]!
	basis_ab TA, TB, XA, IA, \XB, \IB		@ x = phi(x)
	eor_ab	XA, XA, V10, \XB, \XB, V10		@ ^ rk[0]
	sub	cnt, rounds, #1
0:	enc_round \XB, \IB, \ZB, \TB, \UB
	subs	cnt, cnt, #1
	bne	0b
	enc_last \XB, \IB, \ZB, \TB, \UB
	bx	lr
	.endm

	.macro	decrypt_body, XB, IB, ZB, TB, UB
	sub	tmp0, tp, #VPAES_D9_P - VPAES_IPT_DEC_LO
	vld1.8	{d12-d15}, [tmp0 :128]		@ TA, TB = ipt_dec_lo, _hi
	mov	rkp, rk
	vld1.8	{V10}, [rkp]!
	basis_ab TA, TB, XA, IA, \XB, \IB		@ x = phi(B(x))
	eor_ab	XA, XA, V10, \XB, \XB, V10		@ ^ rk[0]
	sub	cnt, rounds, #1
0:	dec_round \XB, \IB, \ZB, \TB, \UB
	subs	cnt, cnt, #1
	bne	0b
	dec_last \XB, \IB, \ZB, \TB, \UB
	bx	lr
	.endm

	.p2align 4
.Lvpaes_encrypt2:				@ XA, XB = E(XA), E(XB)
	encrypt_body XB, IB, ZB, TB, UB

	.p2align 4
.Lvpaes_encrypt1:				@ XA = E(XA), enc_round1's form
	push	{lr}				@ lr (tmp2) addresses tables, ip counts
	sub	tmp0, tp, #VPAES_SB1_P - VPAES_IPT_ENC_LO
	vld1.8	{d12-d15}, [tmp0 :128]		@ TA, TB = ipt_enc_lo, _hi
	mov	rkp, rk
	vld1.8	{V10}, [rkp]!
	basis_ab TA, TB, XA, IA				@ x = phi(x)
	vldr	XB_l, [tp, #VPAES_SHIFTROWS - VPAES_SB1_P]
	vldr	XB_h, [tp, #VPAES_SHIFTROWS - VPAES_SB1_P + 8]
	eor_ab	IA, XA, V10				@ ^ rk[0]
	perm_ab	XA, IA, XB				@ y = SR(z)
	sub	cnt, rounds, #1
0:	enc_round1
	subs	cnt, cnt, #1
	bne	0b
	enc_last1
	pop	{pc}

	.p2align 4
.Lvpaes_decrypt2:				@ XA, XB = D(XA), D(XB)
	decrypt_body XB, IB, ZB, TB, UB

	.p2align 4
.Lvpaes_decrypt1:				@ XA = D(XA)
	decrypt_body

/*
 * .Lvpaes_prepare: tp = .Lvpaes_consts; vinv, vinva, vm0f loaded.
 * Clobbers ip.  Placed right before the constants so that the adr offset is
 * small (encodable in ARM and in Thumb).
 */
	.p2align 2
.Lvpaes_prepare:
	adr	tp, .Lvpaes_consts
	add	tmp0, tp, #VPAES_INV
	vld1.8	{d26-d29}, [tmp0 :128]		@ vinv, vinva (adjacent)
	vmov.i8	vm0f, #0x0f
	bx	lr

	.p2align 4
.Lvpaes_consts:
	vpaes_consts_data

/* ------------------------------------------------------- entry points -- */

	/* save the callee-saved registers, reserve the buffer, constants */
	.macro	vpaes_enter, bias
	push	{r4-r12, lr}
	vpush	{d8-d15}
	sub	sp, sp, #FRAME_BUF
	bl	.Lvpaes_prepare
	add	tp, tp, #\bias
	ldr	len, [sp, #ARG5]
	.endm

	.macro	vpaes_leave
	add	sp, sp, #FRAME_BUF
	vpop	{d8-d15}
	pop	{r4-r12, lr}
	bx	lr
	.endm

	/* clear the stack buffer (it held data or keystream) */
	.macro	clear_buf
	vmov.i8	XA, #0
	vst1.8	{d0-d1}, [sp]
	vst1.8	{d0-d1}, [tmp0]
	.endm

/*
 * asmlinkage void ctneon_vpaes_ecb_encrypt(u8 *out, const u8 *in,
 *                                          const u8 *rk, int rounds,
 *                                          int blocks);
 * asmlinkage void ctneon_vpaes_ecb_decrypt(...same...);
 *   out = E(in) (resp. D(in)) block by block, two at a time.
 *   in: r0 out, r1 in, r2 rk (enc resp. dec schedule), r3 rounds,
 *       [sp] blocks >= 0.  Clobbers (AAPCS): r0-r3, ip, q0-q3, q8-q15.
 */
	.macro	ecb_body, cipher2, cipher1
	subs	len, len, #2
	blt	1f
0:	vld1.8	{d0-d3}, [in]!
	bl	\cipher2
	vst1.8	{d0-d3}, [out]!
	subs	len, len, #2
	bge	0b
1:	adds	len, len, #2			@ 0 or 1 block left
	ble	2f
	vld1.8	{d0-d1}, [in]
	bl	\cipher1
	vst1.8	{d0-d1}, [out]
2:	vpaes_leave
	.endm

SYM_FUNC_START(ctneon_vpaes_ecb_encrypt)
	vpaes_enter VPAES_SB1_P
	ecb_body .Lvpaes_encrypt2, .Lvpaes_encrypt1
SYM_FUNC_END(ctneon_vpaes_ecb_encrypt)

SYM_FUNC_START(ctneon_vpaes_ecb_decrypt)
	vpaes_enter VPAES_D9_P
	ecb_body .Lvpaes_decrypt2, .Lvpaes_decrypt1
SYM_FUNC_END(ctneon_vpaes_ecb_decrypt)

/*
 * asmlinkage void ctneon_vpaes_cbc_encrypt(u8 *out, const u8 *in,
 *                                          const u8 *rk, int rounds,
 *                                          int blocks, u8 iv[16]);
 *   C_n = E(P_n ^ C_n-1), C_-1 = iv; iv = the last C.  Serial.
 *   in: r0-r3 as ECB, [sp] blocks, [sp, #4] iv.
 *   VM1 (q11) holds the chaining value.
 */
SYM_FUNC_START(ctneon_vpaes_cbc_encrypt)
	vpaes_enter VPAES_SB1_P
	ldr	ivp, [sp, #ARG6]
	vld1.8	{d22-d23}, [ivp]			@ VM1 = iv
	cmp	len, #0
	ble	1f
0:	vld1.8	{d0-d1}, [in]!
	veor	XA, XA, VM1
	bl	.Lvpaes_encrypt1
	vmov	VM1, XA
	vst1.8	{d0-d1}, [out]!
	subs	len, len, #1
	bgt	0b
	vst1.8	{d22-d23}, [ivp]
1:	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_cbc_encrypt)

/*
 * asmlinkage void ctneon_vpaes_cbcmac(u8 dg[16], const u8 *in,
 *                                     const u8 *rk, int rounds, int blocks);
 *   dg = E(dg ^ P_n) for each block: CBC encryption that keeps only the
 *   chaining value (the CBC-MAC inside CMAC, XCBC and CCM).  Serial.
 *   in: r0 dg (in/out), r1-r3 as ECB, [sp] blocks.
 *   VM1 (q11) holds dg.
 */
SYM_FUNC_START(ctneon_vpaes_cbcmac)
	vpaes_enter VPAES_SB1_P
	vld1.8	{d22-d23}, [out]			@ VM1 = dg
	cmp	len, #0
	ble	1f
0:	vld1.8	{d0-d1}, [in]!
	veor	XA, XA, VM1				@ dg ^ P_n
	bl	.Lvpaes_encrypt1
	vmov	VM1, XA
	subs	len, len, #1
	bgt	0b
	vst1.8	{d22-d23}, [out]
1:	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_cbcmac)

/*
 * asmlinkage void ctneon_vpaes_cbc_decrypt(u8 *out, const u8 *in,
 *                                          const u8 *rk, int rounds,
 *                                          int blocks, u8 iv[16]);
 *   P_n = D(C_n) ^ C_n-1, two blocks at a time; iv = the last C.
 *   VM2 (q12) holds the chaining value, VM1 (q11) the first ciphertext of
 *   a pair; the second is read again from in after the cipher, before
 *   anything is written (so in == out works).
 */
SYM_FUNC_START(ctneon_vpaes_cbc_decrypt)
	vpaes_enter VPAES_D9_P
	ldr	ivp, [sp, #ARG6]
	vld1.8	{d24-d25}, [ivp]			@ VM2 = iv
	subs	len, len, #2
	blt	1f
0:	vld1.8	{d0-d3}, [in]
	vmov	VM1, XA					@ C_0
	bl	.Lvpaes_decrypt2
	veor	XA, XA, VM2
	veor	XB, XB, VM1
	add	in, in, #16
	vld1.8	{d24-d25}, [in]!			@ VM2 = C_1
	vst1.8	{d0-d3}, [out]!
	subs	len, len, #2
	bge	0b
1:	adds	len, len, #2
	ble	2f
	vld1.8	{d0-d1}, [in]
	vmov	VM1, XA
	bl	.Lvpaes_decrypt1
	veor	XA, XA, VM2
	vmov	VM2, VM1
	vst1.8	{d0-d1}, [out]
2:	vst1.8	{d24-d25}, [ivp]
	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_cbc_decrypt)

/*
 * asmlinkage void ctneon_vpaes_ctr_crypt(u8 *out, const u8 *in,
 *                                        const u8 *rk, int rounds,
 *                                        int bytes, u8 ctr[16]);
 *   out = in ^ E(ctr), E(ctr + 1), ...; a final partial block uses the
 *   first bytes % 16 bytes of its keystream; ctr advances by
 *   DIV_ROUND_UP(bytes, 16) modulo 2^128.
 *   The counter lives in w0 (most significant) .. w3 as native integers:
 *   the increment is one adds/adcs chain, the block is built with rev.
 */
	/* w0-w3 = the counter block at [ptr] (host order); and back */
	.macro	ctr_load, ptr
	vld1.8	{d22-d23}, [\ptr]
	vmov	w0, w1, d22
	vmov	w2, w3, d23
	rev	w0, w0
	rev	w1, w1
	rev	w2, w2
	rev	w3, w3
	.endm

	.macro	ctr_store, ptr
	rev	w0, w0
	rev	w1, w1
	rev	w2, w2
	rev	w3, w3
	vmov	d22, w0, w1
	vmov	d23, w2, w3
	vst1.8	{d22-d23}, [\ptr]
	.endm

	/* dlo:dhi = the counter block (big endian); counter += 1 */
	.macro	ctr_next, dlo, dhi
	rev	tmp0, w0
	rev	tmp1, w1
	vmov	\dlo, tmp0, tmp1
	rev	tmp0, w2
	rev	tmp1, w3
	vmov	\dhi, tmp0, tmp1
	adds	w3, w3, #1
	adcs	w2, w2, #0
	adcs	w1, w1, #0
	adc	w0, w0, #0
	.endm

SYM_FUNC_START(ctneon_vpaes_ctr_crypt)
	vpaes_enter VPAES_SB1_P
	ldr	ivp, [sp, #ARG6]
	ctr_load ivp
	subs	len, len, #32
	blt	1f
0:	ctr_next d0, d1
	ctr_next d2, d3
	bl	.Lvpaes_encrypt2
	vld1.8	{d4-d7}, [in]!
	veor	XA, XA, IA
	veor	XB, XB, IB
	vst1.8	{d0-d3}, [out]!
	subs	len, len, #32
	bge	0b
1:	adds	len, len, #32			@ 0 <= len < 32 left
	ble	3f
	cmp	len, #16
	blt	2f
	ctr_next d0, d1				@ one whole block
	bl	.Lvpaes_encrypt1
	vld1.8	{d4-d5}, [in]!
	veor	XA, XA, IA
	vst1.8	{d0-d1}, [out]!
	subs	len, len, #16
	ble	3f
2:	ctr_next d0, d1				@ 1..15 bytes
	bl	.Lvpaes_encrypt1
	vst1.8	{d0-d1}, [sp]			@ keystream
	mov	tmp0, #0
4:	ldrb	tmp1, [in, tmp0]
	ldrb	tmp2, [sp, tmp0]
	eor	tmp1, tmp1, tmp2
	strb	tmp1, [out, tmp0]
	add	tmp0, tmp0, #1
	cmp	tmp0, len
	blt	4b
	add	tmp0, sp, #16
	clear_buf
3:	ctr_store ivp
	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_ctr_crypt)

/*
 * asmlinkage void ctneon_vpaes_ccm_encrypt(u8 *out, const u8 *in,
 *                                          const u8 *rk, int rounds,
 *                                          int blocks, u8 mac[16],
 *                                          u8 ctr[16]);
 * asmlinkage void ctneon_vpaes_ccm_decrypt(...same...);
 *   CCM's two AES streams over whole blocks, paired in the two-block
 *   cipher (the CBC-MAC's chain alone would leave the second lane idle;
 *   glue-ccm.c has what it costs against the lone-block MAC and
 *   bit-sliced CTR).
 *   Encrypting, one call per block gives mac = E(mac ^ P_n) and E(ctr)
 *   for C_n = P_n ^ E(ctr).  Decrypting, P_n = C_n ^ E(ctr) comes first:
 *   the keystream of block n + 1 is paired with the MAC of block n, with
 *   a lone block at each end.  Each input block is read once (what is
 *   MACed is what is encrypted or was decrypted); out == in works.  The
 *   counter is ctneon_vpaes_ctr_crypt()'s 128-bit big-endian one, in
 *   w0-w3 meanwhile; mac (VM2) and ctr are updated.  Branches depend on
 *   blocks only.
 *   in: r0-r3 as ECB, [sp] blocks, [sp, #4] mac, [sp, #8] ctr.
 */
	.macro	ccm_load_state
	ldr	ivp, [sp, #ARG6]
	vld1.8	{d24-d25}, [ivp]			@ VM2 = mac
	ldr	tmp0, [sp, #ARG7]
	ctr_load tmp0
	.endm

	.macro	ccm_store_state
	vst1.8	{d24-d25}, [ivp]
	ldr	tmp0, [sp, #ARG7]
	ctr_store tmp0
	.endm

SYM_FUNC_START(ctneon_vpaes_ccm_encrypt)
	vpaes_enter VPAES_SB1_P
	ccm_load_state
	cmp	len, #0
	ble	1f
0:	vld1.8	{d22-d23}, [in]!			@ VM1 = P_n
	veor	XA, VM2, VM1				@ mac ^ P_n
	ctr_next d2, d3					@ XB = ctr
	bl	.Lvpaes_encrypt2
	vmov	VM2, XA					@ mac = E(mac ^ P_n)
	veor	XB, XB, VM1				@ C_n = P_n ^ E(ctr)
	vst1.8	{d2-d3}, [out]!
	subs	len, len, #1
	bgt	0b
	ccm_store_state
1:	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_ccm_encrypt)

SYM_FUNC_START(ctneon_vpaes_ccm_decrypt)
	vpaes_enter VPAES_SB1_P
	ccm_load_state
	cmp	len, #0
	ble	2f
	ctr_next d0, d1
	bl	.Lvpaes_encrypt1			@ XA = the first keystream block
0:	vld1.8	{d22-d23}, [in]!			@ VM1 = C_n
	veor	VM1, VM1, XA				@ P_n
	vst1.8	{d22-d23}, [out]!
	veor	XA, VM2, VM1				@ mac ^ P_n
	subs	len, len, #1
	ble	1f
	ctr_next d2, d3
	bl	.Lvpaes_encrypt2			@ XA = the MAC, XB = keystream n + 1
	vmov	VM2, XA
	vmov	XA, XB
	b	0b
1:	bl	.Lvpaes_encrypt1			@ the last block's MAC alone
	vmov	VM2, XA
	ccm_store_state
2:	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_ccm_decrypt)

/*
 * asmlinkage void ctneon_vpaes_xts_encrypt(u8 *out, const u8 *in,
 *                                          const u8 *rk, int rounds,
 *                                          int bytes, u8 tweak[16]);
 * asmlinkage void ctneon_vpaes_xts_decrypt(...same...);
 *   C_n = E(P_n ^ T_n) ^ T_n (resp. D), T_n+1 = T_n * x in GF(2^128);
 *   the last 16 + bytes % 16 bytes with ciphertext stealing (IEEE 1619);
 *   tweak = T_0 on entry, T_m (m = bytes / 16) on return.  bytes < 16 does
 *   nothing.  The tweak lives in w0..w3 (a 128-bit little-endian integer,
 *   w0 least significant); VM1/VM2 hold the tweaks of the blocks in flight.
 */
	/* dlo:dhi = T; T = T * x: shift left, 0x87 into byte 0 if bit 127 was set */
	.macro	xts_next, dlo, dhi
	vmov	\dlo, w0, w1
	vmov	\dhi, w2, w3
	asr	tmp0, w3, #31
	and	tmp0, tmp0, #0x87
	adds	w0, w0, w0
	adcs	w1, w1, w1
	adcs	w2, w2, w2
	adc	w3, w3, w3
	eor	w0, w0, tmp0
	.endm

	/* XA = cipher(XA ^ t) ^ t */
	.macro	xts_one, cipher1, t
	veor	XA, XA, \t
	bl	\cipher1
	veor	XA, XA, \t
	.endm

	/*
	 * The whole blocks before the stealing: while len >= 32, two; then
	 * one if len >= 16.  len keeps its low 4 bits (the tail length r).
	 */
	.macro	xts_blocks, cipher2, cipher1
	ldr	ivp, [sp, #ARG6]
	cmp	len, #16
	blt	9f				@ nothing to do
	vld1.8	{d22-d23}, [ivp]
	vmov	w0, w1, d22
	vmov	w2, w3, d23
	tst	len, #15
	beq	0f
	sub	len, len, #16			@ keep the last whole block for the stealing
0:	cmp	len, #32
	blt	1f
	xts_next d22, d23			@ VM1 = T_n
	xts_next d24, d25			@ VM2 = T_n+1
	vld1.8	{d0-d3}, [in]!
	veor	XA, XA, VM1
	veor	XB, XB, VM2
	bl	\cipher2
	veor	XA, XA, VM1
	veor	XB, XB, VM2
	vst1.8	{d0-d3}, [out]!
	sub	len, len, #32
	b	0b
1:	cmp	len, #16
	blt	2f
	xts_next d22, d23
	vld1.8	{d0-d1}, [in]!
	xts_one	\cipher1, VM1
	vst1.8	{d0-d1}, [out]!
	sub	len, len, #16
2:
	.endm

	/*
	 * buf (sp) holds a whole block; for n < len (the tail length r):
	 * a = in[16 + n]; out[16 + n] = buf[n]; buf[n] = a.  Reads each input
	 * byte before the output byte at the same place is written.
	 */
	.macro	xts_steal_swap
	add	tmp1, in, #16
	add	tmp2, out, #16
	mov	tmp0, #0
8:	ldrb	w0, [tmp1, tmp0]
	ldrb	w1, [sp, tmp0]
	strb	w1, [tmp2, tmp0]
	strb	w0, [sp, tmp0]
	add	tmp0, tmp0, #1
	cmp	tmp0, len
	blt	8b
	.endm

	/* tweak = w0..w3 (or the q register given) */
	.macro	xts_store_tweak
	vmov	d22, w0, w1
	vmov	d23, w2, w3
	vst1.8	{d22-d23}, [ivp]
	.endm

SYM_FUNC_START(ctneon_vpaes_xts_encrypt)
	vpaes_enter VPAES_SB1_P
	xts_blocks .Lvpaes_encrypt2, .Lvpaes_encrypt1
	cmp	len, #0
	beq	3f
	/*
	 * Stealing, r = len: in/out point at P_m-1/C_m-1.
	 * CC = E(P_m-1 ^ T_m-1) ^ T_m-1; C_m = CC[0..r);
	 * C_m-1 = E(PP ^ T_m) ^ T_m with PP = P_m || CC[r..16).
	 */
	xts_next d22, d23			@ VM1 = T_m-1
	xts_next d24, d25			@ VM2 = T_m
	vld1.8	{d0-d1}, [in]
	xts_one	.Lvpaes_encrypt1, VM1		@ CC
	vst1.8	{d0-d1}, [sp]
	xts_steal_swap				@ C_m out, buf = PP
	vld1.8	{d0-d1}, [sp]
	xts_one	.Lvpaes_encrypt1, VM2
	vst1.8	{d0-d1}, [out]			@ C_m-1
	vmov	VM1, VM2
	add	tmp0, sp, #16
	clear_buf
	vst1.8	{d22-d23}, [ivp]		@ tweak = T_m
	b	9f
3:	xts_store_tweak
9:	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_xts_encrypt)

SYM_FUNC_START(ctneon_vpaes_xts_decrypt)
	vpaes_enter VPAES_D9_P
	xts_blocks .Lvpaes_decrypt2, .Lvpaes_decrypt1
	cmp	len, #0
	beq	3f
	/*
	 * Stealing, r = len: in/out point at C_m-1/P_m-1.
	 * PP = D(C_m-1 ^ T_m) ^ T_m; P_m = PP[0..r);
	 * P_m-1 = D(CC ^ T_m-1) ^ T_m-1 with CC = C_m || PP[r..16).
	 */
	xts_next d24, d25			@ VM2 = T_m-1
	xts_next d22, d23			@ VM1 = T_m
	vld1.8	{d0-d1}, [in]
	xts_one	.Lvpaes_decrypt1, VM1		@ PP
	vst1.8	{d0-d1}, [sp]
	xts_steal_swap				@ P_m out, buf = CC
	vld1.8	{d0-d1}, [sp]
	xts_one	.Lvpaes_decrypt1, VM2
	vst1.8	{d0-d1}, [out]			@ P_m-1
	add	tmp0, sp, #16
	clear_buf
	vst1.8	{d22-d23}, [ivp]		@ tweak = T_m
	b	9f
3:	xts_store_tweak
9:	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_xts_decrypt)

/*
 * Static instruction counts of the cipher routines (objdump of the ARM
 * build; Thumb-2 has the same instructions), per 16-byte block:
 *
 *                        setup + (rounds - 1) * loop + last round
 *   encrypt, 2 blocks    21 + 9 * 84 + 56 = 833 per pair: AES-128 416,
 *                        AES-192 500, AES-256 584 per block
 *   encrypt, 1 block     18 + 9 * 51 + 29 = 506: AES-128 506, 192 608, 256 710
 *                        (enc_round1, 2026-12-04; it was 13 + 9 * 45 + 31
 *                        = 449 with the two-block round's form)
 *   decrypt, 2 blocks    21 + 9 * 104 + 56 = 1013: AES-128 506, 192 610, 256 714
 *   decrypt, 1 block     13 + 9 * 57 + 31 = 557: AES-128 557, 192 671, 256 785
 *
 * An encryption loop iteration for two blocks: 40 vtbl.8, 22 veor, 14
 * shifts/inserts (nibbles and column rotations), 2 vand, 4 loads, 2 loop.
 * Decryption needs 8 output tables instead of 4 (28 vtbl.8 per block and
 * round instead of 20).  The modes add per block: ECB ~2.5, CBC encryption
 * ~7, CBC decryption ~5, CTR ~13.5 (counter build and increment in general
 * registers), XTS ~14.5 (tweak doubling in general registers).
 */
