#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double stats_mean(const double *x, size_t n)
{
	double s = 0;

	if (!n)
		return NAN;
	for (size_t i = 0; i < n; i++)
		s += x[i];
	return s / (double)n;
}

double stats_var(const double *x, size_t n)
{
	double m = stats_mean(x, n), s = 0;

	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++)
		s += (x[i] - m) * (x[i] - m);
	return s / (double)(n - 1);
}

double stats_quantile_sorted(const double *x, size_t n, double p)
{
	if (!n)
		return NAN;
	double h = p * (double)(n - 1);
	size_t lo = (size_t)floor(h);

	if (lo + 1 >= n)
		return x[n - 1];
	return x[lo] + (h - (double)lo) * (x[lo + 1] - x[lo]);
}

/* Stirling's series for ln Gamma(z) minus its leading terms, z > 10. */
static double stirling_rest(double z)
{
	double z2 = z * z;

	return (1.0 / 12 - (1.0 / 360 - 1.0 / (1260 * z2)) / z2) / z;
}

/*
 * ln B(a, b). With a large argument the three lgamma terms are big and
 * nearly cancel (df 1e5: 1e-10 lost), so lgamma(x) - lgamma(x + y) for the
 * larger x comes from Stirling's series instead.
 */
static double log_beta(double a, double b)
{
	double x = fmax(a, b), y = fmin(a, b);

	if (x < 100)
		return lgamma(a) + lgamma(b) - lgamma(a + b);
	return lgamma(y) - (x - 0.5) * log1p(y / x) - y * log(x + y) + y +
	       stirling_rest(x) - stirling_rest(x + y);
}

/*
 * Regularized incomplete beta I_x(a, b) from its continued fraction
 * (DLMF 8.17.22), evaluated by the modified Lentz method; the fraction
 * converges fast for x < (a + 1) / (a + b + 2), the symmetry
 * I_x(a, b) = 1 - I_(1-x)(b, a) covers the rest. y is 1 - x, which the
 * caller knows better than 1 - x would tell.
 */
static double beta_inc(double a, double b, double x, double y)
{
	const double tiny = 1e-300;
	double front, f, c, d;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	if (x > (a + 1) / (a + b + 2))
		return 1 - beta_inc(b, a, y, x);
	front = exp(a * (x < 0.5 ? log(x) : log1p(-y)) + b * (y < 0.5 ? log(y) : log1p(-x)) -
		    log_beta(a, b)) / a;
	f = c = 1;
	d = 0;
	for (int i = 0; i <= 400; i++) {
		int m = i / 2;
		double num, delta;

		if (i == 0)
			num = 1;
		else if (i % 2)
			num = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		else
			num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + num * d;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = 1 + num / c;
		if (fabs(c) < tiny)
			c = tiny;
		delta = c * d;
		f *= delta;
		if (fabs(delta - 1) < 1e-15)
			break;
	}
	return front * (f - 1);
}

double stats_t_cdf(double t, double df)
{
	double tail;

	if (isnan(t) || !(df > 0))
		return NAN;
	tail = 0.5 * beta_inc(df / 2, 0.5, df / (df + t * t), t * t / (df + t * t));
	return t < 0 ? tail : 1 - tail;
}

/* Bisection on the CDF: slow next to Newton, but it cannot wander off. */
double stats_t_quantile(double p, double df)
{
	double lo = 0, hi = 1;

	if (!(p > 0 && p < 1) || !(df > 0))
		return NAN;
	if (p < 0.5)
		return -stats_t_quantile(1 - p, df);
	while (stats_t_cdf(hi, df) < p && hi < 1e300)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (stats_t_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* Welch-Satterthwaite degrees of freedom for two variance terms. */
static double ws_df(double va, size_t na, double vb, size_t nb)
{
	double den = va * va / (double)(na - 1) + vb * vb / (double)(nb - 1);

	if (den == 0)
		return (double)(na + nb - 2);
	return (va + vb) * (va + vb) / den;
}

/*
 * B/A-1 in percent with its CI from the ratio r = mean B / mean A and the
 * CI half-width h of r. Below a negative baseline, r - 1 has the opposite
 * sign of B - A: then (B-A)/|A|, so "higher" stays higher.
 */
static void relative(double r, double h, double ma, double *rel, double *lo, double *hi)
{
	double s = ma < 0 ? -100 : 100;

	*rel = s * (r - 1);
	*lo = s * (r - 1) - 100 * h;
	*hi = s * (r - 1) + 100 * h;
}

int stats_paired(const double *a, const double *b, size_t n, struct stats_paired *p)
{
	double ma, mb, r, t, sd, se, saa = 0, sbb = 0, sab = 0, see = 0, sdd = 0;

	if (n < 2)
		return -1;
	ma = stats_mean(a, n);
	mb = stats_mean(b, n);
	p->n = n;
	p->diff = mb - ma;
	for (size_t i = 0; i < n; i++) {
		double da = a[i] - ma, db = b[i] - mb, dd = db - da;

		saa += da * da;
		sbb += db * db;
		sab += da * db;
		sdd += dd * dd;
	}
	t = stats_t_quantile(0.975, (double)(n - 1));
	p->sd = sqrt(sdd / (double)(n - 1));
	p->se = p->sd / sqrt((double)n);
	p->ci_lo = p->diff - t * p->se;
	p->ci_hi = p->diff + t * p->se;
	p->corr = saa > 0 && sbb > 0 ? sab / sqrt(saa * sbb) : NAN;
	if (ma == 0) {
		p->rel = p->rel_lo = p->rel_hi = NAN;
		return 0;
	}
	/* r = mb/ma; linearized, each pair contributes b[i] - r a[i] */
	r = mb / ma;
	for (size_t i = 0; i < n; i++) {
		double e = (b[i] - mb) - r * (a[i] - ma);

		see += e * e;
	}
	sd = sqrt(see / (double)(n - 1));
	se = sd / sqrt((double)n) / fabs(ma);
	relative(r, t * se, ma, &p->rel, &p->rel_lo, &p->rel_hi);
	return 0;
}

double stats_detectable(double sd, size_t n, double power)
{
	double df = (double)n - 1;

	if (n < 2 || !(power > 0 && power < 1))
		return NAN;
	return (stats_t_quantile(0.975, df) + stats_t_quantile(power, df)) * sd / sqrt((double)n);
}

/* Welford's update, extended to the co-moments of x, a and b. */
void stats_pairs_add(struct stats_pairs *s, double a, double b, double x)
{
	double dx = x - s->mx, da = a - s->ma, db = b - s->mb;

	s->n++;
	s->mx += dx / (double)s->n;
	s->ma += da / (double)s->n;
	s->mb += db / (double)s->n;
	s->cxx += dx * (x - s->mx);
	s->cxa += dx * (a - s->ma);
	s->cxb += dx * (b - s->mb);
	s->caa += da * (a - s->ma);
	s->cbb += db * (b - s->mb);
	s->cab += da * (b - s->mb);
}

/*
 * w = b - k a regressed on x; k such that w's intercept is 0: the ratio of
 * b's and a's intercepts (their means at x = 0). Its error is that of w's
 * intercept over a's: the delta method, as for the plain ratio of means.
 */
int stats_pairs_ratio(const struct stats_pairs *s, struct stats_ratio *r)
{
	double n = (double)s->n, ia = s->ma, ib = s->mb, k, cww, cxw, ss, var;
	/* x must vary by more than rounding: a thousandth of a run over all pairs */
	int ordered = s->n >= STATS_MIN_PAIRS_ORDERED && s->cxx > 1e-3 * n;

	memset(r, 0, sizeof(*r));
	r->n = s->n;
	r->order = r->order_se = NAN;
	if (s->n < STATS_MIN_PAIRS)
		return -1;
	if (ordered) {
		ia -= s->cxa / s->cxx * s->mx;
		ib -= s->cxb / s->cxx * s->mx;
	}
	if (ia == 0)
		return -1;
	k = ib / ia;
	cww = s->cbb - 2 * k * s->cab + k * k * s->caa;
	cxw = s->cxb - k * s->cxa;
	r->ordered = ordered;
	if (ordered) {
		r->df = n - 2;
		ss = fmax(cww - cxw * cxw / s->cxx, 0) / r->df;
		var = ss * (1 / n + s->mx * s->mx / s->cxx);
		r->order = 100 * cxw / s->cxx / fabs(ia);
		r->order_se = 100 * sqrt(ss / s->cxx) / fabs(ia);
	} else {
		r->df = n - 1;
		var = fmax(cww, 0) / r->df / n;
	}
	r->rel = (ia < 0 ? -100 : 100) * (k - 1);
	r->se = 100 * sqrt(var) / fabs(ia);
	stats_ratio_interval(r, 0.95, &r->lo, &r->hi);
	return 0;
}

int stats_pairs_rel(const struct stats_pairs *s, double *rel, double *half)
{
	struct stats_ratio r;

	if (stats_pairs_ratio(s, &r))
		return -1;
	*rel = r.rel;
	*half = (r.hi - r.lo) / 2;
	return 0;
}

void stats_ratio_interval(const struct stats_ratio *r, double level, double *lo, double *hi)
{
	double h = r->se > 0 ? stats_t_quantile(0.5 + level / 2, r->df) * r->se : 0;

	*lo = r->rel - h;
	*hi = r->rel + h;
}

double stats_ratio_p(const struct stats_ratio *r, double ref)
{
	if (!(r->se > 0))
		return r->rel == ref ? 1 : 0;
	return 2 * stats_t_cdf(-fabs(r->rel - ref) / r->se, r->df);
}

int stats_ratio_welch(const double *a, size_t na, const double *b, size_t nb, struct stats_ratio *r)
{
	double ma, mb, va, vb, k, vra;

	memset(r, 0, sizeof(*r));
	r->n = na < nb ? na : nb;
	r->order = r->order_se = NAN;
	if (na < STATS_MIN_SIDE || nb < STATS_MIN_SIDE)
		return -1;
	ma = stats_mean(a, na);
	mb = stats_mean(b, nb);
	if (ma == 0)
		return -1;
	va = stats_var(a, na) / (double)na;
	vb = stats_var(b, nb) / (double)nb;
	/* k = mb/ma; var(k) ~ (vb + k^2 va) / ma^2, df by Welch-Satterthwaite */
	k = mb / ma;
	vra = k * k * va;
	r->rel = (ma < 0 ? -100 : 100) * (k - 1);
	r->se = 100 * sqrt(vb + vra) / fabs(ma);
	r->df = ws_df(vra, na, vb, nb);
	stats_ratio_interval(r, 0.95, &r->lo, &r->hi);
	return 0;
}

/* Ranks by selection (n is a handful of comparisons): nothing allocated, the image can call it. */
void stats_holm(const double *p, size_t n, double alpha, int *reject, double *level)
{
	double stop_level = 0;
	int stopped = 0;

	for (size_t i = 0; i < n; i++)
		reject[i] = -1;
	for (size_t rank = 1; rank <= n; rank++) {
		size_t best = n;
		double lv = 1 - alpha / (double)(n - rank + 1);

		for (size_t i = 0; i < n; i++)
			if (reject[i] < 0 && (best == n || p[i] < p[best] || (isnan(p[best]) && !isnan(p[i]))))
				best = i;
		if (!stopped && !(p[best] <= alpha / (double)(n - rank + 1))) {
			stopped = 1;
			stop_level = lv;
		}
		reject[best] = !stopped;
		level[best] = stopped ? stop_level : lv;
	}
}
