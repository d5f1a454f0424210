/*
 * swapbench.until and swapbench.maxruns: the keys, the plan's stopping rule
 * (init/config/plan.c) and, by simulation through that same code, the false
 * positive rate of an A/A experiment that stops on precision.
 */
#include "check.h"
#include "init/config/cmdkeys.h"
#include "init/config/cmdline.h"
#include "init/config/plan.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>

static struct sb_config c;
static struct cmdline_msgs m;
static struct plan p;
static const char *const wls[] = { "lines", "fight", NULL };

static void test_keys(void)
{
	CHECK(cmdline_parse("swapbench.until=5", wls, &c, &m) == 0 && c.until_cp == 500,
	      "until=5 is 5.00%% (%u)", c.until_cp);
	CHECK(c.maxruns == 50, "until without maxruns: at most 50 runs a backend (%u)", c.maxruns);
	CHECK(cmdline_parse("swapbench.until=2.5 swapbench.maxruns=30", wls, &c, &m) == 0 &&
	      c.until_cp == 250 && c.maxruns == 30, "until=2.5 maxruns=30");
	CHECK(cmdline_parse("swapbench.until=0.25", wls, &c, &m) == 0 && c.until_cp == 25, "until=0.25");
	CHECK(cmdline_parse("swapbench.until=5%", wls, &c, &m) == -EINVAL, "until=5%% refused");
	CHECK(cmdline_parse("swapbench.until=0", wls, &c, &m) == -EINVAL, "until=0 refused");
	CHECK(cmdline_parse("swapbench.until=1.234", wls, &c, &m) == -EINVAL, "until with 3 decimals refused");
	CHECK(cmdline_parse("swapbench.until=101", wls, &c, &m) == -EINVAL, "until above 100 refused");
	CHECK(cmdline_parse("swapbench.until=5 swapbench.order=blocked", wls, &c, &m) == -EINVAL &&
	      strstr(m.error, "order=alternate"), "until with blocked order refused: %s", m.error);
	CHECK(cmdline_parse("swapbench.until=5 swapbench.runs=20 swapbench.maxruns=10", wls, &c, &m) ==
	      -EINVAL && strstr(m.error, "below swapbench.runs"), "maxruns below runs refused: %s", m.error);
	CHECK(cmdline_parse("swapbench.runs=5 swapbench.maxruns=10", wls, &c, &m) == 0 && m.nwarn == 1 &&
	      strstr(m.warn[0], "no effect"), "maxruns with runs named and no until: a warning");
}

/* 1 workload, 2 backends, runs (least) 3, maxruns 10: feeds b = a * ratio. */
static unsigned feed(double until_pct, double ratio, int fail_round, struct plan_precision *last)
{
	cmdline_parse("swapbench.workloads=fight swapbench.runs=3 swapbench.maxruns=10 swapbench.warmup=1",
		      wls, &c, &m);
	c.until_cp = (unsigned)(until_pct * 100);
	plan_make(&c, &p);
	for (unsigned i = 0; i < p.n; i++) {
		const struct plan_item *it = &p.item[i];
		double a = 10 + it->iter % 3;	/* the host's mood changes from pair to pair */
		double v = it->backend == BACKEND_PARTITION ? a : a * ratio;

		if ((int)it->iter == fail_round && it->backend == BACKEND_FILE)
			v = NAN;
		if (plan_note(&p, i, v, NAN, last) && last->stop)
			return i + 1;
	}
	return p.n;
}

static void test_stop_rule(void)
{
	struct plan_precision pr;
	double rel, half;
	size_t pairs;

	CHECK(feed(5, 1.02, 0, &pr) == 2 + 3 * 2, "exact +2%%: stops after the warm-up and 3 rounds");
	CHECK(pr.stop && pr.round == 3 && pr.worst < 1e-9, "stop on precision at round 3, half-width 0");
	plan_rel(&p, 0, BACKEND_FILE, &pairs, &rel, &half);
	CHECK(pairs == 3 && fabs(rel - 2) < 1e-9, "3 pairs, B/A-1 = +2%% (%g)", rel);
	CHECK(feed(5, 1.02, 2, &pr) == 2 + 4 * 2 && pr.round == 4,
	      "a failed run leaves its pair out: 4 rounds for 3 pairs");
	CHECK(p.measured == 20, "the plan holds maxruns rounds (20 runs)");
	/* B spreads from 0.6x to 1.4x A: no precision, ever (and no slow mode: the spread is one mode) */
	cmdline_parse("swapbench.workloads=fight swapbench.runs=3 swapbench.maxruns=10 swapbench.until=5",
		      wls, &c, &m);
	plan_make(&c, &p);
	for (unsigned i = 0; i < p.n; i++) {
		/* 11.6 8.4 14 10.8 ...: uncorrelated with the order (A B, B A), so the order term cannot absorb it */
		double v = p.item[i].backend == BACKEND_PARTITION ? 10 : 6 + 0.8 * ((p.item[i].iter * 7) % 11);

		if (plan_note(&p, i, v, NAN, &pr) && pr.stop)
			break;
	}
	CHECK(!pr.stop && pr.round == 10 && pr.worst > 5, "imprecise: runs to maxruns (10 rounds, +-%.0f%%)",
	      pr.worst);
	/* one swapfile run in the slow mode (3 x): counted apart once its side has 5 runs (lib/slowmode.c) */
	cmdline_parse("swapbench.workloads=fight swapbench.runs=3 swapbench.maxruns=10 swapbench.until=5",
		      wls, &c, &m);
	plan_make(&c, &p);
	for (unsigned i = 0; i < p.n; i++) {
		const struct plan_item *it = &p.item[i];
		double a = 10 + it->iter % 3, v = it->backend == BACKEND_PARTITION ? a : a * (it->iter == 2 ? 3 : 1.02);

		if (plan_note(&p, i, v, NAN, &pr) && pr.stop)
			break;
	}
	CHECK(pr.stop && pr.round == 5 && pr.pairs == 4 && p.u.slow_b[0][BACKEND_FILE] == 1 &&
	      p.u.slow_a[0][BACKEND_FILE] == 0, "a 3 x run of B: slow mode from the 5th round, its pair apart, "
	      "stop on 4 typical pairs (round %u, %zu pairs, %u slow)", pr.round, pr.pairs,
	      (unsigned)p.u.slow_b[0][BACKEND_FILE]);
	/* the same run by its faults: 4 x the major faults a page of the others, only 1.1 x as long
	 * (below the time fence's 1.25 x): the counters decide where they are recorded */
	plan_make(&c, &p);
	for (unsigned i = 0; i < p.n; i++) {
		const struct plan_item *it = &p.item[i];
		double f = it->backend == BACKEND_FILE && it->iter == 3 ? 0.5 : 0.125;
		double a = 10 + it->iter % 3, v = it->backend == BACKEND_PARTITION ? a : a * (f > 0.2 ? 1.1 : 1.02);

		if (plan_note(&p, i, v, f, &pr) && pr.stop)
			break;
	}
	CHECK(pr.stop && pr.round == 5 && pr.pairs == 4 && p.u.slow_b[0][BACKEND_FILE] == 1,
	      "a run with 4 x the faults a page: in the slow mode by its counters (round %u, %zu pairs)",
	      pr.round, pr.pairs);
	cmdline_parse("swapbench.workloads=fight", wls, &c, &m);
	plan_make(&c, &p);
	CHECK(plan_note(&p, p.n - 1, 1, NAN, &pr) == 0, "without until plan_note reports nothing");
}

static void test_pairs_accumulator(void)
{
	static const double a[] = { 10.2, 11.9, 9.4, 13.1, 10.8, 12.2 }, b[] = { 10.9, 12.1, 10.3, 13.0, 11.9, 12.5 };
	struct stats_pairs s = { 0 };
	struct stats_paired ref;
	double rel, half;

	for (int i = 0; i < 6; i++)
		stats_pairs_add(&s, a[i], b[i], 1);
	stats_paired(a, b, 6, &ref);
	CHECK(stats_pairs_rel(&s, &rel, &half) == 0, "running pairs give a CI from 2 pairs on");
	CHECK_NEAR(rel, ref.rel, 1e-9, "running B/A-1 equals stats_paired's");
	CHECK_NEAR(half, (ref.rel_hi - ref.rel_lo) / 2, 1e-9, "running half-width equals stats_paired's");
}

/* a fixed stream (lib's splitmix64), so the test cannot flake */
static uint64_t rng = 14;

static double gauss(void)
{
	return stats_gauss(&rng);
}

/*
 * One simulated experiment: 2 workloads, the host's mood shared by both runs
 * of a pair (CV 10 %) and each run's own noise (CV 6 %, lognormal), the
 * host's speed drifting by drift (a fraction) a run, B = A times ratio, in
 * the plan's own order (counterbalanced: A B, B A, ...). Counts the
 * workloads whose verdict says "difference proven": the 95 % CI that
 * plan_rel gives (the one compare prints) excludes 0; stop_on_p stops
 * instead on the first proven verdict.
 */
static int experiment(double until, unsigned minruns, unsigned maxruns, double ratio, double drift,
		      int stop_on_p, unsigned *rounds)
{
	struct plan_precision pr;
	double mood = 1;

	cmdline_parse("swapbench.workloads=lines,fight swapbench.warmup=0", wls, &c, &m);
	c.runs = minruns;
	c.maxruns = maxruns;
	c.until_cp = (unsigned)(until * 100);
	plan_make(&c, &p);
	for (unsigned i = 0; i < p.n; i++) {
		const struct plan_item *it = &p.item[i];
		double v;
		int proven = 0;

		if (!i || p.item[i - 1].workload != it->workload || p.item[i - 1].iter != it->iter)
			mood = exp(0.10 * gauss());	/* the first run of a pair */
		v = 10 * mood * exp(0.06 * gauss()) * (it->backend == BACKEND_FILE ? ratio : 1) *
		    (1 + drift * i);
		if (!plan_note(&p, i, v, NAN, &pr))
			continue;
		*rounds = pr.round;
		for (int w = 0; w < 2; w++) {
			double rel, half;
			size_t n;

			proven += !plan_rel(&p, w, BACKEND_FILE, &n, &rel, &half) && fabs(rel) > half;
		}
		if (pr.stop || (stop_on_p && proven && pr.round >= minruns) || pr.round == maxruns)
			return proven;
	}
	return 0;
}

static void test_false_positives(void)
{
	const int n = 2000;
	int fp = 0, fp_p = 0, fp_drift = 0, power = 0, fp_def = 0;
	unsigned sum_def = 0;
	unsigned rounds, sum = 0, hit_max = 0;

	for (int k = 0; k < n; k++) {
		fp += experiment(5, 10, 50, 1, 0, 0, &rounds);
		sum += rounds;
		hit_max += rounds == 50;
	}
	/* each workload's comparison is one chance of a false positive */
	double rate = fp / (2.0 * n), se = sqrt(0.05 * 0.95 / (2.0 * n));

	for (int k = 0; k < n; k++)
		fp_p += experiment(5, 10, 50, 1, 0, 1, &rounds);
	for (int k = 0; k < n / 2; k++)
		fp_drift += experiment(5, 10, 50, 1, 0.01, 0, &rounds);
	for (int k = 0; k < 500; k++)
		power += experiment(5, 10, 50, 1.10, 0, 0, &rounds);
	/* the default experiment's own bounds (init/config/cmdkeys.h) */
	for (int k = 0; k < n; k++) {
		fp_def += experiment(DEFAULT_UNTIL_CP / 100.0, DEFAULT_MINRUNS, DEFAULT_MAXRUNS, 1, 0, 0, &rounds);
		sum_def += rounds;
	}
	printf("INFO until=5%% runs=10 maxruns=50, A/A, CV 10%% shared by a pair + 6%% own: "
	       "%d of %d verdicts claimed a difference (%.2f%%), %.1f pairs on average, "
	       "%u experiments at maxruns\n", fp, 2 * n, 100 * rate, (double)sum / n, hit_max);
	printf("INFO stopping on significance instead: %.2f%%\n", 100.0 * fp_p / (2.0 * n));
	printf("INFO the host 1 %% slower every run (drift), counterbalanced order: %.2f%% of %d\n",
	       100.0 * fp_drift / n, n);
	printf("INFO B 10%% slower: %d of 1000 verdicts B slower\n", power);
	printf("INFO the default experiment (until=%u%%, at least %u, at most %u pairs), A/A: %.2f%% of %d, "
	       "%.1f pairs on average\n", DEFAULT_UNTIL_CP / 100, DEFAULT_MINRUNS, DEFAULT_MAXRUNS,
	       100.0 * fp_def / (2.0 * n), 2 * n, (double)sum_def / n);
	/*
	 * Stopping when the interval is narrow enough stops more often where the
	 * variance happens to be low (Chow and Robbins' fixed-width intervals
	 * cover a little less than their level): about 6 %, docs/verdicts.md.
	 */
	CHECK(rate <= 0.07, "A/A stopping on precision: false verdicts %.2f%% <= 7%%", 100 * rate);
	CHECK(fp_p / (2.0 * n) > 0.05 + 4 * se, "stopping on significance would inflate them (%.2f%%)",
	      100.0 * fp_p / (2.0 * n));
	CHECK(fp_drift <= 0.07 * n, "a drift of 1 %% a run, counterbalanced: false verdicts %.2f%% <= 7%%",
	      100.0 * fp_drift / n);
	CHECK(power >= 900, "a true 10%% slowdown is proven in >= 90%% of comparisons (%d of 1000)", power);
	CHECK(fp_def / (2.0 * n) <= 0.07, "the default experiment's bounds, A/A: false verdicts %.2f%% <= 7%%",
	      100.0 * fp_def / (2.0 * n));
}

int main(void)
{
	test_keys();
	test_stop_rule();
	test_pairs_accumulator();
	test_false_positives();
	CHECK_DONE();
}
