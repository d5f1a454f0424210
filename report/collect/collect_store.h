/*
 * collect's folder: DIR and its lock, each machine's log, state file and
 * progress line (collect_store.c).
 */
#ifndef REPORT_COLLECT_STORE_H
#define REPORT_COLLECT_STORE_H

#include "report/collect/collect_events.h"

#include <stddef.h>

#define STATE_LEN 42			/* "%020lu %020llu\n" */


struct machine {
	char mac[18], boot[33], stem[64];
	unsigned long seq;		/* last line stored (or refused) */
	unsigned long long size;	/* bytes of its log */
	int log, state;			/* fds, -1 while closed (opened on demand) */
	int on_disk;			/* its log exists in DIR */
	double last_write;
	void *conn;			/* the connection that speaks for it (collect.c's) */
	/* progress, from what it sent */
	unsigned planned, done, ok, notok, dups, refused;
	int finished;			/* its totals (or error) record came */
	unsigned long lost;		/* lines acknowledged to an earlier collector, not in DIR */
	char last[120], eta[16], end[160];
	/* before its first valid record a machine has no log: its lines are
	 * held here, unacknowledged, and written with that record */
	char *held;
	size_t held_len;
	unsigned long held_from, held_to;	/* the first and last line held (held_to 0: none) */
};

#define STORE_HELD_MAX 4096		/* bytes a machine may send before its first record */

struct store {
	const char *dir;
	int dirfd;
	struct events *ev;
	unsigned max_machines;
	unsigned long long max_log;
	unsigned logs;			/* MAC-BOOT.log files in DIR (not empty), as last counted */
	struct machine **m;
	size_t nm, m_cap;
	unsigned finished;		/* machines that sent their totals */
};

#define STORE_LOG_IDLE_S 60.0		/* a log not written this long is closed */

/* Opens DIR (made if missing) and takes its lock (flock on DIR itself); dies on failure. */
void collect_store_open(struct store *st, const char *dir);
/* The logs already in DIR, counted; said in the events. */
void collect_store_count(struct store *st);
/*
 * The machine MAC-BOOT: known already, or read back from its log in DIR, or
 * new (no file until its first line). NULL with why when refused: no room
 * (--max-machines), or its files are not regular files.
 */
struct machine *collect_store_machine(struct store *st, const char *mac, const char *boot, char *why, size_t wn);
/*
 * Line seq of m from peer. from: the oldest line the speaking connection's
 * hello said its machine holds; a line after a gap is taken only when the
 * gap ends right before from (the lines before it went elsewhere), and the
 * gap is named in the events. 0 stored or a duplicate; 1 refused for good
 * (nak says why: the peer gets N); -1 when the connection must close (why),
 * -2 when that is for want of a descriptor (EMFILE: a retry may do).
 */
int collect_store_line(struct store *st, struct machine *m, const char *peer, unsigned long from, unsigned long seq,
		       const char *s, size_t n, char *nak, size_t nn, char *why, size_t wn);
/* Its connection closed: its files are closed, and a machine that stored nothing is forgotten. */
void collect_store_release(struct store *st, struct machine *m);
/* Logs not written for STORE_LOG_IDLE_S are closed. */
void collect_store_sweep(struct store *st, double now);
/* At the end: where each machine still running stands. */
void collect_store_close(struct store *st, int signalled);


#endif
