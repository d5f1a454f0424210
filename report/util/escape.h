/* Text from elsewhere (a peer, a record's value), made safe to print: for a
 * terminal or a log file, and for markdown. */
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
 * & < > as HTML entities, so neither a tag nor an entity renders, and | as
 * \| (it would end a table's cell); inside
 * one (code == 1) a backquote, which would end the span, as \x60.
 */
void esc_md(FILE *f, const char *s, int code);

/*
 * esc_md into one of ESC_RING buffers, for printf's arguments: a call's
 * result lasts ESC_RING - 1 more calls. A text past a buffer is cut.
 */
#define ESC_RING 8
const char *esc_md_str(const char *s, int code);
/* esc_text likewise */
const char *esc_str(const char *s);

#endif
