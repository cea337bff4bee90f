#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/guest.sh of the bench guest (bench/run.sh, bench/mkinitramfs.sh),
# started by tests/vm/init.  Loads the in-tree NEON drivers ctneon is
# compared with (the Crypto Extensions modules are blacklisted: the boards
# ctneon is for have none) and runs /test/bin/afalg-bench on them and on
# the generic C code; then inserts ctneon and runs afalg-bench on its
# drivers.  The same for the AEADs and ChaCha20: the in-tree side is the
# gcm template over the bit-sliced ctr(aes) and the GHASH a board without
# the Crypto Extensions gets (arm64: ghash-generic, table based, because
# Debian's ghash-ce loads only with PMULL; arm: ghash-ce's 8-bit polynomial
# multiply path), bound by instance names so that nothing else can be
# picked, and rfc7539(chacha20-neon,poly1305-neon); ctneon's ChaCha20
# drivers are bound by driver name and skipped ("skip" lines) while the
# module under test does not have them.  Finally prints where every
# module's .text was loaded ("section MODULE ADDR") and the text symbols
# needed for attribution.
# The names of #23 (cmac, xcbc, cbcmac, ccm, rfc4309, cts(cbc), xctr) run
# in afalg-bench calls of their own, at the sizes of BENCH_MORE_SIZES
# (default 16, 64, 1420 and 16384 bytes, what the issue asks for); the
# in-tree side is what this kernel resolves the name to on a board
# without the Crypto Extensions, bound by driver name where a driver of
# that name is registered (6.1 arm64: aes-neon-blk's; 7.x: the library's
# -lib drivers) and otherwise by the template instance over the drivers
# the kernel would pick (6.1 arm: aes-arm, the bit-sliced CTR and CBC).
# "have" lines list the drivers of these names /proc/crypto shows before
# and after ctneon is inserted.
# Every line that bench/report.py reads starts with "section", "ktext",
# "bench", "disas", "skip" or "error"; text symbols of /proc/kallsyms
# follow gzip'd and base64'd between "kallsyms-begin" and "kallsyms-end".

BIN=/test/bin
now() { cut -d' ' -f1 /proc/uptime; }
mkdir -p /etc/modprobe.d
# cycle windows of CTR and XTS at 16, 64 and 4096 bytes (#22 item 4: the
# short-request claims in cycles too), in-tree here, ctneon in CTDISAS
SHORTDIS=
for m in ctr xts; do
	for s in 16 64 4096; do
		SHORTDIS="$SHORTDIS -d neonbs/$m:$m-aes-neonbs:$s"
	done
done
case $(uname -m) in
aarch64)
	echo "blacklist aes_ce_blk
blacklist aes_ce_cipher
blacklist aes_ce_ccm
blacklist ghash_ce
blacklist polyval_ce" >/etc/modprobe.d/bench.conf
	# Debian's arm64 kernel has CONFIG_CRYPTO_AES_ARM64_BS=m, so
	# aes-neon-blk registers no ecb/cbc/ctr/xts of its own (only the
	# routines aes-neon-bs borrows: CBC encryption, the XTS tail) and the
	# scalar aes-arm64 is not built: the in-tree NEON driver is neonbs.
	MODS="aes_neon_blk aes_neon_bs aes_ti poly1305_neon"
	GHASH=ghash-generic
	LIST="neonbs/ecb:ecb-aes-neonbs neonbs/cbc:cbc-aes-neonbs
	neonbs/ctr:ctr-aes-neonbs neonbs/xts:xts-aes-neonbs"
	DISAS="-d neonbs/ecb:ecb-aes-neonbs:4096 -d neonbs/cbc:cbc-aes-neonbs:4096
	$SHORTDIS"
	;;
arm*)
	echo "blacklist aes_arm_ce" >/etc/modprobe.d/bench.conf
	MODS="aes_arm_bs aes_arm aes_ti poly1305_arm ghash_arm_ce"
	GHASH=ghash-ce
	LIST="neonbs/ecb:ecb-aes-neonbs neonbs/cbc:cbc-aes-neonbs
	neonbs/ctr:ctr-aes-neonbs neonbs/xts:xts-aes-neonbs
	arm/aes:ecb(aes-arm) arm/cbc:cbc(aes-arm) arm/ctr:ctr(aes-arm)
	arm/xts:xts(ecb(aes-arm))"
	DISAS="-d neonbs/ecb:ecb-aes-neonbs:4096 -d neonbs/cbc:cbc-aes-neonbs:4096
	-d arm/aes:ecb(aes-arm):4096 $SHORTDIS"
	;;
esac
# 7.x (the kernel has the library's aes-lib): no aes-generic, aes-fixed-time,
# aes-arm, chacha20-neon or poly1305 shash any more; the in-tree ChaCha20
# is chacha20-lib (NEON inside), the rfc7539 template's Poly1305 the
# library's (named poly1305-generic in the instance), and the gcm
# template's GHASH the library's, ghash-lib (arm: NEON vmull.p8; arm64:
# PMULL where the CPU has it, which every QEMU AArch64 CPU does, so the
# arm64 in-tree GCM figure there is not a NEON-only board's)
for m in algif_skcipher algif_aead algif_hash cmac xcbc ccm cts xctr \
	ecb cbc ctr xts gcm ghash_generic \
	chacha_neon chacha chacha20poly1305 nhpoly1305_neon adiantum $MODS; do
	modprobe "$m" 2>/dev/null || echo "# modprobe $m failed (built in?)"
done
[ -w /proc/sys/crypto/af_alg_restrict ] && echo 0 >/proc/sys/crypto/af_alg_restrict
if grep -q '^driver *: aes-lib$' /proc/crypto; then
	GHASH=ghash-lib
	CHAPO="chacha20-lib,poly1305-generic"
	CHA=chacha20-lib XCHA=xchacha20-lib XCHA12=xchacha12-lib
	case $(uname -m) in arm*)
		LIST="neonbs/ecb:ecb-aes-neonbs neonbs/cbc:cbc-aes-neonbs
		neonbs/ctr:ctr-aes-neonbs neonbs/xts:xts-aes-neonbs"
		DISAS="-d neonbs/ecb:ecb-aes-neonbs:4096 -d neonbs/cbc:cbc-aes-neonbs:4096
		$SHORTDIS" ;;
	esac
	LIST="$LIST
	generic/aes:ecb(aes-lib) generic/cbc:cbc(aes-lib)
	generic/ctr:ctr(aes-lib) generic/xts:xts(ecb(aes-lib))"
else
	CHAPO="chacha20-neon,poly1305-neon"
	CHA=chacha20-neon XCHA=xchacha20-neon XCHA12=xchacha12-neon
	LIST="$LIST
	generic/aes:ecb(aes-generic) generic/cbc:cbc(aes-generic)
	generic/ctr:ctr(aes-generic) generic/xts:xts(ecb(aes-generic))
	ti/aes:ecb(aes-fixed-time)"
fi
# the AEADs and ChaCha20 (bench/afalg-bench.c algspec() gives each its shape)
GCM="gcm_base(ctr-aes-neonbs,$GHASH)"
LIST="$LIST
	intree/gcm:$GCM intree/rfc4106:rfc4106($GCM)
	intree/rfc7539:rfc7539($CHAPO) intree/rfc7539esp:rfc7539esp($CHAPO)
	intree/chacha20:$CHA intree/xchacha20:$XCHA
	intree/xchacha12:$XCHA12
	intree/adiantum12:adiantum(xchacha12,aes)
	intree/adiantum20:adiantum(xchacha20,aes)"
DISAS="$DISAS -d intree/gcm:$GCM:1420 -d intree/gcm:$GCM:16384
	-d intree/rfc7539:rfc7539($CHAPO):1420
	-d intree/rfc7539:rfc7539($CHAPO):16384
	-d intree/chacha20:$CHA:16384
	-d intree/adiantum12:adiantum(xchacha12,aes):4096"
# #23's names.  pick NAME...: the first that /proc/crypto has as a driver;
# a template instance (with a parenthesis) is taken as it is
pick() {
	for n in "$@"; do
		case $n in *'('*) echo "$n"; return ;; esac
		grep -q "^driver *: $n\$" /proc/crypto && { echo "$n"; return; }
	done
}
have() {
	awk -v w="$1" '/^driver/ && $3 ~ /^(cmac|xcbc|cbcmac|ccm|rfc4309|cts|xctr)/ {
		print "have", w, $3 }' /proc/crypto | sort -u
}
if grep -q '^driver *: aes-lib$' /proc/crypto; then
	# 7.x: the library's drivers (arm64: the library uses the AES
	# instructions QEMU's CPU has; a NEON-only board gets its scalar
	# table-based code); Debian's 7.2 and 7.3 have no ccm-, cts-cbc- or
	# xctr-aes-lib on arm and arm64 (crypto/aes.c leaves ccm and cts out
	# there, CONFIG_CRYPTO_XCTR is off), so those are the templates, and
	# arm64's cts is aes-neon-blk's cts-cbc-aes-neon, which 7.3 still has
	CCM=$(pick ccm-aes-lib "ccm_base(ctr-aes-neonbs,cbcmac-aes-lib)")
	MORE="intree/cmac:cmac-aes-lib intree/xcbc:xcbc-aes-lib
	intree/cbcmac:cbcmac-aes-lib
	intree/cts:$(pick cts-cbc-aes-lib cts-cbc-aes-neon "cts(cbc-aes-neonbs)")
	intree/xctr:$(pick xctr-aes-lib "xctr(aes-lib)")"
else
	case $(uname -m) in
	aarch64)
		# aes-neon-blk registers the MACs and cts-cbc-aes-neon; its
		# xctr-aes-neon only without CONFIG_CRYPTO_AES_ARM64_BS
		CCM="ccm_base(ctr-aes-neonbs,$(pick cbcmac-aes-neon "cbcmac(aes-fixed-time)"))"
		MORE="intree/cmac:$(pick cmac-aes-neon "cmac(aes-fixed-time)")
		intree/xcbc:$(pick xcbc-aes-neon "xcbc(aes-fixed-time)")
		intree/cbcmac:$(pick cbcmac-aes-neon "cbcmac(aes-fixed-time)")
		intree/cts:$(pick cts-cbc-aes-neon "cts(cbc-aes-neonbs)")
		intree/xctr:$(pick xctr-aes-neon "xctr(aes-fixed-time)")" ;;
	*)
		CCM="ccm_base(ctr-aes-neonbs,cbcmac(aes-arm))"
		MORE="intree/cmac:cmac(aes-arm) intree/xcbc:xcbc(aes-arm)
		intree/cbcmac:cbcmac(aes-arm) intree/cts:cts(cbc-aes-neonbs)
		intree/xctr:xctr(aes-arm)" ;;
	esac
fi
MORE="$MORE
	intree/ccm:$CCM intree/rfc4309:rfc4309($CCM)"
# Cycle windows at the sizes each name's users send, for the ranking
# table of svc-rank.c (a name ctneon yields to a constant-time in-tree
# driver that is faster): the MAC at 16, 64 and 1420 bytes, cts and cbc
# at 512 and 4096 (disk sectors), ccm at 64 and 1420 (packets); on arm
# the in-tree ChaCha20 at 64 and 1420 (the rfc7539 template's) and
# xchacha12 at 512 and 4096 (Adiantum), ECB at 512.  Windows whose
# driver this kernel lacks print "skip".
rankdis() {	# rankdis SIDE CMAC CTS CCM CBC XCHA12 CHA ECB RFC7539
	for s in 16 64 1420; do echo "-d $1/cmac:$2:$s"; done
	for s in 512 4096; do echo "-d $1/cts:$3:$s -d $1/cbc:$5:$s"; done
	for s in 64 1420; do echo "-d $1/ccm:$4:$s"; done
	case $(uname -m) in aarch64) return ;; esac
	for s in 512 4096; do echo "-d $1/xchacha12:$6:$s"; done
	for s in 64 1420; do echo "-d $1/chacha20:$7:$s"; done
	echo "-d $1/ecb:$8:512 -d $1/rfc7539:$9:64"
}
RANKDIS=$(rankdis intree "$(echo "$MORE" | sed -n 's/.*intree\/cmac:\([^ ]*\).*/\1/p')" \
	"$(echo "$MORE" | sed -n 's/.*intree\/cts:\([^ ]*\).*/\1/p')" "$CCM" \
	cbc-aes-neonbs "$XCHA12" "$CHA" ecb-aes-neonbs "rfc7539($CHAPO)")
CTRANKDIS=$(rankdis ctneon cmac-aes-ctneon cts-cbc-aes-ctneon ccm-aes-ctneon \
	cbc-aes-ctneon xchacha12-ctneon chacha20-ctneon ecb-aes-ctneon \
	rfc7539-chacha20-poly1305-ctneon)
CTMORE="ctneon/cmac:cmac-aes-ctneon ctneon/xcbc:xcbc-aes-ctneon
	ctneon/cbcmac:cbcmac-aes-ctneon ctneon/ccm:ccm-aes-ctneon
	ctneon/rfc4309:rfc4309-ccm-aes-ctneon ctneon/cts:cts-cbc-aes-ctneon
	ctneon/xctr:xctr-aes-ctneon"
CTLIST="ctneon/gcm:gcm-aes-ctneon ctneon/rfc4106:rfc4106-gcm-aes-ctneon
	ctneon/rfc7539:rfc7539-chacha20-poly1305-ctneon
	ctneon/rfc7539esp:rfc7539esp-chacha20-poly1305-ctneon
	ctneon/chacha20:chacha20-ctneon ctneon/xchacha20:xchacha20-ctneon
	ctneon/xchacha12:xchacha12-ctneon
	ctneon/adiantum12:adiantum-xchacha12-aes-ctneon
	ctneon/adiantum20:adiantum-xchacha20-aes-ctneon
	ctneon/ecb:ecb-aes-ctneon ctneon/cbc:cbc-aes-ctneon
	ctneon/ctr:ctr-aes-ctneon ctneon/xts:xts-aes-ctneon
	ctneon/aes:ecb(aes-ctneon)"
CTDISAS="-d ctneon/ecb:ecb-aes-ctneon:4096 -d ctneon/cbc:cbc-aes-ctneon:4096
	-d ctneon/aes:ecb(aes-ctneon):16
	-d ctneon/gcm:gcm-aes-ctneon:1420 -d ctneon/gcm:gcm-aes-ctneon:16384
	-d ctneon/rfc7539:rfc7539-chacha20-poly1305-ctneon:1420
	-d ctneon/rfc7539:rfc7539-chacha20-poly1305-ctneon:16384
	-d ctneon/chacha20:chacha20-ctneon:16384
	-d ctneon/adiantum12:adiantum-xchacha12-aes-ctneon:4096
	$(echo "$SHORTDIS" | sed 's/neonbs/ctneon/g')"

bench() {
	# shellcheck disable=SC2086
	$BIN/afalg-bench ${CTNEON_REPS:+-r $CTNEON_REPS} \
		${CTNEON_BIGREPS:+-R $CTNEON_BIGREPS} ${CTNEON_SIZES:+-s $CTNEON_SIZES} "$@" ||
		echo "error afalg-bench exit $?"
}
# Adiantum at 512 bytes too: dm-crypt's default sector size
bench_adi512() {
	# shellcheck disable=SC2086
	$BIN/afalg-bench ${CTNEON_REPS:+-r $CTNEON_REPS} -s 512 "$@" ||
		echo "error afalg-bench exit $?"
}
bench_more() {
	# shellcheck disable=SC2086
	$BIN/afalg-bench ${CTNEON_REPS:+-r $CTNEON_REPS} \
		${CTNEON_BIGREPS:+-R $CTNEON_BIGREPS} \
		-s "${BENCH_MORE_SIZES:-16,64,1420,16384}" "$@" ||
		echo "error afalg-bench exit $?"
}

echo 0 >/proc/sys/kernel/kptr_restrict
grep -E ' (_stext|_etext)$' /proc/kallsyms | awk '{ print "ktext", $3, $1 }'
# The in-tree drivers first, before ctneon is loaded: some of them
# allocate helpers by cra_name when a transform is made (arm's aes-neonbs:
# a cbc(aes) skcipher for CBC encryption, an aes cipher for the XTS tweak),
# and with ctneon loaded those would be ctneon's.
# shellcheck disable=SC2086
bench $DISAS $LIST
bench_adi512 "intree/adiantum12:adiantum(xchacha12,aes)" \
	"intree/adiantum20:adiantum(xchacha20,aes)"
# shellcheck disable=SC2086
bench_more $MORE
# shellcheck disable=SC2086
bench $RANKDIS
have intree
insmod /test/ctneon.ko $CTNEON_MODPARAMS || echo "error insmod ctneon"
# wait (at most 120 s) for the self-tests of 6.12, which run in the background
t0=$(now)
while grep -A12 'driver.*ctneon' /proc/crypto | grep -q 'selftest.*unknown'; do
	awk -v a="$t0" -v b="$(now)" 'BEGIN { exit !(b - a > 120) }' && break
	sleep 0.5
done
# shellcheck disable=SC2086
bench $CTDISAS $CTLIST
bench_adi512 ctneon/adiantum12:adiantum-xchacha12-aes-ctneon \
	ctneon/adiantum20:adiantum-xchacha20-aes-ctneon
# shellcheck disable=SC2086
bench_more $CTMORE
# shellcheck disable=SC2086
bench $CTRANKDIS
have ctneon
rc=0
# modules autoloaded by the binds above are in the list too
for s in /sys/module/*/sections/.text; do
	m=${s#/sys/module/}
	echo "section ${m%%/*} $(cat "$s")"
done
# text symbols for attribution by function (the serial console is slow, so
# not all of them): every module symbol, and of the kernel's the AES and
# crypto_xor functions and those of GHASH, ChaCha20 and Poly1305, each
# followed by the next symbol (where it ends), plus the first one (below
# it is user space); and the crypto API's own functions a request runs
# through (bench/report.py API_SYM: the "path" count), and the library
# functions a glue calls beside them (memset, memcpy, scatterlist
# iterators, bottom halves), so that a glue's share of the kernel can be
# told by function
echo kallsyms-begin
awk -v re='aes|crypto_xor|ghash|gf128mul|chacha|poly1305|cmac|xcbc|crypto_ccm|crypto_cts|xctr' \
    -v api='^(skcipher_|crypto_skcipher|crypto_aead|scatterwalk|kernel_neon|fpsimd_|vfp_|flush_dcache_page|kmap|__kmap|kunmap)' \
    -v lib='^(memset|memcpy|memmove|memzero|__memzero|mmioset|mmiocpy|__memset|__memcpy|sg_|__sg_|local_bh_|__local_bh_|do_softirq|__do_softirq|irq_exit|may_use_simd)' '($2 == "t" || $2 == "T") {
	m = tolower($3) ~ re || $3 ~ api || $3 ~ lib
	if (!n++ || $4 ~ /^\[/ || p || m) print
	p = $4 !~ /^\[/ && m
}' /proc/kallsyms | gzip -1 | base64
echo kallsyms-end
exit $rc
