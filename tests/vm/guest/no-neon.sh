#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/no-neon.sh: booted on a CPU without NEON (qemu -cpu cortex-a15,neon=off
# through tests/vm/no-neon.sh), ctneon must refuse to load with ENODEV and
# leave nothing behind in /proc/crypto.

grep -q neon /proc/cpuinfo && echo "FAIL no-neon: the guest CPU has NEON (test setup)"
if insmod /test/ctneon.ko $CTNEON_MODPARAMS 2>/tmp/insmod.err; then
	echo "FAIL no-neon: ctneon loaded on a CPU without NEON"
	rmmod ctneon
elif grep -q 'No such device' /tmp/insmod.err; then
	echo "ok no-neon: insmod refused with ENODEV ($(cat /tmp/insmod.err))"
else
	echo "FAIL no-neon: insmod failed differently: $(cat /tmp/insmod.err)"
fi
if grep -q ctneon /proc/crypto; then
	echo "FAIL no-neon: ctneon entries in /proc/crypto"
else
	echo "ok no-neon: no ctneon entry in /proc/crypto"
fi
if dmesg | grep -E 'BUG|Oops|WARNING|Internal error'; then
	echo "FAIL no-neon: kernel complaints in dmesg"
else
	echo "ok no-neon: dmesg clean"
fi
