#!/bin/bash
# integration/diskvalid.sh: the disk model replayed on DiskSim's validation
# drives (tests/data/disksim-valid, or the setting DISKSIM_VALID):
# each committed profile (disk/profiles/valid/NAME.conf) is what
# diskprofile import-disksim makes of the drive's files today, and each
# drive's replay (out/bin/diskreplay) stays within the bound committed for
# it (disk/profiles/valid/bounds). Without the data it fails, saying where
# it looked.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
OUT=${OUT:-out}
# shellcheck source=host/settings.sh
source host/settings.sh
settings_apply DISKSIM_VALID || exit 2
data=$DISKSIM_VALID
failed=0
pass() { echo "PASS diskvalid: $1"; }
fail() { echo "FAIL diskvalid: $1"; failed=1; }
if [ ! -f "$data/README.md" ]; then
	fail "no validation data in $data: DiskSim's validation drives are in tests/data/disksim-valid (or where DISKSIM_VALID points)"
	exit 1
fi
for t in diskreplay diskprofile; do
	[ -x "$OUT/bin/$t" ] || { fail "no $OUT/bin/$t (make tools)"; exit 1; }
done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
while read -r drive ds bound; do
	[[ -z $drive || $drive == \#* ]] && continue
	n=$((n + 1))
	# the bus of DiskSim's own run of the drive, where its files give none
	bus=()
	[ ! -f "disk/profiles/valid/$drive.bus" ] || bus=(--bus "disk/profiles/valid/$drive.bus")
	if "$OUT/bin/diskprofile" import-disksim "$data/$drive" "${bus[@]}" >"$T/$drive.conf" 2>"$T/err" &&
		cmp -s "$T/$drive.conf" "disk/profiles/valid/$drive.conf"; then
		pass "$drive: the committed profile is what import-disksim makes of the drive's files"
	else
		fail "$drive: import-disksim differs from disk/profiles/valid/$drive.conf: $(head -c 300 "$T/err")$(diff "$T/$drive.conf" "disk/profiles/valid/$drive.conf" | head -n 4 | tr '\n' ' ')"
	fi
	line=$("$OUT/bin/diskreplay" "disk/profiles/valid/$drive.conf" "$data/$drive/$drive.trace" 2>"$T/err" | head -n1)
	rms=$(sed -n 's/.* rms_ms=\([0-9.]*\) .*/\1/p' <<<"$line")
	if [ -z "$rms" ]; then
		fail "$drive: the replay printed no rms: $(head -c 300 "$T/err")"
	elif awk -v r="$rms" -v b="$bound" 'BEGIN { exit !(r <= b) }'; then
		pass "$drive: rms $rms ms within its bound $bound ms (DiskSim's: $ds ms)"
	else
		fail "$drive: rms $rms ms exceeds its bound $bound ms (DiskSim's: $ds ms)"
	fi
done <disk/profiles/valid/bounds
if [ "$n" = 10 ]; then pass "the bounds name the ten drives"; else fail "the bounds name $n drives, not ten"; fi
# the replay refuses a request past the drive's capacity, naming the line
printf 'R Hit 0 4 1000.0 10.0\nR Hit 2050859 2 1000.0 10.0\n' >"$T/past.trace"
err=$("$OUT/bin/diskreplay" disk/profiles/valid/dec_rz26.conf "$T/past.trace" 2>&1 >/dev/null)
if [[ $err == *"past.trace:2: blocks 2050859-2050860 lie past the drive's capacity"* ]]; then
	pass "a request past the capacity is refused with its file and line"
else
	fail "a request past the capacity: got '$err'"
fi
# a drive whose zones overlap (zone 2 moved into zone 1) is refused, naming the zones
mkdir -p "$T/atlas_III"
cp "$data/atlas_III/"* "$T/atlas_III/" && chmod u+w "$T/atlas_III/"*
sed -i '0,/First cylinder number = 616,/s//First cylinder number = 600,/' "$T/atlas_III/atlas_III.model"
err=$("$OUT/bin/diskprofile" import-disksim "$T/atlas_III" 2>&1 >/dev/null)
if [[ $err == *"zone.2: starts at cylinder 600, inside zone.1 (which ends at 615): zones overlap"* ]]; then
	pass "import-disksim refuses overlapping zones, naming them"
else
	fail "import-disksim with overlapping zones: got '$err'"
fi
# a high water mark past the request is refused, naming it
sed -i '0,/First cylinder number = 600,/s//First cylinder number = 616,/' "$T/atlas_III/atlas_III.model"
sed -i 's/High (read) water mark = 0.000000,/High (read) water mark = 1.500000,/' "$T/atlas_III/atlas_III.diskspecs"
err=$("$OUT/bin/diskprofile" import-disksim "$T/atlas_III" 2>&1 >/dev/null)
if [[ $err == *"High (read) water mark = 1.5: a fraction from 0 to 1"* ]]; then
	pass "import-disksim refuses a water mark past the request, naming it"
else
	fail "import-disksim with a water mark of 1.5: got '$err'"
fi
# the bus's time a block where the files give none: extracted from the first
# half of the trace, checked on the whole, said so (the C3323)
src=$(sed -n 's/^source.bus_sector_ms = //p' disk/profiles/valid/hp_c3323a.conf)
if [[ $src == *"ESTIMATE extracted from hp_c3323a.trace's first half"*"checked on the whole trace: 0.14565"* ]] &&
	grep -qx 'bus_sector_ms = 0.145559' disk/profiles/valid/hp_c3323a.conf; then
	pass "the C3323's bus: 0.145559 ms a block from the trace's first half, 0.14566 on the whole"
else
	fail "the C3323's bus: got '$(grep '^bus_sector_ms' disk/profiles/valid/hp_c3323a.conf)' from '$src'"
fi
# where DiskSim's own run gives the bus (the C2247's .parv): both directions
# from the bus file, the trace's extraction printed as the check
src=$(sed -n 's/^source.bus_sector_ms = //p' disk/profiles/valid/hp_c2247a.conf)
if grep -qx 'bus_sector_ms = 0.170100' disk/profiles/valid/hp_c2247a.conf &&
	grep -qx 'bus_write_sector_ms = 0.186860' disk/profiles/valid/hp_c2247a.conf &&
	[[ $src == *"hp_c2247a.bus: read_block_ms (DiskSim 4.0, valid/hp_c2247a.parv"*"checked against hp_c2247a.trace: 0.170980 ms"* ]]; then
	pass "the C2247's bus: 0.17010 ms a block read, 0.18686 written (its .parv), the trace's 0.170980 beside"
else
	fail "the C2247's bus: got '$(grep '^bus_' disk/profiles/valid/hp_c2247a.conf | tr '\n' ' ')'"
fi
# a bus file with a key it does not have, or for a drive whose files give a bus: refused, naming why
printf 'read_block_ms = 0.17\nwrite_block_ms = 0.18\nsource = x\nbus_mbs = 3\n' >"$T/bad.bus"
err=$("$OUT/bin/diskprofile" import-disksim "$data/hp_c2247a" --bus "$T/bad.bus" 2>&1 >/dev/null)
if [[ $err == *"bad.bus:4: unknown key 'bus_mbs' (read_block_ms, write_block_ms, source)"* ]]; then
	pass "import-disksim --bus refuses an unknown key, naming its line"
else
	fail "import-disksim --bus with an unknown key: got '$err'"
fi
# a bus file for a drive whose files give a bus time of their own: the
# larger of the two (the manual, 3.4.5: "the maximum of the three values"):
# the Cheetah's 0.106 ms against the C2247's bus, 0.1701 and 0.18686
prof=$("$OUT/bin/diskprofile" import-disksim "$data/cheetah4LP" --bus disk/profiles/valid/hp_c2247a.bus 2>&1)
if grep -qx 'bus_sector_ms = 0.170100' <<<"$prof" && grep -qx 'bus_write_sector_ms = 0.186860' <<<"$prof" &&
	[[ $prof == *"the larger of cheetah4LP.diskspecs: Bulk sector transfer time = 0.106 and hp_c2247a.bus"* ]]; then
	pass "import-disksim --bus on a drive with its own bus time: the larger of the two, each direction"
else
	fail "import-disksim --bus on the Cheetah: got '$(grep '^bus_\|diskprofile' <<<"$prof" | tr '\n' ' ')'"
fi
# a profile with zone and seek tables reaches the guest: its integer
# parameters count the tables, and the tables' line holds them
# (tests/unit/test_disktables.c reads it back)
params=$("$OUT/bin/diskprofile" disk/profiles/valid/atlas_III.conf params 2>&1)
tables=$("$OUT/bin/diskprofile" disk/profiles/valid/atlas_III.conf tables 2>&1)
nz=$(tr ' ' '\n' <<<"$tables" | grep -c '^zone=')
ns=$(tr ' ' '\n' <<<"$tables" | grep -c '^seek=')
if [[ " $params " == *" zones=9 "* && " $params " == *" seek_points=$ns "* ]] && [ "$nz" = 9 ] && [ "$ns" -gt 0 ]; then
	pass "diskprofile params and tables give the Atlas III's 9 zones and $ns seeks, for the guest"
else
	fail "diskprofile params/tables on the Atlas III: $nz zones, $ns seeks, '$(head -c 200 <<<"$params$tables")'"
fi
# DiskSim's values beyond the six drives' (issue 57): the Atlas III with
# Read any free blocks = 1, Enable caching in buffer = 2, Read-ahead over
# requested = -1, 200 more slips in its first zone, a queue of 8 and the
# queue's own behaviours: imported, each value as the manual has it, and
# replayed on its trace
mkdir -p "$T/v/atlas_III"
cp "$data/atlas_III/"* "$T/v/atlas_III/" && chmod u+w "$T/v/atlas_III/"*
f=$T/v/atlas_III/atlas_III.diskspecs
sed -i -e 's/Read any free blocks = 0,/Read any free blocks = 1,/' -e 's/Enable caching in buffer = 1,/Enable caching in buffer = 2,/' \
	-e 's/Read-ahead over requested = 0,/Read-ahead over requested = -1,/' -e 's/Max queue length = 1,/Max queue length = 8,/' \
	-e 's/Preseeking level = 0,/Preseeking level = 2,/' -e 's/Allow write prebuffering = 0,/Allow write prebuffering = 1,/' \
	-e 's/Allow sneaky intermediate read hits = 0,/Allow sneaky intermediate read hits = 1,/' \
	-e 's/Disconnect write if seek = 0,/Disconnect write if seek = 1,/' "$f"
m=$T/v/atlas_III/atlas_III.model
awk '/slips = \[/ && !done { print; for (s = 2000000; s < 2001400; s += 7) print "               " s ","; done = 1; next } 1' \
	"$m" >"$m.new" && mv "$m.new" "$m"
blocks=$(sed -n 's/.*Block count = \([0-9]*\),.*/\1/p' "$m")
sed -i "s/Block count = $blocks,/Block count = $((blocks - 200)),/" "$m"
# and its first zone's skews in revolutions (B.4.2's Skew units): 0.25 of
# its 256-sector tracks is 64 sectors, 0.3 is 76.8
awk '/Skew for track switch = 75.000000,/ && !done { print "            Skew units = revolutions,";
	print "            Skew for track switch = 0.25,"; done = 1; next }
	/Skew for cylinder switch = 86.000000,/ && !d2 { print "            Skew for cylinder switch = 0.3,"; d2 = 1; next } 1' \
	"$m" >"$m.new" && mv "$m.new" "$m"
if "$OUT/bin/diskprofile" import-disksim "$T/v/atlas_III" >"$T/v.conf" 2>"$T/err" &&
	grep -q '^zone.1 = 0 615 256 64 76.800 0 128000 0 :' "$T/v.conf" &&
	grep -qx 'read_any_free = 1' "$T/v.conf" && grep -qx 'no_caching = 0' "$T/v.conf" &&
	grep -qx 'readahead_over = 1' "$T/v.conf" && grep -q "Enable caching in buffer = 2 (the manual: 'whether or not'" "$T/v.conf" &&
	[ "$(grep "^zone.1 = " "$T/v.conf" | wc -w)" = $((2 + 8 + 1 + 4 + 200)) ]; then
	pass "the Atlas III with Read any free blocks 1, caching 2, read-ahead over requested -1, 204 slips in a zone, skews in revolutions, a queue of 8: imported as the manual has them"
else
	fail "the Atlas III with DiskSim's other values: $(head -c 300 "$T/err") $(grep -E '^(read_any_free|no_caching|readahead_over) ' "$T/v.conf" | tr '\n' ' ') $(grep '^zone.1 =' "$T/v.conf" | head -c 60)"
fi
line=$("$OUT/bin/diskreplay" "$T/v.conf" "$data/atlas_III/atlas_III.trace" 2>"$T/err" | head -n1)
if [[ $line == *" rms_ms="* ]]; then
	pass "... and replays its trace (${line%% mean*})"
else
	fail "... its replay: $(head -c 300 "$T/err")"
fi
# Seek type = curve (Lee's equation through the .model's three figures) and
# linear (a table through them), and Percent error in rpms (the draw's
# mean), on the C2247 (0.2, 1.1, 2.3 ms)
mkdir -p "$T/s/hp_c2247a"
cp "$data/hp_c2247a/"* "$T/s/hp_c2247a/" && chmod u+w "$T/s/hp_c2247a/"*
m=$T/s/hp_c2247a/hp_c2247a_validate.model
sed -i -e 's/Seek type = hplplus10,/Seek type = curve,/' -e 's/Percent error in rpms = 0.000000/Percent error in rpms = 0.5/' "$m"
if "$OUT/bin/diskprofile" import-disksim "$T/s/hp_c2247a" --bus disk/profiles/valid/hp_c2247a.bus >"$T/s.conf" 2>"$T/err" &&
	grep -qx 'seek_avg_ms = 1.100000' "$T/s.conf" && ! grep -q '^seek\.1 \|^hpl_' "$T/s.conf" &&
	grep -q '^source.rpm = .*Percent error in rpms = 0.5' "$T/s.conf" &&
	"$OUT/bin/diskreplay" "$T/s.conf" "$data/hp_c2247a/hp_c2247a.trace" 2>>"$T/err" | grep -q ' rms_ms='; then
	pass "the C2247 with Seek type = curve and Percent error in rpms = 0.5: Lee's three figures, the rpm's mean, replayed"
else
	fail "the C2247 with Seek type = curve: $(head -c 300 "$T/err") $(grep -E '^(seek_|hpl_)' "$T/s.conf" | tr '\n' ' ')"
fi
sed -i 's/Seek type = curve,/Seek type = linear,/' "$m"
cyl=$(sed -n 's/.*Number of cylinders = \([0-9]*\),.*/\1/p' "$m")
if "$OUT/bin/diskprofile" import-disksim "$T/s/hp_c2247a" --bus disk/profiles/valid/hp_c2247a.bus >"$T/s.conf" 2>"$T/err" &&
	grep -qx 'seek.1 = 1 0.200000' "$T/s.conf" && grep -qx "seek.2 = $((cyl / 3)) 1.100000" "$T/s.conf" &&
	grep -qx "seek.3 = $((cyl - 1)) 2.300000" "$T/s.conf"; then
	pass "... Seek type = linear: a table through 0.2 ms at 1, 1.1 at $((cyl / 3)) and 2.3 at $((cyl - 1)) cylinders"
else
	fail "... Seek type = linear: $(head -c 300 "$T/err") $(grep -E '^seek' "$T/s.conf" | tr '\n' ' ')"
fi
# Access time type = averageRotation: imported as the manual has it, replayed
sed -i 's/Access time type = trackSwitchPlusRotation,/Access time type = averageRotation,/' "$m"
if "$OUT/bin/diskprofile" import-disksim "$T/s/hp_c2247a" --bus disk/profiles/valid/hp_c2247a.bus >"$T/s.conf" 2>"$T/err" &&
	grep -qx 'access_mode = 1' "$T/s.conf" &&
	"$OUT/bin/diskreplay" "$T/s.conf" "$data/hp_c2247a/hp_c2247a.trace" 2>>"$T/err" | grep -q ' rms_ms='; then
	pass "... Access time type = averageRotation: imported (access_mode 1) and replayed"
else
	fail "... Access time type = averageRotation: $(head -c 300 "$T/err")"
fi
# what DiskSim's manual does not allow is refused in its words
sed -i 's/LBN-to-PBN mapping scheme = 0,/LBN-to-PBN mapping scheme = 3,/' "$m"
err=$("$OUT/bin/diskprofile" import-disksim "$T/s/hp_c2247a" --bus disk/profiles/valid/hp_c2247a.bus 2>&1 >/dev/null)
if [[ $err == *"LBN-to-PBN mapping scheme = 3: DiskSim's manual (B.4.2) gives 0, 1 and 2"* ]]; then
	pass "import-disksim refuses LBN-to-PBN mapping scheme 3, in the manual's terms"
else
	fail "import-disksim with LBN-to-PBN mapping scheme 3: got '$err'"
fi
# the drives of extra/ (no trace of their own): each imports, describes
# itself and replays a synthetic trace of its own size (random and
# sequential reads and writes, idle gaps; the 4 TB drive's past block 2^32)
for d in G4_LBA_64bit_4T hp_c2249a maxtor300g; do
	if ! "$OUT/bin/diskprofile" import-disksim "$data/extra/$d" >"$T/$d.conf" 2>"$T/err"; then
		fail "extra/$d does not import: $(head -c 300 "$T/err")"
		continue
	fi
	blocks=$(awk -F' = ' '$1 == "capacity_gb" { printf "%.0f", $2 * 1e9 / 512 }' "$T/$d.conf")
	awk -v n="$blocks" 'BEGIN { srand(57); b = 1000; for (i = 0; i < 3000; i++) { r = rand();
		if (r < 0.4) b = int(rand() * (n - 200)); else if (r < 0.8) b += 16; if (b > n - 100) b = 0;
		printf "%s Miss %d %d 5000.0 %.1f\n", rand() < 0.7 ? "R" : "W", b, 1 + int(rand() * 64), rand() < 0.2 ? 20000 : 100 } }' >"$T/synth.trace"
	desc=$("$OUT/bin/diskprofile" "$T/$d.conf" describe 2>>"$T/err")
	name=$(awk -F' = ' '$1 == "name" { print $2 }' "$T/$d.conf")
	if [[ $desc == "disk=$name disk_kind=hdd "*"disk_capacity_gb="* ]] &&
		line=$("$OUT/bin/diskreplay" "$T/$d.conf" "$T/synth.trace" 2>>"$T/err" | head -n1) && [[ $line == *" rms_ms="* ]]; then
		pass "extra/$d imports, describes itself and replays 3000 requests over its $blocks blocks"
	else
		fail "extra/$d: '$desc' $(head -c 300 "$T/err")"
	fi
done
# a g4 layout (the 4 TB drive's, the Maxtor's: 1.95 MB of profile) stays
# on the host: the guest's tables are zones, seeks and slips
err=$("$OUT/bin/diskprofile" "$T/maxtor300g.conf" tables 2>&1 >/dev/null)
if [[ $err == *"its g4 layout (DiskSim's layout tree) does not reach the guest's target"* ]]; then
	pass "diskprofile tables refuses a g4 layout, for the guest"
else
	fail "diskprofile tables on the Maxtor's g4 layout: got '$err'"
fi
# --each: one access time a request, in the trace's order
each=$("$OUT/bin/diskreplay" --each disk/profiles/valid/dec_rz26.conf "$data/dec_rz26/dec_rz26.trace" | wc -l)
want=$(wc -l <"$data/dec_rz26/dec_rz26.trace")
if [ "$each" = "$want" ]; then pass "--each prints one line a request ($each)"; else fail "--each printed $each lines for $want requests"; fi
exit $failed
