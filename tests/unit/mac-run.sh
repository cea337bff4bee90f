#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# User-space test of CMAC, XCBC, CBC-MAC and CCM over the vpaes core and
# svc-mac.c: tests/unit/mac-run.sh arm|arm64
#
# Builds tests/unit/mac-test.c with the architecture's vpaes-core.S,
# aes-ct.c and svc-mac.c (static, cross), and runs it under qemu-user on
# the cases of tests/unit/mac-cases.py (OpenSSL's results through
# python3-cryptography; published vectors first).  On arm once in ARM
# state and once as Thumb-2.  Prints ok/FAIL lines, then "N passed, M
# failed"; exit status 0 only if nothing failed.
#
# Environment: CTNEON_MAC_SEED, CTNEON_MAC_CASES (random cases per
# algorithm, default 250); CTNEON_MAC_BREAK=n builds mac-test with its
# deliberate bug n (see mac-test.c), which must fail.

set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
py=/usr/bin/python3
arch=${1:-}

. "$here/cross.sh"
case $arch in
arm)	modes=("arm:-marm" "arm-thumb2:-mthumb -Wa,-mthumb") ;;
arm64)	modes=("arm64:") ;;
esac


tmp=$(mktemp -d "${TMPDIR:-/tmp}/ctneon-mac.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
inc=(-I"$top" -I"$top/tests/unit" -I"$top/tests/unit/shim/$arch")

if ! $py "$here/mac-cases.py" >"$tmp/cases" 2>"$tmp/gen.err"; then
	cat "$tmp/gen.err"
	echo "FAIL $arch: case generator"
	echo "0 passed, 1 failed"
	exit 1
fi

ok=0 bad=0
for m in "${modes[@]}"; do
	label=${m%%:*}
	read -r -a mflags <<<"${m#*:}"
	exe=$tmp/mac-test-$label
	rtobj=			# arm64: svc-single.h calls the register-table core
	[ "$arch" = arm64 ] && rtobj=$exe.rt.o
	t0=$(date +%s)
	if ! { $cc -O2 -Wall -Wextra "${cflags[@]}" "${asflags[@]}" "${mflags[@]}" \
		-D__ASSEMBLY__ -Wa,--noexecstack "${inc[@]}" -c "$top/$arch/vpaes-core.S" \
		-o "$exe.core.o" &&
	       { [ "$arch" != arm64 ] ||
		 $cc -O2 -Wall -Wextra "${cflags[@]}" "${mflags[@]}" -D__ASSEMBLY__ \
			-Wa,--noexecstack "${inc[@]}" -c "$top/arm64/aes-rtable-core.S" \
			-o "$exe.rt.o"; } &&
	       $cc -O2 -static -Wall -Wextra -Werror "${cflags[@]}" "${mflags[@]}" "${inc[@]}" \
		-DMAC_TEST_BREAK="${CTNEON_MAC_BREAK:-0}" -o "$exe" "$here/mac-test.c" \
		"$top/aes-ct.c" "$top/svc-mac.c" "$exe.core.o" $rtobj; } >"$tmp/build.log" 2>&1 ||
	   [ -s "$tmp/build.log" ]; then
		cat "$tmp/build.log"
		echo "FAIL $label: build (or build warnings)"
		bad=$((bad + 1))
		continue
	fi
	$qemu "$exe" <"$tmp/cases" >"$tmp/out" 2>&1
	rc=$?
	sed -e "s/^ok /ok $label: /" -e "s/^FAIL /FAIL $label: /" \
	    -e "s/^\([0-9]* passed, [0-9]* failed\)$/# $label: \1/" "$tmp/out"
	echo "# $label: ran in $(( $(date +%s) - t0 ))s"
	ok=$((ok + $(grep -c '^ok ' "$tmp/out")))
	b=$(grep -c '^FAIL ' "$tmp/out")
	[ $rc -ne 0 ] && [ "$b" -eq 0 ] && { echo "FAIL $label: mac-test exit status $rc"; b=1; }
	[ "$(grep -c '^ok ' "$tmp/out")" -eq 0 ] && [ "$b" -eq 0 ] && { echo "FAIL $label: no test ran"; b=1; }
	bad=$((bad + b))
done
echo "$ok passed, $bad failed"
[ $bad -eq 0 ]
