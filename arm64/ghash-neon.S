/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: GHASH for AArch64 AdvSIMD without the Crypto Extensions (no
 * 64x64-bit PMULL), from 8-bit polynomial multiplies (pmull/pmull2 on
 * 8-bit lanes, base AdvSIMD).  Contract: ghash.h.
 *
 * Design notes
 * ============
 *
 * Bit order.  GCM numbers the coefficients of an element of GF(2^128)
 * from the most significant bit of byte 0 (x^0) to the least significant
 * bit of byte 15 (x^127).  "rbit v.16b" reverses the bits of every byte;
 * afterwards bit j of byte i holds the coefficient of x^(8i+j), i.e. a
 * little-endian load puts x^n at bit n of the 128-bit register: the plain
 * polynomial representation, which is also the one pmull uses (bit 0 of
 * a lane = x^0).  So every input block and the running value X are
 * byte-bit-reversed on the way in (one rbit per block) and X once more on
 * the way out, and all the arithmetic below is ordinary polynomial
 * arithmetic modulo P(x) = x^128 + x^7 + x^2 + x + 1.  (The alternative,
 * staying in the reflected domain, would turn every 8x8 product into a
 * reflected 15-bit value off by one bit inside its 16-bit lane; one rbit
 * per 16 bytes is cheaper than repairing that.)
 *
 * 64x64 from 8x8.  Let a = sum a_i x^8i and b = sum b_j x^8j (bytes
 * a_i, b_j, i, j = 0..7).  Then a*b = sum_{i,j} a_i*b_j x^8(i+j), 64
 * byte products.  "pmull v.8h, a.8b, b.8b" forms 8 of them at once, lane
 * by lane: lane i (bits 16i..16i+15 of the result) = a_i*b_i, which is
 * already at its place x^16i = x^8(i+i).  Write rot_k(b) for b rotated
 * up by k bytes (lane i holds b_(i-k mod 8)).  For k = 1, 2, 3
 *
 *	L_k = pmull(rot_k(a), b) ^ pmull(a, rot_k(b))
 *
 * holds in lane i the two products a_(i-k) b_i and a_i b_(i-k) (indices
 * mod 8).  Both belong at x^(16i-8k) when i >= k, and at x^(16i-8k+64)
 * when i < k (the index wrapped: a_(i-k+8) b_i sits 64 bits higher).  For
 * k = 4 one multiply gives both: L_4 = pmull(a, rot_4(b)), lane i holds
 * a_i b_(i-4 mod 8), the same placement rule.  With L_0 = pmull(a, b) the
 * 8 + 3*16 + 8 = 64 byte products are each formed exactly once.
 *
 * Placing L_k.  Let L_k = l + x^64 h (64-bit halves) and t = l mod
 * x^16k (the wrapped lanes i < k; all of l for k = 4).  Moving t up by
 * 64 bits puts every lane 8k bits above its place, so
 *
 *	pre_k(L_k) = L_k + t + x^64 t		(l loses t, h gains it)
 *	a*b = sum_k pre_k(L_k) / x^8k		(k = 0..4, pre_0 = identity)
 *
 * and the divisions are exact: pre_k(L_k) has its low 16k bits (2k
 * bytes) clear, so dividing by x^8k is the byte rotation "ext v, v, v, #k"
 * (the k zero bytes rotate into the top).  t + x^64 t is (dup of the low
 * half) & (x^16k - 1 in each half): dup, and, eor, ext per L_k (no and
 * for k = 4), then the five are summed.  (The unit test's single-bit H
 * and data cases put one product in every lane, wrapped or not.)
 *
 * 128x128.  Karatsuba on 64-bit halves, x = x0 + x^64 x1, h = h0 + x^64 h1:
 *	x*h = x0h0 + x^64 (m - x0h0 - x1h1) + x^128 x1h1,
 *	m = (x0 + x1)(h0 + h1),
 * three 64x64 products in three "slots" lo, hi, mid.  Every step from the
 * L_k to the 256-bit product is linear, so the L_k of one slot are summed
 * over all the products that go to it *before* they are placed: the
 * placement (57 instructions for the three slots), Karatsuba and reduction
 * are paid once per four blocks.  With m = mid + lo + hi the product is,
 * in 64-bit words, [lo.l | lo.h + m.l | hi.l + m.h | hi.h]: the middle
 * pair is ext(lo, hi, #8) + m, and trn1/trn2 give Plo and Phi.
 *
 * Aggregation.  Four blocks B1..B4 update X as
 *	X' = (X + B1) H^4 + B2 H^3 + B3 H^2 + B4 H
 * with one reduction.  Block registers hold [x0 | x1], so pmull (low
 * halves) feeds slot lo and pmull2 (high halves) slot hi with the same
 * operands; the middle operands of two blocks share one register
 * [x0+x1 of B1 | x0+x1 of B2], and so do the key's [h0+h1 of H^4 |
 * h0+h1 of H^3].  The data rotations rot_1..3 are one tbl each (both
 * halves at once); the key rotations rot_0..4 of every power are
 * precomputed.
 *
 * Reduction.  With x^128 = x^7 + x^2 + x + 1 = r (0x87, a byte) mod P,
 * the product Plo + x^128 Phi reduces to Plo + Phi*r.  Phi*r is again 16
 * byte products: pmull/pmull2 by a vector of 0x87 give q_i*r in 16-bit
 * lanes; uzp1/uzp2 collect their low bytes LO and high bytes HI, and
 * Phi*r = LO + x^8 HI.  The top byte of x^8 HI (HI_15, at most 7 bits)
 * is at x^128 and folds once more, to HI_15*r (< x^14).  With the byte
 * rotation rot8(HI) = ext(HI, HI, #15), which has HI_15 at x^0,
 *	x^8 HI mod P = rot8(HI) + HI_15 + HI_15*r = rot8(HI) + HI_15*(r + 1),
 * and HI_15*(r + 1) is one pmull of rot8(HI) by a vector holding 0x86 in
 * byte 0 and zeroes elsewhere (the other lanes give 0).
 *
 * Key schedule (ctneon_ghash_setkey, 480 of the 512 bytes, in the order
 * the 4-block loop reads it).  A "group" is five 16-byte vectors
 * rot_0..rot_4 of a pair of 64-bit values (rotations within each half):
 *	  0  [H^4 lo | H^4 hi]		 80  [H^3 lo | H^3 hi]
 *	160  [H^4 lo+hi | H^3 lo+hi]	240  [H^2 lo | H^2 hi]
 *	320  [H lo | H hi]		400  [H^2 lo+hi | H lo+hi]
 * all in the rbit domain; bytes 480..511 are zeroed.  The tails read
 * 80..479 (3 blocks: H^3 and the high halves of the group at 160),
 * 240..479 (2 blocks) and 320..479 (1 block: H and the high halves of the
 * last group).
 *
 * Registers (update; setkey uses the same names):
 *	v0, v1	 vxa, vxb	two data blocks [x0 | x1]
 *	v2	 vm / vh	middle operands [B1 x0+x1 | B2 x0+x1] / running X
 *	v3-v5	 va1-va3	rot_1..3 of the current operand
 *	v6, v7, v15, v31  vt0-vt3	products on their way to a slot
 *	v8-v12	 vk0-vk4	one key group (rot_0..4)
 *	v13, v14 vi1, vi2	tbl indices of rot_1, rot_2 (rot_3 = rot_2 of rot_1)
 *	v16-v20	 vlo0-vlo4	the L_k of slot lo, k = 0..4
 *	v21-v25	 vhi0-vhi4	slot hi
 *	v26-v30	 vmd0-vmd4	slot mid
 * d8-d15 are callee-saved: saved in the frame.
 *
 * Schedule.  On in-order cores (Cortex-A53/A55) every NEON result is
 * some cycles away, so the 16 products of a pass (one operand register
 * against one key group) go through four temporaries in turn: product i
 * is added to its slot at step i + 4, just before its temporary takes
 * product i + 4, and the last four of a pass are added during the first
 * four of the next.  Products of the same slot are at least four steps
 * apart.  A key group is prefetched with ldp/ldr (fixed offsets from the
 * key pointer) as soon as the registers it replaces are dead: rot_1..4
 * after step 7, rot_0 after step 15 (the last pass prefetches rot_1..4 of
 * the next iteration's first group).  rot_3 of the data (a tbl of rot_1)
 * is made between the two halves of a pass.  The passes run B2, B1,
 * middles of B1/B2, B3, B4, middles of B3/B4: B2 first, and the reduction
 * of an iteration's product (Plo, Phi in the slot mid registers, free
 * until the third pass) runs interleaved with the next iteration's B2
 * pass; X + B1 is formed at its end (the first iteration reduces Plo = X,
 * Phi = 0; the last one's reduction follows the loop).  The next B1, B2
 * are loaded during the last pass (from B3, B4 again after the last
 * iteration: no read past the input).  The placement works on six slot/k
 * pairs at a time.
 *
 * Cost of the 4-block loop (static count, per 64 bytes, 310 in all):
 * 99 pmull/pmull2 (96 products, 3 reduction), 114 eor (81 adding the
 * products, 33 placement/Karatsuba/reduction/X/middles), 18 tbl, 18 key
 * loads (ldp/ldr), 2 data loads and 5 for their address, 4 rbit, 14 ext,
 * 12 dup, 9 and, 6 trn, 2 uzp, 5 constants (movi/fmov), 2 loop: 4.84
 * instructions per byte.  llvm-mca (LLVM 14) on the loop: Cortex-A53
 * 368 cycles (5.75 cycles/byte), A55 366 (5.7), A72 173 (2.7).  For
 * comparison, the loop of the kernel's pmull_ghash_update_p8 (ghash-ce.ko
 * of Debian's 6.1 and 6.12, one block and one reduction per iteration) is
 * 139 instructions per block (8.7 per byte), and the same llvm-mca gives
 * it 19.1 cycles/byte on the A53 model, 9.1 on the A72.
 * Remainders of 3 and 2 blocks are aggregated too (H^3..H and H^2, H, one
 * reduction: about 270 and 205 instructions), 1 block costs about 130.
 * A whole call (ct-check's count, with the harness's call): 163
 * instructions for 1 block, 221 for 2, 285 for 3, 362 for 4, 672 for 8.
 *
 * Constant time: the data, X and H flow only through pmull, tbl (fixed
 * index vectors), eor, and, ext, dup, trn, uzp, rbit; loads and stores
 * use addresses made from the pointers and the block count only, and the
 * only branches count blocks.
 */

#include <linux/linkage.h>

	.text

/* ---------------------------------------------------------- registers */

	xp		.req	x0		// update: u8 x[16]
	key		.req	x1		// update: the key schedule
	src		.req	x2
	blocks		.req	w3
	gkey		.req	x0		// setkey
	hp		.req	x1		// setkey: u8 h[16]
	kp		.req	x9		// setkey: key-schedule walker
	cp		.req	x10		// constants
	w86		.req	w11		// 0x86 = r + 1

	vxa		.req	v0
	vxb		.req	v1
	vm		.req	v2
	vh		.req	v2
	va1		.req	v3
	va2		.req	v4
	va3		.req	v5
	vt0		.req	v6
	vt1		.req	v7
	vt2		.req	v15
	vt3		.req	v31
	vk0		.req	v8
	vk1		.req	v9
	vk2		.req	v10
	vk3		.req	v11
	vk4		.req	v12
	vi1		.req	v13
	vi2		.req	v14
	vlo0		.req	v16
	vlo1		.req	v17
	vlo2		.req	v18
	vlo3		.req	v19
	vlo4		.req	v20
	vhi0		.req	v21
	vhi1		.req	v22
	vhi2		.req	v23
	vhi3		.req	v24
	vhi4		.req	v25
	vmd0		.req	v26
	vmd1		.req	v27
	vmd2		.req	v28
	vmd3		.req	v29
	vmd4		.req	v30
	vu		.req	v26		// reduction, in the slot mid registers
	vplo		.req	v27
	vphi		.req	v28
	vr		.req	v29
	vr1		.req	v30

/* ---------------------------------------------------------- constants */

	/* tbl indices of rot_k within each 64-bit half: byte i <- (i - k) mod 8 */
	.p2align 4
.Lghash_rot:
	.byte	7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
	.byte	6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13

/* ------------------------------------------------------------- macros */

	/*
	 * va1..va3 = rot_1..3 of both halves of \a: rotate at the start of
	 * a pass, rotate3 after its first half (va3 is first used at step 11)
	 */
	.macro	rotate, a
	tbl	va1.16b, {\a\().16b}, vi1.16b
	tbl	va2.16b, {\a\().16b}, vi2.16b
	.endm

	.macro	rotate3
	tbl	va3.16b, {va1.16b}, vi2.16b
	.endm

	/* load rot_1..4 (prefetch) or rot_0 of the key group at \off */
	.macro	load_k14, base, off
	ldp	q9, q10, [\base, #(\off + 16)]
	ldp	q11, q12, [\base, #(\off + 48)]
	.endm

	.macro	load_k0, base, off
	ldr	q8, [\base, #\off]
	.endm

	/*
	 * One step: [\eacc += \et;] \d = 8x8 products of the low (p) or high
	 * (q) halves of \a and \k, lane by lane.
	 */
	.macro	mulp, a, k, d, eacc, et
	.ifnb	\eacc
	eor	\eacc\().16b, \eacc\().16b, \et\().16b
	.endif
	pmull	\d\().8h, \a\().8b, \k\().8b
	.endm

	.macro	mulq, a, k, d, eacc, et
	.ifnb	\eacc
	eor	\eacc\().16b, \eacc\().16b, \et\().16b
	.endif
	pmull2	\d\().8h, \a\().16b, \k\().16b
	.endm

	/*
	 * A block pass: \a = [x0 | x1] against the group vk0..vk4, slots lo
	 * (low halves) and hi (high halves):
	 *	L_0 += a*b, L_k += rot_k(a)*b + a*rot_k(b) (k = 1..3),
	 *	L_4 += a*rot_4(b)
	 * Steps 0..7 (use rot_1..4 of the key), then steps 8..15 (rot_0 of
	 * the key and of \a, rot_1..3 of \a).  \first: the first products of
	 * each slot go straight to it.  \c0..\c3: the slots still owed vt0..vt3
	 * by the previous pass; this pass leaves lo2, hi2, lo3, hi3 owed.
	 */
	.macro	block_h1, a, first, c0, c1, c2, c3
	.if	\first
	mulp	\a, vk1, vlo1, \c0, vt0
	mulq	\a, vk1, vhi1, \c1, vt1
	mulp	\a, vk2, vlo2, \c2, vt2
	mulq	\a, vk2, vhi2, \c3, vt3
	mulp	\a, vk3, vlo3
	mulq	\a, vk3, vhi3
	mulp	\a, vk4, vlo4
	mulq	\a, vk4, vhi4
	.else
	mulp	\a, vk1, vt0, \c0, vt0
	mulq	\a, vk1, vt1, \c1, vt1
	mulp	\a, vk2, vt2, \c2, vt2
	mulq	\a, vk2, vt3, \c3, vt3
	mulp	\a, vk3, vt0, vlo1, vt0
	mulq	\a, vk3, vt1, vhi1, vt1
	mulp	\a, vk4, vt2, vlo2, vt2
	mulq	\a, vk4, vt3, vhi2, vt3
	.endif
	.endm

	.macro	block_h2, a, first
	.if	\first
	mulp	\a, vk0, vlo0
	mulq	\a, vk0, vhi0
	mulp	va1, vk0, vt2
	mulq	va1, vk0, vt3
	mulp	va2, vk0, vt0
	mulq	va2, vk0, vt1
	mulp	va3, vk0, vt2, vlo1, vt2
	mulq	va3, vk0, vt3, vhi1, vt3
	.else
	mulp	\a, vk0, vt0, vlo3, vt0
	mulq	\a, vk0, vt1, vhi3, vt1
	mulp	va1, vk0, vt2, vlo4, vt2
	mulq	va1, vk0, vt3, vhi4, vt3
	mulp	va2, vk0, vt0, vlo0, vt0
	mulq	va2, vk0, vt1, vhi0, vt1
	mulp	va3, vk0, vt2, vlo1, vt2
	mulq	va3, vk0, vt3, vhi1, vt3
	.endif
	.endm

	/*
	 * A middle pass: \m = [middle of B1 | middle of B2] against the group
	 * [mid of H^i | mid of H^j]: both halves go to slot mid.  Leaves md0..md3
	 * owed.
	 */
	.macro	mid_h1, m, first, c0, c1, c2, c3
	.if	\first
	mulp	\m, vk1, vmd1, \c0, vt0
	mulp	\m, vk2, vmd2, \c1, vt1
	mulp	\m, vk3, vmd3, \c2, vt2
	mulp	\m, vk4, vmd4, \c3, vt3
	mulq	\m, vk1, vt0
	mulq	\m, vk2, vt1
	mulq	\m, vk3, vt2
	mulq	\m, vk4, vt3
	.else
	mulp	\m, vk1, vt0, \c0, vt0
	mulp	\m, vk2, vt1, \c1, vt1
	mulp	\m, vk3, vt2, \c2, vt2
	mulp	\m, vk4, vt3, \c3, vt3
	mulq	\m, vk1, vt0, vmd1, vt0
	mulq	\m, vk2, vt1, vmd2, vt1
	mulq	\m, vk3, vt2, vmd3, vt2
	mulq	\m, vk4, vt3, vmd4, vt3
	.endif
	.endm

	.macro	mid_h2, m, first
	.if	\first
	mulp	\m, vk0, vmd0, vmd1, vt0
	mulp	va1, vk0, vt1, vmd2, vt1
	mulp	va2, vk0, vt2, vmd3, vt2
	mulp	va3, vk0, vt3, vmd4, vt3
	mulq	\m, vk0, vt0
	.else
	mulp	\m, vk0, vt0, vmd1, vt0
	mulp	va1, vk0, vt1, vmd2, vt1
	mulp	va2, vk0, vt2, vmd3, vt2
	mulp	va3, vk0, vt3, vmd4, vt3
	mulq	\m, vk0, vt0, vmd0, vt0
	.endif
	mulq	va1, vk0, vt1, vmd1, vt1
	mulq	va2, vk0, vt2, vmd2, vt2
	mulq	va3, vk0, vt3, vmd3, vt3
	.endm

	/* the 1-block path's middle pass: only the high half, m = [s | s] */
	.macro	midq_pass, m, c0, c1, c2, c3
	mulq	\m, vk1, vmd1, \c0, vt0
	mulq	\m, vk2, vmd2, \c1, vt1
	mulq	\m, vk3, vmd3, \c2, vt2
	mulq	\m, vk4, vmd4, \c3, vt3
	mulq	\m, vk0, vmd0
	mulq	va1, vk0, vt1
	mulq	va2, vk0, vt2
	mulq	va3, vk0, vt3
	eor	vmd1.16b, vmd1.16b, vt1.16b
	eor	vmd2.16b, vmd2.16b, vt2.16b
	eor	vmd3.16b, vmd3.16b, vt3.16b
	.endm

	/*
	 * Placement of two k (\ka, \kb) for the three slots:
	 *	L_k = pre_k(L_k) / x^8k
	 * pre_k(L) = L + (dup(low half of L) & \m: x^16k - 1 in each half,
	 * none for k = 4); its low 2k bytes are then zero, so the division is
	 * the byte rotation ext #k.
	 */
	.macro	place2, ka, ma, kb, mb
	dup	vt0.2d, vlo\ka\().d[0]
	dup	vt1.2d, vhi\ka\().d[0]
	dup	vt2.2d, vmd\ka\().d[0]
	dup	vt3.2d, vlo\kb\().d[0]
	dup	va2.2d, vhi\kb\().d[0]
	dup	va3.2d, vmd\kb\().d[0]
	and	vt0.16b, vt0.16b, \ma\().16b
	and	vt1.16b, vt1.16b, \ma\().16b
	and	vt2.16b, vt2.16b, \ma\().16b
	.ifnb	\mb
	and	vt3.16b, vt3.16b, \mb\().16b
	and	va2.16b, va2.16b, \mb\().16b
	and	va3.16b, va3.16b, \mb\().16b
	.endif
	eor	vlo\ka\().16b, vlo\ka\().16b, vt0.16b
	eor	vhi\ka\().16b, vhi\ka\().16b, vt1.16b
	eor	vmd\ka\().16b, vmd\ka\().16b, vt2.16b
	eor	vlo\kb\().16b, vlo\kb\().16b, vt3.16b
	eor	vhi\kb\().16b, vhi\kb\().16b, va2.16b
	eor	vmd\kb\().16b, vmd\kb\().16b, va3.16b
	ext	vlo\ka\().16b, vlo\ka\().16b, vlo\ka\().16b, #\ka
	ext	vhi\ka\().16b, vhi\ka\().16b, vhi\ka\().16b, #\ka
	ext	vmd\ka\().16b, vmd\ka\().16b, vmd\ka\().16b, #\ka
	ext	vlo\kb\().16b, vlo\kb\().16b, vlo\kb\().16b, #\kb
	ext	vhi\kb\().16b, vhi\kb\().16b, vhi\kb\().16b, #\kb
	ext	vmd\kb\().16b, vmd\kb\().16b, vmd\kb\().16b, #\kb
	.endm

	/*
	 * The slots (all products added) to the 256-bit vplo + x^128 vphi:
	 * placement and Karatsuba (then reduce).  Uses vk0, va1-va3, vt0-vt3, vm and the slots;
	 * vxa, vxb and vk1-vk4 are left alone (the next blocks and the
	 * prefetched key rot_1..4).
	 */
	.macro	finish_kara
	movi	vk0.2d, #0x000000000000ffff		// x^16 - 1
	movi	va1.2d, #0x00000000ffffffff		// x^32 - 1
	movi	vm.2d, #0x0000ffffffffffff		// x^48 - 1
	place2	1, vk0, 4
	place2	2, va1, 3, vm
	eor	vlo1.16b, vlo1.16b, vlo4.16b
	eor	vhi1.16b, vhi1.16b, vhi4.16b
	eor	vmd1.16b, vmd1.16b, vmd4.16b
	eor	vlo2.16b, vlo2.16b, vlo3.16b
	eor	vhi2.16b, vhi2.16b, vhi3.16b
	eor	vmd2.16b, vmd2.16b, vmd3.16b
	eor	vlo0.16b, vlo0.16b, vlo1.16b
	eor	vhi0.16b, vhi0.16b, vhi1.16b
	eor	vmd0.16b, vmd0.16b, vmd1.16b
	eor	vlo0.16b, vlo0.16b, vlo2.16b		// lo = sum x0*h0
	eor	vhi0.16b, vhi0.16b, vhi2.16b		// hi = sum x1*h1
	eor	vmd0.16b, vmd0.16b, vmd2.16b		// mid = sum (x0+x1)(h0+h1)
	/*
	 * Karatsuba: m = mid + lo + hi; the 256-bit product is
	 * [lo.l | lo.h + m.l | hi.l + m.h | hi.h] (64-bit words)
	 */
	eor	vmd0.16b, vmd0.16b, vlo0.16b
	ext	vt0.16b, vlo0.16b, vhi0.16b, #8		// [lo.h | hi.l]
	eor	vmd0.16b, vmd0.16b, vhi0.16b
	eor	vt0.16b, vt0.16b, vmd0.16b
	trn1	vplo.2d, vlo0.2d, vt0.2d		// Plo
	trn2	vphi.2d, vt0.2d, vhi0.2d		// Phi
	.endm

	/*
	 * reduction: vh = Plo + Phi*r, Phi*r = LO + x^8 HI (byte products
	 * q_i*r: low bytes LO, high bytes HI); x^8 HI = rot8(HI) + HI_15 +
	 * x^128 HI_15 and x^128 HI_15 = HI_15*r, so the top byte folds in as
	 * HI_15*(r+1).  Only vmd0-vmd4 and vh: the 4-block loop runs it
	 * during the first pass of the next iteration (red1..red6).
	 */
	.macro	red1
	movi	vr.16b, #0x87				// r = x^7 + x^2 + x + 1
	fmov	s30, w86				// vr1 = r + 1 in byte 0
	.endm
	.macro	red2
	pmull	vu.8h, vphi.8b, vr.8b
	pmull2	vphi.8h, vphi.16b, vr.16b		// q_i*r, i = 8..15
	.endm
	.macro	red3
	uzp1	vr.16b, vu.16b, vphi.16b		// LO
	uzp2	vu.16b, vu.16b, vphi.16b		// HI
	.endm
	.macro	red4
	eor	vh.16b, vplo.16b, vr.16b
	ext	vphi.16b, vu.16b, vu.16b, #15		// rot8(HI)
	.endm
	.macro	red5
	eor	vh.16b, vh.16b, vphi.16b
	pmull	vr.8h, vphi.8b, vr1.8b			// HI_15*(r+1)
	.endm
	.macro	red6
	eor	vh.16b, vh.16b, vr.16b
	.endm
	.macro	reduce
	red1
	red2
	red3
	red4
	red5
	red6
	.endm

	/*
	 * vh = vxa * H mod P (vxa: X + block, rbit domain); reads the key
	 * schedule at 320 (H) and 400 (high halves: h0+h1 of H).
	 */
	.macro	mul1, kb
	ext	vt0.16b, vxa.16b, vxa.16b, #8
	load_k14 \kb, 320
	eor	vm.16b, vxa.16b, vt0.16b		// [x0+x1 | x0+x1]
	load_k0	\kb, 320
	rotate	vxa
	block_h1 vxa, 1
	load_k14 \kb, 400
	rotate3
	block_h2 vxa, 1
	load_k0	\kb, 400
	rotate	vm
	rotate3
	midq_pass vm, vlo2, vhi2, vlo3, vhi3
	finish_kara
	reduce
	.endm

	/*
	 * The last two blocks (vxa, vxb, bit-reversed, X already added where
	 * it belongs) times H^2 and H, their middles, and the reduction.
	 * \first: nothing in the slots yet.
	 */
	.macro	tail_pair, first
	load_k14 key, 240
	load_k0	key, 240
	rotate	vxa
	block_h1 vxa, \first
	load_k14 key, 320
	rotate3
	block_h2 vxa, \first
	load_k0	key, 320
	rotate	vxb
	block_h1 vxb, 0, vlo2, vhi2, vlo3, vhi3
	trn1	vm.2d, vxa.2d, vxb.2d
	trn2	vxa.2d, vxa.2d, vxb.2d
	eor	vm.16b, vm.16b, vxa.16b
	load_k14 key, 400
	rotate3
	block_h2 vxb, 0
	load_k0	key, 400
	rotate	vm
	mid_h1	vm, \first, vlo2, vhi2, vlo3, vhi3
	rotate3
	mid_h2	vm, \first
	eor	vmd0.16b, vmd0.16b, vt0.16b
	eor	vmd1.16b, vmd1.16b, vt1.16b
	eor	vmd2.16b, vmd2.16b, vt2.16b
	eor	vmd3.16b, vmd3.16b, vt3.16b
	finish_kara
	reduce
	.endm

	/* store the group rot_0..4 of \s at kp (advances by 80) */
	.macro	store_group, s
	mov	vk0.16b, \s\().16b
	tbl	vk1.16b, {\s\().16b}, vi1.16b
	tbl	vk2.16b, {\s\().16b}, vi2.16b
	tbl	vk3.16b, {vk1.16b}, vi2.16b
	rev64	vk4.4s, \s\().4s			// rot_4: swap the words
	st1	{vk0.16b-vk3.16b}, [kp], #64
	st1	{vk4.16b}, [kp], #16
	.endm

	/* [h0+h1 of \a | h0+h1 of \b] from [h0 | h1] of each, to \d */
	.macro	mid_pair, d, a, b
	trn1	\d\().2d, \a\().2d, \b\().2d
	trn2	vt1.2d, \a\().2d, \b\().2d
	eor	\d\().16b, \d\().16b, vt1.16b
	.endm

#define FRAME	80
	.macro	ghash_enter
	stp	x29, x30, [sp, #-FRAME]!
	mov	x29, sp
	stp	d8, d9, [sp, #16]
	stp	d10, d11, [sp, #32]
	stp	d12, d13, [sp, #48]
	stp	d14, d15, [sp, #64]
	adr	cp, .Lghash_rot
	ld1	{vi1.16b-vi2.16b}, [cp]
	mov	w86, #0x86
	.endm

	.macro	ghash_leave
	ldp	d8, d9, [sp, #16]
	ldp	d10, d11, [sp, #32]
	ldp	d12, d13, [sp, #48]
	ldp	d14, d15, [sp, #64]
	ldp	x29, x30, [sp], #FRAME
	ret
	.endm

/* -------------------------------------------------------- entry points */

/*
 * void ctneon_ghash_setkey(u8 *gkey, const u8 h[16]);
 * x0 gkey (CTNEON_GHASH_KEY_SIZE bytes, layout above), x1 h = E_K(0^128).
 * H^2..H^4 by the 1-block multiply, then every group.
 * Clobbers x9-x11, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_ghash_setkey)
	ghash_enter
	ld1	{vxa.16b}, [hp]
	rbit	vxa.16b, vxa.16b			// H
	add	kp, gkey, #320
	store_group vxa					// H at 320
	ext	vt0.16b, vxa.16b, vxa.16b, #8
	eor	vt0.16b, vt0.16b, vxa.16b		// [h0+h1 | h0+h1]
	store_group vt0					// for now, at 400
	mul1	gkey					// H^2
	add	kp, gkey, #240
	store_group vh
	mov	vxa.16b, vh.16b
	mul1	gkey					// H^3
	add	kp, gkey, #80
	store_group vh
	mov	vxa.16b, vh.16b
	mul1	gkey					// H^4
	mov	kp, gkey
	store_group vh
	ldr	q0, [gkey, #0]				// H^4
	ldr	q1, [gkey, #80]				// H^3
	mid_pair vt0, v0, v1
	add	kp, gkey, #160
	store_group vt0
	ldr	q0, [gkey, #240]			// H^2
	ldr	q1, [gkey, #320]			// H
	mid_pair vt0, v0, v1
	add	kp, gkey, #400
	store_group vt0
	stp	xzr, xzr, [gkey, #480]
	stp	xzr, xzr, [gkey, #496]
	ghash_leave
SYM_FUNC_END(ctneon_ghash_setkey)

/*
 * void ctneon_ghash_update(u8 x[16], const u8 *gkey, const u8 *src,
 *			    int blocks);
 * X = (..((X + B_1) H + B_2) H .. + B_n) H; four blocks per reduction,
 * then the last 1..3 with one more.  blocks <= 0: x is rewritten
 * unchanged.
 * x0 x (in/out), x1 gkey, x2 src, w3 blocks.
 * Clobbers x2, x3, x10-x13, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_ghash_update)
	ghash_enter
	ld1	{vh.16b}, [xp]
	rbit	vh.16b, vh.16b
	subs	blocks, blocks, #4
	b.lt	.Lghash_tail
	ld1	{vxa.16b-vxb.16b}, [src], #32		// B1, B2
	load_k14 key, 80				// group 1 (H^3)
	rbit	vxa.16b, vxa.16b
	rbit	vxb.16b, vxb.16b
	mov	vplo.16b, vh.16b			// X reduces to X
	movi	vphi.16b, #0
	red1

.Lghash_loop4:
	load_k0	key, 80
	/*
	 * B2 * H^3 (B1, B2 loaded and bit-reversed by the previous pass),
	 * meanwhile the reduction of the previous iteration (or of X itself)
	 */
	rotate	vxb
	red2
	mulp	vxb, vk1, vlo1
	mulq	vxb, vk1, vhi1
	mulp	vxb, vk2, vlo2
	mulq	vxb, vk2, vhi2
	red3
	mulp	vxb, vk3, vlo3
	mulq	vxb, vk3, vhi3
	mulp	vxb, vk4, vlo4
	mulq	vxb, vk4, vhi4
	red4
	load_k14 key, 0
	rotate3
	mulp	vxb, vk0, vlo0
	mulq	vxb, vk0, vhi0
	red5
	mulp	va1, vk0, vt2
	mulq	va1, vk0, vt3
	mulp	va2, vk0, vt0
	mulq	va2, vk0, vt1
	red6
	mulp	va3, vk0, vt2, vlo1, vt2
	mulq	va3, vk0, vt3, vhi1, vt3
	load_k0	key, 0
	eor	vxa.16b, vxa.16b, vh.16b		// X + B1
	/* (X + B1) * H^4 */
	rotate	vxa
	block_h1 vxa, 0, vlo2, vhi2, vlo3, vhi3
	trn1	vm.2d, vxa.2d, vxb.2d
	trn2	vxb.2d, vxa.2d, vxb.2d
	eor	vm.16b, vm.16b, vxb.16b			// [B1 x0+x1 | B2 x0+x1]
	load_k14 key, 160
	rotate3
	block_h2 vxa, 0
	load_k0	key, 160
	/* middles of B1, B2 * middles of H^4, H^3 */
	ld1	{vxa.16b-vxb.16b}, [src], #32		// B3, B4
	rotate	vm
	mid_h1	vm, 1, vlo2, vhi2, vlo3, vhi3
	rbit	vxa.16b, vxa.16b
	rbit	vxb.16b, vxb.16b
	load_k14 key, 240
	rotate3
	mid_h2	vm, 1
	load_k0	key, 240
	/* B3 * H^2 */
	rotate	vxa
	block_h1 vxa, 0, vmd0, vmd1, vmd2, vmd3
	load_k14 key, 320
	rotate3
	block_h2 vxa, 0
	load_k0	key, 320
	/* B4 * H */
	rotate	vxb
	block_h1 vxb, 0, vlo2, vhi2, vlo3, vhi3
	trn1	vm.2d, vxa.2d, vxb.2d
	trn2	vxa.2d, vxa.2d, vxb.2d
	eor	vm.16b, vm.16b, vxa.16b			// [B3 x0+x1 | B4 x0+x1]
	load_k14 key, 400
	rotate3
	block_h2 vxb, 0
	load_k0	key, 400
	/*
	 * middles of B3, B4 * middles of H^2, H; meanwhile the next B1, B2
	 * (or, after the last iteration, B3, B4 again: no read past the end)
	 */
	cmp	blocks, #4
	sub	x12, src, #32
	add	x13, src, #32
	csel	x12, src, x12, ge
	csel	src, x13, src, ge
	rotate	vm
	mid_h1	vm, 0, vlo2, vhi2, vlo3, vhi3
	ld1	{vxa.16b-vxb.16b}, [x12]
	load_k14 key, 80				// next iteration's first group
	rotate3
	mid_h2	vm, 0
	rbit	vxa.16b, vxa.16b
	rbit	vxb.16b, vxb.16b
	eor	vmd0.16b, vmd0.16b, vt0.16b
	eor	vmd1.16b, vmd1.16b, vt1.16b
	eor	vmd2.16b, vmd2.16b, vt2.16b
	eor	vmd3.16b, vmd3.16b, vt3.16b

	finish_kara
	red1
	subs	blocks, blocks, #4
	b.ge	.Lghash_loop4
	red2
	red3
	red4
	red5
	red6

.Lghash_tail:
	adds	blocks, blocks, #4			// 0..3 left (or <= 0 given)
	b.le	.Lghash_done
	cmp	blocks, #2
	b.lt	.Lghash_one
	b.eq	.Lghash_two
	/* three: (X + B2) H^3 + B3 H^2 + B4 H, one reduction */
	ld1	{vxb.16b}, [src], #16
	load_k14 key, 80
	load_k0	key, 80
	rbit	vxb.16b, vxb.16b
	eor	vxb.16b, vxb.16b, vh.16b		// X + B2
	rotate	vxb
	block_h1 vxb, 1
	load_k14 key, 160
	rotate3
	block_h2 vxb, 1
	load_k0	key, 160
	ext	vxa.16b, vxb.16b, vxb.16b, #8
	eor	vm.16b, vxb.16b, vxa.16b		// [x0+x1 | x0+x1] of X + B2
	ld1	{vxa.16b-vxb.16b}, [src]		// B3, B4
	rotate	vm
	rotate3
	midq_pass vm, vlo2, vhi2, vlo3, vhi3		// high halves: h0+h1 of H^3
	rbit	vxa.16b, vxa.16b
	rbit	vxb.16b, vxb.16b
	tail_pair 0
	b	.Lghash_done

.Lghash_two:	/* (X + B3) H^2 + B4 H, one reduction */
	ld1	{vxa.16b-vxb.16b}, [src]
	rbit	vxa.16b, vxa.16b
	rbit	vxb.16b, vxb.16b
	eor	vxa.16b, vxa.16b, vh.16b
	tail_pair 1
	b	.Lghash_done

.Lghash_one:
	ld1	{vxa.16b}, [src]
	rbit	vxa.16b, vxa.16b
	eor	vxa.16b, vxa.16b, vh.16b
	mul1	key

.Lghash_done:
	rbit	vh.16b, vh.16b
	st1	{vh.16b}, [xp]
	ghash_leave
SYM_FUNC_END(ctneon_ghash_update)
