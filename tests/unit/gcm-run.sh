#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# User-space test of AES-GCM over the NEON cores: tests/unit/gcm-run.sh arm|arm64
#
# What: builds tests/unit/gcm-test.c (gcm(aes) and rfc4106(gcm(aes))
# composed the way glue-gcm.c does) with <arch>/vpaes-core.S,
# <arch>/aes-neonbs-core.S, <arch>/ghash-neon.S, aes-ct.c and ghash-ct.c
# (statically, with the cross compiler, through the shim headers of
# tests/unit/shim/<arch>), runs it under qemu-user and feeds it a stream of
# AES-GCM cases made here with /usr/bin/python3's `cryptography` (OpenSSL):
# every message length 0..4096, every AAD length 0..80, all key sizes,
# rfc4106 nonces, truncated tags, forgeries, split steps (the groups are
# described at the top of gcm-test.c).
# Why here and not in a guest: every length in seconds, with the kernel's
# fallback paths forced at random.
# How: the McGrew-Viega values typed into gcm-test.c are first printed by
# the test (--vectors) and checked against OpenSSL, so that a typing error
# cannot pass for a core bug.  svc-aes.c's CTNEON_BS_MIN_BLOCKS is read
# out of the source and compiled into the test's copy of the vpaes /
# bit-sliced split.  arm: the stream runs against the cores built in ARM
# state (-marm, as the armmp kernels), then built again as Thumb-2.
# Prints "ok <name>" / "FAIL <name>" lines and a closing "N passed, N failed";
# exits non-zero on any failure.
#
# Environment:
#   CTNEON_GCM_SEED   seed of the stream (default 1)
#   CTNEON_GCM_QUICK  1: every 7th message length and AAD length only
#   CTNEON_GCM_BREAK  n: build the test with deliberate bug n (gcm-test.c,
#                     GCM_TEST_BREAK), to see the groups that must fail fail
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
py=/usr/bin/python3
arch=${1:-}

. "$here/cross.sh"
cores=("$top/$arch/vpaes-core.S" "$top/$arch/aes-neonbs-core.S" "$top/$arch/ghash-neon.S")


tmp=$(mktemp -d "${TMPDIR:-/tmp}/ctneon-gcm.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

inc=(-I"$top" -I"$top/tests/unit" -I"$top/tests/unit/shim/$arch")

# the split policy's threshold, from the one place that defines it
bsmin=$(sed -n 's/^#define[[:space:]]*CTNEON_BS_MIN_BLOCKS[[:space:]]*\([0-9][0-9]*\).*/\1/p' \
	"$top/svc-aes.c")
if [ -z "$bsmin" ]; then
	echo "FAIL $arch: no CTNEON_BS_MIN_BLOCKS in svc-aes.c"
	echo "0 passed, 1 failed"
	exit 1
fi
defs=(-DGCM_BS_MIN_BLOCKS="$bsmin" -DGCM_TEST_BREAK="${CTNEON_GCM_BREAK:-0}")

cat >"$tmp/gen.py" <<'PYEOF'
import os, sys, random, struct
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

# --check FILE: the typed vectors (gcm-test --vectors) against OpenSSL
if sys.argv[1] == "--check":
    bad = n = 0
    for line in open(sys.argv[2]):
        name, *fields = line.split()
        v = {f.split("=")[0]: bytes.fromhex(f.split("=", 1)[1]) for f in fields}
        out = AESGCM(v["k"]).encrypt(v["iv"], v["p"], v["a"] or None)
        n += 1
        if out != v["c"] + v["t"]:
            print("typed vector %s disagrees with OpenSSL" % name, file=sys.stderr)
            bad = 1
    sys.exit(bad or n != 12)

G_LENGTHS, G_AAD, G_RFC4106, G_TAGLEN, G_FORGE, G_SPLIT = range(6)
seed = int(os.environ.get("CTNEON_GCM_SEED", "1"))
quick = os.environ.get("CTNEON_GCM_QUICK", "0") == "1"
rnd = random.Random(seed)
out = sys.stdout.buffer
count = [0] * 6
KEYS = (16, 24, 32)

def rb(n):
    return rnd.getrandbits(8 * n).to_bytes(n, "little") if n else b""

def case(group, keylen, alen, plen, authsize=16, rfc4106=False):
    key = rb(keylen)
    pt = rb(plen)
    if rfc4106:
        # the request's AAD: alen bytes (SPI, sequence number) then the IV
        salt, iv = rb(4), rb(8)
        assoc = rb(alen - 8) + iv
        ct = AESGCM(key).encrypt(salt + iv, pt, assoc[:-8] or None)
        key += salt
    else:
        iv = rb(12)
        assoc = rb(alen)
        ct = AESGCM(key).encrypt(iv, pt, assoc or None)
    out.write(struct.pack("<BBBBHHI", group, int(rfc4106), len(key), authsize,
                          len(assoc), 0, plen))
    out.write(key + iv + assoc + pt + ct[:-16] + ct[-16:][:authsize])
    count[group] += 1

def short_or_long():
    return rnd.randint(0, 300) if rnd.random() < 0.7 else rnd.randint(0, 4096)

step = 7 if quick else 1
try:
    for m in range(0, 4097, step):
        case(G_LENGTHS, KEYS[m % 3], rnd.randint(0, 80), m)
    for a in range(0, 81, step):
        for m in (0, 1, 15, 16, 17, 127, 128, 129, 4095, 4096):
            for kl in KEYS:
                case(G_AAD, kl, a, m)
    # and around glue-gcm.c's 256-byte AAD chunks
    for a in (240, 255, 256, 257, 271, 272, 511, 512, 513, 1000, 1024):
        for m in (0, 1, 16, 129):
            for kl in KEYS:
                case(G_AAD, kl, a, m)
    for i in range(60 if quick else 300):
        case(G_RFC4106, KEYS[i % 3], rnd.choice((16, 20)), short_or_long(),
             rnd.choice((8, 12, 16)), True)
    for t in (4, 8, 12, 13, 14, 15, 16):
        for kl in KEYS:
            for m in (0, 1, 16, 17, 64, 255, 1000):
                r4106 = t in (8, 12, 16) and m % 2 == 1
                case(G_TAGLEN, kl, rnd.choice((16, 20)) if r4106 else rnd.randint(0, 80),
                     m, t, r4106)
    for i, m in enumerate((0, 1, 15, 16, 17, 64, 129, 1000, 4096) * 3):
        t = (16, 16, 4, 8, 12, 13, 14, 15)[i % 8]
        if i % 4 == 3:
            case(G_FORGE, KEYS[i % 3], rnd.choice((16, 20)), m, (8, 12, 16)[i % 3], True)
        else:
            case(G_FORGE, KEYS[i % 3], rnd.choice((0, 1, 16, 20, 80)), m, t)
    for i, m in enumerate((4096, 4097, 6000, 8192, 8191, 12345, 16, 17, 127, 128,
                           129, 255, 256, 257, 1000, 2048)):
        case(G_SPLIT, KEYS[i % 3], rnd.randint(0, 300), m)
    out.write(struct.pack("<BBBBHHI", 0xff, 0, 0, 0, 0, 0, 0) + struct.pack("<6I", *count))
    out.close()
except BrokenPipeError:		# the test stopped early: it reports why
    os._exit(0)
PYEOF

status=0
exe=$tmp/gcm-test
build() {	# build <exe> <extra flags...>
	local o=$1 s objs=() i=0; shift
	for s in "${cores[@]}"; do
		$cc -O2 -Wall -Wextra "${cflags[@]}" "${asflags[@]}" "$@" -D__ASSEMBLY__ \
			-Wa,--noexecstack "${inc[@]}" -c "$s" -o "$o.$i.o" || return 1
		objs+=("$o.$i.o"); i=$((i + 1))
	done
	$cc -O2 -static -Wall -Wextra -Werror "${cflags[@]}" "$@" "${inc[@]}" "${defs[@]}" \
		-o "$o" "$here/gcm-test.c" "$top/aes-ct.c" "$top/ghash-ct.c" "${objs[@]}"
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

ok=0 bad=0
if $qemu "$exe" --vectors >"$tmp/vectors" && $py "$tmp/gen.py" --check "$tmp/vectors" 2>"$tmp/gen.err"; then
	echo "ok $arch: typed McGrew-Viega vectors agree with OpenSSL"
	ok=1
else
	cat "$tmp/gen.err"
	echo "FAIL $arch: typed McGrew-Viega vectors disagree with OpenSSL"
	bad=1; status=1
fi

# run <label> <exe> <stream args...>: one run of the test, its lines relabelled
run() {
	local label=$1 x=$2 t0 rc b; shift 2
	t0=$(date +%s)
	if [ $# -gt 0 ]; then
		$py "$tmp/gen.py" - 2>"$tmp/gen.err" | $qemu "$x" - >"$tmp/out" 2>&1
		local rcs=("${PIPESTATUS[@]}")
		rc=${rcs[1]}
		if [ "${rcs[0]}" -ne 0 ]; then
			cat "$tmp/gen.err"
			echo "FAIL $label: case generator"
			bad=$(( bad + 1 )); status=1
		fi
	else
		$qemu "$x" >"$tmp/out" 2>&1
		rc=$?
	fi
	sed -e "s/^ok /ok $label: /" -e "s/^FAIL /FAIL $label: /" \
	    -e "s/^\([0-9]* passed, [0-9]* failed\)$/# $label: \1/" "$tmp/out"
	echo "# $label: ran in $(( $(date +%s) - t0 ))s"
	ok=$(( ok + $(grep -c '^ok ' "$tmp/out") ))
	b=$(grep -c '^FAIL ' "$tmp/out")
	[ $rc -ne 0 ] && [ $b -eq 0 ] && { echo "FAIL $label: gcm-test exit status $rc"; b=1; }
	[ "$(grep -c '^ok ' "$tmp/out")" -eq 0 ] && [ $b -eq 0 ] && { echo "FAIL $label: no test ran"; b=1; }
	[ $b -ne 0 ] && status=1
	bad=$(( bad + b ))
}

run "$arch" "$exe" stream

# arm: again as Thumb-2, as a Thumb-2 kernel would build the cores; the
# vectors and the stream again
if [ $arch = arm ]; then
	if build "$exe-t32" -mthumb -Wa,-mthumb >"$tmp/build-t32.log" 2>&1 &&
	   [ ! -s "$tmp/build-t32.log" ]; then
		run arm-thumb2 "$exe-t32" stream
	else
		cat "$tmp/build-t32.log"
		echo "FAIL arm-thumb2: build"
		bad=$(( bad + 1 )); status=1
	fi
fi
echo "$ok passed, $bad failed"
exit $status
