#ifndef SBR_SECTION_H
#define SBR_SECTION_H
/*
 * The sections of a report (md's report.md, html's page), each written to a
 * destination (dest.h): the same sentences, figures and tables, escaped and
 * marked up for where they go. Each prints nothing when it has nothing.
 */
#include "report/stats/group.h"
#include "report/util/dest.h"

/* What a report is about, as its command was told: the metric, the grouping, rank's baseline. */
struct section_opts {
	const char *metric;
	enum group_by by;
	const char *baseline;
	int higher_better;
};

/* What the statistics are and the one rule that decides (a paragraph). */
void section_intro(const struct dest *d, const char *metric);
void section_sources(const struct dest *d, const struct dataset *ds);
/* The boots: what the disk cost, kernels, instruments, totals, command lines. */
void section_boots(const struct dest *d, const struct dataset *ds);
void section_swaps(const struct dest *d, const struct dataset *ds);
void section_confs(const struct dest *d, const struct dataset *ds);
void section_notes(const struct dest *d, const struct dataset *ds);
/* Problems, and the runs flagged for their clock. */
void section_problems(const struct dest *d, const struct dataset *ds);
/* partition against swapfile: the table and its notes; verdicts: their sentences too */
void section_backends(const struct dest *d, const struct dataset *ds, const char *metric, int verdicts);
/* Two tags (make compare's kernels): B against A per workload and backend, as compare --by tag. */
void section_kernels(const struct dest *d, const struct dataset *ds, const char *metric);
/* The verdicts alone (the kernels', the backends', the configurations'); returns how many. */
size_t section_verdicts(const struct dest *d, const struct dataset *ds, const struct section_opts *o);
/* Configurations beyond partition and file, each against the baseline, ranked. */
void section_configurations(const struct dest *d, const struct dataset *ds, const struct section_opts *o);

#endif
