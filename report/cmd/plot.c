/* plot: swapbench-report plot SOURCE..., SVG (and, with rsvg-convert, the same as PNG) figures per workload. */
#include "report/cmd/plot.h"
#include "report/cmd/cmd.h"
#include "report/out/plot.h"
#include "report/out/ioplot.h"

static void write_plots(const struct opts *o, const struct dataset *ds, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	if (!plot_all(ds, o->metric, o->by, o->out, stdout, stdout))
		printf("no runs to plot\n");
	ioplot_all(ds, o->out, stdout, NULL);
}

int cmd_plot(const struct opts *o, int argc, char **argv)
{
	if (!o->out)
		cmd_usage_error("plot: --out DIR is required");
	return cmd_write(o, argc, argv, "plot", write_plots);
}
