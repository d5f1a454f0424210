/*
 * The experiment: settle the backends, check the workloads, set up swap,
 * then run the plan, switching swap before every run.
 */
#include "init/experiment/experiment.h"
#include "init/swap/cgroup.h"
#include "init/swap/mthp.h"
#include "lib/now.h"
#include "lib/probe.h"
#include "init/experiment/diskcheck.h"
#include "init/experiment/diskchar.h"
#include "init/disk/diskctr.h"
#include "init/disk/dmdisk.h"
#include "init/disk/disks.h"
#include "init/sys/cpus.h"
#include "init/sys/errmsg.h"
#include "init/sys/modules.h"
#include "init/config/plan.h"
#include "lib/slowmode.h"
#include "init/records/records.h"
#include "init/records/totals.h"
#include "init/output/results.h"
#include "init/output/sender.h"
#include "init/run/swapstat.h"
#include "init/swap/zram.h"
#include "lib/workloads.h"
#include "init/config/cmdkeys.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const workloads[] = WORKLOADS_NAMES;

static struct {
	struct sb_config cfg;
	struct cmdline_msgs msgs;
	struct swap_backend be[BACKEND_COUNT];	/* the disk areas */
	struct swap_backend zram;		/* /dev/zram0, swapped on by zram configurations */
	uint64_t disk_bytes;			/* the disk configurations' capacity: plain zram's too */
	struct swapstat stat;			/* the current run's */
	struct plan plan;
	const char *dir;
	int modules_loaded, modules_failed;
	char module_error[200];
	int diskctr;			/* the disk model's counters are read around each run */
	int extras_ro;			/* the filesystem disk mounted read-only for the extras */
	struct diskctr ctr_boot;	/* as the model had them when init first read them */
} S;

__attribute__((format(printf, 1, 2)))
static enum experiment_status error(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	totals_error(msg);
	return EXPERIMENT_ERROR;
}

/* The swap partition, the swapfile's filesystem, the pmem device and the results disk: distinct devices (disks_distinct). */
static enum experiment_status check_distinct(void)
{
	const struct disks_use d[] = {
		{ "part", swapconf_uses(S.cfg.conf, S.cfg.nconfs, BACKEND_PARTITION) ? S.cfg.part : "" },
		{ "fsdev", swapconf_uses(S.cfg.conf, S.cfg.nconfs, BACKEND_FILE) ? S.cfg.fsdev : "" },
		{ "pmem", swapconf_uses(S.cfg.conf, S.cfg.nconfs, BACKEND_PMEM) ? S.cfg.pmem : "" },
		{ "results", S.cfg.results },
	};
	char why[200];

	if (disks_distinct(d, sizeof(d) / sizeof(d[0]), why, sizeof(why)) < 0)
		return error("%s", why);
	return EXPERIMENT_PASS;
}

/*
 * Settles which configurations run, before anything touches a disk: the
 * default list keeps those whose disk is designated; a list given names
 * only what can run, on a kernel that has it.
 */
static enum experiment_status choose_backends(void)
{
	static const char *const key[BACKEND_COUNT] = { "part", "fsdev", "pmem" };
	static const char *const what[BACKEND_COUNT] = { "partition", "swapfile", "pmem device" };
	struct sb_config *c = &S.cfg;
	const char *specs[BACKEND_COUNT] = { c->part, c->fsdev, c->pmem };
	char why[400];
	int k = 0;

	if (!swap_supported())
		return error("this kernel has no swap support (no /proc/swaps: build it with CONFIG_SWAP=y)");
	for (int i = 0; i < c->nconfs; i++) {
		const struct sb_swapconf *sc = &c->conf[i];
		const char *spec = specs[sc->disk];

		if (sc->kind != KIND_ZRAM && !spec[0]) {
			if (c->confs_given)
				return error("swapbench.backends=%s swaps on the %s: give swapbench.%s=DEV", sc->name,
					     what[sc->disk], key[sc->disk]);
			continue;
		}
		c->conf[k++] = *sc;
	}
	c->nconfs = k;
	if (!k)
		return error("no swap designated: give swapbench.part=DEV and/or swapbench.fsdev=DEV");
	if (c->until_cp && k < 2)
		return error("swapbench.until compares two configurations, and only %s can run", c->conf[0].name);
	if (zram_check(c, why, sizeof(why)) < 0 ||
	    cgroup_check(c, records_mem()->total_kb, 0, why, sizeof(why)) < 0 || mthp_check(c, why, sizeof(why)) < 0)
		return error("%s", why);
	swapstat_init();
	zram_knobs_boot();
	return check_distinct();
}

static enum experiment_status setup_swap(void)
{
	struct sb_config *c = &S.cfg;
	char why[400];
	uint64_t size = c->size;

	if (swapconf_uses(c->conf, c->nconfs, BACKEND_PARTITION)) {
		if (swap_setup_partition(c, &S.be[BACKEND_PARTITION], why, sizeof(why)) < 0)
			return error("%s", why);
		records_swap(&S.be[BACKEND_PARTITION]);
		if (!size)
			size = S.be[BACKEND_PARTITION].bytes;
	}
	if (swapconf_uses(c->conf, c->nconfs, BACKEND_PMEM)) {
		if (swap_setup_pmem(c, &S.be[BACKEND_PMEM], why, sizeof(why)) < 0)
			return error("%s", why);
		records_swap(&S.be[BACKEND_PMEM]);
		if (!size)
			size = S.be[BACKEND_PMEM].bytes;
	}
	if (!size)
		size = (uint64_t)records_mem()->total_kb * 2048;
	S.disk_bytes = size;
	for (int i = 0; i < c->nconfs; i++) {
		uint64_t cap = c->conf[i].kind == KIND_ZRAM ? zram_bytes(&c->conf[i], records_mem()->total_kb, size)
			     : c->conf[i].disk != BACKEND_FILE ? S.be[c->conf[i].disk].bytes : size;
		struct sb_config one = { .nconfs = 1 };

		one.conf[0] = c->conf[i];
		if (cgroup_check(&one, records_mem()->total_kb, cap, why, sizeof(why)) < 0)
			return error("%s", why);
	}
	if (swapconf_uses(c->conf, c->nconfs, BACKEND_FILE)) {
		if (swap_setup_file(c, size, &S.be[BACKEND_FILE], why, sizeof(why)) < 0)
			return error("%s", why);
		records_swap(&S.be[BACKEND_FILE]);
	}
	for (int i = 0; i < c->nconfs; i++)
		records_conf(&c->conf[i], zram_bytes(&c->conf[i], records_mem()->total_kb, size));
	return EXPERIMENT_PASS;
}

static enum experiment_status make_plan(void)
{
	int err = plan_make(&S.cfg, &S.plan);

	totals_planned(S.plan.measured);
	if (err < 0)
		return error("the plan has more than %d runs: lower swapbench.runs or warmup", PLAN_MAX);
	return EXPERIMENT_PASS;
}

static void fill_spec(struct run_spec *s, const char *wl, const char *mode)
{
	memset(s, 0, sizeof(*s));
	s->workload = wl;
	s->mode = mode;
	s->dir = S.dir;
	s->memtotal_kb = (unsigned long)records_mem()->total_kb;
	s->timeout_s = S.cfg.timeout_s;
	s->boot = records_boot();
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
static enum experiment_status check_workloads(int pass)
{
	static struct run_result r;
	struct run_spec s;

	for (int w = 0; w < S.cfg.nworkloads; w++) {
		const char *wl = S.cfg.workloads[w];

		/* the parser knows the names; this is the image missing a program */
		if (!runner_exists(wl))
			return error("workload %s: no %s/%s in this image", wl, RUNNER_BIN_DIR, wl);
		{
			fill_spec(&s, wl, pass ? "--prepare" : "--check");
			s.capture_stderr = 1;
			int err = runner_run(&s, &r);

			if (err < 0)
				return error("cannot start workload %s: %s", wl, errmsg(err));
			if (strcmp(r.status, "ok")) {
				char *nl = strchr(r.out, '\n');

				if (nl && nl[1] == 0)
					*nl = 0;
				return error("workload %s %s failed (%s): %s", wl, pass ? "set-up" : "parameters",
					     r.status, r.out[0] ? r.out : "no message");
			}
		}
	}
	return EXPERIMENT_PASS;
}

/* Every swap area off, then zswap off and zram0 reset: nothing of the last configuration left. */
static int all_off(char *why, size_t n)
{
	struct swap_backend *areas[] = { &S.be[BACKEND_PARTITION], &S.be[BACKEND_FILE], &S.be[BACKEND_PMEM], &S.zram };
	int err;

	for (size_t b = 0; b < sizeof(areas) / sizeof(areas[0]); b++)
		if (areas[b]->active && (err = swap_off(areas[b])) < 0) {
			snprintf(why, n, "swapoff %s: %s", areas[b]->path, errmsg(err));
			return err;
		}
	return zram_clear(why, n);
}

/*
 * Switches swap to configuration want, settling memory in between, and
 * reads what its record proves. Returns 0 or -errno with why. A settle
 * step that fails does not stop the series: settle says what failed, for
 * the run's record, and the console hears it once.
 */
static int activate(unsigned want, char *why, size_t n, char *settle, size_t sn)
{
	static char told[160];
	const struct sb_swapconf *c = &S.cfg.conf[want];
	struct swap_backend *on = c->kind == KIND_ZRAM ? &S.zram : &S.be[c->disk];
	int err;

	if ((err = all_off(why, n)) < 0)
		return err;
	settle[0] = 0;
	if (vmstat_settle(VMSTAT_SYSCTL_VM, settle, sn) < 0 && strcmp(settle, told)) {
		results_line("# swapbench: before a run: %s (recorded as settle_error on each run it affects)", settle);
		snprintf(told, sizeof(told), "%s", settle);
	}
	if (c->kind == KIND_ZRAM) {
		S.zram.bytes = zram_bytes(c, records_mem()->total_kb, S.disk_bytes);
		S.zram.prio = 10;
		snprintf(S.zram.path, sizeof(S.zram.path), "%s", ZRAM_DEV);
	}
	if ((err = zram_knobs_apply(c, why, n)) < 0 || (err = zram_prepare(c, S.zram.bytes, why, n)) < 0)
		return err;
	if ((err = swap_on(on)) < 0) {
		snprintf(why, n, "swapon %s: %s", on->path, errmsg(err));
		return err;
	}
	swapstat_begin(&S.stat);
	if (swapconf_cgroup(S.cfg.conf, S.cfg.nconfs) && (err = cgroup_fresh(c, &S.stat.cg, why, n)) < 0)
		return err;
	return mthp_apply(c, &S.stat.mthp, why, n);
}

/* the model's counters over the whole series, from the first reading to the last */
static void disk_totals(void)
{
	struct diskctr end;
	struct rec_buf b;

	if (!S.diskctr || diskctr_read(&end) < 0)
		return;
	records_diag(&b, RKIND_DISKMODEL);
	diskctr_record(&b, &S.ctr_boot, &end, 0);
	records_emit(&b);
}

/* swapbench.diskmodel=1: the disk that holds the swap partition through
 * the model in the guest (dmdisk.c), before anything resolves a designation */
static enum experiment_status setup_diskmodel(void)
{
	char dev[300], why[400];

	if (!S.cfg.diskmodel) {
		if (S.cfg.sched)
			return error("swapbench.sched=%s sets the modelled disk's I/O scheduler, and no disk is modelled "
				     "(swapbench.diskmodel=1, DISK=NAME)", cmdkeys_sched_names[S.cfg.sched]);
		if (S.cfg.diskq)
			return error("swapbench.diskq=%s sets the modelled drive's queue, and no disk is modelled "
				     "(swapbench.diskmodel=1, DISK=NAME)", cmdkeys_diskq_names[S.cfg.diskq]);
		return EXPERIMENT_PASS;
	}
	if (!S.cfg.part[0])
		return error("swapbench.diskmodel=1 models the disk that holds the swap partition, and swapbench.part "
			     "designates none");
	if (disks_designate("part", S.cfg.part, dev, sizeof(dev), why, sizeof(why)) < 0 ||
	    dmdisk_setup(dev, S.cfg.sched ? cmdkeys_sched_names[S.cfg.sched] : "", S.cfg.diskq, why, sizeof(why)) < 0)
		return error("%s", why);
	return EXPERIMENT_PASS;
}

/*
 * EXTRA_ON=disk: /extra points into the filesystem disk (rootfs/extras),
 * which a swapfile configuration mounts anyway; without one, the disk is
 * mounted read-only for the extras alone, whatever the backends.
 */
static enum experiment_status mount_extras(void)
{
	char dev[300], why[400];
	struct stat st;

	if (S.be[BACKEND_FILE].ready || lstat("/extra", &st) < 0 || !S_ISLNK(st.st_mode) || !S.cfg.fsdev[0])
		return EXPERIMENT_PASS;
	if (disks_designate("fsdev", S.cfg.fsdev, dev, sizeof(dev), why, sizeof(why)) < 0)
		return error("%s (the extras are on that disk: EXTRA_ON=disk)", why);
	mkdir("/mnt", 0755);
	mkdir(SWAP_MNT, 0755);
	if (mount(dev, SWAP_MNT, "ext4", MS_RDONLY | MS_NOATIME, "") < 0)
		return error("mount %s read-only on %s for the extras (EXTRA_ON=disk): %s", dev, SWAP_MNT,
			     errmsg(-errno));
	S.extras_ro = 1;
	return EXPERIMENT_PASS;
}

/* the model's first counters, and the disk record with the profile's figures */
static enum experiment_status open_diskctr(void)
{
	int err;

	if (!S.cfg.diskmodel)
		return EXPERIMENT_PASS;
	if ((err = diskctr_read(&S.ctr_boot)) < 0)
		return error("swapbench.diskmodel=1: the model's counters: %s", errmsg(err));
	S.diskctr = 1;
	diskcheck_profile_record();
	return EXPERIMENT_PASS;
}

/* swapbench.workloads=diskchar: the designated disk characterised, read-only, no runs */
static enum experiment_status char_disk(void)
{
	char why[400];
	double t0 = now_s();

	results_line("1..0");
	if (diskchar_designated(&S.cfg, why, sizeof(why)) < 0)
		return error("%s", why);
	return totals_write(now_s() - t0, "")->notok ? EXPERIMENT_FAIL : EXPERIMENT_PASS;
}

/* swapbench.diskcheck: the designated swap partition measured, no runs */
static enum experiment_status check_disk(void)
{
	char why[400];
	double t0 = now_s();

	if (diskcheck_designated(&S.cfg, why, sizeof(why)) < 0)
		return error("%s", why);
	return totals_write(now_s() - t0, "")->notok ? EXPERIMENT_FAIL : EXPERIMENT_PASS;
}

static enum experiment_status run_series(void)
{
	static struct run_result r;
	static struct diskctr ctr[2];	/* before and after a run */
	static struct daccount acct;	/* the run's requests */
	struct plan_precision pr;
	const char *stop = NULL;
	struct rec_buf b;
	struct run_spec s;
	unsigned long num = 0;
	char why[400], settle[160];
	double t0 = now_s();

	results_line("1..%u", S.plan.measured);
	for (unsigned i = 0; i < S.plan.n; i++) {
		const struct plan_item *it = &S.plan.item[i];
		int err = activate(it->backend, why, sizeof(why), settle, sizeof(settle));

		if (err)
			return error("switching swap to %s: %s", swapconf_name(S.cfg.conf, S.cfg.nconfs, it->backend), why);
		fill_spec(&s, S.cfg.workloads[it->workload], NULL);
		s.vmstat_s = S.cfg.vmstat_s;
		s.sample = swapstat_sample;
		s.sample_arg = &S.stat;
		s.cgroup_procs = S.stat.cg.on ? CGROUP_PROCS : NULL;
		s.run_no = it->warmup ? 0 : ++num;
		if (S.diskctr && ((err = diskctr_read(&ctr[0])) < 0 || (err = dmdisk_account_start()) < 0))
			return error("reading the disk model's counters: %s", errmsg(err));
		if ((err = runner_run(&s, &r)) < 0)
			return error("running %s: %s", s.workload, errmsg(err));
		if (S.diskctr && ((err = diskctr_read(&ctr[1])) < 0 || (err = dmdisk_account_read(&acct)) < 0))
			return error("reading the disk model's counters: %s", errmsg(err));
		swapstat_end(&S.stat);
		/* zswap's checks: a kernel that breaks them fails the run, saying why */
		if (swapstat_check(&S.stat, &r) && !strcmp(r.status, "ok")) {
			r.status = "error";
			results_line("# swapbench: %s on %s, iteration %u: zswap check failed: %s", s.workload,
				     swapconf_name(S.cfg.conf, S.cfg.nconfs, it->backend), it->iter, S.stat.check.failed);
		}
		totals_count(it, &r);
		records_result(&b, it, num, &r, &S.stat, settle);
		if (S.diskctr)
			diskctr_record(&b, &ctr[0], &ctr[1], r.elapsed_s);
		if (rec_end(&b) < 0) {
			/* too long with the workload's output: keep the measurements */
			r.out[0] = 0;
			records_result(&b, it, num, &r, &S.stat, settle);
			if (S.diskctr)
				diskctr_record(&b, &ctr[0], &ctr[1], r.elapsed_s);
			rec_add(&b, "note", "workload output dropped: record too long");
			rec_end(&b);
		}
		/* what the drive served, just before the run's result line */
		for (unsigned part = 1; S.diskctr && num && part <= diskctr_io_parts(&acct); part++) {
			struct rec_buf io;

			diskctr_io_record(&io, num, &acct, part);
			records_emit(&io);
		}
		results_emit(&b);
		records_progress(i + 1, S.plan.n, it, &r, now_s() - t0);
		if (plan_note(&S.plan, i, strcmp(r.status, "ok") ? NAN : r.elapsed_s,
			      slow_faults_per_page((double)r.majflt, (double)(r.after.v[VM_PSWPIN] -
									r.before.v[VM_PSWPIN])), &pr)) {
			totals_precision(&S.cfg, &S.plan, 0);
			stop = pr.stop ? "precision" : "maxruns";
			if (pr.stop)
				break;
		}
	}
	if (stop) {
		totals_until(stop, pr.round, pr.worst);
		totals_precision(&S.cfg, &S.plan, 1);
	}
	disk_totals();
	if (all_off(why, sizeof(why)) < 0)
		results_line("# swapbench: after the series: %s (recorded in totals)", why);
	else
		why[0] = 0;
	return totals_write(now_s() - t0, why)->notok ? EXPERIMENT_FAIL : EXPERIMENT_PASS;
}

/* Opens the results disk before the header so the header reaches it too. */
static void open_results(char *why, size_t n)
{
	char dev[64];
	int err;

	if (disks_designate("results", S.cfg.results, dev, sizeof(dev), why, n) < 0)
		return;
	err = results_open_disk(dev);
	if (err < 0)
		snprintf(why, n, "results disk %s: %s", dev, errmsg(err));
	/* only a disk that proved to be a results disk, before its first record */
	else if (!S.cfg.flush && (err = disks_write_through(dev)) < 0)
		snprintf(why, n, "swapbench.flush=0: cannot turn off the write cache of %s: %s", dev, errmsg(err));
}

/* swapbench.cpus_up=1: before the meta record, which counts the CPUs online */
static void bring_cpus_up(char *why, size_t n)
{
	int up, cpu = 0, err = cpus_online_all(&up, &cpu);

	if (err < 0)
		snprintf(why, n, "swapbench.cpus_up=1: CPU %d would not come online: %s", cpu, errmsg(err));
}

enum experiment_status experiment_main(const char *cmdline)
{
	enum experiment_status st;
	char why[400] = "";
	int perr = cmdline_parse(cmdline, workloads, &S.cfg, &S.msgs);

	S.modules_loaded = modules_load_all(!perr && swapconf_compressed(S.cfg.conf, S.cfg.nconfs), &S.modules_failed, S.module_error,
					    sizeof(S.module_error));
	if (!perr && S.cfg.results[0])
		open_results(why, sizeof(why));
	if (!perr && !why[0] && S.cfg.cpus_up)
		bring_cpus_up(why, sizeof(why));
	records_start(&S.cfg);
	/* before the header, so the header reaches the collector too */
	if (!perr && !why[0] && S.cfg.collect[0])
		sender_start(S.cfg.collect, S.cfg.collect_key, records_boot(), why, sizeof(why));	/* a failure's why stops the series below */
	records_header(cmdline, S.modules_loaded, S.modules_failed);
	if (perr)
		return error("%s", S.msgs.error);
	if (S.modules_failed) {
		snprintf(S.msgs.warn[S.msgs.nwarn < CMD_WARN_MAX ? S.msgs.nwarn : CMD_WARN_MAX - 1],
			 sizeof(S.msgs.warn[0]), "%d modules did not load, first %s", S.modules_failed,
			 S.module_error);
		S.msgs.nwarn++;
	}
	if (clock_provisional(records_clock()->source)) {
		if (S.msgs.nwarn < CMD_WARN_MAX)
			snprintf(S.msgs.warn[S.msgs.nwarn], sizeof(S.msgs.warn[0]),
				 "clocksource still %s after waiting: the first runs may be timed across "
				 "the switch (their records say clocksource_changed=1)",
				 records_clock()->source);
		S.msgs.nwarn++;
	}
	records_warnings(&S.msgs);
	if (why[0])
		return error("%s", why);
	if ((st = setup_diskmodel()) != EXPERIMENT_PASS)
		return st;
	if (S.cfg.diskcheck)
		return check_disk();
	if (diskchar_wanted(&S.cfg))
		return char_disk();
	for (int w = 0; w < S.cfg.nworkloads; w++)
		if (!strcmp(S.cfg.workloads[w], "diskchar"))
			return error("swapbench.workloads=diskchar characterises the disk instead of the experiment: "
				     "it runs alone, not beside %s", S.cfg.workloads[w ? 0 : 1]);
	S.dir = "/tmp";
	if ((st = choose_backends()) != EXPERIMENT_PASS || (st = make_plan()) != EXPERIMENT_PASS ||
	    (st = check_workloads(0)) != EXPERIMENT_PASS || (st = setup_swap()) != EXPERIMENT_PASS)
		return st;
	if (S.be[BACKEND_FILE].ready)
		S.dir = SWAP_MNT;
	if ((st = mount_extras()) != EXPERIMENT_PASS || (st = open_diskctr()) != EXPERIMENT_PASS ||
	    (st = check_workloads(1)) != EXPERIMENT_PASS)
		return st;
	st = run_series();
	results_close();
	if (S.be[BACKEND_FILE].ready || S.extras_ro)
		umount(SWAP_MNT);
	return st;
}
