#include "init/sys/vmstat.h"
#include "init/sys/kfile.h"
#include "init/sys/errmsg.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* allocstall is split per zone (allocstall_dma32, _normal, ...) since 4.x */
static const struct {
	const char *name;
	int prefix;
	enum vm_counter c;
} vm_keys[] = {
	{ "pswpin", 0, VM_PSWPIN },
	{ "pswpout", 0, VM_PSWPOUT },
	{ "pgmajfault", 0, VM_PGMAJFAULT },
	{ "pgscan_kswapd", 0, VM_PGSCAN_KSWAPD },
	{ "pgscan_direct", 0, VM_PGSCAN_DIRECT },
	{ "pgsteal_kswapd", 0, VM_PGSTEAL_KSWAPD },
	{ "pgsteal_direct", 0, VM_PGSTEAL_DIRECT },
	{ "allocstall", 1, VM_ALLOCSTALL },
	{ "oom_kill", 0, VM_OOM_KILL },
	{ "swap_ra", 0, VM_SWAP_RA },
	{ "swap_ra_hit", 0, VM_SWAP_RA_HIT },
	{ "workingset_refault_anon", 0, VM_WS_REFAULT_ANON },
	{ "workingset_restore_anon", 0, VM_WS_RESTORE_ANON },
	{ "zswpin", 0, VM_ZSWPIN },
	{ "zswpout", 0, VM_ZSWPOUT },
	{ "zswpwb", 0, VM_ZSWPWB },
	{ "thp_swpout", 0, VM_THP_SWPOUT },
	{ "thp_swpout_fallback", 0, VM_THP_SWPOUT_FALLBACK },
};

_Static_assert(sizeof(vm_keys) / sizeof(vm_keys[0]) == VM_COUNTERS, "one vm_keys line per counter, in order");
_Static_assert(VM_COUNTERS <= 32, "struct vmstat's have is 32 bits");

const char *vmstat_name(enum vm_counter c)
{
	return vm_keys[c].name;
}

int vmstat_settle(const char *sysctl_vm, char *why, size_t n)
{
	static const struct {
		const char *file, *val;
	} steps[] = { { "drop_caches", "3" }, { "compact_memory", "1" } };
	char path[128];
	int first = 0;

	sync();
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		int err;

		snprintf(path, sizeof(path), "%s/%s", sysctl_vm, steps[i].file);
		if ((err = kfile_write(path, steps[i].val)) < 0 && !first) {
			first = err;
			snprintf(why, n, "%s: %s", steps[i].file, errmsg(err));
		}
	}
	return first;
}

static void match_vm(struct vmstat *out, const char *name, size_t n, uint64_t val)
{
	for (size_t i = 0; i < sizeof(vm_keys) / sizeof(vm_keys[0]); i++) {
		size_t kn = strlen(vm_keys[i].name);

		if (kn > n || memcmp(name, vm_keys[i].name, kn))
			continue;
		if (kn == n || (vm_keys[i].prefix && name[kn] == '_')) {
			out->v[vm_keys[i].c] += val;
			out->have |= 1u << vm_keys[i].c;
		}
	}
}

static uint64_t psi_total(const char *buf, const char *line)
{
	const char *p = strstr(buf, line);

	p = p ? strstr(p, "total=") : NULL;
	return p ? strtoull(p + 6, NULL, 10) : 0;
}

int vmstat_read(struct vmstat *out)
{
	static char buf[16384];
	int n = kfile_read("/proc/vmstat", buf, sizeof(buf));

	memset(out, 0, sizeof(*out));
	if (n < 0)
		return n;
	for (char *p = buf; *p;) {
		char *sp = strchr(p, ' '), *nl;

		if (!sp)
			break;
		match_vm(out, p, (size_t)(sp - p), strtoull(sp + 1, &nl, 10));
		p = strchr(sp, '\n');
		if (!p)
			break;
		p++;
	}
	if (kfile_read("/proc/pressure/memory", buf, sizeof(buf)) > 0) {
		out->have_psi = 1;
		out->psi_some_us = psi_total(buf, "some ");
		out->psi_full_us = psi_total(buf, "full ");
	}
	return 0;
}

static uint64_t mem_field(const char *buf, const char *key)
{
	const char *p = strstr(buf, key);

	return p ? strtoull(p + strlen(key), NULL, 10) : 0;
}

int vmstat_meminfo(struct meminfo *out)
{
	static char buf[4096];
	int n = kfile_read("/proc/meminfo", buf, sizeof(buf));

	memset(out, 0, sizeof(*out));
	if (n < 0)
		return n;
	out->total_kb = mem_field(buf, "MemTotal:");
	out->free_kb = mem_field(buf, "MemFree:");
	out->available_kb = mem_field(buf, "MemAvailable:");
	out->cached_kb = mem_field(buf, "\nCached:");
	out->swap_total_kb = mem_field(buf, "SwapTotal:");
	out->swap_free_kb = mem_field(buf, "SwapFree:");
	return 0;
}
