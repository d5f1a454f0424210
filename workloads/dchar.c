/* dchar: a disk characterised from the timing of its reads (dchar.h). */
#include "workloads/dchar.h"

#include "lib/reckeys.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <stdio.h>

#define HIST 32		/* reads remembered so that none is read twice by chance */
#define PROBES 14	/* aimed reads a threshold */
#define EPS_NS 10000.0	/* a threshold is known to 10 us */

struct st {
	const struct dchar_dev *d;
	struct dchar_result *r;
	uint64_t S;		/* sector */
	uint64_t hist[HIST];
	unsigned nh;
	int64_t first, last;
	int err;
};

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
	s->hist[s->nh++ % HIST] = off;
	return s->last = done;
}

/* a read that one of the last HIST may have left in the buffer: its own
 * sectors and what the head read on after it; the latest read's read-ahead
 * is under way, which a read behind it reaches as it would a miss */
static int recent(const struct st *s, uint64_t off)
{
	for (unsigned i = 0; i < HIST && i < s->nh; i++) {
		uint64_t h = s->hist[i];
		int latest = i == (s->nh - 1) % HIST;

		if (off + s->S > h && off <= h + (latest ? 0 : 16) * s->S)
			return 1;
	}
	return 0;
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
 * y = a + b x through the points, refitted without those further than
 * four robust deviations (a track switch in a chain); the points kept
 */
#define FITMAX 64
static unsigned fit(const double *x, const double *y, unsigned n, double *a, double *b)
{
	unsigned char use[FITMAX];
	unsigned k = 0;

	memset(use, 1, sizeof(use));
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

/*
 * A chain of one-sector reads stepping back from pos, k sectors each (k up
 * to kmax): the interval of each is a turn less k sectors' time.
 */
static int chain(struct st *s, uint64_t pos, double kmax, double *rev, double *ts)
{
	double x[12], y[12], a, b;
	uint64_t cur = pos;
	int64_t t = rd(s, cur, (unsigned)s->S), t1;

	for (unsigned j = 0; j < 12; j++) {
		double k = floor(kmax * (j % 6 + 1) / 6 + 0.5);

		if (k < 1)
			k = 1;
		if (cur < (uint64_t)k * s->S)
			return -1;
		cur -= (uint64_t)k * s->S;
		t1 = rd(s, cur, (unsigned)s->S);
		x[j] = k;
		y[j] = (double)(t1 - t);
		t = t1;
	}
	if (fit(x, y, 12, &a, &b) < 6 || b >= 0 || a <= 0)
		return -1;
	*rev = a;
	*ts = -b;
	return 0;
}

double dchar_rate_at(const struct dchar_result *r, uint64_t off)
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
	uint64_t refB = 0;
	int64_t refT = 0;

	*lo = 0;
	*hi = INFINITY;
	for (unsigned p = 0; p < PROBES && *hi - *lo > EPS_NS; p++) {
		uint64_t A = clampoff(s, (double)a - p * walk), B;
		double aim = NAN, tau, base, delta, n, best = -1;
		int64_t tA, tB;

		while (recent(s, A) && A >= 16 * s->S)
			A -= 16 * s->S;
		tA = rd(s, A, (unsigned)s->S);
		base = (double)A + dist;
		if (!dist) {		/* the phase of B's track is A's */
			refB = A;
			refT = tA;
		}
		tau = isinf(*hi) ? *lo + R / 2 : (*lo + *hi) / 2;
		if (p || !dist) {
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
		B = clampoff(s, free_near(s, (double)B));
		if (best >= 0)
			aim = tau + ((double)B - best) / (double)s->S * tsb;
		tB = rd(s, B, (unsigned)s->S);
		double T = (double)(tB - tA);
		if (T < *hi)
			*hi = T;
		if (T - R > *lo)
			*lo = T - R;
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

/* the threshold at a distance, repeated from starts apart: the mean */
static struct dchar_fig thresh_rep(struct st *s, uint64_t a, uint64_t dist, unsigned reps)
{
	double v[4], L = track_bytes(s, a);
	unsigned n = 0;

	for (unsigned i = 0; i < reps && i < 4; i++) {
		uint64_t A = clampoff(s, (double)a - i * 0.37 * L);
		double d = (double)dist, lo, hi;

		if ((double)A + d + L > (double)s->d->size)
			d = (double)s->d->size - L - (double)A;
		if (thresh(s, A, d, d ? -L / 2 : 0, d ? L / 2 : L, 3 * L, &lo, &hi) == 0)
			v[n++] = (lo + hi) / 2;
	}
	return fig_of(v, n);
}

/* rotation and the media rate at zone positions (Skippy, backwards) */
static int zones(struct st *s)
{
	struct dchar_result *r = s->r;
	double revs[DCHAR_ZONES];
	unsigned nr = 0;

	r->nzones = 16;
	for (unsigned i = 0; i < r->nzones; i++) {
		double rv[3], tv[3], rev0, ts0, kmax;
		unsigned n = 0;
		uint64_t pos = clampoff(s, (double)(s->d->size - (8u << 20)) * i / (r->nzones - 1) + (4u << 20));

		r->zone[i].off = pos;
		/* a first chain of small steps for the track's size, then steps
		 * up to a sixth of a track: the slope over most of a turn */
		if (chain(s, pos + (2u << 20), 6, &rev0, &ts0) < 0) {
			r->zone[i].sector_ns = fig_of(NULL, 0);
			continue;
		}
		kmax = rev0 / ts0 / 6;
		for (unsigned rep = 0; rep < 3; rep++)
			if (chain(s, pos - rep * (uint64_t)(rev0 / ts0 * 2.5) * s->S, kmax, &rv[n], &tv[n]) == 0)
				n++;
		r->zone[i].sector_ns = fig_of(tv, n);
		if (n) {
			r->zone[i].mbs = (double)s->S * 1e3 / r->zone[i].sector_ns.v;
			revs[nr++] = fig_of(rv, n).v;
			r->zone[i].spt = fig_of(rv, n).v / r->zone[i].sector_ns.v;
		}
		if (s->err)
			return s->err;
	}
	/* the turn: the positions whose chains agree with the median within
	 * 0.2 % (a chain across a skewed track switch does not) */
	double sorted[DCHAR_ZONES], med, kept[DCHAR_ZONES];
	unsigned nk = 0;
	memcpy(sorted, revs, nr * sizeof(revs[0]));
	med = median(sorted, nr);
	for (unsigned i = 0; i < nr; i++)
		if (fabs(revs[i] - med) <= 0.002 * med)
			kept[nk++] = revs[i];
	r->rev_ns = fig_of(kept, nk);
	/* a turn is the same everywhere: a disk whose zones disagree by more
	 * than 2 % on it, or outside 1000-20000 rpm, is not a rotating one */
	r->ok = nk >= r->nzones / 2 && r->rev_ns.v >= 3e6 && r->rev_ns.v <= 60e6 && r->rev_ns.sd < 0.02 * r->rev_ns.v;
	/* keep only the zones that saw the turn */
	unsigned k = 0;
	for (unsigned i = 0; i < r->nzones; i++)
		if (r->zone[i].sector_ns.n)
			r->zone[k++] = r->zone[i];
	r->nzones = k;
	return 0;
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
		double want = fmod(phB - mid - phA, R), n;
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
		tA = rd(s, clampoff(s, best), (unsigned)s->S);
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
	}
	/* a track before the edge to the one after it, and within a cylinder */
	for (unsigned i = 0; i < ne && i < 3; i++) {
		uint64_t e = edge[i];
		if (thresh(s, clampoff(s, e - 0.5 * L), L, -0.4 * L, 0.4 * L, 0, &lo, &hi) == 0)
			cs[nc++] = (lo + hi) / 2 - r->overhead_ns.v;
		if (r->heads.n && r->heads.v >= 2 &&
		    thresh(s, clampoff(s, e - 1.5 * L), L, -0.4 * L, 0.4 * L, 0, &lo, &hi) == 0)
			hs[nh++] = (lo + hi) / 2 - r->overhead_ns.v;
	}
	r->cyl_switch_ns = fig_of(cs, nc);
	r->head_switch_ns = fig_of(hs, nh);
}

/* the seek curve where swap's short seeks live: whole cylinders from the
 * middle of one, each B inside the cylinder it aims at */
static void fine_seeks(struct st *s)
{
	static const unsigned cyls[] = { 1, 2, 3, 4, 6, 8, 12, 16, 24, 32 };
	struct dchar_result *r = s->r;
	double C = r->cyl_bytes.v, L, w, lo, hi;
	uint64_t a;

	if (!r->cyl_bytes.n || !(C > 0))
		return;
	a = clampoff(s, r->cyl_edge + C / 2);
	L = track_bytes(s, a);
	w = L / 2 < 0.4 * C ? L / 2 : 0.4 * C;
	for (unsigned i = 0; i < sizeof(cyls) / sizeof(cyls[0]) && r->nseeks < DCHAR_SEEKS; i++) {
		double v[2];
		unsigned n = 0;

		for (unsigned rep = 0; rep < 2; rep++)
			if (thresh(s, clampoff(s, (double)a + rep * C), cyls[i] * C, -w, w, 0, &lo, &hi) == 0)
				v[n++] = (lo + hi) / 2 - r->overhead_ns.v;
		if (!n)
			continue;
		/* in order of distance: before the coarse ones */
		memmove(&r->seek[i + 1], &r->seek[i], (r->nseeks - i) * sizeof(r->seek[0]));
		r->seek[i].from = a;
		r->seek[i].dist = (uint64_t)(cyls[i] * C) / s->S * s->S;
		r->seek[i].ns = fig_of(v, n);
		r->nseeks++;
	}
	/* the coarse ones from 64 tracks on may come before the longest fine ones */
	for (unsigned i = 1; i < r->nseeks; i++)
		for (unsigned j = i; j > 0 && r->seek[j - 1].dist > r->seek[j].dist; j--) {
			__typeof__(r->seek[0]) t = r->seek[j];

			r->seek[j] = r->seek[j - 1];
			r->seek[j - 1] = t;
		}
}

/* the buffer: a re-read, the segments, the read-ahead */
static void buffer(struct st *s)
{
	struct dchar_result *r = s->r;
	double R = r->rev_ns.v, v[8], thr;
	unsigned hits = 0, n = 0, misses = 0;
	uint64_t base = s->d->size / 3;

	for (unsigned i = 0; i < 8; i++) {
		uint64_t x = clampoff(s, (double)base + i * 9.0 * 1048576);
		int64_t t = rd(s, x, (unsigned)s->S), t1 = rd(s, x, (unsigned)s->S);

		if ((double)(t1 - t) < R / 2)
			v[hits++] = (double)(t1 - t);
		n++;
	}
	r->hit_frac = (double)hits / n;
	r->hit_ns = fig_of(v, hits);
	if (!hits)
		return;
	/* the interface: hits of 64 KiB against hits of a sector (DIXtrac's
	 * extraction of the bus from hits of two sizes) */
	double big[4];
	unsigned nb = 0;
	for (unsigned i = 0; i < 4; i++) {
		uint64_t x = clampoff(s, (double)base + (i + 9) * 9.0 * 1048576);
		int64_t t = rd(s, x, 65536), t1 = rd(s, x, 65536);

		if ((double)(t1 - t) < R / 2)
			big[nb++] = (double)(t1 - t);
	}
	if (nb && fig_of(big, nb).v > r->hit_ns.v)
		r->bus_mbs = (65536.0 - (double)s->S) * 1e3 / (fig_of(big, nb).v - r->hit_ns.v);
	/* a hit costs what a re-read cost, within 15 % (or 30 us): a miss
	 * lands there only if its sector happens to come round then */
	thr = r->hit_ns.v * 0.15 > 30000 ? r->hit_ns.v * 0.15 : 30000;
	/* segments: N reads far apart, then the first again */
	r->segments = 0;
	for (unsigned N = 1; N <= 20 && misses < 2; N++) {
		uint64_t x0 = 0;
		int64_t t = 0;

		for (unsigned i = 0; i < N; i++) {
			uint64_t x = clampoff(s, (double)s->d->size * (0.05 + 0.9 * i / 20.0) + N * 131072.0);

			if (!i)
				x0 = x;
			t = rd(s, x, (unsigned)s->S);
		}
		if (fabs((double)(rd(s, x0, (unsigned)s->S) - t) - r->hit_ns.v) < thr) {
			r->segments = N;
			misses = 0;
		} else
			misses++;
	}
	/* read-ahead: a read, the drive idle, then a read k bytes past it */
	double ra[2];
	unsigned nra = 0;
	for (unsigned rep = 0; rep < 2; rep++) {
		uint64_t lo = 0, hi = 8u << 20, step = 0;
		uint64_t at = clampoff(s, (double)s->d->size * (0.6 + 0.1 * rep));
		int hit_hi = 0;

		for (int probe = 0; probe < 24 && hi - lo > s->S; probe++, step++) {
			uint64_t k = probe == 0 ? hi : (lo + hi) / 2 / s->S * s->S;
			uint64_t x = clampoff(s, (double)at + step * 12.0 * 1048576);
			int64_t t;

			rd(s, x, (unsigned)s->S);
			t = s->d->idle(s->d->ctx, (int64_t)(2 * R + (double)(8u << 20) * 1.5e9 / dchar_rate_at(r, x)));
			int hit = fabs((double)(rd(s, x + k, (unsigned)s->S) - t) - r->hit_ns.v) < thr;
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
		ra[nra++] = hit_hi ? (double)hi : (double)lo;
	}
	r->readahead_bytes = fig_of(ra, nra);
}

int dchar_run(const struct dchar_dev *d, struct dchar_result *r)
{
	struct st s = { .d = d, .r = r, .S = d->sector ? d->sector : 512 };
	uint64_t a;

	memset(r, 0, sizeof(*r));
	if (d->size < (64u << 20))
		return -EINVAL;
	if (zones(&s) < 0 || s.err)
		return s.err ? s.err : -EIO;
	bandwidth(&s);
	if (r->ok) {
		a = clampoff(&s, 64 * track_bytes(&s, 0) + (8u << 20));
		seeks(&s, a);
		cylinders(&s, clampoff(&s, a + 8 * track_bytes(&s, a)));
		fine_seeks(&s);
		buffer(&s);
	}
	r->seconds = (double)(s.last - s.first) / 1e9;
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
		    RK_DC_SPT "=%.1f " RK_DC_SEQ_MB_S "=%.3f", (unsigned long long)r->zone[i].off, F(r->zone[i].mbs),
		    F(r->zone[i].mbs * r->zone[i].sector_ns.sd / r->zone[i].sector_ns.v), r->zone[i].sector_ns.n,
		    F(r->zone[i].spt), F(r->zone[i].seq_mbs));
	if (!r->ok)
		return;
	OUT(RK_DC_FIG "=" DC_FIG_OVERHEAD " " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u", F(r->overhead_ns.v) / 1e6,
	    F(r->overhead_ns.sd) / 1e6, r->overhead_ns.n);
	for (unsigned i = 0; i < r->nseeks; i++)
		OUT(RK_DC_FIG "=" DC_FIG_SEEK " " RK_DC_OFFSET "=%llu " RK_DC_DISTANCE "=%llu " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f "
		    RK_DC_N "=%u", (unsigned long long)r->seek[i].from, (unsigned long long)r->seek[i].dist,
		    F(r->seek[i].ns.v) / 1e6, F(r->seek[i].ns.sd) / 1e6, r->seek[i].ns.n);
	if (r->cyl_bytes.n)
		OUT(RK_DC_FIG "=" DC_FIG_CYLINDER " " RK_DC_OFFSET "=%.0f " RK_DC_BYTES "=%.0f " RK_DC_SD "=%.0f " RK_DC_HEADS "=%.2f "
		    RK_DC_N "=%u", F(r->cyl_edge), F(r->cyl_bytes.v), F(r->cyl_bytes.sd), F(r->heads.v), r->cyl_bytes.n);
	if (r->head_switch_ns.n)
		OUT(RK_DC_FIG "=" DC_FIG_SWITCH " " RK_DC_WHAT "=head " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u",
		    F(r->head_switch_ns.v) / 1e6, F(r->head_switch_ns.sd) / 1e6, r->head_switch_ns.n);
	if (r->cyl_switch_ns.n)
		OUT(RK_DC_FIG "=" DC_FIG_SWITCH " " RK_DC_WHAT "=cylinder " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u",
		    F(r->cyl_switch_ns.v) / 1e6, F(r->cyl_switch_ns.sd) / 1e6, r->cyl_switch_ns.n);
	OUT(RK_DC_FIG "=" DC_FIG_HIT " " RK_DC_MS "=%.4f " RK_DC_SD "=%.4f " RK_DC_N "=%u " RK_DC_HIT_FRAC "=%.2f",
	    F(r->hit_ns.v) / 1e6, F(r->hit_ns.sd) / 1e6, r->hit_ns.n, r->hit_frac);
	if (r->hit_ns.n) {
		OUT(RK_DC_FIG "=" DC_FIG_SEGMENTS " " RK_DC_SEGMENTS "=%u", r->segments);
		if (r->bus_mbs > 0)
			OUT(RK_DC_FIG "=" DC_FIG_BUS " " RK_DC_MB_S "=%.2f", r->bus_mbs);
		OUT(RK_DC_FIG "=" DC_FIG_READAHEAD " " RK_DC_KB "=%.1f " RK_DC_SD "=%.1f " RK_DC_N "=%u",
		    F(r->readahead_bytes.v) / 1024, F(r->readahead_bytes.sd) / 1024, r->readahead_bytes.n);
	}
#undef OUT
}
