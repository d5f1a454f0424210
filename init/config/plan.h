#ifndef SB_PLAN_H
#define SB_PLAN_H
/*
 * The plan: which workload runs on which backend, and when. Pure: made
 * from the configuration alone, so the host unit test sees the order the
 * image will run.
 */
#include "init/config/cmdline.h"
#include "lib/stats.h"

#define PLAN_MAX 4096

struct plan_item {
	unsigned char workload;		/* index into cfg->workloads */
	unsigned char backend;		/* index into cfg->conf: the swap configuration */
	unsigned char warmup;		/* 1: unmeasured */
	unsigned short iter;		/* 1-based within workload+backend, in run order */
};

/*
 * swapbench.until: after each round (every workload once on every
 * backend) the 95 % CI of B/A-1 over the typical pairs of runs of one
 * round, per workload and per backend B against the first backend A, the
 * order effect fitted: the slow mode's runs counted apart by the one rule
 * (lib/slowmode.c's slow_pairs, which compare runs too), so a slow run
 * never widens the interval the experiment stops on. The experiment stops
 * when every half-width is at most until, never on what the CI says about
 * the difference: stopping on significance would inflate false positives,
 * stopping on precision does not.
 */
struct plan_until {
	double until;			/* percent; 0: off, the plan runs to its end */
	unsigned minrounds;		/* swapbench.runs: the fewest typical pairs to stop on */
	unsigned first_b;		/* index of A, the first backend */
	struct stats_pairs pairs[CMD_WORKLOADS_MAX][SWAPCONF_MAX];	/* typical pairs */
	unsigned short slow_a[CMD_WORKLOADS_MAX][SWAPCONF_MAX];	/* A's runs in the slow mode */
	unsigned short slow_b[CMD_WORKLOADS_MAX][SWAPCONF_MAX];	/* B's */
	/* last, and never cleared: plan_note sets an item's before any round reads it, and
	 * init's RAM is the workloads' (a page touched here is one they lose) */
	double value[PLAN_MAX];		/* each measured item's value, as noted; NAN: not ok */
	double fault[PLAN_MAX];		/* its slow-mode fault measure (slow_faults_per_page) */
};

struct plan {
	struct plan_item item[PLAN_MAX];
	unsigned n;			/* items planned */
	unsigned measured;		/* of which not warm-up */
	unsigned nworkloads, nconfs;
	struct plan_until u;
};

/* Where a swapbench.until experiment stands after a round. */
struct plan_precision {
	unsigned round;			/* rounds complete */
	size_t pairs;			/* fewest pairs of any comparison */
	double worst;			/* largest half-width, percent (INFINITY below 2 pairs) */
	int worst_workload;		/* its workload */
	int stop;			/* 1: every half-width <= until, every comparison >= minrounds pairs */
};

/*
 * Warm-up runs first (every workload on every backend), then the measured
 * runs in cfg->order: alternate (backends side by side, each round in the
 * next row of a balanced Latin square, plan_williams: A B, B A, A B, ...),
 * blocked (all runs of one backend, then the next) or random (the measured
 * runs shuffled by cfg->seed). With swapbench.until, maxruns rounds in
 * alternate order, of which plan_note may cut the tail. Returns 0, or
 * -E2BIG past PLAN_MAX runs.
 */
int plan_make(const struct sb_config *cfg, struct plan *p);
/* Row r (0-based round) of the balanced Latin square over nb configurations, into row[nb]. */
void plan_williams(unsigned nb, unsigned r, unsigned *row);
/*
 * Notes the measured value of item i (NAN when the run failed) and its
 * fault measure (slow_faults_per_page; NAN: not recorded); warm-ups are
 * ignored. With swapbench.until, returns 1 when item i ends a round and
 * fills *pr: the runner then stops if pr->stop. Otherwise returns 0.
 */
int plan_note(struct plan *p, unsigned i, double value, double fault, struct plan_precision *pr);
/* Workload w, backend b against A: typical pairs so far, B/A-1 and its CI half-width. */
int plan_rel(const struct plan *p, int w, unsigned b, size_t *pairs, double *rel, double *half);

#endif
