#ifndef SB_ZRAM_H
#define SB_ZRAM_H
/*
 * The compressed configurations: zram0 as a swap device and zswap in front
 * of a disk, switched per run through sysfs; and the VM knobs each
 * configuration sets (vm.swappiness, vm.page-cluster, MGLRU).
 */
#include "init/config/cmdline.h"

#include <stddef.h>
#include <stdint.h>

#define ZRAM_DEV "/dev/zram0"
#define ZRAM_SYS "/sys/block/zram0"
#define ZSWAP_PARAMS "/sys/module/zswap/parameters"
#define ZSWAP_DEBUG "/sys/kernel/debug/zswap"
#define LRU_GEN_FILE "/sys/kernel/mm/lru_gen/enabled"
#define LRU_GEN_TTL_FILE "/sys/kernel/mm/lru_gen/min_ttl_ms"
#define VMA_RA_FILE "/sys/kernel/mm/swap/vma_ra_enabled"

/* the knobs a configuration sets: vm.swappiness, vm.page-cluster, MGLRU, VMA-based swap readahead */
#define ZRAM_KNOBS 5
extern const char *const zram_knob_files[ZRAM_KNOBS];

/*
 * Before any disk is touched: the kernel has what cfg's configurations
 * need (zram0, zswap, each compressor and zpool, the knobs' files); a
 * configuration that names no compressor gets the kernel's own default.
 * Returns 0 or -ENOTSUP/-ENOENT with why naming the kernel to use.
 */
int zram_check(struct sb_config *cfg, char *why, size_t n);
/*
 * The compressor to use from what the kernel offers (LIST, as zram's
 * comp_algorithm "lzo [lz4] zstd", or zswap's compressor parameter "lzo"):
 * NAMED when it is listed; none named: the kernel's own default (the
 * bracketed entry, or a list's only word). 0 with it in out[n], or -ENOENT.
 */
int zram_pick_comp(const char *list, const char *named, char *out, size_t n);
/* Reads the knobs' values as the kernel booted, for configurations that leave them unset. */
void zram_knobs_boot(void);
/* Sets c's knobs (the boot's where c leaves one unset). 0 or -errno with why. */
int zram_knobs_apply(const struct sb_swapconf *c, char *why, size_t n);
/*
 * With swap off: zswap disabled and zram0 reset, so the next configuration
 * starts empty. 0 or -errno with why.
 */
int zram_clear(char *why, size_t n);
/*
 * Configures c before its swapon: zram0's compressor, disksize and swap
 * header (bytes: the disksize), or zswap's compressor, zpool, pool limit
 * and enabled. 0 or -errno with why.
 */
int zram_prepare(const struct sb_swapconf *c, uint64_t bytes, char *why, size_t n);
/*
 * zram0's disksize for c in whole pages: its size, its share of MemTotal,
 * or for plain zram disk_bytes, the capacity the disk configurations get.
 */
uint64_t zram_bytes(const struct sb_swapconf *c, uint64_t memtotal_kb, uint64_t disk_bytes);

#endif
