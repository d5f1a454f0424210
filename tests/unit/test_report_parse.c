/*
 * report/parse.c: which records a report uses and which problems it names.
 * Logs are built here with the real codec (lib/record.c), then damaged the
 * way serial consoles and power cuts damage them.
 * Usage: test_report_parse [FIXTURE_DIR]   (default tests/fixtures)
 */
#include "check.h"
#include "seed000.h"
#include "../../lib/crc32.h"
#include "../../lib/record.h"
#include "../../lib/resdisk.h"
#include "../../report/parse.h"
#include "../../report/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char text[1 << 16];
static size_t len;

static void put(const char *s)
{
	size_t n = strlen(s);

	if (len + n < sizeof(text)) {
		memcpy(text + len, s, n);
		len += n;
		text[len] = 0;
	}
}

/* Appends one record line with the given line end. */
static void put_rec(struct rec_buf *b, const char *eol)
{
	rec_end(b);
	b->s[--b->len] = 0;
	put(b->s);
	put(eol);
}

static void put_result(const char *boot, unsigned long num, const char *backend,
		       const char *status, double elapsed, const char *eol)
{
	struct rec_buf b;

	rec_begin_result(&b, !strcmp(status, "ok"), num, "lines");
	rec_add(&b, "boot", boot);
	rec_add(&b, "workload", "lines");
	rec_add(&b, "backend", backend);
	rec_addf(&b, "iter", "%lu", num);
	rec_add(&b, "status", status);
	rec_addf(&b, "elapsed_s", "%.2f", elapsed);
	rec_add(&b, "w.note", "two words");
	put_rec(&b, eol);
}

static void put_diag(const char *kind, const char *boot, const char *k, const char *v,
		     const char *eol)
{
	struct rec_buf b;

	rec_begin_diag(&b, kind);
	rec_add(&b, "boot", boot);
	if (k)
		rec_add(&b, k, v);
	put_rec(&b, eol);
}

static const struct problem *find_problem(const struct dataset *ds, const char *where,
					  const char *what)
{
	for (size_t i = 0; i < ds->nprobs; i++)
		if (!strcmp(ds->probs[i].where, where) && strstr(ds->probs[i].what, what))
			return &ds->probs[i];
	return NULL;
}

static int used(const struct dataset *ds, const char *boot, unsigned long num)
{
	for (size_t i = 0; i < ds->nruns; i++)
		if (ds->runs[i].num == num && !strcmp(ds->runs[i].boot->id, boot))
			return 1;
	return 0;
}

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
	CHECK_STR(record_get(&ds.runs[0].rec, "w.note"), "two words", "quoted value decoded");
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
	CHECK(ds.nprobs == 1 && ds.boots[0]->nnotes == 2, "warning kept as a note, not a problem");
	CHECK_STR(ds.boots[0]->notes[0].kind, "warning", "note kind kept");
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

static char *tmp_path(char *buf, size_t size, const char *dir, const char *name)
{
	snprintf(buf, size, "%s/%s", dir, name);
	return buf;
}

static void write_file(const char *path, const char *data, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, n, f) != n || fclose(f)) {
		perror(path);
		exit(2);
	}
}

static int same_runs(const struct dataset *a, const struct dataset *b)
{
	if (a->nruns != b->nruns)
		return 0;
	for (size_t i = 0; i < a->nruns; i++) {
		const struct record *x = &a->runs[i].rec, *y = &b->runs[i].rec;

		if (x->nf != y->nf || a->runs[i].num != b->runs[i].num)
			return 0;
		for (size_t k = 0; k < x->nf; k++)
			if (strcmp(record_key(x, k), record_key(y, k)) || strcmp(record_val(x, k), record_val(y, k)))
				return 0;
	}
	return 1;
}

static void test_results_disk(const char *fixtures)
{
	char dir[] = "/tmp/sbreport.XXXXXX", log[4200], disk[4200], fix[4200];
	struct dataset from_log = { 0 }, from_disk = { 0 }, from_dir = { 0 }, seed = { 0 };
	static char image[1 << 17];
	size_t n = 0;
	double v;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(2);
	}
	len = 0;
	put("KTAP version 1\n");
	put_diag("meta", "d1", "kernel_release", "6.1.0", "\n");
	put("1..3\n");
	for (unsigned long i = 1; i <= 3; i++)
		put_result("d1", i, i % 2 ? "file" : "partition", "ok", (double)i, "\n");
	put_diag("totals", "d1", "planned", "3", "\n");
	write_file(tmp_path(log, sizeof(log), dir, "serial.log"), text, len);
	resdisk_format_header(image, "test");
	/* the disk holds only the records, no KTAP header or plan line */
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');

		if (!strncmp(p, "# sb ", 5) || !strncmp(p, "ok ", 3)) {
			memcpy(image + RESDISK_DATA_OFF + n, p, (size_t)(nl - p + 1));
			n += (size_t)(nl - p + 1);
		}
		p = nl + 1;
	}
	write_file(tmp_path(disk, sizeof(disk), dir, "results.disk"), image, sizeof(image));
	parse_source(&from_log, log);
	parse_finish(&from_log);
	parse_source(&from_disk, disk);
	parse_finish(&from_disk);
	CHECK(from_log.nruns == 3 && from_log.nprobs == 0, "serial log: 3 runs, no problems");
	CHECK(from_disk.nruns == 3 && from_disk.nprobs == 0, "results disk: 3 runs, no problems");
	CHECK(same_runs(&from_log, &from_disk), "results disk reads back the serial log's records");
	CHECK_STR(from_disk.src[0].label, "test", "results disk label read");
	CHECK(from_disk.runs[0].rec.line == 2, "disk line numbers count from the data area");
	parse_source(&from_dir, dir);
	parse_finish(&from_dir);
	CHECK_STR(from_dir.src[0].path, disk, "a directory prefers its results.disk");
	memset(image, 'x', 8);	/* no magic any more: the directory falls back */
	write_file(disk, image, sizeof(image));
	parse_free(&from_dir);
	parse_source(&from_dir, dir);
	parse_finish(&from_dir);
	CHECK_STR(from_dir.src[0].path, log, "without a valid results.disk, serial.log");
	parse_free(&from_dir);
	parse_free(&from_log);
	parse_free(&from_disk);
	unlink(log);
	unlink(disk);
	rmdir(dir);

	/* the checked-in fixture holds exactly the numbers of document 000 */
	parse_source(&seed, tmp_path(fix, sizeof(fix), fixtures, "seed000.txt"));
	parse_finish(&seed);
	int same = seed.nruns == 80 && seed.nprobs == 0;

	for (size_t i = 0; same && i < 80; i++) {
		const double *want = i % 2 ? seed000_partition : seed000_file;

		same = run_value(&seed.runs[i], "elapsed_s", &v) && v == want[i / 2] &&
		       !strcmp(seed.runs[i].backend, i % 2 ? "partition" : "file");
	}
	CHECK(same, "seed000.txt: 80 clean records with document 000's times, alternating");
	parse_free(&seed);
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
	parse_print_problems(&ds, f, 0);
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

/* A source longer than the reader's chunk: lines cut by chunk ends are whole again. */
static void test_long_source(void)
{
	char dir[] = "/tmp/sbreport.XXXXXX", path[4200];
	struct dataset ds = { 0 };
	static char big[3 << 20];
	size_t n = 0, runs = 0;
	unsigned long i;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(2);
	}
	for (i = 1; n + 2 * sizeof(text) < sizeof(big); i++) {
		len = 0;
		put_result("l1", i, i % 2 ? "partition" : "file", "ok", 1 + (double)i / 1000, "\n");
		memcpy(big + n, text, len);
		n += len;
		runs++;
	}
	len = 0;
	put_result("l1", i, "file", "ok", 2, "\n");
	memcpy(big + n, text, len / 2);	/* the last line cut short, no newline */
	n += len / 2;
	write_file(tmp_path(path, sizeof(path), dir, "serial.log"), big, n);
	parse_source(&ds, path);
	CHECK(n > 2 << 20 && ds.nruns == runs, "%zu bytes: all %zu runs read (got %zu)", n, runs,
	      ds.nruns);
	CHECK(ds.nprobs == 1 && strstr(ds.probs[0].what, "last line of the source cut short"),
	      "only the cut last line reported");
	CHECK(crc32_update(0, "123456789", 9) == 0xCBF43926u &&
	      crc32_update(crc32_update(0, "12345", 5), "6789", 4) == 0xCBF43926u,
	      "the report's crc32 gives the standard check value, whole and in pieces");
	parse_free(&ds);
	unlink(path);
	rmdir(dir);
}

/* util_number's short path for plain decimals gives strtod's double, bit for bit. */
static void test_number_fast_path(void)
{
	static const char *const fixed[] = {
		"0", "-0", "1.", "0.5", ".5", "-.5", "+3.25", "123456789012345", "1234567890.12345",
		"0.000000000000001", "99999999999999.9", "0.1", "2.675", "1.0000000000000001",
		"1234567890123456", "1e3", "0x10", " 5", "12a", "1..2", "-", ".", "+",
	};
	unsigned long long seed = 1;
	size_t bad = 0, n = 0;

	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		char *end;
		double a = NAN, b = strtod(fixed[i], &end);
		int ok = util_number(fixed[i], &a), want = *fixed[i] && !*end;

		CHECK(ok == want && (!ok || !memcmp(&a, &b, sizeof(a))),
		      "util_number(\"%s\") = %d %.17g, strtod says %d %.17g", fixed[i], ok, a, want, b);
	}
	/* 200000 random decimals of 1 to 15 digits, point anywhere, either sign */
	for (int i = 0; i < 200000; i++, n++) {
		char digs[16], buf[24];
		int p = 0, d, f;
		unsigned long long x;
		double a = NAN, b;

		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		d = 1 + (int)((seed >> 59) % 15);
		f = (int)((seed >> 40) % (unsigned)(d + 1));
		x = seed >> 3;
		for (int k = 0; k < d; k++, x /= 10)
			digs[k] = (char)('0' + x % 10);
		if (seed & 1)
			buf[p++] = '-';
		for (int k = 0; k < d; k++) {
			if (f > 0 && k == d - f)
				buf[p++] = '.';
			buf[p++] = digs[k];
		}
		buf[p] = 0;
		b = strtod(buf, NULL);
		bad += !util_number(buf, &a) || memcmp(&a, &b, sizeof(a));
	}
	CHECK(bad == 0, "%zu random plain decimals read as strtod reads them: %zu differ", n, bad);
}

int main(int argc, char **argv)
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
	test_long_source();
	test_number_fast_path();
	test_results_disk(argc > 1 ? argv[1] : "tests/fixtures");
	CHECK_DONE();
}
