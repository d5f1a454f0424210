# shellcheck shell=bash
# sched.sh -- sourced: the I/O scheduler above a modelled disk (SCHED=,
# swapbench.sched=), settled before the boot. The guest sets it on the
# model's disk (init/dmdisk.c) and records what it got (disk_sched=).

# sched_kernel_config BZIMAGE: the kernel's .config (make kernel's copy
# beside it, or kernel/build's cache), nothing when it has none
sched_kernel_config() {
	if [ -f "$1.config" ]; then
		echo "$1.config"
	elif [ -f "$(dirname "$1")/config" ]; then
		echo "$(dirname "$1")/config"
	fi
}

# sched_available CONFIG: the schedulers a kernel built with CONFIG can
# give a disk, in the kernel's names ("none" always; a scheduler built as
# a module is not loaded by the image: left out)
sched_available() {
	local have=none sym name
	for sym in MQ_IOSCHED_DEADLINE:mq-deadline IOSCHED_BFQ:bfq MQ_IOSCHED_KYBER:kyber; do
		name=${sym#*:}
		grep -qx "CONFIG_${sym%%:*}=y" "$1" && have+=" $name"
	done
	echo "$have"
}

# sched_from_cmdline CMDLINE...: the value of its last swapbench.sched=
sched_from_cmdline() {
	local w v=
	for w in "$@"; do
		case $w in swapbench.sched=*) v=${w#swapbench.sched=} ;; esac
	done
	echo "$v"
}

# sched_refusal DISK SCHED CONFIG: why this boot cannot have scheduler
# SCHED (nothing: it can, or none was asked); CONFIG is the kernel's
# .config ("": unknown, the guest checks)
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
	have=$(sched_available "$config")
	[[ " $have " == *" $sched "* ]] || echo "SCHED=$sched: this kernel lacks it; it has: $have"
}
