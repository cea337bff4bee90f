import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import sys, os, random
sys.argv=['gen.py','50']
src=open(HERE + '/gen.py').read().split("if __name__ == '__main__':")[0]
exec(src)
def simcycles(prog, L=6):
    ready = {}
    cyc = 0
    for op,d,a,b in prog:
        if op == 'ldp':
            ready[d] = ready[a] = cyc + 4  # load unit, assume free issue
            continue
        srcs=[a,b] if op in('eor','and') else [a]
        st = max([cyc] + [ready.get(s,0) for s in srcs])
        ready[d] = st + L
        cyc = st + 1
    return max([cyc] + [ready[o] for o in OUT])
lat = lambda ins: 4 if ins[0] == 'ldp' else 6
for name, prog in [('enc_round', enc_round()), ('dec_round', dec_round())]:
    n = sum(1 for i in prog if i[0] != 'ldp')
    for ml in (24, 26, 28, 30):
        s = schedule(prog, lat, ml)
        try: emit(name, s, ''); ok='alloc ok'
        except AssertionError: ok='alloc FAIL'
        print(name, n, ml, simcycles(s), ok)
def best_schedule(prog, name, tries=300):
    best = None
    for t in range(tries):
        ml = random.Random(t).choice([26, 27, 28, 29, 30, 31])
        s = schedule(prog, lat, ml, noise=(t % 10) * 1.5, seed=t)
        c = simcycles(s)
        if best and c >= best[0]: continue
        try: emit(name, s, '')
        except AssertionError: continue
        best = (c, s, ml, t)
    return best
if __name__ == '__main__':
    for name, prog in [('enc_round', enc_round()), ('dec_round', dec_round())]:
        b = best_schedule(prog, name, int(os.environ.get('T', '200')))
        print(name, b[0], b[2], b[3])
