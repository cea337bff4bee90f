#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/kernels.sh ARCH KERNEL
#
# Fetch and unpack, once, the Debian kernel that ctneon is built and tested
# against: ARCH is arm (armhf, flavour armmp) or arm64 (flavour arm64),
# KERNEL is
#   6.1    Debian 12 bookworm (bookworm, -security, -updates)
#   6.1rt  the same suites' PREEMPT_RT kernel (flavour rt-armmp, rt-arm64)
#   6.12   Debian 13 trixie, the stable release (trixie, -security, -updates)
#   7      the newest 7.x kernel the mirror serves for ARCH, from
#          trixie-backports or sid, resolved when it is fetched (a version
#          whose files the mirror does not serve is passed over)
#   7.N    the newest 7.N.x kernel from trixie-backports or sid
#
# Everything lands in a cache outside the tracked tree:
#   ${CTNEON_CACHE:-$HOME/.cache/ctneon}/
#     apt/<set>-<arch>/  private apt configurations and package lists, one
#                        per suite set and architecture (scripts/papt.sh):
#                        6.1 reads bookworm's, 6.12 trixie's, 7.x those of
#                        trixie-backports and sid ("newest"), each for the
#                        target architecture and for amd64 (kbuild)
#     debs/              the downloaded .deb files
#     <arch>-<kernel>/   the kernel:
#       boot/vmlinuz-<rel>, lib/modules/<rel>/  (linux-image; on 7.x
#                        linux-binary and linux-modules, under usr/lib with
#                        links from lib and boot/vmlinuz-<rel>)
#       release, version, suite, root           (what was resolved)
#     6.1 only, in <arch>-6.1/ as well, built on the host (bookworm):
#       usr/src/linux-headers-<rel>/            (flavour headers)
#       usr/src/linux-headers-<ver>-common/     (common headers)
#       usr/lib/linux-kbuild-<ver>/             (amd64 kbuild tools)
#     root-<suite>/      for 6.12 and 7.x, a Debian root of the kernel's
#                        suite (scripts/suite-root.sh: its gcc, pahole and
#                        glibc, which the kernel's kbuild programs need);
#                        the headers and kbuild package are unpacked into it
#                        at their own paths, and builds run in it
#
# The system's apt configuration is left untouched (scripts/papt.sh: the
# mirror URIs are read from the machine's apt sources, no host name is
# written here; an index that fails to download is a warning, a package
# the lists then lack is the error).  Release files are accepted past their
# Valid-Until date (the mirror may be a dated copy; signatures are still
# checked).
#
# Prints the resolved kernel release as the last line of stdout; with
# --print-dir, prints the headers directory (a host path) instead; with
# --print-root, the build root (empty for 6.1: the host builds it).
# Set CTNEON_REFRESH=1 to refresh the package lists and re-resolve.
# Only the lists of the configuration asked for are refreshed, once.

set -euo pipefail

usage() { echo "usage: $0 [--print-dir|--print-root] arm|arm64 6.1|6.12|7|7.N" >&2; exit 2; }

print=release
case ${1:-} in
--print-dir) print=dir; shift ;;
--print-root) print=root; shift ;;
esac
[ $# -eq 2 ] || usage
ARCH=$1 KERNEL=$2
case $ARCH in
arm)   DEBARCH=armhf FLAVOUR=armmp ;;
arm64) DEBARCH=arm64 FLAVOUR=arm64 ;;
*) usage ;;
esac
# SUITES: a regular expression for the suites a kernel may come from;
# PREFIX: what its version starts with
case $KERNEL in
# SET: the suite set whose package lists are read (scripts/papt.sh)
6.1)  SUITES='^bookworm(-security|-updates)?$' PREFIX=6.1. SET=bookworm ;;
# Debian's PREEMPT_RT kernel of bookworm (flavour rt-armmp, rt-arm64;
# make check-rt)
6.1rt) SUITES='^bookworm(-security|-updates)?$' PREFIX=6.1. SET=bookworm FLAVOUR=rt-$FLAVOUR ;;
6.12) SUITES='^trixie(-security|-updates)?$' PREFIX=6.12. SET=trixie ;;
7)    SUITES='^(trixie-backports|sid)$' PREFIX=7. SET=newest ;;
7.[0-9]|7.[0-9][0-9]) SUITES='^(trixie-backports|sid)$' PREFIX=$KERNEL. SET=newest ;;
*) usage ;;
esac

SRC=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
ROOT=$CACHE/$ARCH-$KERNEL
DEBS=$CACHE/debs

log() { echo "kernels.sh: $*" >&2; }
trap 'log "failed (line $LINENO)"' ERR

# A complete cache of this layout, from one of the suites KERNEL names
# (an older layout, or bookworm-backports' 6.12, is fetched anew).
cached() {
	[ -f "$ROOT/.complete" ] && [ -f "$ROOT/suite" ] && [ -f "$ROOT/root" ] &&
		grep -Eq "$SUITES" "$ROOT/suite" && [ "${CTNEON_REFRESH:-0}" != 1 ]
}

finish() {
	local rel broot
	rel=$(cat "$ROOT/release")
	broot=$(cat "$ROOT/root")
	case $print in
	dir)  echo "${broot:-$ROOT}/usr/src/linux-headers-$rel" ;;
	root) echo "$broot" ;;
	*)    echo "$rel" ;;
	esac
	exit 0
}

cached && finish

# ---- package lists -------------------------------------------------------

# papt_conf, papt_with, papt_download: the private lists of one suite set
# and architecture (scripts/papt.sh)
. "$SRC/scripts/papt.sh"

# the target architecture's lists (images, headers, the :all common
# headers) and the host's (amd64: the linux-kbuild programs)
setup_apt() {
	CONF=$(papt_conf "$SET" "$DEBARCH") && HCONF=$(papt_conf "$SET" amd64) || {
		log "cannot set up the package lists of $SET"
		exit 1
	}
}

papt() { papt_with "$CONF" "$@"; }

# "VERSION SUITE" of each PKG (pkg:arch) whose version starts with PREFIX,
# from a suite matching SUITES, newest first.
candidates() {
	papt apt-cache madison "$1" 2>/dev/null |
		awk -F'|' -v p="$2" -v re="$SUITES" '{
			gsub(/ /, "", $2); split($3, a, " "); suite = a[2]
			sub(/\/.*/, "", suite)
			if (index($2, p) == 1 && suite ~ re) print $2, suite
		}' | sort -u | {
			# insertion sort in dpkg's order, newest first
			local list=() line v i
			while read -r line; do
				v=${line%% *}
				i=${#list[@]}
				while [ "$i" -gt 0 ] && dpkg --compare-versions "$v" gt "${list[$((i - 1))]%% *}"; do
					list[$i]=${list[$((i - 1))]}
					i=$((i - 1))
				done
				list[$i]=$line
			done
			[ ${#list[@]} -eq 0 ] || printf '%s\n' "${list[@]}"
		}
}

# Newest version of PKG (pkg:arch) whose version starts with PREFIX.
newest() {
	local v best=
	for v in $(papt apt-cache madison "$1" 2>/dev/null |
		   awk -F'|' -v p="$2" '{ gsub(/ /, "", $2); if (index($2, p) == 1) print $2 }'); do
		if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$best"; then
			best=$v
		fi
	done
	echo "$best"
}

# Depends: field of PKG=VERSION, one dependency name per line.  (No early
# exit in these pipelines: with pipefail a SIGPIPE upstream would fail them.)
depends_of() {
	local out
	out=$(papt apt-cache show "$1=$2")
	awk '/^Depends:/ && !done { sub(/^Depends:/, ""); print; done = 1 }' <<<"$out" |
		tr ',' '\n' | sed -e 's/|.*//' -e 's/(.*//' -e 's/^ *//' -e 's/ *$//' -e 's/:.*//'
}

fetch() {	# fetch PKG:ARCH VERSION -> path of the .deb
	local pkg=$1 ver=$2 name arch f set_arch
	name=${pkg%%:*} arch=${pkg#*:}
	f=$DEBS/${name}_${ver//:/%3a}_${arch}.deb
	if [ ! -s "$f" ]; then
		log "download $pkg=$ver"
		# :all comes with the target's lists, amd64 with the host's
		set_arch=$DEBARCH
		[ "$arch" != amd64 ] || set_arch=amd64
		papt_download "$SET" "$set_arch" "$DEBS" "$pkg=$ver" || return 1
	fi
	if [ ! -s "$f" ]; then	# apt may spell the epoch differently
		f=$(ls "$DEBS/${name}_"*"_${arch}.deb")
		f=$(grep -m1 -F "_${ver#*:}_" <<<"$f")
	fi
	echo "$f"
}

# ---- resolve ----------------------------------------------------------

start=$(date +%s)
# One fetch at a time per cache (parallel builds share the apt lists).
mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9
cached && finish
setup_apt
mkdir -p "$DEBS"

# One candidate: the image meta-package at VERSION from SUITE.  Sets rel,
# suite, imagever, broot and debs (image, headers, common, kbuild), or
# returns non-zero when a package is missing or cannot be downloaded.
resolve() {
	local metaver=$1 deps image headers headersver common commonver kbuild kbuildver p
	suite=$2
	deps=$(depends_of "linux-image-$FLAVOUR:$DEBARCH" "$metaver")
	image=$(grep -m1 '^linux-image-' <<<"$deps")
	rel=${image#linux-image-}
	rel=${rel%-unsigned}
	imagever=$(newest "$image:$DEBARCH" "")
	[ -n "$imagever" ] || { papt_missing "$CONF" "$image:$DEBARCH" "$SET"; return 1; }
	log "kernel $ARCH $KERNEL: $image $imagever from $suite (release $rel)"

	headers=linux-headers-$rel
	headersver=$(newest "$headers:$DEBARCH" "")
	[ -n "$headersver" ] || { papt_missing "$CONF" "$headers:$DEBARCH" "$SET"; return 1; }
	deps=$(depends_of "$headers:$DEBARCH" "$headersver")
	common=$(grep -m1 -E -- '-common(-rt)?$' <<<"$deps")
	kbuild=$(grep -m1 '^linux-kbuild-' <<<"$deps")
	commonver=$(newest "$common:all" "")
	[ -n "$commonver" ] || commonver=$(newest "$common" "")
	kbuildver=$(CONF=$HCONF newest "$kbuild:amd64" "")
	[ -n "$kbuildver" ] || { papt_missing "$HCONF" "$kbuild:amd64" "$SET"; return 1; }
	log "headers: $headers $headersver, $common $commonver, $kbuild $kbuildver"

	debs=()
	# 7.x: linux-image-REL is a stub; the kernel is in linux-binary-REL
	# and its modules in linux-modules-REL
	deps=$(depends_of "$image:$DEBARCH" "$imagever")
	for p in "linux-binary-$rel" "linux-modules-$rel"; do
		grep -qxF "$p" <<<"$deps" || continue
		debs+=("$(fetch "$p:$DEBARCH" "$imagever")") || return 1
	done
	debs+=("$(fetch "$image:$DEBARCH" "$imagever")") || return 1
	debs+=("$(fetch "$headers:$DEBARCH" "$headersver")") || return 1
	debs+=("$(fetch "$common:all" "$commonver")") || return 1
	debs+=("$(fetch "$kbuild:amd64" "$kbuildver")") || return 1
	for p in "${debs[@]}"; do [ -s "$p" ] || return 1; done

	case $suite in
	bookworm*) broot= ;;
	trixie*)   broot=$("$SRC/scripts/suite-root.sh" trixie) || return 1 ;;
	sid)       broot=$("$SRC/scripts/suite-root.sh" sid) || return 1 ;;
	*) log "no build root for suite $suite"; return 1 ;;
	esac
	return 0
}

found=0
while read -r metaver msuite; do
	[ -n "$metaver" ] || continue
	if resolve "$metaver" "$msuite"; then
		found=1
		break
	fi
	log "passing over linux-image-$FLAVOUR $metaver ($msuite): not all of it is served"
done < <(candidates "linux-image-$FLAVOUR:$DEBARCH" "$PREFIX")
if [ $found = 0 ]; then
	log "no linux-image-$FLAVOUR $PREFIX* that the mirror serves in $SUITES"
	papt_missing "$CONF" "linux-image-$FLAVOUR:$DEBARCH ($PREFIX*)" "$SET"
	exit 1
fi

[ ! -s "$(dirname "$CONF")/failed" ] && [ ! -s "$(dirname "$HCONF")/failed" ] ||
	log "note: resolved without the indexes that failed (above); CTNEON_REFRESH=1 later may find a newer kernel"

# ---- unpack -------------------------------------------------------------

rm -rf "$ROOT.tmp"
mkdir -p "$ROOT.tmp"
if [ -z "$broot" ]; then
	# bookworm: everything in one root on the host, paths rewritten below
	for d in "${debs[@]}"; do
		log "unpack $(basename "$d")"
		dpkg -x "$d" "$ROOT.tmp"
	done
	HDR=$ROOT.tmp/usr/src/linux-headers-$rel
	[ -d "$HDR" ] || { log "no $HDR after unpacking"; exit 1; }

	# Every absolute /usr/src/ or /usr/lib/linux-kbuild path in the
	# flavour's top-level files is made to point into the unpacked root,
	# written in its final location ($ROOT).
	for f in "$HDR/Makefile" "$HDR"/Makefile.*; do
		[ -f "$f" ] || continue
		sed -i -e "s|/usr/src/linux-headers-|$ROOT/usr/src/linux-headers-|g" \
		       -e "s|\([^/a-zA-Z0-9_.-]\)/usr/lib/linux-kbuild-|\1$ROOT/usr/lib/linux-kbuild-|g" "$f"
	done

	# Absolute symlinks (scripts, tools) are rebased into the root.
	find "$ROOT.tmp/usr/src" "$ROOT.tmp/usr/lib" -type l -print | while read -r l; do
		t=$(readlink "$l")
		case $t in
		/usr/*) ln -sfn "$ROOT$t" "$l" ;;
		esac
	done
else
	# the image (and 7.x's binary and modules) here; headers, common
	# headers and kbuild into the suite's build root, at their own paths
	for d in "${debs[@]}"; do
		case $(basename "$d") in
		linux-headers-*|linux-kbuild-*) dest=$broot ;;
		*) dest=$ROOT.tmp ;;
		esac
		log "unpack $(basename "$d") into $dest"
		dpkg -x "$d" "$dest"
	done
	[ -d "$broot/usr/src/linux-headers-$rel" ] ||
		{ log "no $broot/usr/src/linux-headers-$rel after unpacking"; exit 1; }
	# 7.x installs modules under usr/lib only, and the kernel as
	# usr/lib/modules/REL/vmlinuz
	[ -e "$ROOT.tmp/lib" ] || ln -s usr/lib "$ROOT.tmp/lib"
	if [ ! -e "$ROOT.tmp/boot/vmlinuz-$rel" ] && [ -f "$ROOT.tmp/usr/lib/modules/$rel/vmlinuz" ]; then
		mkdir -p "$ROOT.tmp/boot"
		ln -s "../usr/lib/modules/$rel/vmlinuz" "$ROOT.tmp/boot/vmlinuz-$rel"
	fi
fi
[ -f "$ROOT.tmp/boot/vmlinuz-$rel" ] || { log "no boot/vmlinuz-$rel after unpacking"; exit 1; }

echo "$rel" >"$ROOT.tmp/release"
echo "$imagever" >"$ROOT.tmp/version"
echo "$suite" >"$ROOT.tmp/suite"
echo "$broot" >"$ROOT.tmp/root"
rm -rf "$ROOT"
mv "$ROOT.tmp" "$ROOT"
touch "$ROOT/.complete"
log "ready in $(( $(date +%s) - start )) s: $ROOT"
finish
