#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# ctneon: dynamic instruction counts per byte of the arm ChaCha entry points
# (ctplugin mode=count around the call alone) and, with MCA=1, the
# llvm-mca Cortex-A57 cycles per byte of the executed stream (the core's
# instructions only, symbols ctneon_*).
#
#   tests/ct/chacha-count.sh [chacha20|chacha12|aead-enc|aead-dec|aead-head|poly] [BYTES...]
#
# Defaults: chacha20 at 16 64 256 1420 4096 16384 bytes.  The core is
# built as run.sh builds it for arm (ARM state); outputs in build/ct/count.

set -euo pipefail
SRC=$(cd "$(dirname "$0")/../.." && pwd)
kind=${1:-chacha20}
shift || true
sizes=${*:-16 64 256 1420 4096 16384}
dir=$SRC/build/ct/count
mkdir -p "$dir"
cc=arm-linux-gnueabihf-gcc
flags="-O2 -Wall -Wextra -Werror -march=armv7-a -mfpu=neon -mfloat-abi=hard -I$SRC -I$SRC/tests/unit/shim/arm"
gcc -O2 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden -pthread \
	-o "$dir/ctplugin.so" "$SRC/tests/ct/ctplugin.c"
$cc $flags -marm -D__LINUX_ARM_ARCH__=7 -D__ASSEMBLY__ -c \
	"$SRC/arm/chacha-poly-neon-core.S" -o "$dir/core.o"
$cc $flags -static -Wl,-z,noexecstack -o "$dir/chacha-count" \
	"$SRC/tests/ct/chacha-count.c" "$dir/core.o"

for n in $sizes; do
	qemu-arm -plugin "$dir/ctplugin.so,mode=count,out=$dir/count.txt" \
		"$dir/chacha-count" "$kind" "$n"
	insns=$(sed -n 's/.* insns=\([0-9]*\).*/\1/p' "$dir/count.txt")
	line="$kind $n B: $insns instructions, $(echo "scale=2; $insns / $n" | bc) instr/B"
	if [ "${MCA:-0}" = 1 ]; then
		f=$dir/$kind-$n
		qemu-arm -plugin "$dir/ctplugin.so,mode=disas,out=$f.disas" \
			"$dir/chacha-count" "$kind" "$n"
		awk -F'\t' '!/^#/ && $3 ~ /^ctneon_/ { s = ""
			for (i = 1; i <= length($2); i += 2) s = s "0x" substr($2, i, 2) " "
			print s }' "$f.disas" > "$f.bytes"
		llvm-mc --disassemble -triple=armv7a-linux-gnueabihf -mattr=+neon \
			"$f.bytes" > "$f.s" 2>"$f.err"
		cyc=$(llvm-mca -mtriple=armv7a-linux-gnueabihf -mattr=+neon \
			-mcpu=cortex-a57 -iterations=1 "$f.s" 2>/dev/null |
			sed -n 's/^Total Cycles: *//p')
		line="$line, A57 $cyc cycles, $(echo "scale=2; $cyc / $n" | bc) c/B"
	fi
	echo "$line"
done
