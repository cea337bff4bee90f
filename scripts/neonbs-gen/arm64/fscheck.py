# Whole-cipher check of the fixsliced rounds of gen.py: eight random blocks,
# AES-128/192/256 encryption and decryption, the round keys permuted as
# ctneon_bs_convert_key permutes them, against a byte-level FIPS-197 model.
import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import sys, random
sys.argv = ['gen.py', '50']
exec(open(HERE + '/gen.py').read().split("if __name__ == '__main__':")[0])

def expand(key):
    nk = len(key) // 4; nr = nk + 6
    w = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rc = 1
    for i in range(nk, 4 * (nr + 1)):
        t = list(w[-1])
        if i % nk == 0:
            t = [SBOX[b] for b in t[1:] + t[:1]]; t[0] ^= rc; rc = gmul(rc, 2)
        elif nk > 6 and i % nk == 4:
            t = [SBOX[b] for b in t]
        w.append([a ^ b for a, b in zip(w[i - nk], t)])
    return [bytes(sum(w[4 * r:4 * r + 4], [])) for r in range(nr + 1)], nr

def colmap(s, f): return bytes(sum((f(list(s[4*c:4*c+4])) for c in range(4)), []))
def xor(a, b): return bytes(x ^ y for x, y in zip(a, b))
def perm(x, idx): return bytes(x[j] for j in idx)
def aes_enc(blk, rks, nr):
    s = xor(blk, rks[0])
    for r in range(1, nr + 1):
        s = perm(bytes(SBOX[v] for v in s), SRIDX)
        if r < nr: s = colmap(s, mc_col)
        s = xor(s, rks[r])
    return s
def aes_dec(blk, rks, nr):
    s = xor(blk, rks[nr])
    for r in range(nr - 1, -1, -1):
        s = bytes(INV[v] for v in perm(s, ISRIDX))
        s = xor(s, rks[r])
        if r: s = colmap(s, imc_col)
    return s

def planes(blocks):
    return [bytes(sum(((blocks[b][k] >> i) & 1) << b for b in range(8)) for k in range(16)) for i in range(8)]
def unplanes(pl):
    return [bytes(sum(((pl[i][k] >> b) & 1) << i for i in range(8)) for k in range(16)) for b in range(8)]
def keyplanes(k, const):
    return [bytes((0xff if k[j] >> i & 1 else 0) ^ (0xff if const and 0x63 >> i & 1 else 0)
                  for j in range(16)) for i in range(8)]

def premix(k, j):
    """circ(05, 00, 04, 00) conjugated by the storage map of decryption
    round j, on bytes: 5 k[p] ^ 4 k[R2'(p)]"""
    r2 = fs_index(ppow(SRIDX, j))[1]
    return bytes(gmul(k[p], 5) ^ gmul(k[r2[p]], 4) for p in range(16))

def bs_keys(rks, nr):
    """(encryption, decryption) schedules as the conversion writes them:
    slot i of encryption = ISR^i (rk[i]), slot j of decryption = SR^j
    (rk[nr-j]), through premix() for the middle rounds 0 < j < nr"""
    enc = [keyplanes(perm(rks[i], ppow(ISRIDX, i)), i > 0) for i in range(nr + 1)]
    dec = []
    for j in range(nr + 1):
        k = perm(rks[nr - j], ppow(SRIDX, j))
        dec.append(keyplanes(premix(k, j) if 0 < j < nr else k, j < nr))
    return enc, dec

def run(blocks, ks, nr, fwd):
    x = [xor(a, b) for a, b in zip(planes(blocks), ks[0])]
    for j in range(1, nr):
        Q = ppow(ISRIDX if fwd else SRIDX, j)
        r1, r2 = fs_index(Q)
        if j % 2 == 0: assert r2 == [k ^ 2 for k in range(16)]
        prog = enc_round_fs(j % 2) if fwd else dec_round_fs(j % 2)
        env = dict(('P%d' % i, x[i]) for i in range(8))
        x = simulate(prog, x, {'R1X': r1, 'R2O': r2}, ks[j])
    return unplanes(simulate(last_fs(fwd), x, {'SRN': ppow(SRIDX if fwd else ISRIDX, nr)}, ks[nr]))

if __name__ == '__main__':
    rnd = random.Random(7)
    idx = {}
    for klen in (16, 24, 32):
        for trial in range(3):
            key = bytes(rnd.randrange(256) for _ in range(klen))
            rks, nr = expand(key)
            enc, dec = bs_keys(rks, nr)
            blocks = [bytes(rnd.randrange(256) for _ in range(16)) for _ in range(8)]
            assert run(blocks, enc, nr, True) == [aes_enc(b, rks, nr) for b in blocks], klen
            assert run(blocks, dec, nr, False) == [aes_dec(b, rks, nr) for b in blocks], klen
    if klen == 32:
        # FIPS-197 C.3
        rks, nr = expand(bytes(range(32)))
        assert aes_enc(bytes.fromhex('00112233445566778899aabbccddeeff'), rks, nr).hex() == '8ea2b7ca516745bfeafc49904b496089'
    for j in range(4):
        print('enc j%%4=%d R1 %s' % (j, fs_index(ppow(ISRIDX, j))[0]))
        print('dec j%%4=%d R1 %s' % (j, fs_index(ppow(SRIDX, j))[0]))
    print('R2 odd enc', fs_index(ppow(ISRIDX, 1))[1], fs_index(ppow(ISRIDX, 3))[1])
    print('R2 odd dec', fs_index(ppow(SRIDX, 1))[1], fs_index(ppow(SRIDX, 3))[1])
    print('SR^2', ppow(SRIDX, 2), 'ISR^2', ppow(ISRIDX, 2))
    print('fixsliced rounds: whole-cipher check ok')
