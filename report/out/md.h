/*
 * report.md, the whole story in Markdown, from a loaded data set (md.c).
 */
#ifndef SBR_OUT_MD_H
#define SBR_OUT_MD_H

#include "report/out/section.h"

/* On stdout; plots_dir (or NULL): the plots written there too, and linked; sources: what was read. */
void md_write(const struct dataset *ds, const struct section_opts *o, const char *plots_dir,
	      int nsources, char **sources);

#endif
