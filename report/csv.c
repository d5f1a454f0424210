/* csv: one row per run that passed every check. */
#include "cmd.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const char *const columns[] = {
	"source", "line", "boot", "num", "workload", "backend", "iter", "status", "elapsed_s",
	"user_s", "sys_s", "majflt", "minflt", "pswpin", "pswpout", "pgmajfault", "pgscan",
	"pgsteal", "allocstall", "oom_kill", "psi_some_us", "psi_full_us", "swap_peak_kb",
	"kernel", "tag", "extra", "flag",
};
#define NCOLUMNS (sizeof(columns) / sizeof(columns[0]))

/* RFC 4180: quote when needed, double the quotes. */
static void put_csv(FILE *out, const char *s)
{
	if (!s)
		return;
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

static int is_column(const char *key)
{
	for (size_t i = 0; i < NCOLUMNS; i++)
		if (!strcmp(columns[i], key))
			return 1;
	return 0;
}

/* Fields outside the fixed columns as k=v;k=v, values quoted as in records. */
static char *extra_fields(const struct record *r)
{
	size_t cap = 64, n = 0;
	char *s = xmalloc(cap);

	s[0] = 0;
	for (size_t i = 0; i < r->nf; i++) {
		const char *v = record_val(r, i);
		int quote = !*v || strpbrk(v, ";\"\\ \t") != NULL;

		if (is_column(record_key(r, i)))
			continue;
		grow(&s, &cap, n + strlen(record_key(r, i)) + 2 * strlen(v) + 8, 1);
		n += (size_t)sprintf(s + n, "%s%s=%s", n ? ";" : "", record_key(r, i), quote ? "\"" : "");
		for (; *v; v++) {
			if (quote && (*v == '"' || *v == '\\'))
				s[n++] = '\\';
			s[n++] = *v;
		}
		if (quote)
			s[n++] = '"';
		s[n] = 0;
	}
	return s;
}

static void put_row(FILE *out, const struct run *r)
{
	for (size_t c = 0; c < NCOLUMNS; c++) {
		const char *k = columns[c];

		if (c)
			fputc(',', out);
		if (!strcmp(k, "source"))
			put_csv(out, r->rec.source);
		else if (!strcmp(k, "line"))
			fprintf(out, "%lu", r->rec.line);
		else if (!strcmp(k, "num"))
			fprintf(out, "%lu", r->num);
		else if (!strcmp(k, "kernel"))
			put_csv(out, r->kernel);
		else if (!strcmp(k, "tag"))
			put_csv(out, r->tag);
		else if (!strcmp(k, "extra")) {
			char *e = extra_fields(&r->rec);

			put_csv(out, e);
			free(e);
		} else if (!strcmp(k, "flag"))
			put_csv(out, r->flag);
		else
			put_csv(out, record_get(&r->rec, k));
	}
	fputc('\n', out);
}

int cmd_csv(const struct opts *o, int argc, char **argv)
{
	struct dataset ds = { 0 };
	int status;

	if (argc < 1)
		usage_error("csv: no SOURCE given");
	cmd_load(o, &ds, argc, argv);
	for (size_t c = 0; c < NCOLUMNS; c++)
		printf("%s%s", c ? "," : "", columns[c]);
	putchar('\n');
	for (size_t i = 0; i < ds.nruns; i++)
		put_row(stdout, &ds.runs[i]);
	status = cmd_exit_status(&ds);
	parse_free(&ds);
	return status;
}
