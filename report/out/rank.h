/*
 * The ranking of the swap configurations (stats/rank.h) as a table, with the
 * baseline, the family's correction and each comparison's notes under it (rank.c).
 */
#ifndef SBR_OUT_RANK_H
#define SBR_OUT_RANK_H

#include "report/stats/rank.h"

struct dest;
void rank_print(const struct dest *d, const struct rank_table *nw, const char *metric);

#endif
