#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/layers.sh [OBJDIR...]
#
# The module's files form layers, and every dependency points down a layer
# or stays in its own (Documentation/design.rst, "Layers").  This reads
# the dependencies from the code itself:
#
#   includes  the `#include "..."` lines of the module's files: the
#             sources Kbuild names and, following them, every header of
#             the tree they include
#   symbols   for each OBJDIR (a built module's object directory, e.g.
#             build/arm64-6.1/obj), the non-static symbols each object
#             takes from the other objects of the module (nm: what it
#             leaves undefined and another object defines)
#
# and fails on any edge that goes up a layer and on any circle.  A circle
# is looked for among units: a source and the header of the same name
# (svc-aes.c and svc-aes.h) are one unit, so that "A calls B while B
# includes A's header" counts as the circle it is.
#
# The layer of each file is given by its name, in LAYERS below and nowhere
# else; a file that matches no prefix is in the bottom layer, so a new file
# with no prefix cannot depend on anything above the cores.
#
# Prints "ok layers-..." or "FAIL layers-...: why" lines; exit status 1 on
# any failure, 2 on a usage or tool error.

set -uo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)

# layer number, name, then the file patterns (shell globs on the path
# relative to the top of the tree); the first match wins, top to bottom
LAYERS='
5 entry    ctneon-*
4 glue     glue-* glue.h
3 service  svc-*
2 neon     neon-*
1 core     *
'

nm_for() {	# nm_for ELF: the nm that understands this ELF
	local machine
	machine=$(LC_ALL=C readelf -h "$1" 2>/dev/null | awk -F: '/Machine:/ { gsub(/^ +/, "", $2); print $2 }')
	case $machine in
	AArch64) command -v aarch64-linux-gnu-nm || command -v llvm-nm ;;
	ARM)     command -v arm-linux-gnueabihf-nm || command -v llvm-nm ;;
	*)       command -v llvm-nm || command -v nm ;;
	esac
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ctneon-layers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# the module's objects, from Kbuild (both architectures' lists)
sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$SRC/Kbuild" |
	sed -n 's/^ctneon-[^ ]*[[:space:]]*[:+]=//p' | tr -s ' \t' '\n\n' |
	sed -n 's/\.o$//p' | sort -u >"$tmp/objects"
if [ ! -s "$tmp/objects" ]; then
	echo "FAIL layers: no objects found in $SRC/Kbuild"
	exit 2
fi

# symbols: one line per object and symbol, "OBJDIR<TAB>unit<TAB>D|U<TAB>sym"
: >"$tmp/symbols"
for dir in "$@"; do
	if [ ! -d "$dir" ]; then
		echo "FAIL layers-symbols $dir: no such directory (build the module first)"
		exit 2
	fi
	while read -r o; do
		f=$dir/$o.o
		if [ ! -f "$f" ]; then
			# the other architecture's cores are not built here
			case $o in arm/*|arm64/*) continue ;; esac
			echo "FAIL layers-symbols $dir: $o.o missing (build the module first)"
			exit 2
		fi
		nm=$(nm_for "$f")
		if [ -z "$nm" ]; then
			echo "FAIL layers-symbols $dir: no nm for $f"
			exit 2
		fi
		"$nm" "$f" | awk -v d="$dir" -v u="$o" '
			$1 == "U" && NF == 2 { print d "\t" u "\tU\t" $2; next }
			NF == 3 && $2 ~ /^[A-Z]$/ && $2 != "U" { print d "\t" u "\tD\t" $3 }'
	done <"$tmp/objects" >>"$tmp/symbols"
done

python3 - "$SRC" "$tmp/objects" "$tmp/symbols" "$LAYERS" "$#" <<'PYEOF'
import fnmatch, os, re, sys

src, objects_file, symbols_file, layers_text, ndirs = sys.argv[1:6]
layers = []
for line in layers_text.strip().splitlines():
    num, name, *pats = line.split()
    layers.append((int(num), name, pats))

def layer(path):
    for num, name, pats in layers:
        if any(fnmatch.fnmatchcase(path, p) for p in pats):
            return num, name
    raise SystemExit("no layer for " + path)

def unit(path):
    return os.path.splitext(path)[0]

fails = []
objects = [l.strip() for l in open(objects_file) if l.strip()]

# the sources Kbuild names, then every header of the tree they include
files, todo = [], []
for o in objects:
    for ext in (".c", ".S"):
        if os.path.isfile(os.path.join(src, o + ext)):
            todo.append(o + ext)
            break
    else:
        fails.append("layers-include: no source for %s.o" % o)
include_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
edges = {}		# (from file, to file) -> why
seen = set(todo)
while todo:
    f = todo.pop()
    files.append(f)
    for n, line in enumerate(open(os.path.join(src, f), errors="replace"), 1):
        m = include_re.match(line)
        if not m:
            continue
        # as the compiler looks: the including file's directory, then -I$(src)
        cand = [os.path.normpath(os.path.join(os.path.dirname(f), m.group(1))),
                os.path.normpath(m.group(1))]
        to = next((c for c in cand if os.path.isfile(os.path.join(src, c))), None)
        if to is None:
            fails.append("layers-include: %s:%d includes %s, not in the tree" % (f, n, m.group(1)))
            continue
        edges.setdefault((f, to), 'the #include "%s" of line %d' % (m.group(1), n))
        if to not in seen:
            seen.add(to)
            todo.append(to)
n_inc = len(edges)

# symbols: object A takes S from object B -> A's source depends on B's
src_of = {}
for f in files:
    if f.endswith((".c", ".S")):
        src_of[unit(f)] = f
by_dir = {}
for line in open(symbols_file):
    d, u, kind, sym = line.rstrip("\n").split("\t")
    by_dir.setdefault(d, []).append((u, kind, sym))
for d, rows in by_dir.items():
    defs = {}
    for u, kind, sym in rows:
        if kind == "D":
            if sym in defs and defs[sym] != u:
                fails.append("layers-symbols %s: %s defined in %s.o and %s.o" % (d, sym, defs[sym], u))
            defs[sym] = u
    n = 0
    for u, kind, sym in rows:
        if kind == "U" and sym in defs and defs[sym] != u:
            a, b = src_of.get(u, u), src_of.get(defs[sym], defs[sym])
            edges.setdefault((a, b), "the symbol %s" % sym)
            n += 1
    print("ok layers-symbols %s (%d objects, %d symbols taken from one another)"
          % (d, len({u for u, _, _ in rows}), n))

# every edge down a layer or level
up = 0
for (a, b), why in sorted(edges.items()):
    la, lb = layer(a), layer(b)
    if lb[0] > la[0]:
        fails.append("layers-up: %s (%s) -> %s (%s), up a layer: %s"
                     % (a, la[1], b, lb[1], why))
        up += 1

# no circle among units (a source and its header are one)
graph = {}
for (a, b) in edges:
    ua, ub = unit(a), unit(b)
    if ua != ub:
        graph.setdefault(ua, set()).add(ub)
        graph.setdefault(ub, set())
state, stack, cycles = {}, [], []
def visit(n):
    state[n] = 1
    stack.append(n)
    for m in sorted(graph[n]):
        if state.get(m) == 1:
            cycles.append(stack[stack.index(m):] + [m])
        elif m not in state:
            visit(m)
    stack.pop()
    state[n] = 2
sys.setrecursionlimit(10000)
for n in sorted(graph):
    if n not in state:
        visit(n)
for c in cycles:
    fails.append("layers-circle: " + " -> ".join(c))

for f in fails:
    print("FAIL " + f)
counts = {}
for f in files:
    counts.setdefault(layer(f), []).append(f)
for (num, name), fs in sorted(counts.items(), reverse=True):
    print("   layer %d %-8s %s" % (num, name, " ".join(sorted(fs))))
if not any(f.startswith("layers-up") or f.startswith("layers-include") for f in fails):
    print("ok layers-down (%d files, %d include and %d symbol edges, none up a layer)"
          % (len(files), n_inc, len(edges) - n_inc))
if not cycles:
    print("ok layers-no-circle (%d units)" % len(graph))
if ndirs == "0":
    print("   (no object directory given: includes only)")
sys.exit(1 if fails else 0)
PYEOF
