/* dmdisk: the disk model in the guest, through device-mapper (dmdisk.h). */
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

#include "init/disk/dmioctl.h"
#include "init/sys/sysnr.h"
#include "init/sys/kfile.h"

#ifndef SYS_finit_module
#define SYS_finit_module SYSNR_FINIT_MODULE
#endif

#define MODEL_NAME "swapbench-disk"
#define PARTS_MAX 16

static struct {
	int active;
	char params[2048], describe[1024];
	unsigned model_minor;
	unsigned nparts;
	struct {
		char under[32];		/* vda2 */
		char dev[32];		/* /dev/dm-2 */
		uint64_t start;		/* sectors on the modelled disk */
	} part[PARTS_MAX];
} D;

/* the DM ioctl buffer: the header, then the targets or the status */
static union {
	struct sb_dm_ioctl io;
	char room[16384];
} dmb;

static void dm_header(const char *name)
{
	memset(&dmb, 0, sizeof(dmb));
	dmb.io.version[0] = SB_DM_VERSION_MAJOR;
	dmb.io.version[1] = 0;
	dmb.io.data_size = sizeof(dmb);
	dmb.io.data_start = sizeof(struct sb_dm_ioctl);
	snprintf(dmb.io.name, sizeof(dmb.io.name), "%s", name);
}

static int dm_call(unsigned long cmd)
{
	int fd = open("/dev/mapper/control", O_RDWR | O_CLOEXEC), err = 0;

	if (fd < 0)
		return -errno;
	if (ioctl(fd, cmd, &dmb) < 0)
		err = -errno;
	close(fd);
	return err;
}

/* creates device name with the one-target table "0 sectors type params",
 * activates it, and gives its minor: 0 or -errno */
static int dm_make(const char *name, uint64_t sectors, const char *type, const char *params, unsigned *minor)
{
	struct sb_dm_target_spec *t;
	int err;

	dm_header(name);
	if ((err = dm_call(SB_DM_DEV_CREATE)) < 0)
		return err;
	*minor = minor(dmb.io.dev);
	dm_header(name);
	dmb.io.target_count = 1;
	t = (struct sb_dm_target_spec *)(dmb.room + sizeof(struct sb_dm_ioctl));
	t->sector_start = 0;
	t->length = sectors;
	snprintf(t->target_type, sizeof(t->target_type), "%s", type);
	if (strlen(params) + 1 > sizeof(dmb) - sizeof(struct sb_dm_ioctl) - sizeof(*t))
		return -E2BIG;
	strcpy((char *)(t + 1), params);
	if ((err = dm_call(SB_DM_TABLE_LOAD)) < 0)
		return err;
	dm_header(name);
	return dm_call(SB_DM_DEV_SUSPEND);	/* without DM_SUSPEND_FLAG: resume, the table goes live */
}

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

static void set_rotational(unsigned minor, int rot)
{
	char path[64];

	snprintf(path, sizeof(path), "/sys/block/dm-%u/queue/rotational", minor);
	kfile_write(path, rot ? "1" : "0");
}

static int load_module(char *why, size_t n)
{
	int fd = open(DMDISK_MODULE, O_RDONLY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return errmsg_why(-errno, why, n, "swapbench.diskmodel=1: no %s in the image: %s (qemu/run adds it "
				  "for a kernel built with the model, DISK=NAME)", DMDISK_MODULE, errmsg(-errno));
	if (syscall(SYS_finit_module, fd, "", 0) < 0 && errno != EEXIST)
		err = -errno;
	close(fd);
	if (err)
		return errmsg_why(err, why, n, "swapbench.diskmodel=1: loading %s: %s (was it built for this kernel?)",
				  DMDISK_MODULE, errmsg(err));
	return 0;
}

int dmdisk_setup(const char *part, char *why, size_t n)
{
	const char *name = strrchr(part, '/') ? strrchr(part, '/') + 1 : part;
	char path[PATH_MAX], disk[64], table[2200];
	uint64_t sectors, start, size;
	struct stat st, ms;
	struct dirent *e;
	int err, rot;
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
	rot = strstr(D.params, "rotational=1") != NULL;
	/* the whole disk: /sys/class/block/vda1 is a link into .../vda/vda1 */
	snprintf(path, sizeof(path), "/sys/class/block/%s/partition", name);
	if (access(path, F_OK) < 0)
		return errmsg_why(-EINVAL, why, n, "swapbench.diskmodel=1: %s is not a partition: the model maps the "
				  "whole disk that holds the swap partition", part);
	snprintf(path, sizeof(path), "/sys/class/block/%s/..", name);
	char real[PATH_MAX];
	if (!realpath(path, real))
		return errmsg_why(-errno, why, n, "swapbench.diskmodel=1: %s has no disk in sysfs", part);
	snprintf(disk, sizeof(disk), "%s", strrchr(real, '/') + 1);
	snprintf(path, sizeof(path), "/sys/class/block/%s/size", disk);
	if (read_u64(path, &sectors) < 0 || !sectors)
		return errmsg_why(-EIO, why, n, "swapbench.diskmodel=1: the size of %s", disk);
	snprintf(path, sizeof(path), "/dev/%s", disk);
	if (stat(path, &st) < 0)
		return errmsg_why(-errno, why, n, "swapbench.diskmodel=1: %s: %s", path, errmsg(-errno));
	if ((err = load_module(why, n)) < 0)
		return err;
	snprintf(table, sizeof(table), "%u:%u %s", major(st.st_rdev), minor(st.st_rdev), D.params);
	if ((err = dm_make(MODEL_NAME, sectors, "diskmodel", table, &D.model_minor)) < 0)
		return errmsg_why(err, why, n, "swapbench.diskmodel=1: the model's device over %s: %s (the kernel's "
				  "log says which parameter)", disk, errmsg(err));
	set_rotational(D.model_minor, rot);
	D.active = 1;
	snprintf(path, sizeof(path), "/dev/dm-%u", D.model_minor);
	if (wait_node(path) < 0 || stat(path, &ms) < 0)
		return errmsg_why(-ENODEV, why, n, "swapbench.diskmodel=1: the model's device has no node %s", path);
	/* its partitions, as the kernel found them on the disk itself */
	snprintf(path, sizeof(path), "/sys/class/block/%s", disk);
	if (!(d = opendir(path)))
		return errmsg_why(-errno, why, n, "swapbench.diskmodel=1: %s: %s", path, errmsg(-errno));
	while ((e = readdir(d)) && D.nparts < PARTS_MAX) {
		char pname[64], pp[PATH_MAX];
		unsigned pminor;

		if (strncmp(e->d_name, disk, strlen(disk)) || !e->d_name[strlen(disk)])
			continue;
		snprintf(pp, sizeof(pp), "/sys/class/block/%s/start", e->d_name);
		if (read_u64(pp, &start) < 0)
			continue;
		snprintf(pp, sizeof(pp), "/sys/class/block/%s/size", e->d_name);
		if (read_u64(pp, &size) < 0 || !size)
			continue;	/* an extended partition's container */
		snprintf(pname, sizeof(pname), "%s-%s", MODEL_NAME, e->d_name + strlen(disk));
		snprintf(table, sizeof(table), "%u:%u %llu", major(ms.st_rdev), minor(ms.st_rdev),
			 (unsigned long long)start);
		if ((err = dm_make(pname, size, "linear", table, &pminor)) < 0) {
			closedir(d);
			return errmsg_why(err, why, n, "swapbench.diskmodel=1: mapping %s over the model: %s", e->d_name,
					  errmsg(err));
		}
		set_rotational(pminor, rot);
		snprintf(D.part[D.nparts].under, sizeof(D.part[0].under), "%.31s", e->d_name);
		snprintf(D.part[D.nparts].dev, sizeof(D.part[0].dev), "/dev/dm-%u", pminor);
		D.part[D.nparts].start = start;
		if ((err = wait_node(D.part[D.nparts].dev)) < 0) {
			closedir(d);
			return errmsg_why(err, why, n, "swapbench.diskmodel=1: no %s", D.part[D.nparts].dev);
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
	char dm[32];

	if (!D.active)
		return 0;
	snprintf(dm, sizeof(dm), "dm-%u", D.model_minor);
	if (!strcmp(name, dm))
		return 1;
	for (unsigned i = 0; i < D.nparts; i++)
		if (!strcmp(D.part[i].dev + 5, name))
			return 1;
	return 0;
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

int dmdisk_counters(struct dmodel_counters *c, struct dmdisk_extra *x)
{
	struct sb_dm_target_spec *t;
	int err;

	if (!D.active)
		return -EBADF;
	dm_header(MODEL_NAME);
	if ((err = dm_call(SB_DM_TABLE_STATUS)) < 0)
		return err;
	if (dmb.io.flags & SB_DM_BUFFER_FULL_FLAG || dmb.io.target_count != 1)
		return -EIO;
	t = (struct sb_dm_target_spec *)(dmb.room + dmb.io.data_start);
	return dmdisk_parse_status((const char *)(t + 1), c, x);
}
