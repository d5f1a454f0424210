#!/bin/bash
# swapbench-report fields KIND KEYS SOURCE...: the scripts' one reader of
# records. Values come back decoded (quoting undone: fixture quoting.txt's
# w.label="say \"hi\", twice"), one record a line, tab-separated, an absent
# key empty, a tab or backslash in a value escaped so the line stays one
# record; a damaged record is never printed and is named on stderr with
# exit status 3 (fixture damaged.log: line 6's checksum, line 11 cut
# short); result lines, '*' and standard input; --where KEY=VALUE,...
# keeps the records holding those values; an unknown kind or a bad key is
# refused naming what was wrong.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/report_env.sh
source "$top/tests/report_env.sh"
cd "$top" || exit 2
tab=$'\t'

same "fields: the meta record's values, in the order asked, an absent key empty" \
	"c10c0001${tab}${tab}tsc|c10c0002${tab}${tab}refined-jiffies" \
	"$("$BIN" fields meta boot,nosuchkey,clocksource "$FIX/clock.txt" | paste -sd'|')"
same "fields: quoting undone (a quoted value with \\\" and a comma)" \
	'say "hi", twice' "$("$BIN" fields result w.label "$FIX/quoting.txt")"
same "fields: every totals record, in the order of the log" "c10c0001${tab}pass|c10c0002${tab}pass" \
	"$("$BIN" fields totals boot,status "$FIX/clock.txt" | paste -sd'|')"
same "fields result: one line per run of clock.txt" 6 \
	"$("$BIN" fields result boot "$FIX/clock.txt" | wc -l)"
same "fields '*': every field of the totals record as KEY=VALUE" \
	"boot=c10c0001${tab}planned=4${tab}ran=4${tab}ok=4${tab}notok=0${tab}status=pass" \
	"$("$BIN" fields totals '*' "$FIX/clock.txt" | head -n1)"
same "fields --where: the records holding every value asked (the file runs of boot c10c0001)" \
	"create-1|create-2" "$("$BIN" fields --where boot=c10c0001,backend=file result workload,iter "$FIX/clock.txt" | tr '\t' - | paste -sd'|')"
same "fields --where: a quoted value matches decoded (quoting undone), not as written" \
	"9a0717e0|" "$("$BIN" fields --where 'note=values that need quoting' meta boot "$FIX/quoting.txt")|$("$BIN" fields --where 'note="values that need quoting"' meta boot "$FIX/quoting.txt")"
same "fields --where: a key absent from every record matches none" "" \
	"$("$BIN" fields --where nosuchkey=1 result iter "$FIX/clock.txt")"
"$BIN" fields --where backend result iter "$FIX/clock.txt" >/dev/null 2>"$T/err"
same "fields --where: a condition without = exits 2, named" "2 1" "$? $(grep -c "'backend': KEY=VALUE,... wanted" "$T/err")"

"$BIN" fields result iter,elapsed_s "$FIX/damaged.log" >"$T/out" 2>"$T/err"
rc=$?
same "fields on damaged records: exit status 3" 3 "$rc"
same "fields on damaged records: the good runs only (line 9's salvaged, not line 6's nor line 11's)" \
	"1 3.100|2 3.300|2 3.300|2 3.400|3 9.900" "$(tr '\t' ' ' <"$T/out" | paste -sd'|')"
same "fields on damaged records: each named with its line" \
	"$FIX/damaged.log:6: a record not used: checksum mismatch (damaged)|$FIX/damaged.log:11: a record not used: no checksum (truncated)" \
	"$(sed 's/^swapbench-report: //' "$T/err" | paste -sd'|')"

# a value holding a tab and a backslash, its record made with its CRC-32
body='# sb warning boot=1 msg="a\x09b\\c"'
printf '%s crc=%s\n' "$body" "$(python3 -c 'import sys, zlib; print("%08x" % zlib.crc32(sys.argv[1].encode()))' "$body")" >"$T/tab.log"
same "fields: a tab and a backslash in a value come out as \\t and \\\\, on one line" \
	'a\tb\\c' "$("$BIN" fields warning msg - <"$T/tab.log")"

printf 'console noise ending like a record crc=12345678\n' | "$BIN" fields meta boot - 2>"$T/err"
same "fields: a line with a checksum but no record start is named, exit 3" \
	"3 -:1: a record not used: malformed" "$? $(sed 's/^swapbench-report: //' "$T/err")"

"$BIN" fields nosuch boot "$FIX/clock.txt" >/dev/null 2>"$T/err"
rc=$?
same "fields: an unknown kind exits 2" 2 "$rc"
check "fields: an unknown kind is refused naming it and the kinds there are" \
	grep -q "no record kind 'nosuch' (the kinds: result, meta, .*totals" "$T/err"
"$BIN" fields meta 'a=b' "$FIX/clock.txt" >/dev/null 2>"$T/err"
rc=$?
same "fields: a key that cannot be a record key exits 2" 2 "$rc"
check "fields: the bad key is named" grep -q "'a=b' is not a record key" "$T/err"
exit "$failed"
