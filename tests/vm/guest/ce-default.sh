#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/ce-default.sh: on a CPU with the AES instructions, loaded without
# force_register, ctneon registers no AES algorithm, so that every AES name
# (the cipher, the four modes, gcm, rfc4106, #23's cts(cbc(aes)), xctr(aes),
# cmac/xcbc/cbcmac(aes), ccm(aes) and rfc4309(ccm(aes)), and any template
# instance built over them) resolves to the kernel's Crypto Extensions
# drivers;
# ChaCha20 and ChaCha20-Poly1305, which have no CE implementation, are
# still ctneon's.  Started by tests/vm/ce-default.sh.

B=/test/bin
nfail=0
ok() { echo "ok ce-default: $*"; }
fail() { echo "FAIL ce-default: $*"; nfail=$((nfail + 1)); }

grep -m1 -i '^Features' /proc/cpuinfo | grep -qw aes ||
	fail "the guest CPU has no AES instructions (test setup)"
# what a user's kernel autoloads; none is blacklisted here
for m in af_alg algif_skcipher algif_aead algif_hash aes_ce_blk aes_ce_cipher \
	 aes_ce_ccm ghash_ce aes_neon_bs aes_neon_blk gcm ecb cbc ctr xts cts cmac \
	 xcbc ccm chacha20poly1305 chacha_neon poly1305_neon; do
	modprobe "$m" 2>/dev/null
done
if insmod /test/ctneon.ko 2>/tmp/insmod.err; then
	ok "insmod without force_register"
else
	fail "insmod: $(cat /tmp/insmod.err)"
fi
if dmesg | grep -q "ctneon: this CPU has the AES instructions"; then
	ok "ctneon says it leaves AES to the Crypto Extensions"
else
	fail "no notice of the AES instructions in dmesg"
fi
sleep 2

# pick TYPE NAME: the kernel's driver for NAME must not be ctneon's
pick_not_ctneon() {
	got=$($B/afalg-tool pick "$1" "$2" 2>/tmp/pick.err)
	case $got in
	"") fail "pick $2: nothing ($(cat /tmp/pick.err))" ;;
	*ctneon*) fail "pick $2 -> $got: ctneon in the way of the CE driver" ;;
	*) ok "pick $2 -> $got" ;;
	esac
}
pick_ctneon() {
	got=$($B/afalg-tool pick "$1" "$2" 2>/tmp/pick.err)
	case $got in
	*ctneon*) ok "pick $2 -> $got" ;;
	*) fail "pick $2 -> ${got:-nothing ($(cat /tmp/pick.err))}, want ctneon's" ;;
	esac
}
for n in "ecb(aes)" "cbc(aes)" "ctr(aes)" "xts(aes)"; do
	pick_not_ctneon skcipher "$n"
done
pick_not_ctneon aead "gcm(aes)"
pick_not_ctneon aead "rfc4106(gcm(aes))"
pick_not_ctneon skcipher "cts(cbc(aes))"
pick_not_ctneon skcipher "xctr(aes)"
for n in cmac xcbc cbcmac; do
	pick_not_ctneon hash "$n(aes)"
done
pick_not_ctneon aead "ccm(aes)"
pick_not_ctneon aead "rfc4309(ccm(aes))"
for n in chacha20 xchacha20 xchacha12; do
	pick_ctneon skcipher "$n"
done
pick_ctneon aead "rfc7539(chacha20,poly1305)"
pick_ctneon aead "rfc7539esp(chacha20,poly1305)"

# #23's drivers by name (the check below would catch them too)
for d in cts-cbc-aes-ctneon xctr-aes-ctneon cmac-aes-ctneon xcbc-aes-ctneon \
	 cbcmac-aes-ctneon ccm-aes-ctneon rfc4309-ccm-aes-ctneon; do
	if grep -q "^driver *: $d\$" /proc/crypto; then
		fail "$d is registered"
	else
		ok "$d not registered"
	fi
done
# nothing AES-based of ctneon's, registered or built over it
bad=$(awk '$1 == "driver" && $3 ~ /ctneon/ && $3 ~ /aes/ { print $3 }' /proc/crypto | tr '\n' ' ')
if [ -n "$bad" ]; then
	fail "AES drivers of ctneon's in /proc/crypto: $bad"
else
	ok "no AES driver of ctneon's in /proc/crypto"
fi
if dmesg | grep -E 'BUG|Oops|WARNING|Internal error|alg: .*fail'; then
	fail "kernel complaints in dmesg"
else
	ok "dmesg clean"
fi
[ "$nfail" = 0 ]
