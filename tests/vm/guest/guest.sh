#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/guest.sh: the tests that run inside the QEMU guest (busybox sh),
# started by tests/vm/init.  Every check prints one line, "ok NAME" or
# "FAIL NAME: why"; the last line is "guest: N passed, M failed" and the
# exit status is 0 only if nothing failed.
#
#  1. insmod /test/ctneon.ko
#  2. each ctneon driver reaches "selftest : passed" in /proc/crypto
#     (6.12 tests in the background: bounded wait)
#  3. the kernel picks ctneon for ecb/cbc/ctr/xts(aes) and for the aes
#     cipher when asked by cra_name, with the in-tree NEON drivers loaded,
#     and for #23's names (cts(cbc(aes)), xctr(aes), cmac/xcbc/cbcmac(aes),
#     ccm(aes), rfc4309(ccm(aes))), except where ctneon's ranking table
#     yields a name to a faster constant-time in-tree driver
#  3b. rank.sh: every name's ranking against the table (svc-rank.c)
#  4. afalg-diff (NEON path), then again with force_fallback=1 (the
#     portable path) and force_fallback=2 (each NEON section of a request
#     on either path at random); the same for afalg-aead
#  4b. afalg-hybrid: the vpaes/bit-sliced split on one transform (threshold
#     crossed both ways; threads racing the bit-sliced key conversion)
#  5. tcrypt mode=10 (the AES-mode vectors of testmgr, which allocates by
#     cra_name and so gets ctneon), NEON and fallback
#  6. rmmod ctneon; insmod again; the self-tests pass again
#  and after each step: dmesg has no alg: failure, WARNING, BUG or Oops.
#
# The emulated arm64 CPUs (cortex-a53/a57) have the Crypto Extensions,
# whose drivers (priority 300) rightly outrank ctneon (275); the boards
# ctneon is for have none.  So the CE modules are blacklisted for
# autoloading here, and the in-tree NEON-only competitors are loaded on
# purpose: the priority checks are against exactly what such a board runs.
#
# Knobs (kernel command line ctneon.X=Y arrives as CTNEON_X, see /init):
#   ctneon.cases=N    afalg-diff cases per ChaCha driver (default 2000, as
#                     issue #6 asks)
#   ctneon.aescases=N afalg-diff cases per AES driver (default half of
#                     ctneon.cases, so 1000 by default: the AES
#                     cores also get 10,000 random cases per mode and key
#                     size against OpenSSL in the unit tests; this keeps
#                     make check's time down)
#   ctneon.fbcases=N  the same with force_fallback=1 (default 200, messages
#                     up to 2 KiB: the portable path is slow under TCG)
#   ctneon.seed=S     afalg-diff seed
#   ctneon.wait=S     seconds to wait for background self-tests (120)
#   ctneon.quick=1    skip the fallback pass and the reload
#   ctneon.aeadcases=N, ctneon.aeadfbcases=N  afalg-aead cases per AEAD,
#                     NEON and force_fallback=1 (default 2000 and 300; the
#                     fallback pass keeps texts to 2 KiB; on arm, whose
#                     TCG is slower, 2% of the cases are long, not 4%)
#   ctneon.ipsec_kb=N KiB sent each way through the IPsec tunnel (2048)
#   ctneon.noipsec=1  skip the IPsec test
#   ctneon.notcrypt=1 skip tcrypt (the debug tier on arm 7.x, whose KASAN
#                     kernel cannot load a module: tests/debug/run.sh)
#   ctneon.prewarm=1  instantiate tcrypt's templates through AF_ALG first
#                     (the debug tier, see tcrypt())

MOD=/test/ctneon.ko
BIN=/test/bin
PARAM=/sys/module/ctneon/parameters/force_fallback
CASES=${CTNEON_CASES:-2000}
AESCASES=${CTNEON_AESCASES:-$((CASES / 2))}
FBCASES=${CTNEON_FBCASES:-200}
WAIT=${CTNEON_WAIT:-120}
DRIVERS="aes-ctneon ecb-aes-ctneon cbc-aes-ctneon ctr-aes-ctneon xts-aes-ctneon"
DRIVERS="$DRIVERS gcm-aes-ctneon rfc4106-gcm-aes-ctneon"
# #23: the names 7.x would give to its table-based library drivers
DRIVERS="$DRIVERS cts-cbc-aes-ctneon xctr-aes-ctneon cmac-aes-ctneon xcbc-aes-ctneon"
DRIVERS="$DRIVERS cbcmac-aes-ctneon ccm-aes-ctneon rfc4309-ccm-aes-ctneon"
DRIVERS="$DRIVERS chacha20-ctneon xchacha20-ctneon xchacha12-ctneon"
DRIVERS="$DRIVERS adiantum-xchacha12-aes-ctneon adiantum-xchacha20-aes-ctneon"
# the ChaCha20-Poly1305 AEADs: arm64, and arm where the asynchronous
# wrappers are (32-bit 6.1; glue-chacha.c): added after insmod (cp_expected)
CPDRIVERS="rfc7539-chacha20-poly1305-ctneon rfc7539esp-chacha20-poly1305-ctneon"
cp_expected() {
	[ "$(uname -m)" = aarch64 ] ||
		[ "$(cat /sys/module/ctneon/parameters/wrapped 2>/dev/null)" = Y ]
}
AEADCASES=${CTNEON_AEADCASES:-2000}
AEADFBCASES=${CTNEON_AEADFBCASES:-300}
MODES="ecb cbc ctr xts"

npass=0
nfail=0
ok() { echo "ok $*"; npass=$((npass + 1)); }
fail() { echo "FAIL $*"; nfail=$((nfail + 1)); }
note() { echo "# $*"; }
now() { cut -d' ' -f1 /proc/uptime; }

# crypto_field DRIVER FIELD: FIELD of /proc/crypto's entry for DRIVER
crypto_field() {
	awk -v d="$1" -v f="$2" '
		$1 == "name" { name = $3; drv = "" }
		$1 == "driver" { drv = $3; if (drv == d && f == "name") { print name; exit } }
		drv == d && $1 == f { print $3; exit }' /proc/crypto
}

# dmesg_check NAME: the kernel log since the previous call is clean.
# Failure lines: any "alg:" line except the ones that report success or a
# missing test vector set, kernel warnings, BUGs, oopses, and tcrypt's
# summary of a failed run.
dmesg_check() {
	dmesg -c >/tmp/dmesg.new 2>/dev/null || dmesg >/tmp/dmesg.new
	cat /tmp/dmesg.new >>/tmp/dmesg.all
	grep -E 'alg:|WARNING|BUG|Oops|Unable to handle|Internal error|Call trace|tcrypt: .*fail|ctneon: .*(fail|error)' /tmp/dmesg.new |
		grep -v -E 'alg: .*passed|alg: No test for|module verification failed' >/tmp/dmesg.bad
	if [ -s /tmp/dmesg.bad ]; then
		fail "dmesg-$1: $(wc -l </tmp/dmesg.bad) failure line(s)"
		sed 's/^/#   /' /tmp/dmesg.bad | head -n 20
	else
		ok "dmesg-$1"
	fi
}

# with the asynchronous wrappers (svc-async.c: arm 6.1, or the module
# parameter async=2|3), the synchronous algorithm of every skcipher and
# AEAD is NAME-sync; the wrapper has the name
sync_twins() {
	[ "$(cat /sys/module/ctneon/parameters/wrapped 2>/dev/null)" = Y ] || return 0
	for d in $DRIVERS; do
		case $d in aes-ctneon|cmac-*|xcbc-*|cbcmac-*) ;; *) echo "$d-sync" ;; esac
	done
}

# wait_selftests TAG: every ctneon driver shows "selftest : passed"
wait_selftests() {
	t0=$(now)
	for d in $DRIVERS $(sync_twins); do
		st=
		while :; do
			st=$(crypto_field "$d" selftest)
			[ "$st" = passed ] && break
			awk -v a="$t0" -v b="$(now)" -v w="$WAIT" 'BEGIN { exit !(b - a > w) }' && break
			sleep 0.2
		done
		if [ "$st" = passed ]; then
			ok "selftest$1 $d (priority $(crypto_field "$d" priority))"
		else
			fail "selftest$1 $d: selftest is '${st:-absent}' after ${WAIT} s"
		fi
	done
	note "self-tests done in $(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"
}

# pick NAME TYPE CRANAME EXPECTED: the kernel resolves CRANAME to EXPECTED,
# or to the in-tree driver where ctneon's ranking table yields the name
# (the module parameter ranks; rank.sh checks the table itself)
pick() {
	want=$(awk -v n="$3" '$1 == n && $4 == "yield" { print $2 }' \
		/sys/module/ctneon/parameters/ranks 2>/dev/null)
	want=${want:-$4}
	got=$($BIN/afalg-tool pick "$2" "$3" 2>/tmp/pick.err)
	if [ "$got" = "$want" ]; then
		ok "pick $1: $3 -> $got"
	else
		fail "pick $1: $3 -> ${got:-nothing ($(cat /tmp/pick.err))}, want $want"
	fi
}

afalg_diff() {	# afalg_diff TAG [afalg-diff options]
	tag=$1
	shift
	t0=$(now)
	$BIN/afalg-diff "$@" ${CTNEON_SEED:+-s "$CTNEON_SEED"} >/tmp/afalg.out 2>&1
	rc=$?
	sed -e "s/^ok /ok afalg-diff$tag /" -e "s/^FAIL /FAIL afalg-diff$tag /" /tmp/afalg.out
	npass=$((npass + $(grep -c '^ok ' /tmp/afalg.out)))
	nfail=$((nfail + $(grep -c '^FAIL ' /tmp/afalg.out)))
	if [ $rc != 0 ] && ! grep -q '^FAIL ' /tmp/afalg.out; then
		fail "afalg-diff$tag: exit status $rc"
	fi
	note "afalg-diff$tag took $(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"
}

# tcrypt TAG: mode=10 runs testmgr's AES-mode vectors (ecb, cbc, lrw,
# xts, ctr, rfc3686(ctr), ofb, cfb, xctr) on whatever the kernel resolves
# each cra_name to; with the CE modules out of the way that is ctneon (the
# instances it leaves behind show it).  tcrypt never stays loaded: it ends
# with -EAGAIN when every test passed, else with the first error.
# Debian builds no xctr template and, without the Crypto Extensions, no
# xctr(aes) driver exists: that one allocation failure (-ENOENT) is the
# kernel's, not ctneon's, and is set aside when nothing serves xctr(aes).
tcrypt() {
	# ctneon.prewarm=1 (the debug tier): make the template instances
	# tcrypt will ask for first, through AF_ALG binds that retry the
	# crypto API's ETIMEDOUT: its 60 s wait for a new instance's self-tests
	# is too short under KASAN with the extra tests, and tcrypt's own
	# allocation would fail with -110 (seen for lrw, cfb and xctr(aes) on
	# arm64).  The generic instances come first, by driver name: the
	# extra tests of a ctneon-based instance allocate testmgr's generic
	# twin (lrw(ecb(aes-generic)) ...) from inside the test thread, and if
	# that twin is new its own self-test must finish within the same 60 s
	# (seen on arm: "error allocating lrw(ecb(aes-generic)) ...: -110",
	# then testmgr's WARNING for lrw(ecb-aes-ctneon)).  The ctneon-based
	# template instances are then asked for by driver name: once the
	# generic rfc3686(ctr(aes-generic)) exists, a lookup of the name
	# "rfc3686(ctr(aes))" finds it and makes nothing new, and tcrypt would
	# run its vectors there (seen: "no rfc3686(ctr-aes-ctneon) instance").
	# Made first, ctneon's instances outrank the generic ones by priority.
	if [ "${CTNEON_PREWARM:-0}" = 1 ]; then
		for n in "ecb(aes-generic)" "cbc(aes-generic)" \
			 "lrw(ecb(aes-generic))" "xts(ecb(aes-generic))" \
			 "ctr(aes-generic)" "rfc3686(ctr(aes-generic))" \
			 "pcbc(aes-generic)" "cfb(aes-generic)" "ofb(aes-generic)" \
			 "xctr(aes-generic)" \
			 "ecb(aes)" "cbc(aes)" "xts(aes)" "ctr(aes)" \
			 "lrw(ecb-aes-ctneon)" "rfc3686(ctr-aes-ctneon)" \
			 "pcbc(aes-ctneon)" "cfb(aes-ctneon)" "ofb(aes-ctneon)" \
			 "xctr(aes-ctneon)"; do
			$BIN/afalg-tool pick skcipher "$n" >/dev/null 2>&1
		done
	fi
	modprobe tcrypt mode=10 >/tmp/tcrypt.out 2>&1
	dmesg -c >/tmp/dmesg.new 2>/dev/null
	cat /tmp/dmesg.new >>/tmp/dmesg.all
	grep -E 'alg:|tcrypt:' /tmp/dmesg.new | grep -v -E 'passed|No test for' >/tmp/tcrypt.fail
	ignore='^$'
	if ! grep -q '^name *: xctr(aes)' /proc/crypto; then
		ignore='xctr\(aes\).*(: -2|rc=-2)|tcrypt: one or more tests failed'
		grep -q 'xctr(aes)' /tmp/tcrypt.fail && note "tcrypt$1: xctr(aes) has no driver in this kernel (ENOENT), set aside"
	fi
	grep -v -E "$ignore" /tmp/tcrypt.fail >/tmp/dmesg.bad
	if [ -s /tmp/dmesg.bad ]; then
		fail "tcrypt$1 mode=10: $(wc -l </tmp/dmesg.bad) failure line(s)"
		sed 's/^/#   /' /tmp/dmesg.bad | head -n 20
	elif grep -q 'Resource temporarily unavailable' /tmp/tcrypt.out ||
	     grep -q 'xctr(aes)' /tmp/tcrypt.fail; then
		ok "tcrypt$1 mode=10 (testmgr vectors, no failure in dmesg)"
	else
		fail "tcrypt$1 mode=10: did not run: $(cat /tmp/tcrypt.out)"
	fi
	grep -E '^driver' /proc/crypto | grep ctneon | awk '{ print $3 }' | tr '\n' ' ' >/tmp/tcrypt.drv
	note "ctneon drivers and instances now: $(cat /tmp/tcrypt.drv)"
	# rfc3686(ctr(aes)) of mode 10 wraps whatever serves ctr(aes)
	if grep -q 'rfc3686(ctr-aes-ctneon)' /tmp/tcrypt.drv; then
		ok "tcrypt$1 ran on ctneon (rfc3686(ctr-aes-ctneon) instantiated)"
	else
		fail "tcrypt$1: no rfc3686(ctr-aes-ctneon) instance: the vectors ran elsewhere"
	fi
}

set_fallback() {
	if echo "$1" >"$PARAM" 2>/dev/null && [ "$(cat "$PARAM")" = "$1" ]; then
		ok "force_fallback=$1"
	else
		fail "force_fallback=$1: cannot write $PARAM ($(cat "$PARAM" 2>&1))"
	fi
}

# subscript TAG SCRIPT [args]: run a guest script of its own, pass its
# ok/FAIL lines through and count them (a non-zero exit without a FAIL
# line counts as one), say how long it took, then check the kernel log
subscript() {
	tag=$1
	shift
	t0=$(now)
	sh "$@" >/tmp/sub.out 2>&1
	rc=$?
	cat /tmp/sub.out
	npass=$((npass + $(grep -c '^ok ' /tmp/sub.out)))
	nfail=$((nfail + $(grep -c '^FAIL ' /tmp/sub.out)))
	[ $rc != 0 ] && ! grep -q '^FAIL ' /tmp/sub.out && fail "$tag: exit status $rc"
	note "$tag took $(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"
	dmesg_check "$tag"
}

# ---------------------------------------------------------------------------
echo "guest: $(uname -r) $(uname -m), $(grep -c ^processor /proc/cpuinfo) cpu(s), features: $(grep -m1 -i '^Features' /proc/cpuinfo | cut -d: -f2)"
dmesg -c >/tmp/dmesg.all 2>/dev/null

mkdir -p /etc/modprobe.d
case $(uname -m) in
aarch64)
	echo "blacklist aes_ce_blk
blacklist aes_ce_cipher
blacklist aes_ce_ccm" >/etc/modprobe.d/ctneon-test.conf
	echo "blacklist ghash_ce" >>/etc/modprobe.d/ctneon-test.conf	# gcm-aes-ce
	COMPETITORS="aes_neon_blk aes_neon_bs"
	;;
*)
	echo "blacklist aes_arm_ce" >/etc/modprobe.d/ctneon-test.conf
	COMPETITORS="aes_arm aes_arm_bs"
	;;
esac
case $(uname -m) in aarch64) ;; *) COMPETITORS="$COMPETITORS ghash_arm_ce" ;; esac	# gcm template
# the in-tree ChaCha20 and Poly1305 (NEON), the rfc7539 template, the references
case $(uname -m) in
aarch64) COMPETITORS="$COMPETITORS chacha_neon poly1305_neon" ;;
*)       COMPETITORS="$COMPETITORS chacha_neon poly1305_arm" ;;
esac
COMPETITORS="$COMPETITORS chacha20poly1305 chacha_generic poly1305_generic"
# 7.x: crypto/chacha.ko registers chacha20-lib and its kin (NEON inside)
COMPETITORS="$COMPETITORS chacha"
# the Adiantum template and, before 7.x, its NHPoly1305 (generic and NEON)
COMPETITORS="$COMPETITORS adiantum nhpoly1305 nhpoly1305_neon"
# #23: the hash sockets and the 6.x templates of the names ctneon now
# registers (the references of afalg-diff and afalg-aead)
for m in af_alg algif_skcipher algif_aead algif_hash gcm ghash_generic ecb cbc ctr xts pcbc \
	 cts cmac xcbc ccm $COMPETITORS; do
	modprobe "$m" 2>/dev/null || note "modprobe $m failed (built in or absent?)"
done
note "competitors: $(grep -E '^driver' /proc/crypto | awk '{ print $3 }' | grep -E '^(ecb|cbc|ctr|xts)-aes|^aes-|chacha|poly1305' | tr '\n' ' ')"
dmesg_check boot

# ctneon.prewarm=1 (the debug tier): the generic twins that testmgr's extra
# tests compare ctneon's drivers with, made before insmod.  Otherwise the
# first extra test of each ctneon driver makes its twin from inside the
# test thread, and the twin's own self-test must finish within
# crypto_larval_wait()'s 60 s: under KASAN on a loaded host that once ran
# out for rfc4106 ("error allocating rfc4106(gcm_base(ctr(aes-generic),
# ghash-generic)) ...: -110"), and rfc4106-gcm-aes-ctneon was left
# unusable.  afalg-tool's binds retry ETIMEDOUT.
if [ "${CTNEON_PREWARM:-0}" = 1 ]; then
	t0=$(now)
	for n in "ecb(aes-generic)" "cbc(aes-generic)" "ctr(aes-generic)" \
		 "xts(ecb(aes-generic))" "chacha20-generic" "xchacha20-generic" \
		 "xchacha12-generic" \
		 "adiantum(xchacha12-generic,aes-generic,nhpoly1305-generic)" \
		 "adiantum(xchacha20-generic,aes-generic,nhpoly1305-generic)"; do
		$BIN/afalg-tool pick skcipher "$n" >/dev/null 2>&1
	done
	# the rfc7539 twins only where ctneon registers its AEADs (arm64):
	# on arm the names are template instances, and one made here, over
	# the generic chacha20, would be what a lookup by name finds after
	# insmod (the picks below want the instance over ctneon's chacha20)
	twins="gcm_base(ctr(aes-generic),ghash-generic) rfc4106(gcm_base(ctr(aes-generic),ghash-generic))"
	# (and arm 6.1, where the asynchronous wrappers make ctneon register
	# them: wrapped cannot be read before insmod, the series says it)
	case $(uname -m)-$(uname -r) in aarch64-*|*-6.1.*)
		twins="$twins rfc7539(chacha20-generic,poly1305-generic) rfc7539esp(chacha20-generic,poly1305-generic)" ;;
	esac
	for n in $twins; do
		$BIN/afalg-tool pick aead "$n" >/dev/null 2>&1
	done
	note "generic twins made before insmod in $(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"
fi

# an Adiantum instance made before ctneon loads (over the in-tree parts):
# once ctneon is loaded, a new lookup of the name must still take ctneon's
ADI_BEFORE=$($BIN/afalg-tool pick skcipher "adiantum(xchacha12,aes)" 2>&1)
note "adiantum(xchacha12,aes) before insmod: $ADI_BEFORE"

# 1. load (registration waits for each algorithm's self-tests, so the time
# insmod takes shows whether testmgr's extra tests ran: seconds without,
# many minutes with them under the debug tier's KASAN)
t0=$(now)
if insmod "$MOD" $CTNEON_MODPARAMS; then
	ok "insmod ctneon ($(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s, self-tests included)"
	cp_expected && DRIVERS="$DRIVERS $CPDRIVERS"
else
	fail "insmod ctneon"
	dmesg | tail -n 20 | sed 's/^/#   /'
	echo "guest: $npass passed, $nfail failed"
	exit 1
fi

# 2. self-tests
wait_selftests ""
dmesg_check insmod

# 3. priorities
for m in $MODES; do
	pick "$m" skcipher "$m(aes)" "$m-aes-ctneon"
done
# the cipher: a template instance over "aes" is built on the best cipher
# (7.x builds no pcbc template: there the highest-priority "aes" cipher in
# /proc/crypto, which is what such an instance would get)
if modprobe pcbc 2>/dev/null || grep -q '^name *: pcbc(' /proc/crypto; then
	pick aes skcipher "pcbc(aes)" "pcbc(aes-ctneon)"
else
	best=$(awk '$1 == "name" { n = $3 } $1 == "driver" { d = $3 }
		$1 == "priority" { p = $3 }
		$1 == "type" && $3 == "cipher" && n == "aes" && p > bp { bp = p; bd = d }
		END { print bd }' /proc/crypto)
	if [ "$best" = aes-ctneon ]; then
		ok "pick aes: the highest-priority aes cipher is $best"
	else
		fail "pick aes: the highest-priority aes cipher is ${best:-none}, want aes-ctneon"
	fi
fi
# the debug tier (ctneon.prewarm=1, full self-tests) made the generic
# twins of these names before insmod, and on arm 7.3 a lookup by name
# right after insmod has been seen to return a twin while ctneon's own
# driver was still being tested: make check checks these picks
if [ "${CTNEON_PREWARM:-0}" = 1 ]; then
	for n in "gcm(aes)" "rfc4106(gcm(aes))"; do
		got=$($BIN/afalg-tool pick aead "$n" 2>/dev/null)
		note "pick $n -> ${got:-nothing} (not checked under the debug tier)"
	done
else
	pick gcm aead "gcm(aes)" gcm-aes-ctneon
	pick rfc4106 aead "rfc4106(gcm(aes))" rfc4106-gcm-aes-ctneon
fi
# arm64, and arm 6.1 with the asynchronous wrappers: ctneon's AEADs (320)
# above the template over chacha20-neon and poly1305-neon (250).  Other
# arm kernels: ctneon registers none (the template over
# chacha20-ctneon and poly1305-neon of poly1305-arm is faster there), so
# the names resolve to that template instance, and ctneon's drivers must
# not exist
case $(cp_expected && echo cp) in
cp)
	pick rfc7539 aead "rfc7539(chacha20,poly1305)" rfc7539-chacha20-poly1305-ctneon
	pick rfc7539esp aead "rfc7539esp(chacha20,poly1305)" rfc7539esp-chacha20-poly1305-ctneon
	;;
*)
	for t in rfc7539 rfc7539esp; do
		# the debug tier (ctneon.prewarm=1, full self-tests): testing
		# the new instance over chacha20-ctneon makes its generic twin,
		# of the same name, which is alive first and is what the
		# lookup returns (seen on arm 7.3); make check checks the pick
		if [ "${CTNEON_PREWARM:-0}" = 1 ]; then
			note "pick $t: not checked under the debug tier's full self-tests"
			continue
		fi
		got=$($BIN/afalg-tool pick aead "$t(chacha20,poly1305)" 2>/tmp/pick.err)
		case $got in
		"$t(chacha20-ctneon"*) ok "pick $t: $t(chacha20,poly1305) -> $got" ;;
		*) fail "pick $t: $t(chacha20,poly1305) -> ${got:-nothing ($(cat /tmp/pick.err))}, want $t(chacha20-ctneon,...)" ;;
		esac
	done
	for d in $CPDRIVERS; do
		if grep -q "^driver *: $d\$" /proc/crypto; then
			fail "arm: $d is registered"
		else
			ok "arm: $d not registered"
		fi
	done
	;;
esac
# #23: the names whose 7.x drivers use the table-based AES library
pick cts skcipher "cts(cbc(aes))" cts-cbc-aes-ctneon
pick xctr skcipher "xctr(aes)" xctr-aes-ctneon
for m in cmac xcbc cbcmac; do
	pick "$m" hash "$m(aes)" "$m-aes-ctneon"
done
pick ccm aead "ccm(aes)" ccm-aes-ctneon
pick rfc4309 aead "rfc4309(ccm(aes))" rfc4309-ccm-aes-ctneon
# the skciphers (310) outrank chacha20-neon and xchacha*-neon (300), loaded
# above as competitors
for c in chacha20 xchacha20 xchacha12; do
	pick "$c" skcipher "$c" "$c-ctneon"
done
# Adiantum (320) over any template instance, also one made before insmod
for r in 12 20; do
	pick "adiantum-xchacha$r" skcipher "adiantum(xchacha$r,aes)" "adiantum-xchacha$r-aes-ctneon"
done
case $ADI_BEFORE in
adiantum\(*)
	if grep -qF "driver       : $ADI_BEFORE" /proc/crypto; then
		note "adiantum: the instance made before insmod ($ADI_BEFORE) is still registered; the lookup above took ctneon's"
	else
		note "adiantum: the instance made before insmod ($ADI_BEFORE) is gone"
	fi ;;
esac

# 3b. the ranking table (svc-rank.c, tests/vm/guest/rank.sh): who serves
# each name on this configuration, beside which in-tree driver, and why
case $(uname -r) in
*-ctneon-debug)	# the debug tier's kernels are built without the in-tree
		# NEON drivers the table names
		note "rank: not on the debug kernel (no in-tree NEON drivers)" ;;
*)		subscript rank /test/rank.sh ;;
esac

# 4. differential tests, NEON then the portable path
afalg_diff "" -n "$CASES" -a "$AESCASES"
dmesg_check afalg-diff
t0=$(now)
$BIN/afalg-hybrid ${CTNEON_SEED:+-s "$CTNEON_SEED"} >/tmp/hybrid.out 2>&1
rc=$?
cat /tmp/hybrid.out
npass=$((npass + $(grep -c '^ok ' /tmp/hybrid.out)))
nfail=$((nfail + $(grep -c '^FAIL ' /tmp/hybrid.out)))
[ $rc != 0 ] && ! grep -q '^FAIL ' /tmp/hybrid.out && fail "afalg-hybrid: exit status $rc"
note "afalg-hybrid took $(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"
dmesg_check afalg-hybrid
if [ "${CTNEON_QUICK:-0}" != 1 ]; then
	set_fallback 1
	afalg_diff "-fallback" -n "$FBCASES" -l 2048
	# each NEON section of a request on NEON or the portable path at
	# random: requests whose steps take both paths (neon-section.c)
	set_fallback 2
	afalg_diff "-mixed" -n "$FBCASES" -l 4096
	set_fallback 0
	dmesg_check afalg-diff-fallback
fi

# 4c. AEADs: afalg-aead (NEON, then the portable path)
afalg_aead() {	# afalg_aead TAG [afalg-aead options]
	tag=$1
	shift
	t0=$(now)
	$BIN/afalg-aead "$@" ${CTNEON_SEED:+-s "$CTNEON_SEED"} >/tmp/aead.out 2>&1
	rc=$?
	sed -e "s/^ok /ok afalg-aead$tag /" -e "s/^FAIL /FAIL afalg-aead$tag /" /tmp/aead.out
	npass=$((npass + $(grep -c '^ok ' /tmp/aead.out)))
	nfail=$((nfail + $(grep -c '^FAIL ' /tmp/aead.out)))
	[ $rc != 0 ] && ! grep -q '^FAIL ' /tmp/aead.out && fail "afalg-aead$tag: exit status $rc"
	note "afalg-aead$tag took $(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"
}
case $(uname -m) in aarch64) AEADBIG=4 ;; *) AEADBIG=2 ;; esac
afalg_aead "" -n "$AEADCASES" -b "$AEADBIG"
dmesg_check afalg-aead
if [ "${CTNEON_QUICK:-0}" != 1 ]; then
	set_fallback 1
	afalg_aead "-fallback" -n "$AEADFBCASES" -l 2048 -b 0
	set_fallback 2
	afalg_aead "-mixed" -n "$AEADFBCASES" -l 4096 -b 0
	set_fallback 0
	dmesg_check afalg-aead-fallback
fi

# 4c'. issue #21: page-aligned texts do not bounce, and (in a test build)
# decryption authenticates the bytes it decrypts (tests/vm/guest/once.sh)
subscript once /test/once.sh

# 4d. IPsec ESP tunnels over rfc4106-gcm-aes-ctneon, (arm64)
# rfc7539esp-chacha20-poly1305-ctneon and rfc4309-ccm-aes-ctneon between
# two netns
if [ "${CTNEON_NOIPSEC:-0}" != 1 ]; then
	for fam in gcm chacha ccm; do
		subscript "ipsec-$fam" /test/ipsec.sh "$fam"
	done
fi

# 5. tcrypt
if [ "${CTNEON_NOTCRYPT:-0}" = 1 ]; then
	note "tcrypt skipped (ctneon.notcrypt=1)"
else
	tcrypt ""
	if [ "${CTNEON_QUICK:-0}" != 1 ]; then
		set_fallback 1
		tcrypt "-fallback"
		set_fallback 0
	fi
	dmesg_check tcrypt
fi

# 6. unload and reload
if [ "${CTNEON_QUICK:-0}" != 1 ]; then
	if rmmod ctneon 2>/tmp/rmmod.err; then
		ok "rmmod ctneon"
	else
		fail "rmmod ctneon: $(cat /tmp/rmmod.err)"
	fi
	if grep -q ctneon /proc/crypto; then
		fail "unload: ctneon entries left in /proc/crypto"
	else
		ok "unload: no ctneon entry left in /proc/crypto"
	fi
	if insmod "$MOD" $CTNEON_MODPARAMS; then
		ok "insmod ctneon again"
		wait_selftests "-reload"
		pick "xts-reload" skcipher "xts(aes)" "xts-aes-ctneon"
	else
		fail "insmod ctneon again"
	fi
	dmesg_check reload
fi

echo "guest: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
