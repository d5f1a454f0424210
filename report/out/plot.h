#ifndef SBR_PLOT_H
#define SBR_PLOT_H
/*
 * Per workload: DIR/<workload>.svg, the metric by group as jittered points
 * over a box (quartiles, median, 1.5 IQR whiskers) with the mean marked;
 * DIR/<workload>-order.svg, the metric against run order so drift shows.
 * PNG versions are the SVGs rendered by rsvg-convert when it is on PATH.
 */
#include "report/stats/group.h"

#include <stdio.h>

/* The file name stem used for a workload: safe in any directory. */
void plot_stem(char *out, size_t size, const char *workload);
/* 1 when a workload has a run to plot: one with the metric, status=ok. */
int plot_wanted(const struct cells *cs, const char *workload);
/*
 * Writes the plots (none for a workload without a run to plot): what it
 * wrote on log (NULL: not said), and "note: " lines on notes when the host
 * could not make the PNGs. Returns the number of workloads plotted.
 */
size_t plot_all(const struct dataset *ds, const char *metric, enum group_by by,
		const char *dir, FILE *log, FILE *notes);

#endif
