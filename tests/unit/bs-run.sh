#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# User-space test of a bit-sliced AES core: tests/unit/bs-run.sh arm|arm64
#
# Builds tests/unit/bs-test.c with aes-ct.c and <arch>/aes-neonbs-core.S
# (statically, with the cross compiler, through the shim headers of
# tests/unit/shim/<arch>, then tests/unit/shim-bs/<arch> if present), runs it
# under qemu-user, and feeds it a stream of random cases made here with
# /usr/bin/python3's `cryptography` (ECB both ways, CBC decryption, CTR, XTS
# whole blocks; every key size).  Prints "ok <name>" / "FAIL <name>" lines and
# a closing "N passed, N failed"; exits non-zero on any failure.
#
# Environment:
#   CTNEON_BS_CASES  random stream cases per mode and key size (default 10000)
#   CTNEON_BS_SEED   seed of the stream (default 1)
#   CTNEON_BS_CORE   another core source instead of <arch>/aes-neonbs-core.S
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
py=/usr/bin/python3
arch=${1:-}

. "$here/cross.sh"
core=${CTNEON_BS_CORE:-$top/$arch/aes-neonbs-core.S}


tmp=$(mktemp -d /tmp/ctneon-bs.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

inc=(-I"$top" -I"$top/tests/unit/shim/$arch")
[ -d "$top/tests/unit/shim-bs/$arch" ] && inc=(-I"$top" -I"$top/tests/unit/shim-bs/$arch" -I"$top/tests/unit/shim/$arch")

# the random stream, in the background while compiling
cat >"$tmp/gen.py" <<'PYEOF'
import os, sys, random, struct
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

n_cases = int(os.environ.get("CTNEON_BS_CASES", "10000"))
rnd = random.Random(int(os.environ.get("CTNEON_BS_SEED", "1")))
out = open(sys.argv[1], "wb") if sys.argv[1] != "-" else sys.stdout.buffer
ECB_ENC, ECB_DEC, CBC_DEC, CTR, XTS_ENC, XTS_DEC = range(6)
M128 = (1 << 128) - 1

def rb(n):
    return rnd.getrandbits(8 * n).to_bytes(n, "little") if n else b""

def count():
    # mostly short (where the batch edges are), one in eight up to 256
    return rnd.randint(1, 256) if rnd.random() < 0.125 else rnd.randint(1, 33)

def ecb(key, data, enc):
    c = Cipher(algorithms.AES(key), modes.ECB())
    c = c.encryptor() if enc else c.decryptor()
    return c.update(data) + c.finalize()

def xdouble(t):
    t <<= 1
    return (t ^ 0x87) & M128 if t >> 128 else t

for mode in range(6):
    for kl in (16, 24, 32):
        for _ in range(n_cases):
            n = count()
            key = rb(32)
            k = key[:kl]
            data = rb(16 * n)
            iv = rb(16)
            ivout = bytes(16)
            if mode == ECB_ENC:
                res = ecb(k, data, True)
            elif mode == ECB_DEC:
                res = ecb(k, data, False)
            elif mode == CBC_DEC:
                d = Cipher(algorithms.AES(k), modes.CBC(iv)).decryptor()
                res = d.update(data) + d.finalize()
                ivout = data[-16:]
            elif mode == CTR:
                c = int.from_bytes(iv, "big")
                sel = rnd.randrange(8)
                if sel < 4:		# carries across 32/64/96 bits, 2^128 wrap
                    w = 32 * (sel + 1)
                    c |= ((1 << w) - 1) ^ rnd.randrange(min(n, 64) + 1)
                iv = c.to_bytes(16, "big")
                e = Cipher(algorithms.AES(k), modes.CTR(iv)).encryptor()
                res = e.update(data) + e.finalize()
                ivout = ((c + n) & M128).to_bytes(16, "big")
            else:
                # iv = the plain tweak, encrypted with the second key half;
                # the core gets T = E_k2(tweak)
                k2 = rb(kl)
                t = ecb(k2, iv, True)
                if kl != 24:
                    c = Cipher(algorithms.AES(k + k2), modes.XTS(iv))
                    c = c.encryptor() if mode == XTS_ENC else c.decryptor()
                    res = c.update(data) + c.finalize()
                    ti = int.from_bytes(t, "little")
                    for _ in range(n):
                        ti = xdouble(ti)
                else:	# no AES-192 XTS in cryptography: compose with its ECB
                    ti = int.from_bytes(t, "little")
                    ts = []
                    for _ in range(n):
                        ts.append(ti.to_bytes(16, "little"))
                        ti = xdouble(ti)
                    tw = b"".join(ts)
                    x = bytes(a ^ b for a, b in zip(data, tw))
                    y = ecb(k, x, mode == XTS_ENC)
                    res = bytes(a ^ b for a, b in zip(y, tw))
                iv = t
                ivout = ti.to_bytes(16, "little")
            out.write(struct.pack("<BBHI", mode, kl, 0, n) + key + iv + ivout + data + res)
out.close()
PYEOF
status=0
exe=$tmp/bs-test
if ! { $cc -O2 -Wall -Wextra "${cflags[@]}" "${asflags[@]}" -D__ASSEMBLY__ -Wa,--noexecstack \
	"${inc[@]}" -c "$core" -o "$tmp/core.o" &&
       $cc -O2 -static -Wall -Wextra "${cflags[@]}" "${inc[@]}" -o "$exe" \
	"$here/bs-test.c" "$top/aes-ct.c" "$tmp/core.o"; } >"$tmp/build.log" 2>&1; then
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
# the stream is made while the fixed tests run (one core each)
t0=$(date +%s)
$py "$tmp/gen.py" - 2>"$tmp/gen.err" | $qemu "$exe" - >"$tmp/out" 2>&1
rcs=("${PIPESTATUS[@]}")
rc=${rcs[1]}
if [ "${rcs[0]}" -ne 0 ]; then
	cat "$tmp/gen.err"
	echo "FAIL $arch: case generator"
	status=1
fi
sed -e "s/^ok /ok $arch: /" -e "s/^FAIL /FAIL $arch: /" \
    -e "s/^\([0-9]* passed, [0-9]* failed\)$/# $arch: \1/" "$tmp/out"
echo "# $arch: $(( 18 * ${CTNEON_BS_CASES:-10000} )) stream cases, ran in $(( $(date +%s) - t0 ))s"
ok=$(grep -c '^ok ' "$tmp/out")
bad=$(grep -c '^FAIL ' "$tmp/out")
if [ $rc -ne 0 ] || [ $status -ne 0 ]; then
	[ $bad -eq 0 ] && { echo "FAIL $arch: bs-test exit status $rc"; bad=1; }
	status=1
fi
[ $ok -eq 0 ] && { echo "FAIL $arch: no test ran"; bad=$(( bad + 1 )); status=1; }

# arm: the core (and the test) again as Thumb-2, as a Thumb-2 kernel would
# build it; vectors, compositions and the register check (the random stream
# ran above, against the ARM build).
if [ $arch = arm ]; then
	t0=$(date +%s)
	if { $cc -O2 -Wall -Wextra -mthumb "${cflags[@]}" "${asflags[@]}" -D__ASSEMBLY__ \
		-Wa,--noexecstack "${inc[@]}" -c "$core" -o "$tmp/core-t32.o" &&
	     $cc -O2 -static -Wall -Wextra -mthumb "${cflags[@]}" "${inc[@]}" -o "$exe-t32" \
		"$here/bs-test.c" "$top/aes-ct.c" "$tmp/core-t32.o"; } >"$tmp/build-t32.log" 2>&1 &&
	   [ ! -s "$tmp/build-t32.log" ]; then
		$qemu "$exe-t32" >"$tmp/out-t32" 2>&1
		rc=$?
		sed -e "s/^ok /ok arm-thumb2: /" -e "s/^FAIL /FAIL arm-thumb2: /" \
		    -e "s/^\([0-9]* passed, [0-9]* failed\)$/# arm-thumb2: \1/" "$tmp/out-t32"
		echo "# arm-thumb2: ran in $(( $(date +%s) - t0 ))s"
		ok=$(( ok + $(grep -c '^ok ' "$tmp/out-t32") ))
		b=$(grep -c '^FAIL ' "$tmp/out-t32")
		[ $rc -ne 0 ] && [ $b -eq 0 ] && { echo "FAIL arm-thumb2: bs-test exit status $rc"; b=1; }
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
