#!/bin/bash
# swapbench-report collect: the records of several machines at once, each
# line stored exactly once in MAC-BOOT.log (byte for byte the serial log)
# through reconnects, duplicates and a collector killed and started again;
# hostile peers (garbage, an endless line, wrong checksums, a damaged
# record, a sequence gap, a flood of connections, a peer that does not
# read) each closed with a line in collector.events, memory and disk
# bounded, the collector still serving; a second collector on the same port
# or folder refused. Runs the AddressSanitizer build when there is one.
# Everything listens on 127.0.0.1 and every loop is bounded.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$top/out/bin/asan/swapbench-report
[ -x "$BIN" ] || BIN=$top/out/bin/swapbench-report
PEER="/usr/bin/python3 $top/tests/fixtures/collect_peer.py"
FIX=$top/tests/fixtures
T=$(mktemp -d /tmp/collect.XXXXXX)
pids=()
# shellcheck disable=SC2317 # run by the trap
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	rm -rf "$T"
}
trap cleanup EXIT
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1${2:+: $2}"; failed=1; }
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name"; fi; }

# a free port above 20000
port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# start DIR [options]: a collector on $PORT in the background; sets $cpid
start() {
	local dir=$1
	shift
	"$BIN" collect --listen "127.0.0.1:$PORT" --dir "$dir" "$@" >>"$dir.progress" 2>>"$dir.err" &
	cpid=$!
	pids+=("$cpid")
	for _ in $(seq 50); do
		grep -q "listening on" "$dir.err" 2>/dev/null && return 0
		sleep 0.1
	done
	fail "collector on $PORT started" "$(tail -n 3 "$dir.err")"
}
stop() { kill "$cpid" 2>/dev/null; wait "$cpid" 2>/dev/null; }
log_of() { echo "$1/$(echo "$2" | tr : -)-$3.log"; }

PORT=$(port)
D=$T/lab
# --- several machines at once, reconnecting every few lines ---------------
start "$D"
$PEER send "$PORT" 52:54:00:00:00:01 5eed0003 "$FIX/seed000.txt" --chunk 9 >"$T/a.out" 2>/dev/null &
a=$!
$PEER send "$PORT" 52:54:00:00:00:02 c10c0001 "$FIX/clock.txt" --chunk 2 >"$T/b.out" 2>/dev/null &
b=$!
$PEER send "$PORT" 52:54:00:00:00:03 da3a6ed0 "$FIX/damaged.log" >"$T/c.out" 2>/dev/null &
c=$!
wait $a
ra=$?
wait $b
rb=$?
wait $c
rc=$?
check "three machines at once: every line acknowledged ($(cat "$T/a.out" "$T/b.out" | tr '\n' ' '))" test "$ra$rb" = 00
check "machine 1: its log is the serial log, byte for byte" cmp -s "$(log_of "$D" 52:54:00:00:00:01 5eed0003)" "$FIX/seed000.txt"
check "machine 2 (a line a frame, 2 a connection): byte for byte" cmp -s "$(log_of "$D" 52:54:00:00:00:02 c10c0001)" "$FIX/clock.txt"
# damaged.log holds a record with a wrong checksum: refused, the rest kept
dl=$(log_of "$D" 52:54:00:00:00:03 da3a6ed0)
check "machine 3: the damaged record is refused (N) and the rest acknowledged (exit $rc)" test "$rc" = 0
# lines 6 (checksum mismatch) and 11 (cut short, no checksum) are refused
check "machine 3: its log is the serial log less its damaged (6) and truncated (11) records" \
	/usr/bin/python3 -c 'import sys; a=open(sys.argv[1]).read().split("\n"); b=open(sys.argv[2]).read().split("\n"); sys.exit(b[:-1] != [l for i, l in enumerate(a, 1) if i not in (6, 11)])' "$FIX/damaged.log" "$dl"
check "the refused records have a line each in collector.events" \
	bash -c "grep -q 'da3a6ed0: line 6 refused, not stored: checksum mismatch' '$D/collector.events' && grep -q 'da3a6ed0: line 11 refused, not stored: no checksum' '$D/collector.events'"
check "progress: runs done, last status and the end, per machine" \
	grep -q "52:54:00:00:00:01 boot 5eed0003: 80/80 runs, 80 ok, 0 not ok: finished, status pass" "$D.progress"
check "progress: a line per run while it runs" grep -q "52:54:00:00:00:01 boot 5eed0003: 3/80 runs, last ok (lines-file-2, 95.890 s)" "$D.progress"
"$BIN" csv "$D" >"$T/dir.csv" 2>"$T/dir.err"
"$BIN" csv "$FIX/seed000.txt" "$FIX/clock.txt" >"$T/src.csv" 2>/dev/null
check "csv reads DIR as a folder of serial logs: as many runs as the sources ($(($(wc -l <"$T/dir.csv") - 1)))" \
	test "$(tail -n +2 "$T/dir.csv" | grep -vc da3a6ed0)" = "$(tail -n +2 "$T/src.csv" | wc -l)"
"$BIN" kcidb "$D" >"$T/dir.json" 2>/dev/null
check "kcidb reads DIR" /usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(len(d["tests"]) < 86)' "$T/dir.json"

# --- the same lines again: acknowledged, not stored twice -----------------
$PEER send "$PORT" 52:54:00:00:00:01 5eed0003 "$FIX/seed000.txt" >/dev/null 2>&1
check "a machine that sends everything again: nothing stored twice" \
	cmp -s "$(log_of "$D" 52:54:00:00:00:01 5eed0003)" "$FIX/seed000.txt"

# --- a second collector: same port, same folder ------------------------------
"$BIN" collect --listen "127.0.0.1:$PORT" --dir "$T/other" >/dev/null 2>"$T/second.err"
check "a second collector on the same port is refused (exit $?)" grep -q "Address already in use (another collector runs there?)" "$T/second.err"
"$BIN" collect --listen "127.0.0.1:$(port)" --dir "$D" >/dev/null 2>"$T/second.err"
check "a second collector on the same folder is refused" grep -q "is in use by another collector (pid $cpid)" "$T/second.err"
"$BIN" collect --listen "localhost:99999" --dir "$T/x" >/dev/null 2>"$T/bad.err"
check "--listen that is not ADDR:PORT: usage error (exit $?)" grep -q "give ADDR:PORT" "$T/bad.err"

# --- killed mid-series, a line half written, started again --------------------
m=52:54:00:00:00:04
# with a progress line (ETA) among the first 40, which the restart reads back
{ head -n 20 "$FIX/seed000.txt"; echo "# [15/80] lines on file #8: ok 95.89 s, pswpin 0, ETA 1:43:50"; tail -n +21 "$FIX/seed000.txt"; } >"$T/eta.txt"
$PEER send "$PORT" $m 0b0e0004 "$T/eta.txt" --upto 40 >/dev/null 2>&1
{ kill -9 "$cpid" && wait "$cpid"; } 2>/dev/null
kl=$(log_of "$D" $m 0b0e0004)
printf 'ok 41 lines-file-21 boot=5eed0003 workload=li' >>"$kl"	# written, its state not
start "$D"
$PEER send "$PORT" $m 0b0e0004 "$T/eta.txt" >"$T/k.out" 2>/dev/null
check "collector killed (SIGKILL) after 40 lines, started again: the rest comes, nothing twice" cmp -s "$kl" "$T/eta.txt"
check "the half-written line is cut back, with a line in collector.events" grep -q "0b0e0004: log [0-9]* bytes past its state (collector stopped mid-line): cut back" "$D/collector.events"
check "progress after the restart: no blank line (an ETA read back from a log kept its newline)" \
	bash -c "! grep -q '^\$' '$D.progress'"
check "the machines of before continue (their logs unchanged)" cmp -s "$(log_of "$D" 52:54:00:00:00:02 c10c0001)" "$FIX/clock.txt"

# --- a collector that lost its folder, or a log its state -----------------------
# The image drops a line once it is acknowledged: a collector started again on
# an empty folder, or one whose log lost its state file, must take what the
# machine still holds (its hello says from=N) and not refuse it for a gap.
m=52:54:00:00:00:0a
G=$T/lost
$PEER send "$PORT" $m 1057d00a "$FIX/seed000.txt" --upto 40 >/dev/null 2>&1
stop
rm -rf "$G" && mv "$D" "$G"	# the collector's folder is gone; a new one
start "$D"
$PEER send "$PORT" $m 1057d00a "$FIX/seed000.txt" --from 41 >"$T/lost.out" 2>"$T/lost.err"
check "an empty folder: the machine's lines 41-86 are taken at once ($(tail -n 1 "$T/lost.err"), $(cat "$T/lost.out"))" \
	bash -c "grep -qx 'connections 1' '$T/lost.err' && grep -qx 'acked 86' '$T/lost.out'"
check "an empty folder: the log holds lines 41-86, each once" \
	cmp -s "$(log_of "$D" $m 1057d00a)" <(tail -n +41 "$FIX/seed000.txt")
check "an empty folder: collector.events names the lines it never got" \
	grep -q "1057d00a: lines 1 to 40 were acknowledged to an earlier collector and are not in $D" "$D/collector.events"
m=52:54:00:00:00:0b
$PEER send "$PORT" $m 5da7e00b "$FIX/seed000.txt" --upto 30 >/dev/null 2>&1
stop
check "a machine's end is printed once, not again when the collector stops" \
	test "$(grep -c '52:54:00:00:00:0a boot 1057d00a: .*: finished' "$D.progress")" = 1
rm "$D/.$(echo $m | tr : -)-5da7e00b.state"
start "$D"
$PEER send "$PORT" $m 5da7e00b "$FIX/seed000.txt" --from 31 >"$T/nostate.out" 2>"$T/nostate.err"
aside=("$(log_of "$D" $m 5da7e00b)".nostate-*)
check "a log without its state file: set aside (${aside[0]##*/}), lines 1-30 in it" \
	cmp -s "${aside[0]}" <(head -n 30 "$FIX/seed000.txt")
check "a log without its state file: a new log takes lines 31-86 at once ($(tail -n 1 "$T/nostate.err"))" \
	bash -c "grep -qx 'connections 1' '$T/nostate.err' && cmp -s '$(log_of "$D" $m 5da7e00b)' <(tail -n +31 '$FIX/seed000.txt')"
check "a log without its state file: a line in collector.events" \
	grep -q "5da7e00b.log had no state file: set aside as .*nostate-[0-9]*, a new log begins" "$D/collector.events"
"$BIN" csv "$D" >"$T/nostate.csv" 2>/dev/null
check "csv of the folder reads the new log and skips the one set aside" \
	bash -c "grep -q '5da7e00b.log,' '$T/nostate.csv' && ! grep -q nostate '$T/nostate.csv'"

# --- hostile peers ------------------------------------------------------------
for k in garbage longline badcrc badrecord gap nohello deaf; do
	$PEER hostile "$PORT" $k >"$T/h-$k.out" 2>&1
done
check "garbage: closed with E, one events line" \
	bash -c "grep -q 'closed' '$T/h-garbage.out' && grep -q 'not a swapbench frame' '$D/collector.events'"
check "an endless line: closed at one frame's length (REC_LINE_MAX 4096 + 73, room for a key's MAC)" grep -q "a line longer than 4169 bytes: connection closed" "$D/collector.events"
check "a frame with a wrong checksum: closed" grep -q "frame checksum wrong: connection closed" "$D/collector.events"
meta="# sb meta boot=badrec kernel_release=6.1"
meta="$meta crc=$(printf %s "$meta" | gzip -c | tail -c8 | head -c4 | od -An -tx4 | tr -d ' \n')"
check "a record with a wrong checksum inside a good frame: N, not stored; the next lines stored with the first valid record" \
	bash -c "grep -q '^N 1 checksum mismatch (damaged) |.* A 3 ' '$T/h-badrecord.out' && test \"\$(cat '$(log_of "$D" 02:00:00:00:00:98 badrec)')\" = '# a plain line after it
$meta'"
check "a sequence gap: closed with E saying so" grep -q "E 0 sequence gap: line 5 after 0" "$T/h-gap.out"
check "a line before hello: closed" grep -q "a 'L' frame before hello: connection closed" "$D/collector.events"
rss0=$(awk '/VmHWM/ {print $2}' "/proc/$cpid/status")
$PEER hostile "$PORT" flood >"$T/flood.out" 2>&1
sleep 1
check "a flood of 300 connections without hello: at most a quarter of --max-conns and 4 (20) kept ($(cat "$T/flood.out"))" \
	bash -c "n=\$(grep -o 'flood: [0-9]*' '$T/flood.out' | cut -d' ' -f2); [ \"\$n\" -le 20 ]"
$PEER send "$PORT" 52:54:00:00:00:05 af7e0005 "$FIX/clock.txt" >/dev/null 2>&1
check "after all that the collector still serves, byte for byte" cmp -s "$(log_of "$D" 52:54:00:00:00:05 af7e0005)" "$FIX/clock.txt"
rss1=$(awk '/VmHWM/ {print $2}' "/proc/$cpid/status")
check "peak memory bounded: ${rss1} KiB after the hostile peers (${rss0} KiB before), under 64 MiB with ASan" test "${rss1:-999999}" -lt 65536
check "the collector is still running" kill -0 "$cpid"
sleep 10
check "the refused connections are summed up in one events line" \
	grep -q "in [0-9]* s: [0-9]* connections refused (20 unnamed at most), [0-9]* without hello closed for newer ones" "$D/collector.events"
stop

# --- disk bounds: a log's size, the number of machines -------------------------
E=$T/small
PORT=$(port)
start "$E" --max-log 4K --max-machines 2
$PEER send "$PORT" 52:54:00:00:00:06 b16b0006 "$FIX/seed000.txt" --tries 3 >/dev/null 2>&1
sz=$(stat -c %s "$(log_of "$E" 52:54:00:00:00:06 b16b0006)")
check "--max-log 4K: the log stops at ${sz} bytes, with a line in collector.events" \
	bash -c "[ $sz -le 4096 ] && grep -q 'log full (--max-log 4096 bytes)' '$E/collector.events'"
$PEER send "$PORT" 52:54:00:00:00:07 b16b0007 "$FIX/clock.txt" >/dev/null 2>&1
$PEER send "$PORT" 52:54:00:00:00:08 b16b0008 "$FIX/clock.txt" --tries 3 >/dev/null 2>&1
check "--max-machines 2: a third machine is refused, with a line in collector.events" \
	bash -c "[ ! -e '$(log_of "$E" 52:54:00:00:00:08 b16b0008)' ] && grep -q '2 machine logs already (--max-machines)' '$E/collector.events'"
stop
exit $failed
