#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/all.sh ARCH KERNEL [extra kernel command line...]
#
# What: make check's guest tests of one configuration in ONE boot: the
# guest tests, the dm-crypt/cryptsetup test and the stress test
# (tests/vm/guest/all.sh runs guest.sh, dmcrypt.sh and stress.sh in turn).
# The three can still be run alone: tests/vm/run.sh, tests/vm/dmcrypt.sh,
# tests/vm/stress.sh.
# Why: three boots per configuration cost two initramfs builds, two kernel
# boots and two self-test rounds more, about 1.5 minutes per configuration
# on the shared 2-core machine; make check must stay well under 45 minutes.
# How: the disk of dmcrypt.sh (dm_mb + 64 MiB, sparse, virtio-blk, also the
# stress writer's disk), the cryptsetup stage hook (dmsetup, cryptsetup,
# virtio_mmio), CTNEON_VM_GUEST=tests/vm/guest/all.sh, the initramfs and
# vm.log in build/<arch>-<kernel>/all.  The guest's ok/FAIL lines stream
# through; run.sh's boot verdict is renamed vm-all-boot-<arch>-<kernel>.
#
# Environment: CTNEON_DM_MB (default 256, as dmcrypt.sh), CTNEON_VM_TIMEOUT
# (default 3600 s) and the other run.sh knobs.

set -uo pipefail

[ $# -ge 2 ] || { echo "usage: $0 arm|arm64 6.1|6.12 [cmdline...]" >&2; exit 2; }
ARCH=$1 KERNEL=$2
shift 2
SRC=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$SRC/build/$ARCH-$KERNEL/all
DM_MB=${CTNEON_DM_MB:-256}
IMG=$WORK/disk.img

mkdir -p "$WORK"
rm -f "$IMG"
truncate -s $(( (DM_MB + 64) * 1024 * 1024 )) "$IMG" ||
	{ echo "FAIL all-$ARCH-$KERNEL: cannot create $IMG"; exit 1; }
trap 'rm -f "$IMG"' EXIT

CTNEON_VM_CRYPTSETUP=1 \
CTNEON_VM_GUEST=$SRC/tests/vm/guest/all.sh \
CTNEON_VM_WORK=$WORK \
CTNEON_VM_TIMEOUT=${CTNEON_VM_TIMEOUT:-3600} \
CTNEON_VM_QEMU_ARGS="-drive file=$IMG,if=none,format=raw,cache=unsafe,id=d0 -device virtio-blk-device,drive=d0" \
	"$SRC/tests/vm/run.sh" "$ARCH" "$KERNEL" "ctneon.dm_mb=$DM_MB" "$@" |
	sed -u -e 's/^ok vm-boot-/ok vm-all-boot-/' -e 's/^FAIL vm-boot-/FAIL vm-all-boot-/'
exit "${PIPESTATUS[0]}"
