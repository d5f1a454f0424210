#!/bin/bash
# rootfs/modlist on a made-up lib/modules tree: the disk and filesystem
# modules (dependencies first) go to load.list, loaded at every boot; zram,
# zsmalloc and the compressors to swapconf.list, which init loads only for a
# zram or zswap configuration (a stock kernel's zstd self-test alone OOMed a
# 96 MiB guest with pmem swap); a module already in the first list is not
# repeated in the second.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
T=$(mktemp -d /tmp/modlist.XXXXXX)
trap 'rm -rf "$T"' EXIT
# shellcheck source=tests/passfail.sh
source "$top/tests/passfail.sh"
m=$T/lib/modules/6.1.0-test
k=kernel/drivers
mkdir -p "$m/$k"
for n in virtio virtio_ring virtio_pci virtio_blk ext4 jbd2 mbcache crc16 zram zsmalloc lz4 lz4_compress zstd zstd_compress; do
	: >"$m/$k/$n.ko"
done
cat >"$m/modules.dep" <<DEP
$k/virtio_pci.ko: $k/virtio_ring.ko $k/virtio.ko
$k/virtio_blk.ko: $k/virtio_ring.ko $k/virtio.ko
$k/ext4.ko: $k/jbd2.ko $k/mbcache.ko $k/crc16.ko
$k/zram.ko: $k/zsmalloc.ko
$k/zsmalloc.ko:
$k/lz4.ko: $k/lz4_compress.ko
$k/zstd.ko: $k/zstd_compress.ko $k/crc16.ko
DEP
"$top/rootfs/modlist" "$m" "$T/out" >"$T/cpio.list" 2>"$T/err"
same "modlist: exit 0" 0 $?
list() { sed 's|/lib/modules/||; s|\.ko$||' "$T/out/modules/$1" | tr '\n' ' '; }
same "load.list: disk and filesystem modules, dependencies first" \
	"virtio_ring virtio virtio_pci virtio_blk jbd2 mbcache crc16 ext4 " "$(list load.list)"
same "swapconf.list: zram and the compressors, crc16 not again" \
	"zsmalloc zram lz4_compress lz4 zstd_compress zstd " "$(list swapconf.list)"
same "the cpio list carries both lists" 2 "$(grep -c '^file /lib/modules/\(load\|swapconf\).list ' "$T/cpio.list")"
same "modlist says which load when" 1 "$(grep -c '(at boot); .* (for zram and zswap)' "$T/err")"
exit "$failed"
