/*
 * Comparisons in words and tables: verdict names, units, the compare
 * table in text or Markdown (compare_print.c).
 */
#ifndef SBR_COMPARE_PRINT_H
#define SBR_COMPARE_PRINT_H

#include "report/stats/compare.h"

#include <stdio.h>

/* "B slower", "B faster", "B higher", "B lower" or "no difference proven". */
const char *compare_verdict_name(enum verdict v, const char *metric);
/* group_title names the group column; NULL leaves it out. */
struct dest;
void compare_print(const struct dest *d, const struct comparison *c, size_t n, const char *metric,
		   const char *group_title);
/*
 * Several metrics in one table (compare --metrics): metric[i] names c[i]'s,
 * a column says whether B's verdict is worse or better, and the family
 * note says Holm ran over every metric's comparisons at once.
 */
void compare_print_metrics(const struct dest *d, const struct comparison *c, const char *const *metric,
			   size_t n, const char *group_title);
/* How the slow mode was told: "Hampel's identifier on log time", ... */
const char *compare_slow_rule(const struct comparison *c);
/* "pairs", "boots", "runs" or "-". */
const char *compare_unit_name(enum unit u);
/* "lines/partition": a comparison's workload and group, raw (not escaped). */
const char *compare_name(const struct comparison *c, char *buf, size_t size);

#endif
