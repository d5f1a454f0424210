#include "init/run/swapstat.h"
#include "init/sys/kfile.h"
#include "init/sys/vmstat.h"
#include "init/swap/zram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

void swapstat_init(void)
{
	if (access(ZSWAP_PARAMS, F_OK) == 0 && access(ZSWAP_DEBUG, F_OK) < 0)
		mount("debugfs", "/sys/kernel/debug", "debugfs", 0, "");
}

static void copy(char *out, size_t n, const char *src, size_t len)
{
	if (len >= n)
		len = n - 1;
	memcpy(out, src, len);
	out[len] = 0;
}

/* a small sysfs file's first line, "" when absent */
static void line(const char *path, char *out, size_t n)
{
	char buf[256];

	out[0] = 0;
	if (kfile_read(path, buf, sizeof(buf)) > 0)
		copy(out, n, buf, strcspn(buf, "\n"));
}

static long long number(const char *path)
{
	char buf[32];

	line(path, buf, sizeof(buf));
	return buf[0] ? strtoll(buf, NULL, 10) : -1;
}


/* mm_stat: orig_data_size compr_data_size mem_used_total mem_limit mem_used_max same_pages ... */
static int mm_stat(uint64_t v[6])
{
	char buf[256];

	line(ZRAM_SYS "/mm_stat", buf, sizeof(buf));
	return sscanf(buf, "%llu %llu %llu %llu %llu %llu", (unsigned long long *)&v[0],
		      (unsigned long long *)&v[1], (unsigned long long *)&v[2], (unsigned long long *)&v[3],
		      (unsigned long long *)&v[4], (unsigned long long *)&v[5]) == 6 ? 0 : -1;
}

void swapstat_begin(struct swapstat *s)
{
	uint64_t mm[6];

	memset(s, 0, sizeof(*s));
	s->zswap_start_pages = s->zswap_pages = s->zswap_pool = s->zswap_wb0 = s->zswap_wb = -1;
	s->zswap_hit0 = s->zswap_hit = -1;
	for (int k = 0; k < ZRAM_KNOBS; k++)
		line(zram_knob_files[k], s->knob[k], sizeof(s->knob[k]));
	s->have_zram = access(ZRAM_SYS "/disksize", F_OK) == 0;
	if (s->have_zram) {
		long long d = number(ZRAM_SYS "/disksize");

		s->zram_disksize = d > 0 ? (uint64_t)d : 0;
		if (s->zram_disksize && mm_stat(mm) == 0)
			s->zram_start_orig = mm[0];
		kfile_choice(ZRAM_SYS "/comp_algorithm", s->zram_comp, sizeof(s->zram_comp));
	}
	s->have_zswap = access(ZSWAP_PARAMS "/enabled", F_OK) == 0;
	if (s->have_zswap) {
		char on[8];

		line(ZSWAP_PARAMS "/enabled", on, sizeof(on));
		s->zswap_on = on[0] == 'Y';
		line(ZSWAP_PARAMS "/compressor", s->zswap_comp, sizeof(s->zswap_comp));
		line(ZSWAP_PARAMS "/zpool", s->zswap_zpool, sizeof(s->zswap_zpool));
		s->zswap_pool_pct = (unsigned)number(ZSWAP_PARAMS "/max_pool_percent");
		s->zswap_start_pages = number(ZSWAP_DEBUG "/stored_pages");
		s->zswap_wb0 = number(ZSWAP_DEBUG "/written_back_pages");
		s->zswap_hit0 = number(ZSWAP_DEBUG "/pool_limit_hit");
	}
	swapstat_sample(s);
}

void swapstat_sample(void *arg)
{
	struct swapstat *s = arg;
	uint64_t mm[6];

	if (s->zram_disksize && mm_stat(mm) == 0) {
		if (mm[0] >= s->zram_orig) {
			s->zram_orig = mm[0];
			s->zram_compr = mm[1];
			s->zram_mem = mm[2];
			s->zram_same = mm[5];
		}
		s->zram_mem_max = mm[4];
	}
	cgroup_sample(&s->cg);
	if (s->zswap_on) {
		long long p = number(ZSWAP_DEBUG "/stored_pages");

		if (p >= s->zswap_pages) {
			s->zswap_pages = p;
			s->zswap_pool = number(ZSWAP_DEBUG "/pool_total_size");
		}
	}
}

void swapstat_end(struct swapstat *s)
{
	swapstat_sample(s);
	cgroup_end(&s->cg);
	mthp_end(&s->mthp);
	if (s->have_zswap) {
		s->zswap_wb = number(ZSWAP_DEBUG "/written_back_pages");
		s->zswap_hit = number(ZSWAP_DEBUG "/pool_limit_hit");
	}
}

/* a memory.stat counter of the run's cgroup, -1 when it has none */
static long long cg_counter(const struct cgstat *cg, const char *key)
{
	for (int i = 0; i < cg->nev; i++)
		if (!strcmp(cg->ev[i].key, key))
			return (long long)cg->ev[i].v;
	return -1;
}

static long long vm_delta(const struct run_result *r, enum vm_counter c)
{
	if (!(r->before.have & r->after.have & (1u << c)))
		return -1;
	return (long long)(r->after.v[c] - r->before.v[c]);
}

int swapstat_check(struct swapstat *s, const struct run_result *r)
{
	struct zswapcheck_in in = { 0 };

	s->checked = 0;
	if (!s->zswap_on)
		return 0;
	in.writeback_off = s->cg.on && !strcmp(s->cg.knob[CG_ZSWAP_WB], "0");
	in.zswpwb = s->cg.on ? cg_counter(&s->cg, "cg_zswpwb") : -1;
	in.limit = s->cg.on ? &s->cg.zswap_limit : NULL;
	in.incompressible = !strncmp(r->out, "fill=random\n", 12) || strstr(r->out, "\nfill=random\n");
	/* the cgroup's own pages where it counts them, else the machine's */
	in.zswpout = s->cg.on ? cg_counter(&s->cg, "cg_zswpout") : -1;
	in.pswpout = s->cg.on ? cg_counter(&s->cg, "cg_pswpout") : -1;
	if (in.zswpout < 0)
		in.zswpout = vm_delta(r, VM_ZSWPOUT);
	if (in.pswpout < 0)
		in.pswpout = vm_delta(r, VM_PSWPOUT);
	s->checked = 1;
	return zswapcheck(&in, &s->check);
}

void swapstat_record(struct rec_buf *b, const struct swapstat *s)
{
	static const char *const keys[ZRAM_KNOBS] = { "swappiness", "page_cluster", "mglru", "min_ttl_ms", "vma_ra" };

	for (int k = 0; k < ZRAM_KNOBS; k++)
		if (s->knob[k][0])
			rec_add(b, keys[k], s->knob[k]);
	if (s->have_zram) {
		rec_addf(b, "zram_disksize_kb", "%llu", (unsigned long long)(s->zram_disksize >> 10));
		if (s->zram_disksize) {
			rec_add(b, "zram_comp", s->zram_comp);
			rec_addf(b, "zram_start_kb", "%llu", (unsigned long long)(s->zram_start_orig >> 10));
			rec_addf(b, "zram_orig_kb", "%llu", (unsigned long long)(s->zram_orig >> 10));
			rec_addf(b, "zram_compr_kb", "%llu", (unsigned long long)(s->zram_compr >> 10));
			rec_addf(b, "zram_mem_kb", "%llu", (unsigned long long)(s->zram_mem >> 10));
			rec_addf(b, "zram_mem_max_kb", "%llu", (unsigned long long)(s->zram_mem_max >> 10));
			rec_addf(b, "zram_same_pages", "%llu", (unsigned long long)s->zram_same);
		}
	}
	if (s->have_zswap) {
		rec_addf(b, "zswap", "%d", s->zswap_on);
		if (s->zswap_start_pages >= 0)
			rec_addf(b, "zswap_start_pages", "%lld", s->zswap_start_pages);
		if (s->zswap_on) {
			rec_add(b, "zswap_comp", s->zswap_comp);
			rec_add(b, "zswap_zpool", s->zswap_zpool);
			rec_addf(b, "zswap_max_pool_pct", "%u", s->zswap_pool_pct);
			if (s->zswap_pages >= 0) {
				rec_addf(b, "zswap_stored_pages", "%lld", s->zswap_pages);
				rec_addf(b, "zswap_pool_kb", "%lld", s->zswap_pool >> 10);
			}
			if (s->zswap_wb >= 0 && s->zswap_wb0 >= 0)
				rec_addf(b, "zswap_written_back", "%lld", s->zswap_wb - s->zswap_wb0);
			if (s->zswap_hit >= 0 && s->zswap_hit0 >= 0)
				rec_addf(b, "zswap_pool_limit_hit", "%lld", s->zswap_hit - s->zswap_hit0);
		}
	}
	if (s->checked && s->check.applied[0]) {
		rec_add(b, "zswap_checks", s->check.applied);
		rec_add(b, "zswap_check", s->check.failed[0] ? "fail" : "pass");
		if (s->check.failed[0])
			rec_add(b, "zswap_check_failed", s->check.failed);
	}
	cgroup_record(b, &s->cg);
	mthp_record(b, &s->mthp);
}
