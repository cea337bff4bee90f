/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: constant-time AES for AArch64 AdvSIMD without the Crypto
 * Extensions, by vector permutes (tbl) over a tower-field representation.
 *
 * Design notes
 * ============
 *
 * Why this method.  Without the AES instructions the choice is between a
 * bit-sliced cipher (fast only with 8 blocks in flight, so poor for CBC
 * encryption and short requests) and a vector-permute cipher.  The latter
 * computes the S-box arithmetically: every byte of the state is an element
 * e = i*u + k of K = GF(16)[u]/(u^2 + a*u + a) (i the high nibble, k the
 * low one), and the inverse of e needs only inverses of nibbles, i.e.
 * lookups in 16-entry tables, which "tbl" does for all 16 bytes at once in
 * one instruction.  It is constant time by construction and nearly as fast
 * for one block as for many; two blocks are interleaved where the mode allows
 * it to cover the latency of the dependent lookups.
 * scripts/gen-vpaes-tables.py derives the tables and holds the byte-exact
 * model (model_encrypt/model_decrypt) that this file implements.
 *
 * The math of one block (phi: GF(2^8) -> K, the key schedules of aes-ct.c
 * are already in the right basis with the S-box constant folded in):
 *
 *   z = ipt_lo[x & 15] ^ ipt_hi[x >> 4] ^ rk[0]           (x -> phi(x))
 *   round: z = SR(z); i = z >> 4; k = z & 15; j = i ^ k   (encryption:
 *          SR at the end of the round instead, see "Encryption")
 *          io = j ^ inv[inv[i] ^ inva[k]]                  = N / (k + a*i)
 *          jo = i ^ inv[inv[j] ^ inva[k]]                  = N / (k + a*j)
 *          1/z is then the linear combination P(io) ^ Q(jo); any linear
 *          map f after the inversion is folded into the pair of tables
 *          f_p[io] ^ f_q[jo].
 *   encryption, f = S-box affine map (s1) and 2*that (s2); MixColumns:
 *          t = s2 ^ rot1(s1);  z = t ^ rot1(t) ^ rot3(s1) ^ rk[r]
 *          (row r of a column: 2*s_r ^ 3*s_r+1 ^ s_r+2 ^ s_r+3)
 *   decryption, f = the InvMixColumns coefficients 9, 13, 11, 14:
 *          z = de ^ rk[r] ^ rot2(dd) ^ rot1(db ^ rot2(d9))
 *          (row r: 14*y_r ^ 11*y_r+1 ^ 13*y_r+2 ^ 9*y_r+3)
 *   last round: out = sbo (resp. dbo) of the inversion ^ rk[rounds],
 *          these tables map back to the standard basis.
 * A "1/0" entry of inv/inva is 0x10/0x20: tbl returns 0 for an index >= 16,
 * which gives the inversion of 0 and of the elements of GF(16) for free.
 *
 * Data layout.  The state is the AES state in memory order (column-major,
 * byte 4*c + r), one block per 128-bit register.  The 32 constant tables
 * (vpaes-tables.h, 512 bytes) sit in .text under .Lvpaes_consts and are
 * reached with adr (no relocations).  A key schedule is (rounds + 1)
 * consecutive 16-byte round keys (struct ctneon_aes_key .enc or .dec).
 *
 * Register allocation (the same in every entry point):
 *   v16-v31, v15  the constants, loaded once per call (see below)
 *   v0-v11        the cipher: six registers per block, a..f, block 0 in
 *                 the even registers v0,v2,..,v10, block 1 in the odd ones
 *                 (so both blocks move with one ld1/st1 {v0-v1}); a holds
 *                 the state z, b..f the nibbles and inversion temporaries;
 *                 e of block 0 (v8) receives each round key once its last
 *                 lookup is done.  A block alone (ctneon_vpaes_enc_1x)
 *                 also takes v1 (the table sr_rot2) and v3 (the round key).
 *   v12-v14       the modes: IV / saved ciphertext / tweaks
 *   x0-x5         arguments; x6-x9, x12-x15 mode scratch (counter, tweak);
 *   x10, w11      inside the cipher routines: round-key pointer and count
 *
 *   constants       encryption                decryption
 *   v15             0x0f in every byte        0x0f in every byte
 *   v16, v17        ipt_enc lo/hi             ipt_dec lo/hi
 *   v18, v19        inv, inva                 inv, inva
 *   v20-v23         sb1 p/q, sb2 p/q          d9 p/q, db p/q
 *   v24-v27         sbo p/q, shiftrows,       dd p/q, de p/q
 *                   sb3_p
 *   v28-v30         sb3_q, sr_rot1, sr_rot3   dbo p/q, invshiftrows
 *   v31             rot1                      rot1
 *
 * v8-v15 are callee-saved (low 64 bits) under AAPCS64; the entry points
 * save d8-d15 in their frame so that they may be called from C anywhere.
 * Little-endian only (the counter and tweak arithmetic uses ldp/rev).
 *
 * Constant time.  Secret data (key, state, plaintext, keystream) only ever
 * flows through eor, ushr/and and tbl; tbl is an ALU operation of fixed
 * latency whatever its index (it never touches memory).  Loads and stores
 * use addresses computed from the buffer pointers, the round counter and
 * the byte count; every branch depends on rounds or lengths only.  The
 * XTS tweak doubling is branch-free (sign mask via asr), the CTR carry is
 * adds/adc.  The 16-byte stack buffer used for partial blocks is wiped.
 *
 * Cost (static count, AES-128): a middle round is 26 instructions per block
 * for encryption with two blocks (13 tbl, 11 eor, ushr, and), plus the
 * round key's load and ShiftRows shared by the pair, 29 for a block alone
 * (the third output pair) and 32 for decryption; plus the loop branch.
 * The critical path of a round: 13 dependent instructions for encryption
 * (11 for a block alone), 13 for decryption (15 with InvMixColumns by
 * Horner's rule, as before 2026-12-04).  The second block's independent
 * chain fills those latencies, which matters most on in-order cores
 * (Cortex-A53/A55); the rounds are also ordered for them (see
 * "Encryption" below).  llvm-mca, ct-harness calls (tests/ct/mca.sh),
 * AES-128, before / after that ordering, the ShiftRows folding and the
 * direct InvMixColumns (2026-12-04): CBC encryption of 8 blocks 2391 /
 * 2624 instructions, A53 8214 / 7094 cycles, A72 4872 / 4303; ECB
 * encryption of 8 blocks 2227 / 2264 instructions, A53 4437 / 4084, A72
 * 2662 / 2579; CBC decryption of 8 blocks 2684 instructions both, A53 5345
 * / 4841, A72 3051 / 2960; ECB decryption of one block 372 instructions
 * both, A53 1236 / 1146, A72 711 / 603.
 */

#include <linux/linkage.h>
#include "../vpaes-tables.h"

	.text

/* ---------------------------------------------------------- registers */

	out		.req	x0
	in		.req	x1
	rk		.req	x2
	rounds		.req	w3
	blocks		.req	w4
	bytes		.req	w4
	ivp		.req	x5

	rkp		.req	x10		// round-key pointer, cipher routines
	rcnt		.req	w11		// round counter, cipher routines

	vmask		.req	v15
	vipt_lo		.req	v16
	vipt_hi		.req	v17
	vinv		.req	v18
	vinva		.req	v19
	vsb1p		.req	v20
	vsb1q		.req	v21
	vsb2p		.req	v22
	vsb2q		.req	v23
	vsbop		.req	v24
	vsboq		.req	v25
	vsr		.req	v26
	vsb3p		.req	v27
	vsb3q		.req	v28
	vsrrot1		.req	v29
	vsrrot3		.req	v30
	vsrrot2		.req	v1		// ctneon_vpaes_enc_1x only
	vd9p		.req	v20
	vd9q		.req	v21
	vdbp		.req	v22
	vdbq		.req	v23
	vddp		.req	v24
	vddq		.req	v25
	vdep		.req	v26
	vdeq		.req	v27
	vdbop		.req	v28
	vdboq		.req	v29
	visr		.req	v30
	vrot1		.req	v31

/* ------------------------------------------------------------- tables */

	.p2align 4
.Lvpaes_consts:
	vpaes_consts_data

/*
 * Operations on one block (d0, ...) or two (d0, ... and d1, ...): the
 * second block's instruction follows the first's, so two independent
 * dependency chains interleave.  Register arguments are plain names (v3).
 */
	.macro	tbl_x2, t, d0, i0, d1, i1	// d = t[i]
	tbl	\d0\().16b, {\t\().16b}, \i0\().16b
	.ifnb	\d1
	tbl	\d1\().16b, {\t\().16b}, \i1\().16b
	.endif
	.endm

	.macro	perm_x2, p, d0, s0, d1, s1	// d[n] = s[p[n]]
	tbl	\d0\().16b, {\s0\().16b}, \p\().16b
	.ifnb	\d1
	tbl	\d1\().16b, {\s1\().16b}, \p\().16b
	.endif
	.endm

	.macro	eor_x2, d0, n0, m0, d1, n1, m1	// d = n ^ m
	eor	\d0\().16b, \n0\().16b, \m0\().16b
	.ifnb	\d1
	eor	\d1\().16b, \n1\().16b, \m1\().16b
	.endif
	.endm

	.macro	rot2_x2, x0, x1			// x = rot2(x): halves of each column swapped
	rev32	\x0\().8h, \x0\().8h
	.ifnb	\x1
	rev32	\x1\().8h, \x1\().8h
	.endif
	.endm

	/* i = z >> 4, k = z & 15: the u and constant coefficients */
	.macro	split_x2, i0, k0, z0, i1, k1, z1
	ushr	\i0\().16b, \z0\().16b, #4
	.ifnb	\i1
	ushr	\i1\().16b, \z1\().16b, #4
	.endif
	and	\k0\().16b, \z0\().16b, vmask.16b
	.ifnb	\i1
	and	\k1\().16b, \z1\().16b, vmask.16b
	.endif
	.endm

/*
 * The inversion core of z (in a) but its last XOR: on exit e = io,
 * f = 1/jak, b = i, c = j; a and d are free.  12 instructions per block.
 */
	.macro	invert_head_x2, a0, b0, c0, d0, e0, f0, a1, b1, c1, d1, e1, f1
	split_x2 \b0, \c0, \a0, \b1, \c1, \a1		// i, k
	tbl_x2	vinva, \d0, \c0, \d1, \c1		// ak = a/k
	tbl_x2	vinv, \e0, \b0, \e1, \b1		// 1/i
	eor_x2	\c0, \b0, \c0, \c1, \b1, \c1		// j = i ^ k
	eor_x2	\e0, \e0, \d0, \e1, \e1, \d1		// iak = 1/i ^ a/k
	tbl_x2	vinv, \f0, \c0, \f1, \c1		// 1/j
	tbl_x2	vinv, \e0, \e0, \e1, \e1		// 1/iak
	eor_x2	\f0, \f0, \d0, \f1, \f1, \d1		// jak = 1/j ^ a/k
	eor_x2	\e0, \e0, \c0, \e1, \e1, \c1		// io = j ^ 1/iak
	tbl_x2	vinv, \f0, \f0, \f1, \f1		// 1/jak
	.endm

	/* f = jo = i ^ 1/jak, from invert_head_x2 */
	.macro	invert_jo_x2, a0, b0, c0, d0, e0, f0, a1, b1, c1, d1, e1, f1
	eor_x2	\f0, \f0, \b0, \f1, \f1, \b1		// jo = i ^ 1/jak
	.endm

	.macro	invert_perm_x2, sr, a0, b0, c0, d0, e0, f0, a1, b1, c1, d1, e1, f1
	perm_x2	\sr, \a0, \a0, \a1, \a1			// z = InvShiftRows(z)
	.endm

/*
 * z = permute(z, sr), then the inversion core: on exit e = io, f = jo,
 * b = i, c = j; a and d are free.  14 instructions per block.
 */
	.macro	invert_x2, sr, regs:vararg
	invert_perm_x2 \sr, \regs
	invert_head_x2 \regs
	invert_jo_x2 \regs
	.endm

	/* d = tp[io] ^ tq[jo]: a linear map of 1/z, t is a temporary */
	.macro	out_x2, tp, tq, d0, t0, e0, f0, d1, t1, e1, f1
	tbl_x2	\tp, \d0, \e0, \d1, \e1
	tbl_x2	\tq, \t0, \f0, \t1, \f1
	eor_x2	\d0, \d0, \t0, \d1, \d1, \t1
	.endm

	/*
	 * z = ipt_lo[z & 15] ^ ipt_hi[z >> 4] ^ rk[0]: into the tower field;
	 * with sr (encryption) then y = SR(z)
	 */
	.macro	first_x2, sr, a0, b0, c0, d0, e0, f0, a1, b1, c1, d1, e1, f1
	split_x2 \b0, \c0, \a0, \b1, \c1, \a1
	ld1	{\d0\().16b}, [rkp], #16
	tbl_x2	vipt_lo, \c0, \c0, \c1, \c1
	tbl_x2	vipt_hi, \b0, \b0, \b1, \b1
	eor_x2	\a0, \c0, \b0, \a1, \c1, \b1
	.ifb	\sr
	eor_x2	\a0, \a0, \d0, \a1, \a1, \d0
	.else
	eor_x2	\c0, \a0, \d0, \c1, \a1, \d0
	perm_x2	\sr, \a0, \c0, \a1, \c1			// y = SR(z)
	.endif
	.endm

	/* decryption: z = out_p[io] ^ out_q[jo] ^ rk[rounds] */
	.macro	last_x2, tp, tq, a0, b0, c0, d0, e0, f0, a1, b1, c1, d1, e1, f1
	ld1	{\b0\().16b}, [rkp]
	out_x2	\tp, \tq, \a0, \c0, \e0, \f0, \a1, \c1, \e1, \f1
	eor_x2	\a0, \a0, \b0, \a1, \a1, \b0
	.endm

/*
 * Encryption.  ShiftRows moves bytes and commutes with the byte-wise
 * S-box, so it is applied at the end of each round instead of the start
 * of the next: between rounds the state is y = SR(z), the inversion
 * starts from y directly, and a round ends with
 *   y' = SR(MC(s) ^ rk) = SR(t) ^ SR(rot1(t)) ^ SR(rot3(s1)) ^ SR(rk),
 *   t = s2 ^ rot1(s1)
 * (enc_round_x2): SR composed into the permutations that MixColumns needs
 * anyway (tables sr_rot1, sr_rot3).  For two blocks that only trades the
 * leading lookup of the chain for a final XOR, at one lookup more a round
 * (SR(rk), shared by the pair); it is there for one block alone
 * (enc_round_1x, latency-bound: CBC encryption), where a third output pair
 * gives s3 = 3 S(x), and the round key joins s2 while jo is being made:
 *   y' = SR(s2 ^ rk) ^ SR(rot1(s3)) ^ SR(rot2(s1)) ^ SR(rot3(s1)):
 * four permutations side by side, three instructions more per round and
 * two dependent steps fewer (11 instead of 13); the two forms then share
 * the resident tables (sr_rot3 in place of rot3).  The key schedule is the
 * plain one (aes-ct.c).
 * scripts/gen-vpaes-tables.py checks both forms against AES
 * (model_encrypt_sr, model_encrypt_sr3).
 *
 * Instruction order.  On an in-order core (Cortex-A53; its llvm-mca model
 * gives every NEON instruction 6 cycles of latency and issues one a
 * cycle, in order) an instruction that waits stalls all behind it, so the
 * lookups of io are issued while jo is still being computed, the three
 * (two) lookups of each index back to back, the XORs as a tree.
 */
	/* one middle round, two blocks: y in a (ShiftRows'd state) */
	.macro	enc_round_x2, a0, b0, c0, d0, e0, f0, a1, b1, c1, d1, e1, f1
	invert_head_x2 \a0, \b0, \c0, \d0, \e0, \f0, \a1, \b1, \c1, \d1, \e1, \f1
	tbl_x2	vsb1p, \a0, \e0, \a1, \e1		// sb1_p[io]
	tbl_x2	vsb2p, \c0, \e0, \c1, \e1		// sb2_p[io]
	invert_jo_x2 \a0, \b0, \c0, \d0, \e0, \f0, \a1, \b1, \c1, \d1, \e1, \f1
	ld1	{\e0\().16b}, [rkp], #16		// rk[r], both blocks
	tbl_x2	vsb1q, \b0, \f0, \b1, \f1		// sb1_q[jo]
	tbl_x2	vsb2q, \d0, \f0, \d1, \f1		// sb2_q[jo]
	tbl	\e0\().16b, {\e0\().16b}, vsr.16b	// SR(rk[r])
	eor_x2	\a0, \a0, \b0, \a1, \a1, \b1		// s1
	eor_x2	\c0, \c0, \d0, \c1, \c1, \d1		// s2
	perm_x2	vrot1, \b0, \a0, \b1, \a1		// rot1(s1)
	perm_x2	vsrrot3, \d0, \a0, \d1, \a1		// SR(rot3(s1))
	eor_x2	\c0, \c0, \b0, \c1, \c1, \b1		// t = s2 ^ rot1(s1)
	eor_x2	\d0, \d0, \e0, \d1, \d1, \e0		// SR(rot3(s1) ^ rk)
	perm_x2	vsr, \a0, \c0, \a1, \c1			// SR(t)
	perm_x2	vsrrot1, \b0, \c0, \b1, \c1		// SR(rot1(t))
	eor_x2	\a0, \a0, \d0, \a1, \a1, \d1
	eor_x2	\a0, \a0, \b0, \a1, \a1, \b1		// y
	.endm

	/*
	 * One middle round, one block (v0, v2, .. v10, with v1 = sr_rot2 and
	 * v3 for the round key): y in v0.
	 */
	.macro	enc_round_1x
	ld1	{v3.16b}, [rkp], #16			// rk[r]
	invert_head_x2 v0, v2, v4, v6, v8, v10
	tbl	v0.16b, {vsb1p.16b}, v8.16b		// sb1_p[io]
	tbl	v4.16b, {vsb2p.16b}, v8.16b		// sb2_p[io]
	invert_jo_x2 v0, v2, v4, v6, v8, v10
	tbl	v8.16b, {vsb3p.16b}, v8.16b		// sb3_p[io]
	eor	v4.16b, v4.16b, v3.16b			// ^ rk[r], while jo is made
	tbl	v2.16b, {vsb1q.16b}, v10.16b		// sb1_q[jo]
	tbl	v6.16b, {vsb2q.16b}, v10.16b		// sb2_q[jo]
	tbl	v10.16b, {vsb3q.16b}, v10.16b		// sb3_q[jo]
	eor	v0.16b, v0.16b, v2.16b			// s1
	eor	v4.16b, v4.16b, v6.16b			// s2 ^ rk
	eor	v8.16b, v8.16b, v10.16b			// s3
	tbl	v2.16b, {v0.16b}, vsrrot2.16b		// SR(rot2(s1))
	tbl	v6.16b, {v0.16b}, vsrrot3.16b		// SR(rot3(s1))
	tbl	v4.16b, {v4.16b}, vsr.16b		// SR(s2 ^ rk)
	tbl	v8.16b, {v8.16b}, vsrrot1.16b		// SR(rot1(s3))
	eor	v2.16b, v2.16b, v6.16b
	eor	v4.16b, v4.16b, v8.16b
	eor	v0.16b, v2.16b, v4.16b			// y
	.endm

	/* the last round: out = sbo_p[io] ^ sbo_q[jo] ^ rk[rounds] */
	.macro	enc_last_x2, a0, b0, c0, d0, e0, f0, a1, b1, c1, d1, e1, f1
	invert_head_x2 \a0, \b0, \c0, \d0, \e0, \f0, \a1, \b1, \c1, \d1, \e1, \f1
	tbl_x2	vsbop, \a0, \e0, \a1, \e1
	invert_jo_x2 \a0, \b0, \c0, \d0, \e0, \f0, \a1, \b1, \c1, \d1, \e1, \f1
	ld1	{\c0\().16b}, [rkp]
	tbl_x2	vsboq, \b0, \f0, \b1, \f1
	eor_x2	\a0, \a0, \b0, \a1, \a1, \b1
	eor_x2	\a0, \a0, \c0, \a1, \a1, \c0
	.endm

/*
 * One middle decryption round: InvSubBytes and InvMixColumns together,
 * row r of a column being 14*y_r ^ 11*y_r+1 ^ 13*y_r+2 ^ 9*y_r+3 (y the
 * inverted bytes):
 *   z = 14y ^ rk ^ rot2(13y) ^ rot1(11y ^ rot2(9y))
 * (rot1(rot2(x)) = rot3(x); rot2 swaps the halves of each 32-bit column,
 * one rev32): three dependent steps after 9y where Horner's rule on rot1
 * takes six, and the same 32 instructions.  Ordered as the encryption
 * rounds: the four lookups of io while jo is being made.
 */
	.macro	dec_round_x2, a0, b0, c0, d0, e0, f0, a1, b1, c1, d1, e1, f1
	invert_perm_x2 visr, \a0, \b0, \c0, \d0, \e0, \f0, \a1, \b1, \c1, \d1, \e1, \f1
	invert_head_x2 \a0, \b0, \c0, \d0, \e0, \f0, \a1, \b1, \c1, \d1, \e1, \f1
	tbl_x2	vd9p, \a0, \e0, \a1, \e1		// d9_p[io]
	tbl_x2	vddp, \c0, \e0, \c1, \e1		// dd_p[io]
	tbl_x2	vdbp, \d0, \e0, \d1, \e1		// db_p[io]
	invert_jo_x2 \a0, \b0, \c0, \d0, \e0, \f0, \a1, \b1, \c1, \d1, \e1, \f1
	tbl_x2	vdep, \e0, \e0, \e1, \e1		// de_p[io]
	tbl_x2	vd9q, \b0, \f0, \b1, \f1
	eor_x2	\a0, \a0, \b0, \a1, \a1, \b1		// 9y
	tbl_x2	vddq, \b0, \f0, \b1, \f1
	rot2_x2	\a0, \a1				// rot2(9y)
	eor_x2	\c0, \c0, \b0, \c1, \c1, \b1		// 13y
	tbl_x2	vdbq, \b0, \f0, \b1, \f1
	tbl_x2	vdeq, \f0, \f0, \f1, \f1
	eor_x2	\d0, \d0, \b0, \d1, \d1, \b1		// 11y
	eor_x2	\e0, \e0, \f0, \e1, \e1, \f1		// 14y
	rot2_x2	\c0, \c1				// rot2(13y)
	eor_x2	\a0, \a0, \d0, \a1, \a1, \d1		// 11y ^ rot2(9y)
	ld1	{\b0\().16b}, [rkp], #16		// rk[r], both blocks
	perm_x2	vrot1, \a0, \a0, \a1, \a1		// rot1(11y) ^ rot3(9y)
	eor_x2	\e0, \e0, \c0, \e1, \e1, \c1		// 14y ^ rot2(13y)
	eor_x2	\e0, \e0, \b0, \e1, \e1, \b0		// ^ rk
	eor_x2	\a0, \a0, \e0, \a1, \a1, \e1		// z
	.endm

	/* a whole cipher: rounds from w3, schedule from x2 */
	.macro	cipher_x2, dir, n, regs:vararg
	mov	rkp, rk
	sub	rcnt, rounds, #1
	.ifc	\dir, enc
	first_x2 vsr, \regs
.L\@_eloop:
	.if	\n == 1
	enc_round_1x
	.else
	enc_round_x2 \regs
	.endif
	subs	rcnt, rcnt, #1
	b.ne	.L\@_eloop
	enc_last_x2 \regs
	.else
	first_x2 , \regs
.L\@_dloop:
	dec_round_x2 \regs
	subs	rcnt, rcnt, #1
	b.ne	.L\@_dloop
	invert_x2 visr, \regs
	last_x2	vdbop, vdboq, \regs
	.endif
	.endm
#define BLOCK0		v0, v2, v4, v6, v8, v10
#define BLOCKS01	v0, v2, v4, v6, v8, v10, v1, v3, v5, v7, v9, v11

/*
 * Local cipher routines, called with bl from the entry points with the
 * constants of their direction loaded.  In: v0 (and v1), x2 = rk,
 * w3 = rounds.  Out: v0 (and v1).  Clobbers x10, w11, flags and
 * v0, v2, v4, v6, v8, v10 (ctneon_vpaes_dec_1x), those and v1, v3
 * (ctneon_vpaes_enc_1x) or v0-v11 (the 2x forms).  No caller keeps
 * anything in v1-v11 across a call: the modes keep theirs in v12-v14.
 */
	.p2align 4
	.type	ctneon_vpaes_enc_1x, %function
ctneon_vpaes_enc_1x:
	adr	x10, .Lvpaes_consts + VPAES_SR_ROT2
	ldr	q1, [x10]				// vsrrot2
	cipher_x2 enc, 1, BLOCK0
	ret
	.size	ctneon_vpaes_enc_1x, . - ctneon_vpaes_enc_1x

	.p2align 4
	.type	ctneon_vpaes_enc_2x, %function
ctneon_vpaes_enc_2x:
	cipher_x2 enc, 2, BLOCKS01
	ret
	.size	ctneon_vpaes_enc_2x, . - ctneon_vpaes_enc_2x

	.p2align 4
	.type	ctneon_vpaes_dec_1x, %function
ctneon_vpaes_dec_1x:
	cipher_x2 dec, 1, BLOCK0
	ret
	.size	ctneon_vpaes_dec_1x, . - ctneon_vpaes_dec_1x

	.p2align 4
	.type	ctneon_vpaes_dec_2x, %function
ctneon_vpaes_dec_2x:
	cipher_x2 dec, 2, BLOCKS01
	ret
	.size	ctneon_vpaes_dec_2x, . - ctneon_vpaes_dec_2x

/* ------------------------------------------------ entry-point helpers */

	/*
	 * Frame: x29/x30 (the routines are called with bl), d8-d15
	 * (callee-saved), and a 16-byte buffer for partial blocks at BUF.
	 */
#define FRAME	96
#define BUF	80
	.macro	vpaes_enter
	stp	x29, x30, [sp, #-FRAME]!
	mov	x29, sp
	stp	d8, d9, [sp, #16]
	stp	d10, d11, [sp, #32]
	stp	d12, d13, [sp, #48]
	stp	d14, d15, [sp, #64]
	.endm

	.macro	vpaes_leave
	ldp	d8, d9, [sp, #16]
	ldp	d10, d11, [sp, #32]
	ldp	d12, d13, [sp, #48]
	ldp	d14, d15, [sp, #64]
	ldp	x29, x30, [sp], #FRAME
	ret
	.endm

	.macro	load_consts, dir
	movi	vmask.16b, #0x0f
	.ifc	\dir, enc
	adr	x10, .Lvpaes_consts
	ld1	{v16.16b-v19.16b}, [x10], #64	// ipt_enc lo/hi, inv, inva
	ld1	{v20.16b-v23.16b}, [x10], #64	// sb1 p/q, sb2 p/q
	ld1	{v24.16b-v27.16b}, [x10]	// sbo p/q, shiftrows, rot1
	mov	vrot1.16b, v27.16b
	adr	x10, .Lvpaes_consts + VPAES_SB3_P
	ld1	{v27.16b-v30.16b}, [x10]	// sb3 p/q, sr_rot1, sr_rot3
	.else
	adr	x10, .Lvpaes_consts + VPAES_IPT_DEC_LO
	ld1	{v16.16b-v17.16b}, [x10], #32	// ipt_dec lo/hi
	ld1	{v20.16b-v23.16b}, [x10], #64	// d9 p/q, db p/q
	ld1	{v24.16b-v27.16b}, [x10], #64	// dd p/q, de p/q
	ld1	{v28.16b-v30.16b}, [x10]	// dbo p/q, invshiftrows
	adr	x10, .Lvpaes_consts + VPAES_INV
	ld1	{v18.16b-v19.16b}, [x10]	// inv, inva
	adr	x10, .Lvpaes_consts + VPAES_ROT1
	ld1	{vrot1.16b}, [x10]
	.endif
	.endm

/* ---------------------------------------------------------------- ECB */

	.macro	ecb_crypt, dir
	vpaes_enter
	load_consts \dir
	subs	blocks, blocks, #2
	b.lt	.L\@_one
.L\@_two:
	ld1	{v0.16b-v1.16b}, [in], #32
	bl	ctneon_vpaes_\dir\()_2x
	st1	{v0.16b-v1.16b}, [out], #32
	subs	blocks, blocks, #2
	b.ge	.L\@_two
.L\@_one:
	adds	blocks, blocks, #2		// 0 or 1 left (or <= 0 given)
	b.le	.L\@_done
	ld1	{v0.16b}, [in]
	bl	ctneon_vpaes_\dir\()_1x
	st1	{v0.16b}, [out]
.L\@_done:
	vpaes_leave
	.endm

/*
 * void ctneon_vpaes_ecb_encrypt(u8 *out, const u8 *in, const u8 *rk,
 *				 int rounds, int blocks);
 * x0 out, x1 in, x2 rk (enc schedule), w3 rounds, w4 blocks.
 * Clobbers x0-x4, x10, x11, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_vpaes_ecb_encrypt)
	ecb_crypt enc
SYM_FUNC_END(ctneon_vpaes_ecb_encrypt)

/*
 * void ctneon_vpaes_ecb_decrypt(u8 *out, const u8 *in, const u8 *rk,
 *				 int rounds, int blocks);
 * x0 out, x1 in, x2 rk (dec schedule), w3 rounds, w4 blocks.
 * Clobbers x0-x4, x10, x11, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_vpaes_ecb_decrypt)
	ecb_crypt dec
SYM_FUNC_END(ctneon_vpaes_ecb_decrypt)

/* ---------------------------------------------------------------- CBC */

/*
 * void ctneon_vpaes_cbc_encrypt(u8 *out, const u8 *in, const u8 *rk,
 *				 int rounds, int blocks, u8 iv[16]);
 * C_n = E(P_n ^ C_n-1), C_-1 = iv; serial, one block at a time.
 * x0 out, x1 in, x2 rk (enc), w3 rounds, w4 blocks, x5 iv (in/out).
 * Clobbers x0-x4, x10, x11, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_vpaes_cbc_encrypt)
	vpaes_enter
	load_consts enc
	ld1	{v12.16b}, [ivp]			// chaining value
	cmp	blocks, #0
	b.le	1f
0:	ld1	{v0.16b}, [in], #16
	eor	v0.16b, v0.16b, v12.16b
	bl	ctneon_vpaes_enc_1x
	mov	v12.16b, v0.16b
	st1	{v0.16b}, [out], #16
	subs	blocks, blocks, #1
	b.ne	0b
	st1	{v12.16b}, [ivp]
1:	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_cbc_encrypt)

/*
 * void ctneon_vpaes_cbcmac(u8 dg[16], const u8 *in, const u8 *rk,
 *			    int rounds, int blocks);
 * dg = E(dg ^ P_n) for each block: CBC encryption that keeps only the
 * chaining value (the CBC-MAC inside CMAC, XCBC and CCM).  Serial.
 * x0 dg (in/out), x1 in, x2 rk (enc), w3 rounds, w4 blocks.
 * Clobbers x1-x4, x10, x11, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_vpaes_cbcmac)
	vpaes_enter
	load_consts enc
	ld1	{v12.16b}, [out]			// dg
	cmp	blocks, #0
	b.le	1f
0:	ld1	{v0.16b}, [in], #16
	eor	v0.16b, v0.16b, v12.16b			// dg ^ P_n
	bl	ctneon_vpaes_enc_1x
	mov	v12.16b, v0.16b
	subs	blocks, blocks, #1
	b.ne	0b
	st1	{v12.16b}, [out]
1:	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_cbcmac)

/*
 * void ctneon_vpaes_cbc_decrypt(u8 *out, const u8 *in, const u8 *rk,
 *				 int rounds, int blocks, u8 iv[16]);
 * P_n = D(C_n) ^ C_n-1, two blocks at a time; the ciphertext is kept in
 * v13/v14 before the output is written, so out == in works.
 * x0 out, x1 in, x2 rk (dec), w3 rounds, w4 blocks, x5 iv (in/out).
 * Clobbers x0-x4, x10, x11, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_vpaes_cbc_decrypt)
	vpaes_enter
	load_consts dec
	ld1	{v12.16b}, [ivp]			// C_n-1
	subs	blocks, blocks, #2
	b.lt	1f
0:	ld1	{v0.16b-v1.16b}, [in], #32
	mov	v13.16b, v0.16b
	mov	v14.16b, v1.16b
	bl	ctneon_vpaes_dec_2x
	eor	v0.16b, v0.16b, v12.16b
	eor	v1.16b, v1.16b, v13.16b
	mov	v12.16b, v14.16b
	st1	{v0.16b-v1.16b}, [out], #32
	subs	blocks, blocks, #2
	b.ge	0b
1:	adds	blocks, blocks, #2
	b.le	2f
	ld1	{v0.16b}, [in]
	mov	v13.16b, v0.16b
	bl	ctneon_vpaes_dec_1x
	eor	v0.16b, v0.16b, v12.16b
	mov	v12.16b, v13.16b
	st1	{v0.16b}, [out]
2:	st1	{v12.16b}, [ivp]
	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_cbc_decrypt)

/* ---------------------------------------------------------------- CTR */

	ctrhi		.req	x6	// the counter, host order: high half
	ctrlo		.req	x7	// low half
	ctrtail		.req	w15	// bytes % 16

	/* vd = the counter block (big endian); counter += 1 over 128 bits */
	.macro	ctr_next, vd
	rev	x8, ctrhi
	rev	x9, ctrlo
	mov	\vd\().d[0], x8
	mov	\vd\().d[1], x9
	adds	ctrlo, ctrlo, #1
	adc	ctrhi, ctrhi, xzr
	.endm

/*
 * void ctneon_vpaes_ctr_crypt(u8 *out, const u8 *in, const u8 *rk,
 *			       int rounds, int bytes, u8 ctr[16]);
 * out = in ^ E(ctr), E(ctr + 1), ...; a final partial block uses the first
 * bytes % 16 bytes of its keystream (through the stack buffer, byte loads
 * and stores only inside the buffers).
 * x0 out, x1 in, x2 rk (enc), w3 rounds, w4 bytes, x5 ctr (in/out).
 * Clobbers x0-x4, x6-x12, x15, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_vpaes_ctr_crypt)
	vpaes_enter
	load_consts enc
	ldp	ctrhi, ctrlo, [ivp]
	rev	ctrhi, ctrhi
	rev	ctrlo, ctrlo
	cmp	bytes, #0
	b.le	4f
	and	ctrtail, bytes, #15
	lsr	blocks, bytes, #4
	subs	blocks, blocks, #2
	b.lt	1f
0:	ctr_next v0
	ctr_next v1
	bl	ctneon_vpaes_enc_2x
	ld1	{v12.16b-v13.16b}, [in], #32
	eor	v0.16b, v0.16b, v12.16b
	eor	v1.16b, v1.16b, v13.16b
	st1	{v0.16b-v1.16b}, [out], #32
	subs	blocks, blocks, #2
	b.ge	0b
1:	adds	blocks, blocks, #2
	b.eq	2f
	ctr_next v0
	bl	ctneon_vpaes_enc_1x
	ld1	{v12.16b}, [in], #16
	eor	v0.16b, v0.16b, v12.16b
	st1	{v0.16b}, [out], #16
2:	cbz	ctrtail, 4f
	ctr_next v0
	bl	ctneon_vpaes_enc_1x
	add	x12, sp, #BUF
	st1	{v0.16b}, [x12]
3:	ldrb	w8, [in], #1
	ldrb	w9, [x12], #1
	eor	w8, w8, w9
	strb	w8, [out], #1
	subs	ctrtail, ctrtail, #1
	b.ne	3b
	stp	xzr, xzr, [sp, #BUF]			// wipe the keystream
4:	rev	x8, ctrhi
	rev	x9, ctrlo
	stp	x8, x9, [ivp]
	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_ctr_crypt)

/*
 * void ctneon_vpaes_ccm_encrypt(u8 *out, const u8 *in, const u8 *rk,
 *				 int rounds, int blocks, u8 mac[16],
 *				 u8 ctr[16]);
 * void ctneon_vpaes_ccm_decrypt(...same...);
 * CCM's two AES streams over whole blocks, paired in the two-block cipher
 * (the CBC-MAC's chain alone would leave the second lane idle; glue-ccm.c
 * has what it costs against the lone-block MAC and bit-sliced CTR).  Encrypting, one call per block gives
 * mac = E(mac ^ P_n) and the keystream E(ctr) for C_n = P_n ^ E(ctr).
 * Decrypting, P_n = C_n ^ E(ctr) must come first: the keystream of block
 * n + 1 is paired with the MAC of block n, with a lone block at each end.
 * Each input block is read once, so what is MACed is exactly what is
 * encrypted or was decrypted; out == in works.  The counter is the
 * 128-bit big-endian block counter of ctneon_vpaes_ctr_crypt(); mac and
 * ctr are updated.  Constant time as the other modes: the branches depend
 * on blocks only.
 * x0 out, x1 in, x2 rk (enc), w3 rounds, w4 blocks, x5 mac, x6 ctr.
 * Clobbers x0-x4, x6-x13, v0-v31 (d8-d15 preserved), flags.
 */
	.macro	ccm_load_state
	mov	x13, x6					// the ctr pointer (x6 is ctrhi)
	ldp	ctrhi, ctrlo, [x13]
	rev	ctrhi, ctrhi
	rev	ctrlo, ctrlo
	ld1	{v12.16b}, [ivp]			// mac
	.endm

	.macro	ccm_store_state
	st1	{v12.16b}, [ivp]
	rev	x8, ctrhi
	rev	x9, ctrlo
	stp	x8, x9, [x13]
	.endm

SYM_FUNC_START(ctneon_vpaes_ccm_encrypt)
	vpaes_enter
	load_consts enc
	ccm_load_state
	cmp	blocks, #0
	b.le	1f
0:	ld1	{v13.16b}, [in], #16			// P_n
	eor	v0.16b, v12.16b, v13.16b		// mac ^ P_n
	ctr_next v1
	bl	ctneon_vpaes_enc_2x
	mov	v12.16b, v0.16b				// mac = E(mac ^ P_n)
	eor	v1.16b, v1.16b, v13.16b			// C_n = P_n ^ E(ctr)
	st1	{v1.16b}, [out], #16
	subs	blocks, blocks, #1
	b.ne	0b
	ccm_store_state
1:	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_ccm_encrypt)

SYM_FUNC_START(ctneon_vpaes_ccm_decrypt)
	vpaes_enter
	load_consts enc
	ccm_load_state
	cmp	blocks, #0
	b.le	2f
	ctr_next v0
	bl	ctneon_vpaes_enc_1x			// v0 = the first keystream block
0:	ld1	{v13.16b}, [in], #16			// C_n
	eor	v13.16b, v13.16b, v0.16b		// P_n
	st1	{v13.16b}, [out], #16
	eor	v0.16b, v12.16b, v13.16b		// mac ^ P_n
	subs	blocks, blocks, #1
	b.eq	1f
	ctr_next v1
	bl	ctneon_vpaes_enc_2x			// v0 = the MAC, v1 = keystream n + 1
	mov	v12.16b, v0.16b
	mov	v0.16b, v1.16b
	b	0b
1:	bl	ctneon_vpaes_enc_1x			// the last block's MAC alone
	mov	v12.16b, v0.16b
	ccm_store_state
2:	vpaes_leave
SYM_FUNC_END(ctneon_vpaes_ccm_decrypt)

/* ---------------------------------------------------------------- XTS */

	twlo		.req	x6	// the tweak, a 128-bit little-endian integer
	twhi		.req	x7
	twpoly		.req	x9	// 0x87: x^128 = x^7 + x^2 + x + 1
	xtail		.req	w13	// bytes % 16

	/* vd = T */
	.macro	xts_cur, vd
	mov	\vd\().d[0], twlo
	mov	\vd\().d[1], twhi
	.endm

	/* vd = T; T = T * x in GF(2^128), branch-free */
	.macro	xts_next, vd
	xts_cur	\vd
	and	x8, twpoly, twhi, asr #63		// 0x87 if bit 127 is set
	extr	twhi, twhi, twlo, #63
	eor	twlo, x8, twlo, lsl #1
	.endm

	/*
	 * C = E(P ^ T) ^ T (or D); blocks 0..m-2 (all m if no tail) in
	 * pairs, then the stolen pair: see IEEE 1619 and vpaes.h.
	 */
	.macro	xts_crypt, dir
	vpaes_enter
	load_consts \dir
	cmp	bytes, #16
	b.lt	.L\@_ret			// nothing (or nothing valid) to do
	ldp	twlo, twhi, [ivp]
	mov	twpoly, #0x87
	and	xtail, bytes, #15
	lsr	blocks, bytes, #4
	cmp	xtail, #0
	sub	w12, blocks, #1
	csel	blocks, blocks, w12, eq		// keep the last full one for CTS
	subs	blocks, blocks, #2
	b.lt	.L\@_one
.L\@_two:
	xts_next v12
	xts_next v13
	ld1	{v0.16b-v1.16b}, [in], #32
	eor	v0.16b, v0.16b, v12.16b
	eor	v1.16b, v1.16b, v13.16b
	bl	ctneon_vpaes_\dir\()_2x
	eor	v0.16b, v0.16b, v12.16b
	eor	v1.16b, v1.16b, v13.16b
	st1	{v0.16b-v1.16b}, [out], #32
	subs	blocks, blocks, #2
	b.ge	.L\@_two
.L\@_one:
	adds	blocks, blocks, #2
	b.eq	.L\@_cts
	xts_next v12
	ld1	{v0.16b}, [in], #16
	eor	v0.16b, v0.16b, v12.16b
	bl	ctneon_vpaes_\dir\()_1x
	eor	v0.16b, v0.16b, v12.16b
	st1	{v0.16b}, [out], #16
.L\@_cts:
	cbz	xtail, .L\@_done
	/*
	 * in/out point at block m-1; the r = xtail tail bytes follow.
	 * Encryption: CC = E_Tm-1(P_m-1); decryption: PP = D_Tm(C_m-1).
	 */
	xts_next v12				// T_m-1
	xts_cur	v13				// T_m (kept: the value returned)
	.ifc	\dir, enc
	mov	v14.16b, v12.16b		// first T_m-1, then T_m
	mov	v12.16b, v13.16b
	.else
	mov	v14.16b, v13.16b		// first T_m, then T_m-1
	.endif
	ld1	{v0.16b}, [in]
	eor	v0.16b, v0.16b, v14.16b
	bl	ctneon_vpaes_\dir\()_1x
	eor	v0.16b, v0.16b, v14.16b
	add	x12, sp, #BUF
	st1	{v0.16b}, [x12]
	/*
	 * Swap the tail through the buffer: out tail = buf[0..r),
	 * buf[0..r) = in tail; each input byte is read before the output
	 * byte at the same offset is written (out == in).
	 */
	add	x14, in, #16
	add	x15, out, #16
	mov	w11, xtail
0:	ldrb	w8, [x14], #1
	ldrb	w10, [x12]
	strb	w10, [x15], #1
	strb	w8, [x12], #1
	subs	w11, w11, #1
	b.ne	0b
	add	x12, sp, #BUF
	ld1	{v0.16b}, [x12]
	eor	v0.16b, v0.16b, v12.16b
	bl	ctneon_vpaes_\dir\()_1x
	eor	v0.16b, v0.16b, v12.16b
	st1	{v0.16b}, [out]
	stp	xzr, xzr, [sp, #BUF]		// wipe the stolen block
.L\@_done:
	stp	twlo, twhi, [ivp]		// T * x^(bytes / 16)
.L\@_ret:
	vpaes_leave
	.endm

/*
 * void ctneon_vpaes_xts_encrypt(u8 *out, const u8 *in, const u8 *rk,
 *				 int rounds, int bytes, u8 tweak[16]);
 * x0 out, x1 in, x2 rk (enc), w3 rounds, w4 bytes, x5 tweak (in/out).
 * Clobbers x0-x4, x6-x15, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_vpaes_xts_encrypt)
	xts_crypt enc
SYM_FUNC_END(ctneon_vpaes_xts_encrypt)

/*
 * void ctneon_vpaes_xts_decrypt(u8 *out, const u8 *in, const u8 *rk,
 *				 int rounds, int bytes, u8 tweak[16]);
 * x0 out, x1 in, x2 rk (dec), w3 rounds, w4 bytes, x5 tweak (in/out).
 * Clobbers x0-x4, x6-x15, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_vpaes_xts_decrypt)
	xts_crypt dec
SYM_FUNC_END(ctneon_vpaes_xts_decrypt)
