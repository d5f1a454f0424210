#!/bin/bash
# zswap's checks on the kernel variant modern (6.1: memory.zswap.max, no
# writeback knob): a run within memory.zswap.max and a run of random bytes
# pass them and say which were made; a planted violation fails its run,
# with the reason on the record and the console: a shell (an image with
# busybox, made here) lowers memory.zswap.max to 8 kB while zswap holds
# megabytes, a limit set below what is stored.
# kernels: x86_64/modern
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

k=$("$top/kernel/build" "$ARCH" modern 2>"$T/build.log")
if [ -z "$k" ] || [ ! -f "$k" ]; then
	fail "zswapcheck kernel: kernel/build failed: $(tail -n 3 "$T/build.log" | tr '\n' ' ')"
	finish
fi
conf=zswap+partition@memory.zswap.max=4M
BZIMAGE=$k boot checks -- swapbench.workloads=fight,swap-w-seq swapbench.fight.ratio=1.2 swapbench.fight.passes=1 \
	swapbench.swap-w-seq.fill=random swapbench.swap-w-seq.fraction=0.3 swapbench.runs=1 swapbench.warmup=0 \
	swapbench.timeout=240 swapbench.backends=$conf
check "zswapcheck: both runs pass zswap's checks (status $rc)" test "$rc" = 0
fight=$(grep -a '^ok [0-9]* fight-' "$log")
usemem=$(grep -a '^ok [0-9]* swap-w-seq-' "$log")
check "zswapcheck: the fight within memory.zswap.max: its limit checked and kept" \
	grep -q ' zswap_checks=max zswap_check=pass ' <<<"$fight"
peak=$(grep -o ' cg_zswap_peak_kb=[0-9]*' <<<"$fight" | cut -d= -f2)
check "zswapcheck: ... zswap held up to its limit (peak ${peak:-none} kB of 4096, 8 kB slack)" \
	test "${peak:-0}" -gt 2048 -a "${peak:-99999}" -le $((4096 + 8))
check "zswapcheck: random bytes: the incompressible check made and passed" \
	grep -q ' zswap_checks=max,incompressible zswap_check=pass ' <<<"$usemem"
stored=$(grep -o ' cg_zswpout=[0-9]*' <<<"$usemem" | cut -d= -f2)
check "zswapcheck: ... zswap stored ${stored:-no} pages of them (the program's own few: 64 at most)" test "${stored:-999}" -le 64

# the planted violation, through a shell in an image of its own
bb=$T/busybox
mkdir -p "$bb"
"$top/rootfs/mklist" "$OUT/$ARCH/swapbench" "$WL_ALL" 1 '' >"$bb/list" &&
	"$top/rootfs/pack" "$bb/list" "$OUT/bin/gen_init_cpio" "$bb/stage" | gzip -n >"$bb/initramfs.cpio.gz"
plant="-c '/workloads/fight --ratio=1.2 --passes=3 & sleep 1; echo 8192 >/sys/fs/cgroup/swapbench/memory.zswap.max; wait'"
BZIMAGE=$k INITRD=$bb/initramfs.cpio.gz boot plant -- swapbench.workloads=exec swapbench.exec.cmd=/bin/sh \
	"swapbench.exec.args=\"$plant\"" swapbench.runs=1 swapbench.warmup=0 swapbench.timeout=240 \
	swapbench.backends=zswap+partition@memory.zswap.max=40M
check "zswapcheck: a limit lowered below what is stored fails the boot (status $rc, 1 wanted)" test "$rc" = 1
run=$(grep -a '^not ok [0-9]* exec-' "$log")
check "zswapcheck: ... its run is not ok, status error, the check failed" \
	grep -q ' status=error .* zswap_checks=max zswap_check=fail zswap_check_failed="memory.zswap.max exceeded: ' <<<"$run"
check "zswapcheck: ... the workload itself ended well (exit 0)" grep -q ' exit=0 ' <<<"$run"
check "zswapcheck: ... the console says why, naming the limit" grep -aqE \
	'^# swapbench: exec on zswap\+partition@memory.zswap.max=40M, iteration 1: zswap check failed: memory.zswap.max exceeded: zswap held [0-9]{3,} kB against a limit of 8 kB' "$log"
finish
