#ifndef SBR_HOSTLOAD_H
#define SBR_HOSTLOAD_H
/*
 * The host's load around each boot: qemu/run writes DIR/hostload next to
 * the serial log (key=value lines: boot, ncpu, loadavg_before,
 * loadavg_after, cpu_before, cpu_after from /proc, busy_pct, steal_pct,
 * qemu_cpu_s: QEMU's own CPU time).
 * It is the host's record, not the guest's, so it carries no checksum and
 * never enters the statistics; the report shows it beside the boots.
 */
#include "report/source/parse.h"

#include <stdio.h>

/*
 * The "Host load" section: one row per boot of ds whose hostload file lies
 * in a SOURCE directory (or beside a SOURCE file); nothing when none does.
 */
struct dest;
void hostload_section(const struct dest *d, const struct dataset *ds, int nsrc, char **paths);

#endif
