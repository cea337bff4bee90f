// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: asynchronous wrappers, for kernels that refuse NEON in softirq.
 *
 * Why.  32-bit ARM kernels before 6.12 (Debian 12's 6.1) answer
 * may_use_simd() with !in_interrupt(), so NEON is unusable in softirq,
 * where IPsec's ESP runs.  A synchronous algorithm can only run its
 * portable constant-time code there, about seven times the instructions
 * of the NEON cores for GCM.  Such a request does not have to run now,
 * though: a caller that accepts an asynchronous algorithm (IPsec,
 * dm-crypt, AF_ALG) is told -EINPROGRESS and called back later.  So on
 * those kernels each ctneon skcipher and AEAD is registered twice:
 *
 *   NAME-ctneon-sync   the synchronous algorithm (priority P), for callers
 *                      that need one (they mask CRYPTO_ALG_ASYNC out); NEON
 *                      where the context allows it, the portable code
 *                      elsewhere, as on every other kernel;
 *   NAME-ctneon        an asynchronous wrapper (priority P + 1, so that
 *                      callers that accept async get it), which runs the
 *                      synchronous one's functions on its own tfm.
 *
 * The wrapper runs a request at once, on the synchronous algorithm, when
 * NEON is usable here and none of this tfm's earlier requests is still
 * queued (then it costs a few instructions, and process-context callers such
 * as dm-crypt's workers see no queueing); otherwise it queues the request
 * on this CPU's queue, and a worker of the module's workqueue (process
 * context, NEON usable) runs it and calls the caller back, with bottom
 * halves disabled as the callers of an asynchronous algorithm expect.
 * One tfm's requests complete in the order they were made: a request of a
 * tfm whose earlier requests are still pending (queued, running, or being
 * completed) joins them on the same CPU's queue, wherever it is made, and
 * a queue runs and completes its requests one at a time.  A request with
 * nothing of its tfm pending that finds its queue full and may not be
 * backlogged, and one made with IRQs off or in a hard interrupt, runs at
 * once, on the portable code where NEON is refused: the answer is the same
 * and constant time either way, and there is nothing it could overtake.
 * One that would overtake is queued even with IRQs off, and past the
 * queue's length too, up to a bound (CTNEON_QUEUE_SLACK) past which it is
 * dropped with -ENOSPC, as cryptd drops at its length (IPsec drops the
 * packet).  The two locks here are raw spinlocks, taken with IRQs off:
 * they guard a few list and counter updates, bounded in time, so they
 * stay spinning locks on PREEMPT_RT too (where spinlock_t sleeps), and a
 * request made with IRQs off or in a hard interrupt is queued there as
 * everywhere.  What still reorders: requests of one tfm made at the same
 * time on two CPUs have no order to keep; and a tfm that
 * mixes requests that may and may not be backlogged (no kernel caller
 * does) may see one of the latter overtake its backlogged ones.  The price
 * of the order: while a tfm has requests pending, all of them run on one
 * CPU's worker.
 *
 * Why not cryptd and crypto_simd, as the kernel's own NEON drivers do:
 * both need an internal third copy of every algorithm (cryptd over a
 * public algorithm makes a public instance that outranks it), arm64 Debian
 * kernels do not build crypto_simd, and a queue of our own keeps the
 * synchronous algorithm public for the callers that need one.  The queue
 * itself is the kernel's crypto_queue (backlog and -EBUSY as cryptd has
 * them), one per CPU, drained by a per-CPU work item on a workqueue bound
 * to CPUs, so deferred requests of different CPUs run in parallel.
 *
 * When.  Decided once, at module load, by behaviour: with bottom halves
 * disabled (as in softirq), does this kernel's may_use_simd() allow NEON?
 * The module parameter async overrides it for tests: 0 never registers
 * the wrappers, 2 always does (arm64 and newer arm kernels then take the
 * same path), 3 also queues every request that may be queued (the queue,
 * its backlog and the completions under load), 1 (default) decides by
 * the probe; queue_len sets the queues' length (small: the backlog and
 * the full queue are reached).  wrapped says what was
 * decided; deferred counts the requests the wrappers queued, queue_full
 * those that found the queue full (all read only, for the tests; the
 * counts are not atomic and may miss an increment under contention).
 *
 * Nothing here touches a secret: keys go to the synchronous tfm's setkey,
 * data stays in the caller's scatterlists, and which path a request takes
 * depends on the context and the queue, never on its contents.
 */
#include <crypto/algapi.h>
#include <crypto/internal/aead.h>
#include <crypto/internal/skcipher.h>
#include <linux/delay.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/version.h>
#include <linux/workqueue.h>
#include <asm/simd.h>

#include "neon-section.h"
#include "svc-async.h"
#include "svc-rank.h"
#include "test-hooks.h"

static int ctneon_async_mode = 1;
module_param_named(async, ctneon_async_mode, int, 0444);
MODULE_PARM_DESC(async,
		 "asynchronous wrappers that run softirq requests on NEON in a kernel thread: 1 = where NEON is unusable in softirq (default), 0 = never; for testing: 2 = always, 3 = always, and queue every request that may be queued");

static unsigned long ctneon_deferred;
module_param_named(deferred, ctneon_deferred, ulong, 0444);
MODULE_PARM_DESC(deferred,
		 "requests the asynchronous wrappers queued for a kernel thread (for the tests)");

static unsigned long ctneon_queue_full;
module_param_named(queue_full, ctneon_queue_full, ulong, 0444);
MODULE_PARM_DESC(queue_full,
		 "requests that found their queue full: backlogged, or run at once (for the tests)");

/* requests a CPU's queue holds before it backlogs or refuses (as cryptd) */
static unsigned int ctneon_queue_len = 1000;
module_param_named(queue_len, ctneon_queue_len, uint, 0444);
MODULE_PARM_DESC(queue_len,
		 "requests each CPU's queue holds before it backlogs or refuses them (default 1000; small values for the tests)");
/* the flags a wrapper has because its synchronous algorithm has them */
#define CTNEON_INHERITED_FLAGS \
	(CRYPTO_ALG_KERN_DRIVER_ONLY | CRYPTO_ALG_ALLOCATES_MEMORY)
/* what the synchronous algorithms' driver names get when wrapped */
#define CTNEON_SYNC_SUFFIX	"-sync"

struct ctneon_queue {
	raw_spinlock_t lock;		/* queue; taken with IRQs off */
	struct crypto_queue queue;
	struct work_struct work;
	/* the tfm whose request the worker is completing (its worker's own) */
	struct crypto_tfm *completing;
};

static struct ctneon_queue __percpu *ctneon_queues;
static struct workqueue_struct *ctneon_wq;
/*
 * One worker pool per CPU: each CPU's queue is drained on its CPU.  Since
 * 6.17 a workqueue says so (WQ_PERCPU); 7.x warns when it says neither
 * that nor WQ_UNBOUND.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
#define CTNEON_WQ_FLAGS	(WQ_MEM_RECLAIM | WQ_CPU_INTENSIVE | WQ_PERCPU)
#else
#define CTNEON_WQ_FLAGS	(WQ_MEM_RECLAIM | WQ_CPU_INTENSIVE)
#endif

static bool ctneon_async_on;
module_param_named(wrapped, ctneon_async_on, bool, 0444);
MODULE_PARM_DESC(wrapped,
		 "whether this load registered the asynchronous wrappers (read only)");

/* ---- the decision ------------------------------------------------------ */

/* Module load: does NEON stay usable with bottom halves off? */
static bool ctneon_neon_usable_in_softirq(void)
{
	bool usable;

	local_bh_disable();
	usable = may_use_simd();
	local_bh_enable();
	return usable;
}

/*
 * The wrappers run their synchronous algorithm's own functions on their
 * own tfm and request, not through a tfm of it: no lookup of another
 * algorithm by name (nothing here can bind to another implementation,
 * tests/static-symbols.sh), no sub-request.  For that the wrapper's tfm
 * context starts with the synchronous algorithm's context (what its
 * setkey, encrypt and exit use through crypto_*_ctx()), followed by
 * struct ctneon_async_tail; the request context starts with what the
 * synchronous algorithm asked for (its init may set a request size),
 * followed by struct ctneon_async_op.  Flags the synchronous code reads
 * (weak keys, the authsize, the request's MAY_SLEEP) are the wrapper's
 * tfm's and the caller's request's, as they would be.
 */
struct ctneon_async_tail {
	raw_spinlock_t lock;	/* queued, cpu; taken with IRQs off */
	unsigned int queued;	/* this tfm's requests queued or being run */
	int cpu;		/* whose queue has them (while any is pending) */
	unsigned int op_off;	/* where struct ctneon_async_op is */
};

struct ctneon_async_op {
	bool enc;
};

static void ctneon_tail_init(struct ctneon_async_tail *t)
{
	raw_spin_lock_init(&t->lock);
	t->queued = 0;
	t->cpu = raw_smp_processor_id();
}

/*
 * The order of one tfm's requests.  A request of a tfm none of whose
 * requests is pending may run at once, on this CPU's queue or on the
 * synchronous code; a request of a tfm with pending ones joins them on
 * the queue they are on (t->cpu), and the queue runs and completes its
 * requests one at a time, in order.  Pending means queued, being run, or
 * being completed: the worker lowers the count before it calls the
 * completion (which may free the tfm), so for that last stretch it names
 * the tfm in its queue's completing first.  Read without the tfm's lock
 * (ctneon_should_defer()): a request that races with its own tfm's
 * requests from another CPU has no order to keep.
 */
static bool ctneon_tfm_pending(struct ctneon_async_tail *t,
			       struct crypto_tfm *tfm)
{
	if (READ_ONCE(t->queued))
		return true;
	smp_rmb();	/* pairs with the worker's smp_wmb() */
	return READ_ONCE(per_cpu_ptr(ctneon_queues,
				     READ_ONCE(t->cpu))->completing) == tfm;
}

/*
 * Where a wrapper's request runs: false = at once, on the synchronous
 * algorithm (which itself chooses NEON or the portable code); true =
 * queued for the worker.  With IRQs off or in a hard interrupt a request
 * is queued only to keep its tfm's order (the locks are raw, so this
 * holds on PREEMPT_RT too); otherwise it runs at once, on the portable
 * code as NEON is refused there.
 */
static bool ctneon_should_defer(struct ctneon_async_tail *t,
				struct crypto_tfm *tfm)
{
	bool pending = ctneon_tfm_pending(t, tfm);

	if (in_nmi())
		return false;
	if (in_hardirq() || irqs_disabled())
		return pending;
	return pending || ctneon_async_mode == 3 || !ctneon_neon_usable();
}

/*
 * Past its length, a queue still takes a request that may not be
 * backlogged but must not overtake its tfm's pending ones (IPsec's, which
 * never allow a backlog), up to CTNEON_QUEUE_SLACK more: ahead of the
 * backlog, since crypto_queue takes every request behind its backlog
 * mark for a backlogged one, which it tells -EINPROGRESS when it moves
 * up.  Past that bound, -ENOSPC.  (A tfm that mixes requests that may
 * and may not be backlogged could have one overtake its backlogged ones
 * here; no kernel caller mixes them.)
 */
#define CTNEON_QUEUE_SLACK	1000

static int ctneon_enqueue_after(struct crypto_queue *queue,
				struct crypto_async_request *areq)
{
	if (queue->qlen >= queue->max_qlen + CTNEON_QUEUE_SLACK)
		return -ENOSPC;
	list_add_tail(&areq->list, queue->backlog);
	queue->qlen++;
	return -EINPROGRESS;
}

/*
 * Queue AREQ behind its tfm's pending requests, or on this CPU's queue
 * when it has none.  -EINPROGRESS (queued), -EBUSY (backlogged: the caller
 * allowed it), or -ENOSPC (full, not queued; *PENDING then says whether
 * the tfm had pending requests, which this one must not overtake).  No
 * get_cpu(): the CPU is where the queue is, not where this code runs.
 * Both locks are raw (see the file's comment); queue_work_on() may be
 * called with IRQs off, on PREEMPT_RT too.
 */
static int ctneon_defer(struct crypto_async_request *areq,
			struct ctneon_async_tail *t, bool *pending)
{
	struct ctneon_queue *q;
	unsigned long flags;
	int cpu, err;
	bool full;

	raw_spin_lock_irqsave(&t->lock, flags);
	*pending = ctneon_tfm_pending(t, areq->tfm);
	if (!*pending)
		t->cpu = raw_smp_processor_id();
	cpu = t->cpu;
	q = per_cpu_ptr(ctneon_queues, cpu);
	raw_spin_lock(&q->lock);
	full = q->queue.qlen >= q->queue.max_qlen;
	if (full && *pending && !(areq->flags & CRYPTO_TFM_REQ_MAY_BACKLOG))
		err = ctneon_enqueue_after(&q->queue, areq);
	else
		err = crypto_enqueue_request(&q->queue, areq);
	raw_spin_unlock(&q->lock);
	if (err != -ENOSPC)
		t->queued++;
	raw_spin_unlock_irqrestore(&t->lock, flags);
	if (full)
		WRITE_ONCE(ctneon_queue_full, READ_ONCE(ctneon_queue_full) + 1);
	if (err != -ENOSPC) {
		WRITE_ONCE(ctneon_deferred, READ_ONCE(ctneon_deferred) + 1);
		queue_work_on(cpu, ctneon_wq, &q->work);
	}
	return err;
}

/*
 * A wrapper's request: queued (see above), or run at once.  One that its
 * full queue cannot take (no backlog allowed) runs at once when its tfm
 * has nothing pending, as there is nothing to overtake; one whose tfm has
 * pending requests finds the queue full only past its slack, and is then
 * dropped (-ENOSPC, as cryptd answers at its length; IPsec drops the
 * packet) rather than run ahead of them.
 */
static int ctneon_async_crypt(struct crypto_async_request *areq,
			      struct ctneon_async_tail *t,
			      struct ctneon_async_op *op, bool enc,
			      int (*run)(struct crypto_async_request *, bool))
{
	bool pending;
	int err;

	if (ctneon_should_defer(t, areq->tfm)) {
		op->enc = enc;
		err = ctneon_defer(areq, t, &pending);
		if (err != -ENOSPC || pending)
			return err;
	}
	return run(areq, enc);
}

#define CTNEON_TAIL_OFF(sync_ctxsize) \
	ALIGN(sync_ctxsize, __alignof__(struct ctneon_async_tail))
#define CTNEON_OP_OFF(reqsize) \
	ALIGN(reqsize, __alignof__(struct ctneon_async_op))

/* ---- skcipher wrapper -------------------------------------------------- */

struct ctneon_async_skcipher {
	struct skcipher_alg alg;	/* the wrapper */
	struct skcipher_alg *sync;	/* the algorithm it runs */
};

static struct skcipher_alg *ctneon_sk_sync(struct crypto_skcipher *tfm)
{
	return container_of(crypto_skcipher_alg(tfm),
			    struct ctneon_async_skcipher, alg)->sync;
}

static struct ctneon_async_tail *ctneon_sk_tail(struct crypto_skcipher *tfm)
{
	return (void *)((u8 *)crypto_skcipher_ctx(tfm) +
			CTNEON_TAIL_OFF(ctneon_sk_sync(tfm)->base.cra_ctxsize));
}

static int ctneon_sk_run(struct crypto_async_request *areq, bool enc)
{
	struct skcipher_request *req = skcipher_request_cast(areq);
	struct skcipher_alg *sync = ctneon_sk_sync(crypto_skcipher_reqtfm(req));

	return enc ? sync->encrypt(req) : sync->decrypt(req);
}

static struct ctneon_async_op *ctneon_sk_op(struct skcipher_request *req)
{
	struct ctneon_async_tail *t = ctneon_sk_tail(crypto_skcipher_reqtfm(req));

	return (void *)((u8 *)skcipher_request_ctx(req) + t->op_off);
}

static int ctneon_async_sk_crypt(struct skcipher_request *req, bool enc)
{
	return ctneon_async_crypt(&req->base,
				  ctneon_sk_tail(crypto_skcipher_reqtfm(req)),
				  ctneon_sk_op(req), enc, ctneon_sk_run);
}

static int ctneon_async_sk_encrypt(struct skcipher_request *req)
{
	return ctneon_async_sk_crypt(req, true);
}

static int ctneon_async_sk_decrypt(struct skcipher_request *req)
{
	return ctneon_async_sk_crypt(req, false);
}

static int ctneon_async_sk_init(struct crypto_skcipher *tfm)
{
	struct skcipher_alg *sync = ctneon_sk_sync(tfm);
	struct ctneon_async_tail *t = ctneon_sk_tail(tfm);
	int err;

	if (sync->init) {
		err = sync->init(tfm);
		if (err)
			return err;
	}
	ctneon_tail_init(t);
	t->op_off = CTNEON_OP_OFF(crypto_skcipher_reqsize(tfm));
	crypto_skcipher_set_reqsize(tfm, t->op_off +
					 sizeof(struct ctneon_async_op));
	return 0;
}

static void ctneon_async_sk_exit(struct crypto_skcipher *tfm)
{
	struct skcipher_alg *sync = ctneon_sk_sync(tfm);

	if (sync->exit)
		sync->exit(tfm);
}

static void ctneon_async_sk_fill(struct ctneon_async_skcipher *w,
				 struct skcipher_alg *sync)
{
	struct skcipher_alg *a = &w->alg;

	w->sync = sync;
	a->base.cra_flags = CRYPTO_ALG_ASYNC |
			    (sync->base.cra_flags & CTNEON_INHERITED_FLAGS);
	a->base.cra_blocksize = sync->base.cra_blocksize;
	a->base.cra_alignmask = sync->base.cra_alignmask;
	a->base.cra_ctxsize = CTNEON_TAIL_OFF(sync->base.cra_ctxsize) +
			      sizeof(struct ctneon_async_tail);
	a->base.cra_priority = sync->base.cra_priority + 1;
	a->base.cra_module = THIS_MODULE;
	memcpy(a->base.cra_name, sync->base.cra_name, CRYPTO_MAX_ALG_NAME);
	memcpy(a->base.cra_driver_name, sync->base.cra_driver_name,
	       CRYPTO_MAX_ALG_NAME);
	a->min_keysize = sync->min_keysize;
	a->max_keysize = sync->max_keysize;
	a->ivsize = sync->ivsize;
	a->chunksize = sync->chunksize;
	a->walksize = sync->walksize;
	a->setkey = sync->setkey;
	a->encrypt = ctneon_async_sk_encrypt;
	a->decrypt = ctneon_async_sk_decrypt;
	a->init = ctneon_async_sk_init;
	a->exit = ctneon_async_sk_exit;
}

/* ---- AEAD wrapper ------------------------------------------------------ */

struct ctneon_async_aead {
	struct aead_alg alg;
	struct aead_alg *sync;
};

static struct aead_alg *ctneon_aead_sync(struct crypto_aead *tfm)
{
	return container_of(crypto_aead_alg(tfm),
			    struct ctneon_async_aead, alg)->sync;
}

static struct ctneon_async_tail *ctneon_aead_tail(struct crypto_aead *tfm)
{
	return (void *)((u8 *)crypto_aead_ctx(tfm) +
			CTNEON_TAIL_OFF(ctneon_aead_sync(tfm)->base.cra_ctxsize));
}

static int ctneon_aead_run(struct crypto_async_request *areq, bool enc)
{
	struct aead_request *req = aead_request_cast(areq);
	struct aead_alg *sync = ctneon_aead_sync(crypto_aead_reqtfm(req));

	return enc ? sync->encrypt(req) : sync->decrypt(req);
}

static struct ctneon_async_op *ctneon_aead_op(struct aead_request *req)
{
	struct ctneon_async_tail *t = ctneon_aead_tail(crypto_aead_reqtfm(req));

	return (void *)((u8 *)aead_request_ctx(req) + t->op_off);
}

static int ctneon_async_aead_crypt(struct aead_request *req, bool enc)
{
	return ctneon_async_crypt(&req->base,
				  ctneon_aead_tail(crypto_aead_reqtfm(req)),
				  ctneon_aead_op(req), enc, ctneon_aead_run);
}

static int ctneon_async_aead_encrypt(struct aead_request *req)
{
	return ctneon_async_aead_crypt(req, true);
}

static int ctneon_async_aead_decrypt(struct aead_request *req)
{
	return ctneon_async_aead_crypt(req, false);
}

static int ctneon_async_aead_init(struct crypto_aead *tfm)
{
	struct aead_alg *sync = ctneon_aead_sync(tfm);
	struct ctneon_async_tail *t = ctneon_aead_tail(tfm);
	int err;

	if (sync->init) {
		err = sync->init(tfm);
		if (err)
			return err;
	}
	ctneon_tail_init(t);
	t->op_off = CTNEON_OP_OFF(crypto_aead_reqsize(tfm));
	crypto_aead_set_reqsize(tfm, t->op_off + sizeof(struct ctneon_async_op));
	return 0;
}

static void ctneon_async_aead_exit(struct crypto_aead *tfm)
{
	struct aead_alg *sync = ctneon_aead_sync(tfm);

	if (sync->exit)
		sync->exit(tfm);
}

static void ctneon_async_aead_fill(struct ctneon_async_aead *w,
				   struct aead_alg *sync)
{
	struct aead_alg *a = &w->alg;

	w->sync = sync;
	a->base.cra_flags = CRYPTO_ALG_ASYNC |
			    (sync->base.cra_flags & CTNEON_INHERITED_FLAGS);
	a->base.cra_blocksize = sync->base.cra_blocksize;
	a->base.cra_alignmask = sync->base.cra_alignmask;
	a->base.cra_ctxsize = CTNEON_TAIL_OFF(sync->base.cra_ctxsize) +
			      sizeof(struct ctneon_async_tail);
	a->base.cra_priority = sync->base.cra_priority + 1;
	a->base.cra_module = THIS_MODULE;
	memcpy(a->base.cra_name, sync->base.cra_name, CRYPTO_MAX_ALG_NAME);
	memcpy(a->base.cra_driver_name, sync->base.cra_driver_name,
	       CRYPTO_MAX_ALG_NAME);
	a->ivsize = sync->ivsize;
	a->maxauthsize = sync->maxauthsize;
	a->chunksize = sync->chunksize;
	a->setkey = sync->setkey;
	a->setauthsize = sync->setauthsize;
	a->encrypt = ctneon_async_aead_encrypt;
	a->decrypt = ctneon_async_aead_decrypt;
	a->init = ctneon_async_aead_init;
	a->exit = ctneon_async_aead_exit;
}

/* ---- the worker -------------------------------------------------------- */

static void ctneon_complete(struct crypto_async_request *areq, int err)
{
	local_bh_disable();
	crypto_request_complete(areq, err);
	local_bh_enable();
}

/* one request per run, then again if more are queued (as cryptd) */
static void ctneon_queue_work(struct work_struct *work)
{
	struct ctneon_queue *q = container_of(work, struct ctneon_queue, work);
	struct crypto_async_request *areq, *backlog;
	struct ctneon_async_tail *t;
	bool more;
	int err;

	raw_spin_lock_irq(&q->lock);
	backlog = crypto_get_backlog(&q->queue);
	areq = crypto_dequeue_request(&q->queue);
	more = q->queue.qlen;
	raw_spin_unlock_irq(&q->lock);
	if (!areq)
		return;
	if (more)
		queue_work(ctneon_wq, &q->work);
	if (backlog)
		ctneon_complete(backlog, -EINPROGRESS);

	if (crypto_tfm_alg_type(areq->tfm) == CRYPTO_ALG_TYPE_AEAD) {
		struct aead_request *req = aead_request_cast(areq);

		t = ctneon_aead_tail(crypto_aead_reqtfm(req));
		err = ctneon_aead_run(areq, ctneon_aead_op(req)->enc);
	} else {
		struct skcipher_request *req = skcipher_request_cast(areq);

		t = ctneon_sk_tail(crypto_skcipher_reqtfm(req));
		err = ctneon_sk_run(areq, ctneon_sk_op(req)->enc);
	}
	/*
	 * The tfm stays pending until its completion has run: named here
	 * before its count drops (ctneon_tfm_pending()), as the completion
	 * may free it and t with it.
	 */
	WRITE_ONCE(q->completing, areq->tfm);
	smp_wmb();
	raw_spin_lock_irq(&t->lock);
	t->queued--;
	raw_spin_unlock_irq(&t->lock);
	ctneon_complete(areq, err);
	WRITE_ONCE(q->completing, NULL);
}

/* ---- registration ------------------------------------------------------ */

/*
 * The groups registered through here, so that unregistering finds the
 * wrappers (module init and exit are serialized: no lock).
 */
#define CTNEON_MAX_GROUPS	8

static struct ctneon_group {
	const void *algs;		/* the synchronous array */
	void *wrappers;			/* kcalloc'd, or NULL */
} ctneon_groups[CTNEON_MAX_GROUPS];

static struct ctneon_group *ctneon_group_of(const void *algs)
{
	int i;

	for (i = 0; i < CTNEON_MAX_GROUPS; i++)
		if (ctneon_groups[i].algs == algs)
			return &ctneon_groups[i];
	return NULL;
}

/* NAME -> NAME-sync, in place; and back */
static int ctneon_rename_sync(char *name)
{
	size_t n = strlen(name);

	if (n + sizeof(CTNEON_SYNC_SUFFIX) > CRYPTO_MAX_ALG_NAME)
		return -ENAMETOOLONG;
	memcpy(name + n, CTNEON_SYNC_SUFFIX, sizeof(CTNEON_SYNC_SUFFIX));
	return 0;
}

static void ctneon_unrename_sync(char *name)
{
	size_t n = strlen(name), s = sizeof(CTNEON_SYNC_SUFFIX) - 1;

	if (n > s && !strcmp(name + n - s, CTNEON_SYNC_SUFFIX))
		name[n - s] = '\0';
}

/*
 * What registering differs in between skciphers and AEADs: the element
 * sizes of the two arrays, where the crypto_alg is, how a wrapper is made
 * from its synchronous algorithm, and the kernel's (un)register calls.
 */
struct ctneon_kind {
	size_t sync_size, wrap_size;
	struct crypto_alg *(*base)(void *alg);
	void (*fill)(void *wrapper, void *sync);
	int (*reg)(void *alg);
	void (*unreg)(void *alg);
};

static int ctneon_register(const struct ctneon_kind *k, void *algs, int count)
{
	struct ctneon_group *g = ctneon_group_of(NULL);
	u8 *sync = algs, *w;
	int i = 0, n, err;

	if (WARN_ON(!g))
		return -ENOSPC;
	w = kcalloc(count, k->wrap_size, GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	for (n = 0; n < count; n++)
		k->fill(w + n * k->wrap_size, sync + n * k->sync_size);
	/*
	 * The synchronous ones first, renamed: each wrapper's tfms need one.
	 * On a failure, n and i count what was registered (i = 0: no
	 * wrapper yet), and just that is unregistered: a wrapper never
	 * registered has a zeroed list head, which unregistering would
	 * corrupt the kernel's algorithm list with.
	 */
	for (n = 0; n < count; n++) {
		err = ctneon_rename_sync(k->base(sync + n * k->sync_size)->cra_driver_name);
		if (err)
			goto out;
		err = ctneon_test_fail_register() ?:
		      k->reg(sync + n * k->sync_size);
		if (err) {
			ctneon_unrename_sync(k->base(sync + n * k->sync_size)->cra_driver_name);
			goto out;
		}
		ctneon_await_selftest(k->base(sync + n * k->sync_size));
	}
	for (i = 0; i < count; i++) {
		err = ctneon_test_fail_register() ?: k->reg(w + i * k->wrap_size);
		if (err)
			goto out;
		ctneon_await_selftest(k->base(w + i * k->wrap_size));
	}
	g->algs = algs;
	g->wrappers = w;
	return 0;

out:
	while (--i >= 0)
		k->unreg(w + i * k->wrap_size);
	while (--n >= 0) {
		k->unreg(sync + n * k->sync_size);
		ctneon_unrename_sync(k->base(sync + n * k->sync_size)->cra_driver_name);
	}
	kfree(w);
	return err;
}

static void ctneon_unregister(const struct ctneon_kind *k, void *algs,
			      int count)
{
	struct ctneon_group *g = ctneon_group_of(algs);
	u8 *sync = algs, *w;
	int i;

	if (WARN_ON(!g))
		return;
	w = g->wrappers;
	for (i = 0; i < count; i++)
		k->unreg(w + i * k->wrap_size);
	for (i = 0; i < count; i++) {
		k->unreg(sync + i * k->sync_size);
		ctneon_unrename_sync(k->base(sync + i * k->sync_size)->cra_driver_name);
	}
	kfree(w);
	g->algs = NULL;
	g->wrappers = NULL;
}

static struct crypto_alg *ctneon_sk_base(void *alg)
{
	return &((struct skcipher_alg *)alg)->base;
}

static void ctneon_sk_fill(void *w, void *sync)
{
	ctneon_async_sk_fill(w, sync);
}

static int ctneon_sk_reg(void *alg)
{
	return crypto_register_skcipher(alg);
}

static void ctneon_sk_unreg(void *alg)
{
	ctneon_await_release(ctneon_sk_base(alg));
	crypto_unregister_skcipher(alg);
}

static const struct ctneon_kind ctneon_skcipher_kind = {
	.sync_size = sizeof(struct skcipher_alg),
	.wrap_size = sizeof(struct ctneon_async_skcipher),
	.base = ctneon_sk_base,
	.fill = ctneon_sk_fill,
	.reg = ctneon_sk_reg,
	.unreg = ctneon_sk_unreg,
};

static struct crypto_alg *ctneon_aead_base(void *alg)
{
	return &((struct aead_alg *)alg)->base;
}

static void ctneon_aead_fill(void *w, void *sync)
{
	ctneon_async_aead_fill(w, sync);
}

static int ctneon_aead_reg(void *alg)
{
	return crypto_register_aead(alg);
}

static void ctneon_aead_unreg(void *alg)
{
	ctneon_await_release(ctneon_aead_base(alg));
	crypto_unregister_aead(alg);
}

static const struct ctneon_kind ctneon_aead_kind = {
	.sync_size = sizeof(struct aead_alg),
	.wrap_size = sizeof(struct ctneon_async_aead),
	.base = ctneon_aead_base,
	.fill = ctneon_aead_fill,
	.reg = ctneon_aead_reg,
	.unreg = ctneon_aead_unreg,
};

/*
 * Wait until the self-test of BASE, registered just now, has ended.
 * Since 6.13 registering returns before the test has run: testmgr runs it
 * on a thread of its own, which holds the algorithm meanwhile.  An error
 * path of module init that unregisters the algorithm then leaves that
 * thread on an algorithm, and code, of a module being freed (seen on 7.3:
 * crypto_unregister_alg() warns, testmgr's thread oopses).  A lookup by
 * driver name waits for the test (crypto_larval_wait()); on kernels that
 * test at registration it finds the algorithm at once.  The answer does
 * not matter: a failed test leaves the algorithm unused, not registered.
 * CRYPTO_NOLOAD: the name is ours and listed; never ask modprobe for it.
 */
void ctneon_await_selftest(const struct crypto_alg *base)
{
	crypto_has_alg(base->cra_driver_name, 0, CRYPTO_NOLOAD);
}

/*
 * Before unregistering BASE: wait (at most 5 s) until only the
 * registration holds it.  testmgr's thread wakes the waiters of a test
 * and only then drops its own reference (crypto_alg_tested(), 7.x), so
 * right after ctneon_await_selftest() the count may still be 2, and
 * crypto_unregister_alg() warns on a count other than 1 (seen on the 7.3
 * PREEMPT_RT debug kernel).  At module exit nothing holds an algorithm
 * and this returns at once; on an error path of module init it covers
 * that window.  A tfm some other user allocated meanwhile is not waited
 * for beyond the bound: the kernel's warning then says so.
 */
void ctneon_await_release(struct crypto_alg *base)
{
	int ms;

	for (ms = 0; ms < 5000 && refcount_read(&base->cra_refcnt) > 1; ms += 10)
		msleep(10);
}

int ctneon_register_skciphers(struct skcipher_alg *algs, int count)
{
	int i, err = ctneon_test_fail_register();

	if (err)
		return err;
	for (i = 0; i < count; i++)
		ctneon_rank(&algs[i].base);
	if (ctneon_async_on)
		return ctneon_register(&ctneon_skcipher_kind, algs, count);
	err = crypto_register_skciphers(algs, count);
	for (i = 0; !err && i < count; i++)
		ctneon_await_selftest(&algs[i].base);
	return err;
}

void ctneon_unregister_skciphers(struct skcipher_alg *algs, int count)
{
	int i;

	if (ctneon_async_on) {
		ctneon_unregister(&ctneon_skcipher_kind, algs, count);
		return;
	}
	for (i = 0; i < count; i++)
		ctneon_await_release(&algs[i].base);
	crypto_unregister_skciphers(algs, count);
}

int ctneon_register_aeads(struct aead_alg *algs, int count)
{
	int i, err = ctneon_test_fail_register();

	if (err)
		return err;
	for (i = 0; i < count; i++)
		ctneon_rank(&algs[i].base);
	if (ctneon_async_on)
		return ctneon_register(&ctneon_aead_kind, algs, count);
	err = crypto_register_aeads(algs, count);
	for (i = 0; !err && i < count; i++)
		ctneon_await_selftest(&algs[i].base);
	return err;
}

void ctneon_unregister_aeads(struct aead_alg *algs, int count)
{
	int i;

	if (ctneon_async_on) {
		ctneon_unregister(&ctneon_aead_kind, algs, count);
		return;
	}
	for (i = 0; i < count; i++)
		ctneon_await_release(&algs[i].base);
	crypto_unregister_aeads(algs, count);
}

/* whether this load registered the wrappers (after ctneon_async_init()) */
bool ctneon_async_wrapped(void)
{
	return ctneon_async_on;
}

/* ---- module load and unload -------------------------------------------- */

int ctneon_async_init(void)
{
	int cpu;

	switch (ctneon_async_mode) {
	case 0:
		ctneon_async_on = false;
		break;
	case 2:
	case 3:
		ctneon_async_on = true;
		break;
	default:
		ctneon_async_on = !ctneon_neon_usable_in_softirq();
		break;
	}
	if (!ctneon_async_on)
		return 0;

	ctneon_queues = alloc_percpu(struct ctneon_queue);
	if (!ctneon_queues)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct ctneon_queue *q = per_cpu_ptr(ctneon_queues, cpu);

		raw_spin_lock_init(&q->lock);
		crypto_init_queue(&q->queue, max(ctneon_queue_len, 1U));
		INIT_WORK(&q->work, ctneon_queue_work);
	}
	ctneon_wq = alloc_workqueue("ctneon", CTNEON_WQ_FLAGS, 1);
	if (!ctneon_wq) {
		free_percpu(ctneon_queues);
		ctneon_queues = NULL;
		return -ENOMEM;
	}
	pr_info("ctneon: NEON is not usable in softirq on this kernel: asynchronous wrappers run such requests on NEON in a kernel thread (the synchronous algorithms are the -sync drivers)\n");
	return 0;
}

/* after every algorithm is unregistered: no tfm, so no request, is left */
void ctneon_async_exit(void)
{
	if (!ctneon_async_on)
		return;
	destroy_workqueue(ctneon_wq);
	free_percpu(ctneon_queues);
	ctneon_wq = NULL;
	ctneon_queues = NULL;
}
