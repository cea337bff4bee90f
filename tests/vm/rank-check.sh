#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/rank-check.sh: the guest's ranking check (tests/vm/guest/rank.sh)
# judged on the host, on a saved /proc/crypto and ranks file, so that each
# way it can fail is seen to fail (the guests only ever show the rows of
# the real table, which today all keep).
#
# The good case: a row that keeps (ctneon above the in-tree driver), a row
# that yields (ctneon below it, a -ce driver above both, which a board
# without the Crypto Extensions does not have), a name without a row, and
# a row for a name ctneon does not register.  rank.sh must pass it.  Then
# one change at a time, each of which rank.sh must FAIL: ctneon above the
# driver it yields to, the in-tree driver above a name ctneon keeps, a
# priority in the table the kernel does not have, an in-tree driver above
# a name without a row, a row for a name ctneon lacks, a yield to a driver
# that is not the best in-tree one.
#
# Prints "ok rank-check-CASE" or "FAIL rank-check-CASE: why" lines; exit
# status 1 on any failure.

set -uo pipefail

SRC=$(cd "$(dirname "$0")/../.." && pwd)
RANK=$SRC/tests/vm/guest/rank.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ctneon-rank.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
nfail=0

entry() {	# entry NAME DRIVER MODULE PRIORITY
	printf 'name         : %s\ndriver       : %s\nmodule       : %s\npriority     : %s\ntype         : x\n\n' "$@"
}
{
	entry 'cmac(aes)' cmac-aes-neon aes_neon_blk 200
	entry 'cmac(aes)' cmac-aes-ctneon ctneon 310
	entry 'cts(cbc(aes))' cts-cbc-aes-neon aes_neon_blk 200
	entry 'cts(cbc(aes))' cts-cbc-aes-ctneon-sync ctneon 190
	entry 'cts(cbc(aes))' cts-cbc-aes-ctneon ctneon 191
	entry 'cts(cbc(aes))' cts-cbc-aes-ce aes_ce_blk 300
	entry 'xctr(aes)' xctr-aes-ctneon ctneon 275
	entry 'xctr(aes)' 'xctr(aes-generic)' xctr 100
} >"$tmp/proc"
cat >"$tmp/ranks" <<'EOF'
cmac(aes) cmac-aes-neon 200 keep 310 142 110 59
cts(cbc(aes)) cts-cbc-aes-neon 200 yield 190 144 111 101
rfc7539(chacha20,poly1305) rfc7539(chacha20-neon,poly1305-neon) 250 absent 0 73 66 77
EOF

judge() {	# judge PROC RANKS: rank.sh's output, its exit status last
	CTNEON_RANK_PROC=$1 CTNEON_RANK_PARAM=$2 CTNEON_RANK_TOOL="" sh "$RANK" 2>&1
	echo "exit $?"
}

out=$(judge "$tmp/proc" "$tmp/ranks")
if echo "$out" | grep -q '^exit 0$' && [ "$(echo "$out" | grep -c '^ok ')" = 3 ]; then
	echo "ok rank-check-good (3 names judged right)"
else
	echo "FAIL rank-check-good: rank.sh refused the good case:"
	echo "$out" | sed 's/^/#   /'
	nfail=$((nfail + 1))
fi

# bad CASE SED-ON-PROC SED-ON-RANKS WHAT: rank.sh must FAIL, saying WHAT
bad() {
	sed "$2" "$tmp/proc" >"$tmp/p.$1"
	sed "$3" "$tmp/ranks" >"$tmp/r.$1"
	out=$(judge "$tmp/p.$1" "$tmp/r.$1")
	if echo "$out" | grep -q '^exit 1$' && echo "$out" | grep '^FAIL ' | grep -q "$4"; then
		echo "ok rank-check-$1 (FAIL as it must: $(echo "$out" | grep -m1 '^FAIL ' | cut -c6-))"
	else
		echo "FAIL rank-check-$1: rank.sh did not fail with '$4':"
		echo "$out" | sed 's/^/#   /'
		nfail=$((nfail + 1))
	fi
}
bad yield-above 's/^priority     : 191$/priority     : 275/' '' 'but ctneon is at'
bad keep-below 's/^priority     : 310$/priority     : 150/' '' 'is not below ctneon'
bad stale '' 's/cmac-aes-neon 200/cmac-aes-neon 201/' 'stale table'
bad no-row-below 's/^priority     : 100$/priority     : 280/' '' 'no row of the table yields it'
bad row-unknown '' '1i ctr(aes) ctr-aes-neonbs 250 keep 275 90 0 0' 'but ctneon has no driver'
bad not-best 's/cts-cbc-aes-ce/cts-cbc-aes-foo/; s/aes_ce_blk/foo/' '' 'but the best in-tree driver is'

[ "$nfail" = 0 ]
