/* parse: record lines to runs, boots and problems. */
#include "report/source/parse.h"
#include "report/source/problems.h"
#include "report/source/refuse.h"
#include "report/source/salvage.h"
#include "report/util/util.h"
#include "lib/record.h"
#include "lib/reckeys.h"
#include "lib/reckinds.h"
#include "report/source/store.h"
#include "report/source/iorec.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char *const status_names[ST_COUNT] = {
	[ST_OK] = "ok", [ST_OOM] = "oom", [ST_TIMEOUT] = "timeout",
	[ST_ERROR] = "error", [ST_KILLED] = "killed",
};

const char *parse_status_name(enum run_status s)
{
	return s < ST_COUNT ? status_names[s] : "?";
}

static int same_boot(size_t item, const void *key, const void *ctx)
{
	const struct dataset *ds = ctx;

	return !strcmp(ds->boots[item]->id, key);
}

/* Shared by the boots that hold nothing but a meta record and runs; never written. */
static struct boot_more no_more;

/* b's records beyond meta, made when it gets the first of them */
static struct boot_more *more_of(struct dataset *ds, struct boot *b)
{
	if (b->more == &no_more) {
		b->more = store_alloc(ds, sizeof(*b->more));
		memset(b->more, 0, sizeof(*b->more));
	}
	return b->more;
}

/* kept: id lives as long as ds (a stored record's value), else it is copied */
static struct boot *find_boot(struct dataset *ds, const char *id, int kept, const char *source)
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
	b = store_alloc(ds, sizeof(*b));
	memset(b, 0, sizeof(*b));
	b->id = kept ? id : store_text(ds, id);
	b->source = source;
	b->index = ds->nboots;
	b->more = &no_more;
	grow(&ds->boots, &ds->boots_cap, ds->nboots, sizeof(*ds->boots));
	hmap_put(&ds->boot_ix, h, ds->nboots);
	ds->boots[ds->nboots++] = b;
	return ds->last_boot = b;
}

/* Runs by boot and test number, in one map for the dataset: a lab of
 * 100,000 one-run boots paid 128 bytes a boot for a map each. */
struct run_key {
	const struct boot *boot;
	unsigned long num;
};

static int same_run(size_t item, const void *key, const void *ctx)
{
	const struct run *r = &((const struct dataset *)ctx)->runs[item];
	const struct run_key *k = key;

	return r->num == k->num && r->boot == k->boot;
}

/* A test whose valid record a run check refused: reported, so not missing. */
static void note_refused(struct dataset *ds, struct boot *b, unsigned long num)
{
	struct boot_more *m = more_of(ds, b);

	grow(&m->refused, &m->refused_cap, m->nrefused, sizeof(*m->refused));
	m->refused[m->nrefused++] = num;
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
		const char *v = store_get(r, required[i]);

		if (!v || !*v) {
			snprintf(why, sizeof(why), "result record without %s=", required[i]);
			return why;
		}
	}
	*status = status_of(store_get(r, RK_STATUS));
	if (*status < 0)
		return "result record with unknown status=";
	if (ok != (*status == ST_OK))
		return "result record: ok/not ok disagrees with status=";
	if ((bad = store_bad_number(r, &what))) {
		snprintf(why, sizeof(why), "result record: %s=%.32s %s", bad, store_get(r, bad),
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
	struct run_key key;
	uint64_t h;

	grow(&ds->runs, &ds->runs_cap, ds->nruns, sizeof(*ds->runs));
	run = &ds->runs[ds->nruns];
	memset(run, 0, sizeof(*run));
	store_record(ds, &run->rec, r, source, line);
	if ((why = result_fault(&run->rec, r->ok, &status))) {
		problems_add(ds, source, line, "%s (not used)", why);
		return;
	}
	b = find_boot(ds, store_get(&run->rec, RK_BOOT), 1, source);
	key = (struct run_key){ b, r->num };
	h = hmap_mix(r->num ^ hmap_mix(b->index));
	dup = hmap_get(&ds->run_ix, h, same_run, &key, ds);
	if (dup != HMAP_NONE) {
		const struct run *o = &ds->runs[dup];

		problems_add(ds, source, line,
			     "duplicate record: boot %s test %lu already seen at %s:%lu (not used)",
			     b->id, r->num, o->rec.source, o->rec.line);
		return;
	}
	run->boot = b;
	run->num = r->num;
	run->status = (enum run_status)status;
	run->workload = store_get(&run->rec, RK_WORKLOAD);
	run->backend = store_get(&run->rec, RK_BACKEND);
	run->kernel = store_get(&run->rec, RK_KERNEL);
	run->tag = store_get(&run->rec, RK_TAG);
	if ((why = refuse_run(run))) {
		problems_add(ds, source, line, "boot %s test %lu: %s (not used)", b->id, r->num,
			     why);
		note_refused(ds, b, r->num);
		return;
	}
	hmap_put(&ds->run_ix, h, ds->nruns++);
	b->nruns++;
}

void parse_drop_index(struct dataset *ds)
{
	hmap_free(&ds->boot_ix);
	hmap_free(&ds->run_ix);
	ds->last_boot = NULL;
}

struct run *parse_find_run(struct dataset *ds, struct boot *b, unsigned long num)
{
	struct run_key key = { b, num };
	size_t i = hmap_get(&ds->run_ix, hmap_mix(num ^ hmap_mix(b->index)), same_run, &key, ds);

	return i == HMAP_NONE ? NULL : &ds->runs[i];
}

/* A boot's meta, totals or disk record: the first one counts. Returns b. */
static struct boot *keep_once(struct dataset *ds, struct boot *b, struct record *slot,
			      const struct rec *r, const char *source, unsigned long line)
{
	if (slot->nf) {
		problems_add(ds, source, line,
			"duplicate record: %s of boot %s already seen at %s:%lu (not used)",
			r->id, b->id, slot->source, slot->line);
		return b;
	}
	store_record(ds, slot, r, source, line);
	return b;
}

/*
 * Returns the boot the record belongs to, for the KTAP plan line after meta.
 * cur: the boot whose meta record came last, for an io record without boot=.
 */
static struct boot *add_diag(struct dataset *ds, const struct rec *r, const char *source,
			     unsigned long line, struct boot *cur)
{
	const char *id = rec_get(r, RK_BOOT);
	int kind = rec_kind_of(r->id);
	struct boot *b;
	struct boot_more *m;

	switch (kind) {
	case RKIND_META: case RKIND_SWAP: case RKIND_TOTALS: case RKIND_ERROR:
	case RKIND_WARNING: case RKIND_CONF: case RKIND_DISK: case RKIND_IO:
		break;
	default:
		return NULL;	/* warmup, sample and the others carry no results */
	}
	if (kind == RKIND_IO && (!id || !*id) && cur) {
		/* the account of the run whose result follows: checked in parse_finish */
		m = more_of(ds, cur);
		grow(&m->ios, &m->ios_cap, m->nios, sizeof(*m->ios));
		store_record(ds, &m->ios[m->nios++], r, source, line);
		return NULL;
	}
	if (!id || !*id) {
		problems_add(ds, source, line, "%s record without boot= (not used)", r->id);
		return NULL;
	}
	b = find_boot(ds, id, 0, source);
	if (kind == RKIND_META)
		return keep_once(ds, b, &b->meta, r, source, line);
	m = more_of(ds, b);
	if (kind == RKIND_TOTALS || kind == RKIND_DISK)
		return keep_once(ds, b, kind == RKIND_DISK ? &m->disk : &m->totals, r, source, line);
	if (kind == RKIND_IO) {
		grow(&m->ios, &m->ios_cap, m->nios, sizeof(*m->ios));
		store_record(ds, &m->ios[m->nios++], r, source, line);
		return NULL;
	}
	if (kind == RKIND_CONF) {
		grow(&m->confs, &m->confs_cap, m->nconfs, sizeof(*m->confs));
		store_record(ds, &m->confs[m->nconfs++], r, source, line);
		return b;
	}
	if (kind == RKIND_ERROR || kind == RKIND_WARNING) {
		const char *msg = rec_get(r, RK_MSG);

		grow(&m->notes, &m->notes_cap, m->nnotes, sizeof(*m->notes));
		store_record(ds, &m->notes[m->nnotes].rec, r, source, line);
		m->notes[m->nnotes++].kind = rec_kind_word((enum rec_kind)kind);
		if (kind == RKIND_ERROR)
			problems_add(ds, source, line, "boot %s: init reported an error: %s", id,
				msg ? msg : "(no message)");
		return b;
	}
	grow(&m->swaps, &m->swaps_cap, m->nswaps, sizeof(*m->swaps));
	store_record(ds, &m->swaps[m->nswaps++], r, source, line);
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
		int tail = n >= 13 && salvage_crc_at(s, n, n - 13);
		size_t at;

		if (salvage(s, n, r, &at) == REC_GOOD) {
			st = REC_GOOD;
			if (salvage_start(s, at) < at)
				problems_add(ds, source, lineno, "damaged record: a cut record precedes an "
					"intact one on this line (the cut one not used)");
		} else if (st == REC_NOT_RECORD && !tail) {
			return;
		} else if (st == REC_NOT_RECORD) {
			problems_add(ds, source, lineno, "damaged record: checksum at the end but "
				"no valid record start (not used)");
			if (ds->each_record)
				ds->each_record(ds->each_arg, r, source, lineno, REC_MALFORMED);
			return;
		}
	}
	if (ds->each_record && st != REC_NOT_RECORD)
		ds->each_record(ds->each_arg, r, source, lineno, st);
	switch (st) {
	case REC_GOOD:
		p->src->nrecords++;
		if (r->type == REC_RESULT) {
			add_result(ds, r, source, lineno);
		} else {
			struct boot *b = add_diag(ds, r, source, lineno, p->cur);

			if (b && rec_kind_of(r->id) == RKIND_META)
				p->cur = b;
		}
		break;
	case REC_BAD_CRC:
		problems_add(ds, source, lineno, "damaged record: checksum mismatch (not used)");
		break;
	case REC_NO_CRC:
		problems_add(ds, source, lineno, "truncated record: no checksum%s (not used)",
			last ? ", last line of the source cut short" : "");
		break;
	case REC_MALFORMED:
		problems_add(ds, source, lineno, "malformed record (not used)");
		break;
	case REC_NOT_RECORD:
		break;
	}
}

void parse_end(struct parser *p)
{
	if (!p->src->nrecords)
		problems_add(p->ds, p->src->path, 0, "no swapbench records found");
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
		if (ds->runs[i].io) {
			free(ds->runs[i].io->req);
			free(ds->runs[i].io);
		}
	for (size_t i = 0; i < ds->nruns; i++)
		free(ds->runs[i].flag);
	for (size_t i = 0; i < ds->nboots; i++) {
		struct boot_more *m = ds->boots[i]->more;

		free(m->swaps);
		free(m->ios);
		free(m->confs);
		free(m->notes);
		free(m->refused);
	}
	for (size_t i = 0; i < ds->nsrc; i++) {
		free(ds->src[i].path);
		free(ds->src[i].label);
	}
	store_free(&ds->mem);
	hmap_free(&ds->boot_ix);
	hmap_free(&ds->run_ix);
	free(ds->src);
	free(ds->boots);
	free(ds->runs);
	free(ds->probs);
	memset(ds, 0, sizeof(*ds));
}

struct test {
	size_t boot;
	unsigned long num;
};

static int cmp_test(const void *a, const void *b)
{
	const struct test *x = a, *y = b;

	if (x->boot != y->boot)
		return (x->boot > y->boot) - (x->boot < y->boot);
	return (x->num > y->num) - (x->num < y->num);
}

/* Appends "a" or "a-b" to a list of missing test numbers. */
static void list_range(char *buf, size_t size, unsigned long a, unsigned long b)
{
	size_t n = strlen(buf);

	if (n + 24 >= size) {
		if (!strstr(buf, "..."))
			snprintf(buf + n, size - n, ", ...");
		return;
	}
	snprintf(buf + n, size - n, "%s%lu", n ? ", " : "", a);
	n = strlen(buf);
	if (b > a)
		snprintf(buf + n, size - n, "-%lu", b);
}

/* nums: the boot's tests seen (used or refused by a check), ascending. */
static void check_plan(struct dataset *ds, struct boot *b, const struct test *t, size_t n)
{
	double planned;
	unsigned long plan = b->plan, next = 1;
	char missing[256] = "";

	if (util_number(store_get(&b->more->totals, RK_PLANNED), &planned) && planned >= 0 &&
	    planned < (double)ULONG_MAX)	/* beyond that the cast is undefined */
		plan = (unsigned long)planned;
	if (!plan)
		return;
	for (size_t i = 0; i < n; i++) {
		if (t[i].num > plan) {
			problems_add(ds, b->source, 0, "boot %s: test %lu outside the plan 1..%lu",
				     b->id, t[i].num, plan);
			continue;
		}
		if (t[i].num > next)
			list_range(missing, sizeof(missing), next, t[i].num - 1);
		next = t[i].num + 1;
	}
	if (next <= plan)
		list_range(missing, sizeof(missing), next, plan);
	if (*missing)
		problems_add(ds, b->source, 0, "boot %s: no result for test %s of the plan 1..%lu",
			     b->id, missing, plan);
}

/* Every boot's tests, sorted by boot and number: one pass for all plans. */
static struct test *all_tests(const struct dataset *ds, size_t *n)
{
	size_t total = ds->nruns, k = 0;
	struct test *t;

	for (size_t i = 0; i < ds->nboots; i++)
		total += ds->boots[i]->more->nrefused;
	t = xcalloc(total, sizeof(*t));
	for (size_t i = 0; i < ds->nruns; i++)
		t[k++] = (struct test){ ds->runs[i].boot->index, ds->runs[i].num };
	for (size_t i = 0; i < ds->nboots; i++)
		for (size_t j = 0; j < ds->boots[i]->more->nrefused; j++)
			t[k++] = (struct test){ i, ds->boots[i]->more->refused[j] };
	qsort(t, total, sizeof(*t), cmp_test);
	*n = total;
	return t;
}

void parse_finish(struct dataset *ds)
{
	size_t nt, k = 0;
	struct test *t = all_tests(ds, &nt);

	for (size_t i = 0; i < ds->nboots; i++) {
		struct boot *b = ds->boots[i];
		size_t first = k;

		if (!b->meta.nf)
			problems_add_boot(ds, b, LACKS_META);
		if (!b->more->totals.nf)
			problems_add_boot(ds, b, LACKS_TOTALS);
		while (k < nt && t[k].boot == i)
			k++;
		check_plan(ds, b, t + first, k - first);
	}
	free(t);
	for (size_t i = 0; i < ds->nruns; i++) {
		struct run *r = &ds->runs[i];

		if (!r->kernel)
			r->kernel = store_get(&r->boot->meta, RK_KERNEL_RELEASE);
		if (!r->tag)
			r->tag = store_get(&r->boot->meta, RK_TAG);
	}
}
