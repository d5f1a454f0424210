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

/*
 * DiskSim's g4 layout (model.h): the tables checked so that every walk
 * ends and stays in range. Nodes are in order with at least one entry; a
 * node's entries cover its LBNs from 0 without a gap (each starts where
 * the one before ends); an entry's child is a track pattern holding an
 * instance's LBNs, or a node before it (so a walk goes down, at most
 * nnode steps) covering an instance's; the root covers the drive's
 * sectors and the slips; slips and remaps in range and increasing.
 */
#define G4_LBN_MAX (1ULL << 44)	/* an entry's LBNs: 2^44 x 2^20 < 2^64 */

static uint64_t g4_node_lbns(const struct dmodel_g4 *g, uint64_t i)
{
	const struct dmodel_g4_ent *e = &g->ent[g->node[i + 1] - 1];

	return e->lbn + e->runlen;
}

static int g4_init(struct dmodel *m, const char **field)
{
	const struct dmodel_params *p = &m->p;
	const struct dmodel_g4 *g = p->g4;
	uint64_t i, k, slipped = 0;

	if (p->zones || !p->cylinders || p->cylinders > DMODEL_DIV(MAX_TRACKS, p->heads))
		FAILF("cylinders");
	if (!g->nnode || g->nnode > DMODEL_G4_NODES_MAX || g->nent > DMODEL_G4_ENTS_MAX || g->ntp > DMODEL_G4_TPS_MAX ||
	    g->nslip > DMODEL_G4_SLIPS_MAX || g->nremap > DMODEL_G4_REMAPS_MAX || g->node[0] || g->node[g->nnode] != g->nent)
		FAILF("g4");
	for (i = 0; i < g->ntp; i++)
		if (!g->tp[i].spt || g->tp[i].spt > 65536 || g->tp[i].low > g->tp[i].high || g->tp[i].high >= g->tp[i].spt)
			FAILF("g4");
	for (i = 0; i < g->nnode; i++) {
		if (g->node[i + 1] <= g->node[i])
			FAILF("g4");
		for (k = g->node[i]; k < g->node[i + 1]; k++) {
			const struct dmodel_g4_ent *e = &g->ent[k];

			if (e->lbn != (k == g->node[i] ? 0 : e[-1].lbn + e[-1].runlen) || !e->len || !e->runlen ||
			    e->len > G4_LBN_MAX || e->runlen > G4_LBN_MAX || e->lbn > G4_LBN_MAX || e->cyl > MAX_TRACKS ||
			    e->cyllen > MAX_TRACKS || e->off >= 1000000 || e->alen >= 1000000)
				FAILF("g4");
			if (e->track ? e->child >= g->ntp || e->head >= p->heads ||
					       g->tp[e->child].high - g->tp[e->child].low + 1 < e->len
				     : e->child >= i || g4_node_lbns(g, e->child) < e->len)
				FAILF("g4");
		}
	}
	for (i = 0; i < g->nslip; i++) {
		if (g->slip[i].total <= (i ? g->slip[i - 1].total : 0) || g->slip[i].total > G4_LBN_MAX ||
		    g->slip[i].lbn > G4_LBN_MAX || (i && g->slip[i].lbn <= g->slip[i - 1].lbn))
			FAILF("g4");
		slipped = g->slip[i].total;
	}
	m->sectors = p->capacity_bytes >> 9;
	if (g4_node_lbns(g, g->nnode - 1) < m->sectors + slipped)	/* the root holds less than the capacity */
		FAILF("capacity_bytes");
	for (i = 0; i < g->nremap; i++) {
		const struct dmodel_g4_remap *r = &g->remap[i];

		if (!r->count || !r->spt || r->spt > 65536 || r->sector >= r->spt || r->count > r->spt - r->sector ||
		    r->cyl >= p->cylinders || r->head >= p->heads || r->lbn >= m->sectors || r->count > m->sectors - r->lbn)
			FAILF("g4");
	}
	return 0;
}

/* the place of LBN x (already past the slips) under the tree: cylinder,
 * surface, sector and its track's spt, the angle of the walk's instances
 * (millionths of a turn), and the LBNs from x to the end of the track's
 * instance (*left) and before it on it (*before) */
static void g4_walk(const struct dmodel *m, uint64_t x, struct dmodel_loc *l, uint64_t *sector, uint64_t *angle_u)
{
	const struct dmodel_g4 *g = m->p.g4;
	uint64_t node = g->nnode - 1, up = 0, down = 0, ang = 0, left = ~0ULL;

	*sector = 0;
	l->head = 0;
	l->spt = 1;
	l->before = 0;

	for (uint64_t step = 0; step <= g->nnode; step++) {
		uint64_t lo = g->node[node], hi = g->node[node + 1] - 1, q, r;
		const struct dmodel_g4_ent *e;

		while (lo < hi) {	/* the last entry starting at or before x */
			uint64_t mid = (lo + hi + 1) >> 1;

			if (g->ent[mid].lbn <= x)
				lo = mid;
			else
				hi = mid - 1;
		}
		e = &g->ent[lo];
		x -= e->lbn;
		if (x >= e->runlen)	/* past the node's end (the root's: the last sector) */
			x = e->runlen - 1;
		q = DMODEL_DIV(x, e->len);
		r = x - q * e->len;
		up += e->cyl;	/* then q instances on, or back */
		*(e->down ? &down : &up) += q * e->cyllen;
		ang = DMODEL_REM(ang + e->off + DMODEL_REM(q, 1000000) * e->alen, 1000000);
		if (e->len - r < left)
			left = e->len - r;
		x = r;
		if (e->track) {
			const struct dmodel_g4_tp *t = &g->tp[e->child];

			l->head = e->head;
			l->spt = t->spt;
			*sector = t->low + x;
			l->before = x;
			break;
		}
		node = e->child;
	}
	l->left = left;
	l->cyl = up > down ? up - down : 0;
	if (l->cyl >= m->p.cylinders)
		l->cyl = m->p.cylinders - 1;
	*angle_u = ang;
}

static void g4_locate(const struct dmodel *m, uint64_t lbn, struct dmodel_loc *l)
{
	const struct dmodel_g4 *g = m->p.g4;
	uint64_t x = lbn, ct = 0, next = ~0ULL, ang_u, sector, i, lo = 0, hi = g->nslip;

	l->skew_track = 0;
	l->skew_cyl = 0;
	for (i = 0; i < g->nremap; i++) {
		const struct dmodel_g4_remap *r = &g->remap[i];

		if (lbn >= r->lbn && lbn - r->lbn < r->count) {
			l->cyl = r->cyl;
			l->head = r->head;
			l->spt = r->spt;
			sector = r->sector + lbn - r->lbn;
			l->ang = DMODEL_MULDIV(sector, TURN, r->spt);
			l->left = r->count - (lbn - r->lbn);
			l->before = lbn - r->lbn;
			return;
		}
	}
	/* the slips at or before it, and those its moving reaches */
	while (lo < hi) {	/* the first slip past lbn */
		uint64_t mid = (lo + hi) >> 1;

		if (g->slip[mid].lbn <= lbn)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo)
		ct = g->slip[lo - 1].total;
	while (lo < g->nslip && g->slip[lo].lbn <= lbn + ct)
		ct = g->slip[lo++].total;
	x = lbn + ct;
	if (lo < g->nslip)
		next = g->slip[lo].lbn;
	g4_walk(m, x, l, &sector, &ang_u);
	l->ang = DMODEL_REM(ang_u * (TURN / 1000000) + DMODEL_MULDIV(sector, TURN, l->spt), TURN);
	if (next - x < l->left)	/* a slip ahead on the track: the LBNs run to it */
		l->left = next - x;
	if (l->before > lbn)
		l->before = lbn;
	if (l->left > m->sectors - lbn)
		l->left = m->sectors - lbn;
	if (!l->left)
		l->left = 1;
}

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
	if (p->g4)
		return g4_init(m, field);
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
	if (m->p.g4) {
		g4_locate(m, lbn, l);
		return;
	}
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

uint64_t dmodel_cyl_left(const struct dmodel *m, uint64_t lbn)
{
	struct dmodel_loc l, e;
	uint64_t x;

	dmodel_locate(m, lbn, &l);
	x = lbn + l.left;
	/* a track on at a time, while the next sector is on lbn's cylinder
	 * (a cylinder holds heads tracks at most) */
	for (uint64_t h = 1; h < m->p.heads && x < m->sectors; h++) {
		dmodel_locate(m, x, &e);
		if (e.cyl != l.cyl)
			break;
		x += e.left;
	}
	return x - lbn;
}

/* the seek between two bytes' cylinders, 0 within one: the zone table's
 * cylinders where the profile has one, else the datasheet's platter */
uint64_t dmodel_seek_ns(const struct dmodel *m, uint64_t from_off, uint64_t to_off)
{
	struct dmodel_loc a, b;

	if (m->p.kind != DMODEL_HDD || !m->p.zones)
		return dmodel_platter_seek_ns(m, from_off, to_off);
	dmodel_locate(m, from_off >> 9, &a);
	dmodel_locate(m, to_off >> 9, &b);
	if (a.cyl == b.cyl)
		return 0;
	return dmodel_seek_dist_ns(m, a.cyl > b.cyl ? a.cyl - b.cyl : b.cyl - a.cyl);
}

/* the media rate at a byte: its track's sectors once a turn in a zone
 * table, else the datasheet's zone rate */
uint64_t dmodel_rate_at(const struct dmodel *m, uint64_t off)
{
	struct dmodel_loc l;

	if (m->p.kind != DMODEL_HDD || (!m->p.zones && !m->p.g4))
		return dmodel_platter_rate_at(m, off);
	dmodel_locate(m, off >> 9, &l);
	return DMODEL_MULDIV(l.spt * 512, m->p.rpm, 60);
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
	if ((p->zones || p->g4) && p->cylinders) {
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
