/* compare: baseline A against candidate B, per workload (and backend). */
#include "report/cmd/compare.h"
#include "report/cmd/cmd.h"
#include "report/source/clockflag.h"
#include "report/stats/compare.h"
#include "report/util/metrics.h"
#include "report/util/util.h"
#include "report/out/verdict.h"
#include "lib/reckeys.h"
#include "report/source/store.h"
#include "report/out/bisect.h"
#include "report/stats/compare_match.h"
#include "report/out/compare_print.h"
#include "report/util/escape.h"

#include <stdlib.h>
#include <string.h>

/* Cells of one side that found no partner are named, not silently skipped:
 * the partner is y's cell of the same workload and group, or with ygroup
 * of the same workload in group ygroup (y indexed: group_find). */
static void note_unmatched(const struct cells *x, const struct cells *y, const char *side,
			   const char *ygroup)
{
	for (size_t i = 0; i < x->n; i++) {
		const struct cell *c = &x->c[i];

		if (!group_find(y, c->workload, ygroup ? ygroup : c->group))
			printf("only in %s: %s%s%s (%zu runs)\n", side, esc_str(c->workload),
			       ygroup ? "" : "/", ygroup ? "" : esc_str(c->group), c->nruns);
	}
}

static void header(const struct opts *o, const char *a, const char *b, const char *where)
{
	const char *unit = util_unit(o->metric);

	/* a, b and where are sources or values from records: escaped */
	printf("compare %s%s%s%s: A = %s, B = %s%s%s\n", o->metric, *unit ? " (" : "", unit,
	       *unit ? ")" : "", esc_str(a), esc_str(b), where ? " in " : "", where ? esc_str(where) : "");
	printf("%s\n\n", verdict_rule);
}

/* The exit status: the bisect decision, or whether problems were seen. */
static int finish(const struct opts *o, const struct comparison *cmp, size_t n,
		  const struct dataset *da, const struct dataset *db)
{
	int status;

	if (o->bisect) {
		struct bisect_opts bo = { o->metric, o->threshold, o->higher_better, o->interim };
		struct bisect_step *step = xcalloc(n ? n : 1, sizeof(*step));
		enum bisect_result r = bisect_decide(cmp, n, &bo, step);

		putchar('\n');
		bisect_print(stdout, cmp, step, n, &bo, r);
		free(step);
		return (int)r;
	}
	status = cmd_exit_status(da);
	if (status == EXIT_CLEAN && db)
		status = cmd_exit_status(db);
	return n ? status : EXIT_PROBLEMS;
}

static char *joined(int n, char **s)
{
	size_t len = 1;
	char *out;

	for (int i = 0; i < n; i++)
		len += strlen(s[i]) + 1;
	out = xcalloc(len, 1);
	for (int i = 0; i < n; i++) {
		if (i)
			strcat(out, " ");
		strcat(out, s[i]);
	}
	return out;
}

/* swapbench.until: what ended each boot's runs. */
static void note_stops(const struct dataset *ds)
{
	for (size_t i = 0; i < ds->nboots; i++) {
		const struct record *t = &ds->boots[i]->more->totals;
		const char *stop = t->nf ? store_get(t, RK_STOP) : NULL;
		const char *rounds = store_get(t, RK_ROUNDS), *half = store_get(t, RK_HALFWIDTH);

		if (!stop)
			continue;
		printf("boot %s: swapbench.until: %s after %s pairs (largest 95%% CI half-width of "
		       "B/A-1: %s%%)\n", ds->boots[i]->id,
		       !strcmp(stop, "precision") ? "precise enough" : "stopped at swapbench.maxruns",
		       rounds ? rounds : "?", half ? half : "?");
	}
}

/* Partition (A) against file (B) in the same sources. */
static int compare_backends_cmd(const struct opts *o, int argc, char **argv)
{
	struct dataset ds = { 0 };
	struct cells *cells, part = { 0 }, file = { 0 };
	struct comparison *cmp;
	size_t ncells, n;
	char *where = joined(argc, argv);
	int status;
	struct dest term = dest_term(stdout);

	cmd_load(o, &ds, argc, argv);
	n = compare_backends(&ds, o->metric, &cells, &ncells, &cmp);
	header(o, "partition", "file", where);
	if (n) {
		compare_print(&term, cmp, n, o->metric, cmp[0].group ? "variant" : NULL);
		putchar('\n');
		verdict_print(&term, cmp, n, o->metric, "the partition", "the swapfile");
	} else
		printf("nothing to compare: no workload ran on both partition and file\n");
	for (size_t k = 0; k < ncells; k++)
		for (size_t i = 0; i < cells[k].n; i++) {
			struct cells *d = !strcmp(cells[k].c[i].group, "partition") ? &part :
					  !strcmp(cells[k].c[i].group, "file") ? &file : NULL;

			if (d) {
				grow(&d->c, &d->cap, d->n, sizeof(*d->c));
				d->c[d->n++] = cells[k].c[i];
			}
		}
	note_stops(&ds);
	group_index(&part);
	group_index(&file);
	note_unmatched(&part, &file, "A (partition)", "file");
	note_unmatched(&file, &part, "B (file)", "partition");
	free(part.c);
	free(file.c);
	hmap_free(&part.ix);
	hmap_free(&file.ix);
	status = finish(o, cmp, n, &ds, NULL);
	compare_free(cells, ncells, cmp, n);
	parse_free(&ds);
	free(where);
	return status;
}

/* Both sides' cells for each metric, and every comparison of the table. */
struct sides {
	size_t nm;
	const char *metric[METRICS_MAX];
	struct cells ca[METRICS_MAX], cb[METRICS_MAX];
	struct comparison *cmp;		/* all metrics' comparisons, metric by metric */
	const char **of;		/* the metric of each */
	size_t n;
};

/* Matches each metric's cells, then decides the whole table as one family (Holm). */
static void match_all(struct sides *s)
{
	size_t cap = 0;

	for (size_t k = 0; k < s->nm; k++) {
		struct comparison *c;
		size_t m = compare_match(&s->ca[k], &s->cb[k], &c);

		for (size_t i = 0; i < m; i++) {
			grow(&s->cmp, &cap, s->n, sizeof(*s->cmp));
			s->cmp[s->n++] = c[i];
		}
		free(c);
	}
	s->of = xcalloc(s->n + 1, sizeof(*s->of));
	for (size_t k = 0, i = 0; k < s->nm; k++)
		for (size_t j = 0; j < s->ca[k].n; j++)
			if (group_find(&s->cb[k], s->ca[k].c[j].workload, s->ca[k].c[j].group))
				s->of[i++] = s->metric[k];
	compare_family(s->cmp, s->n);
}

static void metrics_header(const struct sides *s, const char *a, const char *b, const char *where)
{
	printf("compare");
	for (size_t k = 0; k < s->nm; k++) {
		const char *unit = util_unit(s->metric[k]);

		printf("%s %s%s%s%s", k ? "," : "", s->metric[k], *unit ? " (" : "", unit, *unit ? ")" : "");
	}
	printf(": A = %s, B = %s%s%s\n%s\n\n", esc_str(a), esc_str(b), where ? " in " : "", where ? esc_str(where) : "",
	       verdict_rule);
}

int cmd_compare(const struct opts *o, int argc, char **argv)
{
	struct dataset da = { 0 }, db = { 0 };
	struct sides s = { 0 };
	char *a = NULL, *b = NULL, *where = NULL, why[200];
	int status;
	struct dest term = dest_term(stdout);

	if (o->backends && o->by_given)
		cmd_usage_error("compare: --backends and --by exclude each other");
	if ((o->backends || o->by_given) && argc < 1)
		cmd_usage_error("compare: no SOURCE given");
	if (o->metrics && (o->backends || o->bisect))
		cmd_usage_error("compare: --metrics compares two SOURCEs or --by groups, and decides no bisect step "
				"(--backends and --bisect take one --metric)");
	if (o->backends)
		return compare_backends_cmd(o, argc, argv);
	if (!o->metrics) {
		s.nm = 1;
		s.metric[0] = o->metric;
	} else if (!(s.nm = metric_list(o->metrics, s.metric, why, sizeof(why)))) {
		cmd_usage_error("--metrics: %s", why);
	}
	if (o->by_given) {
		const char **v;
		size_t nv;

		where = joined(argc, argv);
		cmd_load(o, &da, argc, argv);
		nv = group_values(&da, o->by, &v);
		if (nv != 2) {
			util_die_status = o->bisect ? 125 : 2;
			die("compare --by %s: the sources hold %zu %s values, need exactly 2",
			    group_by_name(o->by), nv, group_by_name(o->by));
		}
		struct group_only oa = { o->by, v[0] }, ob = { o->by, v[1] };
		/* two backends of the same boots: their cells by kernel, so that they match */
		enum group_by cells_by = o->by == BY_BACKEND ? BY_KERNEL : BY_BACKEND;

		for (size_t k = 0; k < s.nm; k++) {
			if (k)
				clockflag_runs(&da, s.metric[k]);
			group_build(&da, s.metric[k], cells_by, group_only, &oa, &s.ca[k]);
			group_build(&da, s.metric[k], cells_by, group_only, &ob, &s.cb[k]);
		}
		a = xasprintf("%s %s", group_by_name(o->by), v[0]);
		b = xasprintf("%s %s", group_by_name(o->by), v[1]);
		free(v);
	} else {
		if (argc != 2)
			cmd_usage_error("compare: need two SOURCEs, A and B (or --backends / --by)");
		cmd_load(o, &da, 1, argv);
		cmd_load(o, &db, 1, argv + 1);
		for (size_t k = 0; k < s.nm; k++) {
			if (k) {
				clockflag_runs(&da, s.metric[k]);
				clockflag_runs(&db, s.metric[k]);
			}
			group_build(&da, s.metric[k], BY_BACKEND, NULL, NULL, &s.ca[k]);
			group_build(&db, s.metric[k], BY_BACKEND, NULL, NULL, &s.cb[k]);
		}
		a = xstrdup(argv[0]);
		b = xstrdup(argv[1]);
	}
	match_all(&s);
	if (o->metrics)
		metrics_header(&s, a, b, where);
	else
		header(o, a, b, where);
	/* --by names the sides by their value alone in the sentences */
	const char *na = o->by_given ? strchr(a, ' ') + 1 : a, *nb = o->by_given ? strchr(b, ' ') + 1 : b;

	const char *column = o->by_given && o->by == BY_BACKEND ? "kernel" : "backend";

	if (s.n && o->metrics) {
		compare_print_metrics(&term, s.cmp, s.of, s.n, column);
		putchar('\n');
		for (size_t i = 0; i < s.n; i++) {
			printf("%s, ", s.of[i]);
			verdict_sentence(&term, &s.cmp[i], s.of[i], na, nb);
			putchar('\n');
		}
	} else if (s.n) {
		compare_print(&term, s.cmp, s.n, o->metric, column);
		putchar('\n');
		verdict_print(&term, s.cmp, s.n, o->metric, na, nb);
	} else
		printf("nothing to compare: no workload and backend present on both sides\n");
	note_unmatched(&s.ca[0], &s.cb[0], "A", NULL);
	note_unmatched(&s.cb[0], &s.ca[0], "B", NULL);
	status = finish(o, s.cmp, s.n, &da, o->by_given ? NULL : &db);
	free(a);
	free(b);
	free(where);
	free(s.cmp);
	free(s.of);
	for (size_t k = 0; k < s.nm; k++) {
		group_free(&s.ca[k]);
		group_free(&s.cb[k]);
	}
	parse_free(&da);
	parse_free(&db);
	return status;
}
