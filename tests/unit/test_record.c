/* Unit tests of lib/record.c, lib/crc32.c and lib/resdisk.c. */
#include "check.h"
#include "crc32.h"
#include "record.h"
#include "reckinds.h"
#include "resdisk.h"

#include <regex.h>

static struct rec r;

static void test_crc(void)
{
	CHECK(crc32_update(0, "123456789", 9) == 0xCBF43926u, "crc32: the standard check value");
	CHECK(crc32_update(0, "", 0) == 0, "crc32: empty input");
	CHECK(crc32_update(crc32_update(0, "1234", 4), "56789", 5) == 0xCBF43926u, "crc32: in pieces");
}

static void test_round_trip(void)
{
	struct rec_buf b;

	rec_begin_result(&b, 1, 7, "fight-file-3");
	rec_add(&b, "workload", "fight");
	rec_addf(&b, "elapsed_s", "%.3f", 1.5);
	rec_add(&b, "cmdline", "console=ttyS0 a=\"b\" back\\slash");
	rec_add(&b, "empty", "");
	rec_add(&b, "ctl", "tab\there");
	int n = rec_end(&b);

	CHECK(n > 0 && b.s[n - 1] == '\n', "build: ends with a newline");
	CHECK(!strncmp(b.s, "ok 7 fight-file-3 workload=fight elapsed_s=1.500 cmdline=\"console=ttyS0", 70),
	      "build: KTAP result line layout: %.80s", b.s);
	CHECK(rec_parse(b.s, (size_t)n, &r) == REC_GOOD, "parse: own output is good");
	CHECK(r.type == REC_RESULT && r.ok == 1 && r.num == 7, "parse: ok 7");
	CHECK_STR(r.id, "fight-file-3", "parse: id");
	CHECK_STR(rec_get(&r, "elapsed_s"), "1.500", "parse: number value");
	CHECK_STR(rec_get(&r, "cmdline"), "console=ttyS0 a=\"b\" back\\slash", "parse: quoted value with escapes");
	CHECK_STR(rec_get(&r, "empty"), "", "parse: empty value");
	CHECK_STR(rec_get(&r, "ctl"), "tab\there", "parse: control byte escaped and restored");
	CHECK(rec_get(&r, "missing") == NULL, "parse: missing key is NULL");

	rec_begin_diag(&b, "meta");
	rec_add(&b, "arch", "x86_64");
	n = rec_end(&b);
	CHECK(rec_parse(b.s, (size_t)n, &r) == REC_GOOD && r.type == REC_DIAG, "diag: parses");
	CHECK_STR(r.id, "meta", "diag: kind");

	rec_begin_result(&b, 0, 12, "x");
	rec_add(&b, "status", "oom");
	n = rec_end(&b);
	CHECK(rec_parse(b.s, (size_t)n - 1, &r) == REC_GOOD && r.ok == 0 && r.num == 12, "not ok 12 parses");
	/* the serial console adds \r */
	char crlf[REC_LINE_MAX];

	memcpy(crlf, b.s, (size_t)n - 1);
	memcpy(crlf + n - 1, "\r\n", 2);
	CHECK(rec_parse(crlf, (size_t)n + 1, &r) == REC_GOOD, "CRLF line ends are accepted");
}

static void test_damage(void)
{
	struct rec_buf b;
	char line[REC_LINE_MAX];

	rec_begin_result(&b, 1, 1, "lines-partition-1");
	rec_add(&b, "elapsed_s", "12.345");
	int n = rec_end(&b);

	memcpy(line, b.s, (size_t)n);
	line[20] ^= 1;
	CHECK(rec_parse(line, (size_t)n, &r) == REC_BAD_CRC, "damage: one flipped bit is a checksum mismatch");
	CHECK(rec_parse(b.s, 25, &r) == REC_NO_CRC, "damage: a line cut short has no checksum");
	CHECK(rec_parse("[   1.234] Out of memory: Killed process 99", 43, &r) == REC_NOT_RECORD,
	      "kernel log lines are not records");
	CHECK(rec_parse("KTAP version 1", 14, &r) == REC_NOT_RECORD, "the KTAP header is not a record");
	/* a kernel message spliced into the middle of a record */
	char spliced[REC_LINE_MAX];
	int k = snprintf(spliced, sizeof(spliced), "%.15s[ 9.9] oops%s", b.s, b.s + 15);

	CHECK(rec_parse(spliced, (size_t)k, &r) == REC_BAD_CRC, "damage: a spliced kernel message is caught");
	CHECK(rec_parse("ok 1 x a=b crc=zzzzzzzz", 23, &r) == REC_NO_CRC, "damage: non-hex checksum");
}

static void test_overflow(void)
{
	struct rec_buf b;
	char big[REC_LINE_MAX];

	memset(big, 'v', sizeof(big) - 1);
	big[sizeof(big) - 1] = 0;
	rec_begin_diag(&b, "x");
	rec_add(&b, "big", big);
	CHECK(rec_end(&b) < 0, "overflow: a record too long for a line is refused, not cut");
}

/* kunit.py's TEST_RESULT pattern (tools/testing/kunit/kunit_parser.py), in POSIX ERE */
static int kunit_reads_result(const char *line)
{
	regex_t re;
	char one[REC_LINE_MAX];
	int ok;

	snprintf(one, sizeof(one), "%.*s", (int)strcspn(line, "\n"), line);
	if (regcomp(&re, "^[[:space:]]*(ok|not ok) ([0-9]+) (- )?([^#]*)( # .*)?$", REG_EXTENDED))
		return -1;
	ok = regexec(&re, one, 0, NULL, 0) == 0;
	regfree(&re);
	return ok;
}

/* What the encoder writes, the decoder must read: refuse what it cannot. */
static void test_encoder_refuses(void)
{
	static const char *const bad_keys[] = { "two words", "", "a=b", "k\"q", "tab\tkey", "#x" };
	struct rec_buf b;
	char key[16];
	int n;

	for (size_t i = 0; i < sizeof(bad_keys) / sizeof(bad_keys[0]); i++) {
		rec_begin_result(&b, 1, 1, "x");
		rec_add(&b, bad_keys[i], "1");
		CHECK(rec_end(&b) < 0, "encode: key '%s' is refused", bad_keys[i]);
	}
	rec_begin_diag(&b, "two words");
	CHECK(rec_end(&b) < 0, "encode: a diagnostic kind with a space is refused");

	rec_begin_result(&b, 1, 1, "x");
	for (int i = 0; i < REC_FIELDS_MAX; i++) {
		snprintf(key, sizeof(key), "k%d", i);
		rec_add(&b, key, "1");
	}
	n = rec_end(&b);
	CHECK(n > 0 && rec_parse(b.s, (size_t)n, &r) == REC_GOOD && r.nfields == REC_FIELDS_MAX,
	      "encode: %d fields are written and read back", REC_FIELDS_MAX);
	rec_begin_result(&b, 1, 1, "x");
	for (int i = 0; i <= REC_FIELDS_MAX; i++) {
		snprintf(key, sizeof(key), "k%d", i);
		rec_add(&b, key, "1");
	}
	CHECK(rec_end(&b) < 0, "encode: field %d is refused (the decoder reads %d)", REC_FIELDS_MAX + 1,
	      REC_FIELDS_MAX);
}

/* A path with '#' is recorded, and kunit.py still reads the line as a result. */
static void test_hash_in_value(void)
{
	static const char *const vals[] = { "/a#b", "#", "x # SKIP", "/swap#1 file" };
	struct rec_buf b;

	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		rec_begin_result(&b, 1, 3, "lines-file-1");
		rec_add(&b, "file", vals[i]);
		rec_add(&b, "elapsed_s", "1.5");
		int n = rec_end(&b);

		CHECK(n > 0 && !memchr(b.s, '#', (size_t)n), "encode: '%s' leaves no '#' in the line", vals[i]);
		CHECK(kunit_reads_result(b.s) == 1, "encode: kunit.py reads the line with '%s' as a result",
		      vals[i]);
		CHECK(n > 0 && rec_parse(b.s, (size_t)n, &r) == REC_GOOD, "decode: the line with '%s' is good",
		      vals[i]);
		CHECK_STR(rec_get(&r, "file"), vals[i], "decode: '%s' read back", vals[i]);
	}
}

static void test_resdisk(void)
{
	static char hdr[RESDISK_HDR_SIZE];
	char label[RESDISK_LABEL_MAX + 1];

	CHECK(resdisk_format_header(hdr, "swapbench-res") == 0, "resdisk: header built");
	CHECK(!memcmp(hdr, RESDISK_MAGIC, strlen(RESDISK_MAGIC)), "resdisk: magic first");
	CHECK(resdisk_check_header(hdr, sizeof(hdr), label) == 0, "resdisk: header recognised");
	CHECK_STR(label, "swapbench-res", "resdisk: label read back");
	CHECK(resdisk_format_header(hdr, "has space") < 0, "resdisk: a label with a space is refused");
	hdr[0] = 'X';
	CHECK(resdisk_check_header(hdr, sizeof(hdr), label) < 0, "resdisk: no magic, no disk");
}

/* A meta record as init writes it, up to the command line. */
static void meta_head(struct rec_buf *b)
{
	rec_begin_diag(b, "meta");
	rec_add(b, "boot", "0a1b2c3d");
	rec_add(b, "swapbench", "0.9");
	rec_add(b, "kernel_release", "6.12.0-rc7-00123-gabcdef012345");
	rec_add(b, "kernel_version", "#1 SMP PREEMPT_DYNAMIC Tue Dec  1 10:00:00 UTC 2026");
	rec_add(b, "arch", "x86_64");
	for (int i = 0; i < 12; i++)
		rec_addf(b, "field_number_this_long", "%d", 1234567 * i);
}

static void test_cut(void)
{
	static char cl[2048], want[4096];
	struct rec_buf b;
	size_t cut;
	int n;

	/* the longest line x86 hands init: 2047 bytes of plain words */
	for (size_t i = 0; i < 2047; i++)
		cl[i] = i % 16 == 15 ? ' ' : (char)('a' + i % 26);
	meta_head(&b);
	cut = rec_add_cut(&b, "cmdline", cl, 24);
	n = rec_end(&b);
	CHECK(cut == 0 && n > 2047 && n <= REC_LINE_MAX, "cut: a 2047-byte command line fits a meta record whole "
	      "(%d bytes)", n);
	CHECK(rec_parse(b.s, (size_t)n, &r) == REC_GOOD && !strcmp(rec_get(&r, "cmdline"), cl),
	      "cut: and reads back byte for byte");

	/* every byte escaped to four: it cannot fit, so a head goes in and the rest is counted */
	memset(cl, '#', 2047);
	meta_head(&b);
	cut = rec_add_cut(&b, "cmdline", cl, 24);
	rec_addf(&b, "cmdline_cut", "%zu", cut);
	n = rec_end(&b);
	CHECK(cut > 0 && n > 0, "cut: 2047 '#' do not fit: %zu bytes left out, the record is written (%d bytes)",
	      cut, n);
	CHECK(n > REC_LINE_MAX - 4 * 4 - 40, "cut: the head fills what the record has (%d of %d bytes)", n,
	      REC_LINE_MAX);
	CHECK(rec_parse(b.s, (size_t)n, &r) == REC_GOOD, "cut: the cut record parses");
	snprintf(want, sizeof(want), "%zu", cut);
	CHECK_STR(rec_get(&r, "cmdline_cut"), want, "cut: the marker says how many bytes");
	CHECK(strlen(rec_get(&r, "cmdline")) + cut == 2047 && !strncmp(rec_get(&r, "cmdline"), cl, 2047 - cut),
	      "cut: what is in is the head of the line, and head + cut = 2047");

	/* a value that fits but leaves less than keep: cut to leave keep */
	meta_head(&b);
	cut = rec_add_cut(&b, "cmdline", "short", REC_LINE_MAX);
	CHECK(cut == 5 && rec_end(&b) > 0, "cut: keep more than the record has: the value goes, the record stays");

	/* refused whatever the length (a bad key): no cut, rec_end fails */
	meta_head(&b);
	CHECK(rec_add_cut(&b, "bad key", "v", 0) == 0 && rec_end(&b) < 0, "cut: a bad key is refused, not cut");
}

/* The kinds of lib/reckinds.h: each word is a key the codec takes, read back
 * to its own kind; a word no writer uses (or a result line's) is no kind. */
static void test_kinds(void)
{
	struct rec_buf b;
	struct rec d;
	int n;

	for (int k = 0; k < RKIND_COUNT; k++) {
		const char *w = rec_kind_word((enum rec_kind)k);

		CHECK(rec_key_ok(w), "kinds: '%s' is a word the encoder takes", w);
		CHECK(rec_kind_of(w) == k, "kinds: '%s' reads back as kind %d", w, k);
		rec_begin_diag(&b, w);
		rec_add(&b, "boot", "1");
		n = rec_end(&b);
		CHECK(n > 0 && rec_parse(b.s, (size_t)n, &d) == REC_GOOD && rec_kind_of(d.id) == k,
		      "kinds: a '%s' record decodes to its kind", w);
	}
	CHECK_STR(rec_kind_word(RKIND_META), "meta", "kinds: RKIND_META is meta");
	CHECK_STR(rec_kind_word(RKIND_TOTALS), "totals", "kinds: RKIND_TOTALS is totals");
	CHECK(rec_kind_of("result") == -1 && rec_kind_of("met") == -1 && rec_kind_of("metas") == -1,
	      "kinds: result, a prefix and a longer word are no kind");
	CHECK_STR(rec_kind_word(RKIND_COUNT), "", "kinds: past the list, no word");
}

int main(void)
{
	test_crc();
	test_round_trip();
	test_damage();
	test_overflow();
	test_encoder_refuses();
	test_hash_in_value();
	test_resdisk();
	test_cut();
	test_kinds();
	CHECK_DONE();
}
