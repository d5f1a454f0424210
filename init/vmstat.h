#ifndef SB_VMSTAT_H
#define SB_VMSTAT_H
/* Counters read from /proc/vmstat, /proc/meminfo and /proc/pressure/memory. */
#include <stdint.h>

enum vm_counter {
	VM_PSWPIN, VM_PSWPOUT, VM_PGMAJFAULT, VM_PGSCAN_KSWAPD, VM_PGSCAN_DIRECT,
	VM_PGSTEAL_KSWAPD, VM_PGSTEAL_DIRECT, VM_ALLOCSTALL, VM_OOM_KILL, VM_COUNTERS
};

struct vmstat {
	uint64_t v[VM_COUNTERS];
	uint64_t psi_some_us, psi_full_us;
	int have_psi;
};

struct meminfo {
	uint64_t total_kb, free_kb, available_kb, cached_kb, swap_total_kb, swap_free_kb;
};

int vmstat_read(struct vmstat *out);
int vmstat_meminfo(struct meminfo *out);
/* Reads a whole small /proc or /sys file into buf, NUL terminated; returns length or -errno. */
int vmstat_slurp(const char *path, char *buf, int size);
/* Writes a short string to a /proc or /sys file; returns 0 or -errno. */
int vmstat_poke(const char *path, const char *val);

#endif
