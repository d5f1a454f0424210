#!/bin/bash
# integration/diskchar.sh: the characteriser's round trip without a boot.
# workloads/dchar.c, run on the host against the disk model of two profiles
# (out/bin/diskchar-model: the same code the image runs, one read at a time
# with a guest's path around each), measures each within the tolerances of
# issue 60 (rotation 0.1 %, rates 2 %, every seek 0.5 ms, switches 0.1 ms,
# heads, segments, read-ahead); swapbench-report profile makes its records
# a profile diskprofile accepts, whose figures are the true ones; a log
# without them, or a damaged record, is refused or named.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
OUT=${OUT:-out}
failed=0
pass() { echo "PASS diskchar: $1"; }
fail() { echo "FAIL diskchar: $1"; failed=1; }
for t in diskchar-model diskprofile swapbench-report; do
	[ -x "$OUT/bin/$t" ] || { fail "no $OUT/bin/$t (make tools)"; exit 1; }
done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# near: |a - b| <= tol
near() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; exit !(d <= t && -d <= t) }'; }
for p in hdd wd-ac36400; do
	conf=disk/profiles/$p.conf
	if "$OUT/bin/diskchar-model" "$conf" >"$T/$p.md"; then
		pass "$p: every figure measured within its tolerance ($(grep -c '| ok |' "$T/$p.md") rows)"
	else
		fail "$p: $(grep -v '| ok |' "$T/$p.md" | grep -c OUTSIDE) figures outside their tolerance: $(grep 'OUTSIDE\|NOT SEEN' "$T/$p.md" | head -3 | tr '\n' ' ')"
	fi
	"$OUT/bin/diskchar-model" "$conf" --records >"$T/$p.log"
	if ! "$OUT/bin/swapbench-report" profile "$T/$p.log" >"$T/$p-measured.conf" 2>"$T/err"; then
		fail "$p: swapbench-report profile refused the records: $(cat "$T/err")"
		continue
	fi
	if "$OUT/bin/diskprofile" "$T/$p-measured.conf" params >/dev/null 2>"$T/err"; then
		pass "$p: the measured profile is one DISK= takes"
	else
		fail "$p: diskprofile refuses the measured profile: $(cat "$T/err")"
	fi
	get() { "$OUT/bin/diskprofile" "$1" get "$2"; }
	for k in rpm:0 heads:0 segments:0 readahead_kb:0.5 seek_track_ms:0.1 seek_full_ms:0.5 seek_avg_ms:0.5 \
		rate_outer_mbs:0.5 rate_inner_mbs:0.5; do
		key=${k%:*} tol=${k#*:}
		want=$(get "$conf" "$key")
		[ -n "$want" ] || want=1	# segments: one where the profile gives none
		got=$(get "$T/$p-measured.conf" "$key")
		if near "$got" "$want" "$tol"; then pass "$p: $key measured $got (true $want)"
		else fail "$p: $key measured $got, true $want (within $tol)"; fi
	done
	if grep -q '^source.rpm = measured on S1' "$T/$p-measured.conf" && grep -q '^source.cache_mb = ESTIMATE' "$T/$p-measured.conf"; then
		pass "$p: measured figures say so, what reads cannot see is ESTIMATE"
	else
		fail "$p: the source lines do not say measured / ESTIMATE"
	fi
done
# skewed tracks (DiskSim's drives): the skews, the heads and the switches
# from Skippy's chain across tracks, each row of diskchar-model's table
# within its tolerance (skews half a sector, switches 0.1 ms, segments and
# read-ahead), and the seek curve aimed track by track (every seek within
# 0.5 ms)
for p in atlas_III cheetah4LP; do
	"$OUT/bin/diskchar-model" "disk/profiles/valid/$p.conf" >"$T/$p.md"
	for what in "rotation (ms)" "track skew (sectors)" "cylinder skew (sectors)" "heads" "head switch (ms)" "cylinder switch (ms)" \
		"read segments" "read-ahead (KiB)"; do
		row=$(grep -F "| $what |" "$T/$p.md")
		case $row in
		*"| ok |") pass "$p: $what measured within its tolerance: $row" ;;
		*) fail "$p: $what: ${row:-no row}" ;;
		esac
	done
	# the seek curve on skewed tracks: every distance within 0.5 ms
	n=$(grep -c '^| seek over' "$T/$p.md") k=$(grep '^| seek over' "$T/$p.md" | grep -c '| ok |$')
	if [ "$n" -ge 20 ] && [ "$k" = "$n" ]; then pass "$p: every seek within 0.5 ms of the model's ($k of $n)"
	else fail "$p: seeks within 0.5 ms: $k of $n: $(grep '^| seek over' "$T/$p.md" | grep -v '| ok |$' | head -2 | tr '\n' ' ')"; fi
done
# atlas_III reads ahead only after a sequential read (DiskSim's Buffer
# continuous read 4): the profile made of its records says so
"$OUT/bin/diskchar-model" disk/profiles/valid/atlas_III.conf --records >"$T/atlas.log"
if "$OUT/bin/swapbench-report" profile "$T/atlas.log" >"$T/atlas.conf" 2>"$T/err" &&
	[ "$("$OUT/bin/diskprofile" "$T/atlas.conf" get readahead_mode)" = 4 ]; then
	pass "atlas_III: read-ahead only after a sequential read, the profile's readahead_mode 4"
else
	fail "atlas_III: readahead_mode $("$OUT/bin/diskprofile" "$T/atlas.conf" get readahead_mode 2>&1), true 4: $(cat "$T/err")"
fi
# refusals: no diskchar records; a damaged record named, the profile not made from it
grep -v 'fig=zone' "$T/hdd.log" | head -1 >"$T/none.log"
sed 's/fig=device/fig=nothing/' "$T/none.log" >"$T/none2.log"
if ! "$OUT/bin/swapbench-report" profile "$T/none2.log" >/dev/null 2>"$T/err" && grep -q "no diskchar records" "$T/err"; then
	pass "a log without a characterisation is refused, saying so"
else
	fail "a log without a characterisation: $(cat "$T/err")"
fi
sed '3s/mb_s=6/mb_s=7/' "$T/hdd.log" >"$T/damaged.log"
if "$OUT/bin/swapbench-report" profile "$T/damaged.log" >/dev/null 2>"$T/err"; then
	fail "a damaged record went unnoticed"
elif grep -q "damaged\|checksum\|not used" "$T/err"; then
	pass "a damaged record is named and the exit status says so"
else
	fail "a damaged record: $(cat "$T/err")"
fi
exit $failed
