/* The validation metric (cdf.h). */
#include "cdf.h"

#include <math.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

void cdf_sort(double *x, size_t n)
{
	qsort(x, n, sizeof(*x), cmp);
}

double cdf_quantile(const double *x, size_t n, double p)
{
	double h = p * (double)n - 1, f;
	size_t i;

	if (h <= 0)
		return x[0];
	if (h >= (double)(n - 1))
		return x[n - 1];
	i = (size_t)h;
	f = h - (double)i;
	return x[i] + f * (x[i + 1] - x[i]);
}

double cdf_rms(const double *a, size_t na, const double *b, size_t nb)
{
	double sum = 0;

	for (int k = 1; k <= 10000; k++) {
		double p = k / 10000.0, d = cdf_quantile(a, na, p) - cdf_quantile(b, nb, p);

		sum += d * d;
	}
	return sqrt(sum / 10000);
}
