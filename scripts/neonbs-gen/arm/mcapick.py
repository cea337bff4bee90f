#!/usr/bin/python3
# Chooses an S-box schedule for arm by llvm-mca rather than by instruction
# count: the best schedules of gen.py's search (gen.py's candidates: several
# spill-slot assignments each, or for the tower circuits tower.reorder's
# variants of the written order) are each put into a copy of the committed
# core (only the direction's macro and its defines change), and the one
# whose 8-block ECB call takes the fewest Cortex-A57 cycles
# (tests/ct/mca.sh) is written to ../../../arm/aes-neonbs-core.S.
#   python3 mcapick.py [tries [keep2 [keep]]] [dec]
# The circuit is gen.py's for "enc" (or "dec"): CTNEON_ARM_TOWER and
# CTNEON_ARM_PAPER decide which.
import os, sys, subprocess, re
HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.join(HERE, '..', '..', '..')
direction = "dec" if "dec" in sys.argv[1:] else "enc"
args = [a for a in sys.argv[1:] if a != "dec"]
sys.argv = ['gen.py']
__file__ = os.path.join(HERE, 'gen.py')
exec(open(__file__).read().split('if __name__')[0])
tries = int(args[0]) if args else 300
keep2 = int(args[1]) if len(args) > 1 else 6
keep = int(args[2]) if len(args) > 2 else 12
D = direction.upper()

def core_text(base, c, inr):
    cost, t, code, final, nslots, start, nadd = c
    txt, planes = macro_text(direction, code, final, nslots, start, nadd, inr)
    head = "SubBytes:" if direction == "enc" else r"SubBytes\^-1:"
    s = re.sub(r"/\*\n \* %s .*?\.endm\n" % head, lambda m: txt, base, count=1, flags=re.S)
    s = re.sub(r"#define %s_SB_OUT .*" % D, "#define %s_SB_OUT " % D + ", ".join(planes), s)
    if direction == "enc":
        dp = ", ".join("d%d-d%d" % (2 * int(q[1:]), 2 * int(q[1:]) + 1) for q in planes)
        s = re.sub(r"#define ENC_SB_OUT_D .*", "#define ENC_SB_OUT_D " + dp, s)
    for j, x in enumerate(PTRS):
        s = re.sub(r"#define %s_%s0 \d+" % (D, x.upper()), "#define %s_%s0 %d" % (D, x.upper(), 16 * start[j]), s)
    other = int(os.environ.get("OTHER_SLOTS", "10"))
    s = re.sub(r"#define SPILL_SLOTS \d+", "#define SPILL_SLOTS %d" % max(nslots, other), s)
    return s

def a57(text):
    open(os.path.join(TOP, 'arm', 'aes-neonbs-core.S'), 'w').write(text)
    case = 'ctneon_bs_ecb_%s/aes128/8blocks' % ('encrypt' if direction == 'enc' else 'decrypt')
    r = subprocess.run([os.path.join(TOP, 'tests', 'ct', 'mca.sh'), 'arm', case, 'cortex-a57'],
                       capture_output=True, text=True)
    if r.returncode or 'Instructions:' not in r.stdout:
        sys.exit("mca.sh failed:\n" + r.stderr[-2000:])
    ins = int(re.search(r'Instructions:\s+(\d+)', r.stdout).group(1))
    cyc = int(re.search(r'Total Cycles:\s+(\d+)', r.stdout).group(1))
    return ins, cyc

base = subprocess.run(['git', '-C', TOP, 'show', 'HEAD:arm/aes-neonbs-core.S'],
                      capture_output=True, text=True, check=True).stdout
inr = [8, 9, 10, 11, 12, 13, 14, 0]
cs = candidates(direction, inr, list(range(8, 16)), tries, keep=keep, keep2=keep2)
best = None
ref = a57(base)
print("committed: %d instructions, %d A57 cycles" % ref, flush=True)
for c in sorted(cs, key=lambda c: (c[0], c[1])):
    ins, cyc = a57(core_text(base, c, inr))
    print("cand t=%d cost %d slots %d adds %d: %d instructions, %d A57 cycles" % (
        c[1], c[0], c[4], c[6], ins, cyc), flush=True)
    if best is None or (cyc, ins) < best[0]:
        best = ((cyc, ins), core_text(base, c, inr))
open(os.path.join(TOP, 'arm', 'aes-neonbs-core.S'), 'w').write(best[1])
print("kept: %d A57 cycles, %d instructions" % best[0])
