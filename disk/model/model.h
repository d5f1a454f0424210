#ifndef SB_DMODEL_H
#define SB_DMODEL_H
/*
 * dmodel: what a disk of a datasheet charges for a request, in integer
 * nanoseconds. Pure: no I/O, no clock, no floating point, no libc but
 * memset/memcpy, so the same source runs in the guest kernel (a
 * block driver, disk/kmod/) and in the host's unit tests. The
 * caller gives each request's arrival time (its own clock, in ns) and gets
 * back when the disk would finish it.
 *
 * HDD: one head, requests served one at a time in arrival order, by one
 * cache model (disk/model/drive.c: DiskSim's disk, its manual's B.4): a
 * request costs the controller's overhead, then for a miss the seek (a
 * measured table, HPL or a curve through the datasheet's track-to-track,
 * average and full-stroke times), the rotation (from the platter's angle
 * at that instant: t / revolution, nothing random) and the transfer (at
 * the zone's rate: a zone table's, or falling linearly from the outer to
 * the inner diameter, a track holding one revolution), with the bus
 * beside it. The buffer is segments; after a read the head reads ahead
 * into its segment while nothing else needs it, and a read a segment
 * holds costs the overhead and the bus only. Writes are reported from the
 * buffer at the write-back level the profile gives: up to write_segments
 * of them wait there for the head, which writes them back in arrival
 * order; a flush waits for the head to finish everything queued. A
 * profile that names no segments has one, the whole buffer, read ahead
 * until full, written back (level 2) when write_cache is on.
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
#include <stddef.h>
#include <stdint.h>
#endif

enum dmodel_kind { DMODEL_NULL, DMODEL_HDD, DMODEL_FLASH };
enum dmodel_op { DMODEL_READ, DMODEL_WRITE, DMODEL_FLUSH };

/*
 * The profile's figures as integers (disk/profile/profile.c rounds a profile file
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
	X(unit_bytes, "flash: allocation (erase) unit; 0: none")               \
	X(head_switch_ns, "hdd: switching surfaces in a cylinder")              \
	X(write_settle_ns, "hdd: added to a write's seek or head switch; int64") \
	X(zones, "hdd: entries of zone[]; 0: the rate falls linearly")          \
	X(cylinders, "hdd, zones: cylinders the zones span")                    \
	X(sparing, "hdd, zones: DiskSim's 0-10: 0 none, 1 tracks a zone, 2 (4) sectors a cylinder's end, 3 a track's, 5 (6) a cylinder's front, 7 the disk's end, 8 a range's, 9 (10) a zone's; 4, 6, 10: slips take the disk's end's") \
	X(spare_range, "hdd, sparing 8: cylinders a range")                     \
	X(seek_points, "hdd: entries of seek[]; 0: the three-point curve")      \
	X(hpl_bound, "hdd: past seek[]: cylinders where the HPL curve turns; 0 none") \
	X(hpl_short_ns, "hdd, HPL below hpl_bound: a + b sqrt(d), a")          \
	X(hpl_sqrt_ns, "hdd, HPL: b")                                           \
	X(hpl_long_ns, "hdd, HPL from hpl_bound: c + e d, c")                   \
	X(hpl_lin_ps, "hdd, HPL: e, ps a cylinder")                             \
	X(segments, "hdd: buffer segments; 0: one track buffer and a write cache") \
	X(segment_bytes, "hdd, segments: a segment's size")                     \
	X(write_segments, "hdd, segments: of which may hold writes")            \
	X(readahead_mode, "hdd, segments: 0 none, 1 track end, 2 cylinder end, 3 segment full, 4 track end, the next too in a stream") \
	X(readahead_min_bytes, "hdd, segments: read ahead before the head leaves") \
	X(readahead_over, "hdd, segments: 1: read-ahead may replace the request's data") \
	X(readahead_idle_hit, "hdd, segments: 1: a full hit restarts read-ahead") \
	X(write_hits_read, "hdd, segments: 1: reads hit written data")          \
	X(write_separate, "hdd, segments: 1: writes have a segment of their own") \
	X(write_level, "hdd, segments: write-back 0 none, 1 appending streams, 2 all") \
	X(bus_sector_ns, "hdd: the interface's time a 512-byte block; 0: bus_bps") \
	X(bus_write_sector_ns, "hdd: a block's time toward the drive (a write's data); 0: as a read's") \
	X(oh_read_hit_r_ns, "hdd: overhead of a read hit after a read")         \
	X(oh_read_hit_w_ns, "hdd: a read hit after a write")                    \
	X(oh_read_miss_r_ns, "hdd: a read miss after a read")                   \
	X(oh_read_miss_w_ns, "hdd: a read miss after a write")                  \
	X(oh_write_hit_r_ns, "hdd: a write reported from the cache, after a read") \
	X(oh_write_hit_w_ns, "hdd: a write reported from the cache, after a write") \
	X(oh_write_miss_r_ns, "hdd: a write reported from the platter, after a read") \
	X(oh_write_miss_w_ns, "hdd: a write reported from the platter, after a write") \
	X(oh_read_done_ns, "hdd: completing a read")                            \
	X(oh_write_done_ns, "hdd: completing a write")                          \
	X(oh_read_reconnect_ns, "hdd: a read miss's command to its first data on the bus, beside the media") \
	X(oh_read_reconnect_w_ns, "hdd: the same after a write; 0: as after a read") \
	X(read_partial, "hdd, segments: 1: a read whose front a segment holds sends it while the media reads the rest") \
	X(read_early_pm, "hdd: per mille of a read miss the bus may send before the media has it all; 0: none") \
	X(oh_write_reconnect_ns, "hdd: a write's command to its data on the bus (disconnect, reselect)") \
	X(oh_write_reselect_ns, "hdd: a write reported from the platter: the reconnect after the media") \
	X(immediate_read, "hdd, segments: 1: a read takes its sectors as they pass under the head") \
	X(write_seek_delay_ns, "hdd: from a write's command to its seek")       \
	X(write_min_seek_ns, "hdd: least media delay of a write not sequential") \
	X(read_any_free, "hdd, segments: 1: a read miss also keeps the sectors before its own that pass under the head while it waits for them") \
	X(no_caching, "hdd, segments: 1: the buffer only matches the bus to the media; no request is served from what an earlier one left") \
	X(lbn_map, "hdd, zones: 0 conventional; 1 serpentine, each zone's first cylinder ascending; 2 serpentine, even cylinders ascending") \
	X(immediate_write, "hdd, segments: 1: a write's sectors go to the platter as they pass under the head (zero-latency write)") \
	X(write_hit_ra, "hdd, segments: 1: a write reported from the buffer lets the read-ahead under way finish first") \
	X(write_combine, "hdd, segments: 1: a write that appends to a segment's written data joins that segment") \
	X(sneaky_full, "hdd, segments: 1: a read a segment holds is sent while the head works for an earlier request") \
	X(sneaky_partial, "hdd, segments, read_partial: 1: so is the held front of a partial hit") \
	X(watermark_seg, "hdd: 1: read_early_pm is a share of a segment, not of the request") \
	X(almost_hits, "hdd, segments: 1: a read whose first sector the read-ahead is reading is a partial hit; 0: a miss") \
	X(access_mode, "hdd, segments: a miss's positioning: 0 seek and rotation, 1 seek and half a turn, 2 access_const_ns") \
	X(access_const_ns, "hdd, segments, access_mode 2: the positioning of every access") \
	X(seek_const, "hdd: 1: every seek takes seek_const_ns, and so does each request's positioning on its own cylinder (DiskSim's Seek type constant)") \
	X(seek_const_ns, "hdd, seek_const: the seek's time")                  \
	X(queue_depth, "requests the drive takes at once (0 or 1: no queueing)") \
	X(queue_order, "how it orders them: 0 arrival, 1 sptf (disk/model/queue.h)")

/*
 * A zone of a drive's layout (DiskSim's "g1" layout, its manual B.4.2):
 * cylinders first..last, each track of bpt 512-byte sectors; the first
 * logical sector of each track is skewed by skew_track sectors past the
 * last of the track before (skew_cyl across a cylinder); the skews and
 * the offset are in thousandths of a sector (the manual's are floats);
 * spares as the profile's sparing says; front: logical sectors the zone's
 * front keeps for the drive; slips: this zone's entries of slip[]
 * (slipped sectors, or tracks under sparing 1), zone-relative,
 * increasing. X(name, what).
 */
#define DMODEL_ZONE_FIELDS(X)                                                  \
	X(first_cyl, "first cylinder")                                        \
	X(last_cyl, "last cylinder")                                          \
	X(bpt, "sectors a track")                                             \
	X(skew_track, "thousandths of a sector skipped at a track switch")    \
	X(skew_cyl, "thousandths of a sector skipped at a cylinder switch")   \
	X(spares, "spare sectors (tracks, sparing 1) a unit of the sparing")  \
	X(front, "logical sectors kept at the zone's front")                  \
	X(offset, "the angle of the zone's first logical sector, thousandths of a sector") \
	X(slips, "entries of slip[] this zone has, after the zones before")

struct dmodel_zone {
#define DMODEL_ZONE_MEMBER(name, what) uint64_t name;
	DMODEL_ZONE_FIELDS(DMODEL_ZONE_MEMBER)
#undef DMODEL_ZONE_MEMBER
};

struct dmodel_seekpt {		/* a measured seek: cylinders, ns; increasing */
	uint64_t cyl, ns;
};

/* the ranges dmodel_init takes a drive's size in (disk/model/model_arith.h
 * bounds its arithmetic by them): bytes, surfaces, tracks (cylinders x
 * surfaces, fewer than this) */
#define DMODEL_CAPACITY_MAX (1ULL << 46)
#define DMODEL_HEADS_MAX 1024
#define DMODEL_TRACKS_MAX (1ULL << 31)

#define DMODEL_ZONES_MAX 128	/* DiskSim's IBM Ultrastar 18ES has 55 */
#define DMODEL_SEEK_MAX 2048	/* measured seeks (DiskSim's 4 TB drive has 1792) */
#define DMODEL_SLIPS_MAX 4096	/* slipped sectors or tracks, all zones */
#define DMODEL_SEGS_MAX 2048	/* buffer segments (DiskSim's Maxtor Atlas 10K V has 2048) */

/*
 * DiskSim's g4 layout (its manual B.4.5), in place of the zones: a
 * logical sector, moved past the slips before it, goes down a tree of
 * index nodes from the root (the last node): at each node the entry whose
 * LBNs [lbn, lbn + runlen) hold it, instance q = (x - lbn) / len of it,
 * cylinders cyl + q cyllen on from the parent's (or back, down), angle
 * off + q alen on, and x - lbn - q len into the child; at a track pattern,
 * sector low + x on the entry's surface, at sector / spt of a turn past
 * the angle. A remapped sector is where its remap says. The tables do not
 * reach the guest (the host's profile reader owns them).
 */
struct dmodel_g4_ent {
	uint64_t lbn, len, runlen;	/* the first LBN (within the parent's instance), an instance's, all */
	uint64_t cyl, cyllen;	/* the first instance's lowest cylinder (the parent's on), an instance's cylinders */
	uint64_t off, alen;	/* the first instance's angle, and each next one's more: millionths of a turn */
	uint32_t child, head;	/* the child node or track pattern; a track's surface */
	uint8_t track, down;	/* the child is a track pattern; the instances go down in cylinders */
};
struct dmodel_g4_tp {		/* a track pattern: LBNs 0.. on sectors low..high of spt */
	uint64_t low, high, spt;
};
struct dmodel_g4_slip {		/* slipped LBNs: at lbn, total of them this one and before */
	uint64_t lbn, total;
};
struct dmodel_g4_remap {	/* LBNs [lbn, lbn + count) on sectors sector.. of a track of spt */
	uint64_t lbn, count, cyl, head, sector, spt;
};
struct dmodel_g4 {
	const struct dmodel_g4_ent *ent;
	const uint64_t *node;	/* node i: ent[node[i]] to ent[node[i + 1] - 1] (nnode + 1 of them) */
	const struct dmodel_g4_tp *tp;
	const struct dmodel_g4_slip *slip;
	const struct dmodel_g4_remap *remap;
	uint64_t nent, nnode, ntp, nslip, nremap;
};
#define DMODEL_G4_ENTS_MAX 65536	/* index entries (the Maxtor Atlas 10K V's: 22305) */
#define DMODEL_G4_NODES_MAX 4096
#define DMODEL_G4_TPS_MAX 4096
#define DMODEL_G4_SLIPS_MAX 65536	/* (the Maxtor's: 14694) */
#define DMODEL_G4_REMAPS_MAX 4096

struct dmodel_params {
#define DMODEL_PARAM_MEMBER(name, what) uint64_t name;
	DMODEL_PARAMS(DMODEL_PARAM_MEMBER)
#undef DMODEL_PARAM_MEMBER
	/* the tables (hdd): zones entries of zone[], seek_points of seek[];
	 * they reach the guest's target as text (tables.c: its tables=
	 * parameter), a g4 layout does not (host only) */
	struct dmodel_zone zone[DMODEL_ZONES_MAX];
	struct dmodel_seekpt seek[DMODEL_SEEK_MAX];
	uint64_t slip[DMODEL_SLIPS_MAX];
	const struct dmodel_g4 *g4;	/* NULL, or a g4 layout (zones 0) */
};

/* What the model has charged, since dmodel_init. X(name, what): uint64_t. */
#define DMODEL_COUNTERS(X)                                                     \
	X(reads, "read requests")                                              \
	X(writes, "write requests")                                            \
	X(flushes, "flush requests")                                           \
	X(read_bytes, "bytes read")                                            \
	X(write_bytes, "bytes written")                                        \
	X(buffer_hits, "reads served from the buffer")                         \
	X(seek_ns, "the head's seeks (flash: latencies)")                      \
	X(rot_ns, "rotational waits (flash: allocation unit copies)")          \
	X(xfer_ns, "media transfers")                                          \
	X(wait_ns, "requests waiting for the head or for cache room")          \
	X(busy_ns, "sum over requests of completion - arrival")               \
	X(read_misses, "reads that moved the head")                           \
	X(stream_hits, "reads met by the read-ahead under way (segments)")   \
	X(write_backs, "writes reported from the cache (segments)")           \
	X(overhead_ns, "controller overheads charged")                        \
	X(bus_ns, "the interface's transfers on the requests' paths")         \
	X(head_switches, "head switches without a seek")                     \
	X(seeks_short, "seeks of 1-15 cylinders")                             \
	X(seeks_mid, "seeks of 16-1023 cylinders")                            \
	X(seeks_long, "seeks of 1024 cylinders or more")                      \
	X(hits_seg0, "read hits in the most recently used segment")           \
	X(hits_seg1, "read hits in the second most recently used")            \
	X(hits_seg2p, "read hits in older segments")

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

/* a buffer segment (segments > 0): logical sectors [lo, hi) are in it by
 * t, and the head reads on from hi to cap while nothing else needs it
 * (ra: this is the segment being read ahead into) */
struct dmodel_seg {
	uint64_t lo, hi, cap;
	int64_t t;
	uint64_t used;	/* LRU stamp */
	int valid, ra, dirty;	/* dirty: it holds written data */
};

/*
 * The state. sizeof is 259,032 bytes on x86-64 (bounded: no table grows;
 * 112 KiB of it 2048 buffer segments (56 bytes each), 64 KiB the write
 * queue (4096 x 16 bytes), 74 KiB the parameters with their tables (128
 * zones, 2048 seeks, 4096 slips), 3 KiB the zones' derived figures; a
 * g4 layout's tables are the profile reader's, by pointer, host only);
 * the kernel allocates it with kvzalloc.
 */
struct dmodel {
	struct dmodel_params p;
	/* zones (derived by dmodel_init): each zone's first logical sector
	 * and how many it holds, its first entry of slip[] */
	uint64_t z_lbn[DMODEL_ZONES_MAX], z_lbns[DMODEL_ZONES_MAX], z_slip0[DMODEL_ZONES_MAX];
	uint64_t sectors;	/* logical sectors: capacity_bytes / 512 */
	/* the head (segments or zones): cylinder and surface */
	uint64_t h_cyl, h_head;
	uint64_t next_lbn;	/* the sector after the last request's */
	int last_write;		/* the last request was a write */
	uint64_t use_clock;
	struct dmodel_seg seg[DMODEL_SEGS_MAX];
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
	/* the head's work that requests wait for: all of it but the
	 * write-backs queued after it */
	int64_t fore_free_ns;
	/* the write-back queue: a ring of the writes reported from the
	 * buffer that the head has yet to write (done_ns: when it has) */
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

/*
 * The time from now_ns until the drive could start moving this request's
 * data (its controller overhead, then seek, settling, head switch and
 * rotational latency; a read the buffer holds: the overhead alone),
 * without changing the model: for a queue that orders by positioning
 * time (disk/model/queue.c). Null: 0; flash: the latency.
 */
uint64_t dmodel_position_ns(const struct dmodel *m, enum dmodel_op op, uint64_t off, uint64_t len, int64_t now_ns);
/* the earliest time at which a request given to the model starts at the
 * head without waiting for earlier work (queued writes included) */
int64_t dmodel_free_ns(const struct dmodel *m);

/* pieces, for the datasheet check and the tests (hdd) */
uint64_t dmodel_track_of(const struct dmodel *m, uint64_t off);	/* Q32 track coordinate */
uint64_t dmodel_track_start(const struct dmodel *m, uint64_t track);	/* first byte of a track */
/* the seek between two bytes' cylinders and the media rate at a byte:
 * the zone table's where the profile has one (zones.c), else the
 * datasheet's linear platter (geometry.c, the platter_ pair) */
uint64_t dmodel_seek_ns(const struct dmodel *m, uint64_t from_off, uint64_t to_off);
uint64_t dmodel_platter_seek_ns(const struct dmodel *m, uint64_t from_off, uint64_t to_off);
uint64_t dmodel_seek_cyl_ns(const struct dmodel *m, uint64_t cylinders);	/* over a distance */
/* the seek over d cylinders as the head pays it: the profile's table, HPL
 * or curve (disk/model/zones.c) */
uint64_t dmodel_seek_dist_ns(const struct dmodel *m, uint64_t d);
uint64_t dmodel_cylinders(const struct dmodel *m);	/* whole cylinders on the disk */
uint64_t dmodel_rate_at(const struct dmodel *m, uint64_t off);	/* bytes/s, the zone's */
uint64_t dmodel_platter_rate_at(const struct dmodel *m, uint64_t off);
/* a logical sector's place (disk/model/zones.c): cylinder, surface, the angle
 * of its start in 1 / 60e9 of a turn, the sectors its track holds, those
 * from it to the track's last data sector and the track's logical sectors
 * before it */
struct dmodel_loc {
	uint64_t cyl, head, ang, spt, left, skew_track, skew_cyl;	/* skews: thousandths of a sector */
	uint64_t before;	/* for Read any free blocks */
};
void dmodel_locate(const struct dmodel *m, uint64_t lbn, struct dmodel_loc *l);
/* the logical sectors from lbn to its cylinder's last, lbn's included: in
 * logical order (a serpentine layout's descending cylinder ends on surface
 * 0; spares and slips shorten its tracks) */
uint64_t dmodel_cyl_left(const struct dmodel *m, uint64_t lbn);

/*
 * The tables as text (disk/model/tables.c): one line of words, zone=... a
 * zone (DMODEL_ZONE_FIELDS' order, comma-separated), seek=CYL,NS a point,
 * slip=N a slip, in their arrays' order. format writes p's zones,
 * seek_points and the zones' slips into buf[size] (NUL-terminated,
 * truncated where it is short) and returns the length the whole line
 * needs, as snprintf; parse fills p's zone[], seek[] and slip[] from text
 * for the counts p's integer parameters already give (zones,
 * seek_points, each zone's slips): 0, or -EINVAL with *why saying what
 * does not fit. dmodel_init then checks the tables themselves.
 */
size_t dmodel_tables_format(const struct dmodel_params *p, char *buf, size_t size);
int dmodel_tables_parse(struct dmodel_params *p, const char *text, const char **why);

#endif
