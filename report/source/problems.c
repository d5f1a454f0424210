/*
 * problems: the list of what could not be used and why, and its printing,
 * where problems alike in one source are counted rather than repeated.
 */
#include "report/source/problems.h"
#include "report/util/util.h"
#include "report/util/escape.h"
#include "report/util/dest.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void problems_add(struct dataset *ds, const char *source, unsigned long line,
		  const char *fmt, ...)
{
	struct problem *p;
	va_list ap;

	grow(&ds->probs, &ds->probs_cap, ds->nprobs, sizeof(*ds->probs));
	p = &ds->probs[ds->nprobs++];
	p->where = line ? xasprintf("%s:%lu", source, line) : xstrdup(source);
	p->source = source;
	p->line = line;
	p->kind = fmt;
	va_start(ap, fmt);
	if (vasprintf(&p->what, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
}

/* Problems alike: one source, one message format, the same first words. */
enum { ALIKE_PREFIX = 20 };

struct alike {
	const char *source, *kind, *what;
};

static int same_alike(size_t item, const void *key, const void *ctx)
{
	const struct problem *p = &((const struct dataset *)ctx)->probs[item];
	const struct alike *k = key;

	return p->source == k->source && p->kind == k->kind &&
	       !strncmp(p->what, k->what, ALIKE_PREFIX);
}

/* Each problem's group: the index of the first problem of its source and kind. */
static size_t *group_problems(const struct dataset *ds)
{
	size_t *first = xcalloc(ds->nprobs, sizeof(*first));
	struct hmap ix = { 0 };

	for (size_t i = 0; i < ds->nprobs; i++) {
		struct alike k = { ds->probs[i].source, ds->probs[i].kind, ds->probs[i].what };
		uint64_t h = hmap_mix((uint64_t)(uintptr_t)k.source ^
				      hmap_mix((uint64_t)(uintptr_t)k.kind)) ^
			     hmap_hash(k.what, strnlen(k.what, ALIKE_PREFIX));

		first[i] = hmap_get(&ix, h, same_alike, &k, ds);
		if (first[i] == HMAP_NONE) {
			first[i] = i;
			hmap_put(&ix, h, i);
		}
	}
	hmap_free(&ix);
	return first;
}

void problems_print(const struct dest *d, const struct dataset *ds)
{
	FILE *out = d->f;
	size_t *first = group_problems(ds), *count = xcalloc(ds->nprobs, sizeof(*count));

	fflush(stdout);
	for (size_t i = 0; i < ds->nprobs; i++)
		if (++count[first[i]] <= PROBLEMS_ALIKE)
			/* what may quote a record's value: escaped for where it goes */
			fprintf(out, "%s%s: %s%s", d->item[0], d->code(ds->probs[i].where),
				d->text(ds->probs[i].what), d->item[1]);
	for (size_t g = 0; g < ds->nprobs; g++) {
		char lines[160] = "";
		size_t n = 0, seen = 0;
		unsigned long from = 0, to = 0;	/* the range being gathered */

		if (first[g] != g || count[g] <= PROBLEMS_ALIKE)
			continue;
		/* consecutive lines as one range: "lines 9-1005, 1010" */
		for (size_t i = g; i <= ds->nprobs && n + 48 < sizeof(lines); i++) {
			unsigned long l = 0;

			if (i < ds->nprobs && (first[i] != g || ++seen <= PROBLEMS_ALIKE ||
					       !(l = ds->probs[i].line)))
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
		fprintf(out, "%s%s: %zu more like the one at %s (%s%s%s)%s", d->item[0],
			d->code(ds->probs[g].source), count[g] - PROBLEMS_ALIKE, d->code(ds->probs[g].where),
			*lines ? "lines " : "not listed", lines, seen < count[g] ? ", ..." : "", d->item[1]);
	}
	free(count);
	free(first);
}
