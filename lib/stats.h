#ifndef SB_STATS_H
#define SB_STATS_H
/*
 * The statistics core, compiled into the image (swapbench.until) and the
 * host tool: pure functions over arrays of doubles, no I/O, no libraries
 * beyond libm. Sample variance uses n-1; quantiles interpolate linearly
 * between order statistics (Hyndman-Fan type 7, as R and numpy default).
 * Only stats_summarize, stats_mann_whitney and stats_wilcoxon allocate
 * (a sorted copy); the image calls none of them.
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

struct stats_welch {
	double diff;		/* mean(b) - mean(a) */
	double se, df;		/* Welch standard error, Welch-Satterthwaite df */
	double ci_lo, ci_hi;	/* 95% CI of diff */
	double rel;		/* 100 * diff / |mean(a)|: B/A-1, its sign that of B-A */
	double rel_lo, rel_hi;	/* 95% CI of rel, delta method on mean(b)/mean(a) */
};

struct stats_mw {
	double u_b;		/* pairs with b > a, ties counted one half */
	double ps;		/* u_b / (na * nb): P(b > a) */
	double z;		/* normal approximation, tie and continuity corrected */
	double p;		/* two-sided */
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

struct stats_wilcoxon {
	size_t n;		/* pairs with b != a (zero differences are dropped) */
	double w_plus;		/* rank sum of the pairs with b > a */
	double z;		/* normal approximation (NAN when exact) */
	double p;		/* two-sided */
	int exact;		/* 1: exact distribution (n <= 50, no ties) */
};

/*
 * Pairs added one at a time, in constant memory (swapbench.until in the
 * image): the same ratio CI as stats_paired from running co-moments.
 */
struct stats_pairs {
	size_t n;
	double ma, mb;		/* running means */
	double caa, cbb, cab;	/* running sums of centred products */
};

double stats_mean(const double *x, size_t n);
double stats_var(const double *x, size_t n);
/* x must be sorted ascending; 0 <= p <= 1. */
double stats_quantile_sorted(const double *x, size_t n, double p);
/* Student's t with df > 0 degrees of freedom: P(T <= t), and its inverse. */
double stats_t_cdf(double t, double df);
double stats_t_quantile(double p, double df);
void stats_summarize(const double *x, size_t n, struct stats_summary *s);
/* These return -1 when a sample is too small (Welch, paired: < 2, ranks: < 1). */
int stats_welch(const double *a, size_t na, const double *b, size_t nb, struct stats_welch *w);
int stats_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
		       struct stats_mw *m);
int stats_paired(const double *a, const double *b, size_t n, struct stats_paired *p);
/* Wilcoxon signed-rank test of b[i] - a[i]; -1 also when every pair is tied. */
int stats_wilcoxon(const double *a, const double *b, size_t n, struct stats_wilcoxon *w);
/*
 * The smallest p the rank test can give, every run of one side beating
 * every run of the other: paired (Wilcoxon signed-rank, exact) with na
 * pairs, else Mann-Whitney (as stats_mann_whitney computes it) with na
 * and nb runs.
 */
double stats_rank_min_p(int paired, size_t na, size_t nb);
/* The fewest runs a side (pairs when paired) with which that p is below alpha. */
unsigned stats_rank_min_runs(int paired, double alpha);
void stats_pairs_add(struct stats_pairs *s, double a, double b);
/* 100 * (mean b / mean a - 1) and its 95 % CI half-width; -1 below two pairs. */
int stats_pairs_rel(const struct stats_pairs *s, double *rel, double *half);
/*
 * The smallest true difference a two-sided test at 5 % finds with the given
 * power, for n values (pairs) whose differences have standard deviation sd:
 * (t(0.975, n-1) + t(power, n-1)) * sd / sqrt(n). NAN below two values.
 */
double stats_detectable(double sd, size_t n, double power);
/*
 * A deterministic random stream (splitmix64) for simulations and
 * resampling, so that their figures repeat: the next 64 bits, a uniform
 * in (0, 1), a standard normal (Box-Muller). Host side (stats_rank.c).
 */
uint64_t stats_rand(uint64_t *state);
double stats_uniform(uint64_t *state);
double stats_gauss(uint64_t *state);

#endif
