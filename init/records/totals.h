#ifndef SB_TOTALS_H
#define SB_TOTALS_H
/* The end of a series: counts, totals, error, swapbench.until's precision. */
#include "init/config/cmdline.h"
#include "init/config/plan.h"
#include "init/run/runner.h"

/* Counts of measured runs, for the totals record. */
struct tally {
	unsigned planned, ran, ok, notok;
	const char *stop;	/* swapbench.until: "precision" or "maxruns"; NULL: off */
	unsigned rounds;	/* pairs of runs per workload and backend */
	double halfwidth;	/* the largest 95 % CI half-width of B/A-1 at the stop */
};

/* The measured runs the plan holds, for the totals record. */
void totals_planned(unsigned measured);
/* Counts a finished run in the totals (warm-ups are not counted). */
void totals_count(const struct plan_item *it, const struct run_result *r);
/* The error record, then totals (the runs so far) with status=error. */
void totals_error(const char *msg);
/* Totals at the end of the series (swapoff: what failed turning swap off, or ""). */
const struct tally *totals_write(double wall_s, const char *swapoff);
/* swapbench.until: each workload's B/A-1 and CI half-width, after a round and at the end. */
void totals_precision(const struct sb_config *cfg, const struct plan *p, int final);
/* swapbench.until: why the series ended (stop "precision" or "maxruns"); planned becomes ran. */
void totals_until(const char *stop, unsigned rounds, double halfwidth);

#endif
