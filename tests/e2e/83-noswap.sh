#!/bin/bash
# A kernel built without swap support (kernel/variants/noswap.config turns
# CONFIG_SWAP off over base.config): the image says so clearly and stops
# with status 2, instead of crashing or measuring nothing. The first run
# builds that kernel (a few minutes); later runs take it from the cache.
# kernels: x86_64/noswap
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"

k=$("$top/kernel/build" "$ARCH" noswap 2>"$T/build.log")
if [ -z "$k" ] || [ ! -f "$k" ]; then
	fail "noswap kernel: kernel/build $ARCH noswap failed: $(tail -n 3 "$T/build.log" | tr '\n' ' ')"
	finish
fi
check "noswap kernel: CONFIG_SWAP is off in its config" grep -qx '# CONFIG_SWAP is not set' "$(dirname "$k")/config"
check "noswap kernel: the rest of base.config still took (virtio-blk, ext4)" \
	grep -qx 'CONFIG_VIRTIO_BLK=y' "$(dirname "$k")/config"

BZIMAGE=$k boot noswap -- swapbench.workloads=idle swapbench.runs=1 swapbench.warmup=0
check "noswap: status 2 (got $rc)" test "$rc" = 2
check "noswap: clear error" grep -aqF '# swapbench: error: this kernel has no swap support (no /proc/swaps: build it with CONFIG_SWAP=y)' "$log"
check "noswap: the header still names the kernel" grep -aq '^# sb meta .*kernel_release=' "$log"
check "noswap: totals record with status=error" grep -aq '^# sb totals .*status=error' "$log"
absent -E "noswap: nothing ran" '^(not )?ok [0-9]' "$log"
absent -E "noswap: no panic, no crash" 'Kernel panic|died of signal|segfault' "$log"
check "noswap: the error reached the results disk too" grep -aq 'no swap support' "$dir/results.disk"
finish
