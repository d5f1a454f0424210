/*
 * dmodel's drive (model.h): a disk as DiskSim describes one (its manual's
 * B.4), the one model of every disk profile's buffer: an imported drive's
 * and a datasheet's (whose cache figures are estimates), or one segment
 * where a profile names none (model.c). A request costs the
 * controller's overhead (by read or write, hit or miss, and what came
 * before), then for a miss the head's seek (a measured table, HPL or the
 * three-point curve), the write settling, a head switch, the rotation to
 * the first sector and the media transfer across the tracks' skews, with
 * the interface's time a sector beside it; after a read the head reads
 * ahead into the segment as the profile allows until the next request
 * needs it, and a read that a segment holds is served from it. Writes are
 * reported from the buffer at the write-back level the profile gives, up
 * to write_segments of them waiting for the head, which writes them back
 * in arrival order while later writes come into the buffer.
 * Integer arithmetic, for the guest kernel and the host alike.
 */
#include "model_arith.h"

/* n sectors passing under the head on a track of spt: n * turn / spt */
static uint64_t sect_ns(const struct dmodel *m, uint64_t n, uint64_t spt)
{
	return DMODEL_MULDIV(n, TURN, m->p.rpm * spt);	/* n < 2^35, TURN < 2^36 */
}

/* the drive's sectors lie on tracks a table gives (zones, or a g4
 * layout), not on the linear-rate platter */
static int tracked(const struct dmodel *m)
{
	return m->p.zones || m->p.g4;
}

/*
 * The media's time from sector lbn to lbn + n: on a table's tracks, n
 * sectors of a track of spt; on the linear-rate platter (no zone table),
 * the turns between their track coordinates, a track being one turn, so
 * that a transfer ends where the platter's angle has the next sector (its
 * sustained rate, the datasheet's, takes the switches in)
 */
static uint64_t run_ns(const struct dmodel *m, uint64_t lbn, uint64_t n, uint64_t spt)
{
	uint64_t a, b;

	if (tracked(m))
		return sect_ns(m, n, spt);
	a = dmodel_track_of(m, lbn << 9);
	b = dmodel_track_of(m, (lbn + n) << 9);
	return DMODEL_MULDIV(b - a, TURN, Q32 * m->p.rpm);	/* b - a < 2^63, TURN < 2^36 */
}

static uint64_t bus_sectors_ns(const struct dmodel *m, uint64_t n)
{
	if (m->p.bus_sector_ns)
		return n * m->p.bus_sector_ns;	/* n < 2^26, bus_sector_ns < 2^34 */
	return DMODEL_MULDIV(n << 9, NS_PER_S, m->p.bus_bps);
}

/* n sectors of a write's data toward the drive: a bus may be slower that
 * way (DiskSim's buses have a block time for each direction) */
static uint64_t bus_write_ns(const struct dmodel *m, uint64_t n)
{
	if (m->p.bus_write_sector_ns)
		return n * m->p.bus_write_sector_ns;	/* as bus_sectors_ns */
	return bus_sectors_ns(m, n);
}

/*
 * When a read's n blocks are on the bus, done by: from bus0 at the bus's
 * rate, but never before the last block is in the buffer (mend) and has
 * crossed the bus. Without read_early_pm the drive reconnects once the
 * whole request is in (bus0 >= mend); with it, once all but that share of
 * the request is in (DiskSim's high water mark: 1 - read_early), and a bus
 * faster than the media waits for each block (a bus slower never runs dry).
 */
static int64_t bus_done(const struct dmodel *m, int64_t bus0, int64_t mend, uint64_t n)
{
	int64_t done = bus0 + (int64_t)bus_sectors_ns(m, n), tail = mend + (int64_t)bus_sectors_ns(m, 1);

	return done > tail ? done : tail;
}

/* the blocks of an n-block read that must be in before the bus starts */
static uint64_t early_mark(const struct dmodel *m, uint64_t n)
{
	uint64_t k;

	if (m->p.watermark_seg) {	/* Set watermark by reqsize 0: a share of the segment */
		uint64_t size = m->p.segment_bytes >> 9;

		k = size - DMODEL_MULDIV(size, m->p.read_early_pm, 1000);
		if (k > n)
			k = n;
	} else {
		k = n - DMODEL_MULDIV(n, m->p.read_early_pm, 1000);
	}
	return k ? k : 1;
}

/* how far segment s holds data by t: the head reads on from hi to cap */
static uint64_t avail(const struct dmodel *m, const struct dmodel_seg *s, int64_t t)
{
	struct dmodel_loc l;
	uint64_t k;

	if (!s->ra || t <= s->t || s->hi >= s->cap)
		return s->hi;
	if (tracked(m)) {
		dmodel_locate(m, s->hi, &l);
		k = DMODEL_MULDIV((uint64_t)(t - s->t), m->p.rpm * l.spt, TURN);
	} else {	/* at the zone's rate, bytes/s in Q16 */
		k = DMODEL_MULDIV((uint64_t)(t - s->t), dmodel_rate_q16(m, dmodel_track_of(m, s->hi << 9)),
				  (NS_PER_S << 16) * 512);
	}
	return s->hi + k < s->cap ? s->hi + k : s->cap;
}

/* the segment whose data hold [lbn, lbn + n) at t, or -1 */
static int find_hit(const struct dmodel *m, uint64_t lbn, uint64_t n, int64_t t)
{
	uint64_t size = m->p.segment_bytes >> 9;

	if (m->p.no_caching)	/* the buffer serves no request from another's data */
		return -1;
	for (unsigned i = 0; i < m->p.segments; i++) {
		const struct dmodel_seg *s = &m->seg[i];
		uint64_t hi, lo;

		if (!s->valid)
			continue;
		hi = avail(m, s, t);
		lo = hi - s->lo > size ? hi - size : s->lo;	/* read-ahead replaced the front */
		if (lbn >= lo && lbn + n <= hi)
			return (int)i;
	}
	return -1;
}

/* the blocks at the front of [lbn, lbn + n) that a segment holds (its
 * read-ahead stopped), when not all of them: 0 if none */
static uint64_t front_held(const struct dmodel *m, uint64_t lbn, uint64_t n)
{
	uint64_t size = m->p.segment_bytes >> 9, best = 0;

	if (m->p.no_caching)
		return 0;
	for (unsigned i = 0; i < m->p.segments; i++) {
		const struct dmodel_seg *s = &m->seg[i];
		uint64_t lo;

		if (!s->valid)
			continue;
		lo = s->hi - s->lo > size ? s->hi - size : s->lo;
		if (lbn >= lo && lbn < s->hi && s->hi - lbn < n && s->hi - lbn > best)
			best = s->hi - lbn;
	}
	return best;
}

/* the segment being read ahead into whose data reach lbn by t (its rest
 * still to come), or -1 */
static int find_stream(const struct dmodel *m, uint64_t lbn, int64_t t)
{
	uint64_t size = m->p.segment_bytes >> 9;

	if (m->p.no_caching)
		return -1;
	for (unsigned i = 0; i < m->p.segments; i++) {
		const struct dmodel_seg *s = &m->seg[i];
		uint64_t hi, lo;

		if (!s->valid || !s->ra)
			continue;
		hi = avail(m, s, t);
		lo = hi - s->lo > size ? hi - size : s->lo;
		/* its first sector in, or (Allow almost read hits) being read */
		if (lbn >= lo && (lbn < hi || (lbn == hi && m->p.almost_hits)) && hi < s->cap)
			return (int)i;
	}
	return -1;
}

/* the rank of segment i by recency (0: the latest used) */
static unsigned rank(const struct dmodel *m, int i)
{
	unsigned r = 0;

	for (unsigned k = 0; k < m->p.segments; k++)
		if (m->seg[k].valid && m->seg[k].used > m->seg[i].used)
			r++;
	return r;
}

/* where the head is at t: where read-ahead took it, or its last request */
static void head_at(const struct dmodel *m, int64_t t, uint64_t *cyl, uint64_t *head)
{
	struct dmodel_loc l;

	*cyl = m->h_cyl;
	*head = m->h_head;
	for (unsigned i = 0; i < m->p.segments; i++) {
		const struct dmodel_seg *s = &m->seg[i];
		uint64_t a;

		if (!s->valid || !s->ra || t <= s->t)
			continue;
		a = avail(m, s, t);
		dmodel_locate(m, a > s->lo ? a - 1 : a, &l);
		*cyl = l.cyl;
		*head = l.head;
	}
}

/* the read-ahead stops at t: the segment keeps what it has */
static void stop_ra(struct dmodel *m, int64_t t)
{
	uint64_t cyl, head;

	head_at(m, t, &cyl, &head);
	m->h_cyl = cyl;
	m->h_head = head;
	for (unsigned i = 0; i < m->p.segments; i++) {
		struct dmodel_seg *s = &m->seg[i];

		if (!s->valid || !s->ra)
			continue;
		if (t > s->t) {
			s->hi = avail(m, s, t);
			s->t = t;
		}
		s->cap = s->hi;
		s->ra = 0;
	}
}

/*
 * When the first sector of l is under the head, for a head at (cyl, head)
 * free at t that may not reach it before not_before: seek or head switch
 * (and a write's settling), then the rotation. *seek, *rot: the parts.
 * first: a request's own positioning, which a constant seek (seek_const)
 * charges in full wherever the head is.
 */
static int64_t position(const struct dmodel *m, uint64_t cyl, uint64_t head, const struct dmodel_loc *l,
			int write, int first, int64_t t, int64_t not_before, uint64_t *seek, uint64_t *rot)
{
	uint64_t d = cyl > l->cyl ? cyl - l->cyl : l->cyl - cyl, ph, wait;
	int64_t s = (int64_t)dmodel_seek_dist_ns(m, d), arrive;

	if (!d && head != l->head)
		s = (int64_t)m->p.head_switch_ns;
	if (first && m->p.seek_const)
		s = (int64_t)m->p.seek_const_ns;
	if (write && s > 0) {
		s += (int64_t)m->p.write_settle_ns;
		if (s < 0)
			s = 0;
	}
	arrive = t + s;
	if (arrive < not_before)
		arrive = not_before;
	ph = dmodel_phase_units(m, arrive);
	wait = l->ang >= ph ? l->ang - ph : l->ang + TURN - ph;
	if (wait > TURN - TURN / 1000000)	/* under the head now: no turn */
		wait = 0;
	*seek = (uint64_t)s;
	*rot = DMODEL_DIV(wait, m->p.rpm);
	return arrive + (int64_t)*rot;
}

/*
 * A request's first positioning by the profile's access time type
 * (DiskSim's manual B.4.3): 0 seek and rotation (trackSwitchPlusRotation,
 * position above), 1 seek and half a turn (averageRotation), 2 a fixed
 * time for both (constant). Track switches within a transfer stay
 * position's.
 */
static int64_t access_at(const struct dmodel *m, uint64_t cyl, uint64_t head, const struct dmodel_loc *l, int write,
			 int64_t t, int64_t not_before, uint64_t *seek, uint64_t *rot)
{
	int64_t first = position(m, cyl, head, l, write, 1, t, not_before, seek, rot), base;

	switch (m->p.access_mode) {
	case 1:
		first -= (int64_t)*rot;
		*rot = DMODEL_DIV(TURN / 2, m->p.rpm);
		return first + (int64_t)*rot;
	case 2:
		base = t > not_before ? t : not_before;
		*seek = m->p.access_const_ns;
		*rot = 0;
		return base + (int64_t)m->p.access_const_ns;
	default:
		return first;
	}
}

#define XFER_TRACKS 64	/* tracks followed switch by switch; past them, the mean */

/* the media transfer of [lbn, lbn + n) from l, its first sector under the
 * head at t; the head's place after it in *end */
static int64_t transfer(const struct dmodel *m, uint64_t lbn, uint64_t n, struct dmodel_loc l, int write, int64_t t,
			struct dmodel_loc *end)
{
	uint64_t seek, rot;
	unsigned k = 0;

	if (!tracked(m)) {	/* the linear-rate platter: one stream */
		t += (int64_t)run_ns(m, lbn, n, l.spt);
		dmodel_locate(m, lbn + n - 1, end);
		return t;
	}
	for (;;) {
		uint64_t chunk = n < l.left ? n : l.left;

		t += (int64_t)sect_ns(m, chunk, l.spt);
		lbn += chunk;
		n -= chunk;
		if (!n || lbn >= m->sectors)
			break;
		if (++k == XFER_TRACKS) {
			/* the rest at a track (and its skew) a turn */
			t += (int64_t)sect_ns(m, n, l.spt) +
			     (int64_t)DMODEL_MULDIV(DMODEL_DIV(n, l.spt), l.skew_cyl * TURN, m->p.rpm * l.spt * 1000);
			lbn += n - 1;
			break;
		}
		{
			struct dmodel_loc nx;

			dmodel_locate(m, lbn, &nx);
			t = position(m, l.cyl, l.head, &nx, write, 0, t, t, &seek, &rot);
			l = nx;
		}
	}
	dmodel_locate(m, lbn ? lbn - 1 : 0, end);
	return t;
}

static uint64_t overhead(const struct dmodel *m, enum dmodel_op op, int hit)
{
	const struct dmodel_params *p = &m->p;

	if (op == DMODEL_READ)
		return hit ? (m->last_write ? p->oh_read_hit_w_ns : p->oh_read_hit_r_ns)
			   : (m->last_write ? p->oh_read_miss_w_ns : p->oh_read_miss_r_ns);
	return hit ? (m->last_write ? p->oh_write_hit_w_ns : p->oh_write_hit_r_ns)
		   : (m->last_write ? p->oh_write_miss_w_ns : p->oh_write_miss_r_ns);
}

/* a write reported from the buffer (write-back): 1 once its data are
 * in a segment; 2 (longer than a segment) once its rest fits in one, the
 * segment matching the bus's speed to the media's */
static int write_back(const struct dmodel *m, uint64_t lbn, uint64_t n)
{
	/* level 1 reports a write that appends to the dirty data at once, and
	 * one that does not once the dirty data are on the platter (it waits
	 * for the head), so both levels report every write from the buffer;
	 * level 2 also lets reads in between, which wait for the head too */
	(void)lbn;
	if (m->p.write_level < 1)
		return 0;
	return n > m->p.segment_bytes >> 9 ? 2 : 1;
}

#define WQ(m, i) ((m)->wq[((m)->wq_h + (i)) & (DMODEL_WQ_MAX - 1)])

/*
 * When a write reported from the buffer may start, arriving at now: once
 * the head has done what came before it but the write-backs (those it
 * does in its time), and once a write segment is free: of the
 * write_segments (at least one) that may hold written data, those the
 * head has yet to write back; the oldest are written first. A write that
 * appends to the last one's data (Fast write level 1's stream) goes into
 * that one's segment behind them and needs no segment of its own. A
 * write waits until its data (a segment's worth at most: a longer one
 * streams through) fit beside those not yet written back, in the write
 * segments' bytes; one that appends streams in behind them once they are
 * within those bytes (so the stream holds a segment more at most); and
 * each until the ring has a place.
 */
static int64_t write_room(struct dmodel *m, int64_t now, uint64_t n, int append)
{
	uint64_t k = m->p.write_segments ? m->p.write_segments : 1, size = m->p.segment_bytes;
	uint64_t need = append ? 0 : n << 9 < size ? n << 9 : size, room = k * size, held;	/* k <= DMODEL_SEGS_MAX, size < 2^34 */
	int64_t t = now > m->fore_free_ns ? now : m->fore_free_ns;
	unsigned i = 0;

	while (m->wq_n && WQ(m, 0).done_ns <= t) {
		m->wq_bytes -= WQ(m, 0).bytes;
		m->wq_h = (m->wq_h + 1) & (DMODEL_WQ_MAX - 1);
		m->wq_n--;
	}
	if (!append && m->wq_n >= k && WQ(m, m->wq_n - k).done_ns > t)
		t = WQ(m, m->wq_n - k).done_ns;
	held = m->wq_bytes;
	while (i < m->wq_n && (held + need > room || m->wq_n - i >= DMODEL_WQ_MAX)) {
		held -= WQ(m, i).bytes;
		if (WQ(m, i).done_ns > t)
			t = WQ(m, i).done_ns;
		i++;
	}
	return t;
}

/* a write reported from the buffer, into the queue of write-backs: the
 * head has it on the platter by done; it holds a segment's worth at most
 * (write_room has made a place: the ring drops what is written by t) */
static void write_queued(struct dmodel *m, int64_t t, int64_t done, uint64_t n)
{
	uint64_t size = m->p.segment_bytes, b = n << 9 < size ? n << 9 : size;

	while (m->wq_n && WQ(m, 0).done_ns <= t) {
		m->wq_bytes -= WQ(m, 0).bytes;
		m->wq_h = (m->wq_h + 1) & (DMODEL_WQ_MAX - 1);
		m->wq_n--;
	}
	WQ(m, m->wq_n).done_ns = done;
	WQ(m, m->wq_n).bytes = b;
	m->wq_n++;
	m->wq_bytes += b;
}

/* sectors [lbn, lbn + n) of a request at off, len */
static void sectors_of(const struct dmodel *m, uint64_t off, uint64_t len, uint64_t *lbn, uint64_t *n)
{
	uint64_t end = off + len;

	*lbn = off >> 9;
	*n = ((end + 511) >> 9) - *lbn;
	if (!*n)
		*n = 1;
	if (*lbn >= m->sectors)
		*lbn = m->sectors - 1;
	if (*lbn + *n > m->sectors)
		*n = m->sectors - *lbn;
}

uint64_t dmodel_drive_position(const struct dmodel *m, enum dmodel_op op, uint64_t off, uint64_t len, int64_t now)
{
	int64_t start = now > m->head_free_ns ? now : m->head_free_ns, first;
	uint64_t lbn, n, cyl, head, seek, rot;
	struct dmodel_loc l;
	int write = op == DMODEL_WRITE, h;

	sectors_of(m, off, len, &lbn, &n);
	if (op == DMODEL_READ && m->p.sneaky_full && find_hit(m, lbn, n, now) >= 0)
		return overhead(m, op, 1);
	if (op == DMODEL_READ && find_hit(m, lbn, n, start) >= 0)
		return (uint64_t)(start - now) + overhead(m, op, 1);
	if (op == DMODEL_READ && (h = find_stream(m, lbn, start)) >= 0) {
		/* until the read-ahead reaches it */
		dmodel_locate(m, m->seg[h].hi, &l);
		first = lbn > m->seg[h].hi ? m->seg[h].t + (int64_t)run_ns(m, m->seg[h].hi, lbn - m->seg[h].hi, l.spt) : start;
		first = first > start + (int64_t)overhead(m, op, 1) ? first : start + (int64_t)overhead(m, op, 1);
		return (uint64_t)(first - now);
	}
	head_at(m, start, &cyl, &head);
	dmodel_locate(m, lbn, &l);
	first = now + (int64_t)overhead(m, op, write && write_back(m, lbn, n));
	start = first > start ? first : start;	/* the command beside the head's earlier work */
	first = access_at(m, cyl, head, &l, write, start + (write ? (int64_t)m->p.write_seek_delay_ns : 0), 0,
			  &seek, &rot);
	return (uint64_t)(first - now);
}

/* a move of the head from cylinder from, surface fh, to (to, th), into the
 * counters by distance (model.h: seeks_short, seeks_mid, seeks_long;
 * head_switches on the same cylinder) */
static void count_seek(struct dmodel *m, uint64_t from, uint64_t to, uint64_t fh, uint64_t th)
{
	uint64_t d = from > to ? from - to : to - from;

	if (!d)
		m->c.head_switches += fh != th;
	else if (d < 16)
		m->c.seeks_short++;
	else if (d < 1024)
		m->c.seeks_mid++;
	else
		m->c.seeks_long++;
}

/* a read hit in the segment of recency r (0: the latest used), counted */
static void count_hit(struct dmodel *m, unsigned r)
{
	m->c.buffer_hits++;
	if (r == 0)
		m->c.hits_seg0++;
	else if (r == 1)
		m->c.hits_seg1++;
	else
		m->c.hits_seg2p++;
}

/* the segment a request's data go to: the one that overlaps them, else
 * the least recently used */
static struct dmodel_seg *seg_for(struct dmodel *m, uint64_t lbn, uint64_t n, int write)
{
	unsigned last = (unsigned)m->p.segments - 1, reads = last + 1 - (unsigned)m->p.write_separate;
	struct dmodel_seg *best = &m->seg[0];

	/* a separate write segment: the last, for writes alone */
	if (m->p.write_separate && write)
		return &m->seg[last];
	if (write && m->p.write_segments) {
		/* at most write_segments hold written data: past them, the
		 * least recently used of those */
		struct dmodel_seg *w = NULL;
		unsigned held = 0;

		for (unsigned i = 0; i < reads; i++)
			if (m->seg[i].valid && m->seg[i].dirty) {
				held++;
				if (!w || m->seg[i].used < w->used)
					w = &m->seg[i];
			}
		if (held >= m->p.write_segments)
			return w;
	}
	for (unsigned i = 0; i < reads; i++) {
		struct dmodel_seg *s = &m->seg[i];

		if (s->valid && lbn < s->hi && lbn + n > s->lo)
			return s;
		if (!s->valid)
			return s;
		if (s->used < best->used)
			best = s;
	}
	return best;
}

/* where read-ahead after [.., end) stops, by the profile's mode; lo: the
 * first sector its segment holds */
static uint64_t ra_cap(const struct dmodel *m, uint64_t end, uint64_t n, const struct dmodel_loc *last, uint64_t lo)
{
	const struct dmodel_params *p = &m->p;
	uint64_t size = p->segment_bytes >> 9, cap, room;
	struct dmodel_loc e;

	if (p->no_caching)	/* what it read ahead could serve no one */
		return end;
	switch (p->readahead_mode) {
	case 1:
		cap = end + last->left - 1;
		break;
	case 2:
		/* to the cylinder's end: where the next sector is a seek away
		 * (DiskSim stops such read-ahead at a seek) */
		cap = end - 1 + dmodel_cyl_left(m, end - 1);
		break;
	case 4:
		/* DiskSim's manual: to the end of the track after the one the
		 * read ends on, where reads before it came from the track
		 * before. What that means in DiskSim itself: to the end of the
		 * track holding the sector after the read, and a track more
		 * where the segment holds sectors from below that track (a
		 * stream that has crossed onto it) */
		if (end >= m->sectors)
			return end;
		dmodel_locate(m, end, &e);
		cap = end + e.left;
		if (lo + e.spt < cap)
			cap += last->spt;
		/* the track is the bound, not Maximum read-ahead nor the
		 * segment's room: reading on past the segment's size replaces
		 * its front (find_hit), the request's sectors too (HP's and
		 * Quantum's drives read ahead so in DiskSim) */
		return cap < m->sectors ? cap : m->sectors;
	case 3:
		cap = end + size;
		break;
	default:
		cap = end;
	}
	if (cap > end + (p->readahead_bytes >> 9))
		cap = end + (p->readahead_bytes >> 9);
	room = p->readahead_over ? size : (size > n ? size - n : 0);
	if (cap > end + room)
		cap = end + room;
	return cap < m->sectors ? cap : m->sectors;
}

/* when the read-ahead under way reaches its end (or t, if it has) */
static int64_t ra_end(const struct dmodel *m, int64_t t)
{
	for (unsigned i = 0; i < m->p.segments; i++) {
		const struct dmodel_seg *s = &m->seg[i];
		struct dmodel_loc l;
		int64_t e;

		if (!s->valid || !s->ra || s->hi >= s->cap)
			continue;
		dmodel_locate(m, s->hi, &l);
		e = s->t + (int64_t)run_ns(m, s->hi, s->cap - s->hi, l.spt);
		return e > t ? e : t;
	}
	return t;
}

/* after a full hit, the idle head reads ahead again from the segment's end */
static void idle_hit_ra(struct dmodel *m, struct dmodel_seg *s, uint64_t lbn, uint64_t n, int64_t t)
{
	struct dmodel_loc l, last;
	uint64_t seek, rot, cap;

	if (s->hi >= m->sectors)
		return;
	dmodel_locate(m, lbn + n - 1, &last);
	cap = ra_cap(m, lbn + n, n, &last, s->lo);
	if (cap <= s->hi)
		return;
	stop_ra(m, t);
	dmodel_locate(m, s->hi, &l);
	s->t = position(m, m->h_cyl, m->h_head, &l, 0, 0, t, t, &seek, &rot);
	s->cap = cap;
	s->ra = 1;
	m->h_cyl = l.cyl;
	m->h_head = l.head;
}

int64_t dmodel_drive_request(struct dmodel *m, enum dmodel_op op, uint64_t off, uint64_t len, int64_t now)
{
	const struct dmodel_params *p = &m->p;
	int64_t start = now > m->head_free_ns ? now : m->head_free_ns, t0, first, mend, done;
	int64_t hold;
	uint64_t lbn, n, oh, seek, rot, fc, fh, pre, free_front = 0, cap;
	struct dmodel_loc l, last;
	struct dmodel_seg *s;
	int h, wb = 0;

	if (op == DMODEL_FLUSH) {
		m->c.wait_ns += (uint64_t)(start - now);
		return start;
	}
	sectors_of(m, off, len, &lbn, &n);
	if (op == DMODEL_WRITE && (wb = write_back(m, lbn, n)))
		start = write_room(m, now, n, m->last_write && lbn == m->next_lbn);	/* not behind the write-backs */
	m->c.wait_ns += (uint64_t)(start - now);
	if (op == DMODEL_READ && p->sneaky_full && start > now && (h = find_hit(m, lbn, n, now)) >= 0) {
		/* Allow sneaky full read hits: sent from the segment at once,
		 * beside the head's work for an earlier request */
		oh = overhead(m, op, 1);
		m->c.wait_ns -= (uint64_t)(start - now);
		count_hit(m, rank(m, h));
		m->c.overhead_ns += oh + p->oh_read_done_ns;
		m->c.bus_ns += bus_sectors_ns(m, n);
		m->seg[h].used = ++m->use_clock;
		m->last_write = 0;
		return now + (int64_t)(oh + bus_sectors_ns(m, n) + p->oh_read_done_ns);
	}
	if (op == DMODEL_READ && (h = find_hit(m, lbn, n, start)) >= 0) {
		oh = overhead(m, op, 1);
		done = start + (int64_t)(oh + bus_sectors_ns(m, n) + p->oh_read_done_ns);
		count_hit(m, rank(m, h));
		m->c.overhead_ns += oh + p->oh_read_done_ns;
		m->c.bus_ns += bus_sectors_ns(m, n);
		m->seg[h].used = ++m->use_clock;
		m->last_write = 0;
		m->next_lbn = lbn + n;
		if (p->readahead_idle_hit && !m->seg[h].ra && start >= m->head_free_ns)
			idle_hit_ra(m, &m->seg[h], lbn, n, start);
		return done;
	}
	if (op == DMODEL_READ && (h = find_stream(m, lbn, start)) >= 0) {
		/* the read-ahead under way reaches it: the head reads on */
		s = &m->seg[h];
		dmodel_locate(m, s->hi, &l);
		mend = s->t + (int64_t)run_ns(m, s->hi, lbn + n - s->hi, l.spt);
		oh = overhead(m, op, 1);
		done = (start + (int64_t)oh > mend ? start + (int64_t)oh : mend) + (int64_t)bus_sectors_ns(m, n);
		if (p->read_early_pm) {
			uint64_t k = lbn + early_mark(m, n);
			int64_t tk = k <= s->hi ? start : s->t + (int64_t)run_ns(m, s->hi, k - s->hi, l.spt);

			done = bus_done(m, start + (int64_t)oh > tk ? start + (int64_t)oh : tk, mend, n);
		}
		m->c.xfer_ns += (uint64_t)(mend - start > 0 ? mend - start : 0);
		m->c.overhead_ns += oh + p->oh_read_done_ns;
		m->c.bus_ns += bus_sectors_ns(m, n);
		m->c.stream_hits++;
		dmodel_locate(m, lbn + n - 1, &last);
		s->hi = lbn + n;
		s->t = mend;
		cap = ra_cap(m, lbn + n, n, &last, s->lo);
		if (s->cap < cap)
			s->cap = cap;
		s->ra = s->cap > s->hi;
		s->used = ++m->use_clock;
		m->head_free_ns = mend;
		m->fore_free_ns = mend;
		m->h_cyl = last.cyl;
		m->h_head = last.head;
		m->last_write = 0;
		m->next_lbn = lbn + n;
		return done + (int64_t)p->oh_read_done_ns;
	}
	/* Write hit stop prefetch 0: a write reported from the buffer waits
	 * for the read-ahead under way to finish before the head takes it */
	hold = wb && p->write_hit_ra ? ra_end(m, start) : start;
	stop_ra(m, hold);
	fc = m->h_cyl;
	fh = m->h_head;
	dmodel_locate(m, lbn, &l);
	oh = overhead(m, op, wb);
	/* the controller takes the command while the head finishes earlier work */
	t0 = now + (int64_t)oh > start ? now + (int64_t)oh : start;
	if (op == DMODEL_READ && p->read_partial && (pre = front_held(m, lbn, n))) {
		/* a partial hit: the bus sends the front at once while the
		 * media reads the rest into the segment */
		struct dmodel_loc rl;

		oh = overhead(m, op, 1);
		t0 = now + (int64_t)oh > start ? now + (int64_t)oh : start;
		dmodel_locate(m, lbn + pre, &rl);
		first = access_at(m, fc, fh, &rl, 0, t0, t0, &seek, &rot);
		mend = transfer(m, lbn + pre, n - pre, rl, 0, first, &last);
		/* Allow sneaky partial read hits: the front leaves beside the
		 * head's work for an earlier request */
		done = bus_done(m, (p->sneaky_partial ? now : start) + (int64_t)oh, mend, n);
		m->c.bus_ns += bus_sectors_ns(m, n);
		done += (int64_t)p->oh_read_done_ns;
		m->c.read_misses++;	/* it moves the head */
		l = rl;
		goto read_in;
	}
	if (op == DMODEL_READ) {
		int64_t bus0;
		uint64_t reconnect;

		first = access_at(m, fc, fh, &l, 0, t0, t0, &seek, &rot);
		/* Read any free blocks: the whole sectors of the track that pass
		 * under the head while it waits for the first (their boundaries
		 * are the first's: rot x rpm x spt / TURN of them), those before
		 * it logically, go into the segment too */
		if (p->read_any_free && !p->no_caching) {
			free_front = DMODEL_MULDIV(rot, p->rpm * l.spt, TURN);	/* rot < 2^36, rpm * spt < 2^31 */
			if (free_front > l.before)
				free_front = l.before;
		}
		mend = transfer(m, lbn, n, l, 0, first, &last);
		if (p->immediate_read && n <= l.left && rot > 0) {
			/* it lands inside the request: a turn reads it all */
			uint64_t ph = dmodel_phase_units(m, first - (int64_t)rot), back;

			back = ph >= l.ang ? ph - l.ang : ph + TURN - l.ang;
			if (DMODEL_MULDIV(back, l.spt, TURN) < n) {
				mend = first - (int64_t)rot + (int64_t)DMODEL_DIV(TURN, p->rpm);
				rot = 0;
			}
		}
		/* the drive, disconnected while it reads, reconnects once the
		 * data are in the segment and sends them at the bus's rate */
		bus0 = mend;
		if (p->read_early_pm && early_mark(m, n) < n) {
			struct dmodel_loc at;
			int64_t tk = transfer(m, lbn, early_mark(m, n), l, 0, first, &at);

			bus0 = tk < mend ? tk : mend;
		}
		reconnect = m->last_write && p->oh_read_reconnect_w_ns ? p->oh_read_reconnect_w_ns : p->oh_read_reconnect_ns;
		if (bus0 < t0 + (int64_t)reconnect)
			bus0 = t0 + (int64_t)reconnect;
		done = p->read_early_pm ? bus_done(m, bus0, mend, n) : bus0 + (int64_t)bus_sectors_ns(m, n);
		m->c.bus_ns += (uint64_t)(done - mend);
		done += (int64_t)p->oh_read_done_ns;
		m->c.read_misses++;
read_in:
		s = seg_for(m, lbn, n, 0);
		s->valid = 1;
		s->dirty = 0;
		s->lo = lbn - free_front;
		s->hi = lbn + n;
		s->t = mend;
		s->cap = ra_cap(m, lbn + n, n, &last, s->lo);
		s->ra = s->cap > s->hi;
		s->used = ++m->use_clock;
		m->head_free_ns = mend;
		if (s->ra && p->readahead_min_bytes) {
			uint64_t k = p->readahead_min_bytes >> 9;

			m->head_free_ns += (int64_t)run_ns(m, s->hi, k < s->cap - s->hi ? k : s->cap - s->hi, last.spt);
		}
		m->fore_free_ns = m->head_free_ns;
		m->c.overhead_ns += oh + p->oh_read_done_ns;
	} else {
		int64_t bus0 = t0 + (int64_t)p->oh_write_reconnect_ns;
		int64_t bus1 = bus0 + (int64_t)bus_write_ns(m, n), need;
		int seq = m->last_write && lbn == m->next_lbn;

		/* the media may not write a sector before it is in the buffer,
		 * nor start a write out of sequence before its least delay */
		need = bus1 - (int64_t)run_ns(m, lbn, n - 1, l.spt);
		if (need < bus0 + (int64_t)bus_write_ns(m, 1))
			need = bus0 + (int64_t)bus_write_ns(m, 1);
		if (!seq && need < t0 + (int64_t)p->write_min_seek_ns)
			need = t0 + (int64_t)p->write_min_seek_ns;
		if (need < hold)
			need = hold;
		if (need < m->head_free_ns)	/* the write-backs before it */
			need = m->head_free_ns;
		first = access_at(m, fc, fh, &l, 1, (t0 > hold ? t0 : hold) + (int64_t)p->write_seek_delay_ns, need,
				  &seek, &rot);
		mend = transfer(m, lbn, n, l, 1, first, &last);
		if (p->immediate_write && n <= l.left && rot > 0 && first - (int64_t)rot >= bus1) {
			/* Immediate buffer write: with all its data in the buffer,
			 * a write the head lands inside writes its sectors as they
			 * come: one turn from landing */
			uint64_t ph = dmodel_phase_units(m, first - (int64_t)rot), back;

			back = ph >= l.ang ? ph - l.ang : ph + TURN - l.ang;
			if (DMODEL_MULDIV(back, l.spt, TURN) < n) {
				mend = first - (int64_t)rot + (int64_t)DMODEL_DIV(TURN, p->rpm);
				first -= (int64_t)rot;
				rot = 0;
			}
		}
		/* through to the platter, the drive reconnects to say so; longer
		 * than a segment, reported once the media has all but a
		 * segment's worth of it */
		done = wb == 1 ? bus1 : mend + (int64_t)p->oh_write_reselect_ns;
		if (wb == 2) {
			uint64_t size = p->segment_bytes >> 9;

			done = mend - (int64_t)run_ns(m, lbn + n - size, size, last.spt);
			if (done < bus1)
				done = bus1;
		}
		done += (int64_t)p->oh_write_done_ns;
		if (wb)
			write_queued(m, start, mend, n);
		else
			m->fore_free_ns = mend;
		m->c.write_backs += (uint64_t)!!wb;
		m->c.bus_ns += (uint64_t)(bus1 - bus0);
		m->c.overhead_ns += oh + p->oh_write_done_ns + (wb ? 0 : p->oh_write_reselect_ns);
		m->head_free_ns = mend;
		/* what the write covers leaves the read segments */
		for (unsigned i = 0; i < p->segments; i++)
			if (m->seg[i].valid && lbn < m->seg[i].hi && lbn + n > m->seg[i].lo)
				m->seg[i].valid = 0;
		s = NULL;
		if (p->write_hits_read && p->write_combine) {
			/* Combine seq writes: a write that appends to a segment's
			 * written data joins it */
			for (unsigned i = 0; i < p->segments && !s; i++)
				if (m->seg[i].valid && m->seg[i].dirty && m->seg[i].hi == lbn)
					s = &m->seg[i];
			if (s) {
				s->hi = lbn + n;
				s->cap = s->hi;
				s->t = bus1;
				s->used = ++m->use_clock;
			}
		}
		if (p->write_hits_read && !s) {
			s = seg_for(m, lbn, n, 1);
			s->valid = 1;
			s->dirty = 1;	/* holds written data */
			s->lo = lbn;
			s->hi = lbn + n;
			s->cap = s->hi;
			s->t = bus1;
			s->ra = 0;
			s->used = ++m->use_clock;
		}
	}
	count_seek(m, fc, l.cyl, fh, l.head);
	m->c.seek_ns += seek;
	m->c.rot_ns += rot;
	m->c.xfer_ns += (uint64_t)(mend - first);
	m->h_cyl = last.cyl;
	m->h_head = last.head;
	m->last_write = op == DMODEL_WRITE;
	m->next_lbn = lbn + n;
	return done;
}
