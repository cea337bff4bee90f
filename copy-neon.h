/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: a copy through the NEON registers (arm/copy-neon.S,
 * arm64/copy-neon.S), for the AEAD decryptions, which copy each walk step's
 * ciphertext once into a buffer of their own and then authenticate and
 * decrypt that copy: a caller that changes its buffer meanwhile cannot
 * make them authenticate bytes other than those they decrypt.  Three
 * instructions per 64 bytes where the kernel's memcpy takes about ten.
 *
 * Any length, no alignment; dst and src must not overlap.  The data is
 * ciphertext and the length public: no constant-time concern.  Call
 * between kernel_neon_begin() and kernel_neon_end() in the kernel.
 */
#ifndef CTNEON_NEON_COPY_H
#define CTNEON_NEON_COPY_H

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <linux/types.h>
#else
#include "compat/user.h"
#endif

asmlinkage void ctneon_neon_copy(u8 *dst, const u8 *src, unsigned int bytes);

#endif
