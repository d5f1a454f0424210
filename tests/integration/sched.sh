#!/bin/bash
# host/sched.sh: the I/O scheduler above a modelled disk, settled before
# the boot: a scheduler the kernel lacks is refused naming those it has,
# SCHED= with DISK=host is refused, an unknown name is refused; and
# what a kernel's .config offers. The guest's side: tests/e2e/66-diskmodel.sh.
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
is "a scheduler built as a module is not offered (the image loads none)" "$(sched_available "$T/config-m")" "none mq-deadline"
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
: >"$T/bzImage" && : >"$T/bzImage.config"
is "make kernel's copy of the .config beside the bzImage" "$(sched_kernel_config "$T/bzImage")" "$T/bzImage.config"
mkdir "$T/cache" && : >"$T/cache/bzImage" && : >"$T/cache/config"
is "kernel/build's cache" "$(sched_kernel_config "$T/cache/bzImage")" "$T/cache/config"

# the real refusal path: qemu/run before anything boots
if [ -x "$top/out/bin/init-host" ] && [ -f "$top/out/x86_64/bzImage" ]; then
	out=$(SCHED=mq-deadline "$top/qemu/run" -q -o "$T/r1" 2>&1)
	rc=$?
	is "qemu/run refuses SCHED with DISK=host (status)" "$rc" 2
	has "... saying why" "$out" "DISK=host models none"
	is "... before the boot" "$(cat "$T/r1/serial.log" 2>/dev/null)" ""
fi
exit $failed
