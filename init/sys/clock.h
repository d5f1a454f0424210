#ifndef SB_CLOCK_H
#define SB_CLOCK_H
/*
 * The instrument every time is taken with: the kernel's clocksource and
 * the resolution of CLOCK_MONOTONIC. Nothing here assumes a TSC.
 */
#include <stddef.h>

#define CLOCK_NAME_MAX 32
#define CLOCK_STEP_SPIN_NS 50000000L	/* four whole steps of a tick clock at HZ=100 */

struct clock_info {
	char source[CLOCK_NAME_MAX];	/* current clocksource, "unknown" without sysfs */
	long res_ns;			/* clock_getres(CLOCK_MONOTONIC), -1 if it failed */
	long step_ns;			/* median step between two readings, -1 if none */
};

/* The current clocksource's name into name; 0 or -errno ("unknown" then). */
int clock_source(char *name, size_t size);
/* A clocksource the kernel replaces once it has calibrated (tsc-early). */
int clock_provisional(const char *source);
/*
 * Waits at most limit_s for a provisional clocksource to be replaced;
 * returns the seconds waited, with c describing the clock at the end.
 */
double clock_settle(double limit_s, struct clock_info *c);

#endif
