#ifndef SBR_HTML_H
#define SBR_HTML_H
/* The HTML destination: the report's page and the lab's page write through it. */
#include "report/out/section.h"
#include "report/util/dest.h"

#include <stdio.h>

/* Record text escaped for HTML text and attributes; sections as <h2>, <p>, <table>. */
struct dest html_dest(FILE *f);

/* report.md's story as one self-contained page, on stdout; sources: what was read */
void html_write(const struct dataset *ds, const struct section_opts *o, int nsources, char **sources);

#endif
