#!/bin/bash
# Exercises the built swapbench-report: commands, exit statuses, problem
# reports, init-disk safety. Prints PASS/FAIL lines; exits 1 on any FAIL.
# Usage: bash tests/host/report_cli.sh out/host/swapbench-report
set -u

BIN=$(realpath "${1:?usage: report_cli.sh PATH/TO/swapbench-report}")
FIX=$(realpath "$(dirname "$0")/../fixtures")
T=$(mktemp -d /tmp/report_cli.XXXXXX)
trap 'rm -rf "$T"' EXIT
failed=0

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1${2:+: $2}"; failed=1; }
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name"; fi; }

# run NAME WANT_STATUS ARGS...: runs the tool, keeps stdout/stderr in $T/out $T/err
run() {
	local name=$1 want=$2 got
	shift 2
	"$BIN" "$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" = "$want" ]; then pass "$name (exit $want)"; else
		fail "$name" "exit $got, want $want; stderr: $(head -c 300 "$T/err")"; fi
}
has() { grep -q -- "$2" "$T/$1"; }
size_of() { stat -c %s "$1"; }

# --- usage ---------------------------------------------------------------
run "help" 0 help
check "help lists every command" bash -c "for c in csv summary compare md plot init-disk; do grep -q \"^  \$c \" '$T/out' || exit 1; done"
run "no command" 2
run "unknown command" 2 frobnicate
check "unknown command named on stderr" has err "unknown command 'frobnicate'"
run "unknown option" 2 csv --nope "$FIX/seed000.txt"
run "option of another command" 2 csv --bisect "$FIX/seed000.txt"
run "missing option value" 2 summary "$FIX/seed000.txt" --metric
run "bad --by" 2 summary --by colour "$FIX/seed000.txt"
run "bad --threshold" 2 compare --threshold -3 "$FIX/bisect-a.txt" "$FIX/bisect-same.txt"
run "csv without source" 2 csv
run "missing source file" 2 csv "$T/none.log"
check "missing file named" has err "$T/none.log: No such file or directory"
mkdir "$T/emptydir"
run "directory without results" 2 csv "$T/emptydir"

# --- csv -----------------------------------------------------------------
run "csv seed000" 0 csv "$FIX/seed000.txt"
check "csv header" test "$(head -1 "$T/out")" = "source,line,boot,num,workload,backend,iter,status,elapsed_s,user_s,sys_s,majflt,minflt,pswpin,pswpout,pgmajfault,pgscan,pgsteal,allocstall,oom_kill,psi_some_us,psi_full_us,swap_peak_kb,kernel,tag,extra,flag"
check "csv has 80 rows" test "$(($(wc -l <"$T/out") - 1))" = 80
check "csv first row" has out ",5eed0003,1,lines,file,1,ok,91.690,"
check "csv no stderr when clean" test ! -s "$T/err"
cp "$T/out" "$T/seed.csv"
run "csv damaged log" 3 csv "$FIX/damaged.log"
check "csv damaged: 4 good rows" test "$(($(wc -l <"$T/out") - 1))" = 4
check "damaged record reported with line" has err "damaged.log:6: damaged record: checksum mismatch"
check "duplicate reported with line" has err "damaged.log:8: duplicate record"
check "truncated record reported" has err "damaged.log:11: truncated record"
check "missing totals reported" has err "boot da3a6ed0: no totals record (log cut short?)"
check "missing tests reported" has err "no result for test 2, 6 of the plan 1..6"
check "damaged row not in csv" bash -c "! grep -q ',da3a6ed0,2,' '$T/out'"
run "csv quoting" 0 csv "$FIX/quoting.txt"
check "csv quotes commas and quotes" has out '"6.1.0,custom",,"w.label=""say \\""hi\\"", twice"";w.list=""a;b"""'
run "csv --wide" 0 csv --wide "$FIX/quoting.txt"
check "csv --wide: one column per workload value, no extra" has out ',kernel,tag,w.label,w.list,flag$'
check "csv --wide: values unpacked and CSV-quoted" has out '"6.1.0,custom",,"say ""hi"", twice",a;b,$'
mkdir "$T/run1" && cp "$FIX/seed000.txt" "$T/run1/serial.log"
run "directory source uses serial.log" 0 csv "$T/run1"
check "directory csv equals file csv" bash -c "diff <(cut -d, -f2- '$T/out') <(cut -d, -f2- '$T/seed.csv')"

# --- summary -------------------------------------------------------------
run "summary seed000" 0 summary "$FIX/seed000.txt"
check "summary file row" bash -c "grep -Eq '^lines +file +40 +0 +90.630 +160.97 +94.365 +97.570 +14.008 +\[93.090, 102.05\] +14.4%' '$T/out'"
check "summary partition row" bash -c "grep -Eq '^lines +partition +40 +0 +102.78 +111.69 +106.86 +106.66 +2.2421 +\[105.95, 107.38\] +2.1%' '$T/out'"
run "summary damaged counts oom" 3 summary "$FIX/damaged.log"
check "summary not-ok column" bash -c "grep -Eq '^lines +partition +2 +1 oom' '$T/out'"
run "summary --by tag" 0 summary --by tag "$FIX/bisect-a.txt" "$FIX/bisect-slow.txt"
check "summary one row per tag" bash -c "grep -Eq '^fight +A +20 ' '$T/out' && grep -Eq '^fight +B +20 ' '$T/out'"
run "summary --metric w.last_index" 0 summary --metric w.last_index "$FIX/bisect-a.txt"
check "summary of a workload value" bash -c "grep -Eq '^fight +partition +20 +0 +999999 ' '$T/out'"
run "summary --metric absent" 0 summary --metric pswpin "$FIX/bisect-a.txt"
check "absent metric noted" has out "20 run(s) with status=ok lack the metric"

# --- compare -------------------------------------------------------------
run "compare --backends seed000" 0 compare --backends "$FIX/seed000.txt"
check "compare: the rule is labelled as the rule" has out "^rule: one quantity, B/A-1"
check "compare: the verdict names the backends" \
	has out "^lines: the swapfile is 8.5 % faster than the partition (95 % CI -12.9 % to -4.2 %, 40 pairs)\.$"
check "seed000: swapfile proven faster" bash -c "grep -Eq '^lines +B faster +pairs +40 +40 ' '$T/out'"
check "seed000: paired relative difference (scipy: -8.52% [-12.85%, -4.20%])" has out "\-8.52%  \[-12.85%, -4.20%\]"
check "seed000: 39 degrees of freedom (the file always ran first: no order effect to fit)" bash -c "grep -Eq '^lines .* 95% +39\.0\$' '$T/out'"
check "seed000: says it paired and why" has out "analysis of lines: paired: 40 pairs of runs of one round, always in one order"
run "compare --backends blocked seed000" 0 compare --backends "$FIX/seed000-blocked.txt"
check "blocked: unpaired, says why" has out "analysis of lines: unpaired (Welch over runs, .* df): boot 5eed0002 ran its plan in blocked order"
check "blocked: Welch figures" bash -c "grep -Eq '^lines +B faster +runs +10 +10 .*-13.40%  \[-15.23%, -11.57%\]' '$T/out'"
run "compare one boot against one" 0 compare "$FIX/bisect-a.txt" "$FIX/bisect-slow.txt"
check "compare: one boot a kernel, no verdict possible, said up front" \
	has out "^no verdict possible for fight/partition: by boot: 1 boot(s) of A and 1 of B; boots differ by more than runs do"
check "compare: one boot a kernel, not a verdict on 20 runs" bash -c "grep -Eq '^fight +partition +no verdict possible +boots +1 +1 ' '$T/out'"
run "compare A B over boots" 0 compare "$FIX/boots-a.txt" "$FIX/boots-slow.txt"
check "compare A B: B slower, 4 and 4 boots" bash -c "grep -Eq '^fight +partition +B slower +boots +4 +4 ' '$T/out'"
check "compare A B: boot-to-boot and run-to-run sd shown" has out "^spread of fight/partition: A: run to run 2.3 %, boot to boot 2.1 %"
run "bisect good" 0 compare --bisect "$FIX/boots-a.txt" "$FIX/boots-same.txt"
check "bisect good says why" has out "bisect: good (exit 0)"
run "bisect bad" 1 compare --bisect "$FIX/boots-a.txt" "$FIX/boots-slow.txt"
check "bisect bad says why, with the interval" has out "bad: worsening 20.64%, 90% CI 16.41% to 24.87%, above 5%"
run "bisect one boot a side: 125" 125 compare --bisect "$FIX/bisect-a.txt" "$FIX/bisect-slow.txt"
run "bisect inconclusive" 125 compare --bisect "$FIX/bisect-a.txt" "$FIX/bisect-few.txt"
run "bisect threshold 25%" 0 compare --bisect --threshold 25 "$FIX/boots-a.txt" "$FIX/boots-slow.txt"
run "bisect no common workload" 125 compare --bisect "$FIX/bisect-a.txt" "$FIX/seed000.txt"
run "bisect unreadable source" 125 compare --bisect "$FIX/bisect-a.txt" "$T/none.log"
cat "$FIX/boots-a.txt" "$FIX/boots-slow.txt" >"$T/ab.log"
run "compare --by tag --bisect" 1 compare --by tag --bisect "$T/ab.log"
check "compare --by tag names A and B" has out "A = tag A, B = tag B"
run "compare --by kernel" 0 compare --by kernel "$T/ab.log"
run "compare --by tag, one tag" 2 compare --by tag "$FIX/bisect-a.txt"
check "one tag explained" has err "need exactly 2"
run "compare needs two sources" 2 compare "$FIX/bisect-a.txt"

# --- md and plot ---------------------------------------------------------
run "md seed000" 0 md "$FIX/seed000.txt"
check "md title and sections" bash -c "grep -q '^# swapbench report' '$T/out' && grep -q '^## Problems' '$T/out' && grep -q '^## Backends' '$T/out'"
check "md: no problems" has out "^None: every record"
check "md: the verdict in words, naming both backends" \
	has out "^- lines: the swapfile is 8.5 % faster than the partition (95 % CI -12.9 % to -4.2 %, 40 pairs)\.$"
run "md with problems" 3 md "$FIX/seed000.txt" "$FIX/damaged.log"
check "md lists problems" has out "damaged.log:6\`: damaged record"
# a lab: 25 boots alike and one cut short share two rows of the boots table
mkdir "$T/lab" && "$(dirname "$BIN")/tests/gen_lab" 26000 26 "$T/lab" &&
	sed -i '/^# sb totals/d' "$T/lab/lab-0025.log"
run "md of 26 boots" 3 md "$T"/lab/lab-*.log
check "md: 25 boots alike in one row" has out '^| 25 boots | 6.1.0 | x86_64 | 51868 |.* | 1000 | 1000 | 1000 | 0 | pass |$'
check "md: the boot without totals in its own row" has out '| no totals record |$'
check "md: command line (1 row) and swap setup (2 rows) of all 26 boots" bash -c "[ \$(grep -c '^| 26 boots | ' '$T/out') = 3 ]"
check "md: the 26 logs of one directory share a row of the sources table" \
	has out "^| 26 in \`$T/lab/\`: \`lab-0000.log\` ... \`lab-0025.log\` | serial logs | 26103 (1003 to 1004 each) |\$"
# two kernels with 3132 kB of MemTotal between them: the md report warns and shows mem=
python3 - "$T/lab/lab-0000.log" "$T/lab/lab-0001.log" "$T/mem.log" <<'PY'
import re, sys, zlib
out = open(sys.argv[3], "w")
for path, extra in ((sys.argv[1], ""), (sys.argv[2], " tag=debian-6_12")):
    for line in open(path):
        body = line.rstrip("\n")
        if body.startswith("# sb meta "):
            body = body[:body.rindex(" crc=")]
            if extra:
                body = body.replace("memtotal_kb=51868", "memtotal_kb=55000") + extra
            body += " crc=%08x" % zlib.crc32(body.encode())
        out.write(body + "\n")
PY
run "md of two kernels whose memory differs" 0 md "$T/mem.log"
check "md: memory warning names the larger kernel and the kB to take off" \
	has out "^\*\*Warning: the kernels' memory differs by 6.0 %\*\* (MemTotal 55000 kB with debian-6_12 against 51868 kB with 6.1.0).*Equalise it by giving debian-6_12 3132 kB less with \`mem=\`: \`make compare\` takes it after that kernel's name in \`KERNELS=\`, as in \`KERNELS=\"default debian:6.12:mem=<MEM x 1024 - 3132>K\"\`"
# seven damaged records in a row and one apart: beyond the 3 listed, one range and one line
sed -e '10,16s/crc=.*/crc=00000000/' -e '20s/crc=.*/crc=00000000/' "$T/lab/lab-0001.log" >"$T/lab-cut.log"
run "summary of a log with 8 damaged records" 3 summary "$T/lab-cut.log"
check "problems alike: the lines beyond the third as ranges (13-16, 20)" \
	has err "lab-cut.log: 5 more like the one at $T/lab-cut.log:10 (lines 13-16, 20)\$"
run "md --plots" 0 md --plots "$T/mdplots" "$FIX/seed000.txt"
check "md references lines.svg" has out "(lines.svg)"
check "md --plots wrote lines.svg" test -s "$T/mdplots/lines.svg"
run "plot" 0 plot --out "$T/plots" "$FIX/seed000.txt"
check "plot: strip svg complete" bash -c "tail -1 '$T/plots/lines.svg' | grep -q '</svg>'"
check "plot: order svg complete" bash -c "tail -1 '$T/plots/lines-order.svg' | grep -q '</svg>'"
check "plot: title, legend, mean" bash -c "grep -q 'lines: elapsed_s by backend' '$T/plots/lines.svg' && grep -q '>mean<' '$T/plots/lines.svg' && grep -q 'elapsed_s (s)' '$T/plots/lines.svg'"
# python3 and rsvg-convert: qemu/deps check installs them
check "plot: svg is well-formed XML" python3 -c "import sys, xml.dom.minidom as m; [m.parse(f) for f in sys.argv[1:]]" "$T/plots/lines.svg" "$T/plots/lines-order.svg"
check "plot: each png is its svg rendered (one picture in both formats)" bash -c \
	"rsvg-convert --format=png '$T/plots/lines.svg' | cmp -s - '$T/plots/lines.png' &&
	 rsvg-convert --format=png '$T/plots/lines-order.svg' | cmp -s - '$T/plots/lines-order.png'"
"$BIN" plot --out "$T/plots2" "$FIX/seed000.txt" >"$T/out" 2>&1 </dev/null && PATH=/nonexistent "$BIN" plot --out "$T/plots3" "$FIX/seed000.txt" >"$T/out" 2>&1
check "plot without rsvg-convert says so" has out "rsvg-convert is not on PATH: PNG plots skipped"
check "plot without rsvg-convert: no png" test ! -e "$T/plots3/lines.png"
run "plot needs --out" 2 plot "$FIX/seed000.txt"
# a lab's 13000 runs a backend: an even sample of 1000 each in the strip plot, medians
# of 44 consecutive runs (26000 / 600 points, rounded up) in the run-order plot
run "plot of a lab (26000 runs, one boot without totals: exit 3)" 3 plot --out "$T/labplots" "$T"/lab/lab-*.log
check "plot of a lab: 1000 points a backend and 2 legend dots in the strip plot" \
	test "$(grep -c '<circle' "$T/labplots/lines.svg")" = 2002
check "plot of a lab: the strip plot says it drew a sample" grep -q 'over 1000 runs, an even sample drawn' "$T/labplots/lines.svg"
check "plot of a lab: 296 bin medians a backend in the run-order plot" \
	test "$(grep -c '<circle' "$T/labplots/lines-order.svg")" = 594
check "plot of a lab: the run-order plot says what a point is" \
	grep -q 'each point: the median of 44 consecutive runs of its group' "$T/labplots/lines-order.svg"

# --- init-disk -----------------------------------------------------------
run "init-disk new file" 0 init-disk --label lab1 "$T/disk.img"
check "new disk is 16M" test "$(size_of "$T/disk.img")" = 16777216
check "new disk header" bash -c "head -c 32 '$T/disk.img' | grep -q 'SWAPBENCH-RESULTS-V1' && head -c 64 '$T/disk.img' | grep -q 'label=lab1'"
run "empty results disk has no records" 3 csv "$T/disk.img"
check "empty disk reported" has err "no swapbench records found"
run "init-disk again on an empty results disk" 0 init-disk "$T/disk.img"
grep -a -e '^# sb ' -e '^ok ' -e '^not ok ' "$FIX/seed000.txt" >"$T/records"
dd if="$T/records" of="$T/disk.img" bs=4096 seek=1 conv=notrunc status=none
run "results disk with records" 0 csv "$T/disk.img"
check "disk rows equal serial log rows" bash -c "diff <(cut -d, -f3- '$T/out') <(cut -d, -f3- '$T/seed.csv')"
run "refuse a results disk holding records" 2 init-disk "$T/disk.img"
check "refusal explained" has err "holds a swapbench results disk (label swapbench) that holds records"
run "--force overwrites it" 0 init-disk --force "$T/disk.img"
check "--force kept the size" test "$(size_of "$T/disk.img")" = 16777216
head -c 2097152 /dev/zero >"$T/ext4.img"
printf '\123\357' | dd of="$T/ext4.img" bs=1 seek=1080 conv=notrunc status=none
run "refuse an ext4 signature" 2 init-disk "$T/ext4.img"
check "ext4 named" has err "signature of type ext2 (as blkid names it)"
check "refused file untouched" bash -c "[ \$(stat -c %s '$T/ext4.img') = 2097152 ] && ! grep -q SWAPBENCH '$T/ext4.img'"
printf 'important' | dd of="$T/ext4.img" bs=1 seek=1080 conv=notrunc status=none
run "refuse unknown data" 2 init-disk "$T/ext4.img"
head -c 2097152 /dev/zero >"$T/zero.img"
run "refuse to shrink" 2 init-disk --size 1M "$T/zero.img"
check "not truncated" test "$(size_of "$T/zero.img")" = 2097152
run "zeroed file accepted" 0 init-disk "$T/zero.img"
check "zeroed file keeps its size" test "$(size_of "$T/zero.img")" = 2097152
run "--size 1M new file" 0 init-disk --size 1M "$T/small.img"
check "new file has --size" test "$(size_of "$T/small.img")" = 1048576
run "--size too small" 2 init-disk --size 4K "$T/tiny.img"
check "no file left by a usage error" test ! -e "$T/tiny.img"
run "bad label" 2 init-disk --label "two words" "$T/l.img"
run "init-disk needs one target" 2 init-disk
run "init-disk on a directory" 2 init-disk "$T/emptydir"

if [ $failed = 0 ]; then echo "report_cli: all passed"; else echo "report_cli: some FAILED"; fi
exit $failed
