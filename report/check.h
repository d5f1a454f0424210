#ifndef SBR_CHECK_H
#define SBR_CHECK_H
/* check: the checks on one run's own record, before the run is used. */
#include "parse.h"

/* Why the run must not be used, or NULL. */
const char *check_run(const struct run *r);

#endif
