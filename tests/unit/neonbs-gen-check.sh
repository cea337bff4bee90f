#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/unit/neonbs-gen-check.sh: the arm bit-sliced core is what its
# generator makes (#22 item 1: no hand-kept copy of the generated rounds).
#   ok|FAIL neonbs-gen-arm-regenerates  scripts/neonbs-gen/arm/gen.py --check:
#                                       the S-box map and macros spliced into
#                                       arm/aes-neonbs-core.S are byte for
#                                       byte what gen.py makes (about 30 s)
#   ok|FAIL neonbs-gen-arm-fixslice     fscheck.py: the core's vtbl mask
#                                       tables are the derived ones and the
#                                       fixsliced cipher they describe gives
#                                       FIPS-197's answers, AES-128/192/256
SRC=$(cd "$(dirname "$0")/../.." && pwd)
cd "$SRC/scripts/neonbs-gen/arm" || exit 2
rc=0
if python3 gen.py --check >/tmp/ctneon-gen-check.$$ 2>&1; then
	echo "ok neonbs-gen-arm-regenerates"
else
	echo "FAIL neonbs-gen-arm-regenerates: arm/aes-neonbs-core.S is not what gen.py makes"
	sed 's/^/#   /' /tmp/ctneon-gen-check.$$ | head -n 40
	rc=1
fi
if python3 fscheck.py >/tmp/ctneon-gen-check.$$ 2>&1; then
	echo "ok neonbs-gen-arm-fixslice"
else
	echo "FAIL neonbs-gen-arm-fixslice"
	sed 's/^/#   /' /tmp/ctneon-gen-check.$$ | head -n 40
	rc=1
fi
rm -f /tmp/ctneon-gen-check.$$
exit $rc
