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

#include "lib/wire.h"

#include <stdint.h>

/* What collect is told (report/cmd/collect.c checks it); 0: the default. */
struct collect_opts {
	const char *listen;		/* ADDR:PORT as given, for messages */
	unsigned char ip[4];		/* and parsed */
	unsigned port;
	const char *dir;		/* DIR/MAC-BOOT.log */
	unsigned max_conns;		/* machine connections at once (64) */
	unsigned max_machines;		/* machine logs in all (256) */
	unsigned idle_s;		/* a connection idle that long is closed (300) */
	unsigned machines;		/* exit once that many boots sent their totals (0: never) */
	uint64_t max_log;		/* bytes a log (64M) */
	const struct wire_key *key;	/* frames without its MAC are refused; NULL: none */
	int html;			/* keep DIR/index.html up to date */
};

/* Listens until a signal (or o->machines boots are done); the network side of swapbench-report collect. */
int collect_run(const struct collect_opts *o);

#endif
