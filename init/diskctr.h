#ifndef SB_DISKCTR_H
#define SB_DISKCTR_H
/*
 * The host's disk model (DISK= other than host: disk/nbdfilter.c) serves
 * its counters as text in the last 4 KiB of the disk it models;
 * swapbench.diskctr=1 reads them around each run, and each run's record
 * carries the differences: what the modelled disk did and charged.
 */
#include <stdint.h>

#include "../lib/record.h"

struct diskctr {
	uint64_t reads, writes, flushes, read_bytes, write_bytes, buffer_hits;
	int64_t seek_ns, rot_ns, xfer_ns, wait_ns, busy_ns;
	int64_t host_ns;	/* the host's CLOCK_MONOTONIC when it answered */
	char profile[64];
};

/* parses the model's text; 0, or -EINVAL when it is not the model's */
int diskctr_parse(const char *text, struct diskctr *c);
/* diskctr_parse, keeping the text's second line (the profile's figures)
 * for diskctr_profile; 0 or -ENODATA (diskctr_open does it) */
int diskctr_load(const char *text, struct diskctr *c);
/* opens the whole disk that holds dev (a partition or a disk): 0 or -errno
 * (-ENODATA: its last 4 KiB are not the model's counters) */
int diskctr_open(const char *dev, struct diskctr *first);
/* after diskctr_open: the model's profile as "disk=NAME disk_rpm=..." words,
 * and those words added to a record */
const char *diskctr_profile(void);
void diskctr_profile_record(struct rec_buf *r);
/* 0 or -errno; without diskctr_open, -EBADF */
int diskctr_read(struct diskctr *c);
/* the differences b - a into a run's record, with the share of the host's
 * time between the two readings that the guest's clock saw (elapsed_s;
 * 0: not said) */
void diskctr_record(struct rec_buf *r, const struct diskctr *a, const struct diskctr *b, double elapsed_s);

#endif
