/*
 * problems: the list of what could not be used and why, and its printing,
 * where problems alike in one source are counted rather than repeated.
 */
#include "report/source/problems.h"
#include "report/source/store.h"
#include "report/util/util.h"
#include "report/util/escape.h"
#include "report/util/dest.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct problem_text {
	const char *source;
	unsigned long line;
	char what[];
};

void problems_add(struct dataset *ds, const char *source, unsigned long line,
		  const char *fmt, ...)
{
	struct problem_text *t;
	va_list ap;
	char *what;
	size_t n;

	va_start(ap, fmt);
	if (vasprintf(&what, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	n = strlen(what) + 1;
	t = store_alloc(ds, sizeof(*t) + n);
	t->source = source;
	t->line = line;
	memcpy(t->what, what, n);
	free(what);
	grow(&ds->probs, &ds->probs_cap, ds->nprobs, sizeof(*ds->probs));
	ds->probs[ds->nprobs++] = (struct problem){ .kind = fmt, .text = t };
}

/* problems_add_boot's sentences, "boot ID" and these; each one's address is its kind */
static const char no_meta[] = ": no meta record (kernel, memory unknown)",
		  no_totals[] = ": no totals record (log cut short?)";

static int of_boot(const struct problem *p)
{
	return p->kind == no_meta || p->kind == no_totals;
}

void problems_add_boot(struct dataset *ds, const struct boot *b, enum boot_lack lack)
{
	grow(&ds->probs, &ds->probs_cap, ds->nprobs, sizeof(*ds->probs));
	ds->probs[ds->nprobs++] = (struct problem){ .kind = lack == LACKS_META ? no_meta : no_totals,
						    .boot = b };
}

static const char *problems_source(const struct problem *p)
{
	return of_boot(p) ? p->boot->source : p->text->source;
}

/* 0: the source or a boot as a whole */
static unsigned long problems_line(const struct problem *p)
{
	return of_boot(p) ? 0 : p->text->line;
}

char *problems_what(const struct problem *p)
{
	return of_boot(p) ? xasprintf("boot %s%s", p->boot->id, p->kind) : xstrdup(p->text->what);
}

char *problems_where(const struct problem *p)
{
	unsigned long line = problems_line(p);

	return line ? xasprintf("%s:%lu", problems_source(p), line) : xstrdup(problems_source(p));
}

/* Problems alike: one source, one message format, the same first words. */
enum { ALIKE_PREFIX = 20 };

static void first_words(const struct problem *p, char *w)
{
	if (of_boot(p))
		snprintf(w, ALIKE_PREFIX + 1, "boot %s%s", p->boot->id, p->kind);
	else
		snprintf(w, ALIKE_PREFIX + 1, "%s", p->text->what);
}

static int alike(const struct problem *p, const struct problem *q)
{
	char pw[ALIKE_PREFIX + 1], qw[ALIKE_PREFIX + 1];

	if (p->kind != q->kind || problems_source(p) != problems_source(q))
		return 0;
	first_words(p, pw);
	first_words(q, qw);
	return !strcmp(pw, qw);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/*
 * Each problem's group: the index of the first problem alike. Sorted by
 * hash, not indexed: 12 bytes a problem, where an index took 24 to 48
 * (100,000 boots without a meta or totals record are 200,000 problems).
 */
static uint32_t *group_problems(const struct dataset *ds)
{
	size_t n = ds->nprobs, *lead = NULL, nlead, lead_cap = 0;
	uint64_t *key = xcalloc(n, sizeof(*key));	/* hash's high half, problem's index */
	uint32_t *first = xcalloc(n, sizeof(*first));

	if (n > UINT32_MAX)
		die("more than %lu problems", (unsigned long)UINT32_MAX);
	for (size_t i = 0; i < n; i++) {
		const struct problem *p = &ds->probs[i];
		char w[ALIKE_PREFIX + 1];
		uint64_t h;

		first_words(p, w);
		h = hmap_mix((uint64_t)(uintptr_t)problems_source(p) ^ hmap_mix((uint64_t)(uintptr_t)p->kind)) ^
		    hmap_hash(w, strlen(w));
		key[i] = (h & ~(uint64_t)UINT32_MAX) | i;
	}
	qsort(key, n, sizeof(*key), cmp_u64);
	/* problems of one hash, in order: each alike the first of its kind there, or a first */
	for (size_t s = 0, e; s < n; s = e) {
		for (e = s + 1; e < n && key[e] >> 32 == key[s] >> 32; e++)
			;
		nlead = 0;
		for (size_t k = s; k < e; k++) {
			size_t i = (uint32_t)key[k], j;

			for (j = 0; j < nlead && !alike(&ds->probs[lead[j]], &ds->probs[i]); j++)
				;
			if (j == nlead) {
				grow(&lead, &lead_cap, nlead, sizeof(*lead));
				lead[nlead++] = i;
			}
			first[i] = (uint32_t)lead[j];
		}
	}
	free(lead);
	free(key);
	return first;
}

void problems_print(const struct dest *d, const struct dataset *ds)
{
	FILE *out = d->f;
	uint32_t *first = group_problems(ds), *count = xcalloc(ds->nprobs, sizeof(*count));

	fflush(stdout);
	for (size_t i = 0; i < ds->nprobs; i++)
		if (++count[first[i]] <= PROBLEMS_ALIKE) {
			char *where = problems_where(&ds->probs[i]), *what = problems_what(&ds->probs[i]);

			/* what may quote a record's value: escaped for where it goes */
			fprintf(out, "%s%s: %s%s", d->item[0], d->code(where), d->text(what), d->item[1]);
			free(where);
			free(what);
		}
	for (size_t g = 0; g < ds->nprobs; g++) {
		char lines[160] = "", *where;
		size_t n = 0, seen = 0;
		unsigned long from = 0, to = 0;	/* the range being gathered */

		if (first[g] != g || count[g] <= PROBLEMS_ALIKE)
			continue;
		/* consecutive lines as one range: "lines 9-1005, 1010" */
		for (size_t i = g; i <= ds->nprobs && n + 48 < sizeof(lines); i++) {
			unsigned long l = 0;

			if (i < ds->nprobs && (first[i] != g || ++seen <= PROBLEMS_ALIKE ||
					       !(l = problems_line(&ds->probs[i]))))
				continue;
			if (from && l == to + 1) {
				to = l;
				continue;
			}
			if (from && to > from)
				n += (size_t)snprintf(lines + n, sizeof(lines) - n, "%s%lu-%lu",
						      n ? ", " : "", from, to);
			else if (from)
				n += (size_t)snprintf(lines + n, sizeof(lines) - n, "%s%lu",
						      n ? ", " : "", from);
			from = to = l;
		}
		if (from)	/* the list filled up inside a range */
			seen = 0;
		where = problems_where(&ds->probs[g]);
		fprintf(out, "%s%s: %zu more like the one at %s (%s%s%s)%s", d->item[0],
			d->code(problems_source(&ds->probs[g])), (size_t)count[g] - PROBLEMS_ALIKE, d->code(where),
			*lines ? "lines " : "not listed", lines, seen < count[g] ? ", ..." : "", d->item[1]);
		free(where);
	}
	free(count);
	free(first);
}
