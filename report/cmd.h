#ifndef SBR_CMD_H
#define SBR_CMD_H
/* The commands of swapbench-report and what they share. */
#include "group.h"

struct opts {
	const char *metric;	/* default elapsed_s */
	const char *metrics;	/* compare --metrics: a comma-separated list, or NULL */
	enum group_by by;
	int by_given;
	double threshold;	/* --bisect, percent */
	int bisect, backends, higher_better, force;
	int interim;		/* --bisect --interim: more runs may follow */
	int flagged;		/* --flagged: use the runs clockflag flags */
	int wide;		/* csv --wide: extra fields as columns */
	const char *plots, *out, *label, *size;
	const char *baseline;	/* rank, md: the configuration the others are compared with */
	/* collect */
	const char *listen, *dir, *max_log, *key;
	unsigned max_conns, max_machines, idle_s, machines;
	int html;		/* collect --html: DIR/index.html */
};

/* Exit statuses shared by csv, summary, md and compare. */
enum { EXIT_CLEAN = 0, EXIT_USAGE = 2, EXIT_PROBLEMS = 3 };

/* Reads and checks every source, prints the problems on stderr. */
void cmd_load(const struct opts *o, struct dataset *ds, int n, char **paths);
int cmd_exit_status(const struct dataset *ds);
void cmd_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

int cmd_csv(const struct opts *o, int argc, char **argv);
int cmd_summary(const struct opts *o, int argc, char **argv);
int cmd_compare(const struct opts *o, int argc, char **argv);
int cmd_md(const struct opts *o, int argc, char **argv);
int cmd_html(const struct opts *o, int argc, char **argv);
int cmd_rank(const struct opts *o, int argc, char **argv);
int cmd_plot(const struct opts *o, int argc, char **argv);
int cmd_init_disk(const struct opts *o, int argc, char **argv);
int cmd_calibrate(const struct opts *o, int argc, char **argv);
int cmd_kcidb(const struct opts *o, int argc, char **argv);
int cmd_collect(const struct opts *o, int argc, char **argv);

/* The summary table, shared by summary and md. */
struct dest;
void summary_print(const struct dest *d, const struct cells *cs, const char *group_name);
/*
 * Summary tables of a dataset: grouped by backend, one table per kernel
 * variant when there are several, so kernels are never pooled. Returns the
 * number of cells printed.
 */
size_t summary_all(const struct dest *d, const struct dataset *ds, const char *metric, enum group_by by);

#endif
