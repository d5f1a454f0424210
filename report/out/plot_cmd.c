/* plot: SVG (and, with rsvg-convert, the same as PNG) figures per workload. */
#include "report/out/plot_cmd.h"
#include "report/cmd/cmd.h"
#include "report/out/plot.h"
#include "report/out/ioplot.h"

int cmd_plot(const struct opts *o, int argc, char **argv)
{
	struct dataset ds = { 0 };
	int status;

	if (!o->out)
		cmd_usage_error("plot: --out DIR is required");
	if (argc < 1)
		cmd_usage_error("plot: no SOURCE given");
	cmd_load(o, &ds, argc, argv);
	if (!plot_all(&ds, o->metric, o->by, o->out, stdout, stdout))
		printf("no runs to plot\n");
	ioplot_all(&ds, o->out, stdout, NULL);
	status = cmd_exit_status(&ds);
	parse_free(&ds);
	return status;
}
