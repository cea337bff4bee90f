#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/static-symbols.sh MODULE.ko [MODULE.ko...]
#
# ctneon promises that no secret ever indexes a table: no table-based AES
# and no delegation to another implementation that might be one.  A
# module's undefined symbols are what it can call, so this reads them with
# the target's nm (from the ELF machine: aarch64-linux-gnu-nm,
# arm-linux-gnueabihf-nm, else llvm-nm) and fails if any is forbidden.
# .ko.xz / .ko.zst / .ko.gz are decompressed first.
#
# Prints "ok static-symbols <module> (<n> imports)" or one
# "FAIL static-symbols <module>: imports <symbol>: <why>" per offence.
# Exit status 1 if any module fails, 2 on a usage or tool error.

set -uo pipefail

# Forbidden imports, exact names.  Each line: symbol, then why.
FORBIDDEN_EXACT='
aes_encrypt                 lib/crypto/aes.c: byte-wise S-box lookups indexed by state bytes
aes_decrypt                 lib/crypto/aes.c: inverse S-box lookups indexed by state bytes
aes_expandkey               lib/crypto/aes.c: key schedule through S-box lookups indexed by key bytes
crypto_aes_sbox             lib/crypto/aes.c S-box table itself: only a table lookup uses it
crypto_aes_inv_sbox         lib/crypto/aes.c inverse S-box table
__aes_arm_encrypt           arch/arm/crypto/aes-cipher-core.S: scalar T-table AES (arm)
__aes_arm_decrypt           arch/arm/crypto/aes-cipher-core.S: scalar T-table AES (arm)
__aes_arm64_encrypt         arch/arm64/crypto/aes-cipher-core.S: scalar T-table AES (arm64)
__aes_arm64_decrypt         arch/arm64/crypto/aes-cipher-core.S: scalar T-table AES (arm64)
crypto_ft_tab               crypto/aes_generic.c forward T-tables (4 KiB, indexed by state bytes)
crypto_it_tab               crypto/aes_generic.c inverse T-tables
crypto_fl_tab               crypto/aes_generic.c last-round forward tables
crypto_il_tab               crypto/aes_generic.c last-round inverse tables
crypto_aes_set_key          crypto/aes_generic.c key setup for the T-table cipher
crypto_aes_expand_key       older aes_generic key expansion through tables
crypto_aes_encrypt          older aes_generic T-table cipher entry
crypto_aes_decrypt          older aes_generic T-table cipher entry
crypto_cipher_encrypt_one   single-block cipher API: resolves "aes" to whatever is registered (aes-generic, aes-arm: tables)
crypto_cipher_decrypt_one   single-block cipher API (as above)
crypto_cipher_setkey        single-block cipher API (as above)
crypto_alloc_cipher         allocates a cipher by name: may be a table-based one
crypto_alloc_base           generic allocator under crypto_alloc_cipher: delegation to another driver
crypto_alloc_skcipher       fallback skcipher: delegation to another driver (in-tree fallbacks use table AES)
crypto_alloc_sync_skcipher  as crypto_alloc_skcipher
crypto_alloc_lskcipher      as crypto_alloc_skcipher (6.8+)
crypto_alloc_aead           fallback AEAD: delegation to another driver
crypto_grab_cipher          template spawn of a cipher: delegation
crypto_grab_skcipher        template spawn of a skcipher: delegation
aesgcm_expandkey            lib/crypto/aesgcm.c: built on aes_encrypt (tables) and table GHASH
aesgcm_encrypt              lib/crypto/aesgcm.c (as above)
aesgcm_decrypt              lib/crypto/aesgcm.c (as above)
aescfb_encrypt              lib/crypto/aescfb.c: built on aes_encrypt
aescfb_decrypt              lib/crypto/aescfb.c: built on aes_encrypt
gf128mul_lle                crypto/gf128mul.c: multiplication through 4-bit tables indexed by data
gf128mul_bbe                crypto/gf128mul.c (as above)
gf128mul_x8_ble             crypto/gf128mul.c: reduction through a table indexed by data
gf128mul_init_4k_lle        crypto/gf128mul.c: key-dependent 4 KiB multiplication table (GHASH key)
gf128mul_init_4k_bbe        crypto/gf128mul.c (as above)
gf128mul_init_64k_bbe       crypto/gf128mul.c: key-dependent 64 KiB table
gf128mul_4k_lle             crypto/gf128mul.c: lookups in the key-dependent table
gf128mul_4k_bbe             crypto/gf128mul.c (as above)
gf128mul_64k_bbe            crypto/gf128mul.c (as above)
'

# Forbidden prefixes (anything starting with these), with why.
FORBIDDEN_PREFIX='
crypto_aes_                 crypto/aes_generic.c and lib/crypto/aes.c exports: T-tables, S-boxes and their users
__aes_arm                   scalar table-based AES cores of arch/arm and arch/arm64
aes_arm_                    scalar table-based AES of arch/arm
ce_aes_                     arm64 Crypto Extensions helpers: their module loads only on CPUs with AES instructions, which ctneon targets lack
gf128mul_                   table-driven GF(2^128) multiplication
'

[ $# -ge 1 ] || { echo "usage: $0 MODULE.ko [MODULE.ko...]" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

nm_for() {	# nm_for ELF: the nm that understands this ELF
	local machine
	machine=$(LC_ALL=C readelf -h "$1" 2>/dev/null | awk -F: '/Machine:/ { gsub(/^ +/, "", $2); print $2 }')
	case $machine in
	AArch64) command -v aarch64-linux-gnu-nm || command -v llvm-nm ;;
	ARM)     command -v arm-linux-gnueabihf-nm || command -v llvm-nm ;;
	*)       command -v llvm-nm || command -v nm ;;
	esac
}

rc=0
for mod in "$@"; do
	name=static-symbols
	if [ ! -f "$mod" ]; then
		echo "FAIL $name $mod: no such file"
		rc=1
		continue
	fi
	elf=$tmp/$(basename "$mod")
	case $mod in
	*.xz)  xz -dc "$mod" >"$elf" ;;
	*.zst) zstd -qdc "$mod" >"$elf" ;;
	*.gz)  gzip -dc "$mod" >"$elf" ;;
	*)     cp "$mod" "$elf" ;;
	esac
	nm=$(nm_for "$elf")
	if [ -z "$nm" ]; then
		echo "FAIL $name $mod: no nm for $(readelf -h "$elf" 2>/dev/null | grep Machine:)"
		rc=2
		continue
	fi
	if ! "$nm" -u "$elf" >"$tmp/undef.raw" 2>"$tmp/nm.err"; then
		echo "FAIL $name $mod: $nm failed: $(head -n1 "$tmp/nm.err")"
		rc=2
		continue
	fi
	awk '{ print $NF }' "$tmp/undef.raw" | sort -u >"$tmp/undef"
	bad=0
	while read -r sym; do
		why=$(echo "$FORBIDDEN_EXACT" | awk -v s="$sym" '$1 == s { $1 = ""; sub(/^ +/, ""); print; exit }')
		if [ -z "$why" ]; then
			why=$(echo "$FORBIDDEN_PREFIX" | awk -v s="$sym" \
				'NF && index(s, $1) == 1 { p = $1; $1 = ""; sub(/^ +/, ""); print "prefix " p ": " $0; exit }')
		fi
		if [ -n "$why" ]; then
			echo "FAIL $name $mod: imports $sym: $why"
			bad=1
		fi
	done <"$tmp/undef"
	if [ $bad = 0 ]; then
		echo "ok $name $mod ($(wc -l <"$tmp/undef") imports, none table-based)"
	else
		rc=1
	fi
done
exit $rc
