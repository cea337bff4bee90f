#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/mkdeb.sh (make deb): build the ctneon-dkms Debian package into
# build/deb/ctneon-dkms_<version>_all.deb.
#
# Why a staging copy: dpkg-buildpackage writes its work files under debian/
# and beside it, and the package version must come from the one place that
# names it, PACKAGE_VERSION in dkms.conf.  So the files the package ships
# (plus debian/) are copied to build/deb/src/ctneon-<version>/, a
# debian/changelog with that version is written there, and the binary
# package is built from the copy (dpkg-buildpackage -b: nothing is compiled,
# DKMS does that on the board).  The tracked tree stays clean.
#
# Build dependencies (debhelper, dh-dkms) are apt-get installed when missing.

set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
OUT=$SRC/build/deb
log() { echo "mkdeb.sh: $*" >&2; }

VERSION=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$SRC/dkms.conf")
[ -n "$VERSION" ] || { log "no PACKAGE_VERSION in dkms.conf"; exit 1; }

missing=()
for p in debhelper dh-dkms dpkg-dev; do
	s=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$s" = installed ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	log "installing ${missing[*]}"
	"$SRC/scripts/papt.sh" install-system "${missing[@]}" >&2
fi

STAGE=$OUT/src/ctneon-$VERSION
rm -rf "$OUT/src"
mkdir -p "$STAGE"
cd "$SRC"
# the files debian/rules installs, dkms.conf and the packaging itself
cp -a dkms.conf Kbuild Makefile ./*.c ./*.h arm arm64 debian "$STAGE/"

# The changelog carries the version; its date is the last commit's (when
# there is one) so that two builds of one commit give the same package.
when=$(git -C "$SRC" log -1 --format=%cD 2>/dev/null || date -R)
rev=$(git -C "$SRC" rev-parse --short HEAD 2>/dev/null || echo unknown)
cat >"$STAGE/debian/changelog" <<EOC
ctneon ($VERSION) unstable; urgency=medium

  * Built by make deb from the ctneon tree (commit $rev).

 -- The ctneon developers <ctneon@localhost>  $when
EOC

log "dpkg-buildpackage ctneon $VERSION"
(cd "$STAGE" && dpkg-buildpackage -us -uc -b >"$OUT/build.log" 2>&1) || {
	tail -n 30 "$OUT/build.log" >&2
	log "dpkg-buildpackage failed (log: $OUT/build.log)"
	exit 1
}
rm -f "$OUT"/ctneon-dkms_*.deb
mv "$OUT/src/ctneon-dkms_${VERSION}_all.deb" "$OUT/"
deb=$OUT/ctneon-dkms_${VERSION}_all.deb
log "built $deb"
echo "$deb"
