#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/once.sh: issue #21 items 2 and 5 through /test/bin/afalg-once
# (tests/vm/afalg-once.c): page-aligned multi-page texts do not go through
# the walk's bounce buffer (aead_bounces), and, in a test build of ctneon
# (KCFLAGS=-DCTNEON_TEST_HOOKS), every AEAD decryption authenticates and
# decrypts one read of the ciphertext (the build complements the caller's
# bytes right after that read), on NEON and on the portable path.
# guest.sh runs it with ctneon loaded; alone
# (CTNEON_VM_GUEST=tests/vm/guest/once.sh) it loads ctneon itself.
# Prints ok/FAIL lines; exit status 1 on a failure.

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
# on NEON, then on the portable path (force_fallback=1)
$BIN/afalg-once tamper ${CTNEON_SEED:+-s "$CTNEON_SEED"} || nfail=$((nfail + 1))
FB=/sys/module/ctneon/parameters/force_fallback
if [ -w $FB ]; then
	echo 1 >$FB
	$BIN/afalg-once tamper ${CTNEON_SEED:+-s "$CTNEON_SEED"} >/tmp/once-fb.out 2>&1 ||
		nfail=$((nfail + 1))
	sed -e 's/^ok tamper /ok tamper-fallback /' -e 's/^FAIL tamper /FAIL tamper-fallback /' /tmp/once-fb.out
	echo 0 >$FB
else
	echo "FAIL once: no writable $FB"
	nfail=$((nfail + 1))
fi
if dmesg | grep -E 'BUG|Oops|WARNING|Internal error|Unable to handle'; then
	echo "FAIL once: kernel complaints in dmesg"
	nfail=$((nfail + 1))
fi
[ -n "${ALONE:-}" ] && echo "guest: once.sh done, $nfail failed step(s)"
[ "$nfail" = 0 ]
