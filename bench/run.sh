#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/run.sh [CONFIG...]      (what `make bench` calls)
#
# CONFIG is ARCH-KERNEL: arm64-6.1, arm-6.1 (default: both), arm64-6.12,
# arm-6.12, arm64-7, arm-7.  Per configuration, one guest boot:
#   - builds ctneon (make ARCH= KERNEL=, incremental), the plugin
#     build/bench/ctplugin.so (tests/ct/ctplugin.c, the plugin of the
#     constant-time check, which has the hist mode), and the initramfs
#     of bench/mkinitramfs.sh in build/bench/<config>/;
#   - boots the Debian kernel with qemu-system-* -smp 1 -icount
#     shift=0,sleep=off (virtual time follows the instruction count: timer
#     interrupts land on the same instructions in every run) and the plugin
#     in mode=hist; bench/guest-bench.sh runs bench/afalg-bench in the guest;
#   - keeps console.log, hist.txt and disas.txt in build/bench/<config>/.
# Then, on the host:
#   - bench/openssl.sh <arch>: Debian's libcrypto under qemu-user;
#   - bench/mca.py <config>: llvm-mca cycle estimates;
#   - bench/report.py: Documentation/performance-data/*.csv, the tables
#     included by Documentation/performance.rst and the plot
#     Documentation/performance-ipb.png.
# bench/run.sh --esp [CONFIG...]   (what `make bench-esp` calls; default:
# all six configurations): IPsec ESP end to end and dm-crypt (#24).  Per
# configuration one guest boot of bench/guest-esp.sh (initramfs of
# bench/mkinitramfs.sh with BENCH_GUEST=esp, in build/bench/<config>/esp/,
# with a 16 MiB virtio disk for dm-crypt), the plugin in mode=hist with
# 16-byte buckets (enough to tell the modules apart); then
# bench/esp-report.py writes Documentation/performance-data/esp-*.csv and
# Documentation/performance-esp-tables.rst.  Knobs: the ctneon.esp_* and
# ctneon.dm_* ones of guest-esp.sh in BENCH_ESP_ARGS; BENCH_REPS, which
# defaults to 5 here (the network stack's share of a window varies between
# repetitions, the crypto modules' does not).
# Everything runs under nice -n 10.  BENCH_REPS / BENCH_BIGREPS: repetitions
# per window for sizes below / from 4096 bytes (default 3 / 2); the report
# keeps the repetition with the fewest instructions (an interrupt adds some)
# and checks that the crypto module's count is the same in all of them.

set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
OUT=$SRC/build/bench
log() { echo "bench: $*" >&2; }
ESP=0
if [ "${1:-}" = --esp ]; then
	ESP=1
	shift
	[ $# -gt 0 ] || set -- arm-6.1 arm64-6.1 arm-6.12 arm64-6.12 arm-7 arm64-7
fi
[ $# -gt 0 ] || set -- arm64-6.1 arm-6.1

need=()
command -v gcc >/dev/null || need+=(gcc)
command -v qemu-system-aarch64 >/dev/null || need+=(qemu-system-arm)
command -v qemu-aarch64 >/dev/null || need+=(qemu-user)
command -v llvm-mca >/dev/null || need+=(llvm)
/usr/bin/python3 -c 'import matplotlib' 2>/dev/null || need+=(python3-matplotlib)
if [ ${#need[@]} -gt 0 ]; then
	log "apt-get install ${need[*]}"
	"$SRC/scripts/papt.sh" install-system "${need[@]}" >&2
fi

mkdir -p "$OUT"
gcc -O2 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden -pthread \
	-o "$OUT/ctplugin.so" "$SRC/tests/ct/ctplugin.c"

# machine CONFIG: ARCH, KERNEL, QEMU, CPU, APPEND of a configuration
machine() {
	ARCH=${1%%-*} KERNEL=${1#*-}
	case $ARCH in
	arm64) QEMU=qemu-system-aarch64 CPU=cortex-a57 APPEND="kpti=0 randomize_kstack_offset=off ctneon.force_register=1" ;;
	arm)   QEMU=qemu-system-arm CPU=cortex-a15 APPEND="" ;;
	*) log "bad configuration $1"; exit 2 ;;
	esac
}

if [ $ESP = 1 ]; then
	for cfg in "$@"; do
		machine "$cfg"
		D=$OUT/$cfg/esp
		mkdir -p "$D"
		REL=$("$SRC/scripts/kernels.sh" "$ARCH" "$KERNEL" | tail -n1)
		nice -n 10 make -s -C "$SRC" ARCH="$ARCH" KERNEL="$KERNEL" >&2
		BENCH_GUEST=esp nice -n 10 "$SRC/bench/mkinitramfs.sh" "$ARCH" "$KERNEL" "$D"
		rm -f "$D/disk.img"
		truncate -s 16M "$D/disk.img"
		log "$cfg: ESP and dm-crypt, booting $REL ($QEMU -cpu $CPU -smp 1 -icount shift=0,sleep=off)"
		t0=$(date +%s)
		timeout -k 10 "${BENCH_TIMEOUT:-1800}" nice -n 10 \
			"$QEMU" -M virt -cpu "$CPU" -smp 1 -m 512 \
			-icount shift=0,sleep=off -nographic -no-reboot -nic none \
			-drive "file=$D/disk.img,if=none,format=raw,cache=unsafe,id=d0" \
			-device virtio-blk-device,drive=d0 \
			-kernel "$CACHE/$cfg/boot/vmlinuz-$REL" -initrd "$D/initramfs.cpio.gz" \
			-append "console=ttyAMA0 panic=-1 quiet nokaslr $APPEND ctneon.reps=${BENCH_REPS:-5} ${BENCH_ESP_ARGS:-}" \
			-plugin "$OUT/ctplugin.so,mode=hist,shift=4,out=$D/hist.txt" \
			</dev/null 2>&1 | tr -d '\r' >"$D/console.log" || true
		t1=$(date +%s)
		rm -f "$D/disk.img"
		grep -q '^ctneon-vm: done rc=0' "$D/console.log" ||
			{ log "$cfg: the guest did not finish (see $D/console.log)"; exit 1; }
		{ echo "release $REL"; echo "qemu $($QEMU --version | head -n1)"; echo "cpu $CPU"
		  echo "seconds $((t1 - t0))"; } >"$D/info.txt"
		log "$cfg: guest run $((t1 - t0)) s, $(grep -c '^window' "$D/hist.txt") windows"
	done
	exec nice -n 10 /usr/bin/python3 "$SRC/bench/esp-report.py" "$SRC" "$@"
fi

for cfg in "$@"; do
	machine "$cfg"
	D=$OUT/$cfg
	mkdir -p "$D"
	REL=$("$SRC/scripts/kernels.sh" "$ARCH" "$KERNEL" | tail -n1)
	# always: make rebuilds only what changed, and a stale ctneon.ko
	# would measure old code
	nice -n 10 make -s -C "$SRC" ARCH="$ARCH" KERNEL="$KERNEL" >&2
	nice -n 10 "$SRC/bench/mkinitramfs.sh" "$ARCH" "$KERNEL" "$D"
	log "$cfg: booting $REL ($QEMU -cpu $CPU -smp 1 -icount shift=0,sleep=off)"
	t0=$(date +%s)
	timeout -k 10 "${BENCH_TIMEOUT:-1800}" nice -n 10 \
		"$QEMU" -M virt -cpu "$CPU" -smp 1 -m 512 \
		-icount shift=0,sleep=off -nographic -no-reboot -nic none \
		-kernel "$CACHE/$cfg/boot/vmlinuz-$REL" -initrd "$D/initramfs.cpio.gz" \
		-append "console=ttyAMA0 panic=-1 quiet nokaslr $APPEND ctneon.reps=${BENCH_REPS:-3} ctneon.bigreps=${BENCH_BIGREPS:-2}" \
		-plugin "$OUT/ctplugin.so,mode=hist,out=$D/hist.txt,disas=$D/disas.txt" \
		</dev/null 2>&1 | tr -d '\r' >"$D/console.log" || true
	t1=$(date +%s)
	grep -q '^ctneon-vm: done rc=0' "$D/console.log" ||
		{ log "$cfg: the guest did not finish (see $D/console.log)"; exit 1; }
	{ echo "release $REL"; echo "qemu $($QEMU --version | head -n1)"; echo "cpu $CPU"; } >"$D/info.txt"
	log "$cfg: guest run $((t1 - t0)) s, $(grep -c '^window' "$D/hist.txt") windows"
done
for cfg in "$@"; do
	ARCH=${cfg%%-*}
	[ -s "$OUT/openssl-$ARCH.txt" ] && [ "${BENCH_OPENSSL_AGAIN:-0}" = 0 ] ||
		nice -n 10 "$SRC/bench/openssl.sh" "$ARCH" || log "openssl $ARCH failed"
	nice -n 10 /usr/bin/python3 "$SRC/bench/mca.py" "$SRC" "$cfg" || log "mca $cfg failed"
done
# the 6.x and the 7.x configurations have tables of their own
# (performance-tables.rst, performance-tables-7.rst, ...)
six=() seven=()
for cfg in "$@"; do
	case $cfg in *-7|*-7.*) seven+=("$cfg") ;; *) six+=("$cfg") ;; esac
done
rc=0
if [ ${#six[@]} -gt 0 ]; then
	nice -n 10 /usr/bin/python3 "$SRC/bench/report.py" "$SRC" "${six[@]}" || rc=1
fi
if [ ${#seven[@]} -gt 0 ]; then
	BENCH_TABLES=7 nice -n 10 /usr/bin/python3 "$SRC/bench/report.py" "$SRC" "${seven[@]}" || rc=1
fi
exit $rc
