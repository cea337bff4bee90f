// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: the ranking policy, the one place that decides where each
 * ctneon algorithm ranks beside the in-tree drivers of its name.
 *
 * The rule
 * --------
 * The glue's priorities put every ctneon algorithm above every in-tree
 * driver a CPU without the Crypto Extensions has, and below the -ce
 * drivers (on a CPU with them ctneon registers no AES algorithm at all:
 * ctneon_register_aes()).  That is right wherever the in-tree driver is
 * table-based (aes-arm, aes-arm64, aes-generic, the 7.x library's AES,
 * and every template built over them): constant time is worth its price.
 * Where the in-tree driver a name resolves to is constant time already,
 * ctneon adds nothing but speed, so it must not make that name slower:
 * ctneon yields the name, registering just below that driver, when the
 * driver is faster in instructions and on both cycle models (arm64:
 * Cortex-A53 and A72; arm: Cortex-A57 and A9; llvm-mca) at every size
 * the name's users send:
 *
 *   512 B and 4 KiB     disk sectors: ecb, cbc, xts, cts, xchacha (Adiantum)
 *   64 B and 1420 B     packets: the AEADs, ctr and chacha20 (which the
 *                       rfc3686 and rfc7539 templates use)
 *   16, 64 and 1420 B   the MACs
 *
 * Each row below holds ctneon / in-tree in percent for one name, arch and
 * kernel series: the instructions of the implementations' own code (AES-128,
 * the smaller of encryption and decryption where both were measured) and
 * the cycles of each model (encryption), each the smallest over those
 * sizes, so the in-tree driver is faster everywhere exactly when all
 * three are above 100.  0 means not measured, which never yields.  A
 * split verdict (the in-tree driver ahead on some measures, ctneon on
 * others) keeps ctneon on top: both are constant time, and the comment of
 * the row says who wins where.  bench/rank.py prints these numbers, per
 * size, from a bench run (make bench, Documentation/performance.rst);
 * updating the table is running it and copying its rows here.
 *
 * Rows exist only where the in-tree winner is constant time on the path a
 * board runs (NEON code with whole-table register lookups, bit-sliced
 * code, ARX); a name without a row keeps the glue's priority.  Where the
 * winner is a template instance (the kernel builds one only when no
 * algorithm of the name is registered, so a lower priority could not
 * hand it the name), a row can only keep; ctneon_rank() refuses to yield
 * it and says so.  Giving such a name away means not registering it,
 * which ctneon does for one pair, outside the table because it follows
 * the asynchronous wrappers: on arm kernels that do not need them ctneon
 * registers no ChaCha20-Poly1305 AEAD (glue-chacha.c,
 * CTNEON_CHACHAPOLY_REGISTER), and the rows of those names say "absent"
 * there.  The rows are read once per algorithm at module load.
 *
 * The module parameter "ranks" (read only) lists the rows of this arch
 * and kernel and what they decided, for the guest check
 * (tests/vm/guest/rank.sh).
 */
#include <crypto/algapi.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/version.h>

#include "svc-rank.h"

/* how far below the in-tree driver a yielded name goes (wrappers: + 1) */
#define CTNEON_RANK_GAP		10

#define K(a, b)			KERNEL_VERSION(a, b, 0)
#define CTNEON_KERNEL_ANY	K(255, 0)

enum ctneon_rank_arch { CTNEON_ARM, CTNEON_ARM64 };

struct ctneon_rank_row {
	const char *name;	/* cra_name */
	enum ctneon_rank_arch arch;
	unsigned int from;	/* LINUX_VERSION_CODE from ... */
	unsigned int below;	/* ... up to, not including */
	const char *intree;	/* the driver the name resolves to without ctneon */
	int prio;		/* and its priority */
	u16 insns, cyc1, cyc2;	/* ctneon / in-tree, percent (see above) */
	int given;		/* what ctneon_rank() gave; 0: not registered */
};

/*
 * The rows, from bench/rank.py over Documentation/performance-data/:
 * Debian's 6.1 kernels (the run of 2026-12-06, with the windows at the
 * users' sizes), for the 7.x ChaCha rows 7.x's earlier run (instructions
 * only).  6.12 and 7.x run the same in-tree NEON code.  The in-tree
 * drivers and their priorities are each kernel's own (tests/vm/guest/
 * rank.sh fails on a row that no longer matches).  Where a series
 * boundary lies between the supported kernels (6.16: chacha20-lib and
 * the rfc7539 instances at their ChaCha's priority; 7.0: the AES
 * library's MACs; 7.1: its GHASH) it follows the kernel's history,
 * unchecked on the kernels in between.
 */
static struct ctneon_rank_row ctneon_rank_rows[] = {
	/*
	 * arm64.  The bit-sliced *-aes-neonbs (CTR, XTS and CBC pieces of
	 * fewer than eight blocks, CBC encryption and the XTS tail on
	 * aes-neon-blk's NEON cipher) and aes-neon-blk's own drivers: the
	 * S-box in sixteen registers, tbl/tbx lookups, constant time.  7.x
	 * runs the same NEON code from the kernel's AES library, which on
	 * QEMU's CPU takes the AES instructions and which the bench's
	 * module windows do not see: the AES rows hold 6.1's numbers.
	 * ecb, xts: ctneon ahead everywhere measured (4 KiB: 88 and 89 %
	 * of the instructions, 55 % of the A53 cycles; 512 B not measured).
	 */
	{ "ecb(aes)", CTNEON_ARM64, K(6, 1), CTNEON_KERNEL_ANY,
	  "ecb-aes-neonbs", 250, 0, 0, 0 },
	{ "xts(aes)", CTNEON_ARM64, K(6, 1), CTNEON_KERNEL_ANY,
	  "xts-aes-neonbs", 250, 0, 0, 0 },
	/*
	 * cbc: decryption is ctneon's (88 % of the instructions at 4 KiB);
	 * encryption, one register-table block at a time (svc-single.h),
	 * takes 0.96 to 0.97 of aes-neon-blk's instructions from 1420 B,
	 * 0.81 of its A53 cycles and 0.59 of its A72 cycles at 4 KiB (on
	 * vpaes it was 1.44 to 1.47, 1.11 to 1.13 and 0.59 to 0.60).
	 */
	{ "cbc(aes)", CTNEON_ARM64, K(6, 1), CTNEON_KERNEL_ANY,
	  "cbc-aes-neonbs", 250, 88, 81, 59 },
	/*
	 * ctr: at 64 B the in-tree four-block cipher is ahead on all three
	 * (ctneon 1.74, 1.74, 1.33), at 1420 B ctneon (90 % of the
	 * instructions; cycles not measured): split by size.
	 */
	{ "ctr(aes)", CTNEON_ARM64, K(6, 1), CTNEON_KERNEL_ANY,
	  "ctr-aes-neonbs", 250, 90, 0, 0 },
	/*
	 * cts and the MACs: aes-neon-blk's single block against the
	 * register-table core.  Instructions: cts 1.65 / 1.33 / 0.97 at
	 * 16 / 64 / 1420 B, the MACs 1.46 / 1.12 / 0.94 to 0.95.  Cycles
	 * were measured on vpaes (A53 1.10 to 2.09, A72 0.59 to 0.93); the
	 * register table serves a chain only where it takes no more cycles
	 * than vpaes on either model, so they are no higher now.  ctneon
	 * ahead from 1420 B and on the A72: ctneon keeps them.  (xcbc and
	 * cbcmac: cmac's cycle windows, the same chain.)
	 */
	{ "cts(cbc(aes))", CTNEON_ARM64, K(6, 1), CTNEON_KERNEL_ANY,
	  "cts-cbc-aes-neon", 200, 97, 111, 59 },
	{ "cmac(aes)", CTNEON_ARM64, K(6, 1), K(7, 0),
	  "cmac-aes-neon", 200, 94, 110, 59 },
	{ "xcbc(aes)", CTNEON_ARM64, K(6, 1), K(7, 0),
	  "xcbc-aes-neon", 200, 94, 110, 59 },
	{ "cbcmac(aes)", CTNEON_ARM64, K(6, 1), K(7, 0),
	  "cbcmac-aes-neon", 200, 94, 110, 59 },
	/*
	 * ccm: the template over ctr-aes-neonbs and cbcmac-aes-neon.
	 * ctneon's paired core takes more instructions (1.16 to 1.30) and
	 * more A53 cycles at 64 B (1.36), fewer A53 cycles at 1420 B (0.83)
	 * and fewer A72 cycles (0.64 to 0.68): ctneon keeps it.  From 7.0
	 * the MACs and ccm's CBC-MAC are the library's, whose last block is
	 * the table-based scalar cipher: no row.
	 */
	{ "ccm(aes)", CTNEON_ARM64, K(6, 1), K(7, 0),
	  "ccm_base(ctr-aes-neonbs,cbcmac-aes-neon)", 225, 116, 83, 64 },
	{ "rfc4309(ccm(aes))", CTNEON_ARM64, K(6, 1), K(7, 0),
	  "rfc4309(ccm_base(ctr-aes-neonbs,cbcmac-aes-neon))", 225, 116, 83, 64 },
	/*
	 * ChaCha20: chacha20-neon (7.x: chacha20-lib, the same NEON code),
	 * ARX.  ctneon 1.00 of its instructions at 64 B, 0.83 at 1420 B
	 * and 0.87 to 0.89 at 4 KiB (xchacha; cycles not measured; 7.x:
	 * 0.36 at 64 B): keeps.
	 */
	{ "chacha20", CTNEON_ARM64, K(6, 1), K(6, 16),
	  "chacha20-neon", 300, 83, 0, 0 },
	{ "xchacha20", CTNEON_ARM64, K(6, 1), K(6, 16),
	  "xchacha20-neon", 300, 0, 0, 0 },
	{ "xchacha12", CTNEON_ARM64, K(6, 1), K(6, 16),
	  "xchacha12-neon", 300, 0, 0, 0 },
	{ "chacha20", CTNEON_ARM64, K(6, 16), CTNEON_KERNEL_ANY,
	  "chacha20-lib", 300, 36, 0, 0 },
	{ "xchacha20", CTNEON_ARM64, K(6, 16), CTNEON_KERNEL_ANY,
	  "xchacha20-lib", 300, 0, 0, 0 },
	{ "xchacha12", CTNEON_ARM64, K(6, 16), CTNEON_KERNEL_ANY,
	  "xchacha12-lib", 300, 0, 0, 0 },
	/*
	 * ChaCha20-Poly1305: the rfc7539 template over the NEON ChaCha20
	 * and Poly1305; ctneon's stitched core 0.62 to 0.71 of its
	 * instructions (7.x: 0.35 to 0.68), 0.65 and 0.80 of its cycles at
	 * 1420 B (64 B not measured).  The instance's priority: the mean
	 * of its parts' on 6.x, its ChaCha20's on 7.x.
	 */
	{ "rfc7539(chacha20,poly1305)", CTNEON_ARM64, K(6, 1), K(6, 16),
	  "rfc7539(chacha20-neon,poly1305-neon)", 250, 62, 0, 0 },
	{ "rfc7539esp(chacha20,poly1305)", CTNEON_ARM64, K(6, 1), K(6, 16),
	  "rfc7539esp(chacha20-neon,poly1305-neon)", 250, 61, 0, 0 },
	{ "rfc7539(chacha20,poly1305)", CTNEON_ARM64, K(6, 16), CTNEON_KERNEL_ANY,
	  "rfc7539(chacha20-lib,poly1305-generic)", 300, 35, 0, 0 },
	{ "rfc7539esp(chacha20,poly1305)", CTNEON_ARM64, K(6, 16), CTNEON_KERNEL_ANY,
	  "rfc7539esp(chacha20-lib,poly1305-generic)", 300, 36, 0, 0 },

	/*
	 * arm.  The bit-sliced ecb- and ctr-aes-neonbs (CBC encryption and
	 * the XTS tweak are the table-based aes-arm: no row for cbc, xts,
	 * cts, the MACs, ccm, which are built on it), the gcm template over
	 * them and the NEON GHASH (vmull.p8), chacha20-neon (7.x:
	 * chacha20-lib, NEON inside), the rfc7539 template over it and
	 * poly1305-neon.
	 *
	 * ecb: in-tree ahead on all three at 512 B (ctneon 1.09, 1.03,
	 * 1.14), ctneon on the A57 at 4 KiB (0.98; 1.03 and 1.11 the
	 * others): split by size, ctneon keeps it.
	 */
	{ "ecb(aes)", CTNEON_ARM, K(6, 1), CTNEON_KERNEL_ANY,
	  "ecb-aes-neonbs", 250, 103, 98, 111 },
	/*
	 * ctr: ctneon 0.91 of the instructions at 64 B (A57 cycles 1.21, A9
	 * 0.96), 0.99 at 1420 B
	 */
	{ "ctr(aes)", CTNEON_ARM, K(6, 1), CTNEON_KERNEL_ANY,
	  "ctr-aes-neonbs", 250, 91, 0, 0 },
	/* gcm: ctneon 0.83 to 0.86 of the instructions, 0.71 and 0.87 of the cycles */
	{ "gcm(aes)", CTNEON_ARM, K(6, 1), K(7, 1),
	  "gcm_base(ctr-aes-neonbs,ghash-ce)", 275, 84, 0, 0 },
	{ "rfc4106(gcm(aes))", CTNEON_ARM, K(6, 1), K(7, 1),
	  "rfc4106(gcm_base(ctr-aes-neonbs,ghash-ce))", 275, 83, 0, 0 },
	{ "gcm(aes)", CTNEON_ARM, K(7, 1), CTNEON_KERNEL_ANY,
	  "gcm_base(ctr-aes-neonbs,ghash-lib)", 250, 84, 0, 0 },
	{ "rfc4106(gcm(aes))", CTNEON_ARM, K(7, 1), CTNEON_KERNEL_ANY,
	  "rfc4106(gcm_base(ctr-aes-neonbs,ghash-lib))", 250, 82, 0, 0 },
	/*
	 * ChaCha20: in-tree ahead on all three at 64 B (ctneon 1.12, 1.06,
	 * 1.16) and for xchacha at 512 B (1.03, 1.03, 1.04), ctneon on all
	 * three at 1420 B (0.96 to 0.98) and 4 KiB (0.96 to 0.98): split by
	 * size, ctneon keeps them.  (On a Cortex-A7 or A5 the kernel drops
	 * chacha20-neon to priority 0 for its scalar chacha20-arm, 200,
	 * faster there; no cycle model covers those cores: not in the
	 * table.)
	 */
	{ "chacha20", CTNEON_ARM, K(6, 1), K(6, 16),
	  "chacha20-neon", 300, 96, 97, 98 },
	{ "xchacha20", CTNEON_ARM, K(6, 1), K(6, 16),
	  "xchacha20-neon", 300, 98, 96, 97 },
	{ "xchacha12", CTNEON_ARM, K(6, 1), K(6, 16),
	  "xchacha12-neon", 300, 97, 96, 97 },
	{ "chacha20", CTNEON_ARM, K(6, 16), CTNEON_KERNEL_ANY,
	  "chacha20-lib", 300, 62, 0, 0 },
	{ "xchacha20", CTNEON_ARM, K(6, 16), CTNEON_KERNEL_ANY,
	  "xchacha20-lib", 300, 0, 0, 0 },
	{ "xchacha12", CTNEON_ARM, K(6, 16), CTNEON_KERNEL_ANY,
	  "xchacha12-lib", 300, 0, 0, 0 },
	/*
	 * ChaCha20-Poly1305, where ctneon registers it (6.1, with the
	 * asynchronous wrappers): 0.73 of the instructions and 0.66 and
	 * 0.77 of the cycles at 64 B; at 1420 B 1.12 of the instructions,
	 * 0.80 and 1.02 of the cycles: ctneon keeps it.  Absent elsewhere.
	 */
	{ "rfc7539(chacha20,poly1305)", CTNEON_ARM, K(6, 1), K(6, 16),
	  "rfc7539(chacha20-neon,poly1305-neon)", 250, 73, 66, 77 },
	{ "rfc7539esp(chacha20,poly1305)", CTNEON_ARM, K(6, 1), K(6, 16),
	  "rfc7539esp(chacha20-neon,poly1305-neon)", 250, 73, 66, 77 },
	{ "rfc7539(chacha20,poly1305)", CTNEON_ARM, K(6, 16), CTNEON_KERNEL_ANY,
	  "rfc7539(chacha20-lib,poly1305-generic)", 300, 0, 0, 0 },
	{ "rfc7539esp(chacha20,poly1305)", CTNEON_ARM, K(6, 16), CTNEON_KERNEL_ANY,
	  "rfc7539esp(chacha20-lib,poly1305-generic)", 300, 0, 0, 0 },
};

static bool ctneon_rank_here(const struct ctneon_rank_row *r)
{
	return r->arch == (IS_ENABLED(CONFIG_ARM64) ? CTNEON_ARM64 : CTNEON_ARM) &&
	       LINUX_VERSION_CODE >= r->from && LINUX_VERSION_CODE < r->below;
}

/* the rule: the in-tree driver is faster on all three measures */
static bool ctneon_rank_yields(const struct ctneon_rank_row *r)
{
	return r->insns > 100 && r->cyc1 > 100 && r->cyc2 > 100;
}

void ctneon_rank(struct crypto_alg *alg)
{
	struct ctneon_rank_row *r;

	for (r = ctneon_rank_rows; r < ctneon_rank_rows + ARRAY_SIZE(ctneon_rank_rows); r++) {
		if (!ctneon_rank_here(r) || strcmp(r->name, alg->cra_name))
			continue;
		if (ctneon_rank_yields(r)) {
			if (strchr(r->intree, '('))
				pr_warn("ctneon: %s: the table yields to the template instance %s, which no priority can: ctneon keeps the name\n",
					r->name, r->intree);
			else
				alg->cra_priority = r->prio - CTNEON_RANK_GAP;
		}
		r->given = alg->cra_priority;
		return;
	}
}

/*
 * "name in-tree-driver its-priority keep|yield|absent ctneon's-priority
 * insns cyc1 cyc2": absent where ctneon registered no algorithm of the
 * name (priority 0)
 */
static int ctneon_ranks_get(char *buf, const struct kernel_param *kp)
{
	const struct ctneon_rank_row *r;
	int n = 0;

	for (r = ctneon_rank_rows; r < ctneon_rank_rows + ARRAY_SIZE(ctneon_rank_rows); r++) {
		if (!ctneon_rank_here(r))
			continue;
		n += scnprintf(buf + n, PAGE_SIZE - n, "%s %s %d %s %d %u %u %u\n",
			       r->name, r->intree, r->prio,
			       !r->given ? "absent" :
			       r->given < r->prio ? "yield" : "keep",
			       r->given, r->insns, r->cyc1, r->cyc2);
	}
	return n;
}

static const struct kernel_param_ops ctneon_ranks_ops = {
	.get = ctneon_ranks_get,
};
module_param_cb(ranks, &ctneon_ranks_ops, NULL, 0444);
MODULE_PARM_DESC(ranks,
		 "per name with a constant-time in-tree driver: that driver, its priority, keep or yield, ctneon's priority, ctneon / in-tree in percent (instructions, two cycle models) (read only)");
