/*
 * diskchar-model PROFILE: the characteriser (workloads/dchar.c) run on the
 * host against the disk model of a profile, one read at a time, with a
 * guest's path around each (30-34 us from a completion to the next
 * request, 8-10 us from the completion to the reader's clock), and the
 * figures it measured beside the model's own: the round trip the image's
 * measurement stands on, without a boot.
 *   diskchar-model PROFILE           the table: measured, true, verdict
 *   diskchar-model PROFILE --records the figures as a boot records them
 *                                    ("# sb diskchar" lines, boot=model-NAME),
 *                                    for swapbench-report profile
 * Exit status: 0 every figure within its tolerance, 1 one outside, 2 usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../disk/model.h"
#include "../disk/profile.h"
#include "../lib/reckeys.h"
#include "../lib/reckinds.h"
#include "../lib/record.h"
#include "dchar.h"

struct mdev {
	struct dmodel m;
	int64_t now;
	uint64_t x;
};

static unsigned jitter(struct mdev *d, unsigned span)
{
	d->x = d->x * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(d->x >> 33) % span;
}

static int mread(void *ctx, uint64_t off, unsigned len, int64_t *done)
{
	struct mdev *d = ctx;
	int64_t arrive = d->now + 30000 + jitter(d, 4000);

	d->now = dmodel_request(&d->m, DMODEL_READ, off, len, arrive) + 8000 + jitter(d, 2000);
	*done = d->now;
	return 0;
}

static int64_t midle(void *ctx, int64_t ns)
{
	return ((struct mdev *)ctx)->now += ns;
}

static const char *boot_id;

/* a line of the workload's output as init records it */
static void record(void *arg, const char *text)
{
	struct rec_buf b;
	char line[512];

	(void)arg;
	snprintf(line, sizeof(line), "%s", text);
	rec_begin_diag(&b, rec_kind_word(RKIND_DISKCHAR));
	rec_add(&b, RK_BOOT, boot_id);
	for (char *save = NULL, *w = strtok_r(line, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(w, '=');

		if (eq) {
			*eq = 0;
			rec_add(&b, w, eq + 1);
		}
	}
	if (rec_end(&b) > 0)
		fputs(b.s, stdout);
}

int main(int argc, char **argv)
{
	static struct dp_profile p;
	static struct mdev md = { .x = 1 };
	static struct dchar_result r;
	char err[300];
	const char *field;

	if (argc < 2 || !strcmp(argv[1], "--help")) {
		printf("usage: diskchar-model PROFILE [--lines]\n");
		return argc < 2 ? 2 : 0;
	}
	if (dp_read(argv[1], &p, err, sizeof(err)) < 0) {
		fprintf(stderr, "diskchar-model: %s\n", err);
		return 2;
	}
	if (dmodel_init(&md.m, &p.p, &field) < 0) {
		fprintf(stderr, "diskchar-model: %s: %s out of the model's range\n", argv[1], field);
		return 2;
	}
	struct dchar_dev dev = { .size = p.p.capacity_bytes, .sector = 512, .ctx = &md, .read = mread, .idle = midle };
	int e = dchar_run(&dev, &r);
	if (argc > 2 && !strcmp(argv[2], "--records")) {
		char id[80], line[300];

		snprintf(id, sizeof(id), "model-%s", p.name);
		boot_id = id;
		snprintf(line, sizeof(line), RK_DC_FIG "=" DC_FIG_DEVICE " " RK_DC_DEV "=model " RK_DC_SIZE "=%llu " RK_DC_MODEL "=unknown "
			 RK_DC_SERIAL "=unknown " RK_DC_WRITE_CACHE "=%s " RK_DC_CLOCK "=model " RK_CLOCK_RES_NS "=1 " RK_DISK "=%s",
			 (unsigned long long)p.p.capacity_bytes, p.p.write_cache ? "write_back" : "write_through", p.name);
		record(NULL, line);
		dchar_print(&r, record, NULL);
		snprintf(line, sizeof(line), RK_DC_FIG "=" DC_FIG_END " " RK_DC_SECONDS "=%.3f", r.seconds);
		record(NULL, line);
		return e < 0;
	}
	printf("rc=%d ok=%d seconds=%.1f rev=%.4f ms sd=%.5f true=%.4f\n", e, r.ok, r.seconds, r.rev_ns.v / 1e6, r.rev_ns.sd / 1e6, p.p.rpm ? 60e3 / p.p.rpm : 0);
	for (unsigned i = 0; i < r.nzones; i++)
		printf("zone off=%llu mbs=%.3f true=%.3f spt=%.1f seq=%.2f\n", (unsigned long long)r.zone[i].off, r.zone[i].mbs,
		       dmodel_rate_at(&md.m, r.zone[i].off) / 1e6, r.zone[i].spt, r.zone[i].seq_mbs);
	printf("overhead %.4f ms sd %.4f\n", r.overhead_ns.v / 1e6, r.overhead_ns.sd / 1e6);
	for (unsigned i = 0; i < r.nseeks; i++)
		printf("seek dist=%llu ms=%.4f sd=%.4f true=%.4f\n", (unsigned long long)r.seek[i].dist, r.seek[i].ns.v / 1e6,
		       r.seek[i].ns.sd / 1e6, dmodel_seek_ns(&md.m, r.seek[i].from, r.seek[i].from + r.seek[i].dist) / 1e6);
	printf("cyl_bytes %.0f heads %.2f (n %u) true %llu; cyl switch %.4f true %.4f; head switch %.4f true %.4f\n", r.cyl_bytes.v, r.heads.v, r.heads.n,
	       (unsigned long long)p.p.heads, r.cyl_switch_ns.v / 1e6, dmodel_seek_cyl_ns(&md.m, 1) / 1e6, r.head_switch_ns.v / 1e6, p.p.head_switch_ns / 1e6);
	printf("bus %.2f MB/s true %.2f\n", r.bus_mbs, p.p.bus_bps / 1e6);
	printf("hit %.4f frac %.2f segments %u (true %llu/%llu) readahead %.0f (true %llu)\n", r.hit_ns.v / 1e6, r.hit_frac, r.segments,
	       (unsigned long long)p.p.read_segments, (unsigned long long)p.p.segments, r.readahead_bytes.v, (unsigned long long)p.p.readahead_bytes);
	return 0;
}
