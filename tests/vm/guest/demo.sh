#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/demo.sh: the guest half of `make run` (scripts/run-demo.sh boots
# the guest with this as its /test/guest.sh).  It loads ctneon, shows
# what it registered and what the kernel now picks, and encrypts a fixed
# message through AF_ALG.  Lines for the host start with "demo:"; the
# host re-computes the ciphertexts independently and compares.
#
# The emulated arm64 CPU has the AES Crypto Extensions, whose drivers
# (priority 300) would rightly beat ctneon, and where ctneon registers no
# AES algorithm by itself; ctneon's boards lack them, so their modules are
# kept from autoloading, as on such a board, the in-tree NEON drivers
# ctneon competes with are loaded, and ctneon is loaded with
# force_register=1 (tests/vm/run.sh passes it on arm64).

BIN=/test/bin
DRIVERS="aes-ctneon ecb-aes-ctneon cbc-aes-ctneon ctr-aes-ctneon xts-aes-ctneon gcm-aes-ctneon rfc4106-gcm-aes-ctneon
chacha20-ctneon xchacha20-ctneon xchacha12-ctneon"
# the ChaCha20-Poly1305 AEADs: arm64 only (glue-chacha.c)
case $(uname -m) in
aarch64) DRIVERS="$DRIVERS rfc7539-chacha20-poly1305-ctneon rfc7539esp-chacha20-poly1305-ctneon" ;;
esac

# The message and keys are fixed so that the run can be checked anywhere.
TEXT="ctneon: constant-time AES for NEON boards, no lookup tables at all"
XTS_KEY=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
XTS_IV=00112233445566778899aabbccddeeff
CBC_KEY=603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4
CBC_IV=000102030405060708090a0b0c0d0e0f

crypto_field() {
	awk -v d="$1" -v f="$2" '
		$1 == "name" { name = $3; drv = "" }
		$1 == "driver" { drv = $3; if (drv == d && f == "name") { print name; exit } }
		drv == d && $1 == f { print $3; exit }' /proc/crypto
}

mkdir -p /etc/modprobe.d
case $(uname -m) in
aarch64)
	printf 'blacklist aes_ce_blk\nblacklist aes_ce_cipher\nblacklist aes_ce_ccm\n' \
		>/etc/modprobe.d/ctneon-demo.conf
	COMPETITORS="aes_neon_blk aes_neon_bs"
	;;
*)
	echo "blacklist aes_arm_ce" >/etc/modprobe.d/ctneon-demo.conf
	COMPETITORS="aes_arm aes_arm_bs"
	;;
esac
for m in af_alg algif_skcipher xts $COMPETITORS; do
	modprobe "$m" 2>/dev/null
done

echo "demo: kernel $(uname -r) on $(uname -m)"
echo "demo: before ctneon, xts(aes) -> $($BIN/afalg-tool pick skcipher 'xts(aes)' 2>&1)"
if ! insmod /test/ctneon.ko $CTNEON_MODPARAMS; then
	echo "demo: insmod ctneon.ko FAILED"
	dmesg | tail -n 20
	exit 1
fi

# 6.12 runs the self-tests in the background: wait for them (bounded)
i=0
total=$(echo $DRIVERS | wc -w)
while [ $i -lt 300 ]; do
	n=0
	for d in $DRIVERS; do
		[ "$(crypto_field "$d" selftest)" = passed ] && n=$((n + 1))
	done
	[ $n = "$total" ] && break
	sleep 0.2
	i=$((i + 1))
done

echo "demo: registered by ctneon (from /proc/crypto):"
printf 'demo:   %-30s %-36s %-8s %s\n' name driver priority selftest
for d in $DRIVERS; do
	printf 'demo:   %-30s %-36s %-8s %s\n' "$(crypto_field "$d" name)" "$d" \
		"$(crypto_field "$d" priority)" "$(crypto_field "$d" selftest)"
done
echo "demo: other drivers of the same names:"
awk '$1 == "name" { n = $3 } $1 == "driver" { d = $3 } $1 == "priority" {
	if (n ~ /^(aes|ecb\(aes\)|cbc\(aes\)|ctr\(aes\)|xts\(aes\))$/ && d !~ /ctneon/)
		printf "demo:   %-10s %-16s %s\n", n, d, $3 }' /proc/crypto
for m in xts cbc ctr ecb; do
	echo "demo: the kernel now picks for $m(aes): $($BIN/afalg-tool pick skcipher "$m(aes)" 2>&1)"
done

hex=$(printf '%s' "$TEXT" | od -An -v -tx1 | tr -d ' \n')
# XTS: the whole 66-byte message (its last block is partial: ciphertext
# stealing); CBC: the first 64 bytes (whole blocks)
cbc_hex=$(echo "$hex" | cut -c1-128)
echo "demo: plaintext \"$TEXT\""
echo "demo: xts key=$XTS_KEY iv=$XTS_IV pt=$hex"
echo "demo: xts ct=$($BIN/afalg-tool crypt 'xts(aes)' enc "$XTS_KEY" "$XTS_IV" "$hex" 2>&1)"
echo "demo: cbc key=$CBC_KEY iv=$CBC_IV pt=$cbc_hex"
echo "demo: cbc ct=$($BIN/afalg-tool crypt 'cbc(aes)' enc "$CBC_KEY" "$CBC_IV" "$cbc_hex" 2>&1)"
# and back, through the same drivers
ct=$($BIN/afalg-tool crypt 'xts(aes)' enc "$XTS_KEY" "$XTS_IV" "$hex" 2>&1)
back=$($BIN/afalg-tool crypt 'xts(aes)' dec "$XTS_KEY" "$XTS_IV" "$ct" 2>&1)
if [ "$back" = "$hex" ]; then
	echo "demo: xts decrypt in the guest gives the plaintext back"
else
	echo "demo: xts decrypt in the guest does NOT give the plaintext back"
fi
if dmesg | grep -E 'alg:|WARNING|BUG|Oops' | grep -v -E 'passed|No test for' | grep -q .; then
	echo "demo: kernel log has failures:"
	dmesg | grep -E 'alg:|WARNING|BUG|Oops' | grep -v -E 'passed|No test for' | sed 's/^/demo:   /'
fi
exit 0
