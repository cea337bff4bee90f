// SPDX-License-Identifier: GPL-2.0-only
/*
 * TEMPORARY: the GHASH core contract served by the portable code, until
 * arm/ghash-neon.S and arm64/ghash-neon.S land (then this file goes).
 */
#include <linux/string.h>
#include "ghash.h"
void ctneon_ghash_setkey(u8 *gkey, const u8 h[16]) { memcpy(gkey, h, 16); }
void ctneon_ghash_update(u8 x[16], const u8 *gkey, const u8 *src, int blocks) { ctneon_ghash_ct_update(x, gkey, src, blocks); }
