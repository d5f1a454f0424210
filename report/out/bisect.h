/*
 * compare --bisect's answer in words: the rule, a line a comparison with the
 * figures its call rests on, and the exit status it gives (bisect.c).
 */
#ifndef SBR_OUT_BISECT_H
#define SBR_OUT_BISECT_H

#include "report/stats/bisect.h"

#include <stdio.h>

/* c and step: n of each, step from bisect_decide, whose answer r is. */
void bisect_print(FILE *out, const struct comparison *c, const struct bisect_step *step, size_t n,
		  const struct bisect_opts *o, enum bisect_result r);

#endif
