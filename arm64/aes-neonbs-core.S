/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: bit-sliced AES for AArch64 AdvSIMD (eight blocks at a time).
 *
 * Design notes
 * ============
 *
 * Data layout.  Eight blocks B0..B7 are loaded one per register (v0-v7),
 * bytes in memory order, i.e. the AES state column-major: byte k = 4*c + r.
 * The bit-slice transform turns them into eight bit planes: after it,
 * register vi holds bit i of every state byte of every block,
 *
 *     bit b of byte k of vi  =  bit i of byte k of block Bb.
 *
 * So each plane keeps the byte order of the state, the byte-wise AES
 * permutations are byte permutations of each plane (tbl), and the eight
 * blocks ride in the eight bit positions of each byte.
 *
 * The transposition.  Per byte position k the eight bytes (one per block)
 * form an 8x8 bit matrix; the transform transposes all sixteen of them at
 * once, exchanging "register index bit j" with "bit index bit j" for
 * j = 0, 1, 2 (distance s = 1, 2, 4, masks m = 0x55, 0x33, 0x0f):
 *
 *     a' = (a & m) | ((b << s) & ~m)        bif a, (b << s), m
 *     b' = ((a >> s) & m) | (b & ~m)        bit b, (a >> s), m
 *
 * for the register pairs (a, b) = (vi, vi+s) with bit j of i clear.  The
 * shifts are 64-bit; the bits that cross a byte boundary land where the
 * mask discards them.  4 instructions per pair, 4 pairs per stage; for
 * s = 4 the two nibbles are contiguous and sli/sri (shift and insert) do
 * the pair in 3 (mov, sli, sri): 44 instructions (+2 movi) instead of 48
 * (+3).  It is an involution, so the same macro converts back.
 *
 * Rows and columns.  In a plane, R1(x)[4c + r] = x[4c + (r + 1) % 4] (the
 * next row of the same column) is one tbl; R2 (two rows down) swaps the
 * 16-bit halves of each 32-bit column: rev32 .8h.
 *
 * Fixslicing (after Adomnicai and Peyrin, "Fixslicing AES-like ciphers",
 * TCHES 2021/1, here for the byte-permutation layout).  The middle rounds
 * do not apply ShiftRows.  After round j the registers hold Q_j(x_j), a
 * byte permutation of the true state x_j: Q_j = SR^-j for encryption,
 * SR^j for decryption (SR^4 = I).  SubBytes and AddRoundKey act on each
 * byte alone and commute with Q_j, so round j needs only MixColumns
 * conjugated by Q_j, MC' = Q_j MC Q_j^-1, which is MixColumns with R1 and
 * R2 replaced by R1' = Q_j R1 Q_j^-1 and R2' = Q_j R2 Q_j^-1: byte
 * permutations again, one tbl each (R1' also steps j columns; R2' is R2
 * itself, rev32, for even j), and round key j permuted by Q_j, which the
 * key conversion does once.  The last round applies what is left,
 * SR^Nr = SR^2 (the identity for Nr = 12), after its key.  A middle round
 * thus permutes with 8 tbl + 8 rev32/tbl instead of 16 tbl (ShiftRows and
 * R1 o ShiftRows) + 8 rev32.  R1' depends on j mod 4, so the round loop
 * is unrolled four times and each round loads its R1' index (one ldr on
 * the load pipe; keeping all four in registers took three registers from
 * the scheduler and cost more cycles than the loads, below).
 *
 * MixColumns (per column, row r): 2*a[r] ^ 3*a[r+1] ^ a[r+2] ^ a[r+3]
 *     = 2*t[r] ^ a[r+1] ^ t[r+2]    with t = a ^ R1(a),
 * so out = x*t ^ R1(a) ^ R2(t): 8 tbl, 8 rev32 (or tbl for R2'),
 * 8+8+8 eor, and x*t on the planes is a renaming plus 3 eor
 * (x^8 = x^4 + x^3 + x + 1: planes 1, 3, 4 take t7 in).
 *
 * InvMixColumns = MixColumns x circ(05, 00, 04, 00) (the matrices commute
 * with the row rotation), so first
 *     s'[r] = 5*s[r] ^ 4*s[r+2] = s[r] ^ 4*w[r]    with w = s ^ R2(s),
 * 4*w on the planes being w shifted up two planes with x^8, x^9 reduced:
 * (4w)0..7 = w6, w6^w7, w0^w7, w1^w6, w2^w6^w7, w3^w7, w4, w5 (5 eor),
 * then the MixColumns above: 29 + 43 instructions instead of ~100 for the
 * direct 0e-0b-0d-09 matrix.  The decryption round goes one step further:
 * with a = A ^ k (A the InvS-box output, k the round key),
 *     circ(05, 00, 04, 00) a = 5*A ^ R2(4*A) ^ circ(05, 00, 04, 00) k,
 * so the InvS-box's bottom layer computes B = 4*A and C = 5*A directly
 * (16 linear forms of the 18 products of the middle, 39 XORs where A alone
 * takes 33 and B, C from A 13 more), the key conversion stores the middle
 * rounds' keys through the circulant, and the round adds C ^ R2(B) ^ k':
 * 39 + 24 instead of 33 + 37 before MixColumns (2026-12-04).
 *
 * The S-box circuit.  SubBytes is the GF(2^8) inversion followed by the
 * affine map A(x) = L(x) ^ 0x63.  The forward circuit has the structure of
 * Boyar and Peralta's depth-16 circuit ("A depth-16 circuit for the AES
 * S-box", 2011): a linear top layer computes 22 linear forms of the input
 * bits, a shared nonlinear middle (34 AND, 29 XOR) computes the inversion
 * in a tower field, and a linear bottom layer maps 18 products to the eight
 * output bits with L folded in.  The middle is theirs; the two linear
 * layers were re-derived for this file: each layer is the GF(2) matrix of
 * the wanted forms, synthesised into XORs by two methods, keeping the
 * shorter: the greedy common-pair method (Paar) with random tie-breaks,
 * and the distance heuristic of Boyar and Peralta (2010), which may
 * cancel terms (scripts/neonbs-gen/arm64/slp.py), here with a soft limit
 * on the depth of a layer's outputs.  The inverse S-box
 * reuses the same middle: InvS(y) = Inv(L^-1(y ^ 0x63)) and
 * Inv(z) = L^-1(S(z) ^ 0x63), so its top layer is (top o L^-1) and its
 * bottom layer is (L^-1 o bottom) without the constant.  Gate counts,
 * all two-operand eor/and:
 *     forward S-box  116 (top 24 of depth 4, middle 63, bottom 29)
 *     inverse S-box  120 (top 24 of depth 4, middle 63, bottom 33 of
 *                    depth 5), in the decryption rounds 126 with the
 *                    16-output bottom above (39 XORs, no depth limit:
 *                    limited to depth 6 it takes 42 and more cycles)
 * (Paar's layers: 27 + 33 and 29 + 35, the old 123 and 127.)  Without the
 * depth limit the heuristic finds 23-XOR tops and a 30-XOR inverse bottom
 * (115 and 116 gates), but of depth 7 to 8 where Paar's have 3 to 4, and
 * on the llvm-mca models the rounds took more cycles with them (inverse:
 * Cortex-A53 2772 against 2623 for the ECB call below); the depth-limited
 * layers give fewer cycles and fewer instructions in both directions.
 * Boyar and Peralta's 113-gate circuit (a 62-gate middle, depth 25
 * instead of 16) is cheaper in instructions and dearer in cycles on
 * every model.
 * Every circuit was checked on all 256 inputs by a bit-level model before
 * being emitted, and the fixsliced round programs by a whole-cipher model
 * for all key sizes against FIPS-197 (scripts/neonbs-gen/arm64/fscheck.py).
 *
 * Constants folded into the round keys.  The circuits compute S(x) ^ 0x63
 * and InvS(y ^ 0x63).  A per-byte constant c passes unchanged through
 * any byte permutation, MixColumns (2^3^1^1 = 1), InvMixColumns
 * (e^b^d^9 = 1) and circ(05, 00, 04, 00) (5^4 = 1), so the constant 0x63
 * rides on the round keys: it is xored into every round key after the
 * first (encryption: rk[1..Nr]; decryption, which runs the keys in
 * reverse order: rk[Nr..1]).  In plane form a round key byte is 0x00 or
 * 0xff in plane i (bit i of the key byte, for all eight blocks), and the
 * constant inverts planes 0, 1, 5 and 6.
 *
 * Key layout (ctneon_bs_convert_key): bskey[0 .. 15*128) encryption round
 * keys Q_0(rk[0]), Q_1(rk[1])^c, ..., Q_Nr(rk[Nr])^c with Q_j = SR^-j;
 * bskey[15*128 ..) decryption round keys Q_0(rk[Nr])^c, ...,
 * Q_Nr-1(rk[1])^c, Q_Nr(rk[0]) with Q_j = SR^j, those of the middle
 * rounds 0 < j < Nr through circ(05, 00, 04, 00)'; each round key is eight
 * 16-byte planes, plane 0 first.  At most 2 * 15 * 128 =
 * CTNEON_BS_KEY_SIZE bytes.
 *
 * Rounds (u = Q_j(x) in the registers).  Encryption: u ^= k0; Nr-1 times
 * { S-box, MixColumns', ^= k }; last: S-box, ^= k, SR^Nr.  Decryption (the
 * direct inverse cipher): u ^= k0; Nr-1 times { InvS-box giving 4A and 5A,
 * u = 5A ^ R2'(4A) ^ k', MixColumns' }; last: InvS-box, ^= k, ISR^Nr.  The
 * decryption keys of the middle rounds are k' = circ(05, 00, 04, 00)'(k).
 *
 * Register allocation.  32 registers make the whole round fit without
 * spills: v0-v7 hold the planes at the start and the end of every round,
 * v30 holds R2' of the odd rounds, v31 the round's R1' (SR^Nr in the last
 * round), and v0-v29 are the round's temporaries.  The round macros below
 * are straight-line code generated from the verified circuits
 * (scripts/neonbs-gen/arm64/build.py): an SSA program per round,
 * list-scheduled for an in-order core with 6-cycle NEON latency (an op
 * whose inputs are ready first, then the longest path to the end; a cap
 * of 26..30 live values and a random perturbation of the priorities),
 * given registers by linear scan with the outputs pinned to v0-v7; of 200
 * tries, the 24 best by that model are run through llvm-mca (20 rounds
 * back to back) and the one with the fewest Cortex-A53 + Cortex-A72
 * cycles is kept.  The round key is loaded after the S-box's last AND.
 * Each macro loads its round key with four ldp q at offsets koff + 0..96
 * from rk (a post-increment chain would serialise them); the round loop
 * steps rk.
 *
 * Constant time.  Key and data only flow through eor/and/bit/bif/shifts,
 * tbl with constant indices, rev32 and loads/stores at public addresses.
 * Every branch and every address depends only on pointers, the round count
 * and the block count.  The CTR carry is adds/adc, the XTS doubling
 * branch-free (asr mask).  A last batch of 1..7 blocks runs all eight
 * lanes but loads and stores only the valid blocks (the branches depend on
 * the count only).  The stack scratch (ciphertexts/tweaks) is wiped before
 * return.
 *
 * Cost (static count of the executed path, AES-128, one batch of eight
 * blocks):
 *     encryption: 1806 instructions in aesbs_encrypt8 (transpose 46 +
 *     key 12 + 9 rounds x 172 + last 137 + transpose 46 + round loop),
 *     1820 per batch of the ECB loop, of which 1735 NEON ALU operations:
 *     13.6 per byte (the S-box: 116 of the 167 ALU operations of a round;
 *     before fixslicing (2026-12-04): 1889, 1817, 14.2 for the ECB
 *     batch; with the 123-gate S-box before 2026-12-03: 1959, 1887, 14.7);
 *     decryption: 2044 in aesbs_decrypt8, 2058 per ECB batch, of which
 *     1973 NEON ALU (15.4 per byte; the round
 *     is 193 ALU: 126 InvS-box giving 4A and 5A, 8 R2', 16 eor, 43
 *     MixColumns'; fixsliced with the separate circulant: 2140, 2046,
 *     16.0; before fixslicing 2206, 2118, 16.5; with the 127-gate
 *     InvS-box: 2276, 2188, 17.1).
 *     llvm-mca (LLVM 14) on the executed stream of one ECB call of eight
 *     blocks (tests/ct/mca.sh arm64 ctneon_bs_ecb_encrypt/aes128/8blocks,
 *     and ..._decrypt), cycles per byte: before the S-boxes above and the
 *     llvm-mca choice of schedules (2026-12-03) -> after them ->
 *     fixsliced (2026-12-04) -> decryption with the circulant folded,
 *     round keys at offsets, sli/sri in the transposition, per-call
 *     set-up of the indices:
 *         cortex-a53  enc 19.1 -> 17.9 -> 17.3 -> 17.1
 *                     dec 20.4 -> 19.8 -> 19.3 -> 18.7
 *         cortex-a72  enc 10.2 ->  9.7 ->  9.2 ->  9.1
 *                     dec 11.0 -> 10.7 -> 10.4 -> 10.1
 *     The 8-block core alone (aesbs_encrypt8 / aesbs_decrypt8: the same
 *     runs with CT_MCA_SKIP='^(run_window|call_.*|ctneon_bs_ecb_.*)$'):
 *         cortex-a53  enc 17.8 -> 16.6 -> 16.1 -> 15.9
 *                     dec 19.2 -> 18.5 -> 18.0 -> 17.5
 *         cortex-a72  enc  9.6 ->  9.2 ->  8.7 ->  8.6
 *                     dec 10.5 -> 10.2 ->  9.8 ->  9.6
 *     (floor on the A53: one NEON operation per cycle, 13.6 / 15.4 per
 *     byte; the rest is the 6-cycle latency in the narrow GF(2^4) part of
 *     the S-box.)  With the four R1' indices held in v27-v30 instead of
 *     loaded per round (7 fewer instructions per batch), the rounds had
 *     27 registers to schedule in and took 4% more A53 cycles (llvm-mca,
 *     20 rounds back to back: 4024 against 3863 for encryption, 4743
 *     against 4423 for decryption).
 *
 * Little-endian only (counter and tweak arithmetic uses ldp/rev).
 */

#include <linux/linkage.h>

	.text

/* ---------------------------------------------------------- registers */

	out		.req	x0
	in		.req	x1
	bskey		.req	x2
	rounds		.req	w3
	blocks		.req	w4
	ivp		.req	x5

	rk		.req	x9		// round-key pointer (cipher core)
	rcnt		.req	w10		// round counter (cipher core)
	nb		.req	w11		// blocks in this batch, 1..8
	ptr		.req	x12		// scratch pointer
	cthi		.req	x6		// counter high / tweak low half
	ctlo		.req	x7		// counter low / tweak high half
	tlo		.req	x6
	thi		.req	x7
	tmp0		.req	x13
	tmp1		.req	x14
	tmp2		.req	x15

	fsidx		.req	x8		// .Lfs_idx, the tbl indices
	// x16/x17 (IP0/IP1) are plain scratch here: the only calls are bl to
	// the cipher cores of this file, which no veneer can come between
	scr		.req	x16		// sp + 80: the eight scratch slots
	lidx		.req	x17		// the last round's index (at + 80)
	vr2o		.req	v30		// R2' of the odd middle rounds
	vr1x		.req	v31		// R1' of the current middle round
	vsrn		.req	v31		// SR^Nr (last round)

/* -------------------------------------------------- bit-slice transform */

	/*
	 * One stage of the transform: the exchange of distance \s for four
	 * register pairs, shifts first and merges second, so that no merge
	 * waits for the shift just before it.
	 */
	.macro	swapmove4, s, m, a0, b0, a1, b1, a2, b2, a3, b3
	ushr	v20.2d, \a0\().2d, #\s
	shl	v21.2d, \b0\().2d, #\s
	ushr	v22.2d, \a1\().2d, #\s
	shl	v23.2d, \b1\().2d, #\s
	ushr	v24.2d, \a2\().2d, #\s
	shl	v25.2d, \b2\().2d, #\s
	ushr	v26.2d, \a3\().2d, #\s
	shl	v27.2d, \b3\().2d, #\s
	bit	\b0\().16b, v20.16b, \m\().16b	// b' = (a >> s) & m | b & ~m
	bif	\a0\().16b, v21.16b, \m\().16b	// a' = a & m | (b << s) & ~m
	bit	\b1\().16b, v22.16b, \m\().16b
	bif	\a1\().16b, v23.16b, \m\().16b
	bit	\b2\().16b, v24.16b, \m\().16b
	bif	\a2\().16b, v25.16b, \m\().16b
	bit	\b3\().16b, v26.16b, \m\().16b
	bif	\a3\().16b, v27.16b, \m\().16b
	.endm

	/*
	 * The exchange of distance 4 (mask 0x0f): the nibbles are contiguous
	 * in each byte, so shift-and-insert does it in three instructions per
	 * pair: a' = (b << 4) | (a & 0x0f) is sli a, b, #4 and
	 * b' = (a >> 4) | (b & 0xf0) is sri b, a, #4 on the a of before.
	 */
	.macro	swapnib4, a0, b0, a1, b1, a2, b2, a3, b3
	mov	v20.16b, \a0\().16b
	mov	v21.16b, \a1\().16b
	mov	v22.16b, \a2\().16b
	mov	v23.16b, \a3\().16b
	sli	\a0\().16b, \b0\().16b, #4
	sli	\a1\().16b, \b1\().16b, #4
	sli	\a2\().16b, \b2\().16b, #4
	sli	\a3\().16b, \b3\().16b, #4
	sri	\b0\().16b, v20.16b, #4
	sri	\b1\().16b, v21.16b, #4
	sri	\b2\().16b, v22.16b, #4
	sri	\b3\().16b, v23.16b, #4
	.endm

	/* v0-v7: eight blocks <-> eight bit planes (an involution) */
	.macro	bitslice
	movi	v16.16b, #0x55
	movi	v17.16b, #0x33
	swapmove4 1, v16, v0, v1, v2, v3, v4, v5, v6, v7
	swapmove4 2, v17, v0, v2, v1, v3, v4, v6, v5, v7
	swapnib4 v0, v4, v1, v5, v2, v6, v3, v7
	.endm

	/* x ^= the round key at rk (eight planes); rk is not stepped */
	.macro	add_round_key
	ldp	q16, q17, [rk]
	ldp	q18, q19, [rk, #32]
	ldp	q20, q21, [rk, #64]
	ldp	q22, q23, [rk, #96]
	eor	v0.16b, v0.16b, v16.16b
	eor	v1.16b, v1.16b, v17.16b
	eor	v2.16b, v2.16b, v18.16b
	eor	v3.16b, v3.16b, v19.16b
	eor	v4.16b, v4.16b, v20.16b
	eor	v5.16b, v5.16b, v21.16b
	eor	v6.16b, v6.16b, v22.16b
	eor	v7.16b, v7.16b, v23.16b
	.endm

/* ------------------------------------------- rounds (generated, verified) */

	/* odd middle encryption round: S-box, MixColumns' (R2' by tbl), key (172 instructions) */
	.macro	enc_round_odd, r1off, koff
	ldr	q31, [fsidx, #\r1off]		// vr1x: R1' of this round
	eor	v8.16b, v2.16b, v4.16b
	eor	v9.16b, v1.16b, v7.16b
	eor	v10.16b, v4.16b, v5.16b
	eor	v11.16b, v5.16b, v6.16b
	eor	v12.16b, v4.16b, v7.16b
	eor	v13.16b, v2.16b, v7.16b
	eor	v14.16b, v9.16b, v8.16b
	eor	v15.16b, v0.16b, v11.16b
	eor	v16.16b, v13.16b, v10.16b
	eor	v17.16b, v3.16b, v14.16b
	eor	v18.16b, v1.16b, v15.16b
	eor	v19.16b, v7.16b, v15.16b
	eor	v20.16b, v4.16b, v15.16b
	and	v21.16b, v8.16b, v16.16b
	eor	v22.16b, v6.16b, v17.16b
	eor	v10.16b, v17.16b, v10.16b
	eor	v17.16b, v2.16b, v17.16b
	eor	v23.16b, v13.16b, v18.16b
	and	v24.16b, v18.16b, v15.16b
	and	v25.16b, v20.16b, v0.16b
	eor	v26.16b, v12.16b, v22.16b
	eor	v27.16b, v7.16b, v10.16b
	eor	v11.16b, v17.16b, v11.16b
	and	v28.16b, v14.16b, v17.16b
	eor	v29.16b, v1.16b, v10.16b
	eor	v5.16b, v0.16b, v17.16b
	eor	v3.16b, v0.16b, v26.16b
	and	v6.16b, v9.16b, v27.16b
	and	v1.16b, v12.16b, v26.16b
	and	v7.16b, v13.16b, v11.16b
	eor	v22.16b, v22.16b, v28.16b
	and	v4.16b, v23.16b, v5.16b
	and	v2.16b, v19.16b, v3.16b
	eor	v29.16b, v29.16b, v6.16b
	eor	v21.16b, v21.16b, v1.16b
	eor	v25.16b, v25.16b, v28.16b
	eor	v28.16b, v13.16b, v11.16b
	eor	v1.16b, v7.16b, v1.16b
	eor	v6.16b, v2.16b, v6.16b
	eor	v24.16b, v29.16b, v24.16b
	eor	v22.16b, v22.16b, v4.16b
	eor	v25.16b, v25.16b, v28.16b
	eor	v28.16b, v6.16b, v1.16b
	eor	v24.16b, v24.16b, v21.16b
	eor	v21.16b, v22.16b, v21.16b
	eor	v22.16b, v25.16b, v1.16b
	eor	v10.16b, v28.16b, v10.16b
	and	v25.16b, v24.16b, v21.16b
	eor	v28.16b, v21.16b, v22.16b
	and	v29.16b, v22.16b, v24.16b
	and	v21.16b, v21.16b, v10.16b
	eor	v24.16b, v24.16b, v10.16b
	eor	v6.16b, v22.16b, v25.16b
	eor	v1.16b, v10.16b, v25.16b
	eor	v7.16b, v28.16b, v25.16b
	and	v21.16b, v28.16b, v21.16b
	eor	v25.16b, v24.16b, v25.16b
	and	v6.16b, v6.16b, v24.16b
	and	v28.16b, v1.16b, v28.16b
	and	v24.16b, v24.16b, v29.16b
	eor	v21.16b, v21.16b, v7.16b
	eor	v10.16b, v10.16b, v6.16b
	eor	v22.16b, v22.16b, v28.16b
	eor	v24.16b, v24.16b, v25.16b
	and	v15.16b, v21.16b, v15.16b
	and	v18.16b, v21.16b, v18.16b
	and	v25.16b, v10.16b, v0.16b
	eor	v28.16b, v22.16b, v10.16b
	eor	v29.16b, v21.16b, v24.16b
	eor	v21.16b, v22.16b, v21.16b
	eor	v6.16b, v10.16b, v24.16b
	and	v23.16b, v24.16b, v23.16b
	and	v24.16b, v24.16b, v5.16b
	and	v12.16b, v28.16b, v12.16b
	eor	v5.16b, v28.16b, v29.16b
	and	v11.16b, v29.16b, v11.16b
	and	v9.16b, v21.16b, v9.16b
	and	v17.16b, v6.16b, v17.16b
	and	v14.16b, v6.16b, v14.16b
	and	v21.16b, v21.16b, v27.16b
	and	v8.16b, v5.16b, v8.16b
	and	v16.16b, v5.16b, v16.16b
	eor	v11.16b, v11.16b, v9.16b
	eor	v25.16b, v17.16b, v25.16b
	and	v27.16b, v22.16b, v3.16b
	and	v26.16b, v28.16b, v26.16b
	eor	v8.16b, v12.16b, v8.16b
	eor	v28.16b, v21.16b, v15.16b
	eor	v11.16b, v15.16b, v11.16b
	eor	v15.16b, v21.16b, v25.16b
	and	v19.16b, v22.16b, v19.16b
	eor	v21.16b, v26.16b, v16.16b
	eor	v22.16b, v23.16b, v8.16b
	eor	v8.16b, v18.16b, v8.16b
	eor	v11.16b, v16.16b, v11.16b
	eor	v16.16b, v27.16b, v15.16b
	and	v13.16b, v29.16b, v13.16b
	eor	v18.16b, v28.16b, v21.16b
	eor	v14.16b, v14.16b, v22.16b
	and	v10.16b, v10.16b, v20.16b
	eor	v11.16b, v15.16b, v11.16b
	eor	v8.16b, v16.16b, v8.16b
	ldp	q15, q20, [rk, #\koff + 0]
	eor	v12.16b, v12.16b, v18.16b
	eor	v23.16b, v24.16b, v14.16b
	eor	v10.16b, v10.16b, v22.16b
	eor	v19.16b, v19.16b, v11.16b
	eor	v11.16b, v8.16b, v11.16b
	eor	v8.16b, v9.16b, v8.16b
	eor	v9.16b, v14.16b, v18.16b
	eor	v14.16b, v17.16b, v23.16b
	ldp	q17, q18, [rk, #\koff + 32]
	eor	v13.16b, v13.16b, v19.16b
	eor	v10.16b, v19.16b, v10.16b
	tbl	v19.16b, {v11.16b}, vr1x.16b
	tbl	v22.16b, {v9.16b}, vr1x.16b
	eor	v23.16b, v28.16b, v14.16b
	eor	v14.16b, v14.16b, v21.16b
	eor	v12.16b, v12.16b, v13.16b
	tbl	v13.16b, {v10.16b}, vr1x.16b
	eor	v11.16b, v11.16b, v19.16b
	tbl	v21.16b, {v8.16b}, vr1x.16b
	eor	v16.16b, v23.16b, v16.16b
	tbl	v24.16b, {v23.16b}, vr1x.16b
	tbl	v25.16b, {v12.16b}, vr1x.16b
	tbl	v26.16b, {v14.16b}, vr1x.16b
	tbl	v27.16b, {v11.16b}, vr2o.16b
	eor	v8.16b, v8.16b, v21.16b
	tbl	v28.16b, {v16.16b}, vr1x.16b
	eor	v23.16b, v23.16b, v24.16b
	eor	v12.16b, v12.16b, v25.16b
	eor	v10.16b, v10.16b, v13.16b
	eor	v9.16b, v9.16b, v22.16b
	eor	v14.16b, v14.16b, v26.16b
	eor	v16.16b, v16.16b, v28.16b
	tbl	v29.16b, {v23.16b}, vr2o.16b
	tbl	v5.16b, {v8.16b}, vr2o.16b
	tbl	v3.16b, {v10.16b}, vr2o.16b
	ldp	q6, q1, [rk, #\koff + 64]
	tbl	v0.16b, {v14.16b}, vr2o.16b
	tbl	v7.16b, {v16.16b}, vr2o.16b
	eor	v24.16b, v24.16b, v29.16b
	eor	v19.16b, v19.16b, v27.16b
	tbl	v27.16b, {v9.16b}, vr2o.16b
	tbl	v29.16b, {v12.16b}, vr2o.16b
	eor	v13.16b, v13.16b, v3.16b
	eor	v28.16b, v28.16b, v7.16b
	eor	v21.16b, v21.16b, v5.16b
	eor	v24.16b, v24.16b, v6.16b
	eor	v22.16b, v22.16b, v27.16b
	eor	v19.16b, v19.16b, v20.16b
	eor	v20.16b, v25.16b, v29.16b
	eor	v18.16b, v28.16b, v18.16b
	eor	v25.16b, v26.16b, v0.16b
	ldp	q26, q27, [rk, #\koff + 96]
	eor	v13.16b, v13.16b, v17.16b
	eor	v17.16b, v19.16b, v9.16b
	eor	v19.16b, v24.16b, v9.16b
	eor	v18.16b, v18.16b, v9.16b
	eor	v22.16b, v22.16b, v27.16b
	eor	v15.16b, v21.16b, v15.16b
	eor	v20.16b, v20.16b, v1.16b
	eor	v21.16b, v25.16b, v26.16b
	eor	v2.16b, v13.16b, v11.16b
	eor	v4.16b, v19.16b, v16.16b
	eor	v7.16b, v22.16b, v14.16b
	eor	v0.16b, v15.16b, v9.16b
	eor	v1.16b, v17.16b, v8.16b
	eor	v6.16b, v21.16b, v12.16b
	eor	v3.16b, v18.16b, v10.16b
	eor	v5.16b, v20.16b, v23.16b
	.endm

	/* even middle encryption round: S-box, MixColumns' (R2' = rev32), key (172 instructions) */
	.macro	enc_round_even, r1off, koff
	ldr	q31, [fsidx, #\r1off]		// vr1x: R1' of this round
	eor	v8.16b, v2.16b, v4.16b
	eor	v9.16b, v1.16b, v7.16b
	eor	v10.16b, v4.16b, v5.16b
	eor	v11.16b, v5.16b, v6.16b
	eor	v12.16b, v4.16b, v7.16b
	eor	v13.16b, v2.16b, v7.16b
	eor	v14.16b, v9.16b, v8.16b
	eor	v15.16b, v0.16b, v11.16b
	eor	v16.16b, v13.16b, v10.16b
	eor	v17.16b, v3.16b, v14.16b
	eor	v18.16b, v1.16b, v15.16b
	eor	v19.16b, v7.16b, v15.16b
	eor	v20.16b, v4.16b, v15.16b
	and	v21.16b, v8.16b, v16.16b
	eor	v22.16b, v6.16b, v17.16b
	eor	v10.16b, v17.16b, v10.16b
	eor	v17.16b, v2.16b, v17.16b
	eor	v23.16b, v13.16b, v18.16b
	and	v24.16b, v18.16b, v15.16b
	and	v25.16b, v20.16b, v0.16b
	eor	v26.16b, v12.16b, v22.16b
	eor	v27.16b, v7.16b, v10.16b
	eor	v11.16b, v17.16b, v11.16b
	and	v28.16b, v14.16b, v17.16b
	eor	v29.16b, v1.16b, v10.16b
	eor	v5.16b, v0.16b, v17.16b
	eor	v3.16b, v0.16b, v26.16b
	and	v6.16b, v9.16b, v27.16b
	and	v1.16b, v12.16b, v26.16b
	and	v7.16b, v13.16b, v11.16b
	eor	v22.16b, v22.16b, v28.16b
	and	v4.16b, v23.16b, v5.16b
	and	v2.16b, v19.16b, v3.16b
	eor	v29.16b, v29.16b, v6.16b
	eor	v21.16b, v21.16b, v1.16b
	eor	v25.16b, v25.16b, v28.16b
	eor	v28.16b, v13.16b, v11.16b
	eor	v1.16b, v7.16b, v1.16b
	eor	v6.16b, v2.16b, v6.16b
	eor	v24.16b, v29.16b, v24.16b
	eor	v22.16b, v22.16b, v4.16b
	eor	v25.16b, v25.16b, v28.16b
	eor	v28.16b, v6.16b, v1.16b
	eor	v24.16b, v24.16b, v21.16b
	eor	v21.16b, v22.16b, v21.16b
	eor	v22.16b, v25.16b, v1.16b
	eor	v10.16b, v28.16b, v10.16b
	and	v25.16b, v24.16b, v21.16b
	eor	v28.16b, v21.16b, v22.16b
	and	v29.16b, v22.16b, v24.16b
	and	v21.16b, v21.16b, v10.16b
	eor	v24.16b, v24.16b, v10.16b
	eor	v6.16b, v22.16b, v25.16b
	eor	v1.16b, v10.16b, v25.16b
	eor	v7.16b, v28.16b, v25.16b
	and	v21.16b, v28.16b, v21.16b
	eor	v25.16b, v24.16b, v25.16b
	and	v6.16b, v6.16b, v24.16b
	and	v28.16b, v1.16b, v28.16b
	and	v24.16b, v24.16b, v29.16b
	eor	v21.16b, v21.16b, v7.16b
	eor	v10.16b, v10.16b, v6.16b
	eor	v22.16b, v22.16b, v28.16b
	eor	v24.16b, v24.16b, v25.16b
	and	v15.16b, v21.16b, v15.16b
	and	v18.16b, v21.16b, v18.16b
	and	v25.16b, v10.16b, v0.16b
	eor	v28.16b, v22.16b, v10.16b
	eor	v29.16b, v21.16b, v24.16b
	eor	v21.16b, v22.16b, v21.16b
	eor	v6.16b, v10.16b, v24.16b
	and	v23.16b, v24.16b, v23.16b
	and	v24.16b, v24.16b, v5.16b
	and	v12.16b, v28.16b, v12.16b
	eor	v5.16b, v28.16b, v29.16b
	and	v11.16b, v29.16b, v11.16b
	and	v9.16b, v21.16b, v9.16b
	and	v17.16b, v6.16b, v17.16b
	and	v14.16b, v6.16b, v14.16b
	and	v21.16b, v21.16b, v27.16b
	and	v8.16b, v5.16b, v8.16b
	and	v16.16b, v5.16b, v16.16b
	eor	v11.16b, v11.16b, v9.16b
	eor	v25.16b, v17.16b, v25.16b
	and	v27.16b, v22.16b, v3.16b
	and	v26.16b, v28.16b, v26.16b
	eor	v8.16b, v12.16b, v8.16b
	eor	v28.16b, v21.16b, v15.16b
	eor	v11.16b, v15.16b, v11.16b
	eor	v15.16b, v21.16b, v25.16b
	and	v19.16b, v22.16b, v19.16b
	eor	v21.16b, v26.16b, v16.16b
	eor	v22.16b, v23.16b, v8.16b
	eor	v8.16b, v18.16b, v8.16b
	eor	v11.16b, v16.16b, v11.16b
	eor	v16.16b, v27.16b, v15.16b
	and	v13.16b, v29.16b, v13.16b
	eor	v18.16b, v28.16b, v21.16b
	eor	v14.16b, v14.16b, v22.16b
	and	v10.16b, v10.16b, v20.16b
	eor	v11.16b, v15.16b, v11.16b
	eor	v8.16b, v16.16b, v8.16b
	ldp	q15, q20, [rk, #\koff + 0]
	eor	v12.16b, v12.16b, v18.16b
	eor	v23.16b, v24.16b, v14.16b
	eor	v10.16b, v10.16b, v22.16b
	eor	v19.16b, v19.16b, v11.16b
	eor	v11.16b, v8.16b, v11.16b
	eor	v8.16b, v9.16b, v8.16b
	eor	v9.16b, v14.16b, v18.16b
	eor	v14.16b, v17.16b, v23.16b
	ldp	q17, q18, [rk, #\koff + 32]
	eor	v13.16b, v13.16b, v19.16b
	eor	v10.16b, v19.16b, v10.16b
	tbl	v19.16b, {v11.16b}, vr1x.16b
	tbl	v22.16b, {v9.16b}, vr1x.16b
	eor	v23.16b, v28.16b, v14.16b
	eor	v14.16b, v14.16b, v21.16b
	eor	v12.16b, v12.16b, v13.16b
	tbl	v13.16b, {v10.16b}, vr1x.16b
	eor	v11.16b, v11.16b, v19.16b
	tbl	v21.16b, {v8.16b}, vr1x.16b
	eor	v16.16b, v23.16b, v16.16b
	tbl	v24.16b, {v23.16b}, vr1x.16b
	tbl	v25.16b, {v12.16b}, vr1x.16b
	tbl	v26.16b, {v14.16b}, vr1x.16b
	rev32	v27.8h, v11.8h
	eor	v8.16b, v8.16b, v21.16b
	tbl	v28.16b, {v16.16b}, vr1x.16b
	eor	v23.16b, v23.16b, v24.16b
	eor	v12.16b, v12.16b, v25.16b
	eor	v10.16b, v10.16b, v13.16b
	eor	v9.16b, v9.16b, v22.16b
	eor	v14.16b, v14.16b, v26.16b
	eor	v16.16b, v16.16b, v28.16b
	rev32	v29.8h, v23.8h
	rev32	v5.8h, v8.8h
	rev32	v3.8h, v10.8h
	ldp	q6, q1, [rk, #\koff + 64]
	rev32	v0.8h, v14.8h
	rev32	v7.8h, v16.8h
	eor	v24.16b, v24.16b, v29.16b
	eor	v19.16b, v19.16b, v27.16b
	rev32	v27.8h, v9.8h
	rev32	v29.8h, v12.8h
	eor	v13.16b, v13.16b, v3.16b
	eor	v28.16b, v28.16b, v7.16b
	eor	v21.16b, v21.16b, v5.16b
	eor	v24.16b, v24.16b, v6.16b
	eor	v22.16b, v22.16b, v27.16b
	eor	v19.16b, v19.16b, v20.16b
	eor	v20.16b, v25.16b, v29.16b
	eor	v18.16b, v28.16b, v18.16b
	eor	v25.16b, v26.16b, v0.16b
	ldp	q26, q27, [rk, #\koff + 96]
	eor	v13.16b, v13.16b, v17.16b
	eor	v17.16b, v19.16b, v9.16b
	eor	v19.16b, v24.16b, v9.16b
	eor	v18.16b, v18.16b, v9.16b
	eor	v22.16b, v22.16b, v27.16b
	eor	v15.16b, v21.16b, v15.16b
	eor	v20.16b, v20.16b, v1.16b
	eor	v21.16b, v25.16b, v26.16b
	eor	v2.16b, v13.16b, v11.16b
	eor	v4.16b, v19.16b, v16.16b
	eor	v7.16b, v22.16b, v14.16b
	eor	v0.16b, v15.16b, v9.16b
	eor	v1.16b, v17.16b, v8.16b
	eor	v6.16b, v21.16b, v12.16b
	eor	v3.16b, v18.16b, v10.16b
	eor	v5.16b, v20.16b, v23.16b
	.endm

	/* last encryption round: S-box, key, SR^Nr (136 instructions) */
	.macro	enc_last, koff
	eor	v8.16b, v1.16b, v7.16b
	eor	v9.16b, v2.16b, v4.16b
	eor	v10.16b, v4.16b, v5.16b
	eor	v11.16b, v5.16b, v6.16b
	eor	v12.16b, v4.16b, v7.16b
	eor	v13.16b, v2.16b, v7.16b
	eor	v14.16b, v8.16b, v9.16b
	eor	v15.16b, v0.16b, v11.16b
	eor	v16.16b, v13.16b, v10.16b
	eor	v17.16b, v3.16b, v14.16b
	eor	v18.16b, v1.16b, v15.16b
	eor	v19.16b, v4.16b, v15.16b
	eor	v20.16b, v7.16b, v15.16b
	and	v21.16b, v9.16b, v16.16b
	eor	v22.16b, v6.16b, v17.16b
	eor	v10.16b, v17.16b, v10.16b
	eor	v17.16b, v2.16b, v17.16b
	eor	v23.16b, v13.16b, v18.16b
	and	v24.16b, v19.16b, v0.16b
	and	v25.16b, v18.16b, v15.16b
	eor	v26.16b, v12.16b, v22.16b
	eor	v27.16b, v7.16b, v10.16b
	eor	v28.16b, v0.16b, v17.16b
	eor	v29.16b, v1.16b, v10.16b
	and	v3.16b, v14.16b, v17.16b
	eor	v11.16b, v17.16b, v11.16b
	eor	v5.16b, v0.16b, v26.16b
	and	v7.16b, v8.16b, v27.16b
	and	v4.16b, v12.16b, v26.16b
	and	v2.16b, v23.16b, v28.16b
	eor	v22.16b, v22.16b, v3.16b
	and	v6.16b, v13.16b, v11.16b
	eor	v24.16b, v24.16b, v3.16b
	and	v3.16b, v20.16b, v5.16b
	eor	v29.16b, v29.16b, v7.16b
	eor	v21.16b, v21.16b, v4.16b
	eor	v22.16b, v22.16b, v2.16b
	eor	v2.16b, v13.16b, v11.16b
	eor	v4.16b, v6.16b, v4.16b
	eor	v3.16b, v3.16b, v7.16b
	eor	v25.16b, v29.16b, v25.16b
	eor	v22.16b, v22.16b, v21.16b
	eor	v24.16b, v24.16b, v2.16b
	eor	v29.16b, v3.16b, v4.16b
	eor	v21.16b, v25.16b, v21.16b
	eor	v24.16b, v24.16b, v4.16b
	eor	v10.16b, v29.16b, v10.16b
	and	v25.16b, v21.16b, v22.16b
	and	v29.16b, v24.16b, v21.16b
	eor	v3.16b, v22.16b, v24.16b
	and	v22.16b, v22.16b, v10.16b
	eor	v21.16b, v21.16b, v10.16b
	eor	v7.16b, v10.16b, v25.16b
	eor	v4.16b, v24.16b, v25.16b
	eor	v2.16b, v3.16b, v25.16b
	and	v22.16b, v3.16b, v22.16b
	eor	v25.16b, v21.16b, v25.16b
	and	v29.16b, v21.16b, v29.16b
	and	v21.16b, v4.16b, v21.16b
	and	v3.16b, v7.16b, v3.16b
	eor	v22.16b, v22.16b, v2.16b
	eor	v25.16b, v29.16b, v25.16b
	eor	v10.16b, v10.16b, v21.16b
	eor	v21.16b, v24.16b, v3.16b
	and	v15.16b, v22.16b, v15.16b
	and	v18.16b, v22.16b, v18.16b
	eor	v24.16b, v22.16b, v25.16b
	eor	v29.16b, v10.16b, v25.16b
	eor	v3.16b, v21.16b, v10.16b
	eor	v22.16b, v21.16b, v22.16b
	and	v23.16b, v25.16b, v23.16b
	and	v7.16b, v10.16b, v0.16b
	and	v11.16b, v24.16b, v11.16b
	and	v17.16b, v29.16b, v17.16b
	eor	v4.16b, v3.16b, v24.16b
	and	v8.16b, v22.16b, v8.16b
	and	v12.16b, v3.16b, v12.16b
	and	v22.16b, v22.16b, v27.16b
	and	v14.16b, v29.16b, v14.16b
	eor	v27.16b, v17.16b, v7.16b
	and	v9.16b, v4.16b, v9.16b
	eor	v11.16b, v11.16b, v8.16b
	and	v16.16b, v4.16b, v16.16b
	and	v26.16b, v3.16b, v26.16b
	and	v25.16b, v25.16b, v28.16b
	eor	v27.16b, v22.16b, v27.16b
	eor	v9.16b, v12.16b, v9.16b
	eor	v11.16b, v15.16b, v11.16b
	and	v28.16b, v21.16b, v5.16b
	eor	v26.16b, v26.16b, v16.16b
	and	v20.16b, v21.16b, v20.16b
	eor	v15.16b, v22.16b, v15.16b
	eor	v21.16b, v23.16b, v9.16b
	eor	v11.16b, v16.16b, v11.16b
	and	v13.16b, v24.16b, v13.16b
	eor	v9.16b, v18.16b, v9.16b
	eor	v16.16b, v28.16b, v27.16b
	and	v10.16b, v10.16b, v19.16b
	eor	v14.16b, v14.16b, v21.16b
	eor	v11.16b, v27.16b, v11.16b
	eor	v18.16b, v15.16b, v26.16b
	ldp	q19, q22, [rk, #\koff + 0]
	eor	v9.16b, v16.16b, v9.16b
	eor	v10.16b, v10.16b, v21.16b
	eor	v21.16b, v25.16b, v14.16b
	eor	v20.16b, v20.16b, v11.16b
	ldp	q23, q24, [rk, #\koff + 32]
	eor	v12.16b, v12.16b, v18.16b
	eor	v14.16b, v14.16b, v18.16b
	eor	v11.16b, v9.16b, v11.16b
	eor	v17.16b, v17.16b, v21.16b
	eor	v13.16b, v13.16b, v20.16b
	ldp	q18, q21, [rk, #\koff + 64]
	eor	v10.16b, v20.16b, v10.16b
	eor	v8.16b, v8.16b, v9.16b
	eor	v9.16b, v11.16b, v22.16b
	eor	v11.16b, v15.16b, v17.16b
	eor	v15.16b, v17.16b, v26.16b
	eor	v12.16b, v12.16b, v13.16b
	ldp	q13, q17, [rk, #\koff + 96]
	eor	v8.16b, v8.16b, v19.16b
	eor	v10.16b, v10.16b, v23.16b
	eor	v16.16b, v11.16b, v16.16b
	eor	v13.16b, v15.16b, v13.16b
	eor	v11.16b, v11.16b, v18.16b
	eor	v14.16b, v14.16b, v17.16b
	eor	v12.16b, v12.16b, v21.16b
	tbl	v1.16b, {v9.16b}, vsrn.16b
	eor	v9.16b, v16.16b, v24.16b
	tbl	v6.16b, {v13.16b}, vsrn.16b
	tbl	v0.16b, {v8.16b}, vsrn.16b
	tbl	v2.16b, {v10.16b}, vsrn.16b
	tbl	v4.16b, {v11.16b}, vsrn.16b
	tbl	v7.16b, {v14.16b}, vsrn.16b
	tbl	v5.16b, {v12.16b}, vsrn.16b
	tbl	v3.16b, {v9.16b}, vsrn.16b
	.endm

	/* odd middle decryption round: InvS-box to 4A, 5A; 5A ^ R2'(4A) ^ k; MixColumns' (198 instructions) */
	.macro	dec_round_odd, r1off, koff
	ldr	q31, [fsidx, #\r1off]		// vr1x: R1' of this round
	eor	v8.16b, v4.16b, v6.16b
	eor	v9.16b, v3.16b, v4.16b
	eor	v10.16b, v0.16b, v5.16b
	eor	v11.16b, v6.16b, v7.16b
	eor	v12.16b, v2.16b, v7.16b
	eor	v13.16b, v0.16b, v3.16b
	eor	v14.16b, v4.16b, v7.16b
	eor	v15.16b, v0.16b, v9.16b
	eor	v10.16b, v8.16b, v10.16b
	eor	v16.16b, v4.16b, v11.16b
	eor	v12.16b, v5.16b, v12.16b
	eor	v17.16b, v13.16b, v11.16b
	eor	v18.16b, v5.16b, v9.16b
	eor	v19.16b, v1.16b, v15.16b
	eor	v20.16b, v1.16b, v10.16b
	eor	v21.16b, v3.16b, v16.16b
	eor	v22.16b, v16.16b, v12.16b
	and	v23.16b, v14.16b, v16.16b
	and	v24.16b, v8.16b, v15.16b
	eor	v25.16b, v19.16b, v8.16b
	eor	v26.16b, v20.16b, v12.16b
	eor	v27.16b, v19.16b, v21.16b
	eor	v28.16b, v15.16b, v20.16b
	eor	v29.16b, v5.16b, v20.16b
	and	v1.16b, v11.16b, v17.16b
	and	v2.16b, v25.16b, v20.16b
	eor	v5.16b, v17.16b, v26.16b
	and	v0.16b, v27.16b, v22.16b
	and	v6.16b, v19.16b, v28.16b
	eor	v4.16b, v9.16b, v26.16b
	and	v7.16b, v9.16b, v26.16b
	and	v3.16b, v29.16b, v12.16b
	eor	v10.16b, v10.16b, v6.16b
	eor	v4.16b, v4.16b, v0.16b
	eor	v2.16b, v2.16b, v6.16b
	and	v6.16b, v21.16b, v5.16b
	eor	v0.16b, v3.16b, v0.16b
	eor	v1.16b, v1.16b, v7.16b
	eor	v10.16b, v10.16b, v24.16b
	eor	v23.16b, v4.16b, v23.16b
	eor	v24.16b, v6.16b, v7.16b
	eor	v13.16b, v0.16b, v13.16b
	eor	v2.16b, v2.16b, v1.16b
	eor	v10.16b, v10.16b, v24.16b
	eor	v23.16b, v23.16b, v24.16b
	eor	v18.16b, v2.16b, v18.16b
	eor	v13.16b, v13.16b, v1.16b
	and	v24.16b, v10.16b, v23.16b
	eor	v1.16b, v10.16b, v18.16b
	and	v10.16b, v13.16b, v10.16b
	and	v2.16b, v23.16b, v18.16b
	eor	v23.16b, v23.16b, v13.16b
	eor	v0.16b, v18.16b, v24.16b
	eor	v6.16b, v13.16b, v24.16b
	and	v10.16b, v1.16b, v10.16b
	eor	v4.16b, v1.16b, v24.16b
	eor	v24.16b, v23.16b, v24.16b
	and	v2.16b, v23.16b, v2.16b
	and	v23.16b, v0.16b, v23.16b
	and	v1.16b, v6.16b, v1.16b
	eor	v10.16b, v10.16b, v4.16b
	eor	v24.16b, v2.16b, v24.16b
	eor	v13.16b, v13.16b, v23.16b
	eor	v18.16b, v18.16b, v1.16b
	and	v14.16b, v10.16b, v14.16b
	and	v16.16b, v10.16b, v16.16b
	eor	v23.16b, v24.16b, v10.16b
	and	v25.16b, v13.16b, v25.16b
	eor	v1.16b, v13.16b, v18.16b
	and	v8.16b, v24.16b, v8.16b
	eor	v2.16b, v13.16b, v24.16b
	and	v12.16b, v18.16b, v12.16b
	and	v17.16b, v23.16b, v17.16b
	eor	v25.16b, v14.16b, v25.16b
	and	v26.16b, v1.16b, v26.16b
	eor	v0.16b, v1.16b, v23.16b
	and	v9.16b, v1.16b, v9.16b
	eor	v10.16b, v18.16b, v10.16b
	and	v11.16b, v23.16b, v11.16b
	eor	v23.16b, v16.16b, v25.16b
	eor	v26.16b, v26.16b, v17.16b
	and	v19.16b, v2.16b, v19.16b
	and	v21.16b, v0.16b, v21.16b
	and	v27.16b, v10.16b, v27.16b
	and	v10.16b, v10.16b, v22.16b
	eor	v12.16b, v12.16b, v23.16b
	eor	v22.16b, v8.16b, v26.16b
	and	v15.16b, v24.16b, v15.16b
	eor	v21.16b, v19.16b, v21.16b
	eor	v11.16b, v27.16b, v11.16b
	and	v13.16b, v13.16b, v20.16b
	eor	v10.16b, v10.16b, v16.16b
	eor	v9.16b, v9.16b, v22.16b
	and	v16.16b, v2.16b, v28.16b
	and	v18.16b, v18.16b, v29.16b
	eor	v20.16b, v11.16b, v21.16b
	eor	v13.16b, v15.16b, v13.16b
	eor	v19.16b, v27.16b, v19.16b
	eor	v9.16b, v12.16b, v9.16b
	and	v21.16b, v0.16b, v5.16b
	eor	v15.16b, v16.16b, v15.16b
	eor	v16.16b, v12.16b, v20.16b
	eor	v20.16b, v25.16b, v20.16b
	eor	v12.16b, v18.16b, v12.16b
	eor	v9.16b, v11.16b, v9.16b
	eor	v11.16b, v14.16b, v19.16b
	eor	v14.16b, v21.16b, v17.16b
	eor	v17.16b, v13.16b, v16.16b
	eor	v18.16b, v15.16b, v22.16b
	eor	v13.16b, v12.16b, v13.16b
	eor	v10.16b, v10.16b, v9.16b
	eor	v9.16b, v15.16b, v9.16b
	eor	v14.16b, v16.16b, v14.16b
	tbl	v15.16b, {v17.16b}, vr2o.16b
	eor	v12.16b, v12.16b, v18.16b
	eor	v8.16b, v8.16b, v13.16b
	eor	v16.16b, v20.16b, v10.16b
	eor	v18.16b, v9.16b, v17.16b
	tbl	v19.16b, {v10.16b}, vr2o.16b
	tbl	v21.16b, {v14.16b}, vr2o.16b
	eor	v17.16b, v12.16b, v17.16b
	ldp	q22, q23, [rk, #\koff + 0]
	eor	v11.16b, v16.16b, v11.16b
	eor	v14.16b, v14.16b, v18.16b
	eor	v18.16b, v8.16b, v18.16b
	ldp	q24, q25, [rk, #\koff + 32]
	eor	v26.16b, v9.16b, v16.16b
	eor	v10.16b, v10.16b, v12.16b
	eor	v11.16b, v13.16b, v11.16b
	tbl	v9.16b, {v9.16b}, vr2o.16b
	eor	v13.16b, v14.16b, v15.16b
	eor	v15.16b, v20.16b, v19.16b
	tbl	v16.16b, {v16.16b}, vr2o.16b
	tbl	v19.16b, {v18.16b}, vr2o.16b
	eor	v14.16b, v14.16b, v11.16b
	eor	v11.16b, v11.16b, v21.16b
	tbl	v17.16b, {v17.16b}, vr2o.16b
	ldp	q20, q21, [rk, #\koff + 64]
	eor	v13.16b, v13.16b, v23.16b
	eor	v8.16b, v8.16b, v19.16b
	eor	v18.16b, v18.16b, v14.16b
	tbl	v14.16b, {v14.16b}, vr2o.16b
	eor	v11.16b, v11.16b, v25.16b
	eor	v15.16b, v15.16b, v20.16b
	ldp	q19, q20, [rk, #\koff + 96]
	eor	v16.16b, v26.16b, v16.16b
	eor	v9.16b, v12.16b, v9.16b
	eor	v10.16b, v10.16b, v17.16b
	eor	v12.16b, v18.16b, v14.16b
	eor	v8.16b, v8.16b, v20.16b
	tbl	v14.16b, {v11.16b}, vr1x.16b
	tbl	v17.16b, {v13.16b}, vr1x.16b
	tbl	v18.16b, {v15.16b}, vr1x.16b
	eor	v10.16b, v10.16b, v24.16b
	eor	v12.16b, v12.16b, v21.16b
	eor	v16.16b, v16.16b, v19.16b
	eor	v9.16b, v9.16b, v22.16b
	eor	v11.16b, v11.16b, v14.16b
	eor	v13.16b, v13.16b, v17.16b
	eor	v15.16b, v15.16b, v18.16b
	tbl	v19.16b, {v8.16b}, vr1x.16b
	tbl	v20.16b, {v16.16b}, vr1x.16b
	tbl	v21.16b, {v9.16b}, vr1x.16b
	tbl	v22.16b, {v12.16b}, vr1x.16b
	tbl	v23.16b, {v10.16b}, vr1x.16b
	tbl	v24.16b, {v15.16b}, vr2o.16b
	tbl	v25.16b, {v11.16b}, vr2o.16b
	eor	v8.16b, v8.16b, v19.16b
	eor	v9.16b, v9.16b, v21.16b
	tbl	v26.16b, {v13.16b}, vr2o.16b
	eor	v10.16b, v10.16b, v23.16b
	eor	v16.16b, v16.16b, v20.16b
	eor	v12.16b, v12.16b, v22.16b
	eor	v14.16b, v14.16b, v25.16b
	tbl	v25.16b, {v9.16b}, vr2o.16b
	eor	v17.16b, v17.16b, v26.16b
	eor	v18.16b, v18.16b, v24.16b
	tbl	v24.16b, {v16.16b}, vr2o.16b
	tbl	v26.16b, {v8.16b}, vr2o.16b
	tbl	v27.16b, {v12.16b}, vr2o.16b
	tbl	v28.16b, {v10.16b}, vr2o.16b
	eor	v14.16b, v14.16b, v8.16b
	eor	v17.16b, v17.16b, v8.16b
	eor	v20.16b, v20.16b, v24.16b
	eor	v19.16b, v19.16b, v26.16b
	eor	v18.16b, v18.16b, v8.16b
	eor	v23.16b, v23.16b, v28.16b
	eor	v21.16b, v21.16b, v25.16b
	eor	v22.16b, v22.16b, v27.16b
	eor	v3.16b, v14.16b, v10.16b
	eor	v7.16b, v19.16b, v16.16b
	eor	v4.16b, v18.16b, v11.16b
	eor	v6.16b, v20.16b, v12.16b
	eor	v0.16b, v21.16b, v8.16b
	eor	v5.16b, v22.16b, v15.16b
	eor	v2.16b, v23.16b, v13.16b
	eor	v1.16b, v17.16b, v9.16b
	.endm

	/* even middle decryption round: InvS-box to 4A, 5A; 5A ^ R2(4A) ^ k; MixColumns' (198 instructions) */
	.macro	dec_round_even, r1off, koff
	ldr	q31, [fsidx, #\r1off]		// vr1x: R1' of this round
	eor	v8.16b, v3.16b, v4.16b
	eor	v9.16b, v4.16b, v6.16b
	eor	v10.16b, v0.16b, v5.16b
	eor	v11.16b, v6.16b, v7.16b
	eor	v12.16b, v2.16b, v7.16b
	eor	v13.16b, v0.16b, v3.16b
	eor	v14.16b, v0.16b, v8.16b
	eor	v15.16b, v4.16b, v7.16b
	eor	v10.16b, v9.16b, v10.16b
	eor	v16.16b, v4.16b, v11.16b
	eor	v12.16b, v5.16b, v12.16b
	eor	v17.16b, v13.16b, v11.16b
	eor	v18.16b, v1.16b, v14.16b
	and	v19.16b, v9.16b, v14.16b
	eor	v20.16b, v1.16b, v10.16b
	eor	v21.16b, v3.16b, v16.16b
	eor	v22.16b, v16.16b, v12.16b
	and	v23.16b, v15.16b, v16.16b
	eor	v24.16b, v18.16b, v9.16b
	and	v25.16b, v11.16b, v17.16b
	eor	v26.16b, v14.16b, v20.16b
	eor	v27.16b, v20.16b, v12.16b
	eor	v28.16b, v18.16b, v21.16b
	eor	v29.16b, v5.16b, v20.16b
	and	v7.16b, v24.16b, v20.16b
	eor	v5.16b, v5.16b, v8.16b
	and	v2.16b, v18.16b, v26.16b
	eor	v4.16b, v17.16b, v27.16b
	eor	v0.16b, v8.16b, v27.16b
	and	v6.16b, v28.16b, v22.16b
	and	v3.16b, v29.16b, v12.16b
	and	v1.16b, v8.16b, v27.16b
	eor	v10.16b, v10.16b, v2.16b
	eor	v7.16b, v7.16b, v2.16b
	and	v2.16b, v21.16b, v4.16b
	eor	v0.16b, v0.16b, v6.16b
	eor	v6.16b, v3.16b, v6.16b
	eor	v25.16b, v25.16b, v1.16b
	eor	v10.16b, v10.16b, v19.16b
	eor	v19.16b, v2.16b, v1.16b
	eor	v23.16b, v0.16b, v23.16b
	eor	v13.16b, v6.16b, v13.16b
	eor	v7.16b, v7.16b, v25.16b
	eor	v10.16b, v10.16b, v19.16b
	eor	v19.16b, v23.16b, v19.16b
	eor	v13.16b, v13.16b, v25.16b
	eor	v23.16b, v7.16b, v5.16b
	and	v25.16b, v10.16b, v19.16b
	eor	v5.16b, v19.16b, v13.16b
	and	v7.16b, v13.16b, v10.16b
	and	v19.16b, v19.16b, v23.16b
	eor	v10.16b, v10.16b, v23.16b
	eor	v2.16b, v23.16b, v25.16b
	eor	v0.16b, v13.16b, v25.16b
	eor	v6.16b, v5.16b, v25.16b
	and	v19.16b, v5.16b, v19.16b
	eor	v25.16b, v10.16b, v25.16b
	and	v7.16b, v10.16b, v7.16b
	and	v5.16b, v2.16b, v5.16b
	and	v10.16b, v0.16b, v10.16b
	eor	v19.16b, v19.16b, v6.16b
	eor	v25.16b, v7.16b, v25.16b
	eor	v13.16b, v13.16b, v5.16b
	eor	v10.16b, v23.16b, v10.16b
	and	v9.16b, v19.16b, v9.16b
	and	v14.16b, v19.16b, v14.16b
	eor	v23.16b, v19.16b, v25.16b
	and	v24.16b, v13.16b, v24.16b
	eor	v5.16b, v13.16b, v10.16b
	and	v15.16b, v25.16b, v15.16b
	and	v16.16b, v25.16b, v16.16b
	and	v12.16b, v10.16b, v12.16b
	and	v17.16b, v23.16b, v17.16b
	eor	v25.16b, v10.16b, v25.16b
	and	v27.16b, v5.16b, v27.16b
	eor	v24.16b, v15.16b, v24.16b
	and	v8.16b, v5.16b, v8.16b
	eor	v19.16b, v13.16b, v19.16b
	eor	v5.16b, v5.16b, v23.16b
	and	v11.16b, v23.16b, v11.16b
	eor	v23.16b, v27.16b, v17.16b
	eor	v27.16b, v16.16b, v24.16b
	and	v28.16b, v25.16b, v28.16b
	and	v18.16b, v19.16b, v18.16b
	and	v21.16b, v5.16b, v21.16b
	and	v22.16b, v25.16b, v22.16b
	eor	v23.16b, v9.16b, v23.16b
	eor	v12.16b, v12.16b, v27.16b
	eor	v11.16b, v28.16b, v11.16b
	and	v19.16b, v19.16b, v26.16b
	eor	v21.16b, v18.16b, v21.16b
	and	v13.16b, v13.16b, v20.16b
	eor	v8.16b, v8.16b, v23.16b
	eor	v16.16b, v22.16b, v16.16b
	and	v20.16b, v5.16b, v4.16b
	eor	v19.16b, v19.16b, v14.16b
	eor	v21.16b, v11.16b, v21.16b
	and	v10.16b, v10.16b, v29.16b
	eor	v8.16b, v12.16b, v8.16b
	eor	v13.16b, v14.16b, v13.16b
	eor	v14.16b, v28.16b, v18.16b
	eor	v17.16b, v20.16b, v17.16b
	eor	v18.16b, v24.16b, v21.16b
	eor	v20.16b, v12.16b, v21.16b
	eor	v8.16b, v11.16b, v8.16b
	eor	v10.16b, v10.16b, v12.16b
	eor	v11.16b, v15.16b, v14.16b
	eor	v12.16b, v19.16b, v23.16b
	ldp	q14, q15, [rk, #\koff + 0]
	eor	v21.16b, v13.16b, v20.16b
	eor	v16.16b, v16.16b, v8.16b
	eor	v8.16b, v19.16b, v8.16b
	eor	v17.16b, v20.16b, v17.16b
	eor	v13.16b, v10.16b, v13.16b
	eor	v10.16b, v10.16b, v12.16b
	rev32	v12.8h, v21.8h
	eor	v19.16b, v18.16b, v16.16b
	eor	v20.16b, v8.16b, v21.16b
	rev32	v22.8h, v16.8h
	eor	v9.16b, v9.16b, v13.16b
	rev32	v23.8h, v17.8h
	eor	v21.16b, v10.16b, v21.16b
	eor	v11.16b, v19.16b, v11.16b
	eor	v17.16b, v17.16b, v20.16b
	eor	v18.16b, v18.16b, v22.16b
	eor	v20.16b, v9.16b, v20.16b
	ldp	q22, q24, [rk, #\koff + 32]
	rev32	v25.8h, v8.8h
	eor	v11.16b, v13.16b, v11.16b
	eor	v12.16b, v17.16b, v12.16b
	rev32	v13.8h, v21.8h
	eor	v16.16b, v16.16b, v10.16b
	ldp	q21, q26, [rk, #\koff + 64]
	eor	v8.16b, v8.16b, v19.16b
	eor	v17.16b, v17.16b, v11.16b
	eor	v11.16b, v11.16b, v23.16b
	rev32	v19.8h, v19.8h
	rev32	v23.8h, v20.8h
	eor	v10.16b, v10.16b, v25.16b
	eor	v18.16b, v18.16b, v21.16b
	eor	v20.16b, v20.16b, v17.16b
	rev32	v17.8h, v17.8h
	eor	v8.16b, v8.16b, v19.16b
	eor	v12.16b, v12.16b, v15.16b
	eor	v9.16b, v9.16b, v23.16b
	eor	v11.16b, v11.16b, v24.16b
	ldp	q15, q19, [rk, #\koff + 96]
	eor	v17.16b, v20.16b, v17.16b
	eor	v13.16b, v16.16b, v13.16b
	tbl	v16.16b, {v12.16b}, vr1x.16b
	eor	v9.16b, v9.16b, v19.16b
	tbl	v19.16b, {v11.16b}, vr1x.16b
	eor	v8.16b, v8.16b, v15.16b
	eor	v15.16b, v17.16b, v26.16b
	eor	v13.16b, v13.16b, v22.16b
	tbl	v17.16b, {v18.16b}, vr1x.16b
	eor	v10.16b, v10.16b, v14.16b
	eor	v12.16b, v12.16b, v16.16b
	tbl	v14.16b, {v8.16b}, vr1x.16b
	eor	v11.16b, v11.16b, v19.16b
	tbl	v20.16b, {v15.16b}, vr1x.16b
	tbl	v21.16b, {v9.16b}, vr1x.16b
	tbl	v22.16b, {v13.16b}, vr1x.16b
	eor	v18.16b, v18.16b, v17.16b
	tbl	v23.16b, {v10.16b}, vr1x.16b
	rev32	v24.8h, v12.8h
	eor	v15.16b, v15.16b, v20.16b
	rev32	v25.8h, v11.8h
	eor	v8.16b, v8.16b, v14.16b
	rev32	v26.8h, v18.8h
	eor	v10.16b, v10.16b, v23.16b
	eor	v9.16b, v9.16b, v21.16b
	eor	v13.16b, v13.16b, v22.16b
	eor	v19.16b, v19.16b, v25.16b
	eor	v16.16b, v16.16b, v24.16b
	eor	v17.16b, v17.16b, v26.16b
	rev32	v24.8h, v10.8h
	rev32	v25.8h, v9.8h
	rev32	v26.8h, v13.8h
	rev32	v27.8h, v8.8h
	rev32	v28.8h, v15.8h
	eor	v16.16b, v16.16b, v9.16b
	eor	v23.16b, v23.16b, v24.16b
	eor	v21.16b, v21.16b, v25.16b
	eor	v19.16b, v19.16b, v9.16b
	eor	v14.16b, v14.16b, v27.16b
	eor	v20.16b, v20.16b, v28.16b
	eor	v17.16b, v17.16b, v9.16b
	eor	v22.16b, v22.16b, v26.16b
	eor	v1.16b, v16.16b, v10.16b
	eor	v3.16b, v19.16b, v13.16b
	eor	v6.16b, v14.16b, v15.16b
	eor	v0.16b, v23.16b, v9.16b
	eor	v4.16b, v17.16b, v11.16b
	eor	v2.16b, v22.16b, v12.16b
	eor	v7.16b, v21.16b, v8.16b
	eor	v5.16b, v20.16b, v18.16b
	.endm

	/* last decryption round: InvS-box, key, ISR^Nr (140 instructions) */
	.macro	dec_last, koff
	eor	v8.16b, v6.16b, v7.16b
	eor	v9.16b, v3.16b, v4.16b
	eor	v10.16b, v4.16b, v6.16b
	eor	v11.16b, v0.16b, v5.16b
	eor	v12.16b, v2.16b, v7.16b
	eor	v13.16b, v0.16b, v3.16b
	eor	v14.16b, v4.16b, v8.16b
	eor	v15.16b, v0.16b, v9.16b
	eor	v16.16b, v4.16b, v7.16b
	eor	v11.16b, v10.16b, v11.16b
	eor	v12.16b, v5.16b, v12.16b
	eor	v17.16b, v13.16b, v8.16b
	eor	v18.16b, v3.16b, v14.16b
	eor	v19.16b, v1.16b, v15.16b
	and	v20.16b, v10.16b, v15.16b
	eor	v21.16b, v1.16b, v11.16b
	eor	v22.16b, v14.16b, v12.16b
	and	v23.16b, v16.16b, v14.16b
	and	v24.16b, v8.16b, v17.16b
	eor	v25.16b, v19.16b, v18.16b
	eor	v26.16b, v19.16b, v10.16b
	eor	v27.16b, v15.16b, v21.16b
	eor	v28.16b, v21.16b, v12.16b
	eor	v29.16b, v5.16b, v21.16b
	eor	v1.16b, v5.16b, v9.16b
	and	v0.16b, v25.16b, v22.16b
	and	v3.16b, v26.16b, v21.16b
	and	v2.16b, v19.16b, v27.16b
	eor	v4.16b, v9.16b, v28.16b
	eor	v7.16b, v17.16b, v28.16b
	and	v6.16b, v9.16b, v28.16b
	and	v5.16b, v29.16b, v12.16b
	eor	v11.16b, v11.16b, v2.16b
	eor	v4.16b, v4.16b, v0.16b
	eor	v3.16b, v3.16b, v2.16b
	and	v2.16b, v18.16b, v7.16b
	eor	v0.16b, v5.16b, v0.16b
	eor	v24.16b, v24.16b, v6.16b
	eor	v11.16b, v11.16b, v20.16b
	eor	v20.16b, v4.16b, v23.16b
	eor	v23.16b, v2.16b, v6.16b
	eor	v13.16b, v0.16b, v13.16b
	eor	v0.16b, v3.16b, v24.16b
	eor	v20.16b, v20.16b, v23.16b
	eor	v11.16b, v11.16b, v23.16b
	eor	v13.16b, v13.16b, v24.16b
	eor	v23.16b, v0.16b, v1.16b
	and	v24.16b, v11.16b, v20.16b
	and	v1.16b, v13.16b, v11.16b
	eor	v11.16b, v11.16b, v23.16b
	and	v0.16b, v20.16b, v23.16b
	eor	v20.16b, v20.16b, v13.16b
	eor	v3.16b, v23.16b, v24.16b
	eor	v2.16b, v13.16b, v24.16b
	and	v1.16b, v11.16b, v1.16b
	eor	v4.16b, v11.16b, v24.16b
	eor	v24.16b, v20.16b, v24.16b
	and	v0.16b, v20.16b, v0.16b
	and	v20.16b, v3.16b, v20.16b
	and	v11.16b, v2.16b, v11.16b
	eor	v1.16b, v1.16b, v4.16b
	eor	v24.16b, v0.16b, v24.16b
	eor	v13.16b, v13.16b, v20.16b
	eor	v11.16b, v23.16b, v11.16b
	and	v16.16b, v1.16b, v16.16b
	and	v14.16b, v1.16b, v14.16b
	eor	v20.16b, v24.16b, v1.16b
	eor	v23.16b, v13.16b, v24.16b
	eor	v0.16b, v13.16b, v11.16b
	eor	v1.16b, v11.16b, v1.16b
	and	v29.16b, v11.16b, v29.16b
	and	v21.16b, v13.16b, v21.16b
	and	v15.16b, v24.16b, v15.16b
	and	v27.16b, v23.16b, v27.16b
	and	v9.16b, v0.16b, v9.16b
	and	v28.16b, v0.16b, v28.16b
	and	v11.16b, v11.16b, v12.16b
	and	v8.16b, v20.16b, v8.16b
	and	v12.16b, v20.16b, v17.16b
	eor	v17.16b, v27.16b, v15.16b
	and	v10.16b, v24.16b, v10.16b
	eor	v24.16b, v28.16b, v9.16b
	and	v25.16b, v1.16b, v25.16b
	and	v19.16b, v23.16b, v19.16b
	eor	v11.16b, v11.16b, v12.16b
	eor	v20.16b, v0.16b, v20.16b
	and	v13.16b, v13.16b, v26.16b
	eor	v9.16b, v29.16b, v9.16b
	and	v22.16b, v1.16b, v22.16b
	eor	v23.16b, v14.16b, v10.16b
	eor	v16.16b, v16.16b, v11.16b
	and	v26.16b, v20.16b, v7.16b
	eor	v25.16b, v25.16b, v8.16b
	eor	v12.16b, v21.16b, v12.16b
	eor	v13.16b, v13.16b, v17.16b
	eor	v15.16b, v22.16b, v15.16b
	eor	v19.16b, v19.16b, v24.16b
	eor	v8.16b, v26.16b, v8.16b
	eor	v9.16b, v25.16b, v9.16b
	and	v18.16b, v20.16b, v18.16b
	eor	v16.16b, v29.16b, v16.16b
	eor	v13.16b, v23.16b, v13.16b
	eor	v10.16b, v10.16b, v19.16b
	eor	v17.16b, v26.16b, v17.16b
	eor	v11.16b, v22.16b, v11.16b
	eor	v15.16b, v12.16b, v15.16b
	eor	v12.16b, v27.16b, v12.16b
	ldp	q19, q20, [rk, #\koff + 0]
	eor	v13.16b, v16.16b, v13.16b
	eor	v8.16b, v16.16b, v8.16b
	eor	v16.16b, v18.16b, v10.16b
	ldp	q18, q21, [rk, #\koff + 32]
	eor	v22.16b, v28.16b, v9.16b
	eor	v14.16b, v14.16b, v15.16b
	eor	v10.16b, v10.16b, v15.16b
	ldp	q15, q23, [rk, #\koff + 64]
	eor	v24.16b, v16.16b, v13.16b
	eor	v12.16b, v16.16b, v12.16b
	eor	v13.16b, v13.16b, v22.16b
	eor	v14.16b, v16.16b, v14.16b
	eor	v8.16b, v10.16b, v8.16b
	eor	v10.16b, v16.16b, v11.16b
	eor	v11.16b, v16.16b, v17.16b
	ldp	q16, q17, [rk, #\koff + 96]
	eor	v22.16b, v24.16b, v23.16b
	eor	v14.16b, v14.16b, v18.16b
	eor	v9.16b, v9.16b, v19.16b
	eor	v13.16b, v13.16b, v16.16b
	eor	v12.16b, v12.16b, v17.16b
	eor	v10.16b, v10.16b, v15.16b
	eor	v11.16b, v11.16b, v20.16b
	eor	v8.16b, v8.16b, v21.16b
	tbl	v5.16b, {v22.16b}, vsrn.16b
	tbl	v6.16b, {v13.16b}, vsrn.16b
	tbl	v7.16b, {v12.16b}, vsrn.16b
	tbl	v4.16b, {v10.16b}, vsrn.16b
	tbl	v2.16b, {v14.16b}, vsrn.16b
	tbl	v3.16b, {v8.16b}, vsrn.16b
	tbl	v0.16b, {v9.16b}, vsrn.16b
	tbl	v1.16b, {v11.16b}, vsrn.16b
	.endm

/* ------------------------------------------------------ the cipher cores */

	/*
	 * aesbs_encrypt8 / aesbs_decrypt8: internal, called with bl from the
	 * mode functions, whose bs_frame_push has set fsidx, lidx and vr2o
	 * (v30) for the whole call.  In: v0-v7 eight blocks, bskey, rounds.
	 * Out: v0-v7 the eight results.  Clobbers v0-v29, v31 (callers save
	 * d8-d15), rk, rcnt.
	 *
	 * The middle rounds j = 1 .. Nr-1 (Nr-1 = 9, 11, 13: always odd)
	 * run in a loop unrolled four times, since R1' depends on j mod 4:
	 * rcnt counts the whole passes of four ((Nr - 1) / 4 = 2, 2, 3),
	 * tested at the bottom, then one more odd round, and for AES-192
	 * (bit 1 of Nr clear) two more.  rk stays on round key 4k of the
	 * pass: the macros read their keys at offsets 128 .. 512 from it
	 * (koff), and rk steps once per pass (and by two rounds after the
	 * last two of AES-192).  The branches depend on the round count
	 * only.  (Until 2026-12-04 the loop tested after every odd round:
	 * 6 control instructions a pass instead of 3.)
	 */
	/*
	 * The middle rounds j = 1 .. Nr-1 of one direction (dir enc or dec):
	 * whole passes of four, then one odd round, and two more for AES-192.
	 * r1, r3: the R1' index offsets of rounds j = 1 and 3 (mod 4).
	 */
	.macro	middle_rounds, dir, r1, r3
	sub	rcnt, rounds, #1
	lsr	rcnt, rcnt, #2			// passes: 2, 2, 3
.L\@_pass:
	\dir\()_round_odd	\r1, 128		// j = 1 (mod 4)
	\dir\()_round_even	32, 256			// j = 2: Q = SR^2
	\dir\()_round_odd	\r3, 384		// j = 3
	\dir\()_round_even	0, 512			// j = 0: Q = I
	add	rk, rk, #512
	subs	rcnt, rcnt, #1
	b.ne	.L\@_pass
	\dir\()_round_odd	\r1, 128		// j = Nr - 1 or Nr - 3
	tbnz	rounds, #1, .L\@_done		// Nr = 10, 14: done
	\dir\()_round_even	32, 256			// Nr = 12: j = 10, 11
	\dir\()_round_odd	\r3, 384
	add	rk, rk, #256
.L\@_done:
	ldr	q31, [lidx, #80]		// vsrn
	.endm

	.p2align 4
aesbs_encrypt8:
	bitslice
	mov	rk, bskey
	add_round_key
	middle_rounds	enc, 16, 48		// Q = SR^-1 at j = 1
	enc_last	256
	bitslice
	ret

	.p2align 4
aesbs_decrypt8:
	bitslice
	add	rk, bskey, #15 * 128
	add_round_key
	middle_rounds	dec, 48, 16		// Q = SR at j = 1
	dec_last	256
	bitslice
	ret

	/*
	 * tbl indices (out[k] = in[idx[k]]; byte k = 4c + r).  R1 takes the
	 * next row of the same column; conjugated by the storage map of round
	 * j it also takes the column c + (j mod 4) for encryption (c - j for
	 * decryption): R1'[4c+r] = 4((c+j)%4) + (r+1)%4.  R2' of an odd round
	 * takes row r+2 of column c+2.
	 */
	.p2align 4
.Lfs_idx:
	.byte	1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12	// R1', c+0
	.byte	5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0	// R1', c+1
	.byte	9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4	// R1', c+2
	.byte	13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8	// R1', c+3
	.byte	10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5	// R2', odd j
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15	// SR^12 = I
	.byte	0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, 5, 14, 7	// SR^2 = ISR^2
	.byte	0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3	// ISR

/* ------------------------------------------------------- mode helpers */

	/*
	 * frame: x29/x30, d8-d15, 128 bytes of scratch at sp + 80 (scr); and
	 * what the cipher cores take for the whole call: fsidx, vr2o and
	 * lidx (.Lfs_idx + 16 for Nr = 10, 14, whose last round applies SR^2
	 * at + 96; .Lfs_idx itself for Nr = 12, the identity at + 80)
	 */
	.macro	bs_frame_push
	stp	x29, x30, [sp, #-208]!
	mov	x29, sp
	stp	d8, d9, [sp, #16]
	stp	d10, d11, [sp, #32]
	stp	d12, d13, [sp, #48]
	stp	d14, d15, [sp, #64]
	add	scr, sp, #80
	adr	fsidx, .Lfs_idx
	ldr	q30, [fsidx, #64]		// vr2o
	and	w17, rounds, #2
	add	lidx, fsidx, x17, lsl #3
	.endm

	.macro	bs_frame_pop, wipe=0
	.if	\wipe
	movi	v16.16b, #0
	movi	v17.16b, #0
	stp	q16, q17, [scr]
	stp	q16, q17, [scr, #32]
	stp	q16, q17, [scr, #64]
	stp	q16, q17, [scr, #96]
	.endif
	ldp	d8, d9, [sp, #16]
	ldp	d10, d11, [sp, #32]
	ldp	d12, d13, [sp, #48]
	ldp	d14, d15, [sp, #64]
	ldp	x29, x30, [sp], #208
	.endm

	/* nb = min(blocks, 8) */
	.macro	batch_size
	mov	nb, #8
	cmp	blocks, #8
	csel	nb, blocks, nb, lt
	.endm

	/*
	 * Load nb blocks from \p into r0..r7 (advancing \p); the registers of
	 * missing blocks keep whatever they held.  nb >= 1.  A batch of
	 * eight falls through; the partial one (at most once per call) is
	 * out of line, in subsection 1 of .text, after all the functions.
	 * \pre, if given, runs first on the partial path only.
	 */
	.macro	load8, p, r0, r1, r2, r3, r4, r5, r6, r7, pre
	cmp	nb, #8
	b.lt	.Lpart\@
	ld1	{\r0\().16b-\r3\().16b}, [\p], #64	// r0..r7 are consecutive
	ld1	{\r4\().16b-\r7\().16b}, [\p], #64
.Ldone\@:
	.subsection 1
.Lpart\@:
	\pre
	ld1	{\r0\().16b}, [\p], #16
	cmp	nb, #2
	b.lt	.Ldone\@
	ld1	{\r1\().16b}, [\p], #16
	cmp	nb, #3
	b.lt	.Ldone\@
	ld1	{\r2\().16b}, [\p], #16
	cmp	nb, #4
	b.lt	.Ldone\@
	ld1	{\r3\().16b}, [\p], #16
	cmp	nb, #5
	b.lt	.Ldone\@
	ld1	{\r4\().16b}, [\p], #16
	cmp	nb, #6
	b.lt	.Ldone\@
	ld1	{\r5\().16b}, [\p], #16
	cmp	nb, #7
	b.lt	.Ldone\@
	ld1	{\r6\().16b}, [\p], #16
	b	.Ldone\@
	.subsection 0
	.endm

	/* store the first nb of v0-v7 to out (advancing out), as load8 */
	.macro	store8
	cmp	nb, #8
	b.lt	.Lpart\@
	st1	{v0.16b-v3.16b}, [out], #64
	st1	{v4.16b-v7.16b}, [out], #64
.Ldone\@:
	.subsection 1
.Lpart\@:
	st1	{v0.16b}, [out], #16
	cmp	nb, #2
	b.lt	.Ldone\@
	st1	{v1.16b}, [out], #16
	cmp	nb, #3
	b.lt	.Ldone\@
	st1	{v2.16b}, [out], #16
	cmp	nb, #4
	b.lt	.Ldone\@
	st1	{v3.16b}, [out], #16
	cmp	nb, #5
	b.lt	.Ldone\@
	st1	{v4.16b}, [out], #16
	cmp	nb, #6
	b.lt	.Ldone\@
	st1	{v5.16b}, [out], #16
	cmp	nb, #7
	b.lt	.Ldone\@
	st1	{v6.16b}, [out], #16
	b	.Ldone\@
	.subsection 0
	.endm

	/* v0-v7 ^= v8-v15 */
	.macro	xor8
	eor	v0.16b, v0.16b, v8.16b
	eor	v1.16b, v1.16b, v9.16b
	eor	v2.16b, v2.16b, v10.16b
	eor	v3.16b, v3.16b, v11.16b
	eor	v4.16b, v4.16b, v12.16b
	eor	v5.16b, v5.16b, v13.16b
	eor	v6.16b, v6.16b, v14.16b
	eor	v7.16b, v7.16b, v15.16b
	.endm

	/* v8-v15 = the eight 16-byte scratch slots (\hi = scr + 64) */
	.macro	load_scratch, hi
	ld1	{v8.16b-v11.16b}, [scr]
	ld1	{v12.16b-v15.16b}, [\hi]
	.endm

/* --------------------------------------------------------- entry points */

/*
 * void ctneon_bs_convert_key(u8 *bskey, const u8 *std, int rounds)
 * In: x0 = bskey (CTNEON_BS_KEY_SIZE bytes), x1 = FIPS-197 round keys,
 * w2 = rounds.  Round key i goes to encryption slot i permuted by
 * Q = ISR^i and to decryption slot Nr - i permuted by Q = SR^(Nr-i) (the
 * storage maps of the fixsliced rounds; the last rounds xor their key
 * before the final SR^Nr, so slots 0 and Nr follow the same rule).  Both
 * index vectors step by one ISR per key (tbl composes permutations:
 * tbl(P, ISR) = P o ISR); the permutations are public, tbl of the key
 * bytes by them is constant-time.  The decryption keys of the middle
 * rounds are stored through circ(05, 00, 04, 00) conjugated like the round
 * (5 k ^ R2'(4 k), see InvMixColumns above): the round adds its key after that
 * circulant, which its S-box folds into its bottom layer.  Plane i of a
 * round key: 0xff where bit i of the key byte is set (cmtst against
 * 1 << i), 0x00 elsewhere.  Branches depend on the round index only.
 * Clobbers x0-x6, v0-v7, v16-v31.
 */
	/* v0-v7 = planes of the key bytes v7 (^ 0x63 unless w4 = 0), stored at \p */
	.macro	key_planes, p
	cmtst	v0.16b, v7.16b, v16.16b
	cmtst	v1.16b, v7.16b, v17.16b
	cmtst	v2.16b, v7.16b, v18.16b
	cmtst	v3.16b, v7.16b, v19.16b
	cmtst	v4.16b, v7.16b, v20.16b
	cmtst	v5.16b, v7.16b, v21.16b
	cmtst	v6.16b, v7.16b, v22.16b
	cmtst	v7.16b, v7.16b, v23.16b
	cbz	w4, .Lnoc\@			// rk[0] carries no constant
	not	v0.16b, v0.16b			// ^ 0x63: planes 0, 1, 5, 6
	not	v1.16b, v1.16b
	not	v5.16b, v5.16b
	not	v6.16b, v6.16b
.Lnoc\@:
	st1	{v0.16b-v3.16b}, [\p], #64
	st1	{v4.16b-v7.16b}, [\p]
	.endm

	/* \d = 2 \s in GF(2^8), per byte (v28 = 0x1b); \t scratch */
	.macro	gf_double, d, s, t
	sshr	\t\().16b, \s\().16b, #7
	shl	\d\().16b, \s\().16b, #1
	and	\t\().16b, \t\().16b, v28.16b
	eor	\d\().16b, \d\().16b, \t\().16b
	.endm

SYM_FUNC_START(ctneon_bs_convert_key)
	movi	v16.16b, #0x01
	movi	v17.16b, #0x02
	movi	v18.16b, #0x04
	movi	v19.16b, #0x08
	movi	v20.16b, #0x10
	movi	v21.16b, #0x20
	movi	v22.16b, #0x40
	movi	v23.16b, #0x80
	adr	x5, .Lfs_idx
	ldr	q24, [x5, #80]			// encryption map: I
	and	w6, w2, #2
	add	x6, x5, x6, lsl #3
	ldr	q25, [x6, #80]			// decryption map: SR^Nr
	ldr	q26, [x5, #112]			// ISR
	ldr	q31, [x5, #64]			// R2' of the odd rounds
	movi	v28.16b, #0x1b
	mov	w4, #128
	add	x3, x0, #15 * 128		// decryption keys, last one
	umaddl	x3, w2, w4, x3			//   at + rounds * 128
	mov	w4, #0				// round key index
.Lcvt_loop:
	ld1	{v27.16b}, [x1], #16
	tbl	v7.16b, {v27.16b}, v24.16b
	key_planes x0
	add	x0, x0, #64
	tbl	v7.16b, {v27.16b}, v25.16b
	cbz	w4, 2f				// decryption slot Nr (last round)
	cmp	w4, w2
	b.eq	2f				// decryption slot 0 (first key)
	/* middle round j = Nr - i: k = 5 k ^ R2'(4 k), R2' by j's parity (= i's) */
	gf_double v29, v7, v30
	gf_double v29, v29, v30
	eor	v7.16b, v7.16b, v29.16b		// 5 k
	tbz	w4, #0, 1f
	tbl	v29.16b, {v29.16b}, v31.16b	// odd j: R2' by tbl
	b	3f
1:	rev32	v29.8h, v29.8h			// even j: R2' = R2
3:	eor	v7.16b, v7.16b, v29.16b
2:	key_planes x3
	sub	x3, x3, #64 + 128
	tbl	v24.16b, {v24.16b}, v26.16b	// Q o ISR
	tbl	v25.16b, {v25.16b}, v26.16b
	add	w4, w4, #1
	cmp	w4, w2
	b.le	.Lcvt_loop
	ret
SYM_FUNC_END(ctneon_bs_convert_key)

/*
 * void ctneon_bs_ecb_encrypt(u8 *out, const u8 *in, const u8 *bskey,
 *			      int rounds, int blocks)
 * void ctneon_bs_ecb_decrypt(same)
 * The mode loops test blocks once on entry and count down at the bottom.
 * Clobbers x8-x17, v0-v31 (d8-d15 preserved), flags.
 */
	.macro	ecb_crypt, core
	bs_frame_push
	cmp	blocks, #0
	b.le	.Lecb_done\@
.Lecb_loop\@:
	batch_size
	load8	in, v0, v1, v2, v3, v4, v5, v6, v7
	bl	\core
	store8
	subs	blocks, blocks, #8
	b.gt	.Lecb_loop\@
.Lecb_done\@:
	bs_frame_pop
	ret
	.endm

SYM_FUNC_START(ctneon_bs_ecb_encrypt)
	ecb_crypt	aesbs_encrypt8
SYM_FUNC_END(ctneon_bs_ecb_encrypt)

SYM_FUNC_START(ctneon_bs_ecb_decrypt)
	ecb_crypt	aesbs_decrypt8
SYM_FUNC_END(ctneon_bs_ecb_decrypt)

/*
 * void ctneon_bs_cbc_decrypt(u8 *out, const u8 *in, const u8 *bskey,
 *			      int rounds, int blocks, u8 iv[16])
 * P[i] = D(C[i]) ^ C[i-1], C[-1] = iv; iv out = C[blocks-1].  The batch's
 * ciphertexts are kept in the stack scratch before anything is written,
 * so out == in works.  Clobbers x6-x17, v0-v31 (d8-d15 preserved), flags.
 */
SYM_FUNC_START(ctneon_bs_cbc_decrypt)
	bs_frame_push
	add	tmp1, scr, #64
	cmp	blocks, #0
	b.le	.Lcbc_done
.Lcbc_loop:
	batch_size
	load8	in, v0, v1, v2, v3, v4, v5, v6, v7
	st1	{v0.16b-v3.16b}, [scr]
	st1	{v4.16b-v7.16b}, [tmp1]
	bl	aesbs_decrypt8
	ld1	{v8.16b}, [ivp]			// chaining values: iv, C0..C6
	ld1	{v9.16b-v12.16b}, [scr]
	ld1	{v13.16b-v15.16b}, [tmp1]
	xor8
	sub	ptr, scr, #16			// next iv = C[nb - 1]
	add	ptr, ptr, nb, uxtw #4
	ld1	{v16.16b}, [ptr]
	st1	{v16.16b}, [ivp]
	store8
	subs	blocks, blocks, #8
	b.gt	.Lcbc_loop
.Lcbc_done:
	bs_frame_pop	1
	ret
SYM_FUNC_END(ctneon_bs_cbc_decrypt)

/*
 * void ctneon_bs_ctr_crypt(u8 *out, const u8 *in, const u8 *bskey,
 *			    int rounds, int blocks, u8 ctr[16])
 * The counter is a 128-bit big-endian integer held as cthi:ctlo; block i
 * of a batch encrypts ctr + i (adds/adc: the carry runs through all 128
 * bits and wraps at 2^128).  ctr out = ctr + blocks.  The eight counter
 * blocks go to the stack scratch as native 64-bit halves (high half first),
 * come back with two ld1 and are byte-reversed per 64-bit lane (rev64):
 * 3 instructions per block + 11 per batch, instead of 6 per block with a
 * scalar rev of each half and two moves into the vector.  The counter is
 * public (the IV), so the scratch is not wiped for it.
 * Clobbers x6-x17, v0-v31 (d8-d15 preserved), flags.
 */
	.macro	ctr_block, i
	adds	tmp0, ctlo, #\i
	adc	tmp1, cthi, xzr
	stp	tmp1, tmp0, [scr, #16 * \i]
	.endm

SYM_FUNC_START(ctneon_bs_ctr_crypt)
	bs_frame_push
	ldp	cthi, ctlo, [ivp]
	rev	cthi, cthi
	rev	ctlo, ctlo
	add	tmp2, scr, #64
	cmp	blocks, #0
	b.le	.Lctr_done
.Lctr_loop:
	batch_size
	ctr_block	0
	ctr_block	1
	ctr_block	2
	ctr_block	3
	ctr_block	4
	ctr_block	5
	ctr_block	6
	ctr_block	7
	ld1	{v0.16b-v3.16b}, [scr]
	ld1	{v4.16b-v7.16b}, [tmp2]
	rev64	v0.16b, v0.16b			// native halves -> big-endian
	rev64	v1.16b, v1.16b
	rev64	v2.16b, v2.16b
	rev64	v3.16b, v3.16b
	rev64	v4.16b, v4.16b
	rev64	v5.16b, v5.16b
	rev64	v6.16b, v6.16b
	rev64	v7.16b, v7.16b
	adds	ctlo, ctlo, nb, uxtw
	adc	cthi, cthi, xzr
	bl	aesbs_encrypt8
	load8	in, v8, v9, v10, v11, v12, v13, v14, v15
	xor8
	store8
	subs	blocks, blocks, #8
	b.gt	.Lctr_loop
.Lctr_done:
	rev	tmp0, cthi
	rev	tmp1, ctlo
	stp	tmp0, tmp1, [ivp]
	bs_frame_pop
	ret
SYM_FUNC_END(ctneon_bs_ctr_crypt)

/*
 * void ctneon_bs_xts_encrypt(u8 *out, const u8 *in, const u8 *bskey,
 *			      int rounds, int blocks, u8 tweak[16])
 * void ctneon_bs_xts_decrypt(same)
 * C[i] = E(P[i] ^ T[i]) ^ T[i], T[i+1] = T[i] * x in GF(2^128) (IEEE 1619:
 * little-endian, x^128 = x^7 + x^2 + x + 1).  The batch's eight tweaks are
 * computed in tlo:thi and kept in the stack scratch; tweak out =
 * T * x^blocks (after a partial batch of nb blocks: T * x^nb, reloaded
 * from slot nb on the partial path of load8).
 * Clobbers x6-x17, v0-v31 (d8-d15 preserved), flags.
 */
	/* tlo:thi *= x, branch-free */
	.macro	xts_double
	and	tmp0, tmp2, thi, asr #63	// 0x87 iff bit 127 is set
	extr	thi, thi, tlo, #63
	eor	tlo, tmp0, tlo, lsl #1
	.endm

	.macro	xts_tweak, i
	stp	tlo, thi, [scr, #16 * \i]
	xts_double
	.endm

	/* a partial batch: the tweak out is T * x^nb, slot nb of the scratch */
	.macro	xts_partial_tweak
	add	ptr, scr, nb, uxtw #4
	ldp	tlo, thi, [ptr]
	.endm

	.macro	xts_crypt, core
	bs_frame_push
	ldp	tlo, thi, [ivp]
	mov	tmp2, #0x87
	add	tmp1, scr, #64
	cmp	blocks, #0
	b.le	.Lxts_done\@
.Lxts_loop\@:
	batch_size
	xts_tweak	0
	xts_tweak	1
	xts_tweak	2
	xts_tweak	3
	xts_tweak	4
	xts_tweak	5
	xts_tweak	6
	xts_tweak	7
	load8	in, v0, v1, v2, v3, v4, v5, v6, v7, xts_partial_tweak
	load_scratch	tmp1
	xor8
	bl	\core
	load_scratch	tmp1
	xor8
	store8
	subs	blocks, blocks, #8
	b.gt	.Lxts_loop\@
.Lxts_done\@:
	stp	tlo, thi, [ivp]
	bs_frame_pop	1
	ret
	.endm

SYM_FUNC_START(ctneon_bs_xts_encrypt)
	xts_crypt	aesbs_encrypt8
SYM_FUNC_END(ctneon_bs_xts_encrypt)

SYM_FUNC_START(ctneon_bs_xts_decrypt)
	xts_crypt	aesbs_decrypt8
SYM_FUNC_END(ctneon_bs_xts_decrypt)
