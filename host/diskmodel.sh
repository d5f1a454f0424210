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
#   DISK=PATH (it has a /): that profile file, as given.
# A profile is data: the only text of it the command line gets is its
# name, which the profile's reader and diskmodel_name both hold to init's
# alphabet for a name.
# Needs: top (the tree); OUT (out/) for the profile tool.
: "${top:?host/diskmodel.sh needs top, the tree}"
# shellcheck source=host/registry.sh
source "$top/host/registry.sh"

diskmodel_profiles() {
	local f names=host
	for f in "$top"/disk/profiles/*.conf; do names+=" $(basename "$f" .conf)"; done
	echo "$names"
}

# diskmodel_file DISK: the profile file DISK names: a bare name one in
# disk/profiles/, a path (it has a /) the file as given; anything else is
# refused (status 1), naming the known profiles, and an old name
# (lib/renames.h) naming the new one
diskmodel_file() {
	local new
	if [[ $1 == */* ]]; then
		[ -f "$1" ] || { echo "DISK=$1: no such file (a profile given as a path)"; return 1; }
		echo "$1"
	elif new=$(registry_renamed disk "$1" 2>/dev/null); then
		echo "DISK=$1 is now DISK=$new; the old name is refused"
		return 1
	elif [[ $1 =~ ^[a-z0-9_-]+$ ]] && [ -f "$top/disk/profiles/$1.conf" ]; then
		echo "$top/disk/profiles/$1.conf"
	else
		echo "DISK=$1: no such profile; known: $(diskmodel_profiles) (or a profile's file given as a path, with a /)"
		return 1
	fi
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

# diskmodel_missing BZIMAGE: why that kernel has no module, naming the
# headers package it needs: what kernel/debian-image noted beside it
# (sbdisk.missing), else, for a bzImage of unknown origin, whether Debian's
# package index has linux-headers-RELEASE, RELEASE from its version string
diskmodel_missing() {
	local note rel
	for note in "$1.sbdisk.missing" "$(dirname "$1")/sbdisk.missing"; do
		[ -f "$note" ] || continue
		[ "$note" = "$1.sbdisk.missing" ] || [ -f "$(dirname "$1")/release" ] || continue
		cat "$note"
		return
	done
	rel=$("$top/qemu/bzinfo" --version "$1" 2>/dev/null) && rel=${rel%% *}
	if [ -z "$rel" ]; then
		echo "a bzImage given as a file has none, and this one names no release to look for headers by"
	elif apt-cache show "linux-headers-$rel" >/dev/null 2>&1; then
		echo "a bzImage given as a file has none; Debian has linux-headers-$rel: make run KERNEL=debian-image:linux-image-$rel (or this file, through make) builds it against them"
	else
		echo "a bzImage given as a file has none, and it looked for linux-headers-$rel (linux $rel's headers), which Debian's package index does not have"
	fi
}

# diskmodel_refusal DISK NETBOOT MODULE [WHY]: why this combination cannot
# honour the model (nothing: it can); MODULE is diskmodel_module's answer,
# WHY diskmodel_missing's
diskmodel_refusal() {
	local disk=${1:-host} net=${2:-} module=${3:-} why=${4:-a bzImage given as a file has none}
	[ "$disk" = host ] && return 0
	if ! diskmodel_file "$disk" >/dev/null; then
		diskmodel_file "$disk"
	elif [ -n "$net" ]; then
		echo "DISK=$disk models the disk QEMU attaches; a PXE boot (NET_BOOT, NET_TAP) has none"
	elif [ -z "$module" ]; then
		echo "DISK=$disk needs the disk model's module built for this kernel (sbdisk.ko beside it): every kernel swapbench builds has it (make kernel, KERNEL=variant, debian:X.Y or a tree), and so has one of Debian's packaged kernels (KERNEL=debian-image:linux-image-RELEASE, its .deb or its vmlinuz), built against its headers; $why (use DISK=host)"
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

# diskmodel_tool: the profile's one reader (disk/profile/profile.c), built by make tools
diskmodel_tool() { echo "${OUT:-$top/out}/bin/diskprofile"; }

# diskmodel_get DISK KEY: a figure of the profile, as its file gives it
diskmodel_get() {
	local f
	f=$(diskmodel_file "$1") || { echo "$f" >&2; return 1; }
	"$(diskmodel_tool)" "$f" get "$2"
}

# diskmodel_params DISK: what the guest gets: the model's integer
# parameters (the driver's params=), then the profile's figures for the disk
# record, one line each
diskmodel_params() {
	local f
	f=$(diskmodel_file "$1") || { echo "$f" >&2; return 1; }
	"$(diskmodel_tool)" "$f" params && "$(diskmodel_tool)" "$f" describe
}

# diskmodel_tables DISK: the profile's zone, seek and slip tables as the
# guest's driver takes them (its tables=), one line; an empty line for a
# profile without (a g4 layout is refused: host only)
diskmodel_tables() {
	local f
	f=$(diskmodel_file "$1") || { echo "$f" >&2; return 1; }
	"$(diskmodel_tool)" "$f" tables
}

# diskmodel_name DISK: host, or the profile's name, held to init's
# alphabet for a name (swapbench.disk=, the instrument); a message and
# status 1 for anything else
diskmodel_name() {
	local name
	[ "${1:-host}" != host ] || { echo host; return; }
	name=$(diskmodel_get "$1" name 2>&1) || { echo "DISK=$1: $name"; return 1; }
	[[ $name =~ ^[a-z0-9_-]{1,31}$ ]] || { echo "DISK=$1: its name is not 1-31 of a-z 0-9 _ -"; return 1; }
	echo "$name"
}

# diskmodel_append DISK: the kernel command line's part: the profile's
# name, whether the disk turns (init tells the kernel before swapon), and
# the model in the guest
# (a message and status 1 for a profile that would say more)
diskmodel_append() {
	local name rot
	name=$(diskmodel_name "$1") || { echo "$name"; return 1; }
	[ "$name" != host ] || { echo "swapbench.disk=host"; return; }
	rot=$(diskmodel_get "$1" rotational 2>&1)
	[[ $rot =~ ^[01]$ ]] || { echo "DISK=$1: rotational: '$rot' is not 0 or 1"; return 1; }
	echo "swapbench.disk=$name swapbench.rotational=$rot swapbench.diskmodel=1"
}

# diskmodel_disk_gb DISK: the size of a whole disk for LAYOUT=seed000 and
# diskcheck: the modelled disk's own (the guest's modelled drive is that,
# to the sector, its partitions within whole 2 MiB of it: a
# characterisation or a drive's trace sees the whole drive), else (host, or empty) 80 GB, a
# desktop disk as Ubuntu 7.04 found them
diskmodel_disk_gb() {
	local gb
	[ -z "$1" ] || [ "$1" = host ] || gb=$(diskmodel_get "$1" capacity_gb 2>/dev/null)
	echo "${gb:-80}"
}
