/*
 * The --bisect decision of compare: good, bad or skip for git bisect run,
 * from a family of comparisons, and each comparison's call (bisect.c).
 */
#ifndef SBR_STATS_BISECT_H
#define SBR_STATS_BISECT_H

#include "report/stats/compare.h"

enum bisect_result { BISECT_GOOD = 0, BISECT_BAD = 1, BISECT_SKIP = 125 };

struct bisect_opts {
	const char *metric;
	double threshold;	/* percent */
	int higher_better;	/* the metric is a throughput: lower is worse */
	int interim;		/* more runs may follow (experiments/bisect-run below its cap) */
};

/* One comparison's call, in the order the rule tries them. */
enum bisect_call {
	BISECT_NO_ESTIMATE,	/* undecided: no interval (the comparison's why says why) */
	BISECT_WORSE,		/* bad: the (1 - 0.1/k) interval above the threshold */
	BISECT_SLOWER_MODE,	/* bad: B's slow mode proven more frequent */
	BISECT_B_FAILED,	/* undecided: runs of B failed, none of A */
	BISECT_WITHIN,		/* good: the 90 % interval below the threshold */
	BISECT_HOLDS,		/* undecided: the 90 % interval holds the threshold */
};

/* The figures a call rests on, percent, sign turned for a throughput (a worsening). */
struct bisect_step {
	enum bisect_call call;
	double d;		/* B/A-1 of typical runs */
	double lo, hi;		/* its (1 - 0.1/k) interval, k comparisons */
	double glo, ghi;	/* its 90 % interval */
};

/* The level of the interval that calls a comparison bad, with n comparisons. */
double bisect_bad_level(size_t n);
/* Decides for git bisect run; step (n of them, or NULL) gets each comparison's call. */
enum bisect_result bisect_decide(const struct comparison *c, size_t n,
				 const struct bisect_opts *o, struct bisect_step *step);

#endif
