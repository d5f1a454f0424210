/* The drive's queue (disk/model/queue.c) over the 7K500's model: which depths
 * and orders a drive may have, arrival order as the model alone serves it,
 * shortest positioning time first (its choice, its gain on 32 queued
 * random reads, a flush as a barrier, the age limit, cached writes taken
 * at once), what fio's random reads at depth 1 and 31 should see, and the
 * bounded account of what it served. */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "disk/model/model.h"
#include "disk/profile/profile.h"
#include "disk/model/queue.h"

static struct dp_profile prof;
static struct dmodel ma, mb;

static int load_profile(const char *path)
{
	char err[256];

	if (dp_read(path, &prof, err, sizeof(err))) {
		printf("INFO %s\n", err);
		return -1;
	}
	return 0;
}

static void fresh(struct dmodel *m, struct dqueue *q, uint64_t depth, uint64_t order)
{
	struct dmodel_params p = prof.p;
	const char *field;

	p.queue_depth = depth;
	p.queue_order = order;
	dmodel_init(m, &p, &field);
	dqueue_init(q, &p);
}

static int add(struct dqueue *q, uint32_t tag, int op, uint64_t off, uint64_t len, int64_t t)
{
	struct dqueue_req r = { .off = off, .len = len, .arrival_ns = t, .tag = tag, .op = (uint32_t)op };

	return dqueue_add(q, &r);
}

/* serves q from now until it is empty; when each tag completed (done[tag]) and the last completion */
static int64_t drain(struct dqueue *q, struct dmodel *m, int64_t now, int64_t *done, uint32_t *order, unsigned *n)
{
	struct dqueue_started st[2 * DQUEUE_MAX];
	int64_t wake, last = 0;

	for (int guard = 0; guard < 1000; guard++) {
		unsigned k = dqueue_serve(q, m, now, st, &wake);

		for (unsigned i = 0; i < k; i++) {
			done[st[i].tag] = st[i].due_ns;
			if (order)
				order[(*n)++] = st[i].tag;
			if (st[i].due_ns > last)
				last = st[i].due_ns;
		}
		if (!wake)
			break;
		now = wake;
	}
	return last;
}

static uint64_t rnd(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 16;
}

static void checks_allowed(void)
{
	struct dmodel_params p = prof.p;
	const char *why = NULL;

	p.queue_depth = 31;
	p.queue_order = DQUEUE_SPTF;
	CHECK(dqueue_check(&p, &why) == 0, "dqueue: SATA NCQ, 31 deep, shortest positioning time first: allowed");
	p.queue_depth = 33;
	CHECK(dqueue_check(&p, &why) == -EINVAL && strstr(why, "32"), "dqueue: 33 deep is refused, naming 32 (%s)", why);
	p.queue_depth = 4;
	p.bus_bps = 33000000;
	CHECK(dqueue_check(&p, &why) == -EINVAL && strstr(why, "parallel ATA"),
	      "dqueue: a queue on a UDMA/33 disk is refused (%s)", why);
	p = prof.p;
	p.queue_depth = 1;
	p.queue_order = DQUEUE_SPTF;
	CHECK(dqueue_check(&p, &why) == -EINVAL, "dqueue: sptf with nothing to choose from (depth 1) is refused");
	p.queue_depth = 32;
	p.kind = DMODEL_FLASH;
	CHECK(dqueue_check(&p, &why) == -EINVAL && strstr(why, "hdd"), "dqueue: sptf on flash is refused (%s)", why);
	p.queue_order = 2;
	CHECK(dqueue_check(&p, &why) == -EINVAL && strstr(why, "arrival or sptf"), "dqueue: an unknown order is refused");
}

static void checks_arrival(void)
{
	struct dqueue q;
	int64_t done[DQUEUE_MAX], want[DQUEUE_MAX];
	uint64_t s = 7;
	int same = 1;

	fresh(&ma, &q, 8, DQUEUE_ARRIVAL);
	fresh(&mb, &q, 8, DQUEUE_ARRIVAL);
	for (uint32_t i = 0; i < 8; i++) {
		uint64_t off = (rnd(&s) % (prof.p.capacity_bytes / 4096)) * 4096;

		add(&q, i, i % 3 ? DMODEL_READ : DMODEL_WRITE, off, 4096, 1000);
		want[i] = dmodel_request(&mb, i % 3 ? DMODEL_READ : DMODEL_WRITE, off, 4096, 1000);
	}
	drain(&q, &ma, 1000, done, NULL, NULL);
	for (int i = 0; i < 8; i++)
		same &= done[i] == want[i];
	CHECK(same, "dqueue: in arrival order each request completes when the model alone says (last %" PRId64 " ns)",
	      done[7]);
}

static void checks_sptf(void)
{
	struct dqueue q;
	int64_t done[DQUEUE_MAX], end_arr, end_sptf, wake;
	uint32_t order[2 * DQUEUE_MAX];
	struct dqueue_started st[2 * DQUEUE_MAX];
	unsigned n = 0;
	uint64_t s = 11, offs[32], best = UINT64_MAX;
	uint32_t best_tag = 0;

	/* 32 random reads queued at once, each way */
	for (int i = 0; i < 32; i++)
		offs[i] = (rnd(&s) % (prof.p.capacity_bytes / 4096)) * 4096;
	fresh(&ma, &q, 32, DQUEUE_ARRIVAL);
	for (uint32_t i = 0; i < 32; i++)
		add(&q, i, DMODEL_READ, offs[i], 4096, 0);
	end_arr = drain(&q, &ma, 0, done, NULL, NULL);
	fresh(&ma, &q, 32, DQUEUE_SPTF);
	for (uint32_t i = 0; i < 32; i++) {
		uint64_t t = dmodel_position_ns(&ma, DMODEL_READ, offs[i], 4096, 0);

		if (t < best) {
			best = t;
			best_tag = i;
		}
		add(&q, i, DMODEL_READ, offs[i], 4096, 0);
	}
	end_sptf = drain(&q, &ma, 0, done, order, &n);
	CHECK(n == 32 && order[0] == best_tag, "dqueue: sptf starts the read the head reaches soonest (tag %u, %" PRIu64
	      " ns away)", best_tag, best);
	CHECK(end_sptf * 10 < end_arr * 7,
	      "dqueue: 32 queued random reads finish in under 0.7 x the time in arrival order (%.1f ms against %.1f ms)",
	      end_sptf / 1e6, end_arr / 1e6);
	printf("INFO dqueue: 32 queued random 4 KiB reads: %.1f IOPS in arrival order, %.1f shortest positioning first\n",
	       32 / (end_arr / 1e9), 32 / (end_sptf / 1e9));

	/* a flush between two reads: the later read, though nearer, waits for it */
	fresh(&ma, &q, 32, DQUEUE_SPTF);
	ma.head_free_ns = 1000000;	/* busy: all three wait together */
	add(&q, 0, DMODEL_READ, prof.p.capacity_bytes / 2, 4096, 0);
	add(&q, 1, DMODEL_FLUSH, 0, 0, 0);
	add(&q, 2, DMODEL_READ, 0, 4096, 0);
	n = 0;
	drain(&q, &ma, 0, done, order, &n);
	CHECK(n == 3 && order[0] == 0 && order[1] == 1 && order[2] == 2, "dqueue: a flush is a barrier (%u %u %u)",
	      order[0], order[1], order[2]);

	/* one waiting past the age limit goes before a nearer one */
	fresh(&ma, &q, 32, DQUEUE_SPTF);
	ma.head_free_ns = DQUEUE_AGE_NS;
	add(&q, 0, DMODEL_READ, prof.p.capacity_bytes - 8192, 4096, 0);
	add(&q, 1, DMODEL_READ, 0, 4096, DQUEUE_AGE_NS - 1);
	n = dqueue_serve(&q, &ma, DQUEUE_AGE_NS, st, &wake);
	CHECK(n == 1 && st[0].tag == 0, "dqueue: a read waiting 500 ms goes before a nearer one");

	/* with the write cache on, a write is taken at once though the head is busy */
	fresh(&ma, &q, 32, DQUEUE_SPTF);
	ma.head_free_ns = 5000000;
	add(&q, 0, DMODEL_READ, 0, 4096, 0);
	add(&q, 1, DMODEL_WRITE, 1 << 20, 4096, 0);
	n = dqueue_serve(&q, &ma, 0, st, &wake);
	CHECK(n == 1 && st[0].tag == 1 && st[0].due_ns < 5000000 && wake >= 5000000,
	      "dqueue: the cache takes a write while the head is busy (done at %" PRId64 " ns); the read waits for the head (%" PRId64 " ns)",
	      n ? st[0].due_ns : -1, wake);
	CHECK(add(&q, 2, DMODEL_READ, 0, 4096, 0) == 0, "dqueue: a request is queued");
	for (int i = 0; i < 2 * DQUEUE_MAX; i++)
		add(&q, 3, DMODEL_READ, 0, 4096, 0);
	CHECK(add(&q, 4, DMODEL_READ, 0, 4096, 0) == -ENOSPC, "dqueue: past its room, refused");
}

/*
 * What fio's random-read job at a queue depth sees, predicted: outstanding
 * random 4 KiB reads kept in the drive (a new one arrives as each
 * completes, as fio submits at once), n completions; the rate in IOPS.
 */
static double steady_iops(uint64_t depth, uint64_t order, unsigned outstanding, unsigned n, uint64_t seed)
{
	struct dqueue q;
	struct dqueue_started st[2 * DQUEUE_MAX], fly[2 * DQUEUE_MAX];
	unsigned nfly = 0, done = 0;
	uint32_t tag = 0;
	int64_t now = 0, wake = 0;
	uint64_t blocks = prof.p.capacity_bytes / 4096;

	fresh(&ma, &q, depth, order);
	for (unsigned i = 0; i < outstanding; i++)
		add(&q, tag++, DMODEL_READ, (rnd(&seed) % blocks) * 4096, 4096, 0);
	while (done < n) {
		unsigned k = dqueue_serve(&q, &ma, now, st, &wake), first = 0;
		int64_t next;

		for (unsigned i = 0; i < k; i++)
			fly[nfly++] = st[i];
		if (!nfly)
			break;
		for (unsigned i = 1; i < nfly; i++)
			if (fly[i].due_ns < fly[first].due_ns)
				first = i;
		next = fly[first].due_ns;
		if (wake && wake < next) {
			now = wake;
			continue;
		}
		now = next;
		fly[first] = fly[--nfly];
		done++;
		add(&q, tag++, DMODEL_READ, (rnd(&seed) % blocks) * 4096, 4096, now);
	}
	return done / (now / 1e9);
}

static void checks_steady(void)
{
	/* fio's jobs in `make diskfio`: 4096 reads at depth 1 and at 32 (the
	 * drive holds 31 of them: the profile's tags) */
	double one = steady_iops(1, DQUEUE_ARRIVAL, 1, 4096, 3);
	double full = steady_iops(31, DQUEUE_SPTF, 31, 4096, 3);
	double batch = 0;
	struct dqueue q;
	int64_t done[DQUEUE_MAX];
	uint64_t s = 11;

	fresh(&ma, &q, 32, DQUEUE_SPTF);
	for (uint32_t i = 0; i < 32; i++)
		add(&q, i, DMODEL_READ, (rnd(&s) % (prof.p.capacity_bytes / 4096)) * 4096, 4096, 0);
	batch = 32 / (drain(&q, &ma, 0, done, NULL, NULL) / 1e9);
	CHECK(one > 70 && one < 85, "dqueue: 4096 random reads one at a time: %.1f IOPS (the datasheet's test: 73.8 typical)",
	      one);
	CHECK(full > batch, "dqueue: a queue kept full of 31 gains more than one batch of 32 drained (%.1f IOPS against %.1f)",
	      full, batch);
	printf("INFO dqueue: predicted for fio: %.1f IOPS at depth 1, %.1f with 31 always queued (%.2f x)\n", one, full,
	       full / one);
}

static void checks_account(void)
{
	static struct daccount a;
	int every = 1;

	daccount_start(&a, 1000000);
	daccount_add(&a, 999999, 2000000, 1, 8, 'R', 1);
	CHECK(a.total == 0 && a.n == 0, "daccount: a request from before the start is not the run's");
	daccount_add(&a, 1250000, 9750000, 2048, 8, 'W', 3);
	CHECK(a.n == 1 && a.e[0].t_us == 250 && a.e[0].dur_us == 8500 && a.e[0].sector == 2048 && a.e[0].sectors == 8 &&
	      a.e[0].op == 'W' && a.e[0].depth == 3, "daccount: an entry keeps its arrival, duration, place, op and depth");
	daccount_start(&a, 0);
	for (uint64_t i = 0; i < 1000; i++)
		daccount_add(&a, (int64_t)i * 1000, (int64_t)i * 1000 + 500, i, 8, 'R', 1);
	CHECK(a.total == 1000 && a.n == 500 && a.stride == 2, "daccount: 1000 requests keep 500, one in 2 (%u, stride %u)",
	      a.n, a.stride);
	for (uint64_t i = 1000; i < 5000; i++)
		daccount_add(&a, (int64_t)i * 1000, (int64_t)i * 1000 + 500, i, 8, 'R', 1);
	for (uint32_t k = 0; k < a.n; k++)
		every &= a.e[k].sector == (uint64_t)k * a.stride;
	CHECK(a.total == 5000 && a.n <= DACCOUNT_MAX && a.stride == 16 && a.n == (5000 + 15) / 16,
	      "daccount: 5000 requests keep %u, one in %u, at most %d", a.n, a.stride, DACCOUNT_MAX);
	CHECK(every, "daccount: what is kept is evenly spread: entry k is request k x stride");
	daccount_add(&a, 5000000, 4999000, 5000, 8, 'F', 300);
	CHECK(a.total == 5001, "daccount: the total counts what was not kept");
}

int main(void)
{
	if (load_profile("disk/profiles/hdd.conf")) {
		CHECK(0, "dqueue: the hdd profile loads");
		return 1;
	}
	CHECK(prof.p.queue_depth == 31 && prof.p.queue_order == DQUEUE_SPTF,
	      "dqueue: the 7K500's profile queues 31 commands, sptf (%" PRIu64 ", %" PRIu64 ")", prof.p.queue_depth,
	      prof.p.queue_order);
	checks_allowed();
	checks_arrival();
	checks_sptf();
	checks_steady();
	checks_account();
	return check_failed;
}
