#include "swapfile.h"
#include "now.h"
#include "swaphdr.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#ifndef GRND_INSECURE
#define GRND_INSECURE 4
#endif

static unsigned char page[65536];		/* the largest page size swap has */
static const char zeros[SWAPFILE_ZERO_BLOCK];	/* bss, not 16 KiB of image */

void swapfile_random(unsigned char rnd[16], uint64_t salt)
{
	if (getrandom(rnd, 16, GRND_NONBLOCK) != (ssize_t)16 &&
	    getrandom(rnd, 16, GRND_INSECURE) != (ssize_t)16) {
		/* the clock in nanoseconds, the pid above the bits a boot's clock fills first, the salt whole */
		uint64_t t = (uint64_t)(now_s() * 1e9) ^ ((uint64_t)(uint32_t)getpid() << 32);

		memcpy(rnd, &t, sizeof(t));
		memcpy(rnd + 8, &salt, sizeof(salt));
	}
}

int swapfile_mkswap(int fd, uint64_t bytes, const char *label, const unsigned char *uuid)
{
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char rnd[16], fresh[16];
	int err;

	if (ps > sizeof(page))
		return -EINVAL;
	if (!uuid) {
		swapfile_random(rnd, bytes);
		swaphdr_uuid_v4(fresh, rnd);
		uuid = fresh;
	}
	if ((err = swaphdr_build(page, ps, bytes, uuid, label)) < 0)
		return err;
	errno = 0;	/* a short write sets none: no stale one read as its reason */
	if (pwrite(fd, page, ps, 0) != (ssize_t)ps)
		return errno ? -errno : -EIO;
	return fsync(fd) < 0 ? -errno : 0;
}

/* What the fill left for mkswap's fsync to write, at most (other files' dirty pages count too). */
static long dirty_kb(void)
{
	char buf[4096], *p;
	int fd = open("/proc/meminfo", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strstr(buf, "\nDirty:");
	return p ? strtol(p + 7, NULL, 10) : -1;
}

static int fill_zero(int fd, uint64_t bytes)
{
	for (uint64_t off = 0; off < bytes;) {
		size_t len = bytes - off < sizeof(zeros) ? (size_t)(bytes - off) : sizeof(zeros);
		ssize_t w = write(fd, zeros, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		off += (uint64_t)w;
	}
	return 0;
}

int swapfile_make(const char *path, uint64_t bytes, enum swapfile_fill fill, const char *label,
		  struct swapfile_times *t)
{
	double t0 = now_s();
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600), err;

	memset(t, 0, sizeof(*t));
	if (fd < 0)
		return -errno;
	if (fill == SWAPFILE_FALLOCATE)
		err = fallocate(fd, 0, 0, (off_t)bytes) < 0 ? -errno : 0;
	else
		err = fill_zero(fd, bytes);
	t->fill_s = now_s() - t0;
	t->dirty_kb = dirty_kb();
	if (!err) {
		t0 = now_s();
		err = swapfile_mkswap(fd, bytes, label, NULL);
		t->mkswap_s = now_s() - t0;
	}
	if (close(fd) < 0 && !err)
		err = -errno;
	if (err)
		unlink(path);
	return err == -ENOSYS ? -EOPNOTSUPP : err;
}

uint64_t swapfile_need(uint64_t bytes)
{
	return bytes + bytes / 128;
}

int swapfile_free(const char *dir, uint64_t *bytes)
{
	struct statvfs vfs;

	if (statvfs(dir, &vfs) < 0)
		return -errno;
	*bytes = (uint64_t)vfs.f_bavail * vfs.f_frsize;
	return 0;
}
