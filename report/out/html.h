#ifndef SBR_HTML_H
#define SBR_HTML_H
/* The HTML destination: the report's page and the lab's page write through it. */
#include "report/util/dest.h"

#include <stdio.h>

/* Record text escaped for HTML text and attributes; sections as <h2>, <p>, <table>. */
struct dest html_dest(FILE *f);

struct opts;
/* swapbench-report html SOURCE...: report.md's story as one self-contained page */
int cmd_html(const struct opts *o, int argc, char **argv);

#endif
