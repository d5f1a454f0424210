#include "compare.h"
#include "table.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void compare_cells(const struct cell *a, const struct cell *b, struct comparison *c)
{
	memset(c, 0, sizeof(*c));
	c->workload = a->workload;
	c->a = a;
	c->b = b;
	stats_summarize(a->v, a->nv, &c->sa);
	stats_summarize(b->v, b->nv, &c->sb);
	c->have_welch = !stats_welch(a->v, a->nv, b->v, b->nv, &c->w);
	c->have_mw = !stats_mann_whitney(a->v, a->nv, b->v, b->nv, &c->mw);
	if (!c->have_welch || !c->have_mw || c->mw.p >= 0.05)
		return;
	if (c->w.ci_lo > 0)
		c->verdict = V_HIGHER;
	else if (c->w.ci_hi < 0)
		c->verdict = V_LOWER;
}

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
	return n;
}

size_t compare_groups(const struct cells *cs, const char *ga, const char *gb,
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
	return n;
}

const char *compare_verdict_name(enum verdict v, const char *metric)
{
	int t = util_is_time(metric);

	if (v == V_HIGHER)
		return t ? "B slower" : "B higher";
	if (v == V_LOWER)
		return t ? "B faster" : "B lower";
	return "no difference proven";
}

static void add_interval(struct table *t, double lo, double hi, const char *unit)
{
	char a[32], b[32];

	if (isnan(lo))
		table_add(t, "-");
	else
		table_add(t, "[%s, %s]%s", util_fmt(a, lo), util_fmt(b, hi), unit);
}

size_t compare_backends(const struct dataset *ds, const char *metric, struct cells **cells,
			size_t *ncells, struct comparison **out)
{
	struct variant *v;
	size_t nv = group_variants(ds, &v), n = 0, cap = 0;

	*out = NULL;
	*ncells = nv > 1 ? nv : 1;
	*cells = xcalloc(*ncells, sizeof(**cells));
	for (size_t i = 0; i < *ncells; i++) {
		struct comparison *part;
		size_t np;

		group_build(ds, metric, BY_BACKEND, nv > 1 ? group_in_variant : NULL,
			    nv > 1 ? &v[i] : NULL, &(*cells)[i]);
		np = compare_groups(&(*cells)[i], "partition", "file", &part);
		for (size_t k = 0; k < np; k++) {
			grow(out, &cap, n, sizeof(**out));
			(*out)[n] = part[k];
			(*out)[n++].group = nv > 1 ? xstrdup(v[i].label) : NULL;
		}
		free(part);
	}
	group_free_variants(v, nv);
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

void compare_print(const struct comparison *c, size_t n, const char *metric,
		   const char *group_title, FILE *out, int markdown)
{
	const char *const head[] = {
		"workload", group_title, "verdict", "N A", "N B", "not ok A/B", "mean A", "mean B",
		"B-A", "95% CI B-A", "B/A-1", "95% CI", "P(B>A)", "rank p",
	};
	const size_t ncols = sizeof(head) / sizeof(head[0]);
	int has_group = group_title != NULL;
	const char *h[sizeof(head) / sizeof(head[0])];
	size_t nh = 0;
	struct table t;

	for (size_t i = 0; i < ncols; i++)
		if (i != 1 || has_group)
			h[nh++] = head[i];
	table_init(&t, has_group ? 3 : 2, h, nh);
	for (size_t i = 0; i < n; i++) {
		const struct comparison *p = &c[i];
		int w = p->have_welch;

		table_add(&t, "%s", p->workload);
		if (has_group)
			table_add(&t, "%s", p->group ? p->group : "-");
		table_add(&t, "%s", compare_verdict_name(p->verdict, metric));
		table_add(&t, "%zu", p->a->nv);
		table_add(&t, "%zu", p->b->nv);
		table_add(&t, "%zu/%zu", group_nfailed(p->a), group_nfailed(p->b));
		table_addnum(&t, p->sa.mean);
		table_addnum(&t, p->sb.mean);
		table_addnum(&t, w ? p->w.diff : NAN);
		add_interval(&t, w ? p->w.ci_lo : NAN, p->w.ci_hi, "");
		if (w && !isnan(p->w.rel))
			table_add(&t, "%+.2f%%", p->w.rel);
		else
			table_add(&t, "-");
		if (w && !isnan(p->w.rel))
			table_add(&t, "[%+.2f%%, %+.2f%%]", p->w.rel_lo, p->w.rel_hi);
		else
			table_add(&t, "-");
		if (p->have_mw)
			table_add(&t, "%.3f", p->mw.ps);
		else
			table_add(&t, "-");
		if (p->have_mw)
			table_add(&t, "%.3g", p->mw.p);
		else
			table_add(&t, "-");
	}
	table_print(&t, out, markdown);
	table_free(&t);
}

static const char *name_of(const struct comparison *c, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s%s", c->workload, c->group ? "/" : "", c->group ? c->group : "");
	return buf;
}

enum bisect_result compare_bisect(const struct comparison *c, size_t n,
				  const struct bisect_opts *o, FILE *out)
{
	enum verdict worse = o->higher_better ? V_LOWER : V_HIGHER;
	size_t good = 0, bad = 0;
	char name[160];

	for (size_t i = 0; i < n; i++) {
		const struct comparison *p = &c[i];
		double rel, hi;

		name_of(p, name, sizeof(name));
		if (!p->have_welch || isnan(p->w.rel)) {
			fprintf(out, "bisect: %s: too few runs that passed (A %zu, B %zu)\n", name,
				p->a->nv, p->b->nv);
			continue;
		}
		rel = worse == V_HIGHER ? p->w.rel : -p->w.rel;
		hi = worse == V_HIGHER ? p->w.rel_hi : -p->w.rel_lo;
		if (p->verdict == worse && rel > o->threshold) {
			fprintf(out, "bisect: %s: bad: B worse by %.2f%% (> %g%%), rank p=%.3g\n",
				name, rel, o->threshold, p->mw.p);
			bad++;
		} else if (group_nfailed(p->b) && !group_nfailed(p->a)) {
			fprintf(out, "bisect: %s: %zu run(s) of B did not pass, none of A\n", name,
				group_nfailed(p->b));
		} else if (hi < o->threshold) {
			fprintf(out, "bisect: %s: good: worsening at most %.2f%% (95%% CI) < %g%%\n",
				name, hi, o->threshold);
			good++;
		} else {
			fprintf(out, "bisect: %s: inconclusive: worsening %.2f%%, up to %.2f%% "
				"(95%% CI), threshold %g%%, verdict: %s\n", name, rel, hi,
				o->threshold, compare_verdict_name(p->verdict, o->metric));
		}
	}
	if (bad) {
		fprintf(out, "bisect: bad (exit 1): %zu of %zu comparisons worse beyond %g%%\n",
			bad, n, o->threshold);
		return BISECT_BAD;
	}
	if (n && good == n) {
		fprintf(out, "bisect: good (exit 0): all %zu comparisons within %g%%\n", n,
			o->threshold);
		return BISECT_GOOD;
	}
	if (!n)
		fprintf(out, "bisect: inconclusive (exit 125): no workload present in both A and B\n");
	else
		fprintf(out, "bisect: inconclusive (exit 125): %zu of %zu comparisons good, "
			"none bad\n", good, n);
	return BISECT_SKIP;
}
