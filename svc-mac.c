// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: the CBC-MAC stream, the CMAC/XCBC last block and the CCM header,
 * shared by glue-cmac.c and glue-ccm.c and built as they are by the
 * user-space unit test (tests/unit/mac-test.c), so that the test runs this
 * very code over the cores under qemu-user.
 *
 * The stream: dg = E_K(dg ^ M_i) over whole blocks (one block at a time on
 * the core svc-single.h picks; or the portable cipher where NEON may not
 * be used).  It keeps the
 * last block it has seen pending, XORed into dg but not encrypted (len
 * bytes of it, 0..16), until more data arrives or ctneon_cbcmac_pad()
 * zero-pads it: CMAC and XCBC treat a last block specially, and CCM pads
 * the associated data and the text separately.  len is a public length;
 * nothing here branches on or indexes by data or key.
 */
#ifdef __KERNEL__
#include <crypto/algapi.h>
#include <linux/errno.h>
#include <linux/string.h>
#else
#include "compat/user.h"
#endif
#include "svc-mac.h"
#include "svc-single.h"

#define MAC_BLOCK	16

/*
 * dg = E(dg ^ in_i) for whole blocks; with NEON enabled when neon.  The
 * portable path runs CBC encryption into a scratch buffer and keeps the
 * chaining value (the cost is the cipher's, not the stores).
 */
void ctneon_cbcmac_blocks(const struct ctneon_aes_key *key, bool neon,
			  u8 dg[16], const u8 *in, unsigned int blocks)
{
	u8 scratch[16 * MAC_BLOCK];

	if (neon) {
		ctneon_single_cbcmac(key, dg, in, (int)blocks);
		return;
	}
	while (blocks) {
		unsigned int n = blocks < 16 ? blocks : 16;

		ctneon_aes_ct_cbc(key, 1, scratch, in, n, dg);
		in += n * MAC_BLOCK;
		blocks -= n;
	}
	memzero_explicit(scratch, sizeof(scratch));
}

static void ctneon_mac_xor(u8 *dst, const u8 *src, unsigned int n)
{
	crypto_xor_cpy(dst, dst, src, n);
}

void ctneon_cbcmac_update(const struct ctneon_aes_key *key, bool neon,
			  struct ctneon_cbcmac *st, const u8 *p,
			  unsigned int n)
{
	static const u8 zero[MAC_BLOCK];
	unsigned int l, blocks;

	if (!n)
		return;
	if (st->len) {
		/* complete the pending block; it is encrypted once more follows */
		l = MAC_BLOCK - st->len;
		if (l > n)
			l = n;
		ctneon_mac_xor(st->dg + st->len, p, l);
		st->len += l;
		p += l;
		n -= l;
		if (!n)
			return;
		ctneon_cbcmac_blocks(key, neon, st->dg, zero, 1);
		st->len = 0;
	}
	/* whole blocks, except the last one, which stays pending */
	blocks = (n - 1) / MAC_BLOCK;
	ctneon_cbcmac_blocks(key, neon, st->dg, p, blocks);
	p += blocks * MAC_BLOCK;
	n -= blocks * MAC_BLOCK;
	ctneon_mac_xor(st->dg, p, n);
	st->len = n;
}

void ctneon_cbcmac_pad(const struct ctneon_aes_key *key, bool neon,
		       struct ctneon_cbcmac *st)
{
	static const u8 zero[MAC_BLOCK];

	if (st->len)
		ctneon_cbcmac_blocks(key, neon, st->dg, zero, 1);
	st->len = 0;
}

/* x.2 in GF(2^128) (big-endian, x^128 = x^7 + x^2 + x + 1), without branches */
void ctneon_gf128_double(u8 out[16], const u8 in[16])
{
	u8 reduce = 0x87 & (u8)-(in[0] >> 7);
	int i;

	for (i = 0; i < 15; i++)
		out[i] = (u8)(in[i] << 1) | (in[i + 1] >> 7);
	out[15] = (u8)(in[15] << 1) ^ reduce;
}

/*
 * CMAC and XCBC's last step, before the final encryption: the pending
 * block (len bytes, 0 for an empty message) is whole, and XORed with
 * kwhole, or padded with 10* and XORed with kpart.
 */
void ctneon_cmac_last(struct ctneon_cbcmac *st, const u8 kwhole[16],
		      const u8 kpart[16])
{
	if (st->len == MAC_BLOCK) {
		ctneon_mac_xor(st->dg, kwhole, MAC_BLOCK);
	} else {
		st->dg[st->len] ^= 0x80;
		ctneon_mac_xor(st->dg, kpart, MAC_BLOCK);
	}
}

/*
 * CCM's counter block A_0, the first MAC block B_0 and the encoded length
 * of the associated data (hdr, *hlen bytes: none, 2, or 0xfffe and 4).
 * iv: L' = L - 1 in iv[0], the nonce in iv[1 .. 15 - L].  -EINVAL for L'
 * outside 1..7, -EOVERFLOW for a text whose length does not fit in L bytes.
 */
int ctneon_ccm_format(const u8 iv[16], unsigned int aadlen,
		      unsigned int textlen, unsigned int authsize,
		      u8 a0[16], u8 b0[16], u8 hdr[6], unsigned int *hlen)
{
	unsigned int l = iv[0] + 1u, i;

	if (iv[0] < 1 || iv[0] > 7)
		return -EINVAL;
	if (l < 4 && textlen >> (8 * l))
		return -EOVERFLOW;
	memcpy(a0, iv, 16);
	memset(a0 + 16 - l, 0, l);
	memcpy(b0, a0, 16);
	b0[0] = (u8)((aadlen ? 0x40 : 0) | ((authsize - 2) / 2) << 3 | iv[0]);
	for (i = 0; i < 4 && i < l; i++)		/* [len(P)]_L, big-endian */
		b0[15 - i] = (u8)(textlen >> (8 * i));
	*hlen = 0;
	if (aadlen && aadlen < 0xff00) {
		hdr[0] = (u8)(aadlen >> 8);
		hdr[1] = (u8)aadlen;
		*hlen = 2;
	} else if (aadlen) {
		hdr[0] = 0xff;
		hdr[1] = 0xfe;
		for (i = 0; i < 4; i++)
			hdr[2 + i] = (u8)(aadlen >> (24 - 8 * i));
		*hlen = 6;
	}
	return 0;
}
