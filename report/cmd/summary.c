/* summary: swapbench-report summary SOURCE..., descriptive statistics per workload and group. */
#include "report/cmd/summary.h"
#include "report/cmd/cmd.h"
#include "report/out/summary.h"

static void write_summary(const struct opts *o, const struct dataset *ds, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	summary_write(stdout, ds, o->metric, o->by);
}

int cmd_summary(const struct opts *o, int argc, char **argv)
{
	return cmd_write(o, argc, argv, "summary", write_summary);
}
