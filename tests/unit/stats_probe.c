/*
 * stats-probe: lib/stats on the command line, for the oracle test
 * (tests/fixtures/stats_oracle.py compares every figure with scipy).
 * One request per input line, one answer line per request:
 *   tq P DF            -> t quantile
 *   tcdf X DF          -> t CDF
 *   summary N x...     -> n mean sd median q1 q3 ci_lo ci_hi cv
 *   ratio NA a... NB b... -> rel se df lo hi (stats_ratio_welch, as compare uses it)
 *   paired N a... b... -> diff sd ci_lo ci_hi rel rel_lo rel_hi corr
 *   detect SD N POWER  -> smallest detectable difference
 */
#include "lib/stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 4096

static double a[MAXN], b[MAXN];

static size_t read_n(double *x)
{
	size_t n;

	if (scanf("%zu", &n) != 1 || n > MAXN)
		exit(2);
	for (size_t i = 0; i < n; i++)
		if (scanf("%lf", &x[i]) != 1)
			exit(2);
	return n;
}

static void put(int n, const double *v)
{
	for (int i = 0; i < n; i++)
		printf("%s%.17g", i ? " " : "", v[i]);
	printf("\n");
}

int main(void)
{
	char op[16];

	while (scanf("%15s", op) == 1) {
		double p, q, r;
		size_t na, nb;

		if (!strcmp(op, "tq") && scanf("%lf %lf", &p, &q) == 2) {
			put(1, (double[]){ stats_t_quantile(p, q) });
		} else if (!strcmp(op, "tcdf") && scanf("%lf %lf", &p, &q) == 2) {
			put(1, (double[]){ stats_t_cdf(p, q) });
		} else if (!strcmp(op, "detect") && scanf("%lf %zu %lf", &p, &na, &r) == 3) {
			put(1, (double[]){ stats_detectable(p, na, r) });
		} else if (!strcmp(op, "summary")) {
			struct stats_summary s;

			na = read_n(a);
			stats_summarize(a, na, &s);
			put(9, (double[]){ (double)s.n, s.mean, s.sd, s.median, s.q1, s.q3, s.ci_lo,
					   s.ci_hi, s.cv });
		} else if (!strcmp(op, "ratio")) {
			struct stats_ratio rt;

			na = read_n(a);
			nb = read_n(b);
			if (stats_ratio_welch(a, na, b, nb, &rt) == 0)
				put(5, (double[]){ rt.rel, rt.se, rt.df, rt.lo, rt.hi });
			else
				printf("refused\n");
		} else if (!strcmp(op, "paired")) {
			struct stats_paired s;

			na = read_n(a);
			for (size_t i = 0; i < na; i++)
				if (scanf("%lf", &b[i]) != 1)
					return 2;
			if (stats_paired(a, b, na, &s) == 0)
				put(8, (double[]){ s.diff, s.sd, s.ci_lo, s.ci_hi, s.rel, s.rel_lo,
						   s.rel_hi, s.corr });
			else
				printf("refused\n");
		} else {
			fprintf(stderr, "stats-probe: bad request '%s'\n", op);
			return 2;
		}
		fflush(stdout);
	}
	return 0;
}
