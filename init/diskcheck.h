#ifndef SB_DISKCHECK_H
#define SB_DISKCHECK_H
/*
 * swapbench.diskcheck=quick|full: the designated swap partition measured
 * as a disk benchmark measures a disk, instead of the experiment (LAYOUT=check
 * makes that partition span the disk from its outer to its inner edge):
 * sequential read and write MB/s at both ends, random 4 KiB read IOPS, and
 * the time of a read at a distance from the outer edge, for distances from
 * a few sectors to the whole disk. It writes to the partition it measures:
 * only a designated one with no signature, or swapbench.force=1.
 * Each figure is a "diskcheck" record; 0 or -errno with why.
 */
#include <stddef.h>

int diskcheck_run(const char *dev, int full, char *why, size_t n);

#endif
