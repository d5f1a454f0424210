/*
 * kcidb: the runs as KernelCI database (KCIDB) I/O data, schema v5.3.
 * One checkout per kernel release, one build per kernel variant (release
 * and tag), one test per run that passed the checks, and one test per
 * backend comparison carrying its verdict. A run's status maps to KCIDB's:
 * ok is DONE (a measurement, no verdict on the code), oom and timeout are
 * FAIL (the kernel did not get the work done in its memory or time), error
 * and killed are ERROR. Ids are "swapbench:..." and unique per boot and
 * test number, so a resubmission updates rather than duplicates.
 */
#include "report/out/kcidb.h"
#include "report/stats/compare.h"
#include "report/util/util.h"
#include "report/out/verdict.h"
#include "lib/reckeys.h"
#include "report/source/store.h"
#include "report/stats/compare_match.h"
#include "report/out/compare_print.h"
#include "report/util/escape.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ORIGIN "swapbench"
#define EXCERPT_MAX 16384	/* the schema's maxLength of log_excerpt */

/* A JSON string: UTF-8 as UTF-8, a byte that is not UTF-8 as U+FFFD (esc_json) */
static void jstr(FILE *out, const char *s)
{
	fputc('"', out);
	esc_json(out, s, strlen(s));
	fputc('"', out);
}

static void jkey(FILE *out, const char *k, int *first)
{
	fputs(*first ? "" : ",", out);
	*first = 0;
	jstr(out, k);
	fputc(':', out);
}

static void jkv(FILE *out, const char *k, const char *v, int *first)
{
	if (!v)
		return;
	jkey(out, k, first);
	jstr(out, v);
}

/* A finite number in JSON's syntax (a NaN or infinity is left out). */
static void jnum(FILE *out, const char *k, double v, int *first)
{
	if (!isfinite(v))
		return;
	jkey(out, k, first);
	fprintf(out, "%.9g", v);
}

/* A path segment of KCIDB's [a-zA-Z0-9_-]+: "zswap+file" becomes "zswap_file". */
static char *path_part(const char *s)
{
	char *p = xstrdup(*s ? s : "_");

	for (char *c = p; *c; c++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", *c))
			*c = '_';
	return p;
}

static const char *build_id(const struct variant *v, char *buf, size_t n)
{
	snprintf(buf, n, ORIGIN ":%s%s%s", v->kernel, strcmp(v->tag, "(none)") ? "+" : "",
		 strcmp(v->tag, "(none)") ? v->tag : "");
	return buf;
}

static const char *test_status(enum run_status s)
{
	return s == ST_OK ? "DONE" : s == ST_OOM || s == ST_TIMEOUT ? "FAIL" : "ERROR";
}

/* Every field of a record, as its line would say it (values unquoted). */
static void record_text(FILE *out, const struct record *r)
{
	for (size_t i = 0; i < r->nf; i++)
		fprintf(out, "%s%s=%s", i ? " " : "", store_key(r, i), store_val(r, i));
}

static void put_excerpt(FILE *out, const struct run *r, int *first)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		die("kcidb: out of memory");
	fprintf(m, "%s %lu %s-%s-%s ", r->status == ST_OK ? "ok" : "not ok", r->num, r->workload,
		r->backend, store_get(&r->rec, RK_ITER) ? store_get(&r->rec, RK_ITER) : "?");
	record_text(m, &r->rec);
	if (r->flag)
		fprintf(m, "\n# flagged: %s", r->flag);
	fclose(m);
	if (len > EXCERPT_MAX - 64)
		text[EXCERPT_MAX - 64] = 0;
	jkv(out, "log_excerpt", text, first);
	free(text);
}

static void put_environment(FILE *out, const struct boot *b, int *first)
{
	static const char *const keys[] = { "arch", "memtotal_kb", "memavailable_kb", "cpus",
					    "clocksource", "clock_step_ns", "kernel_version", "cmdline" };
	const struct record *m = &b->meta;
	const char *arch = store_get(m, RK_ARCH), *mem = store_get(m, RK_MEMTOTAL_KB);
	const char *cs = store_get(m, RK_CLOCKSOURCE);
	char comment[200];
	int f = 1;

	snprintf(comment, sizeof(comment), "boot %s: %s, MemTotal %s kB, clocksource %s, from %s", b->id,
		 arch ? arch : "?", mem ? mem : "?", cs ? cs : "?", b->source);
	jkey(out, "environment", first);
	fputc('{', out);
	jkv(out, "comment", comment, &f);
	jkey(out, "misc", &f);
	fputc('{', out);
	int g = 1;

	jkv(out, "boot", b->id, &g);
	jkv(out, "source", b->source, &g);
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		jkv(out, keys[i], store_get(m, keys[i]), &g);
	fputs("}}", out);
}

static void put_run(FILE *out, const struct run *r, const struct variant *v, const char *metric,
		    int *first_test)
{
	char bid[300], id[300];
	double val;
	int f = 1;
	char *wl = path_part(r->workload), *bk = path_part(r->backend);

	fputs(*first_test ? "\n  " : ",\n  ", out);
	*first_test = 0;
	fputc('{', out);
	snprintf(id, sizeof(id), ORIGIN ":%s.%lu", r->boot->id, r->num);
	jkv(out, "id", id, &f);
	jkv(out, "build_id", build_id(v, bid, sizeof(bid)), &f);
	jkv(out, "origin", ORIGIN, &f);
	{
		char *path = xasprintf(ORIGIN ".%s.%s", wl, bk);

		jkv(out, "path", path, &f);
		free(path);
	}
	jkv(out, "status", test_status(r->status), &f);
	if (r->flag)
		jkv(out, "comment", r->flag, &f);
	if (r->status == ST_OK && store_run_value(r, metric, &val)) {
		int g = 1;

		jkey(out, "number", &f);
		fputc('{', out);
		jnum(out, "value", val, &g);
		if (*util_unit(metric))
			jkv(out, "unit", util_unit(metric), &g);
		fputc('}', out);
	}
	if (store_run_value(r, RK_ELAPSED_S, &val))
		jnum(out, "duration", val, &f);
	put_environment(out, r->boot, &f);
	put_excerpt(out, r, &f);
	jkey(out, "misc", &f);
	fputc('{', out);
	int g = 1;

	for (size_t i = 0; i < r->rec.nf; i++)
		jkv(out, store_key(&r->rec, i), store_val(&r->rec, i), &g);
	{
		char *where = xasprintf("%s:%lu", r->rec.source, r->rec.line);

		jkv(out, "source_line", where, &g);
		free(where);
	}
	fputs("}}", out);
	free(wl);
	free(bk);
}

/* The comparison of partition (A) and file (B) on one variant, as a test of its build. */
static void put_verdict(FILE *out, const struct comparison *c, const struct variant *v,
			const char *metric, int *first_test)
{
	char bid[300], *sentence = NULL, *wl = path_part(c->workload);
	size_t len = 0;
	FILE *m = open_memstream(&sentence, &len);
	int f = 1;

	struct dest text;

	if (!m)
		die("kcidb: out of memory");
	text = dest_term(m);
	verdict_sentence(&text, c, metric, "the partition", "the swapfile");
	fclose(m);
	while (len && sentence[len - 1] == '\n')
		sentence[--len] = 0;
	fputs(*first_test ? "\n  " : ",\n  ", out);
	*first_test = 0;
	fputc('{', out);
	{
		char *id = xasprintf(ORIGIN ":compare.%s.%s.partition-file", build_id(v, bid, sizeof(bid)) +
				     strlen(ORIGIN ":"), c->workload);
		char *path = xasprintf(ORIGIN ".%s.compare", wl);

		jkv(out, "id", id, &f);
		jkv(out, "build_id", build_id(v, bid, sizeof(bid)), &f);
		jkv(out, "origin", ORIGIN, &f);
		jkv(out, "path", path, &f);
		free(id);
		free(path);
	}
	/* a comparison is a measurement: DONE, or MISS when the runs allow none */
	jkv(out, "status", c->est.have ? "DONE" : "MISS", &f);
	jkv(out, "comment", sentence, &f);
	if (c->est.have) {
		int g = 1;

		jkey(out, "number", &f);
		fputc('{', out);
		jnum(out, "value", c->est.rel, &g);
		jkv(out, "unit", "%", &g);
		fputc('}', out);
	}
	jkey(out, "misc", &f);
	fputc('{', out);
	int g = 1;

	jkv(out, "verdict", compare_verdict_name(c->verdict, metric), &g);
	jkv(out, "metric", metric, &g);
	jkv(out, "a", "partition", &g);
	jkv(out, "b", "file", &g);
	jkv(out, "analysis", compare_unit_name(c->est.unit), &g);
	jnum(out, "n_a", (double)c->sa.n, &g);
	jnum(out, "n_b", (double)c->sb.n, &g);
	if (c->est.unit == UNIT_PAIRS)
		jnum(out, "pairs", (double)c->est.na, &g);
	if (c->est.have) {
		jnum(out, "rel_pct", c->est.rel, &g);
		jnum(out, "rel_ci_lo_pct", c->est.rel_lo, &g);
		jnum(out, "rel_ci_hi_pct", c->est.rel_hi, &g);
		jnum(out, "ci_level", c->est.level, &g);
		jnum(out, "df", c->est.r.df, &g);
		jnum(out, "p", c->est.p, &g);
	}
	fputs("}}", out);
	free(sentence);
	free(wl);
}

static const struct variant *variant_of(const struct run *r, const struct variant *v, size_t nv)
{
	for (size_t i = 0; i < nv; i++)
		if (group_in_variant(r, &v[i]))
			return &v[i];
	return NULL;
}

/* The boots of one variant: the first boot's meta record describes the build. */
static const struct boot *first_boot(const struct dataset *ds, const struct variant *v)
{
	for (size_t i = 0; i < ds->nruns; i++)
		if (group_in_variant(&ds->runs[i], v))
			return ds->runs[i].boot;
	return NULL;
}

void kcidb_write(FILE *out, const struct dataset *ds, const char *metric)
{
	struct variant *v;
	struct cells *cells;
	struct comparison *cmp;
	size_t nv, ncells, ncmp;
	int first = 1;

	nv = group_variants(ds, &v);
	fputs("{\"version\":{\"major\":5,\"minor\":3},\n\"checkouts\":[", out);
	for (size_t i = 0; i < nv; i++) {
		size_t k;

		for (k = 0; k < i && strcmp(v[k].kernel, v[i].kernel); k++)
			;
		if (k < i)
			continue;
		int f = 1;
		char *id = xasprintf(ORIGIN ":%s", v[i].kernel);
		char *comment = xasprintf("Linux %s", v[i].kernel);

		fputs(first ? "\n  {" : ",\n  {", out);
		first = 0;
		jkv(out, "id", id, &f);
		jkv(out, "origin", ORIGIN, &f);
		jkv(out, "comment", comment, &f);
		fputc('}', out);
		free(id);
		free(comment);
	}
	fputs("],\n\"builds\":[", out);
	for (size_t i = 0; i < nv; i++) {
		const struct boot *b = first_boot(ds, &v[i]);
		const char *arch = b ? store_get(&b->meta, RK_ARCH) : NULL;
		char bid[300], *cid = xasprintf(ORIGIN ":%s", v[i].kernel);
		int f = 1;

		fputs(i ? ",\n  {" : "\n  {", out);
		jkv(out, "id", build_id(&v[i], bid, sizeof(bid)), &f);
		jkv(out, "checkout_id", cid, &f);
		jkv(out, "origin", ORIGIN, &f);
		jkv(out, "comment", v[i].label, &f);
		if (arch) {
			char *a = path_part(arch);

			for (char *c = a; *c; c++)
				if (*c == '-')
					*c = '_';
			jkv(out, "architecture", a, &f);
			free(a);
		}
		if (strcmp(v[i].tag, "(none)"))
			jkv(out, "config_name", v[i].tag, &f);
		/* it booted and ran: the kernel was built */
		jkv(out, "status", "PASS", &f);
		fputc('}', out);
		free(cid);
	}
	fputs("],\n\"tests\":[", out);
	first = 1;
	for (size_t i = 0; i < ds->nruns; i++) {
		const struct variant *rv = variant_of(&ds->runs[i], v, nv);

		if (rv)
			put_run(out, &ds->runs[i], rv, metric, &first);
	}
	ncmp = compare_backends(ds, metric, &cells, &ncells, &cmp);
	for (size_t i = 0; i < ncmp; i++) {
		const struct run *r = cmp[i].a && cmp[i].a->nruns ? cmp[i].a->runs[0] : NULL;
		const struct variant *rv = r ? variant_of(r, v, nv) : NULL;

		if (rv)
			put_verdict(out, &cmp[i], rv, metric, &first);
	}
	fputs("]}\n", out);
	compare_free(cells, ncells, cmp, ncmp);
	group_free_variants(v, nv);
}
