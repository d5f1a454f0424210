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
 *   --rewrite (with either)          the opt-in rewrite mode (dchar_write.c):
 *                                    writes back what a read just returned,
 *                                    the write path's figures beside the
 *                                    model's own; without it the table counts
 *                                    the writes issued (none)
 *   --slow N:US (with either)        one request in N (at random, the same
 *                                    each run) arrives up to US microseconds
 *                                    late: what a real PC's interrupts and
 *                                    SMIs do to a read now and then
 *   --late N:US (with either)        one completion in N is seen up to US
 *                                    microseconds late (the next request
 *                                    leaves as much later): the same on the
 *                                    way from the disk to the reader's clock
 * Exit status: 0 every figure within its tolerance, 1 one outside, 2 usage.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disk/model/model.h"
#include "disk/model/model_arith.h"
#include "disk/profile/profile.h"
#include "lib/reckeys.h"
#include "lib/reckinds.h"
#include "lib/record.h"
#include "lib/version.h"
#include "workloads/dchar.h"

#define RING 8	/* the reads a rewrite may write back, as the workload keeps them */

struct mdev {
	struct dmodel m;
	int64_t now;
	uint64_t x;
	struct {
		uint64_t off;
		unsigned len;
	} ring[RING];
	unsigned nring, writes, refused;
	unsigned slow_n, slow_us;	/* --slow: one request in slow_n up to slow_us late (0: none) */
	unsigned slowed;
	unsigned late_n, late_us;	/* --late: one completion in late_n seen up to late_us late (0: none) */
	unsigned lated;
	uint64_t size;		/* bytes: a read past it is refused */
	uint64_t bad_off;	/* the first read refused, its length (0: none) */
	unsigned bad_len;
};

static unsigned jitter(struct mdev *d, unsigned span)
{
	d->x = d->x * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(d->x >> 33) % span;
}

/* when a request reaches the disk: the path's 30-34 us after the last
 * completion, and with --slow now and then up to slow_us more */
#define PATH_NS 30000
#define PATH_JITTER_NS 4000
static int64_t arrival(struct mdev *d)
{
	int64_t arrive = d->now + PATH_NS + jitter(d, PATH_JITTER_NS);

	if (d->slow_n && jitter(d, d->slow_n) == 0) {
		arrive += 1000 * (int64_t)jitter(d, d->slow_us);
		d->slowed++;
	}
	return arrive;
}

/* when the reader sees a completion at done: 8-10 us on, and with --late
 * now and then up to late_us more */
static int64_t seen(struct mdev *d, int64_t done)
{
	int64_t t = done + 8000 + jitter(d, 2000);

	if (d->late_n && jitter(d, d->late_n) == 0) {
		t += 1000 * (int64_t)jitter(d, d->late_us);
		d->lated++;
	}
	return t;
}

static int mread(void *ctx, uint64_t off, unsigned len, int64_t *done)
{
	struct mdev *d = ctx;
	int64_t arrive = arrival(d);

	/* as a block device opened O_DIRECT: whole sectors on the disk only
	 * (the characteriser's bug, not the disk's, where one is not) */
	if (!len || off % 512 || len % 512 || off >= d->size || len > d->size - off) {
		if (!d->bad_len) {
			d->bad_off = off;
			d->bad_len = len ? len : 1;
		}
		return -EINVAL;
	}
	d->now = seen(d, dmodel_request(&d->m, DMODEL_READ, off, len, arrive));
	*done = d->now;
	d->ring[d->nring++ % RING].off = off;
	d->ring[(d->nring - 1) % RING].len = len;
	return 0;
}

/* a write back of what one of the latest reads returned (the workload's
 * rule: any other is refused, and counted) */
static int mrewrite(void *ctx, uint64_t off, unsigned len, int64_t *done)
{
	struct mdev *d = ctx;
	int64_t arrive = arrival(d);
	int held = 0;

	for (unsigned i = 0; i < RING && i < d->nring; i++)
		held |= d->ring[i].off == off && d->ring[i].len == len;
	if (!held) {
		d->refused++;
		return -EPERM;
	}
	d->writes++;
	d->now = seen(d, dmodel_request(&d->m, DMODEL_WRITE, off, len, arrive));
	*done = d->now;
	return 0;
}

/*
 * The truth of a write figure, by the model itself: A read on a fresh copy
 * of the model, B written after a pause q, with the harness's mean path
 * (9 us to the clock, 32 us to the next request); the least over a turn
 * of pauses of B's completion less A's less the pause: a write through's
 * threshold (to 2 us). Reported from the buffer, the pause 0: its time.
 */
static double true_write(const struct dmodel *m0, uint64_t A, uint64_t B, unsigned blen, int aimed, int kind)
{
	static struct dmodel m;
	double best = INFINITY, turn = 60e9 / (double)m0->p.rpm;

	for (double q = 0; q < (aimed ? turn : 1); q += 2000) {
		int64_t a, w;

		m = *m0;
		a = dmodel_request(&m, DMODEL_READ, A, 512, 1000000000);
		if (kind)	/* A written back first: after a write */
			a = dmodel_request(&m, DMODEL_WRITE, A, 512, a + 41000);
		w = dmodel_request(&m, kind == 2 ? DMODEL_READ : DMODEL_WRITE, B, blen, a + 41000 + (int64_t)q);
		if ((double)(w - a) - q < best)
			best = (double)(w - a) - q;
	}
	return best;
}

/* on a track from A's sector: the least of B a sixth, a half and five
 * sixths of it on (where the least pause after A is near 0, the drive's
 * own work after the read may hide the threshold) */
static double true_near(const struct dmodel *m0, uint64_t A, unsigned blen, int kind)
{
	struct dmodel_loc l;
	double best = INFINITY, t;

	dmodel_locate(m0, A / 512, &l);
	for (unsigned k = 1; k < 6; k += 2) {
		uint64_t j = l.spt * k / 6;

		if (j + blen / 512 + 1 < l.left && (t = true_write(m0, A, A + j * 512, blen, 1, kind)) < best)
			best = t;
	}
	return best;
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
	if (p->no_caching)
		return 0;
	switch (p->readahead_mode) {
	case 0:
		return 0;
	case 1:
		cap = (double)((l.before + l.left) * 512);
		room = (double)p->segment_bytes;	/* with the track's whole sectors, a sector's slack */
		break;
	case 2:
		if (off)
			cap = (double)((dmodel_cyl_left(m, off / 512) - 1) * 512);
		break;
	case 4:
		/* after a read alone, to its track's end (DiskSim's mode 4, as
		 * the model has it), whatever Maximum read-ahead says: the
		 * segment keeps the last of it, the read's sector too, so a
		 * rest longer than the segment leaves nothing next to the read */
		cap = (double)((l.left - 1) * 512);
		return cap + 512 <= (double)p->segment_bytes ? cap : 0;
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

/*
 * The rewrite mode's figures beside the model's: the write cache; through,
 * the tails' difference (the write's reselect and done against the read's
 * bus and done), the thresholds near (a sector, several) and a seek away;
 * back, the reported write's time
 */
static void write_rows(const struct dmodel *m, const struct dchar_result *r)
{
	const struct dchar_writes *w = &r->w;
	const struct dmodel_params *p = &m->p;

	row("write cache (1: reported from the buffer)", w->cache, p->write_level >= 1, 0, "exact");
	if (p->write_level >= 1) {
		for (unsigned i = 0; i < 2; i++) {
			char what[80];
			uint64_t x = (uint64_t)((double)p->capacity_bytes * 0.6) / 512 * 512;

			if (!w->buffered_ns[i].n) {
				row("a write reported from the buffer", NAN, 0, 0, "-");
				continue;
			}
			snprintf(what, sizeof(what), "a write of %u sectors reported from the buffer (ms)", w->buffered_n[i]);
			row(what, w->buffered_ns[i].v / 1e6, true_write(m, x, x, w->buffered_n[i] * 512, 0, 0) / 1e6, 0.02, "20 us");
		}
		return;
	}
	double bus1 = p->bus_sector_ns ? (double)p->bus_sector_ns : 512e9 / (double)p->bus_bps;
	row("a write's tail less a read's (ms)", w->tail_ns.n ? w->tail_ns.v / 1e6 : NAN,
	    ((double)p->oh_write_reselect_ns + (double)p->oh_write_done_ns - bus1 - (double)p->oh_read_done_ns) / 1e6, 0.01, "10 us");
	for (unsigned i = 0; i < 2; i++) {
		char what[80];
		uint64_t a = r->cyl_bytes.n && r->cyl_edge > 0 ? (uint64_t)r->cyl_edge : p->capacity_bytes / 10;
		struct dmodel_loc l;

		/* a track's first sector near where they ran (the one after the
		 * track there) */
		dmodel_locate(m, a / 512, &l);
		a = (a / 512 + l.left) * 512;
		snprintf(what, sizeof(what), "a write of %u sectors' threshold on its track (ms)", w->near_n[i] ? w->near_n[i] : i ? 8 : 1);
		row(what, w->near_ns[i].n ? w->near_ns[i].v / 1e6 : NAN,
		    true_near(m, a, (w->near_n[i] ? w->near_n[i] : 1) * 512, 0) / 1e6, 0.05, "50 us");
	}
	{
		uint64_t a = r->cyl_bytes.n && r->cyl_edge > 0 ? (uint64_t)r->cyl_edge : p->capacity_bytes / 10, x;
		struct dmodel_loc l;

		dmodel_locate(m, a / 512, &l);
		a = (a / 512 + l.left) * 512;
		x = (uint64_t)((double)p->capacity_bytes * 0.65) / 512 * 512;
		row("a write's threshold on its track after a write (ms)", w->ww_ns.n ? w->ww_ns.v / 1e6 : NAN, true_near(m, a, 512, 1) / 1e6,
		    0.05, "50 us");
		row("a write: a read's threshold on its track after one (ms)", w->rw_ns.n ? w->rw_ns.v / 1e6 : NAN,
		    true_near(m, a, 512, 2) / 1e6, 0.05, "50 us");
		double hw = true_write(m, x, x, 512, 0, 2);
		/* a re-read of what was written: a hit, or none (a turn or more) */
		row("a write: a re-read of it (ms, 0: no hit)", w->hitw_ns.n ? w->hitw_ns.v / 1e6 : 0,
		    hw < 60e9 / (double)p->rpm / 2 ? hw / 1e6 : 0, 0.02, "20 us");
	}
	for (unsigned i = 0; i < w->nfar; i++) {
		char what[80];

		snprintf(what, sizeof(what), "a write's threshold a seek of %.4f GB away (ms)", (double)w->far[i].dist / 1e9);
		row(what, w->far[i].ns.v / 1e6, true_write(m, w->far[i].from, w->far[i].from + w->far[i].dist, 512, 1, 0) / 1e6, 0.25,
		    "0.25 ms");
		snprintf(what, sizeof(what), "a write: a read's threshold a seek of %.4f GB away after one (ms)", (double)w->far[i].dist / 1e9);
		row(what, w->far[i].rw_ns.n ? w->far[i].rw_ns.v / 1e6 : NAN,
		    true_write(m, w->far[i].from, w->far[i].from + w->far[i].dist, 512, 1, 2) / 1e6, 0.25, "0.25 ms");
	}
}

int main(int argc, char **argv)
{
	static struct dp_profile p;
	static struct mdev md = { .x = 1 };
	static struct dchar_result r;
	static struct dmodel pristine;
	char err[300];
	const char *field;
	int records = 0, rewrite = 0;

	if (argc == 2 && !strcmp(argv[1], "--version"))
		return printf("%s %s\n", "diskchar-model", version_string()) < 0 ? 2 : 0;
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: diskchar-model PROFILE [--records] [--rewrite] [--slow N:US] [--late N:US]\n"
			"       diskchar-model --help | --version\n"
			"\n"
			"The characteriser run on the host against the model of PROFILE: its figures\n"
			"beside the model's own (measured, true, tolerance, verdict).\n"
			"  --records  the figures as a boot records them, for swapbench-report profile\n"
			"  --rewrite  the opt-in rewrite mode: each write puts back what a read just\n"
			"             returned; the write path's figures beside the model's\n"
			"  --slow N:US one request in N (at random, the same each run) up to US\n"
			"             microseconds late: a real PC's interrupts, now and then\n"
			"  --late N:US one completion in N seen up to US microseconds late (the\n"
			"             next request leaves as much later): the same on its way back\n"
			"Exit status: 0 every figure within its tolerance, 1 one outside, 2 usage.\n");
		return argc < 2 ? 2 : 0;
	}
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--records"))
			records = 1;
		else if (!strcmp(argv[i], "--rewrite"))
			rewrite = 1;
		else if (!strcmp(argv[i], "--slow") || !strcmp(argv[i], "--late")) {
			const char *v = i + 1 < argc ? argv[++i] : "";
			int slow = !strcmp(argv[i - 1], "--slow");
			unsigned *n = slow ? &md.slow_n : &md.late_n, *us = slow ? &md.slow_us : &md.late_us;
			char tail;

			if (!isdigit((unsigned char)v[0]) || sscanf(v, "%u:%u%c", n, us, &tail) != 2 || *n < 2 || !*us || *us > 1000000 ||
			    !isdigit((unsigned char)strchr(v, ':')[1])) {
				fprintf(stderr, "diskchar-model: %s '%s': give N:US, one %s in N (2 or more) up to US microseconds (1..1000000) late\n",
					argv[i - 1], v, slow ? "request" : "completion");
				return 2;
			}
		} else {
			fprintf(stderr, "diskchar-model: unknown option '%s' (--records, --rewrite, --slow N:US, --late N:US, --help)\n", argv[i]);
			return 2;
		}
	}
	if (dp_read(argv[1], &p, err, sizeof(err)) < 0) {
		fprintf(stderr, "diskchar-model: %s\n", err);
		return 2;
	}
	if (dmodel_init(&md.m, &p.p, &field) < 0) {
		fprintf(stderr, "diskchar-model: %s: %s out of the model's range\n", argv[1], field);
		return 2;
	}
	md.size = p.p.capacity_bytes;
	pristine = md.m;
	struct dchar_dev dev = { .size = p.p.capacity_bytes, .sector = 512, .ctx = &md, .read = mread, .idle = midle,
				 .rewrite = rewrite ? mrewrite : NULL };
	int e = dchar_run(&dev, &r);
	if (records) {
		char id[80], line[300];

		snprintf(id, sizeof(id), "model-%s", p.name);
		boot_id = id;
		snprintf(line, sizeof(line), RK_DC_FIG "=" DC_FIG_DEVICE " " RK_DC_DEV "=model " RK_DC_SIZE "=%llu " RK_DC_MODEL "=unknown "
			 RK_DC_SERIAL "=unknown " RK_DC_WRITE_CACHE "=%s " RK_DC_CLOCK "=model " RK_CLOCK_RES_NS "=1 " RK_CLOCK_STEP_NS "=1 " RK_DISK "=%s",
			 (unsigned long long)p.p.capacity_bytes, p.p.write_cache ? "write_back" : "write_through", p.name);
		record(NULL, line);
		dchar_print(&r, record, NULL);
		dchar_write_print(&r, record, NULL);
		snprintf(line, sizeof(line), RK_DC_FIG "=" DC_FIG_END " " RK_DC_SECONDS "=%.3f " RK_DC_AGAIN "=%u " RK_DC_LATE "=%u " RK_DC_A_HITS "=%u",
			 r.seconds, r.asked_again, r.late_seen, r.a_hits);
		record(NULL, line);
		return e < 0;
	}
	if (e < 0) {
		if (e == -EINVAL && md.bad_len)
			fprintf(stderr, "diskchar-model: %s: the characteriser asked for %u bytes at byte %llu, not whole sectors "
				"of the disk's %llu bytes (its bug: a block device refuses it)\n", argv[1], md.bad_len,
				(unsigned long long)md.bad_off, (unsigned long long)md.size);
		else
			fprintf(stderr, "diskchar-model: %s: %s\n", argv[1],
				e == -EINVAL ? "a disk under 64 MiB, too small to characterise" : strerror(-e));
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
		 * past a capacity made smaller (LAYOUT=diskcheck's, the sweep's);
		 * those of the sectors a track of the zone before (DiskSim's
		 * atlas10k and ibm18es: zones that differ in their spares) are
		 * one run to what reads rates, their edges no figure */
		unsigned runs_true = 0;

		while (nz < md.m.p.zones && md.m.z_lbn[nz] < md.m.sectors) {
			runs_true += !nz || md.m.p.zone[nz].bpt != md.m.p.zone[nz - 1].bpt;
			nz++;
		}

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
		row("zones (sectors a track seen)", runs, runs_true, 0, "exact");
		for (unsigned z = 1; z < nz; z++) {
			char what[80];
			double want = (double)md.m.z_lbn[z] * 512, got = NAN;

			if (md.m.p.zone[z].bpt == md.m.p.zone[z - 1].bpt)
				continue;

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
	/* each zone's angle: from the reference sector's end to the zone's
	 * sector's, in the zone's sectors (the measured one brought within
	 * half a turn of the true) */
	for (unsigned i = 0; i < r.nphases; i++) {
		struct dmodel_loc a, b;
		char what[80];
		double fa, fb, want, got;

		dmodel_locate(&md.m, r.phase[i].ref / 512, &a);
		dmodel_locate(&md.m, r.phase[i].off / 512, &b);
		fa = (double)a.ang / TURN + 1.0 / (double)a.spt;
		fb = (double)b.ang / TURN + 1.0 / (double)b.spt;
		want = fb - fa - floor(fb - fa);
		got = r.phase[i].ns.v / r.rev_ns.v;
		got = want + (got - want - floor(got - want + 0.5));
		snprintf(what, sizeof(what), "angle at %.3f GB from the start's (sectors)", (double)r.phase[i].off / 1e9);
		/* a tenth of a sector, or 3 us where a tenth is less: the
		 * harness's completions vary by 2 us (jitter above) */
		row(what, got * (double)b.spt, want * (double)b.spt, fmax(0.1, 3000 / (r.rev_ns.v / (double)b.spt)),
		    "0.1 sector or 3 us");
	}
	/* whether a read of what was just read is a hit: a buffer that
	 * serves nothing (Enable caching in buffer 0) never hits, and has no
	 * segment, read-ahead nor free block a read can see; a separate
	 * write segment serves no read */
	row("re-read at once a hit", r.hit_frac > 0, !p.p.no_caching, 0, "exact");
	row("read segments", r.segments, p.p.no_caching ? 0 : (double)p.p.segments - (p.p.write_separate ? 1 : 0), 0, "exact");
	/* DiskSim's mode 4 reads a read alone to its track's end, as mode 1
	 * does: what tells them apart (the next track, after a stream that
	 * crossed onto this one) no probe here sees, and a segment shorter
	 * than the rest of the track keeps nothing next to the read */
	row("read-ahead mode", r.readahead_track ? 1 : r.readahead_cyl ? 2 : r.readahead_seq ? 4 : r.readahead_bytes.v > 0 ? 3 : 0,
	    p.p.no_caching ? 0 : p.p.readahead_mode != 4 ? (double)p.p.readahead_mode : true_readahead(&md.m, r.readahead_at) > 0 ? 1 : 0, 0,
	    "exact");
	row("read-ahead (KiB)", r.hit_ns.n ? r.readahead_bytes.v / 1024 : 0, true_readahead(&md.m, r.readahead_at) / 1024, 0.5,
	    "a sector");
	/* the minimum read-ahead: from the wait it makes (a read asked at
	 * once after a miss) and a sector on the bus; the host's path (at
	 * most PATH_NS and its jitter here) and the drive's completion overhead, which the
	 * timing does not part from the wait, are left out of it: within a
	 * sector and those in sectors there */
	if (!p.p.no_caching) {
		double ts = 512e9 / (double)dmodel_rate_at(&md.m, r.wait_at);

		row("minimum read-ahead (KiB)", r.readahead_min_bytes / 1024, (double)p.p.readahead_min_bytes / 1024,
		    (1 + ceil(((double)p.p.oh_read_done_ns + PATH_NS + PATH_JITTER_NS) / ts)) / 2, "a sector, and the path and completion overhead in sectors");
	}
	/* the bus is timed by hits (DIXtrac): a buffer that serves none
	 * leaves it unseen, an ESTIMATE in the profile, and no row */
	if (!p.p.no_caching) {
		/* the bus's start on a read miss: the profile's share where
		 * the bus is the slower, else the least share that keeps it
		 * no later than the media (all the same to a request) */
		double bus = p.p.bus_sector_ns ? (double)p.p.bus_sector_ns : 512e9 / (double)p.p.bus_bps;
		double media = 512e9 / (double)dmodel_rate_at(&md.m, r.early_at), early = (double)p.p.read_early_pm / 1000;

		row("bus's start (share of a miss)", isnan(r.read_early) ? NAN : r.read_early, early < bus / media ? early : bus / media, 0.05, "0.05");

		/* 2 %, or 64 KiB's time on it within 2 us: a bus that takes
		 * next to nothing (DiskSim's Bulk sector transfer time 0) is
		 * measured as fast as the path's jitter lets a slope show */
		double bw = (double)p.p.bus_bps / 1e6, btol = 0.02 * bw;
		if (r.bus_mbs > 0 && bw > 0 && fabs(65536 / r.bus_mbs - 65536 / bw) <= 2)
			btol = fabs(r.bus_mbs - bw);
		row("bus (MB/s)", r.bus_mbs, bw, btol, "2 % (or 2 us over 64 KiB)");
	}
	/* a drive that serves nothing from its buffer keeps no free blocks
	 * either: measured so where no re-read at once was a hit */
	row("reads free blocks", r.free_n ? r.free_blocks : r.hit_ns.n || r.hit_frac > 0 ? NAN : 0, p.p.read_any_free && !p.p.no_caching, 0,
	    "exact");
	if (rewrite)
		write_rows(&pristine, &r);
	printf("\nthe characteriser's time on the modelled disk: %.1f s; %u figures outside their tolerance\n", r.seconds, bad);
	printf("probes asked again, the second look otherwise (the first set apart): %u\n", r.asked_again);
	printf("aimed probes' A's the buffer served, set apart: %u\n", r.a_hits);
	printf("chain steps set apart as a completion seen late (one long, the next as much short): %u\n", r.late_seen);
	printf("writes issued: %u (refused: %u)\n", md.writes, md.refused);
	if (md.slow_n)
		printf("requests held back (--slow %u:%u): %u\n", md.slow_n, md.slow_us, md.slowed);
	if (md.late_n)
		printf("completions seen late (--late %u:%u): %u\n", md.late_n, md.late_us, md.lated);
	bad += md.refused > 0;
	return bad ? 1 : 0;
}
