/*
 * salvage: console noise may share a line with a record, before or after
 * it; the record's checksum tells where an intact one is (salvage.h).
 */
#include "report/source/salvage.h"
#include "report/util/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* 1 if s[i..] is " crc=" and eight hex digits. */
int salvage_crc_at(const char *s, size_t n, size_t i)
{
	if (i + 13 > n || memcmp(s + i, " crc=", 5))
		return 0;
	for (size_t k = i + 5; k < i + 13; k++)
		if (!s[k] || !strchr("0123456789abcdefABCDEF", s[k]))
			return 0;
	return 1;
}

static const char *const rec_starts[] = { "not ok ", "ok ", REC_DIAG_PREFIX };

/* 1 if a record could start at s[i..n) */
static int is_start(const char *s, size_t n, size_t i)
{
	for (int k = 0; k < 3; k++) {
		size_t m = strlen(rec_starts[k]);

		if (i + m <= n && !memcmp(s + i, rec_starts[k], m))
			return 1;
	}
	return 0;
}

size_t salvage_start(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (is_start(s, n, i))
			return i;
	return n;
}

/*
 * Finding a record inside a line in time linear in the line. A candidate is
 * a record start i and a checksum field at j; it is one when the CRC-32 of
 * s[i..j) is the checksum's value. With H(k) the CRC register after s[0..k)
 * from 0 (no inversions), CRC(s[i..j)) = ~(H(j) ^ (~0 ^ H(i)) * x^8(j-i)),
 * in GF(2)[x] mod the CRC polynomial; so the candidate holds exactly when
 * G(i) = (~0 ^ H(i)) * x^-8i equals K(j) = (~want ^ H(j)) * x^-8j. G of
 * every start and K of every checksum are computed in one pass; sorted,
 * the pairs that agree are found without trying each pair, and only those
 * are parsed. Polynomials are in the CRC's reflected order: bit 31 is x^0.
 */
#define CRC_POLY 0xedb88320u

static uint32_t mul_x(uint32_t a)
{
	return a >> 1 ^ (CRC_POLY & -(a & 1));
}

static uint32_t div_x(uint32_t a)
{
	return a & 0x80000000u ? (a ^ CRC_POLY) << 1 | 1 : a << 1;
}

static uint32_t gf_mul(uint32_t a, uint32_t b)
{
	uint32_t p = 0;

	for (int bit = 31; bit >= 0; bit--) {
		if (a >> bit & 1)
			p ^= b;
		b = mul_x(b);
	}
	return p;
}

struct mark {
	uint32_t key;		/* G of a start, K of a checksum */
	size_t at;
};

static int mark_order(const void *a, const void *b)
{
	const struct mark *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* A line with this many candidates that pass the checksum and still do not parse is given up on. */
#define SALVAGE_TRIES 64

/*
 * Console noise may share a line with a record, before or after it. The
 * checksum tells whether an intact record is inside: look for one (the one
 * that starts first, and of those the shortest), and say where it starts
 * (*at), so a damaged record before it is not missed.
 */
enum rec_status salvage(const char *s, size_t n, struct rec *r, size_t *at)
{
	struct mark *st = NULL, *ck = NULL;
	size_t nst = 0, nck = 0, cap_st = 0, cap_ck = 0, best = n, best_j = 0;
	uint32_t h = 0, p = 0x80000000u;
	int tries = 0;

	if (n < 16 || !memmem(s, n, " crc=", 5))
		return REC_NOT_RECORD;	/* the usual line: no checksum in it */
	for (size_t k = 0; k <= n; k++) {
		unsigned want;

		if (k < n && is_start(s, n, k)) {
			grow(&st, &cap_st, nst, sizeof(*st));
			st[nst++] = (struct mark){ gf_mul(~0u ^ h, p), k };
		}
		if (salvage_crc_at(s, n, k)) {
			want = 0;
			for (size_t d = k + 5; d < k + 13; d++)
				want = want << 4 | (unsigned)(s[d] <= '9' ? s[d] - '0' : (s[d] | 0x20) - 'a' + 10);
			grow(&ck, &cap_ck, nck, sizeof(*ck));
			ck[nck++] = (struct mark){ gf_mul(~(uint32_t)want ^ h, p), k };
		}
		if (k == n)
			break;
		h ^= (unsigned char)s[k];
		for (int b = 0; b < 8; b++) {
			h = mul_x(h);
			p = div_x(p);
		}
	}
	if (nst > 1)
		qsort(st, nst, sizeof(*st), mark_order);
	for (size_t c = 0; c < nck && tries < SALVAGE_TRIES; c++) {
		size_t j = ck[c].at, lo = 0, hi = nst;
		/* the record s[i..j+13) is at most REC_LINE_MAX long and has room for its start */
		size_t first = j + 13 > REC_LINE_MAX ? j + 13 - REC_LINE_MAX : 0;
		struct mark want = { ck[c].key, first };

		while (lo < hi) {	/* the first start with this key at or after first */
			size_t mid = lo + (hi - lo) / 2;

			if (mark_order(&st[mid], &want) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (size_t k = lo; k < nst && st[k].key == ck[c].key && st[k].at + 3 <= j && st[k].at < best &&
		     tries < SALVAGE_TRIES; k++) {
			tries++;
			if (rec_parse(s + st[k].at, j + 13 - st[k].at, r) == REC_GOOD) {
				best = st[k].at;
				best_j = j;
				break;
			}
		}
	}
	free(st);
	free(ck);
	if (best == n)
		return REC_NOT_RECORD;
	*at = best;
	/* r holds the last candidate parsed: parse the one chosen again */
	return rec_parse(s + best, best_j + 13 - best, r);
}

