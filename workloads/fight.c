/*
 * fight: seed experiment 002. procs processes each malloc their share of
 * ratio * MemTotal (or ratio * MemTotal each, share=each) and write every
 * byte of it, passes times, so together they fight over RAM; the parent
 * reports how long until all are done. One program under three names,
 * which differ only in their defaults (lib/workloads.h holds the aliases'):
 *
 *   seed002       the seed's program: one pass, 1.5 x RAM in total
 *   seed002-each  the seed's program read the other way: 1.5 x RAM each
 *   fight         swapbench's own: two passes, 1.5 x RAM in total. The
 *                 seed initialised its memory once; on a second pass each
 *                 process faults back in what the other pushed out, which
 *                 is the swap-in traffic a comparison of kernels is about.
 *
 * fill says what the bytes are (wl.h): the seed's memset of one byte
 * (same) for seed002, text-like pages compressing 3:1 for fight, so that
 * zram and zswap compress as they would real memory.
 */
#include "workloads/wl.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_PROCS 64

static uint64_t procs = 2;
static double ratio = 1.5;
static uint64_t passes = 2;
static const char *share = "total";
static struct wl_fill fill;

static struct wl_param params[] = {
	{ "procs", WL_UINT, "2", 1, MAX_PROCS, &procs },
	{ "ratio", WL_RATIO, "1.5", 0.01, 8, &ratio },
	{ "passes", WL_UINT, "2", 1, 100, &passes },
	{ "share", WL_NAME, "total", 0, 0, &share },
	{ "fill", WL_FILL, WL_FILL_DEFAULT, 0, 0, &fill },
};

static _Noreturn void child(size_t bytes, unsigned id)
{
	unsigned char *p;

	/* Orphans would keep eating memory after a runner kills only us. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() == 1)
		_exit(1);
	p = malloc(bytes);
	if (!p) {
		fprintf(stderr, "fight: child %u: cannot malloc %zu bytes\n", id, bytes);
		_exit(1);
	}
	for (uint64_t pass = 0; pass < passes; pass++)
		wl_fill(p, bytes, &fill, id + pass);
	_exit(0);
}

static void kill_all(const pid_t *pids, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (pids[i] > 0)
			kill(pids[i], SIGKILL);
}

int main(int argc, char **argv)
{
	const char *name = wl_alias(argc, argv, "fight", params, sizeof(params) / sizeof(params[0]));
	enum wl_mode mode = wl_parse(argc, argv, name, params, sizeof(params) / sizeof(params[0]));
	pid_t pids[MAX_PROCS];
	unsigned n = (unsigned)procs, alive = 0;
	int failed = 0, status = 0;
	pid_t culprit = 0;
	size_t each;
	double t0;

	if (strcmp(share, "total") && strcmp(share, "each"))
		wl_usage("share", share, "total (ratio x MemTotal in all) or each (ratio x MemTotal per process)");
	if (mode != WL_RUN)
		return 0;
	each = wl_mem_share(ratio, strcmp(share, "each") ? n : 1);
	fflush(NULL);
	t0 = wl_now();
	for (unsigned i = 0; i < n; i++) {
		pids[i] = fork();
		if (pids[i] < 0) {
			int e = errno;
			kill_all(pids, i);
			while (wait(NULL) > 0 || errno == EINTR)
				;
			errno = e;
			wl_die_errno("fork child %u of %u", i + 1, n);
		}
		if (pids[i] == 0)
			child(each, i);
		alive++;
	}
	while (alive) {
		int st;
		pid_t pid = wait(&st);

		if (pid < 0) {
			if (errno == EINTR)
				continue;
			wl_die_errno("wait");
		}
		alive--;
		for (unsigned i = 0; i < n; i++)
			if (pids[i] == pid)
				pids[i] = 0;
		if (!failed && !(WIFEXITED(st) && WEXITSTATUS(st) == 0)) {
			failed = 1;
			culprit = pid;
			status = st;
			kill_all(pids, n);
		}
	}
	if (failed) {
		if (WIFSIGNALED(status)) {
			fprintf(stderr, "child_signal=%d\n", WTERMSIG(status));
			wl_die("child %d killed by signal %d (%s)%s", (int)culprit, WTERMSIG(status),
			       strsignal(WTERMSIG(status)),
			       WTERMSIG(status) == SIGKILL ? ", probably by the OOM killer" : "");
		}
		wl_die("child %d exited with status %d", (int)culprit, WEXITSTATUS(status));
	}
	printf("total_s=%.6f\n", wl_now() - t0);
	printf("procs=%u\n", n);
	printf("bytes_each=%zu\n", each);
	printf("passes=%llu\n", (unsigned long long)passes);
	printf("fill=%s\n", wl_fill_name(&fill, (char[16]){ 0 }, 16));
	return 0;
}
