/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: the registration of skciphers and AEADs and the asynchronous
 * wrappers (svc-async.c); ctneon_async_init()/_exit() for the module
 * entry.
 */
#ifndef CTNEON_SVC_ASYNC_H
#define CTNEON_SVC_ASYNC_H

#include <linux/types.h>

/*
 * Every skcipher and AEAD is registered through these (svc-async.c):
 * on kernels where NEON is unusable in softirq they add an asynchronous
 * wrapper of the algorithm's name, which runs such requests on NEON in a
 * kernel thread, and rename the synchronous algorithm NAME-sync.
 */
struct skcipher_alg;
struct aead_alg;
struct crypto_alg;
void ctneon_await_selftest(const struct crypto_alg *base);
void ctneon_await_release(struct crypto_alg *base);
int ctneon_register_skciphers(struct skcipher_alg *algs, int count);
void ctneon_unregister_skciphers(struct skcipher_alg *algs, int count);
int ctneon_register_aeads(struct aead_alg *algs, int count);
void ctneon_unregister_aeads(struct aead_alg *algs, int count);
int ctneon_async_init(void);
void ctneon_async_exit(void);
bool ctneon_async_wrapped(void);

#endif
