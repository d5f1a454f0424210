#ifndef SB_DMDISK_H
#define SB_DMDISK_H
/*
 * dmdisk: the disk model in the guest (swapbench.diskmodel=1). qemu/run
 * adds the model's module and its parameters to the initramfs
 * (DMDISK_MODULE, DMDISK_TABLE, and DMDISK_TABLES for a profile with
 * tables); dmdisk loads the module over the whole
 * disk that holds the swap partition: a block driver (disk/kmod/block.c)
 * whose disk, /dev/sbda, sits below the kernel's I/O scheduler as a real
 * one does, and whose partitions the kernel finds itself (sbda1, ...), so
 * that the partition and the filesystem share one head, one cache and one
 * clock. Designations that resolve to a partition of the disk below are
 * then served by the model's partition of the same number (disks.c asks
 * dmdisk_map). The driver's ioctls give the model's counters and the
 * account of a run's requests.
 */
#include <stddef.h>
#include <stdint.h>

#include "disk/model/model.h"
#include "disk/model/queue.h"

#define DMDISK_MODULE "/lib/swapbench/sbdisk.ko"
#define DMDISK_TABLE "/lib/swapbench/diskmodel.params"
/* the profile's zone, seek and slip tables, one line (diskprofile FILE
 * tables; absent for a profile without): the module's tables= */
#define DMDISK_TABLES "/lib/swapbench/diskmodel.tables"
#define DMDISK_TABLES_MAX (256 * 1024)

/* an I/O scheduler built as a module: qemu/run puts it here only for a boot
 * that asks for it (SCHED=bfq: /lib/swapbench/bfq.ko), since a file in the
 * initramfs stays in RAM */
#define DMDISK_SCHED_MODULE "/lib/swapbench/%s.ko"

/* the drive's own queue (swapbench.diskq, cmdkeys_diskq_names' order) */
enum { DMDISK_QUEUE_PROFILE, DMDISK_QUEUE_ON, DMDISK_QUEUE_OFF };

/* sets it all up over the disk that holds partition part (/dev/vda1),
 * with the I/O scheduler sched ("": the kernel's choice) and the drive's
 * queue as diskq (DMDISK_QUEUE_*). 0, or -errno with the line in why */
int dmdisk_setup(const char *part, const char *sched, int diskq, char *why, size_t n);
/* the model's parameters ("... queue_depth=31 queue_order=1") with the
 * drive's queue as diskq asks: off rewrites them to depth 1 in arrival
 * order; on needs a profile that queues (-EINVAL and why otherwise).
 * params holds size bytes; 0 or -errno (-E2BIG: no room) */
int dmdisk_queue_params(char *params, size_t size, int diskq, char *why, size_t n);
/* a word's value in the parameters' "name=value ..." words: its length
 * in *len, or NULL */
const char *dmdisk_param_word(const char *words, const char *name, size_t *len);
/* 1 while the model is set up */
int dmdisk_active(void);
/* dev (/dev/vda2) as the model serves it (/dev/sbda2): 0 and out, or
 * -ENOENT when dev is not a partition of the modelled disk */
int dmdisk_map(const char *dev, char *out, size_t size);
/* 1 if /sys/class/block name is the model's disk or one of its partitions */
int dmdisk_owns(const char *name);
/* where a mapped device starts on the modelled disk (512-byte sectors):
 * 0, or -ENOENT when dev is not one of them */
int dmdisk_first_lba(const char *dev, uint64_t *lba);
/* what the driver says beside the model's counters: the guest's clock
 * when it answered, and how many bios the block layer merged into a
 * request before them (the model's reads + writes count requests) */
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
/* parses the driver's status line (SBDISK_IOC_STATUS): 0 or -EINVAL */
int dmdisk_parse_status(const char *line, struct dmodel_counters *c, struct dmdisk_extra *x);
/* the account of requests starts afresh (a run's start); the account so
 * far: 0 or -errno */
int dmdisk_account_start(void);
int dmdisk_account_read(struct daccount *a);
/* the I/O scheduler the model's disk has ("mq-deadline"; "" before setup) */
const char *dmdisk_sched(void);

#endif
