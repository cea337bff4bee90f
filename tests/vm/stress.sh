#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/stress.sh ARCH KERNEL [extra kernel command line...]
#
# Its own guest boot for the stress, unload-cycle and bad-input tests
# (tests/vm/guest/stress.sh; issue #7 items 4 and 5), kept apart from
# guest.sh so that one configuration's stress run costs one extra boot
# (about 3 minutes under TCG: 60 s of stress, the unload cycles, afalg-bad)
# and can be run alone.
#   - the initramfs and vm.log go to build/<arch>-<kernel>/stress
#     (CTNEON_VM_WORK), so the normal guest's files are left alone;
#   - a 64 MiB sparse raw disk there is attached as a virtio disk
#     (/dev/vda), for a dm-crypt writer when the guest has dmsetup;
#   - run.sh's boot verdict is renamed vm-stress-boot-<arch>-<kernel>.
# Environment: CTNEON_VM_TIMEOUT (default 900 s) and the other run.sh knobs.

set -uo pipefail

[ $# -ge 2 ] || { echo "usage: $0 arm|arm64 6.1|6.12 [cmdline...]" >&2; exit 2; }
ARCH=$1 KERNEL=$2
shift 2
SRC=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$SRC/build/$ARCH-$KERNEL/stress
mkdir -p "$WORK"
DISK=$WORK/disk.img
rm -f "$DISK"
truncate -s 64M "$DISK"

export CTNEON_VM_GUEST=$SRC/tests/vm/guest/stress.sh
export CTNEON_VM_WORK=$WORK
export CTNEON_VM_TIMEOUT=${CTNEON_VM_TIMEOUT:-1800}
# dmsetup in the guest (tests/vm/stage-hooks/cryptsetup.sh): the writer
# beside the stress is dm-crypt on the virtio disk
export CTNEON_VM_CRYPTSETUP=1
export CTNEON_VM_QEMU_ARGS="-drive file=$DISK,if=none,format=raw,id=stressdisk -device virtio-blk-device,drive=stressdisk"

"$SRC/tests/vm/run.sh" "$ARCH" "$KERNEL" "$@" |
	sed -u -e 's/^ok vm-boot-/ok vm-stress-boot-/' -e 's/^FAIL vm-boot-/FAIL vm-stress-boot-/'
rc=${PIPESTATUS[0]}
rm -f "$DISK"
exit "$rc"
