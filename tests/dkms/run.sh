#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/dkms/run.sh: install the ctneon-dkms package in arm64 Debian
# chroots that have Debian's kernel headers, and check that DKMS built and
# installed ctneon.ko for each of those kernels (make check-dkms):
#   bookworm   Debian 12 with its 6.1 headers;
#   trixie     Debian 13 with its 6.12 headers, then, as a kernel upgrade
#              from trixie-backports would, the 7.x headers (7.3): DKMS's
#              headers hook (AUTOINSTALL) must build ctneon for that one too.
#
# What is checked ("ok NAME" / "FAIL NAME: why"; the trixie names end in
# -trixie-<series>):
#   dkms-deb        make deb built the package
#   dkms-install    dpkg -i of the package succeeded (its postinst runs dkms
#                   add/build/install for every kernel with headers)
#   dkms-status     `dkms status` says ctneon/<version>, <release>, aarch64:
#                   installed
#   dkms-module     /lib/modules/<release>/updates/dkms/ctneon.ko exists
#   dkms-vermagic   its vermagic is the one of the Debian kernel's own modules
#   dkms-warnings   the W=1 build log DKMS kept (make.log) has no warning
#   dkms-files      the package turns the module on: /etc/modules-load.d/
#                   ctneon.conf names ctneon, the initramfs-tools hook
#                   /usr/share/initramfs-tools/hooks/ctneon is there
#   dkms-load       (bookworm) the postinst loads ctneon when the running
#                   kernel's module was built, and a failed load leaves the
#                   package installed with a message: the chroot's `uname
#                   -r` answers the kernel DKMS built for and its modprobe
#                   is a stub that logs its arguments and fails (for
#                   `modprobe ctneon`; it runs the real one for the rest)
#   dkms-noload     (trixie) no module for the running kernel (the host's):
#                   no modprobe, a message instead
#   dkms-initramfs  the initramfs of the kernel (its image and modules copied
#                   from the cache into the chroot), made by the package's
#                   update-initramfs trigger (else by update-initramfs -c):
#                   lsinitramfs lists ctneon.ko, its conf/modules loads it
#   dkms-upgrade    (trixie) the 7.x headers installed after the package
#   dkms-remove     dpkg --purge removes the module(s), the DKMS tree, the
#                   modules-load.d file and the hook
#   dkms-initramfs-purged
#                   the purge's update-initramfs trigger left an initramfs
#                   without ctneon.ko
#
# Why chroots: it is the package as a board's user gets it, built by the
# board's own tools (dkms, the suite's gcc, the headers' arm64 kbuild
# programs), with no cross-compilation special case.  The arm64 programs
# run through qemu-user: a static qemu-aarch64 (from Debian's
# qemu-user-static, unpacked into the cache, not installed) is registered
# with binfmt_misc under the name qemu-aarch64 with the F flag, so the
# kernel opens it once and it works inside the chroot; the registration is
# removed again on exit when this script made it.  binfmt_misc is mounted
# if it is not.
#
# How: each chroot (mmdebstrap: dkms, openssl for DKMS's module signing
# key, initramfs-tools, the headers at the version scripts/kernels.sh
# picked) is made once and kept as a tarball in the cache,
# $CACHE/dkms-arm64-<release>-<hash of the package list>.tar; each run
# unpacks it into build/dkms/root-<suite>, adds the kernel's own modules
# (hard links into the cache) for update-initramfs, and installs the fresh
# package there, inside a private mount namespace (proc is mounted there
# only).  The mirrors come from the machine's apt configuration
# (scripts/papt.sh; an index that fails is retried, then left out).
#
# CTNEON_DKMS_BREAK=1 plants a syntax error in the installed sources before
# DKMS runs, to show that the checks fail when the build does;
# CTNEON_DKMS_BREAK=files deletes the modules-load.d file and the hook
# before the package is configured (dkms-files, dkms-initramfs must fail).
# CTNEON_DKMS_SUITES="bookworm trixie" (the default) picks the chroots.
# Environment: CTNEON_CACHE (default ~/.cache/ctneon).

set -euo pipefail

SRC=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=${CTNEON_CACHE:-$HOME/.cache/ctneon}
WORK=$SRC/build/dkms
SUITES=${CTNEON_DKMS_SUITES:-bookworm trixie}
BINFMT=/proc/sys/fs/binfmt_misc
t0=$(date +%s)

log() { echo "dkms/run.sh: $*" >&2; }
ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
failed=0

# ---- the package and the kernel ------------------------------------------

# the packages this uses (mmdebstrap, arch-test, ...), if missing
"$SRC/scripts/deps.sh" >&2

if deb=$("$SRC/scripts/mkdeb.sh" | tail -n1) && [ -s "$deb" ]; then
	ok dkms-deb
else
	fail dkms-deb "make deb failed"
	exit 1
fi
version=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$SRC/dkms.conf")

log "package $(basename "$deb")"

# ---- qemu-user for arm64 programs ---------------------------------------

# papt_sources, papt_mmdebstrap, papt_update_tolerant (a mirror mid-sync)
. "$SRC/scripts/papt.sh"

QEMU=$CACHE/qemu-user-static/root/usr/bin/qemu-aarch64-static
if [ ! -x "$QEMU" ]; then
	log "fetching qemu-user-static (unpacked into the cache, not installed)"
	rm -rf "$CACHE/qemu-user-static.tmp"
	papt_download bookworm amd64 "$CACHE/qemu-user-static.tmp/deb" qemu-user-static
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

# ---- one suite ------------------------------------------------------------

# in_root CMD...: run CMD in the chroot $ROOT, in a mount namespace of its
# own with /proc mounted (gone when the command ends)
in_root() {
	unshare --mount --propagation private -- /bin/sh -c \
		'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"' "$ROOT" "$@"
}

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

# check_on SUITE SUFFIX REL: the package turns ctneon on (files, load at
# install, the initramfs of REL)
check_on() {
	local suite=$1 sfx=$2 rel=$3 f bad= ilog=$WORK/initramfs-$1.log listed how modules
	for f in etc/modules-load.d/ctneon.conf usr/share/initramfs-tools/hooks/ctneon; do
		[ -s "$ROOT/$f" ] || bad="$bad /$f"
	done
	[ -n "$bad" ] || grep -qx ctneon "$ROOT/etc/modules-load.d/ctneon.conf" || bad="$bad (ctneon.conf names no ctneon)"
	[ -n "$bad" ] || [ -x "$ROOT/usr/share/initramfs-tools/hooks/ctneon" ] || bad="$bad (hook not executable)"
	if [ -z "$bad" ]; then ok "dkms-files$sfx"; else fail "dkms-files$sfx" "missing:$bad"; fi

	if [ "$suite" = bookworm ]; then
		echo "  modprobe calls: $(cat "$ROOT/tmp/modprobe.log" 2>/dev/null | tr '\n' ';')"
		if grep -qx ctneon "$ROOT/tmp/modprobe.log" 2>/dev/null &&
		   grep -q '^ctneon-dkms: modprobe ctneon failed' "$WORK/install-$suite.log" &&
		   in_root dpkg -s ctneon-dkms 2>/dev/null | grep -q '^Status: install ok installed'; then
			ok "dkms-load$sfx (modprobe ctneon at install; its failure only a message)"
		else
			fail "dkms-load$sfx" "no 'modprobe ctneon', no message, or the package not installed"
		fi
		rm -f "$ROOT/usr/local/bin/uname" "$ROOT/usr/local/sbin/modprobe"
	else
		if grep -q '^ctneon-dkms: no ctneon built for the running kernel' "$WORK/install-$suite.log"; then
			ok "dkms-noload$sfx (host kernel: a message, no load)"
		else
			fail "dkms-noload$sfx" "no message about the running kernel in the install log"
		fi
	fi

	# the initramfs of REL: ctneon.ko in it, and listed to be loaded.
	# The package's update-initramfs trigger made it at the install; if
	# not, update-initramfs -c makes it
	rm -rf "$ROOT/tmp/initrd"
	if [ -s "$ROOT/boot/initrd.img-$rel" ]; then
		how="made by the install's update-initramfs trigger"
		: >"$ilog"
	elif in_root update-initramfs -c -k "$rel" >"$ilog" 2>&1; then
		how="made by update-initramfs -c"
	else
		sed 's/^/  | /' "$ilog" | tail -n 20
		fail "dkms-initramfs$sfx" "update-initramfs -c -k $rel failed (log: $ilog)"
		return
	fi
	listed=$(in_root lsinitramfs "/boot/initrd.img-$rel" | grep '/ctneon\.ko' || true)
	in_root unmkinitramfs "/boot/initrd.img-$rel" /tmp/initrd >>"$ilog" 2>&1 || true
	modules=$(cat "$ROOT/tmp/initrd/conf/modules" "$ROOT/tmp/initrd/main/conf/modules" 2>/dev/null || true)
	echo "  initramfs ($how): ${listed:-no ctneon.ko}; conf/modules: $(echo $modules)"
	if [ -n "$listed" ] && grep -qx ctneon <<<"$modules"; then
		ok "dkms-initramfs$sfx (lsinitramfs lists ctneon.ko, conf/modules loads it; $how)"
	else
		fail "dkms-initramfs$sfx" "ctneon.ko not in the initramfs of $rel, or not in its conf/modules (log: $ilog)"
	fi
	rm -rf "$ROOT/tmp/initrd"
}

# suite SUITE: the whole test in a chroot of SUITE.  bookworm: the 6.1
# headers; trixie: the 6.12 headers, then the 7.x ones as an upgrade
suite() {
	local suite=$1 sfx sfx2 suites rel kver rel2= kver2= tar t1 install left kroot include
	case $suite in
	bookworm)
		sfx= suites="bookworm bookworm-updates bookworm-security"
		rel=$("$SRC/scripts/kernels.sh" arm64 6.1 | tail -n1)
		kver=$(cat "$CACHE/arm64-6.1/version")
		kroot=$CACHE/arm64-6.1 ;;
	trixie)
		sfx=-trixie-6.12 suites="trixie trixie-updates trixie-security trixie-backports"
		rel=$("$SRC/scripts/kernels.sh" arm64 6.12 | tail -n1)
		kver=$(cat "$CACHE/arm64-6.12/version")
		kroot=$CACHE/arm64-6.12
		rel2=$("$SRC/scripts/kernels.sh" arm64 7.3 | tail -n1)
		kver2=$(cat "$CACHE/arm64-7.3/version") ;;
	*) fail dkms-suite "unknown suite $suite"; return ;;
	esac
	log "$suite: kernel $rel ($kver)${rel2:+, then $rel2 ($kver2)}"
	ROOT=$WORK/root-$suite

	# the chroot, made once (named after what it holds)
	include=dkms,openssl,kmod,initramfs-tools,linux-headers-$rel=$kver
	tar=$CACHE/dkms-arm64-$rel-$(md5sum <<<"$include" | cut -c1-8).tar
	mkdir -p "$WORK"
	if [ ! -s "$tar" ]; then
		log "mmdebstrap arm64 $suite with dkms, initramfs-tools and linux-headers-$rel=$kver (once)"
		# shellcheck disable=SC2086
		mapfile -t mirrors < <(papt_sources $suites)
		papt_mmdebstrap "$WORK/mmdebstrap-$suite.log" "$suite" "$tar.part.tar" \
			--mode=root --arch=arm64 --variant=apt \
			--aptopt='Acquire::Languages "none"' \
			--aptopt='Acquire::Check-Valid-Until "false"' \
			--dpkgopt='path-exclude=/usr/share/man/*' \
			--dpkgopt='path-exclude=/usr/share/locale/*' \
			--dpkgopt='path-exclude=/usr/share/doc/*' \
			--include="$include" -- "${mirrors[@]}" || {
			fail "dkms-chroot$sfx" "mmdebstrap failed (log: $WORK/mmdebstrap-$suite.log)"
			return
		}
		mv "$tar.part.tar" "$tar"
	fi
	rm -rf "$ROOT"
	mkdir -p "$ROOT"
	tar -C "$ROOT" -xf "$tar"
	cp "$deb" "$ROOT/tmp/"
	log "chroot ready ($(( $(date +%s) - t0 )) s)"

	# the kernel's own modules and config, for update-initramfs (a small
	# initramfs: MODULES=list, so that only what hooks add goes in)
	mkdir -p "$ROOT/usr/lib/modules/$rel" "$ROOT/boot"
	cp -al "$kroot/lib/modules/$rel/kernel" "$ROOT/usr/lib/modules/$rel/" 2>/dev/null ||
		cp -a "$kroot/lib/modules/$rel/kernel" "$ROOT/usr/lib/modules/$rel/"
	for f in modules.order modules.builtin modules.builtin.modinfo; do
		[ ! -f "$kroot/lib/modules/$rel/$f" ] || cp "$kroot/lib/modules/$rel/$f" "$ROOT/usr/lib/modules/$rel/"
	done
	[ ! -f "$kroot/boot/config-$rel" ] || cp "$kroot/boot/config-$rel" "$ROOT/boot/"
	# the image too: update-initramfs -u (the package's trigger) makes
	# the initramfs of the kernels whose image is in /boot
	cp -lL "$kroot/boot/vmlinuz-$rel" "$ROOT/boot/" 2>/dev/null || cp -L "$kroot/boot/vmlinuz-$rel" "$ROOT/boot/"
	echo MODULES=list >"$ROOT/etc/initramfs-tools/conf.d/ctneon-test"
	# bookworm: the running kernel is, to the package, the one DKMS builds
	# for, and modprobe a stub that logs and fails (both removed after the
	# install); trixie: the host's kernel, for which nothing is built
	if [ "$suite" = bookworm ]; then
		mkdir -p "$ROOT/usr/local/bin" "$ROOT/usr/local/sbin"
		cat >"$ROOT/usr/local/bin/uname" <<EOS
#!/bin/sh
[ "\$*" = -r ] && { echo $rel; exit 0; }
exec /usr/bin/uname "\$@"
EOS
		# `modprobe ctneon` logged and failed, the rest (update-initramfs's
		# --show-depends) logged and passed on
		cat >"$ROOT/usr/local/sbin/modprobe" <<'EOS'
#!/bin/sh
echo "$*" >>/tmp/modprobe.log
[ "$*" != ctneon ] || exit 1
exec /usr/sbin/modprobe "$@"
EOS
		chmod 755 "$ROOT/usr/local/bin/uname" "$ROOT/usr/local/sbin/modprobe"
	fi

	# install
	t1=$(date +%s)
	pkg=/tmp/$(basename "$deb")
	case ${CTNEON_DKMS_BREAK:-0} in
	1)
		log "CTNEON_DKMS_BREAK=1: a syntax error in ctneon-main.c before DKMS runs"
		in_root dpkg --unpack "$pkg" >"$WORK/install-$suite.log" 2>&1
		echo 'this is not C;' >>"$ROOT/usr/src/ctneon-$version/ctneon-main.c"
		install=(dpkg --configure ctneon-dkms) ;;
	files)
		log "CTNEON_DKMS_BREAK=files: no modules-load.d file and no initramfs hook"
		in_root dpkg --unpack "$pkg" >"$WORK/install-$suite.log" 2>&1
		# (a conffile waits as .dpkg-new until the configure step)
		rm -f "$ROOT"/etc/modules-load.d/ctneon.conf* "$ROOT/usr/share/initramfs-tools/hooks/ctneon"
		install=(dpkg --configure ctneon-dkms) ;;
	*)
		: >"$WORK/install-$suite.log"
		install=(dpkg -i "$pkg") ;;
	esac
	if in_root env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		"${install[@]}" >>"$WORK/install-$suite.log" 2>&1; then
		ok "dkms-install$sfx"
	else
		fail "dkms-install$sfx" "${install[*]} failed (log: $WORK/install-$suite.log)"
	fi
	log "install and DKMS build: $(( $(date +%s) - t1 )) s"
	sed 's/^/  | /' "$WORK/install-$suite.log"
	check_kernel "$sfx" "$rel" "$kroot"
	check_on "$suite" "$sfx" "$rel"

	# a kernel upgrade: the 7.x headers from trixie-backports, installed
	# by apt inside the chroot after the package; their postinst runs
	# DKMS's header_postinst.d hook, and AUTOINSTALL must build ctneon
	if [ -n "$rel2" ]; then
		sfx2=-trixie-$(cut -d. -f1,2 <<<"$rel2")
		t1=$(date +%s)
		cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
		papt_update_tolerant "$WORK/update-$suite.log" \
			in_root apt-get -q -o Acquire::Check-Valid-Until=false update
		if in_root env DEBIAN_FRONTEND=noninteractive apt-get -q install -y --no-install-recommends \
				"linux-headers-$rel2=$kver2" >"$WORK/upgrade-$suite.log" 2>&1; then
			ok "dkms-upgrade$sfx2"
		else
			fail "dkms-upgrade$sfx2" "apt-get install of the $rel2 headers failed (log: $WORK/upgrade-$suite.log)"
		fi
		log "$rel2 headers and DKMS build: $(( $(date +%s) - t1 )) s"
		sed 's/^/  | /' "$WORK/upgrade-$suite.log" | tail -n 40
		check_kernel "$sfx2" "$rel2" "$CACHE/arm64-7.3"
	fi

	# remove
	in_root dpkg --purge ctneon-dkms >"$WORK/remove-$suite.log" 2>&1 || true
	left=$(cd "$ROOT" && ls -d "lib/modules/$rel/updates/dkms/"ctneon.ko* \
		${rel2:+"lib/modules/$rel2/updates/dkms/"ctneon.ko*} var/lib/dkms/ctneon \
		"usr/src/ctneon-$version" etc/modules-load.d/ctneon.conf \
		usr/share/initramfs-tools/hooks/ctneon 2>/dev/null || true)
	if in_root dpkg -s ctneon-dkms >/dev/null 2>&1; then
		fail "dkms-remove$sfx" "ctneon-dkms still installed (log: $WORK/remove-$suite.log)"
	elif [ -n "$left" ]; then
		fail "dkms-remove$sfx" "left behind: $(echo $left)"
	else
		ok "dkms-remove$sfx"
	fi
	# the purge's update-initramfs trigger made the initramfs anew
	if [ ! -s "$ROOT/boot/initrd.img-$rel" ]; then
		fail "dkms-initramfs-purged$sfx" "no /boot/initrd.img-$rel"
	elif in_root lsinitramfs "/boot/initrd.img-$rel" | grep -q '/ctneon\.ko'; then
		fail "dkms-initramfs-purged$sfx" "the initramfs still has ctneon.ko after the purge"
	else
		ok "dkms-initramfs-purged$sfx"
	fi
	# the unpacked chroot is kept for a look after a failure only
	[ $failed = 1 ] || rm -rf "$ROOT"
}

for s in $SUITES; do
	suite "$s"
done
log "done in $(( $(date +%s) - t0 )) s"
exit $failed
