#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Derive the constants of ctneon's vector-permute AES and check them.

Nothing here is copied: every table is computed from the field arithmetic
below and the whole cipher is run, byte for byte the way the NEON cores run
it (16-entry table lookups that return 0 for an index >= 16), against a plain
AES reference on FIPS-197 vectors and random keys before anything is written.

The representation
------------------
AES works in G = GF(2^8) = GF(2)[x]/(x^8+x^4+x^3+x+1).  The cores work in an
isomorphic tower field K = F[u]/(u^2 + a*u + a) over F = GF(2)[y]/(y^4+y+1),
an element e = i*u + k being stored in one byte as (i << 4) | k.  The map
phi: G -> K sends x to a root rho of the AES polynomial in K; it is GF(2)-linear,
so it is two 16-entry lookups (low nibble, high nibble) and an XOR.

Inversion in K with lookups of one nibble only: with j = i ^ k and
N = a*i^2 + a*i*k + k^2 (the norm of e),

    io = j ^ 1/(1/i ^ a/k) = N / (k + a*i)
    jo = i ^ 1/(1/j ^ a/k) = N / (k + a*j)

and 1/e = P(io) ^ Q(jo) with P(t) = (1/t) * ((1/a + 1/a^2)*u + 1) and
Q(t) = (1/t) * (u / a^2), where 1/0 and 1/oo are 0.  The lookup tables give
1/0 a value >= 16 so that a lookup indexed by it yields 0: this is how the
zero and infinite cases fall out without a branch.  P and Q are F-linear in
1/t, so any GF(2)-linear map after the inversion (the S-box affine map, a
MixColumns coefficient, the change back to G) folds into the two output
tables.
"""
import os, random, sys

# ---------------------------------------------------------------- GF(16)
def f_mul(a, b):
    r = 0
    for n in range(4):
        if (b >> n) & 1:
            r ^= a << n
    for n in (6, 5, 4):
        if (r >> n) & 1:
            r ^= 0b10011 << (n - 4)
    return r

def f_inv(a):
    assert a
    return next(b for b in range(1, 16) if f_mul(a, b) == 1)

# ---------------------------------------------------------------- GF(2^8)
def g_mul(a, b):
    r = 0
    for n in range(8):
        if (b >> n) & 1:
            r ^= a << n
    for n in range(14, 7, -1):
        if (r >> n) & 1:
            r ^= 0x11B << (n - 8)
    return r

def g_inv(a):
    if a == 0:
        return 0
    return next(b for b in range(1, 256) if g_mul(a, b) == 1)

def rotl8(x, n):
    return ((x << n) | (x >> (8 - n))) & 0xFF

def affine_lin(x):          # linear part of the S-box affine map
    return x ^ rotl8(x, 1) ^ rotl8(x, 2) ^ rotl8(x, 3) ^ rotl8(x, 4)

SBOX = [affine_lin(g_inv(x)) ^ 0x63 for x in range(256)]
INV_AFFINE = {affine_lin(x): x for x in range(256)}   # B = affine_lin^-1
def B(x):
    return INV_AFFINE[x]
assert all(g_inv(B(SBOX[x] ^ 0x63)) == g_inv(g_inv(x)) for x in range(256))
B63 = B(0x63)
assert B63 == 0x05

# ---------------------------------------------------------------- tower K
def choose_a():
    for a in range(2, 16):
        # u^2 + a u + a irreducible over F <=> no root in F
        if all(f_mul(t, t) ^ f_mul(a, t) ^ a for t in range(16)):
            return a
    raise SystemExit("no a")
A = choose_a()

def k_mul(x, y):
    i, k = x >> 4, x & 15
    i2, k2 = y >> 4, y & 15
    ii = f_mul(i, i2)
    hi = f_mul(ii, A) ^ f_mul(i, k2) ^ f_mul(k, i2)
    lo = f_mul(ii, A) ^ f_mul(k, k2)
    return (hi << 4) | lo

def k_pow(x, n):
    r = 0x01
    for _ in range(n):
        r = k_mul(r, x)
    return r

def find_rho():
    for r in range(2, 256):
        v = k_pow(r, 8) ^ k_pow(r, 4) ^ k_pow(r, 3) ^ r ^ 0x01
        if v == 0:
            return r
    raise SystemExit("no root")
RHO = find_rho()
PHI_COL = [k_pow(RHO, m) for m in range(8)]   # phi(1 << m)
def phi(x):
    r = 0
    for m in range(8):
        if (x >> m) & 1:
            r ^= PHI_COL[m]
    return r
PHI_INV = {phi(x): x for x in range(256)}
assert len(PHI_INV) == 256
for _ in range(2000):                           # phi is a field isomorphism
    x, y = random.randrange(256), random.randrange(256)
    assert phi(g_mul(x, y)) == k_mul(phi(x), phi(y))

def k_inv(x):
    return phi(g_inv(PHI_INV[x]))

# ---------------------------------------------------------------- tables
SENT_INV, SENT_INVA = 0x10, 0x20     # "1/0": any value >= 16 makes a lookup give 0
INV = [SENT_INV] + [f_inv(t) for t in range(1, 16)]
INVA = [SENT_INVA] + [f_mul(A, f_inv(t)) for t in range(1, 16)]

ia = f_inv(A)
CP = ((ia ^ f_mul(ia, ia)) << 4) | 1          # (1/a + 1/a^2) u + 1
CQ = (f_mul(ia, ia) << 4) | 0                 # u / a^2
def P(t):
    return 0 if t == 0 else k_mul(f_inv(t), CP)
def Q(t):
    return 0 if t == 0 else k_mul(f_inv(t), CQ)

def out_tables(f):
    """The two 16-entry tables for the linear map f applied to 1/e."""
    return [f(P(t)) for t in range(16)], [f(Q(t)) for t in range(16)]

def std(v):
    return PHI_INV[v]

T = {}
T['ipt_enc_lo'] = [phi(n) for n in range(16)]
T['ipt_enc_hi'] = [phi(n << 4) for n in range(16)]
T['ipt_dec_lo'] = [phi(B(n)) for n in range(16)]
T['ipt_dec_hi'] = [phi(B(n << 4)) for n in range(16)]
T['inv'] = INV
T['inva'] = INVA
T['sb1_p'], T['sb1_q'] = out_tables(lambda v: phi(affine_lin(std(v))))
T['sb2_p'], T['sb2_q'] = out_tables(lambda v: phi(g_mul(2, affine_lin(std(v)))))
T['sb3_p'], T['sb3_q'] = out_tables(lambda v: phi(g_mul(3, affine_lin(std(v)))))
T['sbo_p'], T['sbo_q'] = out_tables(lambda v: affine_lin(std(v)))
for c, name in ((9, 'd9'), (11, 'db'), (13, 'dd'), (14, 'de')):
    T[name + '_p'], T[name + '_q'] = out_tables(
        lambda v, c=c: phi(B(g_mul(c, std(v)))))
T['dbo_p'], T['dbo_q'] = out_tables(lambda v: std(v))
# byte permutations of the column-major AES state (byte 4*c + r)
T['shiftrows'] = [4 * ((c + r) % 4) + r for c in range(4) for r in range(4)]
T['invshiftrows'] = [4 * ((c - r) % 4) + r for c in range(4) for r in range(4)]
T['rot1'] = [4 * c + (r + 1) % 4 for c in range(4) for r in range(4)]
T['rot3'] = [4 * c + (r + 3) % 4 for c in range(4) for r in range(4)]
# ShiftRows after rot1 / rot3, as one permutation each (SR(rotN(x))[n] =
# x[rotN[sr[n]]]): the arm64 encryption rounds end with them (model_encrypt_sr)
T['sr_rot1'] = [T['rot1'][n] for n in T['shiftrows']]
T['sr_rot3'] = [T['rot3'][n] for n in T['shiftrows']]
T['rot2'] = [4 * c + (r + 2) % 4 for c in range(4) for r in range(4)]
T['sr_rot2'] = [T['rot2'][n] for n in T['shiftrows']]
# shiftrows again, after sr_rot1/3/2, so that the arm core loads all four
# permutations of a round with one vldm
T['shiftrows2'] = T['shiftrows']

# ---------------------------------------------------------------- model
def tbl(table, idx):        # NEON tbl / vtbl with a 16-byte table
    return [table[n] if n < 16 else 0 for n in idx]
def xor(*vs):
    out = [0] * 16
    for v in vs:
        out = [a ^ b for a, b in zip(out, v)]
    return out
def lookup2(lo, hi, z):
    return xor(tbl(lo, [b & 15 for b in z]), tbl(hi, [b >> 4 for b in z]))

def invert(z):
    """The inversion core: returns (io, jo) for the state z."""
    i = [b >> 4 for b in z]
    k = [b & 15 for b in z]
    ak = tbl(INVA, k)
    j = xor(i, k)
    iak = xor(tbl(INV, i), ak)
    jak = xor(tbl(INV, j), ak)
    io = xor(j, tbl(INV, iak))
    jo = xor(i, tbl(INV, jak))
    return io, jo

def out2(name, io, jo):
    return xor(tbl(T[name + '_p'], io), tbl(T[name + '_q'], jo))

def model_encrypt(ek, nr, blk):
    z = xor(lookup2(T['ipt_enc_lo'], T['ipt_enc_hi'], blk), ek[0])
    for r in range(1, nr):
        io, jo = invert([z[n] for n in T['shiftrows']])
        s1 = out2('sb1', io, jo)
        s2 = out2('sb2', io, jo)
        t = xor(s2, [s1[n] for n in T['rot1']])
        z = xor(t, [t[n] for n in T['rot1']], [s1[n] for n in T['rot3']], ek[r])
    io, jo = invert([z[n] for n in T['shiftrows']])
    return xor(out2('sbo', io, jo), ek[nr])

def model_encrypt_sr(ek, nr, blk):
    """model_encrypt with ShiftRows moved to the end of each round: the state
    between rounds is y = SR(z), so the next inversion needs no permutation
    (one lookup less on the dependent chain of a round).  SR is linear and
    moves bytes only, so SR(MC(s) ^ k) = SR(t) ^ SR(rot1(t)) ^ SR(rot3(s1))
    ^ SR(k): two permutations of t in parallel instead of one after the
    other (arm64 ctneon_vpaes_enc_2x; SR(k) is one more lookup a round,
    shared by the two blocks)."""
    def sr(v):
        return [v[n] for n in T['shiftrows']]
    z = xor(lookup2(T['ipt_enc_lo'], T['ipt_enc_hi'], blk), ek[0])
    y = sr(z)
    for r in range(1, nr):
        io, jo = invert(y)
        s1 = out2('sb1', io, jo)
        s2 = out2('sb2', io, jo)
        t = xor(s2, [s1[n] for n in T['rot1']])
        y = xor([t[n] for n in T['shiftrows']], [t[n] for n in T['sr_rot1']],
                [s1[n] for n in T['sr_rot3']], sr(ek[r]))
    io, jo = invert(y)
    return xor(out2('sbo', io, jo), ek[nr])

def model_encrypt_sr3(ek, nr, blk):
    """model_encrypt_sr for one block alone (arm64 ctneon_vpaes_enc_1x):
    with s3 = 3 * S(x) from a third pair of output tables, MixColumns is
    s2 ^ rot1(s3) ^ rot2(s1) ^ rot3(s1), four permutations side by side
    and no XOR between two of them; the round key joins s2 before its
    permutation: y = SR(s2 ^ k) ^ SR(rot1(s3)) ^ SR(rot2(s1)) ^
    SR(rot3(s1))."""
    def sr(v):
        return [v[n] for n in T['shiftrows']]
    def perm(name, v):
        return [v[n] for n in T[name]]
    y = sr(xor(lookup2(T['ipt_enc_lo'], T['ipt_enc_hi'], blk), ek[0]))
    for r in range(1, nr):
        io, jo = invert(y)
        s1, s2, s3 = out2('sb1', io, jo), out2('sb2', io, jo), out2('sb3', io, jo)
        y = xor(sr(xor(s2, ek[r])), perm('sr_rot1', s3), perm('sr_rot2', s1),
                perm('sr_rot3', s1))
    io, jo = invert(y)
    return xor(out2('sbo', io, jo), ek[nr])

def model_decrypt_direct(dk, nr, blk):
    """model_decrypt with InvMixColumns as z = 14y ^ k ^ rot2(13y) ^
    rot1(11y ^ rot2(9y)) (arm64 dec_round_x2: three dependent steps after
    9y instead of Horner's six)."""
    def rot(n, v):
        return [v[m] for m in T['rot%d' % n]]
    z = xor(lookup2(T['ipt_dec_lo'], T['ipt_dec_hi'], blk), dk[0])
    for r in range(1, nr):
        io, jo = invert([z[n] for n in T['invshiftrows']])
        d9, dd, db, de = (out2(n, io, jo) for n in ('d9', 'dd', 'db', 'de'))
        z = xor(de, dk[r], rot(2, dd), rot(1, xor(db, rot(2, d9))))
    io, jo = invert([z[n] for n in T['invshiftrows']])
    return xor(out2('dbo', io, jo), dk[nr])

def model_decrypt(dk, nr, blk):
    z = xor(lookup2(T['ipt_dec_lo'], T['ipt_dec_hi'], blk), dk[0])
    for r in range(1, nr):
        io, jo = invert([z[n] for n in T['invshiftrows']])
        acc = out2('d9', io, jo)
        for name in ('dd', 'db', 'de'):
            acc = xor(out2(name, io, jo), [acc[n] for n in T['rot1']])
        z = xor(acc, dk[r])
    io, jo = invert([z[n] for n in T['invshiftrows']])
    return xor(out2('dbo', io, jo), dk[nr])

# ---------------------------------------------------------------- register table
# arm64/aes-rtable-core.S keeps the whole S-box (or its inverse) in 16
# registers and looks a byte up with tbl/tbx over four 64-byte chunks.  Its
# constants: the two 256-byte tables and four byte permutations.
INV_SBOX = [0] * 256
for _x in range(256):
    INV_SBOX[SBOX[_x]] = _x
# rot1 after ShiftRows (rot1(SR(x))[n] = x[sr[rot1[n]]]), the reverse order
# of sr_rot1
T['rot1_sr'] = [T['shiftrows'][n] for n in T['rot1']]
RT_PERMS = ['shiftrows', 'rot1_sr', 'invshiftrows', 'rot1']

def rt_lookup(table, s):
    """The four-chunk lookup: tbl on chunk 0, tbx on chunks 1-3 with the
    index minus 64*c (a lane whose index is out of range keeps its value)."""
    out = [0] * 16
    for c in range(4):
        idx = [(b - 64 * c) & 255 for b in s]
        out = [table[64 * c + i] if i < 64 else o for i, o in zip(idx, out)]
    return out

def xtime(v):
    return [((b << 1) & 255) ^ (0x1b if b & 0x80 else 0) for b in v]

def rev32h(v):              # rev32 .8h: rows r and r+2 of each column swap
    return [v[n ^ 2] for n in range(16)]

def model_rt_encrypt(w, nr, blk):
    """ShiftRows after SubBytes, folded into MixColumns' permutations:
    a = SR(x), r = rot1(a) (one permutation of x); u = a ^ r;
    MC(a) = 2u ^ r ^ rot2(u) (row i: 2a_i ^ 3a_i+1 ^ a_i+2 ^ a_i+3)."""
    s = xor(blk, w[0])
    for r in range(1, nr):
        x = rt_lookup(SBOX, s)
        a = [x[n] for n in T['shiftrows']]
        r1 = [x[n] for n in T['rot1_sr']]
        u = xor(a, r1)
        s = xor(xtime(u), rev32h(u), r1, w[r])
    x = rt_lookup(SBOX, s)
    return xor([x[n] for n in T['shiftrows']], w[nr])

def model_rt_decrypt(w, nr, blk):
    """The direct inverse cipher on the FIPS-197 round keys: InvShiftRows,
    InvSubBytes, the round key, then InvMixColumns as the circulant
    (05, 00, 04, 00) followed by MixColumns: v = y ^ 4y ^ rot2(4y)."""
    s = xor(blk, w[nr])
    for r in range(nr - 1, 0, -1):
        y = xor(rt_lookup(INV_SBOX, [s[n] for n in T['invshiftrows']]), w[r])
        q = xtime(xtime(y))
        v = xor(y, q, rev32h(q))
        r1 = [v[n] for n in T['rot1']]
        u = xor(v, r1)
        s = xor(xtime(u), rev32h(u), r1)
    return xor(rt_lookup(INV_SBOX, [s[n] for n in T['invshiftrows']]), w[0])

# ---------------------------------------------------------------- reference AES
RCON = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1B, 0x36]
def expand(key):
    nk = len(key) // 4
    nr = nk + 6
    w = [list(key[4 * n:4 * n + 4]) for n in range(nk)]
    for n in range(nk, 4 * (nr + 1)):
        t = list(w[n - 1])
        if n % nk == 0:
            t = [SBOX[b] for b in t[1:] + t[:1]]
            t[0] ^= RCON[n // nk - 1]
        elif nk > 6 and n % nk == 4:
            t = [SBOX[b] for b in t]
        w.append([a ^ b for a, b in zip(w[n - nk], t)])
    return nr, [sum(w[4 * r:4 * r + 4], []) for r in range(nr + 1)]

def mixcol(s, coef):
    out = []
    for c in range(4):
        col = s[4 * c:4 * c + 4]
        for r in range(4):
            v = 0
            for d in range(4):
                v ^= g_mul(coef[d], col[(r + d) % 4])
            out.append(v)
    return out

def ref_encrypt(key, blk):
    nr, w = expand(key)
    s = xor(blk, w[0])
    for r in range(1, nr + 1):
        s = [SBOX[s[n]] for n in T['shiftrows']]
        if r != nr:
            s = mixcol(s, (2, 3, 1, 1))
        s = xor(s, w[r])
    return s

def vpaes_keys(key):
    nr, w = expand(key)
    c63 = [0x63] * 16
    ek = [[phi(b) for b in w[0]]]
    ek += [[phi(b ^ 0x63) for b in w[r]] for r in range(1, nr)]
    ek += [xor(w[nr], c63)]
    dk = [[phi(B(b) ^ B63) for b in w[nr]]]
    dk += [[phi(B(b) ^ B63) for b in mixcol(w[nr - r], (14, 11, 13, 9))]
           for r in range(1, nr)]
    dk += [w[0]]
    return nr, ek, dk

def selftest():
    fips = [
        ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
        ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
        ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
         "8ea2b7ca516745bfeafc49904b496089"),
    ]
    pt = list(bytes.fromhex("00112233445566778899aabbccddeeff"))
    for k, c in fips:
        key = bytes.fromhex(k)
        assert ref_encrypt(key, pt) == list(bytes.fromhex(c)), "reference"
        nr, ek, dk = vpaes_keys(key)
        assert model_encrypt(ek, nr, pt) == list(bytes.fromhex(c)), "vpaes enc"
        assert model_decrypt(dk, nr, list(bytes.fromhex(c))) == pt, "vpaes dec"
    rnd = random.Random(1)
    for n in range(60):
        key = bytes(rnd.randrange(256) for _ in range((16, 24, 32)[n % 3]))
        blk = [rnd.randrange(256) for _ in range(16)]
        nr, ek, dk = vpaes_keys(key)
        c = model_encrypt(ek, nr, blk)
        assert c == ref_encrypt(key, blk)
        assert model_encrypt_sr(ek, nr, blk) == c
        assert model_encrypt_sr3(ek, nr, blk) == c
        assert model_decrypt(dk, nr, c) == blk
        assert model_decrypt_direct(dk, nr, c) == blk
        w = expand(key)[1]
        assert model_rt_encrypt(w, nr, blk) == c
        assert model_rt_decrypt(w, nr, c) == blk
    # the inversion core on every byte
    for x in range(256):
        io, jo = invert([phi(x)] * 16)
        assert out2('dbo', io, jo)[0] == g_inv(x)

# ---------------------------------------------------------------- output
ORDER = ['ipt_enc_lo', 'ipt_enc_hi', 'inv', 'inva', 'sb1_p', 'sb1_q',
         'sb2_p', 'sb2_q', 'sbo_p', 'sbo_q', 'shiftrows', 'rot1', 'rot3',
         'ipt_dec_lo', 'ipt_dec_hi', 'd9_p', 'd9_q', 'db_p', 'db_q',
         'dd_p', 'dd_q', 'de_p', 'de_q', 'dbo_p', 'dbo_q', 'invshiftrows',
         'sb3_p', 'sb3_q', 'sr_rot1', 'sr_rot3', 'sr_rot2', 'shiftrows2']

def emit(path):
    L = []
    L.append("/* SPDX-License-Identifier: GPL-2.0-only */")
    L.append("/* Generated by scripts/gen-vpaes-tables.py: do not edit. */")
    L.append("#ifndef CTNEON_VPAES_TABLES_H")
    L.append("#define CTNEON_VPAES_TABLES_H")
    L.append("")
    L.append("/* Tower field K = GF(16)[u]/(u^2 + %#x u + %#x), GF(16) = GF(2)[y]/(y^4+y+1);" % (A, A))
    L.append(" * phi(x) = rho^x with rho = %#04x, a root of the AES polynomial in K. */" % RHO)
    L.append("")
    L.append("/* Byte offsets of the 16-byte tables in ctneon_vpaes_consts. */")
    for n, name in enumerate(ORDER):
        L.append("#define VPAES_%-14s %d" % (name.upper(), 16 * n))
    L.append("#define VPAES_CONSTS_SIZE   %d" % (16 * len(ORDER)))
    L.append("")
    L.append("#ifdef __ASSEMBLY__")
    L.append("/* The constant block, VPAES_CONSTS_SIZE bytes: place it (aligned) under a label. */")
    L.append(".macro vpaes_consts_data")
    for name in ORDER:
        L.append("\t.byte " + ", ".join("0x%02x" % b for b in T[name]) + "\t/* %s */" % name)
    L.append(".endm")
    L.append("")
    L.append("/* arm64/aes-rtable-core.S: the S-box, its inverse (256 bytes each) and")
    L.append(" * the permutations %s, RTABLE_CONSTS_SIZE bytes. */" % ", ".join(RT_PERMS))
    L.append("#define RTABLE_SBOX          0")
    L.append("#define RTABLE_INV_SBOX      256")
    for n, name in enumerate(RT_PERMS):
        L.append("#define RTABLE_%-13s %d" % (name.upper(), 512 + 16 * n))
    L.append("#define RTABLE_CONSTS_SIZE   %d" % (512 + 16 * len(RT_PERMS)))
    L.append(".macro rtable_consts_data")
    for name, tab in (('sbox', SBOX), ('inv_sbox', INV_SBOX)):
        for n in range(0, 256, 16):
            L.append("\t.byte " + ", ".join("0x%02x" % b for b in tab[n:n + 16]) +
                     "\t/* %s %d */" % (name, n))
    for name in RT_PERMS:
        L.append("\t.byte " + ", ".join("0x%02x" % b for b in T[name]) + "\t/* %s */" % name)
    L.append(".endm")
    L.append("#else")
    L.append("/* phi(1 << m): columns of the change of basis G -> K */")
    L.append("#define VPAES_PHI_COLS { " + ", ".join("0x%02x" % c for c in PHI_COL) + " }")
    L.append("/* phi(B(1 << m)), B the inverse of the S-box linear map */")
    L.append("#define VPAES_PHIB_COLS { " + ", ".join("0x%02x" % phi(B(1 << m)) for m in range(8)) + " }")
    L.append("/* constant terms folded into the round keys */")
    L.append("#define VPAES_PHI_63 0x%02x   /* phi(0x63) */" % phi(0x63))
    L.append("#define VPAES_PHI_05 0x%02x   /* phi(B(0x63)) = phi(0x05) */" % phi(0x05))
    L.append("#endif")
    L.append("")
    L.append("#endif")
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")

if __name__ == "__main__":
    selftest()
    if len(sys.argv) > 1:
        emit(sys.argv[1])
    print("vpaes tables: a=%#x rho=%#04x, model checked" % (A, RHO), file=sys.stderr)
