#include "init/swap/cgroup.h"
#include "init/sys/kfile.h"
#include "init/sys/errmsg.h"
#include "init/sys/vmstat.h"
#include "lib/now.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define WHICH_KERNEL "boot swapbench's kernel variant modern (make run KERNEL=modern)"

/* where each knob first appeared, for the refusal on an older kernel */
static const char *const since[CG_KNOBS] = {
	[CG_HIGH] = "4.5", [CG_MAX] = "4.5", [CG_SWAP_MAX] = "4.5", [CG_ZSWAP_MAX] = "5.19", [CG_ZSWAP_WB] = "6.8",
};

/* the events and memory.stat lines a record carries, where the kernel has them */
static const struct {
	const char *file, *name, *key;
} counters[] = {
	{ "memory.events", "high", "cg_high" },
	{ "memory.events", "max", "cg_max" },
	{ "memory.events", "oom", "cg_oom" },
	{ "memory.events", "oom_kill", "cg_oom_kill" },
	{ "memory.swap.events", "high", "cg_swap_high" },
	{ "memory.swap.events", "max", "cg_swap_max" },
	{ "memory.swap.events", "fail", "cg_swap_fail" },
	{ "memory.stat", "pswpin", "cg_pswpin" },
	{ "memory.stat", "pswpout", "cg_pswpout" },
	{ "memory.stat", "zswpin", "cg_zswpin" },
	{ "memory.stat", "zswpout", "cg_zswpout" },
	{ "memory.stat", "zswpwb", "cg_zswpwb" },
	{ "memory.stat", "workingset_refault_anon", "cg_workingset_refault_anon" },
	{ "memory.stat", "thp_swpout", "cg_thp_swpout" },
	{ "memory.stat", "thp_swpout_fallback", "cg_thp_swpout_fallback" },
};

static int mounted;

/* the value of "name N" lines in buf; -1 when absent */
static long long field(const char *buf, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, name, len) && p[len] == ' ')
			return strtoll(p + len + 1, NULL, 10);
	return -1;
}

static long long number(const char *file)
{
	char path[96], buf[32];

	snprintf(path, sizeof(path), CGROUP_RUN "/%s", file);
	return kfile_read(path, buf, sizeof(buf)) > 0 ? strtoll(buf, NULL, 10) : -1;
}

/* cgroup2 at CGROUP_ROOT, the memory controller on for its children */
static int mount_memory(const char *conf, char *why, size_t n)
{
	char buf[256];
	int err;

	if (mounted)
		return 0;
	mkdir(CGROUP_ROOT, 0755);
	if (kfile_read(CGROUP_ROOT "/cgroup.controllers", buf, sizeof(buf)) < 0 &&
	    mount("cgroup2", CGROUP_ROOT, "cgroup2", 0, "") < 0)
		return errmsg_why(-errno, why, n, "swapbench.backends=%s: mount cgroup2 on " CGROUP_ROOT ": %s (a "
				  "kernel without CONFIG_CGROUPS): " WHICH_KERNEL, conf, errmsg(-errno));
	if (kfile_read(CGROUP_ROOT "/cgroup.controllers", buf, sizeof(buf)) < 0 || !strstr(buf, "memory"))
		return errmsg_why(-ENOTSUP, why, n, "swapbench.backends=%s: cgroup v2 has no memory controller here "
				  "(CONFIG_MEMCG): " WHICH_KERNEL, conf);
	if ((err = kfile_write(CGROUP_ROOT "/cgroup.subtree_control", "+memory")) < 0)
		return errmsg_why(err, why, n, CGROUP_ROOT "/cgroup.subtree_control: +memory: %s", errmsg(err));
	mounted = 1;
	return 0;
}

static int remove_run(char *why, size_t n)
{
	if (rmdir(CGROUP_RUN) < 0 && errno != ENOENT)
		return errmsg_why(-errno, why, n, "rmdir " CGROUP_RUN ": %s", errmsg(-errno));
	return 0;
}

static int make_run(char *why, size_t n)
{
	int err;

	if ((err = remove_run(why, n)) < 0)
		return err;
	if (mkdir(CGROUP_RUN, 0755) < 0)
		return errmsg_why(-errno, why, n, "mkdir " CGROUP_RUN ": %s", errmsg(-errno));
	return 0;
}

int cgroup_check(const struct sb_config *cfg, uint64_t memtotal_kb, uint64_t swap_bytes, char *why, size_t n)
{
	const char *first = NULL;
	struct utsname u;
	int err;

	if (!swapconf_cgroup(cfg->conf, cfg->nconfs))
		return 0;
	for (int i = 0; i < cfg->nconfs && !first; i++)
		for (int k = 0; k < CG_KNOBS; k++)
			if (cfg->conf[i].cg[k] != CG_UNSET)
				first = cfg->conf[i].name;
	for (int i = 0; i < cfg->nconfs; i++) {
		const struct sb_swapconf *c = &cfg->conf[i];

		for (int k = 0; k < CG_KNOBS; k++) {
			uint64_t most = k == CG_SWAP_MAX ? swap_bytes : memtotal_kb << 10;
			const char *what = k == CG_SWAP_MAX ? "the swap capacity" : "MemTotal";

			if (cg_knob_defs[k].is_bool || c->cg[k] < 0 || !most || (uint64_t)c->cg[k] <= most)
				continue;
			return errmsg_why(-EINVAL, why, n, "swapbench.backends=%s: @%s=%lld kB is more than %s "
					  "(%llu kB): no limit at all; lower it or write max", c->name,
					  cg_knob_defs[k].name, c->cg[k] >> 10, what, (unsigned long long)most >> 10);
		}
	}
	if ((err = mount_memory(first, why, n)) < 0 || (err = make_run(why, n)) < 0)
		return err;
	uname(&u);
	err = cgroup_check_knobs(cfg, CGROUP_RUN, u.release, why, n);
	if (err < 0) {
		char ignored[8];

		remove_run(ignored, sizeof(ignored));
		return err;
	}
	return remove_run(why, n);
}

int cgroup_check_knobs(const struct sb_config *cfg, const char *dir, const char *release, char *why, size_t n)
{
	for (int i = 0; i < cfg->nconfs; i++)
		for (int k = 0; k < CG_KNOBS; k++) {
			char path[256];

			snprintf(path, sizeof(path), "%s/%s", dir, cg_knob_defs[k].file);
			if (cfg->conf[i].cg[k] == CG_UNSET || access(path, F_OK) == 0)
				continue;
			return errmsg_why(-ENOTSUP, why, n, "swapbench.backends=%s: @%s: this kernel (%s) has no %s "
					  "(Linux %s or later, %s)", cfg->conf[i].name, cg_knob_defs[k].name,
					  release, cg_knob_defs[k].file, since[k],
					  k == CG_ZSWAP_MAX || k == CG_ZSWAP_WB ? "with CONFIG_ZSWAP and CONFIG_MEMCG"
					  : "with CONFIG_MEMCG and CONFIG_SWAP");
		}
	return 0;
}

static void read_back(struct cgstat *st)
{
	for (int k = 0; k < CG_KNOBS; k++) {
		char path[96];

		snprintf(path, sizeof(path), CGROUP_RUN "/%s", cg_knob_defs[k].file);
		st->knob[k][0] = 0;
		if (kfile_read(path, st->knob[k], sizeof(st->knob[k])) > 0)
			st->knob[k][strcspn(st->knob[k], "\n")] = 0;
	}
}

int cgroup_fresh(const struct sb_swapconf *c, struct cgstat *st, char *why, size_t n)
{
	long cpus;
	int err;

	memset(st, 0, sizeof(*st));
	if ((err = make_run(why, n)) < 0)
		return err;
	for (int k = 0; k < CG_KNOBS; k++) {
		char path[96], v[24];

		if (c->cg[k] == CG_UNSET)
			continue;
		snprintf(path, sizeof(path), CGROUP_RUN "/%s", cg_knob_defs[k].file);
		if (c->cg[k] == CG_NOLIMIT)
			strcpy(v, "max");
		else
			snprintf(v, sizeof(v), "%lld", c->cg[k]);
		if ((err = kfile_write(path, v)) < 0)
			return errmsg_why(err, why, n, "%s: %s=%s: %s", c->name, path, v, errmsg(err));
	}
	read_back(st);
	st->zswap_memcg = st->knob[CG_ZSWAP_MAX][0] != 0;
	cpus = sysconf(_SC_NPROCESSORS_ONLN);
	zswapcheck_limit_start(&st->zswap_limit, cpus > 0 ? (unsigned)cpus : 1, (unsigned)sysconf(_SC_PAGESIZE));
	st->on = 1;
	return 0;
}

/*
 * The limit and the pool, read together before memory.stat: cpu.stat's read
 * flushes the cgroup's rstat (cgroup_base_stat_cputime_show, 6.1 and 6.12),
 * so what follows is as exact as the kernel's own check, whose
 * memory.zswap.current and memory.stat flush only past a batch of updates
 * (64 a CPU).
 */
static void zswap_read(struct zswapcheck_sample *z)
{
	char buf[512];

	z->t_ms = (uint64_t)now_ns() / 1000000;
	kfile_read(CGROUP_RUN "/cpu.stat", buf, sizeof(buf));
	z->limit = kfile_read(CGROUP_RUN "/memory.zswap.max", buf, sizeof(buf)) > 0 && buf[0] >= '0' &&
		   buf[0] <= '9' ? strtoll(buf, NULL, 10) : -1;
	z->pool = number("memory.zswap.current");
}

void cgroup_sample(struct cgstat *st)
{
	static char buf[4096];
	struct zswapcheck_sample z;
	long long v;

	if (!st->on)
		return;
	if ((v = number("memory.current")) > 0 && (uint64_t)v > st->cur_peak)
		st->cur_peak = (uint64_t)v;
	if ((v = number("memory.swap.current")) > 0 && (uint64_t)v > st->swap_cur_peak)
		st->swap_cur_peak = (uint64_t)v;
	if (st->zswap_memcg)
		zswap_read(&z);
	if (kfile_read(CGROUP_RUN "/memory.stat", buf, sizeof(buf)) <= 0)
		return;
	if ((v = field(buf, "anon")) > 0 && (uint64_t)v > st->anon_peak)
		st->anon_peak = (uint64_t)v;
	if ((v = field(buf, "zswap")) > 0 && (uint64_t)v > st->zswap_peak)
		st->zswap_peak = (uint64_t)v;
	if ((v = field(buf, "zswapped")) > 0 && (uint64_t)v > st->zswapped_peak)
		st->zswapped_peak = (uint64_t)v;
	if (st->zswap_memcg) {
		z.zswpout = field(buf, "zswpout");
		z.zswpin = field(buf, "zswpin");
		z.zswpwb = field(buf, "zswpwb");
		z.zswapped = field(buf, "zswapped");
		zswapcheck_limit_sample(&st->zswap_limit, &z);
	}
}

void cgroup_end(struct cgstat *st)
{
	static char buf[4096];
	const char *file = "";
	long long v;
	int have = 0;

	if (!st->on)
		return;
	cgroup_sample(st);
	if ((v = number("memory.peak")) >= 0) {
		st->peak = (uint64_t)v;
		st->have_peak = 1;
	}
	if ((v = number("memory.swap.peak")) >= 0) {
		st->swap_peak = (uint64_t)v;
		st->have_swap_peak = 1;
	}
	st->nev = 0;
	for (size_t i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
		if (strcmp(file, counters[i].file)) {
			char path[96];

			file = counters[i].file;
			snprintf(path, sizeof(path), CGROUP_RUN "/%s", file);
			have = kfile_read(path, buf, sizeof(buf)) > 0;
		}
		if (have && (v = field(buf, counters[i].name)) >= 0 &&
		    st->nev < (int)(sizeof(st->ev) / sizeof(st->ev[0]))) {
			st->ev[st->nev].key = counters[i].key;
			st->ev[st->nev++].v = (unsigned long long)v;
		}
	}
}

void cgroup_record(struct rec_buf *b, const struct cgstat *st)
{
	if (!st->on)
		return;
	rec_add(b, "cgroup", &CGROUP_RUN[sizeof(CGROUP_ROOT) - 1]);
	for (int k = 0; k < CG_KNOBS; k++)
		if (st->knob[k][0])
			rec_add(b, cg_knob_defs[k].file, st->knob[k]);
	for (int i = 0; i < st->nev; i++)
		rec_addf(b, st->ev[i].key, "%llu", st->ev[i].v);
	if (st->have_peak)
		rec_addf(b, "cg_peak_kb", "%llu", (unsigned long long)st->peak >> 10);
	if (st->have_swap_peak)
		rec_addf(b, "cg_swap_peak_kb", "%llu", (unsigned long long)st->swap_peak >> 10);
	rec_addf(b, "cg_current_peak_kb", "%llu", (unsigned long long)st->cur_peak >> 10);
	rec_addf(b, "cg_swap_current_peak_kb", "%llu", (unsigned long long)st->swap_cur_peak >> 10);
	rec_addf(b, "cg_anon_peak_kb", "%llu", (unsigned long long)st->anon_peak >> 10);
	if (st->zswap_peak || st->zswapped_peak) {
		rec_addf(b, "cg_zswap_peak_kb", "%llu", (unsigned long long)st->zswap_peak >> 10);
		rec_addf(b, "cg_zswapped_peak_kb", "%llu", (unsigned long long)st->zswapped_peak >> 10);
	}
	if (st->zswap_limit.limited) {
		const struct zswapcheck_limit *l = &st->zswap_limit;

		rec_addf(b, "cg_zswap_held_ms", "%llu", (unsigned long long)l->held_ms);
		rec_addf(b, "cg_zswap_over_ms", "%llu", (unsigned long long)l->over_ms);
		if (l->over_pool) {
			rec_addf(b, "cg_zswap_over_kb", "%lld", l->over_pool >> 10);
			rec_addf(b, "cg_zswap_over_max_kb", "%lld", l->over_limit >> 10);
		}
	}
}
