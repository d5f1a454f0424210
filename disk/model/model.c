/*
 * dmodel: the disk model (model.h) in integer arithmetic, for the guest
 * kernel's block driver (disk/kmod/block.c) and the host's tests alike.
 * Pure: times in, times out. This file: the parameters' checks and the requests (the
 * head, the track buffer, the write cache, flash); disk/model/geometry.c: the
 * platter; disk/model/model_arith.h: the arithmetic both use.
 */
#include "model_arith.h"

static int check_params(const struct dmodel_params *p, const char **field)
{
#define NEED(cond, f)                                                          \
	do {                                                                   \
		if (!(cond)) {                                                 \
			*field = #f;                                           \
			return -EINVAL;                                        \
		}                                                              \
	} while (0)
	NEED(p->kind == DMODEL_NULL || p->kind == DMODEL_HDD || p->kind == DMODEL_FLASH, kind);
	NEED(p->rotational <= 1, rotational);
	if (p->kind == DMODEL_NULL)
		return 0;
	NEED(p->capacity_bytes >= 1 << 20 && p->capacity_bytes <= MAX_CAPACITY, capacity_bytes);
	if (p->kind == DMODEL_FLASH) {
		NEED(p->read_lat_ns <= MAX_LAT_NS, read_lat_ns);
		NEED(p->write_lat_ns <= MAX_LAT_NS, write_lat_ns);
		NEED(p->read_bps >= MIN_RATE && p->read_bps <= MAX_RATE, read_bps);
		NEED(p->write_bps >= MIN_RATE && p->write_bps <= MAX_RATE, write_bps);
		NEED(p->unit_bytes <= MAX_BYTES, unit_bytes);
		return 0;
	}
	NEED(p->rpm >= 1000 && p->rpm <= 20000, rpm);
	NEED(p->seek_track_ns > 0, seek_track_ns);
	NEED(p->seek_avg_ns > p->seek_track_ns, seek_avg_ns);
	NEED(p->seek_full_ns > p->seek_avg_ns && p->seek_full_ns <= MAX_SEEK_NS, seek_full_ns);
	NEED(p->rate_outer_bps >= MIN_RATE && p->rate_outer_bps <= MAX_RATE, rate_outer_bps);
	NEED(p->rate_inner_bps >= MIN_RATE && p->rate_inner_bps <= p->rate_outer_bps, rate_inner_bps);
	NEED(p->heads >= 1 && p->heads <= MAX_HEADS, heads);
	NEED(p->cache_bytes <= MAX_BYTES, cache_bytes);
	NEED(p->readahead_bytes <= p->cache_bytes, readahead_bytes);
	NEED(p->bus_bps >= MIN_RATE && p->bus_bps <= MAX_RATE, bus_bps);
	NEED(p->write_cache <= 1, write_cache);
	NEED(p->segments <= DMODEL_SEGS_MAX, segments);
	/* read segments are the datasheet path's; a drive with buffer
	 * segments has its own */
	NEED(p->read_segments <= DMODEL_RSEGS_MAX && !(p->segments && p->read_segments > 1), read_segments);
#define OH(f) NEED(p->f <= MAX_SEEK_NS, f);
	OH(oh_read_hit_r_ns) OH(oh_read_hit_w_ns) OH(oh_read_miss_r_ns) OH(oh_read_miss_w_ns)
	OH(oh_write_hit_r_ns) OH(oh_write_hit_w_ns) OH(oh_write_miss_r_ns) OH(oh_write_miss_w_ns)
	OH(oh_read_done_ns) OH(oh_write_done_ns) OH(oh_read_reconnect_ns) OH(oh_write_reconnect_ns)
	OH(write_seek_delay_ns) OH(write_min_seek_ns) OH(oh_write_reselect_ns)
#undef OH
	if (!p->segments)
		return 0;
	NEED(p->segment_bytes >= 512 && p->segment_bytes <= MAX_BYTES, segment_bytes);
	NEED(p->write_segments <= p->segments, write_segments);
	NEED(p->readahead_mode <= 4, readahead_mode);
	NEED(p->readahead_min_bytes <= p->readahead_bytes, readahead_min_bytes);
	NEED(p->readahead_over <= 1, readahead_over);
	NEED(p->readahead_idle_hit <= 1, readahead_idle_hit);
	NEED(p->write_hits_read <= 1, write_hits_read);
	NEED(p->write_separate <= 1 && p->segments > p->write_separate, write_separate);
	NEED(p->write_level <= 2, write_level);
	NEED(p->immediate_read <= 1, immediate_read);
	NEED(p->bus_sector_ns <= MAX_SEEK_NS, bus_sector_ns);
	NEED(p->bus_write_sector_ns <= MAX_SEEK_NS, bus_write_sector_ns);
	NEED(p->read_early_pm <= 1000, read_early_pm);
	NEED(p->read_partial <= 1, read_partial);
	NEED(p->read_any_free <= 1, read_any_free);
	NEED(p->no_caching <= 1, no_caching);
	NEED(p->immediate_write <= 1, immediate_write);
	NEED(p->write_hit_ra <= 1, write_hit_ra);
	NEED(p->write_combine <= 1, write_combine);
	NEED(p->sneaky_full <= 1, sneaky_full);
	NEED(p->sneaky_partial <= 1, sneaky_partial);
	NEED(p->watermark_seg <= 1, watermark_seg);
	NEED(p->almost_hits <= 1, almost_hits);
	NEED(p->access_mode <= 2, access_mode);
	NEED(p->access_const_ns <= MAX_SEEK_NS, access_const_ns);
	NEED(p->seek_const <= 1, seek_const);
	NEED(p->seek_const_ns <= MAX_SEEK_NS, seek_const_ns);
	return 0;
#undef NEED
}

int dmodel_init(struct dmodel *m, const struct dmodel_params *p, const char **field)
{
	int rc;

	memset(m, 0, sizeof(*m));
	*field = NULL;
	rc = check_params(p, field);
	if (rc)
		return rc;
	memcpy(&m->p, p, sizeof(*p));
	if (p->kind != DMODEL_HDD)
		return 0;
	rc = dmodel_geometry_init(m, field);
	return rc ? rc : dmodel_zones_init(m, field);
}

/* the head's move from track coordinate from_q to to_q, counted: a
 * track's cylinder is its number over the surfaces, its surface the rest */
static void count_move(struct dmodel *m, uint64_t from_q, uint64_t to_q)
{
	uint64_t ft = from_q >> 32, tt = to_q >> 32, h = m->p.heads;

	dmodel_count_seek(m, DMODEL_DIV(ft, h), DMODEL_DIV(tt, h), DMODEL_REM(ft, h), DMODEL_REM(tt, h));
}

/* bytes at a rate (bytes/s in Q16), in ns: len <= 2^35, rate >= 10^4 << 16: < 2^52 */
static uint64_t xfer_ns(uint64_t len, uint64_t rq16)
{
	return DMODEL_MULDIV(len, NS_PER_S << 16, rq16);
}

/* the head's media work for [off, off + len) starting at start_ns */
static int64_t media(struct dmodel *m, uint64_t off, uint64_t len, int64_t start_ns)
{
	uint64_t q = dmodel_track_of(m, off);
	uint64_t seek = dmodel_seek_q(m, m->head_q32, q);
	uint64_t ang, ph, wait, rot, xfer;

	/* the sector's angle and the platter's when the head gets there, in
	 * 1 / TURN of a turn; the wait between them, in ns, is wait / rpm */
	ang = DMODEL_MULDIV(q & (Q32 - 1), TURN, Q32);
	ph = dmodel_phase_units(m, start_ns + (int64_t)seek);
	wait = ang >= ph ? ang - ph : ang + TURN - ph;
	/* the sector under the head now: no turn (rounding must not make it a whole one) */
	if (wait > TURN - TURN / 1000000)
		wait = 0;
	rot = DMODEL_DIV(wait, m->p.rpm);
	xfer = xfer_ns(len, dmodel_rate_q16(m, q));
	m->c.seek_ns += seek;
	m->c.rot_ns += rot;
	m->c.xfer_ns += xfer;
	count_move(m, m->head_q32, q);
	m->head_q32 = dmodel_track_of(m, off + len);
	return start_ns + (int64_t)(seek + rot + xfer);
}

/* how far segment s holds data by t: while it is read ahead into, the
 * head streams on from hi at the zone's rate (the head is at hi's track)
 * while nothing else needs it, up to cap */
static uint64_t streamed(const struct dmodel *m, const struct dmodel_rseg *s, int64_t t)
{
	uint64_t rq, need, dt;

	if (!s->ra || t <= s->t)
		return s->hi;
	rq = dmodel_rate_q16(m, m->head_q32);
	need = s->cap - s->hi;
	dt = (uint64_t)(t - s->t);
	if (dt >= xfer_ns(need, rq))
		return s->cap;
	return s->hi + DMODEL_MULDIV(dt, rq, NS_PER_S << 16);	/* dt < 2^52 */
}

static unsigned nsegs(const struct dmodel *m)
{
	return m->p.read_segments > 1 ? (unsigned)m->p.read_segments : 1;
}

/* the first byte segment s still holds when it holds up to hi: a segment
 * keeps its share of the buffer, the latest data */
static uint64_t held_lo(const struct dmodel *m, const struct dmodel_rseg *s, uint64_t hi)
{
	uint64_t size = DMODEL_DIV(m->p.cache_bytes, nsegs(m));

	return hi - s->lo > size ? hi - size : s->lo;
}

/* the segment that holds [off, end) by t, or -1 */
static int rseg_hit(const struct dmodel *m, uint64_t off, uint64_t end, int64_t t)
{
	for (unsigned i = 0; i < nsegs(m); i++) {
		const struct dmodel_rseg *s = &m->rseg[i];
		uint64_t hi;

		if (!s->valid)
			continue;
		hi = streamed(m, s, t);
		if (off >= held_lo(m, s, hi) && end <= hi)
			return (int)i;
	}
	return -1;
}

/* the segment read ahead into, or NULL */
static struct dmodel_rseg *rseg_ra(struct dmodel *m)
{
	for (unsigned i = 0; i < nsegs(m); i++)
		if (m->rseg[i].valid && m->rseg[i].ra)
			return &m->rseg[i];
	return NULL;
}

/* the head leaves the read-ahead at t: its segment keeps what it has, and
 * the head is where the read-ahead took it */
static void stop_ra(struct dmodel *m, int64_t t)
{
	struct dmodel_rseg *s = rseg_ra(m);

	if (!s)
		return;
	if (t > s->t) {
		s->hi = streamed(m, s, t);
		s->t = t;
		m->head_q32 = dmodel_track_of(m, s->hi);
	}
	s->cap = s->hi;
	s->ra = 0;
}

/* the segment a read of [off, end) goes to: one that overlaps it, else an
 * empty one, else the least recently used */
static struct dmodel_rseg *rseg_for(struct dmodel *m, uint64_t off, uint64_t end)
{
	struct dmodel_rseg *best = &m->rseg[0];

	for (unsigned i = 0; i < nsegs(m); i++) {
		struct dmodel_rseg *s = &m->rseg[i];

		if (!s->valid || (off < s->hi && end > s->lo))
			return s;
		if (s->used < best->used)
			best = s;
	}
	return best;
}

/* a read hit in segment h: counted by the segment's recency */
static void count_hit(struct dmodel *m, int h)
{
	unsigned r = 0;

	for (unsigned k = 0; k < nsegs(m); k++)
		if (m->rseg[k].valid && m->rseg[k].used > m->rseg[h].used)
			r++;
	dmodel_count_hit(m, r);
	m->rseg[h].used = ++m->use_clock;
}

/* the head's track coordinate at t: where the read-ahead has taken it */
static uint64_t head_q(const struct dmodel *m, int64_t t)
{
	for (unsigned i = 0; i < nsegs(m); i++) {
		const struct dmodel_rseg *s = &m->rseg[i];

		if (s->valid && s->ra && t > s->t)
			return dmodel_track_of(m, streamed(m, s, t));
	}
	return m->head_q32;
}

uint64_t dmodel_position_ns(const struct dmodel *m, enum dmodel_op op, uint64_t off, uint64_t len, int64_t now)
{
	int64_t start = now > m->head_free_ns ? now : m->head_free_ns;
	uint64_t q, seek, ang, ph, wait;

	if (m->p.kind == DMODEL_NULL || op == DMODEL_FLUSH)
		return 0;
	if (m->p.kind == DMODEL_FLASH)
		return (uint64_t)(start - now) + (op == DMODEL_READ ? m->p.read_lat_ns : m->p.write_lat_ns);
	if (off > m->p.capacity_bytes)
		off = m->p.capacity_bytes;
	if (len > MAX_BYTES)
		len = MAX_BYTES;
	if (m->p.segments)
		return dmodel_drive_position(m, op, off, len, now);
	/* the datasheet's disk: a read a segment holds costs nothing before
	 * its data; a write into the cache neither */
	if (op == DMODEL_READ && rseg_hit(m, off, off + len, start) >= 0)
		return (uint64_t)(start - now);
	q = dmodel_track_of(m, off);
	seek = dmodel_seek_q(m, head_q(m, start), q);
	ang = DMODEL_MULDIV(q & (Q32 - 1), TURN, Q32);
	ph = dmodel_phase_units(m, start + (int64_t)seek);
	wait = ang >= ph ? ang - ph : ang + TURN - ph;
	if (wait > TURN - TURN / 1000000)
		wait = 0;
	return (uint64_t)(start - now) + seek + DMODEL_DIV(wait, m->p.rpm);
}

int64_t dmodel_free_ns(const struct dmodel *m)
{
	return m->head_free_ns;
}

static int64_t bus_ns(const struct dmodel *m, uint64_t len)
{
	return (int64_t)DMODEL_MULDIV(len, NS_PER_S, m->p.bus_bps);
}

static int64_t hdd_read(struct dmodel *m, uint64_t off, uint64_t len, int64_t now)
{
	uint64_t end = off + len;
	int64_t start = now > m->head_free_ns ? now : m->head_free_ns, done;
	uint64_t oh_hit = m->last_write ? m->p.oh_read_hit_w_ns : m->p.oh_read_hit_r_ns;
	uint64_t oh_miss = m->last_write ? m->p.oh_read_miss_w_ns : m->p.oh_read_miss_r_ns;
	struct dmodel_rseg *s;
	int h;

	m->c.wait_ns += (uint64_t)(start - now);
	m->last_write = 0;
	if ((h = rseg_hit(m, off, end, start)) >= 0) {
		count_hit(m, h);
		m->c.overhead_ns += oh_hit + m->p.oh_read_done_ns;
		return start + (int64_t)(oh_hit + m->p.oh_read_done_ns) + bus_ns(m, len);
	}
	m->c.overhead_ns += oh_miss + m->p.oh_read_done_ns;
	/* the controller takes the command beside the head's earlier work */
	if (now + (int64_t)oh_miss > start)
		start = now + (int64_t)oh_miss;
	s = rseg_ra(m);
	if (s && start >= s->t && off <= streamed(m, s, start) && off >= held_lo(m, s, streamed(m, s, start))) {
		/* the head is still reading toward it: the rest at the zone's rate
		 * (not a hit, and its front still held: it ends past hi) */
		done = s->t + (int64_t)xfer_ns(end - s->hi, dmodel_rate_q16(m, m->head_q32));
		if (done < start)
			done = start;
		m->c.xfer_ns += (uint64_t)(done - start);
		m->head_q32 = dmodel_track_of(m, end);
	} else {
		stop_ra(m, start);
		done = media(m, off, len, start);
		s = rseg_for(m, off, end);
		s->lo = off;
	}
	s->hi = end;
	s->t = done;
	s->cap = end + m->p.readahead_bytes;
	s->valid = 1;
	s->ra = 1;
	s->used = ++m->use_clock;
	m->head_free_ns = done;
	return done + (int64_t)m->p.oh_read_done_ns;
}

#define WQ(m, i) ((m)->wq[((m)->wq_h + (i)) & (DMODEL_WQ_MAX - 1)])

/* what the cache holds at t that the head has not yet written */
static uint64_t dirty_at(struct dmodel *m, int64_t t)
{
	while (m->wq_n && WQ(m, 0).done_ns <= t) {
		m->wq_bytes -= WQ(m, 0).bytes;
		m->wq_h = (m->wq_h + 1) & (DMODEL_WQ_MAX - 1);
		m->wq_n--;
	}
	return m->wq_bytes;
}

static int64_t hdd_write(struct dmodel *m, uint64_t off, uint64_t len, int64_t now)
{
	int64_t start = now > m->head_free_ns ? now : m->head_free_ns, mstart, mdone, done = now;
	uint64_t cap = m->p.cache_bytes, dirty;
	int cached = m->p.write_cache && len <= cap;
	/* longer than the cache: the drive takes the data as the head writes
	 * them and reports the write once the rest fits in the cache */
	int tail = m->p.write_cache && len > cap;
	uint64_t oh = cached || tail ? (m->last_write ? m->p.oh_write_hit_w_ns : m->p.oh_write_hit_r_ns)
				     : (m->last_write ? m->p.oh_write_miss_w_ns : m->p.oh_write_miss_r_ns);
	unsigned i = 0;

	m->last_write = 1;
	m->c.overhead_ns += oh + m->p.oh_write_done_ns;
	mstart = now + (int64_t)oh > start ? now + (int64_t)oh : start;
	/* the head leaves the read stream; one read segment takes the
	 * write's data, more keep all but what the write replaces */
	stop_ra(m, mstart);
	for (unsigned k = 0; k < nsegs(m); k++)
		if (nsegs(m) == 1 || (off < m->rseg[k].hi && off + len > m->rseg[k].lo))
			m->rseg[k].valid = 0;
	mdone = media(m, off, len, mstart);
	m->head_free_ns = mdone;
	if (tail) {
		int64_t mid = mdone - (int64_t)xfer_ns(cap, dmodel_rate_q16(m, dmodel_track_of(m, off)));	/* media's rate */

		m->c.wait_ns += (uint64_t)(start - now);
		(void)dirty_at(m, mid);	/* what was queued before is on the platter by then */
		if (m->wq_n < DMODEL_WQ_MAX) {
			WQ(m, m->wq_n).done_ns = mdone;
			WQ(m, m->wq_n).bytes = cap;
			m->wq_n++;
			m->wq_bytes += cap;
		}
		if (mid < now + (int64_t)(oh + bus_ns(m, len)))
			mid = now + (int64_t)(oh + bus_ns(m, len));
		return mid + (int64_t)m->p.oh_write_done_ns;
	}
	if (!cached) {
		m->c.wait_ns += (uint64_t)(start - now);
		return mdone + (int64_t)m->p.oh_write_done_ns;
	}
	done = now + (int64_t)oh;
	dirty = dirty_at(m, now);
	/* no room: wait until enough of what is queued is on the platter */
	while (i < m->wq_n && (dirty + len > cap || m->wq_n - i >= DMODEL_WQ_MAX)) {
		dirty -= WQ(m, i).bytes;
		done = WQ(m, i).done_ns;
		i++;
	}
	if (done < now + (int64_t)oh)
		done = now + (int64_t)oh;
	m->c.wait_ns += (uint64_t)(done - now - (int64_t)oh);
	(void)dirty_at(m, done);
	WQ(m, m->wq_n).done_ns = mdone;
	WQ(m, m->wq_n).bytes = len;
	m->wq_n++;
	m->wq_bytes += len;
	return done + bus_ns(m, len) + (int64_t)m->p.oh_write_done_ns;
}

static int64_t flash(struct dmodel *m, enum dmodel_op op, uint64_t off, uint64_t len, int64_t now)
{
	int64_t start = now > m->head_free_ns ? now : m->head_free_ns;
	uint64_t lat = op == DMODEL_READ ? m->p.read_lat_ns : m->p.write_lat_ns;
	uint64_t rate = op == DMODEL_READ ? m->p.read_bps : m->p.write_bps;
	uint64_t xfer = DMODEL_MULDIV(len, NS_PER_S, rate), copy = 0, u = m->p.unit_bytes;

	m->c.wait_ns += (uint64_t)(start - now);
	if (op == DMODEL_WRITE && u) {
		uint64_t unit = DMODEL_DIV(off, u), at = off - unit * u, lack = 0;

		if (!m->unit_valid || unit != m->unit_open || at != m->unit_written) {
			/* close the open unit: what it lacks is copied in */
			if (m->unit_valid && m->unit_written < u)
				lack = u - m->unit_written;
			/* written out of order inside a unit: its start is copied too */
			lack += at;
			copy = DMODEL_MULDIV(lack, NS_PER_S, m->p.read_bps) +
			       DMODEL_MULDIV(lack, NS_PER_S, rate);
			m->unit_open = unit;
			m->unit_valid = 1;
		}
		m->unit_written = at + len > u ? u : at + len;
	}
	m->c.seek_ns += lat;
	m->c.xfer_ns += xfer;
	m->c.rot_ns += copy;	/* flash: the unit copies, where a disk turns */
	/* a profile's figures bound one request (disk/profile/profile.c), not a run of
	 * them: the clock saturates rather than wrap */
	lat += xfer + copy;
	m->head_free_ns = lat > (~0ULL >> 1) - (uint64_t)start ? (int64_t)(~0ULL >> 1) : start + (int64_t)lat;
	return m->head_free_ns;
}

int64_t dmodel_request(struct dmodel *m, enum dmodel_op op, uint64_t off, uint64_t len, int64_t now)
{
	int64_t done;

	switch (op) {
	case DMODEL_READ:
		m->c.reads++;
		m->c.read_bytes += len;
		break;
	case DMODEL_WRITE:
		m->c.writes++;
		m->c.write_bytes += len;
		break;
	case DMODEL_FLUSH:
		m->c.flushes++;
		break;
	}
	if (m->p.kind == DMODEL_NULL)
		return now;
	/* the arithmetic's range: a request past the end is at the end */
	if (off > m->p.capacity_bytes)
		off = m->p.capacity_bytes;
	if (len > MAX_BYTES)
		len = MAX_BYTES;
	if (op == DMODEL_FLUSH && !m->p.segments) {
		done = now > m->head_free_ns ? now : m->head_free_ns;
		m->c.wait_ns += (uint64_t)(done - now);
	} else if (m->p.kind == DMODEL_FLASH) {
		done = flash(m, op, off, len, now);
	} else if (m->p.segments) {
		done = dmodel_drive_request(m, op, off, len, now);
	} else {
		done = op == DMODEL_READ ? hdd_read(m, off, len, now) : hdd_write(m, off, len, now);
	}
	m->c.busy_ns += (uint64_t)(done - now);
	return done;
}
