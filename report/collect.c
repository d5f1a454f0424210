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

static struct {
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
} C;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void stamp(char out[16])
{
	time_t t = time(NULL);
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(out, 16, "%H:%M:%S", &tm);
}

/* One line in the events file (while it has room) and on stderr. */
__attribute__((format(printf, 1, 2)))
static void event(const char *fmt, ...)
{
	char line[600], ts[16];
	va_list ap;
	int n;

	stamp(ts);
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

static void send_frame(struct conn *c, char type, unsigned long seq, const char *text)
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
	event("%s%s%s: %s: connection closed", c->peer, c->m ? " " : "", c->m ? c->m->stem : "", why);
	send_frame(c, WIRE_ERR, 0, why);
	conn_close(c);
}

/* --- progress -------------------------------------------------------------- */

static void progress_print(struct machine *m)
{
	char ts[16];

	stamp(ts);
	if (m->end[0])
		printf("%s %s boot %s: %u/%u runs, %u ok, %u not ok: %s\n", ts, m->mac, m->boot, m->done,
		       m->planned, m->ok, m->notok, m->end);
	else
		printf("%s %s boot %s: %u/%u runs, last %s%s%s\n", ts, m->mac, m->boot, m->done, m->planned,
		       m->last[0] ? m->last : "-", m->eta[0] ? ", ETA " : "", m->eta);
	fflush(stdout);
}

/* What a stored line says about the machine's progress; 1 when it changed. */
static int progress_note(struct machine *m, const char *s, size_t n, int quiet)
{
	static struct rec r;
	unsigned a, b;

	if (n > 2 && s[0] == '1' && s[1] == '.' && s[2] == '.') {
		m->planned = (unsigned)strtoul(s + 3, NULL, 10);
		return 0;
	}
	if (n > 4 && !memcmp(s, "# [", 3) && sscanf(s, "# [%u/%u]", &a, &b) == 2) {
		const char *e = strstr(s, "ETA ");

		if (e && (size_t)(e - s) + 4 < n)
			snprintf(m->eta, sizeof(m->eta), "%.*s", (int)strcspn(e + 4, " \r"), e + 4);
		return 0;
	}
	if (rec_parse(s, n, &r) != REC_GOOD)
		return 0;
	if (r.type == REC_RESULT) {
		const char *st = rec_get(&r, "status"), *el = rec_get(&r, "elapsed_s");

		m->done++;
		*(r.ok ? &m->ok : &m->notok) += 1;
		snprintf(m->last, sizeof(m->last), "%s (%s%s%s s)", st ? st : r.ok ? "ok" : "not ok", r.id,
			 el ? ", " : "", el ? el : "");
		if (!m->first_t)
			m->first_t = now();
		return !quiet;
	}
	if (!strcmp(r.id, "error")) {
		const char *msg = rec_get(&r, "msg");

		snprintf(m->end, sizeof(m->end), "stopped: %s", msg ? msg : "error");
		return !quiet;
	}
	if (!strcmp(r.id, "totals")) {
		const char *st = rec_get(&r, "status");

		if (!m->end[0])
			snprintf(m->end, sizeof(m->end), "finished, status %s", st ? st : "?");
		C.finished += !quiet;
		return !quiet;
	}
	return 0;
}

/* --- machines and their logs ---------------------------------------------- */

static int save_state(struct machine *m)
{
	char s[STATE_LEN + 1];

	snprintf(s, sizeof(s), "%020lu %020llu\n", m->seq, m->size);
	return pwrite(m->state, s, STATE_LEN, 0) == STATE_LEN ? 0 : -1;
}

/* Reads the log back for the progress it holds (a collector started again). */
static void replay(struct machine *m)
{
	FILE *f = fdopen(dup(m->log), "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (!f)
		return;
	rewind(f);
	while ((n = getline(&line, &cap, f)) > 0)
		progress_note(m, line, (size_t)(line[n - 1] == '\n' ? n - 1 : n), 1);
	free(line);
	fclose(f);
}

static struct machine *machine_open(const char *mac, const char *boot, char *why, size_t wn)
{
	char stem[64], *path;
	struct machine *m;
	struct stat st;

	snprintf(stem, sizeof(stem), "%s-%s", mac, boot);
	for (char *p = stem; *p; p++)
		if (*p == ':')
			*p = '-';
	for (size_t i = 0; i < C.nm; i++)
		if (!strcmp(C.m[i]->stem, stem))
			return C.m[i];
	path = xasprintf("%s/%s.log", C.dir, stem);
	if (access(path, F_OK) < 0) {
		if (C.logs >= C.max_machines) {
			snprintf(why, wn, "%u machine logs already (--max-machines): %s refused", C.logs, stem);
			free(path);
			return NULL;
		}
		C.logs++;
	}
	m = xcalloc(1, sizeof(*m));
	snprintf(m->mac, sizeof(m->mac), "%s", mac);
	snprintf(m->boot, sizeof(m->boot), "%s", boot);
	snprintf(m->stem, sizeof(m->stem), "%s", stem);
	m->log = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	free(path);
	path = xasprintf("%s/.%s.state", C.dir, stem);
	m->state = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	free(path);
	if (m->log < 0 || m->state < 0 || fstat(m->log, &st) < 0) {
		snprintf(why, wn, "%s/%s.log: %s", C.dir, stem, strerror(errno));
		if (m->log >= 0)
			close(m->log);
		if (m->state >= 0)
			close(m->state);
		free(m);
		return NULL;
	}
	{
		char s[STATE_LEN + 1] = "";
		unsigned long long size = 0;

		if (pread(m->state, s, STATE_LEN, 0) == STATE_LEN && sscanf(s, "%lu %llu", &m->seq, &size) == 2) {
			m->size = size;
		} else if (st.st_size > 0) {
			/* a log without its state: never append to what cannot be vouched for */
			snprintf(why, wn, "%s/%s.log has no state file: move it away", C.dir, stem);
			close(m->log);
			close(m->state);
			free(m);
			return NULL;
		}
	}
	/* a line written after its state was not: it comes again */
	if ((unsigned long long)st.st_size > m->size) {
		event("%s: log %llu bytes past its state (collector stopped mid-line): cut back to %llu",
		      stem, (unsigned long long)st.st_size, m->size);
		if (ftruncate(m->log, (off_t)m->size) < 0)
			event("%s: truncate: %s", stem, strerror(errno));
	} else if ((unsigned long long)st.st_size < m->size) {
		event("%s: log shorter than its state says (%llu < %llu bytes): continuing at its end",
		      stem, (unsigned long long)st.st_size, m->size);
		m->size = (unsigned long long)st.st_size;
	}
	replay(m);
	grow(&C.m, &C.m_cap, C.nm, sizeof(*C.m));
	C.m[C.nm++] = m;
	return m;
}

/* Stores line seq of m; 0, or -1 with why when the connection must close. */
static int store(struct conn *c, unsigned long seq, const char *s, size_t n, char *why, size_t wn)
{
	static struct rec r;
	static char line[WIRE_TEXT_MAX + 1];
	struct machine *m = c->m;
	enum rec_status st;

	if (seq <= m->seq) {
		m->dups++;
		return 0;
	}
	if (seq != m->seq + 1) {
		snprintf(why, wn, "sequence gap: line %lu after %lu", seq, m->seq);
		return -1;
	}
	st = rec_parse(s, n, &r);
	if (st != REC_NOT_RECORD && st != REC_GOOD) {
		char t[80];

		m->refused++;
		m->seq = seq;
		save_state(m);
		event("%s %s: line %lu refused, not stored: %s", c->peer, m->stem, seq, rec_status_name(st));
		snprintf(t, sizeof(t), "%s", rec_status_name(st));
		send_frame(c, WIRE_NAK, seq, t);
		return 0;
	}
	if (m->size + n + 1 > C.max_log) {
		snprintf(why, wn, "log full (--max-log %llu bytes): line %lu not stored", C.max_log, seq);
		return -1;
	}
	memcpy(line, s, n);
	line[n] = '\n';
	if (pwrite(m->log, line, n + 1, (off_t)m->size) != (ssize_t)(n + 1)) {
		snprintf(why, wn, "writing %s.log: %s", m->stem, strerror(errno ? errno : EIO));
		return -1;
	}
	m->size += n + 1;
	m->seq = seq;
	if (save_state(m) < 0) {
		snprintf(why, wn, "writing .%s.state: %s", m->stem, strerror(errno ? errno : EIO));
		return -1;
	}
	if (progress_note(m, s, n, 0))
		progress_print(m);
	return 0;
}

/* --- connections ------------------------------------------------------------ */

/* One frame from c; -1 when c was closed. */
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
		struct machine *m;

		if (wire_parse_hello(f.text, f.len, mac, boot) < 0) {
			conn_drop(c, "hello without mac=aa:bb:cc:dd:ee:ff boot=ID");
			return -1;
		}
		if (!(m = machine_open(mac, boot, why, sizeof(why)))) {
			conn_drop(c, "%s", why);
			return -1;
		}
		if (m->conn && m->conn != c) {
			event("%s %s: said hello again from %s: the older connection is closed", m->conn->peer,
			      m->stem, c->peer);
			conn_close(m->conn);
		}
		c->m = m;
		m->conn = c;
		event("%s %s: hello, %lu lines stored, it has sent %lu", c->peer, m->stem, m->seq, f.seq);
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
	if (store(c, f.seq, f.text, f.len, why, sizeof(why)) < 0) {
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
			event("%s %s: disconnected%s", c->peer, c->m->stem, c->have ? " mid-frame" : "");
		conn_close(c);
		return;
	}
	c->last_rx = now();
	c->have += (size_t)got;
	for (char *nl; c->fd >= 0 && (nl = memchr(c->buf + start, '\n', c->have - start));
	     start = (size_t)(nl - c->buf) + 1)
		if (frame(c, c->buf + start, (size_t)(nl - c->buf) - start, &ack, &acked) < 0)
			return;
	if (acked)
		send_frame(c, WIRE_ACK, ack, "");
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
			C.refused_since = now();
		return;
	}
	c->fd = fd;
	c->have = 0;
	c->deaf = 0;
	c->m = NULL;
	c->opened = c->last_rx = now();
	snprintf(c->peer, sizeof(c->peer), "%s:%u", inet_ntoa(a.sin_addr), ntohs(a.sin_port));
}

/* Idle and silent connections go; a flood past the limit is reported every 10 s. */
static void sweep(void)
{
	double t = now();

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
		event("connection limit (%u) reached: %lu connections refused in %.0f s", C.max_conns,
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
		event("%s holds %u logs already: their machines continue where they were", C.dir, C.logs);
	C.c = xcalloc(C.max_conns, sizeof(*C.c));
	for (unsigned i = 0; i < C.max_conns; i++)
		C.c[i].fd = -1;
	pf = xcalloc(C.max_conns + 1, sizeof(*pf));
	who = xcalloc(C.max_conns + 1, sizeof(*who));
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	event("listening on %s, logs in %s (at most %u connections, %u machines, %llu bytes a log)", o->listen,
	      C.dir, C.max_conns, C.max_machines, C.max_log);
	/* --machines N: once N boots sent their totals, until their last lines are in (15 s at most) */
	for (double done_at = 0; !C.stop; ) {
		if (C.want_done && C.finished >= C.want_done) {
			int open = 0;

			if (!done_at)
				done_at = now();
			for (unsigned i = 0; i < C.max_conns; i++)
				open += C.c[i].fd >= 0 && C.c[i].m && C.c[i].m->end[0];
			if (!open || now() - done_at > 15)
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
	for (size_t i = 0; i < C.nm; i++)
		progress_print(C.m[i]);
	event("stopping: %zu machines, %u finished%s", C.nm, C.finished, C.stop ? " (signal)" : "");
	free(pf);
	free(who);
	return 0;
}
