#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/mkinitramfs.sh ARCH KERNEL OUT
#
# Build the QEMU guest's initramfs (gzip'd newc cpio) for one configuration:
#   /init                      tests/vm/init
#   /bin/busybox               static busybox of the target architecture
#                              (Debian's busybox-static; /init installs the
#                              applet links, including /sbin/modprobe)
#   /lib/modules/<rel>/        the crypto-related part of the Debian kernel's
#                              modules and their dependencies, uncompressed,
#                              with modules.dep etc. made by kmod's depmod
#   /test/ctneon.ko            build/<arch>-<kernel>/ctneon.ko (not in
#                              modules.dep: tests load it explicitly)
#   /test/...                  every file under tests/vm/guest/
#   /test/bin/<name>           every tests/vm/*.c, cross-compiled static
#   whatever tests/vm/stage-hooks/*.sh hooks add (run with ARCH, DEBARCH, CROSS,
#   STAGE, CACHE, KROOT and REL in the environment)
#
# Environment:
#   CTNEON_VM_MODULES=all      put the whole modules tree in (default: the
#                              directories listed in MODULE_DIRS + deps)
#   CTNEON_VM_WORK=DIR         stage in DIR/initramfs (default
#                              build/<arch>-<kernel>): lets two guests of
#                              one configuration be built at once
#   CTNEON_VM_GUEST=FILE       use FILE as /test/guest.sh (for testing the
#                              runner; normally tests/vm/guest/guest.sh);
#                              the replaced one stays as /test/vm-guest.sh
#                              so that FILE may wrap it
#   CTNEON_VM_KO=FILE          this ctneon.ko instead of build/<arch>-<kernel>/'s
#                              (tests/vm/hooks.sh: the test build)
#   CTNEON_VM_REL, CTNEON_VM_KROOT
#                              a kernel that is not a cached Debian one
#                              (the debug tier, tests/debug/run.sh): its
#                              release and the root holding lib/modules/REL

set -euo pipefail

[ $# -eq 3 ] || { echo "usage: $0 arm|arm64 6.1|6.12 OUT" >&2; exit 2; }
ARCH=$1 KERNEL=$2 OUT=$3
SRC=$(cd "$(dirname "$0")/../.." && pwd)
case $ARCH in
arm)   DEBARCH=armhf CROSS=arm-linux-gnueabihf- ;;
arm64) DEBARCH=arm64 CROSS=aarch64-linux-gnu- ;;
*) echo "$0: ARCH must be arm or arm64" >&2; exit 2 ;;
esac

CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
REL=${CTNEON_VM_REL:-$("$SRC/scripts/kernels.sh" "$ARCH" "$KERNEL" | tail -n1)}
KROOT=${CTNEON_VM_KROOT:-$CACHE/$ARCH-$KERNEL}
BUILD=$SRC/build/$ARCH-$KERNEL
WORK=${CTNEON_VM_WORK:-$BUILD}
STAGE=$WORK/initramfs
MOD=${CTNEON_VM_KO:-$BUILD/ctneon.ko}

# Module directories (relative to lib/modules/<rel>/) whose modules go in,
# with everything they depend on.
MODULE_DIRS="kernel/crypto kernel/arch kernel/lib kernel/drivers/md
	kernel/drivers/block kernel/drivers/crypto kernel/net/xfrm
	kernel/net/ipv4 kernel/net/ipv6 kernel/net/key kernel/net/tls
	kernel/net/core kernel/fs/crypto"

log() { echo "mkinitramfs: $*" >&2; }

[ -f "$MOD" ] || { log "$MOD missing: run make ARCH=$ARCH KERNEL=$KERNEL"; exit 1; }

# ---- static busybox for the target -------------------------------------
BBDIR=$CACHE/busybox-$DEBARCH
if [ ! -x "$BBDIR/bin/busybox" ]; then
	log "fetching busybox-static:$DEBARCH"
	rm -rf "$BBDIR.tmp" && mkdir -p "$BBDIR.tmp/deb"
	"$SRC/scripts/papt.sh" download bookworm "$DEBARCH" "$BBDIR.tmp/deb" busybox-static
	dpkg -x "$BBDIR.tmp"/deb/*.deb "$BBDIR.tmp"
	rm -rf "$BBDIR" && mv "$BBDIR.tmp" "$BBDIR"
fi

# ---- stage --------------------------------------------------------------
rm -rf "$STAGE"
mkdir -p "$STAGE"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,run,etc,test/bin}
cp "$BBDIR/bin/busybox" "$STAGE/bin/busybox"
install -m 0755 "$SRC/tests/vm/init" "$STAGE/init"

# Modules: the image ships no modules.dep (its postinst makes it), so run
# depmod once on the full tree in the cache to learn the dependencies.
KMODS=$KROOT/lib/modules/$REL
if [ ! -s "$KMODS/modules.dep" ]; then
	log "depmod on the full $REL tree"
	depmod -b "$KROOT" "$REL"
fi
DMODS=$STAGE/lib/modules/$REL
mkdir -p "$DMODS"
if [ "${CTNEON_VM_MODULES:-}" = all ]; then
	re='^kernel/'
else
	re="^($(echo $MODULE_DIRS | sed 's/ /|/g'))/"
fi
# modules.dep lines are "path: dep dep ..."; the closure of the selected
# modules is the selected ones plus every listed dependency.
awk -v re="$re" -F': *' '
	$1 ~ re { print $1; n = split($2, d, " "); for (i = 1; i <= n; i++) print d[i] }
' "$KMODS/modules.dep" | sort -u >"$WORK/initramfs.modules"
# Compressed modules (6.12: .ko.xz) are decompressed once into the cache
# ($KROOT/plain/), since busybox modprobe cannot read them.
PLAIN=$KROOT/plain
while read -r m; do
	p=${m%.xz} && p=${p%.zst} && p=${p%.gz}
	if [ ! -f "$PLAIN/$p" ]; then
		mkdir -p "$PLAIN/$(dirname "$p")"
		case $m in
		*.ko.xz)  xz -dc "$KMODS/$m" >"$PLAIN/$p.tmp" ;;
		*.ko.zst) zstd -qdc "$KMODS/$m" >"$PLAIN/$p.tmp" ;;
		*.ko.gz)  gzip -dc "$KMODS/$m" >"$PLAIN/$p.tmp" ;;
		*)        cp "$KMODS/$m" "$PLAIN/$p.tmp" ;;
		esac
		mv "$PLAIN/$p.tmp" "$PLAIN/$p"
	fi
	mkdir -p "$DMODS/$(dirname "$p")"
	ln "$PLAIN/$p" "$DMODS/$p" 2>/dev/null || cp "$PLAIN/$p" "$DMODS/$p"
done <"$WORK/initramfs.modules"
for f in modules.builtin modules.builtin.modinfo modules.order; do
	[ -f "$KMODS/$f" ] && sed -e 's/\.ko\.\(xz\|zst\|gz\)$/.ko/' "$KMODS/$f" >"$DMODS/$f"
done
depmod -b "$STAGE" "$REL"
log "$(wc -l <"$WORK/initramfs.modules") modules for $REL"

# ctneon and the guest tests
cp "$MOD" "$STAGE/test/ctneon.ko"
if [ -d "$SRC/tests/vm/guest" ]; then
	cp -r "$SRC/tests/vm/guest/." "$STAGE/test/"
fi
if [ -n "${CTNEON_VM_GUEST:-}" ]; then
	[ -f "$STAGE/test/guest.sh" ] && mv "$STAGE/test/guest.sh" "$STAGE/test/vm-guest.sh"
	install -m 0755 "$CTNEON_VM_GUEST" "$STAGE/test/guest.sh"
fi
# stage hooks: each tests/vm/stage-hooks/*.sh adds files of its own to the stage
for h in "$SRC"/tests/vm/stage-hooks/*.sh; do
	[ -f "$h" ] || continue
	ARCH=$ARCH DEBARCH=$DEBARCH CROSS=$CROSS STAGE=$STAGE CACHE=$CACHE \
		KROOT=$KROOT REL=$REL bash "$h"
done
for c in "$SRC"/tests/vm/*.c; do
	[ -f "$c" ] || continue
	b=$(basename "$c" .c)
	log "cc $b ($ARCH, static)"
	"${CROSS}gcc" -static -O2 -Wall -I"$SRC" -o "$STAGE/test/bin/$b" "$c"
done
chmod -R a+rX "$STAGE/test"

# ---- pack ---------------------------------------------------------------
mkdir -p "$(dirname "$OUT")"
(cd "$STAGE" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc --owner=0:0 --quiet) | gzip -1 >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
log "wrote $OUT ($(du -h "$OUT" | cut -f1))"
