/*
 * parttable: the partition tables PID 1 reads for PARTUUID= and probe
 * reports. Images made by sfdisk must give the PARTUUID sfdisk reports; a
 * GPT with 4096-byte sectors must be read like one with 512; crafted
 * entry fields must never make it read outside the buffer (run under ASan).
 */
#include "check.h"
#include "parttable.h"
#include "probe.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

static unsigned char buf[PROBE_BYTES];

static void put32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

/* A GPT header at LBA 1 of sector bytes: entries from entry_lba, count of esz bytes. */
static void gpt(size_t sector, uint64_t entry_lba, uint32_t count, uint32_t esz)
{
	unsigned char *h = buf + sector;

	memset(buf, 0, sizeof(buf));
	buf[510] = 0x55;	/* the protective MBR */
	buf[511] = 0xaa;
	memcpy(h, "EFI PART", 8);
	put64(h + 24, 1);
	for (int i = 0; i < 16; i++)
		h[56 + i] = (unsigned char)(0xa0 + i);
	put64(h + 72, entry_lba);
	put32(h + 80, count);
	put32(h + 84, esz);
}

/* Writes the GUID of entry n (from 1) in a table at byte at with esz-byte entries. */
static void entry(size_t at, uint32_t esz, unsigned n, unsigned char first)
{
	unsigned char *g = buf + at + (n - 1) * esz + 16;

	for (int i = 0; i < 16; i++)
		g[i] = (unsigned char)(first + i);
}

static void test_gpt_both_sector_sizes(void)
{
	static const size_t sectors[] = { 512, 4096 };
	struct parttable pt;
	char out[64];

	for (size_t i = 0; i < 2; i++) {
		size_t s = sectors[i];

		gpt(s, 2, 128, 128);
		entry(2 * s, 128, 3, 0x10);
		CHECK(parttable_find(buf, sizeof(buf), &pt) == 0, "gpt_%zu_found", s);
		CHECK_STR(pt.type, "gpt", "gpt_%zu_type", s);
		CHECK(pt.sector == s, "gpt_%zu_sector_size_is_%zu", s, s);
		CHECK_STR(pt.id, "a3a2a1a0-a5a4-a7a6-a8a9-aaabacadaeaf", "gpt_%zu_disk_guid", s);
		CHECK(parttable_partuuid(buf, sizeof(buf), 3, out, sizeof(out)) == 0,
		      "gpt_%zu_entry_3_read", s);
		CHECK_STR(out, "13121110-1514-1716-1819-1a1b1c1d1e1f", "gpt_%zu_entry_3_partuuid", s);
		CHECK(parttable_partuuid(buf, sizeof(buf), 129, out, sizeof(out)) == -ENOENT,
		      "gpt_%zu_entry_past_count_refused", s);
		CHECK(parttable_partuuid(buf, sizeof(buf), 0, out, sizeof(out)) == -ENOENT,
		      "gpt_%zu_partition_0_refused", s);
	}
	/* entry 3 of the 4096-byte table starts at 8448: a read that stops there misses it */
	CHECK(parttable_partuuid(buf, 8448, 3, out, sizeof(out)) == -ENOENT,
	      "gpt_4096_entry_beyond_the_buffer_refused");
}

/*
 * The entry offset is LBA * sector + (n - 1) * size. LBA 2^55 - 1 makes the
 * first term 2^64 - 512; entry 2 of 488 bytes then wraps it to 2^64 - 24,
 * which a check "offset + 32 <= len" lets through, reading 8 bytes before
 * the buffer.
 */
static void test_gpt_crafted_offsets(void)
{
	static const struct {
		uint64_t lba;
		uint32_t count, esz;
		unsigned partno;
		const char *name;
	} bad[] = {
		{ (1ULL << 55) - 1, 4, 488, 2, "lba_2^55-1_entry_size_488" },
		{ 1ULL << 55, 4, 128, 1, "lba_2^55_wraps_to_0" },
		{ UINT64_MAX, 4, 128, 1, "lba_max" },
		{ 2, UINT32_MAX, UINT32_MAX, 3, "entry_size_4G" },
		{ 2, UINT32_MAX, 128, 1u << 30, "entry_2^30" },
		{ 2, 4, 127, 1, "entry_size_below_128" },
		{ 2, 0, 128, 1, "no_entries" },
	};
	size_t len = 512 * 34;	/* what PID 1 read before: ASan guards a heap copy's both ends */
	unsigned char *copy = malloc(len);
	char out[64];

	for (size_t i = 0; copy && i < sizeof(bad) / sizeof(bad[0]); i++) {
		gpt(512, bad[i].lba, bad[i].count, bad[i].esz);
		memcpy(copy, buf, len);
		CHECK(parttable_partuuid(copy, len, bad[i].partno, out, sizeof(out)) == -ENOENT,
		      "gpt_crafted_%s_refused", bad[i].name);
	}
	free(copy);
}

static void test_mbr(void)
{
	struct parttable pt;
	char out[64];

	memset(buf, 0, sizeof(buf));
	put32(buf + 440, 0x1234abcd);
	buf[446 + 4] = 0x83;
	put32(buf + 446 + 8, 2048);
	put32(buf + 446 + 12, 8192);
	buf[510] = 0x55;
	buf[511] = 0xaa;
	CHECK(parttable_find(buf, 512, &pt) == 0, "mbr_found");
	CHECK_STR(pt.type, "dos", "mbr_type");
	CHECK(pt.used == 1, "mbr_one_entry_used");
	CHECK_STR(pt.id, "1234abcd", "mbr_disk_id");
	CHECK(parttable_partuuid(buf, 512, 2, out, sizeof(out)) == 0, "mbr_partuuid_read");
	CHECK_STR(out, "1234abcd-02", "mbr_partuuid");
	buf[446] = 0x12;
	CHECK(parttable_find(buf, 512, &pt) == -ENOENT, "mbr_with_bad_boot_flag_is_no_table");
	CHECK(parttable_find(buf, 511, &pt) == -ENOENT, "mbr_cut_short_is_no_table");
}

/* The first line of cmd's output, upper-case hex digits folded to lower. */
static void run(const char *cmd, char *out, size_t size)
{
	FILE *f = popen(cmd, "r");

	out[0] = '\0';
	if (f) {
		if (!fgets(out, (int)size, f))
			out[0] = '\0';
		pclose(f);
	}
	out[strcspn(out, "\n")] = '\0';
	for (char *p = out; *p; p++)
		*p = (char)tolower((unsigned char)*p);
}

static void test_sfdisk_images(void)
{
	char path[] = "/tmp/test_parttable.XXXXXX", cmd[512], want[64], got[64], id[64];
	int fd = mkstemp(path);
	ssize_t n;

	CHECK(fd >= 0, "sfdisk_image_file_created");
	if (fd < 0)
		return;
	snprintf(cmd, sizeof(cmd), "truncate -s 16M %s && printf 'label: gpt\\n,4M,L\\n,4M,S\\n' | "
		 "sfdisk -q %s >/dev/null 2>&1", path, path);
	CHECK(system(cmd) == 0, "sfdisk_gpt_image_made");
	n = pread(fd, buf, sizeof(buf), 0);
	snprintf(cmd, sizeof(cmd), "sfdisk --part-uuid %s 2", path);
	run(cmd, want, sizeof(want));
	CHECK(strlen(want) == 36, "sfdisk_reports_gpt_partuuid");
	CHECK(n > 0 && parttable_partuuid(buf, (size_t)n, 2, got, sizeof(got)) == 0,
	      "sfdisk_gpt_partuuid_read");
	CHECK_STR(got, want, "sfdisk_gpt_partuuid_matches");

	snprintf(cmd, sizeof(cmd), "printf 'label: dos\\n,4M,L\\n' | sfdisk -q %s >/dev/null 2>&1", path);
	CHECK(system(cmd) == 0, "sfdisk_dos_image_made");
	n = pread(fd, buf, sizeof(buf), 0);
	snprintf(cmd, sizeof(cmd), "sfdisk --disk-id %s", path);
	run(cmd, id, sizeof(id));
	CHECK(!strncmp(id, "0x", 2) && strlen(id) == 10, "sfdisk_reports_dos_disk_id");
	snprintf(want, sizeof(want), "%.8s-01", id + 2);
	CHECK(n > 0 && parttable_partuuid(buf, (size_t)n, 1, got, sizeof(got)) == 0,
	      "sfdisk_dos_partuuid_read");
	CHECK_STR(got, want, "sfdisk_dos_partuuid_matches");
	close(fd);
	unlink(path);
}

int main(void)
{
	test_gpt_both_sector_sizes();
	test_gpt_crafted_offsets();
	test_mbr();
	test_sfdisk_images();
	CHECK_DONE();
}
