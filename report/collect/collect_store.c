/*
 * collect's folder: DIR opened once and locked (flock on DIR itself), one
 * MAC-BOOT.log per machine and boot with its hidden state file, the
 * progress line per machine, and storing a received line once
 * (report/collect/collect.c has the network side and the whole story). Every file
 * is opened relative to DIR, never through a symlink, and must be a
 * regular file with no other link; a log is created with its first line,
 * opened while its machine sends and closed when idle.
 */
#include "report/util/util.h"
#include "report/collect/collect_store.h"
#include "report/util/escape.h"
#include "lib/record.h"
#include "lib/wire.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/* --- progress -------------------------------------------------------------- */

/* the progress line of m on stdout, escaped */
static void collect_store_progress_print(const struct machine *m)
{
	char line[600], safe[2400], ts[16];
	int n;

	collect_stamp(ts);
	if (m->end[0])
		n = snprintf(line, sizeof(line), "%s %s boot %s: %u/%u runs, %u ok, %u not ok: %s", ts, m->mac, m->boot,
			     m->done, m->planned, m->ok, m->notok, m->end);
	else
		n = snprintf(line, sizeof(line), "%s %s boot %s: %u/%u runs, last %s%s%s", ts, m->mac, m->boot, m->done,
			     m->planned, m->last[0] ? m->last : "-", m->eta[0] ? ", ETA " : "", m->eta);
	esc_text(safe, sizeof(safe), line, n < (int)sizeof(line) ? (size_t)n : sizeof(line) - 1);
	printf("%s\n", safe);
	fflush(stdout);
}

/* What a stored line says about the machine's progress; 1 when it changed. */
static int progress_note(struct store *st, struct machine *m, const char *s, size_t n, int quiet)
{
	static struct rec r;
	unsigned a, b;
	char head[32];

	/* s is not NUL-terminated: the number parsers get a copy of its head */
	snprintf(head, sizeof(head), "%.*s", (int)(n < sizeof(head) - 1 ? n : sizeof(head) - 1), s);
	if (n > 2 && s[0] == '1' && s[1] == '.' && s[2] == '.') {
		m->planned = (unsigned)strtoul(head + 3, NULL, 10);
		return 0;
	}
	if (n > 4 && !memcmp(s, "# [", 3) && sscanf(head, "# [%u/%u]", &a, &b) == 2) {
		/* (a frame's text, or a log line with its newline) */
		const char *e = memmem(s, n, "ETA ", 4);
		size_t k = 0, off = e ? (size_t)(e - s) + 4 : n;

		while (off + k < n && !strchr(" \r\n", s[off + k]))
			k++;
		if (k)
			snprintf(m->eta, sizeof(m->eta), "%.*s", (int)k, s + off);
		return 0;
	}
	if (rec_parse(s, n, &r) != REC_GOOD)
		return 0;
	if (r.type == REC_RESULT) {
		const char *stat = rec_get(&r, "status"), *el = rec_get(&r, "elapsed_s");

		m->done++;
		*(r.ok ? &m->ok : &m->notok) += 1;
		snprintf(m->last, sizeof(m->last), "%s (%s%s%s s)", stat ? stat : r.ok ? "ok" : "not ok", r.id,
			 el ? ", " : "", el ? el : "");
		return !quiet;
	}
	if (!strcmp(r.id, "error")) {
		const char *msg = rec_get(&r, "msg");

		snprintf(m->end, sizeof(m->end), "stopped: %s", msg ? msg : "error");
		return !quiet;
	}
	if (!strcmp(r.id, "totals")) {
		const char *stat = rec_get(&r, "status");

		if (!m->end[0])
			snprintf(m->end, sizeof(m->end), "finished, status %s", stat ? stat : "?");
		/* --machines counts machines: a second totals record is no second machine */
		if (!m->finished && !quiet)
			st->finished++;
		m->finished = 1;
		return !quiet;
	}
	return 0;
}

/* --- DIR -------------------------------------------------------------------- */

/* name in DIR, opened without following a symlink; a regular file with one link, or -1 with why. */
static int open_in(struct store *st, const char *name, int create, char *why, size_t wn)
{
	struct stat sb;
	int fd = openat(st->dirfd, name, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | (create ? O_CREAT : 0), 0644);

	if (fd >= 0 && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_nlink == 1) {
		fcntl(fd, F_SETFL, 0);
		return fd;
	}
	if (fd < 0 && errno != ELOOP)
		snprintf(why, wn, "%s/%s: %s", st->dir, name, strerror(errno));
	else
		snprintf(why, wn, "%s/%s: not a regular file (a symlink, a FIFO, or a file with other links?): "
			 "not used", st->dir, name);
	if (fd >= 0)
		close(fd);
	return -1;
}

void collect_store_open(struct store *st, const char *dir)
{
	char why[600], pid[24];
	int fd;

	memset(st, 0, sizeof(*st));
	st->dir = dir;
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		die("collect: %s: %s", dir, strerror(errno));
	st->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (st->dirfd < 0)
		die("collect: %s: %s", dir, strerror(errno));
	/* the lock is DIR's own: no file in it can be removed to share DIR */
	if (flock(st->dirfd, LOCK_EX | LOCK_NB) < 0) {
		ssize_t n = -1;

		fd = openat(st->dirfd, ".collector.lock", O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
		if (fd >= 0) {
			n = pread(fd, pid, sizeof(pid) - 1, 0);
			close(fd);
		}
		pid[n > 0 ? n : 0] = 0;
		pid[strcspn(pid, "\n")] = 0;
		for (char *p = pid; *p; p++)
			if (*p < '0' || *p > '9')
				*pid = 0;
		die("collect: %s is in use by another collector (pid %s)", dir, *pid ? pid : "unknown");
	}
	/* who holds it, for the message above */
	fd = open_in(st, ".collector.lock", 1, why, sizeof(why));
	if (fd < 0)
		die("collect: %s", why);
	if (ftruncate(fd, 0) < 0 || dprintf(fd, "%d\n", (int)getpid()) < 0)
		die("collect: %s/.collector.lock: %s", dir, strerror(errno));
	close(fd);
}

/*
 * MAC-BOOT.log files in DIR now that hold something (a log deleted gives
 * its place back; an empty one holds no machine). With remove, the empty
 * ones (a collector of before made them for a line it refused) are removed
 * with their state, so that none is kept; *removed counts them.
 */
static unsigned count_logs_removing(struct store *st, int remove, unsigned *removed)
{
	int fd = dup(st->dirfd);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	unsigned n = 0;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return st->logs;
	}
	rewinddir(d);
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		char state[300];
		struct stat sb;

		if (l <= 4 || strcmp(e->d_name + l - 4, ".log") || e->d_name[0] == '.')
			continue;
		if (fstatat(st->dirfd, e->d_name, &sb, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISREG(sb.st_mode) || sb.st_size) {
			n++;
			continue;
		}
		snprintf(state, sizeof(state), ".%.*s.state", (int)(l - 4), e->d_name);
		if (remove && l <= 200 && unlinkat(st->dirfd, e->d_name, 0) == 0) {
			unlinkat(st->dirfd, state, 0);
			++*removed;
		}
	}
	closedir(d);
	return n;
}

static unsigned count_logs(struct store *st)
{
	return count_logs_removing(st, 0, NULL);
}

void collect_store_count(struct store *st)
{
	unsigned removed = 0;

	st->logs = count_logs_removing(st, 1, &removed);
	if (removed)
		events_say(st->ev, "%s: %u empty logs removed (no machine's record in them)", st->dir, removed);
	if (st->logs)
		events_say(st->ev, "%s holds %u logs already: their machines continue where they were", st->dir,
			   st->logs);
}

/* --- a machine's files ------------------------------------------------------- */

static int save_state(struct machine *m)
{
	char s[STATE_LEN + 1];

	snprintf(s, sizeof(s), "%020lu %020llu\n", m->seq, m->size);
	return pwrite(m->state, s, STATE_LEN, 0) == STATE_LEN ? 0 : -1;
}

/* Reads the log back for the progress it holds (a collector started again),
 * a line at a time in a fixed buffer: a line longer than a record says nothing. */
static void replay(struct store *st, struct machine *m)
{
	static char buf[2 * REC_LINE_MAX];
	size_t have = 0;
	off_t at = 0;
	int skipping = 0;

	for (;;) {
		ssize_t got = pread(m->log, buf + have, sizeof(buf) - have, at);
		size_t start = 0;

		if (got <= 0)
			break;
		at += got;
		have += (size_t)got;
		for (char *nl; (nl = memchr(buf + start, '\n', have - start)); start = (size_t)(nl - buf) + 1) {
			if (!skipping)
				progress_note(st, m, buf + start, (size_t)(nl - buf) - start, 1);
			skipping = 0;
		}
		if (start == 0 && have == sizeof(buf)) {
			skipping = 1;
			have = 0;
			continue;
		}
		memmove(buf, buf + start, have - start);
		have -= start;
	}
}

static void close_files(struct machine *m)
{
	if (m->log >= 0)
		close(m->log);
	if (m->state >= 0)
		close(m->state);
	m->log = m->state = -1;
}

/*
 * Opens m's log and state (creating them with its first line); a log whose
 * state is gone is set aside as MAC-BOOT.log.nostate-TIME (never appended
 * to: what it holds cannot be vouched for), and a new one begins.
 */
static int open_files(struct store *st, struct machine *m, char *why, size_t wn)
{
	char log[80], state[80];
	struct stat sb;
	char s[STATE_LEN + 1] = "";
	unsigned long long size = 0;
	int fresh = !m->on_disk;

	if (m->log >= 0)
		return 0;
	if (fresh && st->logs >= st->max_machines && (st->logs = count_logs(st)) >= st->max_machines) {
		snprintf(why, wn, "%u machine logs already (--max-machines): %s refused", st->logs, m->stem);
		return -1;
	}
	snprintf(log, sizeof(log), "%s.log", m->stem);
	snprintf(state, sizeof(state), ".%s.state", m->stem);
	if ((m->log = open_in(st, log, fresh, why, wn)) < 0 || (m->state = open_in(st, state, 1, why, wn)) < 0 ||
	    fstat(m->log, &sb) < 0) {
		close_files(m);
		return -1;
	}
	if (fresh) {
		st->logs++;
		m->on_disk = 1;
	}
	if (pread(m->state, s, STATE_LEN, 0) == STATE_LEN && sscanf(s, "%lu %llu", &m->seq, &size) == 2) {
		m->size = size;
	} else if (sb.st_size > 0) {
		char aside[120];

		snprintf(aside, sizeof(aside), "%s.nostate-%ld", log, (long)time(NULL));
		close(m->log);
		m->log = -1;
		if (renameat(st->dirfd, log, st->dirfd, aside) < 0 || (m->log = open_in(st, log, 1, why, wn)) < 0 ||
		    fstat(m->log, &sb) < 0) {
			if (m->log < 0 && errno)
				snprintf(why, wn, "%s/%s has no state file and cannot be set aside: %s", st->dir, log,
					 strerror(errno));
			close_files(m);
			return -1;
		}
		events_say(st->ev, "%s: %s had no state file: set aside as %s, a new log begins", m->stem, log, aside);
		m->seq = 0;
		m->size = 0;
	}
	/* a line written after its state was not: it comes again */
	if ((unsigned long long)sb.st_size > m->size) {
		events_say(st->ev, "%s: log %llu bytes past its state (collector stopped mid-line): cut back to %llu",
			   m->stem, (unsigned long long)sb.st_size, m->size);
		if (ftruncate(m->log, (off_t)m->size) < 0)
			events_say(st->ev, "%s: truncate: %s", m->stem, strerror(errno));
	} else if ((unsigned long long)sb.st_size < m->size) {
		events_say(st->ev, "%s: log shorter than its state says (%llu < %llu bytes): continuing at its end",
			   m->stem, (unsigned long long)sb.st_size, m->size);
		m->size = (unsigned long long)sb.st_size;
	}
	m->last_write = collect_now();
	return 0;
}

struct machine *collect_store_machine(struct store *st, const char *mac, const char *boot, char *why, size_t wn)
{
	char stem[64], log[80];
	struct machine *m;
	struct stat sb;

	snprintf(stem, sizeof(stem), "%s-%s", mac, boot);
	for (char *p = stem; *p; p++)
		if (*p == ':')
			*p = '-';
	for (size_t i = 0; i < st->nm; i++)
		if (!strcmp(st->m[i]->stem, stem))
			return st->m[i];
	snprintf(log, sizeof(log), "%s.log", stem);
	m = xcalloc(1, sizeof(*m));
	m->log = m->state = -1;
	snprintf(m->mac, sizeof(m->mac), "%s", mac);
	snprintf(m->boot, sizeof(m->boot), "%s", boot);
	snprintf(m->stem, sizeof(m->stem), "%s", stem);
	if (fstatat(st->dirfd, log, &sb, AT_SYMLINK_NOFOLLOW) == 0 && !(S_ISREG(sb.st_mode) && sb.st_size == 0)) {
		/* a log of before: its progress read back, then closed until a line comes */
		m->on_disk = 1;
		if (open_files(st, m, why, wn) < 0) {
			free(m);
			return NULL;
		}
		replay(st, m);
		close_files(m);
	} else if (st->logs >= st->max_machines && (st->logs = count_logs(st)) >= st->max_machines) {
		snprintf(why, wn, "%u machine logs already (--max-machines): %s refused", st->logs, stem);
		free(m);
		return NULL;
	}
	grow(&st->m, &st->m_cap, st->nm, sizeof(*st->m));
	st->m[st->nm++] = m;
	return m;
}

static void drop_held(struct machine *m)
{
	free(m->held);
	m->held = NULL;
	m->held_len = 0;
	m->held_to = 0;
}

void collect_store_release(struct store *st, struct machine *m)
{
	close_files(m);
	m->conn = NULL;
	/* held lines were never acknowledged: the machine sends them again */
	drop_held(m);
	if (m->on_disk)
		return;
	for (size_t i = 0; i < st->nm; i++)
		if (st->m[i] == m) {
			st->m[i] = st->m[--st->nm];
			break;
		}
	free(m);
}

void collect_store_sweep(struct store *st, double now)
{
	for (size_t i = 0; i < st->nm; i++)
		if (st->m[i]->log >= 0 && now - st->m[i]->last_write > STORE_LOG_IDLE_S)
			close_files(st->m[i]);
}

int collect_store_line(struct store *st, struct machine *m, const char *peer, unsigned long from, unsigned long seq,
		       const char *s, size_t n, char *nak, size_t nn, char *why, size_t wn)
{
	static struct rec r;
	enum rec_status rs;
	struct iovec iov[2] = { { (void *)s, n }, { "\n", 1 } };

	if (n > WIRE_TEXT_MAX) {
		snprintf(why, wn, "line %lu longer than %d bytes", seq, WIRE_TEXT_MAX);
		return -1;
	}
	if (seq <= (m->held_to ? m->held_to : m->seq)) {
		m->dups++;
		return 0;
	}
	/* the machine said (its hello's from=) it holds nothing before this line */
	if (m->held_to ? seq != m->held_to + 1 : seq != m->seq + 1 && seq != from) {
		snprintf(why, wn, "sequence gap: line %lu after %lu", seq, m->held_to ? m->held_to : m->seq);
		return -1;
	}
	rs = rec_parse(s, n, &r);
	/* a slot (a log) is spent only on a machine that sent a valid record:
	 * the lines before it are held, unacknowledged; a damaged record
	 * before it is refused (N) and begins no log, or, behind held lines
	 * it would acknowledge, closes the connection (they come again) */
	if (!m->on_disk && rs != REC_GOOD) {
		if (rs != REC_NOT_RECORD && m->held_to) {
			snprintf(why, wn, "line %lu: %s, after lines held for a first record: no log begun", seq,
				 rec_status_name(rs));
			return -1;
		}
		if (rs != REC_NOT_RECORD) {
			m->refused++;
			m->seq = seq;
			events_say(st->ev, "%s %s: line %lu refused, not stored (no log begun): %s", peer, m->stem, seq,
				   rec_status_name(rs));
			snprintf(nak, nn, "%s", rec_status_name(rs));
			return 1;
		}
		if (m->held_len + n + 1 > STORE_HELD_MAX) {
			snprintf(why, wn, "%zu bytes and no record: a log begins with a machine's first record",
				 m->held_len + n + 1);
			return -1;
		}
		if (!m->held_to)
			m->held_from = seq;
		m->held = xrealloc(m->held, m->held_len + n + 1);
		memcpy(m->held + m->held_len, s, n);
		m->held[m->held_len + n] = '\n';
		m->held_len += n + 1;
		m->held_to = seq;
		return 0;
	}
	errno = 0;
	if (open_files(st, m, why, wn) < 0)
		return errno == EMFILE || errno == ENFILE ? -2 : -1;
	if (m->held_len) {
		/* the lines before the first record, in their place in the sequence */
		unsigned long to = m->held_to;

		if (m->held_from != m->seq + 1) {
			events_say(st->ev, "%s %s: lines %lu to %lu were acknowledged to an earlier collector and are not "
				   "in %s: the log continues at line %lu", peer, m->stem, m->seq + 1, m->held_from - 1,
				   st->dir, m->held_from);
			m->lost += m->held_from - 1 - m->seq;
		}
		if (m->size + m->held_len > st->max_log ||
		    pwrite(m->log, m->held, m->held_len, (off_t)m->size) != (ssize_t)m->held_len) {
			snprintf(why, wn, "writing %s.log: %s", m->stem, strerror(errno ? errno : EIO));
			return -1;
		}
		m->size += m->held_len;
		drop_held(m);
		m->seq = to;
	}
	m->last_write = collect_now();
	if (seq != m->seq + 1) {
		events_say(st->ev, "%s %s: lines %lu to %lu were acknowledged to an earlier collector and are not in "
			   "%s: the log continues at line %lu", peer, m->stem, m->seq + 1, seq - 1, st->dir, seq);
		m->lost += seq - 1 - m->seq;
	}
	if (rs != REC_NOT_RECORD && rs != REC_GOOD) {
		m->refused++;
		m->seq = seq;
		if (save_state(m) < 0) {
			snprintf(why, wn, "writing .%s.state: %s", m->stem, strerror(errno ? errno : EIO));
			return -1;
		}
		events_say(st->ev, "%s %s: line %lu refused, not stored: %s", peer, m->stem, seq, rec_status_name(rs));
		snprintf(nak, nn, "%s", rec_status_name(rs));
		return 1;
	}
	if (m->size + n + 1 > st->max_log) {
		snprintf(why, wn, "log full (--max-log %llu bytes): line %lu not stored", st->max_log, seq);
		return -1;
	}
	if (pwritev(m->log, iov, 2, (off_t)m->size) != (ssize_t)(n + 1)) {
		snprintf(why, wn, "writing %s.log: %s", m->stem, strerror(errno ? errno : EIO));
		return -1;
	}
	m->size += n + 1;
	m->seq = seq;
	if (save_state(m) < 0) {
		snprintf(why, wn, "writing .%s.state: %s", m->stem, strerror(errno ? errno : EIO));
		return -1;
	}
	if (progress_note(st, m, s, n, 0))
		collect_store_progress_print(m);
	return 0;
}

void collect_store_close(struct store *st, int signalled)
{
	unsigned n = 0;

	/* where each machine still running stands (a finished one said so already) */
	for (size_t i = 0; i < st->nm; i++) {
		if (!st->m[i]->on_disk)
			continue;
		n++;
		if (!st->m[i]->end[0])
			collect_store_progress_print(st->m[i]);
	}
	events_say(st->ev, "stopping: %u machines, %u finished%s", n, st->finished, signalled ? " (signal)" : "");
	for (size_t i = 0; i < st->nm; i++) {
		close_files(st->m[i]);
		drop_held(st->m[i]);
		free(st->m[i]);
	}
	free(st->m);
	st->m = NULL;
	st->nm = 0;
}
