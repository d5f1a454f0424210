# shellcheck shell=bash
# diskmodel.sh -- sourced: what DISK= means for a boot (qemu/run does the
# starting and stopping). The disk model (disk/nbdfilter.c, a filter for
# nbdkit) sits between QEMU and the swap disk.
#   DISK=host (default): the disk image is a plain file; what it costs is
#     the host's page cache.
#   DISK=NAME: disk/profiles/NAME.conf; nbdkit serves the image through the
#     model on a unix socket and QEMU attaches to it over NBD.
# Needs: top (the tree).
: "${top:?host/diskmodel.sh needs top, the tree}"

diskmodel_profiles() {
	local f names=host
	for f in "$top"/disk/profiles/*.conf; do names+=" $(basename "$f" .conf)"; done
	echo "$names"
}

# diskmodel_refusal DISK DETERMINISTIC NETBOOT [ICOUNT]: why this combination
# cannot honour the model (nothing: it can)
diskmodel_refusal() {
	local disk=${1:-host} det=${2:-0} net=${3:-} icount=${4:-0}
	[ "$disk" = host ] && return 0
	if [ ! -f "$top/disk/profiles/$disk.conf" ]; then
		echo "DISK=$disk: no such profile; known: $(diskmodel_profiles)"
	elif [ "$icount" = 1 ]; then
		# measured: fight on DISK=hdd, ICOUNT=1: the head worked 14.2 s, the guest's clock saw 12.9 s of run
		echo "DISK=$disk and ICOUNT=1 do not mix: the guest's clock follows the host's only while no vCPU runs, so a wait the model charges while another process computes is not seen (use ICOUNT=0: the host's clock)"
	elif [ "$det" = 1 ]; then
		echo "DISK=$disk and DETERMINISTIC=1 do not mix: the model waits in host time, which a deterministic guest's clock never sees (use the host's clock: neither DETERMINISTIC=1 nor ICOUNT=1)"
	elif [ -n "$net" ]; then
		echo "DISK=$disk models the disk QEMU attaches; a PXE boot (NET_BOOT, NET_TAP) has none"
	fi
}

# diskmodel_icount DISK ICOUNT: the ICOUNT a launcher that defaults to 1
# should use: 0 under a model (the host's clock honours it), else as given
diskmodel_icount() {
	if [ "${1:-host}" != host ] && [ -z "${2:-}" ]; then echo 0; else echo "${2:-1}"; fi
}

# diskmodel_limit DISK PARSED FLOOR: "RUNS LIMIT" for a boot under a model,
# from init --check's settings (PARSED): every run may take the image's own
# per-run timeout, since each waits for the modelled disk (a lines run on
# DISK=hdd: about 3 minutes); the registry's hour (FLOOR, never less) stops
# a make run of 22 such runs. Nothing without a model.
diskmodel_limit() {
	[ "${1:-host}" != host ] || return 0
	# ten minutes for the boot, the disks' set-up and the last records
	awk -F= -v floor="${3:-0}" -v boot=600 '{ v[$1] = $2 }
	END {
		r = v["runs"]; if (v["until"] != "" && v["maxruns"] > r) r = v["maxruns"]
		n = (r + v["warmup"]) * split(v["workloads"], w, ",") * split(v["backends"], b, ",")
		l = boot + n * v["timeout"]	# init --check always prints it
		printf "%d %d\n", n, (l > floor ? l : floor)
	}' <<<"$2"
}

# diskmodel_get DISK KEY: a figure of the profile, as its file gives it
diskmodel_get() {
	sed -n "s/^$2[[:space:]]*=[[:space:]]*\([^#]*[^#[:space:]]\).*/\1/p" "$top/disk/profiles/$1.conf" | head -n1
}

# diskmodel_qemu_args DISK SOCKET DISK_IF: QEMU's arguments, one a line
diskmodel_qemu_args() {
	local rot rpm
	rot=$(diskmodel_get "$1" rotational)
	echo -blockdev
	echo "driver=nbd,server.type=unix,server.path=$2,node-name=modelled"
	echo -device
	if [ "$3" = ide ]; then
		# ATA says it itself: rotation rate 1 is "non-rotating medium"
		rpm=$(diskmodel_get "$1" rpm)
		[ "$rot" = 1 ] || rpm=1
		echo "ide-hd,drive=modelled,bus=ide.1,unit=0,rotation_rate=${rpm%.*}"
	else
		echo "virtio-blk-pci,drive=modelled"
	fi
}

# diskmodel_append DISK: the kernel command line's part: the profile's
# name; virtio-blk cannot say whether the disk turns, so init tells the
# kernel (swapbench.rotational), and reads the model's counters per run
diskmodel_append() {
	if [ "${1:-host}" = host ]; then
		echo "swapbench.disk=host"
		return
	fi
	echo "swapbench.disk=$(diskmodel_get "$1" name) swapbench.rotational=$(diskmodel_get "$1" rotational) swapbench.diskctr=1"
}

# diskmodel_disk_gb DISK: the size of a whole disk for LAYOUT=seed000 and
# check: the modelled disk's own (its zones span it), else 80 GB, a desktop
# disk as Ubuntu 7.04 found them
diskmodel_disk_gb() {
	local gb
	[ "${1:-host}" = host ] || gb=$(diskmodel_get "$1" capacity_gb)
	echo "${gb:-80}"
}
