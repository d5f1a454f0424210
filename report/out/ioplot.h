#ifndef SBR_IOPLOT_H
#define SBR_IOPLOT_H
/*
 * What the modelled disk's head did, per boot and backend, as seekwatcher's
 * io graph draws a trace: DIR/io-<boot>-<backend>.svg with the sector of
 * each request against time (reads and writes apart, the swap partition's
 * and the swapfile's extents marked), the queue depth and the throughput
 * over time, the backend's runs end to end. Drawn from the runs' accounts
 * (iorec.h); a run whose account overflowed is named with what it left out.
 */
#include "report/source/parse.h"
#include "report/out/plot.h"

#include <stdio.h>

/*
 * Writes the pictures into dir (made if missing); on log (NULL: not said)
 * "wrote PATH", or why there is none: no boot on a modelled disk, or a
 * modelled boot without accounts. On md (NULL: none) each picture as
 * Markdown with its caption, or why a modelled boot has none. Returns the number written.
 */
size_t ioplot_all(const struct dataset *ds, const char *dir, FILE *log, FILE *md);
/*
 * Calls fn for each picture ioplot_all would write (workload: "boot B,
 * BACKEND on DISK"; caption: what it shows and what its accounts left
 * out), for a writer that draws them itself (html). Returns how many.
 */
size_t ioplot_each(const struct dataset *ds, void (*fn)(const struct plot_pic *, void *), void *ctx);

#endif
