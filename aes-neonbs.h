/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: entry points of the bit-sliced AES cores
 * (arm/aes-neonbs-core.S and arm64/aes-neonbs-core.S, one contract for both).
 *
 * The cores process eight blocks at once in bit-sliced form.  Their round
 * keys come from ctneon_bs_convert_key(), which converts the FIPS-197 round
 * keys (struct ctneon_aes_key.std) into the core's private layout, for both
 * directions, in a buffer of CTNEON_BS_KEY_SIZE bytes.
 *
 * blocks >= 0 is any count: the cores run whole batches of eight and a last
 * batch of 1..7 blocks without touching memory beyond the blocks asked for.
 * Buffers need no alignment; out == in is allowed, other overlaps are not.
 * No branch and no memory address depends on the key or the data.  Call
 * between kernel_neon_begin() and kernel_neon_end() in the kernel.
 */
#ifndef CTNEON_AES_NEONBS_H
#define CTNEON_AES_NEONBS_H

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <linux/types.h>
#else
#include "compat/user.h"
#endif

/* 15 round keys x 8 bit planes x 16 bytes, for encryption and decryption */
#define CTNEON_BS_KEY_SIZE	(2 * 15 * 8 * 16)

/* std: (rounds + 1) * 16 bytes of FIPS-197 round keys */
asmlinkage void ctneon_bs_convert_key(u8 *bskey, const u8 *std, int rounds);

asmlinkage void ctneon_bs_ecb_encrypt(u8 *out, const u8 *in, const u8 *bskey,
				      int rounds, int blocks);
asmlinkage void ctneon_bs_ecb_decrypt(u8 *out, const u8 *in, const u8 *bskey,
				      int rounds, int blocks);
/* iv: in, the chaining value; out, the last ciphertext block */
asmlinkage void ctneon_bs_cbc_decrypt(u8 *out, const u8 *in, const u8 *bskey,
				      int rounds, int blocks, u8 iv[16]);
/* ctr: 128-bit big-endian counter, advanced by blocks (full carry, 2^128 wrap) */
asmlinkage void ctneon_bs_ctr_crypt(u8 *out, const u8 *in, const u8 *bskey,
				    int rounds, int blocks, u8 ctr[16]);
/*
 * tweak: in, the encrypted tweak T of the first block; out, T * x^blocks
 * (GF(2^128), IEEE 1619 little-endian).  Whole blocks only: the caller does
 * ciphertext stealing with the vpaes core.
 */
asmlinkage void ctneon_bs_xts_encrypt(u8 *out, const u8 *in, const u8 *bskey,
				      int rounds, int blocks, u8 tweak[16]);
asmlinkage void ctneon_bs_xts_decrypt(u8 *out, const u8 *in, const u8 *bskey,
				      int rounds, int blocks, u8 tweak[16]);

#endif
