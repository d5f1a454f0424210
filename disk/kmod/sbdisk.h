#ifndef SB_SBDISK_H
#define SB_SBDISK_H
/*
 * sbdisk's ioctls on its disk (/dev/sbda), for init (init/disk/dmdisk.c): the
 * model's counters as text, and the account of a run's requests. Kernel
 * and init are built for one architecture: the structs need no packing.
 */
#ifdef __KERNEL__
#include <linux/ioctl.h>

#include "queue.h"	/* disk/model/: on the include path (Kbuild) */
#else
#include <sys/ioctl.h>

#include "disk/model/queue.h"
#endif

#define SBDISK_NAME "sbda"	/* the disk; its partitions sbda1, sbda2, ... */
#define SBDISK_STATUS_MAX 1024

/* "NAME=value ..." of DMODEL_COUNTERS, then merged= (bios the block
 * layer merged into a request before them), clock_ns= (the guest's
 * CLOCK_MONOTONIC when it answered) and queued= (requests in the drive) */
struct sbdisk_status {
	char text[SBDISK_STATUS_MAX];
};

#define SBDISK_IOC_STATUS _IOR('S', 0x51, struct sbdisk_status)
/* the account starts afresh now */
#define SBDISK_IOC_ACCOUNT_START _IO('S', 0x52)
/* the account so far (it goes on) */
#define SBDISK_IOC_ACCOUNT_READ _IOR('S', 0x53, struct daccount)

#endif
