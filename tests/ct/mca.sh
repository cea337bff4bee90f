#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# ctneon: a static cycle estimate of one ct-harness case with llvm-mca.
#
#   tests/ct/mca.sh arm|arm64 CASE [CPU]
#   e.g. tests/ct/mca.sh arm64 ctneon_vpaes_ecb_encrypt/aes128/8blocks cortex-a53
#
# Runs the case once (seed 0) under qemu with ctplugin in disas mode, drops
# the harness's own instructions (ELF symbols matching CT_MCA_SKIP, default
# the window wrappers run_window and call_*; internal routines of the cores
# may have no symbol and are kept), re-disassembles the encodings with
# llvm-mc and feeds that straight-line stream to llvm-mca.  Meant for the
# assembly cores: on arm they are ARM state while libc is Thumb, so a case
# that calls into libc (aes-ct.c's memcpy) cannot be re-disassembled.
# See Documentation/measurement.rst for what the number means (and not).
# CPU defaults to cortex-a53 (arm64) / cortex-a57 (arm; LLVM 14 has no
# scheduling model for the Cortex-A7/A9 class).

set -euo pipefail
SRC=$(cd "$(dirname "$0")/../.." && pwd)
arch=${1:?usage: $0 arm|arm64 CASE [CPU]}
name=${2:?usage: $0 arm|arm64 CASE [CPU]}
skip=${CT_MCA_SKIP:-^(run_window|call_.*)\$}
case $arch in
arm64)	qemu=/usr/bin/qemu-aarch64; triple=aarch64-linux-gnu
	mattr=+neon; cpu=${3:-cortex-a53} ;;
arm)	qemu=/usr/bin/qemu-arm; triple=armv7a-linux-gnueabihf
	mattr=+neon; cpu=${3:-cortex-a57} ;;
*)	echo "usage: $0 arm|arm64 CASE [CPU]" >&2; exit 2 ;;
esac
dir=$SRC/build/ct/$arch

if ! command -v llvm-mca >/dev/null || ! command -v llvm-mc >/dev/null; then
	[ "$(id -u)" -eq 0 ] || { echo "mca: apt-get install llvm" >&2; exit 1; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends llvm >&2
fi
# build plugin and harness (and check the case) through run.sh
CT_QUIET=1 CT_SEEDS=2 CT_FILTER="$name" "$SRC/tests/ct/run.sh" "$arch" >&2

f=$dir/mca-$(echo "$name" | tr '/' '_')
"$qemu" -plugin "$SRC/build/ct/ctplugin.so,mode=disas,out=$f.disas" \
	"$dir/ct-harness" -n 1 run "=$name" >/dev/null
# on arm the selected code is ARM state (the module is built -marm), so
# every 4-byte encoding is an A32 word
awk -F'\t' -v re="$skip" '!/^#/ && $3 !~ re {
	s = ""
	for (i = 1; i <= length($2); i += 2)
		s = s "0x" substr($2, i, 2) " "
	print s
}' "$f.disas" > "$f.bytes"
llvm-mc --disassemble -triple="$triple" -mattr="$mattr" "$f.bytes" > "$f.s"
echo "$arch $name: $(grep -c . "$f.bytes") instructions, $cpu"
llvm-mca -mtriple="$triple" -mattr="$mattr" -mcpu="$cpu" -iterations=1 \
	"$f.s" 2>"$f.err" | sed -n '1,/^Block RThroughput/p'
grep -i error "$f.err" >&2 || true
