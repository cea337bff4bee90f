#!/usr/bin/python3
# Prints the body of aes-ct.c's bs_sbox() from the forward program in
# sbox-circuits.txt (written by arm64/export.py): inputs u0..u7 = q[7]..q[0],
# outputs s0..s7 -> q[7]..q[0], and the S-box constant 0x63 (the program
# computes S(x) ^ 0x63) as complements of q[6], q[5], q[1], q[0].  Checks
# the printed statements on all 256 inputs first.
import os, re, sys
HERE = os.path.dirname(os.path.abspath(__file__))
txt = open(os.path.join(HERE, 'sbox-circuits.txt')).read()
prog = []
for l in txt.split('FORWARD')[1].split('\n', 1)[1].split('INVERSE')[0].strip().splitlines():
    d, a, op, b = re.match(r'(\S+) = (\S+) ([+x]) (\S+)', l).groups()
    prog.append((d, a, '^' if op == '+' else '&', b))

def cname(v):
    if re.fullmatch(r'U\d', v): return 'u' + v[1]
    if re.fullmatch(r'S\d', v): return 's' + v[1]
    m = re.fullmatch(r'G([A-Za-z]+)(\d+)', v)        # GT13, GM5, Gay21, Gby40
    p, n = m.group(1).lower(), m.group(2)
    return {'t': 't', 'm': 'm', 'ay': 'a', 'by': 'b'}[p] + n

# SBOX from arm64/circ.py (its part before the checks it prints)
__file__ = os.path.join(HERE, 'arm64', 'circ.py')
exec(open(__file__).read().split('top = [l.split()')[0])
for x in range(256):
    env = {'u%d' % i: (x >> (7 - i)) & 1 for i in range(8)}
    for d, a, op, b in prog:
        va, vb = env[cname(a)], env[cname(b)]
        env[cname(d)] = va ^ vb if op == '^' else va & vb
    y = sum(env['s%d' % i] << (7 - i) for i in range(8)) ^ 0x63
    assert y == SBOX[x], x

names = sorted({cname(d) for d, a, op, b in prog if not cname(d).startswith('s')},
               key=lambda n: (n[0], int(n[1:])))
out = ['\tu32 u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4];',
       '\tu32 u4 = q[3], u5 = q[2], u6 = q[1], u7 = q[0];']
for pre in 'tamb':
    group = [n for n in names if n[0] == pre]
    for i in range(0, len(group), 12):
        out.append('\tu32 %s;' % ', '.join(group[i:i + 12]))
out.append('\tu32 s0, s1, s2, s3, s4, s5, s6, s7;')
sec = None
for d, a, op, b in prog:
    k = cname(d)[0]
    s = {'t': 'top', 'a': 'top', 'm': 'middle', 'b': 'bottom', 's': 'bottom'}[k]
    if s != sec:
        out.append('')
        out.append({'top': '\t/* top linear layer */',
                    'middle': '\t/* middle: the shared nonlinear part */',
                    'bottom': '\t/* bottom linear layer */'}[s])
        sec = s
    out.append('\t%s = %s %s %s;' % (cname(d), cname(a), op, cname(b)))
out.append('')
out.append('\t/* the S-box constant 0x63: bits 6, 5, 1, 0 */')
for i in range(8):
    out.append('\tq[%d] = %ss%d;' % (7 - i, '~' if (0x63 >> (7 - i)) & 1 else '', i))
print('\n'.join(out))
print('gates:', len(prog), file=sys.stderr)
