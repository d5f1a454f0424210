/*
 * Per workload and backend N, min, max, median, mean, stddev and 95 %
 * interval: swapbench-report summary's text, and the table md and html take
 * (summary.c).
 */
#ifndef SBR_SUMMARY_H
#define SBR_SUMMARY_H

#include "report/stats/group.h"

#include <stdio.h>

/* The metric, then summary_all as text. */
void summary_write(FILE *out, const struct dataset *ds, const char *metric, enum group_by by);
struct dest;
/*
 * Summary tables of a dataset: grouped by backend, one table per kernel
 * variant when there are several, so kernels are never pooled. Returns the
 * number of cells printed.
 */
size_t summary_all(const struct dest *d, const struct dataset *ds, const char *metric, enum group_by by);

#endif
