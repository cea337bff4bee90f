#!/usr/bin/python3
# The fixsliced encryption of arm/aes-neonbs-core.S on bytes: derives its
# vtbl masks (the first and last byte permutations, the middle rounds' R1'
# and the key conversion's per-round maps), checks that the committed core's
# tables hold exactly these, and runs the cipher as the core's instructions
# do it (vext, vrev32.16, vtbl with those masks) for AES-128/192/256 against
# a FIPS-197 model.  python3 fscheck.py  (exit 1 on any difference)
#
# Bytes: p = 4*row + column in a plane ("row-major", the rounds' order),
# 4*column + row in a block ("column-major", FIPS-197); a permutation is an
# index list, out[p] = in[idx[p]].  Eight blocks and bit planes change
# nothing here: every step is the same byte permutation or bytewise map on
# every plane.
import os, re, sys, random
HERE = os.path.dirname(os.path.abspath(__file__))
exec(open(os.path.join(HERE, "gen.py")).read().split("\n# -----")[0].split("TOP_F =")[0])

def perm(x, idx): return [x[i] for i in idx]
def then(a, b):
    """the index list of applying a, then b"""
    return [a[i] for i in b]
def inverse(a):
    r = [0] * 16
    for p, i in enumerate(a): r[i] = p
    return r
ID = list(range(16))
COL2ROW = [4 * (p % 4) + p // 4 for p in range(16)]      # out[4r+c] = in[4c+r]
ROW2COL = inverse(COL2ROW)
SR = [4 * (p // 4) + (p % 4 + p // 4) % 4 for p in range(16)]   # row-major ShiftRows
ISR = inverse(SR)
VEXT4 = [(p + 4) % 16 for p in range(16)]                 # R1: the next row
VEXT8 = [(p + 8) % 16 for p in range(16)]                 # R2: two rows down
REV32_16 = [p ^ 2 for p in range(16)]                     # column + 2

def storage(j):
    """G_j: the registers hold perm(x_j, G_j) after middle round j (x_j the
    true row-major state); G_0 = I, and a round without ShiftRows leaves
    perm(SR(x), ISR o G)"""
    g = ID
    for _ in range(j): g = then(g, ISR)
    return g

def conj(r, g):
    """r in storage order g: perm(perm(perm(y, g^-1), r), g)"""
    return then(then(inverse(g), r), g)

def r1(j): return conj(VEXT4, storage(j))
def r2(j): return conj(VEXT8, storage(j))
def last(nr):
    """SubBytes-ed storage of round nr - 1 -> ShiftRows -> column-major"""
    return then(then(inverse(storage(nr - 1)), SR), ROW2COL)
def keymap(j):
    """round key j (column-major) as the middle round j adds it"""
    return then(COL2ROW, storage(j))

def r1_ops(j):
    # the instructions of the core's R1' and R2' for round j
    m = j % 4
    if m == 0: return [VEXT4], [VEXT8]
    if m == 2: return [VEXT4, REV32_16], [VEXT8]
    return [r1(j)], [VEXT8, REV32_16]       # odd: vtbl with the .Lfs_enc mask

def apply(x, ops):
    for o in ops: x = perm(x, o)
    return x

def xtime(b): return gmul(b, 2)
def mix(a, j):
    """the core's MixColumns' of round j: o = R1'(a), t = a ^ o,
    out = 2t ^ o ^ R2'(t)"""
    ro, rt = r1_ops(j)
    o = apply(a, ro)
    t = [u ^ v for u, v in zip(a, o)]
    rt_ = apply(t, rt)
    return [xtime(u) ^ v ^ w for u, v, w in zip(t, o, rt_)]

# the FIPS-197 key expansion of ../arm64/fscheck.py (round keys as byte lists)
_src = open(os.path.join(HERE, "..", "arm64", "fscheck.py")).read()
exec(_src[_src.index("def expand(key):"):_src.index("def colmap")])

def fips_encrypt(blk, rks, nr):
    """FIPS-197 on column-major bytes"""
    s = [a ^ b for a, b in zip(blk, rks[0])]
    for r in range(1, nr + 1):
        s = [SBOX[v] for v in s]
        s = [s[4 * ((c + rr) % 4) + rr] for c in range(4) for rr in range(4)]
        if r < nr:
            s = sum(([xtime(s[4 * c + rr]) ^ xtime(s[4 * c + (rr + 1) % 4]) ^ s[4 * c + (rr + 1) % 4]
                      ^ s[4 * c + (rr + 2) % 4] ^ s[4 * c + (rr + 3) % 4] for rr in range(4)]
                     for c in range(4)), [])
        s = [a ^ b for a, b in zip(s, rks[r])]
    return s

def core_encrypt(blk, rks, nr):
    """the fixsliced core: the circuit's S(x) ^ 0x63, the constant in the
    keys of rounds 1..nr, the keys permuted as the conversion does"""
    keys = [rks[0]] + [perm([b ^ 0x63 for b in rks[j]], keymap(j)) for j in range(1, nr)] + \
           [[b ^ 0x63 for b in rks[nr]]]
    s = [a ^ b for a, b in zip(blk, keys[0])]
    s = perm(s, COL2ROW)
    for j in range(1, nr):
        s = [SBOX[v] ^ 0x63 for v in s]
        s = mix(s, j)
        s = [a ^ b for a, b in zip(s, keys[j])]
    s = [SBOX[v] ^ 0x63 for v in s]
    s = perm(s, last(nr))
    return [a ^ b for a, b in zip(s, keys[nr])]

def tables():
    """the masks the core's .Lfs_enc and .Lfs_key tables must hold"""
    t = {"first": COL2ROW, "last0": last(12), "last2": last(10)}
    assert last(14) == last(10)
    for j in range(1, 14, 2): t["odd%d" % j] = r1(j)
    for m in range(4): t["key%d" % m] = keymap(m)
    return t

def core_tables(path):
    """label -> the 16-byte rows of the .byte lines after it (.rept
    expanded), up to the next label or code"""
    out = {}; cur = None; rep = None
    for l in open(path):
        t = l.strip()
        m = re.match(r"^(\.L\w+):", t)
        if m: cur = m.group(1); out[cur] = []; continue
        if cur is None: continue
        m = re.match(r"\.byte\s+([\d, ]+)$", t)
        if m:
            row = [int(v) for v in m.group(1).split(",")]
            (rep[1] if rep else out[cur]).append(row)
        elif t.startswith(".rept"): rep = (int(t.split()[1]), [])
        elif t == ".endr": out[cur] += rep[1] * rep[0]; rep = None
        elif t and not t.startswith(("/*", "*", ".align")): cur = None
    return out

if __name__ == "__main__":
    for j in range(1, 14):
        # the structure the core relies on
        if j % 4 == 0: assert storage(j) == ID
        if j % 2 == 0: assert r2(j) == VEXT8
        else: assert r2(j) == then(VEXT8, REV32_16)
        if j % 4 == 2: assert r1(j) == then(VEXT4, REV32_16)
    want = tables()
    have = core_tables(os.path.join(HERE, "..", "..", "..", "arm", "aes-neonbs-core.S"))
    # .Lfs_enc: the odd rounds' R1' walked down from .Lfs_last (j = 13
    # first in memory, j = 1 last); .Lfs_last: Nr % 4 = 0, then 2;
    # .Lfs_key: by j % 4
    rows = [want["odd%d" % j] for j in range(13, 0, -2)]
    ok = True
    for label, rs in ((".Lfs_enc", rows), (".Lfs_first", [want["first"]]),
                      (".Lfs_last", [want["last0"], want["last2"]]),
                      (".Lfs_key", [want["key%d" % m] for m in range(4)])):
        if have.get(label) != rs:
            ok = False
            print("%s should be:" % label)
            for r in rs: print("\t.byte\t" + ", ".join(str(v) for v in r))
    rnd = random.Random(5)
    for klen in (16, 24, 32):
        for _ in range(20):
            rks, nr = expand(bytes(rnd.randrange(256) for _ in range(klen)))
            rks = [list(k) for k in rks]
            blk = [rnd.randrange(256) for _ in range(16)]
            assert core_encrypt(blk, rks, nr) == fips_encrypt(blk, rks, nr), klen
    rks, nr = expand(bytes(range(32)))
    rks = [list(k) for k in rks]
    assert bytes(fips_encrypt(list(bytes.fromhex("00112233445566778899aabbccddeeff")), rks, nr)).hex() \
        == "8ea2b7ca516745bfeafc49904b496089"
    print("fixsliced encryption: model ok against FIPS-197; core tables %s" % ("ok" if ok else "DIFFER"))
    sys.exit(0 if ok else 1)
