#ifndef SBR_COMPARE_H
#define SBR_COMPARE_H
/*
 * Two samples of one workload: baseline A and candidate B. One quantity,
 * B/A-1 (the ratio of means, in percent); one interval, its t interval by
 * the delta method, with degrees of freedom from the units of
 * replication, or where the pairs come from two draws or more the
 * bootstrap over draws, then pairs (compare_interval); one test: a
 * difference is proven when that interval excludes 0 (docs/verdicts.md
 * argues the choice). The unit is
 *   - a pair of runs, when A and B ran side by side in the same boots in
 *     alternate order: each A run with the B run of its round, the order
 *     effect fitted when the order was counterbalanced (A B, B A); over
 *     two boots or more (draws), the bootstrap;
 *   - a boot, when A and B ran in different boots (two kernels, bisect):
 *     each boot's mean is one value, because boots differ from each other
 *     by more than runs within a boot do;
 *   - a run, when A and B shared boots but not in alternate order.
 * Runs that did not pass (oom, timeout, ...) are compared apart, as a
 * failure rate (Fisher's exact test), beside the times. So are the runs in
 * the slow mode (lib/slowmode.h): the verdict is the effect among the
 * typical runs; the slow mode's rate of each side is compared by Fisher
 * (one Holm family with the failure rates); and the mean effect a user
 * pays, slow runs included, gets a bootstrap interval (report/stats/
 * mixture.h). Pairs from two boots or more (draws of the kernel's random
 * seed) are analysed as a level above the pairs (report/stats/levels.h):
 * both intervals, the typical runs' and the mean a user pays, are then the
 * one bootstrap of Kalibera and Jones (draws, then pairs within each
 * drawn draw, A and B of a pair together), the draws' spread widened by
 * sqrt(D / (D - 1)) for resampling D draws.
 */
#include "report/stats/group.h"
#include "lib/stats.h"
#include "lib/slowmode.h"
#include "report/stats/levels.h"

#include <stdio.h>

enum verdict { V_LOWER = -1, V_NONE = 0, V_HIGHER = 1 };

enum unit { UNIT_NONE, UNIT_PAIRS, UNIT_BOOTS, UNIT_RUNS };

/* Resamples of a bootstrap (fixed seed, so its figures repeat). */
#define COMPARE_RESAMPLES 2000

/* The figures the verdict stands on. */
struct estimate {
	int have;		/* 1: the interval exists (enough units) */
	enum unit unit;
	size_t na, nb;		/* units a side (pairs: both the number of pairs) */
	struct stats_ratio r;	/* B/A-1, its se and df (NAN: a bootstrap's), 95 % interval */
	double level;		/* of the interval printed and decided on: 0.95, or Holm's */
	double rel, rel_lo, rel_hi;	/* B/A-1 and that interval */
	double p;		/* two-sided p of B/A-1 = 0 (the same t) */
	size_t family;		/* comparisons in the family it was decided in (1: alone) */
	size_t nboot;		/* 0: the t interval; else the bootstrap's sorted B/A-1 in boot[] */
	double boot[COMPARE_RESAMPLES];
};

/* One side's slow mode: k of n status=ok runs, Wilson's 95 % interval of the rate. */
struct slow_side {
	size_t n, k;
	enum slow_by by;
	double lo, hi;		/* percent */
};

/* Run-to-run and boot-to-boot spread of one side, percent of its mean (boot analysis). */
struct spread {
	size_t boots, runs;
	double run_sd, boot_sd;	/* within a boot (pooled); of the boot effect (NAN below 2 boots) */
	double boot_share;	/* share of a boot mean's variance that is the boot's own, 0..1 */
};

struct comparison {
	const char *workload, *group;	/* group NULL: the groups are A and B */
	const struct cell *a, *b;
	struct stats_summary sa, sb;
	struct spread spa, spb;		/* UNIT_BOOTS only */
	char why[320];		/* which analysis and why */
	struct estimate est;
	enum verdict verdict;
	double fail_p;		/* Fisher's exact test of the failure rates; NAN: nothing failed */
	int fail_verdict;	/* 1: B fails more often, -1: less, 0: not proven (Holm over the family) */
	struct slow_side sla, slb;	/* the slow mode of A and of B */
	double slow_p;		/* Fisher's exact test of the slow-mode rates; NAN: none slow */
	int slow_verdict;	/* 1: B's slow mode more often, -1: less, 0: not proven (the rates' Holm family) */
	struct levels lv;	/* draws as a level above the pairs; lv.draws < 2: one draw */
	char draws[240];	/* the draws by name: "boot 5eed0003 (swapbench.draw=1), ..." */
};

void compare_cells(const struct cell *a, const struct cell *b, struct comparison *c);
/*
 * The interval of B/A-1 the verdict takes at a confidence level: the t
 * interval of est.r, or the bootstrap's percentiles (est.nboot).
 */
void compare_interval(const struct estimate *e, double level, double *lo, double *hi);
/*
 * The mean effect a user pays, slow runs included: B/A-1 of all status=ok
 * runs and its 95 % percentile bootstrap interval over the units of
 * replication (draws, then pairs within a drawn draw, A and B of a pair
 * together, as for the typical runs over draws; boots then runs per side
 * for kernels), COMPARE_RESAMPLES resamples from a fixed seed, so it
 * repeats. -1 below 2 units a side.
 */
struct mixture {
	double rel, lo, hi;
	const char *over;	/* "draws, then pairs", ... */
};
int compare_mixture(const struct comparison *c, struct mixture *m);
/* a against each of b[0..n) into out[0..n) (rank's baseline against every
 * configuration of a workload) */
void compare_cells_many(const struct cell *a, const struct cell *const *b, size_t n, struct comparison *out);

/* A run in the slow mode: its value and that over its side's median. */
struct slow_run {
	const struct run *run;	/* NULL in a cell of bare values */
	double v, ratio;
};
#define COMPARE_SLOW_LIST 4
/* The first COMPARE_SLOW_LIST runs of a cell in the slow mode (lib/slowmode.h), in the cell's order. */
size_t compare_slow_runs(const struct cell *c, struct slow_run *out);
/* A cell of bare values, all status=ok, no runs behind them (A/A splits, simulations). */
struct cell compare_values_cell(const char *workload, const char *group, double *v, size_t n);
/* The same with the run behind each value (simulations of boots: only run->boot is read). */
struct cell compare_runs_cell(const char *workload, const char *group, double *v,
			      const struct run **vrun, size_t n);
/*
 * Paired by position: a->v[i] with b->v[i] (an A/A split of one run
 * series); counterbalanced: A ran first in pairs 0, 2, 4, ..., B in the
 * others (else A always first).
 */
void compare_aligned(const struct cell *a, const struct cell *b, int counterbalanced,
		     struct comparison *c);
/*
 * The same over draws (simulations of draws as a level): pair i in draw j
 * when start[j] <= i < start[j + 1], start[draws] the end; the pairs
 * counterbalanced within each draw as above.
 */
void compare_aligned_draws(const struct cell *a, const struct cell *b, int counterbalanced,
			   const size_t *start, size_t draws, struct comparison *c);
/*
 * Decides a family of comparisons together: Holm's step-down at a
 * family-wise 5 %, each interval at the level that decided it; the same
 * for their failure rates. compare_match and compare_groups call it.
 */
void compare_family(struct comparison *c, size_t n);
/* "Holm over the 4 comparisons of this table (family-wise error 5 %)" or "". */
const char *compare_family_note(const struct comparison *c, size_t n);

#endif
