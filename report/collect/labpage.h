#ifndef SBR_LABPAGE_H
#define SBR_LABPAGE_H
/*
 * collect --html: DIR/index.html, a lab's page for any web server or a
 * browser to open: each machine, its boot, runs done of planned, its
 * status and the verdicts of its runs so far. Rewritten as machines report
 * (at most every LABPAGE_EVERY_S), each time whole: a temporary file in
 * DIR, fsync, rename, so a reader never sees half a page.
 */
#include "report/collect/collect.h"

#include <sys/types.h>

#define LABPAGE_EVERY_S 2.0
/* a machine's verdicts are computed again (its log read, in a child
 * process, one at a time) at most this often, and when it finishes */
#define LABPAGE_VERDICTS_EVERY_S 30.0
/* a machine's verdicts past this many bytes of HTML are not shown, only counted */
#define LABPAGE_VERDICTS_MAX (4u << 20)

struct labpage_verdicts;

/* The verdicts of one machine being computed in a child process, so that
 * reading a log of 64 MiB never holds the collector's loop up. */
struct labpage_child {
	pid_t pid;			/* 0: none running */
	int fd;				/* its output, read without blocking */
	size_t v;			/* whose: p->v[v] */
	unsigned done;			/* the runs the machine had when it started */
	int finished;
	char *out;			/* what it wrote so far */
	size_t len, cap;
};

struct labpage {
	const char *dir;
	int dirfd;
	double written;			/* when last written */
	unsigned long long sig;		/* the progress it showed */
	int final;			/* the last page: every machine's verdicts brought up to date */
	int fresh;			/* verdicts came in since: the page is written again */
	struct labpage_verdicts *v;	/* each machine's verdicts, kept */
	size_t nv, v_cap;
	struct labpage_child child;
};

/* Writes the first page; 0, or -1 with why (DIR cannot be written). */
int labpage_open(struct labpage *p, const struct store *st, char *why, size_t wn);
/* Rewrites the page when the machines' progress changed (force: whether or not, at once). */
void labpage_tick(struct labpage *p, const struct store *st, double now, int force);
void labpage_close(struct labpage *p);

#endif
