#!/bin/bash
# Exercises the built swapbench-report's md and plot (a lab, kernels with
# different memory, damaged records, a sampled plot) and init-disk's safety
# (report_cli.sh: the other commands).
# Prints PASS/FAIL lines; exits 1 on any FAIL.
# Usage: bash tests/integration/report_cli_md.sh [out/bin/swapbench-report]
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/report_lib.sh
source "$top/tests/report_lib.sh"

# --- md and plot ---------------------------------------------------------
run "md seed000" 0 md "$FIX/seed000.txt"
check "md title and sections" bash -c "grep -q '^# swapbench report' '$T/out' && grep -q '^## Problems' '$T/out' && grep -q '^## Backends' '$T/out'"
check "md: no problems" has out "^None: every record"
check "md: the verdict in words, naming both backends" \
	has out "^- lines: the swapfile is 11.5 % faster than the partition in typical runs (95 % CI -12.5 % to -10.5 %, 38 pairs); 2 of 40 swapfile runs and 0 of 40 partition runs were slow-mode outliers (no difference proven in that rate); all runs, the mean a user pays: -8.5 % (95 % CI -12.0 % to -3.5 %)\.$"
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
check "md --plots: stderr says nothing when the records are clean" test ! -s "$T/err"
check "md --plots: an empty notes.txt when the host made every PNG" test -f "$T/mdplots/notes.txt" -a ! -s "$T/mdplots/notes.txt"
env PATH=/nonexistent "$BIN" md --plots "$T/mdnopng" "$FIX/seed000.txt" >/dev/null 2>"$T/err"
check "md --plots without rsvg-convert: the note is in notes.txt" \
	grep -qx 'note: rsvg-convert is not on PATH: PNG plots skipped, SVG only' "$T/mdnopng/notes.txt"
check "md --plots without rsvg-convert: not on stderr" test ! -s "$T/err"
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
"$BIN" csv "$FIX/seed000.txt" >"$T/seed.csv" 2>/dev/null
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
mkdir "$T/emptydir"
run "init-disk on a directory" 2 init-disk "$T/emptydir"
exit $failed
