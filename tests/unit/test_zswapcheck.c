/*
 * Unit tests of init/swap/zswapcheck.c: which of zswap's checks apply to a
 * run's facts, and that each catches its violation with the reason named.
 * The limit on synthetic sample series: a store taken at the limit fails,
 * on 1 and 2 CPUs exactly one store past the kernel's slack; a limit
 * lowered below the pool with no store passes, the transient recorded;
 * stores after entries left the pool are the kernel's promise kept.
 */
#include "check.h"
#include "init/swap/zswapcheck.h"

#include <string.h>

static struct zswapcheck_in base(void)
{
	return (struct zswapcheck_in){ .zswpwb = -1, .zswpout = -1, .pswpout = -1 };
}

static void test_none_apply(void)
{
	struct zswapcheck_in in = base();
	struct zswapcheck_out o;

	CHECK(zswapcheck(&in, &o) == 0 && !o.applied[0] && !o.failed[0],
	      "no knob, no limit, a compressible fill: no check applies, none fails");
	in.writeback_off = 1;	/* 6.1: the knob set, no zswpwb line */
	CHECK(zswapcheck(&in, &o) == 0 && !o.applied[0], "writeback=0 without a zswpwb counter: not checked");
}

static void test_writeback(void)
{
	struct zswapcheck_in in = base();
	struct zswapcheck_out o;

	in.writeback_off = 1;
	in.zswpwb = 0;
	CHECK(zswapcheck(&in, &o) == 0, "writeback=0 and zswpwb 0: passes");
	CHECK_STR(o.applied, "writeback", "the writeback check is named as made");
	in.zswpwb = 37;
	CHECK(zswapcheck(&in, &o) == 1, "writeback=0 and zswpwb 37: fails");
	CHECK_STR(o.failed, "zswap wrote back 37 pages with memory.zswap.writeback=0 (the cgroup's zswpwb)",
		  "the reason names the pages and the knob");
	in.writeback_off = 0;
	CHECK(zswapcheck(&in, &o) == 0 && !o.applied[0], "writeback on: pages written back are its business");
}

#define KB 1024LL

/* a sample at t ms: limit and pool in bytes, the counters in pages (6.1: no zswpwb line) */
static struct zswapcheck_sample at(uint64_t t, long long limit, long long pool, long long out, long long in,
				   long long held)
{
	return (struct zswapcheck_sample){ .t_ms = t, .limit = limit, .pool = pool, .zswpout = out, .zswpin = in,
					   .zswpwb = -1, .zswapped = held };
}

/* l judged over the n samples */
static void series(struct zswapcheck_limit *l, unsigned cpus, const struct zswapcheck_sample *s, int n)
{
	zswapcheck_limit_start(l, cpus, 4096);
	for (int i = 0; i < n; i++)
		zswapcheck_limit_sample(l, &s[i]);
}

static int failed_with(const struct zswapcheck_limit *l, struct zswapcheck_out *o)
{
	struct zswapcheck_in in = base();

	in.limit = l;
	return zswapcheck(&in, o);
}

static void test_limit_none(void)
{
	struct zswapcheck_limit l;
	struct zswapcheck_out o;
	struct zswapcheck_sample s[] = { at(0, -1, 0, 0, 0, 0), at(100, -1, 90 * KB, 900, 0, 900) };

	series(&l, 2, s, 2);
	CHECK(failed_with(&l, &o) == 0 && !o.applied[0], "memory.zswap.max \"max\" at every sample: not checked");
	CHECK(zswapcheck(&(struct zswapcheck_in){ .zswpwb = -1, .zswpout = -1 }, &o) == 0 && !o.applied[0],
	      "no cgroup: not checked");
}

/* 4 MiB limit, the pool at it: k stores in the next 100 ms with nothing leaving */
static int stores_at_limit(unsigned cpus, long long k, struct zswapcheck_limit *l, struct zswapcheck_out *o)
{
	struct zswapcheck_sample s[] = {
		at(0, 4096 * KB, 1000 * KB, 500, 0, 500),		/* below: stores are its business */
		at(100, 4096 * KB, 4096 * KB, 2000, 0, 2000),		/* at the limit */
		at(200, 4096 * KB, 4096 * KB + k * 1500, 2000 + k, 0, 2000 + k),
	};

	series(l, cpus, s, 3);
	return failed_with(l, o);
}

static void test_store_at_limit(void)
{
	struct zswapcheck_limit l;
	struct zswapcheck_out o;

	CHECK(stores_at_limit(1, 0, &l, &o) == 0, "the pool held at its limit, no store: passes");
	CHECK_STR(o.applied, "max", "the limit check is named as made");
	CHECK(l.held_ms == 100, "... the 100 ms it was held are judged (%llu)", (unsigned long long)l.held_ms);
	CHECK(stores_at_limit(1, 2, &l, &o) == 0, "1 CPU: 2 stores at the limit are the kernel's slack, pass");
	CHECK(stores_at_limit(1, 3, &l, &o) == 1, "1 CPU: a third store taken at the limit fails");
	CHECK_STR(o.failed, "memory.zswap.max broken: 3 pages stored in 100 ms while zswap held 4096 kB at its "
		  "limit of 4096 kB and nothing left it (the kernel's check lets 2 through on 1 CPUs)",
		  "the reason says stores, interval, pool, limit and slack");
	CHECK(stores_at_limit(2, 4, &l, &o) == 0, "2 CPUs: 4 stores at the limit are the slack, pass");
	CHECK(stores_at_limit(2, 5, &l, &o) == 1 && strstr(o.failed, "lets 4 through on 2 CPUs"),
	      "2 CPUs: a fifth fails (%s)", o.failed);
}

static void test_stores_after_room(void)
{
	struct zswapcheck_limit l;
	struct zswapcheck_out o;
	/* at the limit; 40 pages fault back in and free their entries, 40 stores refill it */
	struct zswapcheck_sample in[] = { at(0, 4096 * KB, 4096 * KB, 2000, 100, 2000),
					  at(100, 4096 * KB, 4096 * KB, 2040, 140, 2000) };
	/* 6.12 with writeback on: each store at the limit writes an entry back first */
	struct zswapcheck_sample wb[] = { at(0, 4096 * KB, 4096 * KB, 2000, 0, 2000),
					  at(100, 4096 * KB, 4096 * KB, 2040, 0, 2000) };
	/* a process freed swapped pages: 30 entries left, uncounted, then 30 stores */
	struct zswapcheck_sample freed[] = { at(0, 4096 * KB, 4096 * KB, 2000, 0, 2000),
					     at(100, 4096 * KB, 4096 * KB, 2030, 0, 2000) };

	series(&l, 1, in, 2);
	CHECK(failed_with(&l, &o) == 0 && l.held_ms == 0, "stores after entries faulted back in: kept, not judged held");
	wb[0].zswpwb = 0;
	wb[1].zswpwb = 40;
	series(&l, 1, wb, 2);
	CHECK(failed_with(&l, &o) == 0 && l.held_ms == 0, "stores after entries written back (zswpwb): kept");
	series(&l, 1, freed, 2);
	CHECK(failed_with(&l, &o) == 0 && l.held_ms == 0, "stores after entries freed (zswapped did not grow): kept");
}

static void test_pool_grew(void)
{
	struct zswapcheck_limit l;
	struct zswapcheck_out o;
	/* churn at the limit hides the stores, but the pool ends 4 pages and a byte over it */
	struct zswapcheck_sample s[] = { at(0, 4096 * KB, 4096 * KB, 2000, 100, 2000),
					 at(100, 4096 * KB, 4096 * KB + 4 * 4096 + 1, 2100, 190, 2010) };

	series(&l, 2, s, 2);
	CHECK(failed_with(&l, &o) == 1, "2 CPUs: the pool 4 pages and a byte over its limit fails");
	CHECK_STR(o.failed, "memory.zswap.max broken: zswap grew from 4096 kB to 4112 kB in 100 ms against a limit "
		  "of 4096 kB (more than the 16 kB the kernel's check lets through on 2 CPUs)",
		  "the reason says from, to, limit and slack");
	s[1].pool -= 1;
	series(&l, 2, s, 2);
	CHECK(failed_with(&l, &o) == 0, "4 pages over: the slack of 4 stores under a page each, passes");
	s[1].limit = 8 * KB;
	s[1].pool = 4000 * KB;
	series(&l, 2, s, 2);
	CHECK(failed_with(&l, &o) == 0, "the limit lowered to 8 kB between two samples, pool 4000 kB: passes");
}

/* the planted transient: the limit lowered below the pool, no store since */
static void test_lowered_limit(void)
{
	struct zswapcheck_limit l;
	struct zswapcheck_out o;
	struct zswapcheck_sample s[24];
	int n = 0;

	s[n++] = at(0, 40960 * KB, 0, 0, 0, 0);
	s[n++] = at(100, 40960 * KB, 600 * KB, 4000, 0, 4000);
	for (uint64_t t = 200; t <= 2200; t += 100)	/* 8 kB for 2 s; reclaim goes on, to the disk */
		s[n++] = at(t, 8 * KB, 600 * KB, 4000, 0, 4000);
	s[n++] = at(2300, 8 * KB, 7 * KB, 4000, 3990, 10);	/* read back in */
	series(&l, 1, s, n);
	CHECK(failed_with(&l, &o) == 0, "a limit lowered to 8 kB under 600 kB, no store taken: passes");
	CHECK(l.over_ms == 2100 && l.over_pool == 600 * KB && l.over_limit == 8 * KB,
	      "... the transient recorded: 600 kB over 8 kB for 2100 ms (%llu ms, %lld over %lld)",
	      (unsigned long long)l.over_ms, l.over_pool, l.over_limit);
	CHECK(l.held_ms == 2000, "... and the 2 s at the lowered limit judged held (%llu ms)",
	      (unsigned long long)l.held_ms);
	s[12].zswpout += 3;
	s[12].zswapped += 3;
	s[12].pool += 3 * 1500;
	for (int i = 13; i < n - 1; i++)
		s[i] = at(s[i].t_ms, 8 * KB, s[12].pool, s[12].zswpout, 0, s[12].zswapped);
	series(&l, 1, s, n);
	CHECK(failed_with(&l, &o) == 1 && strstr(o.failed, "3 pages stored in 100 ms while zswap held 600 kB at its "
						    "limit of 8 kB"),
	      "... a store taken above the lowered limit fails (%s)", o.failed);
	s[0] = at(0, 4096 * KB, 4096 * KB + 3000, 2000, 0, 2000);	/* a store in flight when it was found full */
	s[1] = at(100, 4096 * KB, 4096 * KB + 7000, 2001, 0, 2001);
	series(&l, 1, s, 2);
	CHECK(failed_with(&l, &o) == 0 && l.over_ms == 0 && l.over_pool == 0,
	      "a pool over its limit within the slack records no transient (%llu ms)", (unsigned long long)l.over_ms);
}

static void test_limit_unread(void)
{
	struct zswapcheck_limit l;
	struct zswapcheck_out o;
	/* a sample without the pool breaks the series: no interval spans it */
	struct zswapcheck_sample s[] = { at(0, 4096 * KB, 4096 * KB, 2000, 0, 2000),
					 at(100, 4096 * KB, -1, 2100, 0, 2100),
					 at(200, 4096 * KB, 4096 * KB, 2200, 0, 2200) };
	/* the limit raised: stores are allowed again */
	struct zswapcheck_sample r[] = { at(0, 4096 * KB, 4096 * KB, 2000, 0, 2000),
					 at(100, 8192 * KB, 5000 * KB, 2600, 0, 2600) };

	series(&l, 1, s, 3);
	CHECK(failed_with(&l, &o) == 0 && l.held_ms == 0, "an unread pool: the intervals around it not judged");
	series(&l, 1, r, 2);
	CHECK(failed_with(&l, &o) == 0, "the limit raised between two samples: stores taken, passes");
}

static void test_incompressible(void)
{
	struct zswapcheck_in in = base();
	struct zswapcheck_out o;

	in.incompressible = 1;
	in.zswpout = 16;
	in.pswpout = 900;
	CHECK(zswapcheck(&in, &o) == 0, "random fill, 16 pages in zswap of 916 out: the program's own, passes");
	CHECK_STR(o.applied, "incompressible", "the incompressible check is named as made");
	in.zswpout = 17;
	CHECK(zswapcheck(&in, &o) == 1, "17 of 917: fails");
	CHECK_STR(o.failed, "zswap stored 17 pages of an incompressible fill (fill=random) of 917 swapped out; "
		  "at most 16 expected", "the reason names stored, swapped out and the bound");
	in.pswpout = 40000;
	in.zswpout = 400;
	CHECK(zswapcheck(&in, &o) == 0, "400 of 40,400: within 1 %%");
	in.zswpout = 20000;
	CHECK(zswapcheck(&in, &o) == 1, "half of what went out stored: fails");
	in.incompressible = 0;
	CHECK(zswapcheck(&in, &o) == 0 && !o.applied[0], "a compressible fill is not checked");
}

static void test_all_and_first_reason(void)
{
	struct zswapcheck_in in = base();
	struct zswapcheck_limit l;
	struct zswapcheck_out o;

	in.writeback_off = 1;
	in.zswpwb = 0;
	in.limit = &l;
	stores_at_limit(1, 3, &l, &o);
	in.incompressible = 1;
	in.zswpout = 0;
	in.pswpout = 100;
	CHECK(zswapcheck(&in, &o) == 1, "three checks, the limit broken: fails");
	CHECK_STR(o.applied, "writeback,max,incompressible", "all three named as made");
	CHECK(!strncmp(o.failed, "memory.zswap.max broken", 23), "the broken one is the reason (%s)", o.failed);
}

int main(void)
{
	test_none_apply();
	test_writeback();
	test_limit_none();
	test_store_at_limit();
	test_stores_after_room();
	test_pool_grew();
	test_lowered_limit();
	test_limit_unread();
	test_incompressible();
	test_all_and_first_reason();
	return check_failed;
}
