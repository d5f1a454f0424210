#ifndef SBR_HMAP_H
#define SBR_HMAP_H
/*
 * An index from 64-bit hashes to items (array positions the caller owns),
 * open addressing with linear probing: lookups stay O(1) however many runs,
 * boots or keys a lab piles up.
 */
#include <stddef.h>
#include <stdint.h>

#define HMAP_NONE ((size_t)-1)

struct hmap {
	struct hmap_slot {	/* 8 bytes: an index costs 16 to 32 bytes an item */
		uint32_t h;	/* the hash's low half: the slot, and a filter before same() */
		uint32_t item;	/* item + 1; 0: empty */
	} *s;
	size_t cap, n;		/* cap: 0 or a power of two */
};

/* 1 if item is the one key names (ctx: the caller's arrays). */
typedef int hmap_same(size_t item, const void *key, const void *ctx);

uint64_t hmap_hash(const void *p, size_t n);
uint64_t hmap_mix(uint64_t x);
/* The item stored under h for which same() holds, or HMAP_NONE. */
size_t hmap_get(const struct hmap *m, uint64_t h, hmap_same *same, const void *key,
		const void *ctx);
/* Items below HMAP_ITEMS_MAX (dies beyond: no report holds 4 billion of anything). */
#define HMAP_ITEMS_MAX ((size_t)UINT32_MAX - 1)
void hmap_put(struct hmap *m, uint64_t h, size_t item);
void hmap_free(struct hmap *m);

#endif
