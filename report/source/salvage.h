/* salvage: an intact record inside a line of console noise, found in time linear in the line. */
#ifndef REPORT_SALVAGE_H
#define REPORT_SALVAGE_H

#include "lib/record.h"

#include <stddef.h>

/* 1 if s[i..n) starts with " crc=" and eight hex digits. */
int salvage_crc_at(const char *s, size_t n, size_t i);
/* Offset of the first place in s[0..n) where a record could start, or n. */
size_t salvage_start(const char *s, size_t n);
/*
 * The intact record in s[0..n) that starts first (of those, the shortest)
 * into r, and where it starts (*at): REC_GOOD, or REC_NOT_RECORD if none.
 */
enum rec_status salvage(const char *s, size_t n, struct rec *r, size_t *at);

#endif
