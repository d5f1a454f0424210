#ifndef SB_DMDISK_H
#define SB_DMDISK_H
/*
 * dmdisk: the disk model in the guest (swapbench.diskmodel=1). qemu/run
 * adds the model's module and its parameters to the initramfs
 * (DMDISK_MODULE, DMDISK_TABLE); dmdisk loads the module, maps the whole
 * disk that holds the swap partition through the model's target
 * ("diskmodel", disk/kmod/target.c) and each of that disk's partitions as a
 * dm-linear device on top, so that the partition and the filesystem share
 * one head, one cache and one clock. Designations that resolve to one of
 * those partitions are then served by its mapped device (disks.c asks
 * dmdisk_map). The target's status line is the model's counters.
 */
#include <stddef.h>
#include <stdint.h>

#include "disk/model.h"

#define DMDISK_MODULE "/lib/swapbench/dm-diskmodel.ko"
#define DMDISK_TABLE "/lib/swapbench/diskmodel.params"

/* sets it all up over the disk that holds partition part (/dev/vda1);
 * every mapped device is rotational as the table's rotational= says.
 * 0, or -errno with the line in why */
int dmdisk_setup(const char *part, char *why, size_t n);
/* 1 while the model is set up */
int dmdisk_active(void);
/* dev (/dev/vda2) as the model serves it (/dev/dm-2): 0 and out, or
 * -ENOENT when dev is not a partition of the modelled disk */
int dmdisk_map(const char *dev, char *out, size_t size);
/* 1 if /sys/class/block name is the model's device or one on top of it */
int dmdisk_owns(const char *name);
/* where a mapped device starts on the modelled disk (512-byte sectors):
 * 0, or -ENOENT when dev is not one of them */
int dmdisk_first_lba(const char *dev, uint64_t *lba);
/* what the target says beside the model's counters: the guest's clock
 * when it answered, and how many bios it charged as part of a merged
 * request (the model's reads + writes count requests) */
struct dmdisk_extra {
	int64_t clock_ns;
	uint64_t merged;
};
/* the model's counters now */
int dmdisk_counters(struct dmodel_counters *c, struct dmdisk_extra *x);
/* the model's parameters as its table gives them ("kind=1 ..."), and the
 * profile's figures for the disk record ("disk=NAME disk_rpm=..."): the
 * first and second line of DMDISK_TABLE */
const char *dmdisk_params(void);
const char *dmdisk_describe(void);
/* parses the target's status line: 0 or -EINVAL */
int dmdisk_parse_status(const char *line, struct dmodel_counters *c, struct dmdisk_extra *x);

#endif
