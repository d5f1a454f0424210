#!/bin/bash
# swapbench-report on values at the ends of the range (fixture extreme.txt):
# 1e160 is refused with a reason instead of aborting or printing inf, 1e35
# keeps its digits, 1e99 still gets statistics, and B/A-1 below a negative
# baseline has the sign of B-A.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/report_env.sh
source "$top/tests/report_env.sh"
FIXTURE=$FIX/extreme.txt
# row FILE WORKLOAD GROUP: the table row of a workload and backend
row() { awk -v w="$2" -v g="$3" '$1 == w && $2 == g' "$T/$1"; }

"$BIN" summary --metric w.count "$FIXTURE" >"$T/count" 2>"$T/err"
same "1e160: exit 3 (problems), not an abort" 3 $?
same "1e160: all 4 refused with their reason (3 listed, the 4th counted)" "3 1" \
	"$(grep -c 'w.count=[0-9.]*e160 is out of the range the statistics take (magnitude up to 1e100) (not used)' "$T/err") $(grep -c ': 1 more like the one at .*extreme.txt:14 (lines 17)$' "$T/err")"
same "1e160: no inf or nan in the summary" 0 "$(grep -ci 'inf\|nan' "$T/count")"
same "1e99: statistics with the right digits" "1.0000e+99 3.0000e+99" \
	"$(row count e99 partition | awk '{ print $8 }') $(row count e99 file | awk '{ print $8 }')"

"$BIN" summary "$FIXTURE" >"$T/sum" 2>/dev/null
same "1e35: min, max and mean keep their digits" "1.2346e+35 1.2346e+35 1.2346e+35" \
	"$(row sum e35 partition | awk '{ print $5, $6, $8 }')"

"$BIN" compare --backends --metric w.delta "$FIXTURE" >"$T/cmp" 2>/dev/null
same "negative baseline: B/A-1 has the sign of B-A (-19.97%)" "-19.97%" \
	"$(awk '$1 == "neg"' "$T/cmp" | grep -o '[-+]19\.97%' | head -n1)"
exit "$failed"
