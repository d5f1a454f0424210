/*
 * dmodel's drive layout (model.h, model_arith.h): where a logical sector
 * lies (cylinder, surface, angle) under the zone table of a profile, or
 * under the linear-rate platter (geometry.c) without one; and the seek
 * over a distance by the measured table, the HPL equation or the
 * three-point curve. Integer arithmetic, for the guest kernel and the
 * host alike.
 */
#include "model_arith.h"

/* the sparing's unit (sectors) and the data sectors in it; 0: the zone.
 * DiskSim's schemes (its manual, B.4.2): spare sectors at the end of
 * each cylinder (2, 4), each track (3), each range of cylinders (8), or
 * at the front of each cylinder (5, 6) */
static void spare_unit(const struct dmodel *m, const struct dmodel_zone *z, uint64_t *unit, uint64_t *data)
{
	uint64_t per = z->bpt * m->p.heads;

	*unit = 0;
	*data = 0;
	switch (m->p.sparing) {
	case 2:
	case 4:
	case 5:
	case 6:
		*unit = per;
		break;
	case 3:
		*unit = z->bpt;
		break;
	case 8:
		*unit = per * m->p.spare_range;
		break;
	default:
		return;
	}
	*data = *unit - z->spares;
}

/* the spares lead their unit (5, 6: at each cylinder's front) */
static int spares_front(const struct dmodel *m)
{
	return m->p.sparing == 5 || m->p.sparing == 6;
}

/* a slipped sector takes a logical one: no spares (0), spares at the
 * disk's end (7), or spares the slips may not use, more being at the
 * disk's end (4, 6, 10) */
static int slips_take_data(const struct dmodel *m)
{
	uint64_t s = m->p.sparing;

	return s == 0 || s == 7 || s == 4 || s == 6 || s == 10;
}

/* where the x-th place lands past n sorted slips a[] (each slip at or
 * before it moves it on by one): x + the count of k with a[k] - k <= x,
 * which increases with k (the slips are distinct and increasing), so a
 * bisection finds it: O(log n) however many slips a zone has */
static uint64_t past_slips(const uint64_t *a, uint64_t n, uint64_t x)
{
	uint64_t lo = 0, hi = n;

	while (lo < hi) {
		uint64_t mid = (lo + hi) >> 1;

		if (a[mid] - mid <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return x + lo;
}

#define FAILF(f)                                                               \
	do {                                                                   \
		*field = (f);                                                  \
		return -EINVAL;                                                \
	} while (0)

int dmodel_zones_init(struct dmodel *m, const char **field)
{
	const struct dmodel_params *p = &m->p;
	uint64_t lbn = 0, slips = 0, i;

	if (p->seek_points > DMODEL_SEEK_MAX)
		FAILF("seek_points");
	for (i = 0; i < p->seek_points; i++) {
		/* increasing in distance, each time within the model's range */
		if (!p->seek[i].cyl || (i && p->seek[i].cyl <= p->seek[i - 1].cyl))
			FAILF("seek");
		if (p->seek[i].ns > MAX_SEEK_NS)
			FAILF("seek");
	}
	if (p->hpl_bound && (p->hpl_short_ns > MAX_SEEK_NS || p->hpl_long_ns > MAX_SEEK_NS ||
			     p->hpl_sqrt_ns > MAX_SEEK_NS / 1024 || p->hpl_lin_ps > MAX_SEEK_NS))
		FAILF("hpl_bound");
	if ((int64_t)p->write_settle_ns > (int64_t)MAX_SEEK_NS ||
	    (int64_t)p->write_settle_ns < -(int64_t)MAX_SEEK_NS)
		FAILF("write_settle_ns");
	if (p->head_switch_ns > MAX_SEEK_NS)
		FAILF("head_switch_ns");
	m->sectors = p->capacity_bytes >> 9;
	if (!p->zones)
		return 0;
	if (p->zones > DMODEL_ZONES_MAX)
		FAILF("zones");
	if (p->sparing > 10)
		FAILF("sparing");
	if (p->lbn_map > 2)
		FAILF("lbn_map");
	if (p->sparing == 8 && (!p->spare_range || p->spare_range > MAX_TRACKS))
		FAILF("spare_range");
	/* compared by division: the product of two figures of a file may wrap */
	if (!p->cylinders || p->cylinders > DMODEL_DIV(MAX_TRACKS, p->heads))
		FAILF("cylinders");
	for (i = 0; i < p->zones; i++) {
		const struct dmodel_zone *z = &p->zone[i];
		uint64_t cyls, phys, data, unit, udata;

		/* the zones cover the cylinders in order, none twice, none left out */
		/* in order from cylinder 0, none overlapping; a gap between two
		 * holds no data */
		if ((!i && z->first_cyl) || (i && z->first_cyl <= p->zone[i - 1].last_cyl) ||
		    z->last_cyl < z->first_cyl || z->last_cyl >= p->cylinders)
			FAILF("zone");
		if (!z->bpt || z->bpt > 65536 || z->skew_track >= z->bpt * 1000 || z->skew_cyl >= z->bpt * 1000 ||
		    z->offset >= z->bpt * 1000)
			FAILF("zone");
		cyls = z->last_cyl - z->first_cyl + 1;
		phys = cyls * p->heads * z->bpt;
		spare_unit(m, z, &unit, &udata);
		if (unit) {
			if (z->spares >= unit)
				FAILF("zone");
			data = DMODEL_DIV(phys, unit) * udata;
			if (DMODEL_REM(phys, unit) > z->spares)	/* a partial unit at the end */
				data += DMODEL_REM(phys, unit) - z->spares;
		} else if (p->sparing == 1) {
			if (z->spares >= cyls * p->heads)	/* spare tracks: all of the zone's or more */
				FAILF("zone");
			data = phys - z->spares * z->bpt;
		} else if (p->sparing == 9 || p->sparing == 10) {	/* sectors at the zone's end */
			if (z->spares >= phys)
				FAILF("zone");
			data = phys - z->spares;
		} else {
			data = phys;
		}
		if (z->slips > DMODEL_SLIPS_MAX - slips)
			FAILF("zone");
		for (uint64_t k = 1; k < z->slips; k++)
			if (p->slip[slips + k] <= p->slip[slips + k - 1])
				FAILF("zone");
		if (slips_take_data(m))
			data -= z->slips < data ? z->slips : data;
		if (z->front >= data)
			FAILF("zone");
		m->z_lbn[i] = lbn;
		m->z_lbns[i] = data - z->front;
		m->z_slip0[i] = slips;
		slips += z->slips;
		lbn += m->z_lbns[i];
	}
	if (p->zone[p->zones - 1].last_cyl != p->cylinders - 1)
		FAILF("zone");
	if (lbn < m->sectors)	/* the zones hold less than the capacity */
		FAILF("capacity_bytes");
	return 0;
}

/* a logical sector (lbn < sectors) under the zone table */
static void zone_locate(const struct dmodel *m, uint64_t lbn, struct dmodel_loc *l)
{
	const struct dmodel_params *p = &m->p;
	const struct dmodel_zone *z;
	uint64_t zi = 0, i, unit, data, ph, t, s, c, skew, cyl;
	const uint64_t *slip;

	while (zi + 1 < p->zones && lbn >= m->z_lbn[zi + 1])
		zi++;
	z = &p->zone[zi];
	slip = &p->slip[m->z_slip0[zi]];
	i = lbn - m->z_lbn[zi] + z->front;
	/* slips the spares may not absorb: counted among the data sectors */
	if (p->sparing == 4 || p->sparing == 6 || p->sparing == 10)
		i = past_slips(slip, z->slips, i);
	spare_unit(m, z, &unit, &data);
	ph = unit ? DMODEL_DIV(i, data) * unit + DMODEL_REM(i, data) + (spares_front(m) ? z->spares : 0) : i;
	if (p->sparing == 1)	/* slipped tracks */
		ph = past_slips(slip, z->slips, DMODEL_DIV(ph, z->bpt)) * z->bpt + DMODEL_REM(ph, z->bpt);
	else if (p->sparing != 4 && p->sparing != 6 && p->sparing != 10)
		ph = past_slips(slip, z->slips, ph);
	t = DMODEL_DIV(ph, z->bpt);
	s = ph - t * z->bpt;
	c = DMODEL_DIV(t, p->heads);
	cyl = z->first_cyl + c;
	l->cyl = cyl;
	l->head = t - c * p->heads;
	/* serpentine (B.4.2's LBN-to-PBN mapping 1, 2): a descending
	 * cylinder takes its surfaces from the last, so that a cylinder
	 * switch is no head switch */
	if ((p->lbn_map == 1 && (c & 1)) || (p->lbn_map == 2 && (cyl & 1)))
		l->head = p->heads - 1 - l->head;
	l->spt = z->bpt;
	/* in thousandths of a sector: t < 2^31, a skew < 2^26 */
	skew = DMODEL_REM(z->offset + (t - c) * z->skew_track + c * z->skew_cyl, z->bpt * 1000);
	l->ang = DMODEL_MULDIV(DMODEL_REM(s * 1000 + skew, z->bpt * 1000), TURN, z->bpt * 1000);
	l->left = z->bpt - s;
	/* the logical sectors of this track before it: those it follows on
	 * the track, less a cylinder's front spares, within its zone */
	l->before = s;
	if (spares_front(m) && DMODEL_REM(ph, unit) < z->bpt)
		l->before -= z->spares < s ? z->spares : s;
	if (l->before > lbn - m->z_lbn[zi])
		l->before = lbn - m->z_lbn[zi];
	if (unit == z->bpt) {	/* spares at each track's end */
		l->left = data - DMODEL_REM(i, data);
		l->before = DMODEL_REM(i, data);
	}
	l->skew_track = z->skew_track;
	l->skew_cyl = z->skew_cyl;
}

void dmodel_locate(const struct dmodel *m, uint64_t lbn, struct dmodel_loc *l)
{
	uint64_t q, tr, frac, bytes;

	if (lbn >= m->sectors)
		lbn = m->sectors ? m->sectors - 1 : 0;
	if (m->p.zones) {
		zone_locate(m, lbn, l);
		return;
	}
	/* the linear-rate platter: a track holds one turn at its zone's rate */
	q = dmodel_track_of(m, lbn << 9);
	tr = q >> 32;
	frac = q & (Q32 - 1);
	l->cyl = DMODEL_DIV(tr, m->p.heads);
	l->head = tr - l->cyl * m->p.heads;
	bytes = DMODEL_MULDIV(dmodel_rate_q16(m, q), 60, (uint64_t)m->p.rpm << 16);
	l->spt = bytes >> 9 ? bytes >> 9 : 1;
	l->ang = DMODEL_MULDIV(frac, TURN, Q32);
	l->left = l->spt - DMODEL_MULDIV(frac, l->spt, Q32);
	if (!l->left)
		l->left = 1;
	l->before = l->spt - l->left;
	l->skew_track = 0;
	l->skew_cyl = 0;
}

uint64_t dmodel_seek_dist_ns(const struct dmodel *m, uint64_t d)
{
	const struct dmodel_params *p = &m->p;
	uint64_t n = p->seek_points, lo = 0, hi;

	if (!d)
		return 0;
	if (p->seek_const)	/* DiskSim's Seek type constant: any distance */
		return p->seek_const_ns;
	if (n && d <= p->seek[n - 1].cyl) {
		if (d <= p->seek[0].cyl)
			return p->seek[0].ns;
		hi = n - 1;	/* seek[lo].cyl < d <= seek[hi].cyl */
		while (hi - lo > 1) {
			uint64_t mid = (lo + hi) >> 1;

			if (p->seek[mid].cyl < d)
				lo = mid;
			else
				hi = mid;
		}
		/* linear between the two measured distances about d */
		if (p->seek[hi].ns >= p->seek[lo].ns)
			return p->seek[lo].ns + DMODEL_MULDIV(p->seek[hi].ns - p->seek[lo].ns, d - p->seek[lo].cyl,
							      p->seek[hi].cyl - p->seek[lo].cyl);
		return p->seek[lo].ns - DMODEL_MULDIV(p->seek[lo].ns - p->seek[hi].ns, d - p->seek[lo].cyl,
						      p->seek[hi].cyl - p->seek[lo].cyl);
	}
	if (p->hpl_bound) {
		if (d < p->hpl_bound)	/* a + b sqrt(d): sqrt in Q16 */
			return p->hpl_short_ns + DMODEL_MULDIV(p->hpl_sqrt_ns, dmodel_isqrt(d << 32), Q16);
		return p->hpl_long_ns + DMODEL_DIV(p->hpl_lin_ps * d, 1000);
	}
	if (n)	/* past a table without an equation: its last time */
		return p->seek[n - 1].ns;
	if (p->zones && p->cylinders) {
		/* Lee's equation (DiskSim's manual, B.5.1) through the three
		 * figures, over the drive's own cylinders: track + b sqrt(u) +
		 * c u, u = (d - 1) / cylinders, b and c as geometry.c fits them */
		uint64_t u = DMODEL_MULDIV(d - 1, Q30, p->cylinders), sq, t;

		if (u > Q30)
			u = Q30;
		sq = dmodel_isqrt(u << 30);
		t = p->seek_track_ns + DMODEL_MULDIV(m->seek_b3, sq, 3 * Q30);
		if (m->seek_c_neg)
			return t - DMODEL_MULDIV(m->seek_c3_abs, u, 3 * Q30);
		return t + DMODEL_MULDIV(m->seek_c3_abs, u, 3 * Q30);
	}
	return dmodel_seek_cyl_ns(m, d);
}
