/*
 * swapbench-report rank SOURCE...: the configurations ranked by cost (rank.c).
 */
#ifndef SBR_CMD_RANK_H
#define SBR_CMD_RANK_H

struct opts;

int cmd_rank(const struct opts *o, int argc, char **argv);

#endif
