#include "bench.h"
#include "cmdline.h"
#include "disks.h"
#include "modules.h"
#include "results.h"
#include "runner.h"
#include "swap.h"
#include "vmstat.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#define SWAPBENCH_VERSION "0.1"
#define PLAN_MAX 4096

/* Workloads the image knows; swapbench.NAME.PARAM keys are accepted for these. */
static const char *const workloads[] = { "lines", "fight", "random", "create", "idle", NULL };

struct plan_item {
	unsigned char workload;		/* index into cfg.workloads */
	unsigned char backend;		/* enum sb_backend */
	unsigned char warmup;
	unsigned short iter;		/* 1-based within workload+backend */
};

static struct {
	struct sb_config cfg;
	struct cmdline_msgs msgs;
	struct swap_backend be[BACKEND_COUNT];
	struct plan_item plan[PLAN_MAX];
	unsigned nplan, nmeasured;
	char boot[CMD_NAME_MAX];
	char release[65];
	struct meminfo mem;
	const char *dir;
	int modules_loaded, modules_failed;
	char module_error[200];
} S;

static void emit(struct rec_buf *b)
{
	rec_end(b);
	results_emit(b);
}

__attribute__((format(printf, 1, 2)))
static enum bench_status error(const char *fmt, ...)
{
	char msg[512];
	struct rec_buf b;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	results_line("# swapbench: error: %s", msg);
	rec_begin_diag(&b, "error");
	rec_add(&b, "boot", S.boot);
	rec_add(&b, "msg", msg);
	emit(&b);
	rec_begin_diag(&b, "totals");
	rec_add(&b, "boot", S.boot);
	rec_addf(&b, "planned", "%u", S.nmeasured);
	rec_add(&b, "ran", "0");
	rec_add(&b, "ok", "0");
	rec_add(&b, "notok", "0");
	rec_add(&b, "status", "error");
	emit(&b);
	return BENCH_ERROR;
}

static void header(const char *cmdline)
{
	struct utsname u;
	struct rec_buf b;
	unsigned char rnd[4] = { 0 };

	/* early in boot the entropy pool may not be ready: GRND_INSECURE does not wait */
	if (S.cfg.boot[0])
		snprintf(S.boot, sizeof(S.boot), "%s", S.cfg.boot);
	else if (getrandom(rnd, sizeof(rnd), 0x0004 /* GRND_INSECURE */) == sizeof(rnd) ||
		 getrandom(rnd, sizeof(rnd), GRND_NONBLOCK) == sizeof(rnd))
		snprintf(S.boot, sizeof(S.boot), "%02x%02x%02x%02x", rnd[0], rnd[1], rnd[2], rnd[3]);
	else
		snprintf(S.boot, sizeof(S.boot), "t%07lx", (unsigned long)(swap_now() * 1e6) & 0xfffffff);
	uname(&u);
	snprintf(S.release, sizeof(S.release), "%s", u.release);
	vmstat_meminfo(&S.mem);
	results_line("KTAP version 1");
	rec_begin_diag(&b, "meta");
	rec_add(&b, "boot", S.boot);
	rec_add(&b, "swapbench", SWAPBENCH_VERSION);
	rec_add(&b, "kernel_release", u.release);
	rec_add(&b, "kernel_version", u.version);
	rec_add(&b, "arch", u.machine);
	rec_addf(&b, "memtotal_kb", "%llu", (unsigned long long)S.mem.total_kb);
	rec_addf(&b, "memavailable_kb", "%llu", (unsigned long long)S.mem.available_kb);
	rec_addf(&b, "page_size", "%ld", sysconf(_SC_PAGESIZE));
	rec_addf(&b, "cpus", "%ld", sysconf(_SC_NPROCESSORS_ONLN));
	if (S.modules_loaded || S.modules_failed) {
		rec_addf(&b, "modules_loaded", "%d", S.modules_loaded);
		rec_addf(&b, "modules_failed", "%d", S.modules_failed);
	}
	if (S.cfg.tag[0])
		rec_add(&b, "tag", S.cfg.tag);
	rec_add(&b, "cmdline", cmdline);
	emit(&b);
}

static void warnings(void)
{
	struct rec_buf b;

	for (int i = 0; i < S.msgs.nwarn && i < CMD_WARN_MAX; i++) {
		rec_begin_diag(&b, "warning");
		rec_add(&b, "boot", S.boot);
		rec_add(&b, "msg", S.msgs.warn[i]);
		emit(&b);
	}
	if (S.msgs.nwarn > CMD_WARN_MAX)
		results_line("# swapbench: %d more warnings not shown", S.msgs.nwarn - CMD_WARN_MAX);
}

static void swap_record(const struct swap_backend *be)
{
	struct rec_buf b;

	rec_begin_diag(&b, "swap");
	rec_add(&b, "boot", S.boot);
	rec_add(&b, "backend", cmdline_backend_name(be->kind));
	rec_add(&b, "dev", be->dev);
	if (be->kind == BACKEND_FILE)
		rec_add(&b, "path", be->path + strlen(SWAP_MNT));
	rec_addf(&b, "size_kb", "%llu", (unsigned long long)(be->bytes >> 10));
	rec_addf(&b, "prio", "%d", be->prio);
	if (be->created) {
		rec_add(&b, "create", be->created);
		rec_addf(&b, "create_s", "%.6f", be->create_s);
	}
	if (be->fallback[0])
		rec_add(&b, "fallback", be->fallback);
	if (be->prior[0])
		rec_add(&b, "overwrote", be->prior);
	rec_addf(&b, "mkswap_s", "%.6f", be->mkswap_s);
	emit(&b);
}

/*
 * The swap partition, the swapfile's filesystem and the results disk must
 * be three devices: mkswap over the results disk would pass the probe (it
 * has no filesystem signature) and destroy the results.
 */
static enum bench_status check_distinct(void)
{
	const struct {
		const char *key, *spec;
		int used;
	} d[] = {
		{ "part", S.cfg.part, !!(S.cfg.backends & (1u << BACKEND_PARTITION)) },
		{ "fsdev", S.cfg.fsdev, !!(S.cfg.backends & (1u << BACKEND_FILE)) },
		{ "results", S.cfg.results, 1 },
	};
	dev_t rdev[3] = { 0 };
	char dev[3][64];

	for (int i = 0; i < 3; i++) {
		struct stat st;

		if (d[i].used && d[i].spec[0] && disks_resolve(d[i].spec, dev[i], sizeof(dev[i]), 10) == 0 &&
		    stat(dev[i], &st) == 0)
			rdev[i] = st.st_rdev;
		for (int j = 0; j < i; j++)
			if (rdev[i] && rdev[i] == rdev[j])
				return error("swapbench.%s and swapbench.%s both name %s: each needs a device of its own",
					     d[j].key, d[i].key, dev[i]);
	}
	return BENCH_PASS;
}

/* Settles which backends run, before anything touches a disk. */
static enum bench_status choose_backends(void)
{
	struct sb_config *c = &S.cfg;

	if (!swap_supported())
		return error("this kernel has no swap support (no /proc/swaps: build it with CONFIG_SWAP=y)");
	if (!c->part[0])
		c->backends &= ~(1u << BACKEND_PARTITION);
	if (!c->fsdev[0])
		c->backends &= ~(1u << BACKEND_FILE);
	if (!c->backends)
		return error("no swap designated: give swapbench.part=DEV and/or swapbench.fsdev=DEV");
	return check_distinct();
}

static enum bench_status setup_swap(void)
{
	struct sb_config *c = &S.cfg;
	char why[400];
	uint64_t size = c->size;

	if (c->backends & (1u << BACKEND_PARTITION)) {
		if (swap_setup_partition(c, &S.be[BACKEND_PARTITION], why, sizeof(why)) < 0)
			return error("%s", why);
		swap_record(&S.be[BACKEND_PARTITION]);
		if (!size)
			size = S.be[BACKEND_PARTITION].bytes;
	}
	if (!size)
		size = (uint64_t)S.mem.total_kb * 2048;
	if (c->backends & (1u << BACKEND_FILE)) {
		if (swap_setup_file(c, size, &S.be[BACKEND_FILE], why, sizeof(why)) < 0)
			return error("%s", why);
		swap_record(&S.be[BACKEND_FILE]);
	}
	return BENCH_PASS;
}

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int add(unsigned w, unsigned bk, unsigned iter, int warm)
{
	if (S.nplan == PLAN_MAX)
		return -1;
	S.plan[S.nplan++] = (struct plan_item){ (unsigned char)w, (unsigned char)bk, (unsigned char)warm,
						(unsigned short)iter };
	S.nmeasured += !warm;
	return 0;
}

static enum bench_status make_plan(void)
{
	const struct sb_config *c = &S.cfg;
	unsigned nb = 0, bks[BACKEND_COUNT], first;
	int bad = 0;

	for (unsigned b = 0; b < BACKEND_COUNT; b++)
		if (c->backends & (1u << b))
			bks[nb++] = b;
	for (int w = 0; w < c->nworkloads; w++)
		for (unsigned i = 1; i <= c->warmup; i++)
			for (unsigned b = 0; b < nb; b++)
				bad |= add((unsigned)w, bks[b], i, 1);
	first = S.nplan;
	if (c->order == ORDER_BLOCKED) {
		for (int w = 0; w < c->nworkloads; w++)
			for (unsigned b = 0; b < nb; b++)
				for (unsigned i = 1; i <= c->runs; i++)
					bad |= add((unsigned)w, bks[b], i, 0);
	} else {
		for (unsigned i = 1; i <= c->runs; i++)
			for (int w = 0; w < c->nworkloads; w++)
				for (unsigned b = 0; b < nb; b++)
					bad |= add((unsigned)w, bks[b], i, 0);
	}
	if (bad)
		return error("the plan has more than %d runs: lower swapbench.runs or warmup", PLAN_MAX);
	if (c->order == ORDER_RANDOM) {
		uint64_t s = c->seed;

		for (unsigned i = S.nplan - 1; i > first; i--) {
			unsigned j = first + (unsigned)(splitmix(&s) % (i - first + 1));
			struct plan_item t = S.plan[i];

			S.plan[i] = S.plan[j];
			S.plan[j] = t;
		}
		/* keep iter counting up in run order within workload+backend */
		unsigned short count[CMD_WORKLOADS_MAX][BACKEND_COUNT] = { { 0 } };

		for (unsigned i = first; i < S.nplan; i++)
			S.plan[i].iter = ++count[S.plan[i].workload][S.plan[i].backend];
	}
	return BENCH_PASS;
}

static void fill_spec(struct run_spec *s, const char *wl, const char *mode)
{
	memset(s, 0, sizeof(*s));
	s->workload = wl;
	s->mode = mode;
	s->dir = S.dir;
	s->memtotal_kb = (unsigned long)S.mem.total_kb;
	s->timeout_s = S.cfg.timeout_s;
	s->boot = S.boot;
	for (int i = 0; i < S.cfg.nparams && s->argc < RUNNER_ARGS_MAX; i++) {
		static char args[CMD_PARAMS_MAX][CMD_NAME_MAX + CMD_VAL_MAX + 4];
		struct sb_param *p = &S.cfg.params[i];

		if (strcmp(p->workload, wl))
			continue;
		snprintf(args[i], sizeof(args[i]), "--%s=%s", p->name, p->value);
		s->argv[s->argc++] = args[i];
	}
}

/* pass 0: parameters (before anything is written), pass 1: set-up */
static enum bench_status check_workloads(int pass)
{
	static struct run_result r;
	struct run_spec s;

	for (int w = 0; w < S.cfg.nworkloads; w++) {
		const char *wl = S.cfg.workloads[w];

		if (!runner_exists(wl))
			return error("swapbench.workloads: unknown workload '%s' (this image has: lines fight random create idle)",
				     wl);
		{
			fill_spec(&s, wl, pass ? "--prepare" : "--check");
			s.capture_stderr = 1;
			if (runner_run(&s, &r) < 0)
				return error("cannot start workload %s: %s", wl, strerror(errno));
			if (strcmp(r.status, "ok")) {
				char *nl = strchr(r.out, '\n');

				if (nl && nl[1] == 0)
					*nl = 0;
				return error("workload %s %s failed (%s): %s", wl, pass ? "set-up" : "parameters",
					     r.status, r.out[0] ? r.out : "no message");
			}
		}
	}
	return BENCH_PASS;
}

static int activate(enum sb_backend want)
{
	int err;

	for (int b = 0; b < BACKEND_COUNT; b++)
		if (S.be[b].active && (err = swap_off(&S.be[b])) < 0) {
			results_line("# swapbench: swapoff %s: %s", S.be[b].path, strerror(-err));
			return err;
		}
	sync();
	vmstat_poke("/proc/sys/vm/drop_caches", "3");
	vmstat_poke("/proc/sys/vm/compact_memory", "1");
	if ((err = swap_on(&S.be[want])) < 0)
		results_line("# swapbench: swapon %s: %s", S.be[want].path, strerror(-err));
	return err;
}

#define D(f) ((unsigned long long)(r->after.v[f] - r->before.v[f]))

/* What /proc/swaps says is active: proof that exactly one backend is on. */
static void add_active_swap(struct rec_buf *b)
{
	static char buf[1024];
	char *line, *first = NULL;
	int n = 0;

	if (vmstat_slurp("/proc/swaps", buf, sizeof(buf)) < 0)
		return;
	/* "Filename Type Size Used Priority" heading, then one line per area */
	for (line = strchr(buf, '\n'); line && line[1]; line = strchr(line + 1, '\n'))
		if (!n++)
			first = line + 1;
	rec_addf(b, "swaps_active", "%d", n);
	if (first) {
		char *end = strpbrk(first, " \t"), *size;

		if (!end)
			return;
		*end = 0;
		rec_add(b, "swap_dev", first);
		size = end + 1 + strspn(end + 1, " \t");
		size += strcspn(size, " \t");	/* skip Type */
		rec_addf(b, "swap_kb", "%lu", strtoul(size, NULL, 10));
	}
}

static void add_workload_output(struct rec_buf *b, char *out)
{
	char *save = NULL;

	for (char *line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *eq = strchr(line, '='), key[48];

		if (!eq || eq == line || eq - line > 40)
			continue;
		snprintf(key, sizeof(key), "w.%.*s", (int)(eq - line), line);
		rec_add(b, key, eq + 1);
	}
}

static void result_record(struct rec_buf *b, const struct plan_item *it, unsigned long num,
			  struct run_result *r)
{
	const char *wl = S.cfg.workloads[it->workload], *bk = cmdline_backend_name(it->backend);
	char id[80];

	snprintf(id, sizeof(id), "%s-%s-%u", wl, bk, it->iter);
	if (it->warmup) {
		rec_begin_diag(b, "warmup");
	} else {
		rec_begin_result(b, !strcmp(r->status, "ok"), num, id);
	}
	rec_add(b, "boot", S.boot);
	rec_add(b, "workload", wl);
	rec_add(b, "backend", bk);
	rec_addf(b, "iter", "%u", it->iter);
	rec_add(b, "status", r->status);
	rec_addf(b, "elapsed_s", "%.6f", r->elapsed_s);
	rec_addf(b, "user_s", "%.3f", r->user_s);
	rec_addf(b, "sys_s", "%.3f", r->sys_s);
	rec_addf(b, "minflt", "%ld", r->minflt);
	rec_addf(b, "majflt", "%ld", r->majflt);
	rec_addf(b, "pswpin", "%llu", D(VM_PSWPIN));
	rec_addf(b, "pswpout", "%llu", D(VM_PSWPOUT));
	rec_addf(b, "pgmajfault", "%llu", D(VM_PGMAJFAULT));
	rec_addf(b, "pgscan", "%llu", D(VM_PGSCAN_KSWAPD) + D(VM_PGSCAN_DIRECT));
	rec_addf(b, "pgsteal", "%llu", D(VM_PGSTEAL_KSWAPD) + D(VM_PGSTEAL_DIRECT));
	rec_addf(b, "allocstall", "%llu", D(VM_ALLOCSTALL));
	rec_addf(b, "oom_kill", "%llu", D(VM_OOM_KILL));
	if (r->after.have_psi) {
		rec_addf(b, "psi_some_us", "%llu",
			 (unsigned long long)(r->after.psi_some_us - r->before.psi_some_us));
		rec_addf(b, "psi_full_us", "%llu",
			 (unsigned long long)(r->after.psi_full_us - r->before.psi_full_us));
	}
	rec_addf(b, "swap_peak_kb", "%llu", (unsigned long long)r->swap_peak_kb);
	add_active_swap(b);
	rec_addf(b, "exit", "%d", r->exit_code);
	if (r->term_sig)
		rec_addf(b, "signal", "%d", r->term_sig);
	rec_add(b, "kernel", S.release);
	if (S.cfg.tag[0])
		rec_add(b, "tag", S.cfg.tag);
	add_workload_output(b, r->out);
}

static void progress(unsigned done, unsigned total, const struct plan_item *it, const struct run_result *r,
		     double spent)
{
	double eta = done ? spent / done * (total - done) : 0;

	results_line("# [%u/%u] %s%s on %s #%u: %s %.2f s, pswpin %llu, ETA %u:%02u", done, total,
		     it->warmup ? "warm-up " : "", S.cfg.workloads[it->workload],
		     cmdline_backend_name(it->backend), it->iter, r->status, r->elapsed_s,
		     D(VM_PSWPIN), (unsigned)eta / 60, (unsigned)eta % 60);
}

/* init's own footprint: every KiB of it is RAM the workloads do not get */
static void add_rss(struct rec_buf *b, const char *key, const char *status)
{
	static char buf[2048];
	const char *p;

	if (vmstat_slurp(status, buf, sizeof(buf)) > 0 && (p = strstr(buf, "VmRSS:")))
		rec_addf(b, key, "%lu", strtoul(p + 6, NULL, 10));
}

static enum bench_status run_series(void)
{
	static struct run_result r;
	struct rec_buf b;
	struct run_spec s;
	unsigned long num = 0;
	unsigned ok = 0, notok = 0;
	double t0 = swap_now();

	results_line("1..%u", S.nmeasured);
	for (unsigned i = 0; i < S.nplan; i++) {
		const struct plan_item *it = &S.plan[i];
		int err = activate(it->backend);

		if (err)
			return error("switching swap to %s: %s", cmdline_backend_name(it->backend), strerror(-err));
		fill_spec(&s, S.cfg.workloads[it->workload], NULL);
		s.vmstat_s = S.cfg.vmstat_s;
		s.run_no = it->warmup ? 0 : num + 1;
		if ((err = runner_run(&s, &r)) < 0)
			return error("running %s: %s", s.workload, strerror(-err));
		if (!it->warmup) {
			num++;
			if (!strcmp(r.status, "ok"))
				ok++;
			else
				notok++;
		}
		result_record(&b, it, num, &r);
		if (rec_end(&b) < 0) {
			/* too long with the workload's output: keep the measurements */
			r.out[0] = 0;
			result_record(&b, it, num, &r);
			rec_add(&b, "note", "workload output dropped: record too long");
			rec_end(&b);
		}
		results_emit(&b);
		progress(i + 1, S.nplan, it, &r, swap_now() - t0);
	}
	for (int bk = 0; bk < BACKEND_COUNT; bk++)
		swap_off(&S.be[bk]);
	rec_begin_diag(&b, "totals");
	rec_add(&b, "boot", S.boot);
	rec_addf(&b, "planned", "%u", S.nmeasured);
	rec_addf(&b, "ran", "%lu", num);
	rec_addf(&b, "ok", "%u", ok);
	rec_addf(&b, "notok", "%u", notok);
	rec_addf(&b, "wall_s", "%.1f", swap_now() - t0);
	add_rss(&b, "rss_kb_worker", "/proc/self/status");
	add_rss(&b, "rss_kb_pid1", "/proc/1/status");
	rec_add(&b, "status", notok ? "fail" : "pass");
	emit(&b);
	results_line("# Totals: pass:%u fail:%u xfail:0 xpass:0 skip:0 error:0", ok, notok);
	return notok ? BENCH_FAIL : BENCH_PASS;
}

/* Opens the results disk before the header so the header reaches it too. */
static void open_results(char *why, size_t n)
{
	char dev[64], words[160];
	int err;

	if ((err = disks_resolve(S.cfg.results, dev, sizeof(dev), 10)) < 0) {
		snprintf(why, n, "swapbench.results=%s: %s", S.cfg.results, disks_why(err, words, sizeof(words)));
		return;
	}
	err = results_open_disk(dev);
	if (err == -EMEDIUMTYPE)
		snprintf(why, n, "results disk %s has no swapbench magic: not writing to it "
			 "(prepare it with 'swapbench-report init-disk')", dev);
	else if (err < 0)
		snprintf(why, n, "results disk %s: %s", dev, strerror(-err));
	/* only a disk that proved to be a results disk, before its first record */
	else if (!S.cfg.flush && (err = disks_write_through(dev)) < 0)
		snprintf(why, n, "swapbench.flush=0: cannot turn off the write cache of %s: %s", dev, strerror(-err));
}

enum bench_status bench_main(const char *cmdline)
{
	enum bench_status st;
	char why[400] = "";
	int perr = cmdline_parse(cmdline, workloads, &S.cfg, &S.msgs);

	S.modules_loaded = modules_load(&S.modules_failed, S.module_error, sizeof(S.module_error));
	if (!perr && S.cfg.results[0])
		open_results(why, sizeof(why));
	header(cmdline);
	if (perr)
		return error("%s", S.msgs.error);
	if (S.modules_failed) {
		snprintf(S.msgs.warn[S.msgs.nwarn < CMD_WARN_MAX ? S.msgs.nwarn : CMD_WARN_MAX - 1],
			 sizeof(S.msgs.warn[0]), "%d modules did not load, first %s", S.modules_failed,
			 S.module_error);
		S.msgs.nwarn++;
	}
	warnings();
	if (why[0])
		return error("%s", why);
	S.dir = "/tmp";
	if ((st = choose_backends()) != BENCH_PASS || (st = make_plan()) != BENCH_PASS || (st = check_workloads(0)) != BENCH_PASS ||
	    (st = setup_swap()) != BENCH_PASS)
		return st;
	if (S.be[BACKEND_FILE].ready)
		S.dir = SWAP_MNT;
	if ((st = check_workloads(1)) != BENCH_PASS)
		return st;
	st = run_series();
	results_close();
	if (S.be[BACKEND_FILE].ready)
		umount(SWAP_MNT);
	return st;
}
