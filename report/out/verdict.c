#include "report/out/verdict.h"
#include "report/util/util.h"
#include "lib/stats.h"
#include "report/util/escape.h"
#include "report/util/dest.h"

#include <math.h>
#include <string.h>

const char verdict_rule[] =
	"rule: one quantity, B/A-1 (ratio of means); one interval, its t interval (delta method) with "
	"degrees of freedom from the units: pairs of runs of one round (order effect fitted when "
	"counterbalanced; from 2 boots or more, draws a level above them and the interval the "
	"bootstrap of draws, then pairs within a drawn draw), boots when A and B ran "
	"in different boots, else runs; typical runs only: the slow mode (Hampel's identifier of a "
	"side, 3 scaled MADs above its median and 1.25 x it, on log major faults per page swapped in "
	"where recorded, else on log time) counted apart, its rate compared by Fisher; one test: a difference is proven when that interval "
	"excludes 0; several comparisons: Holm, family-wise 5 %; status=ok runs only, failures "
	"compared apart (Fisher)";

/* " on the partition", " on the swapfile", " with kernel 6.1.0, tag A" */
static void where(const struct dest *d, const char *group)
{
	if (!group)
		return;
	if (!strcmp(group, "partition"))
		fprintf(d->f, " on the partition");
	else if (!strcmp(group, "file"))
		fprintf(d->f, " on the swapfile");
	else
		fprintf(d->f, " with %s", d->text(group));
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

/* "the swapfile" as "swapfile": a name before "runs" */
static const char *bare(const char *name)
{
	return strncmp(name, "the ", 4) ? name : name + 4;
}

/* "; 1 of 30 file runs and 2 of 30 partition runs lost their swap readahead (...)" */
static void slow_clause(FILE *out, const struct comparison *c, const char *a, const char *b)
{
	struct mixture m;
	enum slow_by by = c->sla.by == SLOW_BY_FAULTS && c->slb.by == SLOW_BY_FAULTS ? SLOW_BY_FAULTS :
			  SLOW_BY_TIME;

	if (!c->sla.k && !c->slb.k) {
		if (c->sla.n || c->slb.n)
			fprintf(out, "; no run in the slow mode");
		return;
	}
	fprintf(out, "; %zu of %zu %s runs and %zu of %zu %s runs %s (%s in that rate)", c->slb.k,
		c->slb.n, bare(b), c->sla.k, c->sla.n, bare(a), slow_words(by), c->slow_verdict > 0 ?
		"proven more often for the first" : c->slow_verdict < 0 ? "proven less often for the first" :
		"no difference proven");
	if (c->est.have && !compare_mixture(c, &m))
		fprintf(out, "; all runs, the mean a user pays: %+.1f %% (95 %% CI %+.1f %% to %+.1f %%)",
			m.rel, m.lo, m.hi);
}

void verdict_sentence(const struct dest *d, const struct comparison *c, const char *metric,
		      const char *a_name, const char *b_name)
{
	int t = util_is_time(metric);
	FILE *out = d->f;
	/* the names may be tags from the records: escaped once, here */
	char a[512], b[512];

	snprintf(a, sizeof(a), "%s", d->text(a_name));
	snprintf(b, sizeof(b), "%s", d->text(b_name));

	fprintf(out, "%s: ", d->text(c->workload));
	if (!c->est.have) {
		fprintf(out, "no verdict possible between %s and %s", b, a);
		where(d, c->group);
		fprintf(out, " (%s)", d->text(c->why));
	} else if (c->verdict != V_NONE) {
		fprintf(out, "%s is %.1f %% %s than %s", b, fabs(c->est.rel),
			c->verdict == V_HIGHER ? (t ? "slower" : "higher") : (t ? "faster" : "lower"), a);
		where(d, c->group);
		fprintf(out, " in typical runs (");
		interval(out, c);
		fprintf(out, ")");
	} else {
		fprintf(out, "no difference between %s and %s", b, a);
		where(d, c->group);
		fprintf(out, " proven in typical runs (%s %+.1f %%, ", b, c->est.rel);
		interval(out, c);
		fprintf(out, ")");
	}
	slow_clause(out, c, a, b);
	if (c->fail_verdict)
		fprintf(out, "; %s failed %s often than %s (Fisher p = %.2g)", b,
			c->fail_verdict > 0 ? "more" : "less", a, c->fail_p);
	fputc('.', out);
}

void verdict_print(const struct dest *d, const struct comparison *c, size_t n, const char *metric,
		   const char *a, const char *b)
{
	for (size_t i = 0; i < n; i++) {
		fputs(d->item[0], d->f);
		verdict_sentence(d, &c[i], metric, a, b);
		fputs(d->item[1], d->f);
	}
}
