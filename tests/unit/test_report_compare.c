/*
 * report/compare.c: verdicts and the --bisect decision on constructed data.
 * Exit codes follow git bisect run: 0 good, 1 bad, 125 skip.
 */
#include "check.h"
#include "seed000.h"
#include "../../report/compare.h"

#include <stdio.h>
#include <string.h>

static struct cell make_cell(const char *group, double *v, size_t n)
{
	return compare_values_cell("lines", group, v, n);
}

static int interim;	/* the next bisect() is an interim look */

static enum bisect_result bisect(const double *a, size_t na, const double *b, size_t nb,
				 double scale, int higher_better, struct comparison *out)
{
	static double va[64], vb[64];
	struct bisect_opts o = { "elapsed_s", 5, higher_better, interim };
	struct cell ca, cb;
	FILE *sink = fopen("/dev/null", "w");
	enum bisect_result r;

	for (size_t i = 0; i < na; i++)
		va[i] = a[i];
	for (size_t i = 0; i < nb; i++)
		vb[i] = b[i] * scale;
	ca = make_cell("partition", va, na);
	cb = make_cell("partition", vb, nb);
	compare_cells(&ca, &cb, out);
	r = compare_bisect(out, 1, &o, sink);
	fclose(sink);
	return r;
}

static void test_seed000_verdict(void)
{
	double a[40], b[40];
	struct cell ca, cb;
	struct comparison c;

	memcpy(a, seed000_partition, sizeof(a));
	memcpy(b, seed000_file, sizeof(b));
	ca = make_cell("partition", a, 40);
	cb = make_cell("file", b, 40);
	compare_cells(&ca, &cb, &c);
	CHECK(c.verdict == V_LOWER, "document 000: swapfile proven faster than partition");
	CHECK_STR(compare_verdict_name(c.verdict, "elapsed_s"), "B faster", "verdict named B faster");
	CHECK_STR(compare_verdict_name(V_HIGHER, "w.throughput"), "B higher",
		  "non-time metric says higher, not slower");
}

static void test_bisect(void)
{
	static const double noisy_a[] = { 10, 14 }, noisy_b[] = { 9, 13 };
	double reversed[40];
	struct comparison c;

	for (int i = 0; i < 40; i++)
		reversed[i] = seed000_partition[39 - i];
	CHECK(bisect(seed000_partition, 40, reversed, 40, 1, 0, &c) == BISECT_GOOD,
	      "identical distributions: good (0)");
	CHECK(bisect(seed000_partition, 40, seed000_partition, 40, 1.2, 0, &c) == BISECT_BAD,
	      "B 20%% slower: bad (1)");
	CHECK(c.verdict == V_HIGHER && c.w.rel > 19.99 && c.w.rel < 20.01,
	      "B 20%% slower: verdict B slower, +20%%");
	CHECK(bisect(seed000_partition, 40, seed000_partition, 40, 1.03, 0, &c) == BISECT_GOOD,
	      "B proven 3%% slower, CI below 5%%: good (0)");
	CHECK(bisect(noisy_a, 2, noisy_b, 2, 1, 0, &c) == BISECT_SKIP,
	      "two noisy runs each: inconclusive (125)");
	interim = 1;
	CHECK(bisect(seed000_file, 40, seed000_file, 40, 1.04, 0, &c) == BISECT_SKIP,
	      "4%% slower inside a CV of 14%%, more runs may follow: undecided (125)");
	CHECK(bisect(seed000_partition, 40, seed000_partition, 40, 1.2, 0, &c) == BISECT_BAD,
	      "B 20%% slower at an interim look: bad (1)");
	interim = 0;
	CHECK(bisect(seed000_file, 40, seed000_file, 40, 1.04, 0, &c) == BISECT_GOOD,
	      "4%% slower inside a CV of 14%% at the last look: good, 10%% excluded (0)");
	CHECK(bisect(seed000_file, 40, seed000_file, 40, 1.08, 0, &c) == BISECT_BAD,
	      "8%% slower inside a CV of 14%% at the last look: bad (1)");
	CHECK(bisect(seed000_file, 16, seed000_file, 16, 1.045, 0, &c) == BISECT_SKIP,
	      "4.5%% slower, 16 runs at a CV of 14%%, last look: neither (125)");
	CHECK(bisect(noisy_a, 2, noisy_b, 1, 1, 0, &c) == BISECT_SKIP,
	      "one run of B: inconclusive (125)");
	CHECK(bisect(seed000_partition, 40, seed000_partition, 40, 0.8, 1, &c) == BISECT_BAD,
	      "--higher-better and B 20%% lower: bad (1)");
	CHECK(bisect(seed000_partition, 40, seed000_partition, 40, 0.8, 0, &c) == BISECT_GOOD,
	      "B 20%% faster: good (0)");
	FILE *sink = fopen("/dev/null", "w");

	CHECK(compare_bisect(NULL, 0, &(struct bisect_opts){ "elapsed_s", 5, 0, 0 }, sink) ==
	      BISECT_SKIP, "no data: inconclusive (125)");
	fclose(sink);
}

static void test_bisect_failures(void)
{
	double a[40], b[40];
	struct bisect_opts o = { "elapsed_s", 5, 0, 0 };
	struct cell ca, cb;
	struct comparison c[2];
	FILE *sink = fopen("/dev/null", "w");

	memcpy(a, seed000_partition, sizeof(a));
	memcpy(b, seed000_partition, sizeof(b));
	ca = make_cell("partition", a, 40);
	cb = make_cell("partition", b, 40);
	cb.nruns = 43;
	cb.nstatus[ST_OOM] = 3;
	compare_cells(&ca, &cb, &c[0]);
	CHECK(compare_bisect(c, 1, &o, sink) == BISECT_SKIP,
	      "B has oom runs, A none: never good (125)");
	cb.nruns = 40;
	cb.nstatus[ST_OOM] = 0;
	compare_cells(&ca, &cb, &c[0]);
	for (int i = 0; i < 40; i++)
		b[i] *= 1.5;
	compare_cells(&ca, &cb, &c[1]);
	CHECK(compare_bisect(c, 2, &o, sink) == BISECT_BAD, "one good and one bad workload: bad (1)");
	fclose(sink);
}

int main(void)
{
	test_seed000_verdict();
	test_bisect();
	test_bisect_failures();
	CHECK_DONE();
}
