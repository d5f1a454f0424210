/*
 * collect's parts, private to report/: the network (collect.c) keeps its
 * own state and passes each call what it works on; a connection's frames
 * and slots (collect_conn.c), the folder (collect_store.c: DIR, its lock,
 * the logs and progress of each machine) and the events file
 * (collect_events.c) talk through what is declared here. No state is
 * shared but what a call passes.
 */
#ifndef REPORT_COLLECT_H
#define REPORT_COLLECT_H

#include "report/collect/collect_conn.h"

struct opts;
/* swapbench-report collect --listen ADDR:PORT --dir DIR: the network side. */
int cmd_collect(const struct opts *o, int argc, char **argv);

#endif
