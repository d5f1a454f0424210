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

#endif
