import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import re, sys
dis = open(HERE + '/core.dis').read().splitlines()
def func(name):
    out = []; on = False
    for l in dis:
        if l.endswith('<%s>:' % name): on = True; continue
        if on:
            if not l.strip(): break
            m = re.match(r'\s*([0-9a-f]+):\s+(.*)', l)
            if m: out.append((int(m.group(1), 16), m.group(2).split('//')[0].strip()))
    return out
def stream(name, rounds):
    ins = func(name)
    bne = [i for i, (a, t) in enumerate(ins) if t.startswith('b.ne')][0]
    target = int(ins[bne][1].split()[1], 16)
    start = [i for i, (a, t) in enumerate(ins) if a == target][0]
    pre = ins[:start]; body = ins[start:bne + 1]; post = ins[bne + 1:]
    s = [t for a, t in pre]
    for r in range(rounds - 1):
        s += [t for a, t in body if not t.startswith('b.')]
    s += [t for a, t in post if t != 'ret']
    return s
def fix(t):
    # objdump uses 'mov vX.16b' etc; keep as is; adr with address -> replace
    t = re.sub(r'\s+<.*>', '', t)
    if t.startswith('adr'): t = 'adr x9, .'
    return t
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
s = stream(sys.argv[1], rounds)
io = ['ld1 {v0.16b, v1.16b, v2.16b, v3.16b}, [x1], #64', 'ld1 {v4.16b, v5.16b, v6.16b, v7.16b}, [x1], #64']
st = ['st1 {v0.16b, v1.16b, v2.16b, v3.16b}, [x0], #64', 'st1 {v4.16b, v5.16b, v6.16b, v7.16b}, [x0], #64']
allins = io + [fix(t) for t in s] + st
print('\n'.join(allins))
print(len(allins), file=sys.stderr)
