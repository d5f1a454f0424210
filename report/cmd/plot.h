/*
 * swapbench-report plot SOURCE...: the SVG plots written (plot.c).
 */
#ifndef SBR_CMD_PLOT_H
#define SBR_CMD_PLOT_H

struct opts;

int cmd_plot(const struct opts *o, int argc, char **argv);

#endif
