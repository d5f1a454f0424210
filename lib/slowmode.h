#ifndef SB_SLOWMODE_H
#define SB_SLOWMODE_H
/*
 * The slow mode: runs that the kernel ran in another mode (the swap
 * readahead window collapsed, docs/verdicts.md), counted apart from the
 * typical runs so that the verdict on the typical runs only sharpens with
 * more data while the rate of the slow mode is compared on its own. The
 * one rule, compiled into the image (swapbench.until) and the host tool
 * (compare, rank, md, html, --bisect); pure, no allocation.
 *
 * A run's measure is its major faults per page swapped in (majflt /
 * pswpin: a collapsed readahead window reads the same pages in 3-4 x the
 * faults) where every run of its side swapped in SLOW_MIN_PAGES pages at
 * least, else its time. A run is in the slow mode when its measure lies
 * above Hampel's identifier of its side on the log scale: ln m > the
 * median of the side's ln m plus SLOW_FENCE_MADS scaled median absolute
 * deviations (1.4826 MAD, a normal sample's sd), and m is at least
 * SLOW_FLOOR x the side's median (so a side whose runs are nearly
 * identical, MAD near 0, does not call a 2 % slower run slow). The median
 * and the MAD stand until half the side is slow; quartiles (Tukey's
 * fences) fall at a quarter, 3 slow runs in 10, which 1 in 12 reaches in
 * 5 % of sides (docs/verdicts.md). A side of fewer than SLOW_MIN_RUNS
 * runs has no spread worth the name: none of its runs is called slow.
 */
#include "lib/stats.h"

#include <stddef.h>

#define SLOW_MIN_RUNS 5
#define SLOW_MIN_PAGES 256.0	/* 1 MiB of 4 KiB pages */
#define SLOW_FENCE_MADS 3.0
#define SLOW_MAD_SCALE 1.4826
#define SLOW_FLOOR 1.25

enum slow_by { SLOW_BY_TIME, SLOW_BY_FAULTS };

/* A run's fault measure: majflt per page swapped in, NAN below SLOW_MIN_PAGES pages. */
double slow_faults_per_page(double majflt, double pswpin);
/*
 * Marks slow[i] (1: slow mode) for one side's n runs: by fault[] when it
 * is given and every fault[i] is finite, else by time[]; returns which.
 * scratch holds n doubles. *nslow gets the count.
 */
enum slow_by slow_mark(const double *time, const double *fault, size_t n, double *scratch,
		       unsigned char *slow, size_t *nslow);
/*
 * Rounds of a paired design: a[k] and b[k] (NAN: that run failed), their
 * fault measures fa[k], fb[k] (NULL: none recorded) and x[k], B's position
 * minus A's. Each side's finite runs are marked (slow_mark); the pairs
 * whose two runs are typical go into *typ. scratch holds 3 n doubles,
 * sa and sb n marks each (0 for a failed run). Returns the pairs added.
 */
size_t slow_pairs(const double *a, const double *b, const double *fa, const double *fb,
		  const double *x, size_t n, double *scratch, unsigned char *sa,
		  unsigned char *sb, struct stats_pairs *typ);
/* "lost their swap readahead" or "were slow-mode outliers": what the rule saw, in words. */
const char *slow_words(enum slow_by by);

#endif
