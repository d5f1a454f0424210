/* diskctr: the disk model's counters into records (diskctr.h). */
#include "init/disk/diskctr.h"
#include "lib/reckinds.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


int diskctr_read(struct diskctr *c)
{
	return dmdisk_counters(&c->c, &c->x);
}

void diskctr_profile_record(struct rec_buf *r, const char *words)
{
	char kv[1024], *save = NULL;

	snprintf(kv, sizeof(kv), "%s", words);
	for (char *w = strtok_r(kv, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(w, '=');
		if (!eq)
			continue;
		*eq = 0;
		if (rec_key_ok(w))
			rec_add(r, w, eq + 1);
	}
}

static void secs(struct rec_buf *r, const char *key, int64_t ns)
{
	rec_addf(r, key, "%.6f", (double)ns / 1e9);
}

void diskctr_record(struct rec_buf *r, const struct diskctr *a, const struct diskctr *b, double elapsed_s)
{
	const struct dmodel_counters *x = &a->c, *y = &b->c;
	double clock_s = (double)(b->x.clock_ns - a->x.clock_ns) / 1e9;

	rec_addf(r, "disk_reads", "%" PRIu64, (uint64_t)(y->reads - x->reads));
	rec_addf(r, "disk_writes", "%" PRIu64, (uint64_t)(y->writes - x->writes));
	rec_addf(r, "disk_flushes", "%" PRIu64, (uint64_t)(y->flushes - x->flushes));
	rec_addf(r, "disk_read_kb", "%" PRIu64, (uint64_t)(y->read_bytes - x->read_bytes) >> 10);
	rec_addf(r, "disk_write_kb", "%" PRIu64, (uint64_t)(y->write_bytes - x->write_bytes) >> 10);
	rec_addf(r, "disk_buffer_hits", "%" PRIu64, (uint64_t)(y->buffer_hits - x->buffer_hits));
	/* bios charged as part of a request before them (disk_reads and
	 * disk_writes count the model's requests) */
	rec_addf(r, "disk_merged", "%" PRIu64, b->x.merged - a->x.merged);
	secs(r, "disk_seek_s", (int64_t)(y->seek_ns - x->seek_ns));
	secs(r, "disk_rot_s", (int64_t)(y->rot_ns - x->rot_ns));
	secs(r, "disk_xfer_s", (int64_t)(y->xfer_ns - x->xfer_ns));
	/* the head's moves by distance (1-15, 16-1023, 1024 or more cylinders)
	 * and switches of surface on its cylinder; after disk_xfer_s, since
	 * scripts read disk_seek_s and disk_rot_s side by side */
	rec_addf(r, "disk_seeks_short", "%" PRIu64, (uint64_t)(y->seeks_short - x->seeks_short));
	rec_addf(r, "disk_seeks_mid", "%" PRIu64, (uint64_t)(y->seeks_mid - x->seeks_mid));
	rec_addf(r, "disk_seeks_long", "%" PRIu64, (uint64_t)(y->seeks_long - x->seeks_long));
	rec_addf(r, "disk_head_switches", "%" PRIu64, (uint64_t)(y->head_switches - x->head_switches));
	secs(r, "disk_wait_s", (int64_t)(y->wait_ns - x->wait_ns));
	secs(r, "disk_busy_s", (int64_t)(y->busy_ns - x->busy_ns));
	/* the controller's overheads (a profile's oh_* figures), charged per request */
	secs(r, "disk_overhead_s", (int64_t)(y->overhead_ns - x->overhead_ns));
	rec_addf(r, "disk_clock_s", "%.6f", clock_s);
	/* the run's clock over the model's: the model waits on the guest's
	 * own clock, so about 1 in every clock mode; else a run timed on a
	 * clock the model's waits do not reach */
	if (clock_s > 0 && elapsed_s > 0)
		rec_addf(r, "disk_clock_seen", "%.4f", elapsed_s / clock_s);
}

void diskctr_drive_record(struct rec_buf *r, const char *params, const char *sched)
{
	size_t n;
	const char *v = dmdisk_param_word(params, "queue_depth", &n);
	int queues = v && n && strtoul(v, NULL, 10) > 1;

	rec_addf(r, "disk_queue_depth", "%.*s", (int)n, v && n && strncmp(v, "0", n) ? v : "1");
	v = dmdisk_param_word(params, "queue_order", &n);
	rec_add(r, "disk_queue_order", v && n == 1 && *v == '1' ? "sptf" : "arrival");
	if (sched && *sched)
		rec_add(r, "disk_sched", sched);
	/* DISKQ=: whether the drive queues commands (off: depth 1, as it comes) */
	rec_add(r, "disk_queue", queues ? "on" : "off");
}

unsigned diskctr_io_parts(const struct daccount *a)
{
	return a->n ? (a->n + DISKCTR_IO_PER_RECORD - 1) / DISKCTR_IO_PER_RECORD : 1;
}

void diskctr_io_record(struct rec_buf *r, unsigned long test, const struct daccount *a, unsigned part)
{
	static char list[DISKCTR_IO_PER_RECORD * 64];
	unsigned from = (part - 1) * DISKCTR_IO_PER_RECORD, to = from + DISKCTR_IO_PER_RECORD;
	size_t used = 0;

	if (to > a->n)
		to = a->n;
	list[0] = 0;
	for (unsigned i = from; i < to; i++) {
		const struct daccount_entry *e = &a->e[i];

		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%" PRIu32 ":%" PRIu32 ":%" PRIu64 ":%" PRIu32 ":%c:%u",
					 i > from ? ";" : "", e->t_us, e->dur_us, e->sector, e->sectors, e->op, e->depth);
	}
	/* the format's own fields, first (no boot=: the run's result line follows) */
	rec_begin_diag(r, rec_kind_word(RKIND_IO));
	rec_addf(r, "test", "%lu", test);
	rec_addf(r, "part", "%u", part);
	rec_addf(r, "parts", "%u", diskctr_io_parts(a));
	rec_addf(r, "total", "%" PRIu64, a->total);
	rec_addf(r, "kept", "%" PRIu32, a->n);
	rec_addf(r, "stride", "%" PRIu32, a->stride);
	rec_addf(r, "dropped", "%" PRIu64, a->total - a->n);
	rec_add(r, "reqs", list);
}
