#!/bin/bash
# Exercises the built swapbench-report: commands, options and exit statuses,
# problem reports, csv, summary and compare (md, plot, init-disk:
# report_cli_md.sh).
# Prints PASS/FAIL lines; exits 1 on any FAIL.
# Usage: bash tests/integration/report_cli.sh [out/bin/swapbench-report]
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/report_lib.sh
source "$top/tests/report_lib.sh"

# --- usage ---------------------------------------------------------------
run "help" 0 help
check "help lists every command" bash -c "for c in csv summary compare md plot init-disk; do grep -q \"^  \$c \" '$T/out' || exit 1; done"
check "help fits one screen: at most 50 lines of at most 80 columns" \
	test "$(wc -l <"$T/out")" -le 50 -a "$(wc -L <"$T/out")" -le 80
check "help puts a command's own option under it" \
	bash -c "grep -A3 '^  init-disk ' '$T/out' | grep -q '^    --force '"
check "help names the commands of a shared option" \
	bash -c "grep -B1 '^    --higher-better ' '$T/out' | grep -q '^  compare rank:'"
# every command help lists answers COMMAND --help and help COMMAND alike, on
# stdout with status 0, naming itself and each of its own options
cmds=$(sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' "$T/out" | grep -vx help | sort -u)
bad=
for c in $cmds; do
	a=$("$BIN" "$c" --help 2>"$T/err"); st=$?
	b=$("$BIN" help "$c" 2>>"$T/err")
	[ "$st" = 0 ] && [ ! -s "$T/err" ] && [[ $a == "usage: swapbench-report $c "* ]] && [ "$a" = "$b" ] || bad="$bad $c"
done
same "COMMAND --help and help COMMAND: usage on stdout, status 0, for each of $(wc -w <<<"$cmds") commands" "" "$bad"
check "compare --help lists compare's own option --bisect" bash -c "'$BIN' compare --help | grep -q '^  --bisect '"
run "help of an unknown command" 2 help frobnicate
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
	has out "^lines: the swapfile is 11.5 % faster than the partition in typical runs (95 % CI -12.5 % to -10.5 %, 38 pairs); 2 of 40 swapfile runs and 0 of 40 partition runs were slow-mode outliers (no difference proven in that rate); all runs, the mean a user pays: -8.5 % (95 % CI -12.0 % to -3.5 %)\.$"
check "seed000: swapfile proven faster over the 38 typical pairs, 2 of B's runs slow" bash -c "grep -Eq '^lines +B faster +pairs +38 +38 +0/0 +0/2 ' '$T/out'"
# the 38 pairs without 160.97 and 153.28 s, by the delta method in Python (t(0.975, 37) = 2.026192): -11.4946 % [-12.5391 %, -10.4500 %]
check "seed000: typical pairs' relative difference (-11.49% [-12.54%, -10.45%])" has out "\-11.49%  \[-12.54%, -10.45%\]"
check "seed000: all runs, what a user pays: the mean of the mixture (-8.52 %, scipy's paired figure) with its bootstrap interval" \
	has out "all runs of lines, the mean a user pays: B/A-1 -8.52 % (95 % bootstrap CI -12.04 % to -3.49 %, 2000 resamples of pairs)"
check "seed000: the slow mode's rates, Wilson's intervals and Fisher" \
	has out "slow mode of lines (Hampel's identifier on log time): A 0 of 40 (95 % CI 0.0 % to 8.8 %), B 2 of 40 (1.4 % to 16.5 %); Fisher's exact p = 0.494: no difference proven in that rate"
check "seed000: names the slow runs" has out "slow-mode runs of B (file) in lines: run 15 of boot 5eed0003, 161 (1.71 x the median); run 37 of boot 5eed0003, 153.3 (1.62 x the median)"
check "seed000: 37 degrees of freedom (the file always ran first: no order effect to fit)" bash -c "grep -Eq '^lines .* 95% +37\.0\$' '$T/out'"
check "seed000: says it paired and why" has out "analysis of lines: paired: 38 typical pairs of runs of one round, always in one order.*; 2 pair(s) with a slow-mode run counted apart"
# two pairs in counterbalanced order (A B, then B A): too few to fit the order
# effect, which is not the same as one order always (a model's seed 000)
python3 - "$T/cb.txt" <<'EOF'
import sys, zlib
with open(sys.argv[1], "w") as f:
    m = "# sb meta boot=5eed00cb kernel_release=6.1.192 memtotal_kb=51868 cmdline=console=ttyS0 tag=cb"
    f.write(f"KTAP version 1\n{m} crc={zlib.crc32(m.encode()):08x}\n")
    for n, b, i, e in [(1, "partition", 1, 334.0), (2, "file", 1, 251.6), (3, "file", 2, 283.1), (4, "partition", 2, 312.2)]:
        l = f"ok {n} lines-{b}-{i} boot=5eed00cb workload=lines backend={b} iter={i} status=ok elapsed_s={e:.3f} kernel=6.1.192 tag=cb"
        f.write(f"{l} crc={zlib.crc32(l.encode()):08x}\n")
    t = "# sb totals boot=5eed00cb planned=4 ran=4 ok=4 notok=0 status=pass"
    f.write(f"{t} crc={zlib.crc32(t.encode()):08x}\n")
EOF
run "compare --backends two counterbalanced pairs" 0 compare --backends "$T/cb.txt"
check "two pairs, A B then B A: said counterbalanced, too few to fit the order effect" \
	has out "analysis of lines: paired: 2 typical pairs of runs of one round, order counterbalanced, too few pairs to fit its effect"
# two draws (boots of one experiment, swapbench.draw=1 and 2), each 10 rounds A B, B A, ...:
# pooled as draws whether given as two sources or as one log holding both
python3 - "$T/draw1.txt" "$T/draw2.txt" <<'EOF'
import sys, zlib
def line(f, l):
    f.write(f"{l} crc={zlib.crc32(l.encode()):08x}\n")
for d, path in enumerate(sys.argv[1:], 1):
    boot = f"d0a50{d:03d}"
    with open(path, "w") as f:
        f.write("KTAP version 1\n")
        line(f, f"# sb meta boot={boot} kernel_release=6.1.192 memtotal_kb=51868 cmdline=\"console=ttyS0 swapbench.draw={d}\" tag=draws")
        n = 0
        for i in range(1, 11):
            for b in (["partition", "file"] if i % 2 else ["file", "partition"]):
                n += 1
                e = (20.0 if b == "partition" else 16.0) * (1 + 0.01 * ((i * 7 + d * 3 + (b == "file")) % 5 - 2))
                line(f, f"ok {n} fight-{b}-{i} boot={boot} workload=fight backend={b} iter={i} status=ok elapsed_s={e:.3f} kernel=6.1.192 tag=draws")
        line(f, f"# sb totals boot={boot} planned=20 ran=20 ok=20 notok=0 status=pass")
EOF
run "compare --backends, two draws as two sources" 0 compare --backends "$T/draw1.txt" "$T/draw2.txt"
check "two draws: analysed over draws" has out "analysis of fight: paired over draws: 20 typical pairs of runs of one round in 2 draws (boots)"
check "two draws: the levels printed (Kalibera and Jones)" has out "^draws of fight (Kalibera and Jones): 2 draws, 10.0 pairs a draw; "
check "two draws: named" has out "^the draws of fight: boot d0a50001 (swapbench.draw=1), boot d0a50002 (swapbench.draw=2)$"
grep -v "^compare " "$T/out" >"$T/two"
cat "$T/draw1.txt" "$T/draw2.txt" >"$T/draws.txt"
run "compare --backends, two draws in one log" 0 compare --backends "$T/draws.txt"
grep -v "^compare " "$T/out" >"$T/one"
check "two draws: one log holding both gives the same comparison" cmp -s "$T/one" "$T/two"
run "compare --backends blocked seed000" 0 compare --backends "$FIX/seed000-blocked.txt"
check "blocked: unpaired, says why" has out "analysis of lines: unpaired (Welch over typical runs, .* df): boot 5eed0002 ran its plan in blocked order"
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
# several metrics in one table: B's sys_s 20 % up, throughput 10 % down, the rest alike
run "compare --metrics five metrics" 0 compare --metrics elapsed_s,sys_s,throughput,free_latency,pswpout \
	"$FIX/metrics-a.txt" "$FIX/metrics-b.txt"
check "--metrics: the short names resolved in the header" has out "^compare elapsed_s (s), sys_s (s), w.throughput_kbs (KB/s), w.free_latency_us (us), pswpout (pages): "
check "--metrics: sys_s B slower, worse" bash -c "grep -Eq '^sys_s +swap-w-seq +zram +B slower +worse +boots +4 +4 .* \+20.35% ' '$T/out'"
check "--metrics: throughput B lower, worse (higher is better)" bash -c "grep -Eq '^w.throughput_kbs +swap-w-seq +zram +B lower +worse +boots +4 +4 .* -9.73% ' '$T/out'"
check "--metrics: free latency no difference proven" bash -c "grep -Eq '^w.free_latency_us +swap-w-seq +zram +no difference proven +- +boots' '$T/out'"
check "--metrics: Holm over all five, not per metric" has out "^Holm over the 5 comparisons of this table: .*, over every metric."
check "--metrics: the least significant at 95 %, Holm's last step" bash -c "[ \$(grep -c '  95%\$' '$T/out') = 0 ] && grep -Eq '^sys_s .* 98.75%\$' '$T/out'"
check "--metrics: a verdict sentence per metric" bash -c "[ \$(grep -Ec '^(elapsed_s|sys_s|w.throughput_kbs|w.free_latency_us|pswpout), swap-w-seq: ' '$T/out') = 5 ]"
cat "$FIX/metrics-a.txt" "$FIX/metrics-b.txt" >"$T/metrics.log"
run "compare --by tag --metrics" 0 compare --by tag --metrics sys_s,throughput "$T/metrics.log"
check "--by tag --metrics: Holm over 2" has out "^Holm over the 2 comparisons of this table"
check "--by tag --metrics: the sides by tag" has out "^sys_s, swap-w-seq: B is 20.4 % slower than A with zram"
run "--metric throughput: the short name, higher is better" 0 compare --metric throughput "$FIX/metrics-a.txt" "$FIX/metrics-b.txt"
check "--metric throughput: w.throughput_kbs compared" has out "^compare w.throughput_kbs (KB/s): "
run "--metrics with a bad name" 2 compare --metrics sys_s,,pswpout "$FIX/metrics-a.txt" "$FIX/metrics-b.txt"
check "--metrics bad name explained" has err "'' is not a record key (in 'sys_s,,pswpout')"
run "--metrics naming one twice" 2 compare --metrics throughput,w.throughput_kbs "$FIX/metrics-a.txt" "$FIX/metrics-b.txt"
check "--metrics twice explained" has err "'w.throughput_kbs' is named twice"
run "--metrics with --bisect refused" 2 compare --bisect --metrics sys_s,elapsed_s "$FIX/metrics-a.txt" "$FIX/metrics-b.txt"
check "--metrics --bisect explained" has err "decides no bisect step"
# two backends of the same boots, several metrics: runs paired by round
run "compare --by backend --metrics" 0 compare --by backend --metrics elapsed_s,majflt "$FIX/seed000.txt"
check "--by backend: A and B are the two backends" has out "A = backend file, B = backend partition in "
check "--by backend: paired over the 38 typical rounds, cells by kernel" bash -c "grep -Eq '^elapsed_s +lines +2.6.20 +B slower +worse +pairs +38 +38 +0/0 +2/0 ' '$T/out'"
check "--by backend: a metric no run has is no verdict, said up front" has out "^no verdict possible for majflt of lines/2.6.20: "
run "compare --by backend, three backends" 2 compare --by backend "$FIX/seed000.txt" "$FIX/metrics-a.txt"
check "three backends explained" has err "the sources hold 3 backend values, need exactly 2"
# the default make run's two draws (tests/fixtures/default-draws: the records
# of a fresh clone's make run, 5 Dec): the verdict over draws, and each
# side's slow-mode runs under the workload's name, which must outlive the
# escaper's ring of buffers the run lines turn over
run "default draws: compare over two draws" 0 compare --backends "$FIX/default-draws/draw-1.txt" "$FIX/default-draws/draw-2.txt"
check "default draws: the swapfile 17.18 % faster among 18 typical pairs, the draws a level" \
	has out "^fight     B faster  pairs   18   18         0/0       2/5  20.729  17.566  -17.18%  \[-20.95%, -12.84%\]    95%  16.0$"
check "default draws: A's slow-mode runs named under fight" has out "^slow-mode runs of A (partition) in fight: run 4 of boot 26f4a67b, 17.81"
check "default draws: B's too, after A's line turned the ring over" has out "^slow-mode runs of B (file) in fight, the first: run 2 of boot 61a270a3, 16.42"

# make compare METRICS=: a malformed list is refused before anything builds or boots
METRICS='sys_s,,x' KERNELS="a b" "$top/experiments/compare" >"$T/out" 2>"$T/err"
check "make compare METRICS=sys_s,,x: refused (exit 2)" test "$?" = 2
check "... naming the list" has err "^compare: error: METRICS=sys_s,,x: record keys separated by commas"
exit $failed
