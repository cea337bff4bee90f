#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/rank.sh: who serves each of ctneon's names on this configuration,
# and whether that is what ctneon's ranking table (svc-rank.c) decided.
# Run by guest.sh right after insmod and its picks, with the in-tree NEON
# drivers loaded and the Crypto Extensions modules kept out.
#
# What it reads: /proc/crypto, and the module parameter "ranks", one line
# per table row of this arch and kernel:
#   NAME IN-TREE-DRIVER ITS-PRIORITY keep|yield|absent CTNEON-PRIORITY INSNS CYC1 CYC2
# What it checks, per name ctneon registers (its drivers, the sync twins
# of the asynchronous wrappers included), against the in-tree drivers of
# the name (every other driver of it, except the -ce ones, which a board
# without the Crypto Extensions does not have, and instances built over
# ctneon's own drivers):
#   - a row that yields: the row's in-tree driver is there, at the row's
#     priority, it is the best in-tree one, and every ctneon driver of the
#     name is below it; the name then resolves to it
#   - a row that keeps: the row's in-tree driver is there at the row's
#     priority (a template instance is made first, by its driver name),
#     and every ctneon driver of the name is above every in-tree one
#   - a name without a row: every ctneon driver of the name is above
#     every in-tree one
#   - every row that applies names something ctneon registered, or says
#     it registered nothing (priority 0, as the ChaCha20-Poly1305 AEADs on
#     arm kernels without the wrappers)
# A row whose in-tree driver is missing or has another priority is a
# stale table (the kernel changed): FAIL.  The priorities are compared,
# not just the winner: QEMU's arm64 CPUs have the Crypto Extensions, and
# the ranking checked is the one a board without them sees.  On arm (no
# Crypto Extensions, so nothing is kept out) the name's resolution is
# checked too, with afalg-tool pick.
#
# Prints one ok/FAIL line per name (who is above whom, ctneon / in-tree
# from the table, "n/m" where not measured), then
# "rank: N passed, M failed"; exit status 1 on any failure.  For a test
# on the host: CTNEON_RANK_PROC (a saved /proc/crypto),
# CTNEON_RANK_PARAM (a saved ranks file), CTNEON_RANK_TOOL= (empty: no
# instances made, no resolution checked).

PROC=${CTNEON_RANK_PROC:-/proc/crypto}
PARAM=${CTNEON_RANK_PARAM:-/sys/module/ctneon/parameters/ranks}
TOOL=${CTNEON_RANK_TOOL-/test/bin/afalg-tool}
TMP=${TMPDIR:-/tmp}/rank.$$
npass=0
nfail=0
ok() { echo "ok $*"; npass=$((npass + 1)); }
fail() { echo "FAIL $*"; nfail=$((nfail + 1)); }

# afalg type of a name
kind() {
	case $1 in
	cmac*|xcbc*|cbcmac*) echo hash ;;
	gcm*|ccm*|rfc*) echo aead ;;
	*) echo skcipher ;;
	esac
}

# the table of /proc/crypto: "name<TAB>driver<TAB>module<TAB>priority"
table() {
	awk '$1 == "name" { n = $3 } $1 == "driver" { d = $3 } $1 == "module" { m = $3 }
	     $1 == "priority" { print n "\t" d "\t" m "\t" $3 }' "$PROC"
}

if [ ! -r "$PARAM" ]; then
	fail "rank: no $PARAM (a ctneon without the ranking table?)"
	echo "rank: $npass passed, $nfail failed"
	exit 1
fi

# make the template instances the rows name (their priorities are the
# kernel's rule for the template), so that they are in /proc/crypto
if [ -n "$TOOL" ]; then
	while read -r name intree prio verdict given rest; do
		case $intree in *'('*) ;; *) continue ;; esac
		[ "$given" = 0 ] && continue
		$TOOL pick "$(kind "$name")" "$intree" >/dev/null 2>&1
	done <"$PARAM"
fi

table >"$TMP.all"
# ctneon's names
awk -F'\t' '$2 ~ /-ctneon(-sync)?$/ { print $1 }' "$TMP.all" | sort -u >"$TMP.names"

while read -r name; do
	# ctneon's lowest and highest, the in-tree ones' best
	lo=$(awk -F'\t' -v n="$name" '$1 == n && $2 ~ /-ctneon(-sync)?$/ && (lo == "" || $4 < lo) { lo = $4 } END { print lo }' "$TMP.all")
	hi=$(awk -F'\t' -v n="$name" '$1 == n && $2 ~ /-ctneon(-sync)?$/ && $4 > hi { hi = $4 } END { print hi + 0 }' "$TMP.all")
	best=$(awk -F'\t' -v n="$name" '$1 == n && $2 !~ /ctneon/ && $2 !~ /-ce(-|$)/ && $3 !~ /(^|_)ce(_|$)/ &&
		(bp == "" || $4 > bp) { bp = $4; bd = $2 } END { if (bd != "") print bd, bp }' "$TMP.all")
	bd=${best% *}
	bp=${best#* }
	[ -n "$best" ] || { bd="none registered"; bp=0; }
	row=$(awk -v n="$name" '$1 == n { print; exit }' "$PARAM")
	if [ -z "$row" ]; then
		if [ "$lo" -gt "$bp" ]; then
			ok "rank $name: ctneon ($lo..$hi) over every in-tree driver (best: $bd, $bp)"
		else
			fail "rank $name: ctneon ($lo..$hi) does not outrank $bd ($bp), and no row of the table yields it"
		fi
		continue
	fi
	# shellcheck disable=SC2086
	set -- $row
	intree=$2 prio=$3 verdict=$4
	ratios=$(echo "$6 $7 $8" | awk '{ for (i = 1; i <= 3; i++) $i = $i ? $i " %" : "n/m"
		print "instructions " $1 ", cycles " $2 " and " $3 }')
	got=$(awk -F'\t' -v d="$intree" '$2 == d { print $4; exit }' "$TMP.all")
	if [ -z "$got" ]; then
		fail "rank $name: the table names $intree ($prio), which this kernel does not have (stale table)"
		continue
	fi
	if [ "$got" != "$prio" ]; then
		fail "rank $name: the table has $intree at $prio, this kernel at $got (stale table)"
		continue
	fi
	case $verdict in
	yield)
		if [ "$bd" != "$intree" ]; then
			fail "rank $name: yields to $intree ($prio), but the best in-tree driver is $bd ($bp)"
		elif [ "$hi" -lt "$prio" ]; then
			ok "rank $name: $intree ($prio) over ctneon ($lo..$hi): constant time and faster (ctneon $ratios)"
		else
			fail "rank $name: the table yields to $intree ($prio), but ctneon is at $lo..$hi"
		fi
		want=$intree
		;;
	*)
		if [ "$lo" -gt "$bp" ]; then
			ok "rank $name: ctneon ($lo..$hi) over $intree ($prio), constant time too (ctneon $ratios)"
		else
			fail "rank $name: the table keeps the name, but $bd ($bp) is not below ctneon ($lo..$hi)"
		fi
		want=ctneon
		;;
	esac
	# arm has no Crypto Extensions driver to keep out: the resolution
	# itself must be the table's
	# (not under the debug tier, whose generic twins made before insmod
	# can answer a lookup while ctneon's driver is still being tested)
	if [ -n "$TOOL" ] && [ "$(uname -m)" != aarch64 ] &&
	   [ "${CTNEON_PREWARM:-0}" != 1 ]; then
		res=$($TOOL pick "$(kind "$name")" "$name" 2>/dev/null)
		case $want:$res in
		ctneon:*-ctneon|"$intree:$intree") ok "rank-resolve $name -> $res" ;;
		*) fail "rank-resolve $name -> ${res:-nothing}, want $want" ;;
		esac
	fi
done <"$TMP.names"

# every row names a name ctneon registered (or registered nothing)
while read -r name intree prio verdict given rest; do
	[ "$given" = 0 ] && { echo "# rank $name: ctneon registers no algorithm of this name here (the kernel builds it from its template)"; continue; }
	grep -qxF "$name" "$TMP.names" || fail "rank $name: the table gave priority $given, but ctneon has no driver of that name"
done <"$PARAM"

rm -f "$TMP.all" "$TMP.names"
echo "rank: $npass passed, $nfail failed"
[ "$nfail" = 0 ]
