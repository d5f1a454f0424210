/*
 * dmodel's platter (model.h, model_arith.h): where a byte lies (a Q32
 * track coordinate: the track and the angle within it), how long the head
 * takes between two cylinders, the zone's rate, and the platter's angle at
 * a time. Integer arithmetic, for the guest kernel and the host alike.
 */
#include "model_arith.h"

/* the largest r with r * r <= v */
uint64_t dmodel_isqrt(uint64_t v)
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

/* the geometry of a checked hdd: the seek curve, the tracks, the cylinders */
int dmodel_geometry_init(struct dmodel *m, const char **field)
{
	const struct dmodel_params *p = &m->p;
	uint64_t sh;
	int rc = fit_seek(m, field);

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
	sq = dmodel_isqrt(u << 30);	/* sqrt(u) in Q30 */
	t = m->p.seek_track_ns + DMODEL_MULDIV(m->seek_b3, sq, 3 * Q30);
	if (m->seek_c_neg)
		t -= DMODEL_MULDIV(m->seek_c3_abs, u, 3 * Q30);
	else
		t += DMODEL_MULDIV(m->seek_c3_abs, u, 3 * Q30);
	return t;
}

/* the seek between two track coordinates */
static uint64_t seek_q(const struct dmodel *m, uint64_t from_q, uint64_t to_q)
{
	uint64_t cf = cylinder_of(m, from_q), ct = cylinder_of(m, to_q);

	return dmodel_seek_cyl_ns(m, cf > ct ? cf - ct : ct - cf);
}

/* the seek between two bytes' cylinders on the datasheet's platter */
uint64_t dmodel_platter_seek_ns(const struct dmodel *m, uint64_t from_off, uint64_t to_off)
{
	if (m->p.kind != DMODEL_HDD)
		return 0;
	return seek_q(m, dmodel_track_of(m, from_off), dmodel_track_of(m, to_off));
}

/* the zone's rate at a track coordinate, bytes/s in Q16 (< 2^56):
 * ro - (ro - ri) x, x = q / T in Q32 */
uint64_t dmodel_rate_q16(const struct dmodel *m, uint64_t q)
{
	uint64_t ro = m->p.rate_outer_bps, dr = ro - m->p.rate_inner_bps;
	uint64_t x = DMODEL_MULDIV(q, m->s30, m->cap_rpm);

	if (x > Q32)
		x = Q32;
	return (ro << 16) - DMODEL_MULDIV(dr, x, Q16);
}

uint64_t dmodel_platter_rate_at(const struct dmodel *m, uint64_t off)
{
	if (m->p.kind != DMODEL_HDD)
		return 0;
	return dmodel_rate_q16(m, dmodel_track_of(m, off)) >> 16;
}

/* the platter's angle at t in units of 1 / TURN of a turn: t rpm mod TURN */
uint64_t dmodel_phase_units(const struct dmodel *m, int64_t t)
{
	uint64_t r;

	if (t >= 0)
		return DMODEL_REM(DMODEL_REM((uint64_t)t, TURN) * m->p.rpm, TURN);
	r = DMODEL_REM(DMODEL_REM(-(uint64_t)t, TURN) * m->p.rpm, TURN);
	return r ? TURN - r : 0;
}

