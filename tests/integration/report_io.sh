#!/bin/bash
# The picture of what the modelled disk's head did (report/out/ioplot.c), drawn
# from the runs' io records (tests/fixtures/io-hdd.txt, made by gen_io from a
# DISK=hdd LAYOUT=seed000 boot's records): one SVG a backend with a circle
# for every read and write the accounts kept, the overflowed account's
# left-out count in its caption and in report.md; a source without a
# modelled disk, or a modelled boot without io records, says so and draws
# nothing; an account with a part missing is a problem and is not drawn.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/report_lib.sh
source "$top/tests/report_lib.sh"

# entries BACKEND [OP...]: the fixture's io entries of BACKEND's tests with one of those ops
entries() {
	python3 - "$FIX/io-hdd.txt" "$@" <<'PY'
import re, sys
path, backend, ops = sys.argv[1], sys.argv[2], set(sys.argv[3:])
lines = open(path).read().splitlines()
tests = {m.group(1) for l in lines if (m := re.match(r"ok (\d+) .* backend=(\S+)", l)) and m.group(2) == backend}
n = 0
for l in lines:
    m = re.match(r"# sb io test=(\d+) .* reqs=(\S*) crc=", l)
    if m and m.group(1) in tests:
        n += sum(1 for e in m.group(2).split(";") if e and e.split(":")[4] in ops)
print(n)
PY
}

"$BIN" plot --out "$T/p" "$FIX/io-hdd.txt" >"$T/out" 2>"$T/err"
same "report_io: plot of a modelled boot exits 0" 0 $?
check "report_io: a picture for each backend" test -s "$T/p/io-db982654-partition.svg" -a -s "$T/p/io-db982654-file.svg"
check "report_io: plot names what it wrote" grep -qx "wrote $T/p/io-db982654-file.svg" "$T/out"
check "report_io: the pictures are well-formed XML" python3 -c "import sys, xml.dom.minidom as m; [m.parse(f) for f in sys.argv[1:]]" \
	"$T/p/io-db982654-partition.svg" "$T/p/io-db982654-file.svg"
for be in partition file; do
	# a circle a kept read or write, two more in the legend
	same "report_io: $be: one circle a kept read or write, and the legend's two" \
		"$(($(entries "$be" R W) + 2))" "$(grep -c '<circle' "$T/p/io-db982654-$be.svg")"
	same "report_io: $be: one mark a flush" "$(entries "$be" F)" "$(grep -c 'stroke="#2ca02c"/>' "$T/p/io-db982654-$be.svg")"
done
check "report_io: the partition's extent is marked" grep -q '<rect class="extent"' "$T/p/io-db982654-partition.svg"
check "report_io: three panels' axes" bash -c "grep -q '>queue depth<' '$T/p/io-db982654-file.svg' && grep -q '>throughput (MB/s)<' '$T/p/io-db982654-file.svg' && grep -q '>position on the disk (GB)<' '$T/p/io-db982654-file.svg'"
check "report_io: the overflowed account's left-out count in the caption" \
	grep -q '>account full: 3234 of 3697 requests left out (test 1: 3234, 1 in 8 kept)<' "$T/p/io-db982654-partition.svg"
check "report_io: what was served and kept" \
	grep -q '>1 run of file end to end: 3254 requests served, 407 kept in the accounts, 407 drawn<' "$T/p/io-db982654-file.svg"

"$BIN" md --plots "$T/md" "$FIX/io-hdd.txt" >"$T/report.md" 2>/dev/null
check "report_io: report.md shows the picture" grep -qF '](io-db982654-partition.svg)' "$T/report.md"
check "report_io: report.md's caption says what the account left out" \
	grep -q '^account full: 3234 of 3697 requests left out (test 1: 3234, 1 in 8 kept)$' "$T/report.md"
check "report_io: md wrote the picture it shows" test -s "$T/md/io-db982654-partition.svg"

"$BIN" plot --out "$T/host" "$FIX/seed000.txt" >"$T/out" 2>/dev/null
check "report_io: no modelled disk: said, instead of a picture" \
	grep -qx 'no picture of the head: no boot ran on a modelled disk (DISK=NAME)' "$T/out"
check "report_io: no modelled disk: no io picture" bash -c "! ls '$T/host'/io-* 2>/dev/null"

grep -v '^# sb io ' "$FIX/io-hdd.txt" >"$T/noio.txt"
"$BIN" plot --out "$T/noio" "$T/noio.txt" >"$T/out" 2>/dev/null
check "report_io: a modelled boot without io records: said" \
	grep -qx 'boot db982654 on hdd-7k500: no account of requests in its records, no picture of the head' "$T/out"
check "report_io: and no picture" bash -c "! ls '$T/noio'/io-* 2>/dev/null"

grep -v '^# sb io test=1 part=2 ' "$FIX/io-hdd.txt" >"$T/cut.txt"
"$BIN" plot --out "$T/cut" "$T/cut.txt" >"$T/out" 2>"$T/err"
same "report_io: a part missing: exit 3 (problems)" 3 $?
check "report_io: a part missing is named" grep -q 'io record of boot db982654 test 1 part 3 of 6: part 2 missing before it' "$T/err"
check "report_io: the cut account is not drawn, the whole one is" \
	bash -c "test ! -e '$T/cut/io-db982654-partition.svg' && test -s '$T/cut/io-db982654-file.svg'"

# the page draws the same pictures inline, under their own heading, before the others
"$BIN" html "$FIX/io-hdd.txt" >"$T/page.html" 2>/dev/null
same "report_io: html: the disk's two pictures inline" 2 "$(grep -c '<title id="pic[0-9]*">boot db982654, [a-z]* on hdd-7k500: the sector' "$T/page.html")"
check "report_io: html: under \"What the disk's head did\", before the run times' pictures" \
	bash -c "grep -o '<h2>[^<]*</h2>' '$T/page.html' | head -3 | tr '\n' '|' | grep -qx '<h2>Verdicts</h2>|<h2>What the disk.s head did</h2>|<h2>Pictures</h2>|'"
check "report_io: html: the overflow named in the picture's title" grep -q '3234 of 3697 requests left out' "$T/page.html"
exit "$failed"
