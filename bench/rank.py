#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/rank.py CONFIG...      (e.g. arm64-6.1 arm-6.1)
#
# The numbers of svc-rank.c's table from a bench run: for every name whose
# in-tree driver (on a CPU without the Crypto Extensions) is constant time,
# ctneon / in-tree at the sizes that name's users send, in instructions of
# the implementation's own code (the CSV's "crypto" column, AES-128, the
# smaller of encryption and decryption where both are measured; at a size
# the CSV lacks, the instructions of the cycle window) and in cycles on
# the two llvm-mca models of the architecture (the START_DISAS windows of
# bench/guest-bench.sh: encryption only).  It prints, per name, each size's
# three ratios and then the row for svc-rank.c with the smallest of each
# (ctneon's best case: the in-tree driver is faster at every size on every
# measure exactly when all three are above 100).  A measure missing at a
# size is "-" and makes that column 0 (no yield without data).
#
# Reads Documentation/performance-data/<config>.csv and <config>-more.csv,
# and the cycle windows from build/bench/<config>/mca.txt if it exists,
# else Documentation/performance-data/<config>-mca.txt.  Which in-tree
# drivers are constant time is knowledge, not data: ROWS below, with the
# reason next to each (the same as svc-rank.c's comments).

import csv
import os
import sys

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(SRC, "Documentation", "performance-data")

DISK, PACKET, MAC = (512, 4096), (64, 1420), (16, 64, 1420)
# name: (CSV mode, cycle-window mode, sizes)
NAMES = {
    "ecb(aes)": ("ecb", "ecb", DISK),
    "cbc(aes)": ("cbc", "cbc", DISK),
    "ctr(aes)": ("ctr", "ctr", PACKET),
    "xts(aes)": ("xts", "xts", DISK),
    "cts(cbc(aes))": ("cts", "cts", DISK),
    "cmac(aes)": ("cmac", "cmac", MAC),
    "xcbc(aes)": ("xcbc", "cmac", MAC),       # the same CBC-MAC core
    "cbcmac(aes)": ("cbcmac", "cmac", MAC),
    "ccm(aes)": ("ccm", "ccm", PACKET),
    "rfc4309(ccm(aes))": ("rfc4309", "ccm", PACKET),
    "gcm(aes)": ("gcm", "gcm", PACKET),
    "rfc4106(gcm(aes))": ("rfc4106", "gcm", PACKET),
    "chacha20": ("chacha20", "chacha20", PACKET),
    "xchacha20": ("xchacha20", "xchacha12", DISK),
    "xchacha12": ("xchacha12", "xchacha12", DISK),
    "rfc7539(chacha20,poly1305)": ("rfc7539", "rfc7539", PACKET),
    "rfc7539esp(chacha20,poly1305)": ("rfc7539esp", "rfc7539", PACKET),
}
# (arch, series): the names whose in-tree winner is constant time
ARM64_6 = ["ecb(aes)", "cbc(aes)", "ctr(aes)", "xts(aes)", "cts(cbc(aes))",
           "cmac(aes)", "xcbc(aes)", "cbcmac(aes)", "ccm(aes)", "rfc4309(ccm(aes))",
           "chacha20", "xchacha20", "xchacha12",
           "rfc7539(chacha20,poly1305)", "rfc7539esp(chacha20,poly1305)"]
ARM_6 = ["ecb(aes)", "ctr(aes)", "gcm(aes)", "rfc4106(gcm(aes))",
         "chacha20", "xchacha20", "xchacha12",
         "rfc7539(chacha20,poly1305)", "rfc7539esp(chacha20,poly1305)"]
ROWS = {
    ("arm64", "6"): ARM64_6,
    # 7.x: the MACs are the library's (table-based final block), ccm its template
    ("arm64", "7"): [n for n in ARM64_6 if n not in
                     ("cmac(aes)", "xcbc(aes)", "cbcmac(aes)", "ccm(aes)", "rfc4309(ccm(aes))")],
    ("arm", "6"): ARM_6,
    ("arm", "7"): ARM_6,
}
CPUS = {"arm64": ("cortex-a53", "cortex-a72"), "arm": ("cortex-a57", "cortex-a9")}


def load(cfg):
    ins = {}
    for f in (f"{cfg}.csv", f"{cfg}-more.csv"):
        p = os.path.join(DATA, f)
        if not os.path.exists(p):
            continue
        for r in csv.DictReader(open(p)):
            # AES-128; ChaCha20's only key is 256 bits
            chacha = "chacha" in r["mode"] or "rfc7539" in r["mode"]
            if r["keybits"] != ("256" if chacha else "128"):
                continue
            side = "ctneon" if r["impl"] == "ctneon" else "intree" \
                if r["impl"] in ("intree", "neonbs") else None
            if not side:
                continue
            size = int(r["size"])
            size = 1420 if size == 1408 else size
            ins.setdefault((side, r["mode"], size), {})[r["dir"]] = int(r["crypto"])
    p = os.path.join(SRC, "build", "bench", cfg, "mca.txt")
    if not os.path.exists(p):
        p = os.path.join(DATA, f"{cfg}-mca.txt")
    cyc, mins = {}, {}
    for ln in open(p):
        if ln.startswith("#"):
            continue
        f = ln.rstrip("\n").split("\t")
        if len(f) < 6 or not f[5].split()[0].isdigit():
            continue
        side, mode = f[0].split("/")
        side = "intree" if side in ("intree", "neonbs") else side
        size = int(f[2])
        cyc[(side, mode, size, f[4])] = int(f[5].split()[0])
        mins[(side, mode, size)] = int(f[3])
    return ins, cyc, mins


def ratio(a, b):
    return None if a is None or b is None or not b else 100.0 * a / b


def main():
    for cfg in sys.argv[1:]:
        arch, series = cfg.split("-")[0], cfg.split("-")[1].split(".")[0]
        ins, cyc, mins = load(cfg)
        c1, c2 = CPUS[arch]
        print(f"# {cfg}: ctneon / in-tree x 100 (instructions, {c1}, {c2})")
        for name in ROWS[(arch, series)]:
            mode, cmode, sizes = NAMES[name]
            best = [None, None, None]
            cells = []
            for s in sizes:
                a, b = ins.get(("ctneon", mode, s), {}), ins.get(("intree", mode, s), {})
                both = [ratio(a[d], b[d]) for d in a if d in b]
                ri = min(both) if both else \
                    ratio(mins.get(("ctneon", cmode, s)), mins.get(("intree", cmode, s)))
                rc = [ratio(cyc.get(("ctneon", cmode, s, c)), cyc.get(("intree", cmode, s, c)))
                      for c in (c1, c2)]
                trio = [ri] + rc
                cells.append(f"{s}: " + "/".join("-" if x is None else f"{x:.0f}" for x in trio))
                for i, x in enumerate(trio):
                    if x is None:
                        best[i] = 0.0
                    elif best[i] is None or (best[i] and x < best[i]):
                        best[i] = x
            vals = [int(round(x or 0)) for x in best]
            yields = all(v > 100 for v in vals)
            print(f"#   {name:32s} " + "  ".join(cells) +
                  f"  -> {'YIELD' if yields else 'keep'}")
            print(f'\t{{ "{name}", {vals[0]}, {vals[1]}, {vals[2]} }},')


if __name__ == "__main__":
    main()
