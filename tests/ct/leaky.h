/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: deliberately leaking reference code, the negative controls of the
 * constant-time check.  Test code only: never linked into the module.
 */
#ifndef CTNEON_CT_LEAKY_H
#define CTNEON_CT_LEAKY_H

#include "compat/user.h"

/* Builds the S-box and the T-tables; call once before anything else. */
void leaky_init(void);

/* T-table AES encryption of one block with FIPS-197 round keys (std). */
void leaky_ttable_encrypt(const u8 (*std)[16], int rounds, u8 out[16],
			  const u8 in[16]);

/* Number of equal leading bytes of a and b, stopping at the first
 * difference: a branch on secret data. */
int leaky_prefix_compare(const u8 *a, const u8 *b, int len);

#endif
