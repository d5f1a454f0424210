#include "suggest.h"

#include <string.h>

#define WORD_MAX 64

void suggest_init(struct suggest *s)
{
	s->best = NULL;
	s->dist = (size_t)-1;
}

static size_t min3(size_t a, size_t b, size_t c)
{
	return a < b ? (a < c ? a : c) : (b < c ? b : c);
}

/* Edits (insert, delete, replace, swap two neighbours) from a to b. */
static size_t distance(const char *a, size_t an, const char *b, size_t bn)
{
	size_t d[WORD_MAX + 1][WORD_MAX + 1];

	if (an > WORD_MAX || bn > WORD_MAX)
		return (size_t)-1;
	for (size_t i = 0; i <= an; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= bn; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= an; i++)
		for (size_t j = 1; j <= bn; j++) {
			size_t cost = a[i - 1] != b[j - 1];

			d[i][j] = min3(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < d[i][j])
				d[i][j] = d[i - 2][j - 2] + 1;
		}
	return d[an][bn];
}

void suggest_try(struct suggest *s, const char *word, size_t n, const char *cand)
{
	size_t d = distance(word, n, cand, strlen(cand));

	if (d < s->dist) {
		s->dist = d;
		s->best = cand;
	}
}

const char *suggest_best(const struct suggest *s, size_t n)
{
	/* one edit in a short word, two in a longer one, at most a third of it */
	size_t limit = n < 4 ? 1 : n < 9 ? 2 : 3;

	return s->best && s->dist > 0 && s->dist <= limit ? s->best : NULL;
}
