#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/debug/module-kasan-probe.sh: a guest script (CTNEON_VM_GUEST) that
# shows that the arm32 7.3 debug kernel's KASAN cannot load modules
# reliably, without ctneon: tcrypt is loaded six times (each load fails
# with EAGAIN, as tcrypt always does, and frees its memory); the second
# load, into the first one's freed memory, reports "global-out-of-bounds
# in load_module", and with kasan_multi_shot (CTNEON_VM_APPEND) the loads
# also WARN in __asan_register_globals and one of them Oopses in
# kasan_unpoison.  tests/debug/run.sh therefore loads no module after
# ctneon on arm 7.x.  Run it as
#   eval "$(scripts/debug-kernel.sh --print arm 7)"
#   CTNEON_VM_KERNEL=$IMAGE CTNEON_VM_REL=$REL CTNEON_VM_KROOT=$KROOT \
#   CTNEON_VM_WORK=/tmp/probe CTNEON_VM_GUEST=$PWD/tests/debug/module-kasan-probe.sh \
#   tests/vm/run.sh arm debug7
# and read the "probe:" lines and the reports (seen on 2026-12-04: "KASAN
# report without ctneon", at the second load; with kasan_multi_shot the
# WARNINGs and an Oops at the first).
dmesg -c >/dev/null
for i in 1 2 3 4 5 6; do
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
