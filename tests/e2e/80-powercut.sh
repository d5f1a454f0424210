#!/bin/bash
# Power cuts: QEMU is killed (SIGKILL, the guest gets no warning) at a random
# moment of a run that writes a record every few tens of milliseconds, over
# and over on the same results disk, as a lab machine that loses power and
# boots again would. After every cut the disk must hold every record the
# serial log shows whole, in order, except at most the one in flight, no
# earlier byte may have changed, and the report may find at most one damaged
# record more. A last boot without a cut must still append a complete run.
# Environment: POWERCUT_TRIALS (default 10), POWERCUT_SEED (default random).
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
trials=${POWERCUT_TRIALS:-10}
seed=${POWERCUT_SEED:-$RANDOM}
RANDOM=$seed
runs=(swapbench.workloads=idle swapbench.idle.seconds=0 swapbench.runs=100 swapbench.warmup=1)
disk=$T/results.disk
"$REPORT" init-disk --label powercut --size 16M "$disk" >/dev/null || fail "init-disk failed"
info "seed $seed (POWERCUT_SEED=$seed repeats the kill times)"

# records ITEMS...: the whole record lines of a serial log or disk data area
# (a last line without its newline is not whole), without carriage returns
# shellcheck disable=SC2120 # FILES, or stdin when none is given
records() { awk '{ sub(/\r$/, "") } /^(ok |not ok |# sb )/' "$@"; }
whole() { if [ -n "$(tail -c1 "$1")" ]; then sed '$d' "$1"; else cat "$1"; fi; }
# data DISK: the data area, up to the first NUL
data() { tail -c +$((4096 + 1)) "$1" | tr '\0' '\n' | awk 'length($0) == 0 { exit } { print }'; }
# damaged DISK: how many records the report calls damaged or truncated (not
# the runs it flags as too short for their clock, which it also names by line)
damaged() { "$REPORT" csv "$1" 2>&1 >/dev/null | grep -cE '^[^ ]+:[0-9]+: (damaged|truncated|malformed) record'; }

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# start NAME [CMDLINE...]: boot in the background; sets rpid (qemu/run), qpid (QEMU), t0
start() {
	local name=$1 tpid=''
	shift
	qpid=
	MEM=64 LIMIT=60 "$top/qemu/run" -q -o "$T/$name" --disk "$disk" -- "$@" 2>"$T/$name.err" &
	rpid=$!
	for _ in $(seq 200); do	# qemu/run -> timeout -> qemu
		tpid=$(pgrep -P "$rpid" -x timeout) && qpid=$(pgrep -P "$tpid") && break
		sleep 0.05
	done
	t0=$(now)
	[ -n "$qpid" ] || { wait "$rpid"; return 1; }
}

# kill_during NAME SECONDS [CMDLINE...]: boot, SIGKILL QEMU SECONDS after it starts
kill_during() {
	local name=$1 after=$2
	shift 2
	start "$name" "$@" || return 1
	sleep "$after"
	kill -KILL "$qpid" 2>/dev/null
	wait "$rpid"
	return 0
}

# The machine's speed decides when records flow: time one boot uncut, then
# cut at random moments between its first record and its last.
first='' last=''
start calibrate "${runs[@]}" swapbench.results=/dev/vdc || fail "calibration boot: QEMU did not start"
while kill -0 "$qpid" 2>/dev/null; do
	log=$T/calibrate/serial.log
	[ -n "$first" ] || ! grep -aq '^# sb meta ' "$log" || first=$(since "$t0")
	[ -n "$last" ] || ! grep -aq '^# sb totals ' "$log" || last=$(since "$t0")
	sleep 0.05
done
wait "$rpid"
[ -n "$last" ] || ! grep -aq '^# sb totals ' "$log" || last=$(since "$t0")
check "calibration boot: completes, records from ${first:-?} s to ${last:-?} s after QEMU starts" \
	test -n "$first" -a -n "$last"
first=${first:-2} last=${last:-8}

lost=0 inflight=0 cut_mid=0 total=0 bad_trials=0
prev_damaged=0
for n in $(seq "$trials"); do
	# in the first 70% of the window: a later boot can be faster than the calibration
	after=$(awk -v r="$RANDOM" -v a="$first" -v b="$last" 'BEGIN { printf "%.2f", a + 0.7 * (b - a) * r / 32768 }')
	before_len=$(data "$disk" | wc -c)
	before_sum=$(data "$disk" | sha256sum)
	if ! kill_during "cut$n" "$after" "${runs[@]}" swapbench.results=/dev/vdc; then
		fail "trial $n: QEMU did not start"
		continue
	fi
	id=$(grep -o 'swapbench.boot=[0-9a-f]*' "$T/cut$n/qemu.cmd" | cut -d= -f2) # not a record: QEMU's command line
	whole "$T/cut$n/serial.log" | records >"$T/cut$n/serial.rec"
	data "$disk" | grep -a " boot=$id " | records >"$T/cut$n/disk.rec"
	s=$(wc -l <"$T/cut$n/serial.rec") d=$(wc -l <"$T/cut$n/disk.rec")
	total=$((total + d))
	# the disk's records are the serial log's, in order; the serial line of the
	# last one may still be in the UART when the power goes
	common=$((s < d ? s : d))
	same=$(cmp -s <(head -n "$common" "$T/cut$n/serial.rec") <(head -n "$common" "$T/cut$n/disk.rec") && echo 1)
	miss=$((s - d > 0 ? s - d : 0))
	[ "$miss" = 1 ] && inflight=$((inflight + 1))
	[ "$miss" -gt 1 ] && lost=$((lost + miss - 1))
	[ "$d" -gt 0 ] && ! grep -aq '^# sb totals ' "$T/cut$n/disk.rec" && cut_mid=$((cut_mid + 1))
	now_damaged=$(damaged "$disk")
	kept=$(data "$disk" | head -c "$before_len" | sha256sum)
	why=
	[ "$same" = 1 ] || why+=" disk records differ from the serial log's;"
	[ "$miss" -le 1 ] || why+=" $((miss - 1)) whole records missing from the disk;"
	[ "$d" -le $((s + 1)) ] || why+=" $((d - s)) records on the disk the serial log never showed;"
	[ "$kept" = "$before_sum" ] || why+=" earlier data changed;"
	[ "$now_damaged" -le $((prev_damaged + 1)) ] || why+=" $((now_damaged - prev_damaged)) more damaged records;"
	if [ -z "$why" ]; then
		pass "power cut $n at ${after}s: serial $s records, disk $d, damaged so far $now_damaged"
	else
		fail "power cut $n at ${after}s: serial $s records, disk $d:$why"
		bad_trials=$((bad_trials + 1))
	fi
	prev_damaged=$now_damaged
	# a loaded host boots slower or faster than the calibration did: a cut before
	# the first record moves the window later, one after the last moves its end
	# earlier, so the next cuts fall inside the series
	if [ "$d" = 0 ]; then
		first=$after
		last=$(awk -v a="$first" -v b="$last" 'BEGIN { print (b > a + 1 ? b : a + 1) }')
	elif grep -aq '^# sb totals ' "$T/cut$n/disk.rec"; then
		last=$(awk -v a="$first" -v t="$after" 'BEGIN { print a + (t - a) * 0.9 / 0.7 }')
	fi
done
check "power cuts: at least half the cuts fell in the middle of a series ($cut_mid of $trials)" \
	test $((cut_mid * 2)) -ge "$trials"

# A killed QEMU never tears a write; a disk losing power can. Cut the last
# record in half as a torn sector would: it must be the only new damage.
len=$(data "$disk" | wc -c)
last=$(data "$disk" | tail -n1 | wc -c)
if [ "$last" -gt 1 ]; then
	dd if=/dev/zero of="$disk" bs=1 seek=$((4096 + len - last / 2)) count=$((last / 2)) conv=notrunc status=none
	prev_damaged=$((prev_damaged + 1))
	check "torn record: reported as damaged ($(damaged "$disk") of $prev_damaged)" test "$(damaged "$disk")" = "$prev_damaged"
fi

# after all that, a whole run still goes onto the same disk and reads back
boot after --disk "$disk" -- "${runs[@]}" swapbench.results=/dev/vdc
id=$(grep -o 'swapbench.boot=[0-9a-f]*' "$dir/qemu.cmd" | cut -d= -f2) # not a record: QEMU's command line
check "after the cuts: a full run completes (status $rc)" test "$rc" = 0
"$REPORT" csv "$disk" >"$T/after.csv" 2>"$T/after.err"
runs_read=$(grep -c ",$id," "$T/after.csv")
check "after the cuts: the report reads all 200 runs of the last boot ($runs_read)" test "$runs_read" = 200
check "after the cuts: the torn record stays reported, the new ones are whole" \
	test "$(damaged "$disk")" = "$prev_damaged"
info "power cuts: $trials trials, $total records on the disk at the cuts, $inflight in flight (serial only), $lost lost, $prev_damaged damaged, $bad_trials failed trials"
finish
