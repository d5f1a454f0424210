# shellcheck shell=bash
# diskmodel.sh -- sourced: what DISK= means for a boot (qemu/run does the
# rest). The disk model runs in the guest: a block driver below
# the I/O scheduler (disk/kmod, built beside each kernel as sbdisk.ko) over the
# swap disk and everything on it, timed on the guest's own clock.
#   DISK=host (default): the disk image is a plain file; what it costs is
#     the host's page cache.
#   DISK=NAME: disk/profiles/NAME.conf; qemu/run adds the kernel's module
#     and the profile's parameters (out/bin/diskprofile, the one reader of
#     a profile) to the initramfs, and init maps the disk through them.
# Needs: top (the tree); OUT (out/) for the profile tool.
: "${top:?host/diskmodel.sh needs top, the tree}"

diskmodel_profiles() {
	local f names=host
	for f in "$top"/disk/profiles/*.conf; do names+=" $(basename "$f" .conf)"; done
	echo "$names"
}

# diskmodel_module BZIMAGE: the disk model's module built for that kernel
# (make kernel and KERNEL= copy it to BZIMAGE.sbdisk.ko; in
# kernel/build's cache it lies beside the bzImage); nothing when it has none
diskmodel_module() {
	if [ -f "$1.sbdisk.ko" ]; then
		echo "$1.sbdisk.ko"
	elif [ "$(basename "$1")" = bzImage ] && [ -f "$(dirname "$1")/release" ] && [ -f "$(dirname "$1")/sbdisk.ko" ]; then
		echo "$(dirname "$1")/sbdisk.ko"
	fi
}

# diskmodel_refusal DISK NETBOOT MODULE: why this combination cannot
# honour the model (nothing: it can); MODULE is diskmodel_module's answer
diskmodel_refusal() {
	local disk=${1:-host} net=${2:-} module=${3:-}
	[ "$disk" = host ] && return 0
	if [ ! -f "$top/disk/profiles/$disk.conf" ]; then
		echo "DISK=$disk: no such profile; known: $(diskmodel_profiles)"
	elif [ -n "$net" ]; then
		echo "DISK=$disk models the disk QEMU attaches; a PXE boot (NET_BOOT, NET_TAP) has none"
	elif [ -z "$module" ]; then
		echo "DISK=$disk needs the disk model's module built for this kernel (sbdisk.ko beside it): every kernel swapbench builds has it (make kernel, KERNEL=variant, debian:X.Y or a tree); a bzImage given as a file has none (use DISK=host)"
	fi
}

# diskmodel_limit DISK RUNS TIMEOUT FLOOR: "RUNS LIMIT" for a boot under a
# model of RUNS runs at most (parsed_boot_runs): every run may take the
# image's own per-run timeout (TIMEOUT s), since on the host's clock each
# waits for the modelled disk (a lines run on DISK=hdd: about 3 minutes);
# the registry's hour (FLOOR, never less) stops a make run of 22 such runs.
# Nothing without a model.
diskmodel_limit() {
	[ "${1:-host}" != host ] || return 0
	# ten minutes for the boot, the disks' set-up and the last records
	local l=$((600 + $2 * $3))
	echo "$2 $((l > ${4:-0} ? l : ${4:-0}))"
}

# diskmodel_tool: the profile's one reader (disk/profile.c), built by make host
diskmodel_tool() { echo "${OUT:-$top/out}/bin/diskprofile"; }

# diskmodel_get DISK KEY: a figure of the profile, as its file gives it
diskmodel_get() {
	"$(diskmodel_tool)" "$top/disk/profiles/$1.conf" get "$2"
}

# diskmodel_params DISK: what the guest gets: the model's integer
# parameters (the driver's params=), then the profile's figures for the disk
# record, one line each
diskmodel_params() {
	"$(diskmodel_tool)" "$top/disk/profiles/$1.conf" params &&
		"$(diskmodel_tool)" "$top/disk/profiles/$1.conf" describe
}

# diskmodel_append DISK: the kernel command line's part: the profile's
# name, whether the disk turns (init tells the kernel before swapon), and
# the model in the guest
diskmodel_append() {
	if [ "${1:-host}" = host ]; then
		echo "swapbench.disk=host"
		return
	fi
	echo "swapbench.disk=$(diskmodel_get "$1" name) swapbench.rotational=$(diskmodel_get "$1" rotational) swapbench.diskmodel=1"
}

# diskmodel_disk_gb DISK: the size of a whole disk for LAYOUT=seed000 and
# check: the modelled disk's own (its zones span it), else 80 GB, a desktop
# disk as Ubuntu 7.04 found them
diskmodel_disk_gb() {
	local gb
	[ "${1:-host}" = host ] || gb=$(diskmodel_get "$1" capacity_gb)
	echo "${gb:-80}"
}
