/*
 * init-disk: lay a results-disk header on a new file or an existing device.
 * Disks reached over PXE hold other people's data, so anything that looks
 * like data is refused without --force, and nothing is ever truncated.
 */
#include "report/cmd/initdisk.h"
#include "report/cmd/cmd.h"
#include "report/util/util.h"
#include "lib/probe.h"
#include "lib/resdisk.h"
#include "lib/size.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEFAULT_SIZE (16LL << 20)
#define MIN_SIZE (RESDISK_DATA_OFF + 4096)

/* Returns why the content must not be overwritten, or NULL. */
static const char *occupied(const unsigned char *buf, size_t n, char *why, size_t size)
{
	char label[RESDISK_LABEL_MAX + 1];
	struct probe_result r;

	if (!resdisk_check_header((const char *)buf, n, label)) {
		if (n <= RESDISK_DATA_OFF || !buf[RESDISK_DATA_OFF])
			return NULL;	/* an empty results disk may be labelled anew */
		snprintf(why, size, "a swapbench results disk (label %s) that holds records", label);
		return why;
	}
	if (probe_buffer(buf, n, (size_t)sysconf(_SC_PAGESIZE), &r) == 0) {
		snprintf(why, size, "a signature of type %s (as blkid names it)%s%s", r.type,
			 r.label[0] ? " labelled " : "", r.label);
		return why;
	}
	for (size_t i = 0; i < n; i++)
		if (buf[i]) {
			snprintf(why, size, "data (non-zero byte at offset %zu)", i);
			return why;
		}
	return NULL;
}

/* the file this run created, removed if it dies before the header is written */
static const char *made;

static void remove_made(void)
{
	if (made)
		unlink(made);
}

/* A size as lib/size.h reads it, or -1 when it is none or over 2^62. */
static long long parse_size(const char *s)
{
	uint64_t v;

	return size_parse(s, &v) == 0 && v <= (1ULL << 62) ? (long long)v : -1;
}

static void pwrite_all(int fd, const char *buf, size_t n, off_t off, const char *path)
{
	while (n) {
		ssize_t w = pwrite(fd, buf, n, off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			die("%s: write: %s", path, strerror(errno));
		buf += w;
		n -= (size_t)w;
		off += w;
	}
}

static long long device_size(int fd, const struct stat *st, const char *path)
{
	unsigned long long bytes;

	if (!S_ISBLK(st->st_mode))
		return st->st_size;
	if (ioctl(fd, BLKGETSIZE64, &bytes) < 0)
		die("%s: cannot get the device size: %s", path, strerror(errno));
	return (long long)bytes;
}

static void refuse_if_used(int fd, const char *path, int force)
{
	unsigned char *buf = xcalloc(PROBE_BYTES, 1);
	char why[160];
	ssize_t n = pread(fd, buf, PROBE_BYTES, 0);

	if (n < 0)
		die("%s: read: %s", path, strerror(errno));
	if (occupied(buf, (size_t)n, why, sizeof(why))) {
		if (!force)
			die("%s holds %s; refusing to overwrite it (use --force if this disk is "
			    "really meant for results)", path, why);
		warn("%s holds %s; overwriting the header because of --force", path, why);
	}
	free(buf);
}

int cmd_init_disk(const struct opts *o, int argc, char **argv)
{
	const char *label = o->label ? o->label : "swapbench";
	const char *path;
	long long want = o->size ? parse_size(o->size) : -1, size;
	char *hdr = xcalloc(RESDISK_HDR_SIZE + 4096, 1);
	struct stat st;
	int fd, created = 0;

	if (argc != 1)
		cmd_usage_error("init-disk: need exactly one FILE or DEV");
	path = argv[0];
	if (o->size && want < MIN_SIZE)
		cmd_usage_error("init-disk: bad --size '%s' (bytes or K/M/G/T, powers of 1024, at least %d)", o->size,
				MIN_SIZE);
	if (resdisk_format_header(hdr, label) < 0)
		cmd_usage_error("init-disk: bad --label '%s' (1-%d printable characters, no space, "
				"quote or backslash)", label, RESDISK_LABEL_MAX);
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd >= 0) {
		created = 1;
		made = path;	/* a failure below leaves no file (--size 99999T) */
		atexit(remove_made);
	} else if (errno == EEXIST) {
		if (stat(path, &st) < 0)
			die("%s: %s", path, strerror(errno));
		/* O_EXCL on a block device fails with EBUSY while it is mounted or in use */
		fd = open(path, O_RDWR | O_CLOEXEC | (S_ISBLK(st.st_mode) ? O_EXCL : 0));
	}
	if (fd < 0)
		die("%s: %s", path, strerror(errno));
	if (fstat(fd, &st) < 0)
		die("%s: %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode) && !S_ISBLK(st.st_mode))
		die("%s: not a regular file or block device", path);
	if (S_ISBLK(st.st_mode) && o->size)
		die("%s: --size applies to new files only; a device keeps its size", path);
	if (!created)
		refuse_if_used(fd, path, o->force);
	size = device_size(fd, &st, path);
	if (S_ISREG(st.st_mode) && (created || size < MIN_SIZE || (o->size && want > size))) {
		long long grown = o->size ? want : DEFAULT_SIZE;

		if (grown < size)
			grown = size;
		if (ftruncate(fd, grown) < 0)
			die("%s: cannot size the file to %lld bytes: %s", path, grown, strerror(errno));
		size = grown;
	} else if (o->size && want < size) {
		die("%s: already %lld bytes; will not shrink it to --size %s", path, size, o->size);
	}
	if (size < MIN_SIZE)
		die("%s: %lld bytes is too small for a results disk (need %d)", path, size,
		    MIN_SIZE);
	pwrite_all(fd, hdr, RESDISK_HDR_SIZE + 4096, 0, path);
	if (fsync(fd) < 0)
		die("%s: fsync: %s", path, strerror(errno));
	if (close(fd) < 0)
		die("%s: close: %s", path, strerror(errno));
	made = NULL;
	printf("%s: results disk, label %s, %lld bytes%s\n", path, label, size,
	       created ? " (new file)" : "");
	free(hdr);
	return 0;
}
