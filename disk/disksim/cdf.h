#ifndef SB_DISKCDF_H
#define SB_DISKCDF_H
/*
 * The validation metric (tests/data/disksim-valid/README.md): the root mean
 * square of the horizontal distance between two cumulative distributions,
 * over the 10,000 probabilities 0.0001 .. 1.0, each distribution's
 * p-quantile interpolated linearly between the points of its CDF.
 */
#include <stddef.h>

/* sorts x in place */
void cdf_sort(double *x, size_t n);
/* the p-quantile of sorted x: its CDF has the point (x[i], (i + 1) / n) */
double cdf_quantile(const double *x, size_t n, double p);
/* the rms distance of two sorted samples, in their unit */
double cdf_rms(const double *a, size_t na, const double *b, size_t nb);

#endif
