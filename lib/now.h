#ifndef SB_NOW_H
#define SB_NOW_H
/* Seconds on CLOCK_MONOTONIC: the one reader init's and lib's durations are taken with. */
#include <time.h>

static inline double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif
