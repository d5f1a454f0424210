#ifndef SBR_STATS_RANK_H
#define SBR_STATS_RANK_H
/*
 * Every swap configuration against one baseline (default `partition`), per
 * workload: the comparison (paired where the runs alternated), a ranking
 * by mean, and what the compressed configurations cost and saved: the
 * compression ratio zram or zswap reached and the memory they held.
 */
#include "report/stats/compare.h"

#define NWAY_BASELINE "partition"

/* Compression and memory of one workload on one configuration, over its ok runs. */
struct rank_cost {
	double ratio;		/* mean of orig/compressed at the peak; NAN: not compressed */
	double mem_mib;		/* mean peak memory the compressed store held, MiB; NAN: none */
	size_t n;		/* runs that gave both */
};

struct rank_row {
	const struct cell *cell;
	const struct comparison *cmp;	/* against the baseline; NULL for the baseline itself */
	struct rank_cost cost;
	unsigned rank;			/* 1 = lowest mean (highest with higher_better) */
};

struct rank_table {
	struct cells cells;
	struct comparison *cmp;
	size_t ncmp;
	struct rank_row *row;		/* by workload, then by rank */
	size_t nrows;
	const char *baseline;
};

/* 1 if the dataset holds configurations beyond the partition and the file. */
int rank_wanted(const struct dataset *ds);
/*
 * Builds the comparisons and the ranking; returns the rows, 0 when the
 * baseline is not in the data. higher_better ranks the largest mean first.
 */
size_t rank_build(const struct dataset *ds, const char *metric, const char *baseline, int higher_better,
		  struct rank_table *out);
void rank_free(struct rank_table *nw);

#endif
