/*
 * collect's logs: one MAC-BOOT.log per machine and boot with its hidden
 * state file, the progress line per machine, and storing a received line
 * once (report/collect.c has the network side and the whole story).
 */
#include "util.h"
#include "collect.h"
#include "../lib/record.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


/* --- progress -------------------------------------------------------------- */

void collect_progress_print(struct machine *m)
{
	char ts[16];

	collect_stamp(ts);
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
		/* s is not NUL-terminated (a frame's text, or a log line with its newline) */
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
		const char *st = rec_get(&r, "status"), *el = rec_get(&r, "elapsed_s");

		m->done++;
		*(r.ok ? &m->ok : &m->notok) += 1;
		snprintf(m->last, sizeof(m->last), "%s (%s%s%s s)", st ? st : r.ok ? "ok" : "not ok", r.id,
			 el ? ", " : "", el ? el : "");
		if (!m->first_t)
			m->first_t = collect_now();
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

/*
 * A log without its state: never appended to (what it holds cannot be
 * vouched for), but set aside as MAC-BOOT.log.nostate-TIME, which readers
 * of DIR skip, and the machine starts a new log; 0, or -1 with why.
 */
static int set_aside(struct machine *m, const char *stem, struct stat *st, char *why, size_t wn)
{
	char *from = xasprintf("%s/%s.log", C.dir, stem);
	char *to = xasprintf("%s.nostate-%ld", from, (long)time(NULL));
	int r = rename(from, to);

	if (r == 0) {
		collect_event("%s: %s.log had no state file: set aside as %s, a new log begins", stem, stem,
			      strrchr(to, '/') + 1);
		close(m->log);
		m->log = open(from, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
		r = m->log < 0 || fstat(m->log, st) < 0 ? -1 : 0;
	}
	if (r < 0)
		snprintf(why, wn, "%s/%s.log has no state file and cannot be set aside: %s", C.dir, stem,
			 strerror(errno));
	free(from);
	free(to);
	return r;
}

/* The machine no longer holds lines up to upto: they went to a collector
 * whose folder this is not (lost, or a new DIR); the log continues after them. */
void collect_skip(struct conn *c, unsigned long upto)
{
	struct machine *m = c->m;

	collect_event("%s %s: lines %lu to %lu were acknowledged to an earlier collector and are not in %s: "
		      "the log continues at line %lu", c->peer, m->stem, m->seq + 1, upto, C.dir, upto + 1);
	m->lost += upto - m->seq;
	m->seq = upto;
	save_state(m);
}

struct machine *collect_machine_open(const char *mac, const char *boot, char *why, size_t wn)
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
		} else if (st.st_size > 0 && set_aside(m, stem, &st, why, wn) < 0) {
			close(m->log);
			close(m->state);
			free(m);
			return NULL;
		}
	}
	/* a line written after its state was not: it comes again */
	if ((unsigned long long)st.st_size > m->size) {
		collect_event("%s: log %llu bytes past its state (collector stopped mid-line): cut back to %llu",
		      stem, (unsigned long long)st.st_size, m->size);
		if (ftruncate(m->log, (off_t)m->size) < 0)
			collect_event("%s: truncate: %s", stem, strerror(errno));
	} else if ((unsigned long long)st.st_size < m->size) {
		collect_event("%s: log shorter than its state says (%llu < %llu bytes): continuing at its end",
		      stem, (unsigned long long)st.st_size, m->size);
		m->size = (unsigned long long)st.st_size;
	}
	replay(m);
	grow(&C.m, &C.m_cap, C.nm, sizeof(*C.m));
	C.m[C.nm++] = m;
	return m;
}

/* Stores line seq of m; 0, or -1 with why when the connection must close. */
int collect_store(struct conn *c, unsigned long seq, const char *s, size_t n, char *why, size_t wn)
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
		collect_event("%s %s: line %lu refused, not stored: %s", c->peer, m->stem, seq, rec_status_name(st));
		snprintf(t, sizeof(t), "%s", rec_status_name(st));
		collect_send_frame(c, WIRE_NAK, seq, t);
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
		collect_progress_print(m);
	return 0;
}
