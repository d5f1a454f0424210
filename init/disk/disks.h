#ifndef SB_DISKS_H
#define SB_DISKS_H
/*
 * Finding the block devices the command line designates. Reads only, but for
 * disks_write_through and disks_rotational, which change the kernel's view of
 * a disk, not the disk.
 */
#include <stddef.h>
#include <stdint.h>

struct probe_result;

int disks_size(const char *dev, uint64_t *bytes);
/* Reads the start of dev and identifies its signature; 0 found, -ENOENT none. */
int disks_probe(const char *dev, struct probe_result *r);
/*
 * Tells the block layer that dev's disk (the whole disk for a partition) has
 * no volatile write cache, so flushes and FUA end there and never reach the
 * driver. Returns 0 or -errno.
 */
int disks_write_through(const char *dev);
/*
 * Tells the block layer whether dev's disk is rotational (swapbench.rotational:
 * virtio-blk cannot say, and the kernel's swap allocator and readahead take
 * other paths on non-rotational disks). Returns 0 or -errno.
 */
int disks_rotational(const char *dev, int rotational);
/* what the kernel now thinks of dev's disk: 1 rotational, 0 not, or -errno */
int disks_rotational_now(const char *dev);
/* a number from queue/FILE of dev's disk (the whole disk for a partition):
 * 0 or -errno */
int disks_queue_get(const char *dev, const char *file, uint64_t *v);
/* the name of the driver bound to dev's disk (nd_pmem, virtio_blk, sd): 0 or -errno */
int disks_driver(const char *dev, char *name, size_t size);
/* where partition dev starts on its disk, in 512-byte sectors (0 for a disk) */
int disks_first_lba(const char *dev, uint64_t *lba);

/* where a file lies on its disk (FIEMAP), in 512-byte sectors from the disk's start */
struct disks_extents {
	unsigned count;
	uint64_t first_lba, last_lba;
};
/* base_lba: where the filesystem's partition starts. 0 or -errno */
int disks_extents(const char *path, uint64_t base_lba, struct disks_extents *e);
/* the whole disk that holds part (/dev/sda5 -> /dev/sda; a whole disk
 * is itself), from sysfs: 0 or -errno */
int disks_whole(const char *part, char *disk, size_t size);
/*
 * disks_resolve for swapbench.KEY=spec; on failure writes the line into
 * why[n] (when nothing matched, with the block devices the kernel does have)
 * and returns disks_resolve's -errno.
 */
int disks_designate(const char *key, const char *spec, char *dev, size_t size, char *why, size_t n);

/*
 * The swap partition, the swapfile's filesystem and the results disk must
 * be distinct devices: mkswap over the results disk would pass the probe
 * (it has no filesystem signature) and destroy the results. d[] names each
 * designation's key and spec ("" when it is not used); 0, or -EBUSY with
 * the line in why when two resolve to one device.
 */
#define DISKS_USES_MAX 4
struct disks_use {
	const char *key, *spec;
};
int disks_distinct(const struct disks_use *d, size_t n, char *why, size_t wn);

#endif
