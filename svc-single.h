/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: which core serves single blocks, a few blocks and serial chains
 * (CBC encryption, the CBC-MACs) on NEON.  This is the one place that
 * decides between vpaes (vpaes-core.S, both architectures) and, on arm64,
 * the register-table core (aes-rtable-core.S); svc-aes.c (the pieces of
 * the modes below the bit-sliced threshold, the aes cipher), svc-mac.c
 * (the MACs) and the glue's XTS tweak go through it.  Bulk work is
 * decided in svc-aes.c (ctneon_bs_blocks()).
 *
 * The register-table core is taken wherever it takes no more cycles than
 * vpaes on the Cortex-A53 and Cortex-A72 llvm-mca models (AES-128,
 * tests/ct/mca.sh, 2026-12-06; cycles A53 / A72, register table against
 * vpaes):
 *   CBC encryption and CBC-MAC, 8 blocks   5226 / 4300 against 7094 / 4303
 *   ECB encryption, 1 block                 694 /  556 against  933 /  559
 *   ECB encryption, 3 blocks               1143 / 1108 against 1938 / 1195
 *   ECB decryption, 3 blocks               1810 / 1331 against 2331 / 1332
 *   CTR, 16 bytes                           754 /  581 against  970 /  583
 *   CTR, 17 bytes                           864 /  793 against 1874 / 1130
 *   CTR, 64 bytes                          1214 / 1141 against 2160 / 1382
 * vpaes keeps two whole blocks (its two-block path; ECB encryption 1069 /
 * 701 against 787 / 769, CTR of 32 bytes 1119 / 713 against 859 / 791)
 * and one or two decryptions (1146 / 603 against 1073 / 819: the A72's
 * four-register tbl is slow, and decryption has the longer round).  Both cores are constant time; the choice
 * depends on the block count only.  Call with NEON enabled.
 *
 * Also built in user space (tests/unit, tests/ct) with svc-mac.c.
 */
#ifndef CTNEON_SVC_SINGLE_H
#define CTNEON_SVC_SINGLE_H

#ifndef __KERNEL__
#include <stdbool.h>
#endif
#include "aes-ct.h"
#include "vpaes.h"
#ifdef __aarch64__
#include "aes-rtable.h"
#endif

/* ECB over blocks whole blocks, with the key's schedules */
static inline void ctneon_single_ecb(const struct ctneon_aes_key *key,
				     bool enc, u8 *out, const u8 *in,
				     int blocks)
{
#ifdef __aarch64__
	if (enc && blocks != 2) {
		ctneon_rt_ecb_encrypt(out, in, key->std[0], key->rounds, blocks);
		return;
	}
	if (!enc && blocks >= 3) {
		ctneon_rt_ecb_decrypt(out, in, key->std[0], key->rounds, blocks);
		return;
	}
#endif
	if (enc)
		ctneon_vpaes_ecb_encrypt(out, in, key->enc[0], key->rounds, blocks);
	else
		ctneon_vpaes_ecb_decrypt(out, in, key->dec[0], key->rounds, blocks);
}

/*
 * CTR over any length with a 128-bit big-endian counter (the contract of
 * ctneon_vpaes_ctr_crypt())
 */
static inline void ctneon_single_ctr(const struct ctneon_aes_key *key,
				     u8 *out, const u8 *in, int bytes,
				     u8 ctr[16])
{
#ifdef __aarch64__
	if (bytes != 32) {
		ctneon_rt_ctr_crypt(out, in, key->std[0], key->rounds, bytes, ctr);
		return;
	}
#endif
	ctneon_vpaes_ctr_crypt(out, in, key->enc[0], key->rounds, bytes, ctr);
}

/* CBC encryption (serial); iv in: the chaining value, out: the last block */
static inline void ctneon_single_cbc_encrypt(const struct ctneon_aes_key *key,
					     u8 *out, const u8 *in, int blocks,
					     u8 iv[16])
{
#ifdef __aarch64__
	ctneon_rt_cbc_encrypt(out, in, key->std[0], key->rounds, blocks, iv);
#else
	ctneon_vpaes_cbc_encrypt(out, in, key->enc[0], key->rounds, blocks, iv);
#endif
}

/* the CBC-MAC: dg = E(dg ^ in_n) over whole blocks */
static inline void ctneon_single_cbcmac(const struct ctneon_aes_key *key,
					u8 dg[16], const u8 *in, int blocks)
{
#ifdef __aarch64__
	ctneon_rt_cbcmac(dg, in, key->std[0], key->rounds, blocks);
#else
	ctneon_vpaes_cbcmac(dg, in, key->enc[0], key->rounds, blocks);
#endif
}

#endif
