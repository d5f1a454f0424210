#!/bin/bash
# The runner: backends alternate with swap traffic in every run, orders
# blocked and random, an OOM-killed run and a timed-out run are recorded and
# the series goes on, vmstat samples appear when asked for.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

ids() { grep -a '^\(not \)\{0,1\}ok [0-9]' "$1" | awk '{print ($1 == "not" ? $4 : $3)}' | tr '\n' ' '; }

boot alternate -- swapbench.workloads=fight swapbench.runs=2 swapbench.warmup=1
check "alternate: completes" test "$rc" = 0
check "alternate: counterbalanced, A B B A" test "$(ids "$log")" = "fight-partition-1 fight-file-1 fight-file-2 fight-partition-2 "
check "alternate: warm-ups are recorded apart, one per backend" test "$(grep -ac '^# sb warmup ' "$log")" = 2
for b in partition file; do
	pin=$("$REPORT" fields --where "status=ok,backend=$b" result pswpin "$log" | sort -n | head -n1)
	pout=$("$REPORT" fields --where "status=ok,backend=$b" result pswpout "$log" | sort -n | head -n1)
	check "alternate: every $b run swaps in (min pswpin $pin) and out (min pswpout $pout)" \
		test "${pin:-0}" -gt 0 -a "${pout:-0}" -gt 0
done
# the counters a kernel has are recorded, those it lacks are absent, not 0
# (the default kernel has swap readahead and workingset counters, no THP and no zswap)
run1=$(grep -a '^ok .*backend=partition ' "$log" | head -n1)
for k in swap_ra swap_ra_hit workingset_refault_anon workingset_restore_anon; do
	check "alternate: the record carries $k" grep -qE " $k=[0-9]+ " <<<"$run1"
done
IFS=$'\t' read -r hit ra < <("$REPORT" fields result swap_ra_hit,swap_ra "$log")
check "alternate: swap readahead's hits are at most its pages (swap_ra_hit $hit <= swap_ra $ra)" test "${hit:-x}" -le "${ra:-x}"
for k in thp_swpout thp_swpout_fallback zswpin zswpout zswpwb; do
	check "alternate: no $k on a kernel without it (absent, not 0)" bash -c "! grep -q ' $k=' <<<\"\$1\"" _ "$run1"
done
"$REPORT" summary --metric workingset_refault_anon "$log" >"$T/metric.txt" 2>&1
check "alternate: report summary --metric workingset_refault_anon reads it (pages)" \
	grep -q '^metric: workingset_refault_anon (pages)' "$T/metric.txt"

boot blocked -- swapbench.workloads=idle swapbench.idle.seconds=0 swapbench.runs=2 swapbench.warmup=0 swapbench.order=blocked
check "blocked: the swapfile's runs first, as seed 000 (B B A A)" \
	test "$(ids "$log")" = "idle-file-1 idle-file-2 idle-partition-1 idle-partition-2 "

# The seed decides the order of the runs, nothing else: each boot must run
# exactly the plan init's own planner makes for its command line (that the
# same seed gives the same plan is tests/unit/test_plan.c's)
orders=()
for seed in 1 2; do
	keys="swapbench.workloads=idle swapbench.idle.seconds=0 swapbench.runs=4 swapbench.warmup=0 swapbench.order=random swapbench.seed=$seed"
	read -ra kv <<<"$keys"
	boot "random$seed" -- "${kv[@]}"
	want=$("$OUT/bin/init-host" --plan "$keys" | tr '\n' ' ')
	check "random seed $seed: completes (status $rc)" test "$rc" = 0
	check "random seed $seed: 8 runs in the planned order ($want)" test "$(ids "$log")" = "$want"
	orders+=("$want")
done
check "random: seeds 1 and 2 plan different orders" test "${orders[0]}" != "${orders[1]}"

boot oom -- swapbench.workloads=fight,idle swapbench.idle.seconds=0 swapbench.runs=1 swapbench.warmup=0 \
	swapbench.backends=partition swapbench.fight.ratio=8
check "oom: experiment completes with a failed run (status 1)" test "$rc" = 1
check "oom: the run is recorded as oom" grep -aq '^not ok 1 fight-partition-1 .*status=oom .*oom_kill=[1-9]' "$log"
check "oom: the next run still happens" grep -aq '^ok 2 idle-partition-1 .*status=ok' "$log"
check "oom: totals count both" grep -aq '^# sb totals .*ran=2 ok=1 notok=1 .*status=fail' "$log"

boot timeout -- swapbench.workloads=idle,fight swapbench.idle.seconds=100 swapbench.timeout=3 \
	swapbench.runs=1 swapbench.warmup=0 swapbench.backends=file swapbench.fight.ratio=0.2
check "timeout: recorded as timeout" grep -aq '^not ok 1 idle-file-1 .*status=timeout' "$log"
el=$("$REPORT" fields --where workload=idle,backend=file,iter=1 result elapsed_s "$log")
check "timeout: killed after about 3 s (elapsed $el s)" awk -v e="$el" 'BEGIN { exit !(e >= 3 && e < 5) }'
check "timeout: the next run still happens" grep -aq '^ok 2 fight-file-1 .*status=ok' "$log"

boot vmstat -- swapbench.workloads=idle swapbench.idle.seconds=3 swapbench.runs=1 swapbench.warmup=0 \
	swapbench.backends=file swapbench.vmstat=1
n=$(grep -ac '^# sb sample .*run=1 ' "$log")
check "vmstat=1: samples during a 3 s run ($n)" test "$n" -ge 2 -a "$n" -le 4

# swapbench.until in the image: rounds of pairs, at least runs, at most maxruns;
# the totals say why it stopped and the report reads that back
boot until -- swapbench.workloads=idle swapbench.idle.seconds=0 swapbench.runs=2 swapbench.maxruns=3 \
	swapbench.until=50 swapbench.warmup=0
tot=$(grep -a '^# sb totals ' "$log" | tr -d '\r')
rounds=$("$REPORT" fields totals rounds "$log")
check "until: totals carry stop=precision|maxruns, rounds 2 or 3 ($tot)" \
	bash -c "grep -qE ' stop=(precision|maxruns) ' <<<'$tot' && test '${rounds:-0}' -ge 2 -a '${rounds:-0}' -le 3"
check "until: 2 runs a round ran ($(grep -ac '^ok ' "$log") ok, $rounds rounds)" test "$(grep -ac '^ok ' "$log")" = $((2 * ${rounds:-0}))
check "until: compare --backends says what ended the runs" \
	bash -c "'$REPORT' compare --backends '$dir' 2>/dev/null | grep -q 'swapbench.until: .* after $rounds pairs'"
finish
