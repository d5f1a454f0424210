/*
 * lib/swapfile.c: the one swapfile + mkswap path (init and `create`).
 * Files in a scratch directory: both fills give a file of the asked size
 * that swaphdr reads back as a swap area; the header write does not cut a
 * zero-filled file; a failure leaves nothing behind; an existing file is
 * never replaced; the free-space figure is the filesystem's.
 */
#include "check.h"
#include "swapfile.h"
#include "swaphdr.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

static char dir[] = "/tmp/test_swapfile.XXXXXX";
static unsigned char page[65536];

static void test_fill(enum swapfile_fill fill, const char *name)
{
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);
	uint64_t bytes = 64 * (uint64_t)ps + 123;
	char path[256];
	struct swapfile_times t;
	struct swaphdr_info info;
	struct stat st;
	int fd, err;

	snprintf(path, sizeof(path), "%s/%s.swap", dir, name);
	err = swapfile_make(path, bytes, fill, "lbl", &t);
	if (err == -EOPNOTSUPP && fill == SWAPFILE_FALLOCATE) {
		CHECK(1, "%s: the filesystem has no fallocate, and says so", name);
		return;
	}
	CHECK(err == 0, "%s: made (%d)", name, err);
	CHECK(stat(path, &st) == 0 && (uint64_t)st.st_size == bytes, "%s: file of %llu bytes", name,
	      (unsigned long long)bytes);
	CHECK((st.st_mode & 0777) == 0600, "%s: mode 0600, as swapon wants", name);
	CHECK(t.fill_s >= 0 && t.mkswap_s >= 0 && t.fill_s < 60 && t.mkswap_s < 60, "%s: both times taken",
	      name);
	CHECK(t.dirty_kb >= 0, "%s: the page cache's Dirty read between fill and mkswap (%ld kB)", name,
	      t.dirty_kb);
	fd = open(path, O_RDONLY);
	CHECK(fd >= 0 && pread(fd, page, ps, 0) == (ssize_t)ps && swaphdr_parse(page, ps, &info) == 0,
	      "%s: swap header read back", name);
	CHECK(info.last_page == 63 && info.bytes == 64 * (uint64_t)ps, "%s: 64 pages", name);
	CHECK_STR(info.label, "lbl", "%s: label", name);
	if (fd >= 0)
		close(fd);
	CHECK(swapfile_make(path, bytes, fill, NULL, &t) == -EEXIST, "%s: an existing file is not replaced",
	      name);
	CHECK(stat(path, &st) == 0 && (uint64_t)st.st_size == bytes, "%s: and is left as it was", name);
	unlink(path);
	CHECK(swapfile_make(path, 4096, fill, NULL, &t) == -EINVAL, "%s: fewer than %d pages refused", name,
	      SWAPHDR_MIN_PAGES);
	CHECK(stat(path, &st) < 0 && errno == ENOENT, "%s: a failure leaves no file", name);
}

static void test_uuid_and_free(void)
{
	static const unsigned char uuid[16] = { 1, 2, 3, 4, 5, 6, 0x47, 8, 0x89, 10, 11, 12, 13, 14, 15, 16 };
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);
	struct swaphdr_info info;
	struct statvfs vfs;
	uint64_t free_b;
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "%s/uuid.swap", dir);
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	CHECK(fd >= 0 && ftruncate(fd, 16 * (off_t)ps) == 0, "uuid: file made");
	CHECK(swapfile_mkswap(fd, 16 * (uint64_t)ps, NULL, uuid) == 0, "uuid: mkswap with a given uuid");
	CHECK(pread(fd, page, ps, 0) == (ssize_t)ps && swaphdr_parse(page, ps, &info) == 0 &&
	      !memcmp(info.uuid, uuid, 16), "uuid: the given uuid is written");
	CHECK(swapfile_mkswap(fd, 16 * (uint64_t)ps, NULL, NULL) == 0 && pread(fd, page, ps, 0) == (ssize_t)ps &&
	      swaphdr_parse(page, ps, &info) == 0 && memcmp(info.uuid, uuid, 16) && (info.uuid[6] >> 4) == 4,
	      "uuid: without one, a fresh version-4 uuid");
	close(fd);
	unlink(path);
	/* others write to the same filesystem meanwhile: equal within 64 MiB */
	CHECK(swapfile_free(dir, &free_b) == 0 && statvfs(dir, &vfs) == 0 &&
	      llabs((long long)free_b - (long long)((uint64_t)vfs.f_bavail * vfs.f_frsize)) < (64LL << 20),
	      "free: what statvfs gives an unprivileged writer");
	CHECK(swapfile_free("/nonexistent/dir", &free_b) == -ENOENT, "free: a missing directory is -ENOENT");
	CHECK(swapfile_need(128ULL << 20) == (128ULL << 20) + (1ULL << 20), "need: 128 MiB needs 129 MiB");
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_fill(SWAPFILE_ZERO, "zero");
	test_fill(SWAPFILE_FALLOCATE, "fallocate");
	test_uuid_and_free();
	rmdir(dir);
	CHECK_DONE();
}
