#ifndef SB_DISKCHAR_H
#define SB_DISKCHAR_H
/*
 * swapbench.workloads=diskchar: instead of the experiment, the disk that
 * holds the designated swap partition (swapbench.part; with a modelled
 * disk, the model's /dev/sbda) characterised read-only by the workload
 * diskchar (workloads/dchar.h), each figure a "diskchar" record, after
 * one that names the device (fig=device: the model and serial the kernel
 * reports, its size, the clock). No swap is set up and nothing is written
 * to any disk: the workload opens the disk O_RDONLY. Its parameters
 * (swapbench.diskchar.depth, .per) pass on; the disk is init's to say
 * (swapbench.diskchar.dev is refused).
 */
#include <stddef.h>

#include "init/config/cmdline.h"

/* 1 when the command line asks for it: diskchar is the only workload */
int diskchar_wanted(const struct sb_config *cfg);
/* the whole of it: 0 or -errno with why */
int diskchar_designated(const struct sb_config *cfg, char *why, size_t n);

#endif
