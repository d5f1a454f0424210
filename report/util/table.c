#include "report/util/table.h"
#include "report/util/hmap.h"
#include "report/util/util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void table_init(struct table *t, size_t nleft, const char *const *head, size_t ncols)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols;
	t->nleft = nleft;
	for (size_t i = 0; i < ncols; i++)
		table_add(t, "%s", head[i]);
}

static void merge_last(struct table *t);

void table_add(struct table *t, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	grow(&t->cells, &t->cap, t->ncells, sizeof(*t->cells));
	t->cells[t->ncells++] = s;
	if (t->grouping && t->ncells % t->ncols == 0)
		merge_last(t);
}

void table_addnum(struct table *t, double x)
{
	char buf[32];

	table_add(t, "%s", util_fmt(buf, x));
}

/* Display width: UTF-8 continuation bytes take no column. */
static size_t width(const char *s)
{
	size_t w = 0;

	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

static void put_md(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', out);
		fputc(*s, out);
	}
}

void table_print(const struct table *t, FILE *out, int markdown)
{
	size_t *w = xcalloc(t->ncols, sizeof(*w));
	size_t nrows = t->ncells / t->ncols;

	for (size_t i = 0; i < nrows * t->ncols; i++)
		if (width(t->cells[i]) > w[i % t->ncols])
			w[i % t->ncols] = width(t->cells[i]);
	for (size_t r = 0; r < nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			const char *s = t->cells[r * t->ncols + c];
			int pad = (int)(w[c] - width(s));
			int left = c < t->nleft;

			if (markdown) {
				fputs(c ? " | " : "| ", out);
				put_md(out, s);
				continue;
			}
			if (c)
				fputs("  ", out);
			if (!left)
				fprintf(out, "%*s", pad, "");
			fputs(s, out);
			if (left && c + 1 < t->ncols)
				fprintf(out, "%*s", pad, "");
		}
		fputs(markdown ? " |\n" : "\n", out);
		if (markdown && r == 0) {
			for (size_t c = 0; c < t->ncols; c++)
				fputs(c < t->nleft ? "| --- " : "| ---: ", out);
			fputs("|\n", out);
		}
	}
	free(w);
}

struct row_key {
	const struct table *t;
	size_t row;
};

static int same_row(size_t item, const void *key, const void *ctx)
{
	const struct row_key *k = key;
	char *const *a = k->t->cells + item * k->t->ncols, *const *b = k->t->cells + k->row * k->t->ncols;

	(void)ctx;
	for (size_t c = 0; c < k->t->ncols; c++)
		if (c != k->t->group_col && strcmp(a[c], b[c]))
			return 0;
	return 1;
}

/* The last row: kept, or counted with the first one like it and dropped. */
static void merge_last(struct table *t)
{
	size_t r = t->ncells / t->ncols - 1, first;
	struct row_key k = { t, r };
	uint64_t h = 0;

	for (size_t c = 0; c < t->ncols; c++)
		if (c != t->group_col)
			h = hmap_mix(h ^ hmap_hash(t->cells[r * t->ncols + c],
						   strlen(t->cells[r * t->ncols + c])));
	first = hmap_get(&t->ix, h, same_row, &k, NULL);
	if (first == HMAP_NONE) {
		hmap_put(&t->ix, h, r);
		grow(&t->count, &t->count_cap, r, sizeof(*t->count));
		t->count[r] = 1;
		return;
	}
	t->count[first]++;
	for (size_t c = 0; c < t->ncols; c++)
		free(t->cells[r * t->ncols + c]);
	t->ncells -= t->ncols;
}

void table_group_as_added(struct table *t, size_t col)
{
	size_t nrows = t->ncells / t->ncols;

	t->grouping = 1;
	t->group_col = col;
	/* the rows so far, as if added now */
	t->ncells = t->ncols;
	for (size_t r = 1; r < nrows; r++) {
		memmove(t->cells + t->ncells, t->cells + r * t->ncols, t->ncols * sizeof(*t->cells));
		t->ncells += t->ncols;
		merge_last(t);
	}
}

void table_group(struct table *t, size_t col, const char *what)
{
	size_t nrows;

	if (!t->grouping)
		table_group_as_added(t, col);
	nrows = t->ncells / t->ncols;
	for (size_t r = 1; r < nrows; r++)
		if (t->count[r] > 1) {
			free(t->cells[r * t->ncols + col]);
			t->cells[r * t->ncols + col] = xasprintf("%zu %s", t->count[r], what);
		}
	t->grouping = 0;
	hmap_free(&t->ix);
	free(t->count);
	t->count = NULL;
	t->count_cap = 0;
}

void table_free(struct table *t)
{
	for (size_t i = 0; i < t->ncells; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t->count);
	hmap_free(&t->ix);
	memset(t, 0, sizeof(*t));
}
