#ifndef SB_DCHAR_H
#define SB_DCHAR_H
/*
 * dchar: a disk characterised from the timing of its reads alone, as
 * Talagala, Arpaci-Dusseau and Patterson's microbenchmarks (UCB/CSD-99-1063)
 * and Schindler and Ganger's DIXtrac do it. Pure: it reads through the
 * device it is given (the workload diskchar: a block device with O_DIRECT;
 * the host's check: the disk model) and keeps what it finds in a struct
 * dchar_result. It never writes, but in the opt-in rewrite mode (a device
 * with rewrite: dchar_write.c), where it writes back a sector's own bytes,
 * just read, to time the write path.
 *
 * What each figure rests on (one request in flight at a time, so a read's
 * completion is the moment its last sector passed under the head plus a
 * constant):
 * - rotation and the media rate where it reads: a chain of one-sector
 *   reads stepping back k sectors each; each waits for its sector to come
 *   round again, so the interval is one turn less k sectors' time, and the
 *   line through (k, interval) gives the turn and a sector's time (Skippy's
 *   sawtooth, read backwards so that no read-ahead serves it; the steps
 *   across a track's edge, off by its skew, are left out of the line);
 * - the zones' edges: between two positions whose tracks hold different
 *   whole numbers of sectors, such chains bisect the disk (a chain within
 *   one zone says which side of it the edge is);
 * - the time the head needs to be ready for a sector at a distance (the
 *   seek curve, switches): reads of B aimed at a chosen angle after A; T,
 *   B's completion less A's, is the first pass of B after the head is
 *   ready, so the threshold lies in (T - turn, T] whatever the aim, and
 *   aiming halves that interval each time (DIXtrac's minimal time between
 *   request completions);
 * - the tracks' edges and skews (Skippy's chain across tracks): in a chain
 *   of reads stepping back a third of a track, a step across an edge is
 *   off the turn by the skew; the skews of most edges are the track skew,
 *   those of every heads-th the cylinder skew, so the heads are their
 *   period; each edge is then placed to the sector by the phase of the
 *   sectors between; a switch is the least time from a read above an edge
 *   to one below it, less that within a track, to the microsecond by a
 *   pause before the second read;
 * - each zone's own skews: a zone record's chains step across a track's
 *   edge or two, each such step off the line by the sectors skipped there
 *   (modulo the track): the least of them, a track's skew where the chain
 *   crossed one (a cylinder's skew is the larger);
 * - the spares: the placed tracks' sectors, a cylinder's first, its middle
 *   ones and its last, against the sectors a turn holds (spares at each
 *   track's end shorten every track, at a cylinder's end its last, at its
 *   front its first);
 * - where the long chain finds no whole number of sectors a track (its
 *   tracks differ: surfaces of their own sectors a track), chains across
 *   ten tracks further up, until one crosses tracks alike;
 * - a serpentine layout (the surfaces run in turn outward and inward, N
 *   cylinders each, as DiskSim's g4 layout of the Atlas 10K V): every
 *   edge the chain sees is of one kind, each a seek of a cylinder. Walked
 *   track by track up and down from a placed track A, a track on A's
 *   cylinder is one the head is ready for within half that switch (a
 *   head switch, not a seek): one in each other run of A's band, the
 *   heads their count and A's; the first each way is A's mirror across
 *   its run's end (2 m + 1 tracks on: A's run reaches m tracks that way,
 *   N is the two sides' sum), the head switch the least slack to it; the
 *   seeks of 1 to 32 cylinders along A's run (d tracks on are d
 *   cylinders away) carry their cylinders; each position's own track
 *   gives the rate there where the chains below it (across a run's end)
 *   found another;
 * - the cylinders, where the tracks are not skewed: a sector ready at once
 *   (no seek) or a seek away, found by bisection of the distance; the
 *   heads are a cylinder over a track;
 * - the buffer: a sector read again (a hit costs no turn), N distinct
 *   reads before re-reading the first (the segments; where one is still
 *   held after 40, the buffer keeps more reads than the probes can count
 *   or empty: from then on every sector read counts as held, the probes
 *   read fresh ones, and its segments are the re-reads from the latest
 *   of 4096 fresh reads back that hit before the first miss), a read past one
 *   after the drive was left idle (how far it reads ahead; on placed
 *   tracks, whether it stops at the track's or the cylinder's end
 *   wherever the read was, or reads ahead only after a sequential read),
 *   re-reads of sizes a sector to 64 KiB that cost the same at any angle
 *   (hits: their slope is the bus), and misses of several sizes at one
 *   angle past a read (when the bus starts sending);
 * - each zone's angle (where its first sector lies round the track, DiskSim's
 *   Offset of first block): a read near the disk's start, then one in the
 *   zone at once, three times a few sectors lower each; the second
 *   completes a seek and the turn's fraction from the first sector's end
 *   to its own later, modulo the turn, whatever the seek took (the profile
 *   places both sectors on its layout, and the median of three says the
 *   zone's first sector's angle); three more a cylinder on, each paired
 *   with its read a cylinder below: the zone's cylinder skew;
 * - whether the drive reads free blocks (DiskSim's Read any free blocks:
 *   a read miss keeps the sectors that passed under the head while it
 *   waited for its own): at fresh places, a read that costs a seek, one
 *   four sectors below it, then the sector below that one: on any other
 *   drive that waits nearly a turn (read-ahead runs forward), on such a
 *   drive it is a hit (it costs what its own re-read costs). Skippy's
 *   backward chains see no turn there (every step a hit): measured, so
 *   that a profile of such a drive is refused, naming it.
 */
#include <stdint.h>

struct dchar_dev {
	uint64_t size;		/* bytes */
	unsigned sector;	/* the logical block, each read's size */
	void *ctx;
	/* reads len bytes at off now, sets *done to its completion on the
	 * device's clock (ns); 0 or -errno */
	int (*read)(void *ctx, uint64_t off, unsigned len, int64_t *done);
	/* leaves the device idle for ns; the clock after */
	int64_t (*idle)(void *ctx, int64_t ns);
	/* NULL: read-only. Else writes back at off the len bytes the latest
	 * read of exactly [off, off + len) returned (the device refuses any
	 * other: -EPERM), sets *done as read does; 0 or -errno */
	int (*rewrite)(void *ctx, uint64_t off, unsigned len, int64_t *done);
};

/* a figure over repetitions: mean, standard deviation, how many */
struct dchar_fig {
	double v, sd;
	unsigned n;
};

#define DCHAR_ZONES 512	/* 16 positions sampled, the chains of their zones' edges */
#define DCHAR_SEEKS 40
#define DCHAR_PHASES 768	/* six reads a zone whose angle is measured (disk/model's zone table holds 128) */
/* the bus of a drive whose hits take no time by their size, as a profile
 * writes a bus that takes no time (disksim_profile.c's) */
#define DCHAR_BUS_NONE_MBS 1e6

struct dchar_zone {
	uint64_t off;			/* where, bytes from LBA 0 */
	struct dchar_fig sector_ns;	/* one sector's time under the head */
	double mbs, spt;		/* the media rate, sectors a track */
	double seq_mbs;			/* sequential 1 MiB reads there (NAN: a zone edge's chain) */
	double skew;			/* sectors skipped at a track's edge its chains crossed
					 * (the least: a cylinder's is larger; NAN none) */
};

struct dchar_result {
	struct dchar_fig rev_ns;		/* one turn */
	unsigned nzones;			/* in order of offset */
	struct dchar_zone zone[DCHAR_ZONES];
	struct dchar_fig overhead_ns;		/* the threshold with no seek */
	unsigned nseeks;
	struct {
		uint64_t from, dist;		/* bytes */
		struct dchar_fig ns;		/* threshold less overhead_ns */
		unsigned cyls;			/* the cylinders between (0: not known) */
	} seek[DCHAR_SEEKS];
	struct dchar_fig cyl_bytes;		/* a cylinder's bytes near the start */
	double cyl_edge;			/* where one of them begins */
	struct dchar_fig heads;			/* cylinder / track */
	double trk_first, trk_mid, trk_last;	/* placed tracks' sectors: a cylinder's first, its
						 * middle ones, its last (NAN none placed) */
	struct dchar_fig head_switch_ns, cyl_switch_ns;
	struct dchar_fig skew_track, skew_cyl;	/* sectors skipped at an edge; n 0: none seen */
	unsigned edges;				/* track edges the chain crossed */
	double skew_spt;			/* sectors a track where the skews were measured */
	struct dchar_fig hit_ns;		/* a re-read (after a pause that outlasts wait_ns) */
	struct dchar_fig wait_ns;		/* a read asked at once after a miss waits this long
						 * for the head's minimum read-ahead (n 0: not
						 * measured; v 0: no wait seen) */
	uint64_t wait_at;			/* where wait_ns was measured (bytes) */
	int wait_varies;			/* 1: shorter at some places (the read-ahead
						 * stops at its track's end) */
	double readahead_min_bytes;		/* the minimum read-ahead that wait makes: the
						 * wait and a sector on the bus, in sectors there */
	double hit_frac;			/* re-reads that were hits */
	double bus_mbs;				/* the interface, the slope of hits over their size; 0 unseen */
	int bus_none;				/* 1: hits of a sector and of 64 KiB cost the same
						 * within 2 us (bus_mbs DCHAR_BUS_NONE_MBS) */
	double read_early;			/* the share of a read miss the bus sends before the
						 * media has it all; NAN unseen */
	uint64_t early_at;			/* where it was measured (bytes) */
	unsigned segments;			/* read segments (0: none seen) */
	int segments_min;			/* 1: segments is the probe's cap, the buffer
						 * keeps at least as many */
	struct dchar_fig readahead_bytes;	/* read past a request when idle */
	int readahead_seq;			/* 1: only after a sequential read */
	int readahead_track;			/* 1: to its track's end, wherever the read was
						 * (readahead_bytes: that track's) */
	int readahead_cyl;			/* 1: to its cylinder's end (readahead_bytes: from
						 * a cylinder's first sector) */
	uint64_t readahead_at;			/* that track's first byte (with readahead_seq
						 * or readahead_cyl: where it was measured, a
						 * track's or cylinder's first; 0 elsewhere) */
	unsigned nphases;			/* reads that measured a zone's angle, three a zone and
						 * three a cylinder on */
	struct {
		uint64_t off, ref;		/* a sector in the zone, one near the disk's start */
		uint64_t from;			/* a cylinder on: the zone's read off is one past (0 none) */
		struct dchar_fig ns;		/* off's read completes this long after ref's, modulo
						 * the turn: the angle from ref's sector's end to off's */
	} phase[DCHAR_PHASES];
	int serpentine;				/* 1: its surfaces run in turn outward and inward */
	unsigned serp_run;			/* then the cylinders a run crosses (0: not seen) */
	struct dchar_writes {			/* the rewrite mode's (dchar_write.c) */
		int ran;			/* 0: read-only, none of these */
		int timed;			/* 1: the probes ran (a turn was seen) */
		int cache;			/* 1: writes reported from the buffer, 0 through to the platter */
		double const_ns, phase_ns;	/* the spreads that told: of a write's time from its
						 * command, of its completion's phase against the turn */
		unsigned writes;		/* issued */
		struct dchar_fig tail_ns;	/* through: a write's completion less a read's of its
						 * sector, modulo the turn (the tails' difference) */
		struct dchar_fig near_ns[2];	/* through: the threshold of a write of near_n[i]
						 * sectors aimed past a read on its track */
		unsigned near_n[2];
		struct dchar_fig ww_ns, rw_ns;	/* through: of a write of a sector, of a read of
						 * one, aimed past a write on its track */
		struct dchar_fig hitw_ns;	/* through: a read of a sector just written (hits) */
		double hitw_frac;		/* of them, the hits */
		double sector_ns;		/* a sector's time there */
		unsigned nfar;
		struct {
			uint64_t from, dist;	/* a seek measured (seek[]): A near from, B dist on */
			struct dchar_fig ns;	/* the write's threshold there */
			double read_ns;		/* the read's (overhead_ns plus the seek's) */
			struct dchar_fig rw_ns;	/* a read's threshold there after A's write back */
		} far[2];
		struct dchar_fig buffered_ns[2];	/* back: a write of buffered_n[i] sectors, its command to its report */
		unsigned buffered_n[2];
	} w;
	int ok;					/* 0: no turn seen (flash, a file) */
	int free_blocks;			/* 1: reads free blocks (the chains' figures are
						 * not the drive's); 0 not */
	unsigned free_n, free_hits;		/* places that cost a seek, and of them where
						 * the sector below was a hit */
	double seconds;				/* the device's time it took */
	unsigned asked_again;			/* probes asked again whose second look said
						 * otherwise (a read held back on its way, an
						 * interrupt; or a place unlike the first's):
						 * the first set apart */
	unsigned a_hits;			/* aimed probes' A's the buffer served, set
						 * apart (read_a()) */
	unsigned late_seen;			/* completions seen late: a chain's step and
						 * the next off by as much each way */
};

/* everything, into r: 0 or -errno of a read (or a rewrite) */
int dchar_run(const struct dchar_dev *d, struct dchar_result *r);
/*
 * The rewrite mode's probes (d->rewrite set), after dchar_run's reads
 * (they need the turn, the sector times, the seeks, the cylinders): each
 * reads a sector (or a few) and writes back the same bytes at the same
 * offset; from their timing, whether the drive reports writes from its
 * buffer and, where it writes through, its write path's thresholds. 0 or
 * -errno.
 */
int dchar_write_run(const struct dchar_dev *d, struct dchar_result *r);
/* r->w's lines, after dchar_print's (fig=write first: which mode ran) */
void dchar_write_print(const struct dchar_result *r, void (*line)(void *arg, const char *text), void *arg);
/*
 * The figures as "fig=NAME key=value ..." lines (keys: lib/reckeys.h's
 * RK_DC_*, values without spaces), one a call of line: the workload's
 * output, each a "diskchar" record.
 */
void dchar_print(const struct dchar_result *r, void (*line)(void *arg, const char *text), void *arg);

#endif
