#!/bin/bash
# Swap set-up: both backends through /proc/swaps, fallocate and zero-fill,
# the safety rule (ext4 partition refused without force), and a disk not
# named on the command line left byte-for-byte unchanged.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
quick=(swapbench.workloads=fight swapbench.runs=1 swapbench.warmup=0 swapbench.fight.ratio=1.2)

# A bystander disk: partition table, ext4 with data, random bytes elsewhere.
by=$T/bystander.img
truncate -s 64M "$by"
printf 'label: dos\nstart=2048, size=65536, type=83\nstart=67584, type=82\n' | sfdisk -q "$by" >/dev/null
mkfs.ext4 -q -F -L precious -E offset=$((2048 * 512)) "$by" 32768k
dd if=/dev/urandom of="$by" bs=1M seek=40 count=8 conv=notrunc status=none
# a stale swap signature a careless tool would reuse
mkswap -q -L swapbench-fs --offset $((67584 * 512)) "$by" 2>/dev/null ||
	dd if=/dev/zero of="$by" bs=512 seek=67584 count=8 conv=notrunc status=none
before=$(sha256sum <"$by")

boot both --disk "$by" -- "${quick[@]}"
check "backends: run completes (status 0)" test "$rc" = 0
check "backends: partition swap record" grep -aq '^# sb swap .*backend=partition dev=/dev/vda1 size_kb=196608' "$log"
check "backends: file swap record, created by fallocate" grep -aq '^# sb swap .*backend=file .*create=fallocate' "$log"
check "backends: /proc/swaps shows the partition during its run" \
	grep -aq '^ok .* backend=partition .*swaps_active=1 swap_dev=/dev/vda1 ' "$log"
check "backends: /proc/swaps shows the swapfile during its run" \
	grep -aq '^ok .* backend=file .*swaps_active=1 swap_dev=/mnt/fs/swapbench.swap ' "$log"
after=$(sha256sum <"$by")
check "safety: the undesignated disk is byte-for-byte unchanged" test "$before" = "$after"

boot zero -- "${quick[@]}" swapbench.create=zero swapbench.backends=file
check "zero-fill: run completes" test "$rc" = 0
check "zero-fill: swapfile made by zero-fill" grep -aq '^# sb swap .*backend=file .*create=zero ' "$log"
check "zero-fill: swapon accepted it (run on the file)" grep -aq '^ok .*swap_dev=/mnt/fs/swapbench.swap ' "$log"
absent "zero-fill: no partition backend when not asked" 'backend=partition' "$log"

# Partition 1 holding ext4: refused without force, used with it.
"$top/qemu/mkdisks" "$T/ext4disk" 64 "$REPORT"
img=$T/ext4disk/disk.img
mkfs.ext4 -q -F -L precious -E offset=$((2048 * 512)) "$img" 131072k
p1() { dd if="$img" bs=1M skip=1 count=128 status=none | sha256sum; }
p1_before=$(p1)
boot refuse --swap-disk "$img" -- "${quick[@]}"
check "ext4 partition: refused (status 2)" test "$rc" = 2
check "ext4 partition: the error says what it holds" \
	grep -aq '^# swapbench: error: refusing to write swap on /dev/vda1: it holds ext4 labelled precious (add swapbench.force=1' "$log"
check "ext4 partition: not one byte written" test "$p1_before" = "$(p1)"
boot force --swap-disk "$img" -- "${quick[@]}" swapbench.force=1
check "ext4 partition with force=1: run completes" test "$rc" = 0
check "ext4 partition with force=1: the record says what was overwritten" \
	grep -aq '^# sb swap .*backend=partition .*overwrote=ext4' "$log"

# The results disk named as the swap partition: refused before mkswap
boot sameparts -- "${quick[@]}" swapbench.part=LABEL=swapbench-res
check "same device twice: refused (status 2)" test "$rc" = 2
check "same device twice: the error names both keys" \
	grep -aq 'error: swapbench.part and swapbench.results both name /dev/vdb' "$log"
check "same device twice: the results disk keeps its magic" \
	test "$(head -c 20 "$dir/results.disk")" = SWAPBENCH-RESULTS-V1

# Designation by /dev name instead of PARTUUID/LABEL
boot devnames --no-disks -- "${quick[@]}" swapbench.part=/dev/nonexistent
check "missing device: status 2" test "$rc" = 2
check "missing device: clear error" grep -aq 'error: swapbench.part=/dev/nonexistent: no such device; the kernel has no block device at all' "$log"
finish
