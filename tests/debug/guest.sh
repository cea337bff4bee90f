#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/guest.sh of the debug tier (tests/debug/run.sh installs it through
# CTNEON_VM_GUEST; the normal guest tests stay as /test/vm-guest.sh).
#
# What: run the normal guest tests unchanged on the debug kernel, then
# collect what the kernel's checkers saw, for the host to judge:
#   - which checkers are really on (KASAN, kmemleak, lockdep, testmgr's
#     extra tests), one "ctneon-debug: checker ..." line each;
#   - kmemleak: two scans (an object is only reported once it is older
#     than kmemleak's minimum age and still unreferenced), then the report
#     file, each line prefixed "kmemleak| ";
#   - the whole kernel log (guest.sh's accumulated /tmp/dmesg.all plus what
#     came since), each line prefixed "dmesg| ": the console only shows
#     messages below loglevel 5, the host greps everything.
# Why here and not on the host: debugfs and the log buffer are in the guest.
# Knob: ctneon.debug_inject=1 writes one fake KASAN report line into the
# kernel log (through /dev/kmsg, so it takes the real console path): the
# host side must then fail, which shows the check can fail.
#
# Exit status: that of the normal guest tests; the checkers' findings are
# judged by the host (tests/debug/run.sh), not here.

# The kernel booted with cryptomgr.noextratests=1 (6.1; 7.x calls it
# noslowtests, CRYPTO_SELFTESTS_FULL) from run.sh: its own
# built-in algorithms ran their test vectors only.  With the extra tests on
# at boot, DRBG's self-test allocates hmac(sha256), whose extra tests
# allocate the generic twin, each new instance within crypto_larval_wait()'s
# 60 s; under KASAN in TCG on a loaded host that once ran out ("DRBG: could
# not allocate digest TFM handle: hmac(sha256)", then testmgr's WARNING),
# before ctneon was even loaded.  The extra tests are for ctneon: switch
# them on before the normal guest tests load it.
for P in /sys/module/cryptomgr/parameters/noextratests /sys/module/cryptomgr/parameters/noslowtests; do
	if [ -w "$P" ]; then
		echo N >"$P"
		echo "ctneon-debug: testmgr extra tests switched on after boot (${P##*/}=$(cat "$P"))"
	fi
done

sh /test/vm-guest.sh "$@"
rc=$?

if [ "${CTNEON_DEBUG_INJECT:-0}" = 1 ]; then
	echo "<3>BUG: KASAN: slab-out-of-bounds in ctneon_debug_inject (deliberate, ctneon.debug_inject=1)" >/dev/kmsg
fi

# checkers: report what is there, the host decides what must be
[ -d /sys/kernel/debug ] && ! grep -q ' /sys/kernel/debug ' /proc/mounts &&
	mount -t debugfs debugfs /sys/kernel/debug
KL=/sys/kernel/debug/kmemleak
dmesg >/tmp/dmesg.tail
cat /tmp/dmesg.all /tmp/dmesg.tail 2>/dev/null >/tmp/dmesg.full
# arm64 prints "KernelAddressSanitizer initialized", 32-bit arm
# "Kernel address sanitizer initialized"
grep -q -E 'KernelAddressSanitizer initialized|Kernel address sanitizer initialized' /tmp/dmesg.full && echo "ctneon-debug: checker kasan on"
# lockdep switches itself off (debug_locks 0) after its first report
[ -f /proc/lockdep_stats ] &&
	echo "ctneon-debug: checker lockdep on, $(grep -m1 'debug_locks' /proc/lockdep_stats | tr -s ' ')"
for P in /sys/module/cryptomgr/parameters/noextratests /sys/module/cryptomgr/parameters/noslowtests; do
	[ -f "$P" ] && echo "ctneon-debug: checker testmgr-extra ${P##*/}=$(cat "$P")"
done

if [ -w "$KL" ]; then
	echo "ctneon-debug: checker kmemleak on"
	t0=$(cut -d' ' -f1 /proc/uptime)
	echo scan >"$KL"
	sleep 6
	echo scan >"$KL"
	cat "$KL" >/tmp/kmemleak 2>&1
	t1=$(cut -d' ' -f1 /proc/uptime)
	echo "ctneon-debug: kmemleak $(grep -c 'unreferenced object' /tmp/kmemleak) object(s) after 2 scans ($(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f", b - a }') s)"
	sed 's/^/kmemleak| /' /tmp/kmemleak
else
	echo "ctneon-debug: no $KL"
fi

dmesg >/tmp/dmesg.tail
cat /tmp/dmesg.all /tmp/dmesg.tail 2>/dev/null | sed 's/^/dmesg| /'
echo "ctneon-debug: guest tests rc=$rc"
exit $rc
