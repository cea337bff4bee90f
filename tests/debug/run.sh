#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/debug/run.sh ARCH... (arm64, arm)       the debug-kernel tier, for
#                                               each series of
#                                               CTNEON_DEBUG_SERIES (default
#                                               "6.1 7")
# tests/debug/run.sh --scan NAME LOG            judge one console log only
#
# What: for each ARCH, build (once, cached) the small debug kernel
# (scripts/debug-kernel.sh: KASAN, lockdep, DEBUG_ATOMIC_SLEEP,
# DEBUG_PREEMPT, kmemleak, testmgr extra tests), build ctneon.ko against it
# (make ARCH=.. KERNEL=debug, W=1, warnings fail), boot it in QEMU with the
# normal guest tests wrapped by tests/debug/guest.sh, then judge the
# console log: any checker report is a FAIL with its lines.  On 6.1 a
# second boot runs the test build (make VARIANT=hooks) with
# tests/vm/guest/hooks.sh: insmod failing at every registration in turn,
# the asynchronous wrappers' ordering check, the MAC's NEON sections.
# Why: the extra tests fuzz every ctneon driver against the generic ones
# with random scatterlists and with SIMD disabled at random, and the
# checkers catch what the functional tests cannot see (an out-of-bounds
# read that returns the right bytes, a sleep under kernel_neon_begin(),
# a leak on an error path).
# How: tests/vm/run.sh with CTNEON_VM_KERNEL/REL/KROOT pointing at the
# debug build, CTNEON_VM_WORK=build/<arch>-debug, and reduced case counts
# (ctneon.quick=1 ...) so that one arch stays near 15 minutes under KASAN.
#
# Output: the guest's own ok/FAIL lines (streamed by tests/vm/run.sh), then,
# with <name> = <arch> for 6.1 and <arch>-7 for 7.x,
#   ok|FAIL debug-build-<name>      kernel and module builds
#   ok|FAIL debug-checkers-<name>   KASAN, lockdep, kmemleak and the extra
#                                   tests really were on
#   ok|FAIL debug-reports-<name>    no checker report in the log (FAIL lists
#                                   the lines, prefixed "#   ")
# The 7.x kernel is built with CRYPTO_SELFTESTS_FULL, 6.15's name for 6.1's
# extra tests; its boot parameter is cryptomgr.noslowtests.
# Exit status 0 only if every line was ok.
#
# Environment:
#   CTNEON_DEBUG_APPEND   more kernel command line (e.g. ctneon.debug_inject=1
#                         to see debug-reports fail; ctneon.cases=2000 for a
#                         longer run)
#   CTNEON_VM_TIMEOUT     per boot, default 3000 s here

set -uo pipefail

SRC=$(cd "$(dirname "$0")/../.." && pwd)
rc=0

# What counts as a report.  testmgr's failures all start "alg: "; its
# banner and the successes/missing-vector notes do not count.
REPORT_RE='BUG:|KASAN|WARNING:|Oops|Internal error|Unable to handle kernel|Kernel panic'
REPORT_RE+='|possible circular locking|possible recursive locking|inconsistent lock state'
REPORT_RE+='|suspicious RCU usage|lock held when returning|bad unlock balance'
REPORT_RE+='|sleeping function called from invalid context|scheduling while atomic'
REPORT_RE+='|using smp_processor_id\(\) in preemptible|unreferenced object|suspected memory leak'
REPORT_RE+='|alg: |tcrypt: .*fail|ctneon: .*(fail|error)'
IGNORE_RE='alg: No test for|alg: .*passed|alg: extra crypto tests enabled|KernelAddressSanitizer initialized'
IGNORE_RE+='|kasan: .*(KernelAddressSanitizer|initialized)|module verification failed'
# The kernel's own report, not ctneon's: 32-bit arm 7.3 with KASAN cannot
# load modules reliably.  Seen without ctneon ever loaded
# (tests/debug/module-kasan-probe.sh, six "modprobe tcrypt" in a row):
# "global-out-of-bounds in load_module" (its memset of the new module's
# memory where another module's was freed), WARNINGs from
# __asan_register_globals and, with kasan_multi_shot, an Oops in
# kasan_unpoison during the load.  So on arm 7.x the guest loads no module
# after ctneon (ctneon.notcrypt=1: tcrypt is the only one; make check runs
# it on the Debian kernels), and the load_module report, should it still
# come, is told apart (a "#" line).  The debug kernels boot with
# kasan_multi_shot, so that a first report does not silence KASAN for the
# rest of the run.
KERNEL_KNOWN_RE='BUG: KASAN: global-out-of-bounds in load_module\+'

# scan NAME LOG: one ok/FAIL line for the reports in LOG.  Lines are taken
# once each (a message reaches the log on the console and again in the
# guest's "dmesg| " dump); the guest's own test lines are not reports.
scan() {
	local name=$1 log=$2 bad
	[ -s "$log" ] || { echo "FAIL debug-reports-$name: no console log $log"; return 1; }
	bad=$(sed -e 's/^\(dmesg\|kmemleak\)| //' -e 's/^\[ *[0-9.]*\] //' "$log" |
		grep -a -E "$REPORT_RE" | grep -a -v -E "$IGNORE_RE" |
		grep -a -v -E '^(ok|FAIL|#|ctneon-debug:) ' | awk '!seen[$0]++')
	known=$(echo "$bad" | grep -a -E "$KERNEL_KNOWN_RE")
	if [ -n "$known" ]; then
		echo "# debug-reports-$name: the kernel's own arm32 module-loading KASAN report, set aside: $(echo "$known" | head -n1)"
		bad=$(echo "$bad" | grep -a -v -E "$KERNEL_KNOWN_RE")
	fi
	if [ -n "$bad" ]; then
		echo "FAIL debug-reports-$name: $(echo "$bad" | wc -l) report line(s)"
		echo "$bad" | head -n 60 | sed 's/^/#   /'
		return 1
	fi
	echo "ok debug-reports-$name: no KASAN/lockdep/atomic-sleep/kmemleak/testmgr report"
}

# checkers NAME LOG: the guest saw every checker switched on
checkers() {
	local name=$1 log=$2 miss=
	grep -aq '^ctneon-debug: checker kasan on' "$log" || miss+=" kasan"
	grep -aq '^ctneon-debug: checker lockdep on' "$log" || miss+=" lockdep"
	grep -aq '^ctneon-debug: checker kmemleak on' "$log" || miss+=" kmemleak"
	grep -aqE '^ctneon-debug: checker testmgr-extra (noextratests|noslowtests)=N' "$log" || miss+=" testmgr-extra"
	if [ -n "$miss" ]; then
		echo "FAIL debug-checkers-$name: not on:$miss"
		return 1
	fi
	echo "ok debug-checkers-$name: kasan, lockdep, kmemleak, testmgr extra tests on"
}

if [ "${1:-}" = --scan ]; then
	[ $# -eq 3 ] || { echo "usage: $0 --scan NAME LOG" >&2; exit 2; }
	scan "$2" "$3"
	exit
fi
[ $# -ge 1 ] || { echo "usage: $0 arm64|arm..." >&2; exit 2; }

for SERIES in ${CTNEON_DEBUG_SERIES:-6.1 7}; do
for ARCH in "$@"; do
	case $ARCH in
	arm64|arm) ;;
	*) echo "$0: ARCH must be arm or arm64" >&2; exit 2 ;;
	esac
	# MAIN: the guest boot (tests/debug/guest.sh); HOOKS: the test build's
	# boot (tests/vm/guest/hooks.sh); HOOKS_APPEND: its extra command line
	MAIN=1 HOOKS=1 HOOKS_APPEND=
	case $SERIES in
	6.1) KERNEL=debug NAME=$ARCH SLOW=cryptomgr.noextratests=1
	     # arm32 KASAN's module loader fault (KERNEL_KNOWN_RE above) came at
	     # the 41st load of one boot: test every 5th registration failure
	     # here (make check's boot of the Debian kernel tests each one)
	     [ "$ARCH" = arm ] && HOOKS_APPEND=ctneon.fail_stride=5 ;;
	7)   KERNEL=debug7 NAME=$ARCH-7 SLOW=cryptomgr.noslowtests=1 HOOKS=0
	     [ "$ARCH" = arm ] && SLOW="$SLOW ctneon.notcrypt=1" ;;
	# PREEMPT_RT (make check-rt): the test build's boot only, whose
	# ordering check drives the asynchronous wrappers' queues and locks
	7rt) KERNEL=debug7rt NAME=$ARCH-7rt SLOW=cryptomgr.noslowtests=1 MAIN=0 ;;
	*) echo "$0: CTNEON_DEBUG_SERIES: 6.1, 7 or 7rt, not $SERIES" >&2; exit 2 ;;
	esac
	BUILD=$SRC/build/$ARCH-$KERNEL
	mkdir -p "$BUILD"

	t0=$(date +%s)
	if ! env=$("$SRC/scripts/debug-kernel.sh" "$ARCH" "$SERIES"); then
		echo "FAIL debug-build-$NAME: debug kernel build failed (scripts/debug-kernel.sh $ARCH $SERIES)"
		rc=1
		continue
	fi
	eval "$env"	# KDIR IMAGE KROOT REL
	t1=$(date +%s)
	rm -f "$BUILD/ctneon.ko"
	if ! make -s -C "$SRC" ARCH="$ARCH" KERNEL=$KERNEL >&2; then
		echo "FAIL debug-build-$NAME: ctneon.ko against $KDIR"
		rc=1
		continue
	fi
	echo "ok debug-build-$NAME: $REL (kernel step $((t1 - t0)) s), ctneon.ko W=1 clean"

	if [ $MAIN = 1 ]; then
		t2=$(date +%s)
		CTNEON_VM_KERNEL=$IMAGE CTNEON_VM_REL=$REL CTNEON_VM_KROOT=$KROOT \
		CTNEON_VM_WORK=$BUILD CTNEON_VM_GUEST=$SRC/tests/debug/guest.sh \
		CTNEON_VM_TIMEOUT=${CTNEON_VM_TIMEOUT:-3000} \
		CTNEON_VM_APPEND="ctneon.quick=1 ctneon.cases=200 ctneon.aeadcases=200 ctneon.ipsec_kb=256 ctneon.wait=900 ctneon.prewarm=1 kasan_multi_shot $SLOW ${CTNEON_DEBUG_APPEND:-}" \
			nice -n 10 "$SRC/tests/vm/run.sh" "$ARCH" $KERNEL || rc=1
		t3=$(date +%s)
		echo "# debug-$NAME: boot + guest tests + scans $((t3 - t2)) s"
		checkers "$NAME" "$BUILD/vm.log" || rc=1
		scan "$NAME" "$BUILD/vm.log" || rc=1
	fi

	# the test build (tests/vm/guest/hooks.sh: every registration failing
	# in turn at insmod, the ordering of the asynchronous wrappers, the
	# MAC's NEON sections), under the checkers
	[ $HOOKS = 1 ] || continue
	HB=$SRC/build/$ARCH-$KERNEL-hooks
	rm -f "$HB/ctneon.ko"
	if ! make -s -C "$SRC" ARCH="$ARCH" KERNEL=$KERNEL VARIANT=hooks >&2; then
		echo "FAIL debug-build-$NAME-hooks: the test build against $KDIR"
		rc=1
		continue
	fi
	t2=$(date +%s)
	CTNEON_VM_KERNEL=$IMAGE CTNEON_VM_REL=$REL CTNEON_VM_KROOT=$KROOT \
	CTNEON_VM_KO=$HB/ctneon.ko CTNEON_VM_WORK=$HB/vm \
	CTNEON_VM_GUEST=$SRC/tests/vm/guest/hooks.sh \
	CTNEON_VM_TIMEOUT=${CTNEON_VM_TIMEOUT:-3000} \
	CTNEON_VM_APPEND="kasan_multi_shot $SLOW $HOOKS_APPEND ${CTNEON_DEBUG_APPEND:-}" \
		nice -n 10 "$SRC/tests/vm/run.sh" "$ARCH" $KERNEL |
		sed 's/^\(ok\|FAIL\) vm-boot-/\1 debug-hooks-boot-/' || rc=1
	echo "# debug-$NAME-hooks: boot + hooks guest + scan $(($(date +%s) - t2)) s"
	grep -a -q '^ok hooks fail_register' "$HB/vm/vm.log" || {
		echo "FAIL debug-hooks-$NAME: the registration-failure check did not pass"
		rc=1
	}
	if [ "$SERIES" = 7rt ]; then
		# the guest's init prints uname -v, which names the preemption model
		if grep -a '^ctneon-vm: kernel ' "$HB/vm/vm.log" | grep -q 'PREEMPT_RT'; then
			echo "ok debug-checkers-$NAME: the kernel's banner says PREEMPT_RT"
		else
			echo "FAIL debug-checkers-$NAME: no PREEMPT_RT in the kernel's banner"
			rc=1
		fi
	fi
	scan "$NAME-hooks" "$HB/vm/vm.log" || rc=1
done
done
exit $rc
