#ifndef SBR_STATS_H
#define SBR_STATS_H
/*
 * Pure statistics over arrays of doubles: no I/O, no allocation visible to
 * the caller. Sample variance uses n-1; quantiles interpolate linearly
 * between order statistics (Hyndman-Fan type 7, as R and numpy default).
 */
#include <stddef.h>

struct stats_summary {
	size_t n;
	double min, max, q1, median, q3;
	double mean, sd;	/* sd is NAN below two values */
	double ci_lo, ci_hi;	/* 95% CI of the mean, Student t, n-1 df */
	double cv;		/* sd / mean in percent */
};

struct stats_welch {
	double diff;		/* mean(b) - mean(a) */
	double se, df;		/* Welch standard error, Welch-Satterthwaite df */
	double ci_lo, ci_hi;	/* 95% CI of diff */
	double rel;		/* 100 * diff / mean(a) */
	double rel_lo, rel_hi;	/* 95% CI of rel, delta method on mean(b)/mean(a) */
};

struct stats_mw {
	double u_b;		/* pairs with b > a, ties counted one half */
	double ps;		/* u_b / (na * nb): P(b > a) */
	double z;		/* normal approximation, tie and continuity corrected */
	double p;		/* two-sided */
};

double stats_mean(const double *x, size_t n);
double stats_var(const double *x, size_t n);
/* x must be sorted ascending; 0 <= p <= 1. */
double stats_quantile_sorted(const double *x, size_t n, double p);
/* Quantile of Student's t with df degrees of freedom. */
double stats_t_quantile(double p, double df);
void stats_summarize(const double *x, size_t n, struct stats_summary *s);
/* Both return -1 when a sample is too small (Welch: < 2, Mann-Whitney: < 1). */
int stats_welch(const double *a, size_t na, const double *b, size_t nb, struct stats_welch *w);
int stats_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
		       struct stats_mw *m);

#endif
