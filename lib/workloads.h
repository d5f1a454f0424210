#ifndef SB_WORKLOADS_H
#define SB_WORKLOADS_H
/*
 * The workloads the image carries: the one list. Each entry names the
 * program (workloads/PROGRAM.c, whose main becomes PROGRAM_main), the
 * name it runs under and, for a second name of a program (an alias: the
 * seed's own fight runs as seed002), the defaults it changes, as
 * "param=value ..." (wl_alias applies them by parameter name). A
 * program's own name (its source's) need not be a workload's: oomtime runs
 * as time-to-oom only. A renamed workload's old name goes to lib/renames.h.
 * The Makefile reads this list (WL_PROGS: the programs built; WL_ALL: every
 * name linked into /workloads), rootfs/multicall.c dispatches by it, and
 * init accepts swapbench.NAME.* keys for every name. A new workload is one
 * more entry and its source. Every X takes (program, name, ...).
 */
#define WORKLOADS(X)                                                                          \
	X(lines, "lines") X(fight, "fight") X(random, "random") X(create, "create")            \
	X(idle, "idle") X(exec, "exec")                                                       \
	X(fight, "seed002", "passes=1 share=total fill=same")                                 \
	X(fight, "seed002-each", "passes=1 share=each fill=same")                             \
	X(usemem, "usemem") X(usemem, "swap-w-seq") X(usemem, "swap-w-rand")                  \
	X(usemem, "swap-w-seq-mt") X(usemem, "swap-w-rand-mt") X(usemem, "swapin")  \
	X(oomtime, "time-to-oom") X(mthpfrag, "mthp-frag") X(kbuild, "kbuild")                \
	X(diskchar, "diskchar")

#define WORKLOADS_NAME_(program, name, ...) name,
/* { "lines", ..., NULL }: for cmdline_parse's known_workloads */
#define WORKLOADS_NAMES { WORKLOADS(WORKLOADS_NAME_) NULL }

#endif
