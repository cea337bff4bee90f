#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/papt.sh: private apt package lists, one per suite set and
# architecture, made to survive a Debian mirror that is mid-sync.
# Sourced by the scripts that fetch Debian packages; also a command:
#
#   papt.sh conf SET ARCH        print the apt.conf of SET for ARCH (a Debian
#                                architecture: amd64, armhf, arm64), after
#                                refreshing its lists once
#   papt.sh download SET ARCH DIR PKG[=VER]...
#                                download the packages (PKG may carry :ARCH)
#                                into DIR, each one whole or not at all
#   papt.sh sources SUITE...     the "deb URI SUITE main" lines of the
#                                machine's mirrors, for mmdebstrap
#   papt.sh install-system PKG...
#                                the machine's own `apt-get update`, with the
#                                same tolerance of failed indexes, then
#                                `apt-get install` of PKG...; a failure names
#                                the indexes that failed
#
# The sets:
#   bookworm   bookworm, bookworm-updates, bookworm-security
#   trixie     trixie, trixie-updates, trixie-security
#   newest     trixie-backports, sid
#   local      only the sources of CTNEON_APT_EXTRA (for the tests)
# So `make run` (arm64, 6.1) reads bookworm's lists for arm64, plus those for
# amd64 of the host's kbuild programs, and nothing else.
#
# Where: ${CTNEON_CACHE:-~/.cache/ctneon}/apt/<set>-<arch>/, with its own
# apt.conf, sources.list, lists and an empty dpkg status: the machine's apt
# state is neither read nor written.  The lists are refreshed once (the
# file "updated" marks it), again with CTNEON_REFRESH=1 (when they are
# more than ten minutes old: one command asks many times).
#
# A mirror that is mid-sync serves, for hours at times, an index whose size
# or hash differs from its Release file.  So a refresh that fails is tried
# once more; then whatever came is used, each index that failed is named in
# a warning and kept in the set's "failed" file.  Nothing stops until a
# package that is needed is not in the lists: the error then names the
# package, the set's suites, the indexes that failed, and what to do.  A
# cached list that apt cannot parse is removed, named and counted as
# failed the same way.
#
# CTNEON_APT_EXTRA: more deb lines (one a line) for every set; the tests
# use it to add an index that fails (tests/apt/run.sh, tests/fresh/run.sh).

PAPT_LIB=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$PAPT_LIB/apt-sources.sh"

papt_log() { echo "papt: $*" >&2; }

# papt_suites SET: the suites of SET
papt_suites() {
	case $1 in
	bookworm) echo bookworm bookworm-updates bookworm-security ;;
	trixie)   echo trixie trixie-updates trixie-security ;;
	newest)   echo trixie-backports sid ;;
	# the suites of CTNEON_APT_EXTRA alone (tests/apt/run.sh)
	local)    sed 's/\[[^]]*\]//' <<<"${CTNEON_APT_EXTRA:-}" | awk '$1 == "deb" { print $3 }' | xargs ;;
	*) papt_log "unknown suite set '$1'"; return 2 ;;
	esac
}

# papt_sources SUITE...: a "deb URI SUITE main" line for each SUITE the
# machine's mirrors serve (the security suites from the security mirror)
papt_sources() {
	local main sec s
	main=$(debian_mirror)
	sec=$(security_mirror)
	[ -n "$main" ] || { papt_log "no Debian mirror in the machine's apt sources"; return 1; }
	for s; do
		case $s in
		*-security) [ -z "$sec" ] || echo "deb $sec $s main" ;;
		*) echo "deb $main $s main" ;;
		esac
	done
}

# papt_failed_indexes FILE: from an apt-get update log, one line per index
# that failed: "URI SUITE[/COMPONENT ARCH] TARGET: reason"
papt_failed_indexes() {
	awk '
	/^Err:[0-9]+ / { if (cur != "") print cur; sub(/^Err:[0-9]+ /, ""); cur = $0; next }
	cur != "" && /^  / { r = $0; sub(/^ +/, "", r); sub(/ *\[IP: [^]]*\]$/, "", r); print cur ": " r; cur = ""; next }
	{ if (cur != "") print cur; cur = "" }
	END { if (cur != "") print cur }' "$1" | sort -u
}

# papt_update_tolerant LOG CMD...: run CMD (an apt-get update), once more
# when it fails; then warn with each index that failed and return 0.  The
# failed indexes are left in LOG.failed.
papt_update_tolerant() {
	local log=$1 try rc
	shift
	for try in 1 2; do
		# (|| keeps a caller's set -e from ending it here)
		rc=0
		"$@" >"$log" 2>&1 || rc=$?
		# what it fetched, and what the failed indexes below do not say
		grep '^Fetched \|^[EW]: ' "$log" | grep -v 'Failed to fetch\|Some index files failed' >&2 || true
		papt_failed_indexes "$log" >"$log.failed"
		[ $rc != 0 ] || [ -s "$log.failed" ] || return 0
		[ $try = 2 ] || { papt_log "apt-get update failed (exit $rc, $(wc -l <"$log.failed") index(es)); trying once more in 5 s"; sleep 5; }
	done
	if [ -s "$log.failed" ]; then
		papt_log "WARNING: going on without these indexes (the mirror may be mid-sync; log: $log):"
		sed 's/^/papt:   /' "$log.failed" >&2
	else
		papt_log "WARNING: apt-get update exited $rc (log: $log); going on with the lists that came"
		echo "apt-get update exited $rc (log: $log)" >"$log.failed"
	fi
	return 0
}

# papt_conf SET ARCH: prepare the set's directory, refresh its lists once,
# print the path of its apt.conf
papt_conf() {
	local set=$1 arch=$2 cache dir suites s
	cache=${CTNEON_CACHE:-$HOME/.cache/ctneon}
	dir=$cache/apt/$set-$arch
	suites=$(papt_suites "$set") || return 2
	case $arch in amd64|armhf|arm64) ;; *) papt_log "unknown architecture '$arch'"; return 2 ;; esac
	mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/empty.d"
	(
		exec 7>"$dir/.lock"
		flock 7
		# shellcheck disable=SC2086
		{ [ "$set" = local ] || papt_sources $suites; [ -z "${CTNEON_APT_EXTRA:-}" ] || echo "$CTNEON_APT_EXTRA"; } \
			>"$dir/sources.list.new" || exit 1
		[ -f "$dir/status" ] || : >"$dir/status"
		# written whole, then renamed: other processes may be reading it
		cat >"$dir/apt.conf.new" <<EOF
Dir::Etc::sourcelist "$dir/sources.list";
Dir::Etc::sourceparts "$dir/empty.d";
Dir::Etc::preferences "$dir/preferences";
Dir::Etc::preferencesparts "$dir/empty.d";
Dir::State "$dir";
Dir::State::lists "$dir/lists";
Dir::State::status "$dir/status";
Dir::Cache "$dir/cache";
APT::Architecture "$arch";
APT::Architectures { "$arch"; };
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::Check-Valid-Until "false";
Acquire::IndexTargets::deb::Contents-deb::DefaultEnabled "false";
Acquire::IndexTargets::deb::DEP-11::DefaultEnabled "false";
Acquire::IndexTargets::deb::DEP-11-icons::DefaultEnabled "false";
Acquire::IndexTargets::deb::DEP-11-icons-small::DefaultEnabled "false";
APT::Default-Release "${suites%% *}";
EOF
		cmp -s "$dir/apt.conf.new" "$dir/apt.conf" && rm -f "$dir/apt.conf.new" ||
			mv "$dir/apt.conf.new" "$dir/apt.conf"
		# CTNEON_REFRESH=1 refreshes lists older than ten minutes: one
		# command calls this many times, and refreshes each set once
		if cmp -s "$dir/sources.list.new" "$dir/sources.list" && [ -f "$dir/updated" ] &&
		   { [ "${CTNEON_REFRESH:-0}" != 1 ] || [ -n "$(find "$dir/updated" -mmin -10)" ]; }; then
			rm -f "$dir/sources.list.new"
			exit 0
		fi
		mv "$dir/sources.list.new" "$dir/sources.list"
		rm -f "$dir/updated"
		papt_log "apt-get update: $suites ($arch), lists in $dir"
		papt_update_tolerant "$dir/update.log" \
			env APT_CONFIG="$dir/apt.conf" apt-get -q update
		mv "$dir/update.log.failed" "$dir/failed"
		touch "$dir/updated"
	) || return 1
	echo "$dir/apt.conf"
}

# papt_with CONF CMD...: CMD with APT_CONFIG=CONF.  A cached Packages list
# that apt cannot parse is removed (and recorded as failed), then CMD runs
# again.
papt_with() {
	local conf=$1 dir err rc bad n
	shift
	dir=$(dirname "$conf")
	err=$(mktemp)
	for n in 1 2 3 4; do
		rc=0
		APT_CONFIG=$conf "$@" 2>"$err" || rc=$?
		# the list apt names in its error (MergeList, LZ4F, ...)
		bad=
		grep -q 'could not be parsed or opened' "$err" &&
			bad=$(grep -o "$dir/lists/[^ ]*_Packages[.a-z0-9]*" "$err" | head -n1)
		if [ $rc = 0 ] || [ -z "$bad" ] || [ ! -f "$bad" ]; then
			cat "$err" >&2
			rm -f "$err"
			return $rc
		fi
		papt_log "WARNING: removing the cached list $bad, which apt cannot parse"
		rm -f "$bad" "$dir"/cache/*.bin
		echo "$(basename "$bad"): a cached list apt could not parse (removed)" >>"$dir/failed"
	done
	cat "$err" >&2
	rm -f "$err"
	return $rc
}

# papt_missing CONF PKG SET: the error for a package the lists lack
papt_missing() {
	local conf=$1 pkg=$2 set=$3 dir
	dir=$(dirname "$conf")
	{
		echo "papt: ERROR: package $pkg is not in the package lists of $(papt_suites "$set" | sed 's/ /, /g') ($(basename "$dir" | sed 's/.*-//'))."
		if [ -s "$dir/failed" ]; then
			echo "papt:   These indexes failed when the lists were refreshed:"
			sed 's/^/papt:     /' "$dir/failed"
			echo "papt:   (A mirror mid-sync serves such indexes for hours.)  Try again later with"
			echo "papt:   CTNEON_REFRESH=1 (it refreshes the lists), or use another"
			echo "papt:   Debian mirror in the machine's apt sources."
		else
			echo "papt:   No index failed; the mirror may have moved on: try"
			echo "papt:   CTNEON_REFRESH=1 (it refreshes the lists in $dir)."
		fi
	} >&2
}

# papt_download SET ARCH DIR PKG[=VER]...: download each package into DIR.
# apt-get download checks each file against the lists' hashes; it works in
# a temporary directory beside DIR, and only complete files are moved in,
# so an interrupted download leaves nothing a later run would trust.
papt_download() {
	local set=$1 arch=$2 dest=$3 conf tmp p name rc=0
	shift 3
	conf=$(papt_conf "$set" "$arch") || return 1
	for p; do
		name=${p%%=*}
		if [ -z "$(papt_with "$conf" apt-cache madison "$name" 2>/dev/null)" ]; then
			papt_missing "$conf" "$name" "$set"
			return 1
		fi
	done
	mkdir -p "$dest"
	tmp=$(mktemp -d "$dest/.download.XXXXXX")
	if ! (cd "$tmp" && papt_with "$conf" apt-get -q download "$@" >&2); then
		rm -rf "$tmp"
		papt_log "ERROR: apt-get download $* failed ($set, $arch)."
		papt_log "  If the mirror is mid-sync, try again later with CTNEON_REFRESH=1, or another mirror."
		return 1
	fi
	for p in "$tmp"/*.deb; do
		[ -f "$p" ] || continue
		if ! dpkg-deb --info "$p" >/dev/null 2>&1; then
			papt_log "ERROR: $(basename "$p") is not a complete .deb"
			rc=1
			continue
		fi
		mv -f "$p" "$dest/"
	done
	rm -rf "$tmp"
	return $rc
}

# papt_mmdebstrap LOG SUITE TARGET OPTION... -- SOURCE...: mmdebstrap with
# the same tolerance.  mmdebstrap stops at any index that fails, so: once
# more after a failure; then once without the sources whose indexes failed
# (named in a warning).  When a package is then missing, mmdebstrap's
# error is followed by the failed indexes and what to do.
papt_mmdebstrap() {
	local log=$1 suite=$2 target=$3 opts=() srcs=() keep=() failed try s uri su
	shift 3
	while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done
	shift || true
	srcs=("$@")
	for try in 1 2 3; do
		[ $try = 1 ] || rm -rf "$target"
		mmdebstrap "${opts[@]}" "$suite" "$target" "${srcs[@]}" >"$log" 2>&1 && return 0
		failed=$(sed -n -e 's/^E: Failed to fetch \([^ ]*\) *\(.*\)/\1: \2/p' \
			-e "s/^E: The repository '\(.*\)' does not have a Release file./\1: no Release file/p" "$log" |
			sed 's/ *\[IP: [^]]*\]$//' | sort -u)
		[ -n "$failed" ] || break
		papt_log "mmdebstrap $suite: these indexes failed:"
		sed 's/^/papt:   /' <<<"$failed" >&2
		if [ $try = 1 ]; then
			papt_log "trying once more in 5 s"
			sleep 5
			continue
		fi
		[ $try = 2 ] || break
		# drop each source one of whose indexes failed
		keep=()
		for s in "${srcs[@]}"; do
			read -r _ uri su _ <<<"$(sed 's/\[[^]]*\] *//' <<<"$s")"
			if grep -qF "${uri%/}/dists/$su/" <<<"$failed" || grep -qF "${uri%/} $su" <<<"$failed"; then
				papt_log "WARNING: going on without '$s'"
			else
				keep+=("$s")
			fi
		done
		[ ${#keep[@]} -gt 0 ] && [ ${#keep[@]} -lt ${#srcs[@]} ] || break
		srcs=("${keep[@]}")
	done
	tail -n 20 "$log" >&2
	papt_log "ERROR: mmdebstrap $suite failed (log: $log)."
	if [ -n "${failed:-}" ]; then
		papt_log "  These indexes failed:"
		sed 's/^/papt:     /' <<<"$failed" >&2
		papt_log "  The mirror was probably mid-sync: try again later, or another Debian"
		papt_log "  mirror in the machine's apt sources."
	fi
	return 1
}

# papt_install_system PKG...: the machine's `apt-get update` with the
# tolerance above, then apt-get install of PKG... (as root, or with sudo);
# when that fails, the indexes that failed are named again with what to do
papt_install_system() {
	local sudo= log
	[ "$(id -u)" = 0 ] || sudo=sudo
	log=$(mktemp)
	papt_update_tolerant "$log" $sudo apt-get -q update
	if DEBIAN_FRONTEND=noninteractive $sudo apt-get -q install -y --no-install-recommends "$@"; then
		rm -f "$log" "$log.failed"
		return 0
	fi
	papt_log "ERROR: apt-get install of $* failed."
	if [ -s "$log.failed" ]; then
		papt_log "  These indexes of the machine's apt sources failed in apt-get update:"
		sed 's/^/papt:     /' "$log.failed" >&2
		papt_log "  The mirror was probably mid-sync: try again later, or another Debian mirror."
	fi
	rm -f "$log" "$log.failed"
	return 1
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -euo pipefail
	cmd=${1:-}
	shift || true
	case $cmd in
	conf)          [ $# = 2 ] || exit 2; papt_conf "$@" ;;
	download)      [ $# -ge 4 ] || exit 2; papt_download "$@" ;;
	sources)       papt_sources "$@" ;;
	install-system) [ $# -ge 1 ] || exit 2; papt_install_system "$@" ;;
	*) echo "usage: $0 conf SET ARCH | download SET ARCH DIR PKG... | sources SUITE... | install-system PKG..." >&2
	   exit 2 ;;
	esac
fi
