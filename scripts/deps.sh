#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/deps.sh: install, on Debian bookworm amd64, every package the
# ctneon build and tests need that is not installed yet (apt-get update
# runs once, first, and only when something is missing).
#
# The Debian kernels themselves (images, headers, kbuild) are not installed
# system-wide: scripts/kernels.sh fetches them into a private cache.

set -euo pipefail

PKGS=(
	# cross compilers (gcc-12, with the target libc for static test programs)
	gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu
	libc6-dev-armhf-cross libc6-dev-arm64-cross
	# host tools used by kbuild and the Debian linux-kbuild binaries
	make gcc libc6-dev bc flex bison libelf-dev libssl-dev dwarves
	# unit tests (qemu-user), VM tests (qemu-system-arm has -aarch64 too)
	qemu-user qemu-system-arm
	# fetching and unpacking kernels, building the initramfs
	apt dpkg debian-archive-keyring ca-certificates mmdebstrap
	# mmdebstrap of a foreign architecture (make check-dkms's arm64 chroots)
	arch-test
	cpio xz-utils zstd gzip kmod coreutils findutils sed grep
	# tables generator, reference tests, misc
	python3 python3-cryptography llvm git
)

missing=()
for p in "${PKGS[@]}"; do
	s=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$s" = installed ] || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
	echo "deps.sh: all ${#PKGS[@]} packages present"
	exit 0
fi

echo "deps.sh: installing ${missing[*]}"
# an index the mirror serves badly (mid-sync) is a warning; a package that
# is then missing stops the install, which names the failed indexes
exec "$(dirname "$0")/papt.sh" install-system "${missing[@]}"
