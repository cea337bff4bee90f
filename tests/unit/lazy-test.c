// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model test of the lazy key state (svc-lazy.h), run by tests/unit/run.sh
 * under qemu-user.  It includes the module's header itself, with a C11
 * stand-in for <linux/atomic.h> (shim/model), so the state machine tested is
 * the one the glue runs.  The model context has a key, the state word and
 * a derived key (each byte of the key XOR 0x5c), and uses the state as
 * svc-aes.c does for the bit-sliced key and glue-gcm.c for the GHASH key:
 *
 *   setkey:    wipe the derived key, rewrite the key, ctneon_lazy_reset();
 *   a request: ctneon_lazy_get(); on NONE convert the key and use the
 *              derived key only if ctneon_lazy_done() published it.
 *
 * 1. Fixed interleavings, step by step: the case (a conversion
 *    begins, setkey runs, the conversion ends: the next request must not
 *    find READY, and once remade the derived key must be the new key's);
 *    setkey while converting keeps other requests out until the old
 *    conversion ends; plain use; setkey after READY.
 * 2. Threads: three request threads convert with yields in the middle while
 *    the main thread calls setkey, for some rounds; after each round, with
 *    every thread stopped, a request must get the derived key of the
 *    current key.
 *
 * Prints "ok <name>" or "FAIL <name>: ..." lines; exit status 1 on failure.
 */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "svc-lazy.h"

#define KEYLEN	32

struct model {
	unsigned char key[KEYLEN];
	atomic_t state;
	unsigned char derived[KEYLEN];
};

#include "report.h"

/* the conversion, from a snapshot of the key it starts from */
static void convert(struct model *m, int yield)
{
	for (int i = 0; i < KEYLEN; i++) {
		m->derived[i] = (unsigned char)(m->key[i] ^ 0x5c);
		if (yield && i % 8 == 7)
			sched_yield();
	}
}

static int derived_matches(const struct model *m, const unsigned char *d)
{
	for (int i = 0; i < KEYLEN; i++)
		if (d[i] != (unsigned char)(m->key[i] ^ 0x5c))
			return 0;
	return 1;
}

static void model_setkey(struct model *m, unsigned char fill)
{
	memset(m->derived, 0, KEYLEN);
	memset(m->key, fill, KEYLEN);
	ctneon_lazy_reset(&m->state);
}

/* a request: the derived key to use, or NULL (the caller does without) */
static const unsigned char *model_request(struct model *m, int yield)
{
	int ticket;

	switch (ctneon_lazy_get(&m->state, &ticket)) {
	case CTNEON_LAZY_NONE:
		convert(m, yield);
		return ctneon_lazy_done(&m->state, ticket) ? m->derived : NULL;
	case CTNEON_LAZY_READY:
		return m->derived;
	default:
		return NULL;
	}
}

static void test_fixed(void)
{
	static struct model m;
	const unsigned char *d;
	int t1, t2, bad;

	/* plain use: NONE, converted and published, then READY */
	memset(&m, 0, sizeof(m));
	model_setkey(&m, 0x11);
	d = model_request(&m, 0);
	bad = !d || !derived_matches(&m, d) ||
	      ctneon_lazy_get(&m.state, &t1) != CTNEON_LAZY_READY;
	report("lazy: first request converts, the next finds READY", bad,
	       "not READY with the key's derived key");

	/* setkey after READY: the next request converts the new key */
	model_setkey(&m, 0x22);
	bad = ctneon_lazy_get(&m.state, &t1) != CTNEON_LAZY_NONE;
	if (!bad) {
		convert(&m, 0);
		bad = !ctneon_lazy_done(&m.state, t1) ||
		      !derived_matches(&m, m.derived);
	}
	report("lazy: setkey after READY makes the next request convert", bad,
	       "the old derived key stayed in use");

	/*
	 * The interleaving: request A starts converting the old key,
	 * setkey rewrites the key, A finishes.  A's derived key must not be
	 * published; the next request converts again; from then on the
	 * derived key is the new key's.
	 */
	memset(&m, 0, sizeof(m));
	model_setkey(&m, 0x33);
	bad = ctneon_lazy_get(&m.state, &t1) != CTNEON_LAZY_NONE;
	convert(&m, 0);				/* A: the old key */
	model_setkey(&m, 0x44);			/* setkey overlaps A */
	m.derived[0] = (unsigned char)(0x33 ^ 0x5c);	/* A's last writes */
	if (ctneon_lazy_done(&m.state, t1))
		bad |= 1;			/* A published the old key */
	d = model_request(&m, 0);		/* the next request */
	bad |= !d || !derived_matches(&m, d);
	d = model_request(&m, 0);		/* and every one after */
	bad |= !d || !derived_matches(&m, d) ||
	       ctneon_lazy_get(&m.state, &t2) != CTNEON_LAZY_READY;
	report("lazy: a conversion that overlaps setkey is not published, "
	       "the next request converts the new key", bad,
	       "the old key's derived key was published (READY) after setkey");

	/*
	 * setkey while A converts: until A ends, other requests are kept out
	 * (BUSY: only one writer of the derived key); then the next converts.
	 */
	memset(&m, 0, sizeof(m));
	model_setkey(&m, 0x55);
	bad = ctneon_lazy_get(&m.state, &t1) != CTNEON_LAZY_NONE;
	model_setkey(&m, 0x66);
	bad |= ctneon_lazy_get(&m.state, &t2) != CTNEON_LAZY_BUSY;
	convert(&m, 0);
	ctneon_lazy_done(&m.state, t1);
	bad |= ctneon_lazy_get(&m.state, &t2) != CTNEON_LAZY_NONE;
	if (!bad) {
		convert(&m, 0);
		bad = !ctneon_lazy_done(&m.state, t2) ||
		      ctneon_lazy_get(&m.state, &t1) != CTNEON_LAZY_READY ||
		      !derived_matches(&m, m.derived);
	}
	report("lazy: setkey during a conversion keeps other requests out "
	       "until it ends, then the new key is converted", bad,
	       "a second converter ran beside the first, or the old key stayed");
}

/* ---- threads ------------------------------------------------------------ */

static struct model tm;
static volatile int stop;

static void *requester(void *arg)
{
	(void)arg;
	while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE))
		model_request(&tm, 1);
	return NULL;
}

static void test_threads(void)
{
	const int rounds = 300, nthreads = 3;
	pthread_t th[3];
	int bad = 0, stale = 0;

	model_setkey(&tm, 1);
	for (int r = 0; r < rounds; r++) {
		const unsigned char *d;

		__atomic_store_n(&stop, 0, __ATOMIC_RELEASE);
		for (int t = 0; t < nthreads; t++)
			if (pthread_create(&th[t], NULL, requester, NULL))
				bad = 1;
		for (int k = 0; k < 4; k++) {
			sched_yield();
			model_setkey(&tm, (unsigned char)(4 * r + k + 2));
		}
		__atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
		for (int t = 0; t < nthreads; t++)
			pthread_join(th[t], NULL);
		/* quiescent: one request makes (or finds) the derived key */
		d = model_request(&tm, 0);
		if (!d || !derived_matches(&tm, d))
			stale++;
	}
	if (stale)
		bad = 1;
	report("lazy: threads converting while setkey runs, then quiescent: "
	       "the derived key is the current key's", bad,
	       "a stale derived key was left published (some rounds)");
	if (stale)
		printf("  detail: %d of %d rounds left a stale derived key\n",
		       stale, rounds);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_fixed();
	test_threads();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
