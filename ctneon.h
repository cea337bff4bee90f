/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: what the glue files share (internal to the module).
 */
#ifndef CTNEON_H
#define CTNEON_H

#include <linux/atomic.h>
#include <linux/types.h>

#include "aes-ct.h"
#include "aes-neonbs.h"

/*
 * The one place that decides NEON versus the portable constant-time code
 * (ctneon-main.c).  Returns true with NEON enabled, and the caller ends with
 * kernel_neon_end(); or false, and the caller uses the portable code.
 */
bool ctneon_neon_begin(void);

/*
 * Key material made on demand, inside a NEON section, by the first request
 * that needs it (the bit-sliced AES key, the NEON GHASH key).  Requests on
 * one transform may run concurrently: ctneon_lazy_get() returns
 * CTNEON_LAZY_READY (use it), CTNEON_LAZY_NONE (this caller, and only this
 * one, makes it now and then calls ctneon_lazy_done()) or CTNEON_LAZY_BUSY
 * (another request is making it: do without it this time).  setkey, which
 * never runs concurrently with requests, resets the state to NONE.
 */
enum { CTNEON_LAZY_NONE, CTNEON_LAZY_BUSY, CTNEON_LAZY_READY };

static inline int ctneon_lazy_get(atomic_t *state)
{
	int s = atomic_read_acquire(state);

	if (s == CTNEON_LAZY_NONE &&
	    atomic_cmpxchg(state, CTNEON_LAZY_NONE, CTNEON_LAZY_BUSY) != CTNEON_LAZY_NONE)
		return CTNEON_LAZY_BUSY;
	return s;
}

static inline void ctneon_lazy_done(atomic_t *state)
{
	atomic_set_release(state, CTNEON_LAZY_READY);
}

/* An AES key with its bit-sliced form made on demand (aes-glue.c). */
struct ctneon_aes_ctx {
	struct ctneon_aes_key key;
	atomic_t bs_state;		/* CTNEON_LAZY_*: is bskey valid? */
	u8 bskey[CTNEON_BS_KEY_SIZE];	/* bit-sliced round keys */
};

enum ctneon_mode { MODE_ECB, MODE_CBC, MODE_CTR, MODE_XTS };

int ctneon_aes_ctx_setkey(struct ctneon_aes_ctx *ctx, const u8 *key,
			  unsigned int len);
/* one contiguous piece: with NEON enabled / with the portable code */
void ctneon_aes_piece_neon(struct ctneon_aes_ctx *ctx, enum ctneon_mode mode,
			   bool enc, u8 *dst, const u8 *src,
			   unsigned int bytes, u8 *iv);
void ctneon_aes_piece_ct(const struct ctneon_aes_ctx *ctx,
			 enum ctneon_mode mode, bool enc, u8 *dst,
			 const u8 *src, unsigned int bytes, u8 *iv);
/* one block, NEON or portable as the context allows */
void ctneon_aes_encrypt_block(const struct ctneon_aes_key *key, u8 out[16],
			      const u8 in[16]);

int ctneon_aes_register(void);
void ctneon_aes_unregister(void);
int ctneon_gcm_register(void);
void ctneon_gcm_unregister(void);
int ctneon_chacha_register(void);
void ctneon_chacha_unregister(void);

#endif
