// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: the NEON section, the one place that chooses between NEON and
 * the portable constant-time code (neon-section.h), and whether the CPU's
 * AES instructions leave the AES names to the kernel's own drivers.
 *
 * Every algorithm is synchronous; each request runs its assembly cores
 * between kernel_neon_begin() and kernel_neon_end() in pieces of at most a
 * page, and calls that may sleep (skcipher_walk_done()) run outside.
 *
 * NEON is not usable in every context: 32-bit 6.1 kernels refuse it in
 * softirq, where IPsec runs (their may_use_simd() is !in_interrupt()), and
 * every kernel refuses it in hard interrupt context.  There the same
 * request runs on the portable constant-time code (aes-ct.c, ghash-ct.c,
 * chacha-ct.c and the integer-only Poly1305 of the cores),
 * which gives the same answer and, like the NEON cores, has no branch or
 * memory access that depends on a secret, and never touches a
 * table-based AES.  Its price is speed in those contexts.  On the kernels
 * that refuse NEON in softirq, svc-async.c adds an asynchronous wrapper
 * above each skcipher and AEAD, so that callers that accept one (IPsec,
 * dm-crypt, AF_ALG) get their softirq requests run on NEON in a kernel
 * thread instead; callers that need a synchronous algorithm keep the
 * portable path there.  ctneon_neon_usable() is the test both use.
 *
 * The parameter force_fallback makes the tests take that path on purpose:
 * 1 for every NEON section, 2 for a random half of them.  The glue decides
 * per section, not per request, and does not assume that every step of a
 * request takes the same path; 2 checks that a request whose steps take
 * different paths (a NEON step followed by a portable one and back) still
 * gives the right answer.
 */
#include <asm/hwcap.h>
#include <asm/neon.h>
#include <asm/simd.h>
#include <crypto/internal/simd.h>
#include <linux/cpufeature.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/random.h>

#include "neon-section.h"
#include "test-hooks.h"

static int force_fallback;
module_param(force_fallback, int, 0644);
MODULE_PARM_DESC(force_fallback,
		 "for testing: 1 = always the portable constant-time code instead of NEON, 2 = either, at random for each NEON section");

static bool force_register;
module_param(force_register, bool, 0444);
MODULE_PARM_DESC(force_register,
		 "for testing: register the AES algorithms even on a CPU with the Crypto Extensions (whose -ce drivers are faster)");

bool ctneon_neon_usable(void)
{
	return crypto_simd_usable() && !irqs_disabled();
}

bool ctneon_neon_begin(struct ctneon_neon_state *ns)
{
	int mode = READ_ONCE(force_fallback);

	if (unlikely(mode) && (mode != 2 || (get_random_u32() & 1)))
		return false;
	/*
	 * crypto_simd_usable() is may_use_simd() (false in hard interrupt
	 * context; on 32-bit before 6.12 also in softirq) and the self-tests'
	 * switch.  IRQs off is refused on every kernel, whatever this
	 * kernel's may_use_simd() says of it: arm64 allows NEON there only
	 * from about 6.18, and a request with IRQs off is rare enough that
	 * the portable code costs nothing that matters.
	 */
	if (!ctneon_neon_usable())
		return false;
#if CTNEON_NEON_HAS_STATE
	kernel_neon_begin(&ns->fpsimd);
#else
	kernel_neon_begin();
#endif
	ctneon_test_section_begin();
	return true;
}

void ctneon_neon_end(struct ctneon_neon_state *ns)
{
	ctneon_test_section_end();
#if CTNEON_NEON_HAS_STATE
	kernel_neon_end(&ns->fpsimd);
#else
	kernel_neon_end();
#endif
}

static bool ctneon_cpu_has_aes(void)
{
#ifdef CONFIG_ARM64
	return cpu_have_named_feature(AES);
#else
	return elf_hwcap2 & HWCAP2_AES;
#endif
}

bool ctneon_register_aes(void)
{
	return force_register || !ctneon_cpu_has_aes();
}
