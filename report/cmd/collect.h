/*
 * swapbench-report collect --listen ADDR:PORT --dir DIR: the records of
 * images received over TCP (collect.c; the network side: report/collect/).
 */
#ifndef SBR_CMD_COLLECT_H
#define SBR_CMD_COLLECT_H

struct opts;

int cmd_collect(const struct opts *o, int argc, char **argv);

#endif
