#!/bin/bash
# zswap's checks on the kernel variant modern (6.1: memory.zswap.max, no
# writeback knob): a run within memory.zswap.max and a run of random bytes
# pass them and say which were made. A limit lowered below what zswap holds
# is what the kernel allows (it evicts nothing), so a run that does it
# passes with the transient recorded: a shell (an image with busybox, made
# here) holds 8 MiB of text, pushes it to zswap with memory.reclaim, lowers
# memory.zswap.max to 8 kB for 2 s while reclaim goes on, then reads the
# text back. A store taken at the limit, which no kernel here makes, is
# planted on synthetic samples by tests/unit/test_zswapcheck.c.
# kernels: x86_64/modern
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

k=$("$top/kernel/build" "$ARCH" modern 2>"$T/build.log")
if [ -z "$k" ] || [ ! -f "$k" ]; then
	fail "zswapcheck kernel: kernel/build failed: $(tail -n 3 "$T/build.log" | tr '\n' ' ')"
	finish
fi
conf=zswap+partition@memory.zswap.max=4M
# a nice'd boot beside busy loops and compilers can run 30 times slower than
# alone (docs/results/zswapcheck.md): room for that, no cost when it does not
export LIMIT=900
BZIMAGE=$k boot checks -- swapbench.workloads=fight,swap-w-seq swapbench.fight.ratio=1.2 swapbench.fight.passes=1 \
	swapbench.swap-w-seq.fill=random swapbench.swap-w-seq.fraction=0.3 swapbench.runs=1 swapbench.warmup=0 \
	swapbench.timeout=240 swapbench.backends=$conf
check "zswapcheck: both runs pass zswap's checks (status $rc)" test "$rc" = 0
fight=$(grep -a '^ok [0-9]* fight-' "$log")
usemem=$(grep -a '^ok [0-9]* swap-w-seq-' "$log")
check "zswapcheck: the fight within memory.zswap.max: its limit checked and kept" \
	grep -q ' zswap_checks=max zswap_check=pass ' <<<"$fight"
peak=$("$REPORT" fields --where status=ok,workload=fight result cg_zswap_peak_kb "$log")
check "zswapcheck: ... zswap held up to its limit (peak ${peak:-none} kB of 4096, 8 kB slack)" \
	test "${peak:-0}" -gt 2048 -a "${peak:-99999}" -le $((4096 + 8))
check "zswapcheck: random bytes: the incompressible check made and passed" \
	grep -q ' zswap_checks=max,incompressible zswap_check=pass ' <<<"$usemem"
stored=$("$REPORT" fields --where status=ok,workload=swap-w-seq result cg_zswpout "$log")
check "zswapcheck: ... zswap stored ${stored:-no} pages of them (the program's own few: 64 at most)" test "${stored:-999}" -le 64

# the limit lowered below the pool, through a shell in an image of its own
bb=$T/busybox
mkdir -p "$bb"
"$top/rootfs/mklist" "$OUT/$ARCH/swapbench" "$WL_ALL" 1 '' >"$bb/list" &&
	"$top/rootfs/pack" "$bb/list" "$OUT/bin/gen_init_cpio" "$bb/stage" | gzip -n >"$bb/initramfs.cpio.gz"
plant="-c 'c=/sys/fs/cgroup/swapbench; t=\$(yes swapbench | head -c 8388608); echo 32M >\$c/memory.reclaim; \
echo 8192 >\$c/memory.zswap.max; sleep 1; echo 8M >\$c/memory.reclaim; sleep 1; echo held \${#t}'"
BZIMAGE=$k INITRD=$bb/initramfs.cpio.gz boot lowered -- swapbench.workloads=exec swapbench.exec.cmd=/bin/sh \
	"swapbench.exec.args=\"$plant\"" swapbench.runs=1 swapbench.warmup=0 swapbench.timeout=240 \
	swapbench.backends=zswap+partition@memory.zswap.max=40M
check "zswapcheck: a limit lowered below what zswap holds passes the boot (status $rc)" test "$rc" = 0
run=$(grep -a '^ok [0-9]* exec-' "$log")
check "zswapcheck: ... its run is ok, the limit checked and kept" \
	grep -q ' status=ok .* zswap_checks=max zswap_check=pass ' <<<"$run"
IFS=$'\t' read -r over_ms over_kb over_max held_ms run_s < <("$REPORT" fields --where status=ok,workload=exec result \
	cg_zswap_over_ms,cg_zswap_over_kb,cg_zswap_over_max_kb,cg_zswap_held_ms,elapsed_s "$log")
check "zswapcheck: ... the record says the pool was above 8 kB (${over_kb:-no} kB over ${over_max:-no} kB)" \
	test "${over_max:-0}" = 8 -a "${over_kb:-0}" -gt 16
run_ms=${run_s%%.*}000
check "zswapcheck: ... for at least the 2 s the limit was low, within the run (${over_ms:-no} ms of ${run_ms:-no})" \
	test "${over_ms:-0}" -ge 1500 -a "${over_ms:-99999}" -le $((${run_ms:-0} + 1000))
check "zswapcheck: ... and judged the pool held at the lowered limit under reclaim (${held_ms:-no} ms)" \
	test "${held_ms:-0}" -gt 0
check "zswapcheck: ... the shell read its 8 MiB back (exit 0)" grep -q ' exit=0 ' <<<"$run"
absent "zswapcheck: ... the console names no failed check" "zswap check failed" "$log"
finish
