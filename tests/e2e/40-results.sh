#!/bin/bash
# Results: the serial KTAP parses with the kernel's own parser, the results
# disk holds the same runs as the serial log, and damaged or cut logs are
# reported with their line numbers, never used silently.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
R=$REPORT

boot real -- swapbench.workloads=fight swapbench.runs=2 swapbench.warmup=0 swapbench.vmstat=1
check "real boot: completes" test "$rc" = 0
src=$("$top/kernel/build" source 2>/dev/null)
kunit=$(python3 "$src/tools/testing/kunit/kunit.py" parse "$log" 2>&1)
krc=$?
check "kunit.py parse: exits 0" test "$krc" = 0
check "kunit.py parse: 4 tests, all passed" grep -q 'Ran 4 tests: passed: 4' <<<"$kunit"

"$R" csv "$dir/serial.log" >"$T/serial.csv" 2>"$T/serial.err"
crc=$?
"$R" csv "$dir/results.disk" >"$T/disk.csv" 2>"$T/disk.err"
drc=$?
check "csv of the serial log: clean (exit $crc)" test "$crc" = 0
check "csv of the results disk: clean (exit $drc)" test "$drc" = 0
check "csv: header has the contract's columns" \
	grep -q '^source,line,boot,num,workload,backend,iter,status,elapsed_s,.*majflt,.*pswpin,pswpout,.*kernel' "$T/serial.csv"
strip() { cut -d, -f3- "$1"; }
check "results disk: 4 runs" test "$(($(wc -l <"$T/disk.csv") - 1))" = 4
check "results disk equals the serial log, run for run" cmp <(strip "$T/serial.csv") <(strip "$T/disk.csv")
check "results disk: samples stored too" grep -aq '^# sb sample ' "$dir/results.disk"

# damage: flip a byte inside the second result line
bad=$T/damaged.log
line=$(grep -an '^ok 2 ' "$log" | cut -d: -f1)
awk -v n="$line" 'NR == n { sub(/elapsed_s=/, "elapsed_s=9") } { print }' "$log" >"$bad"
"$R" csv "$bad" >"$T/bad.csv" 2>"$T/bad.err"
brc=$?
check "damaged line: exit 3 (problems reported)" test "$brc" = 3
check "damaged line: reported with its line number ($line)" grep -q "damaged.log:$line: .*checksum" "$T/bad.err"
check "damaged line: not used (3 runs left)" test "$(($(wc -l <"$T/bad.csv") - 1))" = 3

# truncation: cut the log in the middle of the third result line
cut=$T/cut.log
line=$(grep -an '^ok 3 ' "$log" | cut -d: -f1)
{ head -n $((line - 1)) "$log"; sed -n "${line}p" "$log" | head -c 60; } >"$cut"
"$R" csv "$cut" >"$T/cut.csv" 2>"$T/cut.err"
check "cut log: exit 3" test "$?" = 3
check "cut log: the cut line is reported" grep -q "cut.log:$line: .*truncated\|cut.log:$line: .*no checksum" "$T/cut.err"
check "cut log: missing totals reported" grep -qi "no totals" "$T/cut.err"
check "cut log: the 2 whole runs are used" test "$(($(wc -l <"$T/cut.csv") - 1))" = 2

# duplicate: the same record twice
dup=$T/dup.log
{ cat "$log"; grep -a '^ok 1 ' "$log"; } >"$dup"
"$R" csv "$dup" >"$T/dup.csv" 2>"$T/dup.err"
check "duplicate record: reported" grep -qi "duplicate" "$T/dup.err"
check "duplicate record: used once" test "$(($(wc -l <"$T/dup.csv") - 1))" = 4

# a cut record glued to the front of an intact one (a lost newline)
glued=$T/glued.log
line=$(grep -an '^ok 2 ' "$log" | cut -d: -f1)
awk -v n="$line" '/^ok 1 / { one = substr($0, 1, 30) } NR == n { $0 = one $0 } { print }' "$log" >"$glued"
"$R" csv "$glued" >"$T/glued.csv" 2>"$T/glued.err"
check "glued records: the cut one is reported" grep -q "glued.log:$line: damaged record: a cut record precedes" "$T/glued.err"
check "glued records: the intact one is used" grep -q ',2,fight,file,1,ok,' "$T/glued.csv"

# the summary and plots of a real run
"$R" summary "$dir" >"$T/summary.txt" 2>&1
check "summary: a row per backend" test "$(grep -c '^fight ' "$T/summary.txt")" = 2
"$R" plot --out "$T/plots" "$dir" >/dev/null 2>&1
check "plot: fight.svg written" grep -q '<svg' "$T/plots/fight.svg"

# The longest command line qemu/run passes (2047 bytes on x86): the meta
# record holds it whole and the report gives it back. A word with a '.' is a
# parameter of a module the kernel does not have: it keeps it, init ignores it.
# qemu/run refuses a line that is too long before QEMU starts and says by how
# much: the first try measures its own part of the line.
keys="swapbench.workloads=idle swapbench.runs=1 swapbench.warmup=0 swapbench.idle.seconds=0"
pad() { printf 'swapbench_pad.x=%*s' "$1" '' | tr ' ' p; }
# shellcheck disable=SC2086 # keys: words
MEM=64 "$top/qemu/run" -q -o "$T/longtry" -- $keys "$(pad 2100)" >/dev/null 2>"$T/longtry.err"
over=$(grep -o 'command line is [0-9]* bytes but .* keeps only [0-9]*' "$T/longtry.err" |
	sed 's/.*is \([0-9]*\) bytes.*only \([0-9]*\)/\1 \2/')
if [ -z "$over" ]; then
	fail "long command line: qemu/run did not refuse 2100 bytes of padding: $(head -c 300 "$T/longtry.err")"
else
	read -r got max <<<"$over"
	# shellcheck disable=SC2086 # keys: words
	boot longcmd -- $keys "$(pad $((2100 - got + max)))"
	meta=$(grep -a '^# sb meta ' "$log" | tr -d '\r')
	check "long command line: boots and completes ($max bytes)" test "$rc" = 0
	check "long command line: the meta record is whole (no cmdline_cut)" test -n "$meta" -a -z "$("$R" fields meta cmdline_cut "$log")"
	"$R" md "$dir" >"$T/long.md" 2>"$T/long.err"
	check "long command line: the report reads the boot (exit $?)" grep -q "command line \`console=ttyS0" "$T/long.md"
	# shellcheck disable=SC2016 # backquotes, not an expansion
	line=$(grep -o 'command line `[^`]*`' "$T/long.md" | head -n 1 | cut -d'`' -f2)
	check "long command line: the report gives back all $max bytes (got ${#line})" test "${#line}" = "$max"
	check "long command line: ending with the padding word" test "${line##* }" = "$(pad $((2100 - got + max)))"
fi
finish
