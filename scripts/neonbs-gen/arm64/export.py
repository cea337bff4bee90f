# Writes ../sbox-circuits.txt: the S-box programs of gen.py (forward and
# inverse, linear layers from slp.py or Paar, whichever is shorter) in the
# notation of ../arm/gen.py: "d = a + b" (XOR), "d = a x b" (AND), inputs
# U0..U7 (U<i> = input plane 7-i), outputs S0..S7 (S<i> = output plane 7-i).
import os as _os, sys
HERE = _os.path.dirname(_os.path.abspath(__file__))
sys.argv = ['gen.py', _os.environ.get('TRIES', '300')]
# the fewest gates, without depth limits (what the portable C code takes;
# the arm64 core's defaults in gen.py trade a gate for depth)
_os.environ.setdefault('CTNEON_SLP', 'ftop,fbot')
_os.environ.setdefault('CTNEON_SLP_DEPTH', '')
exec(open(HERE + '/gen.py').read().split("# ---------------------------------------------------------------- rounds")[0])

def arm_name(v):
    if v[0] == 'P' and v[1:].isdigit(): return 'U%d' % (7 - int(v[1:]))
    if v[0] == 'Q' and v[1:].isdigit(): return 'S%d' % (7 - int(v[1:]))
    return 'G' + v.replace("'", 'p')

out = []
for name, prog in (('FORWARD', FWD), ('INVERSE', INVP)):
    out.append('%s %d' % (name, len(prog)))
    for op, d, a, b in prog:
        out.append('%s = %s %s %s' % (arm_name(d), arm_name(a), '+' if op == 'eor' else 'x', arm_name(b)))
open(_os.path.join(HERE, '..', 'sbox-circuits.txt'), 'w').write('\n'.join(out) + '\n')
print('forward', len(FWD), 'inverse', len(INVP))
