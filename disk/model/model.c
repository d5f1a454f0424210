/*
 * dmodel: the disk model (model.h) in integer arithmetic, for the guest
 * kernel's block driver (disk/kmod/block.c) and the host's tests alike.
 * Pure: times in, times out. This file: the parameters' checks, the
 * requests' dispatch and flash; disk/model/drive.c: a disk's requests (the
 * head, the buffer's segments, read-ahead and write-back: the one cache
 * model); disk/model/geometry.c and zones.c: the platter;
 * disk/model/model_arith.h: the arithmetic they share.
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
	NEED(p->segments >= 1 && p->segments <= DMODEL_SEGS_MAX, segments);
#define OH(f) NEED(p->f <= MAX_SEEK_NS, f);
	OH(oh_read_hit_r_ns) OH(oh_read_hit_w_ns) OH(oh_read_miss_r_ns) OH(oh_read_miss_w_ns)
	OH(oh_write_hit_r_ns) OH(oh_write_hit_w_ns) OH(oh_write_miss_r_ns) OH(oh_write_miss_w_ns)
	OH(oh_read_done_ns) OH(oh_write_done_ns) OH(oh_read_reconnect_ns) OH(oh_write_reconnect_ns)
	OH(write_seek_delay_ns) OH(write_min_seek_ns) OH(oh_write_reselect_ns)
#undef OH
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

/*
 * A disk whose profile names no segments (a datasheet's figures alone):
 * one segment, the whole buffer (cache_bytes, at least a sector), read
 * ahead until it is full within readahead_bytes (Buffer continuous read
 * 3), its writes reported from it (Fast write level 2) when the write
 * cache is on. The datasheet profiles in disk/profiles name their own.
 */
static void one_segment(struct dmodel_params *p)
{
	p->segments = 1;
	p->segment_bytes = p->cache_bytes >= 512 ? p->cache_bytes & ~511ULL : 512;
	p->readahead_mode = 3;
	p->write_level = p->write_cache ? 2 : 0;
	p->write_segments = 1;
}

int dmodel_init(struct dmodel *m, const struct dmodel_params *p, const char **field)
{
	int rc;

	memset(m, 0, sizeof(*m));
	*field = NULL;
	memcpy(&m->p, p, sizeof(*p));
	if (p->kind == DMODEL_HDD && !p->segments)
		one_segment(&m->p);
	rc = check_params(&m->p, field);
	if (rc)
		return rc;
	if (p->kind != DMODEL_HDD)
		return 0;
	rc = dmodel_geometry_init(m, field);
	return rc ? rc : dmodel_zones_init(m, field);
}

uint64_t dmodel_position_ns(const struct dmodel *m, enum dmodel_op op, uint64_t off, uint64_t len, int64_t now)
{
	int64_t start = now > m->head_free_ns ? now : m->head_free_ns;

	if (m->p.kind == DMODEL_NULL || op == DMODEL_FLUSH)
		return 0;
	if (m->p.kind == DMODEL_FLASH)
		return (uint64_t)(start - now) + (op == DMODEL_READ ? m->p.read_lat_ns : m->p.write_lat_ns);
	if (off > m->p.capacity_bytes)
		off = m->p.capacity_bytes;
	if (len > MAX_BYTES)
		len = MAX_BYTES;
	return dmodel_drive_position(m, op, off, len, now);
}

int64_t dmodel_free_ns(const struct dmodel *m)
{
	return m->head_free_ns;
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
	if (m->p.kind == DMODEL_FLASH) {
		done = op == DMODEL_FLUSH ? (now > m->head_free_ns ? now : m->head_free_ns) : flash(m, op, off, len, now);
		if (op == DMODEL_FLUSH)
			m->c.wait_ns += (uint64_t)(done - now);
	} else {
		done = dmodel_drive_request(m, op, off, len, now);
	}
	m->c.busy_ns += (uint64_t)(done - now);
	return done;
}
