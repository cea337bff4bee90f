#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/debug/module-kasan-probe.sh: a guest script (CTNEON_VM_GUEST) that
# shows the arm32 7.3 debug kernel's KASAN report in load_module without
# ctneon: tcrypt is loaded three times (each load fails with EAGAIN, as
# tcrypt always does, and frees its memory), and the second load, into the
# first one's freed memory, reports "global-out-of-bounds in load_module".
# tests/debug/run.sh sets exactly that report aside.  Run it as
#   eval "$(scripts/debug-kernel.sh --print arm 7)"
#   CTNEON_VM_KERNEL=$IMAGE CTNEON_VM_REL=$REL CTNEON_VM_KROOT=$KROOT \
#   CTNEON_VM_WORK=/tmp/probe CTNEON_VM_GUEST=$PWD/tests/debug/module-kasan-probe.sh \
#   tests/vm/run.sh arm debug7
# and read the "probe:" lines (seen on 2026-12-04: "KASAN report without
# ctneon", at the second load).
dmesg -c >/dev/null
for i in 1 2 3; do
	modprobe tcrypt mode=9999
	echo "probe: tcrypt load $i rc=$?"
done
if dmesg | grep -q "BUG: KASAN"; then
	echo "probe: KASAN report without ctneon"
	dmesg | grep -A2 "BUG: KASAN" | head -n 6
else
	echo "probe: no KASAN report"
fi
exit 0
