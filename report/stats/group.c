#include "report/stats/group.h"
#include "report/util/util.h"
#include "report/source/store.h"

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

const char *group_key(const struct run *r, enum group_by by)
{
	const char *k = by == BY_BACKEND ? r->backend : by == BY_KERNEL ? r->kernel : r->tag;

	return k && *k ? k : "(none)";
}

struct cell *group_find(const struct cells *cs, const char *workload, const char *group)
{
	for (size_t i = 0; i < cs->n; i++)
		if (!strcmp(cs->c[i].workload, workload) && !strcmp(cs->c[i].group, group))
			return &cs->c[i];
	return NULL;
}

void group_build(const struct dataset *ds, const char *metric, enum group_by by,
		 group_filter *keep, const void *arg, struct cells *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < ds->nruns; i++) {
		const struct run *r = &ds->runs[i];
		const char *g = group_key(r, by);
		struct cell *c;
		double v;

		if (keep && !keep(r, arg))
			continue;
		c = group_find(out, r->workload, g);
		if (!c) {
			grow(&out->c, &out->cap, out->n, sizeof(*out->c));
			c = &out->c[out->n++];
			memset(c, 0, sizeof(*c));
			c->workload = r->workload;
			c->group = g;
		}
		grow(&c->runs, &c->runs_cap, c->nruns, sizeof(*c->runs));
		c->runs[c->nruns++] = r;
		c->nstatus[r->status]++;
		if (r->status != ST_OK)
			continue;
		if (r->flag && !ds->keep_flagged) {
			c->nflagged++;
			continue;
		}
		if (!store_run_value(r, metric, &v)) {
			c->nmissing++;
			continue;
		}
		grow(&c->v, &c->v_cap, c->nv, sizeof(*c->v));
		grow(&c->vrun, &c->vrun_cap, c->nv, sizeof(*c->vrun));
		c->vrun[c->nv] = r;
		c->v[c->nv++] = v;
	}
}

static size_t add_unique(const char ***list, size_t *cap, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp((*list)[i], s))
			return n;
	grow(list, cap, n, sizeof(**list));
	(*list)[n] = s;
	return n + 1;
}

size_t group_values(const struct dataset *ds, enum group_by by, const char ***out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	for (size_t i = 0; i < ds->nruns; i++)
		n = add_unique(out, &cap, n, group_key(&ds->runs[i], by));
	return n;
}

size_t group_workloads(const struct cells *cs, const char ***out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	for (size_t i = 0; i < cs->n; i++)
		n = add_unique(out, &cap, n, cs->c[i].workload);
	return n;
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

size_t group_variants(const struct dataset *ds, struct variant **out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	for (size_t i = 0; i < ds->nruns; i++) {
		size_t k;

		for (k = 0; k < n && !group_in_variant(&ds->runs[i], &(*out)[k]); k++)
			;
		if (k < n)
			continue;
		grow(out, &cap, n, sizeof(**out));
		(*out)[n].kernel = group_key(&ds->runs[i], BY_KERNEL);
		(*out)[n].tag = group_key(&ds->runs[i], BY_TAG);
		(*out)[n].label = xasprintf("kernel %s, tag %s", (*out)[n].kernel, (*out)[n].tag);
		(*out)[n].tiny = xasprintf("%s/%s", (*out)[n].kernel, (*out)[n].tag);
		n++;
	}
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
	memset(cs, 0, sizeof(*cs));
}
