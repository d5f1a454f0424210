#!/bin/bash
# Extras (EXTRA, EXTRA_BIN) without a boot: where they go (EXTRA_ON=disk: a
# list for the filesystem disk and two dangling symlinks in the initramfs;
# initramfs: the files themselves), qemu/mkdisks putting them on the ext4
# filesystem and growing it by their size, and the refusals before a boot
# (host/extras.sh, host/layout.sh), each naming the sizes and the way out.
# kernels: x86_64/default
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$top/out}
case $OUT in /*) ;; *) OUT=$top/$OUT ;; esac
# shellcheck source=host/extras.sh
source "$top/host/extras.sh"
# shellcheck source=host/layout.sh
source "$top/host/layout.sh"
tmp=$(mktemp -d /tmp/sb-extras.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
# is NAME GOT WANT
is() { same "extras: $1" "$3" "$2"; }

# placement: a dynamically linked program of this host (ls), both ways
prog=$(command -v ls)
ram=$(EXTRA_ON=initramfs EXTRA_BIN=$prog "$top/rootfs/extras" x86_64)
contains "extras: initramfs: the program is in the image" "$ram" "file /extra/bin/ls $(readlink -f "$prog")"
disk=$(EXTRA_ON=disk EXTRA_LIST=$tmp/list EXTRA_BIN=$prog "$top/rootfs/extras" x86_64)
is "disk: the image has no file of it" "$(grep -c '^file ' <<<"$disk")" 0
contains "extras: disk: /extra points where init mounts the filesystem disk" "$disk" "slink /extra mnt/fs/extra 0777 0 0"
contains "extras: disk: the loader's path points into /extra/lib" "$disk" "/extra/lib/$(basename "$(ldd "$prog" | awk '$1 ~ /^\// { print $1 }')")"
contains "extras: disk: the program is on the disk's list" "$(cat "$tmp/list")" "file /extra/bin/ls $(readlink -f "$prog")"
is "disk: with each library ldd lists" "$(grep -c '^file /extra/lib/' "$tmp/list")" "$(ldd "$prog" | grep -c '/')"
contains "extras: disk: a bad EXTRA_ON is refused" "$(EXTRA_ON=ram EXTRA_LIST=$tmp/l2 EXTRA_BIN=$prog "$top/rootfs/extras" x86_64 2>&1)" "EXTRA_ON=ram: disk or initramfs"

# qemu/run's side: the list beside the initramfs, refused on a boot without disks
touch "$tmp/img.cpio.gz"
cp "$tmp/list" "$tmp/img.extras"
is "the list beside INITRD is found" "$(extras_list "$tmp/img.cpio.gz" 1)" "$tmp/img.extras"
contains "extras: a diskless boot with the extras on disk is refused" "$(extras_list "$tmp/img.cpio.gz" '')" "build it again with EXTRA_ON=initramfs (make pxe's default) for a diskless or network boot"
extras_list "$tmp/img.cpio.gz" '' >/dev/null
is "and exits 2" "$?" 2
is "no list, nothing to put on a disk" "$(extras_list "$tmp/other.cpio.gz" '')" ""

# the initramfs's size against the guest's memory: stress-ng and its libraries
# (32,875 kB unpacked, 10,016 kB gzip'd) panicked the kernel at -m 64 and ran at -m 96
msg=$(initramfs_fits 64 32875 10016)
is "stress-ng's initramfs at -m 64 is refused" "$?" 2
contains "extras: naming its unpacked size" "$msg" "unpacks to 32 MiB"
contains "extras: the guest's memory" "$msg" "a guest of 64 MiB has about 43 MiB available"
contains "extras: and the ways out" "$msg" "EXTRA_ON=disk, the default with disks) or give the guest more memory (MEM=86 or more)"
is "the MEM it names is enough" "$(initramfs_fits 86 32875 10016)" ""
is "perl's (10 MiB) at -m 64 is not refused" "$(initramfs_fits 64 10240 2900; echo $?)" 0
is "the default image at -m 24 is not refused" "$(initramfs_fits 24 140 70; echo $?)" 0
# the real file: sizes read from a gzip'd archive
head -c 3000000 /dev/zero | gzip >"$tmp/zero.cpio.gz"
is "sizes: unpacked and compressed, in kB" "$(initramfs_sizes "$tmp/zero.cpio.gz")" "2930 $((($(stat -c %s "$tmp/zero.cpio.gz") + 1023) / 1024))"
contains "extras: extras_check names the file" "$(extras_check "$tmp/zero.cpio.gz" 1 '' 16)" "$tmp/zero.cpio.gz: the initramfs unpacks to 2 MiB"
is "a network boot's initramfs is not read here" "$(extras_check "$tmp/zero.cpio.gz" 1 pxe 16; echo $?)" 0

# the filesystem disk: grown by the extras in the default layout; elsewhere refused with both sizes
is "swapfirst grows the filesystem by the extras (+1/64 for ext4's tables)" \
	"$(layout_plan swapfirst 192 '' 100 | sed -n 's/^p2=//p')" "395264 $(((192 + 96 + 100 + 1 + 1) * 2048))"
contains "extras: seed000: extras beyond the disk's free room are refused" "$(layout_plan seed000 192 1 700 2>&1)" \
	"the extras need 711 MiB on the filesystem, which has 470 MiB free for them on a disk of 1 GB: a larger DISK_GB"
is "seed000: extras that fit are not" "$(layout_plan seed000 192 1 400 >/dev/null 2>&1; echo $?)" 0
contains "extras: diskcheck: no room on its 32 MiB filesystem" "$(layout_plan diskcheck 192 80 5 2>&1)" "which is 32 MiB with no room for them"

# qemu/mkdisks: the extras on the ext4 filesystem, as the guest will see them
if [ -x "$OUT/bin/init-host" ] && [ -x "$OUT/bin/swapbench-report" ] && command -v debugfs >/dev/null; then
	EXTRAS_LIST=$tmp/list INIT_HOST=$OUT/bin/init-host "$top/qemu/mkdisks" "$tmp/d" 64 "$OUT/bin/swapbench-report" >/dev/null 2>&1
	is "mkdisks with extras: status 0" "$?" 0
	p2=$(sfdisk -d "$tmp/d/disk.img" 2>/dev/null | sed -n 's/.*img2 : start= *\([0-9]*\),.*/\1/p')
	fs="$tmp/d/disk.img?offset=$((p2 * 512))"
	contains "extras: the program is on the filesystem as /extra/bin/ls" "$(debugfs -R 'ls -l /extra/bin' "$fs" 2>/dev/null)" " $(stat -Lc %s "$prog")  "
	is "its loader too" "$(debugfs -R "stat /extra/lib/$(basename "$(ldd "$prog" | awk '$1 ~ /^\// { print $1 }')")" "$fs" 2>/dev/null | grep -c 'Type: regular')" 1
	kb=$(cat "$tmp/d/extras_kb")
	is "their size is written beside the disks" "$((kb > $(stat -Lc %s "$prog") / 1024))" 1
	is "no staging copy is left" "$(ls "$tmp/d")" "disk.img
extras_kb
results.disk"
else
	echo "SKIP extras: mkdisks: no $OUT/bin/init-host, swapbench-report or debugfs (make tools)"
fi
exit "$failed"
