// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: cmac(aes), xcbc(aes) and cbcmac(aes).
 *
 * Design notes
 * ------------
 * All three MACs are a CBC-MAC, dg = E_K(dg ^ M_i), over the message's
 * blocks; they differ in the key and in the last block:
 *   cbcmac (the kernel's, for ccm): a partial last block is zero-padded,
 *           nothing else (the output of an empty message is 0^128);
 *   cmac (NIST SP 800-38B, RFC 4493): L = E_K(0^128), K1 = L.x, K2 = L.x^2
 *           in GF(2^128); the last block is XORed with K1 if it is whole,
 *           else padded with 10* and XORed with K2;
 *   xcbc (RFC 3566): K1 = E_K(0x01^16) is the MAC key (AES-128 whatever
 *           the length of K), K2 = E_K(0x02^16) and K3 = E_K(0x03^16) take
 *           the places of CMAC's K1 and K2.
 *
 * The chain is serial, so it runs on vpaes (ctneon_vpaes_cbcmac(), one
 * block at a time, nothing stored but dg); where NEON may not be used, on
 * the portable constant-time cipher: the stream of svc-mac.c, which keeps
 * the last block it has seen pending until more data arrives or the final
 * step, since CMAC and XCBC treat it specially.  Subkeys are doubled with
 * masks, not branches.  The descriptor (dg,
 * len) and the tfm context are wiped when they are done with.
 *
 * The shash API lets update run in any context, on any length (ksmbd
 * signs up to 4 MiB of an SMB3 read in one update): each update runs in
 * NEON sections of at most CTNEON_MAC_SLICE bytes, so that preemption
 * (and, on the kernels whose NEON sections keep them off, softirqs) is
 * never held off for longer than one slice.
 *
 * Priorities: above the 7.x library drivers (cmac-aes-lib and friends at
 * 300, table-based on CPUs without the AES instructions) and every
 * template instance; on a CPU with the AES instructions none of this is
 * registered (ctneon_register_aes()).  On arm64 6.x aes-neon-blk's MACs
 * (200) are constant time too: svc-rank.c's table decides against them.
 */
#include <crypto/aes.h>
#include <crypto/algapi.h>
#include <crypto/internal/hash.h>
#include <linux/module.h>
#include <linux/string.h>

#include "glue.h"
#include "neon-section.h"
#include "svc-aes.h"
#include "svc-async.h"
#include "svc-mac.h"
#include "svc-rank.h"
#include "test-hooks.h"

#define CTNEON_MAC_PRIORITY	310

/*
 * The longest piece of one update in one NEON section: about 80,000
 * cycles of vpaes CBC-MAC on a Cortex-A53, some 70 microseconds on a
 * Raspberry Pi 3 (a page, as the skcipher walks' pieces).
 */
#define CTNEON_MAC_SLICE	4096

/*
 * Where the kernel has its own library MACs (7.x: cmac-aes-lib and friends,
 * whose header this is), ctneon's behave as those, else as the templates:
 *   - cbcmac(aes)'s block size, which testmgr compares with the
 *     reference's: 16 for the library driver, 1 for the template;
 *   - xcbc(aes)'s key: RFC 3566's 128 bits only for the library driver;
 *     the template takes any AES key and derives K1 with it.
 */
#if __has_include(<crypto/aes-cbc-macs.h>)
#define CTNEON_CBCMAC_BLOCKSIZE	AES_BLOCK_SIZE
#define CTNEON_XCBC_ANY_KEY	0
#else
#define CTNEON_CBCMAC_BLOCKSIZE	1
#define CTNEON_XCBC_ANY_KEY	1
#endif

/* ---- the shash algorithms ----------------------------------------------- */

struct ctneon_mac_ctx {
	struct ctneon_aes_key key;	/* the chain's key (xcbc: K1) */
	u8 kwhole[AES_BLOCK_SIZE];	/* XORed into a whole last block */
	u8 kpart[AES_BLOCK_SIZE];	/* XORed into a padded last block */
};

static int ctneon_cmac_setkey(struct crypto_shash *tfm, const u8 *in_key,
			      unsigned int len)
{
	struct ctneon_mac_ctx *ctx = crypto_shash_ctx(tfm);
	static const u8 zero[AES_BLOCK_SIZE];
	u8 l[AES_BLOCK_SIZE];
	int err;

	err = ctneon_aes_expandkey(&ctx->key, in_key, len);
	if (err)
		return err;
	ctneon_aes_encrypt_block(&ctx->key, l, zero);		/* L = E_K(0) */
	ctneon_gf128_double(ctx->kwhole, l);		/* K1 = L.x */
	ctneon_gf128_double(ctx->kpart, ctx->kwhole);	/* K2 = L.x^2 */
	memzero_explicit(l, sizeof(l));
	return 0;
}

static int ctneon_xcbc_setkey(struct crypto_shash *tfm, const u8 *in_key,
			      unsigned int len)
{
	struct ctneon_mac_ctx *ctx = crypto_shash_ctx(tfm);
	u8 c[AES_BLOCK_SIZE], k1[AES_BLOCK_SIZE];
	int err;

	if (!CTNEON_XCBC_ANY_KEY && len != AES_KEYSIZE_128)
		return -EINVAL;
	err = ctneon_aes_expandkey(&ctx->key, in_key, len);
	if (err)
		return err;
	memset(c, 0x01, sizeof(c));
	ctneon_aes_encrypt_block(&ctx->key, k1, c);		/* K1 = E_K(0x01..) */
	memset(c, 0x02, sizeof(c));
	ctneon_aes_encrypt_block(&ctx->key, ctx->kwhole, c);	/* K2 = E_K(0x02..) */
	memset(c, 0x03, sizeof(c));
	ctneon_aes_encrypt_block(&ctx->key, ctx->kpart, c);	/* K3 = E_K(0x03..) */
	err = ctneon_aes_expandkey(&ctx->key, k1, sizeof(k1));
	memzero_explicit(k1, sizeof(k1));
	return err;
}

static int ctneon_cbcmac_setkey(struct crypto_shash *tfm, const u8 *in_key,
				unsigned int len)
{
	struct ctneon_mac_ctx *ctx = crypto_shash_ctx(tfm);

	return ctneon_aes_expandkey(&ctx->key, in_key, len);
}

static int ctneon_mac_init(struct shash_desc *desc)
{
	struct ctneon_cbcmac *st = shash_desc_ctx(desc);

	memset(st, 0, sizeof(*st));
	return 0;
}

/* the tfm is keyed and the state sane, or the error to return */
static int ctneon_mac_check(const struct ctneon_mac_ctx *ctx,
			    const struct ctneon_cbcmac *st)
{
	/* the API's NEED_KEY makes this unreachable; the cores need it */
	if (unlikely(!ctneon_aes_rounds_ok(ctx->key.rounds)))
		return -ENOKEY;
	if (unlikely(st->len > AES_BLOCK_SIZE))	/* a corrupt import */
		return -EINVAL;
	return 0;
}

static int ctneon_mac_update(struct shash_desc *desc, const u8 *p,
			     unsigned int len)
{
	struct ctneon_mac_ctx *ctx = crypto_shash_ctx(desc->tfm);
	struct ctneon_cbcmac *st = shash_desc_ctx(desc);
	CTNEON_NEON_STATE(ns);
	int err = ctneon_mac_check(ctx, st);
	unsigned int n;
	bool neon;

	if (err)
		return err;
	do {
		n = min_t(unsigned int, len, CTNEON_MAC_SLICE);
		neon = ctneon_neon_begin(&ns);
		ctneon_cbcmac_update(&ctx->key, neon, st, p, n);
		if (neon) {
			ctneon_test_section_bytes(n);
			ctneon_neon_end(&ns);
		}
		p += n;
		len -= n;
	} while (len);
	return 0;
}

/*
 * CMAC and XCBC: the pending last block (len bytes, 0 for an empty
 * message) is whole or padded with 10*, then XORed with the matching
 * subkey and encrypted.
 */
static int ctneon_cmac_final(struct shash_desc *desc, u8 *out)
{
	struct ctneon_mac_ctx *ctx = crypto_shash_ctx(desc->tfm);
	struct ctneon_cbcmac *st = shash_desc_ctx(desc);
	int err = ctneon_mac_check(ctx, st);

	if (err)
		return err;
	ctneon_cmac_last(st, ctx->kwhole, ctx->kpart);
	ctneon_aes_encrypt_block(&ctx->key, out, st->dg);
	memzero_explicit(st, sizeof(*st));
	return 0;
}

/* cbcmac: a partial last block is zero-padded (the template's MAC for ccm) */
static int ctneon_cbcmac_final(struct shash_desc *desc, u8 *out)
{
	struct ctneon_mac_ctx *ctx = crypto_shash_ctx(desc->tfm);
	struct ctneon_cbcmac *st = shash_desc_ctx(desc);
	int err = ctneon_mac_check(ctx, st);

	if (err)
		return err;
	if (st->len)
		ctneon_aes_encrypt_block(&ctx->key, st->dg, st->dg);
	memcpy(out, st->dg, AES_BLOCK_SIZE);
	memzero_explicit(st, sizeof(*st));
	return 0;
}

static int ctneon_mac_init_tfm(struct crypto_shash *tfm)
{
	memzero_explicit(crypto_shash_ctx(tfm), sizeof(struct ctneon_mac_ctx));
	return 0;
}

static void ctneon_mac_exit_tfm(struct crypto_shash *tfm)
{
	memzero_explicit(crypto_shash_ctx(tfm), sizeof(struct ctneon_mac_ctx));
}

#define CTNEON_MAC(name_, blocksize_, setkey_, final_) {			\
	.base.cra_name		= #name_ "(aes)",				\
	.base.cra_driver_name	= #name_ "-aes-ctneon",				\
	.base.cra_priority	= CTNEON_MAC_PRIORITY,				\
	.base.cra_blocksize	= blocksize_,					\
	.base.cra_ctxsize	= sizeof(struct ctneon_mac_ctx),		\
	.base.cra_module	= THIS_MODULE,					\
	.digestsize		= AES_BLOCK_SIZE,				\
	.descsize		= sizeof(struct ctneon_cbcmac),			\
	.setkey			= setkey_,					\
	.init			= ctneon_mac_init,				\
	.update			= ctneon_mac_update,				\
	.final			= final_,					\
	.init_tfm		= ctneon_mac_init_tfm,				\
	.exit_tfm		= ctneon_mac_exit_tfm,				\
}

static struct shash_alg ctneon_mac_algs[] = {
	CTNEON_MAC(cmac, AES_BLOCK_SIZE, ctneon_cmac_setkey, ctneon_cmac_final),
	CTNEON_MAC(xcbc, AES_BLOCK_SIZE, ctneon_xcbc_setkey, ctneon_cmac_final),
	CTNEON_MAC(cbcmac, CTNEON_CBCMAC_BLOCKSIZE, ctneon_cbcmac_setkey,
		   ctneon_cbcmac_final),
};

int ctneon_mac_register(void)
{
	int i, err;

	for (i = 0; i < ARRAY_SIZE(ctneon_mac_algs); i++)
		ctneon_rank(&ctneon_mac_algs[i].base);

	err = ctneon_test_fail_register() ?:
	      crypto_register_shashes(ctneon_mac_algs,
				      ARRAY_SIZE(ctneon_mac_algs));
	for (i = 0; !err && i < ARRAY_SIZE(ctneon_mac_algs); i++)
		ctneon_await_selftest(&ctneon_mac_algs[i].base);
	return err;
}

void ctneon_mac_unregister(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(ctneon_mac_algs); i++)
		ctneon_await_release(&ctneon_mac_algs[i].base);
	crypto_unregister_shashes(ctneon_mac_algs, ARRAY_SIZE(ctneon_mac_algs));
}

MODULE_ALIAS_CRYPTO("cmac(aes)");
MODULE_ALIAS_CRYPTO("cmac-aes-ctneon");
MODULE_ALIAS_CRYPTO("xcbc(aes)");
MODULE_ALIAS_CRYPTO("xcbc-aes-ctneon");
MODULE_ALIAS_CRYPTO("cbcmac(aes)");
MODULE_ALIAS_CRYPTO("cbcmac-aes-ctneon");
