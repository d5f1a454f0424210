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
#include <string.h>
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

static void test_matches_mkswap(uint64_t bytes, const char *uuid_s, const char *label)
{
	size_t pagesize = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char *want = calloc(1, pagesize), *got = calloc(1, pagesize);
	unsigned char uuid[16];
	size_t diff = 0;
	int ndiff = 0;

	if (!want || !got || swaphdr_uuid_parse(uuid_s, uuid)) {
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

static void test_uuid_parse(void)
{
	unsigned char u[16];
	char s[37];

	CHECK(swaphdr_uuid_parse("0B3EA5C4-1d2e-4f60-8a7b-9c0d1e2f3a4b", u) == 0, "uuid_parse_either_case");
	swaphdr_uuid_format(u, s);
	CHECK_STR(s, "0b3ea5c4-1d2e-4f60-8a7b-9c0d1e2f3a4b", "uuid_parse_format_round_trip");
	CHECK(swaphdr_uuid_parse("0b3ea5c4-1d2e-4f60-8a7b-9c0d1e2f3a4", u) == -EINVAL, "uuid_parse_rejects_short");
	CHECK(swaphdr_uuid_parse("0b3ea5c4-1d2e-4f60-8a7b-9c0d1e2f3a4bb", u) == -EINVAL, "uuid_parse_rejects_long");
	CHECK(swaphdr_uuid_parse("0b3ea5c41d2e-4f60-8a7b-9c0d1e2f3a4bxx", u) == -EINVAL,
	      "uuid_parse_rejects_missing_dash");
	CHECK(swaphdr_uuid_parse("0b3ea5c4-1d2e-4f60-8a7b-9c0d1e2f3g4b", u) == -EINVAL, "uuid_parse_rejects_non_hex");
	CHECK(swaphdr_uuid_parse("ABCD-1234", u) == -EINVAL, "uuid_parse_rejects_fat_serial");
}

/*
 * A lab labels its swap partition once (mkswap -L sb-swap) and designates
 * it by LABEL= or UUID=: the area init makes over it must carry the same
 * label and UUID, byte for byte the header mkswap -L old -U old writes.
 */
static void test_remake_keeps_names(void)
{
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);
	const char *old_uuid = "5b0a5b0a-1111-4222-8333-444455556666";
	unsigned char *old = calloc(1, ps), *page = calloc(1, ps), rnd[16], u[16];
	struct swaphdr_info info;
	struct swaphdr_names nm;
	char s[37];

	memset(rnd, 0x77, sizeof(rnd));
	if (!old || !page || run_mkswap(1 << 20, old_uuid, "sb-swap", old, ps) ||
	    swaphdr_parse(old, ps, &info)) {
		CHECK(0, "remake setup: mkswap -L sb-swap and parse");
		goto out;
	}
	const char *specs[] = { "LABEL=sb-swap", "UUID=5b0a5b0a-1111-4222-8333-444455556666",
				"PARTUUID=5b0a5b0a-01", "/dev/sda3" };
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		swaphdr_names(&info, specs[i], "swapbench", rnd, &nm);
		swaphdr_uuid_format(nm.uuid, s);
		CHECK_STR(nm.label, "sb-swap", "remake_by_%s_keeps_label", specs[i]);
		CHECK_STR(s, old_uuid, "remake_by_%s_keeps_uuid", specs[i]);
		CHECK(nm.kept == (SWAPHDR_KEPT_LABEL | SWAPHDR_KEPT_UUID), "remake_by_%s_says_both_kept",
		      specs[i]);
		CHECK(swaphdr_build(page, ps, 1 << 20, nm.uuid, nm.label) == 0 && !memcmp(page, old, ps),
		      "remake_by_%s_equals_mkswap_L_old_U_old", specs[i]);
	}

	/* mkswap without -L, and a header with a zero UUID */
	info.label[0] = '\0';
	memset(info.uuid, 0, 16);
	swaphdr_names(&info, "PARTUUID=5b0a5b0a-01", "swapbench", rnd, &nm);
	CHECK_STR(nm.label, "", "remake_keeps_no_label_as_no_label");
	swaphdr_uuid_v4(u, rnd);
	CHECK(!memcmp(nm.uuid, u, 16) && nm.kept == 0, "remake_replaces_zero_uuid_with_random");

	/* Fresh: nothing of swap there before (zeros, or a forced filesystem) */
	swaphdr_names(NULL, "LABEL=lab-swap", "swapbench", rnd, &nm);
	CHECK(!strcmp(nm.label, "lab-swap") && !memcmp(nm.uuid, u, 16) && nm.kept == 0,
	      "fresh_by_label_gets_that_label_and_a_random_uuid");
	swaphdr_names(NULL, "UUID=0B3EA5C4-1d2e-4f60-8a7b-9c0d1e2f3a4b", "swapbench", rnd, &nm);
	swaphdr_uuid_format(nm.uuid, s);
	CHECK(!strcmp(nm.label, "swapbench") && !strcmp(s, "0b3ea5c4-1d2e-4f60-8a7b-9c0d1e2f3a4b"),
	      "fresh_by_uuid_gets_that_uuid (%s, %s)", nm.label, s);
	swaphdr_names(NULL, "UUID=ABCD-1234", "swapbench", rnd, &nm);
	CHECK(!memcmp(nm.uuid, u, 16), "fresh_by_fat_serial_gets_a_random_uuid");
	swaphdr_names(NULL, "PARTUUID=5b0a5b0a-01", "swapbench", rnd, &nm);
	CHECK(!strcmp(nm.label, "swapbench") && !memcmp(nm.uuid, u, 16), "fresh_by_partuuid_gets_defaults");
	swaphdr_names(NULL, "LABEL=seventeen-bytes-x", "swapbench", rnd, &nm);
	CHECK_STR(nm.label, "swapbench", "fresh_label_too_long_for_swap_gets_default");
	swaphdr_names(NULL, "LABEL=sixteen-bytes-ok", "swapbench", rnd, &nm);
	CHECK(!strcmp(nm.label, "sixteen-bytes-ok") &&
	      swaphdr_build(page, ps, 1 << 20, nm.uuid, nm.label) == 0 &&
	      swaphdr_parse(page, ps, &info) == 0 && !strcmp(info.label, "sixteen-bytes-ok"),
	      "fresh_16_byte_label_fills_the_field_and_reads_back");
out:
	free(old);
	free(page);
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
	test_uuid_parse();
	test_remake_keeps_names();
	snprintf(rm, sizeof(rm), "rm -rf %s", dir);
	if (system(rm) != 0)
		CHECK(0, "cleanup %s", dir);
	CHECK_DONE();
}
