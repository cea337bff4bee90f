/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: key material made on demand (the bit-sliced AES key, the NEON
 * GHASH key), shared by the glue and the user-space model test
 * (tests/unit/lazy-test.c, which includes this header with a C11 stand-in
 * for <linux/atomic.h>).
 *
 * The first request that needs the derived key makes it, inside its NEON
 * section; requests on one transform may run concurrently.  One atomic
 * word holds a generation (bits 2 and up) and a state (bits 0-1):
 *
 *   NONE   nobody has made the derived key for this generation
 *   BUSY   one request is making it (it alone writes the derived key)
 *   READY  the derived key is that of the current key
 *
 * ctneon_lazy_get() returns READY (use it), BUSY (another request is
 * making it: do without it this time) or NONE, and then the caller, and
 * only it, has moved the word to BUSY: it makes the derived key and calls
 * ctneon_lazy_done() with the ticket it was given.
 *
 * setkey rewrites the key and then calls ctneon_lazy_reset(), which moves
 * to the next generation: READY becomes NONE, and BUSY stays BUSY, so that
 * a conversion that began before it still writes the derived key alone.
 * ctneon_lazy_done() publishes READY only if the generation is still the
 * one its ticket names; otherwise what it made came from the old key (or
 * from one being rewritten), and it leaves the word at NONE of the new
 * generation, so the next request makes the derived key again.  The API
 * forbids setkey concurrently with requests, so this is for callers that
 * break the rule: without the generation, a conversion that overlapped
 * setkey published the old derived key for good (bulk blocks under the
 * old key, everything else under the new one).
 */
#ifndef CTNEON_LAZY_H
#define CTNEON_LAZY_H

#include <linux/atomic.h>
#include <linux/types.h>

enum { CTNEON_LAZY_NONE, CTNEON_LAZY_BUSY, CTNEON_LAZY_READY };

#define CTNEON_LAZY_STATE	3
#define CTNEON_LAZY_GEN_ONE	4

/* the word with its generation kept and its state replaced */
static inline int ctneon_lazy_word(int v, int state)
{
	return (int)(((unsigned int)v & ~(unsigned int)CTNEON_LAZY_STATE) |
		     (unsigned int)state);
}

static inline int ctneon_lazy_get(atomic_t *lazy, int *ticket)
{
	int v = atomic_read_acquire(lazy);

	switch (v & CTNEON_LAZY_STATE) {
	case CTNEON_LAZY_NONE:
		*ticket = ctneon_lazy_word(v, CTNEON_LAZY_BUSY);
		if (atomic_cmpxchg(lazy, v, *ticket) != v)
			return CTNEON_LAZY_BUSY;	/* another request won */
		return CTNEON_LAZY_NONE;
	case CTNEON_LAZY_READY:
		return CTNEON_LAZY_READY;
	default:
		return CTNEON_LAZY_BUSY;
	}
}

/*
 * The derived key is made: publish it if no setkey came in between.
 * Returns true if it was published (the caller may use it), false if it
 * belongs to an old key (the caller must not).
 */
static inline bool ctneon_lazy_done(atomic_t *lazy, int ticket)
{
	int v;

	if (atomic_cmpxchg_release(lazy, ticket,
				   ctneon_lazy_word(ticket, CTNEON_LAZY_READY)) == ticket)
		return true;
	/*
	 * A setkey moved the generation on and kept BUSY, which this caller
	 * still holds: no one else writes the word now but another setkey,
	 * hence the loop.
	 */
	do {
		v = atomic_read(lazy);
	} while (atomic_cmpxchg_release(lazy, v,
					ctneon_lazy_word(v, CTNEON_LAZY_NONE)) != v);
	return false;
}

/* setkey, after the key is rewritten: the derived key must be made again */
static inline void ctneon_lazy_reset(atomic_t *lazy)
{
	int v, w;

	do {
		v = atomic_read(lazy);
		w = (int)((unsigned int)v + CTNEON_LAZY_GEN_ONE);
		if ((v & CTNEON_LAZY_STATE) != CTNEON_LAZY_BUSY)
			w = ctneon_lazy_word(w, CTNEON_LAZY_NONE);
	} while (atomic_cmpxchg(lazy, v, w) != v);
}

#endif
