#ifndef SB_SUGGEST_H
#define SB_SUGGEST_H
/* "did you mean ...?": the closest known name to a mistyped one. Pure. */
#include <stddef.h>

struct suggest {
	const char *best;	/* closest candidate so far, NULL = none */
	size_t dist;		/* its edit distance */
};

void suggest_init(struct suggest *s);
/* Weighs cand against the n bytes of word. */
void suggest_try(struct suggest *s, const char *word, size_t n, const char *cand);
/* The best candidate if it is close enough to be a typo of word, else NULL. */
const char *suggest_best(const struct suggest *s, size_t n);

#endif
