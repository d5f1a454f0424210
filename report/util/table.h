#ifndef SBR_TABLE_H
#define SBR_TABLE_H
/* Text tables printed aligned for terminals or as Markdown. */
#include "report/util/hmap.h"

#include <stdio.h>

struct table {
	size_t ncols, nleft;	/* the first nleft columns are left-aligned */
	char **cells;		/* row-major, header first */
	size_t ncells, cap;
	/* rows merged as they come (table_group_as_added) */
	int grouping;
	size_t group_col;
	size_t *count;		/* rows each kept row stands for */
	size_t count_cap;
	struct hmap ix;		/* kept rows by their cells but group_col's */
};

void table_init(struct table *t, size_t nleft, const char *const *head, size_t ncols);
void table_add(struct table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void table_addnum(struct table *t, double x);
/*
 * Merges the rows equal in every column but col: the first keeps its place,
 * and col says how many it stands for ("37 boots", with what as the noun).
 */
void table_group(struct table *t, size_t col, const char *what);
/* The same merge as each row is added, so a table of 100,000 boots alike
 * holds one row, not 100,000; table_group(t, col, what) then counts them. */
void table_group_as_added(struct table *t, size_t col);
void table_print(const struct table *t, FILE *out, int markdown);
void table_free(struct table *t);

#endif
