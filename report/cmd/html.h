/*
 * swapbench-report html SOURCE...: report.md's story as one self-contained
 * page (html.c).
 */
#ifndef SBR_CMD_HTML_H
#define SBR_CMD_HTML_H

struct opts;

int cmd_html(const struct opts *o, int argc, char **argv);

#endif
