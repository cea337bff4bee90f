#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# bench/report.py SRC CONFIG...
#
# Turns what bench/run.sh collected in build/bench/ into
#   Documentation/performance-data/<config>.csv   every measurement
#   Documentation/performance-data/<config>-mca.txt  (copied from mca.sh)
#   Documentation/performance-tables.rst          the AES tables (included by
#                                                 Documentation/performance.rst)
#   Documentation/performance-aead-tables.rst     GCM, ChaCha20-Poly1305 and
#                                                 ChaCha20 beside the in-tree
#                                                 side, with the targets
#   Documentation/performance-more-tables.rst     #23's names (cmac, xcbc,
#                                                 cbcmac, ccm, rfc4309, cts,
#                                                 xctr) beside the in-tree
#                                                 side, with the targets
#   Documentation/performance-data/<config>-more.csv  their measurements
#   Documentation/performance-ipb.png             the plot
# and prints the ratio tables.
#
# Attribution: the guest's console.log has, in order, one "bench ..." or
# "disas ..." line per plugin window (hist.txt), and at the end the text
# symbols of /proc/kallsyms (gzip + base64).  Each executed address is
# given to the text symbol at or below it: "user" below the kernel's
# lowest address, else the module in [brackets] or "kernel".
#
# Per measurement: insns  = the whole window (user + kernel);
#                  kernel = everything but user space;
#                  crypto = the instructions of the implementation's own
#                           modules (IMPL_MODULES) plus kernel functions
#                           whose name says AES or crypto_xor, plus the mode
#                           templates (ecb, cbc, ctr, xts modules: a template
#                           instance, or a driver's fallback, runs there);
#                  path   = crypto plus the kernel's crypto API code on
#                           the request's way (API_SYM: walks, entry
#                           points, NEON section, mappings);
#                  user   = the program's side (sendmsg/read wrappers);
#                  ghash, poly1305 = of "crypto", the instructions of
#                           functions named *ghash* or *gf128mul*, or
#                           *poly1305* (GHASH or Poly1305 alone).
# Of the repetitions the one with the fewest instructions is kept (a timer
# interrupt adds to a window); "crypto" must be equal in every repetition.

import base64
import bisect
import csv
import gzip
import os
import re
import sys
import time
from collections import defaultdict

from rsttable import fmt, rst_table

SRC = sys.argv[1]
OUT = os.path.join(SRC, "build", "bench")
# the configurations measured just now; the report covers every one with data
RAN = sys.argv[2:] or ["arm64-6.1", "arm-6.1"]
# BENCH_TABLES=7: the tables and the plot of a run of the 7.x
# configurations go to performance-tables-7.rst, performance-aead-tables-7.rst
# and performance-ipb-7.png, beside (not over) those of the 6.x run
TSUF = f"-{os.environ['BENCH_TABLES']}" if os.environ.get("BENCH_TABLES") else ""
CONFIGS = [c for c in (("arm64-7", "arm-7") if TSUF else ("arm64-6.1", "arm-6.1", "arm64-6.12", "arm-6.12"))
           if c in RAN or os.path.exists(os.path.join(OUT, c, "info.txt"))]
DOC = os.path.join(SRC, "Documentation")
DATA = os.path.join(DOC, "performance-data")

# the modules whose code is "the implementation", per label prefix
IMPL_MODULES = {
    "ctneon": {"ctneon"},
    "neonbs": {"aes_neon_bs", "aes_neon_blk", "aes_arm_bs", "aes_arm"},
    "arm": {"aes_arm"},
    "generic": {"aes_generic", "libaes"},
    "ti": {"aes_ti"},
    # the AEADs and ChaCha20 as a board without the Crypto Extensions runs
    # them: the gcm template over aes-neonbs and ghash-generic (+ gf128mul)
    # or arm's ghash-ce (8-bit polynomial multiplies, cryptd around it);
    # rfc7539 over chacha-neon and poly1305-neon (arm: in poly1305-arm)
    "intree": {"aes_neon_bs", "aes_neon_blk", "aes_arm_bs", "aes_arm",
               "ghash_generic", "gf128mul", "ghash_arm_ce", "cryptd",
               "chacha_neon", "poly1305_neon", "poly1305_arm", "libchacha",
               "libpoly1305", "chacha_generic", "poly1305_generic",
               # 7.x: chacha20-lib in chacha, the library GHASH
               "chacha", "libgf128hash",
               # the adiantum template's NHPoly1305 (7.x: the NH library)
               "nhpoly1305", "nhpoly1305_neon", "libnh", "aes_arm64",
               # the template itself, and its AES where aes-arm64 is not
               # loaded (arm64 6.x)
               "adiantum", "aes_generic"},
}
# cmac .. xctr: #23's templates (6.x in-tree side: cmac(aes-arm), ...)
TEMPLATES = {"ecb", "cbc", "ctr", "xts", "gcm", "chacha20poly1305",
             "cmac", "xcbc", "ccm", "cts", "xctr", "adiantum"}
CRYPTO_SYM = re.compile(r"aes|crypto_xor|ghash|gf128mul|chacha|poly1305|"
                        r"cmac|xcbc|crypto_ccm|crypto_cts|xctr|nhpoly1305|^nh_|"
                        r"adiantum", re.I)
# "path" = crypto plus the kernel's own crypto API code a request runs
# through on either side (the scatterlist walks, the request entry points,
# the NEON section, page mapping): for requests of a few blocks that code
# is most of the difference between two drivers (#22's short requests)
API_SYM = re.compile(r"^(skcipher_|crypto_skcipher|crypto_aead|scatterwalk|"
                     r"kernel_neon|fpsimd_|vfp_|flush_dcache_page|kmap|__kmap|kunmap)")
PART_SYM = {"ghash": re.compile(r"ghash|gf128mul", re.I),
            "poly1305": re.compile(r"poly1305", re.I)}
MODES = ["ecb", "cbc", "ctr", "xts", "aes"]
SIZES = [16, 64, 256, 1420, 4096, 16384]
# #23 (guest-bench.sh's BENCH_MORE_SIZES): rows of their own CSV and tables
MORE_MODES = ["cmac", "xcbc", "cbcmac", "ccm", "rfc4309", "cts", "xctr"]
MORE_SIZES = [16, 64, 1420, 16384]
# per (config, impl, mode, keybits, dir, size) of #23's names: the
# instructions of the kept repetition by (module, symbol), kernel side
BYSYM = {}


# "error" lines of the guests: a request that failed (its window counts a
# failure path, not the algorithm); the report lists them and exits 1
ERRORS = []


def compare_runs(prev, now):
    """prev and now: the text of two <cfg>.csv; a one-line verdict"""
    def rows(t):
        return {tuple(r[k] for k in ("impl", "alg", "keybits", "dir", "size")): r
                for r in csv.DictReader(t.splitlines())}
    a, b = rows(prev), rows(now)
    common = [k for k in a if k in b]
    if not common or len(common) != len(a) or len(common) != len(b):
        return "different (not the same rows)"
    crypto = [k for k in common
              if any(a[k].get(c) != b[k].get(c) for c in ("crypto", "ghash", "poly1305"))]
    if crypto:
        return f"different: the crypto count of {len(crypto)} of {len(common)} rows"
    side = [k for k in common if any(a[k].get(c) != b[k].get(c) for c in ("kernel", "path"))]
    if not side:
        return "identical"
    worst = max(abs(int(a[k][c]) - int(b[k][c])) / max(1, int(a[k][c]))
                for k in side for c in ("kernel", "path"))
    return (f"crypto counts identical in all {len(common)} rows; the kernel side "
            f"around them differs in {len(side)} (at most {100 * worst:.2f} %)")


def parse_console(path):
    lines, syms, b64, inside = [], [], [], False
    with open(path, errors="replace") as f:
        for ln in f:
            ln = ln.rstrip("\n")
            if ln == "kallsyms-begin":
                inside = True
                continue
            if ln == "kallsyms-end":
                inside = False
                continue
            if inside:
                b64.append(ln.strip())
                continue
            w = ln.split()
            if w and w[0] in ("bench", "disas"):
                lines.append(w)
            elif w and w[0] == "error":
                ERRORS.append(f"{os.path.basename(os.path.dirname(path))}: {ln}")
    text = gzip.decompress(base64.b64decode("".join(b64))).decode()
    for ln in text.splitlines():
        w = ln.split()
        if len(w) < 3:
            continue
        mod = w[3].strip("[]") if len(w) > 3 else "kernel"
        syms.append((int(w[0], 16), w[2], mod))
    syms.sort()
    return lines, syms


def parse_hist(path):
    wins, cur = [], None
    with open(path) as f:
        for ln in f:
            if ln.startswith("window="):
                cur = {"insns": int(ln.split("insns=")[1])}
                wins.append(cur)
            elif ln.startswith("hist"):
                cur["hist"] = [(int(a, 16), int(c)) for a, c in
                               (x.split(":") for x in ln.split()[1:])]
    return wins


class Attributor:
    def __init__(self, syms):
        self.addrs = [s[0] for s in syms]
        self.syms = syms
        self.low = syms[0][0]
        self.cache = {}

    def __call__(self, a):
        r = self.cache.get(a)
        if r is None:
            if a < self.low:
                r = ("user", "user")
            else:
                i = bisect.bisect_right(self.addrs, a) - 1
                r = (self.syms[i][2], self.syms[i][1])
            self.cache[a] = r
        return r

    def start(self, a):
        """the address of the symbol a is given to (0 below the kernel)"""
        return self.syms[bisect.bisect_right(self.addrs, a) - 1][0] if a >= self.low else 0


def measure(cfg):
    d = os.path.join(OUT, cfg)
    lines, syms = parse_console(os.path.join(d, "console.log"))
    wins = parse_hist(os.path.join(d, "hist.txt"))
    if len(lines) != len(wins):
        sys.exit(f"report: {cfg}: {len(lines)} console lines but {len(wins)} windows")
    attr = Attributor(syms)
    # for the function table of #23's names: without the ARM mapping
    # symbols ($a, $d, $t) of the modules, which would hide the functions
    fattr = Attributor([x for x in syms if not x[1].startswith("$")])
    reps = defaultdict(list)
    for w, win in zip(lines, wins):
        kind, label, alg, kb, direction, size, rep = w[:7]
        impl, mode = label.split("/")
        mods = IMPL_MODULES.get(impl, set())
        user = crypto = api = 0
        parts = dict.fromkeys(PART_SYM, 0)
        bymod = defaultdict(int)
        bysym = defaultdict(int)
        more = mode in MORE_MODES
        for a, c in win["hist"]:
            mod, sym = attr(a)
            bymod[mod] += c
            if mod == "user":
                user += c
            elif mod in mods or mod in TEMPLATES or \
                    (mod == "kernel" and CRYPTO_SYM.search(sym)):
                crypto += c
                if more:
                    # arm: the cores' internal routines have no symbol of
                    # their own, only a mapping symbol after the last
                    # global one: say so instead of naming that one
                    fm, fs = fattr(a)
                    if sym.startswith("$") and attr.start(a) > fattr.start(a):
                        fs += " (unnamed code after it)"
                    bysym[(fm, fs)] += c
                for part, rx in PART_SYM.items():
                    if rx.search(sym):
                        parts[part] += c
            elif mod == "kernel" and API_SYM.search(sym):
                api += c
        reps[(kind, impl, mode, alg, int(kb), direction, int(size))].append(
            dict(insns=win["insns"], kernel=win["insns"] - user, user=user,
                 crypto=crypto, path=crypto + api, bymod=dict(bymod),
                 bysym=dict(bysym), **parts))
    rows, notes, first = [], [], []
    for key, rs in reps.items():
        if key[0] != "bench":
            continue
        # the repetition with the fewest crypto instructions (then the
        # fewest in all): a one-time cost of the first request on a key
        # (ctneon's lazily made GHASH or bit-sliced key) is left out, as
        # the note below says; taking the fewest instructions in all let it
        # in whenever the first window happened to have less kernel noise
        best = min(rs, key=lambda r: (r["crypto"], r["insns"]))
        cs = [r["crypto"] for r in rs]
        if len(set(cs[1:])) > 1 or (len(cs) > 1 and cs[0] < cs[1]):
            notes.append(f"{cfg} {' '.join(map(str, key[1:]))}: the crypto count "
                         f"differs between repetitions {cs}")
        elif cs[0] != cs[-1]:
            first.append(f"{key[1]} {key[3]} {key[4]} {key[5]} {key[6]}: {cs[0] - cs[-1]}")
        kind, impl, mode, alg, kb, direction, size = key
        if mode in MORE_MODES:
            BYSYM[(cfg, impl, mode, kb, direction, size)] = best["bysym"]
        rows.append(dict(config=cfg, impl=impl, mode=mode, alg=alg, keybits=kb,
                         dir=direction, size=size, reps=len(rs),
                         insns=best["insns"], kernel=best["kernel"],
                         crypto=best["crypto"], path=best["path"], user=best["user"],
                         ghash=best["ghash"], poly1305=best["poly1305"],
                         kernel_max=max(r["kernel"] for r in rs)))
    if first:
        notes.append(f"{cfg}: the first repetition had more crypto instructions than "
                     "the others (a one-time cost, excluded): " + "; ".join(first))
    return rows, notes


def openssl_rows(arch):
    p = os.path.join(OUT, f"openssl-{arch}.txt")
    best, ver = {}, ""
    if not os.path.exists(p):
        return best, ver
    for ln in open(p):
        w = ln.split()
        if ln.startswith("#"):
            ver = ln[1:].strip()
            continue
        k = (w[0][5:], w[1], int(w[2]), w[3], int(w[4]))
        best[k] = min(best.get(k, 1 << 62), int(w[5]))
    return best, ver


def size_key(mode, s):
    return s & ~15 if mode in ("ecb", "cbc", "aes") else s


def main():
    os.makedirs(DATA, exist_ok=True)
    allrows, notes, info = [], [], {}
    for cfg in CONFIGS:
        rows, n = measure(cfg)
        allrows += rows
        notes += n
        kv = {}
        for ln in open(os.path.join(OUT, cfg, "info.txt")):
            k, _, v = ln.strip().partition(" ")
            kv[k] = v
        info[cfg] = kv
        fields = ["config", "impl", "mode", "alg", "keybits", "dir", "size",
                  "reps", "insns", "kernel", "crypto", "user", "ghash", "poly1305",
                  "kernel_max", "path"]
        # #23's names go to <cfg>-more.csv: <cfg>.csv stays comparable
        # with the runs before them (the determinism check below)
        more = [r for r in rows if r["mode"] in MORE_MODES]
        with open(os.path.join(DATA, f"{cfg}-more.csv"), "w", newline="") as f:
            wr = csv.DictWriter(f, fieldnames=fields)
            wr.writeheader()
            for r in sorted(more, key=lambda r: (r["impl"], r["mode"], r["keybits"],
                                                 r["dir"], r["size"])):
                wr.writerow(r)
        path = os.path.join(DATA, f"{cfg}.csv")
        prev = open(path).read() if os.path.exists(path) else None
        with open(path, "w", newline="") as f:
            wr = csv.DictWriter(f, fieldnames=fields)
            wr.writeheader()
            for r in sorted(rows, key=lambda r: (r["impl"], r["mode"], r["keybits"],
                                                 r["dir"], r["size"])):
                if r["mode"] not in MORE_MODES:
                    wr.writerow(r)
        now = open(path).read()
        # The crypto modules' counts (crypto, ghash, poly1305) of the kept
        # repetition must be the same in two runs of one build; the kernel
        # side around them (insns, kernel, path, kernel_max) may move by an
        # interrupt's worth, so it is reported, not required.
        det = os.path.join(OUT, cfg, "determinism.txt")
        if prev is not None and cfg in RAN:
            verdict_ = compare_runs(prev, now)
            print(f"report: {cfg}: against the previous run's CSV: {verdict_}")
            with open(det, "w") as f:
                f.write(verdict_)
        if os.path.exists(det):
            info[cfg]["same"] = open(det).read().strip()
    idx = {(r["config"], r["impl"], r["mode"], r["keybits"], r["dir"], r["size"]): r
           for r in allrows}

    out = []
    out.append(".. SPDX-License-Identifier: GPL-2.0-only\n")
    out.append(".. Generated by bench/report.py (make bench); do not edit.\n")
    out.append(f"Generated {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.\n")
    for cfg in CONFIGS:
        kv = info[cfg]
        arch = cfg.split("-")[0]
        ossl, over = openssl_rows(arch)
        intree = "neonbs"
        cipher_ref = "arm" if arch == "arm" else "ti"
        title = f"{cfg}: kernel {kv.get('release')}, {kv.get('qemu')}, -cpu {kv.get('cpu')}"
        out.append(title + "\n" + "-" * len(title) + "\n")
        if "same" in kv:
            out.append(f"Determinism, this run against the one before it: {kv['same']} "
                       "(a different build of ctneon or of the bench differs, of course).\n")
        out.append(f"OpenSSL: {over}, ``OPENSSL_armcap=1`` (NEON, no AES instructions).\n")
        # 1. ratio of crypto-module instructions per byte, ctneon / in-tree
        for what, col in (("crypto code", "crypto"), ("whole kernel side", "kernel")):
            out.append(f"Ratio ctneon / in-tree, instructions per byte of the {what} "
                       f"(in-tree: ``*-aes-neonbs``; for the ``aes`` cipher through "
                       f"``ecb(...)``: ``{'aes-lib' if TSUF else 'aes-arm' if arch == 'arm' else 'aes-fixed-time'}``).\n")
            hdr = ["mode", "key", "dir"] + [str(s) for s in SIZES]
            body = []
            for mode in MODES:
                ref = cipher_ref if mode == "aes" else intree
                for kb in (128, 256):
                    for d in ("enc", "dec"):
                        cells = []
                        for s in SIZES:
                            a = idx.get((cfg, "ctneon", mode, kb, d, size_key(mode, s)))
                            b = idx.get((cfg, ref, mode, kb, d, size_key(mode, s)))
                            cells.append(f"{a[col] / b[col]:.2f}" if a and b and b[col] else "-")
                        body.append([mode, kb, d] + cells)
            out.append(rst_table(hdr, body) + "\n")
        # 2. absolute numbers
        out.append("Instructions per byte, crypto code / whole kernel side, AES-128 "
                   "(ECB and CBC at 1408 bytes for 1420).\n")
        hdr = ["mode", "dir", "impl"] + [str(s) for s in SIZES]
        body = []
        for mode in MODES:
            for d in ("enc", "dec"):
                for impl in ("ctneon", intree if mode != "aes" else cipher_ref, "generic", "openssl"):
                    cells = []
                    for s in SIZES:
                        sk = size_key(mode, s)
                        if impl == "openssl":
                            m = "ecb" if mode == "aes" else mode
                            v = ossl.get(("neon", m, 128, d, size_key(m, s)))
                            cells.append(fmt(v / sk) if v else "-")
                            continue
                        # aes-generic's ECB is the "aes" row's ecb(aes-generic)
                        gm = "aes" if impl == "generic" and mode == "ecb" else mode
                        r = idx.get((cfg, impl, gm, 128, d, sk))
                        cells.append(f"{fmt(r['crypto'] / sk)} / {fmt(r['kernel'] / sk)}" if r else "-")
                    body.append([mode, d, impl] + cells)
        out.append(rst_table(hdr, body) + "\n")
        # 3. ctneon (kernel side, whole) vs OpenSSL in user space
        out.append("Ratio ctneon (whole kernel side of one AF_ALG request) / OpenSSL "
                   "(EVP update + final, NEON), AES-128 and AES-256.\n")
        hdr = ["mode", "key", "dir"] + [str(s) for s in SIZES]
        body = []
        for mode in MODES[:4]:
            for kb in (128, 256):
                for d in ("enc", "dec"):
                    cells = []
                    for s in SIZES:
                        sk = size_key(mode, s)
                        a = idx.get((cfg, "ctneon", mode, kb, d, sk))
                        b = ossl.get(("neon", mode, kb, d, sk))
                        cells.append(f"{a['kernel'] / b:.2f}" if a and b else "-")
                    body.append([mode, kb, d] + cells)
        out.append(rst_table(hdr, body) + "\n")
        mca = os.path.join(OUT, cfg, "mca.txt")
        if os.path.exists(mca):
            out.append("Cycle estimates (llvm-mca, bench/mca.sh), cycles per byte.\n")
            body = [ln.split("\t") for ln in open(mca).read().splitlines()
                    if ln and not ln.startswith("#") and ln.split("/")[1].split("\t")[0] in MODES]
            out.append(rst_table(["core", "what", "bytes", "instructions", "cpu", "cycles", "cycles/byte"], body) + "\n")
            cpb = {(b[0], b[2], b[4]): float(b[6]) for b in body
                   if len(b) > 6 and re.match(r"^[0-9.]+$", b[6])}
            for mode, what, size in (("ecb", "ECB", 4096), ("cbc", "CBC", 4096),
                                     ("ctr", "CTR", 16), ("ctr", "CTR", 64), ("ctr", "CTR", 4096),
                                     ("xts", "XTS", 16), ("xts", "XTS", 64), ("xts", "XTS", 4096)):
                sz = str(size)
                rat = [f"{cpu} {cpb[(f'ctneon/{mode}', sz, cpu)] / cpb[(f'neonbs/{mode}', sz, cpu)]:.2f}"
                       for (core, bytes_, cpu) in cpb
                       if core == f"ctneon/{mode}" and bytes_ == sz
                       and cpb.get((f"neonbs/{mode}", sz, cpu), 0) >= 0.5]
                if rat:
                    out.append("Ratio ctneon / in-tree aes-neonbs, estimated cycles per byte, "
                               f"{what} encryption of {size} bytes: " + ", ".join(rat) + ".\n")
            with open(os.path.join(DATA, f"{cfg}-mca.txt"), "w") as f:
                f.write(open(mca).read())
        else:
            cpb = {}
        out += aes_targets(cfg, arch, idx, intree, cpb)
    notes += [f"ERROR {e}" for e in ERRORS]
    if notes:
        out.append("Notes of the run:\n")
        out += [f"- {n}" for n in notes]
        out.append("")
    with open(os.path.join(DOC, f"performance-tables{TSUF}.rst"), "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out))
    aead_report(idx, info)
    more_report(idx, info, notes)
    plot(idx)
    if ERRORS:
        print(f"report: FAIL: {len(ERRORS)} requests failed in the guest:", file=sys.stderr)
        print("\n".join(ERRORS[:20]), file=sys.stderr)
        sys.exit(1)

# --- the AEADs and ChaCha20 (Documentation/performance-aead-tables.rst) ---

GCM_MODES = ["gcm", "rfc4106"]
CHACHA_MODES = ["rfc7539", "rfc7539esp", "chacha20", "xchacha20", "xchacha12",
                "adiantum12", "adiantum20"]
AAD = 16    # afalg-bench: every AEAD request carries 16 bytes of AAD


def read_mca(cfg):
    """build/bench/<cfg>/mca.txt as {(label, size, cpu): cycles per byte}"""
    p = os.path.join(OUT, cfg, "mca.txt")
    res = {}
    if not os.path.exists(p):
        return res
    for ln in open(p).read().splitlines():
        b = ln.split("\t")
        if ln.startswith("#") or len(b) < 7 or not re.match(r"^\d+", b[5]):
            continue
        res[(b[0], int(b[2]), b[4])] = int(b[5].split()[0]) / int(b[2])
    return res


def aes_targets(cfg, arch, idx, intree, cpb):
    """#22's AES targets for one configuration, as rst lines (6.x only)"""
    if TSUF:
        return []

    def ratio(mode, d, sz, col="crypto"):
        a = idx.get((cfg, "ctneon", mode, 128, d, size_key(mode, sz)))
        b = idx.get((cfg, intree, mode, 128, d, size_key(mode, sz)))
        return a[col] / b[col] if a and b and b[col] else None

    def cyc(mode, sz, cpu):
        a, b = cpb.get((f"ctneon/{mode}", str(sz), cpu)), cpb.get((f"neonbs/{mode}", str(sz), cpu))
        return a / b if a and b else None

    t = []
    if arch == "arm":
        lims = ((16384, 0.95), (1420, 0.95), (64, 0.70), (16, 0.50))
        cyc_t = ((4096, "cortex-a57", 0.95),)
    else:
        lims = ((16, 1.0), (64, 1.0), (1420, 0.90), (16384, 0.90))
        cyc_t = tuple((sz, cpu, 1.0) for sz in (16, 64) for cpu in ("cortex-a53", "cortex-a72"))
    for mode, dirs in (("ctr", ("enc",)), ("xts", ("enc", "dec"))):
        for d in dirs:
            for sz, lim in lims:
                t.append(verdict(ratio(mode, d, sz), lim,
                                 f"{mode.upper()} {d} instructions ctneon/in-tree at {sz} bytes (AES-128)"))
                if sz <= 64:
                    t.append(verdict(ratio(mode, d, sz, "path"), lim,
                                     f"{mode.upper()} {d} instructions with the crypto API's "
                                     f"code (path) ctneon/in-tree at {sz} bytes (AES-128)"))
        for sz, cpu, lim in cyc_t:
            t.append(verdict(cyc(mode, sz, cpu), lim,
                             f"{mode.upper()} enc {cpu} cycles ctneon/in-tree at {sz} bytes"))
    return ["**Short-request targets** (AES; instructions of the crypto code, "
            "cycles from the llvm-mca windows above):\n"] + [f"- {x}" for x in t] + [""]


def verdict(value, limit, what):
    """'met' or 'missed by X' for a value that must not exceed limit"""
    if value is None:
        return f"{what}: no data"
    if value <= limit:
        return f"{what}: {value:.2f} <= {limit}, **met**"
    return f"{what}: {value:.2f} > {limit}, **missed** by {value - limit:.2f}"


def aead_report(idx, info):
    out = [".. SPDX-License-Identifier: GPL-2.0-only\n",
           ".. Generated by bench/report.py (make bench); do not edit.\n",
           f"Generated {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.\n"]
    for cfg in CONFIGS:
        arch = cfg.split("-")[0]
        kv = info[cfg]
        cpus = ["cortex-a53", "cortex-a72"] if arch == "arm64" else ["cortex-a57", "cortex-a9"]
        target_cpus = cpus if arch == "arm64" else ["cortex-a57"]
        ghash_ref = "ghash-generic (table based)" if arch == "arm64" else \
            "ghash-ce (arm, 8-bit polynomial multiplies)"
        chapo_ref = ("``rfc7539(chacha20-neon,poly1305-neon)``, "
                     "``rfc7539esp(...)``, ``chacha20-neon``, ``xchacha20-neon``, "
                     "``xchacha12-neon``")
        if TSUF:
            # 7.x: the library's GHASH (arm64: PMULL on QEMU's CPU, which
            # has it; arm: NEON vmull.p8) and ChaCha20 (NEON)
            ghash_ref = ("ghash-lib (the library GHASH: PMULL on QEMU's CPU, "
                         "not what a board without the Crypto Extensions runs)"
                         if arch == "arm64" else "ghash-lib (the library GHASH)")
            chapo_ref = ("``rfc7539(chacha20-lib,poly1305-generic)``, "
                         "``rfc7539esp(...)``, ``chacha20-lib``, ``xchacha20-lib``, "
                         "``xchacha12-lib``")
        title = f"{cfg}: kernel {kv.get('release')}"
        out.append(title + "\n" + "-" * len(title) + "\n")
        mca = read_mca(cfg)

        def row(impl, mode, kb, d, sz):
            return idx.get((cfg, impl, mode, kb, d, sz))

        def ratio(mode, kb, d, sz, col="crypto"):
            a, b = row("ctneon", mode, kb, d, sz), row("intree", mode, kb, d, sz)
            return a[col] / b[col] if a and b and b[col] else None

        def mca_ratio(mode, sz, cpu):
            a, b = mca.get((f"ctneon/{mode}", sz, cpu)), mca.get((f"intree/{mode}", sz, cpu))
            return a / b if a and b else None

        for title2, modes, keys, ref in (
                ("GCM", GCM_MODES, (128, 256),
                 f"``gcm_base(ctr-aes-neonbs,{ghash_ref.split()[0]})``, i.e. "
                 f"the gcm template over the bit-sliced CTR and {ghash_ref}"),
                ("ChaCha20-Poly1305 and ChaCha20", CHACHA_MODES, (256,),
                 chapo_ref)):
            out.append(f"**{title2}.** In-tree: {ref}.  Instructions per byte of "
                       "text (AEADs: 16 bytes of AAD besides, rfc4106 and rfc7539esp "
                       "as ESP lays it out), crypto code, ctneon / in-tree; "
                       "n/a: not measured (a driver the module does not have yet "
                       "prints ``skip``).\n")
            # Adiantum adds 512 bytes (dm-crypt's sector); n/a elsewhere
            sizes = sorted(set(SIZES) | {k[5] for k in idx if k[0] == cfg and k[2] in modes})
            hdr = ["alg", "key", "dir"] + [str(x) for x in sizes]
            body, rat = [], []
            for mode in modes:
                for kb in keys:
                    for d in ("enc", "dec"):
                        cells, rcells, any_ = [], [], False
                        for sz in sizes:
                            a, b = row("ctneon", mode, kb, d, sz), row("intree", mode, kb, d, sz)
                            any_ |= bool(a or b)
                            # "n/a", not "-": a cell may not start with a bullet
                            cells.append(f"{fmt(a['crypto'] / sz) if a else 'n/a'} / "
                                         f"{fmt(b['crypto'] / sz) if b else 'n/a'}")
                            r = ratio(mode, kb, d, sz)
                            rk = ratio(mode, kb, d, sz, "kernel")
                            rcells.append(f"{r:.2f} / {rk:.2f}" if r else "n/a")
                        if any_:
                            body.append([mode, kb, d] + cells)
                            rat.append([mode, kb, d] + rcells)
            out.append(rst_table(hdr, body) + "\n")
            out.append(f"Ratio ctneon / in-tree ({title2}), instructions: crypto code / "
                       "whole kernel side of the request.\n")
            out.append(rst_table(hdr, rat) + "\n")

        # GHASH and Poly1305 alone, by function name
        out.append("**GHASH and Poly1305 alone**: instructions per byte hashed (16 "
                   "bytes of AAD + text) in functions named ``*ghash*``/``*gf128mul*`` "
                   "(ctneon: ``ctneon_ghash_update``; in-tree: "
                   f"{ghash_ref}) or ``*poly1305*``, encryption with a 128-bit "
                   "(ChaCha: 256-bit) key.\n")
        hdr = ["part", "alg", "impl"] + [str(x) for x in SIZES]
        body = []
        for part, mode, kb in (("ghash", "gcm", 128), ("poly1305", "rfc7539", 256)):
            for impl in ("ctneon", "intree"):
                cells = []
                for sz in SIZES:
                    r = row(impl, mode, kb, "enc", sz)
                    cells.append(fmt(r[part] / (sz + AAD)) if r and r[part] else "n/a")
                body.append([part, mode, impl] + cells)
        out.append(rst_table(hdr, body) + "\n")

        # cycle estimates
        out.append("**Cycle estimates** (llvm-mca on the executed stream of the "
                   "implementation's modules, one encryption after a first one outside the window), cycles per byte of "
                   "text, ctneon / in-tree = ratio.\n")
        hdr = ["alg", "bytes"] + cpus
        body = []
        for mode in ("gcm", "rfc7539", "chacha20"):
            for sz in (16, 64, 256, 1420, 4096, 16384):
                cells, any_ = [], False
                for cpu in cpus:
                    a = mca.get((f"ctneon/{mode}", sz, cpu))
                    b = mca.get((f"intree/{mode}", sz, cpu))
                    any_ |= bool(a or b)
                    cells.append(f"{fmt(a) if a else 'n/a'} / {fmt(b) if b else 'n/a'}"
                                 + (f" = {a / b:.2f}" if a and b else ""))
                if any_:
                    body.append([mode, sz] + cells)
        out.append(rst_table(hdr, body) + "\n")

        # the targets
        t = []
        for sz, lim in ((16, 0.5), (64, 0.5), (1420, 0.85), (16384, 0.85)):
            t.append(verdict(ratio("gcm", 128, "enc", sz), lim,
                             f"GCM instructions ctneon/in-tree at {sz} bytes (enc, AES-128)"))
        for sz in (1420, 16384):
            for cpu in target_cpus:
                t.append(verdict(mca_ratio("gcm", sz, cpu), 0.75,
                                 f"GCM {cpu} cycles ctneon/in-tree at {sz} bytes"))
        g = row("ctneon", "gcm", 128, "enc", 16384)
        t.append(verdict(g["ghash"] / (16384 + AAD) if g else None, 8,
                         "GHASH alone, ctneon instructions per byte at 16 KiB"))
        for sz in (1420, 16384):
            for cpu in target_cpus:
                t.append(verdict(mca_ratio("rfc7539", sz, cpu), 0.8,
                                 f"ChaCha20-Poly1305 {cpu} cycles ctneon/in-tree at {sz} bytes"))
        if arch == "arm64":
            c = mca.get(("ctneon/rfc7539", 16384, "cortex-a53"))
            t.append(verdict(c, 5, "ChaCha20-Poly1305 cortex-a53 cycles per byte at 16 KiB"))
        t.append(verdict(ratio("rfc7539", 256, "enc", 1420), 0.9,
                         "ChaCha20-Poly1305 instructions ctneon/in-tree at 1420 bytes"))
        for sz in (1420, 16384):
            t.append(verdict(ratio("chacha20", 256, "enc", sz), 1.0,
                             f"ChaCha20 alone instructions ctneon/in-tree at {sz} bytes"))
        for cpu in target_cpus:
            t.append(verdict(mca_ratio("chacha20", 16384, cpu), 1.0,
                             f"ChaCha20 alone {cpu} cycles ctneon/in-tree at 16 KiB"))
        # Adiantum against the template over the in-tree parts
        for mode in ("adiantum12", "adiantum20"):
            for sz in (512, 1420, 4096):
                t.append(verdict(ratio(mode, 256, "enc", sz), 0.85,
                                 f"Adiantum ({mode[8:]} rounds) instructions ctneon/in-tree at {sz} bytes"))
        for cpu in cpus:
            t.append(verdict(mca_ratio("adiantum12", 4096, cpu), 0.85,
                             f"Adiantum (12 rounds) {cpu} cycles ctneon/in-tree at 4096 bytes"))
        out.append("**Targets** (instructions of the crypto code):\n")
        out += [f"- {x}" for x in t]
        out.append("")
        if not TSUF:
            t = []
            if arch == "arm":
                for sz, lim in ((16384, 1.0), (1420, 0.9)):
                    t.append(verdict(ratio("rfc7539", 256, "enc", sz), lim,
                                     f"ChaCha20-Poly1305 instructions ctneon/in-tree at {sz} bytes"))
                for sz in (1420, 16384):
                    for cpu in cpus:
                        t.append(verdict(mca_ratio("rfc7539", sz, cpu), 0.85,
                                         f"ChaCha20-Poly1305 {cpu} cycles ctneon/in-tree at {sz} bytes"))
                for sz in (1420, 16384):
                    t.append(verdict(ratio("gcm", 128, "enc", sz), 0.85,
                                     f"GCM instructions ctneon/in-tree at {sz} bytes (stays met; 16 KiB from 0.86)"))
            else:
                t.append(verdict(ratio("rfc7539", 256, "enc", 1420), 0.9,
                                 "ChaCha20-Poly1305 instructions ctneon/in-tree at 1420 bytes (stays met)"))
                for sz in (1420, 16384):
                    t.append(verdict(ratio("gcm", 128, "enc", sz), 0.85,
                                     f"GCM instructions ctneon/in-tree at {sz} bytes (stays met)"))
            out.append("**Further targets** (AEADs):\n")
            out += [f"- {x}" for x in t]
            out.append("")
    with open(os.path.join(DOC, f"performance-aead-tables{TSUF}.rst"), "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out))


# --- #23's names (Documentation/performance-more-tables.rst) ---

MACS = ["cmac", "xcbc", "cbcmac"]


def more_report(idx, info, notes):
    out = [".. SPDX-License-Identifier: GPL-2.0-only\n",
           ".. Generated by bench/report.py (make bench); do not edit.\n",
           f"Generated {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.\n"]
    for cfg in CONFIGS:
        arch = cfg.split("-")[0]
        kv = info[cfg]
        title = f"{cfg}: kernel {kv.get('release')}"
        out.append(title + "\n" + "-" * len(title) + "\n")

        def row(impl, mode, kb, sz):
            return idx.get((cfg, impl, mode, kb, "enc", sz))

        def ratio(mode, kb, sz, col="crypto"):
            a, b = row("ctneon", mode, kb, sz), row("intree", mode, kb, sz)
            return a[col] / b[col] if a and b and b[col] else None

        names = []
        for mode in MORE_MODES:
            r = next((row("intree", mode, 128, sz) for sz in MORE_SIZES
                      if row("intree", mode, 128, sz)), None)
            names.append(f"{mode}: ``{r['alg']}``" if r else f"{mode}: none")
        note = ""
        if TSUF and arch == "arm64":
            note = ("  On arm64 the library's AES uses the AES instructions, which "
                    "QEMU's ``cortex-a57`` has: these in-tree rows are **not** what "
                    "a NEON-only board runs (that is the library's scalar "
                    "table-based code, ``aes-cipher-core``); the ratios compare "
                    "ctneon with the Crypto Extensions.")
        elif TSUF:
            note = ("  On arm the library's AES is the scalar table-based "
                    "``aes-cipher-core`` (what every 32-bit board runs).")
        out.append("**In-tree side** (what this kernel resolves the name to "
                   "without the Crypto Extensions modules, bound by that name "
                   "before ctneon is inserted): " + "; ".join(names) + "." + note + "\n")
        out.append("Instructions per byte of message (MACs: the digest of a "
                   "message of that size; AEADs: of text, with 16 bytes of AAD "
                   "besides; encryption), crypto code, ctneon / in-tree; n/a: "
                   "not measured (the name is not registered).\n")
        hdr = ["alg", "key"] + [str(x) for x in MORE_SIZES]
        body, rat = [], []
        for mode in MORE_MODES:
            for kb in (128, 256):
                cells, rcells, any_ = [], [], False
                for sz in MORE_SIZES:
                    a, b = row("ctneon", mode, kb, sz), row("intree", mode, kb, sz)
                    any_ |= bool(a or b)
                    cells.append(f"{fmt(a['crypto'] / sz) if a else 'n/a'} / "
                                 f"{fmt(b['crypto'] / sz) if b else 'n/a'}")
                    r, rk = ratio(mode, kb, sz), ratio(mode, kb, sz, "kernel")
                    rcells.append(f"{r:.2f} / {rk:.2f}" if r else "n/a")
                if any_:
                    body.append([mode, kb] + cells)
                    rat.append([mode, kb] + rcells)
        out.append(rst_table(hdr, body) + "\n")
        out.append("Ratio ctneon / in-tree, instructions: crypto code / whole "
                   "kernel side of the request.\n")
        out.append(rst_table(hdr, rat) + "\n")

        # where the instructions go: the largest symbols of both sides
        out.append("**Where the instructions go** (AES-128, encryption, the "
                   "crypto code's five largest functions; module in brackets, "
                   "instructions of the window).\n")
        hdr2 = ["alg", "bytes", "impl", "functions"]
        body = []
        for mode, sz in (("cmac", 16), ("cmac", 1420), ("ccm", 1420),
                         ("ccm", 16384), ("cts", 16384), ("xctr", 16384)):
            for impl in ("ctneon", "intree"):
                bs = BYSYM.get((cfg, impl, mode, 128, "enc", sz))
                if not bs:
                    continue
                top = sorted(bs.items(), key=lambda x: -x[1])[:5]
                body.append([mode, sz, impl, ", ".join(
                    f"``{s}`` [{m}] {c}" for (m, s), c in top)])
        if body:
            out.append(rst_table(hdr2, body) + "\n")

        t = []
        for mode in ("ccm", "cts", "xctr"):
            for sz in (1420, 16384):
                t.append(verdict(ratio(mode, 128, sz), 0.8,
                                 f"{mode} instructions ctneon/in-tree at {sz} bytes "
                                 "(enc, AES-128)"))
        for mode in MACS:
            for sz in (16, 64):
                t.append(verdict(ratio(mode, 128, sz), 1.3,
                                 f"{mode} instructions ctneon/in-tree at {sz} bytes "
                                 "(AES-128)"))
        scope = ("the 0.8 of ccm, cts and xctr is the target on arm; on arm64 "
                 "it is shown for comparison; " if arch == "arm64" else "")
        out.append(f"**Targets** ({scope}instructions of the crypto code; "
                   "in-tree not measured: no data):\n")
        out += [f"- {x}" for x in t]
        out.append("")
    # the run's notes about these names (a count that varies between
    # repetitions: the smallest is in the tables)
    mine = [n for n in notes if any(f" {m} " in n for m in MORE_MODES)]
    if mine:
        out.append("Notes of the run:\n")
        out += [f"- {n}" for n in mine]
        out.append("")
    with open(os.path.join(DOC, f"performance-more-tables{TSUF}.rst"), "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out))


def style_axis(ax, sizes, title):
    """log-log axes of instructions per byte over the request sizes"""
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    if sizes:
        ax.set_xticks(sizes)
        ax.set_xticklabels([str(s) for s in sizes])
    ax.set_title(title)
    ax.set_xlabel("request size (bytes)")
    ax.set_ylabel("instructions per byte (crypto code)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)


def plot(idx):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(len(CONFIGS), 3, figsize=(16, 4.2 * len(CONFIGS)), squeeze=False)
    for i, cfg in enumerate(CONFIGS):
        arch = cfg.split("-")[0]
        ossl, _ = openssl_rows(arch)
        # Adiantum (XChaCha12) against the template over the in-tree parts,
        # and bit-sliced XTS (AES-256) for scale: what a disk on the board uses
        ax = axes[i][2]
        asizes = sorted({k[5] for k in idx if k[0] == cfg and k[2] == "adiantum12"})
        for impl, mode, kb, style, lab in (
                ("ctneon", "adiantum12", 256, "o-", "ctneon adiantum(xchacha12,aes)"),
                ("intree", "adiantum12", 256, "s-", "in-tree template, in-tree parts"),
                ("ctneon", "xts", 256, "o:", "ctneon xts(aes), AES-256"),
                ("neonbs", "xts", 256, "s:", "in-tree aes-neonbs xts(aes), AES-256")):
            pts = [(s, idx[(cfg, impl, mode, kb, "enc", s)]["crypto"] / s)
                   for s in sorted(set(asizes) | set(SIZES))
                   if (cfg, impl, mode, kb, "enc", s) in idx]
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], style, label=lab)
        style_axis(ax, asizes, f"{cfg}: Adiantum (XChaCha12) encryption")
        for j, mode in enumerate(("ctr", "xts")):
            ax = axes[i][j]
            for impl, style in (("ctneon", "o-"), ("neonbs", "s-"), ("generic", "^-"),
                                ("openssl", "x--"), ("ctneon-all", "o:")):
                xs, ys = [], []
                for s in SIZES:
                    if impl == "openssl":
                        v = ossl.get(("neon", mode, 128, "enc", s))
                    elif impl == "ctneon-all":
                        r = idx.get((cfg, "ctneon", mode, 128, "enc", s))
                        v = r["kernel"] if r else None
                    else:
                        r = idx.get((cfg, impl, mode, 128, "enc", s))
                        v = r["crypto"] if r else None
                    if v:
                        xs.append(s)
                        ys.append(v / s)
                if xs:
                    lab = {"neonbs": "in-tree aes-neonbs", "generic": "aes-generic",
                           "openssl": "OpenSSL EVP (user space, NEON)",
                           "ctneon-all": "ctneon, whole AF_ALG request"}.get(impl, "ctneon")
                    ax.plot(xs, ys, style, label=lab)
            style_axis(ax, SIZES, f"{cfg}: {mode}(aes) AES-128 encryption")
    fig.tight_layout()
    fig.savefig(os.path.join(DOC, f"performance-ipb{TSUF}.png"), dpi=90)


if __name__ == "__main__":
    main()
