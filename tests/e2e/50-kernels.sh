#!/bin/bash
# Kernel comparison: a bzImage too big for MEM is refused with the MEM that
# would do; a stock Debian kernel with its modules runs at -m 96, and under
# DETERMINISTIC=1 on the modelled disk (its sbdisk.ko built against
# Debian's headers: tests/integration/debian_image.sh checks the build); make
# compare names both kernel variants (default and net, which 67-collect
# builds anyway: a real different kernel, CONFIG_NET and its drivers);
# bisect-run's exit codes.
# kernels: x86_64/net
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$top" || exit 2

mapfile -t stock < <(qemu/stock-kernel 2>/dev/null)
if [ ${#stock[@]} = 2 ]; then
	msg=$(BZIMAGE=${stock[0]} MEM=64 qemu/run -q -o "$T/toosmall" 2>&1)
	rc=$?
	check "big bzImage at -m 64: refused before booting (status 2)" test "$rc" = 2
	check "big bzImage at -m 64: says which limit is which" \
		grep -q 'MEM=64 is below the [0-9]* MiB that .* needs just to decompress' <<<"$msg"
	check "big bzImage at -m 64: says what MEM boots it and what runs the workloads" \
		grep -q 'MEM=[0-9]* or more boots it; to run the default workloads .* needs MEM=[0-9]*' <<<"$msg"
	info "stock kernel: $(qemu/bzinfo -v "${stock[0]}")"

	make --no-print-directory -s initramfs MODULES="${stock[1]}" >/dev/null 2>&1
	cp "$INITRD" "$T/initramfs-stock.cpio.gz"
	make --no-print-directory -s initramfs >/dev/null 2>&1
	INITRD=$T/initramfs-stock.cpio.gz BZIMAGE=${stock[0]} MEM=96 boot stock -- \
		swapbench.workloads=fight swapbench.runs=1 swapbench.warmup=0
	check "stock kernel at -m 96 with modules: experiment completes" test "$rc" = 0
	check "stock kernel: modules loaded by init" grep -aq '^# sb meta .*modules_loaded=[1-9]' "$log"
	check "stock kernel: Debian release in the header" grep -aq '^# sb meta .*kernel_release=[0-9.]*-[0-9]*-amd64' "$log"
	check "stock kernel: both backends ran" test "$(grep -ac '^ok ' "$log")" = 2
	# virtio_pmem and nd_pmem from its modules; without swiotlb=noforce the
	# pmem window above 4 GiB cost it a 64 MiB bounce buffer and an OOM panic
	# and 128 MiB of swap: the disk is mapped into the guest, and (before
	# init set the namespaces raw) the page structures of 3 x 96 MiB of swap
	# plus the filesystem (10.5 MiB) made nd_pmem's probe fail with ENOMEM.
	# On the modelled disk: the model's module, built for this kernel,
	# over the virtio-pmem disk
	SWAP_MIB=128 DETERMINISTIC=1 DISK=hdd INITRD=$T/initramfs-stock.cpio.gz BZIMAGE=${stock[0]} MEM=96 boot stockdet -- \
		swapbench.workloads=fight swapbench.runs=1 swapbench.warmup=0
	check "stock kernel, DETERMINISTIC=1, DISK=hdd at -m 96: experiment completes (status $rc)" test "$rc" = 0
	check "stock kernel, DISK=hdd: swap on the model's disk" grep -aq '^ok .*swap_dev=/dev/sbda1 ' "$log"
	check "stock kernel, DISK=hdd: the model's disk is over virtio-pmem" grep -aq 'nd_pmem namespace0.0' "$log"
	check "stock kernel, DISK=hdd: the unsigned module loaded, tainting the kernel (signatures checked, not enforced)" \
		grep -aq 'sbdisk: module verification failed: signature and/or required key missing - tainting kernel' "$log"
	info "stock kernel on DISK=hdd: $(status_get "$dir" elapsed_s) s of host time for the boot"
else
	fail "stock kernel: could not fetch Debian's linux-image package"
fi

# two variants of the same source, interleaved boots
CMP_DIR=$T/compare KERNELS="default net" BOOTS=1 RUNS=2 WARMUP=0 WORKLOADS=fight \
	experiments/compare >"$T/compare.out" 2>"$T/compare.err"
rc=$?
check "make compare: completes (status $rc)" test "$rc" = 0 -o "$rc" = 3
check "make compare: both kernels named in the comparison" \
	grep -q "A = default.*B = net\|default.*net" "$T/compare/compare.txt"
# one boot a kernel: the boot is the unit, so the comparison says up front that no verdict is possible
check "make compare: BOOTS=1, no verdict possible, said up front" \
	grep -q '^no verdict possible for fight/partition: by boot: 1 boot(s) of A and 1 of B' "$T/compare/compare.txt"
check "make compare: BOOTS=1 warned before booting" grep -q 'BOOTS=1: with 1 boot(s) a kernel no difference can be proven' "$T/compare.err"
check "make compare: kernels identified by release and config" \
	test "$(grep -c '^  config ' "$T/compare/kernels.txt")" = 2
check "make compare: the net boot ran the net kernel (its network stack registered)" \
	grep -aq 'NET: Registered' "$T/compare/net-1/serial.log"
absent "make compare: the default boot ran the default kernel (no network stack)" 'NET: Registered' "$T/compare/default-1/serial.log"
check "make compare: each record carries its tag" grep -aq '^ok .* tag=net' "$T/compare/net-1/serial.log"
check "make compare: the verdict names the kernels" \
	grep -qE '^fight: no verdict possible between (net and default|default and net) on the partition' "$T/compare/compare.txt"
check "make compare: results.csv with both kernels' runs" \
	test "$(grep -c ',net,' "$T/compare/results.csv"):$(grep -c ',default,' "$T/compare/results.csv")" = 4:4
check "make compare: report.md with each kernel's memory and the kernel comparison" \
	bash -c "grep -q '^## Memory' '$T/compare/report.md' && grep -q '^## Kernels: default net' '$T/compare/report.md'"
check "make compare: report.md shows MemTotal and MemAvailable of both" \
	test "$(grep -cE '^\| [0-9.]+ \| (default|net) \| [0-9]+ \| [0-9]+ \|$' "$T/compare/report.md")" = 2
check "make compare: summary per kernel and backend, never pooled" \
	test "$(grep -cE '^fight +(partition|file) ' "$T/compare/summary.txt")" = 4
info "make compare memory: $(sed -n '/^## Memory/,/^## Swap/p' "$T/compare/report.md" | grep -E '^\| [0-9]|MemTotal|Warning' | tr '\n' ' ')"

# bisect-run against a baseline of three boots (--make-baseline), with a
# prebuilt kernel (KERNEL=): the boot is the unit, two a side the fewest;
# one more each, because a loaded host's guest can lose its TSC and time a
# boot with jiffies, whose runs the clock flag then leaves out
export KERNEL=$BZIMAGE RUNS=3 WORKLOADS=fight BISECT_DIR=$T/bisect
base=$T/base
experiments/bisect-run --make-baseline "$base" --boots 3 -- swapbench.backends=partition >"$T/base.out" 2>&1
check "bisect-run --make-baseline: three boots" test "$?" = 0 -a -f "$base/boot3/serial.log"
experiments/bisect-run --baseline "$base" --max-boots 3 -- swapbench.backends=partition swapbench.fight.passes=6 >"$T/bad.out" 2>&1
check "bisect-run: three times the work is bad (exit 1)" test "$?" = 1
experiments/bisect-run --baseline "$base" --max-boots 1 -- swapbench.backends=partition >"$T/few.out" 2>&1
check "bisect-run: one boot cannot tell (exit 125)" test "$?" = 125
BISECT_DIR=$T/again experiments/bisect-run --baseline "$base" --max-boots 2 -- swapbench.backends=partition >"$T/again.out" 2>&1
check "bisect-run: cap 2 boots: one boot cannot tell its own speed, boots once more" \
	bash -c "ls -d '$T'/again/*/boot* | wc -l | grep -qx 2 && grep -q 'booting again' '$T/again.out'"
experiments/bisect-run --baseline "$T/nonexistent" >"$T/nobase.out" 2>&1
check "bisect-run: a missing baseline is a skip (exit 125)" test "$?" = 125
finish
