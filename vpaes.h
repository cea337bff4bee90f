/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: entry points of the vector-permute AES cores
 * (arm/vpaes-core.S and arm64/vpaes-core.S, one contract for both).
 *
 * rk is one of the schedules of struct ctneon_aes_key (enc for encryption,
 * dec for decryption), rounds its round count (10, 12, 14).  Buffers need no
 * alignment; out == in (in place) is allowed, other overlaps are not.  The
 * cores never read or write outside [in, in + len) and [out, out + len).
 * No branch and no memory address depends on the key or the data; loops
 * and addresses depend only on lengths and pointers.  Call between
 * kernel_neon_begin() and kernel_neon_end() in the kernel.
 */
#ifndef CTNEON_VPAES_H
#define CTNEON_VPAES_H

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <linux/types.h>
#else
#include "compat/user.h"
#endif

/* blocks >= 0 independent blocks */
asmlinkage void ctneon_vpaes_ecb_encrypt(u8 *out, const u8 *in, const u8 *rk,
					 int rounds, int blocks);
asmlinkage void ctneon_vpaes_ecb_decrypt(u8 *out, const u8 *in, const u8 *rk,
					 int rounds, int blocks);

/* iv: in, the chaining value; out, the last ciphertext block */
asmlinkage void ctneon_vpaes_cbc_encrypt(u8 *out, const u8 *in, const u8 *rk,
					 int rounds, int blocks, u8 iv[16]);
/* CBC-MAC: dg = E(dg ^ in_n) for each whole block; nothing else is written */
asmlinkage void ctneon_vpaes_cbcmac(u8 dg[16], const u8 *in, const u8 *rk,
				    int rounds, int blocks);
asmlinkage void ctneon_vpaes_cbc_decrypt(u8 *out, const u8 *in, const u8 *rk,
					 int rounds, int blocks, u8 iv[16]);

/*
 * ctr: a 128-bit big-endian counter.  bytes >= 0, any length: a final
 * partial block uses the first bytes % 16 bytes of its keystream block.
 * On return ctr has advanced by DIV_ROUND_UP(bytes, 16), the carry
 * propagating through all 128 bits (wrapping at 2^128).
 */
asmlinkage void ctneon_vpaes_ctr_crypt(u8 *out, const u8 *in, const u8 *rk,
				       int rounds, int bytes, u8 ctr[16]);

/*
 * XTS with the data key rk (enc or dec schedule); tweak is the encrypted
 * tweak T of the first block (the caller encrypts the IV with the tweak key
 * using ctneon_vpaes_ecb_encrypt).  bytes is 0, a multiple of 16, or > 16:
 * when bytes % 16 != 0 the last 16 + bytes % 16 bytes are handled with
 * ciphertext stealing (IEEE 1619).  On return tweak holds T * x^n for the
 * n = bytes / 16 blocks processed (only meaningful without stealing), so a
 * long message can be processed in several calls with only the last one
 * having a partial block.
 */
/*
 * CCM over whole blocks, the CBC-MAC and CTR paired: encrypt: mac =
 * E(mac ^ P_n), C_n = P_n ^ E(ctr++); decrypt: P_n = C_n ^ E(ctr++), mac =
 * E(mac ^ P_n).  Each input block is read once; out == in works.
 */
asmlinkage void ctneon_vpaes_ccm_encrypt(u8 *out, const u8 *in, const u8 *rk,
					 int rounds, int blocks, u8 mac[16],
					 u8 ctr[16]);
asmlinkage void ctneon_vpaes_ccm_decrypt(u8 *out, const u8 *in, const u8 *rk,
					 int rounds, int blocks, u8 mac[16],
					 u8 ctr[16]);
asmlinkage void ctneon_vpaes_xts_encrypt(u8 *out, const u8 *in, const u8 *rk,
					 int rounds, int bytes, u8 tweak[16]);
asmlinkage void ctneon_vpaes_xts_decrypt(u8 *out, const u8 *in, const u8 *rk,
					 int rounds, int bytes, u8 tweak[16]);

#endif
