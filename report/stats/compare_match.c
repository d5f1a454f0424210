/* Which comparisons a table holds: cells matched by workload and group, one family each (Holm). */
#include "report/stats/compare_match.h"
#include "report/stats/compare.h"
#include "report/util/util.h"

#include <stdlib.h>
#include <string.h>

static size_t push(struct comparison **out, size_t n, size_t *cap, const struct cell *a,
		   const struct cell *b, const char *group)
{
	grow(out, cap, n, sizeof(**out));
	compare_cells(a, b, &(*out)[n]);
	(*out)[n].group = group;
	return n + 1;
}

size_t compare_match(const struct cells *a, const struct cells *b, struct comparison **out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	for (size_t i = 0; i < a->n; i++) {
		const struct cell *cb = group_find(b, a->c[i].workload, a->c[i].group);

		if (cb)
			n = push(out, n, &cap, &a->c[i], cb, a->c[i].group);
	}
	compare_family(*out, n);
	return n;
}

/* Pairs (workload, ga) with (workload, gb) inside one set of cells. */
static size_t compare_groups(const struct cells *cs, const char *ga, const char *gb,
		      struct comparison **out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	for (size_t i = 0; i < cs->n; i++) {
		const struct cell *cb;

		if (strcmp(cs->c[i].group, ga) || !(cb = group_find(cs, cs->c[i].workload, gb)))
			continue;
		n = push(out, n, &cap, &cs->c[i], cb, NULL);
	}
	compare_family(*out, n);
	return n;
}

size_t compare_against(const struct cells *cs, const char *base, struct comparison **out)
{
	struct group_byworkload bw;
	const struct cell **other = xcalloc(cs->n ? cs->n : 1, sizeof(*other));
	size_t n = 0;

	*out = xcalloc(cs->n ? cs->n : 1, sizeof(**out));
	group_byworkload(cs, &bw);
	for (size_t w = 0; w < bw.nw; w++) {
		const struct cell *ca = NULL;
		size_t no = 0;

		for (size_t i = bw.start[w]; i < bw.start[w + 1]; i++)
			if (strcmp(bw.at[i]->group, base))
				other[no++] = bw.at[i];
			else if (!ca)
				ca = bw.at[i];
		if (!ca || !no)
			continue;
		compare_cells_many(ca, other, no, *out + n);
		for (size_t k = 0; k < no; k++)
			(*out)[n + k].group = NULL;
		n += no;
	}
	group_byworkload_free(&bw);
	free(other);
	compare_family(*out, n);
	return n;
}

size_t compare_backends(const struct dataset *ds, const char *metric, struct cells **cells,
			size_t *ncells, struct comparison **out)
{
	struct variant *v;
	size_t nv = group_build_variants(ds, metric, BY_BACKEND, &v, cells), n = 0, cap = 0;

	*out = NULL;
	*ncells = nv;
	for (size_t i = 0; i < *ncells; i++) {
		struct comparison *part;
		size_t np;

		np = compare_groups(&(*cells)[i], "partition", "file", &part);
		for (size_t k = 0; k < np; k++) {
			grow(out, &cap, n, sizeof(**out));
			(*out)[n] = part[k];
			(*out)[n++].group = nv > 1 ? xstrdup(v[i].label) : NULL;
		}
		free(part);
	}
	group_free_variants(v, nv);
	compare_family(*out, n);
	return n;
}

void compare_free(struct cells *cells, size_t ncells, struct comparison *c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free((void *)c[i].group);
	free(c);
	for (size_t i = 0; i < ncells; i++)
		group_free(&cells[i]);
	free(cells);
}
