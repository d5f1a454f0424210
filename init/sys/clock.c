#include "init/sys/clock.h"
#include "init/sys/kfile.h"
#include "init/sys/vmstat.h"
#include "lib/now.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define CURRENT "/sys/devices/system/clocksource/clocksource0/current_clocksource"
#define POLL_NS 20000000L
#define STEPS 9

/*
 * The median of a few whole steps (the first change seen ends only part of
 * one): a tick-driven clock also takes small steps when the timekeeping
 * corrects itself at a tick, so the smallest step would flatter it.
 */
static long clock_step(void)
{
	long long start = now_ns(), last = start, step[STEPS];
	int changes = 0, n = 0;

	while (n < STEPS) {
		long long t = now_ns();

		if (t - start > CLOCK_STEP_SPIN_NS)
			break;
		if (t == last)
			continue;
		if (changes++) {
			int i = n++;

			for (; i > 0 && step[i - 1] > t - last; i--)
				step[i] = step[i - 1];
			step[i] = t - last;
		}
		last = t;
	}
	return n ? (long)step[n / 2] : -1;
}

int clock_source(char *name, size_t size)
{
	int n = kfile_read(CURRENT, name, (int)size);

	if (n <= 0) {
		snprintf(name, size, "unknown");
		return n < 0 ? n : -ENODATA;
	}
	name[strcspn(name, " \n")] = 0;
	return 0;
}

/*
 * Fills c, spinning up to CLOCK_STEP_SPIN_NS on CLOCK_MONOTONIC for the step;
 * returns 0, or -errno when the clocksource cannot be read. clock_getres
 * gives the timer resolution: 1 ns with high-resolution timers, a tick
 * without them even when the clocksource reads finer (the i386 PIT), so the
 * step is what a measured interval is precise to.
 */
static int clock_read(struct clock_info *c)
{
	struct timespec res;

	c->res_ns = clock_getres(CLOCK_MONOTONIC, &res) == 0 ? res.tv_sec * 1000000000L + res.tv_nsec : -1;
	c->step_ns = clock_step();
	return clock_source(c->source, sizeof(c->source));
}

int clock_provisional(const char *source)
{
	size_t n = strlen(source);

	return n > 6 && !strcmp(source + n - 6, "-early");
}

double clock_settle(double limit_s, struct clock_info *c)
{
	struct timespec pause = { 0, POLL_NS };
	long long t0 = now_ns();
	double waited = 0;

	while (clock_source(c->source, sizeof(c->source)) == 0 && clock_provisional(c->source) &&
	       waited < limit_s) {
		nanosleep(&pause, NULL);
		waited = (double)(now_ns() - t0) / 1e9;
	}
	clock_read(c);
	return waited;
}
