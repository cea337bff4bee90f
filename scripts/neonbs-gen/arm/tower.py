#!/usr/bin/python3
# The tower-field S-box circuits for arm: GF(2^8) as GF(16)[Y]/(Y^2+Y+nu),
# GF(16) as GF(4)[Z]/(Z^2+Z+N), GF(4) as GF(2)[W]/(W^2+W+1), each over a
# normal basis ({Y^16, Y}, {Z^4, Z}, {W^2, W}).  Inversion in a normal
# basis of a quadratic extension: for x = g1 Y^16 + g0 Y,
#   d = g1 g0 + nu (g1 + g0)^2,   1/x = (g0/d) Y^16 + (g1/d) Y,
# and the same one level down (1/d in GF(16) through GF(4), where the
# inverse is the square: swap the two bits).  The circuit keeps only the
# eight bits of x (g1, g0) across the inversion and recomputes the sums of
# bits its multiplications need afterwards, so it runs in 16 registers:
# 8 for x, 8 for everything else.
#
# The circuits are SSA gate lists (dest, op, a, b), op "xor", "and" or "or"
# over the inputs U0..U7 (U<i> = bit 7-i) with outputs S0..S7 (bit 7-i), as
# gen.py reads them:  forward S(x) ^ 0x63,  inverse InvS(u ^ 0x63).
# python3 tower.py [seeds] prints the best parameter choices (gates, depth).
import random

def gmul(a, b):
    r = 0
    while b:
        if b & 1: r ^= a
        a = ((a << 1) ^ (0x11b if a & 0x80 else 0)) & 0x1ff
        b >>= 1
    return r & 0xff

# ---------------------------------------------------------------- fields
# GF(4): 2 bits (h, l) = h W^2 + l W.  GF(16): (A1, A0) = A1 Z^4 + A0 Z,
# A1 in bits 3-2.  GF(256): (g1, g0) = g1 Y^16 + g0 Y, g1 in bits 7-4.
def m4(x, y):
    xh, xl, yh, yl = x >> 1, x & 1, y >> 1, y & 1
    c = (xh ^ xl) & (yh ^ yl)
    return (((xh & yh) ^ c) << 1) | ((xl & yl) ^ c)

def m16(a, b, N):
    a1, a0, b1, b0 = a >> 2, a & 3, b >> 2, b & 3
    e = m4(N, m4(a1 ^ a0, b1 ^ b0))
    return ((m4(a1, b1) ^ e) << 2) | (m4(a0, b0) ^ e)

def m256(a, b, N, nu):
    a1, a0, b1, b0 = a >> 4, a & 15, b >> 4, b & 15
    e = m16(nu, m16(a1 ^ a0, b1 ^ b0, N), N)
    return ((m16(a1, b1, N) ^ e) << 4) | (m16(a0, b0, N) ^ e)

def params():
    """(N, nu): N in GF(4) and nu in GF(16) making the quadratics
    irreducible (no root in the smaller field)."""
    out = []
    for N in (1, 2):
        assert all((m4(z, z) ^ z) != N for z in range(4))
        for nu in range(16):
            if all((m16(y, y, N) ^ y) != nu for y in range(16)):
                out.append((N, nu))
    return out

def iso(N, nu):
    """The images of 1, x, ..., x^7 for each root of the AES polynomial in
    the tower field: the isomorphisms phi (as lists of column images)."""
    res = []
    for r in range(256):
        p = [0] * 9
        # 1 in the tower: (1, 1) at every level (W + W^2 = 1, Z + Z^4 = 1, ...)
        p[0] = 0xff
        for i in range(1, 9): p[i] = m256(p[i - 1], r, N, nu)
        if p[8] ^ p[4] ^ p[3] ^ p[1] ^ p[0] == 0:
            res.append(p[:8])
    return res

def apply(cols, x):
    v = 0
    for i in range(8):
        if (x >> i) & 1: v ^= cols[i]
    return v

def inv_cols(cols):
    """The inverse of the linear map with column images cols."""
    tab = {apply(cols, x): x for x in range(256)}
    assert len(tab) == 256
    return [tab[1 << i] for i in range(8)]

AFF = [0] * 8                       # the linear part of the AES affine map
for i in range(8):
    b = 1 << i; s = 0
    for k in range(5): s ^= ((b << k) | (b >> (8 - k))) & 0xff
    AFF[i] = s

def compose(f, g):                  # f after g, both as column images
    return [apply(f, g[i]) for i in range(8)]

# ------------------------------------------------------------ the builder
class Prog:
    def __init__(self):
        self.ops = []; self.n = 0; self.depth = {}
    def new(self, op, a, b, name=None):
        if name is None:
            self.n += 1; name = "G%d" % self.n
        self.ops.append((name, op, a, b))
        self.depth[name] = max(self.depth.get(a, 0), self.depth.get(b, 0)) + 1
        return name

def paar(prog, names, rows, rng, out_names=None):
    """XOR program for the rows (bit masks over names) by Paar's greedy
    pairing (ties broken by the shallower pair, then at random); returns
    the name of each row."""
    cols = list(names)
    rows = [set(i for i in range(len(names)) if (r >> i) & 1) for r in rows]
    for r in rows: assert r
    while True:
        cnt = {}
        for r in rows:
            if len(r) < 2: continue
            s = sorted(r)
            for i in range(len(s)):
                for j in range(i + 1, len(s)):
                    cnt[(s[i], s[j])] = cnt.get((s[i], s[j]), 0) + 1
        if not cnt: break
        top = max(cnt.values())
        dep = lambda k: max(prog.depth.get(cols[k[0]], 0), prog.depth.get(cols[k[1]], 0))
        ks = sorted(k for k, v in cnt.items() if v == top)
        low = min(dep(k) for k in ks)
        i, j = rng.choice([k for k in ks if dep(k) == low])
        # a row that is exactly this pair and is an output takes its name
        nm = None
        if out_names:
            for k, r in enumerate(rows):
                if r == {i, j} and out_names[k] and out_names[k] not in cols:
                    nm = out_names[k]; break
        cols.append(prog.new("xor", cols[i], cols[j], nm))
        c = len(cols) - 1
        for r in rows:
            if i in r and j in r: r.discard(i); r.discard(j); r.add(c)
    return [cols[next(iter(r))] for r in rows]

def lin_rows(cols_of_output, nin):
    """Rows of a linear map given as column images: row j = mask over inputs."""
    return [sum(((cols_of_output[i] >> j) & 1) << i for i in range(nin)) for j in range(8)]

# the nine forms of a GF(16) operand that a multiplication ANDs: masks over
# its bits (3 = A1h, 2 = A1l, 1 = A0h, 0 = A0l)
FORMS = (8, 4, 12, 2, 1, 3, 10, 5, 15)

def mul16_terms(N):
    """Output bit j (3..0) of a GF(16) product as the set of forms f whose
    products f(A) f(B) it sums."""
    # a term f is the function (A, B) -> f(A) f(B) on all operand pairs;
    # the set is found by trying the subsets
    funcs = {f: [((bin(a & f).count("1") & 1) & (bin(b & f).count("1") & 1))
                 for a in range(16) for b in range(16)] for f in FORMS}
    out = {}
    for j in range(4):
        want = [(m16(a, b, N) >> j) & 1 for a in range(16) for b in range(16)]
        for s in range(1 << 9):
            fs = [FORMS[k] for k in range(9) if (s >> k) & 1]
            v = [0] * 256
            for f in fs: v = [x ^ y for x, y in zip(v, funcs[f])]
            if v == want: out[j] = fs; break
        assert j in out
    return out

def mul16_inplace(prog, G, g, N):
    """G * g in GF(16) with at most four values beyond G and g live at any
    time: the forms of G and g are made as they are needed (15 from 10 by
    two more XORs instead of keeping 12 and 3), each product is summed into
    the output bits at once, and g's bits die in the last four products
    (the outputs take their registers).  31 gates: 12 XOR for forms, 9 AND,
    10 XOR of sums."""
    x = prog.new("xor", G[3], G[1]); y = prog.new("xor", g[3], g[1])   # 10
    m10 = prog.new("and", x, y)
    x = prog.new("xor", x, G[2]); x = prog.new("xor", x, G[0])          # 15
    y = prog.new("xor", y, g[2]); y = prog.new("xor", y, g[0])
    m15 = prog.new("and", x, y)
    x = prog.new("xor", G[2], G[0]); y = prog.new("xor", g[2], g[0])   # 5
    m5 = prog.new("and", x, y)
    # e = N (A1 + A0)(B1 + B0): N = W (1): (m10 + m5, m10 + m15);
    # N = W^2 (2): (m5 + m15, m10 + m5)
    if N == 1: eh = prog.new("xor", m10, m5); el = prog.new("xor", m10, m15)
    else: eh = prog.new("xor", m5, m15); el = prog.new("xor", m10, m5)
    x = prog.new("xor", G[3], G[2]); y = prog.new("xor", g[3], g[2])   # 12
    m12 = prog.new("and", x, y)
    o3 = prog.new("xor", prog.new("xor", prog.new("and", G[3], g[3]), m12), eh)
    o2 = prog.new("xor", prog.new("xor", prog.new("and", G[2], g[2]), m12), el)
    x = prog.new("xor", G[1], G[0]); y = prog.new("xor", g[1], g[0])   # 3
    m3 = prog.new("and", x, y)
    o1 = prog.new("xor", prog.new("xor", prog.new("and", G[1], g[1]), m3), eh)
    o0 = prog.new("xor", prog.new("xor", prog.new("and", G[0], g[0]), m3), el)
    return [o0, o1, o2, o3]

def step1(prog, A, B, N, lam, terms):
    """d = A B + nu (A + B)^2 with A and B kept.  Bit j of the product sums
    the products f(A) f(B) of the forms f in terms[j]; bit j of the linear
    part is lam[j](A + B) = f(A) + f(B) for the form f = lam[j], which is
    one of bit j's forms for the nu used here, so bit j takes f(A) | f(B)
    (= f(A) f(B) + f(A) + f(B)) in place of that product (the other bits
    keep the AND).  The forms are made as needed (15 from 12 and 3) and
    every product is summed into its bits at once."""
    assert all(lam[j] in terms[j] for j in range(4)), lam
    need = {}                                 # form -> the bits that take the OR
    for j in range(4): need.setdefault(lam[j], []).append(j)
    acc = [None] * 4
    def prod(f, x, y):
        users = [j for j in range(4) if f in terms[j]]
        vals = {}
        if any(j not in need.get(f, []) for j in users): vals["and"] = prog.new("and", x, y)
        if f in need: vals["or"] = prog.new("or", x, y)
        for j in users:
            v = vals["or" if j in need.get(f, []) else "and"]
            acc[j] = v if acc[j] is None else prog.new("xor", acc[j], v)
    a12 = prog.new("xor", A[3], A[2]); b12 = prog.new("xor", B[3], B[2])
    prod(12, a12, b12)
    a3 = prog.new("xor", A[1], A[0]); b3 = prog.new("xor", B[1], B[0])
    prod(3, a3, b3)
    prod(15, prog.new("xor", a12, a3), prog.new("xor", b12, b3))
    prod(10, prog.new("xor", A[3], A[1]), prog.new("xor", B[3], B[1]))
    prod(5, prog.new("xor", A[2], A[0]), prog.new("xor", B[2], B[0]))
    for f, i in ((8, 3), (4, 2), (2, 1), (1, 0)):
        prod(f, A[i], B[i])
    return acc

def build(direction, N, nu, root, rng):
    prog = Prog()
    phi = root
    if direction == "enc":
        top = phi; bot = compose(AFF, inv_cols(phi))
    else:
        top = compose(phi, inv_cols(AFF)); bot = inv_cols(phi)
    U = ["U%d" % (7 - i) for i in range(8)]          # U[i] = bit i
    # top: x (bits) -> tower bits t[0..7]
    tb = paar(prog, U, lin_rows(top, 8), rng)
    g1 = tb[4:8]; g0 = tb[0:4]
    terms = mul16_terms(N)
    # d = g1 g0 + nu (g1 + g0)^2: the linear part as forms of g1 and g0
    lam = []
    for j in range(4):
        m = 0
        for i in range(4):
            # bit j of nu * s^2 as a function of s's bit i
            s = 1 << i
            if (m16(nu, m16(s, s, N), N) >> j) & 1: m |= 1 << i
        lam.append(m)
    d = step1(prog, g1, g0, N, lam, terms)           # d[j] = bit j
    # 1/d in GF(16): D1 = (d3, d2), D0 = (d1, d0)
    dh1, dl1, dh0, dl0 = d[3], d[2], d[1], d[0]
    s1 = prog.new("xor", dh1, dl1); s0 = prog.new("xor", dh0, dl0)
    so = prog.new("or", s1, s0); sa = prog.new("and", s1, s0)
    if N == 1:      # N = W: e = ((dh1 & dh0) ^ (s1 | s0), (dl1 | dl0) ^ (s1 & s0))
        p = prog.new("and", dh1, dh0); q = prog.new("or", dl1, dl0)
        eh = prog.new("xor", p, so); el = prog.new("xor", q, sa)
    else:           # N = W^2: e = ((dh1 | dh0) ^ (s1 & s0), (dl1 & dl0) ^ (s1 | s0))
        p = prog.new("or", dh1, dh0); q = prog.new("and", dl1, dl0)
        eh = prog.new("xor", p, sa); el = prog.new("xor", q, so)
    # 1/e = e^2 = (el, eh); 1/d = ((1/e) D0, (1/e) D1)
    es = prog.new("xor", eh, el)
    s0b = prog.new("xor", dh0, dl0)
    c0 = prog.new("and", es, s0b)
    G1h = prog.new("xor", prog.new("and", el, dh0), c0)
    G1l = prog.new("xor", prog.new("and", eh, dl0), c0)
    s1b = prog.new("xor", dh1, dl1)
    c1 = prog.new("and", es, s1b)
    G0h = prog.new("xor", prog.new("and", el, dh1), c1)
    G0l = prog.new("xor", prog.new("and", eh, dl1), c1)
    G = [G0l, G0h, G1l, G1h]
    # 1/x = (G g0) Y^16 + (G g1) Y
    o1 = mul16_inplace(prog, G, g0, N)
    o0 = mul16_inplace(prog, G, g1, N)
    ib = o0 + o1                                      # bit i of 1/x
    outs = ["S%d" % (7 - j) for j in range(8)]
    res = paar(prog, ib, lin_rows(bot, 8), rng, outs)
    ops = prog.ops
    ren = {}
    for j in range(8):
        if res[j] != outs[j]: ren[res[j]] = outs[j]
    assert all(not n.startswith("S") or n in outs for n in ren)
    ops = [(ren.get(d_, d_), o, ren.get(a, a), ren.get(b, b)) for d_, o, a, b in ops]
    return ops

def check(ops, direction):
    SB = []
    for x in range(256):
        b = 0
        if x:
            b = next(y for y in range(256) if gmul(x, y) == 1)
        s = 0x63
        for i in range(5): s ^= ((b << i) | (b >> (8 - i))) & 0xff
        SB.append(s)
    INV = [0] * 256
    for x in range(256): INV[SB[x]] = x
    P = [sum(((x >> k) & 1) << x for x in range(256)) for k in range(8)]
    v = {"U%d" % i: P[7 - i] for i in range(8)}
    for d, o, a, b in ops:
        v[d] = v[a] & v[b] if o == "and" else v[a] | v[b] if o == "or" else v[a] ^ v[b]
    for x in range(256):
        out = sum(((v["S%d" % i] >> x) & 1) << (7 - i) for i in range(8))
        want = SB[x] ^ 0x63 if direction == "enc" else INV[x ^ 0x63]
        assert out == want, (direction, x, out, want)

def maxlive(ops, ninputs=8):
    last = {}
    for i, (d, o, a, b) in enumerate(ops):
        last[a] = i; last[b] = i
    live = ninputs; peak = 0
    for i, (d, o, a, b) in enumerate(ops):
        for s in {a, b}:
            if last.get(s) == i and not s.startswith("S"): live -= 1
        live += 1
        peak = max(peak, live)
    return peak

def reorder(ops, rng, window=6):
    """A dependence-respecting order that keeps the live values low: the
    written order, except that an op may be taken up to `window` places
    early when it frees a register (its operands' last use) and all of its
    operands exist; random among equals."""
    defined = {"U%d" % i for i in range(8)}
    uses = {}
    for d, o, a, b in ops:
        for s in {a, b}: uses[s] = uses.get(s, 0) + 1
    left = dict(uses)
    todo = list(ops); out = []
    while todo:
        best = None
        for k, (d, o, a, b) in enumerate(todo[:window]):
            if a not in defined or b not in defined: continue
            kill = sum(1 for s in {a, b} if left[s] == 1 and not s.startswith("S"))
            sc = (kill, -k + rng.random() * 2)
            if best is None or sc > best[0]: best = (sc, k)
        k = best[1]
        d, o, a, b = todo.pop(k)
        for s in {a, b}: left[s] -= 1
        defined.add(d); out.append((d, o, a, b))
    return out

def depth(ops):
    dp = {"U%d" % i: 0 for i in range(8)}
    for d, o, a, b in ops: dp[d] = max(dp[a], dp[b]) + 1
    return max(dp["S%d" % i] for i in range(8))

def search(direction, tries=3):
    """(gates, depth, N, nu, root, seed) of every choice whose written
    order keeps at most 16 values live, fewest gates first."""
    res = []
    for N, nu in params():
        for k, root in enumerate(iso(N, nu)):
            for t in range(tries):
                try: ops = build(direction, N, nu, root, random.Random(t))
                except AssertionError: continue      # nu's linear part not of the forms
                check(ops, direction)
                if maxlive(ops) <= 16:
                    res.append((len(ops), depth(ops), N, nu, k, t))
    return sorted(res)

if __name__ == "__main__":
    import sys
    tries = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    for direction in ("enc", "dec"):
        r = search(direction, tries)
        print(direction, "fewest gates:", r[:4])
        print(direction, "shallowest:", sorted(r, key=lambda x: (x[1], x[0]))[:4])

def fits(ops, live, left, limit=16):
    """Whether ops, in this order, keep at most limit values live, starting
    with the values in live whose remaining use counts are left."""
    left = dict(left); n = len(live)
    for d, o, a, b in ops:
        for s in {a, b}:
            left[s] -= 1
            if left[s] == 0 and not s.startswith("S"): n -= 1
        n += 1
        if n > limit: return False
    return True

def latency_order(ops, lat=3, width=1, limit=16):
    """A list schedule for latency: each step issues, of the ops whose
    operands exist, the one that can start first (operands ready, `width`
    ops a cycle, results `lat` cycles later), the one with the longest path
    to the outputs among equals, provided that the rest in its written order
    still keeps at most `limit` values live (the written order does)."""
    height = {}
    for d, o, a, b in reversed(ops):
        h = height.get(d, 0) + lat
        for s in (a, b): height[s] = max(height.get(s, 0), h)
    uses = {}
    for d, o, a, b in ops:
        for s in {a, b}: uses[s] = uses.get(s, 0) + 1
    ready = {"U%d" % i: 0 for i in range(8)}
    live = set(ready); left = dict(uses)
    todo = list(ops); out = []; cycle = 0; issued = 0
    while todo:
        cands = []
        for k, (d, o, a, b) in enumerate(todo):
            if a in ready and b in ready:
                cands.append((max(ready[a], ready[b], cycle), -height.get(d, 0), k))
        cands.sort()
        for start, _, k in cands:
            d, o, a, b = todo[k]
            l2 = dict(left); lv = set(live)
            for s in {a, b}:
                l2[s] -= 1
                if l2[s] == 0 and not s.startswith("S"): lv.discard(s)
            lv.add(d)
            if len(lv) <= limit and fits(todo[:k] + todo[k + 1:], lv, l2, limit):
                break
        else:
            raise AssertionError("no op fits")
        todo.pop(k); out.append((d, o, a, b)); left = l2; live = lv
        if start > cycle: cycle, issued = start, 0
        ready[d] = cycle + lat
        issued += 1
        if issued == width: cycle, issued = cycle + 1, 0
    return out
