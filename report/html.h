#ifndef SBR_HTML_H
#define SBR_HTML_H
/* The HTML destination: the report's page and the lab's page write through it. */
#include "dest.h"

#include <stdio.h>

/* Record text escaped for HTML text and attributes; sections as <h2>, <p>, <table>. */
struct dest html_dest(FILE *f);

#endif
