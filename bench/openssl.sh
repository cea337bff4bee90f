#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/openssl.sh arm64|arm
#
# Debian's OpenSSL of the target architecture under qemu-user, counted by
# build/bench/ctplugin.so (tests/ct/ctplugin.c) in mode=count: libssl3 and
# libc6 (arm64 or armhf) are fetched with apt-get download (the private apt configuration of
# scripts/kernels.sh, which has both architectures) and unpacked into
# build/bench/sysroot-<arch>/; bench/evp-bench.c is linked against that
# libcrypto.so.3 and run with qemu-<arch> -L <sysroot>.
# Two capability settings (OPENSSL_armcap replaces OpenSSL's CPU probe):
#   neon  OPENSSL_armcap=1: NEON only, no AES/PMULL instructions; this is
#         what a board without the Crypto Extensions runs (vpaes, and on
#         32-bit ARM the bit-sliced bsaes for CBC decryption, CTR and XTS)
#   none  OPENSSL_armcap=0: no NEON either (OpenSSL's table-based C AES)
# Output: build/bench/openssl-<arch>.txt, lines
#   ossl-<caps> MODE KEYBITS DIR SIZE INSNS

set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
ARCH=${1:?usage: $0 arm64|arm}
case $ARCH in
arm64) DEBARCH=arm64 CC=aarch64-linux-gnu-gcc QEMU=/usr/bin/qemu-aarch64 MA=aarch64-linux-gnu ;;
arm)   DEBARCH=armhf CC=arm-linux-gnueabihf-gcc QEMU=/usr/bin/qemu-arm MA=arm-linux-gnueabihf ;;
*) echo "usage: $0 arm64|arm" >&2; exit 2 ;;
esac
OUT=$SRC/build/bench
SYS=$OUT/sysroot-$ARCH
mkdir -p "$OUT"
if [ ! -e "$SYS/usr/lib/$MA/libcrypto.so.3" ]; then
	rm -rf "$SYS.tmp" && mkdir -p "$SYS.tmp/deb"
	"$SRC/scripts/papt.sh" download bookworm "$DEBARCH" "$SYS.tmp/deb" libssl3 libc6
	for d in "$SYS.tmp"/deb/*.deb; do dpkg -x "$d" "$SYS.tmp"; done
	rm -rf "$SYS.tmp/deb" "$SYS" && mv "$SYS.tmp" "$SYS"
fi
ver=$(ls "$SYS"/usr/share/doc/libssl3/ >/dev/null 2>&1 && zcat "$SYS"/usr/share/doc/libssl3/changelog.Debian.gz 2>/dev/null | head -n1 | sed 's/.*(\(.*\)).*/\1/')
$CC -O2 -Wall -Wextra -I"$SRC" -o "$OUT/evp-bench-$ARCH" "$SRC/bench/evp-bench.c" \
	-L"$SYS/usr/lib/$MA" -l:libcrypto.so.3 -Wl,--allow-shlib-undefined
: >"$OUT/openssl-$ARCH.txt"
echo "# libssl3 $ver ($DEBARCH)" >>"$OUT/openssl-$ARCH.txt"
for caps in neon:1 none:0; do
	name=${caps%%:*} val=${caps#*:}
	OPENSSL_armcap=$val "$QEMU" -L "$SYS" \
		-E LD_LIBRARY_PATH=/usr/lib/$MA:/lib/$MA \
		-plugin "$OUT/ctplugin.so,mode=count,out=$OUT/openssl-$ARCH-$name.win" \
		"$OUT/evp-bench-$ARCH" 2 >"$OUT/openssl-$ARCH-$name.lines"
	# pair the n-th "ossl" line with the n-th window
	paste -d' ' <(grep '^ossl ' "$OUT/openssl-$ARCH-$name.lines") \
		<(grep '^window=' "$OUT/openssl-$ARCH-$name.win") |
	awk -v c="$name" '{ split($9, a, "="); print "ossl-" c, $2, $3, $4, $5, a[2] }' \
		>>"$OUT/openssl-$ARCH.txt"
done
echo "openssl $ARCH: $(grep -c '^ossl' "$OUT/openssl-$ARCH.txt") windows" >&2
