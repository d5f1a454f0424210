#include "report/stats/compare.h"
#include "report/util/table.h"
#include "report/util/util.h"
#include "lib/reckeys.h"
#include "report/source/store.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The boot ran its plan in alternate order (the default); NULL: it did. */
static const char *order_of(const struct boot *b)
{
	static char order[16];
	const char *cl = b->meta.nf ? store_get(&b->meta, RK_CMDLINE) : NULL, *p, *last = NULL;

	if (!cl)
		return "unknown";
	for (p = cl; (p = strstr(p, "swapbench.order=")); p++)
		last = p + strlen("swapbench.order=");
	if (!last)	/* a cut command line may have lost its swapbench.order */
		return store_get(&b->meta, RK_CMDLINE_CUT) ? "unknown (its command line was cut)" : NULL;
	snprintf(order, sizeof(order), "%.*s", (int)strcspn(last, " "), last);
	return strcmp(order, "alternate") ? order : NULL;
}

struct slot {
	const struct boot *boot;
	unsigned long iter, num;
	double v;
};

static int cmp_slot(const void *x, const void *y)
{
	const struct slot *a = x, *b = y;

	if (a->boot != b->boot)
		return (uintptr_t)a->boot < (uintptr_t)b->boot ? -1 : 1;
	return (a->iter > b->iter) - (a->iter < b->iter);
}

/* A cell's values with where they were measured, sorted by boot then iteration. */
static struct slot *slots(const struct cell *c)
{
	struct slot *s = xcalloc(c->nv ? c->nv : 1, sizeof(*s));

	for (size_t i = 0; i < c->nv; i++) {
		const struct run *r = c->vrun[i];
		const char *iter = store_get(&r->rec, RK_ITER);

		s[i] = (struct slot){ r->boot, iter ? strtoul(iter, NULL, 10) : 0, r->num, c->v[i] };
	}
	qsort(s, c->nv, sizeof(*s), cmp_slot);
	return s;
}

/* Whether any boot holds runs of both sides. */
static int share_boots(const struct slot *sa, size_t na, const struct slot *sb, size_t nb)
{
	for (size_t i = 0, j = 0; i < na && j < nb;) {
		if (sa[i].boot == sb[j].boot)
			return 1;
		if ((uintptr_t)sa[i].boot < (uintptr_t)sb[j].boot)
			i++;
		else
			j++;
	}
	return 0;
}

/* Why the runs cannot be paired (a boot not in alternate order), or NULL. */
static const char *unpairable(const struct slot *s, size_t n, char *why, size_t size)
{
	for (size_t i = 0; i < n; i++) {
		const char *order = order_of(s[i].boot);

		if (order) {
			snprintf(why, size, "boot %s ran its plan in %s order", s[i].boot->id, order);
			return why;
		}
	}
	return NULL;
}

static void set_estimate(struct comparison *c, enum unit unit, size_t na, size_t nb,
			 const struct stats_ratio *r)
{
	c->est.have = 1;
	c->est.unit = unit;
	c->est.na = na;
	c->est.nb = nb;
	c->est.r = *r;
	c->est.level = 0.95;
	c->est.rel = r->rel;
	c->est.rel_lo = r->lo;
	c->est.rel_hi = r->hi;
	c->est.p = stats_ratio_p(r, 0);
	c->est.family = 1;
}

/* Each A run with the B run of the same boot and round; x = B's position minus A's. */
static void pair_runs(const struct slot *sa, size_t na, const struct slot *sb, size_t nb,
		      struct comparison *c)
{
	struct stats_pairs acc = { 0 };
	struct stats_ratio r;
	size_t n = 0, left;
	int ab = 0, ba = 0;	/* pairs with A first, with B first */

	for (size_t i = 0, j = 0; i < na && j < nb;) {
		int d = cmp_slot(&sa[i], &sb[j]);

		if (d == 0 && sa[i].iter) {
			stats_pairs_add(&acc, sa[i].v, sb[j].v, (double)sb[j].num - (double)sa[i].num);
			ab += sb[j].num > sa[i].num;
			ba += sb[j].num < sa[i].num;
			n++;
		}
		i += d <= 0;
		j += d >= 0;
	}
	left = na + nb - 2 * n;
	c->est.unit = UNIT_PAIRS;
	c->est.na = c->est.nb = n;
	if (stats_pairs_ratio(&acc, &r)) {
		snprintf(c->why, sizeof(c->why), n < 2 ? "paired: %zu pair(s) of runs of one round, "
			 "2 at least needed" : "paired: A's mean is 0, no ratio", n);
		return;
	}
	set_estimate(c, UNIT_PAIRS, n, n, &r);
	if (r.ordered)
		snprintf(c->why, sizeof(c->why), "paired: %zu pairs of runs of one round, order "
			 "counterbalanced, its effect fitted: %+.2f %% a run of position (95 %% CI "
			 "%+.2f %% to %+.2f %%), %.0f df", n, r.order,
			 r.order - stats_t_quantile(0.975, r.df) * r.order_se,
			 r.order + stats_t_quantile(0.975, r.df) * r.order_se, r.df);
	else if (ab && ba)
		snprintf(c->why, sizeof(c->why), "paired: %zu pairs of runs of one round, order "
			 "counterbalanced, too few pairs to fit its effect (%d at least), %.0f df",
			 n, STATS_MIN_PAIRS_ORDERED, r.df);
	else
		snprintf(c->why, sizeof(c->why), "paired: %zu pairs of runs of one round, always in "
			 "one order (an order effect cannot be told from the difference), %.0f df",
			 n, r.df);
	if (left)
		snprintf(c->why + strlen(c->why), sizeof(c->why) - strlen(c->why),
			 "; %zu run(s) without a partner left out", left);
}

/* Boot means of sorted slots into m (one per boot), the spread into sp; returns boots. */
static size_t boot_means(const struct slot *s, size_t n, double *m, struct spread *sp)
{
	double ss_within = 0, df_within = 0, inv_runs = 0, grand;
	size_t nb = 0;

	for (size_t i = 0; i < n;) {
		size_t j = i;
		double sum = 0, mean, dev = 0;

		while (j < n && s[j].boot == s[i].boot)
			sum += s[j++].v;
		mean = sum / (double)(j - i);
		for (size_t k = i; k < j; k++)
			dev += (s[k].v - mean) * (s[k].v - mean);
		ss_within += dev;
		df_within += (double)(j - i - 1);
		inv_runs += 1.0 / (double)(j - i);
		m[nb++] = mean;
		i = j;
	}
	sp->boots = nb;
	sp->runs = n;
	grand = stats_mean(m, nb);
	sp->run_sd = df_within > 0 ? 100 * sqrt(ss_within / df_within) / fabs(grand) : NAN;
	sp->boot_sd = sp->boot_share = NAN;
	if (nb >= 2) {
		/* var(boot mean) = boot variance + run variance / runs in the boot */
		double vm = stats_var(m, nb), vw = df_within > 0 ? ss_within / df_within : 0;
		double vb = fmax(vm - vw * inv_runs / (double)nb, 0);

		sp->boot_sd = 100 * sqrt(vb) / fabs(grand);
		sp->boot_share = vm > 0 ? fmin(vb / vm, 1) : 0;
	}
	return nb;
}

/* A's boot means, made once for all of its comparisons. */
struct side_boots {
	double *m;
	size_t k;
	struct spread sp;
};

/* A and B in different boots: the boot is the unit, Welch over boot means (A's in a). */
static void compare_boots(const struct side_boots *a, const struct slot *sb, size_t nb,
			  struct comparison *c)
{
	double *ma = a->m, *mb = xcalloc(nb + 1, sizeof(*mb));
	size_t ka = a->k, kb = boot_means(sb, nb, mb, &c->spb);
	struct stats_ratio r;

	c->spa = a->sp;

	c->est.unit = UNIT_BOOTS;
	c->est.na = ka;
	c->est.nb = kb;
	if (ka < STATS_MIN_SIDE || kb < STATS_MIN_SIDE || stats_ratio_welch(ma, ka, mb, kb, &r))
		snprintf(c->why, sizeof(c->why), "by boot: %zu boot(s) of A and %zu of B; boots differ by "
			 "more than runs do, so kernels are compared over boots: 2 a side at least, 3 or "
			 "more to tell a few percent", ka, kb);
	else {
		set_estimate(c, UNIT_BOOTS, ka, kb, &r);
		snprintf(c->why, sizeof(c->why), "by boot: A and B ran in different boots, Welch over "
			 "boot means, %zu and %zu boots, %.1f df", ka, kb, r.df);
	}
	free(mb);
}

/* Runs of shared boots that cannot pair: Welch over the runs. */
static void compare_runs(const struct cell *a, const struct cell *b, struct comparison *c,
			 const char *why)
{
	struct stats_ratio r;

	c->est.unit = UNIT_RUNS;
	c->est.na = a->nv;
	c->est.nb = b->nv;
	if (stats_ratio_welch(a->v, a->nv, b->v, b->nv, &r)) {
		snprintf(c->why, sizeof(c->why), "unpaired (Welch over runs): %.120s; 2 runs a side at "
			 "least", why);
		return;
	}
	set_estimate(c, UNIT_RUNS, a->nv, b->nv, &r);
	snprintf(c->why, sizeof(c->why), "unpaired (Welch over runs, %.1f df): %.140s", r.df, why);
}

/* The verdict: the interval at the comparison's level excludes 0. */
static void decide(struct comparison *c)
{
	c->verdict = V_NONE;
	if (!c->est.have)
		return;
	stats_ratio_interval(&c->est.r, c->est.level, &c->est.rel_lo, &c->est.rel_hi);
	if (c->est.rel_lo > 0)
		c->verdict = V_HIGHER;
	else if (c->est.rel_hi < 0)
		c->verdict = V_LOWER;
}

/* ln of n choose k */
static double lchoose(double n, double k)
{
	return lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1);
}

/*
 * Fisher's exact test of fa of na against fb of nb failed runs, two-sided
 * (the tables no more likely than the one seen); NAN when nothing failed.
 */
static double fisher(size_t fa, size_t na, size_t fb, size_t nb)
{
	size_t fab = fa + fb;
	double f = (double)fab, n = (double)(na + nb), p = 0, seen;

	if (!fa && !fb)
		return NAN;
	seen = lchoose((double)na, (double)fa) + lchoose((double)nb, (double)fb) - lchoose(n, f);
	for (size_t k = fab > nb ? fab - nb : 0; k <= fab && k <= na; k++) {
		double lp = lchoose((double)na, (double)k) + lchoose((double)nb, (double)(fab - k)) - lchoose(n, f);

		if (lp <= seen + 1e-7)
			p += exp(lp);
	}
	return fmin(p, 1);
}

/* suma: a's summary, when known already (NULL: made here). */
static void compare_start(const struct cell *a, const struct cell *b, const struct stats_summary *suma,
			  struct comparison *c)
{
	memset(c, 0, sizeof(*c));
	c->workload = a->workload;
	c->a = a;
	c->b = b;
	c->spa.run_sd = c->spa.boot_sd = c->spb.run_sd = c->spb.boot_sd = NAN;
	if (suma)
		c->sa = *suma;
	else
		stats_summarize(a->v, a->nv, &c->sa);
	stats_summarize(b->v, b->nv, &c->sb);
	c->fail_p = fisher(group_nfailed(a), a->nruns, group_nfailed(b), b->nruns);
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

struct cell compare_runs_cell(const char *workload, const char *group, double *v,
			      const struct run **vrun, size_t n)
{
	struct cell c = compare_values_cell(workload, group, v, n);

	c.vrun = vrun;
	return c;
}

void compare_aligned(const struct cell *a, const struct cell *b, int counterbalanced,
		     struct comparison *c)
{
	struct stats_pairs acc = { 0 };
	struct stats_ratio r;
	size_t n = a->nv < b->nv ? a->nv : b->nv;

	compare_start(a, b, NULL, c);
	for (size_t i = 0; i < n; i++)
		stats_pairs_add(&acc, a->v[i], b->v[i], counterbalanced && i % 2 ? -1 : 1);
	c->est.unit = UNIT_PAIRS;
	if (!stats_pairs_ratio(&acc, &r))
		set_estimate(c, UNIT_PAIRS, n, n, &r);
	snprintf(c->why, sizeof(c->why), "paired by position, %zu pairs, %s", n,
		 counterbalanced ? "A first in the odd pairs, B in the even ones" : "A always first");
	decide(c);
}

/* a (its summary, its slots sa, or NULL without run order, and its boot
 * means) against b. */
static void compare_one(const struct cell *a, const struct stats_summary *suma, const struct slot *sa,
			const struct side_boots *ab, const struct cell *b, struct comparison *c)
{
	char why[160];

	compare_start(a, b, suma, c);
	if (!sa || !b->vrun) {
		compare_runs(a, b, c, a->nv || b->nv ? "the run order is not known" : "no run was used");
	} else {
		struct slot *sb = slots(b);

		if (!share_boots(sa, a->nv, sb, b->nv))
			compare_boots(ab, sb, b->nv, c);
		else if (unpairable(sa, a->nv, why, sizeof(why)) || unpairable(sb, b->nv, why, sizeof(why)))
			compare_runs(a, b, c, why);
		else
			pair_runs(sa, a->nv, sb, b->nv, c);
		free(sb);
	}
	decide(c);
}

void compare_cells_many(const struct cell *a, const struct cell *const *b, size_t n, struct comparison *out)
{
	struct slot *sa = a->vrun ? slots(a) : NULL;
	struct stats_summary suma;
	struct side_boots ab = { xcalloc(a->nv + 1, sizeof(*ab.m)), 0, { 0 } };

	stats_summarize(a->v, a->nv, &suma);
	if (sa)
		ab.k = boot_means(sa, a->nv, ab.m, &ab.sp);
	for (size_t i = 0; i < n; i++)
		compare_one(a, &suma, sa, &ab, b[i], &out[i]);
	free(ab.m);
	free(sa);
}

void compare_cells(const struct cell *a, const struct cell *b, struct comparison *c)
{
	compare_cells_many(a, &b, 1, c);
}

void compare_family(struct comparison *c, size_t n)
{
	double *p = xcalloc(n + 1, sizeof(*p)), *level = xcalloc(n + 1, sizeof(*level));
	int *reject = xcalloc(n + 1, sizeof(*reject));
	size_t *ix = xcalloc(n + 1, sizeof(*ix)), m = 0;

	for (size_t i = 0; i < n; i++)
		if (c[i].est.have) {
			ix[m] = i;
			p[m++] = c[i].est.p;
		}
	stats_holm(p, m, 0.05, reject, level);
	for (size_t k = 0; k < m; k++) {
		c[ix[k]].est.level = m > 1 ? level[k] : 0.95;
		c[ix[k]].est.family = m;
		decide(&c[ix[k]]);
	}
	/* failure rates: a family of their own */
	m = 0;
	for (size_t i = 0; i < n; i++)
		if (!isnan(c[i].fail_p)) {
			ix[m] = i;
			p[m++] = c[i].fail_p;
		}
	stats_holm(p, m, 0.05, reject, level);
	for (size_t k = 0; k < m; k++) {
		const struct comparison *x = &c[ix[k]];
		double ra = (double)group_nfailed(x->a) / (double)(x->a->nruns ? x->a->nruns : 1),
		       rb = (double)group_nfailed(x->b) / (double)(x->b->nruns ? x->b->nruns : 1);

		c[ix[k]].fail_verdict = reject[k] ? (rb > ra ? 1 : -1) : 0;
	}
	free(p);
	free(level);
	free(reject);
	free(ix);
}

const char *compare_family_note(const struct comparison *c, size_t n)
{
	static char note[160];

	note[0] = 0;
	for (size_t i = 0; i < n; i++)
		if (c[i].est.have && c[i].est.family > 1) {
			snprintf(note, sizeof(note), "Holm over the %zu comparisons of this table: "
				 "family-wise error 5 %%, each interval at the level that decided it",
				 c[i].est.family);
			break;
		}
	return note;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

static double median_of(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

size_t compare_far_runs(const struct cell *c, struct far_run *out)
{
	double *d, med, mad;
	size_t n = 0;

	if (c->nv < 5 || !(d = malloc(c->nv * sizeof(*d))))
		return 0;
	memcpy(d, c->v, c->nv * sizeof(*d));
	med = median_of(d, c->nv);
	for (size_t i = 0; i < c->nv; i++)
		d[i] = fabs(c->v[i] - med);
	mad = 1.4826 * median_of(d, c->nv);
	free(d);
	if (!(med > 0))
		return 0;
	for (size_t i = 0; i < c->nv && n < COMPARE_FAR_MAX; i++) {
		double off = fabs(c->v[i] - med);

		if (off >= 0.25 * med && off > 5 * mad)
			out[n++] = (struct far_run){ c->vrun ? c->vrun[i] : NULL, c->v[i], c->v[i] / med };
	}
	return n;
}
