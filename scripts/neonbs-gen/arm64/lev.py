import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import sys, os
sys.argv=['gen.py','50']
src=open(HERE + '/gen.py').read().split("if __name__ == '__main__':")[0]
exec(src)
for name, prog in [('enc_round', enc_round()), ('dec_round', dec_round())]:
    lvl = {('P%d'%i):0 for i in range(8)}
    alap = {}
    for op,d,a,b in prog:
        if op=='ldp': lvl[d]=lvl[a]=0; continue
        srcs=[a,b] if op in('eor','and') else [a]
        lvl[d]=1+max(lvl.get(s,0) for s in srcs)
    from collections import Counter
    c=Counter(lvl[d] for op,d,a,b in prog if op!='ldp')
    print(name, 'depth', max(c), [c[i] for i in range(1,max(c)+1)])
