/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: what the glue files share (internal to the module).
 */
#ifndef CTNEON_H
#define CTNEON_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/version.h>
#include <asm/page.h>

#include "aes-ct.h"
#include "aes-neonbs.h"

/*
 * The one place that decides NEON versus the portable constant-time code
 * (ctneon-main.c).  Every NEON section is
 *
 *	CTNEON_NEON_STATE(ns);
 *	...
 *	if (ctneon_neon_begin(&ns)) {
 *		... NEON cores ...
 *		ctneon_neon_end(&ns);
 *	} else {
 *		... portable code ...
 *	}
 *
 * ctneon_neon_begin() returns true with NEON enabled, or false, and the
 * caller uses the portable code.  On arm64 from 6.19 on, the kernel saves
 * the task's own FP/SIMD registers in a buffer its caller provides, which
 * must stay at one address from kernel_neon_begin() to kernel_neon_end():
 * that is struct ctneon_neon_state, declared in the frame of the function
 * that holds the whole section.  It is __uninitialized because Debian
 * builds with INIT_STACK_ALL_ZERO, which would otherwise clear its 528
 * bytes on every section; the kernel writes it before it reads it.  On
 * every other kernel it is empty.
 */
#if defined(CONFIG_ARM64) && LINUX_VERSION_CODE >= KERNEL_VERSION(6, 19, 0)
#define CTNEON_NEON_HAS_STATE 1
#include <asm/fpsimd.h>
struct ctneon_neon_state {
	struct user_fpsimd_state fpsimd;
};
#else
#define CTNEON_NEON_HAS_STATE 0
struct ctneon_neon_state {
};
#endif

#define CTNEON_NEON_STATE(name) struct ctneon_neon_state __uninitialized name

bool ctneon_neon_usable(void);
bool ctneon_neon_begin(struct ctneon_neon_state *ns);
void ctneon_neon_end(struct ctneon_neon_state *ns);

/*
 * Whether this CPU has the AES (and, for GHASH, PMULL) instructions of the
 * ARMv8 Crypto Extensions.  The kernel's own -ce drivers are faster there;
 * ctneon registers no AES algorithm on such a CPU unless force_register=1
 * (ctneon-main.c), so that no name ever resolves to ctneon where a CE
 * implementation exists.
 */
bool ctneon_register_aes(void);

/*
 * Key material made on demand (the bit-sliced AES key, the NEON GHASH key):
 * ctneon_lazy_get(), ctneon_lazy_done(), ctneon_lazy_reset() in
 * ctneon-lazy.h, with a key generation that setkey moves on.
 */
#include "ctneon-lazy.h"

/*
 * The AEAD decryptions' stable copy (ctneon-aead.c): a per-CPU buffer of
 * CTNEON_STABLE_SIZE bytes, for use inside a NEON section only, between
 * ctneon_stable_begin() (which returns it) and ctneon_stable_end(), filled
 * with ctneon_neon_copy(); ctneon_stable_get()/_put() at registration.
 * ctneon_aead_walk_done() after an AEAD walk: counts bounced walks.
 */
#include "neon-copy.h"

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

/*
 * More test-build hooks (ctneon-test.c), no-ops in a shipped module:
 *   ctneon_test_poison()          fills a stack object with garbage, as
 *                                 an uninitialised stack may hold;
 *   ctneon_test_fail_register()   -EEXIST for the Nth registration
 *                                 (parameter fail_register=N), 0 else;
 *                                 called before each crypto_register_*();
 *   ctneon_test_section_begin/end()  time every NEON section (the
 *                                 longest, for the run_test=mac check).
 */
#ifdef CTNEON_TEST_HOOKS
void ctneon_test_poison(void *p, size_t len);
int ctneon_test_fail_register(void);
void ctneon_test_section_begin(void);
void ctneon_test_section_end(void);
#else
static inline void ctneon_test_poison(void *p, size_t len)
{
}

static inline int ctneon_test_fail_register(void)
{
	return 0;
}

static inline void ctneon_test_section_begin(void)
{
}

static inline void ctneon_test_section_end(void)
{
}
#endif

/* An AES key with its bit-sliced form made on demand (aes-glue.c). */
struct ctneon_aes_ctx {
	struct ctneon_aes_key key;
	atomic_t bs_state;		/* ctneon-lazy.h: is bskey valid? */
	u8 bskey[CTNEON_BS_KEY_SIZE];	/* bit-sliced round keys */
};

/* MODE_XCTR is walked by aes-glue.c only; it has no piece of its own */
enum ctneon_mode { MODE_ECB, MODE_CBC, MODE_CTR, MODE_XTS, MODE_XCTR };

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

/* the CBC-MAC stream, CMAC's last block, CCM's header */
#include "aes-mac.h"

/*
 * Every skcipher and AEAD is registered through these (ctneon-async.c):
 * on kernels where NEON is unusable in softirq they add an asynchronous
 * wrapper of the algorithm's name, which runs such requests on NEON in a
 * kernel thread, and rename the synchronous algorithm NAME-sync.
 */
struct skcipher_alg;
struct aead_alg;
int ctneon_register_skciphers(struct skcipher_alg *algs, int count);
void ctneon_unregister_skciphers(struct skcipher_alg *algs, int count);
int ctneon_register_aeads(struct aead_alg *algs, int count);
void ctneon_unregister_aeads(struct aead_alg *algs, int count);
int ctneon_async_init(void);
void ctneon_async_exit(void);
bool ctneon_async_wrapped(void);

int ctneon_aes_register(void);
void ctneon_aes_unregister(void);
int ctneon_gcm_register(void);
void ctneon_gcm_unregister(void);
int ctneon_mac_register(void);
void ctneon_mac_unregister(void);
int ctneon_ccm_register(void);
void ctneon_ccm_unregister(void);
int ctneon_chacha_register(void);
void ctneon_chacha_unregister(void);

#endif
