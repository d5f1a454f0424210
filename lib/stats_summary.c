/* The statistics that sort (summaries: quantiles), and the random stream for simulations. */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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

uint64_t stats_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

double stats_uniform(uint64_t *state)
{
	return ((double)(stats_rand(state) >> 11) + 0.5) / 9007199254740992.0;
}

double stats_gauss(uint64_t *state)
{
	double u = stats_uniform(state);

	return sqrt(-2 * log(u)) * cos(2 * M_PI * stats_uniform(state));
}
