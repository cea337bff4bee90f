#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/guest.sh of the ESP benchmark's guest (bench/run.sh --esp,
# bench/mkinitramfs.sh with BENCH_GUEST=esp), started by tests/vm/init.
#
# 1. IPsec ESP end to end (#24, item 2).  Two network namespaces, a and b,
#    joined by a veth pair (outer addresses 10.99.0.1 and .2), each with an
#    inner address on its loopback (10.98.1.1, 10.98.2.1) and an ESP SA
#    each way in tunnel mode between the outer addresses, as
#    tests/vm/guest/ipsec.sh builds it.  bench/esp-pingpong.c echoes UDP
#    datagrams in b; its client in a sends PAYLOAD bytes and waits for the
#    echo, ROUNDS times in one plugin window, after WARM round trips outside
#    it.  For each AEAD (rfc4106(gcm(aes)) with a 128-bit key, and
#    rfc7539esp(chacha20,poly1305)) and each payload size: first with the
#    in-tree drivers of a board without the Crypto Extensions, then, after
#    insmod ctneon, with the SAs deleted and added again so that the
#    kernel looks the algorithm up anew.
#    Which driver every SA uses is read from /proc/crypto: the entries
#    whose refcnt rose when the SAs were added (ESP allocates
#    seqiv(<AEAD>) per SA; the seqiv instance's driver names the driver
#    under it).  A line "sa IMPL KEY DRIVER" states it; when it is not what
#    the side measures (in-tree: no ctneon driver; ctneon: a ctneon
#    driver, or on arm, where ctneon registers no ChaCha20-Poly1305 AEAD,
#    the template over chacha20-ctneon) an "error" line says so and that
#    AEAD is not measured on that side.
# 2. dm-crypt (#24, item 3): a crypt mapping (aes-xts-plain64, 256-bit key;
#    then xchacha12,aes-adiantum-plain64; 512-byte sectors,
#    made with dmsetup as tests/vm/guest/dmcrypt.sh does) over the virtio
#    disk /dev/vda; bench/dio-bench.c writes DM_KB KiB with O_DIRECT in
#    DM_BLOCK_KB KiB requests in one window and reads them back in
#    another; in-tree (before insmod), then ctneon.  "dm IMPL/CIPHER
#    DRIVER" names the driver the mapping took; the raw disk's bytes after
#    the last repetition must be the same with both sides of one cipher
#    (the same plaintext, key and sectors give the same ciphertext).
#
# Knobs (kernel command line, see tests/vm/init): ctneon.reps=R
# (repetitions, default 3; bench/run.sh passes 5), ctneon.esp_rounds=N (128), ctneon.esp_warm=W (64),
# ctneon.esp_pause_ms=MS (0: a pause between the warm-up and the windows),
# ctneon.esp_sizes=64,512,1400, ctneon.esp_algs=gcm,chacha,
# ctneon.dm=0|1 (1: when a disk is attached), ctneon.dm_kb=4096,
# ctneon.dm_block_kb=256, ctneon.dm_ciphers=xts,adiantum12.
# Lines bench/esp-report.py reads: "esp" and "dio" (one per plugin window,
# in order; written by the two programs), "sa", "dm", "dmraw", "refs",
# "deferred", "have", "modtext", "ktext" and "error".

BIN=/test/bin
IPDIR=/test/iproute2
CS=/test/cryptsetup
REPS=${CTNEON_REPS:-3}
ROUNDS=${CTNEON_ESP_ROUNDS:-128}
WARM=${CTNEON_ESP_WARM:-64}
PAUSE=${CTNEON_ESP_PAUSE_MS:-0}
SIZES=$(echo "${CTNEON_ESP_SIZES:-64,512,1400}" | tr , ' ')
ALGS=$(echo "${CTNEON_ESP_ALGS:-gcm,chacha}" | tr , ' ')
DM=${CTNEON_DM:-1}
DM_KB=${CTNEON_DM_KB:-4096}
DM_BLOCK_KB=${CTNEON_DM_BLOCK_KB:-256}
DM_CIPHERS=$(echo "${CTNEON_DM_CIPHERS:-xts,adiantum12}" | tr , ' ')
PORT=4500
DEFERRED=/sys/module/ctneon/parameters/deferred
export DM_DISABLE_UDEV=1

note() { echo "# $*"; }
err() { echo "error $*"; }
now() { cut -d' ' -f1 /proc/uptime; }

# Debian's ip and dmsetup run through their own loader
for LDSO in "$IPDIR"/lib/ld-linux*; do break; done
ip2() { "$LDSO" --library-path "$IPDIR/lib" "$IPDIR/ip" "$@"; }
for CSLDSO in "$CS"/lib/ld-linux*; do break; done
dmsetup() { "$CSLDSO" --library-path "$CS/lib" "$CS/dmsetup" "$@"; }

# ---- the in-tree drivers of a board without the Crypto Extensions -------
mkdir -p /etc/modprobe.d
case $(uname -m) in
aarch64)
	printf 'blacklist %s\n' aes_ce_blk aes_ce_cipher aes_ce_ccm ghash_ce \
		polyval_ce >/etc/modprobe.d/bench.conf
	MODS="aes_neon_blk aes_neon_bs poly1305_neon" ;;
*)
	echo "blacklist aes_arm_ce" >/etc/modprobe.d/bench.conf
	MODS="aes_arm_bs aes_arm ghash_arm_ce poly1305_arm" ;;
esac
for m in ctr gcm ghash_generic seqiv chacha_neon chacha20poly1305 $MODS \
	xfrm_user esp4 xfrm4_tunnel tunnel4; do
	modprobe "$m" 2>/dev/null || note "modprobe $m failed (built in?)"
done
[ -f "$IPDIR/veth.ko" ] && insmod "$IPDIR/veth.ko"

# ---- /proc/crypto -------------------------------------------------------
# refs: "name driver refcnt" of every entry
refs() {
	awk '$1 == "name" { n = $3 } $1 == "driver" { d = $3 }
	     $1 == "refcnt" { print n, d, $3 }' /proc/crypto
}
# rose BEFORE AFTER [REGEX]: "name driver before->after" of the entries
# whose refcnt is higher in AFTER (and whose name matches REGEX: the first
# SAs also load seqiv, whose random number generators test themselves)
rose() {
	awk -v re="${3:-.}" 'NR == FNR { r[$1 " " $2] = $3; next }
	     $1 ~ re && $3 > r[$1 " " $2] + 0 { print $1, $2, (r[$1 " " $2] + 0) "->" $3 }' "$1" "$2"
}
counter() { cat "$DEFERRED" 2>/dev/null || echo -; }
# side_ok IMPL DRIVER: DRIVER is one of the side measured (in-tree: no
# ctneon in its name; ctneon: ctneon in its name)
side_ok() {
	case $1:$2 in
	*:) return 1 ;;
	intree:*ctneon*) return 1 ;;
	intree:*) return 0 ;;
	*:*ctneon*) return 0 ;;
	esac
	return 1
}

# ---- the tunnel ---------------------------------------------------------
net_up() {
	mkdir -p /run/netns /var/run
	[ -e /var/run/netns ] || ln -s /run/netns /var/run/netns
	ip2 netns add a && ip2 netns add b &&
	ip2 link add va netns a type veth peer name vb netns b &&
	ip2 -n a addr add 10.99.0.1/24 dev va && ip2 -n b addr add 10.99.0.2/24 dev vb &&
	ip2 -n a addr add 10.98.1.1/32 dev lo && ip2 -n b addr add 10.98.2.1/32 dev lo &&
	ip2 -n a link set lo up && ip2 -n b link set lo up &&
	ip2 -n a link set va up && ip2 -n b link set vb up &&
	ip2 -n a route add 10.98.2.1/32 via 10.99.0.2 src 10.98.1.1 &&
	ip2 -n b route add 10.98.1.1/32 via 10.99.0.1 src 10.98.2.1 || return 1
	# one policy per direction and namespace; reqid 1 is a->b, 2 b->a
	for ns in a b; do
		for d in out in; do
			case $ns$d in
			aout|bin) s=10.98.1.1 t=10.98.2.1 o1=10.99.0.1 o2=10.99.0.2 id=1 ;;
			*) s=10.98.2.1 t=10.98.1.1 o1=10.99.0.2 o2=10.99.0.1 id=2 ;;
			esac
			ip2 -n $ns xfrm policy add src $s/32 dst $t/32 dir $d \
				tmpl src $o1 dst $o2 proto esp reqid $id mode tunnel || return 1
		done
	done
}

# sa_add ALG KEY-A-TO-B KEY-B-TO-A: both SAs in both namespaces
sa_add() {
	for ns in a b; do
		ip2 -n $ns xfrm state add src 10.99.0.1 dst 10.99.0.2 proto esp \
			spi 0x1001 reqid 1 mode tunnel aead "$1" "$2" 128 &&
		ip2 -n $ns xfrm state add src 10.99.0.2 dst 10.99.0.1 proto esp \
			spi 0x2001 reqid 2 mode tunnel aead "$1" "$3" 128 || return 1
	done
}
sa_del() {
	ip2 -n a xfrm state flush
	ip2 -n b xfrm state flush
	# the transforms are freed by the xfrm state garbage collector
	sleep 1
}

# esp IMPL: every AEAD and payload size on the drivers the kernel picks now
esp() {
	impl=$1
	for alg in $ALGS; do
		case $alg in
		gcm)	name='rfc4106(gcm(aes))' parts='aes|gcm|ghash|rfc4106'
			k1=0x2b7e151628aed2a6abf7158809cf4f3c01020304
			k2=0x603deb1015ca71be2b73aef0857d778105060708 ;;
		chacha)	name='rfc7539esp(chacha20,poly1305)' parts='chacha|poly1305|rfc7539'
			k1=0x808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f0a0b0c0d
			k2=0xc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf1a1b1c1d ;;
		*)	err "$impl/$alg unknown AEAD"; continue ;;
		esac
		refs >/tmp/refs0
		if ! sa_add "$name" "$k1" "$k2" >/tmp/sa.err 2>&1; then
			err "$impl/$alg ip xfrm state add $name: $(head -c 200 /tmp/sa.err)"
			sa_del
			continue
		fi
		refs >/tmp/refs1
		rose /tmp/refs0 /tmp/refs1 "$parts" | sed "s|^|refs $impl/$alg |"
		drv=$(rose /tmp/refs0 /tmp/refs1 |
			awk -v n="seqiv($name)" '$1 == n { print $2; exit }')
		echo "sa $impl $alg ${drv:-none}"
		if ! side_ok "$impl" "$drv"; then
			err "$impl/$alg SAs on '${drv:-no seqiv($name) entry}': not the $impl side, not measured"
			sa_del
			continue
		fi
		for p in $SIZES; do
			ip2 netns exec a $BIN/esp-pingpong client -c $DEFERRED -p "$PAUSE" \
				-t "$impl/$alg" 10.98.2.1 $PORT "$p" "$ROUNDS" "$WARM" "$REPS" ||
				err "$impl/$alg esp-pingpong client (payload $p) failed"
		done
		sa_del
	done
}

# ---- dm-crypt -----------------------------------------------------------
DMKEY=000102030405060708090a0b0c0d0e0f1f1e1d1c1b1a19181716151413121110
dm_ready() {
	[ "$DM" = 1 ] || return 1
	insmod $CS/virtio_mmio.ko 2>/dev/null
	# Adiantum's in-tree side is the template over the best in-tree parts:
	# load the NEON ones (6.x names; on 7.x NH and ChaCha are library code)
	for m in virtio_blk dm_mod dm_crypt xts chacha_neon nhpoly1305_neon adiantum; do
		modprobe $m 2>/dev/null || note "modprobe $m failed (built in?)"
	done
	i=0
	while [ ! -b /dev/vda ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -b /dev/vda ] || { note "no /dev/vda: dm-crypt not measured"; return 1; }
	[ -x "$CSLDSO" ] || { err "no dmsetup under $CS"; return 1; }
}

# dmcrypt IMPL TAG: one mapping of the cipher TAG names (dm_cipher)
dm_cipher() {	# TAG -> dm-crypt's cipher spec and the crypto API's name
	case $1 in
	xts) echo "aes-xts-plain64 xts(aes)" ;;
	adiantum12) echo "xchacha12,aes-adiantum-plain64 adiantum(xchacha12,aes)" ;;
	esac
}
dmcrypt() {
	impl=$1 tag=$2
	set -- $(dm_cipher "$tag")
	spec=$1 name=$2
	refs >/tmp/refs0
	# DMKEY: 32 bytes, a 256-bit XTS key (two AES-128 keys) or Adiantum's key
	if ! dmsetup create ebench --table \
		"0 $((DM_KB * 2)) crypt $spec $DMKEY 0 /dev/vda 0" 2>/tmp/dm.err; then
		err "$impl/$tag dmsetup create: $(head -c 200 /tmp/dm.err)"
		return
	fi
	refs >/tmp/refs1
	rose /tmp/refs0 /tmp/refs1 'aes|xts|chacha|adiantum|nh' | sed "s|^|refs $impl/$tag |"
	drv=$(rose /tmp/refs0 /tmp/refs1 | awk -v n="$name" '$1 == n { print $2; exit }')
	echo "dm $impl/$tag ${drv:-none}"
	if side_ok "$impl" "$drv"; then
		c0=$(counter)
		$BIN/dio-bench -t "$impl/$tag" /dev/mapper/ebench $((DM_KB * 1024)) \
			$((DM_BLOCK_KB * 1024)) 100 "$REPS" ||
			err "$impl/$tag dio-bench failed"
		echo "deferred $impl/$tag $c0 $(counter)"
	else
		err "$impl/$tag mapping on '${drv:-no $name entry}': not the $impl side, not measured"
	fi
	dmsetup remove ebench 2>/dev/null || { sleep 1; dmsetup remove ebench; }
	# the ciphertext of the last repetition's pattern
	sync
	echo 3 >/proc/sys/vm/drop_caches
	echo "dmraw $impl/$tag $(dd if=/dev/vda bs=65536 count=$((DM_KB / 64)) 2>/dev/null | md5sum | cut -d' ' -f1)"
}

# ---- the run ------------------------------------------------------------
echo 0 >/proc/sys/kernel/kptr_restrict
t0=$(now)
if [ ! -x "$LDSO" ]; then
	err "no iproute2 under $IPDIR"
elif ! net_up >/tmp/net.err 2>&1; then
	err "tunnel setup: $(head -c 300 /tmp/net.err)"
else
	ip2 netns exec b $BIN/esp-pingpong server $PORT &
	SRV=$!
	esp intree
fi
if dm_ready; then
	HAVE_DM=1
	for t in $DM_CIPHERS; do dmcrypt intree "$t"; done
fi
note "in-tree side done in $(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }') s"

# shellcheck disable=SC2086
if insmod /test/ctneon.ko $CTNEON_MODPARAMS; then
	# 6.12 and later test the new algorithms in the background
	t1=$(now)
	while grep -A12 'driver.*ctneon' /proc/crypto | grep -q 'selftest.*unknown'; do
		awk -v a="$t1" -v b="$(now)" 'BEGIN { exit !(b - a > 120) }' && break
		sleep 0.5
	done
	awk '$1 == "driver" && $3 ~ /ctneon/ { print "have", $3 }' /proc/crypto | sort -u
	# the asynchronous wrappers (#24), where the module has them: whether
	# this kernel got them, and the deferred counter
	if [ -e /sys/module/ctneon/parameters/wrapped ]; then
		echo "wrapped $(cat /sys/module/ctneon/parameters/wrapped) (deferred counter: $([ -e $DEFERRED ] && echo yes || echo no))"
	else
		echo "wrapped none (no such parameter)"
	fi
	[ -n "${SRV:-}" ] && esp ctneon
	if [ -n "${HAVE_DM:-}" ]; then
		for t in $DM_CIPHERS; do dmcrypt ctneon "$t"; done
	fi
else
	err "insmod ctneon failed"
fi
[ -n "${SRV:-}" ] && kill "$SRV"

# where the code of each module is (its lowest text symbol) and the kernel's
echo 0 >/proc/sys/kernel/kptr_restrict
awk '($2 == "t" || $2 == "T") && $4 ~ /^\[/ {
	m = substr($4, 2, length($4) - 2)
	if (!(m in lo) || $1 < lo[m]) lo[m] = $1
} END { for (m in lo) print "modtext", m, lo[m] }' /proc/kallsyms
grep -E ' (_stext|_etext)$' /proc/kallsyms | awk '{ print "ktext", $3, $1 }'
# ctneon.esp_syms=1: every text symbol too (gzip'd, base64), to tell which
# kernel functions a window ran (for looking into a figure by hand)
if [ "${CTNEON_ESP_SYMS:-0}" = 1 ]; then
	echo kallsyms-begin
	awk '$2 == "t" || $2 == "T"' /proc/kallsyms | gzip -1 | base64
	echo kallsyms-end
fi
exit 0
