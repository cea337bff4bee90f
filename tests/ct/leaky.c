// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: deliberately leaking reference code for the negative controls of
 * tests/ct/run.sh.  If the check does not flag these, it is broken.
 *
 *  - leaky_ttable_encrypt(): classic 32-bit T-table AES.  Round r computes
 *    output column j as T0[a0] ^ T1[a1] ^ T2[a2] ^ T3[a3] ^ w[4r + j] with
 *    a_i = byte i of input column (j + i) mod 4 (ShiftRows folded into the
 *    indexing), T_i[x] = column i of the MixColumns matrix times S(x);
 *    the last round indexes the plain S-box.  The load addresses are the
 *    secret state bytes: the textbook cache-timing leak.
 *  - leaky_prefix_compare(): an early-exit comparison, the textbook branch
 *    leak (the loop length is the length of the equal prefix).
 *
 * The tables are computed at start-up from the field arithmetic (x^254 is
 * the inverse in GF(2^8), then the affine map of FIPS-197 5.1.1).
 */
#include "leaky.h"

static u8 sbox[256];
static u32 t0[256], t1[256], t2[256], t3[256];

static u8 gf_mul(u8 a, u8 b)
{
	u8 r = 0;
	int n;

	for (n = 0; n < 8; n++) {
		r ^= (u8)(a & (0u - (b & 1u)));
		a = (u8)((a << 1) ^ (0x1b & (0u - (a >> 7))));
		b >>= 1;
	}
	return r;
}

static u32 rotl32(u32 x, int n)
{
	return (x << n) | (x >> (32 - n));
}

void leaky_init(void)
{
	int x, n;

	for (x = 0; x < 256; x++) {
		u8 inv = 1, s;

		/* x^254 = x^-1 (and 0 for 0) by square-and-multiply */
		for (n = 7; n >= 0; n--) {
			inv = gf_mul(inv, inv);
			if ((254 >> n) & 1)
				inv = gf_mul(inv, (u8)x);
		}
		/* s = b ^ rotl(b,1) ^ rotl(b,2) ^ rotl(b,3) ^ rotl(b,4) ^ 0x63 */
		s = inv;
		for (n = 1; n <= 4; n++)
			s ^= (u8)((inv << n) | (inv >> (8 - n)));
		sbox[x] = s ^ 0x63;
	}
	for (x = 0; x < 256; x++) {
		u8 s = sbox[x];

		/* little-endian column (2s, s, s, 3s): rows 0..3 of M * (s,0,0,0) */
		t0[x] = (u32)gf_mul(s, 2) | (u32)s << 8 | (u32)s << 16 |
			(u32)gf_mul(s, 3) << 24;
		t1[x] = rotl32(t0[x], 8);
		t2[x] = rotl32(t0[x], 16);
		t3[x] = rotl32(t0[x], 24);
	}
}

static u32 load_le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static void store_le32(u8 *p, u32 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
	p[2] = (u8)(v >> 16);
	p[3] = (u8)(v >> 24);
}

void leaky_ttable_encrypt(const u8 (*std)[16], int rounds, u8 out[16],
			  const u8 in[16])
{
	u32 s[4], t[4];
	int r, j;

	for (j = 0; j < 4; j++)
		s[j] = load_le32(in + 4 * j) ^ load_le32(std[0] + 4 * j);
	for (r = 1; r < rounds; r++) {
		for (j = 0; j < 4; j++)
			t[j] = t0[s[j] & 0xff] ^
			       t1[(s[(j + 1) & 3] >> 8) & 0xff] ^
			       t2[(s[(j + 2) & 3] >> 16) & 0xff] ^
			       t3[s[(j + 3) & 3] >> 24] ^
			       load_le32(std[r] + 4 * j);
		for (j = 0; j < 4; j++)
			s[j] = t[j];
	}
	for (j = 0; j < 4; j++)
		t[j] = ((u32)sbox[s[j] & 0xff] |
			(u32)sbox[(s[(j + 1) & 3] >> 8) & 0xff] << 8 |
			(u32)sbox[(s[(j + 2) & 3] >> 16) & 0xff] << 16 |
			(u32)sbox[s[(j + 3) & 3] >> 24] << 24) ^
		       load_le32(std[rounds] + 4 * j);
	for (j = 0; j < 4; j++)
		store_le32(out + 4 * j, t[j]);
}

int leaky_prefix_compare(const u8 *a, const u8 *b, int len)
{
	int n;

	for (n = 0; n < len; n++)
		if (a[n] != b[n])
			break;
	return n;
}
