/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: entry points of the GHASH cores
 * (arm/ghash-neon.S and arm64/ghash-neon.S, one contract for both).
 *
 * GHASH (NIST SP 800-38D): X <- (X ^ B) * H in GF(2^128) for each 16-byte
 * block B, in GCM's bit order (the first byte holds the coefficients of
 * x^0..x^7, most significant bit first: x^0 is bit 7 of byte 0).  X is kept
 * as the 16-byte string of the specification, so the caller can start from
 * zeroes and finish by XORing E_K(J0).
 *
 * The multiplications use 8-bit polynomial multiplies (vmull.p8 / pmull on
 * 8-bit lanes) and no table lookup; the key schedule holds H and whatever
 * powers and rearrangements of it the core wants (layout private to the core,
 * at most CTNEON_GHASH_KEY_SIZE bytes), made by ctneon_ghash_setkey().
 * No branch and no memory address depends on H, X or the data.
 * Call between kernel_neon_begin() and kernel_neon_end() in the kernel.
 */
#ifndef CTNEON_GHASH_H
#define CTNEON_GHASH_H

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <linux/types.h>
#else
#include "compat/user.h"
#endif

/* arm64: 8 powers of H; arm: 16 (its 16-block batches), three parts each */
#ifdef __aarch64__
#define CTNEON_GHASH_KEY_SIZE	512
#else
#define CTNEON_GHASH_KEY_SIZE	1536
#endif

/* h: the hash key H = E_K(0^128), as the 16-byte string */
asmlinkage void ctneon_ghash_setkey(u8 *gkey, const u8 h[16]);

/* blocks >= 0 whole blocks of src; x: in and out, the running GHASH value */
asmlinkage void ctneon_ghash_update(u8 x[16], const u8 *gkey, const u8 *src,
				    int blocks);

/* The portable constant-time GHASH (ghash-ct.c), with the plain key H. */
void ctneon_ghash_ct_update(u8 x[16], const u8 h[16], const u8 *src,
			    unsigned int blocks);

#endif
