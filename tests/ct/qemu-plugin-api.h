/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ctneon: the subset of QEMU's TCG plugin interface that ctplugin.c uses,
 * declared here from QEMU's documentation of <qemu/qemu-plugin.h> so that
 * the plugin builds without QEMU's development headers.
 *
 * It matches QEMU 7.2 (Debian bookworm's qemu-user), whose plugin API level
 * is 1: the loader reads the int qemu_plugin_version exported by the plugin
 * and refuses it unless QEMU's minimum <= it <= QEMU's current level; the
 * same two numbers reach qemu_plugin_install() in info->version.  Every
 * function below is exported by the dynamically linked qemu-<arch> binary
 * and resolved when the plugin is dlopen()ed; the -static qemu binaries
 * export nothing and cannot load plugins.
 */
#ifndef CTNEON_QEMU_PLUGIN_API_H
#define CTNEON_QEMU_PLUGIN_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CT_QEMU_PLUGIN_API_LEVEL	1

#define CT_PLUGIN_EXPORT	__attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;

/* Handed to qemu_plugin_install(), valid only during that call. */
typedef struct qemu_info_t {
	const char *target_name;	/* "aarch64", "arm", ... */
	struct {
		int min;
		int cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus;
			int max_vcpus;
		} system;
	};
} qemu_info_t;

/* Opaque handles, valid only inside the translation callback. */
struct qemu_plugin_tb;
struct qemu_plugin_insn;

/* Describes one memory access to a memory callback. */
typedef uint32_t qemu_plugin_meminfo_t;

enum qemu_plugin_cb_flags {
	QEMU_PLUGIN_CB_NO_REGS,
	QEMU_PLUGIN_CB_R_REGS,
	QEMU_PLUGIN_CB_RW_REGS,
};

enum qemu_plugin_mem_rw {
	QEMU_PLUGIN_MEM_R = 1,
	QEMU_PLUGIN_MEM_W,
	QEMU_PLUGIN_MEM_RW,
};

enum qemu_plugin_op {
	QEMU_PLUGIN_INLINE_ADD_U64,
};

typedef void (*qemu_plugin_simple_cb_t)(qemu_plugin_id_t id);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *udata);
typedef void (*qemu_plugin_vcpu_simple_cb_t)(qemu_plugin_id_t id,
					     unsigned int vcpu_index);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index,
					    void *udata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index,
					  qemu_plugin_meminfo_t info,
					  uint64_t vaddr, void *udata);

/* Provided by the plugin. */
extern CT_PLUGIN_EXPORT int qemu_plugin_version;
CT_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					 const qemu_info_t *info,
					 int argc, char **argv);

/* Provided by QEMU. */
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *udata);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    qemu_plugin_vcpu_udata_cb_t cb,
					    enum qemu_plugin_cb_flags flags,
					    void *udata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
				      qemu_plugin_vcpu_mem_cb_t cb,
				      enum qemu_plugin_cb_flags flags,
				      enum qemu_plugin_mem_rw rw,
				      void *udata);

size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);

const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
/* Both return NULL when unknown; disas's string is malloc'ed (g_malloc). */
char *qemu_plugin_insn_disas(const struct qemu_plugin_insn *insn);
const char *qemu_plugin_insn_symbol(const struct qemu_plugin_insn *insn);

unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);

void qemu_plugin_outs(const char *string);
bool qemu_plugin_bool_parse(const char *name, const char *val, bool *ret);

#endif
