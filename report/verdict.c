#include "verdict.h"
#include "util.h"
#include "../lib/stats.h"

#include <math.h>
#include <string.h>

const char verdict_rule[] =
	"rule: a difference counts as proven when the 95 % CI of B-A excludes 0 and the rank "
	"test agrees (p < 0.05): paired (Wilcoxon signed-rank) when the runs alternated, else "
	"Welch and Mann-Whitney; status=ok runs only";

/* The smallest p the rank test can give (lib/stats_rank.c has the arithmetic). */
double verdict_min_p(int paired, size_t na, size_t nb)
{
	return stats_rank_min_p(paired, na, nb);
}

/* " on the partition", " on the swapfile", " with kernel 6.1.0, tag A" */
static void where(FILE *out, const char *group)
{
	if (!group)
		return;
	if (!strcmp(group, "partition"))
		fprintf(out, " on the partition");
	else if (!strcmp(group, "file"))
		fprintf(out, " on the swapfile");
	else
		fprintf(out, " with %s", group);
}

static void interval(FILE *out, const struct comparison *c)
{
	fprintf(out, "95 %% CI %+.1f %% to %+.1f %%", c->est.rel_lo, c->est.rel_hi);
}

void verdict_sentence(FILE *out, const struct comparison *c, const char *metric, const char *a,
		      const char *b)
{
	int t = util_is_time(metric);
	size_t na = c->paired ? c->npairs : c->a->nv, nb = c->paired ? c->npairs : c->b->nv;

	fprintf(out, "%s: ", c->workload);
	if (!c->est.have || isnan(c->est.rel)) {
		fprintf(out, "too few runs passed to compare %s with %s", b, a);
		where(out, c->group);
		fprintf(out, " (%zu and %zu; 2 a side at least)", c->b->nv, c->a->nv);
	} else if (c->verdict != V_NONE) {
		fprintf(out, "%s is %.1f %% %s than %s", b, fabs(c->est.rel),
			c->verdict == V_HIGHER ? (t ? "slower" : "higher") : (t ? "faster" : "lower"), a);
		where(out, c->group);
		fprintf(out, " (");
		interval(out, c);
		fprintf(out, ", rank test p = %.2g)", c->est.p);
	} else if (verdict_min_p(c->paired, na, nb) >= 0.05) {
		fprintf(out, "no difference between %s and %s", b, a);
		where(out, c->group);
		if (c->paired)
			fprintf(out, " can be proven with %zu pairs of runs: the rank test needs %u", na,
				stats_rank_min_runs(1, 0.05));
		else
			fprintf(out, " can be proven with %zu and %zu runs: the rank test needs %u a side", nb, na,
				stats_rank_min_runs(0, 0.05));
		fprintf(out, " (%s %+.1f %%, ", b, c->est.rel);
		interval(out, c);
		fprintf(out, ")");
	} else {
		fprintf(out, "no difference between %s and %s", b, a);
		where(out, c->group);
		fprintf(out, " proven (%s %+.1f %%, ", b, c->est.rel);
		interval(out, c);
		fprintf(out, ", rank test p = %.2g)", c->est.p);
	}
	fprintf(out, ".\n");
}

void verdict_print(FILE *out, const struct comparison *c, size_t n, const char *metric,
		   const char *a, const char *b, int markdown)
{
	for (size_t i = 0; i < n; i++) {
		fputs(markdown ? "- " : "", out);
		verdict_sentence(out, &c[i], metric, a, b);
	}
}
