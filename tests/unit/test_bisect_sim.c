/*
 * experiments/bisect-run's rule (report/stats/bisect.c, through report/stats/compare.c and
 * lib/stats.c: the code the tools run) by simulation. A step boots the
 * candidate kernel, RUNS runs a backend a boot, and asks compare --bisect
 * (--interim below the cap) after every boot until it says good or bad,
 * or the cap of boots is reached (then 125: git bisect skip). The
 * baseline is BASE boots of the good kernel. One workload on two
 * backends: two comparisons a step. Run times are lognormal with a run CV
 * of 10 %; every boot has its own speed (a boot effect, lognormal with sd
 * 0, 3 or 5 %) shared by its runs on both backends. Threshold 5 %.
 * Whole bisections: 1000 commits, the slowdown of 10 % from a random
 * commit on, git bisect's search with skips. Deterministic (fixed seeds).
 */
#include "check.h"
#include "report/stats/compare.h"
#include "report/stats/bisect.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef RUNS
#define RUNS 10		/* runs a backend a boot */
#endif
#ifndef BASE
#define BASE 20		/* baseline boots */
#endif
#ifndef CAP
#define CAP 24		/* boots a step at most */
#endif
#define K 2		/* backends */
#define THRESHOLD 5.0

static uint64_t rng;
static double run_cv = 0.10, boot_sd;

static struct boot boots[BASE + CAP];
static struct run runs[(BASE + CAP) * RUNS];
static const struct run *vrun_a[BASE * RUNS], *vrun_b[CAP * RUNS];
static double a[K][BASE * RUNS], b[K][CAP * RUNS];

static double lognormal(double sd)
{
	double sigma = sqrt(log(1 + sd * sd));

	return exp(sigma * stats_gauss(&rng) - sigma * sigma / 2);
}

/* One boot's runs on both backends into v[k][first..first+RUNS). */
static void boot(double (*v)[1], size_t stride, size_t first, double ratio)
{
	double effect = boot_sd > 0 ? lognormal(boot_sd) : 1;

	for (int k = 0; k < K; k++)
		for (size_t i = 0; i < RUNS; i++)
			((double *)v)[(size_t)k * stride + first + i] = 10 * ratio * effect * lognormal(run_cv);
}

static void setup_runs(void)
{
	for (size_t i = 0; i < (BASE + CAP) * RUNS; i++) {
		runs[i].boot = &boots[i / RUNS];
		runs[i].num = i % RUNS + 1;
	}
	for (size_t i = 0; i < BASE * RUNS; i++)
		vrun_a[i] = &runs[i];
	for (size_t i = 0; i < CAP * RUNS; i++)
		vrun_b[i] = &runs[BASE * RUNS + i];
}

static void baseline(void)
{
	for (size_t i = 0; i < BASE; i++)
		boot((double (*)[1])a, BASE * RUNS, i * RUNS, 1);
}

/* One step against the current baseline; *nboots: the candidate's boots. */
static enum bisect_result step(double ratio, size_t *nboots)
{
	static const char *const group[K] = { "partition", "file" };
	enum bisect_result r = BISECT_SKIP;

	for (*nboots = 0; *nboots < CAP && r == BISECT_SKIP;) {
		struct bisect_opts o = { "elapsed_s", THRESHOLD, 0, *nboots + 1 < CAP };
		struct comparison c[K];
		struct cell ca[K], cb[K];	/* the comparisons point into them */

		boot((double (*)[1])b, CAP * RUNS, *nboots * RUNS, ratio);
		if (++*nboots < 2)
			continue;	/* one boot cannot tell its boot effect from the kernel */
		for (int k = 0; k < K; k++) {
			ca[k] = compare_runs_cell("fight", group[k], a[k], vrun_a, BASE * RUNS);
			cb[k] = compare_runs_cell("fight", group[k], b[k], vrun_b, *nboots * RUNS);
			compare_cells(&ca[k], &cb[k], &c[k]);
			c[k].group = group[k];
		}
		r = bisect_decide(c, K, &o, NULL);
	}
	return r;
}

struct tally {
	unsigned bad, good, skip;
	double boots;
};

/* Steps with a fresh baseline each: the error rates of one step. */
static struct tally steps(double ratio, int n)
{
	struct tally t = { 0, 0, 0, 0 };

	for (int i = 0; i < n; i++) {
		size_t nb;
		enum bisect_result r;

		baseline();
		r = step(ratio, &nb);
		t.bad += r == BISECT_BAD;
		t.good += r == BISECT_GOOD;
		t.skip += r == BISECT_SKIP;
		t.boots += (double)nb;
	}
	return t;
}

/*
 * git bisect over commits 0 (good) .. n-1 (bad), the first bad one at
 * culprit: the next commit to test is the untested one nearest the middle
 * of the range (skipped ones avoided, as git does); 1 if it ends on the
 * culprit. *nsteps counts the steps, *nboots their boots.
 */
static int bisection(int n, int culprit, unsigned *nsteps, double *nboots)
{
	static unsigned char skipped[1000];
	int good = 0, bad = n - 1;

	memset(skipped, 0, sizeof(skipped));
	baseline();	/* once, for every step, as bisect-run's --baseline */
	while (bad - good > 1) {
		int mid = (good + bad) / 2, pick = -1;
		size_t nb;
		enum bisect_result r;

		for (int d = 0; d < bad - good && pick < 0; d++) {
			if (mid + d < bad && !skipped[mid + d])
				pick = mid + d;
			else if (mid - d > good && !skipped[mid - d])
				pick = mid - d;
		}
		if (pick < 0)
			return 0;	/* only skipped commits left: git names a range, not the commit */
		r = step(pick >= culprit ? 1.10 : 1, &nb);
		++*nsteps;
		*nboots += (double)nb;
		if (r == BISECT_GOOD)
			good = pick;
		else if (r == BISECT_BAD)
			bad = pick;
		else
			skipped[pick] = 1;
	}
	return bad == culprit;
}

static int asan_build;

static void step_rates(double sd, int n)
{
	struct tally same, slow;

	boot_sd = sd;
	same = steps(1, n);
	slow = steps(1.10, n);
	printf("INFO bisect step, run CV 10 %%, boot sd %.0f %%, %d baseline boots, %d runs a boot, "
	       "cap %d boots, %d steps each: identical kernels bad %.2f %%, good %.2f %%, 125 %.2f %%, "
	       "%.1f boots; 10 %% slower: bad %.2f %%, good %.2f %%, 125 %.2f %%, %.1f boots\n",
	       100 * sd, BASE, RUNS, CAP, n, 100.0 * same.bad / n, 100.0 * same.good / n,
	       100.0 * same.skip / n, same.boots / n, 100.0 * slow.bad / n, 100.0 * slow.good / n,
	       100.0 * slow.skip / n, slow.boots / n);
	if (asan_build) {
		CHECK(same.bad + same.good + same.skip == (unsigned)n, "boot sd %.0f %%: %d steps ran", 100 * sd, n);
		return;
	}
	CHECK(same.bad <= 0.05 * n, "boot sd %.0f %%: identical kernels called bad in %.2f %% <= 5 %% of steps",
	      100 * sd, 100.0 * same.bad / n);
	CHECK(slow.good <= 0.05 * n, "boot sd %.0f %%: a 10 %% slowdown called good in %.2f %% <= 5 %% of steps",
	      100 * sd, 100.0 * slow.good / n);
}

int main(int argc, char **argv)
{
	/* under AddressSanitizer a few of each, for memory errors: the rates are the plain build's */
#if defined(__SANITIZE_ADDRESS__)
	int nstep = 20, nbis = 3, asan = 1;
#else
	int nstep = 300, nbis = 200, asan = 0;
#endif
	int right = 0;
	unsigned nsteps = 0;
	double nboots = 0;

	if (argc > 2) {
		nstep = atoi(argv[1]);
		nbis = atoi(argv[2]);
	}
	setup_runs();
	asan_build = asan;
	rng = 27;
	step_rates(0, nstep);
	step_rates(0.03, nstep);
	step_rates(0.05, nstep);
	boot_sd = 0.03;
	for (int i = 0; i < nbis; i++)
		right += bisection(1000, 1 + (int)(stats_uniform(&rng) * 998), &nsteps, &nboots);
	printf("INFO whole bisections, 1000 commits, 10 %% slower from a random one on, run CV 10 %%, "
	       "boot sd 3 %%: %d of %d ended on the culprit (%.1f %%), %.1f steps and %.0f boots each\n",
	       right, nbis, 100.0 * right / nbis, (double)nsteps / nbis, nboots / nbis);
	CHECK(asan || right >= 0.9 * nbis, "whole bisections at boot sd 3 %%: %.1f %% >= 90 %% end on the culprit",
	      100.0 * right / nbis);
	CHECK_DONE();
}
