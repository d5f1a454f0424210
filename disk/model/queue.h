#ifndef SB_DQUEUE_H
#define SB_DQUEUE_H
/*
 * dqueue: the drive's own command queue, and the account of what it
 * served. Pure, integers only, as disk/model/model.c: the guest's block driver
 * (disk/kmod/block.c) and the host's tests run the same source.
 *
 * The kernel gives the drive up to queue_depth requests at once (its tag
 * depth). Which of those the head takes next is the drive's choice:
 *   DQUEUE_ARRIVAL: in arrival order, each given to the model as it
 *     arrives (the model serves them one after another);
 *   DQUEUE_SPTF: whenever the head is free (dmodel_free_ns), the one it
 *     can reach soonest (dmodel_position_ns), as NCQ firmware does; one
 *     waiting DQUEUE_AGE_NS or longer goes first, so none starves.
 * With the write cache on, a write is taken into the cache as it arrives
 * (the model writes it back); a flush is a barrier, as SATA's FLUSH CACHE
 * is not a queued command: it starts once everything before it has, and
 * nothing after it starts before it.
 *
 * The account: up to DACCOUNT_MAX of the requests a run served, decimated
 * evenly when it fills (every other one kept, and from then on one in
 * stride, which doubles at each fill), with the total counted.
 */
#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdint.h>
#endif

#include "model.h"

#define DQUEUE_MAX 32		/* SATA NCQ's tags */
#define DQUEUE_AGE_NS 500000000LL
enum dqueue_order { DQUEUE_ARRIVAL, DQUEUE_SPTF };

struct dqueue_req {
	uint64_t off, len;	/* bytes on the disk */
	int64_t arrival_ns;
	uint32_t tag;		/* the caller's */
	uint32_t op;		/* enum dmodel_op */
};

struct dqueue {
	uint32_t depth, order, write_cache;
	uint32_t n;			/* waiting, in arrival order */
	struct dqueue_req w[2 * DQUEUE_MAX];	/* a FUA write is a write and a flush */
};

/* a request the drive gave the model: when the model says it is done */
struct dqueue_started {
	uint32_t tag;
	int64_t due_ns;
};

/* whether a drive of these parameters can queue so: 0, or -EINVAL with
 * *why saying what it allows (a parallel ATA disk, bus below 150 MB/s:
 * no queueing; SATA: 1-32; SPTF needs a head and more than one request) */
int dqueue_check(const struct dmodel_params *p, const char **why);
/* an empty queue for a model of parameters p (dqueue_check'd) */
void dqueue_init(struct dqueue *q, const struct dmodel_params *p);
/* a request reaches the drive: 0, or -ENOSPC past twice the most tags */
int dqueue_add(struct dqueue *q, const struct dqueue_req *r);
/*
 * What the drive starts by now (non-decreasing across calls): each request
 * it gives the model into out (room for 2 * DQUEUE_MAX), with its completion;
 * returns how many. *wake_ns: when the head is next free for what still
 * waits (0: nothing waits).
 */
unsigned dqueue_serve(struct dqueue *q, struct dmodel *m, int64_t now, struct dqueue_started *out, int64_t *wake_ns);

#define DACCOUNT_MAX 512

struct daccount_entry {
	uint32_t t_us;		/* arrival at the drive, from the account's start */
	uint32_t dur_us;	/* completion - arrival */
	uint64_t sector;	/* first 512-byte sector on the disk */
	uint32_t sectors;
	uint8_t op;		/* 'R', 'W' or 'F' */
	uint8_t depth;		/* requests in the drive on its arrival, itself included */
	uint16_t pad;
};

struct daccount {
	int64_t start_ns;
	uint64_t total;		/* requests served since the start */
	uint32_t stride;	/* one in stride is kept */
	uint32_t n;		/* entries kept */
	struct daccount_entry e[DACCOUNT_MAX];
};

void daccount_start(struct daccount *a, int64_t now);
/* a request served: arrival and completion on the same clock as the start
 * (one that arrived before the start is not the run's: not counted) */
void daccount_add(struct daccount *a, int64_t arrival_ns, int64_t done_ns, uint64_t sector, uint32_t sectors,
		  int op, unsigned depth);

#endif
