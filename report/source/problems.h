#ifndef SBR_PROBLEMS_H
#define SBR_PROBLEMS_H
/* problems: what a dataset could not use, listed with its source and line. */
#include "report/source/parse.h"

void problems_add(struct dataset *ds, const char *source, unsigned long line,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/*
 * Problems as "SOURCE:LINE: what" (markdown: "- `SOURCE:LINE`: what"), escaped for d; past
 * PROBLEMS_ALIKE of one kind in one source, the rest of that kind are one
 * line with their count and line numbers, so a thousand damaged logs stay
 * readable.
 */
#define PROBLEMS_ALIKE 3
struct dest;
void problems_print(const struct dest *d, const struct dataset *ds);

#endif
