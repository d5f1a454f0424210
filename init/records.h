#ifndef SB_RECORDS_H
#define SB_RECORDS_H
/*
 * The records init writes: the boot header, warnings, swap layout, one
 * record per run, errors and totals. Every record carries this boot's id.
 */
#include "clock.h"
#include "cmdline.h"
#include "plan.h"
#include "results.h"
#include "runner.h"
#include "swap.h"
#include "vmstat.h"

/* Counts of measured runs, for the totals record. */
struct tally {
	unsigned planned, ran, ok, notok;
};

/*
 * Settles the boot id (cfg->boot, else random), waits up to 10 s while the
 * clocksource is a provisional one, and writes the KTAP header and the meta
 * record. cfg must outlive every later call.
 */
void records_header(const struct sb_config *cfg, const char *cmdline, int modules_loaded,
		    int modules_failed);
const char *records_boot(void);
/* MemTotal and MemAvailable as the header recorded them. */
const struct meminfo *records_mem(void);
/* The clock as the header recorded it. */
const struct clock_info *records_clock(void);
/* Starts a "# sb KIND" record with boot=. */
void records_diag(struct rec_buf *b, const char *kind);
void records_warnings(const struct cmdline_msgs *m);
void records_swap(const struct swap_backend *be);
/* The run's record, unfinished: the caller may add a note before rec_end. */
void records_result(struct rec_buf *b, const struct plan_item *it, unsigned long num,
		    const struct run_result *r);
void records_progress(unsigned done, unsigned total, const struct plan_item *it,
		      const struct run_result *r, double spent);
/* The error record, then totals with status=error. */
void records_error(const struct tally *t, const char *msg);
void records_totals(const struct tally *t, double wall_s);

#endif
