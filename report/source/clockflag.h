#ifndef SBR_CLOCKFLAG_H
#define SBR_CLOCKFLAG_H
/*
 * Runs the clock cannot vouch for: measured across a clocksource switch, or
 * whose analysed metric (a time) is shorter than CLOCKFLAG_STEPS steps of
 * the boot's clock; a short field the analysis does not use flags nothing.
 * Flagged runs stay out of the statistics unless the user asks for them,
 * and every comparison counts them.
 */
#include "report/source/parse.h"

#define CLOCKFLAG_STEPS 1000.0	/* a step finer than a thousandth of the interval */

/* Sets run->flag (a reason) on each such run, for the metric analysed; returns how many. */
size_t clockflag_runs(struct dataset *ds, const char *metric);
/* On out: one "SOURCE:LINE: boot B test N: flagged, not used: REASON" line a run. */
void clockflag_print(const struct dataset *ds, FILE *out);

#endif
