#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/hooks.sh ARCH KERNEL: issue #21 item 2 in make check.  Builds the
# test variant of ctneon (make VARIANT=hooks: KCFLAGS=-DCTNEON_TEST_HOOKS,
# whose decryptions complement the caller's ciphertext right after their
# one read of it, svc-aead.h) into build/<arch>-<kernel>-hooks/ and boots it
# with tests/vm/guest/once.sh alone: every AEAD must still decrypt and
# authenticate correctly, on NEON and on the portable path.  A build
# without the hooks skips those checks with a "#" line, so the run must
# also print at least one "ok tamper" line to pass ("ok hooks-ran").
SRC=$(cd "$(dirname "$0")/../.." && pwd)
ARCH=$1 KERNEL=$2
B=$SRC/build/$ARCH-$KERNEL-hooks
if make -s -C "$SRC" ARCH="$ARCH" KERNEL="$KERNEL" VARIANT=hooks >&2; then
	echo "ok hooks-build-$ARCH-$KERNEL"
else
	echo "FAIL hooks-build-$ARCH-$KERNEL"
	exit 1
fi
CTNEON_VM_KO=$B/ctneon.ko CTNEON_VM_GUEST=$SRC/tests/vm/guest/once.sh \
CTNEON_VM_WORK=$B/vm CTNEON_VM_TIMEOUT=${CTNEON_VM_TIMEOUT:-900} \
	"$SRC/tests/vm/run.sh" "$ARCH" "$KERNEL" >"$B/hooks.log" 2>&1
rc=$?
grep -a -E '^(ok|FAIL) ' "$B/hooks.log" | sed 's/^ok vm-boot-/ok hooks-boot-/; s/^FAIL vm-boot-/FAIL hooks-boot-/'
if grep -a -q '^ok tamper ' "$B/hooks.log"; then
	echo "ok hooks-ran-$ARCH-$KERNEL ($(grep -a -c '^ok tamper' "$B/hooks.log") tamper groups)"
else
	echo "FAIL hooks-ran-$ARCH-$KERNEL: no tamper check ran (not a hooks build?)"
	rc=1
fi
exit $rc
