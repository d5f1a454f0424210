#ifndef SB_MTHP_H
#define SB_MTHP_H
/*
 * @mthp=SIZE:MODE: per-size transparent huge pages (multi-size THP) set
 * per configuration, and the per-size swap-out counters (swpout,
 * swpout_fallback, swpin where the kernel has it) per run. Each run starts
 * from the sizes' settings as the kernel booted, then the configuration's.
 */
#include "lib/record.h"
#include "init/config/cmdline.h"

#include <stddef.h>

#define MTHP_SYS "/sys/kernel/mm/transparent_hugepage"

/*
 * Before any run: the kernel has each size a configuration sets, with its
 * swpout counters (Linux 6.10 or later). Reads the sizes' boot settings.
 * 0 or -ENOTSUP with why naming the version and kernel needed.
 */
int mthp_check(const struct sb_config *cfg, char *why, size_t n);

#define MTHP_STATS 5
struct mthpstat {
	int n;				/* sizes c sets */
	unsigned kb[MTHP_MAX];
	char mode[MTHP_MAX][12];	/* read back */
	long long before[MTHP_MAX][MTHP_STATS], after[MTHP_MAX][MTHP_STATS];	/* -1: absent */
};

/* Every size back to its boot setting, then c's; reads them back and the counters' start. */
int mthp_apply(const struct sb_swapconf *c, struct mthpstat *st, char *why, size_t n);
void mthp_end(struct mthpstat *st);
void mthp_record(struct rec_buf *b, const struct mthpstat *st);

#endif
