/* iorec: the "# sb io" records of a boot, checked and attached to their runs. */
#include "report/source/iorec.h"
#include "report/source/store.h"
#include "report/source/problems.h"
#include "report/util/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Digits only, no sign, no overflow: 0, or -1. */
static int whole(const char *s, size_t n, uint64_t *v)
{
	uint64_t x = 0;

	if (!n)
		return -1;
	for (size_t i = 0; i < n; i++) {
		uint64_t d = (uint64_t)(s[i] - '0');

		if (s[i] < '0' || s[i] > '9' || x > (UINT64_MAX - d) / 10)
			return -1;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

int io_parse_entry(const char *s, size_t n, struct io_req *out)
{
	const char *end = s + n, *p = s;
	uint64_t v[6];

	for (int k = 0; k < 6; k++) {
		const char *colon = k < 5 ? memchr(p, ':', (size_t)(end - p)) : end;

		if (!colon)
			return -1;
		if (k == 4) {
			if (colon - p != 1 || (*p != 'R' && *p != 'W' && *p != 'F'))
				return -1;
			out->op = *p;
		} else if (whole(p, (size_t)(colon - p), &v[k]) < 0) {
			return -1;
		}
		p = colon + 1;
	}
	if (v[3] > UINT32_MAX || v[5] < 1 || v[5] > UINT32_MAX || (v[3] == 0 && out->op != 'F'))
		return -1;
	if (v[0] > IO_US_MAX || v[1] > IO_US_MAX || v[2] > IO_SECTOR_END || v[3] > IO_SECTOR_END - v[2])
		return -1;
	out->t_us = v[0];
	out->dur_us = v[1];
	out->sector = v[2];
	out->sectors = (uint32_t)v[3];
	out->depth = (uint32_t)v[5];
	return 0;
}

/* An io record's header: the numbers every part carries. */
struct io_head {
	uint64_t test, part, parts, total, kept, stride, dropped;
	const struct record *r;
	size_t seq;		/* order of appearance in the boot */
};

static const char *const head_keys[] = { "test", "part", "parts", "total", "kept", "stride", "dropped" };
#define NHEAD (sizeof(head_keys) / sizeof(head_keys[0]))

/* 0, or the key that is missing or not a whole number. */
static const char *read_head(const struct record *r, struct io_head *h)
{
	uint64_t *v[NHEAD] = { &h->test, &h->part, &h->parts, &h->total, &h->kept, &h->stride, &h->dropped };

	for (size_t i = 0; i < NHEAD; i++) {
		const char *s = store_get(r, head_keys[i]);

		if (!s || whole(s, strlen(s), v[i]) < 0)
			return head_keys[i];
	}
	h->r = r;
	return NULL;
}

static int cmp_head(const void *a, const void *b)
{
	const struct io_head *x = a, *y = b;

	if (x->test != y->test)
		return (x->test > y->test) - (x->test < y->test);
	return (x->seq > y->seq) - (x->seq < y->seq);
}

static void refuse(struct dataset *ds, const struct boot *b, const struct io_head *h,
		   const char *why)
{
	problems_add(ds, h->r->source, h->r->line,
		     "io record of boot %s test %llu part %llu of %llu: %s (the run's account not used)",
		     b->id, (unsigned long long)h->test, (unsigned long long)h->part,
		     (unsigned long long)h->parts, why);
}

/* The parts g[0..n) of one test, in order of appearance: the account, or NULL. */
static struct io_account *read_account(struct dataset *ds, const struct boot *b,
				       const struct io_head *g, size_t n)
{
	const struct io_head *h0 = &g[0];
	struct io_account *a;
	char why[160];

	for (size_t i = 0; i < n; i++) {
		const struct io_head *h = &g[i];

		if (h->parts < 1 || h->part < 1 || h->part > h->parts) {
			refuse(ds, b, h, "part outside 1..parts");
			return NULL;
		}
		if (h->parts != h0->parts || h->total != h0->total || h->kept != h0->kept ||
		    h->stride != h0->stride || h->dropped != h0->dropped) {
			refuse(ds, b, h, "its parts, total, kept, stride or dropped differ from part 1's");
			return NULL;
		}
		if (h->part != i + 1) {
			size_t later = i + 1;

			while (later < n && g[later].part != i + 1)
				later++;
			if (h->part <= i)
				snprintf(why, sizeof(why), "part %llu twice (after part %zu)",
					 (unsigned long long)h->part, i);
			else if (later < n)
				snprintf(why, sizeof(why), "parts out of order (part %zu comes after it)", i + 1);
			else
				snprintf(why, sizeof(why), "part %zu missing before it", i + 1);
			refuse(ds, b, h, why);
			return NULL;
		}
	}
	if (n != h0->parts) {
		snprintf(why, sizeof(why), "parts %zu to %llu missing", n + 1, (unsigned long long)h0->parts);
		refuse(ds, b, &g[n - 1], why);
		return NULL;
	}
	if (h0->kept > IO_KEPT_MAX || h0->stride < 1 || h0->kept > h0->total ||
	    h0->dropped != h0->total - h0->kept) {
		refuse(ds, b, h0, "kept above 512, stride 0, or dropped not total - kept");
		return NULL;
	}
	a = xcalloc(1, sizeof(*a));
	a->req = xcalloc(h0->kept ? h0->kept : 1, sizeof(*a->req));
	a->total = h0->total;
	a->kept = h0->kept;
	a->dropped = h0->dropped;
	a->stride = h0->stride;
	for (size_t i = 0; i < n; i++) {
		const char *s = store_get(g[i].r, "reqs"), *end;
		size_t in_part = 0;

		if (!s) {
			refuse(ds, b, &g[i], "no reqs=");
			goto bad;
		}
		for (end = s + strlen(s); s < end; in_part++) {
			const char *semi = memchr(s, ';', (size_t)(end - s));
			size_t len = semi ? (size_t)(semi - s) : (size_t)(end - s);

			if (a->n == a->kept || in_part == IO_PART_MAX) {
				refuse(ds, b, &g[i], a->n == a->kept ? "more entries than kept" :
				       "more than 80 entries in one record");
				goto bad;
			}
			if (io_parse_entry(s, len, &a->req[a->n]) < 0) {
				/* problems_print escapes it for where it goes */
				snprintf(why, sizeof(why), "entry %zu, \"%.*s\", is not t_us:dur_us:sector:sectors:op:depth",
					 in_part + 1, (int)(len < 40 ? len : 40), s);
				refuse(ds, b, &g[i], why);
				goto bad;
			}
			a->n++;
			s += len + 1;
		}
	}
	if (a->n != a->kept) {
		snprintf(why, sizeof(why), "%zu entries, kept=%lu", a->n, a->kept);
		refuse(ds, b, h0, why);
		goto bad;
	}
	return a;
bad:
	free(a->req);
	free(a);
	return NULL;
}

static int was_refused(const struct boot *b, uint64_t num)
{
	for (size_t i = 0; i < b->more->nrefused; i++)
		if (b->more->refused[i] == num)
			return 1;
	return 0;
}

static void attach_boot(struct dataset *ds, struct boot *b)
{
	struct io_head *h = xcalloc(b->more->nios, sizeof(*h));
	size_t n = 0;

	for (size_t i = 0; i < b->more->nios; i++) {
		const char *bad = read_head(&b->more->ios[i], &h[n]);

		if (bad) {
			problems_add(ds, b->more->ios[i].source, b->more->ios[i].line,
				     "io record of boot %s without a whole number in %s= (not used)", b->id, bad);
			continue;
		}
		h[n].seq = i;
		n++;
	}
	qsort(h, n, sizeof(*h), cmp_head);
	for (size_t i = 0, j; i < n; i = j) {
		struct run *run;
		struct io_account *a;

		for (j = i + 1; j < n && h[j].test == h[i].test; j++)
			;
		run = h[i].test <= ULONG_MAX ? parse_find_run(ds, b, (unsigned long)h[i].test) : NULL;
		if (!run) {
			if (!was_refused(b, h[i].test))
				problems_add(ds, h[i].r->source, h[i].r->line,
					     "io records of boot %s test %llu, which has no result (not used)",
					     b->id, (unsigned long long)h[i].test);
			continue;
		}
		if (!(a = read_account(ds, b, &h[i], j - i)))
			continue;
		if (run->io) {
			problems_add(ds, h[i].r->source, h[i].r->line,
				     "io records of boot %s test %llu: the run has an account already (not used)",
				     b->id, (unsigned long long)h[i].test);
			free(a->req);
			free(a);
			continue;
		}
		run->io = a;
	}
	free(h);
	/* read once: a second parse_finish does not see them again */
	free(b->more->ios);
	b->more->ios = NULL;
	b->more->nios = b->more->ios_cap = 0;
}

void io_attach(struct dataset *ds)
{
	for (size_t i = 0; i < ds->nboots; i++)
		if (ds->boots[i]->more->nios)
			attach_boot(ds, ds->boots[i]);
}

