#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/unit/adiantum-vectors.py TESTMGR_H > tests/unit/adiantum-vectors.txt
#
# Writes the kernel's self-test vectors of nhpoly1305,
# adiantum(xchacha12,aes) and adiantum(xchacha20,aes), taken from a
# kernel's crypto/testmgr.h (Debian's linux-source-6.1, which has them
# from https://github.com/google/adiantum), one per line, as hex:
#   nhpoly1305 KEY MESSAGE DIGEST
#   adiantum12 KEY IV PLAINTEXT CIPHERTEXT    (and adiantum20)
# An empty field is "-".  The text file is what the tests read; this
# script is kept to show (and redo) where it came from.
import codecs, re, sys

TEMPLATES = {
    "nhpoly1305_tv_template": ("nhpoly1305", ("key", "plaintext", "digest"), "psize", "plaintext"),
    "adiantum_xchacha12_aes_tv_template": ("adiantum12", ("key", "iv", "ptext", "ctext"), "len", "ptext"),
    "adiantum_xchacha20_aes_tv_template": ("adiantum20", ("key", "iv", "ptext", "ctext"), "len", "ptext"),
}

text = open(sys.argv[1], encoding="latin-1").read()
field_re = re.compile(r'\.(\w+)\s*=\s*((?:"(?:[^"\\]|\\.)*"\s*)+|[0-9]+)\s*,?')
count = 0
for name, (tag, fields, lenfield, lenof) in TEMPLATES.items():
    m = re.search(r"static const struct \w+ %s\[\] = \{(.*?)\n\};" % name, text, re.S)
    if not m:
        sys.exit("adiantum-vectors.py: %s not found" % name)
    # entries are "{ ... }" at one level inside the array
    for body in re.findall(r"\{(.*?)\n\t\}", m.group(1), re.S):
        vals = {}
        for f, v in field_re.findall(body):
            if v[0] == '"':
                s = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', v))
                vals[f] = codecs.escape_decode(s.encode("latin-1"))[0]
            else:
                vals[f] = int(v)
        if lenfield in vals:
            vals[lenof] = vals[lenof][:vals[lenfield]]
            if tag != "nhpoly1305":
                vals["ctext"] = vals["ctext"][:vals[lenfield]]
        print(tag, " ".join(vals[f].hex() or "-" for f in fields))
        count += 1
print("adiantum-vectors.py: %d vectors" % count, file=sys.stderr)
