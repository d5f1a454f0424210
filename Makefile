# swapbench: a bootable image that measures swap under tiny RAM.
# `make help` lists targets and variables.

# every setting's default and help: host/settings.tsv, read by host/settings.sh
# (make help, the scripts, docs/generate). make sets the make-scope ones
# (the row of the goal when one of the goals has its own, as make pxe's
# EXTRA_ON=initramfs); unset RUNS, WARMUP, WORKLOADS: the image's defaults
# (init/config/cmdkeys.c; init --parse prints them). The env-scope ones
# (DISK, LAYOUT, DETERMINISTIC, MEM, ...) pass on only when given: the
# scripts take the table's default for their target (settings_apply).
SETTINGS  := host/settings.sh
$(foreach s,$(shell $(SETTINGS) make_defaults $(MAKECMDGOALS)),$(eval $(firstword $(subst =, ,$(s))) ?= $(word 2,$(subst =, ,$(s)))))

OUT      := out
A        := $(OUT)/$(ARCH)
BIN_OUT  := $(OUT)/bin
export SWAPBENCH_CACHE

# the build's version (lib/version.h): git describe of the tree, given to
# every compile; out/version changes when it does, so what prints it is rebuilt
VERSION     := $(shell bash '$(CURDIR)/host/tool.sh' version)
VERSION_STAMP := $(OUT)/version
WARN        := -Wall -Wextra -Werror -Wshadow -Wformat=2 -Wmissing-prototypes
# includes by path from the top: "lib/record.h", "init/sys/errmsg.h"
CSTD        := -std=c11 -D_GNU_SOURCE -I. -DSB_VERSION='"$(VERSION)"'
HOST_CC     ?= cc
HOST_CFLAGS ?= $(CSTD) $(WARN) -O2 -g
# SB_IMAGE: the image leaves out what only the host reads (init/config/registry.h)
IMG_CFLAGS  := $(CSTD) $(WARN) -DSB_IMAGE -Os -ffunction-sections -fdata-sections -fno-asynchronous-unwind-tables
IMG_LDFLAGS := -static -Wl,--gc-sections -s
ifeq ($(ARCH),x86_64)
IMG_CC      := musl-gcc
else ifneq ($(filter i686 i586 i486,$(ARCH)),)
# -march=ARCH: the instructions that CPU has, and its kernel requires
IMG_CC      := $(CURDIR)/rootfs/i386-musl-gcc -march=$(ARCH)
else
$(error ARCH must be x86_64, i686, i586 or i486)
endif

LIB_SRC   := $(wildcard lib/*.c)
INIT_SRC  := $(wildcard init/*/*.c) $(LIB_SRC)
INIT_HDR  := $(wildcard init/*/*.h lib/*.h)
# the one list of workloads: lib/workloads.h, as NAME:PROGRAM pairs, read by
# the C preprocessor (its one reader), not by a pattern
WL_PAIRS  := $(shell printf '\043include "lib/workloads.h"\n\043define P_(program, name, ...) name:program\nWORKLOADS(P_)\n' | \
	       $(HOST_CC) -E -P -x c - | tr -d '"')
wl_prog    = $(word 2,$(subst :, ,$(filter $(1):%,$(WL_PAIRS))))
WL_ALL    := $(foreach p,$(WL_PAIRS),$(firstword $(subst :, ,$(p))))
# the programs built; a name that is not a program's own links to its program
WL_PROGS  := $(sort $(foreach p,$(WL_PAIRS),$(word 2,$(subst :, ,$(p)))))
WL_ALIASES := $(filter-out $(WL_PROGS),$(WL_ALL))
OBJ       := $(A)/obj
IMG_OBJS  := $(patsubst %.c,$(OBJ)/%.o,$(INIT_SRC) rootfs/multicall.c workloads/wl.c workloads/wl_fill.c workloads/dchar.c workloads/dchar_write.c \
	       $(addprefix workloads/,$(addsuffix .c,$(WL_PROGS))))
IMG_BIN   := $(A)/swapbench

# SMP=N above 1 without KERNEL=: the default kernel has one CPU (no
# CONFIG_SMP), so the variant smp, which has SMP and ACPI, said once
ifeq ($(strip $(KERNEL)),)
ifneq ($(filter-out 0 1,$(SMP)),)
KERNEL := smp
ifeq ($(MAKELEVEL),0)
$(info make: SMP=$(SMP): the default kernel has no CONFIG_SMP: booting KERNEL=smp, the default with the variant smp)
endif
endif
endif
# KERNEL= is a bzImage, or any kernel kernel/resolve names (a variant, a
# source tree, debian:X.Y[+variant], one of Debian's packaged kernels),
# built or fetched into out/ARCH/kernels/NAME/. A packaged kernel (its
# name, its .deb, or its vmlinuz: KERNEL_STOCK) brings its modules:
# out/ARCH/kernels/NAME/bzImage.modules, the initramfs's MODULES= unless
# one is given.
KERNEL_STOCK := $(if $(KERNEL),$(shell kernel/resolve --stock '$(KERNEL)' 2>/dev/null && echo 1))
KERNEL_FILE := $(if $(KERNEL),$(if $(KERNEL_STOCK),,$(shell test -f '$(KERNEL)' && echo '$(KERNEL)')))
BZIMAGE   := $(if $(KERNEL),$(or $(KERNEL_FILE),$(A)/kernels/$(shell SMP='$(SMP)' kernel/resolve --name '$(KERNEL)' 2>/dev/null)/bzImage),$(A)/bzImage)
INITRD    := $(A)/initramfs.cpio.gz
# the list it was made from; an image with extras (make seeds) is another INITRD
LIST      := $(INITRD:.cpio.gz=.list)
# EXTRA_ON=disk: what qemu/mkdisks puts on the filesystem disk for this INITRD
EXTRAS    := $(INITRD:.cpio.gz=.extras)
REPORT    := $(BIN_OUT)/swapbench-report


comma := ,

.PHONY: kbuild-image docs wl-names tool-names unit-tests help image image-user kernel kernel-spec initramfs tools run check bench calibrate diskcheck diskchar diskfio diskvalid seeds linesperl kselftests pxe compare lava lava-check fuzz clean deps deps-kernel FORCE
.DEFAULT_GOAL := help

# The registry: what the image's own parser and tables say (init/config/registry.h),
# once out/bin/init-host is built, read by its one reader, host/registry.sh
REGISTRY = INIT_HOST=$(BIN_OUT)/init-host host/registry.sh
# "0 pass, 1 fail, ...": the exit statuses and their words
exit_words = $(shell $(REGISTRY) exit_words 2>/dev/null)

help:
	@echo 'swapbench: boot a tiny Linux with little RAM (MEM) and measure swap: a partition against a swapfile, zram or zswap (docs/swap-configurations.md)'
	@echo
	@echo 'Targets:'
	@echo '  make help       this list (the default target)'
	@echo '  make run        install what is missing, build, boot QEMU, run the default experiment, report'
	@echo '  make check      every test (host unit tests and QEMU end-to-end); ends with "N passed, N failed, N skipped"'
	@echo '  make image      kernel, initramfs and host tools only'
	@echo '  make tools      the host tools alone: out/bin/swapbench-report, init-host, the disk model'"'"'s diskprofile and diskreplay'
	@echo '  make bench      image size, boot time, memory figures (prints, asserts nothing)'
	@echo '  make calibrate  A/A experiment: this host'"'"'s noise floor (CV, false positives, detectable difference; WORKLOADS, RUNS)'
	@echo '  make diskcheck  DISK=NAME: the disk model measured in the image against its datasheet (MB/s, IOPS, seek curve)'
	@echo '  make diskchar   DISK=NAME|FILE: the modelled disk characterised read-only in the image; prints the measured profile'"'"'s path last'
	@echo '  make diskfio    DISK=NAME: Debian'"'"'s fio in the image on the model: random 4 KiB reads at depth 1 and 32, both edges'
	@echo '  make diskvalid  the disk model replayed on DiskSim'"'"'s six validation drives: rms table and CDFs (host)'
	@echo '  make seeds      the three seed experiments end to end, each beside what its seed found (RUNS per backend)'
	@echo '  make linesperl  lines against the real perl it stands for, one boot; rewrites workloads/lines-perl.tsv, which make check holds it to'
	@echo '  make kselftests the kernel'"'"'s test_zswap and thp_swap_allocator_test beside swapbench'"'"'s checks, one boot of debian:6.12+modern'
	@echo '  make pxe        out/$$ARCH/tftp/: a TFTP tree (pxelinux + iPXE script)'
	@echo '  make compare    KERNELS="A B" BOOTS=n: kernel A against kernel B, interleaved boots'
	@echo '  make kernel     the kernel alone (VARIANT=preempt-full, ...)'
	@echo '  make lava       LAVA job definitions for the current image (LAVA_URL: where a lab fetches them)'
	@echo '  make lava-check run the QEMU and PXE jobs with a real LAVA dispatcher (root; part of make check)'
	@echo '  make fuzz       libFuzzer targets for the parsers (FUZZ_SECONDS per target)'
	@echo '  make docs       docs/reference.md and the README'"'"'s tables, from the registry (init-host --describe)'
	@echo '  make clean      remove out/ (the kernel cache in $$SWAPBENCH_CACHE stays)'
	@echo '  make initramfs  the initramfs alone'
	@echo '  make kbuild-image the image with kbuild'"'"'s tree and the host'"'"'s compiler on its disk (make run WORKLOADS=kbuild builds it)'
	@echo '  make unit-tests the host unit tests, plain and under the sanitizers (make check runs them)'
	@echo '  make wl-names   the workloads the image carries'
	@echo '  make tool-names the host tools (each answers --version and --help)'
	@echo '  make deps       install the packages make run needs (qemu/deps)'
	@echo '  parts the targets above call: deps-kernel, image-user, kernel-spec; make host: the old name of make tools'
	@echo
	@echo 'Variables (current value; [what unset gives, and the targets that take another]; host/settings.tsv):'
	@INIT_HOST=$(BIN_OUT)/init-host $(SETTINGS) help $(foreach v,$(shell $(SETTINGS) names make env run),'$(v)=$($(v))')
	@echo
	@echo 'Settings are checked with the image'"'"'s own parser before anything boots.'
	@echo 'Exit status: make exits 2 whenever a target fails; the experiment'"'"'s own status'
	@echo '($(or $(exit_words),docs/reference.md: Exit statuses)) is on its last line,'
	@echo 'in out/results/<run-id>/status, and the exit status of experiments/experiment.'

# qemu/deps' sets: kernel (what building one needs), run (make run), i386
# (32-bit images), pxe, check (make check). Debian's kernel source (kernel/build
# source) is fetched and unpacked while the kernel's tools install; `make
# image` then builds the kernel while the rest installs and the userspace
# builds: on a bare machine, docs/results/check-budget.md
deps-kernel:
	@qemu/deps source && { kernel/build source >/dev/null 2>&1 & }; \
	  qemu/deps kernel; rc=$$?; wait; exit $$rc

deps: deps-kernel
	@qemu/deps run $(if $(filter-out x86_64,$(ARCH)),i386)

# --- kernel ---------------------------------------------------------------
# the modules kept beside a kernel: the disk model's, the I/O schedulers built as modules
KMODS := sbdisk bfq
kernel: deps-kernel
	@mkdir -p $(A)
	@k=$$(kernel/build $(ARCH) $(VARIANT)) && \
	  dst=$(A)/bzImage$(if $(filter default,$(VARIANT)),,-$(VARIANT)) && \
	  { cmp -s "$$k" "$$dst" || cp "$$k" "$$dst"; } && \
	  cp "$$(dirname $$k)/config" "$$dst.config" && \
	  for m in $(KMODS); do rm -f "$$dst.$$m.ko" && \
	    { [ ! -f "$$(dirname $$k)/$$m.ko" ] || cp "$$(dirname $$k)/$$m.ko" "$$dst.$$m.ko"; } || exit 1; done && \
	  echo "kernel: $$dst ($$(cat $$(dirname $$k)/release))"

$(A)/bzImage:
	@$(MAKE) --no-print-directory kernel VARIANT=default

kernel-spec: deps-kernel
	@k=$$(kernel/resolve $(ARCH) '$(KERNEL)') && mkdir -p $(dir $(BZIMAGE)) && \
	  { cmp -s "$$k" $(BZIMAGE) || cp "$$k" $(BZIMAGE); } && \
	  { [ ! -f "$$(dirname $$k)/config" ] || cp "$$(dirname $$k)/config" $(BZIMAGE).config; } && \
	  for m in $(KMODS); do rm -f $(BZIMAGE).$$m.ko && \
	    { [ ! -f "$$(dirname $$k)/$$m.ko" ] || cp "$$(dirname $$k)/$$m.ko" $(BZIMAGE).$$m.ko; } || exit 1; done && \
	  for f in modules sbdisk.missing; do rm -f $(BZIMAGE).$$f && \
	    { [ ! -e "$$(dirname $$k)/$$f" ] || cp -P "$$(dirname $$k)/$$f" $(BZIMAGE).$$f; } || exit 1; done && \
	  echo "kernel: $(BZIMAGE) ($(KERNEL)$$([ -f "$$(dirname $$k)/release" ] && echo ", $$(cat $$(dirname $$k)/release)"))"

# --- image userspace ------------------------------------------------------
# One static binary: /init and /workloads/* are hard links (rootfs/multicall.c).
$(OBJ)/init/experiment/pid1.o: MAIN := -Dmain=init_main
$(OBJ)/workloads/%.o: MAIN = -Dmain=$(basename $(notdir $@))_main
$(OBJ)/%.o: %.c $(INIT_HDR) workloads/wl.h workloads/dchar.h Makefile
	@mkdir -p $(@D)
	$(IMG_CC) $(IMG_CFLAGS) $(MAIN) -c -o $@ $<

$(VERSION_STAMP): FORCE
	@mkdir -p $(@D) && { [ "$$(cat $@ 2>/dev/null)" = '$(VERSION)' ] || echo '$(VERSION)' >$@; }
$(OBJ)/lib/version.o: $(VERSION_STAMP)

$(IMG_BIN): $(IMG_OBJS)
	$(IMG_CC) $(IMG_LDFLAGS) -o $@ $^

$(BIN_OUT)/gen_init_cpio:
	@mkdir -p $(@D)
	$(HOST_CC) -O2 -o $@ "$$(kernel/build source)/usr/gen_init_cpio.c"

$(INITRD): $(IMG_BIN) $(BIN_OUT)/gen_init_cpio rootfs/mklist rootfs/extras rootfs/pack FORCE
	@rm -f $(EXTRAS) && EXTRA_LIST=$(EXTRAS) rootfs/mklist $(IMG_BIN) "$(WL_ALL)" $(BUSYBOX) "$(MODULES)" >$(LIST).new
	@if ! cmp -s $(LIST).new $(LIST) || [ ! -f $@ ] || \
	   [ $(IMG_BIN) -nt $@ ]; then \
	  mv $(LIST).new $(LIST); \
	  rootfs/pack $(LIST) $(BIN_OUT)/gen_init_cpio $(LIST).stage >$@.cpio && \
	  gzip -9 -n <$@.cpio >$@.tmp && rm -f $@.cpio && mv $@.tmp $@ && \
	  echo "initramfs: $@ ($$(stat -c %s $@) bytes)"; \
	else rm -f $(LIST).new; fi

initramfs: deps $(INITRD)

-include report/report.mk

# the host tools: swapbench-report, init-host and the disk model's
# (each takes --help and --version: tests/integration/versions.sh, over make tool-names)
TOOLS := $(REPORT) $(BIN_OUT)/init-host $(BIN_OUT)/diskmodel-curve $(BIN_OUT)/diskprofile $(BIN_OUT)/diskreplay $(BIN_OUT)/diskchar-model
tools: $(TOOLS)

# a renamed target (lib/renames.h, read by the C preprocessor, its one
# reader here) is refused, naming the new one
RENAMED_TARGETS := $(shell printf '\043include "lib/renames.h"\n\043define R_(kind, old, new) @R:kind:old:new\nRENAMES(R_)\n' | \
	       $(HOST_CC) -E -P -x c - | tr -d '" ' | tr '@' '\n' | sed -n 's/^R:target://p')
.PHONY: $(foreach r,$(RENAMED_TARGETS),$(firstword $(subst :, ,$(r))))
$(foreach r,$(RENAMED_TARGETS),$(eval $(firstword $(subst :, ,$(r))): ; @echo 'make: make $(firstword $(subst :, ,$(r))) is now make $(lastword $(subst :, ,$(r))); the old name is refused' >&2; exit 2))

# disk/ in parts (docs/disk-model.md), each a folder whose files are its
# list: the model (what the kernel module compiles: kernel/build copies
# the folder), the profile reader, DiskSim's importer with the trace
# reader, and the tools (one main each)
DISK_MODEL_SRC := $(wildcard disk/model/*.c)
DISK_MODEL_HDR := $(wildcard disk/model/*.h)
DISK_PROFILE_SRC := $(wildcard disk/profile/*.c)
DISK_PROFILE_HDR := $(wildcard disk/profile/*.h)
DISK_DISKSIM_SRC := $(wildcard disk/disksim/*.c)
DISK_DISKSIM_HDR := $(wildcard disk/disksim/*.h)
DISK_HOST_SRC := $(DISK_MODEL_SRC) $(DISK_PROFILE_SRC)
DISK_HOST_HDR := $(DISK_MODEL_HDR) $(DISK_PROFILE_HDR)
# a tool: its main and the parts below it
$(BIN_OUT)/diskmodel-curve: disk/tools/curve.c
$(BIN_OUT)/diskprofile: disk/tools/profile_cli.c
$(BIN_OUT)/diskreplay: disk/tools/replay.c
$(BIN_OUT)/diskmodel-curve $(BIN_OUT)/diskprofile $(BIN_OUT)/diskreplay: $(DISK_HOST_SRC) $(DISK_DISKSIM_SRC) $(DISK_HOST_HDR) $(DISK_DISKSIM_HDR) lib/version.c lib/version.h $(VERSION_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $(filter disk/tools/%.c,$^) $(DISK_HOST_SRC) $(DISK_DISKSIM_SRC) lib/version.c -lm

# the characteriser (workloads/dchar.c) on the model of a profile, on the host: the round trip
$(BIN_OUT)/diskchar-model: workloads/dchar_model.c workloads/dchar.c workloads/dchar_write.c workloads/dchar.h lib/reckeys.h lib/record.c lib/crc32.c lib/version.c $(DISK_HOST_SRC) $(DISK_HOST_HDR) $(VERSION_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ workloads/dchar_model.c workloads/dchar.c workloads/dchar_write.c lib/record.c lib/crc32.c lib/version.c $(DISK_HOST_SRC) -lm

# the image's binary built for the host (init and its workloads, rootfs/multicall.c):
# init-host --parse/--check/--plan try the parser, --describe prints the registry
HOST_OBJ  := $(BIN_OUT)/obj
HOST_IMG_OBJS := $(patsubst $(OBJ)/%,$(HOST_OBJ)/%,$(IMG_OBJS))
$(HOST_OBJ)/init/experiment/pid1.o: MAIN := -Dmain=init_main
$(HOST_OBJ)/workloads/%.o: MAIN = -Dmain=$(basename $(notdir $@))_main
$(HOST_OBJ)/%.o: %.c $(INIT_HDR) workloads/wl.h workloads/dchar.h Makefile
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(MAIN) -c -o $@ $<

$(HOST_OBJ)/lib/version.o: $(VERSION_STAMP)
$(BIN_OUT)/init-host: $(HOST_IMG_OBJS)
	$(HOST_CC) -o $@ $^ -lm

# --- host unit tests: plain, and under AddressSanitizer + UBSan ----------
# every tests/unit/test_NAME.c but the report's (report/report.mk); a test
# links TEST_SRC_NAME, by default lib/ (a lib/ module's test)
UNIT_TESTS := $(filter-out $(REPORT_UNIT_TESTS),$(patsubst tests/unit/test_%.c,%,$(wildcard tests/unit/test_*.c)))
TEST_SRC_DEFAULT := $(LIB_SRC)
TEST_SRC_cmdline := init/config/cmdline.c init/config/cmdkeys.c init/config/swapconf.c init/sys/errmsg.c $(LIB_SRC)
TEST_SRC_swapconf := $(TEST_SRC_cmdline)
TEST_SRC_plan    := init/config/plan.c $(TEST_SRC_cmdline)
TEST_SRC_until   := $(TEST_SRC_plan)
TEST_SRC_errmsg  := init/sys/errmsg.c
TEST_SRC_cgroup  := init/swap/cgroup.c init/swap/zswapcheck.c init/sys/vmstat.c init/sys/kfile.c $(TEST_SRC_cmdline)
TEST_SRC_results := init/output/results.c init/output/sender.c init/sys/errmsg.c $(LIB_SRC)
TEST_SRC_zswapcheck := init/swap/zswapcheck.c
# the compressor a plain zram or zswap takes (the kernel's own default)
TEST_SRC_zram    := init/swap/zram.c init/sys/vmstat.c init/sys/kfile.c $(TEST_SRC_cmdline)
# the sender against a collector played on 127.0.0.1
TEST_SRC_sender := lib/wire.c lib/hmac.c lib/crc32.c init/sys/errmsg.c
# it includes init/output/sender.c (its statics), so it is rebuilt with it
$(BIN_OUT)/tests/test_sender $(BIN_OUT)/asan/tests/test_sender: init/output/sender.c
# every init module but PID 1's main: the runner with the records it feeds
TEST_SRC_runner  := $(filter-out init/experiment/pid1.c,$(INIT_SRC))
# the disk model (DISK=): pure, checked against its profiles' datasheet figures
# and replayed against the floating-point model it replaced (a test-only oracle)
TEST_SRC_diskmodel := $(DISK_HOST_SRC) tests/unit/diskmodel_float.c
$(BIN_OUT)/tests/test_diskmodel $(BIN_OUT)/asan/tests/test_diskmodel: $(DISK_HOST_HDR) tests/unit/diskmodel_float.h
# what a profile may not say (disk/profile/profile.c), and the model's clock at its end
TEST_SRC_diskprofile := $(DISK_HOST_SRC)
$(BIN_OUT)/tests/test_diskprofile $(BIN_OUT)/asan/tests/test_diskprofile: $(DISK_HOST_HDR)
# the tables' text, by which a profile's zone, seek and slip tables reach the guest's driver
TEST_SRC_disktables := $(DISK_HOST_SRC)
$(BIN_OUT)/tests/test_disktables $(BIN_OUT)/asan/tests/test_disktables: $(DISK_HOST_HDR)
# the readers of a drive's description and of a validation trace, and the metric
TEST_SRC_diskreader := $(DISK_HOST_SRC) $(DISK_DISKSIM_SRC)
$(BIN_OUT)/tests/test_diskreader $(BIN_OUT)/asan/tests/test_diskreader: $(DISK_HOST_HDR) $(DISK_DISKSIM_HDR)
# the integer model at the edges of its ranges (no quotient past 64 bits)
TEST_SRC_diskrange := $(DISK_MODEL_SRC)
$(BIN_OUT)/tests/test_diskrange $(BIN_OUT)/asan/tests/test_diskrange: $(DISK_MODEL_HDR)
# the drive's queue and the account of its requests, over the 7K500's model
TEST_SRC_diskqueue := $(DISK_HOST_SRC)
$(BIN_OUT)/tests/test_diskqueue $(BIN_OUT)/asan/tests/test_diskqueue: $(DISK_HOST_HDR)
# the model's counters (DMODEL_COUNTERS) in the driver's status line, parsed by init's code, read back as records
TEST_SRC_diskctr := $(DISK_HOST_SRC) init/disk/diskctr.c init/disk/dmdisk.c init/sys/kfile.c init/sys/errmsg.c $(LIB_SRC)
$(BIN_OUT)/tests/test_diskctr $(BIN_OUT)/asan/tests/test_diskctr: $(DISK_HOST_HDR)
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.SECONDEXPANSION:
test_src = $(or $(TEST_SRC_$(1)),$(TEST_SRC_DEFAULT))
$(BIN_OUT)/tests/test_%: tests/unit/test_%.c $$(call test_src,$$*) tests/unit/check.h $(INIT_HDR)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -Ilib -Itests/unit -o $@ $< $(call test_src,$*) -lm

$(BIN_OUT)/asan/tests/test_%: tests/unit/test_%.c $$(call test_src,$$*) tests/unit/check.h $(INIT_HDR)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -Ilib -Itests/unit -o $@ $< $(call test_src,$*) $(TEST_LIBS_$*) -lm

$(BIN_OUT)/wl/%: workloads/%.c workloads/wl.c workloads/wl_fill.c $(wildcard workloads/*.h lib/*.h) lib/size.c lib/swapfile.c lib/swaphdr.c lib/hmac.c lib/version.c workloads/dchar.c workloads/dchar_write.c $(VERSION_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -o $@ $< workloads/wl.c workloads/wl_fill.c lib/size.c lib/version.c $(if $(filter create,$*),lib/swaphdr.c lib/swapfile.c) $(if $(filter kbuild,$*),lib/hmac.c) $(if $(filter diskchar,$*),workloads/dchar.c workloads/dchar_write.c) -lm

$(addprefix $(BIN_OUT)/wl/,$(WL_ALIASES)): $(BIN_OUT)/wl/%: $$(BIN_OUT)/wl/$$(call wl_prog,$$*)
	ln -sf $(call wl_prog,$*) $@

ALL_UNIT := $(UNIT_TESTS) $(REPORT_UNIT_TESTS)
unit-tests: $(addprefix $(BIN_OUT)/tests/test_,$(ALL_UNIT)) \
	    $(addprefix $(BIN_OUT)/asan/tests/test_,$(ALL_UNIT)) \
	    $(addprefix $(BIN_OUT)/wl/,$(WL_ALL)) $(BIN_OUT)/stats-probe

# the kernel, and beside it the rest of the packages and the userspace;
# a packaged kernel first (a download, nothing to build): its modules
# go into the initramfs
image: deps-kernel
ifneq ($(KERNEL_STOCK),)
	@$(MAKE) --no-print-directory kernel-spec
	@$(MAKE) --no-print-directory image-user $(if $(MODULES),,MODULES="$$([ ! -e $(BZIMAGE).modules ] || echo $(BZIMAGE).modules)")
else
	@$(MAKE) --no-print-directory -j2 $(if $(KERNEL),$(if $(KERNEL_FILE),,kernel-spec),kernel) image-user
endif

image-user: deps
	@$(MAKE) --no-print-directory initramfs tools

# --- running --------------------------------------------------------------
# WORKLOADS naming kbuild: its tree (rootfs/kbuildtree, cached) and the host's
# make, gcc, cc1 and as go on the filesystem disk, in an image of their own
KBUILD_RUN := $(filter kbuild,$(subst $(comma), ,$(WORKLOADS)))
KBUILD_BIN = make gcc $(shell gcc -print-prog-name=cc1 2>/dev/null) as
KBUILD_INITRD := $(A)/initramfs-kbuild.cpio.gz
kbuild-image: image
	@tree=$$(rootfs/kbuildtree) && $(MAKE) --no-print-directory initramfs EXTRA_ON=disk \
	  EXTRA="$(EXTRA) $$tree" EXTRA_BIN="$(EXTRA_BIN) $(KBUILD_BIN)" INITRD=$(KBUILD_INITRD)

run: $(if $(KBUILD_RUN),kbuild-image,image)
	@$(if $(KBUILD_RUN),INITRD=$(KBUILD_INITRD)) experiments/experiment

check:
	@qemu/deps source && { kernel/build source >/dev/null 2>&1 & }; qemu/deps check; rc=$$?; wait; exit $$rc
	@tests/run

bench: image $(BIN_OUT)/stats-probe
	@measure/bench

calibrate: image
	@experiments/calibrate

# seed 000 runs Debian's perl: a second initramfs with it, the default one untouched
PERL_BIN  ?= /usr/bin/perl
# the disk model replayed on DiskSim's validation drives (docs/disk-model.md)
diskvalid: $(BIN_OUT)/diskreplay
	@experiments/diskvalid

# the disk model against its datasheet, in the image (DISK=NAME; docs/disk-model.md)
diskcheck: image
	@experiments/diskcheck full

# a modelled disk characterised read-only in the image, its profile made (DISK=NAME or a file; docs/diskchar.md)
diskchar: image
	@experiments/diskchar

# a real client checks the modelled disk: Debian's fio in the image (DISK=NAME; docs/disk-model.md)
diskfio: image
	@$(MAKE) --no-print-directory kernel VARIANT=fio
	@BZIMAGE= experiments/diskfio

# and, for seed 000's runs of perl alone (make seeds on a model), a third with the seed's file in /extra
seeds: image $(A)/seed000/lines.txt
	@$(MAKE) --no-print-directory initramfs EXTRA_BIN=$(PERL_BIN) INITRD=$(A)/initramfs-perl.cpio.gz
	@$(MAKE) --no-print-directory initramfs EXTRA="$(A)/seed000/lines.txt" EXTRA_BIN=$(PERL_BIN) INITRD=$(A)/initramfs-perl-lines.cpio.gz
	@INITRD_PERL=$(A)/initramfs-perl.cpio.gz INITRD_PERL_LINES=$(A)/initramfs-perl-lines.cpio.gz experiments/seeds

# lines against the real perl it stands for: the figures make check holds it to (docs/workloads.md)
linesperl: image
	@$(MAKE) --no-print-directory initramfs EXTRA_BIN=$(PERL_BIN) INITRD=$(A)/initramfs-perl.cpio.gz
	@PERL=$(PERL_BIN) INITRD=$(A)/initramfs-perl.cpio.gz experiments/linesperl

# the seed's file: 1,000,000 lines of 0123456789 (what the lines workload's --prepare writes)
$(A)/seed000/lines.txt:
	@mkdir -p $(@D)
	@awk 'BEGIN { for (i = 0; i < 1000000; i++) print "0123456789" }' >$@.tmp && mv $@.tmp $@

# the kernel image built: KERNEL=, or VARIANT='s bzImage-VARIANT
pxe: image
	@qemu/deps pxe
	@BZIMAGE=$(if $(KERNEL),$(BZIMAGE),$(A)/bzImage$(if $(filter default,$(VARIANT)),,-$(VARIANT))) qemu/mkpxe $(ARCH)

compare: deps
	@experiments/compare

# the kernel's own zswap and mTHP swap tests beside swapbench's checks, one
# boot of Debian's 6.12 with the variant modern (docs/mm.md)
KSELFTESTS_KERNEL := debian:6.12+modern
KSELFTESTS_DIR    := $(OUT)/kselftests
kselftests: deps
	@qemu/deps kselftests
	@$(MAKE) --no-print-directory image KERNEL=$(KSELFTESTS_KERNEL)
	@ks=$$(experiments/kselftests build $(KSELFTESTS_DIR)) && $(MAKE) --no-print-directory initramfs \
	  BUSYBOX=1 EXTRA="$$ks" EXTRA_BIN= INITRD=$(A)/initramfs-kselftests.cpio.gz
	@BZIMAGE=$(A)/kernels/$$(kernel/resolve --name $(KSELFTESTS_KERNEL))/bzImage \
	  INITRD=$(A)/initramfs-kselftests.cpio.gz experiments/kselftests run

lava: image
	@lava/mkjobs

lava-check: image
	@lava/check

fuzz:
	@qemu/deps check
	@tests/fuzz/run

clean:
	rm -rf $(OUT)

# generated documentation: docs/reference.md, the README's tables (make check: tests/integration/registry.sh)
docs: $(BIN_OUT)/init-host
	@docs/generate

# for scripts: the workloads the image carries
wl-names:
	@echo $(WL_ALL)

tool-names:
	@echo $(notdir $(TOOLS))

FORCE:

export ARCH MEM RUNS WARMUP WORKLOADS ACCEL KERNEL VARIANT BUSYBOX MODULES DISK_IF APPEND EXTRA EXTRA_BIN EXTRA_ON OUT BIN_OUT PXE_DISKS
export DETERMINISTIC KERNELS BOOTS DRAWS DRAW MAXPAIRS METRICS DISK LAYOUT SCHED DISKQ SCHEDS DISKQS SMP
export BZIMAGE INITRD REPORT WL_ALL
