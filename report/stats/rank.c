/* rank: every swap configuration against one baseline, ranked by mean, with what compression cost and saved (rank.h). */
#include "report/stats/rank.h"
#include "report/util/table.h"
#include "report/util/util.h"
#include "report/source/store.h"
#include "report/stats/compare_match.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int rank_wanted(const struct dataset *ds)
{
	const char **names;
	size_t n = group_values(ds, BY_BACKEND, &names);
	int other = 0;

	for (size_t i = 0; i < n; i++)
		other |= strcmp(names[i], "partition") && strcmp(names[i], "file");
	free(names);
	return other;
}

static double field(const struct run *r, const char *key)
{
	const char *v = store_get(&r->rec, key);
	double d;

	return v && util_number(v, &d) ? d : NAN;
}

/*
 * zram: orig_data_size / compr_data_size where the run's store peaked, and
 * zram's own peak memory (mem_used_max). zswap: stored pages / pool size
 * at the peak, and that pool.
 */
static void cost_of(const struct cell *c, struct rank_cost *k)
{
	double sr = 0, sm = 0;

	k->n = 0;
	for (size_t i = 0; i < c->nv; i++) {
		const struct run *r = c->vrun[i];
		double orig = field(r, "zram_orig_kb"), compr = field(r, "zram_compr_kb"),
		       mem = field(r, "zram_mem_max_kb");

		if (isnan(orig)) {
			orig = field(r, "zswap_stored_pages") * 4;
			compr = mem = field(r, "zswap_pool_kb");
		}
		if (isnan(orig) || isnan(compr) || isnan(mem) || compr <= 0)
			continue;
		sr += orig / compr;
		sm += mem / 1024;
		k->n++;
	}
	k->ratio = k->n ? sr / (double)k->n : NAN;
	k->mem_mib = k->n ? sm / (double)k->n : NAN;
}

static int higher_first;

static int cmp_rows(const void *x, const void *y)
{
	const struct rank_row *a = x, *b = y;
	int w = strcmp(a->cell->workload, b->cell->workload);
	double ma = a->cell->nv ? stats_mean(a->cell->v, a->cell->nv) : INFINITY,
	       mb = b->cell->nv ? stats_mean(b->cell->v, b->cell->nv) : INFINITY;

	if (w)
		return w;
	if (higher_first && a->cell->nv && b->cell->nv)
		return (ma < mb) - (ma > mb);
	return (ma > mb) - (ma < mb);
}

size_t rank_build(const struct dataset *ds, const char *metric, const char *baseline, int higher_better,
		  struct rank_table *nw)
{
	const struct comparison **of;

	memset(nw, 0, sizeof(*nw));
	nw->baseline = baseline;
	group_build(ds, metric, BY_BACKEND, NULL, NULL, &nw->cells);
	nw->ncmp = compare_against(&nw->cells, baseline, &nw->cmp);
	if (!nw->ncmp)
		return 0;
	/* the family: every configuration against the baseline on every workload */
	compare_family(nw->cmp, nw->ncmp);
	nw->row = xcalloc(nw->cells.n, sizeof(*nw->row));
	of = xcalloc(nw->cells.n, sizeof(*of));	/* each cell's comparison, by its place */
	for (size_t k = 0; k < nw->ncmp; k++)
		of[nw->cmp[k].b - nw->cells.c] = &nw->cmp[k];
	for (size_t i = 0; i < nw->cells.n; i++) {
		const struct cell *cl = &nw->cells.c[i];
		struct rank_row *r = &nw->row[nw->nrows];

		if (!group_find(&nw->cells, cl->workload, baseline))
			continue;
		r->cell = cl;
		r->cmp = of[i];
		cost_of(cl, &r->cost);
		nw->nrows++;
	}
	free(of);
	higher_first = higher_better;
	qsort(nw->row, nw->nrows, sizeof(*nw->row), cmp_rows);
	for (size_t i = 0; i < nw->nrows; i++)
		nw->row[i].rank = i && !strcmp(nw->row[i - 1].cell->workload, nw->row[i].cell->workload)
				  ? nw->row[i - 1].rank + 1 : 1;
	return nw->nrows;
}

void rank_free(struct rank_table *nw)
{
	free(nw->cmp);
	free(nw->row);
	group_free(&nw->cells);
	memset(nw, 0, sizeof(*nw));
}
