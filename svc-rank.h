/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: the ranking policy (svc-rank.c): the priority each algorithm is
 * registered with, beside the in-tree drivers of its name.
 */
#ifndef CTNEON_SVC_RANK_H
#define CTNEON_SVC_RANK_H

struct crypto_alg;

/*
 * Called for every algorithm just before it is registered (the glue's
 * register functions and svc-async.c, whose wrappers then take the
 * result + 1): leaves the glue's priority, which outranks every in-tree
 * driver without the Crypto Extensions, or lowers it below a
 * constant-time in-tree driver that is faster (svc-rank.c's table).
 */
void ctneon_rank(struct crypto_alg *alg);

#endif
