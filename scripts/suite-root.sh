#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/suite-root.sh SUITE: print the path of a cached amd64 Debian root
# of SUITE (trixie or sid) that can build out-of-tree modules for that
# suite's kernels, making it once with mmdebstrap.
#
# Why: Debian kernels newer than bookworm's ship kbuild programs (modpost,
# resolve_btfids, ...) linked against a newer glibc, headers that name the
# suite's gcc (gcc-14 on trixie, gcc-16 on sid), and a BTF step that wants
# the pahole the kernel was built with.  Building inside a root of the
# kernel's own suite runs all of them as Debian does.  scripts/kernels.sh
# unpacks the kernel's headers and kbuild package into this root at their
# real paths (/usr/src, /usr/lib/linux-kbuild-*), so nothing is rewritten.
#
# The root is $CTNEON_CACHE/root-SUITE (default ~/.cache/ctneon); the
# mirror comes from the machine's apt sources.  Builds run in it through
# scripts/in-root.sh.

set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
. "$SRC/scripts/papt.sh"

[ $# -eq 1 ] || { echo "usage: $0 trixie|sid" >&2; exit 2; }
SUITE=$1
case $SUITE in
trixie) GCC=14 ;;
sid)    GCC=16 ;;
*) echo "$0: unknown suite $SUITE" >&2; exit 2 ;;
esac

CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
ROOT=$CACHE/root-$SUITE
log() { echo "suite-root.sh: $*" >&2; }

# kbuild's tools (W=1 runs kernel-doc, a perl script), the suite's own gcc
# and cross compilers, pahole for BTF
PKGS="make,gcc-$GCC,libc6-dev,bc,flex,bison,libelf-dev,libssl-dev,dwarves,kmod,xz-utils,zstd,python3,perl"
PKGS="$PKGS,gcc-$GCC-aarch64-linux-gnu,gcc-$GCC-arm-linux-gnueabihf,binutils-aarch64-linux-gnu,binutils-arm-linux-gnueabihf"

mkdir -p "$CACHE"
exec 8>"$CACHE/.root-$SUITE.lock"
flock 8
if [ ! -f "$ROOT/.complete" ]; then
	suites=$SUITE
	[ "$SUITE" = trixie ] && suites="$suites trixie-backports"
	# shellcheck disable=SC2086
	mapfile -t sources < <(papt_sources $suites)
	[ ${#sources[@]} -gt 0 ] || { log "no Debian mirror in the apt sources"; exit 1; }
	log "mmdebstrap $SUITE (gcc-$GCC cross compilers, kbuild's tools; once)"
	t0=$(date +%s)
	rm -rf "$ROOT.tmp"
	mkdir -p "$ROOT.tmp"
	# a failed index: once more, then without its source (scripts/papt.sh)
	papt_mmdebstrap "$CACHE/root-$SUITE.log" "$SUITE" "$ROOT.tmp" \
		--mode=root --variant=apt --arch=amd64 \
		--aptopt='Acquire::Languages "none"' \
		--aptopt='Acquire::Check-Valid-Until "false"' \
		--dpkgopt='path-exclude=/usr/share/man/*' \
		--dpkgopt='path-exclude=/usr/share/locale/*' \
		--dpkgopt='path-exclude=/usr/share/doc/*' \
		--include="$PKGS" -- "${sources[@]}" || {
		log "mmdebstrap failed (log: $CACHE/root-$SUITE.log)"
		exit 1
	}
	rm -rf "$ROOT"
	mv "$ROOT.tmp" "$ROOT"
	echo "$PKGS" >"$ROOT/.packages"
	touch "$ROOT/.complete"
	log "root $ROOT ready in $(( $(date +%s) - t0 )) s"
elif [ "$(cat "$ROOT/.packages" 2>/dev/null)" != "$PKGS" ]; then
	# a root made by an older list: add what is new
	log "installing into $ROOT: ${PKGS//,/ }"
	"$SRC/scripts/in-root.sh" "$ROOT" sh -c "apt-get -q -o Acquire::Check-Valid-Until=false update &&
		DEBIAN_FRONTEND=noninteractive apt-get -q install -y --no-install-recommends ${PKGS//,/ }" >&2
	echo "$PKGS" >"$ROOT/.packages"
fi
echo "$ROOT"
