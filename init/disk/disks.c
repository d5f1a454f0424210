#include "init/disk/disks.h"
#include "init/disk/dmdisk.h"
#include "init/sys/errmsg.h"
#include "lib/parttable.h"
#include "lib/probe.h"
#include "lib/resdisk.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define BLKGETSIZE64 _IOR(0x12, 114, size_t)
/* the kernel's FIEMAP ABI (linux/fiemap.h, which musl does not ship) */
struct fm_extent {
	uint64_t logical, physical, length, reserved64[2];
	uint32_t flags, reserved[3];
};
struct fm_map {
	uint64_t start, length;
	uint32_t flags, mapped, count, reserved;
	struct fm_extent ext[];
};
#define FS_IOC_FIEMAP _IOWR('f', 11, struct fm_map)
#define FIEMAP_FLAG_SYNC 1u
#define FIEMAP_EXTENT_LAST 1u

static unsigned char probe_buf[PROBE_BYTES];

static int read_start(const char *dev, unsigned char *buf, size_t len, size_t *got)
{
	int fd = open(dev, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = pread(fd, buf, len, 0);
	close(fd);
	if (n < 0)
		return -errno;
	memset(buf + n, 0, len - (size_t)n);
	*got = (size_t)n;
	return 0;
}

int disks_probe(const char *dev, struct probe_result *r)
{
	size_t got;
	int err = read_start(dev, probe_buf, sizeof(probe_buf), &got);

	memset(r, 0, sizeof(*r));
	if (err)
		return err;
	return probe_buffer(probe_buf, got, (size_t)sysconf(_SC_PAGESIZE), r);
}

int disks_size(const char *dev, uint64_t *bytes)
{
	int fd = open(dev, O_RDONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return -errno;
	if (ioctl(fd, BLKGETSIZE64, bytes) < 0)
		err = -errno;
	close(fd);
	return err;
}

int disks_whole(const char *part, char *disk, size_t size)
{
	const char *name = strrchr(part, '/') ? strrchr(part, '/') + 1 : part;
	char path[PATH_MAX], real[PATH_MAX];

	snprintf(path, sizeof(path), "/sys/class/block/%s/partition", name);
	if (access(path, F_OK) < 0) {
		snprintf(path, sizeof(path), "/sys/class/block/%s", name);
		if (access(path, F_OK) < 0)
			return -ENOENT;
		return snprintf(disk, size, "/dev/%s", name) < (int)size ? 0 : -ENAMETOOLONG;
	}
	snprintf(path, sizeof(path), "/sys/class/block/%s/..", name);
	if (!realpath(path, real) || !strrchr(real, '/'))
		return -ENOENT;
	return snprintf(disk, size, "/dev/%s", strrchr(real, '/') + 1) < (int)size ? 0 : -ENAMETOOLONG;
}

/* PARTUUID as the kernel spells it: MBR "SSSSSSSS-NN", GPT the entry GUID. */
static int partuuid(const char *name, char *out, size_t size)
{
	char path[PATH_MAX], real[PATH_MAX], buf[16];
	size_t got;
	int partno;

	snprintf(path, sizeof(path), "/sys/class/block/%s/partition", name);
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -ENOENT;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);

	close(fd);
	buf[n > 0 ? n : 0] = 0;
	partno = atoi(buf);
	snprintf(real, sizeof(real), "/dev/%s", name);
	if (partno <= 0 || disks_whole(real, path, sizeof(path)) < 0)
		return -ENOENT;
	if (read_start(path, probe_buf, sizeof(probe_buf), &got) < 0)
		return -ENOENT;
	return parttable_partuuid(probe_buf, got, (unsigned)partno, out, size);
}

enum match { BY_LABEL, BY_UUID, BY_PARTUUID };

static int matches(const char *name, enum match how, const char *want)
{
	char dev[300], got[64];
	struct probe_result r;

	if (how == BY_PARTUUID)
		return partuuid(name, got, sizeof(got)) == 0 && !strcasecmp(got, want);
	snprintf(dev, sizeof(dev), "/dev/%s", name);
	if (disks_probe(dev, &r) == 0)
		return !strcmp(how == BY_LABEL ? r.label : r.uuid, want) ||
		       (how == BY_UUID && !strcasecmp(r.uuid, want));
	/* a results disk carries its label in its own header */
	char label[RESDISK_LABEL_MAX + 1];

	return how == BY_LABEL &&
	       resdisk_check_header((const char *)probe_buf, sizeof(probe_buf), label) == 0 &&
	       !strcmp(label, want);
}

static int scan(enum match how, const char *want, char *dev, size_t size)
{
	DIR *d = opendir("/sys/class/block");
	struct dirent *e;
	int found = 0;

	if (!d)
		return -errno;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || !strncmp(e->d_name, "ram", 3) || !strncmp(e->d_name, "loop", 4))
			continue;
		/* the model's devices show the partitions under them: those match */
		if (dmdisk_owns(e->d_name) || !matches(e->d_name, how, want))
			continue;
		if (found++) {
			closedir(d);
			return -ENOTUNIQ;
		}
		snprintf(dev, size, "/dev/%s", e->d_name);
	}
	closedir(d);
	return found ? 0 : -ENODEV;
}

static int resolve_once(const char *spec, char *dev, size_t size)
{
	static const struct {
		const char *prefix;
		enum match how;
	} kinds[] = { { "LABEL=", BY_LABEL }, { "UUID=", BY_UUID }, { "PARTUUID=", BY_PARTUUID } };
	struct stat st;

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strncmp(spec, kinds[i].prefix, strlen(kinds[i].prefix)))
			return scan(kinds[i].how, spec + strlen(kinds[i].prefix), dev, size);
	if (strncmp(spec, "/dev/", 5))
		return -EINVAL;
	if (stat(spec, &st) < 0)
		return -errno;
	if (!S_ISBLK(st.st_mode))
		return -ENOTBLK;
	snprintf(dev, size, "%s", spec);
	return 0;
}

/*
 * spec is /dev/NAME, LABEL=x, UUID=x or PARTUUID=x. Waits up to wait_s
 * seconds for the device to appear (USB sticks come late). Returns 0 and
 * the /dev path, -ENODEV when nothing matches, -ENOTUNIQ when a LABEL or
 * UUID matches two devices (ambiguous: refusing is the safe answer).
 */
static int disks_resolve(const char *spec, char *dev, size_t size, unsigned wait_s)
{
	struct timespec tick = { 0, 100 * 1000 * 1000 };
	int err;

	for (unsigned i = 0;; i++) {
		err = resolve_once(spec, dev, size);
		if (err == -ENOENT)	/* /dev/NAME not there */
			err = -ENODEV;
		if (err != -ENODEV || i >= wait_s * 10)
			return err;
		nanosleep(&tick, NULL);
	}
}

/* writes value to queue/FILE of dev's disk (the whole disk for a partition) */
static int queue_set(const char *dev, const char *file, const char *value)
{
	static const char *const up[] = { "", "../" };	/* a disk, or a partition in it */
	char base[PATH_MAX], path[PATH_MAX + 32];
	const char *name = strrchr(dev, '/');
	size_t len = strlen(value);
	int err = -ENOENT;

	snprintf(base, sizeof(base), "/sys/class/block/%s", name ? name + 1 : dev);
	for (size_t i = 0; i < sizeof(up) / sizeof(up[0]) && err == -ENOENT; i++) {
		snprintf(path, sizeof(path), "%s/%squeue/%s", base, up[i], file);
		int fd = open(path, O_WRONLY | O_CLOEXEC);

		if (fd < 0) {
			err = -errno;
			continue;
		}
		err = write(fd, value, len) == (ssize_t)len ? 0 : -errno;
		close(fd);
	}
	return err;
}

int disks_write_through(const char *dev)
{
	return queue_set(dev, "write_cache", "write through");
}

int disks_rotational(const char *dev, int rotational)
{
	return queue_set(dev, "rotational", rotational ? "1" : "0");
}

static int by_name(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

int disks_designate(const char *key, const char *spec, char *dev, size_t size, char *why, size_t n)
{
	char names[32][32];	/* block device names are short: vda1, nvme0n1p12 */
	size_t len, k = 0;
	struct dirent *e;
	DIR *d;
	int err;

	if ((err = disks_resolve(spec, dev, size, 10)) == 0) {
		char mapped[64];
		/* a partition of the modelled disk is served by the model's device */
		if (dmdisk_map(dev, mapped, sizeof(mapped)) == 0)
			snprintf(dev, size, "%s", mapped);
		return 0;
	}
	len = (size_t)snprintf(why, n, "swapbench.%s=%s: %s", key, spec, errmsg(err));
	if (err != -ENODEV || len >= n)
		return err;
	if ((d = opendir("/sys/class/block"))) {
		while ((e = readdir(d)) && k < sizeof(names) / sizeof(names[0]))
			if (e->d_name[0] != '.' && strncmp(e->d_name, "ram", 3) && strncmp(e->d_name, "loop", 4))
				snprintf(names[k++], sizeof(names[0]), "%.31s", e->d_name);
		closedir(d);
	}
	qsort(names, k, sizeof(names[0]), by_name);
	if (!k)
		snprintf(why + len, n - len, "; the kernel has no block device at all "
			 "(is the disk's driver built in, or its module loaded?)");
	for (size_t i = 0; i < k; i++) {
		if (len + strlen(names[i]) + 24 >= n) {
			snprintf(why + len, n - len, " ...");
			break;
		}
		len += (size_t)snprintf(why + len, n - len, "%s%s", i ? " " : "; the kernel has ", names[i]);
	}
	return err;
}

int disks_queue_get(const char *dev, const char *file, uint64_t *v)
{
	static const char *const up[] = { "", "../" };
	const char *name = strrchr(dev, '/');
	char path[PATH_MAX], buf[32] = "";

	for (size_t i = 0; i < sizeof(up) / sizeof(up[0]); i++) {
		snprintf(path, sizeof(path), "/sys/class/block/%s/%squeue/%s", name ? name + 1 : dev, up[i], file);
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		ssize_t n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n <= 0)
			return -EIO;
		buf[n] = 0;
		*v = strtoull(buf, NULL, 10);
		return 0;
	}
	return -ENOENT;
}

int disks_rotational_now(const char *dev)
{
	static const char *const up[] = { "", "../" };
	const char *name = strrchr(dev, '/');
	char path[PATH_MAX], v[4] = "";

	for (size_t i = 0; i < sizeof(up) / sizeof(up[0]); i++) {
		snprintf(path, sizeof(path), "/sys/class/block/%s/%squeue/rotational", name ? name + 1 : dev, up[i]);
		int fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		ssize_t n = read(fd, v, sizeof(v) - 1);
		close(fd);
		if (n > 0)
			return v[0] == '1';
	}
	return -ENOENT;
}

int disks_driver(const char *dev, char *name, size_t size)
{
	static const char *const up[] = { "", "../" };	/* a disk, or a partition in it */
	const char *base = strrchr(dev, '/');
	char path[PATH_MAX], real[PATH_MAX];

	for (size_t i = 0; i < sizeof(up) / sizeof(up[0]); i++) {
		snprintf(path, sizeof(path), "/sys/class/block/%s/%sdevice/driver", base ? base + 1 : dev, up[i]);
		if (!realpath(path, real))
			continue;
		snprintf(name, size, "%s", strrchr(real, '/') + 1);
		return 0;
	}
	return -ENOENT;
}

int disks_first_lba(const char *dev, uint64_t *lba)
{
	const char *name = strrchr(dev, '/');
	char path[PATH_MAX], v[32] = "";
	int fd;
	ssize_t n;

	*lba = 0;
	if (dmdisk_first_lba(dev, lba) == 0)
		return 0;
	snprintf(path, sizeof(path), "/sys/class/block/%s/start", name ? name + 1 : dev);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return errno == ENOENT ? 0 : -errno;	/* a whole disk starts at 0 */
	n = read(fd, v, sizeof(v) - 1);
	close(fd);
	if (n <= 0)
		return -EIO;
	*lba = strtoull(v, NULL, 10);
	return 0;
}

int disks_extents(const char *path, uint64_t base_lba, struct disks_extents *e)
{
	/* struct fiemap with room for its extents, on the stack: no allocation in init */
	union {
		struct fm_map fm;
		char room[sizeof(struct fm_map) + 64 * sizeof(struct fm_extent)];
	} u;
	uint64_t start = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;

	memset(e, 0, sizeof(*e));
	if (fd < 0)
		return -errno;
	for (;;) {
		memset(&u, 0, sizeof(u));
		u.fm.start = start;
		u.fm.length = ~0ULL - start;
		u.fm.flags = FIEMAP_FLAG_SYNC;
		u.fm.count = 64;
		if (ioctl(fd, FS_IOC_FIEMAP, &u.fm) < 0) {
			err = -errno;
			break;
		}
		if (!u.fm.mapped)
			break;
		for (unsigned i = 0; i < u.fm.mapped; i++) {
			const struct fm_extent *x = &u.fm.ext[i];
			uint64_t first = base_lba + x->physical / 512;
			uint64_t last = base_lba + (x->physical + x->length) / 512 - 1;

			if (!e->count || first < e->first_lba)
				e->first_lba = first;
			if (last > e->last_lba)
				e->last_lba = last;
			e->count++;
			start = x->logical + x->length;
			if (x->flags & FIEMAP_EXTENT_LAST)
				goto done;
		}
	}
done:
	close(fd);
	return err;
}

int disks_distinct(const struct disks_use *d, size_t n, char *why, size_t wn)
{
	dev_t rdev[DISKS_USES_MAX] = { 0 };
	char dev[DISKS_USES_MAX][64];

	for (size_t i = 0; i < n && i < DISKS_USES_MAX; i++) {
		struct stat st;

		if (d[i].spec[0] && disks_resolve(d[i].spec, dev[i], sizeof(dev[i]), 10) == 0 &&
		    stat(dev[i], &st) == 0)
			rdev[i] = st.st_rdev;
		for (size_t j = 0; j < i; j++)
			if (rdev[i] && rdev[i] == rdev[j])
				return errmsg_why(-EBUSY, why, wn,
						  "swapbench.%s and swapbench.%s both name %s: each needs a device of its own",
						  d[j].key, d[i].key, dev[i]);
	}
	return 0;
}
