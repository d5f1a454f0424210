#ifndef SBR_UTIL_H
#define SBR_UTIL_H
/*
 * Die-on-error wrappers for the host tool: a report that cannot allocate or
 * read its input has nothing useful left to say.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* Exit status of die(); --bisect turns I/O errors into "skip" (125). */
extern int util_die_status;

/* "swapbench-report: " + the message + tail, on stderr, after stdout is flushed */
void vmessage(const char *fmt, va_list ap, const char *tail) __attribute__((format(printf, 1, 0)));
void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
FILE *xfopen(const char *path, const char *mode);
void xfclose(FILE *f, const char *path);

/* Grows *p (element size sz) so that index n fits; *cap tracks capacity. */
void grow(void *pp, size_t *cap, size_t n, size_t sz);

/* Whole string is a finite number. */
int util_number(const char *s, double *out);
/* Shortest fixed-point form with about five significant digits; 1.2346e+35 from 1e15 on. */
const char *util_fmt(char buf[32], double x);
/* Metric unit from the key's suffix: "s", "us", "KiB" or "". */
const char *util_unit(const char *metric);
/* True for time metrics (…_s, …_ms, …_us, …_ns). */
int util_is_time(const char *metric);
/* A file name made of [A-Za-z0-9._-] only, never starting with a dot, and
 * one a name (any other byte as _XX; a name past size cut, with ~CRC32). */
void util_safe_name(char *out, size_t size, const char *name);

#endif
