/* csv: swapbench-report csv SOURCE..., one CSV row per run. */
#include "report/cmd/csv.h"
#include "report/cmd/cmd.h"
#include "report/out/csv.h"

static void write_csv(const struct opts *o, const struct dataset *ds, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	csv_write(stdout, ds, o->wide);
}

int cmd_csv(const struct opts *o, int argc, char **argv)
{
	return cmd_write(o, argc, argv, "csv", write_csv);
}
