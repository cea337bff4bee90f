#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/guest.sh of the bench guest (bench/run.sh, bench/mkinitramfs.sh),
# started by tests/vm/init.  Loads ctneon and the in-tree NEON drivers it is
# compared with (the Crypto Extensions modules are blacklisted: the boards
# ctneon is for have none), prints where every module's .text was loaded
# ("section MODULE ADDR") and the kernel's text bounds, then runs
# /test/bin/afalg-bench on the algorithm list for this architecture.
# Every line that bench/report.py reads starts with "section", "ktext",
# "bench", "disas", "skip" or "error"; text symbols of /proc/kallsyms
# follow gzip'd and base64'd between "kallsyms-begin" and "kallsyms-end".

BIN=/test/bin
now() { cut -d' ' -f1 /proc/uptime; }
mkdir -p /etc/modprobe.d
case $(uname -m) in
aarch64)
	echo "blacklist aes_ce_blk
blacklist aes_ce_cipher
blacklist aes_ce_ccm" >/etc/modprobe.d/bench.conf
	# Debian's arm64 kernel has CONFIG_CRYPTO_AES_ARM64_BS=m, so
	# aes-neon-blk registers no ecb/cbc/ctr/xts of its own (only the
	# routines aes-neon-bs borrows: CBC encryption, the XTS tail) and the
	# scalar aes-arm64 is not built: the in-tree NEON driver is neonbs.
	MODS="aes_neon_blk aes_neon_bs aes_ti"
	LIST="neonbs/ecb:ecb-aes-neonbs neonbs/cbc:cbc-aes-neonbs
	neonbs/ctr:ctr-aes-neonbs neonbs/xts:xts-aes-neonbs"
	DISAS="-d neonbs/ecb:ecb-aes-neonbs:4096"
	;;
arm*)
	echo "blacklist aes_arm_ce" >/etc/modprobe.d/bench.conf
	MODS="aes_arm_bs aes_arm aes_ti"
	LIST="neonbs/ecb:ecb-aes-neonbs neonbs/cbc:cbc-aes-neonbs
	neonbs/ctr:ctr-aes-neonbs neonbs/xts:xts-aes-neonbs
	arm/aes:ecb(aes-arm) arm/cbc:cbc(aes-arm) arm/ctr:ctr(aes-arm)
	arm/xts:xts(ecb(aes-arm))"
	DISAS="-d neonbs/ecb:ecb-aes-neonbs:4096 -d arm/aes:ecb(aes-arm):4096"
	;;
esac
LIST="ctneon/ecb:ecb-aes-ctneon ctneon/cbc:cbc-aes-ctneon
	ctneon/ctr:ctr-aes-ctneon ctneon/xts:xts-aes-ctneon
	ctneon/aes:ecb(aes-ctneon) $LIST
	generic/aes:ecb(aes-generic) generic/cbc:cbc(aes-generic)
	generic/ctr:ctr(aes-generic) generic/xts:xts(ecb(aes-generic))
	ti/aes:ecb(aes-fixed-time)"
DISAS="-d ctneon/ecb:ecb-aes-ctneon:4096 -d ctneon/aes:ecb(aes-ctneon):16 $DISAS"

for m in algif_skcipher ecb cbc ctr xts $MODS; do
	modprobe "$m" 2>/dev/null || echo "# modprobe $m failed (built in?)"
done
insmod /test/ctneon.ko || echo "error insmod ctneon"
# wait (at most 120 s) for the self-tests of 6.12, which run in the background
t0=$(now)
while grep -q -A12 'ctneon' /proc/crypto && grep -A12 'driver.*ctneon' /proc/crypto | grep -q 'selftest.*unknown'; do
	awk -v a="$t0" -v b="$(now)" 'BEGIN { exit !(b - a > 120) }' && break
	sleep 0.5
done
# instantiate every template outside the measurement (bind creates it)
echo 0 >/proc/sys/kernel/kptr_restrict
grep -E ' (_stext|_etext)$' /proc/kallsyms | awk '{ print "ktext", $3, $1 }'
# shellcheck disable=SC2086
$BIN/afalg-bench ${CTNEON_REPS:+-r $CTNEON_REPS} ${CTNEON_BIGREPS:+-R $CTNEON_BIGREPS} \
	${CTNEON_SIZES:+-s $CTNEON_SIZES} $DISAS $LIST
rc=$?
# modules autoloaded by the binds above are in the list too
for s in /sys/module/*/sections/.text; do
	m=${s#/sys/module/}
	echo "section ${m%%/*} $(cat "$s")"
done
# text symbols for attribution by function (the serial console is slow, so
# not all of them): every module symbol, and of the kernel's the AES and
# crypto_xor functions, each followed by the next symbol (where it ends),
# plus the first one (below it is user space)
echo kallsyms-begin
awk '($2 == "t" || $2 == "T") {
	if (!n++ || $4 ~ /^\[/ || p || tolower($3) ~ /aes|crypto_xor/) print
	p = $4 !~ /^\[/ && tolower($3) ~ /aes|crypto_xor/
}' /proc/kallsyms | gzip -1 | base64
echo kallsyms-end
exit $rc
