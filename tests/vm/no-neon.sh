#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/no-neon.sh KERNEL: boot the 32-bit guest on a Cortex-A15 with NEON
# switched off and check that ctneon refuses to load cleanly (guest/no-neon.sh).
# (QEMU's AArch64 CPUs cannot drop AdvSIMD, so this is arm only.)
SRC=$(cd "$(dirname "$0")/../.." && pwd)
CTNEON_VM_CPU=cortex-a15,neon=off CTNEON_VM_GUEST=$SRC/tests/vm/guest/no-neon.sh \
	exec "$SRC/tests/vm/run.sh" arm "${1:-6.1}"
