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
# Defines tally (below) for the runners' counts.

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

# tally NAME OUTFILE RC: print a test program's output with NAME after
# each ok/FAIL, and add its counts to the runner's ok, bad and status
# (which the runner sets to 0 first); a non-zero RC without a FAIL line,
# or no ok line at all, counts as a failure.
tally() {
	local name=$1 f=$2 rc=$3 o b
	sed -e "s/^ok /ok $name: /" -e "s/^FAIL /FAIL $name: /" \
	    -e "s/^\([0-9]* passed, [0-9]* failed\)$/# $name: \1/" "$f"
	o=$(grep -c '^ok ' "$f"); b=$(grep -c '^FAIL ' "$f")
	[ "$rc" -ne 0 ] && [ "$b" -eq 0 ] && { echo "FAIL $name: exit status $rc"; b=1; }
	[ "$o" -eq 0 ] && { echo "FAIL $name: no test ran"; b=$((b + 1)); }
	ok=$((ok + o)); bad=$((bad + b))
	[ "$b" -ne 0 ] && status=1
}
