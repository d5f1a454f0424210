/*
 * cmd: what every command of swapbench-report starts with (reading and
 * checking its sources) and ends with (its exit status), and the usage
 * error main.c and the commands give alike.
 */
#include "report/source/clockflag.h"
#include "report/cmd/cmd.h"
#include "report/source/problems.h"
#include "report/util/util.h"
#include "report/source/source.h"
#include "report/util/dest.h"
#include "report/source/iorec.h"

#include <stdarg.h>
#include <stdlib.h>

void cmd_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, "\nTry 'swapbench-report help'.\n");
	va_end(ap);
	exit(EXIT_USAGE);
}

void cmd_load(const struct opts *o, struct dataset *ds, int n, char **paths)
{
	ds->keep_flagged = o->flagged;
	for (int i = 0; i < n; i++)
		source_read(ds, paths[i]);
	parse_finish(ds);
	io_attach(ds);
	parse_drop_index(ds);	/* their room for the problems' grouping and the command */
	struct dest err = dest_term(stderr);

	problems_print(&err, ds);
	clockflag_runs(ds, o->metric);
	clockflag_print(ds, stderr);
}

int cmd_exit_status(const struct dataset *ds)
{
	return ds->nprobs ? EXIT_PROBLEMS : EXIT_CLEAN;
}

int cmd_write(const struct opts *o, int argc, char **argv, const char *name,
	      void (*write)(const struct opts *o, const struct dataset *ds, int argc, char **argv))
{
	struct dataset ds = { 0 };
	int status;

	if (argc < 1)
		cmd_usage_error("%s: no SOURCE given", name);
	cmd_load(o, &ds, argc, argv);
	write(o, &ds, argc, argv);
	status = cmd_exit_status(&ds);
	parse_free(&ds);
	return status;
}

struct section_opts cmd_section_opts(const struct opts *o)
{
	return (struct section_opts){ o->metric, o->by, o->baseline, o->higher_better };
}
