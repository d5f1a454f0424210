/*
 * swapbench-report summary SOURCE...: N, min, max, median, mean, 95 % CI and
 * CV per workload and group (summary.c).
 */
#ifndef SBR_CMD_SUMMARY_H
#define SBR_CMD_SUMMARY_H

struct opts;

int cmd_summary(const struct opts *o, int argc, char **argv);

#endif
