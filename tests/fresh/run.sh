#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/fresh/run.sh (make check-fresh, a release check): the README's
# first command, tried as a new user would.  A fresh Debian bookworm amd64
# root with only git and make (mmdebstrap, minbase), this tree's committed
# HEAD cloned into it with its own git (through a bundle), and `make run`
# there as root: the command must install everything it uses itself
# (apt-get inside the root), fetch the kernel, build, boot the guest and
# print MATCH for both ciphertexts.  The machine's own packages and caches are out of reach:
# nothing of the host but /dev and the mirror (from the machine's apt
# sources) is shared.
#
# One index fails all along, as on a Debian mirror mid-sync: a local
# server on 127.0.0.1 (tests/apt/repo.sh) serves a suite "sync" whose
# Packages indexes differ from their Release file.  It is one more source
# of the mmdebstrap that makes the root, of the root's own apt sources
# (deps.sh's apt-get update) and, through CTNEON_APT_EXTRA, of every
# package list scripts/papt.sh refreshes for `make run`.
#
# Checks ("ok NAME" / "FAIL NAME: why"):
#   fresh-root      mmdebstrap made the root (git, make and nothing else),
#                   going on without the failing source
#   fresh-clone     git clone of HEAD inside the root
#   fresh-no-tools  the root has no cross compiler, QEMU or python3 before
#   fresh-make-run  `make run` exited 0 and printed MATCH twice
#   fresh-index-warned
#                   its log has the warnings naming the failing index
#                   (the machine's apt-get update, the private lists)
#
# The root is build/fresh/root, made anew on every run (about 1 minute);
# `make run` in it takes 10 to 20 minutes (packages, the kernel, one
# boot).  Environment: CTNEON_FRESH_CMD runs another command instead of
# `make run` (e.g. "make check"), CTNEON_FRESH_KEEP=1 keeps the root.

set -uo pipefail

SRC=$(cd "$(dirname "$0")/../.." && pwd)
. "$SRC/scripts/apt-sources.sh"
WORK=$SRC/build/fresh
ROOT=$WORK/root
CMD=${CTNEON_FRESH_CMD:-make run}
failed=0
ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
log() { echo "fresh/run.sh: $*" >&2; }
t0=$(date +%s)

[ "$(id -u)" = 0 ] || { fail fresh-root "must run as root (mmdebstrap, chroot)"; exit 1; }
command -v mmdebstrap >/dev/null || "$SRC/scripts/deps.sh" >&2

mirror=$(debian_mirror)
sec=$(security_mirror)
[ -n "$mirror" ] || { fail fresh-root "no Debian mirror in the apt sources"; exit 1; }
sources=("deb $mirror bookworm main" "deb $mirror bookworm-updates main")
[ -z "$sec" ] || sources+=("deb $sec bookworm-security main")

rm -rf "$WORK"
mkdir -p "$WORK"

# the failing index (127.0.0.1 only; the root shares the network)
. "$SRC/scripts/papt.sh"
. "$SRC/tests/apt/repo.sh"
apt_test_repo "$WORK/repo" "$WORK/pkg" && apt_test_serve "$WORK/repo" "$WORK/http.log" ||
	{ fail fresh-root "cannot serve the failing index"; exit 1; }
trap 'kill $APT_TEST_PID 2>/dev/null; [ "${CTNEON_FRESH_KEEP:-0}" = 1 ] || rm -rf "$ROOT"' EXIT
broken="deb [trusted=yes] http://127.0.0.1:$APT_TEST_PORT sync main"
log "failing index: $broken"

log "mmdebstrap bookworm (minbase, git, make) into $ROOT"
if papt_mmdebstrap "$WORK/mmdebstrap.log" bookworm "$ROOT" \
	--mode=root --variant=minbase --include=git,make -- "${sources[@]}" "$broken" \
	2>"$WORK/mmdebstrap.err"; then
	sed 's/^/  | /' "$WORK/mmdebstrap.err"
	ok "fresh-root (without the failing source: $(grep -c 'going on without' "$WORK/mmdebstrap.err") warning)"
else
	sed 's/^/  | /' "$WORK/mmdebstrap.err"
	fail fresh-root "mmdebstrap failed (log: $WORK/mmdebstrap.log)"
	exit 1
fi
# the root's own apt sources get the failing index too
echo "$broken" >"$ROOT/etc/apt/sources.list.d/ctneon-sync-test.list"

# in_root CMD: run CMD in the root, in a private mount namespace with
# /proc, /dev and the source tree (read-only, at /src) mounted
in_root() {
	unshare --mount --propagation private -- /bin/bash -c '
		set -e
		r=$1 s=$2
		shift 2
		mkdir -p "$r/src"
		mount --bind "$s" "$r/src"
		mount -o remount,bind,ro "$r/src"
		mount -t proc proc "$r/proc"
		mount --rbind /dev "$r/dev"
		exec chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
			HOME=/root LANG=C.UTF-8 TERM=dumb "$@"
	' in-root "$ROOT" "$SRC" "$@"
}

# through a bundle of HEAD: a worktree's .git names a directory outside it
if git -C "$SRC" bundle create "$ROOT/tmp/ctneon.bundle" HEAD >"$WORK/clone.log" 2>&1 &&
   in_root git -c advice.detachedHead=false clone -q /tmp/ctneon.bundle /root/ctneon >>"$WORK/clone.log" 2>&1; then
	ok "fresh-clone ($(git -C "$SRC" rev-parse --short HEAD))"
else
	fail fresh-clone "git clone failed: $(tail -n 3 "$WORK/clone.log")"
	exit 1
fi

have=$(in_root sh -c 'for c in aarch64-linux-gnu-gcc-12 qemu-system-aarch64 python3 mmdebstrap; do command -v $c; done' 2>/dev/null)
if [ -z "$have" ]; then
	ok "fresh-no-tools (no cross compiler, QEMU, python3 or mmdebstrap before)"
else
	fail fresh-no-tools "the root already has: $(echo $have)"
fi

log "running '$CMD' in the fresh root (log: $WORK/run.log)"
t1=$(date +%s)
in_root env CTNEON_APT_EXTRA="$broken" sh -c "cd /root/ctneon && $CMD" >"$WORK/run.log" 2>&1
rc=$?
t2=$(date +%s)
# what it downloaded: the sum of apt's "Fetched N kB" lines (the system's
# packages, the package lists, the kernel; the guests' packages in the
# guest logs)
fetched=$(cat "$WORK/run.log" "$ROOT"/root/ctneon/build/*/*.log 2>/dev/null |
	grep -o 'Fetched [0-9.,]* [kMG]\{0,1\}B' | tr -d , |
	awk '{ f = $3 == "GB" ? 1e9 : $3 == "MB" ? 1e6 : $3 == "kB" ? 1e3 : 1; s += $2 * f }
	     END { printf "%.0f MB in %d downloads", s / 1e6, NR }')
log "'$CMD': $((t2 - t1)) s, apt fetched $fetched"
tail -n 40 "$WORK/run.log" | sed 's/^/  | /'
matches=$(grep -c '^    MATCH$' "$WORK/run.log")
if [ "$CMD" != "make run" ]; then
	[ $rc = 0 ] && ok "fresh-cmd ($CMD)" || fail "fresh-cmd" "'$CMD' exited $rc"
elif [ $rc = 0 ] && [ "$matches" = 2 ]; then
	ok "fresh-make-run (exit 0, MATCH for xts and cbc; $((t2 - t1)) s, fetched $fetched)"
else
	fail fresh-make-run "exit $rc, $matches MATCH line(s) (log: $WORK/run.log)"
fi
# one warning from the root's apt-get update, one per private list
warned=$(grep -c '^papt:   http://127.0.0.1:[0-9]* sync/main [a-z0-9]* Packages: File has unexpected size' "$WORK/run.log")
if [ "$warned" -ge 2 ]; then
	ok "fresh-index-warned ($warned warnings naming the failing index)"
else
	fail fresh-index-warned "$warned warnings naming the failing index (log: $WORK/run.log)"
fi
log "$(( $(date +%s) - t0 )) s"
exit $failed
