/* Draws as a level above the pairs (levels.h). */
#include "report/stats/levels.h"
#include "lib/stats.h"

#include <math.h>
#include <string.h>

int levels_compute(const double *w, const size_t *start, size_t draws, double cost1, double cost2,
		   struct levels *l)
{
	double within = 0, sum_m = 0, ss_m = 0;
	size_t nwithin = 0, n;

	memset(l, 0, sizeof(*l));
	l->s1 = l->s2 = l->t1 = l->t2 = NAN;
	l->draws = draws;
	n = draws ? start[draws] - start[0] : 0;
	l->units = n;
	l->cost1 = cost1;
	l->cost2 = cost2;
	if (draws < 2 || n < 3)
		return -1;
	for (size_t j = 0; j < draws; j++) {
		size_t k = start[j + 1] - start[j];

		if (!k)
			return -1;
		sum_m += stats_mean(w + start[j], k);
		if (k >= 2) {
			within += stats_var(w + start[j], k);
			nwithin++;
		}
	}
	sum_m /= (double)draws;
	for (size_t j = 0; j < draws; j++) {
		double d = stats_mean(w + start[j], start[j + 1] - start[j]) - sum_m;

		ss_m += d * d;
	}
	l->r1 = (double)n / (double)draws;
	l->s2 = ss_m / (double)(draws - 1);
	l->s1 = nwithin ? within / (double)nwithin : NAN;
	l->t1 = l->s1;
	l->t2 = isnan(l->s1) ? l->s2 : l->s2 - l->s1 / l->r1;
	if (l->t2 > 0 && l->t1 > 0 && cost1 > 0 && cost2 > 0)
		l->suggest = (unsigned)ceil(sqrt(cost2 / cost1 * l->t1 / l->t2));
	return 0;
}
