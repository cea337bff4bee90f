# S-box circuits: forward (Boyar-Peralta depth-16 structure), inverse (same
# nonlinear middle, linear layers recomputed with the inverse affine map).
import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import itertools

def gmul(a, b):
    r = 0
    while b:
        if b & 1: r ^= a
        a <<= 1
        if a & 0x100: a ^= 0x11b
        b >>= 1
    return r
def ginv(x):
    return 0 if x == 0 else next(y for y in range(256) if gmul(x, y) == 1)
def rotl(x, n): return ((x << n) | (x >> (8 - n))) & 0xff
def L(x): return x ^ rotl(x,1) ^ rotl(x,2) ^ rotl(x,3) ^ rotl(x,4)
SBOX = [L(ginv(x)) ^ 0x63 for x in range(256)]
INV = [0]*256
for x in range(256): INV[SBOX[x]] = x

TOP = """T1 U0 U3
T2 U0 U5
T3 U0 U6
T4 U3 U5
T5 U4 U6
T6 T1 T5
T7 U1 U2
T8 U7 T6
T9 U7 T7
T10 T6 T7
T11 U1 U5
T12 U2 U5
T13 T3 T4
T14 T6 T11
T15 T5 T11
T16 T5 T12
T17 T9 T16
T18 U3 U7
T19 T7 T18
T20 T1 T19
T21 U6 U7
T22 T7 T21
T23 T2 T22
T24 T2 T10
T25 T20 T17
T26 T3 T16
T27 T1 T12"""
MID = """M1 & T13 T6
M2 & T23 T8
M3 ^ T14 M1
M4 & T19 U7
M5 ^ M4 M1
M6 & T3 T16
M7 & T22 T9
M8 ^ T26 M6
M9 & T20 T17
M10 ^ M9 M6
M11 & T1 T15
M12 & T4 T27
M13 ^ M12 M11
M14 & T2 T10
M15 ^ M14 M11
M16 ^ M3 M2
M17 ^ M5 T24
M18 ^ M8 M7
M19 ^ M10 M15
M20 ^ M16 M13
M21 ^ M17 M15
M22 ^ M18 M13
M23 ^ M19 T25
M24 ^ M22 M23
M25 & M22 M20
M26 ^ M21 M25
M27 ^ M20 M21
M28 ^ M23 M25
M29 & M28 M27
M30 & M26 M24
M31 & M20 M23
M32 & M27 M31
M33 ^ M27 M25
M34 & M21 M22
M35 & M24 M34
M36 ^ M24 M25
M37 ^ M21 M29
M38 ^ M32 M33
M39 ^ M23 M30
M40 ^ M35 M36
M41 ^ M38 M40
M42 ^ M37 M39
M43 ^ M37 M38
M44 ^ M39 M40
M45 ^ M42 M41
M46 & M44 T6
M47 & M40 T8
M48 & M39 U7
M49 & M43 T16
M50 & M38 T9
M51 & M37 T17
M52 & M42 T15
M53 & M45 T27
M54 & M41 T10
M55 & M44 T13
M56 & M40 T23
M57 & M39 T19
M58 & M43 T3
M59 & M38 T22
M60 & M37 T20
M61 & M42 T1
M62 & M45 T4
M63 & M41 T2"""
BOT = """L0 M61 M62
L1 M50 M56
L2 M46 M48
L3 M47 M55
L4 M54 M58
L5 M49 M61
L6 M62 L5
L7 M46 L3
L8 M51 M59
L9 M52 M53
L10 M53 L4
L11 M60 L2
L12 M48 M51
L13 M50 L0
L14 M52 M61
L15 M55 L1
L16 M56 L0
L17 M57 L1
L18 M58 L8
L19 M63 L4
L20 L0 L1
L21 L1 L7
L22 L3 L12
L23 L18 L2
L24 L15 L9
L25 L6 L10
L26 L7 L9
L27 L8 L10
L28 L11 L14
L29 L11 L17
S0 L6 L24
S1 L16 L26
S2 L19 L28
S3 L6 L21
S4 L20 L22
S5 L25 L29
S6 L13 L27
S7 L6 L23"""
TOP_SMALL = """T14 U3 U5
T13 U0 U6
T9 U0 U3
T8 U0 U5
T22 U1 U2
T1 T22 U7
T4 T1 U3
T12 T13 T14
T2 T1 U0
T5 T1 U6
T3 T5 T8
T23 U4 T12
T15 T23 U5
T20 T23 U1
T6 T15 U7
T10 T15 T22
T11 T20 T9
T7 U7 T11
T17 T10 T11
T19 T10 T8
T16 T22 T11
T21 T13 T16
T18 U0 T16"""
MID_SMALL = """M2 & T12 T15
M3 & T3 T6
M4 ^ M3 M2
M5 & T4 U7
M6 ^ M5 M2
M7 & T13 T16
M8 & T5 T1
M9 ^ M8 M7
M10 & T2 T7
M11 ^ M10 M7
M12 & T9 T11
M13 & T14 T17
M14 ^ M13 M12
M15 & T8 T10
M16 ^ M15 M12
M17 ^ M4 M14
M18 ^ M6 M16
M19 ^ M9 M14
M20 ^ M11 M16
M21 ^ M17 T20
M22 ^ M18 T19
M23 ^ M19 T21
M24 ^ M20 T18
M25 ^ M21 M22
M26 & M21 M23
M27 ^ M24 M26
M28 & M25 M27
M29 ^ M28 M22
M30 ^ M23 M24
M31 ^ M22 M26
M32 & M31 M30
M33 ^ M32 M24
M34 ^ M23 M33
M35 ^ M27 M33
M36 & M24 M35
M37 ^ M36 M34
M38 ^ M27 M36
M39 & M29 M38
M40 ^ M25 M39
M41 ^ M40 M37
M42 ^ M29 M33
M43 ^ M29 M40
M44 ^ M33 M37
M45 ^ M42 M41
M46 & M44 T15
M47 & M37 T6
M48 & M33 U7
M49 & M43 T16
M50 & M40 T1
M51 & M29 T7
M52 & M42 T11
M53 & M45 T17
M54 & M41 T10
M55 & M44 T12
M56 & M37 T3
M57 & M33 T4
M58 & M43 T13
M59 & M40 T5
M60 & M29 T2
M61 & M42 T9
M62 & M45 T14
M63 & M41 T8"""
BOT_SMALL = """L46 M61 M62
L47 M56 M57
L48 M51 M59
L49 M55 M56
L50 M48 M58
L51 M48 M51
L52 M53 M54
L53 M46 M49
L54 M52 M53
L55 M62 M63
L56 M58 L48
L57 L50 L53
L58 M50 L46
L59 M49 L54
L60 L46 L57
L61 M60 L57
L62 L52 L58
L63 L49 L58
L64 M50 L59
L65 L61 L62
L66 M47 L63
S0 L59 L63
S6 L56 L62
S7 L48 L60
L67 L64 L65
S3 L53 L66
S4 L51 L66
S5 L47 L65
S1 L64 S3
S2 L55 L67"""

if _os.environ.get('CTNEON_SBOX', 'depth16') == 'small':
    TOP, MID, BOT = TOP_SMALL, MID_SMALL, BOT_SMALL
top = [l.split() for l in TOP.splitlines()]
mid = [l.split() for l in MID.splitlines()]
bot = [l.split() for l in BOT.splitlines()]

def run(prog, env):
    for ins in prog:
        if len(ins) == 3: d, a, b = ins; op = '^'
        else: d, op, a, b = ins
        env[d] = env[a] ^ env[b] if op == '^' else env[a] & env[b]
    return env

def fwd(x):
    env = {'U%d' % j: (x >> (7 - j)) & 1 for j in range(8)}
    run(top, env); run(mid, env); run(bot, env)
    return sum(env['S%d' % j] << (7 - j) for j in range(8))

ok = all(fwd(x) ^ 0x63 == SBOX[x] for x in range(256))
print("forward circuit (no xnor) == S ^ 0x63:", ok)

# --- linear forms ---------------------------------------------------------
def forms(prog, base):
    f = dict(base)
    for d, a, b in prog: f[d] = f[a] ^ f[b]
    return f
ubase = {'U%d' % j: 1 << (7 - j) for j in range(8)}   # form over bits (plane index)
tf = forms(top, ubase)
MIDIN = sorted({a for ins in mid for a in ins[2:] if a[0] in 'TU'}, key=lambda s: (s[0], int(s[1:])))
# bottom forms over M46..M63
MOUT = ['M%d' % i for i in range(46, 64)]
mbase = {m: 1 << i for i, m in enumerate(MOUT)}
bf = forms(bot, mbase)

# matrix of L^-1 on bytes (bit i of output from bits of input)
def Linv(x):
    return rotl(x,1) ^ rotl(x,3) ^ rotl(x,6)
assert all(Linv(L(x)) == x for x in range(256))
def apply_form_comp(form, lin):
    # form: bitmask over input bits of "lin's output"; return form over lin's input
    r = 0
    for i in range(8):
        if lin(1 << i) & form: pass
    # form(lin(z)) = parity(form & lin(z)); linear in z: coefficient of z_i
    for i in range(8):
        if bin(form & lin(1 << i)).count('1') & 1: r |= 1 << i
    return r

def paar(targets, ninputs, names_in):
    """greedy XOR synthesis: targets dict name->bitmask over ninputs signals."""
    sigs = [1 << i for i in range(ninputs)]
    names = list(names_in)
    prog = []
    # represent each target as set of signal indices
    cur = {t: {i for i in range(ninputs) if m >> i & 1} for t, m in targets.items()}
    while True:
        cnt = {}
        for s in cur.values():
            for p in itertools.combinations(sorted(s), 2):
                cnt[p] = cnt.get(p, 0) + 1
        if not cnt: break
        best = max(cnt.items(), key=lambda kv: (kv[1], -kv[0][0], -kv[0][1]))[0]
        i, j = best
        new = len(sigs); sigs.append(sigs[i] ^ sigs[j])
        nm = 't%d' % new
        names.append(nm); prog.append((nm, names[i], names[j]))
        for s in cur.values():
            if i in s and j in s: s -= {i, j}; s.add(new)
    alias = {}
    for t, s in cur.items():
        assert len(s) == 1, (t, s)
        alias[t] = names[next(iter(s))]
    return prog, alias

# inverse: circuit input z = y ^ 0x63 (planes P0..P7, bit i), U = Linv(z)
# top target forms over plane bits
itop = {}
for s in MIDIN:
    itop[s] = apply_form_comp(tf[s], Linv)
iprog_top, itop_alias = paar(itop, 8, ['P%d' % i for i in range(8)])
print("inverse top xors:", len(iprog_top))
# bottom: output planes Q_i = bit i of Linv(S') where S' = byte from S0..S7 (S_j = bit 7-j)
# S'_bit(7-j) = form bf['Sj'] over M-outputs; Linv(S')_i = xor over k with Linv(1<<k) bit i of S'_k
ibot = {}
for i in range(8):
    m = 0
    for k in range(8):
        if Linv(1 << k) >> i & 1: m ^= bf['S%d' % (7 - k)]
    ibot['Q%d' % i] = m
iprog_bot, ibot_alias = paar(ibot, 18, MOUT)
print("inverse bottom xors:", len(iprog_bot))
# also resynthesize forward top/bottom with paar for comparison
ftop = {s: tf[s] for s in MIDIN}
fprog_top, ftop_alias = paar(ftop, 8, ['P%d' % i for i in range(8)])
fbot = {'Q%d' % i: bf['S%d' % (7 - i)] for i in range(8)}
fprog_bot, fbot_alias = paar(fbot, 18, MOUT)
print("paar forward top", len(fprog_top), "bottom", len(fprog_bot))

def eval_circ(ptop, talias, pbot, balias, x):
    env = {'P%d' % i: x >> i & 1 for i in range(8)}
    run(ptop, env)
    for s, a in talias.items(): env[s] = env[a]
    run(mid, env)
    run(pbot, env)
    return sum(env[balias['Q%d' % i]] << i for i in range(8))
print("inverse ok:", all(eval_circ(iprog_top, itop_alias, iprog_bot, ibot_alias, y ^ 0x63) == INV[y] for y in range(256)))
print("fwd paar ok:", all(eval_circ(fprog_top, ftop_alias, fprog_bot, fbot_alias, x) ^ 0x63 == SBOX[x] for x in range(256)))
