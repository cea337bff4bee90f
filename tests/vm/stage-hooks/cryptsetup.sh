#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/stage-hooks/cryptsetup.sh: a stage hook of tests/vm/mkinitramfs.sh
# (run with ARCH, DEBARCH, CROSS, STAGE, CACHE, KROOT and REL in the
# environment).
#
# What: the dm-crypt test (tests/vm/guest/dmcrypt.sh) drives the kernel with
# Debian's own user space, as a board would: dmsetup for explicit crypt
# tables and cryptsetup for "benchmark" and LUKS2.  Busybox has neither, so
#   /test/cryptsetup/cryptsetup, dmsetup     the binaries (cryptsetup-bin,
#                                            dmsetup) of the guest architecture
#   /test/cryptsetup/lib/                    the closure of their DT_NEEDED
#                                            libraries and ld-linux-*.so.*
#   /test/cryptsetup/virtio_mmio.ko          uncompressed
# go in.  The guest runs them through the loader:
#   lib/ld-linux-* --library-path lib cryptsetup ...
# Why virtio_mmio: the disk is a virtio-blk-device on QEMU's -M virt, whose
# transport (drivers/virtio) is outside mkinitramfs.sh's MODULE_DIRS; virtio_blk
# (drivers/block), dm-mod and dm-crypt (drivers/md), essiv, xts and
# algif_skcipher (crypto) are already in, with their dependencies.
# How: the packages come from bookworm's private lists (scripts/papt.sh,
# the machine's own mirror) and are unpacked once into
# $CACHE/cryptsetup-$DEBARCH; a library the closure needs and the package
# list lacks stops the hook with its name.
# Only when CTNEON_VM_CRYPTSETUP=1 (tests/vm/dmcrypt.sh sets it): the tools
# add some 4 MB to the compressed initramfs, which no other guest needs.

set -euo pipefail

[ "${CTNEON_VM_CRYPTSETUP:-0}" = 1 ] || exit 0

: "${DEBARCH:?}" "${CROSS:?}" "${STAGE:?}" "${CACHE:?}" "${KROOT:?}" "${REL:?}"

SRC=$(cd "$(dirname "$0")/../../.." && pwd)
DIR=$CACHE/cryptsetup-$DEBARCH
# cryptsetup-bin and dmsetup and their Depends, recursively (bookworm)
PKGS="cryptsetup-bin dmsetup libcryptsetup12 libdevmapper1.02.1 libargon2-1
	libblkid1 libuuid1 libjson-c5 libssl3 libpopt0 libselinux1 libpcre2-8-0
	libudev1 libc6"
BINS="sbin/cryptsetup sbin/dmsetup"
log() { echo "stage-hooks/cryptsetup: $*" >&2; }

if [ ! -x "$DIR/root/sbin/cryptsetup" ] || [ ! -x "$DIR/root/sbin/dmsetup" ]; then
	log "fetching $(echo $PKGS) ($DEBARCH)"
	rm -rf "$DIR.tmp" && mkdir -p "$DIR.tmp/deb"
	# shellcheck disable=SC2086
	"$SRC/scripts/papt.sh" download bookworm "$DEBARCH" "$DIR.tmp/deb" $PKGS
	for d in "$DIR.tmp"/deb/*.deb; do
		dpkg -x "$d" "$DIR.tmp/root"
	done
	rm -rf "$DIR" && mv "$DIR.tmp" "$DIR"
fi

OUT=$STAGE/test/cryptsetup
mkdir -p "$OUT/lib"
for b in $BINS; do
	cp "$DIR/root/$b" "$OUT/$(basename "$b")"
done

# find_lib NAME: the library NAME in the unpacked packages
find_lib() {
	find "$DIR/root/lib" "$DIR/root/usr/lib" -name "$1" 2>/dev/null | head -n1
}
needed() { ${CROSS}readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
# the closure of DT_NEEDED over both binaries, breadth first
todo=$(for b in $BINS; do needed "$OUT/$(basename "$b")"; done)
done_=
while [ -n "$todo" ]; do
	next=
	for n in $todo; do
		case " $done_ " in *" $n "*) continue ;; esac
		done_="$done_ $n"
		f=$(find_lib "$n")
		[ -n "$f" ] || { log "library $n not found: add its package to PKGS"; exit 1; }
		cp -L "$f" "$OUT/lib/$n"
		next="$next $(needed "$f")"
	done
	todo=$next
done
# the loader named in PT_INTERP
interp=$(${CROSS}readelf -l "$OUT/cryptsetup" | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
cp -L "$(find_lib "$(basename "$interp")")" "$OUT/lib/$(basename "$interp")"
chmod 0755 "$OUT/cryptsetup" "$OUT/dmsetup" "$OUT/lib/$(basename "$interp")"

# the virtio-mmio transport for the test disk
v=$(cd "$KROOT/lib/modules/$REL" && ls kernel/drivers/virtio/virtio_mmio.ko* 2>/dev/null | head -n1)
[ -n "$v" ] || { log "no virtio_mmio module in $REL"; exit 1; }
case $v in
*.xz)  xz -dc "$KROOT/lib/modules/$REL/$v" >"$OUT/virtio_mmio.ko" ;;
*.zst) zstd -qdc "$KROOT/lib/modules/$REL/$v" >"$OUT/virtio_mmio.ko" ;;
*)     cp "$KROOT/lib/modules/$REL/$v" "$OUT/virtio_mmio.ko" ;;
esac
log "cryptsetup $(dpkg-deb -f "$DIR"/deb/cryptsetup-bin_*.deb Version), $(ls "$OUT/lib" | wc -l) libraries"
