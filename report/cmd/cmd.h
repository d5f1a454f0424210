#ifndef SBR_CMD_H
#define SBR_CMD_H
/* What the commands of swapbench-report share: their options, reading the
 * sources, the exit statuses. Each command is declared in its own header. */
#include "report/stats/group.h"
#include "report/out/section.h"

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
	const char *where;	/* fields --where: KEY=VALUE,... every record printed holds */
	const char *plots, *out, *label, *size;
	const char *baseline;	/* rank, md: the configuration the others are compared with */
	/* collect */
	const char *listen, *dir, *max_log, *key;
	unsigned max_conns, max_machines, idle_s, machines;
	int html;		/* collect --html: DIR/index.html */
};

/* Exit statuses shared by csv, summary, md and compare. */
enum { EXIT_CLEAN = 0, EXIT_USAGE = 2, EXIT_PROBLEMS = 3 };

/* What md and html are told of o. */
struct section_opts cmd_section_opts(const struct opts *o);
/* Reads and checks every source, prints the problems on stderr. */
void cmd_load(const struct opts *o, struct dataset *ds, int n, char **paths);
int cmd_exit_status(const struct dataset *ds);
/*
 * A command that writes what its sources hold: "NAME: no SOURCE given"
 * without one, else the sources loaded, write(o, ds, argc, argv) and the
 * exit status.
 */
int cmd_write(const struct opts *o, int argc, char **argv, const char *name,
	      void (*write)(const struct opts *o, const struct dataset *ds, int argc, char **argv));
void cmd_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
