#!/usr/bin/python3
# Scratch generator: schedule + register-allocate the S-box circuits (forward
# / inverse: Boyar-Peralta's depth-16 ones, or tower.py's tower-field ones)
# onto 16 NEON q registers, with spills where they do not fit, and verify
# the emitted instruction stream by simulation on all 256 inputs.
import random, sys

SBOX = []
from tower import gmul      # multiplication in the AES field
def ginv(x):
    if x == 0: return 0
    for y in range(256):
        if gmul(x, y) == 1: return y
for x in range(256):
    b = ginv(x); s = 0x63
    for i in range(5):
        s ^= ((b << i) | (b >> (8 - i))) & 0xff
    SBOX.append(s)
INV = [0] * 256
for x in range(256): INV[SBOX[x]] = x

TOP_F = """T1 = U0 + U3
T2 = U0 + U5
T3 = U0 + U6
T4 = U3 + U5
T5 = U4 + U6
T6 = T1 + T5
T7 = U1 + U2
T8 = U7 + T6
T9 = U7 + T7
T10 = T6 + T7
T11 = U1 + U5
T12 = U2 + U5
T13 = T3 + T4
T14 = T6 + T11
T15 = T5 + T11
T16 = T5 + T12
T17 = T9 + T16
T18 = U3 + U7
T19 = T7 + T18
T20 = T1 + T19
T21 = U6 + U7
T22 = T7 + T21
T23 = T2 + T22
T24 = T2 + T10
T25 = T20 + T17
T26 = T3 + T16
T27 = T1 + T12
D = U7 + Z"""
TOP_R = """T23 = U0 + U3
T22 = U1 # U3
T2 = U0 # U1
T1 = U3 + U4
T24 = U4 # U7
R5 = U6 + U7
T8 = U1 # T23
T19 = T22 + R5
T9 = U7 # T1
T10 = T2 + T24
T13 = T2 + R5
T3 = T1 + R5
T25 = U2 # T1
R13 = U1 + U6
T17 = U2 # T19
T20 = T24 + R13
T4 = U4 + T8
R17 = U2 # U5
R18 = U5 # U6
R19 = U2 # U4
D = U0 + R17
T6 = T22 + R17
T16 = R13 + R19
T27 = T1 + R18
T15 = T10 + T27
T14 = T10 + R18
T26 = T3 + T16"""
MID = """M1 = T13 x T6
M2 = T23 x T8
M3 = T14 + M1
M4 = T19 x D
M5 = M4 + M1
M6 = T3 x T16
M7 = T22 x T9
M8 = T26 + M6
M9 = T20 x T17
M10 = M9 + M6
M11 = T1 x T15
M12 = T4 x T27
M13 = M12 + M11
M14 = T2 x T10
M15 = M14 + M11
M16 = M3 + M2
M17 = M5 + T24
M18 = M8 + M7
M19 = M10 + M15
M20 = M16 + M13
M21 = M17 + M15
M22 = M18 + M13
M23 = M19 + T25
M24 = M22 + M23
M25 = M22 x M20
M26 = M21 + M25
M27 = M20 + M21
M28 = M23 + M25
M29 = M28 x M27
M30 = M26 x M24
M31 = M20 x M23
M32 = M27 x M31
M33 = M27 + M25
M34 = M21 x M22
M35 = M24 x M34
M36 = M24 + M25
M37 = M21 + M29
M38 = M32 + M33
M39 = M23 + M30
M40 = M35 + M36
M41 = M38 + M40
M42 = M37 + M39
M43 = M37 + M38
M44 = M39 + M40
M45 = M42 + M41
M46 = M44 x T6
M47 = M40 x T8
M48 = M39 x D
M49 = M43 x T16
M50 = M38 x T9
M51 = M37 x T17
M52 = M42 x T15
M53 = M45 x T27
M54 = M41 x T10
M55 = M44 x T13
M56 = M40 x T23
M57 = M39 x T19
M58 = M43 x T3
M59 = M38 x T22
M60 = M37 x T20
M61 = M42 x T1
M62 = M45 x T4
M63 = M41 x T2"""
BOT_F = """L0 = M61 + M62
L1 = M50 + M56
L2 = M46 + M48
L3 = M47 + M55
L4 = M54 + M58
L5 = M49 + M61
L6 = M62 + L5
L7 = M46 + L3
L8 = M51 + M59
L9 = M52 + M53
L10 = M53 + L4
L11 = M60 + L2
L12 = M48 + M51
L13 = M50 + L0
L14 = M52 + M61
L15 = M55 + L1
L16 = M56 + L0
L17 = M57 + L1
L18 = M58 + L8
L19 = M63 + L4
L20 = L0 + L1
L21 = L1 + L7
L22 = L3 + L12
L23 = L18 + L2
L24 = L15 + L9
L25 = L6 + L10
L26 = L7 + L9
L27 = L8 + L10
L28 = L11 + L14
L29 = L11 + L17
S0 = L6 + L24
S1 = L16 # L26
S2 = L19 # L28
S3 = L6 + L21
S4 = L20 + L22
S5 = L25 + L29
S6 = L13 # L27
S7 = L6 # L23"""
BOT_R = """P0 = M52 + M61
P1 = M58 + M59
P2 = M54 + M62
P3 = M47 + M50
P4 = M48 + M56
P5 = M46 + M51
P6 = M49 + M60
P7 = P0 + P1
P8 = M50 + M53
P9 = M55 + M63
P10 = M57 + P4
P11 = P0 + P3
P12 = M46 + M48
P13 = M49 + M51
P14 = M49 + M62
P15 = M54 + M59
P16 = M57 + M61
P17 = M58 + P2
P18 = M63 + P5
P19 = P2 + P3
P20 = P4 + P6
P22 = P2 + P7
P23 = P7 + P8
P24 = P5 + P7
P25 = P6 + P10
P26 = P9 + P11
P27 = P10 + P18
P28 = P11 + P25
P29 = P15 + P20
S0 = P13 + P22
S1 = P26 + P29
S2 = P17 + P28
S3 = P12 + P22
S4 = P23 + P27
S5 = P19 + P24
S6 = P14 + P23
S7 = P9 + P16"""

def parse(text):
    ops = []
    for l in text.strip().split("\n"):
        d, r = [s.strip() for s in l.split("=")]
        if " x " in r: a, b = r.split(" x "); op = "and"
        elif " + " in r: a, b = r.split(" + "); op = "xor"
        else: a, b = r.split(" # "); op = "xor"   # constant folded into keys
        ops.append((d, op, a.strip(), b.strip()))
    return ops

# The tower-field circuits of tower.py, for the directions in
# CTNEON_ARM_TOWER (default none: with 141 / 142 gates and no spills they
# take 6 % fewer instructions per batch than the paper's circuits with their
# spills, and 10 % / 7 % fewer Cortex-A9 cycles, but 8 % / 4 % more
# Cortex-A57 cycles; see Documentation/performance.rst):
# (N, nu, root, seed) per direction, the choices with the fewest gates that
# keep at most 16 values live in their written order, and the schedule
# (tower_order: 1, latency-driven, took the fewest cycles on both models).
TOWER = {"enc": (1, 2, 4, 0, 1), "dec": (1, 2, 4, 1, 1)}

def tower_dirs():
    import os
    return [d for d in os.environ.get("CTNEON_ARM_TOWER", "").split(",") if d]

# The schedules of a tower circuit: 0 its written order, 1-6 latency-driven
# list schedules (tower.latency_order: latency 2, 3, 4 cycles, one or two
# ops a cycle), then tower.reorder's variants; all keep at most 16 values
# live.
LAT = [None, (2, 1), (3, 1), (4, 1), (2, 2), (3, 2), (4, 2)]

def tower_order(ops, t, rng):
    import tower
    if t == 0: return ops
    if t < len(LAT): return tower.latency_order(ops, *LAT[t])
    return tower.reorder(ops, rng, 2 + t % 5)

def circuit(direction):
    # the tower-field circuits for the directions in CTNEON_ARM_TOWER; else
    # the programs of ../arm64/gen.py, exported by ../arm64/export.py into
    # ../sbox-circuits.txt, except for the directions in CTNEON_ARM_PAPER
    # (default "enc,dec"), which take the depth-16 circuits written out above
    import os
    if direction in tower_dirs():
        import tower
        N, nu, root, seed = TOWER[direction][:4]
        return tower.build(direction, N, nu, tower.iso(N, nu)[root], random.Random(seed))
    if direction not in os.environ.get("CTNEON_ARM_PAPER", "enc,dec").split(","):
        here = os.path.dirname(os.path.abspath(__file__))
        txt = open(os.path.join(here, "..", "sbox-circuits.txt")).read()
        want = "FORWARD" if direction == "enc" else "INVERSE"
        part = txt.split(want)[1].split("\n", 1)[1].split("INVERSE")[0]
        return parse(part.replace("G", "g"))
    top = parse(TOP_F if direction == "enc" else TOP_R)
    if direction == "enc":
        top = top[:-1]          # D is U7 itself: alias
    ops = top + parse(MID) + parse(BOT_F if direction == "enc" else BOT_R)
    if direction == "enc":
        ops = [(d, o, "U7" if a == "D" else a, "U7" if b == "D" else b) for d, o, a, b in ops]
    return ops

FULL = (1 << 256) - 1
def inputs():
    # plane k (bit k of the byte) as a 256-bit vector over all inputs
    return [sum(((x >> k) & 1) << x for x in range(256)) for k in range(8)]

def check_circuit(direction):
    P = inputs()
    v = {"U%d" % i: P[7 - i] for i in range(8)}
    for d, o, a, b in circuit(direction):
        v[d] = v[a] & v[b] if o == "and" else v[a] | v[b] if o == "or" else v[a] ^ v[b]
    for x in range(256):
        out = sum(((v["S%d" % i] >> x) & 1) << (7 - i) for i in range(8))
        want = SBOX[x] ^ 0x63 if direction == "enc" else INV[x ^ 0x63]
        assert out == want, (direction, x, out, want)

# ------------------------------------------------------------------
def schedule(ops, live_in, rng, lat_w):
    """List-schedule: greedy on pressure with a latency preference."""
    uses = {}
    for i, (d, o, a, b) in enumerate(ops):
        for s in (a, b): uses.setdefault(s, set()).add(i)
    avail = set(live_in)
    done = [False] * len(ops)
    remaining = {k: len(v) for k, v in uses.items()}
    order = []
    defined_at = {s: -10 for s in live_in}
    while len(order) < len(ops):
        best = None
        for i, (d, o, a, b) in enumerate(ops):
            if done[i] or a not in avail or b not in avail: continue
            kill = (remaining[a] == 1) + (remaining[b] == 1 and b != a)
            age = min(len(order) - defined_at[a], len(order) - defined_at[b])
            score = kill * 2 - (1 if d in uses else 0) + lat_w * min(age, 3) + rng.random() * 0.9
            if best is None or score > best[0]: best = (score, i)
        i = best[1]; d, o, a, b = ops[i]
        done[i] = True; order.append(ops[i]); avail.add(d); defined_at[d] = len(order)
        remaining[a] -= 1; remaining[b] -= 1
    return order

def allocate(order, live_in_regs, outputs, out_regs, nregs=16):
    """Belady allocation. Returns list of emitted instrs (tuples)."""
    nxt = {}
    # positions of uses
    usepos = {}
    for i, (d, o, a, b) in enumerate(order):
        for s in (a, b): usepos.setdefault(s, []).append(i)
    def next_use(v, i):
        for p in usepos.get(v, []):
            if p >= i: return p
        return 10 ** 9
    reg = dict(live_in_regs)       # value -> reg
    regval = {r: v for v, r in reg.items()}
    inmem = {}                      # value -> slot
    slots_free = list(range(32))
    code = []
    def free_regs():
        return [r for r in range(nregs) if r not in regval]
    def evict(i, protect):
        cands = [(next_use(v, i), v) for r, v in regval.items() if v not in protect and v not in outputs]
        cands.sort(reverse=True)
        nu, v = cands[0]
        r = reg[v]
        if nu < 10 ** 9 and v not in inmem:
            s = slots_free.pop(0); inmem[v] = s
            code.append(("st", r, s, v))
        del reg[v]; del regval[r]
        return r
    def getreg(i, protect, prefer):
        fr = free_regs()
        if fr:
            pf = [r for r in fr if r in prefer]
            return (pf or fr)[0]
        return evict(i, protect)
    for i, (d, o, a, b) in enumerate(order):
        for s in (a, b):
            if s not in reg:
                r = getreg(i, {a, b}, range(16))
                code.append(("ld", r, inmem[s], s)); reg[s] = r; regval[r] = s
        # free dying sources
        ra, rb = reg[a], reg[b]
        for s in {a, b}:
            if next_use(s, i + 1) == 10 ** 9 and s not in outputs:
                del regval[reg[s]]; del reg[s]
                if s in inmem: slots_free.append(inmem.pop(s)); slots_free.sort()
        # drop memory copies of dead values
        for v in list(inmem):
            if next_use(v, i + 1) == 10 ** 9 and v not in reg:
                slots_free.append(inmem.pop(v)); slots_free.sort()
        if d in outputs:
            prefer = out_regs
        else:
            prefer = [r for r in range(nregs) if r not in out_regs]
        rd = getreg(i + 1, {a, b}, prefer)
        code.append((o, rd, ra, rb, d, a, b))
        reg[d] = rd; regval[rd] = d
    return code, reg

# Off by default: with it the best forward schedule saves one gate+reload
# pair per S-box (2373 -> 2363 instructions per AES-128 batch) but is a
# different schedule that llvm-mca rates slower (cortex-a9 2697 -> 2797
# cycles, cortex-a57 1129 -> 1139); the instruction count alone is not the
# measure.  python3 gen.py ... remat turns it on.
REMAT = "remat" in sys.argv

def remat(code, ops, live_in_regs):
    """Recompute instead of reload: a spilled value all of whose reloads
    find both of its operands in registers is recomputed there (one gate
    for one reload) and its spill store is dropped."""
    defn = {d: (o, a, b) for d, o, a, b in ops}
    # register contents before each instruction
    regval = {r: v for v, r in live_in_regs.items()}
    where = []
    for c in code:
        where.append(dict(regval))
        if c[0] == "st": continue
        if c[0] == "ld": regval[c[1]] = c[3]
        elif c[0] == "mov": regval[c[1]] = c[3]
        else: regval[c[1]] = c[4]
    ok = {}
    for i, c in enumerate(code):
        if c[0] != "ld": continue
        v = c[3]
        if v not in defn:
            ok.setdefault(v, []).append(None); continue
        o, a, b = defn[v]
        held = {val: r for r, val in where[i].items()}
        ok.setdefault(v, []).append((i, held.get(a), held.get(b)) if a in held and b in held else None)
    drop = {v for v, l in ok.items() if all(x is not None for x in l)}
    out = []
    loads = {i: (ra, rb) for v in drop for (i, ra, rb) in ok[v]}
    for i, c in enumerate(code):
        if c[0] == "st" and c[3] in drop: continue
        if c[0] == "ld" and c[3] in drop:
            o, a, b = defn[c[3]]
            ra, rb = loads[i]
            out.append((o, c[1], ra, rb, c[3], a, b)); continue
        out.append(c)
    return out

def simulate(code, live_in_regs, direction, outreg, start):
    """Run the emitted stream on all 256 inputs; spill addresses are taken
    from the replayed pointer arithmetic of the emitted forms, not the slot
    numbers, and the pointers must end where they started."""
    P = inputs()
    R = [None] * 16; M = {}
    for v, r in live_in_regs.items(): R[r] = P[7 - int(v[1])]
    pos = list(start)
    for c in code:
        if c[0] == "setptr": pos[c[1]] = c[2]; continue
        if c[0] in ("st", "ld"):
            k, r, s, v, a, f, p = c
            if f == "sp": addr = 0
            else:
                if a: pos[p] = s
                if f == "db": pos[p] -= 1; addr = pos[p]
                else:
                    addr = pos[p]
                    if f == "ip!": pos[p] += 1
            if k == "st": M[addr] = R[r]
            else: R[r] = M[addr]
            continue
        if c[0] == "mov": R[c[1]] = R[c[2]]
        else:
            o, rd, ra, rb = c[:4]
            R[rd] = R[ra] & R[rb] if o == "and" else R[ra] | R[rb] if o == "or" else R[ra] ^ R[rb]
    assert tuple(pos) == tuple(start)
    for x in range(256):
        out = sum(((R[outreg["S%d" % i]] >> x) & 1) << (7 - i) for i in range(8))
        want = SBOX[x] ^ 0x63 if direction == "enc" else INV[x ^ 0x63]
        assert out == want

def candidates(direction, in_regs, out_regs, tries=300, lat_w=0.0, keep=12, iters=1500,
               keep2=3, iters2=600, seeds=None):
    """Schedules of the direction's circuit, register-allocated, with spill
    slots and addressing chosen and outputs moved into out_regs, each
    verified by simulation: a list of (instructions, seed, code, output
    registers, slots, pointer start, address adds).  The tower circuits
    take the schedules of tower_order (none spills); the other circuits are
    list-scheduled (schedule) and may spill."""
    check_circuit(direction)
    ops = circuit(direction)
    tw = direction in tower_dirs()
    live_in = ["U%d" % i for i in range(8)]
    live_in_regs = {"U%d" % i: in_regs[7 - i] for i in range(8)}   # plane k in in_regs[k]
    outputs = {"S%d" % i for i in range(8)}
    cands = []
    for t in (range(tries) if seeds is None else seeds):
        rng = random.Random(t)
        if tw: order = tower_order(ops, t, rng)
        else: order = schedule(ops, live_in, rng, lat_w)
        code, reg = allocate(order, live_in_regs, outputs, out_regs)
        if REMAT: code = remat(code, ops, live_in_regs)
        final = {s: reg[s] for s in outputs}
        bad = [s for s in outputs if final[s] not in out_regs]
        cost = len(code) + 2 * len(bad)
        cands.append((cost, t, code, final))
    # the cheapest schedules; for each the spill-slot choice that needs the
    # fewest address instructions with ip alone, then the best few again
    # with both pointers
    cands.sort(key=lambda x: (x[0], x[1]))
    stage = []
    for cost, t, code, final in cands[:keep]:
        asg = assign_slots(code, random.Random(t), iters=iters, nptr=1)
        c1 = place(code, asg, 1)[3]
        stage.append((cost + c1, t, cost, code, final, asg))
    stage.sort(key=lambda x: (x[0], x[1]))
    out = []
    for _, t, cost, code, final, asg in stage[:keep2]:
        for a in ((asg, assign_slots(code, random.Random(t), iters=iters2)) if asg else (asg,)):
            acode, nslots, start, nadd = place(code, a)
            fin = dict(final); acode = list(acode)
            # outputs not in out_regs: moves
            freeo = [r for r in out_regs if r not in fin.values()]
            for s in sorted(fin):
                if fin[s] not in out_regs:
                    r = freeo.pop(0); acode.append(("mov", r, fin[s], s)); fin[s] = r
            simulate(acode, live_in_regs, direction, fin, start)
            out.append((cost + nadd, t, acode, fin, nslots, start, nadd))
    return out

def build(direction, in_regs, out_regs, **kw):
    """The candidate with the fewest instructions (then slots); the tower
    circuits take the schedule named in TOWER."""
    if direction in tower_dirs(): kw["seeds"] = [TOWER[direction][4]]
    c = min(candidates(direction, in_regs, out_regs, **kw), key=lambda c: (c[0], c[4], c[1]))
    cost, t, code, final, nslots, start, nadd = c
    return code, final, nslots, start, nadd

# ------------------------------------------------------------------
# Spill addressing.  Every spill slot is a fixed stack address sp + 16*slot;
# the pointers PTRS (ip, and lr, which the cores free by saving it in the
# frame) walk over the slots.  An access to slot s by pointer x costs no
# address instruction when
#   x == sp + 16*s          vst1/vld1 [x :128] (x kept) or [x :128]! (x -> s+1)
#   x == sp + 16*(s+1)      vstmdb/vldmdb x! (x -> s)
#   s == 0                  vst1/vld1 [sp :128] (pointers kept)
# and otherwise one "add x, sp, #16*s" first.  Each pointer holds a fixed
# slot position on entry to each S-box and is brought back to it at the
# end, so the rounds chain without address set-up.  All of this depends only
# on the (public) instruction stream, never on data.
import itertools
PTRS = ("ip", "lr")
INF = 10 ** 9

def accesses(code):
    return [(i, c[0], c[3]) for i, c in enumerate(code) if c[0] in ("st", "ld")]

def intervals(code):
    iv = {}
    for i, k, v in accesses(code):
        if v in iv: iv[v][1] = i
        else: iv[v] = [i, i]
    return iv

def addr_dp(seq, nslots, start, nptr):
    """Pointer positions as the DP state.  start: a tuple of positions, or
    None for a free start.  Returns (final costs, back pointers)."""
    P = nslots + 1
    if start is None:
        cost = {st: 0 for st in itertools.product(range(P), repeat=nptr)}
    else:
        cost = {start: 0}
    hist = []
    for s in seq:
        nc = {}; nb = {}
        for st, c in cost.items():
            cand = []
            if s == 0: cand.append((c, st, (-1, "sp", 0)))
            for j in range(nptr):
                p = st[j]
                opts = [(1, "ip", s), (1, "ip!", s + 1)]
                if s == p: opts += [(0, "ip", p), (0, "ip!", p + 1)]
                if s == p - 1: opts.append((0, "db", s))
                for a, f, q in opts:
                    if q >= P: continue
                    cand.append((c + a, st[:j] + (q,) + st[j + 1:], (j, f, a)))
            for cc, ns, info in cand:
                if cc < nc.get(ns, INF): nc[ns] = cc; nb[ns] = (st, info)
        hist.append(nb); cost = nc
    return cost, hist

def cyclic_cost(cost, start):
    return min(c + sum(e != s0 for e, s0 in zip(st, start)) for st, c in cost.items())

def addr_exact(seq, nslots, nptr):
    """Min address instructions with every pointer back at its start."""
    P = nslots + 1
    best = None
    for start in itertools.product(range(P), repeat=nptr):
        cost, hist = addr_dp(seq, nslots, start, nptr)
        c = cyclic_cost(cost, start)
        if best is None or c < best[0]: best = (c, start, cost, hist)
    c, start, cost, hist = best
    end = min(cost, key=lambda st: cost[st] + sum(e != s0 for e, s0 in zip(st, start)))
    modes = []; st = end
    for nb in reversed(hist):
        prev, info = nb[st]; modes.append(info); st = prev
    modes.reverse()
    fix = [(j, start[j]) for j in range(nptr) if end[j] != start[j]]
    return c, start, modes, fix

def addr_proxy(seq, nslots, nptr):
    """Cheap score for the search: two rounds back to back from a free start."""
    if nptr == 1:
        return addr_exact(seq, nslots, 1)[0]
    cost, hist = addr_dp(seq + seq, nslots, None, nptr)
    return min(cost.values())

def assign_slots(code, rng, iters=3000, maxslots=16, nptr=len(PTRS)):
    """Choose a slot per spilled value (values live at once get distinct
    slots) to minimise address instructions; annealing over assignments."""
    acc = accesses(code)
    iv = intervals(code)
    vals = list(iv)
    if not vals: return {}
    def conflict(a, b):
        return not (iv[a][1] < iv[b][0] or iv[b][1] < iv[a][0])
    conf = {v: [w for w in vals if w != v and conflict(v, w)] for v in vals}
    def feasible(asg, v, s):
        return all(asg.get(w) != s for w in conf[v])
    def score(asg):
        seq = [asg[v] for i, k, v in acc]
        n = max(asg.values()) + 1
        return addr_proxy(seq, n, nptr) * 100 + n
    # start: first-fit in access order
    asg = {}
    for v in sorted(vals, key=lambda v: iv[v][0]):
        s = 0
        while not feasible(asg, v, s): s += 1
        asg[v] = s
    cur = score(asg); best = (cur, dict(asg))
    for it in range(iters):
        T = 60.0 * (1 - it / iters) + 1
        new = dict(asg)
        if rng.random() < 0.5:
            v = rng.choice(vals); s = rng.randrange(maxslots)
            if not feasible(new, v, s): continue
            new[v] = s
        else:
            a, b = rng.sample(vals, 2)
            new[a], new[b] = new[b], new[a]
            if not (feasible(new, a, new[a]) and feasible(new, b, new[b])): continue
        # compact slot numbers to 0..n-1 keeping order
        used = sorted(set(new.values())); ren = {s: j for j, s in enumerate(used)}
        new = {v: ren[s] for v, s in new.items()}
        sc = score(new)
        if sc <= cur or rng.random() < pow(2.718, (cur - sc) / T):
            asg, cur = new, sc
            if sc < best[0]: best = (sc, dict(new))
    return best[1]

def place(code, asg, nptr=len(PTRS)):
    """The exact addressing of an assignment: rewritten code (accesses as
    ("st"/"ld", q, slot, value, add, form, pointer)), slots, start, adds."""
    acc = accesses(code)
    n = max(asg.values()) + 1 if asg else 0
    seq = [asg[v] for i, k, v in acc]
    c, start, modes, fix = addr_exact(seq, n, nptr)
    out = []; j = 0
    for c_ in code:
        if c_[0] in ("st", "ld"):
            p, f, a = modes[j]; j += 1
            out.append((c_[0], c_[1], asg[c_[3]], c_[3], a, f, p))
        else:
            out.append(c_)
    for p, pos in fix: out.append(("setptr", p, pos))
    check_addr(out, start)
    return out, n, start, c

def check_addr(code, start):
    """Replay the address arithmetic of the emitted forms."""
    pos = list(start)
    for c in code:
        if c[0] == "setptr": pos[c[1]] = c[2]; continue
        if c[0] not in ("st", "ld"): continue
        k, r, s, v, a, f, p = c
        if f == "sp": assert s == 0 and not a; continue
        if a: pos[p] = s + (1 if f == "db" else 0)
        if f == "db": pos[p] -= 1; assert pos[p] == s
        else:
            assert pos[p] == s
            if f == "ip!": pos[p] += 1
    assert tuple(pos) == tuple(start), (pos, start)

def emit(code, name):
    out = []
    for c in code:
        if c[0] == "setptr":
            out.append("\tadd\t%s, sp, #%d\t\t@ %s back to slot %d" % (PTRS[c[1]], 16 * c[2], PTRS[c[1]], c[2]))
        elif c[0] in ("st", "ld"):
            k, r, s, v, a, f, p = c
            x = PTRS[p] if p >= 0 else "sp"
            if a:
                out.append("\tadd\t%s, sp, #%d" % (x, 16 * (s + (f == "db"))))
            ins = "vst1.64" if k == "st" else "vld1.64"
            if f == "sp":
                out.append("\t%s\t{q%d}, [sp :128]\t\t@ %s (slot 0)" % (ins, r, v))
            elif f == "ip":
                out.append("\t%s\t{q%d}, [%s :128]\t\t@ %s (slot %d)" % (ins, r, x, v, s))
            elif f == "ip!":
                out.append("\t%s\t{q%d}, [%s :128]!\t\t@ %s (slot %d)" % (ins, r, x, v, s))
            else:
                out.append("\t%s\t%s!, {d%d-d%d}\t\t@ %s (slot %d)" % (
                    "vstmdb" if k == "st" else "vldmdb", x, 2 * r, 2 * r + 1, v, s))
        elif c[0] == "mov":
            out.append("\tvmov\tq%d, q%d\t\t\t@ %s" % (c[1], c[2], c[3]))
        else:
            o, rd, ra, rb, d, a, b = c
            ins = {"and": "vand", "or": "vorr", "xor": "veor"}[o]
            sym = {"and": "&", "or": "|", "xor": "^"}[o]
            out.append("\t%s\tq%d, q%d, q%d\t\t@ %s = %s %s %s" % (ins, rd, ra, rb, d.lower(), a.lower(), sym, b.lower()))
    return out

# The generated parts of the committed core stand between these rulers; the
# rest of arm/aes-neonbs-core.S is written by hand and kept as it is.
MAP_BEGIN = "/* ---------------------- S-box register map (generated: scripts/neonbs-gen/arm) */\n"
MAP_END = "/* ------------------------------------------------- end of the S-box map */\n"
SBOX_BEGIN = "/* ----------------------- S-box macros (generated, verified: scripts/neonbs-gen/arm) */\n"
SBOX_END = "/* ---------------------------------------------- end of the S-box macros */\n"

def splice(core, part, begin, end):
    a = core.index(begin) + len(begin)
    b = core.index(end, a)
    return core[:a] + part + core[b:]

def macro_text(direction, code, final, nslots, start, nadd, inr):
    """The sbox_enc / sbox_dec macro with its header, and the output planes."""
    n = {k: sum(1 for c in code if c[0] == k) for k in ("st", "ld", "mov", "and", "or", "xor")}
    ngate = n["and"] + n["or"] + n["xor"]
    planes = ["q%d" % final["S%d" % (7 - k)] for k in range(8)]
    print(direction, "gates", ngate, "st", n["st"], "ld", n["ld"], "adds", nadd, "movs", n["mov"],
          "total", ngate + n["st"] + n["ld"] + nadd + n["mov"], "slots", nslots, "start", start,
          "planes", planes, file=sys.stderr)
    ops = ", ".join("%d %s" % (n[k], i) for k, i in (("and", "vand"), ("or", "vorr"), ("xor", "veor")) if n[k])
    txt = ["/*", " * SubBytes%s: %d gate ops (%s), " % ("" if direction == "enc" else "^-1", ngate, ops)]
    if n["st"] or n["ld"]:
        txt[-1] += "%d spills, %d reloads," % (n["st"], n["ld"])
        txt.append(" * %d spill-address adds%s.  On entry and on exit %s." % (
            nadd, (", %d vmov" % n["mov"]) if n["mov"] else "",
            ", ".join("%s = sp + %d" % (PTRS[j], 16 * start[j]) for j in range(len(PTRS)))))
    else:
        txt[-1] += "no spills%s." % ((", %d vmov" % n["mov"]) if n["mov"] else "")
    txt += [" * In: plane k in %s; out: plane k in %s." % (", ".join("q%d" % r for r in inr), ", ".join(planes)),
            " * u<i> = plane 7-i (u0 the top bit), s<i> = output plane 7-i.",
            " */",
            ".macro\tsbox_%s" % direction]
    txt += emit(code, direction)
    txt.append(".endm")
    return "\n".join(txt) + "\n", planes

def generate(tries, keep, inr):
    """The S-box register map (#defines) and the sbox_enc / sbox_dec macros."""
    import os
    res = {}
    for direction in ("enc", "dec"):
        code, final, nslots, start, nadd = build(direction, inr, list(range(8, 16)),
                                                 tries=tries, keep=keep,
                                                 lat_w=float(os.environ.get("ARM_LATW", "0")))
        txt, planes = macro_text(direction, code, final, nslots, start, nadd, inr)
        res[direction] = (txt, planes, nslots, start)
    sbox_inc = res["enc"][0] + "\n" + res["dec"][0]
    # the forward outputs also as d-register pairs, the vtbl tables of the
    # fixsliced rounds' R1' and of the last round's byte permutation
    dpairs = ["d%d-d%d" % (2 * int(q[1:]), 2 * int(q[1:]) + 1) for q in res["enc"][1]]
    sbox_map = "#define ENC_SB_OUT %s\n#define ENC_SB_OUT_D %s\n#define DEC_SB_OUT %s\n#define SPILL_SLOTS %d\n" % (
        ", ".join(res["enc"][1]), ", ".join(dpairs), ", ".join(res["dec"][1]),
        max(res["enc"][2], res["dec"][2]))
    for d in ("enc", "dec"):
        for j, x in enumerate(PTRS):
            sbox_map += "#define %s_%s0 %d\n" % (d.upper(), x.upper(), 16 * res[d][3][j])
    return sbox_map, sbox_inc

if __name__ == "__main__":
    import os, difflib
    # python3 gen.py [tries [keep]] [remat]   splices the generated S-box map
    #     and macros into ../../../arm/aes-neonbs-core.S (the rest is kept)
    # python3 gen.py --check                  the same generation into memory:
    #     exits 1 (and prints the difference) when the committed core is not
    #     what the generator makes with its defaults
    check = "--check" in sys.argv
    args = [a for a in sys.argv[1:] if a not in ("remat", "--check")]
    tries = int(args[0]) if len(args) > 0 else 300
    keep = int(args[1]) if len(args) > 1 else 12
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "..", "arm", "aes-neonbs-core.S")
    core = open(path).read()
    sbox_map, sbox_inc = generate(tries, keep, [8, 9, 10, 11, 12, 13, 14, 0])
    new = splice(splice(core, sbox_map, MAP_BEGIN, MAP_END), sbox_inc, SBOX_BEGIN, SBOX_END)
    if check:
        if new != core:
            sys.stdout.writelines(difflib.unified_diff(core.splitlines(True), new.splitlines(True),
                                                       "arm/aes-neonbs-core.S", "generated"))
            print("gen.py --check: arm/aes-neonbs-core.S differs from the generator's output",
                  file=sys.stderr)
            sys.exit(1)
        print("gen.py --check: arm/aes-neonbs-core.S is the generator's output", file=sys.stderr)
    elif new != core:
        open(path, "w").write(new)
