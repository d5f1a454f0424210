/* The integer disk model (disk/model/model.c, disk/model/geometry.c) at the edges of
 * the ranges dmodel_init accepts: every corner of capacity, rpm, rates,
 * heads, cache and seeks initialises and serves random requests with no
 * 64-bit quotient overflowing (the host's DMODEL_MULDIV traps where the
 * kernel's would fault), completions never before arrivals, and the track
 * coordinate never decreasing with the offset; one past each edge is
 * refused naming the parameter. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "disk/model/model.h"

static struct dmodel m;

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 11;
}

static struct dmodel_params hdd(uint64_t cap, uint64_t rpm, uint64_t ro, uint64_t ri, uint64_t heads,
				uint64_t cache, uint64_t full)
{
	struct dmodel_params p = { .kind = DMODEL_HDD, .rotational = 1, .capacity_bytes = cap, .rpm = rpm,
				   .seek_track_ns = full / 14, .seek_avg_ns = full / 2, .seek_full_ns = full,
				   .rate_outer_bps = ro, .rate_inner_bps = ri, .heads = heads,
				   .cache_bytes = cache, .readahead_bytes = cache, .bus_bps = ro,
				   .write_cache = 1 };
	return p;
}

/* random requests of 4 KiB to 1 MiB over the disk, some past its end; 0 or
 * what went wrong */
static const char *serve(uint64_t seed)
{
	int64_t t = 0, done;
	uint64_t x = seed, prev = 0, cap = m.p.capacity_bytes;

	for (int i = 0; i < 300; i++) {
		uint64_t off = lcg(&x) % (cap + cap / 64), len = 4096 << (lcg(&x) % 9);
		enum dmodel_op op = (enum dmodel_op)(lcg(&x) % 3);

		if (i % 50 == 0)	/* a sequential read from the start */
			off = 0, op = DMODEL_READ;
		done = dmodel_request(&m, op, off, len, t);
		if (done < t)
			return "a completion before its arrival";
		t = lcg(&x) % 2 ? done : t + (int64_t)(lcg(&x) % 1000000);
	}
	for (uint64_t off = 0; off <= cap; off += cap / 4096 + 1) {
		uint64_t q = dmodel_track_of(&m, off);

		if (q < prev)
			return "a track coordinate decreasing with the offset";
		prev = q;
	}
	return NULL;
}

static void corner(const char *what, struct dmodel_params p)
{
	const char *field = NULL, *why;
	int rc = dmodel_init(&m, &p, &field);

	CHECK(rc == 0, "%s: initialises (%s)", what, field ? field : "-");
	if (rc)
		return;
	why = serve(p.capacity_bytes ^ p.rpm);
	CHECK(!why, "%s: 300 requests served, no overflow (%s)", what, why ? why : "ok");
}

static void refused(const char *what, struct dmodel_params p, const char *want)
{
	const char *field = NULL;
	int rc = dmodel_init(&m, &p, &field);

	CHECK(rc == -EINVAL && field && !strcmp(field, want), "%s: refused naming %s (%s)", what, want,
	      field ? field : "accepted");
}

int main(void)
{
	const uint64_t TIB64 = 1ULL << 46, TBS = 1ULL << 40, GIB = 1ULL << 30, G16 = 1ULL << 34;
	struct dmodel_params f = { .kind = DMODEL_FLASH, .capacity_bytes = TIB64, .read_lat_ns = 1ULL << 40,
				   .write_lat_ns = 0, .read_bps = 10000, .write_bps = TBS, .unit_bytes = G16 };

	corner("64 TiB at 20000 rpm, 1 TB/s to 0.5 TB/s, 1024 heads, 16 GiB cache",
	       hdd(TIB64, 20000, TBS, TBS / 2, 1024, G16, 10000000000ULL));
	corner("64 TiB at 1000 rpm, 1 TB/s outer, 10 kB/s inner, 1 head",
	       hdd(TIB64, 1000, TBS, 10000, 1, 1 << 20, 14000000));
	corner("1 MiB at 20000 rpm, 10 kB/s, 1 head, 16 GiB of readahead",
	       hdd(1 << 20, 20000, 10000, 10000, 1, G16, 14000000));
	corner("1 GiB at 20000 rpm, 10 MB/s to 1 MB/s, 1024 heads",
	       hdd(GIB, 20000, 10000000, 1000000, 1024, 8 << 20, 30000000));
	corner("flash, 64 TiB, 10 kB/s reads, 16 GiB units", f);
	f.unit_bytes = 4096;
	f.read_bps = TBS;
	f.write_bps = 10000;
	corner("flash, 64 TiB, 10 kB/s writes, 4 KiB units", f);

	refused("65 TiB", hdd(TIB64 + 1, 7200, 64800000, 31000000, 10, 1 << 24, 14700000), "capacity_bytes");
	refused("20001 rpm", hdd(TIB64, 20001, 64800000, 31000000, 10, 1 << 24, 14700000), "rpm");
	refused("more than 1 TB/s", hdd(TIB64, 7200, TBS + 1, 31000000, 10, 1 << 24, 14700000), "rate_outer_bps");
	refused("an inner rate under 10 kB/s", hdd(TIB64, 7200, 64800000, 9999, 10, 1 << 24, 14700000), "rate_inner_bps");
	refused("1025 heads", hdd(TIB64, 7200, 64800000, 31000000, 1025, 1 << 24, 14700000), "heads");
	refused("a cache over 16 GiB", hdd(TIB64, 7200, 64800000, 31000000, 10, G16 + 1, 14700000), "cache_bytes");
	refused("a full stroke over 10 s", hdd(TIB64, 7200, 64800000, 31000000, 10, 1 << 24, 10000000001ULL),
		"seek_full_ns");
	/* 2^31 tracks and more: 64 TiB of 30 kB tracks */
	refused("more tracks than the coordinates hold", hdd(TIB64, 20000, 10000, 10000, 1, 0, 14000000),
		"capacity_bytes");
	refused("two cylinders", hdd(1 << 20, 7200, 64800000, 64800000, 1024, 0, 14000000), "capacity_bytes");
	f.kind = 3;
	refused("kind 3", f, "kind");
	CHECK_DONE();
}
