#!/bin/bash
# Memory pressure: -m 32 with two processes fighting over 3x RAM. Every run
# is recorded (ok, or oom when the OOM killer steps in), init survives, the
# totals line is printed and the results disk reads back clean.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

MEM=32 LIMIT=240 boot m32 -- swapbench.workloads=fight swapbench.fight.ratio=3 swapbench.runs=2 swapbench.warmup=0
memkb=$("$REPORT" fields meta memtotal_kb "$log")
statuses=$("$REPORT" fields result status "$log" | sort | uniq -c | xargs)
info "-m 32, fight ratio 3: MemTotal $memkb kB; runs: $statuses; $("$REPORT" fields totals wall_s "$log") s"
check "pressure: finished with a verdict (status $rc: 0 all ok, 1 some oom)" test "$rc" = 0 -o "$rc" = 1
check "pressure: MemTotal below 32 MiB ($memkb kB)" test "${memkb:-99999}" -lt 32768
check "pressure: 4 runs recorded" test "$(grep -ac '^\(not \)\{0,1\}ok [0-9]' "$log")" = 4
check "pressure: every run is ok or oom" \
	bash -c "[ -s '$log' ] && ! grep -a '^\(not \)\{0,1\}ok [0-9]' '$log' | grep -qv ' status=\(ok\|oom\) '"
check "pressure: totals record, ran=4" grep -aq '^# sb totals .*planned=4 ran=4 ' "$log"
check "pressure: KTAP totals line" grep -aq '^# Totals: pass:[0-9]* fail:[0-9]*' "$log"
absent -E "pressure: init survived (no panic, no killed init, no worker death)" \
	'Kernel panic|Attempted to kill init|died of signal' "$log"
"$REPORT" csv "$dir/results.disk" >"$T/m32.csv" 2>"$T/m32.err"
check "pressure: the results disk reads back clean, 4 runs" \
	test "$?:$(($(wc -l <"$T/m32.csv") - 1))" = 0:4
finish
