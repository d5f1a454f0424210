/* The disk model (disk/model.c) and its profile files (disk/profile.c),
 * checked against the datasheet figures the profiles carry. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "../../disk/model.h"
#include "../../disk/profile.h"

static struct dm_state st;

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

static int load(const char *name, struct dm_profile *p)
{
	char path[256], err[256];
	const char *text, *field;

	snprintf(path, sizeof(path), "disk/profiles/%s.conf", name);
	text = slurp(path);
	if (!text || dp_parse(text, p, err, sizeof(err))) {
		printf("INFO %s: %s\n", path, text ? err : "cannot read");
		return -1;
	}
	return dm_init(&st, p, &field);
}

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 11;
}

/* MB/s of back-to-back requests of len bytes from off, the host taking
 * gap_ns between one completion and the next request */
static double stream_mbs(enum dm_op op, uint64_t off, uint64_t len, int n, int64_t gap_ns)
{
	int64_t t = 0, t0;

	t0 = t = dm_request(&st, DM_READ, off, 4096, 0) + gap_ns;	/* the head gets there */
	for (int i = 0; i < n; i++)
		t = dm_request(&st, op, off + 4096 + (uint64_t)i * len, len, t) + gap_ns;
	t = dm_request(&st, DM_FLUSH, 0, 0, t);
	return (double)len * n / ((double)(t - t0) / 1e9) / 1e6;
}

static void test_hdd(void)
{
	struct dm_profile p;
	uint64_t x = 42, cap;
	double sum = 0, rev_ms, mbs, iops;
	int64_t t, a, b;
	int n = 20000;

	CHECK(load("hdd", &p) == 0, "the hdd profile parses and initialises");
	CHECK_STR(p.name, "hdd-7k500", "hdd is the Deskstar 7K500");
	CHECK(p.rotational == 1, "hdd is rotational");
	cap = (uint64_t)p.capacity_bytes;
	/* the seek curve goes through the datasheet's three points */
	CHECK_NEAR(dm_seek_ns(&st, 0, 0.5 / st.cylinders) / 1e6, 0, 1e-9, "same cylinder: no seek");
	CHECK_NEAR(dm_seek_ns(&st, 0, 1.5 / st.cylinders) / 1e6, 1.0, 1e-6, "one cylinder: track-to-track 1.0 ms");
	CHECK_NEAR(dm_seek_ns(&st, 0, 1) / 1e6, 14.7, 1e-6, "outer to inner: full stroke 14.7 ms");
	for (int i = 0; i < n; i++) {
		double f = (double)(lcg(&x) % 1000000) / 1e6, g = (double)(lcg(&x) % 1000000) / 1e6;
		sum += dm_seek_ns(&st, f, g);
	}
	CHECK_NEAR(sum / n / 1e6, 8.5, 8.5 * 0.02, "mean seek between random cylinders: average 8.5 ms +-2 %%");
	/* zones */
	CHECK_NEAR(dm_rate_at(&st, 0) * 1e3, 64.8, 1e-9, "outer zone 64.8 MB/s");
	CHECK_NEAR(dm_rate_at(&st, 1) * 1e3, 31.0, 1e-9, "inner zone 31.0 MB/s");
	CHECK_NEAR(dm_x_of(&st, 0), 0, 1e-12, "LBA 0 is the outer edge");
	CHECK_NEAR(dm_x_of(&st, cap), 1, 1e-9, "the last LBA is the inner edge");
	CHECK(dm_x_of(&st, cap / 2) > 0.4 && dm_x_of(&st, cap / 2) < 0.5,
	      "half the bytes lie in less than half the stroke (outer tracks hold more): x=%.3f",
	      dm_x_of(&st, cap / 2));
	/* sequential, with the host 50 us between a completion and the next request */
	dm_init(&st, &p, &(const char *){ 0 });
	mbs = stream_mbs(DM_READ, 0, 65536, 2000, 50000);
	CHECK_NEAR(mbs, 64.8, 64.8 * 0.03, "sequential read at the outer end: %.1f MB/s, datasheet 64.8 +-3 %%", mbs);
	dm_init(&st, &p, &(const char *){ 0 });
	mbs = stream_mbs(DM_READ, cap - (256ULL << 20), 65536, 2000, 50000);
	CHECK_NEAR(mbs, 31.0, 31.0 * 0.03, "sequential read at the inner end: %.1f MB/s, datasheet 31.0 +-3 %%", mbs);
	dm_init(&st, &p, &(const char *){ 0 });
	mbs = stream_mbs(DM_WRITE, 0, 65536, 2000, 50000);
	CHECK_NEAR(mbs, 64.8, 64.8 * 0.05, "sequential write at the outer end through the cache: %.1f MB/s +-5 %%", mbs);
	/* random 4 KiB reads over the whole disk */
	dm_init(&st, &p, &(const char *){ 0 });
	t = 0;
	for (int i = 0; i < 4000; i++)
		t = dm_request(&st, DM_READ, (lcg(&x) % (cap / 4096)) * 4096, 4096, t) + 50000;
	iops = 4000 / ((double)t / 1e9);
	rev_ms = 60e3 / 7200;
	CHECK_NEAR(iops, 1e3 / (8.5 + rev_ms / 2), 1e3 / (8.5 + rev_ms / 2) * 0.10,
		   "random 4 KiB reads: %.1f IOPS, 1 / (average seek + half a turn) = %.1f +-10 %%", iops,
		   1e3 / (8.5 + rev_ms / 2));
	CHECK(st.c.seek_ns > st.c.rot_ns && st.c.rot_ns > st.c.xfer_ns,
	      "random reads: seek (%.2f s) > rotation (%.2f s) > transfer (%.3f s)", st.c.seek_ns / 1e9,
	      st.c.rot_ns / 1e9, st.c.xfer_ns / 1e9);
	/* rotation from the platter's angle: deterministic, a quarter turn early waits a quarter turn */
	dm_init(&st, &p, &(const char *){ 0 });
	{
		uint64_t off = 4096 * 1000;
		double ang = dm_angle_of(&st, off), now = (ang - 0.25 + 1) * st.rev_ns;
		int64_t done = dm_request(&st, DM_READ, off, 512, (int64_t)now);
		CHECK_NEAR((double)st.c.rot_ns / st.rev_ns, 0.25, 1e-3,
			   "same cylinder, platter a quarter turn before the sector: waits %.4f of a turn",
			   (double)st.c.rot_ns / st.rev_ns);
		CHECK(st.c.seek_ns == 0 && done > (int64_t)now, "no seek on the head's own cylinder");
	}
	dm_init(&st, &p, &(const char *){ 0 });
	a = dm_request(&st, DM_READ, 123456789ULL * 512, 4096, 1000000);
	dm_init(&st, &p, &(const char *){ 0 });
	b = dm_request(&st, DM_READ, 123456789ULL * 512, 4096, 1000000);
	CHECK(a == b, "the same request at the same time costs the same (%lld ns)", (long long)(a - 1000000));
	/* write cache: 16 MiB absorbed at the bus rate, then writes wait for room; a flush empties it */
	dm_init(&st, &p, &(const char *){ 0 });
	t = 0;
	for (int i = 0; i < 16; i++) {
		a = dm_request(&st, DM_WRITE, (lcg(&x) % (cap / 4096)) * 4096, 1 << 20, 0);
		t = a > t ? a : t;
	}
	CHECK(t < 3600000, "16 x 1 MiB random writes at once fit the 16 MiB cache: done by %.2f ms (1 MiB at 300 MB/s)", t / 1e6);
	a = dm_request(&st, DM_WRITE, 0, 1 << 20, 0);
	CHECK(a > 10000000, "the 17th waits for the head to write one back: %.1f ms", a / 1e6);
	b = dm_request(&st, DM_FLUSH, 0, 0, a);
	CHECK(b == st.head_free_ns && b - a > 100000000, "a flush waits for all of it: %.1f ms", (b - a) / 1e6);
	/* a buffer hit: the same 4 KiB read twice */
	dm_init(&st, &p, &(const char *){ 0 });
	a = dm_request(&st, DM_READ, 1 << 30, 4096, 0);
	b = dm_request(&st, DM_READ, 1 << 30, 4096, a);
	CHECK(st.c.buffer_hits == 1 && b - a < 20000, "a re-read comes from the track buffer in %lld ns",
	      (long long)(b - a));
}

static void test_flash(void)
{
	struct dm_profile p;
	int64_t t = 0, a;

	CHECK(load("ssd", &p) == 0 && p.rotational == 0, "the ssd profile parses, non-rotational");
	t = dm_request(&st, DM_READ, 0, 4096, 0);
	CHECK_NEAR(t / 1e3, 85 + 4096 / 250.0, 0.01, "ssd 4 KiB read: 85 us latency + 4 KiB at 250 MB/s");
	CHECK(load("sd", &p) == 0, "the sd profile parses");
	t = 0;
	for (int i = 0; i < 64; i++)
		t = dm_request(&st, DM_WRITE, (uint64_t)i * 65536, 65536, t);
	CHECK_NEAR(4.0 * 1048576 / (t / 1e3), 4.0, 4.0 * 0.35, "sd sequential writes fill one unit near class 4's 4 MB/s (%.2f)",
		   4.0 * 1048576 / (t / 1e3));
	a = dm_request(&st, DM_WRITE, 100ULL << 20, 4096, t);
	a = dm_request(&st, DM_WRITE, 200ULL << 20, 4096, a);
	CHECK((a - t) / 1e6 > 1000, "sd: a 4 KiB write elsewhere closes a unit and copies its rest: %.0f ms", (a - t) / 1e6);
	CHECK(load("null", &p) == 0 && dm_request(&st, DM_READ, 0, 1 << 20, 777) == 777,
	      "null charges nothing");
	CHECK(load("hdd-5k160", &p) == 0 && p.rpm == 5400, "the laptop profile parses: 5400 rpm");
}

static void bad(const char *text, const char *want, const char *what)
{
	struct dm_profile p;
	char err[256] = "";
	int rc = dp_parse(text, &p, err, sizeof(err));

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
	struct dm_profile p;
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
	bad("kind=hdd\n", "missing name", "no name");
	bad("name=x\nkind=tape\nrotational=1\n", "kind", "unknown kind");
}

int main(void)
{
	test_hdd();
	test_flash();
	test_bad_profiles();
	CHECK_DONE();
}
