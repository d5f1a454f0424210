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
	NEED(p->read_segments >= 0 && p->read_segments <= FM_SEGS_MAX, "read_segments");
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
	s->nseg = p->read_segments > 1 ? p->read_segments : 1;
	s->ra = -1;
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

/* each track holds one revolution: its first byte is at angle 0; [0, 1) */
static double fm_angle_of(const struct fm_state *s, uint64_t off)
{
	return frac(fm_x_of(s, off) * s->tracks);
}

static double fm_seek_ns(const struct fm_state *s, double from_x, double to_x)
{
	double cf = floor(from_x * s->cylinders), ct = floor(to_x * s->cylinders);
	double n = fabs(ct - cf), u;

	if (n < 1)
		return 0;
	u = (n - 1) / (s->cylinders - 2);
	if (u > 1)
		u = 1;
	return s->seek.track_ns + s->seek.b_ns * sqrt(u) + s->seek.c_ns * u;
}

/* the head's media work for [off, off + len) starting at start_ns */
static int64_t media(struct fm_state *s, uint64_t off, uint64_t len, int64_t start_ns)
{
	double x = fm_x_of(s, off);
	double seek = fm_seek_ns(s, s->head_x, x);
	double arrive = (double)start_ns + seek;
	double wait = frac(fm_angle_of(s, off) - arrive / s->rev_ns);
	double rot, xfer;

	/* the sector under the head now: no turn (rounding must not make it a whole one) */
	if (wait > 1 - 1e-6)
		wait = 0;
	rot = wait * s->rev_ns;
	xfer = (double)len / fm_rate_at(s, x);
	s->c.seek_ns += (int64_t)seek;
	s->c.rot_ns += (int64_t)rot;
	s->c.xfer_ns += (int64_t)xfer;
	s->head_x = fm_x_of(s, off + len);
	return start_ns + (int64_t)(seek + rot + xfer);
}

/* how far segment i holds data by t: the head streams on from its hi at
 * the zone's rate while nothing else needs it (the ra segment), up to cap */
static uint64_t reach(const struct fm_state *s, int i, int64_t t)
{
	const struct fm_seg *g = &s->seg[i];
	double more;

	if (i != s->ra || t <= g->t)
		return g->hi;
	more = (double)(t - g->t) * fm_rate_at(s, s->head_x);
	return more >= (double)(g->cap - g->hi) ? g->cap : g->hi + (uint64_t)more;
}

/* does segment i hold [off, end) at t (the latest cache / nseg bytes of it) */
static int holds(const struct fm_state *s, int i, uint64_t off, uint64_t end, int64_t t)
{
	uint64_t hi = reach(s, i, t), share = (uint64_t)(s->p.cache_mb * 1048576) / (uint64_t)s->nseg;
	uint64_t lo = hi - s->seg[i].lo > share ? hi - share : s->seg[i].lo;

	return s->seg[i].used && off >= lo && end <= hi;
}

/* the head leaves the read-ahead at t */
static void leave(struct fm_state *s, int64_t t)
{
	struct fm_seg *g;

	if (s->ra < 0)
		return;
	g = &s->seg[s->ra];
	if (t > g->t) {
		g->hi = reach(s, s->ra, t);
		g->t = t;
		s->head_x = fm_x_of(s, g->hi);
	}
	s->ra = -1;
}

static int64_t bus_ns(const struct fm_state *s, uint64_t len)
{
	return (int64_t)((double)len / (s->p.bus_mbs * MB / 1e9));
}

static int64_t hdd_read(struct fm_state *s, uint64_t off, uint64_t len, int64_t now)
{
	uint64_t end = off + len;
	int64_t start = now > s->head_free_ns ? now : s->head_free_ns, done;
	int i, pick = -1;

	s->c.wait_ns += start - now;
	for (i = 0; i < s->nseg; i++)
		if (holds(s, i, off, end, start)) {
			s->c.buffer_hits++;
			s->seg[i].stamp = ++s->clock;
			return start + bus_ns(s, len);
		}
	if (s->ra >= 0 && holds(s, s->ra, off, off, start) && start >= s->seg[s->ra].t) {
		/* the head is still reading toward it: the rest at the zone's rate */
		double xfer = (double)(end - s->seg[s->ra].hi) / fm_rate_at(s, s->head_x);
		done = s->seg[s->ra].t + (int64_t)xfer;
		if (done < start)
			done = start;
		s->c.xfer_ns += done - start;
		s->head_x = fm_x_of(s, end);
		pick = s->ra;
	} else {
		leave(s, start);
		done = media(s, off, len, start);
		/* the segment it overlaps, else an empty one, else the least recently used */
		for (i = 0; i < s->nseg && pick < 0; i++)
			if (!s->seg[i].used || (off < s->seg[i].hi && end > s->seg[i].lo))
				pick = i;
		if (pick < 0) {
			pick = 0;
			for (i = 1; i < s->nseg; i++)
				if (s->seg[i].stamp < s->seg[pick].stamp)
					pick = i;
		}
		s->seg[pick].lo = off;
	}
	s->seg[pick].hi = end;
	s->seg[pick].t = done;
	s->seg[pick].cap = end + (uint64_t)(s->p.readahead_kb * 1024);
	s->seg[pick].used = 1;
	s->seg[pick].stamp = ++s->clock;
	s->ra = pick;
	s->head_free_ns = done;
	return done;
}

#define WQ(s, i) ((s)->wq[((s)->wq_h + (i)) % FM_WQ_MAX])

/* what the cache holds at t that the head has not yet written */
static uint64_t dirty_at(struct fm_state *s, int64_t t)
{
	while (s->wq_n && WQ(s, 0).done_ns <= t) {
		s->wq_bytes -= WQ(s, 0).bytes;
		s->wq_h = (s->wq_h + 1) % FM_WQ_MAX;
		s->wq_n--;
	}
	return s->wq_bytes;
}

static int64_t hdd_write(struct fm_state *s, uint64_t off, uint64_t len, int64_t now)
{
	int64_t start = now > s->head_free_ns ? now : s->head_free_ns, mdone, done = now;
	uint64_t cap = (uint64_t)(s->p.cache_mb * 1048576), dirty;
	unsigned i = 0;

	leave(s, start);	/* the head leaves the read stream */
	for (int k = 0; k < s->nseg; k++)
		if (s->nseg == 1 || (off < s->seg[k].hi && off + len > s->seg[k].lo))
			s->seg[k].used = 0;
	mdone = media(s, off, len, start);
	s->head_free_ns = mdone;
	if (!s->p.write_cache || len > cap) {
		s->c.wait_ns += start - now;
		return mdone;
	}
	dirty = dirty_at(s, now);
	/* no room: wait until enough of what is queued is on the platter */
	while (i < s->wq_n && (dirty + len > cap || s->wq_n - i >= FM_WQ_MAX)) {
		dirty -= WQ(s, i).bytes;
		done = WQ(s, i).done_ns;
		i++;
	}
	s->c.wait_ns += done - now;
	(void)dirty_at(s, done);
	WQ(s, s->wq_n) = (struct fm_wq){ mdone, len };
	s->wq_n++;
	s->wq_bytes += len;
	return done + bus_ns(s, len);
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
		done = op == FM_READ ? hdd_read(s, off, len, now) : hdd_write(s, off, len, now);
	}
	s->c.busy_ns += done - now;
	return done;
}
