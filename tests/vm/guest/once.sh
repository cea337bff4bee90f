#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/once.sh: issue #21 items 2 and 5 through /test/bin/afalg-once
# (tests/vm/afalg-once.c): every AEAD decryption authenticates exactly the
# bytes it decrypts (a second thread changes one ciphertext byte of the
# receive buffer during each request), and page-aligned multi-page texts
# do not go through the walk's bounce buffer (aead_bounces).  guest.sh runs
# it with ctneon loaded; alone (CTNEON_VM_GUEST=tests/vm/guest/once.sh) it
# loads ctneon itself.  ctneon.racen=N sets the requests per driver and
# length (default 400).  Prints ok/FAIL lines; exit status 1 on a failure.

BIN=/test/bin
nfail=0
if ! grep -q '^ctneon ' /proc/modules; then
	for m in af_alg algif_aead gcm ghash_generic; do
		modprobe "$m" 2>/dev/null
	done
	if ! insmod /test/ctneon.ko $CTNEON_MODPARAMS; then
		echo "FAIL once: insmod ctneon"
		exit 1
	fi
	ALONE=1
fi
modprobe algif_aead 2>/dev/null
$BIN/afalg-once bounce || nfail=$((nfail + 1))
$BIN/afalg-once race -n "${CTNEON_RACEN:-400}" ${CTNEON_SEED:+-s "$CTNEON_SEED"} ||
	nfail=$((nfail + 1))
if dmesg | grep -E 'BUG|Oops|WARNING|Internal error|Unable to handle'; then
	echo "FAIL once: kernel complaints in dmesg"
	nfail=$((nfail + 1))
fi
[ -n "${ALONE:-}" ] && echo "guest: once.sh done, $nfail failed step(s)"
[ "$nfail" = 0 ]
