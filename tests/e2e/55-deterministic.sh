#!/bin/bash
# DETERMINISTIC=1: two boots of the same kernel, image and command line give
# byte-identical results, swapping on virtio-pmem disks with no flushes; a
# different command line is a different boot; what the mode cannot do is
# refused before booting. The compare's second kernel is net (67-collect
# builds it anyway). SMP=2 boots without QEMU's record mode (it refuses
# -smp 2) and says so: clock deterministic-norecord, on the variant smp (the
# default with SMP and ACPI, whose MADT lists QEMU's other vCPUs); the
# kernel boots one CPU and init onlines the other (docs/kernels.md: QEMU
# 7.2's instruction counting starves CPU 1's boot-time bring-up). About
# 13 s of boot (5 Dec, loaded host), and the variant's build.
# kernels: x86_64/net x86_64/smp
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$top" || exit 2

wl=(swapbench.workloads=fight swapbench.runs=2 swapbench.warmup=0)
for i in 1 2; do
	DETERMINISTIC=1 boot det$i -- "${wl[@]}"
	check "deterministic boot $i: every run ok (status $rc)" test "$rc" = 0
done
csv() { "$REPORT" csv "$T/$1" 2>/dev/null | cut -d, -f3-; }
csv det1 >"$T/det1.csv"
csv det2 >"$T/det2.csv"
check "deterministic: 4 runs recorded" test "$(grep -c ',ok,' "$T/det1.csv")" = 4
check "deterministic: the runs swapped (pswpin above 1000 on each)" \
	test "$("$REPORT" fields --where status=ok result pswpin "$T/det1/serial.log" | awk '$1 > 1000' | wc -l)" = 4
check "deterministic: two boots, identical measurements run for run" cmp "$T/det1.csv" "$T/det2.csv"
check "deterministic: two boots, byte-identical serial logs" cmp "$T/det1/serial.log" "$T/det2/serial.log"
check "deterministic: two boots, byte-identical results disks" cmp "$T/det1/results.disk" "$T/det2/results.disk"
check "deterministic: swap on the virtio-pmem partition" grep -aq '^ok .*backend=partition .*swap_dev=/dev/pmem0p1 ' "$T/det1/serial.log"
check "deterministic: the swapfile on ext4 on virtio-pmem" grep -aq '^# sb swap .*backend=file dev=/dev/pmem0p2 ' "$T/det1/serial.log"
check "deterministic: the results disk on virtio-pmem" grep -q 'virtio-pmem-pci.*virtio-pmem-pci' "$T/det1/qemu.cmd"
check "deterministic: init asked to keep flushes in the guest" grep -aq '^# sb meta .*swapbench.flush=0' "$T/det1/serial.log"
info "deterministic: elapsed_s per run $("$REPORT" fields --where status=ok result elapsed_s "$T/det1/serial.log" | tr '\n' ' ')"

DETERMINISTIC=1 boot det3 -- "${wl[@]}" swapbench.fight.passes=3
b1=$("$REPORT" fields meta boot "$T/det1/serial.log")
b3=$("$REPORT" fields meta boot "$T/det3/serial.log")
check "deterministic: another command line is another boot id ($b1, $b3)" test -n "$b1" -a -n "$b3" -a "$b1" != "$b3"

# kernel comparison in this mode: the boot is the unit here too; each boot
# carries swapbench.draw=ROUND, so two boots of a kernel are two draws of
# its trajectory (distinct boot ids, distinct runs), each reproducible
CMP_DIR=$T/compare KERNELS="default net" DETERMINISTIC=1 BOOTS=2 RUNS=4 WARMUP=0 WORKLOADS=fight \
	APPEND=swapbench.backends=partition experiments/compare >"$T/compare.out" 2>"$T/compare.err"
rc=$?
check "deterministic compare: completes (status $rc)" test "$rc" = 0
check "deterministic compare: four boots, two a kernel" test "$(find "$T/compare" -mindepth 1 -maxdepth 1 -type d | wc -l)" = 4
d1=$("$REPORT" fields meta boot "$T/compare/default-1/serial.log")
d2=$("$REPORT" fields meta boot "$T/compare/default-2/serial.log")
check "deterministic compare: each boot its own draw ($d1, $d2)" test -n "$d1" -a -n "$d2" -a "$d1" != "$d2"
check "deterministic compare: the draw is in the meta record" grep -aq '^# sb meta .*swapbench.draw=2' "$T/compare/default-2/serial.log"
check "deterministic compare: both kernels in the comparison" grep -q "A = tag default, B = tag net" "$T/compare/compare.txt"
check "deterministic compare: analysed over boots, 2 and 2" grep -q '^fight *partition *[a-zA-Z ]* boots *2 *2 ' "$T/compare/compare.txt"
info "deterministic compare: $(grep '^fight' "$T/compare/compare.txt" | tr -s ' ')"

refused() { # NAME PATTERN ENV... -- ARGS: refused with status 2 and PATTERN
	local name=$1 pat=$2 out
	shift 2
	out=$(env "$@" 2>&1)
	local r=$?
	if [ "$r" = 2 ] && grep -q "$pat" <<<"$out"; then pass "deterministic: $name refused"; else fail "deterministic: $name: exit $r: $out"; fi
}
refused "DETERMINISTIC=2" 'DETERMINISTIC=2: 0 or 1' DETERMINISTIC=2 qemu/run -q -o "$T/r1"
refused "with KVM" 'needs TCG' DETERMINISTIC=1 ACCEL=kvm qemu/run -q -o "$T/r2"
refused "on i686" 'needs ARCH=x86_64' DETERMINISTIC=1 ARCH=i686 qemu/run -q -o "$T/r3"
refused "with PXE" 'NET_BOOT or NET_TAP do not mix' DETERMINISTIC=1 NET_BOOT="$T" qemu/run -q -o "$T/r4"

# SMP=2: the vCPUs in turn on the instruction clock, without the record
if km=$("$top/kernel/build" "$ARCH" smp 2>"$T/build-smp.log"); then
	BZIMAGE=$km DETERMINISTIC=1 SMP=2 boot smp2 -- swapbench.workloads=fight swapbench.runs=1 swapbench.warmup=0 swapbench.backends=partition
	check "deterministic SMP=2: boots and runs (status $rc)" test "$rc" = 0
	check "deterministic SMP=2: the guest has 2 CPUs, the second onlined by init" \
		test "$("$REPORT" fields meta cpus "$log") $(grep -ac 'smpboot: Booting Node 0 Processor 1' "$log")" = "2 1"
	check "deterministic SMP=2: the instrument says deterministic-norecord (status file)" test "$(status_get "$dir" clock)" = deterministic-norecord
	check "deterministic SMP=2: ... and in the meta record" grep -aq '^# sb meta .*clock:deterministic-norecord,' "$log"
	check "deterministic SMP=2: the instruction clock, no record mode on QEMU's command line" \
		bash -c "grep -q -- '-icount shift=1.,sleep=off.,align=off -rtc' '$dir/qemu.cmd' && ! grep -q 'rr=record' '$dir/qemu.cmd'"
else
	fail "deterministic SMP=2: building the variant smp failed: $(tail -n 3 "$T/build-smp.log")"
fi
truncate -s 3M "$T/odd.img"
echo x >>"$T/odd.img"
refused "a swap disk of 3 MiB + 2 bytes" 'must be a multiple of 2 MiB' DETERMINISTIC=1 qemu/run -q -o "$T/r5" --swap-disk "$T/odd.img"
check "deterministic: the refused swap disk is untouched" test "$(stat -c %s "$T/odd.img")" = $((3 * 1048576 + 2))
finish
