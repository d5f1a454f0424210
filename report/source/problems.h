#ifndef SBR_PROBLEMS_H
#define SBR_PROBLEMS_H
/* problems: what a dataset could not use, listed with its source and line. */
#include "report/source/parse.h"

void problems_add(struct dataset *ds, const char *source, unsigned long line,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* What a boot lacks: its text is made when printed (a lab of 100,000 boots
 * without one would hold 100,000 sentences). */
enum boot_lack { LACKS_META, LACKS_TOTALS };
void problems_add_boot(struct dataset *ds, const struct boot *b, enum boot_lack lack);
/* p's sentence and "SOURCE:LINE" (or "SOURCE"): free what they return */
char *problems_what(const struct problem *p);
char *problems_where(const struct problem *p);
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
