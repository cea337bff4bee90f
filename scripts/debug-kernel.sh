#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/debug-kernel.sh [--print] arm|arm64 [6.1|7|7rt]
#
# Build (once) the small debug kernel of the debug tier (make check-debug,
# tests/debug/run.sh) for one kernel series:
#   6.1 (default)  Debian's linux-source-6.1 (bookworm, installed by apt)
#   7              Debian's linux-source-7.N of the arm64 KERNEL=7 kernel
#                  (today 7.3.4 from trixie-backports), downloaded through
#                  the private apt configuration of scripts/kernels.sh; both
#                  architectures are built from it (armmp 7.3 is not served
#                  as a binary, its source is the same package)
#   7rt            the same 7.x source with PREEMPT_RT on
#                  (tests/debug/rt.config): spinlocks become sleeping
#                  locks, and DEBUG_ATOMIC_SLEEP reports any taken where
#                  preemption is off (the asynchronous wrappers' queue
#                  locks are the code this is for)
# configured from allnoconfig + tests/debug/common.config +
# tests/debug/<arch>.config + tests/debug/<series>.config (the options
# whose names changed: 6.1's CRYPTO_MANAGER_EXTRA_TESTS is 7.x's
# CRYPTO_SELFTESTS_FULL), with testmgr's extra fuzz tests, KASAN, lockdep,
# atomic-sleep/preempt checks and kmemleak.  The host's gcc-12 cross
# compilers build both series (the kernel is built from source here, so
# none of Debian's 7.x kbuild binaries has to run).
#
# Why a private small kernel: Debian's kernels have none of these checkers
# and a Debian-config build takes hours on the 2-core host; this config
# keeps to what QEMU virt and the guest tests need.
#
# How:
#   - 6.1: apt-get installs linux-source-6.1 if missing; 7: the source
#     .deb lands in $CACHE/debs; the tarball is unpacked once to
#     $CACHE/debug<S>-src (re-unpacked when the package version moves),
#     where <S> is empty for 6.1 and "7" for 7;
#   - the build is out of tree in $CACHE/debug<S>-<arch> (O=), `nice -n 15
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
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 [--print] arm|arm64 [6.1|7|7rt]" >&2; exit 2; }
ARCH=$1
SERIES=${2:-6.1}
# TAG names the source (debug<TAG>-src), OUTTAG the build (debug<OUTTAG>-<arch>)
case $SERIES in
6.1) TAG= OUTTAG= ;;
7)   TAG=7 OUTTAG=7 ;;
7rt) TAG=7 OUTTAG=7rt ;;
*) echo "$0: the series must be 6.1, 7 or 7rt" >&2; exit 2 ;;
esac
case $ARCH in
arm64) CROSS=aarch64-linux-gnu- IMG=arch/arm64/boot/Image ;;
arm)   CROSS=arm-linux-gnueabihf- IMG=arch/arm/boot/zImage ;;
*) echo "$0: ARCH must be arm or arm64" >&2; exit 2 ;;
esac
SRC=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
KSRC=$CACHE/debug$TAG-src
OUT=$CACHE/debug$OUTTAG-$ARCH
FRAGS=("$SRC/tests/debug/common.config" "$SRC/tests/debug/$ARCH.config" "$SRC/tests/debug/${SERIES%rt}.config")
[ "$SERIES" = 7rt ] && FRAGS+=("$SRC/tests/debug/rt.config")
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
host_pkgs=(bc flex bison libssl-dev libelf-dev cpio kmod)
[ "$SERIES" = 6.1 ] && host_pkgs+=(linux-source-6.1)
for p in "${host_pkgs[@]}"; do
	s=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$s" = installed ] || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
	log "apt-get install ${need[*]}"
	"$SRC/scripts/papt.sh" install-system "${need[@]}" >&2
fi
if [ "$SERIES" = 6.1 ]; then
	PKG=linux-source-6.1
	VER=$(dpkg-query -W -f='${Version}' "$PKG")
	TARBALL=/usr/src/$PKG.tar.xz
else
	# the arm64 KERNEL=7 kernel names the series and version: resolve it
	# (cached after the first time), then fetch its source package
	"$SRC/scripts/kernels.sh" arm64 7 >/dev/null
	VER=$(cat "$CACHE/arm64-7/version")
	series=$(cat "$CACHE/arm64-7/release" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
	PKG=linux-source-$series
	deb=$CACHE/debs/${PKG}_${VER/*:/}_all.deb
	if [ ! -f "$deb" ]; then
		log "apt-get download $PKG=$VER"
		"$SRC/scripts/papt.sh" download newest arm64 "$CACHE/debs" "$PKG:all=$VER"
	fi
fi

# ---- source, unpacked once per package version -------------------------
if [ "$(cat "$KSRC/.ctneon-version" 2>/dev/null)" != "$VER" ]; then
	log "unpacking $PKG $VER to $KSRC"
	rm -rf "$KSRC" "$KSRC.tmp"
	mkdir -p "$KSRC.tmp"
	if [ "$SERIES" = 6.1 ]; then
		tar -C "$KSRC.tmp" -xJf "$TARBALL"
	else
		dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$PKG.tar.xz" | tar -C "$KSRC.tmp" -xJ
	fi
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
