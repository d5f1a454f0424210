#ifndef SB_PLAN_H
#define SB_PLAN_H
/*
 * The plan: which workload runs on which backend, and when. Pure: made
 * from the configuration alone, so the host unit test sees the order the
 * image will run.
 */
#include "cmdline.h"

#define PLAN_MAX 4096

struct plan_item {
	unsigned char workload;		/* index into cfg->workloads */
	unsigned char backend;		/* enum sb_backend */
	unsigned char warmup;		/* 1: unmeasured */
	unsigned short iter;		/* 1-based within workload+backend, in run order */
};

struct plan {
	struct plan_item item[PLAN_MAX];
	unsigned n;			/* items planned */
	unsigned measured;		/* of which not warm-up */
};

/*
 * Warm-up runs first (every workload on every backend), then the measured
 * runs in cfg->order: alternate (backends side by side, run after run),
 * blocked (all runs of one backend, then the next) or random (the measured
 * runs shuffled by cfg->seed). Returns 0, or -E2BIG past PLAN_MAX runs.
 */
int plan_make(const struct sb_config *cfg, struct plan *p);

#endif
