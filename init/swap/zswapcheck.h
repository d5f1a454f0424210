#ifndef SB_ZSWAPCHECK_H
#define SB_ZSWAPCHECK_H
/*
 * zswap's behaviour checked on every run of a zswap configuration, as the
 * cgroup selftest test_zswap.c checks it, not timed: the run fails, with
 * the reason on its record and the console, when the kernel
 *   - wrote back (the cgroup's zswpwb above 0) with memory.zswap.writeback=0;
 *   - took a store while the cgroup's pool was at its memory.zswap.max,
 *     beyond what the kernel's own check lets through (below);
 *   - stored incompressible pages (a workload filled with fill=random) in
 *     zswap: more than ZSWAPCHECK_STRAY pages, or 1 % of what the run
 *     swapped out, whichever is more (the program's own few
 *     compressible pages: its stack, libc's data).
 * A check applies only where its facts exist (no writeback knob before
 * Linux 6.8, no limit without @memory.zswap.max or a cgroup).
 *
 * The limit, as cgroup-v2.rst promises it: a cgroup whose pool reaches
 * memory.zswap.max refuses further stores until entries fault back in or
 * are written out. Lowering the limit evicts nothing, so a pool above a
 * freshly lowered limit is allowed; it is recorded (how far above, how
 * long), never failed. The kernel's check (obj_cgroup_may_zswap, 6.1 and
 * 6.12) reads the charged size after a full rstat flush, so it is never
 * stale; it runs before compression and the charge after, so the stores
 * admitted but not yet charged are its only slack: one a task between the
 * two, which a CPU holds at most ZSWAPCHECK_SLACK of (the one running, and
 * one asleep in the entry's allocation or on the CPU's compressor mutex),
 * each under a page (zsmalloc and zbud take no larger object).
 *
 * Judged from samples, each read together after a flush (memory.zswap.max,
 * memory.zswap.current, memory.stat), interval by interval, a to b:
 *   held:  a's pool at or above a's limit, b's limit no higher, and no
 *          entry left the pool in between (zswpin and zswpwb unchanged,
 *          zswapped grown by every store zswpout counted): the pool was at
 *          its limit throughout, so zswpout may grow by the slack only;
 *   grew:  b's pool above a's pool and above the higher limit by more
 *          than the slack's bytes: only stores taken at the limit put it
 *          there, whatever left in between.
 */
#include <stddef.h>
#include <stdint.h>

#define ZSWAPCHECK_SLACK 2	/* stores a CPU may have admitted and not yet charged */
#define ZSWAPCHECK_STRAY 16	/* compressible pages an incompressible fill may still have */

/* One sample of the run's cgroup; -1 where the kernel has no such line or file. */
struct zswapcheck_sample {
	uint64_t t_ms;			/* CLOCK_MONOTONIC */
	long long limit;		/* memory.zswap.max in bytes; -1: "max" */
	long long pool;			/* memory.zswap.current: compressed bytes charged */
	long long zswpout, zswpin, zswpwb;	/* memory.stat: pages stored, loaded, written back */
	long long zswapped;		/* memory.stat: pages held */
};

/* The limit judged over a run's samples (zswapcheck_limit_start, then zswapcheck_limit_sample). */
struct zswapcheck_limit {
	unsigned cpus, page_size;
	int limited;			/* some sample had a number in memory.zswap.max */
	int have_prev;
	struct zswapcheck_sample prev;
	uint64_t held_ms;		/* intervals judged held at the limit, summed */
	/* the first interval that broke the limit: the stores taken (held), or the pool grown */
	int broken;			/* 0, 'h' (held) or 'g' (grew) */
	uint64_t broken_ms;		/* its length */
	long long broken_stores, broken_pool, broken_limit, broken_from;
	/* the pool above its limit by more than the slack (a limit set below it) */
	uint64_t over_ms;		/* from each sample that found it so to the next sample */
	long long over_pool, over_limit;	/* the sample where it was most above */
};

void zswapcheck_limit_start(struct zswapcheck_limit *l, unsigned cpus, unsigned page_size);
/* One more sample, judged against the one before. */
void zswapcheck_limit_sample(struct zswapcheck_limit *l, const struct zswapcheck_sample *s);

struct zswapcheck_in {
	int writeback_off;		/* memory.zswap.writeback read back as 0 */
	long long zswpwb;		/* the cgroup's zswpwb over the run; -1: none in memory.stat */
	const struct zswapcheck_limit *limit;	/* the run's cgroup's samples; NULL: no cgroup */
	int incompressible;		/* the workload said fill=random */
	long long zswpout, pswpout;	/* pages stored in zswap, written to disk (cgroup's, else global); -1: unknown */
};

struct zswapcheck_out {
	char applied[64];		/* "writeback,max,incompressible": the checks made, "" none */
	char failed[256];		/* the first check that failed and why; "" all passed */
};

/* Makes the checks that apply. Returns 1 when one failed (out->failed says which, why), else 0. */
int zswapcheck(const struct zswapcheck_in *in, struct zswapcheck_out *out);

#endif
