/* diskctr: the host disk model's counters, read from the disk (diskctr.h). */
#include "diskctr.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "disks.h"

#define CTR_BYTES 4096
#define MAGIC "swapbench-diskmodel v1 "

static int ctr_fd = -1;
static uint64_t ctr_off;
static _Alignas(4096) char ctr_buf[CTR_BYTES];	/* O_DIRECT: aligned */

int diskctr_parse(const char *text, struct diskctr *c)
{
	static const struct {
		const char *key;
		size_t off;
	} keys[] = {
#define K(k) { #k, offsetof(struct diskctr, k) }
		K(reads), K(writes), K(flushes), K(read_bytes), K(write_bytes), K(buffer_hits),
		K(seek_ns), K(rot_ns), K(xfer_ns), K(wait_ns), K(busy_ns), K(host_ns),
#undef K
	};
	unsigned seen = 0;
	const char *p;

	memset(c, 0, sizeof(*c));
	if (strncmp(text, MAGIC, strlen(MAGIC)))
		return -EINVAL;
	for (p = text + strlen(MAGIC); *p && *p != '\n';) {
		size_t klen = strcspn(p, "= \n"), i;
		const char *v = p + klen + 1;
		char *end;

		if (p[klen] != '=')
			return -EINVAL;
		if (klen == 7 && !strncmp(p, "profile", 7)) {
			size_t vlen = strcspn(v, " \n");
			if (vlen >= sizeof(c->profile))
				return -EINVAL;
			memcpy(c->profile, v, vlen);
			c->profile[vlen] = 0;
			end = (char *)v + vlen;
		} else {
			for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
				if (strlen(keys[i].key) == klen && !strncmp(p, keys[i].key, klen))
					break;
			errno = 0;
			long long n = strtoll(v, &end, 10);
			if (errno || end == v || n < 0)
				return -EINVAL;
			/* a key it does not know: a newer model's, skipped */
			if (i < sizeof(keys) / sizeof(keys[0])) {
				*(int64_t *)(void *)((char *)c + keys[i].off) = n;
				seen |= 1u << i;
			}
		}
		p = end;
		while (*p == ' ')
			p++;
	}
	return seen == (1u << 12) - 1 && c->profile[0] ? 0 : -EINVAL;
}

/* /dev/vda1 -> /dev/vda: the whole disk, from sysfs (a partition has a "partition" file) */
static void whole_disk(const char *dev, char *out, size_t n)
{
	char path[PATH_MAX], link[PATH_MAX];
	const char *name = strrchr(dev, '/') ? strrchr(dev, '/') + 1 : dev;

	snprintf(out, n, "%s", dev);
	snprintf(path, sizeof(path), "/sys/class/block/%s/partition", name);
	if (access(path, F_OK))
		return;
	snprintf(path, sizeof(path), "/sys/class/block/%s/..", name);
	if (!realpath(path, link))
		return;
	snprintf(out, n, "/dev/%s", strrchr(link, '/') + 1);
}

/* the profile's figures, the second line of the model's text */
static char describe[1024];

const char *diskctr_profile(void)
{
	return describe;
}

int diskctr_read(struct diskctr *c)
{
	if (ctr_fd < 0)
		return -EBADF;
	errno = 0;	/* a short read sets none: no stale one read as its reason */
	if (pread(ctr_fd, ctr_buf, CTR_BYTES, (off_t)ctr_off) != CTR_BYTES)
		return errno ? -errno : -EIO;
	ctr_buf[CTR_BYTES - 1] = 0;
	return diskctr_parse(ctr_buf, c) ? -ENODATA : 0;
}

int diskctr_open(const char *dev, struct diskctr *first)
{
	char disk[PATH_MAX];
	uint64_t bytes;
	int err;

	whole_disk(dev, disk, sizeof(disk));
	if ((err = disks_size(disk, &bytes)) < 0)
		return err;
	if (bytes < CTR_BYTES)
		return -ENODATA;
	/* O_DIRECT: every reading goes to the host, never the page cache */
	ctr_fd = open(disk, O_RDONLY | O_DIRECT | O_CLOEXEC);
	if (ctr_fd < 0)
		return -errno;
	ctr_off = bytes - CTR_BYTES;
	if ((err = diskctr_read(first)) < 0) {
		close(ctr_fd);
		ctr_fd = -1;
		return err;
	}
	return diskctr_load(ctr_buf, first);
}

int diskctr_load(const char *text, struct diskctr *c)
{
	const char *nl = strchr(text, '\n');
	size_t l = nl ? strcspn(nl + 1, "\n") : 0;

	if (diskctr_parse(text, c))
		return -ENODATA;
	describe[0] = 0;
	if (nl && l < sizeof(describe)) {
		memcpy(describe, nl + 1, l);
		describe[l] = 0;
	}
	return 0;
}

void diskctr_profile_record(struct rec_buf *r)
{
	char kv[1024], *save = NULL;

	snprintf(kv, sizeof(kv), "%s", describe);
	for (char *w = strtok_r(kv, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(w, '=');
		if (!eq)
			continue;
		*eq = 0;
		if (rec_key_ok(w))
			rec_add(r, w, eq + 1);
	}
}

void diskctr_record(struct rec_buf *r, const struct diskctr *a, const struct diskctr *b, double elapsed_s)
{
	double host_s = (double)(b->host_ns - a->host_ns) / 1e9;

	rec_addf(r, "disk_reads", "%" PRIu64, b->reads - a->reads);
	rec_addf(r, "disk_writes", "%" PRIu64, b->writes - a->writes);
	rec_addf(r, "disk_flushes", "%" PRIu64, b->flushes - a->flushes);
	rec_addf(r, "disk_read_kb", "%" PRIu64, (b->read_bytes - a->read_bytes) >> 10);
	rec_addf(r, "disk_write_kb", "%" PRIu64, (b->write_bytes - a->write_bytes) >> 10);
	rec_addf(r, "disk_buffer_hits", "%" PRIu64, b->buffer_hits - a->buffer_hits);
	rec_addf(r, "disk_seek_s", "%.6f", (double)(b->seek_ns - a->seek_ns) / 1e9);
	rec_addf(r, "disk_rot_s", "%.6f", (double)(b->rot_ns - a->rot_ns) / 1e9);
	rec_addf(r, "disk_xfer_s", "%.6f", (double)(b->xfer_ns - a->xfer_ns) / 1e9);
	rec_addf(r, "disk_wait_s", "%.6f", (double)(b->wait_ns - a->wait_ns) / 1e9);
	rec_addf(r, "disk_busy_s", "%.6f", (double)(b->busy_ns - a->busy_ns) / 1e9);
	rec_addf(r, "disk_host_s", "%.6f", host_s);
	/* the guest's clock over the host's across the run: 1 on the host's
	 * clock; under instruction counting, what share of the host's time
	 * (and so of the model's waits) the guest's clock saw */
	if (host_s > 0 && elapsed_s > 0)
		rec_addf(r, "disk_clock_seen", "%.4f", elapsed_s / host_s);
}
