/* compare: baseline A against candidate B, per workload (and backend). */
#include "cmd.h"
#include "compare.h"
#include "util.h"
#include "verdict.h"
#include "../lib/reckeys.h"

#include <stdlib.h>
#include <string.h>

struct only {
	enum group_by by;
	const char *value;
};

static int keep_only(const struct run *r, const void *arg)
{
	const struct only *o = arg;

	return !strcmp(group_key(r, o->by), o->value);
}

/* Cells of one side that found no partner are named, not silently skipped. */
static void note_unmatched(const struct cells *x, const struct cells *y, const char *side,
			   int by_workload)
{
	for (size_t i = 0; i < x->n; i++) {
		const struct cell *c = &x->c[i];
		int found = 0;

		for (size_t k = 0; k < y->n && !found; k++)
			found = !strcmp(y->c[k].workload, c->workload) &&
				(by_workload || !strcmp(y->c[k].group, c->group));
		if (!found)
			printf("only in %s: %s%s%s (%zu runs)\n", side, c->workload,
			       by_workload ? "" : "/", by_workload ? "" : c->group, c->nruns);
	}
}

static void header(const struct opts *o, const char *a, const char *b, const char *where)
{
	const char *unit = util_unit(o->metric);

	printf("compare %s%s%s%s: A = %s, B = %s%s%s\n", o->metric, *unit ? " (" : "", unit,
	       *unit ? ")" : "", a, b, where ? " in " : "", where ? where : "");
	printf("%s\n\n", verdict_rule);
}

/* The exit status: the bisect decision, or whether problems were seen. */
static int finish(const struct opts *o, const struct comparison *cmp, size_t n,
		  const struct dataset *da, const struct dataset *db)
{
	int status;

	if (o->bisect) {
		struct bisect_opts bo = { o->metric, o->threshold, o->higher_better, o->interim };

		putchar('\n');
		return (int)compare_bisect(cmp, n, &bo, stdout);
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
		const struct record *t = &ds->boots[i]->totals;
		const char *stop = t->nf ? record_get(t, RK_STOP) : NULL;
		const char *rounds = record_get(t, RK_ROUNDS), *half = record_get(t, RK_HALFWIDTH);

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

	cmd_load(o, &ds, argc, argv);
	n = compare_backends(&ds, o->metric, &cells, &ncells, &cmp);
	header(o, "partition", "file", where);
	if (n) {
		compare_print(cmp, n, o->metric, cmp[0].group ? "variant" : NULL, stdout, 0);
		putchar('\n');
		verdict_print(stdout, cmp, n, o->metric, "the partition", "the swapfile", 0);
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
	note_unmatched(&part, &file, "A (partition)", 1);
	note_unmatched(&file, &part, "B (file)", 1);
	free(part.c);
	free(file.c);
	status = finish(o, cmp, n, &ds, NULL);
	compare_free(cells, ncells, cmp, n);
	parse_free(&ds);
	free(where);
	return status;
}

int cmd_compare(const struct opts *o, int argc, char **argv)
{
	struct dataset da = { 0 }, db = { 0 };
	struct cells ca, cb;
	struct comparison *cmp;
	size_t n;
	int status;
	char *a = NULL, *b = NULL;

	if (o->backends && o->by_given)
		usage_error("compare: --backends and --by exclude each other");
	if (o->by_given && o->by == BY_BACKEND)
		usage_error("compare: use --backends to compare partition with file");
	if ((o->backends || o->by_given) && argc < 1)
		usage_error("compare: no SOURCE given");
	if (o->backends)
		return compare_backends_cmd(o, argc, argv);
	if (o->by_given) {
		char *where = joined(argc, argv);
		const char **v;
		size_t nv;

		cmd_load(o, &da, argc, argv);
		nv = group_values(&da, o->by, &v);
		if (nv != 2) {
			util_die_status = o->bisect ? 125 : 2;
			die("compare --by %s: the sources hold %zu %s values, need exactly 2",
			    group_by_name(o->by), nv, group_by_name(o->by));
		}
		struct only oa = { o->by, v[0] }, ob = { o->by, v[1] };
		char *ha = xasprintf("%s %s", group_by_name(o->by), v[0]);
		char *hb = xasprintf("%s %s", group_by_name(o->by), v[1]);

		group_build(&da, o->metric, BY_BACKEND, keep_only, &oa, &ca);
		group_build(&da, o->metric, BY_BACKEND, keep_only, &ob, &cb);
		header(o, ha, hb, where);
		a = xstrdup(v[0]);
		b = xstrdup(v[1]);
		free(ha);
		free(hb);
		free(v);
		free(where);
	} else {
		if (argc != 2)
			usage_error("compare: need two SOURCEs, A and B (or --backends / --by)");
		cmd_load(o, &da, 1, argv);
		cmd_load(o, &db, 1, argv + 1);
		group_build(&da, o->metric, BY_BACKEND, NULL, NULL, &ca);
		group_build(&db, o->metric, BY_BACKEND, NULL, NULL, &cb);
		header(o, argv[0], argv[1], NULL);
		a = xstrdup(argv[0]);
		b = xstrdup(argv[1]);
	}
	n = compare_match(&ca, &cb, &cmp);
	if (n) {
		compare_print(cmp, n, o->metric, "backend", stdout, 0);
		putchar('\n');
		verdict_print(stdout, cmp, n, o->metric, a, b, 0);
	} else
		printf("nothing to compare: no workload and backend present on both sides\n");
	note_unmatched(&ca, &cb, "A", 0);
	note_unmatched(&cb, &ca, "B", 0);
	status = finish(o, cmp, n, &da, &db);
	free(a);
	free(b);
	free(cmp);
	group_free(&ca);
	group_free(&cb);
	parse_free(&da);
	parse_free(&db);
	return status;
}
