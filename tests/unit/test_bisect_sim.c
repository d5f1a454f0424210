/*
 * experiments/bisect-run's rule (report/bisect.c) by simulation: a step boots the
 * candidate kernel for `step` more runs a backend and asks compare --bisect
 * (--interim below the cap) until it says good or bad, or 20 runs a side.
 * The baseline holds 20 runs a backend; one workload on two backends, so
 * two comparisons a step. Run times are lognormal with CV 10 %, the same on
 * both kernels or 10 % slower on the candidate. Deterministic (fixed seed).
 */
#include "check.h"
#include "../../report/compare.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define CAP 20
#define STEPS 2000
#define K 2

static uint64_t rng = 14;	/* a fixed stream: the figures repeat */

static double run_time(double ratio)
{
	double sigma = sqrt(log(1 + 0.10 * 0.10));	/* CV 10 % */

	return 10 * ratio * exp(sigma * stats_gauss(&rng));
}

struct tally {
	unsigned bad, good, skip;
	double runs;	/* candidate runs a backend, summed over steps */
};

/* One bisect step; returns its exit status. */
static enum bisect_result step(double ratio, size_t per_boot, FILE *sink, size_t *nb)
{
	static const char *const group[K] = { "partition", "file" };
	static double a[K][CAP], b[K][CAP];
	struct comparison c[K];
	enum bisect_result r = BISECT_SKIP;

	for (int k = 0; k < K; k++)
		for (size_t i = 0; i < CAP; i++)
			a[k][i] = run_time(1);
	for (*nb = 0; *nb < CAP && r == BISECT_SKIP;) {
		struct bisect_opts o = { "elapsed_s", 5, 0, *nb + per_boot < CAP };
		struct cell ca[K], cb[K];

		for (int k = 0; k < K; k++)
			for (size_t i = 0; i < per_boot; i++)
				b[k][*nb + i] = run_time(ratio);
		*nb += per_boot;
		for (int k = 0; k < K; k++) {
			ca[k] = compare_values_cell("fight", group[k], a[k], CAP);
			cb[k] = compare_values_cell("fight", group[k], b[k], *nb);
			compare_cells(&ca[k], &cb[k], &c[k]);
			c[k].group = group[k];
		}
		r = compare_bisect(c, K, &o, sink);
	}
	return r;
}

static struct tally simulate(double ratio, size_t per_boot, FILE *sink)
{
	struct tally t = { 0, 0, 0, 0 };

	for (int i = 0; i < STEPS; i++) {
		size_t nb;
		enum bisect_result r = step(ratio, per_boot, sink, &nb);

		t.bad += r == BISECT_BAD;
		t.good += r == BISECT_GOOD;
		t.skip += r == BISECT_SKIP;
		t.runs += (double)nb;
	}
	return t;
}

static void report(size_t per_boot, FILE *sink)
{
	struct tally same = simulate(1, per_boot, sink), slow = simulate(1.10, per_boot, sink);
	double fp = 100.0 * same.bad / STEPS, power = 100.0 * slow.bad / STEPS;

	printf("# bisect at CV 10 %%, %zu runs a boot, cap %d a side, %d steps each: identical kernels: "
	       "bad %.2f %%, good %.2f %%, 125 %.2f %%, %.1f runs; 10 %% slower: bad %.2f %%, "
	       "good %.2f %%, 125 %.2f %%, %.1f runs\n", per_boot, CAP, STEPS, fp,
	       100.0 * same.good / STEPS, 100.0 * same.skip / STEPS, same.runs / STEPS, power,
	       100.0 * slow.good / STEPS, 100.0 * slow.skip / STEPS, slow.runs / STEPS);
	CHECK(fp <= 5, "%zu runs a boot: identical kernels bad in at most 5 %% of steps (%.2f %%)",
	      per_boot, fp);
	CHECK(power >= 90, "%zu runs a boot: 10 %% slower bad in at least 90 %% of steps (%.2f %%)",
	      per_boot, power);
}

int main(void)
{
	FILE *sink = fopen("/dev/null", "w");

	if (!sink)
		return 2;
	report(10, sink);
	report(5, sink);
	fclose(sink);
	CHECK_DONE();
}
