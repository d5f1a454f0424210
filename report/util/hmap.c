#include "report/util/hmap.h"
#include "report/util/util.h"

#include <stdlib.h>
#include <string.h>

uint64_t hmap_hash(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */

	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ULL;
	return hmap_mix(h);
}

uint64_t hmap_mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	return x ^ (x >> 33);
}

size_t hmap_get(const struct hmap *m, uint64_t h, hmap_same *same, const void *key,
		const void *ctx)
{
	uint32_t h32 = (uint32_t)h;

	if (!m->cap)
		return HMAP_NONE;
	for (size_t i = h32 & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		const struct hmap_slot *s = &m->s[i];

		if (!s->item)
			return HMAP_NONE;
		if (s->h == h32 && same(s->item - 1, key, ctx))
			return s->item - 1;
	}
}

static void insert(struct hmap_slot *s, size_t cap, uint32_t h, uint32_t item)
{
	size_t i = h & (cap - 1);

	while (s[i].item)
		i = (i + 1) & (cap - 1);
	s[i].h = h;
	s[i].item = item;
}

void hmap_put(struct hmap *m, uint64_t h, size_t item)
{
	if (item >= HMAP_ITEMS_MAX)
		die("more than %zu items in one index", HMAP_ITEMS_MAX);
	if (2 * (m->n + 1) > m->cap) {	/* at most half full */
		size_t cap = m->cap ? 2 * m->cap : 8;	/* small: a boot has one (its runs), and a lab 100,000 boots */
		struct hmap_slot *s = xcalloc(cap, sizeof(*s));

		for (size_t i = 0; i < m->cap; i++)
			if (m->s[i].item)
				insert(s, cap, m->s[i].h, m->s[i].item);
		free(m->s);
		m->s = s;
		m->cap = cap;
	}
	insert(m->s, m->cap, (uint32_t)h, (uint32_t)item + 1);
	m->n++;
}

void hmap_free(struct hmap *m)
{
	free(m->s);
	memset(m, 0, sizeof(*m));
}
