/*
 * collect: receives the serial lines of many machines over TCP (lib/wire.h)
 * and keeps one log per machine and boot in DIR, named MAC-BOOT.log, as the
 * serial line would have held it, so every command reads DIR as a folder of
 * serial logs. Each log has a hidden state file (.MAC-BOOT.state: the last
 * line stored and the log's length, written after the line), so a collector
 * killed between the two and started again cuts the log back and takes the
 * line once more: nothing is stored twice or lost.
 *
 * Bounded whatever it is sent: a fixed buffer per connection, at most
 * --max-conns connections (the rest are accepted and closed), --max-machines
 * logs of at most --max-log bytes each, an events file of at most 1 MiB. A
 * peer that sends anything but frames, a line longer than a frame, a frame
 * with a wrong checksum or no hello within 10 s is closed with one line in
 * DIR/collector.events and on stderr; a record whose own checksum is wrong
 * is refused (N) and logged, never stored.
 */
#include "cmd.h"
#include "util.h"
#include "collect.h"
#include "../lib/record.h"
#include "../lib/size.h"
#include "../lib/wire.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct collect_state C;

double collect_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void collect_stamp(char out[16])
{
	time_t t = time(NULL);
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(out, 16, "%H:%M:%S", &tm);
}

/* One line in the events file (while it has room) and on stderr. */
__attribute__((format(printf, 1, 2)))
void collect_event(const char *fmt, ...)
{
	char line[600], ts[16];
	va_list ap;
	int n;

	collect_stamp(ts);
	n = snprintf(line, sizeof(line), "%s ", ts);
	va_start(ap, fmt);
	n += vsnprintf(line + n, sizeof(line) - (size_t)n - 1, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	fprintf(stderr, "collect: %.*s", n, line);
	if (C.events < 0)
		return;
	if (C.events_size + (unsigned long long)n > EVENTS_MAX) {
		static const char full[] = "events file full (1 MiB): later events on stderr only\n";

		if (write(C.events, full, sizeof(full) - 1) < 0)
			fprintf(stderr, "collect: events file: %s\n", strerror(errno));
		close(C.events);
		C.events = -1;
		return;
	}
	if (write(C.events, line, (size_t)n) == n)
		C.events_size += (unsigned long long)n;
}

void collect_send_frame(struct conn *c, char type, unsigned long seq, const char *text)
{
	char f[WIRE_FRAME_MAX];
	int n = wire_encode(f, sizeof(f), type, seq, text, strlen(text));

	/* a peer that does not read its acknowledgements is not waited for */
	if (n > 0 && send(c->fd, f, (size_t)n, MSG_NOSIGNAL | MSG_DONTWAIT) != n)
		c->deaf = 1;
}

static void conn_close(struct conn *c)
{
	if (c->m && c->m->conn == c)
		c->m->conn = NULL;
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
	collect_event("%s%s%s: %s: connection closed", c->peer, c->m ? " " : "", c->m ? c->m->stem : "", why);
	collect_send_frame(c, WIRE_ERR, 0, why);
	conn_close(c);
}

static int frame(struct conn *c, const char *s, size_t n, unsigned long *ack, int *acked)
{
	struct wire_frame f;
	char why[300];
	enum wire_status st = wire_decode(s, n, &f);

	if (st != WIRE_OK) {
		conn_drop(c, st == WIRE_BAD_CRC ? "frame checksum wrong" : "not a swapbench frame (%zu bytes)", n);
		return -1;
	}
	if (f.type == WIRE_HELLO) {
		char mac[18], boot[33];
		unsigned long from;
		struct machine *m;

		if (wire_parse_hello(f.text, f.len, mac, boot, &from) < 0) {
			conn_drop(c, "hello without mac=aa:bb:cc:dd:ee:ff boot=ID[ from=N]");
			return -1;
		}
		if (!(m = collect_machine_open(mac, boot, why, sizeof(why)))) {
			conn_drop(c, "%s", why);
			return -1;
		}
		if (m->conn && m->conn != c) {
			collect_event("%s %s: said hello again from %s: the older connection is closed", m->conn->peer,
			      m->stem, c->peer);
			conn_close(m->conn);
		}
		c->m = m;
		m->conn = c;
		collect_event("%s %s: hello, %lu lines stored, it has sent %lu", c->peer, m->stem, m->seq, f.seq);
		/* lines it no longer holds, acknowledged to a collector whose folder this is not */
		if (from > m->seq + 1)
			collect_skip(c, from - 1);
		*ack = m->seq;
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
	if (collect_store(c, f.seq, f.text, f.len, why, sizeof(why)) < 0) {
		conn_drop(c, "%s", why);
		return -1;
	}
	*ack = c->m->seq;
	*acked = 1;
	return 0;
}

static void conn_read(struct conn *c)
{
	ssize_t got;
	size_t start = 0;
	unsigned long ack = 0;
	int acked = 0;

	got = recv(c->fd, c->buf + c->have, BUF_MAX - c->have, MSG_DONTWAIT);
	if (got < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (got <= 0) {
		if (c->m)
			collect_event("%s %s: disconnected%s", c->peer, c->m->stem, c->have ? " mid-frame" : "");
		conn_close(c);
		return;
	}
	c->last_rx = collect_now();
	c->have += (size_t)got;
	for (char *nl; c->fd >= 0 && (nl = memchr(c->buf + start, '\n', c->have - start));
	     start = (size_t)(nl - c->buf) + 1)
		if (frame(c, c->buf + start, (size_t)(nl - c->buf) - start, &ack, &acked) < 0)
			return;
	if (acked)
		collect_send_frame(c, WIRE_ACK, ack, "");
	memmove(c->buf, c->buf + start, c->have - start);
	c->have -= start;
	if (c->deaf)
		conn_drop(c, "it does not read its acknowledgements");
	else if (c->have >= BUF_MAX)
		conn_drop(c, "a line longer than %d bytes", WIRE_FRAME_MAX);
}

static void conn_accept(int lfd)
{
	struct sockaddr_in a;
	socklen_t al = sizeof(a);
	int fd = accept4(lfd, (struct sockaddr *)&a, &al, SOCK_CLOEXEC | SOCK_NONBLOCK);
	struct conn *c = NULL;

	if (fd < 0)
		return;
	for (unsigned i = 0; i < C.max_conns && !c; i++)
		if (C.c[i].fd < 0)
			c = &C.c[i];
	if (!c) {
		close(fd);
		if (!C.refused_conns++)
			C.refused_since = collect_now();
		return;
	}
	c->fd = fd;
	c->have = 0;
	c->deaf = 0;
	c->m = NULL;
	c->opened = c->last_rx = collect_now();
	snprintf(c->peer, sizeof(c->peer), "%s:%u", inet_ntoa(a.sin_addr), ntohs(a.sin_port));
}

/* Idle and silent connections go; a flood past the limit is reported every 10 s. */
static void sweep(void)
{
	double t = collect_now();

	for (unsigned i = 0; i < C.max_conns; i++) {
		struct conn *c = &C.c[i];

		if (c->fd < 0)
			continue;
		if (!c->m && t - c->opened > HELLO_S)
			conn_drop(c, "no hello within %.0f s", HELLO_S);
		else if (c->m && t - c->last_rx > C.idle_s)
			conn_drop(c, "idle for %u s (it connects again when it has more)", C.idle_s);
	}
	if (C.refused_conns && t - C.refused_since >= 10) {
		collect_event("connection limit (%u) reached: %lu connections refused in %.0f s", C.max_conns,
		      C.refused_conns, t - C.refused_since);
		C.refused_conns = 0;
	}
}

static void on_signal(int sig)
{
	(void)sig;
	C.stop = 1;
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

static void lock_dir(void)
{
	char *p = xasprintf("%s/.collector.lock", C.dir), pid[24];
	int fd = open(p, O_RDWR | O_CREAT | O_CLOEXEC, 0644);

	if (fd < 0)
		die("collect: %s: %s", p, strerror(errno));
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		ssize_t n = pread(fd, pid, sizeof(pid) - 1, 0);

		pid[n > 0 ? n : 0] = 0;
		die("collect: %s is in use by another collector (pid %s)", C.dir, n > 0 ? strtok(pid, "\n") : "?");
	}
	if (ftruncate(fd, 0) < 0 || dprintf(fd, "%d\n", (int)getpid()) < 0)
		die("collect: %s: %s", p, strerror(errno));
	free(p);	/* fd stays open: the lock lasts as long as the collector */
}

static unsigned count_logs(void)
{
	DIR *d = opendir(C.dir);
	struct dirent *e;
	unsigned n = 0;

	if (!d)
		die("collect: %s: %s", C.dir, strerror(errno));
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		n += l > 4 && !strcmp(e->d_name + l - 4, ".log") && e->d_name[0] != '.';
	}
	closedir(d);
	return n;
}

int cmd_collect(const struct opts *o, int argc, char **argv)
{
	struct pollfd *pf;
	struct conn **who;	/* the connection of each pf entry */
	struct sigaction sa = { .sa_handler = on_signal };
	int lfd;
	uint64_t u;

	(void)argv;
	if (argc)
		usage_error("collect: takes no operands (--listen ADDR:PORT --dir DIR)");
	if (!o->listen || !o->dir)
		usage_error("collect: give --listen ADDR:PORT and --dir DIR");
	C.dir = o->dir;
	C.max_conns = o->max_conns ? o->max_conns : 64;
	C.max_machines = o->max_machines ? o->max_machines : 256;
	C.idle_s = o->idle_s ? o->idle_s : 300;
	C.want_done = o->machines;
	C.max_log = 64ULL << 20;
	if (o->max_log) {
		if (size_parse(o->max_log, &u) < 0 || u < 4096)
			usage_error("collect: --max-log %s: a size of 4K or more (64M)", o->max_log);
		C.max_log = u;
	}
	if (mkdir(C.dir, 0755) < 0 && errno != EEXIST)
		die("collect: %s: %s", C.dir, strerror(errno));
	lock_dir();
	lfd = listen_on(o->listen);
	{
		char *p = xasprintf("%s/collector.events", C.dir);
		struct stat st;

		C.events = open(p, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
		if (C.events < 0)
			die("collect: %s: %s", p, strerror(errno));
		C.events_size = fstat(C.events, &st) == 0 ? (unsigned long long)st.st_size : 0;
		free(p);
	}
	/* logs already in DIR count against --max-machines */
	C.logs = count_logs();
	if (C.logs)
		collect_event("%s holds %u logs already: their machines continue where they were", C.dir, C.logs);
	C.c = xcalloc(C.max_conns, sizeof(*C.c));
	for (unsigned i = 0; i < C.max_conns; i++)
		C.c[i].fd = -1;
	pf = xcalloc(C.max_conns + 1, sizeof(*pf));
	who = xcalloc(C.max_conns + 1, sizeof(*who));
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	collect_event("listening on %s, logs in %s (at most %u connections, %u machines, %llu bytes a log)", o->listen,
	      C.dir, C.max_conns, C.max_machines, C.max_log);
	/* --machines N: once N boots sent their totals, until their last lines are in (15 s at most) */
	for (double done_at = 0; !C.stop; ) {
		if (C.want_done && C.finished >= C.want_done) {
			int open = 0;

			if (!done_at)
				done_at = collect_now();
			for (unsigned i = 0; i < C.max_conns; i++)
				open += C.c[i].fd >= 0 && C.c[i].m && C.c[i].m->end[0];
			if (!open || collect_now() - done_at > 15)
				break;
		}
		unsigned n = 0;

		pf[n++] = (struct pollfd){ .fd = lfd, .events = POLLIN };
		for (unsigned i = 0; i < C.max_conns; i++)
			if (C.c[i].fd >= 0) {
				who[n] = &C.c[i];
				pf[n++] = (struct pollfd){ .fd = C.c[i].fd, .events = POLLIN };
			}
		if (poll(pf, n, 1000) < 0 && errno != EINTR)
			die("collect: poll: %s", strerror(errno));
		/* a hello may close another connection: only one still open is read */
		for (unsigned k = 1; k < n; k++)
			if (pf[k].revents && who[k]->fd == pf[k].fd)
				conn_read(who[k]);
		if (pf[0].revents & POLLIN)
			for (int i = 0; i < 16; i++)
				conn_accept(lfd);
		sweep();
	}
	/* where each machine still running stands (a finished one said so already) */
	for (size_t i = 0; i < C.nm; i++)
		if (!C.m[i]->end[0])
			collect_progress_print(C.m[i]);
	collect_event("stopping: %zu machines, %u finished%s", C.nm, C.finished, C.stop ? " (signal)" : "");
	free(pf);
	free(who);
	return 0;
}
