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
 * x <<< 7 are t = b ^ c; b = t << n (vshl); b += t >> (32 - n) (vsra:
 * the two shifted copies share no bit, so the sum is the rotation; vsra
 * rather than vsri because the A57 model forwards its accumulator late:
 * 4 cycles from the vshl to the next add against 5, one cycle off the
 * chain of every s2 and s4, ChaCha20 3.94 -> 3.79 c/B at 16 KiB).
 * (vshl + vsri for x <<< 8 too would save one instruction per s3, the
 * index load, but put 48 instead of 32 shifts per double round on the
 * A57's one shift pipe: 4.33 against 3.94 c/B.)
 *
 * The four quarter rounds of a half round are issued in lockstep, step by
 * step: four independent dependency chains (the A57 model is latency
 * bound with two: 146 cycles per double round against 90 with four).
 * Sixteen words plus two temporaries do not fit in sixteen q registers.
 * x8 and x9 live in a 32-byte frame slot: the c-steps (s2, s4) load them
 * into T0/T1 (q8/q9), add, store them back and then use T0/T1 as the
 * rotation temporaries; the a-steps (s1, s3) touch no c word, need no
 * temporary (vrev32.16, vtbl with the index in d16, loaded from the frame)
 * and load x8/x9 for the next c-step.  Per double round: 96 add/eor/vrev,
 * 32 vshl/vsra, 16 vtbl, 2 index loads, 4 loads and 4 stores of x8/x9:
 * 130 instructions for 256 bytes (the earlier swap of x2/x3 with x10/x11
 * before every step took 138).  The main loop's rounds are straight-line
 * code: six double rounds, four more for ChaCha20 (5 KiB of code).
 *
 * The state is copied to the frame (F_IN) once per call; its word 12 counts
 * the blocks: the counter vector of a chunk is that + {0,1,2,3} (vadd.i32:
 * it wraps modulo 2^32, never carrying into word 13), advanced by 4 per
 * chunk; state[12] itself is advanced by ceil(bytes / 64) on entry.  After
 * the rounds, each group of four words is transposed (vtrn.32 + two vswp:
 * q(4g+j) = bytes 16g..16g+15 of block j) and the input added back by
 * rows (row g of F_IN to q(4g+j), the counter offsets to x12 before), then
 * xored into the data straight from the registers in two half passes
 * (bytes 0..31 of the four blocks from words x0..x7, then bytes 32..63
 * from x8..x15 with the registers of the first half as temporaries),
 * 32 bytes per vld1/veor/veor/vst1 with a stride of 64.
 *
 * Short messages and tails, in row form: one block per four q registers
 * (a row each), the quarter round on the four columns at once, the
 * diagonal round made a column round by rotating rows 1..3 by one, two,
 * three words (vext): 36 instructions per double round and block.  The
 * last 1..192 bytes are ceil(len / 64) = 1, 2 or 3 such blocks at once,
 * interleaved instruction by instruction (independent chains: the A57
 * model takes about 1000 cycles for one, two or three blocks, as for a
 * four-block chunk), whole blocks xored from the registers, the last
 * partial one by 32/16/8/4-byte pieces and single bytes (xor_regs).
 * 1..64 bytes in ctneon_chacha_crypt take that path before any frame is
 * set up (no callee-saved register, nothing on the stack).  193..255
 * bytes: one four-block chunk through the 256-byte buffer F_KS (wiped).
 * Lengths and loop counts are public, so are the branches.
 *
 * HChaCha: one block in row form.
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
 * encrypting (already written to dst); an encryption's first chunk takes
 * pend instead, the previous call's last chunk (CP_KEEP, chacha-poly.h),
 * if there is one, or with CP_HEAD the message's first 192 bytes, whose
 * keystream the glue made in one four-block call with the Poly1305 key
 * block (twelve blocks: the first three pairs of double rounds carry
 * them, F_PQ = 3).  The lagging last chunk rides in the rounds of the
 * tail's keystream: in row form (block_rounds_poly: two Poly1305 blocks
 * in each of the first eight double rounds, as in a chunk) for 1..192
 * bytes, in a chunk's rounds (then through the buffer F_KS) for 193..255.
 * With no tail it is absorbed by the plain loop, or, with CP_KEEP, left
 * to the next call.  The tail's own ciphertext (< 256 bytes; its final
 * partial 16-byte block zero padded through a stack buffer, with the
 * 2^128 pad bit) is absorbed by the plain loop, after its keystream when
 * encrypting; decrypting, a tail of 64..192 bytes has its whole 64-byte
 * groups absorbed in its own rounds and the rest right after them, before
 * the output is written (in place is fine), other tails before their
 * keystream.  The tail's keystream comes from the short path (row-form
 * blocks), as in ctneon_chacha_crypt.
 *
 * Costs: dynamic instructions per byte of one call (tests/ct/chacha-count.sh:
 * ctplugin's count, 9 of them the caller's) and llvm-mca -mcpu=cortex-a57
 * cycles per byte of the executed stream, before (the x2/x3 swap, the
 * keystream buffer, whole chunks for every tail) / now:
 *                   16 B        64 B        256 B       1420 B      16 KiB
 *   ChaCha20 i/B    98.8/26.1   25.1/6.39   6.31/5.63   6.68/5.80   6.06/5.48
 *   ChaCha20 c/B    66.9/62.6   16.9/15.6   4.27/4.16   4.48/4.30   4.08/3.94
 *   ChaCha12 i/B    63.8/16.8   16.3/4.07   4.12/3.62   4.31/3.65   3.87/3.45
 *   stitched i/B     105/35.6   29.5/11.6   10.3/9.70   10.5/9.66   9.75/9.24
 *   stitched c/B    71.4/66.1   20.3/18.8   7.46/7.29   5.60/5.31   4.49/4.25
 * With the lagging chunk in the tail's rounds (now): 1420 bytes 9.64 i/B
 * and 4.81 c/B (7549 -> 6837 cycles), 300 bytes 9.72 -> 7.36 c/B, 500
 * bytes 7.31 -> 5.96; the other sizes as before.  Decryption (no lag),
 * before / with the tail's 64-byte groups in its rounds: 1420 bytes 4.83
 * -> 4.58 c/B (6870 -> 6515 cycles, 9.65 i/B), 64 bytes 1176 -> 1036
 * cycles; 4096 bytes 9.25 i/B, 4.22 c/B.  The head (CP_HEAD, 2026-12-03;
 * chacha-count.sh aead-head): the 1228 bytes after it take 6112 cycles
 * with its twelve blocks in the first chunk's rounds, against 6068 with
 * nothing pending, so a 1420-byte encryption's core work went from a lone
 * key block and the whole text (996 + 6838 cycles) to four blocks and the
 * rest (1066 + 6112): 7834 -> 7178.
 *   Poly1305 alone 3.75 instr/B, 3.13 c/B (loop body, 100 iterations)
 * vsra for vsri (2026-12-04; instructions unchanged), A57 c/B before /
 * after at 16 B, 64 B, 256 B, 1420 B, 16 KiB: ChaCha20 62.6/60.1,
 * 15.6/14.9, 4.16/4.00, 4.30/4.13, 3.94/3.79; stitched encryption
 * 66.3/63.8, 18.8/18.2, 7.30/7.14, 4.81/4.74, 4.25/4.22; decryption 1420
 * B 4.58/4.53, 16 KiB 4.21/4.18.  The stitched step gains less: its
 * chunk is bound by the shift pipe (F1: 764 of 1114 cycles, its 320
 * vshl/vsra) and the multiplier (640, the Poly1305 umull/umlal), not by
 * the ChaCha chains alone.
 * (stitched: encryption.)  The skcipher glue's bench (arm 6.1, "crypto"
 * instructions of the whole request) matched this core count plus about
 * 144 instructions per call before; chacha20-neon there: 35.3, 8.67, 6.20,
 * 6.22, 5.71 instr/B and 4.06 c/B at 16 KiB.  There a page-crossing
 * destination cuts each page into two calls: 4032 + 64 bytes with a
 * 64-byte walk stride (15 chunks, a three-block tail and a lone block:
 * 5.60 instr/B, 4.27 c/B with the glue's cost), 3840 + 256 with the
 * 256-byte stride the glue now uses on arm, as chacha20-neon does (16
 * chunks: 5.57 instr/B, about 4.04 c/B).
 *
 * Stack frame (FRAME bytes; zeroed before returning: the first 96 bytes
 * by ctneon_chacha_crypt, F_KS after its use, all of it by the stitched
 * step):
 *   0   the x8, x9 slot          32  F_IN: the state, word 12 counting
 *   96  {0,1,2,3}   112 {1,0,0,0}    128 keystream buffer, 256 bytes
 *   384 the zero-padded last Poly1305 block
 *   400 r0 r1 r2 r3 s1 s2 s3     428 saved arguments, nrounds, pending pointer
 *   456 the vtbl index of <<< 8  464 two parked Poly1305 limbs
 *   472 block_rounds_poly's count   476 pend's blocks / 4 (F_PQ)
 *
 * Poly1305 state (pstate, CTNEON_POLY_STATE_SIZE = 64 bytes):
 *   0 h0..h4   20 r0..r3   36 s1..s3   48 s (the pad key, 4 words)
 *
 * Little-endian only (as the armmp kernels).  Data pointers may be
 * unaligned: only ldr/str/ldrb/strb and vld1.8/vst1.8 touch them.
 */

#include <linux/linkage.h>

	.syntax	unified
	.fpu	neon
	.text

/* ChaCha vector registers (four blocks; x8/x9 live in the frame slot) */
X0	.req	q0
X1	.req	q1
X2	.req	q2
X3	.req	q3
X4	.req	q4
X5	.req	q5
X6	.req	q6
X7	.req	q7
T0	.req	q8		/* temporaries; x8/x9 in the c-steps */
T1	.req	q9
X10	.req	q10
X11	.req	q11
X12	.req	q12
X13	.req	q13
X14	.req	q14
X15	.req	q15

/* core registers (Poly1305 and the loops) */
inp	.req	r0		/* Poly1305 input pointer */
len	.req	r1		/* ChaCha bytes left */
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

/* the ChaCha data path, after the rounds (shares g0..dh) */
srcp	.req	r7		/* src, advancing */
dstp	.req	r8		/* dst, advancing */
src2	.req	r9		/* second half-pass pointers */
dst2	.req	r10
rs	.req	r11		/* 64: the stride between the blocks */

/* stack frame */
.set	F_X89,		0		/* addressed as [sp] */
.set	F_IN,		32
.set	F_CTRINC,	96
.set	F_ONE,		112
.set	F_KS,		128
.set	F_PAD,		384
.set	F_R0,		400
.set	F_R1,		404
.set	F_R2,		408
.set	F_R3,		412
.set	F_S1,		416
.set	F_S2,		420
.set	F_S3,		424
.set	F_PSTATE,	428
.set	F_DST,		432
.set	F_SRC,		436
.set	F_BYTES,	440
.set	F_ENC,		444
.set	F_NR,		448		/* the stitched step's; see ctneon_chacha_crypt */
.set	F_PEND,		452
.set	F_ROT8,		456
.set	F_G0,		464
.set	F_G1,		468
.set	F_QUADS,	472		/* block_rounds_poly's count */
.set	F_PQ,		476		/* pend's blocks / 4: 4, or 3 (CP_HEAD) */
.set	FRAME,		480

/* pstate */
.set	P_H,		0
.set	P_R,		20
.set	P_S,		36
.set	P_KEY,		48

/* ------------------------------------------------------------------ */
/* ChaCha                                                              */
/* ------------------------------------------------------------------ */

/*
 * The counter offsets of four blocks, the counter step of one block and
 * the vtbl indices of x <<< 8, placed before each entry point that loads
 * them (adr's reach in ARM state).
 */
	.macro	chacha_consts, name
	.align	4
\name:
	.word	0, 1, 2, 3
	.word	1, 0, 0, 0
	.byte	3, 0, 1, 2, 7, 4, 5, 6
	.endm

/*
 * The steps of a half round on four blocks: four quarter rounds
 * QR(a_i, b_i, c_i, d_i) in lockstep, a_i = x0..x3 (q0..q3).  x8 and x9
 * live in the frame slot; they come into T0/T1 only for the c-steps (which
 * never touch the a row) and go back before T0/T1 become the temporaries
 * of the rotations.  The a-steps need no temporary (vrev32.16, vtbl), so
 * they load x8/x9 for the following c-step.
 *
 * a += b; d ^= a (the first half of an a-step)
 */
	.macro	a_xor, b0, b1, b2, b3, d0, d1, d2, d3
	vadd.i32	X0, X0, \b0
	vadd.i32	X1, X1, \b1
	vadd.i32	X2, X2, \b2
	vadd.i32	X3, X3, \b3
	veor		\d0, \d0, X0
	veor		\d1, \d1, X1
	veor		\d2, \d2, X2
	veor		\d3, \d3, X3
	.endm

/* a += b; d ^= a; d <<<= 16 (and T0/T1 = x8/x9) */
	.macro	a16, b0, b1, b2, b3, d0, d1, d2, d3
	vld1.32		{T0-T1}, [sp]
	a_xor		\b0, \b1, \b2, \b3, \d0, \d1, \d2, \d3
	vrev32.16	\d0, \d0
	vrev32.16	\d1, \d1
	vrev32.16	\d2, \d2
	vrev32.16	\d3, \d3
	.endm

/* a += b; d ^= a; d <<<= 8 (d0..d3 as eight d halves e0..e7; then T0/T1 = x8/x9) */
	.macro	a8, b0, b1, b2, b3, d0, d1, d2, d3, e0, e1, e2, e3, e4, e5, e6, e7
	vldr		d16, [sp, #F_ROT8]
	a_xor		\b0, \b1, \b2, \b3, \d0, \d1, \d2, \d3
	vtbl.8		\e0, {\e0}, d16
	vtbl.8		\e1, {\e1}, d16
	vtbl.8		\e2, {\e2}, d16
	vtbl.8		\e3, {\e3}, d16
	vtbl.8		\e4, {\e4}, d16
	vtbl.8		\e5, {\e5}, d16
	vtbl.8		\e6, {\e6}, d16
	vtbl.8		\e7, {\e7}, d16
	vld1.32		{T0-T1}, [sp]
	.endm

/* b0 = (b0 ^ c0) <<< n, b1 = (b1 ^ c1) <<< n, through T0, T1 */
	.macro	rot_pair, b0, b1, c0, c1, n
	veor		T0, \b0, \c0
	veor		T1, \b1, \c1
	vshl.u32	\b0, T0, #\n
	vshl.u32	\b1, T1, #\n
	vsra.u32	\b0, T0, #(32 - \n)
	vsra.u32	\b1, T1, #(32 - \n)
	.endm

/*
 * c += d; b ^= c; b <<<= n.  T0/T1 hold x8/x9 on entry: bA, bB are the b
 * words that meet x8, x9 (dA, dB added to those), bC, bD meet x10, x11.
 */
	.macro	cstep, bA, bB, dA, dB, bC, bD, dC, dD, n
	vadd.i32	X10, X10, \dC
	vadd.i32	X11, X11, \dD
	vadd.i32	T0, T0, \dA
	vadd.i32	T1, T1, \dB
	vst1.32		{T0-T1}, [sp]
	rot_pair	\bA, \bB, T0, T1, \n
	rot_pair	\bC, \bD, X10, X11, \n
	.endm

/*
 * A half round on four blocks: a = x0..x3 += b0..b3, d = d0..d3 (their
 * d halves e0..e7 for vtbl); in the c-steps the words b0, b1 (or b2, b3
 * with \swap) meet x8, x9.  k0..k5: optional Poly1305 pieces.
 */
	.macro	hround, b0, b1, b2, b3, d0, d1, d2, d3, e0, e1, e2, e3, e4, e5, e6, e7, swap, k0, k1, k2, k3, k4, k5
	a16	\b0, \b1, \b2, \b3, \d0, \d1, \d2, \d3
	\k0
	.if	\swap
	cstep	\b2, \b3, \d2, \d3, \b0, \b1, \d0, \d1, 12
	.else
	cstep	\b0, \b1, \d0, \d1, \b2, \b3, \d2, \d3, 12
	.endif
	\k1
	\k2
	a8	\b0, \b1, \b2, \b3, \d0, \d1, \d2, \d3, \e0, \e1, \e2, \e3, \e4, \e5, \e6, \e7
	\k3
	.if	\swap
	cstep	\b2, \b3, \d2, \d3, \b0, \b1, \d0, \d1, 7
	.else
	cstep	\b0, \b1, \d0, \d1, \b2, \b3, \d2, \d3, 7
	.endif
	\k4
	\k5
	.endm

/*
 * One double round on four blocks, x8/x9 in the slot on entry and exit.
 * Column round: QR(0,4,8,12) QR(1,5,9,13) QR(2,6,10,14) QR(3,7,11,15);
 * diagonal round: QR(0,5,10,15) QR(1,6,11,12) QR(2,7,8,13) QR(3,4,9,14).
 * p0..p11: optional Poly1305 pieces between the steps.
 */
	.macro	dround, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11
	hround	X4, X5, X6, X7, X12, X13, X14, X15, d24, d25, d26, d27, d28, d29, d30, d31, 0, \p0, \p1, \p2, \p3, \p4, \p5
	hround	X5, X6, X7, X4, X15, X12, X13, X14, d30, d31, d24, d25, d26, d27, d28, d29, 1, \p6, \p7, \p8, \p9, \p10, \p11
	.endm

/* the same with two Poly1305 blocks from [inp] interleaved */
	.macro	dround_poly
	dround	poly_p0, poly_p1, poly_p2, poly_p3, poly_p4, poly_p5, poly_p0, poly_p1, poly_p2, poly_p3, poly_p4, poly_p5
	.endm

/*
 * Load the state of four blocks from the frame copy F_IN (word 12 = the
 * counter of the first block): Xi = word i in every lane, X12 + {0,1,2,3};
 * x8/x9 go to their slot.  F_CTRINC follows F_IN.  Clobbers t.
 */
	.macro	chacha_load4
	add	t, sp, #F_IN
	vld1.32	{d0[], d1[]}, [t]!
	vld1.32	{d2[], d3[]}, [t]!
	vld1.32	{d4[], d5[]}, [t]!
	vld1.32	{d6[], d7[]}, [t]!
	vld1.32	{d8[], d9[]}, [t]!
	vld1.32	{d10[], d11[]}, [t]!
	vld1.32	{d12[], d13[]}, [t]!
	vld1.32	{d14[], d15[]}, [t]!
	vld1.32	{d16[], d17[]}, [t]!
	vld1.32	{d18[], d19[]}, [t]!
	vld1.32	{d20[], d21[]}, [t]!
	vld1.32	{d22[], d23[]}, [t]!
	vld1.32	{d24[], d25[]}, [t]!
	vld1.32	{d26[], d27[]}, [t]!
	vld1.32	{d28[], d29[]}, [t]!
	vld1.32	{d30[], d31[]}, [t]!
	vst1.32	{T0-T1}, [sp]
	vld1.32	{T0}, [t]		/* F_CTRINC */
	vadd.i32	X12, X12, T0
	.endm

/*
 * The rounds of one four-block chunk: F_NR rounds, 20 or 12.  \unroll:
 * straight-line, six double rounds and four more for ChaCha20, for the
 * main loop; else two per iteration, for the rarer chunks.
 */
	.macro	chacha_rounds4, unroll=0
	chacha_load4
	ldr	cnt, [sp, #F_NR]
	.if	\unroll
	.rept	6
	dround
	.endr
	cmp	cnt, #12
	beq	.Lrounds4\@
	.rept	4
	dround
	.endr
.Lrounds4\@:
	.else
.Lrounds4\@:
	dround
	dround
	subs	cnt, cnt, #4
	bne	.Lrounds4\@
	.endif
	.endm

/* transpose four word vectors: afterwards q_j = 16 bytes of block j */
	.macro	tr4, a, b, c, d, ahi, bhi, clo, dlo
	vtrn.32	\a, \b
	vtrn.32	\c, \d
	vswp	\ahi, \clo
	vswp	\bhi, \dlo
	.endm

/*
 * 32 bytes of keystream (kA || kB) at one block: xored into [in] -> [out]
 * (through the temporaries tA, tB), or stored to the buffer [out]; the
 * pointers advance by rs (64, the next block).
 */
	.macro	ks_xor, kA, kB, tA, tB, in, out
	vld1.8	{\tA-\tB}, [\in], rs
	veor	\tA, \tA, \kA
	veor	\tB, \tB, \kB
	vst1.8	{\tA-\tB}, [\out], rs
	.endm

	.macro	ks_buf, kA, kB, tA, tB, in, out
	vmov	\tA, \kA
	vmov	\tB, \kB
	vst1.8	{\tA-\tB}, [\out], rs
	.endm

/*
 * Half of a chunk's output: rows a0..a3 (block 0..3) += input row ra, rows
 * b0..b3 += rb, then 32 bytes per block (a_j || b_j) through \op; the
 * temporaries are the input rows' registers (ra, rb: a pair).
 */
	.macro	out_half, op, a0, a1, a2, a3, b0, b1, b2, b3, ra, rb, in, out
	vadd.i32	\a0, \a0, \ra
	vadd.i32	\a1, \a1, \ra
	vadd.i32	\a2, \a2, \ra
	vadd.i32	\a3, \a3, \ra
	vadd.i32	\b0, \b0, \rb
	vadd.i32	\b1, \b1, \rb
	vadd.i32	\b2, \b2, \rb
	vadd.i32	\b3, \b3, \rb
	\op	\a0, \b0, \ra, \rb, \in, \out
	\op	\a1, \b1, \ra, \rb, \in, \out
	\op	\a2, \b2, \ra, \rb, \in, \out
	\op	\a3, \b3, \ra, \rb, \in, \out
	.endm

/*
 * After the rounds of a chunk: transpose, add the input state back (by
 * rows, after the transposition: row g of every block is F_IN row g, but
 * for the counter offsets added to x12 before), and xor the 256 bytes into
 * srcp -> dstp (\op = ks_xor; srcp, dstp advance by 256) or store them to
 * the buffer at sp + F_KS (\op = ks_buf).  Two half passes: bytes 0..31 of
 * each block (rows 0, 1: words x0..x7), then bytes 32..63 (x8..x15, the
 * registers of the first pass being free by then).  Clobbers t, src2, dst2, rs (= 64 already if !\setrs).
 */
	.macro	chacha_out4, op, setrs=1
	tr4	q0, q1, q2, q3, d1, d3, d4, d6
	tr4	q4, q5, q6, q7, d9, d11, d12, d14
	add	t, sp, #F_IN
	vld1.32	{q8-q9}, [t]!		/* rows 0, 1 */
	.if	\setrs
	mov	rs, #64
	.endif
	.ifc	\op, ks_xor
	add	src2, srcp, #32
	add	dst2, dstp, #32
	out_half	\op, q0, q1, q2, q3, q4, q5, q6, q7, q8, q9, srcp, dstp
	.else
	add	dst2, sp, #F_KS
	out_half	\op, q0, q1, q2, q3, q4, q5, q6, q7, q8, q9, src2, dst2
	add	dst2, sp, #(F_KS + 32)
	.endif
	vld1.32	{q0-q1}, [t]!		/* rows 2, 3 */
	vld1.32	{q2}, [t]		/* F_CTRINC */
	vld1.32	{q8-q9}, [sp]		/* x8, x9 */
	vadd.i32	X12, X12, q2
	tr4	q8, q9, q10, q11, d17, d19, d20, d22
	tr4	q12, q13, q14, q15, d25, d27, d28, d30
	out_half	\op, q8, q9, q10, q11, q12, q13, q14, q15, q0, q1, src2, dst2
	.endm

/* F_IN's counter word to the next chunk (when more data follows) */
	.macro	next_chunk
	ldr	t, [sp, #(F_IN + 48)]
	add	t, t, #4
	str	t, [sp, #(F_IN + 48)]
	.endm

/*
 * One to three blocks in row form, for short messages, tails and HChaCha:
 * block A, B, C has its rows 0..3 in RA0..RA3 (q0..q3), RB0..RB3 (q4..q7),
 * RC0..RC3 (q8..q11) and the temporary TA, TB, TC (q12, q13, q15); the
 * vtbl index of x <<< 8 is in d28.  A quarter round works on the four
 * columns of a block at once; the diagonal round rotates rows 1..3 by one,
 * two, three words (vext) so that the diagonals become columns.  The
 * blocks are independent chains, interleaved instruction by instruction
 * (kb: one operation on each of the first \k blocks).
 */
RA0	.req	q0
RA1	.req	q1
RA2	.req	q2
RA3	.req	q3
RA3L	.req	d6
RA3H	.req	d7
TA	.req	q12
RB0	.req	q4
RB1	.req	q5
RB2	.req	q6
RB3	.req	q7
RB3L	.req	d14
RB3H	.req	d15
TB	.req	q13
RC0	.req	q8
RC1	.req	q9
RC2	.req	q10
RC3	.req	q11
RC3L	.req	d22
RC3H	.req	d23
TC	.req	q15

	.macro	kb, k, op, x, y
	\op	A, \x, \y
	.if	\k >= 2
	\op	B, \x, \y
	.endif
	.if	\k >= 3
	\op	C, \x, \y
	.endif
	.endm

	.macro	r_add, b, x, y			/* row x += row y */
	vadd.i32	R\b\x, R\b\x, R\b\y
	.endm
	.macro	r_eor, b, x, y			/* row x ^= row y */
	veor		R\b\x, R\b\x, R\b\y
	.endm
	.macro	r_rot16, b, x, y
	vrev32.16	R\b\x, R\b\x
	.endm
	.macro	r_rot8, b, x, y
	vtbl.8		R\b\()3L, {R\b\()3L}, d28
	vtbl.8		R\b\()3H, {R\b\()3H}, d28
	.endm
	.macro	r_teor, b, x, y			/* T = row x ^ row y */
	veor		T\b, R\b\x, R\b\y
	.endm
	.macro	r_shl, b, x, n			/* row x = T << n */
	vshl.u32	R\b\x, T\b, #\n
	.endm
	.macro	r_sra, b, x, n			/* row x += T >> n (= |, no common bit) */
	vsra.u32	R\b\x, T\b, #\n
	.endm
	.macro	r_ext, b, x, n			/* rotate row x by n bytes */
	vext.8		R\b\x, R\b\x, R\b\x, #\n
	.endm

/* a quarter round on the columns; q0..q5: optional Poly1305 pieces */
	.macro	hqr, k, q0, q1, q2, q3, q4, q5
	kb	\k, r_add, 0, 1			/* a += b; d ^= a; d <<<= 16 */
	kb	\k, r_eor, 3, 0
	kb	\k, r_rot16, 3
	\q0
	kb	\k, r_add, 2, 3			/* c += d; b ^= c; b <<<= 12 */
	kb	\k, r_teor, 1, 2
	\q1
	kb	\k, r_shl, 1, 12
	kb	\k, r_sra, 1, 20
	\q2
	kb	\k, r_add, 0, 1			/* a += b; d ^= a; d <<<= 8 */
	kb	\k, r_eor, 3, 0
	\q3
	kb	\k, r_rot8
	kb	\k, r_add, 2, 3			/* c += d; b ^= c; b <<<= 7 */
	\q4
	kb	\k, r_teor, 1, 2
	kb	\k, r_shl, 1, 7
	kb	\k, r_sra, 1, 25
	\q5
	.endm

/* a double round; \poly: one Poly1305 block from [inp] in each half */
	.macro	hdround, k, poly=0
	.if	\poly
	hqr	\k, poly_p0, poly_p1, poly_p2, poly_p3, poly_p4, poly_p5
	.else
	hqr	\k
	.endif
	kb	\k, r_ext, 1, 4
	kb	\k, r_ext, 2, 8
	kb	\k, r_ext, 3, 12
	.if	\poly
	hqr	\k, poly_p0, poly_p1, poly_p2, poly_p3, poly_p4, poly_p5
	.else
	hqr	\k
	.endif
	kb	\k, r_ext, 1, 12
	kb	\k, r_ext, 2, 8
	kb	\k, r_ext, 3, 4
	.endm

/* the rounds of \k blocks: \c = nrounds (a multiple of 4), counted down */
	.macro	block_rounds, k, c
.Lbr\@:
	hdround	\k
	hdround	\k
	subs	\c, \c, #4
	bne	.Lbr\@
	.endm

/*
 * The 20 rounds of \k blocks, five times two double rounds; the first
 * [sp, #F_QUADS] (0..5) of the five absorb four Poly1305 blocks from
 * [inp] (two in each double round, as the four-block chunk does).  The
 * stitched step's tails: encrypting, the lagging chunk's sixteen blocks
 * (F_QUADS = 4) beside the tail's keystream instead of after it;
 * decrypting, the tail's own whole 64-byte groups.  The count is public.
 * Clobbers cnt, g0-g2, dl, dh, t, F_QUADS.
 */
	.macro	block_rounds_poly, k
	mov	cnt, #5
.Lbrp\@:
	ldr	t, [sp, #F_QUADS]
	subs	t, t, #1
	blt	.Lbrp_plain\@
	str	t, [sp, #F_QUADS]
	hdround	\k, 1
	hdround	\k, 1
	b	.Lbrp_next\@
.Lbrp_plain\@:
	hdround	\k
	hdround	\k
.Lbrp_next\@:
	subs	cnt, cnt, #1
	bne	.Lbrp\@
	.endm

/* dst = src ^ the 64 bytes of keystream r0..r3 (two pairs); \src, \dst advance */
	.macro	xor_block, src, dst, r0, r1, r2, r3
	vld1.8	{TA-TB}, [\src]!
	veor	\r0, \r0, TA
	veor	\r1, \r1, TB
	vld1.8	{TA-TB}, [\src]!
	veor	\r2, \r2, TA
	veor	\r3, \r3, TB
	vst1.8	{\r0-\r1}, [\dst]!
	vst1.8	{\r2-\r3}, [\dst]!
	.endm

/*
 * If \n >= \bytes: \bytes of dst = src ^ the keystream k0 (|| k1), through
 * t0 (|| t1); the keystream moves down (m0 = s0, m1 = s1); \n -= \bytes.
 */
	.macro	xr_piece, src, dst, n, bytes, t0, k0, t1, k1, m0, s0, m1, s1
	cmp	\n, #\bytes
	blt	.Lxp\@
	.ifb	\t1
	vld1.8	{\t0}, [\src]!
	veor	\t0, \t0, \k0
	vst1.8	{\t0}, [\dst]!
	.else
	vld1.8	{\t0-\t1}, [\src]!
	veor	\t0, \t0, \k0
	veor	\t1, \t1, \k1
	vst1.8	{\t0-\t1}, [\dst]!
	.endif
	vmov	\m0, \s0
	.ifnb	\m1
	vmov	\m1, \s1
	.endif
	sub	\n, \n, #\bytes
.Lxp\@:
	.endm

/*
 * dst = src ^ the keystream in q0..q3 for \n = 1..63 bytes, straight from
 * the registers: 32, 16, 8, 4 bytes by the bits of \n, then single bytes.
 * Clobbers \s0, \s1, q8, q9; \n = 0.
 */
	.macro	xor_regs, src, dst, n, s0, s1
	xr_piece	\src, \dst, \n, 32, q8, q0, q9, q1, q0, q2, q1, q3
	xr_piece	\src, \dst, \n, 16, q8, q0, , , q0, q1
	xr_piece	\src, \dst, \n, 8, d16, d0, , , d0, d1
.Lxr4\@:
	vmov.32	\s1, d0[0]
	cmp	\n, #4
	blt	.Lxr1\@
	ldr	\s0, [\src], #4
	eor	\s0, \s0, \s1
	str	\s0, [\dst], #4
	vmov.32	\s1, d0[1]
	sub	\n, \n, #4
.Lxr1\@:
	cmp	\n, #0
	beq	.Lxrdone\@
.Lxrbyte\@:
	ldrb	\s0, [\src], #1
	eor	\s0, \s0, \s1
	strb	\s0, [\dst], #1
	lsr	\s1, \s1, #8
	subs	\n, \n, #1
	bne	.Lxrbyte\@
.Lxrdone\@:
	.endm

/* block \b's rows = block \p's, the counter one further (TC = {1,0,0,0}) */
	.macro	rows_next, b, p
	vmov	R\b\()0, RA0
	vmov	R\b\()1, RA1
	vmov	R\b\()2, RA2
	vadd.i32	R\b\()3, R\p\()3, TC
	.endm

	.macro	r_addin, b, x, y		/* row x += y (an input row) */
	vadd.i32	R\b\x, R\b\x, \y
	.endm

/* row 3 += input row 3 (TB), counting on by TC for B and C */
	.macro	r_addctr, b, x, y
	.ifnc	\b, A
	vadd.i32	TB, TB, TC
	.endif
	vadd.i32	R\b\()3, R\b\()3, TB
	.endm

/* dst = src ^ the keystream of block \b, whole; srcp, dstp advance */
	.macro	xor_rows, b
	xor_block	srcp, dstp, R\b\()0, R\b\()1, R\b\()2, R\b\()3
	.endm

/* q0..q3 = block \b's keystream (for xor_regs) */
	.macro	rows_to_a, b
	vmov	q0, R\b\()0
	vmov	q1, R\b\()1
	vmov	q2, R\b\()2
	vmov	q3, R\b\()3
	.endm

/*
 * The last len bytes, 64 (\k - 1) < len <= 64 \k, as \k blocks from the
 * frame: F_IN (word 12 = the first counter; block B, C count on by F_ONE),
 * F_ROT8, F_NR.  The blocks but the last are whole; the last may be
 * partial (moved to q0..q3 for xor_regs).  srcp, dstp advance; clobbers
 * t, cnt, src2, dst2, q0-q3 and q8-q15 (and q4-q7 if \k > 1); len = 0.
 */
	.macro	chacha_kblocks, k, poly=0
	add	t, sp, #F_IN
	vld1.32	{RA0-RA1}, [t]!
	vld1.32	{RA2-RA3}, [t]!
	.if	\k >= 2
	add	t, t, #(F_ONE - F_CTRINC)
	vld1.32	{TC}, [t]
	rows_next	B, A
	.endif
	.if	\k >= 3
	rows_next	C, B
	.endif
	vldr	d28, [sp, #F_ROT8]
	.if	\poly
	str	srcp, [sp, #F_SRC]	/* the Poly1305 pieces take r7-r12 */
	str	dstp, [sp, #F_DST]
	block_rounds_poly	\k
	.if	\poly == 2		/* decrypting: the rest of the tail, */
	and	g2, len, #63		/* before dst (maybe = src) is written */
	poly_absorb_tail	1
	.endif
	ldr	srcp, [sp, #F_SRC]
	ldr	dstp, [sp, #F_DST]
	.else
	ldr	cnt, [sp, #F_NR]
	block_rounds	\k, cnt
	.endif
	add	t, sp, #F_IN
	vld1.32	{TA-TB}, [t]!		/* rows 0, 1 */
	kb	\k, r_addin, 0, TA
	kb	\k, r_addin, 1, TB
	vld1.32	{TA-TB}, [t]!		/* rows 2, 3 */
	.if	\k >= 2
	add	t, t, #(F_ONE - F_CTRINC)
	vld1.32	{TC}, [t]
	.endif
	kb	\k, r_addin, 2, TA
	kb	\k, r_addctr
	.if	\k >= 2
	xor_rows	A
	.endif
	.if	\k >= 3
	xor_rows	B
	.endif
	subs	len, len, #(64 * \k)
	blt	.Lkpart\@
	.if	\k == 1
	xor_rows	A
	.elseif	\k == 2
	xor_rows	B
	.else
	xor_rows	C
	.endif
	b	.Lkdone\@
.Lkpart\@:
	add	len, len, #64
	.if	\k == 2
	rows_to_a	B
	.elseif	\k == 3
	rows_to_a	C
	.endif
	xor_regs	srcp, dstp, len, src2, dst2
.Lkdone\@:
	.endm

/*
 * The last len (1..192) bytes after the setup: ceil(len / 64) blocks at
 * once in row form (chacha_kblocks).
 */
	.macro	chacha_blocks_frame, poly=0
	cmp	len, #64
	bgt	.Lbf2\@
	chacha_kblocks	1, \poly
	b	.Lbfdone\@
.Lbf2\@:
	cmp	len, #128
	bgt	.Lbf3\@
	chacha_kblocks	2, \poly
	b	.Lbfdone\@
.Lbf3\@:
	chacha_kblocks	3, \poly
.Lbfdone\@:
	.endm

/*
 * dst = src ^ the keystream buffer at sp + F_KS for len = 193..255 bytes
 * (a chunk through the buffer): three whole blocks, then the partial
 * fourth by xor_regs; then the buffer wiped.  srcp, dstp advance;
 * clobbers t, src2, dst2, q0-q3, q8, q9, q12, q13; len = 0.
 */
	.macro	chacha_xor_buf
	add	t, sp, #F_KS
	.rept	3
	vld1.8	{q0-q1}, [t]!
	vld1.8	{q2-q3}, [t]!
	xor_block	srcp, dstp, q0, q1, q2, q3
	.endr
	vld1.8	{q0-q1}, [t]!
	vld1.8	{q2-q3}, [t]
	sub	len, len, #192
	xor_regs	srcp, dstp, len, src2, dst2
	vmov.i8	q0, #0
	vmov.i8	q1, #0
	add	t, sp, #F_KS
	.rept	256 / 32
	vst1.8	{q0-q1}, [t]!
	.endr
	.endm

/*
 * The last len bytes, 0 < len < 256, after the setup (the stitched step's
 * tail): up to 192 bytes, ceil(len / 64) row-form blocks at once (a
 * four-block chunk costs about 3.5 row-form blocks in instructions);
 * 193..255 bytes, one chunk through the buffer.  srcp, dstp advance;
 * clobbers t, cnt, src2, dst2, rs, q0-q15; len = 0.
 */
	.macro	chacha_short
	cmp	len, #192
	ble	.Lblocks\@
	chacha_rounds4
	chacha_out4	ks_buf
	chacha_xor_buf
	b	.Lshort_done\@
.Lblocks\@:
	chacha_blocks_frame
.Lshort_done\@:
	.endm

/*
 * Common prologue of the ChaCha entry points: the frame copy F_IN of the
 * state (its word 12 then counts the blocks), the counter offsets, the
 * vtbl index, and state[12] advanced by the number of blocks (public).
 * \st = state (+ 32 on return), \n = bytes (clobbered), \consts =
 * chacha_consts' label; clobbers r2, t.
 */
	.macro	chacha_setup, st, n, consts
	vld1.32	{q8-q9}, [\st]!
	vld1.32	{q10-q11}, [\st]
	add	t, sp, #F_IN
	vst1.32	{q8-q9}, [t]!
	vst1.32	{q10-q11}, [t]!
	adr	r2, \consts
	vld1.32	{q8-q9}, [r2]!
	vldr	d20, [r2]
	vst1.32	{q8-q9}, [t]		/* F_CTRINC, F_ONE */
	vstr	d20, [sp, #F_ROT8]
	ldr	r2, [\st, #16]		/* state[12] */
	add	\n, \n, #63
	add	r2, r2, \n, lsr #6
	str	r2, [\st, #16]
	.endm

/* zero the first \size bytes of the frame (keystream, slots, key copies) */
	.macro	zero_frame, size
	vmov.i8	q0, #0
	vmov.i8	q1, #0
	mov	t, sp
	.rept	\size / 32
	vst1.8	{q0-q1}, [t]!
	.endr
	.endm

/*
 * void ctneon_chacha_crypt(u32 state[16], u8 *dst, const u8 *src,
 *                          int bytes, int nrounds);
 * r0 state, r1 dst, r2 src, r3 bytes, [sp] nrounds (20 or 12).
 * 1..64 bytes: one block in registers, no frame.  Else whole 256-byte
 * chunks with four blocks at once, then chacha_short.
 * Clobbers r0-r3, r12, q0-q15 (d8-d15 and r4-r11 saved).
 */
	chacha_consts	.Lcrypt_consts
.set	F_NR,		FRAME + 64 + 36	/* the nrounds argument, above the saves */
SYM_FUNC_START(ctneon_chacha_crypt)
	cmp	r3, #64
	bgt	.Lcrypt_frame
	cmp	r3, #0
	ble	.Lcrypt_ret
	vld1.32	{q0-q1}, [r0]!
	vld1.32	{q2-q3}, [r0]
	adr	ip, .Lcrypt_consts
	vldr	d28, [ip, #32]
	ldr	ip, [sp]		/* nrounds */
	block_rounds	1, ip
	sub	ip, r0, #32
	vld1.32	{q8-q9}, [ip]
	vld1.32	{q10-q11}, [r0]
	vadd.i32	q0, q0, q8
	vadd.i32	q1, q1, q9
	vadd.i32	q2, q2, q10
	vadd.i32	q3, q3, q11
	ldr	ip, [r0, #16]		/* state[12] += 1 */
	add	ip, ip, #1
	str	ip, [r0, #16]
	cmp	r3, #64
	blt	.Lcrypt_part
	vld1.8	{q8-q9}, [r2]!
	veor	q0, q0, q8
	veor	q1, q1, q9
	vld1.8	{q8-q9}, [r2]
	veor	q2, q2, q8
	veor	q3, q3, q9
	vst1.8	{q0-q1}, [r1]!
	vst1.8	{q2-q3}, [r1]
.Lcrypt_ret:
	bx	lr
.Lcrypt_part:
	xor_regs	r2, r1, r3, r0, ip
	bx	lr

.Lcrypt_frame:
	push	{r4-r11, lr}
	vpush	{d8-d15}
	sub	sp, sp, #FRAME
	mov	dstp, r1
	mov	srcp, r2
	mov	len, r3
	chacha_setup	r0, r3, .Lcrypt_consts
	mov	rs, #64
	cmp	len, #192
	ble	.Lcrypt_short
.Lcrypt_chunk:				/* more than 192 bytes left */
	chacha_rounds4	1
	subs	len, len, #256
	blt	.Lcrypt_buf
	chacha_out4	ks_xor, 0
	cmp	len, #0
	ble	.Lcrypt_done
	next_chunk
	cmp	len, #192
	bgt	.Lcrypt_chunk
	b	.Lcrypt_blocks
.Lcrypt_short:
	cmp	len, #0
	ble	.Lcrypt_done
.Lcrypt_blocks:
	chacha_blocks_frame
.Lcrypt_done:
	zero_frame	(F_CTRINC / 32) * 32
	add	sp, sp, #FRAME
	vpop	{d8-d15}
	pop	{r4-r11, pc}
.Lcrypt_buf:				/* 193..255 bytes: the chunk's head */
	add	len, len, #256
	chacha_out4	ks_buf, 0
	chacha_xor_buf
	b	.Lcrypt_done
SYM_FUNC_END(ctneon_chacha_crypt)
.set	F_NR,		448

/*
 * void ctneon_hchacha(const u32 state[16], u32 out[8], int nrounds);
 * r0 state, r1 out, r2 nrounds.  One block in row form (block_rounds).
 * Clobbers r2, r3, q0-q3, q12, d28.
 */
	chacha_consts	.Lhchacha_consts
SYM_FUNC_START(ctneon_hchacha)
	vld1.32	{q0-q1}, [r0]!
	vld1.32	{q2-q3}, [r0]
	adr	r3, .Lhchacha_consts
	vldr	d28, [r3, #32]
	block_rounds	1, r2
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
 * (through sp + F_PAD, zeroed by NEON, or with \int by core registers:
 * q0-q15 untouched).  Clobbers g0-g2, dl, dh, t, cnt.
 */
	.macro	poly_absorb_tail, int=0
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
	add	g0, sp, #F_PAD
	.if	\int
	mov	g1, #0
	str	g1, [g0]
	str	g1, [g0, #4]
	str	g1, [g0, #8]
	str	g1, [g0, #12]
	.else
	vmov.i8	q0, #0
	vst1.8	{q0}, [g0]
	.endif
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
 *                              const u8 *src, int bytes, int flags,
 *                              const u8 *pend);
 * r0 state, r1 pstate, r2 dst, r3 src, [sp] bytes, [sp, #4] flags
 * (CP_ENC, CP_KEEP, CP_HEAD), [sp, #8] pend (encryption: 256 bytes of
 * the previous call's ciphertext to absorb first, with CP_HEAD 192 bytes,
 * the message's head; or NULL).  ChaCha20 (20 rounds).
 * Whole chunks with Poly1305 in the rounds; encrypting, the previous
 * chunk's (pend first), the last one in the tail's rounds or, with
 * CP_KEEP, not at all (the caller passes it on).  The tail (< 256 bytes)
 * by chacha_short, its own Poly1305 before (decrypt) or after (encrypt).
 * Clobbers r0-r3, r12, q0-q15 (d8-d15 and r4-r11 saved).
 */
.set	CP_KEEP,	2		/* chacha-poly.h CTNEON_CP_KEEP */
.set	CP_HEAD,	4		/* chacha-poly.h CTNEON_CP_HEAD_PEND */
	chacha_consts	.Lcp_consts
SYM_FUNC_START(ctneon_chachapoly_crypt)
	push	{r4-r11, lr}
	ldr	r4, [sp, #36]		/* bytes */
	ldr	r5, [sp, #40]		/* flags: enc if != 0 */
	ldr	r6, [sp, #44]		/* pend */
	vpush	{d8-d15}
	sub	sp, sp, #FRAME
	str	r1, [sp, #F_PSTATE]
	str	r2, [sp, #F_DST]
	str	r3, [sp, #F_SRC]
	str	r5, [sp, #F_ENC]
	str	r6, [sp, #F_PEND]	/* encrypt: the chunk to absorb first */
	and	r2, r5, #CP_HEAD	/* its blocks / 4: 3 for the head, else 4 */
	rsb	r2, r2, #16
	lsr	r2, r2, #2
	str	r2, [sp, #F_PQ]
	mov	r2, #20
	str	r2, [sp, #F_NR]
	poly_frame	r1
	mov	len, r4
	chacha_setup	r0, r4, .Lcp_consts
	ldr	srcp, [sp, #F_SRC]
	ldr	dstp, [sp, #F_DST]
	ldr	t, [sp, #F_PSTATE]
	ldm	t, {h0, h1, h2, h3, h4}

.Lcp_full:
	cmp	len, #256
	blt	.Lcp_tail
	ldr	t, [sp, #F_ENC]
	cmp	t, #0
	bne	.Lcp_enc
	mov	inp, srcp		/* decrypt: this chunk's ciphertext */
	b	.Lcp_chunk
.Lcp_enc:
	ldr	inp, [sp, #F_PEND]	/* encrypt: the previous chunk's */
	str	dstp, [sp, #F_PEND]
	cmp	inp, #0
	beq	.Lcp_first
.Lcp_chunk:
	str	srcp, [sp, #F_SRC]	/* the Poly1305 pieces take r7-r12 */
	str	dstp, [sp, #F_DST]
	chacha_load4
	ldr	cnt, [sp, #F_PQ]	/* 4 (3 with the head): 16 (12) blocks */
.Lcp_rounds:
	dround_poly
	dround_poly
	subs	cnt, cnt, #1
	bne	.Lcp_rounds
	ldr	cnt, [sp, #F_PQ]	/* the other 5 - F_PQ pairs plain */
	rsb	cnt, cnt, #5
.Lcp_plain:
	dround
	dround
	subs	cnt, cnt, #1
	bne	.Lcp_plain
	mov	t, #4			/* every later chunk: 16 blocks */
	str	t, [sp, #F_PQ]
	ldr	srcp, [sp, #F_SRC]
	ldr	dstp, [sp, #F_DST]
	cmp	len, #256
	blt	.Lcp_tail_buf		/* encrypt, 193..255 bytes left */
	chacha_out4	ks_xor
	next_chunk
	sub	len, len, #256
	b	.Lcp_full

.Lcp_first:				/* encrypt, first chunk: nothing to absorb */
	chacha_rounds4
	chacha_out4	ks_xor
	next_chunk
	sub	len, len, #256
	b	.Lcp_full

.Lcp_tail:
	ldr	t, [sp, #F_ENC]
	cmp	t, #0
	beq	.Lcp_dec_tail
	ldr	inp, [sp, #F_PEND]	/* the last whole chunk, if any */
	cmp	inp, #0
	beq	.Lcp_enc_tail
	cmp	len, #0
	bgt	.Lcp_lag_tail
	ldr	t, [sp, #F_ENC]
	tst	t, #CP_KEEP
	bne	.Lcp_done		/* the next call absorbs it */
	ldr	cnt, [sp, #F_PQ]	/* no tail: absorb it alone */
	lsl	cnt, cnt, #2
.Lcp_lag:
	poly_block
	subs	cnt, cnt, #1
	bne	.Lcp_lag
	b	.Lcp_done

.Lcp_lag_tail:				/* absorb it in the tail's rounds */
	str	len, [sp, #F_BYTES]
	str	dstp, [sp, #F_PEND]	/* where the tail's ciphertext goes */
	cmp	len, #192
	bgt	.Lcp_chunk		/* rounds as a chunk's, then .Lcp_tail_buf */
	ldr	t, [sp, #F_PQ]		/* its sixteen blocks (the head: 12) */
	str	t, [sp, #F_QUADS]
	chacha_blocks_frame	1
	b	.Lcp_enc_tail_poly

.Lcp_tail_buf:				/* len = 193..255, after a chunk's rounds */
	chacha_out4	ks_buf
	chacha_xor_buf
	b	.Lcp_enc_tail_poly

.Lcp_enc_tail:
	cmp	len, #0
	ble	.Lcp_done
	str	len, [sp, #F_BYTES]
	str	dstp, [sp, #F_PEND]	/* where the tail's ciphertext goes */
	b	.Lcp_tail_ks

.Lcp_dec_tail:
	cmp	len, #0
	ble	.Lcp_done
	cmp	len, #64		/* 64..192 bytes: its whole 64-byte */
	blt	.Lcp_dec_plain		/* groups in its rounds, the rest */
	cmp	len, #192		/* after them (chacha_kblocks) */
	bgt	.Lcp_dec_plain
	lsr	t, len, #6
	str	t, [sp, #F_QUADS]
	mov	inp, srcp
	chacha_blocks_frame	2
	b	.Lcp_done
.Lcp_dec_plain:
	str	srcp, [sp, #F_SRC]
	str	dstp, [sp, #F_DST]
	mov	inp, srcp
	mov	g2, len
	poly_absorb_tail		/* before dst (maybe = src) is written */
	ldr	srcp, [sp, #F_SRC]
	ldr	dstp, [sp, #F_DST]

.Lcp_tail_ks:				/* one copy of the short path for both */
	chacha_short
	ldr	t, [sp, #F_ENC]
	cmp	t, #0
	beq	.Lcp_done
.Lcp_enc_tail_poly:			/* the tail's own ciphertext */
	ldr	inp, [sp, #F_PEND]
	ldr	g2, [sp, #F_BYTES]
	poly_absorb_tail

.Lcp_done:
	ldr	t, [sp, #F_PSTATE]
	stm	t, {h0, h1, h2, h3, h4}
	zero_frame	FRAME
	add	sp, sp, #FRAME
	vpop	{d8-d15}
	pop	{r4-r11, pc}
SYM_FUNC_END(ctneon_chachapoly_crypt)
