/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: what the AEAD glue files share (svc-aead.c): the stable copy of
 * the ciphertext, the bounce counter, and the test builds' tamper hooks.
 */
#ifndef CTNEON_SVC_AEAD_H
#define CTNEON_SVC_AEAD_H

#include <linux/types.h>
#include <asm/page.h>

/*
 * The AEAD decryptions' stable copy (svc-aead.c): a per-CPU buffer of
 * CTNEON_STABLE_SIZE bytes, for use inside a NEON section only, between
 * ctneon_stable_begin() (which returns it) and ctneon_stable_end(), filled
 * with ctneon_neon_copy(); ctneon_stable_get()/_put() at registration.
 * ctneon_aead_walk_done() after an AEAD walk: counts bounced walks.
 */
#include "copy-neon.h"

#define CTNEON_STABLE_SIZE	PAGE_SIZE

struct skcipher_walk;
int ctneon_stable_get(void);
void ctneon_stable_put(void);
u8 *ctneon_stable_begin(void);
void ctneon_stable_end(void);
struct aead_request;
int ctneon_aead_walk_start(struct skcipher_walk *walk,
			   struct aead_request *req, bool enc);
void ctneon_aead_walk_done(const struct skcipher_walk *walk);

/*
 * Test builds only (make ... KCFLAGS=-DCTNEON_TEST_HOOKS): right after a
 * decryption has read a piece of the caller's ciphertext (its one read),
 * the caller's bytes are complemented, as a caller writing to its buffer
 * during the request would.  A decryption that reads them again to
 * authenticate or to decrypt then fails or returns wrong plaintext; one
 * that reads once returns the right plaintext (tests/vm/afalg-once.c,
 * "tamper").  Never in a module that is shipped.
 */
#ifdef CTNEON_TEST_HOOKS
void ctneon_test_tamper(const u8 *src, unsigned int len);
struct scatterlist;
void ctneon_test_tamper_sg(struct scatterlist *sg, unsigned int off,
			   unsigned int len);
#else
static inline void ctneon_test_tamper(const u8 *src, unsigned int len)
{
}

struct scatterlist;
static inline void ctneon_test_tamper_sg(struct scatterlist *sg,
					 unsigned int off, unsigned int len)
{
}
#endif

#endif
