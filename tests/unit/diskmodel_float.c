/* fm: the floating-point disk model, the tests' oracle (diskmodel_float.h). */
#include "diskmodel_float.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#define MB 1e6			/* datasheets' MB/s are 10^6 bytes */

static double frac(double v)
{
	return v - floor(v);
}

/* the first field out of range, named in *field */
static int refuse(const char **field, const char *name)
{
	*field = name;
	return -EINVAL;
}

static int check_profile(const struct fm_profile *p, const char **field)
{
#define NEED(cond, f)                            \
	do {                                     \
		if (!(cond))                     \
			return refuse(field, f); \
	} while (0)
	NEED(p->name[0], "name");
	if (p->kind == FM_NULL)
		return 0;
	NEED(p->capacity_bytes >= 1 << 20, "capacity_gb");
	if (p->kind == FM_FLASH) {
		NEED(p->read_lat_us >= 0, "read_latency_us");
		NEED(p->write_lat_us >= 0, "write_latency_us");
		NEED(p->read_mbs > 0, "read_mbs");
		NEED(p->write_mbs > 0, "write_mbs");
		NEED(p->unit_kb >= 0, "unit_kb");
		return 0;
	}
	NEED(p->rpm >= 1000 && p->rpm <= 20000, "rpm");
	NEED(p->seek_track_ms > 0, "seek_track_ms");
	NEED(p->seek_avg_ms > p->seek_track_ms, "seek_avg_ms");
	NEED(p->seek_full_ms > p->seek_avg_ms, "seek_full_ms");
	NEED(p->rate_outer_mbs > 0, "rate_outer_mbs");
	NEED(p->rate_inner_mbs > 0 && p->rate_inner_mbs <= p->rate_outer_mbs, "rate_inner_mbs");
	NEED(p->heads >= 1, "heads");
	NEED(p->cache_mb >= 0, "cache_mb");
	NEED(p->readahead_kb >= 0 && p->readahead_kb <= p->cache_mb * 1024, "readahead_kb");
	NEED(p->bus_mbs > 0, "bus_mbs");
	NEED(p->segments >= 0 && p->segments <= FM_SEGS_MAX, "segments");
	NEED(!p->segments || p->segment_kb >= 0.5, "segment_kb");
	NEED(!p->segments || p->readahead_mode == 3, "readahead_mode");	/* the oracle's only */
	NEED(p->read_early >= 0 && p->read_early <= 1, "read_early");
	NEED(p->write_level >= 0 && p->write_level <= 2, "write_level");
	return 0;
#undef NEED
}

/* The seek curve t(u) = track + b sqrt(u) + c u over u = (n - 1) / (C - 2)
 * for n >= 1 cylinders. Full stroke: t(1). Average: the mean over pairs of
 * uniformly random cylinders, whose distance has density 2 (1 - u):
 * E[sqrt u] = 8/15, E[u] = 1/3. */
static int fit_seek(struct fm_state *s, const char **field)
{
	double f = (s->p.seek_full_ms - s->p.seek_track_ms) * 1e6;
	double a = (s->p.seek_avg_ms - s->p.seek_track_ms) * 1e6;
	double b = 5 * (a - f / 3), c = f - b;
	/* increasing over the whole stroke: t'(u) = b / (2 sqrt u) + c > 0 */
	if (b < 0 || b / 2 + c < 0) {
		*field = "seek_avg_ms";
		return -EINVAL;
	}
	s->seek = (struct fm_seekcurve){ s->p.seek_track_ms * 1e6, b, c };
	return 0;
}

int fm_init(struct fm_state *s, const struct fm_profile *p, const char **field)
{
	int rc;

	memset(s, 0, sizeof(*s));
	*field = NULL;
	rc = check_profile(p, field);
	if (rc)
		return rc;
	s->p = *p;
	if (p->kind != FM_HDD)
		return 0;
	/* a profile that names no segments: one, the whole buffer, read
	 * ahead until full, written back when the write cache is on */
	s->nseg = p->segments ? p->segments : 1;
	s->seg_sectors = p->segments ? (uint64_t)llround(p->segment_kb * 1024) / 512
				     : (p->cache_mb * 1048576 >= 512 ? (uint64_t)(p->cache_mb * 1048576) / 512 : 1);
	if (!p->segments) {
		s->p.readahead_mode = 3;
		s->p.write_level = p->write_cache ? 2 : 0;
		s->p.write_segments = 1;
	}
	s->sectors = floor(p->capacity_bytes / 512);
	rc = fit_seek(s, field);
	if (rc)
		return rc;
	s->rev_ns = 60e9 / p->rpm;
	double avg_rate = (p->rate_outer_mbs + p->rate_inner_mbs) / 2 * MB / 1e9;
	s->k_bytes = p->capacity_bytes / avg_rate;
	s->tracks = p->capacity_bytes / (avg_rate * s->rev_ns);
	s->cylinders = s->tracks / p->heads;
	if (s->cylinders < 3) {
		*field = "capacity_gb";
		return -EINVAL;
	}
	return 0;
}

/* bytes per ns */
static double fm_rate_at(const struct fm_state *s, double x)
{
	double ro = s->p.rate_outer_mbs, ri = s->p.rate_inner_mbs;
	return (ro + (ri - ro) * x) * MB / 1e9;
}

/* bytes before x: B(x) = K (ro x + (ri - ro) x^2 / 2), solved for x */
double fm_x_of(const struct fm_state *s, uint64_t off)
{
	double ro = fm_rate_at(s, 0), ri = fm_rate_at(s, 1);
	double a = (ri - ro) / 2, q = (double)off / s->k_bytes, x;

	if (fabs(a) < 1e-15)
		x = q / ro;
	else
		x = (-ro + sqrt(ro * ro + 4 * a * q)) / (2 * a);
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* a sector's place: its track coordinate (a track is one turn), the
 * track's cylinder and surface, and the sectors its track holds */
static double track_of_lbn(const struct fm_state *s, double lbn)
{
	return fm_x_of(s, (uint64_t)lbn * 512) * s->tracks;
}

static void place(const struct fm_state *s, double lbn, double *cyl, double *head)
{
	double tr;

	if (lbn >= s->sectors)
		lbn = s->sectors - 1;
	tr = floor(track_of_lbn(s, lbn));
	*cyl = floor(tr / s->p.heads);
	*head = tr - *cyl * s->p.heads;
}

/* the turns from sector lbn to lbn + n, in ns */
static double run_ns(const struct fm_state *s, double lbn, double n)
{
	return (track_of_lbn(s, lbn + n) - track_of_lbn(s, lbn)) * s->rev_ns;
}

static double bus_ns(const struct fm_state *s, double sectors)
{
	return floor(sectors * 512 / (s->p.bus_mbs * MB / 1e9));
}

/* the seek over d cylinders: track + b sqrt(u) + c u, u = (d - 1) / (cylinders - 2) */
static double seek_cyl(const struct fm_state *s, double d)
{
	double u;

	if (d < 1)
		return 0;
	u = (d - 1) / (s->cylinders - 2);
	if (u > 1)
		u = 1;
	return s->seek.track_ns + s->seek.b_ns * sqrt(u) + s->seek.c_ns * u;
}

/* when sector lbn is under the head, free at t at the head's place, not
 * before not_before; *seek, *rot: the parts */
static double position(const struct fm_state *s, double lbn, double t, double not_before, double *seek, double *rot)
{
	double cyl, head, hc, hh, arrive, wait;

	place(s, lbn, &cyl, &head);
	hc = floor(floor(s->head_track) / s->p.heads);
	hh = floor(s->head_track) - hc * s->p.heads;
	*seek = seek_cyl(s, fabs(cyl - hc));	/* a head switch: none on a datasheet's disk */
	(void)hh;
	arrive = t + *seek;
	if (arrive < not_before)
		arrive = not_before;
	wait = frac(track_of_lbn(s, lbn) - arrive / s->rev_ns);
	if (wait > 1 - 1e-6)	/* under the head now: no turn */
		wait = 0;
	*rot = wait * s->rev_ns;
	return arrive + *rot;
}

/* how far segment i holds data by t: the head streams on from hi at the
 * zone's rate while nothing else needs it, up to cap */
static double avail(const struct fm_state *s, int i, int64_t t)
{
	const struct fm_seg *g = &s->seg[i];
	double k;

	if (!g->ra || t <= g->t || g->hi >= g->cap)
		return (double)g->hi;
	k = floor((double)(t - g->t) * fm_rate_at(s, fm_x_of(s, g->hi * 512)) / 512);
	return (double)g->hi + k < (double)g->cap ? (double)g->hi + k : (double)g->cap;
}

/* the first sector segment i still holds when it holds up to hi */
static double held_lo(const struct fm_state *s, int i, double hi)
{
	return hi - (double)s->seg[i].lo > (double)s->seg_sectors ? hi - (double)s->seg_sectors : (double)s->seg[i].lo;
}

static int find_hit(const struct fm_state *s, double lbn, double n, int64_t t)
{
	for (int i = 0; i < s->nseg; i++) {
		double hi;

		if (!s->seg[i].used)
			continue;
		hi = avail(s, i, t);
		if (lbn >= held_lo(s, i, hi) && lbn + n <= hi)
			return i;
	}
	return -1;
}

static int find_stream(const struct fm_state *s, double lbn, int64_t t)
{
	for (int i = 0; i < s->nseg; i++) {
		double hi;

		if (!s->seg[i].used || !s->seg[i].ra)
			continue;
		hi = avail(s, i, t);
		if (lbn >= held_lo(s, i, hi) && (lbn < hi || (lbn == hi && s->p.almost_hits)) && hi < (double)s->seg[i].cap)
			return i;
	}
	return -1;
}

/* the read-ahead stops at t: its segment keeps what it has, the head is
 * where it took it */
static void stop_ra(struct fm_state *s, int64_t t)
{
	for (int i = 0; i < s->nseg; i++) {
		struct fm_seg *g = &s->seg[i];

		if (!g->used || !g->ra)
			continue;
		if (t > g->t) {
			double a = avail(s, i, t);

			s->head_track = track_of_lbn(s, a > (double)g->lo ? a - 1 : a);
			g->hi = (uint64_t)a;
			g->t = t;
		}
		g->cap = g->hi;
		g->ra = 0;
	}
}

/* where the read-ahead after [.., end) of n sectors stops: the segment
 * full (less the request, read-ahead not over it), readahead_kb at most */
static uint64_t ra_cap(const struct fm_state *s, uint64_t end, uint64_t n)
{
	uint64_t size = s->seg_sectors, cap = end + size, room;

	if (cap > end + (uint64_t)llround(s->p.readahead_kb * 1024) / 512)
		cap = end + (uint64_t)llround(s->p.readahead_kb * 1024) / 512;
	room = s->p.readahead_over ? size : size > n ? size - n : 0;
	if (cap > end + room)
		cap = end + room;
	return (double)cap < s->sectors ? cap : (uint64_t)s->sectors;
}

/* the sectors of an n-sector read in the buffer before the bus starts */
static double early_mark(const struct fm_state *s, double n)
{
	double k = n - floor(n * s->p.read_early * 1000 + 0.5) / 1000;

	k = ceil(k - 1e-9);
	return k >= 1 ? k : 1;
}

/* a read's bus: from bus0 at the bus's rate, not before its last sector is in */
static double bus_done(const struct fm_state *s, double bus0, double mend, double n)
{
	double done = bus0 + bus_ns(s, n), tail = mend + bus_ns(s, 1);

	return done > tail ? done : tail;
}

static int64_t hdd_read(struct fm_state *s, double lbn, double n, int64_t now)
{
	int64_t start = now > s->head_free_ns ? now : s->head_free_ns;
	double first, mend, done, seek, rot, bus0;
	struct fm_seg *g;
	int h, pick = -1;

	s->c.wait_ns += start - now;
	s->last_write = 0;
	s->next_lbn = (uint64_t)(lbn + n);
	if ((h = find_hit(s, lbn, n, start)) >= 0) {
		s->c.buffer_hits++;
		s->seg[h].stamp = ++s->clock;
		return start + (int64_t)bus_ns(s, n);
	}
	if ((h = find_stream(s, lbn, start)) >= 0) {
		/* the read-ahead under way reaches it: the head reads on */
		g = &s->seg[h];
		mend = (double)g->t + run_ns(s, (double)g->hi, lbn + n - (double)g->hi);
		done = ((double)start > mend ? (double)start : mend) + bus_ns(s, n);
		if (s->p.read_early > 0) {
			double k = lbn + early_mark(s, n);
			double tk = k <= (double)g->hi ? (double)start : (double)g->t + run_ns(s, (double)g->hi, k - (double)g->hi);

			done = bus_done(s, (double)start > tk ? (double)start : tk, mend, n);
		}
		g->hi = (uint64_t)(lbn + n);
		g->t = (int64_t)mend;
		if (g->cap < ra_cap(s, g->hi, (uint64_t)n))
			g->cap = ra_cap(s, g->hi, (uint64_t)n);
		g->ra = g->cap > g->hi;
		g->stamp = ++s->clock;
		s->head_free_ns = s->fore_free_ns = (int64_t)mend;
		s->head_track = track_of_lbn(s, lbn + n - 1);
		return (int64_t)done;
	}
	stop_ra(s, start);
	first = position(s, lbn, (double)start, (double)start, &seek, &rot);
	mend = first + run_ns(s, lbn, n);
	s->c.seek_ns += (int64_t)seek;
	s->c.rot_ns += (int64_t)rot;
	s->c.xfer_ns += (int64_t)(mend - first);
	bus0 = mend;
	if (s->p.read_early > 0 && early_mark(s, n) < n) {
		double tk = first + run_ns(s, lbn, early_mark(s, n));

		bus0 = tk < mend ? tk : mend;
	}
	done = s->p.read_early > 0 ? bus_done(s, bus0, mend, n) : bus0 + bus_ns(s, n);
	/* its segment: one it overlaps, else an empty one, else the least recently used */
	for (int i = 0; i < s->nseg && pick < 0; i++)
		if (!s->seg[i].used || (lbn < (double)s->seg[i].hi && lbn + n > (double)s->seg[i].lo))
			pick = i;
	if (pick < 0) {
		pick = 0;
		for (int i = 1; i < s->nseg; i++)
			if (s->seg[i].stamp < s->seg[pick].stamp)
				pick = i;
	}
	g = &s->seg[pick];
	g->used = 1;
	g->lo = (uint64_t)lbn;
	g->hi = (uint64_t)(lbn + n);
	g->t = (int64_t)mend;
	g->cap = ra_cap(s, g->hi, (uint64_t)n);
	g->ra = g->cap > g->hi;
	g->stamp = ++s->clock;
	s->head_free_ns = (int64_t)mend;
	if (g->ra && s->p.readahead_min_kb > 0) {
		double k = floor(s->p.readahead_min_kb * 1024 / 512);

		s->head_free_ns += (int64_t)run_ns(s, (double)g->hi, k < (double)(g->cap - g->hi) ? k : (double)(g->cap - g->hi));
	}
	s->fore_free_ns = s->head_free_ns;
	s->head_track = track_of_lbn(s, lbn + n - 1);
	return (int64_t)done;
}

#define WQ(s, i) ((s)->wq[((s)->wq_h + (i)) % FM_WQ_MAX])

/* written back by t: out of the queue */
static void written(struct fm_state *s, int64_t t)
{
	while (s->wq_n && WQ(s, 0).done_ns <= t) {
		s->wq_bytes -= WQ(s, 0).bytes;
		s->wq_h = (s->wq_h + 1) % FM_WQ_MAX;
		s->wq_n--;
	}
}

/* when a write reported from the buffer may start: after what came
 * before but the write-backs, once a write segment is free (unless it
 * appends to the last write), and once its data (a segment's at most)
 * fit beside those not yet written back (appending: once those fit) */
static int64_t write_room(struct fm_state *s, int64_t now, double n, int append)
{
	unsigned k = s->p.write_segments > 0 ? (unsigned)s->p.write_segments : 1, i = 0;
	uint64_t size = s->seg_sectors * 512, need = append ? 0 : (uint64_t)n * 512 < size ? (uint64_t)n * 512 : size, held;
	int64_t t = now > s->fore_free_ns ? now : s->fore_free_ns;

	written(s, t);
	if (!append && s->wq_n >= k && WQ(s, s->wq_n - k).done_ns > t)
		t = WQ(s, s->wq_n - k).done_ns;
	held = s->wq_bytes;
	while (i < s->wq_n && (held + need > k * size || s->wq_n - i >= FM_WQ_MAX)) {
		held -= WQ(s, i).bytes;
		if (WQ(s, i).done_ns > t)
			t = WQ(s, i).done_ns;
		i++;
	}
	return t;
}

static int64_t hdd_write(struct fm_state *s, double lbn, double n, int64_t now)
{
	int wb = s->p.write_level < 1 ? 0 : n > (double)s->seg_sectors ? 2 : 1;
	int seq = s->last_write && (uint64_t)lbn == s->next_lbn;
	int64_t start = wb ? write_room(s, now, n, seq) : now > s->head_free_ns ? now : s->head_free_ns;
	double bus0, bus1, need, first, mend, done, seek, rot;

	s->c.wait_ns += start - now;
	stop_ra(s, start);
	bus0 = (double)start;
	bus1 = bus0 + bus_ns(s, n);
	/* the media may not write a sector before it is in the buffer */
	need = bus1 - run_ns(s, lbn, n - 1);
	if (need < bus0 + bus_ns(s, 1))
		need = bus0 + bus_ns(s, 1);
	if (need < (double)start)
		need = (double)start;
	if (need < (double)s->head_free_ns)	/* the write-backs before it */
		need = (double)s->head_free_ns;
	first = position(s, lbn, (double)start, need, &seek, &rot);
	mend = first + run_ns(s, lbn, n);
	s->c.seek_ns += (int64_t)seek;
	s->c.rot_ns += (int64_t)rot;
	s->c.xfer_ns += (int64_t)(mend - first);
	done = wb == 1 ? bus1 : mend;
	if (wb == 2) {	/* reported once the rest fits in a segment */
		done = mend - run_ns(s, lbn + n - (double)s->seg_sectors, (double)s->seg_sectors);
		if (done < bus1)
			done = bus1;
	}
	if (wb) {
		uint64_t b = (uint64_t)n < s->seg_sectors ? (uint64_t)n * 512 : s->seg_sectors * 512;

		written(s, start);
		WQ(s, s->wq_n) = (struct fm_wq){ (int64_t)mend, b };
		s->wq_n++;
		s->wq_bytes += b;
	} else {
		s->fore_free_ns = (int64_t)mend;
	}
	s->head_free_ns = (int64_t)mend;
	/* what the write covers leaves the segments */
	for (int i = 0; i < s->nseg; i++)
		if (s->seg[i].used && lbn < (double)s->seg[i].hi && lbn + n > (double)s->seg[i].lo)
			s->seg[i].used = 0;
	s->head_track = track_of_lbn(s, lbn + n - 1);
	s->last_write = 1;
	s->next_lbn = (uint64_t)(lbn + n);
	return (int64_t)done;
}

/* a request's sectors: [lbn, lbn + n), within the disk */
static void sectors_of(const struct fm_state *s, uint64_t off, uint64_t len, double *lbn, double *n)
{
	*lbn = (double)(off / 512);
	*n = (double)((off + len + 511) / 512) - *lbn;
	if (*n < 1)
		*n = 1;
	if (*lbn >= s->sectors)
		*lbn = s->sectors - 1;
	if (*lbn + *n > s->sectors)
		*n = s->sectors - *lbn;
}

static int64_t flash(struct fm_state *s, enum fm_op op, uint64_t off, uint64_t len, int64_t now)
{
	int64_t start = now > s->head_free_ns ? now : s->head_free_ns;
	double lat = op == FM_READ ? s->p.read_lat_us : s->p.write_lat_us;
	double rate = (op == FM_READ ? s->p.read_mbs : s->p.write_mbs) * MB / 1e9;
	double cost = lat * 1e3 + (double)len / rate, copy = 0;
	uint64_t u = (uint64_t)(s->p.unit_kb * 1024);

	s->c.wait_ns += start - now;
	if (op == FM_WRITE && u) {
		uint64_t unit = off / u, at = off % u;
		if (!s->unit_valid || unit != s->unit_open || at != s->unit_written) {
			/* close the open unit: what it lacks is copied in */
			if (s->unit_valid && s->unit_written < u)
				copy = (double)(u - s->unit_written) *
				       (1 / (s->p.read_mbs * MB / 1e9) + 1 / rate);
			s->unit_open = unit;
			s->unit_valid = 1;
			/* written out of order inside a unit: its start is copied too */
			if (at)
				copy += (double)at * (1 / (s->p.read_mbs * MB / 1e9) + 1 / rate);
		}
		s->unit_written = at + len > u ? u : at + len;
	}
	s->c.seek_ns += (int64_t)(lat * 1e3);
	s->c.xfer_ns += (int64_t)((double)len / rate);
	s->c.rot_ns += (int64_t)copy;	/* flash: the unit copies, where a disk turns */
	s->head_free_ns = start + (int64_t)(cost + copy);
	return s->head_free_ns;
}

int64_t fm_request(struct fm_state *s, enum fm_op op, uint64_t off, uint64_t len, int64_t now)
{
	int64_t done;

	/* every request counted, as the model counts them */
	s->c.reads += op == FM_READ;
	s->c.writes += op == FM_WRITE;
	s->c.flushes += op == FM_FLUSH;
	s->c.read_bytes += op == FM_READ ? len : 0;
	s->c.write_bytes += op == FM_WRITE ? len : 0;
	if (s->p.kind == FM_NULL)
		return now;
	if (op == FM_FLUSH) {
		done = now > s->head_free_ns ? now : s->head_free_ns;
		s->c.wait_ns += done - now;
	} else if (s->p.kind == FM_FLASH) {
		done = flash(s, op, off, len, now);
	} else {
		double lbn, n;

		sectors_of(s, off, len, &lbn, &n);
		done = op == FM_READ ? hdd_read(s, lbn, n, now) : hdd_write(s, lbn, n, now);
	}
	s->c.busy_ns += done - now;
	return done;
}
