#!/bin/bash
# swapbench-report on records a hostile guest could write
# (tests/fixtures/hostile_log.py): times no double steps between
# (elapsed_s 10^17 and 10^17 + 32) still give plot, md --plots and html that
# end, small, with the axis ticks counted; a backend named with a raw 0xff
# byte, with U+FFFF and with two-byte characters past the legend's cut
# gives SVGs that python3's XML parser takes (and rsvg-convert renders),
# the bytes shown as \xNN and the cut between characters; a workload, tag
# or backend a spreadsheet would evaluate (= + - @) reaches the CSV with a
# ' before it, a negative number stays a number. The ASan build when there
# is one; each command under a timeout and a 10 MB file limit.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${1:-$top/out/bin/asan/swapbench-report}
[ -x "$BIN" ] || BIN=$top/out/bin/swapbench-report
T=$(mktemp -d /tmp/report_hostile.XXXXXX)
trap 'rm -rf "$T"' EXIT
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
for k in times names csv; do python3 "$top/tests/fixtures/hostile_log.py" "$k" "$T/$k.log"; done

# bounded NAME OUT CMD...: CMD ends within 60 s with status 0, writing at most 10 MB a file
bounded() {
	local name=$1 out=$2 rc
	shift 2
	(ulimit -f 10240 && exec timeout 60 "$@") >"$out" 2>"$T/err"
	rc=$?
	if [ "$rc" = 0 ]; then pass "$name (exit 0)"; else
		fail "$name" "exit $rc (124: no end in 60 s; 153: a file past 10 MB); stderr: $(head -c 300 "$T/err")"; fi
}
# xml FILE...: how many of them python3's XML parser takes
xml() {
	python3 -c '
import sys, xml.dom.minidom
n = 0
for f in sys.argv[1:]:
    try:
        xml.dom.minidom.parse(f); n += 1
    except Exception as e:
        print(f, e, file=sys.stderr)
print(n)' "$@"
}
# ticks SVG: the y axis's tick labels (at the left margin, anchored at their end)
ticks() { grep -o '<text x="72.0" y="[0-9.]*" text-anchor="end">[^<]*' "$1" | sed 's/.*>//'; }

# --- times doubles cannot step between ------------------------------------------
bounded "plot of runs at 1e17 s and 1e17 + 32 s ends" "$T/plot.out" "$BIN" plot --out "$T/p" "$T/times.log"
same "... its two plots and two io pictures, each XML" 4 "$(xml "$T"/p/*.svg)"
check "... the four under 400 kB in all" test "$(du -bc "$T"/p/*.svg | tail -n1 | cut -f1)" -lt 400000
n=$(ticks "$T/p/lines.svg" | wc -l)
check "... the y axis has 2 to 64 ticks ($n)" test "$n" -ge 2 -a "$n" -le 64
same "... each tick its own value" "$n" "$(ticks "$T/p/lines.svg" | sort -u | wc -l)"
bounded "md --plots of them ends" "$T/md.out" "$BIN" md --plots "$T/mp" "$T/times.log"
bounded "html of them ends" "$T/page.html" "$BIN" html "$T/times.log"
check "... the page under 1 MB" test "$(stat -c %s "$T/page.html")" -lt 1000000

# --- names that are not UTF-8, or are cut --------------------------------------
bounded "plot of backends named with 0xff, U+FFFF and 30 two-byte characters" "$T/names.out" \
	"$BIN" plot --out "$T/n" "$T/names.log"
same "... fight.svg and fight-order.svg are XML" 2 "$(xml "$T/n/fight.svg" "$T/n/fight-order.svg")"
legend=$(grep -o 'text-anchor="start"[^>]*>[^<]*' "$T/n/fight.svg" | sed 's/.*>//' | head -n 3 | tr '\n' '|')
same "... the legend: bytes not UTF-8 as \\xNN, the long name cut between characters" \
	'a\xffb|c\xef\xbf\xbfd|éééééééééééééééééé...|' "$legend"
if command -v rsvg-convert >/dev/null; then
	check "... rsvg-convert renders both (fight.png, fight-order.png)" test -s "$T/n/fight.png" -a -s "$T/n/fight-order.png"
else
	skip "... rsvg-convert renders both" "no rsvg-convert on PATH"
fi

# --- cells a spreadsheet would evaluate -------------------------------------------
# cells CSV ROW COLUMN...: those cells of row ROW as python3's csv reader reads them
cells() {
	python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
print("|".join(rows[int(sys.argv[2])][c] for c in sys.argv[3:]))' "$@"
}
bounded "csv of a workload =HYPERLINK(...), backends @backend and -backend, tag +tag" "$T/c.csv" "$BIN" csv "$T/csv.log"
same "... each such cell with a ' before it, extra as it was" \
	"'=HYPERLINK(\"http://example.com/x\",\"click\")|'@backend|'+tag|w.delta=-1.5" \
	"$(cells "$T/c.csv" 0 workload backend tag extra)"
same "... -backend too" "'-backend" "$(cells "$T/c.csv" 1 backend)"
bounded "csv --wide of them" "$T/w.csv" "$BIN" csv --wide "$T/csv.log"
same "... a negative number stays a number (w.delta -1.5, -2)" "-1.5|-2" \
	"$(cells "$T/w.csv" 0 w.delta)|$(cells "$T/w.csv" 1 w.delta)"
exit "$failed"
