/*
 * swapbench-report csv SOURCE...: one CSV row per run (csv.c).
 */
#ifndef SBR_CMD_CSV_H
#define SBR_CMD_CSV_H

struct opts;

int cmd_csv(const struct opts *o, int argc, char **argv);

#endif
