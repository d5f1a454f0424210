/*
 * collect's connections: frames, hello, slots and limits (collect_conn.c).
 */
#ifndef REPORT_COLLECT_CONN_H
#define REPORT_COLLECT_CONN_H

#include "report/collect/collect_store.h"
#include "lib/wire.h"

#include <stddef.h>

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
/* Closes the oldest unnamed connection of before this round; 1 if there was one. */
int conn_evict_anon(struct conns *K);
/* The deadlines: hello, a frame begun, --idle. */
void conn_deadlines(struct conns *K, double t);

#endif
