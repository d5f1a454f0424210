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

double bisect_bad_level(size_t n)
{
	return 1 - 0.1 / (double)(n ? n : 1);
}

enum bisect_result bisect_decide(const struct comparison *c, size_t n,
				 const struct bisect_opts *o, struct bisect_step *step)
{
	double bad_level = bisect_bad_level(n), good_level = 0.90;
	size_t good = 0, bad = 0;

	for (size_t i = 0; i < n; i++) {
		const struct comparison *p = &c[i];
		struct bisect_step s = { BISECT_NO_ESTIMATE, 0, 0, 0, 0, 0 };
		double lo, hi, glo, ghi;

		if (p->est.have) {
			compare_interval(&p->est, bad_level, &lo, &hi);
			compare_interval(&p->est, good_level, &glo, &ghi);
			/* worsening: B/A-1 for a time, its negative for a throughput */
			s.d = o->higher_better ? -p->est.r.rel : p->est.r.rel;
			s.lo = o->higher_better ? -hi : lo;
			s.hi = o->higher_better ? -lo : hi;
			s.glo = o->higher_better ? -ghi : glo;
			s.ghi = o->higher_better ? -glo : ghi;
			if (s.lo > o->threshold)
				s.call = BISECT_WORSE;
			else if (p->slow_verdict > 0 && !o->higher_better)
				s.call = BISECT_SLOWER_MODE;
			else if (group_nfailed(p->b) && !group_nfailed(p->a))
				s.call = BISECT_B_FAILED;
			else if (s.ghi < o->threshold)
				s.call = BISECT_WITHIN;
			else
				s.call = BISECT_HOLDS;
		}
		bad += s.call == BISECT_WORSE || s.call == BISECT_SLOWER_MODE;
		good += s.call == BISECT_WITHIN;
		if (step)
			step[i] = s;
	}
	if (bad)
		return BISECT_BAD;
	return n && good == n ? BISECT_GOOD : BISECT_SKIP;
}
