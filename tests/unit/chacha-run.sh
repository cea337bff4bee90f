#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# User-space test of a ChaCha20/Poly1305 core: tests/unit/chacha-run.sh arm|arm64
#
# Builds tests/unit/chacha-test.c with <arch>/chacha-poly-neon-core.S
# (statically, with the cross compiler, through the shim headers of
# tests/unit/shim/<arch>), runs it under qemu-user and feeds it a stream of
# records made here with /usr/bin/python3's `cryptography` and a
# big-integer Poly1305: the RFC 8439 and draft-irtf-cfrg-xchacha vectors
# (each checked against OpenSSL first, so a typing error cannot pass for a
# core bug), the Poly1305 final-reduction edge vectors, the module's
# portable ChaCha (chacha-ct.c) against the C reference, and random ChaCha20,
# Poly1305 and ChaCha20-Poly1305 cases (lengths 0..16 KiB, AAD 0..256).
# arm: the ARM build gets the stream, the Thumb-2 build the fixed tests.
# Then tests/unit/intonly.sh checks that the Poly1305 entry points of the
# objects are integer-only, with deliberately bad objects as controls.
# Prints "ok <name>" / "FAIL <name>" lines and a closing "N passed, N
# failed"; exits non-zero on any failure.
#
# Environment:
#   CTNEON_CHACHA_CASES  random stream cases in all (default 10000)
#   CTNEON_CHACHA_SEED   seed of the stream (default 1)
#   CTNEON_CHACHA_CORE   another core source instead of <arch>/chacha-poly-neon-core.S
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
py=/usr/bin/python3
arch=${1:-}

. "$here/cross.sh"
core=${CTNEON_CHACHA_CORE:-$top/$arch/chacha-poly-neon-core.S}


tmp=$(mktemp -d "${TMPDIR:-/tmp}/ctneon-chacha.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
inc=(-I"$top" -I"$top/tests/unit/shim/$arch" -I"$here")

cat >"$tmp/gen.py" <<'PYEOF'
import os, sys, random, struct
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives import poly1305 as cpoly

n_cases = int(os.environ.get("CTNEON_CHACHA_CASES", "10000"))
rnd = random.Random(int(os.environ.get("CTNEON_CHACHA_SEED", "1")))
out = open(sys.argv[1], "wb") if len(sys.argv) > 1 and sys.argv[1] != "-" else sys.stdout.buffer
T_CHACHA, T_POLY, T_AEAD, T_XAEAD, T_HCHACHA = range(5)
G_RFC_CHACHA, G_RFC_POLY, G_RFC_AEAD, G_XCHACHA, G_EDGE, G_RND_CHACHA, G_RND_POLY, G_RND_AEAD = range(8)
P = (1 << 130) - 5
M128 = (1 << 128) - 1
H = bytes.fromhex

def rb(n):
    return rnd.getrandbits(8 * n).to_bytes(n, "little") if n else b""

# ---- references: cryptography (OpenSSL) and a big-integer Poly1305 ------
def chacha(key, ctr, nonce, data):
    e = Cipher(algorithms.ChaCha20(key, struct.pack("<I", ctr) + nonce), None).encryptor()
    return e.update(data) + e.finalize()

def poly_ref(key, msg):
    """RFC 8439 2.5: whole 16-byte blocks plus 2^128 (len % 16 == 0 here)."""
    r = int.from_bytes(key[:16], "little") & 0x0ffffffc0ffffffc0ffffffc0fffffff
    s = int.from_bytes(key[16:], "little")
    h = 0
    for i in range(0, len(msg), 16):
        blk = msg[i:i + 16]
        h = (h + int.from_bytes(blk + b"\x01", "little")) * r % P
    return ((h + s) & M128).to_bytes(16, "little")

def poly(key, msg):
    t = poly_ref(key, msg)
    assert t == cpoly.Poly1305.generate_tag(key, msg), "poly1305 reference disagrees with OpenSSL"
    return t

def emit(typ, group, key, iv, a=b"", b=b"", c=b"", tag=b""):
    # header: type, group, len(a), len(b); then key[32], iv[24], a, b, c, tag[16]
    out.write(struct.pack("<BBHII", typ, group, 0, len(a), len(b)))
    out.write(key + iv.ljust(24, b"\0") + a + b + c + tag.ljust(16, b"\0"))

def emit_chacha(group, key, ctr, nonce, data, expect=None):
    res = chacha(key, ctr, nonce, data)
    if expect is not None:
        assert res == expect, "published ChaCha20 vector disagrees with OpenSSL"
    emit(T_CHACHA, group, key, struct.pack("<I", ctr) + nonce, b"", data, res)

def emit_poly(group, key, msg, expect=None):
    t = poly(key, msg)
    if expect is not None:
        assert t == expect, "published Poly1305 vector disagrees"
    emit(T_POLY, group, key, b"", b"", msg, b"", t)

def emit_aead(group, key, nonce, aad, pt, ct=None, tag=None):
    r = ChaCha20Poly1305(key).encrypt(nonce, pt, aad)
    if ct is not None:
        assert r[:-16] == ct and r[-16:] == tag, "published AEAD vector disagrees with OpenSSL"
    emit(T_AEAD, group, key, nonce, aad, pt, r[:-16], r[-16:])

# ---- RFC 8439 published vectors ------------------------------------------
k0 = bytes(32)
# 2.3.2 (block function, counter 1) as the keystream of 64 zero bytes
b232 = b"".join(struct.pack("<I", w) for w in (
    0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3, 0xc7f4d1c7, 0x0368c033, 0x9aaa2204, 0x4e6cd4c3,
    0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9, 0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2))
emit_chacha(G_RFC_CHACHA, bytes(range(32)), 1, H("000000090000004a00000000"), bytes(64), b232)
# A.1 #1..#5 (block function)
def words(*w):
    return b"".join(struct.pack("<I", x) for x in w)
A1 = [
    (k0, 0, bytes(12), words(0xade0b876, 0x903df1a0, 0xe56a5d40, 0x28bd8653, 0xb819d2bd, 0x1aed8da0, 0xccef36a8, 0xc70d778b,
                             0x7c5941da, 0x8d485751, 0x3fe02477, 0x374ad8b8, 0xf4b8436a, 0x1ca11815, 0x69b687c3, 0x8665eeb2)),
    (k0, 1, bytes(12), words(0xbee7079f, 0x7a385155, 0x7c97ba98, 0x0d082d73, 0xa0290fcb, 0x6965e348, 0x3e53c612, 0xed7aee32,
                             0x7621b729, 0x434ee69c, 0xb03371d5, 0xd539d874, 0x281fed31, 0x45fb0a51, 0x1f0ae1ac, 0x6f4d794b)),
    (bytes(31) + b"\x01", 1, bytes(12),
     words(0x2452eb3a, 0x9249f8ec, 0x8d829d9b, 0xddd4ceb1, 0xe8252083, 0x60818b01, 0xf38422b8, 0x5aaa49c9,
           0xbb00ca8e, 0xda3ba7b4, 0xc4b592d1, 0xfdf2732f, 0x4436274e, 0x2561b3c8, 0xebdd4aa6, 0xa0136c00)),
    (b"\x00\xff" + bytes(30), 2, bytes(12),
     words(0xfb4dd572, 0x4bc42ef1, 0xdf922636, 0x327f1394, 0xa78dea8f, 0x5e269039, 0xa1bebbc1, 0xcaf09aae,
           0xa25ab213, 0x48a6b46c, 0x1b9d9bcb, 0x092c5be6, 0x546ca624, 0x1bec45d5, 0x87f47473, 0x96f0992e)),
    (k0, 0, bytes(11) + b"\x02",
     words(0x374dc6c2, 0x3736d58c, 0xb904e24a, 0xcd3f93ef, 0x88228b1a, 0x96a4dfb3, 0x5b76ab72, 0xc727ee54,
           0x0e0e978a, 0xf3145c95, 0x1b748ea8, 0xf786c297, 0x99c28f5f, 0x628314e8, 0x398a19fa, 0x6ded1b53)),
]
for key, ctr, nonce, ks in A1:
    emit_chacha(G_RFC_CHACHA, key, ctr, nonce, bytes(64), ks)
sun = (b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
       b"sunscreen would be it.")
emit_chacha(G_RFC_CHACHA, bytes(range(32)), 1, H("000000000000004a00000000"), sun, H(
    "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
    "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
    "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
    "5af90bbf74a35be6b40b8eedf2785e42874d"))
ietf = (b"Any submission to the IETF intended by the Contributor for publication as all or part of an "
        b"IETF Internet-Draft or RFC and any statement made within the context of an IETF activity is "
        b"considered an \"IETF Contribution\". Such statements include oral statements in IETF sessions, "
        b"as well as written and electronic communications made at any time or place, which are addressed to")
emit_chacha(G_RFC_CHACHA, k0, 0, bytes(12), bytes(64), H(
    "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
    "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"))
emit_chacha(G_RFC_CHACHA, bytes(31) + b"\x01", 1, bytes(11) + b"\x02", ietf, H(
    "a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec"
    "2a97948bd3722915c8f3d337f7d370050e9e96d647b7c39f56e031ca5eb6250d"
    "4042e02785ececfa4b4bb5e8ead0440e20b6e8db09d881a7c6132f420e527950"
    "42bdfa7773d8a9051447b3291ce1411c680465552aa6c405b7764d5e87bea85a"
    "d00f8449ed8f72d0d662ab052691ca66424bc86d2df80ea41f43abf937d3259d"
    "c4b2d0dfb48a6c9139ddd7f76966e928e635553ba76c5c879d7b35d49eb2e62b"
    "0871cdac638939e25e8a1e0ef9d5280fa8ca328b351c3c765989cbcf3daa8b6c"
    "cc3aaf9f3979c92b3720fc88dc95ed84a1be059c6499b9fda236e7e818b04b0b"
    "c39c1e876b193bfe5569753f88128cc08aaa9b63d1a16f80ef2554d7189c411f"
    "5869ca52c5b83fa36ff216b9c1d30062bebcfd2dc5bce0911934fda79a86f6e6"
    "98ced759c3ff9b6477338f3da4f9cd8514ea9982ccafb341b2384dd902f3d1ab"
    "7ac61dd29c6f21ba5b862f3730e37cfdc4fd806c22f221"))
jab = H("2754776173206272696c6c69672c20616e642074686520736c6974687920746f"
        "7665730a446964206779726520616e642067696d626c6520696e207468652077"
        "6162653a0a416c6c206d696d737920776572652074686520626f726f676f7665"
        "732c0a416e6420746865206d6f6d65207261746873206f757467726162652e")
kA23 = H("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0")
emit_chacha(G_RFC_CHACHA, kA23, 42, bytes(11) + b"\x02", jab, H(
    "62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf"
    "166d3df2d721caf9b21e5fb14c616871fd84c54f9d65b283196c7fe4f60553eb"
    "f39c6402c42234e32a356b3e764312a61a5532055716ead6962568f87d3f3f77"
    "04c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188d1"))
# 2.6.2 and A.4 (Poly1305 key generation = the first 32 bytes of block 0)
emit_chacha(G_RFC_CHACHA, bytes(range(0x80, 0xa0)), 0, H("000000000001020304050607"), bytes(32),
            H("8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646"))
emit_chacha(G_RFC_CHACHA, k0, 0, bytes(12), bytes(32),
            H("76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"))

# 2.5.2 and A.3: the core has whole blocks only (the contract's
# ctneon_poly1305_blocks adds 2^128 to every block), so the vectors whose
# length is not a multiple of 16 (2.5.2: 34 B, A.3 #2-#4) are checked
# against the C reference only (flag in the iv field: byte 0 = 1).
def emit_poly_pub(key, msg, tag):
    t = cpoly.Poly1305.generate_tag(key, msg)
    assert t == tag, "published Poly1305 vector disagrees with OpenSSL"
    emit(T_POLY, G_RFC_POLY, key, b"\x01" if len(msg) % 16 else b"", b"", msg, b"", t)
emit_poly_pub(H("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"),
              b"Cryptographic Forum Research Group", H("a8061dc1305136c6c22b8baf0c0127a9"))
emit_poly_pub(bytes(32), bytes(64), bytes(16))
emit_poly_pub(bytes(16) + H("36e5f6b5c5e06070f0efca96227a863e"), ietf, H("36e5f6b5c5e06070f0efca96227a863e"))
emit_poly_pub(H("36e5f6b5c5e06070f0efca96227a863e") + bytes(16), ietf, H("f3477e7cd95417af89a6b8794c310cf0"))
emit_poly_pub(kA23, jab, H("4541669a7eaaee61e708dc7cbcc5eb62"))
A3 = [
    ("02" + "00" * 31, "ff" * 16, "03" + "00" * 15),
    ("02" + "00" * 15 + "ff" * 16, "02" + "00" * 15, "03" + "00" * 15),
    ("01" + "00" * 31, "ff" * 16 + "f0" + "ff" * 15 + "11" + "00" * 15, "05" + "00" * 15),
    ("01" + "00" * 31, "ff" * 16 + "fb" + "fe" * 15 + "01" * 16, "00" * 16),
    ("02" + "00" * 31, "fd" + "ff" * 15, "fa" + "ff" * 15),
    ("0100000000000000040000000000000000000000000000000000000000000000",
     "e33594d7505e43b90000000000000000" "3394d7505e4379cd0100000000000000"
     "00000000000000000000000000000000" "01000000000000000000000000000000",
     "14000000000000005500000000000000"),
    ("0100000000000000040000000000000000000000000000000000000000000000",
     "e33594d7505e43b90000000000000000" "3394d7505e4379cd0100000000000000"
     "00000000000000000000000000000000", "13000000000000000000000000000000"),
]
for k, m, t in A3:
    emit_poly_pub(H(k), H(m), H(t))

# 2.8.2 and A.5 (AEAD)
emit_aead(G_RFC_AEAD, bytes(range(0x80, 0xa0)), H("070000004041424344454647"), H("50515253c0c1c2c3c4c5c6c7"), sun,
          H("d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
            "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
            "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
            "3ff4def08e4b7a9de576d26586cec64b6116"), H("1ae10b594f09e26a7e902ecbd0600691"))
a5ct = H("64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb2"
         "4c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf"
         "332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855"
         "9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4"
         "b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523e"
         "af4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a"
         "0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a10"
         "49e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29"
         "a6ad5cb4022b02709b")
a5pt = H("496e7465726e65742d4472616674732061726520647261667420646f63756d65"
         "6e74732076616c696420666f722061206d6178696d756d206f6620736978206d"
         "6f6e74687320616e64206d617920626520757064617465642c207265706c6163"
         "65642c206f72206f62736f6c65746564206279206f7468657220646f63756d65"
         "6e747320617420616e792074696d652e20497420697320696e617070726f7072"
         "6961746520746f2075736520496e7465726e65742d4472616674732061732072"
         "65666572656e6365206d6174657269616c206f7220746f206369746520746865"
         "6d206f74686572207468616e206173202fe2809c776f726b20696e2070726f67"
         "726573732e2fe2809d")
emit_aead(G_RFC_AEAD, kA23, H("000000000102030405060708"), H("f33388860000000000004e91"), a5pt,
          a5ct, H("eead9d67890cbb22392336fea1851f38"))

# draft-irtf-cfrg-xchacha: HChaCha20 (2.2.1) and AEAD_XCHACHA20_POLY1305 (A.3.1)
emit(T_HCHACHA, G_XCHACHA, bytes(range(32)), H("000000090000004a0000000031415927"), b"", b"",
     H("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc"))
emit(T_XAEAD, G_XCHACHA, bytes(range(0x80, 0xa0)), H("404142434445464748494a4b4c4d4e4f5051525354555657"),
     H("50515253c0c1c2c3c4c5c6c7"), sun,
     H("bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"
       "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452"
       "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
       "21f9664c97637da9768812f615c68b13b52e"), H("c0875924c1c7987947deafd8780acf49"))

# ---- Poly1305 final-reduction edge vectors --------------------------------
def blk(v):
    return v.to_bytes(16, "little")

def rkey(r, s):
    return r.to_bytes(16, "little") + s.to_bytes(16, "little")

S_LIST = [0, M128, 1 << 127, 5, M128 - 4]
# (a) r = 1: three blocks 0, 0, v - 3*2^128 leave exactly h = v before the
# final reduction (no fold happens), v in [3*2^128, 2^130).
for v in [P - 6, P - 5 + 0 - 1, P, P + 1, P + 2, P + 3, P + 4, (1 << 130) - 1, (1 << 130) - 2,
          3 << 128, (3 << 128) + M128 - 5, P - 1 - (1 << 64), P - (1 << 64), P + 4 - (1 << 64)]:
    for s in S_LIST:
        emit_poly(G_EDGE, rkey(1, s), blk(0) + blk(0) + blk(v - (3 << 128)))
# (b) small r = 2^j: block 0 gives h = 2^128 r exactly; the second block
# sets the pre-multiplication sum to 2^130 - 1 - k, so the product's top
# limb is all ones and the fold of bits >= 130 carries through all limbs
# (h2 reaches 4 after the partial reduction: the seed 002 case).
for j in range(1, 28):
    r = 1 << j
    for k in range(0, 12):
        X = (1 << 128) * r
        if X >= 1 << 130:
            # r >= 4: use block value 0 and r itself would fold; instead
            # rely on r = 1 prefix-free form: a single block
            pre = (1 << 130) - 1 - k - (1 << 128)
            if 0 <= pre <= M128:
                for s in (0, M128):
                    emit_poly(G_EDGE, rkey(r, s), blk(pre))
            # and sums that sit just above 2^130 after the fold
            continue
        m2 = (1 << 130) - 1 - k - X - (1 << 128)
        if 0 <= m2 <= M128:
            for s in (0, M128, rnd.getrandbits(128)):
                emit_poly(G_EDGE, rkey(r, s), blk(0) + blk(m2))
# (c) any r (random and the largest clamped): random prefix, then a last
# block chosen so that the final value mod p is a target near 0, p and
# 2^128 (the tag additions wrap with s near 2^128).
RMAX = 0x0ffffffc0ffffffc0ffffffc0fffffff
targets = [0, 1, 2, 3, 4, 5, 6, P - 1, P - 2, P - 3, P - 4, P - 5, M128, M128 - 1, 1 << 128, (1 << 128) + 1,
           (1 << 128) + 4, (1 << 129) - 1, (3 << 128) - 1, (3 << 128) + 5]
for t in targets:
    for rr in range(6):
        r = RMAX if rr == 0 else (rnd.getrandbits(128) & RMAX) | (1 if rr == 1 else 0)
        if r == 0:
            continue
        rinv = pow(r, -1, P)
        for _ in range(100):
            nb = rnd.choice([0, 1, 2, 3, 7, 16, 17])
            prefix = rb(16 * nb)
            h = 0
            for i in range(nb):
                h = (h + int.from_bytes(prefix[16 * i:16 * i + 16] + b"\x01", "little")) * r % P
            m = (t * rinv - h - (1 << 128)) % P
            if m <= M128:
                s = rnd.choice([0, M128, M128 - 4, rnd.getrandbits(128)])
                emit_poly(G_EDGE, rkey(r, s), prefix + blk(m))
                break

# ---- random differential ---------------------------------------------------
def length(maxlen):
    x = rnd.random()
    if x < 0.5:
        return rnd.randint(0, 300)
    if x < 0.8:
        return rnd.randint(0, 1100)
    if x < 0.95:
        return rnd.randint(0, 4200)
    return rnd.randint(0, maxlen)

for i in range(n_cases // 3):
    key = rb(32) if i % 16 else b"\xff" * 32
    n = length(16384)
    ctr = rnd.getrandbits(32)
    if ctr + (n + 63) // 64 >= 1 << 32:		# OpenSSL carries into word 13
        ctr = rnd.getrandbits(24)
    emit_chacha(G_RND_CHACHA, key, ctr, rb(12), rb(n))
for i in range(n_cases // 3):
    key = rb(32) if i % 16 else b"\xff" * 32
    emit_poly(G_RND_POLY, key, rb(16 * (length(16384) // 16)))
for i in range(n_cases - 2 * (n_cases // 3)):
    key = rb(32) if i % 16 else b"\xff" * 32
    aad = rb(rnd.choice([0, 0, 8, 12, 16, 20, rnd.randint(0, 256)]))
    emit_aead(G_RND_AEAD, key, rb(12), aad, rb(length(16384)))
out.close()
PYEOF

# build: $1 = suffix, the rest extra flags (-marm / -mthumb on arm)
build() {
	local sfx=$1
	shift
	{ $cc -O2 -Wall -Wextra "$@" "${cflags[@]}" "${asflags[@]}" -D__ASSEMBLY__ \
		-Wa,--noexecstack "${inc[@]}" -c "$core" -o "$tmp/core$sfx.o" &&
	  $cc -O2 -Wall -Wextra "$@" "${cflags[@]}" "${asflags[@]}" -D__ASSEMBLY__ \
		-Wa,--noexecstack "${inc[@]}" -c "$top/$arch/copy-neon.S" -o "$tmp/copy$sfx.o" &&
	  $cc -O2 -static -Wall -Wextra "$@" "${cflags[@]}" "${inc[@]}" -o "$tmp/chacha-test$sfx" \
		"$here/chacha-test.c" "$top/chacha-ct.c" "$tmp/core$sfx.o" "$tmp/copy$sfx.o"; } >"$tmp/build$sfx.log" 2>&1 &&
	[ ! -s "$tmp/build$sfx.log" ]
}

ok=0; bad=0; status=0
t0=$(date +%s)
if ! build "" "${mode[@]}"; then
	cat "$tmp/build.log"
	echo "FAIL $arch: build (or warnings)"
	echo "0 passed, 1 failed"
	exit 1
fi
$py "$tmp/gen.py" - 2>"$tmp/gen.err" | $qemu "$tmp/chacha-test" - >"$tmp/out" 2>&1
rcs=("${PIPESTATUS[@]}")
if [ "${rcs[0]}" -ne 0 ]; then
	cat "$tmp/gen.err"
	echo "FAIL $arch: case generator"
	bad=$((bad + 1)); status=1
fi
tally "$arch" "$tmp/out" "${rcs[1]}"
echo "# $arch: ran in $(( $(date +%s) - t0 ))s"

if [ "$arch" = arm ]; then
	t0=$(date +%s)
	if build "-t32" -mthumb; then
		$qemu "$tmp/chacha-test-t32" >"$tmp/out-t32" 2>&1
		tally arm-thumb2 "$tmp/out-t32" $?
	else
		cat "$tmp/build-t32.log"
		echo "FAIL arm-thumb2: build (or warnings)"
		bad=$((bad + 1)); status=1
	fi
	echo "# arm-thumb2: ran in $(( $(date +%s) - t0 ))s"
fi
# The Poly1305 entry points must be integer-only (issue #21, item 3):
# intonly.sh disassembles them in the objects just built, and must catch
# one FP/SIMD instruction put into each of them (a harmless move of a
# register to itself, which no run could see).  Then the run-time side
# (item 7): a core whose ctneon_poly1305_blocks clears one caller-saved
# vector register must fail the "untouched" group of chacha-test.
t0=$(date +%s)
case $arch in
arm64)	badmove='fmov d31, d31'; badclear='movi v16.16b, #0' ;;
arm)	badmove='vmov d31, d31'; badclear='vmov.i8 q8, #0' ;;
esac
objs=("$tmp/core.o")
[ "$arch" = arm ] && [ -e "$tmp/core-t32.o" ] && objs+=("$tmp/core-t32.o")
for o in "${objs[@]}"; do
	"$here/intonly.sh" "$arch" "$o" >"$tmp/intonly.out" 2>&1
	rc=$?
	tally "$arch-$(basename "$o" .o)" "$tmp/intonly.out" $rc
done
: >"$tmp/ctl.out"
for s in init blocks final; do
	sed "/SYM_FUNC_START(ctneon_poly1305_$s)/a\\	$badmove" "$core" >"$tmp/bad-$s.S"
	if ! grep -q "$badmove" "$tmp/bad-$s.S" ||
	   ! $cc -O2 "${mode[@]}" "${cflags[@]}" "${asflags[@]}" -D__ASSEMBLY__ "${inc[@]}" \
		-c "$tmp/bad-$s.S" -o "$tmp/bad-$s.o" >"$tmp/bad-$s.log" 2>&1; then
		echo "FAIL control $s: cannot build the bad object ($(head -c 200 "$tmp/bad-$s.log"))" >>"$tmp/ctl.out"
	elif "$here/intonly.sh" "$arch" "$tmp/bad-$s.o" "ctneon_poly1305_$s" >"$tmp/bad-$s.out" 2>&1; then
		echo "FAIL control $s: '$badmove' in ctneon_poly1305_$s not caught" >>"$tmp/ctl.out"
	else
		echo "ok control: intonly.sh catches '$badmove' in ctneon_poly1305_$s" >>"$tmp/ctl.out"
	fi
done
sed "/SYM_FUNC_START(ctneon_poly1305_blocks)/a\\	$badclear" "$core" >"$tmp/bad-rt.S"
if $cc -O2 -Wall -Wextra "${mode[@]}" "${cflags[@]}" "${asflags[@]}" -D__ASSEMBLY__ \
	-Wa,--noexecstack "${inc[@]}" -c "$tmp/bad-rt.S" -o "$tmp/bad-rt.o" >"$tmp/bad-rt.log" 2>&1 &&
   $cc -O2 -static -Wall -Wextra "${mode[@]}" "${cflags[@]}" "${inc[@]}" -o "$tmp/chacha-test-bad" \
	"$here/chacha-test.c" "$top/chacha-ct.c" "$tmp/bad-rt.o" "$tmp/copy.o" >>"$tmp/bad-rt.log" 2>&1; then
	$qemu "$tmp/chacha-test-bad" >"$tmp/bad-rt.out" 2>&1
	if grep -q '^FAIL poly1305 init/blocks/final leave every FP/SIMD register untouched' "$tmp/bad-rt.out"; then
		echo "ok control: chacha-test catches '$badclear' in ctneon_poly1305_blocks" >>"$tmp/ctl.out"
	else
		echo "FAIL control: '$badclear' in ctneon_poly1305_blocks not caught by chacha-test" >>"$tmp/ctl.out"
	fi
else
	echo "FAIL control: cannot build the run-time bad core ($(head -c 200 "$tmp/bad-rt.log"))" >>"$tmp/ctl.out"
fi
tally "$arch-intonly" "$tmp/ctl.out" 0
echo "# $arch: integer-only checks in $(( $(date +%s) - t0 ))s"

echo "$ok passed, $bad failed"
exit $status
