// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: key expansion and the portable constant-time AES.
 *
 * Design notes
 * ------------
 * This file has two jobs.
 *
 * 1. Key expansion (FIPS-197 section 5.2) for 128, 192 and 256-bit keys,
 *    and the conversion of the round keys into the forms the vpaes cores want
 *    (vpaes-tables.h explains the tower-field basis phi):
 *      enc[0] = phi(w[0]), enc[r] = phi(w[r] ^ 0x63..) for 0 < r < Nr,
 *      enc[Nr] = w[Nr] ^ 0x63..   (the S-box constant, pushed through
 *                                  MixColumns unchanged, rides on the key)
 *      dec[0] = phi(B(w[Nr]) ^ 5), dec[r] = phi(B(InvMixColumns(w[Nr-r])) ^ 5),
 *      dec[Nr] = w[0]             (B = inverse of the S-box linear map; the
 *                                  cores keep the decryption state as
 *                                  phi(B(y) ^ 5), the input of the inversion)
 *    phi and B are GF(2)-linear maps on bytes, applied here as a sum of
 *    masked columns: no table is indexed by key bytes.
 *
 * 2. The portable AES that runs where NEON may not be used: a 32-bit
 *    bit-sliced AES on two blocks at a time.
 *
 *    Layout.  Eight u32 words q[0..7]; q[i] holds bit i of all 32 bytes of
 *    the two blocks, byte r + 4c of block b (row r, column c) at bit
 *    8r + 2c + b.  So each row of the state is one byte of every word, and
 *    inside that byte the columns are bit pairs.  The state stays in this
 *    form through all the rounds:
 *      ShiftRows     row r turns by 2r bits inside its byte (masks, shifts);
 *                    encryption is fixsliced and skips it (bs_encrypt);
 *      MixColumns    the next row is the word rotated by 8, so with
 *                    t = a ^ ror8(a): out = 2t ^ ror8(a) ^ ror16(t), the
 *                    doubling being a renaming of the words plus three XORs
 *                    of the top word (0x1b);
 *      InvMixColumns a ^= 4(a ^ ror16(a)), then MixColumns (the circulant
 *                    (14,11,13,9) is (2,3,1,1) times (5,0,4,0));
 *      SubBytes      a Boolean circuit of 115 gates (34 AND, 81 XOR)
 *                    and 4 NOT: the nonlinear middle of Boyar and
 *                    Peralta's depth-16 circuit ("A depth-16 circuit for
 *                    the AES S-box", 2011: the inversion in a tower field)
 *                    between linear layers (basis changes and the affine
 *                    map) found by their distance heuristic, 23 and 29
 *                    XORs instead of the paper's 27 and 38 (the forward
 *                    program of scripts/neonbs-gen/sbox-circuits.txt; the
 *                    arm64 bit-sliced core uses a 116-gate variant with a
 *                    shallower top), printed by
 *                    scripts/neonbs-gen/portable.py (which checks it on
 *                    all 256 inputs) and checked against all 256 values
 *                    of the S-box by the unit tests (costs below);
 *      InvSubBytes   S^-1(x) = A'(S(A'(x) ^ 5)) ^ 5, A' the inverse of the
 *                    S-box linear map (bit i = bits i+2, i+5, i+7): the same
 *                    circuit between two linear layers of 16 XORs;
 *      AddRoundKey   eight XORs with the round key in the same form, made
 *                    from key->std[] once per call (both halves hold it).
 *    Entering and leaving the form is an 8 x 8 bit transpose inside each
 *    byte lane (three layers of swaps) of the eight little-endian column
 *    words c0b0, c0b1, c1b0, ..., c3b1.
 *
 *    Modes.  ECB, CBC decryption, CTR and XTS take two blocks per pass of
 *    the cipher; CBC encryption (a chain) and the single-block entry points
 *    run one block with the other half of the batch idle.
 *
 *    Constant time.  Only AND, XOR, NOT, shifts and rotations by constants
 *    touch secret values; every loop count and every branch depends on the
 *    lengths and the round count only, and no memory address depends on
 *    the key or the data (no table at all).  The bit-sliced key schedule
 *    and the keystream and block buffers are wiped before returning.  The
 *    cipher state itself is a local array that never escapes: the compiler
 *    keeps it in registers and in stack spill slots of its own, which C
 *    cannot reach to wipe (the S-box's spills were never wiped either).
 *
 *    Code shape.  Every step of a round (SubBytes, ShiftRows, MixColumns,
 *    AddRoundKey, the transposes) is written out word by word and inlined
 *    into the two-block batch, so that the state stays in registers; CTR
 *    builds its counter blocks as byte-swapped words straight into the
 *    state and XORs the keystream word-wise (crypto_xor_cpy).  With loops
 *    of eight over a state array passed between functions, and a wipe of
 *    every temporary, the same circuit cost 1.7 to 2.7 times as many
 *    instructions.
 *
 *    Cost, executed instructions counted with the QEMU plugin
 *    (tests/ct/portable-count.sh: gcc -O2 with the kernel's integer-only
 *    code generation, -mfpu=vfpv3-d16 on arm, -mgeneral-regs-only on
 *    arm64), AES-128, 2026-12-04, with the 115-gate S-box and fixsliced
 *    encryption (in brackets: before fixslicing; with the paper's 128
 *    gates):
 *                             32-bit arm                 arm64
 *      CTR, 4 KiB             109 /B (132; 138)          82 /B (109; 113)
 *      CBC decryption, 4 KiB  144 /B (144; 150)          120 /B (120; 124)
 *      XTS encryption, 4 KiB  118 /B (142; 146)          88 /B (115; 120)
 *      one block, encrypt     5,897 (5,293; 5,424)       4,261 (4,183; 4,331)
 *      one block, decrypt     5,710 (5,669; 5,878)       4,689 (4,660; 4,774)
 *    Before the round steps were written out (2026-12-03) CTR took 233 and
 *    215 per byte, one decryption 15,126 and 12,797 instructions (the
 *    figures published for that shape, 135 and 113 per byte for CTR, were
 *    counted with NEON enabled in user space, where gcc vectorised its
 *    loops of eight; the kernel never does).  A single block pays for the
 *    conversion of the whole key schedule (some 1,000 instructions;
 *    encryption's permuted keys some 300 more) and for a batch of two.
 */
#ifdef __KERNEL__
#include <linux/string.h>
#include <linux/export.h>
#include <crypto/algapi.h>
#endif
#include "aes-ct.h"
#include "vpaes-tables.h"

/* ---- the bit-sliced form ------------------------------------------------ */

static u32 load_le32(const u8 *p)
{
	return p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static void store_le32(u8 *p, u32 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
	p[2] = (u8)(v >> 16);
	p[3] = (u8)(v >> 24);
}

static inline u32 ror32c(u32 v, unsigned int n)
{
	return v >> n | v << (32 - n);
}

/* exchange the bits of *lo under mask with those of *hi under mask << n */
static inline void bit_swap(u32 *hi, u32 *lo, u32 mask, unsigned int n)
{
	u32 d = ((*hi >> n) ^ *lo) & mask;

	*lo ^= d;
	*hi ^= d << n;
}

/*
 * Transpose the 8 x 8 bit matrix in each byte lane of w[0..7] (bit i of
 * word j <-> bit j of word i): swap the off-diagonal 4 x 4 blocks, then
 * the 2 x 2 blocks inside those, then single bits.  Its own inverse.
 */
static __always_inline void lane_transpose(u32 w[8])
{
	bit_swap(&w[0], &w[4], 0x0f0f0f0f, 4);
	bit_swap(&w[1], &w[5], 0x0f0f0f0f, 4);
	bit_swap(&w[2], &w[6], 0x0f0f0f0f, 4);
	bit_swap(&w[3], &w[7], 0x0f0f0f0f, 4);
	bit_swap(&w[0], &w[2], 0x33333333, 2);
	bit_swap(&w[1], &w[3], 0x33333333, 2);
	bit_swap(&w[4], &w[6], 0x33333333, 2);
	bit_swap(&w[5], &w[7], 0x33333333, 2);
	bit_swap(&w[0], &w[1], 0x55555555, 1);
	bit_swap(&w[2], &w[3], 0x55555555, 1);
	bit_swap(&w[4], &w[5], 0x55555555, 1);
	bit_swap(&w[6], &w[7], 0x55555555, 1);
}

/* two blocks into the bit-sliced form (b0 and b1 may be the same) */
static __always_inline void bs_load(u32 q[8], const u8 *b0, const u8 *b1)
{
	q[0] = load_le32(b0);
	q[1] = load_le32(b1);
	q[2] = load_le32(b0 + 4);
	q[3] = load_le32(b1 + 4);
	q[4] = load_le32(b0 + 8);
	q[5] = load_le32(b1 + 8);
	q[6] = load_le32(b0 + 12);
	q[7] = load_le32(b1 + 12);
	lane_transpose(q);
}

/* and back out (q is left transposed) */
static __always_inline void bs_store(u8 *b0, u8 *b1, u32 q[8])
{
	lane_transpose(q);
	store_le32(b0, q[0]);
	store_le32(b1, q[1]);
	store_le32(b0 + 4, q[2]);
	store_le32(b1 + 4, q[3]);
	store_le32(b0 + 8, q[4]);
	store_le32(b1 + 8, q[5]);
	store_le32(b0 + 12, q[6]);
	store_le32(b1 + 12, q[7]);
}

/*
 * SubBytes on all 32 bytes (the circuit: see the top of the file).  Its
 * inputs u0..u7 are the bits of the byte from the most significant down
 * (u0 = q[7]), its outputs likewise (s0 -> q[7]).  Three layers: a linear
 * top (23 XORs) that makes the operands of the inversion, the nonlinear
 * middle (the GF(2^4) inversion and the products of the tower field), a
 * linear bottom (29 XORs) that makes the output bits with the affine map
 * folded in; the constant 0x63 is the four complements at the end.
 * Generated by scripts/neonbs-gen/portable.py; do not edit by hand.
 */
static __always_inline void bs_sbox(u32 q[8])
{
	u32 u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];
	u32 u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];
	u32 t1, t2, t3, t4, t6, t8, t9, t10, t13, t14, t15, t16;
	u32 t17, t19, t20, t22, t23, t24, t25, t26, t27;
	u32 a14, a20;
	u32 m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12;
	u32 m13, m14, m15, m16, m17, m18, m19, m20, m21, m22, m23, m24;
	u32 m25, m26, m27, m28, m29, m30, m31, m32, m33, m34, m35, m36;
	u32 m37, m38, m39, m40, m41, m42, m43, m44, m45, m46, m47, m48;
	u32 m49, m50, m51, m52, m53, m54, m55, m56, m57, m58, m59, m60;
	u32 m61, m62, m63;
	u32 b19, b20, b21, b22, b23, b24, b25, b26, b28, b30, b31, b33;
	u32 b34, b35, b36, b38, b40, b42, b43, b45, b46;
	u32 s0, s1, s2, s3, s4, s5, s6, s7;

	/* top linear layer */
	t3 = u6 ^ u0;
	t4 = u5 ^ u3;
	t2 = u5 ^ u0;
	t1 = u3 ^ u0;
	t13 = t3 ^ t4;
	a14 = u4 ^ t13;
	t6 = u5 ^ a14;
	t8 = u7 ^ t6;
	t14 = u1 ^ a14;
	t15 = t1 ^ t14;
	t17 = u7 ^ t15;
	a20 = u2 ^ u1;
	t9 = u7 ^ a20;
	t22 = u6 ^ t9;
	t19 = u3 ^ t9;
	t20 = u0 ^ t9;
	t23 = t2 ^ t22;
	t10 = t6 ^ a20;
	t24 = t2 ^ t10;
	t16 = t15 ^ a20;
	t25 = u0 ^ t16;
	t26 = u6 ^ t25;
	t27 = t6 ^ t16;

	/* middle: the shared nonlinear part */
	m1 = t13 & t6;
	m2 = t23 & t8;
	m3 = t14 ^ m1;
	m4 = t19 & u7;
	m5 = m4 ^ m1;
	m6 = t3 & t16;
	m7 = t22 & t9;
	m8 = t26 ^ m6;
	m9 = t20 & t17;
	m10 = m9 ^ m6;
	m11 = t1 & t15;
	m12 = t4 & t27;
	m13 = m12 ^ m11;
	m14 = t2 & t10;
	m15 = m14 ^ m11;
	m16 = m3 ^ m2;
	m17 = m5 ^ t24;
	m18 = m8 ^ m7;
	m19 = m10 ^ m15;
	m20 = m16 ^ m13;
	m21 = m17 ^ m15;
	m22 = m18 ^ m13;
	m23 = m19 ^ t25;
	m24 = m22 ^ m23;
	m25 = m22 & m20;
	m26 = m21 ^ m25;
	m27 = m20 ^ m21;
	m28 = m23 ^ m25;
	m29 = m28 & m27;
	m30 = m26 & m24;
	m31 = m20 & m23;
	m32 = m27 & m31;
	m33 = m27 ^ m25;
	m34 = m21 & m22;
	m35 = m24 & m34;
	m36 = m24 ^ m25;
	m37 = m21 ^ m29;
	m38 = m32 ^ m33;
	m39 = m23 ^ m30;
	m40 = m35 ^ m36;
	m41 = m38 ^ m40;
	m42 = m37 ^ m39;
	m43 = m37 ^ m38;
	m44 = m39 ^ m40;
	m45 = m42 ^ m41;
	m46 = m44 & t6;
	m47 = m40 & t8;
	m48 = m39 & u7;
	m49 = m43 & t16;
	m50 = m38 & t9;
	m51 = m37 & t17;
	m52 = m42 & t15;
	m53 = m45 & t27;
	m54 = m41 & t10;
	m55 = m44 & t13;
	m56 = m40 & t23;
	m57 = m39 & t19;
	m58 = m43 & t3;
	m59 = m38 & t22;
	m60 = m37 & t20;
	m61 = m42 & t1;
	m62 = m45 & t4;
	m63 = m41 & t2;

	/* bottom linear layer */
	b19 = m61 ^ m62;
	b20 = m56 ^ b19;
	b21 = m55 ^ b20;
	b22 = m47 ^ b21;
	b23 = m49 ^ m50;
	b24 = m54 ^ m58;
	b25 = m46 ^ m48;
	b26 = m46 ^ b22;
	s3 = b23 ^ b26;
	b28 = m52 ^ m53;
	s1 = b26 ^ b28;
	b30 = m49 ^ b25;
	b31 = m51 ^ b30;
	s4 = s3 ^ b31;
	b33 = m59 ^ b19;
	b34 = m50 ^ b24;
	b35 = m53 ^ b34;
	b36 = b31 ^ b33;
	s7 = m58 ^ b36;
	b38 = b30 ^ b35;
	s6 = b36 ^ b38;
	b40 = b23 ^ b28;
	s0 = b21 ^ b40;
	b42 = m60 ^ b38;
	b43 = m57 ^ b20;
	s5 = b42 ^ b43;
	b45 = m61 ^ b40;
	b46 = m63 ^ b42;
	s2 = b45 ^ b46;

	/* the S-box constant 0x63: bits 6, 5, 1, 0 */
	q[7] = s0;
	q[6] = ~s1;
	q[5] = ~s2;
	q[4] = s3;
	q[3] = s4;
	q[2] = s5;
	q[1] = ~s6;
	q[0] = ~s7;
}

/*
 * y = A'(x) ^ 5: the inverse of the S-box's affine map, bitwise:
 * y[i] = x[i + 2] ^ x[i + 5] ^ x[i + 7] (indices mod 8), then bits 0
 * and 2 flipped.
 */
static __always_inline void bs_inv_affine(u32 q[8])
{
	u32 x0 = q[0], x1 = q[1], x2 = q[2], x3 = q[3];
	u32 x4 = q[4], x5 = q[5], x6 = q[6], x7 = q[7];

	q[0] = ~(x2 ^ x5 ^ x7);
	q[1] = x3 ^ x6 ^ x0;
	q[2] = ~(x4 ^ x7 ^ x1);
	q[3] = x5 ^ x0 ^ x2;
	q[4] = x6 ^ x1 ^ x3;
	q[5] = x7 ^ x2 ^ x4;
	q[6] = x0 ^ x3 ^ x5;
	q[7] = x1 ^ x4 ^ x6;
}

static __always_inline void bs_inv_sbox(u32 q[8])
{
	bs_inv_affine(q);
	bs_sbox(q);
	bs_inv_affine(q);
}

/*
 * InvShiftRows (decryption; encryption is fixsliced and has no ShiftRows):
 * row r turns right by r columns, 2r bits to the left inside byte r.
 * gcc turns each term into a shift, an AND and an ORR whichever way it is
 * written.  Hiding the masked value from the optimiser gets 32-bit arm's
 * two-instruction form (AND with an immediate, ORR with a shifted
 * operand), but the round then spilled more and ran 0.5% longer there
 * (arm64 gained 3 to 5%), so it stays plain C.
 */
static __always_inline u32 bs_inv_shift_row_word(u32 x)
{
	return (x & 0x000000ff) |
	       ((x & 0x00003f00) << 2) | ((x & 0x0000c000) >> 6) |
	       ((x & 0x00f00000) >> 4) | ((x & 0x000f0000) << 4) |
	       ((x & 0x03000000) << 6) | ((x & 0xfc000000) >> 2);
}

/* q[i] = f(q[i]) for each plane (f a constant: inlined) */
static __always_inline void bs_each_word(u32 q[8], u32 (*f)(u32))
{
	q[0] = f(q[0]);
	q[1] = f(q[1]);
	q[2] = f(q[2]);
	q[3] = f(q[3]);
	q[4] = f(q[4]);
	q[5] = f(q[5]);
	q[6] = f(q[6]);
	q[7] = f(q[7]);
}

static __always_inline void bs_inv_shift_rows(u32 q[8])
{
	bs_each_word(q, bs_inv_shift_row_word);
}

/* each byte of x turned right by n bits (n = 2, 4, 6): column c gets c + n/2 */
static __always_inline u32 byte_ror(u32 x, unsigned int n)
{
	const u32 lo = 0x01010101U * (0xffU >> n);

	return ((x >> n) & lo) | ((x << (8 - n)) & ~lo);
}

/*
 * The row rotations of MixColumns in encryption round j (mod 4) of the
 * fixsliced cipher (bs_encrypt), whose state is ShiftRows^-j of the true
 * one: R1' takes the next row and column c + j, R2' the row two down and
 * column c + 2j.  Round 0 mod 4 (and decryption) has the plain ones: the
 * word rotated by 8 and 16 bits.
 */
static __always_inline u32 bs_r1(u32 x, unsigned int j)
{
	x = ror32c(x, 8);
	return j % 4 ? byte_ror(x, 2 * (j % 4)) : x;
}

static __always_inline u32 bs_r2(u32 x, unsigned int j)
{
	x = ror32c(x, 16);
	return j % 2 ? byte_ror(x, 4) : x;
}

/*
 * MixColumns, with a[r] the byte in row r of a column (row r + 1 is the
 * next byte of the word, ror 8 brings it down):
 *   a'[r] = 2a[r] ^ 3a[r+1] ^ a[r+2] ^ a[r+3]
 *         = a[r+1] ^ (a[r+2] ^ a[r+3]) ^ 2(a[r] ^ a[r+1]),
 * so with t = a ^ R1(a): a' = R1(a) ^ R2(t) ^ 2t.  Doubling in GF(2^8),
 * bitwise, is a renaming of the bit planes plus the reduction 0x1b from
 * the top plane: 2t = (t7, t0^t7, t1, t2^t7, t3^t7, t4, t5, t6).  j selects
 * the row rotations of a fixsliced round (0: the plain MixColumns).
 */
static __always_inline void bs_mix_columns_j(u32 q[8], unsigned int j)
{
	u32 r0 = bs_r1(q[0], j), r1 = bs_r1(q[1], j), r2 = bs_r1(q[2], j);
	u32 r3 = bs_r1(q[3], j), r4 = bs_r1(q[4], j), r5 = bs_r1(q[5], j);
	u32 r6 = bs_r1(q[6], j), r7 = bs_r1(q[7], j);
	u32 t0 = q[0] ^ r0, t1 = q[1] ^ r1, t2 = q[2] ^ r2, t3 = q[3] ^ r3;
	u32 t4 = q[4] ^ r4, t5 = q[5] ^ r5, t6 = q[6] ^ r6, t7 = q[7] ^ r7;

	q[0] = r0 ^ bs_r2(t0, j) ^ t7;
	q[1] = r1 ^ bs_r2(t1, j) ^ t0 ^ t7;
	q[2] = r2 ^ bs_r2(t2, j) ^ t1;
	q[3] = r3 ^ bs_r2(t3, j) ^ t2 ^ t7;
	q[4] = r4 ^ bs_r2(t4, j) ^ t3 ^ t7;
	q[5] = r5 ^ bs_r2(t5, j) ^ t4;
	q[6] = r6 ^ bs_r2(t6, j) ^ t5;
	q[7] = r7 ^ bs_r2(t7, j) ^ t6;
}

/*
 * InvMixColumns = MixColumns after the pre-multiplication of each column
 * by (5, 0, 4, 0): a ^= 4(a ^ ror16(a)).  With t = a ^ ror16(a),
 * 4t = 2(2t) = (t6, t7^t6, t0^t7, t1^t6, t2^t7^t6, t3^t7, t4, t5).
 */
static __always_inline void bs_inv_mix_columns(u32 q[8])
{
	u32 t0 = q[0] ^ ror32c(q[0], 16), t1 = q[1] ^ ror32c(q[1], 16);
	u32 t2 = q[2] ^ ror32c(q[2], 16), t3 = q[3] ^ ror32c(q[3], 16);
	u32 t4 = q[4] ^ ror32c(q[4], 16), t5 = q[5] ^ ror32c(q[5], 16);
	u32 t6 = q[6] ^ ror32c(q[6], 16), t7 = q[7] ^ ror32c(q[7], 16);

	q[0] ^= t6;
	q[1] ^= t7 ^ t6;
	q[2] ^= t0 ^ t7;
	q[3] ^= t1 ^ t6;
	q[4] ^= t2 ^ t7 ^ t6;
	q[5] ^= t3 ^ t7;
	q[6] ^= t4;
	q[7] ^= t5;
	bs_mix_columns_j(q, 0);
}

static __always_inline void bs_add_key(u32 q[8], const u32 k[8])
{
	q[0] ^= k[0];
	q[1] ^= k[1];
	q[2] ^= k[2];
	q[3] ^= k[3];
	q[4] ^= k[4];
	q[5] ^= k[5];
	q[6] ^= k[6];
	q[7] ^= k[7];
}

/*
 * The round keys of key->std in the bit-sliced form, both halves; for
 * encryption round key r is first permuted by ShiftRows^-r (bs_encrypt).
 */
struct bs_key {
	u32 k[CTNEON_AES_MAX_ROUNDS + 1][8];
	int rounds;
};

static void bs_key_init(struct bs_key *bk, const struct ctneon_aes_key *key,
			int enc)
{
	u32 w[4];
	int r, c, n;

	bk->rounds = key->rounds;
	for (r = 0; r <= key->rounds; r++) {
		if (!enc) {
			bs_load(bk->k[r], key->std[r], key->std[r]);
			continue;
		}
		/*
		 * ShiftRows^-n on the column words: row i of column c comes
		 * from column c - n*i.  The word indices depend on r only.
		 */
		n = r % 4;
		for (c = 0; c < 4; c++)
			w[c] = load_le32(key->std[r] + 4 * c);
		for (c = 0; c < 4; c++)
			bk->k[r][2 * c] = bk->k[r][2 * c + 1] =
				(w[c] & 0x000000ff) |
				(w[(c - n) & 3] & 0x0000ff00) |
				(w[(c - 2 * n) & 3] & 0x00ff0000) |
				(w[(c - 3 * n) & 3] & 0xff000000);
		lane_transpose(bk->k[r]);
	}
	memzero_explicit(w, sizeof(w));
}

static void bs_key_wipe(struct bs_key *bk)
{
	memzero_explicit(bk, sizeof(*bk));
}

/* ShiftRows^2 (= ShiftRows^-2): rows 1 and 3 turn by two columns */
static __always_inline u32 bs_shift_row2_word(u32 x)
{
	return (x & 0x00ff00ff) | (byte_ror(x, 4) & 0xff00ff00);
}

/* a middle round j (mod 4) of the fixsliced encryption */
static __always_inline void bs_round_fs(u32 q[8], const u32 k[8],
					unsigned int j)
{
	bs_sbox(q);
	bs_mix_columns_j(q, j);
	bs_add_key(q, k);
}

/*
 * Encryption, fixsliced (after Adomnicai and Peyrin, "Fixslicing AES-like
 * ciphers", TCHES 2021/1): the middle rounds skip ShiftRows, so that after
 * round j the state is ShiftRows^-j of the true state.  SubBytes and
 * AddRoundKey work on each byte alone and do not mind; MixColumns takes
 * the conjugated row rotations (bs_r1, bs_r2: two more shift-and-mask
 * steps in odd rounds, one or none in even ones, instead of ShiftRows'
 * six on every plane) and round key r was permuted by ShiftRows^-r in
 * bs_key_init.  The last round adds its key (permuted by ShiftRows^-Nr
 * too) and applies ShiftRows^Nr: ShiftRows^2, or nothing for Nr = 12.
 * The middle rounds come in fours (j = 1, 2, 3, 0); Nr - 1 is odd, so the
 * loop leaves after j = 1 or 3.  Branches depend on the round count only.
 */
static __always_inline void bs_encrypt(const struct bs_key *bk, u32 q[8])
{
	int r;

	bs_add_key(q, bk->k[0]);
	for (r = 1; ; r += 4) {
		bs_round_fs(q, bk->k[r], 1);
		if (r + 1 == bk->rounds)
			break;
		bs_round_fs(q, bk->k[r + 1], 2);
		bs_round_fs(q, bk->k[r + 2], 3);
		if (r + 3 == bk->rounds)
			break;
		bs_round_fs(q, bk->k[r + 3], 0);
	}
	bs_sbox(q);
	bs_add_key(q, bk->k[bk->rounds]);
	if (bk->rounds != 12)
		bs_each_word(q, bs_shift_row2_word);
}

static __always_inline void bs_decrypt(const struct bs_key *bk, u32 q[8])
{
	int r;

	bs_add_key(q, bk->k[bk->rounds]);
	for (r = bk->rounds - 1; r > 0; r--) {
		bs_inv_shift_rows(q);
		bs_inv_sbox(q);
		bs_add_key(q, bk->k[r]);
		bs_inv_mix_columns(q);
	}
	bs_inv_shift_rows(q);
	bs_inv_sbox(q);
	bs_add_key(q, bk->k[0]);
}

/*
 * The two blocks of buf[0..31] through the cipher, in place.  The state
 * is a local array that never escapes, so the compiler keeps it in
 * registers; a memzero_explicit() here would force it into memory for the
 * whole batch, and could not reach the compiler's spill slots anyway.
 */
static void bs_crypt2(const struct bs_key *bk, int enc, u8 buf[32])
{
	u32 q[8];

	bs_load(q, buf, buf + 16);
	if (enc)
		bs_encrypt(bk, q);
	else
		bs_decrypt(bk, q);
	bs_store(buf, buf + 16, q);
}

/* ---- byte-level helpers for the key expansion ------------------------- */

/* SubBytes on the 4 bytes of a key word, through the same circuit */
static void sub_word(u8 t[4])
{
	u8 b[16] = { 0 };
	u32 q[8];

	memcpy(b, t, 4);
	bs_load(q, b, b);
	bs_sbox(q);
	bs_store(b, b, q);
	memcpy(t, b, 4);
	memzero_explicit(b, sizeof(b));
	memzero_explicit(q, sizeof(q));
}

static u8 xtime(u8 x)
{
	return (u8)((x << 1) ^ (0x1b & (0u - (x >> 7))));
}

static u8 gmul(u8 x, u8 c)	/* c public */
{
	u8 r = 0;

	while (c) {
		if (c & 1)
			r ^= x;
		x = xtime(x);
		c >>= 1;
	}
	return r;
}

static void inv_mix_columns(u8 s[16])
{
	int c, r;

	for (c = 0; c < 4; c++) {
		u8 a[4], *p = s + 4 * c;

		memcpy(a, p, 4);
		for (r = 0; r < 4; r++)
			p[r] = gmul(a[r], 14) ^ gmul(a[(r + 1) & 3], 11) ^
			       gmul(a[(r + 2) & 3], 13) ^ gmul(a[(r + 3) & 3], 9);
	}
}

/* a GF(2)-linear byte map given by the images of the 8 unit vectors */
static u8 linear_map(u8 x, const u8 cols[8])
{
	u8 r = 0;
	int m;

	for (m = 0; m < 8; m++)
		r ^= cols[m] & (u8)(0u - ((x >> m) & 1));
	return r;
}

/* ---- key expansion ------------------------------------------------------ */

int ctneon_aes_expandkey(struct ctneon_aes_key *key, const u8 *in_key,
			 unsigned int key_len)
{
	static const u8 phi_cols[8] = VPAES_PHI_COLS;
	static const u8 phib_cols[8] = VPAES_PHIB_COLS;
	u8 w[4 * (CTNEON_AES_MAX_ROUNDS + 1)][4];
	u8 t[16], rcon = 1;
	int nk, nr, n, r, b;

	/*
	 * Wipe first, on success too: a shorter key writes fewer rounds, and
	 * the rounds an earlier, longer key left past them would give that
	 * key back (an AES-256 key's last two round keys are the whole key).
	 */
	memzero_explicit(key, sizeof(*key));
	if (key_len != 16 && key_len != 24 && key_len != 32)
		return -EINVAL;
	nk = key_len / 4;
	nr = nk + 6;

	memcpy(w, in_key, key_len);
	for (n = nk; n < 4 * (nr + 1); n++) {
		memcpy(t, w[n - 1], 4);
		if (n % nk == 0) {
			u8 t0 = t[0];

			t[0] = t[1];
			t[1] = t[2];
			t[2] = t[3];
			t[3] = t0;
			sub_word(t);
			t[0] ^= rcon;
			rcon = xtime(rcon);
		} else if (nk > 6 && n % nk == 4) {
			sub_word(t);
		}
		for (b = 0; b < 4; b++)
			w[n][b] = w[n - nk][b] ^ t[b];
	}

	key->rounds = nr;
	memcpy(key->std, w, 16 * (nr + 1));
	for (r = 0; r <= nr; r++) {
		const u8 *wr = key->std[r];

		for (b = 0; b < 16; b++) {
			if (r == 0)
				key->enc[r][b] = linear_map(wr[b], phi_cols);
			else if (r < nr)
				key->enc[r][b] = linear_map(wr[b] ^ 0x63, phi_cols);
			else
				key->enc[r][b] = wr[b] ^ 0x63;
		}
		memcpy(t, key->std[nr - r], 16);
		if (r > 0 && r < nr)
			inv_mix_columns(t);
		for (b = 0; b < 16; b++)
			key->dec[r][b] = r == nr ? t[b] :
				linear_map(t[b], phib_cols) ^ VPAES_PHI_05;
	}
	memzero_explicit(w, sizeof(w));
	memzero_explicit(t, sizeof(t));
	return 0;
}

/* ---- the portable cipher ---------------------------------------------- */

/* word-wise where the architecture allows it (lengths are public) */
static void xor_bytes(u8 *out, const u8 *a, const u8 *b, unsigned int n)
{
	crypto_xor_cpy(out, a, b, n);
}

/* one block, the other half of the batch idle (a copy of it) */
static void ct_one(const struct ctneon_aes_key *key, int enc, u8 out[16],
		   const u8 in[16])
{
	struct bs_key bk;
	u8 buf[32];

	if (!ctneon_aes_rounds_ok(key->rounds)) {
		memset(out, 0, 16);
		return;
	}
	bs_key_init(&bk, key, enc);
	memcpy(buf, in, 16);
	memcpy(buf + 16, in, 16);
	bs_crypt2(&bk, enc, buf);
	memcpy(out, buf, 16);
	memzero_explicit(buf, sizeof(buf));
	bs_key_wipe(&bk);
}

void ctneon_aes_ct_encrypt(const struct ctneon_aes_key *key, u8 out[16],
			   const u8 in[16])
{
	ct_one(key, 1, out, in);
}

void ctneon_aes_ct_decrypt(const struct ctneon_aes_key *key, u8 out[16],
			   const u8 in[16])
{
	ct_one(key, 0, out, in);
}

/* ---- the modes on the portable cipher (the contracts of vpaes.h) ------- */

void ctneon_aes_ct_ecb(const struct ctneon_aes_key *key, int enc, u8 *out,
		       const u8 *in, unsigned int blocks)
{
	struct bs_key bk;
	u8 buf[32];

	if (!ctneon_aes_rounds_ok(key->rounds)) {
		memset(out, 0, 16 * blocks);
		return;
	}
	bs_key_init(&bk, key, enc);
	while (blocks) {
		unsigned int n = blocks > 1 ? 32 : 16;

		memcpy(buf, in, n);
		if (n == 16)
			memcpy(buf + 16, in, 16);
		bs_crypt2(&bk, enc, buf);
		memcpy(out, buf, n);
		in += n;
		out += n;
		blocks -= n / 16;
	}
	memzero_explicit(buf, sizeof(buf));
	bs_key_wipe(&bk);
}

void ctneon_aes_ct_cbc(const struct ctneon_aes_key *key, int enc, u8 *out,
		       const u8 *in, unsigned int blocks, u8 iv[16])
{
	struct bs_key bk;
	u8 buf[32], ct[32];

	if (!ctneon_aes_rounds_ok(key->rounds)) {
		memset(out, 0, 16 * blocks);
		return;
	}
	bs_key_init(&bk, key, enc);
	if (enc) {
		/* a chain: one block per pass */
		for (; blocks; blocks--, in += 16, out += 16) {
			xor_bytes(buf, iv, in, 16);
			memcpy(buf + 16, buf, 16);
			bs_crypt2(&bk, 1, buf);
			memcpy(iv, buf, 16);
			memcpy(out, buf, 16);
		}
	}
	while (!enc && blocks) {
		unsigned int n = blocks > 1 ? 32 : 16;

		/* keep the ciphertext: out may be in */
		memcpy(ct, in, n);
		if (n == 16)
			memcpy(ct + 16, in, 16);
		memcpy(buf, ct, 32);
		bs_crypt2(&bk, 0, buf);
		xor_bytes(out, buf, iv, 16);
		if (n == 32)
			xor_bytes(out + 16, buf + 16, ct, 16);
		memcpy(iv, ct + n - 16, 16);
		in += n;
		out += n;
		blocks -= n / 16;
	}
	memzero_explicit(buf, sizeof(buf));
	memzero_explicit(ct, sizeof(ct));
	bs_key_wipe(&bk);
}

/*
 * The counter as four words, c[0] the most significant, each the value of
 * four big-endian bytes; + 1 with the carry through all 128 bits.  The
 * counter is public, but the carry is still made without a branch (a
 * word carries on when it wrapped to 0: (x | -x) >> 31 is 0 only for 0),
 * so the instruction path is the same for every counter.
 */
static void ctr_words_inc(u32 c[4])
{
	u32 carry = 1;
	int i;

	for (i = 3; i >= 0; i--) {
		c[i] += carry;
		carry &= ((c[i] | (0U - c[i])) >> 31) ^ 1;
	}
}

/*
 * The keystream of the counter blocks c and c + 1 into ks[0..31].  The
 * bit-sliced load wants each block's little-endian words: a byte swap of
 * the big-endian counter words, so the blocks are never written out.
 */
static void ctr_keystream2(const struct bs_key *bk, const u32 c0[4],
			   const u32 c1[4], u8 ks[32])
{
	u32 q[8];

	q[0] = __builtin_bswap32(c0[0]);
	q[1] = __builtin_bswap32(c1[0]);
	q[2] = __builtin_bswap32(c0[1]);
	q[3] = __builtin_bswap32(c1[1]);
	q[4] = __builtin_bswap32(c0[2]);
	q[5] = __builtin_bswap32(c1[2]);
	q[6] = __builtin_bswap32(c0[3]);
	q[7] = __builtin_bswap32(c1[3]);
	lane_transpose(q);
	bs_encrypt(bk, q);
	bs_store(ks, ks + 16, q);
}

void ctneon_aes_ct_ctr(const struct ctneon_aes_key *key, u8 *out, const u8 *in,
		       unsigned int bytes, u8 ctr[16])
{
	struct bs_key bk;
	u8 ks[32];
	u32 c0[4], c1[4];
	int i;

	for (i = 0; i < 4; i++)
		c0[i] = __builtin_bswap32(load_le32(ctr + 4 * i));
	if (!ctneon_aes_rounds_ok(key->rounds)) {
		memset(out, 0, bytes);
		return;
	}
	bs_key_init(&bk, key, 1);
	while (bytes) {
		unsigned int n = bytes < 32 ? bytes : 32;

		/* the counter moves on by the blocks this pass uses */
		memcpy(c1, c0, sizeof(c1));
		ctr_words_inc(c1);
		ctr_keystream2(&bk, c0, c1, ks);
		memcpy(c0, c1, sizeof(c0));
		if (n > 16)
			ctr_words_inc(c0);
		xor_bytes(out, in, ks, n);
		in += n;
		out += n;
		bytes -= n;
	}
	for (i = 0; i < 4; i++)
		store_le32(ctr + 4 * i, __builtin_bswap32(c0[i]));
	memzero_explicit(ks, sizeof(ks));
	bs_key_wipe(&bk);
}

/* T <- T * x in GF(2^128), little-endian (IEEE 1619), without a branch */
static void xts_mul_x(u8 t[16])
{
	u8 carry = t[15] >> 7;
	int n;

	for (n = 15; n > 0; n--)
		t[n] = (u8)((t[n] << 1) | (t[n - 1] >> 7));
	t[0] = (u8)((t[0] << 1) ^ (0x87 & (0u - carry)));
}

/*
 * One or two whole blocks (n = 16 or 32) under the tweaks tw[0..n-1]:
 * out = E(in ^ T) ^ T, or with D.
 */
static void xts_blocks(const struct bs_key *bk, int enc, u8 *out,
		       const u8 *in, const u8 *tw, unsigned int n)
{
	u8 b[32];

	xor_bytes(b, in, tw, n);
	if (n == 16)
		memcpy(b + 16, b, 16);
	bs_crypt2(bk, enc, b);
	xor_bytes(out, b, tw, n);
	memzero_explicit(b, sizeof(b));
}

void ctneon_aes_ct_xts(const struct ctneon_aes_key *key, int enc, u8 *out,
		       const u8 *in, unsigned int bytes, u8 t[16])
{
	unsigned int tail = bytes % 16, n;
	struct bs_key bk;
	u8 cc[16], tw[32];

	if (!ctneon_aes_rounds_ok(key->rounds)) {
		memset(out, 0, bytes);
		return;
	}
	if (tail)		/* the last full block goes with the tail */
		bytes -= 16 + tail;
	bs_key_init(&bk, key, enc);
	while (bytes) {
		n = bytes < 32 ? bytes : 32;
		memcpy(tw, t, 16);
		xts_mul_x(t);
		if (n == 32) {
			memcpy(tw + 16, t, 16);
			xts_mul_x(t);
		}
		xts_blocks(&bk, enc, out, in, tw, n);
		in += n;
		out += n;
		bytes -= n;
	}
	if (tail) {
		/* ciphertext stealing; decryption uses the two tweaks swapped */
		memcpy(tw, t, 16);
		memcpy(tw + 16, t, 16);
		xts_mul_x(tw + 16);
		xts_blocks(&bk, enc, cc, in, enc ? tw : tw + 16, 16);
		for (n = 0; n < tail; n++) {	/* swap, so that in == out works */
			u8 x = in[16 + n];

			out[16 + n] = cc[n];
			cc[n] = x;
		}
		xts_blocks(&bk, enc, out, cc, enc ? tw + 16 : tw, 16);
		memzero_explicit(cc, sizeof(cc));
	}
	memzero_explicit(tw, sizeof(tw));
	bs_key_wipe(&bk);
}
