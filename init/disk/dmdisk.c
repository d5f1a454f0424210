/* dmdisk: the disk model in the guest, a block driver below the I/O scheduler (dmdisk.h). */
#include "init/disk/dmdisk.h"
#include "init/sys/errmsg.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "init/sys/sysnr.h"
#include "init/sys/kfile.h"
#include "disk/kmod/sbdisk.h"

#ifndef SYS_finit_module
#define SYS_finit_module SYSNR_FINIT_MODULE
#endif

#define PARTS_MAX 16

static struct {
	int active;
	char params[2048], describe[1024];
	char sched[32];			/* the scheduler the kernel gave the disk */
	unsigned nparts;
	struct {
		char under[32];		/* vda2 */
		char dev[32];		/* /dev/sbda2 */
		uint64_t start;		/* sectors on the modelled disk */
	} part[PARTS_MAX];
} D;

static int read_u64(const char *path, uint64_t *v)
{
	char buf[32];

	if (kfile_read(path, buf, sizeof(buf)) <= 0)
		return -ENOENT;
	*v = strtoull(buf, NULL, 10);
	return 0;
}

/* waits for devtmpfs's node of a new device */
static int wait_node(const char *dev)
{
	struct timespec tick = { 0, 10 * 1000 * 1000 };

	for (int i = 0; i < 300; i++) {
		if (access(dev, F_OK) == 0)
			return 0;
		nanosleep(&tick, NULL);
	}
	return -ENODEV;
}

/* the tables' line (DMDISK_TABLES) in a buffer of its own, NUL-terminated
 * without its newline: 0 (*out NULL when the profile has none) or -errno */
static int read_tables(char **out)
{
	int fd = open(DMDISK_TABLES, O_RDONLY | O_CLOEXEC), err = 0;
	struct stat st;
	char *buf = NULL;
	size_t got = 0;

	*out = NULL;
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	if (fstat(fd, &st) < 0)
		err = -errno;
	else if (st.st_size > DMDISK_TABLES_MAX)
		err = -EFBIG;
	else if (!(buf = malloc((size_t)st.st_size + 1)))
		err = -ENOMEM;
	while (!err && got < (size_t)st.st_size) {
		ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);

		if (r <= 0)
			err = r < 0 ? -errno : -EIO;
		else
			got += (size_t)r;
	}
	close(fd);
	if (err) {
		free(buf);
		return err;
	}
	buf[got] = 0;
	buf[strcspn(buf, "\n")] = 0;
	if (buf[0])
		*out = buf;
	else
		free(buf);
	return 0;
}

/* loads the driver over the whole disk maj:min, with the profile's
 * tables when it has them */
static int load_module(const char *majmin, char *why, size_t n)
{
	int fd, err = 0;
	char *tables, *args;
	size_t size;

	if ((err = read_tables(&tables)) < 0)
		return errmsg_why(err, why, n, "swapbench.diskmodel=1: %s: %s (at most %d bytes)", DMDISK_TABLES,
				  errmsg(err), DMDISK_TABLES_MAX);
	size = strlen(majmin) + strlen(D.params) + (tables ? strlen(tables) : 0) + 64;
	if (!(args = malloc(size))) {
		free(tables);
		return errmsg_why(-ENOMEM, why, n, "swapbench.diskmodel=1: no memory for the model's parameters");
	}
	snprintf(args, size, "dev=%s params=\"%s\"%s%s%s", majmin, D.params, tables ? " tables=\"" : "",
		 tables ? tables : "", tables ? "\"" : "");
	free(tables);
	if ((fd = open(DMDISK_MODULE, O_RDONLY | O_CLOEXEC)) < 0) {
		err = -errno;
		free(args);
		return errmsg_why(err, why, n, "swapbench.diskmodel=1: no %s in the image: %s (qemu/run adds it "
				  "for a kernel built with the model, DISK=NAME)", DMDISK_MODULE, errmsg(err));
	}
	if (syscall(SYS_finit_module, fd, args, 0) < 0)
		err = -errno;
	close(fd);
	free(args);
	if (err)
		return errmsg_why(err, why, n, "swapbench.diskmodel=1: loading %s over %s: %s (was it built for this "
				  "kernel? the kernel's log says which parameter)", DMDISK_MODULE, majmin, errmsg(err));
	return 0;
}

const char *dmdisk_param_word(const char *words, const char *name, size_t *len)
{
	size_t n = strlen(name);

	for (const char *p = words; (p = strstr(p, name)); p += n)
		if ((p == words || p[-1] == ' ') && p[n] == '=') {
			*len = strcspn(p + n + 1, " \n");
			return p + n + 1;
		}
	return NULL;
}

int dmdisk_queue_params(char *params, size_t size, int diskq, char *why, size_t n)
{
	static char out[sizeof(D.params)];
	static const char *const off[] = { "queue_depth=1", "queue_order=0" };
	size_t used = 0, len;
	const char *v = dmdisk_param_word(params, "queue_depth", &len);
	unsigned long depth = v ? strtoul(v, NULL, 10) : 1;

	if (diskq == DMDISK_QUEUE_ON && depth < 2)
		return errmsg_why(-EINVAL, why, n, "swapbench.diskq=on: the profile's drive queues nothing "
				  "(queue_depth %lu: no command queueing in its profile); off, or default", depth);
	if (diskq != DMDISK_QUEUE_OFF)
		return 0;
	/* every word but the queue's two, then those two as off has them */
	for (const char *p = params; *p;) {
		size_t w = strcspn(p, " ");

		if (strncmp(p, "queue_depth=", 12) && strncmp(p, "queue_order=", 12) && w) {
			if (used + w + 2 > sizeof(out))
				return -E2BIG;
			used += (size_t)snprintf(out + used, sizeof(out) - used, "%s%.*s", used ? " " : "", (int)w, p);
		}
		p += w + (p[w] == ' ');
	}
	for (size_t i = 0; i < 2; i++) {
		if (used + strlen(off[i]) + 2 > sizeof(out))
			return -E2BIG;
		used += (size_t)snprintf(out + used, sizeof(out) - used, "%s%s", used ? " " : "", off[i]);
	}
	if (used + 1 > size)
		return -E2BIG;
	memcpy(params, out, used + 1);
	return 0;
}

/* the scheduler built as a module, when the image has it (qemu/run put
 * it there for this boot): loaded before the disk is told to use it; a
 * scheduler built into the kernel has no file, and one loaded already
 * (EEXIST) is as good */
static int load_sched(const char *sched, char *why, size_t n)
{
	char path[64];
	int fd, err = 0;

	snprintf(path, sizeof(path), DMDISK_SCHED_MODULE, sched);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	if (syscall(SYS_finit_module, fd, "", 0) < 0 && errno != EEXIST)
		err = -errno;
	close(fd);
	if (err)
		return errmsg_why(err, why, n, "swapbench.sched=%s: loading %s: %s (was it built for this kernel?)",
				  sched, path, errmsg(err));
	return 0;
}

/* the scheduler in brackets in queue/scheduler ("mq-deadline" of
 * "[mq-deadline] kyber none"; a queue without a choice says "none") */
static void read_sched(void)
{
	char buf[256], *l, *r;

	D.sched[0] = 0;
	if (kfile_read("/sys/block/" SBDISK_NAME "/queue/scheduler", buf, sizeof(buf)) <= 0)
		return;
	if ((l = strchr(buf, '[')) && (r = strchr(l, ']')))
		snprintf(D.sched, sizeof(D.sched), "%.*s", (int)(r - l - 1), l + 1);
	else
		snprintf(D.sched, sizeof(D.sched), "%.*s", (int)strcspn(buf, " \n"), buf);
}

int dmdisk_setup(const char *part, const char *sched, int diskq, char *why, size_t n)
{
	const char *name = strrchr(part, '/') ? strrchr(part, '/') + 1 : part;
	char path[PATH_MAX], disk[64], majmin[32];
	uint64_t start, size, num;
	struct dirent *e;
	int err;
	DIR *d;

	if (D.active)
		return 0;
	if (kfile_read(DMDISK_TABLE, D.params, sizeof(D.params)) <= 0)
		return errmsg_why(-ENOENT, why, n, "swapbench.diskmodel=1: no %s in the image (qemu/run writes it from "
				  "the profile)", DMDISK_TABLE);
	{
		char *nl = strchr(D.params, '\n');
		if (nl) {
			*nl = 0;
			snprintf(D.describe, sizeof(D.describe), "%.*s", (int)strcspn(nl + 1, "\n"), nl + 1);
		}
	}
	if ((err = dmdisk_queue_params(D.params, sizeof(D.params), diskq, why, n)) < 0)
		return err == -E2BIG ? errmsg_why(err, why, n, "swapbench.diskq=off: the model's parameters are "
						  "too long") : err;
	/* the whole disk: /sys/class/block/vda1 is a link into .../vda/vda1 */
	snprintf(path, sizeof(path), "/sys/class/block/%s/partition", name);
	if (access(path, F_OK) < 0)
		return errmsg_why(-EINVAL, why, n, "swapbench.diskmodel=1: %s is not a partition: the model serves the "
				  "whole disk that holds the swap partition", part);
	snprintf(path, sizeof(path), "/sys/class/block/%s/..", name);
	char real[PATH_MAX];
	if (!realpath(path, real))
		return errmsg_why(-errno, why, n, "swapbench.diskmodel=1: %s has no disk in sysfs", part);
	snprintf(disk, sizeof(disk), "%s", strrchr(real, '/') + 1);
	snprintf(path, sizeof(path), "/sys/class/block/%s/dev", disk);
	if (kfile_read(path, majmin, sizeof(majmin)) <= 0)
		return errmsg_why(-EIO, why, n, "swapbench.diskmodel=1: the device number of %s", disk);
	majmin[strcspn(majmin, "\n")] = 0;
	if ((err = load_module(majmin, why, n)) < 0)
		return err;
	D.active = 1;
	if (wait_node("/dev/" SBDISK_NAME) < 0)
		return errmsg_why(-ENODEV, why, n, "swapbench.diskmodel=1: the model's disk has no node /dev/%s",
				  SBDISK_NAME);
	if (sched[0]) {
		if ((err = load_sched(sched, why, n)) < 0)
			return err;
		snprintf(path, sizeof(path), "/sys/block/%s/queue/scheduler", SBDISK_NAME);
		if ((err = kfile_write(path, sched)) < 0)
			return errmsg_why(err, why, n, "swapbench.sched=%s: the kernel refused it for %s: %s", sched,
					  SBDISK_NAME, errmsg(err));
	}
	read_sched();
	/* its partitions, as the kernel found them on the disk (the same
	 * table, so the same numbers) */
	snprintf(path, sizeof(path), "/sys/class/block/%s", disk);
	if (!(d = opendir(path)))
		return errmsg_why(-errno, why, n, "swapbench.diskmodel=1: %s: %s", path, errmsg(-errno));
	while ((e = readdir(d)) && D.nparts < PARTS_MAX) {
		char pp[PATH_MAX];

		if (strncmp(e->d_name, disk, strlen(disk)) || !e->d_name[strlen(disk)])
			continue;
		snprintf(pp, sizeof(pp), "/sys/class/block/%s/partition", e->d_name);
		if (read_u64(pp, &num) < 0)
			continue;
		snprintf(pp, sizeof(pp), "/sys/class/block/%s/start", e->d_name);
		if (read_u64(pp, &start) < 0)
			continue;
		snprintf(pp, sizeof(pp), "/sys/class/block/%s/size", e->d_name);
		if (read_u64(pp, &size) < 0 || !size)
			continue;	/* an extended partition's container */
		snprintf(D.part[D.nparts].under, sizeof(D.part[0].under), "%.31s", e->d_name);
		snprintf(D.part[D.nparts].dev, sizeof(D.part[0].dev), "/dev/%s%u", SBDISK_NAME, (unsigned)num);
		D.part[D.nparts].start = start;
		if ((err = wait_node(D.part[D.nparts].dev)) < 0) {
			closedir(d);
			return errmsg_why(err, why, n, "swapbench.diskmodel=1: the model's disk has no %s (%s's "
					  "partition %u)", D.part[D.nparts].dev, e->d_name, (unsigned)num);
		}
		D.nparts++;
	}
	closedir(d);
	return 0;
}

int dmdisk_active(void)
{
	return D.active;
}

int dmdisk_map(const char *dev, char *out, size_t size)
{
	const char *name = strrchr(dev, '/') ? strrchr(dev, '/') + 1 : dev;

	for (unsigned i = 0; i < D.nparts; i++)
		if (!strcmp(D.part[i].under, name)) {
			snprintf(out, size, "%s", D.part[i].dev);
			return 0;
		}
	return -ENOENT;
}

int dmdisk_owns(const char *name)
{
	return D.active && !strncmp(name, SBDISK_NAME, strlen(SBDISK_NAME));
}

int dmdisk_first_lba(const char *dev, uint64_t *lba)
{
	for (unsigned i = 0; i < D.nparts; i++)
		if (!strcmp(D.part[i].dev, dev)) {
			*lba = D.part[i].start;
			return 0;
		}
	return -ENOENT;
}

const char *dmdisk_params(void)
{
	return D.params;
}

const char *dmdisk_describe(void)
{
	return D.describe;
}

int dmdisk_parse_status(const char *line, struct dmodel_counters *c, struct dmdisk_extra *x)
{
	unsigned seen = 0, want = 0;
	const char *p = line;

	memset(c, 0, sizeof(*c));
	x->clock_ns = -1;
	x->merged = 0;
#define X(name, what) want++;
	DMODEL_COUNTERS(X)
#undef X
	while (*p) {
		size_t klen = strcspn(p, "= ");
		char *end;

		if (p[klen] != '=')
			return -EINVAL;
		errno = 0;
		unsigned long long v = strtoull(p + klen + 1, &end, 10);
		if (errno || end == p + klen + 1 || (*end && *end != ' '))
			return -EINVAL;
#define X(name, what)                                                          \
	if (klen == sizeof(#name) - 1 && !strncmp(p, #name, klen)) {           \
		c->name = v;                                                   \
		seen++;                                                        \
	}
		DMODEL_COUNTERS(X)
#undef X
		if (klen == 8 && !strncmp(p, "clock_ns", 8))
			x->clock_ns = (int64_t)v;
		if (klen == 6 && !strncmp(p, "merged", 6))
			x->merged = v;
		p = end + (*end == ' ');
	}
	return seen == want && x->clock_ns >= 0 ? 0 : -EINVAL;
}

/* one of the driver's ioctls on its disk: 0 or -errno */
static int disk_ioctl(unsigned long cmd, void *arg)
{
	int fd, err = 0;

	if (!D.active)
		return -EBADF;
	if ((fd = open("/dev/" SBDISK_NAME, O_RDONLY | O_CLOEXEC)) < 0)
		return -errno;
	if (ioctl(fd, cmd, arg) < 0)
		err = -errno;
	close(fd);
	return err;
}

int dmdisk_counters(struct dmodel_counters *c, struct dmdisk_extra *x)
{
	static struct sbdisk_status st;
	int err = disk_ioctl(SBDISK_IOC_STATUS, &st);

	if (err < 0)
		return err;
	st.text[sizeof(st.text) - 1] = 0;
	return dmdisk_parse_status(st.text, c, x);
}

int dmdisk_account_start(void)
{
	return disk_ioctl(SBDISK_IOC_ACCOUNT_START, NULL);
}

int dmdisk_account_read(struct daccount *a)
{
	return disk_ioctl(SBDISK_IOC_ACCOUNT_READ, a);
}

const char *dmdisk_sched(void)
{
	return D.sched;
}
