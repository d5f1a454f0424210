#include "verdict.h"
#include "util.h"

#include <math.h>
#include <string.h>

const char verdict_rule[] =
	"rule: a difference counts as proven when the 95 % CI of B-A excludes 0 and the rank "
	"test agrees (p < 0.05): paired (Wilcoxon signed-rank) when the runs alternated, else "
	"Welch and Mann-Whitney; status=ok runs only";

/*
 * The smallest p the rank test can give, every run of one side beating
 * every run of the other: Wilcoxon signed-rank (exact) 2 / 2^n with n
 * pairs, 0.0625 with 5 and 0.031 with 6; Mann-Whitney (normal
 * approximation, continuity-corrected, as lib/stats_rank.c) 0.081 with 3
 * a side, 0.030 with 4.
 */
double verdict_min_p(int paired, size_t na, size_t nb)
{
	double pairs = (double)na * (double)nb, var = pairs * (double)(na + nb + 1) / 12;

	if (paired)
		return na >= 60 ? 0 : 2 / ldexp(1, (int)na);
	if (!na || !nb || pairs / 2 - 0.5 <= 0)
		return 1;
	return erfc((pairs / 2 - 0.5) / sqrt(var) / sqrt(2));
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
			fprintf(out, " can be proven with %zu pairs of runs: the rank test needs 6", na);
		else
			fprintf(out, " can be proven with %zu and %zu runs: the rank test needs 4 a side", nb, na);
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
