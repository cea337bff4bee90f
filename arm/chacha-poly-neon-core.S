/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: ChaCha20/ChaCha12, HChaCha, Poly1305 and the stitched
 * ChaCha20-Poly1305 step for 32-bit ARMv7 NEON (contract: chacha-poly.h).
 *
 * Design notes
 * ============
 *
 * ChaCha, four blocks at once.  The state is "word sliced": q register Xi
 * holds word i of four consecutive blocks (lane j = block j), so a quarter
 * round QR(a, b, c, d) on four blocks is the scalar one on vectors, in four
 * steps:
 *
 *   s1: a += b; d ^= a; d <<<= 16      s2: c += d; b ^= c; b <<<= 12
 *   s3: a += b; d ^= a; d <<<= 8       s4: c += d; b ^= c; b <<<= 7
 *
 * x <<< 16 is vrev32.16 (swap the halves of every 32-bit lane, in place);
 * x <<< 8 is vtbl.8 with the byte permutation {3,0,1,2, 7,4,5,6} (two per
 * q register, in place, no temporary, not on the shift pipe); x <<< 12 and
 * x <<< 7 are t = b ^ c; b = t << n (vshl); b |= t >> (32 - n) (vsri).
 *
 * The four quarter rounds of a half round are issued in lockstep, step by
 * step: four independent dependency chains (the A57 model is latency
 * bound with two: 146 cycles per double round against 90 with four).
 * Sixteen words plus two temporaries do not fit in sixteen q registers,
 * but s1/s3 never touch the c row and s2/s4 never touch the a row.  So
 * q2/q3 hold x2/x3 during s1/s3 and x10/x11 during s2/s4, swapping before
 * every step through two 32-byte stack slots (x2/x3 at [sp], x10/x11 at
 * [spl]; one vst1 + one vld1, on the load/store pipes, off the NEON
 * pipes); q10/q11 are the temporaries T0/T1 (and d20 the vtbl index).
 * Per double round: 96 add/eor/vrev, 32 vshl/vsri, 16 vtbl, 2 vldr of the
 * index, 16 swap loads/stores (138 instructions for 256 bytes).
 *
 * Counter word 12 is the vector state[12] + {0,1,2,3} (vadd.i32: it wraps
 * modulo 2^32, never carrying into word 13), kept on the stack and
 * advanced by 4 per 256 bytes.  After the rounds the input words are
 * added back (vld1 with all-lane replication straight from state[]), each
 * group of four words is transposed (vtrn.32 + two vswp: q(4g+j) = bytes
 * 16g..16g+15 of block j) and written to a 256-byte keystream buffer on
 * the stack, which is then xored into the data: 256 bytes per step, or the
 * tail in 16-byte pieces and single bytes.  Lengths and loop counts are
 * public, so are the branches.
 *
 * HChaCha: one block, one row per q register, the diagonal round made a
 * column round by rotating rows 1..3 by one, two, three words (vext).
 *
 * Poly1305 on the integer unit (the choice).  The NEON unit is saturated
 * by ChaCha, while the integer multiplier is idle: Poly1305 on the core
 * registers overlaps the vector rounds in the stitched step.  26-bit limbs
 * on NEON (vmull.u32 with r^2, r^4) would be faster for Poly1305 alone,
 * but in the stitched step they would compete with ChaCha for the same
 * pipes.  h = h0 + h1 2^32 + h2 2^64 + h3 2^96 + h4 2^128
 * with 32-bit limbs, r = r0 + .. + r3 2^96 clamped: r0..r3 < 2^28 and
 * r1, r2, r3 divisible by 4.  As 2^130 = 5 (mod p), 2^128 = 5/4, so a
 * product limb hi*rj with i + j >= 4 folds down by 2^128 with the
 * coefficient sj = rj + (rj >> 2) = 5 rj / 4 (exact, rj being a multiple
 * of 4):
 *
 *   d0 = h0 r0 + h1 s3 + h2 s2 + h3 s1
 *   d1 = h0 r1 + h1 r0 + h2 s3 + h3 s2 + h4 s1
 *   d2 = h0 r2 + h1 r1 + h2 r0 + h3 s3 + h4 s2
 *   d3 = h0 r3 + h1 r2 + h2 r1 + h3 r0 + h4 s3
 *   d4 = h4 r0
 *
 * (h4 r0 stays at 2^128: r0 is not a multiple of 4).  With h4 <= 6 each
 * di is below 5 * 2^32 * 1.25 * 2^28 < 2^63, so umull/umlal accumulate it
 * in 64 bits without overflow, with room for the carry of the limb below.
 * d0/d1 and then d2/d3 are accumulated side by side (two umlal chains:
 * a dependent umlal costs 4 cycles on the A57 model, one chain of 19 was
 * the critical path of the stitched step), sharing each coefficient load;
 * limbs 0 and 1 are parked in the frame meanwhile (registers).  Carries:
 * limb(i) = lo(di + c), c = hi(di + c).  d4 + c < 2^32 (one mla).
 * Partial reduction: c = d4 >> 2, h4 = d4 & 3, h += 5c (5c = (d4 & ~3) +
 * (d4 >> 2)) with a carry chain through h0..h4.  Afterwards h < 2^130 +
 * 2^31 < 2p (a carry out of the low 128 bits leaves them below 5c), so one
 * conditional subtraction reduces fully: the final step computes g = h + 5;
 * bit 130 of g (g4 >> 2, 0 or 1 since g < 2^131) is set exactly when
 * h >= p, and then h mod p = g - 2^130, whose low 128 bits are those of g.
 * The selection is by mask (0 - (g4 >> 2)), no branch; the tag is that
 * plus s modulo 2^128.  The bit-130 test is the one the carry-flag bug of
 * seed 002 got wrong; tests/unit/chacha-test.c drives h to p - 1, p,
 * p + 1 .. p + 4 = 2^130 - 1 and beyond 2^130 (a version deciding from
 * the carry of the low 128 bits alone fails only those vectors).
 * One block: 4 loads + 5 adds (absorb), 11 coefficient loads, 19
 * umull/umlal + 1 mla, 6 carry adds, 4 frame stores/loads, 9 ALU
 * (reduction): 60 instructions per 16 bytes.  The coefficients r0..r3,
 * s1..s3 are copied into the stack frame (every core register is taken by
 * h, the accumulators and the pointers) and zeroed on return.
 *
 * The stitched step.  Per 256-byte chunk (4 ChaCha20 blocks), the ten
 * double rounds carry sixteen Poly1305 blocks: double rounds 1..8 each
 * absorb two blocks, cut into six pieces each (absorb, the d0/d1 pair in
 * two halves, the d2/d3 pair in two halves, d4 + fold) and placed between
 * the ChaCha steps, so an in-order dual-issue core can pair them and an
 * out-of-order one sees two independent streams.  The ciphertext absorbed
 * during the rounds of chunk k is chunk k itself when decrypting (read
 * from src before dst is written: in place is fine) and chunk k - 1 when
 * encrypting (already written to dst); the lagging chunk and the tail
 * (< 256 bytes; its final partial 16-byte block zero padded through a
 * stack buffer, with the 2^128 pad bit) are absorbed by the plain loop.
 *
 * Costs (static instructions per byte of the steady-state loop; llvm-mca
 * -mcpu=cortex-a57 cycles per byte on the executed stream of the ct
 * harness, 640 minus 384 bytes, i.e. one 256-byte chunk):
 *   ChaCha20                6.06 instr/B   4.08 c/B  (ChaCha12 ~3.9 instr/B)
 *   stitched enc or dec     9.74 instr/B   4.44 c/B
 *   Poly1305 alone          3.75 instr/B   3.13 c/B  (loop body, 100 iter.)
 * So the stitched step costs ChaCha20 plus 0.36 c/B for Poly1305.
 *
 * Stack frame (FRAME bytes, zeroed before returning: keystream, key words):
 *   0   the x2, x3 slot      32   the x10, x11 slot
 *   64  the counter vector   80   keystream, 256 bytes
 *   336 the zero-padded last Poly1305 block
 *   352 r0 r1 r2 r3 s1 s2 s3      380 saved arguments, pending pointer
 *   416 the vtbl index of <<< 8   424 two parked Poly1305 limbs
 *
 * Poly1305 state (pstate, CTNEON_POLY_STATE_SIZE bytes, only 64 used):
 *   0 h0..h4   20 r0..r3   36 s1..s3   48 s (the pad key, 4 words)
 *
 * Little-endian only (as the armmp kernels).  Data pointers may be
 * unaligned: only ldr/str/ldrb/strb and vld1.8/vst1.8 touch them.
 */

#include <linux/linkage.h>

	.syntax	unified
	.fpu	neon
	.text

/* ChaCha vector registers */
X0	.req	q0
X1	.req	q1
X2	.req	q2
X3	.req	q3
X4	.req	q4
X5	.req	q5
X6	.req	q6
X7	.req	q7
XC0	.req	q8		/* x8 */
XC1	.req	q9		/* x9 */
T0	.req	q10
T1	.req	q11
X12	.req	q12
X13	.req	q13
X14	.req	q14
X15	.req	q15

/* core registers (Poly1305 and the loops) */
inp	.req	r0		/* Poly1305 input pointer */
spl	.req	r1		/* sp + 32, the x10/x11 slot */
h0	.req	r2
h1	.req	r3
h2	.req	r4
h3	.req	r5
h4	.req	r6
g0	.req	r7
g1	.req	r8
g2	.req	r9
dl	.req	r10
dh	.req	r11
t	.req	r12
cnt	.req	lr

/* stack frame */
.set	F_KS,		80
.set	F_PAD,		336
.set	F_R0,		352
.set	F_R1,		356
.set	F_R2,		360
.set	F_R3,		364
.set	F_S1,		368
.set	F_S2,		372
.set	F_S3,		376
.set	F_STATE,	380
.set	F_PSTATE,	384
.set	F_DST,		388
.set	F_SRC,		392
.set	F_BYTES,	396
.set	F_ENC,		400
.set	F_NR,		404
.set	F_PEND,		408
.set	F_ROT8,		416
.set	F_G0,		424
.set	F_G1,		428
.set	FRAME,		448

/* pstate */
.set	P_H,		0
.set	P_R,		20
.set	P_S,		36
.set	P_KEY,		48

/* ------------------------------------------------------------------ */
/* ChaCha                                                              */
/* ------------------------------------------------------------------ */

/*
 * A half round: four quarter rounds QR(a_i, b_i, c_i, d_i), i = 0..3, in
 * lockstep, four independent dependency chains.  a_i = x0..x3 (q0..q3),
 * b, c, d per the round (column or diagonal).  Sixteen words and two
 * temporaries do not fit in sixteen registers, but every step touches
 * only three of the four rows: a += b, d ^= a, d <<<= 16 (no c) /
 * c += d, b ^= c, b <<<= 12 (no a) / a += b, d ^= a, d <<<= 8 (no c) /
 * c += d, b ^= c, b <<<= 7 (no a).  So q2/q3 hold x2/x3 in the a-steps and
 * x10/x11 in the c-steps, and each step begins with a swap through the
 * stack (one vst1 and one vld1 of 32 bytes, on the load/store pipes):
 * x2/x3 at [sp], x10/x11 at [spl].  c, d: the c and d rows as q registers
 * (q2/q3 standing for x10/x11); dl: the d halves of d for vtbl.
 * k0..k3: optional macros (Poly1305 pieces) after the steps.
 */
	.macro	to_c
	vst1.32	{q2-q3}, [sp]
	vld1.32	{q2-q3}, [spl]
	.endm

	.macro	to_a
	vst1.32	{q2-q3}, [spl]
	vld1.32	{q2-q3}, [sp]
	.endm

	.macro	hr_ab, b0, b1, b2, b3, d0, d1, d2, d3
	vadd.i32	q0, q0, \b0
	vadd.i32	q1, q1, \b1
	vadd.i32	q2, q2, \b2
	vadd.i32	q3, q3, \b3
	veor		\d0, \d0, q0
	veor		\d1, \d1, q1
	veor		\d2, \d2, q2
	veor		\d3, \d3, q3
	.endm

	.macro	hr_cb, b0, b1, b2, b3, c0, c1, c2, c3, d0, d1, d2, d3, n
	vadd.i32	\c0, \c0, \d0
	vadd.i32	\c1, \c1, \d1
	vadd.i32	\c2, \c2, \d2
	vadd.i32	\c3, \c3, \d3
	veor		T0, \b0, \c0
	veor		T1, \b1, \c1
	vshl.u32	\b0, T0, #\n
	vshl.u32	\b1, T1, #\n
	vsri.u32	\b0, T0, #(32 - \n)
	vsri.u32	\b1, T1, #(32 - \n)
	veor		T0, \b2, \c2
	veor		T1, \b3, \c3
	vshl.u32	\b2, T0, #\n
	vshl.u32	\b3, T1, #\n
	vsri.u32	\b2, T0, #(32 - \n)
	vsri.u32	\b3, T1, #(32 - \n)
	.endm

	.macro	hr, b0, b1, b2, b3, c0, c1, c2, c3, d0, d1, d2, d3, e0, e1, e2, e3, e4, e5, e6, e7, k0, k1, k2, k3, k4, k5
	hr_ab		\b0, \b1, \b2, \b3, \d0, \d1, \d2, \d3
	vrev32.16	\d0, \d0
	vrev32.16	\d1, \d1
	vrev32.16	\d2, \d2
	vrev32.16	\d3, \d3
	\k0
	to_c
	hr_cb		\b0, \b1, \b2, \b3, \c0, \c1, \c2, \c3, \d0, \d1, \d2, \d3, 12
	\k1
	to_a
	\k2
	vldr		d20, [sp, #F_ROT8]
	hr_ab		\b0, \b1, \b2, \b3, \d0, \d1, \d2, \d3
	vtbl.8		\e0, {\e0}, d20
	vtbl.8		\e1, {\e1}, d20
	vtbl.8		\e2, {\e2}, d20
	vtbl.8		\e3, {\e3}, d20
	vtbl.8		\e4, {\e4}, d20
	vtbl.8		\e5, {\e5}, d20
	vtbl.8		\e6, {\e6}, d20
	vtbl.8		\e7, {\e7}, d20
	\k3
	to_c
	hr_cb		\b0, \b1, \b2, \b3, \c0, \c1, \c2, \c3, \d0, \d1, \d2, \d3, 7
	\k4
	to_a
	\k5
	.endm

/*
 * One double round; on entry and exit q2/q3 = x2/x3, q8/q9 = x8/x9,
 * [spl] = x10/x11.  Column round: b = x4..x7, c = x8, x9, x10, x11,
 * d = x12..x15; diagonal round: b = x5, x6, x7, x4, c = x10, x11, x8, x9,
 * d = x15, x12, x13, x14.  p0..p11: optional Poly1305 pieces.
 */
	.macro	dround, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11
	hr	q4, q5, q6, q7, q8, q9, q2, q3, q12, q13, q14, q15, d24, d25, d26, d27, d28, d29, d30, d31, \p0, \p1, \p2, \p3, \p4, \p5
	hr	q5, q6, q7, q4, q2, q3, q8, q9, q15, q12, q13, q14, d30, d31, d24, d25, d26, d27, d28, d29, \p6, \p7, \p8, \p9, \p10, \p11
	.endm

/* the same with two Poly1305 blocks from [inp] interleaved */
	.macro	dround_poly
	dround	poly_p0, poly_p1, poly_p2, poly_p3, poly_p4, poly_p5, poly_p0, poly_p1, poly_p2, poly_p3, poly_p4, poly_p5
	.endm

/*
 * Load the state for four blocks: Xi = state[i] in every lane, X12 = the
 * counter vector; x10/x11 go to their slot.  \p = state (clobbered).
 */
	.macro	chacha_load, p
	vld1.32	{d0[], d1[]}, [\p]!
	vld1.32	{d2[], d3[]}, [\p]!
	vld1.32	{d4[], d5[]}, [\p]!
	vld1.32	{d6[], d7[]}, [\p]!
	vld1.32	{d8[], d9[]}, [\p]!
	vld1.32	{d10[], d11[]}, [\p]!
	vld1.32	{d12[], d13[]}, [\p]!
	vld1.32	{d14[], d15[]}, [\p]!
	vld1.32	{d16[], d17[]}, [\p]!
	vld1.32	{d18[], d19[]}, [\p]!
	vld1.32	{d20[], d21[]}, [\p]!
	vld1.32	{d22[], d23[]}, [\p]!
	add	\p, \p, #4
	vld1.32	{d26[], d27[]}, [\p]!
	vld1.32	{d28[], d29[]}, [\p]!
	vld1.32	{d30[], d31[]}, [\p]
	vldr	d24, [sp, #64]
	vldr	d25, [sp, #72]
	vst1.32	{q10-q11}, [spl]
	.endm

/* transpose four word vectors: afterwards q_j = 16 bytes of block j */
	.macro	tr4, a, b, c, d, ahi, bhi, clo, dlo
	vtrn.32	\a, \b
	vtrn.32	\c, \d
	vswp	\ahi, \clo
	vswp	\bhi, \dlo
	.endm

/*
 * Add the input state back, advance the counter vector, transpose and
 * write the 256 bytes of keystream to sp + F_KS.  \p = state (clobbered).
 */
	.macro	chacha_finish, p
	vld1.32	{d20[], d21[]}, [\p]!
	vld1.32	{d22[], d23[]}, [\p]!
	vadd.i32	X0, X0, T0
	vadd.i32	X1, X1, T1
	vld1.32	{d20[], d21[]}, [\p]!
	vld1.32	{d22[], d23[]}, [\p]!
	vadd.i32	X2, X2, T0
	vadd.i32	X3, X3, T1
	vld1.32	{d20[], d21[]}, [\p]!
	vld1.32	{d22[], d23[]}, [\p]!
	vadd.i32	X4, X4, T0
	vadd.i32	X5, X5, T1
	vld1.32	{d20[], d21[]}, [\p]!
	vld1.32	{d22[], d23[]}, [\p]!
	vadd.i32	X6, X6, T0
	vadd.i32	X7, X7, T1
	vld1.32	{d20[], d21[]}, [\p]!
	vld1.32	{d22[], d23[]}, [\p]!
	vadd.i32	q8, q8, T0
	vadd.i32	q9, q9, T1
	vst1.32	{q8-q9}, [sp]
	vld1.32	{q10-q11}, [spl]
	vld1.32	{d16[], d17[]}, [\p]!
	vld1.32	{d18[], d19[]}, [\p]!
	vadd.i32	q10, q10, q8
	vadd.i32	q11, q11, q9
	vldr	d16, [sp, #64]
	vldr	d17, [sp, #72]
	vadd.i32	X12, X12, q8
	vmov.i32	q9, #4
	vadd.i32	q8, q8, q9		/* the counters of the next chunk */
	vstr	d16, [sp, #64]
	vstr	d17, [sp, #72]
	add	\p, \p, #4
	vld1.32	{d16[], d17[]}, [\p]!
	vld1.32	{d18[], d19[]}, [\p]!
	vadd.i32	X13, X13, q8
	vadd.i32	X14, X14, q9
	vld1.32	{d16[], d17[]}, [\p]
	vadd.i32	X15, X15, q8
	vld1.32	{q8-q9}, [sp]
	tr4	q0, q1, q2, q3, d1, d3, d4, d6
	tr4	q4, q5, q6, q7, d9, d11, d12, d14
	tr4	q8, q9, q10, q11, d17, d19, d20, d22
	tr4	q12, q13, q14, q15, d25, d27, d28, d30
	add	\p, sp, #F_KS
	vst1.8	{q0}, [\p]!
	vst1.8	{q4}, [\p]!
	vst1.8	{q8}, [\p]!
	vst1.8	{q12}, [\p]!
	vst1.8	{q1}, [\p]!
	vst1.8	{q5}, [\p]!
	vst1.8	{q9}, [\p]!
	vst1.8	{q13}, [\p]!
	vst1.8	{q2}, [\p]!
	vst1.8	{q6}, [\p]!
	vst1.8	{q10}, [\p]!
	vst1.8	{q14}, [\p]!
	vst1.8	{q3}, [\p]!
	vst1.8	{q7}, [\p]!
	vst1.8	{q11}, [\p]!
	vst1.8	{q15}, [\p]
	.endm

/* one chunk of keystream, \dr double rounds (register), no Poly1305 */
	.macro	chacha_chunk, dr
	ldr	t, [sp, #F_STATE]
	chacha_load	t
	mov	cnt, \dr
.Lrounds\@:
	dround
	subs	cnt, cnt, #1
	bne	.Lrounds\@
	ldr	t, [sp, #F_STATE]
	chacha_finish	t
	.endm

/* dst = src ^ keystream for 256 bytes; F_SRC/F_DST/F_BYTES advance */
	.macro	xor_full
	ldr	g0, [sp, #F_SRC]
	ldr	g1, [sp, #F_DST]
	add	t, sp, #F_KS
	.rept	4
	vld1.8	{q0-q1}, [g0]!
	vld1.8	{q2-q3}, [g0]!
	vld1.8	{q4-q5}, [t]!
	vld1.8	{q6-q7}, [t]!
	veor	q0, q0, q4
	veor	q1, q1, q5
	veor	q2, q2, q6
	veor	q3, q3, q7
	vst1.8	{q0-q1}, [g1]!
	vst1.8	{q2-q3}, [g1]!
	.endr
	ldr	t, [sp, #F_BYTES]
	str	g0, [sp, #F_SRC]
	str	g1, [sp, #F_DST]
	sub	t, t, #256
	str	t, [sp, #F_BYTES]
	.endm

/* dst = src ^ keystream for the F_BYTES (< 256) bytes left */
	.macro	xor_tail
	ldr	g0, [sp, #F_SRC]
	ldr	g1, [sp, #F_DST]
	ldr	g2, [sp, #F_BYTES]
	add	t, sp, #F_KS
.Lx16\@:
	cmp	g2, #16
	blt	.Lx1\@
	vld1.8	{q0}, [g0]!
	vld1.8	{q1}, [t]!
	veor	q0, q0, q1
	vst1.8	{q0}, [g1]!
	sub	g2, g2, #16
	b	.Lx16\@
.Lx1\@:
	cmp	g2, #0
	ble	.Lxdone\@
	ldrb	dl, [g0], #1
	ldrb	dh, [t], #1
	eor	dl, dl, dh
	strb	dl, [g1], #1
	subs	g2, g2, #1
	bne	.Lx1\@
.Lxdone\@:
	.endm

/*
 * Common prologue of the ChaCha entry points: callee-saved registers, the
 * frame, the counter vector state[12] + {0,1,2,3}, state[12] advanced by
 * the number of blocks (public), spl.  In: r0 = state, r1 = bytes.
 */
	.macro	chacha_setup
	add	r2, r0, #48
	vld1.32	{d16[], d17[]}, [r2]
	mov	r2, #0
	mov	r3, #1
	vmov	d18, r2, r3
	mov	r2, #2
	mov	r3, #3
	vmov	d19, r2, r3		/* {0, 1, 2, 3} */
	vadd.i32	q8, q8, q9
	vstr	d16, [sp, #64]
	vstr	d17, [sp, #72]
	movw	r2, #0x0003			/* vtbl indices of x <<< 8 */
	movt	r2, #0x0201
	movw	r3, #0x0407
	movt	r3, #0x0605
	vmov	d18, r2, r3
	vstr	d18, [sp, #F_ROT8]
	ldr	r3, [r0, #48]
	add	r1, r1, #63
	add	r3, r3, r1, lsr #6
	str	r3, [r0, #48]
	add	spl, sp, #32
	.endm

/* zero the frame (keystream, slots, key copies) */
	.macro	zero_frame
	vmov.i8	q0, #0
	vmov.i8	q1, #0
	mov	t, sp
	.rept	FRAME / 32
	vst1.8	{q0-q1}, [t]!
	.endr
	.endm

/*
 * void ctneon_chacha_crypt(u32 state[16], u8 *dst, const u8 *src,
 *                          int bytes, int nrounds);
 * r0 state, r1 dst, r2 src, r3 bytes, [sp] nrounds (20 or 12).
 * Clobbers r0-r3, r12, q0-q15 (d8-d15 and r4-r11 saved).
 */
SYM_FUNC_START(ctneon_chacha_crypt)
	push	{r4-r11, lr}
	ldr	r4, [sp, #36]		/* nrounds */
	vpush	{d8-d15}
	sub	sp, sp, #FRAME
	str	r0, [sp, #F_STATE]
	str	r1, [sp, #F_DST]
	str	r2, [sp, #F_SRC]
	str	r3, [sp, #F_BYTES]
	lsr	r4, r4, #1
	str	r4, [sp, #F_NR]
	mov	r1, r3
	chacha_setup
.Lcrypt_loop:
	ldr	t, [sp, #F_BYTES]
	cmp	t, #0
	ble	.Lcrypt_done
	ldr	r4, [sp, #F_NR]
	chacha_chunk	r4
	ldr	t, [sp, #F_BYTES]
	cmp	t, #256
	blt	.Lcrypt_tail
	xor_full
	b	.Lcrypt_loop
.Lcrypt_tail:
	xor_tail
.Lcrypt_done:
	zero_frame
	add	sp, sp, #FRAME
	vpop	{d8-d15}
	pop	{r4-r11, pc}
SYM_FUNC_END(ctneon_chacha_crypt)

/*
 * void ctneon_hchacha(const u32 state[16], u32 out[8], int nrounds);
 * r0 state, r1 out, r2 nrounds.  One block, one row per register
 * (q0..q3 = rows 0..3); the diagonal round rotates rows 1..3 by one, two,
 * three words (vext) so that the diagonals become columns.
 * Clobbers r2, q0-q3, q8.
 */
	.macro	hqr
	vadd.i32	q0, q0, q1
	veor		q3, q3, q0
	vrev32.16	q3, q3
	vadd.i32	q2, q2, q3
	veor		q8, q1, q2
	vshl.u32	q1, q8, #12
	vsri.u32	q1, q8, #20
	vadd.i32	q0, q0, q1
	veor		q8, q3, q0
	vshl.u32	q3, q8, #8
	vsri.u32	q3, q8, #24
	vadd.i32	q2, q2, q3
	veor		q8, q1, q2
	vshl.u32	q1, q8, #7
	vsri.u32	q1, q8, #25
	.endm

SYM_FUNC_START(ctneon_hchacha)
	vld1.32	{q0-q1}, [r0]!
	vld1.32	{q2-q3}, [r0]
	lsr	r2, r2, #1
.Lhchacha_loop:
	hqr
	vext.8	q1, q1, q1, #4
	vext.8	q2, q2, q2, #8
	vext.8	q3, q3, q3, #12
	hqr
	vext.8	q1, q1, q1, #12
	vext.8	q2, q2, q2, #8
	vext.8	q3, q3, q3, #4
	subs	r2, r2, #1
	bne	.Lhchacha_loop
	vst1.32	{q0}, [r1]!
	vst1.32	{q3}, [r1]
	bx	lr
SYM_FUNC_END(ctneon_hchacha)

/* ------------------------------------------------------------------ */
/* Poly1305                                                            */
/* ------------------------------------------------------------------ */

/* h += m + 2^128 (m: 16 bytes at inp) */
	.macro	poly_p0
	ldr	g0, [inp], #4
	ldr	g1, [inp], #4
	ldr	g2, [inp], #4
	ldr	t, [inp], #4
	adds	h0, h0, g0
	adcs	h1, h1, g1
	adcs	h2, h2, g2
	adcs	h3, h3, t
	adc	h4, h4, #1
	.endm

/*
 * The products as two pairs of independent accumulators, so that the
 * multiply-accumulate chains (4 cycles per dependent umlal on the A57
 * model) run two at a time, and the coefficients each pair shares are
 * loaded once:  (g1:g0) = d0, (dl:g2) = d1;  then limb 0 = g0, limb 1 =
 * g2 + (d0 >> 32), carry dl, the two limbs parked in the frame;
 * (g1:g0) = d2, (dh:g2) = d3, each plus the carry of the limb below.
 */
	.macro	poly_p1
	ldr	t, [sp, #F_R0]
	ldr	dh, [sp, #F_R1]
	umull	g0, g1, h0, t		/* d0 = h0 r0 */
	umull	g2, dl, h0, dh		/* d1 = h0 r1 */
	umlal	g2, dl, h1, t		/*    + h1 r0 */
	ldr	t, [sp, #F_S3]
	umlal	g0, g1, h1, t		/*    + h1 s3 */
	umlal	g2, dl, h2, t		/*    + h2 s3 */
	.endm

	.macro	poly_p2
	ldr	t, [sp, #F_S2]
	umlal	g0, g1, h2, t		/* d0 + h2 s2 */
	umlal	g2, dl, h3, t		/* d1 + h3 s2 */
	ldr	t, [sp, #F_S1]
	umlal	g0, g1, h3, t		/* d0 + h3 s1 */
	umlal	g2, dl, h4, t		/* d1 + h4 s1 */
	adds	g2, g2, g1
	adc	dl, dl, #0
	str	g0, [sp, #F_G0]
	str	g2, [sp, #F_G1]
	.endm

	.macro	poly_p3
	ldr	t, [sp, #F_R2]
	umull	g0, g1, h0, t		/* d2 = h0 r2 */
	umull	g2, dh, h1, t		/* d3 = h1 r2 */
	ldr	t, [sp, #F_R1]
	umlal	g0, g1, h1, t		/* d2 + h1 r1 */
	umlal	g2, dh, h2, t		/* d3 + h2 r1 */
	ldr	t, [sp, #F_R0]
	umlal	g0, g1, h2, t		/* d2 + h2 r0 */
	umlal	g2, dh, h3, t		/* d3 + h3 r0 */
	.endm

	.macro	poly_p4
	ldr	t, [sp, #F_S3]
	umlal	g0, g1, h3, t		/* d2 + h3 s3 */
	umlal	g2, dh, h4, t		/* d3 + h4 s3 */
	ldr	t, [sp, #F_S2]
	umlal	g0, g1, h4, t		/* d2 + h4 s2 */
	ldr	t, [sp, #F_R3]
	umlal	g2, dh, h0, t		/* d3 + h0 r3 */
	adds	g0, g0, dl		/* limb 2, carry g1 */
	adc	g1, g1, #0
	adds	g2, g2, g1		/* limb 3, carry dh */
	adc	dh, dh, #0
	.endm

/*
 * d4 = h4 r0 + c (< 2^32); h = (limbs 0..3, d4 & 3) + 5 (d4 >> 2),
 * 5 (d4 >> 2) = (d4 & ~3) + (d4 >> 2).
 */
	.macro	poly_p5
	ldr	t, [sp, #F_R0]
	mla	t, h4, t, dh
	ldr	g1, [sp, #F_G0]
	ldr	dl, [sp, #F_G1]
	and	h4, t, #3
	bic	dh, t, #3
	add	dh, dh, t, lsr #2
	adds	h0, g1, dh
	adcs	h1, dl, #0
	adcs	h2, g0, #0
	adcs	h3, g2, #0
	adc	h4, h4, #0
	.endm

	.macro	poly_block
	poly_p0
	poly_p1
	poly_p2
	poly_p3
	poly_p4
	poly_p5
	.endm

/* copy r0..r3, s1..s3 from pstate (\p) to the frame; clobbers g0-g2, dl */
	.macro	poly_frame, p
	add	t, \p, #P_R
	ldm	t, {g0, g1, g2, dl}
	str	g0, [sp, #F_R0]
	str	g1, [sp, #F_R1]
	str	g2, [sp, #F_R2]
	str	dl, [sp, #F_R3]
	add	t, \p, #P_S
	ldm	t, {g0, g1, g2}
	str	g0, [sp, #F_S1]
	str	g1, [sp, #F_S2]
	str	g2, [sp, #F_S3]
	.endm

/*
 * void ctneon_poly1305_init(u8 *pstate, const u8 key[32]);
 * r0 pstate, r1 key.  Clobbers r1-r3, r12.
 */
SYM_FUNC_START(ctneon_poly1305_init)
	push	{r4-r5}
	ldr	r2, [r1, #0]
	ldr	r3, [r1, #4]
	ldr	r4, [r1, #8]
	ldr	r5, [r1, #12]
	bic	r2, r2, #0xf0000000		/* clamp */
	bic	r3, r3, #0xf0000000
	bic	r4, r4, #0xf0000000
	bic	r5, r5, #0xf0000000
	bic	r3, r3, #3
	bic	r4, r4, #3
	bic	r5, r5, #3
	str	r2, [r0, #P_R + 0]
	str	r3, [r0, #P_R + 4]
	str	r4, [r0, #P_R + 8]
	str	r5, [r0, #P_R + 12]
	add	r3, r3, r3, lsr #2		/* s = 5 r / 4 */
	add	r4, r4, r4, lsr #2
	add	r5, r5, r5, lsr #2
	str	r3, [r0, #P_S + 0]
	str	r4, [r0, #P_S + 4]
	str	r5, [r0, #P_S + 8]
	ldr	r2, [r1, #16]
	ldr	r3, [r1, #20]
	ldr	r4, [r1, #24]
	ldr	r5, [r1, #28]
	str	r2, [r0, #P_KEY + 0]
	str	r3, [r0, #P_KEY + 4]
	str	r4, [r0, #P_KEY + 8]
	str	r5, [r0, #P_KEY + 12]
	mov	r2, #0
	str	r2, [r0, #P_H + 0]
	str	r2, [r0, #P_H + 4]
	str	r2, [r0, #P_H + 8]
	str	r2, [r0, #P_H + 12]
	str	r2, [r0, #P_H + 16]
	pop	{r4-r5}
	bx	lr
SYM_FUNC_END(ctneon_poly1305_init)

/*
 * void ctneon_poly1305_blocks(u8 *pstate, const u8 *src, int blocks);
 * r0 pstate, r1 src, r2 blocks.  Clobbers r0-r3, r12.
 */
SYM_FUNC_START(ctneon_poly1305_blocks)
	push	{r4-r11, lr}
	sub	sp, sp, #FRAME
	str	r0, [sp, #F_PSTATE]
	mov	cnt, r2
	poly_frame	r0
	ldr	t, [sp, #F_PSTATE]
	mov	inp, r1
	ldm	t, {h0, h1, h2, h3, h4}
	cmp	cnt, #0
	ble	.Lpoly_blocks_done
.Lpoly_blocks_loop:
	poly_block
	subs	cnt, cnt, #1
	bne	.Lpoly_blocks_loop
.Lpoly_blocks_done:
	ldr	t, [sp, #F_PSTATE]
	stm	t, {h0, h1, h2, h3, h4}
	mov	t, #0
	.irp	o, F_R0, F_R1, F_R2, F_R3, F_S1, F_S2, F_S3
	str	t, [sp, #\o]
	.endr
	add	sp, sp, #FRAME
	pop	{r4-r11, pc}
SYM_FUNC_END(ctneon_poly1305_blocks)

/*
 * void ctneon_poly1305_final(u8 *pstate, u8 tag[16]);
 * r0 pstate, r1 tag.  g = h + 5; h >= p exactly when bit 130 of g is set,
 * and then h - p = g - 2^130: select the low 128 bits of g or of h by the
 * mask 0 - (g4 >> 2); tag = that + s mod 2^128.  Clobbers r0-r3, r12.
 */
SYM_FUNC_START(ctneon_poly1305_final)
	push	{r4-r11, lr}
	ldm	r0, {h0, h1, h2, h3, h4}
	adds	g0, h0, #5
	adcs	g1, h1, #0
	adcs	g2, h2, #0
	adcs	dl, h3, #0
	adc	dh, h4, #0
	lsr	dh, dh, #2
	rsb	dh, dh, #0			/* all ones iff h >= p */
	.irp	x, 0, 1, 2
	eor	t, h\x, g\x
	and	t, t, dh
	eor	h\x, h\x, t
	.endr
	eor	t, h3, dl
	and	t, t, dh
	eor	h3, h3, t
	ldr	g0, [r0, #P_KEY + 0]
	ldr	g1, [r0, #P_KEY + 4]
	ldr	g2, [r0, #P_KEY + 8]
	ldr	dl, [r0, #P_KEY + 12]
	adds	h0, h0, g0
	adcs	h1, h1, g1
	adcs	h2, h2, g2
	adc	h3, h3, dl
	str	h0, [r1, #0]
	str	h1, [r1, #4]
	str	h2, [r1, #8]
	str	h3, [r1, #12]
	pop	{r4-r11, pc}
SYM_FUNC_END(ctneon_poly1305_final)

/* ------------------------------------------------------------------ */
/* the stitched step                                                   */
/* ------------------------------------------------------------------ */

/*
 * Absorb g2 bytes at inp: whole blocks, then the partial one zero padded
 * (through sp + F_PAD).  Clobbers g0-g2, dl, dh, t, cnt.
 */
	.macro	poly_absorb_tail
	lsr	cnt, g2, #4
	and	g2, g2, #15
	str	g2, [sp, #F_PEND]
	cmp	cnt, #0
	beq	.Lpat_part\@
.Lpat_loop\@:
	poly_block
	subs	cnt, cnt, #1
	bne	.Lpat_loop\@
.Lpat_part\@:
	ldr	g2, [sp, #F_PEND]
	cmp	g2, #0
	beq	.Lpat_done\@
	vmov.i8	q0, #0
	add	g0, sp, #F_PAD
	vst1.8	{q0}, [g0]
.Lpat_copy\@:
	ldrb	t, [inp], #1
	strb	t, [g0], #1
	subs	g2, g2, #1
	bne	.Lpat_copy\@
	add	inp, sp, #F_PAD
	poly_block
.Lpat_done\@:
	.endm

/*
 * void ctneon_chachapoly_crypt(u32 state[16], u8 *pstate, u8 *dst,
 *                              const u8 *src, int bytes, int enc);
 * r0 state, r1 pstate, r2 dst, r3 src, [sp] bytes, [sp, #4] enc.
 * ChaCha20 (20 rounds).  Clobbers r0-r3, r12, q0-q15 (d8-d15 and r4-r11
 * saved).
 */
SYM_FUNC_START(ctneon_chachapoly_crypt)
	push	{r4-r11, lr}
	ldr	r4, [sp, #36]		/* bytes */
	ldr	r5, [sp, #40]		/* enc */
	vpush	{d8-d15}
	sub	sp, sp, #FRAME
	str	r0, [sp, #F_STATE]
	str	r1, [sp, #F_PSTATE]
	str	r2, [sp, #F_DST]
	str	r3, [sp, #F_SRC]
	str	r4, [sp, #F_BYTES]
	str	r5, [sp, #F_ENC]
	mov	r2, #0
	str	r2, [sp, #F_PEND]
	poly_frame	r1
	mov	r1, r4
	chacha_setup			/* sets spl */
	ldr	t, [sp, #F_PSTATE]
	ldm	t, {h0, h1, h2, h3, h4}

.Lcp_full:
	ldr	t, [sp, #F_BYTES]
	cmp	t, #256
	blt	.Lcp_tail
	ldr	t, [sp, #F_ENC]
	cmp	t, #0
	bne	.Lcp_enc
	ldr	inp, [sp, #F_SRC]	/* decrypt: this chunk's ciphertext */
	b	.Lcp_chunk
.Lcp_enc:
	ldr	inp, [sp, #F_PEND]	/* encrypt: the previous chunk's */
	ldr	t, [sp, #F_DST]
	str	t, [sp, #F_PEND]
	cmp	inp, #0
	beq	.Lcp_first
.Lcp_chunk:

	ldr	t, [sp, #F_STATE]
	chacha_load	t
	mov	cnt, #8
.Lcp_rounds:
	dround_poly
	subs	cnt, cnt, #1
	bne	.Lcp_rounds
	dround
	dround
	ldr	t, [sp, #F_STATE]
	chacha_finish	t
	xor_full
	b	.Lcp_full

.Lcp_first:				/* encrypt, first chunk: nothing to absorb */
	mov	g0, #10
	chacha_chunk	g0
	xor_full
	b	.Lcp_full

.Lcp_tail:
	ldr	t, [sp, #F_ENC]
	cmp	t, #0
	beq	.Lcp_dec_tail
	ldr	inp, [sp, #F_PEND]	/* the last whole chunk, if any */
	cmp	inp, #0
	beq	.Lcp_enc_tail
	mov	cnt, #16
.Lcp_lag:
	poly_block
	subs	cnt, cnt, #1
	bne	.Lcp_lag
.Lcp_enc_tail:
	ldr	t, [sp, #F_BYTES]
	cmp	t, #0
	ble	.Lcp_done
	mov	g0, #10
	chacha_chunk	g0
	ldr	g2, [sp, #F_BYTES]
	ldr	inp, [sp, #F_DST]	/* where the tail's ciphertext goes */
	str	inp, [sp, #F_PEND]
	xor_tail
	ldr	inp, [sp, #F_PEND]
	ldr	g2, [sp, #F_BYTES]
	poly_absorb_tail
	b	.Lcp_done

.Lcp_dec_tail:
	ldr	g2, [sp, #F_BYTES]
	cmp	g2, #0
	ble	.Lcp_done
	ldr	inp, [sp, #F_SRC]
	poly_absorb_tail		/* before dst (maybe = src) is written */
	mov	g0, #10
	chacha_chunk	g0
	xor_tail

.Lcp_done:
	ldr	t, [sp, #F_PSTATE]
	stm	t, {h0, h1, h2, h3, h4}
	zero_frame
	add	sp, sp, #FRAME
	vpop	{d8-d15}
	pop	{r4-r11, pc}
SYM_FUNC_END(ctneon_chachapoly_crypt)
