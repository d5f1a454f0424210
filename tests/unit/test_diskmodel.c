/* The disk model (disk/model/model.c, integer arithmetic) and its profile files
 * (disk/profile/profile.c), checked against the datasheet figures the profiles
 * carry, and replayed against the floating-point model it replaced
 * (tests/unit/diskmodel_float.c, the oracle): one request trace through
 * both, each request's cost within 1 % (or 1 us). */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "disk/model/model.h"
#include "disk/profile/profile.h"
#include "diskmodel_float.h"

static struct dmodel st;

static char *slurp(const char *path)
{
	static char buf[8192];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	return buf;
}

static int load(const char *name, struct dp_profile *p)
{
	char path[256], err[256];
	const char *text, *field;

	snprintf(path, sizeof(path), "disk/profiles/%s.conf", name);
	text = slurp(path);
	if (!text || dp_parse(text, p, err, sizeof(err))) {
		printf("INFO %s: %s\n", path, text ? err : "cannot read");
		return -1;
	}
	return dmodel_init(&st, &p->p, &field);
}

/* where a byte lies across the stroke: 0 outer .. 1 inner */
static double x_of(uint64_t off)
{
	return (double)dmodel_track_of(&st, off) / (double)st.tracks_q32;
}

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 11;
}

/* MB/s of back-to-back requests of len bytes from off, the host taking
 * gap_ns between one completion and the next request */
static double stream_mbs(enum dmodel_op op, uint64_t off, uint64_t len, int n, int64_t gap_ns)
{
	int64_t t = 0, t0;

	t0 = t = dmodel_request(&st, DMODEL_READ, off, 4096, 0) + gap_ns;	/* the head gets there */
	for (int i = 0; i < n; i++)
		t = dmodel_request(&st, op, off + 4096 + (uint64_t)i * len, len, t) + gap_ns;
	t = dmodel_request(&st, DMODEL_FLUSH, 0, 0, t);
	return (double)len * n / ((double)(t - t0) / 1e9) / 1e6;
}

static void test_hdd(void)
{
	struct dp_profile p;
	uint64_t x = 42, cap;
	double sum = 0, rev_ms, mbs, iops;
	int64_t t, t0, a, b;
	int n = 20000;

	CHECK(load("hdd", &p) == 0, "the hdd profile parses and initialises");
	CHECK_STR(p.name, "hdd", "hdd is the Deskstar 7K500");
	CHECK(p.p.rotational == 1, "hdd is rotational");
	cap = p.p.capacity_bytes;
	CHECK(cap == 500000000000ULL && p.p.rate_outer_bps == 64800000 && p.p.seek_track_ns == 1000000 &&
	      p.p.cache_bytes == 16 << 20,
	      "the profile's figures as integers: 500 GB, 64.8 MB/s, 1.0 ms, 16 MiB");
	/* the seek curve goes through the datasheet's three points */
	CHECK_NEAR(dmodel_seek_ns(&st, 0, dmodel_track_start(&st, p.p.heads / 2)) / 1e6, 0, 1e-9,
		   "same cylinder: no seek");
	CHECK_NEAR(dmodel_seek_ns(&st, 0, dmodel_track_start(&st, p.p.heads + p.p.heads / 2)) / 1e6, 1.0, 1e-6,
		   "one cylinder: track-to-track 1.0 ms");
	CHECK_NEAR(dmodel_seek_ns(&st, 0, cap) / 1e6, 14.7, 1e-6, "outer to inner: full stroke 14.7 ms");
	for (int i = 0; i < n; i++) {
		uint64_t f = lcg(&x) % (st.tracks_q32 >> 32), g = lcg(&x) % (st.tracks_q32 >> 32);
		sum += (double)dmodel_seek_ns(&st, dmodel_track_start(&st, f), dmodel_track_start(&st, g));
	}
	CHECK_NEAR(sum / n / 1e6, 8.5, 8.5 * 0.02, "mean seek between random cylinders: average 8.5 ms +-2 %%");
	/* zones */
	CHECK_NEAR(dmodel_rate_at(&st, 0) / 1e6, 64.8, 1e-9, "outer zone 64.8 MB/s");
	CHECK_NEAR(dmodel_rate_at(&st, cap) / 1e6, 31.0, 1e-9, "inner zone 31.0 MB/s");
	CHECK_NEAR(x_of(0), 0, 1e-12, "LBA 0 is the outer edge");
	CHECK_NEAR(x_of(cap), 1, 1e-9, "the last LBA is the inner edge");
	CHECK(x_of(cap / 2) > 0.4 && x_of(cap / 2) < 0.5,
	      "half the bytes lie in less than half the stroke (outer tracks hold more): x=%.3f", x_of(cap / 2));
	/* sequential, with the host 50 us between a completion and the next request */
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	mbs = stream_mbs(DMODEL_READ, 0, 65536, 2000, 50000);
	CHECK_NEAR(mbs, 64.8, 64.8 * 0.03, "sequential read at the outer end: %.1f MB/s, datasheet 64.8 +-3 %%", mbs);
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	mbs = stream_mbs(DMODEL_READ, cap - (256ULL << 20), 65536, 2000, 50000);
	CHECK_NEAR(mbs, 31.0, 31.0 * 0.03, "sequential read at the inner end: %.1f MB/s, datasheet 31.0 +-3 %%", mbs);
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	mbs = stream_mbs(DMODEL_WRITE, 0, 65536, 2000, 50000);
	CHECK_NEAR(mbs, 64.8, 64.8 * 0.05, "sequential write at the outer end through the cache: %.1f MB/s +-5 %%", mbs);
	/* sequential reads queued in the drive, each given to the model 2 us
	 * after the head is free (the guest's timer is that late; a sector
	 * passes in 7.9): the read-ahead is reading its first sector and goes
	 * on into it (Allow almost read hits), no turn lost between them */
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	(void)dmodel_request(&st, DMODEL_READ, 0, 4096, 0);
	t0 = dmodel_free_ns(&st);
	for (int i = 0; i < 2000; i++)
		(void)dmodel_request(&st, DMODEL_READ, 4096 + (uint64_t)i * 65536, 65536, dmodel_free_ns(&st) + 2000);
	mbs = 65536.0 * 2000 / ((double)(dmodel_free_ns(&st) - t0) / 1e9) / 1e6;
	CHECK_NEAR(mbs, 64.8, 64.8 * 0.03, "queued sequential reads, each 2 us after the head is free: %.1f MB/s, datasheet 64.8 +-3 %%",
		   mbs);
	/* random 4 KiB reads over the whole disk */
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	t = 0;
	for (int i = 0; i < 4000; i++)
		t = dmodel_request(&st, DMODEL_READ, (lcg(&x) % (cap / 4096)) * 4096, 4096, t) + 50000;
	iops = 4000 / ((double)t / 1e9);
	rev_ms = 60e3 / 7200;
	CHECK_NEAR(iops, 1e3 / (8.5 + rev_ms / 2), 1e3 / (8.5 + rev_ms / 2) * 0.10,
		   "random 4 KiB reads: %.1f IOPS, 1 / (average seek + half a turn) = %.1f +-10 %%", iops,
		   1e3 / (8.5 + rev_ms / 2));
	CHECK(st.c.seek_ns > st.c.rot_ns && st.c.rot_ns > st.c.xfer_ns,
	      "random reads: seek (%.2f s) > rotation (%.2f s) > transfer (%.3f s)", st.c.seek_ns / 1e9,
	      st.c.rot_ns / 1e9, st.c.xfer_ns / 1e9);
	/* rotation from the platter's angle: deterministic, a quarter turn early waits a quarter turn */
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	{
		uint64_t off = 4096 * 1000;
		double rev = 60e9 / (double)p.p.rpm;
		double ang = (double)(dmodel_track_of(&st, off) & 0xffffffff) / 4294967296.0;
		double now = (ang - 0.25 + 1) * rev;
		int64_t done = dmodel_request(&st, DMODEL_READ, off, 512, (int64_t)now);
		CHECK_NEAR((double)st.c.rot_ns / rev, 0.25, 1e-3,
			   "same cylinder, platter a quarter turn before the sector: waits %.4f of a turn",
			   (double)st.c.rot_ns / rev);
		CHECK(st.c.seek_ns == 0 && done > (int64_t)now, "no seek on the head's own cylinder");
	}
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	a = dmodel_request(&st, DMODEL_READ, 123456789ULL * 512, 4096, 1000000);
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	b = dmodel_request(&st, DMODEL_READ, 123456789ULL * 512, 4096, 1000000);
	CHECK(a == b, "the same request at the same time costs the same (%lld ns)", (long long)(a - 1000000));
	/* write-back: a write segment each (the 7K500's six) taken at the bus
	 * rate, then writes wait for one the head has written back; a flush
	 * waits for all of it */
	CHECK(p.p.write_segments == 6 && p.p.write_level == 2, "the 7K500 writes back into 6 write segments (%" PRIu64
	      ", level %" PRIu64 ")", p.p.write_segments, p.p.write_level);
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	t = 0;
	for (int i = 0; i < 6; i++) {
		a = dmodel_request(&st, DMODEL_WRITE, (lcg(&x) % (cap / 4096)) * 4096, 1 << 20, 0);
		t = a > t ? a : t;
	}
	CHECK(t < 3600000 + (int64_t)p.p.oh_write_hit_r_ns,
	      "6 x 1 MiB random writes at once fit the 6 write segments: done by %.2f ms (1 MiB at 300 MB/s, after the write hit's overhead)",
	      t / 1e6);
	a = dmodel_request(&st, DMODEL_WRITE, 0, 1 << 20, 0);
	CHECK(a > 10000000 && st.c.write_backs == 7, "the 7th waits for the head to write one back: %.1f ms", a / 1e6);
	b = dmodel_request(&st, DMODEL_FLUSH, 0, 0, a);
	CHECK(b == st.head_free_ns && b - a > 100000000, "a flush waits for all of it: %.1f ms", (b - a) / 1e6);
	/* an appending stream of writes, all at once: it streams into the
	 * buffer behind the write-backs, within the write segments' 16 MiB
	 * (a segment more at most), then waits for the head */
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	for (int i = 0; i < 1000; i++)
		a = dmodel_request(&st, DMODEL_WRITE, (uint64_t)i * 65536, 65536, 0);
	CHECK(a > (int64_t)(1e9 * (1000 * 65536.0 - (16 << 20) - 2796203) / 64.8e6) && st.wq_n < 1000 &&
		      st.wq_bytes <= (16u << 20) + 2796203,
	      "1000 appending 64 KiB writes at once: the last reported at %.0f ms, once the head has written all but 16 MiB "
	      "and a segment (%u write-backs queued, %.1f MiB)",
	      a / 1e6, st.wq_n, st.wq_bytes / 1048576.0);
	/* a buffer hit: the same 4 KiB read twice */
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	a = dmodel_request(&st, DMODEL_READ, 1 << 30, 4096, 0);
	b = dmodel_request(&st, DMODEL_READ, 1 << 30, 4096, a);
	CHECK(st.c.buffer_hits == 1 && b - a >= (int64_t)p.p.oh_read_hit_r_ns &&
		      b - a < 20000 + (int64_t)p.p.oh_read_hit_r_ns,
	      "a re-read comes from the track buffer in %lld ns (its overhead, %llu ns, and 4 KiB over the bus)",
	      (long long)(b - a), (unsigned long long)p.p.oh_read_hit_r_ns);
}

/* the datasheet's disk counts the head's moves by distance as a drive
 * with segments does: reads and writes to tracks chosen for their
 * cylinders, each distance on a bucket's edge */
static void test_seek_buckets(void)
{
	struct dp_profile p;
	/* cylinders from 0: 15 (short), 31 (16: mid), 1054 (1023: mid),
	 * 2078 (1024: long), its fifth surface (a head switch), and a write
	 * 3 cylinders on (short) */
	static const struct {
		uint64_t cyl, surface;
		enum dmodel_op op;
	} go[] = {
		{ 15, 0, DMODEL_READ }, { 31, 0, DMODEL_READ }, { 1054, 0, DMODEL_READ },
		{ 2078, 0, DMODEL_READ }, { 2078, 5, DMODEL_READ }, { 2081, 0, DMODEL_WRITE },
	};
	int64_t t = 0;

	if (load("hdd", &p)) {
		CHECK(0, "the hdd profile loads for the seek counters");
		return;
	}
	for (size_t i = 0; i < sizeof(go) / sizeof(go[0]); i++) {
		/* the track's first whole sector */
		uint64_t off = (dmodel_track_start(&st, go[i].cyl * p.p.heads + go[i].surface) + 511) & ~511ULL;

		t = dmodel_request(&st, go[i].op, off, 512, t) + 1000000;
	}
	CHECK(st.c.seeks_short == 2 && st.c.seeks_mid == 2 && st.c.seeks_long == 1 && st.c.head_switches == 1,
	      "hdd: seeks of 15, 16, 1023, 1024 cylinders, a surface switch and a write 3 cylinders on: short %llu "
	      "(2), mid %llu (2), long %llu (1), head switches %llu (1)",
	      (unsigned long long)st.c.seeks_short, (unsigned long long)st.c.seeks_mid,
	      (unsigned long long)st.c.seeks_long, (unsigned long long)st.c.head_switches);
	CHECK(st.c.buffer_hits == 0 && st.c.reads == 5 && st.c.writes == 1,
	      "... each request moved the head (no buffer hit): %llu reads, %llu write",
	      (unsigned long long)st.c.reads, (unsigned long long)st.c.writes);
}

static void test_flash(void)
{
	struct dp_profile p;
	int64_t t = 0, a;

	CHECK(load("ssd", &p) == 0 && p.p.rotational == 0, "the ssd profile parses, non-rotational");
	t = dmodel_request(&st, DMODEL_READ, 0, 4096, 0);
	CHECK_NEAR(t / 1e3, 85 + 4096 / 250.0, 0.01, "ssd 4 KiB read: 85 us latency + 4 KiB at 250 MB/s");
	CHECK(load("sd", &p) == 0, "the sd profile parses");
	t = 0;
	for (int i = 0; i < 64; i++)
		t = dmodel_request(&st, DMODEL_WRITE, (uint64_t)i * 65536, 65536, t);
	CHECK_NEAR(4.0 * 1048576 / (t / 1e3), 4.0, 4.0 * 0.35, "sd sequential writes fill one unit near class 4's 4 MB/s (%.2f)",
		   4.0 * 1048576 / (t / 1e3));
	a = dmodel_request(&st, DMODEL_WRITE, 100ULL << 20, 4096, t);
	a = dmodel_request(&st, DMODEL_WRITE, 200ULL << 20, 4096, a);
	CHECK((a - t) / 1e6 > 1000, "sd: a 4 KiB write elsewhere closes a unit and copies its rest: %.0f ms", (a - t) / 1e6);
	CHECK(load("null", &p) == 0 && dmodel_request(&st, DMODEL_READ, 0, 1 << 20, 777) == 777,
	      "null charges nothing");
	CHECK(load("hdd-5k160", &p) == 0 && p.p.rpm == 5400, "the laptop profile parses: 5400 rpm");
}

/* the oracle's profile: the same integers, in the float model's units */
static void to_float(const struct dp_profile *d, struct fm_profile *f)
{
	const struct dmodel_params *p = &d->p;

	memset(f, 0, sizeof(*f));
	snprintf(f->name, sizeof(f->name), "%s", d->name);
	f->kind = p->kind == DMODEL_HDD ? FM_HDD : p->kind == DMODEL_FLASH ? FM_FLASH : FM_NULL;
	f->capacity_bytes = (double)p->capacity_bytes;
	f->rpm = (double)p->rpm;
	f->seek_track_ms = (double)p->seek_track_ns / 1e6;
	f->seek_avg_ms = (double)p->seek_avg_ns / 1e6;
	f->seek_full_ms = (double)p->seek_full_ns / 1e6;
	f->rate_outer_mbs = (double)p->rate_outer_bps / 1e6;
	f->rate_inner_mbs = (double)p->rate_inner_bps / 1e6;
	f->heads = (double)p->heads;
	f->cache_mb = (double)p->cache_bytes / 1048576;
	f->readahead_kb = (double)p->readahead_bytes / 1024;
	f->bus_mbs = (double)p->bus_bps / 1e6;
	f->write_cache = (int)p->write_cache;
	f->segments = (int)p->segments;
	f->segment_kb = (double)p->segment_bytes / 1024;
	f->readahead_mode = (int)p->readahead_mode;
	f->readahead_min_kb = (double)p->readahead_min_bytes / 1024;
	f->readahead_over = (int)p->readahead_over;
	f->almost_hits = (int)p->almost_hits;
	f->read_early = (double)p->read_early_pm / 1000;
	f->write_level = (int)p->write_level;
	f->write_segments = (int)p->write_segments;
	f->read_lat_us = (double)p->read_lat_ns / 1e3;
	f->write_lat_us = (double)p->write_lat_ns / 1e3;
	f->read_mbs = (double)p->read_bps / 1e6;
	f->write_mbs = (double)p->write_bps / 1e6;
	f->unit_kb = (double)p->unit_bytes / 1024;
	f->rotational = (int)p->rotational;
}

static struct fm_state fs;

/* a profile into both models: 0, or a failed check */
static int load_both(const char *name, struct dp_profile *p)
{
	struct fm_profile fp;
	const char *field;
	int ok = load(name, p) == 0;

	CHECK(ok, "%s: the profile loads", name);
	if (!ok)
		return -1;
	/* the oracle models the mechanics and the caches: the controller's
	 * overheads, plain additions, are checked in test_hdd */
#define NO_OVERHEAD(f) p->p.f = 0;
	NO_OVERHEAD(oh_read_hit_r_ns) NO_OVERHEAD(oh_read_hit_w_ns) NO_OVERHEAD(oh_read_miss_r_ns)
	NO_OVERHEAD(oh_read_miss_w_ns) NO_OVERHEAD(oh_write_hit_r_ns) NO_OVERHEAD(oh_write_hit_w_ns)
	NO_OVERHEAD(oh_write_miss_r_ns) NO_OVERHEAD(oh_write_miss_w_ns)
#undef NO_OVERHEAD
	dmodel_init(&st, &p->p, &field);
	to_float(p, &fp);
	ok = fm_init(&fs, &fp, &field) == 0;
	CHECK(ok, "%s: the float oracle takes the same figures", name);
	return ok ? 0 : -1;
}

/* the track coordinate of a byte, against the float model's x * tracks:
 * the angle decides the rotational wait, so it must agree to ~1e-6 turn */
static void test_track_precision(const char *name)
{
	struct dp_profile p;
	uint64_t x = 7, off;
	double worst = 0;

	if (load_both(name, &p))
		return;
	for (int i = 0; i < 200000; i++) {
		double d;

		off = i < 4 ? (uint64_t[]){ 0, 512, p.p.capacity_bytes / 2, p.p.capacity_bytes - 512 }[i]
			    : lcg(&x) % p.p.capacity_bytes;
		d = fabs((double)dmodel_track_of(&st, off) / 4294967296.0 - fm_x_of(&fs, off) * fs.tracks);
		worst = d > worst ? d : worst;
	}
	CHECK(worst < 1e-6, "%s: 200000 offsets' track coordinates agree with the float model's within %.2g of a track (< 1e-6)",
	      name, worst);
	CHECK_NEAR((double)st.tracks_q32 / 4294967296.0, fs.tracks, 1e-6, "%s: %.0f tracks", name, fs.tracks);
}

/* a request's size: 4 KiB to 1 MiB, in 4 KiB steps, small ones likelier */
static uint64_t req_len(uint64_t *x)
{
	uint64_t k = lcg(x) % 9;	/* 4 KiB << k: 4 KiB .. 1 MiB */
	uint64_t len = 4096ULL << k;

	if (lcg(x) % 4 == 0)
		len = 4096 * (1 + lcg(x) % 256);
	return len;
}

/*
 * One trace through the integer model and the float oracle: runs of
 * sequential reads and writes, random reads and writes, flushes and idle
 * gaps; requests come back to back (the next arrives a think time after
 * the last completed) or queued (arriving before the last completed).
 * Both models get the same arrival times; each request's cost is compared.
 */
static void replay(const char *name, int nreq)
{
	struct dp_profile p;
	uint64_t x = 2026, cap, pos = 0;
	int64_t now = 0, last = 0;
	double worst = 0, worst_ns = 0;
	int over = 0, n = 0, worst_at = -1;
	enum dmodel_op worst_op = DMODEL_READ;
	uint64_t digest = 14695981039346656037ULL;	/* FNV-1a over the completions */

	if (load_both(name, &p))
		return;
	cap = p.p.capacity_bytes;
	while (n < nreq) {
		uint64_t kind = lcg(&x) % 10, count = 1 + lcg(&x) % 48;
		int queued = lcg(&x) % 3 == 0;

		if (kind == 8) {	/* an idle gap, up to 200 ms */
			now = (last > now ? last : now) + (int64_t)(lcg(&x) % 200000000);
			continue;
		}
		if (kind < 5 || kind == 9)
			pos = (lcg(&x) % (cap / 4096)) * 4096;
		for (uint64_t i = 0; i < count && n < nreq; i++, n++) {
			enum dmodel_op op = kind == 9 ? DMODEL_FLUSH
					    : kind == 0 || kind == 1 || kind == 5 || kind == 6 ? DMODEL_READ
											       : DMODEL_WRITE;
			uint64_t len = op == DMODEL_FLUSH ? 0 : req_len(&x), off;
			int64_t di, df, ci, cf;
			double diff, tol;

			if (kind >= 5 && kind <= 7)	/* random: anywhere */
				pos = (lcg(&x) % (cap / 4096)) * 4096;
			if (pos + len > cap)
				pos = 0;
			off = pos;
			pos += len;
			/* back to back: a think time after the last completion; queued: at once */
			if (!queued)
				now = (last > now ? last : now) + (int64_t)(lcg(&x) % 100000);
			else
				now += (int64_t)(lcg(&x) % 20000);
			di = dmodel_request(&st, op, off, len, now);
			df = fm_request(&fs, (enum fm_op)op, off, len, now);
			last = di;
			digest = (digest ^ (uint64_t)di) * 1099511628211ULL;
			ci = di - now;
			cf = df - now;
			diff = fabs((double)(ci - cf));
			tol = 0.01 * (double)cf > 1000 ? 0.01 * (double)cf : 1000;
			if (diff > tol)
				over++;
			if (diff / (cf > 1000 ? (double)cf : 1000) > worst) {
				worst = diff / (cf > 1000 ? (double)cf : 1000);
				worst_ns = diff;
				worst_at = n;
				worst_op = op;
			}
		}
	}
	CHECK(over == 0,
	      "%s: %d requests, each one's cost within 1 %% (or 1 us) of the float model's: %d over; "
	      "worst %.3g %% (%.0f ns, request %d, %s)",
	      name, nreq, over, worst * 100, worst_ns, worst_at,
	      worst_op == DMODEL_READ ? "read" : worst_op == DMODEL_WRITE ? "write" : "flush");
	/* for comparing builds (tests/integration/diskmodel_int.sh: the model as i686 kernel code) */
	if (getenv("DISKMODEL_HASH"))
		printf("INFO %s: the integer model's %d completions hash to %016llx\n", name, nreq,
		       (unsigned long long)digest);
	CHECK(st.c.reads == fs.c.reads && st.c.writes == fs.c.writes && st.c.flushes == fs.c.flushes &&
	      st.c.buffer_hits == fs.c.buffer_hits,
	      "%s: the same reads (%llu), writes (%llu), flushes (%llu) and buffer hits (%llu; float %llu)", name,
	      (unsigned long long)st.c.reads, (unsigned long long)st.c.writes, (unsigned long long)st.c.flushes,
	      (unsigned long long)st.c.buffer_hits, (unsigned long long)fs.c.buffer_hits);
	CHECK_NEAR((double)st.c.busy_ns, (double)fs.c.busy_ns, 0.001 * (double)fs.c.busy_ns,
		   "%s: the total busy time %.3f s, float %.3f s (within 0.1 %%)", name, st.c.busy_ns / 1e9,
		   fs.c.busy_ns / 1e9);
}

/* TEXT with each key's last line only: a case changes a figure of
 * HDD_OK by giving it again (the parser refuses a key given twice) */
static const char *last_of_each(const char *text)
{
	static char out[4096];
	size_t o = 0;

	for (const char *l = text; *l;) {
		size_t n = strcspn(l, "\n"), k = strcspn(l, "=\n");
		int later = 0;

		for (const char *m = l + n; *m && !later; m += strcspn(m, "\n"))
			later = *++m && !strncmp(m, l, k) && m[k] == '=';
		if (!later && o + n + 1 < sizeof(out)) {
			memcpy(out + o, l, n);
			out[o += n] = '\n';
			o++;
		}
		l += n + (l[n] == '\n');
	}
	out[o] = 0;
	return out;
}

static void bad(const char *text, const char *want, const char *what)
{
	struct dp_profile p;
	char err[256] = "";
	int rc = dp_parse(last_of_each(text), &p, err, sizeof(err));

	CHECK(rc == -EINVAL && strstr(err, want), "refused, naming %s: %s (%s)", want, err, what);
}

#define HDD_OK                                                                 \
	"name=x\nkind=hdd\nrotational=1\nwrite_cache=1\n"                        \
	"capacity_gb=100\nsource.capacity_gb=a\nseek_track_ms=1\nsource.seek_track_ms=a\n" \
	"seek_avg_ms=9\nsource.seek_avg_ms=a\nseek_full_ms=18\nsource.seek_full_ms=a\n" \
	"rate_outer_mbs=60\nsource.rate_outer_mbs=a\nrate_inner_mbs=30\nsource.rate_inner_mbs=a\n" \
	"heads=4\nsource.heads=a\ncache_mb=8\nsource.cache_mb=a\nreadahead_kb=512\nsource.readahead_kb=a\n" \
	"bus_mbs=150\nsource.bus_mbs=a\n"

static void test_bad_profiles(void)
{
	struct dp_profile p;
	char err[256];

	CHECK(dp_parse(HDD_OK "rpm=7200\nsource.rpm=a\n", &p, err, sizeof(err)) == 0, "a whole profile parses");
	bad(HDD_OK "rpm=0\nsource.rpm=a\n", "rpm", "rpm 0");
	bad(HDD_OK "source.rpm=a\n", "missing rpm", "no rpm");
	bad(HDD_OK "rpm=7200\n", "rpm: no source", "a figure without its source");
	bad(HDD_OK "rpm=7200\nsource.rpm=a\nseek_track_ms=-1\n", "seek_track_ms: negative", "negative seek");
	bad(HDD_OK "rpm=7200\nsource.rpm=a\nseek_full_ms=5\n", "seek_full_ms", "full stroke below the average");
	bad(HDD_OK "rpm=7200\nsource.rpm=a\nseek_avg_ms=2\n", "seek_avg_ms", "an average no increasing curve reaches");
	bad(HDD_OK "rpm=7200\nsource.rpm=a\nrate_inner_mbs=90\n", "rate_inner_mbs", "inner faster than outer");
	bad(HDD_OK "rpm=7200\nsource.rpm=a\nspeed=9\n", "unknown key 'speed'", "unknown key");
	bad(HDD_OK "rpm=7200\nsource.rpm=a\nrpm=72x\n", "rpm: not a number", "not a number");
	bad(HDD_OK "rpm=7200.5\nsource.rpm=a\n", "rpm: '7200.5' is not a whole number", "rpm a fraction");
	bad(HDD_OK "rpm=7200\nsource.rpm=a\nheads=2.5\n", "heads: '2.5' is not a whole number", "heads a fraction");
	bad(HDD_OK "rpm=7200\nsource.rpm=a\ncapacity_gb=1000000\n", "capacity_gb: impossible",
	    "a disk beyond the integer model's range (64 TiB)");
	bad(HDD_OK "rpm=7200\nsource.rpm=a\nreadahead_kb=9000\n", "readahead_kb: impossible", "readahead past the cache");
	bad(HDD_OK "rpm=7200\nsource.rpm=a\nread_segments=6\nsource.read_segments=a\n", "unknown key 'read_segments'",
	    "the datasheet path's read segments, gone: a profile gives segments");
	bad("kind=hdd\n", "missing name", "no name");
	bad("name=x\nkind=tape\nrotational=1\n", "kind", "unknown kind");
}

/* a write longer than the cache (the WD's 256 KiB, 1 MiB writes back to
 * back): reported once its rest fits in the cache, so the head streams on
 * at the media's rate instead of losing a turn between writes */
static void test_write_past_cache(void)
{
	struct dp_profile p;
	int64_t t = 0, first, end;
	double mbs;

	if (load("wd-ac36400", &p)) {
		CHECK(0, "the WD profile loads");
		return;
	}
	first = dmodel_request(&st, DMODEL_WRITE, 0, 1 << 20, 0);
	CHECK(first < (int64_t)dmodel_free_ns(&st) &&
		      (double)(dmodel_free_ns(&st) - first) / 1e6 > 0.9 * 262144 / 12.8e3,
	      "a 1 MiB write is reported while its last 256 KiB are still to be written (%.2f ms before the head is done)",
	      (double)(dmodel_free_ns(&st) - first) / 1e6);
	t = first;
	for (int i = 1; i < 32; i++)
		t = dmodel_request(&st, DMODEL_WRITE, (uint64_t)i << 20, 1 << 20, t);
	end = (int64_t)dmodel_free_ns(&st);
	mbs = 31.0 * 1048576 / ((double)(end - first) / 1e3);
	CHECK_NEAR(mbs, 12.8, 12.8 * 0.05, "1 MiB writes back to back run at the outer rate, 12.8 MB/s (%.2f)", mbs);
}

/* a read miss after a write reconnects after its own overhead (the C2247's
 * Read disconnect afterwrite), not the one after a read */
static void test_read_after_write(void)
{
	struct dp_profile p;
	char err[256];
	const char *field;
	int64_t t, after_w, after_r;
	uint64_t far;

	if (dp_read("disk/profiles/valid/hp_c2247a.conf", &p, err, sizeof(err))) {
		CHECK(0, "the C2247's profile loads: %s", err);
		return;
	}
	CHECK(p.p.oh_read_reconnect_ns == 210340 && p.p.oh_read_reconnect_w_ns == 233190,
	      "the C2247's read reconnects 0.210340 ms after a read, 0.233190 after a write (%" PRIu64 ", %" PRIu64 " ns)",
	      p.p.oh_read_reconnect_ns, p.p.oh_read_reconnect_w_ns);
	p.p.oh_read_reconnect_w_ns = 50000000;	/* 50 ms: past any seek and turn */
	far = p.p.capacity_bytes / 2 / 4096 * 4096;
	dmodel_init(&st, &p.p, &field);
	t = dmodel_request(&st, DMODEL_WRITE, 0, 4096, 0);
	after_w = dmodel_request(&st, DMODEL_READ, far, 4096, t) - t;
	dmodel_init(&st, &p.p, &field);
	t = dmodel_request(&st, DMODEL_READ, 0, 4096, 0);
	after_r = dmodel_request(&st, DMODEL_READ, far, 4096, t) - t;
	CHECK(after_w >= 50000000 && after_r < 50000000,
	      "a read miss waits for the reconnect after a write (%.2f ms), not after a read (%.2f ms)", after_w / 1e6,
	      after_r / 1e6);
}

/*
 * Two ascending read streams taken in turn (as swap-in's two readahead
 * streams reach the disk), 32 KiB reads with 1 ms between a completion
 * and the next request: time for the head to read 64 KiB ahead. With one
 * read segment each stream's read throws the other's data out; with the
 * 7K500's six each keeps its own, and a write elsewhere leaves them be.
 * Returns the reads' total time; *hits: the buffer hits.
 */
static int64_t two_streams(uint64_t segments, uint64_t *hits, uint64_t *seg1)
{
	struct dp_profile p;
	const char *field;
	uint64_t a = 100000000000ULL, b = 300000000000ULL;
	int64_t t = 0, busy = 0;

	if (load("hdd", &p))
		return -1;
	p.p.segments = segments;
	p.p.write_segments = segments;
	p.p.segment_bytes = p.p.cache_bytes / segments / 512 * 512;
	dmodel_init(&st, &p.p, &field);
	for (int i = 0; i < 120; i++) {
		uint64_t *s = i % 2 ? &b : &a;
		int64_t done;

		if (i % 20 == 19)	/* a swap-out far from both */
			t = dmodel_request(&st, DMODEL_WRITE, 450000000000ULL + (uint64_t)i * 65536, 65536, t) + 1000000;
		done = dmodel_request(&st, DMODEL_READ, *s, 32768, t);
		busy += done - t;
		*s += 32768;
		t = done + 1000000;
	}
	*hits = st.c.buffer_hits;
	*seg1 = st.c.hits_seg1;
	return busy;
}

/* a segment keeps its share of the buffer (the 7K500's: 16 MB / 6): a read
 * of what a long stream left behind it is a miss, costs the platter, and
 * must not be taken for the stream's continuation (an underflow there
 * faulted the host's check, as it would oops the guest's divide) */
static void test_segment_share(void)
{
	struct dp_profile p;
	const char *field;
	uint64_t base = 100000000000ULL, hits;
	int64_t t = 0, cost;

	if (load("hdd", &p))
		return;
	dmodel_init(&st, &p.p, &field);
	for (int i = 0; i < 64; i++)	/* 4 MiB in 64 KiB reads, back to back */
		t = dmodel_request(&st, DMODEL_READ, base + (uint64_t)i * 65536, 65536, t);
	hits = st.c.buffer_hits;
	cost = dmodel_request(&st, DMODEL_READ, base + 65536, 65536, t) - t;
	CHECK(st.c.buffer_hits == hits && cost > 1000000 && cost < 30000000,
	      "a read 3.9 MiB behind a 4 MiB stream, past the segment's 2.7 MB share: a miss of %.2f ms (1-30), "
	      "hits %" PRIu64 " before and after", cost / 1e6, hits);
	cost = dmodel_request(&st, DMODEL_READ, base + 65536 + 16384, 16384, t + cost) - (t + cost);
	CHECK(st.c.buffer_hits == hits + 1, "... the read right after it is in its segment (%.3f ms)", cost / 1e6);
}

static void test_read_segments(void)
{
	uint64_t h1, h6, s1, s6;
	int64_t t1 = two_streams(1, &h1, &s1), t6 = two_streams(6, &h6, &s6);
	struct dp_profile p;

	CHECK(load("hdd", &p) == 0 && p.p.segments == 6, "the 7K500 has 6 segments (%" PRIu64 ")", p.p.segments);
	CHECK(h1 == 0, "two streams in turn, one segment: no read hits (%" PRIu64 " of 120)", h1);
	CHECK(h6 >= 70 && s6 >= 70, "... six: %" PRIu64 " of 120 hit (at least 70), %" PRIu64 " in the other stream's segment, the second latest",
	      h6, s6);
	CHECK(t1 > 0 && t6 > 0 && t6 * 2 < t1, "... so the reads take %.1f ms, under half of one segment's %.1f ms", t6 / 1e6,
	      t1 / 1e6);
}


/*
 * DiskSim's values (its manual, 3.4.5 and B.4), on a small drive of the
 * zone table's kind: one zone of 20 cylinders, 2 surfaces, 100 sectors a
 * track at 6000 rpm (a turn is 10 ms, a sector 0.1 ms), no overheads, a
 * bus of 100 MB/s, segments of 64 sectors. Each check's expectation is
 * worked out here in floating point from the manual's words, not from the
 * model's code.
 */
#define DRIVE                                                                  \
	"name = t\nkind = hdd\nrotational = 1\nwrite_cache = 0\n"               \
	"capacity_gb = 0.002048\nsource.capacity_gb = t\nrpm = 6000\nsource.rpm = t\n" \
	"seek_track_ms = 1\nsource.seek_track_ms = t\nseek_avg_ms = 5\nsource.seek_avg_ms = t\n" \
	"seek_full_ms = 10\nsource.seek_full_ms = t\nrate_outer_mbs = 5.12\nsource.rate_outer_mbs = t\n" \
	"rate_inner_mbs = 5.12\nsource.rate_inner_mbs = t\nheads = 2\nsource.heads = t\n" \
	"cache_mb = 0.0625\nsource.cache_mb = t\nreadahead_kb = 32\nsource.readahead_kb = t\n" \
	"bus_mbs = 100\nsource.bus_mbs = t\ncylinders = 20\nsource.cylinders = t\n" \
	"segments = 2\nsource.segments = t\nsegment_kb = 32\nsource.segment_kb = t\n" \
	"source.zone = t\n"

static struct dp_profile dprof;

/* does text give key ("KEY = ..." at a line's start)? */
static int gives(const char *text, const char *key, size_t k)
{
	for (const char *l = text; *l; l += strcspn(l, "\n"), l += *l == '\n')
		if (!strncmp(l, key, k) && l[k] == ' ' && l[k + 1] == '=')
			return 1;
	return 0;
}

/* DRIVE with defaults' lines, a key extra gives replacing theirs, then
 * extra's, parsed into dprof (0, or -1 with the parser's words in err) */
static int drive_with(const char *defaults, const char *extra, char *err, size_t errlen)
{
	static char text[DP_FILE_MAX + 1];
	const char *parts[2] = { DRIVE, defaults };
	size_t n = 0;

	for (int i = 0; i < 2; i++)
		for (const char *l = parts[i]; *l;) {
			size_t len = strcspn(l, "\n"), k = strcspn(l, " ");

			if (!gives(extra, l, k) && n + len + 1 < sizeof(text)) {
				memcpy(text + n, l, len);
				text[n += len] = '\n';
				n++;
			}
			l += len + (l[len] == '\n');
		}
	snprintf(text + n, sizeof(text) - n, "%s", extra);
	dp_free(&dprof);
	return dp_parse(text, &dprof, err, errlen) ? -1 : 0;
}

/* the drive above with more lines, parsed into dprof (0, or -1 with the
 * parser's words in err): a key extra gives replaces the default's */
static int drive_text(const char *extra, char *err, size_t errlen)
{
	return drive_with("zone.1 = 0 19 100 0 0 0 0 0\nsparing = 0\nsource.sparing = t\n"
			  "readahead_mode = 0\nsource.readahead_mode = t\n", extra, err, errlen);
}

static int drive(const char *extra)
{
	char err[256] = "";
	const char *field = NULL;

	if (drive_text(extra, err, sizeof(err))) {
		printf("INFO the drive: %s\n", err);
		return -1;
	}
	if (dmodel_init(&st, &dprof.p, &field)) {
		printf("INFO the drive: dmodel_init refuses %s\n", field ? field : "?");
		return -1;
	}
	return 0;
}

/* the platter's angle at t ns, in turns, at 6000 rpm */
static double turns_at(int64_t t)
{
	double x = (double)t / 1e7;

	return x - (double)(int64_t)x;
}

/*
 * Read any free blocks (3.4.5: "whether or not disk sectors logically
 * prior to the requested sectors should be read into the cache if they
 * pass under the read/write head prior to reaching the requested data"):
 * a 1-sector read of sector 0, then a 4-sector read of sectors 60-63 of
 * the same track: the head waits for sector 60, the sectors whose whole
 * passage falls in that wait (sector boundaries are sector 60's) go into
 * the segment. Then a read of the first of them is a hit, a read of the
 * one before it is not; without the value neither is.
 */
static void test_read_any_free(void)
{
	for (int on = 0; on <= 1; on++) {
		const char *extra = on ? "read_any_free = 1\nsource.read_any_free = t\n" : "";
		int64_t t, arrive;
		double wait;
		int k;
		uint64_t hits;

		if (drive(extra)) {
			CHECK(0, "Read any free blocks = %d: the drive loads", on);
			continue;
		}
		t = dmodel_request(&st, DMODEL_READ, 0, 512, 0);
		arrive = t + 1000;
		t = dmodel_request(&st, DMODEL_READ, 60 * 512, 4 * 512, arrive);
		/* the oracle: the head is on the track (no seek, no overhead), the
		 * wait is the angle from the platter's at arrival to sector 60's */
		wait = 0.60 - turns_at(arrive);
		if (wait < 0)
			wait += 1;
		k = (int)(wait * 100);
		if (k > 60)
			k = 60;
		CHECK(fabs(st.c.rot_ns / 1e6 - wait * 10) < 0.001,
		      "Read any free blocks = %d: the read waits %.4f ms for sector 60 (the oracle: %.4f ms)", on,
		      st.c.rot_ns / 1e6, wait * 10);
		hits = st.c.buffer_hits;
		t = dmodel_request(&st, DMODEL_READ, (uint64_t)(60 - k) * 512, 512, t + 1000);
		if (on)
			CHECK(k > 0 && st.c.buffer_hits == hits + 1,
			      "... = 1: sector %d, the first of the %d that passed under the head while it waited, is a buffer hit",
			      60 - k, k);
		else
			CHECK(st.c.buffer_hits == hits, "... = 0: sector %d, which passed under the head, is not in the buffer",
			      60 - k);
		if (on && k > 0) {
			hits = st.c.buffer_hits;
			t = dmodel_request(&st, DMODEL_READ, (uint64_t)(59 - k) * 512, 512, t + 1000);
			CHECK(st.c.buffer_hits == hits, "... = 1: sector %d, which was under the head as it arrived, is not", 59 - k);
		}
	}
}

/*
 * Enable caching in buffer (3.4.5: "whether or not on-board buffer
 * segments are used for data caching as well as for speed-matching"):
 * with it, a read of sectors 0-7 again is a buffer hit, and the next 8
 * sectors, read ahead (Buffer continuous read 3: to the segment's end),
 * are met by the read-ahead; without it the re-read waits a turn for
 * sector 0 and the next 8 sectors are read from the platter.
 */
static void test_no_caching(void)
{
	for (int off = 0; off <= 1; off++) {
		char extra[256];
		int64_t t, t2, t3;
		double wait;

		snprintf(extra, sizeof(extra), "no_caching = %d\nsource.no_caching = t\nreadahead_mode = 3\nsource.readahead_mode = t\n",
			 off);
		if (drive(extra)) {
			CHECK(0, "no_caching = %d: the drive loads", off);
			continue;
		}
		t = dmodel_request(&st, DMODEL_READ, 0, 8 * 512, 0);
		t2 = dmodel_request(&st, DMODEL_READ, 0, 8 * 512, t + 1000) - (t + 1000);
		if (!off) {
			CHECK(st.c.buffer_hits == 1 && t2 < 100000,
			      "Enable caching in buffer = 1: a re-read is a buffer hit (%.3f ms: the bus)", t2 / 1e6);
		} else {
			/* the oracle: sector 0 comes round at the next whole turn, then
			 * 8 sectors (0.8 ms), then they cross the bus (8 x 5.12 us:
			 * no high water mark, the drive reconnects once all are in) */
			wait = 1 - turns_at(t + 1000);
			CHECK(st.c.buffer_hits == 0 && fabs(t2 / 1e6 - (wait * 10 + 0.8 + 0.04096)) < 0.001,
			      "Enable caching in buffer = 0: a re-read waits for the platter: %.4f ms (the oracle: %.4f ms)",
			      t2 / 1e6, wait * 10 + 0.8 + 0.04096);
		}
		t += t2 + 1000;
		t3 = dmodel_request(&st, DMODEL_READ, 8 * 512, 8 * 512, t + 5000000) - (t + 5000000);
		if (!off)
			CHECK(st.c.buffer_hits == 2 && t3 < 100000,
			      "... = 1: the next 8 sectors, read ahead 5 ms before, are a hit (%.3f ms)", t3 / 1e6);
		else
			CHECK(st.c.buffer_hits == 0 && st.c.read_misses == 3 && t3 > 800000,
			      "... = 0: no read-ahead: the next 8 sectors cost the platter (%.3f ms)", t3 / 1e6);
	}
}

/* where logical sector lbn lies: cylinder, surface, angle in sectors */
static void where(uint64_t lbn, uint64_t *cyl, uint64_t *head, double *sect)
{
	struct dmodel_loc l;

	dmodel_locate(&st, lbn, &l);
	*cyl = l.cyl;
	*head = l.head;
	*sect = (double)l.ang * (double)l.spt / 60e9;
}

/*
 * LBN-to-PBN mapping scheme (B.4.2): 0 conventional (every cylinder from
 * surface 0); 1 serpentine, each zone's first cylinder ascending, the next
 * descending (a cylinder switch is no head switch); 2 serpentine by the
 * cylinder's own parity (even ascending). Two zones, the second from
 * cylinder 11 (odd): 1 starts it ascending, 2 descending.
 */
static void test_lbn_map(void)
{
	static const char *zones = "zone.1 = 0 10 100 0 0 0 0 0\nzone.2 = 11 19 100 0 0 0 0 0\n";
	/* the zone's first lbn: 11 cylinders x 200 sectors */
	struct {
		uint64_t lbn, want[3];	/* the surface under schemes 0, 1, 2 */
	} c[] = {
		{ 100, { 1, 1, 1 } },	/* cylinder 0's second track */
		{ 199, { 1, 1, 1 } },	/* its last sector: then a cylinder switch */
		{ 200, { 0, 1, 1 } },	/* cylinder 1's first track */
		{ 300, { 1, 0, 0 } },	/* cylinder 1's second */
		{ 2200, { 0, 0, 1 } },	/* cylinder 11's first: zone 2's first cylinder */
		{ 2400, { 0, 1, 0 } },	/* cylinder 12's first */
	};

	for (int map = 0; map <= 2; map++) {
		char extra[256];
		int ok = 1;

		snprintf(extra, sizeof(extra), "%slbn_map = %d\nsource.lbn_map = t\n", zones, map);
		if (drive(extra)) {
			CHECK(0, "lbn_map = %d: the drive loads", map);
			continue;
		}
		for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
			uint64_t cyl, head;
			double sect;

			where(c[i].lbn, &cyl, &head, &sect);
			if (head != c[i].want[map] || cyl != c[i].lbn / 200) {
				printf("INFO lbn_map %d: lbn %" PRIu64 " on cylinder %" PRIu64 " surface %" PRIu64 "\n", map,
				       c[i].lbn, cyl, head);
				ok = 0;
			}
		}
		CHECK(ok, "LBN-to-PBN mapping scheme %d: sectors 100, 199, 200, 300, 2200, 2400 on the surfaces B.4.2 gives%s",
		      map, map ? " (199 to 200: a cylinder switch on the same surface)" : "");
	}
}

/*
 * Sparing schemes (B.4.2) on 100-sector tracks, 2 surfaces (200 sectors
 * a cylinder), 10 spares: 5 puts them at each cylinder's front (a
 * cylinder's first logical sector is its physical sector 10); 9 at the
 * zone's end (sector 0 is the first, and 10 sectors fewer); 4 at each
 * cylinder's end with a slipped sector taking a logical one (the disk's
 * end holds the rest), where 2 lets the slip use the cylinder's spares.
 */
static void test_sparing(void)
{
	uint64_t cyl, head;
	double sect;

	if (!drive("sparing = 5\nsource.sparing = t\nzone.1 = 0 19 100 0 0 10 0 0\ncapacity_gb = 0.0019\n")) {
		where(0, &cyl, &head, &sect);
		CHECK(cyl == 0 && head == 0 && fabs(sect - 10) < 1e-6, "sparing 5: sector 0 is cylinder 0's physical sector 10 (%.3f)", sect);
		where(190, &cyl, &head, &sect);
		CHECK(cyl == 1 && head == 0 && fabs(sect - 10) < 1e-6,
		      "... sector 190 (after 190 of cylinder 0) is cylinder 1's physical sector 10 (%" PRIu64 ", %.3f)", cyl, sect);
		CHECK(st.z_lbns[0] == 20 * 190, "... the zone holds 20 x 190 sectors (%" PRIu64 ")", st.z_lbns[0]);
	} else {
		CHECK(0, "sparing 5: the drive loads");
	}
	if (!drive("sparing = 9\nsource.sparing = t\nzone.1 = 0 19 100 0 0 10 0 0\ncapacity_gb = 0.0019\n")) {
		where(0, &cyl, &head, &sect);
		CHECK(cyl == 0 && fabs(sect) < 1e-6 && st.z_lbns[0] == 4000 - 10,
		      "sparing 9: sector 0 is physical sector 0, the zone holds 4000 - 10 (%" PRIu64 ")", st.z_lbns[0]);
	} else {
		CHECK(0, "sparing 9: the drive loads");
	}
	for (int sp = 2; sp <= 4; sp += 2) {
		char extra[256];

		snprintf(extra, sizeof(extra), "sparing = %d\nsource.sparing = t\nzone.1 = 0 19 100 0 0 10 0 0 : 5\n"
			 "capacity_gb = 0.0019\n", sp);
		if (drive(extra)) {
			CHECK(0, "sparing %d with a slip: the drive loads", sp);
			continue;
		}
		where(189, &cyl, &head, &sect);
		if (sp == 2)
			CHECK(cyl == 0 && head == 1 && fabs(sect - 90) < 1e-6 && st.z_lbns[0] == 3800,
			      "sparing 2, a slip at 5: sector 189 takes cylinder 0's first spare (surface 1, sector 90; %"
			      PRIu64 " %" PRIu64 " %.1f), the zone holds 3800", cyl, head, sect);
		else
			CHECK(cyl == 1 && head == 0 && fabs(sect) < 1e-6 && st.z_lbns[0] == 3799,
			      "sparing 4, a slip at 5: sector 189 moves to cylinder 1 (%" PRIu64 " %" PRIu64
			      " %.1f), the zone holds 3799", cyl, head, sect);
	}
}

/*
 * The tables' bounds: a zone of DMODEL_SLIPS_MAX slips (every other
 * sector of the first 82 tracks of 200), each sector where counting the slips
 * before it puts it (checked on every 7th sector against a plain count);
 * one more is refused; 2048 buffer segments take 2048 interleaved read
 * streams, each stream's second read a hit; 2049 are refused.
 */
static void test_bounds(void)
{
	static char extra[DP_FILE_MAX + 1];
	static uint64_t slips[DMODEL_SLIPS_MAX + 1];
	char err[256] = "";
	int n, ok = 1;

	n = snprintf(extra, sizeof(extra), "capacity_gb = 0.008\ncylinders = 100\nzone.1 = 0 99 100 0 0 0 0 0 :");
	for (int i = 0; i < DMODEL_SLIPS_MAX; i++) {
		slips[i] = 2 * (uint64_t)i + 1;
		n += snprintf(extra + n, sizeof(extra) - (size_t)n, " %" PRIu64, slips[i]);
	}
	snprintf(extra + n, sizeof(extra) - (size_t)n, "\n");
	if (drive(extra)) {
		CHECK(0, "a zone of %d slips: the drive loads", DMODEL_SLIPS_MAX);
	} else {
		for (uint64_t lbn = 0; lbn < st.sectors; lbn += 7) {
			uint64_t ph = lbn, cyl, head;
			double sect;

			for (int k = 0; k < DMODEL_SLIPS_MAX; k++)
				if (slips[k] <= ph)
					ph++;
			where(lbn, &cyl, &head, &sect);
			if (cyl * 200 + head * 100 + (uint64_t)(sect + 0.5) != ph)
				ok = 0;
		}
		CHECK(ok && st.z_lbns[0] == 20000 - DMODEL_SLIPS_MAX,
		      "a zone of %d slips: each sector where the slips before it put it, the zone %" PRIu64 " sectors",
		      DMODEL_SLIPS_MAX, st.z_lbns[0]);
	}
	n = snprintf(extra, sizeof(extra), "zone.1 = 0 19 100 0 0 0 0 0 :");
	for (int i = 0; i <= DMODEL_SLIPS_MAX; i++)
		n += snprintf(extra + n, sizeof(extra) - (size_t)n, " %d", i);
	snprintf(extra + n, sizeof(extra) - (size_t)n, "\n");
	CHECK(drive_text(extra, err, sizeof(err)) != 0 && strstr(err, "more than 4096 slips"),
	      "%d slips are refused (%s)", DMODEL_SLIPS_MAX + 1, err);

	snprintf(extra, sizeof(extra), "capacity_gb = 2\nzone.1 = 0 19999 200 0 0 0 0 0\ncylinders = 20000\nheads = 1\n"
		 "segments = %d\nsegment_kb = 16\ncache_mb = 32\nreadahead_mode = 3\nsource.readahead_mode = t\n",
		 DMODEL_SEGS_MAX);
	if (drive(extra)) {
		CHECK(0, "%d segments: the drive loads", DMODEL_SEGS_MAX);
	} else {
		int64_t t = 0;

		for (int pass = 0; pass < 2; pass++)
			for (uint64_t s = 0; s < DMODEL_SEGS_MAX; s++)
				t = dmodel_request(&st, DMODEL_READ, (s * 1000 + (uint64_t)pass * 8) * 512, 8 * 512, t + 20000000);
		CHECK(st.c.buffer_hits == DMODEL_SEGS_MAX && st.c.read_misses == DMODEL_SEGS_MAX,
		      "%d segments, %d read streams in turn: each one's second read a hit (%" PRIu64 " hits, %" PRIu64
		      " misses)", DMODEL_SEGS_MAX, DMODEL_SEGS_MAX, st.c.buffer_hits, st.c.read_misses);
	}
	/* DMODEL_SEEK_MAX measured seeks (a cylinder apart), one more refused */
	n = 0;
	for (int i = 1; i <= DMODEL_SEEK_MAX; i++)
		n += snprintf(extra + n, sizeof(extra) - (size_t)n, "seek.%d = %d %d.%03d\n", i, i, 1 + i / 1000, i % 1000);
	snprintf(extra + n, sizeof(extra) - (size_t)n, "source.seek = t\ncylinders = 4000\ncapacity_gb = 0.4\nzone.1 = 0 3999 100 0 0 0 0 0\n");
	if (drive(extra)) {
		CHECK(0, "%d measured seeks: the drive loads", DMODEL_SEEK_MAX);
	} else {
		int64_t t = dmodel_request(&st, DMODEL_READ, 0, 512, 0);
		uint64_t before = st.c.seek_ns;

		dmodel_request(&st, DMODEL_READ, 2047ULL * 200 * 512, 512, t + 1000);
		CHECK(dprof.p.seek_points == DMODEL_SEEK_MAX && st.c.seek_ns - before == 3047000,
		      "%d measured seeks: a seek of 2047 cylinders costs the table's 3.047 ms (%.3f)", DMODEL_SEEK_MAX,
		      (st.c.seek_ns - before) / 1e6);
	}
	snprintf(extra, sizeof(extra), "seek.%d = 1 1\nsource.seek = t\n", DMODEL_SEEK_MAX + 1);
	CHECK(drive_text(extra, err, sizeof(err)) != 0 && strstr(err, "seek.1 to seek.2048"), "seek.%d is refused (%s)",
	      DMODEL_SEEK_MAX + 1, err);
	{
		const char *field = NULL;

		snprintf(extra, sizeof(extra), "segments = %d\n", DMODEL_SEGS_MAX + 1);
		err[0] = 0;
		CHECK(drive_text(extra, err, sizeof(err)) != 0 || dmodel_init(&st, &dprof.p, &field) != 0,
		      "%d segments are refused (%s%s)", DMODEL_SEGS_MAX + 1, err, field ? field : "");
	}
}

/*
 * Immediate buffer write (3.4.5: sectors "transferred from the on-board
 * buffer in the order that they pass under the read/write head"): a
 * write of sectors 20-59 of cylinder 1's first track (200 + 20 ...)
 * arriving at 53 ms with the head on cylinder 0: a seek of one cylinder
 * (1 ms) lands it at 0.4 of a turn, inside the request, with all the data
 * in the buffer (0.2 ms over the bus). Written as they come, the sectors
 * take one turn from there: 11 ms in all; in order, the head waits for
 * sector 20 (0.8 of a turn) and writes 40 sectors: 13 ms.
 */
static void test_immediate_write(void)
{
	for (int on = 0; on <= 1; on++) {
		char extra[128];
		int64_t t;
		double want = on ? 1 + 10 : 1 + 8 + 4;

		snprintf(extra, sizeof(extra), "immediate_write = %d\nsource.immediate_write = t\n", on);
		if (drive(extra)) {
			CHECK(0, "immediate_write = %d: the drive loads", on);
			continue;
		}
		dmodel_request(&st, DMODEL_READ, 0, 512, 0);
		t = dmodel_request(&st, DMODEL_WRITE, 220 * 512, 40 * 512, 53000000) - 53000000;
		CHECK(fabs(t / 1e6 - want) < 0.001, "Immediate buffer write = %d: 40 sectors the head lands inside: %.4f ms "
		      "(the oracle: %.0f ms)", on, t / 1e6, want);
	}
}

/*
 * Write hit stop prefetch (3.4.5: "whether or not the disk should
 * discontinue the read-ahead of a previous request when a write hit in
 * the cache occurs"): a read of sectors 0-7 at 0 (done at 0.8 ms: sector
 * 0 under the head at 0) reads ahead to the segment's end, sector 64
 * (Buffer continuous read 3; 64 - 8 sectors of room), by 6.4 ms. A write
 * reported from the buffer (Fast write level 2) elsewhere at 1.3 ms:
 * stopping the read-ahead (1), the head leaves at once and sectors 60-63
 * are not in the buffer; not stopping it (0), the head writes only after
 * 6.4 ms and they are.
 */
static void test_write_hit_ra(void)
{
	for (int keep = 0; keep <= 1; keep++) {
		char extra[256];
		int64_t t;
		uint64_t hits;

		snprintf(extra, sizeof(extra), "write_hit_readahead = %d\nsource.write_hit_readahead = t\nreadahead_mode = 3\n"
			 "source.readahead_mode = t\nwrite_level = 2\nsource.write_level = t\n", keep);
		if (drive(extra)) {
			CHECK(0, "write_hit_readahead = %d: the drive loads", keep);
			continue;
		}
		t = dmodel_request(&st, DMODEL_READ, 0, 8 * 512, 0);
		dmodel_request(&st, DMODEL_WRITE, 1000 * 512, 8 * 512, 1300000);
		{
			/* the oracle: the head leaves at 1.3 ms (or at 6.4), seeks 5
			 * cylinders (the curve's time), waits for sector 1000's angle,
			 * 0, at the next whole turn, writes 8 sectors (0.8 ms) */
			double leave = keep ? 6.4 : 1.3, seek = dmodel_seek_cyl_ns(&st, 5) / 1e6;
			double free_ms = ceil((leave + seek) / 10) * 10 + 0.8;

			CHECK(st.c.write_backs == 1 && fabs(dmodel_free_ns(&st) / 1e6 - free_ms) < 0.001,
			      "Write hit stop prefetch = %d: the write reported from the buffer %s: "
			      "the head is free at %.4f ms (the oracle: %.4f)", !keep,
			      keep ? "waits for the read-ahead to end at 6.4 ms" : "stops the read-ahead at 1.3 ms",
			      dmodel_free_ns(&st) / 1e6, free_ms);
		}
		hits = st.c.buffer_hits;
		dmodel_request(&st, DMODEL_READ, 60 * 512, 4 * 512, 40000000);
		CHECK(st.c.buffer_hits == hits + (uint64_t)keep, "... then sectors 60-63 are %sin the buffer", keep ? "" : "not ");
		(void)t;
	}
}

/*
 * Combine seq writes (3.4.5: "whether or not sequential data from
 * separate write requests can share a common cache segment"), with read
 * hits on written data and one write segment: writes of sectors 0-7 then
 * 8-15; a read of 0-7 is then a hit where they share the segment, and a
 * miss where the second took the write segment for itself.
 */
static void test_write_combine(void)
{
	for (int on = 0; on <= 1; on++) {
		char extra[256];
		int64_t t;

		snprintf(extra, sizeof(extra), "write_combine = %d\nsource.write_combine = t\nwrite_hits_read = 1\n"
			 "source.write_hits_read = t\nwrite_segments = 1\nsource.write_segments = t\n", on);
		if (drive(extra)) {
			CHECK(0, "write_combine = %d: the drive loads", on);
			continue;
		}
		t = dmodel_request(&st, DMODEL_WRITE, 0, 8 * 512, 0);
		t = dmodel_request(&st, DMODEL_WRITE, 8 * 512, 8 * 512, t + 1000);
		dmodel_request(&st, DMODEL_READ, 0, 8 * 512, t + 1000);
		CHECK(st.c.buffer_hits == (uint64_t)on, "Combine seq writes = %d: a read of the first of two sequential writes is %s",
		      on, on ? "a hit" : "a miss");
	}
}

/*
 * Seek type = curve (DiskSim's manual, B.5.1, Lee's equation):
 * a sqrt(x - 1) + b (x - 1) + c with a = (-10 min + 15 avg - 5 max) /
 * (3 sqrt(cylinders)), b = (7 min - 15 avg + 8 max) / (3 cylinders),
 * c = min: on the drive of 20 cylinders (1, 5, 10 ms), seeks of 1, 7, 15
 * and 19 cylinders from cylinder 0.
 */
static void test_lee_curve(void)
{
	static const int dist[] = { 1, 7, 15, 19 };
	double a = (-10 * 1.0 + 15 * 5.0 - 5 * 10.0) / (3 * sqrt(20)), b = (7 * 1.0 - 15 * 5.0 + 8 * 10.0) / (3 * 20.0);
	int ok = 1;

	/* no caching: each read of sector 0 brings the head back to cylinder 0 */
	if (drive("no_caching = 1\nsource.no_caching = t\n")) {
		CHECK(0, "the drive loads");
		return;
	}
	for (size_t i = 0; i < sizeof(dist) / sizeof(dist[0]); i++) {
		int64_t t = dmodel_request(&st, DMODEL_READ, 0, 512, (int64_t)i * 100000000);
		uint64_t before = st.c.seek_ns;
		double want = a * sqrt(dist[i] - 1) + b * (dist[i] - 1) + 1, got;

		dmodel_request(&st, DMODEL_READ, (uint64_t)dist[i] * 200 * 512, 512, t + 1000);
		got = (st.c.seek_ns - before) / 1e6;
		if (fabs(got - want) > 0.001) {
			printf("INFO a seek of %d cylinders: %.6f ms, Lee's %.6f\n", dist[i], got, want);
			ok = 0;
		}
	}
	CHECK(ok, "Seek type = curve: seeks of 1, 7, 15, 19 of 20 cylinders cost Lee's equation within 1 us");
}

/*
 * Allow sneaky full read hits (3.4.5: a read whose data a segment holds
 * "immediately transfer[s] that data over the bus while another request
 * is moving the disk actuator and/or transferring data between the disk
 * cache and the disk media"): sectors 0-7 read, then a write reported
 * from the buffer (Fast write level 2) to cylinder 10, then at once a
 * read of sectors 0-7 again. Sneaky, it takes the bus alone (8 x 5.12 us
 * from its arrival); otherwise it waits for the head to write.
 */
static void test_sneaky_full(void)
{
	for (int on = 0; on <= 1; on++) {
		char extra[256];
		int64_t t, cost;

		snprintf(extra, sizeof(extra), "sneaky_full = %d\nsource.sneaky_full = t\nwrite_level = 2\nsource.write_level = t\n",
			 on);
		if (drive(extra)) {
			CHECK(0, "sneaky_full = %d: the drive loads", on);
			continue;
		}
		t = dmodel_request(&st, DMODEL_READ, 0, 8 * 512, 0);
		t = dmodel_request(&st, DMODEL_WRITE, 2000 * 512, 8 * 512, t + 1000000);
		cost = dmodel_request(&st, DMODEL_READ, 0, 8 * 512, t + 1000) - (t + 1000);
		if (on)
			CHECK(st.c.buffer_hits == 1 && fabs(cost / 1e6 - 0.04096) < 0.0001,
			      "Allow sneaky full read hits = 1: a hit while the head writes back costs its bus time: %.5f ms "
			      "(the oracle: 0.04096)", cost / 1e6);
		else
			CHECK(st.c.buffer_hits == 1 && cost > 1000000, "... = 0: it waits for the head to write: %.3f ms", cost / 1e6);
	}
}

/*
 * Set watermark by reqsize (3.4.5: "whether the watermarks are computed
 * as fractions of the individual request size or as fractions of the
 * buffer/cache segment size"): a high water mark of 0.5 (read_early 0.5),
 * a bus of 0.15 ms a sector (slower than the media's 0.1), a read miss
 * of 40 sectors: by the request the drive reconnects once 20 are in, by
 * the segment (64 sectors) once 32 are: it ends 20 x 0.1 + 40 x 0.15 or
 * 32 x 0.1 + 40 x 0.15 ms after its first sector comes under the head.
 */
static void test_watermark(void)
{
	for (int seg = 0; seg <= 1; seg++) {
		char extra[256];
		int64_t t, arrive;
		uint64_t rot0;
		double got, want = (seg ? 32 : 20) * 0.1 + 40 * 0.15;

		snprintf(extra, sizeof(extra), "watermark_segment = %d\nsource.watermark_segment = t\nbus_sector_ms = 0.15\n"
			 "source.bus_sector_ms = t\nread_early = 0.5\nsource.read_early = t\n", seg);
		if (drive(extra)) {
			CHECK(0, "watermark_segment = %d: the drive loads", seg);
			continue;
		}
		arrive = dmodel_request(&st, DMODEL_READ, 0, 512, 0) + 1000;
		rot0 = st.c.rot_ns;
		t = dmodel_request(&st, DMODEL_READ, 20 * 512, 40 * 512, arrive);
		got = (t - arrive - (int64_t)(st.c.rot_ns - rot0)) / 1e6;
		CHECK(fabs(got - want) < 0.001, "Set watermark by reqsize = %d: 40 sectors end %.4f ms after the first is under "
		      "the head (the oracle: %.1f)", !seg, got, want);
	}
}

/*
 * Allow almost read hits (3.4.5: "whether or not a new read request
 * whose first block is currently being prefetched should be treated as a
 * partial cache hit"): sectors 0-7 read by 0.8 ms, the head reads ahead
 * (Buffer continuous read 3) a sector each 0.1 ms: at 1.05 ms it is
 * reading sector 10. A read of sectors 10-13 then is met by the
 * read-ahead where it may be, and is a miss where it may not.
 */
/*
 * Buffer continuous read 4 as DiskSim runs it: a read alone is read on to
 * the end of its track (100 sectors here), bounded by neither the segment
 * nor readahead_kb, and the segment keeps the last of it. 4 sectors at
 * 10, then, turns later, the 4 after them: a hit where the segment (128
 * sectors) holds the track's rest (86), a miss where it (64) does not;
 * 4 sectors at 80 and the 4 after them (a rest of 16): a hit either way.
 */
static void test_readahead_track(void)
{
	static const struct {
		int seg_kb, at, hit;
	} c[] = { { 64, 10, 1 }, { 32, 10, 0 }, { 32, 80, 1 } };

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		char extra[256];

		snprintf(extra, sizeof(extra), "readahead_mode = 4\nsource.readahead_mode = t\nreadahead_kb = 8\n"
			 "segment_kb = %d\ncache_mb = %g\n", c[i].seg_kb, c[i].seg_kb * 2 / 1024.0);
		if (drive(extra)) {
			CHECK(0, "readahead_mode 4, %d KiB segments: the drive loads", c[i].seg_kb);
			continue;
		}
		dmodel_request(&st, DMODEL_READ, (uint64_t)c[i].at * 512, 4 * 512, 0);
		dmodel_request(&st, DMODEL_READ, (uint64_t)(c[i].at + 4) * 512, 4 * 512, 50000000);
		CHECK(st.c.buffer_hits + st.c.stream_hits == (uint64_t)c[i].hit,
		      "readahead_mode 4, %d KiB segments: the 4 sectors after a read of 4 at %d are %s", c[i].seg_kb,
		      c[i].at, c[i].hit ? "a hit (its track's rest read on, the segment holding it)" :
					  "a miss (the track's rest read on, its last 64 sectors kept)");
	}
}

/*
 * Buffer continuous read 2, to the cylinder's end (DiskSim stops the
 * read-ahead where the next sector is a seek away). With the LBN-to-PBN
 * mapping 1 (serpentine) cylinder 1 runs from surface 1 down: LBNs 200-299
 * on surface 1, 300-399 on surface 0. 4 sectors read at 340 (surface 0,
 * the cylinder's last track in logical order), then, turns later, 4 at
 * 396 are a hit (read ahead to the cylinder's end) and 4 at 400 (cylinder
 * 2) a miss; the same on cylinder 0, which ascends (4 at 140, then 196 a
 * hit and 200 a miss), and with the conventional mapping (cylinder 1
 * ascending too). The segment (64 sectors) and readahead_kb (32) reach
 * past each cylinder's end.
 */
static void test_readahead_cylinder(void)
{
	static const struct {
		int map, at, next, hit;
	} c[] = { { 1, 340, 396, 1 }, { 1, 340, 400, 0 }, { 1, 140, 196, 1 }, { 1, 140, 200, 0 }, { 0, 340, 396, 1 }, { 0, 340, 400, 0 } };

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		char extra[256];

		snprintf(extra, sizeof(extra), "readahead_mode = 2\nsource.readahead_mode = t\nlbn_map = %d\nsource.lbn_map = t\n", c[i].map);
		if (drive(extra)) {
			CHECK(0, "readahead_mode 2, lbn_map %d: the drive loads", c[i].map);
			continue;
		}
		dmodel_request(&st, DMODEL_READ, (uint64_t)c[i].at * 512, 4 * 512, 0);
		dmodel_request(&st, DMODEL_READ, (uint64_t)c[i].next * 512, 4 * 512, 50000000);
		CHECK(st.c.buffer_hits + st.c.stream_hits == (uint64_t)c[i].hit,
		      "readahead_mode 2, lbn_map %d: after 4 sectors at %d, 4 at %d are %s", c[i].map, c[i].at, c[i].next,
		      c[i].hit ? "a hit (read ahead to the cylinder's end)" : "a miss (the next cylinder: no read-ahead past a seek)");
	}
}

static void test_almost_hits(void)
{
	for (int on = 0; on <= 1; on++) {
		char extra[256];

		snprintf(extra, sizeof(extra), "almost_hits = %d\nsource.almost_hits = t\nreadahead_mode = 3\n"
			 "source.readahead_mode = t\n", on);
		if (drive(extra)) {
			CHECK(0, "almost_hits = %d: the drive loads", on);
			continue;
		}
		dmodel_request(&st, DMODEL_READ, 0, 8 * 512, 0);
		dmodel_request(&st, DMODEL_READ, 10 * 512, 4 * 512, 1050000);
		CHECK(st.c.stream_hits == (uint64_t)on && st.c.read_misses == 2 - (uint64_t)on,
		      "Allow almost read hits = %d: a read whose first sector is being read ahead is %s", on,
		      on ? "met by the read-ahead" : "a miss");
	}
}

/*
 * Access time type (B.4.3): averageRotation models the seek but takes
 * "rotational latency ... equal to one half of a rotation"; constant is
 * "a fixed per-request access time (i.e., actual mechanical activity is
 * not modeled)". A read of 4 sectors on cylinder 7 from cylinder 0:
 * the seek (the curve's time over 7 cylinders), then 5 ms (half of the
 * 10 ms turn); or 3 ms flat; then the 4 sectors (0.4 ms) and the bus
 * (4 x 5.12 us).
 */
static void test_access_mode(void)
{
	for (int mode = 1; mode <= 2; mode++) {
		char extra[256];
		int64_t t, cost;
		double want;

		snprintf(extra, sizeof(extra), "access_mode = %d\nsource.access_mode = t\naccess_const_ms = 3\n"
			 "source.access_const_ms = t\n", mode);
		if (drive(extra)) {
			CHECK(0, "access_mode = %d: the drive loads", mode);
			continue;
		}
		t = dmodel_request(&st, DMODEL_READ, 0, 512, 0) + 1234567;
		cost = dmodel_request(&st, DMODEL_READ, 7 * 200 * 512, 4 * 512, t) - t;
		want = 3 + 0.4 + 0.02048;
		if (mode == 1) {
			double a = (-10 * 1.0 + 15 * 5.0 - 5 * 10.0) / (3 * sqrt(20)), b = (7 * 1.0 - 15 * 5.0 + 8 * 10.0) / (3 * 20.0);

			want = a * sqrt(6) + b * 6 + 1 + 5 + 0.4 + 0.02048;	/* Lee's seek over 7, half a turn */
		}
		CHECK(fabs(cost / 1e6 - want) < 0.001, "Access time type = %s: a read of 4 sectors 7 cylinders away: %.4f ms "
		      "(the oracle: %.4f)", mode == 1 ? "averageRotation" : "constant (3 ms)", cost / 1e6, want);
	}
}

/*
 * Seek type constant (B.4.3: "a fixed per-request seek time"): with 3 ms,
 * a 4-sector read on the track the head is on, its first sector a tenth
 * of a turn (1 ms) ahead, costs the 3 ms too, then the wait from where
 * the platter is 3 ms on to that sector (most of a turn: a turn is 10 ms,
 * 100 sectors a track), the 4 sectors (0.4 ms) and the bus (4 x 5.12 us);
 * 7 cylinders away the same 3 ms. Without it, the read on the head's
 * track seeks nothing and waits the 1 ms.
 */
static void test_seek_const(void)
{
	for (int on = 0; on <= 1; on++) {
		char extra[256];

		snprintf(extra, sizeof(extra), "seek_const = %d\nsource.seek_const = t\nseek_const_ms = 3\n"
			 "source.seek_const_ms = t\n", on);
		if (drive(extra)) {
			CHECK(0, "seek_const = %d: the drive loads", on);
			continue;
		}
		for (int far = 0; far <= on; far++) {
			int64_t t = dmodel_request(&st, DMODEL_READ, 0, 512, 0) + 1234567, cost;
			/* the sector a tenth of a turn (1 ms) ahead of the head: passed
			 * by the time a 3 ms seek ends */
			uint64_t sec = ((uint64_t)(turns_at(t) * 100) + 10) % 96, lbn = far ? 7 * 200 + sec : sec;
			uint64_t seek0 = st.c.seek_ns;
			double s = on || far ? 3 : 0, at = turns_at(t + (int64_t)(s * 1e6)), wait = (double)sec / 100 - at, want;

			if (wait < 0)
				wait += 1;
			want = s + wait * 10 + 0.4 + 4 * 0.00512;
			cost = dmodel_request(&st, DMODEL_READ, lbn * 512, 4 * 512, t) - t;
			CHECK(fabs(cost / 1e6 - want) < 0.001 && st.c.seek_ns - seek0 == (uint64_t)(s * 1e6),
			      "Seek type %s: a read of 4 sectors %s, a tenth of a turn ahead: %.4f ms, its seek %.3f ms (the oracle: "
			      "%.4f, %.0f ms)", on ? "constant (3 ms)" : "of the curve", far ? "7 cylinders away" : "on the head's track",
			      cost / 1e6, (st.c.seek_ns - seek0) / 1e6, want, s);
		}
	}
}

/*
 * A g4 layout (B.4.5) on the small drive (20 cylinders, 2 surfaces, 100
 * sectors a track): the root's one entry gives two instances of node 0,
 * 10 cylinders each (2000 LBNs), the second 0.1 of a turn on; node 0 gives
 * surface 0 up cylinders 0-9 (each track 0.25 of a turn on from the one
 * before), then surface 1 down 9-0 from half a turn; a slip of 2 at LBN
 * 150. Each place worked out here from the manual's fields: cylinder =
 * the entries' cyl + q cyllen (q the instance, back where cylrunlen < 0),
 * angle = their off + q alen + the sector's share of the track.
 */
#define G4_LAYOUT                                                              \
	"capacity_gb = 0.002046976\nsource.g4 = t\n"                             \
	"g4.ent.1 = 0 0 0 0 100 1 0.25 1000 10 track 0 0\n"                     \
	"g4.ent.2 = 0 1000 9 0.5 100 1 0.25 1000 -10 track 0 1\n"               \
	"g4.ent.3 = 1 0 0 0 2000 10 0.1 4000 20 idx 0 0\n"                      \
	"g4.tp.1 = 0 99 100\n"

static char g4_err[256];	/* drive_g4's refusal */

/* the small drive with a g4 layout of extra's in place of its zone, into
 * dprof and st (a key extra gives replaces the drive's) */
static int drive_g4(const char *extra)
{
	char err[256] = "";
	const char *field = NULL;

	if (drive_with("readahead_mode = 0\nsource.readahead_mode = t\n", extra, err, sizeof(err))) {
		printf("INFO the drive: %s\n", err);
		snprintf(g4_err, sizeof(g4_err), "%s", err);
		return -1;
	}
	if (dmodel_init(&st, &dprof.p, &field)) {
		printf("INFO the drive: dmodel_init refuses %s\n", field ? field : "?");
		snprintf(g4_err, sizeof(g4_err), "dmodel_init refuses %s", field ? field : "?");
		return -1;
	}
	return 0;
}

static void test_g4(void)
{
	struct {
		uint64_t lbn, cyl, head;
		double turn;	/* the sector's angle */
	} c[] = {
		{ 0, 0, 0, 0 },
		{ 149, 1, 0, 0.25 + 0.49 },	/* the second instance of the first entry */
		{ 150, 1, 0, 0.25 + 0.52 },	/* past the slip of 2 */
		{ 1100, 8, 1, 0.5 + 0.25 + 0.02 },	/* LBN 1102 of the layout: surface 1, one cylinder down from 9 */
		{ 2500, 15, 0, 0.1 + 1.25 + 0.02 - 1 },	/* the root's second instance: cylinders 10-19 */
		{ 3997, 10, 1, 0.1 + 0.5 + 2.25 + 0.99 - 3 },	/* the last: its surface 1 comes back to cylinder 10 */
	};
	int ok = 1;
	int64_t t1, cost;
	double wait, want;

	if (drive_g4(G4_LAYOUT "g4.slip.1 = 150 2\n")) {
		CHECK(0, "a g4 layout: the drive loads");
		return;
	}
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		uint64_t cyl, head;
		double sect;

		where(c[i].lbn, &cyl, &head, &sect);
		if (cyl != c[i].cyl || head != c[i].head || fabs(sect / 100 - c[i].turn) > 1e-6) {
			printf("INFO g4: lbn %" PRIu64 " on cylinder %" PRIu64 " surface %" PRIu64 " at %.6f of a turn (want %" PRIu64
			       " %" PRIu64 " %.6f)\n", c[i].lbn, cyl, head, sect / 100, c[i].cyl, c[i].head, c[i].turn);
			ok = 0;
		}
	}
	CHECK(ok && st.sectors == 3998, "g4 layout: LBNs 0, 149, 150 (past a slip of 2), 1100, 2500, 3997 on the cylinder, "
	      "surface and angle the manual's fields give; 4000 - 2 sectors (%" PRIu64 ")", st.sectors);
	/* a read of LBNs 140-159 on cylinder 1's track, the head there: the
	 * wait to 0.65 of a turn, 20 sectors and the 2 slipped ones between
	 * (2.2 ms), the bus (20 x 5.12 us) */
	t1 = dmodel_request(&st, DMODEL_READ, 100 * 512, 512, 0);
	wait = 0.65 - turns_at(t1);
	if (wait < 0)
		wait += 1;
	want = wait * 10 + 2.2 + 20 * 0.00512;
	cost = dmodel_request(&st, DMODEL_READ, 140 * 512, 20 * 512, t1) - t1;
	CHECK(fabs(cost / 1e6 - want) < 0.001, "g4 layout: a read of 20 sectors across the slip takes the 2 slipped sectors' "
	      "passing too: %.4f ms (the oracle: %.4f)", cost / 1e6, want);
	/* Remaps (B.4.5: "LBN, len, cylinder, head, sector, spt"): LBNs 10
	 * and 11 on cylinder 5, surface 1, sectors 30 and 31 of 100; 12 where
	 * the tree puts it */
	if (drive_g4(G4_LAYOUT "g4.remap.1 = 10 2 5 1 30 100\n")) {
		CHECK(0, "a g4 remap: the drive loads (%s)", g4_err);
	} else {
		uint64_t cyl[3], head[3];
		double sect[3];

		for (int i = 0; i < 3; i++)
			where(10 + (uint64_t)i, &cyl[i], &head[i], &sect[i]);
		CHECK(cyl[0] == 5 && head[0] == 1 && fabs(sect[0] - 30) < 1e-6 && cyl[1] == 5 && fabs(sect[1] - 31) < 1e-6 &&
			      cyl[2] == 0 && head[2] == 0 && fabs(sect[2] - 12) < 1e-6,
		      "g4 remap: LBNs 10, 11 on cylinder 5 surface 1 sectors 30, 31; 12 on cylinder 0 sector 12 (%" PRIu64
		      " %" PRIu64 " %.1f, %.1f, %" PRIu64 " %.1f)", cyl[0], head[0], sect[0], sect[1], cyl[2], sect[2]);
	}
	/* what the manual's fields cannot be is refused */
	CHECK(drive_g4(G4_LAYOUT "g4.slip.1 = 150 3\n") != 0, "g4 layout: a slip that leaves the root short of the capacity is refused");
	CHECK(drive_g4("capacity_gb = 0.002048\nsource.g4 = t\ng4.ent.1 = 0 0 0 0 100 1 0 4000 20 idx 0 0\ng4.tp.1 = 0 99 100\n") != 0,
	      "g4 layout: a node whose child is itself is refused (a walk would not end)");
	CHECK(drive_g4("capacity_gb = 0.002048\nsource.g4 = t\ng4.ent.1 = 0 0 0 0 100 1 0 4000 20 track 0 2\ng4.tp.1 = 0 99 100\n") != 0,
	      "g4 layout: a track on surface 2 of 2 is refused");
	dp_free(&dprof);
}

/*
 * The g4 tables' bounds: DMODEL_G4_SLIPS_MAX slips of one LBN (every
 * other LBN from 1) each LBN where counting the slips at or before its
 * place puts it; DMODEL_G4_ENTS_MAX entries (one a track of the 20 x 2,
 * the root's 40 of them... as many as the table holds, in nodes of 16);
 * one more slip or entry refused.
 */
static void test_g4_bounds(void)
{
	static char text[DP_FILE_MAX + 1];
	size_t n;
	int ok = 1;

	/* a drive of 2 x 70000 cylinders of 100 sectors: 14,000,000 LBNs,
	 * 65536 of them slipped */
	n = (size_t)snprintf(text, sizeof(text), "cylinders = 70000\ncapacity_gb = %.6f\nsource.g4 = t\n"
			     "g4.ent.1 = 0 0 0 0 100 1 0 7000000 70000 track 0 0\n"
			     "g4.ent.2 = 0 7000000 0 0 100 1 0 7000000 70000 track 0 1\n"
			     "g4.ent.3 = 1 0 0 0 14000000 70000 0 14000000 70000 idx 0 0\ng4.tp.1 = 0 99 100\n",
			     (14000000.0 - DMODEL_G4_SLIPS_MAX) * 512 / 1e9);
	for (int i = 0; i < DMODEL_G4_SLIPS_MAX; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "g4.slip.%d = %d 1\n", i + 1, 2 * i + 1);
	if (drive_g4(text)) {
		CHECK(0, "%d g4 slips: the drive loads (%s)", DMODEL_G4_SLIPS_MAX, g4_err);
	} else {
		for (uint64_t lbn = 0; lbn < 2 * DMODEL_G4_SLIPS_MAX + 1000; lbn += 7) {
			/* the LBN's place: past every slip (at 1, 3, 5, ...) at or before it */
			uint64_t ph = lbn, cyl, head;
			double sect;

			for (uint64_t k = 0; k < DMODEL_G4_SLIPS_MAX && 2 * k + 1 <= ph; k++)
				ph++;
			where(lbn, &cyl, &head, &sect);
			if (cyl != ph / 100 || head != 0 || fabs(sect - (double)(ph % 100)) > 1e-6)
				ok = 0;
		}
		CHECK(ok, "%d g4 slips: each LBN where the slips at or before its place put it", DMODEL_G4_SLIPS_MAX);
	}
	snprintf(text + n, sizeof(text) - n, "g4.slip.%d = %d 1\n", DMODEL_G4_SLIPS_MAX + 1, 2 * DMODEL_G4_SLIPS_MAX + 1);
	CHECK(drive_g4(text) != 0 && strstr(g4_err, "g4.slip lines are g4.slip.1 to g4.slip.65536"),
	      "%d g4 slips are refused (%s)", DMODEL_G4_SLIPS_MAX + 1, g4_err);
	/* DMODEL_G4_ENTS_MAX entries: 4095 nodes of 16 tracks (8 cylinders,
	 * both surfaces, cylinder by cylinder), and a root of 16 entries, each
	 * one node 8 cylinders on */
	{
		const int per = 16, nodes = DMODEL_G4_ENTS_MAX / per - 1, root = DMODEL_G4_ENTS_MAX - nodes * per;
		uint64_t lbn, cyl, head;
		double sect;
		int e = 0;

		n = (size_t)snprintf(text, sizeof(text), "cylinders = %d\ncapacity_gb = %.6f\nsource.g4 = t\ng4.tp.1 = 0 99 100\n",
				     root * 8, (double)root * 1600 * 512 / 1e9);
		for (int k = 0; k < nodes; k++)
			for (int j = 0; j < per; j++, e++)
				n += (size_t)snprintf(text + n, sizeof(text) - n, "g4.ent.%d = %d %d %d 0 100 1 0 100 1 track 0 %d\n",
						      e + 1, k, j * 100, j / 2, j % 2);
		for (int k = 0; k < root; k++, e++)
			n += (size_t)snprintf(text + n, sizeof(text) - n, "g4.ent.%d = %d %d %d 0 1600 8 0 1600 8 idx %d 0\n",
					      e + 1, nodes, k * 1600, k * 8, k);
		lbn = (uint64_t)(root - 1) * 1600 + 3 * 100 + 42;	/* the last root entry's node: its 4th track */
		if (drive_g4(text)) {
			CHECK(0, "%d g4 entries: the drive loads (%s)", DMODEL_G4_ENTS_MAX, g4_err);
		} else {
			where(lbn, &cyl, &head, &sect);
			CHECK(dprof.p.g4->nent == DMODEL_G4_ENTS_MAX && dprof.p.g4->nnode == DMODEL_G4_NODES_MAX &&
				      cyl == (uint64_t)(root - 1) * 8 + 1 && head == 1 && fabs(sect - 42) < 1e-6,
			      "%d g4 entries in %d nodes: LBN %" PRIu64 " on cylinder %" PRIu64 " surface %" PRIu64 " sector %.0f",
			      DMODEL_G4_ENTS_MAX, DMODEL_G4_NODES_MAX, lbn, cyl, head, sect);
		}
		snprintf(text + n, sizeof(text) - n, "g4.ent.%d = %d 0 0 0 1 1 0 1 1 track 0 0\n", e + 1, nodes);
		CHECK(drive_g4(text) != 0 && strstr(g4_err, "g4.ent lines are g4.ent.1 to g4.ent.65536"),
		      "%d g4 entries are refused (%s)", DMODEL_G4_ENTS_MAX + 1, g4_err);
	}
	dp_free(&dprof);
}

/*
 * Skews and the offset as DiskSim gives them (B.4.2: floats, in sectors
 * or revolutions): a track skew of 2.5 sectors puts the second track's
 * first sector at 2.5 / 100 of a turn, an offset of 0.25 the first
 * track's at 0.25 / 100; more than three decimals is refused.
 */
static void test_fractional_skew(void)
{
	uint64_t cyl, head;
	double sect;
	char err[256] = "";

	if (drive("zone.1 = 0 19 100 2.5 0 0 0 0.25\n")) {
		CHECK(0, "a zone with a skew of 2.5 sectors loads");
		return;
	}
	where(0, &cyl, &head, &sect);
	CHECK(fabs(sect - 0.25) < 1e-6, "an offset of 0.25 sectors: sector 0 at %.4f sectors of its track", sect);
	where(100, &cyl, &head, &sect);
	CHECK(head == 1 && fabs(sect - 2.75) < 1e-6, "a track skew of 2.5 sectors: sector 100 at %.4f (0.25 + 2.5)", sect);
	CHECK(drive_text("zone.1 = 0 19 100 2.5555 0 0 0 0\n", err, sizeof(err)) != 0 && strstr(err, "three decimals"),
	      "a skew of four decimals is refused (%s)", err);
	CHECK(drive_text("zone.1 = 0 19 100 2 .5 0 0 0\n", err, sizeof(err)) != 0 && strstr(err, "zone.1"),
	      "a skew '2 .5' is refused (%s)", err);
}

int main(void)
{
	test_fractional_skew();
	test_access_mode();
	test_almost_hits();
	test_readahead_track();
	test_readahead_cylinder();
	test_sneaky_full();
	test_watermark();
	test_lee_curve();
	test_immediate_write();
	test_write_hit_ra();
	test_write_combine();
	test_read_any_free();
	test_no_caching();
	test_lbn_map();
	test_seek_const();
	test_g4();
	test_g4_bounds();
	test_sparing();
	test_bounds();
	test_read_segments();
	test_segment_share();
	test_write_past_cache();
	test_read_after_write();
	test_hdd();
	test_seek_buckets();
	test_flash();
	test_track_precision("hdd");
	test_track_precision("hdd-5k160");
	replay("hdd", 20000);
	replay("hdd-5k160", 20000);
	replay("wd-ac36400", 20000);
	replay("ssd", 20000);
	replay("sd", 20000);
	test_bad_profiles();
	CHECK_DONE();
}
