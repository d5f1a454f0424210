/* Unit tests of init/config/plan.c: which workload runs on which backend, and when. */
#include "check.h"
#include "init/config/cmdkeys.h"
#include "init/config/plan.h"

#include <errno.h>

static struct sb_config c;
static struct plan p;

/* "w<workload><p|f><iter>", with a leading '~' for warm-up, space separated */
static const char *show(void)
{
	static char s[4096];
	size_t n = 0;

	s[0] = 0;
	for (unsigned i = 0; i < p.n && n < sizeof(s) - 16; i++)
		n += (size_t)snprintf(s + n, sizeof(s) - n, "%s%s%u%c%u", i ? " " : "",
				      p.item[i].warmup ? "~" : "", p.item[i].workload,
				      c.conf[p.item[i].backend].kind == KIND_PARTITION ? 'p' : 'f', p.item[i].iter);
	return s;
}

static void setup(unsigned runs, unsigned warmup, int nworkloads, enum sb_order order)
{
	cmdkeys_defaults(&c);
	c.runs = runs;
	c.warmup = warmup;
	c.nworkloads = nworkloads;
	c.order = order;
}

static void test_alternate(void)
{
	setup(2, 1, 2, ORDER_ALTERNATE);
	CHECK(plan_make(&c, &p) == 0, "alternate: 2 workloads x 2 runs x 2 backends + warm-up plans");
	CHECK_STR(show(), "~0p1 ~0f1 ~1p1 ~1f1 0p1 0f1 1p1 1f1 0f2 0p2 1f2 1p2",
		  "alternate: warm-ups first, then each round's workloads with backends side by side, "
		  "counterbalanced: A B in odd rounds, B A in even ones");
	CHECK(p.n == 12 && p.measured == 8, "alternate: 12 items of which 8 measured (n=%u measured=%u)", p.n,
	      p.measured);
}

/* every configuration in every position equally often, every one after every other equally often */
static int balanced(unsigned nb)
{
	unsigned row[SWAPCONF_MAX], pos[SWAPCONF_MAX][SWAPCONF_MAX] = { { 0 } },
		 next[SWAPCONF_MAX][SWAPCONF_MAX] = { { 0 } }, rows = nb % 2 ? 2 * nb : nb;

	for (unsigned r = 0; r < rows; r++) {
		plan_williams(nb, r, row);
		for (unsigned i = 0; i < nb; i++) {
			pos[row[i]][i]++;
			if (i)
				next[row[i - 1]][row[i]]++;
		}
	}
	for (unsigned a = 0; a < nb; a++)
		for (unsigned b = 0; b < nb; b++)
			if (pos[a][b] != rows / nb || (a != b && next[a][b] != rows / nb))
				return 0;
	return 1;
}

static void test_williams(void)
{
	unsigned row[SWAPCONF_MAX], ok = 1;

	for (unsigned nb = 2; nb <= 5; nb++)
		CHECK(balanced(nb), "Latin square of %u configurations: each in each position and after each "
		      "other equally often over %u rows", nb, nb % 2 ? 2 * nb : nb);
	plan_williams(4, 0, row);
	CHECK(row[0] == 0 && row[1] == 1 && row[2] == 3 && row[3] == 2, "4 configurations: first row 0 1 3 2");
	for (unsigned r = 0; r < 6; r++) {
		plan_williams(3, r, row);
		ok &= row[0] + row[1] + row[2] == 3 && row[0] != row[1] && row[1] != row[2];
	}
	CHECK(ok, "3 configurations: every row a permutation");
}

static void test_blocked(void)
{
	setup(2, 0, 2, ORDER_BLOCKED);
	CHECK(plan_make(&c, &p) == 0, "blocked: plans");
	CHECK_STR(show(), "0f1 0f2 0p1 0p2 1f1 1f2 1p1 1p2",
		  "blocked: every run of one backend, the swapfile first (as seed 000), workload by workload");
}

static void test_one_backend(void)
{
	setup(3, 1, 1, ORDER_ALTERNATE);
	c.conf[0] = c.conf[1];
	c.nconfs = 1;
	CHECK(plan_make(&c, &p) == 0, "one backend: plans");
	CHECK_STR(show(), "~0f1 0f1 0f2 0f3", "one backend: only the file backend runs");
}

/* every measured (workload, backend) pair appears runs times, iter 1..runs in run order */
static int iters_count_up(unsigned runs, int nworkloads)
{
	unsigned next[CMD_WORKLOADS_MAX][SWAPCONF_MAX] = { { 0 } };

	for (unsigned i = 0; i < p.n; i++) {
		const struct plan_item *it = &p.item[i];

		if (it->warmup)
			continue;
		if (it->iter != ++next[it->workload][it->backend])
			return 0;
	}
	for (int w = 0; w < nworkloads; w++)
		for (int b = 0; b < c.nconfs; b++)
			if (next[w][b] != runs)
				return 0;
	return 1;
}

static void test_random(void)
{
	char first[4096], alternate[4096];

	setup(5, 1, 2, ORDER_ALTERNATE);
	plan_make(&c, &p);
	snprintf(alternate, sizeof(alternate), "%s", show());
	setup(5, 1, 2, ORDER_RANDOM);
	c.seed = 42;
	CHECK(plan_make(&c, &p) == 0, "random: plans");
	snprintf(first, sizeof(first), "%s", show());
	CHECK(p.n == 24 && p.measured == 20, "random: the same number of runs as alternate (n=%u)", p.n);
	CHECK(!strncmp(first, "~0p1 ~0f1 ~1p1 ~1f1 ", 20), "random: warm-ups stay first, in order: %.40s", first);
	CHECK(strcmp(first, alternate) != 0, "random: seed 42 changes the order");
	CHECK(iters_count_up(5, 2), "random: iter counts 1..5 in run order for every workload and backend");
	CHECK(plan_make(&c, &p) == 0 && !strcmp(show(), first), "random: the same seed gives the same order");
	c.seed = 43;
	plan_make(&c, &p);
	CHECK(strcmp(show(), first) != 0, "random: another seed gives another order");
	CHECK(iters_count_up(5, 2), "random: seed 43 also counts iter up in run order");
	/* pinned: a change of the shuffle changes what old seeds meant */
	setup(3, 0, 1, ORDER_RANDOM);
	c.seed = 7;
	plan_make(&c, &p);
	CHECK_STR(show(), "0f1 0f2 0p1 0p2 0p3 0f3", "random: seed 7, 1 workload x 3 runs runs in the recorded order");
}

static void test_too_big(void)
{
	setup(100000, 0, 1, ORDER_ALTERNATE);
	CHECK(plan_make(&c, &p) == -E2BIG, "too big: 100000 runs x 2 backends is refused with -E2BIG");
	CHECK(p.n == PLAN_MAX, "too big: stops at PLAN_MAX items, nothing past the array (n=%u)", p.n);
	setup(PLAN_MAX / 2, 0, 1, ORDER_ALTERNATE);
	CHECK(plan_make(&c, &p) == 0 && p.n == PLAN_MAX, "too big: exactly PLAN_MAX items fit");
}

int main(void)
{
	test_alternate();
	test_williams();
	test_blocked();
	test_one_backend();
	test_random();
	test_too_big();
	CHECK_DONE();
}
