/* The comparisons as a table and the notes under it: swapbench-report compare, md. */
#include "report/out/compare_print.h"
#include "report/stats/compare.h"
#include "report/util/metrics.h"
#include "report/util/table.h"
#include "report/util/util.h"
#include "report/util/escape.h"
#include "report/util/dest.h"
#include "report/source/store.h"
#include "lib/reckeys.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *compare_verdict_name(enum verdict v, const char *metric)
{
	int t = util_is_time(metric);

	if (v == V_HIGHER)
		return t ? "B slower" : "B higher";
	if (v == V_LOWER)
		return t ? "B faster" : "B lower";
	return "no difference proven";
}

const char *compare_name(const struct comparison *c, char *buf, size_t size)
{
	/* names from the records, raw: escaped where the sentence is built */
	snprintf(buf, size, "%s%s%s", c->workload, c->group ? "/" : "", c->group ? c->group : "");
	return buf;
}

const char *compare_unit_name(enum unit u)
{
	return u == UNIT_PAIRS ? "pairs" : u == UNIT_BOOTS ? "boots" : u == UNIT_RUNS ? "runs" : "-";
}

/* unit, N A, N B, not ok, the means, B/A-1, its interval and level: a row's figures */
static void add_figures(struct table *t, const struct comparison *p)
{
	const struct estimate *e = &p->est;

	table_add(t, "%s", compare_unit_name(e->unit));
	table_add(t, "%zu", e->unit == UNIT_NONE ? p->a->nv : e->na);
	table_add(t, "%zu", e->unit == UNIT_NONE ? p->b->nv : e->nb);
	table_add(t, "%zu/%zu", group_nfailed(p->a), group_nfailed(p->b));
	table_add(t, "%zu/%zu", p->sla.k, p->slb.k);
	table_addnum(t, p->sa.mean);
	table_addnum(t, p->sb.mean);
	if (e->have) {
		table_add(t, "%+.2f%%", e->rel);
		table_add(t, "[%+.2f%%, %+.2f%%]", e->rel_lo, e->rel_hi);
		table_add(t, "%.4g%%", 100 * e->level);
	} else {
		for (int k = 0; k < 3; k++)
			table_add(t, "-");
	}
}

/* a side's runs in the slow mode, one line: which run, how slow */
static void print_slow_runs(const struct dest *d, const char *nm, const char *side, const struct cell *c)
{
	struct slow_run f[COMPARE_SLOW_LIST];
	size_t n = compare_slow_runs(c, f);
	FILE *out = d->f;

	if (!n)
		return;
	fprintf(out, "%sslow-mode runs of %s (%s) in %s%s: ", d->item[0], side,
		d->text(c->group ? c->group : side), nm, n == COMPARE_SLOW_LIST ? ", the first" : "");
	for (size_t i = 0; i < n; i++) {
		const struct run *r = f[i].run;
		const char *iter = r ? store_get(&r->rec, RK_ITER) : NULL;

		fprintf(out, "%s", i ? "; " : "");
		if (r)
			fprintf(out, "run %s of boot %s, ", d->text(iter ? iter : "?"), d->text(r->boot->id));
		fprintf(out, "%.4g (%.2f x the median)", f[i].v, f[i].ratio);
	}
	fprintf(out, "%s", d->item[1]);
}

/* the slow mode's rates, the mean a user pays, the draws' levels: lines under the table */
/* One line: the draws' levels of a comparison (Kalibera and Jones) and the pairs a draw worth running. */
static void compare_print_levels(const struct dest *d, const char *nm, const struct levels *l)
{
	fprintf(d->f, "%sdraws of %s (Kalibera and Jones): %zu draws, %.1f pairs a draw; pairs within a draw "
		"S1^2 = T1^2 = %.3g, draw means S2^2 = %.3g, T2^2 = %.3g (%%^2 of A's mean); ", d->item[0], nm,
		l->draws, l->r1, l->s1, l->s2, l->t2);
	if (l->suggest)
		fprintf(d->f, "pairs a draw worth running: %u (a pair %.0f s, a draw's own cost %.0f s)", l->suggest,
			l->cost1, l->cost2);
	else
		fprintf(d->f, "the draws add no variance that shows: more pairs a draw cost less than more draws");
	fprintf(d->f, "; the interval: the bootstrap over the draws%s", d->item[1]);
}

static void print_slow(const struct dest *d, const char *nm, const struct comparison *p)
{
	struct mixture m;
	FILE *out = d->f;

	fprintf(out, "%sslow mode of %s (%s): A %zu of %zu (95 %% CI %.1f %% to %.1f %%), B %zu of %zu "
		"(%.1f %% to %.1f %%)", d->item[0], nm, compare_slow_rule(p), p->sla.k, p->sla.n, p->sla.lo,
		p->sla.hi, p->slb.k, p->slb.n, p->slb.lo, p->slb.hi);
	if (!isnan(p->slow_p))
		fprintf(out, "; Fisher's exact p = %.3g: %s", p->slow_p, p->slow_verdict > 0 ?
			"B's slow mode comes more often" : p->slow_verdict < 0 ? "B's slow mode comes less often" :
			"no difference proven in that rate");
	fprintf(out, "%s", d->item[1]);
	if (p->est.have && !compare_mixture(p, &m))
		fprintf(out, "%sall runs of %s, the mean a user pays: B/A-1 %+.2f %% (95 %% bootstrap CI %+.2f %% "
			"to %+.2f %%, %d resamples of %s)%s", d->item[0], nm, m.rel, m.lo, m.hi,
			COMPARE_RESAMPLES, m.over, d->item[1]);
	if (p->lv.draws >= 2) {
		compare_print_levels(d, nm, &p->lv);
		fprintf(out, "%sthe draws of %s: %s%s", d->item[0], nm, d->text(p->draws), d->item[1]);
	}
}

const char *compare_slow_rule(const struct comparison *p)
{
	return p->sla.by == SLOW_BY_FAULTS && p->slb.by == SLOW_BY_FAULTS ?
		"Hampel's identifier on the log of major faults per page swapped in" :
		p->sla.by == SLOW_BY_FAULTS || p->slb.by == SLOW_BY_FAULTS ?
		"Hampel's identifier on the log, of major faults per page swapped in on one side, of time on the other" :
		"Hampel's identifier on log time";
}

void compare_print(const struct dest *d, const struct comparison *c, size_t n, const char *metric,
		   const char *group_title)
{
	const char *const head[] = {
		"workload", group_title, "verdict", "unit", "N A", "N B", "not ok A/B", "slow A/B",
		"mean A", "mean B", "B/A-1", "CI", "level", "df",
	};
	const size_t ncols = sizeof(head) / sizeof(head[0]);
	int has_group = group_title != NULL;
	const char *h[sizeof(head) / sizeof(head[0])];
	size_t nh = 0;
	struct table t;
	char name[160];
	FILE *out = d->f;

	/* up front: comparisons that cannot reach a verdict with the units they have */
	for (size_t i = 0; i < n; i++)
		if (!c[i].est.have)
			fprintf(out, "%sno verdict possible for %s: %s%s", d->item[0],
				d->text(compare_name(&c[i], name, sizeof(name))), d->text(c[i].why), d->item[1]);
	for (size_t i = 0; i < ncols; i++)
		if (i != 1 || has_group)
			h[nh++] = head[i];
	table_init(&t, has_group ? 3 : 2, h, nh);
	for (size_t i = 0; i < n; i++) {
		const struct comparison *p = &c[i];
		const struct estimate *e = &p->est;

		table_add(&t, "%s", d->text(p->workload));
		if (has_group)
			table_add(&t, "%s", !p->group ? "-" : d->text(p->group));
		table_add(&t, "%s", e->have ? compare_verdict_name(p->verdict, metric) : "no verdict possible");
		add_figures(&t, p);
		if (e->have)
			table_add(&t, "%.1f", e->r.df);
		else
			table_add(&t, "-");
	}
	dest_table(d, &t);
	table_free(&t);
	if (d->kind != DEST_HTML)
		fputc('\n', out);
	if (*compare_family_note(c, n))
		fprintf(out, "%s%s.%s", d->item[0], compare_family_note(c, n), d->item[1]);
	for (size_t i = 0; i < n; i++) {
		const struct comparison *p = &c[i];
		/* its own copy: d->text's ring of ESC_RING buffers turns over within the lines below */
		char *nm = xstrdup(d->text(compare_name(p, name, sizeof(name))));

		fprintf(out, "%sanalysis of %s: %s%s", d->item[0], nm, d->text(p->why), d->item[1]);
		if (p->est.unit == UNIT_BOOTS)
			fprintf(out, "%sspread of %s: A: run to run %.1f %%, boot to boot %.1f %% (%.0f %% "
				"of a boot mean's variance); B: run to run %.1f %%, boot to boot %.1f %% "
				"(%.0f %%)%s", d->item[0], nm, p->spa.run_sd, p->spa.boot_sd,
				100 * p->spa.boot_share, p->spb.run_sd, p->spb.boot_sd,
				100 * p->spb.boot_share, d->item[1]);
		print_slow(d, nm, p);
		print_slow_runs(d, nm, "A", p->a);
		print_slow_runs(d, nm, "B", p->b);
		if (p->a->nflagged || p->b->nflagged)
			fprintf(out, "%sclock-flagged runs of %s left out: A %zu, B %zu (their %s is shorter "
				"than the clock can time; --flagged uses them)%s", d->item[0], nm,
				p->a->nflagged, p->b->nflagged, metric, d->item[1]);
		if (!isnan(p->fail_p)) {
			char fa[96], fb[96];

			group_failures(p->a, fa, sizeof(fa));
			group_failures(p->b, fb, sizeof(fb));
			fprintf(out, "%sfailures of %s: A %s of %zu runs, B %s of %zu; Fisher's exact "
				"p = %.3g: %s%s", d->item[0], nm, fa, p->a->nruns, fb,
				p->b->nruns, p->fail_p, p->fail_verdict > 0 ? "B fails more often" :
				p->fail_verdict < 0 ? "B fails less often" : "no difference in failures proven",
				d->item[1]);
		}
		free(nm);
	}
}

/* "worse", "better" or "-": what B's verdict means where the metric has a better way */
static const char *worse_or_better(const struct comparison *p, const char *metric)
{
	int up = metric_higher_better(metric);

	if (!p->est.have || p->verdict == V_NONE)
		return "-";
	return (p->verdict == V_HIGHER) != up ? "worse" : "better";
}

void compare_print_metrics(const struct dest *d, const struct comparison *c, const char *const *metric,
			   size_t n, const char *group_title)
{
	const char *const head[] = {
		"metric", "workload", group_title, "verdict", "B is", "unit", "N A", "N B", "not ok A/B",
		"slow A/B", "mean A", "mean B", "B/A-1", "CI", "level",
	};
	struct table t;
	char name[160];
	FILE *out = d->f;

	for (size_t i = 0; i < n; i++)
		if (!c[i].est.have)
			fprintf(out, "%sno verdict possible for %s of %s: %s%s", d->item[0], metric[i],
				d->text(compare_name(&c[i], name, sizeof(name))), d->text(c[i].why), d->item[1]);
	table_init(&t, 3, head, sizeof(head) / sizeof(head[0]));
	for (size_t i = 0; i < n; i++) {
		const struct comparison *p = &c[i];

		table_add(&t, "%s", metric[i]);
		table_add(&t, "%s", d->text(p->workload));
		table_add(&t, "%s", p->group ? d->text(p->group) : "-");
		table_add(&t, "%s", p->est.have ? compare_verdict_name(p->verdict, metric[i]) : "no verdict possible");
		table_add(&t, "%s", worse_or_better(p, metric[i]));
		add_figures(&t, p);
	}
	dest_table(d, &t);
	table_free(&t);
	if (d->kind != DEST_HTML)
		fputc('\n', out);
	if (*compare_family_note(c, n))
		fprintf(out, "%s%s, over every metric.%s", d->item[0], compare_family_note(c, n), d->item[1]);
	for (size_t i = 0; i < n; i++) {
		const char *nm = d->text(compare_name(&c[i], name, sizeof(name)));

		fprintf(out, "%sanalysis of %s of %s: %s%s", d->item[0], metric[i], nm, d->text(c[i].why),
			d->item[1]);
		if (c[i].a->nmissing || c[i].b->nmissing)
			fprintf(out, "%s%s of %s: runs that lack it: A %zu, B %zu%s", d->item[0], metric[i],
				nm, c[i].a->nmissing, c[i].b->nmissing, d->item[1]);
	}
}
