#ifndef SB_RENAMES_H
#define SB_RENAMES_H
/*
 * Names that changed, the one table: an old name is refused, naming the
 * new one, for one release after its rename; then its row goes. Every X
 * takes (kind, old, new). Its readers: init's parser refuses an old
 * workload in swapbench.workloads= and as swapbench.OLD.*, and an old disk
 * in swapbench.disk= (init/config/cmdline.c); init-host --describe prints
 * the rows (type=rename), which host/registry.sh's registry_renamed reads
 * for DISK= (host/diskmodel.sh) and LAYOUT= (qemu/mkdisks); the Makefile
 * reads this file with the C preprocessor for its targets (make OLD).
 * tests/integration/renames.sh asks each reader for each old name.
 */
#include <stddef.h>

#define RENAMES(X)                                        \
	X("workload", "oomtime", "time-to-oom")           \
	X("workload", "mthpfrag", "mthp-frag")            \
	X("disk", "hdd-7k500", "hdd")                     \
	X("layout", "check", "diskcheck")                 \
	X("target", "host", "tools")

/* The new name of the n bytes at old, a name of that kind; NULL if it was not renamed. */
const char *renames_new(const char *kind, const char *old, size_t n);

#endif
