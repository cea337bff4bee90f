// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: key expansion and the portable constant-time AES.
 *
 * Design notes
 * ------------
 * This file has two jobs.
 *
 * 1. Key expansion (FIPS-197 section 5.2) for 128, 192 and 256-bit keys, and the
 *    conversion of the round keys into the forms the vpaes cores want
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
 * 2. The portable AES that runs where NEON may not be used.  Its S-box is the
 *    GF(2^8) inversion x^254, computed on bit-sliced bytes (word b holds bit b
 *    of up to 32 bytes) with AND and XOR only, followed by the affine map.
 *    MixColumns doubles with a mask derived from the top bit.  Every loop has
 *    a fixed trip count and every index is public, so the time and the memory
 *    addresses do not depend on the key or the data.  It is not fast (about
 *    11 bit-sliced field multiplications per SubBytes): it is the fallback, and
 *    the reference the tests hold the cores against.
 */
#ifdef __KERNEL__
#include <linux/string.h>
#include <linux/export.h>
#endif
#include "aes-ct.h"
#include "vpaes-tables.h"

/* ---- bit-sliced GF(2^8) arithmetic, 32 bytes at a time --------------- */

/* r = a * b mod x^8 + x^4 + x^3 + x + 1, on bit-sliced operands */
static void bs_mul(u32 r[8], const u32 a[8], const u32 b[8])
{
	u32 p[15] = { 0 };
	int i, j;

	for (i = 0; i < 8; i++)
		for (j = 0; j < 8; j++)
			p[i + j] ^= a[i] & b[j];
	/* x^k = x^(k-4) + x^(k-5) + x^(k-7) + x^(k-8) for k >= 8 */
	for (i = 14; i >= 8; i--) {
		p[i - 4] ^= p[i];
		p[i - 5] ^= p[i];
		p[i - 7] ^= p[i];
		p[i - 8] ^= p[i];
	}
	for (i = 0; i < 8; i++)
		r[i] = p[i];
}

/* x^254 = x^-1 (and 0 -> 0): x^2, x^3, x^6, x^12, x^15, x^240, x^252, x^254 */
static void bs_inv(u32 x[8])
{
	u32 x2[8], x3[8], x12[8], t[8];
	int n;

	bs_mul(x2, x, x);
	bs_mul(x3, x2, x);
	bs_mul(t, x3, x3);		/* x^6 */
	bs_mul(x12, t, t);		/* x^12 */
	bs_mul(t, x12, x3);		/* x^15 */
	for (n = 0; n < 4; n++)
		bs_mul(t, t, t);	/* x^240 */
	bs_mul(t, t, x12);		/* x^252 */
	bs_mul(x, t, x2);		/* x^254 */
}

static void bs_pack(u32 q[8], const u8 *b, int n)
{
	int i, j;

	for (i = 0; i < 8; i++) {
		q[i] = 0;
		for (j = 0; j < n; j++)
			q[i] |= (u32)((b[j] >> i) & 1) << j;
	}
}

static void bs_unpack(u8 *b, const u32 q[8], int n)
{
	int i, j;

	for (j = 0; j < n; j++) {
		u8 v = 0;

		for (i = 0; i < 8; i++)
			v |= ((q[i] >> j) & 1) << i;
		b[j] = v;
	}
}

/* SubBytes on n <= 32 bytes */
static void sub_bytes(u8 *b, int n)
{
	u32 q[8], t[8];
	int i;

	bs_pack(q, b, n);
	bs_inv(q);
	/* affine map: bit i ^= bits i+4, i+5, i+6, i+7; then ^ 0x63 */
	for (i = 0; i < 8; i++)
		t[i] = q[i] ^ q[(i + 4) & 7] ^ q[(i + 5) & 7] ^ q[(i + 6) & 7] ^
		       q[(i + 7) & 7] ^ (0u - ((0x63u >> i) & 1));
	bs_unpack(b, t, n);
	memzero_explicit(q, sizeof(q));
	memzero_explicit(t, sizeof(t));
}

/* InvSubBytes on n <= 32 bytes */
static void inv_sub_bytes(u8 *b, int n)
{
	u32 q[8], t[8];
	int i;

	bs_pack(q, b, n);
	/* inverse affine map: bit i = bits i+2, i+5, i+7; then ^ 0x05 */
	for (i = 0; i < 8; i++)
		t[i] = q[(i + 2) & 7] ^ q[(i + 5) & 7] ^ q[(i + 7) & 7] ^
		       (0u - ((0x05u >> i) & 1));
	bs_inv(t);
	bs_unpack(b, t, n);
	memzero_explicit(q, sizeof(q));
	memzero_explicit(t, sizeof(t));
}

/* ---- byte-level helpers ----------------------------------------------- */

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

static void mix_columns(u8 s[16])
{
	int c;

	for (c = 0; c < 4; c++) {
		u8 *p = s + 4 * c;
		u8 a0 = p[0], a1 = p[1], a2 = p[2], a3 = p[3];
		u8 all = a0 ^ a1 ^ a2 ^ a3;

		/* out[r] = 2a[r] ^ 3a[r+1] ^ a[r+2] ^ a[r+3] = a[r] ^ all ^ 2(a[r] ^ a[r+1]) */
		p[0] = a0 ^ all ^ xtime(a0 ^ a1);
		p[1] = a1 ^ all ^ xtime(a1 ^ a2);
		p[2] = a2 ^ all ^ xtime(a2 ^ a3);
		p[3] = a3 ^ all ^ xtime(a3 ^ a0);
	}
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

static void shift_rows(u8 s[16], int inverse)
{
	u8 t[16];
	int c, r;

	for (c = 0; c < 4; c++)
		for (r = 0; r < 4; r++)
			t[4 * c + r] = s[4 * ((c + (inverse ? 4 - r : r)) & 3) + r];
	memcpy(s, t, 16);
}

static void add_round_key(u8 s[16], const u8 k[16])
{
	int n;

	for (n = 0; n < 16; n++)
		s[n] ^= k[n];
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
			sub_bytes(t, 4);
			t[0] ^= rcon;
			rcon = xtime(rcon);
		} else if (nk > 6 && n % nk == 4) {
			sub_bytes(t, 4);
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

void ctneon_aes_ct_encrypt(const struct ctneon_aes_key *key, u8 out[16],
			   const u8 in[16])
{
	u8 s[16];
	int r;

	memcpy(s, in, 16);
	add_round_key(s, key->std[0]);
	for (r = 1; r <= key->rounds; r++) {
		sub_bytes(s, 16);
		shift_rows(s, 0);
		if (r != key->rounds)
			mix_columns(s);
		add_round_key(s, key->std[r]);
	}
	memcpy(out, s, 16);
	memzero_explicit(s, sizeof(s));
}

void ctneon_aes_ct_decrypt(const struct ctneon_aes_key *key, u8 out[16],
			   const u8 in[16])
{
	u8 s[16];
	int r;

	memcpy(s, in, 16);
	add_round_key(s, key->std[key->rounds]);
	for (r = key->rounds - 1; r >= 0; r--) {
		shift_rows(s, 1);
		inv_sub_bytes(s, 16);
		add_round_key(s, key->std[r]);
		if (r != 0)
			inv_mix_columns(s);
	}
	memcpy(out, s, 16);
	memzero_explicit(s, sizeof(s));
}

/* ---- the modes on the portable cipher (the contracts of vpaes.h) ------- */

static void xor_bytes(u8 *out, const u8 *a, const u8 *b, unsigned int n)
{
	while (n--)
		*out++ = *a++ ^ *b++;
}

/* the 128-bit big-endian counter + 1; the counter is public */
static void ctr_inc(u8 ctr[16])
{
	unsigned int carry = 1;
	int n;

	for (n = 15; n >= 0; n--) {
		carry += ctr[n];
		ctr[n] = (u8)carry;
		carry >>= 8;
	}
}

void ctneon_aes_ct_ecb(const struct ctneon_aes_key *key, int enc, u8 *out,
		       const u8 *in, unsigned int blocks)
{
	for (; blocks; blocks--, in += 16, out += 16) {
		if (enc)
			ctneon_aes_ct_encrypt(key, out, in);
		else
			ctneon_aes_ct_decrypt(key, out, in);
	}
}

void ctneon_aes_ct_cbc(const struct ctneon_aes_key *key, int enc, u8 *out,
		       const u8 *in, unsigned int blocks, u8 iv[16])
{
	u8 prev[16];

	for (; blocks; blocks--, in += 16, out += 16) {
		if (enc) {
			xor_bytes(iv, iv, in, 16);
			ctneon_aes_ct_encrypt(key, out, iv);
			memcpy(iv, out, 16);
		} else {
			memcpy(prev, in, 16);
			ctneon_aes_ct_decrypt(key, out, in);
			xor_bytes(out, out, iv, 16);
			memcpy(iv, prev, 16);
		}
	}
}

void ctneon_aes_ct_ctr(const struct ctneon_aes_key *key, u8 *out, const u8 *in,
		       unsigned int bytes, u8 ctr[16])
{
	u8 ks[16];

	while (bytes) {
		unsigned int n = bytes < 16 ? bytes : 16;

		ctneon_aes_ct_encrypt(key, ks, ctr);
		xor_bytes(out, in, ks, n);
		ctr_inc(ctr);
		in += n;
		out += n;
		bytes -= n;
	}
	memzero_explicit(ks, sizeof(ks));
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

static void xts_block(const struct ctneon_aes_key *key, int enc, u8 *out,
		      const u8 *in, const u8 t[16])
{
	u8 b[16];

	xor_bytes(b, in, t, 16);
	if (enc)
		ctneon_aes_ct_encrypt(key, b, b);
	else
		ctneon_aes_ct_decrypt(key, b, b);
	xor_bytes(out, b, t, 16);
	memzero_explicit(b, sizeof(b));
}

void ctneon_aes_ct_xts(const struct ctneon_aes_key *key, int enc, u8 *out,
		       const u8 *in, unsigned int bytes, u8 t[16])
{
	unsigned int tail = bytes % 16, n;
	u8 cc[16], next[16];

	if (tail)		/* the last full block goes with the tail */
		bytes -= 16 + tail;
	for (; bytes; bytes -= 16, in += 16, out += 16) {
		xts_block(key, enc, out, in, t);
		xts_mul_x(t);
	}
	if (!tail)
		return;

	/* ciphertext stealing; decryption uses the two tweaks swapped */
	memcpy(next, t, 16);
	xts_mul_x(next);
	xts_block(key, enc, cc, in, enc ? t : next);
	for (n = 0; n < tail; n++) {	/* swap, so that in == out works */
		u8 x = in[16 + n];

		out[16 + n] = cc[n];
		cc[n] = x;
	}
	xts_block(key, enc, out, cc, enc ? next : t);
	memzero_explicit(cc, sizeof(cc));
}
