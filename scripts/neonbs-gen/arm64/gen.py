import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import sys, random
sys.path.insert(0, HERE)
exec(open(HERE + '/circ.py').read().split("print(\"forward circuit")[0])
exec("#" + "\n".join(l for l in open(HERE + "/circ.py").read().split("# --- linear forms")[1].splitlines() if not l.startswith('print')))
import itertools, functools

def paar_rand(targets, nin, names_in, tries=3000, seed=1):
    rnd = random.Random(seed)
    best = None
    for t in range(tries):
        sigs = [1 << i for i in range(nin)]
        names = list(names_in); prog = []
        cur = {k: {i for i in range(nin) if m >> i & 1} for k, m in targets.items()}
        while True:
            cnt = {}
            for s in cur.values():
                for p in itertools.combinations(sorted(s), 2):
                    cnt[p] = cnt.get(p, 0) + 1
            if not cnt: break
            mx = max(cnt.values())
            cands = [p for p, c in cnt.items() if c == mx]
            i, j = rnd.choice(cands) if t else min(cands)
            new = len(sigs); sigs.append(sigs[i] ^ sigs[j])
            nm = 'x%d' % new
            names.append(nm); prog.append((nm, names[i], names[j]))
            for s in cur.values():
                if i in s and j in s: s -= {i, j}; s.add(new)
        if best is None or len(prog) < len(best[0]):
            alias = {k: names[next(iter(s))] for k, s in cur.items()}
            best = (prog, alias)
    return best

# the layers that may take slp.py's program (if shorter than Paar's), and
# soft depth limits for them; the defaults are the committed arm64 core's
# (measured with llvm-mca against the alternatives: see its header)
SLP_LAYERS = _os.environ.get('CTNEON_SLP', 'ftop,fbot,itop,ibot,ibot16').split(',')
SLP_DEPTH = {k: int(v) for k, v in (x.split('=') for x in
             _os.environ.get('CTNEON_SLP_DEPTH', 'ftop=4,itop=4,ibot=4').split(',') if x)}
def lin_prog(targets, nin, names_in, prefix, tries, layer):
    # the shorter of greedy pair counting and the distance heuristic (slp.py),
    # for the layers named in CTNEON_SLP
    prog, alias = paar_rand(targets, nin, names_in, tries)
    if layer in SLP_LAYERS:
        from slp import bp_synth_cached
        p2, a2 = bp_synth_cached(targets, nin, names_in,
                                 maxdepth=SLP_DEPTH.get(layer, 99))
        if len(p2) < len(prog):
            prog, alias = p2, a2
    # rename intermediate names with prefix; final targets get their names
    ren = {}
    for k, a in alias.items():
        if a in names_in:
            ren.setdefault(a, None)
    out = []
    inv = {}
    for k, a in alias.items(): inv.setdefault(a, []).append(k)
    for d, a, b in prog:
        nd = inv[d][0] if d in inv else prefix + d
        ren[d] = nd
        out.append((nd, ren.get(a) or a, ren.get(b) or b))
    # targets that alias an input directly (e.g. U7) or another target
    copies = {}
    for k, a in alias.items():
        src = ren.get(a) or a
        if src != k: copies[k] = src
    return out, copies

TRIES = int(sys.argv[1]) if len(sys.argv) > 1 else 300
# forward: top over planes P0..P7 (U_j = P_{7-j}), bottom to Q0..Q7 (plane i = S_{7-i})
ftop_t = {s: tf[s] for s in MIDIN}
itop_t = {s: apply_form_comp(tf[s], Linv) for s in MIDIN}
fbot_t = {'Q%d' % i: bf['S%d' % (7 - i)] for i in range(8)}
ibot_t = {}
for i in range(8):
    m = 0
    for k in range(8):
        if Linv(1 << k) >> i & 1: m ^= bf['S%d' % (7 - k)]
    ibot_t['Q%d' % i] = m
P = ['P%d' % i for i in range(8)]
def sbox_prog(topt, bott, d, bot=None):
    tp, tc = lin_prog(topt, 8, P, 'a', TRIES, d + 'top')
    bp, bc = lin_prog(bott, 18, MOUT, 'b', TRIES, bot or d + 'bot')
    prog = [('eor', d, a, b) for d, a, b in tp]
    for d, op, a, b in mid:
        prog.append(('eor' if op == '^' else 'and', d, tc.get(a, a), tc.get(b, b)))
    prog += [('eor', d, a, b) for d, a, b in bp]
    assert not bc, bc
    return prog
FWD = sbox_prog(ftop_t, fbot_t, 'f')
INVP = sbox_prog(itop_t, ibot_t, 'i')
# The decryption round's InvS-box with the 4 and 5 of circ(05, 00, 04, 00)
# folded into its bottom layer: outputs B = 4*A and C = 5*A (GF(2^8), per
# byte) of A = InvS(x ^ 0x63), 16 linear forms of the 18 middle products
# synthesised together (4*A on the planes: A shifted up two planes with
# x^8 = x^4 + x^3 + x + 1 and x^9 reduced).
def _four(m):
    x = lambda *ks: functools.reduce(lambda u, k: u ^ m[k], ks, 0)
    return [x(6), x(6, 7), x(0, 7), x(1, 6), x(2, 6, 7), x(3, 7), x(4), x(5)]
_ia = [ibot_t['Q%d' % i] for i in range(8)]
ibot16_t = {}
for i, b in enumerate(_four(_ia)):
    ibot16_t['B%d' % i] = b
    ibot16_t['C%d' % i] = b ^ _ia[i]
INV16 = sbox_prog(itop_t, ibot16_t, 'i', 'ibot16')
def check(prog, f):
    for x in range(256):
        env = {'P%d' % i: x >> i & 1 for i in range(8)}
        for op, d, a, b in prog:
            env[d] = env[a] ^ env[b] if op == 'eor' else env[a] & env[b]
        assert sum(env['Q%d' % i] << i for i in range(8)) == f(x)
check(FWD, lambda x: SBOX[x] ^ 0x63)
check(INVP, lambda x: INV[x ^ 0x63])
for _x in range(256):
    _env = {'P%d' % i: _x >> i & 1 for i in range(8)}
    for _op, _d, _a, _b in INV16:
        _env[_d] = _env[_a] ^ _env[_b] if _op == 'eor' else _env[_a] & _env[_b]
    _y = INV[_x ^ 0x63]
    assert sum(_env['B%d' % i] << i for i in range(8)) == gmul(_y, 4)
    assert sum(_env['C%d' % i] << i for i in range(8)) == gmul(_y, 5)
print("// gates: forward", len(FWD), "inverse", len(INVP), "inverse with 4, 5:", len(INV16), file=sys.stderr)

# ---------------------------------------------------------------- rounds
def xtime_out(prog, t, u, out):
    # out_i = u_i ^ (x * t)_i ; x*t: bit0=t7, 1=t0^t7, 2=t1, 3=t2^t7, 4=t3^t7, 5..7=t4..t6
    for i in (1, 3, 4):
        prog.append(('eor', u[i] + "'", u[i], t[7]))
        u[i] = u[i] + "'"
    src = {0: t[7], 1: t[0], 2: t[1], 3: t[2], 4: t[3], 5: t[4], 6: t[5], 7: t[6]}
    for i in range(8):
        prog.append(('eor', out[i], u[i], src[i]))

def mixcolumns(prog, a, out, pre='', r1='R1', r2=None):
    """out = MixColumns(a): r = R1(a) by tbl (index r1), t = a ^ r,
    out = x*t ^ r ^ R2(t), R2 = rev32 .8h, or a tbl by index r2 (the R2'
    of an odd fixsliced round)"""
    r = [pre + 'r%d' % i for i in range(8)]
    t = [pre + 't%d' % i for i in range(8)]
    u = [pre + 'u%d' % i for i in range(8)]
    for i in range(8):
        prog.append(('tbl', r[i], a[i], r1))
    for i in range(8):
        prog.append(('eor', t[i], a[i], r[i]))
    for i in range(8):
        if r2: prog.append(('tbl', pre + 'w%d' % i, t[i], r2))
        else: prog.append(('rev32', pre + 'w%d' % i, t[i], None))
        prog.append(('eor', u[i], r[i], pre + 'w%d' % i))
    xtime_out(prog, t, u, out)

def keyload(prog, pre):
    k = [pre + 'k%d' % i for i in range(8)]
    for i in range(0, 8, 2):
        prog.append(('ldp', k[i], k[i + 1], None))
    return k

OUT = ['o%d' % i for i in range(8)]
R1IDX_FS = [4 * c + (r + 1) % 4 for c in range(4) for r in range(4)]
def enc_round():
    prog = list(FWD)
    a = ['sa%d' % i for i in range(8)]
    r = ['sr%d' % i for i in range(8)]
    for i in range(8):
        prog.append(('tbl', a[i], 'Q%d' % i, 'SR'))
        prog.append(('tbl', r[i], 'Q%d' % i, 'SRR1'))
    t = ['t%d' % i for i in range(8)]; u = ['u%d' % i for i in range(8)]
    for i in range(8):
        prog.append(('eor', t[i], a[i], r[i]))
    k = keyload(prog, '')
    for i in range(8):
        prog.append(('rev32', 'w%d' % i, t[i], None))
        prog.append(('eor', 'v%d' % i, r[i], 'w%d' % i))
        prog.append(('eor', u[i], 'v%d' % i, k[i]))
    xtime_out(prog, t, u, OUT)
    return prog

def enc_last():
    prog = list(FWD)
    k = keyload(prog, '')
    for i in range(8):
        prog.append(('tbl', 'a%d' % i, 'Q%d' % i, 'SR'))
        prog.append(('eor', OUT[i], 'a%d' % i, k[i]))
    return prog

def premix_05_04(prog, a, r2tbl):
    """s = circ(05, 00, 04, 00) a = a ^ 4 (a ^ R2 a), R2 by rev32 (or by tbl
    with the index R2O: R2' of an odd fixsliced round); returns s"""
    w = ['w%d' % i for i in range(8)]
    for i in range(8):
        if r2tbl: prog.append(('tbl', 'ww%d' % i, a[i], 'R2O'))
        else: prog.append(('rev32', 'ww%d' % i, a[i], None))
        prog.append(('eor', w[i], a[i], 'ww%d' % i))
    # 4w on the planes: w shifted up two planes, x^8 and x^9 reduced
    b = {0: w[6], 6: w[4], 7: w[5]}
    prog.append(('eor', 'b1', w[6], w[7])); b[1] = 'b1'
    prog.append(('eor', 'b2', w[0], w[7])); b[2] = 'b2'
    prog.append(('eor', 'b3', w[1], w[6])); b[3] = 'b3'
    prog.append(('eor', 'b4', w[2], 'b1')); b[4] = 'b4'
    prog.append(('eor', 'b5', w[3], w[7])); b[5] = 'b5'
    s = ['s%d' % i for i in range(8)]
    for i in range(8):
        prog.append(('eor', s[i], a[i], b[i]))
    return s

def dec_round():
    prog = list(INVP)
    k = keyload(prog, '')
    a = ['sa%d' % i for i in range(8)]
    for i in range(8):
        prog.append(('tbl', 'q%d' % i, 'Q%d' % i, 'SR'))
        prog.append(('eor', a[i], 'q%d' % i, k[i]))
    s = premix_05_04(prog, a, False)
    mixcolumns(prog, s, OUT, pre='m')
    return prog

def dec_last():
    prog = list(INVP)
    k = keyload(prog, '')
    for i in range(8):
        prog.append(('tbl', 'a%d' % i, 'Q%d' % i, 'SR'))
        prog.append(('eor', OUT[i], 'a%d' % i, k[i]))
    return prog

# ------------------------------------------------- fixsliced rounds (2026-12-04)
# ShiftRows is not applied in the middle rounds.  The state after round j is
# kept as Q_j(x_j), a byte permutation of the true state x_j:
#     encryption  Q_j = ShiftRows^-j      decryption  Q_j = ShiftRows^j
# SubBytes and AddRoundKey act on each byte alone and commute with Q_j, so
# round j needs MixColumns conjugated by Q_j (MC' = Q_j MC Q_j^-1, whose row
# rotations R1' = Q_j R1 Q_j^-1 and R2' = Q_j R2 Q_j^-1 are byte
# permutations again: one tbl each, and R2' = R2 = rev32 .8h for even j) and
# the round key permuted by Q_j at conversion.  The last round applies the
# permutation left over, ShiftRows^Nr (the identity for Nr = 12), after its
# key: out = SR^Nr (y ^ Q_Nr(rk)).  Per round: 8 tbl (R1') + 8 rev32 or tbl
# (R2') instead of 16 tbl + 8 rev32.
def enc_round_fs(odd):
    prog = list(FWD)
    y = ['Q%d' % i for i in range(8)]
    r = ['r%d' % i for i in range(8)]
    t = ['t%d' % i for i in range(8)]; u = ['u%d' % i for i in range(8)]
    for i in range(8):
        prog.append(('tbl', r[i], y[i], 'R1X'))
    for i in range(8):
        prog.append(('eor', t[i], y[i], r[i]))
    k = keyload(prog, '')
    for i in range(8):
        if odd: prog.append(('tbl', 'w%d' % i, t[i], 'R2O'))
        else: prog.append(('rev32', 'w%d' % i, t[i], None))
        prog.append(('eor', 'v%d' % i, r[i], 'w%d' % i))
        prog.append(('eor', u[i], 'v%d' % i, k[i]))
    xtime_out(prog, t, u, OUT)
    return prog

def last_fs(fwd):
    prog = list(FWD if fwd else INVP)
    k = keyload(prog, '')
    for i in range(8):
        prog.append(('eor', 'a%d' % i, 'Q%d' % i, k[i]))
        prog.append(('tbl', OUT[i], 'a%d' % i, 'SRN'))
    return prog

def dec_round_fs(odd):
    """InvMixColumns' = MixColumns' o circ(05, 00, 04, 00)', and
    circ'(A ^ k) = 5A ^ R2'(4A) ^ circ'(k): the InvS-box gives B = 4A and
    C = 5A, the key is stored as circ'(k) (ctneon_bs_convert_key)"""
    prog = list(INV16)
    k = keyload(prog, '')
    s = ['s%d' % i for i in range(8)]
    for i in range(8):
        if odd: prog.append(('tbl', 'rb%d' % i, 'B%d' % i, 'R2O'))
        else: prog.append(('rev32', 'rb%d' % i, 'B%d' % i, None))
        prog.append(('eor', 'sc%d' % i, 'C%d' % i, 'rb%d' % i))
        prog.append(('eor', s[i], 'sc%d' % i, k[i]))
    mixcolumns(prog, s, OUT, 'm', 'R1X', 'R2O' if odd else None)
    return prog

# byte permutations as tbl indices: perm(x)[k] = x[idx[k]]
def pcompose(f, g):
    """index of the map x -> f(g(x))"""
    return [g[f[k]] for k in range(16)]
def ppow(p, n):
    r = list(range(16))
    for _ in range(n % 4): r = pcompose(p, r)
    return r
def fs_index(Q):
    """R1' = Q R1 Q^-1 and R2' = Q R2 Q^-1 for the storage map Q"""
    Qinv = [Q.index(k) for k in range(16)]
    R2 = [k ^ 2 for k in range(16)]
    r1 = pcompose(Q, pcompose(R1IDX_FS, Qinv))
    r2 = pcompose(Q, pcompose(R2, Qinv))
    return r1, r2

# ----------------------------------------------------- simulate (numpy-free)
def simulate(prog, inp, consts, keys):
    env = dict(('P%d' % i, inp[i]) for i in range(8))
    ki = iter(keys)
    for op, d, a, b in prog:
        if op == 'eor': env[d] = bytes(x ^ y for x, y in zip(env[a], env[b]))
        elif op == 'and': env[d] = bytes(x & y for x, y in zip(env[a], env[b]))
        elif op == 'tbl': env[d] = bytes(env[a][j] for j in consts[b])
        elif op == 'rev32': env[d] = bytes(env[a][j ^ 2] for j in range(16))
        elif op == 'ldp': env[d] = next(ki); env[a] = next(ki)
    return [env[o] for o in OUT]

# ----------------------------------------------------- scheduling + allocation
def schedule(prog, lat, maxlive, noise=0, seed=0):
    """list scheduling: keep dependences; pick ready op with longest path,
    subject to a live-value limit."""
    n = len(prog)
    defs = {}
    for idx, (op, d, a, b) in enumerate(prog):
        defs[d] = idx
        if op == 'ldp': defs[a] = idx
    def srcs(ins):
        op, d, a, b = ins
        if op == 'ldp': return []
        s = [a] + ([b] if b and op != 'tbl' else [])
        return s
    deps = [[defs[s] for s in srcs(ins) if s in defs] for ins in prog]
    lds = [i for i, ins in enumerate(prog) if ins[0] == 'ldp']
    for x, y in zip(lds, lds[1:]): deps[y].append(x)
    # the round key is loaded after the S-box's last AND: loaded earlier
    # its eight registers are held through the whole S-box (the smaller
    # circuit keeps 22 linear forms live up to its last AND layer)
    ands = [i for i, ins in enumerate(prog) if ins[0] == 'and']
    if lds and ands: deps[lds[0]].append(ands[-1])
    users = [[] for _ in range(n)]
    for i, ds in enumerate(deps):
        for d in ds: users[d].append(i)
    # keyloads must stay in order
    prio = [0] * n
    for i in reversed(range(n)):
        prio[i] = lat(prog[i]) + max([prio[u] for u in users[i]], default=0)
    rr = random.Random(seed)
    prio = [p + rr.random() * noise for p in prio]
    remaining_uses = {}
    for ins in prog:
        for s in srcs(ins): remaining_uses[s] = remaining_uses.get(s, 0) + 1
    done = [False] * n; ready_time = [0] * n
    order = []; live = set('P%d' % i for i in range(8)); cyc = 0
    ndeps = [len(set(d)) for d in deps]
    while len(order) < n:
        cands = [i for i in range(n) if not done[i] and all(done[d] for d in deps[i])]
        def delta(i):
            ins = prog[i]
            freed = sum(1 for s in set(srcs(ins)) if remaining_uses.get(s) == srcs(ins).count(s))
            return (2 if ins[0] == 'ldp' else 1) - freed
        ok = [i for i in cands if len(live) + delta(i) <= maxlive]
        if not ok:
            md = min(delta(i) for i in cands)
            ok = [i for i in cands if delta(i) == md]
        # prefer ops whose inputs are ready now, then priority
        rt = lambda i: max(cyc, max([ready_time[d] for d in deps[i]], default=0))
        ok.sort(key=lambda i: (rt(i), -prio[i], i))
        i = ok[0]
        done[i] = True; order.append(prog[i])
        st = max([ready_time[d] for d in deps[i]], default=0)
        cyc = max(cyc, st) + 1
        ready_time[i] = cyc + lat(prog[i]) - 1
        ins = prog[i]
        for s in srcs(ins):
            remaining_uses[s] -= 1
            if remaining_uses[s] == 0: live.discard(s)
        live.add(ins[1])
        if ins[0] == 'ldp': live.add(ins[2])
    return order

def allocate(prog, inputs, outputs, pool):
    """inputs: name->reg at entry; outputs: name->reg required."""
    n = len(prog)
    last = {}
    defpos = {}
    for idx, (op, d, a, b) in enumerate(prog):
        for s in ([a, b] if op in ('eor', 'and') else [a] if op in ('tbl', 'rev32') else []):
            last[s] = idx
        defpos[d] = idx
        if op == 'ldp': defpos[a] = idx
    pinpos = {outputs[o]: defpos[o] for o in outputs}
    reg = dict(inputs)
    free = [r for r in pool if r not in inputs.values()]
    out = []
    for idx, (op, d, a, b) in enumerate(prog):
        srcs = [a, b] if op in ('eor', 'and') else [a] if op in ('tbl', 'rev32') else []
        sr = [reg[s] for s in srcs]
        for s in set(srcs):
            if last[s] == idx: free.append(reg[s])
        dsts = [d, a] if op == 'ldp' else [d]
        dr = []
        for x in dsts:
            if x in outputs:
                r = outputs[x]
                assert r in free, (x, r, idx)
            else:
                end = last.get(x, idx)
                c = [r for r in free if r not in pinpos or pinpos[r] >= end]
                assert c, (x, idx)
                # prefer registers not pinned; else the one whose pin is latest
                c.sort(key=lambda r: (r in pinpos, -pinpos.get(r, 0), pool.index(r)))
                r = c[0]
            free.remove(r); reg[x] = r; dr.append(r)
        # values defined but never used (shouldn't happen)
        out.append((op, dr, sr, d, a, b))
    return out, reg

SRIDX = [4 * ((c + r) % 4) + r for c in range(4) for r in range(4)]
ISRIDX = [4 * ((c - r) % 4) + r for c in range(4) for r in range(4)]
R1IDX = [4 * c + (r + 1) % 4 for c in range(4) for r in range(4)]
SRR1 = [SRIDX[R1IDX[k]] for k in range(16)]

TBLREG = {'SR': 'vsr', 'SRR1': 'vsrr1', 'R1': 'vr1', 'R1X': 'vr1x', 'R2O': 'vr2o', 'SRN': 'vsrn'}
def emit(name, prog, comment, npool=30, args=''):
    pool = ['v%d' % i for i in range(npool)]
    inputs = {'P%d' % i: 'v%d' % i for i in range(8)}
    outputs = {'o%d' % i: 'v%d' % i for i in range(8)}
    al, reg = allocate(prog, inputs, outputs, pool)
    lines = ['', '\t/* %s */' % comment, ('\t.macro\t%s, %s' % (name, args)) if args else '\t.macro\t%s' % name]
    nld = 0
    if 'r1off' in args:
        lines.append('\tldr\tq31, [fsidx, #\\r1off]\t\t// vr1x: R1\' of this round')
    for op, dr, sr, d, a, b in al:
        if op in ('eor', 'and'):
            lines.append('\t%s\t%s.16b, %s.16b, %s.16b' % (op, dr[0], sr[0], sr[1]))
        elif op == 'tbl':
            lines.append('\ttbl\t%s.16b, {%s.16b}, %s.16b' % (dr[0], sr[0], TBLREG[b]))
        elif op == 'rev32':
            lines.append('\trev32\t%s.8h, %s.8h' % (dr[0], sr[0]))
        elif op == 'ldp':
            off = ('\\koff + %d' if 'koff' in args else '%d') % (32 * nld)
            lines.append('\tldp\t%s, %s, [rk, #%s]' % (dr[0].replace('v', 'q'), dr[1].replace('v', 'q'), off))
            nld += 1
    if 'koff' not in args:
        lines.append('\tadd\trk, rk, #128')
    lines.append('\t.endm')
    return lines, len(al)

# byte-level models of one column's MixColumns and InvMixColumns
def mc_col(c):
    return [gmul(c[0],2)^gmul(c[1],3)^c[2]^c[3], c[0]^gmul(c[1],2)^gmul(c[2],3)^c[3],
            c[0]^c[1]^gmul(c[2],2)^gmul(c[3],3), gmul(c[0],3)^c[1]^c[2]^gmul(c[3],2)]
def imc_col(c):
    return [gmul(c[0],14)^gmul(c[1],11)^gmul(c[2],13)^gmul(c[3],9), gmul(c[0],9)^gmul(c[1],14)^gmul(c[2],11)^gmul(c[3],13),
            gmul(c[0],13)^gmul(c[1],9)^gmul(c[2],14)^gmul(c[3],11), gmul(c[0],11)^gmul(c[1],13)^gmul(c[2],9)^gmul(c[3],14)]

if __name__ == '__main__':
    import os
    lat = lambda ins: 4 if ins[0] == 'ldp' else 3 if ins[0] in ('tbl',) else 2
    ML = int(os.environ.get('MAXLIVE', '28'))
    progs = [('enc_round', enc_round(), 'one middle encryption round'),
             ('enc_last', enc_last(), 'the last encryption round'),
             ('dec_round', dec_round(), 'one middle decryption round'),
             ('dec_last', dec_last(), 'the last decryption round')]
    # self-check of the round programs against a byte-level model
    rnd = random.Random(5)
    import functools
    def bits_to_planes(blocks):  # blocks: 8 x 16 bytes -> planes
        return [bytes(sum(((blocks[b][k] >> i) & 1) << b for b in range(8)) for k in range(16)) for i in range(8)]
    def planes_to_bits(pl):
        return [bytes(sum(((pl[i][k] >> b) & 1) << i for i in range(8)) for k in range(16)) for b in range(8)]
    def colmap(blk, f):
        o = []
        for c in range(4): o += f(list(blk[4*c:4*c+4]))
        return bytes(o)
    consts = {'SR': SRIDX, 'SRR1': SRR1, 'R1': R1IDX}
    blocks = [bytes(rnd.randrange(256) for _ in range(16)) for _ in range(8)]
    key = bytes(rnd.randrange(256) for _ in range(16))
    kpl = [bytes(0xff if key[k] >> i & 1 else 0 for k in range(16)) for i in range(8)]
    k63 = [bytes(x ^ (0xff if 0x63 >> i & 1 else 0) for x in kpl[i]) for i in range(8)]
    for name, prog, _ in progs:
        sched = schedule(prog, lat, ML)
        for pr in (prog, sched):
            res = planes_to_bits(simulate(pr, bits_to_planes(blocks), consts, k63 if name != 'x' else kpl))
            for b in range(8):
                x = blocks[b]
                if name.startswith('enc'):
                    s = bytes(SBOX[v] for v in x); s = bytes(s[j] for j in SRIDX)
                    if name == 'enc_round': s = colmap(s, mc_col)
                    exp = bytes(v ^ w for v, w in zip(s, key))
                else:
                    s = bytes(INV[v ^ 0x63] for v in x); s = bytes(s[j] for j in SRIDX)
                    s = bytes(v ^ w ^ 0x63 for v, w in zip(s, key))
                    if name == 'dec_round': s = colmap(s, imc_col)
                    exp = s
                assert res[b] == exp, (name, b, res[b].hex(), exp.hex(), pr is prog)
    print("round models ok", file=sys.stderr)
    total = {}
    for name, prog, cm in progs:
        sched = schedule(prog, lat, ML)
        lines, cnt = emit(name, sched, cm + ' (%d instructions)' % len(sched))
        total[name] = cnt
        print('\n'.join(lines))
    print(total, file=sys.stderr)
    print("SR", SRIDX, "ISR", ISRIDX, "R1", R1IDX, "SRR1", SRR1, file=sys.stderr)
