/*
 * calibrate: the noise floor of an A/A experiment. Each workload's runs on
 * one backend, in run order, are split as the image's alternate order
 * would have run two backends, counterbalanced: runs 1 and 2 are A B,
 * runs 3 and 4 B A, and so on within a boot. Nothing differs between A
 * and B, so every difference the report would claim is a false positive.
 * The order is the real one: a host whose speed drifts during the boot
 * drifts here too, and the rule (order effect fitted) must live with it.
 */
#include "report/cmd/calibrate.h"
#include "report/cmd/cmd.h"
#include "report/stats/compare.h"
#include "report/util/table.h"
#include "report/util/util.h"
#include "report/out/compare_print.h"
#include "report/util/escape.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RESAMPLES 2000

/*
 * Neighbouring runs of one boot as (A, B) pairs in the counterbalanced
 * order: pair k's first run is A when k is even, B when odd. pos[k] is the
 * pair's first run's index in its boot, afirst[k] 1 when A ran first;
 * returns how many pairs.
 */
static size_t split_pairs(const struct cell *c, double *a, double *b, int *afirst, double *pos)
{
	size_t n = 0, k = 0, start = 0;

	for (size_t i = 0; i + 1 < c->nv;) {
		if (c->vrun && c->vrun[i]->boot != c->vrun[i + 1]->boot) {
			i++;
			k = 0;
			start = i;
			continue;
		}
		if (i == start)
			k = 0;
		afirst[n] = k % 2 == 0;
		a[n] = k % 2 ? c->v[i + 1] : c->v[i];
		b[n] = k % 2 ? c->v[i] : c->v[i + 1];
		pos[n++] = (double)(i - start);
		k++;
		i += 2;
	}
	return n;
}

/*
 * The host's drift: the least-squares slope of the runs over their
 * position in the boot, in percent of the mean a run, with its 95 % CI
 * (pair k's runs at pos[k] and pos[k] + 1, A first when afirst[k]). resid
 * gets each run's residual from the line, the pair's first run first;
 * *icpt and *beta the line itself.
 */
static void drift(const double *a, const double *b, const int *afirst, const double *pos, size_t n,
		  double *slope, double *lo, double *hi, double *icpt, double *beta_out, double *resid)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, m = 2 * (double)n, ss = 0, t, se;

	for (size_t k = 0; k < n; k++)
		for (int j = 0; j < 2; j++) {
			double x = pos[k] + j, y = (afirst[k] ? j == 1 : j == 0) ? b[k] : a[k];

			sx += x;
			sy += y;
			sxx += x * x;
			sxy += x * y;
		}
	double d = m * sxx - sx * sx, beta = d > 0 ? (m * sxy - sx * sy) / d : 0, alpha = (sy - beta * sx) / m;

	for (size_t k = 0; k < n; k++)
		for (int j = 0; j < 2; j++) {
			double x = pos[k] + j, y = (afirst[k] ? j == 1 : j == 0) ? b[k] : a[k], e = y - alpha - beta * x;

			resid[2 * k + (size_t)j] = e;
			ss += e * e;
		}
	se = m > 2 && d > 0 ? sqrt(ss / (m - 2) * m / d) : NAN;
	t = m > 2 ? stats_t_quantile(0.975, m - 2) : NAN;
	*icpt = alpha;
	*beta_out = beta;
	*slope = 100 * beta / (sy / m);
	*lo = 100 * (beta - t * se) / (sy / m);
	*hi = 100 * (beta + t * se) / (sy / m);
}

/*
 * The verdict's false-positive rate on this host's noise, drift included:
 * pairs of residuals (from the drift's line) drawn with replacement, each
 * pair kept in its order (first run, second run), the line added back at
 * the real positions; then split A B, B A, ... (abba) or A B, A B, ... and
 * judged by compare's own rule. The share of verdicts that claim a
 * difference.
 */
static double false_positives(const struct cell *c, const double *pos, const double *resid,
			      size_t n, double icpt, double beta_abs, int abba)
{
	double *ra = xcalloc(n, sizeof(*ra)), *rb = xcalloc(n, sizeof(*rb));
	uint64_t seed = 14;
	size_t fp = 0;

	for (int r = 0; r < RESAMPLES; r++) {
		struct cell ca, cb;
		struct comparison cmp;

		for (size_t i = 0; i < n; i++) {
			size_t k = (size_t)(stats_rand(&seed) % n);
			double y0 = icpt + beta_abs * pos[i] + resid[2 * k],
			       y1 = icpt + beta_abs * (pos[i] + 1) + resid[2 * k + 1];
			int a_first = !abba || i % 2 == 0;

			ra[i] = a_first ? y0 : y1;
			rb[i] = a_first ? y1 : y0;
		}
		ca = compare_values_cell(c->workload, c->group, ra, n);
		cb = compare_values_cell(c->workload, c->group, rb, n);
		compare_aligned(&ca, &cb, abba, &cmp);
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
		"workload", "backend", "runs", "pairs", "mean", "CV", "r", "drift/run", "95% CI",
		"order effect", "A/A B/A-1", "95% CI", "verdict", "false pos.", "A B A B", "detect 10",
		"detect 20", "detect 40", "detect N",
	};
	static const size_t sizes[] = { 10, 20, 40 };
	struct dataset ds = { 0 };
	struct cells cs;
	struct table t;
	size_t rows = 0;
	int status;

	if (argc < 1)
		cmd_usage_error("calibrate: no SOURCE given");
	cmd_load(o, &ds, argc, argv);
	group_build(&ds, o->metric, BY_BACKEND, NULL, NULL, &cs);
	table_init(&t, 2, head, sizeof(head) / sizeof(head[0]));
	for (size_t i = 0; i < cs.n; i++) {
		const struct cell *c = &cs.c[i];
		double *a = xcalloc(c->nv + 1, sizeof(*a)), *b = xcalloc(c->nv + 1, sizeof(*b)), sd;
		double *pos = xcalloc(c->nv + 1, sizeof(*pos)), *resid = xcalloc(c->nv + 2, sizeof(*resid));
		int *afirst = xcalloc(c->nv + 1, sizeof(*afirst));
		size_t n = split_pairs(c, a, b, afirst, pos);
		struct cell ca = compare_values_cell(c->workload, c->group, a, n),
			    cb = compare_values_cell(c->workload, c->group, b, n);
		struct comparison cmp;
		struct stats_summary s;
		double slope, lo, hi, icpt, beta;

		if (n < 3) {
			printf("%s/%s: %zu pairs of neighbouring runs, 3 at least needed\n", esc_str(c->workload),
			       esc_str(c->group), n);
		} else {
			stats_summarize(c->v, c->nv, &s);
			compare_aligned(&ca, &cb, 1, &cmp);
			drift(a, b, afirst, pos, n, &slope, &lo, &hi, &icpt, &beta, resid);
			sd = pair_sd_pct(a, b, n);
			table_add(&t, "%s", esc_str(c->workload));	/* names from the records */
			table_add(&t, "%s", esc_str(c->group));
			table_add(&t, "%zu", c->nv);
			table_add(&t, "%zu", n);
			table_addnum(&t, s.mean);
			table_add(&t, "%.1f%%", s.cv);
			table_add(&t, "%.2f", corr(a, b, n));
			table_add(&t, "%+.2f%%", slope);
			table_add(&t, "[%+.2f%%, %+.2f%%]", lo, hi);
			if (cmp.est.have && cmp.est.r.ordered)
				table_add(&t, "%+.2f%%", cmp.est.r.order);
			else
				table_add(&t, "-");
			table_add(&t, "%+.2f%%", cmp.est.rel);
			table_add(&t, "[%+.2f%%, %+.2f%%]", cmp.est.rel_lo, cmp.est.rel_hi);
			table_add(&t, "%s", compare_verdict_name(cmp.verdict, o->metric));
			table_add(&t, "%.1f%%", false_positives(c, pos, resid, n, icpt, beta, 1));
			table_add(&t, "%.1f%%", false_positives(c, pos, resid, n, icpt, beta, 0));
			for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++)
				table_add(&t, "%.1f%%", stats_detectable(sd, sizes[k], 0.8));
			table_add(&t, "%.1f%%", stats_detectable(sd, n, 0.8));
			rows++;
		}
		free(a);
		free(b);
		free(pos);
		free(resid);
		free(afirst);
	}
	printf("calibrate %s: A/A, each workload's runs in run order taken as the image's alternate "
	       "order runs two backends, counterbalanced: A B, B A, A B, ... within a boot (nothing "
	       "differs, so any verdict is a false positive)\n\n", o->metric);
	if (rows)
		table_print(&t, stdout, 0);
	else
		printf("nothing to calibrate: no workload has three pairs of neighbouring runs\n");
	printf("\nCV: of all runs. r: correlation of neighbouring runs (what pairing gains). drift/run: "
	       "the least-squares slope of the runs over their position in the boot, %% of the mean a "
	       "run, with its 95 %% CI. order effect: what the A/A analysis fitted (a run of position, "
	       "drift included). A/A: the paired analysis of these pairs, with compare's rule (B/A-1's "
	       "95 %% interval, order effect fitted, excludes 0). false pos.: share of %d resamples in "
	       "which that rule claims a difference; each resample keeps the real order: pairs of "
	       "residuals from the drift's line drawn with replacement, each in its order, the line "
	       "added back at the real positions, split A B, B A, ...; 5%% is what the rule promises. "
	       "A B A B: the same resamples split A B, A B, ... (what the drift does without "
	       "counterbalancing). detect N: the smallest true difference found at 95 %% confidence "
	       "with 80 %% power with N pairs (N = 10, 20, 40, and the pairs measured).\n", RESAMPLES);
	table_free(&t);
	group_free(&cs);
	status = cmd_exit_status(&ds);
	parse_free(&ds);
	return rows ? status : EXIT_PROBLEMS;
}
