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

void problems_add(struct dataset *ds, const char *source, unsigned long line,
		  const char *fmt, ...)
{
	struct problem *p;
	va_list ap;
	char *what;

	va_start(ap, fmt);
	if (vasprintf(&what, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	grow(&ds->probs, &ds->probs_cap, ds->nprobs, sizeof(*ds->probs));
	p = &ds->probs[ds->nprobs++];
	*p = (struct problem){ .source = source, .line = line, .kind = fmt,
			       .what = store_text(ds, what) };
	free(what);
}

/* The formats of problems_add_boot, one address each: problems alike share it. */
#define NO_META "boot %s: no meta record (kernel, memory unknown)"
#define NO_TOTALS "boot %s: no totals record (log cut short?)"
static const char no_meta[] = NO_META, no_totals[] = NO_TOTALS;

void problems_add_boot(struct dataset *ds, const struct boot *b, enum boot_lack lack)
{
	grow(&ds->probs, &ds->probs_cap, ds->nprobs, sizeof(*ds->probs));
	ds->probs[ds->nprobs++] = (struct problem){ .source = b->source,
		.kind = lack == LACKS_META ? no_meta : no_totals, .boot = b };
}

char *problems_what(const struct problem *p)
{
	if (p->what)
		return xstrdup(p->what);
	return p->kind == no_meta ? xasprintf(NO_META, p->boot->id) : xasprintf(NO_TOTALS, p->boot->id);
}

char *problems_where(const struct problem *p)
{
	return p->line ? xasprintf("%s:%lu", p->source, p->line) : xstrdup(p->source);
}

/* Problems alike: one source, one message format, the same first words. */
enum { ALIKE_PREFIX = 20 };

struct alike {
	const char *source, *kind;
	char what[ALIKE_PREFIX + 1];
};

/* p's first words (of problems_add_boot's too, whose text is made for it) */
static void alike_of(const struct problem *p, struct alike *k)
{
	char *what = p->what ? NULL : problems_what(p);

	k->source = p->source;
	k->kind = p->kind;
	strncpy(k->what, what ? what : p->what, ALIKE_PREFIX);
	k->what[ALIKE_PREFIX] = 0;
	free(what);
}

static int same_alike(size_t item, const void *key, const void *ctx)
{
	const struct problem *p = &((const struct dataset *)ctx)->probs[item];
	const struct alike *k = key;
	struct alike pk;

	if (p->source != k->source || p->kind != k->kind)
		return 0;
	alike_of(p, &pk);
	return !strcmp(pk.what, k->what);
}

/* Each problem's group: the index of the first problem of its source and kind
 * (32 bits: an index holds fewer, HMAP_ITEMS_MAX). */
static uint32_t *group_problems(const struct dataset *ds)
{
	uint32_t *first = xcalloc(ds->nprobs, sizeof(*first));
	struct hmap ix = { 0 };

	for (size_t i = 0; i < ds->nprobs; i++) {
		struct alike k;
		uint64_t h;
		size_t f;

		alike_of(&ds->probs[i], &k);
		h = hmap_mix((uint64_t)(uintptr_t)k.source ^ hmap_mix((uint64_t)(uintptr_t)k.kind)) ^
		    hmap_hash(k.what, strlen(k.what));
		f = hmap_get(&ix, h, same_alike, &k, ds);
		if (f == HMAP_NONE) {
			f = i;
			hmap_put(&ix, h, i);
		}
		first[i] = (uint32_t)f;
	}
	hmap_free(&ix);
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
		where = problems_where(&ds->probs[g]);
		fprintf(out, "%s%s: %zu more like the one at %s (%s%s%s)%s", d->item[0],
			d->code(ds->probs[g].source), (size_t)count[g] - PROBLEMS_ALIKE, d->code(where),
			*lines ? "lines " : "not listed", lines, seen < count[g] ? ", ..." : "", d->item[1]);
		free(where);
	}
	free(count);
	free(first);
}
