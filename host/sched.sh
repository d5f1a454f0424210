# shellcheck shell=bash
# sched.sh -- sourced: the I/O scheduler above a modelled disk (SCHED=,
# swapbench.sched=) and the drive's own queue in it (DISKQ=,
# swapbench.diskq=), settled before the boot. The guest sets them on the
# model's disk (init/disk/dmdisk.c) and records what it got (disk_sched=,
# disk_queue=).

# sched_kernel_config BZIMAGE: the kernel's .config (make kernel's copy
# beside it, or kernel/build's cache), nothing when it has none
sched_kernel_config() {
	if [ -f "$1.config" ]; then
		echo "$1.config"
	elif [ -f "$(dirname "$1")/config" ]; then
		echo "$(dirname "$1")/config"
	fi
}

# sched_module BZIMAGE NAME: the module of scheduler NAME built for that
# kernel (make kernel copies it to BZIMAGE.NAME.ko; in kernel/build's cache
# it lies beside the bzImage); nothing when it has none
sched_module() {
	if [ -f "$1.$2.ko" ]; then
		echo "$1.$2.ko"
	elif [ "$(basename "$1")" = bzImage ] && [ -f "$(dirname "$1")/release" ] && [ -f "$(dirname "$1")/$2.ko" ]; then
		echo "$(dirname "$1")/$2.ko"
	fi
}

# sched_available CONFIG [BZIMAGE]: the schedulers a kernel built with
# CONFIG can give a disk, in the kernel's names ("none" always; one built
# as a module only where its module lies beside BZIMAGE: qemu/run puts it
# in the initramfs for the boot that asks for it)
sched_available() {
	local have=none sym name
	for sym in MQ_IOSCHED_DEADLINE:mq-deadline IOSCHED_BFQ:bfq MQ_IOSCHED_KYBER:kyber; do
		name=${sym#*:}
		if grep -qx "CONFIG_${sym%%:*}=y" "$1"; then
			have+=" $name"
		elif [ -n "${2:-}" ] && grep -qx "CONFIG_${sym%%:*}=m" "$1" && [ -n "$(sched_module "$2" "$name")" ]; then
			have+=" $name"
		fi
	done
	echo "$have"
}

# setting_from_cmdline KEY CMDLINE...: the value of its last swapbench.KEY=
setting_from_cmdline() {
	local w v="" k="swapbench.$1="
	shift
	for w in "$@"; do
		case $w in "$k"*) v=${w#"$k"} ;; esac
	done
	echo "$v"
}
sched_from_cmdline() { setting_from_cmdline sched "$@"; }
diskq_from_cmdline() { setting_from_cmdline diskq "$@"; }

# sched_refusal DISK SCHED CONFIG [BZIMAGE]: why this boot cannot have
# scheduler SCHED (nothing: it can, or none was asked); CONFIG is the
# kernel's .config ("": unknown, the guest checks), BZIMAGE the kernel
# whose modules a scheduler built as one needs
sched_refusal() {
	local disk=${1:-host} sched=${2:-} config=${3:-} have
	[ -n "$sched" ] && [ "$sched" != default ] || return 0
	if [ "$disk" = host ]; then
		echo "SCHED=$sched sets the I/O scheduler of a modelled disk, and DISK=host models none (give DISK=NAME, or leave SCHED unset)"
		return
	fi
	case $sched in
	none|mq-deadline|bfq|kyber) ;;
	*) echo "SCHED=$sched: no such I/O scheduler (none, mq-deadline, bfq, kyber, or default: the kernel's choice)"; return ;;
	esac
	[ -n "$config" ] || return 0
	have=$(sched_available "$config" "${4:-}")
	[[ " $have " == *" $sched "* ]] || echo "SCHED=$sched: this kernel lacks it; it has: $have"
}

# diskq_refusal DISK DISKQ DEPTH: why this boot cannot have the drive's
# queue DISKQ (nothing: it can, or none was asked); DEPTH is the profile's
# queue_depth ("": 1, no command queueing)
diskq_refusal() {
	local disk=${1:-host} diskq=${2:-} depth=${3:-1}
	[ -n "$diskq" ] && [ "$diskq" != default ] || return 0
	if [ "$disk" = host ]; then
		echo "DISKQ=$diskq sets the queue of a modelled drive, and DISK=host models none (give DISK=NAME, or leave DISKQ unset)"
		return
	fi
	case $diskq in
	off) ;;
	on) [ "${depth:-1}" -gt 1 ] 2>/dev/null ||
		echo "DISKQ=on: DISK=$disk queues nothing (its profile's queue_depth is ${depth:-1}: no command queueing, as its interface or datasheet has it); DISKQ=off, or leave it unset" ;;
	*) echo "DISKQ=$diskq: on (the profile's queue_depth and queue_order), off (one command at a time, in arrival order), or default (as the profile has it)" ;;
	esac
}
