#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/guest.sh of make check's single boot per configuration
# (tests/vm/all.sh installs it through CTNEON_VM_GUEST; the normal guest
# tests stay as /test/vm-guest.sh).
#
# What: the three guest test scripts one after the other in one boot:
#   1. vm-guest.sh  (tests/vm/guest/guest.sh: self-tests, priorities,
#                   afalg-diff/-aead/-hybrid, tcrypt, reload)
#   2. dmcrypt.sh   (dm-crypt, cryptsetup, LUKS2 on /dev/vda)
#   3. stress.sh    (bad input, 60 s stress beside a dm-crypt writer on
#                   the same disk, IPsec under load, rmmod in use, unload
#                   cycles)
# Why: each boot with its initramfs costs about 40 s under TCG on a shared
# machine; make check boots four configurations, so one boot instead of
# three saves minutes.  Every script starts from ctneon unloaded (each
# inserts it), so ctneon is removed between them; each part's ok/FAIL lines
# and its "guest: N passed, M failed" line pass through unchanged.
# Exit status: non-zero if any part failed or ctneon could not be removed
# between parts.

rc=0
unload() {	# rmmod ctneon if loaded; 6.12 may hold it for a moment
	n=0
	while grep -q '^ctneon ' /proc/modules; do
		rmmod ctneon 2>/tmp/all-rmmod.err && break
		n=$((n + 1))
		if [ $n -ge 150 ]; then
			echo "FAIL all: ctneon stays loaded after $1: $(cat /tmp/all-rmmod.err)"
			return 1
		fi
		sleep 0.2
	done
}
part() {	# part NAME SCRIPT
	t0=$(cut -d' ' -f1 /proc/uptime)
	echo "# ==== part $1"
	sh "$2" $CTNEON_ARGS || rc=1
	echo "# ==== part $1 took $(awk -v a="$t0" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.0f", b - a }') s"
	unload "$1" || { rc=1; return 1; }
}

part guest /test/vm-guest.sh &&
part dmcrypt /test/dmcrypt.sh &&
part stress /test/stress.sh
exit $rc
