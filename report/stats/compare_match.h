/*
 * Which cells are compared with which: by workload and group, two groups
 * of one set, or the backends of a dataset (compare_match.c).
 */
#ifndef SBR_COMPARE_MATCH_H
#define SBR_COMPARE_MATCH_H

#include "report/stats/compare.h"

/* Pairs cells of equal workload and group; returns how many. */
size_t compare_match(const struct cells *a, const struct cells *b, struct comparison **out);
/* Pairs (workload, base) with (workload, g) for every other group g, one
 * pass over the cells (in their order); returns how many. */
size_t compare_against(const struct cells *cs, const char *base, struct comparison **out);
/*
 * Partition (A) against file (B) per workload, within each kernel variant
 * when the dataset holds several (the group then names the variant).
 * *cells holds what the comparisons point into; free with compare_free.
 */
size_t compare_backends(const struct dataset *ds, const char *metric, struct cells **cells,
			size_t *ncells, struct comparison **out);
void compare_free(struct cells *cells, size_t ncells, struct comparison *c, size_t n);

#endif
