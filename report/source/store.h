/*
 * Records kept until parse_free, fields in one block each, and read back
 * by key (store.c).
 */
#ifndef SBR_STORE_H
#define SBR_STORE_H

#include "report/source/parse.h"

void store_record(struct dataset *ds, struct record *out, const struct rec *r,
		  const char *source, unsigned long line);
void store_free(struct arena *a);
/* n bytes (8-aligned, not zeroed) or a copy of s, kept until parse_free */
void *store_alloc(struct dataset *ds, size_t n);
const char *store_text(struct dataset *ds, const char *s);
const char *store_get(const struct record *r, const char *key);
const char *store_key(const struct record *r, size_t i);
const char *store_val(const struct record *r, size_t i);
/* Field i's key as a number below store_nkeys(): the same key, the same number. */
size_t store_key_number(const struct record *r, size_t i);
size_t store_nkeys(void);
/* The first field that must be a number and is not, or holds one too large for
 * the statistics; *why says which. NULL if none. */
const char *store_bad_number(const struct record *r, const char **why);
/* The run's value for key as a number; 0 if absent or not numeric. */
int store_run_value(const struct run *r, const char *key, double *v);

#endif
