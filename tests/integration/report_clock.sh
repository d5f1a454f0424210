#!/bin/bash
# swapbench-report flags the runs its clock cannot vouch for (fixture
# clock.txt): one measured across a clocksource switch, two timing less
# than 1000 steps of a 4 ms clock, one in elapsed_s and one in
# w.fallocate_16m_s. A short time flags a run only for the metric analysed
# (nothing is dropped for a field the analysis does not use). Flagged runs
# are named on stderr and in csv's flag column and stay out of the
# statistics unless --flagged.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/report_env.sh
source "$top/tests/report_env.sh"
FIXTURE=$FIX/clock.txt
# n_of WORKLOAD BACKEND: the N column of summary's row
n_of() { awk -v b="$2" '$1 == "create" && $2 == b { print $3 }' "$T/out"; }

"$BIN" summary "$FIXTURE" >"$T/out" 2>"$T/err"
rc=$?
check "summary: flags do not change the exit status (got $rc)" test "$rc" = 0
check "summary: the switch run is named on stderr" \
	grep -qx 'tests/fixtures/clock.txt:6: boot c10c0001 test 3: flagged, not used: the clocksource changed during the run (tsc at boot, hpet after the run)' \
	<(sed "s|^$top/||" "$T/err")
check "summary of elapsed_s: a 0 s fallocate does not flag the run's elapsed_s" \
	bash -c "! grep -q 'boot c10c0002 test 1: flagged' '$T/err'"
check "summary: 3.2 s on a 4 ms clock is named" \
	grep -q 'boot c10c0002 test 2: flagged, not used: elapsed_s=3.200000 is less than 1000 steps' "$T/err"
check "summary: exactly 2 runs flagged" test "$(grep -c ': flagged, not used: ' "$T/err")" = 2
check "summary: partition N=2 without the flagged run (got $(n_of create partition))" test "$(n_of create partition)" = 2
check "summary: file N=2 without the flagged run (got $(n_of create file))" test "$(n_of create file)" = 2
check "summary: says how many were left out" grep -q '^create/partition: 1 run(s) with status=ok left out, flagged' "$T/out"
"$BIN" summary --metric w.fallocate_16m_s "$FIXTURE" >"$T/out" 2>"$T/err"
check "summary of w.fallocate_16m_s: the 0 s fallocate on a 4 ms clock is named" \
	grep -q 'boot c10c0002 test 1: flagged, not used: w.fallocate_16m_s=0.000000 is less than 1000 steps of the clock (refined-jiffies, step 4000000 ns)' "$T/err"

"$BIN" summary --flagged "$FIXTURE" >"$T/out" 2>"$T/err"
check "summary --flagged: partition N=3 (got $(n_of create partition))" test "$(n_of create partition)" = 3
check "summary --flagged: file N=3 (got $(n_of create file))" test "$(n_of create file)" = 3
check "summary --flagged: stderr says they are used" test "$(grep -c ': flagged, used (--flagged): ' "$T/err")" = 2

"$BIN" csv "$FIXTURE" >"$T/out" 2>/dev/null
check "csv: flag is the last column" grep -q ',extra,flag$' <(head -n1 "$T/out")
check "csv: 2 of 6 rows carry a flag (for elapsed_s)" test "$(tail -n +2 "$T/out" | grep -c ',"[^"]*"$')" = 2
check "csv: the other runs have an empty flag" test "$(tail -n +2 "$T/out" | grep -c ',$')" = 4

"$BIN" md "$FIXTURE" >"$T/out" 2>/dev/null
check "md: boots table names the clocksource and its step" grep -q '| c10c0002 .*| refined-jiffies *| *4000000 |' "$T/out"
check "md: a Flagged runs section lists 2 runs" test "$(sed -n '/^## Flagged runs/,/^## /p' "$T/out" | grep -c '^- boot ')" = 2

# a boot without clock fields (older logs): nothing to flag
"$BIN" summary "$top/tests/fixtures/seed000.txt" >/dev/null 2>"$T/err"
check "no clock fields: nothing flagged" bash -c "! grep -q flagged '$T/err'"
exit "$failed"
