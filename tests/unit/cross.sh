# SPDX-License-Identifier: GPL-2.0-only
#
# tests/unit/cross.sh: sourced by the unit-test runners (*-run.sh) after
# they set arch (arm|arm64) and py.  Sets the cross toolchain of arch
#   cc, qemu      compiler and user-mode emulator
#   cflags        the target's C flags (arm: ARMv7-A, NEON, hard float)
#   asflags       what the cores' preprocessing needs (arm: the kernel's
#                 __LINUX_ARM_ARCH__)
#   mode          arm: -marm (ARM state, as Debian's armmp kernels build the
#                 cores; the runners that test Thumb-2 too do so again)
# and installs (apt-get) what is missing: the cross compiler, its static
# libc, qemu-user and python3-cryptography.  An unknown arch prints the
# usage and exits 2; a failed install prints a FAIL line and exits 1.

case $arch in
arm)	cc=arm-linux-gnueabihf-gcc; qemu=qemu-arm
	cflags=(-march=armv7-a -mfpu=neon -mfloat-abi=hard)
	asflags=(-D__LINUX_ARM_ARCH__=7)
	mode=(-marm)
	pkgs=(gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user)
	libc=/usr/arm-linux-gnueabihf/lib/libc.a ;;
arm64)	cc=aarch64-linux-gnu-gcc; qemu=qemu-aarch64
	cflags=(); asflags=(); mode=()
	pkgs=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user)
	libc=/usr/aarch64-linux-gnu/lib/libc.a ;;
*)	echo "usage: $0 arm|arm64" >&2; exit 2 ;;
esac

need=()
command -v $cc >/dev/null && [ -e $libc ] && command -v $qemu >/dev/null || need+=("${pkgs[@]}")
$py -c 'import cryptography' 2>/dev/null || need+=(python3-cryptography)
if [ ${#need[@]} -gt 0 ]; then
	echo "# ${0##*/}: installing ${need[*]}"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null ||
		{ echo "FAIL $arch: cannot install ${need[*]}"; echo "0 passed, 1 failed"; exit 1; }
fi
