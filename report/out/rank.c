/* rank: the ranked configurations as a table and the notes under it, for any destination (rank.h). */
#include "report/out/rank.h"
#include "report/out/compare_print.h"
#include "report/util/table.h"
#include "report/util/dest.h"
#include "lib/stats.h"

#include <math.h>

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
