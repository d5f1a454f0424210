#!/bin/bash
# Runs every workload on the host with small sizes and checks its output
# keys and values and its exit codes (--check: workloads_check.sh).
# Usage: bash tests/integration/workloads.sh [DIR_WITH_BINARIES]
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
# shellcheck disable=SC2016 # check evaluates its condition later: single quotes on purpose
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/workloads_lib.sh
source "$top/tests/workloads_lib.sh"

# lines
run lines --prepare --count=1000
holds lines_prepare_exits_0 "exit $rc: $err" '[ "$rc" = 0 ]'
holds lines_prepare_writes_1000_lines "size $(stat -c %s "$SWAPBENCH_DIR/lines.txt" 2>&1)" \
	'[ "$(stat -c %s "$SWAPBENCH_DIR/lines.txt" 2>/dev/null)" = 11000 ]'
holds lines_prepare_writes_0123456789 "content differs" \
	'cmp -s "$SWAPBENCH_DIR/lines.txt" <(yes 0123456789 | head -n 1000)'
touch -d 2000-01-01 "$SWAPBENCH_DIR/lines.txt"
run lines --prepare --count=1000
holds lines_prepare_keeps_right_size_file "rewrote it (exit $rc)" \
	'[ "$rc" = 0 ] && [ "$(stat -c %Y "$SWAPBENCH_DIR/lines.txt")" = "$(date -d 2000-01-01 +%s)" ]'
holds lines_prepare_writes_4_mib_of_code "size $(stat -c %s "$SWAPBENCH_DIR/lines.code" 2>&1)" \
	'[ "$(stat -c %s "$SWAPBENCH_DIR/lines.code" 2>/dev/null)" = 4194304 ]'
run lines --count=1000
ran_ok lines_runs "last_index bytes_per_line vmhwm_kb objects code_kb code_passes"
hwm=$(sed -n 's/^vmhwm_kb=//p' <<<"$out")
holds lines_reads_its_peak_rss "vmhwm_kb=$hwm" '[ "${hwm:-0}" -gt 0 ]'
holds lines_last_index_999 "got '$(val last_index)'" '[ "$(val last_index)" = 999 ]'
# perl 5.36 on x86_64 takes 168 bytes a line (VmHWM 168.8 MB for 1,000,000)
holds lines_bytes_per_line_150_to_190 "got '$(val bytes_per_line)'" \
	'le 150 "$(val bytes_per_line)" && le "$(val bytes_per_line)" 190'
# 1000 lines read, assigned and freed: a pass over the code every 256 at least
holds lines_reads_4_mib_of_code_every_256_lines "code_kb=$(val code_kb) code_passes=$(val code_passes)" \
	'[ "$(val code_kb)" = 4096 ] && le 11 "$(val code_passes)"'
run lines --count=1001
holds lines_wrong_file_size_fails "exit $rc, stderr '$err'" '[ "$rc" = 1 ] && [[ $err == lines:*1000* ]]'
run lines --prepare --count=1001
run lines --count=1001
holds lines_prepare_rewrites_wrong_size "exit $rc, last_index '$(val last_index)'" \
	'[ "$rc" = 0 ] && [ "$(val last_index)" = 1000 ]'
run lines --count=5 --file=missing.txt
holds lines_missing_file_fails "exit $rc, stderr '$err'" '[ "$rc" = 1 ] && [[ $err == lines:*missing.txt* ]]'
run lines --count=1001 --code=0
holds lines_code_0_reads_none "exit $rc, code_kb=$(val code_kb) code_passes=$(val code_passes)" \
	'[ "$rc" = 0 ] && [ "$(val code_kb)" = 0 ] && [ "$(val code_passes)" = 0 ]'
rm "$SWAPBENCH_DIR/lines.code"
run lines --count=1001
holds lines_missing_code_fails_naming_it "exit $rc, stderr '$err'" '[ "$rc" = 1 ] && [[ $err == lines:*lines.code* ]]'

# fight: 0.5 * 100 MiB over 2 processes
run fight --ratio=0.5
ran_ok fight_runs "total_s procs bytes_each passes fill"
holds fight_fills_text_3_by_default "got '$(val fill)'" '[ "$(val fill)" = text:3.0 ]'
holds fight_2_passes "got '$(val passes)'" '[ "$(val passes)" = 2 ]'
holds fight_procs_2 "got '$(val procs)'" '[ "$(val procs)" = 2 ]'
holds fight_bytes_each_is_ratio_share "got '$(val bytes_each)'" '[ "$(val bytes_each)" = 26214400 ]'
holds fight_total_s_number "got '$(val total_s)'" 'is_num "$(val total_s)"'
# the seed's program under its two names: one pass, 1.5 x 100 MiB in total or each
run seed002 --ratio=0.1
holds seed002_one_pass_total_share "got '$out'" \
	'[ "$rc" = 0 ] && [ "$(val passes)" = 1 ] && [ "$(val bytes_each)" = 5242880 ]'
holds seed002_fills_as_the_seed_one_byte_a_page "got '$(val fill)'" '[ "$(val fill)" = same ]'
run fight --ratio=0.1 --fill=zero
holds fight_fill_zero_runs "got rc $rc, '$out'" '[ "$rc" = 0 ] && [ "$(val fill)" = zero ]'
run random --ratio=0.01 --accesses=100 --fill=text:2.5
holds random_fill_text_2.5_runs "got rc $rc, '$out'" '[ "$rc" = 0 ] && [ "$(val fill)" = text:2.5 ]'
run seed002-each --ratio=0.1
holds seed002_each_one_pass_whole_ratio_each "got '$out'" \
	'[ "$rc" = 0 ] && [ "$(val passes)" = 1 ] && [ "$(val bytes_each)" = 10485760 ]'
refused seed002_check_refuses_share_half seed002 --share=half
run seed002-each --check --ratio=abc
holds seed002_each_messages_carry_its_name "got '$err'" '[[ $err == "seed002-each: ratio=abc: "* ]]'
run fight --ratio=0.01 --procs=3 --passes=2
holds fight_3_procs_2_passes "exit $rc, '$out'" \
	'[ "$rc" = 0 ] && [ "$(val procs)" = 3 ] && [ "$(val bytes_each)" = 349525 ]'
SWAPBENCH_MEMTOTAL_KB=4000000000000 run fight --ratio=1
holds fight_child_malloc_failure_exits_1 "exit $rc, stderr '$err'" '[ "$rc" = 1 ] && [[ $err == *fight:* ]]'
# A child killed by a signal: the parent must say so and fail.
"$bin/fight" --ratio=0.5 --passes=100 >"$tmp/out" 2>"$tmp/err" &
parent=$!
child=
for _ in $(seq 50); do
	child=$(pgrep -P "$parent" | head -n 1)
	[ -n "$child" ] && break
	sleep 0.05
done
[ -n "$child" ] && kill -KILL "$child"
wait "$parent"
rc=$?
err=$(cat "$tmp/err")
holds fight_killed_child_exits_1 "exit $rc, stderr '$err'" '[ "$rc" = 1 ]'
holds fight_killed_child_reports_signal "stderr '$err'" 'grep -qx child_signal=9 "$tmp/err"'
sleep 0.2
holds fight_killed_child_leaves_no_children "left: $(pgrep -P "$parent")" '[ -z "$(pgrep -P "$parent")" ]'

# random
run random --ratio=0.01 --accesses=1000
ran_ok random_runs "throughput accesses pages fill mean_us p50_us p99_us max_us hist"
holds random_accesses_1000 "got '$(val accesses)'" '[ "$(val accesses)" = 1000 ]'
holds random_pages_of_ratio "got '$(val pages)'" '[ "$(val pages)" = $((1048576 / $(getconf PAGESIZE))) ]'
holds random_hist_32_buckets_sum_1000 "got '$(val hist)'" \
	'hist_ok "$(val hist)" 1000'
holds random_p50_le_p99_le_max "p50 $(val p50_us) p99 $(val p99_us) max $(val max_us)" \
	'le "$(val p50_us)" "$(val p99_us)" && le "$(val p99_us)" "$(val max_us)"'
for k in throughput mean_us p50_us p99_us max_us; do
	holds "random_${k}_number" "got '$(val $k)'" 'is_num "$(val $k)"'
done
# shellcheck disable=SC2034 # read by the check below, in its quoted condition
first=$out
run random --ratio=0.01 --accesses=1000 --seed=0
holds random_seed_0_differs "exit $rc: $err" '[ "$rc" = 0 ] && [ "$out" != "$first" ]'

# create
run create --sizes=1M
ran_ok create_runs "fallocate_1m_s mkswap_fallocate_1m_s fallocate_plus_mkswap_1m_s dirty_after_fallocate_1m_kb zero_1m_s mkswap_zero_1m_s zero_plus_mkswap_1m_s dirty_after_zero_1m_kb ratio_1m ratio_mkswap_1m"
holds create_sums_add_up "got $(val zero_1m_s) + $(val mkswap_zero_1m_s) = $(val zero_plus_mkswap_1m_s), $(val fallocate_1m_s) + $(val mkswap_fallocate_1m_s) = $(val fallocate_plus_mkswap_1m_s)" \
	'awk -v a="$(val zero_1m_s)" -v b="$(val mkswap_zero_1m_s)" -v s="$(val zero_plus_mkswap_1m_s)" -v c="$(val fallocate_1m_s)" -v d="$(val mkswap_fallocate_1m_s)" -v t="$(val fallocate_plus_mkswap_1m_s)" "BEGIN { e = a + b - s; f = c + d - t; exit !(e * e < 1e-10 && f * f < 1e-10) }"'
for k in zero_1m_s mkswap_zero_1m_s; do
	holds "create_${k}_number" "got '$(val $k)'" 'is_num "$(val $k)"'
done
holds create_fallocate_number_or_unsupported "got '$(val fallocate_1m_s)'" \
	'is_num "$(val fallocate_1m_s)" || [ "$(val fallocate_1m_s)" = unsupported ]'
holds create_removes_its_file "left: $(ls "$SWAPBENCH_DIR")" '[ ! -e "$SWAPBENCH_DIR/create.tmp" ]'
run create --sizes=40K,1M,1536K
holds create_three_sizes "exit $rc, keys '$(keys)'" \
	'[ "$rc" = 0 ] && [ "$(wc -l <<<"$out")" = 30 ] && [ -n "$(val ratio_40k)" ] && [ -n "$(val ratio_1536k)" ]'
free_mib=$(df -Pm "$SWAPBENCH_DIR" | awk 'NR == 2 { print $4 }')
for mode in --prepare ""; do
	run create $mode --sizes=1M,1T
	holds "create${mode:+_${mode#--}}_refuses_a_size_over_the_free_space" "exit $rc, err '$err'" \
		'[ "$rc" = 1 ] && [ -z "$out" ] && grep -q "^create: sizes=1M,1T: 1T does not fit: .* has [0-9.]* MiB free" <<<"$err"'
	holds "create${mode:+_${mode#--}}_names_the_free_space" "df says $free_mib MiB, err '$err'" \
		'awk -v a="$(sed -n "s/.* has \([0-9.]*\) MiB free.*/\1/p" <<<"$err")" -v b="$free_mib" "BEGIN { exit !(a - b < 2 && b - a < 2) }"'
	holds "create${mode:+_${mode#--}}_refusal_writes_nothing" "left: $(ls "$SWAPBENCH_DIR")" '[ ! -e "$SWAPBENCH_DIR/create.tmp" ]'
done

# the lkp cases on a pretend machine with swap (SWAPBENCH_MEMINFO): 40 MiB
# available, 40 MiB of swap; swap-w-seq writes (40 + 40) x 3/4 x 0.1 = 6 MiB
printf 'MemTotal: 102400 kB\nMemAvailable: 40960 kB\nSwapTotal: 40960 kB\nSwapFree: 40960 kB\n' >"$tmp/meminfo"
usemem_keys="case throughput_kbs tasks task_kbs_min task_kbs_max free_latency_us free_latency_max_us unit_bytes mem_available_kb swap_total_kb fill"
for c in swap-w-seq swap-w-rand swap-w-seq-mt swap-w-rand-mt swapin; do
	SWAPBENCH_MEMINFO=$tmp/meminfo run $c --tasks=2 --fraction=0.1
	ran_ok "${c}_runs" "$usemem_keys"
	holds "${c}_times_the_free_of_its_memory" "got '$(val free_latency_us)' '$(val free_latency_max_us)'" \
		'is_num "$(val free_latency_us)" && is_num "$(val free_latency_max_us)" && le "$(val free_latency_us)" "$(val free_latency_max_us)"'
done
SWAPBENCH_MEMINFO=$tmp/meminfo run swap-w-seq --tasks=2 --fraction=0.1
holds swap-w-seq_sizes_from_the_meminfo_it_reads "got unit_bytes=$(val unit_bytes) swap_total_kb=$(val swap_total_kb)" \
	'[ "$(val unit_bytes)" = 3145728 ] && [ "$(val swap_total_kb)" = 40960 ] && [ "$(val mem_available_kb)" = 40960 ]'
holds swap-w-seq_throughput_is_a_sum_of_tasks "got $(val throughput_kbs) from $(val task_kbs_min)..$(val task_kbs_max)" \
	'le "$(val task_kbs_max)" "$(val throughput_kbs)" && le "$(val task_kbs_min)" "$(val task_kbs_max)" && [ "$(val throughput_kbs)" -gt 0 ]'

# mthp-frag needs swap and an enabled mTHP size: on the host, where this
# test cannot arrange either, it fails naming what it lacks (never a result)
run mthp-frag --size=1M --small=0 --iterations=1
holds mthp-frag_without_swap_or_mthp_fails_naming_it "exit $rc, out '$out', err '$err'" \
	'[ "$rc" = 1 ] && [ -z "$out" ] && grep -qE "^mthp-frag: (/sys/kernel/mm/transparent_hugepage/hugepages-64kB|no 64 KiB folio was swapped out)" <<<"$err"'

# idle
run idle --seconds=0
ran_ok idle_runs "slept_s"
holds idle_0_sleeps_under_1s "got '$(val slept_s)'" 'le "$(val slept_s)" 1'
run idle --seconds=1
holds idle_1_sleeps_1s "got '$(val slept_s)'" 'le 1 "$(val slept_s)"'

exit "$failed"
