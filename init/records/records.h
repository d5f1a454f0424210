#ifndef SB_RECORDS_H
#define SB_RECORDS_H
/*
 * The records init writes: the boot header, warnings, swap layout, one
 * record per run, errors and totals. Every record carries this boot's id.
 */
#include "init/sys/clock.h"
#include "init/config/cmdline.h"
#include "init/config/plan.h"
#include "init/output/results.h"
#include "init/run/runner.h"
#include "init/swap/swap.h"
#include "init/run/swapstat.h"
#include "init/sys/vmstat.h"
#include "lib/reckinds.h"


/*
 * Settles this boot's identity: the boot id (cfg->boot, else random), the
 * kernel release, the memory. cfg must outlive every later call.
 */
void records_start(const struct sb_config *cfg);
/*
 * Waits up to 10 s while the clocksource is a provisional one, then writes
 * the KTAP header and the meta record.
 */
void records_header(const char *cmdline, int modules_loaded, int modules_failed);
const char *records_boot(void);
/* MemTotal and MemAvailable as the header recorded them. */
const struct meminfo *records_mem(void);
/* The clock as the header recorded it. */
const struct clock_info *records_clock(void);
/* Starts a "# sb KIND" record with boot= (the kinds: lib/reckinds.h). */
void records_diag(struct rec_buf *b, enum rec_kind kind);
/*
 * Ends a record and writes it: one too long for a line (rec_end refuses it)
 * is not lost without a word, results_emit writes a warning in its place.
 */
void records_emit(struct rec_buf *b);
void records_warnings(const struct cmdline_msgs *m);
void records_swap(const struct swap_backend *be);
/* "# sb conf": one swap configuration as it will run (zram_bytes: its zram0 disksize) */
void records_conf(const struct sb_swapconf *c, uint64_t zram_bytes);
/* The run's record, unfinished: the caller may add a note before rec_end. */
/* settle: what failed in settling memory before the run, "" when nothing did. */
/* st: the swap configuration's proof and figures (NULL: none) */
void records_result(struct rec_buf *b, const struct plan_item *it, unsigned long num,
		    const struct run_result *r, const struct swapstat *st, const char *settle);
void records_progress(unsigned done, unsigned total, const struct plan_item *it,
		      const struct run_result *r, double spent);

#endif
