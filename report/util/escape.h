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
 * s for markdown, into one of ESC_RING buffers, for printf's arguments (a
 * call's result lasts ESC_RING - 1 more calls; a text past a buffer is
 * cut): as esc_text, and outside a code span (code == 0)
 * & < > as HTML entities, so neither a tag nor an entity renders, and a
 * backslash, [ and ] escaped (no escape, link or image begins); inside one
 * (code == 1)
 * a backquote, which would end the span, as \x60. A | is a table's
 * business: table_print escapes it in a cell, once.
 */
#define ESC_RING 8
const char *esc_md_str(const char *s, int code);

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

/* esc_text into one of ESC_RING buffers (as esc_md_str) */
const char *esc_str(const char *s);

#endif
