#include "init/records/records.h"
#include "init/sys/kfile.h"
#include "init/disk/disks.h"
#include "lib/now.h"
#include "lib/swaphdr.h"
#include "lib/reckeys.h"
#include "lib/reckinds.h"
#include "lib/version.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/utsname.h>
#include <unistd.h>

#define CLOCK_SETTLE_S 10.0	/* tsc-early gives way about a second after the TSC initcall */

static struct {
	const struct sb_config *cfg;
	char boot[CMD_NAME_MAX];
	char release[65];
	struct meminfo mem;
	struct clock_info clock;	/* what the runs are timed with */
	double clock_wait_s;
} R;

const char *records_boot(void)
{
	return R.boot;
}

const struct meminfo *records_mem(void)
{
	return &R.mem;
}

const struct clock_info *records_clock(void)
{
	return &R.clock;
}

void records_diag(struct rec_buf *b, enum rec_kind kind)
{
	rec_begin_diag(b, rec_kind_word(kind));
	rec_add(b, RK_BOOT, R.boot);
}

void records_emit(struct rec_buf *b)
{
	rec_end(b);
	results_emit(b);
}

static void make_boot_id(void)
{
	unsigned char rnd[4] = { 0 };

	/* early in boot the entropy pool may not be ready: GRND_INSECURE does not wait */
	if (R.cfg->boot[0])
		snprintf(R.boot, sizeof(R.boot), "%s", R.cfg->boot);
	else if (getrandom(rnd, sizeof(rnd), 0x0004 /* GRND_INSECURE */) == sizeof(rnd) ||
		 getrandom(rnd, sizeof(rnd), GRND_NONBLOCK) == sizeof(rnd))
		snprintf(R.boot, sizeof(R.boot), "%02x%02x%02x%02x", rnd[0], rnd[1], rnd[2], rnd[3]);
	else
		snprintf(R.boot, sizeof(R.boot), "t%07lx", (unsigned long)(now_s() * 1e6) & 0xfffffff);
}

void records_start(const struct sb_config *cfg)
{
	struct utsname u;

	R.cfg = cfg;
	make_boot_id();
	uname(&u);
	snprintf(R.release, sizeof(R.release), "%s", u.release);
	vmstat_meminfo(&R.mem);
}

void records_header(const char *cmdline, int modules_loaded, int modules_failed)
{
	struct utsname u;
	struct rec_buf b;

	uname(&u);
	R.clock_wait_s = clock_settle(CLOCK_SETTLE_S, &R.clock);
	results_line("KTAP version 1");
	records_diag(&b, RKIND_META);
	rec_add(&b, "swapbench", version_string());
	rec_add(&b, RK_KERNEL_RELEASE, u.release);
	rec_add(&b, RK_KERNEL_VERSION, u.version);
	rec_add(&b, RK_ARCH, u.machine);
	rec_addf(&b, RK_MEMTOTAL_KB, "%llu", (unsigned long long)R.mem.total_kb);
	rec_addf(&b, "memavailable_kb", "%llu", (unsigned long long)R.mem.available_kb);
	rec_addf(&b, "page_size", "%ld", sysconf(_SC_PAGESIZE));
	rec_addf(&b, RK_CPUS, "%ld", sysconf(_SC_NPROCESSORS_ONLN));
	rec_add(&b, RK_CLOCKSOURCE, R.clock.source);
	rec_addf(&b, RK_CLOCK_RES_NS, "%ld", R.clock.res_ns);
	rec_addf(&b, RK_CLOCK_STEP_NS, "%ld", R.clock.step_ns);
	rec_addf(&b, "clock_wait_s", "%.3f", R.clock_wait_s);
	if (modules_loaded || modules_failed) {
		rec_addf(&b, "modules_loaded", "%d", modules_loaded);
		rec_addf(&b, "modules_failed", "%d", modules_failed);
	}
	if (R.cfg->tag[0])
		rec_add(&b, RK_TAG, R.cfg->tag);
	/* the disk's cost, as the host set it up (DISK=); a real disk: unknown */
	rec_add(&b, RK_DISK, R.cfg->disk[0] ? R.cfg->disk : "unknown");
	if (R.cfg->instrument[0])
		rec_add(&b, RK_INSTRUMENT, R.cfg->instrument);
	/* last: it takes the room the others leave; cut, it says by how much.
	 * The collector's shared key is not for the records: (hidden) */
	char shown[REC_LINE_MAX];
	const char *k = strstr(cmdline, "swapbench.collect.key=");

	if (k) {
		size_t at = (size_t)(k - cmdline) + strlen("swapbench.collect.key=");

		snprintf(shown, sizeof(shown), "%.*s(hidden)%s", (int)at, cmdline, cmdline + at + strcspn(cmdline + at, " "));
		cmdline = shown;
	}
	size_t cut = rec_add_cut(&b, "cmdline", cmdline, 24);

	if (cut)
		rec_addf(&b, RK_CMDLINE_CUT, "%zu", cut);
	records_emit(&b);
}

void records_warnings(const struct cmdline_msgs *m)
{
	struct rec_buf b;

	for (int i = 0; i < m->nwarn && i < CMD_WARN_MAX; i++) {
		records_diag(&b, RKIND_WARNING);
		rec_add(&b, RK_MSG, m->warn[i]);
		records_emit(&b);
	}
	if (m->nwarn > CMD_WARN_MAX)
		results_line("# swapbench: %d more warnings not shown", m->nwarn - CMD_WARN_MAX);
}

/* where on its disk the area lies, and what the kernel is told the disk is */
static void add_placement(struct rec_buf *b, const struct swap_backend *be)
{
	struct disks_extents e;
	uint64_t lba;
	int rot = disks_rotational_now(be->dev);

	static const char *const limits[] = { "max_sectors_kb", "max_hw_sectors_kb", "logical_block_size",
					      "minimum_io_size", "optimal_io_size", "discard_max_bytes" };
	uint64_t v;

	if (rot >= 0) {
		rec_addf(b, "rotational", "%d", rot);
		/* swapon sets SWP_SOLIDSTATE exactly when the device is not
		 * rotational (bdev_nonrot): SSD cluster allocation, no seek
		 * ordering; the flag itself is shown nowhere */
		rec_addf(b, "solidstate", "%d", !rot);
	}
	/* the queue limits the swap code's requests are cut to */
	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++)
		if (disks_queue_get(be->dev, limits[i], &v) == 0)
			rec_addf(b, limits[i], "%llu", (unsigned long long)v);
	if (disks_first_lba(be->dev, &lba) < 0)
		return;
	if (be->kind != BACKEND_FILE) {
		rec_addf(b, "first_lba", "%llu", (unsigned long long)lba);
		return;
	}
	if (disks_extents(be->path, lba, &e) == 0 && e.count) {
		rec_addf(b, "extents", "%u", e.count);
		rec_addf(b, "first_lba", "%llu", (unsigned long long)e.first_lba);
		rec_addf(b, "last_lba", "%llu", (unsigned long long)e.last_lba);
	}
}

void records_swap(const struct swap_backend *be)
{
	struct rec_buf b;

	records_diag(&b, RKIND_SWAP);
	rec_add(&b, RK_BACKEND, swapconf_disks[be->kind]);
	rec_add(&b, "dev", be->dev);
	if (be->driver[0])
		rec_add(&b, "driver", be->driver);
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
	if (be->uuid[0]) {
		int k = be->kept;

		if (be->label[0])
			rec_add(&b, "label", be->label);
		rec_add(&b, "uuid", be->uuid);
		/* what the area took over from the swap area it replaced */
		rec_add(&b, "kept", k == (SWAPHDR_KEPT_LABEL | SWAPHDR_KEPT_UUID) ? "label,uuid"
				    : k == SWAPHDR_KEPT_LABEL ? "label"
				    : k == SWAPHDR_KEPT_UUID ? "uuid" : "none");
	}
	rec_addf(&b, "mkswap_s", "%.6f", be->mkswap_s);
	add_placement(&b, be);
	records_emit(&b);
}

#define D(f) ((unsigned long long)(r->after.v[f] - r->before.v[f]))

/* What /proc/swaps says is active: proof that exactly one backend is on. */
static void add_active_swap(struct rec_buf *b)
{
	static char buf[1024];
	char *line, *first = NULL;
	int n = 0;

	if (kfile_read("/proc/swaps", buf, sizeof(buf)) < 0)
		return;
	/* "Filename Type Size Used Priority" heading, then one line per area */
	for (line = strchr(buf, '\n'); line && line[1]; line = strchr(line + 1, '\n'))
		if (!n++)
			first = line + 1;
	rec_addf(b, RK_SWAPS_ACTIVE, "%d", n);
	if (first) {
		char *end = strpbrk(first, " \t"), *size;

		if (!end)
			return;
		*end = 0;
		rec_add(b, RK_SWAP_DEV, first);
		size = end + 1 + strspn(end + 1, " \t");
		size += strcspn(size, " \t");	/* skip Type */
		rec_addf(b, "swap_kb", "%lu", strtoul(size, NULL, 10));
	}
}

/*
 * The workload's "key=value" lines, as w.key fields. A line whose key the
 * codec would refuse, or past the record's field limit, is counted in
 * w_dropped instead of costing the whole record; a line cut short by the
 * output limit is left out.
 */
static void add_workload_output(struct rec_buf *b, const char *out, int truncated)
{
	static char copy[RUNNER_OUT_MAX];
	char *save = NULL, *nl;
	unsigned dropped = 0;

	snprintf(copy, sizeof(copy), "%s", out);
	if (truncated) {
		nl = strrchr(copy, '\n');
		*(nl ? nl : copy) = 0;
	}
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *eq = strchr(line, '='), key[48];

		if (!eq || eq == line)
			continue;
		snprintf(key, sizeof(key), "w.%.*s", (int)(eq - line), line);
		if (eq - line > 40 || !rec_key_ok(key) || b->nfields >= REC_FIELDS_MAX - 1) {
			dropped++;
			continue;
		}
		rec_add(b, key, eq + 1);
	}
	if (dropped)
		rec_addf(b, "w_dropped", "%u", dropped);
}

void records_conf(const struct sb_swapconf *c, uint64_t zram_bytes)
{
	struct rec_buf b;

	records_diag(&b, RKIND_CONF);
	rec_add(&b, RK_BACKEND, c->name);
	rec_add(&b, "kind", swapconf_kinds[c->kind]);
	if (c->kind != KIND_ZRAM)
		rec_add(&b, RK_DISK, swapconf_disks[c->disk]);
	if (c->kind == KIND_ZRAM || c->kind == KIND_ZSWAP)
		rec_add(&b, "comp", c->comp);
	if (c->kind == KIND_ZRAM)
		rec_addf(&b, "zram_disksize_kb", "%llu", (unsigned long long)(zram_bytes >> 10));
	if (c->kind == KIND_ZSWAP) {
		rec_add(&b, "zpool", c->zpool);
		rec_addf(&b, "max_pool_pct", "%u", c->max_pool_pct);
	}
	if (c->swappiness >= 0)
		rec_addf(&b, "swappiness", "%d", c->swappiness);
	if (c->page_cluster >= 0)
		rec_addf(&b, "page_cluster", "%d", c->page_cluster);
	if (c->mglru >= 0)
		rec_addf(&b, "mglru", "%d", c->mglru);
	if (c->min_ttl_ms >= 0)
		rec_addf(&b, "min_ttl_ms", "%d", c->min_ttl_ms);
	if (c->vma_ra >= 0)
		rec_addf(&b, "vma_ra", "%d", c->vma_ra);
	for (int k = 0; k < CG_KNOBS; k++)
		if (c->cg[k] == CG_NOLIMIT)
			rec_add(&b, cg_knob_defs[k].file, "max");
		else if (c->cg[k] != CG_UNSET)
			rec_addf(&b, cg_knob_defs[k].file, "%lld", c->cg[k]);
	for (int i = 0; i < c->nmthp; i++) {
		char key[24];

		snprintf(key, sizeof(key), "mthp_%uk", c->mthp[i].kb);
		rec_add(&b, key, mthp_modes[c->mthp[i].mode]);
	}
	records_emit(&b);
}

void records_result(struct rec_buf *b, const struct plan_item *it, unsigned long num,
		    const struct run_result *r, const struct swapstat *st, const char *settle)
{
	const char *wl = R.cfg->workloads[it->workload], *bk = swapconf_name(R.cfg->conf, R.cfg->nconfs, it->backend);
	char id[80];

	snprintf(id, sizeof(id), "%s-%s-%u", wl, bk, it->iter);
	if (it->warmup)
		rec_begin_diag(b, rec_kind_word(RKIND_WARMUP));
	else
		rec_begin_result(b, !strcmp(r->status, "ok"), num, id);
	rec_add(b, RK_BOOT, R.boot);
	rec_add(b, RK_WORKLOAD, wl);
	rec_add(b, RK_BACKEND, bk);
	rec_addf(b, RK_ITER, "%u", it->iter);
	rec_add(b, RK_STATUS, r->status);
	rec_addf(b, RK_ELAPSED_S, "%.6f", r->elapsed_s);
	rec_addf(b, RK_USER_S, "%.3f", r->user_s);
	rec_addf(b, RK_SYS_S, "%.3f", r->sys_s);
	rec_addf(b, RK_MINFLT, "%ld", r->minflt);
	rec_addf(b, RK_MAJFLT, "%ld", r->majflt);
	rec_addf(b, RK_PSWPIN, "%llu", D(VM_PSWPIN));
	rec_addf(b, RK_PSWPOUT, "%llu", D(VM_PSWPOUT));
	rec_addf(b, RK_PGMAJFAULT, "%llu", D(VM_PGMAJFAULT));
	rec_addf(b, RK_PGSCAN, "%llu", D(VM_PGSCAN_KSWAPD) + D(VM_PGSCAN_DIRECT));
	rec_addf(b, RK_PGSTEAL, "%llu", D(VM_PGSTEAL_KSWAPD) + D(VM_PGSTEAL_DIRECT));
	rec_addf(b, RK_ALLOCSTALL, "%llu", D(VM_ALLOCSTALL));
	rec_addf(b, RK_OOM_KILL, "%llu", D(VM_OOM_KILL));
	for (int c = VM_OPTIONAL; c < VM_COUNTERS; c++)
		if (r->before.have & r->after.have & (1u << c))
			rec_addf(b, vmstat_name((enum vm_counter)c), "%llu", D(c));
	if (r->after.have_psi) {
		rec_addf(b, RK_PSI_SOME_US, "%llu",
			 (unsigned long long)(r->after.psi_some_us - r->before.psi_some_us));
		rec_addf(b, RK_PSI_FULL_US, "%llu",
			 (unsigned long long)(r->after.psi_full_us - r->before.psi_full_us));
	}
	rec_addf(b, RK_SWAP_PEAK_KB, "%llu", (unsigned long long)r->swap_peak_kb);
	rec_addf(b, RK_CLOCKSOURCE_CHANGED, "%d", r->clock_changed);
	if (strcmp(r->clocksource, R.clock.source))
		rec_add(b, RK_CLOCKSOURCE, r->clocksource);
	add_active_swap(b);
	if (st)
		swapstat_record(b, st);
	rec_addf(b, RK_EXIT, "%d", r->exit_code);
	if (r->term_sig)
		rec_addf(b, RK_SIGNAL, "%d", r->term_sig);
	rec_add(b, RK_KERNEL, R.release);
	if (R.cfg->tag[0])
		rec_add(b, RK_TAG, R.cfg->tag);
	if (settle[0])
		rec_add(b, RK_SETTLE_ERROR, settle);
	if (r->out_truncated)
		rec_add(b, RK_OUT_TRUNCATED, "1");
	add_workload_output(b, r->out, r->out_truncated);
}

void records_progress(unsigned done, unsigned total, const struct plan_item *it,
		      const struct run_result *r, double spent)
{
	double eta = done ? spent / done * (total - done) : 0;

	results_line("# [%u/%u] %s%s on %s #%u: %s %.2f s, pswpin %llu, ETA %u:%02u", done, total,
		     it->warmup ? "warm-up " : "", R.cfg->workloads[it->workload],
		     swapconf_name(R.cfg->conf, R.cfg->nconfs, it->backend), it->iter, r->status, r->elapsed_s,
		     D(VM_PSWPIN), (unsigned)eta / 60, (unsigned)eta % 60);
}
