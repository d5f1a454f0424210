/*
 * diskchar-model PROFILE: the characteriser (workloads/dchar.c) run on the
 * host against the disk model of a profile, one read at a time, with a
 * guest's path around each (30-34 us from a completion to the next
 * request, 8-10 us from the completion to the reader's clock), and the
 * figures it measured beside the model's own: the round trip the image's
 * measurement stands on, without a boot.
 *   diskchar-model PROFILE           the table: measured, true, tolerance, verdict
 *   diskchar-model PROFILE --records the figures as a boot records them
 *                                    ("# sb diskchar" lines, boot=model-NAME),
 *                                    for swapbench-report profile
 * Exit status: 0 every figure within its tolerance, 1 one outside, 2 usage.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disk/model/model.h"
#include "disk/profile/profile.h"
#include "lib/reckeys.h"
#include "lib/reckinds.h"
#include "lib/record.h"
#include "lib/version.h"
#include "workloads/dchar.h"

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


/* what the model charges the head from the sector at from to the one at
 * to: a seek over their cylinders, a head switch within one */
static double true_seek_ns(const struct dmodel *m, uint64_t from, uint64_t to)
{
	struct dmodel_loc a, b;

	dmodel_locate(m, from / 512, &a);
	dmodel_locate(m, to / 512, &b);
	if (a.cyl != b.cyl)
		return (double)dmodel_seek_dist_ns(m, a.cyl > b.cyl ? a.cyl - b.cyl : b.cyl - a.cyl);
	return a.head != b.head ? (double)m->p.head_switch_ns : 0;
}

/* the sectors skipped from the one before lbn to lbn: the angle between
 * them less a sector, in the track's sectors, mod a track */
static double skipped(const struct dmodel *m, uint64_t lbn)
{
	struct dmodel_loc a, b;
	double turn = 60e9, d;

	if (!lbn)
		return NAN;
	if (!m->p.zones && !m->p.g4)
		return 0;	/* a datasheet's platter: every track's first sector at angle 0 */
	dmodel_locate(m, lbn - 1, &a);
	dmodel_locate(m, lbn, &b);
	d = fmod((double)b.ang - (double)a.ang + turn, turn) / turn * (double)b.spt - 1;
	return d < 0 ? d + (double)b.spt : d;
}

/*
 * How far the head reads past a read of a sector at off, as the model's
 * ra_cap stops it: the profile's most, no more than its segment holds
 * beside the sector (all of it with readahead_over), and by the mode:
 * 0 none; 1 (to the track's end) the track at off's data sectors (from
 * its first, the read-ahead reaches the next track); 2 (to the
 * cylinder's end) the cylinder's sectors past off; 4 (after a sequential
 * read, to the next track's end) the rest of off's track and the next;
 * 3 no other bound. off: where the characteriser measured it (a track's
 * or a cylinder's first sector; 0 where it gives none: then the
 * profile's most)
 */
static double true_readahead(const struct dmodel *m, uint64_t off)
{
	const struct dmodel_params *p = &m->p;
	double ra = (double)p->readahead_bytes, room = (double)p->segment_bytes - (p->readahead_over ? 0 : 512), cap = INFINITY;
	struct dmodel_loc l;

	dmodel_locate(m, off / 512, &l);
	switch (p->readahead_mode) {
	case 0:
		return 0;
	case 1:
		cap = (double)((l.before + l.left) * 512);
		room = (double)p->segment_bytes;	/* with the track's whole sectors, a sector's slack */
		break;
	case 2:
		if (off)
			cap = (double)((l.left - 1 + (p->heads - 1 - l.head) * l.spt) * 512);
		break;
	case 4:
		if (off)
			cap = (double)((l.left - 1 + l.spt) * 512);
		break;
	}
	ra = ra < room ? ra : room;
	return ra < cap ? ra : cap;
}

static const char *boot_id;
static unsigned bad;

/* one row of the table: measured (NAN: not seen) beside the truth */
static void row(const char *what, double got, double want, double tol, const char *tolname)
{
	int ok = !isnan(got) && fabs(got - want) <= tol + 1e-9;

	bad += !ok;
	printf("| %s | %.4f | %.4f | %s | %s |\n", what, got, want, tolname, isnan(got) ? "NOT SEEN" : ok ? "ok" : "OUTSIDE");
}

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

	if (argc == 2 && !strcmp(argv[1], "--version"))
		return printf("%s %s\n", "diskchar-model", version_string()) < 0 ? 2 : 0;
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: diskchar-model PROFILE [--records]\n"
			"       diskchar-model --help | --version\n"
			"\n"
			"The characteriser run on the host against the model of PROFILE: its figures\n"
			"beside the model's own (measured, true, tolerance, verdict).\n"
			"  --records  the figures as a boot records them, for swapbench-report profile\n"
			"Exit status: 0 every figure within its tolerance, 1 one outside, 2 usage.\n");
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
			 RK_DC_SERIAL "=unknown " RK_DC_WRITE_CACHE "=%s " RK_DC_CLOCK "=model " RK_CLOCK_RES_NS "=1 " RK_CLOCK_STEP_NS "=1 " RK_DISK "=%s",
			 (unsigned long long)p.p.capacity_bytes, p.p.write_cache ? "write_back" : "write_through", p.name);
		record(NULL, line);
		dchar_print(&r, record, NULL);
		snprintf(line, sizeof(line), RK_DC_FIG "=" DC_FIG_END " " RK_DC_SECONDS "=%.3f", r.seconds);
		record(NULL, line);
		return e < 0;
	}
	if (e < 0) {
		fprintf(stderr, "diskchar-model: %s: %s\n", argv[1], e == -EINVAL ? "a disk under 64 MiB, too small to characterise" : strerror(-e));
		return 2;
	}
	printf("| figure | measured | true | tolerance | verdict |\n|---|---|---|---|---|\n");
	if (p.p.kind != DMODEL_HDD) {
		row("a turn seen", r.ok, 0, 0, "none");
		return bad ? 1 : 0;
	}
	row("rotation (ms)", r.rev_ns.v / 1e6, 60e3 / (double)p.p.rpm, 0.001 * 60e3 / (double)p.p.rpm, "0.1 %");
	for (unsigned i = 0; i < r.nzones; i++) {
		char what[80];
		double t = (double)dmodel_rate_at(&md.m, r.zone[i].off) / 1e6;

		snprintf(what, sizeof(what), "media rate at %.1f GB (MB/s)", (double)r.zone[i].off / 1e9);
		row(what, r.zone[i].mbs, t, 0.02 * t, "2 %");
	}
	if (md.m.p.zones) {
		/* a drive's zones: the edges where the records' sectors a
		 * track (a turn over a sector's time, whole within 0.2) change,
		 * each half way between the two records either side, beside
		 * the nearest true one within four of its tracks */
		double edge[DCHAR_ZONES], prev = 0, poff = 0;
		unsigned ne = 0, runs = 0, nz = 0;

		/* the zones that begin on the disk: a profile's table may go
		 * past a capacity made smaller (LAYOUT=diskcheck's, the sweep's) */
		while (nz < md.m.p.zones && md.m.z_lbn[nz] < md.m.sectors)
			nz++;

		for (unsigned i = 0; i < r.nzones; i++) {
			double ts = r.zone[i].sector_ns.v, spt = r.rev_ns.v / ts;

			if (!r.zone[i].sector_ns.n || !(r.zone[i].sector_ns.sd < 0.01 * ts) || fabs(spt - round(spt)) > 0.2)
				continue;
			if (round(spt) != prev) {
				if (runs++)
					edge[ne++] = (poff + (double)r.zone[i].off) / 2;
				prev = round(spt);
			}
			poff = (double)r.zone[i].off;
		}
		row("zones (sectors a track seen)", runs, nz, 0, "exact");
		for (unsigned z = 1; z < nz; z++) {
			char what[80];
			double want = (double)md.m.z_lbn[z] * 512, got = NAN;

			for (unsigned k = 0; k < ne; k++)
				if (isnan(got) || fabs(edge[k] - want) < fabs(got - want))
					got = edge[k];
			snprintf(what, sizeof(what), "zone %u's first byte (MB)", z + 1);
			row(what, got / 1e6, want / 1e6, 4.0 * md.m.p.zone[z].bpt * 512 / 1e6, "4 tracks");
		}
	}
	for (unsigned i = 0; i < r.nseeks; i++) {
		char what[80];

		snprintf(what, sizeof(what), "seek over %.4f GB (ms)", (double)r.seek[i].dist / 1e9);
		row(what, r.seek[i].ns.v / 1e6, true_seek_ns(&md.m, r.seek[i].from, r.seek[i].from + r.seek[i].dist) / 1e6, 0.5, "0.5 ms");
	}
	row("heads", r.heads.n ? r.heads.v : NAN, (double)p.p.heads, 0, "exact");
	row("cylinder switch (ms)", r.cyl_switch_ns.n ? r.cyl_switch_ns.v / 1e6 : NAN,
	    (double)dmodel_seek_dist_ns(&md.m, 1) / 1e6, 0.1, "0.1 ms");
	row("head switch (ms)", r.head_switch_ns.n ? r.head_switch_ns.v / 1e6 : NAN, (double)p.p.head_switch_ns / 1e6, 0.1, "0.1 ms");
	{
		/* the sectors skipped at the cylinder edge it placed and at the
		 * next track's: the angle from the sector before an edge to
		 * the one after it, less a sector (skews, and spares between) */
		uint64_t edge = r.cyl_edge > 0 ? (uint64_t)r.cyl_edge / 512 : 0;
		struct dmodel_loc l;

		dmodel_locate(&md.m, edge, &l);
		row("track skew (sectors)", r.skew_track.n ? r.skew_track.v : r.edges ? NAN : 0, skipped(&md.m, edge + l.left), 0.5, "half a sector");
		row("cylinder skew (sectors)", r.skew_cyl.n ? r.skew_cyl.v : r.edges ? NAN : 0, skipped(&md.m, edge), 0.5, "half a sector");
	}
	/* a separate write segment serves no read */
	row("read segments", r.segments, (double)p.p.segments - (p.p.write_separate ? 1 : 0), 0, "exact");
	row("read-ahead mode", r.readahead_track ? 1 : r.readahead_cyl ? 2 : r.readahead_seq ? 4 : r.readahead_bytes.v > 0 ? 3 : 0,
	    (double)p.p.readahead_mode, 0, "exact");
	row("read-ahead (KiB)", r.readahead_bytes.v / 1024, true_readahead(&md.m, r.readahead_at) / 1024, 0.5,
	    "a sector");
	{
		/* the bus's start on a read miss: the profile's share where
		 * the bus is the slower, else the least share that keeps it
		 * no later than the media (all the same to a request) */
		double bus = p.p.bus_sector_ns ? (double)p.p.bus_sector_ns : 512e9 / (double)p.p.bus_bps;
		double media = 512e9 / (double)dmodel_rate_at(&md.m, r.early_at), early = (double)p.p.read_early_pm / 1000;

		row("bus's start (share of a miss)", isnan(r.read_early) ? NAN : r.read_early, early < bus / media ? early : bus / media, 0.05, "0.05");
	}
	/* 2 %, or 64 KiB's time on it within 2 us: a bus that takes next to
	 * nothing (DiskSim's Bulk sector transfer time 0) is measured as fast
	 * as the path's jitter lets a slope show */
	double bw = (double)p.p.bus_bps / 1e6, btol = 0.02 * bw;
	if (r.bus_mbs > 0 && bw > 0 && fabs(65536 / r.bus_mbs - 65536 / bw) <= 2)
		btol = fabs(r.bus_mbs - bw);
	row("bus (MB/s)", r.bus_mbs, bw, btol, "2 % (or 2 us over 64 KiB)");
	/* a drive that serves nothing from its buffer keeps no free blocks either */
	row("reads free blocks", r.free_n ? r.free_blocks : NAN, p.p.read_any_free && !p.p.no_caching, 0, "exact");
	printf("\nthe characteriser's time on the modelled disk: %.1f s; %u figures outside their tolerance\n", r.seconds, bad);
	return bad ? 1 : 0;
}
