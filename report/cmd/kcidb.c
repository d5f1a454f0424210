/* kcidb: swapbench-report kcidb SOURCE..., the runs as KernelCI database JSON. */
#include "report/cmd/kcidb.h"
#include "report/cmd/cmd.h"
#include "report/out/kcidb.h"

static void write_kcidb(const struct opts *o, const struct dataset *ds, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	kcidb_write(stdout, ds, o->metric);
}

int cmd_kcidb(const struct opts *o, int argc, char **argv)
{
	return cmd_write(o, argc, argv, "kcidb", write_kcidb);
}
