#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/run-demo.sh (what `make run` calls)
#
# Builds ctneon for arm64 / Debian 6.1, boots that kernel in QEMU with
# tests/vm/guest/demo.sh as the guest script, and shows:
#   - what ctneon registered (name, driver, priority, self-test),
#   - which driver the kernel picks for xts(aes) etc. before and after,
#   - a fixed message encrypted in the guest through AF_ALG with xts(aes)
#     and cbc(aes) (served by ctneon), in hex,
# then re-computes both ciphertexts on the host with Python's
# `cryptography` (OpenSSL underneath) and prints MATCH or MISMATCH.
# Exit status 0 only if both match.
#
# Environment: DEMO_ARCH (arm64), DEMO_KERNEL (6.1) to try another
# configuration; everything tests/vm/run.sh reads (CTNEON_VM_*).

set -uo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
ARCH=${DEMO_ARCH:-arm64}
KERNEL=${DEMO_KERNEL:-6.1}
BUILD=$SRC/build/$ARCH-$KERNEL
PY=/usr/bin/python3
LOG=$BUILD/demo.log

say() { printf '\n== %s\n' "$*"; }

# Everything the build, the guest and the host check use (cross compilers,
# QEMU, mmdebstrap, Debian's python3-cryptography, ...): on a fresh machine
# none of it is there yet.  deps.sh installs only what is missing.
say "checking the packages the demo needs (scripts/deps.sh)"
"$SRC/scripts/deps.sh" || { echo "run-demo: cannot install the packages it needs" >&2; exit 1; }

t0=$(date +%s)
say "building ctneon for $ARCH, Debian kernel $KERNEL (make ARCH=$ARCH KERNEL=$KERNEL)"
make -s -C "$SRC" ARCH="$ARCH" KERNEL="$KERNEL" || { echo "run-demo: build failed" >&2; exit 1; }

say "booting the Debian $KERNEL $ARCH kernel in QEMU (TCG) with the demo guest"
mkdir -p "$BUILD"
# kpti=0: arm64 guests otherwise pay a page-table switch per system call,
# which TCG makes about ten times slower.
append="quiet"
[ "$ARCH" = arm64 ] && append="$append kpti=0"
CTNEON_VM_GUEST=$SRC/tests/vm/guest/demo.sh \
CTNEON_VM_APPEND="${CTNEON_VM_APPEND:-} $append" \
CTNEON_VM_TIMEOUT=${CTNEON_VM_TIMEOUT:-240} \
	"$SRC/tests/vm/run.sh" "$ARCH" "$KERNEL" >"$LOG" 2>&1
vmrc=$?
t1=$(date +%s)

# What the guest said, without the "demo: " prefix.
sed -n 's/^demo: //p' "$LOG" | grep -v -E '^(xts|cbc) (key|ct)=' | sed 's/^/  /'
if ! grep -q '^demo: xts ct=' "$LOG"; then
	echo "run-demo: the guest did not get to the encryption (QEMU status $vmrc); log: $LOG" >&2
	tail -n 30 "$LOG" >&2
	exit 1
fi

say "ciphertexts from the guest (AF_ALG, served by ctneon) and the host check"
"$PY" - "$LOG" <<'EOF'
import re
import sys

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

log = open(sys.argv[1], encoding="utf-8", errors="replace").read()


def field(mode, name):
    m = re.search(r"^demo: %s .*?\b%s=([0-9a-f]+|\S+)" % (mode, name), log, re.M)
    return m.group(1) if m else None


bad = 0
for mode in ("xts", "cbc"):
    key, iv, pt = field(mode, "key"), field(mode, "iv"), field(mode, "pt")
    got = field(mode, "ct")
    if mode == "xts":
        # IEEE 1619 XTS with ciphertext stealing (the message is not a
        # whole number of blocks); the IV is the 16-byte tweak
        c = Cipher(algorithms.AES(bytes.fromhex(key)), modes.XTS(bytes.fromhex(iv)))
    else:
        c = Cipher(algorithms.AES(bytes.fromhex(key)), modes.CBC(bytes.fromhex(iv)))
    e = c.encryptor()
    want = (e.update(bytes.fromhex(pt)) + e.finalize()).hex()
    bits = len(key) * 4 // (2 if mode == "xts" else 1)
    print("  %s(aes), AES-%d, %d bytes" % (mode, bits, len(pt) // 2))
    print("    key %s" % key)
    print("    iv  %s" % iv)
    print("    plaintext       %s" % pt)
    print("    guest (ctneon): %s" % got)
    print("    host (OpenSSL): %s" % want)
    if got == want:
        print("    MATCH")
    else:
        print("    MISMATCH")
        bad += 1
sys.exit(1 if bad else 0)
EOF
rc=$?
echo
echo "run-demo: build + boot + demo took $((t1 - t0)) s (full guest log: $LOG)"
exit $rc
