/* dchar: a disk characterised from the timing of its reads (dchar.h). */
#include "workloads/dchar.h"

#include "lib/reckeys.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#define HIST 32		/* reads remembered so that none is read twice by chance */
#define HELD_MAX 128	/* reads a buffer seen to hold may keep (learned below) */
#define PROBES 14	/* aimed reads a threshold */
#define EPS_NS 10000.0	/* a threshold is known to 10 us */
#define TRACKS_KEPT 24	/* tracks both of whose edges were placed */

struct st {
	const struct dchar_dev *d;
	struct dchar_result *r;
	uint64_t S;		/* sector */
	uint64_t hist[HELD_MAX];
	unsigned nh;
	/* what the buffer was seen to hold (a read that completed off its
	 * sector's phase): bytes past a read, for as many reads after it */
	uint64_t hold;
	unsigned keep;
	int64_t first, last;
	int err;
	struct {
		uint64_t lo, hi;	/* its first sector, the next track's */
		int cyl_first, cyl_last;	/* its lower edge a cylinder's, its upper */
	} trk[TRACKS_KEPT];	/* from the top down, as the chain crossed them */
	unsigned ntrk;
	double trk_ts;		/* a sector's time there (ns), the chain's */
	double ts_scale;	/* the sectors' times against the turn (zones(): 1 but on a clock that skews them) */
	int keeps_all;		/* the buffer keeps more reads than KEEPS_READS (keeps_reads()) */
	unsigned ahead;		/* then: sectors past a read the buffer may hold for good (the head
				 * reads on until the next request lands: keeps_reads()) */
	int free;		/* the drive reads free blocks (free_blocks()): chains run forward */
	double free_hit;	/* then: a re-read's cost (ns) */
	double free_turn;	/* then: the turn (ns) once free_turn() measured it, else 0 */
	double free_kmax;	/* then: the forward chains' largest step before the turn is known (free_kmax()) */
	double free_kmin;	/* then: their least (free_kmax()) */
	double free_kspt;	/* then: sectors a track where zones() found them (0: not known) */
	double fwd_least;	/* the least step on the last forward chain's line */
	double pause0;		/* a pause that outlasts the minimum read-ahead's wait (ra_wait(); ns; 0:
				 * none seen): the aimed probes' after A, the buffer's before a re-read */
	struct {
		uint64_t e;	/* a track's first sector (tracks_fwd placed it) */
		double P, T, st, sc;	/* sectors a track (on the platter, and in LBNs), the track and cylinder skews */
		unsigned H, ecyl;	/* heads; e's track is ecyl tracks past a cylinder's first */
		double sp;		/* a cylinder's spares: its last track sp LBNs short (its first, front) */
		unsigned unit, eu;	/* the spares' unit, tracks (0: a cylinder), and e's track in it */
		int front, ok;
	} lay;			/* a drive that reads free blocks: the layout placed around e */
};

/*
 * Every read's sectors, for a buffer of more segments than the probes can
 * count or empty (DiskSim's Atlas 10K V keeps 2048 reads): where it keeps
 * that many, held() takes every sector read as held, and the probes read
 * fresh sectors only
 */
#define KEEPS_READS 40
#define READS_MAX 8192
static struct {
	uint64_t lo, hi;	/* bytes [lo, hi) */
} reads_seen[READS_MAX];
static unsigned nreads_seen;
/*
 * The 512-byte units reads took, a bit each (modulo SEEN_BITS: 4 GiB of
 * disk): a clear bit says at once that none did. The time between A's
 * completion and B's request is the path's: where was_read() scanned
 * READS_MAX reads for every place it looked at (a 486's milliseconds, the
 * image's 0.1 ms), that time went into every threshold of a drive that
 * keeps every read.
 */
#define SEEN_BITS (1u << 23)
static uint8_t seen_map[SEEN_BITS / 8];

static void seen_mark(uint64_t lo, uint64_t hi)
{
	for (uint64_t u = lo >> 9; u < (hi + 511) >> 9; u++)
		seen_map[(u % SEEN_BITS) / 8] |= (uint8_t)(1u << (u % 8));
}

static int seen_maybe(uint64_t lo, uint64_t hi)
{
	for (uint64_t u = lo >> 9; u < (hi + 511) >> 9; u++)
		if (seen_map[(u % SEEN_BITS) / 8] & (1u << (u % 8)))
			return 1;
	return 0;
}

static uint64_t clampoff(const struct st *s, double off)
{
	uint64_t o;

	if (off < 0)
		off = 0;
	o = (uint64_t)off / s->S * s->S;
	return o + s->S > s->d->size ? (s->d->size - s->S) / s->S * s->S : o;
}

/* one read: its completion, or the first error (then every read fails) */
static int64_t rd(struct st *s, uint64_t off, unsigned len)
{
	int64_t done = s->last;
	int err;

	if (s->err)
		return s->last;
	if ((err = s->d->read(s->d->ctx, off, len, &done)) < 0) {
		s->err = err;
		return s->last;
	}
	if (!s->nh && !s->first)
		s->first = done;
	s->hist[s->nh++ % HELD_MAX] = off;
	reads_seen[nreads_seen % READS_MAX].lo = off;
	reads_seen[nreads_seen++ % READS_MAX].hi = off + len;
	seen_mark(off, off + len);
	return s->last = done;
}

/* the read ago reads back (0: the latest) */
static uint64_t ago(const struct st *s, unsigned back)
{
	return s->hist[(s->nh - 1 - back) % HELD_MAX];
}

/*
 * The minimum read-ahead's wait (ra_wait()): a read asked at once after a
 * miss would wait for it; an aimed B less than a hit does (a drive may
 * take B's command while its head reads on), and less near a track's end
 * (a read-ahead that stops there), so no one wait can be taken out of its
 * time. Such a read is asked after a pause that outlasts it instead: the
 * time the probe counts from (t, the last completion, where no wait was
 * seen)
 */
static int64_t after_a(struct st *s, int64_t t)
{
	return s->pause0 > 0 ? s->d->idle(s->d->ctx, (int64_t)s->pause0) : t;
}

/* bytes [lo, hi) meet one of the reads (READS_MAX of them). The latest
 * first: a place near a read is most often near a recent one, and this
 * runs between reads, in the path a threshold measures */
static int was_read_in(uint64_t lo, uint64_t hi)
{
	unsigned n = nreads_seen < READS_MAX ? nreads_seen : READS_MAX;

	if (!seen_maybe(lo, hi))
		return 0;
	for (unsigned k = 1; k <= n; k++) {
		unsigned i = (nreads_seen - k) % READS_MAX;

		if (hi > reads_seen[i].lo && lo < reads_seen[i].hi)
			return 1;
	}
	return 0;
}

/* a sector one of the reads took */
static int was_read(const struct st *s, uint64_t off)
{
	return was_read_in(off, off + s->S);
}

/* a sector within what the buffer was seen to hold past one of the reads
 * it may still keep (a buffer that keeps every read: one read, too) */
static int held(const struct st *s, uint64_t off)
{
	if (s->keeps_all && was_read_in(off > s->ahead * s->S ? off - s->ahead * s->S : 0, off + s->S))
		return 1;
	for (unsigned i = 0; i < s->keep && i < s->nh && i < HELD_MAX; i++)
		if (off >= ago(s, i) && off <= ago(s, i) + s->hold)
			return 1;
	return 0;
}

/*
 * The read back reads ago at off was served from the buffer (it completed
 * off its sector's phase): the nearest read before it at or below off left
 * off in the buffer, and that many reads later. The buffer holds at least
 * that far past a read and keeps it at least that long (a drive reads
 * ahead, into one of its segments): what held() avoids from then on (the
 * span at least doubled, so that few hits find it; up to two tracks). The
 * read is looked for among as many as the buffer was seen to keep, twice
 * over and a few more, so that what it keeps grows by steps.
 */
static void learn(struct st *s, uint64_t off, unsigned back, double track)
{
	unsigned best = 0;

	if (s->keeps_all && was_read(s, off))
		return;		/* held as read, not read ahead of another */

	for (unsigned i = back + 1; i < s->nh && i < HELD_MAX && i <= back + 2 * s->keep + 8; i++)
		if (ago(s, i) <= off && (double)(off - ago(s, i)) <= 2 * track && (!best || ago(s, i) > ago(s, best)))
			best = i;
	if (!best)
		return;
	if (off - ago(s, best) + s->S > s->hold)	/* at least twice what was not enough */
		s->hold = off - ago(s, best) + s->S > 2 * s->hold ? off - ago(s, best) + s->S : 2 * s->hold;
	if ((double)s->hold > 2 * track)
		s->hold = (uint64_t)(2 * track) / s->S * s->S;
	if (best - back + 2 > s->keep)
		s->keep = best - back + 2 < HELD_MAX ? best - back + 2 : HELD_MAX;
}

/* the gap from the nearest read before the one back reads ago at off,
 * at or below it and within a track (none: the track) */
static double gap_below(const struct st *s, uint64_t off, unsigned back, double track)
{
	double g = track;

	for (unsigned i = back + 1; i < s->nh && i < HELD_MAX; i++)
		if (ago(s, i) <= off && (double)(off - ago(s, i)) < g)
			g = (double)(off - ago(s, i));
	return g;
}

/* one of a pair (A, then B the latest read) was a hit: the one nearer
 * above a read before it */
static void learn_pair(struct st *s, uint64_t A, uint64_t B, double track)
{
	double ga = gap_below(s, A, 1, track), gb = gap_below(s, B, 0, track);

	if (ga < track && ga <= gb)
		learn(s, A, 1, track);
	else if (gb < track)
		learn(s, B, 0, track);
}

static double free_below(const struct st *s, uint64_t h);
static double lay_angle(const struct st *s, uint64_t x);
static double lay_pos(const struct st *s, double q);
static double lay_track(const struct st *s, double x, double *i);

/* a read that one of the last HIST may have left in the buffer: its own
 * sectors and what the head read on after it (on a drive that reads free
 * blocks, what passed under the head below it while it waited); the
 * latest read's read-ahead is under way, which a read behind it reaches
 * as it would a miss */
static int recent(const struct st *s, uint64_t off)
{
	for (unsigned i = 0; i < HIST && i < s->nh; i++) {
		uint64_t h = ago(s, i);

		if (off + s->S > h && off <= h + (i ? 16 : 0) * s->S)
			return 1;
		if (s->free && off < h && (double)(h - off) <= free_below(s, h))
			return 1;
	}
	return held(s, off);
}

/* a sector one of the last HIST reads took or read on into before the
 * next request came (one to two sectors: what a chain of reads aimed
 * within a track assumes, as the edges' placing does; on a drive that
 * reads free blocks, what passed under the head below it), or that the
 * buffer may hold */
static int taken(const struct st *s, uint64_t off)
{
	for (unsigned i = 0; i < HIST && i < s->nh; i++) {
		if (off >= ago(s, i) && off <= ago(s, i) + 2 * s->S)
			return 1;
		if (s->free && off < ago(s, i) && (double)(ago(s, i) - off) <= free_below(s, ago(s, i)))
			return 1;
	}
	return held(s, off);
}

/* the sector nearest c that no recent read may have left in the buffer */
static double free_near(const struct st *s, double c)
{
	for (unsigned k = 0; k < 40; k++) {
		if (!recent(s, clampoff(s, c + (double)(k * s->S))))
			return c + (double)(k * s->S);
		if (c >= (double)(k * s->S) && !recent(s, clampoff(s, c - (double)(k * s->S))))
			return c - (double)(k * s->S);
	}
	return c;
}

static int cmpd(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, unsigned n)
{
	/* insertion sort: n is small */
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && cmpd(&v[j - 1], &v[j]) > 0; j--) {
			double t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return n ? (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2) : NAN;
}

static struct dchar_fig fig_of(const double *v, unsigned n)
{
	struct dchar_fig f = { NAN, NAN, n };
	double sum = 0, ss = 0;

	for (unsigned i = 0; i < n; i++)
		sum += v[i];
	if (!n)
		return f;
	f.v = sum / n;
	for (unsigned i = 0; i < n; i++)
		ss += (v[i] - f.v) * (v[i] - f.v);
	f.sd = n > 1 ? sqrt(ss / (n - 1)) : 0;
	return f;
}

/*
 * Repetitions of one threshold at three places or more: those within
 * AGREE_NS of their median, their mean. One a slow read moved (a read
 * held back, its bound raised by the delay), or a place unlike the
 * others (an edge misplaced), stands apart from the two that agree;
 * where all agree, the mean of all.
 */
#define AGREE_NS 50000.0
static struct dchar_fig fig_agree(const double *v, unsigned n)
{
	double sorted[8], med, kept[8];
	unsigned k = 0;

	if (n < 3 || n > 8)
		return fig_of(v, n);
	memcpy(sorted, v, n * sizeof(v[0]));
	med = median(sorted, n);
	for (unsigned i = 0; i < n; i++)
		if (fabs(v[i] - med) <= AGREE_NS)
			kept[k++] = v[i];
	/* (an even count whose two middle ones stand apart keeps none) */
	return k ? fig_of(kept, k) : fig_of(v, n);
}

/*
 * Thresholds whose windows [lo, hi] its repetitions left apart (a blind
 * one's, bounded by spread places, is wider than one the layout aimed):
 * each window's middle weighed by the inverse of its variance (a window
 * of width w: w^2 / 12, the threshold anywhere in it); the figure's sd is
 * the weighted mean's
 */
static struct dchar_fig fig_windows(const double *lo, const double *hi, unsigned n)
{
	struct dchar_fig f = { NAN, NAN, n };
	double sw = 0, swx = 0;

	for (unsigned i = 0; i < n; i++) {
		double w = hi[i] - lo[i] > EPS_NS ? hi[i] - lo[i] : EPS_NS, k = 12 / (w * w);

		sw += k;
		swx += k * (lo[i] + hi[i]) / 2;
	}
	if (!n)
		return f;
	f.v = swx / sw;
	f.sd = sqrt(1 / sw);
	return f;
}

/*
 * y = a + b x through the points, robust to a few far off (the steps of a
 * chain that cross a track's edge, off by its skew, or wait a turn more):
 * first the line through two of them that the most lie near (least median
 * of squares: the least half-plus-one-th residual over every pair), then
 * least squares over those within four robust deviations of it, refitted
 * three times; the points kept
 */
#define FITMAX 64
static unsigned fit(const double *x, const double *y, unsigned n, double *a, double *b)
{
	unsigned char use[FITMAX];
	unsigned k = 0, h = n / 2 + 1;
	double best = INFINITY, a0 = 0, b0 = 0;

	if (n > FITMAX || n < 3)
		return 0;
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = i + 1; j < n; j++) {
			double res[FITMAX], bb, aa, q;

			if (x[i] == x[j])
				continue;
			bb = (y[j] - y[i]) / (x[j] - x[i]);
			aa = y[i] - bb * x[i];
			for (unsigned m = 0; m < n; m++)
				res[m] = fabs(y[m] - aa - bb * x[m]);
			/* the h-th least: a partial selection, n is small */
			for (unsigned m = 0; m < h; m++)
				for (unsigned l = m + 1; l < n; l++)
					if (res[l] < res[m]) {
						double t = res[l];

						res[l] = res[m];
						res[m] = t;
					}
			q = res[h - 1];
			if (q < best)
				best = q, a0 = aa, b0 = bb;
		}
	if (!isfinite(best))
		return 0;
	{
		double thr = 4 * 1.4826 * best;

		if (thr < 1000)
			thr = 1000;
		for (unsigned i = 0; i < n; i++)
			use[i] = fabs(y[i] - a0 - b0 * x[i]) <= thr;
	}
	for (int pass = 0; pass < 3; pass++) {
		double sx = 0, sy = 0, sxx = 0, sxy = 0, res[FITMAX], thr;

		k = 0;
		for (unsigned i = 0; i < n; i++)
			if (use[i]) {
				sx += x[i], sy += y[i], sxx += x[i] * x[i], sxy += x[i] * y[i];
				k++;
			}
		if (k < 3 || k * sxx - sx * sx <= 0)
			return 0;
		*b = (k * sxy - sx * sy) / (k * sxx - sx * sx);
		*a = (sy - *b * sx) / k;
		k = 0;
		for (unsigned i = 0; i < n; i++)
			if (use[i])
				res[k++] = fabs(y[i] - *a - *b * x[i]);
		thr = 4 * 1.4826 * median(res, k);
		if (thr < 1000)
			thr = 1000;
		k = 0;
		for (unsigned i = 0; i < n; i++)
			k += use[i] = fabs(y[i] - *a - *b * x[i]) <= thr;
	}
	return k;
}

/* a chain's steps: k and the interval */
#define CHAIN_STEPS 12
#define ZONE_CHAINS 3		/* chains pooled at most to show one zone (one_zone) */
struct steps {
	double x[CHAIN_STEPS], y[CHAIN_STEPS];
};

static int chain_fwd(struct st *s, uint64_t pos, double kmax, double *rev, double *ts, struct steps *st);
static double chain_k(const struct st *s, double kmax, unsigned j);

/*
 * A chain of one-sector reads stepping back from pos, k sectors each (k up
 * to kmax): the interval of each is a turn less k sectors' time (on a
 * drive that reads free blocks, chain_fwd's forward chain instead).
 */
static int chain(struct st *s, uint64_t pos, double kmax, double *rev, double *ts, struct steps *st)
{
	struct steps own;
	double *x, *y, a, b;
	unsigned k1;
	uint64_t cur = pos;
	int64_t t, t1;

	/* a start off the disk, or steps no disk has (a chain of noise
	 * where nothing turns): no chain */
	if (pos > s->d->size - s->S || !(kmax >= 1 && kmax < 1e9))
		return -1;
	if (!st)
		st = &own;
	if (s->free)
		return chain_fwd(s, pos, kmax, rev, ts, st);
	t = rd(s, cur, (unsigned)s->S);
	x = st->x, y = st->y;
	for (unsigned j = 0; j < CHAIN_STEPS; j++) {
		double k = chain_k(s, kmax, j);

		if (cur < (uint64_t)k * s->S)
			return -1;
		cur -= (uint64_t)k * s->S;
		t1 = rd(s, cur, (unsigned)s->S);
		x[j] = k;
		y[j] = (double)(t1 - t);
		t = t1;
	}
	if ((k1 = fit(x, y, CHAIN_STEPS, &a, &b)) < 6 || b >= 0 || a <= 0)
		return -1;
	*rev = a;
	*ts = -b;
	return 0;
}

/*
 * A sector's time from chains' steps, given the turn R: each interval is
 * R less k sectors' time, and a whole number of turns more where the
 * drive let the sector pass (taken off: the interval modulo R), so the
 * line's intercept is R and only its slope is fitted, through the origin
 * of (k, R - y): the steps' largest k weigh most, and the sector's time
 * is 2.3 times surer than a free line's (the sum of k^2 against that of
 * (k - mean)^2 for k a sixth to a whole of kmax). The steps kept are
 * those within four robust deviations (at least a microsecond) of the
 * median k's share, refitted twice (a step across a track's edge is off
 * by its skew); *kept their number, *se the slope's standard error.
 */
static double turn_slope(const struct steps *c, unsigned nc, double R, double *se, unsigned *kept)
{
	double d[ZONE_CHAINS * CHAIN_STEPS], k[ZONE_CHAINS * CHAIN_STEPS], q[ZONE_CHAINS * CHAIN_STEPS], ts, thr = 0;
	unsigned n = 0, m = 0;

	*se = NAN, *kept = 0;
	for (unsigned i = 0; i < nc && i < ZONE_CHAINS; i++)
		for (unsigned j = 0; j < CHAIN_STEPS; j++) {
			k[n] = c[i].x[j];
			d[n] = R - (c[i].y[j] - R * floor(c[i].y[j] / R));
			q[n] = d[n] / k[n];
			n++;
		}
	ts = median(q, n);
	for (int pass = 0; pass < 3; pass++) {
		double skk = 0, skd = 0, res[ZONE_CHAINS * CHAIN_STEPS];

		for (unsigned i = 0; i < n; i++)
			res[i] = fabs(d[i] - k[i] * ts);
		thr = 4 * 1.4826 * median(res, n);
		if (thr < 1000)
			thr = 1000;
		m = 0;
		for (unsigned i = 0; i < n; i++)
			if (fabs(d[i] - k[i] * ts) <= thr)
				skk += k[i] * k[i], skd += k[i] * d[i], m++;
		if (m < 2 || !(skk > 0))
			return NAN;
		ts = skd / skk;
	}
	{
		double skk = 0, ss = 0;

		m = 0;
		for (unsigned i = 0; i < n; i++)
			if (fabs(d[i] - k[i] * ts) <= thr) {
				double e = d[i] - k[i] * ts;

				skk += k[i] * k[i], ss += e * e, m++;
			}
		*se = m > 1 ? sqrt(ss / (m - 1) / skk) : NAN;
		*kept = m;
	}
	return ts;
}

/*
 * The skew a chain saw where it crossed a track's edge: a step back k
 * sectors across an edge waits for the sector k plus the skew back (the
 * track below starts that much later round), so its interval is off the
 * line by the skew, modulo the track. The least of the steps off it by
 * over half a sector (a cylinder's skew, the larger, where a chain crossed
 * both); NAN where none was. ts: a sector's time on the chains' clock.
 * twice: the least that two steps show.
 */
static double chain_skew(const struct steps *c, unsigned nc, double R, double ts, int twice)
{
	double P = R / ts, best = NAN;

	if (!(ts > 0))
		return NAN;
	double v[ZONE_CHAINS * CHAIN_STEPS];	/* (every caller's chains: ZONE_CHAINS at most) */
	unsigned n = 0;

	for (unsigned i = 0; i < nc && i < ZONE_CHAINS; i++)
		for (unsigned j = 0; j < CHAIN_STEPS; j++) {
			double d = R - (c[i].y[j] - R * floor(c[i].y[j] / R)), dev = d / ts - c[i].x[j];

			dev -= P * floor((dev + 0.5) / P);	/* into [-0.5, P - 0.5) */
			if (dev > 0.5 && dev < P - 0.5)
				v[n++] = dev;
		}
	/* the least (twice: that another step shares within a sector, as
	 * forward chains on a drive that reads free blocks cross many edges:
	 * a completion the reader saw late makes one step long by as much,
	 * an edge's skew comes at every edge of its kind the chains cross) */
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = 0; j < n; j++)
			if ((!twice || (j != i && fabs(v[j] - v[i]) <= 1)) && !(v[i] >= best))
				best = v[i];
	return best;
}

/* a chain's j-th step (sectors): a sixth of kmax to all of it, twice; on a
 * drive that reads free blocks, the same over the span from its least
 * step (free_kmin, where the drive is ready for a sector that far on) to
 * kmax */
static double chain_k(const struct st *s, double kmax, unsigned j)
{
	double lo = s->free && s->free_kmin > 0 && s->free_kmin < kmax ? s->free_kmin : 0;
	double k = floor(lo + (kmax - lo) * (j % 6 + 1) / 6 + 0.5);

	return k < 1 ? 1 : k;
}

/* the bytes a chain with steps up to kmax reads down from its first */
static double chain_span(const struct st *s, double kmax)
{
	double sum = 0;

	for (unsigned j = 0; j < CHAIN_STEPS; j++)
		sum += chain_k(s, kmax, j);
	return sum * (double)s->S;
}

/*
 * A sector's time from forward steps (k sectors, time T each): the steps
 * within a track lie on a line through the origin, their time over k the
 * least; one across an edge takes the skew more, one asked for before the
 * drive was ready a turn more. The least time over k that four or more
 * steps share, within 0.5 % (or 1 us over k), then the slope through the
 * origin of the steps near it (*kept; *se its standard error, *least the
 * least k among them). NAN where no four share one.
 */
static double fwd_slope(const double *x, const double *y, unsigned n, unsigned *kept, double *se, double *least)
{
	double sorted[ZONE_CHAINS * CHAIN_STEPS], best = NAN, sxx = 0, sxy = 0, b, ss = 0;

	*kept = 0, *se = NAN, *least = 0;
	if (n > ZONE_CHAINS * CHAIN_STEPS)
		return NAN;
	for (unsigned j = 0; j < n; j++)
		sorted[j] = y[j] / x[j];
	median(sorted, n);	/* sorts */
	for (unsigned j = 0; j < n && isnan(best); j++) {
		unsigned near = 0;

		for (unsigned m = 0; m < n; m++)
			near += fabs(y[m] - x[m] * sorted[j]) <= 0.005 * y[m] + 1000;
		if (sorted[j] > 0 && near >= 4)
			best = sorted[j];
	}
	if (isnan(best))
		return NAN;
	for (unsigned j = 0; j < n; j++)
		if (fabs(y[j] - x[j] * best) <= 0.005 * y[j] + 1000) {
			sxx += x[j] * x[j], sxy += x[j] * y[j], (*kept)++;
			if (!(*least > 0) || x[j] < *least)
				*least = x[j];
		}
	b = sxy / sxx;
	for (unsigned j = 0; j < n; j++)
		if (fabs(y[j] - x[j] * best) <= 0.005 * y[j] + 1000)
			ss += (y[j] - x[j] * b) * (y[j] - x[j] * b);
	*se = *kept > 1 ? sqrt(ss / (*kept - 1) / sxx) : NAN;
	return b;
}

/* fwd_slope over chains' steps as chain_fwd keeps them (y = -T) */
static double fwd_steps_slope(const struct steps *c, unsigned nc, unsigned *kept, double *se)
{
	double x[ZONE_CHAINS * CHAIN_STEPS], y[ZONE_CHAINS * CHAIN_STEPS], least;
	unsigned n = 0;

	for (unsigned i = 0; i < nc && i < ZONE_CHAINS; i++)
		for (unsigned j = 0; j < CHAIN_STEPS; j++) {
			x[n] = c[i].x[j];
			y[n++] = -c[i].y[j];
		}
	return fwd_slope(x, y, n, kept, se, &least);
}

/*
 * A drive that reads free blocks keeps the sectors that passed under the
 * head while it waited, so a step back within a track is a hit and shows
 * no turn: its chains run forward instead, from pos less the backward
 * chain's span up to pos, with the same steps. A step forward k sectors
 * waits their time (the head comes to the sector k on), off the line by
 * the skew where it crossed a track's edge, and is never a free block
 * (those lie behind a read). Each step is kept as the turn less its time
 * would be (y = -T: turn_slope and chain_skew take it modulo the turn and
 * see k sectors' time, and the skew, as a backward step's), so the
 * figures of both come alike. *rev: the turn once free_turn() measured
 * it, else NAN; *ts the slope.
 */
static int chain_fwd(struct st *s, uint64_t pos, double kmax, double *rev, double *ts, struct steps *st)
{
	double span = chain_span(s, kmax), x[CHAIN_STEPS], y[CHAIN_STEPS], b, se;
	uint64_t cur;
	int64_t t, t1;
	unsigned kept;

	if ((double)pos < span)
		return -1;
	cur = pos - (uint64_t)span;
	t = rd(s, cur, (unsigned)s->S);
	for (unsigned j = 0; j < CHAIN_STEPS; j++) {
		double k = chain_k(s, kmax, j);

		cur += (uint64_t)k * s->S;
		t1 = rd(s, cur, (unsigned)s->S);
		st->x[j] = x[j] = k;
		y[j] = (double)(t1 - t);
		st->y[j] = -y[j];
		t = t1;
	}
	b = fwd_slope(x, y, CHAIN_STEPS, &kept, &se, &s->fwd_least);
	if (kept < 6 || !(b > 0)) {
		/* no line through the origin: where every step was asked for
		 * before the drive was ready (a command overhead that is a
		 * large share of the turn), each lost one turn, and the steps
		 * lie on a line whose slope is a sector's time and whose
		 * intercept is the turn (Skippy's forward steps) */
		double a, xm[CHAIN_STEPS], ym[CHAIN_STEPS];
		unsigned nm = 0, k;

		/* (the misses: a step the read-ahead had read costs a hit) */
		for (unsigned j = 0; j < CHAIN_STEPS; j++)
			if (!(fabs(y[j] - s->free_hit) <= 0.15 * s->free_hit + 30000)) {
				xm[nm] = x[j];
				ym[nm++] = y[j];
			}
		if (nm < 6 || (k = fit(xm, ym, nm, &a, &b)) < 6 || 3 * k < 2 * nm || !(b > 0) || !(a >= 3e6 && a <= 60e6) ||
		    !(a > kmax * b))
			return -1;
		*rev = a;
		*ts = b;
		return 0;
	}
	*rev = s->free_turn > 0 ? s->free_turn : NAN;
	*ts = b;
	return 0;
}

/* the bytes a chain leaves clear below and above it on a drive that reads
 * free blocks (tracks of spt sectors): what its first read waited under
 * (up to a track) below, its last read's read-ahead above (two tracks
 * in all); elsewhere 16 sectors */
static double free_room(const struct st *s, double spt)
{
	return (s->free ? 2 * spt + 16 : 16) * (double)s->S;
}

static double dchar_rate_at(const struct dchar_result *r, uint64_t off);

/* what a read at h may have left below it on a drive that reads free
 * blocks: what passed under the head while it waited, up to its track
 * (bytes; 1 MiB before the zones' rates are known) */
static double free_below(const struct st *s, uint64_t h)
{
	double L = s->r->nzones && s->r->rev_ns.v > 0 ? dchar_rate_at(s->r, h) * s->r->rev_ns.v / 1e9 : NAN;

	return L > 0 ? L : 1048576.0;
}

/* the media rate at off (bytes/s), interpolated between zones */
static double dchar_rate_at(const struct dchar_result *r, uint64_t off)
{
	unsigned i = 0;

	if (!r->nzones)
		return NAN;
	while (i + 1 < r->nzones && r->zone[i + 1].off <= off)
		i++;
	if (off <= r->zone[0].off || i + 1 >= r->nzones || r->zone[i + 1].off == r->zone[i].off)
		return r->zone[i].mbs * 1e6;
	double f = (double)(off - r->zone[i].off) / (double)(r->zone[i + 1].off - r->zone[i].off);
	return 1e6 * (r->zone[i].mbs + f * (r->zone[i + 1].mbs - r->zone[i].mbs));
}

/* a track's bytes at off */
static double track_bytes(const struct st *s, uint64_t off)
{
	return dchar_rate_at(s->r, off) * s->r->rev_ns.v / 1e9;
}

static double sector_ns(const struct st *s, uint64_t off)
{
	return (double)s->S * 1e9 / dchar_rate_at(s->r, off);
}

/* how far the completion T after a read d sectors above misses the turn
 * less d sectors, in sectors within a track of P (one of R, t0 each) */
static double off_turn(double R, double t0, double P, double d, double T)
{
	double back = fmod(-T, R), dev;

	if (back < 0)
		back += R;
	dev = back / t0 - d;
	return dev - P * floor(dev / P + 0.5);
}

/* a time modulo the turn, within half a turn of 0 */
static double phase_of(double R, double t)
{
	double ph = fmod(t, R);

	if (ph < 0)
		ph += R;
	return ph > R / 2 ? ph - R : ph;
}

/*
 * The track near byte x on a skewed platter, where the phase of one read
 * does not carry across an edge: a chain of one-sector reads stepping back
 * k sectors from half a track above x (each below all before it, so no
 * read-ahead of theirs holds it). The first two steps that agree give a
 * sector's time; then a read off the turn by more than a sector from the
 * last one on it crossed an edge when the read after it is on its phase,
 * and when that one is on the last's phase instead, the buffer held it (an
 * earlier read's read-ahead: learned, and passed over). The
 * track below the edge holds the sectors [*lo, *hi] (*hi the chain's first
 * read there; *ref the last, which gives the track's phase *refT; *lo nine
 * tenths of a track below the last read above, within the track while
 * spares take under a tenth of it). *ts: a sector's time, from the chain's
 * steps within a track. -1: no edge seen (no skew).
 */
static int track_near(struct st *s, double x, uint64_t *lo, uint64_t *hi, uint64_t *ref, int64_t *refT, double *ts)
{
	double R = s->r->rev_ns.v, P = track_bytes(s, clampoff(s, x)) / (double)s->S, t0 = R / P, sum = 0, cand = 0;
	uint64_t k = (uint64_t)sqrt(2 * P) > 1 ? (uint64_t)sqrt(2 * P) : 1;
	uint64_t y = clampoff(s, x + 0.55 * P * (double)s->S) / s->S, yr = y, yp = 0;
	int64_t tr = rd(s, y * s->S, (unsigned)s->S), tp = 0, t1;
	unsigned n = 0, steps = (unsigned)(2.3 * P / (double)k) + 5;

	*hi = 0;

	for (unsigned j = 0; j < steps && y > k + (uint64_t)P && !s->err; j++) {
		/* a sector's time from the steps within a track (to 0.1 %: a
		 * hit seldom lands within a sector of the phase by chance) */
		double d = (double)(yr - y + k), T, ts0 = n ? sum / n : t0, Pn = R / ts0, tol = 1 + 0.005 * d;

		y -= k;
		t1 = rd(s, y * s->S, (unsigned)s->S);
		T = (double)(t1 - tr);
		if (!n) {
			/* none yet (the zones' rate may be some % off): the
			 * step's own, m turns less d sectors; two steps in a
			 * row that agree are within a track (an edge or a hit
			 * among the first is passed over: the chain goes on to
			 * the next edge) */
			double tsj = (floor((T + d * t0) / R + 0.5) * R - T) / d;

			if (cand > 0 && fabs(tsj - cand) * d <= tol * cand) {
				sum = cand + tsj;
				n = 2;
			}
			cand = tsj;
			yr = y;
			tr = t1;
			continue;
		}
		if (fabs(off_turn(R, ts0, Pn, d, T)) <= tol) {
			/* on the last one's phase: m turns less d sectors (the
			 * one off it before, if any, a hit) */
			if (yp)
				learn(s, yp * s->S, 1, P * (double)s->S);
			yp = 0;
			sum += (floor((T + d * ts0) / R + 0.5) * R - T) / d;
			n++;
		} else if (yp && fabs(off_turn(R, ts0, Pn, (double)(yp - y), (double)(t1 - tp))) <= tol) {
			/* on the phase of the one off it: an edge above that one */
			if (!*hi) {
				/* the track below (two steps or more within a track
				 * came before: its sector's time to the 0.1 % the
				 * aim needs) */
				*hi = yp;
				*lo = yr - (uint64_t)(0.9 * Pn);
				j = steps;
			}
			sum += (floor(((double)(t1 - tp) + (double)(yp - y) * ts0) / R + 0.5) * R - (double)(t1 - tp)) / (double)(yp - y);
			n++;
			yp = 0;
		} else {
			/* off the last one's phase: an edge or a hit, which the
			 * next read tells */
			yp = y;
			tp = t1;
			continue;
		}
		yr = y;
		tr = t1;
		if (*hi) {
			*ref = y;
			*refT = t1;
		}
	}
	if (!*hi || !n)
		return -1;
	*ts = sum / n;
	return 0;
}

/*
 * The bounds on a threshold that most of n completions T agree on: each
 * one a miss puts it in (T - turn, T]. A hit (B in what a read before, or
 * the read-ahead under way, had brought in: sooner than the path allows)
 * disagrees with the misses, and is outvoted. The most agree at one of
 * the T (every bound from above is one); of as many, the narrowest.
 */
static void agreed(const double *T, unsigned n, double R, double *lo, double *hi)
{
	unsigned best = 0;

	for (unsigned i = 0; i < n; i++) {
		double l = -INFINITY, h = INFINITY;
		unsigned c = 0;

		for (unsigned j = 0; j < n; j++)
			if (T[j] - R < T[i] && T[i] <= T[j]) {
				c++;
				l = T[j] - R > l ? T[j] - R : l;
				h = T[j] < h ? T[j] : h;
			}
		if (c > best || (c == best && h - l < *hi - *lo)) {
			best = c;
			*lo = l > 0 ? l : 0;
			*hi = h;
		}
	}
}

/*
 * A, the read an aimed probe counts from, read from the platter: the head
 * must be on A's track for B's distance to hold. One that cost less than
 * the path within a track (a hit: the buffer held it, read ahead after an
 * earlier read, as a drive that reads to its track's end after every read
 * and keeps thousands of segments does) leaves the head wherever it was,
 * perhaps still reading ahead on B's track; such an A is set apart and
 * one 16 sectors lower read instead (64 at most). *a: where A was read;
 * its completion
 */
static int64_t read_a(struct st *s, uint64_t *a)
{
	int64_t t = s->last, tA = t;

	for (unsigned i = 0; i < 64 && !s->err; i++) {
		while (recent(s, *a) && *a >= 16 * s->S)
			*a -= 16 * s->S;
		t = s->last;
		tA = rd(s, *a, (unsigned)s->S);
		if (!s->r->overhead_ns.n || (double)(tA - t) >= s->r->overhead_ns.v - 20000 || *a < 16 * s->S)
			break;
		s->r->a_hits++;
		*a -= 16 * s->S;
	}
	return tA;
}

/*
 * An aimed B by the layout placed (thresh(), a drive that reads free
 * blocks), for A at a with B within [wlo, whi) of base: *best the sector
 * of the window whose end passes tau after A's (the nearest the window's
 * middle; -1 none; where none, one of the nb tracks each way beside the
 * window's middle, on its cylinder), *aim when. A's angle, NAN where the
 * layout does not reach A
 */
static double lay_pick(const struct st *s, uint64_t A, double base, double wlo, double whi, double tau, unsigned nb, double *best,
		       double *aim)
{
	double R = s->r->rev_ns.v, la = lay_angle(s, A / s->S);

	*best = -1;
	*aim = NAN;
	if (isnan(la))
		return la;

	double ts = R / s->lay.P, w = fmod(tau, R) / ts, bd = INFINITY, mid = (base + (wlo + whi) / 2) / (double)s->S;
	uint64_t c0 = (uint64_t)ceil((base + wlo) / (double)s->S), c1 = (uint64_t)((base + whi) / (double)s->S);

	for (unsigned k = 0; k <= 2 * nb && *best < 0; k++) {
		/* none in the window: the layout places no sector near a
		 * track's edge, so a window of a track leaves a gap in
		 * its angles, where tau may lie, A's place in its track
		 * the same at each probe (a head switch; a seek whose A
		 * walks whole cylinders: atlas10k's of 8 cylinders was
		 * 0.13 ms long, its window left open across the gap).
		 * The tracks beside the middle's, up to three each way,
		 * on its cylinder (the seek's distance the same), not
		 * A's: dec_rz26's margins leave 33 of 57 sectors a track */
		if (k) {
			double qm = lay_track(s, mid, NULL), q = qm + (double)((k + 1) / 2) * (k % 2 ? 1 : -1);
			double qa = lay_track(s, (double)(A / s->S), NULL);

			if (mid < (double)s->lay.e || A / s->S < s->lay.e || q < 0 || q == qa ||
			    floor((q + s->lay.ecyl) / s->lay.H) != floor((qm + s->lay.ecyl) / s->lay.H))
				continue;
			c0 = s->lay.e + (uint64_t)lay_pos(s, q);
			c1 = s->lay.e + (uint64_t)lay_pos(s, q + 1);
		}
		for (uint64_t c = c0; c < c1 && c0 <= c1; c++) {
			double lb = lay_angle(s, c), d;

			if (isnan(lb) || c == A / s->S)
				continue;
			d = fmod(lb - la - w + 2 * s->lay.P, s->lay.P);
			if (d > s->lay.P / 2)
				d -= s->lay.P;
			if (fabs(d) < 0.5 && taken(s, c * s->S) == 0 &&
			    (bd == INFINITY || fabs((double)c * (double)s->S - base - (wlo + whi) / 2) < fabs(*best - base - (wlo + whi) / 2)))
				bd = d, *best = (double)c * (double)s->S;
		}
	}
	if (*best >= 0) {
		double ph = fmod(fmod(lay_angle(s, (uint64_t)*best / s->S) - la, s->lay.P) + s->lay.P, s->lay.P) * ts;

		*aim = ph + R * floor((tau - ph) / R + 0.5);
	}
	return la;
}

/*
 * The threshold of a read at dist bytes past one near a (B within
 * [wlo, whi) of that): the least time from A's completion to B's, which is
 * the head's readiness plus the path. Every observation T bounds it to
 * (T - turn, T]; each B is aimed at the middle of what is left, from the
 * phase of the last completion near it. A steps back walk bytes a probe
 * (fresh sectors of every phase; 0: near a, for a switch at an edge).
 */
static int thresh(struct st *s, uint64_t a, double dist, double wlo, double whi, double walk, double *lo, double *hi)
{
	double R = s->r->rev_ns.v, tsb = sector_ns(s, clampoff(s, (double)a + dist)), spt = R / tsb;
	uint64_t refB = 0, tlo = 0, thi = 0, offb = 0;
	int64_t refT = 0, offT = 0;
	int track = 0;
	unsigned moves = 0;

	/* skewed tracks: every B on one track found near the target, aimed
	 * by the phase of the last B (A stays near a: the distance holds) */
	if (dist > 0 && s->r->skew_track.n && !s->free &&
	    track_near(s, (double)a + dist + (wlo + whi) / 2, &tlo, &thi, &refB, &refT, &tsb) == 0) {
		track = 1;
		spt = R / tsb;
		walk = 0;
	}
	*lo = 0;
	*hi = INFINITY;
	/* a drive that reads free blocks, its tracks not placed (track_near's
	 * chain steps back): B's phase against the last one's is off by the
	 * skews between their tracks, so no aim holds; B instead at spread
	 * places in the window (a golden-ratio sequence: every phase comes
	 * round), twice the probes, and the bounds alone */
	int blind = s->free && !track, lay_off = 0;
	unsigned nb = 3;	/* blind: the tracks beside B's the layout may aim at, each way (lay_pick) */
	double lo_aim = 0;	/* blind: a bound from a B the buffer served (below) */
	double obs[2 * PROBES];
	unsigned nobs = 0;

	/* an aimed B that misses by a turn raises the lower bound only once
	 * a second one aimed the same way misses too: one ready there says
	 * the first was held back on its way (an interrupt), and set apart.
	 * (Bounded by spread places, the bounds most completions agree on
	 * outvote such a miss instead. Where A stays near a, walk 0, every B
	 * is on one track, an edge's or the one found near the target: a
	 * second B there would use up the sectors later probes need, so
	 * none is asked.) */
	double olo = 0, ohi = INFINITY, pend = 0, tau_was = 0;
	unsigned bis = 0;
	int confirm = 0, plain = 0;	/* plain: the last B missed by a turn, as aimed */

	for (unsigned p = 0; !s->err; p++) {
		uint64_t A = clampoff(s, (double)a - p * walk), B, Ap;
		double aim = NAN, tau, base, delta, n, best = -1, la, pbest = -1, paim = NAN;
		int64_t tA, tB;

		if (confirm) {
			confirm = 0;
			if (*hi < ohi && *lo <= olo)
				s->r->asked_again++;	/* ready where the first missed: its bound dropped */
			else if (pend > *lo)
				*lo = pend;
		} else if (!blind && walk != 0 && p && *lo > olo && plain) {
			/* the probe before raised it, its B a turn after its
			 * aim (as one held back would be): asked once more */
			confirm = 1;
			pend = *lo;
			*lo = olo;
		}
		if (!confirm && (*hi - *lo <= EPS_NS || bis++ >= (blind ? 2 * PROBES : PROBES)))
			break;
		olo = *lo;
		ohi = *hi;
		plain = 0;

		tau = confirm ? tau_was : isinf(*hi) ? *lo + R / 2 : (*lo + *hi) / 2;
		tau_was = tau;
		/* (blind: B by the layout up to a sector past tau, and a pause
		 * of the difference before its request, below) */
		double half = s->lay.ok ? R / s->lay.P / 2 : 0;
		/* B by the layout placed (blind), chosen before A is read: the
		 * time from A's completion to B's request is the path's alone,
		 * the same for every probe (a track's search of sectors there
		 * is a tenth of a millisecond in the image, and more on a 486) */
		la = NAN;
		Ap = A;
		if (blind && !lay_off) {
			while (recent(s, A) && A >= 16 * s->S)
				A -= 16 * s->S;
			Ap = A;
			la = lay_pick(s, A, (double)A + dist, wlo, whi, tau + half, nb, &pbest, &paim);
		}
		tA = read_a(s, &A);
		base = (double)A + dist;
		if (!dist) {		/* the phase of B's track is A's */
			refB = A;
			refT = tA;
		}
		tA = after_a(s, tA);
		if (track) {
			/* the sector of B's track that passes tau after A (the
			 * nearer end of the track where none does) */
			double c = 0;
			uint64_t b, b0;

			for (unsigned tries = 0;; tries++) {
				c = (double)refB + fmod(fmod((double)(tA - refT) + tau, R) + R, R) / tsb;
				while (c > (double)thi + 0.5)
					c -= spt;
				while (c < (double)tlo - 0.5)
					c += spt;
				if (c <= (double)thi + 0.5 || tries >= 3)
					break;
				/* that angle falls past the track's part in use:
				 * an A a third of a turn on instead */
				A = clampoff(s, (double)A - track_bytes(s, A) / 3);
				tA = after_a(s, read_a(s, &A));
			}
			if (c > (double)thi + 0.5)
				c = c - (double)thi < (double)tlo + spt - c ? (double)thi : (double)tlo;
			b = b0 = (uint64_t)floor(c + 0.5);
			/* the nearest in the track that no recent read holds */
			for (unsigned j = 1; thi >= tlo && j < 4 * (thi - tlo) + 4 && taken(s, b * s->S); j++) {
				uint64_t c2 = j % 2 ? b0 + (j + 1) / 2 : b0 - j / 2;

				if (c2 >= tlo && c2 <= thi)
					b = c2;
			}
			if (thi < tlo || taken(s, b * s->S)) {
				/* the track is used up (or, where spares shorten it,
				 * none of it is left): another a track or two aside */
				double x = (double)a + dist + (wlo + whi) / 2 +
					   (moves % 2 ? -1.0 : 1.0) * (moves / 2 + 1) * 1.5 * (thi > tlo ? (double)(thi - tlo) : spt) * (double)s->S;

				moves++;
				if (track_near(s, x, &tlo, &thi, &refB, &refT, &tsb) < 0)
					break;
				spt = R / tsb;
				continue;
			}
			B = b * s->S;
			tB = rd(s, B, (unsigned)s->S);
			double T = (double)(tB - tA), ph = fmod((double)(tB - refT) - ((double)b - (double)refB) * tsb, R);

			/* B's sector passing, or B was not read from the platter
			 * (a buffer held it: no bound); sooner than the path
			 * within a track and a seek allow, a hit at any phase */
			if (ph < 0)
				ph += R;
			if (ph > R / 2)
				ph -= R;
			if (s->r->overhead_ns.n && T - (ph > 0 ? ph : 0) < s->r->overhead_ns.v - 20000) {
				learn(s, B, 0, track_bytes(s, B));
				continue;
			}
			if (fabs(ph) > 0.5 * tsb + 5000) {
				/* late, by up to a sector or a sixteenth of a turn: the
				 * drive read B as it passed but sends it no sooner than
				 * its own time after the command (DiskSim's hp_c2247a):
				 * the head was ready, as slack counts it. A turn less
				 * up to a sector early: the head ready just inside B's
				 * sector (dec_rz26), not ready */
				if (ph > 0 && ph <= (tsb > R / 16 ? tsb : R / 16) + 5000 && T - ph > *lo) {
					if (T - ph < *hi)
						*hi = T - ph;
					if (T - ph - R > *lo)
						*lo = T - ph - R;
				} else if (ph > 0 && ph <= (tsb > R / 16 ? tsb : R / 16) + 5000) {
					learn(s, B, 0, track_bytes(s, B));	/* sooner than the head could: a hit */
				} else if (ph < 0 && ph >= -tsb - 5000) {
					if (T - ph - R > *lo)
						*lo = T - ph - R;
				} else if (offb && fabs(phase_of(R, (double)(tB - offT) - ((double)b - (double)offb) * tsb)) <= 0.5 * tsb + 5000 &&
					   (b < refB) == (offb < refB)) {
					/* on the phase of the last one off it, on the same
					 * side: another track (spares shorten the track in
					 * use, whose edge is nearer than its sectors), not
					 * a hit: the track ends short of both */
					if (b < refB && (b > offb ? b : offb) + 1 > tlo)
						tlo = (b > offb ? b : offb) + 1;
					if (b > refB && (b < offb ? b : offb) - 1 < thi)
						thi = (b < offb ? b : offb) - 1;
				} else {
					learn(s, B, 0, track_bytes(s, B));
				}
				offb = b;
				offT = tB;
				continue;
			}
			/* a turn or more later than the least time seen allows:
			 * that one was a hit on its sector's phase by chance (a
			 * read this late is no hit); it bounds nothing */
			if (T - R > *hi + R)
				*hi = T;
			if (T < *hi)
				*hi = T;
			if (T - R > *lo)
				*lo = T - R;
			plain = 1;
			refB = b;
			refT = tB;
			continue;
		}
		if (blind && !lay_off && A != Ap)
			la = lay_pick(s, A, base, wlo, whi, tau + half, nb, &pbest, &paim);	/* A moved: read_a() set a hit apart */
		if (!isnan(la)) {
			best = pbest;
			aim = paim;
		}
		if (blind && best < 0) {
			double u = fmod(0.6180339887 * (p + 1), 1.0);

			best = clampoff(s, base + wlo + u * (whi - wlo));
		} else if (blind) {
		} else if (p || !dist) {
			delta = fmod((double)(tA - refT) + tau, R);
			if (delta < 0)
				delta += R;
			n = delta / tsb;
			/* the sector of that phase nearest the window's middle */
			for (int m = -64; m <= 64; m++) {
				double c = (double)refB + (n + m * spt) * (double)s->S;

				if (c < base + wlo - (double)s->S * spt / 8 || c > base + whi + (double)s->S * spt / 8)
					continue;
				if (best < 0 || fabs(c - base - (wlo + whi) / 2) < fabs(best - base - (wlo + whi) / 2))
					best = c;
			}
		}
		B = clampoff(s, best >= 0 ? best : base + (wlo + whi) / 2);
		if (!blind || isnan(aim))
			B = clampoff(s, free_near(s, (double)B));
		if (best >= 0 && !blind)
			aim = tau + ((double)B - best) / (double)s->S * tsb;
		/* a B the layout aimed passes a whole number of sectors after
		 * A's (dec_rz26's are 193 us): where it passes after tau, a
		 * pause of the difference before its request, and its time
		 * counted from the pause's end, ask whether the head is ready
		 * tau after A, finer than a sector (as slack() bisects) */
		if (blind && !isnan(aim) && aim > tau + 1000) {
			int64_t t2 = s->d->idle(s->d->ctx, (int64_t)(aim - tau));

			aim -= (double)(t2 - tA);
			tA = t2;
		}
		tB = rd(s, B, (unsigned)s->S);
		double T = (double)(tB - tA);
		if (blind) {
			obs[nobs++] = T;
			agreed(obs, nobs, R, lo, hi);
		} else {
			if (T < *hi)
				*hi = T;
			if (T - R > *lo)
				*lo = T - R;
			plain = !isnan(aim) && fabs(T - aim - R) < 4 * tsb + 50000;
		}
		/* aimed by the layout placed (blind): B completed off the phase
		 * it gives (by over a sixteenth of a turn), so the layout does
		 * not hold here (spares, a zone's edge): the bounds alone, and
		 * spread places, from now on */
		if (blind && !isnan(aim) && fabs(phase_of(R, T - aim)) > R / 16) {
			/* (a B on a track beside the window's: the layout may
			 * hold within the window, where its aims go on) */
			if (nb && ((double)B < base + wlo || (double)B >= base + whi))
				nb = 0;
			else
				lay_off = 1;
			aim = NAN;
		} else if (blind && !isnan(aim) && T > aim + 3 * tsb + 20000 && fabs(phase_of(R, T - aim)) > 3 * tsb + 20000) {
			/* later than the layout's aim, but not a turn later: the
			 * buffer served B (the read-ahead under way had it), not
			 * the head at the aim, which a miss there would have been
			 * ready for: the path is longer */
			lo_aim = aim > lo_aim ? aim : lo_aim;
		}
		if (*lo < lo_aim && lo_aim < *hi)
			*lo = lo_aim;
		/* neither at the aim nor a turn after it, and sooner: the buffer
		 * held B (the read-ahead had passed it), the head was not ready */
		if (!isnan(aim) && fabs(T - aim) > R / 8 && fabs(T - aim - R) > R / 8 && T < aim + R / 2 && aim > *lo)
			*lo = aim;
		refB = B;
		refT = tB;
	}
	/* a lower bound past the upper: two kinds of pair were met (a track
	 * or cylinder edge inside the window); the least time seen holds for
	 * the cheaper, which the window is about */
	if (*lo > *hi)
		*lo = *hi;
	return s->err;
}

/* the threshold at a distance, repeated from starts apart: the middle of
 * what their windows share, else the mean of their middles (fig_agree) */
static struct dchar_fig thresh_rep(struct st *s, uint64_t a, uint64_t dist, unsigned reps)
{
	double v[4], wl[4], wh[4], L = track_bytes(s, a);
	unsigned n = 0;

	/* two that disagree (one B's window met an edge, or its aim a read
	 * held back): a third start says which (where B is aimed: blind,
	 * the bounds most completions agree on have outvoted such a B) */
	for (unsigned i = 0; i < 4 && (i < reps || (i == 2 && n == 2 && !s->free && fabs(v[0] - v[1]) > AGREE_NS)); i++) {
		uint64_t A = clampoff(s, (double)a - i * 0.37 * L);
		double d = (double)dist, lo, hi;

		s->r->asked_again += i >= reps;

		if ((double)A + d + L > (double)s->d->size)
			d = (double)s->d->size - L - (double)A;
		/* a window its probes left open (its reads hits, its track
		 * used up) bounds nothing: its middle is no figure */
		if (thresh(s, A, d, d ? -L / 2 : 0, d ? L / 2 : L, 3 * L, &lo, &hi) == 0 && hi - lo < s->r->rev_ns.v / 4) {
			wl[n] = lo;
			wh[n] = hi;
			v[n++] = (lo + hi) / 2;
		}
	}
	/* a drive that reads free blocks, its B placed blind: at some
	 * starts B's window crosses the track's edge, and B there costs
	 * the skew more; the least start's is the path within a track */
	if (s->free && !dist && n > 1) {
		for (unsigned i = 1; i < n; i++)
			if (v[i] < v[0])
				v[0] = v[i];
		n = 1;
	}
	/* windows that all hold one threshold (a far seek's bisection can
	 * leave a window a millisecond or more wide, and one start's
	 * narrow): the middle of what they share, where the windows'
	 * middles alone would disagree */
	double l = 0, h = INFINITY;
	for (unsigned i = 0; i < n; i++) {
		l = wl[i] > l ? wl[i] : l;
		h = wh[i] < h ? wh[i] : h;
	}
	if (n >= 2 && l <= h) {
		struct dchar_fig f = { (l + h) / 2, (h - l) / sqrt(12), n };

		return f;
	}
	return fig_agree(v, n);
}

/*
 * Pairs for the turn of a drive that reads free blocks (free_turn): at
 * FREE_PAIRS places a mebibyte apart down from below, a read F (a fresh
 * track), then the sector g below it, g from a quarter of kmax to twice
 * it (the track's size is not known yet: some g are a fair share of it,
 * wherever kmax lies between a twelfth and half of it). Where F
 * waited less than g sectors' time and the second is on F's track, the
 * second is a miss that waits the turn less g sectors: its time plus g
 * sectors' (ts each) is the turn. Where it is on the track below, the
 * same sum is the turn less the skew's time; a hit (under twice a
 * re-read's cost) says nothing. The sums, in z.
 */
#define FREE_PAIRS 6
#define FREE_Z (16 * FREE_PAIRS)
#define FREE_KMAX 72	/* sectors: a forward chain's largest step first tried (free_kmax) */
static void free_pairs(struct st *s, double below, double kmax, double ts, double *z, unsigned *nz)
{
	for (unsigned i = 0; i < FREE_PAIRS && !s->err && *nz < FREE_Z; i++) {
		static const double gf[FREE_PAIRS] = { 0.25, 0.5, 0.75, 1, 1.5, 2 };
		double g = floor(kmax * gf[i] + 0.5), y;
		uint64_t F = clampoff(s, below - (double)i * 1048576.0);
		int64_t tF;

		if ((double)F < (g + 1) * (double)s->S + 1048576.0)
			return;
		tF = rd(s, F, (unsigned)s->S);
		y = (double)(rd(s, F - (uint64_t)g * s->S, (unsigned)s->S) - tF);
		if (fabs(y - s->free_hit) > 0.15 * s->free_hit + 30000)
			z[(*nz)++] = y + g * ts;
	}
}

/*
 * The turn from the pairs' sums: the misses on F's track all agree on it,
 * to the clock's jitter, and those on the track below on the turn less the
 * skew's time tsk (the forward chains' least step across an edge), which
 * is the same at every position as a skew is made to cover the head's
 * switch, or a turn more where that came sooner than the drive could
 * serve it (two turns less tsk). Each sum is scored by the sums within
 * 20 us of it and those within 3 % of tsk of it less tsk or of twice it
 * less tsk: the turn scores all three groups, either other group fewer.
 * The sums within 20 us of the best, less those further from their
 * median than 3.5 times the spread its absolute deviations give, or 3 us
 * (a sum's step of g sectors carries g times the sector time's error: 2
 * us apart on ibm18es): a sum a read held back stands 10 or 20 us off and
 * moves a mean of 21 by a microsecond, which an angle measured over three
 * turns carries three times (*kept, their number returned); 0 where fewer
 * than three agree.
 */
static unsigned free_turn(const double *z, unsigned nz, double tsk, double *kept)
{
	unsigned best = 0, bi = 0, n = 0, k = 0;
	double sorted[FREE_Z], dev[FREE_Z], med, w;

	for (unsigned i = 0; i < nz; i++) {
		unsigned sc = 0;

		for (unsigned j = 0; j < nz; j++)
			sc += fabs(z[j] - z[i]) <= 20000 ||
			      (tsk > 0 && (fabs(z[j] - (z[i] - tsk)) <= 0.03 * tsk + 20000 || fabs(z[j] - (2 * z[i] - tsk)) <= 0.03 * tsk + 20000));
		if (sc > best || (sc == best && z[i] > z[bi]))
			best = sc, bi = i;
	}
	for (unsigned j = 0; j < nz; j++)
		if (fabs(z[j] - z[bi]) <= 20000)
			kept[n++] = z[j];
	memcpy(sorted, kept, n * sizeof(kept[0]));
	med = median(sorted, n);
	for (unsigned j = 0; j < n; j++)
		dev[j] = fabs(kept[j] - med);
	w = 3.5 * 1.4826 * median(dev, n);
	w = w > 3000 ? w : 3000;
	for (unsigned j = 0; j < n; j++)
		if (fabs(kept[j] - med) <= w)
			kept[k++] = kept[j];
	return k >= 3 ? k : 0;
}

/*
 * The forward chains' largest step before the turn is known (a drive that
 * reads free blocks): the first of FREE_KMAX, half, a quarter, twice and
 * an eighth whose chain at at shows a line through the origin. Steps too
 * large cross a track's edge at most of them (tracks of 58 sectors: the
 * line they show is off the origin by the skew), too small ones ask for
 * the sector before the drive is ready (a turn lost at most of them).
 */
static void free_kmax(struct st *s, uint64_t at)
{
	static const double f[] = { 1, 0.5, 0.25, 2, 0.125 };
	double rev, ts, ready = 0;

	s->free_kmax = FREE_KMAX;
	for (unsigned i = 0; i < sizeof(f) / sizeof(f[0]) && !s->err; i++) {
		int ok = chain(s, clampoff(s, (double)at - (double)i * 1048576.0), FREE_KMAX * f[i], &rev, &ts, NULL) == 0;

		/* the least step seen on a line, the chain's own or not */
		if (s->fwd_least > 0 && (!(ready > 0) || s->fwd_least < ready))
			ready = s->fwd_least;
		if (!ok)
			continue;
		s->free_kmax = FREE_KMAX * f[i];
		/* the steps from the least that was on a line: the ones below
		 * it asked before the drive was ready; where that is half of
		 * kmax or more, to half as much again (fewer steps across an
		 * edge) */
		s->free_kmin = ready;
		if (s->free_kmin >= s->free_kmax / 2)
			s->free_kmax = 1.5 * s->free_kmin;
		return;
	}
	/* none: from the least step seen on a line to half as much again
	 * (a drive ready only for a sector a fifth of a track on or more,
	 * whose every try crossed edges at most steps: hp_c3323a's 2.5 ms
	 * command overhead is 27 of its 120 sectors) */
	if (ready > 0) {
		s->free_kmin = ready;
		s->free_kmax = 1.5 * ready;
	}
}

/* rotation and the media rate at zone positions (Skippy, backwards; on a
 * drive that reads free blocks, forwards, with free_turn's pairs) */
static int zones(struct st *s)
{
	struct dchar_result *r = s->r;
	double revs[DCHAR_ZONES], z[FREE_Z], tsk[16];
	struct steps ch[16][3];	/* each position's chains, for their slopes once the turn is known */
	unsigned nr = 0, nst[16] = { 0 }, nz = 0, nsk = 0;
	double kmax0 = 0, kmin0 = 0;	/* the steps at the first position, which the tracks near it take */
	unsigned i0 = 0;

	r->nzones = 16;
	for (unsigned i = 0; i < r->nzones; i++) {
		double rv[3], tv[3], rev0, ts0, kmax;
		unsigned n = 0;
		uint64_t pos = clampoff(s, (double)(s->d->size - (8u << 20)) * i / (r->nzones - 1) + (4u << 20));

		r->zone[i].off = pos;
		/* a first chain of small steps for the track's size, then steps
		 * up to a sixth of a track: the slope over most of a turn (a
		 * drive that reads free blocks: steps forward of up to
		 * FREE_KMAX, its track unknown without the turn) */
		if (s->free && !(s->free_kmax > 0))
			free_kmax(s, pos + (2u << 20));
		/* (a drive that reads free blocks: where the steps found
		 * nearer the start give no line, its tracks are shorter here
		 * and the steps are found again, from this position on) */
		if (chain(s, pos + (2u << 20), s->free ? s->free_kmax : 6, &rev0, &ts0, NULL) < 0 &&
		    (!s->free || (free_kmax(s, pos + (3u << 20)), chain(s, pos + (2u << 20), s->free_kmax, &rev0, &ts0, NULL) < 0))) {
			r->zone[i].sector_ns = fig_of(NULL, 0);
			continue;
		}
		kmax = s->free ? s->free_kmax : rev0 / ts0 / 6;
		if (!(kmax0 > 0)) {
			kmax0 = s->free_kmax;
			kmin0 = s->free_kmin;
			i0 = i;
		}
		unsigned n0 = nreads_seen;
		for (unsigned rep = 0; rep < 3; rep++) {
			/* each a track and a half below the last; none below the
			 * disk's start (a first chain of noise gives any size);
			 * forward chains 2 MiB below the last's start, clear of
			 * what it waited under */
			double back = rep * (s->free ? chain_span(s, kmax) + 2097152.0 : floor(rev0 / ts0 * 2.5) * (double)s->S);

			if (back <= (double)pos && chain(s, pos - (uint64_t)back, kmax, &rv[n], &tv[n], &ch[i][n]) == 0)
				n++;
		}
		nst[i] = n;
		r->zone[i].sector_ns = fig_of(tv, n);
		/* (the record stands where its chains read, below pos: the
		 * middle of their reads, which a zone's edge just under pos
		 * would otherwise put in the zone above) */
		if (n && nreads_seen - n0 <= READS_MAX) {
			uint64_t lo = UINT64_MAX, hi = 0;

			for (unsigned j = n0; j < nreads_seen; j++) {
				lo = reads_seen[j % READS_MAX].lo < lo ? reads_seen[j % READS_MAX].lo : lo;
				hi = reads_seen[j % READS_MAX].hi > hi ? reads_seen[j % READS_MAX].hi : hi;
			}
			r->zone[i].off = clampoff(s, ((double)lo + (double)hi) / 2);
		}
		if (n && s->free) {
			double ts = r->zone[i].sector_ns.v, sk = chain_skew(ch[i], n, 1e15, ts, 1);

			r->zone[i].mbs = (double)s->S * 1e3 / ts;
			if (isfinite(sk))
				tsk[nsk++] = sk * ts;
			/* chains whose every step lost a turn: the turn, from
			 * their intercepts */
			struct dchar_fig ft = fig_of(rv, n);

			if (isfinite(ft.v) && ft.sd < 0.002 * ft.v)
				revs[nr++] = ft.v;
			free_pairs(s, (double)pos - 3 * (chain_span(s, kmax) + 2097152.0), kmax, ts, z, &nz);
		} else if (n) {
			r->zone[i].mbs = (double)s->S * 1e3 / r->zone[i].sector_ns.v;
			revs[nr++] = fig_of(rv, n).v;
			r->zone[i].spt = fig_of(rv, n).v / r->zone[i].sector_ns.v;
		}
		if (s->err)
			return s->err;
	}
	if (s->free && kmax0 > 0) {
		s->free_kmax = kmax0;
		s->free_kmin = kmin0;
	}
	/* the turn: the positions whose chains agree with the median within
	 * 0.2 % (a chain across a skewed track switch does not); on a drive
	 * that reads free blocks, free_turn's */
	double sorted[FREE_Z], med, kept[FREE_Z] = { 0 };
	unsigned nk = 0;
	if (s->free && nr >= r->nzones / 2) {
		/* (every step lost a turn: the intercepts that agree with
		 * their median, as the backward chains' turns) */
		memcpy(sorted, revs, nr * sizeof(revs[0]));
		med = median(sorted, nr);
		for (unsigned i = 0; i < nr; i++)
			if (fabs(revs[i] - med) <= 0.002 * med)
				kept[nk++] = revs[i];
		s->free_turn = nk ? fig_of(kept, nk).v : 0;
		for (unsigned i = 0; i < r->nzones && nk; i++)
			if (nst[i])
				r->zone[i].spt = s->free_turn / r->zone[i].sector_ns.v;
	} else if (s->free) {
		nk = free_turn(z, nz, nsk ? median(tsk, nsk) : 0, kept);
		s->free_turn = nk ? fig_of(kept, nk).v : 0;
		for (unsigned i = 0; i < r->nzones && nk; i++)
			if (nst[i])
				r->zone[i].spt = s->free_turn / r->zone[i].sector_ns.v;
	} else {
		memcpy(sorted, revs, nr * sizeof(revs[0]));
		med = median(sorted, nr);
		for (unsigned i = 0; i < nr; i++)
			if (fabs(revs[i] - med) <= 0.002 * med)
				kept[nk++] = revs[i];
	}
	r->rev_ns = fig_of(kept, nk);
	/* each position's sector time again, the turn now known: the slopes
	 * through it (turn_slope), surer than the free lines' */
	for (unsigned i = 0; i < r->nzones && nk; i++) {
		double tv[3], se;
		unsigned n = 0, kept1;

		/* (forward chains: their own line through the origin, which
		 * needs no turn, and takes a step that lost one as the lines'
		 * steps across an edge are) */
		for (unsigned c = 0; c < nst[i]; c++)
			if ((tv[n] = s->free ? fwd_steps_slope(&ch[i][c], 1, &kept1, &se) : turn_slope(&ch[i][c], 1, r->rev_ns.v, &se, &kept1)) > 0)
				n++;
		r->zone[i].skew = n ? chain_skew(ch[i], nst[i], r->rev_ns.v, fig_of(tv, n).v, 0) : NAN;
		if (n == nst[i] && n) {
			r->zone[i].sector_ns = fig_of(tv, n);
			r->zone[i].mbs = (double)s->S * 1e3 / r->zone[i].sector_ns.v;
			r->zone[i].spt = r->rev_ns.v / r->zone[i].sector_ns.v;
		}
	}
	s->ts_scale = 1;
	if (nk) {
		/*
		 * A drive of zones holds a whole number of sectors a track at
		 * every position; where all lie off whole the same way (more
		 * than 0.05 at the median), the sector times are skewed
		 * against the turn (the image's guest clock makes them 0.06 %
		 * long: 255.9, 251.9 ... 223.8 sectors a track), and the
		 * ratio that makes the median position whole corrects them,
		 * kept where it brings three in four within 0.1 of whole and
		 * is under 0.2 % (a platter whose sectors a track change with
		 * every track has no such ratio)
		 */
		double g[16], off[16], f;
		unsigned ng = 0, near = 0;

		for (unsigned i = 0; i < r->nzones; i++) {
			double v = r->zone[i].sector_ns.v, spt = r->rev_ns.v / v;

			if (!r->zone[i].sector_ns.n || !(v > 0) || !(r->zone[i].sector_ns.sd < 0.01 * v))
				continue;
			g[ng] = floor(spt + 0.5) / spt;
			off[ng++] = spt - floor(spt + 0.5);
		}
		if (ng >= 8 && fabs(median(off, ng)) > 0.05 && fabs((f = median(g, ng)) - 1) < 0.002) {
			for (unsigned i = 0; i < r->nzones; i++) {
				double v = r->zone[i].sector_ns.v, spt = f * r->rev_ns.v / v;

				if (r->zone[i].sector_ns.n && v > 0 && r->zone[i].sector_ns.sd < 0.01 * v)
					near += fabs(spt - floor(spt + 0.5)) <= 0.1;
			}
			if (4 * near >= 3 * ng) {
				s->ts_scale = f;
				for (unsigned i = 0; i < r->nzones; i++)
					if (r->zone[i].sector_ns.n) {
						r->zone[i].sector_ns.v /= f;
						r->zone[i].sector_ns.sd /= f;
						r->zone[i].mbs = (double)s->S * 1e3 / r->zone[i].sector_ns.v;
						r->zone[i].spt = r->rev_ns.v / r->zone[i].sector_ns.v;
					}
			}
		}
	}
	if (s->free && kmax0 > 0 && nst[i0] && r->zone[i0].spt > 0)
		s->free_kspt = r->zone[i0].spt;
	/* a turn is the same everywhere: a disk whose zones disagree by more
	 * than 2 % on it, or outside 1000-20000 rpm, is not a rotating one */
	r->ok = (s->free || nk >= r->nzones / 2) && nk && r->rev_ns.v >= 3e6 && r->rev_ns.v <= 60e6 && r->rev_ns.sd < 0.02 * r->rev_ns.v;
	/* keep only the zones that saw the turn */
	unsigned k = 0;
	for (unsigned i = 0; i < r->nzones; i++)
		if (r->zone[i].sector_ns.n)
			r->zone[k++] = r->zone[i];
	r->nzones = k;
	return 0;
}

/* the sectors a track at zone record i, rounded: 0 where its chains
 * disagree (sd over 1 %) or its turn holds no whole number (within 0.2) */
static double whole_spt(const struct dchar_result *r, unsigned i)
{
	double v = r->zone[i].sector_ns.v, spt = r->rev_ns.v / v;

	if (!r->zone[i].sector_ns.n || !(v > 0) || !(r->zone[i].sector_ns.sd < 0.01 * v) || fabs(spt - floor(spt + 0.5)) > 0.2)
		return 0;
	return floor(spt + 0.5);
}

#define EDGE_PROBES 480		/* chains for the zones' edges, in all (about 16 an edge on a 500 GB disk) */

/*
 * Chains down from top that show one zone: each with all but two of its
 * steps on one line (the steps across a track's edge are off it), and
 * their slope through the turn (turn_slope) a whole number of sectors a
 * turn (*spt, within 0.2). One chain's sector time is known to about
 * 10 ns (the clock's read, a microsecond, over the steps' k): a fifth of
 * a sector on 240 sectors a 4 ms turn, so where one chain's number is not
 * whole, the chain just below it is pooled with it, up to ZONE_CHAINS;
 * *low the lowest byte read. 0, else -1 (chains across a zone's edge
 * pool to no whole number, or to no line).
 */
static int one_zone(struct st *s, uint64_t top, double kmax, double *spt, double *rev, double *ts, uint64_t *low, unsigned *probes,
		    double *skew)
{
	struct steps c[ZONE_CHAINS];
	double R = s->r->rev_ns.v, span = chain_span(s, kmax), se, rv, t;
	uint64_t at = top;
	unsigned kept;

	for (unsigned n = 0; n < ZONE_CHAINS; n++) {
		(*probes)++;
		if (chain(s, at, kmax, &rv, &t, &c[n]) < 0)
			return -1;
		/* (forward chains: their line through the origin, six steps
		 * of a chain on it, as chain_fwd takes one) */
		*ts = (s->free ? fwd_steps_slope(c, n + 1, &kept, &se) : turn_slope(c, n + 1, R, &se, &kept)) / s->ts_scale;
		*spt = R / *ts;
		*low = clampoff(s, (double)at - span);
		if ((s->free ? 2 * kept < (n + 1) * CHAIN_STEPS : kept + 2 * (n + 1) < (n + 1) * CHAIN_STEPS) || !(*ts > 0) ||
		    !(*spt * se / *ts < 0.2))
			return -1;
		if (fabs(*spt - floor(*spt + 0.5)) <= 0.2) {
			*spt = floor(*spt + 0.5);
			*rev = R;
			*skew = chain_skew(c, n + 1, R, *ts * s->ts_scale, 0);
			return 0;
		}
		if ((double)at < 2 * span)
			return -1;
		at = clampoff(s, (double)*low - (s->free ? free_room(s, kmax * 6) : 0));
	}
	return -1;
}

/* a chain of the zones' edges as a zone record, at the middle of its span */
static void edge_record(struct st *s, double off, double rev, double ts, double skew)
{
	struct dchar_zone *z = &s->r->zone[s->r->nzones++];

	z->off = clampoff(s, off);
	z->sector_ns = fig_of(&ts, 1);
	z->mbs = (double)s->S * 1e3 / ts;
	z->spt = rev / ts;
	z->seq_mbs = NAN;
	z->skew = skew;
}

/*
 * A zone's edge between lo (tracks of slo sectors) and hi (shi), bisected:
 * chains in the middle that show one zone (one_zone) say which side of
 * them the edge is: of slo sectors above their first read, of shi below
 * their last. One of a third number is a zone between where chains just
 * above (or below) show the same (a chain across two zones' edge can
 * show a number of neither), and its two edges are bisected in turn. To within about
 * three chains' span (a track and a sixth each); what one_zone read a zone
 * record at its middle. Chains that show no zone are tried again a span above,
 * then a span below; a third miss leaves the edge where it is.
 */
static int zone_edge_in(struct st *s, uint64_t *lo, double slo, uint64_t *hi, double shi, unsigned *probes, double kmax);

static void zone_edge(struct st *s, uint64_t lo, double slo, uint64_t hi, double shi, unsigned *probes)
{
	double P = slo > shi ? slo : shi, Pmin = slo < shi ? slo : shi, kmin = s->free_kmin;

	/* a drive that reads free blocks: steps from the least found ready
	 * where zones() began, for tracks of P sectors (a step is ready
	 * after a time, the same share of any track), up to a sixth of a
	 * track or half as much again as that least (few across an edge).
	 * Where no chain showed a line at three places, the same for tracks
	 * of the fewer sectors either side holds, from there (hp_c3323a
	 * with 2 spares a cylinder: steps of 48 to 72 sectors crossed too
	 * many edges of its 112-sector zone between its 120 and 104) */
	if (s->free && s->free_kspt > 0 && kmin > 0) {
		s->free_kmin = kmin * P / s->free_kspt;
		if (zone_edge_in(s, &lo, slo, &hi, shi, probes, fmax(P / 6, 1.5 * s->free_kmin)) < 0 && Pmin < P) {
			s->free_kmin = kmin * Pmin / s->free_kspt;
			zone_edge_in(s, &lo, slo, &hi, shi, probes, fmax(Pmin / 6, 1.5 * s->free_kmin));
		}
		s->free_kmin = kmin;
	} else
		zone_edge_in(s, &lo, slo, &hi, shi, probes, P / 6);
}

/* the edges between *lo and *hi, bisected (each moves in as it goes): -1
 * where no chain showed a line at three places, else 0 */
static int zone_edge_in(struct st *s, uint64_t *plo, double slo, uint64_t *phi, double shi, unsigned *probes, double kmax)
{
	struct dchar_result *r = s->r;
	double P = slo > shi ? slo : shi, span = chain_span(s, kmax), on = span + free_room(s, P);
	uint64_t lo = *plo, hi = *phi;

	while ((double)(hi - lo) > 2 * span && *probes < EDGE_PROBES && r->nzones + 2 <= DCHAR_ZONES && !s->err) {
		uint64_t top = clampoff(s, (double)(lo + hi) / 2 + span / 2), top2 = top, low, low2 = 0;
		double rev, ts, spt, rev2, ts2, spt2, sk, sk2;

		*plo = lo, *phi = hi;
		if (one_zone(s, top, kmax, &spt, &rev, &ts, &low, probes, &sk) < 0 &&
		    one_zone(s, top = clampoff(s, (double)top + on), kmax, &spt, &rev, &ts, &low, probes, &sk) < 0 &&
		    one_zone(s, top = clampoff(s, (double)top - 2 * on), kmax, &spt, &rev, &ts, &low, probes, &sk) < 0)
			return -1;
		if (spt != slo && spt != shi) {
			if (one_zone(s, top2 = clampoff(s, (double)top + on), kmax, &spt2, &rev2, &ts2, &low2, probes, &sk2) < 0 &&
			    one_zone(s, top2 = clampoff(s, (double)low - free_room(s, P)), kmax, &spt2, &rev2, &ts2, &low2, probes, &sk2) < 0)
				return 0;
			if (spt2 == spt) {
				/* a zone between: the second chains a record too */
				edge_record(s, ((double)top2 + (double)low2) / 2, rev2, ts2, sk2);
			} else if (spt2 == slo || spt2 == shi) {
				/* the first were across an edge: the second say */
				top = top2, low = low2, spt = spt2, rev = rev2, ts = ts2, sk = sk2;
			} else
				return 0;
		}
		if (low <= lo || top >= hi)
			return 0;
		edge_record(s, ((double)top + (double)low) / 2, rev, ts, sk);
		if (spt == slo)
			lo = top;
		else if (spt == shi)
			hi = low;
		else {
			/* the zone between holds both */
			zone_edge(s, lo, slo, low < low2 ? low : low2, spt, probes);
			zone_edge(s, top > top2 ? top : top2, spt, hi, shi, probes);
			return 0;
		}
	}
	return 0;
}

static int cmp_zone(const void *a, const void *b)
{
	uint64_t x = ((const struct dchar_zone *)a)->off, y = ((const struct dchar_zone *)b)->off;

	return (x > y) - (x < y);
}

/*
 * The zones' edges between the positions sampled, where two neighbours'
 * tracks hold the same whole number of sectors somewhere (a drive of
 * zones; a platter whose sectors a track change at every sample, as a
 * datasheet profile's, has none to find) and two neighbours' differ
 */
static void zone_edges(struct st *s)
{
	struct dchar_result *r = s->r;
	unsigned n = r->nzones, alike = 0, probes = 0;

	for (unsigned i = 0; i + 1 < n; i++)
		alike += whole_spt(r, i) > 0 && whole_spt(r, i) == whole_spt(r, i + 1);
	/* none alike: zones narrower than the samples' step, or a platter
	 * without zones; a chain half way between two neighbours (at three
	 * places) that shows one of their sectors a track saw a zone */
	for (unsigned q = 1; q <= 3 && !alike && n >= 5; q++) {
		unsigned i = q * (n - 1) / 4;
		double a = whole_spt(r, i), b = whole_spt(r, i + 1), P = a > b ? a : b, spt, rev, ts, sk;
		uint64_t low;

		if (a > 0 && b > 0 && one_zone(s, clampoff(s, (double)(r->zone[i].off + r->zone[i + 1].off) / 2), P / 6, &spt, &rev, &ts, &low, &probes, &sk) == 0)
			alike += spt == a || spt == b;
	}
	if (!alike)
		return;
	/* (a position whose chains found no whole number lies across an
	 * edge, or at a zone too narrow for three chains: the edge is
	 * sought between the whole neighbours either side of it) */
	for (unsigned i = 0, j; i + 1 < n; i = j) {
		double a = whole_spt(r, i), b = 0;

		for (j = i + 1; j < n && !((b = whole_spt(r, j)) > 0); j++)
			;
		if (j < n && a > 0 && a != b)
			zone_edge(s, r->zone[i].off, a, r->zone[j].off, b, &probes);
	}
	/* a position whose chains disagree by 1 % or more read across an
	 * edge: its figure is neither zone's; where the edge's own records
	 * stand between its neighbours, they replace it */
	uint8_t drop[DCHAR_ZONES] = { 0 };
	for (unsigned i = 0; i < n; i++) {
		uint64_t lo = i ? r->zone[i - 1].off : 0, hi = i + 1 < n ? r->zone[i + 1].off : UINT64_MAX;

		if (r->zone[i].sector_ns.n < 2 || r->zone[i].sector_ns.sd < 0.01 * r->zone[i].sector_ns.v)
			continue;
		for (unsigned e = n; e < r->nzones && !drop[i]; e++)
			drop[i] = r->zone[e].off > lo && r->zone[e].off < hi;
	}
	unsigned k = 0;
	for (unsigned i = 0; i < r->nzones; i++)
		if (!drop[i])
			r->zone[k++] = r->zone[i];
	r->nzones = k;
	qsort(r->zone, r->nzones, sizeof(r->zone[0]), cmp_zone);
}

/* sequential 1 MiB reads at each zone's position (the bandwidth sweep) */
static void bandwidth(struct st *s)
{
	for (unsigned i = 0; i < s->r->nzones; i++) {
		uint64_t pos = clampoff(s, (double)s->r->zone[i].off - (6u << 20));
		int64_t t0 = rd(s, pos, 1u << 20), t1 = t0;

		for (unsigned k = 1; k <= 4; k++)
			t1 = rd(s, pos + ((uint64_t)k << 20), 1u << 20);
		s->r->zone[i].seq_mbs = t1 > t0 ? 4.0 * 1048576 * 1e3 / (double)(t1 - t0) : NAN;
	}
}

/* the seek curve: fine over tracks near the start, coarse across the disk */
static void seeks(struct st *s, uint64_t a)
{
	struct dchar_result *r = s->r;
	static const double tracks[] = { 64, 128, 256, 1024, 4096 };
	static const double frac[] = { 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1 };
	double L = track_bytes(s, a);
	uint64_t span = s->d->size - a - (uint64_t)(4 * L);

	if (s->free && s->ntrk && r->skew_spt > 0) {
		/* placed tracks (tracks_fwd): from an eighth into each of fresh
		 * ones past them, B within six tenths of it (never across its
		 * edge), A three tracks on each probe */
		double P = r->skew_spt * (double)s->S, v[3], hit[3], lo, hi;
		unsigned n = 0, nh = 0;

		for (unsigned rep = 0; rep < 3; rep++)
			if (thresh(s, clampoff(s, (double)s->trk[0].hi * (double)s->S + (4 + 200.0 * rep) * P + P / 8), 0, 0, 0.6 * P, -3 * P, &lo,
				   &hi) == 0 && hi - lo < r->rev_ns.v / 4) {
				/* at a re-read's cost: B's served by the buffer (what
				 * passed under the head, or the read-ahead), set apart
				 * while another start says otherwise */
				if (fabs((lo + hi) / 2 - s->free_hit) <= 0.15 * s->free_hit + 30000)
					hit[nh++] = (lo + hi) / 2;
				else
					v[n++] = (lo + hi) / 2;
			}
		r->asked_again += n ? nh : 0;
		r->overhead_ns = n ? fig_agree(v, n) : fig_agree(hit, nh);
	}
	if (!r->overhead_ns.n)	/* not already within a track between placed edges */
		r->overhead_ns = thresh_rep(s, a, 0, 3);
	r->nseeks = 0;
	for (unsigned i = 0; i < sizeof(tracks) / sizeof(tracks[0]) + sizeof(frac) / sizeof(frac[0]); i++) {
		double d = i < sizeof(tracks) / sizeof(tracks[0]) ? tracks[i] * L : frac[i - sizeof(tracks) / sizeof(tracks[0])] * (double)span;
		struct dchar_fig f;

		if (d > (double)span || (r->nseeks && d <= (double)r->seek[r->nseeks - 1].dist))
			continue;
		f = thresh_rep(s, a, (uint64_t)d, 2);
		if (!f.n || r->nseeks >= DCHAR_SEEKS)
			continue;
		r->seek[r->nseeks].from = a;
		r->seek[r->nseeks].dist = (uint64_t)d / s->S * s->S;
		r->seek[r->nseeks].ns = f;
		r->seek[r->nseeks].ns.v -= r->overhead_ns.v;
		r->nseeks++;
	}
}

/*
 * The tracks' edges, their skews and the switches (Skippy's chain across
 * tracks, read backwards; places in sectors). A read's completion is its
 * sector's end passing under the head plus a constant, so the time between
 * two completions is, modulo the turn, the angle between their sectors:
 * (B - A - skews) sectors' time.
 */
#define CHAIN_TRACKS 48		/* tracks the chain crosses: two cylinders of up to 23 heads */
#define EDGES_MAX 64
#define PLACED_MAX 24		/* edges placed to the sector */
#define USED_MAX 1536

struct edges {
	double R, ts, P;	/* the turn, a sector's time, sectors a turn (ns, ns, sectors) */
	uint64_t k;		/* the chain's step */
	unsigned n;
	struct {
		uint64_t hi;	/* the chain's read above the edge; the one below is hi - k */
		double dev;	/* sectors skipped at it, 0 <= dev < P */
		int cls;	/* 1 a track's skew, 2 a cylinder's, 0 neither */
		uint64_t b;	/* its first sector above, where placed */
		int placed;
	} e[EDGES_MAX];
	uint64_t used[USED_MAX];	/* the reads, a ring */
	unsigned nused;
};

/* the angle x (ns) brought into [-R/2, R/2) */
static double wrap(double x, double R)
{
	return x - R * floor(x / R + 0.5);
}

/* a sector none of the last 64 reads took, nor read ahead of (the buffer
 * may still hold those; older ones it has let go, and a hit is seen), nor
 * within what the buffer was seen to hold */
static int unheld(const struct st *s, const struct edges *E, uint64_t x)
{
	for (unsigned i = E->nused > 64 ? E->nused - 64 : 0; i < E->nused; i++)
		if (x >= E->used[i % USED_MAX] && x <= E->used[i % USED_MAX] + 2)
			return 0;
	return !held(s, x * s->S);
}

/* one sector read: its completion */
static int64_t rds(struct st *s, struct edges *E, uint64_t x)
{
	E->used[E->nused++ % USED_MAX] = x;	/* the last USED_MAX */
	return rd(s, x * s->S, (unsigned)s->S);
}

/*
 * The chain from top down, k sectors a step: a sector's time there (most
 * steps stay within a track: k sectors' time before the turn), and the
 * edges it crosses
 */
#define STEPS_MAX 256
#define EDGE_NOISE_NS 3000	/* as place() allows a step beside its sector */
static int chain_edges(struct st *s, struct edges *E, uint64_t top, unsigned steps)
{
	double back[STEPS_MAX], v[STEPS_MAX], T[STEPS_MAX], med;
	uint64_t y = top;
	int64_t t = rds(s, E, y);
	unsigned n = 0, kept;

	for (; n < steps && n < STEPS_MAX && y >= E->k && !s->err; n++) {
		int64_t t1 = rds(s, E, y - E->k);

		T[n] = (double)(t1 - t);
		back[n] = fmod(-T[n], E->R);
		if (back[n] < 0)
			back[n] += E->R;
		v[n] = back[n];
		y -= E->k;
		t = t1;
	}
	if (n < 6)
		return -1;
	/* the steps within a track (most: k sectors before the turn, near
	 * the median) are m whole turns less k sectors, m from the turn the
	 * zones gave; a track holds a whole number P of sectors, so over all
	 * of them the sector's time is their time over (m P - k) sectors: the
	 * P whose turn is nearest the zones' */
	med = median(v, n);
	double best = INFINITY, R0 = E->R;
	uint64_t P0 = (uint64_t)floor(R0 / (med / (double)E->k) + 0.5);
	for (uint64_t P = P0 > 2 ? P0 - 2 : 1; P <= P0 + 2; P++) {
		double sum = 0, sect = 0;

		kept = 0;
		for (unsigned j = 0; j < n; j++)
			if (fabs(back[j] - med) <= 0.01 * med) {
				double m = floor((T[j] + med) / R0 + 0.5);

				sum += T[j];
				sect += m * (double)P - (double)E->k;
				kept++;
			}
		if (kept < n / 2 || !(sect > 0))
			return -1;
		if (fabs((double)P * sum / sect - R0) < best) {
			best = fabs((double)P * sum / sect - R0);
			E->ts = sum / sect;
			E->P = (double)P;
		}
	}
	if (best > 0.003 * R0)
		return -1;	/* no whole number of sectors fits the turn */
	E->R = E->P * E->ts;
	for (unsigned j = 0; j < n; j++) {
		back[j] = fmod(-T[j], E->R);
		if (back[j] < 0)
			back[j] += E->R;
		v[j] = back[j] / E->ts - (double)E->k;
		v[j] -= E->P * floor(v[j] / E->P + 0.5);	/* the step's deviation, sectors */
	}
	for (unsigned j = 0; j < n; j++) {
		double dev = v[j];

		/* an edge: past half a sector, and past the reader's own
		 * jitter (a few us from a completion to its clock: 0.7 of a
		 * sector of DiskSim's g4 drive, 3072 a turn at 7200 rpm) */
		if (!(fabs(dev) > 0.5 && fabs(dev) * E->ts > EDGE_NOISE_NS))
			continue;
		/* a completion the reader saw late (an interrupt, an SMI on
		 * its way to the clock) makes its step that much longer and
		 * the next as much shorter. A track holds more than two of the
		 * chain's steps, so two edges in a row are one at most, and a
		 * late completion: their deviations' sum is the edge's (none
		 * where they cancel), at the step that deviates more */
		unsigned at = j;
		if (j + 1 < n && E->P > 2.0 * (double)E->k && fabs(v[j + 1]) > 0.5 && fabs(v[j + 1]) * E->ts > EDGE_NOISE_NS) {
			s->r->late_seen++;
			at = fabs(v[j + 1]) > fabs(dev) ? j + 1 : j;
			dev += v[++j];
			dev -= E->P * floor(dev / E->P + 0.5);
			if (!(fabs(dev) > 0.5 && fabs(dev) * E->ts > EDGE_NOISE_NS))
				continue;
		}
		if (E->n < EDGES_MAX) {
			E->e[E->n].hi = top - at * E->k;
			E->e[E->n++].dev = dev < 0 ? dev + E->P : dev;
		}
	}
	return 0;
}

/* the value most edges share (within a sector), among those of class 0: its
 * mean, the edges given class cls */
static struct dchar_fig classify(struct edges *E, int cls)
{
	double v[EDGES_MAX], best = NAN;
	unsigned most = 0, n = 0;

	for (unsigned i = 0; i < E->n; i++) {
		unsigned near = 0;

		if (E->e[i].cls)
			continue;
		for (unsigned j = 0; j < E->n; j++)
			near += !E->e[j].cls && fabs(E->e[j].dev - E->e[i].dev) <= 1;
		if (near > most)
			most = near, best = E->e[i].dev;
	}
	for (unsigned i = 0; i < E->n && most; i++)
		if (!E->e[i].cls && fabs(E->e[i].dev - best) <= 1) {
			E->e[i].cls = cls;
			v[n++] = E->e[i].dev;
		}
	return fig_of(v, n);
}

/*
 * The edge i to the sector: from a read just above it, a chain stepping
 * back one sector at a time until the step skips the edge's skew. Each
 * read is below all the others since, so no read-ahead holds it. A buffer
 * that keeps every read (DiskSim's Atlas 10K V: 2048 segments) also keeps
 * what the head read on past each (s->ahead sectors), the chain's reads'
 * included, and the reads above and below the edge were the chain's: the
 * first read is one above both that and a hit's cost, and a step the
 * buffer served is passed over (the edge is not placed where one lies
 * below the last step read from the platter).
 */
static int place(struct st *s, struct edges *E, unsigned i)
{
	uint64_t H = E->e[i].hi, L = H - E->k, prev = H + 3, z;
	double tol = 0.3 * E->ts + 3000;
	int late;
	unsigned hits = 0;
	int64_t t, tz;

	for (;;) {
		int64_t t0 = s->last;

		while (s->keeps_all && prev < H + E->k - 1 && was_read_in((prev - s->ahead) * s->S, (prev + 1) * s->S))
			prev++;
		t = rds(s, E, prev);
		if (!s->keeps_all || (double)(t - t0) >= E->R / 16 || prev >= H + E->k - 1 || s->err)
			break;
		prev++;		/* sooner than a switch and a sixteenth of a turn: a hit, most likely */
	}

	for (z = H - 1; z > L && !s->err; z--) {
		int64_t tw = s->last;
		double back = fmod(-(double)((tz = rds(s, E, z)) - t), E->R), same, skip;

		if (back < 0)
			back += E->R;
		same = wrap(back - (double)(prev - z) * E->ts, E->R);
		skip = wrap(back - ((double)(prev - z) + E->e[i].dev) * E->ts, E->R);
		/* the first read (prev) came from another track: its head may
		 * have been ready just inside its sector, which a drive
		 * completes up to a sector late or a turn less that early
		 * (DiskSim's dec_rz26, hp_c2247a); so the first step is told
		 * within a sector where the skew is over three, and if within
		 * the track, the read after it gives the phase from then on */
		if (z == H - 1 && E->e[i].dev > 3 && E->e[i].dev < E->P - 3)
			tol = E->ts + 5000;
		else
			tol = 0.3 * E->ts + 3000;
		/* late past a sector: the drive's own time after the command
		 * over a sector's (hp_c2247a at 10025 rpm: 0.21 ms, 3.4
		 * sectors), up to a sixteenth of a turn as thresh() allows */
		late = z == H - 1 && tol > 0.3 * E->ts + 3000 && same > 0 &&
		       same <= (E->ts > E->R / 16 ? E->ts : E->R / 16) + 5000 && fabs(skip) >= tol;
		if (fabs(skip) < tol && fabs(same) >= tol)
			break;		/* z is below the edge */
		if (fabs(same) >= tol && !late && s->keeps_all && (double)(tz - tw) < E->R / 16) {
			hits++;		/* the buffer held z (a buffer that keeps every
					 * read, and what the head read on past it):
					 * it says nothing of the head */
			continue;
		}
		if (fabs(same) >= tol && !late)
			return -1;	/* neither: a hit, or not the edge meant */
		prev = z;
		t = tz;
	}
	if (s->err)
		return s->err;
	if (z == L && hits)
		return -1;	/* below the last read from the platter: a hit's sector or one of those under it */
	E->e[i].b = z + 1;
	E->e[i].placed = 1;
	return 0;
}

/*
 * The least slack from A's completion to B's sector that B's read still
 * meets: pairs from pick (a fresh A, and the B whose sector comes n
 * sectors' time after A's, which it sets: 0 or -1 none left), each B read
 * after a pause that leaves x of slack; bisected to 2 us.
 */
struct pairs {
	const struct edges *E;
	uint64_t lo, mid, hi;	/* same track: [lo, hi); across an edge: A in [mid, hi), B in [lo, mid) */
	double dev;		/* the edge's skew, 0 within a track */
	int low;		/* within a track: A low in it, B just below A */
};

static int pick(const struct st *s, const struct pairs *q, double x, uint64_t *A, uint64_t *B, double *nact)
{
	const struct edges *E = q->E;

	/* A as low in its track as B allows: after A the head reads ahead
	 * to its track's end, and B must be asked for before it leaves it
	 * (else B costs a switch back). Within a track B comes after the
	 * track's end: a drive that reads on into the next track, and asks
	 * for no time of its own before it turns to B, has left it by then.
	 * The other pair (low): A low in its track and B the sector below it,
	 * nearly a turn later, the pause between them leaving x: the head
	 * stays on the track where the drive reads ahead less than a track */
	for (uint64_t a = q->dev > 0 ? q->mid : q->lo + !!q->low; a < q->hi; a++) {
		/* B a whole sector: the first whose angle after A's is x or
		 * more, or (low) the nearest below A */
		double b = q->low ? (double)a - 1 : ceil((double)a - E->P + q->dev + x / E->ts - 1e-6);

		while (q->low && b >= (double)q->lo && !unheld(s, E, (uint64_t)b))
			b--;
		/* past the edge's skew and x more than a turn (a switch
		 * longer than the skew allows for, a path over a turn): the
		 * sector a turn below, read on its next pass */
		while (!q->low && b >= (double)(q->dev > 0 ? q->mid : a) && b - E->P >= (double)q->lo)
			b -= E->P;
		if (b < (double)q->lo || b >= (double)(q->dev > 0 ? q->mid : a))
			continue;
		if (!unheld(s, E, a) || !unheld(s, E, (uint64_t)b))
			continue;
		*nact = b - (double)a - q->dev + E->P;
		while (*nact * E->ts < x - 0.01 * E->ts)
			*nact += E->P;	/* x past a turn: B's next pass */
		*A = a;
		*B = (uint64_t)b;
		return 0;
	}
	return -1;
}

/*
 * Reads that leave none of the last ones in the buffer: more than it was
 * seen to keep, each a track and what it holds below the one before, from
 * below the places (so none of them is held)
 */
static void evict(struct st *s, struct edges *E, uint64_t below)
{
	uint64_t step = (uint64_t)E->P + s->hold / s->S + 2, y = below;

	for (unsigned i = 0; i <= s->keep && y > step && !s->err; i++) {
		y -= step;
		rds(s, E, y);
	}
}

static double slack(struct st *s, struct edges *E, struct pairs *q, unsigned nq)
{
	double lo = 0, hi = 2 * E->R;	/* a path and a switch may take over a turn */
	double pend = -1;		/* a miss's aim, until a second pair aimed there misses too */
	unsigned qi = 0, evicted = 0;

	for (unsigned p = 0; p < 32 && ((p < 24 && hi - lo > 2000) || pend >= 0) && !s->err; p++) {
		/* half a turn past what is known first (within a track no
		 * pair is a whole turn apart); after a miss that would raise
		 * the lower bound, the same again: a B ready there says the
		 * first was held back on its way (an interrupt), and sets it
		 * apart (a second pair that keeps finding hits asks again
		 * eight pairs at most past the 24) */
		double x = pend >= 0 ? pend : hi - lo > E->R ? lo + E->R / 2 : (lo + hi) / 2, nact = 0, T, m, xa, tol;
		uint64_t A = 0, B = 0;
		int late, again = pend >= 0;
		int64_t tA, tI, tB;
		unsigned tried = 0;

		pend = -1;
		/* the next pair from the next place that has one; where none
		 * has, once the buffer has let go of them */
		while (tried < nq && pick(s, &q[qi], x, &A, &B, &nact) < 0)
			qi = (qi + 1) % nq, tried++;
		if (tried >= nq && s->keep && evicted < 3) {
			evict(s, E, q[nq - 1].lo - 2 * (uint64_t)E->P);
			evicted++;
			p--;
			pend = again ? x : -1;
			continue;
		}
		if (tried >= nq)
			break;
		qi = (qi + 1) % nq;
		while (nact * E->ts - x < s->pause0)
			nact += E->P;	/* B's next pass: the pause outlasts the wait (after_a()) */
		tA = rds(s, E, A);
		tI = nact * E->ts - x > 500 ? s->d->idle(s->d->ctx, (int64_t)(nact * E->ts - x)) : tA;
		tB = rds(s, E, B);
		T = (double)(tB - tA) - nact * E->ts;
		m = floor(T / E->R + 0.5);
		xa = nact * E->ts - (double)(tI - tA);
		/* B's sector as meant (within the tolerance), or late by up to
		 * a sector or a sixteenth of a turn: a drive that sends no
		 * sooner than its own time after the command (DiskSim's
		 * hp_c2247a) read B as it passed, the head ready; or a turn
		 * less up to a sector early: a drive that reads a sector its
		 * head landed inside on the next pass (dec_rz26's immediate
		 * read), the head not ready; the same past an edge as within a
		 * track */
		tol = 0.3 * E->ts + 3000;
		late = m == 0 && T > tol && T <= (E->ts > E->R / 16 ? E->ts : E->R / 16) + tol;
		if (m < 0 || (fabs(T - m * E->R) > tol && !late && !(m >= 1 && T - m * E->R >= -E->ts - tol)) ||
		    (late && xa <= lo)) {
			/* a hit, or not the sectors meant (late, and sooner than
			 * a miss before it: a hit): the one of the two nearer
			 * above a read before them was the hit */
			learn_pair(s, A * s->S, B * s->S, E->P * (double)s->S);
			pend = again ? x : -1;
			continue;
		}
		if (m == 0 && xa < hi) {
			hi = xa;
			s->r->asked_again += again;	/* ready where one missed */
		} else if (m >= 1 && again) {
			lo = xa > x ? xa : x > lo ? x : lo;
		} else if (m >= 1 && xa > lo) {
			pend = xa;
		}
	}
	return hi - lo <= 20000 ? (lo + hi) / 2 : NAN;	/* not narrowed: none */
}

/* the slack past the edges of class cls (0: within the tracks between
 * placed edges), up to three times apart: their figure. Within a track,
 * both pairs (pick); a drive whose read-ahead takes the head off the
 * track before B in one of them is slower there: the lesser */
static struct dchar_fig slack_rep(struct st *s, struct edges *E, int cls)
{
	struct pairs q[PLACED_MAX];
	struct dchar_fig f = fig_of(NULL, 0);
	unsigned nq = 0;

	for (unsigned i = 1; i + 1 < E->n && nq < PLACED_MAX; i++) {
		if (!E->e[i].placed || !E->e[i - 1].placed || !E->e[i + 1].placed)
			continue;
		if (cls && E->e[i].cls != cls)
			continue;
		q[nq].E = E;
		q[nq].low = 0;
		if (cls) {
			q[nq].lo = E->e[i + 1].b, q[nq].mid = E->e[i].b, q[nq].hi = E->e[i - 1].b;
			q[nq++].dev = E->e[i].dev;
		} else {
			q[nq].lo = E->e[i].b, q[nq].mid = E->e[i].b, q[nq].hi = E->e[i - 1].b;
			q[nq++].dev = 0;
		}
	}
	for (int low = 0; low <= !cls && nq; low++) {
		double v[3];
		unsigned n = 0;

		for (unsigned i = 0; i < nq; i++)
			q[i].low = low;
		for (unsigned rep = 0; rep < 3; rep++) {
			double x = slack(s, E, q, nq);

			if (!isnan(x))
				v[n++] = x;
		}
		struct dchar_fig g = fig_agree(v, n);

		if (n && (!f.n || g.v < f.v))
			f = g;
	}
	return f;
}

/*
 * Where the chain across CHAIN_TRACKS tracks finds no whole number of
 * sectors a track (the tracks it crosses hold different numbers: a drive
 * whose surfaces are zoned apart, DiskSim's g4 layout), chains across
 * SHORT_TRACKS from tops further up, until one crosses tracks alike
 */
#define SHORT_TRACKS 10
static int short_chain(struct st *s, struct edges *E, uint64_t top)
{
	double R = E->R, P = E->P;

	for (unsigned t = 1; t <= 6 && !s->err; t++) {
		memset(E, 0, sizeof(*E));
		E->R = R;
		E->P = P;
		E->ts = R / P;
		E->k = (uint64_t)sqrt(2 * P) ? (uint64_t)sqrt(2 * P) : 1;
		if ((top + (uint64_t)(t * 7 * P)) * s->S + s->S > s->d->size)
			return -1;
		if (chain_edges(s, E, top + (uint64_t)(t * 7 * P), (unsigned)(SHORT_TRACKS * P / (double)E->k)) == 0 && E->n >= 4)
			return 0;
	}
	return -1;
}

/* edges, skews, heads, cylinders and switches near a (bytes) */
static void tracks(struct st *s, uint64_t a)
{
	struct dchar_result *r = s->r;
	static struct edges E;
	uint64_t top;

	memset(&E, 0, sizeof(E));
	E.R = r->rev_ns.v;
	E.P = track_bytes(s, a) / (double)s->S;	/* near enough for the step */
	E.ts = E.R / E.P;
	/* the step: about sqrt(2 P), which makes the chain and the placing
	 * of its edges (k / 2 reads each) cheapest together */
	E.k = (uint64_t)sqrt(2 * E.P) ? (uint64_t)sqrt(2 * E.P) : 1;
	top = a / s->S + (uint64_t)((CHAIN_TRACKS + 1) * E.P);
	if (top * s->S + s->S > s->d->size)
		return;
	if (chain_edges(s, &E, top, (unsigned)(CHAIN_TRACKS * E.P / (double)E.k)) < 0 && short_chain(s, &E, top) < 0)
		return;
	r->edges = E.n;
	r->skew_spt = E.P;
	if (E.n >= 4)
		r->rev_ns.v = E.R;	/* the chain's turn: hundreds of turns, not one */
	if (E.n < 4)
		return;		/* not skewed: the cylinders by their seeks */
	r->skew_track = classify(&E, 1);
	r->skew_cyl = classify(&E, 2);
	if (r->skew_cyl.n < 2)
		r->skew_cyl = fig_of(NULL, 0);
	/* the first PLACED_MAX edges, and every cylinder edge with its two
	 * neighbours (a drive of many heads has one or two among those) */
	for (unsigned i = 0; i < E.n; i++)
		if ((i < PLACED_MAX || E.e[i].cls == 2 || (i + 1 < E.n && E.e[i + 1].cls == 2) || (i && E.e[i - 1].cls == 2)) &&
		    place(s, &E, i) < 0 && s->err)
			return;
	/* the tracks between two placed edges (the chain runs down: e[i + 1]
	 * is the edge below e[i]), for the read-ahead's mode */
	for (unsigned i = 0; i + 1 < E.n && s->ntrk < TRACKS_KEPT; i++)
		if (E.e[i].placed && E.e[i + 1].placed && E.e[i].b > E.e[i + 1].b) {
			s->trk[s->ntrk].lo = E.e[i + 1].b;
			s->trk[s->ntrk].hi = E.e[i].b;
			s->trk[s->ntrk].cyl_first = E.e[i + 1].cls == 2;
			s->trk[s->ntrk++].cyl_last = E.e[i].cls == 2;
			s->trk_ts = E.ts;
		}
	/* the heads: the edges from one cylinder's to the next */
	double h[EDGES_MAX], cb[EDGES_MAX];
	unsigned nh = 0, ncb = 0;
	int last = -1;
	for (unsigned i = 0; i < E.n; i++) {
		if (E.e[i].cls != 2)
			continue;
		if (last >= 0) {
			h[nh++] = (double)(i - (unsigned)last);
			if (E.e[i].placed && E.e[last].placed)
				cb[ncb++] = (double)(E.e[last].b - E.e[i].b) * (double)s->S;
		}
		if (E.e[i].placed && !r->cyl_bytes.n)
			r->cyl_edge = (double)E.e[i].b * (double)s->S;
		last = (int)i;
	}
	/* the placed tracks' sectors: a cylinder's first (its lower edge a
	 * cylinder's), its last (its upper), the others (spares at a track's
	 * or a cylinder's end shorten some: DiskSim's sparing) */
	{
		double len[3][EDGES_MAX];
		unsigned nl[3] = { 0, 0, 0 };

		for (unsigned i = 0; i + 1 < E.n; i++)
			if (E.e[i].placed && E.e[i + 1].placed && E.e[i].b > E.e[i + 1].b && E.e[i].cls && E.e[i + 1].cls) {
				unsigned kind = E.e[i + 1].cls == 2 ? 0 : E.e[i].cls == 2 ? 2 : 1;

				len[kind][nl[kind]++] = (double)(E.e[i].b - E.e[i + 1].b);
			}
		r->trk_first = nl[0] ? median(len[0], nl[0]) : NAN;
		r->trk_mid = nl[1] ? median(len[1], nl[1]) : NAN;
		r->trk_last = nl[2] ? median(len[2], nl[2]) : NAN;
	}
	if (nh) {
		double sorted[EDGES_MAX];

		/* the median: an edge with spares past it (a range's end) is
		 * of neither class and doubles a spacing */
		r->heads = fig_of(h, nh);
		memcpy(sorted, h, nh * sizeof(h[0]));
		r->heads.v = median(sorted, nh);
		if (ncb)
			r->cyl_bytes = fig_of(cb, ncb);
		else
			r->cyl_bytes.v = r->heads.v * E.P * (double)s->S, r->cyl_bytes.n = 0;
	}
	/* the switches: the slack past an edge less that within a track */
	struct dchar_fig same = slack_rep(s, &E, 0), head = slack_rep(s, &E, 1), cyl = slack_rep(s, &E, 2);
	if (same.n) {
		r->overhead_ns = same;
		if (head.n) {
			r->head_switch_ns = head;
			r->head_switch_ns.v -= same.v;
		}
		if (cyl.n) {
			r->cyl_switch_ns = cyl;
			r->cyl_switch_ns.v -= same.v;
		}
	}
}

/*
 * The tracks of a drive that reads free blocks (tracks() steps back): a
 * chain forward from a, steps of a fifth of a track and a sector or two
 * more (a turn is P whole sectors), until FWD_CYLS cylinder edges or
 * FWD_STEPS steps. A step within a track takes its sectors' time; one
 * across an edge takes the skew's more, as the head reads on across it: a
 * track's (the least) or a cylinder's (more), sectors off the line, whole
 * within a tenth (and 4 us, the reader's jitter). A step off by under
 * half a sector, a hit or a turn lost says nothing. The heads: the tracks
 * from one cylinder edge to the next. The edges: each step across one
 * holds it (between its two reads), and the edges are P apart, so the
 * steps' spans brought back by whole tracks to the last edge meet in it
 * (from the last back, while they meet: a spare or a slipped sector moves
 * the edges after it); where they meet in more than a sector, pairs on
 * fresh tracks past the chain bisect it. The tracks on past the chain
 * (fresh: no read has touched them) are the placed tracks the buffer's
 * probes and the path take (s->trk), and a cylinder edge among them is
 * r->cyl_edge.
 */
#define FWD_STEPS 600
#define FWD_CYLS 6
#define FWD_SPARES 32	/* a cylinder's spares looked for, at most */
#define LAY_MARGIN 12	/* the layout's sectors near a track's edge it gives no angle (lay_angle()) */
#define LAY_CYLS 128	/* the cylinders from its edge it reaches */

/* the spans [lo, hi] of n steps across edges, brought back by whole
 * periods p to the last one's, from the last back while they meet: their
 * number, the edge's sectors [*elo, *e], and *ecyl the tracks from the
 * last cylinder edge among them (H heads) to the last edge (-1 none) */
static unsigned edges_meet(const uint64_t *lo, const uint64_t *hi, const int *cyl, unsigned n, uint64_t p, unsigned H, uint64_t *e,
			   uint64_t *elo, int *ecyl)
{
	unsigned met = 0;

	*e = hi[n - 1], *elo = lo[n - 1], *ecyl = -1;
	for (unsigned i = n; i-- > 0; met++) {
		uint64_t m = (uint64_t)floor((double)(hi[n - 1] - hi[i]) / (double)p + 0.5) * p;

		if (lo[i] + m > *e || hi[i] + m < *elo)
			break;
		if (lo[i] + m > *elo)
			*elo = lo[i] + m;
		if (hi[i] + m < *e)
			*e = hi[i] + m;
		if (cyl[i] && *ecyl < 0 && H)
			*ecyl = (int)((m / p) % H);
	}
	return met;
}

/* where a cylinder holds sp spares (DiskSim's sparing 2 and 4: at its
 * end, its last track sp LBNs short; 5 and 6, front: its first), the
 * edges are not p apart across a cylinder's: the spans brought back to
 * the last cylinder edge's (cyl[c]) by the layout's offsets (lay_off()),
 * from the last back while they meet, each on a cylinder edge where the
 * step saw one; as edges_meet() */
static double lay_off(double Q, double T, double sp, int front, unsigned H)
{
	double n = floor(Q / H), j = Q - n * H;

	return n * (H * T - sp) + j * T - (front && j > 0 ? sp : 0);
}

static unsigned edges_meet_sp(const uint64_t *lo, const uint64_t *hi, const int *cyl, unsigned n, uint64_t p, unsigned H, double sp,
			      int front, uint64_t *e, uint64_t *elo, int *ecyl)
{
	double L = -INFINITY, U = INFINITY, Ql = 0, T = (double)p;
	unsigned met = 0;
	int c = -1;

	for (unsigned i = 0; i < n; i++)
		if (cyl[i])
			c = (int)i;
	if (c < 0 || H < 2)
		return 0;
	for (unsigned i = n; i-- > 0; met++) {
		double d = ((double)lo[i] + (double)hi[i] - (double)lo[c] - (double)hi[c]) / 2, Q0 = floor(d / T + 0.5), Q = Q0, o;

		for (int dk = -1; dk <= 1; dk++)
			if (fabs(lay_off(Q0 + dk, T, sp, front, H) - d) < fabs(lay_off(Q, T, sp, front, H) - d))
				Q = Q0 + dk;
		if (!cyl[i] != !(Q - H * floor(Q / H) == 0))
			break;	/* a cylinder's edge where the step saw none, or none where it did */
		o = lay_off(Q, T, sp, front, H);
		if ((double)lo[i] - o > U || (double)hi[i] - o < L)
			break;
		L = fmax(L, (double)lo[i] - o);
		U = fmin(U, (double)hi[i] - o);
		if (i == n - 1)
			Ql = Q;
	}
	if (!met)
		return 0;
	*e = (uint64_t)(U + lay_off(Ql, T, sp, front, H));
	*elo = (uint64_t)(L + lay_off(Ql, T, sp, front, H));
	*ecyl = (int)(Ql - H * floor(Ql / H));
	return met;
}

/* whether an edge lies between sectors u and v (fresh, v past u by less
 * than a track): v read at once after u, its time off the line by a skew
 * (1) or not (0); -1 neither (a hit, a turn lost) */
static int fwd_cross(struct st *s, uint64_t u, uint64_t v, double ts, double P)
{
	int64_t tu = rd(s, u * s->S, (unsigned)s->S);
	double d = (double)(rd(s, v * s->S, (unsigned)s->S) - tu) / ts - (double)(v - u);

	if (fabs(d - floor(d + 0.5)) > 0.1 || d > P - 0.5 || d < -0.5)
		return -1;
	return d >= 0.5;
}

/* the last edge within [*elo, *e], bisected: a pair a gap apart on fresh
 * tracks *j on (jstep more at each try, out of each other's read-ahead),
 * the first below the edge's least, the second at the middle of what is
 * left, crosses it or not */
static void fwd_bisect(struct st *s, uint64_t *e, uint64_t *elo, uint64_t *j, uint64_t jstep, uint64_t gap, double ts, double P)
{
	for (unsigned tries = 0; *e > *elo && tries < 12 && !s->err; tries++, *j += jstep) {
		uint64_t c = (*elo + *e) / 2, u = *elo + (uint64_t)lay_pos(s, (double)*j) - gap, v = c + (uint64_t)lay_pos(s, (double)*j);
		int cross = fwd_cross(s, u, v, ts, P);

		if (cross < 0)
			continue;	/* a hit, or a turn lost: again on the next */
		if (cross)
			*e = c;
		else
			*elo = c + 1;
	}
}

/*
 * A cylinder's spares: its last track short (DiskSim's sparing 2 and 4)
 * or its first (5 and 6). The chain's spans, a fifth of a track wide,
 * cannot tell the two apart, and where spares lie at the ends of ranges
 * of cylinders (8) a few spares a cylinder may fit them as well as the
 * range's own; the sectors beside a cylinder's edge tell. From e
 * (placed), the first edge on that the two ends place apart (the next
 * cylinder's edge where e is past its cylinder's first track; else e's
 * own first track's end), on fresh cylinders *j tracks on and past: an
 * edge where one end places it and none a sector before, each pair on a
 * cylinder of its own (the buffer holds what one read past). Three
 * looks that tell: 0 the end s->lay.front says holds the short track, 1
 * the other one (s->lay.front turned), -1 neither (or both) most often
 */
static int fwd_front(struct st *s, uint64_t *j, uint64_t gap, double ts, double P)
{
	const unsigned H = s->lay.H, c = s->lay.ecyl;
	const double T = s->lay.T, sp = s->lay.sp;
	unsigned yes[2] = { 0, 0 }, looks = 0, q = 1;

	if ((double)gap >= T - sp || H < 2 || c >= H)
		return -1;
	while (q < H && lay_off(q + c, T, sp, 0, H) - lay_off(c, T, sp, 0, H) == lay_off(q + c, T, sp, 1, H) - lay_off(c, T, sp, 1, H))
		q++;
	for (unsigned tries = 0; tries < 8 && looks < 3 && !s->err; tries++, *j += 4 * H) {
		int cross[2];

		for (int fr = 0; fr < 2; fr++) {
			int k[2];

			for (unsigned b = 0; b < 2; b++) {
				uint64_t jj = *j + (2 * (unsigned)fr + b) * H;
				uint64_t end = s->lay.e + (uint64_t)(lay_off((double)(jj + q + c), T, sp, fr, H) - lay_off(c, T, sp, fr, H)) - b;

				k[b] = fwd_cross(s, end - gap, end, ts, P);
			}
			cross[fr] = k[0] < 0 || k[1] < 0 ? -1 : k[0] && !k[1];
		}
		if (cross[0] < 0 || cross[1] < 0)
			continue;
		looks++;
		yes[0] += (unsigned)cross[0];
		yes[1] += (unsigned)cross[1];
	}
	for (int fr = 0; fr < 2; fr++)
		if (2 * yes[fr] > looks && 2 * yes[!fr] < looks) {
			if (fr == s->lay.front)
				return 0;
			s->lay.front = fr;
			return 1;
		}
	return -1;
}

/*
 * A cylinder's spares, where the spans meet over more steps with them
 * than by whole tracks alone (most0): each count of spares (1 to
 * FWD_SPARES) and period whose spans meet over the most, in turn, up to
 * four (spans a fifth of a track wide may meet as well a spare more or
 * less: barracuda with 2 at each cylinder's front met as many with 1),
 * its last edge bisected in the bounds either end's meeting gives, whole
 * cylinders on, and kept where fwd_front() finds the short track at one
 * end. 1: *p, *sp, *e, *ecyl and s->lay (but e) set; 0 none kept
 */
static int fwd_spares(struct st *s, const uint64_t *lo, const uint64_t *hi, const int *cyl, unsigned n, double P, unsigned most0,
		      uint64_t gap, double ts, uint64_t *j, uint64_t *p, double *sp, uint64_t *e, int *ecyl)
{
	const unsigned H = s->lay.H;
	unsigned most = most0, tried = 0;

	if (H < 2)
		return 0;
	for (unsigned ss = 1; ss <= FWD_SPARES; ss++)
		for (int fr = 0; fr < 2; fr++)
			for (uint64_t pp = (uint64_t)P; pp + 4 >= (uint64_t)P && pp > 4; pp--) {
				uint64_t ee, eelo;
				int ec;
				unsigned met = edges_meet_sp(lo, hi, cyl, n, pp, H, ss, fr, &ee, &eelo, &ec);

				if (met > most)
					most = met;
			}
	if (most == most0)
		return 0;
	for (unsigned ss = 1; ss <= FWD_SPARES && tried < 4 && !s->err; ss++)
		for (uint64_t pp = (uint64_t)P; pp + 4 >= (uint64_t)P && pp > 4 && tried < 4 && !s->err; pp--) {
			uint64_t ee[2], el[2], top = 0, bot = UINT64_MAX;
			unsigned met[2];
			int ec[2], c, fr0;

			for (int fr = 0; fr < 2; fr++)
				met[fr] = edges_meet_sp(lo, hi, cyl, n, pp, H, ss, fr, &ee[fr], &el[fr], &ec[fr]);
			if (met[0] != most && met[1] != most)
				continue;
			tried++;
			fr0 = met[0] == most ? 0 : 1;
			c = ec[fr0];
			for (int fr = 0; fr < 2; fr++)
				if (met[fr] && ec[fr] == c) {
					top = ee[fr] > top ? ee[fr] : top;
					bot = el[fr] < bot ? el[fr] : bot;
				}
			s->lay.T = (double)pp;
			s->lay.sp = ss;
			s->lay.front = fr0;
			s->lay.ecyl = (unsigned)c;
			/* (whole cylinders on: whether a cylinder's first track is
			 * the short one or its last moves the edges between, not
			 * those a cylinder apart) */
			*j = (*j + H - 1) / H * H;
			fwd_bisect(s, &top, &bot, j, (3 + H - 1) / H * H, gap, ts, P);
			if (top != bot)
				continue;
			s->lay.e = top;
			if (fwd_front(s, j, gap, ts, P) < 0)
				continue;
			*p = pp, *sp = ss, *e = top, *ecyl = c;
			return 1;
		}
	return 0;
}

/* whole tracks of T sectors from sector x: an edge at x, and none a
 * sector before the one two tracks on (fresh sectors, a pair a gap apart
 * each; that one first, as the buffer keeps what a read waited under or
 * read past). An edge moved 1 to gap - 1 sectors sooner meets the
 * second. -1 neither told */
static int edge_at(struct st *s, uint64_t x, double T, uint64_t gap, double ts, double P)
{
	uint64_t y = x + (uint64_t)(2 * T) - 1;
	int on = fwd_cross(s, y - gap, y, ts, P), at = on < 0 ? -1 : fwd_cross(s, x - gap, x, ts, P);

	return at < 0 || on < 0 ? -1 : at && !on;
}

/*
 * Spares at the end of each range of cylinders (DiskSim's sparing 8):
 * the chain's lone step that skipped sp sectors more than a cylinder's
 * edge, in [rlo, rhi], crossed a range's end: R, the first sector of a
 * range, a whole number of cylinders from e's cylinder's edge (sp
 * sectors sooner where it lies past e, the short track between), with
 * an edge two cylinders on where whole tracks from it put one. The
 * next range: the first cylinder k on from R whose edge is not where
 * whole tracks from R put it (an edge there and none a sector before
 * the one two tracks on), bisected over LAY_CYLS cylinders, from past
 * the placed tracks (those from j tracks on from e) where it lies past
 * them; there the edge must be sp sectors sooner. A range is k
 * cylinders, its last track sp short (s->lay: sp, unit, eu). 1 found; 0
 * none within LAY_CYLS (or not told)
 */
static int fwd_range(struct st *s, uint64_t rlo, uint64_t rhi, double sp, uint64_t j, uint64_t gap, double ts, double P)
{
	const unsigned H = s->lay.H, c = s->lay.ecyl;
	const double T = s->lay.T, C = H * T, ec = (double)s->lay.e - c * T;
	double R, R0, top = (double)s->lay.e + ((double)j + 1 + TRACKS_KEPT) * T;
	unsigned lo, hi = LAY_CYLS;
	int v;

	if (H < 1 || !(sp >= 0.5) || sp > T - 2 * LAY_MARGIN)
		return 0;
	sp = floor(sp + 0.5);
	if (s->lay.e >= rlo && s->lay.e <= rhi)
		R = (double)s->lay.e;	/* the range's edge itself */
	else if ((double)rhi < (double)s->lay.e)
		R = ec - floor((ec - (double)rhi) / C + 0.5) * C;
	else
		R = ec + floor(((double)rlo - ec + sp) / C + 0.5) * C - sp;
	if (R < (double)rlo || R > (double)rhi || edge_at(s, (uint64_t)R + (uint64_t)(2 * C), T, gap, ts, P) != 1)
		return 0;
	lo = top > R ? (unsigned)ceil((top - R) / C) + 1 : 3;
	if (lo >= hi)
		return 0;
	/* (whole tracks hold at hi: no range's end within the layout) */
	if ((v = edge_at(s, (uint64_t)(R + hi * C), T, gap, ts, P)) != 0)
		return 0;
	if ((v = edge_at(s, (uint64_t)(R + lo * C), T, gap, ts, P)) < 0)
		return 0;
	if (!v)
		hi = lo, lo = 2;	/* before the placed tracks' end */
	while (hi - lo > 1 && !s->err) {
		unsigned k = (lo + hi) / 2;

		if ((v = edge_at(s, (uint64_t)(R + k * C), T, gap, ts, P)) < 0)
			return 0;
		if (v)
			lo = k;
		else
			hi = k;
	}
	if (edge_at(s, (uint64_t)(R + hi * C - sp), T, gap, ts, P) != 1)
		return 0;
	/* e's range: from R, or the one that ends at R */
	R0 = R <= (double)s->lay.e ? R : R - (hi * C - sp);
	double eu = floor((ec - R0) / C + 0.5) * H + c;

	if (!(eu >= 0) || eu >= (double)hi * H)
		return 0;
	s->lay.sp = sp;
	s->lay.front = 0;
	s->lay.unit = hi * H;
	s->lay.eu = (unsigned)eu;
	return 1;
}

static void tracks_fwd(struct st *s, uint64_t a)
{
	struct dchar_result *r = s->r;
	double R = r->rev_ns.v, P = floor(R / sector_ns(s, a) + 0.5), ts = R / P, sk[FWD_STEPS], kt[FWD_STEPS], kc[FWD_STEPS], h[FWD_STEPS];
	uint64_t x = a / s->S, lo[FWD_STEPS], hi[FWD_STEPS];
	unsigned n = 0, nt = 0, nc = 0, nh = 0, ncyl = 0;
	int cyl[FWD_STEPS], range_end = 0;
	unsigned lone_at = 0;	/* the steps kept before the lone one */
	uint64_t lone_lo = 0, lone_hi = 0;	/* its span */
	double range_sp = 0;	/* the sectors it skipped past a cylinder's edge */
	int64_t t;

	if (!(P >= 16) || (x + FWD_STEPS * (uint64_t)(P / 5 + 3) + 64 * (uint64_t)P) * s->S >= s->d->size)
		return;
	t = rd(s, x * s->S, (unsigned)s->S);
	for (unsigned j = 0; j < FWD_STEPS && !s->err; j++) {
		double k = floor(P / 5) + (double)(j % 3), d;
		int64_t t1;

		x += (uint64_t)k;
		t1 = rd(s, x * s->S, (unsigned)s->S);
		d = (double)(t1 - t) / ts - k;
		t = t1;
		/* whole within a tenth, or 4 us of the reader's jitter */
		if (d < 0.5 || d > P - 0.5 || fabs(d - floor(d + 0.5)) > 0.1 + 4000 / ts)
			continue;
		sk[n] = floor(d + 0.5);
		lo[n] = x - (uint64_t)k + 1;	/* the edge's first sector in [lo, hi] */
		hi[n++] = x;
		if (n >= 2 && sk[n - 1] > sk[0] + 0.5 && ++ncyl >= FWD_CYLS)
			break;
	}
	if (n < 4)
		return;
	{
		/* the least skew that a tenth of the steps across an edge (two
		 * at least) share: a step a sector or two late by the reader's
		 * hiccup is no edge's; steps of a skew no other shares count
		 * for neither kind */
		double least = NAN;
		int last = -1;
		unsigned keep = 0, same[FWD_STEPS] = { 0 };

		/* (counted before any is dropped) */
		for (unsigned i = 0; i < n; i++) {
			for (unsigned j = 0; j < n; j++)
				same[i] += sk[j] == sk[i];
			if (same[i] >= 2 && 10 * same[i] >= n && !(sk[i] >= least))
				least = sk[i];
		}
		if (isnan(least))
			return;
		double lone = -1;

		for (unsigned i = 0; i < n; i++) {
			if (same[i] < 2 || sk[i] < least) {
				if (sk[i] >= least && sk[i] > lone)
					lone = sk[i], lone_at = keep, lone_lo = lo[i], lone_hi = hi[i];
				continue;	/* a skew no other step shares */
			}
			sk[keep] = sk[i], lo[keep] = lo[i], hi[keep++] = hi[i];
		}
		n = keep;
		for (unsigned i = 0; i < n; i++) {
			cyl[i] = sk[i] > least + 0.5;
			if (!cyl[i]) {
				kt[nt++] = sk[i];
				continue;
			}
			kc[nc++] = sk[i];
			if (last >= 0)	/* by the bytes between: a step across an edge not seen as one drops no track */
				h[nh++] = floor((double)(hi[i] - hi[last]) / P + 0.5);
			last = (int)i;
		}
		/* a lone step that skips more than a cylinder's edge: the end
		 * of a range of cylinders whose spares lie there (DiskSim's
		 * sparing 8), which a few spares a cylinder must not fit */
		for (unsigned i = 0; i < nc; i++)
			if (lone > kc[i] + 0.5)
				range_end = 1;
		if (range_end) {
			double sorted[FWD_STEPS];

			memcpy(sorted, kc, nc * sizeof(kc[0]));
			range_sp = lone - median(sorted, nc);
		}
	}
	if (n < 4 || !nt)
		return;
	r->edges = n;
	r->skew_spt = P;
	r->skew_track = fig_of(kt, nt);
	if (nc >= 2)
		r->skew_cyl = fig_of(kc, nc);
	s->trk_ts = ts;
	if (!nh)
		return;
	{
		double sorted[FWD_STEPS];

		r->heads = fig_of(h, nh);
		memcpy(sorted, h, nh * sizeof(h[0]));
		r->heads.v = median(sorted, nh);
		r->cyl_bytes.v = r->heads.v * P * (double)s->S;
		r->cyl_bytes.n = nh;
	}
	/* the last edge, from the spans that meet in it; a track's sectors
	 * in LBNs are P less its spares where each track has some (DiskSim's
	 * sparing 3: dec_rz26's 57 of 58), so the period the most spans meet
	 * over, P down to P - 4 */
	uint64_t e = 0, elo = 0, p = (uint64_t)P;
	int ecyl = -1, front = 0;
	unsigned most = 0;
	double sp = 0;
	/* (past a range's end, the steps after it alone: a period a sector
	 * short met barracuda's across its end of 10 spares, and drifted a
	 * sector a track from there on) */
	unsigned i0 = range_end && lone_at + 4 <= n ? lone_at : 0;
	for (uint64_t pp = (uint64_t)P; pp + 4 >= (uint64_t)P && pp > 4; pp--) {
		uint64_t ee, eelo;
		int ec;
		unsigned met = edges_meet(lo + i0, hi + i0, cyl + i0, n - i0, pp, (unsigned)r->heads.v, &ee, &eelo, &ec);

		if (met > most)
			most = met, p = pp, e = ee, elo = eelo, ecyl = ec;
	}
	s->lay.T = (double)p;
	s->lay.sp = 0;
	s->lay.front = 0;
	s->lay.H = r->heads.v >= 1 ? (unsigned)r->heads.v : 0;
	s->lay.ecyl = ecyl > 0 ? (unsigned)ecyl : 0;
	/* where they meet in more than a sector, bisected: a pair a fifth of
	 * a track apart on fresh tracks past the chain (three apart, out of
	 * each other's read-ahead), the first below the edge's least, the
	 * second at the middle of what is left, crosses it or not; apart by
	 * a quarter more than the least step seen ready where that is more
	 * (a drive whose command overhead is a fifth of a turn or more:
	 * hp_c3323a's 2.5 ms, 27 of 120 sectors, lost a turn at each try) */
	uint64_t j = (x + 4 * p - e) / p, gap = p / 5;
	if (s->free_kmin * 1.25 > (double)gap && s->free_kmin * 1.25 < 0.6 * (double)p)
		gap = (uint64_t)ceil(s->free_kmin * 1.25);
	/* a cylinder's spares, where the spans meet over more with them (not
	 * where a lone step showed a range's end) */
	if (!range_end && fwd_spares(s, lo, hi, cyl, n, P, most, gap, ts, &j, &p, &sp, &e, &ecyl)) {
		front = s->lay.front;
	} else {
		s->lay.T = (double)p;
		s->lay.sp = 0;
		s->lay.front = 0;
		if (range_end && lone_at >= n && lone_lo > e) {
			/* the chain's last step crossed a range's end: the
			 * pairs past it would find its edge, not e */
			e = lone_hi, elo = lone_lo, ecyl = 0;
			j = (x + 4 * p - e) / p;
		}
		s->lay.ecyl = ecyl > 0 ? (unsigned)ecyl : 0;
		fwd_bisect(s, &e, &elo, &j, 3, gap, ts, P);
		if (e != elo || ecyl < 0 || r->heads.v < 1)
			return;
		s->lay.e = e;
		if (range_end)
			fwd_range(s, lone_lo, lone_hi, range_sp, j, gap, ts, P);
	}
	s->lay.e = e;
	/* the placed tracks: from four tracks past the last read, the highest first */
	uint64_t H = (uint64_t)r->heads.v, j0 = j + 1;
	for (unsigned i = 0; i < TRACKS_KEPT; i++) {
		uint64_t q = j0 + TRACKS_KEPT - 1 - i;	/* the track's lower edge is the last one's q-th on */

		s->trk[i].lo = e + (uint64_t)lay_pos(s, (double)q);
		s->trk[i].hi = e + (uint64_t)lay_pos(s, (double)q + 1);
		s->trk[i].cyl_first = (q + (uint64_t)ecyl) % H == 0;
		s->trk[i].cyl_last = (q + 1 + (uint64_t)ecyl) % H == 0;
	}
	s->ntrk = TRACKS_KEPT;
	/* (a cylinder's edge, not a range's: the skew there is a
	 * cylinder's, the range's spares past it) */
	uint64_t qc = (H - (uint64_t)ecyl) % H;
	if (s->lay.unit > H && (qc + s->lay.eu) % s->lay.unit == 0)
		qc += H;
	r->cyl_edge = ((double)e + lay_pos(s, (double)qc)) * (double)s->S;
	/* (a cylinder holds its tracks' sectors in LBNs: dec_rz26's 14 of
	 * 57, not of 58, where a seek's A walking cylinders drifted half a
	 * track a probe) */
	r->cyl_bytes.v = (r->heads.v * (double)p - sp) * (double)s->S;
	/* every placed track p long: spares at each track's end where p is
	 * under the turn's sectors (the profile's sparing 3); a cylinder's
	 * first or last sp shorter */
	r->trk_first = r->trk_mid = r->trk_last = (double)p;
	if (front)
		r->trk_first -= sp;
	else
		r->trk_last -= sp;
	s->lay.e = e;
	s->lay.P = P;
	s->lay.st = r->skew_track.v;
	s->lay.sc = r->skew_cyl.n ? r->skew_cyl.v : r->skew_track.v;
	s->lay.ok = 1;
}

/* the layout's track q on from e's (q may be below 0): its first sector,
 * in LBNs from e */
static double lay_pos(const struct st *s, double q)
{
	const double T = s->lay.T, sp = s->lay.sp;
	const unsigned u = s->lay.unit ? s->lay.unit : s->lay.H ? s->lay.H : 1, c = s->lay.unit ? s->lay.eu : s->lay.ecyl;

	return lay_off(q + c, T, sp, s->lay.front, u) - lay_off(c, T, sp, s->lay.front, u);
}

/* the layout's track that sector x lies on, q on from e's; *i: x's place
 * in it (NULL: not wanted) */
static double lay_track(const struct st *s, double x, double *i)
{
	double d = x - (double)s->lay.e, q = floor(d / s->lay.T);

	/* (a cylinder's spares move it by under a track a cylinder) */
	while (lay_pos(s, q + 1) <= d)
		q++;
	while (lay_pos(s, q) > d)
		q--;
	if (i)
		*i = d - lay_pos(s, q);
	return q;
}

/*
 * The angle of sector x's start (sectors, [0, P)) under the layout
 * tracks_fwd placed, against e's: each track T sectors on from e, each
 * starting a track skew on from the one before, a cylinder skew where it
 * is a cylinder's first (a cylinder edge every H tracks). NAN where x is
 * not in e's zone (its rate's sectors a track are not P), over
 * LAY_CYLS cylinders from e (zones of the same sectors a track follow
 * each other, each starting anew: atlas10k's first three), or within
 * LAY_MARGIN sectors of a track's edge: a slipped sector moves the edges
 * after it one sector on (atlas10k's zones have up to 11), and a sector
 * taken for the track on the other side of one is a skew off.
 */
static double lay_angle(const struct st *s, uint64_t x)
{
	double P = s->lay.P, T = s->lay.T, q, i, nc, a;

	if (!s->lay.ok || fabs(s->r->rev_ns.v / sector_ns(s, x * s->S) - P) > 0.5 ||
	    fabs((double)x - (double)s->lay.e) > LAY_CYLS * s->lay.H * T)
		return NAN;
	q = lay_track(s, (double)x, &i);
	if (i < LAY_MARGIN || i >= lay_pos(s, q + 1) - lay_pos(s, q) - LAY_MARGIN)
		return NAN;
	nc = floor((q + s->lay.ecyl) / s->lay.H) - floor((double)s->lay.ecyl / s->lay.H);
	/* (a skew is the sectors skipped past a track's last, its spares
	 * with it: a track's first is the last one's, its LBNs and the skew
	 * on, as P - T less where T is under P; dec_rz26's 57 of 58 were a
	 * sector a track off, and B's phase, once a seek went to a track
	 * beside its own, far off the layout's; a cylinder's short track
	 * moves the angle on by its LBNs as well) */
	a = i + lay_pos(s, q) + (q - nc) * s->lay.st + nc * s->lay.sc;
	/* (a range's spares pass under the head at its end, past the
	 * cylinder skew, where the skews measured do not count them) */
	if (s->lay.unit > s->lay.H)
		a += s->lay.sp * (floor((q + s->lay.eu) / s->lay.unit) - floor((double)s->lay.eu / s->lay.unit));
	a = fmod(a, P);
	return a < 0 ? a + P : a;
}

/*
 * Whether B at x is on A's cylinder: A aimed so that B comes round mid
 * between the path alone and the path and the shortest seek. 1 same, 0
 * another, -1 not seen (the aim missed both ways).
 */
static int same_cyl(struct st *s, uint64_t a, uint64_t x, double mid)
{
	double tol = (mid - s->r->overhead_ns.v) / 2;
	double R = s->r->rev_ns.v, tsa = sector_ns(s, a), tsb = sector_ns(s, x), spt = R / tsa;
	int64_t tc, tA, tB;
	uint64_t A;

	for (int tries = 0; tries < 6; tries++) {
		uint64_t cal = x + (uint64_t)(4 + 70 * tries) * s->S;
		double phB, phA, best = -1;

		/* the phase of B (from a sector just past it), then A's from a
		 * read near a, then an A whose end precedes B's by mid */
		tc = rd(s, cal, (unsigned)s->S);
		phB = (double)tc - (double)(cal - x) / (double)s->S * tsb;
		A = clampoff(s, (double)a + (double)s->S * (10 + 40 * (unsigned)(s->nh % 23)));
		for (unsigned k = 0; k < 23 && recent(s, A); k++)
			A += 40 * s->S;
		tA = rd(s, A, (unsigned)s->S);
		phA = (double)tA;
		double want = fmod(phB - mid - s->pause0 - phA, R), n;
		if (want < 0)
			want += R;
		n = want / tsa;
		for (int m = -4; m <= 4; m++) {
			double c = (double)A + (n + m * spt) * (double)s->S;

			if (c < (double)a + 8.0 * (double)s->S || c > (double)a + (spt * 1.25) * (double)s->S)
				continue;
			c = free_near(s, c);
			if (best < 0 || fabs(c - (double)a - spt / 2 * (double)s->S) < fabs(best - (double)a - spt / 2 * (double)s->S))
				best = c;
		}
		if (best < 0) {
			continue;
		}
		tA = after_a(s, rd(s, clampoff(s, best), (unsigned)s->S));
		tB = rd(s, x, (unsigned)s->S);
		double T = (double)(tB - tA);
		if (s->err)
			return -1;
		if (T <= mid + tol)
			return 1;
		if (T - R >= mid - tol)
			return 0;
	}
	return -1;
}

/* the first cylinder boundary after a (a bisection), or 0 */
static uint64_t boundary(struct st *s, uint64_t a, double mid, double maxd)
{
	uint64_t lo = clampoff(s, (double)a + track_bytes(s, a)), hi = clampoff(s, (double)a + maxd);

	if (same_cyl(s, a, hi, mid) != 0)
		return 0;
	while (hi - lo > 8 * s->S) {
		uint64_t x = clampoff(s, (double)lo + (double)(hi - lo) / 2);
		int c = same_cyl(s, a, x, mid);

		/* not seen: a sector or two aside, the aim falls elsewhere */
		for (unsigned k = 1; c < 0 && k <= 3 && x + k * s->S < hi; k++)
			c = same_cyl(s, a, x + k * s->S, mid);
		if (c < 0)
			return 0;
		if (c)
			lo = x;
		else
			hi = x;
	}
	return hi;
}

/* the heads and the switches: cylinders found by where a seek begins */
static void cylinders(struct st *s, uint64_t a)
{
	struct dchar_result *r = s->r;
	double L = track_bytes(s, a), mid, cb[4] = { 0 }, hs[3] = { 0 }, cs[3] = { 0 }, lo, hi;
	uint64_t edge[5];
	unsigned ne = 0, nh = 0, nc = 0;

	if (!r->nseeks)
		return;
	/* the shortest seek seen beyond 16 tracks: mid between it and none */
	mid = r->overhead_ns.v;
	if (r->nseeks)
		mid += r->seek[0].ns.v / 2;
	for (uint64_t at = a, tries = 0; ne < 5; ne++) {
		/* the first edge from up to three starts a few tracks apart */
		while (!(edge[ne] = boundary(s, at, mid, 40 * L)) && !ne && ++tries < 3)
			at = clampoff(s, (double)at + 3.3 * L);
		if (!edge[ne])
			break;
		at = edge[ne];
	}
	for (unsigned i = 1; i < ne; i++)
		cb[i - 1] = (double)(edge[i] - edge[i - 1]);
	if (ne)
		r->cyl_edge = (double)edge[ne > 1 ? 1 : 0];
	/* the spacings that agree with their median within 10 % (an edge
	 * misplaced makes two that do not) */
	if (ne > 1) {
		double sorted[4], med, keep[4], h[4];
		unsigned nk = 0;

		memcpy(sorted, cb, (ne - 1) * sizeof(cb[0]));
		med = median(sorted, ne - 1);
		for (unsigned i = 0; i + 1 < ne; i++)
			if (fabs(cb[i] - med) <= 0.1 * med) {
				h[nk] = floor(cb[i] / track_bytes(s, edge[i]) + 0.5);
				keep[nk++] = cb[i];
			}
		r->cyl_bytes = fig_of(keep, nk);
		r->heads = fig_of(h, nk);
		/* the median: an edge placed a track off (within the 10 %
		 * on ten heads) gives one spacing a head short */
		r->heads.v = median(h, nk);
	}
	/* a track before the edge to the one after it, and within a cylinder,
	 * at the first three edges a whole cylinder from a neighbour (one a
	 * track off puts either pair across the other kind of edge) */
	for (unsigned i = 0, used = 0; i < ne && used < 3; i++) {
		uint64_t e = edge[i];
		double C = r->heads.n ? r->heads.v * L : 0;

		if (C > 0 && !((i && fabs(cb[i - 1] - C) < 0.5 * L) || (i + 1 < ne && fabs(cb[i] - C) < 0.5 * L)))
			continue;
		used++;
		if (thresh(s, clampoff(s, e - 0.5 * L), L, -0.4 * L, 0.4 * L, 0, &lo, &hi) == 0)
			cs[nc++] = (lo + hi) / 2 - r->overhead_ns.v;
		if (r->heads.n && r->heads.v >= 2 &&
		    thresh(s, clampoff(s, e - 1.5 * L), L, -0.4 * L, 0.4 * L, 0, &lo, &hi) == 0)
			hs[nh++] = (lo + hi) / 2 - r->overhead_ns.v;
	}
	r->cyl_switch_ns = fig_agree(cs, nc);
	r->head_switch_ns = fig_agree(hs, nh);
}

/*
 * Surfaces that run in turn outward and inward (a serpentine layout,
 * DiskSim's g4 layout of the Atlas 10K V): the logical tracks run across N
 * cylinders on one surface, then back across the same N on the next, and
 * so on over the heads, then the next N cylinders. Every edge within such
 * a run is a cylinder's (a seek of one), and the chain across tracks sees
 * one class of edge only. A track's cylinder comes round again once in
 * each other run of its band: where the threshold from it is a head
 * switch alone, not a seek (Talagala et al.'s and DIXtrac's thresholds,
 * walked along the tracks). The tracks on the cylinder of a placed track
 * A, counted up and down the disk until a band's worth of tracks passes
 * without one, are the heads.
 */
#define SERP_TRACKS 640		/* tracks walked each way at most */
#define SERP_RUN 128		/* tracks of a run at most that the walk follows */
struct serp {
	uint64_t alo, ahi;	/* A's track: sectors [alo, ahi) */
	uint64_t tlo, thi, ref;	/* the track walked to (track_near), its phase */
	int64_t refT;
	double ts, x;		/* its sector's time; the slack tested */
	double near;		/* the byte track_near found it from */
};

/* a sector of A's track no read took (the buffer may hold those), not at
 * its edges */
static int fresh_a(const struct st *s, const struct serp *q, unsigned *next, uint64_t *a)
{
	if (q->ahi < q->alo + 16)
		return -1;
	for (unsigned tries = 0; tries < q->ahi - q->alo; tries++, (*next)++) {
		uint64_t x = q->ahi - 3 - *next % (q->ahi - q->alo - 6);

		if (!taken(s, x * s->S)) {
			*a = x;
			(*next)++;
			return 0;
		}
	}
	return -1;
}

/*
 * Whether the head is ready for a sector of the walked track within x of
 * A's completion: A read, then the sector of the track that passes the
 * first at x or after it. 1 ready (it came at its first pass), 0 not (a
 * turn later), -1 neither (a hit, or not the sector meant)
 */
static int ready_within(struct st *s, const struct serp *q, double x, unsigned *next, double *when)
{
	double R = s->r->rev_ns.v, spt = R / q->ts, tol = 0.3 * q->ts + 3000;
	uint64_t a, b;
	int64_t tA, tB;
	double c, w, T, late, early;

	if (fresh_a(s, q, next, &a) < 0)
		return -1;
	tA = after_a(s, rd(s, a * s->S, (unsigned)s->S));
	c = (double)q->ref + ceil(fmod(fmod((double)(tA - q->refT) + x, R) + R, R) / q->ts);
	while (c > (double)q->thi)
		c -= spt;
	while (c < (double)q->tlo)
		c += spt;
	if (c > (double)q->thi) {
		/* that angle falls past the track's part in use: A a seventh
		 * of a turn on, next time */
		*next += (unsigned)((q->ahi - q->alo) / 7);
		return -1;
	}
	b = (uint64_t)c;
	for (unsigned k = 0; taken(s, b * s->S) && k < 8 + s->ahead; k++)
		b = b + 1 <= q->thi ? b + 1 : b;
	if (taken(s, b * s->S)) {
		*next += (unsigned)((q->ahi - q->alo) / 7);
		return -1;
	}
	/* when b passes after A, within a turn */
	w = fmod((double)(q->refT - tA) + ((double)b - (double)q->ref) * q->ts, R);
	if (w < 0)
		w += R;
	tB = rd(s, b * s->S, (unsigned)s->S);
	T = (double)(tB - tA);
	*when = w;
	/* at its first pass, or late by up to a sector or a sixteenth of a
	 * turn (as thresh() takes it: the drive's own time after the
	 * command); a turn later, or up to that much less (a drive that
	 * lands inside a sector reads it on the next pass). Early by up to
	 * two sectors (20 us at least): the track's phase, carried from its
	 * reference read by a sector's time known to 0.1 %, drifts that far
	 * across it; a hit comes sooner, its path alone after A */
	late = (q->ts > R / 16 ? q->ts : R / 16) + tol;
	early = 2 * q->ts > 20000 ? 2 * q->ts : 20000;
	if (T - w >= -early && T - w <= late)
		return 1;
	if (T - w >= R - late - early && T - w <= R + late)
		return 0;
	return -1;
}

/* the walked track on A's cylinder: ready within q->x, twice (a look
 * that tells neither is taken again, up to four times) */
static int on_cyl(struct st *s, struct serp *q, unsigned *next)
{
	unsigned yes = 0;

	for (unsigned i = 0; i < 6 && yes < 2 && !s->err; i++) {
		double w;
		int v = ready_within(s, q, q->x, next, &w);

		if (!v)
			return 0;
		yes += v > 0;
	}
	return yes == 2;
}

/* the tracks a walk visits, in order (the first SERP_KEEP), and which of
 * them are on A's cylinder (their place in that order, from 1) */
#define SERP_KEEP 32
#define SERP_FOUND 16
struct serp_walk {
	struct serp trk[SERP_KEEP], fq[SERP_FOUND];	/* those visited; those found */
	unsigned tk[SERP_KEEP];				/* each visited one's place */
	unsigned found[SERP_FOUND], nfound, n;
};

/*
 * The tracks on A's cylinder, walking dir (1 up, -1 down) from A, one
 * track after another (track_near from inside the last), until a
 * stretch longer than any gap seen twice over (and SERP_RUN at least)
 * passes without one: their count
 */
static unsigned walk_cyl(struct st *s, const struct serp *a, int dir, unsigned *next, struct serp_walk *w)
{
	double P = (double)(a->ahi - a->alo);
	uint64_t at = a->ahi, last_hi = a->ahi - 1;
	unsigned found = 0, since = 0, gap = 0, k = 0;
	struct serp q = *a;

	w->nfound = w->n = 0;
	for (unsigned t = 0; t < 2 * SERP_TRACKS && k < SERP_TRACKS && !s->err; t++) {
		double x = dir > 0 ? (double)at + 0.9 * P : (double)at - 1.05 * P;
		uint64_t lo, hi, ref;
		int64_t refT;
		double ts;

		if (x < 2 * P || (x + 2 * P) * (double)s->S > (double)s->d->size)
			break;
		if (track_near(s, x * (double)s->S, &lo, &hi, &ref, &refT, &ts) < 0)
			break;
		if (dir > 0 ? hi <= last_hi + P / 4 : hi + P / 4 >= last_hi) {
			/* the same track again: further on */
			at = dir > 0 ? at + (uint64_t)(P / 2) : at - (uint64_t)(P / 2);
			continue;
		}
		/* the tracks from the last one's to this one's (one, but where
		 * a run ends the chain may have passed one by) */
		double m = floor(fabs((double)hi - (double)last_hi) * ts / s->r->rev_ns.v + 0.5);

		k += m > 1 ? (unsigned)m : 1;
		last_hi = hi;
		at = hi;
		q.tlo = lo, q.thi = hi, q.ref = ref, q.refT = refT, q.ts = ts, q.near = x * (double)s->S;
		if (w->n < SERP_KEEP) {
			w->tk[w->n] = k;
			w->trk[w->n++] = q;
		}
		since++;
		if (on_cyl(s, &q, next)) {
			if (w->nfound < SERP_FOUND) {
				w->fq[w->nfound] = q;
				w->found[w->nfound++] = k;
			}
			found++;
			if (since > gap)
				gap = since;
			since = 0;
		} else if (since > 2 * gap + 4 && since > (found ? 2 * gap : SERP_RUN)) {
			break;
		}
	}
	return found;
}

/* the least slack from A to the track q holds that the head meets: the
 * head's move and the path (bisected to 5 us, from below hi; each look
 * bounds it at the slack its sector came at). The track's phase afresh
 * first (the turn's error adds up over a walk) */
static double slack_to(struct st *s, const struct serp *q0, double hi, unsigned *next)
{
	struct serp q1 = *q0, *q = &q1;
	double lo = 0, P = s->r->rev_ns.v / q->ts;

	/* the same track again, or none */
	if (track_near(s, q->near, &q->tlo, &q->thi, &q->ref, &q->refT, &q->ts) < 0 ||
	    fabs((double)q->thi - (double)q0->thi) > P / 4)
		return NAN;
	for (unsigned p = 0; p < 30 && hi - lo > 5000 && !s->err; p++) {
		double w;
		int v = ready_within(s, q, (lo + hi) / 2, next, &w);

		if (v == 1 && w < hi)
			hi = w;
		else if (v == 0 && w > lo)
			lo = w;
	}
	return hi - lo <= 5000 ? (lo + hi) / 2 : NAN;
}

/*
 * The seek curve over whole cylinders along A's run: d tracks on from A
 * within it are d cylinders away (the run reaches room tracks on that
 * way). dir: the walk w's way
 */
static void serp_seeks(struct st *s, const struct serp *a, struct serp_walk *w, int dir, unsigned room, unsigned *next)
{
	static const unsigned cyls[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32 };
	struct dchar_result *r = s->r;

	for (unsigned i = 0; i < sizeof(cyls) / sizeof(cyls[0]) && r->nseeks < DCHAR_SEEKS && !s->err; i++) {
		unsigned d = cyls[i], j = 0, n = 0;
		double v[2];

		if (d > room)
			break;
		while (j < w->n && w->tk[j] != d)
			j++;
		if (j >= w->n)
			continue;
		for (unsigned rep = 0; rep < 2; rep++) {
			/* the track found again from a few sectors lower (the
			 * first look's reads are held) */
			struct serp t = w->trk[j];
			double x;

			t.near -= rep * 7.0 * (double)s->S;
			x = slack_to(s, &t, 0.9 * r->rev_ns.v, next);

			if (!isnan(x))
				v[n++] = x - r->overhead_ns.v;
		}
		if (!n)
			continue;
		/* from the lower of the two to the upper (a seek costs the same
		 * both ways) */
		r->seek[r->nseeks].from = (dir > 0 ? a->alo : w->trk[j].thi) * s->S;
		r->seek[r->nseeks].dist = (dir > 0 ? w->trk[j].thi - a->alo : a->alo - w->trk[j].thi) * s->S;
		r->seek[r->nseeks].cyls = d;
		r->seek[r->nseeks++].ns = fig_of(v, n);
	}
}

/*
 * A serpentine layout's surfaces may each hold their own sectors a track
 * (the Atlas 10K V's 1040 to 1170 side by side), and a position's chains,
 * which run down up to six tracks from it, may lie on the surface below a
 * run's end just under it: each position's own track (track_near from a
 * track above it) gives the rate there, kept in place of the chains'
 * where the two differ by over 1 % (its sectors a track whole, as a
 * track's are)
 */
static void serp_rates(struct st *s)
{
	struct dchar_result *r = s->r;

	for (unsigned i = 0; i < r->nzones && !s->err; i++) {
		struct dchar_zone *z = &r->zone[i];
		double P = r->rev_ns.v / z->sector_ns.v, ts, P1;
		uint64_t lo, hi, ref, at = z->off / s->S;
		int64_t refT;

		/* (the positions sampled: a zone edge's chains have no
		 * sequential rate) */
		if (!z->sector_ns.n || isnan(z->seq_mbs) || !(P > 0) ||
		    track_near(s, ((double)at + 0.45 * P) * (double)s->S, &lo, &hi, &ref, &refT, &ts) < 0)
			continue;
		/* the track found holds [lo, hi] and a tenth of a track below
		 * lo, and ends at most a chain's step above hi */
		if ((double)at < (double)lo - 0.15 * P || (double)at > (double)hi + 1.5 * sqrt(2 * P))
			continue;	/* not the position's own track */
		P1 = floor(r->rev_ns.v / ts + 0.5);
		if (fabs(P1 - P) <= 0.01 * P)
			continue;
		z->sector_ns = fig_of((double[]){ r->rev_ns.v / P1 }, 1);
		z->mbs = (double)s->S * 1e3 / z->sector_ns.v;
		z->spt = P1;
	}
}

static void serpentine(struct st *s)
{
	struct dchar_result *r = s->r;
	static struct serp_walk up, down;
	struct serp q = { 0 };
	unsigned next = 0, nu, nd, gu, gd;
	double hs, spt;

	if (!s->ntrk || !r->head_switch_ns.n || !r->overhead_ns.n)
		return;
	q.alo = s->trk[0].lo;
	q.ahi = s->trk[0].hi;
	/* ready within half the switch at its edges (each a seek of one
	 * cylinder, if this is a serpentine layout) */
	q.x = r->overhead_ns.v + r->head_switch_ns.v / 2;
	nu = walk_cyl(s, &q, 1, &next, &up);
	nd = walk_cyl(s, &q, -1, &next, &down);
	if (!nu && !nd)
		return;		/* no other track on A's cylinder: not serpentine */
	/* in a serpentine layout A's mirrors alternate, 2 m + 1 tracks on past
	 * one end of its run and 2 (N - 1 - m) + 1 past the other: a walk's
	 * second gap one way is the other way's first (a track either way:
	 * the walk counts tracks by their sectors' times). Finds that break
	 * it are not that layout (G4_LBA_64bit_4T: 13 and 14 tracks on each
	 * way), and nothing is taken from them */
	if ((nu > 1 && nd && fabs((double)(up.found[1] - up.found[0]) - (double)down.found[0]) > 1) ||
	    (nd > 1 && nu && fabs((double)(down.found[1] - down.found[0]) - (double)up.found[0]) > 1))
		return;
	hs = slack_to(s, nu ? &up.fq[0] : &down.fq[0], q.x, &next);
	if (isnan(hs))
		return;
	r->serpentine = 1;
	r->cyl_switch_ns = r->head_switch_ns;
	r->head_switch_ns = fig_of(&hs, 1);
	r->head_switch_ns.v -= r->overhead_ns.v;
	r->heads = fig_of((double[]){ (double)(nu + nd + 1) }, 1);
	/* the chain's edges are all cylinder edges */
	r->skew_cyl = r->skew_track;
	r->cyl_edge = (double)q.alo * (double)s->S;
	/* the run: A's tracks on either side within it (the first found
	 * each way is A's mirror across the run's end: 2 m + 1 tracks on) */
	gu = nu ? (up.found[0] - 1) / 2 : 0;
	gd = nd ? (down.found[0] - 1) / 2 : 0;
	r->serp_run = nu && nd ? gu + gd + 1 : nu > 1 ? (up.found[1] + 1) / 2 : nd > 1 ? (down.found[1] + 1) / 2 : 0;
	/* a cylinder's bytes: its tracks' (A's, and each one found, by their
	 * sectors' times) */
	spt = (double)(q.ahi - q.alo);
	for (unsigned i = 0; i < up.nfound; i++)
		spt += floor(r->rev_ns.v / up.fq[i].ts + 0.5);
	for (unsigned i = 0; i < down.nfound; i++)
		spt += floor(r->rev_ns.v / down.fq[i].ts + 0.5);
	r->cyl_bytes = fig_of((double[]){ spt * (double)s->S }, 1);
	serp_rates(s);
	serp_seeks(s, &q, gu >= gd ? &up : &down, gu >= gd ? 1 : -1, gu >= gd ? gu : gd, &next);
}

#define PHASE_READS 3	/* pairs a zone, and as many a cylinder on */
#define PHASE_STEP 3	/* sectors between a zone's reads (and the reference's) */

/* one pair: a read at ref, then at x at once; the angle from ref's
 * sector's end to x's as a phase figure (from: the read it is a cylinder
 * past, 0 none). 0 taken, -1 a hit or an error */
static int phase_pair(struct st *s, uint64_t ref, uint64_t x, uint64_t from, double least)
{
	struct dchar_result *r = s->r;
	int64_t t0, ta, tx, tb;
	double ph;

	/* each read after the minimum read-ahead's pause, where there is one
	 * (after_a()): a hit then costs a hit's time, not the wait's */
	t0 = after_a(s, s->last);
	ta = rd(s, ref, (unsigned)s->S);
	tx = after_a(s, ta);
	tb = rd(s, x, (unsigned)s->S);
	if (s->err || (double)(ta - t0) < least || (double)(tb - tx) < least || r->nphases >= DCHAR_PHASES)
		return -1;
	ph = fmod((double)(tb - ta), r->rev_ns.v);
	r->phase[r->nphases].off = x;
	r->phase[r->nphases].ref = ref;
	r->phase[r->nphases].from = from;
	r->phase[r->nphases++].ns = fig_of(&ph, 1);
	return 0;
}

/* zone_phases' pairs for one zone: the zone's reads zstep apart down
 * from x, the reference's step apart down from *ref, then a cylinder (C
 * bytes) on, each paired with its read below (where the next zone, at
 * next, does not begin first) */
static void phase_run(struct st *s, uint64_t *ref, uint64_t x, uint64_t zstep, uint64_t step, double C, double next, double least)
{
	uint64_t y = clampoff(s, (double)x + C);

	for (unsigned k = 0; k < PHASE_READS && *ref >= step && x >= k * zstep; k++, *ref -= step)
		phase_pair(s, *ref - step, x - k * zstep, 0, least);
	if (C > 0 && (double)y + C < next)
		for (unsigned k = 0; k < PHASE_READS && *ref >= step && y >= k * zstep; k++, *ref -= step)
			phase_pair(s, *ref - step, y - k * zstep, x - k * zstep, least);
}

/*
 * Each zone's angle against the disk's start: for each run of zone
 * records of one whole number of sectors a track (a zone), at its first
 * record (the nearest its first sector: a skew a little off adds up over
 * the tracks from there), a read of a sector near the first
 * zone record (the reference) and then, at once, of one in the zone: the
 * second completes when its sector's end comes round after the seek, so
 * its completion less the first's, modulo the turn, is the angle between
 * the two sectors' ends, whatever the seek took. Three pairs, each
 * PHASE_STEP sectors below the last in both places, the reference going
 * on down from zone to zone (read-ahead runs forward and a buffer keeps
 * what was read: no sector is read twice, none below a read), each its own
 * figure (a pair may straddle a track's edge: the profile's layout says
 * where each sector lies). Then three more a cylinder further on (the one
 * position's cylinder in the zone's sectors a track), each paired with its
 * read a cylinder below: the angle between them is a cylinder's switches,
 * the cylinder skew among them (where the next zone does not begin
 * first). A pair either of whose reads came sooner than the path and a
 * cylinder's seek after the read before it (each is a zone away from it)
 * was served from the buffer: not taken.
 */
static void zone_phases(struct st *s)
{
	struct dchar_result *r = s->r;
	double R = r->rev_ns.v, least = r->overhead_ns.v + (r->cyl_switch_ns.n ? r->cyl_switch_ns.v : 0);
	uint64_t ref, step = PHASE_STEP * s->S;

	if (!r->nzones || !(R > 0))
		return;
	/* a drive that reads free blocks keeps what passed under the head
	 * while it waited, up to a track below a read: each step a track and
	 * PHASE_STEP sectors (the reference's room above the first record) */
	if (s->free && whole_spt(r, 0) > 0) {
		step = (uint64_t)(whole_spt(r, 0) + PHASE_STEP) * s->S;
		ref = clampoff(s, (double)r->zone[0].off + (double)(2 * PHASE_READS * r->nzones + 64) * (double)step);
	} else
		ref = clampoff(s, free_near(s, (double)r->zone[0].off + 64 * (double)s->S));
	for (unsigned i = 0; i < r->nzones && r->nphases + 2 * PHASE_READS <= DCHAR_PHASES && !s->err;) {
		double spt = whole_spt(r, i), C;
		unsigned j = i + 1;
		uint64_t x, zstep = step;

		while (j < r->nzones && spt > 0 && whole_spt(r, j) == spt)
			j++;
		if (!(spt > 0)) {
			i = j;
			continue;
		}
		if (s->free) {
			/* the zone's own step for its reads, above its first record */
			zstep = (uint64_t)(spt + PHASE_STEP) * s->S;
			x = clampoff(s, (double)r->zone[i].off + 2.0 * PHASE_READS * (double)zstep);
		} else
			x = clampoff(s, free_near(s, (double)r->zone[i].off));
		/* a cylinder on (the one position's cylinder in this zone's
		 * sectors a track): the cylinder skew between, each read paired
		 * with its own below */
		C = r->cyl_bytes.n && r->skew_spt > 0 ? floor(r->cyl_bytes.v / (double)s->S * spt / r->skew_spt + 0.5) * (double)s->S : 0;
		phase_run(s, &ref, x, zstep, step, C, j < r->nzones ? (double)r->zone[j].off : INFINITY, least);
		i = j;
	}
}

/* the seek curve where swap's short seeks live: whole cylinders from the
 * middle of one, each B inside the cylinder it aims at */
static void fine_seeks(struct st *s)
{
	static const unsigned cyls[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32 };
	struct dchar_result *r = s->r;
	double C = r->cyl_bytes.v, L, w, lo, hi;
	uint64_t a;

	if (!r->cyl_bytes.n || !(C > 0) || r->serpentine || (s->free && !(r->cyl_edge > 0)))
		return;		/* (a serpentine layout's: along its run, serp_seeks; no edge placed) */
	a = clampoff(s, r->cyl_edge + C / 2);
	L = track_bytes(s, a);
	w = L / 2 < 0.4 * C ? L / 2 : 0.4 * C;
	/* a drive that reads free blocks: each probe on fresh tracks, A on a
	 * cylinder's first track two cylinders above the last (up: the edge
	 * placed lies near the disk's start), B on the middle track of its
	 * cylinder (never an A's track, nor in reach of one's read-ahead) */
	double toB = 0, walk = 0;
	if (s->free) {
		L = (r->trk_mid > 0 ? r->trk_mid : r->skew_spt) * (double)s->S;	/* a track's sectors in LBNs */
		a = clampoff(s, r->cyl_edge + L / 2);
		toB = floor(r->heads.v / 2) * L;
		w = L / 2;
		walk = -2 * C;
	}
	/* there, the switches: to the middle track of A's cylinder (a head's),
	 * and the seek of one cylinder (the next one's) */
	if (s->free && toB > 0) {
		double wl[2], wh[2];
		unsigned n = 0;

		for (unsigned rep = 0; rep < 2; rep++)
			if (thresh(s, clampoff(s, (double)a + rep * C), toB, -w, w, walk, &lo, &hi) == 0) {
				wl[n] = lo - r->overhead_ns.v;
				wh[n++] = hi - r->overhead_ns.v;
			}
		r->head_switch_ns = fig_windows(wl, wh, n);
	}
	for (unsigned i = 0; i < sizeof(cyls) / sizeof(cyls[0]) && r->nseeks < DCHAR_SEEKS; i++) {
		double v[2], wl[2], wh[2];
		unsigned n = 0;

		for (unsigned rep = 0; rep < 2; rep++)
			if (thresh(s, clampoff(s, (double)a + rep * C), cyls[i] * C + toB, -w, w, walk, &lo, &hi) == 0) {
				wl[n] = lo - r->overhead_ns.v;
				wh[n] = hi - r->overhead_ns.v;
				v[n++] = (lo + hi) / 2 - r->overhead_ns.v;
			}
		if (!n)
			continue;
		/* in order of distance: before the coarse ones */
		memmove(&r->seek[i + 1], &r->seek[i], (r->nseeks - i) * sizeof(r->seek[0]));
		r->seek[i].from = a;
		r->seek[i].dist = (uint64_t)(cyls[i] * C) / s->S * s->S;
		/* (a drive that reads free blocks: its windows weighed, some
		 * aimed by the layout, some bounded by spread places) */
		r->seek[i].ns = s->free ? fig_windows(wl, wh, n) : fig_of(v, n);
		r->nseeks++;
		if (s->free && cyls[i] == 1)
			r->cyl_switch_ns = r->seek[i].ns;
	}
	/* the coarse ones from 64 tracks on may come before the longest fine ones */
	for (unsigned i = 1; i < r->nseeks; i++)
		for (unsigned j = i; j > 0 && r->seek[j - 1].dist > r->seek[j].dist; j--) {
			__typeof__(r->seek[0]) t = r->seek[j];

			r->seek[j] = r->seek[j - 1];
			r->seek[j - 1] = t;
		}
}

/*
 * The interface: the slope of hits over their size (DIXtrac's extraction
 * of the bus from hits of two sizes, here of up to eight: a sector to 64 KiB,
 * doubling). A re-read is a hit where it costs the same whatever the
 * platter's angle when it is asked for: each size is read and re-read at
 * four places, the re-read after pauses a quarter of a turn apart, and
 * counts where all four agree (a miss waits for its sector, a quarter of
 * a turn more or less each time; a hit that the bus takes longer than a
 * turn to send is still a hit). The sizes stop at the first that is not a
 * hit (a segment's worth, or what the read-ahead displaces). A buffer
 * whose read-ahead displaces the read within a pause (DiskSim's atlas_III:
 * segments of 64 blocks read on to the track's end) leaves too few: then
 * the re-reads come at once instead, and a size counts where all four
 * agree under half a turn (a miss re-read at once waits nearly a turn for
 * its sector). Where a read asked at once waits for the minimum
 * read-ahead (ra_wait()), every pause is that much longer. 0: unseen.
 */
static unsigned hits_by_size(struct st *s, uint64_t base, int pause, unsigned *j, double *x, double *y)
{
	double R = s->r->rev_ns.v;
	unsigned n = 0;

	for (unsigned sec = 1; sec <= 128 && !s->err; sec *= 2) {
		double v[4], sorted[4], med = NAN, tol = 0;
		int same = 0;

		/* one of the four over the others (a read held back: an
		 * interrupt) is set apart; where they disagree otherwise, the
		 * size is asked once more at four places more */
		for (unsigned again = 0; again < 2 && !same && !s->err; again++) {
			unsigned slow = 0;

			for (unsigned i = 0; i < 4; i++, (*j)++) {
				uint64_t at = clampoff(s, (double)base + (double)s->d->size * (0.02 + 0.25 * *j / 32.0));
				int64_t t;

				rd(s, at, sec * (unsigned)s->S);
				t = s->d->idle(s->d->ctx, (int64_t)(s->pause0 + (pause ? i * R / 4 : 0)));
				v[i] = (double)(rd(s, at, sec * (unsigned)s->S) - t);
			}
			memcpy(sorted, v, sizeof(v));
			med = median(sorted, 4);
			tol = 30000 + 0.03 * med;
			same = 1;
			for (unsigned i = 0; i < 4; i++) {
				slow += v[i] - med > tol;
				same &= med - v[i] <= tol;
			}
			same &= slow <= 1;
			s->r->asked_again += same && (again || slow);
		}
		if (!same || (!pause && !(med < R / 2)))
			break;
		for (unsigned i = 0; i < 4; i++)
			if (v[i] - med <= tol) {
				x[n] = sec;
				y[n++] = v[i];
			}
	}
	return n;
}

static double bus_slope(struct st *s, uint64_t base)
{
	double x[32], y[32], a, b;
	unsigned j = 0, n = hits_by_size(s, base, 1, &j, x, y);

	if (n < 12)
		n = hits_by_size(s, base, 0, &j, x, y);
	if (n < 12 || fit(x, y, n, &a, &b) < n / 2)
		return 0;
	/* the largest hit within 2 us of a sector's (or under it): a bus
	 * faster than the hits resolve, one that takes no time (r->bus_none) */
	s->r->bus_none = b * (x[n - 1] - 1) < 2000;
	return s->r->bus_none ? DCHAR_BUS_NONE_MBS : (double)s->S * 1e3 / b;
}

/*
 * The buffer emptied of what the probes read: a fresh read far from them
 * (0.3 to 0.9 of the disk, *walk counting them) for each segment and one
 * more, each taking the least recently used.
 */
static void buffer_empty(struct st *s, unsigned *walk)
{
	for (unsigned i = 0; i <= s->r->segments && !s->err; i++, (*walk)++)
		rd(s, clampoff(s, (double)s->d->size * (0.3 + 0.6 * (*walk % 97) / 97.0) + (*walk / 97) * 1048576.0), (unsigned)s->S);
}

/*
 * A read k bytes past one at x (after one of the sector before x too,
 * where seq), the drive left idle long enough to read k ahead and extra
 * more: 1 a hit. A miss whose sector happened to come round then looks
 * like one, so a hit is asked again at x2 (a fresh place; 0: none) after
 * half a turn more, which moves such a miss by half a turn. With walk,
 * the buffer is emptied before each (buffer_empty: x and x2 may be places read
 * before).
 */
static int ra_hit(struct st *s, uint64_t x, uint64_t x2, uint64_t k, int seq, double thr, unsigned *walk)
{
	double R = s->r->rev_ns.v;
	int hit = 1, asked = 0;

	for (unsigned i = 0; i < (x2 ? 2u : 1u) && hit; i++) {
		/* a miss is asked once more (once a call): a hit held back (an
		 * interrupt) looks like one. With the buffer emptied again, at
		 * the same place; else at a fresh one 5 MiB on (the probes'
		 * places are 12 MiB apart, 3 MiB aside) */
		for (int again = 0; again < 2; again++) {
			uint64_t at = i ? x2 : x;
			int64_t t;

			if (again && !walk)
				at = clampoff(s, (double)at + 5.0 * 1048576 + 7.0 * (double)s->S);
			if (walk)
				buffer_empty(s, walk);
			if (seq)
				rd(s, at - s->S, (unsigned)s->S);
			rd(s, at, (unsigned)s->S);
			t = s->d->idle(s->d->ctx, (int64_t)(s->pause0 + (2 + 0.5 * i) * R + (double)(k + s->S) * 1.5e9 / dchar_rate_at(s->r, at)));
			hit = fabs((double)(rd(s, at + k, (unsigned)s->S) - t) - s->r->hit_ns.v) < thr;
			if (hit && again)
				s->r->asked_again++;	/* the miss before said otherwise */
			if (hit || asked++)
				break;
		}
	}
	return hit;
}


/* the sectors most placed tracks hold (0: under nine placed) */
static double placed_spt(const struct st *s)
{
	double len[TRACKS_KEPT];
	unsigned n = 0;

	for (unsigned i = 0; i < s->ntrk; i++)
		len[n++] = (double)(s->trk[i].hi - s->trk[i].lo);
	if (n < 9)
		return 0;
	median(len, n);
	return len[n / 2];
}

/*
 * Whether the read-ahead ends at its track's end wherever the read was
 * (DiskSim's Buffer continuous read 1; with cyl, at its cylinder's end:
 * 2), on tracks whose edges the chain placed (with cyl, a cylinder's last
 * tracks, their upper edge a cylinder's; else the others): a read the
 * rest sectors below a track's end, the drive idle, then the track's last
 * sector is a hit and the next track's first a miss, for rests of 0.9,
 * 0.5 and 0.2 of reach (the read-ahead seen from a track's first sector,
 * no more than its track: a read-ahead of a fixed amount that reaches
 * the end reads on past it). The few tracks are read again, the buffer
 * emptied before each look; either hit is asked again half a turn later
 * (a miss whose sector just came round looks like one: atlas10k at 15000
 * rpm read its next track's first so, and read as mode 2). *at: a
 * track's first byte. 1 so.
 */
static int ra_ends(struct st *s, double thr, double P, uint64_t reach, int cyl, unsigned *walk, uint64_t *at)
{
	static const double frac[] = { 0.9, 0.5, 0.2 };
	uint64_t lo[TRACKS_KEPT];
	unsigned n = 0;

	for (unsigned i = 0; i < s->ntrk; i++)
		if (s->trk[i].cyl_last == cyl && (double)(s->trk[i].hi - s->trk[i].lo) == P)
			lo[n++] = s->trk[i].lo;
	if (!n || !reach)
		return 0;
	*at = lo[0] * s->S;
	for (unsigned f = 0; f < 3; f++) {
		uint64_t rest = (uint64_t)(frac[f] * (double)reach) ? (uint64_t)(frac[f] * (double)reach) : 1;
		uint64_t x = (lo[f % n] + (uint64_t)P - rest) * s->S;

		if (!ra_hit(s, x, x, (rest - 1) * s->S, 0, thr, walk) || ra_hit(s, x, x, rest * s->S, 0, thr, walk))
			return 0;
	}
	return 1;
}

/*
 * How far the read-ahead reaches past a read at the first sector of a
 * placed track (after one of the sector before it, where seq; of a
 * cylinder, where cyl; else of a track not a cylinder's last), a
 * sector, a track and doubling to the first miss, then bisected (8 MiB at
 * most), each look after the buffer was emptied (the places are read
 * again); *at the track's first byte. Where the read-ahead ends at a
 * track's or a cylinder's end (Buffer continuous read 4 reads to the next
 * track's end), the amount seen depends on where the read was: from a
 * first sector it is the most. -1: no such track.
 */
static double ra_reach(struct st *s, double thr, double P, int seq, int cyl, unsigned *walk, uint64_t *at)
{
	uint64_t lo = 0, hi = 8u << 20, xs[TRACKS_KEPT];
	unsigned n = 0;

	for (unsigned i = 0; i < s->ntrk; i++)
		if ((double)(s->trk[i].hi - s->trk[i].lo) == P && (cyl ? s->trk[i].cyl_first : !s->trk[i].cyl_last))
			xs[n++] = s->trk[i].lo;
	if (!n)
		return -1;
	*at = xs[0] * s->S;
	/* a sector, the track, then doubling to the first miss (8 MiB at
	 * most), then bisected between the last hit and it */
	for (unsigned probe = 0, up = 1; probe < 40 && hi - lo > s->S && !s->err; probe++) {
		uint64_t k = !up ? (lo + hi) / 2 / s->S * s->S : probe == 0 ? s->S : probe == 1 ? ((uint64_t)P - 1) * s->S : 2 * lo;
		int hit;

		if (k >= hi)
			k = hi, up = 0;
		hit = ra_hit(s, xs[probe % n] * s->S, xs[probe % n] * s->S, k, seq, thr, walk);
		if (hit && k == hi)
			return (double)hi;
		if (hit) {
			lo = k;
		} else {
			hi = k;
			up = 0;
		}
	}
	return (double)lo;
}

/*
 * Up to 8 tracks of one run that no read touched but at their top, for a
 * buffer that keeps every read (whose placed tracks the probes have read
 * all over): found by track_near two and a half tracks apart from 0.37 of
 * the disk, those whose sector's time is the first's (within 0.3 %: a
 * surface of its own is another run); lo[] a sector above each one's
 * first (as track_near gives it), *ts their sector's time
 */
static unsigned fresh_tracks(struct st *s, uint64_t *lo, double *ts)
{
	double at = 0.37 * (double)s->d->size, L = track_bytes(s, (uint64_t)at), t;
	uint64_t hi, ref;
	int64_t refT;
	unsigned n = 0, miss = 0;

	for (unsigned i = 0; i < 24 && n < 8 && !s->err; i++, at += 2.5 * L) {
		if (track_near(s, at, &lo[n], &hi, &ref, &refT, &t) < 0)
			continue;
		if (n && fabs(t - *ts) > 0.003 * *ts) {
			if (++miss < 3)
				continue;
			n = 0;	/* another run from here */
		}
		miss = 0;
		if (!n)
			*ts = t;
		lo[n++]++;
	}
	return n >= 6 ? n : 0;
}

/*
 * When the bus starts on a read miss (DiskSim's high water mark: the share
 * of a request it may send before the media has it all, e): a read of n
 * sectors g sectors past a read of one, so the head comes to it at the
 * same angle whatever n, completes ((1 - e) a sector under the head + a
 * sector on the bus) later a sector where the bus is the slower, n
 * sectors under the head and one on the bus where it is not (then e is the
 * least that gives that). n from an eighth of a track to a half, twice
 * each; on tracks whose edges were placed each pair inside one (the odd
 * ones from their second sector: the read-ahead's mode then takes the
 * even ones and reads the odd ones' first sectors), else at places apart
 * from 0.3 of the disk down. The bus's own time a sector cancels, so a
 * host's copy of the data (in the bus measured) does not change it. NAN:
 * unseen.
 */
static double read_early(struct st *s)
{
	struct dchar_result *r = s->r;
	double x[8], y[8], a, b, len[TRACKS_KEPT], P = 0, ts = 0, bus = (double)s->S * 1e3 / r->bus_mbs, e;
	unsigned n = 0, next = 1, nl = 0, kept = 0;

	if (!(r->bus_mbs > 0))
		return NAN;
	for (unsigned i = 0; i < s->ntrk && !s->keeps_all; i++)
		len[nl++] = (double)(s->trk[i].hi - s->trk[i].lo);
	if (nl) {
		unsigned alike = 0;

		median(len, nl);
		P = len[nl / 2];
		for (unsigned i = 1; i < s->ntrk; i += 2)
			alike += (double)(s->trk[i].hi - s->trk[i].lo) == P;
		if (alike < 6)
			nl = 0;	/* too few placed tracks alike (a layout the chain misread): places apart */
	}
	uint64_t flo[8];
	unsigned nf = s->keeps_all && s->ntrk ? fresh_tracks(s, flo, &ts) : 0;
	if (nf)
		P = floor(r->rev_ns.v / ts + 0.5);
	for (unsigned i = 0; i < 8 && !s->err; i++) {
		uint64_t lo = 0, g, k;
		double nmax;

		if (nl) {
			for (; next < s->ntrk && (double)(s->trk[next].hi - s->trk[next].lo) != P; next += 2)
				;
			if (next >= s->ntrk)
				break;
			lo = s->trk[next].lo + 1;
			next += 2;
		} else if (nf) {
			if (i >= nf)
				break;
			lo = flo[i];
		} else {
			double at = 0.3 * (double)s->d->size;

			P = floor(track_bytes(s, (uint64_t)at) / (double)s->S);
			lo = clampoff(s, at - i * 4 * P * (double)s->S) / s->S;
		}
		if (!nf)
			ts = nl ? s->trk_ts : sector_ns(s, lo * s->S);
		if (!n)
			r->early_at = lo * s->S;
		g = (uint64_t)ceil(2 * r->hit_ns.v / ts) + 4;
		nmax = (double)g + 2 + P / 2 < P ? P / 2 : P - (double)g - 2;
		if (nmax < 8)
			break;
		k = (uint64_t)(nmax * (i % 4 + 1) / 4);
		int64_t tA = rd(s, lo * s->S, (unsigned)s->S);
		x[n] = (double)k;
		y[n++] = (double)(rd(s, (lo + g) * s->S, (unsigned)(k * s->S)) - tA);
	}
	/* the line through them, and six or more of them within the path's
	 * spread of it (5 us: a line through reads of the same cost at two
	 * places keeps the pairs that agree to the nanosecond and may drop
	 * the rest, a microsecond or two apart) */
	if (n < 6 || !fit(x, y, n, &a, &b))
		return NAN;
	for (unsigned i = 0; i < n; i++)
		kept += fabs(y[i] - a - b * x[i]) <= 5000;
	if (kept < 6)
		return NAN;
	e = 1 - (b - bus) / ts;
	return e < 0 ? 0 : e > 1 ? 1 : e;
}

/*
 * The segments of a buffer that keeps more than KEEPS_READS reads: up to
 * SEGS_PROBED fresh sectors read two tracks apart (each a segment of its
 * own), then read again from the latest back. A buffer that lets go of
 * the least recently used keeps its last N: the re-reads hit until the
 * first one it let go of (a hit lets none go), so the hits before the
 * first miss are its segments; where every one is a hit, the buffer
 * keeps at least SEGS_PROBED (r->segments_min)
 */
#define SEGS_PROBED 4096
static unsigned many_segments(struct st *s, double thr)
{
	static uint64_t at[SEGS_PROBED];
	uint64_t x = clampoff(s, (double)s->d->size * 0.12);
	unsigned n = 0, hits = 0;
	int64_t t;

	while (n < SEGS_PROBED && !s->err) {
		x = clampoff(s, (double)x + 2 * track_bytes(s, x) + (double)s->S);
		if (x + s->S >= s->d->size)
			break;
		if (held(s, x))
			continue;
		rd(s, x, (unsigned)s->S);
		at[n++] = x;
	}
	t = after_a(s, s->last);
	while (hits < n && !s->err) {
		int64_t t1 = rd(s, at[n - 1 - hits], (unsigned)s->S);

		if (fabs((double)(t1 - t) - s->r->hit_ns.v) >= thr)
			break;
		t = t1;
		hits++;
	}
	s->r->segments_min = hits && hits == n;
	return hits;
}

/* the buffer: a re-read, the bus, the segments, the read-ahead */
static void buffer(struct st *s)
{
	struct dchar_result *r = s->r;
	double R = r->rev_ns.v, v[8], thr, Pp, b;
	unsigned hits = 0, n = 0, misses = 0, walk = 0;
	uint64_t base = s->d->size / 3;

	for (unsigned i = 0; i < 8; i++) {
		uint64_t x = clampoff(s, (double)base + i * 9.0 * 1048576);
		int64_t t = after_a(s, rd(s, x, (unsigned)s->S)), t1 = rd(s, x, (unsigned)s->S);

		if ((double)(t1 - t) < R / 2)
			v[hits++] = (double)(t1 - t);
		n++;
	}
	r->hit_frac = (double)hits / n;
	if (!hits) {
		r->hit_ns = fig_of(v, 0);
		return;
	}
	/* a hit held back (an interrupt) costs more than its fellows: those
	 * over the median by more than a hit's spread (15 %, or 30 us) are
	 * set apart */
	double sorted[8], med;
	unsigned kept = 0;
	memcpy(sorted, v, hits * sizeof(v[0]));
	med = median(sorted, hits);
	for (unsigned i = 0; i < hits; i++)
		if (v[i] <= med + (med * 0.15 > 30000 ? med * 0.15 : 30000))
			v[kept++] = v[i];
	r->asked_again += hits - kept;
	r->hit_ns = fig_of(v, kept);
	r->bus_mbs = bus_slope(s, base);
	/* the minimum read-ahead: the sectors the head reads on past a miss
	 * in the wait and a sector's time on the bus (the miss's, from its
	 * end under the head to its completion; the host's path and the
	 * drive's completion overhead, which the timing does not part from
	 * the wait, left out of it) */
	if (r->wait_ns.n && r->wait_ns.v > 0)
		r->readahead_min_bytes = floor((r->wait_ns.v + (r->bus_mbs > 0 ? (double)s->S * 1e3 / r->bus_mbs : 0)) /
					       sector_ns(s, r->wait_at) + 0.5) * (double)s->S;
	/* a hit costs what a re-read cost, within 15 % (or 30 us): a miss
	 * lands there only if its sector happens to come round then */
	thr = r->hit_ns.v * 0.15 > 30000 ? r->hit_ns.v * 0.15 : 30000;
	/* segments: N reads far apart, then the first again */
	r->segments = 0;
	for (unsigned N = 1; N <= KEEPS_READS && misses < 2; N++) {
		int hit = 0;

		/* a miss is asked once more, at places 64 KiB on: a hit held
		 * back (an interrupt) looks like one */
		for (unsigned again = 0; again < 2 && !hit; again++) {
			uint64_t x0 = 0;
			int64_t t = 0;

			for (unsigned i = 0; i < N; i++) {
				uint64_t x = clampoff(s, (double)s->d->size * (0.05 + 0.9 * i / KEEPS_READS) + N * 131072.0 + again * 65536.0);

				if (!i)
					x0 = x;
				t = rd(s, x, (unsigned)s->S);
			}
			t = after_a(s, t);
			hit = fabs((double)(rd(s, x0, (unsigned)s->S) - t) - r->hit_ns.v) < thr;
			r->asked_again += hit && again;
		}
		if (hit) {
			r->segments = N;
			misses = 0;
		} else
			misses++;
	}
	if (s->keeps_all)
		r->segments = many_segments(s, thr);
	r->read_early = read_early(s);
	/* on placed tracks: the read-ahead from a track's first sector; where
	 * it reaches past the read, whether it ends at the track's end or the
	 * cylinder's (then how far from a cylinder's first sector), else a
	 * fixed amount; where it does not, the same after a read of the
	 * sector before (a drive that reads ahead only after a sequential
	 * read, DiskSim's Buffer continuous read 4, to the next track's end at
	 * most), else none (0) */
	Pp = s->keeps_all ? 0 : placed_spt(s);	/* its tracks' few places would be hits: fresh places */
	if (Pp > 0 && (b = ra_reach(s, thr, Pp, 0, 0, &walk, &r->readahead_at)) >= 0) {
		uint64_t reach = (uint64_t)b / s->S < (uint64_t)Pp - 1 ? (uint64_t)b / s->S : (uint64_t)Pp - 1;

		if (b > 0 && ra_ends(s, thr, Pp, reach, 0, &walk, &r->readahead_at)) {
			r->readahead_track = 1;
			if (reach == (uint64_t)Pp - 1)	/* the track's: from its first, to the next */
				b = Pp * (double)s->S;
		} else if (b > 0 && ra_ends(s, thr, Pp, reach, 1, &walk, &r->readahead_at)) {
			double c = ra_reach(s, thr, Pp, 0, 1, &walk, &r->readahead_at);

			r->readahead_cyl = 1;
			b = c >= 0 ? c : b;
		} else if (!(b > 0)) {
			b = ra_reach(s, thr, Pp, 1, 0, &walk, &r->readahead_at);
			r->readahead_seq = b > 0;
		}
		if (!r->readahead_seq && !r->readahead_track && !r->readahead_cyl)
			r->readahead_at = 0;
		/* to the track's end: seen at three places in a track */
		r->readahead_bytes = fig_of((double[]){ b, b, b }, r->readahead_track ? 3 : 1);
		return;
	}
	r->readahead_at = 0;
	/* no placed tracks (no skew): a read, the drive idle, then a read k
	 * bytes past it, at fresh places; where none is seen, the same after
	 * a read of the sector before (Buffer continuous read 4); where none
	 * is seen either, none (0) */
	double ra[2];
	unsigned nra = 0;
	for (unsigned rep = 0; rep < 4; rep++) {
		uint64_t lo = 0, hi = 8u << 20;
		uint64_t at = clampoff(s, (double)s->d->size * (0.6 + 0.1 * (rep % 2)) + (rep / 2) * 3.0 * 1048576);
		int hit_hi = 0;

		if (rep == 2) {
			if (ra[0] > 0 || ra[1] > 0)
				break;
			nra = 0;
			r->readahead_seq = 1;
		}
		for (int probe = 0; probe < 24 && hi - lo > s->S; probe++) {
			/* a place of its own, and below at the second look's */
			uint64_t k = probe == 0 ? hi : (lo + hi) / 2 / s->S * s->S;
			uint64_t x = clampoff(s, (double)at + probe * 12.0 * 1048576);
			int hit = ra_hit(s, x, clampoff(s, (double)at - (probe + 1) * 12.0 * 1048576), k, r->readahead_seq, thr, NULL);

			if (probe == 0) {
				hit_hi = hit;
				if (hit)
					break;
				continue;
			}
			if (hit)
				lo = k;
			else
				hi = k;
		}
		ra[nra] = hit_hi ? (double)hi : (double)lo;
		/* read ahead from the read: the sector after it held too. Hits
		 * further on with that one a miss are a segment that keeps the
		 * end of a longer read-ahead only (DiskSim's mode 4 in segments
		 * shorter than the rest of the track: the track's last sectors),
		 * none next to the read. Asked at three places 2 MiB apart
		 * from 5.5 MiB below this one (no probe here read them; inside
		 * the disk however small), once each: a place near its track's
		 * end keeps the sector after it as that end, so two hits of
		 * the three say read-ahead (a miss asked again elsewhere would
		 * find such a place) */
		unsigned next = 0;
		for (unsigned i = 0; i < 3 && ra[nra] > 0; i++) {
			uint64_t y = clampoff(s, (double)at - (5.5 + 2 * i) * 1048576);
			int64_t t;

			if (r->readahead_seq)
				rd(s, y - s->S, (unsigned)s->S);
			rd(s, y, (unsigned)s->S);
			t = s->d->idle(s->d->ctx, (int64_t)(s->pause0 + 2 * R));
			next += fabs((double)(rd(s, y + s->S, (unsigned)s->S) - t) - r->hit_ns.v) < thr;
		}
		if (ra[nra] > 0 && next < 2)
			ra[nra] = 0;
		nra++;
	}
	/* after a sequential read the read-ahead runs to the next track's
	 * end at most: from a read near its track's end, with the next track
	 * shorter than the amount, it stops short (DiskSim's g4 drive at 0.7
	 * of the disk: 2400 sectors a track, 3071 read ahead); the bisection's
	 * places differ, so the amount is the most of the two looks */
	if (r->readahead_seq && nra == 2 && ra[0] != ra[1])
		r->readahead_bytes = fig_of((double[]){ ra[0] > ra[1] ? ra[0] : ra[1] }, 1);
	else
		r->readahead_bytes = fig_of(ra, nra);
	if (r->readahead_seq && !(r->readahead_bytes.v > 0))
		r->readahead_seq = 0;	/* none after a sequential read either */
}

/*
 * Whether the drive reads free blocks (DiskSim's Read any free blocks): at
 * four fresh places a read x that costs more than two re-reads (a seek: a
 * disk, not flash), one four sectors below it, then the sector below that
 * (c), then c again (a hit: its cost h). Any other drive waits nearly a
 * turn for c (its read-ahead runs forward, away from it); a drive that
 * keeps what passed under the head while it waited for the read before
 * (or for x, four sectors or more of it) serves c as a hit, within 15 %
 * of h (or 30 us). Three places in four that cost a seek, and c a hit at
 * three in four of those: it does.
 */
static void free_blocks(struct st *s)
{
	struct dchar_result *r = s->r;

	r->free_n = r->free_hits = 0;
	for (unsigned i = 0; i < 4 && !s->err; i++) {
		uint64_t x = clampoff(s, (double)s->d->size * (0.13 + 0.25 * i) + 5.0 * 1048576 + 777.0 * (double)s->S);
		int64_t t0, tx, tb, tc, tcc;
		double h, thr;

		for (unsigned k = 0; k < 8 && (recent(s, x) || recent(s, x - 5 * s->S)); k++)
			x = clampoff(s, (double)x + 3.0 * 1048576);
		t0 = s->last;
		tx = rd(s, x, (unsigned)s->S);
		tb = rd(s, x - 4 * s->S, (unsigned)s->S);
		tc = rd(s, x - 5 * s->S, (unsigned)s->S);
		tcc = rd(s, x - 5 * s->S, (unsigned)s->S);
		h = (double)(tcc - tc);
		/* a re-read that cost over twice the read before it: the
		 * read-ahead under way displaced the sector (DiskSim's mode 4
		 * in segments shorter than a track), and that read, a hit
		 * where the drive reads free blocks, is the reference (a
		 * buffer that serves nothing makes both misses) */
		if (2 * (double)(tc - tb) < h)
			h = (double)(tc - tb);
		thr = 0.15 * h > 30000 ? 0.15 * h : 30000;
		if (!(h > 0) || (double)(tx - t0) <= 2 * h)
			continue;	/* no seek seen: no disk's timing */
		r->free_n++;
		r->free_hits += fabs((double)(tc - tb) - h) < thr;
		if (h > s->free_hit)
			s->free_hit = h;
	}
	r->free_blocks = 4 * r->free_n >= 3 * 4 && 4 * r->free_hits >= 3 * r->free_n;
	s->free = r->free_blocks;
}

/*
 * Whether the buffer keeps more than KEEPS_READS reads: a sector read
 * again after KEEPS_READS reads far apart costs what a re-read just after
 * it does (at two places)
 */
static int keeps_reads(struct st *s)
{
	for (unsigned j = 0; j < 2; j++) {
		uint64_t x = clampoff(s, (double)s->d->size * (0.41 + 0.07 * j));
		int64_t t = rd(s, x, (unsigned)s->S), t1 = rd(s, x, (unsigned)s->S);
		double h = (double)(t1 - t);

		if (h >= s->r->rev_ns.v / 2)
			return 0;	/* no hit at all */
		for (unsigned i = 0; i < KEEPS_READS; i++)
			t1 = rd(s, clampoff(s, (double)s->d->size * (0.03 + 0.9 * i / KEEPS_READS) + j * 1048576.0 + 65536), (unsigned)s->S);
		if (fabs((double)(rd(s, x, (unsigned)s->S) - t1) - h) > 0.15 * h + 30000)
			return 0;
	}
	/* how far the head reads on past a read before the next request
	 * lands (the path's time; a buffer that keeps every read keeps that
	 * too): a read, one 64 MiB on at once (the next request, a miss),
	 * then one d sectors past the first, at fresh places a mebibyte
	 * apart, d doubling from 2: a hit where it cost a re-read's time.
	 * Twice the farthest hit (none: 0) */
	for (unsigned j = 0, d = 2; d <= 256 && !s->err; d *= 2) {
		int hit = 0;

		for (unsigned i = 0; i < 2; i++, j++) {
			uint64_t x = clampoff(s, (double)s->d->size * 0.55 + j * 1048576.0 + 4096);
			int64_t t = rd(s, x, (unsigned)s->S), t1 = rd(s, x, (unsigned)s->S), t2;
			double h = (double)(t1 - t);

			x = clampoff(s, (double)s->d->size * 0.55 + ++j * 1048576.0 + 4096);
			rd(s, x, (unsigned)s->S);
			t = rd(s, clampoff(s, (double)x + 67108864.0), (unsigned)s->S);
			t2 = rd(s, x + d * s->S, (unsigned)s->S);
			hit += fabs((double)(t2 - t) - h) <= 0.15 * h + 30000;
		}
		if (hit)
			s->ahead = 2 * d;
	}
	return !s->err;
}

/*
 * The wait of a read asked at once after a miss (DiskSim's Minimum
 * read-ahead, DIXtrac's minimum prefetch: after a miss the head reads on
 * so many sectors before it takes the next command). A re-read asked at
 * once is then a hit that waits for the rest of it; one asked after a
 * pause that outlasts it costs a hit's time. At eight fresh places from
 * base a sector is read and re-read at once; at four more, re-read after
 * pauses a 32nd of a turn apart. A pause shorter than the wait leaves
 * the rest of it, less by each 32nd; a miss costs its sector's time at
 * its own place; a read-ahead that lets the sector go (DiskSim's mode 4
 * in segments of less than a track) makes the longer pauses misses. So
 * the least of the four, and any within a hit's spread of it (15 %, or
 * 30 us), are the hits after the wait: two or more, asked again at two
 * more places after the least pause among them, which must agree too
 * (else the pauses start twice as long, to 8 turns). The cost most of the
 * eight at once agree on (half of them at least, within a hit's spread;
 * one over it set apart: a read held back), where over those hits by
 * more than a hit's spread, less the hits, is the wait (r->wait_ns); one
 * under it is a place whose wait is shorter (r->wait_varies: a read-ahead
 * that stops at its track's end reads less than the minimum near it).
 * s->pause0: the least pause (where the wait varies, that or the wait,
 * and a 32nd of a turn more); 0 where no wait was seen.
 */
static double ra_pair(struct st *s, uint64_t base, unsigned *j, double pause)
{
	uint64_t x;
	int64_t t;

	do
		x = clampoff(s, (double)base + (double)(*j)++ * 1048576.0 + 7.0 * (double)s->S);
	while ((held(s, x) || recent(s, x)) && *j < 4096);
	t = rd(s, x, (unsigned)s->S);
	if (pause > 0)
		t = s->d->idle(s->d->ctx, (int64_t)pause);
	return (double)(rd(s, x, (unsigned)s->S) - t);
}

static void ra_wait(struct st *s, uint64_t base)
{
	struct dchar_result *r = s->r;
	double R = r->rev_ns.v, now[8], med = 0, tol = 0, w[8];
	unsigned j = 0, n = 0, most = 0, over = 0, under = 0;

	s->pause0 = 0;
	r->wait_at = base;
	r->wait_ns = fig_of(NULL, 0);
	r->wait_varies = 0;
	for (unsigned i = 0; i < 8; i++)
		now[i] = ra_pair(s, base, &j, 0);
	for (unsigned i = 0, c; i < 8; i++) {
		double t = now[i] * 0.15 > 30000 ? now[i] * 0.15 : 30000, in[8];

		c = 0;
		for (unsigned k = 0; k < 8; k++)
			if (fabs(now[k] - now[i]) <= t)
				in[c++] = now[k];
		if (c > most) {
			most = c;
			med = median(in, c);
		}
	}
	tol = med * 0.15 > 30000 ? med * 0.15 : 30000;
	for (unsigned i = 0; i < 8; i++) {
		over += now[i] - med > tol;
		under += med - now[i] > tol;
	}
	if (most < 4 || over > 1 || s->err)
		return;
	for (unsigned scale = 1; scale <= 256 && !s->err; scale *= 2) {
		double v[4], h = INFINITY, th, least = -1;
		unsigned in = 0;

		for (unsigned i = 0; i < 4; i++) {
			v[i] = ra_pair(s, base, &j, (double)(scale + i) * R / 32);
			h = v[i] < h ? v[i] : h;
		}
		th = h * 0.15 > 30000 ? h * 0.15 : 30000;
		th = th < R / 64 ? th : R / 64;	/* the pauses' step apart: a wait's rest, or misses */
		for (unsigned i = 4; i-- > 0;)
			if (v[i] - h <= th) {
				in++;
				least = (double)(scale + i) * R / 32;
			}
		if (in < 2)
			continue;
		for (unsigned i = 0; i < 2 && in; i++)
			in = fabs(ra_pair(s, base, &j, least) - h) <= th;
		if (!in || s->err)
			return;		/* misses that agreed by chance */
		if (!(med - h > th)) {
			r->wait_ns = fig_of((double[]){ 0, 0, 0, 0, 0, 0, 0, 0 }, most);	/* none */
			return;
		}
		for (unsigned i = 0; i < 8; i++)
			if (fabs(now[i] - med) <= tol)
				w[n++] = now[i] - h;
		r->wait_ns = fig_of(w, n);
		r->wait_varies = under > 0;
		s->pause0 = !under ? least : (least > r->wait_ns.v ? least : r->wait_ns.v) + R / 32;
		return;
	}
}

int dchar_run(const struct dchar_dev *d, struct dchar_result *r)
{
	struct st s = { .d = d, .r = r, .S = d->sector ? d->sector : 512 };
	uint64_t a;

	memset(r, 0, sizeof(*r));
	nreads_seen = 0;
	memset(seen_map, 0, sizeof(seen_map));
	r->read_early = NAN;
	r->trk_first = r->trk_mid = r->trk_last = NAN;
	if (d->size < (64u << 20))
		return -EINVAL;
	/* first: a drive that reads free blocks is measured forwards */
	free_blocks(&s);
	if (zones(&s) < 0 || s.err)
		return s.err ? s.err : -EIO;
	bandwidth(&s);
	if (r->ok) {
		zone_edges(&s);
		s.keeps_all = keeps_reads(&s);
		a = clampoff(&s, 64 * track_bytes(&s, 0) + (8u << 20));
		ra_wait(&s, clampoff(&s, a + 160 * track_bytes(&s, a)));
		if (s.free)
			tracks_fwd(&s, clampoff(&s, a + 96 * track_bytes(&s, a)));
		else
			tracks(&s, clampoff(&s, a + 96 * track_bytes(&s, a)));
		seeks(&s, a);
		if (r->skew_track.n && !r->skew_cyl.n && !s.free)
			serpentine(&s);
		if (!r->skew_track.n && !s.free)
			cylinders(&s, clampoff(&s, a + 8 * track_bytes(&s, a)));
		fine_seeks(&s);
		zone_phases(&s);
		buffer(&s);
	}
	r->seconds = (double)(s.last - s.first) / 1e9;
	if (d->rewrite && !s.err)
		return dchar_write_run(d, r);	/* adds its time to r->seconds */
	return s.err;
}

#define F(x) (isfinite(x) ? (x) : 0.0)

void dchar_print(const struct dchar_result *r, void (*line)(void *arg, const char *text), void *arg)
{
	char b[256];

#define OUT(...) do { snprintf(b, sizeof(b), __VA_ARGS__); line(arg, b); } while (0)
	OUT(RK_DC_FIG "=" DC_FIG_ROTATION " " RK_DC_ROTATING "=%d " RK_DC_MS "=%.6f " RK_DC_SD "=%.6f " RK_DC_N "=%u",
	    r->ok, F(r->rev_ns.v) / 1e6, F(r->rev_ns.sd) / 1e6, r->rev_ns.n);
	for (unsigned i = 0; i < r->nzones; i++)
		OUT(RK_DC_FIG "=" DC_FIG_ZONE " " RK_DC_OFFSET "=%llu " RK_DC_MB_S "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u "
		    RK_DC_SPT "=%.1f " RK_DC_SEQ_MB_S "=%.3f " RK_DC_SKEW "=%.3f", (unsigned long long)r->zone[i].off, F(r->zone[i].mbs),
		    F(r->zone[i].mbs * r->zone[i].sector_ns.sd / r->zone[i].sector_ns.v), r->zone[i].sector_ns.n,
		    F(r->zone[i].spt), F(r->zone[i].seq_mbs), isnan(r->zone[i].skew) ? -1.0 : r->zone[i].skew);
	if (r->free_n)
		OUT(RK_DC_FIG "=" DC_FIG_FREE " " RK_DC_FREE "=%d " RK_DC_N "=%u " RK_DC_HITS "=%u", r->free_blocks, r->free_n,
		    r->free_hits);
	if (!r->ok)
		return;
	OUT(RK_DC_FIG "=" DC_FIG_OVERHEAD " " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u", F(r->overhead_ns.v) / 1e6,
	    F(r->overhead_ns.sd) / 1e6, r->overhead_ns.n);
	for (unsigned i = 0; i < r->nseeks; i++)
		OUT(RK_DC_FIG "=" DC_FIG_SEEK " " RK_DC_OFFSET "=%llu " RK_DC_DISTANCE "=%llu " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f "
		    RK_DC_N "=%u " RK_DC_CYLINDERS "=%u", (unsigned long long)r->seek[i].from, (unsigned long long)r->seek[i].dist,
		    F(r->seek[i].ns.v) / 1e6, F(r->seek[i].ns.sd) / 1e6, r->seek[i].ns.n, r->seek[i].cyls);
	if (r->cyl_bytes.n)
		OUT(RK_DC_FIG "=" DC_FIG_CYLINDER " " RK_DC_OFFSET "=%.0f " RK_DC_BYTES "=%.0f " RK_DC_SD "=%.0f " RK_DC_HEADS "=%.2f "
		    RK_DC_N "=%u " RK_DC_SERPENTINE "=%d " RK_DC_RUN "=%u " RK_DC_FIRST "=%.0f " RK_DC_MID "=%.0f " RK_DC_LAST "=%.0f",
		    F(r->cyl_edge), F(r->cyl_bytes.v), F(r->cyl_bytes.sd), F(r->heads.v), r->cyl_bytes.n, r->serpentine, r->serp_run,
		    isnan(r->trk_first) ? -1.0 : r->trk_first, isnan(r->trk_mid) ? -1.0 : r->trk_mid,
		    isnan(r->trk_last) ? -1.0 : r->trk_last);
	for (unsigned i = 0; i < r->nphases; i++)
		OUT(RK_DC_FIG "=" DC_FIG_PHASE " " RK_DC_OFFSET "=%llu " RK_DC_REF "=%llu " RK_DC_MS "=%.6f " RK_DC_SD "=%.6f " RK_DC_N "=%u "
		    RK_DC_FROM "=%llu", (unsigned long long)r->phase[i].off, (unsigned long long)r->phase[i].ref,
		    F(r->phase[i].ns.v) / 1e6, F(r->phase[i].ns.sd) / 1e6, r->phase[i].ns.n, (unsigned long long)r->phase[i].from);
	if (r->head_switch_ns.n)
		OUT(RK_DC_FIG "=" DC_FIG_SWITCH " " RK_DC_WHAT "=head " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u",
		    F(r->head_switch_ns.v) / 1e6, F(r->head_switch_ns.sd) / 1e6, r->head_switch_ns.n);
	if (r->cyl_switch_ns.n)
		OUT(RK_DC_FIG "=" DC_FIG_SWITCH " " RK_DC_WHAT "=cylinder " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u",
		    F(r->cyl_switch_ns.v) / 1e6, F(r->cyl_switch_ns.sd) / 1e6, r->cyl_switch_ns.n);
	if (r->skew_track.n)
		OUT(RK_DC_FIG "=" DC_FIG_SKEW " " RK_DC_WHAT "=track " RK_DC_SECTORS "=%.3f " RK_DC_SD "=%.3f " RK_DC_N "=%u "
		    RK_DC_SPT "=%.2f " RK_DC_TRACKS "=%u", F(r->skew_track.v), F(r->skew_track.sd), r->skew_track.n, F(r->skew_spt), r->edges);
	if (r->skew_cyl.n)
		OUT(RK_DC_FIG "=" DC_FIG_SKEW " " RK_DC_WHAT "=cylinder " RK_DC_SECTORS "=%.3f " RK_DC_SD "=%.3f " RK_DC_N "=%u "
		    RK_DC_SPT "=%.2f " RK_DC_TRACKS "=%u", F(r->skew_cyl.v), F(r->skew_cyl.sd), r->skew_cyl.n, F(r->skew_spt), r->edges);
	OUT(RK_DC_FIG "=" DC_FIG_HIT " " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u " RK_DC_HIT_FRAC "=%.2f",
	    F(r->hit_ns.v) / 1e6, F(r->hit_ns.sd) / 1e6, r->hit_ns.n, r->hit_frac);
	if (r->hit_ns.n) {
		OUT(RK_DC_FIG "=" DC_FIG_SEGMENTS " " RK_DC_SEGMENTS "=%u " RK_DC_AT_LEAST "=%d", r->segments, r->segments_min);
		if (r->bus_mbs > 0)
			OUT(RK_DC_FIG "=" DC_FIG_BUS " " RK_DC_MB_S "=%.2f " RK_DC_EARLY "=%.3f " RK_DC_NO_TIME "=%d", r->bus_mbs,
			    isnan(r->read_early) ? -1.0 : r->read_early, r->bus_none);
		OUT(RK_DC_FIG "=" DC_FIG_READAHEAD " " RK_DC_KB "=%.1f " RK_DC_SD "=%.1f " RK_DC_N "=%u " RK_DC_SEQ "=%d "
		    RK_DC_TRACK_END "=%d " RK_DC_CYL_END "=%d " RK_DC_OFFSET "=%llu", F(r->readahead_bytes.v) / 1024,
		    F(r->readahead_bytes.sd) / 1024, r->readahead_bytes.n, r->readahead_seq, r->readahead_track, r->readahead_cyl,
		    (unsigned long long)r->readahead_at);
		if (r->wait_ns.n)
			OUT(RK_DC_FIG "=" DC_FIG_RA_MIN " " RK_DC_KB "=%.1f " RK_DC_WAIT_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u "
			    RK_DC_VARIES "=%d " RK_DC_OFFSET "=%llu", F(r->readahead_min_bytes) / 1024, F(r->wait_ns.v) / 1e6,
			    F(r->wait_ns.sd) / 1e6, r->wait_ns.n, r->wait_varies, (unsigned long long)r->wait_at);
	}
#undef OUT
}
