#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/mca.py SRC CONFIG
#
# Cycle estimates from the guest: afalg-bench -d runs a few requests in
# windows opened by the START_DISAS marker, for which ctplugin.so (mode=hist)
# wrote the executed instruction stream to build/bench/<config>/disas.txt.  For
# each such window this keeps the instructions of the implementation's own
# modules (bench/report.py IMPL_MODULES: ctneon's, or the in-tree driver's),
# in execution order, re-disassembles their encodings with llvm-mc and feeds
# that straight-line stream to llvm-mca once per CPU model:
#   arm64: cortex-a53, cortex-a72          (-mtriple=aarch64)
#   arm:   cortex-a57, cortex-a9           (-mtriple=armv7a; the modules are
#                                           ARM state, as Debian builds them)
# and reports "Total Cycles" / request bytes.  The stream is the whole
# request inside the module (glue, key handling, every batch of the core),
# so for 4096 bytes it is the steady state plus a small per-request part.
# llvm-mca's limits apply (Documentation/measurement.rst): loads hit L1,
# branches cost nothing, no front end.  Writes build/bench/<config>/mca.txt
# (tab-separated: core, what, bytes, instructions, cpu, cycles, cycles/byte).

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402

SRC, CFG = sys.argv[1], sys.argv[2]
D = os.path.join(SRC, "build", "bench", CFG)
arch = CFG.split("-")[0]
if arch == "arm64":
    triple, cpus = "aarch64-linux-gnu", ["cortex-a53", "cortex-a72"]
else:
    triple, cpus = "armv7a-linux-gnueabihf", ["cortex-a57", "cortex-a9"]

lines, syms = report.parse_console(os.path.join(D, "console.log"))
attr = report.Attributor(syms)
disas_lines = [w for w in lines if w[0] == "disas"]

# split disas.txt into its windows
windows, cur = [], None
with open(os.path.join(D, "disas.txt")) as f:
    for ln in f:
        if ln.startswith("# window="):
            cur = []
            windows.append(cur)
        elif ln.startswith("# end"):
            cur = None
        elif cur is not None:
            a, enc = ln.split("\t")[:2]
            cur.append((int(a, 16), enc))

out = ["# core\twhat\tbytes\tinstructions\tcpu\tcycles\tcycles/byte"]
for w, win in zip(disas_lines, windows):
    label, alg, kb, size = w[1], w[2], w[3], int(w[5])
    impl = label.split("/")[0]
    mods = report.IMPL_MODULES.get(impl, set())
    sel = [enc for a, enc in win if attr(a)[0] in mods]
    base = os.path.join(D, f"mca-{label.replace('/', '_')}-{size}")
    with open(base + ".bytes", "w") as f:
        for enc in sel:
            f.write(" ".join("0x" + enc[i:i + 2] for i in range(0, len(enc), 2)) + "\n")
    with open(base + ".s", "w") as f:
        subprocess.run(["llvm-mc", "--disassemble", f"-triple={triple}", "-mattr=+neon",
                        base + ".bytes"], stdout=f, stderr=subprocess.DEVNULL, check=False)
    for cpu in cpus:
        src, note, dropped = base + ".s", "", set()
        body = open(src).read().splitlines()
        for attempt in range(24):
            r = subprocess.run(["llvm-mca", f"-mtriple={triple}", "-mattr=+neon", f"-mcpu={cpu}",
                                "-iterations=1", "-timeline=false", "-resource-pressure=false",
                                "-instruction-info=false", src],
                               capture_output=True, text=True, check=False)
            m = re.search(r"Total Cycles:\s+(\d+)", r.stdout)
            bad = re.search(r"note: instruction:\s+(\S+)", r.stderr)
            if m or not bad:
                break
            # LLVM 14's Cortex-A9 model cannot schedule some instructions
            # (variable register lists: push, pop, ldm, vldm; mrs, dmb):
            # leave every instance of that mnemonic out and say how many
            dropped.add(bad.group(1))
            keep = [ln for ln in body if not (ln.split() and ln.split()[0] in dropped)]
            src = base + "-" + cpu + ".s"
            with open(src, "w") as f:
                f.write("\n".join(keep) + "\n")
            note = f" (without {len(body) - len(keep)} {'/'.join(sorted(dropped))})"
        cyc = int(m.group(1)) if m else None
        if not m:
            note = (r.stderr.strip().splitlines() or ["no output"])[-1][:60]
        out.append(f"{label}\t{alg} enc {kb}-bit key\t{size}\t{len(sel)}\t{cpu}\t"
                   f"{cyc}{note}\t{cyc / size:.1f}" if cyc is not None else
                   f"{label}\t{alg} enc {kb}-bit key\t{size}\t{len(sel)}\t{cpu}\tn/a\t{note}")
with open(os.path.join(D, "mca.txt"), "w") as f:
    f.write("\n".join(out) + "\n")
print("\n".join(out))
