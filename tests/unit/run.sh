#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# User-space unit tests of the AES cores: tests/unit/run.sh arm|arm64|all
#
# Builds tests/unit/harness.c with aes-ct.c and <arch>/vpaes-core.S for the
# architecture (arm: twice, -marm and -mthumb; arm64: twice, the second
# build with arm64/aes-rtable-core.S for its ECB, CBC encryption, CTR and
# CBC-MAC cases), runs it under qemu-user on
# the case stream of tests/unit/cases.py (published vectors plus random
# cases checked against the host's OpenSSL) and prints one ok/FAIL line per
# test group; then the model test of the lazy key state (lazy-test.c over
# svc-lazy.h).  Exit status non-zero on any failure.
#
# Environment:
#   CTNEON_TEST_SEED   seed of the random cases (default 1)
#   CTNEON_TEST_CASES  random cases per entry point and key size (default 10000)
#   CTNEON_CORE_arm, CTNEON_CORE_arm64, CTNEON_RTCORE_arm64, CTNEON_AESCT
#                      other sources (.S, .c) or objects (.o) instead of
#                      <arch>/vpaes-core.S and aes-ct.c (to try the tests
#                      themselves against a stand-in or a corrupted core)
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
py=/usr/bin/python3

case "${1:-}" in
arm|arm64) arches=$1 ;;
all) arches="arm64 arm" ;;
*) echo "usage: $0 arm|arm64|all" >&2; exit 2 ;;
esac

need=()
for a in $arches; do
	case $a in
	arm) command -v arm-linux-gnueabihf-gcc >/dev/null || need+=(gcc-arm-linux-gnueabihf)
	     [ -e /usr/arm-linux-gnueabihf/lib/libc.a ] || need+=(libc6-dev-armhf-cross)
	     command -v qemu-arm >/dev/null || need+=(qemu-user) ;;
	arm64) command -v aarch64-linux-gnu-gcc >/dev/null || need+=(gcc-aarch64-linux-gnu)
	     [ -e /usr/aarch64-linux-gnu/lib/libc.a ] || need+=(libc6-dev-arm64-cross)
	     command -v qemu-aarch64 >/dev/null || need+=(qemu-user) ;;
	esac
done
$py -c 'import cryptography' 2>/dev/null || need+=(python3-cryptography)
if [ ${#need[@]} -gt 0 ]; then
	echo "run.sh: installing ${need[*]}"
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null ||
		{ echo "FAIL unit: cannot install ${need[*]}"; exit 1; }
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ctneon-unit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# the cases, once for all the builds (in the background while compiling)
t0=$(date +%s)
$py "$here/cases.py" "$tmp/cases.bin" 2>"$tmp/cases.err" &
genpid=$!

status=0
builds=()
for a in $arches; do
	case $a in
	arm) cc=arm-linux-gnueabihf-gcc; variants="arm thumb"
	     cflags="-march=armv7-a -mfpu=neon -mfloat-abi=hard"
	     flags_arm="-marm"; flags_thumb="-mthumb -Wa,-mthumb"
	     asflags="-D__LINUX_ARM_ARCH__=7"
	     core=${CTNEON_CORE_arm:-$top/arm/vpaes-core.S} ;;
	arm64) cc=aarch64-linux-gnu-gcc; variants="arm64 arm64-rtable"
	     cflags=""; flags_arm64=""; flags_arm64_rtable="-DCTNEON_UNIT_RTABLE"
	     asflags=""
	     core=${CTNEON_CORE_arm64:-$top/arm64/vpaes-core.S}
	     rtcore=${CTNEON_RTCORE_arm64:-$top/arm64/aes-rtable-core.S} ;;
	esac
	for v in $variants; do
		fl=flags_${v//-/_}
		exe="$tmp/harness-$v"
		inc=(-I"$top" -I"$top/tests/unit/shim/$a")
		# the register-table build links that core beside vpaes
		extra=()
		if [ "$v" = arm64-rtable ]; then
			extra=("$tmp/rtcore.o")
			case $rtcore in
			*.o) cp "$rtcore" "$tmp/rtcore.o" ;;
			*) $cc -O2 -Wall -Wextra -D__ASSEMBLY__ -Wa,--noexecstack \
				"${inc[@]}" -c "$rtcore" -o "$tmp/rtcore.o" \
				>"$tmp/build-rt.log" 2>&1 ||
			   { cat "$tmp/build-rt.log"; echo "FAIL build $v";
			     status=1; continue; }
			   if [ -s "$tmp/build-rt.log" ]; then
				cat "$tmp/build-rt.log"
				echo "FAIL build $v: warnings"
				status=1
			   fi ;;
			esac
		fi
		# the core as the kernel assembles it (__ASSEMBLY__), then the C
		if ! { case $core in
		       *.S) $cc -O2 -Wall -Wextra $cflags ${!fl} $asflags -D__ASSEMBLY__ \
				-Wa,--noexecstack "${inc[@]}" -c "$core" -o "$tmp/core-$v.o" ;;
		       *.o) cp "$core" "$tmp/core-$v.o" ;;
		       *) $cc -O2 -Wall -Wextra $cflags ${!fl} "${inc[@]}" \
				-c "$core" -o "$tmp/core-$v.o" ;;
		       esac &&
		       $cc -O2 -static -Wall -Wextra $cflags ${!fl} "${inc[@]}" -o "$exe" \
				"$here/harness.c" "${CTNEON_AESCT:-$top/aes-ct.c}" \
				"$tmp/core-$v.o" "${extra[@]}"; } >"$tmp/build-$v.log" 2>&1; then
			cat "$tmp/build-$v.log"
			echo "FAIL build $v"
			status=1
			continue
		fi
		if [ -s "$tmp/build-$v.log" ]; then
			cat "$tmp/build-$v.log"
			echo "FAIL build $v: warnings"
			status=1
		fi
		builds+=("$a:$v:$exe")
	done
done

if ! wait $genpid; then
	cat "$tmp/cases.err"
	echo "FAIL cases.py"
	exit 1
fi
echo "# cases generated in $(( $(date +%s) - t0 ))s (seed ${CTNEON_TEST_SEED:-1})"

for b in "${builds[@]}"; do
	a=${b%%:*}; r=${b#*:}; v=${r%%:*}; exe=${r#*:}
	case $a in arm) qemu=qemu-arm ;; arm64) qemu=qemu-aarch64 ;; esac
	echo "# $v ($qemu)"
	t0=$(date +%s)
	$qemu "$exe" <"$tmp/cases.bin" >"$tmp/out-$v" 2>&1
	rc=$?
	# prefix the group lines with the build so that names stay unique
	sed -e "s/^ok /ok $v: /" -e "s/^FAIL /FAIL $v: /" \
	    -e "s/^\([0-9]* passed, [0-9]* failed\)$/# $v: \1/" "$tmp/out-$v"
	if [ $rc -ne 0 ]; then
		grep -q '^FAIL' "$tmp/out-$v" || echo "FAIL $v: harness exit status $rc"
		status=1
	fi
	echo "# $v: $(( $(date +%s) - t0 ))s"
done

# the model test of the lazy key state (svc-lazy.h), once per architecture
for a in $arches; do
	case $a in
	arm) cc=arm-linux-gnueabihf-gcc; qemu=qemu-arm ;;
	arm64) cc=aarch64-linux-gnu-gcc; qemu=qemu-aarch64 ;;
	esac
	exe="$tmp/lazy-$a"
	if ! $cc -O2 -static -pthread -Wall -Wextra -I"$top" -I"$here/shim/model" \
		-o "$exe" "$here/lazy-test.c" >"$tmp/build-lazy-$a.log" 2>&1 ||
	   [ -s "$tmp/build-lazy-$a.log" ]; then
		cat "$tmp/build-lazy-$a.log"
		echo "FAIL lazy-$a: build (or warnings)" | tee "$tmp/out-lazy-$a"
		status=1
		continue
	fi
	echo "# lazy-$a ($qemu)"
	$qemu "$exe" >"$tmp/out-lazy-$a" 2>&1
	rc=$?
	sed -e "s/^ok /ok lazy-$a: /" -e "s/^FAIL /FAIL lazy-$a: /" \
	    -e "s/^\([0-9]* passed, [0-9]* failed\)$/# lazy-$a: \1/" "$tmp/out-lazy-$a"
	if [ $rc -ne 0 ]; then
		grep -q '^FAIL' "$tmp/out-lazy-$a" || echo "FAIL lazy-$a: exit status $rc" | tee -a "$tmp/out-lazy-$a"
		status=1
	fi
done

ok=0; bad=0
for f in "$tmp"/out-*; do
	[ -e "$f" ] || continue
	ok=$(( ok + $(grep -c '^ok ' "$f") ))
	bad=$(( bad + $(grep -c '^FAIL ' "$f") ))
done
[ $status -ne 0 ] && [ $bad -eq 0 ] && bad=1
echo "unit: $ok passed, $bad failed"
exit $status
