/*
 * profile SOURCE...: a boot's "diskchar" records (swapbench.workloads=
 * diskchar) made into a disk profile DISK= takes (disk/profiles/NAME.conf's
 * format), on stdout. Every figure has its source. line: measured, on which
 * disk (the model and serial the kernel reported), in which boot, from how
 * many repetitions with what spread; what reading cannot see (the write
 * path, the controller's overheads but a read hit's) stays ESTIMATE with
 * how it was derived, but the write path where the boot ran the opt-in
 * rewrite mode (fig=write rewrite=1: print_writes). The seeks measured become the profile's seek table,
 * and the sectors a track sampled its zone table where they show zones
 * (the importer's keys, disk/profile/profile_tables.c). One boot's
 * records: several boots that characterised a disk are refused, naming
 * them.
 */
#include "report/cmd/profile.h"
#include "report/cmd/cmd.h"
#include "report/source/parse.h"
#include "report/source/source.h"
#include "report/util/util.h"
#include "disk/model/model.h"
#include "lib/reckeys.h"
#include "lib/reckinds.h"
#include "lib/record.h"
#include "lib/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ZONES 512	/* the zone records: 16 positions sampled, the chains of their edges (workloads/dchar.h) */
#define SEEKS 64
#define PHASES 768	/* reads that measured a zone's angle, six a zone (workloads/dchar.h) */

struct fig {
	double v, sd;
	unsigned n;
	int set;
};

struct disk {
	char boot[64], dev[64], model[128], serial[128], clock[32], wc[32], modelled[40];
	double size, clock_res, clock_step;
	struct fig rev, overhead, hit, ra, cyl, heads, hsw, csw, bus, end, skt, skc;
	double again;		/* fig=end: probes asked again, the second look otherwise (NAN: records from before it said) */
	double late;		/* fig=end: chain steps set apart as a completion seen late (NAN: not said) */
	double a_hits;		/* fig=end: aimed probes' first reads the buffer served (NAN: not said) */
	double skew_spt, skew_tracks;
	double tfirst, tmid, tlast;	/* placed tracks' sectors: a cylinder's first, middle, last (NAN none) */
	int serpentine;		/* its surfaces run in turn outward and inward */
	double run;		/* then the cylinders a run crosses (0: not seen) */
	int rotating, segments, segments_set, segments_min, bus_none, depth, ra_seq, ra_track, ra_cyl;
	double iops, iops1, qn, early;
	int free_set, free, free_n, free_hits;	/* fig=free_blocks: measured, reads free blocks, places, hits */
	int hit_set;		/* fig=hit seen: then hit_frac, the re-reads at once that were hits */
	int ramin_set;		/* fig=ra_min seen: then the minimum read-ahead (KiB), the wait that made it, where */
	int ramin_varies;	/* the wait shorter at some places */
	double ramin_kb, ramin_at;
	struct fig ramin_wait;
	double hit_frac;
	unsigned nz, ns;
	struct {
		double off, mbs, sd, spt, seq;
		double skew;	/* sectors skipped at a track edge its chains crossed (NAN none) */
		unsigned n;
	} z[ZONES];
	struct seek_fig {
		double off, dist, ms, sd;
		double cyls;	/* the cylinders between, where the characteriser knew them (else NAN) */
		unsigned n;
	} s[SEEKS];
	struct {		/* the rewrite mode's (workloads/dchar_write.c) */
		int seen, ran, cache;
		double cspread, pspread, sector;
		unsigned writes, near_n[2], buf_n[2], nfar;
		struct fig tail, near[2], buf[2], ww, rw, hitw;
		struct {
			double off, dist, ms, sd, read, rw;
			unsigned n;
		} far[2];
	} w;
	unsigned nph;
	struct {
		double off, ref, ms;	/* off's read completed ms after ref's, modulo the turn */
		double from;		/* the read off is a cylinder past (0 none) */
	} ph[PHASES];
	char other_boots[256];
	unsigned damaged;
};

static double num(const struct rec *r, const char *k)
{
	const char *v = rec_get(r, k);

	return v ? strtod(v, NULL) : NAN;
}

static struct fig fig(const struct rec *r, const char *k)
{
	struct fig f = { num(r, k), num(r, RK_DC_SD), (unsigned)num(r, RK_DC_N), 1 };

	if (isnan(f.sd))
		f.sd = 0;
	return f;
}

static void copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "");
}

/* the rewrite mode's figures (fig=write...) */
static void each_write(struct disk *d, const struct rec *r, const char *f)
{
	unsigned k = (unsigned)num(r, RK_DC_SECTORS), i;

	if (!strcmp(f, DC_FIG_WRITE)) {
		d->w.seen = 1;
		d->w.ran = num(r, RK_DC_REWRITE) == 1 && rec_get(r, RK_DC_CACHE);
		d->w.cache = num(r, RK_DC_CACHE) == 1;
		d->w.cspread = num(r, RK_DC_CONST_MS);
		d->w.pspread = num(r, RK_DC_PHASE_MS);
		d->w.writes = (unsigned)num(r, RK_DC_WRITES);
	} else if (!strcmp(f, DC_FIG_WRITE_TAIL)) {
		d->w.tail = fig(r, RK_DC_MS);
	} else if (!strcmp(f, DC_FIG_WRITE_NEAR) && rec_get(r, RK_DC_AFTER) && !strcmp(rec_get(r, RK_DC_AFTER), "write")) {
		d->w.ww = fig(r, RK_DC_MS);
	} else if (!strcmp(f, DC_FIG_READ_AFTER_WRITE) && rec_get(r, RK_DC_WHAT)) {
		if (!strcmp(rec_get(r, RK_DC_WHAT), "miss"))
			d->w.rw = fig(r, RK_DC_MS);
		else if (!strcmp(rec_get(r, RK_DC_WHAT), "hit"))
			d->w.hitw = fig(r, RK_DC_MS);
	} else if (!strcmp(f, DC_FIG_WRITE_NEAR) && k >= 1) {
		i = k > 1;
		d->w.near[i] = fig(r, RK_DC_MS);
		d->w.near_n[i] = k;
		d->w.sector = num(r, RK_DC_SECTOR_MS);
	} else if (!strcmp(f, DC_FIG_WRITE_BUFFERED) && k >= 1) {
		i = k > 1;
		d->w.buf[i] = fig(r, RK_DC_MS);
		d->w.buf_n[i] = k;
	} else if (!strcmp(f, DC_FIG_WRITE_FAR) && d->w.nfar < 2) {
		i = d->w.nfar++;
		d->w.far[i].off = num(r, RK_DC_OFFSET);
		d->w.far[i].dist = num(r, RK_DC_DISTANCE);
		d->w.far[i].ms = num(r, RK_DC_MS);
		d->w.far[i].sd = num(r, RK_DC_SD);
		d->w.far[i].n = (unsigned)num(r, RK_DC_N);
		d->w.far[i].read = num(r, RK_DC_READ_MS);
		d->w.far[i].rw = num(r, RK_DC_RW_MS);
	}
}

static void each(void *arg, const struct rec *r, const char *source, unsigned long line, enum rec_status st)
{
	struct disk *d = arg;
	const char *f, *boot;

	if (st != REC_GOOD) {
		fprintf(stderr, "swapbench-report: %s:%lu: a record not used: %s\n", source, line, rec_status_name(st));
		d->damaged++;
		return;
	}
	if (r->type != REC_DIAG || strcmp(r->id, rec_kind_word(RKIND_DISKCHAR)) || !(f = rec_get(r, RK_DC_FIG)))
		return;
	boot = rec_get(r, RK_BOOT);
	if (!boot)
		boot = "";
	if (!strcmp(f, DC_FIG_DEVICE)) {
		if (d->boot[0] && strcmp(d->boot, boot)) {
			size_t len = strlen(d->other_boots);
			snprintf(d->other_boots + len, sizeof(d->other_boots) - len, "%s%s", len ? ", " : "", boot);
			return;
		}
		copy(d->boot, sizeof(d->boot), boot);
		copy(d->dev, sizeof(d->dev), rec_get(r, RK_DC_DEV));
		copy(d->model, sizeof(d->model), rec_get(r, RK_DC_MODEL));
		copy(d->serial, sizeof(d->serial), rec_get(r, RK_DC_SERIAL));
		copy(d->clock, sizeof(d->clock), rec_get(r, RK_DC_CLOCK));
		copy(d->wc, sizeof(d->wc), rec_get(r, RK_DC_WRITE_CACHE));
		copy(d->modelled, sizeof(d->modelled), rec_get(r, RK_DISK));
		d->size = num(r, RK_DC_SIZE);
		d->clock_res = num(r, RK_CLOCK_RES_NS);
		d->clock_step = num(r, RK_CLOCK_STEP_NS);
		return;
	}
	if (strcmp(d->boot, boot))
		return;
	if (!strcmp(f, DC_FIG_ROTATION)) {
		d->rev = fig(r, RK_DC_MS);
		d->rotating = (int)num(r, RK_DC_ROTATING);
	} else if (!strcmp(f, DC_FIG_ZONE) && d->nz < ZONES) {
		d->z[d->nz].off = num(r, RK_DC_OFFSET);
		d->z[d->nz].mbs = num(r, RK_DC_MB_S);
		d->z[d->nz].sd = num(r, RK_DC_SD);
		d->z[d->nz].spt = num(r, RK_DC_SPT);
		d->z[d->nz].seq = num(r, RK_DC_SEQ_MB_S);
		d->z[d->nz].skew = num(r, RK_DC_SKEW) >= 0 ? num(r, RK_DC_SKEW) : NAN;
		d->z[d->nz++].n = (unsigned)num(r, RK_DC_N);
	} else if (!strcmp(f, DC_FIG_OVERHEAD)) {
		d->overhead = fig(r, RK_DC_MS);
	} else if (!strcmp(f, DC_FIG_SEEK) && d->ns < SEEKS) {
		d->s[d->ns].off = num(r, RK_DC_OFFSET);
		d->s[d->ns].dist = num(r, RK_DC_DISTANCE);
		d->s[d->ns].ms = num(r, RK_DC_MS);
		d->s[d->ns].sd = num(r, RK_DC_SD);
		d->s[d->ns].cyls = num(r, RK_DC_CYLINDERS);
		d->s[d->ns++].n = (unsigned)num(r, RK_DC_N);
	} else if (!strcmp(f, DC_FIG_CYLINDER)) {
		d->cyl = fig(r, RK_DC_BYTES);
		d->heads = fig(r, RK_DC_HEADS);
		d->serpentine = num(r, RK_DC_SERPENTINE) == 1;
		d->tfirst = num(r, RK_DC_FIRST) >= 0 ? num(r, RK_DC_FIRST) : NAN;
		d->tmid = num(r, RK_DC_MID) >= 0 ? num(r, RK_DC_MID) : NAN;
		d->tlast = num(r, RK_DC_LAST) >= 0 ? num(r, RK_DC_LAST) : NAN;
		d->run = num(r, RK_DC_RUN);
	} else if (!strcmp(f, DC_FIG_SWITCH)) {
		const char *w = rec_get(r, RK_DC_WHAT);

		if (w && !strcmp(w, "head"))
			d->hsw = fig(r, RK_DC_MS);
		else if (w && !strcmp(w, "cylinder"))
			d->csw = fig(r, RK_DC_MS);
	} else if (!strcmp(f, DC_FIG_SKEW)) {
		const char *w = rec_get(r, RK_DC_WHAT);

		if (w && !strcmp(w, "track"))
			d->skt = fig(r, RK_DC_SECTORS);
		else if (w && !strcmp(w, "cylinder"))
			d->skc = fig(r, RK_DC_SECTORS);
		d->skew_spt = num(r, RK_DC_SPT);
		d->skew_tracks = num(r, RK_DC_TRACKS);
	} else if (!strcmp(f, DC_FIG_HIT)) {
		d->hit = fig(r, RK_DC_MS);
		d->hit_set = 1;
		d->hit_frac = num(r, RK_DC_HIT_FRAC);
	} else if (!strcmp(f, DC_FIG_SEGMENTS)) {
		d->segments = (int)num(r, RK_DC_SEGMENTS);
		d->segments_set = 1;
		d->segments_min = num(r, RK_DC_AT_LEAST) == 1;
	} else if (!strcmp(f, DC_FIG_BUS)) {
		d->bus = fig(r, RK_DC_MB_S);
		d->early = num(r, RK_DC_EARLY);
		d->bus_none = num(r, RK_DC_NO_TIME) == 1;
	} else if (!strcmp(f, DC_FIG_READAHEAD)) {
		d->ra = fig(r, RK_DC_KB);
		d->ra_seq = num(r, RK_DC_SEQ) == 1;
		d->ra_track = num(r, RK_DC_TRACK_END) == 1;
		d->ra_cyl = num(r, RK_DC_CYL_END) == 1;
	} else if (!strcmp(f, DC_FIG_RA_MIN)) {
		d->ramin_set = 1;
		d->ramin_kb = num(r, RK_DC_KB);
		d->ramin_wait = fig(r, RK_DC_WAIT_MS);
		d->ramin_at = num(r, RK_DC_OFFSET);
		d->ramin_varies = num(r, RK_DC_VARIES) == 1;
	} else if (!strcmp(f, DC_FIG_QUEUE)) {
		d->depth = (int)num(r, RK_DC_DEPTH);
		d->iops = num(r, RK_DC_IOPS);
		d->iops1 = num(r, RK_DC_IOPS_1);
		d->qn = num(r, RK_DC_N);
	} else if (!strcmp(f, DC_FIG_PHASE) && d->nph < PHASES) {
		d->ph[d->nph].off = num(r, RK_DC_OFFSET);
		d->ph[d->nph].ref = num(r, RK_DC_REF);
		d->ph[d->nph].from = num(r, RK_DC_FROM) > 0 ? num(r, RK_DC_FROM) : 0;
		d->ph[d->nph++].ms = num(r, RK_DC_MS);
	} else if (!strcmp(f, DC_FIG_FREE)) {
		d->free_set = 1;
		d->free = num(r, RK_DC_FREE) == 1;
		d->free_n = (int)num(r, RK_DC_N);
		d->free_hits = (int)num(r, RK_DC_HITS);
	} else if (!strcmp(f, DC_FIG_END)) {
		d->end = fig(r, RK_DC_SECONDS);
		d->again = num(r, RK_DC_AGAIN);
		d->late = num(r, RK_DC_LATE);
		d->a_hits = num(r, RK_DC_A_HITS);
	} else {
		each_write(d, r, f);
	}
}

/* a track's fraction of the whole between the outer edge and off: tracks
 * hold one turn at the rate there (the zones, linear between them) */
static double rate_at(const struct disk *d, double off)
{
	unsigned i = 0;

	while (i + 1 < d->nz && d->z[i + 1].off <= off)
		i++;
	if (off <= d->z[0].off || i + 1 >= d->nz)
		return d->z[i].mbs;
	return d->z[i].mbs + (off - d->z[i].off) / (d->z[i + 1].off - d->z[i].off) * (d->z[i + 1].mbs - d->z[i].mbs);
}

static double tracks_to(const struct disk *d, double off)
{
	double t = 0, step = d->size / 4096;

	/* 4096 slices of the disk at most, counted as whole numbers: a
	 * floating-point step may stop moving x, or be 0 */
	for (unsigned i = 0; i < 4096 && step > 0 && i * step < off; i++) {
		double x = i * step, e = x + step < off ? x + step : off;

		t += (e - x) / rate_at(d, (x + e) / 2);
	}
	return t;
}

/* the seek at a stroke fraction u, linear between the measured points
 * (none at 0), past the last one along the last two */
static double seek_at(const double *u, const double *ms, unsigned n, double x)
{
	unsigned i = 0;

	if (!n)
		return NAN;
	if (x <= u[0])
		return ms[0] * (x / u[0]);
	while (i + 2 < n && u[i + 1] < x)
		i++;
	if (n == 1)
		return ms[0];
	return ms[i] + (x - u[i]) / (u[i + 1] - u[i]) * (ms[i + 1] - ms[i]);
}

/*
 * The zone table from the positions sampled (Skippy's chains at each
 * fig=zone offset): a sample whose chains agree (sd under 1 % of its rate)
 * and whose track holds a whole number of sectors (within 0.2) gives the
 * sectors a track there; consecutive samples alike are one zone, and a
 * zone ends half way between the last sample that saw it and the first
 * that saw the next (the characteriser bisects between the positions it
 * samples, so two records either side of an edge are about a track
 * apart; the widest such gap is kept). Where no two neighbouring
 * samples agree, no table. Each zone is whole cylinders of heads x spt
 * sectors (the last one to the capacity); the skews measured at one
 * position are kept in time, so in sectors in proportion to the zone's
 * sectors a track.
 */
struct ztab {
	unsigned n;
	struct {
		double spt, bytes;	/* bytes: where the zone's LBNs begin */
		long long first, last;
		unsigned r0, r1;	/* its records: d->z[r0 .. r1) */
		double st, sc, off;	/* its skews and its first sector's angle (sectors) */
		int own, off_set;	/* the skews its own chains saw; its angle measured */
		int cyl_own;		/* its cylinder skew: 1 its chains', 2 a cylinder on's (zone_cyl_skew), 0 kept in time */
	} z[DMODEL_ZONES_MAX];
	double heads;
	int sparing;		/* the model's: 0 none, 2 at a cylinder's end, 3 at each track's, 5 at a cylinder's front */
	double spares;		/* sectors a cylinder (2, 5) or a track (3) keeps spare */
	int cut;		/* more zones seen than the model's table holds: the last to the end */
	double gap;		/* the widest gap between two records either side of an edge (bytes) */
};

static int zone_spt(const struct disk *d, unsigned i, double *spt)
{
	double s = d->z[i].mbs * d->rev.v * 1e3 / 512;

	if (!(d->z[i].mbs > 0) || !(d->z[i].sd < 0.01 * d->z[i].mbs) || fabs(s - round(s)) > 0.2)
		return 0;
	*spt = round(s);
	return 1;
}

/*
 * The spares, from the tracks the characteriser placed (where a skewed
 * chain crossed them) at its one position of P sectors a track: a
 * cylinder's middle tracks shorter, spares at each track's end (DiskSim's
 * sparing 3); else its last shorter, at its end (2); else its first, at
 * its front (5); else none. What each holds is the one position's.
 */
static void spares_of(const struct disk *d, double P, struct ztab *t)
{
	t->sparing = 0;
	t->spares = 0;
	if (!(P > 0) || !isfinite(d->tmid))
		return;
	if (d->tmid < P - 0.5 && d->tmid > P / 2)
		t->sparing = 3, t->spares = P - d->tmid;
	else if (fabs(d->tmid - P) < 0.5 && d->tlast < P - 0.5 && d->tlast > 0)
		t->sparing = 2, t->spares = P - d->tlast;
	else if (fabs(d->tmid - P) < 0.5 && d->tfirst < P - 0.5 && d->tfirst > 0)
		t->sparing = 5, t->spares = P - d->tfirst;
	t->spares = round(t->spares);
}

/* the logical sectors of a cylinder of zone k */
static double ztab_cyl_sectors(const struct ztab *t, double spt)
{
	return t->sparing == 3 ? t->heads * (spt - t->spares) : t->heads * spt - t->spares;
}

static void build_zones(const struct disk *d, double heads, struct ztab *t)
{
	double end[DMODEL_ZONES_MAX], spt, at = 0, last_off = 0;
	long long cyl = 0;
	unsigned alike = 0;

	t->n = 0;
	t->heads = heads;
	spares_of(d, round(d->skew_spt), t);
	t->cut = 0;
	t->gap = 0;
	for (unsigned i = 0; i < d->nz; i++) {
		if (!zone_spt(d, i, &spt))
			continue;
		if (t->n && t->z[t->n - 1].spt == spt) {
			last_off = d->z[i].off;
			t->z[t->n - 1].r1 = i + 1;
			alike++;
			continue;
		}
		if (t->n == DMODEL_ZONES_MAX) {
			t->cut = 1;
			break;
		}
		if (t->n) {
			end[t->n - 1] = (last_off + d->z[i].off) / 2;
			if (d->z[i].off - last_off > t->gap)
				t->gap = d->z[i].off - last_off;
		}
		t->z[t->n].r0 = i;
		t->z[t->n].r1 = i + 1;
		t->z[t->n++].spt = spt;
		last_off = d->z[i].off;
	}
	/* no two neighbours alike: the sectors a track change at every
	 * sample (a platter without zones, as a datasheet profile's), which
	 * the profile's linear rate describes better than a table could */
	if (!alike)
		t->n = 0;
	for (unsigned k = 0; k < t->n; k++) {
		double cylb = ztab_cyl_sectors(t, t->z[k].spt) * 512;
		long long c = k + 1 < t->n ? llround((end[k] - at) / cylb) : (long long)ceil((d->size - at) / cylb);

		if (c < 1)
			c = 1;
		t->z[k].bytes = at;
		t->z[k].first = cyl;
		t->z[k].last = cyl + c - 1;
		cyl += c;
		at += c * cylb;
	}
}

/* the cylinder (a fraction of one) of the byte off under the zone table */
static double ztab_cyl(const struct ztab *t, double off)
{
	unsigned k = 0;

	while (k + 1 < t->n && t->z[k + 1].bytes <= off)
		k++;
	return t->z[k].first + (off - t->z[k].bytes) / (ztab_cyl_sectors(t, t->z[k].spt) * 512);
}

#define F0(x) (isfinite(x) ? (x) : -1.0)

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * A zone's skews where its own chains crossed edges: each record's least
 * skew seen is a track's where it is nearer the track skew kept in time
 * (*st) than the cylinder's (*sc), else a cylinder's (a chain that crossed
 * only that edge); each the median of its kind. 0: none of either.
 */
static unsigned zone_skews(const struct disk *d, unsigned r0, unsigned r1, double *st, double *sc, unsigned *ntp, unsigned *ncp)
{
	double ot[ZONES], oc[ZONES];
	unsigned nt = 0, nc = 0;

	for (unsigned i = r0; i < r1 && i < d->nz; i++) {
		double v = d->z[i].skew;

		/* whole sectors (below): a chain across a zone's edge sees
		 * none of the two zones' skews */
		if (!isfinite(v) || fabs(v - round(v)) > 0.1)
			continue;
		if (fabs(v - *st) <= fabs(v - *sc))
			ot[nt++] = v;
		else
			oc[nc++] = v;
	}
	qsort(ot, nt, sizeof(ot[0]), cmp_dbl);
	qsort(oc, nc, sizeof(oc[0]), cmp_dbl);
	if (nt)
		*st = stats_quantile_sorted(ot, nt, 0.5);
	if (nc)
		*sc = stats_quantile_sorted(oc, nc, 0.5);
	*ntp = nt, *ncp = nc;
	return nt + nc;
}

/* the zone of the table the byte off lies in */
static unsigned ztab_zone(const struct ztab *t, double off)
{
	unsigned k = 0;

	while (k + 1 < t->n && t->z[k + 1].bytes <= off)
		k++;
	return k;
}

/*
 * Where the sector at byte off lies under the table's layout
 * (disk/model/zones.c's: whole cylinders of heads tracks, its spares): its
 * zone (returned), its physical sector on its track, the track and the
 * cylinder in the zone
 */
static unsigned ztab_place(const struct ztab *t, double off, double *sec, double *tr, double *c)
{
	unsigned k = ztab_zone(t, off);
	double spt = t->z[k].spt, i = floor((off - t->z[k].bytes) / 512);
	double unit = t->sparing == 3 ? spt : t->heads * spt, data = t->sparing ? unit - t->spares : unit;
	double ph = floor(i / data) * unit + fmod(i, data) + (t->sparing == 5 ? t->spares : 0);

	*tr = floor(ph / spt);
	*sec = ph - *tr * spt;
	*c = floor(*tr / t->heads);
	return k;
}

/* the angle (a fraction of the turn) where the sector at byte off ends:
 * track t of a zone, c its cylinder, starts (t - c) track skews and c
 * cylinder skews past the zone's first sector, its zone's angle taken as 0 */
static double ztab_angle(const struct ztab *t, double off)
{
	double sec, tr, c;
	unsigned k = ztab_place(t, off, &sec, &tr, &c);
	double spt = t->z[k].spt, a = fmod(sec + 1 + (tr - c) * t->z[k].st + c * t->z[k].sc, spt) / spt;

	return a < 0 ? a + 1 : a;
}

/* the medoid of n values round a circle of span w (the one nearest the
 * others: a value off by a skew where a layout misplaces a sector does
 * not move it); NAN none */
static double medoid(const double *a, unsigned n, double w)
{
	double best = INFINITY, m = NAN;

	for (unsigned i = 0; i < n; i++) {
		double sum = 0;

		for (unsigned j = 0; j < n; j++)
			sum += fabs(a[j] - a[i] - w * floor((a[j] - a[i]) / w + 0.5));
		if (sum < best)
			best = sum, m = a[i];
	}
	return m;
}

/*
 * A zone's cylinder skew from the phase records a cylinder on: each is
 * read a cylinder past one in the zone, and the angle between their
 * sectors' ends is what lies between them on the layout, (tr - c) track
 * skews and c cylinder skews, c = 1 (a pair the layout does not put a
 * cylinder apart is passed over). pz: each phase read's zone. NAN: none.
 */
static double zone_cyl_skew(const struct disk *d, const struct ztab *t, const unsigned *pz, unsigned k)
{
	double v[PHASES], spt = t->z[k].spt;
	unsigned n = 0;

	for (unsigned i = 0; i < d->nph; i++) {
		double sx, tx, cx, sy, ty, cy, ax, ay, turn;
		unsigned x;

		if (!(d->ph[i].from > 0) || pz[i] != k)
			continue;
		/* its own read a cylinder below came before it (a few reads back) */
		for (x = i; x-- > 0 && d->ph[x].off != d->ph[i].from;)
			;
		if (x >= i || ztab_place(t, d->ph[x].off, &sx, &tx, &cx) != k || ztab_place(t, d->ph[i].off, &sy, &ty, &cy) != k ||
		    cy - cx != 1)
			continue;
		ax = d->ph[x].ms / d->rev.v + ztab_angle(t, d->ph[x].ref);
		ay = d->ph[i].ms / d->rev.v + ztab_angle(t, d->ph[i].ref);
		turn = ay - ax - floor(ay - ax);
		v[n] = fmod(turn * spt - (sy - sx) - ((ty - cy) - (tx - cx)) * t->z[k].st, spt);
		if (v[n] < 0)
			v[n] += spt;
		n++;
	}
	return n ? medoid(v, n, spt) : NAN;
}

/*
 * Each zone's skews (zone_skews, else kept in time from the one position
 * measured; less the spares a skip holds; whole where within 0.1 of whole,
 * and where kept in time) and its first sector's angle
 * where the phase records measured one in it: the angle from the
 * reference's sector's end to the sector's, less what the layout puts
 * between them, the reference's zone's angle 0 (the platter's angle is
 * the profile's to choose).
 */
static void zone_angles(const struct disk *d, struct ztab *t)
{
	/* a skew seen is the sectors skipped at an edge: the spares past
	 * the track (3) or the cylinder (2, 3, 5) with it */
	double s_t = t->sparing == 3 ? t->spares : 0, s_c = t->sparing ? t->spares : 0;

	for (unsigned k = 0; k < t->n; k++) {
		/* kept in time: what is skipped at an edge, spares and skew,
		 * passes under the head while it switches */
		double f = d->skt.set && d->skew_spt > 0 ? t->z[k].spt / d->skew_spt : 0;
		double st = d->skt.set ? fmod(d->skt.v * f, t->z[k].spt) : 0, sc = d->skc.set ? fmod(d->skc.v * f, t->z[k].spt) : st;
		unsigned nt = 0, nc = 0;

		t->z[k].own = d->skt.set && zone_skews(d, t->z[k].r0, t->z[k].r1, &st, &sc, &nt, &nc) > 0;
		t->z[k].cyl_own = nc > 0;
		st -= s_t, sc -= s_c;
		if (st < 0)
			st += t->z[k].spt;
		if (sc < 0)
			sc += t->z[k].spt;
		/* a skew is whole sectors on the platter (a track's first
		 * logical sector is one of its physical ones): one measured
		 * within 0.1 of whole, and one kept in time, whole, else its
		 * error would add up over a zone's thousands of tracks */
		if (fabs(st - round(st)) < 0.1 || !nt)
			st = round(st);
		if (fabs(sc - round(sc)) < 0.1 || !nc)
			sc = round(sc);
		t->z[k].st = st > t->z[k].spt - 0.001 ? 0 : st;
		t->z[k].sc = sc > t->z[k].spt - 0.001 ? 0 : sc;
		t->z[k].off = 0;
		t->z[k].off_set = 0;
	}
	if (!(d->rev.v > 0))
		return;
	/* each phase read's zone and its reference's, once */
	unsigned pz[PHASES], pr[PHASES];

	for (unsigned i = 0; i < d->nph; i++)
		pz[i] = ztab_zone(t, d->ph[i].off), pr[i] = ztab_zone(t, d->ph[i].ref);
	/* the cylinder skews where no chain of the zone crossed a cylinder's
	 * edge: a cylinder on (the zone's first sector's angle cancels) */
	for (unsigned k = 0; k < t->n; k++) {
		double sc;

		if (t->z[k].cyl_own || isnan(sc = zone_cyl_skew(d, t, pz, k)))
			continue;
		t->z[k].sc = fabs(sc - round(sc)) < 0.1 ? round(sc) : sc;
		if (t->z[k].sc > t->z[k].spt - 0.001)
			t->z[k].sc = 0;
		t->z[k].cyl_own = 2;
	}
	for (unsigned k = 0; k < t->n; k++) {
		double a[PHASES], spt = t->z[k].spt;
		unsigned n = 0;

		for (unsigned i = 0; i < d->nph; i++) {
			if (d->ph[i].from > 0 || pz[i] != k || pr[i] == k || d->ph[i].off >= d->size)
				continue;
			a[n] = d->ph[i].ms / d->rev.v - (ztab_angle(t, d->ph[i].off) - ztab_angle(t, d->ph[i].ref));
			a[n] -= floor(a[n]);
			n++;
		}
		if (!n)
			continue;
		t->z[k].off = medoid(a, n, 1) * spt;
		t->z[k].off -= spt * floor(t->z[k].off / spt);
		if (t->z[k].off > spt - 0.0005)
			t->z[k].off = 0;
		t->z[k].off_set = 1;
	}
}

static void print_zones(const struct disk *d, struct ztab *t, const char *who)
{
	unsigned good = 0, own = 0, angles = 0, cyl_on = 0;
	double spt;

	for (unsigned i = 0; i < d->nz; i++)
		good += zone_spt(d, i, &spt);
	zone_angles(d, t);
	for (unsigned k = 0; k < t->n; k++)
		own += t->z[k].own, angles += t->z[k].off_set, cyl_on += t->z[k].cyl_own == 2;
	printf("cylinders = %lld\nsource.cylinders = ESTIMATE: the zones' cylinders below\n", t->z[t->n - 1].last + 1);
	char edges[96] = "one zone";

	if (t->n > 1)
		snprintf(edges, sizeof(edges), "a zone's edge half way between two that differ (within %.3f MB)", t->gap / 2e6);
	printf("source.zone = %s: sectors a track (one turn at the rate of Skippy's chains) at %u of %u positions sampled and bisected, "
	       "%s; whole cylinders; skews each zone's own where its chains crossed track edges (%u of %u), a cylinder skew from reads a "
	       "cylinder apart where they crossed none of a cylinder (%u), else kept in time from the one position measured (%s); %s; %s; "
	       "no front\n",
	       who, good, d->nz, edges, own, t->n, cyl_on, d->skt.set ? "Skippy's chain across tracks" : "none seen: 0",
	       angles ? "each zone's first sector's angle from reads in it just after one near the disk's start (the reference's zone's 0)"
		      : "no angle measured: 0",
	       t->sparing ? "the spares of the tracks placed at the one position (sparing below), alike in every zone" : "no spares");
	if (t->sparing)
		printf("sparing = %d\nsource.sparing = %s: the tracks placed where Skippy's chain crossed them hold %.0f sectors (a cylinder's first), "
		       "%.0f (its middle ones) and %.0f (its last) of %.0f a turn: %.0f spare %s\n",
		       t->sparing, who, F0(d->tfirst), F0(d->tmid), F0(d->tlast), round(d->skew_spt), t->spares,
		       t->sparing == 3 ? "at each track's end" : t->sparing == 2 ? "at each cylinder's end" : "at each cylinder's front");
	if (t->cut)
		printf("# more zones seen than the model's table holds (%d): the last one to the end\n", DMODEL_ZONES_MAX);
	for (unsigned k = 0; k < t->n; k++)
		printf("zone.%u = %lld %lld %.0f %.3f %.3f %.0f 0 %.3f\n", k + 1, t->z[k].first, t->z[k].last, t->z[k].spt, t->z[k].st,
		       t->z[k].sc, t->sparing ? t->spares : 0, t->z[k].off);
}

/*
 * The cylinder (a fraction of one) where the byte off lies on the platter
 * the profile describes without zones (disk/model/geometry.c): a track holds
 * one turn at a rate linear in the track from ro to ri (bytes/s), T tracks
 * in all, so the bytes before track n are 60 / rpm (ro n - (ro - ri) n^2 /
 * (2 T)); n solves that for off.
 */
static double platter_cyl(double off, double cap, double rpm, double ro, double ri, double heads)
{
	double T = cap * rpm / (30 * (ro + ri)), x = off * rpm / 60, a = (ro - ri) / (2 * T), n, disc;

	if (a <= 0)
		n = x / ro;
	else {
		disc = ro * ro - 4 * a * x;
		n = (ro - sqrt(disc > 0 ? disc : 0)) / (2 * a);
	}
	return n / heads;
}

/* the measured seeks as the profile's seek table (seek.N = CYLINDERS MS,
 * the importer's keys): each distance in the cylinders of the platter the
 * profile describes, from where the seek began to where it ended (or the
 * cylinders the characteriser counted, where it did: along a serpentine
 * layout's run), in increasing order; a distance no further than one
 * before it is left out */
static void print_seek_table(const struct disk *d, const struct ztab *t, const char *who, double rpm, double ro, double ri,
			     double heads)
{
	unsigned order[SEEKS], n = 0, k = 0, counted = 0;
	double cy[SEEKS];
	long long last = 0;
	double sd = 0;

	for (unsigned i = 0; i < d->ns; i++) {
		const struct seek_fig *s = &d->s[i];
		unsigned j = n++;

		counted += s->cyls > 0;
		cy[i] = s->cyls > 0 ? s->cyls
			: t->n ? ztab_cyl(t, s->off + s->dist) - ztab_cyl(t, s->off)
			       : platter_cyl(s->off + s->dist, d->size, rpm, ro, ri, heads) - platter_cyl(s->off, d->size, rpm, ro, ri, heads);
		while (j && cy[order[j - 1]] > cy[i]) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = i;
	}
	printf("source.seek = %s: the seek curve's %u distances (DIXtrac's bisection of the threshold), each in the cylinders of this profile's %s%s\n",
	       who, d->ns, t->n ? "zones" : "platter", counted ? " (those along a serpentine run: the cylinders counted there)" : "");
	for (unsigned i = 0; i < n; i++) {
		const struct seek_fig *s = &d->s[order[i]];
		long long cyl = llround(cy[order[i]]);

		if (cyl < 1)
			cyl = 1;
		if (cyl <= last || !(s->ms > 0))
			continue;
		/* on a serpentine layout a distance in LBNs shorter than two runs
		 * says nothing of the cylinders between (the run turns back) */
		if (d->serpentine && d->run > 0 && !(s->cyls > 0) && cyl < 2 * d->run)
			continue;
		last = cyl;
		sd = fmax(sd, s->sd);
		printf("seek.%u = %lld %.4f\n", ++k, cyl, s->ms);
	}
	printf("# (the seek table: %u points, each with a sd of at most %.4f ms over its repetitions)\n", k, sd);
}

/* a figure as "%.4f" prints it */
static double round4(double x)
{
	return round(x * 1e4) / 1e4;
}

/* a name a-z 0-9 _ - of 1-31 bytes from the model (or the modelled profile) */
static void make_name(const struct disk *d, char *out, size_t n)
{
	const char *from = d->modelled[0] ? d->modelled : strcmp(d->model, "unknown") ? d->model : "disk";
	size_t k = 0;

	for (const char *p = from; *p && k + 10 < n && k < 20; p++) {
		char c = *p >= 'A' && *p <= 'Z' ? (char)(*p - 'A' + 'a') : *p;

		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_')
			out[k++] = c;
		else if (k && out[k - 1] != '-')
			out[k++] = '-';
	}
	snprintf(out + k, n - k, "-measured");
}

/*
 * The controller's overheads. A re-read (a hit) costs the host's path,
 * the hit's overhead and a sector on the bus; a read of the sector just
 * after the head (the path without a seek) costs the host's path, the
 * miss's overhead, a sector under the head (at the outer zone, where the
 * path is measured) and one on the bus. The sectors are measured; the
 * host's path is not parted from either overhead by reads (any split
 * from 0 to the lesser sum fits them). Taken as 0, each overhead is over
 * by the host's path, tens of microseconds; taken at the most, the lesser
 * overhead would be 0 and the other under by what it really is, which
 * for DiskSim's drives is up to 1.5 ms: 0 is the smaller error. A write
 * takes its command and data in, as a hit sends them, and sets the head
 * going, as a miss does: the larger of the two. ESTIMATE each, its
 * derivation in its source line.
 */
/* the rewrite mode measured what a model of writes needs */
static int writes_measured(const struct disk *d)
{
	if (!d->w.ran)
		return 0;
	if (d->w.cache)
		return d->w.buf[0].set && d->w.buf[0].n;
	return d->w.tail.set && d->w.near[0].set && d->w.near[0].n && d->w.sector > 0;
}

/* a read's overhead after a write the rewrite mode measured (print_writes prints it) */
static int after_write_measured(const struct disk *d, const char *key)
{
	if (!writes_measured(d) || d->w.cache)
		return 0;
	if (!strcmp(key, "oh_read_miss_after_write_ms"))
		return d->w.rw.set && d->w.rw.n;
	if (!strcmp(key, "oh_read_hit_after_write_ms"))
		return d->w.hitw.set && d->w.hitw.n;
	return 0;
}

static const char *const oh_write_keys[] = { "oh_write_hit_after_read_ms", "oh_write_hit_after_write_ms", "oh_write_miss_after_read_ms",
					      "oh_write_miss_after_write_ms" };

/*
 * The write path from the rewrite mode's figures (docs/diskchar.md), as
 * sums where the model's parts do not show apart in the timing, in the
 * parameters that add where the sums do (disk/model/drive.c's write):
 * - back: a reported write of k sectors takes the write overhead, the
 *   reconnect, k sectors on the bus and the done: the slope over k is the
 *   bus's write rate, the rest the overhead (reconnect and done 0);
 * - through: a write's tail (reselect and done) is the read's (a sector
 *   on the bus, oh_read_done 0 in this profile) plus the tails'
 *   difference; the threshold at no seek is the command's overhead and
 *   reconnect, a sector on the bus, the sector, the tail: the overhead
 *   and reconnect one sum, in the overhead; a write of several sectors
 *   whose threshold grows faster than the media's sector time shows the
 *   bus's write rate (the media waits for the bus); a seek away, what the
 *   write's threshold grows by beyond the read's at that seek is the
 *   settle (with the bus's sector, which the seek hides).
 */
static void print_writes(const struct disk *d, const char *who)
{
	double bus1 = d->bus.set && d->bus.v > 0 ? 512e-3 / d->bus.v : 512e-3 / 100;

	if (d->w.cache) {
		double b1 = d->w.buf[0].v, bw = bus1, oh;
		int seen = d->w.buf[1].set && d->w.buf[1].n && d->w.buf_n[1] > 1 && d->w.buf[1].v > b1;

		if (seen) {
			bw = (d->w.buf[1].v - b1) / (d->w.buf_n[1] - 1);
			printf("bus_write_sector_ms = %.5f\nsource.bus_write_sector_ms = %s (rewrite mode): writes of %u and 1 sectors reported from the buffer, "
			       "%.4f and %.4f ms: the slope\n", bw, who, d->w.buf_n[1], d->w.buf[1].v, b1);
		}
		oh = b1 - bw > 0 ? b1 - bw : 0;
		for (size_t i = 0; i < sizeof(oh_write_keys) / sizeof(oh_write_keys[0]); i++)
			printf("%s = %.4f\nsource.%s = %s (rewrite mode): a write of a sector reported from the buffer (%.4f ms, sd %.4f, %u) less "
			       "its sector on the bus (%.4f ms): the overhead, the reconnect and the done in one sum (the timing does not part them; "
			       "the host's path in it); measured after a read, a write-back drive reports every write so\n",
			       oh_write_keys[i], oh, oh_write_keys[i], who, b1, d->w.buf[0].sd, d->w.buf[0].n, bw);
		printf("oh_write_reconnect_ms = 0\nsource.oh_write_reconnect_ms = %s (rewrite mode): in oh_write_*_ms (one sum)\n"
		       "oh_write_done_ms = 0\nsource.oh_write_done_ms = %s (rewrite mode): in oh_write_*_ms (one sum)\n", who, who);
		return;
	}
	double ts = d->w.sector, D = d->w.tail.v, W1 = d->w.near[0].v, bw = bus1, tail, settle = 0;
	int seen = d->w.near[1].set && d->w.near[1].n && d->w.near_n[1] > 1;
	double slope = seen ? (d->w.near[1].v - W1) / (d->w.near_n[1] - 1) : 0;
	unsigned nf = 0;
	char fars[200] = "";

	if (seen && slope > 1.03 * ts) {
		bw = slope;
		printf("bus_write_sector_ms = %.5f\nsource.bus_write_sector_ms = %s (rewrite mode): the thresholds of writes of %u and 1 sectors on their "
		       "track (%.4f, %.4f ms) grow by %.5f ms a sector, more than the media's %.5f: the media waits for the bus\n",
		       bw, who, d->w.near_n[1], d->w.near[1].v, W1, slope, ts);
	} else if (seen) {
		printf("# the bus's write rate not seen: writes of %u and 1 sectors grow by %.5f ms a sector, the media's %.5f (the read's rate stays)\n",
		       d->w.near_n[1], slope, ts);
	}
	tail = D + bus1 > 0 ? D + bus1 : 0;
	for (unsigned i = 0; i < d->w.nfar; i++) {
		size_t len = strlen(fars);

		if (!(d->w.far[i].n > 0) || !d->overhead.set)
			continue;
		settle += bw + (d->w.far[i].ms - W1) - (d->w.far[i].read - d->overhead.v);
		nf++;
		snprintf(fars + len, sizeof(fars) - len, "%s%.4f ms against a read's %.4f over %.4f GB", len ? ", " : "", d->w.far[i].ms,
			 d->w.far[i].read, d->w.far[i].dist / 1e9);
	}
	for (size_t i = 0; i < sizeof(oh_write_keys) / sizeof(oh_write_keys[0]); i++) {
		int aw = strstr(oh_write_keys[i], "after_write") && d->w.ww.set && d->w.ww.n;
		const struct fig *y = aw ? &d->w.ww : &d->w.near[0];
		double v = y->v - ts - tail - bw;

		printf("%s = %.4f\nsource.%s = %s (rewrite mode): a write of a sector's threshold on its track after a %s (%.4f ms, sd %.4f, %u) less "
		       "the sector (%.5f ms), its tail (%.4f ms) and a sector on the bus (%.5f ms): the command's overhead and the reconnect in "
		       "one sum (the timing does not part them; the host's path in it)%s\n",
		       oh_write_keys[i], v > 0 ? v : 0, oh_write_keys[i], who, aw ? "write" : "read", y->v, y->sd, y->n, ts, tail, bw,
		       strstr(oh_write_keys[i], "after_write") && !aw ? "; measured after a read, as after a write" : "");
	}
	if (d->w.rw.set && d->w.rw.n) {
		/* a read after a write against one after a read: what it costs
		 * more a seek away adds to the overhead; what it costs more
		 * without a seek beyond that, a floor past the sector's time, is
		 * the reconnect after a write (the model's max: the drive sends
		 * no sooner than that after the command) */
		double media1 = d->z[0].mbs > 0 ? 512e-3 / d->z[0].mbs : 0, rm = d->overhead.v - media1 - bus1, a = 0, v, fl;
		unsigned na = 0;
		char fs[160] = "";

		rm = rm > 0 ? rm : 0;
		for (unsigned i = 0; i < d->w.nfar; i++)
			if (d->w.far[i].rw > 0 && d->w.far[i].n) {
				size_t len = strlen(fs);

				a += d->w.far[i].rw - d->w.far[i].read;
				na++;
				snprintf(fs + len, sizeof(fs) - len, "%s%.4f against %.4f ms", len ? ", " : "", d->w.far[i].rw, d->w.far[i].read);
			}
		if (na)
			a /= na;
		else
			a = d->w.rw.v - ts - bus1 - rm;
		v = rm + a > 0 ? rm + a : 0;
		fl = d->w.rw.v - v - bus1;
		printf("oh_read_miss_after_write_ms = %.4f\nsource.oh_read_miss_after_write_ms = %s (rewrite mode): the miss's after a read (%.4f ms) "
		       "plus what a read's threshold a seek away after a write costs beyond one after a read (%s; %s)\n",
		       v, who, rm, na ? "the mean of" : "none measured a seek away: all of the threshold on its track after a write", fs);
		if (na && fl > 1.05 * ts)
			printf("oh_read_reconnect_after_write_ms = %.4f\nsource.oh_read_reconnect_after_write_ms = %s (rewrite mode): a read's threshold "
			       "on its track after a write (%.4f ms, sd %.4f, %u) less the miss's overhead after a write and a sector on the bus (%.5f ms): "
			       "longer than the sector under the head (%.5f ms), which it does not cost a seek away: the drive sends no sooner\n",
			       fl, who, d->w.rw.v, d->w.rw.sd, d->w.rw.n, bus1, ts);
	}
	if (d->w.hitw.set && d->w.hitw.n) {
		double v = d->w.hitw.v - bus1;

		printf("oh_read_hit_after_write_ms = %.4f\nsource.oh_read_hit_after_write_ms = %s (rewrite mode): a re-read of a sector just written "
		       "(%.4f ms, sd %.4f, %u hits) less a sector on the bus (%.5f ms) (the host's path in it)\n",
		       v > 0 ? v : 0, who, d->w.hitw.v, d->w.hitw.sd, d->w.hitw.n, bus1);
	}
	printf("oh_write_reconnect_ms = 0\nsource.oh_write_reconnect_ms = %s (rewrite mode): in oh_write_*_ms (one sum)\n", who);
	printf("oh_write_reselect_ms = %.4f\nsource.oh_write_reselect_ms = %s (rewrite mode): a write's completion less a read's of its sector, "
	       "modulo the turn, %.4f ms (sd %.4f, %u), plus the read's tail here (a sector on the bus, %.5f ms): the time from a write's last "
	       "sector under the head to its completion, reselect and done in one sum\n",
	       tail, who, D, d->w.tail.sd, d->w.tail.n, bus1);
	printf("oh_write_done_ms = 0\nsource.oh_write_done_ms = %s (rewrite mode): in oh_write_reselect_ms (one sum)\n", who);
	if (nf)
		printf("write_settle_ms = %.4f\nsource.write_settle_ms = %s (rewrite mode): what a write's threshold a seek away grows by beyond a read's "
		       "at the same seek, from its threshold on its track, with the bus's sector the seek hides (%s; the mean of %u)\n",
		       settle / nf, who, fars, nf);
	printf("write_seek_delay_ms = 0\nsource.write_seek_delay_ms = %s (rewrite mode): in oh_write_*_ms and write_settle_ms (the sums)\n"
	       "write_min_seek_ms = 0\nsource.write_min_seek_ms = %s (rewrite mode): in oh_write_*_ms (the sum)\n", who, who);
}

/* DiskSim's Minimum read-ahead (DIXtrac's minimum prefetch), from the
 * wait it makes a read asked at once after a miss; no more than the
 * read-ahead (the model's rule) */
static void print_ra_min(const struct disk *d, const char *who)
{
	double kb = d->ramin_kb, ra = d->ra.set && d->ra.v > 0 ? d->ra.v : 0;

	if (!d->ramin_set) {
		printf("readahead_min_kb = 0.0\nsource.readahead_min_kb = ESTIMATE: not measured (fewer than half of eight re-reads "
		       "at once after a miss agreed, or none after a pause was a hit); none\n");
	} else if (!(kb > 0)) {
		printf("readahead_min_kb = 0.0\nsource.readahead_min_kb = %s: a read asked at once after a miss cost what one asked "
		       "after a pause did (no wait for a minimum read-ahead)\n", who);
	} else {
		printf("readahead_min_kb = %.1f\nsource.readahead_min_kb = %s: a sector re-read at once after a miss waited %.4f ms "
		       "(sd %.4f, %u places near %.0f MB) more than after a pause; that wait and a sector on the bus, in sectors there "
		       "(the host's path and the drive's completion overhead, which the timing does not part from the wait, left out)%s%s\n",
		       kb < ra ? kb : ra, who, d->ramin_wait.v, d->ramin_wait.sd, d->ramin_wait.n, d->ramin_at / 1e6,
		       d->ramin_varies ? "; shorter at some places (a read-ahead that stops at its track's end reads less near it)" : "",
		       kb > ra ? "; no more than the read-ahead measured" : "");
	}
}

/* every re-read at once a miss: a buffer that serves nothing it read */
static int keeps_nothing(const struct disk *d)
{
	return d->hit_set && !d->hit.n && d->hit_frac == 0;
}

static void print_overheads(const struct disk *d)
{
	static const struct {
		const char *key;
		int kind;	/* 0 hit, 1 miss, 2 write */
	} oh[] = { { "oh_read_hit_after_read_ms", 0 },   { "oh_read_hit_after_write_ms", 0 },  { "oh_read_miss_after_read_ms", 1 },
		   { "oh_read_miss_after_write_ms", 1 }, { "oh_write_hit_after_read_ms", 2 },  { "oh_write_hit_after_write_ms", 2 },
		   { "oh_write_miss_after_read_ms", 2 }, { "oh_write_miss_after_write_ms", 2 } };
	double bus1 = d->bus.set && d->bus.v > 0 ? 512e-3 / d->bus.v : 0, media1 = d->z[0].mbs > 0 ? 512e-3 / d->z[0].mbs : 0;
	double rh = d->hit.v - bus1, rm = d->overhead.v - media1 - bus1, v[3];
	char why[3][320];

	v[1] = rm > 0 ? rm : 0;
	snprintf(why[1], sizeof(why[1]),
		 "ESTIMATE: the path without a seek (%.4f ms) less a sector under the head (%.4f ms) and on the bus (%.4f ms); the host's path, which reads do not part from it, in it",
		 d->overhead.v, media1, bus1);
	if (d->hit.n) {
		v[0] = rh > 0 ? rh : 0;
		snprintf(why[0], sizeof(why[0]),
			 "ESTIMATE: a re-read (%.4f ms, sd %.4f, %u) less a sector on the bus (%.4f ms); the host's path, which reads do not part from it, in it",
			 d->hit.v, d->hit.sd, d->hit.n, bus1);
	} else {
		v[0] = v[1];
		snprintf(why[0], sizeof(why[0]), "ESTIMATE: no re-read was a hit; as the miss's");
	}
	v[2] = v[0] > v[1] ? v[0] : v[1];
	snprintf(why[2], sizeof(why[2]),
		 "ESTIMATE: the characteriser never writes; a write takes its data in as a hit and starts the head as a miss: the larger of the read hit's and miss's");
	for (size_t i = 0; i < sizeof(oh) / sizeof(oh[0]); i++)
		if (!(oh[i].kind == 2 && writes_measured(d)) && !after_write_measured(d, oh[i].key))
			printf("%s = %.4f\nsource.%s = %s\n", oh[i].key, v[oh[i].kind], oh[i].key, why[oh[i].kind]);
}

/* the profile's text, data only: a value from the guest cannot bring a
 * line of its own (a newline or '#' in it is cut) */
static void clean(char *s)
{
	s[strcspn(s, "\n\r#")] = 0;
}

static int print_profile(struct disk *d, const char *sources)
{
	char name[40], when[32], who[40];
	time_t now = time(NULL);
	struct tm tm;
	double u[SEEKS], ms[SEEKS], total, a, avg = 0, full, track, rpm, cache, seg_kb, ri, hd;
	struct ztab zt;
	int nseg;
	unsigned nu = 0;

	clean(d->model);
	clean(d->serial);
	strftime(when, sizeof(when), "%Y-%m-%d", gmtime_r(&now, &tm));
	make_name(d, name, sizeof(name));
	snprintf(who, sizeof(who), "measured on S1");
	printf("# Measured from the timing of reads alone by swapbench's characteriser\n"
	       "# (swapbench.workloads=diskchar, workloads/dchar.h), made into this profile by\n"
	       "# swapbench-report profile on %s from %s.\n"
	       "# S1: the disk %s as the kernel reported it: model %s, serial %s, %.0f bytes;\n"
	       "#     boot %s, timed by the clocksource %s (resolution %.0f ns, step %.0f ns)%s%s.\n"
	       "#     The characteriser's own guest time: %.1f s.\n",
	       when, sources, d->dev, d->model, d->serial, d->size, d->boot, d->clock, d->clock_res, d->clock_step,
	       d->modelled[0] ? "; the disk was the model of DISK=" : "", d->modelled, d->end.v);
	if (d->again > 0)
		printf("#     %.0f of its probes were asked again and the second look said otherwise (a read\n"
		       "#     held back on its way, an interrupt; or a place unlike the first's): the first set apart.\n", d->again);
	if (d->late > 0)
		printf("#     %.0f of its chains' steps were set apart as a completion seen late (an interrupt on its\n"
		       "#     way back: one step long and the next as much short).\n", d->late);
	if (d->a_hits > 0)
		printf("#     %.0f of its aimed probes' first reads were served by the buffer and read again lower.\n", d->a_hits);
	printf("name = %s\nmodel = %s (measured)\nkind = hdd\nrotational = 1\n", name,
	       strcmp(d->model, "unknown") ? d->model : d->modelled[0] ? d->modelled : "unknown disk");
	if (d->w.ran) {
		printf("# write_cache: measured on S1 (rewrite mode: a write's time from its command spread %.4f ms, its completion's phase %.4f ms "
		       "over six pauses: %s); the kernel's queue/write_cache, \"%s\"\n",
		       d->w.cspread, d->w.pspread, d->w.cache ? "reported from the buffer" : "through to the platter", d->wc);
		printf("write_cache = %d\n", d->w.cache);
	} else {
		printf("# write_cache: the kernel's queue/write_cache on S1, \"%s\" (reads cannot see it)\n", d->wc);
		printf("write_cache = %d\n", strstr(d->wc, "back") ? 1 : 0);
	}
	printf("capacity_gb = %.9g\nsource.capacity_gb = S1, the disk's size as the kernel reported it\n", d->size / 1e9);
	rpm = 60000 / d->rev.v;
	printf("rpm = %.0f\nsource.rpm = %s: one turn %.5f ms, sd %.5f over %u zones (%.2f rpm), Skippy's backward chains\n",
	       rpm, who, d->rev.v, d->rev.sd, d->rev.n, rpm);
	/* the seek curve over the stroke's fraction in tracks (the heads cancel) */
	total = tracks_to(d, d->size);
	for (unsigned i = 0; i < d->ns && nu < SEEKS; i++) {
		a = tracks_to(d, d->s[i].off);
		u[nu] = (tracks_to(d, d->s[i].off + d->s[i].dist) - a) / total;
		ms[nu] = d->s[i].ms;
		if (u[nu] > 0 && (!nu || u[nu] > u[nu - 1]))
			nu++;
	}
	if (nu < 2) {
		fprintf(stderr, "swapbench-report: profile: boot %s measured %u seeks: no curve\n", d->boot, nu);
		return EXIT_PROBLEMS;
	}
	/* the mean over uniformly random pairs: distance u has density 2 (1 - u) */
	for (unsigned k = 0; k < 10000; k++) {
		double x = (k + 0.5) / 10000;
		avg += seek_at(u, ms, nu, x) * 2 * (1 - x) / 10000;
	}
	full = seek_at(u, ms, nu, 1);
	track = d->csw.set ? d->csw.v : ms[0];
	printf("seek_track_ms = %.4f\nsource.seek_track_ms = %s: %s\n", track, who,
	       d->csw.set ? "a seek over one cylinder edge, the threshold's bisection (DIXtrac)" : "the shortest seek measured");
	if (d->csw.set)
		printf("# (sd %.4f ms over %u edges)\n", d->csw.sd, d->csw.n);
	printf("seek_avg_ms = %.4f\nsource.seek_avg_ms = %s: the mean of the measured curve (%u distances) over uniformly random pairs of tracks\n",
	       avg, who, nu);
	printf("seek_full_ms = %.4f\nsource.seek_full_ms = %s: the measured curve at the full stroke (its last point at %.4f of it, %.4f ms, sd %.4f)\n",
	       full, who, u[nu - 1], ms[nu - 1], d->s[d->ns - 1].sd);
	printf("rate_outer_mbs = %.4f\nsource.rate_outer_mbs = %s: a sector's time under the head at %.0f bytes, sd %.4f MB/s over %u chains\n",
	       d->z[0].mbs, who, d->z[0].off, d->z[0].sd, d->z[0].n);
	/* no faster than the outer (one zone: the same rate within the chains' spread) */
	printf("rate_inner_mbs = %.4f\nsource.rate_inner_mbs = %s: the same at %.0f bytes, sd %.4f MB/s over %u chains\n",
	       d->z[d->nz - 1].mbs < d->z[0].mbs ? d->z[d->nz - 1].mbs : d->z[0].mbs, who, d->z[d->nz - 1].off, d->z[d->nz - 1].sd, d->z[d->nz - 1].n);
	printf("# the zones measured (offset, MB/s, sectors a track, sequential 1 MiB reads MB/s):\n");
	for (unsigned i = 0; i < d->nz; i++)
		printf("#   %.0f %.3f %.1f %.2f\n", d->z[i].off, d->z[i].mbs, d->z[i].spt, d->z[i].seq);
	if (d->heads.set && d->heads.v >= 1 && d->serpentine) {
		printf("heads = %.0f\nsource.heads = %s: the tracks on one cylinder, a head switch from it and not a seek (its surfaces run in turn outward and "
		       "inward, Skippy's chain across tracks sees only cylinder edges)\n",
		       floor(d->heads.v + 0.5), who);
		printf("# serpentine on S1: each surface's logical tracks cross %.0f cylinders, outward on one surface and inward on the next; "
		       "this profile's layout (whole cylinders in LBN order) cannot say so: an LBN lands in its band of %.0f cylinders, its seeks "
		       "within the band are what a cylinder's tracks in order would give\n",
		       d->run, d->run);
	} else if (d->heads.set && d->heads.v >= 1) {
		printf("heads = %.0f\nsource.heads = %s: %s\n", floor(d->heads.v + 0.5), who,
		       d->skt.set ? "the tracks from one cylinder skew to the next (Skippy's chain across tracks)"
				  : "a cylinder's bytes (where a seek begins) over a track's");
	} else {
		printf("heads = 2\nsource.heads = ESTIMATE: no cylinder edge was seen (the seek within a cylinder is as short as across); two surfaces assumed\n");
	}
	if (d->hsw.set && d->hsw.v > 0.1)
		printf("head_switch_ms = %.4f\nsource.head_switch_ms = %s: the least time from a read above a track edge to one below it, less that within a track, sd %.4f\n",
		       d->hsw.v, who, d->hsw.sd);
	else if (d->hsw.set)
		printf("# head switch measured %.4f ms (sd %.4f): under 0.1 ms, none given\n", d->hsw.v, d->hsw.sd);
	/* the skews: a datasheet profile has no key for them (its platter
	 * starts every track at angle 0); kept here for a zone table */
	if (d->skt.set)
		printf("# track skew measured on S1: %.3f sectors of %.0f a track (sd %.3f over %u of %.0f edges: Skippy's chain across tracks)\n",
		       d->skt.v, d->skew_spt, d->skt.sd, d->skt.n, d->skew_tracks);
	if (d->skc.set)
		printf("# cylinder skew measured on S1: %.3f sectors (sd %.3f over %u edges)\n", d->skc.v, d->skc.sd, d->skc.n);
	/* the seek table, over the platter the figures above describe (as printed) */
	ri = d->z[d->nz - 1].mbs < d->z[0].mbs ? d->z[d->nz - 1].mbs : d->z[0].mbs;
	hd = d->heads.set && d->heads.v >= 1 ? floor(d->heads.v + 0.5) : 2;
	build_zones(d, hd, &zt);
	if (zt.n)
		print_zones(d, &zt, who);
	else
		printf("# no zone table: no two neighbouring positions sampled hold the same sectors a track (the rate changes at every one)\n");
	print_seek_table(d, &zt, who, floor(rpm + 0.5), round4(d->z[0].mbs) * 1e6, round4(ri) * 1e6, hd);
	if (keeps_nothing(d)) {
		/* Enable caching in buffer 0: the rest of the buffer's keys
		 * do nothing then (DiskSim's manual) */
		printf("no_caching = 1\nsource.no_caching = %s: a sector read again at once was a miss at every place (the buffer serves nothing it read: "
		       "Enable caching in buffer 0)\n", who);
		printf("readahead_kb = 0.0\nsource.readahead_kb = ESTIMATE: none (no_caching)\n"
		       "segments = 1\nsource.segments = ESTIMATE: one, unused (no_caching)\n"
		       "cache_mb = 0.062500\nsource.cache_mb = ESTIMATE: 64 KiB, unused (no_caching)\n"
		       "segment_kb = 64.0000\nsource.segment_kb = ESTIMATE: cache_mb over the segments\n"
		       "readahead_mode = 0\nsource.readahead_mode = ESTIMATE: none (no_caching)\n");
		goto buffer_done;
	}
	if (d->ra_track)
		printf("readahead_kb = %.1f\nsource.readahead_kb = %s: a track's data sectors where the read-ahead was seen to end at its track's end (%u offsets), "
		       "else the furthest sector past a read of a track's first sector that the idle drive serves as a hit\n",
		       d->ra.v, who, d->ra.n);
	else if (d->ra.set && !(d->ra.v > 0))
		printf("readahead_kb = 0.0\nsource.readahead_kb = %s: no sector past a read, nor past a sequential one, that the idle drive serves as a hit\n", who);
	else if (d->ra_cyl || d->ra_seq)
		printf("readahead_kb = %.1f\nsource.readahead_kb = %s: the furthest sector past a read of a %s's first sector%s that the idle drive serves as a hit\n",
		       d->ra.v, who, d->ra_cyl ? "cylinder" : "track", d->ra_seq ? " (after one of the sector before it)" : "");
	else
		printf("readahead_kb = %.1f\nsource.readahead_kb = %s: the furthest sector past a read that the idle drive serves as a hit, sd %.1f KiB over %u\n",
		       d->ra.v, who, d->ra.sd, d->ra.n);
	nseg = d->segments_set && d->segments ? d->segments : 1;
	if (d->segments_min)
		printf("segments = %d\nsource.segments = ESTIMATE: at least %d: every one of %d fresh reads apart was still a hit read again "
		       "(the probe's most; the buffer may keep more)\n", nseg, nseg, nseg);
	else
		printf("segments = %d\nsource.segments = %s: the most reads apart after which the first is still a hit (DIXtrac)\n", nseg,
		       who);
	/* a segment holds the read-ahead; where none was seen but the bus
	 * was measured from hits (of three sizes at least, up to 64 KiB),
	 * the bus probe's largest size, 64 KiB: a drive that reads nothing
	 * ahead still keeps what it read (an ESTIMATE, said so below) */
	seg_kb = d->bus.set && d->bus.v > 0 && d->ra.v < 64 ? 64 : d->ra.v;
	cache = ceil(seg_kb * nseg / 1024 * 1e6) / 1e6;	/* as printed, no less than they hold */
	if (cache < 0.0625)
		cache = 0.0625;
	printf("cache_mb = %.6f\nsource.cache_mb = ESTIMATE: %d segments of %s (%.1f KiB): the least buffer that holds them (reads see no more)\n",
	       cache, nseg, seg_kb > d->ra.v ? "the bus probe's largest size (no read-ahead seen; its hits of three sizes or more measured the bus)" : "the read-ahead measured", seg_kb);
	printf("segment_kb = %.4f\nsource.segment_kb = ESTIMATE: cache_mb over the segments\n", cache * 1024 / nseg);
	if (d->ra_track)
		printf("readahead_mode = 1\nsource.readahead_mode = %s: from reads at %u offsets of a track the read-ahead ends at its track's end (Buffer continuous read 1)\n",
		       who, d->ra.n);
	else if (d->ra_cyl)
		printf("readahead_mode = 2\nsource.readahead_mode = %s: from reads at two offsets of a cylinder's last track the read-ahead ends at the cylinder's end, "
		       "not at every track's (Buffer continuous read 2)\n", who);
	else if (d->ra_seq)
		printf("readahead_mode = 4\nsource.readahead_mode = %s: no read-ahead after a read alone, the read-ahead measured after a sequential one (Buffer continuous read 4)\n",
		       who);
	else if (d->ra.set && !(d->ra.v > 0))
		printf("readahead_mode = 0\nsource.readahead_mode = %s: no read-ahead after a read, nor after a sequential one (Buffer continuous read 0)\n", who);
	else
		printf("readahead_mode = 3\nsource.readahead_mode = ESTIMATE: the read-ahead measured fills its segment (Buffer continuous read 3)\n");
	print_ra_min(d, who);
buffer_done:
	if (d->w.ran)
		printf("write_level = %d\nsource.write_level = ESTIMATE: the write cache measured (rewrite mode) %s (Fast write level 2 where it does)\n",
		       d->w.cache ? 2 : 0, d->w.cache ? "on" : "off");
	else
		printf("write_level = %d\nsource.write_level = ESTIMATE: write_cache (reads cannot see how the drive writes back: Fast write level 2 where it does)\n",
		       strstr(d->wc, "back") ? 2 : 0);
	if (d->bus.set && d->bus.v > 0) {
		if (d->bus_none)
			printf("bus_mbs = %.0f\nsource.bus_mbs = %s: hits of a sector and of up to 64 KiB cost the same within 2 us: "
			       "the bus takes no time the reads can see\n", d->bus.v, who);
		else
			printf("bus_mbs = %.2f\nsource.bus_mbs = %s: the slope of hits over their size, a sector and up to 64 KiB (DIXtrac's bus extraction)\n", d->bus.v, who);
		if (d->early >= 0 && d->early <= 1)
			printf("read_early = %.3f\nsource.read_early = %s: misses of an eighth to half a track a fixed angle past a read, "
			       "their time a sector: (1 - read_early) a sector under the head and one on the bus (DiskSim's high water mark)\n",
			       d->early, who);
	} else {
		printf("bus_mbs = 100\nsource.bus_mbs = ESTIMATE: no hits of three sizes or more were measured; ATA-100 assumed\n");
	}
	/* not measured: as the datasheet profiles say it (disk/profiles/hdd.conf),
	 * a miss's data on the bus as the media reads them */
	if (!(d->bus.set && d->bus.v > 0 && d->early >= 0 && d->early <= 1))
		printf("read_early = 1\nsource.read_early = ESTIMATE: the bus's start was not measured (its misses did not agree); "
		       "a miss's data go on the bus as the media reads them, as the datasheet profiles have it\n");
	if (d->free_set && d->free)
		printf("read_any_free = 1\nsource.read_any_free = %s: the sector below a read that waited was a hit at %d of %d places "
		       "(the drive keeps the sectors passing under the head while it waits: Read any free blocks; its chains ran forward)\n",
		       who, d->free_hits, d->free_n);
	else if (d->free_set)
		printf("read_any_free = 0\nsource.read_any_free = %s: the sector below a read that waited was a miss at %d of %d places "
		       "(a drive that keeps the sectors passing under the head while it waits serves it as a hit: Read any free blocks)\n",
		       who, d->free_n - d->free_hits, d->free_n);
	else if (keeps_nothing(d))
		printf("read_any_free = 0\nsource.read_any_free = %s: the buffer serves nothing it read (no_caching), so no free block either\n", who);
	print_overheads(d);
	if (writes_measured(d))
		print_writes(d, who);
	if (d->depth > 1 && d->iops > 1.3 * d->iops1)
		printf("queue_depth = %d\nsource.queue_depth = S1: the depth the kernel gives the disk; %.0f random reads at once %.1f IOPS against %.1f one at a time\n"
		       "queue_order = sptf\nsource.queue_order = %s: requests at once gain %.2f x (the drive or the scheduler above it reorders; shortest positioning first assumed)\n",
		       d->depth > 31 ? 31 : d->depth, d->qn, d->iops, d->iops1, who, d->iops / d->iops1);
	else if (d->depth > 0)
		printf("# command queue: the kernel gives depth %d; %.0f random reads at once %.1f IOPS against %.1f one at a time: none modelled\n",
		       d->depth, d->qn, d->iops, d->iops1);
	return d->damaged ? EXIT_PROBLEMS : EXIT_CLEAN;
}

int cmd_profile(const struct opts *o, int argc, char **argv)
{
	static struct disk d;
	struct dataset ds = { 0 };
	char sources[300] = "";

	(void)o;
	if (argc < 1)
		cmd_usage_error("profile: SOURCE... wanted (a serial log, a results disk, a collected log)");
	ds.each_record = each;
	ds.each_arg = &d;
	for (int i = 0; i < argc; i++) {
		size_t len = strlen(sources);

		source_read(&ds, argv[i]);
		snprintf(sources + len, sizeof(sources) - len, "%s%s", i ? ", " : "", argv[i]);
	}
	parse_free(&ds);
	clean(sources);
	if (!d.boot[0]) {
		fprintf(stderr, "swapbench-report: profile: no diskchar records in %s (a boot with swapbench.workloads=diskchar makes them)\n", sources);
		return EXIT_PROBLEMS;
	}
	if (d.other_boots[0]) {
		fprintf(stderr, "swapbench-report: profile: boots %s and %s both characterised a disk: give one boot's records\n",
			d.boot, d.other_boots);
		return EXIT_USAGE;
	}
	if (!d.rotating || !(d.rev.v > 0) || !d.nz) {
		fprintf(stderr,
			"swapbench-report: profile: boot %s saw no turn on %s (flash, a file, or a drive that serves "
			"every backward step from its buffer: docs/diskchar.md): no hdd profile\n",
			d.boot, d.dev);
		return EXIT_PROBLEMS;
	}
	if (!d.end.set) {
		fprintf(stderr, "swapbench-report: profile: boot %s's characterisation did not end (no fig=end record)\n", d.boot);
		return EXIT_PROBLEMS;
	}
	/* a seek no longer than nothing: the path the seeks are measured from
	 * was not the disk's (a layout the characteriser does not follow) */
	unsigned neg = 0;
	for (unsigned i = 0; i < d.ns; i++)
		neg += !(d.s[i].ms > 0);
	if (neg) {
		fprintf(stderr,
			"swapbench-report: profile: boot %s measured %u of %u seeks at 0 ms or less (the path without a seek, %.4f ms, longer than they): "
			"its tracks are laid out in a way the characteriser does not follow (docs/diskchar.md); no hdd profile\n",
			d.boot, neg, d.ns, d.overhead.v);
		return EXIT_PROBLEMS;
	}
	/* cylinders of sizes far apart: the edges the chain classed as a
	 * cylinder's are not (a serpentine layout whose runs the walk does not
	 * reach, docs/diskchar.md): the heads, the switches, the skews and the
	 * seeks of whole cylinders rest on them */
	if (d.cyl.set && d.cyl.n >= 2 && d.cyl.sd > 0.05 * d.cyl.v) {
		fprintf(stderr,
			"swapbench-report: profile: boot %s found cylinders of %.0f bytes, sd %.0f over %u (%.0f %%, over 5 %%): the edges it took for "
			"cylinders' are not, its tracks are laid out in a way the characteriser does not follow (a serpentine layout of runs "
			"longer than its walk: docs/diskchar.md); its heads, switches, skews and short seeks would be wrong; no hdd profile\n",
			d.boot, d.cyl.v, d.cyl.sd, d.cyl.n, 100 * d.cyl.sd / d.cyl.v);
		return EXIT_PROBLEMS;
	}
	/* a cylinder that is not whole tracks: the same (maxtor300g at 15000
	 * rpm, its serpentine layout taken for a conventional one) */
	if (d.heads.set && fabs(d.heads.v - floor(d.heads.v + 0.5)) > 0.1) {
		fprintf(stderr,
			"swapbench-report: profile: boot %s found cylinders of %.2f tracks, not a whole number: the edges it took for "
			"cylinders' are not, its tracks are laid out in a way the characteriser does not follow (docs/diskchar.md); "
			"its heads, switches, skews and short seeks would be wrong; no hdd profile\n",
			d.boot, d.heads.v);
		return EXIT_PROBLEMS;
	}
	return print_profile(&d, sources);
}
