# shellcheck shell=bash
# extras.sh -- sourced by qemu/run and qemu/mkpxe: where a boot's extras
# (EXTRA, EXTRA_BIN: rootfs/extras) are, and whether they fit, decided
# before the boot. EXTRA_ON=disk leaves INITRD's list beside it
# (out/x86_64/initramfs.extras) for qemu/mkdisks to put on the filesystem
# disk; EXTRA_ON=initramfs puts them in the initramfs, which the kernel
# unpacks into ramfs (unevictable) before init starts.

# extras_list INITRD DISKS: the list of extras for the filesystem disk, if
# INITRD has one (empty if none); status 2 and why when DISKS (1 or empty)
# says this boot has no disk to put them on
extras_list() {
	local list=${1%.cpio.gz}.extras
	[ -f "$list" ] || return 0
	if [ -z "$2" ]; then
		echo "$1 has its extras ($(grep -c '^file ' "$list") files) on the filesystem disk that qemu/mkdisks makes (EXTRA_ON=disk), and this boot has none: build it again with EXTRA_ON=initramfs (make pxe's default) for a diskless or network boot"
		return 2
	fi
	echo "$list"
}

# extras_missing INITRD PATH...: those of the PATHs (under /extra: bin/make,
# kbuild/kbuild.list) that INITRD's list for the disk does not hold, one a
# line; all of them when INITRD has no such list
extras_missing() {
	local list=${1%.cpio.gz}.extras p
	shift
	for p; do
		[ -f "$list" ] && grep -q "^file /extra/$p " "$list" || echo "$p"
	done
}

# extras_avail_kb MEM: the MemAvailable (kB) the default image's init sees
# at -m MEM, MiB. Measured with the default x86_64 kernel (6.1, TCG):
# 45004 kB at -m 64, 139376 kB at -m 160 (docs/results/extras-on-disk.md):
# 983 kB per MiB above a fixed 17911 kB.
extras_avail_kb() { echo $(($1 * 983 - 17911)); }

# initramfs_fits MEM UNPACKED_KB COMPRESSED_KB: nothing if an initramfs of
# that size leaves the guest its memory; else why, and status 2. The kernel
# holds the compressed image while it unpacks it into ramfs, which nothing
# evicts afterwards: the refusal is an initramfs that would take more than
# half of what the default image leaves the workloads (at -m 64 a 33 MB
# one, stress-ng's, panicked the kernel while unpacking).
initramfs_fits() {
	local mem=$1 unpacked=$2 compressed=$3 avail need
	avail=$(extras_avail_kb "$mem")
	need=$((unpacked + (compressed > unpacked ? compressed : unpacked)))
	[ "$need" -le "$avail" ] && return 0
	printf 'the initramfs unpacks to %d MiB (%d MiB compressed), and a guest of %d MiB has about %d MiB available: too little left for the workloads; put the extras on the filesystem disk (EXTRA_ON=disk, the default with disks) or give the guest more memory (MEM=%d or more)\n' \
		$((unpacked / 1024)) $((compressed / 1024)) "$mem" $((avail > 0 ? avail / 1024 : 0)) \
		$(((need + 17911) / 983 + 1))
	return 2
}

# initramfs_sizes INITRD: "UNPACKED_KB COMPRESSED_KB" of a gzip'd initramfs
initramfs_sizes() {
	local c u
	c=$(stat -c %s "$1") && u=$(gzip -dc "$1" | wc -c) || return 1
	echo $(((u + 1023) / 1024)) $(((c + 1023) / 1024))
}

# extras_check INITRD DISKS NETBOOT MEM: qemu/run's two checks, before the
# boot: the list for the disk (extras_list), and whether the initramfs fits
# (initramfs_fits); none on a network boot, whose initramfs is the TFTP
# tree's (qemu/mkpxe checks it)
extras_check() {
	local list sizes msg
	[ -z "$3" ] || return 0
	list=$(extras_list "$1" "$2") || { echo "$list"; return 2; }
	sizes=$(initramfs_sizes "$1") || { echo "$1: cannot read its size"; return 2; }
	# shellcheck disable=SC2086 # two numbers
	msg=$(initramfs_fits "$4" $sizes) || { echo "$1: $msg"; return 2; }
	[ -z "$list" ] || echo "$list"
}
