#!/bin/bash
# host/diskmodel.sh: what DISK= means for a boot, without one: refusals
# (an unknown profile names the known ones; PXE and a kernel without the
# model's module cannot honour it), where a kernel's module is, the
# profile's parameters for the guest, the command line, the layouts.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=host/diskmodel.sh
source "$top/host/diskmodel.sh"
failed=0

is() {	# is NAME GOT WANT
	if [ "$2" = "$3" ]; then echo "PASS diskmodel: $1"
	else echo "FAIL diskmodel: $1: got '$2', want '$3'"; failed=1; fi
}
has() {	# has NAME GOT PART
	if [[ $2 == *"$3"* ]]; then echo "PASS diskmodel: $1"
	else echo "FAIL diskmodel: $1: '$2' lacks '$3'"; failed=1; fi
}

is "host needs no model and is refused nothing" "$(diskmodel_refusal host tap0 '')" ""
is "hdd with the kernel's module is fine" "$(diskmodel_refusal hdd '' /k/sbdisk.ko)" ""
has "an unknown profile names the known ones" "$(diskmodel_refusal hdd-ibm '' /k/m.ko)" "known: host hdd-5k160 hdd null sd ssd wd-ac36400"
has "a PXE boot is refused with a model" "$(diskmodel_refusal ssd pxe /k/m.ko)" "PXE"
has "a kernel without the module is refused, naming what has it" "$(diskmodel_refusal hdd '' '')" "a bzImage given as a file has none"
# where the module of a kernel is (make kernel's copy, or kernel/build's cache)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/out" "$T/cache"
: >"$T/out/bzImage" && : >"$T/out/bzImage.sbdisk.ko"
: >"$T/cache/bzImage" && : >"$T/cache/release" && : >"$T/cache/sbdisk.ko"
: >"$T/out/bzImage-modern" && : >"$T/out/release" && : >"$T/out/sbdisk.ko"
is "the module beside make kernel's copy" "$(diskmodel_module "$T/out/bzImage")" "$T/out/bzImage.sbdisk.ko"
is "the module in kernel/build's cache" "$(diskmodel_module "$T/cache/bzImage")" "$T/cache/sbdisk.ko"
is "no other kernel's module for a copy without its own" "$(diskmodel_module "$T/out/bzImage-modern")" ""
is "no limit of its own without a model" "$(diskmodel_limit host 22 600 3600)" ""
is "under a model every run may take its timeout" "$(diskmodel_limit hdd 22 600 3600)" "22 13800"
is "never below the registry's limit" "$(diskmodel_limit hdd 1 600 3600)" "1 3600"
# the runs a boot makes, from the image's parser (host/cmdline.sh)
INIT_HOST=${INIT_HOST:-$top/out/bin/init-host}
# shellcheck source=host/cmdline.sh
source "$top/host/cmdline.sh"
if [ -x "$INIT_HOST" ]; then
	parse_line "swapbench.workloads=lines swapbench.runs=10" check
	is "runs and a warm-up for a workload on two configurations" "$(parsed_boot_runs)" 22
	parse_line "swapbench.workloads=fight,idle swapbench.backends=zram swapbench.runs=4 swapbench.warmup=0"
	is "runs for two workloads on one configuration" "$(parsed_boot_runs)" 8
	parse_line ""
	is "the default experiment's precision rule: its most runs count" "$(parsed_boot_runs)" \
		$((($(parsed_key maxruns) + $(parsed_key warmup)) * 2))
else
	echo "FAIL diskmodel: no $INIT_HOST (make tools) to count a boot's runs with"
	failed=1
fi
if [ -x "$(diskmodel_tool)" ]; then
	is "the hdd profile is the 7K500" "$(diskmodel_get hdd name)" "hdd"
	is "its rpm" "$(diskmodel_get hdd rpm)" "7200"
	params=$(diskmodel_params hdd)
	has "the guest gets the model's integer parameters" "$(head -n1 <<<"$params")" "rpm=7200 "
	has "and the figures for the disk record" "$(sed -n 2p <<<"$params")" "disk=hdd"
	is "the guest is told the profile, whether it turns, and to set up the model" "$(diskmodel_append sd)" \
		"swapbench.disk=sd swapbench.rotational=0 swapbench.diskmodel=1"
else
	echo "FAIL diskmodel: no $(diskmodel_tool) (make tools builds it)"
	failed=1
fi
is "the guest is told host" "$(diskmodel_append host)" "swapbench.disk=host"
# the image's own parser takes what the host passes
if [ -x "$top/out/bin/init-host" ]; then
	out=$("$top/out/bin/init-host" --check "$(diskmodel_append hdd)" 2>&1)
	rc=$?
	is "init-host --check takes the model's keys" "$rc" 0
	has "init-host reads the profile's name" "$out" "disk=hdd"
	has "init-host reads that it turns" "$out" "rotational=1"
fi
# layouts (host/layout.sh): where the partitions lie, and what does not fit
# shellcheck source=host/layout.sh
source "$top/host/layout.sh"
is "swap first: the swap partition at 1 MiB" "$(layout_plan swapfirst 192 | tr '\n' ' ')" "disk_mib=482 p1=2048 393216 p2=395264 589824 "
plan=$(layout_plan seed000 192 500)
is "seed000 on the 7K500: 500 GB of MiB, whole 2 MiB, and its file whole 2 MiB, up" "$(sed -n 's/^disk_mib=//p' <<<"$plan")" "476836 disk_bytes=500000882688"
is "seed000: the swap partition ends 1 MiB before the end" "$(sed -n 's/^p1=//p' <<<"$plan")" "$(((476836 - 1) * 2048 - 393216)) 393216"
is "seed000: the filesystem from 1 MiB up to the swap" "$(sed -n 's/^p2=//p' <<<"$plan")" "2048 $(((476836 - 1) * 2048 - 393216 - 2048))"
is "the disk's size: the model's own" "$(diskmodel_disk_gb hdd-5k160)" 160
is "the disk's size: the model's own, to the byte" "$(diskmodel_disk_gb wd-ac36400)" 6.44861952
is "a size of GB and a fraction: whole 2 MiB, down, and its file whole 2 MiB, up" "$(layout_plan diskcheck 192 6.44861952 | sed -n 's/^disk_mib=//p')" "6148 disk_bytes=6448742400"
has "a size that is not a number is refused" "$(layout_plan diskcheck 192 6.4.4 2>&1)" "DISK_GB=6.4.4 is not a number of GB above 0"
is "the disk's size without a model: 80 GB" "$(diskmodel_disk_gb host)" 80
has "a layout that does not fit is refused" "$(layout_plan seed000 4096 1 2>&1)" "do not fit a disk of 1 GB"
has "an unknown layout names the known ones" "$(layout_plan seed001 192 80 2>&1)" "known: swapfirst seed000 diskcheck"
layout_plan seed000 4096 1 >/dev/null 2>&1
is "and exits 2" "$?" 2
# DISK= names a profile in disk/profiles/ or a file given as a path, nothing
# else; a profile is data: its name reaches the command line only when it is
# init's alphabet for a name (a name with more once designated a disk)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
is "a bare name is a profile in disk/profiles/" "$(diskmodel_file hdd)" "$top/disk/profiles/hdd.conf"
mkdir -p "$T/somewhere" && cp "$top/disk/profiles/sd.conf" "$T/somewhere/evil.conf"
rel=$(realpath --relative-to="$top/disk/profiles" "$T/somewhere/evil")
has "a path is the file as given, not one under disk/profiles/" "$(cd "$T" && diskmodel_file "$rel")" "no such file"
has "a name that is not a profile's names the known ones" "$(diskmodel_file 'hdd swapbench.force=1')" \
	"no such profile; known: host hdd-5k160"
has "'..' is not a name" "$(diskmodel_file ..)" "no such profile"
is "a profile given as a path" "$(diskmodel_file "$T/somewhere/evil.conf")" "$T/somewhere/evil.conf"
sed 's|^name = sd$|name = hdd swapbench.force=1 swapbench.part=/dev/vdc1|' "$top/disk/profiles/sd.conf" >"$T/evil.conf"
if [ -x "$(diskmodel_tool)" ]; then
	is "a profile's file's name, checked" "$(diskmodel_name "$T/somewhere/evil.conf")" sd
	out=$(diskmodel_append "$T/evil.conf")
	is "a name holding command-line keys gives the command line nothing" "$?" 1
	has "and says why" "$out" "name: holds a space"
	# the review's boot: refused before QEMU starts, the decoy left alone
	printf 'MZ' >"$T/bzImage" && : >"$T/bzImage.sbdisk.ko" && echo | gzip >"$T/initrd"
	truncate -s 16M "$T/decoy.img"
	out=$(BZIMAGE=$T/bzImage INITRD=$T/initrd DISK=$T/evil.conf "$top/qemu/run" -q -o "$T/res" --disk "$T/decoy.img" 2>&1)
	is "qemu/run refuses the decoy profile" "$?" 2
	has "naming the name" "$out" "name: holds a space"
	# and as the review gave it: relative to disk/profiles/, which took it
	cp "$T/evil.conf" "$T/somewhere/evil.conf"
	out=$(BZIMAGE=$T/bzImage INITRD=$T/initrd DISK=$rel "$top/qemu/run" -q -o "$T/res" --disk "$T/decoy.img" 2>&1)
	has "a path outside disk/profiles/ is no profile's name" "$out" "DISK=$rel: no such file"
	is "before the boot: no results folder made" "$([ -e "$T/res" ] && echo made || echo none)" none
fi
exit $failed
