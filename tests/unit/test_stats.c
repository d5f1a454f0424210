/*
 * lib/stats.c against values computed independently of it:
 * tests/fixtures/seed000_expected.py (Python standard library only) prints
 * the unpaired figures below, tests/fixtures/stats_oracle.py --print-seed000
 * (scipy) the paired ones; tests/integration/stats_oracle.sh compares many more
 * fixtures with scipy live. Data: reference document 000, third
 * experiment (tests/unit/seed000.h), A = partition, B = swapfile, in run
 * order: pair i is the i-th swapfile run and the partition run after it.
 */
#include "check.h"
#include "seed000.h"
#include "lib/stats.h"

#include <math.h>

static void test_t_quantile(void)
{
	/* A&S 26.7.4 closed form for odd df gives CDF 0.975 at 2.0226909200 */
	CHECK_NEAR(stats_t_quantile(0.975, 39), 2.0226909200, 1e-9, "t quantile 0.975 df 39");
	/* printed tables: t(0.975, 1) = 12.706204736, t(0.975, 9) = 2.262157163 */
	CHECK_NEAR(stats_t_quantile(0.975, 1), 12.706204736, 1e-8, "t quantile 0.975 df 1");
	CHECK_NEAR(stats_t_quantile(0.975, 9), 2.262157163, 1e-8, "t quantile 0.975 df 9");
}

static void test_summary_partition(void)
{
	struct stats_summary s;

	stats_summarize(seed000_partition, 40, &s);
	CHECK(s.n == 40, "partition summary n is 40");
	CHECK_NEAR(s.min, 102.78, 1e-12, "partition min");
	CHECK_NEAR(s.max, 111.69, 1e-12, "partition max");
	CHECK_NEAR(s.mean, 106.663, 1e-9, "partition mean (statistics.mean)");
	CHECK_NEAR(s.median, 106.86, 1e-9, "partition median (statistics.median)");
	CHECK_NEAR(s.q1, 104.605, 1e-9, "partition q1 (quantiles inclusive)");
	CHECK_NEAR(s.q3, 107.8425, 1e-9, "partition q3 (quantiles inclusive)");
	CHECK_NEAR(s.sd, 2.2420963176, 1e-9, "partition stddev (statistics.stdev)");
	CHECK_NEAR(s.ci_lo, 105.9459428104, 1e-8, "partition 95%% CI low (mean - t39 sd/sqrt n)");
	CHECK_NEAR(s.ci_hi, 107.3800571896, 1e-8, "partition 95%% CI high");
	CHECK_NEAR(s.cv, 2.1020375553, 1e-8, "partition CV percent");
}

static void test_summary_file(void)
{
	struct stats_summary s;

	stats_summarize(seed000_file, 40, &s);
	CHECK_NEAR(s.min, 90.63, 1e-12, "file min");
	CHECK_NEAR(s.max, 160.97, 1e-12, "file max (the outlier)");
	CHECK_NEAR(s.mean, 97.57, 1e-9, "file mean");
	CHECK_NEAR(s.median, 94.365, 1e-9, "file median");
	CHECK_NEAR(s.q1, 93.1575, 1e-9, "file q1");
	CHECK_NEAR(s.q3, 95.9025, 1e-9, "file q3");
	CHECK_NEAR(s.sd, 14.0079700757, 1e-9, "file stddev");
	CHECK_NEAR(s.ci_lo, 93.0900338292, 1e-8, "file 95%% CI low");
	CHECK_NEAR(s.ci_hi, 102.0499661708, 1e-8, "file 95%% CI high");
	CHECK_NEAR(s.cv, 14.3568413197, 1e-8, "file CV percent");
}

/* B/A-1 of two independent samples (report/stats/compare.c's unpaired and boots analyses) */
static void test_ratio_welch_seed000(void)
{
	struct stats_ratio r;

	CHECK(stats_ratio_welch(seed000_partition, 40, seed000_file, 40, &r) == 0, "ratio welch runs on 40+40");
	CHECK_NEAR(r.rel, -8.5249805462, 1e-8, "relative difference percent");
	CHECK_NEAR(r.lo, -12.7643031581, 1e-7, "relative 95%% CI low (delta method)");
	CHECK_NEAR(r.hi, -4.2856579343, 1e-7, "relative 95%% CI high (delta method)");
}

static void test_ties(void)
{
	static const double a[] = { 1, 2, 2, 3, 5 }, b[] = { 2, 3, 3, 4, 6, 7 };
	struct stats_ratio r;

	stats_ratio_welch(a, 5, b, 6, &r);
	CHECK_NEAR(r.lo, -59.9900969647, 1e-6, "small relative CI low");
	CHECK_NEAR(r.hi, 180.5029174775, 1e-6, "small relative CI high");
}

static void test_t_cdf(void)
{
	CHECK_NEAR(stats_t_cdf(2.0226909200, 39), 0.975, 1e-11, "t cdf inverts the quantile, df 39");
	CHECK_NEAR(stats_t_cdf(-1, 1), 0.25, 1e-14, "t cdf df 1 is Cauchy: 1/2 + atan(x)/pi");
	CHECK_NEAR(stats_t_cdf(0, 7), 0.5, 1e-15, "t cdf at 0 is one half");
	/* df 2 has a closed form: 1/2 + x / (2 sqrt(2 + x^2)) */
	CHECK_NEAR(stats_t_cdf(1.5, 2), 0.5 + 1.5 / (2 * sqrt(2 + 2.25)), 1e-14, "t cdf df 2 closed form");
	CHECK_NEAR(stats_t_quantile(0.975, 1e6), 1.959966, 1e-6, "t quantile large df tends to normal");
}

static void test_paired_seed000(void)
{
	struct stats_paired p;

	CHECK(stats_paired(seed000_partition, seed000_file, 40, &p) == 0, "paired runs on 40 pairs");
	CHECK_NEAR(p.diff, -9.093, 1e-9, "paired mean difference B-A");
	CHECK_NEAR(p.sd, 14.4797404354, 1e-9, "paired sd of the differences");
	CHECK_NEAR(p.ci_lo, -13.7238456516, 1e-8, "paired 95%% CI low (t39)");
	CHECK_NEAR(p.ci_hi, -4.4621543484, 1e-8, "paired 95%% CI high");
	CHECK_NEAR(p.rel, -8.5249805462, 1e-8, "paired B/A-1 percent");
	CHECK_NEAR(p.rel_lo, -12.8505969597, 1e-8, "paired B/A-1 CI low (delta method, pairs)");
	CHECK_NEAR(p.rel_hi, -4.1993641327, 1e-8, "paired B/A-1 CI high");
	CHECK_NEAR(p.corr, -0.1339287915, 1e-9, "seed 000 pairs do not share noise (r < 0)");
}

static void test_detectable(void)
{
	/* 40 pairs, sd 10: (t(0.975,39) + t(0.8,39)) * 10 / sqrt 40, t values from the oracle */
	CHECK_NEAR(stats_detectable(10, 40, 0.8), 4.5436015568, 1e-8, "detectable difference, 40 pairs");
	CHECK(isnan(stats_detectable(10, 1, 0.8)), "detectable needs two values");
}

static void test_edges(void)
{
	static const double one[] = { 4 }, same[] = { 3, 3, 3 }, four[] = { 1, 2, 3, 4 };
	struct stats_summary s;
	struct stats_ratio r;

	stats_summarize(one, 1, &s);
	CHECK(s.n == 1 && s.mean == 4 && s.median == 4, "one value: mean and median");
	CHECK(isnan(s.sd) && isnan(s.ci_lo), "one value: no stddev, no CI");
	stats_summarize(four, 4, &s);
	CHECK_NEAR(s.median, 2.5, 1e-12, "even n median interpolates");
	CHECK_NEAR(s.q1, 1.75, 1e-12, "q1 type 7 on 1..4");
	stats_summarize(NULL, 0, &s);
	CHECK(s.n == 0 && isnan(s.mean), "empty sample gives NAN");
	CHECK(stats_ratio_welch(one, 1, same, 3, &r) < 0, "ratio welch refuses a single value");
	CHECK(stats_ratio_welch(same, 3, same, 3, &r) == 0 && r.rel == 0 && r.lo == 0 && r.hi == 0,
	      "identical constant samples: zero width CI");
}

int main(void)
{
	test_t_quantile();
	test_t_cdf();
	test_paired_seed000();
	test_detectable();
	test_summary_partition();
	test_summary_file();
	test_ratio_welch_seed000();
	test_ties();
	test_edges();
	CHECK_DONE();
}
