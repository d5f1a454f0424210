/*
 * nbdkit filter: the disk model (model.h) in front of a plugin.
 *   nbdkit --filter=OUT/host/diskmodel.so file disk.img profile=disk/profiles/hdd.conf
 *          [counters=FILE]
 * Each request is charged what the model says: the filter does the I/O,
 * then sleeps until the model's completion time (CLOCK_MONOTONIC).
 * The last 4 KiB of the export read as the model's counters, as text
 * ("swapbench-diskmodel v1 key=value ...\n", zero-padded), and cost
 * nothing: the guest reads them around each run. mkdisks keeps that
 * sector outside every partition. At exit the totals go to counters=FILE.
 */
#define NBDKIT_API_VERSION 2
#include <nbdkit-filter.h>

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "model.h"
#include "profile.h"

#define COUNTER_BYTES 4096

static struct dm_state *model;
static const char *profile_path, *counters_path;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int64_t size_bytes = -1;

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int dmf_config(nbdkit_next_config *next, nbdkit_backend *nxdata, const char *key, const char *value)
{
	if (!strcmp(key, "profile"))
		profile_path = value;
	else if (!strcmp(key, "counters"))
		counters_path = value;
	else
		return next(nxdata, key, value);
	return 0;
}

static int dmf_config_complete(nbdkit_next_config_complete *next, nbdkit_backend *nxdata)
{
	static char text[16384];
	char err[256];
	struct dm_profile p;
	const char *field;
	FILE *f;
	size_t n;

	if (!profile_path) {
		nbdkit_error("diskmodel: profile=FILE is required");
		return -1;
	}
	f = fopen(profile_path, "r");
	if (!f) {
		nbdkit_error("diskmodel: %s: %s", profile_path, strerror(errno));
		return -1;
	}
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = 0;
	if (dp_parse(text, &p, err, sizeof(err))) {
		nbdkit_error("diskmodel: %s: %s", profile_path, err);
		return -1;
	}
	model = malloc(sizeof(*model));
	if (!model || dm_init(model, &p, &field)) {
		nbdkit_error("diskmodel: %s: %s", profile_path, model ? field : "out of memory");
		return -1;
	}
	return next(nxdata);
}

static void format_counters(char *buf, size_t len)
{
	dp_counters_text(model, now_ns(), buf, len);
}

static void dmf_unload(void)
{
	char buf[1024];
	FILE *f;

	if (!model)
		return;
	if (counters_path && (f = fopen(counters_path, "w"))) {
		format_counters(buf, sizeof(buf));
		fputs(buf, f);
		fclose(f);
	}
	free(model);
	model = NULL;
}

static int64_t dmf_get_size(nbdkit_next *next, void *handle)
{
	(void)handle;
	size_bytes = next->get_size(next);
	return size_bytes;
}

static int dmf_is_rotational(nbdkit_next *next, void *handle)
{
	(void)next;
	(void)handle;
	return model->p.rotational;
}

/* charge a request that arrived at arrival_ns (before the filter did its
 * I/O, which the model's time includes): wait for the model's completion */
static int64_t last_arrival;
static _Thread_local int slack_set;

static void charge(enum dm_op op, uint64_t off, uint64_t len, int64_t arrival_ns)
{
	struct timespec ts;
	int64_t done;

	pthread_mutex_lock(&lock);
	/* threads reach the lock out of order by a few microseconds: the model sees arrivals in order */
	if (arrival_ns < last_arrival)
		arrival_ns = last_arrival;
	last_arrival = arrival_ns;
	done = dm_request(model, op, off, len, arrival_ns);
	pthread_mutex_unlock(&lock);
	/* a completion already past (DISK=null, a track-buffer hit) costs no
	 * sleep: an expired timer still takes the thread off the CPU, and on a
	 * loaded host back onto it tens of microseconds later */
	if (done <= now_ns())
		return;
	/* a waiting thread's timer slack (50 us by default) would lengthen every wait */
	if (!slack_set) {
		prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
		slack_set = 1;
	}
	ts.tv_sec = done / 1000000000;
	ts.tv_nsec = done % 1000000000;
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

static int in_counter_sector(uint64_t off, uint32_t count)
{
	return size_bytes >= COUNTER_BYTES && off + count > (uint64_t)size_bytes - COUNTER_BYTES;
}

static int dmf_pread(nbdkit_next *next, void *handle, void *buf, uint32_t count, uint64_t off, uint32_t flags,
		     int *err)
{
	int64_t t = now_ns();

	(void)handle;
	if (in_counter_sector(off, count)) {
		char text[COUNTER_BYTES] = { 0 };
		uint64_t base = (uint64_t)size_bytes - COUNTER_BYTES;
		int rc = 0;

		if (off < base) {
			rc = next->pread(next, buf, (uint32_t)(base - off), off, flags, err);
			if (rc)
				return rc;
		}
		pthread_mutex_lock(&lock);
		format_counters(text, sizeof(text));
		pthread_mutex_unlock(&lock);
		for (uint64_t o = off > base ? off : base; o < off + count; o++)
			((char *)buf)[o - off] = text[o - base];
		return 0;
	}
	if (next->pread(next, buf, count, off, flags, err) == -1)
		return -1;
	charge(DM_READ, off, count, t);
	return 0;
}

static int dmf_pwrite(nbdkit_next *next, void *handle, const void *buf, uint32_t count, uint64_t off,
		      uint32_t flags, int *err)
{
	int64_t t = now_ns();

	(void)handle;
	if (in_counter_sector(off, count)) {
		*err = EPERM;
		nbdkit_error("diskmodel: the last 4 KiB are the model's counters, not for writing");
		return -1;
	}
	if (next->pwrite(next, buf, count, off, flags & ~NBDKIT_FLAG_FUA, err) == -1)
		return -1;
	charge(DM_WRITE, off, count, t);
	if (flags & NBDKIT_FLAG_FUA)
		charge(DM_FLUSH, 0, 0, now_ns());
	return 0;
}

static int dmf_flush(nbdkit_next *next, void *handle, uint32_t flags, int *err)
{
	int64_t t = now_ns();

	(void)handle;
	if (next->flush(next, flags, err) == -1)
		return -1;
	charge(DM_FLUSH, 0, 0, t);
	return 0;
}

/* a zeroing or trim request is a write of that range to a disk of the era */
static int dmf_zero(nbdkit_next *next, void *handle, uint32_t count, uint64_t off, uint32_t flags, int *err)
{
	int64_t t = now_ns();

	(void)handle;
	if (next->zero(next, count, off, flags & ~NBDKIT_FLAG_FUA, err) == -1)
		return -1;
	charge(DM_WRITE, off, count, t);
	return 0;
}

static int dmf_can_trim(nbdkit_next *next, void *handle)
{
	(void)next;
	(void)handle;
	return 0;	/* disks of the era had no TRIM */
}

static int dmf_can_fast_zero(nbdkit_next *next, void *handle)
{
	(void)next;
	(void)handle;
	return 0;
}

static int dmf_can_cache(nbdkit_next *next, void *handle)
{
	(void)next;
	(void)handle;
	return NBDKIT_CACHE_NONE;
}

static int dmf_can_extents(nbdkit_next *next, void *handle)
{
	(void)next;
	(void)handle;
	return 0;
}

static struct nbdkit_filter filter = {
	.name = "diskmodel",
	.longname = "swapbench disk model",
	.config = dmf_config,
	.config_complete = dmf_config_complete,
	.config_help = "profile=FILE   the disk profile (disk/profiles/NAME.conf)\n"
		       "counters=FILE  where the totals go at exit",
	.unload = dmf_unload,
	.get_size = dmf_get_size,
	.is_rotational = dmf_is_rotational,
	.can_trim = dmf_can_trim,
	.can_fast_zero = dmf_can_fast_zero,
	.can_cache = dmf_can_cache,
	.can_extents = dmf_can_extents,
	.pread = dmf_pread,
	.pwrite = dmf_pwrite,
	.flush = dmf_flush,
	.zero = dmf_zero,
};

NBDKIT_REGISTER_FILTER(filter)
