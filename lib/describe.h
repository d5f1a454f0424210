#ifndef SB_DESCRIBE_H
#define SB_DESCRIBE_H
/*
 * The registry's record format (`init-host --describe`), written here for
 * init/registry.c and the workloads' own parameters (workloads/wl.c) alike:
 * one record a line, its fields KEY=VALUE separated by tabs, the first two
 * type= and name=. A value never holds a tab or a newline (either is written
 * as a space), so a reader splits the line on tabs and each field at its
 * first '='. The one reader on the host is host/registry.sh.
 */
#include <stdarg.h>
#include <stdio.h>

static inline void describe_field(FILE *out, const char *key, const char *value)
{
	fprintf(out, "\t%s=", key);
	for (; *value; value++)
		fputc(*value == '\t' || *value == '\n' ? ' ' : *value, out);
}

__attribute__((format(printf, 3, 4)))
static inline void describe_fieldf(FILE *out, const char *key, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	describe_field(out, key, buf);
}

/* Starts a record; describe_end ends it. */
static inline void describe_begin(FILE *out, const char *type, const char *name)
{
	fputs("type=", out);
	fputs(type, out);
	describe_field(out, "name", name);
}

static inline void describe_end(FILE *out)
{
	fputc('\n', out);
}

#endif
