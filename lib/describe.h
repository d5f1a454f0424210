#ifndef SB_DESCRIBE_H
#define SB_DESCRIBE_H
/*
 * The registry's record format (`init-host --describe`), built here for
 * init/config/registry.c and the workloads' own parameters (workloads/wl.c) alike:
 * one record a line, its fields KEY=VALUE separated by tabs, the first two
 * type= and name=. A value never holds a tab or a newline (either is written
 * as a space), so a reader splits the line on tabs and each field at its
 * first '='. The one reader on the host is host/registry.sh. Pure: the
 * caller writes the line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct describe_rec {
	char line[2048];	/* longer records are cut; the longest is about 400 bytes */
	size_t n;
};

static inline void describe_put(struct describe_rec *r, const char *s, int clean)
{
	for (; *s && r->n + 2 < sizeof(r->line); s++)
		r->line[r->n++] = clean && (*s == '\t' || *s == '\n') ? ' ' : *s;
	r->line[r->n] = 0;
}

static inline void describe_field(struct describe_rec *r, const char *key, const char *value)
{
	describe_put(r, "\t", 0);
	describe_put(r, key, 1);
	describe_put(r, "=", 0);
	describe_put(r, value, 1);
}

__attribute__((format(printf, 3, 4)))
static inline void describe_fieldf(struct describe_rec *r, const char *key, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	describe_field(r, key, buf);
}

/* Starts a record in r; describe_line ends it. */
static inline void describe_begin(struct describe_rec *r, const char *type, const char *name)
{
	r->n = 0;
	describe_put(r, "type=", 0);
	describe_put(r, type, 1);
	describe_field(r, "name", name);
}

/* The record as one line, its newline included. */
static inline const char *describe_line(struct describe_rec *r)
{
	r->line[r->n++] = '\n';
	r->line[r->n] = 0;
	return r->line;
}

#endif
