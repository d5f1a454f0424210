/*
 * swapbench-report plot SOURCE...: the SVG plots written (plot_cmd.c).
 */
#ifndef SBR_PLOT_CMD_H
#define SBR_PLOT_CMD_H

struct opts;

int cmd_plot(const struct opts *o, int argc, char **argv);

#endif
