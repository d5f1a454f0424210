#ifndef SB_NOW_H
#define SB_NOW_H
/*
 * CLOCK_MONOTONIC: the one reader of the clock for init, lib and the
 * workloads (durations, the clock's step); tests/integration/layering.sh fails on
 * another clock_gettime.
 */
#include <time.h>

static inline long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static inline double now_s(void)
{
	return (double)now_ns() / 1e9;
}

#endif
