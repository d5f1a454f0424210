/*
 * Unit tests of init/swap/zswapcheck.c: which of zswap's checks apply to a
 * run's facts, and that each catches its violation, a planted one among
 * them (a limit set below what zswap holds), with the reason named;
 * within the kernel's own slack nothing fails.
 */
#include "check.h"
#include "init/swap/zswapcheck.h"

#include <string.h>

static struct zswapcheck_in base(void)
{
	return (struct zswapcheck_in){ .zswpwb = -1, .cpus = 2, .page_size = 4096, .zswpout = -1, .pswpout = -1 };
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

static void test_limit(void)
{
	struct zswapcheck_in in = base();
	struct zswapcheck_out o;

	in.limited = 1;
	CHECK(zswapcheck(&in, &o) == 0, "a limit never exceeded: passes");
	CHECK_STR(o.applied, "max", "the limit check is named as made");
	/* 2 CPUs: 2 pages each may pass the kernel's check before the limit */
	in.over_limit = 4u << 20;
	in.over_stored = (4u << 20) + 4 * 4096;
	CHECK(zswapcheck(&in, &o) == 0, "4 MiB + 4 pages on 2 CPUs: within the kernel's slack");
	in.over_stored += 1;
	CHECK(zswapcheck(&in, &o) == 1, "a byte more: fails");
	/* planted: the limit lowered to 8 kB under 3 MiB already stored */
	in.over_limit = 8192;
	in.over_stored = 3u << 20;
	CHECK(zswapcheck(&in, &o) == 1, "a limit set below what is stored is caught");
	CHECK_STR(o.failed, "memory.zswap.max exceeded: zswap held 3072 kB against a limit of 8 kB (more than "
		  "the 16 kB the kernel's check lets through on 2 CPUs)", "the reason says held, limit and slack");
	in.cpus = 1;
	in.over_limit = 0;
	in.over_stored = 3 * 4096;
	CHECK(zswapcheck(&in, &o) == 1 && strstr(o.failed, "8 kB the kernel's check lets through on 1 CPUs"),
	      "memory.zswap.max=0 with 3 pages held on one CPU: fails (%s)", o.failed);
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
	struct zswapcheck_out o;

	in.writeback_off = 1;
	in.zswpwb = 0;
	in.limited = 1;
	in.over_limit = 8192;
	in.over_stored = 1u << 20;
	in.incompressible = 1;
	in.zswpout = 0;
	in.pswpout = 100;
	CHECK(zswapcheck(&in, &o) == 1, "three checks, the limit broken: fails");
	CHECK_STR(o.applied, "writeback,max,incompressible", "all three named as made");
	CHECK(!strncmp(o.failed, "memory.zswap.max exceeded", 25), "the broken one is the reason (%s)", o.failed);
}

int main(void)
{
	test_none_apply();
	test_writeback();
	test_limit();
	test_incompressible();
	test_all_and_first_reason();
	return check_failed;
}
