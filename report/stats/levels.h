#ifndef SBR_LEVELS_H
#define SBR_LEVELS_H
/*
 * Draws as a level above the pairs (Kalibera and Jones, "Rigorous
 * Benchmarking in Reasonable Time", ISMM 2013, with its correction note):
 * units (pairs of runs) within draws (boots, each one draw of the kernel's
 * random seed under DETERMINISTIC=1). Level 1 is the units, level 2 the
 * draws. S_i^2 is the biased variance of level i's means (each holds the
 * variance of the levels below): S_1^2 the mean over draws of the sample
 * variance (n - 1) of the units within a draw, S_2^2 the sample variance of
 * the draw means. The unbiased components are T_1^2 = S_1^2 and T_2^2 =
 * S_2^2 - S_1^2 / r_1 (r_1 units a draw, their mean where draws differ).
 * The units a draw worth running, from a unit's cost c_1 and a draw's own
 * cost c_2: r_1 = ceil(sqrt(c_2 / c_1 * T_1^2 / T_2^2)).
 *
 * These are what compare prints about the draws; the interval of B/A-1
 * over draws is the bootstrap's (report/stats/compare.h), which needs no
 * estimate of either component: S_2^2 / draws would give it draws - 1
 * degrees of freedom, one at 2 draws.
 */
#include <stddef.h>

/* A draw's own cost beyond its pairs, seconds (host clock): a boot under TCG. */
#define LEVELS_DRAW_COST_S 60.0

struct levels {
	size_t draws, units;
	double s1, s2;		/* S_1^2, S_2^2 */
	double t1, t2;		/* T_1^2, T_2^2 (t2 may come out negative) */
	double r1;		/* units a draw (their mean) */
	double cost1, cost2;	/* seconds: a unit, a draw's own */
	unsigned suggest;	/* r_1 by the formula; 0: T_2^2 <= 0, any number (more is cheaper) */
};

/*
 * w[] grouped by draw: draw j holds w[start[j]] .. w[start[j + 1] - 1],
 * start[draws] the end. -1 below 2 draws or 3 units.
 */
int levels_compute(const double *w, const size_t *start, size_t draws, double cost1, double cost2,
		   struct levels *l);

#endif
