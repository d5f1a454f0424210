/*
 * collect's events: DIR/collector.events and stderr, one line each, every
 * byte a peer chose escaped (report/util/escape.h). Bounded: at most
 * EVENTS_BURST lines in EVENTS_WINDOW_S, the rest counted in one
 * "N events suppressed" line; at EVENTS_MAX bytes the file becomes
 * collector.events.old (the one before is replaced) and a new one begins.
 */
#include "report/collect/collect_events.h"
#include "report/util/escape.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

double collect_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int open_file(int dirfd, char *why, size_t wn)
{
	struct stat st;
	int fd = openat(dirfd, "collector.events", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW |
			O_NONBLOCK, 0644);

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1) {
		snprintf(why, wn, "collector.events: %s", fd < 0 && errno != ELOOP ? strerror(errno) :
			 "not a regular file (a symlink, or a file with other links?): remove it");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	fcntl(fd, F_SETFL, O_APPEND);
	return fd;
}

int events_open(struct events *ev, int dirfd, char *why, size_t wn)
{
	struct stat st;

	memset(ev, 0, sizeof(*ev));
	ev->dirfd = dirfd;
	ev->window = collect_now();
	if ((ev->fd = open_file(dirfd, why, wn)) < 0)
		return -1;
	ev->size = fstat(ev->fd, &st) == 0 ? (unsigned long long)st.st_size : 0;
	return 0;
}

void collect_stamp(char out[16])
{
	time_t t = time(NULL);
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(out, 16, "%H:%M:%S", &tm);
}

static void put(struct events *ev, const char *text)
{
	char line[1200], ts[16], why[200];
	size_t n;

	collect_stamp(ts);
	n = (size_t)snprintf(line, sizeof(line), "%s ", ts);
	n += esc_text(line + n, sizeof(line) - n - 1, text, strlen(text));
	line[n++] = '\n';
	fprintf(stderr, "collect: %.*s", (int)n, line);
	if (ev->fd < 0)
		return;
	if (ev->size + n > EVENTS_MAX) {
		/* full: kept as .old, and a new file */
		close(ev->fd);
		ev->fd = -1;
		if (renameat(ev->dirfd, "collector.events", ev->dirfd, "collector.events.old") < 0 ||
		    (ev->fd = open_file(ev->dirfd, why, sizeof(why))) < 0) {
			fprintf(stderr, "collect: collector.events full and not renewed (%s): events on stderr only\n",
				errno ? strerror(errno) : why);
			return;
		}
		ev->size = 0;
	}
	if (write(ev->fd, line, n) == (ssize_t)n)
		ev->size += n;
}

void events_tick(struct events *ev)
{
	double t = collect_now();
	char s[120];

	if (t - ev->window < EVENTS_WINDOW_S)
		return;
	if (ev->suppressed) {
		snprintf(s, sizeof(s), "%lu events suppressed in %.0f s (more than %d)", ev->suppressed,
			 t - ev->window, EVENTS_BURST);
		put(ev, s);
	}
	ev->window = t;
	ev->in_window = 0;
	ev->suppressed = 0;
}

void events_say(struct events *ev, const char *fmt, ...)
{
	char text[1000];
	va_list ap;

	events_tick(ev);
	if (ev->in_window >= EVENTS_BURST) {
		ev->suppressed++;
		return;
	}
	ev->in_window++;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	put(ev, text);
}
