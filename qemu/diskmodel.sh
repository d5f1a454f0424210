# shellcheck shell=bash
# diskmodel.sh -- sourced by qemu/run: DISK= puts the disk model
# (disk/nbdfilter.c, a filter for nbdkit) between QEMU and the swap disk.
#   DISK=host (default): the disk image is a plain file; what it costs is
#     the host's page cache.
#   DISK=NAME: disk/profiles/NAME.conf; nbdkit serves the image through the
#     model on a unix socket and QEMU attaches to it over NBD.
# Needs: top, dir, OUT, DISK_IF, die().

diskmodel_profiles() {
	local f names=host
	for f in "$top"/disk/profiles/*.conf; do names+=" $(basename "$f" .conf)"; done
	echo "$names"
}

# diskmodel_check: refuses an unknown profile, and modes that cannot honour the model
diskmodel_check() {
	DISK=${DISK:-host}
	[ "$DISK" = host ] && return 0
	[ -f "$top/disk/profiles/$DISK.conf" ] || die "DISK=$DISK: no such profile; known: $(diskmodel_profiles)"
	[ "${DETERMINISTIC:-0}" != 1 ] ||
		die "DISK=$DISK and DETERMINISTIC=1 do not mix: the model waits in host time, which a deterministic guest's clock never sees (use ICOUNT=1 or the host clock)"
	[ -z "${NET_BOOT:-}${NET_TAP:-}" ] || die "DISK=$DISK models the swap disk QEMU attaches; a PXE boot with NET_BOOT or NET_TAP has real disks"
	command -v nbdkit >/dev/null || die "DISK=$DISK needs nbdkit (make deps DISK=$DISK, or apt-get install nbdkit)"
	[ -f "$OUT/host/diskmodel.so" ] || die "DISK=$DISK needs $OUT/host/diskmodel.so (make host DISK=$DISK)"
	return 0
}

# a figure of the profile, as the file gives it
diskmodel_get() {
	sed -n "s/^$1[[:space:]]*=[[:space:]]*\([^#]*[^#[:space:]]\).*/\1/p" "$top/disk/profiles/$DISK.conf" | head -n1
}

# diskmodel_start IMAGE: nbdkit on DIR/disk.sock; the QEMU arguments into diskmodel_args
diskmodel_start() {
	local img=$1 sock=$dir/disk.sock rot rpm i
	rm -f "$sock" "$dir/disk-counters"
	nbdkit -f -U "$sock" --filter="$OUT/host/diskmodel.so" file "$img" \
		profile="$top/disk/profiles/$DISK.conf" counters="$dir/disk-counters" 2>"$dir/nbdkit.log" &
	diskmodel_pid=$!
	for i in $(seq 100); do
		[ -S "$sock" ] && break
		kill -0 "$diskmodel_pid" 2>/dev/null || die "DISK=$DISK: nbdkit refused: $(tr '\n' ' ' <"$dir/nbdkit.log")"
		sleep 0.05
	done
	[ -S "$sock" ] || die "DISK=$DISK: nbdkit did not start within 5 s"
	rot=$(diskmodel_get rotational)
	diskmodel_args=(-blockdev "driver=nbd,server.type=unix,server.path=$sock,node-name=modelled" -device)
	if [ "$DISK_IF" = ide ]; then
		# ATA says it itself: rotation_rate 1 is "non-rotating medium"
		rpm=$(diskmodel_get rpm)
		[ "$rot" = 1 ] || rpm=1
		diskmodel_args+=("ide-hd,drive=modelled,bus=ide.1,unit=0,rotation_rate=${rpm%.*}")
	else
		diskmodel_args+=("virtio-blk-pci,drive=modelled")
	fi
}

# the kernel command line's part: the profile's name; virtio-blk cannot say
# whether it turns, so init tells the kernel (swapbench.rotational)
diskmodel_append() {
	if [ "${DISK:-host}" = host ]; then
		echo "swapbench.disk=host"
		return
	fi
	echo "swapbench.disk=$(diskmodel_get name) swapbench.rotational=$(diskmodel_get rotational) swapbench.diskctr=1"
}

diskmodel_stop() {
	[ -n "${diskmodel_pid:-}" ] || return 0
	kill "$diskmodel_pid" 2>/dev/null
	wait "$diskmodel_pid" 2>/dev/null
	diskmodel_pid=
}
