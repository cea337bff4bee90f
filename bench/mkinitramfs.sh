#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/mkinitramfs.sh ARCH KERNEL OUTDIR
#
# The bench guest's initramfs, staged and written under OUTDIR (normally
# build/bench/<arch>-<kernel>/, apart from the VM tests' build/<arch>-<kernel>/
# initramfs, which may be in use at the same time):
#   /init                tests/vm/init
#   /bin/busybox         the static busybox that tests/vm/mkinitramfs.sh
#                        caches (fetched here the same way if missing)
#   /lib/modules/<rel>/  kernel/crypto, kernel/arch and kernel/lib of the
#                        Debian kernel plus dependencies, uncompressed
#   /test/ctneon.ko      build/<arch>-<kernel>/ctneon.ko
#   /test/guest.sh       bench/guest-bench.sh
#   /test/bin/afalg-bench  bench/afalg-bench.c, static
# Writes OUTDIR/initramfs.cpio.gz.
# BENCH_GUEST=esp: the ESP and dm-crypt guest of bench/run.sh --esp instead:
#   /test/guest.sh       bench/guest-esp.sh
#   /test/bin/esp-pingpong, /test/bin/dio-bench   bench/*.c, static
#   /lib/modules/<rel>/  also kernel/net/{xfrm,ipv4,key} (ESP),
#                        kernel/drivers/{md,block} (dm-crypt, virtio_blk)
#   /test/iproute2/, /test/cryptsetup/  what the VM tests' stage hooks
#                        tests/vm/stage-hooks/{iproute2,cryptsetup}.sh
#                        put there (Debian's ip and dmsetup with their
#                        libraries, veth.ko, virtio_mmio.ko)

set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 arm|arm64 6.1|6.12 OUTDIR" >&2; exit 2; }
ARCH=$1 KERNEL=$2 OUTDIR=$3
SRC=$(cd "$(dirname "$0")/.." && pwd)
case $ARCH in
arm)   DEBARCH=armhf CROSS=arm-linux-gnueabihf- ;;
arm64) DEBARCH=arm64 CROSS=aarch64-linux-gnu- ;;
*) echo "$0: ARCH must be arm or arm64" >&2; exit 2 ;;
esac
CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
REL=$("$SRC/scripts/kernels.sh" "$ARCH" "$KERNEL" | tail -n1)
KROOT=$CACHE/$ARCH-$KERNEL
MOD=$SRC/build/$ARCH-$KERNEL/ctneon.ko
STAGE=$OUTDIR/initramfs
log() { echo "bench/mkinitramfs: $*" >&2; }
[ -f "$MOD" ] || { log "$MOD missing: run make ARCH=$ARCH KERNEL=$KERNEL"; exit 1; }

BBDIR=$CACHE/busybox-$DEBARCH
if [ ! -x "$BBDIR/bin/busybox" ]; then
	log "fetching busybox-static:$DEBARCH"
	rm -rf "$BBDIR.tmp" && mkdir -p "$BBDIR.tmp/deb"
	"$SRC/scripts/papt.sh" download bookworm "$DEBARCH" "$BBDIR.tmp/deb" busybox-static
	dpkg -x "$BBDIR.tmp"/deb/*.deb "$BBDIR.tmp"
	rm -rf "$BBDIR" && mv "$BBDIR.tmp" "$BBDIR"
fi

rm -rf "$STAGE"
mkdir -p "$STAGE"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,run,etc,test/bin}
cp "$BBDIR/bin/busybox" "$STAGE/bin/busybox"
install -m 0755 "$SRC/tests/vm/init" "$STAGE/init"

KMODS=$KROOT/lib/modules/$REL
[ -s "$KMODS/modules.dep" ] || depmod -b "$KROOT" "$REL"
DMODS=$STAGE/lib/modules/$REL
mkdir -p "$DMODS"
DIRS='crypto|arch|lib'
[ "${BENCH_GUEST:-}" = esp ] && DIRS="$DIRS|net/xfrm|net/ipv4|net/key|drivers/md|drivers/block"
awk -v re="^kernel/($DIRS)/" -F': *' '
	$1 ~ re { print $1; n = split($2, d, " "); for (i = 1; i <= n; i++) print d[i] }
' "$KMODS/modules.dep" | sort -u >"$OUTDIR/modules.list"
PLAIN=$KROOT/plain
while read -r m; do
	p=${m%.xz} && p=${p%.zst} && p=${p%.gz}
	if [ ! -f "$PLAIN/$p" ]; then
		mkdir -p "$PLAIN/$(dirname "$p")"
		case $m in
		*.ko.xz)  xz -dc "$KMODS/$m" >"$PLAIN/$p.tmp.$$" ;;
		*.ko.zst) zstd -qdc "$KMODS/$m" >"$PLAIN/$p.tmp.$$" ;;
		*.ko.gz)  gzip -dc "$KMODS/$m" >"$PLAIN/$p.tmp.$$" ;;
		*)        cp "$KMODS/$m" "$PLAIN/$p.tmp.$$" ;;
		esac
		mv "$PLAIN/$p.tmp.$$" "$PLAIN/$p"
	fi
	mkdir -p "$DMODS/$(dirname "$p")"
	cp "$PLAIN/$p" "$DMODS/$p"
done <"$OUTDIR/modules.list"
for f in modules.builtin modules.builtin.modinfo modules.order; do
	[ -f "$KMODS/$f" ] && sed -e 's/\.ko\.\(xz\|zst\|gz\)$/.ko/' "$KMODS/$f" >"$DMODS/$f"
done
depmod -b "$STAGE" "$REL"

cp "$MOD" "$STAGE/test/ctneon.ko"
if [ "${BENCH_GUEST:-}" = esp ]; then
	install -m 0755 "$SRC/bench/guest-esp.sh" "$STAGE/test/guest.sh"
	for p in esp-pingpong dio-bench; do
		"${CROSS}gcc" -static -O2 -Wall -Wextra -Werror -I"$SRC" \
			-o "$STAGE/test/bin/$p" "$SRC/bench/$p.c"
	done
	for h in iproute2 cryptsetup; do
		CTNEON_VM_CRYPTSETUP=1 ARCH=$ARCH DEBARCH=$DEBARCH CROSS=$CROSS \
			STAGE=$STAGE CACHE=$CACHE KROOT=$KROOT REL=$REL \
			bash "$SRC/tests/vm/stage-hooks/$h.sh"
	done
else
	install -m 0755 "$SRC/bench/guest-bench.sh" "$STAGE/test/guest.sh"
	# BENCH_CFLAGS: e.g. -DBENCH_BREAK_TAG (bench/afalg-bench.c)
	# shellcheck disable=SC2086
	"${CROSS}gcc" -static -O2 -Wall -Wextra -Werror ${BENCH_CFLAGS:-} -I"$SRC" -o "$STAGE/test/bin/afalg-bench" "$SRC/bench/afalg-bench.c"
fi
chmod -R a+rX "$STAGE/test"
(cd "$STAGE" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc --owner=0:0 --quiet) | gzip -1 >"$OUTDIR/initramfs.cpio.gz.tmp"
mv "$OUTDIR/initramfs.cpio.gz.tmp" "$OUTDIR/initramfs.cpio.gz"
log "wrote $OUTDIR/initramfs.cpio.gz ($(wc -l <"$OUTDIR/modules.list") modules)"
