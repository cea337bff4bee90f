# Linear-layer synthesis by the distance heuristic of Boyar and Peralta
# ("A new combinational logic minimization technique with applications to
# cryptology", 2010), written for these generators: keep a base S of
# computed signals (initially the inputs) and for every target its distance,
# the number of XORs of base elements needed to reach it; add the sum of two
# base elements that minimises the sum of the distances (ties: the largest
# Euclidean norm of the distance vector, then at random).  Unlike greedy
# pair counting (Paar) this may cancel terms.
#
# d[v] = the least number of base elements that sum to v, for every v of the
# 2^n-element space, kept exactly: adding c to the base gives
# d'(v) = min(d(v), d(v ^ c) + 1).
import random

def bp_synth(targets, nin, names_in, tries=20, seed=1, maxdepth=99):
    """targets: name -> bitmask over nin inputs.  Returns (prog, alias) like
    paar(): prog = [(new_name, a, b)], alias = target name -> signal name."""
    rnd = random.Random(seed)
    size = 1 << nin
    d0 = bytearray(bin(v).count('1') for v in range(size))
    tvals = list(targets.values())
    best = None
    for t in range(tries):
        d = bytearray(d0)
        base = [1 << i for i in range(nin)]
        dep = [0] * nin
        names = list(names_in)
        prog = []
        while True:
            dist = [int(d[v]) - 1 for v in tvals]
            if max(dist) <= 0:
                break
            if best is not None and len(prog) > len(best[0]):
                prog = None
                break
            cands = []
            n = len(base)
            seen = set(base)
            for i in range(n):
                for j in range(i + 1, n):
                    c = base[i] ^ base[j]
                    if c in seen:
                        continue
                    seen.add(c)
                    nd = [min(dv, int(d[v ^ c])) if dv > 0 else 0
                          for v, dv in zip(tvals, dist)]
                    # a target that is c itself costs nothing more
                    nd = [0 if v == c else x for v, x in zip(tvals, nd)]
                    deep = max(dep[i], dep[j]) >= maxdepth
                    if any(v == c for v in tvals):
                        key = (deep, -1, 0, 0)   # a target one XOR away: take it
                    else:
                        key = (deep, sum(nd), -sum(x * x for x in nd),
                               rnd.random() if t else 0)
                    cands.append((key, i, j, c))
            cands.sort(key=lambda z: z[0])
            # the depth limit is soft: a candidate beyond it is taken only
            # when no shallower one brings a target closer
            ok = [z for z in cands if not z[0][0] and (z[0][1] == -1 or z[0][1] < sum(dist))]
            if ok:
                cands = ok
            else:
                cands.sort(key=lambda z: z[0][1:])
            key, i, j, c = cands[0]
            base.append(c)
            dep.append(max(dep[i], dep[j]) + 1)
            nm = 'y%d' % len(base)
            names.append(nm)
            prog.append((nm, names[i], names[j]))
            d = bytearray([min(x, d[v ^ c] + 1) for v, x in enumerate(d)])
        if prog is None:
            continue
        pos = {v: k for k, v in enumerate(base)}
        score = (len(prog), max(dep[pos[v]] for v in tvals))
        if best is None or score < best[2]:
            alias = {k: names[pos[v]] for k, v in targets.items()}
            best = (prog, alias, score)
    prog, alias, _ = best
    used = set(alias.values())
    keep = []
    for nm, a, b in reversed(prog):
        if nm in used:
            keep.append((nm, a, b)); used |= {a, b}
    return list(reversed(keep)), alias


def bp_synth_cached(targets, nin, names_in, tries=40, seed=1, maxdepth=99):
    """bp_synth with its results kept in slp-cache.json (the bottom layers
    take about 100 s for 40 tries); the key is the target forms, the inputs
    and the search parameters, so a changed circuit is searched anew."""
    import json, os
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'slp-cache.json')
    key = repr((sorted(targets.items()), nin, list(names_in), tries, seed)
               + (() if maxdepth == 99 else (maxdepth,)))
    cache = json.load(open(path)) if os.path.exists(path) else {}
    if key not in cache:
        prog, alias = bp_synth(targets, nin, names_in, tries, seed, maxdepth)
        cache[key] = [prog, alias]
        json.dump(cache, open(path, 'w'), indent=0, sort_keys=True)
    prog, alias = cache[key]
    return [tuple(g) for g in prog], dict(alias)
