/*
 * report/source/source.c and the numbers it reads: a results disk read as its
 * serial log, a source longer than the reader's chunk, util_number's fast
 * path. (test_report_parse: which records a report uses.)
 * Usage: test_report_source [FIXTURE_DIR]   (default tests/fixtures)
 */
#include "check.h"
#include "report_log.h"
#include "seed000.h"
#include "lib/crc32.h"
#include "lib/record.h"
#include "lib/resdisk.h"
#include "report/source/parse.h"
#include "report/util/util.h"
#include "report/source/source.h"
#include "report/source/store.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


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
			if (strcmp(store_key(x, k), store_key(y, k)) || strcmp(store_val(x, k), store_val(y, k)))
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
	source_read(&from_log, log);
	parse_finish(&from_log);
	source_read(&from_disk, disk);
	parse_finish(&from_disk);
	CHECK(from_log.nruns == 3 && from_log.nprobs == 0, "serial log: 3 runs, no problems");
	CHECK(from_disk.nruns == 3 && from_disk.nprobs == 0, "results disk: 3 runs, no problems");
	CHECK(same_runs(&from_log, &from_disk), "results disk reads back the serial log's records");
	CHECK_STR(from_disk.src[0].label, "test", "results disk label read");
	CHECK(from_disk.runs[0].rec.line == 2, "disk line numbers count from the data area");
	source_read(&from_dir, dir);
	parse_finish(&from_dir);
	CHECK_STR(from_dir.src[0].path, disk, "a directory prefers its results.disk");
	memset(image, 'x', 8);	/* no magic any more: the directory falls back */
	write_file(disk, image, sizeof(image));
	parse_free(&from_dir);
	source_read(&from_dir, dir);
	parse_finish(&from_dir);
	CHECK_STR(from_dir.src[0].path, log, "without a valid results.disk, serial.log");
	parse_free(&from_dir);
	parse_free(&from_log);
	parse_free(&from_disk);
	unlink(log);
	unlink(disk);
	rmdir(dir);

	/* the checked-in fixture holds exactly the numbers of document 000 */
	source_read(&seed, tmp_path(fix, sizeof(fix), fixtures, "seed000.txt"));
	parse_finish(&seed);
	int same = seed.nruns == 80 && seed.nprobs == 0;

	for (size_t i = 0; same && i < 80; i++) {
		const double *want = i % 2 ? seed000_partition : seed000_file;

		same = store_run_value(&seed.runs[i], "elapsed_s", &v) && v == want[i / 2] &&
		       !strcmp(seed.runs[i].backend, i % 2 ? "partition" : "file");
	}
	CHECK(same, "seed000.txt: 80 clean records with document 000's times, alternating");
	parse_free(&seed);
}

/* A source longer than the reader's chunk: lines cut by chunk ends are whole again. */
static void test_long_source(void)
{
	char dir[] = "/tmp/sbreport.XXXXXX", path[4200], *what;
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
	source_read(&ds, path);
	CHECK(n > 2 << 20 && ds.nruns == runs, "%zu bytes: all %zu runs read (got %zu)", n, runs,
	      ds.nruns);
	what = ds.nprobs ? problems_what(&ds.probs[0]) : NULL;
	CHECK(ds.nprobs == 1 && strstr(what, "last line of the source cut short"),
	      "only the cut last line reported");
	free(what);
	CHECK(crc32_update(0, "123456789", 9) == 0xCBF43926u &&
	      crc32_update(crc32_update(0, "12345", 5), "6789", 4) == 0xCBF43926u,
	      "the report's crc32 gives the standard check value, whole and in pieces");
	parse_free(&ds);
	unlink(path);
	rmdir(dir);
}

/* util_number's short path for plain decimals gives strtod's double, bit for bit;
 * what is no decimal (0x10, " 5") is no number. */
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
		/* strtod's value where it reads a decimal: its hex (0x10) and leading blanks are none */
		int ok = util_number(fixed[i], &a),
		    want = *fixed[i] && !*end && !fixed[i][strspn(fixed[i], "0123456789+-.eE")];

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
	test_long_source();
	test_number_fast_path();
	test_results_disk(argc > 1 ? argv[1] : "tests/fixtures");
	CHECK_DONE();
}
