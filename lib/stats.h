#ifndef SB_STATS_H
#define SB_STATS_H
/*
 * The statistics core, compiled into the image (swapbench.until) and the
 * host tool: pure functions over arrays of doubles, no I/O, no libraries
 * beyond libm. Sample variance uses n-1; quantiles interpolate linearly
 * between order statistics (Hyndman-Fan type 7, as R and numpy default).
 * Only stats_summarize allocates (a sorted copy); the image does not call it.
 */
#include <stddef.h>
#include <stdint.h>

struct stats_summary {
	size_t n;
	double min, max, q1, median, q3;
	double mean, sd;	/* sd is NAN below two values */
	double ci_lo, ci_hi;	/* 95% CI of the mean, Student t, n-1 df */
	double cv;		/* sd / mean in percent */
};

/* a[i] and b[i] measured next to each other: the pair shares the host's mood. */
struct stats_paired {
	size_t n;		/* pairs */
	double diff;		/* mean of b[i] - a[i] */
	double sd, se;		/* their standard deviation, sd / sqrt(n) */
	double ci_lo, ci_hi;	/* 95% CI of diff, Student t, n-1 df */
	double rel;		/* 100 * diff / |mean(a)|: B/A-1, its sign that of B-A */
	double rel_lo, rel_hi;	/* 95% CI of rel: delta method over the pairs, n-1 df */
	double corr;		/* Pearson correlation of a and b: what pairing gains */
};

/*
 * Pairs added one at a time, in constant memory (swapbench.until in the
 * image and every paired comparison of the host tool: one code path).
 * Each pair carries x, its order: the position of B's run minus A's, in
 * runs (+1: A ran just before B, -1: B just before A). With counterbalanced
 * order (A B, B A, ...) x takes both signs and the analysis fits
 * b - k a = c + g x: the ratio k at x = 0 (the two runs at the same moment)
 * and g, the order effect (what a run's position costs, drift included),
 * with n - 2 degrees of freedom. Without it (every x alike) the plain
 * paired ratio, n - 1 degrees of freedom, and the order effect unknown.
 */
struct stats_pairs {
	size_t n;
	double mx, ma, mb;		/* running means */
	double cxx, cxa, cxb;		/* running sums of centred products */
	double caa, cbb, cab;
};

/*
 * The one quantity every decision in swapbench is about: B/A-1 in
 * percent, with its standard error and degrees of freedom, so that the
 * interval at any level is rel +- t(df) se, and the test is whether that
 * interval holds the reference (0 for a verdict, the threshold for bisect).
 */
struct stats_ratio {
	size_t n;		/* pairs, or units (boots) */
	double rel;		/* 100 (B/A - 1), sign that of B-A below a negative A */
	double se, df;		/* its standard error (percent) and degrees of freedom */
	double lo, hi;		/* 95 % interval */
	int ordered;		/* 1: the order effect was fitted */
	double order, order_se;	/* order effect, percent of A per run of position; NAN unless ordered */
};

double stats_mean(const double *x, size_t n);
double stats_var(const double *x, size_t n);
/* x must be sorted ascending; 0 <= p <= 1. */
double stats_quantile_sorted(const double *x, size_t n, double p);
/* Student's t with df > 0 degrees of freedom: P(T <= t), and its inverse. */
double stats_t_cdf(double t, double df);
double stats_t_quantile(double p, double df);
void stats_summarize(const double *x, size_t n, struct stats_summary *s);
/* The fewest units an interval needs, for one degree of freedom: a side of
 * Welch's interval (runs, or boot means); pairs; pairs once the order effect
 * is fitted (n - 2 df). init-host --describe prints them. */
enum { STATS_MIN_SIDE = 2, STATS_MIN_PAIRS = 2, STATS_MIN_PAIRS_ORDERED = 3 };
/* -1 below two pairs. */
int stats_paired(const double *a, const double *b, size_t n, struct stats_paired *p);
void stats_pairs_add(struct stats_pairs *s, double a, double b, double x);
/* The order-adjusted B/A-1 (see struct stats_pairs); -1 below two pairs or when A's mean is 0. */
int stats_pairs_ratio(const struct stats_pairs *s, struct stats_ratio *r);
/* 100 * (B/A - 1) and its 95 % CI half-width, as stats_pairs_ratio; -1 below two pairs. */
int stats_pairs_rel(const struct stats_pairs *s, double *rel, double *half);
/* The interval of r at a two-sided level (0.95, 0.975, ...). */
void stats_ratio_interval(const struct stats_ratio *r, double level, double *lo, double *hi);
/* Two-sided p of the t test of rel = ref (the level at which the interval would touch ref). */
double stats_ratio_p(const struct stats_ratio *r, double ref);
/*
 * B/A-1 of two independent samples (boot means of two kernels): Welch's
 * interval of the ratio of means by the delta method. -1 below two a side.
 */
int stats_ratio_welch(const double *a, size_t na, const double *b, size_t nb, struct stats_ratio *r);
/*
 * Holm's step-down over n two-sided p values at family-wise level alpha:
 * reject[i] 1 or 0, level[i] the confidence level of the interval that
 * agrees with it (1 - alpha / (n - rank + 1) for a rejected one, that of
 * the first one kept for the others), so that interval and decision agree.
 */
void stats_holm(const double *p, size_t n, double alpha, int *reject, double *level);
/*
 * The smallest true difference a two-sided test at 5 % finds with the given
 * power, for n values (pairs) whose differences have standard deviation sd:
 * (t(0.975, n-1) + t(power, n-1)) * sd / sqrt(n). NAN below two values.
 */
double stats_detectable(double sd, size_t n, double power);
/*
 * A deterministic random stream (splitmix64) for simulations and
 * resampling, so that their figures repeat: the next 64 bits, a uniform
 * in (0, 1), a standard normal (Box-Muller). Host side (stats_summary.c).
 */
uint64_t stats_rand(uint64_t *state);
double stats_uniform(uint64_t *state);
double stats_gauss(uint64_t *state);

#endif
