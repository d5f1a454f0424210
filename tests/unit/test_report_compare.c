/*
 * report/stats/compare.c: verdicts and the --bisect decision on constructed data.
 * Exit codes follow git bisect run: 0 good, 1 bad, 125 skip.
 */
#include "check.h"
#include "seed000.h"
#include "report/stats/compare.h"
#include "report/stats/bisect.h"
#include "report/out/compare_print.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static struct cell make_cell(const char *group, double *v, size_t n)
{
	return compare_values_cell("lines", group, v, n);
}

static int interim;	/* the next bisect() is an interim look */

static enum bisect_result bisect(const double *a, size_t na, const double *b, size_t nb,
				 double scale, int higher_better, struct comparison *out)
{
	static double va[64], vb[64];
	struct bisect_opts o = { "elapsed_s", 5, higher_better, interim };
	struct cell ca, cb;
	enum bisect_result r;

	for (size_t i = 0; i < na; i++)
		va[i] = a[i];
	for (size_t i = 0; i < nb; i++)
		vb[i] = b[i] * scale;
	ca = make_cell("partition", va, na);
	cb = make_cell("partition", vb, nb);
	compare_cells(&ca, &cb, out);
	r = bisect_decide(out, 1, &o, NULL);
	return r;
}

static void test_seed000_verdict(void)
{
	double a[40], b[40];
	struct cell ca, cb;
	struct comparison c;

	memcpy(a, seed000_partition, sizeof(a));
	memcpy(b, seed000_file, sizeof(b));
	ca = make_cell("partition", a, 40);
	cb = make_cell("file", b, 40);
	compare_cells(&ca, &cb, &c);
	CHECK(c.verdict == V_LOWER, "document 000: swapfile proven faster than partition");
	CHECK_STR(compare_verdict_name(c.verdict, "elapsed_s"), "B faster", "verdict named B faster");
	CHECK_STR(compare_verdict_name(V_HIGHER, "w.throughput"), "B higher",
		  "non-time metric says higher, not slower");
}

/* the default experiment's draw 3 on the 7K500 (3 Dec 2026): one swapfile
 * run of 12 lost half its swap readahead and took 1.9 x the others */
static void test_slow_runs(void)
{
	double file[] = { 16.82, 16.38, 16.75, 17.54, 32.03, 17.27, 16.44, 16.66, 16.62, 16.96, 17.72, 17.32 };
	double part[] = { 22.05, 20.08, 19.80, 21.30, 21.75, 20.66, 23.50, 20.40, 20.20, 20.93, 20.05, 20.30 };
	struct slow_run f[COMPARE_SLOW_LIST];
	struct cell c = make_cell("file", file, 12), p;
	size_t n = compare_slow_runs(&c, f);
	struct comparison cmp;

	CHECK(n == 1 && f[0].v == 32.03 && fabs(f[0].ratio - 32.03 / 16.89) < 1e-9,
	      "slow runs: the one swapfile run of 32.03 s, 1.90 x the median 16.89 s (%zu found, %.4g)", n,
	      n ? f[0].v : 0.0);
	p = make_cell("partition", part, 12);
	CHECK(compare_slow_runs(&p, f) == 0, "slow runs: none of the partition's, 23.50 s the farthest (1.14 x)");
	c = make_cell("file", file + 2, 4);
	CHECK(compare_slow_runs(&c, f) == 0, "slow runs: none in a side of 4 runs, 32.03 s among them (5 needed)");
	c = make_cell("file", file, 12);
	compare_aligned(&p, &c, 1, &cmp);
	CHECK(cmp.sla.k == 0 && cmp.slb.k == 1 && cmp.sla.n == 12 && cmp.slb.n == 12 && cmp.est.na == 11,
	      "the 7K500's draw: B 1 of 12 slow, A 0 of 12, 11 typical pairs (%zu, %zu, %zu)", cmp.slb.k,
	      cmp.sla.k, cmp.est.na);
	CHECK(cmp.verdict == V_LOWER && cmp.est.rel < -17 && cmp.est.rel > -20,
	      "the 7K500's draw: the swapfile faster in typical runs, %.1f %% (its 32.03 s run apart)", cmp.est.rel);
	CHECK(fabs(cmp.slow_p - 1) < 1e-9, "1 of 12 against 0 of 12: Fisher's p = 1 (%.3g)", cmp.slow_p);
	CHECK(cmp.slb.lo > 0 && cmp.slb.lo < 2 && cmp.slb.hi > 34 && cmp.slb.hi < 36,
	      "Wilson's interval of 1 in 12: 1.5 %% to 35.4 %% (%.1f %% to %.1f %%)", cmp.slb.lo, cmp.slb.hi);
}

/* The mixture's interval holds the slow runs' cost, the typical one does not. */
static void test_seed000_slow_mode(void)
{
	double a[40], b[40];
	struct cell ca, cb;
	struct comparison c;
	struct mixture m, m2;

	memcpy(a, seed000_partition, sizeof(a));
	memcpy(b, seed000_file, sizeof(b));
	ca = make_cell("partition", a, 40);
	cb = make_cell("file", b, 40);
	compare_aligned(&ca, &cb, 0, &c);
	CHECK(c.sla.k == 0 && c.slb.k == 2, "document 000: 2 of 40 swapfile runs in the slow mode (160.97 "
	      "and 153.28 s), none of the partition's (%zu, %zu)", c.slb.k, c.sla.k);
	CHECK(c.verdict == V_LOWER && c.est.rel > -12.6 && c.est.rel < -10.4 && c.est.rel_hi < -10,
	      "document 000: typical runs -11.5 %% (%.2f %%, CI to %.2f %%)", c.est.rel, c.est.rel_hi);
	CHECK(!compare_mixture(&c, &m) && fabs(m.rel - (stats_mean(b, 40) / stats_mean(a, 40) - 1) * 100) < 1e-9,
	      "document 000: the mean a user pays is the ratio of all means, %.2f %%", m.rel);
	CHECK(m.hi - m.lo > 2 * (c.est.rel_hi - c.est.rel_lo) && m.hi > c.est.rel_hi && m.hi > -6 && m.hi < -2,
	      "document 000: the mixture's bootstrap interval (%.2f %% to %.2f %%) wider than the typical runs' "
	      "(%.2f %% to %.2f %%)", m.lo, m.hi, c.est.rel_lo, c.est.rel_hi);
	CHECK(!compare_mixture(&c, &m2) && m2.lo == m.lo && m2.hi == m.hi, "the bootstrap repeats (fixed seed)");
	CHECK(isnan(c.fail_p) && c.slow_p > 0.4 && c.slow_p < 0.6,
	      "document 000: 2 of 40 against 0 of 40, Fisher's p = 0.494 (%.3g): no difference proven in the rate",
	      c.slow_p);
}

/* Kalibera and Jones on synthetic data whose variance components are known. */
static void test_levels(void)
{
	static double w[4000];
	static size_t start[401];
	uint64_t rng = 56;
	struct levels l;
	size_t n = 0;

	/* 400 draws of 10 units: draw sd 2, unit sd 3 (variances 4 and 9) */
	for (size_t j = 0; j < 400; j++) {
		double d = 2 * stats_gauss(&rng);

		start[j] = n;
		for (int k = 0; k < 10; k++)
			w[n++] = d + 3 * stats_gauss(&rng);
	}
	start[400] = n;
	CHECK(!levels_compute(w, start, 400, 1, 100, &l), "levels: 400 draws of 10");
	printf("INFO levels, 400 draws of 10 units, T1^2 = 9, T2^2 = 4: S1^2 %.3f, S2^2 %.3f, T2^2 %.3f, "
	       "suggested units a draw at a draw costing 100 units: %u\n", l.s1, l.s2, l.t2, l.suggest);
	CHECK(fabs(l.t1 - 9) < 0.5 && fabs(l.t2 - 4) < 0.8 && fabs(l.s2 - (l.t2 + l.t1 / 10)) < 1e-9,
	      "levels: T1^2 %.2f near 9, T2^2 %.2f near 4, S2^2 = T2^2 + T1^2 / r1", l.t1, l.t2);
	/* ceil(sqrt(100 * 9 / 4)) = 15 */
	CHECK(l.suggest >= 14 && l.suggest <= 16, "levels: units a draw %u near ceil(sqrt(100 * 9 / 4)) = 15",
	      l.suggest);
	/* no draw effect at all: 2 draws, the means closer than the units make them */
	for (size_t i = 0; i < 20; i++)
		w[i] = i % 2 ? 1 : -1;
	w[0] = -1.5;
	start[0] = 0;
	start[1] = 10;
	start[2] = 20;
	CHECK(!levels_compute(w, start, 2, 1, 60, &l) && l.t2 <= 0 && l.suggest == 0,
	      "levels: draws that add nothing visible: T2^2 %.3g <= 0, no repetition count", l.t2);
	CHECK(levels_compute(w, start, 1, 1, 60, &l) == -1, "levels: one draw is no level");
}

static void test_bisect(void)
{
	static const double noisy_a[] = { 10, 14 }, noisy_b[] = { 9, 13 };
	double reversed[40], noisy[40], m = 0;
	struct comparison c;

	for (int i = 0; i < 40; i++) {
		reversed[i] = seed000_partition[39 - i];
		m += seed000_partition[i] / 40;
	}
	/* a side with a CV of 14 % and no slow mode: the partition's runs spread 7 x about their mean
	 * (seed000_file's 14 % is two slow runs among typical ones of 2 %, counted apart now) */
	for (int i = 0; i < 40; i++)
		noisy[i] = m + 7 * (seed000_partition[i] - m);
	CHECK(bisect(seed000_partition, 40, reversed, 40, 1, 0, &c) == BISECT_GOOD,
	      "identical distributions: good (0)");
	CHECK(bisect(seed000_partition, 40, seed000_partition, 40, 1.2, 0, &c) == BISECT_BAD,
	      "B 20%% slower: bad (1)");
	CHECK(c.verdict == V_HIGHER && c.est.rel > 19.99 && c.est.rel < 20.01,
	      "B 20%% slower: verdict B slower, +20%%");
	CHECK(bisect(seed000_partition, 40, seed000_partition, 40, 1.03, 0, &c) == BISECT_GOOD,
	      "B proven 3%% slower, CI below 5%%: good (0)");
	CHECK(bisect(noisy_a, 2, noisy_b, 2, 1, 0, &c) == BISECT_SKIP,
	      "two noisy runs each: inconclusive (125)");
	interim = 1;
	CHECK(bisect(noisy, 40, noisy, 40, 1.04, 0, &c) == BISECT_SKIP,
	      "4%% slower inside a CV of 14%%, more runs may follow: undecided (125)");
	CHECK(bisect(seed000_partition, 40, seed000_partition, 40, 1.2, 0, &c) == BISECT_BAD,
	      "B 20%% slower at an interim look: bad (1)");
	interim = 0;
	CHECK(bisect(noisy, 40, noisy, 40, 1.04, 0, &c) == BISECT_SKIP,
	      "4%% slower inside a CV of 14%% at the last look: the interval holds the threshold, "
	      "no guess (125)");
	CHECK(bisect(noisy, 40, noisy, 40, 1.15, 0, &c) == BISECT_BAD &&
	      c.est.rel_lo > 5, "15%% slower inside a CV of 14%%: the interval above 5%%, bad (1)");
	CHECK(bisect(noisy, 40, noisy, 40, 1.08, 0, &c) == BISECT_SKIP && c.est.rel > 5,
	      "8%% slower inside a CV of 14%%: point above the threshold, interval not: 125, not bad");
	CHECK(bisect(noisy, 16, noisy, 16, 1.045, 0, &c) == BISECT_SKIP,
	      "4.5%% slower, 16 runs at a CV of 14%%, last look: neither (125)");
	CHECK(bisect(noisy_a, 2, noisy_b, 1, 1, 0, &c) == BISECT_SKIP,
	      "one run of B: inconclusive (125)");
	CHECK(bisect(seed000_partition, 40, seed000_partition, 40, 0.8, 1, &c) == BISECT_BAD,
	      "--higher-better and B 20%% lower: bad (1)");
	CHECK(bisect(seed000_partition, 40, seed000_partition, 40, 0.8, 0, &c) == BISECT_GOOD,
	      "B 20%% faster: good (0)");

	CHECK(bisect_decide(NULL, 0, &(struct bisect_opts){ "elapsed_s", 5, 0, 0 }, NULL) ==
	      BISECT_SKIP, "no data: inconclusive (125)");
}

static void test_bisect_failures(void)
{
	double a[40], b[40];
	struct bisect_opts o = { "elapsed_s", 5, 0, 0 };
	struct cell ca, cb;
	struct comparison c[2];

	memcpy(a, seed000_partition, sizeof(a));
	memcpy(b, seed000_partition, sizeof(b));
	ca = make_cell("partition", a, 40);
	cb = make_cell("partition", b, 40);
	cb.nruns = 43;
	cb.nstatus[ST_OOM] = 3;
	compare_cells(&ca, &cb, &c[0]);
	CHECK(bisect_decide(c, 1, &o, NULL) == BISECT_SKIP,
	      "B has oom runs, A none: never good (125)");
	cb.nruns = 40;
	cb.nstatus[ST_OOM] = 0;
	compare_cells(&ca, &cb, &c[0]);
	for (int i = 0; i < 40; i++)
		b[i] *= 1.5;
	compare_cells(&ca, &cb, &c[1]);
	CHECK(bisect_decide(c, 2, &o, NULL) == BISECT_BAD, "one good and one bad workload: bad (1)");
	/* B as fast as A in typical runs, but 12 of its 40 runs in the slow mode (2.5 x), A none */
	for (int i = 0; i < 40; i++)
		b[i] = seed000_partition[i] * (i % 10 < 3 ? 2.5 : 1);
	compare_cells(&ca, &cb, &c[0]);
	compare_family(c, 1);
	CHECK(c[0].slb.k == 12 && c[0].sla.k == 0 && c[0].slow_verdict > 0 && fabs(c[0].est.rel) < 1,
	      "B's slow mode 12 of 40, A's 0 of 40: proven more frequent, typical runs alike (%+.2f %%)",
	      c[0].est.rel);
	CHECK(bisect_decide(c, 1, &o, NULL) == BISECT_BAD, "B's slow mode proven more frequent: bad (1)");
}

/* lib/stats' order-adjusted pairs: a drift and an order effect do not reach B/A-1 */
static void test_order(void)
{
	struct stats_pairs s = { 0 }, plain = { 0 };
	struct stats_ratio r, q;

	/* A B, B A, ...: the host 1 %% slower each run, B 3 %% slower than A */
	for (int i = 0; i < 20; i++) {
		int a_first = i % 2 == 0;
		double ta = 10 * (1 + 0.01 * (2 * i + (a_first ? 0 : 1))),
		       tb = 10.3 * (1 + 0.01 * (2 * i + (a_first ? 1 : 0)));

		stats_pairs_add(&s, ta, tb, a_first ? 1 : -1);
		stats_pairs_add(&plain, ta, tb, 1);
	}
	stats_pairs_ratio(&s, &r);
	stats_pairs_ratio(&plain, &q);
	CHECK(r.ordered && r.df == 18, "counterbalanced: the order effect is fitted, n - 2 df (%g)", r.df);
	CHECK(fabs(r.rel - 3) < 0.05 && r.hi - r.lo < 0.2,
	      "drift of 1 %% a run: B/A-1 %.2f %% [%.2f, %.2f], the true 3 %%", r.rel, r.lo, r.hi);
	CHECK(r.order > 0.5 && r.order < 1.2, "the order effect shows the drift: %+.2f %% a position", r.order);
	CHECK(!q.ordered && q.df == 19 && q.hi - q.lo > 3 * (r.hi - r.lo),
	      "the same pairs taken in one order: no order fitted, a wider interval (%.2f against %.2f)",
	      q.hi - q.lo, r.hi - r.lo);
}

static void test_holm(void)
{
	const double p[] = { 0.04, 0.01, 0.03 };
	int rej[3];
	double lv[3];

	stats_holm(p, 3, 0.05, rej, lv);
	CHECK(rej[1] && !rej[2] && !rej[0], "Holm: 0.01 rejected (<= 0.05/3), 0.03 not (> 0.05/2), "
	      "0.04 not (after a kept one)");
	CHECK(fabs(lv[1] - (1 - 0.05 / 3)) < 1e-12 && fabs(lv[2] - 0.975) < 1e-12 &&
	      fabs(lv[0] - 0.975) < 1e-12, "Holm: levels 98.33 %% for the rejected, 97.5 %% for the rest");
}

/* two kernels in different boots: the boot is the unit */
static void test_boots(void)
{
	static struct boot boots[6];
	static struct run runs[60];
	static const struct run *va[30], *vb[30];
	static double a[30], b[30];
	struct cell ca, cb;
	struct comparison c;

	for (int i = 0; i < 60; i++) {
		int boot = i / 10;
		double boot_effect[6] = { 1.00, 1.06, 0.97, 1.03, 1.05, 0.99 };

		runs[i].boot = &boots[boot];
		runs[i].num = (unsigned long)(i % 10 + 1);
		if (boot % 2 == 0) {
			a[i / 20 * 10 + i % 10] = 10 * boot_effect[boot] * (1 + 0.001 * (i % 10));
			va[i / 20 * 10 + i % 10] = &runs[i];
		} else {
			b[i / 20 * 10 + i % 10] = 10 * boot_effect[boot] * (1 + 0.001 * (i % 10));
			vb[i / 20 * 10 + i % 10] = &runs[i];
		}
	}
	ca = compare_runs_cell("fight", "partition", a, va, 30);
	cb = compare_runs_cell("fight", "partition", b, vb, 30);
	compare_cells(&ca, &cb, &c);
	CHECK(c.est.unit == UNIT_BOOTS && c.est.na == 3 && c.est.nb == 3, "different boots: 3 and 3 boot means");
	CHECK(c.verdict == V_NONE && c.est.rel_lo < 0 && c.est.rel_hi > 0,
	      "runs 0.3 %% apart but boots 3 %%: no difference proven (B/A-1 %+.2f %% [%+.2f, %+.2f])",
	      c.est.rel, c.est.rel_lo, c.est.rel_hi);
	CHECK(c.spa.boot_sd > 2 && c.spa.run_sd < 0.5, "spread: boot to boot %.2f %%, run to run %.2f %%",
	      c.spa.boot_sd, c.spa.run_sd);
	ca = compare_runs_cell("fight", "partition", a, va, 10);
	cb = compare_runs_cell("fight", "partition", b, vb, 10);
	compare_cells(&ca, &cb, &c);
	CHECK(!c.est.have && c.verdict == V_NONE && strstr(c.why, "2 a side at least"),
	      "one boot a side: no verdict possible, and why: %s", c.why);
}

static void test_failures(void)
{
	double a[10] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }, b[10] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
	struct cell ca = make_cell("partition", a, 10), cb = make_cell("partition", b, 5);
	struct comparison c;

	cb.nruns = 10;
	cb.nstatus[ST_OOM] = 5;
	compare_cells(&ca, &cb, &c);
	compare_family(&c, 1);
	CHECK(fabs(c.fail_p - 0.0325) < 0.0005 && c.fail_verdict == 1,
	      "0 of 10 against 5 of 10 oom: Fisher p %.4f (0.0325), B fails more often", c.fail_p);
}

/* Pairs of two draws: the bootstrap over draws, then pairs (compare_aligned_draws). */
static void test_over_draws(void)
{
	static const size_t start[] = { 0, 8, 16 };
	double a[16], b[16], lo, hi, wlo, whi;
	uint64_t rng = 5600;
	struct cell ca, cb;
	struct comparison one, two, again;

	/* draw 1: the swapfile 24 % faster, draw 2: 16 %; runs of CV 2 % */
	for (size_t i = 0; i < 16; i++) {
		a[i] = 20 * (1 + 0.02 * stats_gauss(&rng));
		b[i] = 20 * (i < 8 ? 0.76 : 0.84) * (1 + 0.02 * stats_gauss(&rng));
	}
	ca = compare_values_cell("fight", "partition", a, 16);
	cb = compare_values_cell("fight", "file", b, 16);
	compare_aligned_draws(&ca, &cb, 1, start, 2, &two);
	compare_aligned(&ca, &cb, 1, &one);
	printf("INFO two draws of 8 pairs, -24 %% and -16 %%: as one draw %+.2f %% [%+.2f %%, %+.2f %%], over the "
	       "draws [%+.2f %%, %+.2f %%], p %.3g, %.0f df\n", one.est.rel, one.est.rel_lo, one.est.rel_hi,
	       two.est.rel_lo, two.est.rel_hi, two.est.p, two.est.r.df);
	CHECK(two.est.have && two.est.nboot == COMPARE_RESAMPLES && two.est.r.df == 14 && two.lv.draws == 2,
	      "over draws: the bootstrap's %zu resamples, 16 pairs - 2 draws = 14 df (%.0f)", two.est.nboot,
	      two.est.r.df);
	CHECK(fabs(two.est.rel - one.est.rel) < 1e-9 && two.verdict == V_LOWER,
	      "over draws: the same B/A-1 (%.2f %%), proven", two.est.rel);
	CHECK(two.est.rel_hi - two.est.rel_lo > 1.5 * (one.est.rel_hi - one.est.rel_lo),
	      "over draws: draws 8 %% apart widen the interval beyond the pairs' (%.2f against %.2f)",
	      two.est.rel_hi - two.est.rel_lo, one.est.rel_hi - one.est.rel_lo);
	CHECK(two.est.rel_lo < -24 && two.est.rel_hi > -16,
	      "over draws: the interval holds both draws' effects, -24 %% and -16 %%");
	compare_aligned_draws(&ca, &cb, 1, start, 2, &again);
	CHECK(again.est.rel_lo == two.est.rel_lo && again.est.rel_hi == two.est.rel_hi, "over draws: it repeats");
	/* the p agrees with the interval: at level 1 - p an end reaches 0 */
	for (size_t i = 0; i < 16; i++)
		b[i] = a[i] * (i < 8 ? 0.99 : 0.975) * (1 + 0.01 * stats_gauss(&rng));
	compare_aligned_draws(&ca, &cb, 1, start, 2, &two);
	compare_interval(&two.est, 1 - two.est.p * 1.2, &lo, &hi);
	compare_interval(&two.est, 1 - two.est.p * 0.8, &wlo, &whi);
	printf("INFO a small effect over two draws: %+.2f %%, p %.3g; at level 1 - 1.2 p [%+.3f %%, %+.3f %%], "
	       "1 - 0.8 p [%+.3f %%, %+.3f %%]\n", two.est.rel, two.est.p, lo, hi, wlo, whi);
	CHECK(two.est.p > 0.001 && two.est.p < 0.5 && hi < 0 && whi > 0,
	      "over draws: p %.3g and the interval agree (excludes 0 at 1 - 1.2 p, holds it at 1 - 0.8 p)",
	      two.est.p);
}

int main(void)
{
	test_order();
	test_holm();
	test_boots();
	test_failures();
	test_seed000_verdict();
	test_slow_runs();
	test_seed000_slow_mode();
	test_levels();
	test_over_draws();
	test_bisect();
	test_bisect_failures();
	CHECK_DONE();
}
