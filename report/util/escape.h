/* Text from elsewhere (a peer, a record's value), made safe to print: for a
 * terminal or a log file, for markdown, HTML and JSON. */
#ifndef REPORT_ESCAPE_H
#define REPORT_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/*
 * s[0..n) into out (always NUL-terminated, cut at size - 1 on a whole
 * escape): control characters (below 0x20, 0x7f and the C1 controls
 * U+0080..U+009F) and bytes that are not valid UTF-8 as \xNN, the rest as
 * it is. Returns strlen(out).
 */
size_t esc_text(char *out, size_t size, const char *s, size_t n);

/*
 * s to f for markdown: as esc_text, and outside a code span (code == 0)
 * & < > as HTML entities, so neither a tag nor an entity renders, and a
 * backslash, [ and ] escaped (no escape, link or image begins); inside one
 * (code == 1)
 * a backquote, which would end the span, as \x60. A | is a table's
 * business: table_print escapes it in a cell, once.
 */
void esc_md(FILE *f, const char *s, int code);

/*
 * The bytes of s's longest beginning of at most max bytes that ends
 * between two characters: a valid UTF-8 sequence is kept whole or left
 * out, so a text cut there and escaped still shows what it held.
 */
size_t esc_cut(const char *s, size_t max);

/*
 * s to f for HTML text and attribute values (quoted with " or '), and for
 * XML's (an SVG's): as esc_text, and & < > " ' as entities, so that no
 * tag, entity or attribute can begin and the XML is well-formed.
 */
void esc_html(FILE *f, const char *s);
const char *esc_html_str(const char *s);	/* esc_html into a ring buffer (as esc_md_str) */

/*
 * s[0..n) to f as a JSON string's content (without the quotes): " and \
 * escaped, controls as \n \t or \u00XX, valid UTF-8 as it is (the C1
 * controls as \u0080..), and every byte that is not valid UTF-8 as U+FFFD:
 * the output is valid UTF-8 and valid JSON.
 */
void esc_json(FILE *f, const char *s, size_t n);

/*
 * Where a sentence built from record text goes, and the one rule for each:
 * a terminal (esc_text), markdown (esc_md, not in a code span), HTML
 * (esc_html); for JSON a sentence is built raw and written whole as one
 * string by the JSON writer (esc_json), so esc_for leaves it as it is.
 */
enum esc_to { ESC_TERM, ESC_MD, ESC_HTML, ESC_JSON };
const char *esc_for(enum esc_to to, const char *s);	/* into a ring buffer (as esc_md_str) */

/*
 * esc_md into one of ESC_RING buffers, for printf's arguments: a call's
 * result lasts ESC_RING - 1 more calls. A text past a buffer is cut.
 */
#define ESC_RING 8
const char *esc_md_str(const char *s, int code);
/* esc_text likewise */
const char *esc_str(const char *s);

#endif
