/* labpage: collect --html's page of the lab, DIR/index.html (labpage.h). */
#include "report/collect/labpage.h"
#include "report/out/html.h"
#include "report/out/section.h"
#include "report/source/clockflag.h"
#include "report/util/util.h"
#include "lib/reckeys.h"
#include "report/source/store.h"
#include "report/out/summary.h"
#include "report/stats/compare_match.h"
#include "report/out/compare_print.h"
#include "report/source/iorec.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define PAGE "index.html"
#define PAGE_TMP ".index.html.tmp"

/* A machine's verdicts as last computed, by its stem. */
struct labpage_verdicts {
	char stem[64];
	unsigned done;		/* runs it had then */
	int finished;
	double at;
	char *html;		/* <li> items, or "" */
};

static struct labpage_verdicts *kept(struct labpage *p, const char *stem)
{
	for (size_t i = 0; i < p->nv; i++)
		if (!strcmp(p->v[i].stem, stem))
			return &p->v[i];
	grow(&p->v, &p->v_cap, p->nv, sizeof(*p->v));
	memset(&p->v[p->nv], 0, sizeof(p->v[0]));
	snprintf(p->v[p->nv].stem, sizeof(p->v[0].stem), "%s", stem);
	p->v[p->nv].html = xstrdup("");
	return &p->v[p->nv++];
}

/* The log of m, read inside DIR (no symlink) into memory; NULL when it cannot be. */
static char *read_log(int dirfd, const char *stem, size_t *len)
{
	char name[80];
	struct stat sb;
	char *buf;
	size_t have = 0;
	int fd;

	snprintf(name, sizeof(name), "%s.log", stem);
	fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode)) {
		close(fd);
		return NULL;
	}
	buf = xcalloc((size_t)sb.st_size + 1, 1);
	while (have < (size_t)sb.st_size) {
		ssize_t n = read(fd, buf + have, (size_t)sb.st_size - have);

		if (n <= 0)
			break;
		have += (size_t)n;
	}
	close(fd);
	*len = have;
	return buf;
}

/* m's verdicts so far (its log's runs through the report's own
 * comparisons) as <li> items: a string to free; NULL when its log cannot be read. */
static char *verdicts_html(const struct labpage *p, const struct machine *m)
{
	struct section_opts o = { .metric = RK_ELAPSED_S, .baseline = "partition" };
	struct dataset ds = { 0 };
	char *text, *out = NULL;
	size_t len = 0, olen = 0;
	struct dest li;
	FILE *f;

	if (!m->on_disk || !(text = read_log(p->dirfd, m->stem, &len)))
		return NULL;
	parse_text(&ds, m->stem, text, len);
	parse_finish(&ds);
	io_attach(&ds);
	clockflag_runs(&ds, o.metric);
	f = open_memstream(&out, &olen);
	if (!f)
		die("collect: out of memory");
	li = html_dest(f);
	li.item[0] = "<li>";
	li.item[1] = "</li>";
	section_verdicts(&li, &ds, &o);
	if (fclose(f))
		die("collect: out of memory");
	parse_free(&ds);
	free(text);
	return out;
}

/* v's verdicts become html (taken), as of done runs. */
static void verdicts_set(struct labpage_verdicts *v, char *html, unsigned done, int finished)
{
	if (strlen(html) > LABPAGE_VERDICTS_MAX) {
		char *n = xasprintf("<li>more than %u bytes of verdicts: too many to show here "
				    "(swapbench-report md on the machine's log gives them all)</li>", LABPAGE_VERDICTS_MAX);

		free(html);
		html = n;
	}
	free(v->html);
	v->html = html;
	v->done = done;
	v->finished = finished;
}

/* m's verdicts now, in this process (the last page). */
static void verdicts_of(struct labpage *p, const struct machine *m, struct labpage_verdicts *v, double now)
{
	char *html = verdicts_html(p, m);

	v->at = now;
	if (html)
		verdicts_set(v, html, m->done, m->finished);
	else {
		v->done = m->done;
		v->finished = m->finished;
	}
}

/* Closes every descriptor from 3 on but keep1 and keep2: a child holds no connection open. */
static void close_others(int keep1, int keep2)
{
	int lo = keep1 < keep2 ? keep1 : keep2, hi = keep1 < keep2 ? keep2 : keep1;

	if (close_range(3, (unsigned)lo - 1, 0) < 0 || close_range((unsigned)lo + 1, (unsigned)hi - 1, 0) < 0 ||
	    close_range((unsigned)hi + 1, ~0u, 0) < 0)
		for (int fd = 3; fd < 65536; fd++)
			if (fd != keep1 && fd != keep2)
				close(fd);
}

/* m's verdicts computed by a child process writing them to a pipe
 * (labpage_poll reads them); when it cannot start, nothing changes. */
static void verdicts_start(struct labpage *p, const struct machine *m, size_t vi, double now)
{
	struct labpage_child *c = &p->child;
	int fds[2];
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) < 0)
		return;
	fflush(NULL);	/* nothing buffered is written twice */
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return;
	}
	if (!pid) {
		char *html;
		size_t len, off = 0;

		close_others(fds[1], p->dirfd);
		html = verdicts_html(p, m);
		len = html ? strlen(html) : 0;
		while (off < len) {
			ssize_t n = write(fds[1], html + off, len - off);

			if (n <= 0)
				_exit(1);
			off += (size_t)n;
		}
		_exit(html ? 0 : 1);
	}
	close(fds[1]);
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	*c = (struct labpage_child){ pid, fds[0], vi, m->done, m->finished, NULL, 0, 0 };
	p->v[vi].at = now;
}

/* Ends the child: its verdicts kept when it wrote them whole (wait: until it
 * exits), or instead when given. */
static void verdicts_end(struct labpage *p, int kill_it, char *instead)
{
	struct labpage_child *c = &p->child;
	int status = 0;

	if (!c->pid)
		return;
	if (kill_it)
		kill(c->pid, SIGKILL);
	while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
		;
	close(c->fd);
	if (instead) {
		free(c->out);
		verdicts_set(&p->v[c->v], instead, c->done, c->finished);
		p->fresh = 1;
	} else if (!kill_it && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		grow(&c->out, &c->cap, c->len, 1);
		c->out[c->len] = 0;
		verdicts_set(&p->v[c->v], c->out, c->done, c->finished);
		p->fresh = 1;
	} else {
		free(c->out);
	}
	memset(c, 0, sizeof(*c));
}

/* Reads what the child wrote, without waiting; at its end, its verdicts are kept. */
static void verdicts_poll(struct labpage *p)
{
	struct labpage_child *c = &p->child;

	while (c->pid) {
		ssize_t n;

		if (c->cap - c->len < 65536) {
			c->cap = c->cap ? 2 * c->cap : 65536;
			c->out = xrealloc(c->out, c->cap);
		}
		n = read(c->fd, c->out + c->len, c->cap - c->len);
		if (n > 0) {
			c->len += (size_t)n;
			if (c->len > LABPAGE_VERDICTS_MAX)	/* enough to say it is too much */
				verdicts_end(p, 1, xasprintf("<li>more than %u bytes of verdicts: too many to show "
							     "here (swapbench-report md on the machine's log gives "
							     "them all)</li>", LABPAGE_VERDICTS_MAX));
		} else if (n == 0) {
			verdicts_end(p, 0, NULL);
		} else if (errno != EINTR) {
			return;
		}
	}
}

static const char style[] =
	"body{font-family:sans-serif;margin:1.5em auto;max-width:80em;padding:0 1em;color:#111;background:#fff}\n"
	"table{border-collapse:collapse;font-size:.9em}th,td{border:1px solid #bbb;padding:.2em .4em;"
	"text-align:left;vertical-align:top}th{background:#eee}td.n{text-align:right}\n"
	"td.w{overflow-wrap:anywhere;min-width:12em}\n"
	"td ul{margin:0;padding-left:1.2em}code{overflow-wrap:anywhere}\n"
	"@media print{body{max-width:none;margin:0;font-size:9pt}thead{display:table-header-group}"
	"tr{break-inside:avoid}}\n";

static void write_page(struct labpage *p, const struct store *st, FILE *f, double now)
{
	struct dest h = html_dest(f);
	unsigned shown = 0, finished = 0;
	char ts[16];

	collect_stamp(ts);
	for (size_t i = 0; i < st->nm; i++) {
		shown += st->m[i]->on_disk;
		finished += st->m[i]->on_disk && st->m[i]->finished;
	}
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		"<meta http-equiv=\"refresh\" content=\"10\">\n<title>swapbench lab: %s</title>\n<style>\n%s</style>\n"
		"</head>\n<body>\n<h1>swapbench lab: %s</h1>\n", h.text(p->dir), style, h.code(p->dir));
	fprintf(f, "<p>%u machine%s, %u finished; page written at %s, again as machines report "
		"(a browser reloads it every 10 s). Verdicts: %s against %s, each a sentence with its "
		"interval (the rule: docs/verdicts.md).</p>\n", shown, shown == 1 ? "" : "s", finished, ts,
		h.code(RK_ELAPSED_S), "the partition");
	if (!shown) {
		fputs("<p class=\"nothing\">No machine has reported yet.</p>\n</body>\n</html>\n", f);
		return;
	}
	fputs("<table>\n<thead><tr><th scope=\"col\">machine</th><th scope=\"col\">boot</th>"
	      "<th scope=\"col\">runs done</th><th scope=\"col\">planned</th><th scope=\"col\">ok</th>"
	      "<th scope=\"col\">not ok</th><th scope=\"col\">status</th><th scope=\"col\">verdicts so far</th>"
	      "</tr></thead>\n<tbody>\n", f);
	for (size_t i = 0; i < st->nm; i++) {
		const struct machine *m = st->m[i];
		struct labpage_verdicts *v;

		if (!m->on_disk)
			continue;
		v = kept(p, m->stem);
		if (v->done != m->done && (p->final || (m->finished && !v->finished) || !v->at ||
					   now - v->at >= LABPAGE_VERDICTS_EVERY_S)) {
			if (p->final)
				verdicts_of(p, m, v, now);
			else if (!p->child.pid)
				verdicts_start(p, m, (size_t)(v - p->v), now);
		}
		fprintf(f, "<tr><td>%s</td><td>%s</td><td class=\"n\">%u</td>", h.code(m->mac), h.code(m->boot), m->done);
		if (m->planned)
			fprintf(f, "<td class=\"n\">%u</td>", m->planned);
		else
			fputs("<td class=\"n\">-</td>", f);
		fprintf(f, "<td class=\"n\">%u</td><td class=\"n\">%u</td>", m->ok, m->notok);
		if (m->end[0])
			fprintf(f, "<td>%s</td>", h.text(m->end));
		else
			fprintf(f, "<td>running, last %s%s%s</td>", h.text(m->last[0] ? m->last : "-"),
				m->eta[0] ? ", ETA " : "", h.text(m->eta));
		if (*v->html)
			fprintf(f, "<td><ul>%s</ul>%s</td></tr>\n", v->html,
				v->done != m->done ? "<small>(as of fewer runs)</small>" : "");
		else
			fputs("<td>none yet</td></tr>\n", f);
	}
	fputs("</tbody>\n</table>\n</body>\n</html>\n", f);
}

/* The page whole into DIR/.index.html.tmp, flushed to disk, then renamed over DIR/index.html. */
static int write_atomic(struct labpage *p, const struct store *st, double now, char *why, size_t wn)
{
	int fd = openat(p->dirfd, PAGE_TMP, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
	FILE *f;

	if (fd < 0) {
		snprintf(why, wn, "%s: %s", PAGE_TMP, strerror(errno));
		return -1;
	}
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		snprintf(why, wn, "%s: %s", PAGE_TMP, strerror(errno));
		return -1;
	}
	write_page(p, st, f, now);
	if (fflush(f) || fsync(fd) < 0) {
		snprintf(why, wn, "%s: %s", PAGE_TMP, strerror(errno));
		fclose(f);
		unlinkat(p->dirfd, PAGE_TMP, 0);
		return -1;
	}
	if (fclose(f)) {
		snprintf(why, wn, "%s: %s", PAGE_TMP, strerror(errno));
		unlinkat(p->dirfd, PAGE_TMP, 0);
		return -1;
	}
	if (renameat(p->dirfd, PAGE_TMP, p->dirfd, PAGE) < 0) {
		snprintf(why, wn, "%s: %s", PAGE, strerror(errno));
		unlinkat(p->dirfd, PAGE_TMP, 0);
		return -1;
	}
	fsync(p->dirfd);
	p->written = now;
	return 0;
}

static unsigned long long progress_sig(const struct store *st)
{
	unsigned long long s = st->nm;

	for (size_t i = 0; i < st->nm; i++) {
		const struct machine *m = st->m[i];

		s = s * 1000003 + ((unsigned long long)m->done << 20 ^ m->planned << 2 ^ (unsigned)m->finished ^
				   (unsigned)m->on_disk << 1);
	}
	return s;
}

int labpage_open(struct labpage *p, const struct store *st, char *why, size_t wn)
{
	memset(p, 0, sizeof(*p));
	p->dir = st->dir;
	p->dirfd = st->dirfd;
	p->sig = progress_sig(st);
	return write_atomic(p, st, collect_now(), why, wn);
}

void labpage_tick(struct labpage *p, const struct store *st, double now, int force)
{
	unsigned long long sig = progress_sig(st);
	char why[300];

	verdicts_poll(p);
	if (force)
		verdicts_end(p, 1, NULL);	/* the last page computes every machine's itself */
	if (!force && ((sig == p->sig && !p->fresh) || now - p->written < LABPAGE_EVERY_S))
		return;
	p->sig = sig;
	p->fresh = 0;
	p->final = force;
	if (write_atomic(p, st, now, why, sizeof(why)) < 0)
		events_say(st->ev, "--html: the page was not rewritten: %s", why);
}

void labpage_close(struct labpage *p)
{
	verdicts_end(p, 1, NULL);
	for (size_t i = 0; i < p->nv; i++)
		free(p->v[i].html);
	free(p->v);
	memset(p, 0, sizeof(*p));
}
