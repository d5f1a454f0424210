/* labpage: collect --html's page of the lab, DIR/index.html (labpage.h). */
#include "report/collect/labpage.h"
#include "report/cmd/cmd.h"
#include "report/out/html.h"
#include "report/out/section.h"
#include "report/source/clockflag.h"
#include "report/util/util.h"
#include "lib/reckeys.h"
#include "report/source/store.h"
#include "report/out/summary.h"
#include "report/stats/compare_match.h"
#include "report/stats/compare_print.h"
#include "report/source/iorec.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* m's verdicts so far: its log's runs through the report's own comparisons. */
static void verdicts_of(struct labpage *p, const struct machine *m, struct labpage_verdicts *v, double now)
{
	struct opts o = { .metric = RK_ELAPSED_S, .baseline = "partition" };
	struct dataset ds = { 0 };
	char *text, *out = NULL;
	size_t len = 0, olen = 0;
	struct dest li;
	FILE *f;

	v->done = m->done;
	v->finished = m->finished;
	v->at = now;
	if (!m->on_disk || !(text = read_log(p->dirfd, m->stem, &len)))
		return;
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
	free(v->html);
	v->html = out;
	parse_free(&ds);
	free(text);
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
					   now - v->at >= LABPAGE_VERDICTS_EVERY_S))
			verdicts_of(p, m, v, now);
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

	if (!force && (sig == p->sig || now - p->written < LABPAGE_EVERY_S))
		return;
	p->sig = sig;
	p->final = force;
	if (write_atomic(p, st, now, why, sizeof(why)) < 0)
		events_say(st->ev, "--html: the page was not rewritten: %s", why);
}

void labpage_close(struct labpage *p)
{
	for (size_t i = 0; i < p->nv; i++)
		free(p->v[i].html);
	free(p->v);
	memset(p, 0, sizeof(*p));
}
