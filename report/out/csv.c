/*
 * csv: one row per run that passed every check. Fields outside the fixed
 * columns go to "extra" as k=v;k=v, or with --wide each to its own column.
 */
#include "report/out/csv.h"
#include "report/util/util.h"
#include "lib/reckeys.h"
#include "report/source/store.h"
#include "report/util/escape.h"

#include <stdlib.h>
#include <string.h>

static const char *const columns[] = {
	"source", "line", RK_BOOT, "num", RK_WORKLOAD, RK_BACKEND, RK_ITER, RK_STATUS, RK_ELAPSED_S,
	RK_USER_S, RK_SYS_S, RK_MAJFLT, RK_MINFLT, RK_PSWPIN, RK_PSWPOUT, RK_PGMAJFAULT, RK_PGSCAN,
	RK_PGSTEAL, RK_ALLOCSTALL, RK_OOM_KILL, RK_PSI_SOME_US, RK_PSI_FULL_US, RK_SWAP_PEAK_KB,
	RK_KERNEL, RK_TAG, "extra", "flag",
};
#define NCOLUMNS (sizeof(columns) / sizeof(columns[0]))

/* A cell a spreadsheet would take for a formula (OWASP's rule: it begins
 * with = + - @, a tab or a carriage return), unless it is a plain number
 * ("-1.5" stays a number). */
static int formula_like(const char *s)
{
	double v;

	return *s && strchr("=+-@\t\r", *s) && !util_number(s, &v);
}

/* RFC 4180: quote when needed, double the quotes; a record's text has its
 * control characters and bytes that are not UTF-8 escaped first (esc_text),
 * so that no row reaches a terminal or a spreadsheet with them, and a cell
 * that would be a formula gets a ' before it (shown, never evaluated) */
static void put_csv(FILE *out, const char *s)
{
	int formula;

	if (!s)
		return;
	s = esc_str(s);
	formula = formula_like(s);
	if (!formula && !strpbrk(s, ",\"\r\n")) {
		fputs(s, out);
		return;
	}
	fputs(formula ? "\"'" : "\"", out);
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

struct layout {
	const char **wide;	/* NULL: one extra column */
	size_t nwide;
	unsigned char *column;	/* by key number: 0 not asked yet, 1 no, 2 a fixed column */
};

/* is_column by key number, asked once a key: a row has dozens of fields. */
static int field_is_column(const struct layout *l, const struct record *r, size_t i)
{
	unsigned char *c = &l->column[store_key_number(r, i)];

	if (!*c)
		*c = (unsigned char)(1 + is_column(store_key(r, i)));
	return *c == 2;
}

/* Fields outside the fixed columns as k=v;k=v, values quoted as in records. */
static char *extra_fields(const struct record *r, const struct layout *l)
{
	size_t cap = 64, n = 0;
	char *s = xmalloc(cap);

	s[0] = 0;
	for (size_t i = 0; i < r->nf; i++) {
		const char *v = store_val(r, i);
		int quote = !*v || strpbrk(v, ";\"\\ \t") != NULL;

		if (field_is_column(l, r, i))
			continue;
		grow(&s, &cap, n + strlen(store_key(r, i)) + 2 * strlen(v) + 8, 1);
		n += (size_t)sprintf(s + n, "%s%s=%s", n ? ";" : "", store_key(r, i), quote ? "\"" : "");
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

/* Keys outside the fixed columns, in order of first appearance (for --wide). */
static size_t wide_keys(const struct dataset *ds, const char ***out)
{
	unsigned char *seen = xcalloc(store_nkeys(), 1);
	size_t n = 0, cap = 0;

	*out = NULL;
	for (size_t i = 0; i < ds->nruns; i++) {
		const struct record *r = &ds->runs[i].rec;

		for (size_t k = 0; k < r->nf; k++) {
			size_t id = store_key_number(r, k);

			if (seen[id] || (seen[id] = 1, is_column(store_key(r, k))))
				continue;
			grow(out, &cap, n, sizeof(**out));
			(*out)[n++] = store_key(r, k);
		}
	}
	free(seen);
	return n;
}

static void put_header(FILE *out, const struct layout *l)
{
	for (size_t c = 0; c < NCOLUMNS; c++) {
		if (l->wide && !strcmp(columns[c], "extra")) {
			for (size_t k = 0; k < l->nwide; k++) {
				fputs(c || k ? "," : "", out);
				put_csv(out, l->wide[k]);
			}
			continue;
		}
		fprintf(out, "%s%s", c ? "," : "", columns[c]);
	}
	fputc('\n', out);
}

/* The columns that are not plain record fields, by their index in columns[]. */
enum col_kind { COL_FIELD, COL_SOURCE, COL_LINE, COL_NUM, COL_KERNEL, COL_TAG, COL_EXTRA, COL_FLAG };

static enum col_kind col_kind(size_t c)
{
	static const char *const special[] = { "source", "line", "num", "kernel", "tag", "extra", "flag" };
	static unsigned char kind[NCOLUMNS + 1];	/* kind + 1; 0: not looked up yet */

	if (!kind[c]) {
		kind[c] = 1;
		for (size_t k = 0; k < sizeof(special) / sizeof(special[0]); k++)
			if (!strcmp(columns[c], special[k]))
				kind[c] = (unsigned char)(k + 2);
	}
	return (enum col_kind)(kind[c] - 1);
}

static void put_row(FILE *out, const struct run *r, const struct layout *l)
{
	for (size_t c = 0; c < NCOLUMNS; c++) {
		enum col_kind kind = col_kind(c);

		if (l->wide && kind == COL_EXTRA) {
			for (size_t w = 0; w < l->nwide; w++) {
				fputc(',', out);
				put_csv(out, store_get(&r->rec, l->wide[w]));
			}
			continue;
		}
		if (c)
			fputc(',', out);
		switch (kind) {
		case COL_SOURCE:
			put_csv(out, r->rec.source);
			break;
		case COL_LINE:
			fprintf(out, "%lu", r->rec.line);
			break;
		case COL_NUM:
			fprintf(out, "%lu", r->num);
			break;
		case COL_KERNEL:
			put_csv(out, r->kernel);
			break;
		case COL_TAG:
			put_csv(out, r->tag);
			break;
		case COL_EXTRA: {
			char *e = extra_fields(&r->rec, l);

			put_csv(out, e);
			free(e);
			break;
		}
		case COL_FLAG:
			put_csv(out, r->flag);
			break;
		case COL_FIELD:
			put_csv(out, store_get(&r->rec, columns[c]));
			break;
		}
	}
	fputc('\n', out);
}

void csv_write(FILE *out, const struct dataset *ds, int wide)
{
	struct layout l = { 0 };

	l.column = xcalloc(store_nkeys() + 1, 1);
	if (wide) {
		l.nwide = wide_keys(ds, &l.wide);
		if (!l.wide)
			l.wide = xcalloc(1, sizeof(*l.wide));
	}
	put_header(out, &l);
	for (size_t i = 0; i < ds->nruns; i++)
		put_row(out, &ds->runs[i], &l);
	free(l.wide);
	free(l.column);
}
