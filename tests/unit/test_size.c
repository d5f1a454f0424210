/* lib/size.c: the one size syntax for the command line, workloads and init-disk. */
#include "check.h"
#include "size.h"

#include <errno.h>

static void test_parse(void)
{
	static const struct {
		const char *s;
		uint64_t want;
	} good[] = {
		{ "0", 0 }, { "4096", 4096 }, { "16K", 16384 }, { "16k", 16384 }, { "16KiB", 16384 },
		{ "16kib", 16384 }, { "64M", 64ULL << 20 }, { "3g", 3ULL << 30 }, { "1T", 1ULL << 40 },
		{ "2GiB", 2ULL << 30 }, { "007M", 7ULL << 20 },
		{ "18446744073709551615", UINT64_MAX }, { "16777215T", 16777215ULL << 40 },
	};
	static const char *const bad[] = {
		"", "M", "K16", "16 M", " 16M", "16M ", "-1", "+1", "1.5M", "16B", "16KB", "16Ki",
		"16MiBs", "16P", "16x", "0x10", "16iB",
	};
	uint64_t v;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		v = 1;
		CHECK(size_parse(good[i].s, &v) == 0 && v == good[i].want, "size '%s' is %llu", good[i].s,
		      (unsigned long long)good[i].want);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK(size_parse(bad[i], &v) == -EINVAL, "size '%s' is refused", bad[i]);
	CHECK(size_parse("18446744073709551616", &v) == -ERANGE, "size 2^64 is out of range");
	CHECK(size_parse("16777216T", &v) == -ERANGE, "size 2^64 in T is out of range");
	CHECK(size_parse("99999999999999999999999999", &v) == -ERANGE, "size: 26 digits out of range");
}

static void test_format(void)
{
	static const struct {
		uint64_t v;
		const char *want;
	} cases[] = {
		{ 0, "0" }, { 4097, "4097" }, { 16384, "16K" }, { 1536 << 10, "1536K" },
		{ 64ULL << 20, "64M" }, { 1ULL << 40, "1T" }, { 3ULL << 30, "3G" },
	};
	char buf[32];
	uint64_t back;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_format(cases[i].v, buf, sizeof(buf));
		CHECK_STR(buf, cases[i].want, "format %llu", (unsigned long long)cases[i].v);
		CHECK(size_parse(buf, &back) == 0 && back == cases[i].v, "format %s reads back",
		      cases[i].want);
	}
}

int main(void)
{
	test_parse();
	test_format();
	CHECK_DONE();
}
