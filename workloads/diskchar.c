/*
 * diskchar: a disk characterised read-only from the timing of its reads
 * (dchar.h: rotation, zones, the seek curve, cylinders and heads, the
 * switches, the buffer), then its command queue: random reads one at a
 * time against depth of them at once. Opens dev read-only with O_DIRECT
 * and never writes; each figure is one "fig=NAME key=value ..." line.
 * init runs it for swapbench.workloads=diskchar on the designated disk;
 * on the host it reads any block device or file given (a file has no turn).
 *
 * rewrite=1 (swapbench.diskchar.rewrite=1, opt-in): the write path too
 * (dchar_write.c), by writing back at an offset the bytes a read of it
 * just returned: dev opened read-write, and only if it is the disk
 * designated= names (init passes the one swapbench.part designates); a
 * write of anything but one of the last RING reads' own bytes is refused.
 */
#include "workloads/wl.h"
#include "workloads/dchar.h"
#include "lib/reckeys.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mount.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *dev = "", *designated = "";
static uint64_t depth = 32, per = 8, rewrite;

static const struct wl_param params[] = {
	{ "dev", WL_TEXT, "", 0, 0, &dev },
	{ "depth", WL_UINT, "32", 1, 64, &depth },
	{ "per", WL_UINT, "8", 1, 1024, &per },
	{ "rewrite", WL_UINT, "0", 0, 1, &rewrite },
	{ "designated", WL_TEXT, "", 0, 0, &designated },
};

#define BUF (1u << 20)
static _Alignas(4096) unsigned char buf[BUF];	/* O_DIRECT: aligned */

/* the latest reads' bytes, the only ones a rewrite may write back */
#define RING 8
#define RING_LEN 65536u
static struct {
	_Alignas(4096) unsigned char data[RING_LEN];
	uint64_t off;
	unsigned len, valid;
} ring[RING];
static unsigned nring;

struct bdev {
	int fd;
	uint64_t bad_off;	/* the request that failed, for the message */
	unsigned bad_len;
};

static int bread(void *ctx, uint64_t off, unsigned len, int64_t *done)
{
	struct bdev *b = ctx;
	ssize_t r = pread(b->fd, buf, len, (off_t)off);

	*done = (int64_t)wl_now_ns();
	if (rewrite && r == (ssize_t)len && len <= RING_LEN) {
		unsigned i = nring++ % RING;

		memcpy(ring[i].data, buf, len);
		ring[i].off = off;
		ring[i].len = len;
		ring[i].valid = 1;
	}
	if (r == (ssize_t)len)
		return 0;
	b->bad_off = off;
	b->bad_len = len;
	return r < 0 ? -errno : -EIO;
}

/* the bytes the latest read of exactly [off, off + len) returned, written
 * back there: -EPERM where none of the last RING reads was of it */
static int brewrite(void *ctx, uint64_t off, unsigned len, int64_t *done)
{
	struct bdev *b = ctx;
	ssize_t r;

	for (unsigned k = 0; k < RING && k < nring; k++) {
		unsigned i = (nring - 1 - k) % RING;

		if (ring[i].valid && ring[i].off == off && ring[i].len == len) {
			r = pwrite(b->fd, ring[i].data, len, (off_t)off);
			*done = (int64_t)wl_now_ns();
			if (r == (ssize_t)len)
				return 0;
			b->bad_off = off;
			b->bad_len = len;
			return r < 0 ? -errno : -EIO;
		}
	}
	b->bad_off = off;
	b->bad_len = len;
	return -EPERM;
}

/* the device and the designated one are the same block device (or file) */
static int same_device(const char *a, const char *b)
{
	struct stat x, y;

	if (stat(a, &x) < 0 || stat(b, &y) < 0)
		return 0;
	if (S_ISBLK(x.st_mode) || S_ISBLK(y.st_mode))
		return S_ISBLK(x.st_mode) && S_ISBLK(y.st_mode) && x.st_rdev == y.st_rdev;
	return x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

static int64_t bidle(void *ctx, int64_t ns)
{
	uint64_t end = wl_now_ns() + (uint64_t)ns;
	struct timespec until = { .tv_sec = (time_t)(end / 1000000000u), .tv_nsec = (long)(end % 1000000000u) };

	(void)ctx;
	/* a pause under 2 ms (dchar's before a read, to the microsecond):
	 * on the clock itself, which a timer's slack would overshoot */
	if (ns < 2000000) {
		uint64_t t;

		while ((t = wl_now_ns()) < end)
			;
		return (int64_t)t;
	}
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) == EINTR)
		;
	return (int64_t)wl_now_ns();
}

static void put(void *arg, const char *text)
{
	(void)arg;
	printf("%s\n", text);
	fflush(stdout);
}

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 17;
}

/* n processes each reading per random sectors at once: reads a second */
static double queued(uint64_t size, unsigned sector, unsigned n)
{
	pid_t pid[64];
	unsigned started = 0;
	int st, bad = 0;
	uint64_t t0 = wl_now_ns();

	for (; started < n; started++) {
		if ((pid[started] = fork()) < 0)
			wl_die_errno("fork");
		if (!pid[started]) {
			int fd = open(dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
			uint64_t x = 7777 + started * 131;

			for (unsigned i = 0; fd >= 0 && i < per; i++)
				if (pread(fd, buf, sector, (off_t)(lcg(&x) % (size / sector) * sector)) != (ssize_t)sector)
					_exit(1);
			_exit(fd < 0);
		}
	}
	for (unsigned i = 0; i < started; i++)
		if (waitpid(pid[i], &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
			bad = 1;
	if (bad)
		wl_die("random reads %u at once on %s failed", n, dev);
	return (double)(n * per) * 1e9 / (double)(wl_now_ns() - t0);
}

/* the depth the kernel gives the disk: a SCSI or ATA disk's, else its hardware tags */
static long kernel_depth(void)
{
	const char *name = strrchr(dev, '/') ? strrchr(dev, '/') + 1 : dev;
	const char *file[] = { "device/queue_depth", "mq/0/nr_tags" };
	char path[128];
	long v = -1;

	for (size_t i = 0; i < 2 && v < 0; i++) {
		FILE *f;

		snprintf(path, sizeof(path), "/sys/block/%s/%s", name, file[i]);
		if ((f = fopen(path, "r"))) {
			if (fscanf(f, "%ld", &v) != 1)
				v = -1;
			fclose(f);
		}
	}
	return v;
}

int main(int argc, char **argv)
{
	enum wl_mode mode = wl_parse(argc, argv, "diskchar", params, sizeof(params) / sizeof(params[0]));
	static struct dchar_result r;
	struct bdev b = { .fd = -1 };
	struct stat st;
	uint64_t size = 0;
	int sector = 512, err;
	double one, many;

	if (mode != WL_RUN)
		return 0;
	if (!dev[0])
		wl_usage("dev", "", "the disk to read is not given");
	if (rewrite && (!designated[0] || !same_device(dev, designated)))
		wl_die("rewrite=1 writes back what it reads, on the designated disk only: %s is not %s "
		       "(init passes the disk that holds swapbench.part; by hand, --designated=DEV names it)",
		       dev, designated[0] ? designated : "given");
	if ((b.fd = open(dev, (rewrite ? O_RDWR : O_RDONLY) | O_DIRECT | O_CLOEXEC)) < 0)
		wl_die_errno("open %s %s", dev, rewrite ? "read-write (rewrite=1)" : "read-only");
	if (fstat(b.fd, &st) < 0)
		wl_die_errno("%s", dev);
	if (S_ISBLK(st.st_mode)) {
		if (ioctl(b.fd, BLKGETSIZE64, &size) < 0 || ioctl(b.fd, BLKSSZGET, &sector) < 0)
			wl_die_errno("%s: its size", dev);
	} else {
		size = (uint64_t)st.st_size;
	}
	struct dchar_dev d = { .size = size, .sector = (unsigned)sector, .ctx = &b, .read = bread, .idle = bidle,
			       .rewrite = rewrite ? brewrite : NULL };
	if (size < (64u << 20))
		wl_die("%s holds %llu bytes: a disk under 64 MiB is too small to characterise", dev, (unsigned long long)size);
	if ((err = dchar_run(&d, &r)) < 0) {
		errno = -err;
		/* a request that failed, else what the characteriser itself
		 * refused */
		if (b.bad_len)
			wl_die_errno("%s %s (%u bytes at byte %llu)", rewrite ? "reading or rewriting" : "reading", dev,
				     b.bad_len, (unsigned long long)b.bad_off);
		wl_die_errno("characterising %s", dev);
	}
	dchar_print(&r, put, NULL);
	dchar_write_print(&r, put, NULL);
	/* the command queue: does the disk (or the scheduler above it) gain
	 * from requests at once, and what depth the kernel gives it */
	one = queued(size, (unsigned)sector, 1);
	many = queued(size, (unsigned)sector, (unsigned)depth);
	printf(RK_DC_FIG "=" DC_FIG_QUEUE " " RK_DC_DEPTH "=%ld " RK_DC_N "=%llu " RK_DC_IOPS "=%.2f " RK_DC_IOPS_1 "=%.2f\n",
	       kernel_depth(), (unsigned long long)depth, many, one);
	printf(RK_DC_FIG "=" DC_FIG_END " " RK_DC_SECONDS "=%.3f " RK_DC_AGAIN "=%u " RK_DC_LATE "=%u " RK_DC_A_HITS "=%u\n", r.seconds,
	       r.asked_again, r.late_seen, r.a_hits);
	close(b.fd);
	return 0;
}
