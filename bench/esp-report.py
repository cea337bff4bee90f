#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/esp-report.py SRC [CONFIG...]
#
# The report of bench/run.sh --esp (#24: IPsec ESP end to end, dm-crypt).
# For each CONFIG measured (build/bench/<config>/esp/console.log and
# hist.txt), writes every window of the run to
#   Documentation/performance-data/esp-<config>.csv
# then, from all the esp-*.csv there (the configurations measured in other
# runs included), the tables
#   Documentation/performance-esp-tables.rst
# (included by Documentation/performance.rst) and prints them.
#
# Windows: bench/guest-esp.sh's programs print one "esp" or "dio" line per
# plugin window, in order; the n-th line is the n-th "window=" of hist.txt.
# Each executed 16-byte bucket is given to a module by the lowest text
# symbol of each module ("modtext" lines) and the kernel's _stext/_etext
# ("ktext"): the module (or kernel) whose start is the highest at or below
# it; below all of them is user space.
#
# Figures: ESP, instructions per payload byte = the window's instructions
# / (2 * ROUNDS * PAYLOAD): every round trip carries PAYLOAD bytes from a
# to b and the same number back, and each of those bytes is encrypted once
# and decrypted once; the window counts both ends (programs, sockets, UDP,
# IP, xfrm, ESP, the crypto, softirqs, cryptd and other kernel threads, the
# veth).  dm-crypt: the window's instructions / the bytes written or read.
# Of the repetitions the one with the fewest instructions is kept (a timer
# interrupt or other background work adds to a window).
#
# A measurement is an error, not a number, when: the guest printed an
# "error" line for it; the SA or the mapping was not on a driver of the
# side measured ("sa"/"dm" lines: in-tree with no ctneon driver, ctneon
# with one); on the ctneon side, a window in which no instruction of the
# ctneon module ran; an echo lost or wrong, data read back wrong; or the
# raw disk after the ctneon run differs from after the in-tree run (the
# same key, sectors and plaintext must give the same XTS ciphertext).
# Exits 1 if any measurement of the configurations just run is an error.

import bisect
import csv
import glob
import os
import sys
from collections import defaultdict

from rsttable import fmt, rst_table

SRC = sys.argv[1]
RAN = sys.argv[2:]
OUT = os.path.join(SRC, "build", "bench")
DOC = os.path.join(SRC, "Documentation")
DATA = os.path.join(DOC, "performance-data")
ORDER = ["arm-6.1", "arm64-6.1", "arm-6.12", "arm64-6.12", "arm-7", "arm64-7"]
AEADS = {"gcm": "rfc4106(gcm(aes))", "chacha": "rfc7539esp(chacha20,poly1305)"}
# dm-crypt's ciphers: the guest's tag -> (dm-crypt's cipher spec, the crypto API name)
DM_CIPHERS = {"xts": ("aes-xts-plain64", "xts(aes)"),
              "adiantum12": ("xchacha12,aes-adiantum-plain64", "adiantum(xchacha12,aes)")}
FIELDS = ["config", "release", "kind", "impl", "alg", "size", "rounds", "op",
          "rep", "status", "insns", "user", "kernel", "ctneon", "denominator",
          "deferred", "driver", "wrapped", "modules"]


def parse(cfg):
    d = os.path.join(OUT, cfg, "esp")
    info = dict(ln.strip().split(" ", 1) for ln in open(os.path.join(d, "info.txt")))
    lines, starts, errors = [], [], []
    sa, dm, dmraw, deferred = {}, {}, {}, {}
    wrapped = ""
    for ln in open(os.path.join(d, "console.log"), errors="replace"):
        w = ln.split()
        if not w:
            continue
        if w[0] in ("esp", "dio"):
            lines.append(w)
        elif w[0] == "sa":
            sa[(w[1], w[2])] = w[3]
        elif w[0] == "dm":
            dm[w[1] if "/" in w[1] else w[1] + "/xts"] = w[2]
        elif w[0] == "dmraw":
            dmraw[w[1] if "/" in w[1] else w[1] + "/xts"] = w[2]
        elif w[0] == "wrapped":
            wrapped = " ".join(w[1:])
        elif w[0] == "deferred" and len(w) == 4:
            deferred[w[1]] = w[2:]
        elif w[0] == "modtext":
            starts.append((int(w[2], 16), w[1]))
        elif w[0] == "ktext":
            starts.append((int(w[2], 16), "kernel" if w[1] == "_stext" else "kernel-other"))
        elif w[0] == "error":
            errors.append(" ".join(w[1:]))
    wins = []
    for ln in open(os.path.join(d, "hist.txt")):
        if ln.startswith("window="):
            wins.append({"insns": int(ln.split("insns=")[1]), "hist": []})
        elif ln.startswith("hist"):
            wins[-1]["hist"] = [tuple(int(x, 16) if i == 0 else int(x) for i, x in
                                      enumerate(p.split(":"))) for p in ln.split()[1:]]
    if len(lines) != len(wins):
        sys.exit(f"esp-report: {cfg}: {len(lines)} esp/dio lines but {len(wins)} windows")
    if not starts:
        sys.exit(f"esp-report: {cfg}: no modtext/ktext lines (the guest did not finish?)")
    starts.sort()
    addrs = [a for a, _ in starts]

    def owner(a):
        if a < addrs[0]:
            return "user"
        return starts[bisect.bisect_right(addrs, a) - 1][1]

    rows = []
    for w, win in zip(lines, wins):
        bymod = defaultdict(int)
        for a, c in win["hist"]:
            bymod[owner(a)] += c
        tag = w[1]
        impl, alg = tag.split("/")
        if w[0] == "esp":
            size, rounds, rep, grow, status = int(w[2]), int(w[3]), int(w[4]), w[5], w[6]
            op, denom, driver = "pingpong", 2 * rounds * size, sa.get((impl, alg), "")
        else:
            op, size, block, rep, status = w[2], int(w[3]), int(w[4]), int(w[5]), w[6]
            rounds, denom, driver = size // block, size, dm.get(tag, "")
            c = deferred.get(tag)
            grow = str(int(c[1]) - int(c[0])) if c and "-" not in c else "-"
            if op == "write" and grow != "-":
                grow += " (write and read, all repetitions)"
        if status == "ok" and impl == "ctneon" and not bymod.get("ctneon"):
            status = "error: no instruction of the ctneon module ran in the window"
        if status == "ok" and w[0] == "dio" and len({v for k, v in dmraw.items()
                                                      if k.endswith("/" + alg)}) > 1:
            status = "error: the raw disk differs after the in-tree and the ctneon runs"
        elif status != "ok" and not status.startswith("error"):
            status = "error: " + status
        top = sorted(((c, m) for m, c in bymod.items() if m != "user"), reverse=True)[:8]
        rows.append(dict(config=cfg, release=info.get("release", ""), kind=w[0],
                         impl=impl, alg=alg, size=size,
                         rounds=rounds, op=op, rep=rep, status=status,
                         insns=win["insns"], user=bymod.get("user", 0),
                         kernel=win["insns"] - bymod.get("user", 0),
                         ctneon=bymod.get("ctneon", 0), denominator=denom,
                         deferred=grow, driver=driver, wrapped=wrapped,
                         modules=" ".join(f"{m}={c}" for c, m in top)))
    # sides that were not measured: their error lines stand as rows
    for e in errors:
        tag = e.split()[0]
        if "/" not in tag:
            tag = "-/-"
        impl, alg = tag.split("/", 1)
        rows.append(dict(config=cfg, release=info.get("release", ""),
                         kind="dio" if alg in DM_CIPHERS else "esp", impl=impl, alg=alg,
                         size="", rounds="", op="", rep="", status="error: " + e,
                         insns="", user="", kernel="", ctneon="", denominator="",
                         deferred="", wrapped=wrapped, driver=sa.get((impl, alg), dm.get(tag, "")) if alg
                         in AEADS or alg in DM_CIPHERS else "", modules=""))
    return rows


def best(rows):
    """(kept row, number of repetitions) or (error text, 0)"""
    bad = [r["status"] for r in rows if r["status"] != "ok"]
    if bad or not rows:
        return (bad[0] if bad else "error: not measured"), 0
    return min(rows, key=lambda r: int(r["insns"])), len(rows)


def main():
    os.makedirs(DATA, exist_ok=True)
    failed = []
    for cfg in RAN:
        rows = parse(cfg)
        with open(os.path.join(DATA, f"esp-{cfg}.csv"), "w", newline="") as f:
            wr = csv.DictWriter(f, fieldnames=FIELDS)
            wr.writeheader()
            wr.writerows(rows)
        failed += [f"{cfg} {r['impl']}/{r['alg']} {r['op']} {r['size']}: {r['status']}"
                   for r in rows if r["status"] != "ok"]
    allrows = []
    for p in glob.glob(os.path.join(DATA, "esp-*.csv")):
        allrows += list(csv.DictReader(open(p)))
    cfgs = sorted({r["config"] for r in allrows},
                  key=lambda c: ORDER.index(c) if c in ORDER else len(ORDER))
    groups = defaultdict(list)
    for r in allrows:
        groups[(r["config"], r["kind"], r["impl"], r["alg"], r["op"], r["size"])].append(r)
    release = {r["config"]: r["release"] for r in allrows}

    def cell(cfg, kind, impl, alg, op, size):
        b, n = best(groups.get((cfg, kind, impl, alg, op, str(size)), []))
        if not n:
            # a side that was not measured at all has one error row
            # without a size
            e = groups.get((cfg, kind, impl, alg, "", ""), [])
            return None, (e[0]["status"] if e else b)
        return int(b["insns"]) / int(b["denominator"]), b

    out = [".. SPDX-License-Identifier: GPL-2.0-only\n",
           ".. Generated by bench/esp-report.py (make bench-esp); do not edit.\n"]
    esp_rows, dm_rows, drivers, errs, notes = [], [], [], [], []
    wrapped = {r["config"]: r["wrapped"] for r in allrows if r.get("wrapped")}
    # sides that were not measured at all (no row with a size)
    errs += [f"{r['config']}: {r['status']}" for r in allrows
             if not r["size"] and not any(x["size"] for x in allrows
                                          if (x["config"], x["alg"]) == (r["config"], r["alg"]))]
    for cfg in cfgs:
        for alg in AEADS:
            for size in sorted({int(r["size"]) for r in allrows if r["config"] == cfg
                                and r["kind"] == "esp" and r["alg"] == alg and r["size"]}):
                a, ra = cell(cfg, "esp", "intree", alg, "pingpong", size)
                b, rb = cell(cfg, "esp", "ctneon", alg, "pingpong", size)
                for v, r, side in ((a, ra, "in-tree"), (b, rb, "ctneon")):
                    if v is None:
                        errs.append(f"{cfg} {AEADS[alg]} {size} B, {side}: {r}")
                def dfr(r):
                    return r["deferred"] if r["deferred"] != "-" else "no counter"
                esp_rows.append([cfg, AEADS[alg], size,
                                 fmt(a) if a is not None else "error",
                                 fmt(b) if b is not None else "error",
                                 f"{b / a:.2f}" if a is not None and b is not None else "-",
                                 fmt(int(rb["ctneon"]) / int(rb["denominator"]))
                                 if b is not None else "-",
                                 dfr(rb) if b is not None else "-"])
            for impl in ("intree", "ctneon"):
                d = [r["driver"] for r in allrows if r["config"] == cfg and
                     r["kind"] == "esp" and r["alg"] == alg and r["impl"] == impl]
                if d:
                    drivers.append([cfg, AEADS[alg], "in-tree" if impl == "intree" else impl,
                                    f"``{d[0] or 'none'}``"])
        for dalg, (spec, _) in DM_CIPHERS.items():
            for op in ("write", "read"):
                sizes = {int(r["size"]) for r in allrows if r["config"] == cfg
                         and r["kind"] == "dio" and r["op"] == op and r["alg"] == dalg}
                for size in sorted(sizes):
                    a, ra = cell(cfg, "dio", "intree", dalg, op, size)
                    b, rb = cell(cfg, "dio", "ctneon", dalg, op, size)
                    for v, r, side in ((a, ra, "in-tree"), (b, rb, "ctneon")):
                        if v is None:
                            errs.append(f"{cfg} dm-crypt {spec} {op}, {side}: {r}")
                    dm_rows.append([cfg, f"``{spec}``", op,
                                    f"{size // 1024} KiB in {ra['rounds'] if a is not None else '?'} requests",
                                    fmt(a) if a is not None else "error",
                                    fmt(b) if b is not None else "error",
                                    f"{b / a:.2f}" if a is not None and b is not None else "-",
                                    fmt(int(rb["ctneon"]) / int(rb["denominator"]))
                                    if b is not None else "-",
                                    (rb["deferred"].split()[0] if rb["deferred"] != "-" else
                                     "no counter") if b is not None else "-",
                                    f"``{ra['driver']}``" if a is not None else "-",
                                    f"``{rb['driver']}``" if b is not None else "-"])
        if wrapped.get(cfg):
            notes.append(f"{cfg}: ctneon's asynchronous wrappers: {wrapped[cfg]}")
    out.append("ESP, instructions per payload byte (UDP echo through the tunnel, "
               "both ends counted; the denominator is 2 x rounds x payload):\n")
    out.append(rst_table(["configuration", "AEAD", "payload (bytes)", "in-tree",
                          "ctneon", "ctneon / in-tree", "of which in ctneon.ko",
                          "deferred requests per window"], esp_rows))
    out.append("\nThe driver each side's SAs used (``/proc/crypto``: the ``seqiv`` "
               "instance whose reference count rose when the SAs were added):\n")
    out.append(rst_table(["configuration", "AEAD", "side", "SA driver"], drivers))
    if dm_rows:
        out.append("\ndm-crypt (256-bit key, 512-byte sectors, O_DIRECT on a virtio "
                   "disk), instructions per byte written or read:\n")
        out.append(rst_table(["configuration", "cipher", "operation", "size", "in-tree", "ctneon",
                              "ctneon / in-tree", "of which in ctneon.ko",
                              "deferred requests (the run)", "in-tree driver",
                              "ctneon driver"], dm_rows))
    # how much the repetitions of one measurement differ (the network
    # stack's share; the ctneon module's count should not vary at all)
    spread = defaultdict(float)
    def order(k):
        return (ORDER.index(k[0]) if k[0] in ORDER else len(ORDER), k[1], k[2] != "intree",
                k[3], k[4], int(k[5] or 0))
    for k, rs in sorted(groups.items(), key=lambda x: order(x[0])):
        ins = [int(r["insns"]) for r in rs if r["status"] == "ok"]
        if len(ins) > 1:
            what = f"{k[5]}-byte payloads" if k[1] == "esp" else f"dm-crypt {k[4]}s"
            sp = (max(ins) - min(ins)) / min(ins)
            spread[what] = max(spread[what], sp)
            if sp > 0.05:
                d = int(rs[0]["denominator"])
                notes.append(f"{k[0]} {AEADS.get(k[3], k[3])} {k[5]} bytes, "
                             f"{'in-tree' if k[2] == 'intree' else k[2]}: the repetitions "
                             f"spread by {sp:.0%} ({', '.join(fmt(i / d) for i in ins)} "
                             "instructions per byte, in order)")
        mods = {r["ctneon"] for r in rs if r["status"] == "ok"}
        if k[2] == "ctneon" and len(mods) > 1:
            notes.append(f"{k[0]} {k[3]} {k[4]} {k[5]}: the ctneon module's count differs "
                         f"between repetitions ({', '.join(sorted(mods))})")
    if spread:
        notes.append("the largest spread of a window's instructions between the repetitions "
                     "of one measurement (the kept one is the smallest): " +
                     ", ".join(f"{w} {v:.1%}" for w, v in
                               sorted(spread.items(), key=lambda x: (len(x[0]), x[0]))))
    if notes:
        out.append("")
        out += [f"* {n}" for n in notes]
    if errs:
        out.append("\nErrors (measurements that are not shown as numbers):\n")
        out += [f"* {e}" for e in dict.fromkeys(errs)]
    out.append("\nReleases: " + "; ".join(f"{c}: ``{release[c]}``" for c in cfgs) + ".\n")
    text = "\n".join(out) + "\n"
    with open(os.path.join(DOC, "performance-esp-tables.rst"), "w") as f:
        f.write(text)
    print(text)
    if failed:
        print("esp-report: errors:\n  " + "\n  ".join(failed))
        sys.exit(1)


main()
