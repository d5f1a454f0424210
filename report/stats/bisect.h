/*
 * The --bisect decision of compare: good, bad or skip for git bisect run,
 * from a family of comparisons (bisect.c).
 */
#ifndef SBR_BISECT_H
#define SBR_BISECT_H

#include "report/stats/compare.h"

#include <stdio.h>

enum bisect_result { BISECT_GOOD = 0, BISECT_BAD = 1, BISECT_SKIP = 125 };

struct bisect_opts {
	const char *metric;
	double threshold;	/* percent */
	int higher_better;	/* the metric is a throughput: lower is worse */
	int interim;		/* more runs may follow (experiments/bisect-run below its cap) */
};

/* Decides for git bisect run and says why on out. */
enum bisect_result bisect_decide(const struct comparison *c, size_t n,
				 const struct bisect_opts *o, FILE *out);

#endif
