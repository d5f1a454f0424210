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

/*
 * One picture of a report. Every picture a report shows comes from
 * plot_each: plot_all writes each to a file, md links them, html draws
 * them into its page, so a picture added here reaches all three.
 */
struct plot_pic {
	const char *workload;
	const char *stem, *suffix;	/* its file: DIR/<stem><suffix>.svg */
	char *caption;			/* what it shows, after "workload: " */
	void (*draw)(FILE *, void *);	/* draw(f, arg) writes the SVG; NULL: nothing to plot */
	void *arg;
	int last;			/* the last picture of its workload */
};

/*
 * Calls fn for each picture of each workload, in report order; a workload
 * without a run to plot gets one call with draw NULL. Returns the number
 * of workloads.
 */
size_t plot_each(const struct dataset *ds, const char *metric, enum group_by by,
		 void (*fn)(const struct plot_pic *, void *), void *ctx);
/*
 * Writes the plots (none for a workload without a run to plot): what it
 * wrote on log (NULL: not said), and "note: " lines on notes when the host
 * could not make the PNGs. Returns the number of workloads plotted.
 */
size_t plot_all(const struct dataset *ds, const char *metric, enum group_by by,
		const char *dir, FILE *log, FILE *notes);

#endif
