/*
 * Fuzz target: results disks, read by the report tool (report/source/parse.c) and
 * reopened and appended to by init (init/output/results.c). The first input byte
 * picks a mode, the rest is the disk image; with bit 0 set the image gets a
 * valid header in front, so the fuzzer spends its time on the data area,
 * with bit 1 every data line gets a correct checksum, and bit 2 adds 8 KiB
 * of zeros at the end: room for init to append.
 * Properties: no crash or leak in either; init finds the end of the data
 * where the layout says (the first NUL after the header); a record init
 * appends to any disk it accepts reads back as one more good record, and
 * the problems found before are all still found, whatever the disk held
 * (a power cut can leave a record cut short at the end).
 */
#include "init/output/results.h"
#include "lib/crc32.h"
#include "lib/record.h"
#include "lib/resdisk.h"
#include "report/source/parse.h"
#include "report/source/problems.h"
#include "fuzz.h"
#include "report/source/source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define IMAGE_MAX (256 * 1024)

struct reading {
	size_t good, problems;
	int disk;	/* read as a results disk, not a serial log */
};

static char path[64];
static int fd = -1;

static void setup(void)
{
	int null = open("/dev/null", O_WRONLY);

	/* init writes every record to the console too */
	require(null >= 0 && dup2(null, 1) == 1, "stdout to /dev/null");
	close(null);
	fd = memfd_create("resdisk", 0);
	require(fd >= 0, "memfd_create");
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
}

static void put_image(const char *img, size_t len)
{
	require(ftruncate(fd, 0) == 0 && pwrite(fd, img, len, 0) == (ssize_t)len, "write the image");
}

static struct reading read_back(void)
{
	struct dataset ds;
	struct reading r;

	memset(&ds, 0, sizeof(ds));
	source_read(&ds, path);
	parse_finish(&ds);
	require(ds.nsrc == 1, "one source");
	r.good = ds.src[0].nrecords;
	r.problems = ds.nprobs;
	r.disk = ds.src[0].label != NULL;
	for (size_t i = 0; i < ds.nprobs; i++) {
		char *what = problems_what(&ds.probs[i]);

		if (!strcmp(what, "no swapbench records found"))
			r.problems--;	/* goes away with the first record */
		free(what);
	}
	parse_free(&ds);
	return r;
}

/* Seals every line of the data area up to its NUL, and keeps the rest. */
static size_t seal_data(const char *in, size_t len, char *out)
{
	size_t end = strnlen(in, len), o = fuzz_seal(in, end, out);

	memcpy(out + o, in + end, len - end);
	return o + len - end;
}

static void check_label_round_trip(const uint8_t *data, size_t size)
{
	static char hdr[RESDISK_HDR_SIZE];
	char label[RESDISK_LABEL_MAX + 8], got[RESDISK_LABEL_MAX + 1];
	size_t n = size < sizeof(label) - 1 ? size : sizeof(label) - 1;

	memcpy(label, data, n);
	label[n] = 0;
	if (resdisk_format_header(hdr, label) < 0)
		return;
	require(resdisk_check_header(hdr, sizeof(hdr), got) == 0 && !strcmp(got, label),
		"a label reads back as written");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char img[RESDISK_HDR_SIZE + IMAGE_MAX * 15 + 8192];	/* sealing adds 13 bytes a line */
	static struct rec_buf b;
	char label[RESDISK_LABEL_MAX + 1];
	struct reading before, after;
	size_t len = 0;
	int err;

	if (size < 1 || size > IMAGE_MAX)
		return 0;
	if (fd < 0)
		setup();
	check_label_round_trip(data + 1, size - 1);
	if (data[0] & 1) {
		resdisk_format_header(img, "fuzz");
		len = RESDISK_HDR_SIZE;
	}
	if (data[0] & 2 && len)
		len += seal_data((const char *)data + 1, size - 1, img + len);
	else {
		memcpy(img + len, data + 1, size - 1);
		len += size - 1;
	}
	if (data[0] & 4) {
		memset(img + len, 0, 8192);
		len += 8192;
	}
	put_image(img, len);
	before = read_back();

	err = results_open_disk(path);
	if (resdisk_check_header(img, len, label) < 0) {
		require(err == -EMEDIUMTYPE, "init refuses a disk without the magic");
		require(!before.disk, "the report reads a disk without the magic as a log");
		return 0;
	}
	require(before.disk, "the report reads a disk with the magic as a disk");
	const char *nul = memchr(img + RESDISK_DATA_OFF, 0, len - RESDISK_DATA_OFF);

	if (!nul) {
		require(err == -ENOSPC, "no NUL after the data: full, init does not guess");
		return 0;
	}
	if (err == -ENOSPC)
		return 0;	/* not even room for a newline */
	require(err == 0, "init opens a disk with the magic and an end");
	unsigned long long used, cap;

	results_disk_usage(&used, &cap);
	require(used >= (unsigned long long)(nul - img) && used <= (unsigned long long)(nul - img) + 1 &&
		cap == len, "init appends where the data ends (after a newline it may add)");
	rec_begin_diag(&b, "fuzzmark");
	rec_add(&b, "boot", "0f0f0f0f");
	rec_add(&b, "msg", "appended after whatever the disk held");
	rec_end(&b);
	err = results_emit(&b);
	results_close();
	if (err == -ENOSPC)
		return 0;
	require(err == 0, "append succeeds when there is room");
	after = read_back();
	/* one more good record; what was damaged before is still reported, not swallowed */
	require(after.good == before.good + 1, "the appended record reads back good");
	require(after.problems == before.problems, "earlier damage is still reported, not swallowed");
	return 0;
}
