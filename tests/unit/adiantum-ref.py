#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/unit/adiantum-ref.py [CASES_OUT]
#
# A reference NH, NHPoly1305 and Adiantum (XChaCha12/20, AES-256) written
# from the Adiantum paper (Crowley and Biggers, ToSC 2018, sections 4-6)
# and the kernel's conventions (the subkeys derived with the stream
# cipher from the nonce 1 || 0*, a 32-byte tweak, the bulk hashed in
# 1024-byte NH chunks, Poly1305 without its s, additions mod 2^128).
# ChaCha is written out here (OpenSSL has no 12-round ChaCha); OpenSSL,
# through /usr/bin/python3's cryptography, checks it at 20 rounds and
# gives AES.
#
# First it must reproduce every vector of tests/unit/adiantum-vectors.txt
# (the kernel's testmgr.h vectors): "ok ref ..." / "FAIL ref ...".  Then,
# with CASES_OUT, it writes the random cases for tests/unit/adiantum-test.c,
# one per line, hex, "-" for empty:
#   nh KEY(1072) MSG HASH(32)
#   nhpoly KEY(1088) MSG DIGEST(16)
#   adi ROUNDS KEY(32) IV(32) PLAINTEXT CIPHERTEXT
# plus the published vectors themselves.  CTNEON_ADIANTUM_CASES (default
# 300) random cases of each kind, CTNEON_ADIANTUM_SEED (default 1).
import os, random, struct, sys
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

here = os.path.dirname(os.path.abspath(__file__))
M32, M64, M128 = (1 << 32) - 1, (1 << 64) - 1, (1 << 128) - 1
P1305 = (1 << 130) - 5

def rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & M32

def chacha_rounds(st, rounds):
    x = list(st)
    def qr(a, b, c, d):
        x[a] = (x[a] + x[b]) & M32; x[d] = rotl(x[d] ^ x[a], 16)
        x[c] = (x[c] + x[d]) & M32; x[b] = rotl(x[b] ^ x[c], 12)
        x[a] = (x[a] + x[b]) & M32; x[d] = rotl(x[d] ^ x[a], 8)
        x[c] = (x[c] + x[d]) & M32; x[b] = rotl(x[b] ^ x[c], 7)
    for _ in range(rounds // 2):
        qr(0, 4, 8, 12); qr(1, 5, 9, 13); qr(2, 6, 10, 14); qr(3, 7, 11, 15)
        qr(0, 5, 10, 15); qr(1, 6, 11, 12); qr(2, 7, 8, 13); qr(3, 4, 9, 14)
    return x

SIGMA = struct.unpack("<4I", b"expand 32-byte k")

def chacha_stream(key, nonce16, nbytes, rounds):
    """keystream from the state constants || key || nonce16 (counter first)"""
    kw = struct.unpack("<8I", key)
    ctr, n1, n2, n3 = struct.unpack("<4I", nonce16)
    out = bytearray()
    while len(out) < nbytes:
        st = list(SIGMA) + list(kw) + [ctr, n1, n2, n3]
        x = chacha_rounds(st, rounds)
        out += struct.pack("<16I", *[(a + b) & M32 for a, b in zip(x, st)])
        ctr = (ctr + 1) & M32
    return bytes(out[:nbytes])

def hchacha(key, n16, rounds):
    st = list(SIGMA) + list(struct.unpack("<8I", key)) + list(struct.unpack("<4I", n16))
    x = chacha_rounds(st, rounds)
    return struct.pack("<8I", *(x[0:4] + x[12:16]))

def xchacha(key, iv32, data, rounds):
    sub = hchacha(key, iv32[:16], rounds)
    ks = chacha_stream(sub, iv32[24:32] + iv32[16:24], len(data), rounds)
    return bytes(a ^ b for a, b in zip(data, ks))

def aes256(key, block, enc=True):
    c = Cipher(algorithms.AES(key), modes.ECB())
    op = c.encryptor() if enc else c.decryptor()
    return op.update(block) + op.finalize()

def poly1305_nos(rkey, msg):
    """Poly1305 of whole 16-byte blocks, without s: (h mod p) mod 2^128"""
    r = int.from_bytes(rkey[:16], "little") & 0x0ffffffc0ffffffc0ffffffc0fffffff
    h = 0
    for i in range(0, len(msg), 16):
        h = (h + int.from_bytes(msg[i:i + 16], "little") + (1 << 128)) * r % P1305
    return h & M128

def nh(kw, msg):
    s = [0, 0, 0, 0]
    for i in range(0, len(msg), 16):
        m = struct.unpack_from("<4I", msg, i)
        k = kw[i // 4:]
        for p in range(4):
            s[p] += ((m[0] + k[4 * p]) & M32) * ((m[2] + k[4 * p + 2]) & M32)
            s[p] += ((m[1] + k[4 * p + 1]) & M32) * ((m[3] + k[4 * p + 3]) & M32)
    return struct.pack("<4Q", *[x & M64 for x in s])

def nhpoly1305(key, msg):
    kw = struct.unpack("<268I", key[16:16 + 1072])
    msg = msg + bytes(-len(msg) % 16)
    hashes = b"".join(nh(kw, msg[i:i + 1024]) for i in range(0, len(msg), 1024))
    return poly1305_nos(key[:16], hashes)

def adiantum(key, iv, data, rounds, enc=True):
    sub = xchacha(key, b"\x01" + bytes(31), bytes(32 + 16 + 1088), rounds)
    ke, kt, kh = sub[:32], sub[32:48], sub[48:]
    bulk, right = data[:-16], int.from_bytes(data[-16:], "little")
    hdr = poly1305_nos(kt, struct.pack("<QQ", 8 * len(bulk), 0) + iv)
    h1 = (hdr + nhpoly1305(kh, bulk)) & M128
    x = ((right + h1) & M128).to_bytes(16, "little")
    cm = aes256(ke, x) if enc else x
    out = xchacha(key, cm + struct.pack("<I", 1) + bytes(12), bulk, rounds)
    h2 = (hdr + nhpoly1305(kh, out)) & M128
    m = int.from_bytes(cm if enc else aes256(ke, cm, False), "little")
    return out + ((m - h2) & M128).to_bytes(16, "little")

def unhex(s):
    return b"" if s == "-" else bytes.fromhex(s)

def main():
    bad = 0
    ok = 0
    # the ChaCha written here against OpenSSL's at 20 rounds
    key, nonce = bytes(range(32)), bytes(range(100, 116))
    e = Cipher(algorithms.ChaCha20(key, nonce), None).encryptor()
    if chacha_stream(key, nonce, 200, 20) != e.update(bytes(200)):
        print("FAIL ref: the ChaCha20 written here disagrees with OpenSSL")
        bad += 1
    vecs = [l.split() for l in open(os.path.join(here, "adiantum-vectors.txt"))]
    for v in vecs:
        if v[0] == "nhpoly1305":
            k, m, d = map(unhex, v[1:])
            res = nhpoly1305(k, m).to_bytes(16, "little") == d
            name = "nhpoly1305 %d bytes" % len(m)
        else:
            rounds = int(v[0][8:])
            k, iv, pt, ct = map(unhex, v[1:])
            res = adiantum(k, iv, pt, rounds) == ct and adiantum(k, iv, ct, rounds, False) == pt
            name = "adiantum(xchacha%d,aes) %d bytes" % (rounds, len(pt))
        print(("ok" if res else "FAIL") + " ref: testmgr " + name)
        ok += res
        bad += not res
    print("# ref: %d passed, %d failed" % (ok, bad))
    if len(sys.argv) < 2 or bad:
        return 1 if bad else 0
    rnd = random.Random(int(os.environ.get("CTNEON_ADIANTUM_SEED", "1")))
    n = int(os.environ.get("CTNEON_ADIANTUM_CASES", "300"))
    rb = lambda k: bytes(rnd.getrandbits(8) for _ in range(k))
    with open(sys.argv[1], "w") as out:
        for v in vecs:
            if v[0] == "nhpoly1305":
                print("nhpoly", *v[1:], file=out)
            else:
                print("adi", v[0][8:], *v[1:], file=out)
        for i in range(n):
            # NH: every unit count 1..64 first, then random ones; all-ones keys
            units = i + 1 if i < 64 else rnd.randint(1, 64)
            k = bytes([255]) * 1072 if i % 50 == 7 else rb(1072)
            m = bytes([255]) * (16 * units) if i % 50 == 8 else rb(16 * units)
            print("nh", k.hex(), m.hex(), nh(struct.unpack("<268I", k), m).hex(), file=out)
        for i in range(n):
            k, m = rb(1088), rb(rnd.choice([rnd.randint(0, 80), rnd.randint(0, 3000)]))
            print("nhpoly", k.hex(), m.hex() or "-",
                  nhpoly1305(k, m).to_bytes(16, "little").hex(), file=out)
        for i in range(n // 3):
            rounds = rnd.choice([12, 20])
            ln = rnd.choice([16, 17, 31, 32, 48, 512, 4096, rnd.randint(16, 100),
                             rnd.randint(16, 5000)])
            k, iv, pt = rb(32), rb(32), rb(ln)
            print("adi", rounds, k.hex(), iv.hex(), pt.hex(),
                  adiantum(k, iv, pt, rounds).hex(), file=out)
    return 0

sys.exit(main())
