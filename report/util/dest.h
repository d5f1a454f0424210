#ifndef SBR_DEST_H
#define SBR_DEST_H
/*
 * Where a report's text goes: a terminal, Markdown or an HTML page. The
 * sentence and table builders (verdicts, summaries, comparisons, the
 * report's sections) write through one, so each sentence is built once and
 * the text it quotes from a record (a workload, a tag, a path) is escaped
 * there, by the rule of its destination.
 */
#include "report/util/table.h"

#include <stdio.h>

enum dest_kind { DEST_TERM, DEST_MD, DEST_HTML };

struct dest {
	FILE *f;
	enum dest_kind kind;
	/* a record's text for running text, and as code with its marks; each in a ring of ESC_RING */
	const char *(*text)(const char *s);
	const char *(*code)(const char *s);
	const char *item[2];	/* around a line of a list of notes */
	const char *para[2];	/* around a paragraph */
	const char *strong[2];	/* around a warning's words */
};

struct dest dest_term(FILE *f);
struct dest dest_md(FILE *f);
/* "## title" and the like; title is the report's own words or escaped already */
void dest_heading(const struct dest *d, int level, const char *title);
/* The table in the destination's form: aligned text, Markdown, or <table> with its header row. */
void dest_table(const struct dest *d, const struct table *t);

#endif
