#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/unit/intonly.sh arm|arm64 OBJECT [SYMBOL...]
#
# Are these entry points integer-only?  The glue calls the Poly1305 entry
# points outside kernel_neon_begin()/kernel_neon_end() (chacha-poly.h), so
# they must not read, write, save or restore any FP/SIMD register.  Each
# SYMBOL (default: ctneon_poly1305_init, _blocks and _final) is
# disassembled from OBJECT with the cross objdump; a line fails it when an
# operand names an FP/SIMD register (arm64: v, q, d, s, h, b 0-31, fpcr,
# fpsr; arm: d0-d31, q0-q15, s0-s31, fpscr, fpexc), when its mnemonic is
# an FP/SIMD one (arm64: f*, ld1-ld4/st1-st4 and the like are caught by
# their registers; arm: v*, fld*/fst*), or when it branches out of the
# symbol (a callee could not be checked).  Comments and <symbol+offset>
# annotations are removed first.  A symbol that is missing or empty fails.
#
# Prints one "ok intonly ARCH SYMBOL" or "FAIL intonly ARCH SYMBOL: ..." line
# per symbol (with the offending lines); exit status 1 on any failure.
set -u -o pipefail

arch=${1:-}
obj=${2:-}
shift 2 2>/dev/null || { echo "usage: $0 arm|arm64 OBJECT [SYMBOL...]" >&2; exit 2; }
[ $# -gt 0 ] || set -- ctneon_poly1305_init ctneon_poly1305_blocks ctneon_poly1305_final
case $arch in
arm64)	objdump=aarch64-linux-gnu-objdump
	regs='\b([vqdshb]([0-9]|[12][0-9]|3[01])|fpcr|fpsr)\b'
	mnem='^f' ;;
arm)	objdump=arm-linux-gnueabihf-objdump
	regs='\b(d([0-9]|[12][0-9]|3[01])|q([0-9]|1[0-5])|s([0-9]|[12][0-9]|3[01])|fpscr|fpexc|mvfr[0-2])\b'
	mnem='^(v|fld|fst|fmr|fmx|fcpy|fcmp)' ;;
*)	echo "usage: $0 arm|arm64 OBJECT [SYMBOL...]" >&2; exit 2 ;;
esac

status=0
for sym in "$@"; do
	dis=$($objdump -d --no-show-raw-insn --disassemble="$sym" "$obj" 2>&1)
	# the instruction lines: "  addr:<TAB>mnemonic<TAB>operands"
	body=$(printf '%s\n' "$dis" | awk -F'\t' '/^ *[0-9a-f]+:\t/ && NF >= 2')
	if [ -z "$body" ]; then
		echo "FAIL intonly $arch $sym: not found in $(basename "$obj") (or empty)"
		status=1
		continue
	fi
	lo=$(printf '%s\n' "$body" | head -n1 | awk -F: '{ gsub(/ /, "", $1); print $1 }')
	hi=$(printf '%s\n' "$body" | tail -n1 | awk -F: '{ gsub(/ /, "", $1); print $1 }')
	bad=$(printf '%s\n' "$body" | awk -F'\t' -v regs="$regs" -v mnem="$mnem" \
		-v lo=$((16#$lo)) -v hi=$((16#$hi)) '
	function hex(h,   i, v, c) {
		v = 0
		h = tolower(h)
		for (i = 1; i <= length(h); i++) {
			c = index("0123456789abcdef", substr(h, i, 1))
			if (c == 0)
				return -1
			v = v * 16 + c - 1
		}
		return v
	}
	{
		m = $2; ops = (NF >= 3) ? $3 : ""
		sub(/ +$/, "", m)
		if (m ~ /^\.(word|short|byte|inst)/)
			next			# literal data, not executed as code
		sub(/[ \t]*(\/\/|@|;).*$/, "", ops)	# comments
		branch = (m ~ /^(b|bl|blx|bx|br|blr|cbz|cbnz|tbz|tbnz)$/ ||
			  m ~ /^b\.[a-z][a-z]$/ ||
			  m ~ /^(b|bl)(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)(\.[nw])?$/)
		why = ""
		if (m ~ mnem)
			why = "FP/SIMD instruction"
		t = ops
		gsub(/<[^>]*>/, "", t)
		if (why == "" && t ~ regs)
			why = "FP/SIMD register"
		if (why == "" && branch && m != "bx" && m != "br" && m != "blr") {
			# the target: the last hex number of the operands
			t = ops
			gsub(/<[^>]*>/, "", t)
			gsub(/^[ ]+|[ ]+$/, "", t)
			n = split(t, f, /[ ,]+/)
			a = hex(f[n])
			if (a < lo || a > hi)
				why = "branches out of the symbol"
		}
		if (why == "" && (m == "br" || m == "blr" || m == "blx" && ops !~ /^[0-9a-f]+ *$/ ||
				  m == "bx" && ops !~ /^lr$/))
			why = "indirect branch"
		if (why != "")
			print "    " why ": " $1 " " m " " ops
	}')
	if [ -n "$bad" ]; then
		echo "FAIL intonly $arch $sym: touches FP/SIMD state or leaves the symbol"
		printf '%s\n' "$bad" | head -n 8
		status=1
	else
		echo "ok intonly $arch $sym: $(printf '%s\n' "$body" | wc -l) instructions, no FP/SIMD register"
	fi
done
exit $status
