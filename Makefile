# SPDX-License-Identifier: GPL-2.0-only
#
# ctneon top-level Makefile (the module itself is described in Kbuild).
#
#   make                       build ctneon.ko against the running kernel
#                              (/lib/modules/$(uname -r)/build), on an ARM box
#   make install               modules_install + depmod for that kernel
#                              (KDIR=, KREL=, INSTALL_MOD_PATH= as usual)
#   make ARCH=arm|arm64 KERNEL=6.1|6.12|7|7.N
#                              cross-build against the cached Debian kernel
#                              (scripts/kernels.sh fetches it once); the
#                              module ends up in build/<arch>-<kernel>/ctneon.ko
#   make all-kernels           the six cross configurations
#   make ARCH=arm|arm64 KERNEL=debug|debug7
#                              cross-build against the 6.1 or 7.x debug
#                              kernel tree (scripts/debug-kernel.sh builds it
#                              once) into build/<arch>-debug[7]/ctneon.ko
#   make check-debug           the debug-kernel tier (tests/debug/run.sh):
#                              KASAN, lockdep, kmemleak, testmgr fuzzing, on
#                              6.1 and 7.x (DEBUG_SERIES="6.1 7" picks);
#                              slow, not part of make check
#   make check-rt              PREEMPT_RT: the test build (tests/vm/hooks.sh)
#                              on Debian's bookworm rt kernels (KERNEL=6.1rt,
#                              arm and arm64), then under the debug checkers
#                              on an arm64 PREEMPT_RT 7.x kernel
#                              (KERNEL=debug7rt): the asynchronous wrappers'
#                              queues must take no sleeping lock in atomic
#                              context
#   make check                 the whole test run (scripts/check.sh)
#   make check-ipsec64         IPsec under load at the issue's full volume:
#                              64 MiB each way through both tunnels, on the
#                              four configurations (tests/vm/stress.sh with
#                              ctneon.load_kb=65536; make check carries 8 MiB);
#                              about 15 to 45 minutes a configuration in TCG
#   make unit                  user-space core tests (tests/unit/)
#   make ct-check              constant-time trace check (tests/ct/run.sh)
#   make bench                 instruction counts and cycle estimates beside
#                              the in-tree drivers (bench/run.sh, BENCH_CONFIGS=)
#   make bench-esp             IPsec ESP end to end and dm-crypt, in-tree then
#                              ctneon (bench/run.sh --esp, BENCH_CONFIGS=)
#   make run                   the demo (scripts/run-demo.sh)
#   make deb                   the ctneon-dkms Debian package, into build/deb/
#                              (scripts/mkdeb.sh; version from dkms.conf)
#   make check-dkms            install that package in arm64 Debian chroots
#                              with Debian's headers; DKMS must build it, and
#                              the package load it, at boot and from the
#                              initramfs (tests/dkms/run.sh)
#   make check-fresh           the README's `make run` in a fresh bookworm
#                              root with only git and make, one package index
#                              failing as on a mirror mid-sync
#                              (tests/fresh/run.sh; release check, 10 to 20
#                              minutes)
#   make vm ARCH=.. KERNEL=..  build, then boot the QEMU guest tests once
#   make clean
#
# Every build uses W=1 and fails if the compiler, the assembler or modpost
# prints a warning (a native build with STRICT=0, as DKMS runs it, only
# keeps the warnings in its log).  Cross builds run in
# build/<arch>-<kernel>/obj/, a copy of the module sources, so that the
# four configurations never share object files and the source tree stays
# clean.

SHELL := /bin/bash
SRC := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))

KERNELS := arm-6.1 arm-6.12 arm-7 arm64-6.1 arm64-6.12 arm64-7

# Module sources copied into a cross build's object directory.
SYNC_FIND := find . \( -path ./build -o -path ./.git -o -path ./tests \
	-o -path ./scripts -o -path ./Documentation -o -path ./debian \) -prune \
	-o -type f \( -name '*.[chS]' -o -name Kbuild \) -print

# Fail the recipe when the log ($1) contains a warning; $2 is removed then
# so that the next run recompiles instead of silently reusing the objects.
define fail_on_warnings
	if grep -qi 'warning' $(1); then \
		echo "error: the build printed warnings (see $(1)):" >&2; \
		grep -i 'warning' $(1) >&2; \
		rm -f $(2); exit 1; \
	fi
endef

.PHONY: default modules install clean all-kernels check check-debug check-rt check-ipsec64 unit ct-check bench bench-esp run vm help \
	deb check-dkms check-fresh

ifneq ($(KERNEL),)
# ---------------------------------------------------------------- cross --
ifeq ($(ARCH),arm)
CROSS_COMPILE := arm-linux-gnueabihf-
else ifeq ($(ARCH),arm64)
CROSS_COMPILE := aarch64-linux-gnu-
else
$(error ARCH must be arm or arm64 (KERNEL=$(KERNEL)))
endif
ifeq ($(filter $(ARCH)-$(KERNEL),$(KERNELS) arm-debug arm64-debug arm-debug7 arm64-debug7 arm64-debug7rt arm-6.1rt arm64-6.1rt)$(filter 7.%,$(KERNEL)),)
$(error KERNEL must be 6.1, 6.12, 7, 7.N, debug, debug7 or (arm64) debug7rt)
endif
ifeq ($(KERNEL),debug)
KDIR_CMD := $(SRC)/scripts/debug-kernel.sh --print $(ARCH) 6.1 | sed -n 's/^KDIR=//p'
ROOT_CMD := true
else ifeq ($(KERNEL),debug7)
KDIR_CMD := $(SRC)/scripts/debug-kernel.sh --print $(ARCH) 7 | sed -n 's/^KDIR=//p'
ROOT_CMD := true
else ifeq ($(KERNEL),debug7rt)
KDIR_CMD := $(SRC)/scripts/debug-kernel.sh --print $(ARCH) 7rt | sed -n 's/^KDIR=//p'
ROOT_CMD := true
else
KDIR_CMD := $(SRC)/scripts/kernels.sh --print-dir $(ARCH) $(KERNEL)
# 6.12 and 7.x build inside a Debian root of the kernel's suite (its gcc,
# pahole and glibc); the headers sit at their own paths there
ROOT_CMD := $(SRC)/scripts/kernels.sh --print-root $(ARCH) $(KERNEL)
endif

# VARIANT=hooks: the test build of tests/vm/hooks.sh (KCFLAGS=
# -DCTNEON_TEST_HOOKS, svc-aead.h), in build/<arch>-<kernel>-hooks/
ifeq ($(VARIANT),hooks)
BUILD := $(SRC)/build/$(ARCH)-$(KERNEL)-hooks
VARIANT_FLAGS := KCFLAGS=-DCTNEON_TEST_HOOKS
else
BUILD := $(SRC)/build/$(ARCH)-$(KERNEL)
VARIANT_FLAGS :=
endif
OBJ := $(BUILD)/obj

default modules:
	@set -eo pipefail; \
	kdir=$$($(KDIR_CMD)); [ -n "$$kdir" ]; \
	root=$$($(ROOT_CMD)); mk="$(MAKE)"; \
	if [ -n "$$root" ]; then kdir=$${kdir#$$root}; mk="$(SRC)/scripts/in-root.sh $$root make"; fi; \
	mkdir -p $(OBJ); \
	cd $(SRC); \
	$(SYNC_FIND) | while read -r f; do \
		mkdir -p "$(OBJ)/$$(dirname "$$f")"; \
		cmp -s "$$f" "$(OBJ)/$$f" || cp "$$f" "$(OBJ)/$$f"; \
	done; \
	echo "  BUILD   $(ARCH) $(KERNEL) against $$kdir$${root:+ in $$root}"; \
	$$mk --no-print-directory -C "$$kdir" M=$(OBJ) ARCH=$(ARCH) \
		CROSS_COMPILE=$(CROSS_COMPILE) W=1 $(VARIANT_FLAGS) modules 2>&1 | \
		sed -u 's|$(OBJ)/|$(SRC)/|g' | tee $(BUILD)/build.log; \
	$(call fail_on_warnings,$(BUILD)/build.log,$(OBJ)/ctneon.ko $(BUILD)/ctneon.ko $$(find $(OBJ) -name '*.o')); \
	cp $(OBJ)/ctneon.ko $(BUILD)/ctneon.ko; \
	echo "  MODULE  $(BUILD)/ctneon.ko"

install:
	@echo "make install is for the native build (drop ARCH/KERNEL)" >&2; exit 1

vm: default
	$(SRC)/tests/vm/run.sh $(ARCH) $(KERNEL)

else
# --------------------------------------------------------------- native --
KREL ?= $(shell uname -r)
KDIR ?= /lib/modules/$(KREL)/build
# STRICT=0 (dkms.conf) keeps a warning in the log instead of failing: on a
# board the compiler is the user's, not the one the tests pin.
STRICT ?= 1

default modules:
	@set -eo pipefail; \
	$(MAKE) -C $(KDIR) M=$(SRC) W=1 modules 2>&1 | tee $(SRC)/.build.log; \
	$(if $(filter 0,$(STRICT)),true, \
	$(call fail_on_warnings,$(SRC)/.build.log,$(SRC)/ctneon.ko $$(cd $(SRC) && $(SYNC_FIND) | \
		sed -n 's/\.[cS]$$/.o/p')))

install: default
	$(MAKE) -C $(KDIR) M=$(SRC) modules_install
	depmod $(if $(INSTALL_MOD_PATH),-b $(INSTALL_MOD_PATH)) -a $(KREL)

vm:
	@echo "make vm needs ARCH=arm|arm64 KERNEL=6.1|6.12|7" >&2; exit 1
endif

# ------------------------------------------------------------- common --
all-kernels:
	@set -e; for c in $(KERNELS); do \
		$(MAKE) --no-print-directory -f $(SRC)/Makefile ARCH=$${c%-*} KERNEL=$${c#*-}; \
	done

check:
	$(SRC)/scripts/check.sh

DEBUG_SERIES ?= 6.1 7
check-debug:
	CTNEON_DEBUG_SERIES="$(DEBUG_SERIES)" $(SRC)/tests/debug/run.sh arm64 arm

check-rt:
	@rc=0; for a in arm arm64; do $(SRC)/tests/vm/hooks.sh $$a 6.1rt || rc=1; done; \
	CTNEON_DEBUG_SERIES=7rt $(SRC)/tests/debug/run.sh arm64 || rc=1; exit $$rc

check-ipsec64: all-kernels
	@rc=0; for c in $(KERNELS); do \
		CTNEON_VM_TIMEOUT=$${CTNEON_VM_TIMEOUT:-4800} $(SRC)/tests/vm/stress.sh \
			$${c%-*} $${c#*-} ctneon.load_kb=65536 || rc=1; \
	done; exit $$rc

unit:
	$(SRC)/tests/unit/run.sh all
	@set -e; for a in arm arm64; do \
		for t in bs ghash gcm mac chacha adiantum; do $(SRC)/tests/unit/$$t-run.sh $$a; done; \
	done
	$(SRC)/tests/unit/ghash-run.sh arm
	$(SRC)/tests/unit/ghash-run.sh arm64
	$(SRC)/tests/unit/chacha-run.sh arm
	$(SRC)/tests/unit/chacha-run.sh arm64

ct-check:
	$(SRC)/tests/ct/run.sh all

bench:
	$(SRC)/bench/run.sh $(BENCH_CONFIGS)

bench-esp:
	$(SRC)/bench/run.sh --esp $(BENCH_CONFIGS)

run:
	$(SRC)/scripts/run-demo.sh

deb:
	$(SRC)/scripts/mkdeb.sh

check-dkms:
	$(SRC)/tests/dkms/run.sh

check-fresh:
	$(SRC)/tests/fresh/run.sh

clean:
	rm -rf $(SRC)/build $(SRC)/.build.log
	cd $(SRC) && find . -path ./.git -prune -o -type f \( -name '*.o' -o -name '*.ko' \
		-o -name '*.mod' -o -name '*.mod.c' -o -name '.*.cmd' -o -name 'Module.symvers' \
		-o -name 'modules.order' \) -print | xargs -r rm -f

help:
	@sed -n '3,/^$$/p' $(SRC)/Makefile | sed 's/^# \{0,1\}//'
