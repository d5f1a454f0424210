#ifndef SB_CGROUP_H
#define SB_CGROUP_H
/*
 * cgroup v2 per configuration: when some configuration sets a limit
 * (@memory.max=48M, ...), every run's workload runs in a fresh cgroup,
 * made before the run with that configuration's limits (the others at the
 * cgroup's defaults), and the record carries the limits as the kernel
 * reads them back, the cgroup's events (memory.events,
 * memory.swap.events), its peaks and the anon/swap lines of memory.stat.
 */
#include "lib/record.h"
#include "init/config/cmdline.h"
#include "init/swap/zswapcheck.h"

#include <stddef.h>
#include <stdint.h>

#define CGROUP_ROOT "/sys/fs/cgroup"
#define CGROUP_RUN CGROUP_ROOT "/swapbench"

/*
 * Before any run: cgroup2 mounted with the memory controller, each knob a
 * configuration sets present in this kernel, and no limit above the
 * machine (memory.* against MemTotal; swap_bytes, when not 0, the swap
 * capacity, against memory.swap.max). 0 or -errno with why naming what is
 * missing and the kernel that has it.
 */
int cgroup_check(const struct sb_config *cfg, uint64_t memtotal_kb, uint64_t swap_bytes, char *why, size_t n);
/* Its part that looks for each knob's file in dir (a cgroup of kernel release). */
int cgroup_check_knobs(const struct sb_config *cfg, const char *dir, const char *release, char *why, size_t n);

/* Per run: the counters, the peaks sampled and the limits read back. */
struct cgstat {
	int on;				/* the run had a cgroup */
	char knob[CG_KNOBS][24];	/* read back; "" where the kernel lacks the file */
	uint64_t peak, swap_peak;	/* memory.peak / memory.swap.peak, else sampled */
	int have_peak, have_swap_peak;	/* read from the kernel's files */
	uint64_t cur_peak, swap_cur_peak;	/* sampled memory.current, memory.swap.current */
	uint64_t anon_peak, zswap_peak, zswapped_peak;	/* memory.stat, sampled */
	int zswap_memcg;		/* the kernel has memory.zswap.max: the limit is sampled */
	struct zswapcheck_limit zswap_limit;	/* memory.zswap.max judged over the samples */
	struct {
		const char *key;	/* record key */
		unsigned long long v;
	} ev[24];			/* at the end: events and memory.stat counters the kernel has */
	int nev;
};

/*
 * Removes the last run's cgroup and makes a fresh one with c's limits (its
 * zswap limit judged on the CPUs online). 0 or -errno with why.
 */
int cgroup_fresh(const struct sb_swapconf *c, struct cgstat *st, char *why, size_t n);
/* The file the workload writes itself into ("0" to cgroup.procs). */
#define CGROUP_PROCS CGROUP_RUN "/cgroup.procs"
void cgroup_sample(struct cgstat *st);
void cgroup_end(struct cgstat *st);
void cgroup_record(struct rec_buf *b, const struct cgstat *st);

#endif
