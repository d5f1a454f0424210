/*
 * The runs as CSV: one row per run that passed every check (csv.c).
 */
#ifndef SBR_OUT_CSV_H
#define SBR_OUT_CSV_H

#include "report/source/store.h"

#include <stdio.h>

/* A header and a row per run; wide: each field of extra in its own column. */
void csv_write(FILE *out, const struct dataset *ds, int wide);

#endif
