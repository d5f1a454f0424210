#ifndef SB_DISKCHECK_H
#define SB_DISKCHECK_H
/*
 * swapbench.diskcheck=quick|full: the designated swap partition measured
 * as a disk benchmark measures a disk, instead of the experiment (LAYOUT=diskcheck
 * makes that partition span the disk from its outer to its inner edge):
 * sequential read and write MB/s at both ends, random 4 KiB read IOPS (full:
 * also the seconds of 4096 random single-sector reads, a datasheet's own
 * random-read test), and
 * the time of a read at a distance from the outer edge, for distances from
 * a few sectors to the whole disk. It writes to the partition it measures:
 * only a designated one with no signature, or swapbench.force=1.
 * Each figure is a "diskcheck" record; 0 or -errno with why.
 */
#include "init/config/cmdline.h"

#include <stddef.h>

/*
 * The whole of swapbench.diskcheck: the partition cfg->part designates,
 * refused when it carries a signature other than swap and cfg->force is
 * off, measured by diskcheck_run; with cfg->diskctr, the disk model's
 * profile and its counters over the check too. 0 or -errno with why.
 */
int diskcheck_designated(const struct sb_config *cfg, char *why, size_t n);
/* The modelled disk's figures, as the model on the host has them: a "disk" record. */
void diskcheck_profile_record(void);

#endif
