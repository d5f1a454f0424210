#ifndef SBR_COMPARE_H
#define SBR_COMPARE_H
/*
 * Two samples of one workload: baseline A and candidate B. When the runs
 * alternated (swapbench.order=alternate, the default), each A run and the
 * B run next to it in the same boot form a pair and the comparison is
 * paired: mean difference, ratio of means and the Wilcoxon signed-rank test,
 * so the host's slow minutes, which both runs of a pair share, cancel.
 * Otherwise it is unpaired: Welch and Mann-Whitney. Either way a
 * difference is called proven only when the 95 % CI of B-A excludes zero
 * and the rank test agrees (p < 0.05), so one outlier cannot decide.
 */
#include "group.h"
#include "../lib/stats.h"

#include <stdio.h>

enum verdict { V_LOWER = -1, V_NONE = 0, V_HIGHER = 1 };

enum bisect_result { BISECT_GOOD = 0, BISECT_BAD = 1, BISECT_SKIP = 125 };

/* The figures the verdict stands on, from the paired or the unpaired analysis. */
struct estimate {
	int have;
	double diff, ci_lo, ci_hi;	/* B-A and its 95% CI */
	double rel, rel_lo, rel_hi;	/* 100 * (B/A - 1) and its 95% CI */
	double ps;		/* P(B > A): over all pairs of runs, or over the pairs */
	double p;		/* rank test: Mann-Whitney or Wilcoxon signed-rank */
};

struct comparison {
	const char *workload, *group;	/* group NULL: the groups are A and B */
	const struct cell *a, *b;
	struct stats_summary sa, sb;
	int have_welch, have_mw;
	struct stats_welch w;
	struct stats_mw mw;
	int paired;		/* est comes from pd and wx */
	size_t npairs;
	struct stats_paired pd;
	struct stats_wilcoxon wx;
	char why[160];		/* which analysis and why */
	struct estimate est;
	enum verdict verdict;
};

struct bisect_opts {
	const char *metric;
	double threshold;	/* percent */
	int higher_better;	/* the metric is a throughput: lower is worse */
	int interim;		/* more runs may follow (experiments/bisect-run below its cap) */
};

void compare_cells(const struct cell *a, const struct cell *b, struct comparison *c);
/* A cell of bare values, all status=ok, no runs behind them (A/A splits, simulations). */
struct cell compare_values_cell(const char *workload, const char *group, double *v, size_t n);
/* Paired by position: a->v[i] with b->v[i] (an A/A split of one run series). */
void compare_aligned(const struct cell *a, const struct cell *b, struct comparison *c);
/* Pairs cells of equal workload and group; returns how many. */
size_t compare_match(const struct cells *a, const struct cells *b, struct comparison **out);
/* Pairs (workload, ga) with (workload, gb) inside one set of cells. */
size_t compare_groups(const struct cells *cs, const char *ga, const char *gb,
		      struct comparison **out);
/* "B slower", "B faster", "B higher", "B lower" or "no difference proven". */
const char *compare_verdict_name(enum verdict v, const char *metric);
/*
 * Partition (A) against file (B) per workload, within each kernel variant
 * when the dataset holds several (the group then names the variant).
 * *cells holds what the comparisons point into; free with compare_free.
 */
size_t compare_backends(const struct dataset *ds, const char *metric, struct cells **cells,
			size_t *ncells, struct comparison **out);
void compare_free(struct cells *cells, size_t ncells, struct comparison *c, size_t n);
/* group_title names the group column; NULL leaves it out. */
void compare_print(const struct comparison *c, size_t n, const char *metric,
		   const char *group_title, FILE *out, int markdown);
/* "lines/partition": a comparison's workload and group. */
const char *compare_name(const struct comparison *c, char *buf, size_t size);

/* The decision for git bisect run, a sequential rule (report/bisect.c). */
extern const char bisect_rule[];
/* Decides for git bisect run and says why on out. */
enum bisect_result compare_bisect(const struct comparison *c, size_t n,
				  const struct bisect_opts *o, FILE *out);

#endif
