#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/unit/mac-cases.py: the cases of tests/unit/mac-test.c, one per
# line, with the expected results from OpenSSL (python3-cryptography):
#
#   M ALG KEY MSG MAC           ALG 0 cmac, 1 xcbc, 2 cbcmac (zero-padded)
#   C KEY IV AUTHSIZE AAD PT CT   ccm: IV is L' || nonce || 0*, CT has the tag
#   E COUNT                     the end: the number of cases written
#
# (hex fields, "-" for an empty one).  Published vectors first (RFC 4493
# for CMAC, RFC 3566 for XCBC, RFC 3610 packet vector 1 for CCM, each
# checked here against OpenSSL or, for XCBC, which OpenSSL lacks, against
# the small implementation below over OpenSSL's AES), then random cases at
# every length around the block edges.  CTNEON_MAC_SEED, CTNEON_MAC_CASES.

import os
import random
import sys

from cryptography.hazmat.primitives import cmac
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESCCM

CMAC, XCBC, CBCMAC = range(3)


def h(s):
    return bytes.fromhex(s.replace(" ", ""))


def x(b):
    return b.hex() if b else "-"


def aes_ecb(key, data):
    e = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return e.update(data) + e.finalize()


def openssl_cmac(key, msg):
    c = cmac.CMAC(algorithms.AES(key))
    c.update(msg)
    return c.finalize()


def xcbc(key, msg):
    """RFC 3566 from AES-ECB."""
    k1, k2, k3 = (aes_ecb(key, bytes([i]) * 16) for i in (1, 2, 3))
    e = bytes(16)
    blocks = [msg[i:i + 16] for i in range(0, len(msg), 16)] or [b""]
    for b in blocks[:-1]:
        e = aes_ecb(k1, bytes(a ^ c for a, c in zip(e, b)))
    last = blocks[-1]
    if len(last) == 16:
        k = k2
    else:
        last = last + b"\x80" + bytes(15 - len(last))
        k = k3
    return aes_ecb(k1, bytes(a ^ b ^ c for a, b, c in zip(e, last, k)))


def cbcmac(key, msg):
    """CBC-MAC with a zero-padded last block (0^128 for no message)."""
    pad = msg + bytes(-len(msg) % 16)
    if not pad:
        return bytes(16)
    e = Cipher(algorithms.AES(key), modes.CBC(bytes(16))).encryptor()
    return (e.update(pad) + e.finalize())[-16:]


def mac(alg, key, msg):
    return (openssl_cmac, xcbc, cbcmac)[alg](key, msg)


def ccm(key, nonce, authsize, aad, pt):
    return AESCCM(key, tag_length=authsize).encrypt(nonce, pt, aad or None)


def check(cond, what):
    if not cond:
        sys.exit("mac-cases.py: published vector disagrees: " + what)


class Out:
    def __init__(self, f):
        self.f, self.n = f, 0

    def m(self, alg, key, msg, tag):
        self.f.write("M %d %s %s %s\n" % (alg, x(key), x(msg), x(tag)))
        self.n += 1

    def c(self, key, nonce, authsize, aad, pt, ct):
        iv = bytes([15 - len(nonce) - 1]) + nonce + bytes(15 - len(nonce))
        self.f.write("C %s %s %d %s %s %s\n" % (x(key), x(iv), authsize,
                                                x(aad), x(pt), x(ct)))
        self.n += 1


def published(o):
    k = h("2b7e1516 28aed2a6 abf71588 09cf4f3c")
    m = h("6bc1bee2 2e409f96 e93d7e11 7393172a ae2d8a57 1e03ac9c 9eb76fac 45af8e51"
          "30c81c46 a35ce411 e5fbc119 1a0a52ef f69f2445 df4f9b17 ad2b417b e66c3710")
    for n, t in ((0, "bb1d6929 e9593728 7fa37d12 9b756746"),
                 (16, "070a16b4 6b4d4144 f79bdd9d d04a287c"),
                 (40, "dfa66747 de9ae630 30ca3261 1497c827"),
                 (64, "51f0bebf 7e3b9d92 fc497417 79363cfe")):
        check(openssl_cmac(k, m[:n]) == h(t), "RFC 4493, %d bytes" % n)
        o.m(CMAC, k, m[:n], h(t))
    k = bytes(range(16))
    for n, t in ((0, "75f0251d528ac01c4573dfd584d79f29"),
                 (3, "5b376580ae2f19afe7219ceef172756f"),
                 (16, "d2a246fa349b68a79998a4394ff7a263"),
                 (20, "47f51b4564966215b8985c63055ed308"),
                 (32, "f54f0ec8d2b9f3d36807734bd5283fd4"),
                 (34, "becbb3bccdb518a30677d5481fb6b4d8")):
        msg = bytes(range(n))
        check(xcbc(k, msg) == h(t), "RFC 3566, %d bytes" % n)
        o.m(XCBC, k, msg, h(t))
    k = h("C0 C1 C2 C3 C4 C5 C6 C7 C8 C9 CA CB CC CD CE CF")
    nonce = h("00 00 00 03 02 01 00 A0 A1 A2 A3 A4 A5")
    aad, pt = bytes(range(8)), bytes(range(8, 31))
    ct = h("588C979A 61C663D2 F066D0C2 C0F98980 6D5F6B61 DAC384 17E8D12C FDF926E0")
    check(ccm(k, nonce, 8, aad, pt) == ct, "RFC 3610 packet vector 1")
    o.c(k, nonce, 8, aad, pt, ct)


EDGES = (0, 1, 2, 15, 16, 17, 31, 32, 33, 47, 48, 49, 63, 64, 65, 127, 128,
         129, 255, 256, 257, 4095, 4096, 4097)


def rand_len(rng):
    r = rng.random()
    if r < 0.3:
        return rng.choice(EDGES)
    if r < 0.85:
        return rng.randint(0, 300)
    return rng.randint(301, 5000)


def random_cases(o, rng, count):
    for alg in (CMAC, XCBC, CBCMAC):
        for c in range(count):
            # XCBC is RFC 3566's AES-128; the others take every AES key
            klen = 16 if alg == XCBC else rng.choice((16, 24, 32))
            msg = rng.randbytes(c if c < 70 else rand_len(rng))
            key = rng.randbytes(klen)
            o.m(alg, key, msg, mac(alg, key, msg))
    for c in range(count):
        klen = rng.choice((16, 24, 32))
        nlen = rng.randint(7, 13)                  # L = 15 - nlen: 2..8
        authsize = rng.choice((4, 6, 8, 10, 12, 14, 16))
        alen = c % 40 if c < 80 else rand_len(rng)
        if rng.random() < 0.01:
            alen = rng.randint(0xfefe, 0xff10)     # the 6-byte length
        plen = c % 70 if c < 140 else rand_len(rng)
        if nlen == 13:
            plen = min(plen, 0xffff)               # fits in L = 2 bytes
        key, nonce = rng.randbytes(klen), rng.randbytes(nlen)
        aad, pt = rng.randbytes(alen), rng.randbytes(plen)
        o.c(key, nonce, authsize, aad, pt, ccm(key, nonce, authsize, aad, pt))


def main():
    seed = int(os.environ.get("CTNEON_MAC_SEED", "1"))
    count = int(os.environ.get("CTNEON_MAC_CASES", "250"))
    o = Out(sys.stdout)
    published(o)
    random_cases(o, random.Random(seed), count)
    o.f.write("E %d\n" % o.n)


if __name__ == "__main__":
    main()
