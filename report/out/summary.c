/* summary: descriptive statistics per workload and group. */
#include "report/out/summary.h"
#include "lib/stats.h"
#include "report/util/table.h"
#include "report/util/util.h"
#include "report/util/escape.h"
#include "report/util/dest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void summary_print(const struct dest *d, const struct cells *cs, const char *group_name)
{
	FILE *out = d->f;
	const char *head[] = {
		"workload", group_name, "N", "not ok", "min", "max", "median", "mean", "stddev",
		"95% CI of mean", "CV",
	};
	struct group_byworkload bw;
	struct table t;

	group_byworkload(cs, &bw);
	table_init(&t, 2, head, sizeof(head) / sizeof(head[0]));
	for (size_t w = 0; w < bw.nw; w++)
		for (size_t i = bw.start[w]; i < bw.start[w + 1]; i++) {
			const struct cell *c = bw.at[i];
			struct stats_summary s;
			char fails[96], a[32], b[32];

			stats_summarize(c->v, c->nv, &s);
			group_failures(c, fails, sizeof(fails));
			/* names from the records: escaped for where the table goes */
			table_add(&t, "%s", d->text(c->workload));
			table_add(&t, "%s", d->text(c->group));
			table_add(&t, "%zu", c->nv);
			table_add(&t, "%s", fails);
			table_addnum(&t, s.min);
			table_addnum(&t, s.max);
			table_addnum(&t, s.median);
			table_addnum(&t, s.mean);
			table_addnum(&t, s.sd);
			if (isnan(s.ci_lo))
				table_add(&t, "-");
			else
				table_add(&t, "[%s, %s]", util_fmt(a, s.ci_lo), util_fmt(b, s.ci_hi));
			if (isnan(s.cv))
				table_add(&t, "-");
			else
				table_add(&t, "%.1f%%", s.cv);
		}
	dest_table(d, &t);
	table_free(&t);
	/* Markdown: each its own paragraph */
	for (size_t i = 0; i < cs->n; i++)
		if (cs->c[i].nmissing)
			fprintf(out, "%s%s%s/%s: %zu run(s) with status=ok lack the metric%s",
				d->kind == DEST_MD ? "\n" : "", d->para[0], d->text(cs->c[i].workload),
				d->text(cs->c[i].group), cs->c[i].nmissing, d->kind == DEST_MD ? "\n" : d->para[1]);
	for (size_t i = 0; i < cs->n; i++)
		if (cs->c[i].nflagged)
			fprintf(out, "%s%s%s/%s: %zu run(s) with status=ok left out, flagged: the clock "
				"cannot vouch for them (--flagged keeps them)%s",
				d->kind == DEST_MD ? "\n" : "", d->para[0], d->text(cs->c[i].workload),
				d->text(cs->c[i].group), cs->c[i].nflagged, d->kind == DEST_MD ? "\n" : d->para[1]);
	group_byworkload_free(&bw);
}

size_t summary_all(const struct dest *d, const struct dataset *ds, const char *metric, enum group_by by)
{
	struct variant *v = NULL;
	struct cells cs, *each = NULL;
	size_t nv = by == BY_BACKEND ? group_build_variants(ds, metric, by, &v, &each) : 0, total = 0;

	if (nv < 2) {
		group_build(ds, metric, by, NULL, NULL, &cs);
		if (cs.n)
			summary_print(d, &cs, group_by_name(by));
		total = cs.n;
		group_free(&cs);
	}
	for (size_t i = 0; nv > 1 && i < nv; i++) {
		if (i && d->kind != DEST_HTML)
			fputc('\n', d->f);
		dest_heading(d, 3, d->text(v[i].label));
		summary_print(d, &each[i], group_by_name(by));
		total += each[i].n;
	}
	for (size_t i = 0; i < nv; i++)
		group_free(&each[i]);
	free(each);
	group_free_variants(v, nv);
	return total;
}

void summary_write(FILE *out, const struct dataset *ds, const char *metric, enum group_by by)
{
	const char *unit = util_unit(metric);
	struct dest term = dest_term(out);

	fprintf(out, "metric: %s%s%s%s; statistics over status=ok runs; 95%% CI: Student t\n",
		metric, *unit ? " (" : "", unit, *unit ? ")" : "");
	if (!summary_all(&term, ds, metric, by))
		fprintf(out, "no runs\n");
}
