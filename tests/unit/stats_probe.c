/*
 * stats-probe: lib/stats on the command line, for the oracle test
 * (tests/fixtures/stats_oracle.py compares every figure with scipy).
 * One request per input line, one answer line per request:
 *   tq P DF            -> t quantile
 *   tcdf X DF          -> t CDF
 *   summary N x...     -> n mean sd median q1 q3 ci_lo ci_hi cv
 *   welch NA a... NB b... -> diff se df ci_lo ci_hi rel rel_lo rel_hi
 *   mw NA a... NB b... -> u_b z p
 *   paired N a... b... -> diff sd ci_lo ci_hi rel rel_lo rel_hi corr
 *   wilcoxon N a... b... -> n w_plus z p exact
 *   detect SD N POWER  -> smallest detectable difference
 */
#include "../../lib/stats.h"

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
		} else if (!strcmp(op, "welch") || !strcmp(op, "mw")) {
			struct stats_welch w;
			struct stats_mw m;

			na = read_n(a);
			nb = read_n(b);
			if (op[0] == 'w' && stats_welch(a, na, b, nb, &w) == 0)
				put(8, (double[]){ w.diff, w.se, w.df, w.ci_lo, w.ci_hi, w.rel, w.rel_lo,
						   w.rel_hi });
			else if (op[0] == 'm' && stats_mann_whitney(a, na, b, nb, &m) == 0)
				put(3, (double[]){ m.u_b, m.z, m.p });
			else
				printf("refused\n");
		} else if (!strcmp(op, "paired") || !strcmp(op, "wilcoxon")) {
			struct stats_paired s;
			struct stats_wilcoxon w;

			na = read_n(a);
			for (size_t i = 0; i < na; i++)
				if (scanf("%lf", &b[i]) != 1)
					return 2;
			if (op[0] == 'p' && stats_paired(a, b, na, &s) == 0)
				put(8, (double[]){ s.diff, s.sd, s.ci_lo, s.ci_hi, s.rel, s.rel_lo,
						   s.rel_hi, s.corr });
			else if (op[0] == 'w' && stats_wilcoxon(a, b, na, &w) == 0)
				put(5, (double[]){ (double)w.n, w.w_plus, w.z, w.p, w.exact });
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
