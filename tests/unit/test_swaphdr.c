/*
 * swaphdr: the page we build must equal util-linux mkswap's byte for byte,
 * and parse must read back what build wrote.
 */
#include "check.h"
#include "swaphdr.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

static char dir[] = "/tmp/test_swaphdr.XXXXXX";

/* Runs mkswap on a zeroed file of bytes bytes; reads its first page into page. */
static int run_mkswap(uint64_t bytes, const char *uuid, const char *label,
		      unsigned char *page, size_t pagesize)
{
	char path[64], cmd[256];
	int fd, rc;

	snprintf(path, sizeof(path), "%s/swap", dir);
	unlink(path);
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0 || ftruncate(fd, (off_t)bytes) < 0)
		return -1;
	close(fd);
	if (label)
		snprintf(cmd, sizeof(cmd), "mkswap -U %s -L '%s' %s >/dev/null 2>&1", uuid, label, path);
	else
		snprintf(cmd, sizeof(cmd), "mkswap -U %s %s >/dev/null 2>&1", uuid, path);
	rc = system(cmd);
	if (rc != 0)
		return -1;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	rc = pread(fd, page, pagesize, 0) == (ssize_t)pagesize ? 0 : -1;
	close(fd);
	unlink(path);
	return rc;
}

static int parse_uuid(const char *s, unsigned char out[16])
{
	int n = 0;

	for (; *s && n < 32; s++) {
		if (*s == '-')
			continue;
		unsigned v;
		if (sscanf(s, "%1x", &v) != 1)
			return -1;
		if (n % 2 == 0)
			out[n / 2] = (unsigned char)(v << 4);
		else
			out[n / 2] |= (unsigned char)v;
		n++;
	}
	return n == 32 ? 0 : -1;
}

static void test_matches_mkswap(uint64_t bytes, const char *uuid_s, const char *label)
{
	size_t pagesize = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char *want = calloc(1, pagesize), *got = calloc(1, pagesize);
	unsigned char uuid[16];
	size_t diff = 0;
	int ndiff = 0;

	if (!want || !got || parse_uuid(uuid_s, uuid)) {
		CHECK(0, "mkswap_equal_%llu setup", (unsigned long long)bytes);
		goto out;
	}
	CHECK(run_mkswap(bytes, uuid_s, label, want, pagesize) == 0,
	      "mkswap_runs_on_zeroed_file_%llu_bytes", (unsigned long long)bytes);
	memset(got, 0xa5, pagesize);
	CHECK(swaphdr_build(got, pagesize, bytes, uuid, label) == 0,
	      "build_%llu_bytes_label_%s", (unsigned long long)bytes, label ? label : "none");
	for (size_t i = 0; i < pagesize; i++) {
		if (got[i] != want[i]) {
			if (!ndiff)
				diff = i;
			ndiff++;
		}
	}
	CHECK(ndiff == 0, "first_page_equals_mkswap_%llu_bytes_label_%s (%d bytes differ, first at %zu)",
	      (unsigned long long)bytes, label ? label : "none", ndiff, diff);
out:
	free(want);
	free(got);
}

static void test_round_trip(void)
{
	unsigned char page[8192], uuid[16], rnd[16];
	struct swaphdr_info info;
	char s[37];

	for (int i = 0; i < 16; i++)
		rnd[i] = (unsigned char)(0xf0 + i);
	swaphdr_uuid_v4(uuid, rnd);
	swaphdr_uuid_format(uuid, s);
	CHECK_STR(s, "f0f1f2f3-f4f5-46f7-b8f9-fafbfcfdfeff", "uuid_v4_sets_version_and_variant");

	CHECK(swaphdr_build(page, sizeof(page), 100 * 8192 + 77, uuid, "sixteen-bytes-ok") == 0,
	      "build_8k_pages_16_byte_label");
	CHECK(swaphdr_parse(page, sizeof(page), &info) == 0, "parse_accepts_built_header");
	CHECK(info.version == 1, "parse_version_1");
	CHECK(info.last_page == 99, "parse_last_page_99 (got %u)", info.last_page);
	CHECK(info.nr_badpages == 0, "parse_no_bad_pages");
	CHECK(info.bytes == 100 * 8192, "parse_bytes_whole_pages");
	CHECK(!memcmp(info.uuid, uuid, 16), "parse_uuid_round_trip");
	CHECK_STR(info.label, "sixteen-bytes-ok", "parse_label_round_trip");

	CHECK(swaphdr_parse(page, 4096, &info) == -EINVAL, "parse_rejects_wrong_pagesize");
	memset(page, 0, sizeof(page));
	CHECK(swaphdr_parse(page, sizeof(page), &info) == -EINVAL, "parse_rejects_zeroed_page");
	memcpy(page + sizeof(page) - 10, "SWAPSPACE2", 10);
	CHECK(swaphdr_parse(page, sizeof(page), &info) == -EINVAL, "parse_rejects_magic_without_version");
	memcpy(page + sizeof(page) - 10, "SWAP-SPACE", 10);
	CHECK(swaphdr_parse(page, sizeof(page), &info) == -EINVAL, "parse_rejects_v0_header");

	CHECK(swaphdr_build(page, 4096, 9 * 4096 + 4095, uuid, NULL) == -EINVAL, "build_rejects_9_pages");
	CHECK(swaphdr_build(page, 4096, 10 * 4096, uuid, NULL) == 0, "build_accepts_10_pages");
	CHECK(swaphdr_build(page, 4096, 1 << 20, uuid, "seventeen-bytes-x") == -EINVAL,
	      "build_rejects_17_byte_label");
	CHECK(swaphdr_build(page, 3000, 1 << 20, uuid, NULL) == -EINVAL, "build_rejects_pagesize_3000");
	CHECK(swaphdr_build(page, 2048, 1 << 20, uuid, NULL) == -EINVAL, "build_rejects_pagesize_2048");
	CHECK(swaphdr_build(page, 4096, (uint64_t)4096 << 32, uuid, NULL) == 0,
	      "build_accepts_2^32_pages");
	CHECK(swaphdr_build(page, 4096, ((uint64_t)4096 << 32) + 4096, uuid, NULL) == -EINVAL,
	      "build_rejects_more_than_2^32_pages");
}

int main(void)
{
	char rm[64];

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		CHECK_DONE();
	}
	CHECK(system("command -v mkswap >/dev/null 2>&1 || test -x /sbin/mkswap") == 0,
	      "mkswap_installed");
	test_matches_mkswap(10 * 4096, "0b3ea5c4-1d2e-4f60-8a7b-9c0d1e2f3a4b", NULL);
	test_matches_mkswap(1 << 20, "0b3ea5c4-1d2e-4f60-8a7b-9c0d1e2f3a4b", "swapbench");
	test_matches_mkswap((1 << 20) + 123, "11111111-2222-4333-8444-555555555555", "odd");
	/* mkswap keeps a NUL in the label field, so 15 bytes is its longest. */
	test_matches_mkswap(10 * 4096 + 4095, "deadbeef-0000-4000-8000-feedfacecafe", "fifteen-bytesok");
	test_matches_mkswap((64 << 20) + 1, "a1b2c3d4-e5f6-4789-abcd-ef0123456789", "x");
	test_round_trip();
	snprintf(rm, sizeof(rm), "rm -rf %s", dir);
	if (system(rm) != 0)
		CHECK(0, "cleanup %s", dir);
	CHECK_DONE();
}
