/*
 * The runs and the backends' verdicts as KCIDB JSON, schema v5.3 (kcidb.c).
 */
#ifndef SBR_OUT_KCIDB_H
#define SBR_OUT_KCIDB_H

#include "report/source/store.h"

#include <stdio.h>

void kcidb_write(FILE *out, const struct dataset *ds, const char *metric);

#endif
