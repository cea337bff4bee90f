/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: GHASH for 32-bit ARMv7 NEON, from 8-bit polynomial multiplies
 * (vmull.p8), without tables and without the Crypto Extensions.
 *
 * Design notes
 * ============
 *
 * Bit order: the reflected domain.  GCM puts the coefficient of x^k of a
 * block at bit 7 - (k mod 8) of byte k / 8.  Reverse the 16 bytes and read
 * them as one little-endian 128-bit integer: then bit 127 - k holds the
 * coefficient of x^k.  Call this integer R(p), "p reflected".  Reversing the
 * bytes is one vrev64.8 per block (the bytes within each 64-bit half) plus
 * a swap of the halves, and the swap is free: it is only which d register
 * we call the low half.  The other way, reversing the bits of every byte
 * (vtbl on nibbles: two masks/shifts, four vtbl and an or per block) would
 * give the plain polynomial and the textbook reduction, but costs 7
 * instructions per block against 1.  So every polynomial is kept reflected
 * and the reduction below is the reflected one.
 *
 * Reflection and carry-less products.  For a, b of degree <= 127, the
 * carry-less (xor) integer product of R(a) and R(b) has bit 254 - k equal to
 * the coefficient of x^k in a*b (bit (127-i) + (127-j) holds a_i b_j).  If
 * the key operand is b' = b * x^-1 mod g instead of b, the 256-bit product
 * P = R(a) (x) R(b') has bit 255 - m equal to the coefficient of x^m of
 * c = x * a * b', a polynomial of degree <= 255 congruent to a*b mod g.  So
 * with c = c_lo + x^128 c_hi:
 *   P_hi (bits 128..255) = R(c_lo),   P_lo (bits 0..127) = R(c_hi),
 * no shift by one needed: setkey stores H^i * x^-1 for every power H^i.
 * x^-1 in the reflected domain: if p_0 = 0, p/x moves coefficient k to k-1,
 * R(p) << 1; if p_0 = 1, (p + g)/x = p/x (rounded) + x^127 + x^6 + x + 1,
 * so R(p x^-1) = (R(p) << 1) ^ (bit 127 of R(p) ? E : 0) with
 * E = 0xc2000000_00000000_00000000_00000001 (x^0 -> bit 127, x^1 -> 126,
 * x^6 -> 121, x^127 -> bit 0), the mask made by an arithmetic shift (no
 * branch).
 *
 * Reduction modulo g = x^128 + x^7 + x^2 + x + 1, in R() form, with
 * U = R(c_hi), C = R(c_lo).  c_hi * x^128 = c_hi * r (r = x^7 + x^2 + x + 1).
 * c_hi * r overflows x^128 by t = the coefficients 121..127 of c_hi moved
 * down by 121, 126 and 127 places; t * r (degree <= 13) no longer overflows.
 * With w = c_hi + t:  c mod g = c_lo + (w * r mod x^128), and in R() form
 * (multiplying by x^s is a right shift by s, dividing a left shift):
 *   W = U ^ (U << 121) ^ (U << 126) ^ (U << 127)         (128-bit shifts)
 *   result = C ^ W ^ (W >> 1) ^ (W >> 2) ^ (W >> 7)
 * On 64-bit lanes: let f(v) = (v << 57) ^ (v << 62) ^ (v << 63) (64-bit).
 *   W.lo = U.lo,  W.hi = U.hi ^ f(U.lo)
 *   the right shifts of W within each lane, plus the bits crossing from the
 *   high lane into the low one: f(W.hi) = f(U.hi) ^ f(f(U.lo)) = f(U.hi),
 *   because f(f(v)) shifts by >= 114 and vanishes.
 * So F = f(U) is computed once on both lanes (3 vshl, 2 veor): F.lo feeds
 * W.hi and F.hi goes straight into the low lane of the result.
 *
 * 128 x 128 bits: Karatsuba on 64-bit halves,
 *   a*b = A1B1 * 2^128 ^ (A1B1 ^ A0B0 ^ (A0^A1)(B0^B1)) * 2^64 ^ A0B0
 * three 64 x 64 products: "lo", "hi" and "mid".
 *
 * 64 x 64 bits from vmull.p8.  vmull.p8 q, d1, d2 makes the eight 16-bit
 * carry-less products of the byte lanes, lane i at bits 16i..16i+15.  With
 * a = sum a_i 2^8i, b = sum b_j 2^8j (bytes), the product is the sum of all
 * 64 a_i b_j at byte offset i + j.  Group the pairs by their distance
 * d = j - i mod 8 (the "diagonals").  Let a_k be a rotated by k bytes
 * (lane i = a_{i+k mod 8}, one vext.8) and b_k likewise:
 *   d = 0:  D = vmull(a, b): lane i = a_i b_i, at byte 2i: in place.
 *   d = k, 8 - k for k = 1, 2, 3:  L_k = vmull(a, b_k) ^ vmull(a_k, b),
 *           lane i = a_i b_{i+k} ^ a_{i+k} b_i.  For i < 8 - k these pairs
 *           belong at byte i + (i+k) = 2i + k, k bytes above the lane; for
 *           i >= 8 - k the index wrapped, the pairs are a_i b_{i+k-8} ^
 *           a_{i+k-8} b_i and belong at 2i + k - 8: the same, minus 8 bytes.
 *   d = 4:  K = vmull(a_4, b): lane i = a_{i+4} b_i, same rule with k = 4.
 * The wrapped lanes are the top 2k bytes, all in the high d half (k <= 4).
 * Moving them down by 8 bytes (T_k.lo = L.lo ^ (L.hi & M_k), T_k.hi =
 * L.hi & ~M_k, M_k the top 2k bytes; for K simply T.lo = K.lo ^ K.hi,
 * T.hi = 0) leaves a vector whose top 2k bytes are zero and whose every
 * lane now belongs exactly k bytes higher: the contribution is T_k << 8k,
 * a byte rotation of the 128-bit register (vext.8 #16-k), since the bytes
 * that rotate around are zero.  The 64 x 64 product is
 *   D ^ (T_1 << 8) ^ (T_2 << 16) ^ (T_3 << 24) ^ (T_4 << 32).
 * Karatsuba again, on the bytes: lane by lane,
 *   (a_i ^ a_{i+k}) (b_i ^ b_{i+k}) = a_i b_i ^ a_{i+k} b_{i+k} ^ L_k[i]
 * so L_k = vmull(a ^ a_k, c_k) ^ D ^ rot_k(D), with c_k = b ^ b_k (made by
 * setkey) and rot_k(D) the 16-bit lanes of D rotated down by k (a byte
 * rotation by 2k).  Five vmull.p8 per 64 x 64 product instead of eight.
 *
 * Aggregation.  Everything after the vmull.p8 is linear and the same for
 * every product: so the D, L_1..L_3 (still without their D ^ rot_k(D)), K
 * vectors of one Karatsuba part are summed over all the blocks of a batch
 * first; the D ^ rot_k(D) terms, the wrap fix-up and the shifts (31
 * instructions) are done once per part and batch, the Karatsuba
 * recombination and the reduction (19) once per batch:
 *   X <- (X ^ B1) H^16 ^ B2 H^15 ^ .. ^ B16 H
 * Registers decide the shape: the accumulators of one part take 5 q
 * registers and the three part results 3 more (the one of the current part
 * is its D); the key operand (b, c_1..c_3) 4 d registers, the data
 * operands a ^ a_k and a_4 two, two vmull destinations 2 q: 4 q registers
 * are left for data, i.e. 4 blocks.  So a batch is done part by part in
 * groups of 4: a 16-block batch in g1..g4, loaded in the order lo: g1 g2
 * g3 g4, hi: g4 g3 g2 g1, mid: g1 g2 g3 g4 (each part starts on the group
 * already in registers: 10 group loads of 6 instructions, not 12); an
 * 8-block batch (for 8..15 blocks left) the same with g1, g2.  Tails: one
 * 4-block batch if 4..7 are left, then one of 1, 2 or 3 blocks, all with
 * the same macros (powers H^n..H^1).  Against 8-block batches (until
 * 2026-12-04: 8 powers, the mid operand made at use) the 16-block one
 * halves the fix-ups and reductions per byte for two more group loads,
 * and the stored mid operand saves 2 veor and a vld1 per mid block: 4.11
 * instead of 4.65 instructions per byte.
 *
 * Key layout (all 1536 bytes of CTNEON_GHASH_KEY_SIZE on arm): 16 powers
 * i = 16..1 of 96 bytes at 96 (16 - i): the lo operand (b, c_1, c_2, c_3
 * of the low 64-bit half of R(H^i * x^-1); c_k = b ^ b_k), the hi one,
 * and the mid one, their xor (everything here is linear in b).  A part
 * walks the powers with a post-increment of 96 (kstride).
 *
 * Cost (static, steady state, per 16 blocks = 256 bytes): 10 group loads
 * with byte reversal 60, X 3, pointers 9; per part 13 + 15 * 18 (vld1, 4
 * vext, 3 veor, 5 vmull, 5 veor per block) = 283, three parts; 16 mid
 * data; fix-ups 3 * 31; Karatsuba and reduction 19; loop 2: 1051
 * instructions as traced, 4.11 per byte, 240 vmull.p8 (0.94 per byte).
 * llvm-mca on the loop as executed (100 iterations): Cortex-A57 model 500
 * cycles per 256 bytes, 1.95 cycles/byte (bound by the two NEON pipes;
 * vmull.p8 issues on one of them; the 8-block batch took 289 per 128
 * bytes, 2.26 per byte).  Whole calls as counted by ct-check: 1 block
 * 186 instructions, 4 blocks 363, 17 blocks 1247 (before: 189, 373 and
 * 1387); setkey 15 products for H^2..H^16 (7 before).
 * For comparison, the in-tree vmull.p8 GHASH of Debian's 6.12 armmp
 * kernel (ghash-arm-ce.ko, one block per iteration, 24 vmull.p8): 129
 * instructions per 16 bytes (8.1 per byte), A57 model 5.9 cycles/byte
 * (each block waits for the previous reduction), A9 model 10.6.
 *
 * Constant time: the only branches and addresses depend on the block count
 * and the pointers; H, X and the data are only vmull/veor/vext operands.
 *
 * Registers (q4-q7 are callee-saved: vpush/vpop d8-d15):
 *   q0-q3   a group of 4 blocks, as loaded and byte-reversed: d(2n) is
 *           the high half of R(block), d(2n+1) the low half; for the mid
 *           part the mids are packed into d0-d3
 *   q4-q7   L1, L2, L3, K accumulators of the current part
 *   q8      mid part D / Karatsuba middle term; X while the hi part of
 *           a batch runs
 *   q9      lo part D / U
 *   q10     hi part D / C / the result X (kept between batches, high half
 *           in d20 like the data)
 *   d22-d25 key operand b, c_1, c_2, c_3; fix-up masks later
 *   d26-d27 data operands a ^ a_k, a_4
 *   q14-q15 vmull destinations; reduction temporaries
 *
 *   r0 x, r1 (gk) the key schedule, r2 (src) the data, r3 the block count,
 *   r4 (kstride) 96, r5 (src1) the data again for the reloads, ip (kp) the
 *   walking key pointer, r6 setkey's power pointer and the 16-block
 *   batch's reload pointer; r4-r6 saved.
 *
 * ARM and Thumb-2: unified syntax, no IT blocks, bx lr.
 */

#include <linux/linkage.h>

#ifdef __ARMEB__
#error "arm/ghash-neon.S assumes a little-endian kernel"
#endif

	.syntax	unified
	.fpu	neon
	.text

	gk	.req	r1		/* key schedule */
	src	.req	r2
	blocks	.req	r3
	kstride	.req	r4		/* 96: from one power to the next */
	src1	.req	r5		/* the first half of an 8-block batch */
	kp	.req	ip		/* walking key pointer */

	L1	.req	q4
	L1_l	.req	d8
	L1_h	.req	d9
	L2	.req	q5
	L2_l	.req	d10
	L2_h	.req	d11
	L3	.req	q6
	L3_l	.req	d12
	L3_h	.req	d13
	K	.req	q7
	K_l	.req	d14
	K_h	.req	d15
	DM	.req	q8		/* mid */
	DM_l	.req	d16
	DM_h	.req	d17
	DL	.req	q9		/* lo */
	DL_l	.req	d18
	DL_h	.req	d19
	DH	.req	q10		/* hi; then the result X */
	DH_l	.req	d20
	DH_h	.req	d21
	XR	.req	q10
	KB0	.req	d22
	KB1	.req	d23
	KB2	.req	d24
	KB3	.req	d25
	AR	.req	d27
	T0	.req	q14
	T1	.req	q15

/*
 * One block of one Karatsuba part: a (d register) times the key operand at
 * kp (b, c_1, c_2, c_3 with c_k = b ^ b_k), accumulated into D, L1, L2, L3,
 * K; the first block of a part writes them instead.  kp advances by 96 (to
 * the same part of the next power: lo, hi and mid are stored alike).
 *   D ^= a b    L_k ^= (a ^ a_k) c_k  (k = 1..3)    K ^= a_4 b
 * (L_k is completed with D ^ rot_k(D) in part_fold.)
 */
	.macro	part_block, a, D, first
	vld1.8	{KB0-KB3}, [kp], kstride
	vext.8	d26, \a, \a, #1
	vext.8	AR, \a, \a, #2
	.if	\first
	vmull.p8 \D, \a, KB0
	veor	d26, d26, \a			/* a ^ a_1 */
	veor	AR, AR, \a			/* a ^ a_2 */
	vmull.p8 L1, d26, KB1
	vext.8	d26, \a, \a, #3
	vmull.p8 L2, AR, KB2
	veor	d26, d26, \a			/* a ^ a_3 */
	vext.8	AR, \a, \a, #4			/* a_4 */
	vmull.p8 L3, d26, KB3
	vmull.p8 K, AR, KB0
	.else
	vmull.p8 T0, \a, KB0
	veor	d26, d26, \a
	veor	AR, AR, \a
	vmull.p8 T1, d26, KB1
	veor	\D, \D, T0
	vext.8	d26, \a, \a, #3
	vmull.p8 T0, AR, KB2
	veor	L1, L1, T1
	veor	d26, d26, \a
	vext.8	AR, \a, \a, #4
	vmull.p8 T1, d26, KB3
	veor	L2, L2, T0
	vmull.p8 T0, AR, KB0
	veor	L3, L3, T1
	veor	K, K, T0
	.endif
	.endm

/*
 * The wrap fix-up and shifts of a part: D ^= T_1 << 8 ^ T_2 << 16 ^
 * T_3 << 24 ^ T_4 << 32 (see the notes); D is then the 128-bit product
 * sum of the part.  First L_k ^= D ^ rot_k(D) (rot_k: the 16-bit lanes
 * rotated down by k, a byte rotation by 2k) turns the sums of
 * (a ^ a_k)(b ^ b_k) into those of a b_k ^ a_k b.  Clobbers L1-L3, K,
 * d22-d27, q14, q15.
 */
	.macro	part_fold, D
	vext.8	T0, \D, \D, #2			/* rot_1(D) */
	vext.8	T1, \D, \D, #4			/* rot_2(D) */
	veor	L1, L1, \D
	veor	L2, L2, \D
	veor	L3, L3, \D
	veor	L1, L1, T0
	vext.8	T0, \D, \D, #6			/* rot_3(D) */
	veor	L2, L2, T1
	veor	L3, L3, T0
	vmov.i64 d22, #0xffff000000000000	/* M_1: the top 2 bytes */
	vmov.i64 d23, #0xffffffff00000000	/* M_2 */
	vmov.i64 d24, #0xffffffffffff0000	/* M_3 */
	vand	d25, L1_h, d22			/* wrapped lanes of L1 */
	vand	d26, L2_h, d23
	vand	d27, L3_h, d24
	veor	K_l, K_l, K_h			/* T_4 = (K.lo ^ K.hi, 0) */
	vmov.i64 K_h, #0
	veor	L1_l, L1_l, d25			/* ... moved down 8 bytes */
	veor	L1_h, L1_h, d25
	veor	L2_l, L2_l, d26
	veor	L2_h, L2_h, d26
	veor	L3_l, L3_l, d27
	veor	L3_h, L3_h, d27
	vext.8	K, K, K, #12			/* T_4 << 32 */
	vext.8	L1, L1, L1, #15			/* T_1 << 8 */
	vext.8	L2, L2, L2, #14			/* T_2 << 16 */
	vext.8	L3, L3, L3, #13			/* T_3 << 24 */
	veor	\D, \D, K
	veor	L1, L1, L2
	veor	\D, \D, L3
	veor	\D, \D, L1
	.endm

/* blocks a0..a(n-1) of one part (the first one writes), for n <= 4 */
	.macro	part_n, n, D, first, a0, a1, a2, a3
	part_block \a0, \D, \first
	.if	\n > 1
	part_block \a1, \D, 0
	.endif
	.if	\n > 2
	part_block \a2, \D, 0
	.endif
	.if	\n > 3
	part_block \a3, \D, 0
	.endif
	.endm

/* mid = lo ^ hi of the n blocks in q0..q(n-1), packed into d0..d(n-1) */
	.macro	mids, n
	veor	d0, d0, d1
	.if	\n > 1
	veor	d1, d2, d3
	.endif
	.if	\n > 2
	veor	d2, d4, d5
	.endif
	.if	\n > 3
	veor	d3, d6, d7
	.endif
	.endm

/* load n <= 4 blocks from src (src advances) and byte-reverse them */
	.macro	load_n, n, p
	.if	\n == 1
	vld1.8	{d0-d1}, [\p]!
	.elseif	\n == 3
	vld1.8	{d0-d3}, [\p]!
	vld1.8	{d4-d5}, [\p]!
	.else
	vld1.8	{d0-d3}, [\p]!
	.endif
	.if	\n == 4
	vld1.8	{d4-d7}, [\p]!
	.endif
	vrev64.8 q0, q0
	.if	\n > 1
	vrev64.8 q1, q1
	.endif
	.if	\n > 2
	vrev64.8 q2, q2
	.endif
	.if	\n > 3
	vrev64.8 q3, q3
	.endif
	.endm

/* key offsets: power i, part lo / hi */
#define GH_KLO(i)	(96 * (16 - (i)))
#define GH_KHI(i)	(96 * (16 - (i)) + 32)
#define GH_KMID(i)	(96 * (16 - (i)) + 64)

/*
 * X = B1 H^n ^ B2 H^(n-1) ^ .. ^ Bn H for the n <= 4 blocks in q0..q(n-1)
 * (byte-reversed, X already xored into q0).  Result in XR (q10), high half
 * in d20.  Clobbers q0-q15 and kp.
 */
	.macro	ghash_n, n
	add	kp, gk, #GH_KLO(\n)
	part_n	\n, DL, 1, d1, d3, d5, d7	/* lo halves */
	part_fold DL
	add	kp, gk, #GH_KHI(\n)
	part_n	\n, DH, 1, d0, d2, d4, d6	/* hi halves */
	part_fold DH
	mids	\n
	add	kp, gk, #GH_KMID(\n)
	part_n	\n, DM, 1, d0, d1, d2, d3
	part_fold DM
	ghash_reduce
	.endm

/*
 * The same for 4g blocks at src (g = 2 or 4 groups of 4; src advances by
 * 64g), X in XR: X = (X ^ B1) H^4g ^ .. ^ B4g H.  The groups are loaded in
 * the order lo: g1 .. gg, hi: gg .. g1, mid: g1 .. gg, so that each part
 * after the first starts on the group already in registers (3g - 2 group
 * loads instead of 3g).  X waits in q8 until g1 is loaded again.
 * Clobbers q0-q15, kp, src1, r6.
 */
	.macro	ghash_batch, g
	mov	src1, src
	load_n	4, src				/* g1 */
	veor	q0, q0, XR
	add	kp, gk, #GH_KLO(4 * \g)		/* lo, H^4g */
	part_n	4, DL, 1, d1, d3, d5, d7
	.rept	\g - 1				/* lo g2 .. gg */
	load_n	4, src
	part_n	4, DL, 0, d1, d3, d5, d7
	.endr
	part_fold DL
	vmov	q8, XR
	add	kp, gk, #GH_KHI(4)
	part_n	4, DH, 1, d0, d2, d4, d6	/* hi gg, H^4 .. H */
	.set	.Lgh_j, \g - 1
	.rept	\g - 2				/* hi g(g-1) .. g2 */
	add	r6, src1, #(64 * (.Lgh_j - 1))
	load_n	4, r6
	add	kp, gk, #GH_KHI(4 * (\g - .Lgh_j + 1))
	part_n	4, DH, 0, d0, d2, d4, d6
	.set	.Lgh_j, .Lgh_j - 1
	.endr
	load_n	4, src1				/* g1 again */
	veor	q0, q0, q8
	add	kp, gk, #GH_KHI(4 * \g)
	part_n	4, DH, 0, d0, d2, d4, d6	/* hi g1 */
	part_fold DH
	mids	4
	add	kp, gk, #GH_KMID(4 * \g)
	part_n	4, DM, 1, d0, d1, d2, d3	/* mid g1 */
	.rept	\g - 1				/* mid g2 .. gg */
	load_n	4, src1
	mids	4
	part_n	4, DM, 0, d0, d1, d2, d3
	.endr
	part_fold DM
	ghash_reduce
	.endm

/*
 * Karatsuba recombination and reduction (see the notes), DL/DH/DM in, the
 * result in XR with the halves swapped (d20 high, as the data).
 */
	.macro	ghash_reduce
	veor	DM, DM, DL			/* middle term m */
	veor	DM, DM, DH
	veor	DL_h, DL_h, DM_l		/* U = R(c_hi) */
	veor	DH_l, DH_l, DM_h		/* C = R(c_lo) */
	vshl.i64 T0, DL, #57			/* F = f(U) */
	vshl.i64 T1, DL, #62
	vshl.i64 q13, DL, #63
	veor	T0, T0, T1
	veor	T0, T0, q13
	veor	DL_h, DL_h, d28			/* W.hi = U.hi ^ f(U.lo) */
	veor	DH_l, DH_l, d29			/* C.lo ^= f(W.hi) = f(U.hi) */
	vshr.u64 T0, DL, #1
	vshr.u64 T1, DL, #2
	vshr.u64 q13, DL, #7
	veor	DH, DH, DL			/* C ^= W ^ W>>1 ^ W>>2 ^ W>>7 */
	veor	T0, T0, T1
	veor	DH, DH, q13
	veor	DH, DH, T0
	vswp	DH_l, DH_h
	.endm

/*
 * R(p) -> R(p x^-1) on a q register in normal order (low half in the even
 * d register): (V << 1) ^ (bit 127 ? 0xc2 << 120 | 1 : 0).  t0, t1 are q
 * temporaries.
 */
	.macro	mul_xinv, q, ql, qh, t0, t0l, t0h, t1, t1l, t1h
	vshr.s64 \t0h, \qh, #63			/* all ones if bit 127 */
	vshr.u64 \t0l, \qh, #63			/* bit 127 -> 1 */
	vshr.u64 \t1h, \ql, #63			/* carry lo -> hi */
	vshl.i64 \q, \q, #1
	vmov.i8	\t1l, #0xc2
	vshl.i64 \t1l, \t1l, #56
	vand	\t0h, \t0h, \t1l
	veor	\qh, \qh, \t1h
	veor	\q, \q, \t0
	.endm

/* store b, b ^ b_1, b ^ b_2, b ^ b_3 of the d register b at kp (kp += 32) */
	.macro	store_rot, b
	vmov	d4, \b
	vext.8	d5, \b, \b, #1
	vext.8	d6, \b, \b, #2
	vext.8	d7, \b, \b, #3
	veor	d5, d5, \b
	veor	d6, d6, \b
	veor	d7, d7, \b
	vst1.8	{d4-d7}, [kp]!
	.endm

/*
 * The key entries of one power from its R(H^i) in q0 (d0 high, as data):
 * lo then hi at kp (kp advances by 64).  Clobbers q1-q3.
 */
	.macro	store_power
	vmov	d2, d1				/* normal order: q1 = (lo, hi) */
	vmov	d3, d0
	mul_xinv q1, d2, d3, q2, d4, d5, q3, d6, d7
	store_rot d2
	store_rot d3
	veor	d2, d2, d3			/* mid = lo ^ hi */
	store_rot d2
	.endm

/*
 * The one-block product used by setkey and by update for a last block:
 * XR = q0 H, q0 byte-reversed, high half in d0; kstride = 96.
 * Clobbers q0-q15, kp.
 */
	.align	4
.Lghash_mul1:
	ghash_n	1
	bx	lr

/*
 * void ctneon_ghash_setkey(u8 *gkey, const u8 h[16]);
 *
 * Inputs:   r0  the key schedule to write (all 1024 bytes)
 *           r1  H = E_K(0^128) as the 16-byte string
 * Clobbers: r0-r3, ip, q0-q3 and q8-q15 (r4-r6, q4-q7 saved).
 */
SYM_FUNC_START(ctneon_ghash_setkey)
	push	{r4-r6, lr}
	vpush	{d8-d15}
	vld1.8	{q0}, [r1]
	mov	gk, r0
	mov	kstride, #96
	vrev64.8 q0, q0				/* R(H), d0 high */
	vmov	q9, q0
	add	r6, gk, #GH_KLO(1)
	mov	kp, r6
	store_power				/* H at power 1 */
	mov	r3, #15
.Lsetkey_powers:				/* H^2 .. H^16 */
	vmov	q0, q9
	bl	.Lghash_mul1
	vmov	q0, XR
	vmov	q9, XR
	sub	r6, r6, #96
	mov	kp, r6
	store_power
	subs	r3, r3, #1
	bne	.Lsetkey_powers
	vpop	{d8-d15}
	pop	{r4-r6, lr}
	bx	lr
SYM_FUNC_END(ctneon_ghash_setkey)

/*
 * void ctneon_ghash_update(u8 x[16], const u8 *gkey, const u8 *src,
 *                          int blocks);
 *
 * Inputs:   r0  X, the running GHASH value (16-byte string), in and out
 *           r1  the key schedule made by ctneon_ghash_setkey
 *           r2  the data, blocks * 16 bytes, any alignment
 *           r3  blocks >= 0 (a negative count reads nothing: x unchanged)
 * Clobbers: r2, r3, ip, q0-q3 and q8-q15 (r4-r6, q4-q7 saved).
 */
SYM_FUNC_START(ctneon_ghash_update)
	push	{r4-r6, lr}
	vpush	{d8-d15}
	mov	kstride, #96
	vld1.8	{XR}, [r0]
	vrev64.8 XR, XR				/* R(X), d20 high */
	cmp	blocks, #1
	blt	.Ldone				/* nothing (or a bad count) */
	beq	.Ltail1				/* one block: straight there */
	subs	blocks, blocks, #16
	blt	.Ltail8
.Lloop16:
	ghash_batch 4
	subs	blocks, blocks, #16
	bge	.Lloop16
.Ltail8:
	adds	blocks, blocks, #16		/* 0..15 left */
	beq	.Ldone
	cmp	blocks, #8
	blt	.Ltail
	ghash_batch 2
	subs	blocks, blocks, #8
	beq	.Ldone
.Ltail:						/* 1..7 left */
	cmp	blocks, #4
	blt	.Ltail3
	load_n	4, src
	veor	q0, q0, XR
	ghash_n	4
	subs	blocks, blocks, #4
	beq	.Ldone
.Ltail3:					/* 1..3 left */
	cmp	blocks, #2
	blt	.Ltail1
	beq	.Ltail2
	load_n	3, src
	veor	q0, q0, XR
	ghash_n	3
	b	.Ldone
.Ltail2:
	load_n	2, src
	veor	q0, q0, XR
	ghash_n	2
	b	.Ldone
.Ltail1:
	load_n	1, src
	veor	q0, q0, XR
	bl	.Lghash_mul1
.Ldone:
	vrev64.8 XR, XR
	vst1.8	{XR}, [r0]
	vpop	{d8-d15}
	pop	{r4-r6, lr}
	bx	lr
SYM_FUNC_END(ctneon_ghash_update)
