/*
 * report/stats.c against values computed independently of it and of GSL:
 * tests/fixtures/seed000_expected.py (Python standard library only) prints
 * every expected number below. Data: reference document 000, third
 * experiment (tests/unit/seed000.h), A = partition, B = swapfile.
 */
#include "check.h"
#include "seed000.h"
#include "../../report/stats.h"

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

static void test_welch_seed000(void)
{
	struct stats_welch w;

	CHECK(stats_welch(seed000_partition, 40, seed000_file, 40, &w) == 0, "welch runs on 40+40");
	CHECK_NEAR(w.diff, -9.093, 1e-9, "welch diff B-A (file - partition)");
	CHECK_NEAR(w.se, 2.2430460402, 1e-9, "welch standard error");
	CHECK_NEAR(w.df, 40.9969527071, 1e-8, "welch-satterthwaite df");
	/* t(0.975, 40.997) = 2.0195455292 by bisection on the integrated density */
	CHECK_NEAR(w.ci_lo, -13.6229336024, 1e-7, "welch 95%% CI low");
	CHECK_NEAR(w.ci_hi, -4.5630663976, 1e-7, "welch 95%% CI high");
	CHECK_NEAR(w.rel, -8.5249805462, 1e-8, "relative difference percent");
	CHECK_NEAR(w.rel_lo, -12.7643031581, 1e-7, "relative 95%% CI low (delta method)");
	CHECK_NEAR(w.rel_hi, -4.2856579343, 1e-7, "relative 95%% CI high (delta method)");
}

static void test_mann_whitney_seed000(void)
{
	struct stats_mw m;

	CHECK(stats_mann_whitney(seed000_partition, 40, seed000_file, 40, &m) == 0,
	      "mann-whitney runs on 40+40");
	/* only the two swapfile outliers beat every partition run: 2 * 40 pairs */
	CHECK_NEAR(m.u_b, 80, 1e-12, "U of B counted over all 1600 pairs");
	CHECK_NEAR(m.ps, 0.05, 1e-12, "P(B > A)");
	CHECK_NEAR(m.z, -6.9233919780, 1e-9, "z, continuity corrected");
	CHECK_NEAR(m.p / 4.4095541995e-12, 1, 1e-6, "two-sided p = erfc(|z|/sqrt 2)");
}

static void test_ties(void)
{
	static const double a[] = { 1, 2, 2, 3, 5 }, b[] = { 2, 3, 3, 4, 6, 7 };
	struct stats_mw m;
	struct stats_welch w;

	stats_mann_whitney(a, 5, b, 6, &m);
	CHECK_NEAR(m.u_b, 23, 1e-12, "U with ties counts ties one half");
	CHECK_NEAR(m.z, 1.3949031210, 1e-9, "z with tie correction (sum t^3-t = 48)");
	CHECK_NEAR(m.p, 0.16304505585, 1e-9, "p with tie correction");
	stats_welch(a, 5, b, 6, &w);
	CHECK_NEAR(w.df, 8.9830824601, 1e-8, "small welch df");
	CHECK_NEAR(w.ci_lo, -0.7933635051, 1e-8, "small welch CI low, t(0.975, 8.98)");
	CHECK_NEAR(w.ci_hi, 3.9266968384, 1e-8, "small welch CI high");
	CHECK_NEAR(w.rel_lo, -59.9900969647, 1e-6, "small relative CI low");
	CHECK_NEAR(w.rel_hi, 180.5029174775, 1e-6, "small relative CI high");
}

static void test_edges(void)
{
	static const double one[] = { 4 }, same[] = { 3, 3, 3 }, four[] = { 1, 2, 3, 4 };
	struct stats_summary s;
	struct stats_welch w;
	struct stats_mw m;

	stats_summarize(one, 1, &s);
	CHECK(s.n == 1 && s.mean == 4 && s.median == 4, "one value: mean and median");
	CHECK(isnan(s.sd) && isnan(s.ci_lo), "one value: no stddev, no CI");
	stats_summarize(four, 4, &s);
	CHECK_NEAR(s.median, 2.5, 1e-12, "even n median interpolates");
	CHECK_NEAR(s.q1, 1.75, 1e-12, "q1 type 7 on 1..4");
	stats_summarize(NULL, 0, &s);
	CHECK(s.n == 0 && isnan(s.mean), "empty sample gives NAN");
	CHECK(stats_welch(one, 1, same, 3, &w) < 0, "welch refuses a single value");
	CHECK(stats_welch(same, 3, same, 3, &w) == 0 && w.diff == 0 && w.ci_lo == 0 &&
	      w.ci_hi == 0 && w.rel_hi == 0, "identical constant samples: zero width CI");
	CHECK(stats_mann_whitney(same, 3, same, 3, &m) == 0 && m.p == 1 && m.u_b == 4.5,
	      "all tied: U = half the pairs, p = 1");
}

int main(void)
{
	test_t_quantile();
	test_summary_partition();
	test_summary_file();
	test_welch_seed000();
	test_mann_whitney_seed000();
	test_ties();
	test_edges();
	CHECK_DONE();
}
