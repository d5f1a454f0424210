#!/bin/bash
# host/sched.sh: the I/O scheduler above a modelled disk and the drive's
# queue in it, settled before the boot: a scheduler the kernel lacks is
# refused naming those it has, SCHED= or DISKQ= with DISK=host is refused,
# an unknown name is refused, DISKQ=on over a drive that queues nothing is
# refused; what a kernel's .config and modules offer (bfq as a module only
# where bfq.ko lies beside the kernel). The guest's side:
# tests/e2e/66-diskmodel.sh, tests/unit/test_diskctr.c (diskq's parameters).
# The refusals qemu/run makes need the image (tests/run builds it first):
# kernels: x86_64/default
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=host/sched.sh
source "$top/host/sched.sh"
failed=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

is() {	# is NAME GOT WANT
	if [ "$2" = "$3" ]; then echo "PASS sched: $1"
	else echo "FAIL sched: $1: got '$2', want '$3'"; failed=1; fi
}
has() {	# has NAME GOT PART
	if [[ $2 == *"$3"* ]]; then echo "PASS sched: $1"
	else echo "FAIL sched: $1: '$2' lacks '$3'"; failed=1; fi
}

printf 'CONFIG_BLOCK=y\nCONFIG_MQ_IOSCHED_DEADLINE=y\nCONFIG_MQ_IOSCHED_KYBER=y\n# CONFIG_IOSCHED_BFQ is not set\n' >"$T/config"
printf 'CONFIG_MQ_IOSCHED_DEADLINE=y\nCONFIG_IOSCHED_BFQ=m\n' >"$T/config-m"
is "a kernel with mq-deadline and kyber offers them" "$(sched_available "$T/config")" "none mq-deadline kyber"
is "a scheduler built as a module is not offered without its module" "$(sched_available "$T/config-m")" "none mq-deadline"
mkdir "$T/m" && : >"$T/m/bzImage" && : >"$T/m/bzImage.bfq.ko"
is "make kernel's copy of bfq.ko beside the bzImage is found" "$(sched_module "$T/m/bzImage" bfq)" "$T/m/bzImage.bfq.ko"
is "... and a module not built is not" "$(sched_module "$T/m/bzImage" kyber)" ""
is "bfq built as a module is offered where its module lies beside the kernel" \
	"$(sched_available "$T/config-m" "$T/m/bzImage")" "none mq-deadline bfq"
is "SCHED=bfq is taken on that kernel" "$(sched_refusal hdd bfq "$T/config-m" "$T/m/bzImage")" ""
has "... and refused on one whose module is missing, naming what it has" \
	"$(sched_refusal hdd bfq "$T/config-m" "$T/bzImage")" "SCHED=bfq: this kernel lacks it; it has: none mq-deadline"
mkdir "$T/c" && : >"$T/c/bzImage" && : >"$T/c/release" && : >"$T/c/bfq.ko"
is "kernel/build's cache keeps bfq.ko beside its bzImage" "$(sched_module "$T/c/bzImage" bfq)" "$T/c/bfq.ko"
is "no SCHED: nothing to refuse" "$(sched_refusal hdd '' "$T/config")" ""
is "the kernel's choice is always there" "$(sched_refusal hdd default "$T/config")" ""
is "mq-deadline on a kernel that has it" "$(sched_refusal hdd mq-deadline "$T/config")" ""
is "none on any kernel" "$(sched_refusal hdd none "$T/config-m")" ""
out=$(sched_refusal hdd bfq "$T/config")
has "bfq on a kernel without it is refused" "$out" "SCHED=bfq: this kernel lacks it"
has "... naming those it has" "$out" "it has: none mq-deadline kyber"
out=$(sched_refusal host mq-deadline "$T/config")
has "SCHED= with DISK=host is refused" "$out" "DISK=host models none"
has "the same with no DISK" "$(sched_refusal '' kyber "$T/config")" "SCHED=kyber sets the I/O scheduler of a modelled disk"
has "an unknown scheduler is refused, naming the known ones" "$(sched_refusal hdd cfq "$T/config")" \
	"no such I/O scheduler (none, mq-deadline, bfq, kyber"
is "without the kernel's .config the guest decides" "$(sched_refusal hdd bfq '')" ""
is "swapbench.sched= on the command line is read (the last one)" \
	"$(sched_from_cmdline swapbench.runs=2 swapbench.sched=kyber swapbench.sched=none)" "none"
is "swapbench.diskq= on the command line is read (the last one), not another key's" \
	"$(diskq_from_cmdline swapbench.diskq=on swapbench.diskqx=1 swapbench.sched=none swapbench.diskq=off)" "off"

# DISKQ: the drive's queue (the profile's queue_depth as the third word)
is "no DISKQ: nothing to refuse" "$(diskq_refusal hdd '' 31)" ""
is "DISKQ=default is the profile's queue, on any drive" "$(diskq_refusal hdd-5k160 default 1)" ""
is "DISKQ=off on a drive that queues" "$(diskq_refusal hdd off 31)" ""
is "DISKQ=off on a drive that queues nothing (already off)" "$(diskq_refusal hdd-5k160 off 1)" ""
is "DISKQ=on on the 7K500 (31 commands)" "$(diskq_refusal hdd on 31)" ""
out=$(diskq_refusal hdd-5k160 on 1)
has "DISKQ=on on a drive without command queueing is refused" "$out" "DISKQ=on: DISK=hdd-5k160 queues nothing"
has "... naming its queue_depth and what works" "$out" "queue_depth is 1: no command queueing, as its interface or datasheet has it); DISKQ=off, or leave it unset"
has "DISKQ=on where the profile gives no queue_depth (1) is refused" "$(diskq_refusal ssd on '')" "queue_depth is 1"
out=$(diskq_refusal host off 31)
has "DISKQ= with DISK=host is refused" "$out" "DISKQ=off sets the queue of a modelled drive, and DISK=host models none"
has "... naming what works" "$out" "give DISK=NAME, or leave DISKQ unset"
has "the same with no DISK" "$(diskq_refusal '' on '')" "DISKQ=on sets the queue of a modelled drive"
has "an unknown DISKQ is refused, naming the values" "$(diskq_refusal hdd 32 31)" \
	"DISKQ=32: on (the profile's queue_depth and queue_order), off (one command at a time, in arrival order), or default"
: >"$T/bzImage" && : >"$T/bzImage.config"
is "make kernel's copy of the .config beside the bzImage" "$(sched_kernel_config "$T/bzImage")" "$T/bzImage.config"
mkdir "$T/cache" && : >"$T/cache/bzImage" && : >"$T/cache/config"
is "kernel/build's cache" "$(sched_kernel_config "$T/cache/bzImage")" "$T/cache/config"

# make seeds' sweep of seed 000: refused with DISK=host before any boot or results folder
out=$(cd "$T" && OUT=$T/out DISK=host SCHEDS="none mq-deadline" "$top/experiments/seeds" 000 2>&1)
rc=$?
is "seeds: SCHEDS with DISK=host is refused (status)" "$rc" 2
has "... naming what works" "$out" "SCHEDS and DISKQS set a modelled disk's scheduler and queue, and DISK=host models none (give DISK=NAME)"
is "... before any boot or results folder" "$(ls "$T/out/results" 2>/dev/null)" ""
out=$(OUT=$T/out "$top/experiments/seeds" sensitivity 2>&1)
rc=$?
is "seeds sensitivity without cells: a usage error (status)" "$rc" 2
has "... naming what it takes" "$out" "seeds: sensitivity DIR...: the cells' folders"

# the table names the disk its cells' records name, whatever DISK says here
# (io-hdd.txt: a fight boot on hdd-7k500, so its row has no exec verdict)
mkdir -p "$T/cell" && cp "$top/tests/fixtures/io-hdd.txt" "$T/cell/d1.log"
out=$(DISK=host OUT=$T/out REPORT="$top/out/bin/swapbench-report" "$top/experiments/seeds" sensitivity "$T/cell" 2>&1)
has "seeds sensitivity: the title names the cells' disk, not DISK" "$(head -1 <<<"$out")" "drive queue, on hdd-7k500, swapfile"
has "seeds sensitivity: a cell without exec runs says so" "$out" "| - | - | - | - | - | no verdict ($T/cell: no exec runs compared) |"
out=$(cd "$T" && DISK=host OUT=$T/out REPORT="$top/out/bin/swapbench-report" "$top/experiments/seeds" sensitivity cell 2>&1)
has "seeds sensitivity: a cell named from where it was called" "$(head -1 <<<"$out")" "on hdd-7k500"

# the real refusal path: qemu/run before anything boots
if [ -x "$top/out/bin/init-host" ] && [ -f "$top/out/x86_64/bzImage" ]; then
	out=$(SCHED=mq-deadline "$top/qemu/run" -q -o "$T/r1" 2>&1)
	rc=$?
	is "qemu/run refuses SCHED with DISK=host (status)" "$rc" 2
	has "... saying why" "$out" "DISK=host models none"
	is "... before the boot" "$(cat "$T/r1/serial.log" 2>/dev/null)" ""
	out=$("$top/qemu/run" -q -o "$T/r2" -- swapbench.diskq=off 2>&1)
	rc=$?
	is "qemu/run refuses swapbench.diskq= with DISK=host (status)" "$rc" 2
	has "... saying why" "$out" "DISKQ=off sets the queue of a modelled drive, and DISK=host models none"
	is "... before the boot" "$(cat "$T/r2/serial.log" 2>/dev/null)" ""
	if [ -f "$top/out/x86_64/bzImage.sbdisk.ko" ] && [ -x "$top/out/bin/diskprofile" ]; then
		out=$(DISK=hdd-5k160 DISKQ=on "$top/qemu/run" -q -o "$T/r3" 2>&1)
		rc=$?
		is "qemu/run refuses DISKQ=on over the 5K160 (its profile queues nothing) (status)" "$rc" 2
		has "... naming the profile's queue_depth" "$out" "DISKQ=on: DISK=hdd-5k160 queues nothing (its profile's queue_depth is 1"
		is "... before the boot" "$(cat "$T/r3/serial.log" 2>/dev/null)" ""
	else
		echo "SKIP sched: qemu/run's DISKQ=on over the 5K160: no out/x86_64/bzImage.sbdisk.ko or diskprofile (make image tools)"
	fi
else
	echo "SKIP sched: qemu/run's refusals: no out/bin/init-host or out/x86_64/bzImage (make image)"
fi
exit $failed
