/*
 * swapbench-report summary SOURCE...: per workload and backend N, min, max,
 * median, mean, stddev and 95 % interval; its table serves md too (summary.c).
 */
#ifndef SBR_SUMMARY_H
#define SBR_SUMMARY_H

#include "report/cmd/cmd.h"

#include <stdio.h>

int cmd_summary(const struct opts *o, int argc, char **argv);
struct dest;
/*
 * Summary tables of a dataset: grouped by backend, one table per kernel
 * variant when there are several, so kernels are never pooled. Returns the
 * number of cells printed.
 */
size_t summary_all(const struct dest *d, const struct dataset *ds, const char *metric, enum group_by by);

#endif
