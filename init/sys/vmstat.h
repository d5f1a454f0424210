#ifndef SB_VMSTAT_H
#define SB_VMSTAT_H
/* Counters read from /proc/vmstat, /proc/meminfo and /proc/pressure/memory. */
#include <stddef.h>
#include <stdint.h>

enum vm_counter {
	VM_PSWPIN, VM_PSWPOUT, VM_PGMAJFAULT, VM_PGSCAN_KSWAPD, VM_PGSCAN_DIRECT,
	VM_PGSTEAL_KSWAPD, VM_PGSTEAL_DIRECT, VM_ALLOCSTALL, VM_OOM_KILL,
	/* from here on, counters that older kernels or configurations lack:
	 * the record carries them only where /proc/vmstat has them */
	VM_SWAP_RA, VM_OPTIONAL = VM_SWAP_RA, VM_SWAP_RA_HIT, VM_WS_REFAULT_ANON,
	VM_WS_RESTORE_ANON, VM_ZSWPIN, VM_ZSWPOUT, VM_ZSWPWB, VM_THP_SWPOUT,
	VM_THP_SWPOUT_FALLBACK, VM_COUNTERS
};

struct vmstat {
	uint64_t v[VM_COUNTERS];
	uint32_t have;			/* bit c: /proc/vmstat has counter c */
	uint64_t psi_some_us, psi_full_us;
	int have_psi;
};

/* The /proc/vmstat name of counter c, which is also its record key. */
const char *vmstat_name(enum vm_counter c);

struct meminfo {
	uint64_t total_kb, free_kb, available_kb, cached_kb, swap_total_kb, swap_free_kb;
};

int vmstat_read(struct vmstat *out);
int vmstat_meminfo(struct meminfo *out);
#define VMSTAT_SYSCTL_VM "/proc/sys/vm"
/*
 * Before every run, so each starts from the same memory: dirty pages
 * written, caches dropped, free memory compacted (sysctl_vm is
 * VMSTAT_SYSCTL_VM). Returns 0, or the first failure as -errno with the
 * step and the reason in why; the later steps are still taken.
 */
int vmstat_settle(const char *sysctl_vm, char *why, size_t n);

#endif
