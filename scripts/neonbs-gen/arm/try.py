import sys, random
sys.argv=['x']
exec(open('gen.py').read().split('if __name__')[0])
for lw in (0.0, 0.3, 1.0):
    for direction in ('enc','dec'):
        ops=circuit(direction); live_in=["U%d"%i for i in range(8)]
        inr=[8,9,10,11,12,13,14,0]
        lir={"U%d"%i: inr[7-i] for i in range(8)}
        outs={"S%d"%i for i in range(8)}
        best=None
        for t in range(1500):
            rng=random.Random(t*7+1)
            order=schedule(ops, live_in, rng, lw)
            code, reg = allocate(order, lir, outs, list(range(8,16)))
            bad=sum(1 for s in outs if reg[s] not in range(8,16))
            c=len(code)+2*bad
            if best is None or c<best: best=c
        print(lw, direction, best)
