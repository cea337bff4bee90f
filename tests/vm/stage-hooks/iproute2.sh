#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/stage-hooks/iproute2.sh: a stage hook of tests/vm/mkinitramfs.sh
# (which runs every tests/vm/stage-hooks/*.sh with ARCH, DEBARCH, CROSS, STAGE,
# CACHE, KROOT and REL in the environment).
#
# Busybox's ip has neither "ip netns" nor "ip xfrm", which the IPsec test
# (tests/vm/guest/ipsec.sh) needs, so Debian's iproute2 of the guest
# architecture goes in, with the shared libraries it needs (the closure of
# its DT_NEEDED entries) and the dynamic loader:
#   /test/iproute2/ip          the binary
#   /test/iproute2/lib/        its libraries and ld-linux-*.so.*
# The guest runs it through the loader: lib/ld-linux-* --library-path lib ip.
# Also /test/iproute2/veth.ko (uncompressed): the test initramfs takes
# modules from a few directories only, and veth has no dependencies.
# The packages come from bookworm's private lists (scripts/papt.sh, the
# machine's own mirror) and are kept in
# $CACHE/iproute2-$DEBARCH.

set -euo pipefail

: "${DEBARCH:?}" "${CROSS:?}" "${STAGE:?}" "${CACHE:?}" "${KROOT:?}" "${REL:?}"

SRC=$(cd "$(dirname "$0")/../../.." && pwd)
DIR=$CACHE/iproute2-$DEBARCH
PKGS="iproute2 libbpf1 libelf1 libmnl0 libbsd0 libmd0 libcap2 zlib1g libc6"
log() { echo "stage-hooks/iproute2: $*" >&2; }

if [ ! -x "$DIR/root/bin/ip" ]; then
	log "fetching $PKGS ($DEBARCH)"
	rm -rf "$DIR.tmp" && mkdir -p "$DIR.tmp/deb"
	# shellcheck disable=SC2086
	"$SRC/scripts/papt.sh" download bookworm "$DEBARCH" "$DIR.tmp/deb" $PKGS
	for d in "$DIR.tmp"/deb/*.deb; do
		dpkg -x "$d" "$DIR.tmp/root"
	done
	rm -rf "$DIR" && mv "$DIR.tmp" "$DIR"
fi

OUT=$STAGE/test/iproute2
mkdir -p "$OUT/lib"
cp "$DIR/root/bin/ip" "$OUT/ip"

# find_lib NAME: the library NAME in the unpacked packages
find_lib() {
	find "$DIR/root/lib" "$DIR/root/usr/lib" -name "$1" 2>/dev/null | head -n1
}
# the closure of DT_NEEDED, breadth first
todo=$(${CROSS}readelf -d "$OUT/ip" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
done_=
while [ -n "$todo" ]; do
	next=
	for n in $todo; do
		case " $done_ " in *" $n "*) continue ;; esac
		done_="$done_ $n"
		f=$(find_lib "$n")
		[ -n "$f" ] || { log "library $n not found"; exit 1; }
		cp -L "$f" "$OUT/lib/$n"
		next="$next $(${CROSS}readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
	done
	todo=$next
done
# the loader named in PT_INTERP
interp=$(${CROSS}readelf -l "$OUT/ip" | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
cp -L "$(find_lib "$(basename "$interp")")" "$OUT/lib/$(basename "$interp")"
chmod 0755 "$OUT/ip" "$OUT/lib/$(basename "$interp")"

# veth
v=$(cd "$KROOT/lib/modules/$REL" && ls kernel/drivers/net/veth.ko* 2>/dev/null | head -n1 || true)	# none: built in (debug kernel)
if [ -n "$v" ]; then
	case $v in
	*.xz)  xz -dc "$KROOT/lib/modules/$REL/$v" >"$OUT/veth.ko" ;;
	*.zst) zstd -qdc "$KROOT/lib/modules/$REL/$v" >"$OUT/veth.ko" ;;
	*)     cp "$KROOT/lib/modules/$REL/$v" "$OUT/veth.ko" ;;
	esac
fi
log "iproute2 $(ls "$DIR"/deb/iproute2_* | sed 's/.*iproute2_\([^_]*\)_.*/\1/'), $(ls "$OUT/lib" | wc -l) libraries"
