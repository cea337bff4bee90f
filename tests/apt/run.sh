#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/apt/run.sh: the package lists survive a mirror that is mid-sync
# (scripts/papt.sh), without the mirror: a step of make check, a few
# seconds.
#
# A small repository (tests/apt/repo.sh) is made in build/apt-test/repo and
# served by `python3 -m http.server` bound to 127.0.0.1 only, with three
# suites:
#   good   a Packages index with ctneon-apt-good and ctneon-apt-cut (whose
#          .deb the server holds cut in half: a download that fails
#          halfway)
#   sync   a Release file whose Packages indexes have another size and hash
#          than the ones served, as a mirror mid-sync has;
#          ctneon-apt-needed is only there
#   gone   nothing at all (404)
# and a private cache (build/apt-test/cache) whose "local" set reads these
# three (CTNEON_APT_EXTRA).
#
# Checks ("ok NAME" / "FAIL NAME: why"):
#   apt-index-warn    the refresh goes on (exit 0) and its warning names the
#                     sync and gone indexes
#   apt-once          a second use does not refresh again
#   apt-download      ctneon-apt-good is downloaded, a whole .deb
#   apt-missing       ctneon-apt-needed: an error naming the package, the
#                     suite of the failed index, the index, and
#                     CTNEON_REFRESH=1
#   apt-partial       ctneon-apt-cut fails and leaves no file behind
#   apt-corrupt-list  a cached list apt cannot parse is removed and named,
#                     and the error for a package only it had names it
#   kernels-missing   scripts/kernels.sh arm64 6.1 with bookworm's arm64
#                     lists (a copy of the cache's) whose main and security
#                     lists are corrupted: it stops with the error naming
#                     linux-image-arm64 and those lists; without the copy to
#                     make (no bookworm arm64 lists in the cache yet) it
#                     prints "skip kernels-missing"
# CTNEON_APT_BREAK=1 serves the sync index as its Release file says (no
# index fails), to show that apt-index-warn and apt-missing then fail.

set -uo pipefail

SRC=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$SRC/build/apt-test
REPO=$WORK/repo
CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
failed=0
ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
log() { echo "apt/run.sh: $*" >&2; }

rm -rf "$WORK"
mkdir -p "$REPO/pool" "$WORK/cache"

# ---- the repository and its server (127.0.0.1 only) -------------------------

. "$SRC/tests/apt/repo.sh"
apt_test_repo "$REPO" "$WORK/pkg" || { fail apt-repo "cannot make the test repository"; exit 1; }
apt_test_serve "$REPO" "$WORK/http.log" || { fail apt-server "python3 -m http.server did not start: $(cat "$WORK/http.log")"; exit 1; }
trap 'kill $APT_TEST_PID 2>/dev/null' EXIT
url=http://127.0.0.1:$APT_TEST_PORT
export CTNEON_CACHE=$WORK/cache
export CTNEON_APT_EXTRA="deb [trusted=yes] $url good main
deb [trusted=yes] $url sync main
deb [trusted=yes] $url gone main"
unset CTNEON_REFRESH
. "$SRC/scripts/papt.sh"
SET=$WORK/cache/apt/local-arm64

# corrupt FILE: bytes that neither a decompressor nor apt's parser accepts
corrupt() {
	printf 'garbage \000\377 without a field name\n' | dd of="$1" bs=1 seek=0 conv=notrunc 2>/dev/null
}

# ---- the checks ------------------------------------------------------------

if conf=$(papt_conf local arm64 2>"$WORK/update.err"); then
	sed 's/^/  | /' "$WORK/update.err"
	if grep -q "sync/main arm64 Packages" "$WORK/update.err" && grep -q "gone" "$WORK/update.err" &&
	   grep -q 'WARNING' "$WORK/update.err"; then
		ok "apt-index-warn (exit 0, the sync and gone indexes named)"
	else
		fail apt-index-warn "no warning naming the sync and gone indexes"
	fi
else
	sed 's/^/  | /' "$WORK/update.err"
	fail apt-index-warn "papt_conf stopped at the failed indexes"
	exit 1
fi

stamp=$(stat -c %Y.%y "$SET/updated" 2>/dev/null)
sleep 1
papt_conf local arm64 >/dev/null 2>"$WORK/again.err"
if [ -n "$stamp" ] && [ "$(stat -c %Y.%y "$SET/updated")" = "$stamp" ] && ! grep -q 'apt-get update' "$WORK/again.err"; then
	ok apt-once
else
	fail apt-once "the lists were refreshed again"
fi

mkdir -p "$WORK/debs"
if papt_download local arm64 "$WORK/debs" ctneon-apt-good 2>"$WORK/good.err" &&
   dpkg-deb --info "$WORK/debs/ctneon-apt-good_1.0_all.deb" >/dev/null 2>&1; then
	ok apt-download
else
	sed 's/^/  | /' "$WORK/good.err"
	fail apt-download "ctneon-apt-good not downloaded whole"
fi

if papt_download local arm64 "$WORK/debs" ctneon-apt-needed 2>"$WORK/needed.err"; then
	fail apt-missing "ctneon-apt-needed was downloaded: no index failed"
else
	sed 's/^/  | /' "$WORK/needed.err"
	if grep -q 'package ctneon-apt-needed is not in the package lists' "$WORK/needed.err" &&
	   grep -q 'sync/main arm64 Packages' "$WORK/needed.err" && grep -q 'CTNEON_REFRESH=1' "$WORK/needed.err"; then
		ok "apt-missing (names the package, the failed sync index and CTNEON_REFRESH=1)"
	else
		fail apt-missing "the error lacks the package, the failed index or what to do"
	fi
fi

if papt_download local arm64 "$WORK/debs" ctneon-apt-cut 2>"$WORK/cut.err"; then
	fail apt-partial "the cut .deb was accepted"
else
	left=$(cd "$WORK/debs" && ls -A | grep -v '^ctneon-apt-good_1.0_all.deb$')
	if [ -z "$left" ]; then
		ok "apt-partial (refused, nothing left behind)"
	else
		fail apt-partial "left behind: $(echo $left)"
	fi
fi

list=$(ls "$SET"/lists/*_good_main_binary-arm64_Packages* 2>/dev/null | head -n1)
if [ -z "$list" ]; then
	fail apt-corrupt-list "no cached list of the good suite"
else
	corrupt "$list"
	rm -f "$SET"/cache/*.bin "$WORK/debs"/*
	papt_download local arm64 "$WORK/debs" ctneon-apt-good 2>"$WORK/corrupt.err"
	sed 's/^/  | /' "$WORK/corrupt.err"
	if [ ! -e "$list" ] && grep -q "$(basename "$list")" "$WORK/corrupt.err" &&
	   grep -q 'could not parse' "$WORK/corrupt.err"; then
		ok "apt-corrupt-list (removed and named)"
	else
		fail apt-corrupt-list "the corrupted list was not removed and named"
	fi
fi

# kernels.sh itself, on a copy of the cache's bookworm lists
if [ -f "$CACHE/apt/bookworm-arm64/updated" ] && [ -f "$CACHE/apt/bookworm-amd64/updated" ]; then
	mkdir -p "$WORK/kcache/apt"
	for a in arm64 amd64; do
		cp -a "$CACHE/apt/bookworm-$a" "$WORK/kcache/apt/"
		rm -f "$WORK/kcache/apt/bookworm-$a/cache/"*.bin
		sed -i "s|$CACHE/apt/|$WORK/kcache/apt/|g" "$WORK/kcache/apt/bookworm-$a/apt.conf"
	done
	for l in "$WORK"/kcache/apt/bookworm-arm64/lists/*_dists_bookworm_main_binary-arm64_Packages* \
		 "$WORK"/kcache/apt/bookworm-arm64/lists/*_dists_bookworm-security_main_binary-arm64_Packages*; do
		corrupt "$l"
	done
	t0=$(date +%s)
	CTNEON_APT_EXTRA= CTNEON_CACHE=$WORK/kcache "$SRC/scripts/kernels.sh" arm64 6.1 >"$WORK/kernels.out" 2>&1
	rc=$?
	sed 's/^/  | /' "$WORK/kernels.out"
	if [ $rc != 0 ] && grep -q 'package linux-image-arm64:arm64 (6.1.\*) is not in the package lists' "$WORK/kernels.out" &&
	   grep -q 'bookworm_main_binary-arm64_Packages.*could not parse' "$WORK/kernels.out" &&
	   grep -q 'CTNEON_REFRESH=1' "$WORK/kernels.out" && ! grep -q 'apt-get update' "$WORK/kernels.out"; then
		ok "kernels-missing (exit $rc, $(( $(date +%s) - t0 )) s: names linux-image-arm64 and the lists)"
	else
		fail kernels-missing "exit $rc, without the error naming the package and the lists"
	fi
else
	echo "skip kernels-missing (no bookworm arm64 and amd64 lists in $CACHE/apt yet)"
fi

kill $APT_TEST_PID 2>/dev/null
wait $APT_TEST_PID 2>/dev/null
exit $failed
