/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: entry points of the ChaCha20 and Poly1305 cores
 * (arm/chacha-poly-neon-core.S and arm64/chacha-poly-neon-core.S).
 *
 * ChaCha (RFC 8439): state[16] is the 4x4 matrix of 32-bit words (constants,
 * key, counter word 12, nonce words 13..15), little-endian words in memory.
 * Poly1305 (RFC 8439 section 2.5): the key r || s; the accumulator and the
 * key live in a private state of CTNEON_POLY_STATE_SIZE bytes (both cores
 * use all 64: the accumulator, r, r's multiples and s).
 * No branch and no memory address depends on keys, data, keystream or tag.
 * Call between kernel_neon_begin() and kernel_neon_end() in the kernel.
 */
#ifndef CTNEON_CHACHA_POLY_H
#define CTNEON_CHACHA_POLY_H

#ifdef __KERNEL__
#include <linux/linkage.h>
#include <linux/types.h>
#else
#include "compat/user.h"
#endif

#define CTNEON_POLY_STATE_SIZE	64

/*
 * XOR bytes >= 0 of keystream into src -> dst, any length, starting at block
 * counter state[12]; nrounds is 20 or 12.  On return state[12] has advanced by
 * DIV_ROUND_UP(bytes, 64), wrapping modulo 2^32 without carry into word 13.
 */
asmlinkage void ctneon_chacha_crypt(u32 state[16], u8 *dst, const u8 *src,
				    int bytes, int nrounds);

/* HChaCha (the XChaCha subkey): out[8] = words 0..3 and 12..15 after nrounds */
asmlinkage void ctneon_hchacha(const u32 state[16], u32 out[8], int nrounds);

/*
 * Poly1305.  These three entry points are integer-only on both
 * architectures (no FP/SIMD register is read, written or saved), so they
 * may run outside kernel_neon_begin(): the portable path uses them too, and
 * a message may switch between the NEON and the portable path mid-way.
 * The state holds r and s: wipe it after the final.
 *
 * key: r (clamped by the core) || s, 32 bytes; clears the accumulator
 */
asmlinkage void ctneon_poly1305_init(u8 *pstate, const u8 key[32]);
/* blocks >= 0 whole 16-byte blocks, each with the 2^128 pad bit */
asmlinkage void ctneon_poly1305_blocks(u8 *pstate, const u8 *src, int blocks);
/* the tag: (acc mod 2^130 - 5) + s mod 2^128, fully reduced */
asmlinkage void ctneon_poly1305_final(u8 *pstate, u8 tag[16]);

/*
 * The stitched AEAD step: encrypt (flags & CTNEON_CP_ENC) or decrypt bytes
 * of src into dst with ChaCha20 from state (advancing state[12]) and
 * absorb the ciphertext into Poly1305 in the same pass.  bytes is a
 * multiple of 64 except in the last call of a message, where the
 * ciphertext's final partial 16-byte block is absorbed zero-padded (RFC
 * 8439 section 2.8).
 *
 * Encrypting, the core absorbs each step's ciphertext during the rounds
 * of the next step (it does not exist before), so a call's last step
 * would be absorbed alone, with no ChaCha work beside it.  Between the
 * calls of one message it can instead ride in the next call's first
 * step: with CTNEON_CP_KEEP (encryption only, bytes a nonzero multiple of
 * CTNEON_CP_STEP) the last CTNEON_CP_STEP bytes of ciphertext, at dst +
 * bytes - CTNEON_CP_STEP, are left unabsorbed, and the caller passes a
 * copy of them as pend to the next call, which absorbs them first.  pend
 * is NULL otherwise (always when decrypting).  CTNEON_CP_STEP is the
 * stitched step: four blocks on arm, six on arm64.
 *
 * On arm, the Poly1305 key block is a lone row-form block whose rounds
 * are one latency-bound chain (about as many Cortex-A57 cycles as a whole
 * four-block chunk).  The glue may instead run blocks 0..3 as one
 * four-block call over 64 zero bytes and the text's first CTNEON_CP_HEAD
 * bytes, and pass that head's ciphertext as pend to the message's first
 * stitched call with CTNEON_CP_HEAD_PEND (encryption only): pend then
 * holds CTNEON_CP_HEAD bytes, not a step, and rides in the first step's
 * rounds like a kept step.  CTNEON_CP_HEAD is 0 on arm64, whose core
 * does not take the flag.
 */
#define CTNEON_CP_ENC		1
#define CTNEON_CP_KEEP		2
#define CTNEON_CP_HEAD_PEND	4
#ifdef __aarch64__
#define CTNEON_CP_STEP		384
#define CTNEON_CP_HEAD		0
#else
#define CTNEON_CP_STEP		256
#define CTNEON_CP_HEAD		192
#endif
asmlinkage void ctneon_chachapoly_crypt(u32 state[16], u8 *pstate, u8 *dst,
					const u8 *src, int bytes, int flags,
					const u8 *pend);

/*
 * The portable twins (chacha-ct.c), for contexts where NEON may not be
 * used, and the state setup the glue shares with the tests.
 */
void ctneon_chacha_ct_crypt(u32 state[16], u8 *dst, const u8 *src,
			    unsigned int bytes, int nrounds);
void ctneon_hchacha_ct(const u32 state[16], u32 out[8], int nrounds);
/* state = constants || key || iv (le32 counter || 96-bit nonce) */
void ctneon_chacha_state(u32 state[16], const u32 key[8], const u8 iv[16]);
/* the 32-byte key as little-endian words */
void ctneon_chacha_key(u32 key[8], const u8 bytes[32]);

#endif
