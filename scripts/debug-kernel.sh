#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/debug-kernel.sh [--print] arm|arm64
#
# Build (once) the small debug kernel of the debug tier (make check-debug,
# tests/debug/run.sh): Debian's linux-source-6.1 configured from
# allnoconfig + tests/debug/common.config + tests/debug/<arch>.config, with
# testmgr's extra fuzz tests, KASAN, lockdep, atomic-sleep/preempt checks
# and kmemleak.
#
# Why a private small kernel: Debian's kernels have none of these checkers
# and a Debian-config build takes hours on the 2-core host; this config
# keeps to what QEMU virt and the guest tests need.
#
# How:
#   - apt-get installs linux-source-6.1 if missing; the tarball is unpacked
#     once to $CACHE/debug-src (re-unpacked when the package version moves);
#   - the build is out of tree in $CACHE/debug-<arch> (O=), `nice -n 15
#     make -j2`; tcrypt, the only module, is installed to
#     $CACHE/debug-<arch>/modroot/lib/modules/<release>/ (+ depmod);
#   - the result is keyed by sha256(fragments + this script's make
#     arguments + source version), kept in $CACHE/debug-<arch>/ctneon-key:
#     an unchanged key means nothing is rebuilt;
#   - after olddefconfig every CONFIG_X=y/m/value line of the fragments
#     must appear verbatim in .config, else the script fails naming the
#     dropped options (a missing dependency silently drops an option).
#
# --print: print shell assignments for the cached build (KDIR, IMAGE,
# KROOT, REL) without building; fails if it is not built.
# Prints the build time (wall and CPU) on stderr, keeps it in
# $CACHE/debug-<arch>/ctneon-build-time; exits non-zero on any failure.
#
# Environment: CTNEON_CACHE (default ~/.cache/ctneon), CTNEON_DEBUG_JOBS
# (make -j, default 2).

set -euo pipefail

PRINT=0
[ "${1:-}" = --print ] && { PRINT=1; shift; }
[ $# -eq 1 ] || { echo "usage: $0 [--print] arm|arm64" >&2; exit 2; }
ARCH=$1
case $ARCH in
arm64) CROSS=aarch64-linux-gnu- IMG=arch/arm64/boot/Image ;;
arm)   CROSS=arm-linux-gnueabihf- IMG=arch/arm/boot/zImage ;;
*) echo "$0: ARCH must be arm or arm64" >&2; exit 2 ;;
esac
SRC=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
KSRC=$CACHE/debug-src
OUT=$CACHE/debug-$ARCH
PKG=linux-source-6.1
FRAGS=("$SRC/tests/debug/common.config" "$SRC/tests/debug/$ARCH.config")
JOBS=${CTNEON_DEBUG_JOBS:-2}
MAKEARGS=(ARCH="$ARCH" CROSS_COMPILE="$CROSS" O="$OUT")

log() { echo "debug-kernel: $*" >&2; }

print_env() {
	local rel
	rel=$(cat "$OUT/ctneon-release")
	echo "KDIR=$OUT"
	echo "IMAGE=$OUT/$IMG"
	echo "KROOT=$OUT/modroot"
	echo "REL=$rel"
}

if [ $PRINT = 1 ]; then
	[ -f "$OUT/ctneon-key" ] && [ -f "$OUT/$IMG" ] ||
		{ log "$ARCH debug kernel not built (run $0 $ARCH)"; exit 1; }
	print_env
	exit 0
fi

# ---- host packages: the kbuild tools and the kernel source ---------------
need=()
for p in bc flex bison libssl-dev libelf-dev cpio kmod "$PKG"; do
	s=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$s" = installed ] || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
	log "apt-get install ${need[*]}"
	SUDO=
	[ "$(id -u)" = 0 ] || SUDO=sudo
	$SUDO apt-get -q update >&2
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${need[@]}" >&2
fi
VER=$(dpkg-query -W -f='${Version}' "$PKG")

# ---- source, unpacked once per package version -------------------------
if [ "$(cat "$KSRC/.ctneon-version" 2>/dev/null)" != "$VER" ]; then
	log "unpacking $PKG $VER to $KSRC"
	rm -rf "$KSRC" "$KSRC.tmp"
	mkdir -p "$KSRC.tmp"
	tar -C "$KSRC.tmp" -xJf /usr/src/$PKG.tar.xz
	mv "$KSRC.tmp/$PKG" "$KSRC"
	rmdir "$KSRC.tmp"
	echo "$VER" >"$KSRC/.ctneon-version"
fi

# ---- cache key ------------------------------------------------------------
KEY=$( { cat "${FRAGS[@]}"; echo "${MAKEARGS[*]} $PKG $VER"; } | sha256sum | cut -c1-16)
if [ "$(cat "$OUT/ctneon-key" 2>/dev/null)" = "$KEY" ] && [ -f "$OUT/$IMG" ]; then
	log "$ARCH debug kernel up to date (key $KEY)"
	print_env
	exit 0
fi

# ---- configure and verify --------------------------------------------------
mkdir -p "$OUT"
rm -f "$OUT/ctneon-key"
cat "${FRAGS[@]}" >"$OUT/ctneon.fragment"
kmake() { nice -n 15 make -C "$KSRC" "${MAKEARGS[@]}" "$@"; }
kmake -s KCONFIG_ALLCONFIG="$OUT/ctneon.fragment" allnoconfig >&2
kmake -s olddefconfig >&2
missing=0
while IFS= read -r l; do
	if ! grep -qxF -- "$l" "$OUT/.config"; then
		k=${l%%=*}
		log "option dropped: want $l, have: $(grep -E "^$k=|^# $k is not set" "$OUT/.config" || echo absent)"
		missing=$((missing + 1))
	fi
done < <(grep -E '^CONFIG_[A-Za-z0-9_]+=' "$OUT/ctneon.fragment")
# and the "is not set" lines must not have come back on
while IFS= read -r l; do
	k=${l#\# }
	k=${k%% *}
	if grep -qE "^$k=" "$OUT/.config"; then
		log "option forced on: want $l, have: $(grep -E "^$k=" "$OUT/.config")"
		missing=$((missing + 1))
	fi
done < <(grep -E '^# CONFIG_[A-Za-z0-9_]+ is not set' "$OUT/ctneon.fragment")
[ $missing = 0 ] || { log "$missing option(s) not as wanted in $OUT/.config"; exit 1; }
log "config: all $(grep -cE '^(CONFIG_|# CONFIG_)' "$OUT/ctneon.fragment") fragment lines hold"

# ---- build ------------------------------------------------------------------
t0=$(date +%s)
log "building $ARCH ($PKG $VER) in $OUT, make -j$JOBS (log: $OUT/build.log)"
if ! kmake -j"$JOBS" >"$OUT/build.log" 2>&1; then
	tail -n 30 "$OUT/build.log" >&2
	log "build failed"
	exit 1
fi
rm -rf "$OUT/modroot"
kmake -s INSTALL_MOD_PATH="$OUT/modroot" modules_install >>"$OUT/build.log" 2>&1
kmake -s kernelrelease >"$OUT/ctneon-release"
t1=$(date +%s)
# wall time depends on who else uses the 2 cores; the CPU time (user and
# system of all children, bash's `times`) does not
times >"$OUT/ctneon-times"	# not in a pipe: a subshell has no children
cpu=$(tail -n1 "$OUT/ctneon-times")
log "$ARCH built in $((t1 - t0)) s wall, CPU $cpu (user sys), load $(cut -d' ' -f1-3 /proc/loadavg) (release $(cat "$OUT/ctneon-release"))"
echo "$((t1 - t0)) s wall, CPU $cpu" >"$OUT/ctneon-build-time"
echo "$KEY" >"$OUT/ctneon-key"
print_env
