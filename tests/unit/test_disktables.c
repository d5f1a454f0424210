/* The tables' text (disk/model/tables.c), the line by which a profile's
 * zone, seek and slip tables reach the guest's driver: each of DiskSim's
 * six drives, written and read back, gives the tables it was written
 * from (so the model in the guest charges what the host's does); a
 * buffer too short is truncated and told the length; and a line that
 * does not fit the integer parameters (a zone or seek too many or too
 * few, the slips' count, a field too many or too few, a word not a
 * table's, a value past 64 bits) is refused saying which. */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "disk/model/model.h"
#include "disk/profile/profile.h"

static const char *const drives[] = { "atlas_III", "barracuda", "cheetah4LP", "dec_rz26", "hp_c2247a", "hp_c3323a" };

/* p's integer parameters, its tables zeroed */
static void without_tables(struct dmodel_params *q, const struct dmodel_params *p)
{
	memcpy(q, p, sizeof(*q));
	memset(q->zone, 0, sizeof(q->zone));
	memset(q->seek, 0, sizeof(q->seek));
	memset(q->slip, 0, sizeof(q->slip));
}

static void test_round_trip(void)
{
	static struct dp_profile d;
	static struct dmodel_params q;
	static struct dmodel m1, m2;
	static char text[256 * 1024];
	char err[512], path[96];
	const char *why, *field;

	for (size_t i = 0; i < sizeof(drives) / sizeof(drives[0]); i++) {
		size_t need, slips = 0;
		int rc, same = 1;

		snprintf(path, sizeof(path), "disk/profiles/valid/%s.conf", drives[i]);
		if (dp_read(path, &d, err, sizeof(err))) {
			CHECK(0, "%s reads (%s)", path, err);
			continue;
		}
		for (uint64_t z = 0; z < d.p.zones; z++)
			slips += d.p.zone[z].slips;
		need = dmodel_tables_format(&d.p, text, sizeof(text));
		CHECK(need == strlen(text) && need > 0, "%s: the line's length is what format says (%zu)", drives[i], need);
		without_tables(&q, &d.p);
		rc = dmodel_tables_parse(&q, text, &why);
		CHECK(rc == 0, "%s: its %" PRIu64 " zones, %" PRIu64 " seeks and %zu slips read back (%s)", drives[i],
		      d.p.zones, d.p.seek_points, slips, why ? why : "");
		CHECK(!memcmp(q.zone, d.p.zone, sizeof(q.zone)) && !memcmp(q.seek, d.p.seek, sizeof(q.seek)) &&
			      !memcmp(q.slip, d.p.slip, sizeof(q.slip)),
		      "%s: the tables read back are the profile's, entry for entry", drives[i]);
		/* and the model on them charges what the profile's does */
		CHECK(dmodel_init(&m1, &d.p, &field) == 0 && dmodel_init(&m2, &q, &field) == 0,
		      "%s: the model takes the tables read back", drives[i]);
		for (uint64_t k = 0, t = 0; k < 2000; k++) {
			uint64_t off = (k * 2654435761u * 4096) % (d.p.capacity_bytes - 65536) / 512 * 512;
			int64_t a = dmodel_request(&m1, k % 3 ? DMODEL_READ : DMODEL_WRITE, off, 4096 << (k % 4), (int64_t)t);
			int64_t b = dmodel_request(&m2, k % 3 ? DMODEL_READ : DMODEL_WRITE, off, 4096 << (k % 4), (int64_t)t);

			same &= a == b;
			t += 3000000;
		}
		CHECK(same, "%s: 2000 requests complete at the same ns on both", drives[i]);
	}
}

static void test_truncated(void)
{
	static struct dp_profile d;
	char err[512], small[64];
	size_t need;

	if (dp_read("disk/profiles/valid/hp_c2247a.conf", &d, err, sizeof(err))) {
		CHECK(0, "hp_c2247a reads (%s)", err);
		return;
	}
	need = dmodel_tables_format(&d.p, small, sizeof(small));
	CHECK(need > sizeof(small) && strlen(small) == sizeof(small) - 1 && !strncmp(small, "zone=", 5),
	      "a short buffer: truncated, NUL-terminated, and told the whole length (%zu)", need);
	CHECK(dmodel_tables_format(&d.p, NULL, 0) == need, "a buffer of none: the length alone");
	if (dp_read("disk/profiles/hdd.conf", &d, err, sizeof(err))) {
		CHECK(0, "hdd reads (%s)", err);
		return;
	}
	CHECK(dmodel_tables_format(&d.p, small, sizeof(small)) == 0 && small[0] == 0,
	      "a datasheet profile (no tables): an empty line");
}

/* a two-zone drive with two seeks and one slip in its second zone */
static void two_zones(struct dmodel_params *p)
{
	memset(p, 0, sizeof(*p));
	p->zones = 2;
	p->seek_points = 2;
}

static void refused(const char *text, const char *want, const char *what)
{
	static struct dmodel_params p;
	const char *why = NULL;
	int rc;

	two_zones(&p);
	rc = dmodel_tables_parse(&p, text, &why);
	CHECK(rc == -EINVAL && why && strstr(why, want), "%s: refused, '%s' (got %d: %s)", what, want, rc,
	      why ? why : "");
}

static void test_refused(void)
{
	static struct dmodel_params p;
	const char *why;
	const char *ok = "zone=0,9,100,1000,2000,0,0,0,0 zone=10,19,90,1000,2000,0,0,0,1 seek=1,1000000 seek=19,9000000 slip=42";

	two_zones(&p);
	CHECK(dmodel_tables_parse(&p, ok, &why) == 0 && p.zone[1].bpt == 90 && p.zone[1].slips == 1 &&
		      p.seek[1].cyl == 19 && p.seek[1].ns == 9000000 && p.slip[0] == 42,
	      "a well-formed line: each value where it belongs");
	refused("zone=0,9,100,1000,2000,0,0,0,0 seek=1,1000000 seek=19,9000000", "fewer zone=", "a zone too few");
	refused("zone=0,9,100,1000,2000,0,0,0,0 zone=10,19,90,1000,2000,0,0,0,0 zone=20,29,80,1000,2000,0,0,0,0",
		"more zone=", "a zone too many");
	refused("zone=0,9,100,1000,2000,0,0,0,0 zone=10,19,90,1000,2000,0,0,0,0 seek=1,1000000", "fewer seek=",
		"a seek too few");
	refused("zone=0,9,100,1000,2000,0,0,0,0 zone=10,19,90,1000,2000,0,0,0,1 seek=1,1 seek=2,2", "fewer slip=",
		"a slip the zones count, missing");
	refused("zone=0,9,100,1000,2000,0,0,0,0 zone=10,19,90,1000,2000,0,0,0,0 seek=1,1 seek=2,2 slip=3",
		"more slip=", "a slip the zones do not count");
	refused("zone=0,9,100,1000,2000,0,0,0 zone=10,19,90,1000,2000,0,0,0,0", "comma-separated",
		"a zone of eight fields");
	refused("zone=0,9,100,1000,2000,0,0,0,0,7", "comma-separated", "a zone of ten fields");
	refused("seek=1,18446744073709551616", "comma-separated", "a value past 64 bits");
	refused("seek=1,-5", "comma-separated", "a value not decimal");
	refused("zones=0,9", "not zone=, seek= or slip=", "a word not a table's");
	memset(&p, 0, sizeof(p));
	CHECK(dmodel_tables_parse(&p, "", &why) == 0, "no tables, none expected: accepted");
	p.seek[0].ns = 0;
	CHECK(dmodel_tables_parse(&p, "seek=1,18446744073709551615", &why) == -EINVAL,
	      "a seek where the parameters count none: refused");
}

int main(void)
{
	test_round_trip();
	test_truncated();
	test_refused();
	CHECK_DONE();
}
