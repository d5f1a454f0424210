#!/bin/bash
# host/diskmodel.sh: what DISK= means for a boot, without one: refusals
# (an unknown profile names the known ones; DETERMINISTIC=1 and PXE cannot
# honour the model), the rotation QEMU's IDE disk reports, the command line.
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

is "host needs no model and is refused nothing" "$(diskmodel_refusal host 1 tap0)" ""
is "hdd on the host clock is fine" "$(diskmodel_refusal hdd 0 '')" ""
has "an unknown profile names the known ones" "$(diskmodel_refusal hdd-ibm 0 '')" "known: host hdd-5k160 hdd-7k500 hdd null sd ssd"
has "DETERMINISTIC=1 is refused with a model" "$(diskmodel_refusal hdd 1 '')" "DETERMINISTIC=1 do not mix"
has "ICOUNT=1 is refused with a model" "$(diskmodel_refusal hdd 0 '' 1)" "ICOUNT=1 do not mix"
is "ICOUNT=1 is fine without one" "$(diskmodel_refusal host 0 '' 1)" ""
# the way out a refusal names is itself accepted: DETERMINISTIC=1's points to the host clock
det_advice=$(diskmodel_refusal hdd 1 '' | sed -n 's/.*(use \(.*\))$/\1/p')
has "DETERMINISTIC=1's refusal names the host clock as the way out" "$det_advice" "host's clock"
is "... and not ICOUNT=1, which a model refuses too" "$(grep -c 'use ICOUNT=1' <<<"$det_advice")" 0
is "make run under a model: the host's clock" "$(diskmodel_icount hdd '')" 0
is "make run without one: ICOUNT=1" "$(diskmodel_icount host '')" 1
is "an ICOUNT given is kept" "$(diskmodel_icount hdd 1)" 1
is "no limit of its own without a model" "$(diskmodel_limit host 'runs=10')" ""
is "make run DISK=hdd WORKLOADS=lines: 22 runs at the image's timeout" \
	"$(diskmodel_limit hdd $'backends=partition,file\nworkloads=lines\nruns=10\nwarmup=1\ntimeout=600')" "22 13800"
is "never below the registry's limit" "$(diskmodel_limit hdd $'workloads=idle\nbackends=file\nruns=1\nwarmup=0' 3600)" "1 3600"
is "with until, maxruns counts" \
	"$(diskmodel_limit hdd $'backends=partition,file\nworkloads=fight\nruns=10\nwarmup=1\ntimeout=300\nuntil=5.00\nmaxruns=30')" "62 19200"
has "a PXE boot is refused with a model" "$(diskmodel_refusal ssd 0 pxe)" "PXE"
is "the hdd profile is the 7K500" "$(diskmodel_get hdd name)" "hdd-7k500"
is "its rpm" "$(diskmodel_get hdd rpm)" "7200"
is "IDE reports the hdd's 7200 rpm" "$(diskmodel_qemu_args hdd /s ide | tail -n1)" "ide-hd,drive=modelled,bus=ide.1,unit=0,rotation_rate=7200"
is "IDE reports the laptop disk's 5400 rpm" "$(diskmodel_qemu_args hdd-5k160 /s ide | tail -n1)" "ide-hd,drive=modelled,bus=ide.1,unit=0,rotation_rate=5400"
is "IDE reports an SSD as non-rotating (1)" "$(diskmodel_qemu_args ssd /s ide | tail -n1)" "ide-hd,drive=modelled,bus=ide.1,unit=0,rotation_rate=1"
is "virtio attaches the NBD socket" "$(diskmodel_qemu_args sd /x/disk.sock virtio | tr '\n' ' ')" \
	"-blockdev driver=nbd,server.type=unix,server.path=/x/disk.sock,node-name=modelled -device virtio-blk-pci,drive=modelled "
is "the guest is told host" "$(diskmodel_append host)" "swapbench.disk=host"
is "the guest is told the profile, whether it turns, and to read the counters" "$(diskmodel_append sd)" \
	"swapbench.disk=sd swapbench.rotational=0 swapbench.diskctr=1"
# the image's own parser takes what the host passes
if [ -x "$top/out/host/init-host" ]; then
	out=$("$top/out/host/init-host" --check "$(diskmodel_append hdd)" 2>&1)
	rc=$?
	is "init-host --check takes the model's keys" "$rc" 0
	has "init-host reads the profile's name" "$out" "disk=hdd-7k500"
	has "init-host reads that it turns" "$out" "rotational=1"
fi
# layouts (host/layout.sh): where the partitions lie, and what does not fit
# shellcheck source=host/layout.sh
source "$top/host/layout.sh"
is "swap first: the swap partition at 1 MiB" "$(layout_plan swapfirst 192 | tr '\n' ' ')" "disk_mib=482 p1=2048 393216 p2=395264 589824 "
plan=$(layout_plan seed000 192 500)
is "seed000 on the 7K500: 500 GB of MiB, whole 2 MiB" "$(sed -n 's/^disk_mib=//p' <<<"$plan")" 476836
is "seed000: the swap partition ends 1 MiB before the end" "$(sed -n 's/^p1=//p' <<<"$plan")" "$(((476836 - 1) * 2048 - 393216)) 393216"
is "seed000: the filesystem from 1 MiB up to the swap" "$(sed -n 's/^p2=//p' <<<"$plan")" "2048 $(((476836 - 1) * 2048 - 393216 - 2048))"
is "the disk's size: the model's own" "$(diskmodel_disk_gb hdd-5k160)" 160
is "the disk's size without a model: 80 GB" "$(diskmodel_disk_gb host)" 80
has "a layout that does not fit is refused" "$(layout_plan seed000 4096 1 2>&1)" "do not fit a disk of 1 GB"
has "an unknown layout names the known ones" "$(layout_plan seed001 192 80 2>&1)" "known: swapfirst seed000 check"
layout_plan seed000 4096 1 >/dev/null 2>&1
is "and exits 2" "$?" 2
exit $failed
