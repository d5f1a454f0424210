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
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/syscall.h>
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
		SKIP("the filesystem under /tmp has no fallocate (swapfile_make said so: -EOPNOTSUPP)",
		     "%s: made and read back", name);
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

/* getrandom as swapfile.c sees it: the kernel's, or (no_entropy) failing as at an early boot */
static int no_entropy;

ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
	if (no_entropy) {
		errno = EAGAIN;
		return -1;
	}
	return syscall(SYS_getrandom, buf, len, flags);
}

static void test_random_fallback(void)
{
	const uint64_t salt = 0x1122334455667788ULL;
	unsigned char a[16], b[16];

	no_entropy = 1;
	swapfile_random(a, salt);
	swapfile_random(b, salt + 1);
	no_entropy = 0;
	CHECK(!memcmp(a + 8, &salt, sizeof(salt)), "random without entropy: the salt is there whole (the pid "
	      "once overwrote half of it)");
	CHECK(memcmp(a, b, 16), "random without entropy: another salt, another value");
	CHECK(memcmp(a, (unsigned char[8]){ 0 }, 8), "random without entropy: the clock and pid fill the rest");
}

/* A header write cut short (the file size limit) with a stale errno: the reason is -EIO, not the stale one. */
static void test_short_write(void)
{
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);
	struct rlimit old, lim;
	char path[256];
	int fd, err;

	snprintf(path, sizeof(path), "%s/short.swap", dir);
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	CHECK(fd >= 0 && ftruncate(fd, 16 * (off_t)ps) == 0 && getrlimit(RLIMIT_FSIZE, &old) == 0,
	      "short write: file made");
	signal(SIGXFSZ, SIG_IGN);
	lim = old;
	lim.rlim_cur = ps / 2;
	CHECK(setrlimit(RLIMIT_FSIZE, &lim) == 0, "short write: writes end at half a page");
	errno = EBADF;	/* stale, from some earlier call */
	err = swapfile_mkswap(fd, 16 * (uint64_t)ps, NULL, NULL);
	setrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, SIG_DFL);
	CHECK(err == -EIO, "short write: mkswap says -EIO, not the stale errno (%d)", err);
	close(fd);
	unlink(path);
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
	test_random_fallback();
	test_short_write();
	rmdir(dir);
	CHECK_DONE();
}
