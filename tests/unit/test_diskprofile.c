/* A disk profile is data people share (disk/profile/profile.c): what it may not
 * say. Its name goes on the kernel command line, so only init's alphabet
 * for a name; a repeated key, a NUL byte, a figure not in decimal, a
 * request costing more than a second and a unit larger than the disk are
 * refused naming why; the shipped profiles all pass; and the model's clock
 * saturates rather than wraps when a run of requests adds up past int64. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "disk/model/model.h"
#include "disk/profile/profile.h"

static const char flash[] = "name=card\nkind=flash\nrotational=0\n"
			    "capacity_gb=4\nsource.capacity_gb=a\n"
			    "read_latency_us=1000\nsource.read_latency_us=a\n"
			    "write_latency_us=1000\nsource.write_latency_us=a\n"
			    "read_mbs=12.5\nsource.read_mbs=a\nwrite_mbs=4\nsource.write_mbs=a\n";

/* the flash profile with LINES appended (a later key overrides nothing: a
 * key given twice is refused, so each test replaces one in the text) */
static const char *with(const char *from, const char *to, const char *unit)
{
	static char buf[2048];
	const char *at = strstr(flash, from);
	size_t n = at ? (size_t)(at - flash) : strlen(flash);

	snprintf(buf, sizeof(buf), "%.*s%s%s%s", (int)n, flash, at ? to : "", at ? at + strlen(from) : "", unit);
	return buf;
}

static void refused(const char *text, size_t len, const char *want, const char *what)
{
	struct dp_profile p;
	char err[256] = "";
	int rc = dp_parse_bytes(text, len, &p, err, sizeof(err));

	CHECK(rc == -EINVAL && strstr(err, want), "%s: refused naming '%s' (got %d: %s)", what, want, rc, err);
}
#define REFUSED(text, want, what) refused(text, strlen(text), want, what)

static void test_accepted(void)
{
	static const char *const names[] = { "hdd", "hdd-5k160", "ssd", "sd", "null", "wd-ac36400" };
	struct dp_profile p;
	char err[256] = "", path[64], text[8192];

	CHECK(dp_parse(with("", "", "unit_kb=4096\nsource.unit_kb=a\n"), &p, err, sizeof(err)) == 0,
	      "an SD card's figures with 4 MiB units parse (%s)", err);
	CHECK_STR(p.name, "card", "its name");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		FILE *f;
		size_t n;

		snprintf(path, sizeof(path), "disk/profiles/%s.conf", names[i]);
		f = fopen(path, "r");
		n = f ? fread(text, 1, sizeof(text) - 1, f) : 0;
		if (f)
			fclose(f);
		text[n] = 0;
		err[0] = 0;
		CHECK(n && n < sizeof(text) - 1 && dp_parse_bytes(text, n, &p, err, sizeof(err)) == 0,
		      "the shipped profile %s passes (%s)", path, err);
	}
}

static void test_name(void)
{
	/* the review's profile: its name designated a disk on the command line */
	REFUSED(with("name=card", "name = hdd swapbench.force=1 swapbench.part=/dev/vdc1", "unit_kb=0\nsource.unit_kb=a\n"),
		"name: holds a space", "a name with spaces and swapbench keys");
	REFUSED(with("name=card", "name=Card", "unit_kb=0\nsource.unit_kb=a\n"), "name: holds 'C'", "a capital");
	REFUSED(with("name=card", "name=a\"b", "unit_kb=0\nsource.unit_kb=a\n"), "name: holds '\"'", "a quote");
	REFUSED(with("name=card", "name=a\033[2Jb", "unit_kb=0\nsource.unit_kb=a\n"), "name: holds a control",
		"an escape sequence");
	REFUSED(with("name=card", "name=abcdefghijklmnopqrstuvwxyz0123456", "unit_kb=0\nsource.unit_kb=a\n"),
		"name: longer than 31", "a name past init's 31 characters");
}

static void test_primitives(void)
{
	static const char nul[] = "name=card\nkind=flash\0kind=hdd\n";

	REFUSED(with("", "", "unit_kb=0\nsource.unit_kb=a\nread_mbs=500\n"), "line 16: read_mbs: given twice (first on line 10)",
		"a key given twice (the last value would win)");
	REFUSED(with("", "", "unit_kb=0\nsource.unit_kb=a\nsource.unit_kb=b\n"), "source.unit_kb: given twice",
		"a source given twice");
	refused(nul, sizeof(nul) - 1, "line 2: a NUL byte", "a NUL byte ends no file silently");
	REFUSED(with("read_latency_us=1000", "read_latency_us=0x3e8", "unit_kb=0\nsource.unit_kb=a\n"),
		"read_latency_us: not a number ('0x3e8'", "hex");
	REFUSED(with("read_latency_us=1000", "read_latency_us=1e3", "unit_kb=0\nsource.unit_kb=a\n"),
		"read_latency_us: not a number", "an exponent");
	REFUSED(with("read_latency_us=1000", "read_latency_us=+1000", "unit_kb=0\nsource.unit_kb=a\n"),
		"read_latency_us: not a number", "a sign");
	REFUSED(with("read_latency_us=1000", "read_latency_us=1000.", "unit_kb=0\nsource.unit_kb=a\n"),
		"read_latency_us: not a number", "a point without a fraction");
	REFUSED(with("read_latency_us=1000", "read_latency_us=inf", "unit_kb=0\nsource.unit_kb=a\n"),
		"read_latency_us: not a number", "inf");
	REFUSED(with("read_latency_us=1000", "read_latency_us=-1", "unit_kb=0\nsource.unit_kb=a\n"),
		"read_latency_us: negative", "a negative figure");
}

static void test_costs(void)
{
	/* the review's SD card: units of 8 GB on a 4 GB disk, 0.01 MB/s (40 days a write) */
	REFUSED(with("write_mbs=4", "write_mbs=0.01", "unit_kb=4096\nsource.unit_kb=a\n"),
		"write_latency_us, write_mbs: a 1280 KiB write would cost 131 s, more than 1 s", "0.01 MB/s writes");
	REFUSED(with("", "", "unit_kb=8000000\nsource.unit_kb=a\n"),
		"unit_kb: an allocation unit of 8192000000 bytes is larger than the disk", "a unit larger than the disk");
	REFUSED(with("", "", "unit_kb=1000000\nsource.unit_kb=a\n"), "unit_kb, read_mbs, write_mbs: closing a unit",
		"a unit that takes minutes to copy");
	REFUSED(with("read_latency_us=1000", "read_latency_us=1099511627", "unit_kb=0\nsource.unit_kb=a\n"),
		"read_latency_us, read_mbs: a 1280 KiB read would cost 1.1e+03 s", "an 1100 s read latency");
	REFUSED(with("write_latency_us=1000", "write_latency_us=999000", "unit_kb=0\nsource.unit_kb=a\n"),
		"write_latency_us, write_mbs", "a write latency that with its transfer passes a second");
}

/* a validated drive's profile (disk/profiles/valid/atlas_III.conf) with
 * KEY's line set to VALUE (appended, with a source line, where the file
 * has none) */
static const char *atlas_with(const char *key, const char *value)
{
	static char text[16384];
	char out[16384], want[80];
	FILE *f = fopen("disk/profiles/valid/atlas_III.conf", "r");
	size_t n = f ? fread(text, 1, sizeof(text) - 1, f) : 0, o = 0;
	int found = 0;

	if (f)
		fclose(f);
	text[n] = 0;
	snprintf(want, sizeof(want), "%s = ", key);
	for (char *ln = text, *nl; *ln; ln = nl) {
		nl = strchr(ln, '\n');
		nl = nl ? nl + 1 : ln + strlen(ln);
		if (!strncmp(ln, want, strlen(want))) {
			o += (size_t)snprintf(out + o, sizeof(out) - o, "%s = %s\n", key, value);
			found = 1;
		} else {
			o += (size_t)snprintf(out + o, sizeof(out) - o, "%.*s", (int)(nl - ln), ln);
		}
	}
	if (!found)
		o += (size_t)snprintf(out + o, sizeof(out) - o, "%s = %s\nsource.%s = t\n", key, value, key);
	memcpy(text, out, o + 1);
	return text;
}

/* the review's profile: an overhead of 9.999 s passed (only the seek, the
 * rpm and the rates were bounded) and the guest waited it every request;
 * every time a disk profile gives is bounded by the worst request as a
 * whole, as the model charges it */
static void test_disk_costs(void)
{
	static const char *const times[][2] = {
		{ "oh_read_miss_after_read_ms", "9999" }, { "oh_read_hit_after_write_ms", "990" },
		{ "oh_write_miss_after_write_ms", "990" }, { "oh_read_done_ms", "990" }, { "oh_write_done_ms", "990" },
		{ "oh_read_reconnect_ms", "990" }, { "oh_write_reconnect_ms", "990" },
		{ "write_seek_delay_ms", "990" }, { "write_min_seek_ms", "990" }, { "bus_sector_ms", "0.5" },
		{ "bus_write_sector_ms", "0.5" }, { "head_switch_ms", "300" }, { "write_settle_ms", "400" },
		{ "seek.3", "3 900" },
	};
	struct dp_profile p;
	char err[256] = "";

	CHECK(dp_parse(atlas_with("oh_read_miss_after_read_ms", "0.5"), &p, err, sizeof(err)) == 0,
	      "the Atlas III with a 0.5 ms overhead passes (%s)", err);
	REFUSED(atlas_with("oh_read_miss_after_read_ms", "9999"),
		"would cost 10 s, more than 1 s", "a read overhead of 9.999 s");
	REFUSED(atlas_with("oh_read_miss_after_read_ms", "9999"),
		"the largest time given: oh_read_miss_after_read_ms = 9999", "a read overhead of 9.999 s, named");
	for (size_t i = 1; i < sizeof(times) / sizeof(times[0]); i++) {
		char what[96];

		snprintf(what, sizeof(what), "%s = %s on the Atlas III", times[i][0], times[i][1]);
		REFUSED(atlas_with(times[i][0], times[i][1]), "more than 1 s", what);
	}
	{
		/* the reconnect after a write reported from the platter: charged
		 * where the drive writes through (Fast write level 0; the Atlas's
		 * 2 reports its writes from the buffer, the one cache model's
		 * long ones too once their rest fits in a segment) */
		static char t[16384];
		char *w;

		snprintf(t, sizeof(t), "%s", atlas_with("oh_write_reselect_ms", "990"));
		if ((w = strstr(t, "write_level = 2")))
			w[14] = '0';
		REFUSED(t, "more than 1 s", "oh_write_reselect_ms = 990 on the Atlas III writing through");
	}
	/* HPL's long seeks: 7.75 ms + 5.9 ms a cylinder over 8056 cylinders */
	REFUSED(atlas_with("hpl_bound_cyl", "300\nhpl_short_ms = 3.81\nsource.hpl_short_ms = t\n"
			    "hpl_sqrt_ms = 0.33\nsource.hpl_sqrt_ms = t\nhpl_long_ms = 7.75\nsource.hpl_long_ms = t\n"
			    "hpl_lin_ms = 5.9\nsource.hpl_lin_ms = t"),
		"more than 1 s", "an HPL equation whose long seeks take seconds");
}

/* cylinders x heads was checked after it wrapped: 2^62 cylinders of 4
 * surfaces made 0 tracks, and the model took the profile */
static void test_tracks_wrap(void)
{
	static const char drive[] =
		"name = t\nkind = hdd\nrotational = 1\nwrite_cache = 0\n"
		"capacity_gb = 0.001842176\nsource.capacity_gb = t\nrpm = 6000\nsource.rpm = t\n"
		"seek_track_ms = 1\nsource.seek_track_ms = t\nseek_avg_ms = 5\nsource.seek_avg_ms = t\n"
		"seek_full_ms = 10\nsource.seek_full_ms = t\nrate_outer_mbs = 5.12\nsource.rate_outer_mbs = t\n"
		"rate_inner_mbs = 4.096\nsource.rate_inner_mbs = t\nheads = %s\nsource.heads = t\n"
		"cache_mb = 0.125\nsource.cache_mb = t\nreadahead_kb = 32\nsource.readahead_kb = t\n"
		"bus_mbs = 100\nsource.bus_mbs = t\ncylinders = %s\nsource.cylinders = t\nsparing = 0\nsource.sparing = t\n"
		"source.zone = t\nzone.1 = 0 99 100 10 20 0 0 0\nzone.2 = 100 %s 80 8 16 0 0 0\n";
	struct dp_profile p;
	char text[2048], err[256] = "";

	snprintf(text, sizeof(text), drive, "2", "200", "199");
	CHECK(dp_parse(text, &p, err, sizeof(err)) == 0, "a drive of 200 cylinders of 2 surfaces passes (%s)", err);
	snprintf(text, sizeof(text), drive, "4", "4611686018427387904", "4611686018427387903");
	REFUSED(text, "cylinders: impossible", "2^62 cylinders of 4 surfaces (2^64 tracks: 0 once wrapped)");
	snprintf(text, sizeof(text), drive, "1", "2147483649", "2147483648");
	REFUSED(text, "cylinders: impossible", "2^31 + 1 cylinders of one surface (the model's tracks are fewer than 2^31)");
}

/* the integer model alone (no profile would pass these figures): 10,000
 * writes each closing a unit of 16 GiB at 10 kB/s (20 days each) add up
 * past int64 ns; the clock stops at its end instead of wrapping negative
 * (a signed overflow: UBSan stops the asan build) */
static void test_saturates(void)
{
	static struct dmodel m;
	struct dmodel_params p = { .kind = DMODEL_FLASH, .capacity_bytes = 1ULL << 45, .read_bps = 10000,
				   .write_bps = 10000, .unit_bytes = 1ULL << 34 };
	const char *field = NULL;
	int64_t t = 0, prev = 0;
	int monotonic = 1;

	CHECK(dmodel_init(&m, &p, &field) == 0, "the model takes the extreme figures (%s)", field ? field : "");
	for (int i = 0; i < 10000; i++) {
		t = dmodel_request(&m, DMODEL_WRITE, (uint64_t)(i % 2) << 34 | 4096, 4096, 0);
		monotonic &= t >= prev;
		prev = t;
	}
	CHECK(monotonic, "completion times never go back (the clock does not wrap)");
	CHECK(t == INT64_MAX, "the last completes at the clock's end (%lld)", (long long)t);
}

int main(void)
{
	test_accepted();
	test_name();
	test_primitives();
	test_costs();
	test_disk_costs();
	test_tracks_wrap();
	test_saturates();
	CHECK_DONE();
}
