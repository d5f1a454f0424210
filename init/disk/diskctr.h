#ifndef SB_DISKCTR_H
#define SB_DISKCTR_H
/*
 * The disk model's counters into records: with the model in the guest
 * (swapbench.diskmodel=1, init/disk/dmdisk.c) init reads its counters around
 * each run, and each run's record carries the differences: what the
 * modelled disk did and charged, and the model's clock between the two
 * readings. The disk record carries the profile's figures.
 */
#include <stdint.h>

#include "lib/record.h"
#include "init/disk/dmdisk.h"
#include "disk/model/queue.h"

struct diskctr {
	struct dmodel_counters c;
	struct dmdisk_extra x;	/* the guest's clock when the model answered; bios merged */
};

/* the counters now: 0 or -errno (-EBADF: no model set up) */
int diskctr_read(struct diskctr *c);
/* the differences b - a into a run's record, with the run's elapsed_s over
 * the model's clock between the readings (elapsed_s 0: not said) */
void diskctr_record(struct rec_buf *r, const struct diskctr *a, const struct diskctr *b, double elapsed_s);
/* the profile's figures (the words qemu/run gave after the parameters:
 * "disk=NAME disk_rpm=..."), each a field of r */
void diskctr_profile_record(struct rec_buf *r, const char *words);
/* the drive's queue from the model's parameters ("... queue_depth=31
 * queue_order=1": disk_queue_depth=31 disk_queue_order=sptf), the I/O
 * scheduler above it (disk_sched=) and whether the drive queues at all
 * (disk_queue=on|off, DISKQ=), fields of r */
void diskctr_drive_record(struct rec_buf *r, const char *params, const char *sched);

/*
 * The account of a run's requests (disk/model/queue.h) as "io" records, each of
 * at most DISKCTR_IO_PER_RECORD requests, so that it fits REC_LINE_MAX:
 *   # sb io test=NUM part=J parts=M total=T kept=K stride=S dropped=D
 *        reqs=t_us:dur_us:sector:sectors:op:depth;... crc=...
 */
#define DISKCTR_IO_PER_RECORD 80
/* how many records the account takes (at least 1: a run with no request says so) */
unsigned diskctr_io_parts(const struct daccount *a);
/* part (1-based) of the account of the run test into r (records_emit ends it) */
void diskctr_io_record(struct rec_buf *r, unsigned long test, const struct daccount *a, unsigned part);

#endif
