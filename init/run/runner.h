#ifndef SB_RUNNER_H
#define SB_RUNNER_H
/* Runs one workload process and measures it. */
#include "init/sys/clock.h"
#include "init/sys/vmstat.h"

#include <stddef.h>
#include <stdint.h>

#define RUNNER_BIN_DIR "/workloads"
#define RUNNER_ARGS_MAX 40
#define RUNNER_OUT_MAX 1536

struct run_spec {
	const char *workload;
	const char *mode;		/* NULL, "--check" or "--prepare" */
	const char *argv[RUNNER_ARGS_MAX];	/* --param=value arguments */
	int argc;
	const char *dir;		/* SWAPBENCH_DIR */
	unsigned long memtotal_kb;
	unsigned timeout_s;
	unsigned vmstat_s;		/* 0: no samples */
	unsigned long run_no;		/* for sample records */
	const char *boot;
	int capture_stderr;		/* --check/--prepare: keep messages */
	const char *bin_dir;		/* NULL: RUNNER_BIN_DIR (unit tests use their own) */
	const char *cgroup_procs;	/* the workload joins this cgroup before exec; NULL: init's */
	void (*sample)(void *);		/* also called with swap used, every 100 ms; may be NULL */
	void *sample_arg;
};

struct run_result {
	const char *status;	/* ok, oom, timeout, error, killed */
	int exit_code;		/* -1 when killed by a signal */
	int term_sig;
	double elapsed_s, user_s, sys_s;
	long minflt, majflt;
	struct vmstat before, after;
	uint64_t swap_peak_kb;
	char clocksource[CLOCK_NAME_MAX];	/* at the end of the run */
	int clock_changed;		/* the clocksource was another one at the start */
	char out[RUNNER_OUT_MAX];	/* what the workload printed */
	int out_truncated;
};

int runner_exists(const char *workload);
/*
 * Returns 0 when the run was carried out (whatever its status), else -errno.
 * On return no process of the run's process group is left: the caller must
 * be a child subreaper (PR_SET_CHILD_SUBREAPER) for the group's orphans to
 * be waited for.
 */
int runner_run(const struct run_spec *s, struct run_result *r);

#endif
