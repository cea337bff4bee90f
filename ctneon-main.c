// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: the module entry.  It checks the CPU (NEON; the AES instructions,
 * where the kernel's Crypto Extensions drivers are left the AES names),
 * starts the asynchronous wrappers and registers every algorithm through
 * the glue files' register functions (glue.h).  It is the top layer: no
 * other file calls into it (Documentation/design.rst, "Layers").
 */
#include <asm/hwcap.h>
#include <linux/cpufeature.h>
#include <linux/module.h>

#include "glue.h"
#include "neon-section.h"
#include "svc-async.h"

static bool ctneon_cpu_has_neon(void)
{
#ifdef CONFIG_ARM64
	return cpu_have_named_feature(ASIMD);
#else
	return elf_hwcap & HWCAP_NEON;
#endif
}

/* Whether the AES algorithms (aes, the modes, gcm, ccm, the MACs, adiantum) are ours. */
static bool ctneon_aes_on;

static int __init ctneon_init(void)
{
	int err;

	if (!ctneon_cpu_has_neon())
		return -ENODEV;
	err = ctneon_async_init();
	if (err)
		return err;
	ctneon_aes_on = ctneon_register_aes();
	if (!ctneon_aes_on) {
		pr_info("ctneon: this CPU has the AES instructions; its AES algorithms (modes, MACs, GCM, CCM) are left to the kernel's Crypto Extensions drivers\n");
	} else {
		err = ctneon_aes_register();
		if (err)
			goto out_async;
		err = ctneon_gcm_register();
		if (err)
			goto out_aes;
		err = ctneon_mac_register();
		if (err)
			goto out_gcm;
		err = ctneon_ccm_register();
		if (err)
			goto out_mac;
		err = ctneon_adiantum_register();
		if (err)
			goto out_ccm;
	}
	err = ctneon_chacha_register();
	if (err)
		goto out_adiantum;
	return 0;

out_adiantum:
	if (ctneon_aes_on)
		ctneon_adiantum_unregister();
out_ccm:
	if (ctneon_aes_on)
		ctneon_ccm_unregister();
out_mac:
	if (ctneon_aes_on)
		ctneon_mac_unregister();
out_gcm:
	if (ctneon_aes_on)
		ctneon_gcm_unregister();
out_aes:
	if (ctneon_aes_on)
		ctneon_aes_unregister();
out_async:
	ctneon_async_exit();
	return err;
}

static void __exit ctneon_exit(void)
{
	ctneon_chacha_unregister();
	if (ctneon_aes_on) {
		ctneon_adiantum_unregister();
		ctneon_ccm_unregister();
		ctneon_mac_unregister();
		ctneon_gcm_unregister();
		ctneon_aes_unregister();
	}
	ctneon_async_exit();
}

module_init(ctneon_init);
module_exit(ctneon_exit);

MODULE_DESCRIPTION("Constant-time AES, AES-GCM and ChaCha20-Poly1305 on NEON for ARM without the Crypto Extensions");
MODULE_AUTHOR("The ctneon developers");
MODULE_LICENSE("GPL");
