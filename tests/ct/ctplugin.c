// SPDX-License-Identifier: GPL-2.0-only
/*
 * ctneon: a QEMU TCG plugin that observes a guest program only between two
 * marker instructions, for the constant-time check (tests/ct/run.sh), for
 * instruction counts (Documentation/measurement.rst) and for `make bench`
 * (bench/run.sh, Documentation/performance.rst), which used to carry its
 * own copy of this file.
 *
 * Load it into the dynamically linked qemu-user binaries:
 *
 *   qemu-aarch64 -plugin ./ctplugin.so,mode=trace,out=t.txt ./prog
 *
 * Markers (harmless instructions that compilers never emit; the guest puts
 * them around the code under test, see ct-harness.c):
 *
 *   AArch64  START  orr xzr, xzr, x1    0xaa0103ff   (a move into xzr)
 *            STOP   orr xzr, xzr, x2    0xaa0203ff
 *   A32      START  mov r10, r10        0xe1a0a00a
 *            STOP   mov r11, r11        0xe1a0b00b
 *   T32      START  mov r10, r10        0x46d2       (16-bit encoding)
 *            STOP   mov r11, r11        0x46db
 *
 * Every START..STOP pair is a "window", numbered per vCPU from 0 in
 * execution order; the markers themselves are not part of it.  At STOP one
 * line per window goes to the output file (out=, default stderr):
 *
 *   mode=count   window=N vcpu=V insns=T <name>=C ... other=C
 *                instructions executed in the window, attributed to the
 *                address ranges given with range=name:lo:hi (hi exclusive,
 *                any number of them, the first match wins), then with
 *                bysym=on to the guest's ELF symbol of the instruction,
 *                else to "other".
 *   mode=trace   window=N vcpu=V insns=T mems=M ihash=H mhash=H
 *                ihash: a hash of the sequence of executed instruction
 *                addresses; mhash: of the sequence of memory accesses
 *                (address, size, load or store).  Two windows with the same
 *                hashes executed the same path and touched the same
 *                addresses (up to 64-bit hash collisions).  dump=FILE
 *                writes the full stream ("I pc", "R addr size pc",
 *                "W addr size pc", hexadecimal) for debugging.
 *   mode=disas   "# window=N vcpu=V" then one line per executed instruction,
 *                tab-separated: address, encoding (hex bytes in memory
 *                order), ELF symbol ("-" if none), QEMU's disassembly;
 *                tests/ct/mca.sh feeds the encodings to llvm-mc and
 *                llvm-mca for a cycle estimate.
 *
 * For the bench, two more things, both used in qemu-system-* (the other
 * modes refuse system emulation: the constant-time check must see one
 * user program, not a whole machine):
 *
 *   mode=hist    per window "window=N vcpu=V insns=T", then one line
 *                "hist A:C A:C ..." with the number of executions C of the
 *                instructions at each guest virtual address bucket A
 *                (address >> shift << shift; shift= default 0), ascending.
 *                Attribution to modules happens afterwards on the host
 *                (bench/report.py), because in qemu-system the module
 *                addresses are only known once the guest has loaded them.
 *
 * A third marker, START_DISAS, opens a window like START does and, in
 * mode=hist, also writes that window's executed instruction stream to
 * disas=FILE in the format of mode=disas (bench/afalg-bench.c uses it for
 * a few requests, whose instruction streams bench/mca.py cuts):
 *
 *   AArch64  orr xzr, xzr, x3   0xaa0303ff
 *   A32      mov r9, r9         0xe1a09009
 *   T32      mov r9, r9         0x46c9
 *
 * In qemu-system the markers are still recognised when a user-space
 * program executes them; the window then holds everything the vCPU runs
 * until STOP: the program, the system calls, the crypto driver, and any
 * interrupt that happens to arrive (bench/run.sh runs -smp 1 with -icount
 * and keeps the repetition with the fewest instructions).
 *
 * vCPUs are the guest's threads under qemu-user; each has its own window
 * state and counters (at most CT_MAX_VCPUS).
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin-api.h"

CT_PLUGIN_EXPORT int qemu_plugin_version = CT_QEMU_PLUGIN_API_LEVEL;

#define CT_MAX_VCPUS	64
#define CT_MAX_NAMES	256	/* ranges + symbols + "other" */

enum ct_mode { CT_COUNT, CT_TRACE, CT_DISAS, CT_HIST };

enum ct_marker { CT_NOT_MARKER, CT_START, CT_STOP, CT_START_DISAS };

/* One translated guest instruction (allocated at translation, kept). */
struct ct_insn {
	uint64_t vaddr;
	char bytes[9];		/* encoding, hex bytes in memory order */
	unsigned int size;
	int name;		/* index into ct_names[] for mode=count */
	char *disas;		/* mode=disas only */
	const char *sym;	/* mode=disas only */
	uint64_t hits;		/* mode=hist: executions in window "stamp" */
	uint64_t stamp;
};

struct ct_vcpu {
	int active;
	uint64_t window;
	uint64_t insns, mems;
	uint64_t ihash, mhash;
	uint64_t count[CT_MAX_NAMES];
	uint64_t stamp;			/* mode=hist: this window's stamp */
	int disas;			/* mode=hist: opened by START_DISAS */
	struct ct_insn **touched;	/* mode=hist: insns run in it */
	size_t ntouched, cap;
};

struct ct_range {
	uint64_t lo, hi;
	int name;
};

static enum ct_mode ct_mode = CT_TRACE;
static int ct_bysym;
static int ct_is_a64;
static FILE *ct_out;
static FILE *ct_dump;
static FILE *ct_disas;		/* mode=hist: disas=FILE */
static pthread_mutex_t ct_lock = PTHREAD_MUTEX_INITIALIZER;

static struct ct_vcpu ct_vcpus[CT_MAX_VCPUS];
static struct ct_range ct_ranges[CT_MAX_NAMES];
static int ct_nranges;
static const char *ct_names[CT_MAX_NAMES];
static int ct_nnames;
static int ct_other;		/* index of "other" */
static unsigned int ct_shift;	/* mode=hist bucket */
static uint64_t ct_stamps;	/* mode=hist: last stamp handed out */

/*
 * A 64-bit mixing step (multiply by an odd constant, fold the high half
 * down): an injective update of h for a fixed x, so any change in the
 * event sequence changes the hash except with probability about 2^-64.
 */
static uint64_t ct_mix(uint64_t h, uint64_t x)
{
	h ^= x;
	h *= 0x9e3779b97f4a7c15ull;
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 32;
	return h;
}

static struct ct_vcpu *ct_vcpu(unsigned int idx)
{
	return idx < CT_MAX_VCPUS ? &ct_vcpus[idx] : NULL;
}

/* Called with ct_lock held (translation is serialised by QEMU anyway). */
static int ct_name_index(const char *name)
{
	int n;

	for (n = 0; n < ct_nnames; n++)
		if (!strcmp(ct_names[n], name))
			return n;
	if (ct_nnames == CT_MAX_NAMES)
		return ct_other;
	ct_names[ct_nnames] = strdup(name);
	return ct_nnames++;
}

static enum ct_marker ct_classify(uint32_t enc, unsigned int size)
{
	if (ct_is_a64) {
		if (size == 4 && enc == 0xaa0103ffu)
			return CT_START;
		if (size == 4 && enc == 0xaa0203ffu)
			return CT_STOP;
		if (size == 4 && enc == 0xaa0303ffu)
			return CT_START_DISAS;
		return CT_NOT_MARKER;
	}
	/* A32 words; a T32 32-bit instruction never starts with 0xa00a/0xb00b */
	if (size == 4 && enc == 0xe1a0a00au)
		return CT_START;
	if (size == 4 && enc == 0xe1a0b00bu)
		return CT_STOP;
	if (size == 2 && (enc & 0xffff) == 0x46d2)
		return CT_START;
	if (size == 2 && (enc & 0xffff) == 0x46db)
		return CT_STOP;
	if (size == 4 && enc == 0xe1a09009u)
		return CT_START_DISAS;
	if (size == 2 && (enc & 0xffff) == 0x46c9)
		return CT_START_DISAS;
	return CT_NOT_MARKER;
}

static void ct_window_start(struct ct_vcpu *v)
{
	v->active = 1;
	v->insns = 0;
	v->mems = 0;
	v->ihash = 0x6374637463746374ull;
	v->mhash = 0x6d656d6d656d6d65ull;
	memset(v->count, 0, sizeof(v->count));
	v->ntouched = 0;
	pthread_mutex_lock(&ct_lock);
	v->stamp = ++ct_stamps;
	pthread_mutex_unlock(&ct_lock);
}

static int ct_cmp_vaddr(const void *a, const void *b)
{
	const struct ct_insn *x = *(struct ct_insn * const *)a;
	const struct ct_insn *y = *(struct ct_insn * const *)b;

	return x->vaddr < y->vaddr ? -1 : x->vaddr > y->vaddr;
}

/* mode=hist: the touched instructions, merged per bucket, on one line */
static void ct_hist_print(struct ct_vcpu *v)
{
	uint64_t bucket = 0, count = 0;
	size_t n;

	qsort(v->touched, v->ntouched, sizeof(*v->touched), ct_cmp_vaddr);
	fputs("hist", ct_out);
	for (n = 0; n < v->ntouched; n++) {
		uint64_t b = v->touched[n]->vaddr >> ct_shift << ct_shift;

		if (count && b != bucket) {
			fprintf(ct_out, " %" PRIx64 ":%" PRIu64, bucket, count);
			count = 0;
		}
		bucket = b;
		count += v->touched[n]->hits;
	}
	if (count)
		fprintf(ct_out, " %" PRIx64 ":%" PRIu64, bucket, count);
	fputc('\n', ct_out);
}

static void ct_window_stop(struct ct_vcpu *v, unsigned int idx)
{
	int n;

	v->active = 0;
	pthread_mutex_lock(&ct_lock);
	switch (ct_mode) {
	case CT_COUNT:
		fprintf(ct_out, "window=%" PRIu64 " vcpu=%u insns=%" PRIu64,
			v->window, idx, v->insns);
		for (n = 0; n < ct_nnames; n++)
			if (v->count[n] || n < ct_nranges || n == ct_other)
				fprintf(ct_out, " %s=%" PRIu64, ct_names[n],
					v->count[n]);
		fputc('\n', ct_out);
		break;
	case CT_TRACE:
		fprintf(ct_out, "window=%" PRIu64 " vcpu=%u insns=%" PRIu64
			" mems=%" PRIu64 " ihash=%016" PRIx64
			" mhash=%016" PRIx64 "\n", v->window, idx, v->insns,
			v->mems, v->ihash, v->mhash);
		break;
	case CT_DISAS:
		fprintf(ct_out, "# end window=%" PRIu64 " insns=%" PRIu64 "\n",
			v->window, v->insns);
		break;
	case CT_HIST:
		fprintf(ct_out, "window=%" PRIu64 " vcpu=%u insns=%" PRIu64 "\n",
			v->window, idx, v->insns);
		ct_hist_print(v);
		if (v->disas)
			fprintf(ct_disas, "# end window=%" PRIu64 " insns=%" PRIu64 "\n",
				v->window, v->insns);
		break;
	}
	pthread_mutex_unlock(&ct_lock);
	v->window++;
}

static void ct_marker_exec(unsigned int idx, void *udata)
{
	struct ct_vcpu *v = ct_vcpu(idx);

	if (!v)
		return;
	if ((uintptr_t)udata == CT_START ||
	    (uintptr_t)udata == CT_START_DISAS) {
		/* a START inside a window restarts it (and says so) */
		if (v->active) {
			pthread_mutex_lock(&ct_lock);
			fprintf(ct_out, "# window=%" PRIu64 " vcpu=%u restarted\n",
				v->window, idx);
			pthread_mutex_unlock(&ct_lock);
		}
		ct_window_start(v);
		v->disas = (uintptr_t)udata == CT_START_DISAS && ct_disas;
		if (v->disas) {
			pthread_mutex_lock(&ct_lock);
			fprintf(ct_disas, "# window=%" PRIu64 " vcpu=%u\n",
				v->window, idx);
			pthread_mutex_unlock(&ct_lock);
		}
		if (ct_dump || ct_mode == CT_DISAS) {
			pthread_mutex_lock(&ct_lock);
			fprintf(ct_mode == CT_DISAS ? ct_out : ct_dump,
				"# window=%" PRIu64 " vcpu=%u\n", v->window, idx);
			pthread_mutex_unlock(&ct_lock);
		}
	} else if (v->active) {
		ct_window_stop(v, idx);
	}
}

static void ct_insn_exec(unsigned int idx, void *udata)
{
	struct ct_vcpu *v = ct_vcpu(idx);
	const struct ct_insn *in = udata;

	if (!v || !v->active)
		return;
	v->insns++;
	switch (ct_mode) {
	case CT_COUNT:
		v->count[in->name]++;
		break;
	case CT_TRACE:
		v->ihash = ct_mix(v->ihash, in->vaddr);
		if (ct_dump) {
			pthread_mutex_lock(&ct_lock);
			fprintf(ct_dump, "I %" PRIx64 "\n", in->vaddr);
			pthread_mutex_unlock(&ct_lock);
		}
		break;
	case CT_HIST: {
		/* the translation's record is shared by every vCPU: -smp 1 */
		struct ct_insn *w = (struct ct_insn *)in;

		if (w->stamp != v->stamp) {
			if (v->ntouched == v->cap) {
				v->cap = v->cap ? 2 * v->cap : 4096;
				v->touched = realloc(v->touched,
						     v->cap * sizeof(*v->touched));
				if (!v->touched)
					abort();
			}
			v->touched[v->ntouched++] = w;
			w->stamp = v->stamp;
			w->hits = 0;
		}
		w->hits++;
		if (v->disas)
			fprintf(ct_disas, "%" PRIx64 "\t%s\t%s\t%s\n", in->vaddr,
				in->bytes, in->sym && *in->sym ? in->sym : "-",
				in->disas ? in->disas : "?");
		break;
	}
	case CT_DISAS:
		pthread_mutex_lock(&ct_lock);
		fprintf(ct_out, "%" PRIx64 "\t%s\t%s\t%s\n", in->vaddr,
			in->bytes, in->sym && *in->sym ? in->sym : "-",
			in->disas ? in->disas : "?");
		pthread_mutex_unlock(&ct_lock);
		break;
	}
}

static void ct_mem_exec(unsigned int idx, qemu_plugin_meminfo_t info,
			uint64_t vaddr, void *udata)
{
	struct ct_vcpu *v = ct_vcpu(idx);
	const struct ct_insn *in = udata;
	unsigned int size = 1u << qemu_plugin_mem_size_shift(info);
	int store = qemu_plugin_mem_is_store(info);

	if (!v || !v->active)
		return;
	v->mems++;
	/* the address, then size and direction (both small) in one word */
	v->mhash = ct_mix(v->mhash, vaddr);
	v->mhash = ct_mix(v->mhash, ((uint64_t)size << 1) | (uint64_t)store);
	if (ct_dump) {
		pthread_mutex_lock(&ct_lock);
		fprintf(ct_dump, "%c %" PRIx64 " %u %" PRIx64 "\n",
			store ? 'W' : 'R', vaddr, size, in->vaddr);
		pthread_mutex_unlock(&ct_lock);
	}
}

static int ct_attribute(const struct qemu_plugin_insn *insn, uint64_t vaddr)
{
	const char *sym;
	int n;

	for (n = 0; n < ct_nranges; n++)
		if (vaddr >= ct_ranges[n].lo && vaddr < ct_ranges[n].hi)
			return ct_ranges[n].name;
	if (ct_bysym) {
		sym = qemu_plugin_insn_symbol(insn);
		if (sym && *sym)
			return ct_name_index(sym);
	}
	return ct_other;
}

static void ct_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n, ninsns = qemu_plugin_tb_n_insns(tb);

	(void)id;
	pthread_mutex_lock(&ct_lock);
	for (n = 0; n < ninsns; n++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, n);
		const uint8_t *data = qemu_plugin_insn_data(insn);
		unsigned int size = qemu_plugin_insn_size(insn);
		uint32_t enc = 0;
		enum ct_marker mk;
		struct ct_insn *in;
		unsigned int b;

		for (b = 0; b < size && b < 4; b++)
			enc |= (uint32_t)data[b] << (8 * b);
		mk = ct_classify(enc, size);
		if (mk != CT_NOT_MARKER) {
			qemu_plugin_register_vcpu_insn_exec_cb(insn,
				ct_marker_exec, QEMU_PLUGIN_CB_NO_REGS,
				(void *)(uintptr_t)mk);
			continue;
		}
		in = calloc(1, sizeof(*in));
		if (!in)
			abort();
		in->vaddr = qemu_plugin_insn_vaddr(insn);
		in->size = size;
		for (b = 0; b < size && b < 4; b++)
			snprintf(in->bytes + 2 * b, 3, "%02x", data[b]);
		if (ct_mode == CT_COUNT)
			in->name = ct_attribute(insn, in->vaddr);
		if (ct_mode == CT_DISAS || (ct_mode == CT_HIST && ct_disas)) {
			in->disas = qemu_plugin_insn_disas(insn);
			in->sym = qemu_plugin_insn_symbol(insn);
		}
		qemu_plugin_register_vcpu_insn_exec_cb(insn, ct_insn_exec,
						       QEMU_PLUGIN_CB_NO_REGS,
						       in);
		if (ct_mode == CT_TRACE)
			qemu_plugin_register_vcpu_mem_cb(insn, ct_mem_exec,
							 QEMU_PLUGIN_CB_NO_REGS,
							 QEMU_PLUGIN_MEM_RW,
							 in);
	}
	pthread_mutex_unlock(&ct_lock);
}

static void ct_exit(qemu_plugin_id_t id, void *udata)
{
	unsigned int n;

	(void)id;
	(void)udata;
	pthread_mutex_lock(&ct_lock);
	for (n = 0; n < CT_MAX_VCPUS; n++)
		if (ct_vcpus[n].active)
			fprintf(ct_out, "# window=%" PRIu64 " vcpu=%u never stopped\n",
				ct_vcpus[n].window, n);
	fflush(ct_out);
	if (ct_out != stderr)
		fclose(ct_out);
	if (ct_dump)
		fclose(ct_dump);
	if (ct_disas)
		fclose(ct_disas);
	pthread_mutex_unlock(&ct_lock);
}

/* range=name:lo:hi, lo and hi in C notation (0x... for hex) */
static int ct_parse_range(const char *spec)
{
	char *copy = strdup(spec), *lo, *hi, *end;
	struct ct_range *r = &ct_ranges[ct_nranges];

	if (!copy || ct_nranges >= CT_MAX_NAMES / 2)
		return -1;
	lo = strchr(copy, ':');
	hi = lo ? strchr(lo + 1, ':') : NULL;
	if (!hi)
		return -1;
	*lo++ = 0;
	*hi++ = 0;
	r->lo = strtoull(lo, &end, 0);
	if (*end)
		return -1;
	r->hi = strtoull(hi, &end, 0);
	if (*end || r->hi <= r->lo || !*copy)
		return -1;
	r->name = ct_name_index(copy);
	ct_nranges++;
	return 0;
}

static void ct_usage(const char *bad)
{
	char msg[512];

	snprintf(msg, sizeof(msg), "ctplugin: bad argument '%s'; use "
		 "mode=count|trace|disas|hist, shift=N, disas=FILE, out=FILE, range=name:lo:hi, "
		 "bysym=on, dump=FILE\n", bad);
	fputs(msg, stderr);
}

CT_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					 const qemu_info_t *info,
					 int argc, char **argv)
{
	const char *out = NULL, *dump = NULL;
	int n;

	if (!strcmp(info->target_name, "aarch64")) {
		ct_is_a64 = 1;
	} else if (strcmp(info->target_name, "arm")) {
		fputs("ctplugin: guest must be arm or aarch64\n", stderr);
		return -1;
	}

	for (n = 0; n < argc; n++) {
		const char *arg = argv[n], *val = strchr(arg, '=');
		bool flag;

		if (!val) {
			ct_usage(arg);
			return -1;
		}
		val++;
		if (!strncmp(arg, "mode=", 5)) {
			if (!strcmp(val, "count"))
				ct_mode = CT_COUNT;
			else if (!strcmp(val, "trace"))
				ct_mode = CT_TRACE;
			else if (!strcmp(val, "disas"))
				ct_mode = CT_DISAS;
			else if (!strcmp(val, "hist"))
				ct_mode = CT_HIST;
			else
				goto bad;
		} else if (!strncmp(arg, "shift=", 6)) {
			ct_shift = (unsigned int)strtoul(val, NULL, 0);
			if (ct_shift > 63)
				goto bad;
		} else if (!strncmp(arg, "out=", 4)) {
			out = val;
		} else if (!strncmp(arg, "disas=", 6)) {
			ct_disas = fopen(val, "w");
			if (!ct_disas)
				goto bad;
		} else if (!strncmp(arg, "dump=", 5)) {
			dump = val;
		} else if (!strncmp(arg, "range=", 6)) {
			if (ct_parse_range(val))
				goto bad;
		} else if (!strncmp(arg, "bysym=", 6)) {
			if (!qemu_plugin_bool_parse("bysym", val, &flag))
				goto bad;
			ct_bysym = flag;
		} else {
			goto bad;
		}
		continue;
bad:
		ct_usage(arg);
		return -1;
	}
	if (info->system_emulation && ct_mode != CT_HIST) {
		fputs("ctplugin: user-mode emulation only (but mode=hist)\n", stderr);
		return -1;
	}
	ct_other = ct_name_index("other");

	ct_out = out ? fopen(out, "w") : stderr;
	if (!ct_out) {
		fputs("ctplugin: cannot open out=\n", stderr);
		return -1;
	}
	if (dump && ct_mode == CT_TRACE) {
		ct_dump = fopen(dump, "w");
		if (!ct_dump) {
			fputs("ctplugin: cannot open dump=\n", stderr);
			return -1;
		}
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, ct_tb_trans);
	qemu_plugin_register_atexit_cb(id, ct_exit, NULL);
	return 0;
}
