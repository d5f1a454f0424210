/*
 * compare --bisect: good, bad or "boot again", by a rule fixed before the
 * data are seen, so that looking after every boot keeps its error rates
 * (a group-sequential test, Haybittle-Peto boundaries). Per comparison,
 * d is B/A-1 in percent (worsening positive) and s its standard error,
 * taken as the 95 % CI half-width / 1.96, so that few runs (a wide t
 * interval) count as less precise; k comparisons share the error rate
 * (Bonferroni).
 *
 *   bad   d > threshold and d / s >= 3 while more runs may follow
 *         (--interim: one-sided p <= 0.00135 a look), at the last look
 *         d / s >= z(1 - 0.04 / k)
 *   good  the 95 % CI of d lies below the threshold, or at the last look
 *         d + 1.28 s < 2 x threshold (a worsening of twice the threshold
 *         excluded at 90 %)
 *   else  undecided: 125; experiments/bisect-run boots again until its cap
 *
 * One comparison bad makes the step bad; all good make it good.
 * tests/unit/test_bisect_sim.c measures the error rates by simulation.
 */
#include "compare.h"
#include "util.h"

#include <math.h>

#define Z_INTERIM 3.0
#define ALPHA_LAST 0.04
#define Z_EXCLUDE 1.2816	/* one-sided 90 % */

const char bisect_rule[] =
	"bisect rule: d = worsening B/A-1, s = its 95 % CI half-width / 1.96, k comparisons; "
	"bad: d > threshold and d/s >= 3 (interim look) or >= z(1 - 0.04/k) (last look); "
	"good: 95 % CI below the threshold, or at the last look d + 1.28 s < 2 x threshold; "
	"else undecided (125)";

/* The standard normal quantile, by bisection on erfc: exact enough and cannot wander. */
static double z_quantile(double p)
{
	double lo = -40, hi = 40;

	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (0.5 * erfc(-mid / sqrt(2)) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

enum bisect_result compare_bisect(const struct comparison *c, size_t n,
				  const struct bisect_opts *o, FILE *out)
{
	enum verdict worse = o->higher_better ? V_LOWER : V_HIGHER;
	double zbad = o->interim ? Z_INTERIM : z_quantile(1 - ALPHA_LAST / (double)(n ? n : 1));
	size_t good = 0, bad = 0;
	char name[160];

	fprintf(out, "%s\n", bisect_rule);
	for (size_t i = 0; i < n; i++) {
		const struct comparison *p = &c[i];
		double d, hi, s;

		compare_name(p, name, sizeof(name));
		if (!p->est.have || isnan(p->est.rel)) {
			fprintf(out, "bisect: %s: too few runs that passed (A %zu, B %zu)\n", name,
				p->a->nv, p->b->nv);
			continue;
		}
		d = worse == V_HIGHER ? p->est.rel : -p->est.rel;
		hi = worse == V_HIGHER ? p->est.rel_hi : -p->est.rel_lo;
		s = (p->est.rel_hi - p->est.rel_lo) / 2 / 1.959964;
		if (d > o->threshold && (s == 0 || d / s >= zbad)) {
			fprintf(out, "bisect: %s: bad: B worse by %.2f%% (> %g%%), %.1f standard errors "
				"(>= %.2f)\n", name, d, o->threshold, s ? d / s : INFINITY, zbad);
			bad++;
		} else if (group_nfailed(p->b) && !group_nfailed(p->a)) {
			fprintf(out, "bisect: %s: %zu run(s) of B did not pass, none of A\n", name,
				group_nfailed(p->b));
		} else if (hi < o->threshold) {
			fprintf(out, "bisect: %s: good: worsening at most %.2f%% (95%% CI) < %g%%\n",
				name, hi, o->threshold);
			good++;
		} else if (!o->interim && d + Z_EXCLUDE * s < 2 * o->threshold) {
			fprintf(out, "bisect: %s: good: worsening %.2f%%, at most %.2f%% (90%%, one-sided) "
				"< %g%% (twice the threshold)\n", name, d, d + Z_EXCLUDE * s,
				2 * o->threshold);
			good++;
		} else {
			fprintf(out, "bisect: %s: undecided: worsening %.2f%% +- %.2f%% (95%% CI), "
				"threshold %g%%%s\n", name, d, 1.959964 * s, o->threshold,
				o->interim ? ": more runs" : "");
		}
	}
	if (bad) {
		fprintf(out, "bisect: bad (exit 1): %zu of %zu comparisons worse beyond %g%%\n",
			bad, n, o->threshold);
		return BISECT_BAD;
	}
	if (n && good == n) {
		fprintf(out, "bisect: good (exit 0): all %zu comparisons within %g%%\n", n,
			o->threshold);
		return BISECT_GOOD;
	}
	if (!n)
		fprintf(out, "bisect: inconclusive (exit 125): no workload present in both A and B\n");
	else
		fprintf(out, "bisect: %s (exit 125): %zu of %zu comparisons good, none bad\n",
			o->interim ? "undecided, more runs wanted" : "inconclusive", good, n);
	return BISECT_SKIP;
}
