/* diskcheck: a disk measured as a benchmark would (diskcheck.h). */
#include "init/experiment/diskcheck.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/now.h"
#include "lib/probe.h"
#include "lib/record.h"
#include "init/disk/diskctr.h"
#include "init/disk/disks.h"
#include "init/disk/dmdisk.h"
#include "init/sys/errmsg.h"
#include "init/records/records.h"
#include "init/output/results.h"

#define CHUNK (1u << 20)
static _Alignas(4096) unsigned char buf[CHUNK];	/* O_DIRECT: aligned */

static void record(const char *test, const char *where, const char *unit, double value, uint64_t bytes)
{
	struct rec_buf b;

	records_diag(&b, RKIND_DISKCHECK);
	rec_add(&b, "test", test);
	if (where)
		rec_add(&b, "where", where);
	if (bytes)
		rec_addf(&b, "offset", "%llu", (unsigned long long)bytes);
	rec_addf(&b, unit, "%.4f", value);
	records_emit(&b);
}

/* MB/s of total bytes from off in 1 MiB requests, the write flushed */
static int sequential(int fd, int write, uint64_t off, uint64_t total, double *mbs)
{
	double t0;

	/* the head gets there first, untimed: a sustained rate has no seek in it */
	if (pread(fd, buf, 4096, (off_t)off) != 4096)
		return -errno;
	t0 = now_s();
	for (uint64_t done = 0; done < total; done += CHUNK) {
		ssize_t r = write ? pwrite(fd, buf, CHUNK, (off_t)(off + done)) : pread(fd, buf, CHUNK, (off_t)(off + done));
		if (r != CHUNK)
			return r < 0 ? -errno : -EIO;
	}
	if (write && fdatasync(fd) < 0)
		return -errno;
	*mbs = (double)total / 1e6 / (now_s() - t0);
	return 0;
}

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 17;
}

/* random 4 KiB reads with depth of them in flight at once, as fio's
 * numjobs would: depth processes, each reading per of them; IOPS */
#define QDEPTH 32
static int random_queued(const char *dev, uint64_t size, unsigned per, double *iops)
{
	pid_t pid[QDEPTH];
	unsigned started = 0;
	int err = 0, st;
	double t0 = now_s();

	for (; started < QDEPTH; started++) {
		if ((pid[started] = fork()) < 0) {
			err = -errno;
			break;
		}
		if (!pid[started]) {
			int fd = open(dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
			uint64_t x = 1000 + started;

			for (unsigned i = 0; fd >= 0 && i < per; i++)
				if (pread(fd, buf, 4096, (off_t)(lcg(&x) % (size / 4096) * 4096)) != 4096)
					_exit(1);
			_exit(fd < 0);
		}
	}
	for (unsigned i = 0; i < started; i++)
		if (waitpid(pid[i], &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
			err = err ? err : -EIO;
	*iops = QDEPTH * per / (now_s() - t0);
	return err;
}

static int diskcheck_run(const char *dev, int full, char *why, size_t n)
{
	static const double frac[] = { 0, 1e-6, 1e-5, 1e-4, 1e-3, 3e-3, 0.01, 0.03, 0.1, 0.2, 0.33, 0.5, 0.75, 1 };
	uint64_t size, total = full ? 64u << 20 : 16u << 20, x = 1;
	unsigned nrand = full ? 400 : 100, pairs = full ? 10 : 3;
	double mbs = 0, t0;
	int fd, err;

	if ((err = disks_size(dev, &size)) < 0)
		return errmsg_why(err, why, n, "diskcheck: size of %s: %s", dev, errmsg(err));
	if (size < 4 * total)
		return errmsg_why(-EINVAL, why, n, "diskcheck: %s is too small to measure (%llu bytes; LAYOUT=diskcheck makes one that spans the disk)",
				  dev, (unsigned long long)size);
	fd = open(dev, O_RDWR | O_DIRECT | O_CLOEXEC);
	if (fd < 0)
		return errmsg_why(-errno, why, n, "diskcheck: open %s: %s", dev, errmsg(-errno));
	memset(buf, 0, sizeof(buf));
	const struct {
		const char *test, *where;
		int write;
		uint64_t off;
	} seq[] = {
		{ "seq_read", "outer", 0, 0 },
		{ "seq_read", "inner", 0, size - total },
		{ "seq_write", "outer", 1, 0 },
		{ "seq_write", "inner", 1, size - total },
	};
	for (size_t i = 0; i < sizeof(seq) / sizeof(seq[0]); i++) {
		if ((err = sequential(fd, seq[i].write, seq[i].off, total, &mbs)) < 0)
			goto fail;
		record(seq[i].test, seq[i].where, "mb_s", mbs, 0);
	}
	/* random 4 KiB reads over the whole partition */
	t0 = now_s();
	for (unsigned i = 0; i < nrand; i++) {
		if (pread(fd, buf, 4096, (off_t)(lcg(&x) % (size / 4096) * 4096)) != 4096) {
			err = -errno;
			goto fail;
		}
	}
	record("random_read", NULL, "iops", nrand / (now_s() - t0), 0);
	/* and 32 at once: what the scheduler and the drive's queue make of them */
	if ((err = random_queued(dev, size, full ? 16 : 8, &mbs)) < 0)
		goto fail;
	record("random_read_q32", NULL, "iops", mbs, 0);
	/* full: a datasheet's random-read test, 4096 random single-sector reads */
	if (full) {
		t0 = now_s();
		for (unsigned i = 0; i < 4096; i++)
			if (pread(fd, buf, 512, (off_t)(lcg(&x) % (size / 512) * 512)) != 512)
				goto fail_errno;
		record("random_read_4096", NULL, "s", now_s() - t0, 0);
	}
	/* a read at the outer edge, then one at the distance: the time of the second */
	for (size_t i = 0; i < sizeof(frac) / sizeof(frac[0]); i++) {
		uint64_t d = (uint64_t)(frac[i] * (double)(size - 4096)) / 4096 * 4096;
		double sum = 0;

		for (unsigned p = 0; p < pairs; p++) {
			/* a different sector of the track each time: the rotation is not the same one */
			uint64_t o = (uint64_t)p * 37 * 4096;
			if (pread(fd, buf, 4096, (off_t)o) != 4096)
				goto fail_errno;
			t0 = now_s();
			if (pread(fd, buf, 4096, (off_t)(d + o < size ? d + o : d)) != 4096)
				goto fail_errno;
			sum += now_s() - t0;
		}
		record("seek", NULL, "ms", sum / pairs * 1e3, d);
	}
	close(fd);
	return 0;
fail_errno:
	err = -errno;
fail:
	close(fd);
	return errmsg_why(err, why, n, "diskcheck on %s: %s", dev, errmsg(err));
}

void diskcheck_profile_record(void)
{
	struct rec_buf b;

	records_diag(&b, RKIND_DISK);
	diskctr_profile_record(&b, dmdisk_describe());
	diskctr_drive_record(&b, dmdisk_params(), dmdisk_sched());
	records_emit(&b);
}

int diskcheck_designated(const struct sb_config *cfg, char *why, size_t n)
{
	struct probe_result pr;
	struct diskctr c[2];
	struct rec_buf b;
	char dev[64];
	int err, ctr;
	double t0 = now_s();

	if (!cfg->part[0])
		return errmsg_why(-EINVAL, why, n,
				  "swapbench.diskcheck measures the partition swapbench.part designates, and none is given");
	if ((err = disks_designate("part", cfg->part, dev, sizeof(dev), why, n)) < 0)
		return err;
	if (disks_probe(dev, &pr) == 0 && pr.type && strcmp(pr.type, "swap") && !cfg->force)
		return errmsg_why(-EEXIST, why, n,
				  "swapbench.diskcheck writes to %s, which carries %s: swapbench.force=1 overwrites it", dev,
				  pr.type);
	ctr = cfg->diskmodel && diskctr_read(&c[0]) == 0;
	if (ctr)
		diskcheck_profile_record();
	results_line("1..0");
	if ((err = diskcheck_run(dev, cfg->diskcheck == 2, why, n)) < 0)
		return err;
	if (ctr && diskctr_read(&c[1]) == 0) {
		records_diag(&b, RKIND_DISKCHECK);
		rec_add(&b, "test", "model");
		diskctr_record(&b, &c[0], &c[1], now_s() - t0);
		records_emit(&b);
	}
	return 0;
}
