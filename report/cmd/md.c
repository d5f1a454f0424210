/* md: swapbench-report md SOURCE..., the Markdown report written next to the results of a run. */
#include "report/cmd/md.h"
#include "report/cmd/cmd.h"
#include "report/out/md.h"

static void write_md(const struct opts *o, const struct dataset *ds, int argc, char **argv)
{
	struct section_opts s = cmd_section_opts(o);

	md_write(ds, &s, o->plots, argc, argv);
}

int cmd_md(const struct opts *o, int argc, char **argv)
{
	return cmd_write(o, argc, argv, "md", write_md);
}
