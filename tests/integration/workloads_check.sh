#!/bin/bash
# Every workload's --check: it accepts its defaults and refuses bad
# parameters with one line naming it; and exec's own rules (argument
# splitting, stdin, exit status).
# Usage: bash tests/integration/workloads_check.sh [DIR_WITH_BINARIES]
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
# shellcheck disable=SC2016 # check evaluates its condition later: single quotes on purpose
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/workloads_lib.sh
source "$top/tests/workloads_lib.sh"

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
refused mthp-frag_check_refuses_folio_96k mthp-frag --folio=96K
refused mthp-frag_check_refuses_size_not_whole_folios mthp-frag --size=1040K --folio=64K
refused mthp-frag_check_refuses_iterations_101 mthp-frag --iterations=101
accepted mthp-frag_check_accepts_2m_folios mthp-frag --folio=2M --size=4M --small=0
refused swapin_check_refuses_fraction_2 swapin --fraction=2
refused swap-w-rand_check_refuses_fraction_0 swap-w-rand --fraction=0
refused time-to-oom_check_refuses_step_1k time-to-oom --step=1K
refused time-to-oom_check_refuses_limit_below_step time-to-oom --step=2M --limit=1M
# time-to-oom ends at its limit, or where mmap fails (an address-space
# limit here; the OOM killer's SIGKILL is the image's case: 58-swapconf)
run time-to-oom --step=256K --limit=2M --touch=64
holds time-to-oom_stops_at_its_limit "exit $rc, got '$out' '$err'" \
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
holds time-to-oom_times_the_kill_of_its_child "exit $rc, got '$out' '$err'" \
	'[ "$rc" = 0 ] && [ "$(val end)" = oom ] && is_num "$(val oom_s)" && [ "$(val grown_kb)" -lt 65536 ]'
(ulimit -v 65536 && run time-to-oom --step=1M --touch=8 && declare -p rc out err >"$tmp/vars")
# shellcheck source=/dev/null
source "$tmp/vars"
holds time-to-oom_ends_where_mmap_fails "exit $rc, got '$out' '$err'" \
	'[ "$rc" = 0 ] && [ "$(val end)" = enomem ] && [ "$(val grown_kb)" -gt 0 ] && [ "$(val grown_kb)" -lt 65536 ]'
run fight --check --procs=abc
holds fight_check_message_names_param_and_range "got '$err'" \
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
holds exec_splits_args_and_quotes "got '$out'" \
	'[ "$rc" = 0 ] && [ "$(tail -n1 <<<"$out")" = "one twox  three" ] && [ "$(val extras)" = none ]'
printf 'a\nb\nc\n' >"$SWAPBENCH_DIR/three.txt"
run exec --cmd=/usr/bin/wc --args=-l --stdin=three.txt
holds exec_reads_stdin_from_the_directory "got '$out'" '[ "$rc" = 0 ] && [ "$(tail -n1 <<<"$out")" = 3 ]'
run exec --cmd=/bin/cat
# cat of /dev/null prints nothing: every line is exec's own key=value
holds exec_stdin_defaults_to_dev_null "got '$out'" '[ "$rc" = 0 ] && [ -n "$out" ] && ! grep -qv "^[a-z_]*=" <<<"$out"'
run exec --prepare --cmd=/bin/cat --stdin=absent.txt
holds exec_prepare_refuses_missing_stdin "exit $rc, stderr '$err'" '[ "$rc" = 1 ] && [[ $err == exec:*absent.txt* ]]'
run exec --cmd=/bin/false
holds exec_passes_the_exit_status "exit $rc" '[ "$rc" = 1 ]'

exit "$failed"
