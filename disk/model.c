/*
 * dmodel: the disk model (model.h) in integer arithmetic, for the guest
 * kernel's device-mapper target and the host's tests alike. Pure: times
 * in, times out. Every 64-bit division goes through the macros below (a
 * 32-bit kernel has no libgcc to divide with); every product is bounded by
 * the ranges dmodel_init enforces (the comments give the bound), so no
 * DMODEL_MULDIV quotient overflows 64 bits.
 */
#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/math64.h>
#include <linux/string.h>
#include <linux/types.h>
#define DMODEL_DIV(a, b) div64_u64((a), (b))
#define DMODEL_MULDIV(a, b, c) mul_u64_u64_div_u64((a), (b), (c))
static inline uint64_t dmodel_rem(uint64_t a, uint64_t b)
{
	u64 r;

	div64_u64_rem(a, b, &r);
	return r;
}
#define DMODEL_REM(a, b) dmodel_rem((a), (b))
#else
#include <errno.h>
#include <stdint.h>
#include <string.h>
#define DMODEL_DIV(a, b) ((uint64_t)(a) / (uint64_t)(b))
#define DMODEL_REM(a, b) ((uint64_t)(a) % (uint64_t)(b))
__extension__ typedef unsigned __int128 dmodel_u128;
#define DMODEL_MULDIV(a, b, c) ((uint64_t)((dmodel_u128)(a) * (uint64_t)(b) / (uint64_t)(c)))
#endif

#include "model.h"

#define NS_PER_S 1000000000ULL
#define TURN 60000000000ULL	/* a turn, in units of 1/rpm ns: t * rpm mod TURN is the angle */
#define Q32 (1ULL << 32)
#define Q30 (1ULL << 30)
#define Q16 (1ULL << 16)
/* the ranges the arithmetic is bounded for */
#define MAX_CAPACITY (1ULL << 46)	/* 64 TiB: capacity * rpm < 2^61 */
#define MAX_RATE (1ULL << 40)	/* bytes/s */
#define MIN_RATE 1000ULL
#define MAX_BYTES (1ULL << 40)	/* a cache, a unit, a request's length */
#define MAX_SEEK_NS 10000000000ULL	/* 10 s */
#define MAX_LAT_NS (1ULL << 40)
#define MAX_HEADS 1024
#define MAX_TRACKS (1ULL << 31)

/* the largest r with r * r <= v */
static uint64_t isqrt(uint64_t v)
{
	uint64_t r = 0, bit = 1ULL << 62;

	while (bit > v)
		bit >>= 2;
	while (bit) {
		if (v >= r + bit) {
			v -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

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
	return 0;
#undef NEED
}

/*
 * The seek curve t(u) = track + b sqrt(u) + c u over u = (n - 1) / (C - 2)
 * for n >= 1 cylinders. Full stroke: t(1). Average: the mean over pairs of
 * uniformly random cylinders, whose distance has density 2 (1 - u):
 * E[sqrt u] = 8/15, E[u] = 1/3. With f = full - track, a = avg - track:
 * 3b = 15a - 5f, 3c = 8f - 15a, kept as thirds of a nanosecond.
 */
static int fit_seek(struct dmodel *m, const char **field)
{
	uint64_t f = m->p.seek_full_ns - m->p.seek_track_ns;
	uint64_t a = m->p.seek_avg_ns - m->p.seek_track_ns;

	/* increasing over the whole stroke: t'(u) = b / (2 sqrt u) + c > 0,
	 * that is b >= 0 and b / 2 + c >= 0 */
	if (15 * a < 5 * f || 15 * a > 11 * f) {
		*field = "seek_avg_ns";
		return -EINVAL;
	}
	m->seek_b3 = 15 * a - 5 * f;
	m->seek_c_neg = 15 * a > 8 * f;
	m->seek_c3_abs = m->seek_c_neg ? 15 * a - 8 * f : 8 * f - 15 * a;
	return 0;
}

int dmodel_init(struct dmodel *m, const struct dmodel_params *p, const char **field)
{
	int rc;
	uint64_t sh;

	memset(m, 0, sizeof(*m));
	*field = NULL;
	rc = check_params(p, field);
	if (rc)
		return rc;
	memcpy(&m->p, p, sizeof(*p));
	if (p->kind != DMODEL_HDD)
		return 0;
	rc = fit_seek(m, field);
	if (rc)
		return rc;
	/* a track holds one turn at its zone's rate; with the rate linear in
	 * the track, the average track holds (ro + ri) / 2 * 60 / rpm bytes, so
	 * tracks = capacity * rpm / (30 (ro + ri)) */
	m->cap_rpm = p->capacity_bytes * p->rpm;	/* < 2^61 */
	m->s30 = 30 * (p->rate_outer_bps + p->rate_inner_bps);	/* < 2^46 */
	sh = m->s30 * p->heads;	/* < 2^56 */
	if (DMODEL_DIV(m->cap_rpm, m->s30) >= MAX_TRACKS || m->cap_rpm < 3 * sh) {
		/* more tracks than the coordinates hold, or fewer than 3 cylinders */
		*field = "capacity_bytes";
		return -EINVAL;
	}
	m->tracks_q32 = DMODEL_MULDIV(m->cap_rpm, Q32, m->s30);	/* < 2^63 */
	m->cyl_den = m->cap_rpm - 2 * sh;
	return 0;
}

/*
 * rpm x the bytes before track n (n <= tracks + 1): the integral of one
 * turn at the zone's rate, 60 (ro n - (ro - ri) n^2 / (2 T)) with
 * 1 / T = s30 / cap_rpm. 60 ro n <= 2 cap_rpm < 2^62; n s30 <= cap_rpm + s30.
 */
static uint64_t before_rpm(const struct dmodel *m, uint64_t n)
{
	uint64_t ro = m->p.rate_outer_bps, dr = ro - m->p.rate_inner_bps;

	return 60 * ro * n - DMODEL_MULDIV(30 * dr * n, m->s30 * n, m->cap_rpm);
}

/* the track coordinate of a byte: the track by bisection, the angle by
 * interpolation within it (its bytes per turn vary by < 1e-6 across it) */
uint64_t dmodel_track_of(const struct dmodel *m, uint64_t off)
{
	uint64_t target, lo = 0, hi, w0, w1, q;

	if (m->p.kind != DMODEL_HDD)
		return 0;
	if (off >= m->p.capacity_bytes)
		return m->tracks_q32;
	target = off * m->p.rpm;
	hi = (m->tracks_q32 >> 32) + 1;	/* before_rpm(hi) > target */
	while (hi - lo > 1) {
		uint64_t mid = lo + ((hi - lo) >> 1);

		if (before_rpm(m, mid) <= target)
			lo = mid;
		else
			hi = mid;
	}
	w0 = before_rpm(m, lo);
	w1 = before_rpm(m, lo + 1);
	q = (lo << 32) + DMODEL_MULDIV(target - w0, Q32, w1 - w0);
	return q < m->tracks_q32 ? q : m->tracks_q32;
}

uint64_t dmodel_track_start(const struct dmodel *m, uint64_t track)
{
	uint64_t w;

	if (m->p.kind != DMODEL_HDD)
		return 0;
	if (track > (m->tracks_q32 >> 32))
		return m->p.capacity_bytes;
	w = before_rpm(m, track);
	return DMODEL_DIV(w + m->p.rpm - 1, m->p.rpm);
}

uint64_t dmodel_cylinders(const struct dmodel *m)
{
	return m->p.kind == DMODEL_HDD ? DMODEL_DIV(m->cap_rpm, m->s30 * m->p.heads) : 0;
}

static uint64_t cylinder_of(const struct dmodel *m, uint64_t q)
{
	return DMODEL_DIV(q >> 32, m->p.heads);
}

uint64_t dmodel_seek_cyl_ns(const struct dmodel *m, uint64_t n)
{
	uint64_t sh, u, sq, t;

	if (m->p.kind != DMODEL_HDD || n < 1)
		return 0;
	sh = m->s30 * m->p.heads;
	/* u = (n - 1) / (C - 2) with C = cap_rpm / sh, in Q30 */
	if (n - 1 >= dmodel_cylinders(m))
		u = Q30;
	else
		u = DMODEL_MULDIV((n - 1) * sh, Q30, m->cyl_den);	/* (n - 1) sh <= cap_rpm */
	if (u > Q30)
		u = Q30;
	sq = isqrt(u << 30);	/* sqrt(u) in Q30 */
	t = m->p.seek_track_ns + DMODEL_MULDIV(m->seek_b3, sq, 3 * Q30);
	if (m->seek_c_neg)
		t -= DMODEL_MULDIV(m->seek_c3_abs, u, 3 * Q30);
	else
		t += DMODEL_MULDIV(m->seek_c3_abs, u, 3 * Q30);
	return t;
}

static uint64_t seek_q(const struct dmodel *m, uint64_t from_q, uint64_t to_q)
{
	uint64_t cf = cylinder_of(m, from_q), ct = cylinder_of(m, to_q);

	return dmodel_seek_cyl_ns(m, cf > ct ? cf - ct : ct - cf);
}

uint64_t dmodel_seek_ns(const struct dmodel *m, uint64_t from_off, uint64_t to_off)
{
	if (m->p.kind != DMODEL_HDD)
		return 0;
	return seek_q(m, dmodel_track_of(m, from_off), dmodel_track_of(m, to_off));
}

/* the zone's rate at a track coordinate, bytes/s in Q16 (< 2^56):
 * ro - (ro - ri) x, x = q / T in Q32 */
static uint64_t rate_q16(const struct dmodel *m, uint64_t q)
{
	uint64_t ro = m->p.rate_outer_bps, dr = ro - m->p.rate_inner_bps;
	uint64_t x = DMODEL_MULDIV(q, m->s30, m->cap_rpm);

	if (x > Q32)
		x = Q32;
	return (ro << 16) - DMODEL_MULDIV(dr, x, Q16);
}

uint64_t dmodel_rate_at(const struct dmodel *m, uint64_t off)
{
	if (m->p.kind != DMODEL_HDD)
		return 0;
	return rate_q16(m, dmodel_track_of(m, off)) >> 16;
}

uint64_t dmodel_rev_ns(const struct dmodel *m)
{
	return m->p.kind == DMODEL_HDD ? DMODEL_DIV(TURN, m->p.rpm) : 0;
}

/* the platter's angle at t in units of 1 / TURN of a turn: t rpm mod TURN */
static uint64_t phase_units(const struct dmodel *m, int64_t t)
{
	uint64_t r;

	if (t >= 0)
		return DMODEL_REM(DMODEL_REM((uint64_t)t, TURN) * m->p.rpm, TURN);
	r = DMODEL_REM(DMODEL_REM(-(uint64_t)t, TURN) * m->p.rpm, TURN);
	return r ? TURN - r : 0;
}

uint32_t dmodel_phase_q32(const struct dmodel *m, int64_t t_ns)
{
	if (m->p.kind != DMODEL_HDD)
		return 0;
	return (uint32_t)DMODEL_MULDIV(phase_units(m, t_ns), Q32, TURN);
}

/* bytes at a rate (bytes/s in Q16), in ns: len <= 2^40, rate >= 1000 << 16 */
static uint64_t xfer_ns(uint64_t len, uint64_t rq16)
{
	return DMODEL_MULDIV(len, NS_PER_S << 16, rq16);
}

/* the head's media work for [off, off + len) starting at start_ns */
static int64_t media(struct dmodel *m, uint64_t off, uint64_t len, int64_t start_ns)
{
	uint64_t q = dmodel_track_of(m, off);
	uint64_t seek = seek_q(m, m->head_q32, q);
	uint64_t ang, ph, wait, rot, xfer;

	/* the sector's angle and the platter's when the head gets there, in
	 * 1 / TURN of a turn; the wait between them, in ns, is wait / rpm */
	ang = DMODEL_MULDIV(q & (Q32 - 1), TURN, Q32);
	ph = phase_units(m, start_ns + (int64_t)seek);
	wait = ang >= ph ? ang - ph : ang + TURN - ph;
	/* the sector under the head now: no turn (rounding must not make it a whole one) */
	if (wait > TURN - TURN / 1000000)
		wait = 0;
	rot = DMODEL_DIV(wait, m->p.rpm);
	xfer = xfer_ns(len, rate_q16(m, q));
	m->c.seek_ns += seek;
	m->c.rot_ns += rot;
	m->c.xfer_ns += xfer;
	m->head_q32 = dmodel_track_of(m, off + len);
	return start_ns + (int64_t)(seek + rot + xfer);
}

/* how far the head has read ahead by t: it streams on from buf_hi at the
 * zone's rate while nothing else needs it, up to buf_cap */
static uint64_t streamed(const struct dmodel *m, int64_t t)
{
	uint64_t rq, need, dt;

	if (t <= m->buf_t)
		return m->buf_hi;
	rq = rate_q16(m, m->head_q32);
	need = m->buf_cap - m->buf_hi;
	dt = (uint64_t)(t - m->buf_t);
	if (dt >= xfer_ns(need, rq))
		return m->buf_cap;
	return m->buf_hi + DMODEL_MULDIV(dt, rq, NS_PER_S << 16);	/* dt < 2^61 */
}

static int64_t bus_ns(const struct dmodel *m, uint64_t len)
{
	return (int64_t)DMODEL_MULDIV(len, NS_PER_S, m->p.bus_bps);
}

static int64_t hdd_read(struct dmodel *m, uint64_t off, uint64_t len, int64_t now)
{
	uint64_t end = off + len;
	int64_t start = now > m->head_free_ns ? now : m->head_free_ns, done;

	m->c.wait_ns += (uint64_t)(start - now);
	if (m->buf_valid && off >= m->buf_lo && end <= streamed(m, start)) {
		m->c.buffer_hits++;
		return start + bus_ns(m, len);
	}
	if (m->buf_valid && off >= m->buf_lo && off <= streamed(m, start) && start >= m->buf_t) {
		/* the head is still reading toward it: the rest at the zone's rate */
		done = m->buf_t + (int64_t)xfer_ns(end - m->buf_hi, rate_q16(m, m->head_q32));
		if (done < start)
			done = start;
		m->c.xfer_ns += (uint64_t)(done - start);
		m->head_q32 = dmodel_track_of(m, end);
	} else {
		done = media(m, off, len, start);
		m->buf_lo = off;
	}
	m->buf_hi = end;
	m->buf_t = done;
	m->buf_cap = end + m->p.readahead_bytes;
	m->buf_valid = 1;
	m->head_free_ns = done;
	return done;
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
	int64_t start = now > m->head_free_ns ? now : m->head_free_ns, mdone, done = now;
	uint64_t cap = m->p.cache_bytes, dirty;
	unsigned i = 0;

	m->buf_valid = 0;	/* the head leaves the read stream */
	mdone = media(m, off, len, start);
	m->head_free_ns = mdone;
	if (!m->p.write_cache || len > cap) {
		m->c.wait_ns += (uint64_t)(start - now);
		return mdone;
	}
	dirty = dirty_at(m, now);
	/* no room: wait until enough of what is queued is on the platter */
	while (i < m->wq_n && (dirty + len > cap || m->wq_n - i >= DMODEL_WQ_MAX)) {
		dirty -= WQ(m, i).bytes;
		done = WQ(m, i).done_ns;
		i++;
	}
	m->c.wait_ns += (uint64_t)(done - now);
	(void)dirty_at(m, done);
	WQ(m, m->wq_n).done_ns = mdone;
	WQ(m, m->wq_n).bytes = len;
	m->wq_n++;
	m->wq_bytes += len;
	return done + bus_ns(m, len);
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
	m->head_free_ns = start + (int64_t)(lat + xfer + copy);
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
	if (op == DMODEL_FLUSH) {
		done = now > m->head_free_ns ? now : m->head_free_ns;
		m->c.wait_ns += (uint64_t)(done - now);
	} else if (m->p.kind == DMODEL_FLASH) {
		done = flash(m, op, off, len, now);
	} else {
		done = op == DMODEL_READ ? hdd_read(m, off, len, now) : hdd_write(m, off, len, now);
	}
	m->c.busy_ns += (uint64_t)(done - now);
	return done;
}
