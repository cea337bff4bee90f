// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: what the AEADs share (glue-gcm.c, glue-ccm.c, glue-chacha.c).
 *
 * The stable copy.  A decryption must authenticate exactly the bytes it
 * decrypts; reading the caller's buffer twice (once to authenticate, once
 * to decrypt) lets a caller that changes it in between (algif_aead
 * decrypts in pages the caller still maps) get success and the plaintext
 * of bytes that were never authenticated.  So each walk step's ciphertext
 * is copied once, by ctneon_neon_copy(), into a buffer of the module's,
 * and both the hash and the decryption read that copy.  The buffer is per
 * CPU and used only inside a NEON section, between ctneon_stable_begin()
 * and ctneon_stable_end(), which disable bottom halves (and so preemption)
 * meanwhile.  A NEON section alone does not make the buffer ours: on arm64
 * from 6.8 on a section in task context is preemptible (another task on
 * this CPU may enter its own) and a softirq may run NEON inside it (IPsec;
 * the kernel keeps the task's NEON state aside), and both would write the
 * same buffer; the make check stress test on arm64 7.3 saw wrong
 * plaintexts and EBADMSG from exactly that.  With bottom halves off
 * neither can happen, for the copy and processing of at most
 * CTNEON_STABLE_SIZE bytes.  (On 6.1 arm64 and on arm the NEON section
 * already keeps them off, or softirqs do not use NEON; nesting is free.)
 * Hard interrupts never reach it: NEON is refused there.  The buffer holds
 * ciphertext only, which is not secret.  (CCM needs no such buffer: its
 * core reads each block once, glue-ccm.c.)
 *
 * The bounce counter.  ctneon_aead_walk_done() counts the AEAD requests
 * whose walk went through the skcipher walk's bounce buffer (a step cut by
 * a page boundary inside the walk's stride, which the walk copies to a
 * buffer it allocates, GFP_ATOMIC in softirq): read-only in
 * /sys/module/ctneon/parameters/aead_bounces, for the tests.
 */
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <linux/bottom_half.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>

#include "svc-aead.h"
#include "test-hooks.h"

static u8 __percpu *ctneon_stable;
static unsigned int ctneon_stable_users;

static unsigned int ctneon_aead_bounces;
module_param_named(aead_bounces, ctneon_aead_bounces, uint, 0444);
MODULE_PARM_DESC(aead_bounces,
		 "AEAD requests whose walk used the walk's bounce buffer (for the tests)");

/* at registration (module init and exit, serialized): the buffers */
int ctneon_stable_get(void)
{
	if (!ctneon_stable_users) {
		ctneon_stable = __alloc_percpu(CTNEON_STABLE_SIZE, 64);
		if (!ctneon_stable)
			return -ENOMEM;
	}
	ctneon_stable_users++;
	return 0;
}

void ctneon_stable_put(void)
{
	if (--ctneon_stable_users == 0) {
		free_percpu(ctneon_stable);
		ctneon_stable = NULL;
	}
}

u8 *ctneon_stable_begin(void)
{
	local_bh_disable();
	return this_cpu_ptr(ctneon_stable);
}

void ctneon_stable_end(void)
{
	local_bh_enable();
}

#ifdef CTNEON_TEST_HOOKS
static bool ctneon_test_hooks = true;
module_param_named(test_hooks, ctneon_test_hooks, bool, 0444);
MODULE_PARM_DESC(test_hooks, "a test build: decryptions complement the caller's ciphertext after reading it");

void ctneon_test_tamper(const u8 *src, unsigned int len)
{
	u8 *p = (u8 *)src;
	unsigned int i;

	for (i = 0; i < len; i++)
		WRITE_ONCE(p[i], p[i] ^ 0xff);
}

void ctneon_test_tamper_sg(struct scatterlist *sg, unsigned int off,
			   unsigned int len)
{
	u8 buf[64];
	unsigned int n, i;

	while (len) {
		n = min_t(unsigned int, len, sizeof(buf));
		scatterwalk_map_and_copy(buf, sg, off, n, 0);
		for (i = 0; i < n; i++)
			buf[i] ^= 0xff;
		scatterwalk_map_and_copy(buf, sg, off, n, 1);
		off += n;
		len -= n;
	}
}
#endif

/*
 * The AEAD walk over the text, started as skcipher_walk_aead_encrypt() or
 * _decrypt() start it (atomic: the steps may run in softirq).  An empty
 * text returns before the walk sets its bounce buffer, which
 * ctneon_aead_walk_done() reads: cleared here first (a test build fills
 * the whole walk with garbage before, as an uninitialised stack would).
 */
int ctneon_aead_walk_start(struct skcipher_walk *walk,
			   struct aead_request *req, bool enc)
{
	ctneon_test_poison(walk, sizeof(*walk));
	walk->buffer = NULL;
	return enc ? skcipher_walk_aead_encrypt(walk, req, false)
		   : skcipher_walk_aead_decrypt(walk, req, false);
}

void ctneon_aead_walk_done(const struct skcipher_walk *walk)
{
	if (walk->buffer)
		WRITE_ONCE(ctneon_aead_bounces, READ_ONCE(ctneon_aead_bounces) + 1);
}
