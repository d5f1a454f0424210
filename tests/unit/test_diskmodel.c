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
#include "../../disk/model/model.h"
#include "../../disk/profile/profile.h"
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
	int64_t t, a, b;
	int n = 20000;

	CHECK(load("hdd", &p) == 0, "the hdd profile parses and initialises");
	CHECK_STR(p.name, "hdd-7k500", "hdd is the Deskstar 7K500");
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
	/* write cache: 16 MiB absorbed at the bus rate, then writes wait for room; a flush empties it */
	dmodel_init(&st, &p.p, &(const char *){ 0 });
	t = 0;
	for (int i = 0; i < 16; i++) {
		a = dmodel_request(&st, DMODEL_WRITE, (lcg(&x) % (cap / 4096)) * 4096, 1 << 20, 0);
		t = a > t ? a : t;
	}
	CHECK(t < 3600000 + (int64_t)p.p.oh_write_hit_r_ns,
	      "16 x 1 MiB random writes at once fit the 16 MiB cache: done by %.2f ms (1 MiB at 300 MB/s, after the write hit's overhead)",
	      t / 1e6);
	a = dmodel_request(&st, DMODEL_WRITE, 0, 1 << 20, 0);
	CHECK(a > 10000000, "the 17th waits for the head to write one back: %.1f ms", a / 1e6);
	b = dmodel_request(&st, DMODEL_FLUSH, 0, 0, a);
	CHECK(b == st.head_free_ns && b - a > 100000000, "a flush waits for all of it: %.1f ms", (b - a) / 1e6);
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
		uint64_t off = dmodel_track_start(&st, go[i].cyl * p.p.heads + go[i].surface);

		t = dmodel_request(&st, go[i].op, off, 512, t) + 1000000;
	}
	CHECK(st.c.seeks_short == 2 && st.c.seeks_mid == 2 && st.c.seeks_long == 1 && st.c.head_switches == 1,
	      "hdd-7k500: seeks of 15, 16, 1023, 1024 cylinders, a surface switch and a write 3 cylinders on: short %llu "
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
	f->read_segments = (int)p->read_segments;
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
	bad(HDD_OK "rpm=7200\nsource.rpm=a\nread_segments=17\nsource.read_segments=a\n", "read_segments: impossible",
	    "17 read segments (16 at most)");
	bad(HDD_OK "rpm=7200\nsource.rpm=a\nread_segments=6\nsource.read_segments=a\nsegments=2\nsource.segments=a\n",
	    "read_segments: impossible", "read segments on a drive with buffer segments of its own");
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

	if (load("hdd-7k500", &p))
		return -1;
	p.p.read_segments = segments;
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

	if (load("hdd-7k500", &p))
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

	CHECK(load("hdd-7k500", &p) == 0 && p.p.read_segments == 6, "the 7K500 has 6 read segments (%" PRIu64 ")",
	      p.p.read_segments);
	CHECK(h1 == 0, "two streams in turn, one read segment: no read hits (%" PRIu64 " of 120)", h1);
	CHECK(h6 >= 70 && s6 >= 70, "... six: %" PRIu64 " of 120 hit (at least 70), %" PRIu64 " in the other stream's segment, the second latest",
	      h6, s6);
	CHECK(t1 > 0 && t6 > 0 && t6 * 2 < t1, "... so the reads take %.1f ms, under half of one segment's %.1f ms", t6 / 1e6,
	      t1 / 1e6);
}

int main(void)
{
	test_read_segments();
	test_segment_share();
	test_write_past_cache();
	test_read_after_write();
	test_hdd();
	test_seek_buckets();
	test_flash();
	test_track_precision("hdd-7k500");
	test_track_precision("hdd-5k160");
	replay("hdd-7k500", 20000);
	replay("hdd-5k160", 20000);
	replay("ssd", 20000);
	replay("sd", 20000);
	test_bad_profiles();
	CHECK_DONE();
}
