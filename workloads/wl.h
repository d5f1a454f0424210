#ifndef SB_WL_H
#define SB_WL_H
/*
 * What every swapbench workload shares. Workloads know nothing of init;
 * this is the whole protocol between them:
 *
 *   NAME [--check|--prepare] [--PARAM=VALUE ...]
 *
 * - Parameters come from the kernel command line as
 *   swapbench.NAME.PARAM=VALUE; init passes them on as --PARAM=VALUE.
 *   Each has a default, a type and a range. Unknown parameters and bad
 *   values are errors in every mode.
 * - Environment: SWAPBENCH_DIR is a writable directory on the swapfile's
 *   filesystem ("." when unset, as on the host); SWAPBENCH_MEMTOTAL_KB
 *   overrides MemTotal from /proc/meminfo, and SWAPBENCH_MEMINFO names a
 *   file read in place of /proc/meminfo by wl_proc_kb (the integration tests: a
 *   machine with swap).
 * - --check validates the parameters only: exit 0, or one line on stderr
 *   ("fight: procs=abc: not a whole number in 1..64") and exit 2.
 * - --describe prints each parameter with its kind, default and range
 *   ("param NAME.PARAM kind=uint default=2 range=1..64") and exits 0:
 *   init --describe collects them.
 * - --prepare does untimed set-up (e.g. writes a data file): exit 0, or
 *   exit 1 with a message on stderr.
 * - A normal run does the work and on success prints its results on
 *   stdout as key=value lines (keys [a-z0-9_]+, values without spaces)
 *   and exits 0; on failure it prints a message on stderr and exits 1.
 *   Bad parameters exit 2 here too. The runner measures wall time, rusage
 *   and vmstat deltas itself; a workload reports what only it knows.
 */
#include <stddef.h>
#include <stdint.h>

#define WL_EXIT_FAIL 1
#define WL_EXIT_USAGE 2
#define WL_LIST_MAX 16

enum wl_mode { WL_RUN, WL_CHECK, WL_PREPARE };

enum wl_kind {
	WL_UINT,	/* uint64_t, whole number */
	WL_SIZE,	/* uint64_t bytes, as lib/size.h reads them */
	WL_RATIO,	/* double, plain decimal like 1.5 */
	WL_SIZES,	/* struct wl_sizes, comma separated sizes */
	WL_NAME,	/* const char *, a file name: [A-Za-z0-9._-]+, no "." or ".." */
	WL_TEXT,	/* const char *, any printable text, possibly empty */
	WL_FILL,	/* struct wl_fill: zero, same, random, text or text:R */
};

/*
 * What a workload writes into its memory. zram and zswap store a page of
 * one repeated word without compressing it (same_pages), so a benchmark
 * of them needs pages that compress as real memory does: text:R mixes
 * sentences with random bytes so that a page compresses about R:1 with
 * lz4 (zstd and deflate do somewhat better), whichever page it is; R up to 6.
 * same is memset's one byte a page (0x5a plus the salt), as seed 002 wrote.
 */
enum wl_fill_kind { WL_FILL_ZERO, WL_FILL_SAME, WL_FILL_RANDOM, WL_FILL_TEXT };

struct wl_fill {
	enum wl_fill_kind kind;
	double ratio;		/* text: the intended compression ratio */
	unsigned random_per_4k;	/* text: random bytes a 4 KiB page holds for it */
};

#define WL_FILL_DEFAULT "text:3"	/* lzo/lz4 on desktop and server memory: 2.5-4 */

struct wl_sizes {
	uint64_t v[WL_LIST_MAX];
	size_t n;
	const char *text;	/* as given, for messages */
};

struct wl_param {
	const char *name;
	enum wl_kind kind;
	const char *def;	/* default, parsed like a given value */
	double min, max;	/* range of each number */
	void *val;		/* where the parsed value goes, typed by kind */
};

/*
 * Parses argv against params (defaults first) and returns the mode.
 * A bad argument prints "name: why" on stderr and exits WL_EXIT_USAGE.
 * In WL_CHECK mode the caller adds its own checks and then returns 0.
 */
enum wl_mode wl_parse(int argc, char **argv, const char *name,
		      const struct wl_param *params, size_t nparams);
/*
 * The name this program runs under (argv[0]'s last part) when lib/workloads.h
 * lists it for program, else program; an alias's defaults ("param=value
 * ..." there) are given to params by parameter name. A default naming no
 * parameter exits WL_EXIT_USAGE: the list and the program disagree.
 */
const char *wl_alias(int argc, char **argv, const char *program, struct wl_param *params, size_t nparams);
/* "name: param=value: why" and exit WL_EXIT_USAGE, for checks across params. */
_Noreturn void wl_usage(const char *param, const char *value, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* "name: message" on stderr and exit WL_EXIT_FAIL. */
_Noreturn void wl_die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same with ": strerror(errno)" appended. */
_Noreturn void wl_die_errno(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ratio * MemTotal as a size_t, dying if this address space cannot hold it. */
size_t wl_mem_share(double ratio, unsigned parts);
/* SWAPBENCH_DIR, or "." */
const char *wl_dir(void);
/* dir/file into buf; dies if it does not fit. */
void wl_path(char *buf, size_t size, const char *file);
uint64_t wl_now_ns(void);	/* CLOCK_MONOTONIC */
double wl_now(void);		/* the same in seconds */
/* "KEY: N kB" in a /proc file (/proc/meminfo: SWAPBENCH_MEMINFO's file when set), or -1 */
long wl_proc_kb(const char *path, const char *key);
/*
 * Fills bytes at p as f says, page by page; salt makes the pages of two
 * calls (processes, passes) differ. Every page differs from every other.
 */
void wl_fill(unsigned char *p, size_t bytes, const struct wl_fill *f, uint64_t salt);
/* the random bytes in a 4 KiB page that make lz4 compress it r:1 (text:R) */
unsigned wl_fill_random_bytes(double r);
/* "zero", "same", "random", "text:3.0": what wl_fill writes, for the workload's output */
const char *wl_fill_name(const struct wl_fill *f, char *buf, size_t n);

/* A workload's own main, built into the image's one binary as NAME_main
 * (the Makefile's -Dmain=NAME_main): declared, so that it has a prototype. */
int main(int argc, char **argv);

#endif
