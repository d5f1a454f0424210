#include "report/stats/group.h"
#include "report/util/util.h"
#include "report/source/store.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const by_names[] = { "backend", "kernel", "tag" };

int group_parse_by(const char *s)
{
	for (int i = 0; i < 3; i++)
		if (!strcmp(s, by_names[i]))
			return i;
	return -1;
}

const char *group_by_name(enum group_by by)
{
	return by_names[by];
}

/* The run's group name; "(none)" when the run has no such field. */
static const char *group_key(const struct run *r, enum group_by by)
{
	const char *k = by == BY_BACKEND ? r->backend : by == BY_KERNEL ? r->kernel : r->tag;

	return k && *k ? k : "(none)";
}

/* A cell's key: its workload and group, hashed apart so that ("ab", "c")
 * and ("a", "bc") differ. */
static uint64_t cell_hash(const char *workload, const char *group)
{
	return hmap_mix(hmap_hash(workload, strlen(workload)) ^ hmap_mix(hmap_hash(group, strlen(group)) + 1));
}

struct cell_key {
	const char *workload, *group;
};

static int same_cell(size_t item, const void *key, const void *ctx)
{
	const struct cells *cs = ctx;
	const struct cell_key *k = key;

	return !strcmp(cs->c[item].workload, k->workload) && !strcmp(cs->c[item].group, k->group);
}

struct cell *group_find(const struct cells *cs, const char *workload, const char *group)
{
	struct cell_key k = { workload, group };
	size_t i = hmap_get(&cs->ix, cell_hash(workload, group), same_cell, &k, cs);

	return i == HMAP_NONE ? NULL : &cs->c[i];
}

void group_index(struct cells *cs)
{
	hmap_free(&cs->ix);
	for (size_t i = 0; i < cs->n; i++)
		if (!group_find(cs, cs->c[i].workload, cs->c[i].group))
			hmap_put(&cs->ix, cell_hash(cs->c[i].workload, cs->c[i].group), i);
}

/* Run r into its cell of out (made when new). */
static void add_run(const struct dataset *ds, const char *metric, enum group_by by, const struct run *r,
		    struct cells *out)
{
	const char *g = group_key(r, by);
	struct cell *c = group_find(out, r->workload, g);
	double v;

	if (!c) {
		grow(&out->c, &out->cap, out->n, sizeof(*out->c));
		hmap_put(&out->ix, cell_hash(r->workload, g), out->n);
		c = &out->c[out->n++];
		memset(c, 0, sizeof(*c));
		c->workload = r->workload;
		c->group = g;
	}
	grow(&c->runs, &c->runs_cap, c->nruns, sizeof(*c->runs));
	c->runs[c->nruns++] = r;
	c->nstatus[r->status]++;
	if (r->status != ST_OK)
		return;
	if (r->flag && !ds->keep_flagged) {
		c->nflagged++;
		return;
	}
	if (!store_run_value(r, metric, &v)) {
		c->nmissing++;
		return;
	}
	grow(&c->v, &c->v_cap, c->nv, sizeof(*c->v));
	grow(&c->vrun, &c->vrun_cap, c->nv, sizeof(*c->vrun));
	c->vrun[c->nv] = r;
	c->v[c->nv++] = v;
}

void group_build(const struct dataset *ds, const char *metric, enum group_by by,
		 group_filter *keep, const void *arg, struct cells *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < ds->nruns; i++)
		if (!keep || keep(&ds->runs[i], arg))
			add_run(ds, metric, by, &ds->runs[i], out);
}

/* Distinct strings in order of first appearance, by hash. */
struct uniq {
	const char **list;
	size_t n, cap;
	struct hmap ix;
};

static int same_str(size_t item, const void *key, const void *ctx)
{
	const struct uniq *u = ctx;

	return !strcmp(u->list[item], key);
}

/* s's number in u, added when new. */
static size_t uniq_add(struct uniq *u, const char *s)
{
	uint64_t h = hmap_hash(s, strlen(s));
	size_t i = hmap_get(&u->ix, h, same_str, s, u);

	if (i != HMAP_NONE)
		return i;
	grow(&u->list, &u->cap, u->n, sizeof(*u->list));
	u->list[u->n] = s;
	hmap_put(&u->ix, h, u->n);
	return u->n++;
}

size_t group_values(const struct dataset *ds, enum group_by by, const char ***out)
{
	struct uniq u = { 0 };

	for (size_t i = 0; i < ds->nruns; i++)
		uniq_add(&u, group_key(&ds->runs[i], by));
	hmap_free(&u.ix);
	*out = u.list;
	return u.n;
}

void group_byworkload(const struct cells *cs, struct group_byworkload *out)
{
	struct uniq u = { 0 };
	size_t *w = xcalloc(cs->n ? cs->n : 1, sizeof(*w)), *fill;

	for (size_t i = 0; i < cs->n; i++)
		w[i] = uniq_add(&u, cs->c[i].workload);
	hmap_free(&u.ix);
	out->wl = u.list;
	out->nw = u.n;
	out->start = xcalloc(u.n + 1, sizeof(*out->start));
	out->at = xcalloc(cs->n ? cs->n : 1, sizeof(*out->at));
	for (size_t i = 0; i < cs->n; i++)
		out->start[w[i] + 1]++;
	for (size_t k = 0; k < u.n; k++)
		out->start[k + 1] += out->start[k];
	fill = xcalloc(u.n + 1, sizeof(*fill));
	memcpy(fill, out->start, (u.n + 1) * sizeof(*fill));
	for (size_t i = 0; i < cs->n; i++)
		out->at[fill[w[i]]++] = &cs->c[i];
	free(fill);
	free(w);
}

void group_byworkload_free(struct group_byworkload *b)
{
	free(b->wl);
	free(b->at);
	free(b->start);
	memset(b, 0, sizeof(*b));
}

int group_in_variant(const struct run *r, const void *variant)
{
	const struct variant *v = variant;

	return !strcmp(group_key(r, BY_KERNEL), v->kernel) && !strcmp(group_key(r, BY_TAG), v->tag);
}

int group_only(const struct run *r, const void *only)
{
	const struct group_only *o = only;

	return !strcmp(group_key(r, o->by), o->value);
}

/* A variant's key: its kernel and tag. */
struct variant_key {
	const char *kernel, *tag;
};

static int same_variant(size_t item, const void *key, const void *ctx)
{
	const struct variant *v = *(const struct variant *const *)ctx;
	const struct variant_key *k = key;

	return !strcmp(v[item].kernel, k->kernel) && !strcmp(v[item].tag, k->tag);
}

/* The variant of run r in v[0..n) (ix: their index), added when new; its number. */
static size_t variant_of(const struct run *r, struct variant **v, size_t *n, size_t *cap, struct hmap *ix)
{
	struct variant_key k = { group_key(r, BY_KERNEL), group_key(r, BY_TAG) };
	uint64_t h = cell_hash(k.kernel, k.tag);
	size_t i = hmap_get(ix, h, same_variant, &k, v);

	if (i != HMAP_NONE)
		return i;
	grow(v, cap, *n, sizeof(**v));
	(*v)[*n].kernel = k.kernel;
	(*v)[*n].tag = k.tag;
	(*v)[*n].label = xasprintf("kernel %s, tag %s", k.kernel, k.tag);
	(*v)[*n].tiny = xasprintf("%s/%s", k.kernel, k.tag);
	hmap_put(ix, h, *n);
	return (*n)++;
}

size_t group_variants(const struct dataset *ds, struct variant **out)
{
	size_t n = 0, cap = 0;
	struct hmap ix = { 0 };

	*out = NULL;
	for (size_t i = 0; i < ds->nruns; i++)
		variant_of(&ds->runs[i], out, &n, &cap, &ix);
	hmap_free(&ix);
	return n;
}

size_t group_build_variants(const struct dataset *ds, const char *metric, enum group_by by,
			    struct variant **v, struct cells **out)
{
	size_t n = 0, cap = 0, *of = xcalloc(ds->nruns ? ds->nruns : 1, sizeof(*of));
	struct hmap ix = { 0 };

	*v = NULL;
	for (size_t i = 0; i < ds->nruns; i++)
		of[i] = variant_of(&ds->runs[i], v, &n, &cap, &ix);
	hmap_free(&ix);
	*out = xcalloc(n ? n : 1, sizeof(**out));
	for (size_t i = 0; i < ds->nruns; i++)
		add_run(ds, metric, by, &ds->runs[i], &(*out)[of[i]]);
	free(of);
	return n;
}

void group_free_variants(struct variant *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].label);
		free(v[i].tiny);
	}
	free(v);
}

size_t group_nfailed(const struct cell *c)
{
	return c->nruns - c->nstatus[ST_OK];
}

void group_failures(const struct cell *c, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = 0;
	for (int s = ST_OK + 1; s < ST_COUNT; s++) {
		if (!c->nstatus[s] || n + 24 >= size)
			continue;
		n += (size_t)snprintf(buf + n, size - n, "%s%zu %s", n ? ", " : "",
				      c->nstatus[s], parse_status_name((enum run_status)s));
	}
	if (!n)
		snprintf(buf, size, "0");
}

void group_free(struct cells *cs)
{
	for (size_t i = 0; i < cs->n; i++) {
		free(cs->c[i].runs);
		free(cs->c[i].v);
		free(cs->c[i].vrun);
	}
	free(cs->c);
	hmap_free(&cs->ix);
	memset(cs, 0, sizeof(*cs));
}
