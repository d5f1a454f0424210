/*
 * swapbench-report compare A B: the command, its options and --bisect
 * (compare_cmd.c).
 */
#ifndef SBR_COMPARE_CMD_H
#define SBR_COMPARE_CMD_H

struct opts;

int cmd_compare(const struct opts *o, int argc, char **argv);

#endif
