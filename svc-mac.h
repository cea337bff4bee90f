/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The CBC-MAC stream, CMAC/XCBC's last block and CCM's header (svc-mac.c),
 * for glue-cmac.c, glue-ccm.c and the unit test tests/unit/mac-test.c.
 */
#ifndef CTNEON_SVC_MAC_H
#define CTNEON_SVC_MAC_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdbool.h>
#include "compat/user.h"
#endif
#include "aes-ct.h"

/*
 * dg is E_K(...) of the blocks so far, XORed with the len (0..16) bytes of
 * the pending last block, which is encrypted only when more data follows
 * or ctneon_cbcmac_pad() zero-pads it.  neon: NEON is enabled (vpaes),
 * else the portable cipher.
 */
struct ctneon_cbcmac {
	u8 dg[16];
	unsigned int len;
};

void ctneon_cbcmac_blocks(const struct ctneon_aes_key *key, bool neon,
			  u8 dg[16], const u8 *in, unsigned int blocks);
void ctneon_cbcmac_update(const struct ctneon_aes_key *key, bool neon,
			  struct ctneon_cbcmac *st, const u8 *p,
			  unsigned int n);
void ctneon_cbcmac_pad(const struct ctneon_aes_key *key, bool neon,
		       struct ctneon_cbcmac *st);

void ctneon_gf128_double(u8 out[16], const u8 in[16]);
void ctneon_cmac_last(struct ctneon_cbcmac *st, const u8 kwhole[16],
		      const u8 kpart[16]);
int ctneon_ccm_format(const u8 iv[16], unsigned int aadlen,
		      unsigned int textlen, unsigned int authsize,
		      u8 a0[16], u8 b0[16], u8 hdr[6], unsigned int *hlen);

#endif
