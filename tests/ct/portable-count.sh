#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# ctneon: dynamic instruction counts of the portable constant-time AES-128
# and GHASH (ctplugin mode=count around the call alone), arm and arm64:
#
#   tests/ct/portable-count.sh [KIND:BYTES...]
#
# Defaults: ctr:4096 block:16 block-dec:16 ghash:4096.  CTNEON_AESCT and
# CTNEON_GHASHCT name other sources for aes-ct.c and ghash-ct.c (to measure
# an older version).  Outputs in build/ct/count.
set -euo pipefail
SRC=$(cd "$(dirname "$0")/../.." && pwd)
cases=${*:-ctr:4096 block:16 block-dec:16 ghash:4096}
aesct=${CTNEON_AESCT:-$SRC/aes-ct.c}
ghashct=${CTNEON_GHASHCT:-$SRC/ghash-ct.c}
dir=$SRC/build/ct/count
mkdir -p "$dir"
gcc -O2 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden -pthread \
	-o "$dir/ctplugin.so" "$SRC/tests/ct/ctplugin.c"
for a in arm arm64; do
	# the portable sources as the kernel compiles them: integer
	# registers only (arm: -msoft-float -mfpu=vfp, arm64:
	# -mgeneral-regs-only), else gcc vectorises their word loops with
	# NEON and the counts are not the kernel's; -mfpu=vfpv3-d16 has no
	# integer SIMD and links with the hard-float libc
	case $a in
	arm) cc=arm-linux-gnueabihf-gcc; q=qemu-arm
	     fl="-marm -march=armv7-a -mfloat-abi=hard"
	     ctfl="-mfpu=vfpv3-d16" mfl="-mfpu=neon" ;;
	arm64) cc=aarch64-linux-gnu-gcc; q=qemu-aarch64; fl=""
	     ctfl="-mgeneral-regs-only" mfl="" ;;
	esac
	# the objects are named for their role, not their source: a source
	# of another name (CTNEON_AESCT=/old/copy.c) must not leave a stale
	# aes-ct-$a.o to be linked
	$cc -O2 -Wall -Wextra -Werror $fl $ctfl -I"$SRC" \
		-I"$SRC/tests/unit/shim/$a" -c -o "$dir/aes-ct-$a.o" "$aesct"
	$cc -O2 -Wall -Wextra -Werror $fl $ctfl -I"$SRC" \
		-I"$SRC/tests/unit/shim/$a" -c -o "$dir/ghash-ct-$a.o" "$ghashct"
	$cc -O2 -Wall -Wextra -Werror $fl $mfl -static -I"$SRC" \
		-I"$SRC/tests/unit/shim/$a" -o "$dir/portable-count-$a" \
		"$SRC/tests/ct/portable-count.c" "$dir/aes-ct-$a.o" "$dir/ghash-ct-$a.o"
	for c in $cases; do
		kind=${c%%:*} n=${c##*:}
		$q -plugin "$dir/ctplugin.so,mode=count,out=$dir/count.txt" \
			"$dir/portable-count-$a" "$kind" "$n" >/dev/null
		insns=$(sed -n 's/.* insns=\([0-9]*\).*/\1/p' "$dir/count.txt")
		echo "$a $kind $n B: $insns instructions," \
			"$(echo "scale=1; $insns / $n" | bc) instr/B"
	done
done
