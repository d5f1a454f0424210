#ifndef SB_DMODEL_H
#define SB_DMODEL_H
/*
 * dmodel: what a disk of a datasheet charges for a request, in integer
 * nanoseconds. Pure: no I/O, no clock, no floating point, no libc but
 * memset/memcpy, so the same source runs in the guest kernel (a
 * device-mapper target, disk/kmod/) and in the host's unit tests. The
 * caller gives each request's arrival time (its own clock, in ns) and gets
 * back when the disk would finish it.
 *
 * HDD: one head, requests served one at a time in arrival order. A read
 * or a write's media work costs seek (from the cylinder distance, a curve
 * through the datasheet's track-to-track, average and full-stroke times)
 * + rotation (from the platter's angle at that instant: t / revolution,
 * nothing random) + transfer (at the zone's rate, which falls linearly
 * from the outer to the inner diameter; a track holds one revolution).
 * After a read the head keeps reading ahead into the track buffer while
 * nothing else needs it; a read the buffer already holds costs the
 * interface only. With the write cache on, a write completes once it is
 * in the cache and the head writes it back in arrival order; a write that
 * does not fit waits for room; a flush waits for the head to finish
 * everything queued.
 *
 * Flash: a fixed latency plus bytes at the medium's rate; with allocation
 * units, a write outside the open unit (or out of order in it) closes it,
 * and the unit's unwritten rest is copied (read + write).
 *
 * Null: every request costs nothing (for measuring the path itself).
 *
 * Positions on the platter are track coordinates in Q32: the integer part
 * is the track (LBA 0's track is 0, the outermost), the low 32 bits the
 * angle within it, in turns (each track's first byte is at angle 0).
 */
#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdint.h>
#endif

enum dmodel_kind { DMODEL_NULL, DMODEL_HDD, DMODEL_FLASH };
enum dmodel_op { DMODEL_READ, DMODEL_WRITE, DMODEL_FLUSH };

/*
 * The profile's figures as integers (disk/profile.c rounds a profile file
 * into them; the module parses them from its table line "name=value ...").
 * X(name, what): all uint64_t.
 */
#define DMODEL_PARAMS(X)                                                       \
	X(kind, "enum dmodel_kind: 0 null, 1 hdd, 2 flash")                     \
	X(capacity_bytes, "the whole disk, which the zones span")               \
	X(rotational, "1: what the guest is told is a rotating disk")           \
	X(rpm, "hdd: revolutions per minute")                                   \
	X(seek_track_ns, "hdd: seek over one cylinder")                         \
	X(seek_avg_ns, "hdd: mean seek over uniformly random pairs")            \
	X(seek_full_ns, "hdd: seek outer to inner")                             \
	X(rate_outer_bps, "hdd: sustained media rate at LBA 0, bytes/s")        \
	X(rate_inner_bps, "hdd: sustained media rate at the inner edge")        \
	X(heads, "hdd: surfaces, tracks per cylinder")                          \
	X(cache_bytes, "hdd: the buffer: write cache and read segment")         \
	X(readahead_bytes, "hdd: how far the head reads past a read")           \
	X(bus_bps, "hdd: interface rate, bytes/s")                              \
	X(write_cache, "hdd: 1: writes complete in the cache")                  \
	X(read_lat_ns, "flash: latency of a read")                              \
	X(write_lat_ns, "flash: latency of a write")                            \
	X(read_bps, "flash: read rate, bytes/s")                                \
	X(write_bps, "flash: write rate, bytes/s")                              \
	X(unit_bytes, "flash: allocation (erase) unit; 0: none")                \
	X(queue_depth, "requests the drive takes at once (0 or 1: no queueing)") \
	X(queue_order, "how it orders them: 0 arrival, 1 sptf (disk/queue.h)")

struct dmodel_params {
#define DMODEL_PARAM_MEMBER(name, what) uint64_t name;
	DMODEL_PARAMS(DMODEL_PARAM_MEMBER)
#undef DMODEL_PARAM_MEMBER
};

/* What the model has charged, since dmodel_init. X(name, what): uint64_t. */
#define DMODEL_COUNTERS(X)                                                     \
	X(reads, "read requests")                                              \
	X(writes, "write requests")                                            \
	X(flushes, "flush requests")                                           \
	X(read_bytes, "bytes read")                                            \
	X(write_bytes, "bytes written")                                        \
	X(buffer_hits, "reads served from the track buffer")                   \
	X(seek_ns, "the head's seeks (flash: latencies)")                      \
	X(rot_ns, "rotational waits (flash: allocation unit copies)")          \
	X(xfer_ns, "media transfers")                                          \
	X(wait_ns, "requests waiting for the head or for cache room")          \
	X(busy_ns, "sum over requests of completion - arrival")

struct dmodel_counters {
#define DMODEL_COUNTER_MEMBER(name, what) uint64_t name;
	DMODEL_COUNTERS(DMODEL_COUNTER_MEMBER)
#undef DMODEL_COUNTER_MEMBER
};

struct dmodel_wq {		/* a write the head has yet to finish */
	int64_t done_ns;
	uint64_t bytes;
};
#define DMODEL_WQ_MAX 4096	/* a power of two */

/*
 * The state. sizeof is 65928 bytes on x86-64, 64 KiB of it the write
 * queue (4096 x 16 bytes): the kernel allocates it with kvzalloc.
 */
struct dmodel {
	struct dmodel_params p;
	/* geometry, derived by dmodel_init (hdd) */
	uint64_t cap_rpm;	/* capacity_bytes * rpm */
	uint64_t s30;		/* 30 * (rate_outer + rate_inner): tracks = cap_rpm / s30 */
	uint64_t tracks_q32;	/* the track coordinate of the inner edge, Q32 */
	uint64_t cyl_den;	/* cap_rpm - 2 * s30 * heads: (cylinders - 2) * s30 * heads */
	uint64_t seek_b3, seek_c3_abs;	/* 3 x the curve's b and |c|, ns */
	int seek_c_neg;		/* c < 0 */
	/* the head */
	int64_t head_free_ns;	/* when the head finishes its queued work */
	uint64_t head_q32;	/* where it is: a track coordinate */
	/* track buffer: [buf_lo, buf_hi) read by time buf_t, and the head
	 * streams on from buf_hi at the zone rate until buf_cap */
	uint64_t buf_lo, buf_hi, buf_cap;
	int64_t buf_t;
	int buf_valid;
	/* write cache: a ring of what the head has yet to write */
	struct dmodel_wq wq[DMODEL_WQ_MAX];
	unsigned wq_h, wq_n;	/* first, count */
	uint64_t wq_bytes;
	/* flash: the open allocation unit and how much of it was written */
	uint64_t unit_open, unit_written;
	int unit_valid;
	struct dmodel_counters c;
};

/* 0, or -EINVAL with *field naming the parameter that is missing, out of
 * the model's range, or impossible with the others */
int dmodel_init(struct dmodel *m, const struct dmodel_params *p, const char **field);
/* the completion time of a request arriving at now_ns (non-decreasing
 * across calls: a caller with several queues serialises them); off and
 * len in bytes, ignored for a flush */
int64_t dmodel_request(struct dmodel *m, enum dmodel_op op, uint64_t off, uint64_t len, int64_t now_ns);

/* pieces, for the datasheet check and the tests (hdd) */
uint64_t dmodel_track_of(const struct dmodel *m, uint64_t off);	/* Q32 track coordinate */
uint64_t dmodel_track_start(const struct dmodel *m, uint64_t track);	/* first byte of a track */
uint64_t dmodel_seek_ns(const struct dmodel *m, uint64_t from_off, uint64_t to_off);
uint64_t dmodel_seek_cyl_ns(const struct dmodel *m, uint64_t cylinders);	/* over a distance */
uint64_t dmodel_cylinders(const struct dmodel *m);	/* whole cylinders on the disk */
uint64_t dmodel_rate_at(const struct dmodel *m, uint64_t off);	/* bytes/s, the zone's */
uint64_t dmodel_rev_ns(const struct dmodel *m);	/* one revolution, truncated */
uint32_t dmodel_phase_q32(const struct dmodel *m, int64_t t_ns);	/* the platter's angle at t */

/* for the drive's queue (disk/queue.c), the model unchanged: the time
 * from now until the drive could start moving a request's data (waiting
 * for the head, seek, rotation; 0 for a read the buffer holds), and the
 * earliest time a request given to it would start without waiting for
 * earlier work */
uint64_t dmodel_position_ns(const struct dmodel *m, enum dmodel_op op, uint64_t off, uint64_t len, int64_t now_ns);
int64_t dmodel_free_ns(const struct dmodel *m);

#endif
