#ifndef SB_CMDLINE_H
#define SB_CMDLINE_H
/* Parses the swapbench.* keys of a kernel command line. Pure: no I/O. */
#include "init/config/swapconf.h"

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
struct sb_param {
	char workload[CMD_NAME_MAX];
	char name[CMD_NAME_MAX];
	char value[CMD_VAL_MAX];
};

struct sb_config {
	char part[CMD_VAL_MAX];		/* swap partition, "" = none */
	char fsdev[CMD_VAL_MAX];	/* filesystem holding the swapfile, "" = none */
	char pmem[CMD_VAL_MAX];		/* pmem device for the pmem configuration, "" = none */
	char file[CMD_VAL_MAX];		/* swapfile path inside fsdev */
	uint64_t size;			/* swapfile bytes; 0 = the partition's size */
	enum sb_create create;
	int create_forced;		/* create= given: no fallback to zero-fill */
	struct sb_swapconf conf[SWAPCONF_MAX];	/* swapbench.backends, in order */
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
	int cpus_up;			/* online the CPUs the kernel booted offline (maxcpus=1) */
	int shell;			/* busybox shell at the end */
	enum sb_end end;
	int quiet_kernel;		/* lower console loglevel during runs */
	char tag[CMD_NAME_MAX];		/* free label on every record (kernel variant) */
	char boot[CMD_NAME_MAX];	/* boot id from the host, "" = make one */
	char disk[CMD_NAME_MAX];	/* the disk's cost profile the host gave (DISK=), for the records */
	int rotational;			/* 0 keep what the driver says, 1 tell the kernel non-rotational, 2 rotational */
	int diskmodel;			/* the swap disk through the model in the guest (dmdisk.c) */
	int sched;			/* the model's disk's I/O scheduler: cmdkeys_sched_names, 0 the kernel's choice */
	int diskq;			/* the model's drive queue: cmdkeys_diskq_names, 0 the profile's */
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

/*
 * Parses cmdline into cfg (cmdkeys_defaults first). known_workloads is a
 * NULL-terminated list: swapbench.NAME.PARAM keys are accepted for those.
 * Returns 0, or -EINVAL with msgs->error naming the first bad key and why;
 * the valid keys are applied all the same.
 */
int cmdline_parse(const char *cmdline, const char *const *known_workloads,
		  struct sb_config *cfg, struct cmdline_msgs *msgs);

#endif
