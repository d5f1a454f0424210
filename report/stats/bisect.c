/*
 * compare --bisect: good, bad or "boot again", by the one decision rule
 * (report/stats/compare.c): B/A-1 and its t interval, with degrees of freedom
 * from the boots when the step and the baseline ran in different boots.
 * The threshold is tested with the interval, not the point estimate. With
 * d the worsening (B/A-1, sign turned for a throughput) and k comparisons
 * (workloads x backends):
 *
 *   bad   the one-sided (1 - 0.05/k) lower bound of d lies above the
 *         threshold for one comparison at least (Bonferroni: the step's
 *         false "bad" <= 5 %): the (1 - 0.1/k) interval's lower end; or
 *         B's slow mode proven more frequent than A's (Fisher, Holm over
 *         the rates), where the slow mode is a worsening (a time)
 * d is the effect among typical runs (lib/slowmode.h): the slow mode's
 * runs are counted apart, as the compare verdict counts them.
 *   good  the one-sided 95 % upper bound of d lies below the threshold for
 *         every comparison (all must pass, so no correction is needed): the
 *         90 % interval's upper end; and no run of B failed where none of
 *         A's did
 * Each answer is one one-sided test at 5 %, the errors the step promises
 * (a kernel within the threshold called bad, one beyond it called good).
 *   else  undecided: 125; experiments/bisect-run boots again until its cap, and at
 *         the cap answers 125 (git bisect skip), never a guess.
 *
 * tests/unit/test_bisect_sim.c measures the error rates of steps and of
 * whole bisections by simulation, through this code.
 */
#include "report/stats/bisect.h"
#include "report/stats/compare.h"
#include "report/util/util.h"
#include "report/util/escape.h"
#include "report/stats/compare_print.h"

#include <math.h>
#include <string.h>

/* The decision for git bisect run, a sequential rule. */
static const char bisect_rule[] =
	"bisect rule: d = worsening B/A-1 of typical runs, k comparisons, its interval over boots "
	"when A and B ran in different boots; bad: the (1 - 0.1/k) interval of d above the threshold "
	"for one comparison (one-sided 5 %, Bonferroni), or B's slow mode proven more frequent "
	"(Fisher, Holm); good: the 90 % interval below the threshold for "
	"all (one-sided 5 %), no failures of B only; else undecided (125: boot again, or skip at "
	"the cap)";

enum bisect_result bisect_decide(const struct comparison *c, size_t n,
				 const struct bisect_opts *o, FILE *out)
{
	double bad_level = 1 - 0.1 / (double)(n ? n : 1), good_level = 0.90;
	size_t good = 0, bad = 0;
	char name[160], raw[160];

	fprintf(out, "%s\n", bisect_rule);
	for (size_t i = 0; i < n; i++) {
		const struct comparison *p = &c[i];
		double lo, hi, glo, ghi, dlo, dhi, d, gd;

		/* record text, for a terminal */
		esc_text(name, sizeof(name), compare_name(p, raw, sizeof(raw)), strlen(raw));
		if (!p->est.have) {
			fprintf(out, "bisect: %s: undecided: %s\n", name, esc_str(p->why));
			continue;
		}
		compare_interval(&p->est, bad_level, &lo, &hi);
		compare_interval(&p->est, good_level, &glo, &ghi);
		/* worsening: B/A-1 for a time, its negative for a throughput */
		d = o->higher_better ? -p->est.r.rel : p->est.r.rel;
		dlo = o->higher_better ? -hi : lo;
		dhi = o->higher_better ? -lo : hi;
		gd = o->higher_better ? -glo : ghi;
		if (dlo > o->threshold) {
			fprintf(out, "bisect: %s: bad: worsening %.2f%%, %.4g%% CI %.2f%% to %.2f%%, "
				"above %g%% (%s)\n", name, d, 100 * bad_level, dlo, dhi, o->threshold,
				p->why);
			bad++;
		} else if (p->slow_verdict > 0 && !o->higher_better) {
			fprintf(out, "bisect: %s: bad: B's slow mode comes more often: %zu of %zu runs against "
				"%zu of %zu (Fisher p = %.3g, Holm over the rates)\n", name, p->slb.k, p->slb.n,
				p->sla.k, p->sla.n, p->slow_p);
			bad++;
		} else if (group_nfailed(p->b) && !group_nfailed(p->a)) {
			fprintf(out, "bisect: %s: undecided: %zu run(s) of B did not pass, none of A\n",
				name, group_nfailed(p->b));
		} else if (gd < o->threshold) {
			fprintf(out, "bisect: %s: good: worsening %.2f%%, at most %.2f%% (90%% CI) < %g%%\n",
				name, d, gd, o->threshold);
			good++;
		} else {
			fprintf(out, "bisect: %s: undecided: worsening %.2f%%, 90%% CI %.2f%% to %.2f%% holds "
				"the threshold %g%%%s\n", name, d, o->higher_better ? -ghi : glo, gd,
				o->threshold, o->interim ? ": more boots" : "");
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
			o->interim ? "undecided, more boots wanted" : "inconclusive", good, n);
	return BISECT_SKIP;
}
