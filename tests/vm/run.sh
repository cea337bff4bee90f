#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/run.sh ARCH KERNEL [extra kernel command line...]
#
# Boot the Debian kernel of one configuration in QEMU with the test
# initramfs (tests/vm/mkinitramfs.sh) and stream the guest console to
# stdout and to build/<arch>-<kernel>/vm.log.
#   arm64: qemu-system-aarch64 -M virt -cpu cortex-a57 -smp 2 -m 1024
#   arm:   qemu-system-arm     -M virt -cpu cortex-a15 -smp 2 -m 1024
# TCG runs multi-threaded (QEMU's default): an idle vCPU costs no host CPU,
# so a test running on one vCPU keeps one host core busy.  (Single-threaded
# TCG, CTNEON_VM_ACCEL=tcg,thread=single, hangs the armmp 6.1 kernel in
# stop_machine during boot.)  -nic none: the guests need no network card,
# and QEMU's default one needs the iPXE ROM (efi-virtio.rom, package
# ipxe-qemu), which deps.sh's --no-install-recommends does not bring: on a
# fresh machine every boot failed with 'failed to find romfile'.
#
# Prints "ok vm-boot-<arch>-<kernel>" when the guest reached the final
# marker of tests/vm/init, "FAIL vm-boot-<arch>-<kernel>" otherwise.
# Exits 0 only if the marker was reached and guest.sh exited 0.
#
# Environment:
#   CTNEON_VM_ACCEL     -accel argument (default: QEMU's, multi-threaded TCG)
#   CTNEON_VM_TIMEOUT   seconds before QEMU is killed (default 1200)
#   CTNEON_VM_CPU       override the -cpu model (e.g. cortex-a53, cortex-a7)
#   CTNEON_VM_APPEND    more kernel command line
#   CTNEON_VM_GUEST     a guest.sh to use instead of tests/vm/guest/guest.sh
#   CTNEON_VM_MODULES   see mkinitramfs.sh
#   CTNEON_VM_KO        load this ctneon.ko instead of build/<arch>-<kernel>/'s
#   CTNEON_VM_WORK      directory for the initramfs and vm.log (default
#                       build/<arch>-<kernel>; see mkinitramfs.sh)
#   CTNEON_VM_QEMU_ARGS more QEMU arguments (e.g. a -drive)
#   CTNEON_VM_REGISTER  default: on arm64 the guest loads ctneon with
#                       force_register=1 (every QEMU AArch64 CPU has the
#                       Crypto Extensions, where ctneon registers no AES
#                       algorithm by itself); CTNEON_VM_REGISTER=default
#                       loads it as a user's board would
#   CTNEON_VM_KERNEL    boot this kernel image instead of the cached Debian
#                       one; needs CTNEON_VM_REL and CTNEON_VM_KROOT (see
#                       mkinitramfs.sh); KERNEL is then a label only, used
#                       for build/<arch>-<kernel>/ (tests/debug/run.sh)

set -uo pipefail

[ $# -ge 2 ] || { echo "usage: $0 arm|arm64 6.1|6.12 [cmdline...]" >&2; exit 2; }
ARCH=$1 KERNEL=$2
shift 2
SRC=$(cd "$(dirname "$0")/../.." && pwd)
NAME=vm-boot-$ARCH-$KERNEL
BUILD=$SRC/build/$ARCH-$KERNEL
CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}

case $ARCH in
arm64) QEMU=qemu-system-aarch64 CPU=cortex-a57 ;;
arm)   QEMU=qemu-system-arm CPU=cortex-a15 ;;
*) echo "$0: ARCH must be arm or arm64" >&2; exit 2 ;;
esac
CPU=${CTNEON_VM_CPU:-$CPU}

fail() { echo "FAIL $NAME: $*"; exit 1; }

if [ -n "${CTNEON_VM_KERNEL:-}" ]; then
	REL=${CTNEON_VM_REL:?CTNEON_VM_KERNEL needs CTNEON_VM_REL}
	: "${CTNEON_VM_KROOT:?CTNEON_VM_KERNEL needs CTNEON_VM_KROOT}"
	IMAGE=$CTNEON_VM_KERNEL
else
	REL=$("$SRC/scripts/kernels.sh" "$ARCH" "$KERNEL" | tail -n1) || fail "no kernel"
	IMAGE=$CACHE/$ARCH-$KERNEL/boot/vmlinuz-$REL
fi
if [ -z "${CTNEON_VM_KO:-}" ] && [ ! -f "$BUILD/ctneon.ko" ]; then
	make -s -C "$SRC" ARCH="$ARCH" KERNEL="$KERNEL" >&2 || fail "module build failed"
fi
WORK=${CTNEON_VM_WORK:-$BUILD}
mkdir -p "$WORK"
export CTNEON_VM_WORK=$WORK
INITRD=$WORK/initramfs.cpio.gz
t0=$(date +%s)
"$SRC/tests/vm/mkinitramfs.sh" "$ARCH" "$KERNEL" "$INITRD" || fail "mkinitramfs failed"
t1=$(date +%s)

if [ "$ARCH" = arm64 ] && [ "${CTNEON_VM_REGISTER:-}" != default ]; then
	set -- ctneon.force_register=1 "$@"
fi
APPEND="console=ttyAMA0 panic=-1 loglevel=5 ${CTNEON_VM_APPEND:-} $*"
echo "run.sh: $QEMU -cpu $CPU, kernel $REL, append: $APPEND" >&2
timeout -k 10 "${CTNEON_VM_TIMEOUT:-1200}" \
	"$QEMU" -M virt -cpu "$CPU" -smp 2 -m 1024 \
	${CTNEON_VM_ACCEL:+-accel "$CTNEON_VM_ACCEL"} \
	-nographic -no-reboot -nic none \
	-kernel "$IMAGE" \
	-initrd "$INITRD" \
	-append "$APPEND" ${CTNEON_VM_QEMU_ARGS:-} </dev/null 2>&1 |
	stdbuf -oL tr -d '\r' | tee "$WORK/vm.log"
qrc=${PIPESTATUS[0]}
t2=$(date +%s)
echo "run.sh: initramfs $((t1 - t0)) s, boot+tests $((t2 - t1)) s, qemu exit $qrc" >&2

marker=$(grep -a '^ctneon-vm: done rc=' "$WORK/vm.log" | tail -n1)
[ -n "$marker" ] || fail "no final marker (qemu exit $qrc$([ "$qrc" = 124 ] && echo ', timeout'))"
echo "ok $NAME"
grc=${marker#ctneon-vm: done rc=}
[ "$grc" = 0 ] || { echo "run.sh: guest.sh exited $grc" >&2; exit 1; }
exit 0
