#include "compare.h"
#include "table.h"
#include "util.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The boot ran its plan in alternate order (the default); NULL: it did. */
static const char *order_of(const struct boot *b)
{
	static char order[16];
	const char *cl = b->meta.nf ? record_get(&b->meta, "cmdline") : NULL, *p, *last = NULL;

	if (!cl)
		return "unknown";
	for (p = cl; (p = strstr(p, "swapbench.order=")); p++)
		last = p + strlen("swapbench.order=");
	if (!last)	/* a cut command line may have lost its swapbench.order */
		return record_get(&b->meta, "cmdline_cut") ? "unknown (its command line was cut)" : NULL;
	snprintf(order, sizeof(order), "%.*s", (int)strcspn(last, " "), last);
	return strcmp(order, "alternate") ? order : NULL;
}

struct slot {
	const struct boot *boot;
	unsigned long iter;
	double v;
};

static int cmp_slot(const void *x, const void *y)
{
	const struct slot *a = x, *b = y;

	if (a->boot != b->boot)
		return (uintptr_t)a->boot < (uintptr_t)b->boot ? -1 : 1;
	return (a->iter > b->iter) - (a->iter < b->iter);
}

/* A cell's values with where they were measured; NULL with why when one cannot pair. */
static struct slot *slots(const struct cell *c, char *why, size_t size)
{
	struct slot *s;

	if (!c->vrun) {
		snprintf(why, size, c->nv ? "the run order is not known" : "no run of it was used");
		return NULL;
	}
	s = xcalloc(c->nv ? c->nv : 1, sizeof(*s));
	for (size_t i = 0; i < c->nv; i++) {
		const struct run *r = c->vrun[i];
		const char *iter = record_get(&r->rec, "iter"), *order = order_of(r->boot);

		if (order) {
			snprintf(why, size, "boot %s ran its plan in %s order", r->boot->id, order);
			free(s);
			return NULL;
		}
		s[i] = (struct slot){ r->boot, iter ? strtoul(iter, NULL, 10) : 0, c->v[i] };
	}
	qsort(s, c->nv, sizeof(*s), cmp_slot);
	return s;
}

/* The paired analysis of n pairs pa[i], pb[i]; left: runs without a partner. */
static void analyse_pairs(const double *pa, const double *pb, size_t n, size_t left,
			  struct comparison *c)
{
	if (n < 2) {
		snprintf(c->why, sizeof(c->why), n ? "only one A run has its B neighbour" :
			 "no A run has a B run next to it in the same boot");
	} else if (!stats_paired(pa, pb, n, &c->pd) && !stats_wilcoxon(pa, pb, n, &c->wx)) {
		double above = 0;

		for (size_t i = 0; i < n; i++)
			above += pb[i] > pa[i] ? 1 : pb[i] == pa[i] ? 0.5 : 0;
		c->paired = 1;
		c->npairs = n;
		c->est = (struct estimate){ 1, c->pd.diff, c->pd.ci_lo, c->pd.ci_hi, c->pd.rel,
					    c->pd.rel_lo, c->pd.rel_hi, above / (double)n, c->wx.p };
		snprintf(c->why, sizeof(c->why), "paired: the runs alternated, %zu pairs of "
			 "neighbouring runs (r = %.2f)", n, c->pd.corr);
		if (left)
			snprintf(c->why + strlen(c->why), sizeof(c->why) - strlen(c->why),
				 ", %zu run(s) without a partner left out", left);
	} else {
		snprintf(c->why, sizeof(c->why), "every pair is tied");
	}
}

/* Pairs each A run with the B run of the same boot and iteration: its neighbour. */
static void pair_runs(const struct cell *a, const struct cell *b, struct comparison *c)
{
	struct slot *sa, *sb = NULL;
	double *pa, *pb;
	size_t n = 0;

	if (!(sa = slots(a, c->why, sizeof(c->why))) || !(sb = slots(b, c->why, sizeof(c->why)))) {
		free(sa);
		return;
	}
	pa = xcalloc(a->nv + 1, sizeof(*pa));
	pb = xcalloc(a->nv + 1, sizeof(*pb));
	for (size_t i = 0, j = 0; i < a->nv && j < b->nv;) {
		int d = cmp_slot(&sa[i], &sb[j]);

		if (d == 0 && sa[i].iter) {
			pa[n] = sa[i].v;
			pb[n++] = sb[j].v;
		}
		i += d <= 0;
		j += d >= 0;
	}
	analyse_pairs(pa, pb, n, a->nv + b->nv - 2 * n, c);
	free(pa);
	free(pb);
	free(sa);
	free(sb);
}

/* The verdict from the estimate: the CI excludes zero and the rank test agrees. */
static void decide(struct comparison *c)
{
	if (!c->est.have || c->est.p >= 0.05)
		return;
	if (c->est.ci_lo > 0)
		c->verdict = V_HIGHER;
	else if (c->est.ci_hi < 0)
		c->verdict = V_LOWER;
}

static void compare_start(const struct cell *a, const struct cell *b, struct comparison *c)
{
	memset(c, 0, sizeof(*c));
	c->workload = a->workload;
	c->a = a;
	c->b = b;
	stats_summarize(a->v, a->nv, &c->sa);
	stats_summarize(b->v, b->nv, &c->sb);
	c->have_welch = !stats_welch(a->v, a->nv, b->v, b->nv, &c->w);
	c->have_mw = !stats_mann_whitney(a->v, a->nv, b->v, b->nv, &c->mw);
}

struct cell compare_values_cell(const char *workload, const char *group, double *v, size_t n)
{
	struct cell c;

	memset(&c, 0, sizeof(c));
	c.workload = workload;
	c.group = group;
	c.v = v;
	c.nv = c.nruns = c.nstatus[ST_OK] = n;
	return c;
}

void compare_aligned(const struct cell *a, const struct cell *b, struct comparison *c)
{
	compare_start(a, b, c);
	analyse_pairs(a->v, b->v, a->nv < b->nv ? a->nv : b->nv,
		      a->nv > b->nv ? a->nv - b->nv : b->nv - a->nv, c);
	decide(c);
}

void compare_cells(const struct cell *a, const struct cell *b, struct comparison *c)
{
	char why[sizeof(c->why)];

	compare_start(a, b, c);
	pair_runs(a, b, c);
	if (!c->paired) {
		snprintf(why, sizeof(why), "unpaired (Welch, Mann-Whitney): %.120s", c->why);
		memcpy(c->why, why, sizeof(why));
		c->est = (struct estimate){ c->have_welch && c->have_mw, c->w.diff, c->w.ci_lo,
					    c->w.ci_hi, c->w.rel, c->w.rel_lo, c->w.rel_hi,
					    c->mw.ps, c->mw.p };
	}
	decide(c);
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

const char *compare_name(const struct comparison *c, char *buf, size_t size)
{
	snprintf(buf, size, "%s%s%s", c->workload, c->group ? "/" : "", c->group ? c->group : "");
	return buf;
}

void compare_print(const struct comparison *c, size_t n, const char *metric,
		   const char *group_title, FILE *out, int markdown)
{
	const char *const head[] = {
		"workload", group_title, "verdict", "analysis", "N A", "N B", "not ok A/B", "mean A",
		"mean B", "B-A", "95% CI B-A", "B/A-1", "95% CI", "P(B>A)", "rank p",
	};
	const size_t ncols = sizeof(head) / sizeof(head[0]);
	int has_group = group_title != NULL;
	const char *h[sizeof(head) / sizeof(head[0])];
	size_t nh = 0;
	struct table t;
	char name[160];

	for (size_t i = 0; i < ncols; i++)
		if (i != 1 || has_group)
			h[nh++] = head[i];
	table_init(&t, has_group ? 3 : 2, h, nh);
	for (size_t i = 0; i < n; i++) {
		const struct comparison *p = &c[i];
		const struct estimate *e = &p->est;
		int rel = e->have && !isnan(e->rel);

		table_add(&t, "%s", p->workload);
		if (has_group)
			table_add(&t, "%s", p->group ? p->group : "-");
		table_add(&t, "%s", compare_verdict_name(p->verdict, metric));
		table_add(&t, "%s", p->paired ? "paired" : "unpaired");
		table_add(&t, "%zu", p->a->nv);
		table_add(&t, "%zu", p->b->nv);
		table_add(&t, "%zu/%zu", group_nfailed(p->a), group_nfailed(p->b));
		table_addnum(&t, p->sa.mean);
		table_addnum(&t, p->sb.mean);
		table_addnum(&t, e->have ? e->diff : NAN);
		add_interval(&t, e->have ? e->ci_lo : NAN, e->ci_hi, "");
		if (rel)
			table_add(&t, "%+.2f%%", e->rel);
		else
			table_add(&t, "-");
		if (rel)
			table_add(&t, "[%+.2f%%, %+.2f%%]", e->rel_lo, e->rel_hi);
		else
			table_add(&t, "-");
		if (e->have)
			table_add(&t, "%.3f", e->ps);
		else
			table_add(&t, "-");
		if (e->have)
			table_add(&t, "%.3g", e->p);
		else
			table_add(&t, "-");
	}
	table_print(&t, out, markdown);
	table_free(&t);
	fputc('\n', out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%sanalysis of %s: %s%s\n", markdown ? "- " : "",
			compare_name(&c[i], name, sizeof(name)), c[i].why,
			c[i].paired ? "; rank test: Wilcoxon signed-rank" : "");
}
