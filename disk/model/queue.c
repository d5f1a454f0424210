/*
 * dqueue: the drive's command queue and the account of what it served
 * (queue.h), in integer arithmetic for the guest's driver and the host's
 * tests alike.
 */
#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/math64.h>
#include <linux/string.h>
#define NS_TO_US(x) div_u64((x), 1000)	/* a 32-bit kernel has no 64-bit division */
#else
#include <errno.h>
#include <string.h>
#define NS_TO_US(x) ((x) / 1000)
#endif

#include "queue.h"

/* SATA 1.5 Gb/s moves 150 MB/s; parallel ATA at most 133 */
#define SATA_MIN_BPS 150000000ULL

int dqueue_check(const struct dmodel_params *p, const char **why)
{
	uint64_t depth = p->queue_depth ? p->queue_depth : 1;

	if (p->queue_order > DQUEUE_SPTF) {
		*why = "queue_order: arrival or sptf";
		return -EINVAL;
	}
	if (depth > DQUEUE_MAX) {
		*why = "queue_depth: 1 (no command queueing) to 32 (SATA NCQ's tags)";
		return -EINVAL;
	}
	if (depth > 1 && p->kind == DMODEL_HDD && p->bus_bps < SATA_MIN_BPS) {
		*why = "queue_depth: 1 on a parallel ATA disk (bus below 150 MB/s): command queueing needs SATA";
		return -EINVAL;
	}
	if (p->queue_order == DQUEUE_SPTF && (p->kind != DMODEL_HDD || depth < 2)) {
		*why = "queue_order: sptf orders a disk head's queue: kind hdd with queue_depth 2 or more";
		return -EINVAL;
	}
	return 0;
}

void dqueue_init(struct dqueue *q, const struct dmodel_params *p)
{
	memset(q, 0, sizeof(*q));
	q->depth = p->queue_depth ? (uint32_t)p->queue_depth : 1;
	q->order = (uint32_t)p->queue_order;
	q->write_cache = p->kind == DMODEL_HDD && p->write_cache;
}

int dqueue_add(struct dqueue *q, const struct dqueue_req *r)
{
	if (q->n >= 2 * DQUEUE_MAX)
		return -ENOSPC;
	q->w[q->n++] = *r;
	return 0;
}

static void take(struct dqueue *q, unsigned i, struct dmodel *m, int64_t now, struct dqueue_started *out)
{
	const struct dqueue_req *r = &q->w[i];

	out->tag = r->tag;
	out->due_ns = dmodel_request(m, (enum dmodel_op)r->op, r->off, r->len, now);
	memmove(&q->w[i], &q->w[i + 1], (q->n - i - 1) * sizeof(q->w[0]));
	q->n--;
}

/* SPTF's choice among those before the first flush: the oldest when it
 * has waited too long, else the one the head reaches soonest (the older
 * on a tie); -1 when a flush comes first and others are ahead of it */
static int choose(const struct dqueue *q, const struct dmodel *m, int64_t now)
{
	uint64_t best = 0;
	int at = -1;

	if (q->w[0].op == DMODEL_FLUSH || now - q->w[0].arrival_ns >= DQUEUE_AGE_NS)
		return 0;
	for (unsigned i = 0; i < q->n && q->w[i].op != DMODEL_FLUSH; i++) {
		uint64_t t = dmodel_position_ns(m, (enum dmodel_op)q->w[i].op, q->w[i].off, q->w[i].len, now);

		if (at < 0 || t < best) {
			best = t;
			at = (int)i;
		}
	}
	return at;
}

unsigned dqueue_serve(struct dqueue *q, struct dmodel *m, int64_t now, struct dqueue_started *out, int64_t *wake_ns)
{
	unsigned n = 0;

	*wake_ns = 0;
	if (q->order == DQUEUE_ARRIVAL) {
		while (q->n)
			take(q, 0, m, now, &out[n++]);
		return n;
	}
	/* the cache takes writes as they come, in order, up to a flush */
	for (unsigned i = 0; q->write_cache && i < q->n && q->w[i].op != DMODEL_FLUSH;) {
		if (q->w[i].op == DMODEL_WRITE)
			take(q, i, m, now, &out[n++]);
		else
			i++;
	}
	while (q->n) {
		int64_t free_ns = dmodel_free_ns(m);

		if (free_ns > now) {
			*wake_ns = free_ns;
			break;
		}
		take(q, (unsigned)choose(q, m, now), m, now, &out[n++]);
	}
	return n;
}

void daccount_start(struct daccount *a, int64_t now)
{
	a->start_ns = now;
	a->total = 0;
	a->stride = 1;
	a->n = 0;
}

void daccount_add(struct daccount *a, int64_t arrival_ns, int64_t done_ns, uint64_t sector, uint32_t sectors,
		  int op, unsigned depth)
{
	struct daccount_entry *e;
	uint64_t t, d, i;

	if (!a->stride || arrival_ns < a->start_ns)
		return;
	/* the i-th request is kept when stride (a power of two) divides i */
	i = a->total++;
	if (i & (a->stride - 1))
		return;
	if (a->n == DACCOUNT_MAX) {
		/* full: every other one stays, and one in twice as many from now */
		for (uint32_t k = 0; k < DACCOUNT_MAX / 2; k++)
			a->e[k] = a->e[2 * k];
		a->n = DACCOUNT_MAX / 2;
		a->stride *= 2;
		if (i & (a->stride - 1))
			return;
	}
	t = NS_TO_US((uint64_t)(arrival_ns - a->start_ns));
	d = done_ns > arrival_ns ? NS_TO_US((uint64_t)(done_ns - arrival_ns)) : 0;
	e = &a->e[a->n++];
	e->t_us = t > 0xffffffffu ? 0xffffffffu : (uint32_t)t;	/* 71 minutes */
	e->dur_us = d > 0xffffffffu ? 0xffffffffu : (uint32_t)d;
	e->sector = sector;
	e->sectors = sectors;
	e->op = (uint8_t)op;
	e->depth = (uint8_t)(depth > 255 ? 255 : depth);
	e->pad = 0;
}
