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
 * and the divisions are exact (pre_k(L_k) has its low 16k bits clear).
 * They are done by Horner's rule, one 8-bit shift at a time:
 *	a*b = ((((pre_4/x^8 + pre_3)/x^8 + pre_2)/x^8 + pre_1)/x^8 + L_0,
 * a shift being "ext v, v, zero, #1".  t + x^64 t is (dup of the low
 * half) & (x^16k - 1 in each half): dup, and, eor.
 *
 * 128x128.  Karatsuba on 64-bit halves, x = x0 + x^64 x1, h = h0 + x^64 h1:
 *	x*h = x0h0 + x^64 (m - x0h0 - x1h1) + x^128 x1h1,
 *	m = (x0 + x1)(h0 + h1),
 * three 64x64 products in three "slots" lo, hi, mid.  Every step from the
 * L_k to the 256-bit product is linear, so the L_k of one slot are summed
 * over all the products that go to it *before* they are placed: the
 * placement (57 instructions for the three slots), Karatsuba and reduction
 * are paid once per four blocks.
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
 * is at x^128 and is folded once more: HI_15*r (< x^14) by one more pmull.
 *
 * Key schedule (ctneon_ghash_setkey, 480 of the 512 bytes, in the order
 * the 4-block loop reads it).  A "group" is five 16-byte vectors
 * rot_0..rot_4 of a pair of 64-bit values (rotations within each half):
 *	  0  [H^4 lo | H^4 hi]		 80  [H^3 lo | H^3 hi]
 *	160  [H^4 lo+hi | H^3 lo+hi]	240  [H^2 lo | H^2 hi]
 *	320  [H lo | H hi]		400  [H^2 lo+hi | H lo+hi]
 * all in the rbit domain; bytes 480..511 are zeroed.  The 1-block path
 * reads 320..479 (H and the high halves of the last group).
 *
 * Registers (update; setkey uses the same names):
 *	v0, v1	 vxa, vxb	two data blocks [x0 | x1]
 *	v2	 vm / vh	middle operands [B1 x0+x1 | B2 x0+x1] / running X
 *	v3-v5	 va1-va3	rot_1..3 of the current operand
 *	v6, v7	 vt0, vt1	products before accumulation
 *	v8-v12	 vk0-vk4	one key group (rot_0..4); masks, 0x87 at the end
 *	v13-v15	 vi1-vi3	tbl indices of rot_1..3
 *	v16-v20	 vlo0-vlo4	the L_k of slot lo, k = 0..4
 *	v21-v25	 vhi0-vhi4	slot hi
 *	v26-v30	 vmd0-vmd4	slot mid
 *	v31	 vzero
 * d8-d15 are callee-saved: saved in the frame.
 *
 * Cost of the 4-block loop (static count, per 64 bytes): 96 pmull/pmull2,
 * 81 eor accumulating them, 18 tbl, 13 key loads and pointer, 2 data
 * loads, 4 rbit, 7 for X and the middle operands, 60 placing the L_k
 * (with 3 mask movi), 6 Karatsuba, 11 reduction, 2 loop: 300, i.e.
 * 4.7 instructions per byte.  The 1-block path is about 130 per block.
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
	kp		.req	x9		// key-schedule walker
	cp		.req	x10		// constants

	vxa		.req	v0
	vxb		.req	v1
	vm		.req	v2
	vh		.req	v2
	va1		.req	v3
	va2		.req	v4
	va3		.req	v5
	vt0		.req	v6
	vt1		.req	v7
	vk0		.req	v8
	vk1		.req	v9
	vk2		.req	v10
	vk3		.req	v11
	vk4		.req	v12
	vi1		.req	v13
	vi2		.req	v14
	vi3		.req	v15
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
	vzero		.req	v31

/* ---------------------------------------------------------- constants */

	/* tbl indices of rot_k within each 64-bit half: byte i <- (i - k) mod 8 */
	.p2align 4
.Lghash_rot:
	.byte	7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14
	.byte	6, 7, 0, 1, 2, 3, 4, 5, 14, 15, 8, 9, 10, 11, 12, 13
	.byte	5, 6, 7, 0, 1, 2, 3, 4, 13, 14, 15, 8, 9, 10, 11, 12

/* ------------------------------------------------------------- macros */

	/* va1..va3 = rot_1..3 of both halves of \a */
	.macro	rotate, a
	tbl	va1.16b, {\a\().16b}, vi1.16b
	tbl	va2.16b, {\a\().16b}, vi2.16b
	tbl	va3.16b, {\a\().16b}, vi3.16b
	.endm

	/* vk0..vk4 = the next key group; kp advances by 80 */
	.macro	load_group
	ld1	{vk0.16b-vk3.16b}, [kp], #64
	ld1	{vk4.16b}, [kp], #16
	.endm

	/*
	 * One 64x64 product per slot: \op is pmull (low halves, \sz 8b) or
	 * pmull2 (high halves, \sz 16b) of the operand \a (rotations in
	 * va1..va3) and the key group vk0..vk4:
	 *	acc0 (+)= a*b, acc_k (+)= rot_k(a)*b + a*rot_k(b) (k = 1..3),
	 *	acc4 (+)= a*rot_4(b)			(lane-wise 8x8 products)
	 * \first: write the accumulators instead of adding to them.
	 */
	.macro	mul_slot, op, sz, a, acc0, acc1, acc2, acc3, acc4, first
	.if	\first
	\op	\acc0\().8h, \a\().\sz, vk0.\sz
	\op	\acc1\().8h, va1.\sz, vk0.\sz
	\op	vt0.8h, \a\().\sz, vk1.\sz
	\op	\acc2\().8h, va2.\sz, vk0.\sz
	\op	vt1.8h, \a\().\sz, vk2.\sz
	eor	\acc1\().16b, \acc1\().16b, vt0.16b
	\op	\acc3\().8h, va3.\sz, vk0.\sz
	\op	vt0.8h, \a\().\sz, vk3.\sz
	eor	\acc2\().16b, \acc2\().16b, vt1.16b
	\op	\acc4\().8h, \a\().\sz, vk4.\sz
	eor	\acc3\().16b, \acc3\().16b, vt0.16b
	.else
	\op	vt0.8h, \a\().\sz, vk0.\sz
	\op	vt1.8h, va1.\sz, vk0.\sz
	eor	\acc0\().16b, \acc0\().16b, vt0.16b
	\op	vt0.8h, \a\().\sz, vk1.\sz
	eor	\acc1\().16b, \acc1\().16b, vt1.16b
	\op	vt1.8h, va2.\sz, vk0.\sz
	eor	\acc1\().16b, \acc1\().16b, vt0.16b
	\op	vt0.8h, \a\().\sz, vk2.\sz
	eor	\acc2\().16b, \acc2\().16b, vt1.16b
	\op	vt1.8h, va3.\sz, vk0.\sz
	eor	\acc2\().16b, \acc2\().16b, vt0.16b
	\op	vt0.8h, \a\().\sz, vk3.\sz
	eor	\acc3\().16b, \acc3\().16b, vt1.16b
	\op	vt1.8h, \a\().\sz, vk4.\sz
	eor	\acc3\().16b, \acc3\().16b, vt0.16b
	eor	\acc4\().16b, \acc4\().16b, vt1.16b
	.endif
	.endm

	/* a block [x0 | x1] against key group vk: slots lo and hi */
	.macro	mul_block, a, first
	rotate	\a
	mul_slot pmull, 8b, \a, vlo0, vlo1, vlo2, vlo3, vlo4, \first
	mul_slot pmull2, 16b, \a, vhi0, vhi1, vhi2, vhi3, vhi4, \first
	.endm

	/*
	 * One Horner step of the placement, for the three slots:
	 *	acc_k = (pre_k(acc_k) + acc_(k+1)) / x^8
	 * pre_k(L) = L + (dup(low half of L) & mask): \mask holds x^16k - 1
	 * in each half (k = 1..3).
	 */
	.macro	place_step, mask, l, h, m, pl, ph, pm
	dup	vt0.2d, \l\().d[0]
	dup	vt1.2d, \h\().d[0]
	dup	va1.2d, \m\().d[0]
	and	vt0.16b, vt0.16b, \mask\().16b
	and	vt1.16b, vt1.16b, \mask\().16b
	and	va1.16b, va1.16b, \mask\().16b
	eor	\l\().16b, \l\().16b, \pl\().16b
	eor	\h\().16b, \h\().16b, \ph\().16b
	eor	\m\().16b, \m\().16b, \pm\().16b
	eor	\l\().16b, \l\().16b, vt0.16b
	eor	\h\().16b, \h\().16b, vt1.16b
	eor	\m\().16b, \m\().16b, va1.16b
	ext	\l\().16b, \l\().16b, vzero.16b, #1
	ext	\h\().16b, \h\().16b, vzero.16b, #1
	ext	\m\().16b, \m\().16b, vzero.16b, #1
	.endm

	/*
	 * The accumulated slots to vh = X * (the key) mod P:
	 * placement of the L_k, Karatsuba, reduction.
	 */
	.macro	finish
	movi	vk1.2d, #0x000000000000ffff		// x^16 - 1
	movi	vk2.2d, #0x00000000ffffffff		// x^32 - 1
	movi	vk3.2d, #0x0000ffffffffffff		// x^48 - 1
	/* k = 4: pre_4(l + x^64 h) = x^64 (l + h), then / x^8 */
	dup	vt0.2d, vlo4.d[0]
	dup	vt1.2d, vhi4.d[0]
	dup	va1.2d, vmd4.d[0]
	eor	vlo4.16b, vlo4.16b, vt0.16b
	eor	vhi4.16b, vhi4.16b, vt1.16b
	eor	vmd4.16b, vmd4.16b, va1.16b
	ext	vlo4.16b, vlo4.16b, vzero.16b, #1
	ext	vhi4.16b, vhi4.16b, vzero.16b, #1
	ext	vmd4.16b, vmd4.16b, vzero.16b, #1
	place_step vk3, vlo3, vhi3, vmd3, vlo4, vhi4, vmd4
	place_step vk2, vlo2, vhi2, vmd2, vlo3, vhi3, vmd3
	place_step vk1, vlo1, vhi1, vmd1, vlo2, vhi2, vmd2
	eor	vlo0.16b, vlo0.16b, vlo1.16b		// lo = x0*h0 (summed)
	eor	vhi0.16b, vhi0.16b, vhi1.16b		// hi = x1*h1
	eor	vmd0.16b, vmd0.16b, vmd1.16b		// mid = (x0+x1)(h0+h1)
	/* Karatsuba: m = mid + lo + hi; P = lo + x^64 m + x^128 hi */
	eor	vmd0.16b, vmd0.16b, vlo0.16b
	movi	vk0.16b, #0x87				// r = x^7 + x^2 + x + 1
	eor	vmd0.16b, vmd0.16b, vhi0.16b
	ext	vt0.16b, vzero.16b, vmd0.16b, #8
	ext	vt1.16b, vmd0.16b, vzero.16b, #8
	eor	vlo0.16b, vlo0.16b, vt0.16b		// Plo
	eor	vhi0.16b, vhi0.16b, vt1.16b		// Phi
	/* reduction: Plo + Phi*r = Plo + LO + x^8 HI (+ HI_15 * r) */
	pmull	vt0.8h, vhi0.8b, vk0.8b
	pmull2	vt1.8h, vhi0.16b, vk0.16b
	uzp1	va1.16b, vt0.16b, vt1.16b		// LO: low bytes of q_i*r
	uzp2	va2.16b, vt0.16b, vt1.16b		// HI: high bytes
	eor	vh.16b, vlo0.16b, va1.16b
	ext	va3.16b, vzero.16b, va2.16b, #15	// x^8 HI mod x^128
	ext	vt0.16b, va2.16b, vzero.16b, #15	// HI_15
	eor	vh.16b, vh.16b, va3.16b
	pmull	vt0.8h, vt0.8b, vk0.8b			// HI_15 * r
	eor	vh.16b, vh.16b, vt0.16b
	.endm

	/*
	 * vh = vxa * H mod P (vxa: X + block, rbit domain); reads the key
	 * schedule at 320 (H) and 400 (high halves: h0+h1 of H).
	 */
	.macro	mul1, kbase
	ext	vt0.16b, vxa.16b, vxa.16b, #8
	add	kp, \kbase, #320
	eor	vm.16b, vxa.16b, vt0.16b		// [x0+x1 | x0+x1]
	load_group
	mul_block vxa, 1
	load_group
	rotate	vm
	mul_slot pmull2, 16b, vm, vmd0, vmd1, vmd2, vmd3, vmd4, 1
	finish
	.endm

	/* store the group rot_0..4 of \s at kp (advances by 80) */
	.macro	store_group, s
	mov	vk0.16b, \s\().16b
	tbl	vk1.16b, {\s\().16b}, vi1.16b
	tbl	vk2.16b, {\s\().16b}, vi2.16b
	tbl	vk3.16b, {\s\().16b}, vi3.16b
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
	ld1	{vi1.16b-vi3.16b}, [cp]
	movi	vzero.16b, #0
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
 * Clobbers x9, x10, v0-v31 (d8-d15 preserved), flags.
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
 * then one at a time.  blocks <= 0: x is rewritten unchanged.
 * x0 x (in/out), x1 gkey, x2 src, w3 blocks.
 * Clobbers x2, x3, x9, x10, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_ghash_update)
	ghash_enter
	ld1	{vh.16b}, [xp]
	rbit	vh.16b, vh.16b
	subs	blocks, blocks, #4
	b.lt	.Lghash_tail

.Lghash_loop4:
	ld1	{vxa.16b-vxb.16b}, [src], #32
	mov	kp, key
	rbit	vxa.16b, vxa.16b
	rbit	vxb.16b, vxb.16b
	eor	vxa.16b, vxa.16b, vh.16b		// X + B1
	trn1	vm.2d, vxa.2d, vxb.2d
	trn2	vt0.2d, vxa.2d, vxb.2d
	eor	vm.16b, vm.16b, vt0.16b			// [B1 x0+x1 | B2 x0+x1]
	load_group					// H^4
	mul_block vxa, 1
	load_group					// H^3
	mul_block vxb, 0
	load_group					// mid H^4, H^3
	rotate	vm
	mul_slot pmull, 8b, vm, vmd0, vmd1, vmd2, vmd3, vmd4, 1
	mul_slot pmull2, 16b, vm, vmd0, vmd1, vmd2, vmd3, vmd4, 0

	ld1	{vxa.16b-vxb.16b}, [src], #32
	rbit	vxa.16b, vxa.16b
	rbit	vxb.16b, vxb.16b
	trn1	vm.2d, vxa.2d, vxb.2d
	trn2	vt0.2d, vxa.2d, vxb.2d
	eor	vm.16b, vm.16b, vt0.16b			// [B3 x0+x1 | B4 x0+x1]
	load_group					// H^2
	mul_block vxa, 0
	load_group					// H
	mul_block vxb, 0
	load_group					// mid H^2, H
	rotate	vm
	mul_slot pmull, 8b, vm, vmd0, vmd1, vmd2, vmd3, vmd4, 0
	mul_slot pmull2, 16b, vm, vmd0, vmd1, vmd2, vmd3, vmd4, 0

	finish
	subs	blocks, blocks, #4
	b.ge	.Lghash_loop4

.Lghash_tail:
	adds	blocks, blocks, #4
	b.le	.Lghash_done
.Lghash_loop1:
	ld1	{vxa.16b}, [src], #16
	rbit	vxa.16b, vxa.16b
	eor	vxa.16b, vxa.16b, vh.16b
	mul1	key
	subs	blocks, blocks, #1
	b.ne	.Lghash_loop1

.Lghash_done:
	rbit	vh.16b, vh.16b
	st1	{vh.16b}, [xp]
	ghash_leave
SYM_FUNC_END(ctneon_ghash_update)
