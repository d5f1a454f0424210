/*
 * swapbench-report md SOURCE...: report.md, the whole story in Markdown
 * (md.c).
 */
#ifndef SBR_CMD_MD_H
#define SBR_CMD_MD_H

struct opts;

int cmd_md(const struct opts *o, int argc, char **argv);

#endif
