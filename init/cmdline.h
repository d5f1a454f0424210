#ifndef SB_CMDLINE_H
#define SB_CMDLINE_H
/* Parses the swapbench.* keys of a kernel command line. Pure: no I/O. */
#include <stddef.h>
#include <stdint.h>

#define CMD_VAL_MAX 256		/* longest value, NUL included */
#define CMD_NAME_MAX 32		/* workload and parameter names */
#define CMD_WORKLOADS_MAX 8
#define CMD_PARAMS_MAX 32
#define CMD_WARN_MAX 8
#define CMD_MSG_MAX 320

enum sb_order { ORDER_ALTERNATE, ORDER_BLOCKED, ORDER_RANDOM };
enum sb_create { CREATE_FALLOCATE, CREATE_ZERO };
enum sb_end { END_POWEROFF, END_REBOOT, END_HALT, END_QEMU };
/* the two disk areas: a configuration swaps on one of them, or on zram */
enum sb_backend { BACKEND_PARTITION, BACKEND_FILE, BACKEND_COUNT };
enum sb_kind { KIND_PARTITION, KIND_FILE, KIND_ZRAM, KIND_ZSWAP };

#define CMD_CONFS_MAX 8		/* swap configurations in swapbench.backends */
#define CONF_NAME_MAX 96
#define CONF_COMP_MAX 12

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
 * One swap configuration of swapbench.backends (init/swapconf.c has the
 * syntax). Knobs left unset (-1, 0) take the value the kernel booted
 * with, so one configuration's setting never leaks into the next.
 */
struct sb_swapconf {
	char name[CONF_NAME_MAX];	/* as written: the records' backend= */
	enum sb_kind kind;
	enum sb_backend disk;		/* partition, file, zswap: the disk area swapped on */
	char comp[CONF_COMP_MAX];	/* zram, zswap: compressor */
	char zpool[CONF_COMP_MAX];	/* zswap: zsmalloc, zbud, z3fold */
	uint64_t zram_bytes;		/* zram disksize; 0: zram_pct of MemTotal */
	unsigned zram_pct;		/* 0 with zram_bytes 0: the disk configurations' capacity */
	unsigned max_pool_pct;		/* zswap */
	int swappiness;			/* vm.swappiness 0..200, -1: the boot's */
	int page_cluster;		/* vm.page-cluster 0..10, -1: the boot's */
	int mglru;			/* /sys/kernel/mm/lru_gen/enabled 0/1, -1: the boot's */
	int min_ttl_ms;			/* /sys/kernel/mm/lru_gen/min_ttl_ms, -1: the boot's */
	long long cg[CG_KNOBS];		/* cgroup limits in bytes (CG_ZSWAP_WB: 0/1), CG_UNSET, CG_NOLIMIT */
	struct mthp_set mthp[MTHP_MAX];	/* @mthp, in the order given */
	int nmthp;
};


struct sb_param {
	char workload[CMD_NAME_MAX];
	char name[CMD_NAME_MAX];
	char value[CMD_VAL_MAX];
};

struct sb_config {
	char part[CMD_VAL_MAX];		/* swap partition, "" = none */
	char fsdev[CMD_VAL_MAX];	/* filesystem holding the swapfile, "" = none */
	char file[CMD_VAL_MAX];		/* swapfile path inside fsdev */
	uint64_t size;			/* swapfile bytes; 0 = the partition's size */
	enum sb_create create;
	int create_forced;		/* create= given: no fallback to zero-fill */
	struct sb_swapconf conf[CMD_CONFS_MAX];	/* swapbench.backends, in order */
	int nconfs;
	int confs_given;		/* swapbench.backends given: no silent dropping */
	char workloads[CMD_WORKLOADS_MAX][CMD_NAME_MAX];
	int nworkloads;
	unsigned runs;			/* measured runs per workload per backend */
	unsigned warmup;		/* unmeasured runs per workload per backend */
	unsigned until_cp;		/* swapbench.until in hundredths of a percent, 0 = off */
	unsigned maxruns;		/* with until: most runs a backend (runs is the least) */
	enum sb_order order;
	uint64_t seed;			/* for ORDER_RANDOM */
	uint64_t draw;			/* ignored: perturbs a deterministic boot (swapbench.draw) */
	unsigned timeout_s;		/* per run */
	unsigned vmstat_s;		/* sampling interval, 0 = off */
	char results[CMD_VAL_MAX];	/* results disk, "" = serial only */
	char collect[24];		/* collector IPV4:PORT, "" = none */
	char collect_key[CMD_VAL_MAX];	/* the collector's shared key, "" = frames not keyed */
	int force;			/* mkswap over foreign signatures */
	int flush;			/* 0: the designated disks' write caches off (no flushes) */
	int shell;			/* busybox shell at the end */
	enum sb_end end;
	int quiet_kernel;		/* lower console loglevel during runs */
	char tag[CMD_NAME_MAX];		/* free label on every record (kernel variant) */
	char boot[CMD_NAME_MAX];	/* boot id from the host, "" = make one */
	char disk[CMD_NAME_MAX];	/* the disk's cost profile the host gave (DISK=), for the records */
	int rotational;			/* 0 keep what the driver says, 1 tell the kernel non-rotational, 2 rotational */
	int diskctr;			/* read the host disk model's counters around each run */
	int diskcheck;			/* 0 off, 1 quick, 2 full: the datasheet check instead of runs */
	char instrument[CMD_VAL_MAX];	/* the host's measuring setup, "" = not said (host/qemu.sh) */
	struct sb_param params[CMD_PARAMS_MAX];
	int nparams;
};

struct cmdline_msgs {
	char warn[CMD_WARN_MAX][CMD_MSG_MAX];
	int nwarn;			/* may exceed CMD_WARN_MAX: count only */
	char error[CMD_MSG_MAX];	/* set when cmdline_parse fails */
	char unknown[CMD_MSG_MAX];	/* the first unknown key, with a suggestion */
	int nunknown;			/* unknown keys (each also a warning) */
};

void cmdline_defaults(struct sb_config *cfg);
/*
 * Parses cmdline into cfg (defaults first). known_workloads is a
 * NULL-terminated list: swapbench.NAME.PARAM keys are accepted for those.
 * Returns 0, or -EINVAL with msgs->error naming the first bad key and why;
 * the valid keys are applied all the same.
 */
int cmdline_parse(const char *cmdline, const char *const *known_workloads,
		  struct sb_config *cfg, struct cmdline_msgs *msgs);
/* cfg->conf[i].name, or "?" past the end */
const char *cmdline_conf_name(const struct sb_config *cfg, unsigned i);
/*
 * swapconf.c: parses a swapbench.backends value into cfg->conf (all or
 * nothing); returns 0 or -EINVAL with the reason in err. Pure.
 */
int swapconf_parse(const char *v, struct sb_config *cfg, char *err, size_t n);
/* 1 if some configuration is zram or zswap: a stock kernel's zram and compressor modules are wanted */
int swapconf_compressed(const struct sb_config *cfg);
/* 1 if some configuration sets a cgroup limit: then every one runs in a fresh cgroup */
int swapconf_cgroup(const struct sb_config *cfg);
/* 1 if some configuration swaps on disk area d (a partition, file or zswap in front of one) */
int swapconf_uses(const struct sb_config *cfg, enum sb_backend d);
/*
 * The i-th swapbench.* key as "key=value" from cfg, in the form the parser
 * takes (names for choices); returns 0, 1 for a key left unset (until and
 * maxruns: nothing to print), or -1 past the last key. The workload
 * parameters are in cfg->params.
 */
int cmdline_show(const struct sb_config *cfg, int i, char *out, size_t n);

#endif
