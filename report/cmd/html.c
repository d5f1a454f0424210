/* html: swapbench-report html SOURCE..., the report as one self-contained page. */
#include "report/cmd/html.h"
#include "report/cmd/cmd.h"
#include "report/out/html.h"

static void write_html(const struct opts *o, const struct dataset *ds, int argc, char **argv)
{
	struct section_opts s = cmd_section_opts(o);

	html_write(ds, &s, argc, argv);
}

int cmd_html(const struct opts *o, int argc, char **argv)
{
	return cmd_write(o, argc, argv, "html", write_html);
}
