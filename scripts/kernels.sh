#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/kernels.sh ARCH KERNEL
#
# Fetch and unpack, once, the Debian kernel that ctneon is built and tested
# against: ARCH is arm (armhf, flavour armmp) or arm64 (flavour arm64),
# KERNEL is 6.1 (bookworm / bookworm-security) or 6.12 (bookworm-backports).
#
# Everything lands in a cache outside the tracked tree:
#   ${CTNEON_CACHE:-$HOME/.cache/ctneon}/
#     apt/               private apt configuration and package lists
#     debs/              the downloaded .deb files
#     <arch>-<kernel>/   the unpacked root:
#       boot/vmlinuz-<rel>, lib/modules/<rel>/          (linux-image)
#       usr/src/linux-headers-<rel>/                    (flavour headers)
#       usr/src/linux-headers-<ver>-common/             (common headers)
#       usr/lib/linux-kbuild-<ver>/                     (amd64 kbuild tools)
#       release                                         (the kernel release)
#
# The system's apt configuration is left untouched: apt runs with its own
# configuration file (APT_CONFIG) naming a private sources.list, private
# state and cache directories and the extra architectures (armhf, arm64).
# The mirror URIs are read from the machine's apt sources (no host name is
# written here); bookworm-backports is added on the main mirror.
#
# Prints the resolved kernel release as the last line of stdout; with
# --print-dir, prints the headers directory instead.
# Set CTNEON_REFRESH=1 to refresh the package lists and re-resolve.

set -euo pipefail

usage() { echo "usage: $0 [--print-dir] arm|arm64 6.1|6.12" >&2; exit 2; }

print_dir=0
if [ "${1:-}" = "--print-dir" ]; then print_dir=1; shift; fi
[ $# -eq 2 ] || usage
ARCH=$1 KERNEL=$2
case $ARCH in
arm)   DEBARCH=armhf FLAVOUR=armmp ;;
arm64) DEBARCH=arm64 FLAVOUR=arm64 ;;
*) usage ;;
esac
case $KERNEL in
6.1)  SUITES="bookworm bookworm-security bookworm-updates" ;;
6.12) SUITES="bookworm-backports" ;;
*) usage ;;
esac

CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
ROOT=$CACHE/$ARCH-$KERNEL
APTDIR=$CACHE/apt
DEBS=$CACHE/debs

log() { echo "kernels.sh: $*" >&2; }
trap 'log "failed (line $LINENO)"' ERR

finish() {
	local rel
	rel=$(cat "$ROOT/release")
	if [ $print_dir = 1 ]; then
		echo "$ROOT/usr/src/linux-headers-$rel"
	else
		echo "$rel"
	fi
	exit 0
}

[ -f "$ROOT/.complete" ] && [ "${CTNEON_REFRESH:-0}" != 1 ] && finish

# ---- mirror URIs from the machine's apt configuration ------------------

# system_sources, pick_uri: the mirrors of the machine's apt sources
. "$(dirname "$0")/apt-sources.sh"

setup_apt() {
	local main sec
	main=$(pick_uri '^bookworm(-updates)?$')
	sec=$(pick_uri '^bookworm-security$')
	[ -n "$main" ] || { log "no bookworm mirror in the apt sources"; exit 1; }
	mkdir -p "$APTDIR/state/lists/partial" "$APTDIR/cache/archives/partial" \
		"$APTDIR/sources.list.d" "$APTDIR/preferences.d"
	{
		echo "deb $main bookworm main"
		echo "deb $main bookworm-updates main"
		echo "deb $main bookworm-backports main"
		[ -z "$sec" ] || echo "deb $sec bookworm-security main"
	} >"$APTDIR/sources.list.new"
	cat >"$APTDIR/apt.conf" <<EOF
Dir::Etc::sourcelist "$APTDIR/sources.list";
Dir::Etc::sourceparts "$APTDIR/sources.list.d";
Dir::Etc::preferences "$APTDIR/preferences";
Dir::Etc::preferencesparts "$APTDIR/preferences.d";
Dir::State "$APTDIR/state";
Dir::State::status "/var/lib/dpkg/status";
Dir::Cache "$APTDIR/cache";
APT::Architectures { "amd64"; "armhf"; "arm64"; };
APT::Sandbox::User "root";
Acquire::Languages "none";
EOF
	if ! cmp -s "$APTDIR/sources.list.new" "$APTDIR/sources.list" ||
	   [ ! -f "$APTDIR/updated" ] || [ "${CTNEON_REFRESH:-0}" = 1 ]; then
		mv "$APTDIR/sources.list.new" "$APTDIR/sources.list"
		log "apt-get update (private lists in $APTDIR)"
		APT_CONFIG=$APTDIR/apt.conf apt-get -q update >&2
		touch "$APTDIR/updated"
	else
		rm -f "$APTDIR/sources.list.new"
	fi
}

papt() { APT_CONFIG=$APTDIR/apt.conf "$@"; }

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
	local pkg=$1 ver=$2 name arch f
	name=${pkg%%:*} arch=${pkg#*:}
	f=$DEBS/${name}_${ver//:/%3a}_${arch}.deb
	if [ ! -s "$f" ]; then
		log "download $pkg=$ver"
		(cd "$DEBS" && papt apt-get -q download "$pkg=$ver" >&2)
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
[ -f "$ROOT/.complete" ] && [ "${CTNEON_REFRESH:-0}" != 1 ] && finish
setup_apt
mkdir -p "$DEBS"

metaver=$(newest "linux-image-$FLAVOUR:$DEBARCH" "$KERNEL.")
[ -n "$metaver" ] || { log "no linux-image-$FLAVOUR $KERNEL.x in $SUITES"; exit 1; }
deps=$(depends_of "linux-image-$FLAVOUR:$DEBARCH" "$metaver")
image=$(grep -m1 '^linux-image-' <<<"$deps")
rel=${image#linux-image-}
rel=${rel%-unsigned}
imagever=$(newest "$image:$DEBARCH" "")
log "kernel $ARCH $KERNEL: $image $imagever (release $rel)"

headers=linux-headers-$rel
headersver=$(newest "$headers:$DEBARCH" "")
[ -n "$headersver" ] || { log "no $headers"; exit 1; }
deps=$(depends_of "$headers:$DEBARCH" "$headersver")
common=$(grep -m1 -- '-common$' <<<"$deps")
kbuild=$(grep -m1 '^linux-kbuild-' <<<"$deps")
commonver=$(newest "$common:all" "")
[ -n "$commonver" ] || commonver=$(newest "$common" "")
kbuildver=$(newest "$kbuild:amd64" "")
log "headers: $headers $headersver, $common $commonver, $kbuild $kbuildver"

debs=("$(fetch "$image:$DEBARCH" "$imagever")"
      "$(fetch "$headers:$DEBARCH" "$headersver")"
      "$(fetch "$common:all" "$commonver")"
      "$(fetch "$kbuild:amd64" "$kbuildver")")

# ---- unpack -------------------------------------------------------------

rm -rf "$ROOT.tmp"
mkdir -p "$ROOT.tmp"
for d in "${debs[@]}"; do
	log "unpack $(basename "$d")"
	dpkg -x "$d" "$ROOT.tmp"
done

HDR=$ROOT.tmp/usr/src/linux-headers-$rel
[ -d "$HDR" ] || { log "no $HDR after unpacking"; exit 1; }

# Every absolute /usr/src/ or /usr/lib/linux-kbuild path in the flavour's
# top-level files is made to point into the unpacked root, written in its
# final location ($ROOT).
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

echo "$rel" >"$ROOT.tmp/release"
echo "$imagever" >"$ROOT.tmp/version"
rm -rf "$ROOT"
mv "$ROOT.tmp" "$ROOT"
touch "$ROOT/.complete"
log "ready in $(( $(date +%s) - start )) s: $ROOT"
finish
