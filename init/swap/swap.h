#ifndef SB_SWAP_H
#define SB_SWAP_H
/* The disk areas swapped on (partition, file, pmem): set up once, then switched on and off per run. */
#include "init/config/cmdline.h"

#include <stddef.h>
#include <stdint.h>

#define SWAP_MNT "/mnt/fs"

struct swap_backend {
	enum sb_backend kind;
	char dev[64];		/* partition, pmem device, or the filesystem's device */
	char driver[24];	/* pmem: the device's driver (nd_pmem) */
	char path[320];		/* what swapon takes */
	uint64_t bytes;		/* swap area size */
	int prio;		/* swapon priority */
	const char *created;	/* file: "fallocate" or "zero" */
	char fallback[160];	/* file: why zero-fill replaced fallocate */
	char prior[24];		/* partition, pmem: signature found before mkswap */
	char label[17];		/* partition, pmem: the swap area's label and UUID */
	char uuid[37];
	int kept;		/* partition, pmem: SWAPHDR_KEPT_* from the old area */
	double create_s;	/* file: fallocate or zero-fill, no fsync (lib/swapfile.h) */
	double mkswap_s;	/* header write plus the fsync that flushes what the fill left */
	int ready, active;
};

/* /proc/swaps exists: the kernel was built with CONFIG_SWAP. */
int swap_supported(void);
/* Both return 0 or -errno, with a one-line reason in why. */
int swap_setup_partition(const struct sb_config *cfg, struct swap_backend *b, char *why, size_t n);
/* the device swapbench.pmem designates, refused unless the pmem driver (nd_pmem) serves it */
int swap_setup_pmem(const struct sb_config *cfg, struct swap_backend *b, char *why, size_t n);
int swap_setup_file(const struct sb_config *cfg, uint64_t size, struct swap_backend *b, char *why,
		    size_t n);
int swap_on(struct swap_backend *b);
int swap_off(struct swap_backend *b);

#endif
