#ifndef SB_SWAPSTAT_H
#define SB_SWAPSTAT_H
/*
 * What a run's record proves about its swap configuration and measures of
 * the compressed ones: at the start, zram0's disksize and contents, whether
 * zswap is on and what its pool holds, and the VM knobs as the kernel reads
 * them back; during the run, zram's mm_stat and zswap's pool where they
 * peaked, and the pages zswap wrote back to its disk.
 */
#include "lib/record.h"
#include "init/swap/cgroup.h"
#include "init/swap/mthp.h"
#include "init/swap/zram.h"
#include "init/run/runner.h"
#include "init/swap/zswapcheck.h"

#include <stdint.h>

struct swapstat {
	/* at the start: the proof */
	int have_zram, have_zswap;	/* the kernel has zram0, zswap */
	uint64_t zram_disksize;		/* bytes; 0 after a reset */
	uint64_t zram_start_orig;	/* bytes stored: the swap header's page only */
	char zram_comp[16], zswap_comp[16], zswap_zpool[16];
	int zswap_on;			/* enabled=Y */
	unsigned zswap_pool_pct;
	long long zswap_start_pages;	/* stored_pages; -1: no debugfs */
	char knob[ZRAM_KNOBS][16];	/* zram_knob_files as read: swappiness, page-cluster, lru_gen, min_ttl_ms, vma_ra_enabled; "" absent */
	/* during the run, sampled with swap used */
	uint64_t zram_orig, zram_compr, zram_mem, zram_same;	/* where orig peaked */
	uint64_t zram_mem_max;		/* mm_stat mem_used_max */
	long long zswap_pages, zswap_pool;	/* where stored_pages peaked (pool in bytes) */
	long long zswap_wb0, zswap_wb;	/* written_back_pages at the start, at the end */
	long long zswap_hit0, zswap_hit;	/* pool_limit_hit: pages refused to a full pool, sent to disk */
	struct cgstat cg;		/* the run's cgroup, when it had one (cgroup_fresh after swapstat_begin) */
	struct mthpstat mthp;		/* the sizes @mthp set (mthp_apply after swapstat_begin) */
	int checked;			/* zswap's checks were made (a zswap configuration's run) */
	struct zswapcheck_out check;
};

/* Mounts debugfs for zswap's counters (before 6.8 they are only there). */
void swapstat_init(void);
/* The run's configuration is on: the proof, and the counters' start. */
void swapstat_begin(struct swapstat *s);
/* One sample (the runner's swap-used sampler calls it; arg is a struct swapstat). */
void swapstat_sample(void *arg);
void swapstat_end(struct swapstat *s);
/*
 * After swapstat_end, on a zswap configuration's run: zswap's checks
 * (init/swap/zswapcheck.h) on what was sampled, the cgroup's counters and r's
 * (its vmstat deltas, the workload's fill). Returns 1 when one failed.
 */
int swapstat_check(struct swapstat *s, const struct run_result *r);
/* The fields, on the run's record. */
void swapstat_record(struct rec_buf *b, const struct swapstat *s);

#endif
