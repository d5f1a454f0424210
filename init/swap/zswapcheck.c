/* zswap's behaviour checked on a run's facts (init/swap/zswapcheck.h). */
#include "init/swap/zswapcheck.h"

#include <stdio.h>
#include <string.h>

static void applied(struct zswapcheck_out *o, const char *name)
{
	size_t len = strlen(o->applied);

	snprintf(o->applied + len, sizeof(o->applied) - len, "%s%s", len ? "," : "", name);
}

static unsigned cpus(const struct zswapcheck_limit *l)
{
	return l->cpus ? l->cpus : 1;
}

static long long slack_stores(const struct zswapcheck_limit *l)
{
	return (long long)ZSWAPCHECK_SLACK * cpus(l);
}

/* The slack a pool may pass its limit by, in bytes, on l's CPUs. */
static uint64_t zswapcheck_slack_bytes(const struct zswapcheck_limit *l)
{
	return (uint64_t)slack_stores(l) * l->page_size;
}

void zswapcheck_limit_start(struct zswapcheck_limit *l, unsigned ncpus, unsigned page_size)
{
	memset(l, 0, sizeof(*l));
	l->cpus = ncpus;
	l->page_size = page_size;
}

static long long delta(long long a, long long b)
{
	return a >= 0 && b >= 0 ? b - a : 0;
}

/* a to b: the pool at its limit throughout, nothing left it (zswapcheck.h) */
static int held(const struct zswapcheck_sample *a, const struct zswapcheck_sample *b)
{
	if (a->zswpout < 0 || b->zswpout < 0 || a->zswapped < 0 || b->zswapped < 0)
		return 0;
	if (b->limit > a->limit || a->pool < a->limit)
		return 0;
	if (delta(a->zswpin, b->zswpin) != 0 || delta(a->zswpwb, b->zswpwb) != 0)
		return 0;
	/* entries that left: held at a, stored since, not held at b */
	return a->zswapped + (b->zswpout - a->zswpout) - b->zswapped <= 0;
}

static void broke(struct zswapcheck_limit *l, int kind, const struct zswapcheck_sample *a,
		  const struct zswapcheck_sample *b)
{
	if (l->broken)
		return;
	l->broken = kind;
	l->broken_ms = b->t_ms - a->t_ms;
	l->broken_stores = b->zswpout - a->zswpout;
	l->broken_pool = b->pool;
	l->broken_limit = a->limit > b->limit ? a->limit : b->limit;
	l->broken_from = a->pool;
}

void zswapcheck_limit_sample(struct zswapcheck_limit *l, const struct zswapcheck_sample *s)
{
	const struct zswapcheck_sample *a = &l->prev;
	long long slack = (long long)zswapcheck_slack_bytes(l);

	if (s->limit < 0 || s->pool < 0) {
		l->have_prev = 0;	/* no limit: nothing to judge across */
		return;
	}
	l->limited = 1;
	if (l->have_prev) {
		long long top = a->limit > s->limit ? a->limit : s->limit;

		if (a->pool > a->limit + slack)
			l->over_ms += s->t_ms - a->t_ms;
		if (held(a, s)) {
			l->held_ms += s->t_ms - a->t_ms;
			if (s->zswpout - a->zswpout > slack_stores(l))
				broke(l, 'h', a, s);
		}
		if (s->pool > a->pool + slack && s->pool > top + slack)
			broke(l, 'g', a, s);
	}
	if (s->pool > s->limit + slack && s->pool - s->limit > l->over_pool - l->over_limit) {
		l->over_pool = s->pool;
		l->over_limit = s->limit;
	}
	l->prev = *s;
	l->have_prev = 1;
}

static void limit_failed(const struct zswapcheck_limit *l, char *out, size_t n)
{
	if (l->broken == 'h')
		snprintf(out, n, "memory.zswap.max broken: %lld pages stored in %llu ms while zswap held %lld kB "
			 "at its limit of %lld kB and nothing left it (the kernel's check lets %lld through on "
			 "%u CPUs)", l->broken_stores, (unsigned long long)l->broken_ms, l->broken_from >> 10,
			 l->broken_limit >> 10, slack_stores(l), cpus(l));
	else
		snprintf(out, n, "memory.zswap.max broken: zswap grew from %lld kB to %lld kB in %llu ms against a "
			 "limit of %lld kB (more than the %llu kB the kernel's check lets through on %u CPUs)",
			 l->broken_from >> 10, l->broken_pool >> 10, (unsigned long long)l->broken_ms,
			 l->broken_limit >> 10, (unsigned long long)zswapcheck_slack_bytes(l) >> 10, cpus(l));
}

int zswapcheck(const struct zswapcheck_in *in, struct zswapcheck_out *o)
{
	memset(o, 0, sizeof(*o));
	if (in->writeback_off && in->zswpwb >= 0) {
		applied(o, "writeback");
		if (in->zswpwb > 0 && !o->failed[0])
			snprintf(o->failed, sizeof(o->failed), "zswap wrote back %lld pages with "
				 "memory.zswap.writeback=0 (the cgroup's zswpwb)", in->zswpwb);
	}
	if (in->limit && in->limit->limited) {
		applied(o, "max");
		if (in->limit->broken && !o->failed[0])
			limit_failed(in->limit, o->failed, sizeof(o->failed));
	}
	if (in->incompressible && in->zswpout >= 0) {
		long long out = in->zswpout + (in->pswpout > 0 ? in->pswpout : 0);
		long long most = out / 100 > ZSWAPCHECK_STRAY ? out / 100 : ZSWAPCHECK_STRAY;

		applied(o, "incompressible");
		if (in->zswpout > most && !o->failed[0])
			snprintf(o->failed, sizeof(o->failed), "zswap stored %lld pages of an incompressible "
				 "fill (fill=random) of %lld swapped out; at most %lld expected",
				 in->zswpout, out, most);
	}
	return o->failed[0] != 0;
}
