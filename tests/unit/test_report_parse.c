/*
 * report/source/parse.c: which records a report uses and which problems it names.
 * Logs are built here with the real codec (lib/record.c), then damaged the
 * way serial consoles and power cuts damage them.
 */
#include "check.h"
#include "report_log.h"
#include "seed000.h"
#include "lib/crc32.h"
#include "lib/record.h"
#include "lib/resdisk.h"
#include "report/source/parse.h"
#include "report/source/problems.h"
#include "report/util/util.h"
#include "report/source/store.h"
#include "report/util/dest.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


static void test_damaged_log(void)
{
	struct dataset ds = { 0 };
	struct rec_buf b;
	size_t start;

	len = 0;
	put("KTAP version 1\r\n");					/* 1 */
	put_diag("meta", "b1", "kernel_release", "6.1.0", "\r\n");	/* 2 */
	put("1..6\r\n");						/* 3 */
	put_result("b1", 1, "partition", "ok", 3.1, "\r\n");		/* 4 */
	put("[   12.345678] Out of memory: Killed process 73 (lines)\r\n"); /* 5 */
	start = len;
	put_result("b1", 2, "file", "ok", 3.2, "\r\n");			/* 6: damaged */
	text[start + 30] ^= 0x01;
	put_result("b1", 3, "partition", "ok", 3.3, "\r\n");		/* 7 */
	put_result("b1", 3, "partition", "ok", 3.3, "\r\n");		/* 8: duplicate */
	put("[   13.000001] swapbench: ");				/* 9: noise first */
	put_result("b1", 4, "file", "ok", 3.4, "\r\n");
	put("# a KTAP comment that is no record\r\n");			/* 10 */
	put_result("b1", 5, "partition", "oom", 9.9, "\r\n");		/* 11 */
	rec_begin_result(&b, 1, 7, "x");				/* 12: malformed */
	rec_add(&b, "boot", "b1");
	strcat(b.s, " =oops");
	b.len = strlen(b.s);
	put_rec(&b, "\r\n");
	put_result("b1", 8, "file", "timeout", 1, "\n");		/* 13: beyond the plan */
	start = len;
	put_result("b1", 6, "file", "ok", 3.6, "\r\n");			/* 14: cut short */
	len = start + 40;
	text[len] = 0;

	parse_text(&ds, "log", text, len);
	parse_finish(&ds);
	CHECK(ds.nruns == 5, "five records used (1, 3, 4, 5, 8), got %zu", ds.nruns);
	CHECK(used(&ds, "b1", 1) && used(&ds, "b1", 3) && used(&ds, "b1", 5),
	      "intact records 1, 3 and 5 used");
	CHECK(used(&ds, "b1", 4), "record after console noise on the same line used");
	CHECK(!used(&ds, "b1", 2), "damaged record 2 not used");
	CHECK(!used(&ds, "b1", 6), "cut-off record 6 not used");
	CHECK(find_problem(&ds, "log:6", "checksum mismatch") != NULL,
	      "damaged record reported at log:6");
	CHECK(find_problem(&ds, "log:8", "duplicate record: boot b1 test 3 already seen at log:7"),
	      "duplicate reported at log:8 naming the first at log:7");
	CHECK(find_problem(&ds, "log:12", "malformed") != NULL, "malformed record at log:12");
	CHECK(find_problem(&ds, "log:14", "no checksum, last line of the source cut short"),
	      "truncated last line reported at log:14");
	CHECK(find_problem(&ds, "log", "boot b1: no totals record (log cut short?)") != NULL,
	      "missing totals reported");
	CHECK(find_problem(&ds, "log", "boot b1: no result for test 2, 6 of the plan 1..6") != NULL,
	      "tests missing from the plan listed");
	CHECK(find_problem(&ds, "log", "test 7 outside") == NULL, "unused record 7 not counted");
	CHECK(find_problem(&ds, "log", "test 8 outside the plan 1..6") != NULL,
	      "test 8 beyond the plan reported");
	CHECK(ds.nprobs == 7, "exactly 7 problems, got %zu", ds.nprobs);
	CHECK(!find_problem(&ds, "log:5", "") && !find_problem(&ds, "log:10", ""),
	      "kernel log line and KTAP comment are not problems");
	CHECK_STR(ds.runs[0].kernel, "6.1.0", "kernel taken from the boot's meta record");
	CHECK_STR(store_get(&ds.runs[0].rec, "w.note"), "two words", "quoted value decoded");
	CHECK(ds.runs[3].status == ST_OOM, "status oom parsed");
	parse_free(&ds);
}

static void test_bad_results(void)
{
	struct dataset ds = { 0 };
	struct rec_buf b;

	len = 0;
	put_diag("meta", "b2", NULL, NULL, "\n");
	rec_begin_result(&b, 1, 1, "x");	/* 2: no workload */
	rec_add(&b, "boot", "b2");
	rec_add(&b, "status", "ok");
	put_rec(&b, "\n");
	rec_begin_result(&b, 1, 2, "x");	/* 3: unknown status */
	rec_add(&b, "boot", "b2");
	rec_add(&b, "workload", "w");
	rec_add(&b, "backend", "file");
	rec_add(&b, "status", "fine");
	put_rec(&b, "\n");
	rec_begin_result(&b, 0, 3, "x");	/* 4: "not ok" but status=ok */
	rec_add(&b, "boot", "b2");
	rec_add(&b, "workload", "w");
	rec_add(&b, "backend", "file");
	rec_add(&b, "status", "ok");
	put_rec(&b, "\n");
	rec_begin_result(&b, 1, 4, "x");	/* 5: elapsed_s not a number */
	rec_add(&b, "boot", "b2");
	rec_add(&b, "workload", "w");
	rec_add(&b, "backend", "file");
	rec_add(&b, "status", "ok");
	rec_add(&b, "elapsed_s", "fast");
	put_rec(&b, "\n");
	put_diag("totals", "b2", "planned", "4", "\n");
	put_diag("totals", "b2", "planned", "4", "\n");	/* 7: duplicate totals */
	parse_text(&ds, "bad", text, len);
	parse_finish(&ds);
	CHECK(ds.nruns == 0, "no invalid result used");
	CHECK(find_problem(&ds, "bad:2", "without workload=") != NULL, "missing workload= named");
	CHECK(find_problem(&ds, "bad:3", "unknown status") != NULL, "unknown status named");
	CHECK(find_problem(&ds, "bad:4", "disagrees") != NULL, "ok flag against status named");
	CHECK(find_problem(&ds, "bad:5", "elapsed_s=fast is not a number") != NULL,
	      "non-numeric elapsed_s named");
	CHECK(find_problem(&ds, "bad:7", "duplicate record: totals of boot b2") != NULL,
	      "duplicate totals named");
	CHECK(find_problem(&ds, "bad", "no result for test 1-4 of the plan 1..4") != NULL,
	      "whole plan missing reported as a range");
	parse_free(&ds);
}

static void test_noise_after_record(void)
{
	struct dataset ds = { 0 };

	len = 0;
	put_diag("meta", "n1", NULL, NULL, "\n");
	put("1..2\n");
	put_result("n1", 1, "file", "ok", 1, "");
	put("[    7.1] random: crng init done\n");			/* 3 */
	put_result("n1", 2, "file", "ok", 2, "");
	put(" crc=12345678\n");					/* 4: a fake tail */
	put_diag("totals", "n1", "planned", "2", "\n");
	put("[    8.0] something crc=0badf00d\n");			/* 6 */
	parse_text(&ds, "noise", text, len);
	parse_finish(&ds);
	CHECK(used(&ds, "n1", 1), "record followed by kernel text on its line used");
	CHECK(used(&ds, "n1", 2), "record followed by a checksum-like tail used");
	CHECK(find_problem(&ds, "noise:6", "no valid record start") != NULL,
	      "a checksum without a record is reported as damage");
	CHECK(ds.nprobs == 1, "nothing else reported (%zu problems)", ds.nprobs);
	parse_free(&ds);
}

static void test_init_error(void)
{
	struct dataset ds = { 0 };
	struct rec_buf b;

	len = 0;
	put_diag("meta", "e1", NULL, NULL, "\n");
	put_diag("warning", "e1", "msg", "unknown key swapbench.foo", "\n");
	rec_begin_diag(&b, "error");
	rec_add(&b, "boot", "e1");
	rec_add(&b, "msg", "bad value");
	put_rec(&b, "\n");
	put_diag("totals", "e1", "planned", "0", "\n");
	parse_text(&ds, "err", text, len);
	parse_finish(&ds);
	CHECK(find_problem(&ds, "err:3", "boot e1: init reported an error: bad value") != NULL,
	      "init's error record is a problem");
	CHECK(ds.nprobs == 1 && ds.boots[0]->more->nnotes == 2, "warning kept as a note, not a problem");
	CHECK_STR(ds.boots[0]->more->notes[0].kind, "warning", "note kind kept");
	parse_free(&ds);
}

static void test_two_boots(void)
{
	struct dataset ds = { 0 };

	len = 0;
	put_diag("meta", "aa", "tag", "A", "\n");
	put("1..2\n");
	put_result("aa", 1, "file", "ok", 1, "\n");
	put_result("aa", 2, "partition", "ok", 2, "\n");
	put_diag("totals", "aa", "planned", "2", "\n");
	put_diag("meta", "bb", "tag", "B", "\n");
	put("1..2\n");
	put_result("bb", 1, "file", "ok", 1.5, "\n");
	put_result("bb", 2, "partition", "ok", 2.5, "\n");
	put_diag("totals", "bb", "planned", "2", "\n");
	parse_text(&ds, "two", text, len);
	parse_finish(&ds);
	CHECK(ds.nboots == 2 && ds.nruns == 4 && ds.nprobs == 0,
	      "two boots, same test numbers, no problems (%zu problems)", ds.nprobs);
	CHECK_STR(ds.runs[2].tag, "B", "tag from the second boot's meta");
	parse_free(&ds);
}

/* The same for zram and zswap: a record whose state is not its configuration's is flagged. */
static void test_config_active(void)
{
	static const struct {
		const char *backend, *dev, *disksize, *zswap, *start;
		int good;
	} runs[] = {
		{ "zram:lz4", "/dev/zram0", "49152", "0", "0", 1 },
		{ "zswap+partition", "/dev/vda1", "0", "1", "0", 1 },
		{ "partition", "/dev/vda1", "0", "0", "0", 1 },
		{ "zram", "/dev/vda1", "49152", "0", "0", 0 },		/* zram config, swap on the partition */
		{ "partition", "/dev/vda1", "49152", "0", "0", 0 },	/* zram0 not reset */
		{ "zswap+file", "/dev/vda2", "0", "0", "0", 0 },	/* zswap off */
		{ "file", "/dev/vda2", "0", "1", "0", 0 },		/* zswap left on */
		{ "zswap+partition", "/dev/vda1", "0", "1", "12", 0 },	/* pool not emptied */
	};
	const size_t n = sizeof(runs) / sizeof(runs[0]);
	struct dataset ds = { 0 };
	int right = 1;
	char plan[16];

	len = 0;
	put_diag("meta", "z1", "kernel_release", "6.1.0", "\n");
	snprintf(plan, sizeof(plan), "1..%zu\n", n);
	put(plan);
	for (size_t i = 0; i < n; i++) {
		struct rec_buf b;

		rec_begin_result(&b, 1, i + 1, "fight");
		rec_add(&b, "boot", "z1");
		rec_add(&b, "workload", "fight");
		rec_add(&b, "backend", runs[i].backend);
		rec_add(&b, "status", "ok");
		rec_add(&b, "elapsed_s", "3.5");
		rec_add(&b, "swaps_active", "1");
		rec_add(&b, "swap_dev", runs[i].dev);
		rec_add(&b, "zram_disksize_kb", runs[i].disksize);
		rec_add(&b, "zswap", runs[i].zswap);
		rec_add(&b, "zswap_start_pages", runs[i].start);
		put_rec(&b, "\n");
	}
	put_diag("totals", "z1", "planned", "8", "\n");
	parse_text(&ds, "confs", text, len);
	parse_finish(&ds);
	for (size_t i = 0; i < n; i++)
		right &= used(&ds, "z1", i + 1) == runs[i].good;
	CHECK(right && ds.nruns == 3, "swap configurations: the 3 runs whose zram/zswap state is their "
	      "configuration's are used, the 5 others flagged (%zu used)", ds.nruns);
	CHECK(find_problem(&ds, "confs:6", "test 4: backend zram swapped on /dev/vda1, not zram0") &&
	      find_problem(&ds, "confs:10", "test 8: backend zswap+partition started with pages in zswap's pool"),
	      "swap configurations: flagged where they are, saying why");
	parse_free(&ds);
}

/* SPEC: a run during which not exactly one swap configuration was active is flagged. */
static void test_swaps_active(void)
{
	static const char *const active[] = { "1", "2", "0", NULL };
	struct dataset ds = { 0 };

	len = 0;
	put_diag("meta", "s1", "kernel_release", "6.1.0", "\n");	/* 1 */
	put("1..4\n");							/* 2 */
	for (unsigned long i = 1; i <= 4; i++) {			/* 3-6 */
		struct rec_buf b;

		rec_begin_result(&b, 1, i, "lines");
		rec_add(&b, "boot", "s1");
		rec_add(&b, "workload", "lines");
		rec_add(&b, "backend", i % 2 ? "partition" : "file");
		rec_add(&b, "status", "ok");
		rec_add(&b, "elapsed_s", "3.5");
		if (active[i - 1])
			rec_add(&b, "swaps_active", active[i - 1]);
		put_rec(&b, "\n");
	}
	put_diag("totals", "s1", "planned", "4", "\n");
	parse_text(&ds, "swaps", text, len);
	parse_finish(&ds);
	CHECK(used(&ds, "s1", 1) && used(&ds, "s1", 4) && ds.nruns == 2,
	      "swaps_active=1 and a record without swaps_active used, nothing else");
	CHECK(!used(&ds, "s1", 2) && !used(&ds, "s1", 3), "swaps_active=2 and =0 not used");
	CHECK(find_problem(&ds, "swaps:4", "test 2: swaps_active=2, not exactly one swap") &&
	      find_problem(&ds, "swaps:5", "test 3: swaps_active=0, not exactly one swap"),
	      "both flagged where they are");
	CHECK(ds.nprobs == 2, "a flagged run is not also reported missing (%zu problems)",
	      ds.nprobs);
	parse_free(&ds);
}

/* Only measurements must stay within the statistics' range: a boot id may read as 1e126. */
static void test_number_like_ids(void)
{
	struct dataset ds = { 0 };

	len = 0;
	put_diag("meta", "1234e123", "kernel_release", "6.1.0", "\n");
	put_result("1234e123", 1, "file", "ok", 1, "\n");
	parse_text(&ds, "ids", text, len);
	CHECK(ds.nruns == 1 && ds.nprobs == 0, "boot=1234e123 is an id, not a number out of range");
	parse_free(&ds);
}

/* Many problems of one kind in one source: the first few, then one line for the rest. */
static void test_problems_alike(void)
{
	struct dataset ds = { 0 };
	char *out = NULL;
	size_t size = 0, nl = 0;
	FILE *f;

	len = 0;
	put_diag("meta", "p1", "kernel_release", "6.1.0", "\n");
	for (unsigned long i = 1; i <= 8; i++) {
		size_t start = len;

		put_result("p1", i, "file", "ok", 1, "\n");
		text[start + 20] ^= 0x01;	/* lines 2..9 damaged */
	}
	parse_text(&ds, "many", text, len);
	f = open_memstream(&out, &size);
	struct dest to = dest_term(f);

	problems_print(&to, &ds);
	fclose(f);
	for (char *p = out; (p = strchr(p, '\n')); p++)
		nl++;
	CHECK(ds.nprobs == 8 && nl == PROBLEMS_ALIKE + 1, "8 damaged records: %d lines and a "
	      "summary line, got %zu lines", PROBLEMS_ALIKE, nl);
	CHECK(strstr(out, "many: 5 more like the one at many:2 (lines 5-9)\n") != NULL,
	      "the rest counted with their lines, as one range");
	free(out);
	parse_free(&ds);
}

int main(void)
{
	test_damaged_log();
	test_bad_results();
	test_noise_after_record();
	test_init_error();
	test_two_boots();
	test_swaps_active();
	test_config_active();
	test_number_like_ids();
	test_problems_alike();
	CHECK_DONE();
}
