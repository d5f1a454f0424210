#!/bin/bash
# The P6 class (Pentium Pro, II, III): the suite's one 32-bit kernel is
# i586's, which runs on every CPU i686's does, as fast
# (docs/results/i586-i686.md). ARCH=i686 itself is proven without a build:
# make picks kernel/build i686 and -march=i686, its fragments take
# (M686, no PAE) and its binary is static 32-bit i386 code with cmov. On
# -cpu pentium3 -m 64 the i586 image runs lines (on 200,000 lines, which
# keeps it to seconds under TCG) and fight once per backend and its records
# parse; the clock is named and a coarse one flagged (clock_checks); a
# results USB stick works. The i686 image's refusal of a P5 is
# tests/integration/cpu_refusal.sh's (the words) and 65-oldcpu's (the same refusal
# of the i586 image on a 486, booted).
# kernels: i586/default
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

# ARCH=i686 without a kernel build
plan=$(make -C "$top" -n --no-print-directory kernel ARCH=i686 2>&1)
check "make image ARCH=i686: builds kernel/build i686 into out/i686/bzImage" \
	grep -q "dst=out/i686/bzImage" <<<"$(grep -A1 "kernel/build i686 default" <<<"$plan")"
msg=$("$top/kernel/build" --check i686 2>&1)
check "ARCH=i686: every fragment line takes, M686 included (status $?)" \
	grep -q 'linux 6\.1\.[0-9]* .*fragment lines for i686/default take' <<<"$msg"
check "ARCH=i686: kernel/i686.config asks for M686" grep -qx 'CONFIG_M686=y .*' "$top/kernel/i686.config"
if make -C "$top" -s --no-print-directory ARCH=i686 OUT="$OUT" "$OUT/i686/swapbench" >"$T/make-i686.log" 2>&1; then
	check "init ARCH=i686: a static 32-bit i386 executable" \
		bash -c "file '$OUT/i686/swapbench' | grep -q 'ELF 32-bit LSB executable, Intel 80386, .* statically linked'"
	check "init ARCH=i686: built for the P6 (cmov)" bash -c "objdump -d '$OUT/i686/swapbench' | grep -qw 'cmov[a-z]*'"
else
	fail "make ARCH=i686 $OUT/i686/swapbench: $(tail -n 3 "$T/make-i686.log" | tr '\n' ' ')"
fi

if ! make -C "$top" --no-print-directory image ARCH=i586 >"$T/make.log" 2>&1; then
	fail "make image ARCH=i586: $(tail -n 3 "$T/make.log" | tr '\n' ' ')"
	finish
fi
export ARCH=i586 BZIMAGE=$OUT/i586/bzImage INITRD=$OUT/i586/initramfs.cpio.gz
cfg=$BZIMAGE.config
check "kernel: 32-bit" bash -c "grep -qx CONFIG_X86_32=y '$cfg' && ! grep -q '^CONFIG_64BIT=y' '$cfg'"
check "kernel: no PAE, no highmem" \
	bash -c "grep -qx 'CONFIG_NOHIGHMEM=y' '$cfg' && ! grep -q '^CONFIG_X86_PAE=y' '$cfg'"
check "kernel: libata PIIX and AHCI, SCSI disk, serial console" \
	bash -c "grep -qx CONFIG_ATA_PIIX=y '$cfg' && grep -qx CONFIG_SATA_AHCI=y '$cfg' && grep -qx CONFIG_BLK_DEV_SD=y '$cfg' && grep -qx CONFIG_SERIAL_8250_CONSOLE=y '$cfg'"
check "init: a static 32-bit i386 executable" \
	bash -c "file '$OUT/i586/swapbench' | grep -q 'ELF 32-bit LSB executable, Intel 80386, .* statically linked'"
info "i586 sizes: bzImage $(stat -c %s "$BZIMAGE") bytes, initramfs.cpio.gz $(stat -c %s "$INITRD") bytes"

CPU=pentium3 LIMIT=240 boot p3 -- swapbench.workloads=lines,fight swapbench.runs=1 swapbench.lines.count=200000
check "pentium3 -m 64: experiment completes (status $rc)" test "$rc" = 0
check "pentium3 -m 64: header says arch=i686 (uname -m: the CPU's class)" grep -aq '^# sb meta .* arch=i686 ' "$log"
memkb=$("$REPORT" fields meta memtotal_kb "$log")
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
e=$("$REPORT" fields --where status=ok,workload=idle result elapsed_s "$log")
check "usb stick: idle slept its second (elapsed_s=$e)" awk -v e="${e:-0}" 'BEGIN { exit !(e >= 0.9 && e < 5) }'
rows=$("$REPORT" csv "$u/results.disk" 2>/dev/null | grep -c ',idle,partition,1,ok,')
check "usb stick: the record is on it (got $rows)" test "$rows" = 1
finish
