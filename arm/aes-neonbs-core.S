/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: bit-sliced AES for 32-bit ARM NEON (ARMv7), eight blocks at a time.
 *
 * Design notes
 * ============
 *
 * Data layout.  Eight blocks B0..B7 (16 bytes each) become eight bit planes
 * P0..P7 (one q register each): bit i of byte p of plane k is bit k of byte p
 * of block Bi.  So every AES byte position is one byte of each plane, and a
 * byte permutation of the state (ShiftRows, the row rotations of MixColumns)
 * is the same byte permutation applied to every plane.
 *
 * Inside the rounds the plane bytes are kept in row-major order (byte p =
 * 4*row + column), so that "the next row of the same column" is the plane
 * rotated by four bytes (vext.8 #4) and "two rows down" is vext.8 #8.  The
 * blocks arrive in FIPS-197 column-major order (byte 4*column + row).
 * Decryption folds the change of order into the InvShiftRows permutations
 * of its first and last rounds (three vtbl masks: first, middle, last);
 * encryption, fixsliced (below), permutes once after AddRoundKey 0
 * (column-major to row-major) and once in the last round (its storage
 * order, ShiftRows and row-major to column-major in one mask).  Round keys
 * 0 and Nr are column-major, the others in the order their round keeps.
 *
 * Transposition (blocks <-> planes).  Register index i (3 bits) and bit index
 * k within each byte (3 bits) are exchanged one bit at a time,
 *	a' = (a & ~m) | ((b >> n) & m),  b' = (b & m) | ((a << n) & ~m),
 * over the register pairs differing in bit 0 (n = 1, mask 0x55), bit 1
 * (n = 2, mask 0x33) and bit 2 (n = 4, mask 0x0f) of i: two shifts and a
 * vbit / vbif pair per exchange, and for n = 4, whose nibbles are
 * contiguous, a copy and a vsri / vsli pair: 8 x 4 + 4 x 3 ops plus 2 mask
 * constants = 46 ops (75 with the six-op xor form of "swapmove" before
 * 2026-12-04).  The exchange is an involution: the same macro converts
 * back.  Byte positions never move.
 *
 * S-box.  The depth-16 circuits of Boyar and Peralta ("A depth-16 circuit
 * for the AES S-box", 2011): a top linear layer (27 XOR forward / 27 inverse)
 * into a shared non-linear middle (GF(2^8) inversion through GF(2^4),
 * 63 gates: 34 AND, 29 XOR) and a bottom linear layer (38 / 37 XOR).  The
 * circuit's XNORs carry the affine constant 0x63; here they are plain XORs
 * and 0x63 is folded into the round keys instead:
 *   forward:  the circuit gives S(x) ^ 0x63, and 0x63 in every byte passes
 *             ShiftRows and MixColumns unchanged (2+3+1+1 = 1), so round keys
 *             1..Nr carry ^0x63;
 *   inverse:  the XOR-only circuit computes InvS(u ^ 0x63) (its top layer is
 *             affine in u with constant part L*0x63), so the state entering
 *             InvSubBytes must be y ^ 0x63; InvMixColumns also fixes an
 *             all-0x63 state (0e+0b+0d+09 = 1), so round keys Nr..1 carry
 *             ^0x63 as well.  One key schedule serves both directions.
 * Gate counts per 8 blocks per round: forward 128 (34 vand, 94 veor),
 * inverse 127 (34 vand, 93 veor).  With 8 of the 16 q registers holding the
 * state, the circuits were list-scheduled and register-allocated (Belady
 * eviction) by a small program for the 16 q registers; the live values that
 * do not fit are spilled to fixed stack slots (see SPILL_SLOTS): forward
 * 12 spills + 12 reloads, inverse 13 + 13.  Spill addressing: ip and lr
 * both point into the slots and walk them.  An access to the slot a pointer
 * x points at is [x :128] (x kept) or [x :128]! (x moves to the next slot),
 * one to the slot just below it vstmdb/vldmdb x! (x moves down to it), one
 * to slot 0 [sp :128]; anything else needs "add x, sp, #16*slot" first.  The
 * generator chooses the slots (annealing over assignments) and the forms
 * (dynamic programming over the two pointer positions, both back at fixed
 * starts at the end of each S-box, so the rounds chain), which leaves
 * forward 2 and inverse 3 adds per S-box instead of one per access (24 /
 * 26).  The schedule and the replayed address arithmetic were checked by
 * simulating the emitted instructions on all 256 inputs.
 *
 * MixColumns (row-major planes a, a1 = a rotated one row):
 *	out = 2*a + 3*a1 + a2 + a3 = 2*(a ^ a1) ^ a1 ^ rot2(a ^ a1)
 * with 2*b on planes: (2b)_0 = b7, (2b)_1 = b0^b7, (2b)_3 = b2^b7,
 * (2b)_4 = b3^b7, (2b)_k = b(k-1) otherwise: 16 vext + 27 veor = 43 ops.
 *
 * InvMixColumns = MixColumns x circ(05, 00, 04, 00): first
 *	s'[r] = 5*s[r] ^ 4*s[r+2] = s[r] ^ 4*(s[r] ^ s[r+2])
 * (t = s ^ rot2(s): 8 vext + 8 veor; 4*t on planes: u0 = t6, u1 = t6^t7,
 * u2 = t0^t7, u3 = t1^t6, u4 = t2^t6^t7, u5 = t3^t7, u6 = t4, u7 = t5:
 * 13 veor), then MixColumns: 29 + 43 = 72 ops instead of ~100+ for the
 * direct 0e-0b-0d-09 matrix.
 *
 * ShiftRows: two vtbl.8 per plane (d registers) = 16 vtbl.  SubBytes and
 * ShiftRows commute (one is bytewise, the other a byte permutation), so
 * each decryption round runs InvShiftRows first, then InvSubBytes,
 * AddRoundKey, InvMixColumns.
 *
 * Fixslicing (encryption; after Adomnicai and Peyrin, "Fixslicing AES-like
 * ciphers", TCHES 2021/1, here for byte permutations as on arm64).  The
 * middle rounds 1..Nr-1 run no ShiftRows: after round j the registers hold
 * the state in the storage order G_j = SR^-j of the row-major order
 * (SR^4 = I).  SubBytes and AddRoundKey are bytewise and commute with it,
 * so round j needs MixColumns with R1 (the next row) and R2 (two rows
 * down) conjugated by G_j, and round key j permuted by G_j, which the key
 * conversion does.  In row-major planes R1' takes row r+1 of column
 * c + j: for j % 4 = 0 vext #4, for 2 vext #4 and vrev32.16 (columns
 * c + 2), for odd j (column c +- 1, no single instruction) 16 vtbl with a
 * mask loaded into q7 (the last vtbl pair overwrites the mask, so the 16
 * registers suffice); R2' takes row r+2 of column c + 2j: vext #8 for even
 * j, vext #8 and vrev32.16 for odd j.  Per middle round that is 16, 24 or
 * 33 permuting instructions (j % 4 = 0, 2, odd) against 33 (ShiftRows 16
 * vtbl + mask load, 16 vext) before, and two whole-state permutations
 * (first and last) instead of Nr.  The rounds differ by j % 4, so the
 * loop is unrolled four times.  Decryption is not fixsliced: with the
 * circ(05, 00, 04, 00) factor its odd rounds apply R2' twice, 49
 * permuting instructions against 41 (16 + 1 + 24), and with the two
 * whole-state permutations the whole would take 5 instructions more for
 * AES-128 and 5 fewer for AES-256 (counted, not built).
 *
 * Round keys (ctneon_bs_convert_key): per round 8 planes of 16 bytes, plane k
 * byte p = 0xff if bit k of key byte p is set: the FIPS-197 key (with ^0x63
 * for rounds >= 1, permuted for 0 < r < Nr) replicated into all eight lanes
 * and transposed with the same macro.  Two schedules of (rounds + 1) * 128
 * bytes: encryption's at bskey (round r in the storage order G_r), then
 * decryption's at bskey + 15 * 128 (row-major).
 *
 * Registers.  q0-q7: the state between rounds (plane k in qk); q8-q15 and the
 * free state registers are the S-box temporaries; q15 holds the ShiftRows
 * mask during ShiftRows, q7 the vtbl mask of the fixsliced permutations.
 * Core GPRs: r2 = bskey, r3 = rounds (read only), r8 = round-key pointer,
 * r9 = round counter, r10 = mask pointer,
 * ip and lr = spill pointers (the cores store their return address at
 * SAVED_LR in the frame on entry and reload it to return).  The mode
 * functions own r0, r1, r4-r7, r11.  The stack frame is 16-byte aligned by
 * the entry functions: spill slots, then nine 16-byte slots for the CBC
 * chaining values / XTS tweaks, then the saved sp, the CTR count and the
 * cores' return address.
 *
 * Constant time.  No branch depends on the key or the data: the only
 * branches test the public round and block counts.  Every memory address
 * (round keys, masks, spill slots, the chaining/tweak area, the data) is a
 * function of the public pointers and counts only.  vtbl indices are the
 * fixed permutation masks (ShiftRows, fixslicing), never data.  The CTR counter is incremented with
 * adds/adcs (no branch on the carry); XTS doubling is branch-free (sign mask
 * of each lane, and-ed with {0x87, 1}).
 *
 * The spill slots and the CBC/XTS area (secret-dependent values) are
 * zeroed before each entry point returns.
 *
 * Partial batches.  A last batch of 1..7 blocks runs all eight lanes (the
 * unused lanes hold stale register contents; they are computed and dropped)
 * and loads and stores only the blocks asked for.  In place (out == in)
 * works: ECB loads before it stores; CBC copies the ciphertexts of a batch to
 * the stack before decrypting; CTR and XTS read each input block before its
 * output block is written.
 *
 * Static counts (the executed path of the core for one 8-block batch, as
 * traced by tests/ct's plugin from the assembled object; "NEON" excludes
 * the scalar spill-address adds, pointer set-up and loop control):
 *   per round, encryption (fixsliced): SubBytes 128 gates + 24
 *     spill/reload + 2 add, MixColumns' 43 (j % 4 = 0), 51 (2) or 60
 *     (odd: 16 vtbl, mask load, 8 vrev32 more), AddRoundKey 9 (1 vldm +
 *     8 veor), subs + branch: 208, 216 or 225 instructions; before
 *     fixslicing every round was the odd one's 225 (ShiftRows 17, 16 vtbl
 *     + mask load, and MixColumns 43);
 *   per round, decryption: 256 instructions, 251 NEON (InvMixColumns 72,
 *     SubBytes^-1 127 gates + 26 spill/reload + 3 add, keys walked down
 *     with vldmdb);
 *   transposes 46 each way.
 *   AES-128 batch: encryption 2315 instructions = 18.1/byte (2268 NEON =
 *   17.7/byte); decryption 2597 = 20.3/byte (2539 NEON = 19.8/byte).
 *   AES-192 / AES-256 encryption: 21.6 / 25.2 instructions per byte.
 *   (Before the shift-and-insert transposes: AES-128 2373 / 2655; before
 *   the spill addressing, vldm keys and the mask table: 2632 / 2933,
 *   AES-256 encryption 3636.)  The ECB call of eight blocks on the
 *   Cortex-A57 model (tests/ct/mca.sh): encryption 1225 -> 1198 cycles,
 *   decryption 1383 -> 1356 with the new transposes.  The whole-batch
 *   loads and stores (four two-register vld1/vst1 each, the partial batch
 *   out of line) take 32 instructions off every batch of every mode: ECB
 *   call 2399 -> 2367 instructions, 1198 -> 1188 A57 cycles.
 *   Fixsliced encryption (2026-12-05), the ECB call of eight blocks
 *   (tests/ct/mca.sh; Cortex-A9 with the vldm as vld1, see below):
 *     AES-128 2367 -> 2335 instructions (-1.4 %), A57 1188 -> 1172 cycles,
 *             A9 2720 -> 2640;
 *     AES-192 2817 -> 2776 (-1.5 %), A57 1398 -> 1378, A9 3238 -> 3140;
 *     AES-256 3267 -> 3209 (-1.8 %), A57 1608 -> 1580, A9 3756 -> 3632.
 * llvm-mca (LLVM 14, armv7a + NEON, the core's AES-128 batch, one pass):
 *   cortex-a57: encryption 1129 cycles = 8.8 c/B, decryption 1286 = 10.0 c/B;
 *   cortex-a9:  encryption 2697 cycles = 21.1 c/B, decryption 2997 = 23.4 c/B.
 *   (LLVM 14's Cortex-A9 model cannot schedule vldm/vldmdb and crashes on
 *   the "str lr" followed by NEON: for it the vldm are counted as the vld1
 *   of the same registers and the str is dropped.  The Cortex-A57 model is
 *   bound by the NEON pipes, so it barely sees the scalar adds removed.
 *   LLVM 14 has no 32-bit scheduling model for Cortex-A7/A8/A53.)
 */

#include <linux/linkage.h>

	.syntax	unified
	.fpu	neon
	.text

	/* GPRs (AAPCS: r0-r3 are the first four arguments) */
	out	.req	r0
	in	.req	r1
	bskey	.req	r2
	rounds	.req	r3
	blocks	.req	r4
	ivp	.req	r5
	rk	.req	r8
	rctr	.req	r9
	rmask	.req	r10

/* ---------------------- S-box register map (generated: scripts/neonbs-gen/arm) */
#define ENC_SB_OUT q15, q13, q11, q8, q14, q9, q12, q10
#define ENC_SB_OUT_D d30-d31, d26-d27, d22-d23, d16-d17, d28-d29, d18-d19, d24-d25, d20-d21
#define DEC_SB_OUT q10, q14, q9, q13, q15, q12, q11, q8
#define SPILL_SLOTS 10
#define ENC_IP0 112
#define ENC_LR0 128
#define DEC_IP0 16
#define DEC_LR0 144
/* ------------------------------------------------- end of the S-box map */

#define SLOT_BYTES	(SPILL_SLOTS * 16)
#define AREA		SLOT_BYTES			/* 9 x 16 bytes */
#define OLDSP		(AREA + 9 * 16)			/* saved sp */
#define SAVED_N		(OLDSP + 4)			/* CTR: original count */
#define SAVED_LR	(OLDSP + 8)			/* the cores' return address */
#define FRAME		(OLDSP + 16)
#define ARG5		(36 + 64)			/* after push r4-r11,lr; vpush d8-d15 */
#define ARG6		(ARG5 + 4)

/* ----------------------- S-box macros (generated, verified: scripts/neonbs-gen/arm) */
/*
 * SubBytes: 128 gate ops (34 vand, 94 veor), 12 spills, 12 reloads,
 * 2 spill-address adds.  On entry and on exit ip = sp + 112, lr = sp + 128.
 * In: plane k in q8, q9, q10, q11, q12, q13, q14, q0; out: plane k in q15, q13, q11, q8, q14, q9, q12, q10.
 * u<i> = plane 7-i (u0 the top bit), s<i> = output plane 7-i.
 */
.macro	sbox_enc
	veor	q1, q11, q9		@ t5 = u4 ^ u6
	veor	q2, q12, q10		@ t4 = u3 ^ u5
	veor	q3, q0, q10		@ t2 = u0 ^ u5
	veor	q4, q9, q8		@ t21 = u6 ^ u7
	veor	q5, q0, q9		@ t3 = u0 ^ u6
	veor	q0, q0, q12		@ t1 = u0 ^ u3
	veor	q6, q12, q8		@ t18 = u3 ^ u7
	veor	q7, q14, q13		@ t7 = u1 ^ u2
	veor	q9, q14, q10		@ t11 = u1 ^ u5
	veor	q10, q13, q10		@ t12 = u2 ^ u5
	veor	q4, q7, q4		@ t22 = t7 ^ t21
	veor	q6, q7, q6		@ t19 = t7 ^ t18
	veor	q11, q5, q2		@ t13 = t3 ^ t4
	veor	q12, q0, q6		@ t20 = t1 ^ t19
	veor	q13, q0, q10		@ t27 = t1 ^ t12
	veor	q10, q1, q10		@ t16 = t5 ^ t12
	veor	q14, q3, q4		@ t23 = t2 ^ t22
	veor	q15, q0, q1		@ t6 = t1 ^ t5
	veor	q1, q1, q9		@ t15 = t5 ^ t11
	veor	q9, q15, q9		@ t14 = t6 ^ t11
	vst1.64	{q4}, [ip :128]		@ T22 (slot 7)
	vand	q4, q5, q10		@ m6 = t3 & t16
	vst1.64	{q14}, [sp :128]		@ T23 (slot 0)
	vand	q14, q2, q13		@ m12 = t4 & t27
	vstmdb	ip!, {d26-d27}		@ T27 (slot 6)
	vand	q13, q0, q1		@ m11 = t1 & t15
	veor	q14, q14, q13		@ m13 = m12 ^ m11
	vstmdb	ip!, {d4-d5}		@ T4 (slot 5)
	veor	q2, q15, q7		@ t10 = t6 ^ t7
	veor	q7, q8, q7		@ t9 = u7 ^ t7
	vstmdb	ip!, {d0-d1}		@ T1 (slot 4)
	vand	q0, q6, q8		@ m4 = t19 & u7
	add	ip, sp, #16
	vst1.64	{q1}, [ip :128]!		@ T15 (slot 1)
	vand	q1, q11, q15		@ m1 = t13 & t6
	veor	q9, q9, q1		@ m3 = t14 ^ m1
	veor	q0, q0, q1		@ m5 = m4 ^ m1
	veor	q1, q5, q10		@ t26 = t3 ^ t16
	veor	q1, q1, q4		@ m8 = t26 ^ m6
	vst1.64	{q5}, [ip :128]!		@ T3 (slot 2)
	vand	q5, q3, q2		@ m14 = t2 & t10
	veor	q5, q5, q13		@ m15 = m14 ^ m11
	veor	q13, q7, q10		@ t17 = t9 ^ t16
	vst1.64	{q10}, [ip :128]		@ T16 (slot 3)
	veor	q10, q3, q2		@ t24 = t2 ^ t10
	veor	q0, q0, q10		@ m17 = m5 ^ t24
	veor	q0, q0, q5		@ m21 = m17 ^ m15
	veor	q10, q12, q13		@ t25 = t20 ^ t17
	vst1.64	{q3}, [lr :128]		@ T2 (slot 8)
	vand	q3, q12, q13		@ m9 = t20 & t17
	veor	q3, q3, q4		@ m10 = m9 ^ m6
	veor	q3, q3, q5		@ m19 = m10 ^ m15
	veor	q3, q3, q10		@ m23 = m19 ^ t25
	veor	q4, q8, q15		@ t8 = u7 ^ t6
	add	ip, sp, #0
	vld1.64	{q5}, [ip :128]		@ T23 (slot 0)
	vand	q10, q5, q4		@ m2 = t23 & t8
	veor	q9, q9, q10		@ m16 = m3 ^ m2
	veor	q9, q9, q14		@ m20 = m16 ^ m13
	vand	q10, q9, q3		@ m31 = m20 & m23
	vst1.64	{q15}, [sp :128]		@ T6 (slot 0)
	vldmdb	lr!, {d30-d31}		@ T22 (slot 7)
	vst1.64	{q11}, [lr :128]		@ T13 (slot 7)
	vand	q11, q15, q7		@ m7 = t22 & t9
	veor	q1, q1, q11		@ m18 = m8 ^ m7
	veor	q1, q1, q14		@ m22 = m18 ^ m13
	vand	q11, q1, q9		@ m25 = m22 & m20
	veor	q9, q9, q0		@ m27 = m20 ^ m21
	vand	q10, q9, q10		@ m32 = m27 & m31
	veor	q14, q9, q11		@ m33 = m27 ^ m25
	veor	q10, q10, q14		@ m38 = m32 ^ m33
	vand	q7, q10, q7		@ m50 = m38 & t9
	vand	q14, q10, q15		@ m59 = m38 & t22
	veor	q15, q3, q11		@ m28 = m23 ^ m25
	vand	q9, q15, q9		@ m29 = m28 & m27
	veor	q9, q0, q9		@ m37 = m21 ^ m29
	vand	q13, q9, q13		@ m51 = m37 & t17
	veor	q14, q13, q14		@ l8 = m51 ^ m59
	vand	q12, q9, q12		@ m60 = m37 & t20
	veor	q15, q1, q3		@ m24 = m22 ^ m23
	vand	q1, q0, q1		@ m34 = m21 & m22
	veor	q0, q0, q11		@ m26 = m21 ^ m25
	vand	q1, q15, q1		@ m35 = m24 & m34
	vand	q0, q0, q15		@ m30 = m26 & m24
	veor	q11, q15, q11		@ m36 = m24 ^ m25
	veor	q0, q3, q0		@ m39 = m23 ^ m30
	veor	q1, q1, q11		@ m40 = m35 ^ m36
	vand	q3, q1, q5		@ m56 = m40 & t23
	vand	q4, q1, q4		@ m47 = m40 & t8
	vand	q5, q0, q8		@ m48 = m39 & u7
	vand	q6, q0, q6		@ m57 = m39 & t19
	veor	q8, q5, q13		@ l12 = m48 ^ m51
	veor	q11, q10, q1		@ m41 = m38 ^ m40
	veor	q1, q0, q1		@ m44 = m39 ^ m40
	veor	q0, q9, q0		@ m42 = m37 ^ m39
	veor	q9, q9, q10		@ m43 = m37 ^ m38
	vand	q2, q11, q2		@ m54 = m41 & t10
	vld1.64	{q10}, [lr :128]!		@ T13 (slot 7)
	vand	q10, q1, q10		@ m55 = m44 & t13
	vld1.64	{q13}, [ip :128]!		@ T6 (slot 0)
	vand	q1, q1, q13		@ m46 = m44 & t6
	veor	q5, q1, q5		@ l2 = m46 ^ m48
	vld1.64	{q13}, [ip :128]!		@ T15 (slot 1)
	vand	q13, q0, q13		@ m52 = m42 & t15
	vld1.64	{q15}, [ip :128]!		@ T3 (slot 2)
	vand	q15, q9, q15		@ m58 = m43 & t3
	vst1.64	{q6}, [sp :128]		@ M57 (slot 0)
	vld1.64	{q6}, [ip :128]!		@ T16 (slot 3)
	vand	q6, q9, q6		@ m49 = m43 & t16
	veor	q2, q2, q15		@ l4 = m54 ^ m58
	veor	q4, q4, q10		@ l3 = m47 ^ m55
	veor	q8, q4, q8		@ l22 = l3 ^ l12
	veor	q1, q1, q4		@ l7 = m46 ^ l3
	vld1.64	{q4}, [ip :128]!		@ T1 (slot 4)
	vand	q4, q0, q4		@ m61 = m42 & t1
	veor	q0, q0, q11		@ m45 = m42 ^ m41
	vld1.64	{q9}, [lr :128]		@ T2 (slot 8)
	vand	q9, q11, q9		@ m63 = m41 & t2
	veor	q11, q12, q5		@ l11 = m60 ^ l2
	veor	q12, q15, q14		@ l18 = m58 ^ l8
	veor	q5, q12, q5		@ l23 = l18 ^ l2
	vld1.64	{q12}, [ip :128]!		@ T4 (slot 5)
	vand	q12, q0, q12		@ m62 = m45 & t4
	vld1.64	{q15}, [ip :128]!		@ T27 (slot 6)
	vand	q0, q0, q15		@ m53 = m45 & t27
	veor	q6, q6, q4		@ l5 = m49 ^ m61
	veor	q9, q9, q2		@ l19 = m63 ^ l4
	veor	q6, q12, q6		@ l6 = m62 ^ l5
	veor	q15, q6, q5		@ s7 = l6 ^ l23
	veor	q2, q0, q2		@ l10 = m53 ^ l4
	veor	q0, q13, q0		@ l9 = m52 ^ m53
	veor	q5, q13, q4		@ l14 = m52 ^ m61
	veor	q4, q4, q12		@ l0 = m61 ^ m62
	veor	q5, q11, q5		@ l28 = l11 ^ l14
	veor	q9, q9, q5		@ s2 = l19 ^ l28
	veor	q5, q14, q2		@ l27 = l8 ^ l10
	veor	q2, q6, q2		@ l25 = l6 ^ l10
	veor	q12, q3, q4		@ l16 = m56 ^ l0
	veor	q3, q7, q3		@ l1 = m50 ^ m56
	vld1.64	{q13}, [sp :128]		@ M57 (slot 0)
	veor	q13, q13, q3		@ l17 = m57 ^ l1
	veor	q11, q11, q13		@ l29 = l11 ^ l17
	veor	q11, q2, q11		@ s5 = l25 ^ l29
	veor	q2, q10, q3		@ l15 = m55 ^ l1
	veor	q2, q2, q0		@ l24 = l15 ^ l9
	veor	q10, q6, q2		@ s0 = l6 ^ l24
	veor	q2, q7, q4		@ l13 = m50 ^ l0
	veor	q13, q2, q5		@ s6 = l13 ^ l27
	veor	q0, q1, q0		@ l26 = l7 ^ l9
	veor	q12, q12, q0		@ s1 = l16 ^ l26
	veor	q0, q4, q3		@ l20 = l0 ^ l1
	veor	q8, q0, q8		@ s4 = l20 ^ l22
	veor	q0, q3, q1		@ l21 = l1 ^ l7
	veor	q14, q6, q0		@ s3 = l6 ^ l21
.endm

/*
 * SubBytes^-1: 127 gate ops (34 vand, 93 veor), 13 spills, 13 reloads,
 * 3 spill-address adds.  On entry and on exit ip = sp + 16, lr = sp + 144.
 * In: plane k in q8, q9, q10, q11, q12, q13, q14, q0; out: plane k in q10, q14, q9, q13, q15, q12, q11, q8.
 * u<i> = plane 7-i (u0 the top bit), s<i> = output plane 7-i.
 */
.macro	sbox_dec
	veor	q1, q13, q11		@ r19 = u2 ^ u4
	veor	q2, q0, q14		@ t2 = u0 ^ u1
	veor	q3, q14, q9		@ r13 = u1 ^ u6
	veor	q1, q3, q1		@ t16 = r13 ^ r19
	veor	q4, q9, q8		@ r5 = u6 ^ u7
	veor	q5, q10, q9		@ r18 = u5 ^ u6
	veor	q6, q13, q10		@ r17 = u2 ^ u5
	veor	q7, q2, q4		@ t13 = t2 ^ r5
	veor	q9, q14, q12		@ t22 = u1 ^ u3
	veor	q10, q12, q11		@ t1 = u3 ^ u4
	veor	q12, q0, q12		@ t23 = u0 ^ u3
	veor	q0, q0, q6		@ d = u0 ^ r17
	veor	q14, q14, q12		@ t8 = u1 ^ t23
	veor	q6, q9, q6		@ t6 = t22 ^ r17
	vand	q15, q7, q6		@ m1 = t13 & t6
	vst1.64	{q7}, [lr :128]		@ T13 (slot 9)
	veor	q7, q8, q10		@ t9 = u7 ^ t1
	veor	q8, q11, q8		@ t24 = u4 ^ u7
	veor	q3, q8, q3		@ t20 = t24 ^ r13
	veor	q11, q11, q14		@ t4 = u4 ^ t8
	vstmdb	lr!, {d12-d13}		@ T6 (slot 8)
	vand	q6, q9, q7		@ m7 = t22 & t9
	vst1.64	{q7}, [sp :128]		@ T9 (slot 0)
	vand	q7, q12, q14		@ m2 = t23 & t8
	vst1.64	{q12}, [ip :128]!		@ T23 (slot 1)
	veor	q12, q10, q4		@ t3 = t1 ^ r5
	veor	q4, q9, q4		@ t19 = t22 ^ r5
	vst1.64	{q14}, [ip :128]!		@ T8 (slot 2)
	veor	q14, q12, q1		@ t26 = t3 ^ t16
	vst1.64	{q9}, [ip :128]!		@ T22 (slot 3)
	veor	q9, q2, q8		@ t10 = t2 ^ t24
	vst1.64	{q3}, [ip :128]!		@ T20 (slot 4)
	vand	q3, q4, q0		@ m4 = t19 & d
	veor	q3, q3, q15		@ m5 = m4 ^ m1
	veor	q3, q3, q8		@ m17 = m5 ^ t24
	veor	q8, q13, q4		@ t17 = u2 ^ t19
	veor	q13, q13, q10		@ t25 = u2 ^ t1
	add	lr, sp, #96
	vst1.64	{q4}, [lr :128]!		@ T19 (slot 6)
	vand	q4, q12, q1		@ m6 = t3 & t16
	veor	q14, q14, q4		@ m8 = t26 ^ m6
	veor	q6, q14, q6		@ m18 = m8 ^ m7
	veor	q14, q9, q5		@ t14 = t10 ^ r18
	veor	q14, q14, q15		@ m3 = t14 ^ m1
	veor	q7, q14, q7		@ m16 = m3 ^ m2
	veor	q5, q10, q5		@ t27 = t1 ^ r18
	vand	q14, q11, q5		@ m12 = t4 & t27
	vand	q15, q2, q9		@ m14 = t2 & t10
	vst1.64	{q11}, [ip :128]		@ T4 (slot 5)
	veor	q11, q9, q5		@ t15 = t10 ^ t27
	vst1.64	{q5}, [lr :128]		@ T27 (slot 7)
	vldmdb	ip!, {d10-d11}		@ T20 (slot 4)
	vst1.64	{q9}, [ip :128]		@ T10 (slot 4)
	vand	q9, q5, q8		@ m9 = t20 & t17
	veor	q4, q9, q4		@ m10 = m9 ^ m6
	vand	q9, q10, q11		@ m11 = t1 & t15
	veor	q15, q15, q9		@ m15 = m14 ^ m11
	veor	q9, q14, q9		@ m13 = m12 ^ m11
	veor	q7, q7, q9		@ m20 = m16 ^ m13
	veor	q6, q6, q9		@ m22 = m18 ^ m13
	veor	q3, q3, q15		@ m21 = m17 ^ m15
	veor	q4, q4, q15		@ m19 = m10 ^ m15
	veor	q4, q4, q13		@ m23 = m19 ^ t25
	veor	q9, q7, q3		@ m27 = m20 ^ m21
	vand	q13, q6, q7		@ m25 = m22 & m20
	vand	q7, q7, q4		@ m31 = m20 & m23
	vand	q7, q9, q7		@ m32 = m27 & m31
	veor	q14, q4, q13		@ m28 = m23 ^ m25
	vand	q14, q14, q9		@ m29 = m28 & m27
	veor	q9, q9, q13		@ m33 = m27 ^ m25
	veor	q7, q7, q9		@ m38 = m32 ^ m33
	vld1.64	{q9}, [sp :128]		@ T9 (slot 0)
	vand	q9, q7, q9		@ m50 = m38 & t9
	vldmdb	ip!, {d30-d31}		@ T22 (slot 3)
	vand	q15, q7, q15		@ m59 = m38 & t22
	veor	q14, q3, q14		@ m37 = m21 ^ m29
	vand	q5, q14, q5		@ m60 = m37 & t20
	vand	q8, q14, q8		@ m51 = m37 & t17
	vst1.64	{q15}, [sp :128]		@ M59 (slot 0)
	veor	q15, q3, q13		@ m26 = m21 ^ m25
	vand	q3, q3, q6		@ m34 = m21 & m22
	veor	q6, q6, q4		@ m24 = m22 ^ m23
	vand	q15, q15, q6		@ m30 = m26 & m24
	veor	q4, q4, q15		@ m39 = m23 ^ m30
	veor	q13, q6, q13		@ m36 = m24 ^ m25
	vand	q3, q6, q3		@ m35 = m24 & m34
	veor	q3, q3, q13		@ m40 = m35 ^ m36
	vand	q0, q4, q0		@ m48 = m39 & d
	vldmdb	ip!, {d12-d13}		@ T8 (slot 2)
	vand	q6, q3, q6		@ m47 = m40 & t8
	vldmdb	lr!, {d26-d27}		@ T19 (slot 6)
	vand	q13, q4, q13		@ m57 = m39 & t19
	veor	q6, q6, q9		@ p3 = m47 ^ m50
	vldmdb	ip!, {d30-d31}		@ T23 (slot 1)
	vand	q15, q3, q15		@ m56 = m40 & t23
	veor	q15, q0, q15		@ p4 = m48 ^ m56
	vst1.64	{q6}, [ip :128]		@ P3 (slot 1)
	veor	q6, q14, q4		@ m42 = m37 ^ m39
	veor	q14, q14, q7		@ m43 = m37 ^ m38
	vand	q12, q14, q12		@ m58 = m43 & t3
	vand	q1, q14, q1		@ m49 = m43 & t16
	vand	q10, q6, q10		@ m61 = m42 & t1
	veor	q4, q4, q3		@ m44 = m39 ^ m40
	veor	q3, q7, q3		@ m41 = m38 ^ m40
	veor	q5, q1, q5		@ p6 = m49 ^ m60
	vand	q2, q3, q2		@ m63 = m41 & t2
	vand	q7, q6, q11		@ m52 = m42 & t15
	add	lr, sp, #64
	vld1.64	{q11}, [lr :128]!		@ T10 (slot 4)
	vand	q11, q3, q11		@ m54 = m41 & t10
	veor	q3, q6, q3		@ m45 = m42 ^ m41
	vld1.64	{q6}, [lr :128]		@ T4 (slot 5)
	vand	q6, q3, q6		@ m62 = m45 & t4
	add	lr, sp, #112
	vld1.64	{q14}, [lr :128]!		@ T27 (slot 7)
	vand	q3, q3, q14		@ m53 = m45 & t27
	veor	q3, q9, q3		@ p8 = m50 ^ m53
	vld1.64	{q9}, [lr :128]!		@ T6 (slot 8)
	vand	q9, q4, q9		@ m46 = m44 & t6
	vld1.64	{q14}, [lr :128]		@ T13 (slot 9)
	vand	q4, q4, q14		@ m55 = m44 & t13
	veor	q7, q7, q10		@ p0 = m52 ^ m61
	veor	q4, q4, q2		@ p9 = m55 ^ m63
	veor	q10, q13, q10		@ p16 = m57 ^ m61
	veor	q10, q4, q10		@ s7 = p9 ^ p16
	veor	q0, q9, q0		@ p12 = m46 ^ m48
	veor	q13, q13, q15		@ p10 = m57 ^ p4
	veor	q9, q9, q8		@ p5 = m46 ^ m51
	veor	q14, q15, q5		@ p20 = p4 ^ p6
	veor	q8, q1, q8		@ p13 = m49 ^ m51
	veor	q5, q5, q13		@ p25 = p6 ^ p10
	veor	q2, q2, q9		@ p18 = m63 ^ p5
	veor	q2, q13, q2		@ p27 = p10 ^ p18
	veor	q1, q1, q6		@ p14 = m49 ^ m62
	veor	q6, q11, q6		@ p2 = m54 ^ m62
	vld1.64	{q13}, [sp :128]		@ M59 (slot 0)
	veor	q11, q11, q13		@ p15 = m54 ^ m59
	veor	q11, q11, q14		@ p29 = p15 ^ p20
	veor	q13, q12, q13		@ p1 = m58 ^ m59
	veor	q13, q7, q13		@ p7 = p0 ^ p1
	veor	q12, q12, q6		@ p17 = m58 ^ p2
	vld1.64	{q14}, [ip :128]		@ P3 (slot 1)
	veor	q7, q7, q14		@ p11 = p0 ^ p3
	veor	q5, q7, q5		@ p28 = p11 ^ p25
	veor	q12, q12, q5		@ s2 = p17 ^ p28
	veor	q4, q4, q7		@ p26 = p9 ^ p11
	veor	q11, q4, q11		@ s1 = p26 ^ p29
	veor	q4, q6, q14		@ p19 = p2 ^ p3
	veor	q5, q9, q13		@ p24 = p5 ^ p7
	veor	q9, q4, q5		@ s5 = p19 ^ p24
	veor	q3, q13, q3		@ p23 = p7 ^ p8
	veor	q4, q6, q13		@ p22 = p2 ^ p7
	veor	q13, q3, q2		@ s4 = p23 ^ p27
	veor	q14, q1, q3		@ s6 = p14 ^ p23
	veor	q8, q8, q4		@ s0 = p13 ^ p22
	veor	q15, q0, q4		@ s3 = p12 ^ p22
.endm
/* ---------------------------------------------- end of the S-box macros */

	/*
	 * Four exchanges (a_i, b_i) by n bits under mask m (m << n = ~m in
	 * every byte): a' = (a & ~m) | ((b >> n) & m), b' = (b & m) |
	 * ((a << n) & ~m), with the shifts into t and the merges by vbit /
	 * vbif; bits that cross a byte boundary land where the merge does not
	 * take them.  Two pairs at a time (t0-t3).
	 */
	.macro	swap2, a0, b0, a1, b1, n, m, t0, t1, t2, t3
	vshr.u64	\t0, \b0, #\n
	vshl.u64	\t1, \a0, #\n
	vshr.u64	\t2, \b1, #\n
	vshl.u64	\t3, \a1, #\n
	vbit		\a0, \t0, \m
	vbif		\b0, \t1, \m
	vbit		\a1, \t2, \m
	vbif		\b1, \t3, \m
	.endm

	.macro	swapmove4, a0, b0, a1, b1, a2, b2, a3, b3, n, m, t0, t1, t2, t3
	swap2	\a0, \b0, \a1, \b1, \n, \m, \t0, \t1, \t2, \t3
	swap2	\a2, \b2, \a3, \b3, \n, \m, \t0, \t1, \t2, \t3
	.endm

	/*
	 * The exchange by 4 bits (mask 0x0f): the nibbles are contiguous, so
	 * a' = (a & 0xf0) | (b >> 4) is vsri a, b, #4 and b' = (b & 0x0f) |
	 * (a << 4) is vsli b, a, #4 on the a of before (kept in t).
	 */
	.macro	swapnib4, a0, b0, a1, b1, a2, b2, a3, b3, t0, t1, t2, t3
	vmov		\t0, \a0
	vmov		\t1, \a1
	vmov		\t2, \a2
	vmov		\t3, \a3
	vsri.8		\a0, \b0, #4
	vsri.8		\a1, \b1, #4
	vsri.8		\a2, \b2, #4
	vsri.8		\a3, \b3, #4
	vsli.8		\b0, \t0, #4
	vsli.8		\b1, \t1, #4
	vsli.8		\b2, \t2, #4
	vsli.8		\b3, \t3, #4
	.endm

	/*
	 * Exchange register index and bit-in-byte index of x0..x7 (blocks <->
	 * planes).  Clobbers t0-t3, m0-m1 (m2 is not used).
	 */
	.macro	transpose8, x0, x1, x2, x3, x4, x5, x6, x7, t0, t1, t2, t3, m0, m1, m2
	vmov.i8		\m0, #0x55
	vmov.i8		\m1, #0x33
	swapmove4	\x1, \x0, \x3, \x2, \x5, \x4, \x7, \x6, 1, \m0, \t0, \t1, \t2, \t3
	swapmove4	\x2, \x0, \x3, \x1, \x6, \x4, \x7, \x5, 2, \m1, \t0, \t1, \t2, \t3
	swapnib4	\x4, \x0, \x5, \x1, \x6, \x2, \x7, \x3, \t0, \t1, \t2, \t3
	.endm

	/*
	 * A byte permutation of the state (decryption: InvShiftRows, with the
	 * change of byte order in its first and last rounds; encryption:
	 * column-major to row-major before round 1): plane k in qk -> plane k
	 * in q8..q14, q0 (k = 0..7), with the mask at rmask; rmask then moves
	 * to the next mask (see the table layout at .Lsr_dec).
	 */
	.macro	shift_rows
	vld1.8		{d30-d31}, [rmask :128]!
	vtbl.8		d16, {d0-d1}, d30
	vtbl.8		d17, {d0-d1}, d31
	vtbl.8		d18, {d2-d3}, d30
	vtbl.8		d19, {d2-d3}, d31
	vtbl.8		d20, {d4-d5}, d30
	vtbl.8		d21, {d4-d5}, d31
	vtbl.8		d22, {d6-d7}, d30
	vtbl.8		d23, {d6-d7}, d31
	vtbl.8		d24, {d8-d9}, d30
	vtbl.8		d25, {d8-d9}, d31
	vtbl.8		d26, {d10-d11}, d30
	vtbl.8		d27, {d10-d11}, d31
	vtbl.8		d28, {d12-d13}, d30
	vtbl.8		d29, {d12-d13}, d31
	vtbl.8		d0, {d14-d15}, d30
	vtbl.8		d1, {d14-d15}, d31
	.endm

	/*
	 * q0..q7 = the byte permutation of the planes ad0..ad7 (d-register
	 * pairs) by the vtbl mask in q7, which the last pair overwrites.
	 */
	.macro	perm_lo, ad0, ad1, ad2, ad3, ad4, ad5, ad6, ad7
	vtbl.8		d0, {\ad0}, d14
	vtbl.8		d1, {\ad0}, d15
	vtbl.8		d2, {\ad1}, d14
	vtbl.8		d3, {\ad1}, d15
	vtbl.8		d4, {\ad2}, d14
	vtbl.8		d5, {\ad2}, d15
	vtbl.8		d6, {\ad3}, d14
	vtbl.8		d7, {\ad3}, d15
	vtbl.8		d8, {\ad4}, d14
	vtbl.8		d9, {\ad4}, d15
	vtbl.8		d10, {\ad5}, d14
	vtbl.8		d11, {\ad5}, d15
	vtbl.8		d12, {\ad6}, d14
	vtbl.8		d13, {\ad6}, d15
	vtbl.8		d14, {\ad7}, d14
	vtbl.8		d15, {\ad7}, d15
	.endm

	/*
	 * MixColumns on planes a0..a7 (clobbered), result in q0..q7:
	 * o = 2*b ^ a1 ^ R2(b), b = a ^ a1, a1 = R1(a), in the storage order
	 * of a round j with j % 4 = m (see "Fixslicing" above): m = 0, the
	 * row-major order, R1 = vext #4 (the next row), R2 = vext #8 (two rows
	 * down); m = 2, R1' = vext #4 then vrev32.16 (two columns on), R2' =
	 * R2; m odd, R1' by vtbl with the mask in q7 (ad0..ad7 are a0..a7 as
	 * d-register pairs), R2' = vext #8 then vrev32.16.
	 */
	.macro	mix_columns, m, a0, a1, a2, a3, a4, a5, a6, a7, ad0, ad1, ad2, ad3, ad4, ad5, ad6, ad7
	.if		\m % 2
	perm_lo		\ad0, \ad1, \ad2, \ad3, \ad4, \ad5, \ad6, \ad7
	.else
	vext.8		q0, \a0, \a0, #4
	vext.8		q1, \a1, \a1, #4
	vext.8		q2, \a2, \a2, #4
	vext.8		q3, \a3, \a3, #4
	vext.8		q4, \a4, \a4, #4
	vext.8		q5, \a5, \a5, #4
	vext.8		q6, \a6, \a6, #4
	vext.8		q7, \a7, \a7, #4
	.if		\m == 2
	rev32_16	q0, q1, q2, q3, q4, q5, q6, q7
	.endif
	.endif
	xor_lo_into	\a0, \a1, \a2, \a3, \a4, \a5, \a6, \a7	@ b
	veor		q0, q0, \a7		@ (2b)_0 = b7
	veor		q1, q1, \a0		@ (2b)_1 = b0 ^ b7
	veor		q2, q2, \a1		@ (2b)_2 = b1
	veor		q3, q3, \a2		@ (2b)_3 = b2 ^ b7
	veor		q4, q4, \a3		@ (2b)_4 = b3 ^ b7
	veor		q5, q5, \a4		@ (2b)_5 = b4
	veor		q6, q6, \a5		@ (2b)_6 = b5
	veor		q7, q7, \a6		@ (2b)_7 = b6
	veor		q1, q1, \a7
	veor		q3, q3, \a7
	veor		q4, q4, \a7
	vext.8		\a0, \a0, \a0, #8	@ R2(b)
	vext.8		\a1, \a1, \a1, #8
	vext.8		\a2, \a2, \a2, #8
	vext.8		\a3, \a3, \a3, #8
	vext.8		\a4, \a4, \a4, #8
	vext.8		\a5, \a5, \a5, #8
	vext.8		\a6, \a6, \a6, #8
	vext.8		\a7, \a7, \a7, #8
	.if		\m % 2
	rev32_16	\a0, \a1, \a2, \a3, \a4, \a5, \a6, \a7
	.endif
	xor_into_lo	\a0, \a1, \a2, \a3, \a4, \a5, \a6, \a7
	.endm

	/* the halfwords of every 32-bit row swapped: the columns moved by two */
	.macro	rev32_16, x0, x1, x2, x3, x4, x5, x6, x7
	vrev32.16	\x0, \x0
	vrev32.16	\x1, \x1
	vrev32.16	\x2, \x2
	vrev32.16	\x3, \x3
	vrev32.16	\x4, \x4
	vrev32.16	\x5, \x5
	vrev32.16	\x6, \x6
	vrev32.16	\x7, \x7
	.endm

	/*
	 * The circ(05, 00, 04, 00) factor of InvMixColumns, in place on
	 * s0..s7, with temporaries t0..t7: s ^= 4 * (s ^ rot2(s)).
	 */
	.macro	inv_mix_pre, s0, s1, s2, s3, s4, s5, s6, s7, t0, t1, t2, t3, t4, t5, t6, t7
	vext.8		\t0, \s0, \s0, #8
	vext.8		\t1, \s1, \s1, #8
	vext.8		\t2, \s2, \s2, #8
	vext.8		\t3, \s3, \s3, #8
	vext.8		\t4, \s4, \s4, #8
	vext.8		\t5, \s5, \s5, #8
	vext.8		\t6, \s6, \s6, #8
	vext.8		\t7, \s7, \s7, #8
	veor		\t0, \t0, \s0
	veor		\t1, \t1, \s1
	veor		\t2, \t2, \s2
	veor		\t3, \t3, \s3
	veor		\t4, \t4, \s4
	veor		\t5, \t5, \s5
	veor		\t6, \t6, \s6
	veor		\t7, \t7, \s7
	veor		\s0, \s0, \t6		@ u0 = t6
	veor		\s3, \s3, \t1		@ u3 = t1 ^ t6
	veor		\s3, \s3, \t6
	veor		\s2, \s2, \t0		@ u2 = t0 ^ t7
	veor		\s2, \s2, \t7
	veor		\s5, \s5, \t3		@ u5 = t3 ^ t7
	veor		\s5, \s5, \t7
	veor		\t7, \t7, \t6
	veor		\s1, \s1, \t7		@ u1 = t6 ^ t7
	veor		\s4, \s4, \t2		@ u4 = t2 ^ t6 ^ t7
	veor		\s4, \s4, \t7
	veor		\s6, \s6, \t4		@ u6 = t4
	veor		\s7, \s7, \t5		@ u7 = t5
	.endm

	/*
	 * Load a round key (8 planes, 128 bytes) into q8-q15 / q0-q7 with one
	 * vldm: the next one up (rk += 128, encryption) or down (rk -= 128
	 * first, decryption).
	 */
	.macro	load_key_hi
	vldmia		rk!, {d16-d31}
	.endm

	.macro	load_key_lo
	vldmia		rk!, {d0-d15}
	.endm

	.macro	load_key_hi_down
	vldmdb		rk!, {d16-d31}
	.endm

	.macro	load_key_lo_down
	vldmdb		rk!, {d0-d15}
	.endm

	/* q0..q7 ^= q8..q15 */
	.macro	xor_lo_hi
	veor		q0, q0, q8
	veor		q1, q1, q9
	veor		q2, q2, q10
	veor		q3, q3, q11
	veor		q4, q4, q12
	veor		q5, q5, q13
	veor		q6, q6, q14
	veor		q7, q7, q15
	.endm

	/* qk ^= p_k (k = 0..7) */
	.macro	xor_into_lo, p0, p1, p2, p3, p4, p5, p6, p7
	veor		q0, q0, \p0
	veor		q1, q1, \p1
	veor		q2, q2, \p2
	veor		q3, q3, \p3
	veor		q4, q4, \p4
	veor		q5, q5, \p5
	veor		q6, q6, \p6
	veor		q7, q7, \p7
	.endm

	/* p_k ^= qk (k = 0..7) */
	.macro	xor_lo_into, p0, p1, p2, p3, p4, p5, p6, p7
	veor		\p0, \p0, q0
	veor		\p1, \p1, q1
	veor		\p2, \p2, q2
	veor		\p3, \p3, q3
	veor		\p4, \p4, q4
	veor		\p5, \p5, q5
	veor		\p6, \p6, q6
	veor		\p7, \p7, q7
	.endm

	/*
	 * The byte permutations of the fixsliced encryption (vtbl indices,
	 * out[p] = in[mask[p]]; scripts/neonbs-gen/arm/fscheck.py derives them
	 * and checks these tables).  .Lfs_first: column-major to row-major.
	 * .Lfs_enc: R1' of the odd middle rounds, read downwards from
	 * .Lfs_last (vldmdb: round 1 takes the row just below it, round 13 the
	 * first), for j % 4 = 1 (the next row of column c + 1) and 3 (of
	 * column c - 1).  .Lfs_last: the last round's permutation, storage
	 * order of round Nr - 1 -> ShiftRows -> column-major, for Nr % 4 = 0
	 * (Nr = 12, whose storage order is row-major again) and Nr % 4 = 2
	 * (Nr = 10, 14).
	 */
	.align	4
.Lfs_first:
	.byte	0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
.Lfs_enc:
	.rept	3
	.byte	5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0
	.byte	7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14, 3, 0, 1, 2
	.endr
	.byte	5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0
.Lfs_last:
	.byte	0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
	.byte	0, 6, 8, 14, 1, 7, 9, 15, 2, 4, 10, 12, 3, 5, 11, 13

	/*
	 * A middle encryption round j, m = j % 4, without ShiftRows: state
	 * planes in q8-q14, q0 (the S-box's inputs) in and out; then
	 * rctr -= 1 (the flags for the loop).
	 */
	.macro	enc_round, m
	sbox_enc
	.if		\m % 2
	vldmdb		rmask!, {d14-d15}	@ R1' mask of round j
	.endif
	mix_columns	\m, ENC_SB_OUT, ENC_SB_OUT_D
	load_key_hi				@ AddRoundKey j
	veor		q8, q8, q0
	veor		q9, q9, q1
	veor		q10, q10, q2
	veor		q11, q11, q3
	veor		q12, q12, q4
	veor		q13, q13, q5
	veor		q14, q14, q6
	veor		q0, q7, q15
	subs		rctr, rctr, #1
	.endm

	/*
	 * Encrypt eight blocks: q0-q7 in, q0-q7 out (block i in qi).
	 * bskey (r2), rounds (r3).  Clobbers q8-q15, r8-r10, ip, flags, the
	 * spill slots.  Internal: called with bl from the entry points below
	 * (their frame); lr is kept at SAVED_LR meanwhile, so that ip and lr
	 * are both spill pointers, at sp + ENC_IP0 / ENC_LR0 between the
	 * S-boxes (see sbox_enc).  The middle rounds are unrolled four times
	 * (their MixColumns' differ by j % 4) and leave after any of them.
	 */
	.align	2
.Laes_encrypt8:
	str		lr, [sp, #SAVED_LR]
	adr		rmask, .Lfs_first
	transpose8	q0, q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, q12, q13, q14
	mov		rk, bskey
	load_key_hi				@ AddRoundKey 0
	xor_lo_hi
	shift_rows				@ to row-major, q8-q14, q0
	add		rmask, rmask, #(.Lfs_last - .Lfs_first - 16)
	sub		rctr, rounds, #1
	add		ip, sp, #ENC_IP0
	add		lr, sp, #ENC_LR0
0:	enc_round	1
	beq		1f
	enc_round	2
	beq		1f
	enc_round	3
	beq		1f
	enc_round	0
	bne		0b
1:	sbox_enc
	add		rmask, rmask, rounds, lsl #3	@ back at .Lfs_last
	and		rctr, rounds, #2
	add		rmask, rmask, rctr, lsl #3	@ + 16 for Nr % 4 = 2
	vld1.8		{d14-d15}, [rmask :128]
	perm_lo		ENC_SB_OUT_D
	load_key_hi				@ AddRoundKey Nr
	xor_lo_hi
	transpose8	q0, q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, q12, q13, q14
	ldr		lr, [sp, #SAVED_LR]
	bx		lr

	/*
	 * Decrypt eight blocks: q0-q7 in, q0-q7 out.  Same contract as above,
	 * not fixsliced (see "Fixslicing" above).  The round keys of the
	 * decryption schedule (bskey + 15 * 128) are walked from Nr down to 0.
	 * ip and lr stay at sp + DEC_IP0 / DEC_LR0 between the S-boxes.
	 */
	/*
	 * InvShiftRows masks (vtbl indices: out[p] = in[mask[p]]): the last
	 * round's mask at .Lsr_dec, the first round's at + 16, then the
	 * middle-round mask 12 times (AES-256 has 12 middle rounds).  The
	 * loop's shift_rows loads with post-increment from + 16 and needs no
	 * pointer fix-up; after the Nr - 1 loop rounds rmask is
	 * .Lsr_dec + 16 * Nr, and one "sub rmask, rmask, rounds, lsl #4" gives
	 * the last mask.
	 */
	.align	4
.Lsr_dec:
	/* last: row-major in, InvShiftRows, column-major out */
	.byte	0, 7, 10, 13, 1, 4, 11, 14, 2, 5, 8, 15, 3, 6, 9, 12
	/* first: column-major in, InvShiftRows, row-major out */
	.byte	0, 4, 8, 12, 13, 1, 5, 9, 10, 14, 2, 6, 7, 11, 15, 3
	/* middle: out[4r+c] = in[4r + (c-r)%4] */
	.rept	12
	.byte	0, 1, 2, 3, 7, 4, 5, 6, 10, 11, 8, 9, 13, 14, 15, 12
	.endr

	.align	2
.Laes_decrypt8:
	str		lr, [sp, #SAVED_LR]
	adr		rmask, .Lsr_dec + 16
	transpose8	q0, q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, q12, q13, q14
	add		rk, bskey, rounds, lsl #7
	add		rk, rk, #(16 * 128)	@ end of decryption round key Nr
	load_key_hi_down			@ AddRoundKey Nr
	xor_lo_hi
	sub		rctr, rounds, #1
	add		ip, sp, #DEC_IP0
	add		lr, sp, #DEC_LR0
0:	shift_rows
	sbox_dec
	load_key_lo_down			@ AddRoundKey r
	xor_lo_into	DEC_SB_OUT
	inv_mix_pre	DEC_SB_OUT, q0, q1, q2, q3, q4, q5, q6, q7
	mix_columns	0, DEC_SB_OUT
	subs		rctr, rctr, #1
	bne		0b
	sub		rmask, rmask, rounds, lsl #4
	shift_rows
	sbox_dec
	load_key_lo_down			@ AddRoundKey 0
	xor_into_lo	DEC_SB_OUT
	transpose8	q0, q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, q12, q13, q14
	ldr		lr, [sp, #SAVED_LR]
	bx		lr

	/* entry: save registers, load arguments 5 and 6, align the frame */
	.macro	frame_enter
	push		{r4-r11, lr}
	vpush		{d8-d15}
	ldr		blocks, [sp, #ARG5]
	ldr		ivp, [sp, #ARG6]
	mov		ip, sp
	sub		lr, sp, #FRAME
	bic		lr, lr, #15
	mov		sp, lr
	str		ip, [sp, #OLDSP]
	.endm

	/* wipe the spill slots and the chaining/tweak area, then return */
	.macro	frame_leave
	vmov.i8		q8, #0
	mov		r6, sp
	.rept		OLDSP / 16
	vst1.64		{q8}, [r6 :128]!
	.endr
	ldr		ip, [sp, #OLDSP]
	mov		sp, ip
	vpop		{d8-d15}
	pop		{r4-r11, lr}
	bx		lr
	.endm

	/*
	 * load (op vld1.8) or store (op vst1.8) min(n, 8) blocks at ptr
	 * (post-incremented): a whole batch with four two-register
	 * instructions (the registers come in consecutive pairs), a partial
	 * one block by block out of line (n is a public count)
	 */
	.macro	move_blocks, op, ptr, n, x0, x1, x2, x3, x4, x5, x6, x7
	cmp		\n, #8
	blt		8f
	\op		{\x0, \x1}, [\ptr]!
	\op		{\x2, \x3}, [\ptr]!
	\op		{\x4, \x5}, [\ptr]!
	\op		{\x6, \x7}, [\ptr]!
9:
	.subsection	1
8:	\op		{\x0}, [\ptr]!
	.irp		k, 2, 3, 4, 5, 6, 7
	cmp		\n, #\k
	blt		9b
	.if		\k == 2
	\op		{\x1}, [\ptr]!
	.elseif		\k == 3
	\op		{\x2}, [\ptr]!
	.elseif		\k == 4
	\op		{\x3}, [\ptr]!
	.elseif		\k == 5
	\op		{\x4}, [\ptr]!
	.elseif		\k == 6
	\op		{\x5}, [\ptr]!
	.else
	\op		{\x6}, [\ptr]!
	.endif
	.endr
	b		9b
	.previous
	.endm

	.macro	load_blocks, ptr, n, x0, x1, x2, x3, x4, x5, x6, x7
	move_blocks	vld1.8, \ptr, \n, \x0, \x1, \x2, \x3, \x4, \x5, \x6, \x7
	.endm

	.macro	store_blocks, ptr, n, x0, x1, x2, x3, x4, x5, x6, x7
	move_blocks	vst1.8, \ptr, \n, \x0, \x1, \x2, \x3, \x4, \x5, \x6, \x7
	.endm

	/* ip = address of area slot min(blocks, 8) (clobbers r6) */
	.macro	area_slot_n
	mov		r6, blocks
	cmp		r6, #8
	it		gt
	movgt		r6, #8
	add		ip, sp, #AREA
	add		ip, ip, r6, lsl #4
	.endm

/*
 * void ctneon_bs_convert_key(u8 *bskey, const u8 *std, int rounds)
 * r0: bit-sliced keys out (CTNEON_BS_KEY_SIZE bytes), r1: FIPS-197 round
 * keys, r2: rounds.  Clobbers q0-q15 (d8-d15 saved), r1-r3, ip, flags.
 */
	.macro	bs_key_store
	vmov		q1, q0
	vmov		q2, q0
	vmov		q3, q0
	vmov		q4, q0
	vmov		q5, q0
	vmov		q6, q0
	vmov		q7, q0
	transpose8	q0, q1, q2, q3, q4, q5, q6, q7, q8, q9, q10, q11, q12, q13, q14
	vst1.8		{q0-q1}, [r0]!
	vst1.8		{q2-q3}, [r0]!
	vst1.8		{q4-q5}, [r0]!
	vst1.8		{q6-q7}, [r0]!
	.endm

	/*
	 * the next FIPS-197 round key (r1, post-incremented) ^ 0x63, byte
	 * permuted by the vtbl mask in q15, stored
	 */
	.macro	bs_key_permuted
	vld1.8		{q0}, [r1]!
	vmov.i8		q8, #0x63
	veor		q8, q0, q8
	vtbl.8		d0, {d16-d17}, d30
	vtbl.8		d1, {d16-d17}, d31
	bs_key_store
	.endm

	/* the last FIPS-197 round key (r1) ^ 0x63, column-major, stored */
	.macro	bs_key_last
	vld1.8		{q0}, [r1]
	vmov.i8		q8, #0x63
	veor		q0, q0, q8
	bs_key_store
	.endm

	/*
	 * the round keys of the fixsliced encryption's middle rounds j in the
	 * storage order of j % 4 (vtbl indices, column-major FIPS-197 key in;
	 * j % 4 = 0 is row-major, as the decryption's middle rounds)
	 */
	.align	4
.Lfs_key:
	.byte	0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
	.byte	0, 4, 8, 12, 13, 1, 5, 9, 10, 14, 2, 6, 7, 11, 15, 3
	.byte	0, 4, 8, 12, 9, 13, 1, 5, 2, 6, 10, 14, 11, 15, 3, 7
	.byte	0, 4, 8, 12, 5, 9, 13, 1, 10, 14, 2, 6, 15, 3, 7, 11

/*
 * Two schedules: the fixsliced encryption's at bskey (round 0 and Nr
 * column-major, middle round j in the storage order of j % 4, .Lfs_key),
 * the decryption's at bskey + 15 * 128 (round 0 and Nr column-major, the
 * middle rounds row-major); rounds 1..Nr carry ^0x63 in both.
 */
SYM_FUNC_START(ctneon_bs_convert_key)
	push		{r4-r7}
	vpush		{d8-d15}
	mov		r4, r0
	mov		r5, r1
	adr		r3, .Lfs_key
	vld1.8		{q0}, [r1]!		@ encryption round 0
	bs_key_store
	mov		r6, #1
0:	and		r7, r6, #3		@ middle round r6
	add		ip, r3, r7, lsl #4
	vld1.8		{q15}, [ip]
	bs_key_permuted
	add		r6, r6, #1
	cmp		r6, r2
	bne		0b
	bs_key_last				@ encryption round Nr
	add		r0, r4, #(15 * 128)
	mov		r1, r5
	vld1.8		{q0}, [r1]!		@ decryption round 0
	bs_key_store
	vld1.8		{q15}, [r3]		@ row-major
	sub		r2, r2, #1
1:	bs_key_permuted				@ rounds 1..Nr-1
	subs		r2, r2, #1
	bne		1b
	bs_key_last
	vpop		{d8-d15}
	pop		{r4-r7}
	bx		lr
SYM_FUNC_END(ctneon_bs_convert_key)

/*
 * void ctneon_bs_ecb_encrypt(u8 *out, const u8 *in, const u8 *bskey,
 *			      int rounds, int blocks)
 * void ctneon_bs_ecb_decrypt(u8 *out, const u8 *in, const u8 *bskey,
 *			      int rounds, int blocks)
 * Clobbers q0-q15 (d8-d15 saved), r0-r3, ip, flags.
 */
	.macro	ecb_crypt, core
	frame_enter
	cmp		blocks, #0
	ble		2f
1:	load_blocks	in, blocks, q0, q1, q2, q3, q4, q5, q6, q7
	bl		\core
	store_blocks	out, blocks, q0, q1, q2, q3, q4, q5, q6, q7
	subs		blocks, blocks, #8
	bgt		1b
2:	frame_leave
	.endm

SYM_FUNC_START(ctneon_bs_ecb_encrypt)
	ecb_crypt	.Laes_encrypt8
SYM_FUNC_END(ctneon_bs_ecb_encrypt)

SYM_FUNC_START(ctneon_bs_ecb_decrypt)
	ecb_crypt	.Laes_decrypt8
SYM_FUNC_END(ctneon_bs_ecb_decrypt)

/*
 * void ctneon_bs_cbc_decrypt(u8 *out, const u8 *in, const u8 *bskey,
 *			      int rounds, int blocks, u8 iv[16])
 * The stack area holds [chaining value, C0..C7] of a batch: P_i = D(C_i) ^
 * area[i], the next chaining value is area[min(blocks, 8)].  Clobbers
 * q0-q15 (d8-d15 saved), r0-r3, ip, flags.
 */
SYM_FUNC_START(ctneon_bs_cbc_decrypt)
	frame_enter
	vld1.8		{q0}, [ivp]
	add		ip, sp, #AREA
	vst1.64		{q0}, [ip :128]
	cmp		blocks, #0
	ble		2f
1:	load_blocks	in, blocks, q0, q1, q2, q3, q4, q5, q6, q7
	add		ip, sp, #(AREA + 16)
	vst1.64		{q0-q1}, [ip :128]!
	vst1.64		{q2-q3}, [ip :128]!
	vst1.64		{q4-q5}, [ip :128]!
	vst1.64		{q6-q7}, [ip :128]
	bl		.Laes_decrypt8
	add		ip, sp, #AREA
	vld1.64		{q8-q9}, [ip :128]!
	vld1.64		{q10-q11}, [ip :128]!
	vld1.64		{q12-q13}, [ip :128]!
	vld1.64		{q14-q15}, [ip :128]
	xor_lo_hi
	store_blocks	out, blocks, q0, q1, q2, q3, q4, q5, q6, q7
	area_slot_n
	vld1.64		{q0}, [ip :128]
	add		ip, sp, #AREA
	vst1.64		{q0}, [ip :128]
	subs		blocks, blocks, #8
	bgt		1b
2:	add		ip, sp, #AREA
	vld1.64		{q0}, [ip :128]
	vst1.8		{q0}, [ivp]
	frame_leave
SYM_FUNC_END(ctneon_bs_cbc_decrypt)

/*
 * void ctneon_bs_ctr_crypt(u8 *out, const u8 *in, const u8 *bskey,
 *			    int rounds, int blocks, u8 ctr[16])
 * The 128-bit big-endian counter lives in r6:r7:r11:r5 (most significant
 * word first) during the loop; each batch makes its eight values in NEON,
 * word-sliced with branch-free carries (ctr_blocks4: 44 instructions a
 * batch with the set-up, against 56 for eight scalar increments, vmov and
 * vrev32.8), the scalar counter then steps by 8 (adds/adcs), and the counter
 * is written back as the original value + blocks.  Clobbers q0-q15 (d8-d15
 * saved), r0-r3, ip, flags.
 */
	/*
	 * Four counter blocks w0..w3 (q registers, block j in lane j, the
	 * host-order words r6 (most significant), r7, r11, r5 broadcast in
	 * q8-q11) plus inc (lane j: the block's offset 0..7), without a
	 * branch: w3 = r5 + inc; c = (w3 < inc), all ones where it wrapped;
	 * w2 = r11 - c; c &= (w2 == 0); w1 = r7 - c; c &= (w1 == 0);
	 * w0 = r6 - c.  Then the words are transposed into blocks (w0 holds
	 * block 0 .. w3 block 3) and byte-reversed to big endian; w0h ..
	 * w3l name the d halves the transpose swaps.  Clobbers q14, q15.
	 */
	.macro	ctr_blocks4, w0, w1, w2, w3, w0h, w1h, w2l, w3l, inc
	vadd.i32	\w3, q11, \inc
	vclt.u32	q14, \w3, \inc
	vsub.i32	\w2, q10, q14
	vceq.i32	q15, \w2, #0
	vand		q14, q14, q15
	vsub.i32	\w1, q9, q14
	vceq.i32	q15, \w1, #0
	vand		q14, q14, q15
	vsub.i32	\w0, q8, q14
	vtrn.32		\w0, \w1
	vtrn.32		\w2, \w3
	vswp		\w0h, \w2l
	vswp		\w1h, \w3l
	vrev32.8	\w0, \w0
	vrev32.8	\w1, \w1
	vrev32.8	\w2, \w2
	vrev32.8	\w3, \w3
	.endm

	.align	4
.Lctr_incs:
	.word	0, 1, 2, 3, 4, 5, 6, 7

SYM_FUNC_START(ctneon_bs_ctr_crypt)
	frame_enter
	str		blocks, [sp, #SAVED_N]
	cmp		blocks, #0
	ble		2f
	ldr		r6, [ivp]
	ldr		r7, [ivp, #4]
	ldr		r11, [ivp, #8]
	ldr		r5, [ivp, #12]
	rev		r6, r6
	rev		r7, r7
	rev		r11, r11
	rev		r5, r5
1:
	adr		ip, .Lctr_incs
	vdup.32		q8, r6
	vdup.32		q9, r7
	vdup.32		q10, r11
	vdup.32		q11, r5
	vld1.32		{q12-q13}, [ip :128]
	ctr_blocks4	q0, q1, q2, q3, d1, d3, d4, d6, q12
	ctr_blocks4	q4, q5, q6, q7, d9, d11, d12, d14, q13
	adds		r5, r5, #8		@ ctr += 8 for the next batch
	adcs		r11, r11, #0
	adcs		r7, r7, #0
	adc		r6, r6, #0
	bl		.Laes_encrypt8
	load_blocks	in, blocks, q8, q9, q10, q11, q12, q13, q14, q15
	xor_lo_hi
	store_blocks	out, blocks, q0, q1, q2, q3, q4, q5, q6, q7
	subs		blocks, blocks, #8
	bgt		1b
	ldr		ip, [sp, #OLDSP]	@ ctr = original + blocks
	ldr		ivp, [ip, #ARG6]
	ldr		blocks, [sp, #SAVED_N]
	ldr		r6, [ivp]
	ldr		r7, [ivp, #4]
	ldr		r11, [ivp, #8]
	ldr		ip, [ivp, #12]
	rev		r6, r6
	rev		r7, r7
	rev		r11, r11
	rev		ip, ip
	adds		ip, ip, blocks
	adcs		r11, r11, #0
	adcs		r7, r7, #0
	adc		r6, r6, #0
	rev		r6, r6
	rev		r7, r7
	rev		r11, r11
	rev		ip, ip
	str		r6, [ivp]
	str		r7, [ivp, #4]
	str		r11, [ivp, #8]
	str		ip, [ivp, #12]
2:	frame_leave
SYM_FUNC_END(ctneon_bs_ctr_crypt)

/*
 * void ctneon_bs_xts_encrypt(u8 *out, const u8 *in, const u8 *bskey,
 *			      int rounds, int blocks, u8 tweak[16])
 * void ctneon_bs_xts_decrypt(u8 *out, const u8 *in, const u8 *bskey,
 *			      int rounds, int blocks, u8 tweak[16])
 * Per batch the stack area holds T, T*x, ..., T*x^8; block i uses area[i]
 * before and after the core, and the next batch starts from
 * area[min(blocks, 8)].  Doubling in GF(2^128) (IEEE 1619, little-endian):
 * each 64-bit lane shifts left by one, the carry out of lane 0 enters lane 1
 * and the carry out of lane 1 enters lane 0 as 0x87.  Clobbers q0-q15
 * (d8-d15 saved), r0-r3, r6, ip, flags.
 */
	.macro	xts_crypt, core
	frame_enter
	vld1.8		{q8}, [ivp]
	cmp		blocks, #0
	ble		2f
1:	mov		r6, #0			@ q15 = {0x87, 1}
	mov		ip, #0x87
	vmov		d30, ip, r6
	mov		ip, #1
	vmov		d31, ip, r6
	add		ip, sp, #AREA
	vst1.64		{q8}, [ip :128]!
	.rept		8
	vshr.s64	q9, q8, #63
	vadd.i64	q8, q8, q8
	vext.8		q9, q9, q9, #8
	vand		q9, q9, q15
	veor		q8, q8, q9
	vst1.64		{q8}, [ip :128]!
	.endr
	load_blocks	in, blocks, q0, q1, q2, q3, q4, q5, q6, q7
	add		ip, sp, #AREA
	vld1.64		{q8-q9}, [ip :128]!
	vld1.64		{q10-q11}, [ip :128]!
	vld1.64		{q12-q13}, [ip :128]!
	vld1.64		{q14-q15}, [ip :128]
	xor_lo_hi
	bl		\core
	add		ip, sp, #AREA
	vld1.64		{q8-q9}, [ip :128]!
	vld1.64		{q10-q11}, [ip :128]!
	vld1.64		{q12-q13}, [ip :128]!
	vld1.64		{q14-q15}, [ip :128]
	xor_lo_hi
	store_blocks	out, blocks, q0, q1, q2, q3, q4, q5, q6, q7
	area_slot_n
	vld1.64		{q8}, [ip :128]
	subs		blocks, blocks, #8
	bgt		1b
2:	vst1.8		{q8}, [ivp]
	frame_leave
	.endm

SYM_FUNC_START(ctneon_bs_xts_encrypt)
	xts_crypt	.Laes_encrypt8
SYM_FUNC_END(ctneon_bs_xts_encrypt)

SYM_FUNC_START(ctneon_bs_xts_decrypt)
	xts_crypt	.Laes_decrypt8
SYM_FUNC_END(ctneon_bs_xts_decrypt)
