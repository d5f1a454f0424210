/*
 * collect's events: DIR/collector.events and stderr, bounded (collect_events.c),
 * and the clock every part of collect reads.
 */
#ifndef REPORT_COLLECT_EVENTS_H
#define REPORT_COLLECT_EVENTS_H

#include <stddef.h>

#define EVENTS_MAX (1 << 20)		/* bytes of collector.events; then it becomes collector.events.old */
#define EVENTS_BURST 200		/* events in EVENTS_WINDOW_S; the rest counted, not written */
#define EVENTS_WINDOW_S 10.0

struct events {
	int dirfd, fd;
	unsigned long long size;
	double window;			/* when the current window began */
	unsigned in_window;
	unsigned long suppressed;	/* in this window */
};

double collect_now(void);
/* the local time of day, HH:MM:SS, as events and progress lines begin */
void collect_stamp(char out[16]);
/* Opens DIR/collector.events (a regular file, no symlink); 0, or -1 with why. */
int events_open(struct events *ev, int dirfd, char *why, size_t wn);
/* One line, escaped, on stderr and in the file; at most EVENTS_BURST per window. */
__attribute__((format(printf, 2, 3))) void events_say(struct events *ev, const char *fmt, ...);
/* At a window's end: one line for the events it suppressed. */
void events_tick(struct events *ev);

#endif
