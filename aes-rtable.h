/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: entry points of the arm64 register-table AES core
 * (arm64/aes-rtable-core.S): the S-box in sixteen vector registers,
 * tbl/tbx lookups, one block alone or four side by side.
 *
 * rk is the FIPS-197 schedule of struct ctneon_aes_key (std), for
 * encryption and decryption alike; rounds its round count (10, 12 or 14).
 * Buffers need no alignment; out == in is allowed, other overlaps are not.
 * The cores read and write only the input and output ranges (16 * blocks
 * or bytes long) and the 16 bytes of iv, dg or ctr.  No branch and no memory address
 * depends on the key or the data.  Call with NEON enabled in the kernel.
 */
#ifndef CTNEON_AES_RTABLE_H
#define CTNEON_AES_RTABLE_H

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <linux/types.h>
#else
#include "compat/user.h"

/*
 * ctr: a 128-bit big-endian counter; bytes >= 0, any length (a final
 * partial block uses the first bytes % 16 bytes of its keystream block).
 * On return ctr has advanced by DIV_ROUND_UP(bytes, 16), wrapping at 2^128.
 */
asmlinkage void ctneon_rt_ctr_crypt(u8 *out, const u8 *in, const u8 *rk,
				    int rounds, int bytes, u8 ctr[16]);

#endif

/* blocks >= 0 independent blocks: four at a time, then one alone */
asmlinkage void ctneon_rt_ecb_encrypt(u8 *out, const u8 *in, const u8 *rk,
				      int rounds, int blocks);
asmlinkage void ctneon_rt_ecb_decrypt(u8 *out, const u8 *in, const u8 *rk,
				      int rounds, int blocks);

/* iv: in, the chaining value; out, the last ciphertext block */
asmlinkage void ctneon_rt_cbc_encrypt(u8 *out, const u8 *in, const u8 *rk,
				      int rounds, int blocks, u8 iv[16]);
/* CBC-MAC: dg = E(dg ^ in_n) for each whole block; nothing else is written */
asmlinkage void ctneon_rt_cbcmac(u8 dg[16], const u8 *in, const u8 *rk,
				 int rounds, int blocks);

/*
 * ctr: a 128-bit big-endian counter; bytes >= 0, any length (a final
 * partial block uses the first bytes % 16 bytes of its keystream block).
 * On return ctr has advanced by DIV_ROUND_UP(bytes, 16), wrapping at 2^128.
 */
asmlinkage void ctneon_rt_ctr_crypt(u8 *out, const u8 *in, const u8 *rk,
				    int rounds, int bytes, u8 ctr[16]);

#endif
