#ifndef SB_SWAPCONF_H
#define SB_SWAPCONF_H
/*
 * swapconf: the swap configurations of swapbench.backends, what each sets,
 * and the questions the rest of init asks of a list of them. Pure: no I/O.
 */
#include <stddef.h>
#include <stdint.h>

/*
 * the disk areas: a configuration swaps on one of them, or on zram; pmem is
 * a pmem device (virtio-pmem, memmap=) swapped on whole, with no disk's cost
 */
enum sb_backend { BACKEND_PARTITION, BACKEND_FILE, BACKEND_PMEM, BACKEND_COUNT };
enum sb_kind { KIND_PARTITION, KIND_FILE, KIND_ZRAM, KIND_ZSWAP, KIND_PMEM };
/* the disk areas' names in the records (disk=, the swap record's backend=), by enum sb_backend */
extern const char *const swapconf_disks[BACKEND_COUNT];
/* the kinds' names (kind=), by enum sb_kind, NULL-terminated */
extern const char *const swapconf_kinds[KIND_PMEM + 2];

#define SWAPCONF_MAX 8		/* configurations in one swapbench.backends */
#define SWAPCONF_TEXT_MAX 256	/* the longest swapbench.backends, NUL included */
#define SWAPCONF_NAME_MAX 96
#define SWAPCONF_COMP_MAX 12

/*
 * The cgroup v2 limits a configuration may set (@memory.max=48M, ...):
 * the knob as written, the file in the workload's cgroup, and whether it
 * takes a size ("max" = no limit) or 0/1. A configuration with any of them
 * runs its workload in a fresh cgroup; zswap.* only with zswap.
 */
enum cg_knob { CG_HIGH, CG_MAX, CG_SWAP_MAX, CG_ZSWAP_MAX, CG_ZSWAP_WB, CG_KNOBS };
#define CG_UNSET (-1LL)		/* the fresh cgroup's default */
#define CG_NOLIMIT (-2LL)	/* "max" */
struct cg_knob_def {
	const char *name, *file;
	int is_bool;
	int zswap_only;
};
extern const struct cg_knob_def cg_knob_defs[CG_KNOBS];

/* @mthp=SIZE:MODE: per-size THP settings (sizes in KiB, a power of two from 8K to 2M) */
#define MTHP_MAX 4
enum mthp_mode { MTHP_NEVER, MTHP_ALWAYS, MTHP_MADVISE, MTHP_INHERIT };
struct mthp_set {
	unsigned kb;
	enum mthp_mode mode;
};
extern const char *const mthp_modes[5];	/* NULL-terminated, by enum mthp_mode */

/*
 * One swap configuration of swapbench.backends (swapconf.c has the
 * syntax). Knobs left unset (-1, 0) take the value the kernel booted
 * with, so one configuration's setting never leaks into the next.
 */
struct sb_swapconf {
	char name[SWAPCONF_NAME_MAX];	/* as written: the records' backend= */
	enum sb_kind kind;
	enum sb_backend disk;		/* partition, file, pmem, zswap: the disk area swapped on */
	char comp[SWAPCONF_COMP_MAX];	/* zram, zswap: compressor */
	char zpool[SWAPCONF_COMP_MAX];	/* zswap: zsmalloc, zbud, z3fold */
	uint64_t zram_bytes;		/* zram disksize; 0: zram_pct of MemTotal */
	unsigned zram_pct;		/* 0 with zram_bytes 0: the disk configurations' capacity */
	unsigned max_pool_pct;		/* zswap */
	int swappiness;			/* vm.swappiness 0..200, -1: the boot's */
	int page_cluster;		/* vm.page-cluster 0..10, -1: the boot's */
	int mglru;			/* /sys/kernel/mm/lru_gen/enabled 0/1, -1: the boot's */
	int min_ttl_ms;			/* /sys/kernel/mm/lru_gen/min_ttl_ms, -1: the boot's */
	int vma_ra;			/* /sys/kernel/mm/swap/vma_ra_enabled 0/1, -1: the boot's */
	long long cg[CG_KNOBS];		/* cgroup limits in bytes (CG_ZSWAP_WB: 0/1), CG_UNSET, CG_NOLIMIT */
	struct mthp_set mthp[MTHP_MAX];	/* @mthp, in the order given */
	int nmthp;
};

/*
 * Parses a swapbench.backends value into conf[0..*n) (all or nothing);
 * returns 0 or -EINVAL with the reason in err.
 */
int swapconf_parse(const char *v, struct sb_swapconf conf[SWAPCONF_MAX], int *n, char *err,
		   size_t errn);
/* 1 if one of the n is zram or zswap: a stock kernel's zram and compressor modules are wanted */
int swapconf_compressed(const struct sb_swapconf *conf, int n);
/* 1 if one of the n sets a cgroup limit: then every one runs in a fresh cgroup */
int swapconf_cgroup(const struct sb_swapconf *conf, int n);
/* 1 if one of the n swaps on disk area d (a partition, file or zswap in front of one) */
int swapconf_uses(const struct sb_swapconf *conf, int n, enum sb_backend d);
/* conf[i].name, or "?" past the n */
const char *swapconf_name(const struct sb_swapconf *conf, int n, unsigned i);

#endif
