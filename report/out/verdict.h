#ifndef SBR_VERDICT_H
#define SBR_VERDICT_H
/*
 * A comparison in the user's words: the configurations or kernels by the
 * names the user gave them, the difference, its 95 % interval, and when
 * the number of runs cannot prove anything, that.
 */
#include "report/stats/compare.h"
#include "report/util/escape.h"
#include "report/util/dest.h"

#include <stdio.h>

/* The rule, labelled as the rule: printed above comparison tables. */
extern const char verdict_rule[];
/*
 * "fight: preempt-full is 9.6 % slower than default on the partition (95 % CI
 * +7.1 % to +12.0 %, 3 and 3 boots)." a and b name the two sides; the
 * comparison's group ("partition", "file" or a kernel) says where. The
 * names and the workload are escaped for d; no line end follows the stop.
 */
void verdict_sentence(const struct dest *d, const struct comparison *c, const char *metric,
		      const char *a, const char *b);
/* One sentence per comparison, each a line of a list (d->item). */
void verdict_print(const struct dest *d, const struct comparison *c, size_t n, const char *metric,
		   const char *a, const char *b);

#endif
