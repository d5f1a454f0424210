/*
 * The verdicts of report/stats/compare.c by simulation, through the code the
 * tool runs (compare_cells, compare_family, lib/stats):
 *   - two kernels compared over boots (make compare): the same kernel
 *     under two names, BOOTS boots each of RUNS runs a backend, a boot
 *     effect of sd 0, 2 or 5 % on top of a run CV of 3 % (the normal
 *     mode's ICOUNT=1 noise) or 1 % (DETERMINISTIC=1's, where each boot is
 *     one draw of the trajectory): false verdicts, and the power for 10 %;
 *   - the backends within a boot (counterbalanced pairs) with a drifting
 *     host: false verdicts with A B B A, and what A B A B would give;
 *   - rank: 5 configurations against a baseline on 3 workloads, Holm over
 *     the 15: how often the family holds one false verdict at least.
 * Deterministic (fixed seeds); the figures are printed.
 */
#include "check.h"
#include "report/stats/compare.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAXV 400
/* under AddressSanitizer a tenth, for memory errors; the rates are the plain build's */
#if defined(__SANITIZE_ADDRESS__)
#define SCALE 10
#else
#define SCALE 1
#endif

static uint64_t rng = 2027;

static double lognormal(double sd)
{
	double sigma = sqrt(log(1 + sd * sd));

	return exp(sigma * stats_gauss(&rng) - sigma * sigma / 2);
}

static struct boot boots[40];
static struct run runs[2 * MAXV];
static const struct run *va[MAXV], *vb[MAXV];
static double a[MAXV], b[MAXV];

/* Two kernels, nboots boots each alternating A B B A ...; 1 if a verdict claims a difference. */
static int kernels(int nboots, int nruns, double run_cv, double boot_sd, double ratio, int *have)
{
	struct cell ca, cb;
	struct comparison c;
	size_t na = 0, nb = 0;

	for (int i = 0; i < 2 * nboots; i++) {
		int is_b = (i % 4 == 1 || i % 4 == 2);	/* A B B A */
		double effect = boot_sd > 0 ? lognormal(boot_sd) : 1;

		for (int k = 0; k < nruns; k++) {
			struct run *r = &runs[i * nruns + k];

			r->boot = &boots[i];
			r->num = (unsigned long)k + 1;
			if (is_b) {
				vb[nb] = r;
				b[nb++] = 10 * ratio * effect * lognormal(run_cv);
			} else {
				va[na] = r;
				a[na++] = 10 * effect * lognormal(run_cv);
			}
		}
	}
	ca = compare_runs_cell("fight", "partition", a, va, na);
	cb = compare_runs_cell("fight", "partition", b, vb, nb);
	compare_cells(&ca, &cb, &c);
	*have = c.est.have;
	return c.verdict != V_NONE;
}

static void test_kernels(void)
{
	static const double sds[] = { 0, 0.02, 0.05 }, cvs[] = { 0.03, 0.01 };
	const int n = 1000 / SCALE;

	for (int m = 0; m < 2; m++)
		for (int s = 0; s < 3; s++) {
			int fp = 0, power = 0, have, pooled = 0;

			for (int i = 0; i < n; i++) {
				fp += kernels(3, 10, cvs[m], sds[s], 1, &have);
				power += kernels(3, 10, cvs[m], sds[s], 1.10, &have);
			}
			/* what pooling the runs (Welch over 30 runs a side) would have said */
			for (int i = 0; i < n; i++) {
				struct stats_ratio r;

				kernels(3, 10, cvs[m], sds[s], 1, &have);
				pooled += !stats_ratio_welch(a, 30, b, 30, &r) && (r.lo > 0 || r.hi < 0);
			}
			printf("INFO make compare, 3 boots a kernel of 10 runs, run CV %.0f %%, boot sd %.0f %%: "
			       "the same kernel under two names proven different in %.2f %% (runs pooled "
			       "would say %.2f %%); 10 %% slower proven in %.2f %%\n", 100 * cvs[m],
			       100 * sds[s], 100.0 * fp / n, 100.0 * pooled / n, 100.0 * power / n);
			CHECK(fp <= 0.05 * n + 2 * sqrt(0.05 * 0.95 * n),
			      "compare over boots, run CV %.0f %%, boot sd %.0f %%: false verdicts %.2f %% (5 %% "
			      "promised; within two standard errors)", 100 * cvs[m], 100 * sds[s], 100.0 * fp / n);
		}
	{
		int have, claimed = kernels(1, 10, 0.03, 0.02, 1, &have);

		CHECK(!have && !claimed, "one boot a kernel: no verdict possible, not a verdict on runs");
	}
}

/* Backends in one boot, the host drifting by drift a run; abba: counterbalanced order. */
static int backends(int pairs, double cv, double drift, int abba)
{
	struct stats_pairs s = { 0 };
	struct stats_ratio r;

	for (int i = 0; i < pairs; i++) {
		int a_first = !abba || i % 2 == 0;
		double t0 = 1 + drift * 2 * i, t1 = 1 + drift * (2 * i + 1);
		double x = 10 * lognormal(cv), y = 10 * lognormal(cv);

		if (a_first)
			stats_pairs_add(&s, x * t0, y * t1, 1);
		else
			stats_pairs_add(&s, x * t1, y * t0, -1);
	}
	return !stats_pairs_ratio(&s, &r) && (r.lo > 0 || r.hi < 0);
}

static void test_backends(void)
{
	const int n = 2000 / SCALE;
	int fp_abba = 0, fp_abab = 0, fp_still = 0;

	for (int i = 0; i < n; i++) {
		fp_abba += backends(15, 0.03, 0.01, 1);
		fp_abab += backends(15, 0.03, 0.01, 0);
		fp_still += backends(15, 0.03, 0, 1);
	}
	printf("INFO backends in one boot, 15 pairs, run CV 3 %%, host 1 %% slower a run: false verdicts "
	       "%.2f %% in A B B A order (order effect fitted), %.2f %% in A B A B; no drift, A B B A: %.2f %%\n",
	       100.0 * fp_abba / n, 100.0 * fp_abab / n, 100.0 * fp_still / n);
	CHECK(fp_abba <= 0.05 * n + 2 * sqrt(0.05 * 0.95 * n),
	      "drift 1 %% a run, counterbalanced: false verdicts %.2f %% near 5 %%", 100.0 * fp_abba / n);
	CHECK(fp_abab > 0.08 * n, "the same drift in A B A B order: %.2f %% (what counterbalancing removes)",
	      100.0 * fp_abab / n);
	CHECK(fp_still <= 0.05 * n + 2 * sqrt(0.05 * 0.95 * n),
	      "no drift, counterbalanced: false verdicts %.2f %%", 100.0 * fp_still / n);
}

/* rank: nconf configurations against the baseline on nw workloads, all identical. */
static void test_rank(void)
{
	enum { NCONF = 5, NW = 3, PAIRS = 10 };
	static double base[NW][PAIRS], conf[NW][NCONF][PAIRS];
	const int n = 1000 / SCALE;
	int any_holm = 0, any_raw = 0;

	for (int e = 0; e < n; e++) {
		struct comparison c[NW * NCONF];
		struct cell cells[NW * NCONF][2];
		int raw = 0, holm = 0;

		for (int w = 0; w < NW; w++) {
			for (int i = 0; i < PAIRS; i++)
				base[w][i] = 10 * lognormal(0.03);
			for (int k = 0; k < NCONF; k++) {
				for (int i = 0; i < PAIRS; i++)
					conf[w][k][i] = 10 * lognormal(0.03);
				cells[w * NCONF + k][0] = compare_values_cell("w", "base", base[w], PAIRS);
				cells[w * NCONF + k][1] = compare_values_cell("w", "conf", conf[w][k], PAIRS);
				compare_aligned(&cells[w * NCONF + k][0], &cells[w * NCONF + k][1], 1,
						&c[w * NCONF + k]);
				raw += c[w * NCONF + k].verdict != V_NONE;
			}
		}
		compare_family(c, NW * NCONF);
		for (int i = 0; i < NW * NCONF; i++)
			holm += c[i].verdict != V_NONE;
		any_raw += raw > 0;
		any_holm += holm > 0;
	}
	printf("INFO rank, 5 configurations against a baseline on 3 workloads (15 comparisons, 10 pairs "
	       "each, all identical): one false verdict at least in %.1f %% of experiments alone, "
	       "%.1f %% with Holm\n", 100.0 * any_raw / n, 100.0 * any_holm / n);
	CHECK(any_holm <= 0.05 * n + 2 * sqrt(0.05 * 0.95 * n),
	      "rank with Holm: family-wise false verdicts %.1f %% near 5 %%", 100.0 * any_holm / n);
	CHECK(any_raw > 0.3 * n, "without Holm it would be %.1f %%", 100.0 * any_raw / n);
}

int main(void)
{
	test_kernels();
	test_backends();
	test_rank();
	CHECK_DONE();
}
