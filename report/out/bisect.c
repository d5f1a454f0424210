/* bisect: compare --bisect's rule, each comparison's call with its figures, and the answer (bisect.h). */
#include "report/out/bisect.h"
#include "report/out/compare_print.h"
#include "report/util/escape.h"

#include <string.h>

/* The decision for git bisect run, a sequential rule (report/stats/bisect.c). */
static const char bisect_rule[] =
	"bisect rule: d = worsening B/A-1 of typical runs, k comparisons, its interval over boots "
	"when A and B ran in different boots; bad: the (1 - 0.1/k) interval of d above the threshold "
	"for one comparison (one-sided 5 %, Bonferroni), or B's slow mode proven more frequent "
	"(Fisher, Holm); good: the 90 % interval below the threshold for "
	"all (one-sided 5 %), no failures of B only; else undecided (125: boot again, or skip at "
	"the cap)";

void bisect_print(FILE *out, const struct comparison *c, const struct bisect_step *step, size_t n,
		  const struct bisect_opts *o, enum bisect_result r)
{
	double bad_level = bisect_bad_level(n);
	size_t good = 0, bad = 0;
	char name[160], raw[160];

	fprintf(out, "%s\n", bisect_rule);
	for (size_t i = 0; i < n; i++) {
		const struct comparison *p = &c[i];
		const struct bisect_step *s = &step[i];

		/* record text, for a terminal */
		esc_text(name, sizeof(name), compare_name(p, raw, sizeof(raw)), strlen(raw));
		switch (s->call) {
		case BISECT_NO_ESTIMATE:
			fprintf(out, "bisect: %s: undecided: %s\n", name, esc_str(p->why));
			break;
		case BISECT_WORSE:
			fprintf(out, "bisect: %s: bad: worsening %.2f%%, %.4g%% CI %.2f%% to %.2f%%, "
				"above %g%% (%s)\n", name, s->d, 100 * bad_level, s->lo, s->hi, o->threshold,
				p->why);
			bad++;
			break;
		case BISECT_SLOWER_MODE:
			fprintf(out, "bisect: %s: bad: B's slow mode comes more often: %zu of %zu runs against "
				"%zu of %zu (Fisher p = %.3g, Holm over the rates)\n", name, p->slb.k, p->slb.n,
				p->sla.k, p->sla.n, p->slow_p);
			bad++;
			break;
		case BISECT_B_FAILED:
			fprintf(out, "bisect: %s: undecided: %zu run(s) of B did not pass, none of A\n",
				name, group_nfailed(p->b));
			break;
		case BISECT_WITHIN:
			fprintf(out, "bisect: %s: good: worsening %.2f%%, at most %.2f%% (90%% CI) < %g%%\n",
				name, s->d, s->ghi, o->threshold);
			good++;
			break;
		case BISECT_HOLDS:
			fprintf(out, "bisect: %s: undecided: worsening %.2f%%, 90%% CI %.2f%% to %.2f%% holds "
				"the threshold %g%%%s\n", name, s->d, s->glo, s->ghi, o->threshold,
				o->interim ? ": more boots" : "");
			break;
		}
	}
	if (r == BISECT_BAD)
		fprintf(out, "bisect: bad (exit 1): %zu of %zu comparisons worse beyond %g%%\n",
			bad, n, o->threshold);
	else if (r == BISECT_GOOD)
		fprintf(out, "bisect: good (exit 0): all %zu comparisons within %g%%\n", n,
			o->threshold);
	else if (!n)
		fprintf(out, "bisect: inconclusive (exit 125): no workload present in both A and B\n");
	else
		fprintf(out, "bisect: %s (exit 125): %zu of %zu comparisons good, none bad\n",
			o->interim ? "undecided, more boots wanted" : "inconclusive", good, n);
}
