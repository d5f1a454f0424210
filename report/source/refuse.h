#ifndef SBR_REFUSE_H
#define SBR_REFUSE_H
/* refuse: the checks on one run's own record, before the run is used. */
#include "report/source/parse.h"

/* Why the run must not be used, or NULL. */
const char *refuse_run(const struct run *r);

#endif
