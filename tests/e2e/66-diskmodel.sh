#!/bin/bash
# DISK=: the swap disk served through the datasheet model (nbdkit over NBD).
# The datasheet check in the image, quick (16 MiB each way, 100 random
# reads) on the 7K500 over a sparse disk of its size: sequential MB/s at
# both ends within +-10 % of its sustained rates, random 4 KiB reads within
# +-15 % of 1 / (average seek + half a turn), on the host's clock (judged
# where the host's load is at most twice its CPUs; shown otherwise). Then a
# fight run on the SSD model over IDE: the guest sees a non-rotating disk
# (ATA's rotation rate 1), the run's record carries the model's counters.
# Bad input is refused before any boot.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

if ! command -v nbdkit >/dev/null || [ ! -e /usr/include/nbdkit-filter.h ]; then
	fail "diskmodel: no nbdkit or its filter header (qemu/deps check installs them; make check does)"
	finish
fi
if ! make -C "$top" --no-print-directory host DISK=hdd >"$T/make.log" 2>&1; then
	fail "diskmodel: make host DISK=hdd: $(tail -n 3 "$T/make.log" | tr '\n' ' ')"
	finish
fi

# refused before anything boots, each naming what would do
out=$(DISK=hdd-ibm "$top/qemu/run" -q -o "$T/bad1" 2>&1)
rc=$?
check "diskmodel: an unknown profile is refused (status $rc)" test "$rc" = 2
check "diskmodel: naming the known ones" grep -q 'known: host hdd-5k160 hdd-7k500 hdd null sd ssd' <<<"$out"
out=$(DISK=hdd DETERMINISTIC=1 "$top/qemu/run" -q -o "$T/bad2" 2>&1)
rc=$?
check "diskmodel: DETERMINISTIC=1 with a model is refused (status $rc)" grep -q 'DETERMINISTIC=1 do not mix' <<<"$out"
out=$(LAYOUT=seed000 DISK_GB=1 SWAP_MIB=4096 LIMIT=60 "$top/qemu/run" -q -o "$T/bad3" 2>&1)
rc=$?
check "diskmodel: a layout that does not fit is refused (status $rc)" grep -q 'do not fit a disk of 1 GB' <<<"$out"
check "diskmodel: before the boot" test ! -s "$T/bad3/serial.log"

# within LOG NAME SELECTOR KEY WANT PCT: the measured figure of the record
# SELECTOR matches, within PCT % of WANT (prints it; status)
within() {
	local got
	got=$(grep -a "^# sb diskcheck .*$3" "$1" | grep -o " $4=[0-9.]*" | cut -d= -f2 | head -n1)
	echo "$2: ${got:-none} against $5, within +-$6 %"
	awk -v g="${got:-0}" -v w="$5" -v p="$6" 'BEGIN { d = 100 * (g / w - 1); exit !(d <= p && d >= -p) }'
}
figures() {	# figures LOG: each datasheet figure, one a line: "ok|OUTSIDE what"
	local iops
	iops=$(awk 'BEGIN { print 1000 / (8.5 + 30000 / 7200) }')
	while IFS='|' read -r name sel key want pct; do
		if line=$(within "$1" "$name" "$sel" "$key" "$want" "$pct"); then echo "ok $line"; else echo "OUTSIDE $line"; fi
	done <<LIST
sequential read, outer edge (MB/s)|test=seq_read where=outer|mb_s|64.8|10
sequential read, inner edge (MB/s)|test=seq_read where=inner|mb_s|31.0|10
sequential write, outer edge (MB/s)|test=seq_write where=outer|mb_s|64.8|10
sequential write, inner edge (MB/s)|test=seq_write where=inner|mb_s|31.0|10
random 4 KiB reads (IOPS)|test=random_read|iops|$iops|15
LIST
}
DISK=hdd LAYOUT=check LIMIT=240 boot check -- swapbench.diskcheck=quick
check "diskmodel: the datasheet check completes (status $rc)" test "$rc" = 0
check "diskmodel: the meta record names the profile" grep -aq '^# sb meta .* disk=hdd-7k500 ' "$log"
res=$(figures "$log")
if grep -q '^OUTSIDE' <<<"$res"; then
	# the guest's clock is the host's: a host loaded past its CPUs stretches
	# what the guest measures; once more, and the second boot decides
	info "diskmodel: at load $(cut -d' ' -f1 /proc/loadavg) a figure was outside, checking once more: $(grep '^OUTSIDE' <<<"$res" | tr '\n' ' ')"
	DISK=hdd LAYOUT=check LIMIT=240 boot check2 -- swapbench.diskcheck=quick
	res=$(figures "$log")
fi
# Judged where the host had a CPU for the guest: past twice its CPUs in
# load, the host's scheduling (milliseconds per wake-up of QEMU and nbdkit)
# is in every figure, and what is measured is the host (seen at load 15:
# 67.0 IOPS for 78.9); the figures are shown, not judged, there.
load=$(sed -n 's/^loadavg_after=\([0-9.]*\).*/\1/p' "$dir/hostload")
if awk -v l="${load:-0}" -v n="$(nproc)" 'BEGIN { exit !(l <= 2 * n) }'; then
	while read -r verdict line; do
		if [ "$verdict" = ok ]; then pass "diskmodel: $line"; else fail "diskmodel: $line"; fi
	done <<<"$res"
else
	while read -r verdict line; do info "diskmodel: at load $load on $(nproc) CPUs, not judged: $verdict $line"; done <<<"$res"
fi
check "diskmodel: the model's own counters over the check (seek, rotation, transfer)" \
	grep -aq '^# sb diskcheck .*test=model .*disk_seek_s=.* disk_rot_s=.* disk_xfer_s=' "$log"
check "diskmodel: the model's totals at exit in disk-counters" grep -q '^swapbench-diskmodel v1 profile=hdd-7k500 reads=[1-9]' "$dir/disk-counters"

DISK=ssd DISK_IF=ide LIMIT=300 boot ssd -- swapbench.workloads=fight swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition
check "diskmodel: a fight run on the SSD model over IDE completes (status $rc)" test "$rc" = 0
check "diskmodel: QEMU's IDE disk says it does not turn" grep -q 'rotation_rate=1' "$dir/qemu.cmd"
check "diskmodel: the kernel sees the swap disk as non-rotational" grep -aq '^# sb swap .*backend=partition .* rotational=0 first_lba=2048' "$log"
check "diskmodel: the run's record carries the model's counters" \
	grep -aq '^ok .* disk_reads=[0-9]* disk_writes=[1-9][0-9]* .* disk_busy_s=.* disk_clock_seen=' "$log"
finish
