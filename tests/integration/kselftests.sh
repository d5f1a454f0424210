#!/bin/bash
# experiments/kselftests-verdicts: the kernel's tests beside swapbench's
# checks, from a log made here the way a boot of make kselftests prints it
# (checksummed records, and the programs' lines as ks-run prefixes them).
# Each row's verdict is derived from the inputs: an agreement, a
# disagreement, a behaviour only one side tests, a case over two runs, the
# planted limit (lowered below the pool: allowed) recorded by swapbench's
# check, and a plant whose run the check failed, with its reason; and the
# mTHP fallback from the allocator test's iteration lines, whose mean leaves
# out an iteration with nothing swapped out (12.5 %, not 8.3 %).
# test_zswap's KTAP is read by the kernel's own kunit.py, from Debian's
# linux-source-6.12 (kernel/build source debian:6.12, as KERNEL=debian:6.12
# gets it). A damaged record, a log without the programs' lines and a
# missing kunit.py are refused with exit 2, naming what was wrong.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=host/settings.sh
source "$top/host/settings.sh"
OUT=$top/out settings_apply REPORT || exit 2
BIN=$REPORT
V=$top/experiments/kselftests-verdicts
T=$(mktemp -d /tmp/kselftests.XXXXXX)
trap 'rm -rf "$T"' EXIT
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"

src=$("$top/kernel/build" source debian:6.12 2>"$T/src.err") ||
	{ fail "kselftests: Debian's linux-source-6.12 (kernel/build source debian:6.12)" "$(tail -n 2 "$T/src.err")"; exit 1; }
kunit=$src/tools/testing/kunit/kunit.py

/usr/bin/python3 - "$T/serial.log" <<'PY'
import sys, zlib
B = "boot=c5e1f001"
Z = "zswap+partition@memory.zswap.max=4M@zswap.writeback=0@mthp=64K:always"
out = ["KTAP version 1", "# sb meta %s kernel_release=6.12.118 arch=x86_64 memtotal_kb=180000 clocksource=tsc clock_step_ns=1" % B, "1..7"]
n = 0
def rec(ok, wl, conf, extra):
    global n
    n += 1
    line = "%s %d %s-%d %s workload=%s backend=%s iter=1 status=%s elapsed_s=2.5 kernel=6.12.118 %s" % (
        "ok" if ok else "not ok", n, wl, n, B, wl, conf, "ok" if ok else "error", extra)
    out.append(line + " crc=%08x" % zlib.crc32(line.encode()))
def ks(name, *lines):
    out.extend("ks:%s: %s" % (name, l) for l in lines)
rec(True, "fight", Z, "zswap_checks=writeback,max zswap_check=pass cg_zswpout=3085 cg_zswpwb=0 cg_zswap_peak_kb=4097")
rec(False, "swap-w-seq", Z, 'zswap_checks=max,incompressible zswap_check=fail zswap_check_failed="zswap stored 900 pages of an incompressible fill (fill=random) of 1000 swapped out; at most 16 expected"')
rec(True, "mthp-frag", Z, "w.fallback_pct_first=100.00 w.fallback_pct_last=100.00 w.fallback_pct_mean=100.00 w.iterations=2")
ks("thp_swap_allocator_test",
   "Iteration 1: swpout inc: 0, swpout fallback inc: 9, Fallback percentage: 100.00%",
   "Iteration 2: swpout inc: 0, swpout fallback inc: 3, Fallback percentage: 100.00%", "exit=0")
ks("test_zswap", "TAP version 13", "ok 1 test_zswap_usage",
   "# at least 24MB of memory should be swapped out", "not ok 2 test_swapin_nozswap",
   "# at least 24MB should be brought back from zswap", "not ok 3 test_zswapin",
   "ok 4 test_zswap_writeback_enabled # SKIP", "ok 5 test_zswap_writeback_disabled", "exit=1")
ks("test_zswap_mthp", "TAP version 13", "# zswpout does not increase after test program",
   "not ok 1 test_zswap_usage", "ok 2 test_swapin_nozswap", "exit=1")
ks("planted", "zswap held 4096 kB of the cgroup's; memory.zswap.max 4194304 -> 8192",
   "zswap held 4090 kB 2 s later", "exit=0")
rec(False, "exec", Z, "zswap_checks=max zswap_check=pass cg_zswap_over_ms=2100 cg_zswap_over_kb=4096 cg_zswap_over_max_kb=8")
ks("test_zswap", "TAP version 13", "ok 1 test_zswap_usage", "ok 2 test_swapin_nozswap", "ok 3 test_zswapin",
   "ok 4 test_zswap_writeback_enabled # SKIP", "ok 5 test_zswap_writeback_disabled",
   "# <script>x</script> | & [l](u) \x1b[2J", "ok 6 test_no_kmem_bypass", "exit=0")
ks("planted", "zswap held 300 kB of the cgroup's; memory.zswap.max 41943040 -> 8192", "exit=0")
rec(False, "exec", "zswap+partition@memory.zswap.max=40M", 'zswap_checks=max zswap_check=fail zswap_check_failed="memory.zswap.max broken: 3 pages stored in 100 ms while zswap held 300 kB at its limit of 8 kB and nothing left it"')
rec(True, "mthp-frag", "zram:lz4:64M@mthp=64K:always", "w.fallback_pct_first=0.00 w.fallback_pct_last=0.00 w.fallback_pct_mean=0.00 w.iterations=3")
ks("thp_swap_allocator_test",
   "Iteration 1: swpout inc: 5, swpout fallback inc: 0, Fallback percentage: 0.00%",
   "Iteration 2: swpout inc: 0, swpout fallback inc: 0, Fallback percentage: -nan%",
   "Iteration 3: swpout inc: 6, swpout fallback inc: 2, Fallback percentage: 25.00%", "exit=0")
rec(True, "exec", "zram:lz4:64M@mthp=64K:always", "")
out.append("# sb totals %s planned=7 ran=7 ok=4 notok=3 status=fail" % B)
out[-1] += " crc=%08x" % zlib.crc32(out[-1].encode())
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY

md=$("$V" --kunit "$kunit" --report "$BIN" --csv "$T/k.csv" "$T/serial.log" 2>"$T/err")
same "kselftests: a boot's log gives its table (exit 0)" "0" "$?"
row() { grep -F "| $1 |" <<<"$md"; }
contains "kselftests: writeback=0: swapbench's check and test_zswap's case agree" \
	"$(row 'memory.zswap.writeback=0: nothing written back')" "| pass (check writeback) |"
contains "kselftests: ... the row ends 'agree'" "$(row 'memory.zswap.writeback=0: nothing written back')" "| pass (2 of 2 runs) | agree |"
contains "kselftests: memory.zswap.max: check passed, test_swapin_nozswap failed in 1 of 2 runs: they disagree, with the case's message" \
	"$(row 'memory.zswap.max is kept')" "| fail (1 of 2 runs: at least 24MB of memory should be swapped out) | disagree |"
contains "kselftests: ... with 64K mTHP always the case passed" "$(row 'memory.zswap.max is kept')" "| disagree | pass (1 of 1 runs) |"
contains "kselftests: zswap usage: passed in both runs at mTHP never, failed at always, with its message" \
	"$(row "zswap stores a cgroup's pages")" "| pass (2 of 2 runs) | only the kselftest tests it | fail (1 of 1 runs: zswpout does not increase after test program) |"
contains "kselftests: incompressible: the failed check named by its message, swapbench alone checks it" \
	"$(row 'incompressible pages are refused')" "| fail (check incompressible) |"
contains "kselftests: ... only swapbench" "$(row 'incompressible pages are refused')" "only swapbench checks it"
contains "kselftests: a message the guest printed reaches report.md by its markdown rule (no tag, link, pipe or ESC)" \
	"$md" "| test_no_kmem_bypass | pass | &lt;script&gt;x&lt;/script&gt; \\| &amp; \\[l\\](u) \\x1b\\[2J |"
contains "kselftests: zswapin: test_zswap alone tests it, its failure with its message" \
	"$(row 'pages come back in from zswap')" "| fail (1 of 2 runs: at least 24MB should be brought back from zswap) | only the kselftest tests it |"
contains "kselftests: a skipped case is no verdict" "$(row 'memory.zswap.writeback=1: written back at the limit')" "| skip (2 of 2 runs) | neither ran it |"
planted=$(row 'planted: memory.zswap.max lowered to 8 kB below what zswap holds (allowed)')
contains "kselftests: the lowered limit: swapbench's max check passed it and recorded the transient" \
	"$(head -n1 <<<"$planted")" "| recorded (check max) | exec zswap+partition@memory.zswap.max=4M@zswap.writeback=0@mthp=64K:always: pass, the pool 4096 kB over 8 kB for 2100 ms"
contains "kselftests: ... with what zswap held before and after" "$(head -n1 <<<"$planted")" "4096 kB of the cgroup's; memory.zswap.max 4194304 -&gt; 8192; zswap held 4090 kB 2 s later"
contains "kselftests: ... only swapbench records it" "$(head -n1 <<<"$planted")" "| only swapbench records it |"
contains "kselftests: a plant whose run the check failed: shown failed, with the reason" "$(tail -n1 <<<"$planted")" \
	"| failed (check max) | exec zswap+partition@memory.zswap.max=40M: memory.zswap.max broken: 3 pages stored"
contains "kselftests: ... swapbench failed the run" "$(tail -n1 <<<"$planted")" "| swapbench failed the run |"
contains "kselftests: the planted run's check is not counted as swapbench's max check" \
	"$(row 'memory.zswap.max is kept')" "| pass (check max) | fight zswap+partition@memory.zswap.max=4M@zswap.writeback=0@mthp=64K:always: pass; swap-w-seq"
contains "kselftests: mTHP behind zswap: both fall back in every iteration, agree" \
	"$(row 'zswap+partition@memory.zswap.max=4M@zswap.writeback=0@mthp=64K:always')" \
	"| 100.0 / 100.0 / 100.0 % (2 iterations, ok) | fail | 100.0 / 100.0 / 100.0 % (2 iterations, exit 0) | fail | agree |"
contains "kselftests: mTHP on zram: mthp-frag never fell back, the allocator test did in its last iteration: they disagree" \
	"$(row 'zram:lz4:64M@mthp=64K:always')" "| 0.0 / 0.0 / 0.0 % (3 iterations, ok) | pass | 0.0 / 25.0 / 12.5 % (3 iterations, exit 0) | fail | disagree |"
contains "kselftests: test_zswap's cases as kunit.py read them (a SKIP directive is skip)" "$md" "| test_zswap_writeback_enabled | skip | - |"
contains "kselftests: ... a table per program and configuration" "$md" "### test_zswap (64K mTHP always) on zswap+partition@memory.zswap.max=4M@zswap.writeback=0@mthp=64K:always (exit 1)"
same "kselftests: the csv has a row per behaviour, plant and configuration" 12 "$(($(wc -l <"$T/k.csv") - 1))"
contains "kselftests: ... the writeback row" "$(cat "$T/k.csv")" "zswap,memory.zswap.writeback=0: nothing written back,pass,test_zswap_writeback_disabled,pass,agree,"

# refusals: exit 2, saying what was wrong
sed 's/^\(ok 1 fight-1 .*\)status=ok/\1status=oom/' "$T/serial.log" >"$T/damaged.log"
"$V" --kunit "$kunit" --report "$BIN" "$T/damaged.log" >"$T/out" 2>"$T/err"
same "kselftests: a damaged record is refused (exit 2)" 2 "$?"
contains "kselftests: ... naming the count that disagrees" "$(cat "$T/err")" "7 result lines but 6 good result records"
grep -v '^ks:' "$T/serial.log" >"$T/plain.log"
"$V" --kunit "$kunit" --report "$BIN" "$T/plain.log" >"$T/out" 2>"$T/err"
same "kselftests: a log without the programs' lines is refused (exit 2)" 2 "$?"
contains "kselftests: ... saying so" "$(cat "$T/err")" "no kernel test printed a line"
"$V" --kunit "$T/none/kunit.py" --report "$BIN" "$T/serial.log" >"$T/out" 2>"$T/err"
same "kselftests: a missing kunit.py is refused (exit 2)" 2 "$?"
contains "kselftests: ... naming where it is found" "$(cat "$T/err")" "kernel/build source debian:6.12"
exit "$failed"
