/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: ChaCha20/12, HChaCha, Poly1305 and the stitched ChaCha20-Poly1305
 * step for AArch64 AdvSIMD (the contract is chacha-poly.h).
 *
 * Design notes
 * ============
 *
 * ChaCha (RFC 8439 section 2.3).  The state is the 4x4 matrix x[0..15] of
 * 32-bit words; a quarter-round QR(a, b, c, d) is
 *     a += b; d ^= a; d <<<= 16;   c += d; b ^= c; b <<<= 12;
 *     a += b; d ^= a; d <<<= 8;    c += d; b ^= c; b <<<= 7;
 * a double round is QR on the four columns (0,4,8,12) .. (3,7,11,15), then
 * on the four diagonals (0,5,10,15), (1,6,11,12), (2,7,8,13), (3,4,9,14).
 * The keystream block is x + state after nrounds/2 double rounds, and
 * the counter word 12 steps by one per 64-byte block modulo 2^32 (no carry
 * into word 13: the 16-byte IV of the kernel's chacha20 is le32 counter ||
 * 96-bit nonce).
 *
 * Four blocks at a time ("words across lanes"): v0..v15 hold the sixteen
 * state words, lane j of vN being word N of block j (counter + j), so one
 * .4s instruction runs the same step of four blocks and no lane ever
 * crosses another.  Rotations: <<< 16 is rev32 .8h (swap the halves of
 * each word), <<< 8 is one tbl with the byte map .Lrot8, <<< 12 and <<< 7
 * are shl into the target plus sri (shift right and insert) from the
 * temporary that holds b ^ c, so each costs the eor plus two instructions.
 * The four quarter-rounds of a half round are interleaved step by step.
 * After the rounds the input state is re-read with ld4r (word broadcast to
 * all lanes) and added; the words are transposed back to blocks with
 * zip1/zip2 .4s then .2d, 4x4 at a time, and XORed into the data 64 bytes
 * (one block) per ld1/st1.
 *
 * Six blocks at a time (384 bytes: the stitched main loop, and the NEON
 * part of the plain one, below).  Four chains are too few for an
 * in-order core: the quarter-round is a chain of 14 dependent
 * q-ops, and with a 6-cycle NEON latency (the Cortex-A53 model) four
 * independent ones per step leave 2 of every 6 cycles idle (172 cycles a
 * double round for 112 q-ops).  So two more blocks run beside the four,
 * in the row layout of the one-block path below (v20-v23 and v24-v27,
 * temporaries v28, v29), each step of the 4-way code carrying the same
 * step of both: six independent q-ops per step.  A row block costs 34
 * q-ops a double round (28 + 6 ext) against 28 in the 4-way layout, but
 * the A53 model runs the 6 blocks in 190 cycles a double round (0.49
 * cycles per byte and double round, against 0.67), and the A72 model is
 * better too (104 cycles / 384 B against 92 / 256 B).
 *
 * Seven blocks at a time (the plain ChaCha loop, 448 bytes): the six NEON
 * blocks plus a seventh on the integer unit (counter + 6), its sixteen
 * words in w registers (sw0-sw15), a quarter-round being add, eor, ror
 * (12 instructions, no temporary).  The A72 model shows why: the 6-way
 * step keeps both NEON pipes (F0/F1) busy (102 of 104 cycles a double
 * round) while the integer pipes idle, so the 96 integer instructions of
 * a double round are free there: 7 blocks in 103 cycles, 14.7 a block
 * against 17.3.  Not on the A53 model: it completes in order, so an
 * integer instruction behind a 6-cycle NEON q-op waits 3 cycles, and each
 * switch from NEON to integer costs about 2 issue cycles.  Hence the
 * integer half round goes as one run of 48 instructions right after the
 * NEON half round's last step, where the ext of the rows waits on the
 * last sri anyway: 248 cycles a double round (35.4 a block against 31.7,
 * 12% more; spread one step per NEON step it was 286, two runs per
 * step 350).  The interleaving the in-tree driver uses (4 NEON blocks +
 * 1 integer, 320 bytes) is no gain over six NEON blocks on either model:
 * the 4-way NEON code is latency-bound on the A72 too (92 cycles, 4
 * independent q-ops per 3-cycle step for 2 pipes), so 5 blocks take 92
 * (18.4 a block) and 230 on the A53 (46).  The 5-block step is kept for
 * the remainders.  The integer registers are those of Poly1305, so the
 * stitched step has no such block (see Cost).
 *
 * The remainder cascade (ctneon_chacha_crypt): 7-block steps while 11 or
 * more blocks are left, then 10 blocks as 6 + 4, 9 as 5 + 4, 8 as 4 + 4
 * (a 7-block step would leave 1..3 blocks to the one-block path, whose
 * single dependency chain costs about as much as a whole 4-block step on
 * the A72), 7 as 7; below that 6, 5 or 4.  A final partial block after
 * 4 or 6 whole ones rides as the integer block of a 5- or 7-block step
 * whose keystream goes to the frame's buffer (int = 2, skeep; then
 * ctneon_chacha_partial); after the other steps it is an integer block
 * alone (ctneon_chacha_ipart: 66 / 49 cycles a double round on the A53 /
 * A72 models, against 180 / 96 for the NEON one-block chain).  So a 4 KiB
 * page is 8 x 7 + 4 + 4, 1420 bytes 7 + 7 + 4 + (4 + the partial block)
 * and 1400 bytes 7 + 7 + 7 + the integer partial block.  Inputs below 256
 * bytes take the NEON one-block path below (fewer instructions).
 *
 * One block ("words down rows"): v0..v3 are the rows (0..3), (4..7),
 * (8..11), (12..15); a column round is one QR on whole rows, then ext
 * rotates rows 1, 2, 3 by 1, 2, 3 words so that the diagonals become
 * columns, a second QR, and ext rotates them back.  Used for the < 256
 * byte tail (and HChaCha): 35 instructions per double round for one
 * block (two double rounds a loop iteration) against 30 per block in the
 * 4-way path, but a single dependency chain.  A final partial block goes
 * through a 64-byte stack buffer, 16 bytes at a time, then byte by byte,
 * and the buffer is wiped.  Below 256 bytes ctneon_chacha_crypt runs
 * only this path, in a frame that saves no callee-saved register (it
 * touches none).
 *
 * HChaCha (the XChaCha subkey): the rounds on state without the final
 * addition; out = words 0..3 and 12..15.
 *
 * Poly1305 (RFC 8439 section 2.5).  Why 64-bit limbs on the integer unit
 * and not 26-bit limbs on NEON: the point of this file is the stitched
 * AEAD, where NEON is saturated by ChaCha20 and the integer pipes are
 * idle; a 26-bit NEON Poly1305 would compete for the same NEON issue slots.
 * On the integer side, a 64x64 -> 128 product is two instructions (mul,
 * umulh), and the whole block is 10 of them, against 25 32x32 products
 * with 26-bit limbs.  The price: Poly1305 alone is slower than a 4-way NEON
 * Poly1305 with powers of r (which this file does not have).
 *
 * The math: p = 2^130 - 5, accumulator h = h0 + h1 2^64 + h2 2^128 (h2
 * small), r = r0 + r1 2^64 clamped, so r0, r1 < 2^60 and 4 | r1.  With a
 * block m (plus 2^128): h += m; then
 *     h r = h0 r0 + (h0 r1 + h1 r0) 2^64 + (h1 r1 + h2 r0) 2^128
 *           + h2 r1 2^192
 * and since 2^130 = 5 (mod p) and r1 = 4 (r1 >> 2),
 *     r1 2^128 = (r1 >> 2) 2^130 = 5 (r1 >> 2) = rs1   (mod p),
 *     rs1 = r1 + (r1 >> 2),
 * so h r = d0 + d1 2^64 + d2 2^128 (mod p) with
 *     d0 = h0 r0 + h1 rs1          (< 2^126)
 *     d1 = h0 r1 + h1 r0 + h2 rs1  (< 2^126)
 *     d2 = h2 r0                   (< 2^64)
 * t = d0 + d1 2^64 + d2 2^128 = t0 + t1 2^64 + t2 2^128 (t2 < 2^63), and
 * the partial reduction folds bits >= 130:
 *     h = t0 + t1 2^64 + (t2 & 3) 2^128 + 5 (t2 >> 2),
 *     5 (t2 >> 2) = (t2 & ~3) + (t2 >> 2).
 * Bounds: after this h2 <= 4 (h < 5 * 2^128), before the next product
 * h2 <= 6, so h2 rs1 and h2 r0 fit 64 bits and no sum overflows.
 *
 * The final reduction.  h < 5 * 2^128 < 2p, so h mod p is h or h - p.
 * g = h + 5 is >= 2^130 exactly when h >= p, and then h - p = g - 2^130,
 * i.e. the low 130 bits of g.  So: g = h + 5 with adds/adcs/adc, test
 * bit 130 (bit 2 of g2: g < 2^131, so g2 < 8) and select g or h with csel
 * (constant time: flags, no branch), then tag = (h + s) mod 2^128.  Seed
 * 002 is the lesson: a test of the wrong flag passes every ordinary vector;
 * the unit test drives the accumulator to p-1, p, p+1 .. p+4, 2^130-1 and
 * the representations just above 2^130 (tests/unit/chacha-test.c).
 *
 * Seed 002's bug (testing "equal" instead of "carry" on the top word of
 * h - p) cannot show here: after the partial reduction h2 = 4 only if the
 * fold carried out of h1, i.e. h1 = 0 and h0 < 5 (t2 >> 2), so h - p <
 * 2^128 always; the edge vectors do reach that h2 = 4 representation, and
 * an off-by-one in the g test (bit 130 of h instead of h + 5, or a lost
 * carry into acc2) fails them while every random vector passes.
 *
 * The stitched step.  Per 384 bytes: the 6-way ChaCha20 runs 10 double
 * rounds; the first 8 each carry three Poly1305 blocks on the integer
 * unit, a block cut into 19 micro-stages (pmicro) placed one per half
 * step, each micro-stage's inputs produced at least one half step earlier
 * and each carry chain on consecutive micro-stages (so an in-order core
 * does not stall on them).  A 256-byte step (4-way) carries two blocks per
 * double round in 12 coarser stages.  Decryption absorbs the input
 * ciphertext of the current step (read before the results are stored, so
 * in place is fine); encryption absorbs the output of the previous step
 * (one batch behind: the first step encrypts plain, or absorbs pend, the
 * previous call's last 384 bytes, when the caller passes them; x26 counts
 * the blocks still pending, absorbed by the next step or plainly before
 * the tail, or, with the keep flag (chacha-poly.h), left to the next
 * call).
 * A tail < 256 bytes runs the one-block path and a
 * plain Poly1305 pass (before the decryption overwrites an in-place
 * input, after the encryption), the final partial 16-byte block of
 * ciphertext zero-padded to a whole block, pad bit set (RFC 8439 2.8).
 * But the one-block path is a single dependency chain, about as slow
 * as a whole 4-block step on the A72 model (and 2000 cycles a block on
 * the A53's), so the stitched steps stop where they would leave blocks to
 * it (aead_last): a last 6-block step leaving 1..255 or 321..383 bytes,
 * a 4-block step with 257..383 left.  The end of the message (< 768 bytes) then goes
 * plainly (aead_plain): ChaCha20 by the cascade of ctneon_chacha_crypt
 * (chacha_any: 7-, 6-, 5-, 4-block steps, a final partial block on the
 * integer unit), Poly1305 in a pass of its own over all of it, at 21
 * cycles a block on the A72 model (stitched, it was free) and no loss on
 * the A53's (stitched is no better than two passes there).  Enc, A53 /
 * A72 cycles/byte before -> after: 1000 B 15.8 / 6.58 -> 11.1 / 4.74,
 * 1400 B 13.9 / 5.60 -> 10.4 / 4.25, 1420 B (a last 5-block step with
 * the partial block) 10.7 / 4.31 -> 10.0 / 3.94; 7% to 15% more
 * instructions.
 *
 * Poly1305 state (CTNEON_POLY_STATE_SIZE = 64 bytes, 8-byte aligned):
 *     0 h0, 8 h1, 16 h2, 24 r0, 32 r1, 40 rs1, 48 s (16 bytes).
 *
 * Registers (all entry points):
 *   v0-v15   the 4-way state words (v0-v3 the rows of the 1-way path)
 *   v16-v19  rotation temporaries, re-read input state, transpose temps
 *   v20-v27  the two row blocks of the 6-way step; data in/out
 *   v28-v29  their rotation temporaries, counters + 4 and + 5
 *   v30      .Lrot8 byte map; v31 the lane counters {0, 1, 2, 3}
 *   w0-w7, w16, w17, w19-w24  the integer block of the 5- and 7-block
 *            steps (words 0..15, plain ChaCha only)
 *   x8 st, x9 dst, x10 src, x11 len (bytes left, 64-bit), w12 nr (double
 *   rounds), w13 cnt, x14/x15 scratch, x16 pp (Poly1305 data pointer),
 *   x17 pst; x19-x21 acc0-acc2 (h0-h2), x22-x24 r0, r1, rs1, x25 the pad bit (1),
 *   x2-x7 Poly1305 products, x0/x1 tail scratch (message words in the
 *   6-way stitched step, with x14/x15 as product temporaries), x26 the
 *   pending output blocks of the stitched encryption.
 * v8-v15 (low halves) and x19-x26 are callee-saved under AAPCS64: every
 * entry point saves them (and x29/x30, the local routines are called with
 * bl) in a 224-byte frame that also holds a 64-byte buffer for partial
 * blocks and the stitched step's flags (ctneon_chacha_crypt below 256 bytes touches none of them and
 * saves only x29/x30).  Little-endian only (ldp of message words, ld1 .4s
 * of state).
 *
 * Constant time.  ChaCha is add/eor/shift/tbl on data in registers;
 * Poly1305 is mul/umulh/adds/adcs/and/csel, whose latency on the cores
 * targeted does not depend on operand values.  Every branch and address
 * depends only on bytes, nrounds, enc and buffer pointers.
 *
 * Cost.  Executed instructions (QEMU trace of tests/ct) and llvm-mca
 * cycles of the steady-state loop bodies (-mcpu=cortex-a53 / cortex-a72),
 * a double round:
 *   7 blocks (6 NEON + integer): 277 instructions; A53 248, A72 103 cycles
 *   6 blocks (NEON):             181;              A53 190, A72 104
 *   5 blocks (4 NEON + integer): 209;              A53 230, A72 92
 *   4 blocks (NEON):             113;              A53 172, A72 92
 *   Whole calls (tests/ct/mca.sh on the ctneon_chacha_crypt-perf and
 *   ctneon_chachapoly_crypt-enc-perf cases: the executed stream of the
 *   core), instructions/byte, A53 and A72 cycles/byte, before the integer
 *   block (6-way loop, one-block tails) -> now:
 *     ChaCha20  16 B     33.1, 139, 64.7  -> 25.2, 125, 62.6
 *               64 B     6.53, 31.6, 15.7 -> 6.09, 31.0, 15.5
 *               256 B    4.96, 8.38, 4.34 -> 5.04, 8.12, 4.16
 *               1000 B   5.74, 12.7, 5.76 -> 6.57, 7.91, 3.40
 *               1400 B   5.57, 10.9, 4.99 -> 7.18, 7.05, 3.02
 *               1420 B   5.34, 7.75, 3.90 -> 6.72, 7.65, 3.25
 *               4096 B   5.07, 6.09, 3.13 -> 6.41, 6.73, 2.86
 *               16 KiB   5.08, 5.98, 3.06 -> 6.59, 6.58, 2.72
 *     AEAD enc  16 B     36.3, 149, 70.4  -> 29.4, 137, 63.6
 *               1000 B   7.66, 15.8, 6.58 -> 8.55, 11.1, 4.74
 *               1400 B   7.45, 13.9, 5.60 -> 8.01, 10.4, 4.25
 *               1420 B   7.21, 10.7, 4.31 -> 7.70, 10.0, 3.94
 *               16 KiB   6.85, 8.89, 3.12 (unchanged: the stitched step)
 *   so the A72 gains 11% at 16 KiB (9% a page, 17% at 1420 B) for 10%
 *   more A53 cycles at 16 KiB (11% a page) and 30% more instructions;
 *   lengths that used to end in one-block chains gain on both (1000 B:
 *   A53 -38%, A72 -41%).  The in-tree chacha20-neon (4 + 1 blocks, its
 *   320-byte call as executed, same method): 7.2 instructions/byte, A53
 *   10.8, A72 3.30 cycles/byte.
 *   Poly1305 alone: 30 instructions a block, 1.9 per byte; A53 45
 *     cycles a block (2.8 cycles/byte, the carry chains are serial),
 *     A72 21 (1.3 cycles/byte).
 *   Stitched, 6-way: 265 instructions a double round (8 of 10), 6.8
 *     instructions/byte; A72 104 cycles a double round: 2.95 cycles/byte,
 *     Poly1305 entirely hidden; A53 330: 8.4 cycles/byte, no better than
 *     the two passes (5.5 + 2.8).  No integer ChaCha block here: besides
 *     the registers (its 16 words beside the 26 the step already uses,
 *     of 28: x18 is the platform's, x29/x30 the frame's), the A72
 *     decodes 3 instructions a cycle, and 265 + 96 = 361 take 120 cycles:
 *     7 blocks in 120 against 6 in 104, nothing gained.  The A53 model
 *     completes in order, so an integer instruction behind a 6-cycle NEON
 *     one waits about 3 cycles, and the ~14 serial levels of a Poly1305
 *     block cost that many waits wherever they are placed.  Two
 *     interleaved accumulators (blocks alternately, times r^2) would
 *     halve it; not done.  5 cycles/byte for the AEAD on the A53 model is
 *     out of reach: it issues one 128-bit NEON op a cycle, and ChaCha20
 *     alone is about 300 q-ops a block (28 a double round in the 4-way
 *     layout, ~18 to finish), 4.7 cycles/byte, before the 1.9 integer
 *     instructions a byte of Poly1305 (at best 2 a cycle: 0.95 more).
 */

#include <linux/linkage.h>

	.text

/* ---------------------------------------------------------- registers */

	st		.req	x8
	dst		.req	x9
	src		.req	x10
	len		.req	x11
	nr		.req	w12
	cnt		.req	w13
	pp		.req	x16
	pst		.req	x17

	acc0		.req	x19
	acc1		.req	x20
	acc2		.req	x21
	r0		.req	x22
	r1		.req	x23
	rs1		.req	x24
	pad		.req	x25

	pt0		.req	x2
	pt1		.req	x3
	pt2		.req	x4
	pt3		.req	x5
	pt4		.req	x6
	pt5		.req	x7

	vrot8		.req	v30
	vlanes		.req	v31

	/*
	 * the integer-unit block of the 5- and 7-block steps (plain ChaCha
	 * only: the stitched step has these registers busy with Poly1305):
	 * word n of the block in sw<n>, the same register as 64 bits in sx<n>
	 */
	sw0		.req	w0
	sw1		.req	w1
	sw2		.req	w2
	sw3		.req	w3
	sw4		.req	w4
	sw5		.req	w5
	sw6		.req	w6
	sw7		.req	w7
	sw8		.req	w16
	sw9		.req	w17
	sw10		.req	w19
	sw11		.req	w20
	sw12		.req	w21
	sw13		.req	w22
	sw14		.req	w23
	sw15		.req	w24
	sx0		.req	x0
	sx1		.req	x1
	sx2		.req	x2
	sx3		.req	x3
	sx4		.req	x4
	sx5		.req	x5
	sx6		.req	x6
	sx7		.req	x7
	sx8		.req	x16
	sx9		.req	x17
	sx10		.req	x19
	sx11		.req	x20
	sx12		.req	x21
	sx13		.req	x22
	sx14		.req	x23
	sx15		.req	x24

/* ------------------------------------------------------------ constants */

	.p2align 4
.Lrot8:		// byte map of x <<< 8 on each little-endian 32-bit word
	.byte	3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
.Llanes:	// block j of the four is at counter + j
	.word	0, 1, 2, 3
.Lctr45:	// the two row-layout blocks of the 6-way step: counter + 4, + 5
	.word	4, 0, 0, 0, 5, 0, 0, 0
.Lclamp:	// r &= 0x0ffffffc0ffffffc0ffffffc0fffffff
	.quad	0x0ffffffc0fffffff, 0x0ffffffc0ffffffc

/* ------------------------------------------------------ frame, helpers */

#define FRAME	224
#define BUF	144
#define FLAGS	208		/* ctneon_chachapoly_crypt's flags */

	.macro	cp_enter
	stp	x29, x30, [sp, #-FRAME]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	d8, d9, [sp, #80]
	stp	d10, d11, [sp, #96]
	stp	d12, d13, [sp, #112]
	stp	d14, d15, [sp, #128]
	.endm

	.macro	cp_leave
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	d8, d9, [sp, #80]
	ldp	d10, d11, [sp, #96]
	ldp	d12, d13, [sp, #112]
	ldp	d14, d15, [sp, #128]
	ldp	x29, x30, [sp], #FRAME
	ret
	.endm

/*
 * The frame of the integer-only entry points (Poly1305): the same layout
 * without d8-d15, so that they touch no FP/SIMD register at all and may
 * run outside kernel_neon_begin() (the glue's portable path uses them).
 */
	.macro	cp_enter_int
	stp	x29, x30, [sp, #-FRAME]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	.endm

	.macro	cp_leave_int
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x29, x30, [sp], #FRAME
	ret
	.endm

	.macro	load_consts
	adr	x14, .Lrot8
	ld1	{vrot8.16b, vlanes.16b}, [x14]
	.endm

	/* state[12] += n (mod 2^32) */
	.macro	ctr_add, n
	ldr	w14, [st, #48]
	add	w14, w14, #\n
	str	w14, [st, #48]
	.endm

	.macro	poly_load
	ldp	acc0, acc1, [pst]
	ldp	acc2, r0, [pst, #16]
	ldp	r1, rs1, [pst, #32]
	mov	pad, #1
	.endm

	.macro	poly_store
	stp	acc0, acc1, [pst]
	str	acc2, [pst, #16]
	.endm

/* ------------------------------------------------------------ Poly1305 */

/*
 * One Poly1305 block from [pp] (pp += 16), h = (h + m + 2^128) r, partially
 * reduced, in 12 stages so that the stitched loop can spread them between
 * NEON steps.  Stage n is emitted by "pstage 1, n"; "pstage 0, n" is empty.
 * d0 = pt1:pt0, d1 = pt3:pt2 (with d2 = h2 r0 added into pt3).
 */
	.macro	pstage, on, n
	.if	\on
	.if	\n == 0
	ldp	pt0, pt1, [pp], #16		// m
	.elseif	\n == 1
	adds	acc0, acc0, pt0			// h += m + 2^128
	adcs	acc1, acc1, pt1
	adc	acc2, acc2, pad
	.elseif	\n == 2
	mul	pt0, acc0, r0			// d0 = h0 r0
	umulh	pt1, acc0, r0
	.elseif	\n == 3
	mul	pt2, acc1, rs1			// h1 rs1
	umulh	pt3, acc1, rs1
	.elseif	\n == 4
	adds	pt0, pt0, pt2			// d0 = h0 r0 + h1 rs1
	adc	pt1, pt1, pt3
	.elseif	\n == 5
	mul	pt2, acc0, r1			// d1 = h0 r1
	umulh	pt3, acc0, r1
	.elseif	\n == 6
	mul	pt4, acc1, r0			// h1 r0
	umulh	pt5, acc1, r0
	.elseif	\n == 7
	adds	pt2, pt2, pt4			// d1 = h0 r1 + h1 r0
	adc	pt3, pt3, pt5
	.elseif	\n == 8
	mul	pt4, acc2, rs1			// h2 rs1 (< 2^64)
	mul	pt5, acc2, r0			// d2 = h2 r0 (< 2^64)
	.elseif	\n == 9
	adds	pt2, pt2, pt4			// d1 += h2 rs1
	adc	pt3, pt3, pt5			// and d2 in at 2^128
	.elseif	\n == 10
	adds	acc1, pt1, pt2			// t1 = hi(d0) + lo(d1)
	adc	pt3, pt3, xzr			// t2 = hi(d1) + d2 + carry
	and	acc2, pt3, #3			// bits 128, 129
	.else
	and	pt3, pt3, #0xfffffffffffffffc	// 4 (t2 >> 2)
	add	pt3, pt3, pt3, lsr #2		// 5 (t2 >> 2) = 2^130 (t2 >> 2)
	adds	acc0, pt0, pt3
	adcs	acc1, acc1, xzr
	adc	acc2, acc2, xzr			// h2 <= 4
	.endif
	.endif
	.endm

	/* n (a 64-bit register, > 0 or 0) blocks from [pp]; clobbers n */
	.macro	poly_nblocks, n
	cbz	\n, .L\@_done
.L\@_loop:
	.irp	s, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	pstage	1, \s
	.endr
	subs	\n, \n, #1
	b.ne	.L\@_loop
.L\@_done:
	.endm

/*
 * The same block in 19 micro-stages for the 6-block stitched step, laid
 * out for an in-order core (Cortex-A53): the instructions of one
 * micro-stage are independent of each other, every input comes from a
 * micro-stage at least one half step (three NEON q-ops) earlier (four for
 * a product), and a carry chain (adds .. adc) runs over consecutive
 * micro-stages with no other flag setter in between (NEON instructions
 * leave NZCV alone).  m in x0/x1, product temporaries x2-x7, x14, x15.
 */
	.macro	pmicro, n
	.if	\n == 0
	ldp	x0, x1, [pp], #16			// m
	.elseif	\n == 1
	adds	acc0, acc0, x0				// h += m + 2^128
	.elseif	\n == 2
	adcs	acc1, acc1, x1
	.elseif	\n == 3
	adc	acc2, acc2, pad
	mul	pt0, acc0, r0				// h0 r0
	umulh	pt1, acc0, r0
	.elseif	\n == 4
	mul	pt2, acc1, rs1				// h1 rs1
	umulh	pt3, acc1, rs1
	.elseif	\n == 5
	mul	pt4, acc0, r1				// h0 r1
	umulh	pt5, acc0, r1
	.elseif	\n == 6
	mul	x14, acc1, r0				// h1 r0
	umulh	x15, acc1, r0
	.elseif	\n == 7
	adds	pt0, pt0, pt2				// d0 = h0 r0 + h1 rs1
	.elseif	\n == 8
	adc	pt1, pt1, pt3
	mul	pt2, acc2, rs1				// h2 rs1
	.elseif	\n == 9
	adds	pt4, pt4, x14				// d1 = h0 r1 + h1 r0
	mul	pt3, acc2, r0				// d2 = h2 r0
	.elseif	\n == 10
	adc	pt5, pt5, x15
	.elseif	\n == 11
	adds	pt4, pt4, pt2				// d1 += h2 rs1
	.elseif	\n == 12
	adc	pt5, pt5, pt3				// and d2 at 2^128
	.elseif	\n == 13
	adds	acc1, pt1, pt4				// t1
	.elseif	\n == 14
	adc	pt5, pt5, xzr				// t2
	.elseif	\n == 15
	and	acc2, pt5, #3
	and	pt5, pt5, #0xfffffffffffffffc
	.elseif	\n == 16
	add	pt5, pt5, pt5, lsr #2			// 5 (t2 >> 2)
	.elseif	\n == 17
	adds	acc0, pt0, pt5
	.else
	adcs	acc1, acc1, xzr
	adc	acc2, acc2, xzr
	.endif
	.endm

/* ------------------------------- ChaCha, 4-way, 6-way, the integer block */

/*
 * The integer-unit block: step k (0..11) of one quarter-round on the
 * words a, b, c, d in w registers (<<< n is ror by 32 - n).
 */
	.macro	sstep, k, a, b, c, d
	.if	\k % 6 == 0
	add	\a, \a, \b				// a += b
	.elseif	\k % 6 == 1
	eor	\d, \d, \a				// d ^= a
	.elseif	\k % 6 == 2
	ror	\d, \d, #(16 + 8 * (\k / 6))		// d <<<= 16, 8
	.elseif	\k % 6 == 3
	add	\c, \c, \d				// c += d
	.elseif	\k % 6 == 4
	eor	\b, \b, \c				// b ^= c
	.else
	ror	\b, \b, #(20 + 5 * (\k / 6))		// b <<<= 12, 7
	.endif
	.endm

	/*
	 * a half round of the integer block: the quarter-rounds (a_i, b_i,
	 * c_i, d_i), i = 0..3, step by step (four independent instructions a
	 * step); as one run, for the in-order A53 (see the design notes)
	 */
	.macro	shalf, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3
	.irp	k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	sstep	\k, \a0, \b0, \c0, \d0
	sstep	\k, \a1, \b1, \c1, \d1
	sstep	\k, \a2, \b2, \c2, \d2
	sstep	\k, \a3, \b3, \c3, \d3
	.endr
	.endm

	/* words 2i, 2i + 1 of the integer block = the state's */
	.macro	sld2, i, a, b
	ldp	\a, \b, [st, #(8 * \i)]
	.endm

	/*
	 * words 4i .. 4i + 3 of the integer block += the state's, one ldp of
	 * two 64-bit halves: the odd words are added as 64 bits (a carry into
	 * bit 32 is harmless: only their low halves are used)
	 */
	.macro	sadd4, i, a, b, c, d, xb, xd
	ldp	x14, x15, [st, #(16 * \i)]
	add	\a, \a, w14
	add	\xb, \xb, x14, lsr #32
	add	\c, \c, w15
	add	\xd, \xd, x15, lsr #32
	.endm

	/* the integer block = the state, counter + n */
	.macro	sload, n
	sld2	0, sw0, sw1
	sld2	1, sw2, sw3
	sld2	2, sw4, sw5
	sld2	3, sw6, sw7
	sld2	4, sw8, sw9
	sld2	5, sw10, sw11
	sld2	6, sw12, sw13
	sld2	7, sw14, sw15
	add	sw12, sw12, #\n
	.endm

	/* the integer block += the state, counter + n */
	.macro	sadd, n
	sadd4	0, sw0, sw1, sw2, sw3, sx1, sx3
	sadd4	1, sw4, sw5, sw6, sw7, sx5, sx7
	sadd4	2, sw8, sw9, sw10, sw11, sx9, sx11
	sadd4	3, sw12, sw13, sw14, sw15, sx13, sx15
	add	sw12, sw12, #\n
	.endm

	/*
	 * 16 bytes at src + off ^= the words a..d (64-bit names; the high
	 * halves of a, c are clear) into dst + off
	 */
	.macro	sxor16, off, a, b, c, d
	ldp	x14, x15, [src, #\off]
	orr	\a, \a, \b, lsl #32
	orr	\c, \c, \d, lsl #32
	eor	x14, x14, \a
	eor	x15, x15, \c
	stp	x14, x15, [dst, #\off]
	.endm

	/*
	 * the integer block at counter + n: + the input state, XORed into the
	 * 64 bytes at src + off to dst + off (the pointers are kept)
	 */
	.macro	sfinish, n, off
	sadd	\n
	sxor16	(\off), sx0, sx1, sx2, sx3
	sxor16	(\off + 16), sx4, sx5, sx6, sx7
	sxor16	(\off + 32), sx8, sx9, sx10, sx11
	sxor16	(\off + 48), sx12, sx13, sx14, sx15
	.endm

	/*
	 * the integer block at counter + n, + the input state, as keystream
	 * into the frame's buffer (for ctneon_chacha_partial; sp is the
	 * entry point's, the local routines have no frame)
	 */
	.macro	skeep, n
	sadd	\n
	stp	sw0, sw1, [sp, #BUF]
	stp	sw2, sw3, [sp, #(BUF + 8)]
	stp	sw4, sw5, [sp, #(BUF + 16)]
	stp	sw6, sw7, [sp, #(BUF + 24)]
	stp	sw8, sw9, [sp, #(BUF + 32)]
	stp	sw10, sw11, [sp, #(BUF + 40)]
	stp	sw12, sw13, [sp, #(BUF + 48)]
	stp	sw14, sw15, [sp, #(BUF + 56)]
	.endm

/*
 * Poly1305 stages between the ChaCha steps.  s = 0: none.  s = 1 (the
 * 4-block step): stage n of one block after step n = 0..11 of a half
 * round, so two blocks per double round.  s = 2 (the 6-block step): the
 * 19 "micro-stages" of pmicro run on as one stream (.Lpsn counts them),
 * one after each half step (3 NEON q-ops), plus one extra per double
 * round where two independent ones meet: 57 = three blocks in 56 places.
 */
	.macro	pnext, s, step, half
	.if	\s == 1
	.if	\step < 12 && \half == 1
	pstage	1, \step
	.endif
	.elseif	\s == 2
	pmicro	(.Lpsn%19)
	.set	.Lpsn, .Lpsn + 1
	.if	(.Lpsn%19) == 4 && .Lpx == 0
	pmicro	(.Lpsn%19)
	.set	.Lpsn, .Lpsn + 1
	.set	.Lpx, 1
	.endif
	.endif
	.endm

/*
 * Quarter-rounds, step by step, on up to six independent chains: four in
 * the word-per-register layout ((a_i, b_i, c_i, d_i), i = 0..3: four
 * columns or diagonals of four blocks; v16-v19 hold b ^ c for the 12- and
 * 7-bit rotations) and, if given, two more blocks in the row layout
 * ((ae, be, ce, de) and (af, ..): the rows of one block each, te and tf
 * their temporaries).  Each step is one q-op per chain, all independent:
 * six chains cover a 6-cycle NEON latency (Cortex-A53), four do not.
 */
	.macro	qr6, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3, ae, be, ce, de, te, af, bf, cf, df, tf, s
	add	\a0\().4s, \a0\().4s, \b0\().4s	// a += b
	add	\a1\().4s, \a1\().4s, \b1\().4s
	add	\a2\().4s, \a2\().4s, \b2\().4s
	pnext	\s, 0, 0
	add	\a3\().4s, \a3\().4s, \b3\().4s
	.ifnb	\ae
	add	\ae\().4s, \ae\().4s, \be\().4s
	.endif
	.ifnb	\af
	add	\af\().4s, \af\().4s, \bf\().4s
	.endif
	pnext	\s, 0, 1
	eor	\d0\().16b, \d0\().16b, \a0\().16b	// d ^= a
	eor	\d1\().16b, \d1\().16b, \a1\().16b
	eor	\d2\().16b, \d2\().16b, \a2\().16b
	pnext	\s, 1, 0
	eor	\d3\().16b, \d3\().16b, \a3\().16b
	.ifnb	\ae
	eor	\de\().16b, \de\().16b, \ae\().16b
	.endif
	.ifnb	\af
	eor	\df\().16b, \df\().16b, \af\().16b
	.endif
	pnext	\s, 1, 1
	rev32	\d0\().8h, \d0\().8h	// d <<<= 16
	rev32	\d1\().8h, \d1\().8h
	rev32	\d2\().8h, \d2\().8h
	pnext	\s, 2, 0
	rev32	\d3\().8h, \d3\().8h
	.ifnb	\ae
	rev32	\de\().8h, \de\().8h
	.endif
	.ifnb	\af
	rev32	\df\().8h, \df\().8h
	.endif
	pnext	\s, 2, 1
	add	\c0\().4s, \c0\().4s, \d0\().4s	// c += d
	add	\c1\().4s, \c1\().4s, \d1\().4s
	add	\c2\().4s, \c2\().4s, \d2\().4s
	pnext	\s, 3, 0
	add	\c3\().4s, \c3\().4s, \d3\().4s
	.ifnb	\ae
	add	\ce\().4s, \ce\().4s, \de\().4s
	.endif
	.ifnb	\af
	add	\cf\().4s, \cf\().4s, \df\().4s
	.endif
	pnext	\s, 3, 1
	eor	v16.16b, \b0\().16b, \c0\().16b	// t = b ^ c
	eor	v17.16b, \b1\().16b, \c1\().16b
	eor	v18.16b, \b2\().16b, \c2\().16b
	pnext	\s, 4, 0
	eor	v19.16b, \b3\().16b, \c3\().16b
	.ifnb	\ae
	eor	\te\().16b, \be\().16b, \ce\().16b
	.endif
	.ifnb	\af
	eor	\tf\().16b, \bf\().16b, \cf\().16b
	.endif
	pnext	\s, 4, 1
	shl	\b0\().4s, v16.4s, #12	// b = t <<< 12
	shl	\b1\().4s, v17.4s, #12
	shl	\b2\().4s, v18.4s, #12
	pnext	\s, 5, 0
	shl	\b3\().4s, v19.4s, #12
	.ifnb	\ae
	shl	\be\().4s, \te\().4s, #12
	.endif
	.ifnb	\af
	shl	\bf\().4s, \tf\().4s, #12
	.endif
	pnext	\s, 5, 1
	sri	\b0\().4s, v16.4s, #20
	sri	\b1\().4s, v17.4s, #20
	sri	\b2\().4s, v18.4s, #20
	pnext	\s, 6, 0
	sri	\b3\().4s, v19.4s, #20
	.ifnb	\ae
	sri	\be\().4s, \te\().4s, #20
	.endif
	.ifnb	\af
	sri	\bf\().4s, \tf\().4s, #20
	.endif
	pnext	\s, 6, 1
	add	\a0\().4s, \a0\().4s, \b0\().4s	// a += b
	add	\a1\().4s, \a1\().4s, \b1\().4s
	add	\a2\().4s, \a2\().4s, \b2\().4s
	pnext	\s, 7, 0
	add	\a3\().4s, \a3\().4s, \b3\().4s
	.ifnb	\ae
	add	\ae\().4s, \ae\().4s, \be\().4s
	.endif
	.ifnb	\af
	add	\af\().4s, \af\().4s, \bf\().4s
	.endif
	pnext	\s, 7, 1
	eor	\d0\().16b, \d0\().16b, \a0\().16b	// d ^= a
	eor	\d1\().16b, \d1\().16b, \a1\().16b
	eor	\d2\().16b, \d2\().16b, \a2\().16b
	pnext	\s, 8, 0
	eor	\d3\().16b, \d3\().16b, \a3\().16b
	.ifnb	\ae
	eor	\de\().16b, \de\().16b, \ae\().16b
	.endif
	.ifnb	\af
	eor	\df\().16b, \df\().16b, \af\().16b
	.endif
	pnext	\s, 8, 1
	tbl	\d0\().16b, {\d0\().16b}, vrot8.16b	// d <<<= 8
	tbl	\d1\().16b, {\d1\().16b}, vrot8.16b
	tbl	\d2\().16b, {\d2\().16b}, vrot8.16b
	pnext	\s, 9, 0
	tbl	\d3\().16b, {\d3\().16b}, vrot8.16b
	.ifnb	\ae
	tbl	\de\().16b, {\de\().16b}, vrot8.16b
	.endif
	.ifnb	\af
	tbl	\df\().16b, {\df\().16b}, vrot8.16b
	.endif
	pnext	\s, 9, 1
	add	\c0\().4s, \c0\().4s, \d0\().4s	// c += d
	add	\c1\().4s, \c1\().4s, \d1\().4s
	add	\c2\().4s, \c2\().4s, \d2\().4s
	pnext	\s, 10, 0
	add	\c3\().4s, \c3\().4s, \d3\().4s
	.ifnb	\ae
	add	\ce\().4s, \ce\().4s, \de\().4s
	.endif
	.ifnb	\af
	add	\cf\().4s, \cf\().4s, \df\().4s
	.endif
	pnext	\s, 10, 1
	eor	v16.16b, \b0\().16b, \c0\().16b	// t = b ^ c
	eor	v17.16b, \b1\().16b, \c1\().16b
	eor	v18.16b, \b2\().16b, \c2\().16b
	pnext	\s, 11, 0
	eor	v19.16b, \b3\().16b, \c3\().16b
	.ifnb	\ae
	eor	\te\().16b, \be\().16b, \ce\().16b
	.endif
	.ifnb	\af
	eor	\tf\().16b, \bf\().16b, \cf\().16b
	.endif
	pnext	\s, 11, 1
	shl	\b0\().4s, v16.4s, #7	// b = t <<< 7
	shl	\b1\().4s, v17.4s, #7
	shl	\b2\().4s, v18.4s, #7
	pnext	\s, 12, 0
	shl	\b3\().4s, v19.4s, #7
	.ifnb	\ae
	shl	\be\().4s, \te\().4s, #7
	.endif
	.ifnb	\af
	shl	\bf\().4s, \tf\().4s, #7
	.endif
	pnext	\s, 12, 1
	sri	\b0\().4s, v16.4s, #25
	sri	\b1\().4s, v17.4s, #25
	sri	\b2\().4s, v18.4s, #25
	pnext	\s, 13, 0
	sri	\b3\().4s, v19.4s, #25
	.ifnb	\ae
	sri	\be\().4s, \te\().4s, #25
	.endif
	.ifnb	\af
	sri	\bf\().4s, \tf\().4s, #25
	.endif
	pnext	\s, 13, 1
	.endm

	/* rows b, c, d of a row-layout block rotated left by n, 2n, 3n words */
	.macro	rows_rot, b, c, d, n
	ext	\b\().16b, \b\().16b, \b\().16b, #(4 * \n)
	ext	\c\().16b, \c\().16b, \c\().16b, #8
	ext	\d\().16b, \d\().16b, \d\().16b, #(16 - 4 * \n)
	.endm

	/* a double round on four blocks; s = 1: two Poly1305 blocks in it */
	.macro	dround4, s, int=0
	qr6	v0, v4, v8, v12, v1, v5, v9, v13, v2, v6, v10, v14, v3, v7, v11, v15, , , , , , , , , , , \s
	.if	\int
	shalf	sw0, sw4, sw8, sw12, sw1, sw5, sw9, sw13, sw2, sw6, sw10, sw14, sw3, sw7, sw11, sw15
	.endif
	qr6	v0, v5, v10, v15, v1, v6, v11, v12, v2, v7, v8, v13, v3, v4, v9, v14, , , , , , , , , , , \s
	.if	\int
	shalf	sw0, sw5, sw10, sw15, sw1, sw6, sw11, sw12, sw2, sw7, sw8, sw13, sw3, sw4, sw9, sw14
	.endif
	.endm

	/*
	 * a double round on six blocks: four words-across-lanes, two rows
	 * (v20-v23, v24-v27); s = 2: three Poly1305 blocks in it
	 */
	.macro	dround6, s, int=0
	.set	.Lpx, 0
	qr6	v0, v4, v8, v12, v1, v5, v9, v13, v2, v6, v10, v14, v3, v7, v11, v15, v20, v21, v22, v23, v28, v24, v25, v26, v27, v29, \s
	.if	\int
	shalf	sw0, sw4, sw8, sw12, sw1, sw5, sw9, sw13, sw2, sw6, sw10, sw14, sw3, sw7, sw11, sw15
	.endif
	rows_rot v21, v22, v23, 1			// diagonals to columns
	rows_rot v25, v26, v27, 1
	qr6	v0, v5, v10, v15, v1, v6, v11, v12, v2, v7, v8, v13, v3, v4, v9, v14, v20, v21, v22, v23, v28, v24, v25, v26, v27, v29, \s
	.if	\int
	shalf	sw0, sw5, sw10, sw15, sw1, sw6, sw11, sw12, sw2, sw7, sw8, sw13, sw3, sw4, sw9, sw14
	.endif
	rows_rot v21, v22, v23, 3			// and back
	rows_rot v25, v26, v27, 3
	.endm

/*
 * 4x4 transpose of words: in a, b, c, d = words w..w+3 of blocks 0..3
 * (lane = block); out: block 0's words w..w+3 in c, block 1's in d,
 * block 2's in a, block 3's in b.  t0, t1 temporaries.
 */
	.macro	transpose4, a, b, c, d, t0, t1
	zip1	\t0\().4s, \a\().4s, \b\().4s		// a0 b0 a1 b1
	zip2	\t1\().4s, \a\().4s, \b\().4s		// a2 b2 a3 b3
	zip1	\a\().4s, \c\().4s, \d\().4s		// c0 d0 c1 d1
	zip2	\b\().4s, \c\().4s, \d\().4s		// c2 d2 c3 d3
	zip1	\c\().2d, \t0\().2d, \a\().2d		// a0 b0 c0 d0
	zip2	\d\().2d, \t0\().2d, \a\().2d		// a1 b1 c1 d1
	zip1	\a\().2d, \t1\().2d, \b\().2d		// a2 b2 c2 d2
	zip2	\b\().2d, \t1\().2d, \b\().2d		// a3 b3 c3 d3
	.endm

/*
 * Two 4x4 transposes interleaved (eight independent zips per level, for
 * the in-order latency): as transpose4 on a..d and e..h, temporaries
 * t0, t1 and t2, t3.
 */
	.macro	transpose4x2, a, b, c, d, e, f, g, h, t0, t1, t2, t3
	zip1	\t0\().4s, \a\().4s, \b\().4s
	zip1	\t2\().4s, \e\().4s, \f\().4s
	zip2	\t1\().4s, \a\().4s, \b\().4s
	zip2	\t3\().4s, \e\().4s, \f\().4s
	zip1	\a\().4s, \c\().4s, \d\().4s
	zip1	\e\().4s, \g\().4s, \h\().4s
	zip2	\b\().4s, \c\().4s, \d\().4s
	zip2	\f\().4s, \g\().4s, \h\().4s
	zip1	\c\().2d, \t0\().2d, \a\().2d
	zip1	\g\().2d, \t2\().2d, \e\().2d
	zip2	\d\().2d, \t0\().2d, \a\().2d
	zip2	\h\().2d, \t2\().2d, \e\().2d
	zip1	\a\().2d, \t1\().2d, \b\().2d
	zip1	\e\().2d, \t3\().2d, \f\().2d
	zip2	\b\().2d, \t1\().2d, \b\().2d
	zip2	\f\().2d, \t3\().2d, \f\().2d
	.endm

	/* i0..i3 ^= w0..w3 */
	.macro	eor_block, w0, w1, w2, w3, i0, i1, i2, i3
	eor	\i0\().16b, \i0\().16b, \w0\().16b
	eor	\i1\().16b, \i1\().16b, \w1\().16b
	eor	\i2\().16b, \i2\().16b, \w2\().16b
	eor	\i3\().16b, \i3\().16b, \w3\().16b
	.endm

	/* one 64-byte block: [dst] = [src] ^ (w0, w1, w2, w3), both += 64 */
	.macro	xor_block, w0, w1, w2, w3, i0, i1, i2, i3
	ld1	{\i0\().16b-\i3\().16b}, [src], #64
	eor	\i0\().16b, \i0\().16b, \w0\().16b
	eor	\i1\().16b, \i1\().16b, \w1\().16b
	eor	\i2\().16b, \i2\().16b, \w2\().16b
	eor	\i3\().16b, \i3\().16b, \w3\().16b
	st1	{\i0\().16b-\i3\().16b}, [dst], #64
	.endm

	/* v0-v15 = the state words broadcast to the lanes, counters + 0..3 */
	.macro	load4
	mov	x14, st
	ld4r	{v0.4s-v3.4s}, [x14], #16
	ld4r	{v4.4s-v7.4s}, [x14], #16
	ld4r	{v8.4s-v11.4s}, [x14], #16
	ld4r	{v12.4s-v15.4s}, [x14]
	add	v12.4s, v12.4s, vlanes.4s
	.endm

	/*
	 * the four blocks of v0-v15: + input state, transposed, XORed into
	 * 256 bytes from src to dst (both += 256).  The four ld4r go out
	 * together (v16-v31; the constants v30, v31 are reloaded), so the
	 * adds do not wait on each load in turn.
	 */
	.macro	finish4
	mov	x14, st
	ld4r	{v16.4s-v19.4s}, [x14], #16
	ld4r	{v20.4s-v23.4s}, [x14], #16
	ld4r	{v24.4s-v27.4s}, [x14], #16
	ld4r	{v28.4s-v31.4s}, [x14]
	add	v0.4s, v0.4s, v16.4s
	add	v1.4s, v1.4s, v17.4s
	add	v2.4s, v2.4s, v18.4s
	add	v3.4s, v3.4s, v19.4s
	add	v4.4s, v4.4s, v20.4s
	add	v5.4s, v5.4s, v21.4s
	add	v6.4s, v6.4s, v22.4s
	add	v7.4s, v7.4s, v23.4s
	add	v8.4s, v8.4s, v24.4s
	add	v9.4s, v9.4s, v25.4s
	add	v10.4s, v10.4s, v26.4s
	add	v11.4s, v11.4s, v27.4s
	add	v12.4s, v12.4s, v28.4s
	add	v13.4s, v13.4s, v29.4s
	add	v14.4s, v14.4s, v30.4s
	add	v15.4s, v15.4s, v31.4s
	load_consts
	add	v12.4s, v12.4s, vlanes.4s		// counters + 0..3

	ld1	{v20.16b-v23.16b}, [src], #64		// input of blocks 0, 1
	ld1	{v24.16b-v27.16b}, [src], #64
	transpose4x2 v0, v1, v2, v3, v4, v5, v6, v7, v16, v17, v18, v19
	transpose4x2 v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19
	eor_block v2, v6, v10, v14, v20, v21, v22, v23	// block 0
	eor_block v3, v7, v11, v15, v24, v25, v26, v27	// block 1
	st1	{v20.16b-v23.16b}, [dst], #64
	st1	{v24.16b-v27.16b}, [dst], #64
	ld1	{v20.16b-v23.16b}, [src], #64		// blocks 2, 3
	ld1	{v24.16b-v27.16b}, [src], #64
	eor_block v0, v4, v8, v12, v20, v21, v22, v23
	eor_block v1, v5, v9, v13, v24, v25, v26, v27
	st1	{v20.16b-v23.16b}, [dst], #64
	st1	{v24.16b-v27.16b}, [dst], #64
	.endm

/*
 * 256 bytes from src to dst (both += 256) with four blocks from state
 * (st[12] += 4).  stitch = 0: nr double rounds.  stitch = 1: 10 double
 * rounds, the first 8 absorbing 16 Poly1305 blocks from [pp] (pp += 256).
 * int = 1 (plain only): 320 bytes, a fifth block (counter + 4) on the
 * integer unit, its half rounds after the NEON ones (st[12] += 5).
 * int = 2: the same fifth block as keystream into the frame's buffer
 * (skeep), for a final partial block; 256 bytes, st[12] += 4.
 */
	.macro	chacha4, stitch, int=0
	load4
	.if	\int
	sload	4					// the integer block
	.endif
	.if	\stitch
	mov	cnt, #8
.L\@_stitched:
	dround4	1
	subs	cnt, cnt, #1
	b.ne	.L\@_stitched
	mov	cnt, #2
	.else
	mov	cnt, nr
	.endif
.L\@_rounds:
	dround4	0, \int
	subs	cnt, cnt, #1
	b.ne	.L\@_rounds
	.if	\int == 1
	sfinish	4, 256
	.elseif	\int == 2
	skeep	4
	.endif
	finish4
	.if	\int == 1
	add	src, src, #64
	add	dst, dst, #64
	ctr_add	5
	.else
	ctr_add	4
	.endif
	.endm

/*
 * 384 bytes from src to dst (both += 384) with six blocks from state
 * (st[12] += 6): counters + 0..3 in v0-v15, + 4 and + 5 in the rows
 * v20-v23 and v24-v27, output in counter order.  stitch = 0: nr double
 * rounds.  stitch = 1: 10 double rounds, the first 8 absorbing 24
 * Poly1305 blocks from [pp] (pp += 384).  int = 1 (plain only): 448
 * bytes, a seventh block (counter + 6) on the integer unit (st[12] += 7).
 * int = 2: that block into the frame's buffer (384 bytes, st[12] += 6).
 */
	.macro	chacha6, stitch, int=0
	load4
	.if	\int
	sload	6					// the integer block
	.endif
	ld1	{v20.4s-v23.4s}, [st]
	ld1	{v24.4s-v27.4s}, [st]
	adr	x14, .Lctr45
	ld1	{v28.4s-v29.4s}, [x14]
	add	v23.4s, v23.4s, v28.4s			// counters + 4, + 5
	add	v27.4s, v27.4s, v29.4s
	.if	\stitch
	mov	cnt, #8
	.set	.Lpsn, 0
.L\@_stitched:
	dround6	2
	subs	cnt, cnt, #1
	b.ne	.L\@_stitched
	mov	cnt, #2
	.else
	mov	cnt, nr
	.endif
.L\@_rounds:
	dround6	0, \int
	subs	cnt, cnt, #1
	b.ne	.L\@_rounds
	.if	\int == 1
	sfinish	6, 384
	.elseif	\int == 2
	skeep	6
	.endif

	ld1	{v16.4s-v19.4s}, [st]			// rows + input state
	adr	x14, .Lctr45
	ld1	{v28.4s-v29.4s}, [x14]
	add	x14, src, #256				// blocks 4 and 5
	add	x15, dst, #256
	add	v20.4s, v20.4s, v16.4s
	add	v21.4s, v21.4s, v17.4s
	add	v22.4s, v22.4s, v18.4s
	add	v23.4s, v23.4s, v19.4s
	add	v24.4s, v24.4s, v16.4s
	add	v25.4s, v25.4s, v17.4s
	add	v26.4s, v26.4s, v18.4s
	add	v27.4s, v27.4s, v19.4s
	add	v23.4s, v23.4s, v28.4s
	add	v27.4s, v27.4s, v29.4s
	ld1	{v16.16b-v19.16b}, [x14], #64		// (v28-v31: reloaded
	ld1	{v28.16b-v31.16b}, [x14]		//  by finish4)
	eor	v16.16b, v16.16b, v20.16b
	eor	v17.16b, v17.16b, v21.16b
	eor	v18.16b, v18.16b, v22.16b
	eor	v19.16b, v19.16b, v23.16b
	eor	v28.16b, v28.16b, v24.16b
	eor	v29.16b, v29.16b, v25.16b
	eor	v30.16b, v30.16b, v26.16b
	eor	v31.16b, v31.16b, v27.16b
	st1	{v16.16b-v19.16b}, [x15], #64
	st1	{v28.16b-v31.16b}, [x15]
	finish4						// blocks 0..3
	.if	\int == 1
	add	src, src, #192
	add	dst, dst, #192
	ctr_add	7
	.else
	add	src, src, #128
	add	dst, dst, #128
	ctr_add	6
	.endif
	.endm

/* ------------------------------------------------------ ChaCha, 1-way */

	/* one quarter-round on the rows v0..v3, v16 temporary */
	.macro	qr1
	add	v0.4s, v0.4s, v1.4s
	eor	v3.16b, v3.16b, v0.16b
	rev32	v3.8h, v3.8h
	add	v2.4s, v2.4s, v3.4s
	eor	v16.16b, v1.16b, v2.16b
	shl	v1.4s, v16.4s, #12
	sri	v1.4s, v16.4s, #20
	add	v0.4s, v0.4s, v1.4s
	eor	v3.16b, v3.16b, v0.16b
	tbl	v3.16b, {v3.16b}, vrot8.16b
	add	v2.4s, v2.4s, v3.4s
	eor	v16.16b, v1.16b, v2.16b
	shl	v1.4s, v16.4s, #7
	sri	v1.4s, v16.4s, #25
	.endm

	/*
	 * v0..v3 = the rows of state after nr double rounds (no addition),
	 * two a loop iteration (nr is 10 or 6)
	 */
	.macro	chacha1_rounds
	ld1	{v0.4s-v3.4s}, [st]
	lsr	cnt, nr, #1
.L\@_loop:
	.rept	2
	qr1
	ext	v1.16b, v1.16b, v1.16b, #4		// diagonals to columns
	ext	v2.16b, v2.16b, v2.16b, #8
	ext	v3.16b, v3.16b, v3.16b, #12
	qr1
	ext	v1.16b, v1.16b, v1.16b, #12		// and back
	ext	v2.16b, v2.16b, v2.16b, #8
	ext	v3.16b, v3.16b, v3.16b, #4
	.endr
	subs	cnt, cnt, #1
	b.ne	.L\@_loop
	.endm

	/* v0..v3 = one keystream block at counter st[12]; v16-v19 clobbered */
	.macro	chacha1_block
	chacha1_rounds
	ld1	{v16.4s-v19.4s}, [st]
	add	v0.4s, v0.4s, v16.4s
	add	v1.4s, v1.4s, v17.4s
	add	v2.4s, v2.4s, v18.4s
	add	v3.4s, v3.4s, v19.4s
	.endm

/* ------------------------------------------------------ local routines */

/*
 * 256 bytes, 4-way, plain (nr double rounds).  In: st, dst, src, nr, v30,
 * v31.  Out: dst, src += 256, st[12] += 4.  Clobbers v0-v27, w13, x14,
 * flags.
 */
	.p2align 4
	.type	ctneon_chacha4, %function
ctneon_chacha4:
	chacha4	0
	ret
	.size	ctneon_chacha4, . - ctneon_chacha4

/*
 * 256 bytes, 4-way ChaCha20 (10 double rounds) stitched with 16 Poly1305
 * blocks from [pp].  In: as ctneon_chacha4 plus pp, h0-h2, r0, r1, rs1,
 * pad.  Out: also pp += 256, h updated.  Clobbers also x2-x7.
 */
	.p2align 4
	.type	ctneon_chacha4_poly, %function
ctneon_chacha4_poly:
	chacha4	1
	ret
	.size	ctneon_chacha4_poly, . - ctneon_chacha4_poly

/* 384 bytes, 6-way, plain: as ctneon_chacha4, clobbers also v28, v29, x15 */
	.p2align 4
	.type	ctneon_chacha6, %function
ctneon_chacha6:
	chacha6	0
	ret
	.size	ctneon_chacha6, . - ctneon_chacha6

/*
 * 448 bytes, 6-way plus the integer block (counter + 6), plain: as
 * ctneon_chacha6, st[12] += 7, clobbers also x0-x7, x16, x17, x19-x24
 */
	.p2align 4
	.type	ctneon_chacha7, %function
ctneon_chacha7:
	chacha6	0, 1
	ret
	.size	ctneon_chacha7, . - ctneon_chacha7

/*
 * 320 bytes, 4-way plus the integer block (counter + 4), plain: as
 * ctneon_chacha4, st[12] += 5, clobbers also x0-x7, x15-x17, x19-x24
 */
	.p2align 4
	.type	ctneon_chacha5, %function
ctneon_chacha5:
	chacha4	0, 1
	ret
	.size	ctneon_chacha5, . - ctneon_chacha5

/*
 * 256 or 384 bytes as ctneon_chacha4 or ctneon_chacha6 and the next
 * keystream block (counter + 4 or + 6, from the integer unit) into the
 * frame's buffer, for ctneon_chacha_partial.  Clobbers as ctneon_chacha5
 * or ctneon_chacha7.
 */
	.p2align 4
	.type	ctneon_chacha5p, %function
ctneon_chacha5p:
	chacha4	0, 2
	ret
	.size	ctneon_chacha5p, . - ctneon_chacha5p

	.p2align 4
	.type	ctneon_chacha7p, %function
ctneon_chacha7p:
	chacha6	0, 2
	ret
	.size	ctneon_chacha7p, . - ctneon_chacha7p

/*
 * 384 bytes, 6-way ChaCha20 stitched with 24 Poly1305 blocks from [pp]:
 * as ctneon_chacha4_poly, clobbers also v28, v29, x15
 */
	.p2align 4
	.type	ctneon_chacha6_poly, %function
ctneon_chacha6_poly:
	chacha6	1
	ret
	.size	ctneon_chacha6_poly, . - ctneon_chacha6_poly

/*
 * The final partial block after the wide steps: len = 1..63 bytes from
 * src to dst with one block on the integer unit (counter + 0) through the
 * frame's buffer (ctneon_chacha_partial).  Alone, the integer block takes
 * 66 / 49 cycles a double round on the A53 / A72 models against 180 / 96
 * for the NEON one-block rounds (a single chain of 6- and 3-cycle
 * q-ops), for 97 instructions against 35; so it serves where those are
 * few against the whole (the short inputs keep the NEON path).  Out: src,
 * dst += len, st[12] += 1.  Clobbers x0-x7, x13-x17, x19-x24, v16, v17,
 * flags.
 */
	.p2align 4
	.type	ctneon_chacha_ipart, %function
ctneon_chacha_ipart:
	sload	0
	mov	cnt, nr
0:	shalf	sw0, sw4, sw8, sw12, sw1, sw5, sw9, sw13, sw2, sw6, sw10, sw14, sw3, sw7, sw11, sw15
	shalf	sw0, sw5, sw10, sw15, sw1, sw6, sw11, sw12, sw2, sw7, sw8, sw13, sw3, sw4, sw9, sw14
	subs	cnt, cnt, #1
	b.ne	0b
	skeep	0
	mov	x0, len
	b	ctneon_chacha_partial
	.size	ctneon_chacha_ipart, . - ctneon_chacha_ipart

/*
 * len >= 0 bytes (or <= 0: nothing) from src to dst, one block at a time;
 * the last partial block through the frame's buffer (wiped).  In: st,
 * dst, src, len, nr, v30.  Out: dst, src += len, st[12] += ceil(len / 64).
 * len is kept.  Clobbers x0, x1, w13-w15, v0-v3, v16-v23, flags.
 *
 * ctneon_chacha_partial, its second entry: x0 = 1..63 bytes from src to
 * dst with the keystream block already in the frame's buffer (skeep);
 * src, dst += x0, st[12] += 1, the buffer wiped.  Clobbers x1, w13-w15,
 * v16, v17, flags.
 */
	.p2align 4
	.type	ctneon_chacha_tail, %function
ctneon_chacha_tail:
	mov	x0, len
0:	cmp	x0, #64
	b.lt	1f
	chacha1_block
	xor_block v0, v1, v2, v3, v20, v21, v22, v23
	ctr_add	1
	sub	x0, x0, #64
	b	0b
1:	cmp	x0, #0
	b.le	3f
	chacha1_block
	add	x1, sp, #BUF
	st1	{v0.16b-v3.16b}, [x1]
ctneon_chacha_partial:					// (x0 = 1..63)
	add	x1, sp, #BUF
	mov	x14, #0
	sub	x15, x0, #16
4:	cmp	x14, x15				// whole 16-byte pieces
	b.gt	5f
	ldr	q16, [src, x14]
	ldr	q17, [x1, x14]
	eor	v16.16b, v16.16b, v17.16b
	str	q16, [dst, x14]
	add	x14, x14, #16
	b	4b
5:	cmp	x14, x0					// then bytes
	b.ge	6f
2:	ldrb	w15, [src, x14]
	ldrb	w13, [x1, x14]
	eor	w15, w15, w13
	strb	w15, [dst, x14]
	add	x14, x14, #1
	cmp	x14, x0
	b.lt	2b
6:	add	src, src, x0
	add	dst, dst, x0
	ctr_add	1
	stp	xzr, xzr, [x1]				// wipe the keystream
	stp	xzr, xzr, [x1, #16]
	stp	xzr, xzr, [x1, #32]
	stp	xzr, xzr, [x1, #48]
3:	ret
	.size	ctneon_chacha_tail, . - ctneon_chacha_tail

/*
 * Poly1305 over len bytes (<= 0: nothing) at [pp]: the whole 16-byte
 * blocks, then a partial one zero-padded to 16 bytes (pad bit set: the
 * RFC 8439 AEAD's pad16).  In: pp, len, h, r, pad.  Out: pp += whole
 * blocks, h.  Clobbers x0-x7, x14, x15, w13, flags.
 */
	.p2align 4
	.type	ctneon_poly_tail, %function
ctneon_poly_tail:
	cmp	len, #0
	b.le	2f
	lsr	x0, len, #4
	poly_nblocks x0
	ands	x1, len, #15
	b.eq	2f
	add	x14, sp, #BUF
	stp	xzr, xzr, [x14]
	mov	x15, #0
1:	ldrb	w13, [pp, x15]
	strb	w13, [x14, x15]
	add	x15, x15, #1
	cmp	x15, x1
	b.lt	1b
	mov	pp, x14
	mov	x0, #1
	poly_nblocks x0
	stp	xzr, xzr, [x14]
2:	ret
	.size	ctneon_poly_tail, . - ctneon_poly_tail

/*
 * len >= 0 bytes (any) from src to dst, plain ChaCha, the cascade of
 * the design notes: 7-block steps while 11 or more blocks are left, then
 * 10 = 6 + 4, 9 = 5 + 4, 8 = 4 + 4, 7; below that 6, 5 or 4 (a final
 * partial block after 4 or 6 whole ones as the integer block: 5p, 7p);
 * the rest one block at a time.  In: st, dst, src, len, nr, v30, v31.
 * Out: dst, src advanced, st[12] += ceil(len / 64); len clobbered.
 * Clobbers x0-x7, x13-x17, x19-x24, v0-v31, flags.
 */
	.macro	chacha_any
	cmp	len, #256				// short: the 1-way path only
	b.lt	.L\@_tail
.L\@_7:
	cmp	len, #704				// 7 blocks while 11 or more
	b.lt	.L\@_10
	bl	ctneon_chacha7
	sub	len, len, #448
	b	.L\@_7
.L\@_10:
	cmp	len, #640				// 10 blocks: 6 + 4
	b.ge	.L\@_s6
	cmp	len, #576				// 9: 5 + 4
	b.ge	.L\@_s5
	cmp	len, #512				// 8: 4 + 4
	b.ge	.L\@_s4
	cmp	len, #448				// 7
	b.lt	.L\@_6
	bl	ctneon_chacha7
	sub	len, len, #448
	b	.L\@_ip
.L\@_6:
	cmp	len, #384				// 6, 5, 4, the last two
	b.eq	.L\@_s6				//   with a partial block
	b.gt	.L\@_p7				//   on the integer unit
	cmp	len, #320
	b.ge	.L\@_s5
	cmp	len, #256
	b.eq	.L\@_s4
	b.lt	.L\@_ip				// (< 64 here)
	bl	ctneon_chacha5p
	sub	len, len, #256
	b	.L\@_part
.L\@_p7:
	bl	ctneon_chacha7p
	sub	len, len, #384
.L\@_part:
	mov	x0, len
	bl	ctneon_chacha_partial
	b	.L\@_done
.L\@_s4:
	bl	ctneon_chacha4
	sub	len, len, #256
	b	.L\@_6
.L\@_s5:
	bl	ctneon_chacha5
	sub	len, len, #320
	b	.L\@_6
.L\@_s6:
	bl	ctneon_chacha6
	sub	len, len, #384
	b	.L\@_6
.L\@_ip:
	cbz	len, .L\@_done				// a partial block left:
	bl	ctneon_chacha_ipart			//   the integer unit
	b	.L\@_done
.L\@_tail:
	bl	ctneon_chacha_tail
.L\@_done:
	.endm

/* ------------------------------------------------------ entry points */

/*
 * void ctneon_chacha_crypt(u32 state[16], u8 *dst, const u8 *src,
 *			    int bytes, int nrounds);
 * x0 state (word 12 advanced), x1 dst, x2 src, w3 bytes, w4 nrounds
 * (20 or 12).  Clobbers x0-x17, v0-v31 (d8-d15 preserved), flags.
 */
	.macro	chacha_args
	mov	st, x0
	mov	dst, x1
	mov	src, x2
	sxtw	len, w3
	lsr	nr, w4, #1
	load_consts
	.endm

SYM_FUNC_START(ctneon_chacha_crypt)
	cmp	w3, #256			// short: the one-block path only,
	b.ge	0f				//   no callee-saved register to keep
	stp	x29, x30, [sp, #-FRAME]!
	mov	x29, sp
	chacha_args
	bl	ctneon_chacha_tail
	ldp	x29, x30, [sp], #FRAME
	ret
0:	cp_enter
	chacha_args
	chacha_any
	cp_leave
SYM_FUNC_END(ctneon_chacha_crypt)

/*
 * void ctneon_hchacha(const u32 state[16], u32 out[8], int nrounds);
 * x0 state, x1 out = words 0..3, 12..15 after the rounds, w2 nrounds.
 * Clobbers x8, w12-w14, v0-v3, v16, v30, flags.
 */
SYM_FUNC_START(ctneon_hchacha)
	cp_enter
	mov	st, x0
	lsr	nr, w2, #1
	load_consts
	chacha1_rounds
	st1	{v0.16b}, [x1], #16
	st1	{v3.16b}, [x1]
	cp_leave
SYM_FUNC_END(ctneon_hchacha)

/*
 * void ctneon_poly1305_init(u8 *pstate, const u8 key[32]);
 * x0 pstate, x1 key = r || s; r is clamped, h = 0.
 * Clobbers x2-x7, flags.
 */
SYM_FUNC_START(ctneon_poly1305_init)
	ldp	x2, x3, [x1]				// r
	ldp	x4, x5, [x1, #16]			// s
	adr	x6, .Lclamp
	ldp	x6, x7, [x6]
	and	x2, x2, x6
	and	x3, x3, x7
	add	x6, x3, x3, lsr #2			// rs1 = 5 (r1 >> 2)
	stp	xzr, xzr, [x0]				// h = 0
	stp	xzr, x2, [x0, #16]
	stp	x3, x6, [x0, #32]
	stp	x4, x5, [x0, #48]
	ret
SYM_FUNC_END(ctneon_poly1305_init)

/*
 * void ctneon_poly1305_blocks(u8 *pstate, const u8 *src, int blocks);
 * x0 pstate, x1 src, w2 blocks (<= 0: nothing).
 * Clobbers x0-x7, x16, x17, flags.
 */
SYM_FUNC_START(ctneon_poly1305_blocks)
	cp_enter_int
	mov	pst, x0
	mov	pp, x1
	sxtw	x0, w2
	cmp	x0, #0
	csel	x0, x0, xzr, gt
	poly_load
	poly_nblocks x0
	poly_store
	cp_leave_int
SYM_FUNC_END(ctneon_poly1305_blocks)

/*
 * void ctneon_poly1305_final(u8 *pstate, u8 tag[16]);
 * x0 pstate, x1 tag = (h mod p + s) mod 2^128.
 * h < 5 * 2^128 < 2p: g = h + 5 >= 2^130 iff h >= p, and then
 * h - p = g mod 2^130; bit 130 of g selects g or h (csel, no branch).
 * Clobbers x2-x7, flags.
 */
SYM_FUNC_START(ctneon_poly1305_final)
	ldp	x2, x3, [x0]				// h0, h1
	ldr	x4, [x0, #16]				// h2
	adds	x5, x2, #5				// g = h + 5
	adcs	x6, x3, xzr
	adc	x7, x4, xzr
	tst	x7, #4					// g >= 2^130 ?
	csel	x2, x5, x2, ne				// then h - p = g mod 2^130
	csel	x3, x6, x3, ne
	ldp	x4, x5, [x0, #48]			// s
	adds	x2, x2, x4				// + s mod 2^128
	adc	x3, x3, x5
	stp	x2, x3, [x1]
	ret
SYM_FUNC_END(ctneon_poly1305_final)

/*
 * At a stitched 6-block step, len >= 384: on to the plain end (label) if
 * this is the last such step (len < 768) and it would leave 1..255 or
 * 321..383 bytes, i.e. blocks for the one-block path.  Clobbers x14.
 */
	.macro	aead_last, label
	cmp	len, #768
	b.ge	.L\@_stitch
	subs	x14, len, #384
	b.eq	.L\@_stitch
	cmp	x14, #256
	b.lt	\label
	cmp	x14, #320
	b.gt	\label
.L\@_stitch:
	.endm

/*
 * The end of a message, len bytes (< 768), when the stitched steps would
 * leave blocks to the one-block path (see the design notes): plain
 * ChaCha20 by the cascade of ctneon_chacha_crypt, and Poly1305 over the
 * len bytes of ciphertext in a pass of its own, before the decryption
 * (enc = 0: in place, the input is about to be overwritten) or after the
 * encryption (enc = 1, after the pending x26 blocks).  The integer block
 * takes the Poly1305 and pointer registers, so the accumulator goes to
 * pstate first; across the cascade x26 keeps pst and x25 len.  Returns
 * from the entry point.
 */
	.macro	aead_plain, enc
	.if	\enc
	poly_nblocks x26
	poly_store
	mov	x26, pst
	mov	x25, len
	.else
	mov	pp, src
	bl	ctneon_poly_tail
	poly_store
	.endif
	chacha_any
	.if	\enc
	mov	pst, x26
	mov	len, x25
	sub	pp, dst, len
	poly_load
	bl	ctneon_poly_tail
	poly_store
	.endif
	cp_leave
	.endm

/*
 * void ctneon_chachapoly_crypt(u32 state[16], u8 *pstate, u8 *dst,
 *				const u8 *src, int bytes, int flags,
 *				const u8 *pend);
 * x0 state (ChaCha20, word 12 advanced), x1 pstate, x2 dst, x3 src,
 * w4 bytes (a multiple of 64 but in a message's last call), w5 flags
 * (bit 0 encrypt, bit 1 keep: chacha-poly.h), x6 pend (encryption: 384
 * bytes of the previous call's ciphertext to absorb first, or NULL).
 * The ciphertext (src if !enc, dst if enc) is absorbed into Poly1305; a
 * final partial 16-byte block zero-padded; with keep, the last 384 bytes
 * of ciphertext are left to the next call.
 * Clobbers x0-x17, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_chachapoly_crypt)
	cp_enter
	mov	st, x0
	mov	pst, x1
	mov	dst, x2
	mov	src, x3
	sxtw	len, w4
	mov	w15, w5
	str	w5, [sp, #FLAGS]
	mov	pp, x6
	mov	nr, #10
	load_consts
	poly_load
	cbz	w15, .Ldec0

	/*
	 * encryption: Poly1305 one batch behind, x26 blocks of output
	 * pending at pp (the 24 blocks of pend, if any)
	 */
	mov	x26, #0
	cbz	pp, 0f
	mov	x26, #24
0:	cmp	len, #256				// short: the tail only
	b.lt	.Lenc_tail
.Lenc6:
	cmp	len, #384
	b.lt	.Lenc4
	aead_last .Lenc_plain
	cbz	x26, 0f
	bl	ctneon_chacha6_poly			// absorbs the 24 pending
	b	1f
0:	bl	ctneon_chacha6
1:	sub	pp, dst, #384
	mov	x26, #24
	sub	len, len, #384
	b	.Lenc6
.Lenc4:
	cmp	len, #256				// 256: stitched, 257..383:
	b.gt	.Lenc_plain				//   plain
	b.lt	.Lenc_tail
	cbz	x26, 0f
	bl	ctneon_chacha4_poly			// 16 of the 24 pending
	mov	x0, #8
	poly_nblocks x0					// and the other 8
	b	1f
0:	bl	ctneon_chacha4
1:	sub	pp, dst, #256
	mov	x26, #16
	sub	len, len, #256
.Lenc_tail:
	ldr	w14, [sp, #FLAGS]			// keep (len = 0):
	tbnz	w14, #1, .Ldone				//   the next call absorbs them
	poly_nblocks x26
	mov	pp, dst
	bl	ctneon_chacha_tail
	bl	ctneon_poly_tail
	b	.Ldone
.Lenc_plain:
	aead_plain 1

	/* decryption: Poly1305 on the input of the same batch */
.Ldec0:
	cmp	len, #256
	b.lt	.Ldec_tail
.Ldec:
	cmp	len, #384
	b.lt	.Ldec4
	aead_last .Ldec_plain
	mov	pp, src
	bl	ctneon_chacha6_poly
	sub	len, len, #384
	b	.Ldec
.Ldec4:
	cmp	len, #256
	b.gt	.Ldec_plain
	b.lt	.Ldec_tail
	mov	pp, src
	bl	ctneon_chacha4_poly
	sub	len, len, #256
.Ldec_tail:
	mov	pp, src
	bl	ctneon_poly_tail
	bl	ctneon_chacha_tail
.Ldone:
	poly_store
	cp_leave
.Ldec_plain:
	aead_plain 0
SYM_FUNC_END(ctneon_chachapoly_crypt)
