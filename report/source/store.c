/* store: records kept in memory, their fields in one block each. */
#include "report/source/store.h"
#include "report/source/parse.h"
#include "report/util/util.h"
#include "lib/record.h"
#include "lib/reckeys.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Result fields that must hold a number when present. */
static const char *const numeric_keys[] = {
	RK_ITER, RK_ELAPSED_S, RK_USER_S, RK_SYS_S, RK_MINFLT, RK_MAJFLT, RK_PSWPIN, RK_PSWPOUT,
	RK_PGMAJFAULT, RK_PGSCAN, RK_PGSTEAL, RK_ALLOCSTALL, RK_OOM_KILL, RK_PSI_SOME_US,
	RK_PSI_FULL_US, RK_SWAP_PEAK_KB, RK_SWAPS_ACTIVE, "swap_ra", "swap_ra_hit",
	"workingset_refault_anon", "workingset_restore_anon", "zswpin", "zswpout", "zswpwb",
	"thp_swpout", "thp_swpout_fallback",
};

enum { MUST_BE_NUMBER = 1, MAY_BE_NUMBER };	/* keys.numeric: measurements */

/* Key names, once per process: every record shares them (and datasets too). */
static struct {
	char **name;
	size_t *len;
	unsigned char *numeric;
	unsigned char *pos;	/* where store_get found the key last: tried first */
	unsigned long *seen;	/* number of the record that had the key last */
	unsigned long stored;	/* records stored so far */
	size_t n, cap, len_cap, numeric_cap, pos_cap, seen_cap;
	struct hmap ix;
} keys;

static int same_key(size_t item, const void *key, const void *ctx)
{
	(void)ctx;
	return !strcmp(keys.name[item], key);
}

/* The key's number; adds it when add is set, else HMAP_NONE if unknown. */
static size_t key_number(const char *key, int add)
{
	size_t len = strlen(key);
	uint64_t h = hmap_hash(key, len);
	size_t k = hmap_get(&keys.ix, h, same_key, key, NULL);

	if (k != HMAP_NONE || !add)
		return k;
	if (keys.n > UINT16_MAX)
		die("more than %d distinct record keys: not swapbench data", UINT16_MAX + 1);
	grow(&keys.name, &keys.cap, keys.n, sizeof(*keys.name));
	grow(&keys.len, &keys.len_cap, keys.n, sizeof(*keys.len));
	grow(&keys.numeric, &keys.numeric_cap, keys.n, 1);
	grow(&keys.pos, &keys.pos_cap, keys.n, 1);
	grow(&keys.seen, &keys.seen_cap, keys.n, sizeof(*keys.seen));
	keys.name[keys.n] = xstrdup(key);
	keys.len[keys.n] = len;
	keys.pos[keys.n] = 0;
	keys.seen[keys.n] = 0;
	keys.numeric[keys.n] = !strncmp(key, "w.", 2) ? MAY_BE_NUMBER : 0;
	for (size_t i = 0; i < sizeof(numeric_keys) / sizeof(numeric_keys[0]); i++)
		if (!strcmp(key, numeric_keys[i]))
			keys.numeric[keys.n] = MUST_BE_NUMBER;
	hmap_put(&keys.ix, h, keys.n);
	return keys.n++;
}

const char *store_key(const struct record *r, size_t i)
{
	return keys.name[r->f[2 * i]];
}

size_t store_key_number(const struct record *r, size_t i)
{
	return r->f[2 * i];
}

size_t store_nkeys(void)
{
	return keys.n;
}

const char *store_val(const struct record *r, size_t i)
{
	return (const char *)r->f + r->f[2 * i + 1];
}

/* Callers ask for the same few keys run after run: remember them by address. */
static size_t key_lookup(const char *key)
{
	static struct {
		const char *at;
		size_t k;
		size_t nkeys;	/* an unknown key stays unknown until keys.n grows */
		char unknown[32];	/* and is this text (a buffer's address may be reused) */
	} seen[64];
	/* literals lie bytes apart ("boot", "status"): hash the whole address */
	size_t slot = (size_t)(((uint64_t)(uintptr_t)key * 0x9e3779b97f4a7c15ULL) >> 58), k;

	if (seen[slot].at == key &&
	    (seen[slot].k == HMAP_NONE ? seen[slot].nkeys == keys.n && !strcmp(seen[slot].unknown, key) :
					 !strcmp(keys.name[seen[slot].k], key)))
		return seen[slot].k;
	k = key_number(key, 0);
	if (k == HMAP_NONE && strlen(key) >= sizeof(seen[slot].unknown))
		return k;
	seen[slot].at = key;
	seen[slot].k = k;
	seen[slot].nkeys = keys.n;
	if (k == HMAP_NONE)
		strcpy(seen[slot].unknown, key);
	return k;
}

const char *store_get(const struct record *r, const char *key)
{
	size_t k = key_lookup(key);

	if (k == HMAP_NONE)
		return NULL;
	/* Records of one kind list their keys in one order: try where it was last. */
	if (!r->repeats && keys.pos[k] < r->nf && r->f[2 * keys.pos[k]] == k)
		return store_val(r, keys.pos[k]);
	/* when a key repeats, the last one counts */
	for (size_t i = r->nf; i-- > 0;)
		if (r->f[2 * i] == k) {
			keys.pos[k] = (unsigned char)i;
			return store_val(r, i);
		}
	return NULL;
}

/* Digits with an optional sign and point: a finite number, no strtod needed.
 * Returns its length, or 0 if s is not such a number (or a very long one). */
static size_t plain_decimal(const char *s)
{
	const char *p = s + (*s == '-' || *s == '+'), *digits = p;

	while (*p >= '0' && *p <= '9')
		p++;
	if (p == digits)
		return 0;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			;
	return !*p && p - s < 300 ? (size_t)(p - s) : 0;
}

/* Above it, squares and sums of a few million values could overflow a double. */
#define NUMBER_MAX 1e100

/* A number beyond what the statistics can take: 1 for "1e160" (1e400 is no number). */
static int out_of_range(const char *s, size_t plain)
{
	char *end;
	double v;

	if (plain && plain < 90)
		return 0;
	v = strtod(s, &end);
	return end != s && !*end && isfinite(v) && fabs(v) > NUMBER_MAX;
}

const char *store_bad_number(const struct record *r, const char **why)
{
	double v;

	for (size_t i = 0; i < r->nf; i++) {
		const char *s = store_val(r, i);
		int kind = keys.numeric[r->f[2 * i]];
		size_t plain;

		if (!kind)
			continue;
		plain = plain_decimal(s);
		if (kind == MUST_BE_NUMBER && !plain && !util_number(s, &v)) {
			*why = "is not a number";
			return store_key(r, i);
		}
		/* every measurement here is a count or a time */
		if (kind == MUST_BE_NUMBER && *s == '-' && util_number(s, &v) && v < 0) {
			*why = "is negative (a count or a time)";
			return store_key(r, i);
		}
		if (out_of_range(s, plain)) {
			*why = "is out of the range the statistics take (magnitude up to 1e100)";
			return store_key(r, i);
		}
	}
	return NULL;
}

int store_run_value(const struct run *r, const char *key, double *v)
{
	return util_number(store_get(&r->rec, key), v);
}

/* Records and boots live as long as their dataset: carved from big blocks, freed at once. */
static void *arena_alloc(struct arena *a, size_t n)
{
	enum { BLOCK = 1 << 20 };
	void *p;

	n = n ? (n + 7) & ~(size_t)7 : 8;	/* never a zero offset from the first, NULL block */
	if (n > a->left) {
		size_t size = n > BLOCK / 4 ? n : BLOCK;

		grow(&a->blocks, &a->cap, a->n, sizeof(*a->blocks));
		a->blocks[a->n++] = xmalloc(size);
		if (size == n)
			return a->blocks[a->n - 1];
		a->p = a->blocks[a->n - 1];
		a->left = size;
	}
	p = a->p;
	a->p += n;
	a->left -= n;
	return p;
}

void *store_alloc(struct dataset *ds, size_t n)
{
	return arena_alloc(&ds->mem, n);
}

const char *store_text(struct dataset *ds, const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(arena_alloc(&ds->mem, n), s, n);
}

/* Records of one kind repeat their keys in order: guess before hashing. */
static size_t field_key(size_t i, const struct rec_field *f)
{
	static uint16_t guess[REC_FIELDS_MAX];
	size_t g = guess[i];

	if (g < keys.n && keys.len[g] == f->klen && !memcmp(keys.name[g], f->key, f->klen))
		return g;
	return guess[i] = (uint16_t)key_number(f->key, 1);
}

void store_record(struct dataset *ds, struct record *out, const struct rec *r,
			const char *source, unsigned long line)
{
	size_t nf = (size_t)r->nfields, off = 4 * nf, size = off;
	char *vals;

	for (size_t i = 0; i < nf; i++)
		size += r->f[i].vlen + 1u;
	out->source = source;
	out->line = line;
	out->nf = (uint32_t)nf;
	out->repeats = 0;
	out->f = arena_alloc(&ds->mem, size);
	vals = (char *)out->f;
	keys.stored++;
	for (size_t i = 0; i < nf; i++) {
		size_t n = r->f[i].vlen + 1u, k = field_key(i, &r->f[i]);

		out->repeats |= keys.seen[k] == keys.stored;
		keys.seen[k] = keys.stored;
		out->f[2 * i] = (uint16_t)k;
		out->f[2 * i + 1] = (uint16_t)off;	/* a record is under 4 KiB */
		memcpy(vals + off, r->f[i].val, n);
		off += n;
	}
}


void store_free(struct arena *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->blocks[i]);
	free(a->blocks);
	memset(a, 0, sizeof(*a));
}
