# shellcheck shell=bash
# layout.sh -- sourced: where the swap disk's partitions lie (LAYOUT=), for
# qemu/mkdisks. Entry 1 of the MBR is always the swap partition and entry 2
# the ext4 filesystem, so the registry's designations (swapbench.part by
# the PARTUUID of entry 1, swapbench.fsdev by label) hold whatever the
# layout; what changes is where on the disk they are (LBA 0 is the outer,
# fastest edge of a disk).
#   (unset)  swap first, then the filesystem; a disk just large enough
#   seed000  Ubuntu 7.04's guided layout on a whole disk of the era: the
#            filesystem from the start, the swap partition at the end (the
#            installer's sda5), on a sparse disk of DISK_GB GB
#   diskcheck  make diskcheck's: a 32 MiB filesystem first, then one partition
#            over the rest of a DISK_GB disk, outer to inner edge (its old
#            name, check, qemu/mkdisks refuses: lib/renames.h)

layout_names() { echo "swapfirst seed000 diskcheck"; }

# layout_plan LAYOUT SWAP_MIB DISK_GB [EXTRA_MIB]: "disk_mib=N" (with
# " disk_bytes=N", the disk's file, where it is DISK_GB's) and "p1=START SIZE" and
# "p2=START SIZE" lines (sectors of 512 bytes); or, on stderr, why it does
# not fit, and status 2. EXTRA_MIB: the extras (EXTRA_ON=disk) the
# filesystem holds beside the swapfile and the 96 MiB every layout keeps
# for ext4's own tables and the workloads' files.
layout_plan() {
	local layout=${1:-swapfirst} swap_mib=$2 disk_gb=${3:-} extra_mib=${4:-0} fs_mib disk_mib disk_bytes end
	case $swap_mib in ''|*[!0-9]*|0) echo "SWAP_MIB=$swap_mib: a size in MiB above 0" >&2; return 2 ;; esac
	case $extra_mib in ''|*[!0-9]*) echo "the extras' size: $extra_mib is not a number of MiB" >&2; return 2 ;; esac
	# the extras, and the inode tables and bitmaps they add: mkfs.ext4 1.47 takes
	# 28.1 MiB of a 288 MiB filesystem and 34.2 MiB of a 1000 MiB one, so 0.9 % of
	# each MiB added; 1/64 (1.6 %) of the extras is kept for it
	[ "$extra_mib" = 0 ] || extra_mib=$((extra_mib + extra_mib / 64 + 1))
	fs_mib=$((swap_mib + 96 + extra_mib))
	case $layout in
	swapfirst)
		# a whole number of 2 MiB: DETERMINISTIC=1 maps the file into guest memory
		disk_mib=$(((1 + swap_mib + fs_mib + 1) / 2 * 2))
		echo "disk_mib=$disk_mib"
		echo "p1=2048 $((swap_mib * 2048))"
		echo "p2=$((2048 + swap_mib * 2048)) $((fs_mib * 2048))"
		return 0 ;;
	seed000|diskcheck) ;;
	*) echo "LAYOUT=$layout: no such layout; known: $(layout_names)" >&2; return 2 ;;
	esac
	if ! [[ $disk_gb =~ ^[0-9]+(\.[0-9]+)?$ ]] || ! awk -v g="$disk_gb" 'BEGIN { exit !(g > 0) }'; then
		echo "LAYOUT=$layout needs the disk's size: DISK_GB=$disk_gb is not a number of GB above 0" >&2
		return 2
	fi
	# GB of 10^9 bytes, as disks are sold: the partitions within whole 2
	# MiB of it, down; the disk's file whole 2 MiB up (virtio-pmem maps
	# no less), the modelled drive's own size within it (disk/kmod)
	disk_mib=$(awk -v g="$disk_gb" 'BEGIN { printf "%d", int(g * 1e9 / 1048576 / 2) * 2 }')
	disk_bytes=$(awk -v g="$disk_gb" 'BEGIN { m = 2 * 1048576; printf "%.0f", int((g * 1e9 + m - 1) / m) * m }')
	# the last MiB stays outside every partition (it once held the host-side
	# model's counters; kept, so that every layout's LBAs stay what they were)
	end=$(((disk_mib - 1) * 2048))
	if [ "$layout" = seed000 ]; then
		if [ $((1 + fs_mib + swap_mib + 1)) -gt "$disk_mib" ]; then
			if [ "$extra_mib" -gt 0 ]; then
				echo "LAYOUT=seed000: the extras need $extra_mib MiB on the filesystem, which has $((disk_mib - 2 - 2 * swap_mib - 96)) MiB free for them on a disk of $disk_gb GB: a larger DISK_GB" >&2
			else
				echo "LAYOUT=seed000: a $swap_mib MiB swap partition and a filesystem of at least $fs_mib MiB do not fit a disk of $disk_gb GB ($disk_mib MiB)" >&2
			fi
			return 2
		fi
		echo "disk_mib=$disk_mib disk_bytes=$disk_bytes"
		echo "p1=$((end - swap_mib * 2048)) $((swap_mib * 2048))"
		echo "p2=2048 $((end - swap_mib * 2048 - 2048))"
	else
		if [ "$disk_mib" -lt 128 ]; then
			echo "LAYOUT=diskcheck: a disk of $disk_gb GB is too small to measure" >&2
			return 2
		fi
		if [ "$extra_mib" -gt 0 ]; then
			echo "LAYOUT=diskcheck: the extras need $extra_mib MiB on the filesystem, which is 32 MiB with no room for them: boot them without LAYOUT=diskcheck, or with EXTRA_ON=initramfs" >&2
			return 2
		fi
		echo "disk_mib=$disk_mib disk_bytes=$disk_bytes"
		echo "p1=$((33 * 2048)) $((end - 33 * 2048))"
		echo "p2=2048 $((32 * 2048))"
	fi
}
