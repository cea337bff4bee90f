#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/dmcrypt.sh ARCH KERNEL [extra kernel command line...]
#
# What: the dm-crypt and cryptsetup test of one configuration
# (tests/vm/guest/dmcrypt.sh is the guest side and says what it checks).
# Why a runner of its own: the guest needs a disk, and its own initramfs
# and log directory so that it never disturbs build/<arch>-<kernel>/vm.log
# of the main guest test.
# How: a sparse raw image in build/<arch>-<kernel>/dmcrypt/ of
# dm_mb + 64 MiB (the three dm-crypt regions and the LUKS2 one, with room),
# attached as a virtio-blk-device (virtio-mmio on -M virt), then
# tests/vm/run.sh with CTNEON_VM_GUEST/CTNEON_VM_WORK/CTNEON_VM_QEMU_ARGS,
# and CTNEON_VM_CRYPTSETUP=1 for tests/vm/stage-hooks/cryptsetup.sh.
# The guest's ok/FAIL lines stream through; run.sh adds
# "ok vm-dmcrypt-boot-<arch>-<kernel>" or a FAIL.  The image is removed at the end.
#
# Environment:
#   CTNEON_DM_MB   MiB written through dm-crypt in all (default 256: the
#                  issue asks for at least 256 MiB), passed to the guest as
#                  ctneon.dm_mb
#   and everything tests/vm/run.sh takes (CTNEON_VM_TIMEOUT, ...)

set -uo pipefail

[ $# -ge 2 ] || { echo "usage: $0 arm|arm64 6.1|6.12 [cmdline...]" >&2; exit 2; }
ARCH=$1 KERNEL=$2
shift 2
SRC=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$SRC/build/$ARCH-$KERNEL/dmcrypt
DM_MB=${CTNEON_DM_MB:-256}
IMG=$WORK/disk.img

mkdir -p "$WORK"
rm -f "$IMG"
truncate -s $(( (DM_MB + 64) * 1024 * 1024 )) "$IMG" ||
	{ echo "FAIL dmcrypt-$ARCH-$KERNEL: cannot create $IMG"; exit 1; }
trap 'rm -f "$IMG"' EXIT

# cache=unsafe: the image is thrown away, host-side flushes buy nothing
CTNEON_VM_CRYPTSETUP=1 \
CTNEON_VM_GUEST=$SRC/tests/vm/guest/dmcrypt.sh \
CTNEON_VM_WORK=$WORK \
CTNEON_VM_QEMU_ARGS="-drive file=$IMG,if=none,format=raw,cache=unsafe,id=d0 -device virtio-blk-device,drive=d0" \
	"$SRC/tests/vm/run.sh" "$ARCH" "$KERNEL" "ctneon.dm_mb=$DM_MB" "$@" |
	sed -u -e 's/^ok vm-boot-/ok vm-dmcrypt-boot-/' -e 's/^FAIL vm-boot-/FAIL vm-dmcrypt-boot-/'
rc=${PIPESTATUS[0]}
exit "$rc"
