// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: hooks and in-kernel checks of the test build (make VARIANT=hooks,
 * KCFLAGS=-DCTNEON_TEST_HOOKS; tests/vm/hooks.sh).  Without that flag this
 * file is empty: none of it is ever in a module that is shipped.
 *
 *   fail_register=N  (load time) the Nth registration the module makes
 *                    fails with -EEXIST: insmod must then fail cleanly,
 *                    having unregistered exactly what it had registered;
 *   run_test=mac     (write) one 4 MiB cmac(aes) update, as ksmbd signs an
 *                    SMB3 read: it must give the MAC of the same bytes fed
 *                    in odd pieces, in NEON sections of at most a slice
 *                    each (counted, with the bytes of each; the longest is
 *                    timed and printed);
 *   run_test=order   (write) requests on one tfm of ctr(aes), the
 *                    asynchronous wrapper where there is one, made in turns
 *                    of eight by threads on two CPUs, from task context, with bottom
 *                    halves off and with IRQs off, none allowed to be
 *                    backlogged: every request completes, in the order it
 *                    was made (one dropped with -ENOSPC has no completion).
 *
 * A write of run_test returns when its check is done: 0 if it passed, an
 * error (-EIO) if it failed; either way the kernel log has a line
 * "ctneon test: NAME: ..." with what was measured.
 */
#ifdef CTNEON_TEST_HOOKS
#include <crypto/hash.h>
#include <crypto/skcipher.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/random.h>
#include <linux/sched/clock.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/vmalloc.h>
#include <linux/version.h>
#include <linux/wait.h>

#include "test-hooks.h"

/* ---- failing a registration -------------------------------------------- */

static int ctneon_fail_register;
module_param_named(fail_register, ctneon_fail_register, int, 0444);
MODULE_PARM_DESC(fail_register,
		 "test build: the Nth registration fails with -EEXIST (0 = none)");

static int ctneon_registrations;	/* module init is serialized */

int ctneon_test_fail_register(void)
{
	if (++ctneon_registrations != ctneon_fail_register)
		return 0;
	pr_info("ctneon test: failing registration %d with -EEXIST\n",
		ctneon_registrations);
	return -EEXIST;
}

void ctneon_test_poison(void *p, size_t len)
{
	memset(p, 0xa5, len);
}

/* ---- NEON sections ------------------------------------------------------ */

/*
 * Every NEON section is counted and timed, and the bytes its caller says it
 * ran a core on are added up.  The time is wall-clock time: it is printed,
 * never judged, since a guest whose host is busy may stall inside any
 * section, and on arm64 from 6.8 a section may even be preempted.  The
 * bytes are what the check judges: a caller that put a whole update in one
 * section reports it in one call, whichever CPU the section ends on.
 * Sections do not nest on a CPU; a section that moved CPU (arm64, 6.8 on)
 * gives a time that is ignored if it is negative.
 */
static DEFINE_PER_CPU(u64, ctneon_section_t0);
static DEFINE_PER_CPU(unsigned long, ctneon_section_n);
static DEFINE_SPINLOCK(ctneon_section_lock);
static u64 ctneon_section_longest;	/* ns, under the lock */
static unsigned long ctneon_section_count;
static unsigned long ctneon_section_most;	/* bytes, under the lock */

void ctneon_test_section_begin(void)
{
	raw_cpu_write(ctneon_section_n, 0);
	raw_cpu_write(ctneon_section_t0, local_clock());
}

void ctneon_test_section_bytes(unsigned int n)
{
	raw_cpu_add(ctneon_section_n, n);
}

void ctneon_test_section_end(void)
{
	u64 t0 = raw_cpu_read(ctneon_section_t0), t = local_clock();
	unsigned long n = raw_cpu_read(ctneon_section_n), flags;

	spin_lock_irqsave(&ctneon_section_lock, flags);
	ctneon_section_count++;
	if (n > ctneon_section_most)
		ctneon_section_most = n;
	if (t >= t0 && t - t0 > ctneon_section_longest)
		ctneon_section_longest = t - t0;
	spin_unlock_irqrestore(&ctneon_section_lock, flags);
}

struct ctneon_sections {
	u64 longest;		/* ns */
	unsigned long count, most;
};

static void ctneon_sections_read(struct ctneon_sections *s, bool reset)
{
	unsigned long flags;

	spin_lock_irqsave(&ctneon_section_lock, flags);
	s->longest = ctneon_section_longest;
	s->count = ctneon_section_count;
	s->most = ctneon_section_most;
	if (reset) {
		ctneon_section_longest = 0;
		ctneon_section_count = 0;
		ctneon_section_most = 0;
	}
	spin_unlock_irqrestore(&ctneon_section_lock, flags);
}

/* ---- run_test=mac ------------------------------------------------------- */

#define CTNEON_TEST_MAC_LEN	(4U << 20)
#define CTNEON_TEST_MAC_PIECE	4093U	/* odd: pieces cut blocks */

static int ctneon_test_mac(void)
{
	unsigned int len = CTNEON_TEST_MAC_LEN, off, n;
	struct crypto_shash *tfm;
	struct shash_desc *desc = NULL;
	u8 key[16], whole[16], pieces[16];
	struct ctneon_sections sec;
	u64 t0, total;
	u8 *buf;
	int err;

	tfm = crypto_alloc_shash("cmac-aes-ctneon", 0, 0);
	if (IS_ERR(tfm)) {
		pr_info("ctneon test: mac: no cmac-aes-ctneon (%ld)\n",
			PTR_ERR(tfm));
		return PTR_ERR(tfm);
	}
	buf = vmalloc(len);
	desc = kzalloc(sizeof(*desc) + crypto_shash_descsize(tfm), GFP_KERNEL);
	err = -ENOMEM;
	if (!buf || !desc)
		goto out;
	get_random_bytes(key, sizeof(key));
	get_random_bytes(buf, len);
	desc->tfm = tfm;
	err = crypto_shash_setkey(tfm, key, sizeof(key));
	if (err)
		goto out;

	ctneon_sections_read(&sec, true);
	t0 = local_clock();
	err = crypto_shash_digest(desc, buf, len, whole);
	total = local_clock() - t0;
	ctneon_sections_read(&sec, true);
	if (err)
		goto out;

	err = crypto_shash_init(desc);
	for (off = 0; !err && off < len; off += n) {
		n = min(CTNEON_TEST_MAC_PIECE, len - off);
		err = crypto_shash_update(desc, buf + off, n);
	}
	if (!err)
		err = crypto_shash_final(desc, pieces);
	if (err)
		goto out;

	pr_info("ctneon test: mac: one %u-byte cmac(aes) update: %lu NEON sections, at most %lu bytes in one; the longest %llu ns of %llu ns in all; MAC %s the one of %u-byte pieces\n",
		len, sec.count, sec.most, sec.longest, total,
		memcmp(whole, pieces, 16) ? "differs from" : "equals",
		CTNEON_TEST_MAC_PIECE);
	/*
	 * A slice is 4 KiB, 1/1024 of the update: at least that many
	 * sections, and none with more than 64 KiB (one section for the
	 * whole update, the defect, reports all 4 MiB).  If no section
	 * reported bytes at all, the NEON path was not taken and nothing
	 * was checked: that fails too.
	 */
	if (memcmp(whole, pieces, 16) || sec.count < len / 4096 ||
	    !sec.most || sec.most > 64 * 1024)
		err = -EIO;
out:
	kfree_sensitive(desc);
	vfree(buf);
	crypto_free_shash(tfm);
	memzero_explicit(key, sizeof(key));
	return err;
}

/* ---- run_test=order ----------------------------------------------------- */

#define CTNEON_TEST_ORDER_N	3000
#define CTNEON_TEST_ORDER_THREADS 2
#define CTNEON_TEST_ORDER_RUN	8	/* requests a thread makes per turn */

struct ctneon_order;

struct ctneon_order_slot {
	struct ctneon_order *o;
	struct skcipher_request *req;
	struct scatterlist sg;
	unsigned int index;
	u8 *buf;			/* 16 bytes of o->bufs */
	u8 iv[16];
};

struct ctneon_order {
	struct crypto_skcipher *tfm;
	struct ctneon_order_slot *slot;
	u8 *bufs;			/* kmalloc'd: a scatterlist needs its page */
	spinlock_t lock;		/* the fields below */
	unsigned int *done;		/* indices, in completion order */
	unsigned int ndone, dropped, queued, at_once, errors;
	unsigned int next;		/* the index whose turn it is */
	bool abort;			/* a thread did not start */
	wait_queue_head_t turn;
	atomic_t outstanding;
	struct completion all;
	atomic_t threads;		/* threads still running */
	struct completion threads_done;
};

static void ctneon_order_record(struct ctneon_order *o, unsigned int index)
{
	unsigned long flags;

	spin_lock_irqsave(&o->lock, flags);
	o->done[o->ndone++] = index;
	spin_unlock_irqrestore(&o->lock, flags);
}

static void ctneon_order_finish(struct ctneon_order *o)
{
	if (atomic_dec_and_test(&o->outstanding))
		complete(&o->all);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
static void ctneon_order_done(void *data, int err)
{
#else
static void ctneon_order_done(struct crypto_async_request *base, int err)
{
	void *data = base->data;
#endif
	struct ctneon_order_slot *s = data;
	unsigned long flags;

	if (err == -EINPROGRESS)	/* no backlog was allowed */
		err = -EPROTO;
	if (err) {
		spin_lock_irqsave(&s->o->lock, flags);
		s->o->errors++;
		spin_unlock_irqrestore(&s->o->lock, flags);
	}
	ctneon_order_record(s->o, s->index);
	ctneon_order_finish(s->o);
}

/* request I, in one of three contexts by I: task, BH off, IRQs off */
static void ctneon_order_submit(struct ctneon_order *o, unsigned int i)
{
	struct ctneon_order_slot *s = &o->slot[i];
	unsigned long flags;
	int err;

	skcipher_request_set_callback(s->req, 0, ctneon_order_done, s);
	skcipher_request_set_crypt(s->req, &s->sg, &s->sg, 16, s->iv);
	switch (i % 3) {
	case 1:
		local_bh_disable();
		err = crypto_skcipher_encrypt(s->req);
		local_bh_enable();
		break;
	case 2:
		local_irq_save(flags);
		err = crypto_skcipher_encrypt(s->req);
		local_irq_restore(flags);
		break;
	default:
		err = crypto_skcipher_encrypt(s->req);
		break;
	}
	spin_lock_irqsave(&o->lock, flags);
	if (err == -EINPROGRESS)
		o->queued++;
	else if (err == -ENOSPC)
		o->dropped++;
	else if (err)
		o->errors++;
	else
		o->at_once++;
	spin_unlock_irqrestore(&o->lock, flags);
	if (err == -EINPROGRESS)
		return;
	if (!err)
		ctneon_order_record(o, i);
	ctneon_order_finish(o);
}

struct ctneon_order_thread {
	struct ctneon_order *o;
	unsigned int me;
};

/*
 * The threads take turns: each makes CTNEON_TEST_ORDER_RUN requests in a
 * row (faster than a worker runs them, so that a short queue fills), then
 * hands over to the next thread, on the other CPU.
 */
static int ctneon_order_thread(void *arg)
{
	struct ctneon_order_thread *t = arg;
	struct ctneon_order *o = t->o;
	unsigned int b, i, end;

	for (b = t->me * CTNEON_TEST_ORDER_RUN; b < CTNEON_TEST_ORDER_N;
	     b += CTNEON_TEST_ORDER_THREADS * CTNEON_TEST_ORDER_RUN) {
		wait_event(o->turn, READ_ONCE(o->next) == b ||
				    READ_ONCE(o->abort));
		if (READ_ONCE(o->abort))
			break;
		end = min_t(unsigned int, b + CTNEON_TEST_ORDER_RUN,
			    CTNEON_TEST_ORDER_N);
		for (i = b; i < end; i++)
			ctneon_order_submit(o, i);
		WRITE_ONCE(o->next, end);
		wake_up_all(&o->turn);
	}
	if (atomic_dec_and_test(&o->threads))
		complete(&o->threads_done);
	return 0;
}

static int ctneon_test_order(void)
{
	struct ctneon_order_thread th[CTNEON_TEST_ORDER_THREADS];
	struct task_struct *task[CTNEON_TEST_ORDER_THREADS] = { };
	struct ctneon_order *o;
	unsigned int i, j, late = 0, missing;
	u8 key[16];
	int err;

	o = kzalloc(sizeof(*o), GFP_KERNEL);
	if (!o)
		return -ENOMEM;
	spin_lock_init(&o->lock);
	init_waitqueue_head(&o->turn);
	init_completion(&o->all);
	init_completion(&o->threads_done);
	atomic_set(&o->outstanding, CTNEON_TEST_ORDER_N);
	o->tfm = crypto_alloc_skcipher("ctr-aes-ctneon", 0, 0);
	if (IS_ERR(o->tfm)) {
		err = PTR_ERR(o->tfm);
		pr_info("ctneon test: order: no ctr-aes-ctneon (%d)\n", err);
		kfree(o);
		return err;
	}
	err = -ENOMEM;
	o->slot = vzalloc(sizeof(*o->slot) * CTNEON_TEST_ORDER_N);
	o->done = vzalloc(sizeof(*o->done) * CTNEON_TEST_ORDER_N);
	o->bufs = kcalloc(CTNEON_TEST_ORDER_N, 16, GFP_KERNEL);
	if (!o->slot || !o->done || !o->bufs)
		goto out;
	get_random_bytes(key, sizeof(key));
	err = crypto_skcipher_setkey(o->tfm, key, sizeof(key));
	memzero_explicit(key, sizeof(key));
	if (err)
		goto out;
	for (i = 0; i < CTNEON_TEST_ORDER_N; i++) {
		struct ctneon_order_slot *s = &o->slot[i];

		s->o = o;
		s->index = i;
		s->iv[15] = (u8)i;
		s->req = skcipher_request_alloc(o->tfm, GFP_KERNEL);
		if (!s->req)
			goto out;
		s->buf = o->bufs + 16 * i;
		sg_init_one(&s->sg, s->buf, 16);
	}

	/*
	 * All threads are made before any runs, and none is stopped with
	 * kthread_stop(): a thread told to stop before it first runs never
	 * runs its function, and the others would wait for its turns.
	 */
	for (j = 0; j < CTNEON_TEST_ORDER_THREADS; j++) {
		th[j].o = o;
		th[j].me = j;
		task[j] = kthread_create(ctneon_order_thread, &th[j],
					 "ctneon-order/%u", j);
		if (IS_ERR(task[j])) {
			err = PTR_ERR(task[j]);
			task[j] = NULL;
			/* the others stop at their first turn */
			WRITE_ONCE(o->abort, true);
			break;
		}
		kthread_bind(task[j], j % num_online_cpus());
	}
	atomic_set(&o->threads, j);
	for (i = 0; i < j; i++)
		wake_up_process(task[i]);
	if (j)
		wait_for_completion(&o->threads_done);
	/* the turns not taken: requests never made, never completed */
	if (READ_ONCE(o->next) < CTNEON_TEST_ORDER_N &&
	    atomic_sub_and_test(CTNEON_TEST_ORDER_N - READ_ONCE(o->next),
				&o->outstanding))
		complete(&o->all);
	if (!wait_for_completion_timeout(&o->all, 60 * HZ)) {
		/* the requests still refer to o: it stays allocated */
		pr_info("ctneon test: order: %d requests never completed\n",
			atomic_read(&o->outstanding));
		return -EIO;
	}
	if (err)
		goto out;

	for (i = 1; i < o->ndone; i++)
		late += o->done[i] < o->done[i - 1];
	missing = CTNEON_TEST_ORDER_N - o->dropped - o->ndone;
	pr_info("ctneon test: order: %d requests on one tfm (%s) from %u threads on %u CPUs: %u queued, %u run at once, %u dropped (-ENOSPC), %u errors; %u completed out of order, %u missing\n",
		CTNEON_TEST_ORDER_N,
		crypto_tfm_alg_driver_name(crypto_skcipher_tfm(o->tfm)),
		CTNEON_TEST_ORDER_THREADS,
		min_t(unsigned int, num_online_cpus(), CTNEON_TEST_ORDER_THREADS),
		o->queued, o->at_once, o->dropped, o->errors, late, missing);
	if (late || missing || o->errors)
		err = -EIO;
out:
	if (o->slot)
		for (i = 0; i < CTNEON_TEST_ORDER_N; i++)
			skcipher_request_free(o->slot[i].req);
	vfree(o->slot);
	kfree(o->bufs);
	vfree(o->done);
	crypto_free_skcipher(o->tfm);
	kfree(o);
	return err;
}

/* ---- run_test ----------------------------------------------------------- */

static int ctneon_run_test(const char *val, const struct kernel_param *kp)
{
	if (sysfs_streq(val, "mac"))
		return ctneon_test_mac();
	if (sysfs_streq(val, "order"))
		return ctneon_test_order();
	return -EINVAL;
}

static const struct kernel_param_ops ctneon_run_test_ops = {
	.set = ctneon_run_test,
};
module_param_cb(run_test, &ctneon_run_test_ops, NULL, 0200);
MODULE_PARM_DESC(run_test,
		 "test build: write mac or order to run that in-kernel check (see ctneon-test.c)");
#endif
