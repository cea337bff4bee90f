#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/guest.sh of the dm-crypt guest (tests/vm/dmcrypt.sh copies this file
# there through CTNEON_VM_GUEST; tests/vm/init runs it).  Busybox sh.  Every
# check prints "ok NAME" or "FAIL NAME: why"; the last line is
# "guest: N passed, M failed" and the exit status is 0 only if nothing failed,
# as in guest.sh, so that /init prints the marker run.sh waits for.
#
# What: ctneon under the kernel's real disk-encryption users, on a virtio
# disk (/dev/vda), as on a board without the Crypto Extensions:
#  1. dm-crypt with explicit tables (dmsetup, key in hex), one disk region
#     each: aes-xts-plain64 with 256- and 512-bit keys, aes-cbc-essiv:sha256,
#     xchacha12,aes-adiantum-plain64 and xchacha20,aes-adiantum-plain64.
#     While a mapping is open, /proc/crypto's refcnt of xts-aes-ctneon /
#     cbc-aes-ctneon must be above what it was before (the tfm dm-crypt
#     holds is ctneon's), and for ESSIV an essiv(cbc-aes-ctneon,...)
#     instance must exist.  A pattern that differs per sector
#     (tests/vm/dmpattern.c) is written, synced, the page cache dropped, the
#     mapping removed and opened again, and every sector read back and
#     compared.  DM_MB MiB in all: 7/16 through each XTS region, the rest
#     through ESSIV (whose CBC encryption is sequential and so the slowest).
#     A mapping with a one-bit-wrong key must NOT read the pattern back
#     (the comparison can fail).
#     ESSIV on arm64: aes-neon-blk registers a whole essiv(cbc(aes),sha256)
#     driver (essiv-cbc-aes-sha256-neon, priority 201); the kernel builds a
#     template instance only when no algorithm of that name is registered,
#     so the essiv template over cbc-aes-ctneon (275) is never built and
#     aes-cbc-essiv:sha256 does not reach ctneon there; the test reports the resolution (afalg-tool pick) and then
#     names ctneon's CBC driver in capi: form
#     (capi:cbc-aes-ctneon-essiv:sha256-generic).
#  2. cryptsetup benchmark for aes-xts 256/512 and aes-cbc 256: exit 0,
#     figures printed, and the refcnt of the ctneon driver rose while it ran
#     (its AF_ALG tfm was ctneon's).  cryptsetup luksFormat (LUKS2,
#     aes-xts-plain64, 512-bit key, PBKDF2 with few iterations: fast under
#     TCG), open, write, close, open, verify, close.
#  3. rmmod ctneon, then every region of step 1 opened again with capi:
#     tables naming the generic drivers (xts(ecb(aes-generic)),
#     essiv(cbc(aes-generic),sha256-generic); Adiantum by name, which is
#     then the kernel's template over its own parts) and verified: the data
#     ctneon wrote is the standard on-disk format.  ctneon is unloaded
#     first because the essiv template takes its IV cipher by cra_name
#     ("aes"), which would otherwise be aes-ctneon.
#  and after each step: dmesg has no alg: failure, WARNING, BUG or Oops.
#
# Why dmsetup tables and not cryptsetup plain mode for step 1: the table
# states the exact cipher spec and key, and the same table with a capi:
# cipher is the cross-check.
#
# Knobs (kernel command line, see /init):
#   ctneon.dm_mb=N    MiB written through the three dm-crypt regions together
#                     (default 256); the disk must hold N + LUKS_MB MiB
#   ctneon.wait=S     seconds to wait for ctneon's self-tests (120)

BIN=/test/bin
CS=/test/cryptsetup
MOD=/test/ctneon.ko
DM_MB=${CTNEON_DM_MB:-256}
LUKS_MB=48	# LUKS2 region: 16 MiB header + LUKS_DATA_MB of data
LUKS_DATA_MB=8
WAIT=${CTNEON_WAIT:-120}
DISK=/dev/vda
# libdevmapper without udev: it makes the /dev/mapper nodes itself
export DM_DISABLE_UDEV=1

npass=0
nfail=0
ok() { echo "ok $*"; npass=$((npass + 1)); }
fail() { echo "FAIL $*"; nfail=$((nfail + 1)); }
note() { echo "# $*"; }
now() { cut -d' ' -f1 /proc/uptime; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
finish() {
	echo "guest: $npass passed, $nfail failed"
	[ "$nfail" = 0 ]
	exit
}

# Debian's dynamically linked tools run through their own loader
LDSO=$(ls $CS/lib/ld-linux-* 2>/dev/null | head -n1)
dmsetup() { "$LDSO" --library-path $CS/lib $CS/dmsetup "$@"; }
cryptsetup() { "$LDSO" --library-path $CS/lib $CS/cryptsetup "$@"; }

# crypto_field DRIVER FIELD: FIELD of /proc/crypto's entry for DRIVER
crypto_field() {
	awk -v d="$1" -v f="$2" '
		$1 == "name" { name = $3; drv = "" }
		$1 == "driver" { drv = $3; if (drv == d && f == "name") { print name; exit } }
		drv == d && $1 == f { print $3; exit }' /proc/crypto
}
refcnt() { r=$(crypto_field "$1" refcnt); echo "${r:-0}"; }
# instances REGEX: "driver(refcnt)" of every /proc/crypto entry whose name
# matches REGEX
instances() {
	awk -v re="$1" '
		$1 == "name" { name = $3; drv = "" }
		$1 == "driver" { drv = $3 }
		$1 == "refcnt" && name ~ re { printf "%s(%s) ", drv, $3 }' /proc/crypto
}

# dmesg_check NAME: the kernel log since the previous call is clean
dmesg_check() {
	dmesg -c >/tmp/dmesg.new 2>/dev/null || dmesg >/tmp/dmesg.new
	cat /tmp/dmesg.new >>/tmp/dmesg.all
	grep -E 'alg:|WARNING|BUG|Oops|Unable to handle|Internal error|Call trace|ctneon: .*(fail|error)|device-mapper: .*(error|failed)|I/O error' /tmp/dmesg.new |
		grep -v -E 'alg: .*passed|alg: No test for|module verification failed' >/tmp/dmesg.bad
	if [ -s /tmp/dmesg.bad ]; then
		fail "dmesg-$1: $(wc -l </tmp/dmesg.bad) failure line(s)"
		sed 's/^/#   /' /tmp/dmesg.bad | head -n 20
	else
		ok "dmesg-$1"
	fi
}

# Fixed test keys (hex): 256-bit XTS = 2 x AES-128, 512-bit = 2 x AES-256
K256=000102030405060708090a0b0c0d0e0f1f1e1d1c1b1a19181716151413121110
K512=${K256}603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4
KCBC=2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe

# The regions of step 1, one line each: NAME KEY DRIVER SEED MIB OFFSET(MiB).
# DM_MB is the total: 7/16 each for the two XTS regions, 1/16 each for
# the two Adiantum ones (xchacha12 and xchacha20, 32-byte key), the rest
# for ESSIV (CBC encryption is sequential, so ESSIV writes are the
# slowest by far).
M1=$((DM_MB * 7 / 16)); [ $M1 -ge 1 ] || M1=1
MA=$((DM_MB / 16)); [ $MA -ge 1 ] || MA=1
M3=$((DM_MB - 2 * M1 - 2 * MA)); [ $M3 -ge 1 ] || M3=1
REGIONS="xts256 $K256 xts-aes-ctneon 11 $M1 0
xts512 $K512 xts-aes-ctneon 12 $M1 $M1
essiv $KCBC cbc-aes-ctneon 13 $M3 $((2 * M1))
adi12 $K256 adiantum-xchacha12-aes-ctneon 14 $MA $((2 * M1 + M3))
adi20 $K256 adiantum-xchacha20-aes-ctneon 15 $MA $((2 * M1 + M3 + MA))"
LUKS_AT=$((2 * M1 + M3 + 2 * MA))
# the table's cipher through ctneon (by cra_name; ESSIV: see ESSIV_SPEC)
# and through the generic drivers (capi: names the drivers)
# (Adiantum: by cra_name; after rmmod that is the kernel's template)
r_cipher() {
	case $1 in
	essiv) echo "$ESSIV_SPEC" ;;
	adi*) echo "xchacha${1#adi},aes-adiantum-plain64" ;;
	*) echo aes-xts-plain64 ;;
	esac
}
r_generic() {
	case $1 in
	essiv) echo "capi:cbc($AESREF)-essiv:$SHAREF" ;;
	adi*) echo "xchacha${1#adi},aes-adiantum-plain64" ;;
	*) echo "capi:xts(ecb($AESREF))-plain64" ;;
	esac
}

SECT_PER_MB=2048
# map NAME CIPHER KEY MIB OFFSET: a crypt mapping over MIB MiB of the disk
# from OFFSET MiB on (IV sector numbers start at 0 in each region)
map() {
	dmsetup create "$1" --table "0 $(($4 * SECT_PER_MB)) crypt $2 $3 0 $DISK $(($5 * SECT_PER_MB))" 2>/tmp/dm.err
}
unmap() {
	dmsetup remove "$1" 2>/tmp/dm.err || { sleep 1; dmsetup remove "$1" 2>>/tmp/dm.err; }
}
drop_caches() { sync; echo 3 >/proc/sys/vm/drop_caches; }

# verify TAG NAME SEED MIB: the mapping NAME reads back the pattern SEED
verify() {
	if $BIN/dmpattern verify "/dev/mapper/$2" "$3" "$4" >/tmp/pat.out 2>&1; then
		ok "$1: $(cat /tmp/pat.out)"
	else
		fail "$1: $(cat /tmp/pat.out)"
	fi
}

# ---------------------------------------------------------------------------
echo "guest: $(uname -r) $(uname -m), $(grep -c ^processor /proc/cpuinfo) cpu(s), dm_mb=$DM_MB"
dmesg -c >/tmp/dmesg.all 2>/dev/null

# The board without Crypto Extensions: keep the CE drivers out, load the
# in-tree NEON competitors so that ctneon must win on priority (guest.sh).
mkdir -p /etc/modprobe.d
case $(uname -m) in
aarch64)
	echo "blacklist aes_ce_blk
blacklist aes_ce_cipher
blacklist aes_ce_ccm
blacklist ghash_ce" >/etc/modprobe.d/ctneon-test.conf
	COMPETITORS="aes_neon_blk aes_neon_bs"
	;;
*)
	echo "blacklist aes_arm_ce" >/etc/modprobe.d/ctneon-test.conf
	COMPETITORS="aes_arm aes_arm_bs"
	;;
esac
for m in af_alg algif_skcipher ecb cbc xts essiv adiantum dm_mod dm_crypt $COMPETITORS; do
	modprobe "$m" 2>/dev/null || note "modprobe $m failed (built in or absent?)"
done
# the reference drivers by name: 6.x has aes-generic and sha256-generic,
# 7.x the library's aes-lib and sha256-lib in their place
AESREF=aes-generic
SHAREF=sha256-generic
grep -q '^driver *: aes-lib$' /proc/crypto && AESREF=aes-lib
grep -q '^driver *: sha256-lib$' /proc/crypto && SHAREF=sha256-lib
note "reference drivers: $AESREF, $SHAREF"

# the disk
insmod $CS/virtio_mmio.ko 2>/dev/null || note "insmod virtio_mmio failed (built in?)"
modprobe virtio_blk 2>/dev/null || note "modprobe virtio_blk failed (built in?)"
i=0
while [ ! -b $DISK ] && [ $i -lt 50 ]; do sleep 0.2; i=$((i + 1)); done
need=$(( (LUKS_AT + LUKS_MB) * 1024 * 1024 ))
size=$(blockdev --getsize64 $DISK 2>/dev/null)
if [ -b $DISK ] && [ "${size:-0}" -ge $need ]; then
	ok "disk $DISK: $((size / 1048576)) MiB"
else
	fail "disk $DISK: ${size:-absent} bytes, need $need (dm_mb + $LUKS_MB MiB)"
	finish
fi
if [ -x "$LDSO" ] && dmsetup version >/tmp/dm.ver 2>&1 && cryptsetup --version >>/tmp/dm.ver 2>&1; then
	ok "tools: $(tr '\n' ' ' </tmp/dm.ver)"
else
	fail "tools: $(cat /tmp/dm.ver)"
	finish
fi

if insmod $MOD $CTNEON_MODPARAMS; then
	ok "insmod ctneon"
else
	fail "insmod ctneon"
	finish
fi
# 6.12 runs the self-tests in the background: wait for the two drivers used
t0=$(now)
# (the value the loop saw is the one judged: /proc/crypto is read a page per
# read(), and while other self-tests end their larvals leave the list, so a
# second read may skip an entry that is there)
for d in xts-aes-ctneon cbc-aes-ctneon aes-ctneon; do
	while st=$(crypto_field $d selftest); [ "$st" != passed ] &&
	      awk -v a="$t0" -v b="$(now)" -v w="$WAIT" 'BEGIN { exit !(b - a < w) }'; do
		sleep 0.2
	done
	[ "$st" = passed ] && ok "selftest $d" || fail "selftest $d: '${st:-absent}'"
done
dmesg_check setup

# ---- 1. dm-crypt through ctneon --------------------------------------------
# ESSIV: the kernel resolves "essiv(cbc(aes),sha256)" to an in-tree
# whole-ESSIV driver where one exists (arm64's aes-neon-blk registers
# essiv-cbc-aes-sha256-neon; a template is instantiated only when nothing
# of the name is registered);
# then the table names ctneon's CBC driver in capi: form, so that ctneon's
# CBC is what is tested, and the resolution is reported.
ESSIV_SPEC=aes-cbc-essiv:sha256
e=$($BIN/afalg-tool pick skcipher "essiv(cbc(aes),sha256)" 2>&1)
case $e in
"essiv(cbc-aes-ctneon,"*) ok "essiv(cbc(aes),sha256) -> $e" ;;
*)
	note "essiv(cbc(aes),sha256) -> $e (priority $(crypto_field "$e" priority)), not the essiv template over cbc-aes-ctneon (would be $(crypto_field cbc-aes-ctneon priority), but is not instantiated while a driver of that name exists): the ESSIV table names cbc-aes-ctneon"
	# an instance is found by the name asked for only if it is its
	# cra_name or driver name: so the hash is named by driver too
	ESSIV_SPEC=capi:cbc-aes-ctneon-essiv:$SHAREF
	;;
esac

i=0
echo "$REGIONS" >/tmp/regions
while read -r n k d s mb off; do
	c=$(r_cipher "$n")
	t0=$(now)
	before=$(refcnt "$d")
	if ! map "ctn-$n" "$c" "$k" "$mb" "$off"; then
		fail "dm-$n: dmsetup create ($c): $(cat /tmp/dm.err)"
		dmesg_check "dm-$n"
		i=$((i + 1))
		continue
	fi
	tbl=$(dmsetup table "ctn-$n")
	note "dm-$n table: $(echo "$tbl" | awk '{ $5 = substr($5, 1, 8) "..."; print }')"
	case $tbl in
	*" crypt $c "*) ok "dm-$n: table says $c" ;;
	*) fail "dm-$n: table is '$tbl'" ;;
	esac
	during=$(refcnt "$d")
	if [ "$during" -gt "$before" ]; then
		ok "dm-$n: $d refcnt $before -> $during while mapped"
	else
		fail "dm-$n: $d refcnt $before -> $during: the mapping does not use ctneon"
	fi
	if [ "$n" = essiv ]; then
		e=$(instances '^essiv')
		note "dm-$n: essiv entries: ${e:-none}; cbc(aes): $(instances '^cbc\\(aes\\)$')"
		note "dm-$n: essiv(cbc(aes),sha256) now resolves to $($BIN/afalg-tool pick skcipher "essiv(cbc(aes),sha256)" 2>&1)"
		case $e in
		*"essiv(cbc-aes-ctneon,"*) ok "dm-$n: instance $e" ;;
		*) fail "dm-$n: no essiv(cbc-aes-ctneon,...) instance (have: ${e:-none})" ;;
		esac
	fi
	if $BIN/dmpattern write "/dev/mapper/ctn-$n" "$s" "$mb" >/tmp/pat.out 2>&1; then
		ok "dm-$n write: $(cat /tmp/pat.out)"
	else
		fail "dm-$n write: $(cat /tmp/pat.out)"
	fi
	drop_caches
	unmap "ctn-$n" || fail "dm-$n: dmsetup remove: $(cat /tmp/dm.err)"
	drop_caches
	if map "ctn-$n" "$c" "$k" "$mb" "$off"; then
		verify "dm-$n read-back (ctneon)" "ctn-$n" "$s" "$mb"
		unmap "ctn-$n" || fail "dm-$n: dmsetup remove: $(cat /tmp/dm.err)"
	else
		fail "dm-$n: reopen: $(cat /tmp/dm.err)"
	fi
	# the negative control, once: a key with its last bit flipped must
	# not read the pattern back
	if [ $i = 0 ]; then
		last=$(echo "$k" | sed 's/.*\(.\)$/\1/')
		bad=$(echo "$k" | sed 's/.$//')$(printf '%x' $(( 0x$last ^ 1 )))
		if map "ctn-bad" "$c" "$bad" "$mb" "$off"; then
			$BIN/dmpattern verify /dev/mapper/ctn-bad "$s" 1 >/tmp/pat.out 2>&1
			rc=$?
			if [ $rc = 1 ]; then
				ok "dm-$n wrong key detected: $(cat /tmp/pat.out)"
			else
				fail "dm-$n wrong key: dmpattern exit $rc, not 1: $(cat /tmp/pat.out)"
			fi
			unmap ctn-bad
		else
			fail "dm-$n wrong key: dmsetup create: $(cat /tmp/dm.err)"
		fi
	fi
	note "dm-$n took $(since "$t0") s"
	dmesg_check "dm-$n"
	i=$((i + 1))
done </tmp/regions

# ---- 2. cryptsetup ----------------------------------------------------------
# benchmark CIPHER BITS DRIVER: figures, and DRIVER's refcnt rose meanwhile
benchmark() {
	base=$(refcnt "$3")
	read -r mbase </sys/module/ctneon/refcnt
	echo "$base" >/tmp/bench.max
	# the poller: a fork-free busy loop on the module's refcnt (cheap
	# enough to see a short-lived tfm), then /proc/crypto for the driver
	# whose tfm it is
	touch /tmp/bench.run
	(
		while [ -e /tmp/bench.run ]; do
			read -r m </sys/module/ctneon/refcnt
			if [ "$m" -gt "$mbase" ]; then
				r=$(refcnt "$3")
				[ "$r" -gt "$(cat /tmp/bench.max)" ] && echo "$r" >/tmp/bench.max
			fi
		done
	) &
	poller=$!
	t0=$(now)
	cryptsetup benchmark -c "$1" -s "$2" >/tmp/bench.out 2>&1
	rc=$?
	rm -f /tmp/bench.run
	wait $poller
	sed 's/^/#   /' /tmp/bench.out
	line=$(grep -E "^ *$1 +$2b" /tmp/bench.out | tr -s ' ')
	if [ $rc = 0 ] && echo "$line" | grep -q 'MiB/s'; then
		ok "cryptsetup benchmark $1 $2:$line ($(since "$t0") s)"
	else
		fail "cryptsetup benchmark $1 $2: exit $rc, '$line'"
	fi
	m=$(cat /tmp/bench.max)
	if [ "$m" -gt "$base" ]; then
		ok "cryptsetup benchmark $1 $2 ran on $3 (refcnt $base -> $m)"
	else
		fail "cryptsetup benchmark $1 $2: $3 refcnt never rose above $base"
	fi
}
benchmark aes-xts 256 xts-aes-ctneon
benchmark aes-xts 512 xts-aes-ctneon
benchmark aes-cbc 256 cbc-aes-ctneon
dmesg_check benchmark

# LUKS2 on the fourth region, through a linear mapping
t0=$(now)
LUKS_OFF=$((LUKS_AT * SECT_PER_MB))
dmsetup create ctn-luksraw --table "0 $((LUKS_MB * SECT_PER_MB)) linear $DISK $LUKS_OFF" 2>/tmp/dm.err ||
	fail "luks: linear mapping: $(cat /tmp/dm.err)"
printf 'ctneon test passphrase' >/tmp/luks.key
if cryptsetup luksFormat --batch-mode --type luks2 --pbkdf pbkdf2 --pbkdf-force-iterations 1000 \
	-c aes-xts-plain64 -s 512 --key-file /tmp/luks.key /dev/mapper/ctn-luksraw >/tmp/luks.out 2>&1; then
	ok "luks: luksFormat (luks2, aes-xts-plain64, 512-bit key, pbkdf2)"
else
	fail "luks: luksFormat: $(tail -n 3 /tmp/luks.out)"
fi
# luks_open TAG: open, and show the data mapping is served by ctneon
luks_open() {
	before=$(refcnt xts-aes-ctneon)
	if cryptsetup open --type luks2 --key-file /tmp/luks.key /dev/mapper/ctn-luksraw ctn-luks >/tmp/luks.out 2>&1; then
		during=$(refcnt xts-aes-ctneon)
		cryptsetup status ctn-luks 2>&1 | sed 's/^/#   /'
		if [ "$during" -gt "$before" ]; then
			ok "luks: open$1 (xts-aes-ctneon refcnt $before -> $during)"
		else
			fail "luks: open$1: xts-aes-ctneon refcnt $before -> $during: not ctneon"
		fi
		return 0
	fi
	fail "luks: open$1: $(tail -n 3 /tmp/luks.out)"
	return 1
}
if luks_open ""; then
	if $BIN/dmpattern write /dev/mapper/ctn-luks 21 $LUKS_DATA_MB >/tmp/pat.out 2>&1; then
		ok "luks write: $(cat /tmp/pat.out)"
	else
		fail "luks write: $(cat /tmp/pat.out)"
	fi
	cryptsetup close ctn-luks 2>/tmp/luks.out || fail "luks: close: $(cat /tmp/luks.out)"
	drop_caches
	if luks_open " again"; then
		verify "luks read-back" ctn-luks 21 $LUKS_DATA_MB
		cryptsetup close ctn-luks 2>/tmp/luks.out && ok "luks: close" ||
			fail "luks: close: $(cat /tmp/luks.out)"
	fi
fi
dmsetup remove ctn-luksraw 2>/dev/null
note "luks took $(since "$t0") s"
dmesg_check luks

# ---- 3. the same disk through the generic drivers ---------------------------
if rmmod ctneon 2>/tmp/rmmod.err && ! grep -q ctneon /proc/crypto; then
	ok "rmmod ctneon (no ctneon entry left)"
else
	fail "rmmod ctneon: $(cat /tmp/rmmod.err)"
fi
i=0
while read -r n k d s mb off; do
	g=$(r_generic "$n")
	t0=$(now)
	if map "gen-$n" "$g" "$k" "$mb" "$off"; then
		drv=$(grep -E '^driver *: (xts|essiv|adiantum)\(' /proc/crypto | awk '{ print $3 }' | tr '\n' ' ')
		note "gen-$n: table $(dmsetup table "gen-$n" | awk '{ print $4 }'), instances: $drv"
		case $n:$drv in
		essiv:*"essiv(cbc($AESREF),$SHAREF)"*|xts*:*"xts(ecb($AESREF))"*|adi*:*"adiantum(xchacha${n#adi}"*)
			ok "gen-$n: generic instance in /proc/crypto" ;;
		*) fail "gen-$n: no generic instance in /proc/crypto ($drv)" ;;
		esac
		verify "gen-$n read-back (generic)" "gen-$n" "$s" "$mb"
		unmap "gen-$n" || fail "gen-$n: dmsetup remove: $(cat /tmp/dm.err)"
	else
		fail "gen-$n: dmsetup create ($g): $(cat /tmp/dm.err)"
	fi
	note "gen-$n took $(since "$t0") s"
	i=$((i + 1))
done </tmp/regions
dmesg_check generic

finish
