/* dest: a report's destination, and the markup each one takes (dest.h). */
#include "report/util/dest.h"
#include "report/util/escape.h"

#include <string.h>

static const char *md_text(const char *s)
{
	return esc_md_str(s, 0);
}

static char ring[ESC_RING][16400];
static unsigned ring_at;

static const char *md_code(const char *s)
{
	char *out = ring[ring_at++ % ESC_RING];

	snprintf(out, sizeof(ring[0]), "`%s`", esc_md_str(s, 1));
	return out;
}

struct dest dest_term(FILE *f)
{
	return (struct dest){ f, DEST_TERM, esc_str, esc_str, { "", "\n" }, { "", "\n" }, { "", "" } };
}

struct dest dest_md(FILE *f)
{
	return (struct dest){ f, DEST_MD, md_text, md_code, { "- ", "\n" }, { "", "\n\n" }, { "**", "**" } };
}

void dest_heading(const struct dest *d, int level, const char *title)
{
	if (d->kind == DEST_HTML)
		fprintf(d->f, "<h%d>%s</h%d>\n", level, title, level);
	else if (d->kind == DEST_MD)
		fprintf(d->f, "%.*s %s\n\n", level, "######", title);
	else
		fprintf(d->f, "%s:\n", title);
}

/* characters past which a text cell is allowed to wrap anywhere (class "w") */
#define LONG_CELL 40

static void html_table(FILE *f, const struct table *t)
{
	size_t nrows = t->ncells / t->ncols;

	fputs("<div class=\"table\"><table>\n<thead><tr>", f);
	for (size_t c = 0; c < t->ncols; c++)
		fprintf(f, "<th scope=\"col\">%s</th>", t->cells[c]);
	fputs("</tr></thead>\n<tbody>\n", f);
	for (size_t r = 1; r < nrows; r++) {
		fputs("<tr>", f);
		for (size_t c = 0; c < t->ncols; c++) {
			const char *s = t->cells[r * t->ncols + c];

			/* a long text (an instrument, a path) may wrap anywhere; short ones keep their width */
			int w = strlen(s) > LONG_CELL;

			fprintf(f, c >= t->nleft ? (w ? "<td class=\"n w\">%s</td>" : "<td class=\"n\">%s</td>") :
				w ? "<td class=\"w\">%s</td>" : "<td>%s</td>", s);
		}
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n</table></div>\n", f);
}

void dest_table(const struct dest *d, const struct table *t)
{
	if (d->kind == DEST_HTML)
		html_table(d->f, t);
	else
		table_print(t, d->f, d->kind == DEST_MD);
}
