#ifndef SB_REPORT_LOG_H
#define SB_REPORT_LOG_H
/*
 * For the report's unit tests: a serial log built in text[] with the real
 * codec (lib/record.c), record by record, and what parse made of it.
 */
#include "lib/record.h"
#include "report/source/parse.h"
#include "report/source/problems.h"

#include <stdlib.h>
#include <string.h>

static char text[1 << 16];
static size_t len;

static inline void put(const char *s)
{
	size_t n = strlen(s);

	if (len + n < sizeof(text)) {
		memcpy(text + len, s, n);
		len += n;
		text[len] = 0;
	}
}

/* Appends one record line with the given line end. */
static inline void put_rec(struct rec_buf *b, const char *eol)
{
	rec_end(b);
	b->s[--b->len] = 0;
	put(b->s);
	put(eol);
}

static inline void put_result(const char *boot, unsigned long num, const char *backend,
		       const char *status, double elapsed, const char *eol)
{
	struct rec_buf b;

	rec_begin_result(&b, !strcmp(status, "ok"), num, "lines");
	rec_add(&b, "boot", boot);
	rec_add(&b, "workload", "lines");
	rec_add(&b, "backend", backend);
	rec_addf(&b, "iter", "%lu", num);
	rec_add(&b, "status", status);
	rec_addf(&b, "elapsed_s", "%.2f", elapsed);
	rec_add(&b, "w.note", "two words");
	put_rec(&b, eol);
}

static inline void put_diag(const char *kind, const char *boot, const char *k, const char *v,
		     const char *eol)
{
	struct rec_buf b;

	rec_begin_diag(&b, kind);
	rec_add(&b, "boot", boot);
	if (k)
		rec_add(&b, k, v);
	put_rec(&b, eol);
}

static inline const struct problem *find_problem(const struct dataset *ds, const char *where,
					  const char *what)
{
	for (size_t i = 0; i < ds->nprobs; i++) {
		char *w = problems_where(&ds->probs[i]), *t = problems_what(&ds->probs[i]);
		int found = !strcmp(w, where) && strstr(t, what);

		free(w);
		free(t);
		if (found)
			return &ds->probs[i];
	}
	return NULL;
}

static inline int used(const struct dataset *ds, const char *boot, unsigned long num)
{
	for (size_t i = 0; i < ds->nruns; i++)
		if (ds->runs[i].num == num && !strcmp(ds->runs[i].boot->id, boot))
			return 1;
	return 0;
}

#endif
