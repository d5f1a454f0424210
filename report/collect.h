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

#include "../lib/wire.h"

#include <stddef.h>

#define STATE_LEN 42			/* "%020lu %020llu\n" */

/* --- collector.events --------------------------------------------------------- */

#define EVENTS_MAX (1 << 20)		/* bytes of collector.events; then it becomes collector.events.old */
#define EVENTS_BURST 200		/* events in EVENTS_WINDOW_S; the rest counted, not written */
#define EVENTS_WINDOW_S 10.0

struct events {
	int dirfd, fd;
	unsigned long long size;
	double window;			/* when the current window began */
	unsigned in_window;
	unsigned long suppressed;	/* in this window */
};

double collect_now(void);
/* the local time of day, HH:MM:SS, as events and progress lines begin */
void collect_stamp(char out[16]);
/* Opens DIR/collector.events (a regular file, no symlink); 0, or -1 with why. */
int events_open(struct events *ev, int dirfd, char *why, size_t wn);
/* One line, escaped, on stderr and in the file; at most EVENTS_BURST per window. */
__attribute__((format(printf, 2, 3))) void events_say(struct events *ev, const char *fmt, ...);
/* At a window's end: one line for the events it suppressed. */
void events_tick(struct events *ev);

/* --- DIR and the machines' logs --------------------------------------------- */

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

/* the progress line of m on stdout, escaped */
void collect_store_progress_print(const struct machine *m);

/* --- connections -------------------------------------------------------------- */

#define CONN_BUF_MAX (WIRE_FRAME_MAX + 2)
#define CONN_FRAMES_S 2000.0		/* frames a second a connection is read at, */
#define CONN_FRAMES_BURST 4096.0	/* after a burst of this many */

struct conn {
	int fd;
	char peer[48];
	size_t have;
	double opened, last_frame, progress, partial_since;
	double tokens, refill;		/* frames it may send now, when last refilled */
	struct machine *m;
	unsigned long from;		/* its hello's from= */
	int deaf;			/* an acknowledgement could not be sent at once */
	char bind[WIRE_BIND_MAX];	/* keyed: "MAC-BOOT NONCE" once its hello was answered, else "" */
	char buf[CONN_BUF_MAX];		/* last: a new connection clears what is before it */
};

/* The connections and what they need; the network side owns it. */
struct conns {
	struct store *st;
	struct events *ev;
	const struct wire_key *key;	/* NULL: frames not keyed */
	unsigned max_conns, anon_max, idle_s;
	unsigned named, anon;		/* connections with and without a hello */
	struct conn *c;			/* max_conns + anon_max slots, fd -1 when free */
	unsigned nc;
	double round;			/* when this round of the loop began: older unnamed ones may be evicted */
	unsigned long evicted;		/* closed for a newer one, since the last report */
};

/* A new connection (fd, peer "ADDR:PORT") in a free slot, the oldest unnamed one closed if need be; or NULL. */
struct conn *conn_add(struct conns *K, int fd, const char *peer);
/* Reads what c sent and handles every complete frame its rate allows; c may close. */
void conn_read(struct conns *K, struct conn *c);
/* 1 when c's buffer holds a complete frame (held back by its rate) */
int conn_has_frame(const struct conn *c);
void conn_close(struct conns *K, struct conn *c);
/* Closes c with an E saying why, and a line in the events. */
__attribute__((format(printf, 3, 4))) void conn_drop(struct conns *K, struct conn *c, const char *fmt, ...);
/* Closes the oldest unnamed connection of before this round; 1 if there was one. */
int conn_evict_anon(struct conns *K);
/* The deadlines: hello, a frame begun, --idle. */
void conn_deadlines(struct conns *K, double t);

#endif
