#ifndef SBR_COMPARE_H
#define SBR_COMPARE_H
/*
 * Two samples of one workload: baseline A and candidate B. A difference is
 * called proven only when the Welch CI of B-A excludes zero and the
 * Mann-Whitney rank test agrees (p < 0.05), so one outlier cannot decide.
 */
#include "group.h"
#include "../lib/stats.h"

#include <stdio.h>

enum verdict { V_LOWER = -1, V_NONE = 0, V_HIGHER = 1 };

enum bisect_result { BISECT_GOOD = 0, BISECT_BAD = 1, BISECT_SKIP = 125 };

struct comparison {
	const char *workload, *group;	/* group NULL: the groups are A and B */
	const struct cell *a, *b;
	struct stats_summary sa, sb;
	int have_welch, have_mw;
	struct stats_welch w;
	struct stats_mw mw;
	enum verdict verdict;
};

struct bisect_opts {
	const char *metric;
	double threshold;	/* percent */
	int higher_better;	/* the metric is a throughput: lower is worse */
};

void compare_cells(const struct cell *a, const struct cell *b, struct comparison *c);
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
/* Decides for git bisect run and says why on out. */
enum bisect_result compare_bisect(const struct comparison *c, size_t n,
				  const struct bisect_opts *o, FILE *out);

#endif
