/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * User-space stand-in for the few <linux/atomic.h> operations that
 * svc-lazy.h uses, on the compiler's __atomic builtins, for the model
 * test of the lazy key state (tests/unit/lazy-test.c).  The kernel's
 * atomic_cmpxchg() is fully ordered; _release and _acquire as named.
 */
#ifndef CTNEON_SHIM_MODEL_LINUX_ATOMIC_H
#define CTNEON_SHIM_MODEL_LINUX_ATOMIC_H

typedef struct {
	int counter;
} atomic_t;

static inline int atomic_read(const atomic_t *a)
{
	return __atomic_load_n(&a->counter, __ATOMIC_RELAXED);
}

static inline int atomic_read_acquire(const atomic_t *a)
{
	return __atomic_load_n(&a->counter, __ATOMIC_ACQUIRE);
}

static inline void atomic_set(atomic_t *a, int v)
{
	__atomic_store_n(&a->counter, v, __ATOMIC_RELAXED);
}

static inline void atomic_set_release(atomic_t *a, int v)
{
	__atomic_store_n(&a->counter, v, __ATOMIC_RELEASE);
}

/* returns the old value, as the kernel's does */
static inline int atomic_cmpxchg(atomic_t *a, int old, int new)
{
	__atomic_compare_exchange_n(&a->counter, &old, new, 0,
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	return old;
}

static inline int atomic_cmpxchg_release(atomic_t *a, int old, int new)
{
	__atomic_compare_exchange_n(&a->counter, &old, new, 0,
				    __ATOMIC_RELEASE, __ATOMIC_RELAXED);
	return old;
}

#endif
