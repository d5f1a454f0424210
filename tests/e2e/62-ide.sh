#!/bin/bash
# IDE disks, as on old PCs: with -drive if=ide the disks are /dev/sda and
# /dev/sdb through libata (ata_piix), found by their PARTUUID and labels;
# both backends run and the results disk gets the records, on x86_64 and
# on the 32-bit image (i586's, on -cpu pentium3); an x86_64 kernel with
# VARIANT=usb writes to a results stick behind xHCI.
# kernels: i586/default x86_64/usb
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
quick=(swapbench.workloads=fight swapbench.runs=1 swapbench.warmup=0)

if ! make -C "$top" --no-print-directory image ARCH=i586 >"$T/make-i586.log" 2>&1; then
	fail "make image ARCH=i586: $(tail -n 3 "$T/make-i586.log" | tr '\n' ' ')"
	finish
fi

for arch in x86_64 i586; do
	cpu=
	[ $arch = i586 ] && cpu=pentium3
	ARCH=$arch CPU=$cpu DISK_IF=ide BZIMAGE=$OUT/$arch/bzImage INITRD=$OUT/$arch/initramfs.cpio.gz \
		LIMIT=240 boot ide-$arch -- "${quick[@]}"
	n="ide $arch"
	check "$n: experiment completes (status $rc)" test "$rc" = 0
	check "$n: disks on if=ide" grep -q 'if=ide' "$dir/qemu.cmd"
	check "$n: the kernel drove them through ata_piix" grep -aq 'scsi host0: ata_piix' "$log"
	check "$n: partition swap on /dev/sda1 (PARTUUID=5b0a5b0a-01)" \
		grep -aq '^# sb swap .*backend=partition dev=/dev/sda1 ' "$log"
	check "$n: swapfile on /dev/sda2 (LABEL=swapbench-fs)" \
		grep -aq '^# sb swap .*backend=file dev=/dev/sda2 ' "$log"
	check "$n: both backends ran" \
		bash -c "grep -aq '^ok .* backend=partition .*swap_dev=/dev/sda1 ' '$log' && grep -aq '^ok .* backend=file ' '$log'"
	rows=$("$REPORT" csv "$dir/results.disk" 2>/dev/null | grep -c ',fight,.*,ok,')
	check "$n: results disk (LABEL=swapbench-res, IDE) got the records (2 ok rows, got $rows)" test "$rows" = 2
done

# An x86_64 lab PC: swap on IDE, results on a USB stick behind xHCI, with
# the usb kernel variant (the default x86_64 kernel has no USB).
if k=$("$top/kernel/build" x86_64 usb 2>"$T/kernel-usb.log"); then
	u=$T/usbdisks
	"$top/qemu/mkdisks" "$u" 64 "$REPORT"
	BZIMAGE=$k LIMIT=120 EXTRA_QEMU="-drive file=$u/disk.img,format=raw,if=ide -device qemu-xhci
-drive if=none,id=stick,file=$u/results.disk,format=raw -device usb-storage,drive=stick" \
		boot usb-x86_64 --no-disks -- swapbench.part=PARTUUID=5b0a5b0a-01 swapbench.backends=partition \
		swapbench.results=LABEL=swapbench-res "${quick[@]}"
	check "usb x86_64: run completes (status $rc)" test "$rc" = 0
	check "usb x86_64: the kernel found the stick" grep -aq 'usb-storage .*: USB Mass Storage device detected' "$log"
	check "usb x86_64: swap on IDE /dev/sda1" grep -aq '^ok .*swap_dev=/dev/sda1 ' "$log"
	rows=$("$REPORT" csv "$u/results.disk" 2>/dev/null | grep -c ',fight,partition,1,ok,')
	check "usb x86_64: the record is on the stick (got $rows)" test "$rows" = 1
else
	fail "usb x86_64: kernel/build x86_64 usb: $(tail -n 3 "$T/kernel-usb.log" | tr '\n' ' ')"
fi
finish
