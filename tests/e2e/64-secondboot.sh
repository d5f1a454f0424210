#!/bin/bash
# A lab's second boot: docs/old-pcs.md's recipe labels the swap partition once
# (mkswap -L sb-swap) and designates it by LABEL=. Two PXE boots of the
# same tree on the same disks both complete, then a tree that designates it
# by UUID= boots on them too: each boot re-makes the swap area with the label
# and UUID it found, says so in its swap record, and appends its records
# to the same results disk.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
quick="panic=-1 swapbench.end=qemu swapbench.workloads=idle swapbench.idle.seconds=1 swapbench.runs=1 swapbench.warmup=0"
label=sb-swap uuid=5b0a5b0a-1111-4222-8333-444455556666

# The disks, made once and kept across the boots
d=$T/disks
"$top/qemu/mkdisks" "$d" 64 "$REPORT"
read -r start size < <(sfdisk -d "$d/disk.img" | sed -n 's/^.*1 : start= *\([0-9]*\), size= *\([0-9]*\),.*/\1 \2/p')
check "disks: partition 1 found (start $start, $size sectors)" test -n "$size"
# mkswap -L on the partition, without root: on a file its size, then its first page copied in
truncate -s $((size * 512)) "$T/p1.img"
mkswap -q -L "$label" -U "$uuid" "$T/p1.img" >/dev/null
dd if="$T/p1.img" of="$d/disk.img" bs=4096 count=1 seek=$((start * 512 / 4096)) conv=notrunc status=none
rm -f "$T/p1.img"
# names DESC: what blkid reads on partition 1 now
names() {
	local got
	got=$(blkid -p -O $((start * 512)) -o export "$d/disk.img" 2>/dev/null | grep -E '^(TYPE|LABEL|UUID)=' | sort | tr '\n' ' ')
	check "$1: blkid reads swap labelled $label with UUID $uuid (got: $got)" \
		test "$got" = "LABEL=$label TYPE=swap UUID=$uuid "
}
names "before the first boot"

# Two trees as qemu/mkpxe writes them, the swap partition designated as
# docs/old-pcs.md says (edited in the file)
for how in LABEL UUID; do
	tree=$T/tftp-$how
	BZIMAGE=$OUT/x86_64/bzImage INITRD=$OUT/x86_64/initramfs.cpio.gz MEM=64 APPEND="$quick" \
		env -u WORKLOADS -u RUNS -u WARMUP "$top/qemu/mkpxe" x86_64 "$tree" >/dev/null
	want=LABEL=$label
	[ "$how" = UUID ] && want=UUID=$uuid
	sed -i "s/swapbench.part=PARTUUID=5b0a5b0a-01 /swapbench.part=$want /" "$tree/pxelinux.cfg/default"
	check "tree $how: pxelinux.cfg designates swapbench.part=$want" \
		grep -q "APPEND .* swapbench.part=$want " "$tree/pxelinux.cfg/default"
done

# labboot NAME DESIGNATION: boot the tree by PXE on the kept disks
labboot() {
	local name=$1 how=$2 n
	NET_BOOT=$T/tftp-$how NET_BOOTFILE=pxelinux.0 BZIMAGE=$T/tftp-$how/bzImage LIMIT=240 \
		EXTRA_QEMU="-drive file=$d/disk.img,format=raw,if=virtio -drive file=$d/results.disk,format=raw,if=virtio" \
		boot "$name" --no-disks
	check "$name ($how=): experiment completes (status $rc)" test "$rc" = 0
	check "$name ($how=): the command line designated swapbench.part=$how=" \
		grep -aq "^# sb meta .*cmdline=\".* swapbench.part=$how=" "$log"
	check "$name: the swap record says the label and UUID were kept" \
		grep -aq "^# sb swap .*backend=partition .* label=$label uuid=$uuid kept=label,uuid " "$log"
	n=$(grep -ac '^ok .* workload=idle ' "$log")
	check "$name: a run per backend completed ($n)" test "$n" = 2
	info "$name: $n runs completed, boot took $(status_get "$dir" elapsed_s) s (shared machine)"
	names "after $name"
}
labboot first LABEL
labboot second LABEL
labboot third UUID

# The results disk holds every boot's records, in boot order
"$REPORT" csv "$d/results.disk" >"$T/results.csv" 2>"$T/results.problems"
check "results disk: swapbench-report reads it" test $? = 0
check "results disk: no damaged, truncated or malformed records" \
	bash -c "! grep -Eq 'damaged|truncated|malformed' '$T/results.problems'"
ids=$(awk -F, 'NR > 1 && $8 == "ok" { print $3 }' "$T/results.csv" | uniq | tr '\n' ' ')
want=""
for b in first second third; do
	want+="$("$REPORT" fields meta boot "$T/$b/serial.log" | head -n1) "
done
check "results disk: the ok runs of the three boots, in order ($ids)" test "$ids" = "$want"
rows=$(awk -F, 'NR > 1 && $8 == "ok"' "$T/results.csv" | wc -l)
check "results disk: 2 ok runs a boot, 6 in all (got $rows)" test "$rows" = 6
info "results disk after three boots: $rows ok records from $(wc -w <<<"$ids") boots"
finish
