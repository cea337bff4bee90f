#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/a53-floor.py [DISAS]
#
# Why issue #6's "<= 5 cycles per byte on the Cortex-A53 model at 16 KiB"
# (the issue puts the floor at about 4.6) is out of reach on that model, in
# three measurements with llvm-mca (the same LLVM the bench uses):
#
# 1. The model never overlaps NEON and integer work.  48 independent
#    "add v.4s" take 48 cycles (one q-op per cycle), 48 independent integer
#    adds 24 (two per cycle); the 96 together, in runs of k of each kind,
#    take more than the 72 of the two one after the other, for every k.
#    (Cortex-A72 for comparison: there the two overlap.)
# 2. So a stitched ChaCha20-Poly1305 costs at least ChaCha20's q-ops plus
#    Poly1305's integer cycles.  ChaCha20's q-ops per byte, with the fewest
#    instructions NEON has for each step (add, eor; <<< 16 rev32, <<< 8 one
#    tbl, <<< 12 and <<< 7 shl + sri; the feed-forward add; the keystream
#    eor), are printed below: 4.69 per byte before any transposition.
# 3. With DISAS (ctplugin's stream of one 16 KiB encryption, written by
#    "tests/ct/mca.sh arm64 ctneon_chachapoly_crypt-enc-perf/16384bytes":
#    build/ct/arm64/mca-ctneon_chachapoly_crypt-enc-perf_16384bytes.disas),
#    ctneon's core is split into its vector and its integer instructions,
#    each kept in order, and the three streams are measured: the whole
#    costs about the sum of the parts, on the A53 model only.
#
# Prints a table; asserts nothing (a benchmark, not a test).

import re
import subprocess
import sys
import tempfile


def mca(body, cpu, iterations=10):
    with tempfile.NamedTemporaryFile("w", suffix=".s") as f:
        f.write("\n".join(body) + "\n")
        f.flush()
        out = subprocess.run(["llvm-mca", "-mtriple=aarch64-linux-gnu",
                              "-mcpu=" + cpu, "-iterations=%d" % iterations,
                              f.name], capture_output=True, text=True,
                             check=True).stdout
    return int(re.search(r"Total Cycles:\s+(\d+)", out).group(1)) / iterations


def mixing():
    # independent operations: destinations rotate, sources are never written
    vec = ["add v%d.4s, v%d.4s, v%d.4s" % (i % 12, 12 + i % 10, 22 + i % 10)
           for i in range(48)]
    gpr = ["add x%d, x%d, x%d" % (i % 8, 8 + i % 6, 19 + i % 6)
           for i in range(48)]
    print("1. 48 independent NEON q-ops and 48 integer ops (cycles)")
    print("   %-28s %8s %8s" % ("", "A53", "A72"))
    rows = [("NEON alone", vec), ("integer alone", gpr),
            ("NEON, then integer", vec + gpr)]
    for k in (1, 2, 4, 12, 24):
        body = []
        for i in range(0, 48, k):
            body += vec[i:i + k] + gpr[i:i + k]
        rows.append(("runs of %d of each" % k, body))
    for name, body in rows:
        print("   %-28s %8.1f %8.1f" % (name, mca(body, "cortex-a53"),
                                       mca(body, "cortex-a72")))


def qop_floor():
    # per double round of four blocks in the "words across lanes" form:
    # 8 quarter rounds of 4 add, 4 eor, rev32, tbl, 2 x (shl + sri)
    per_qr = 4 + 4 + 1 + 1 + 2 + 2
    rounds = 10 * 8 * per_qr / 4          # per 64-byte block, ChaCha20
    feed = 16                             # x + state
    xor = 4                               # 64 bytes of keystream, 4 eor
    total = (rounds + feed + xor) / 64
    print("2. ChaCha20 q-ops per byte, fewest NEON instructions per step:")
    print("   rounds %.3f + feed-forward %.3f + keystream eor %.3f = %.2f"
          % (rounds / 64, feed / 64, xor / 64, total))
    print("   = cycles per byte at one q-op per cycle (A53 model), before")
    print("   any transposition, load, store or Poly1305")


def split(path):
    enc = []
    for line in open(path):
        if line.startswith("#"):
            continue
        f = line.rstrip("\n").split("\t")
        if len(f) >= 3 and f[2].startswith("ctneon_"):
            enc.append(" ".join("0x" + f[1][i:i + 2]
                                for i in range(0, len(f[1]), 2)))
    dis = subprocess.run(["llvm-mc", "--disassemble",
                          "-triple=aarch64-linux-gnu", "-mattr=+neon"],
                         input="\n".join(enc) + "\n", capture_output=True,
                         text=True, check=True).stdout
    body = [ln for ln in dis.splitlines()
            if ln.strip() and not ln.strip().startswith(".")]
    isvec = re.compile(r"\b[vqd]\d+\b|\bv\d+\.")
    vec = [ln for ln in body if isvec.search(ln)]
    gpr = [ln for ln in body if not isvec.search(ln)]
    n = 16384
    print("3. ctneon's core, one 16 KiB encryption (%d instructions:"
          " %d vector, %d integer), cycles per byte" % (len(body), len(vec),
                                                       len(gpr)))
    print("   %-28s %8s %8s" % ("", "A53", "A72"))
    for name, b in (("vector instructions alone", vec),
                    ("integer instructions alone", gpr),
                    ("the core as it runs", body)):
        print("   %-28s %8.2f %8.2f" % (name, mca(b, "cortex-a53", 1) / n,
                                       mca(b, "cortex-a72", 1) / n))


mixing()
qop_floor()
if len(sys.argv) > 1:
    split(sys.argv[1])
