#!/bin/bash
# DISK=: the swap disk through the datasheet model in the guest (the
# block driver disk/kmod below the I/O scheduler, timed on the guest's clock). The
# datasheet check in the image, quick (16 MiB each way, 100 random reads)
# on the 7K500 over a sparse disk of its size, under DETERMINISTIC=1:
# sequential MB/s at both ends within +-10 % of its sustained rates, random
# 4 KiB reads within +-15 % of 1 / (average seek + half a turn). The same
# check on the 5K160 (no command queueing: one tag) under SCHED=none, where
# blk-mq issues from the reader's own submit_bio: its 1 MiB reads, split
# in two, complete (they once hung there) and meet its datasheet too.
# The check on DiskSim's Atlas III, a profile with zone and seek tables:
# the driver takes them (its tables=) and the check completes.
# The check's boot again while the host wakes QEMU's main loop (QMP):
# byte-identical console and results disk, as DETERMINISTIC=1 promises.
# Then a fight run on the SSD model over IDE under ICOUNT=1: the swap
# device is the model's, non-rotational as the profile says, and the run's
# record carries the model's counters, timed on the run's own clock, and
# the account of its requests (io records); SCHED=kyber gives the model's
# disk that scheduler, where the check's boot got the kernel's choice.
# The characteriser's opt-in rewrite mode (make diskchar DISKCHAR_REWRITE=1)
# on DiskSim's hp_c2247a, a drive that turns and writes through (1 GB, 20 s
# of wall time here under DETERMINISTIC=1, its fill and hashes with it):
# the records say rewrite=1, writes > 0, on the model's disk over the
# designated one; the disk file's sha256, its swap partition a pattern,
# the same before and after; the measured profile's write figures say
# measured (rewrite mode).
# Bad input is refused before any boot: an unknown profile, a kernel
# without the model's module, a layout that does not fit (a profile
# file's own refusals: tests/integration/diskmodel_int.sh).
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

if ! make -C "$top" --no-print-directory tools >"$T/make.log" 2>&1; then
	fail "diskmodel: make tools: $(tail -n 3 "$T/make.log" | tr '\n' ' ')"
	finish
fi

# refused before anything boots, each naming what would do
out=$(DISK=hdd-ibm "$top/qemu/run" -q -o "$T/bad1" 2>&1)
rc=$?
check "diskmodel: an unknown profile is refused (status $rc)" test "$rc" = 2
check "diskmodel: naming the known ones" grep -q 'known: host hdd-5k160 hdd null sd ssd' <<<"$out"
cp "$OUT/$ARCH/bzImage" "$T/plain-bzImage"
out=$(BZIMAGE=$T/plain-bzImage DISK=hdd "$top/qemu/run" -q -o "$T/bad2" 2>&1)
rc=$?
check "diskmodel: a kernel without the model's module is refused (status $rc)" test "$rc" = 2
check "diskmodel: naming the kernels that have it" grep -q 'every kernel swapbench builds has it' <<<"$out"
check "diskmodel: before the boot" test ! -s "$T/bad2/serial.log"
out=$(LAYOUT=seed000 DISK_GB=1 SWAP_MIB=4096 LIMIT=60 "$top/qemu/run" -q -o "$T/bad3" 2>&1)
rc=$?
check "diskmodel: a layout that does not fit is refused (status $rc)" grep -q 'do not fit a disk of 1 GB' <<<"$out"
check "diskmodel: before the boot" test ! -s "$T/bad3/serial.log"
# within LOG NAME SELECTOR KEY WANT PCT: the measured figure of the first
# diskcheck record holding SELECTOR's KEY=VALUE pairs, within PCT % of WANT
# (prints it; status)
within() {
	local got
	got=$("$REPORT" fields --where "${3// /,}" diskcheck "$4" "$1" | head -n1)
	echo "$2: ${got:-none} against $5, within +-$6 %"
	awk -v g="${got:-0}" -v w="$5" -v p="$6" 'BEGIN { d = 100 * (g / w - 1); exit !(d <= p && d >= -p) }'
}
# figures LOG DRIVE OUTER_MBS INNER_MBS SEEK_MS RPM: each datasheet figure,
# one a line: "ok|OUTSIDE what"
figures() {
	local iops
	iops=$(awk -v s="$5" -v r="$6" 'BEGIN { print 1000 / (s + 30000 / r) }')
	while IFS='|' read -r name sel key want pct; do
		if line=$(within "$1" "$2 $name" "$sel" "$key" "$want" "$pct"); then echo "ok $line"; else echo "OUTSIDE $line"; fi
	done <<LIST
sequential read, outer edge (MB/s)|test=seq_read where=outer|mb_s|$3|10
sequential read, inner edge (MB/s)|test=seq_read where=inner|mb_s|$4|10
sequential write, outer edge (MB/s)|test=seq_write where=outer|mb_s|$3|10
sequential write, inner edge (MB/s)|test=seq_write where=inner|mb_s|$4|10
random 4 KiB reads (IOPS)|test=random_read|iops|$iops|15
LIST
}
DISK=hdd LAYOUT=diskcheck DETERMINISTIC=1 LIMIT=240 boot check -- swapbench.diskcheck=quick
check "diskmodel: the datasheet check completes (status $rc)" test "$rc" = 0
check "diskmodel: the meta record names the profile" grep -aq '^# sb meta .* disk=hdd ' "$log"
# the default boot's room: the 466 GiB pmem disk mapped with 1 GiB pages,
# the module loaded (docs/results/memavailable.md)
mem=$("$REPORT" fields meta memavailable_kb "$log")
check "diskmodel: MemAvailable at -m 64 with the 7K500's pmem disk and the module is at least 45,000 kB (${mem:-none} kB)" \
	test "${mem:-0}" -ge 45000
check "diskmodel: the disk record says the drive's queue (31, sptf) and the kernel's scheduler for it (mq-deadline)" \
	grep -aq '^# sb disk .* disk_queue_depth=31 disk_queue_order=sptf disk_sched=mq-deadline ' "$log"
# the waits are the guest's own time: judged at any host load
while read -r verdict line; do
	if [ "$verdict" = ok ]; then pass "diskmodel: $line"; else fail "diskmodel: $line"; fi
done <<<"$(figures "$log" 7K500 64.8 31.0 8.5 7200)"
first=$log
# DETERMINISTIC=1 on the model: the same boot again while the host wakes
# QEMU's main loop thousands of times (QMP questions, which reach no guest;
# the main loop also makes an idle guest's clock jump to its next timer):
# the console and the results disk are the first boot's, byte for byte
# (without rr=record the jump could read a stale instruction count, and the
# guest's clock drifted by some 100 ns from a host-timed moment on)
python3 "$top/tests/fixtures/qmp_wake.py" "$T/qmp.sock" 120 >"$T/wake.out" 2>&1 &
waker=$!
EXTRA_QEMU="-qmp unix:$T/qmp.sock,server=on,wait=off" DISK=hdd LAYOUT=diskcheck DETERMINISTIC=1 LIMIT=240 boot woken -- swapbench.diskcheck=quick
wait "$waker"
woken=$(sed -n 's/^queries \([0-9]*\).*/\1/p' "$T/wake.out")
check "diskmodel: the check again, its QEMU's main loop woken from the host, completes (status $rc)" test "$rc" = 0
check "diskmodel: the host woke that main loop at least 100 times during the boot (${woken:-none})" test "${woken:-0}" -ge 100
check "diskmodel: DETERMINISTIC=1 on the model: the woken boot's console is the first's, byte for byte" \
	cmp "$first" "$log"
check "diskmodel: and so is its results disk" cmp "$T/check/results.disk" "$T/woken/results.disk"
# a hang ends at LIMIT: status 124, no record past the disk's
SCHED=none DISK=hdd-5k160 LAYOUT=diskcheck DETERMINISTIC=1 LIMIT=240 boot noq -- swapbench.diskcheck=quick
check "diskmodel: SCHED=none at one tag: the check's split O_DIRECT reads complete (status $rc)" test "$rc" = 0
check "diskmodel: the disk record says one tag, arrival order, no scheduler" \
	grep -aq '^# sb disk .* disk=hdd-5k160 .* disk_queue_depth=1 disk_queue_order=arrival disk_sched=none ' "$log"
while read -r verdict line; do
	if [ "$verdict" = ok ]; then pass "diskmodel: $line"; else fail "diskmodel: $line"; fi
done <<<"$(figures "$log" 5K160 44 22 11 5400)"
# a profile with zone and seek tables (DiskSim's Atlas III: 9 zones, 117
# seeks) reaches the guest's driver whole (its tables=)
DISK=disk/profiles/valid/atlas_III.conf LAYOUT=diskcheck DETERMINISTIC=1 LIMIT=240 boot atlas -- swapbench.diskcheck=quick
check "diskmodel: the datasheet check on the Atlas III's table profile completes (status $rc)" test "$rc" = 0
check "diskmodel: the driver took its tables: 9 zones, 117 seeks" grep -aq 'sbdisk: the profile.s tables: 9 zones, 117 seeks' "$log"
check "diskmodel: the disk record names it" grep -aq '^# sb disk .* disk=atlas_iii disk_kind=hdd ' "$log"
log=$first
# what the model counted
num() { "$REPORT" fields --where test=model diskcheck "$1" "$log" | head -n1; }
check "diskmodel: the model read what the check read: 2 x 16 MiB and 100 x 4 KiB ($(num disk_read_kb) KiB)" \
	test "$(num disk_read_kb)" -ge 33168
check "diskmodel: and wrote 2 x 16 MiB ($(num disk_write_kb) KiB)" test "$(num disk_write_kb)" -ge 32768
# 100 random reads over the stroke at 8.5 ms on average, plus the sweep's and the ends' seeks
check "diskmodel: its seek time is the datasheet's order: 0.5-3 s ($(num disk_seek_s) s)" \
	awk -v s="$(num disk_seek_s)" 'BEGIN { exit !(s >= 0.5 && s <= 3) }'
check "diskmodel: its rotation at most a turn a request ($(num disk_rot_s) s, $(num disk_reads) reads)" \
	awk -v r="$(num disk_rot_s)" -v n="$(num disk_reads)" -v w="$(num disk_writes)" 'BEGIN { exit !(r > 0 && r <= (n + w) * 60 / 7200) }'
check "diskmodel: the check's clock is the model's ($(num disk_clock_seen))" \
	awk -v c="$(num disk_clock_seen)" 'BEGIN { exit !(c >= 0.9 && c <= 1.1) }'

SCHED=kyber DISK=ssd DISK_IF=ide ICOUNT=1 LIMIT=300 boot ssd -- swapbench.workloads=fight swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition
check "diskmodel: a fight run on the SSD model over IDE completes (status $rc)" test "$rc" = 0
check "diskmodel: the swap partition is the model's disk's" grep -aq '^# sb swap .*backend=partition dev=/dev/sbda1 ' "$log"
check "diskmodel: SCHED=kyber: the model's disk has it" grep -aq '^# sb disk .* disk_sched=kyber ' "$log"
io=$(grep -a '^# sb io test=1 part=1 ' "$log" | head -n1)
check "diskmodel: the run's requests precede its result line (io test=1)" \
	sh -c "grep -a '^# sb io test=1 \|^ok 1 ' '$log' | tail -n1 | grep -q '^ok 1 '"
check "diskmodel: the account counts what it kept and left out" \
	awk -v l="$io" 'BEGIN { if (!match(l, / total=[0-9]+ kept=[0-9]+ stride=[0-9]+ dropped=[0-9]+ /)) exit 1
		split(substr(l, RSTART + 1, RLENGTH - 2), f, /[ =]/); exit !(f[2] > 0 && f[4] <= 512 && f[2] - f[4] == f[8]) }'
check "diskmodel: each request t_us:dur_us:sector:sectors:op:depth" grep -Eq ' reqs=[0-9]+:[0-9]+:[0-9]+:[0-9]+:[RWF]:[0-9]+;' <<<"$io"
check "diskmodel: the kernel sees it non-rotational, as the profile says (so swapon sets SWP_SOLIDSTATE)" \
	grep -aq '^# sb swap .*backend=partition .* rotational=0 solidstate=1 ' "$log"
check "diskmodel: the swap record carries the device's queue limits" grep -aq '^# sb swap .*backend=partition .* max_sectors_kb=[1-9]' "$log"
check "diskmodel: and where the partition starts on the modelled disk" grep -aq '^# sb swap .*backend=partition .* first_lba=2048' "$log"
check "diskmodel: the run's record carries the model's counters" \
	grep -aq '^ok .* disk_reads=[0-9]* disk_writes=[1-9][0-9]* .* disk_busy_s=.* disk_clock_seen=' "$log"
seen=$("$REPORT" fields --where status=ok result disk_clock_seen "$log" | grep -m1 .)
check "diskmodel: under ICOUNT=1 the run's clock is the model's ($seen)" awk -v c="${seen:-0}" 'BEGIN { exit !(c >= 0.99 && c <= 1.01) }'

run=$(grep -a '^ok .* disk_reads=' "$log" | head -n1)
check "diskmodel: the SSD charged its latency and no rotation" grep -Eq ' disk_seek_s=[0-9]*\.[0-9]*[1-9][0-9]* disk_rot_s=0.000000 ' <<<"$run"
check "diskmodel: the run wrote what it swapped out (disk_write_kb >= pswpout x 4)" \
	awk -v wp="$("$REPORT" fields --where status=ok result disk_write_kb,pswpout,disk_reads "$log" | awk -F'\t' '$3 != "" { print $1, $2; exit }')" \
		'BEGIN { split(wp, v, " "); exit !(v[2] > 0 && v[1] >= v[2] * 4) }'

# the characteriser's opt-in rewrite mode on a drive that turns and writes
# through (DiskSim's hp_c2247a: 1 GB, the cheapest): make diskchar fills
# the disk's swap partition with a pattern (each sector its own bytes),
# hashes the file before the boot and after and fails where they differ
start=$(date +%s)
out=$(DISKCHAR_REWRITE=1 DISK=disk/profiles/valid/hp_c2247a.conf DIR=$T/dcw LIMIT=240 "$top/experiments/diskchar" 2>&1)
rc=$? secs=$(($(date +%s) - start))
log=$T/dcw/boot/serial.log
check "diskchar: DISKCHAR_REWRITE=1 on hp_c2247a completes ($secs s of wall time, status $rc)" test "$rc" = 0
check "diskchar: the records say the rewrite mode ran (fig=write rewrite=1)" grep -aq '^# sb diskchar .* fig=write rewrite=1 ' "$log"
check "diskchar: on the model's disk over the designated one (fig=device dev=/dev/sbda)" \
	grep -aq '^# sb diskchar .* fig=device dev=/dev/sbda ' "$log"
writes=$("$REPORT" fields --where fig=write diskchar writes "$log" | head -n1)
check "diskchar: it wrote back what it read (writes=${writes:-none})" test "${writes:-0}" -gt 0
read -r before after < <(sed -n "s/^diskchar: the disk's sha256 before the rewrite mode \([0-9a-f]\{64\}\), after it \([0-9a-f]\{64\}\)$/\1 \2/p" <<<"$out")
check "diskchar: the disk's bytes (its swap partition a pattern) unchanged: sha256 ${before:-none} before, ${after:-none} after" \
	test -n "${before:-}" -a "${before:-}" = "${after:-}"
unmeasured=
for k in oh_write_miss_after_read_ms oh_write_reselect_ms write_settle_ms bus_write_sector_ms; do
	grep -q "^source.$k = measured on S1 (rewrite mode)" "$T/dcw/measured.conf" || unmeasured+=" $k"
done
check "diskchar: the measured profile's write figures say measured (rewrite mode)${unmeasured:+; not:$unmeasured}" test -z "$unmeasured"
finish
