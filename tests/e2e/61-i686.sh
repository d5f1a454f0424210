#!/bin/bash
# ARCH=i686: a 32-bit Pentium-class kernel without PAE and static musl i386
# binaries; at -cpu pentium3 -m 64 lines (on 200,000
# lines, which keeps it to seconds under TCG, and fight) runs once per
# backend and its records parse; the clock is named and a coarse one flagged
# (clock_checks); a results USB stick works. A P5 Pentium is refused with
# the kernel's own message on serial, and qemu/run stops at once.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

if ! make -C "$top" --no-print-directory image ARCH=i686 >"$T/make.log" 2>&1; then
	fail "make image ARCH=i686: $(tail -n 3 "$T/make.log" | tr '\n' ' ')"
	finish
fi
export ARCH=i686 BZIMAGE=$OUT/i686/bzImage INITRD=$OUT/i686/initramfs.cpio.gz
cfg=$BZIMAGE.config
check "kernel: 32-bit" bash -c "grep -qx CONFIG_X86_32=y '$cfg' && ! grep -q '^CONFIG_64BIT=y' '$cfg'"
check "kernel: built for the Pentium Pro class (M686)" grep -qx 'CONFIG_M686=y' "$cfg"
check "kernel: no PAE, no highmem" \
	bash -c "grep -qx 'CONFIG_NOHIGHMEM=y' '$cfg' && ! grep -q '^CONFIG_X86_PAE=y' '$cfg'"
check "kernel: libata PIIX and AHCI, SCSI disk, serial console" \
	bash -c "grep -qx CONFIG_ATA_PIIX=y '$cfg' && grep -qx CONFIG_SATA_AHCI=y '$cfg' && grep -qx CONFIG_BLK_DEV_SD=y '$cfg' && grep -qx CONFIG_SERIAL_8250_CONSOLE=y '$cfg'"
check "init: a static 32-bit i386 executable" \
	bash -c "file '$OUT/i686/swapbench' | grep -q 'ELF 32-bit LSB executable, Intel 80386, .* statically linked'"
info "i686 sizes: bzImage $(stat -c %s "$BZIMAGE") bytes, initramfs.cpio.gz $(stat -c %s "$INITRD") bytes"

CPU=pentium3 LIMIT=240 boot p3 -- swapbench.workloads=lines,fight swapbench.runs=1 swapbench.lines.count=200000
check "pentium3 -m 64: experiment completes (status $rc)" test "$rc" = 0
check "pentium3 -m 64: header says arch=i686" grep -aq '^# sb meta .* arch=i686 ' "$log"
memkb=$(field "$log" '^# sb meta' memtotal_kb)
check "pentium3 -m 64: MemTotal between 40 and 64 MiB ($memkb kB)" test "${memkb:-0}" -gt 40960 -a "${memkb:-0}" -lt 65536
"$REPORT" csv "$log" >"$T/p3.csv" 2>"$T/p3.problems"
check "records: swapbench-report csv reads the serial log" test $? = 0
check "records: no damaged or truncated records reported" test ! -s "$T/p3.problems"
for w in lines fight; do
	for b in partition file; do
		n=$(awk -F, -v w=$w -v b=$b '$5 == w && $6 == b && $8 == "ok" && $9 > 0' "$T/p3.csv" | wc -l)
		check "records: $w on $b, 1 ok run with an elapsed time (got $n)" test "$n" = 1
		info "pentium3 -m 64: $w/$b elapsed_s=$(awk -F, -v w=$w -v b=$b '$5 == w && $6 == b {print $9}' "$T/p3.csv")"
	done
done

# The clock checks of 15-clock.sh, on the Pentium III: the TSC made
# unusable leaves the PIT or a tick clock, never an unflagged coarse time.
CPU=pentium3 clock_checks

# The lab set-up of docs/old-pcs.md: swap on IDE, results on a USB stick behind
# a UHCI controller, which appears a second or two after init starts. idle
# sleeps a second: musl i386 needs the kernel's 32-bit time syscalls.
u=$T/usbdisks
"$top/qemu/mkdisks" "$u" 64 "$REPORT"
CPU=pentium3 LIMIT=120 EXTRA_QEMU="-drive file=$u/disk.img,format=raw,if=ide -device piix3-usb-uhci
-drive if=none,id=stick,file=$u/results.disk,format=raw -device usb-storage,drive=stick" \
	boot usb --no-disks -- swapbench.part=PARTUUID=5b0a5b0a-01 swapbench.backends=partition \
	swapbench.results=LABEL=swapbench-res swapbench.workloads=idle swapbench.idle.seconds=1 \
	swapbench.runs=1 swapbench.warmup=0
check "usb stick: run completes (status $rc)" test "$rc" = 0
check "usb stick: the kernel found it" grep -aq 'usb-storage .*: USB Mass Storage device detected' "$log"
e=$(field "$log" '^ok .*workload=idle' elapsed_s)
check "usb stick: idle slept its second (elapsed_s=$e)" awk -v e="${e:-0}" 'BEGIN { exit !(e >= 0.9 && e < 5) }'
rows=$("$REPORT" csv "$u/results.disk" 2>/dev/null | grep -c ',idle,partition,1,ok,')
check "usb stick: the record is on it (got $rows)" test "$rows" = 1

# M686 code does not run on a P5 Pentium (no cmov): the setup code says so
# before the kernel proper starts, on serial (earlyprintk), and halts;
# qemu/run stops at those words, long before the limit, with status 2 and
# the ARCH whose image runs there.
t0=$(date +%s.%N)
CPU=pentium LIMIT=60 boot pentium -- swapbench.runs=1
took=$(echo "$(date +%s.%N) - $t0" | bc)
info "pentium: the i686 image was refused after $(printf '%.1f' "$took") s (qemu/run's own count: $(sed -n 's/^elapsed_s=//p' "$dir/status") s; limit 60 s)"
check "pentium: refused with the kernel's own message on serial" \
	grep -aq 'This kernel requires an i686 CPU, but only detected an i586 CPU' "$log"
check "pentium: qemu/run stopped at once, status 2 (got $rc; 124 is the limit)" test "$rc" = 2
check "pentium: the status names the image to use" grep -q '^why=.*use ARCH=i586' "$dir/status"
finish
