/*
 * dchar's rewrite mode (dchar.h): the write path timed by writes that put
 * back, at the same offset, the bytes just read there (Skippy's write
 * version, DIXtrac's write measurements, without changing what the disk
 * holds). Every probe reads B first (the device keeps those bytes) and
 * writes B last; the device refuses a write of anything else.
 *
 * What each figure rests on (one request in flight at a time):
 * - the write cache: a sector read, a pause of 0 to 5/6 of a turn, the
 *   sector written. A drive that reports a write from its buffer takes
 *   the same time from the command whatever the pause; one that writes
 *   through completes as the sector passes again, so its completions
 *   keep one phase against the read's whatever the pause. The smaller
 *   spread tells which;
 * - through, the tails' difference: a write's completion less the read's
 *   of the same sector, modulo the turn (the time from the write's last
 *   sector under the head to its completion, less the read's);
 * - through, the threshold of a write at no seek: A read, then B, j
 *   sectors on along A's track (read first, for its bytes), written after
 *   a pause: B's write completes at A's completion plus j sectors plus
 *   the tails' difference, a turn later if the drive was not ready, so
 *   each probe bounds the least time Y from a completion to a write's as
 *   the reads' thresholds do (dchar.c's thresh: (T - turn, T]), and j and
 *   the pause aim at the middle of what is left. B's read against A's
 *   says both were on one track and A a miss (else the probe is dropped).
 *   Of one sector and of several: their difference over the sectors is
 *   the bus's write rate where the bus, not the media, sets the pace;
 * - through, the threshold of a write a seek away: the same, B at one of
 *   the seeks measured, aimed by B's own phase (its read's completion plus
 *   the tails' difference) and the pause alone;
 * - through, the same after a write: A written back before B is written
 *   (a write after a write), or B read (a read after a write: B's phase
 *   from the sector after it, B unread, a miss), on its track and a seek
 *   away; and a re-read of a sector just written (a hit where the drive
 *   keeps what it wrote for reads);
 * - back, the time of a reported write of one sector and of several (the
 *   command, the bus, the report), its slope the bus's write rate.
 * A probe that completes later than its aim by less than half a turn met
 * the drive's own floor (a reconnect), not the head: that time is the
 * least; later by more, the head was not ready at the aim.
 */
#include "workloads/dchar.h"

#include "lib/reckeys.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WPROBES 16	/* aimed writes a threshold */
#define WEPS_NS 10000.0	/* a threshold to 10 us */
#define NEAR_N 8	/* sectors of the several-sector write through */
#define BUFFERED_N 16	/* and of the one reported from the buffer */

struct ws {
	const struct dchar_dev *d;
	struct dchar_result *r;
	uint64_t S;
	double R, ts;		/* a turn, a sector's time where near probes run */
	uint64_t track0, tb;	/* a track's first byte there, a track's bytes (0: unknown) */
	unsigned spt, next;	/* sectors a track; the next fresh track */
	int64_t first, last;
	int err;
};

static int cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* the median, the spread about it (sd), how many */
static struct dchar_fig med(double *v, unsigned n)
{
	struct dchar_fig f = { NAN, 0, n };
	double m = 0;

	if (!n)
		return f;
	qsort(v, n, sizeof(*v), cmpd);
	f.v = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	for (unsigned i = 0; i < n; i++)
		m += (v[i] - f.v) * (v[i] - f.v);
	f.sd = n > 1 ? sqrt(m / (n - 1)) : 0;
	return f;
}

/* x modulo the turn, within half a turn of 0 */
static double fold(double x, double R)
{
	x = fmod(x, R);
	if (x < 0)
		x += R;
	return x > R / 2 ? x - R : x;
}

static uint64_t at(const struct ws *w, double off)
{
	uint64_t o;

	if (off < 0)
		off = 0;
	o = (uint64_t)off / w->S * w->S;
	return o + 64 * w->S > w->d->size ? (w->d->size - 64 * w->S) / w->S * w->S : o;
}

static int64_t rd(struct ws *w, uint64_t off, unsigned len)
{
	int64_t done = w->last;
	int e;

	if (w->err)
		return w->last;
	if ((e = w->d->read(w->d->ctx, off, len, &done)) < 0) {
		w->err = e;
		return w->last;
	}
	if (!w->first)
		w->first = done;
	return w->last = done;
}

/* the bytes the latest read of [off, off + len) returned, written back */
static int64_t wr(struct ws *w, uint64_t off, unsigned len)
{
	int64_t done = w->last;
	int e;

	if (w->err)
		return w->last;
	if ((e = w->d->rewrite(w->d->ctx, off, len, &done)) < 0) {
		w->err = e;
		return w->last;
	}
	w->r->w.writes++;
	return w->last = done;
}

static int64_t pause_ns(struct ws *w, double ns)
{
	if (w->err || ns < 1)
		return w->last;
	return w->last = w->d->idle(w->d->ctx, (int64_t)ns);
}

/* a sector's time near off: the nearest zone measured */
static double sector_at(const struct dchar_result *r, uint64_t off)
{
	double best = NAN, dist = INFINITY;

	for (unsigned i = 0; i < r->nzones; i++) {
		double d = fabs((double)r->zone[i].off - (double)off);

		if (r->zone[i].sector_ns.n && r->zone[i].sector_ns.v > 0 && d < dist) {
			dist = d;
			best = r->zone[i].sector_ns.v;
		}
	}
	return best;
}

/*
 * The write cache: a sector read, paused 0 to 5/6 of a turn, written back,
 * at six fresh places; the spread of the write's time from its command
 * against that of its completion's phase from the read's.
 */
static void cache(struct ws *w)
{
	struct dchar_writes *o = &w->r->w;
	double c[6], ph[6], p0 = 0, cs, ps, cmin = INFINITY, cmax = -INFINITY, pmin = INFINITY, pmax = -INFINITY;

	for (unsigned i = 0; i < 6 && !w->err; i++) {
		uint64_t x = at(w, (double)w->d->size * 0.55 + i * 5.0 * 1048576);
		int64_t tx = rd(w, x, (unsigned)w->S), te = i ? pause_ns(w, i * w->R / 6) : tx, tw = wr(w, x, (unsigned)w->S);

		c[i] = (double)(tw - te);
		ph[i] = fold((double)(tw - tx), w->R);
		if (!i)
			p0 = ph[0];
		ph[i] = p0 + fold(ph[i] - p0, w->R);	/* about the first: no wrap between them */
		cmin = fmin(cmin, c[i]);
		cmax = fmax(cmax, c[i]);
		pmin = fmin(pmin, ph[i]);
		pmax = fmax(pmax, ph[i]);
		pause_ns(w, 2 * w->R);	/* what it holds written, on the platter */
	}
	cs = cmax - cmin;
	ps = pmax - pmin;
	o->const_ns = cs;
	o->phase_ns = ps;
	o->cache = cs < ps;
	if (o->cache) {
		o->buffered_ns[0] = med(c, 6);
		o->buffered_n[0] = 1;
	} else {
		o->tail_ns = med(ph, 6);
	}
}

/* back: a write of n sectors, its command to its report, at fresh places */
static struct dchar_fig buffered(struct ws *w, unsigned n)
{
	double v[6];
	unsigned k = 0;

	for (unsigned i = 0; i < 6 && !w->err; i++) {
		uint64_t x = at(w, (double)w->d->size * 0.6 + i * 5.0 * 1048576 + n * 65536.0);
		int64_t tx = rd(w, x, n * (unsigned)w->S), tw = wr(w, x, n * (unsigned)w->S);

		v[k++] = (double)(tw - tx);
		pause_ns(w, 2 * w->R);
	}
	return med(v, k);
}

/* the next fresh track's first byte near the cylinders measured (or, where
 * none were, a place a track on, which the phase check keeps honest) */
static uint64_t fresh_track(struct ws *w)
{
	unsigned k = ++w->next;
	const struct dchar_result *r = w->r;

	if (w->tb && r->heads.n && r->heads.v >= 1) {
		unsigned h = (unsigned)(r->heads.v + 0.5);

		return at(w, (double)w->track0 + (double)(k / h) * r->cyl_bytes.v + (double)(k % h) * (double)w->tb);
	}
	return at(w, (double)w->track0 + k * (w->spt + 7.0) * (double)w->S);
}

/*
 * What a probe says of the threshold, the least time from the last
 * completion to B's: T, B's time, against aim, the time of the pass it
 * was aimed at. On the aim: no more than T. Later by less than half a
 * turn: the drive's own time after the command (a read's reconnect after
 * a write, as DiskSim's hp_c2247a has it), not the head's: no aim does
 * better, T is the least. Later by more (the pass after, or a turn less a
 * sector where a drive ready inside the sector waits for the next: as
 * dec_rz26): not ready at the aim. Sooner than the aim: not the write or
 * read aimed at (a hit): nothing.
 */
static void bound(struct ws *w, double T, double aim, double *lo, double *hi)
{
	double late = T - aim, tol = 0.3 * w->ts + 15000;

	if (late < -tol)
		return;
	if (T < *hi)
		*hi = T;
	if (late > tol && late < w->R / 2)
		*lo = *hi;
	else if (late >= w->R / 2 && aim > *lo)
		*lo = aim < *hi ? aim : *hi;
}

/*
 * through: a threshold on a track, aimed past A. kind 0: a write of n
 * sectors (B) after A's read; 1: a write of B after A's read and A's own
 * write back (a write after a write; B not the sector after A's, which a
 * drive may stream); 2: a read of B (not read before: a miss) after A's
 * write back. The cutoff after the last request is j sectors, the
 * sectors of B but its first, and the tail of B's request less that of
 * the last one (the tails' difference D: 0, or -D for a read after a write).
 */
static struct dchar_fig near(struct ws *w, unsigned n, int kind, double *tails, unsigned *nt)
{
	double v[3], R = w->R, ts = w->ts, D = w->r->w.tail_ns.v, Dr = kind == 0 ? D : kind == 1 ? 0 : -D;
	unsigned k = 0, jmax = w->spt > n + 3 ? w->spt - n - 2 : 1, jmin = kind == 1 ? 2 : 1;

	for (unsigned rep = 0; rep < 3 && !w->err; rep++) {
		double lo = 0, hi = INFINITY;
		unsigned dropped = 0;

		for (unsigned p = 0; p < WPROBES && hi - lo > WEPS_NS && dropped < 8 && !w->err; p++) {
			double mid = isinf(hi) ? R / 2 : (lo + hi) / 2, m = mid - Dr - (n - 1) * ts, c;
			unsigned j = m > jmin * ts ? (unsigned)ceil(m / ts) : jmin;
			uint64_t A = fresh_track(w), B;
			int64_t tb = 0, ta, tr;

			/* a read of B: past the tracks the last probe's read-ahead
			 * may have reached (the read-ahead measured) */
			for (double ra = kind == 2 ? w->r->readahead_bytes.v : 0; ra > 0 && w->tb; ra -= (double)w->tb)
				A = fresh_track(w);
			if (j <= jmax) {
				c = (j + n - 1) * ts + Dr;
			} else {
				/* past the track's sectors: the turn after */
				j = m - R > jmin * ts ? (unsigned)ceil((m - R) / ts) : jmin;
				if (j > jmax)
					j = jmax;
				c = (j + n - 1) * ts + Dr + R;
			}
			if (c < mid)
				c += R;
			B = A + j * w->S;
			if (kind != 2)
				tb = rd(w, B, n * (unsigned)w->S);
			tr = ta = rd(w, A, (unsigned)w->S);
			/* B's read against A's: j sectors on, one track, A a miss
			 * (for several sectors their read's tail is longer: none) */
			if (kind != 2 && n == 1 && fabs(fold((double)(tb - ta) - j * ts, R)) > 0.3 * ts + 15000) {
				dropped++;
				p--;
				continue;
			}
			if (kind) {
				/* A written back: on its sector's phase, or no bound */
				tr = wr(w, A, (unsigned)w->S);
				if (fabs(fold((double)(tr - ta) - D, R)) > 0.3 * ts + 15000) {
					dropped++;
					p--;
					continue;
				}
			}
			int64_t te = c - mid > 0 ? pause_ns(w, c - mid) : tr;
			int64_t tw = kind == 2 ? rd(w, B, (unsigned)w->S) : wr(w, B, n * (unsigned)w->S);

			if (kind == 0 && n == 1 && *nt < 64)
				tails[(*nt)++] = D + fold((double)(tw - tb) - D, R);
			bound(w, (double)(tw - te), c - (double)(te - tr), &lo, &hi);
		}
		if (hi - lo < R / 4)
			v[k++] = (lo + hi) / 2;
	}
	return med(v, k);
}

/* through: a sector read, written back, read again: a hit where the drive
 * keeps what it wrote for reads (less than half a turn) */
static void hit_after_write(struct ws *w)
{
	double v[6];
	unsigned k = 0, n = 0;

	for (unsigned i = 0; i < 6 && !w->err; i++, n++) {
		uint64_t x = at(w, (double)w->d->size * 0.65 + i * 5.0 * 1048576);

		rd(w, x, (unsigned)w->S);
		int64_t tw = wr(w, x, (unsigned)w->S), tr = rd(w, x, (unsigned)w->S);

		if ((double)(tr - tw) < w->R / 2)
			v[k++] = (double)(tr - tw);
	}
	w->r->w.hitw_frac = n ? (double)k / n : 0;
	w->r->w.hitw_ns = med(v, k);
}

/* through: the threshold of a write of a sector a seek away (A near from, B dist on) */
static struct dchar_fig far(struct ws *w, uint64_t from, uint64_t dist, int kind)
{
	double v[2], R = w->R, D = w->r->w.tail_ns.v, L = w->tb ? (double)w->tb : w->spt * (double)w->S;
	unsigned k = 0, step = 0;

	for (unsigned rep = 0; rep < 2 && !w->err; rep++) {
		double lo = 0, hi = INFINITY;

		for (unsigned p = 0; p < WPROBES && hi - lo > WEPS_NS && !w->err; p++) {
			double mid = isinf(hi) ? R / 2 : (lo + hi) / 2, ph;
			uint64_t A = at(w, (double)from - (++step) * L), B = at(w, (double)(from + dist) + step * L);
			int64_t tb, ta, tr, te, tw;

			if (kind == 0) {
				tb = rd(w, B, (unsigned)w->S);
				tr = ta = rd(w, A, (unsigned)w->S);
				ph = (double)tb + D;	/* B written: on its read's phase plus the tails' difference */
			} else {
				/* a read of B after A's write back: B's phase from the
				 * sector after it (B itself read would be a hit) */
				tb = rd(w, B + w->S, (unsigned)w->S);
				ta = rd(w, A, (unsigned)w->S);
				tr = wr(w, A, (unsigned)w->S);
				if (fabs(fold((double)(tr - ta) - D, R)) > 0.3 * w->ts + 15000)
					continue;
				ph = (double)tb - w->ts;
			}
			/* the pause after the last that puts B's next completion at mid after it */
			double pz = fmod(ph - (double)tr - mid, R);

			if (pz < 0)
				pz += R;
			pz += mid;	/* B's pass aimed at, after the last */
			te = pz - mid > 0 ? pause_ns(w, pz - mid) : tr;
			tw = kind == 0 ? wr(w, B, (unsigned)w->S) : rd(w, B, (unsigned)w->S);
			/* off B's phase: not the request the aim was about */
			if (fabs(fold((double)tw - ph, R)) > 0.3 * w->ts + 15000)
				continue;
			bound(w, (double)(tw - te), pz - (double)(te - tr), &lo, &hi);
		}
		if (hi - lo < R / 4)
			v[k++] = (lo + hi) / 2;
	}
	return med(v, k);
}

int dchar_write_run(const struct dchar_dev *d, struct dchar_result *r)
{
	struct ws w = { .d = d, .r = r, .S = d->sector ? d->sector : 512, .R = r->rev_ns.v };
	struct dchar_writes *o = &r->w;

	memset(o, 0, sizeof(*o));
	o->ran = 1;
	if (!r->ok)	/* no turn (flash, a file): nothing to aim at, no write */
		return 0;
	/* the near probes' place: the cylinders measured, else a tenth in */
	w.track0 = r->cyl_bytes.n && r->cyl_edge > 0 ? (uint64_t)r->cyl_edge : at(&w, (double)d->size / 10);
	w.ts = sector_at(r, w.track0);
	if (!(w.ts > 0) || !(w.R > 0))
		return 0;
	w.spt = (unsigned)(w.R / w.ts + 0.5);
	if (r->cyl_bytes.n && r->heads.n && r->heads.v >= 1)
		w.tb = (uint64_t)(r->cyl_bytes.v / floor(r->heads.v + 0.5) / (double)w.S + 0.5) * w.S;
	/* well past the cylinders dchar_run read (a buffer may keep them) */
	w.next = 3 * (r->heads.n ? (unsigned)(r->heads.v + 0.5) : 1) * 8;
	o->sector_ns = w.ts;
	o->timed = 1;
	cache(&w);
	if (o->cache) {
		o->buffered_ns[1] = buffered(&w, BUFFERED_N);
		o->buffered_n[1] = BUFFERED_N;
	} else if (o->tail_ns.n) {
		double tails[64];
		unsigned nt = 0;

		o->near_n[0] = 1;
		o->near_ns[0] = near(&w, 1, 0, tails, &nt);
		o->near_n[1] = NEAR_N;
		o->near_ns[1] = near(&w, NEAR_N, 0, tails, &nt);
		for (unsigned i = 0; i < 6 && nt < 64; i++)	/* the cache probes' too */
			tails[nt++] = o->tail_ns.v;
		if (nt > 6)
			o->tail_ns = med(tails, nt - 6);
		o->ww_ns = near(&w, 1, 1, tails, &nt);
		o->rw_ns = near(&w, 1, 2, tails, &nt);
		hit_after_write(&w);
		/* two of the seeks measured: the nearest a fiftieth of the disk
		 * and a third of it */
		for (unsigned f = 0; f < 2 && r->overhead_ns.n; f++) {
			double want = (double)d->size * (f ? 1.0 / 3 : 1.0 / 50);
			int best = -1;

			for (unsigned i = 0; i < r->nseeks; i++)
				if (r->seek[i].ns.n && (best < 0 || fabs((double)r->seek[i].dist - want) <
								     fabs((double)r->seek[best].dist - want)))
					best = (int)i;
			if (best < 0 || (f && o->nfar && o->far[0].dist == r->seek[best].dist))
				continue;
			o->far[o->nfar].from = r->seek[best].from;
			o->far[o->nfar].dist = r->seek[best].dist;
			o->far[o->nfar].read_ns = r->overhead_ns.v + r->seek[best].ns.v;
			o->far[o->nfar].ns = far(&w, r->seek[best].from, r->seek[best].dist, 0);
			o->far[o->nfar].rw_ns = far(&w, r->seek[best].from, r->seek[best].dist, 2);
			if (o->far[o->nfar].ns.n)
				o->nfar++;
		}
	}
	if (w.first)
		r->seconds += (double)(w.last - w.first) / 1e9;
	return w.err;
}

#define F(x) (isfinite(x) ? (x) : 0.0)

void dchar_write_print(const struct dchar_result *r, void (*line)(void *arg, const char *text), void *arg)
{
	const struct dchar_writes *o = &r->w;
	char b[256];

#define OUT(...) do { snprintf(b, sizeof(b), __VA_ARGS__); line(arg, b); } while (0)
	if (!o->ran) {
		OUT(RK_DC_FIG "=" DC_FIG_WRITE " " RK_DC_REWRITE "=0");
		return;
	}
	if (!o->timed) {
		OUT(RK_DC_FIG "=" DC_FIG_WRITE " " RK_DC_REWRITE "=1 " RK_DC_WRITES "=0");
		return;
	}
	OUT(RK_DC_FIG "=" DC_FIG_WRITE " " RK_DC_REWRITE "=1 " RK_DC_CACHE "=%d " RK_DC_CONST_MS "=%.4f " RK_DC_PHASE_MS "=%.4f "
	    RK_DC_WRITES "=%u", o->cache, F(o->const_ns) / 1e6, F(o->phase_ns) / 1e6, o->writes);
	if (o->tail_ns.n)
		OUT(RK_DC_FIG "=" DC_FIG_WRITE_TAIL " " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u", F(o->tail_ns.v) / 1e6,
		    F(o->tail_ns.sd) / 1e6, o->tail_ns.n);
	for (unsigned i = 0; i < 2; i++)
		if (o->near_ns[i].n)
			OUT(RK_DC_FIG "=" DC_FIG_WRITE_NEAR " " RK_DC_SECTORS "=%u " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u "
			    RK_DC_SECTOR_MS "=%.5f", o->near_n[i], F(o->near_ns[i].v) / 1e6, F(o->near_ns[i].sd) / 1e6,
			    o->near_ns[i].n, F(o->sector_ns) / 1e6);
	if (o->ww_ns.n)
		OUT(RK_DC_FIG "=" DC_FIG_WRITE_NEAR " " RK_DC_SECTORS "=1 " RK_DC_AFTER "=write " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f "
		    RK_DC_N "=%u " RK_DC_SECTOR_MS "=%.5f", F(o->ww_ns.v) / 1e6, F(o->ww_ns.sd) / 1e6, o->ww_ns.n, F(o->sector_ns) / 1e6);
	if (o->rw_ns.n)
		OUT(RK_DC_FIG "=" DC_FIG_READ_AFTER_WRITE " " RK_DC_WHAT "=miss " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u "
		    RK_DC_SECTOR_MS "=%.5f", F(o->rw_ns.v) / 1e6, F(o->rw_ns.sd) / 1e6, o->rw_ns.n, F(o->sector_ns) / 1e6);
	if (o->timed && !o->cache)
		OUT(RK_DC_FIG "=" DC_FIG_READ_AFTER_WRITE " " RK_DC_WHAT "=hit " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u "
		    RK_DC_HIT_FRAC "=%.2f", F(o->hitw_ns.v) / 1e6, F(o->hitw_ns.sd) / 1e6, o->hitw_ns.n, o->hitw_frac);
	for (unsigned i = 0; i < o->nfar; i++)
		OUT(RK_DC_FIG "=" DC_FIG_WRITE_FAR " " RK_DC_OFFSET "=%llu " RK_DC_DISTANCE "=%llu " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f "
		    RK_DC_N "=%u " RK_DC_READ_MS "=%.4f " RK_DC_RW_MS "=%.4f", (unsigned long long)o->far[i].from, (unsigned long long)o->far[i].dist,
		    F(o->far[i].ns.v) / 1e6, F(o->far[i].ns.sd) / 1e6, o->far[i].ns.n, F(o->far[i].read_ns) / 1e6,
		    o->far[i].rw_ns.n ? o->far[i].rw_ns.v / 1e6 : -1.0);
	for (unsigned i = 0; i < 2; i++)
		if (o->buffered_ns[i].n)
			OUT(RK_DC_FIG "=" DC_FIG_WRITE_BUFFERED " " RK_DC_SECTORS "=%u " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u",
			    o->buffered_n[i], F(o->buffered_ns[i].v) / 1e6, F(o->buffered_ns[i].sd) / 1e6, o->buffered_ns[i].n);
#undef OUT
}
