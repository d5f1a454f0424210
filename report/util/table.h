#ifndef SBR_TABLE_H
#define SBR_TABLE_H
/* Text tables printed aligned for terminals or as Markdown. */
#include <stdio.h>

struct table {
	size_t ncols, nleft;	/* the first nleft columns are left-aligned */
	char **cells;		/* row-major, header first */
	size_t ncells, cap;
};

void table_init(struct table *t, size_t nleft, const char *const *head, size_t ncols);
void table_add(struct table *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void table_addnum(struct table *t, double x);
/*
 * Merges the rows equal in every column but col: the first keeps its place,
 * and col says how many it stands for ("37 boots", with what as the noun).
 */
void table_group(struct table *t, size_t col, const char *what);
void table_print(const struct table *t, FILE *out, int markdown);
void table_free(struct table *t);

#endif
