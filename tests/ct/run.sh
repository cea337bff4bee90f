#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# ctneon ct-check: the machine check of the constant-time promise.
#
#   tests/ct/run.sh [arm|arm64|arm-t32|all]        (default: all)
#
# arm is the core as Debian's armmp kernels build it (ARM state, no
# CONFIG_THUMB2_KERNEL); arm-t32 the same sources built as Thumb-2, as a
# CONFIG_THUMB2_KERNEL kernel would.  all = arm64 arm arm-t32.
# Builds tests/ct/ctplugin.so (a QEMU TCG plugin, for the host) and
# tests/ct/ct-harness (for the guest, linking aes-ct.c,
# <arch>/vpaes-core.S, <arch>/aes-neonbs-core.S, <arch>/ghash-neon.S,
# <arch>/chacha-poly-neon-core.S and <arch>/nh-neon-core.S, on arm64 also
# arm64/aes-rtable-core.S), runs the harness once per architecture under the
# dynamically linked qemu-<arch> with the plugin in trace mode, and compares,
# for every case (entry point x key size x length), the windows of all
# seeds: the sequence of executed instruction addresses and the sequence of
# memory accesses (address, size, load/store) must be identical.  The cases
# marked as negative controls (a T-table AES, an early-exit compare) must
# be flagged, else the check itself is broken.
#
# Prints "ok <arch>/<case>" or "FAIL <arch>/<case> ..." per case and exits
# non-zero on any failure.  Outputs go to build/ct/<arch>/.  Environment:
#   CT_SEEDS=N        seeds per case (default 24: 23 pairs against seed 0)
#   CT_FILTER=STR     only the cases whose name contains STR
#   CT_QUIET=1        print only failures and the summary
#   CT_CORE_arm=F, CT_CORE_arm64=F
#                     assemble F instead of <arch>/vpaes-core.S (development)
#   CT_BSCORE_arm=F, CT_BSCORE_arm64=F
#                     assemble F instead of <arch>/aes-neonbs-core.S
#   CT_RTCORE_arm64=F assemble F instead of arm64/aes-rtable-core.S
# On a failure the full streams of seed 0 and of the first differing seed
# are dumped and diffed in build/ct/<arch>/; see Documentation/measurement.rst.

set -uo pipefail

SRC=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$SRC/build/ct
SEEDS=${CT_SEEDS:-24}
FILTER=${CT_FILTER:-}
QUIET=${CT_QUIET:-0}

case "${1:-all}" in
all)		ARCHES="arm64 arm arm-t32" ;;
arm|arm64|arm-t32) ARCHES=$1 ;;
*)		echo "usage: $0 [arm|arm64|arm-t32|all]" >&2; exit 2 ;;
esac

# ---- tools: install what a fresh machine lacks (Debian packages) ---------
need_pkgs() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q 'install ok installed' || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "ct-check: missing packages: ${missing[*]} (run as root" \
		     "or apt-get install them)" >&2
		return 1
	fi
	echo "ct-check: installing ${missing[*]}" >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		--no-install-recommends "${missing[@]}" >&2 ||
	{ apt-get update -q >&2 &&
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		--no-install-recommends "${missing[@]}" >&2; }
}

pkgs=(gcc libc6-dev qemu-user)
for a in $ARCHES; do
	case $a in
	arm64)	pkgs+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross) ;;
	arm*)	pkgs+=(gcc-arm-linux-gnueabihf libc6-dev-armhf-cross) ;;
	esac
done
need_pkgs "${pkgs[@]}" || exit 1

# ---- the plugin (host) --------------------------------------------------
mkdir -p "$OUT"
PLUGIN=$OUT/ctplugin.so
if ! gcc -O2 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden \
	-pthread -o "$PLUGIN" "$SRC/tests/ct/ctplugin.c"; then
	echo "FAIL ctplugin: build"
	exit 1
fi

# ---- one architecture ---------------------------------------------------
fails=0
passes=0

say_ok() {
	passes=$((passes + 1))
	[ "$QUIET" = 1 ] || echo "ok $*"
}

say_fail() {
	fails=$((fails + 1))
	echo "FAIL $*"
}

# sym_of ELF HEXADDR: "symbol + offset" of a text address (bit 0 of a
# Thumb symbol's value is the state bit, not part of the address)
sym_of() {
	local x=$((16#$2)) v t s best=
	while read -r v t s; do
		case $t in t|T) ;; *) continue ;; esac
		v=$((16#$v & ~1))
		[ "$v" -le "$x" ] || break
		best="$s + $((x - v))"
	done < <("$NM" -n "$1")
	echo "$best"
}

# dump_diff ARCH CASE SEED: full streams of seed 0 and SEED, first lines of
# their difference with symbols
dump_diff() {
	local arch=$1 name=$2 seed=$3 dir=$OUT/$1 f
	f=$dir/$(echo "$name" | tr '/' '_')
	"$QEMU" -plugin "$PLUGIN,mode=trace,out=$f.trace,dump=$f.dump" \
		"$dir/ct-harness" -n $((seed + 1)) run "=$name" >/dev/null 2>&1
	awk -v f="$f" -v last="$seed" '
		/^# window=/ { split($2, a, "="); w = a[2]; next }
		w == 0 { print > (f ".seed0") }
		w == last { print > (f ".seed" last) }' "$f.dump"
	diff "$f.seed0" "$f.seed$seed" > "$f.diff"
	echo "     first difference, seed 0 (<) vs seed $seed (>), in $f.diff:"
	head -n 6 "$f.diff" | while read -r line; do
		addr=$(echo "$line" | awk '$2 == "I" { print $3 } $2 ~ /^[RW]$/ { print $5 }')
		sym=
		[ -n "$addr" ] && sym=$(sym_of "$dir/ct-harness" "$addr")
		echo "       $line${sym:+   <$sym>}"
	done
}

check_arch() {
	local arch=$1 dir=$OUT/$1 cc core bscore shim cflags coreflags ctflags
	case $arch in
	arm64)	cc=aarch64-linux-gnu-gcc; QEMU=/usr/bin/qemu-aarch64
		NM=aarch64-linux-gnu-nm
		cflags=""; coreflags=""; ctflags="-mgeneral-regs-only"
		core=${CT_CORE_arm64:-$SRC/arm64/vpaes-core.S}
		bscore=${CT_BSCORE_arm64:-$SRC/arm64/aes-neonbs-core.S} ;;
	arm|arm-t32)
		cc=arm-linux-gnueabihf-gcc; QEMU=/usr/bin/qemu-arm
		NM=arm-linux-gnueabihf-nm
		cflags="-march=armv7-a -mfpu=neon -mfloat-abi=hard"
		ctflags="-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard"
		coreflags="-marm -D__LINUX_ARM_ARCH__=7"
		[ "$arch" = arm-t32 ] && coreflags="-mthumb -D__LINUX_ARM_ARCH__=7"
		core=${CT_CORE_arm:-$SRC/arm/vpaes-core.S}
		bscore=${CT_BSCORE_arm:-$SRC/arm/aes-neonbs-core.S} ;;
	esac
	shim=$SRC/tests/unit/shim/${arch%-t32}
	rtobj=
	[ "$arch" = arm64 ] && rtobj=$dir/aes-rtable-core.o
	mkdir -p "$dir"
	rm -f "$dir"/*.dump "$dir"/*.diff "$dir"/*.trace "$dir"/*.seed*

	if [ ! -f "$core" ] || [ ! -f "$bscore" ]; then
		say_fail "$arch/cores: $core or $bscore does not exist"
		return
	fi
	# the module's objects as the kernel builds them (ARM mode on arm; the
	# portable C with integer registers only, ctflags, so that gcc does not
	# vectorise it as it never may in the kernel), the harness and the
	# negative controls in the compiler's default mode
	if ! { $cc -O2 -Wall -Wextra -Werror $cflags $coreflags -D__ASSEMBLY__ -Wa,--noexecstack \
			-I"$SRC" -I"$shim" -c "$core" -o "$dir/vpaes-core.o" &&
	       $cc -O2 -Wall -Wextra -Werror $cflags $coreflags -D__ASSEMBLY__ -Wa,--noexecstack \
			-I"$SRC" -I"$shim" -c "$bscore" -o "$dir/aes-neonbs-core.o" &&
	       $cc -O2 -Wall -Wextra -Werror $cflags $coreflags -D__ASSEMBLY__ -Wa,--noexecstack \
			-I"$SRC" -I"$shim" -c "$SRC/${arch%-t32}/ghash-neon.S" -o "$dir/ghash-neon.o" &&
	       $cc -O2 -Wall -Wextra -Werror $cflags $coreflags -D__ASSEMBLY__ -Wa,--noexecstack \
			-I"$SRC" -I"$shim" -c "$SRC/${arch%-t32}/chacha-poly-neon-core.S" \
			-o "$dir/chacha-poly-neon-core.o" &&
	       { [ "$arch" != arm64 ] ||
		 $cc -O2 -Wall -Wextra -Werror -D__ASSEMBLY__ -Wa,--noexecstack \
			-I"$SRC" -I"$shim" -c "${CT_RTCORE_arm64:-$SRC/arm64/aes-rtable-core.S}" \
			-o "$dir/aes-rtable-core.o"; } &&
	       $cc -O2 -Wall -Wextra -Werror $ctflags $coreflags \
			-I"$SRC" -I"$shim" -c "$SRC/aes-ct.c" -o "$dir/aes-ct.o" &&
	       $cc -O2 -Wall -Wextra -Werror $ctflags $coreflags \
			-I"$SRC" -I"$shim" -c "$SRC/chacha-ct.c" -o "$dir/chacha-ct.o" &&
	       $cc -O2 -Wall -Wextra -Werror $ctflags $coreflags \
			-I"$SRC" -I"$shim" -c "$SRC/ghash-ct.c" -o "$dir/ghash-ct.o" &&
	       $cc -O2 -Wall -Wextra -Werror $ctflags $coreflags \
			-I"$SRC" -I"$shim" -c "$SRC/svc-mac.c" -o "$dir/svc-mac.o" &&
	       $cc -O2 -Wall -Wextra -Werror $cflags $coreflags -D__ASSEMBLY__ -Wa,--noexecstack \
			-I"$SRC" -I"$shim" -c "$SRC/${arch%-t32}/nh-neon-core.S" -o "$dir/nh-neon-core.o" &&
	       $cc -O2 -Wall -Wextra -Werror $ctflags $coreflags \
			-I"$SRC" -I"$shim" -c "$SRC/nh-ct.c" -o "$dir/nh-ct.o" &&
	       $cc -O2 -Wall -Wextra -Werror $cflags -static \
			-I"$SRC" -I"$shim" -o "$dir/ct-harness" \
			"$SRC/tests/ct/ct-harness.c" "$SRC/tests/ct/leaky.c" \
			"$dir/aes-ct.o" "$dir/svc-mac.o" "$dir/chacha-ct.o" "$dir/ghash-ct.o" "$dir/vpaes-core.o" \
			"$dir/aes-neonbs-core.o" "$dir/ghash-neon.o" \
			"$dir/chacha-poly-neon-core.o" "$dir/nh-neon-core.o" "$dir/nh-ct.o" $rtobj; } 2>"$dir/build.log"; then
		cat "$dir/build.log" >&2
		say_fail "$arch/build"
		return
	fi
	if ! "$QEMU" "$dir/ct-harness" selftest | grep -q '^ok selftest'; then
		say_fail "$arch/harness selftest"
		return
	fi

	if ! "$QEMU" -plugin "$PLUGIN,mode=trace,out=$dir/windows.txt" \
		"$dir/ct-harness" -n "$SEEDS" run $FILTER \
		>"$dir/cases.txt" 2>"$dir/qemu.log"; then
		cat "$dir/qemu.log" >&2
		say_fail "$arch/run: the harness or QEMU failed"
		return
	fi
	if grep -q '^#' "$dir/windows.txt"; then
		grep '^#' "$dir/windows.txt" >&2
		say_fail "$arch/run: unbalanced markers"
		return
	fi
	if [ "$(wc -l < "$dir/cases.txt")" -ne "$(wc -l < "$dir/windows.txt")" ] ||
	   [ ! -s "$dir/cases.txt" ]; then
		say_fail "$arch/run: $(wc -l < "$dir/cases.txt") runs but" \
			 "$(wc -l < "$dir/windows.txt") windows"
		return
	fi

	# case seed expect | window=N vcpu=V insns=I mems=M ihash=H mhash=H
	paste -d' ' "$dir/cases.txt" "$dir/windows.txt" | awk '
	{
		for (i = 4; i <= NF; i++) {
			split($i, kv, "=")
			f[kv[1]] = kv[2]
		}
		name = $1
		if (!(name in n)) {
			order[++ncase] = name
			expect[name] = $3
			path[name] = f["insns"] " " f["ihash"]
			addr[name] = f["mems"] " " f["mhash"]
			insns[name] = f["insns"]
			mems[name] = f["mems"]
		} else {
			if (path[name] != f["insns"] " " f["ihash"] && !pdiff[name])
				pdiff[name] = $2
			if (addr[name] != f["mems"] " " f["mhash"] && !adiff[name])
				adiff[name] = $2
		}
		n[name]++
	}
	END {
		for (c = 1; c <= ncase; c++) {
			name = order[c]
			what = ""
			if (pdiff[name])
				what = "instruction path differs (seed " pdiff[name] ")"
			if (adiff[name])
				what = what (what ? ", " : "") \
				       "memory addresses differ (seed " adiff[name] ")"
			first = pdiff[name] ? pdiff[name] : adiff[name]
			if (n[name] < 2)
				print "FAIL", name, 0, "fewer than 2 seeds"
			else if (expect[name] == 0 && what == "")
				print "ok", name, 0, n[name] " seeds, " insns[name] \
				      " insns, " mems[name] " memory accesses"
			else if (expect[name] == 0)
				print "FAIL", name, first, "LEAKS: " what
			else if (what != "")
				print "ok", name, 0, "negative control flagged: " what
			else
				print "FAIL", name, 0, "negative control NOT " \
				      "flagged: the check is blind"
		}
	}' > "$dir/verdicts.txt"

	while read -r verdict name seed rest; do
		if [ "$verdict" = ok ]; then
			say_ok "$arch/$name ($rest)"
		else
			say_fail "$arch/$name: $rest"
			[ "$seed" != 0 ] && dump_diff "$arch" "$name" "$seed"
		fi
	done < "$dir/verdicts.txt"
}

start=$(date +%s)
for a in $ARCHES; do
	check_arch "$a"
done
echo "ct-check: $passes ok, $fails failed ($ARCHES, $SEEDS seeds per case," \
     "$(($(date +%s) - start)) s)"
[ "$fails" -eq 0 ]
