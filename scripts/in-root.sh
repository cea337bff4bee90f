#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/in-root.sh ROOT CMD...: run CMD inside the Debian root ROOT
# (scripts/suite-root.sh), as root, with this source tree bind-mounted at
# its own path, so that paths mean the same inside and out (build logs,
# M=).  The mounts (the tree, /proc, /dev) live in a private mount
# namespace and vanish when CMD ends, even if it is killed.  The
# environment is cleared but for PATH, HOME and LANG: nothing of the
# host's make (MAKEFLAGS, jobserver) leaks into the root's.

set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 ROOT CMD..." >&2; exit 2; }
SRC=$(cd "$(dirname "$0")/.." && pwd)
ROOT=$1
shift
[ -x "$ROOT/usr/bin/make" ] || { echo "$0: $ROOT is not a build root" >&2; exit 1; }

exec unshare --mount --propagation private -- /bin/bash -c '
	set -e
	r=$1 s=$2
	shift 2
	mkdir -p "$r$s" "$r/proc" "$r/dev"
	mount --bind "$s" "$r$s"
	mount -t proc proc "$r/proc"
	mount --rbind /dev "$r/dev"
	exec chroot "$r" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 "$@"
' in-root "$ROOT" "$SRC" "$@"
