#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/ce-default.sh KERNEL: boot the arm64 guest (QEMU's Cortex-A57,
# which has the Crypto Extensions: AES and PMULL) and load ctneon as a
# user's board would, without force_register=1: no AES name may resolve to
# ctneon there, since the kernel's CE drivers are faster
# (guest/ce-default.sh).  The other arm64 guest tests pass force_register=1
# (tests/vm/run.sh).
SRC=$(cd "$(dirname "$0")/../.." && pwd)
CTNEON_VM_REGISTER=default CTNEON_VM_GUEST=$SRC/tests/vm/guest/ce-default.sh \
CTNEON_VM_WORK=$SRC/build/arm64-${1:-6.1}/ce-default \
	exec "$SRC/tests/vm/run.sh" arm64 "${1:-6.1}"
