#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/dkms/run.sh: install the ctneon-dkms package in an arm64 Debian
# bookworm chroot that has Debian's arm64 6.1 kernel headers, and check that
# DKMS built and installed ctneon.ko for that kernel (make check-dkms).
#
# What is checked ("ok NAME" / "FAIL NAME: why"):
#   dkms-deb        make deb built the package
#   dkms-install    dpkg -i of the package succeeded (its postinst runs dkms
#                   add/build/install for every kernel with headers)
#   dkms-status     `dkms status` says ctneon/<version>, <release>, aarch64:
#                   installed
#   dkms-module     /lib/modules/<release>/updates/dkms/ctneon.ko exists
#   dkms-vermagic   its vermagic is the one of the Debian kernel's own modules
#   dkms-warnings   the W=1 build log DKMS kept (make.log) has no warning
#   dkms-remove     dpkg --purge removes the module and the DKMS tree
# With CTNEON_DKMS_UPGRADE=1, before the removal, Debian's 6.12 arm64
# headers (bookworm-backports) are installed as a kernel upgrade would:
#   dkms-upgrade    their dpkg -i succeeded (DKMS's headers hook built
#                   ctneon for 6.12: AUTOINSTALL)
#   dkms-status-upgrade ... dkms-warnings-upgrade   the checks above, for 6.12
#
# Why a chroot: it is the package as a board's user gets it, built by the
# board's own tools (dkms, gcc-12, the headers' arm64 kbuild programs), with
# no cross-compilation special case.  The arm64 programs run through
# qemu-user: a static qemu-aarch64 (from Debian's qemu-user-static, unpacked
# into the cache, not installed) is registered with binfmt_misc under the
# name qemu-aarch64 with the F flag, so the kernel opens it once and it
# works inside the chroot; the registration is removed again on exit when
# this script made it.  binfmt_misc is mounted if it is not.
#
# How: the chroot (mmdebstrap: dkms, openssl for DKMS's module signing key,
# linux-headers-<release> at the version scripts/kernels.sh picked) is made
# once and kept as a tarball in the cache, $CACHE/dkms-arm64-<release>.tar;
# each run unpacks it into build/dkms/root and installs the fresh package
# there, inside a private mount namespace (proc is mounted there only).
# The mirror comes from the cache's apt sources ($CACHE/apt/sources.list,
# written by scripts/kernels.sh from the machine's apt configuration).
#
# CTNEON_DKMS_BREAK=1 plants a syntax error in the installed sources before
# DKMS runs, to show that the checks fail when the build does.
# Environment: CTNEON_CACHE (default ~/.cache/ctneon).

set -euo pipefail

SRC=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
WORK=$SRC/build/dkms
ROOT=$WORK/root
BINFMT=/proc/sys/fs/binfmt_misc
t0=$(date +%s)

log() { echo "dkms/run.sh: $*" >&2; }
ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
failed=0

# ---- the package and the kernel ------------------------------------------

if deb=$("$SRC/scripts/mkdeb.sh" | tail -n1) && [ -s "$deb" ]; then
	ok dkms-deb
else
	fail dkms-deb "make deb failed"
	exit 1
fi
version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$SRC/dkms.conf")

rel=$("$SRC/scripts/kernels.sh" arm64 6.1 | tail -n1)
kver=$(cat "$CACHE/arm64-6.1/version")
log "kernel $rel ($kver), package $(basename "$deb")"

# ---- qemu-user for arm64 programs ---------------------------------------

QEMU=$CACHE/qemu-user-static/root/usr/bin/qemu-aarch64-static
if [ ! -x "$QEMU" ]; then
	log "fetching qemu-user-static (unpacked into the cache, not installed)"
	rm -rf "$CACHE/qemu-user-static.tmp"
	mkdir -p "$CACHE/qemu-user-static.tmp/deb"
	(cd "$CACHE/qemu-user-static.tmp/deb" &&
	 APT_CONFIG=$CACHE/apt/apt.conf apt-get -q download \
		qemu-user-static:amd64/bookworm >&2)
	dpkg -x "$CACHE"/qemu-user-static.tmp/deb/*.deb "$CACHE/qemu-user-static.tmp/root"
	rm -rf "$CACHE/qemu-user-static.tmp/deb" "$CACHE/qemu-user-static"
	mv "$CACHE/qemu-user-static.tmp" "$CACHE/qemu-user-static"
fi

[ -f "$BINFMT/status" ] || mount -t binfmt_misc binfmt_misc "$BINFMT"
# The entry must be called qemu-aarch64: mmdebstrap looks for the F flag
# there (without it, it wants /usr/bin/qemu-aarch64-static to copy into
# the chroot).  An entry of that name without F (qemu-user-binfmt's) is
# set aside and put back on exit.
ENTRY=$BINFMT/qemu-aarch64
saved=
registered=0
# entry_line FILE: the register line that recreates the entry in FILE
entry_line() {
	awk '
	function hexesc(h,   o, i) { o = ""; for (i = 1; i < length(h); i += 2) o = o "\\x" substr(h, i, 2); return o }
	$1 == "interpreter" { interp = $2 }
	$1 == "flags:" { flags = $2 }
	$1 == "offset" { off = $2 }
	$1 == "magic" { magic = hexesc($2) }
	$1 == "mask" { mask = hexesc($2) }
	END { printf ":qemu-aarch64:M:%s:%s:%s:%s:%s\n", off, magic, mask, interp, flags }' "$1"
}
cleanup() {
	if [ $registered = 1 ]; then
		echo -1 >"$ENTRY" || true
		[ -z "$saved" ] || echo "$saved" >"$BINFMT/register" || true
	fi
}
trap cleanup EXIT
if [ -e "$ENTRY" ] && ! grep -q '^flags: [A-Z]*F' "$ENTRY"; then
	saved=$(entry_line "$ENTRY")
	log "setting aside the binfmt entry qemu-aarch64 (no F flag) until exit"
	echo -1 >"$ENTRY"
fi
if [ ! -e "$ENTRY" ]; then
	# ELF64, little-endian, e_machine 183 (AArch64); F: open the
	# interpreter now, so that it need not exist inside the chroot
	magic='\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00'
	mask='\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
	registered=1
	echo ":qemu-aarch64:M::$magic:$mask:$QEMU:OCF" >"$BINFMT/register"
fi

# ---- the arm64 chroot, made once ------------------------------------------

TAR=$CACHE/dkms-arm64-$rel.tar
mkdir -p "$WORK"
if [ ! -s "$TAR" ]; then
	log "mmdebstrap arm64 bookworm with dkms and linux-headers-$rel=$kver (once)"
	# bookworm, -updates and -security from the cache's sources; not
	# backports (the 6.1 headers are all in the others)
	mapfile -t mirrors < <(grep -E ' bookworm(-updates|-security)? ' "$CACHE/apt/sources.list")
	mmdebstrap --mode=root --arch=arm64 --variant=apt \
		--aptopt='Acquire::Languages "none"' \
		--dpkgopt='path-exclude=/usr/share/man/*' \
		--dpkgopt='path-exclude=/usr/share/locale/*' \
		--dpkgopt='path-exclude=/usr/share/doc/*' \
		--include="dkms,openssl,kmod,linux-headers-$rel=$kver" \
		bookworm "$TAR.part.tar" "${mirrors[@]}" >"$WORK/mmdebstrap.log" 2>&1 || {
		tail -n 30 "$WORK/mmdebstrap.log" >&2
		fail dkms-chroot "mmdebstrap failed (log: $WORK/mmdebstrap.log)"
		exit 1
	}
	mv "$TAR.part.tar" "$TAR"
fi

rm -rf "$ROOT"
mkdir -p "$ROOT"
tar -C "$ROOT" -xf "$TAR"
cp "$deb" "$ROOT/tmp/"
log "chroot ready ($(( $(date +%s) - t0 )) s)"

# in_root CMD...: run CMD in the chroot, in a mount namespace of its own
# with /proc mounted (gone when the command ends)
in_root() {
	unshare --mount --propagation private -- /bin/sh -c \
		'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"' "$ROOT" "$@"
}

# ---- install ---------------------------------------------------------------

t1=$(date +%s)
pkg=/tmp/$(basename "$deb")
if [ "${CTNEON_DKMS_BREAK:-0}" = 1 ]; then
	log "CTNEON_DKMS_BREAK=1: a syntax error in ctneon-main.c before DKMS runs"
	in_root dpkg --unpack "$pkg" >"$WORK/install.log" 2>&1
	echo 'this is not C;' >>"$ROOT/usr/src/ctneon-$version/ctneon-main.c"
	install=(dpkg --configure ctneon-dkms)
else
	install=(dpkg -i "$pkg")
fi
if in_root "${install[@]}" >>"$WORK/install.log" 2>&1; then
	ok dkms-install
else
	fail dkms-install "${install[*]} failed (log: $WORK/install.log)"
fi
log "install and DKMS build: $(( $(date +%s) - t1 )) s"
sed 's/^/  | /' "$WORK/install.log"

# check_kernel SUFFIX REL KROOT: ctneon built and installed by DKMS for
# the kernel REL, whose own modules are unpacked under KROOT; the test
# names end in SUFFIX
check_kernel() {
	local sfx=$1 rel=$2 kroot=$3 status ko ref want got mlog blog
	status=$(in_root dkms status 2>&1 || true)
	echo "  dkms status: $(echo $status)"
	if grep -qx "ctneon/$version, $rel, aarch64: installed" <<<"$status"; then
		ok "dkms-status$sfx"
	else
		fail "dkms-status$sfx" "no 'ctneon/$version, $rel, aarch64: installed'"
	fi

	ko=$(cd "$ROOT" && ls "lib/modules/$rel/updates/dkms/"ctneon.ko* 2>/dev/null | head -n1 || true)
	if [ -n "$ko" ]; then
		ok "dkms-module$sfx"
		# the vermagic a module of this kernel must carry: that of
		# one of the kernel's own modules
		ref=$(cd "$kroot" && find "lib/modules/$rel/kernel/crypto" -name '*.ko*' -print -quit)
		want=$(modinfo -F vermagic "$kroot/$ref")
		got=$(in_root modinfo -F vermagic "/$ko")
		echo "  $ko: vermagic '$got'; signer '$(in_root modinfo -F signer "/$ko")'"
		if [ -n "$want" ] && [ "$got" = "$want" ]; then
			ok "dkms-vermagic$sfx"
		else
			fail "dkms-vermagic$sfx" "'$got', the kernel's modules have '$want'"
		fi
	else
		fail "dkms-module$sfx" "no /lib/modules/$rel/updates/dkms/ctneon.ko*"
		fail "dkms-vermagic$sfx" "no module"
	fi

	# DKMS keeps the build log per kernel and architecture
	mlog=$ROOT/var/lib/dkms/ctneon/$version/$rel/aarch64/log/make.log
	if [ ! -f "$mlog" ]; then
		# a failed build leaves its log in the build directory
		blog=$ROOT/var/lib/dkms/ctneon/$version/build/make.log
		[ ! -f "$blog" ] || grep -i -B2 -A2 'error' "$blog" | head -n 20 | sed 's/^/  make.log: /'
		fail "dkms-warnings$sfx" "no make.log from a successful DKMS build"
	elif grep -qi 'warning' "$mlog"; then
		grep -i 'warning' "$mlog" | head -n 20
		fail "dkms-warnings$sfx" "the DKMS build printed warnings ($mlog)"
	else
		ok "dkms-warnings$sfx"
	fi
}

check_kernel "" "$rel" "$CACHE/arm64-6.1"

# ---- a kernel upgrade (CTNEON_DKMS_UPGRADE=1) ----------------------------

# The 6.12 headers (bookworm-backports) installed after the package: their
# postinst runs DKMS's header_postinst.d hook, and AUTOINSTALL must build
# ctneon for that kernel too.  The headers and -common .debs are the ones
# scripts/kernels.sh fetched; linux-kbuild for arm64, linux-base and
# pahole are fetched here.
rel2=
if [ "${CTNEON_DKMS_UPGRADE:-0}" = 1 ]; then
	rel2=$("$SRC/scripts/kernels.sh" arm64 6.12 | tail -n1)
	hdeb=$(ls "$CACHE/debs/linux-headers-${rel2}_"*_arm64.deb | tail -n1)
	hver=$(dpkg-deb -f "$hdeb" Version)
	deps=$(dpkg-deb -f "$hdeb" Depends | tr ',' '\n')
	common=$(grep -o 'linux-headers-[^ ]*-common' <<<"$deps")
	kbuild=$(grep -o 'linux-kbuild-[^ ,]*' <<<"$deps")
	cdeb=$(ls "$CACHE/debs/${common}_"*_all.deb | tail -n1)
	kdeb=$(ls "$CACHE/debs/${kbuild}_"*_arm64.deb 2>/dev/null | tail -n1 || true)
	if [ -z "$kdeb" ]; then
		(cd "$CACHE/debs" && APT_CONFIG=$CACHE/apt/apt.conf apt-get -q download \
			"$kbuild:arm64=$hver" >&2)
		kdeb=$(ls "$CACHE/debs/${kbuild}_"*_arm64.deb | tail -n1)
	fi
	# linux-base >= 4.12 (backports) has linux-run-hooks, which the 6.12
	# headers' postinst calls
	bdeb=$(ls "$CACHE/debs/linux-base_"*bpo*_all.deb 2>/dev/null | tail -n1 || true)
	if [ -z "$bdeb" ]; then
		(cd "$CACHE/debs" && APT_CONFIG=$CACHE/apt/apt.conf apt-get -q download \
			linux-base/bookworm-backports >&2)
		bdeb=$(ls "$CACHE/debs/linux-base_"*bpo*_all.deb | tail -n1)
	fi
	# 6.12's kbuild runs pahole on every module (BTF): pahole and the two
	# libraries of it the base chroot lacks
	pdebs=()
	for p in pahole libbpf1 libdw1; do
		f=$(ls "$CACHE/debs/${p}_"*_arm64.deb 2>/dev/null | tail -n1 || true)
		if [ -z "$f" ]; then
			(cd "$CACHE/debs" && APT_CONFIG=$CACHE/apt/apt.conf apt-get -q download \
				"$p:arm64/bookworm" >&2)
			f=$(ls "$CACHE/debs/${p}_"*_arm64.deb | tail -n1)
		fi
		pdebs+=("$f")
	done
	mkdir -p "$ROOT/tmp/upgrade"
	cp "$hdeb" "$cdeb" "$kdeb" "$bdeb" "${pdebs[@]}" "$ROOT/tmp/upgrade/"
	t1=$(date +%s)
	# --force-depends: the headers also depend on their linux-image,
	# which the test does not need (nothing boots)
	if in_root sh -c 'dpkg -i --force-depends /tmp/upgrade/*.deb' >"$WORK/upgrade.log" 2>&1; then
		ok dkms-upgrade
	else
		fail dkms-upgrade "dpkg -i of the $rel2 headers failed (log: $WORK/upgrade.log)"
	fi
	log "$rel2 headers and DKMS build: $(( $(date +%s) - t1 )) s"
	sed 's/^/  | /' "$WORK/upgrade.log"
	check_kernel "-upgrade" "$rel2" "$CACHE/arm64-6.12"
fi

# ---- remove ----------------------------------------------------------------

in_root dpkg --purge ctneon-dkms >"$WORK/remove.log" 2>&1 || true
left=$(cd "$ROOT" && ls -d "lib/modules/$rel/updates/dkms/"ctneon.ko* \
	${rel2:+"lib/modules/$rel2/updates/dkms/"ctneon.ko*} var/lib/dkms/ctneon \
	"usr/src/ctneon-$version" 2>/dev/null || true)
if in_root dpkg -s ctneon-dkms >/dev/null 2>&1; then
	fail dkms-remove "ctneon-dkms still installed (log: $WORK/remove.log)"
elif [ -n "$left" ]; then
	fail dkms-remove "left behind: $(echo $left)"
else
	ok dkms-remove
fi

# the unpacked chroot is kept for a look after a failure only
[ $failed = 1 ] || rm -rf "$ROOT"
log "done in $(( $(date +%s) - t0 )) s"
exit $failed
