/*
 * idle: sleeps, touching no memory. The no-pressure control, and what the
 * runner's timeout test kills.
 */
#include "workloads/wl.h"

#include <errno.h>
#include <stdio.h>
#include <time.h>

static uint64_t seconds = 1;

static const struct wl_param params[] = {
	{ "seconds", WL_UINT, "1", 0, 86400, &seconds },
};

int main(int argc, char **argv)
{
	enum wl_mode mode = wl_parse(argc, argv, "idle", params, sizeof(params) / sizeof(params[0]));
	uint64_t start, end;
	struct timespec until;
	int rc;

	if (mode != WL_RUN)
		return 0;
	start = wl_now_ns();
	end = start + seconds * 1000000000u;
	until.tv_sec = (time_t)(end / 1000000000u);
	until.tv_nsec = (long)(end % 1000000000u);
	while ((rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL)) == EINTR)
		;
	if (rc) {
		errno = rc;
		wl_die_errno("clock_nanosleep");
	}
	printf("slept_s=%.6f\n", (double)(wl_now_ns() - start) / 1e9);
	return 0;
}
