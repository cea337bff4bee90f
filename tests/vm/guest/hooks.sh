#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# /test/hooks.sh: the guest of tests/vm/hooks.sh, which boots the test
# build of ctneon (KCFLAGS=-DCTNEON_TEST_HOOKS, ctneon-test.c) with this as
# its guest.sh.  In order:
#   1. registration failures: insmod with fail_register=N for N = 1, 2, ...
#      until a load succeeds; each failing load must fail (not oops),
#      leave no ctneon algorithm behind, and the kernel must still answer
#      (a read of /proc/crypto, which takes the lock every lookup takes,
#      must end and list the kernel's algorithms); the
#      successful load shows how many registrations there are;
#   2. once.sh (one read of the ciphertext; no bounce for aligned texts);
#   3. afalg-once empty: no bounce counted for AEAD requests without text
#      (the walk's buffer field, garbage in this build, is not read);
#   4. run_test=mac: a 4 MiB cmac(aes) update in NEON sections of a slice;
#   5. run_test=order with the default parameters, then reloaded with
#      async=3 queue_len=2 (every request that may be queued is, and the
#      queue is full at once): one tfm's requests complete in order;
#   and dmesg has no BUG, Oops, WARNING or list corruption at the end.
# Prints ok/FAIL lines; exit status 1 on a failure.

BIN=/test/bin
MOD=/test/ctneon.ko
P=/sys/module/ctneon/parameters
nfail=0
ok() { echo "ok $*"; }
fail() { echo "FAIL $*"; nfail=$((nfail + 1)); }

for m in af_alg algif_aead algif_skcipher gcm ghash_generic ccm cmac; do
	modprobe "$m" 2>/dev/null
done
if grep -q '^ctneon ' /proc/modules; then
	rmmod ctneon || fail "hooks: rmmod ctneon"
fi

# ctneon's entries in /proc/crypto: reading it takes the crypto API's
# algorithm lock, as every lookup does; a lock left held (a BUG() while
# unregistering) blocks the read for good (no signal ends it), so it runs
# in the background and is "hung" when it has not ended in 30 s
ctneon_algs() {
	cat /proc/crypto >/tmp/crypto.txt 2>/dev/null &
	pid=$! w=0
	while kill -0 $pid 2>/dev/null; do
		w=$((w + 1))
		if [ $w -gt 60 ]; then
			echo hung
			return
		fi
		sleep 0.5
	done
	grep -c 'driver *: .*ctneon' /tmp/crypto.txt
}

# after a failed load: the self-test larvals of what it had registered go
# when their tests end; wait up to 30 s for none of ctneon's to be left
settle() {
	i=0
	left=$(ctneon_algs)
	while [ "$left" != 0 ] && [ "$left" != hung ] && [ $i -lt 60 ]; do
		sleep 0.5
		i=$((i + 1))
		left=$(ctneon_algs)
	done
}

# 1. every registration fails once (ctneon.fail_stride=S on the command
# line: only 1..4 and every S-th after, for fewer module loads in one boot)
stride=${CTNEON_FAIL_STRIDE:-1}
n=1
loaded=0
tried=0
while [ $n -le 200 ]; do
	tried=$((tried + 1))
	if insmod $MOD $CTNEON_MODPARAMS fail_register=$n 2>/tmp/insmod.err; then
		loaded=1
		break
	fi
	settle
	if [ "$left" = hung ]; then
		fail "hooks fail_register=$n: /proc/crypto hangs after the failed load (the algorithm lock is held)"
		dmesg | grep -E 'BUG|Oops|corruption' | head -n 5 | sed 's/^/#   /'
		# every later step would hang on that lock too
		echo "guest: hooks.sh done, $nfail failed step(s)"
		exit 1
	elif [ "$left" != 0 ]; then
		fail "hooks fail_register=$n: insmod failed but $left ctneon algorithms are still registered"
		break
	fi
	if ! dmesg | grep -q "failing registration $n with -EEXIST"; then
		fail "hooks fail_register=$n: insmod failed, but not at the planted failure: $(cat /tmp/insmod.err)"
		break
	fi
	if dmesg | grep -qE 'BUG|Oops|list_del corruption|list_add corruption|Unable to handle|Internal error'; then
		fail "hooks fail_register=$n: the kernel complained"
		dmesg | grep -E 'BUG|Oops|corruption|Unable to handle|Internal error' | head -n 5 | sed 's/^/#   /'
		break
	fi
	if ! grep -q '^name' /tmp/crypto.txt; then
		fail "hooks fail_register=$n: /proc/crypto lists no algorithm after the failed load"
		break
	fi
	if [ $n -lt 4 ]; then
		n=$((n + 1))
	else
		n=$((n + stride))
	fi
done
if [ $loaded = 1 ] && [ $n -gt 5 ] && [ "$stride" = 1 ]; then
	ok "hooks fail_register: each of the $((n - 1)) registrations failed in turn: insmod failed cleanly every time, nothing left registered, lookups still answered; fail_register=$n loaded"
elif [ $loaded = 1 ] && [ $n -gt 5 ]; then
	ok "hooks fail_register: $((tried - 1)) of the first $((n - 1)) registrations (1..4, then every $stride-th) failed in turn: insmod failed cleanly every time, nothing left registered, lookups still answered; fail_register=$n loaded"
elif [ $loaded = 1 ]; then
	fail "hooks fail_register: insmod with fail_register=$n loaded: only $((n - 1)) registrations seen"
elif [ $n -gt 200 ]; then
	fail "hooks fail_register: no load succeeded in 200 tries"
fi
grep -q '^ctneon ' /proc/modules || insmod $MOD $CTNEON_MODPARAMS || fail "hooks: insmod ctneon"

# 2. and 3.
ALONE=
export ALONE
sh /test/once.sh || nfail=$((nfail + 1))
$BIN/afalg-once empty || nfail=$((nfail + 1))

# 4. and 5.
run_test() {
	name=$1 what=$2
	if echo "$name" >$P/run_test 2>/dev/null; then
		ok "hooks $name ($what): $(dmesg | grep "ctneon test: $name:" | tail -n1 | sed 's/.*ctneon test: //')"
	else
		fail "hooks $name ($what): $(dmesg | grep "ctneon test: $name:" | tail -n1 | sed 's/.*ctneon test: //')"
	fi
}
if [ -w $P/run_test ]; then
	run_test mac "wrapped=$(cat $P/wrapped)"
	run_test order "async=$(cat $P/wrapped 2>/dev/null)"
	rmmod ctneon && insmod $MOD $CTNEON_MODPARAMS async=3 queue_len=2 ||
		fail "hooks: reload with async=3 queue_len=2"
	run_test order "async=3 queue_len=2"
	rmmod ctneon || fail "hooks: rmmod ctneon"
else
	fail "hooks: no $P/run_test: not a test build"
fi

if dmesg | grep -E 'BUG|Oops|WARNING|Internal error|Unable to handle|corruption'; then
	fail "hooks: kernel complaints in dmesg"
fi
echo "guest: hooks.sh done, $nfail failed step(s)"
[ "$nfail" = 0 ]
