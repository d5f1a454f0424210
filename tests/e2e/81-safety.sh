#!/bin/bash
# The safety rule, type by type: a designated partition holding ext4, XFS,
# btrfs, FAT, LVM2 or LUKS, and a whole disk holding an MBR (one with no
# partitions yet too) or a GPT partition table, is refused without
# swapbench.force=1 (status 2, an error naming what it holds) and not one
# byte of it changes; then a full run
# with all of those disks attached but not designated leaves every one of
# them byte-for-byte unchanged. Images are made without root or loop
# devices; blkid confirms each holds what it should.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
quick=(swapbench.workloads=idle swapbench.idle.seconds=0 swapbench.runs=1 swapbench.warmup=0)
export LIMIT=90

for tool in mkfs.ext4 mkfs.xfs mkfs.btrfs mkfs.vfat cryptsetup sfdisk blkid python3; do
	command -v "$tool" >/dev/null ||
		fail "safety: $tool is missing (apt-get install e2fsprogs xfsprogs btrfs-progs dosfstools cryptsetup-bin fdisk)"
done

# lvm_label FILE: an LVM2 physical-volume label as pvcreate writes it
# (pvcreate wants a block device): label sector 1, CRC as LVM computes it
lvm_label() {
	python3 - "$1" <<'PY'
import struct, sys, zlib
pv = b"SwApBeNcHsAfEtYtEsTlVm2PvUuId0001"[:32]
size = 64 << 20
hdr = pv + struct.pack("<Q", size)
hdr += struct.pack("<QQQQ", 1 << 20, 0, 0, 0)            # data area, end of list
hdr += struct.pack("<QQQQ", 4096, (1 << 20) - 4096, 0, 0) # metadata area, end of list
body = struct.pack("<I", 32) + b"LVM2 001" + hdr
body += b"\0" * (512 - 20 - len(body))
crc = zlib.crc32(body, 0xf597a6cf ^ 0xffffffff) ^ 0xffffffff   # LVM: no pre/post inversion
sector = b"LABELONE" + struct.pack("<QI", 1, crc) + body
with open(sys.argv[1], "r+b") as f:
    f.seek(512)
    f.write(sector)
PY
}

# make_fs TYPE FILE: FILE holds a TYPE filesystem or volume, labelled "precious"
make_fs() {
	local type=$1 f=$2
	rm -f "$f"
	case $type in
	ext4) truncate -s 64M "$f" && mkfs.ext4 -q -F -L precious "$f" ;;
	xfs) truncate -s 300M "$f" && mkfs.xfs -q -L precious "$f" ;;
	btrfs) truncate -s 128M "$f" && mkfs.btrfs -q -L precious "$f" 2>/dev/null ;;
	vfat) truncate -s 64M "$f" && mkfs.vfat -n PRECIOUS "$f" >/dev/null ;;
	LVM2_member) truncate -s 64M "$f" && lvm_label "$f" ;;
	crypto_LUKS)
		truncate -s 32M "$f" && printf precious >"$T/luks.key" &&
			cryptsetup luksFormat -q --batch-mode --key-file "$T/luks.key" --pbkdf pbkdf2 \
				--pbkdf-force-iterations 1000 --label precious "$f"
		;;
	esac
}

# part_disk TYPE: $T/TYPE.img, an MBR disk whose partition 1 holds TYPE
part_disk() {
	local type=$1 img=$T/$1.img fs=$T/$1.fs size
	make_fs "$type" "$fs" || return 1
	size=$(stat -c %s "$fs")
	truncate -s $((size + (1 << 20))) "$img"
	printf 'label: dos\nstart=2048, size=%d, type=83\n' $((size / 512)) | sfdisk -q "$img" >/dev/null &&
		dd if="$fs" of="$img" bs=1M seek=1 conv=notrunc,sparse status=none
	rm -f "$fs"
	# some data in the disk's gap after the MBR, as a boot loader would leave
	printf 'stage 1.5 boot loader' | dd of="$img" bs=512 seek=1 conv=notrunc status=none
}

# whole_disk LABEL: $T/LABEL.img, a disk with a partition table of that kind
whole_disk() {
	local img=$T/$1.img
	rm -f "$img"
	truncate -s 64M "$img"
	printf 'label: %s\nstart=2048, size=32768, type=%s\nstart=34816, type=%s\n' "$1" \
		"$([ "$1" = gpt ] && echo 0FC63DAF-8483-4772-8E79-3D69D8477DE4 || echo 83)" \
		"$([ "$1" = gpt ] && echo 0657FD6D-A4AB-43C4-84E5-0933C84B4F4F || echo 82)" |
		sfdisk -q "$img" >/dev/null
	mkfs.ext4 -q -F -L precious -E offset=$((2048 * 512)) "$img" 16384k
}

types=(ext4 xfs btrfs vfat LVM2_member crypto_LUKS)
for t in "${types[@]}"; do
	part_disk "$t" || fail "safety: making a $t partition failed"
	got=$(blkid -p -O $((1 << 20)) -o value -s TYPE "$T/$t.img" 2>/dev/null)
	check "safety image: partition 1 of $t.img holds $t by blkid ($got)" test "$got" = "$t"
done
for pt in dos gpt; do
	whole_disk "$pt" || fail "safety: making a $pt disk failed"
	got=$(blkid -p -o value -s PTTYPE "$T/$pt.img" 2>/dev/null)
	check "safety image: $pt.img has a $pt partition table by blkid ($got)" test "$got" = "$pt"
done

# a sparse copy of each image to compare with: cmp is much faster than hashing
mkdir -p "$T/ref"
for t in "${types[@]}" dos gpt; do cp --sparse=always "$T/$t.img" "$T/ref/"; done
# shellcheck disable=SC2317 # called through check
unchanged() { for t in "$@"; do cmp -s "$T/$t.img" "$T/ref/$t.img" || return 1; done; }

for t in "${types[@]}" dos gpt; do
	if [ "$t" = dos ] || [ "$t" = gpt ]; then dev=/dev/vdc; else dev=/dev/vdc1; fi
	boot "refuse-$t" --disk "$T/$t.img" -- "${quick[@]}" "swapbench.part=$dev" swapbench.backends=partition
	check "$t on $dev: refused with status 2 (got $rc)" test "$rc" = 2
	check "$t on $dev: the error names it" \
		grep -aq "^# swapbench: error: refusing to write swap on $dev: it holds $t.*swapbench.force=1" "$log"
	absent "$t on $dev: no swap set up" '^# sb swap ' "$log"
	absent "$t on $dev: no panic" 'Kernel panic' "$log"
	check "$t on $dev: byte-for-byte unchanged" unchanged "$t"
done

# an MBR label with no partitions yet: blkid calls it dos, and so does init
truncate -s 16M "$T/dosempty.img"
printf 'label: dos\nlabel-id: 0x0badd15c\n' | sfdisk -q "$T/dosempty.img" >/dev/null
got=$(blkid -p -o value -s PTTYPE "$T/dosempty.img" 2>/dev/null)
check "safety image: dosempty.img has an empty dos label by blkid ($got)" test "$got" = dos
cp --sparse=always "$T/dosempty.img" "$T/ref/"
boot refuse-dosempty --disk "$T/dosempty.img" -- "${quick[@]}" swapbench.part=/dev/vdc swapbench.backends=partition
check "empty dos label on /dev/vdc: refused with status 2 (got $rc)" test "$rc" = 2
check "empty dos label on /dev/vdc: the error names it" \
	grep -aq "^# swapbench: error: refusing to write swap on /dev/vdc: it holds dos.*swapbench.force=1" "$log"
check "empty dos label on /dev/vdc: byte-for-byte unchanged" unchanged dosempty

# Everything attached, nothing of it designated: a full run touches none of it.
all=("${types[@]}" dos gpt)
disks=()
for t in "${all[@]}"; do disks+=(--disk "$T/$t.img"); done
boot bystanders "${disks[@]}" -- "${quick[@]}"
check "bystanders: a full run with ${#all[@]} foreign disks attached completes (status $rc)" test "$rc" = 0
check "bystanders: both backends ran" test "$(grep -ac '^ok .*status=ok' "$log")" = 2
check "bystanders: all ${#all[@]} disks byte-for-byte unchanged" unchanged "${all[@]}"
finish
