/*
 * time-to-oom: a working set that grows until the OOM killer acts (or a
 * limit is hit), timed. What MGLRU's users ask about: how long a machine
 * thrashes before it kills, and how long its tasks stall on the way
 * (@mglru=1@min_ttl_ms=N makes the kernel kill sooner rather than thrash).
 *
 * A child grows its memory by `step` at a time and, after each step,
 * touches `touch` pages picked at random from all it has grown, so that
 * its old memory stays in use as in a program whose data grows; it makes
 * itself the OOM killer's first choice (oom_score_adj 1000). The parent
 * stays small, watches /proc/pressure/memory every 50 ms and reports:
 *
 *   end=oom|limit|enomem   killed (SIGKILL), grew to `limit`, or mmap failed
 *   oom_s                  start to the kill (only when end=oom)
 *   grown_kb               what the child had written when it ended
 *   psi_full_us, psi_some_us   memory stall totals from start to the end
 *   first_full_s           start to the first full stall (absent if none)
 */
#include "workloads/wl.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static uint64_t step = 1 << 20, touch = 256, limit, seed = 1;
static struct wl_fill fill;

static const struct wl_param params[] = {
	{ "step", WL_SIZE, "1M", 4096, 1 << 30, &step },	/* grown at a time */
	{ "touch", WL_UINT, "256", 0, 1 << 20, &touch },	/* old pages touched per step */
	{ "limit", WL_SIZE, "0", 0, 1099511627776.0, &limit },	/* 0: until killed */
	{ "seed", WL_UINT, "1", 0, 4294967295.0, &seed },
	{ "fill", WL_FILL, WL_FILL_DEFAULT, 0, 0, &fill },
};

/* the child's progress, in a shared page the parent reads after it ends */
struct progress {
	volatile uint64_t grown;	/* bytes written */
	volatile int enomem;
};

static uint64_t rng(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1du;
}

static _Noreturn void grow(struct progress *pr)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), chunk = (size_t)step / pg * pg;
	size_t cap = 1024, n = 0;
	unsigned char **chunks = malloc(cap * sizeof(*chunks));
	uint64_t s = seed * 0x9e3779b97f4a7c15u + 1;
	FILE *adj = fopen("/proc/self/oom_score_adj", "w");

	if (adj) {
		fputs("1000\n", adj);
		fclose(adj);
	}
	if (!chunks)
		_exit(WL_EXIT_FAIL);
	while (!limit || pr->grown + chunk <= limit) {
		unsigned char *p = mmap(NULL, chunk, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED) {
			pr->enomem = 1;
			_exit(0);
		}
		if (n == cap) {
			unsigned char **more = realloc(chunks, 2 * cap * sizeof(*chunks));

			if (!more) {
				pr->enomem = 1;
				_exit(0);
			}
			chunks = more;
			cap *= 2;
		}
		chunks[n++] = p;
		wl_fill(p, chunk, &fill, seed + n);
		pr->grown += chunk;
		/* the old memory stays in use: touch some of it, at random */
		for (uint64_t i = 0; i < touch; i++) {
			uint64_t r = rng(&s), c = r % n, off = (r >> 32) % (chunk / pg);

			chunks[c][off * pg] += 1;
		}
	}
	_exit(0);
}

/* /proc/pressure/memory's some and full totals, in us; -1 when absent */
static int psi(long long *some, long long *full)
{
	FILE *f = fopen("/proc/pressure/memory", "r");
	char kind[8];
	long long total;
	int got = 0;

	*some = *full = -1;
	if (!f)
		return -1;
	while (fscanf(f, "%7s avg10=%*s avg60=%*s avg300=%*s total=%lld", kind, &total) == 2) {
		if (kind[0] == 's')
			*some = total;
		else
			*full = total;
		got++;
	}
	fclose(f);
	return got == 2 ? 0 : -1;
}

int main(int argc, char **argv)
{
	const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	enum wl_mode mode = wl_parse(argc, argv, name, params, sizeof(params) / sizeof(params[0]));
	struct progress *pr;
	long long some0, full0, some, full;
	double t0, first_full = -1, end;
	int st, have_psi;
	pid_t pid, got;
	FILE *adj;

	if (limit && limit < step) {
		char given[32];

		snprintf(given, sizeof(given), "%llu", (unsigned long long)limit);
		wl_usage("limit", given, "smaller than one step (%llu bytes)", (unsigned long long)step);
	}
	if (mode != WL_RUN)
		return 0;
	pr = mmap(NULL, sizeof(*pr), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (pr == MAP_FAILED)
		wl_die_errno("mmap");
	/* the parent is not the one to kill (ignored where not allowed) */
	adj = fopen("/proc/self/oom_score_adj", "w");
	if (adj) {
		fputs("-1000\n", adj);
		fclose(adj);
	}
	have_psi = psi(&some0, &full0) == 0;
	t0 = wl_now();
	pid = fork();
	if (pid < 0)
		wl_die_errno("fork");
	if (pid == 0)
		grow(pr);
	while ((got = waitpid(pid, &st, WNOHANG)) == 0) {
		struct timespec d = { 0, 50 * 1000 * 1000 };

		if (have_psi && first_full < 0 && psi(&some, &full) == 0 && full > full0)
			first_full = wl_now() - t0;
		nanosleep(&d, NULL);
	}
	end = wl_now() - t0;
	if (got < 0)
		wl_die_errno("waitpid");
	if (have_psi && psi(&some, &full) == 0) {
		if (first_full < 0 && full > full0)
			first_full = end;
		printf("psi_some_us=%lld\npsi_full_us=%lld\n", some - some0, full - full0);
	}
	if (first_full >= 0)
		printf("first_full_s=%.3f\n", first_full);
	printf("grown_kb=%llu\n", (unsigned long long)(pr->grown >> 10));
	if (WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL) {
		printf("end=oom\noom_s=%.3f\n", end);
	} else if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
		printf("end=%s\n", pr->enomem ? "enomem" : "limit");
	} else {
		wl_die("the growing child ended with status %d (not the OOM killer's SIGKILL)", st);
	}
	printf("elapsed_to_end_s=%.3f\n", end);
	printf("fill=%s\n", wl_fill_name(&fill, (char[16]){ 0 }, 16));
	return 0;
}
