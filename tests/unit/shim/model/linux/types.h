/* SPDX-License-Identifier: GPL-2.0-only */
/* User-space stand-in for <linux/types.h> (tests/unit/lazy-test.c). */
#ifndef CTNEON_SHIM_MODEL_LINUX_TYPES_H
#define CTNEON_SHIM_MODEL_LINUX_TYPES_H
#include <stdbool.h>
#include <stdint.h>
#endif
