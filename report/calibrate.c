/*
 * calibrate: the noise floor of an A/A experiment. Each workload's runs on
 * one backend, in run order, are split as alternate order would have run
 * them: run 1 is A, run 2 its B neighbour, run 3 the next A, and so on
 * within a boot. Nothing differs between A and B, so every difference the
 * report would claim is a false positive.
 */
#include "cmd.h"
#include "compare.h"
#include "table.h"
#include "util.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RESAMPLES 2000

/* Neighbouring runs of one boot as (A, B) pairs; returns how many. */
static size_t split_pairs(const struct cell *c, double *a, double *b)
{
	size_t n = 0;

	for (size_t i = 0; i + 1 < c->nv;) {
		if (c->vrun && c->vrun[i]->boot != c->vrun[i + 1]->boot) {
			i++;
			continue;
		}
		a[n] = c->v[i];
		b[n++] = c->v[i + 1];
		i += 2;
	}
	return n;
}

/*
 * The verdict's false-positive rate on this host's noise: n pairs drawn
 * with replacement from the measured ones, A and B swapped at random in
 * each (they are exchangeable when nothing differs), judged by compare's
 * own rule; the share of verdicts that claim a difference.
 */
static double false_positives(const struct cell *c, const double *a, const double *b, size_t n)
{
	double *ra = xcalloc(n, sizeof(*ra)), *rb = xcalloc(n, sizeof(*rb));
	uint64_t seed = 14;
	size_t fp = 0;

	for (int r = 0; r < RESAMPLES; r++) {
		struct cell ca, cb;
		struct comparison cmp;

		for (size_t i = 0; i < n; i++) {
			uint64_t x = stats_rand(&seed);
			size_t k = (size_t)(x % n);
			int swap = (int)(x >> 63);

			ra[i] = swap ? b[k] : a[k];
			rb[i] = swap ? a[k] : b[k];
		}
		ca = compare_values_cell(c->workload, c->group, ra, n);
		cb = compare_values_cell(c->workload, c->group, rb, n);
		compare_aligned(&ca, &cb, &cmp);
		fp += cmp.verdict != V_NONE;
	}
	free(ra);
	free(rb);
	return 100.0 * (double)fp / RESAMPLES;
}

/* Pearson correlation of neighbouring runs: what pairing gains. */
static double corr(const double *a, const double *b, size_t n)
{
	double ma = stats_mean(a, n), mb = stats_mean(b, n), saa = 0, sbb = 0, sab = 0;

	for (size_t i = 0; i < n; i++) {
		saa += (a[i] - ma) * (a[i] - ma);
		sbb += (b[i] - mb) * (b[i] - mb);
		sab += (a[i] - ma) * (b[i] - mb);
	}
	return saa > 0 && sbb > 0 ? sab / sqrt(saa * sbb) : NAN;
}

/* Standard deviation of 100 (b - a) / mean(a): the paired noise in percent. */
static double pair_sd_pct(const double *a, const double *b, size_t n)
{
	double *d = xcalloc(n, sizeof(*d)), ma = stats_mean(a, n), sd;

	for (size_t i = 0; i < n; i++)
		d[i] = 100 * (b[i] - a[i]) / fabs(ma);
	sd = sqrt(stats_var(d, n));
	free(d);
	return sd;
}

int cmd_calibrate(const struct opts *o, int argc, char **argv)
{
	static const char *const head[] = {
		"workload", "backend", "runs", "pairs", "mean", "CV", "r", "sd B-A", "A/A B/A-1",
		"95% CI", "verdict", "false pos.", "detect 10", "detect 20", "detect 40", "detect N",
	};
	static const size_t sizes[] = { 10, 20, 40 };
	struct dataset ds = { 0 };
	struct cells cs;
	struct table t;
	size_t rows = 0;
	int status;

	if (argc < 1)
		usage_error("calibrate: no SOURCE given");
	cmd_load(o, &ds, argc, argv);
	group_build(&ds, o->metric, BY_BACKEND, NULL, NULL, &cs);
	table_init(&t, 2, head, sizeof(head) / sizeof(head[0]));
	for (size_t i = 0; i < cs.n; i++) {
		const struct cell *c = &cs.c[i];
		double *a = xcalloc(c->nv + 1, sizeof(*a)), *b = xcalloc(c->nv + 1, sizeof(*b)), sd;
		size_t n = split_pairs(c, a, b);
		struct cell ca = compare_values_cell(c->workload, c->group, a, n),
			    cb = compare_values_cell(c->workload, c->group, b, n);
		struct comparison cmp;
		struct stats_summary s;

		if (n < 2) {
			printf("%s/%s: %zu pairs of neighbouring runs, 2 at least needed\n", c->workload,
			       c->group, n);
			free(a);
			free(b);
			continue;
		}
		stats_summarize(c->v, c->nv, &s);
		compare_aligned(&ca, &cb, &cmp);
		sd = pair_sd_pct(a, b, n);
		table_add(&t, "%s", c->workload);
		table_add(&t, "%s", c->group);
		table_add(&t, "%zu", c->nv);
		table_add(&t, "%zu", n);
		table_addnum(&t, s.mean);
		table_add(&t, "%.1f%%", s.cv);
		table_add(&t, "%.2f", corr(a, b, n));
		table_add(&t, "%.1f%%", sd);
		table_add(&t, "%+.2f%%", cmp.est.rel);
		table_add(&t, "[%+.2f%%, %+.2f%%]", cmp.est.rel_lo, cmp.est.rel_hi);
		table_add(&t, "%s", compare_verdict_name(cmp.verdict, o->metric));
		table_add(&t, "%.1f%%", false_positives(c, a, b, n));
		for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++)
			table_add(&t, "%.1f%%", stats_detectable(sd, sizes[k], 0.8));
		table_add(&t, "%.1f%%", stats_detectable(sd, n, 0.8));
		rows++;
		free(a);
		free(b);
	}
	printf("calibrate %s: A/A, each workload's runs in run order taken as alternating A B A B "
	       "within a boot (nothing differs, so any verdict is a false positive)\n\n", o->metric);
	if (rows)
		table_print(&t, stdout, 0);
	else
		printf("nothing to calibrate: no workload has two pairs of neighbouring runs\n");
	printf("\nCV: of all runs. r: correlation of neighbouring runs (what pairing gains). sd B-A: "
	       "of the paired differences, in %% of the mean. A/A: the paired analysis of these "
	       "pairs, with compare's rule (the 95 %% CI excludes 0 and Wilcoxon p < 0.05). false pos.: share of %d resamples (pairs drawn "
	       "with replacement, A and B swapped at random) in which that rule claims a "
	       "difference; 5%% is what the rule promises. detect N: the smallest true difference "
	       "found at 95 %% confidence with 80 %% power with N pairs (N = 10, 20, 40, and the "
	       "pairs measured).\n", RESAMPLES);
	table_free(&t);
	group_free(&cs);
	status = cmd_exit_status(&ds);
	parse_free(&ds);
	return rows ? status : EXIT_PROBLEMS;
}
