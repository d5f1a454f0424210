#include "stats.h"

#include <gsl/gsl_cdf.h>
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

double stats_t_quantile(double p, double df)
{
	return gsl_cdf_tdist_Pinv(p, df);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void stats_summarize(const double *x, size_t n, struct stats_summary *s)
{
	double *v = malloc((n ? n : 1) * sizeof(*v));

	s->n = n;
	s->min = s->max = s->q1 = s->median = s->q3 = NAN;
	s->mean = s->sd = s->ci_lo = s->ci_hi = s->cv = NAN;
	if (!v || !n) {
		free(v);
		return;
	}
	memcpy(v, x, n * sizeof(*v));
	qsort(v, n, sizeof(*v), cmp_double);
	s->min = v[0];
	s->max = v[n - 1];
	s->q1 = stats_quantile_sorted(v, n, 0.25);
	s->median = stats_quantile_sorted(v, n, 0.5);
	s->q3 = stats_quantile_sorted(v, n, 0.75);
	s->mean = stats_mean(v, n);
	free(v);
	if (n < 2)
		return;
	s->sd = sqrt(stats_var(x, n));
	double half = stats_t_quantile(0.975, (double)(n - 1)) * s->sd / sqrt((double)n);

	s->ci_lo = s->mean - half;
	s->ci_hi = s->mean + half;
	s->cv = s->mean != 0 ? 100 * s->sd / s->mean : NAN;
}

/* Welch-Satterthwaite degrees of freedom for two variance terms. */
static double ws_df(double va, size_t na, double vb, size_t nb)
{
	double den = va * va / (double)(na - 1) + vb * vb / (double)(nb - 1);

	if (den == 0)
		return (double)(na + nb - 2);
	return (va + vb) * (va + vb) / den;
}

int stats_welch(const double *a, size_t na, const double *b, size_t nb, struct stats_welch *w)
{
	if (na < 2 || nb < 2)
		return -1;
	double ma = stats_mean(a, na), mb = stats_mean(b, nb);
	double va = stats_var(a, na) / (double)na, vb = stats_var(b, nb) / (double)nb;
	double t;

	w->diff = mb - ma;
	w->se = sqrt(va + vb);
	w->df = ws_df(va, na, vb, nb);
	t = stats_t_quantile(0.975, w->df);
	w->ci_lo = w->diff - t * w->se;
	w->ci_hi = w->diff + t * w->se;
	if (ma == 0) {
		w->rel = w->rel_lo = w->rel_hi = NAN;
		return 0;
	}
	/* r = mb/ma; var(r) ~ (vb + r^2 va) / ma^2, df again by Welch-Satterthwaite */
	double r = mb / ma, vra = r * r * va;
	double se = sqrt(vb + vra) / fabs(ma);

	t = stats_t_quantile(0.975, ws_df(vra, na, vb, nb));
	w->rel = 100 * (r - 1);
	w->rel_lo = 100 * (r - 1 - t * se);
	w->rel_hi = 100 * (r - 1 + t * se);
	return 0;
}

struct tagged {
	double v;
	int from_b;
};

static int cmp_tagged(const void *a, const void *b)
{
	return cmp_double(&((const struct tagged *)a)->v, &((const struct tagged *)b)->v);
}

int stats_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
		       struct stats_mw *m)
{
	size_t n = na + nb;
	struct tagged *t;
	double rank_b = 0, ties = 0;

	if (!na || !nb || !(t = malloc(n * sizeof(*t))))
		return -1;
	for (size_t i = 0; i < n; i++) {
		t[i].from_b = i >= na;
		t[i].v = i < na ? a[i] : b[i - na];
	}
	qsort(t, n, sizeof(*t), cmp_tagged);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && t[j].v == t[i].v; j++)
			;
		double mid = (double)(i + 1 + j) / 2, k = (double)(j - i);

		ties += k * k * k - k;
		for (size_t q = i; q < j; q++)
			if (t[q].from_b)
				rank_b += mid;
	}
	free(t);

	double nn = (double)n, pairs = (double)na * (double)nb;
	double mu = pairs / 2;
	double var = pairs / 12 * ((nn + 1) - ties / (nn * (nn - 1)));
	double d;

	m->u_b = rank_b - (double)nb * (double)(nb + 1) / 2;
	m->ps = m->u_b / pairs;
	d = fabs(m->u_b - mu) - 0.5;
	if (var <= 0 || d <= 0) {
		m->z = 0;
		m->p = 1;
		return 0;
	}
	m->z = copysign(d / sqrt(var), m->u_b - mu);
	m->p = erfc(fabs(m->z) / sqrt(2));
	if (m->p > 1)
		m->p = 1;
	return 0;
}
