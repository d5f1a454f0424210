#include "init/swap/swap.h"
#include "lib/now.h"
#include "init/sys/errmsg.h"
#include "init/disk/disks.h"
#include "init/disk/dmdisk.h"
#include "lib/probe.h"
#include "lib/swapfile.h"
#include "lib/swaphdr.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <time.h>
#include <unistd.h>

#define PRIO 10

static unsigned char page_buf[65536];

/*
 * Finds the device swapbench.KEY=spec designates; with swapbench.flush=0
 * also turns its disk's write cache off, before anything is written to it
 * (under QEMU's instruction counting a flush is the one request a
 * virtio-pmem disk completes at host speed).
 */
static int designated(const struct sb_config *cfg, const char *key, const char *spec, char *dev,
		      size_t size, char *why, size_t n)
{
	int err;

	if ((err = disks_designate(key, spec, dev, size, why, n)) < 0)
		return err;
	/* the disk model charges flushes itself and never passes one on */
	if (!cfg->flush && !dmdisk_owns(strrchr(dev, '/') ? strrchr(dev, '/') + 1 : dev) &&
	    (err = disks_write_through(dev)) < 0)
		return errmsg_why(err, why, n, "swapbench.flush=0: cannot turn off the write cache of %s: %s", dev,
			    errmsg(err));
	if (cfg->rotational && (err = disks_rotational(dev, cfg->rotational == 2)) < 0)
		return errmsg_why(err, why, n, "swapbench.rotational=%d: cannot tell the kernel about %s: %s",
				  cfg->rotational == 2, dev, errmsg(err));
	return 0;
}

int swap_supported(void)
{
	return access("/proc/swaps", R_OK) == 0;
}

/*
 * The label and UUID for the area made on b->dev: an old swap area's own
 * (pr, the probe, says one is there), else what the designation names.
 */
static void choose_names(const char *spec, int fd, const struct probe_result *pr,
			 struct swap_backend *b, struct swaphdr_names *nm)
{
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);
	struct swaphdr_info old;
	unsigned char rnd[16];
	int have_old = pr->type && !strcmp(pr->type, "swap") && ps <= sizeof(page_buf) &&
		       pread(fd, page_buf, ps, 0) == (ssize_t)ps && swaphdr_parse(page_buf, ps, &old) == 0;

	swapfile_random(rnd, b->bytes);
	swaphdr_names(have_old ? &old : NULL, spec, "swapbench", rnd, nm);
	snprintf(b->label, sizeof(b->label), "%s", nm->label);
	swaphdr_uuid_format(nm->uuid, b->uuid);
	b->kept = nm->kept;
}

/*
 * mkswap on b->dev, the device spec designated, unless the probe finds a
 * foreign signature there: the partition and pmem areas
 */
static int setup_device(const struct sb_config *cfg, const char *spec, struct swap_backend *b, char *why,
			size_t n)
{
	struct probe_result pr;
	int err, fd;
	double t;

	if ((err = disks_probe(b->dev, &pr)) < 0 && err != -ENOENT)
		return errmsg_why(err, why, n, "read %s: %s", b->dev, errmsg(err));
	if (err == 0) {
		snprintf(b->prior, sizeof(b->prior), "%s", pr.type);
		if (probe_is_foreign(&pr) && !cfg->force)
			return errmsg_why(-EPERM, why, n,
				    "refusing to write swap on %s: it holds %s%s%s (add swapbench.force=1 to overwrite)",
				    b->dev, pr.type, pr.label[0] ? " labelled " : "", pr.label);
	}
	if ((err = disks_size(b->dev, &b->bytes)) < 0)
		return errmsg_why(err, why, n, "size of %s: %s", b->dev, errmsg(err));
	if ((fd = open(b->dev, O_RDWR | O_EXCL | O_CLOEXEC)) < 0)
		return errmsg_why(-errno, why, n, "open %s: %s", b->dev, errmsg(errno));
	if (err == 0 && probe_is_foreign(&pr)) {
		/* forced: wipe every signature probe knows, as mkswap would */
		memset(page_buf, 0, sizeof(page_buf));
		for (off_t off = 0; off < PROBE_BYTES; off += (off_t)sizeof(page_buf))
			if (pwrite(fd, page_buf, sizeof(page_buf), off) < 0)
				break;
	}
	struct swaphdr_names nm;

	choose_names(spec, fd, &pr, b, &nm);
	t = now_s();
	err = swapfile_mkswap(fd, b->bytes, nm.label, nm.uuid);
	b->mkswap_s = now_s() - t;
	close(fd);
	if (err)
		return errmsg_why(err, why, n, "mkswap %s: %s", b->dev, errmsg(err));
	snprintf(b->path, sizeof(b->path), "%s", b->dev);
	b->ready = 1;
	return 0;
}

/* b afresh for the area of this kind on the device that key's spec designates */
static int claim(const struct sb_config *cfg, enum sb_backend kind, const char *key, const char *spec,
		 struct swap_backend *b, char *why, size_t n)
{
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	b->prio = PRIO;
	return designated(cfg, key, spec, b->dev, sizeof(b->dev), why, n);
}

int swap_setup_partition(const struct sb_config *cfg, struct swap_backend *b, char *why, size_t n)
{
	int err = claim(cfg, BACKEND_PARTITION, "part", cfg->part, b, why, n);

	return err < 0 ? err : setup_device(cfg, cfg->part, b, why, n);
}

int swap_setup_pmem(const struct sb_config *cfg, struct swap_backend *b, char *why, size_t n)
{
	int err;

	if ((err = claim(cfg, BACKEND_PMEM, "pmem", cfg->pmem, b, why, n)) < 0)
		return err;
	/* the backend's name is a promise: no block driver's queue, no disk model in between */
	if ((err = disks_driver(b->dev, b->driver, sizeof(b->driver))) < 0 || strcmp(b->driver, "nd_pmem"))
		return errmsg_why(-ENOTBLK, why, n,
				  "swapbench.pmem=%s: %s is not a pmem device (its driver: %s; the backend pmem swaps on "
				  "/dev/pmemN, virtio-pmem or memmap=)", cfg->pmem, b->dev,
				  err < 0 ? errmsg(err) : b->driver);
	return setup_device(cfg, cfg->pmem, b, why, n);
}

/* Creates path afresh with the given method and mkswap, timed as seed 001 timed it. */
static int make_file(struct swap_backend *b, uint64_t bytes, enum sb_create how)
{
	struct swapfile_times t;
	int err;

	unlink(b->path);
	err = swapfile_make(b->path, bytes, how == CREATE_FALLOCATE ? SWAPFILE_FALLOCATE : SWAPFILE_ZERO,
			    "swapbench", &t);
	b->create_s = t.fill_s;
	b->mkswap_s = t.mkswap_s;
	return err;
}

/* Refuse to replace a file that is not an earlier swapbench swapfile. */
static int check_existing(const struct sb_config *cfg, const char *path, char *why, size_t n)
{
	struct stat st;
	struct swaphdr_info info;
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);

	if (lstat(path, &st) < 0)
		return errno == ENOENT ? 0 : errmsg_why(-errno, why, n, "stat %s: %s", path, errmsg(errno));
	if (!S_ISREG(st.st_mode))
		return errmsg_why(-EEXIST, why, n, "%s exists and is not a regular file", path);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int is_swap = fd >= 0 && pread(fd, page_buf, ps, 0) == (ssize_t)ps &&
		      swaphdr_parse(page_buf, ps, &info) == 0;

	if (fd >= 0)
		close(fd);
	if (!is_swap && st.st_size > 0 && !cfg->force)
		return errmsg_why(-EEXIST, why, n,
			    "refusing to replace %s: it exists and is not a swap file (add swapbench.force=1)",
			    path);
	return 0;
}

int swap_setup_file(const struct sb_config *cfg, uint64_t size, struct swap_backend *b, char *why,
		    size_t n)
{
	size_t ps = (size_t)sysconf(_SC_PAGESIZE);
	uint64_t free_b;
	int err;

	memset(b, 0, sizeof(*b));
	b->kind = BACKEND_FILE;
	b->prio = PRIO;
	b->bytes = size / ps * ps;
	if (cfg->file[0] != '/' || strstr(cfg->file, ".."))
		return errmsg_why(-EINVAL, why, n, "swapbench.file=%s: needs an absolute path without '..'",
			    cfg->file);
	if ((err = designated(cfg, "fsdev", cfg->fsdev, b->dev, sizeof(b->dev), why, n)) < 0)
		return err;
	mkdir("/mnt", 0755);
	mkdir(SWAP_MNT, 0755);
	if (mount(b->dev, SWAP_MNT, "ext4", MS_NOATIME, "") < 0)
		return errmsg_why(-errno, why, n, "mount %s on %s: %s (swapbench.fsdev needs ext2/3/4)", b->dev,
			    SWAP_MNT, errmsg(errno));
	snprintf(b->path, sizeof(b->path), "%s%s", SWAP_MNT, cfg->file);
	if ((err = check_existing(cfg, b->path, why, n)) < 0)
		return err;
	unlink(b->path);
	if (swapfile_free(SWAP_MNT, &free_b) == 0 && free_b < swapfile_need(b->bytes))
		return errmsg_why(-ENOSPC, why, n, "swapfile needs %llu MiB, %s has %llu MiB free",
			    (unsigned long long)(swapfile_need(b->bytes) >> 20), b->dev,
			    (unsigned long long)(free_b >> 20));
	enum sb_create how = cfg->create;

	err = make_file(b, b->bytes, how);
	if (err == -EOPNOTSUPP && how == CREATE_FALLOCATE && !cfg->create_forced) {
		snprintf(b->fallback, sizeof(b->fallback), "fallocate: %s", errmsg(err));
		how = CREATE_ZERO;
		err = make_file(b, b->bytes, how);
	}
	if (err)
		return errmsg_why(err, why, n, "create %s: %s", b->path, errmsg(err));
	if (swapon(b->path, 0) < 0) {
		int e = errno;

		if (how != CREATE_FALLOCATE || cfg->create_forced)
			return errmsg_why(-e, why, n, "swapon %s: %s", b->path, errmsg(e));
		snprintf(b->fallback, sizeof(b->fallback), "swapon refused the fallocated file: %s",
			 errmsg(e));
		how = CREATE_ZERO;
		if ((err = make_file(b, b->bytes, how)) < 0)
			return errmsg_why(err, why, n, "create %s: %s", b->path, errmsg(err));
		if (swapon(b->path, 0) < 0)
			return errmsg_why(-errno, why, n, "swapon %s: %s", b->path, errmsg(errno));
	}
	/* left on, it would swap next to the partition in every partition run */
	if (swapoff(b->path) < 0)
		return errmsg_why(-errno, why, n, "swapoff %s after the trial swapon: %s", b->path, errmsg(errno));
	b->created = how == CREATE_FALLOCATE ? "fallocate" : "zero";
	b->ready = 1;
	return 0;
}

int swap_on(struct swap_backend *b)
{
	int flags = SWAP_FLAG_PREFER | ((b->prio << SWAP_FLAG_PRIO_SHIFT) & SWAP_FLAG_PRIO_MASK);

	if (b->active)
		return 0;
	if (swapon(b->path, flags) < 0)
		return -errno;
	b->active = 1;
	return 0;
}

int swap_off(struct swap_backend *b)
{
	if (!b->active)
		return 0;
	if (swapoff(b->path) < 0)
		return -errno;
	b->active = 0;
	return 0;
}
