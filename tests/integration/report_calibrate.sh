#!/bin/bash
# swapbench-report calibrate (make calibrate's analysis) on seed 000's 40
# partition runs, in run order, split A B, B A, A B, ... (the image's
# counterbalanced alternate order): the pairs, CV, the A/A ratio
# and the detectable differences are checked against figures computed here
# independently (python, t quantiles for 19 df from tables); too few runs
# are named, not analysed.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/report_env.sh
source "$top/tests/report_env.sh"

"$BIN" calibrate "$FIX/seed000.txt" >"$T/out" 2>"$T/err"
rc=$?
check "calibrate seed000: exit 0" test "$rc" = 0
row=$(awk '$1 == "lines" && $2 == "partition"' "$T/out")
want=$("$BIN" fields --where status=ok,backend=partition result elapsed_s "$FIX/seed000.txt" | python3 -c '
import sys, statistics as st
v = [float(x) for x in sys.stdin]
first, second = v[0::2], v[1::2]
a = [x if k % 2 == 0 else y for k, (x, y) in enumerate(zip(first, second))]
b = [y if k % 2 == 0 else x for k, (x, y) in enumerate(zip(first, second))]
ma = st.mean(a)
d = [100 * (y - x) / ma for x, y in zip(a, b)]
sd = st.stdev(d)
t975, t80 = 2.0930240544, 0.8609564   # Student t, 19 df
print("%d %d %.1f%% %.1f%% %+.2f%% %.1f%%" % (len(v), len(a), 100 * st.stdev(v) / st.mean(v), sd,
      100 * (st.mean(b) / ma - 1), (t975 + t80) * sd / len(a) ** 0.5))')
read -r n pairs cv _ rel det20 <<<"$want"
# fields: the intervals are two words each, the verdict three
got=$(awk '{ print $3, $4, $6, $12, $21 }' <<<"$row")
check "calibrate seed000 partition: runs, pairs, CV, A/A B/A-1, detect 20 ($got; want $n $pairs $cv $rel $det20)" \
	test "$got" = "$n $pairs $cv $rel $det20"
fp=$(awk '{ print $18 }' <<<"$row" | tr -d %)
check "calibrate seed000 partition: a false-positive rate between 0 and 10 % ($fp %)" \
	awk -v f="$fp" 'BEGIN { exit !(f >= 0 && f <= 10) }'
"$BIN" calibrate "$FIX/seed000.txt" >"$T/out2" 2>/dev/null
check "calibrate: the same data, the same figures (a fixed seed)" cmp "$T/out" "$T/out2"
"$BIN" calibrate "$FIX/bisect-few.txt" >"$T/few" 2>"$T/err"
rc=$?
check "calibrate: fewer than 3 pairs named, exit 3 ($rc)" \
	bash -c "test $rc = 3 && grep -q 'pairs of neighbouring runs, 3 at least needed' '$T/few'"
exit "$failed"
