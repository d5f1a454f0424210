/*
 * swapbench-report kcidb SOURCE...: KCIDB JSON, schema v5 (kcidb.c).
 */
#ifndef SBR_CMD_KCIDB_H
#define SBR_CMD_KCIDB_H

struct opts;

int cmd_kcidb(const struct opts *o, int argc, char **argv);

#endif
