#ifndef SB_ZSWAPCHECK_H
#define SB_ZSWAPCHECK_H
/*
 * zswap's behaviour checked on every run of a zswap configuration, as the
 * cgroup selftest test_zswap.c checks it, not timed: the run fails, with
 * the reason on its record and the console, when the kernel
 *   - wrote back (the cgroup's zswpwb above 0) with memory.zswap.writeback=0;
 *   - held more in zswap (memory.stat's zswap, sampled every 100 ms) than
 *     memory.zswap.max allowed at that moment, beyond what the kernel's own
 *     check lets through (it tests the limit before a store, so each CPU
 *     may be a page and one compressed page over: ZSWAPCHECK_SLACK pages
 *     a CPU);
 *   - stored incompressible pages (a workload filled with fill=random) in
 *     zswap: more than ZSWAPCHECK_STRAY pages, or 1 % of what the run
 *     swapped out, whichever is more (the program's own few
 *     compressible pages: its stack, libc's data).
 * A check applies only where its facts exist (no writeback knob before
 * Linux 6.8, no limit without @memory.zswap.max or a cgroup).
 */
#include <stddef.h>
#include <stdint.h>

#define ZSWAPCHECK_SLACK 2	/* pages a CPU the limit may be passed by */
#define ZSWAPCHECK_STRAY 16	/* compressible pages an incompressible fill may still have */

struct zswapcheck_in {
	int writeback_off;		/* memory.zswap.writeback read back as 0 */
	long long zswpwb;		/* the cgroup's zswpwb over the run; -1: none in memory.stat */
	int limited;			/* memory.zswap.max was a number at some sample */
	uint64_t over_stored, over_limit;	/* bytes: the sample where stored most exceeded the limit */
	unsigned cpus;			/* online */
	unsigned page_size;
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
