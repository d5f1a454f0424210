#ifndef SBR_METRICS_H
#define SBR_METRICS_H
/*
 * The metrics the report knows by name: a short name for a workload's
 * record key (throughput for w.throughput_kbs, free_latency for
 * w.free_latency_us), and which way is better. Any other record key is a
 * metric under its own name, lower is better unless it is a throughput.
 */
#include <stddef.h>

#define METRICS_MAX 16

/* The record key name stands for: a short name's key, else name itself. */
const char *metric_key(const char *name);
/* 1 when more is better (a throughput: w.throughput_kbs, any ..._kbs), else 0. */
int metric_higher_better(const char *key);
/*
 * A comma-separated list of metrics ("elapsed_s,sys_s,throughput") into
 * keys[] (record keys, short names resolved), at most METRICS_MAX, none
 * twice. Returns how many, or 0 with why.
 */
size_t metric_list(const char *list, const char *keys[METRICS_MAX], char *why, size_t n);

#endif
