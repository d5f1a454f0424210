/*
 * check: what a dataset must hold before its runs are used. Checks on one
 * run's own record are a table (run_checks); checks across a boot run once
 * all sources are read (parse_finish).
 */
#include "parse.h"
#include "util.h"
#include "escape.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* SPEC: a run during which not exactly one swap configuration was active. */
static const char *one_swap_active(const struct run *r)
{
	static char why[96];
	const char *s = record_get(&r->rec, "swaps_active");
	double n;

	if (!s || (util_number(s, &n) && n == 1))
		return NULL;	/* logs from before swaps_active was recorded lack it */
	snprintf(why, sizeof(why), "swaps_active=%.16s, not exactly one swap configuration "
		 "was active", s);
	return why;
}

static int field_is(const struct run *r, const char *key, double want)
{
	const char *s = record_get(&r->rec, key);
	double v;

	return !s || (util_number(s, &v) && v == want);	/* absent: an older log, or no zram/zswap */
}

/*
 * The same for zram and zswap (swapbench.backends): a zram configuration
 * swaps on zram0, zswap is on only in a zswap configuration, and every run
 * starts with zram0 reset and zswap's pool empty unless they are its own.
 */
static const char *config_active(const struct run *r)
{
	static char why[160];
	const char *b = r->backend ? r->backend : "", *dev = record_get(&r->rec, "swap_dev");
	int zram = !strncmp(b, "zram", 4), zswap = !strncmp(b, "zswap", 5);

	if (zram && dev && strcmp(dev, "/dev/zram0"))
		snprintf(why, sizeof(why), "backend %.48s swapped on %.48s, not zram0", b, dev);
	else if (!zram && !field_is(r, "zram_disksize_kb", 0))
		snprintf(why, sizeof(why), "backend %.48s ran with zram0 set up (zram_disksize_kb)", b);
	else if (!field_is(r, "zswap", zswap))
		snprintf(why, sizeof(why), "backend %.48s ran with zswap %s", b, zswap ? "off" : "on");
	else if (!field_is(r, "zswap_start_pages", 0))
		snprintf(why, sizeof(why), "backend %.48s started with pages in zswap's pool", b);
	else
		return NULL;
	return why;
}

static const char *(*const run_checks[])(const struct run *r) = {
	one_swap_active,
	config_active,
};

const char *check_run(const struct run *r)
{
	const char *why;

	for (size_t i = 0; i < sizeof(run_checks) / sizeof(run_checks[0]); i++)
		if ((why = run_checks[i](r)))
			return why;
	return NULL;
}

struct test {
	size_t boot;
	unsigned long num;
};

static int cmp_test(const void *a, const void *b)
{
	const struct test *x = a, *y = b;

	if (x->boot != y->boot)
		return (x->boot > y->boot) - (x->boot < y->boot);
	return (x->num > y->num) - (x->num < y->num);
}

/* Appends "a" or "a-b" to a list of missing test numbers. */
static void list_range(char *buf, size_t size, unsigned long a, unsigned long b)
{
	size_t n = strlen(buf);

	if (n + 24 >= size) {
		if (!strstr(buf, "..."))
			snprintf(buf + n, size - n, ", ...");
		return;
	}
	snprintf(buf + n, size - n, "%s%lu", n ? ", " : "", a);
	n = strlen(buf);
	if (b > a)
		snprintf(buf + n, size - n, "-%lu", b);
}

/* nums: the boot's tests seen (used or refused by a check), ascending. */
static void check_plan(struct dataset *ds, struct boot *b, const struct test *t, size_t n)
{
	double planned;
	unsigned long plan = b->plan, next = 1;
	char missing[256] = "";

	if (util_number(record_get(&b->totals, "planned"), &planned) && planned >= 0 &&
	    planned < (double)ULONG_MAX)	/* beyond that the cast is undefined */
		plan = (unsigned long)planned;
	if (!plan)
		return;
	for (size_t i = 0; i < n; i++) {
		if (t[i].num > plan) {
			parse_problem(ds, b->source, 0, "boot %s: test %lu outside the plan 1..%lu",
				      b->id, t[i].num, plan);
			continue;
		}
		if (t[i].num > next)
			list_range(missing, sizeof(missing), next, t[i].num - 1);
		next = t[i].num + 1;
	}
	if (next <= plan)
		list_range(missing, sizeof(missing), next, plan);
	if (*missing)
		parse_problem(ds, b->source, 0, "boot %s: no result for test %s of the plan 1..%lu",
			      b->id, missing, plan);
}

/* Every boot's tests, sorted by boot and number: one pass for all plans. */
static struct test *all_tests(const struct dataset *ds, size_t *n)
{
	size_t total = ds->nruns, k = 0;
	struct test *t;

	for (size_t i = 0; i < ds->nboots; i++)
		total += ds->boots[i]->nrefused;
	t = xcalloc(total, sizeof(*t));
	for (size_t i = 0; i < ds->nruns; i++)
		t[k++] = (struct test){ ds->runs[i].boot->index, ds->runs[i].num };
	for (size_t i = 0; i < ds->nboots; i++)
		for (size_t j = 0; j < ds->boots[i]->nrefused; j++)
			t[k++] = (struct test){ i, ds->boots[i]->refused[j] };
	qsort(t, total, sizeof(*t), cmp_test);
	*n = total;
	return t;
}

void parse_finish(struct dataset *ds)
{
	size_t nt, k = 0;
	struct test *t = all_tests(ds, &nt);

	for (size_t i = 0; i < ds->nboots; i++) {
		struct boot *b = ds->boots[i];
		size_t first = k;

		if (!b->meta.nf)
			parse_problem(ds, b->source, 0,
				      "boot %s: no meta record (kernel, memory unknown)", b->id);
		if (!b->totals.nf)
			parse_problem(ds, b->source, 0, "boot %s: no totals record (log cut short?)",
				      b->id);
		while (k < nt && t[k].boot == i)
			k++;
		check_plan(ds, b, t + first, k - first);
	}
	free(t);
	for (size_t i = 0; i < ds->nruns; i++) {
		struct run *r = &ds->runs[i];

		if (!r->kernel)
			r->kernel = record_get(&r->boot->meta, "kernel_release");
		if (!r->tag)
			r->tag = record_get(&r->boot->meta, "tag");
	}
}

/* Problems alike: one source, one message format, the same first words. */
enum { ALIKE_PREFIX = 20 };

struct alike {
	const char *source, *kind, *what;
};

static int same_alike(size_t item, const void *key, const void *ctx)
{
	const struct problem *p = &((const struct dataset *)ctx)->probs[item];
	const struct alike *k = key;

	return p->source == k->source && p->kind == k->kind &&
	       !strncmp(p->what, k->what, ALIKE_PREFIX);
}

/* Each problem's group: the index of the first problem of its source and kind. */
static size_t *group_problems(const struct dataset *ds)
{
	size_t *first = xcalloc(ds->nprobs, sizeof(*first));
	struct hmap ix = { 0 };

	for (size_t i = 0; i < ds->nprobs; i++) {
		struct alike k = { ds->probs[i].source, ds->probs[i].kind, ds->probs[i].what };
		uint64_t h = hmap_mix((uint64_t)(uintptr_t)k.source ^
				      hmap_mix((uint64_t)(uintptr_t)k.kind)) ^
			     hmap_hash(k.what, strnlen(k.what, ALIKE_PREFIX));

		first[i] = hmap_get(&ix, h, same_alike, &k, ds);
		if (first[i] == HMAP_NONE) {
			first[i] = i;
			hmap_put(&ix, h, i);
		}
	}
	hmap_free(&ix);
	return first;
}

void parse_print_problems(const struct dataset *ds, FILE *out, int markdown)
{
	size_t *first = group_problems(ds), *count = xcalloc(ds->nprobs, sizeof(*count));

	fflush(stdout);
	for (size_t i = 0; i < ds->nprobs; i++)
		if (++count[first[i]] <= PROBLEMS_ALIKE)
			/* what may quote a record's value: escaped, for a terminal or for markdown */
			fprintf(out, markdown ? "- `%s`: %s\n" : "%s: %s\n", markdown ? esc_md_str(ds->probs[i].where, 1) :
				esc_str(ds->probs[i].where), markdown ? esc_md_str(ds->probs[i].what, 0) :
				esc_str(ds->probs[i].what));
	for (size_t g = 0; g < ds->nprobs; g++) {
		char lines[160] = "";
		size_t n = 0, seen = 0;
		unsigned long from = 0, to = 0;	/* the range being gathered */

		if (first[g] != g || count[g] <= PROBLEMS_ALIKE)
			continue;
		/* consecutive lines as one range: "lines 9-1005, 1010" */
		for (size_t i = g; i <= ds->nprobs && n + 48 < sizeof(lines); i++) {
			unsigned long l = 0;

			if (i < ds->nprobs && (first[i] != g || ++seen <= PROBLEMS_ALIKE ||
					       !(l = ds->probs[i].line)))
				continue;
			if (from && l == to + 1) {
				to = l;
				continue;
			}
			if (from && to > from)
				n += (size_t)snprintf(lines + n, sizeof(lines) - n, "%s%lu-%lu",
						      n ? ", " : "", from, to);
			else if (from)
				n += (size_t)snprintf(lines + n, sizeof(lines) - n, "%s%lu",
						      n ? ", " : "", from);
			from = to = l;
		}
		if (from)	/* the list filled up inside a range */
			seen = 0;
		fprintf(out, markdown ? "- `%s`: %zu more like the one at `%s` (%s%s%s)\n" :
			"%s: %zu more like the one at %s (%s%s%s)\n", ds->probs[g].source,
			count[g] - PROBLEMS_ALIKE, ds->probs[g].where, *lines ? "lines " : "not listed",
			lines, seen < count[g] ? ", ..." : "");
	}
	free(count);
	free(first);
}
