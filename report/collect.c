/*
 * collect: receives the serial lines of many machines over TCP (lib/wire.h)
 * and keeps one log per machine and boot in DIR, named MAC-BOOT.log, as the
 * serial line would have held it, so every command reads DIR as a folder of
 * serial logs. Each log has a hidden state file (.MAC-BOOT.state: the last
 * line stored and the log's length, written after the line), so a collector
 * killed between the two and started again cuts the log back and takes the
 * line once more: nothing is stored twice or lost (report/collect_store.c).
 *
 * Bounded by design, whatever peers send (docs/lab-network.md): a fixed
 * buffer per connection; at most --max-conns connections of machines (after
 * their hello) and a quarter more not yet named, the oldest of which makes
 * way for a new one; descriptors for all of them checked against
 * RLIMIT_NOFILE at the start, and accepting paused (not retried in a loop)
 * if the limit is reached anyway. A connection has HELLO_S to say hello,
 * FRAME_S to complete a frame it began, --idle seconds between frames, and
 * FRAMES_S frames a second (beyond that it is read later). A machine's
 * connection that stores lines keeps its machine; one that does not is
 * closed when another says hello for it, or needs its slot. A hello never
 * moves what is stored: its from= only lets the line at from follow a gap,
 * named in the events. With --key every frame carries a MAC (lib/hmac.h).
 * Every refusal is one line in DIR/collector.events (collect_events.c).
 */
#include "cmd.h"
#include "util.h"
#include "collect.h"
#include "../lib/size.h"
#include "../lib/wire.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#define HELLO_S 10.0			/* a connection has this long to say who it is */
#define FRAME_S 10.0			/* and this long to complete a frame it began */
#define KEEP_S 5.0			/* a connection that stored a line this recently keeps its machine */
#define FRAMES_S 2000.0			/* frames a second a connection is read at, */
#define FRAMES_BURST 4096.0		/* after a burst of this many */
#define BUF_MAX (WIRE_FRAME_MAX + 2)
#define FDS_BASE 16			/* stdio, DIR, events, the listener, the lock and some spare */

struct conn {
	int fd;
	char peer[48];
	char buf[BUF_MAX];
	size_t have;
	double opened, last_frame, progress, partial_since;
	double tokens, refill;		/* frames it may send now, when last refilled */
	struct machine *m;
	unsigned long from;		/* its hello's from= */
	int deaf;			/* an acknowledgement could not be sent at once */
};

static struct {
	struct store st;
	struct events ev;
	unsigned max_conns, anon_max, idle_s, want_done;
	unsigned named, anon;		/* connections with and without a hello */
	struct conn *c;			/* max_conns + anon_max slots, fd -1 when free */
	unsigned nc;
	double round;			/* when this round of the loop began */
	unsigned long refused, evicted;	/* connections turned away, closed for a newer one */
	double refused_since;
	unsigned long fd_limit_hits;
	double listen_at, backoff;	/* accepting paused until listen_at */
	const struct wire_key *key;
	volatile sig_atomic_t stop;
} N;

static void send_frame(struct conn *c, char type, unsigned long seq, const char *text)
{
	char f[WIRE_FRAME_MAX];
	int n = wire_encode_keyed(f, sizeof(f), N.key, c->m ? c->m->stem : "", type, seq, text, strlen(text));

	/* a peer that does not read its acknowledgements is not waited for */
	if (n > 0 && send(c->fd, f, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) != n)
		c->deaf = 1;
}

static void conn_close(struct conn *c)
{
	if (c->m) {
		if (c->m->conn == c)
			store_release(&N.st, c->m);
		N.named--;
	} else {
		N.anon--;
	}
	close(c->fd);
	c->fd = -1;
	c->m = NULL;
	c->have = 0;
}

__attribute__((format(printf, 2, 3)))
static void conn_drop(struct conn *c, const char *fmt, ...)
{
	char why[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	events_say(&N.ev, "%s%s%s: %s: connection closed", c->peer, c->m ? " " : "", c->m ? c->m->stem : "", why);
	send_frame(c, WIRE_ERR, 0, why);
	conn_close(c);
}

/* The oldest connection without a hello, opened before this round; NULL if none. */
static struct conn *oldest_anon(void)
{
	struct conn *o = NULL;

	for (unsigned i = 0; i < N.nc; i++) {
		struct conn *c = &N.c[i];

		if (c->fd >= 0 && !c->m && c->opened < N.round && (!o || c->opened < o->opened))
			o = c;
	}
	return o;
}

/* Closes the oldest connection without a hello, for a descriptor or a slot; 1 if there was one. */
static int evict_anon(void)
{
	struct conn *o = oldest_anon();

	if (!o)
		return 0;
	N.evicted++;
	send_frame(o, WIRE_ERR, 0, "no hello yet, and newer connections wait: closed");
	conn_close(o);
	return 1;
}

/* A slot for one more machine's connection: free, or the one that stores least lately; 0 or -1. */
static int named_slot(struct conn *asking)
{
	struct conn *o = NULL;
	double t = collect_now();

	if (N.named < N.max_conns)
		return 0;
	for (unsigned i = 0; i < N.nc; i++) {
		struct conn *c = &N.c[i];

		if (c != asking && c->fd >= 0 && c->m && t - c->progress >= KEEP_S && (!o || c->progress < o->progress))
			o = c;
	}
	if (!o)
		return -1;
	conn_drop(o, "its slot goes to a machine that sends (%u machine connections, --max-conns)", N.max_conns);
	return 0;
}

static int hello(struct conn *c, const struct wire_frame *f, unsigned long *ack)
{
	char mac[18], boot[33], why[600];
	unsigned long from;
	struct machine *m;

	if (wire_parse_hello(f->text, f->len, mac, boot, &from) < 0) {
		conn_drop(c, "hello without mac=aa:bb:cc:dd:ee:ff boot=ID[ from=N]");
		return -1;
	}
	if (from > f->seq + 1) {
		conn_drop(c, "hello with from=%lu beyond its own last line (%lu)", from, f->seq);
		return -1;
	}
	if (c->m) {
		char stem[64];

		snprintf(stem, sizeof(stem), "%s-%s", mac, boot);
		for (char *p = stem; *p; p++)
			*p = *p == ':' ? '-' : *p;
		if (strcmp(stem, c->m->stem)) {
			conn_drop(c, "a connection speaks for one machine: hello as %s after %s", stem, c->m->stem);
			return -1;
		}
		m = c->m;
	} else {
		if (named_slot(c) < 0) {
			conn_drop(c, "all %u machine connections are sending (--max-conns)", N.max_conns);
			return -1;
		}
		if (!(m = store_machine(&N.st, mac, boot, why, sizeof(why)))) {
			conn_drop(c, "%s", why);
			return -1;
		}
		if (m->conn && m->conn != c) {
			struct conn *o = m->conn;

			if (collect_now() - o->progress < KEEP_S) {
				/* m is o's: nothing to release */
				conn_drop(c, "%s is connected from %s and sending: this hello is refused", m->stem, o->peer);
				return -1;
			}
			events_say(&N.ev, "%s %s: said hello again from %s: the older connection is closed", o->peer,
				   m->stem, c->peer);
			m->conn = c;	/* before o closes: m stays, it is c's now */
			conn_close(o);
		}
		c->m = m;
		m->conn = c;
		N.anon--;
		N.named++;
	}
	c->from = from;
	events_say(&N.ev, "%s %s: hello, %lu lines stored, it has sent %lu", c->peer, m->stem, m->seq, f->seq);
	if (from > m->seq + 1)
		events_say(&N.ev, "%s %s: hello says lines %lu to %lu (before from=%lu) are gone: a gap, taken only "
			   "if line %lu comes next; %lu lines stored", c->peer, m->stem, m->seq + 1, from - 1, from, from,
			   m->seq);
	*ack = m->seq;
	return 0;
}

/* One frame; -1 when the connection was closed. */
static int frame(struct conn *c, const char *s, size_t n, unsigned long *ack, int *acked)
{
	struct wire_frame f;
	char why[600], nak[80];
	enum wire_status st = wire_decode_keyed(s, n, N.key, c->m ? c->m->stem : NULL, &f);
	unsigned long before;
	int r;

	if (st != WIRE_OK) {
		if (st == WIRE_GARBAGE)
			conn_drop(c, "not a swapbench frame (%zu bytes)", n);
		else
			conn_drop(c, "%s", wire_status_name(st));
		return -1;
	}
	c->last_frame = collect_now();
	if (f.type == WIRE_HELLO) {
		if (hello(c, &f, ack) < 0)
			return -1;
		*acked = 1;
		return 0;
	}
	if (!c->m) {
		conn_drop(c, "a '%c' frame before hello", f.type);
		return -1;
	}
	if (f.type != WIRE_LINE) {
		conn_drop(c, "a '%c' frame from a machine", f.type);
		return -1;
	}
	before = c->m->seq;
	r = store_line(&N.st, c->m, c->peer, c->from, f.seq, f.text, f.len, nak, sizeof(nak), why, sizeof(why));
	/* out of descriptors: connections not yet named make room, once */
	if (r == -2 && evict_anon() + evict_anon())
		r = store_line(&N.st, c->m, c->peer, c->from, f.seq, f.text, f.len, nak, sizeof(nak), why,
			       sizeof(why));
	if (r < 0) {
		conn_drop(c, "%s", why);
		return -1;
	}
	if (r == 1)
		send_frame(c, WIRE_NAK, f.seq, nak);
	if (c->m->seq > before)
		c->progress = c->last_frame;
	*ack = c->m->seq;
	*acked = 1;
	return 0;
}

/* The complete frames in c's buffer, as many as its rate allows. */
static void conn_frames(struct conn *c)
{
	size_t start = 0;
	unsigned long ack = 0;
	int acked = 0;

	for (char *nl; c->tokens >= 1 && (nl = memchr(c->buf + start, '\n', c->have - start));
	     start = (size_t)(nl - c->buf) + 1) {
		c->tokens -= 1;
		if (frame(c, c->buf + start, (size_t)(nl - c->buf) - start, &ack, &acked) < 0)
			return;
	}
	if (acked)
		send_frame(c, WIRE_ACK, ack, "");
	memmove(c->buf, c->buf + start, c->have - start);
	c->have -= start;
	if (start && c->have)
		c->partial_since = collect_now();
	if (c->deaf)
		conn_drop(c, "it does not read its acknowledgements");
	else if (c->have >= BUF_MAX)
		conn_drop(c, "a line longer than %d bytes", WIRE_FRAME_MAX);
}

/* 1 when c's buffer holds a complete frame */
static int has_frame(const struct conn *c)
{
	return c->have && memchr(c->buf, '\n', c->have);
}

static void conn_read(struct conn *c)
{
	ssize_t got;

	if (has_frame(c)) {
		conn_frames(c);	/* what was held back by the rate first */
		return;
	}
	got = recv(c->fd, c->buf + c->have, BUF_MAX - c->have, MSG_DONTWAIT);
	if (got < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (got <= 0) {
		if (c->m)
			events_say(&N.ev, "%s %s: disconnected%s", c->peer, c->m->stem, c->have ? " mid-frame" : "");
		conn_close(c);
		return;
	}
	if (!c->have)
		c->partial_since = collect_now();
	c->have += (size_t)got;
	conn_frames(c);
}

static void fd_limit(void)
{
	if (!N.fd_limit_hits++) {
		struct rlimit rl;

		getrlimit(RLIMIT_NOFILE, &rl);
		events_say(&N.ev, "descriptor limit (%lu, ulimit -n) reached with %u connections: accepting paused, "
			   "backing off", (unsigned long)rl.rlim_cur, N.named + N.anon);
	}
	N.listen_at = collect_now() + N.backoff;
	N.backoff = N.backoff < 1.0 ? N.backoff * 2 : 1.0;
}

/* Accepts one connection; 0 when there was none to accept (or no room now). */
static int conn_accept(int lfd)
{
	struct sockaddr_in a;
	socklen_t al = sizeof(a);
	int fd = accept4(lfd, (struct sockaddr *)&a, &al, SOCK_CLOEXEC | SOCK_NONBLOCK);
	struct conn *c = NULL;

	if (fd < 0 && (errno == EMFILE || errno == ENFILE) && evict_anon())
		fd = accept4(lfd, (struct sockaddr *)&a, &al, SOCK_CLOEXEC | SOCK_NONBLOCK);
	if (fd < 0) {
		if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
			fd_limit();
		return 0;
	}
	N.backoff = 0.1;
	if (N.anon >= N.anon_max && !evict_anon()) {
		close(fd);
		if (!N.refused++)
			N.refused_since = collect_now();
		return 0;
	}
	for (unsigned i = 0; i < N.nc && !c; i++)
		if (N.c[i].fd < 0)
			c = &N.c[i];
	if (!c) {	/* cannot be: anon + named slots are nc */
		close(fd);
		return 0;
	}
	N.anon++;
	memset(c, 0, offsetof(struct conn, buf));
	c->fd = fd;
	c->have = 0;
	c->m = NULL;
	c->opened = c->last_frame = c->refill = collect_now();
	c->progress = 0;
	c->tokens = FRAMES_BURST;
	snprintf(c->peer, sizeof(c->peer), "%s:%u", inet_ntoa(a.sin_addr), ntohs(a.sin_port));
	return 1;
}

/* Deadlines; the connections refused, closed for newer ones and the limit hit, every 10 s. */
static void sweep(void)
{
	double t = collect_now();

	for (unsigned i = 0; i < N.nc; i++) {
		struct conn *c = &N.c[i];

		if (c->fd < 0)
			continue;
		if (!c->m && t - c->opened > HELLO_S)
			conn_drop(c, "no hello within %.0f s", HELLO_S);
		else if (c->have && t - c->partial_since > FRAME_S)
			conn_drop(c, "a frame begun %.0f s ago is not complete", t - c->partial_since);
		else if (c->m && t - c->last_frame > N.idle_s)
			conn_drop(c, "idle for %u s (it connects again when it has more)", N.idle_s);
	}
	store_sweep(&N.st, t);
	if ((N.refused || N.evicted || N.fd_limit_hits > 1) && t - N.refused_since >= 10) {
		events_say(&N.ev, "in %.0f s: %lu connections refused (%u unnamed at most), %lu without hello closed for "
			   "newer ones, the descriptor limit reached %lu times", t - N.refused_since, N.refused,
			   N.anon_max, N.evicted, N.fd_limit_hits);
		N.refused = N.evicted = 0;
		N.fd_limit_hits = N.fd_limit_hits ? 1 : 0;
		N.refused_since = t;
	}
	if (!N.refused && !N.evicted)
		N.refused_since = t;
	events_tick(&N.ev);
}

static void on_signal(int sig)
{
	(void)sig;
	N.stop = 1;
}

static int listen_on(const char *spec)
{
	unsigned char ip[4];
	unsigned port;
	struct sockaddr_in a = { .sin_family = AF_INET };
	int fd, one = 1;

	if (wire_parse_addr(spec, ip, &port) < 0)
		usage_error("collect: --listen %s: give ADDR:PORT, an IPv4 address and a port (127.0.0.1:5555)", spec);
	memcpy(&a.sin_addr, ip, 4);
	a.sin_port = htons((unsigned short)port);
	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		die("collect: socket: %s", strerror(errno));
	/* a restarted collector takes its port back at once; a running one keeps it */
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) < 0)
		die("collect: listen on %s: %s%s", spec, strerror(errno),
		    errno == EADDRINUSE ? " (another collector runs there?)" : "");
	if (listen(fd, 64) < 0)
		die("collect: listen on %s: %s", spec, strerror(errno));
	return fd;
}

/* Descriptors for m machine connections: theirs, the unnamed ones, two files each, the rest. */
static unsigned long fds_for(unsigned m)
{
	return 3UL * m + (m / 4 + 4) + FDS_BASE;
}

/* --max-conns against RLIMIT_NOFILE: the soft limit raised as far as the hard one allows. */
static void fit_descriptors(unsigned asked)
{
	struct rlimit rl;
	unsigned long need = fds_for(N.max_conns);

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return;
	if (rl.rlim_cur < need) {
		rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= need ? need : rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur >= need)
		return;
	{
		unsigned fit = N.max_conns;

		while (fit > 1 && fds_for(fit) > rl.rlim_cur)
			fit--;
		if (asked || fds_for(fit) > rl.rlim_cur)
			usage_error("collect: --max-conns %u needs %lu descriptors, the limit is %lu (ulimit -n): give "
				    "--max-conns %u or raise the limit", N.max_conns, need, (unsigned long)rl.rlim_cur,
				    fit);
		events_say(&N.ev, "descriptor limit %lu (ulimit -n): at most %u machine connections (--max-conns), "
			   "not %u", (unsigned long)rl.rlim_cur, fit, N.max_conns);
		N.max_conns = fit;
	}
}

/* --key FILE: its first line is the key, as swapbench.collect.key= gives it to the image. */
static int key_load(struct wire_key *key, const char *path, char *why, size_t wn)
{
	char text[WIRE_KEY_MAX + 4];
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	ssize_t n = fd >= 0 ? read(fd, text, sizeof(text)) : -1;
	char *nl;

	if (fd >= 0)
		close(fd);
	if (n < 0) {
		snprintf(why, wn, "%s", strerror(errno));
		return -1;
	}
	nl = memchr(text, '\n', (size_t)n);
	return wire_key_set(key, text, nl ? (size_t)(nl - text) : (size_t)n, why, wn);
}

int cmd_collect(const struct opts *o, int argc, char **argv)
{
	struct pollfd *pf;
	struct conn **who;	/* the connection of each pf entry */
	struct sigaction sa = { .sa_handler = on_signal };
	int lfd;
	uint64_t u;
	char why[600];
	static struct wire_key key;

	(void)argv;
	if (argc)
		usage_error("collect: takes no operands (--listen ADDR:PORT --dir DIR)");
	if (!o->listen || !o->dir)
		usage_error("collect: give --listen ADDR:PORT and --dir DIR");
	N.max_conns = o->max_conns ? o->max_conns : 64;
	N.idle_s = o->idle_s ? o->idle_s : 300;
	N.want_done = o->machines;
	N.st.max_log = 64ULL << 20;
	if (o->max_log && (size_parse(o->max_log, &u) < 0 || u < 4096))
		usage_error("collect: --max-log %s: a size of 4K or more (64M)", o->max_log);
	if (o->key) {
		if (key_load(&key, o->key, why, sizeof(why)) < 0)
			usage_error("collect: --key %s: %s", o->key, why);
		N.key = &key;
	}
	store_open(&N.st, o->dir);
	N.st.max_machines = o->max_machines ? o->max_machines : 256;
	N.st.max_log = o->max_log ? u : 64ULL << 20;
	lfd = listen_on(o->listen);
	if (events_open(&N.ev, N.st.dirfd, why, sizeof(why)) < 0)
		die("collect: %s/%s", o->dir, why);
	N.st.ev = &N.ev;
	fit_descriptors(o->max_conns);
	N.anon_max = N.max_conns / 4 + 4;
	N.nc = N.max_conns + N.anon_max;
	N.backoff = 0.1;
	/* logs already in DIR count against --max-machines */
	store_count(&N.st);
	N.c = xcalloc(N.nc, sizeof(*N.c));
	for (unsigned i = 0; i < N.nc; i++)
		N.c[i].fd = -1;
	pf = xcalloc(N.nc + 1, sizeof(*pf));
	who = xcalloc(N.nc + 1, sizeof(*who));
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	events_say(&N.ev, "listening on %s, logs in %s (at most %u machine connections and %u more before hello, %u "
		   "machines, %llu bytes a log%s)", o->listen, o->dir, N.max_conns, N.anon_max, N.st.max_machines,
		   N.st.max_log, N.key ? ", frames keyed" : "");
	/* --machines N: once N machines sent their totals, until their last lines are in (15 s at most) */
	for (double done_at = 0; !N.stop; ) {
		unsigned n = 0;
		int held = 0;
		double t;

		if (N.want_done && N.st.finished >= N.want_done) {
			int open = 0;

			if (!done_at)
				done_at = collect_now();
			for (unsigned i = 0; i < N.nc; i++)
				open += N.c[i].fd >= 0 && N.c[i].m && N.c[i].m->end[0];
			if (!open || collect_now() - done_at > 15)
				break;
		}
		t = N.round = collect_now();
		pf[n++] = (struct pollfd){ .fd = t >= N.listen_at ? lfd : -1, .events = POLLIN };
		for (unsigned i = 0; i < N.nc; i++) {
			struct conn *c = &N.c[i];

			if (c->fd < 0)
				continue;
			c->tokens += (t - c->refill) * FRAMES_S;
			if (c->tokens > FRAMES_BURST)
				c->tokens = FRAMES_BURST;
			c->refill = t;
			/* past its rate: not read this round */
			if (c->tokens < 1) {
				held = 1;
				continue;
			}
			if (has_frame(c))
				held = 1;	/* frames held back: read without waiting */
			who[n] = c;
			pf[n++] = (struct pollfd){ .fd = c->fd, .events = POLLIN };
		}
		if (poll(pf, n, held ? 0 : t < N.listen_at ? 100 : 1000) < 0 && errno != EINTR)
			die("collect: poll: %s", strerror(errno));
		if (held && !n)
			usleep(10000);
		/* a hello may close another connection: only one still open is read */
		for (unsigned k = 1; k < n; k++)
			if ((pf[k].revents || has_frame(who[k])) && who[k]->fd == pf[k].fd)
				conn_read(who[k]);
		if (pf[0].revents & POLLIN)
			for (int i = 0; i < 16 && conn_accept(lfd); i++)
				;
		sweep();
	}
	for (unsigned i = 0; i < N.nc; i++)
		if (N.c[i].fd >= 0)
			conn_close(&N.c[i]);
	store_close(&N.st, N.stop);
	free(pf);
	free(who);
	free(N.c);
	return 0;
}
