#!/bin/bash
# Runs every workload on the host with small sizes and checks its output
# keys and values, its exit codes, and that --check refuses bad parameters.
# Usage: bash tests/host/workloads.sh DIR_WITH_BINARIES
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
set -u

bin=${1:?usage: workloads.sh DIR_WITH_BINARIES}
bin=$(cd "$bin" && pwd) || exit 1
WL_ALL=${WL_ALL:-$(make -s --no-print-directory -C "$(dirname "$0")/../.." wl-names)}
tmp=$(mktemp -d /tmp/sb-workloads.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
export SWAPBENCH_DIR=$tmp/dir
export SWAPBENCH_MEMTOTAL_KB=102400	# 100 MiB: sizes below follow from it
mkdir "$SWAPBENCH_DIR"
failed=0

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
check() { # NAME WHY EXPR: PASS if the shell expression EXPR is true
	if eval "$3"; then pass "$1"; else fail "$1" "$2"; fi
}

# run WORKLOAD ARGS...: sets rc, out, err
run() {
	local w=$1
	shift
	"$bin/$w" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}
val() { sed -n "s/^$1=//p" <<<"$out"; }
keys() { sed 's/=.*//' <<<"$out" | sort | xargs; }
is_num() { [[ $1 =~ ^[0-9]+(\.[0-9]+)?$ ]]; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 <= b + 0) }'; }
hist_ok() { # HIST N: 32 comma-separated counts summing to N
	awk -v h="$1" -v n="$2" 'BEGIN { k = split(h, a, ","); s = 0; for (i = 1; i <= k; i++) s += a[i]; exit !(k == 32 && s == n) }'
}
well_formed() { ! grep -qvE '^[a-z0-9_]+=[^ ]+$' <<<"$out" && [ -n "$out" ]; }

# ran_ok NAME "KEYS": the last run exited 0 with exactly these keys, well formed
ran_ok() {
	local name=$1 want
	want=$(xargs -n1 <<<"$2" | sort | xargs)
	if [ "$rc" != 0 ]; then
		fail "$name" "exit $rc: $err"
	elif ! well_formed; then
		fail "$name" "output not key=value lines: $out"
	elif [ "$(keys)" != "$want" ]; then
		fail "$name" "keys '$(keys)', want '$want'"
	else
		pass "$name"
	fi
}

# refused NAME WORKLOAD ARGS...: --check exits 2 with one "WORKLOAD: " line
refused() {
	local name=$1 w=$2
	shift 2
	run "$w" --check "$@"
	if [ "$rc" != 2 ]; then
		fail "$name" "exit $rc, want 2 (stderr: $err)"
	elif [ "$(wc -l <<<"$err")" != 1 ] || [[ $err != "$w: "* ]]; then
		fail "$name" "want one '$w: ...' line on stderr, got: $err"
	elif [ -n "$out" ]; then
		fail "$name" "printed on stdout: $out"
	else
		pass "$name"
	fi
}

accepted() {
	local name=$1 w=$2
	shift 2
	run "$w" --check "$@"
	if [ "$rc" = 0 ] && [ -z "$out$err" ]; then pass "$name"; else fail "$name" "exit $rc: $out$err"; fi
}

# lines
run lines --prepare --count=1000
check lines_prepare_exits_0 "exit $rc: $err" '[ "$rc" = 0 ]'
check lines_prepare_writes_1000_lines "size $(stat -c %s "$SWAPBENCH_DIR/lines.txt" 2>&1)" \
	'[ "$(stat -c %s "$SWAPBENCH_DIR/lines.txt" 2>/dev/null)" = 11000 ]'
check lines_prepare_writes_0123456789 "content differs" \
	'cmp -s "$SWAPBENCH_DIR/lines.txt" <(yes 0123456789 | head -n 1000)'
touch -d 2000-01-01 "$SWAPBENCH_DIR/lines.txt"
run lines --prepare --count=1000
check lines_prepare_keeps_right_size_file "rewrote it (exit $rc)" \
	'[ "$rc" = 0 ] && [ "$(stat -c %Y "$SWAPBENCH_DIR/lines.txt")" = "$(date -d 2000-01-01 +%s)" ]'
run lines --count=1000
ran_ok lines_runs "last_index bytes_per_line vmhwm_kb objects"
hwm=$(sed -n 's/^vmhwm_kb=//p' <<<"$out")
check lines_reads_its_peak_rss "vmhwm_kb=$hwm" '[ "${hwm:-0}" -gt 0 ]'
check lines_last_index_999 "got '$(val last_index)'" '[ "$(val last_index)" = 999 ]'
# perl 5.36 on x86_64 takes 168 bytes a line (VmHWM 168.8 MB for 1,000,000)
check lines_bytes_per_line_150_to_190 "got '$(val bytes_per_line)'" \
	'le 150 "$(val bytes_per_line)" && le "$(val bytes_per_line)" 190'
run lines --count=1001
check lines_wrong_file_size_fails "exit $rc, stderr '$err'" '[ "$rc" = 1 ] && [[ $err == lines:*1000* ]]'
run lines --prepare --count=1001
run lines --count=1001
check lines_prepare_rewrites_wrong_size "exit $rc, last_index '$(val last_index)'" \
	'[ "$rc" = 0 ] && [ "$(val last_index)" = 1000 ]'
run lines --count=5 --file=missing.txt
check lines_missing_file_fails "exit $rc, stderr '$err'" '[ "$rc" = 1 ] && [[ $err == lines:*missing.txt* ]]'

# fight: 0.5 * 100 MiB over 2 processes
run fight --ratio=0.5
ran_ok fight_runs "total_s procs bytes_each passes fill"
check fight_fills_text_3_by_default "got '$(val fill)'" '[ "$(val fill)" = text:3.0 ]'
check fight_2_passes "got '$(val passes)'" '[ "$(val passes)" = 2 ]'
check fight_procs_2 "got '$(val procs)'" '[ "$(val procs)" = 2 ]'
check fight_bytes_each_is_ratio_share "got '$(val bytes_each)'" '[ "$(val bytes_each)" = 26214400 ]'
check fight_total_s_number "got '$(val total_s)'" 'is_num "$(val total_s)"'
# the seed's program under its two names: one pass, 1.5 x 100 MiB in total or each
run seed002 --ratio=0.1
check seed002_one_pass_total_share "got '$out'" \
	'[ "$rc" = 0 ] && [ "$(val passes)" = 1 ] && [ "$(val bytes_each)" = 5242880 ]'
check seed002_fills_as_the_seed_one_byte_a_page "got '$(val fill)'" '[ "$(val fill)" = same ]'
run fight --ratio=0.1 --fill=zero
check fight_fill_zero_runs "got rc $rc, '$out'" '[ "$rc" = 0 ] && [ "$(val fill)" = zero ]'
run random --ratio=0.01 --accesses=100 --fill=text:2.5
check random_fill_text_2.5_runs "got rc $rc, '$out'" '[ "$rc" = 0 ] && [ "$(val fill)" = text:2.5 ]'
run seed002-each --ratio=0.1
check seed002_each_one_pass_whole_ratio_each "got '$out'" \
	'[ "$rc" = 0 ] && [ "$(val passes)" = 1 ] && [ "$(val bytes_each)" = 10485760 ]'
refused seed002_check_refuses_share_half seed002 --share=half
run seed002-each --check --ratio=abc
check seed002_each_messages_carry_its_name "got '$err'" '[[ $err == "seed002-each: ratio=abc: "* ]]'
run fight --ratio=0.01 --procs=3 --passes=2
check fight_3_procs_2_passes "exit $rc, '$out'" \
	'[ "$rc" = 0 ] && [ "$(val procs)" = 3 ] && [ "$(val bytes_each)" = 349525 ]'
SWAPBENCH_MEMTOTAL_KB=4000000000000 run fight --ratio=1
check fight_child_malloc_failure_exits_1 "exit $rc, stderr '$err'" '[ "$rc" = 1 ] && [[ $err == *fight:* ]]'
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
check fight_killed_child_exits_1 "exit $rc, stderr '$err'" '[ "$rc" = 1 ]'
check fight_killed_child_reports_signal "stderr '$err'" 'grep -qx child_signal=9 "$tmp/err"'
sleep 0.2
check fight_killed_child_leaves_no_children "left: $(pgrep -P "$parent")" '[ -z "$(pgrep -P "$parent")" ]'

# random
run random --ratio=0.01 --accesses=1000
ran_ok random_runs "throughput accesses pages fill mean_us p50_us p99_us max_us hist"
check random_accesses_1000 "got '$(val accesses)'" '[ "$(val accesses)" = 1000 ]'
check random_pages_of_ratio "got '$(val pages)'" '[ "$(val pages)" = $((1048576 / $(getconf PAGESIZE))) ]'
check random_hist_32_buckets_sum_1000 "got '$(val hist)'" \
	'hist_ok "$(val hist)" 1000'
check random_p50_le_p99_le_max "p50 $(val p50_us) p99 $(val p99_us) max $(val max_us)" \
	'le "$(val p50_us)" "$(val p99_us)" && le "$(val p99_us)" "$(val max_us)"'
for k in throughput mean_us p50_us p99_us max_us; do
	check "random_${k}_number" "got '$(val $k)'" 'is_num "$(val $k)"'
done
# shellcheck disable=SC2034 # read by the check below, in its quoted condition
first=$out
run random --ratio=0.01 --accesses=1000 --seed=0
check random_seed_0_differs "exit $rc: $err" '[ "$rc" = 0 ] && [ "$out" != "$first" ]'

# create
run create --sizes=1M
ran_ok create_runs "fallocate_1m_s mkswap_fallocate_1m_s fallocate_plus_mkswap_1m_s dirty_after_fallocate_1m_kb zero_1m_s mkswap_zero_1m_s zero_plus_mkswap_1m_s dirty_after_zero_1m_kb ratio_1m ratio_mkswap_1m"
check create_sums_add_up "got $(val zero_1m_s) + $(val mkswap_zero_1m_s) = $(val zero_plus_mkswap_1m_s), $(val fallocate_1m_s) + $(val mkswap_fallocate_1m_s) = $(val fallocate_plus_mkswap_1m_s)" \
	'awk -v a="$(val zero_1m_s)" -v b="$(val mkswap_zero_1m_s)" -v s="$(val zero_plus_mkswap_1m_s)" -v c="$(val fallocate_1m_s)" -v d="$(val mkswap_fallocate_1m_s)" -v t="$(val fallocate_plus_mkswap_1m_s)" "BEGIN { e = a + b - s; f = c + d - t; exit !(e * e < 1e-10 && f * f < 1e-10) }"'
for k in zero_1m_s mkswap_zero_1m_s; do
	check "create_${k}_number" "got '$(val $k)'" 'is_num "$(val $k)"'
done
check create_fallocate_number_or_unsupported "got '$(val fallocate_1m_s)'" \
	'is_num "$(val fallocate_1m_s)" || [ "$(val fallocate_1m_s)" = unsupported ]'
check create_removes_its_file "left: $(ls "$SWAPBENCH_DIR")" '[ ! -e "$SWAPBENCH_DIR/create.tmp" ]'
run create --sizes=40K,1M,1536K
check create_three_sizes "exit $rc, keys '$(keys)'" \
	'[ "$rc" = 0 ] && [ "$(wc -l <<<"$out")" = 30 ] && [ -n "$(val ratio_40k)" ] && [ -n "$(val ratio_1536k)" ]'
free_mib=$(df -Pm "$SWAPBENCH_DIR" | awk 'NR == 2 { print $4 }')
for mode in --prepare ""; do
	run create $mode --sizes=1M,1T
	check "create${mode:+_${mode#--}}_refuses_a_size_over_the_free_space" "exit $rc, err '$err'" \
		'[ "$rc" = 1 ] && [ -z "$out" ] && grep -q "^create: sizes=1M,1T: 1T does not fit: .* has [0-9.]* MiB free" <<<"$err"'
	check "create${mode:+_${mode#--}}_names_the_free_space" "df says $free_mib MiB, err '$err'" \
		'awk -v a="$(sed -n "s/.* has \([0-9.]*\) MiB free.*/\1/p" <<<"$err")" -v b="$free_mib" "BEGIN { exit !(a - b < 2 && b - a < 2) }"'
	check "create${mode:+_${mode#--}}_refusal_writes_nothing" "left: $(ls "$SWAPBENCH_DIR")" '[ ! -e "$SWAPBENCH_DIR/create.tmp" ]'
done

# idle
run idle --seconds=0
ran_ok idle_runs "slept_s"
check idle_0_sleeps_under_1s "got '$(val slept_s)'" 'le "$(val slept_s)" 1'
run idle --seconds=1
check idle_1_sleeps_1s "got '$(val slept_s)'" 'le 1 "$(val slept_s)"'

# --check
# exec runs a program given on the command line: its own tests are below
for w in ${WL_ALL/exec/}; do
	accepted "${w}_check_accepts_defaults" "$w"
	refused "${w}_check_refuses_unknown_param" "$w" --bogus=1
	refused "${w}_check_refuses_bare_word" "$w" bogus
	refused "${w}_check_refuses_param_without_dashes" "$w" seconds=1
done
accepted fight_check_accepts_procs_64_ratio_8 fight --procs=64 --ratio=8 --passes=100
refused fight_check_refuses_procs_abc fight --procs=abc
refused fight_check_refuses_procs_negative fight --procs=-1
refused fight_check_refuses_procs_0 fight --procs=0
refused fight_check_refuses_procs_65 fight --procs=65
refused fight_check_refuses_procs_empty fight --procs=
refused fight_check_refuses_procs_2.5 fight --procs=2.5
refused fight_check_refuses_ratio_9 fight --ratio=9
refused fight_check_refuses_ratio_0.001 fight --ratio=0.001
refused fight_check_refuses_ratio_negative fight --ratio=-1.5
refused fight_check_refuses_ratio_exponent fight --ratio=1e0
refused fight_check_refuses_ratio_abc fight --ratio=abc
refused fight_check_refuses_passes_101 fight --passes=101
accepted fight_check_accepts_fill_random fight --fill=random
accepted fight_check_accepts_fill_text_6 fight --fill=text:6
refused fight_check_refuses_fill_text_7 fight --fill=text:7
refused fight_check_refuses_fill_text_1 fight --fill=text:1
refused fight_check_refuses_fill_text_abc fight --fill=text:abc
refused fight_check_refuses_fill_texture fight --fill=texture
refused random_check_refuses_fill_ones random --fill=ones
accepted swap-w-seq-mt_check_accepts_tasks_8_fraction_0.1 swap-w-seq-mt --tasks=8 --fraction=0.1
refused swap-w-seq_check_refuses_tasks_65 swap-w-seq --tasks=65
refused swapin_check_refuses_fraction_2 swapin --fraction=2
refused swap-w-rand_check_refuses_fraction_0 swap-w-rand --fraction=0
refused time-to-oom_check_refuses_step_1k time-to-oom --step=1K
refused time-to-oom_check_refuses_limit_below_step time-to-oom --step=2M --limit=1M
# time-to-oom ends at its limit, or where mmap fails (an address-space
# limit here; the OOM killer's SIGKILL is the image's case: 58-swapconf)
run time-to-oom --step=256K --limit=2M --touch=64
check time-to-oom_stops_at_its_limit "exit $rc, got '$out' '$err'" \
	'[ "$rc" = 0 ] && [ "$(val end)" = limit ] && [ "$(val grown_kb)" = 2048 ] && [ -z "$(val oom_s)" ] && well_formed'
# the OOM killer's part played by the test: SIGKILL to the growing child
(ulimit -v 262144 && "$bin/time-to-oom" --step=64K --touch=1000000 --limit=64M >"$tmp/out" 2>"$tmp/err") &
wl=$!
pat='time-to-oom --step=64K --touch=1000000'
# the parent and its growing child, then the newest of them: the child
for _ in $(seq 200); do [ "$(pgrep -c -f "$pat")" = 2 ] && break; sleep 0.05; done
child=$(pgrep -n -f "$pat") && kill -KILL "$child"
wait "$wl"
rc=$? out=$(cat "$tmp/out") err=$(cat "$tmp/err")
check time-to-oom_times_the_kill_of_its_child "exit $rc, got '$out' '$err'" \
	'[ "$rc" = 0 ] && [ "$(val end)" = oom ] && is_num "$(val oom_s)" && [ "$(val grown_kb)" -lt 65536 ]'
(ulimit -v 65536 && run time-to-oom --step=1M --touch=8 && declare -p rc out err >"$tmp/vars")
# shellcheck source=/dev/null
source "$tmp/vars"
check time-to-oom_ends_where_mmap_fails "exit $rc, got '$out' '$err'" \
	'[ "$rc" = 0 ] && [ "$(val end)" = enomem ] && [ "$(val grown_kb)" -gt 0 ] && [ "$(val grown_kb)" -lt 65536 ]'
run fight --check --procs=abc
check fight_check_message_names_param_and_range "got '$err'" \
	'[ "$err" = "fight: procs=abc: not a whole number in 1..64" ]'
refused random_check_refuses_accesses_0 random --accesses=0
refused random_check_refuses_seed_huge random --seed=99999999999999999999999
refused lines_check_refuses_count_abc lines --count=abc
refused lines_check_refuses_count_0 lines --count=0
refused lines_check_refuses_file_with_slash lines --file=../x
refused lines_check_refuses_file_dotdot lines --file=..
refused create_check_refuses_size_unit create --sizes=1X
refused create_check_refuses_size_too_small create --sizes=4K
refused create_check_refuses_empty_item create --sizes=1M,,2M
refused create_check_refuses_duplicate create --sizes=1M,1024K
accepted create_check_accepts_units create --sizes=40k,1m,1G,1T
refused idle_check_refuses_86401 idle --seconds=86401
refused idle_check_refuses_negative idle --seconds=-1
refused idle_check_refuses_both_modes idle --check --prepare

# exec: any program, arguments split at blanks with '...' grouping, stdin from the directory
refused exec_check_refuses_no_cmd exec
refused exec_check_refuses_missing_program exec --cmd=no-such-program
refused exec_check_refuses_relative_path exec --cmd=bin/echo
refused exec_check_refuses_unterminated_quote exec --cmd=/bin/echo "--args=a 'b"
refused exec_check_refuses_33_arguments exec --cmd=/bin/echo "--args=$(printf 'a %.0s' $(seq 33))"
refused exec_check_refuses_stdin_with_slash exec --cmd=/bin/echo --stdin=../x
refused exec_check_refuses_control_character exec --cmd=/bin/echo "--args=a$(printf '\t')b"
accepted exec_check_accepts_32_arguments exec --cmd=/bin/echo "--args=$(printf 'a %.0s' $(seq 32))"
run exec --cmd=/bin/echo "--args=-n  'one two'x '' three"
check exec_splits_args_and_quotes "got '$out'" \
	'[ "$rc" = 0 ] && [ "$(tail -n1 <<<"$out")" = "one twox  three" ] && [ "$(val extras)" = none ]'
printf 'a\nb\nc\n' >"$SWAPBENCH_DIR/three.txt"
run exec --cmd=/usr/bin/wc --args=-l --stdin=three.txt
check exec_reads_stdin_from_the_directory "got '$out'" '[ "$rc" = 0 ] && [ "$(tail -n1 <<<"$out")" = 3 ]'
run exec --cmd=/bin/cat
check exec_stdin_defaults_to_dev_null "got '$out'" '[ "$rc" = 0 ] && [ "$(wc -l <<<"$out")" = 2 ]'
run exec --prepare --cmd=/bin/cat --stdin=absent.txt
check exec_prepare_refuses_missing_stdin "exit $rc, stderr '$err'" '[ "$rc" = 1 ] && [[ $err == exec:*absent.txt* ]]'
run exec --cmd=/bin/false
check exec_passes_the_exit_status "exit $rc" '[ "$rc" = 1 ]'

exit "$failed"
