/*
 * collect: receives the serial lines of many machines over TCP (lib/wire.h)
 * and keeps one log per machine and boot in DIR, named MAC-BOOT.log, as the
 * serial line would have held it, so every command reads DIR as a folder of
 * serial logs. Each log has a hidden state file (.MAC-BOOT.state: the last
 * line stored and the log's length, written after the line), so a collector
 * killed between the two and started again cuts the log back and takes the
 * line once more: nothing is stored twice or lost (report/collect/collect_store.c).
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
 * Every refusal is one line in DIR/collector.events (collect_events.c);
 * a connection's frames, hello and slots are collect_conn.c's.
 */
#include "report/util/util.h"
#include "report/collect/collect.h"
#include "lib/wire.h"
#include "report/collect/labpage.h"

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

#define FDS_BASE 16			/* stdio, DIR, events, the listener, the lock and some spare */

static struct {
	struct conns k;			/* the connections, what collect_conn.c works on */
	struct store st;
	struct events ev;
	unsigned want_done;
	unsigned long refused;		/* connections turned away */
	double refused_since;
	unsigned long fd_limit_hits;
	double listen_at, backoff;	/* accepting paused until listen_at */
	volatile sig_atomic_t stop;
} N;

/* Out of descriptors: said once (then counted every 10 s by sweep). */
static void fd_limit(void)
{
	if (!N.fd_limit_hits++) {
		struct rlimit rl;

		getrlimit(RLIMIT_NOFILE, &rl);
		events_say(&N.ev, "descriptor limit (%lu, ulimit -n) reached with %u connections: the oldest without "
			   "hello make room, or accepting pauses", (unsigned long)rl.rlim_cur, N.k.named + N.k.anon);
	}
}

/* No descriptor for a new connection: accepting pauses, 0.1 s doubling to 1 s. */
static void back_off(void)
{
	N.listen_at = collect_now() + N.backoff;
	N.backoff = N.backoff < 1.0 ? N.backoff * 2 : 1.0;
}

/* Accepts one connection; 0 when there was none to accept (or no room now). */
static int conn_accept(int lfd)
{
	struct sockaddr_in a;
	socklen_t al = sizeof(a);
	int fd = accept4(lfd, (struct sockaddr *)&a, &al, SOCK_CLOEXEC | SOCK_NONBLOCK);
	char peer[48];

	if (fd < 0 && (errno == EMFILE || errno == ENFILE)) {
		fd_limit();
		if (conn_evict_anon(&N.k))
			fd = accept4(lfd, (struct sockaddr *)&a, &al, SOCK_CLOEXEC | SOCK_NONBLOCK);
	}
	if (fd < 0) {
		if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
			back_off();
		return 0;
	}
	N.backoff = 0.1;
	snprintf(peer, sizeof(peer), "%s:%u", inet_ntoa(a.sin_addr), ntohs(a.sin_port));
	if (!conn_add(&N.k, fd, peer)) {
		close(fd);
		if (!N.refused++)
			N.refused_since = collect_now();
		return 0;
	}
	return 1;
}

/* Deadlines; the connections refused, closed for newer ones and the limit hit, every 10 s. */
static void sweep(void)
{
	double t = collect_now();

	conn_deadlines(&N.k, t);
	collect_store_sweep(&N.st, t);
	if ((N.refused || N.k.evicted || N.fd_limit_hits > 1) && t - N.refused_since >= 10) {
		events_say(&N.ev, "in %.0f s: %lu connections refused (%u unnamed at most), %lu without hello closed for "
			   "newer ones, the descriptor limit reached %lu times", t - N.refused_since, N.refused,
			   N.k.anon_max, N.k.evicted, N.fd_limit_hits);
		N.refused = N.k.evicted = 0;
		N.fd_limit_hits = N.fd_limit_hits ? 1 : 0;
		N.refused_since = t;
	}
	if (!N.refused && !N.k.evicted)
		N.refused_since = t;
	events_tick(&N.ev);
}

static void on_signal(int sig)
{
	(void)sig;
	N.stop = 1;
}

static int listen_on(const struct collect_opts *o)
{
	const char *spec = o->listen;
	struct sockaddr_in a = { .sin_family = AF_INET };
	int fd, one = 1;

	memcpy(&a.sin_addr, o->ip, 4);
	a.sin_port = htons((unsigned short)o->port);
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
	unsigned long need = fds_for(N.k.max_conns);

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
		unsigned fit = N.k.max_conns;

		while (fit > 1 && fds_for(fit) > rl.rlim_cur)
			fit--;
		if (asked || fds_for(fit) > rl.rlim_cur)
			die("collect: --max-conns %u needs %lu descriptors, the limit is %lu (ulimit -n): give "
			    "--max-conns %u or raise the limit", N.k.max_conns, need, (unsigned long)rl.rlim_cur, fit);
		events_say(&N.ev, "descriptor limit %lu (ulimit -n): at most %u machine connections (--max-conns), "
			   "not %u", (unsigned long)rl.rlim_cur, fit, N.k.max_conns);
		N.k.max_conns = fit;
	}
}

int collect_run(const struct collect_opts *o)
{
	struct pollfd *pf;
	struct conn **who;	/* the connection of each pf entry */
	struct sigaction sa = { .sa_handler = on_signal };
	int lfd;
	char why[600];
	struct labpage page;

	N.k.max_conns = o->max_conns ? o->max_conns : 64;
	N.k.idle_s = o->idle_s ? o->idle_s : 300;
	N.want_done = o->machines;
	N.k.key = o->key;
	collect_store_open(&N.st, o->dir);
	/* a page that cannot be written is refused before any machine is heard */
	if (o->html && labpage_open(&page, &N.st, why, sizeof(why)) < 0)
		die("collect: --html: cannot write the page in %s: %s", o->dir, why);
	N.st.max_machines = o->max_machines ? o->max_machines : 256;
	N.st.max_log = o->max_log ? o->max_log : 64ULL << 20;
	lfd = listen_on(o);
	if (events_open(&N.ev, N.st.dirfd, why, sizeof(why)) < 0)
		die("collect: %s/%s", o->dir, why);
	N.st.ev = &N.ev;
	N.k.st = &N.st;
	N.k.ev = &N.ev;
	fit_descriptors(o->max_conns);
	N.k.anon_max = N.k.max_conns / 4 + 4;
	N.k.nc = N.k.max_conns + N.k.anon_max;
	N.backoff = 0.1;
	/* logs already in DIR count against --max-machines */
	collect_store_count(&N.st);
	N.k.c = xcalloc(N.k.nc, sizeof(*N.k.c));
	for (unsigned i = 0; i < N.k.nc; i++)
		N.k.c[i].fd = -1;
	pf = xcalloc(N.k.nc + 1, sizeof(*pf));
	who = xcalloc(N.k.nc + 1, sizeof(*who));
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	events_say(&N.ev, "listening on %s, logs in %s (at most %u machine connections and %u more before hello, %u "
		   "machines, %llu bytes a log%s)", o->listen, o->dir, N.k.max_conns, N.k.anon_max, N.st.max_machines,
		   N.st.max_log, N.k.key ? ", frames keyed" : "");
	/* --machines N: once N machines sent their totals, until their last lines are in (15 s at most) */
	for (double done_at = 0; !N.stop; ) {
		unsigned n = 0;
		int held = 0;
		double t;

		if (N.want_done && N.st.finished >= N.want_done) {
			int open = 0;

			if (!done_at)
				done_at = collect_now();
			for (unsigned i = 0; i < N.k.nc; i++)
				open += N.k.c[i].fd >= 0 && N.k.c[i].m && N.k.c[i].m->end[0];
			if (!open || collect_now() - done_at > 15)
				break;
		}
		t = N.k.round = collect_now();
		pf[n++] = (struct pollfd){ .fd = t >= N.listen_at ? lfd : -1, .events = POLLIN };
		for (unsigned i = 0; i < N.k.nc; i++) {
			struct conn *c = &N.k.c[i];

			if (c->fd < 0)
				continue;
			c->tokens += (t - c->refill) * CONN_FRAMES_S;
			if (c->tokens > CONN_FRAMES_BURST)
				c->tokens = CONN_FRAMES_BURST;
			c->refill = t;
			/* past its rate: not read this round */
			if (c->tokens < 1) {
				held = 1;
				continue;
			}
			if (conn_has_frame(c))
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
			if ((pf[k].revents || conn_has_frame(who[k])) && who[k]->fd == pf[k].fd)
				conn_read(&N.k, who[k]);
		if (pf[0].revents & POLLIN)
			for (int i = 0; i < 16 && conn_accept(lfd); i++)
				;
		sweep();
		if (o->html)
			labpage_tick(&page, &N.st, collect_now(), 0);
	}
	for (unsigned i = 0; i < N.k.nc; i++)
		if (N.k.c[i].fd >= 0)
			conn_close(&N.k, &N.k.c[i]);
	if (o->html) {
		labpage_tick(&page, &N.st, collect_now(), 1);
		labpage_close(&page);
	}
	collect_store_close(&N.st, N.stop);
	free(pf);
	free(who);
	free(N.k.c);
	return 0;
}
