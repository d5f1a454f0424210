/*
 * swapbench-report compare A B: the command, its options and --bisect
 * (compare.c).
 */
#ifndef SBR_CMD_COMPARE_H
#define SBR_CMD_COMPARE_H

struct opts;

int cmd_compare(const struct opts *o, int argc, char **argv);

#endif
