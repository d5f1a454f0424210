/*
 * usemem: swapbench's own take on the swap cases of vm-scalability, which
 * lkp-tests runs as its vm-scalability-swap jobs (0-day's
 * "vm-scalability.throughput"). One program, five names:
 *
 *   swap-w-seq      tasks processes, each writing its share once, in order
 *   swap-w-rand     the same, each task writing pages at random
 *   swap-w-seq-mt   threads of one process instead of processes
 *   swap-w-rand-mt  threads, random pages
 *   swapin          tasks write MemAvailable in all, two pushers of
 *                   min(SwapFree, that) push it out to swap, then the
 *                   tasks read their memory back, timed
 *
 * Sized as vm-scalability sizes them: (MemAvailable + SwapTotal) x 3/4 in
 * all for the swap-w cases, MemAvailable for swapin, read from
 * /proc/meminfo when the run starts; `fraction` scales that (1 = lkp's).
 * Each task's throughput is bytes x 10^6 / 1024 / microseconds, in KB/s as
 * usemem prints it, and throughput_kbs is their sum, the figure lkp's
 * vm-scalability.throughput adds up. Then each task unmaps its memory,
 * timed: free_latency_us is the mean over the tasks, as lkp's parser
 * averages usemem's "N usecs to free memory" lines into its free_time.
 * docs/mm.md says how this differs.
 */
#include "workloads/wl.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define TASKS_MAX 64

enum usecase { SEQ, RAND, SEQ_MT, RAND_MT, SWAPIN };
static const char *const cases[] = { "swap-w-seq", "swap-w-rand", "swap-w-seq-mt", "swap-w-rand-mt", "swapin" };

static uint64_t tasks;		/* 0: one per online CPU */
static double fraction = 1.0;
static uint64_t seed = 1;
static struct wl_fill fill;

static const struct wl_param params[] = {
	{ "tasks", WL_UINT, "0", 0, TASKS_MAX, &tasks },	/* 0: the CPUs online */
	{ "fraction", WL_RATIO, "1", 0.01, 1, &fraction },	/* of lkp's size */
	{ "seed", WL_UINT, "1", 0, 4294967295.0, &seed },
	{ "fill", WL_FILL, WL_FILL_DEFAULT, 0, 0, &fill },
};

static enum usecase usecase;
static size_t pagesize, unit;	/* bytes per task */

struct task {
	unsigned idx;
	unsigned char *mem;
	uint64_t us;			/* the timed part */
	uint64_t bytes;
	uint64_t free_us;		/* its munmap */
};

static uint64_t rng(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1du;
}

static unsigned char *map(size_t bytes)
{
	unsigned char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		wl_die_errno("mmap %zu bytes", bytes);
	return p;
}

/* writes the task's unit, in order or at random pages; timed from the mmap */
static void write_unit(struct task *t, int random)
{
	size_t pages = unit / pagesize;
	uint64_t s = seed * 0x9e3779b97f4a7c15u + t->idx + 1, t0 = wl_now_ns();

	t->mem = map(pages * pagesize);
	if (!random) {
		wl_fill(t->mem, pages * pagesize, &fill, seed + t->idx);
	} else {
		for (size_t i = 0; i < pages; i++) {
			size_t pg = (size_t)(rng(&s) % pages);

			wl_fill(t->mem + pg * pagesize, pagesize, &fill, seed + t->idx * pages + i);
		}
	}
	t->us = (wl_now_ns() - t0) / 1000;
	t->bytes = pages * pagesize;
}

static uint64_t read_unit(struct task *t)
{
	const volatile unsigned long *p = (const unsigned long *)(void *)t->mem;
	size_t words = t->bytes / sizeof(long);
	unsigned long sum = 0;
	uint64_t t0 = wl_now_ns();

	for (size_t i = 0; i < words; i++)
		sum += p[i];
	t->us = (wl_now_ns() - t0) / 1000;
	return sum;
}

/* unmaps the task's memory, timed: its pages and their swap entries freed */
static void free_unit(struct task *t)
{
	uint64_t t0 = wl_now_ns();

	if (munmap(t->mem, t->bytes) < 0)
		wl_die_errno("munmap %llu bytes", (unsigned long long)t->bytes);
	t->free_us = (wl_now_ns() - t0) / 1000;
	t->mem = NULL;
}

static void *thread_main(void *arg)
{
	write_unit(arg, usecase == RAND_MT);
	free_unit(arg);
	return NULL;
}

static unsigned long kbs(uint64_t bytes, uint64_t us)
{
	return us ? (unsigned long)(bytes * 1000000 / 1024 / us) : 0;
}

/* each task sends "bytes us free_us" on fd when done */
static void report(int fd, const struct task *t)
{
	char line[80];
	int n = snprintf(line, sizeof(line), "%llu %llu %llu\n", (unsigned long long)t->bytes,
			 (unsigned long long)t->us, (unsigned long long)t->free_us);

	if (write(fd, line, (size_t)n) != n)
		_exit(WL_EXIT_FAIL);
}

/* a pusher: writes bytes of its own and exits, pushing older pages to swap */
static void push(size_t bytes)
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		wl_die_errno("fork");
	if (pid == 0) {
		unsigned char *p = map(bytes);

		wl_fill(p, bytes, &fill, seed + 0x5151);
		_exit(0);
	}
	/* a pusher the OOM killer takes has still pushed */
	waitpid(pid, &st, 0);
}

static void task_process(unsigned idx, int res, int go)
{
	struct task t = { .idx = idx };
	char c;

	if (usecase != SWAPIN) {
		write_unit(&t, usecase == RAND);
		free_unit(&t);
		report(res, &t);
		_exit(0);
	}
	write_unit(&t, 0);
	if (write(res, "w\n", 2) != 2 || read(go, &c, 1) != 1)
		_exit(WL_EXIT_FAIL);
	read_unit(&t);
	free_unit(&t);
	report(res, &t);
	_exit(0);
}

int main(int argc, char **argv)
{
	const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	enum wl_mode mode;
	struct task t[TASKS_MAX];
	pthread_t th[TASKS_MAX];
	unsigned long k, sum = 0, lo = (unsigned long)-1, hi = 0;
	uint64_t free_sum = 0, free_max = 0;
	long avail, swap, sfree;
	uint64_t total;
	int res[2], go[2], failed = 0;
	unsigned n;

	for (usecase = SEQ; usecase <= SWAPIN && strcmp(name, cases[usecase]); usecase++)
		;
	if (usecase > SWAPIN)
		usecase = SEQ;	/* plain usemem */
	mode = wl_parse(argc, argv, name, params, sizeof(params) / sizeof(params[0]));
	if (mode != WL_RUN)
		return 0;
	pagesize = (size_t)sysconf(_SC_PAGESIZE);
	n = tasks ? (unsigned)tasks : (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1 || n > TASKS_MAX)
		n = 1;
	avail = wl_proc_kb("/proc/meminfo", "MemAvailable");
	swap = wl_proc_kb("/proc/meminfo", "SwapTotal");
	if (avail < 0 || swap < 0)
		wl_die("no MemAvailable or SwapTotal in /proc/meminfo");
	if (swap == 0)
		wl_die("no swap space: %s measures swapping", cases[usecase]);
	total = usecase == SWAPIN ? (uint64_t)avail << 10 : (((uint64_t)avail + (uint64_t)swap) << 10) * 3 / 4;
	total = (uint64_t)((double)total * fraction);
	unit = (size_t)(total / n) / pagesize * pagesize;
	if (unit < pagesize)
		wl_die("%llu bytes for %u tasks is less than a page each", (unsigned long long)total, n);

	if (usecase == SEQ_MT || usecase == RAND_MT) {
		for (unsigned i = 0; i < n; i++) {
			t[i] = (struct task){ .idx = i };
			if (pthread_create(&th[i], NULL, thread_main, &t[i]))
				wl_die("cannot start thread %u", i);
		}
		for (unsigned i = 0; i < n; i++)
			pthread_join(th[i], NULL);
	} else {
		FILE *in;

		if (pipe(res) < 0 || pipe(go) < 0)
			wl_die_errno("pipe");
		for (unsigned i = 0; i < n; i++) {
			pid_t pid = fork();

			if (pid < 0)
				wl_die_errno("fork");
			if (pid == 0) {
				close(res[0]);
				close(go[1]);
				task_process(i, res[1], go[0]);
			}
		}
		close(res[1]);
		close(go[0]);
		in = fdopen(res[0], "r");
		if (usecase == SWAPIN) {
			char line[64];
			size_t pushsize;

			for (unsigned i = 0; i < n; i++)
				if (!fgets(line, sizeof(line), in))
					wl_die("a task died before its memory was written");
			sfree = wl_proc_kb("/proc/meminfo", "SwapFree");
			pushsize = sfree >= 0 && ((uint64_t)sfree << 10) < total ? (size_t)sfree << 10 : (size_t)total;
			push(pushsize);
			push(pushsize);
			for (unsigned i = 0; i < n; i++)
				if (write(go[1], "g", 1) != 1)
					wl_die_errno("waking the tasks");
		}
		for (unsigned i = 0; i < n; i++) {
			unsigned long long b, us, fus;

			if (fscanf(in, "%llu %llu %llu", &b, &us, &fus) != 3) {
				failed++;
				t[i] = (struct task){ 0 };
				continue;
			}
			t[i] = (struct task){ .idx = i, .bytes = b, .us = us, .free_us = fus };
		}
		while (wait(NULL) > 0)
			;
		if (failed)
			wl_die("%d of %u tasks did not finish (killed?)", failed, n);
	}
	for (unsigned i = 0; i < n; i++) {
		k = kbs(t[i].bytes, t[i].us);
		sum += k;
		lo = k < lo ? k : lo;
		hi = k > hi ? k : hi;
		free_sum += t[i].free_us;
		free_max = t[i].free_us > free_max ? t[i].free_us : free_max;
	}
	printf("case=%s\n", cases[usecase]);
	printf("throughput_kbs=%lu\n", sum);
	printf("tasks=%u\n", n);
	printf("task_kbs_min=%lu\n", lo);
	printf("task_kbs_max=%lu\n", hi);
	printf("free_latency_us=%llu\n", (unsigned long long)(free_sum / n));
	printf("free_latency_max_us=%llu\n", (unsigned long long)free_max);
	printf("unit_bytes=%zu\n", unit);
	printf("mem_available_kb=%ld\n", avail);
	printf("swap_total_kb=%ld\n", swap);
	printf("fill=%s\n", wl_fill_name(&fill, (char[16]){ 0 }, 16));
	return 0;
}
