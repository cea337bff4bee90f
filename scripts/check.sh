#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/check.sh: the whole ctneon test run (make check, .ci/run).
#
#   1. scripts/deps.sh                       packages
#   2. tests/unit/run.sh, bs-run.sh          user-space core tests (qemu-user)
#      tests/ct/run.sh all                   constant-time trace check
#   3. for arm/arm64 x 6.1/6.12:
#        make ARCH=.. KERNEL=..              W=1 cross build, no warnings
#        tests/static-symbols.sh             no table-based AES imported
#        tests/vm/run.sh ARCH KERNEL         QEMU guest tests
#        tests/vm/dmcrypt.sh ARCH KERNEL     dm-crypt and cryptsetup on a
#                                            virtio disk in the guest
#        tests/vm/no-neon.sh (arm-6.1)       refuses to load without NEON
#
# Every test script prints "ok <name>" / "FAIL <name>" lines; this script
# counts them over the whole run.  A step that exits non-zero without
# printing any FAIL line counts as one FAIL of its own.  The last line is
# "N passed, N failed"; the exit status is non-zero on any failure or when
# nothing passed.
#
# Environment: CTNEON_CHECK_CONFIGS="arm64-6.1 ..." limits the configurations.

set -uo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
cd "$SRC"
LOGDIR=$SRC/build/check
mkdir -p "$LOGDIR"
CONFIGS=${CTNEON_CHECK_CONFIGS:-arm-6.1 arm-6.12 arm64-6.1 arm64-6.12}

passed=0
failed=0
t_start=$(date +%s)

# step NAME CMD...: run CMD, stream its output, count its ok/FAIL lines.
# Returns CMD's exit status.
step() {
	local name=$1 log=$LOGDIR/$1.log t0 rc p f
	shift
	t0=$(date +%s)
	echo "=== $name: $*"
	"$@" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	p=$(grep -ac '^ok ' "$log")
	f=$(grep -ac '^FAIL ' "$log")
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		echo "FAIL $name (exit status $rc)"
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	echo "=== $name: exit $rc, $p ok, $f FAIL, $(( $(date +%s) - t0 )) s"
	return "$rc"
}

# A build step prints its own verdict line (make prints none).
build() {
	local cfg=$1
	if make --no-print-directory ARCH="${cfg%-*}" KERNEL="${cfg#*-}"; then
		echo "ok build-$cfg"
	else
		echo "FAIL build-$cfg"
		return 1
	fi
}

deps() {
	if scripts/deps.sh; then echo "ok deps"; else echo "FAIL deps"; return 1; fi
}

step deps deps

for a in arm arm64; do
	step "unit-vpaes-$a" tests/unit/run.sh "$a"
	step "unit-neonbs-$a" tests/unit/bs-run.sh "$a"
	step "unit-ghash-$a" tests/unit/ghash-run.sh "$a"
	step "unit-chacha-$a" tests/unit/chacha-run.sh "$a"
done
step ct-check tests/ct/run.sh all

for cfg in $CONFIGS; do
	if step "build-$cfg" build "$cfg"; then
		step "symbols-$cfg" tests/static-symbols.sh "build/$cfg/ctneon.ko"
		step "vm-$cfg" tests/vm/run.sh "${cfg%-*}" "${cfg#*-}"
		step "dmcrypt-$cfg" tests/vm/dmcrypt.sh "${cfg%-*}" "${cfg#*-}"
		# a CPU without NEON: ctneon must refuse to load (arm only:
		# QEMU's AArch64 CPUs cannot drop AdvSIMD)
		[ "$cfg" = arm-6.1 ] && step "no-neon-$cfg" tests/vm/no-neon.sh 6.1
	fi
done

echo "=== check: $(( $(date +%s) - t_start )) s; logs in $LOGDIR"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
