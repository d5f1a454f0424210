#!/bin/bash
# The backend pmem: swapbench.backends=pmem,partition makes qemu/run attach
# a virtio-pmem device of its own (qemu/mkdisks' pmem.img, found by its
# label), and a small fight swaps on it. Its swap record must name a pmem
# device served by nd_pmem, and its run record must prove that the pmem
# device was the one swap area, and that pages went out to it.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

boot pmem -- swapbench.workloads=fight swapbench.fight.ratio=1.2 swapbench.fight.passes=1 \
	swapbench.runs=1 swapbench.warmup=0 swapbench.timeout=120 swapbench.backends=pmem,partition
check "pmem: pmem and partition ran (status $rc)" test "$rc" = 0
check "pmem: qemu/run attached the virtio-pmem device" grep -q 'virtio-pmem-pci' "$dir/qemu.cmd"
swap=$(grep -a '^# sb swap .* backend=pmem ' "$log" | tr -d '\r')
check "pmem: the swap record names a pmem device ($("$REPORT" fields --where backend=pmem swap dev "$log"))" \
	bash -c "grep -qE ' dev=/dev/pmem[0-9]+ driver=nd_pmem ' <<<'$swap'"
check "pmem: ... swapped on whole, labelled as designated" \
	bash -c "grep -qE ' label=swapbench-pmem .* first_lba=0 ' <<<'$swap'"
run=$(grep -a '^ok .* backend=pmem ' "$log" | tr -d '\r')
IFS=$'\t' read -r dev out peak < <("$REPORT" fields --where status=ok,backend=pmem result swap_dev,pswpout,swap_peak_kb "$log")
check "pmem: the run swapped on the pmem device alone ($dev)" \
	bash -c "[[ '$dev' == /dev/pmem* ]] && grep -q ' swaps_active=1 ' <<<'$run'"
check "pmem: pages swapped out (pswpout $out)" test "${out:-0}" -gt 0
check "pmem: pages held in swap at the peak (swap_peak_kb $peak)" test "${peak:-0}" -gt 0
part=$(grep -a '^ok .* backend=partition ' "$log" | tr -d '\r')
check "pmem: the partition's run swapped on the partition, not the pmem device" \
	bash -c "grep -q ' swap_dev=/dev/vda1 ' <<<'$part'"
check "pmem: the device's image is removed after the boot" test ! -e "$dir/pmem.img"
"$REPORT" rank --baseline partition "$log" >"$T/rank.txt" 2>&1
check "pmem: the report names the backend pmem" grep -q ' pmem ' "$T/rank.txt"

# refused before anything boots where the device cannot be had
one=(swapbench.workloads=idle swapbench.runs=1 swapbench.warmup=0 swapbench.backends=pmem)
ARCH=i686 boot i686 -- "${one[@]}"
check "pmem: ARCH=i686 refused with status 2 (got $rc)" test "$rc" = 2
check "pmem: ... before a boot" test ! -s "$log"
nopmem=$T/bz-nopmem
cp "$BZIMAGE" "$nopmem" && grep -v '^CONFIG_VIRTIO_PMEM=' "$BZIMAGE.config" >"$nopmem.config"
BZIMAGE=$nopmem boot nopmem -- "${one[@]}" 2>"$T/nopmem.err"
check "pmem: a kernel without CONFIG_VIRTIO_PMEM refused with status 2 (got $rc), naming it" \
	bash -c "[ $rc = 2 ] && grep -q 'the kernel has no CONFIG_VIRTIO_PMEM' '$T/nopmem.err'"
BZIMAGE=$nopmem boot nopmem-partition -- swapbench.workloads=idle swapbench.idle.seconds=0 swapbench.runs=1 \
	swapbench.warmup=0 swapbench.backends=partition
check "pmem: that kernel still boots a plan without pmem (status $rc), with no pmem device" \
	bash -c "[ $rc = 0 ] && ! grep -q virtio-pmem '$dir/qemu.cmd'"
finish
