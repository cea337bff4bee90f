import os as _os
HERE = _os.path.dirname(_os.path.abspath(__file__))
import subprocess, re, sys, os
sys.argv = ['gen.py', os.environ.get('TRIES', '300')]
src = open(HERE + '/gen.py').read()
main_part = src.split("if __name__ == '__main__':")[0]
exec(main_part)
exec(open(HERE + '/sim.py').read().split('sys.argv=')[0])
exec(open(HERE + '/sim.py').read().split("exec(src)")[1].split("if __name__")[0].replace("for name, prog in", "for name, prog in []:#"))
LAT = int(os.environ.get('LAT', '6'))
lat = lambda ins: 4 if ins[0] == 'ldp' else LAT
ML = int(os.environ.get('MAXLIVE', '28'))
out = []
cnt = {}
for name, prog, cm in [('enc_round', enc_round(), 'one middle encryption round: S-box, ShiftRows, MixColumns, AddRoundKey'),
                       ('enc_last', enc_last(), 'the last encryption round: S-box, ShiftRows, AddRoundKey'),
                       ('dec_round', dec_round(), 'one middle decryption round: InvS-box, InvShiftRows, AddRoundKey, InvMixColumns'),
                       ('dec_last', dec_last(), 'the last decryption round: InvS-box, InvShiftRows, AddRoundKey')]:
    b = best_schedule(prog, name, int(os.environ.get('T', '200')))
    sched = b[1]
    lines, n = emit(name, sched, cm + ' (%d instructions)' % len(sched))
    print(name, 'sim cycles', b[0], file=sys.stderr)
    out += lines; cnt[name] = n
def cnt_lin(p, pre):
    return sum(1 for op, d, a, b in p if op == 'eor' and not d.startswith('M') and (d.startswith(pre) or d.startswith('x')))
nf_top = sum(1 for op,d,a,b in FWD if not d.startswith('M') and (d.startswith('a') or d.startswith('T') or d=='U7'))
ni_top = sum(1 for op,d,a,b in INVP if not d.startswith('M') and (d.startswith('a') or d.startswith('T') or d=='U7'))
t = open(HERE + '/template.S').read()
f = lambda l: ', '.join('%d' % x for x in l)
rep = {'@ROUNDS@': '\n'.join(out), '@FWD@': str(len(FWD)), '@INV@': str(len(INVP)),
       '@FTOP@': str(nf_top), '@FBOT@': str(len(FWD) - nf_top - 63),
       '@ITOP@': str(ni_top), '@IBOT@': str(len(INVP) - ni_top - 63),
       '@SR@': f(SRIDX), '@SRR1@': f(SRR1), '@ISR@': f(ISRIDX), '@R1@': f(R1IDX),
       '@COST@': open(HERE + '/cost.txt').read().rstrip() if os.path.exists(HERE + '/cost.txt') else 'see the report'}
for k, v in rep.items(): t = t.replace(k, v)
open(os.path.join(HERE, '..', '..', '..', 'arm64', 'aes-neonbs-core.S'), 'w').write(t)
print(cnt, len(FWD), len(INVP), nf_top, ni_top, file=sys.stderr)
