#include "report/stats/verdict.h"
#include "report/util/util.h"
#include "lib/stats.h"
#include "report/util/escape.h"

#include <math.h>
#include <string.h>

const char verdict_rule[] =
	"rule: one quantity, B/A-1 (ratio of means); one interval, its t interval (delta method) with "
	"degrees of freedom from the units: pairs of runs of one round (order effect fitted when "
	"counterbalanced), boots when A and B ran in different boots, else runs; one test: a "
	"difference is proven when that interval excludes 0; several comparisons: Holm, family-wise "
	"5 %; status=ok runs only, failures compared apart (Fisher)";

/* " on the partition", " on the swapfile", " with kernel 6.1.0, tag A" */
static void where(FILE *out, const char *group, enum esc_to to)
{
	if (!group)
		return;
	if (!strcmp(group, "partition"))
		fprintf(out, " on the partition");
	else if (!strcmp(group, "file"))
		fprintf(out, " on the swapfile");
	else
		fprintf(out, " with %s", esc_for(to, group));
}

static const char *units(const struct estimate *e)
{
	static char s[96];

	if (e->unit == UNIT_PAIRS)
		snprintf(s, sizeof(s), "%zu pairs", e->na);
	else if (e->unit == UNIT_BOOTS)
		snprintf(s, sizeof(s), "%zu and %zu boots", e->na, e->nb);
	else
		snprintf(s, sizeof(s), "%zu and %zu runs", e->na, e->nb);
	return s;
}

static void interval(FILE *out, const struct comparison *c)
{
	fprintf(out, "%.4g %% CI %+.1f %% to %+.1f %%, %s", 100 * c->est.level, c->est.rel_lo,
		c->est.rel_hi, units(&c->est));
	if (c->est.family > 1)
		fprintf(out, ", Holm over %zu", c->est.family);
}

void verdict_sentence(FILE *out, const struct comparison *c, const char *metric, const char *a_raw,
		      const char *b_raw, enum esc_to to)
{
	int t = util_is_time(metric);
	/* every name here came from records or the command line: escaped for where it goes */
	const char *a = esc_for(to, a_raw), *b = esc_for(to, b_raw), *why = esc_for(to, c->why);

	fprintf(out, "%s: ", esc_for(to, c->workload));
	if (!c->est.have) {
		fprintf(out, "no verdict possible between %s and %s", b, a);
		where(out, c->group, to);
		fprintf(out, " (%s)", why);
	} else if (c->verdict != V_NONE) {
		fprintf(out, "%s is %.1f %% %s than %s", b, fabs(c->est.rel),
			c->verdict == V_HIGHER ? (t ? "slower" : "higher") : (t ? "faster" : "lower"), a);
		where(out, c->group, to);
		fprintf(out, " (");
		interval(out, c);
		fprintf(out, ")");
	} else {
		fprintf(out, "no difference between %s and %s", b, a);
		where(out, c->group, to);
		fprintf(out, " proven (%s %+.1f %%, ", b, c->est.rel);
		interval(out, c);
		fprintf(out, ")");
	}
	if (c->fail_verdict)
		fprintf(out, "; %s failed %s often than %s (Fisher p = %.2g)", b,
			c->fail_verdict > 0 ? "more" : "less", a, c->fail_p);
	fprintf(out, ".\n");
}
void verdict_print(FILE *out, const struct comparison *c, size_t n, const char *metric,
		   const char *a, const char *b, enum esc_to to)
{
	for (size_t i = 0; i < n; i++) {
		fputs(to == ESC_MD ? "- " : "", out);
		verdict_sentence(out, &c[i], metric, a, b, to);
	}
}
