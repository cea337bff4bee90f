#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# User-space test of a GHASH core: tests/unit/ghash-run.sh arm|arm64
#
# Builds tests/unit/ghash-test.c with <arch>/ghash-neon.S (statically, with
# the cross compiler, through the shim headers of tests/unit/shim/<arch>),
# runs it under qemu-user, and feeds it a stream of random AES-GCM cases made
# here with /usr/bin/python3's `cryptography` (H = E_K(0), E_K(J0), AAD,
# ciphertext, tag; the test checks GHASH ^ E_K(J0) == tag).  Before that the
# generator checks the GHASH values typed into ghash-test.c against OpenSSL's
# tags.  arm: the stream runs against the core built in ARM state (-marm,
# as the armmp kernels); the core and the test are then built again as
# Thumb-2 (no stream).
# Prints "ok <name>" / "FAIL <name>" lines and a closing "N passed, N failed";
# exits non-zero on any failure.
#
# Environment:
#   CTNEON_GHASH_CASES  random GCM cases (default 10000)
#   CTNEON_GHASH_SEED   seed of the stream (default 1)
#   CTNEON_GHASH_CORE   another core source instead of <arch>/ghash-neon.S
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
py=/usr/bin/python3
arch=${1:-}

. "$here/cross.sh"
core=${CTNEON_GHASH_CORE:-$top/$arch/ghash-neon.S}


tmp=$(mktemp -d "${TMPDIR:-/tmp}/ctneon-ghash.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

inc=(-I"$top" -I"$top/tests/unit" -I"$top/tests/unit/shim/$arch")

cat >"$tmp/gen.py" <<'PYEOF'
import os, sys, random, struct
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

def ecb(key, block):
    e = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return e.update(block) + e.finalize()

def gmul(x, y):		# GF(2^128), GCM bit order, on integers (byte 0 high)
    z, v = 0, y
    for i in range(127, -1, -1):
        if (x >> i) & 1:
            z ^= v
        v = (v >> 1) ^ (0xe1 << 120) if v & 1 else v >> 1
    return z

def ghash(h, data):
    h, x = int.from_bytes(h, "big"), 0
    for i in range(0, len(data), 16):
        x = gmul(x ^ int.from_bytes(data[i:i + 16], "big"), h)
    return x.to_bytes(16, "big")

def pad(b):
    return b + bytes(-len(b) % 16)

def j0(key, h, iv):
    if len(iv) == 12:
        return iv + b"\0\0\0\1"
    return ghash(h, pad(iv) + bytes(8) + struct.pack(">Q", 8 * len(iv)))

# The GHASH values typed into ghash-test.c (McGrew-Viega test cases 1..6):
# each must give OpenSSL's tag, so a typing error cannot pass for a core bug.
k0 = bytes(16)
k1 = bytes.fromhex("feffe9928665731c6d6a8f9467308308")
p = bytes.fromhex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                  "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255")
a = bytes.fromhex("feedfacedeadbeeffeedfacedeadbeefabaddad2")
iv1 = bytes.fromhex("cafebabefacedbaddecaf888")
iv6 = bytes.fromhex("9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728"
                    "c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b")
vecs = [
    (k0, bytes(12), b"", b"", "00000000000000000000000000000000"),
    (k0, bytes(12), b"", bytes(16), "f38cbb1ad69223dcc3457ae5b6b0f885"),
    (k1, iv1, b"", p, "7f1b32b81b820d02614f8895ac1d4eac"),
    (k1, iv1, a, p[:60], "698e57f70e6ecc7fd9463b7260a9ae5f"),
    (k1, iv1[:8], a, p[:60], "df586bb4c249b92cb6922877e444d37b"),
    (k1, iv6, a, p[:60], "1c5afe9760d3932f3c9a878aac3dc3de"),
]
bad = 0
for n, (k, iv, aad, pt, g) in enumerate(vecs, 1):
    h = ecb(k, bytes(16))
    ct = AESGCM(k).encrypt(iv, pt, aad)
    c, tag = ct[:-16], ct[-16:]
    typed = bytes.fromhex(g)
    ej0 = ecb(k, j0(k, h, iv))
    mine = ghash(h, pad(aad) + pad(c) + struct.pack(">QQ", 8 * len(aad), 8 * len(c)))
    if bytes(x ^ y for x, y in zip(typed, ej0)) != tag or mine != typed:
        print("typed vector mv-tc%d disagrees with OpenSSL" % n, file=sys.stderr)
        bad = 1
if bad:
    sys.exit(1)
if sys.argv[1] == "--check":
    sys.exit(0)

n_cases = int(os.environ.get("CTNEON_GHASH_CASES", "10000"))
rnd = random.Random(int(os.environ.get("CTNEON_GHASH_SEED", "1")))
out = open(sys.argv[1], "wb") if sys.argv[1] != "-" else sys.stdout.buffer

def rb(n):
    return rnd.getrandbits(8 * n).to_bytes(n, "little") if n else b""

def length(short, long):
    r = rnd.random()
    if r < 0.1:
        return 0
    if r < 0.8:
        return rnd.randint(1, short)
    return rnd.randint(1, long)

def case(i):
    key = rb(rnd.choice((16, 24, 32)))
    if i % 16 == 0:		# all-ones data/keys sometimes
        key = b"\xff" * len(key)
    alen = length(80, 600)
    clen = length(130, 4096)
    nonce = rb(12)
    aad, pt = rb(alen), rb(clen)
    ct = AESGCM(key).encrypt(nonce, pt, aad)
    h = ecb(key, bytes(16))
    ej0 = ecb(key, nonce + b"\0\0\0\1")
    out.write(struct.pack("<II", alen, clen) + h + ej0 + ct[-16:] + aad + ct[:-16])

try:
    for i in range(n_cases):
        case(i)
    out.close()
except BrokenPipeError:		# the test stopped early: it reports why
    os._exit(0)
PYEOF

status=0
exe=$tmp/ghash-test
build() {	# build <exe> <extra flags...>
	local o=$1; shift
	$cc -O2 -Wall -Wextra "${cflags[@]}" "${asflags[@]}" "$@" -D__ASSEMBLY__ \
		-Wa,--noexecstack "${inc[@]}" -c "$core" -o "$o.o" &&
	$cc -O2 -static -Wall -Wextra "${cflags[@]}" "$@" "${inc[@]}" -o "$o" \
		"$here/ghash-test.c" "$o.o"
}
if ! build "$exe" "${mode[@]}" >"$tmp/build.log" 2>&1; then
	cat "$tmp/build.log"
	echo "FAIL $arch: build"
	echo "0 passed, 1 failed"
	exit 1
fi
if [ -s "$tmp/build.log" ]; then
	cat "$tmp/build.log"
	echo "FAIL $arch: build warnings"
	status=1
fi

bad=0
if $py "$tmp/gen.py" --check 2>"$tmp/gen.err"; then
	echo "ok $arch: typed vectors agree with OpenSSL"
	ok=1
else
	cat "$tmp/gen.err"
	echo "FAIL $arch: typed vectors disagree with OpenSSL"
	ok=0; bad=1; status=1
fi

t0=$(date +%s)
$py "$tmp/gen.py" - 2>"$tmp/gen.err" | $qemu "$exe" - >"$tmp/out" 2>&1
rcs=("${PIPESTATUS[@]}")
rc=${rcs[1]}
if [ "${rcs[0]}" -ne 0 ]; then
	cat "$tmp/gen.err"
	echo "FAIL $arch: case generator"
	bad=$(( bad + 1 )); status=1
fi
sed -e "s/^ok /ok $arch: /" -e "s/^FAIL /FAIL $arch: /" \
    -e "s/^\([0-9]* passed, [0-9]* failed\)$/# $arch: \1/" "$tmp/out"
echo "# $arch: ${CTNEON_GHASH_CASES:-10000} stream cases, ran in $(( $(date +%s) - t0 ))s"
ok=$(( ok + $(grep -c '^ok ' "$tmp/out") ))
b=$(grep -c '^FAIL ' "$tmp/out")
if [ $rc -ne 0 ] && [ $b -eq 0 ]; then
	echo "FAIL $arch: ghash-test exit status $rc"
	b=1
fi
[ $b -ne 0 ] && status=1
bad=$(( bad + b ))
[ "$(grep -c '^ok ' "$tmp/out")" -eq 0 ] && { echo "FAIL $arch: no test ran"; bad=$(( bad + 1 )); status=1; }

# arm: again as Thumb-2 (vectors, reference, register check)
if [ $arch = arm ]; then
	t0=$(date +%s)
	if build "$exe-t32" -mthumb -Wa,-mthumb >"$tmp/build-t32.log" 2>&1 &&
	   [ ! -s "$tmp/build-t32.log" ]; then
		$qemu "$exe-t32" >"$tmp/out-t32" 2>&1
		rc=$?
		sed -e "s/^ok /ok arm-thumb2: /" -e "s/^FAIL /FAIL arm-thumb2: /" \
		    -e "s/^\([0-9]* passed, [0-9]* failed\)$/# arm-thumb2: \1/" "$tmp/out-t32"
		echo "# arm-thumb2: ran in $(( $(date +%s) - t0 ))s"
		ok=$(( ok + $(grep -c '^ok ' "$tmp/out-t32") ))
		b=$(grep -c '^FAIL ' "$tmp/out-t32")
		[ $rc -ne 0 ] && [ $b -eq 0 ] && { echo "FAIL arm-thumb2: ghash-test exit status $rc"; b=1; }
		[ $b -ne 0 ] && status=1
		bad=$(( bad + b ))
	else
		cat "$tmp/build-t32.log"
		echo "FAIL arm-thumb2: build"
		bad=$(( bad + 1 )); status=1
	fi
fi
echo "$ok passed, $bad failed"
exit $status
