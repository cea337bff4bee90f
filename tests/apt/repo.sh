# SPDX-License-Identifier: GPL-2.0-only
#
# tests/apt/repo.sh: sourced by tests/apt/run.sh and tests/fresh/run.sh.
# A small Debian repository whose "sync" suite fails as the index of a
# mirror mid-sync does, and a local HTTP server for it.
#
#   apt_test_repo DIR WORKDIR   make the repository in DIR (packages are
#                               built in WORKDIR):
#     good   ctneon-apt-good, and ctneon-apt-cut whose .deb is served cut
#            in half
#     sync   ctneon-apt-needed; its Release file gives each Packages index
#            (amd64, armhf, arm64) another size and hash than the one
#            served ("File has unexpected size ... Mirror sync in
#            progress?"); with CTNEON_APT_BREAK=1 the right ones
#     gone   nothing (404)
#   apt_test_serve DIR LOG      `python3 -m http.server` for DIR, bound to
#                               127.0.0.1 only, on a port the kernel picks;
#                               sets APT_TEST_PORT and APT_TEST_PID (the
#                               caller stops it)

# apt_test_pkg NAME: pool/NAME_1.0_all.deb (64 KiB of random data in it)
apt_test_pkg() {
	local d=$APT_TEST_WORK/$1
	mkdir -p "$d/DEBIAN" "$d/usr/share/$1"
	head -c 65536 /dev/urandom >"$d/usr/share/$1/data"
	printf 'Package: %s\nVersion: 1.0\nArchitecture: all\nMaintainer: ctneon tests <t@localhost>\nDescription: test package\n' \
		"$1" >"$d/DEBIAN/control"
	dpkg-deb -Znone -b "$d" "$APT_TEST_REPO/pool/$1_1.0_all.deb" >/dev/null
}

# apt_test_entry NAME: its Packages stanza
apt_test_entry() {
	local f=$APT_TEST_REPO/pool/$1_1.0_all.deb
	printf 'Package: %s\nVersion: 1.0\nArchitecture: all\nMaintainer: ctneon tests <t@localhost>\nFilename: pool/%s\nSize: %s\nSHA256: %s\nDescription: test package\n\n' \
		"$1" "$(basename "$f")" "$(stat -c %s "$f")" "$(sha256sum <"$f" | cut -d' ' -f1)"
}

# apt_test_release SUITE [SIZE_DELTA]: dists/SUITE/Release (SIZE_DELTA: a
# size and hash that are not those of the files served)
apt_test_release() {
	local d=$APT_TEST_REPO/dists/$1 a p size sum
	{
		printf 'Origin: ctneon tests\nSuite: %s\nCodename: %s\nDate: %s\n' "$1" "$1" "$(date -Ru)"
		printf 'Architectures: amd64 armhf arm64\nComponents: main\nSHA256:\n'
		for a in amd64 armhf arm64; do
			p=$d/main/binary-$a/Packages
			size=$(stat -c %s "$p")
			sum=$(sha256sum <"$p" | cut -d' ' -f1)
			if [ -n "${2:-}" ]; then
				size=$((size + $2))
				sum=$(echo "other $sum" | sha256sum | cut -d' ' -f1)
			fi
			printf ' %s %s main/binary-%s/Packages\n' "$sum" "$size" "$a"
		done
	} >"$d/Release"
}

apt_test_repo() {
	local p a f
	APT_TEST_REPO=$1 APT_TEST_WORK=$2
	mkdir -p "$APT_TEST_REPO/pool" "$APT_TEST_WORK"
	for p in ctneon-apt-good ctneon-apt-cut ctneon-apt-needed; do
		apt_test_pkg "$p" || return 1
	done
	for a in amd64 armhf arm64; do
		mkdir -p "$APT_TEST_REPO/dists/good/main/binary-$a" "$APT_TEST_REPO/dists/sync/main/binary-$a"
		{ apt_test_entry ctneon-apt-good; apt_test_entry ctneon-apt-cut; } \
			>"$APT_TEST_REPO/dists/good/main/binary-$a/Packages"
		apt_test_entry ctneon-apt-needed >"$APT_TEST_REPO/dists/sync/main/binary-$a/Packages"
	done
	apt_test_release good
	if [ "${CTNEON_APT_BREAK:-0}" = 1 ]; then
		echo "apt/repo.sh: CTNEON_APT_BREAK=1: the sync indexes served as their Release file says" >&2
		apt_test_release sync
	else
		apt_test_release sync 372
	fi
	f=$APT_TEST_REPO/pool/ctneon-apt-cut_1.0_all.deb
	head -c $(( $(stat -c %s "$f") / 2 )) "$f" >"$f.half" && mv "$f.half" "$f"
}

apt_test_serve() {
	local _
	python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$1" >"$2" 2>&1 &
	APT_TEST_PID=$!
	APT_TEST_PORT=
	for _ in $(seq 50); do
		APT_TEST_PORT=$(sed -n 's/^Serving HTTP on 127\.0\.0\.1 port \([0-9]*\).*/\1/p' "$2")
		[ -n "$APT_TEST_PORT" ] && return 0
		sleep 0.1
	done
	kill "$APT_TEST_PID" 2>/dev/null
	return 1
}
