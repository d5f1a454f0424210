/* parse: record lines to runs, boots and problems. */
#include "parse.h"
#include "util.h"
#include "../lib/record.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *const status_names[ST_COUNT] = {
	[ST_OK] = "ok", [ST_OOM] = "oom", [ST_TIMEOUT] = "timeout",
	[ST_ERROR] = "error", [ST_KILLED] = "killed",
};

const char *run_status_name(enum run_status s)
{
	return s < ST_COUNT ? status_names[s] : "?";
}

void parse_problem(struct dataset *ds, const char *source, unsigned long line,
		   const char *fmt, ...)
{
	struct problem *p;
	va_list ap;

	grow(&ds->probs, &ds->probs_cap, ds->nprobs, sizeof(*ds->probs));
	p = &ds->probs[ds->nprobs++];
	p->where = line ? xasprintf("%s:%lu", source, line) : xstrdup(source);
	p->source = source;
	p->line = line;
	p->kind = fmt;
	va_start(ap, fmt);
	if (vasprintf(&p->what, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
}

static int same_boot(size_t item, const void *key, const void *ctx)
{
	const struct dataset *ds = ctx;

	return !strcmp(ds->boots[item]->id, key);
}

static struct boot *find_boot(struct dataset *ds, const char *id, const char *source)
{
	uint64_t h;
	size_t i;
	struct boot *b;

	if (ds->last_boot && !strcmp(ds->last_boot->id, id))
		return ds->last_boot;
	h = hmap_hash(id, strlen(id));
	i = hmap_get(&ds->boot_ix, h, same_boot, id, ds);
	if (i != HMAP_NONE)
		return ds->last_boot = ds->boots[i];
	b = xcalloc(1, sizeof(*b));
	b->id = xstrdup(id);
	b->source = source;
	b->index = ds->nboots;
	grow(&ds->boots, &ds->boots_cap, ds->nboots, sizeof(*ds->boots));
	hmap_put(&ds->boot_ix, h, ds->nboots);
	ds->boots[ds->nboots++] = b;
	return ds->last_boot = b;
}

/* A boot's runs by test number: each boot has its own table, which stays in
 * the cache while that boot's records are read, as they are, together. */
static int same_run(size_t item, const void *key, const void *ctx)
{
	return ((const struct dataset *)ctx)->runs[item].num == *(const unsigned long *)key;
}

/* A test whose valid record a run check refused: reported, so not missing. */
static void note_refused(struct boot *b, unsigned long num)
{
	grow(&b->refused, &b->refused_cap, b->nrefused, sizeof(*b->refused));
	b->refused[b->nrefused++] = num;
}

static int status_of(const char *name)
{
	for (int i = 0; i < ST_COUNT; i++)
		if (!strcmp(status_names[i], name))
			return i;
	return -1;
}

/* Checks a good result record; returns a reason to reject it or NULL. */
static const char *result_fault(const struct record *r, int ok, int *status)
{
	static char why[160];
	static const char *const required[] = { "boot", "workload", "backend", "status" };
	const char *bad, *what;

	for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++) {
		const char *v = record_get(r, required[i]);

		if (!v || !*v) {
			snprintf(why, sizeof(why), "result record without %s=", required[i]);
			return why;
		}
	}
	*status = status_of(record_get(r, "status"));
	if (*status < 0)
		return "result record with unknown status=";
	if (ok != (*status == ST_OK))
		return "result record: ok/not ok disagrees with status=";
	if ((bad = record_bad_number(r, &what))) {
		snprintf(why, sizeof(why), "result record: %s=%.32s %s", bad, record_get(r, bad),
			 what);
		return why;
	}
	return NULL;
}

static void add_result(struct dataset *ds, const struct rec *r, const char *source,
		       unsigned long line)
{
	int status = 0;
	const char *why;
	struct boot *b;
	struct run *run;
	size_t dup;
	uint64_t h = hmap_mix(r->num);

	grow(&ds->runs, &ds->runs_cap, ds->nruns, sizeof(*ds->runs));
	run = &ds->runs[ds->nruns];
	memset(run, 0, sizeof(*run));
	store_record(ds, &run->rec, r, source, line);
	if ((why = result_fault(&run->rec, r->ok, &status))) {
		parse_problem(ds, source, line, "%s (not used)", why);
		return;
	}
	b = find_boot(ds, record_get(&run->rec, "boot"), source);
	dup = hmap_get(&b->run_ix, h, same_run, &r->num, ds);
	if (dup != HMAP_NONE) {
		const struct run *o = &ds->runs[dup];

		parse_problem(ds, source, line,
			      "duplicate record: boot %s test %lu already seen at %s:%lu (not used)",
			      b->id, r->num, o->rec.source, o->rec.line);
		return;
	}
	run->boot = b;
	run->seq = ds->nruns;
	run->num = r->num;
	run->status = (enum run_status)status;
	run->workload = record_get(&run->rec, "workload");
	run->backend = record_get(&run->rec, "backend");
	run->status_name = record_get(&run->rec, "status");
	run->kernel = record_get(&run->rec, "kernel");
	run->tag = record_get(&run->rec, "tag");
	if ((why = check_run(run))) {
		parse_problem(ds, source, line, "boot %s test %lu: %s (not used)", b->id, r->num,
			      why);
		note_refused(b, r->num);
		return;
	}
	hmap_put(&b->run_ix, h, ds->nruns++);
	b->nruns++;
}

/* Returns the boot the record belongs to, for the KTAP plan line after meta. */
static struct boot *add_diag(struct dataset *ds, const struct rec *r, const char *source,
			     unsigned long line)
{
	static const char *const kinds[] = { "meta", "swap", "totals", "error", "warning", "conf", "disk" };
	const char *id = rec_get(r, "boot");
	struct boot *b;
	struct record *slot;
	int kind = -1;

	for (int i = 0; i < 7; i++)
		if (!strcmp(r->id, kinds[i]))
			kind = i;
	if (kind < 0)
		return NULL;	/* warmup, sample and later kinds carry no results */
	if (!id || !*id) {
		parse_problem(ds, source, line, "%s record without boot= (not used)", r->id);
		return NULL;
	}
	b = find_boot(ds, id, source);
	if (kind == 5) {
		grow(&b->confs, &b->confs_cap, b->nconfs, sizeof(*b->confs));
		store_record(ds, &b->confs[b->nconfs++], r, source, line);
		return b;
	}
	if (kind == 3 || kind == 4) {
		const char *msg = rec_get(r, "msg");

		grow(&b->notes, &b->notes_cap, b->nnotes, sizeof(*b->notes));
		store_record(ds, &b->notes[b->nnotes], r, source, line);
		b->notes[b->nnotes++].kind = kinds[kind];
		if (kind == 3)
			parse_problem(ds, source, line, "boot %s: init reported an error: %s", id,
				msg ? msg : "(no message)");
		return b;
	}
	if (kind == 1) {
		grow(&b->swaps, &b->swaps_cap, b->nswaps, sizeof(*b->swaps));
		store_record(ds, &b->swaps[b->nswaps++], r, source, line);
		return b;
	}
	slot = kind == 0 ? &b->meta : kind == 6 ? &b->disk : &b->totals;
	if (slot->nf) {
		parse_problem(ds, source, line,
			"duplicate record: %s of boot %s already seen at %s:%lu (not used)",
			r->id, id, slot->source, slot->line);
		return b;
	}
	store_record(ds, slot, r, source, line);
	return b;
}

static int plan_line(const char *s, size_t len, unsigned long *n)
{
	unsigned long v = 0;
	size_t i;

	if (len < 4 || memcmp(s, "1..", 3))
		return 0;
	for (i = 3; i < len && s[i] >= '0' && s[i] <= '9'; i++)
		v = v * 10 + (unsigned long)(s[i] - '0');
	if (i == 3 || i != len)
		return 0;
	*n = v;
	return 1;
}

/* 1 if s[i..] is " crc=" and eight hex digits. */
static int crc_at(const char *s, size_t n, size_t i)
{
	if (i + 13 > n || memcmp(s + i, " crc=", 5))
		return 0;
	for (size_t k = i + 5; k < i + 13; k++)
		if (!strchr("0123456789abcdefABCDEF", s[k]))
			return 0;
	return 1;
}

static const char *const rec_starts[] = { "not ok ", "ok ", REC_DIAG_PREFIX };

/* Offset of the first place in s[0..n) where a record could start, or n. */
static size_t record_start(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < 3; k++) {
			size_t m = strlen(rec_starts[k]);

			if (i + m <= n && !memcmp(s + i, rec_starts[k], m))
				return i;
		}
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

static int is_start(const char *s, size_t n, size_t i)
{
	for (int k = 0; k < 3; k++) {
		size_t m = strlen(rec_starts[k]);

		if (i + m <= n && !memcmp(s + i, rec_starts[k], m))
			return 1;
	}
	return 0;
}

/* A line with this many candidates that pass the checksum and still do not parse is given up on. */
#define SALVAGE_TRIES 64

/*
 * Console noise may share a line with a record, before or after it. The
 * checksum tells whether an intact record is inside: look for one (the one
 * that starts first, and of those the shortest), and say where it starts
 * (*at), so a damaged record before it is not missed.
 */
static enum rec_status salvage(const char *s, size_t n, struct rec *r, size_t *at)
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
		if (crc_at(s, n, k)) {
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

void parse_begin(struct parser *p, struct dataset *ds, const char *path)
{
	memset(p, 0, sizeof(*p));
	p->ds = ds;
	p->r = xmalloc(sizeof(*p->r));
	grow(&ds->src, &ds->src_cap, ds->nsrc, sizeof(*ds->src));
	p->src = &ds->src[ds->nsrc++];
	memset(p->src, 0, sizeof(*p->src));
	p->src->path = xstrdup(path);
}

void parse_line(struct parser *p, const char *s, size_t n, int last)
{
	struct dataset *ds = p->ds;
	const char *source = p->src->path;
	struct rec *r = p->r;
	unsigned long lineno = ++p->lineno, plan;
	enum rec_status st;

	while (n && (s[n - 1] == '\r' || s[n - 1] == '\n'))
		n--;
	st = rec_parse(s, n, r);
	if (st == REC_NOT_RECORD && plan_line(s, n, &plan)) {
		if (p->cur)
			p->cur->plan = plan;
		return;
	}
	if (st == REC_NOT_RECORD || st == REC_BAD_CRC || st == REC_NO_CRC) {
		int tail = n >= 13 && crc_at(s, n, n - 13);
		size_t at;

		if (salvage(s, n, r, &at) == REC_GOOD) {
			st = REC_GOOD;
			if (record_start(s, at) < at)
				parse_problem(ds, source, lineno, "damaged record: a cut record precedes an "
					"intact one on this line (the cut one not used)");
		} else if (st == REC_NOT_RECORD && !tail) {
			return;
		} else if (st == REC_NOT_RECORD) {
			parse_problem(ds, source, lineno, "damaged record: checksum at the end but "
				"no valid record start (not used)");
			return;
		}
	}
	switch (st) {
	case REC_GOOD:
		p->src->nrecords++;
		if (r->type == REC_RESULT) {
			add_result(ds, r, source, lineno);
		} else {
			struct boot *b = add_diag(ds, r, source, lineno);

			if (b && !strcmp(r->id, "meta"))
				p->cur = b;
		}
		break;
	case REC_BAD_CRC:
		parse_problem(ds, source, lineno, "damaged record: checksum mismatch (not used)");
		break;
	case REC_NO_CRC:
		parse_problem(ds, source, lineno, "truncated record: no checksum%s (not used)",
			last ? ", last line of the source cut short" : "");
		break;
	case REC_MALFORMED:
		parse_problem(ds, source, lineno, "malformed record (not used)");
		break;
	case REC_NOT_RECORD:
		break;
	}
}

void parse_end(struct parser *p)
{
	if (!p->src->nrecords)
		parse_problem(p->ds, p->src->path, 0, "no swapbench records found");
	free(p->r);
	p->r = NULL;
}

void parse_text(struct dataset *ds, const char *path, const char *text, size_t len)
{
	struct parser p;

	parse_begin(&p, ds, path);
	for (size_t off = 0; off < len;) {
		const char *s = text + off, *nl = memchr(s, '\n', len - off);
		size_t n = nl ? (size_t)(nl - s) : len - off;

		off += n + (nl != NULL);
		parse_line(&p, s, n, !nl);
	}
	parse_end(&p);
}

void parse_free(struct dataset *ds)
{
	for (size_t i = 0; i < ds->nruns; i++)
		free(ds->runs[i].flag);
	for (size_t i = 0; i < ds->nboots; i++) {
		struct boot *b = ds->boots[i];

		free(b->swaps);
		free(b->confs);
		free(b->notes);
		free(b->refused);
		hmap_free(&b->run_ix);
		free(b->id);
		free(b);
	}
	for (size_t i = 0; i < ds->nprobs; i++) {
		free(ds->probs[i].where);
		free(ds->probs[i].what);
	}
	for (size_t i = 0; i < ds->nsrc; i++) {
		free(ds->src[i].path);
		free(ds->src[i].label);
	}
	store_free(&ds->mem);
	hmap_free(&ds->boot_ix);
	free(ds->src);
	free(ds->boots);
	free(ds->runs);
	free(ds->probs);
	memset(ds, 0, sizeof(*ds));
}
