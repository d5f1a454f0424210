#include "report/cmd/rank.h"
#include "report/cmd/cmd.h"
#include "report/util/table.h"
#include "report/util/util.h"
#include "report/source/store.h"
#include "report/stats/compare_match.h"
#include "report/stats/compare_print.h"
#include "report/util/escape.h"
#include "report/util/dest.h"

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

void rank_print(const struct dest *d, const struct rank_table *nw, const char *metric)
{
	FILE *out = d->f;
	static const char *const head[] = { "workload", "rank", "configuration", "N", "not ok", "mean",
					    "vs baseline", "CI", "level", "unit", "verdict", "compression",
					    "memory MiB" };
	/* names from the records, and the baseline from the command line: escaped for where they go */
	struct table t;

	table_init(&t, 3, head, sizeof(head) / sizeof(head[0]));
	for (size_t i = 0; i < nw->nrows; i++) {
		const struct rank_row *r = &nw->row[i];
		const struct comparison *c = r->cmp;
		int rel = c && c->est.have && !isnan(c->est.rel);

		table_add(&t, "%s", d->text(r->cell->workload));
		table_add(&t, "%u", r->rank);
		table_add(&t, "%s%s", d->text(r->cell->group), c ? "" : " (baseline)");
		table_add(&t, "%zu", r->cell->nv);
		table_add(&t, "%zu", group_nfailed(r->cell));
		table_addnum(&t, r->cell->nv ? stats_mean(r->cell->v, r->cell->nv) : NAN);
		if (rel) {
			table_add(&t, "%+.1f%%", c->est.rel);
			table_add(&t, "[%+.1f%%, %+.1f%%]", c->est.rel_lo, c->est.rel_hi);
			table_add(&t, "%.4g%%", 100 * c->est.level);
		} else {
			table_add(&t, "%s", c ? "-" : "0");
			table_add(&t, "-");
			table_add(&t, "-");
		}
		table_add(&t, "%s", !c ? "-" : compare_unit_name(c->est.unit));
		table_add(&t, "%s", c ? compare_verdict_name(c->verdict, metric) : "-");
		if (isnan(r->cost.ratio)) {
			table_add(&t, "-");
			table_add(&t, "-");
		} else {
			table_add(&t, "%.2f:1", r->cost.ratio);
			table_add(&t, "%.1f", r->cost.mem_mib);
		}
	}
	dest_table(d, &t);
	table_free(&t);
	fprintf(out, "%s%sbaseline %s; \"vs baseline\" is mean/mean-1 with its interval at the level "
		"shown (%s; pairs: the runs of one round of the balanced Latin square, each configuration "
		"with the baseline run of its round, which ran before it in some rounds and after it in "
		"others); compression is orig/compressed where "
		"zram's store or zswap's pool peaked, memory the peak it held (zram mem_used_max, zswap "
		"pool_total_size), means over the runs.%s", d->kind == DEST_HTML ? "" : "\n", d->para[0],
		d->text(nw->baseline),
		*compare_family_note(nw->cmp, nw->ncmp) ? compare_family_note(nw->cmp, nw->ncmp) :
		"one comparison, 95 %", d->kind == DEST_HTML ? d->para[1] : "\n");
	for (size_t i = 0; i < nw->nrows; i++) {
		const struct comparison *c = nw->row[i].cmp;

		if (!c)
			continue;
		fprintf(out, "%sanalysis of %s on %s: %s%s", d->item[0], d->text(nw->row[i].cell->workload),
			d->text(nw->row[i].cell->group), d->text(c->why), d->item[1]);
		if (!isnan(c->fail_p))
			fprintf(out, "%sfailures of %s on %s: %zu of %zu runs against %zu of %zu on %s; "
				"Fisher's exact p = %.3g: %s%s", d->item[0], d->text(c->b->workload),
				d->text(c->b->group), group_nfailed(c->b), c->b->nruns, group_nfailed(c->a),
				c->a->nruns, d->text(nw->baseline), c->fail_p, c->fail_verdict > 0 ?
				"fails more often (Holm over the failure rates)" : c->fail_verdict < 0 ?
				"fails less often (Holm over the failure rates)" : "no difference in failures proven", d->item[1]);
		if (c->sla.k || c->slb.k)
			fprintf(out, "%sslow mode of %s on %s (%s): %zu of %zu runs against %zu of %zu on %s; "
				"Fisher's exact p = %.3g: %s; its \"vs baseline\" is of typical runs, its mean of all%s", d->item[0],
				d->text(c->b->workload), d->text(c->b->group), compare_slow_rule(c), c->slb.k,
				c->slb.n, c->sla.k, c->sla.n, d->text(nw->baseline), c->slow_p, c->slow_verdict > 0 ?
				"more often (Holm over the rates)" : c->slow_verdict < 0 ?
				"less often (Holm over the rates)" : "no difference in that rate proven", d->item[1]);
	}
}

void rank_free(struct rank_table *nw)
{
	free(nw->cmp);
	free(nw->row);
	group_free(&nw->cells);
	memset(nw, 0, sizeof(*nw));
}

int cmd_rank(const struct opts *o, int argc, char **argv)
{
	struct dataset ds = { 0 };
	struct rank_table nw;
	int status;

	if (argc < 1)
		cmd_usage_error("rank: no SOURCE given");
	cmd_load(o, &ds, argc, argv);
	struct dest term = dest_term(stdout);

	if (rank_build(&ds, o->metric, o->baseline, o->higher_better, &nw))
		rank_print(&term, &nw, o->metric);
	else
		printf("nothing to rank: no workload ran on the baseline %s and on another configuration\n",
		       esc_str(o->baseline));
	rank_free(&nw);
	status = cmd_exit_status(&ds);
	parse_free(&ds);
	return status;
}
