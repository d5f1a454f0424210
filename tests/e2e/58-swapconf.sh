#!/bin/bash
# Swap configurations (swapbench.backends): one boot alternates each kind
# once (a partition with its VM knobs set, zram with lz4, zswap in front of
# the swapfile with MGLRU on) on a small fight, and every run's record must
# prove that exactly its configuration was active: the swap device, zram's
# disksize (0 = reset), zswap's state and its pool empty at the start, the
# knobs as the kernel reads them back. zram's compression of the text:3
# fill is checked against the ratio the fill states. They run on the kernel
# variant modern (kernel/variants/modern.config; the first run builds it);
# the default kernel, which lacks zram, must say so.
# kernels: x86_64/modern
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

# the default kernel has no zram: it says which kernel to use
boot nozram -- swapbench.workloads=idle swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition,zram:lz4
check "swapconf: a kernel without zram stops with status 2 (got $rc)" test "$rc" = 2
check "swapconf: ... saying which kernel to use" grep -aqF \
	'# swapbench: error: swapbench.backends=zram:lz4: this kernel has no zram (no /sys/block/zram0): boot swapbench'"'"'s kernel variant modern (make run KERNEL=modern)' "$log"
absent -E "swapconf: ... before any run" '^(not )?ok [0-9]' "$log"

k=$("$top/kernel/build" "$ARCH" modern 2>"$T/build.log")
if [ -z "$k" ] || [ ! -f "$k" ]; then
	fail "swapconf kernel: kernel/build failed: $(tail -n 3 "$T/build.log" | tr '\n' ' ')"
	finish
fi
confs=partition@swappiness=100@page-cluster=0,zram:lz4:48M,zswap:lz4:zsmalloc:30%+file@mglru=1
BZIMAGE=$k boot confs -- swapbench.workloads=fight swapbench.fight.ratio=1.2 swapbench.fight.passes=1 \
	swapbench.runs=1 swapbench.warmup=0 swapbench.timeout=240 swapbench.backends=$confs
check "swapconf: three configurations ran (status $rc)" test "$rc" = 0
has() { # NAME BACKEND REGEX: the run of BACKEND's record matches REGEX
	check "swapconf: $1" bash -c "grep -qE -- '$3' <<<\"\$(grep -a '^ok .* backend=$2 ' '$log')\""
}
part=partition@swappiness=100@page-cluster=0 zram=zram:lz4:48M zswap=zswap:lz4:zsmalloc:30%+file@mglru=1
for b in $part $zram $zswap; do
	has "$b: exactly one swap area active" "$b" ' swaps_active=1 '
	has "$b: zswap's pool empty at the start" "$b" ' zswap_start_pages=0 '
done
has "partition: swaps on the partition" $part ' swap_dev=/dev/vda1 '
has "partition: zram reset (disksize 0), zswap off" $part ' zram_disksize_kb=0 .*zswap=0 '
has "partition: swappiness 100 and page-cluster 0 read back" $part ' swappiness=100 page_cluster=0 '
has "partition: MGLRU off as booted" $part ' mglru=0x0000 '
has "zram: swaps on /dev/zram0 of 48 MiB with lz4" $zram ' swap_dev=/dev/zram0 .*zram_disksize_kb=49152 zram_comp=lz4 '
has "zram: at the start it holds the swap header only" $zram ' zram_start_kb=[04] '
has "zram: zswap off" $zram ' zswap=0 '
has "zram: the knobs back at the boot's (swappiness 60, page-cluster 3)" $zram ' swappiness=60 page_cluster=3 '
has "zswap: swaps on the swapfile, zram reset" $zswap ' swap_dev=/mnt/fs/swapbench.swap .*zram_disksize_kb=0 '
has "zswap: on, lz4 on zsmalloc, 30%" $zswap ' zswap=1 .*zswap_comp=lz4 zswap_zpool=zsmalloc zswap_max_pool_pct=30 '
has "zswap: its pool held pages during the run" $zswap ' zswap_stored_pages=[1-9][0-9]* zswap_pool_kb=[1-9]'
has "zswap: what it wrote back and what a full pool refused are counted" $zswap " zswap_written_back=[0-9]+ zswap_pool_limit_hit=[0-9]+ "
has "zswap: MGLRU on (0x0007)" $zswap ' mglru=0x0007 '
has "zswap: zswpout counted (6.1 has it)" $zswap ' zswpout=[1-9][0-9]* '
check "zswap: no zswpwb on 6.1 (it came in 6.8): absent, not 0" bash -c "! grep -a '^ok .* backend=$zswap ' '$log' | grep -q ' zswpwb='"
has "partition: thp_swpout counted (modern has THP)" $part ' thp_swpout=[0-9]+ thp_swpout_fallback=[0-9]+ '
IFS=$'\t' read -r orig compr same < <("$REPORT" fields --where status=ok,backend=$zram result zram_orig_kb,zram_compr_kb,zram_same_pages "$log")
info "swapconf: zram lz4 on fill text:3: orig ${orig} kB, compressed ${compr} kB, same-filled pages ${same}"
check "swapconf: zram stored the fight's pages (orig ${orig} kB)" test "${orig:-0}" -gt 4096
check "swapconf: zram's ratio on text:3 is 3 +- 0.5 (got ${orig}/${compr})" \
	awk -v o="${orig:-0}" -v c="${compr:-0}" 'BEGIN { exit !(c > 0 && o / c >= 2.5 && o / c <= 3.5) }'
check "swapconf: no same-filled pages in a text fill (got $same)" test "${same:-1}" -lt $((${orig:-0} / 400 + 1))
"$REPORT" rank --baseline $part "$log" >"$T/rank.txt" 2>&1
check "swapconf: report rank puts zram and zswap against the partition, with zram's compression" \
	bash -c "grep -q '$part (baseline)' '$T/rank.txt' && grep -qE ' zram:lz4:48M .* [0-9.]+:1 ' '$T/rank.txt' &&
		 grep -q ' zswap:lz4:zsmalloc:30%+file@mglru=1 ' '$T/rank.txt'"

# cgroup v2 per configuration, and plain zram sized like the swap partition.
# Every configuration runs in a fresh cgroup once one sets a limit.
lim=partition@memory.max=24M@memory.swap.max=64M
BZIMAGE=$k boot cgroup -- swapbench.workloads=swap-w-seq swapbench.swap-w-seq.fraction=0.3 \
	swapbench.runs=1 swapbench.warmup=0 swapbench.timeout=240 swapbench.backends=partition,$lim,zram
check "cgroup: partition, a cgroup-limited partition and plain zram ran (status $rc)" test "$rc" = 0
has "cgroup: the limits read back (24M, 64M)" $lim ' cgroup=/swapbench .*memory\.max=25165824 memory\.swap\.max=67108864 '
has "cgroup: the limit was hit (memory.events max)" $lim ' cg_max=[1-9][0-9]* '
has "cgroup: the cgroup swapped (memory.swap.current sampled above 0)" $lim ' cg_swap_current_peak_kb=[1-9][0-9]* '
peak=$("$REPORT" fields --where "status=ok,backend=$lim" result cg_peak_kb "$log" | head -n1)
check "cgroup: its memory.peak ($peak kB) is within memory.max (24576 kB)" test "${peak:-99999}" -le 24576 -a "${peak:-0}" -gt 0
has "cgroup: the plain partition runs in a fresh cgroup without limits" partition ' cgroup=/swapbench .*memory\.max=max memory\.swap\.max=max '
pkb=$("$REPORT" fields --where backend=partition swap size_kb "$log" | head -n1)
has "zram: plain zram gets the swap partition's capacity (${pkb} kB, in whole pages)" zram \
	" zram_disksize_kb=$((${pkb:-0} / 4 * 4)) "
"$REPORT" md "$log" >"$T/cg.md" 2>&1
check "cgroup: report.md says each configuration as set up (zram's disksize, the limits)" \
	bash -c "grep -q '^## Swap configurations as set up' '$T/cg.md' && grep -q '| zram | .*zram_disksize_kb=$((${pkb:-0} / 4 * 4))' '$T/cg.md' && grep -q 'memory.max=25165824' '$T/cg.md'"

# mTHP needs 6.10's per-size counters: 6.1 refuses before the first run
BZIMAGE=$k boot mthp -- swapbench.workloads=idle swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition@mthp=64K:always
check "mthp: 6.1 refuses @mthp with status 2 (got $rc)" test "$rc" = 2
check "mthp: ... naming the version and kernel that have it" grep -aq 'mthp=64K: this kernel (6\.1\.[0-9]*) has no per-size swpout counter .*Linux 6\.10 or later has it; boot debian:6\.12 with the variant modern' "$log"
absent -E "mthp: ... before any run" '^(not )?ok [0-9]' "$log"

# make run's summary for a plan without the partition: zram against
# zswap+partition, compared with each other, and neither a rank nor a
# partition-against-file comparison with nothing in it
mkdir -p "$T/pair"
ln -sfn "$OUT/bin" "$T/pair/bin"
ln -sfn "$OUT/$ARCH" "$T/pair/$ARCH"
# DISK=host: make run's own default is the modelled disk; this checks the summary, at the old cost
BZIMAGE=$k DISK=host WORKLOADS=fight RUNS=2 WARMUP=0 APPEND="swapbench.fight.ratio=1.2 swapbench.backends=zram,zswap+partition" \
	OUT=$T/pair "$top/experiments/experiment" >"$T/pair.out" 2>&1
check "make run, zram and zswap+partition: status 0 (got $?), they compared with each other" \
	grep -q '^compare elapsed_s (s): A = backend zram, B = backend zswap+partition' "$T/pair.out"
absent "make run, zram and zswap+partition: ... nothing empty printed" 'nothing to ' "$T/pair.out"
finish
