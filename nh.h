/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: NH, the hash Adiantum runs over its bulk (the Adiantum paper,
 * section 6.1; the kernel's nhpoly1305): the entry points of the NEON
 * cores (arm/nh-neon-core.S, arm64/nh-neon-core.S) and of the portable
 * code (nh-ct.c), one contract for all three.
 *
 * NH hashes one chunk of at most CTNEON_NH_CHUNK bytes, a whole number of
 * 16-byte units, into four 64-bit sums (four passes with the key shifted
 * by four words each):
 *
 *     sum[p] += (m0 + k[4i+4p])   * (m2 + k[4i+4p+2])
 *             + (m1 + k[4i+4p+1]) * (m3 + k[4i+4p+3])
 *
 * for unit i of words m0..m3 (little-endian), additions mod 2^32, the
 * products 32 x 32 -> 64 bits, the sums mod 2^64.  The result is the sums
 * as four little-endian 64-bit words, which Adiantum absorbs into
 * Poly1305 as two blocks.
 *
 * The key is kept twice: as the 268 words of the standard key (the arm
 * core's and every core's tail), and grouped for the arm64 core's
 * four-unit loop, where for units 4g..4g+3 and
 * pass p the 16 words are word w of the four units' keys, w-major:
 * grp[g][p][4w + j] = k[16g + 4j + 4p + w].  ctneon_nh_setkey() makes
 * both.
 *
 * No branch and no memory address depends on the key or the message
 * (lengths only).  The multiplies are 32 x 32 -> 64 bit (umull/umlal,
 * vmull/vmlal), assumed to take a time that does not depend on their
 * operands, as the portable GHASH assumes (Documentation/design.rst).
 * Call the NEON cores between kernel_neon_begin() and kernel_neon_end()
 * in the kernel.
 */
#ifndef CTNEON_NH_H
#define CTNEON_NH_H

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <linux/types.h>
#else
#include "compat/user.h"
#endif

#define CTNEON_NH_UNIT		16
#define CTNEON_NH_CHUNK		1024
#define CTNEON_NH_HASH		32
#define CTNEON_NH_KEY_WORDS	268			/* 1072 bytes */
#define CTNEON_NH_KEY_SIZE	(4 * CTNEON_NH_KEY_WORDS)
#define CTNEON_NH_GROUPS	(CTNEON_NH_CHUNK / (4 * CTNEON_NH_UNIT))

struct ctneon_nh_key {
	u32 grp[CTNEON_NH_GROUPS][4][16];	/* offset 0: the cores' loop */
	u32 k[CTNEON_NH_KEY_WORDS];		/* offset 4096: the tail */
};

/* the key from its 1072 bytes (little-endian words) */
void ctneon_nh_setkey(struct ctneon_nh_key *key, const u8 raw[CTNEON_NH_KEY_SIZE]);

/*
 * hash += the four sums of NH over the units of msg[0 .. bytes), which
 * stand at byte pos of their chunk: pos a multiple of 64, bytes a
 * multiple of 16, pos + bytes <= CTNEON_NH_CHUNK; msg needs no
 * alignment.  The sums are additive: NH of a chunk is the sum (mod 2^64,
 * word by word) of the hashes of its pieces at their positions, so a
 * chunk may be hashed in pieces of any multiple of 64 bytes into one
 * hash (zeroed first).  hash is four little-endian 64-bit words (the
 * cores add them as such: little-endian kernels only, as Debian's).
 */
asmlinkage void ctneon_nh_neon(const struct ctneon_nh_key *key,
			       unsigned int pos, const u8 *msg, int bytes,
			       u8 hash[CTNEON_NH_HASH]);
void ctneon_nh_ct(const struct ctneon_nh_key *key, unsigned int pos,
		  const u8 *msg, unsigned int bytes, u8 hash[CTNEON_NH_HASH]);

#endif
