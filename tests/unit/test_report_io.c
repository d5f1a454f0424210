/*
 * report/source/iorec.c: a run's account of its modelled disk's requests ("# sb io"
 * records) is attached to its run whole, or named as a problem and not used:
 * a part missing, parts out of order, a malformed entry, counts that
 * disagree, records of a test that has no result.
 */
#include "check.h"
#include "report_log.h"
#include "lib/record.h"
#include "report/source/iorec.h"
#include "report/source/parse.h"
#include "report/source/problems.h"
#include "report/source/store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long line;	/* the line put_* writes next */

/* One io record: test, part of parts, the account's counts and its entries. */
static void put_io(unsigned long test, unsigned part, unsigned parts, unsigned long total,
		   unsigned long kept, unsigned long stride, unsigned long dropped, const char *reqs)
{
	struct rec_buf b;

	rec_begin_diag(&b, "io");
	rec_addf(&b, "test", "%lu", test);
	rec_addf(&b, "part", "%u", part);
	rec_addf(&b, "parts", "%u", parts);
	rec_addf(&b, "total", "%lu", total);
	rec_addf(&b, "kept", "%lu", kept);
	rec_addf(&b, "stride", "%lu", stride);
	rec_addf(&b, "dropped", "%lu", dropped);
	rec_add(&b, "reqs", reqs);
	put_rec(&b, "\n");
	line++;
}

/* n entries from first: reads at 1000 us apart, 8 sectors each, depth 1 or 2 */
static const char *entries(unsigned first, unsigned n)
{
	static char s[4096];
	size_t l = 0;

	s[0] = 0;
	for (unsigned i = first; i < first + n; i++)
		l += (size_t)snprintf(s + l, sizeof(s) - l, "%s%u:%u:%u:8:%c:%u", l ? ";" : "", 1000 * i,
				      8000 + i, 976164864 + 64 * i, i % 3 ? 'R' : 'W', 1 + i % 2);
	return s;
}

static const struct run *run_of(const struct dataset *ds, unsigned long num)
{
	for (size_t i = 0; i < ds->nruns; i++)
		if (ds->runs[i].num == num)
			return &ds->runs[i];
	return NULL;
}

static int problem_at(const struct dataset *ds, unsigned long at, const char *what)
{
	char where[32];

	snprintf(where, sizeof(where), "log:%lu", at);
	return find_problem(ds, where, what) != NULL;
}

static void test_accounts(void)
{
	struct dataset ds = { 0 };
	const struct run *r;
	unsigned long missing_at, order_at, bad_at, count_at, orphan_at;

	len = 0;
	line = 1;
	put_diag("meta", "b1", "disk", "hdd", "\n");
	line++;
	/* test 1: 100 entries in two parts, 300 served, 1 in 4 kept at the end */
	put_io(1, 1, 2, 300, 100, 4, 200, entries(0, 80));
	put_io(1, 2, 2, 300, 100, 4, 200, entries(80, 20));
	put_result("b1", 1, "partition", "ok", 3.0, "\n");
	line++;
	/* test 2: part 2 of 3 missing */
	put_io(2, 1, 3, 200, 160, 1, 40, entries(0, 80));
	missing_at = line;
	put_io(2, 3, 3, 200, 160, 1, 40, entries(80, 80));
	put_result("b1", 2, "file", "ok", 3.0, "\n");
	line++;
	/* test 3: parts out of order */
	put_io(3, 2, 2, 90, 90, 1, 0, entries(80, 10));
	order_at = line;
	put_io(3, 1, 2, 90, 90, 1, 0, entries(0, 80));
	put_result("b1", 3, "partition", "ok", 3.0, "\n");
	line++;
	/* test 4: its second entry's op is X */
	bad_at = line;
	put_io(4, 1, 1, 2, 2, 1, 0, "10:8000:2048:8:R:1;20:9000:4096:8:X:1");
	put_result("b1", 4, "file", "ok", 3.0, "\n");
	line++;
	/* test 5: dropped is not total - kept */
	count_at = line;
	put_io(5, 1, 1, 10, 3, 1, 5, entries(0, 3));
	put_result("b1", 5, "partition", "ok", 3.0, "\n");
	line++;
	/* test 9: no result follows */
	orphan_at = line;
	put_io(9, 1, 1, 1, 1, 1, 0, entries(0, 1));
	/* test 6: a run that served nothing */
	put_io(6, 1, 1, 0, 0, 1, 0, "");
	put_result("b1", 6, "file", "ok", 3.0, "\n");
	line++;
	put_diag("totals", "b1", "planned", "6", "\n");

	parse_text(&ds, "log", text, len);
	parse_finish(&ds);
	io_attach(&ds);
	r = run_of(&ds, 1);
	CHECK(r && r->io && r->io->n == 100, "test 1: both parts' 100 entries attached to the run");
	CHECK(r && r->io && r->io->total == 300 && r->io->kept == 100 && r->io->dropped == 200 &&
	      r->io->stride == 4, "test 1: total 300, kept 100, dropped 200, stride 4");
	CHECK(r && r->io && r->io->req[0].t_us == 0 && r->io->req[0].dur_us == 8000 &&
	      r->io->req[0].sector == 976164864 && r->io->req[0].sectors == 8 && r->io->req[0].op == 'W' &&
	      r->io->req[0].depth == 1, "test 1: the first entry read field by field");
	CHECK(r && r->io && r->io->req[99].t_us == 99000 && r->io->req[99].sector == 976164864 + 64 * 99 &&
	      r->io->req[99].op == 'W' && r->io->req[99].depth == 2, "test 1: the last entry, from part 2");
	CHECK(run_of(&ds, 2) && !run_of(&ds, 2)->io && problem_at(&ds, missing_at, "part 2 missing"),
	      "test 2: a part missing is a problem at the next part, the account not used");
	CHECK(run_of(&ds, 3) && !run_of(&ds, 3)->io && problem_at(&ds, order_at - 1, "parts out of order (part 1 comes after it)"),
	      "test 3: parts out of order: a problem, the account not used");
	CHECK(run_of(&ds, 4) && !run_of(&ds, 4)->io &&
	      problem_at(&ds, bad_at, "entry 2, \"20:9000:4096:8:X:1\", is not t_us:dur_us:sector:sectors:op:depth"),
	      "test 4: a malformed entry is named with its number and text, the account not used");
	CHECK(run_of(&ds, 5) && !run_of(&ds, 5)->io && problem_at(&ds, count_at, "dropped not total - kept"),
	      "test 5: dropped that is not total - kept: a problem");
	CHECK(problem_at(&ds, orphan_at, "io records of boot b1 test 9, which has no result"),
	      "test 9: io records without their run: a problem");
	r = run_of(&ds, 6);
	CHECK(r && r->io && r->io->n == 0 && r->io->total == 0, "test 6: an empty account is an account");
	CHECK(ds.nprobs == 5, "five problems, no more: got %zu", ds.nprobs);
	for (size_t i = 0; ds.nprobs != 5 && i < ds.nprobs; i++) {
		char *where = problems_where(&ds.probs[i]), *what = problems_what(&ds.probs[i]);

		printf("# %s: %s\n", where, what);
		free(where);
		free(what);
	}
	parse_free(&ds);
}

static void test_entry(void)
{
	struct io_req q;
	static const char *const bad[] = {
		"1:2:3:8:R", "1:2:3:8:R:1:9", "1:2:3:0:R:1", "1:2:3:8:R:0", "1:2:3:8:RR:1", "-1:2:3:8:R:1",
		"1:2:3:8:r:1", "1:2::8:W:1", "1:2:3:8:W:1x", "1:2:18446744073709551616:8:W:1", "1:2:3:4294967296:W:1",
		/* past LBA48's last sector, a sector past any disk, times past 10^12 us */
		"1:2:281474976710649:8:W:1", "1:2:18446744073709543424:8:W:1",
		"1000000000001:2:3:8:W:1", "1:1000000000001:3:8:W:1",
	};

	const char *top = "1000000000000:1000000000000:281474976710648:8:W:4294967295";
	const char *big = "5:6:281470681743361:4294967295:W:32";

	CHECK(io_parse_entry(top, strlen(top), &q) == 0 && q.t_us == 1000000000000ULL &&
	      q.dur_us == 1000000000000ULL && q.sector == 281474976710648ULL && q.sectors == 8 &&
	      q.depth == UINT32_MAX && q.op == 'W', "an entry at the fields' largest values");
	CHECK(io_parse_entry(big, strlen(big), &q) == 0 && q.sectors == UINT32_MAX &&
	      q.sector + q.sectors == 1ULL << 48, "the most sectors, ending at LBA48's last");
	CHECK(io_parse_entry("7:2000:0:0:F:3", 14, &q) == 0 && q.op == 'F' && q.sectors == 0,
	      "a flush of no sectors");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(io_parse_entry(bad[i], strlen(bad[i]), &q) < 0, "refused: %s", bad[i]);
}

/* The last byte of an arena block (store.c) is the NUL ending reqs= of an
 * io record: reading its entries must stop there (under ASan a read one
 * byte past it traps). The record is first read alone to learn its size,
 * then placed so that it fills its block exactly. */
static void test_reqs_at_block_end(void)
{
	struct dataset ds = { 0 }, probe = { 0 };
	struct parser p;
	char meta[512], io[512], res[512], tot[512];
	size_t size = 0, nmeta, nio, nres, ntot, left;
	const struct run *r;
	const char *v = NULL;

	len = 0;
	put_diag("meta", "b1", "disk", "hdd", "\n");
	nmeta = len - 1;
	memcpy(meta, text, nmeta);
	/* t_us of 1 to 8 digits: one of them makes the record a multiple of 8 bytes */
	for (unsigned digits = 1; digits <= 8 && !v; digits++) {
		char reqs[64];

		snprintf(reqs, sizeof(reqs), "%.*s:8000:2048:8:R:1", (int)digits, "12345678");
		len = 0;
		put_io(1, 1, 1, 1, 1, 1, 0, reqs);
		nio = len - 1;
		memcpy(io, text, nio);
		memset(&probe, 0, sizeof(probe));
		parse_begin(&p, &probe, "probe");
		parse_line(&p, meta, nmeta, 0);
		left = probe.mem.left;
		parse_line(&p, io, nio, 0);
		size = left - probe.mem.left;
		if (probe.nboots == 1 && probe.boots[0]->more->nios == 1) {
			const char *s = store_get(&probe.boots[0]->more->ios[0], "reqs");

			if (s && s + strlen(s) + 1 == probe.mem.p)
				v = s;
		}
		parse_end(&p);
		parse_free(&probe);
	}
	CHECK(v != NULL, "an io record whose reqs= ends it, a multiple of 8 bytes (%zu)", size);
	if (!v)
		return;
	len = 0;
	put_result("b1", 1, "partition", "ok", 3.0, "\n");
	nres = len - 1;
	memcpy(res, text, nres);
	len = 0;
	put_diag("totals", "b1", "planned", "1", "\n");
	ntot = len - 1;
	memcpy(tot, text, ntot);

	parse_begin(&p, &ds, "log");
	parse_line(&p, meta, nmeta, 0);
	while (ds.mem.left > size)	/* in small pieces: a large one gets a block of its own */
		store_alloc(&ds, ds.mem.left - size > 4096 ? 4096 : ds.mem.left - size);
	parse_line(&p, io, nio, 0);
	v = ds.boots[0]->more->nios == 1 ? store_get(&ds.boots[0]->more->ios[0], "reqs") : NULL;
	CHECK(v && ds.mem.left == 0 && v + strlen(v) + 1 == ds.mem.p,
	      "the io record's reqs= ends at the last byte of its arena block");
	parse_line(&p, res, nres, 0);
	parse_line(&p, tot, ntot, 0);
	parse_end(&p);
	parse_finish(&ds);
	io_attach(&ds);
	r = run_of(&ds, 1);
	CHECK(r && r->io && r->io->n == 1 && r->io->req[0].dur_us == 8000,
	      "its one entry read, nothing past the block (ASan: no over-read)");
	CHECK(ds.nprobs == 0, "no problem: got %zu", ds.nprobs);
	parse_free(&ds);
}

int main(void)
{
	test_accounts();
	test_entry();
	test_reqs_at_block_end();
	return check_failed;
}
