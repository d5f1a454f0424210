#ifndef SB_DISKMODEL_FLOAT_H
#define SB_DISKMODEL_FLOAT_H
/*
 * fm: the disk model in floating point, as it was before disk/model/model.c
 * became integer arithmetic for the guest kernel, and followed since. A
 * TEST-ONLY ORACLE: only tests/unit/test_diskmodel.c links it, to replay a
 * trace through both and bound the integer model's difference; it is not a
 * product model, and a change to the model goes to disk/model/.
 *
 * What a disk of a datasheet charges for a request, in nanoseconds.
 * Pure: no I/O, no clock. The caller gives each request's arrival time
 * (its own clock, in ns) and gets back when the disk would finish it.
 *
 * HDD: the one cache model (disk/model/drive.c) for the values a datasheet
 * profile gives (no zone table, no measured seeks, no overheads: those are
 * plain additions checked in test_diskmodel). One head, requests served
 * one at a time in arrival order. A miss costs seek (from the cylinder
 * distance, a curve through the datasheet's track-to-track, average and
 * full-stroke times) + rotation (from the platter's angle at that instant:
 * angle(t) = t / revolution, nothing random) + transfer (a track holds one
 * revolution at the zone's rate, which falls from the outer to the inner
 * diameter), the bus beside it as DiskSim's high water mark allows. The
 * buffer is segments (DiskSim's): a read a segment holds costs the bus
 * only, a read the read-ahead under way reaches waits for it; after a
 * read the head reads ahead into its segment (Buffer continuous read 3,
 * up to readahead_kb past it) while nothing else needs it. A write empties
 * the segments that held what it wrote. Writes are reported from the
 * buffer (Fast write level 1 or 2): up to write_segments of them wait for
 * the head, which writes them back in arrival order; one longer than a
 * segment is reported once the rest fits; a flush waits for the head.
 *
 * Flash (sd, ssd): a fixed latency plus bytes at the medium's rate; on
 * media with allocation units (SD), a write outside the open unit closes
 * it, and closing a unit that was not written whole copies its rest.
 *
 * Null: every request costs nothing (for measuring the path itself).
 */
#include <stdint.h>

enum fm_kind { FM_NULL, FM_HDD, FM_FLASH };

/* the datasheet's figures in the profile file's units */
struct fm_profile {
	char name[64];
	enum fm_kind kind;
	double capacity_bytes;	/* the whole disk, which the zones span */
	/* HDD */
	double rpm;
	double seek_track_ms;	/* one cylinder */
	double seek_avg_ms;	/* mean over uniformly random pairs */
	double seek_full_ms;	/* outer to inner */
	double rate_outer_mbs;	/* sustained media rate, MB/s (10^6) */
	double rate_inner_mbs;
	double heads;		/* surfaces: tracks per cylinder */
	double cache_mb;	/* buffer, MiB */
	double readahead_kb;	/* how far the head reads past a read */
	double bus_mbs;		/* interface, MB/s */
	int write_cache;	/* 1: writes complete in the cache */
	/* the buffer, in DiskSim's terms (model.h's keys of the same names) */
	int segments;		/* 0: one, the whole buffer */
	double segment_kb;
	int readahead_mode;	/* 3 only (the segment full) */
	double readahead_min_kb;
	int readahead_over;
	int almost_hits;	/* 1: a read of the sector being read ahead goes on with it */
	double read_early;	/* 1 - the high water mark, 0 .. 1 */
	int write_level;	/* 0 write-through, 1 or 2 write-back */
	int write_segments;	/* of the segments, those written data wait in */
	/* flash */
	double read_lat_us, write_lat_us;
	double read_mbs, write_mbs;
	double unit_kb;		/* allocation (erase) unit; 0: none */
	int rotational;		/* what the guest is told */
};

/* the curve through the three seek points, over u in [0, 1] of the stroke
 * past one cylinder: t(u) = track + b sqrt(u) + c u */
struct fm_seekcurve {
	double track_ns, b_ns, c_ns;
};

struct fm_wq {			/* a write the head has yet to finish */
	int64_t done_ns;
	uint64_t bytes;
};
#define FM_WQ_MAX 4096

struct fm_counters {
	uint64_t reads, writes, flushes, read_bytes, write_bytes;
	uint64_t buffer_hits;	/* reads served from the track buffer */
	int64_t seek_ns, rot_ns, xfer_ns;	/* the head's media work */
	int64_t wait_ns;	/* time requests waited for the head or cache room */
	int64_t busy_ns;	/* sum over requests of completion - arrival */
};

#define FM_SEGS_MAX 64
struct fm_seg {			/* sectors [lo, hi) in the buffer by t */
	uint64_t lo, hi, cap;	/* cap: how far its read-ahead may go */
	int64_t t;
	uint64_t stamp;		/* when last used, for the LRU */
	int used;		/* holds data */
	int ra;			/* the head reads ahead into it */
};

struct fm_state {
	struct fm_profile p;
	struct fm_seekcurve seek;
	double rev_ns, cylinders, tracks, k_bytes;	/* geometry, derived */
	int64_t head_free_ns;	/* when the head finishes its queued work */
	int64_t fore_free_ns;	/* ... but the write-backs queued after the rest */
	double head_track;	/* where it is: the track of the last sector it passed */
	double sectors;		/* logical sectors */
	uint64_t seg_sectors;	/* a segment's size */
	struct fm_seg seg[FM_SEGS_MAX];
	int nseg;
	uint64_t clock, next_lbn;
	int last_write;
	struct fm_wq wq[FM_WQ_MAX];
	unsigned wq_h, wq_n;	/* a ring: first, count */
	uint64_t wq_bytes;
	/* flash: the open allocation unit and how much of it was written */
	uint64_t unit_open, unit_written;
	int unit_valid;
	struct fm_counters c;
};

enum fm_op { FM_READ, FM_WRITE, FM_FLUSH };

/* 0, or -EINVAL with *field naming the figure that is missing or impossible */
int fm_init(struct fm_state *s, const struct fm_profile *p, const char **field);
/* the completion time of a request arriving at now_ns (non-decreasing
 * across calls: a caller with threads serialises them) */
int64_t fm_request(struct fm_state *s, enum fm_op op, uint64_t off, uint64_t len, int64_t now_ns);

/* a piece, for tests and the datasheet check */
double fm_x_of(const struct fm_state *s, uint64_t off);	/* 0 outer .. 1 inner */

#endif
