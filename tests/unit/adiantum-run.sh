#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# User-space test of the NH cores and of Adiantum composed over the
# cores: tests/unit/adiantum-run.sh arm|arm64
#
# tests/unit/adiantum-ref.py (a reference written from the Adiantum
# paper) must first reproduce the kernel's testmgr vectors of nhpoly1305
# and adiantum(xchacha12/20,aes) (tests/unit/adiantum-vectors.txt); it
# then writes those vectors and random cases, which tests/unit/adiantum-test.c,
# built with <arch>/nh-neon-core.S, chacha-poly-neon-core.S, vpaes-core.S
# and the portable nh-ct.c, chacha-ct.c, aes-ct.c, runs under qemu-user
# (arm: an ARM build and a Thumb-2 build).  Prints "ok <name>" / "FAIL
# <name>" lines and "N passed, N failed"; exits non-zero on any failure.
#
# Environment:
#   CTNEON_ADIANTUM_CASES  random cases of each kind (default 300)
#   CTNEON_ADIANTUM_SEED   their seed (default 1)
#   CTNEON_NH_CORE         another source or object instead of
#                          <arch>/nh-neon-core.S (to see the test fail)
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
py=/usr/bin/python3
arch=${1:-}

. "$here/cross.sh"
nhcore=${CTNEON_NH_CORE:-$top/$arch/nh-neon-core.S}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ctneon-adiantum.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
inc=(-I"$top" -I"$top/tests/unit/shim/$arch" -I"$here")

ok=0; bad=0; status=0

$py "$here/adiantum-ref.py" "$tmp/cases" >"$tmp/ref.out" 2>&1
tally "adiantum-$arch" "$tmp/ref.out" $?

# asm SRC OBJ FLAGS...: a core as the kernel assembles it
asm() {
	local src=$1 obj=$2
	shift 2
	case $src in
	*.o) cp "$src" "$obj" ;;
	*.c) $cc -O2 -Wall -Wextra "$@" "${cflags[@]}" "${inc[@]}" -c "$src" -o "$obj" ;;
	*) $cc -O2 -Wall -Wextra "$@" "${cflags[@]}" "${asflags[@]}" -D__ASSEMBLY__ \
		-Wa,--noexecstack "${inc[@]}" -c "$src" -o "$obj" ;;
	esac
}

variants=$arch
[ "$arch" = arm ] && variants="arm thumb"
for v in $variants; do
	case $v in
	arm) fl=(-marm) ;;
	thumb) fl=(-mthumb -Wa,-mthumb) ;;
	*) fl=() ;;
	esac
	exe=$tmp/adiantum-test-$v
	if ! { asm "$nhcore" "$tmp/nh-$v.o" "${fl[@]}" &&
	       asm "$top/$arch/chacha-poly-neon-core.S" "$tmp/cp-$v.o" "${fl[@]}" &&
	       asm "$top/$arch/vpaes-core.S" "$tmp/vp-$v.o" "${fl[@]}" &&
	       $cc -O2 -static -Wall -Wextra "${fl[@]}" "${cflags[@]}" "${inc[@]}" -o "$exe" \
			"$here/adiantum-test.c" "$top/nh-ct.c" "$top/chacha-ct.c" "$top/aes-ct.c" \
			"$tmp/nh-$v.o" "$tmp/cp-$v.o" "$tmp/vp-$v.o"; } >"$tmp/build-$v.log" 2>&1 ||
	   [ -s "$tmp/build-$v.log" ]; then
		cat "$tmp/build-$v.log"
		echo "FAIL adiantum-$v: build (or warnings)"
		bad=$((bad + 1)); status=1
		continue
	fi
	if [ -s "$tmp/cases" ]; then
		t0=$(date +%s)
		$qemu "$exe" "$tmp/cases" >"$tmp/out-$v" 2>&1
		tally "adiantum-$v" "$tmp/out-$v" $?
		echo "# adiantum-$v: $(( $(date +%s) - t0 ))s"
	fi
done
echo "$ok passed, $bad failed"
exit $status
