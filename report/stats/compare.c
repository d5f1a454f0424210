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
	double v, f;		/* the metric; the slow mode's fault measure (NAN: not recorded) */
	double cost;		/* the run's elapsed_s: what it cost */
	unsigned char slow;
};

static int cmp_slot(const void *x, const void *y)
{
	const struct slot *a = x, *b = y;

	if (a->boot != b->boot)
		return (uintptr_t)a->boot < (uintptr_t)b->boot ? -1 : 1;
	return (a->iter > b->iter) - (a->iter < b->iter);
}

/* A run's record field as a number; NAN when absent. */
static double field(const struct run *r, const char *key)
{
	const char *v = store_get(&r->rec, key);
	char *end;
	double d;

	if (!v)
		return NAN;
	d = strtod(v, &end);
	return end != v && !*end ? d : NAN;
}

/* A cell's values with where they were measured, sorted by boot then iteration. */
static struct slot *slots(const struct cell *c)
{
	struct slot *s = xcalloc(c->nv ? c->nv : 1, sizeof(*s));

	for (size_t i = 0; i < c->nv; i++) {
		const struct run *r = c->vrun[i];
		const char *iter = store_get(&r->rec, RK_ITER);

		s[i] = (struct slot){ r->boot, iter ? strtoul(iter, NULL, 10) : 0, r->num, c->v[i],
				      r->rec.nf ? slow_faults_per_page(field(r, RK_MAJFLT), field(r, RK_PSWPIN)) : NAN,
				      r->rec.nf ? field(r, RK_ELAPSED_S) : NAN, 0 };
	}
	qsort(s, c->nv, sizeof(*s), cmp_slot);
	return s;
}

/* Wilson's score interval (95 %) of k in n, percent. */
static void wilson(struct slow_side *s)
{
	const double z = 1.959963984540054;
	double n = (double)s->n, k = (double)s->k, mid, half;

	s->lo = s->hi = NAN;
	if (!s->n)
		return;
	mid = (k + z * z / 2) / (n + z * z);
	half = z / (n + z * z) * sqrt(k * (n - k) / n + z * z / 4);
	s->lo = 100 * fmax(mid - half, 0);
	s->hi = 100 * fmin(mid + half, 1);
}

static void slow_side_set(struct slow_side *s, size_t n, size_t k, enum slow_by by)
{
	s->n = n;
	s->k = k;
	s->by = by;
	wilson(s);
}

/* One side's slots marked by the rule (lib/slowmode.h). */
static void mark_slots(struct slot *s, size_t n, struct slow_side *side)
{
	double *t = xcalloc(3 * n + 1, sizeof(*t)), *f = t + n, *scratch = t + 2 * n;
	unsigned char *mk = xcalloc(n + 1, 1);
	size_t k;
	enum slow_by by;

	for (size_t i = 0; i < n; i++) {
		t[i] = s[i].v;
		f[i] = s[i].f;
	}
	by = slow_mark(t, f, n, scratch, mk, &k);
	for (size_t i = 0; i < n; i++)
		s[i].slow = mk[i];
	slow_side_set(side, n, k, by);
	free(t);
	free(mk);
}

/* The typical slots (not slow) of s moved to its front, in order; returns how many. */
static size_t typical(struct slot *s, size_t n)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (!s[i].slow)
			s[m++] = s[i];
	return m;
}

/* The values of the slots, for Welch over runs. */
static double *slot_values(const struct slot *s, size_t n)
{
	double *v = xcalloc(n + 1, sizeof(*v));

	for (size_t i = 0; i < n; i++)
		v[i] = s[i].v;
	return v;
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

/*
 * The bootstrap of B/A-1 (Kalibera and Jones): units in groups (draws);
 * each resample draws as many groups as there are, with replacement, and
 * within each drawn group as many units as it holds, with replacement.
 * Paired: A and B of a unit go together (w given, one grouping); else each
 * side alone.
 */
struct groups {
	const double *v, *w;		/* w: B of a pair, or NULL */
	const size_t *start;		/* group g: units start[g] .. start[g + 1] - 1 */
	size_t n;
};

/*
 * One resample of g into the sums: groups drawn with replacement, then in
 * each drawn group as many units, with replacement, their distances from
 * the group's mean widened by sqrt(len / (len - 1)) (a group's len units
 * resampled with replacement vary by (len - 1) / len of what they show).
 */
static void resample(const struct groups *g, uint64_t *rng, double *sv, double *sw, double *count)
{
	for (size_t k = 0; k < g->n; k++) {
		size_t pick = (size_t)(stats_rand(rng) % g->n), first = g->start[pick],
		       len = g->start[pick + 1] - first;
		double v = 0, w = 0, mv = 0, mw = 0, f = len >= 2 ? sqrt((double)len / (double)(len - 1)) : 1;

		for (size_t u = 0; u < len; u++) {
			size_t i = first + (size_t)(stats_rand(rng) % len);

			mv += g->v[first + u];
			v += g->v[i];
			if (g->w) {
				mw += g->w[first + u];
				w += g->w[i];
			}
		}
		*sv += f * v + (1 - f) * mv;
		if (g->w)
			*sw += f * w + (1 - f) * mw;
		*count += (double)len;
	}
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/*
 * COMPARE_RESAMPLES resamples of B/A-1 (rel the estimate) into dist,
 * sorted; returns how many had a ratio (0 below half of them). Resampling
 * D groups with replacement shrinks their spread by (D - 1) / D, which at
 * 2 draws halves the draws' variance: with D >= 2 (the fewer groups of a
 * side) each resample's distance from rel is widened by sqrt(D / (D - 1)).
 */
static size_t boot_dist(const struct groups *ga, const struct groups *gb, double rel, double *dist)
{
	uint64_t rng = 0x5eed0056;
	size_t ok = 0, d = gb && gb->n < ga->n ? gb->n : ga->n;
	double widen = d >= 2 ? sqrt((double)d / (double)(d - 1)) : 1;

	for (unsigned i = 0; i < COMPARE_RESAMPLES; i++) {
		double sa = 0, sb = 0, na = 0, nb = 0;

		resample(ga, &rng, &sa, &sb, &na);
		if (gb)
			resample(gb, &rng, &sb, NULL, &nb);
		else
			nb = na;
		if (sa != 0 && na > 0 && nb > 0)
			dist[ok++] = rel + widen * ((sa < 0 ? -100 : 100) * ((sb / nb) / (sa / na) - 1) - rel);
	}
	if (ok < COMPARE_RESAMPLES / 2)
		return 0;
	qsort(dist, ok, sizeof(*dist), cmp_double);
	return ok;
}

/* The standard normal's quantile, by bisection on its distribution (erfc). */
static double normal_quantile(double p)
{
	double lo = -40, hi = 40;

	for (int i = 0; i < 200 && hi - lo > 1e-12; i++) {
		double mid = (lo + hi) / 2;

		if (0.5 * erfc(-mid / M_SQRT2) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/*
 * The bootstrap's percentiles are a normal sample's; a mean of few units
 * is as far from the truth as Student's t says. So its interval is
 * Hesterberg's expanded percentile interval: at level L, the percentiles
 * Phi(-t) and Phi(t) of the resamples, t Student's (1 + L) / 2 quantile on
 * the pairs' degrees of freedom (pairs - draws).
 */
void compare_interval(const struct estimate *e, double level, double *lo, double *hi)
{
	double q;

	if (!e->nboot) {
		stats_ratio_interval(&e->r, level, lo, hi);
		return;
	}
	q = 0.5 * erfc(stats_t_quantile((1 + level) / 2, e->r.df) / M_SQRT2);
	*lo = stats_quantile_sorted(e->boot, e->nboot, q);
	*hi = stats_quantile_sorted(e->boot, e->nboot, 1 - q);
}

/* The two-sided p of B/A-1 = 0 that agrees with compare_interval: the level where an end touches 0. */
static double boot_p(const double *dist, size_t n, double df)
{
	size_t lo = 0, hi = 0;
	double f;

	for (size_t i = 0; i < n; i++) {
		lo += dist[i] <= 0;
		hi += dist[i] >= 0;
	}
	f = (double)(lo < hi ? lo : hi) / (double)n;
	if (f <= 0)
		return 0;
	return fmin(1, 2 * stats_t_cdf(normal_quantile(f), df));
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
	c->est.p = c->est.nboot ? boot_p(c->est.boot, c->est.nboot, r->df) : stats_ratio_p(r, 0);
	c->est.family = 1;
}

/* The rounds of a paired design: A's and B's runs merged by boot and iteration. */
struct rounds {
	size_t n;
	double *a, *b, *fa, *fb, *x, *cost;	/* a or b NAN: no run of that side in the round */
	const struct boot **boot;
	unsigned char *sa, *sb;		/* the slow mode's marks */
	int ab, ba;			/* pairs with A first, with B first */
};

static void rounds_free(struct rounds *r)
{
	free(r->a);
	free(r->boot);
	free(r->sa);
}

/* Merges sorted slots into rounds: each A run with the B run of the same boot and round. */
static void rounds_make(const struct slot *sa, size_t na, const struct slot *sb, size_t nb,
			struct rounds *r)
{
	size_t cap = na + nb + 1;

	memset(r, 0, sizeof(*r));
	r->a = xcalloc(6 * cap, sizeof(double));
	r->b = r->a + cap;
	r->fa = r->b + cap;
	r->fb = r->fa + cap;
	r->x = r->fb + cap;
	r->cost = r->x + cap;
	r->boot = xcalloc(cap, sizeof(*r->boot));
	r->sa = xcalloc(2 * cap, 1);
	r->sb = r->sa + cap;
	for (size_t i = 0, j = 0; i < na || j < nb;) {
		int d = i == na ? 1 : j == nb ? -1 : cmp_slot(&sa[i], &sb[j]);
		size_t k = r->n++;

		if (d == 0 && !sa[i].iter)
			d = -1;	/* no iteration recorded: no partner */
		r->a[k] = d <= 0 ? sa[i].v : NAN;
		r->fa[k] = d <= 0 ? sa[i].f : NAN;
		r->b[k] = d >= 0 ? sb[j].v : NAN;
		r->fb[k] = d >= 0 ? sb[j].f : NAN;
		r->boot[k] = d <= 0 ? sa[i].boot : sb[j].boot;
		r->x[k] = d == 0 ? (double)sb[j].num - (double)sa[i].num : 0;
		r->cost[k] = d == 0 ? sa[i].cost + sb[j].cost : NAN;
		if (d == 0) {
			r->ab += sb[j].num > sa[i].num;
			r->ba += sb[j].num < sa[i].num;
		}
		i += d <= 0;
		j += d >= 0;
	}
}

/* Marks the rounds (lib/slowmode.c, the image's own rule) and counts each side's slow runs. */
static void rounds_mark(struct rounds *r, int faults, struct stats_pairs *typ, struct comparison *c)
{
	double *scratch = xcalloc(3 * r->n + 1, sizeof(*scratch));
	size_t na = 0, nb = 0, ka = 0, kb = 0;
	int fa = faults, fb = faults;

	for (size_t k = 0; k < r->n; k++) {
		if (isfinite(r->a[k]) && !isfinite(r->fa[k]))
			fa = 0;
		if (isfinite(r->b[k]) && !isfinite(r->fb[k]))
			fb = 0;
	}
	slow_pairs(r->a, r->b, fa ? r->fa : NULL, fb ? r->fb : NULL, r->x, r->n, scratch, r->sa,
		   r->sb, typ);
	for (size_t k = 0; k < r->n; k++) {
		na += isfinite(r->a[k]);
		nb += isfinite(r->b[k]);
		ka += r->sa[k];
		kb += r->sb[k];
	}
	/* a side's measure: faults only where every one of its runs has them (slow_mark) */
	slow_side_set(&c->sla, na, ka, fa && na ? SLOW_BY_FAULTS : SLOW_BY_TIME);
	slow_side_set(&c->slb, nb, kb, fb && nb ? SLOW_BY_FAULTS : SLOW_BY_TIME);
	free(scratch);
}

static int typical_pair(const struct rounds *r, size_t k)
{
	return isfinite(r->a[k]) && isfinite(r->b[k]) && !r->sa[k] && !r->sb[k];
}

/* " boot ID (swapbench.draw=N)" appended to a comparison's names of its draws */
static void name_draw(struct comparison *c, const struct boot *b)
{
	const char *cl = b->meta.nf ? store_get(&b->meta, RK_CMDLINE) : NULL, *p, *last = NULL;
	size_t n = strlen(c->draws);

	for (p = cl; p && (p = strstr(p, "swapbench.draw=")); p++)
		last = p + strlen("swapbench.draw=");
	if (last)
		snprintf(c->draws + n, sizeof(c->draws) - n, "%sboot %s (swapbench.draw=%.*s)", n ? ", " : "",
			 b->id, (int)strcspn(last, " \""), last);
	else
		snprintf(c->draws + n, sizeof(c->draws) - n, "%sboot %s", n ? ", " : "", b->id);
}

/*
 * Typical pairs of two draws or more: B/A-1 and its interval by the
 * bootstrap over draws, then pairs within a drawn draw (boot_dist, into
 * c->est.boot); the levels of each pair's linearised share of B/A-1, 100
 * (b - k a) / mean(a) (report/stats/levels.h), printed beside it.
 */
static int over_draws(const struct rounds *r, size_t n, struct comparison *c, struct stats_ratio *out)
{
	double *w = xcalloc(n + 1, sizeof(*w)), *pa = xcalloc(n + 1, sizeof(*pa)),
	       *pb = xcalloc(n + 1, sizeof(*pb)), sa = 0, sb = 0, cost = 0, k, ma, ss = 0;
	size_t *start = xcalloc(n + 2, sizeof(*start)), m = 0, draws = 0, ncost = 0;
	const struct boot *last = NULL;
	int ok;

	for (size_t i = 0; i < r->n; i++)
		if (typical_pair(r, i)) {
			sa += r->a[i];
			sb += r->b[i];
			if (isfinite(r->cost[i])) {
				cost += r->cost[i];
				ncost++;
			}
		}
	ma = sa / (double)n;
	k = sb / sa;
	for (size_t i = 0; i < r->n; i++)
		if (typical_pair(r, i)) {
			if (r->boot[i] != last) {
				start[draws++] = m;
				name_draw(c, r->boot[i]);
			}
			last = r->boot[i];
			pa[m] = r->a[i];
			pb[m] = r->b[i];
			w[m++] = 100 * (r->b[i] - k * r->a[i]) / fabs(ma);
		}
	start[draws] = m;
	ok = draws >= 2 && ma != 0 &&
	     !levels_compute(w, start, draws, ncost ? cost / (double)ncost : NAN, LEVELS_DRAW_COST_S, &c->lv);
	if (ok) {
		struct groups g = { pa, pb, start, draws };

		memset(out, 0, sizeof(*out));
		out->n = n;
		out->rel = (ma < 0 ? -100 : 100) * (k - 1);
		out->order = out->order_se = NAN;
		out->df = (double)(m - draws);
		c->est.nboot = boot_dist(&g, NULL, out->rel, c->est.boot);
		ok = c->est.nboot > 0;
	}
	if (ok) {
		for (size_t i = 0; i < c->est.nboot; i++)
			ss += (c->est.boot[i] - out->rel) * (c->est.boot[i] - out->rel);
		out->se = sqrt(ss / (double)c->est.nboot);
		c->est.r = *out;
		compare_interval(&c->est, 0.95, &out->lo, &out->hi);
	}
	free(w);
	free(pa);
	free(pb);
	free(start);
	return ok;
}

/* Each A run with the B run of the same boot and round; x = B's position minus A's. */
static void pair_runs(const struct slot *sa, size_t na, const struct slot *sb, size_t nb,
		      struct comparison *c)
{
	struct stats_pairs acc;
	struct stats_ratio r;
	struct rounds rd;
	size_t n = 0, typ = 0, left;

	rounds_make(sa, na, sb, nb, &rd);
	rounds_mark(&rd, 1, &acc, c);
	for (size_t k = 0; k < rd.n; k++) {
		n += isfinite(rd.a[k]) && isfinite(rd.b[k]);
		typ += typical_pair(&rd, k);
	}
	left = na + nb - 2 * n;
	c->est.unit = UNIT_PAIRS;
	c->est.na = c->est.nb = typ;
	if (over_draws(&rd, typ, c, &r)) {
		set_estimate(c, UNIT_PAIRS, typ, typ, &r);
		snprintf(c->why, sizeof(c->why), "paired over draws: %zu typical pairs of runs of one round "
			 "in %zu draws (boots), draws a level above the pairs (Kalibera and Jones): the "
			 "interval by the bootstrap, %d resamples of draws, then pairs within a drawn draw, "
			 "A and B of a pair together, the draws' spread widened by sqrt(%zu/%zu)", typ,
			 c->lv.draws, COMPARE_RESAMPLES, c->lv.draws, c->lv.draws - 1);
	} else if (stats_pairs_ratio(&acc, &r)) {
		snprintf(c->why, sizeof(c->why), typ < 2 ? "paired: %zu typical pair(s) of runs of one round, "
			 "2 at least needed" : "paired: A's mean is 0, no ratio", typ);
		rounds_free(&rd);
		return;
	} else {
		set_estimate(c, UNIT_PAIRS, typ, typ, &r);
		if (r.ordered)
			snprintf(c->why, sizeof(c->why), "paired: %zu typical pairs of runs of one round, order "
				 "counterbalanced, its effect fitted: %+.2f %% a run of position (95 %% CI "
				 "%+.2f %% to %+.2f %%), %.0f df", typ, r.order,
				 r.order - stats_t_quantile(0.975, r.df) * r.order_se,
				 r.order + stats_t_quantile(0.975, r.df) * r.order_se, r.df);
		else if (rd.ab && rd.ba)
			snprintf(c->why, sizeof(c->why), "paired: %zu typical pairs of runs of one round, order "
				 "counterbalanced, too few pairs to fit its effect (%d at least), %.0f df",
				 typ, STATS_MIN_PAIRS_ORDERED, r.df);
		else
			snprintf(c->why, sizeof(c->why), "paired: %zu typical pairs of runs of one round, always "
				 "in one order (an order effect cannot be told from the difference), %.0f df",
				 typ, r.df);
	}
	if (n > typ)
		snprintf(c->why + strlen(c->why), sizeof(c->why) - strlen(c->why),
			 "; %zu pair(s) with a slow-mode run counted apart", n - typ);
	if (left)
		snprintf(c->why + strlen(c->why), sizeof(c->why) - strlen(c->why),
			 "; %zu run(s) without a partner left out", left);
	rounds_free(&rd);
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

/* A and B in different boots: the boot is the unit, Welch over boot means. */
static void compare_boots(const struct slot *sa, size_t na, const struct slot *sb, size_t nb,
			  struct comparison *c)
{
	double *ma = xcalloc(na + 1, sizeof(*ma)), *mb = xcalloc(nb + 1, sizeof(*mb));
	size_t ka = boot_means(sa, na, ma, &c->spa), kb = boot_means(sb, nb, mb, &c->spb);
	struct stats_ratio r;

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
	free(ma);
	free(mb);
}

/* Runs of shared boots that cannot pair: Welch over the (typical) runs. */
static void compare_runs(const double *a, size_t na, const double *b, size_t nb, struct comparison *c,
			 const char *why)
{
	struct stats_ratio r;

	c->est.unit = UNIT_RUNS;
	c->est.na = na;
	c->est.nb = nb;
	if (stats_ratio_welch(a, na, b, nb, &r)) {
		snprintf(c->why, sizeof(c->why), "unpaired (Welch over typical runs): %.120s; 2 runs a side "
			 "at least", why);
		return;
	}
	set_estimate(c, UNIT_RUNS, na, nb, &r);
	snprintf(c->why, sizeof(c->why), "unpaired (Welch over typical runs, %.1f df): %.140s", r.df, why);
}

/* The verdict: the interval at the comparison's level excludes 0. */
static void decide(struct comparison *c)
{
	c->verdict = V_NONE;
	if (!c->est.have)
		return;
	compare_interval(&c->est, c->est.level, &c->est.rel_lo, &c->est.rel_hi);
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
	double f = (double)(fa + fb), n = (double)(na + nb), p = 0, seen;

	if (!fa && !fb)
		return NAN;
	seen = lchoose((double)na, (double)fa) + lchoose((double)nb, (double)fb) - lchoose(n, f);
	/* k counted as a whole number: a double's ++ stops moving past 2^53 */
	for (size_t k = fa + fb > nb ? fa + fb - nb : 0; k <= (fa + fb < na ? fa + fb : na); k++) {
		double lp = lchoose((double)na, (double)k) + lchoose((double)nb, f - (double)k) - lchoose(n, f);

		if (lp <= seen + 1e-7)
			p += exp(lp);
	}
	return fmin(p, 1);
}

static void compare_start(const struct cell *a, const struct cell *b, struct comparison *c)
{
	memset(c, 0, sizeof(*c));
	c->workload = a->workload;
	c->a = a;
	c->b = b;
	c->spa.run_sd = c->spa.boot_sd = c->spb.run_sd = c->spb.boot_sd = NAN;
	stats_summarize(a->v, a->nv, &c->sa);
	stats_summarize(b->v, b->nv, &c->sb);
	c->fail_p = fisher(group_nfailed(a), a->nruns, group_nfailed(b), b->nruns);
	c->slow_p = NAN;
	c->lv.draws = 0;
	c->draws[0] = 0;
}

/* The slow-mode rates compared, once both sides are marked. */
static void compare_slow(struct comparison *c)
{
	c->slow_p = fisher(c->sla.k, c->sla.n, c->slb.k, c->slb.n);
}

/* Bare values (no runs behind them): marked by time, Welch over the typical ones. */
static void compare_values(const struct cell *a, const struct cell *b, struct comparison *c, const char *why)
{
	const struct cell *side[2] = { a, b };
	struct slow_side *ss[2] = { &c->sla, &c->slb };
	double *typ[2];
	size_t nt[2];

	for (int s = 0; s < 2; s++) {
		size_t n = side[s]->nv, k;
		double *scratch = xcalloc(n + 1, sizeof(*scratch));
		unsigned char *mk = xcalloc(n + 1, 1);

		enum slow_by by = slow_mark(side[s]->v, NULL, n, scratch, mk, &k);

		slow_side_set(ss[s], n, k, by);
		typ[s] = scratch;
		nt[s] = 0;
		for (size_t i = 0; i < n; i++)
			if (!mk[i])
				typ[s][nt[s]++] = side[s]->v[i];
		free(mk);
	}
	compare_runs(typ[0], nt[0], typ[1], nt[1], c, why);
	free(typ[0]);
	free(typ[1]);
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
	compare_aligned_draws(a, b, counterbalanced, NULL, 1, c);
}

void compare_aligned_draws(const struct cell *a, const struct cell *b, int counterbalanced,
			   const size_t *start, size_t draws, struct comparison *c)
{
	struct stats_pairs acc;
	struct stats_ratio r;
	struct rounds rd = { 0 };
	size_t n = a->nv < b->nv ? a->nv : b->nv, cap = n + 1, typ = 0, ka = 0, kb = 0;
	double *scratch = xcalloc(3 * cap, sizeof(*scratch));
	struct boot *boots = xcalloc(draws, sizeof(*boots));
	char (*ids)[32] = xcalloc(draws, sizeof(*ids));

	compare_start(a, b, c);
	rd.n = n;
	rd.a = xcalloc(6 * cap, sizeof(double));
	rd.b = rd.a + cap;
	rd.x = rd.b + cap;
	rd.cost = rd.x + cap;
	rd.boot = xcalloc(cap, sizeof(*rd.boot));
	rd.sa = xcalloc(2 * cap, 1);
	rd.sb = rd.sa + cap;
	for (size_t j = 0; j < draws; j++) {
		snprintf(ids[j], sizeof(ids[j]), "draw-%zu", j + 1);
		boots[j].id = ids[j];
	}
	for (size_t j = 0, i = 0; i < n; i++) {
		while (start && j + 1 < draws && i >= start[j + 1])
			j++;
		rd.a[i] = a->v[i];
		rd.b[i] = b->v[i];
		rd.x[i] = counterbalanced && (i - (start ? start[j] : 0)) % 2 ? -1 : 1;
		rd.cost[i] = NAN;
		rd.boot[i] = &boots[j];
	}
	typ = slow_pairs(rd.a, rd.b, NULL, NULL, rd.x, n, scratch, rd.sa, rd.sb, &acc);
	for (size_t i = 0; i < n; i++) {
		ka += rd.sa[i];
		kb += rd.sb[i];
	}
	slow_side_set(&c->sla, n, ka, SLOW_BY_TIME);
	slow_side_set(&c->slb, n, kb, SLOW_BY_TIME);
	c->est.unit = UNIT_PAIRS;
	if (draws >= 2 && over_draws(&rd, typ, c, &r))
		set_estimate(c, UNIT_PAIRS, typ, typ, &r);
	else if (draws < 2 && !stats_pairs_ratio(&acc, &r))
		set_estimate(c, UNIT_PAIRS, typ, typ, &r);
	snprintf(c->why, sizeof(c->why), "paired by position, %zu typical pairs of %zu in %zu draw(s), %s", typ,
		 n, draws, counterbalanced ? "A first in the odd pairs of a draw, B in the even ones" :
		 "A always first");
	compare_slow(c);
	decide(c);
	free(scratch);
	free(boots);
	free(ids);
	rounds_free(&rd);
}

void compare_cells(const struct cell *a, const struct cell *b, struct comparison *c)
{
	char why[160];

	compare_start(a, b, c);
	if (!a->vrun || !b->vrun) {
		compare_values(a, b, c, a->nv || b->nv ? "the run order is not known" : "no run was used");
	} else {
		struct slot *sa = slots(a), *sb = slots(b);

		if (!share_boots(sa, a->nv, sb, b->nv) || unpairable(sa, a->nv, why, sizeof(why)) ||
		    unpairable(sb, b->nv, why, sizeof(why))) {
			int boots = !share_boots(sa, a->nv, sb, b->nv);
			size_t ta, tb;

			mark_slots(sa, a->nv, &c->sla);
			mark_slots(sb, b->nv, &c->slb);
			ta = typical(sa, a->nv);
			tb = typical(sb, b->nv);
			if (boots) {
				compare_boots(sa, ta, sb, tb, c);
			} else {
				double *va = slot_values(sa, ta), *vb = slot_values(sb, tb);

				compare_runs(va, ta, vb, tb, c, why);
				free(va);
				free(vb);
			}
		} else {
			pair_runs(sa, a->nv, sb, b->nv, c);
		}
		free(sa);
		free(sb);
	}
	compare_slow(c);
	decide(c);
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
	/* rates (failures and the slow mode): a family of their own, Fisher's tests under one Holm */
	p = xrealloc(p, (2 * n + 1) * sizeof(*p));
	level = xrealloc(level, (2 * n + 1) * sizeof(*level));
	reject = xrealloc(reject, (2 * n + 1) * sizeof(*reject));
	ix = xrealloc(ix, (2 * n + 1) * sizeof(*ix));
	m = 0;
	for (size_t i = 0; i < n; i++) {
		if (!isnan(c[i].fail_p)) {
			ix[m] = 2 * i;
			p[m++] = c[i].fail_p;
		}
		if (!isnan(c[i].slow_p)) {
			ix[m] = 2 * i + 1;
			p[m++] = c[i].slow_p;
		}
	}
	stats_holm(p, m, 0.05, reject, level);
	for (size_t k = 0; k < m; k++) {
		struct comparison *x = &c[ix[k] / 2];

		if (ix[k] % 2) {
			double ra = (double)x->sla.k / (double)(x->sla.n ? x->sla.n : 1),
			       rb = (double)x->slb.k / (double)(x->slb.n ? x->slb.n : 1);

			x->slow_verdict = reject[k] ? (rb > ra ? 1 : -1) : 0;
		} else {
			double ra = (double)group_nfailed(x->a) / (double)(x->a->nruns ? x->a->nruns : 1),
			       rb = (double)group_nfailed(x->b) / (double)(x->b->nruns ? x->b->nruns : 1);

			x->fail_verdict = reject[k] ? (rb > ra ? 1 : -1) : 0;
		}
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

static double median_of(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

size_t compare_slow_runs(const struct cell *c, struct slow_run *out)
{
	double *t = xcalloc(3 * c->nv + 1, sizeof(*t)), *f = t + c->nv, *scratch = f + c->nv, med;
	unsigned char *mk = xcalloc(c->nv + 1, 1);
	size_t n = 0, k;

	for (size_t i = 0; i < c->nv; i++) {
		const struct run *r = c->vrun ? c->vrun[i] : NULL;

		t[i] = c->v[i];
		f[i] = r && r->rec.nf ? slow_faults_per_page(field(r, RK_MAJFLT), field(r, RK_PSWPIN)) : NAN;
	}
	slow_mark(t, f, c->nv, scratch, mk, &k);
	med = c->nv ? median_of(t, c->nv) : NAN;
	for (size_t i = 0; i < c->nv && n < COMPARE_SLOW_LIST; i++)
		if (mk[i])
			out[n++] = (struct slow_run){ c->vrun ? c->vrun[i] : NULL, c->v[i], c->v[i] / med };
	free(t);
	free(mk);
	return n;
}

/*
 * The mixture's interval: the bootstrap of B/A-1 = m->rel, as the typical
 * runs' (compare_interval) where df is finite (pairs: pairs - draws).
 */
static int mixture_run(const struct groups *ga, const struct groups *gb, double df, struct mixture *m)
{
	struct estimate *e = xcalloc(1, sizeof(*e));
	int rc = -1;

	e->nboot = boot_dist(ga, gb, m->rel, e->boot);
	if (e->nboot && isfinite(df) && df >= 1) {
		e->r.df = df;
		compare_interval(e, 0.95, &m->lo, &m->hi);
		rc = 0;
	} else if (e->nboot) {
		m->lo = stats_quantile_sorted(e->boot, e->nboot, 0.025);
		m->hi = stats_quantile_sorted(e->boot, e->nboot, 0.975);
		rc = 0;
	}
	free(e);
	return rc;
}

/* Sorted slots into groups by boot (one group in all when by_boot is 0). */
static size_t *group_starts(const struct slot *s, size_t n, int by_boot, size_t *ng)
{
	size_t *st = xcalloc(n + 2, sizeof(*st));

	*ng = 0;
	for (size_t i = 0; i < n; i++)
		if (!i || (by_boot && s[i].boot != s[i - 1].boot))
			st[(*ng)++] = i;
	st[*ng] = n;
	return st;
}

/* Pairs of every status=ok run, slow or not, grouped by draw (boot), into pa, pb, st. */
static size_t mixture_pairs(const struct cell *a, const struct cell *b, double *pa, double *pb,
			    size_t *st, size_t *ng)
{
	size_t np = 0;

	*ng = 0;
	if (a->vrun && b->vrun) {
		struct slot *sa = slots(a), *sb = slots(b);
		struct rounds rd;
		const struct boot *last = NULL;

		rounds_make(sa, a->nv, sb, b->nv, &rd);
		for (size_t k = 0; k < rd.n; k++)
			if (isfinite(rd.a[k]) && isfinite(rd.b[k])) {
				if (!np || rd.boot[k] != last)
					st[(*ng)++] = np;
				last = rd.boot[k];
				pa[np] = rd.a[k];
				pb[np++] = rd.b[k];
			}
		rounds_free(&rd);
		free(sa);
		free(sb);
	} else {
		for (; np < a->nv && np < b->nv; np++) {
			pa[np] = a->v[np];
			pb[np] = b->v[np];
		}
		*ng = np ? 1 : 0;
	}
	st[*ng] = np;
	return np;
}

static int mixture_paired(const struct comparison *c, struct mixture *m)
{
	const struct cell *a = c->a, *b = c->b;
	size_t cap = a->nv + b->nv + 2, *st = xcalloc(cap, sizeof(*st)), np, ng;
	double *pa = xcalloc(cap, sizeof(*pa)), *pb = xcalloc(cap, sizeof(*pb)), sa = 0, sb = 0;
	int rc = -1;

	np = mixture_pairs(a, b, pa, pb, st, &ng);
	m->over = ng > 1 ? "draws, then pairs within a drawn draw" : "pairs";
	for (size_t i = 0; i < np; i++) {
		sa += pa[i];
		sb += pb[i];
	}
	if (np >= 2 && sa != 0) {
		struct groups g = { pa, pb, st, ng };

		m->rel = (sa < 0 ? -100 : 100) * (sb / sa - 1);
		rc = mixture_run(&g, NULL, (double)np - (double)ng, m);
	}
	free(pa);
	free(pb);
	free(st);
	return rc;
}

/* One side's values and groups (boots, or one group) for the unpaired bootstrap. */
static double *side_groups(const struct cell *c, int by_boot, size_t **st, size_t *ng)
{
	struct slot *s;
	double *v;

	if (!c->vrun) {
		v = xcalloc(c->nv + 1, sizeof(*v));
		memcpy(v, c->v, c->nv * sizeof(*v));
		*st = xcalloc(2, sizeof(**st));
		(*st)[1] = c->nv;
		*ng = 1;
		return v;
	}
	s = slots(c);
	v = slot_values(s, c->nv);
	*st = group_starts(s, c->nv, by_boot, ng);
	free(s);
	return v;
}

int compare_mixture(const struct comparison *c, struct mixture *m)
{
	const struct cell *a = c->a, *b = c->b;
	double ma = stats_mean(a->v, a->nv), mb = stats_mean(b->v, b->nv), *va, *vb;
	int by_boot = c->est.unit == UNIT_BOOTS, rc;
	size_t *sta, *stb, nga, ngb;

	memset(m, 0, sizeof(*m));
	m->lo = m->hi = NAN;
	if (a->nv < 2 || b->nv < 2 || ma == 0)
		return -1;
	m->rel = (ma < 0 ? -100 : 100) * (mb / ma - 1);
	if (c->est.unit == UNIT_PAIRS)
		return mixture_paired(c, m);
	va = side_groups(a, by_boot, &sta, &nga);
	vb = side_groups(b, by_boot, &stb, &ngb);
	{
		struct groups ga = { va, NULL, sta, nga }, gb = { vb, NULL, stb, ngb };

		m->over = by_boot ? "boots, then runs within a drawn boot, each side" : "runs, each side";
		rc = mixture_run(&ga, &gb, NAN, m);
	}
	free(va);
	free(vb);
	free(sta);
	free(stb);
	return rc;
}

void compare_cells_many(const struct cell *a, const struct cell *const *b, size_t n, struct comparison *out)
{
	for (size_t i = 0; i < n; i++)
		compare_cells(a, b[i], &out[i]);
}
