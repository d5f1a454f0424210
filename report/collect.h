/* collect's two halves: the network (collect.c) and the logs it keeps
 * (collect_store.c), sharing the state below. Private to report/. */
#ifndef REPORT_COLLECT_H
#define REPORT_COLLECT_H

#include "../lib/wire.h"

#include <signal.h>
#include <stddef.h>

#define HELLO_S 10.0			/* a connection has this long to say who it is */
#define EVENTS_MAX (1 << 20)		/* bytes of DIR/collector.events */
#define STATE_LEN 42			/* "%020lu %020llu\n" */
#define BUF_MAX (WIRE_FRAME_MAX + 2)

struct machine {
	char mac[18], boot[33], stem[64];
	unsigned long seq;		/* last line stored (or refused) */
	unsigned long long size;	/* bytes of its log */
	int log, state;			/* fds */
	struct conn *conn;		/* the connection that said hello last */
	/* progress, from what it sent */
	unsigned planned, done, ok, notok, dups, refused;
	unsigned long lost;		/* lines acknowledged to an earlier collector, not in DIR */
	char last[120], eta[16], end[160];
	double first_t;
};

struct conn {
	int fd;
	char peer[48];
	char buf[BUF_MAX];
	size_t have;
	double opened, last_rx;
	struct machine *m;
	int deaf;		/* an acknowledgement could not be sent at once */
};

struct collect_state {
	const char *dir;
	int events;			/* fd of DIR/collector.events */
	unsigned long long events_size;
	unsigned max_conns, max_machines, want_done;
	unsigned logs;			/* MAC-BOOT.log files in DIR */
	unsigned long long max_log;
	unsigned idle_s;
	struct machine **m;
	size_t nm, m_cap;
	struct conn *c;			/* max_conns slots, fd -1 when free */
	unsigned long refused_conns;	/* past the limit, since the last report */
	double refused_since;
	unsigned finished;
	volatile sig_atomic_t stop;
};
extern struct collect_state C;

double collect_now(void);
void collect_stamp(char out[16]);
__attribute__((format(printf, 1, 2))) void collect_event(const char *fmt, ...);
void collect_send_frame(struct conn *c, char type, unsigned long seq, const char *text);
struct machine *collect_machine_open(const char *mac, const char *boot, char *why, size_t wn);
int collect_store(struct conn *c, unsigned long seq, const char *s, size_t n, char *why, size_t wn);
void collect_progress_print(struct machine *m);
void collect_skip(struct conn *c, unsigned long upto);

#endif
