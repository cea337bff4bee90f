#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Test cases for the user-space unit tests of the AES cores (tests/unit).

Writes a binary stream of cases to stdout (or to the file given as the only
argument), read by tests/unit/harness.c running under qemu-user.  Two kinds:

 - published vectors, typed in from the standards (FIPS-197 appendices B and
   C, NIST SP 800-38A appendix F for ECB/CBC/CTR, IEEE 1619 XTS vectors
   1-4, 10 and 15-18).  Their expected outputs are the standards', not
   OpenSSL's; every one is also checked here against OpenSSL before it is
   written, so a typing error stops the run instead of failing the cores;
 - random differential cases against the host's OpenSSL (through the
   `cryptography` package of /usr/bin/python3): for every entry point and
   key size CTNEON_TEST_CASES cases (default 10000), seeded by
   CTNEON_TEST_SEED (default 1), so a run is reproducible and another seed
   gives another run.

AES-192-XTS and XTS with key1 == key2 are not offered by OpenSSL; those use
xts_ref() below, a composition over OpenSSL's AES-ECB, itself checked
against OpenSSL's XTS on random keys at start-up.

Stream format (little-endian), a sequence of records:
  u8 1, u8 gid, u8 n, name[n]                   a group of cases
  u8 2, header (HDR below), in[len], expected[len]   one case
  u8 0, u32 number of cases                     end of the stream
"""
import os
import random
import struct
import sys

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

# operations, as numbered in harness.c
# CBCMAC: the core writes nothing; the harness copies the input to the
# output, and the chaining value on return is the CBC-MAC
ECB_ENC, ECB_DEC, CBC_ENC, CBC_DEC, CTR, XTS_ENC, XTS_DEC, CBCMAC = range(8)
OPNAMES = ["ecb_encrypt", "ecb_decrypt", "cbc_encrypt", "cbc_decrypt",
           "ctr_crypt", "xts_encrypt", "xts_decrypt", "cbcmac"]

# case flags, as in harness.c
F_IN_GUARD = 1    # input ends at the end of a page followed by PROT_NONE
F_OUT_GUARD = 2   # output (out-of-place run) ends there too
F_CREF = 4        # also run the modes composed over the portable C AES
F_IVOUT = 8       # check the chaining value (iv / ctr / tweak) on return
F_OOP = 16        # run out of place
F_INPLACE = 32    # run in place

# gid, op, keylen, flags, in_off, out_off, npieces, pad, len, pieces[4],
# key[32], key2[32], iv[16], ivout[16]
HDR = struct.Struct("<BBBBBBBBI4I32s32s16s16s")
MAXPIECES = 4


def h(s):
    return bytes.fromhex("".join(s.split()))


# ---------------------------------------------------------------- OpenSSL
_ecb = {}


def aes_ecb(key, data, enc=True):
    """ECB through OpenSSL; a context per key and direction, reused (ECB
    keeps no state between updates, and making a context is the slow part)."""
    x = _ecb.get((key, enc))
    if x is None:
        if len(_ecb) > 64:
            _ecb.clear()
        c = Cipher(algorithms.AES(key), modes.ECB())
        x = _ecb[(key, enc)] = c.encryptor() if enc else c.decryptor()
    return x.update(data)


def aes_cbc(key, iv, data, enc=True):
    c = Cipher(algorithms.AES(key), modes.CBC(iv))
    x = c.encryptor() if enc else c.decryptor()
    return x.update(data) + x.finalize()


def aes_ctr(key, ctr, data):
    x = Cipher(algorithms.AES(key), modes.CTR(ctr)).encryptor()
    return x.update(data) + x.finalize()


def gf_mulx(t):
    """T * x in GF(2^128), T a 128-bit little-endian integer (IEEE 1619)."""
    v = int.from_bytes(t, "little") << 1
    if v >> 128:
        v ^= (1 << 128) | 0x87
    return v.to_bytes(16, "little")


def bxor(a, b):
    return (int.from_bytes(a, "little") ^ int.from_bytes(b, "little")).to_bytes(
        len(a), "little")


def xts_ref(key1, key2, iv, data, enc=True):
    """IEEE 1619 XTS composed over OpenSSL's AES-ECB (any key size)."""
    assert len(data) >= 16 or not data
    m, r = divmod(len(data), 16)
    full = m if r == 0 else m - 1
    tw = [aes_ecb(key2, iv)]
    for _ in range(full + 1):
        tw.append(gf_mulx(tw[-1]))
    # blocks 0 .. full-1: C = E(P ^ T) ^ T, all in one ECB call
    ts = b"".join(tw[:full])
    out = bxor(aes_ecb(key1, bxor(data[:16 * full], ts), enc), ts) if full else b""
    if not r:
        return out

    def blk(x, t, e):
        return bxor(aes_ecb(key1, bxor(x, t), e), t)

    t = tw[full]
    last = data[16 * full:16 * full + 16]
    tail = data[16 * full + 16:]
    if enc:
        cc = blk(last, t, True)
        return out + blk(tail + cc[r:], tw[full + 1], True) + cc[:r]
    pp = blk(last, tw[full + 1], False)
    return out + blk(tail + pp[r:], t, False) + pp[:r]


def xts(key1, key2, iv, data, enc=True):
    if len(key1) in (16, 32) and key1 != key2:
        c = Cipher(algorithms.AES(key1 + key2), modes.XTS(iv))
        x = c.encryptor() if enc else c.decryptor()
        return x.update(data) + x.finalize()
    return xts_ref(key1, key2, iv, data, enc)


def ctr_add(ctr, n):
    v = (int.from_bytes(ctr, "big") + n) % (1 << 128)
    return v.to_bytes(16, "big")


def xts_tweak_out(key2, iv, nblocks):
    t = aes_ecb(key2, iv)
    for _ in range(nblocks):
        t = gf_mulx(t)
    return t


def expected(op, key, key2, iv, data):
    """Output and chaining value on return, from OpenSSL."""
    n = len(data)
    if op in (ECB_ENC, ECB_DEC):
        return (aes_ecb(key, data, op == ECB_ENC) if n else b""), bytes(16)
    if op == CBCMAC:       # OpenSSL's CBC encryption, last block kept
        return data, (aes_cbc(key, iv, data)[-16:] if n else iv)
    if op in (CBC_ENC, CBC_DEC):
        if not n:
            return b"", iv
        out = aes_cbc(key, iv, data, op == CBC_ENC)
        return out, (out if op == CBC_ENC else data)[-16:]
    if op == CTR:
        return (aes_ctr(key, iv, data) if n else b""), ctr_add(iv, (n + 15) // 16)
    out = xts(key, key2, iv, data, op == XTS_ENC) if n else b""
    return out, xts_tweak_out(key2, iv, n // 16)


# ---------------------------------------------------------------- stream
class Stream:
    def __init__(self, f):
        self.f = f
        self.groups = {}
        self.count = 0

    def group(self, name):
        if name not in self.groups:
            gid = len(self.groups)
            assert gid < 256
            self.groups[name] = gid
            nb = name.encode()
            self.f.write(struct.pack("<BBB", 1, gid, len(nb)) + nb)
        return self.groups[name]

    def case(self, group, op, key, data, out, key2=b"", iv=bytes(16),
             ivout=bytes(16), flags=F_OOP | F_INPLACE, in_off=0, out_off=0,
             pieces=()):
        assert len(out) == len(data)
        assert len(pieces) <= MAXPIECES
        assert not pieces or sum(pieces) == len(data)
        p = list(pieces) + [0] * (MAXPIECES - len(pieces))
        if not flags & (F_OOP | F_INPLACE):
            flags |= F_OOP | F_INPLACE        # the published vectors: both
        hdr = HDR.pack(self.group(group), op, len(key), flags, in_off,
                       out_off, len(pieces), 0, len(data), *p, key, key2,
                       iv, ivout)
        self.f.write(b"\x02" + hdr + data + out)
        self.count += 1

    def end(self):
        self.f.write(struct.pack("<BI", 0, self.count))


# ---------------------------------------------------------------- vectors
FIPS197 = [
    # appendix B
    ("2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
     "3925841d02dc09fbdc118597196a0b32"),
    # appendix C.1 - C.3
    ("000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
     "69c4e0d86a7b0430d8cdb78070b4c55a"),
    ("000102030405060708090a0b0c0d0e0f1011121314151617",
     "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"),
    ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"),
]

SP800_38A_KEYS = {
    128: "2b7e151628aed2a6abf7158809cf4f3c",
    192: "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
    256: "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
}
SP800_38A_PT = """6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51
                  30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710"""
SP800_38A_CBC_IV = "000102030405060708090a0b0c0d0e0f"
SP800_38A_CTR_IV = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
SP800_38A = {   # F.1 ECB, F.2 CBC, F.5 CTR
    ("ecb", 128): """3ad77bb40d7a3660a89ecaf32466ef97 f5d3d58503b9699de785895a96fdbaaf
                     43b1cd7f598ece23881b00e3ed030688 7b0c785e27e8ad3f8223207104725dd4""",
    ("ecb", 192): """bd334f1d6e45f25ff712a214571fa5cc 974104846d0ad3ad7734ecb3ecee4eef
                     ef7afd2270e2e60adce0ba2face6444e 9a4b41ba738d6c72fb16691603c18e0e""",
    ("ecb", 256): """f3eed1bdb5d2a03c064b5a7e3db181f8 591ccb10d410ed26dc5ba74a31362870
                     b6ed21b99ca6f4f9f153e7b1beafed1d 23304b7a39f9f3ff067d8d8f9e24ecc7""",
    ("cbc", 128): """7649abac8119b246cee98e9b12e9197d 5086cb9b507219ee95db113a917678b2
                     73bed6b8e3c1743b7116e69e22229516 3ff1caa1681fac09120eca307586e1a7""",
    ("cbc", 192): """4f021db243bc633d7178183a9fa071e8 b4d9ada9ad7dedf4e5e738763f69145a
                     571b242012fb7ae07fa9baac3df102e0 08b0e27988598881d920a9e64f5615cd""",
    ("cbc", 256): """f58c4c04d6e5f1ba779eabfb5f7bfbd6 9cfc4e967edb808d679f777bc6702c7d
                     39f23369a9d9bacfa530e26304231461 b2eb05e2c39be9fcda6c19078c6a9d1b""",
    ("ctr", 128): """874d6191b620e3261bef6864990db6ce 9806f66b7970fdff8617187bb9fffdff
                     5ae4df3edbd5d35e5b4f09020db03eab 1e031dda2fbe03d1792170a0f3009cee""",
    ("ctr", 192): """1abc932417521ca24f2b0459fe7e6e0b 090339ec0aa6faefd5ccc2c6f4ce8e94
                     1e36b26bd1ebc670d1bd1d665620abf7 4f78a7f6d29809585a97daec58c6b050""",
    ("ctr", 256): """601ec313775789a5b7a7f504bbf3d228 f443e3ca4d62b59aca84e990cacaf5c5
                     2b0930daa23de94ce87017ba2d84988d dfc9c58db67aada613c2dd08457941a6""",
}

# IEEE 1619-2007 appendix B: (vector, key1, key2, data unit sequence number,
# plaintext, ciphertext); the tweak IV is the sequence number as a 16-byte
# little-endian integer.
PT_0_255 = bytes(range(256)).hex()
IEEE1619 = [
    (1, "00000000000000000000000000000000", "00000000000000000000000000000000", 0,
     "0000000000000000000000000000000000000000000000000000000000000000",
     "917cf69ebd68b2ec9b9fe9a3eadda692cd43d2f59598ed858c02c2652fbf922e"),
    (2, "11111111111111111111111111111111", "22222222222222222222222222222222",
     0x3333333333,
     "4444444444444444444444444444444444444444444444444444444444444444",
     "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ecd6d394f0"),
    (3, "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0", "22222222222222222222222222222222",
     0x3333333333,
     "4444444444444444444444444444444444444444444444444444444444444444",
     "af85336b597afc1a900b2eb21ec949d292df4c047e0b21532186a5971a227a89"),
    (4, "27182818284590452353602874713526", "31415926535897932384626433832795", 0,
     PT_0_255 * 2,
     """27a7479befa1d476489f308cd4cfa6e2a96e4bbe3208ff25287dd3819616e89c
        c78cf7f5e543445f8333d8fa7f56000005279fa5d8b5e4ad40e736ddb4d35412
        328063fd2aab53e5ea1e0a9f332500a5df9487d07a5c92cc512c8866c7e860ce
        93fdf166a24912b422976146ae20ce846bb7dc9ba94a767aaef20c0d61ad0265
        5ea92dc4c4e41a8952c651d33174be51a10c421110e6d81588ede82103a252d8
        a750e8768defffed9122810aaeb99f9172af82b604dc4b8e51bcb08235a6f434
        1332e4ca60482a4ba1a03b3e65008fc5da76b70bf1690db4eae29c5f1badd03c
        5ccf2a55d705ddcd86d449511ceb7ec30bf12b1fa35b913f9f747a8afd1b130e
        94bff94effd01a91735ca1726acd0b197c4e5b03393697e126826fb6bbde8ecc
        1e08298516e2c9ed03ff3c1b7860f6de76d4cecd94c8119855ef5297ca67e9f3
        e7ff72b1e99785ca0a7e7720c5b36dc6d72cac9574c8cbbc2f801e23e56fd344
        b07f22154beba0f08ce8891e643ed995c94d9a69c9f1b5f499027a78572aeebd
        74d20cc39881c213ee770b1010e4bea718846977ae119f7a023ab58cca0ad752
        afe656bb3c17256a9f6e9bf19fdd5a38fc82bbe872c5539edb609ef4f79c203e
        bb140f2e583cb2ad15b4aa5b655016a8449277dbd477ef2c8d6c017db738b18d
        eb4a427d1923ce3ff262735779a418f20a282df920147beabe421ee5319d0568"""),
    (10, "2718281828459045235360287471352662497757247093699959574966967627",
     "3141592653589793238462643383279502884197169399375105820974944592", 0xff,
     PT_0_255 * 2,
     """1c3b3a102f770386e4836c99e370cf9bea00803f5e482357a4ae12d414a3e63b
        5d31e276f8fe4a8d66b317f9ac683f44680a86ac35adfc3345befecb4bb188fd
        5776926c49a3095eb108fd1098baec70aaa66999a72a82f27d848b21d4a741b0
        c5cd4d5fff9dac89aeba122961d03a757123e9870f8acf1000020887891429ca
        2a3e7a7d7df7b10355165c8b9a6d0a7de8b062c4500dc4cd120c0f7418dae3d0
        b5781c34803fa75421c790dfe1de1834f280d7667b327f6c8cd7557e12ac3a0f
        93ec05c52e0493ef31a12d3d9260f79a289d6a379bc70c50841473d1a8cc81ec
        583e9645e07b8d9670655ba5bbcfecc6dc3966380ad8fecb17b6ba02469a020a
        84e18e8f84252070c13e9f1f289be54fbc481457778f616015e1327a02b140f1
        505eb309326d68378f8374595c849d84f4c333ec4423885143cb47bd71c5edae
        9be69a2ffeceb1bec9de244fbe15992b11b77c040f12bd8f6a975a44a0f90c29
        a9abc3d4d893927284c58754cce294529f8614dcd2aba991925fedc4ae74ffac
        6e333b93eb4aff0479da9a410e4450e0dd7ae4c6e2910900575da401fc07059f
        645e8b7e9bfdef33943054ff84011493c27b3429eaedb4ed5376441a77ed4385
        1ad77f16f541dfd269d50d6a5f14fb0aab1cbb4c1550be97f7ab4066193c4caa
        773dad38014bd2092fa755c824bb5e54c4f36ffda9fcea70b9c6e693e148c151"""),
    (15, "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0", "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
     0x123456789a, "000102030405060708090a0b0c0d0e0f10",
     "6c1625db4671522d3d7599601de7ca09ed"),
    (16, "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0", "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
     0x123456789a, "000102030405060708090a0b0c0d0e0f1011",
     "d069444b7a7e0cab09e24447d24deb1fedbf"),
    (17, "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0", "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
     0x123456789a, "000102030405060708090a0b0c0d0e0f101112",
     "e5df1351c0544ba1350b3363cd8ef4beedbf9d"),
    (18, "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0", "bfbebdbcbbbab9b8b7b6b5b4b3b2b1b0",
     0x123456789a, "000102030405060708090a0b0c0d0e0f10111213",
     "9d84c813f719aa2c7be3f66171c7c5c2edbf9dac"),
]


def check(cond, what):
    if not cond:
        sys.exit("cases.py: %s disagrees with OpenSSL (typing error?)" % what)


def kat(s):
    """Published vectors; every one through every placement of the harness."""
    # FIPS-197
    for n, (k, p, c) in enumerate(FIPS197):
        key, pt, ct = h(k), h(p), h(c)
        check(aes_ecb(key, pt) == ct, "FIPS-197 vector %d" % n)
        name = "fips197-%s aes%d" % ("b" if n == 0 else "c%d" % n, 8 * len(key))
        s.case(name, ECB_ENC, key, pt, ct, flags=F_CREF, in_off=n, out_off=3 * n)
        s.case(name, ECB_DEC, key, ct, pt, flags=F_CREF | F_IN_GUARD)
        s.case(name, CBC_ENC, key, pt, ct, flags=F_CREF | F_IVOUT, ivout=ct)
        s.case(name, CBC_DEC, key, ct, pt, flags=F_CREF | F_IVOUT, ivout=ct)
    # SP 800-38A
    pt = h(SP800_38A_PT)
    for bits, k in SP800_38A_KEYS.items():
        key = h(k)
        for mode in ("ecb", "cbc", "ctr"):
            ct = h(SP800_38A[(mode, bits)])
            name = "sp800-38a-%s aes%d" % (mode, bits)
            fl = F_CREF | F_IVOUT
            if mode == "ecb":
                check(aes_ecb(key, pt) == ct, name)
                s.case(name, ECB_ENC, key, pt, ct, flags=F_CREF, out_off=5,
                       pieces=(16, 48))
                s.case(name, ECB_DEC, key, ct, pt, flags=F_CREF | F_IN_GUARD,
                       in_off=7)
                continue
            if mode == "cbc":
                iv = h(SP800_38A_CBC_IV)
                check(aes_cbc(key, iv, pt) == ct, name)
                s.case(name, CBC_ENC, key, pt, ct, iv=iv, ivout=ct[-16:],
                       flags=fl, in_off=1, out_off=2, pieces=(32, 16, 16))
                s.case(name, CBC_DEC, key, ct, pt, iv=iv, ivout=ct[-16:],
                       flags=fl | F_OUT_GUARD, pieces=(16, 48))
                # CBC-MAC = the last ciphertext block of CBC encryption
                s.case(name.replace("cbc", "cbcmac"), CBCMAC, key, pt, pt,
                       iv=iv, ivout=ct[-16:], flags=fl | F_IN_GUARD,
                       in_off=3, pieces=(16, 16, 32))
                continue
            iv = h(SP800_38A_CTR_IV)
            check(aes_ctr(key, iv, pt) == ct, name)
            for data, out in ((pt, ct), (ct, pt)):
                s.case(name, CTR, key, data, out, iv=iv, ivout=ctr_add(iv, 4),
                       flags=fl | F_IN_GUARD, out_off=9, pieces=(48, 16))
            # every prefix length: the partial final block
            for n in range(1, 64):
                s.case(name, CTR, key, pt[:n], ct[:n], iv=iv,
                       ivout=ctr_add(iv, (n + 15) // 16),
                       flags=fl | (F_IN_GUARD if n & 1 else F_OUT_GUARD),
                       in_off=n % 16, out_off=(3 * n) % 16)
    # IEEE 1619
    for vec, k1, k2, seq, p, c in IEEE1619:
        key1, key2, pt, ct = h(k1), h(k2), h(p), h(c)
        iv = seq.to_bytes(16, "little")
        check(xts_ref(key1, key2, iv, pt) == ct, "IEEE 1619 vector %d" % vec)
        if key1 != key2:
            check(xts(key1, key2, iv, pt) == ct, "IEEE 1619 vector %d" % vec)
        name = "ieee1619-xts aes%d" % (8 * len(key1))
        n = len(pt)
        tw = xts_tweak_out(key2, iv, n // 16)
        fl = F_CREF | (F_IVOUT if n % 16 == 0 else 0)
        pieces = (32, n - 32) if n >= 64 else ()
        s.case(name, XTS_ENC, key1, pt, ct, key2=key2, iv=iv, ivout=tw,
               flags=fl | F_IN_GUARD, out_off=vec % 16, pieces=pieces)
        s.case(name, XTS_DEC, key1, ct, pt, key2=key2, iv=iv, ivout=tw,
               flags=fl | F_OUT_GUARD, in_off=vec % 16, pieces=pieces)


# ---------------------------------------------------------------- random
def rand_len(rng, op):
    """Lengths 1 B .. 4 KiB.  Mostly short: a block costs some 10 us in the
    cores under qemu and 100 us in the portable C; boundaries often."""
    r = rng.random()
    if r < 0.04:
        n = rng.choice((1, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65,
                        4080, 4095, 4096))
    elif r < 0.75:
        n = rng.randint(1, 80)
    elif r < 0.975:
        n = rng.randint(81, 512)
    else:
        n = rng.randint(513, 4096)
    if op in (ECB_ENC, ECB_DEC, CBC_ENC, CBC_DEC, CBCMAC):
        n = (n + 15) // 16 * 16
    if op in (XTS_ENC, XTS_DEC):
        if rng.random() < 0.3:      # whole blocks: the tweak out is checked
            n = (n + 15) // 16 * 16
        n = max(n, 16)
    return n


def rand_pieces(rng, op, n):
    """Split points for the several-calls run (blocks, tail in the last)."""
    nblk = n // 16
    if op in (XTS_ENC, XTS_DEC) and n % 16:
        nblk -= 1                 # the last call gets the stolen block too
    if nblk < 2 or rng.random() < 0.7:
        return ()
    k = rng.randint(1, min(MAXPIECES - 1, nblk - 1))
    cuts = sorted(rng.sample(range(1, nblk), k))
    if rng.random() < 0.1:
        cuts = [0] + cuts[:MAXPIECES - 2]     # a zero-length call first
    edges = [0] + [16 * c for c in cuts] + [n]
    return tuple(b - a for a, b in zip(edges, edges[1:]))


def rand_ctr(rng):
    """Counters that carry across the 32-, 64-, 96-bit words and wrap."""
    r = rng.random()
    if r < 0.6:
        return rng.randbytes(16)
    if r < 0.65:
        return b"\xff" * 16
    ones = rng.choice((4, 8, 12, 16))   # low bytes all ones, minus a little
    v = int.from_bytes(rng.randbytes(16), "big")
    v |= (1 << (8 * ones)) - 1
    v -= rng.randint(0, 40)
    return (v % (1 << 128)).to_bytes(16, "big")


def rand_key(rng, n):
    return b"\xff" * n if rng.random() < 0.02 else rng.randbytes(n)


def random_cases(s, seed, count):
    for op in range(8):
        for klen in (16, 24, 32):
            rng = random.Random("%d/%d/%d" % (seed, op, klen))
            name = "random-%s aes%d" % (OPNAMES[op], 8 * klen)
            xtsop = op in (XTS_ENC, XTS_DEC)
            # CBC-MAC is CBC encryption's loop without the stores: a
            # quarter of the cases
            for c in range(count if op != CBCMAC else count // 4):
                if xtsop and c < 33 * 3:
                    n = 16 + c % 33       # every XTS length 16 .. 48
                else:
                    n = rand_len(rng, op)
                # a key serves a few cases (key expansion costs 200 us
                # under qemu); some 625 keys per group all the same
                if c % 16 == 0:
                    key = rand_key(rng, klen)
                    if xtsop:
                        r = rng.random()
                        key2 = (key if r < 0.03 else b"\xff" * klen if r < 0.06
                                else rng.randbytes(klen))
                    else:
                        key2 = b""
                if op == CTR:
                    iv = rand_ctr(rng)
                elif rng.random() < 0.03:
                    iv = b"\xff" * 16
                else:
                    iv = rng.randbytes(16)
                data = rng.randbytes(n)
                out, ivout = expected(op, key, key2, iv, data)
                flags = 0
                if op not in (ECB_ENC, ECB_DEC) and (not xtsop or n % 16 == 0):
                    flags |= F_IVOUT
                # the C reference (the portable bit-sliced AES, some 20x
                # the cost of the cores under qemu) runs on every other
                # case of any length, and on every XTS length 16..48 once
                if c % 2 == 1 or (xtsop and c < 33):
                    flags |= F_CREF
                r = rng.random()
                flags |= (F_OOP if r < 0.45 else F_INPLACE if r < 0.9
                          else F_OOP | F_INPLACE)
                r = rng.random()
                if r < 0.25:
                    flags |= F_IN_GUARD
                elif r < 0.4:
                    flags |= F_OUT_GUARD
                elif r < 0.5:
                    flags |= F_IN_GUARD | F_OUT_GUARD
                s.case(name, op, key, data, out, key2=key2, iv=iv,
                       ivout=ivout, flags=flags, in_off=rng.randrange(16),
                       out_off=rng.randrange(16),
                       pieces=rand_pieces(rng, op, n))


def selfcheck():
    """xts_ref against OpenSSL's XTS, so AES-192-XTS cases can be trusted."""
    rng = random.Random(7)
    for n in range(200):
        kl = rng.choice((16, 32))
        k1, k2, iv = rng.randbytes(kl), rng.randbytes(kl), rng.randbytes(16)
        data = rng.randbytes(rng.randint(16, 100))
        for enc in (True, False):
            check(xts_ref(k1, k2, iv, data, enc) == xts(k1, k2, iv, data, enc),
                  "xts_ref")


def main():
    seed = int(os.environ.get("CTNEON_TEST_SEED", "1"))
    count = int(os.environ.get("CTNEON_TEST_CASES", "10000"))
    f = open(sys.argv[1], "wb") if len(sys.argv) > 1 else sys.stdout.buffer
    selfcheck()
    s = Stream(f)
    kat(s)
    random_cases(s, seed, count)
    s.end()
    f.close()


if __name__ == "__main__":
    main()
