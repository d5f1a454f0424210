/* The model's counters as text, end to end: every counter the model keeps
 * (DMODEL_COUNTERS, disk/model/model.h) as "name=value" words after the text's
 * header, with the profile's line (dp_describe), parsed as init parses it
 * (diskctr_load, init/disk/diskctr.c), into a run's record and the disk record
 * (diskctr_record, diskctr_profile_record), read back as the report reads
 * records (rec_parse): every counter arrives with its value. */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "disk/model/model.h"
#include "disk/profile/profile.h"
#include "init/disk/diskctr.h"
#include "init/disk/dmdisk.h"
#include "record.h"

static struct dmodel st;
static struct dp_profile prof;
static struct rec parsed;

static int load_profile(const char *path)
{
	char err[256];
	const char *field;

	if (dp_read(path, &prof, err, sizeof(err))) {
		printf("INFO %s\n", err);
		return -1;
	}
	if (dmodel_init(&st, &prof.p, &field)) {
		printf("INFO %s: %s is out of the model's range\n", path, field);
		return -1;
	}
	return 0;
}

/* the driver's status line as disk/kmod/block.c writes it: each counter
 * by DMODEL_COUNTERS, then merged, the guest's clock and the queue */
static void status_line(int64_t clock_ns, uint64_t merged, char *buf, size_t len)
{
	size_t used = 0;

#define CTR_WORD(name, what)                                                   \
	used += (size_t)snprintf(buf + used, len - used, #name "=%" PRIu64 " ", st.c.name);
	DMODEL_COUNTERS(CTR_WORD)
#undef CTR_WORD
	snprintf(buf + used, len - used, "merged=%" PRIu64 " clock_ns=%" PRId64 " queued=0", merged, clock_ns);
}

/* some reads far apart, writes and a flush, from t on; the last completion */
static int64_t work(int64_t t, uint64_t seed)
{
	for (int i = 0; i < 20; i++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		uint64_t off = (seed >> 20) % (st.p.capacity_bytes / 2) & ~4095ULL;
		t = dmodel_request(&st, i % 4 == 3 ? DMODEL_WRITE : DMODEL_READ, off, 4096 * (1 + i % 3), t);
	}
	return dmodel_request(&st, DMODEL_FLUSH, 0, 0, t);
}

/* the record's text parsed back; the value of key, or NULL */
static const char *field(const struct rec_buf *b, const char *key)
{
	return rec_parse(b->s, b->len, &parsed) == REC_GOOD ? rec_get(&parsed, key) : NULL;
}

static int same_counters(const struct diskctr *c, const struct dmodel_counters *m, int64_t clock_ns)
{
	return !memcmp(&c->c, m, sizeof(*m)) && c->x.clock_ns == clock_ns;
}

int main(void)
{
	struct dmodel_counters before;
	struct diskctr a, b, bad;
	struct rec_buf r;
	static char text[4096], cut[4096];
	char want[64], words[1024];
	int64_t t;

	if (load_profile("disk/profiles/hdd.conf")) {
		CHECK(0, "diskctr: the hdd profile loads");
		return 1;
	}
	t = work(0, 1);
	before = st.c;
	status_line(1000000000, 3, text, sizeof(text));
	CHECK(dmdisk_parse_status(text, &a.c, &a.x) == 0, "diskctr: the target's status line parses (%.60s...)", text);
	CHECK(same_counters(&a, &st.c, 1000000000), "diskctr: every counter arrives with its value");
	CHECK(a.x.merged == 3, "diskctr: the merged bios arrive");
	CHECK(a.c.reads > 0 && a.c.seek_ns > 0 && a.c.rot_ns > 0 && a.c.xfer_ns > 0,
	      "diskctr: the work was charged (%" PRIu64 " reads, seek %" PRIu64 " ns)", a.c.reads, a.c.seek_ns);

	work(t, 2);
	status_line(3000000000, 10, text, sizeof(text));
	CHECK(dmdisk_parse_status(text, &b.c, &b.x) == 0, "diskctr: the second reading parses");
	rec_begin_result(&r, 1, 1, "fight");
	diskctr_record(&r, &a, &b, 2.0);
	CHECK(rec_end(&r) >= 0, "diskctr: the run's record is well formed");
	snprintf(want, sizeof(want), "%" PRIu64, st.c.reads - before.reads);
	CHECK_STR(field(&r, "disk_reads"), want, "diskctr: disk_reads is the difference of the readings");
	snprintf(want, sizeof(want), "%" PRIu64, (st.c.write_bytes - before.write_bytes) >> 10);
	CHECK_STR(field(&r, "disk_write_kb"), want, "diskctr: disk_write_kb is the difference in KiB");
	snprintf(want, sizeof(want), "%.6f", (double)(st.c.seek_ns - before.seek_ns) / 1e9);
	CHECK_STR(field(&r, "disk_seek_s"), want, "diskctr: disk_seek_s is the difference in seconds");
	snprintf(want, sizeof(want), "%" PRIu64, st.c.seeks_long - before.seeks_long);
	CHECK_STR(field(&r, "disk_seeks_long"), want, "diskctr: disk_seeks_long is the difference of the readings");
	CHECK(st.c.seeks_long > before.seeks_long, "diskctr: the 7K500's reads far apart counted long seeks (%" PRIu64 ")",
	      st.c.seeks_long - before.seeks_long);
	snprintf(want, sizeof(want), "%" PRIu64, st.c.seeks_short - before.seeks_short);
	CHECK_STR(field(&r, "disk_seeks_short"), want, "diskctr: disk_seeks_short is the difference of the readings");
	snprintf(want, sizeof(want), "%" PRIu64, st.c.seeks_mid - before.seeks_mid);
	CHECK_STR(field(&r, "disk_seeks_mid"), want, "diskctr: disk_seeks_mid is the difference of the readings");
	snprintf(want, sizeof(want), "%" PRIu64, st.c.head_switches - before.head_switches);
	CHECK_STR(field(&r, "disk_head_switches"), want, "diskctr: disk_head_switches is the difference of the readings");
	snprintf(want, sizeof(want), "%.6f", (double)(st.c.rot_ns - before.rot_ns) / 1e9);
	CHECK_STR(field(&r, "disk_rot_s"), want, "diskctr: disk_rot_s is the difference in seconds");
	CHECK_STR(field(&r, "disk_merged"), "7", "diskctr: disk_merged is the difference of the readings");
	snprintf(want, sizeof(want), "%.6f", (double)(st.c.overhead_ns - before.overhead_ns) / 1e9);
	CHECK_STR(field(&r, "disk_overhead_s"), want, "diskctr: disk_overhead_s is the difference in seconds");
	CHECK(st.c.overhead_ns > before.overhead_ns, "diskctr: the 7K500's work charged overheads (%" PRIu64 " ns)",
	      st.c.overhead_ns - before.overhead_ns);
	CHECK_STR(field(&r, "disk_clock_s"), "2.000000", "diskctr: disk_clock_s from the readings' clock_ns");
	CHECK_STR(field(&r, "disk_clock_seen"), "1.0000", "diskctr: a 2 s run over 2 s of the model's clock: 1");

	if (dp_describe(&prof, words, sizeof(words)) == 0) {
		rec_begin_diag(&r, "disk");
		diskctr_profile_record(&r, words);
		CHECK(rec_end(&r) >= 0, "diskctr: the disk record is well formed");
		CHECK_STR(field(&r, "disk"), "hdd", "diskctr: the disk record names the profile");
		CHECK_STR(field(&r, "disk_rpm"), "7200", "diskctr: the disk record carries the rpm");
		CHECK_STR(field(&r, "disk_seek_avg_ms"), "8.5", "diskctr: ... the average seek");
		CHECK_STR(field(&r, "disk_rotational"), "1", "diskctr: ... that it turns");
	} else {
		CHECK(0, "diskctr: dp_describe gives the profile's words");
	}

	{
		/* the account as io records: 80 requests a record, the widest
		 * values fit, and the fields read back */
		static struct daccount acct;
		const char *reqs;
		int n80 = 0;

		daccount_start(&acct, 0);
		for (int i = 0; i < 100; i++)
			daccount_add(&acct, 4294967295000LL, 4294967295000LL * 2, 976773167, 2048, 'W', 255);
		CHECK(diskctr_io_parts(&acct) == 2, "diskctr: 100 requests take 2 io records");
		diskctr_io_record(&r, 7, &acct, 1);
		CHECK(rec_end(&r) >= 0, "diskctr: an io record of 80 of the widest entries fits (%zu bytes)", r.len);
		CHECK_STR(field(&r, "test"), "7", "diskctr: the io record names the run's test number");
		CHECK_STR(field(&r, "parts"), "2", "diskctr: ... and how many parts");
		CHECK_STR(field(&r, "dropped"), "0", "diskctr: ... and what was left out");
		reqs = field(&r, "reqs");
		for (const char *p = reqs; p && *p; p++)
			n80 += *p == ';';
		CHECK(reqs && n80 == 79 && !strncmp(reqs, "4294967295:4294967295:976773167:2048:W:255;", 43),
		      "diskctr: 80 entries t_us:dur_us:sector:sectors:op:depth (%.50s)", reqs ? reqs : "");
		diskctr_io_record(&r, 7, &acct, 2);
		CHECK(rec_end(&r) >= 0, "diskctr: the second part is well formed");
		CHECK_STR(field(&r, "part"), "2", "diskctr: ... and is part 2");
		daccount_start(&acct, 0);
		diskctr_io_record(&r, 8, &acct, 1);
		CHECK(diskctr_io_parts(&acct) == 1 && rec_end(&r) >= 0, "diskctr: a run without requests has one io record");
		CHECK_STR(field(&r, "total"), "0", "diskctr: ... saying total=0");
	}

	{
		/* DISKQ=: the drive's queue as the boot asks, over the 7K500's
		 * parameters (31 tags, sptf) and a drive without queueing */
		static char params[2048], why[256];

		size_t used = 0;

		/* as diskprofile FILE params prints them (disk/tools/profile_cli.c) */
#define PARAM_WORD(name, what)                                                 \
	used += (size_t)snprintf(params + used, sizeof(params) - used, "%s" #name "=%" PRIu64, used ? " " : "", prof.p.name);
		DMODEL_PARAMS(PARAM_WORD)
#undef PARAM_WORD
		CHECK(used < sizeof(params), "diskctr: the 7K500's parameters as the guest gets them (%zu bytes)", used);
		CHECK(dmdisk_queue_params(params, sizeof(params), DMDISK_QUEUE_ON, why, sizeof(why)) == 0 &&
			      strstr(params, " queue_depth=31 queue_order=1"),
		      "diskctr: diskq=on keeps the profile's queue (%s)", strstr(params, "queue_depth"));
		rec_begin_diag(&r, "disk");
		diskctr_drive_record(&r, params, "bfq");
		CHECK(rec_end(&r) >= 0, "diskctr: the drive's record is well formed");
		CHECK_STR(field(&r, "disk_queue"), "on", "diskctr: a drive of 31 tags records disk_queue=on");
		CHECK_STR(field(&r, "disk_sched"), "bfq", "diskctr: ... beside its scheduler");
		CHECK(dmdisk_queue_params(params, sizeof(params), DMDISK_QUEUE_OFF, why, sizeof(why)) == 0,
		      "diskctr: diskq=off rewrites the parameters");
		CHECK(!strstr(params, "queue_depth=31") && strstr(params, "queue_depth=1") && strstr(params, "queue_order=0") &&
			      !strstr(params, "queue_order=1") && strstr(params, "kind=1 ") == params &&
			      strstr(params, " rpm=7200 "),
		      "diskctr: ... to depth 1 in arrival order, every other word kept (%.40s ... %s)", params,
		      strstr(params, "queue_depth"));
		rec_begin_diag(&r, "disk");
		diskctr_drive_record(&r, params, "none");
		CHECK(rec_end(&r) >= 0, "diskctr: the drive's record with the queue off is well formed");
		CHECK_STR(field(&r, "disk_queue_depth"), "1", "diskctr: off records disk_queue_depth=1");
		CHECK_STR(field(&r, "disk_queue_order"), "arrival", "diskctr: ... disk_queue_order=arrival");
		CHECK_STR(field(&r, "disk_queue"), "off", "diskctr: ... disk_queue=off");
		why[0] = 0;
		CHECK(dmdisk_queue_params(params, sizeof(params), DMDISK_QUEUE_ON, why, sizeof(why)) == -EINVAL &&
			      strstr(why, "swapbench.diskq=on") && strstr(why, "queue_depth 1"),
		      "diskctr: diskq=on over a drive that queues nothing is refused, naming why (%s)", why);
		snprintf(params, sizeof(params), "kind=1 rpm=7200");
		CHECK(dmdisk_queue_params(params, sizeof(params), DMDISK_QUEUE_PROFILE, why, sizeof(why)) == 0 &&
			      !strcmp(params, "kind=1 rpm=7200"),
		      "diskctr: the default leaves a profile without queue words alone (%s)", params);
		CHECK(dmdisk_queue_params(params, 20, DMDISK_QUEUE_OFF, why, sizeof(why)) == -E2BIG &&
			      !strcmp(params, "kind=1 rpm=7200"),
		      "diskctr: diskq=off with no room is -E2BIG and leaves the parameters whole (%s)", params);
	}

	/* what is not the driver's line is refused, a cut one too */
	CHECK(dmdisk_parse_status("swapbench-diskmodel v1 profile=x", &bad.c, &bad.x) == -EINVAL,
	      "diskctr: the old filter's text is refused");
	snprintf(cut, sizeof(cut), "%.*s", (int)(strstr(text, " clock_ns=") - text), text);
	CHECK(dmdisk_parse_status(cut, &bad.c, &bad.x) == -EINVAL, "diskctr: a line without clock_ns is refused");
	snprintf(cut, sizeof(cut), "%s", strstr(text, "writes="));
	CHECK(dmdisk_parse_status(cut, &bad.c, &bad.x) == -EINVAL, "diskctr: a line without a counter is refused");
	CHECK(dmdisk_parse_status("reads=x1", &bad.c, &bad.x) == -EINVAL, "diskctr: a counter that is no number is refused");
	return check_failed;
}
