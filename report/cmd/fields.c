/*
 * fields KIND KEYS SOURCE...: chosen fields of chosen records, for the
 * scripts, through the one codec (lib/record.c, read by source/parse.c):
 * checksums checked, quoting undone. One line per good record of KIND,
 * its values in the order of KEYS, tab-separated; a damaged record of any
 * kind is named on stderr and never printed. --where KEY=VALUE,... keeps
 * the records that hold each of those values, decoded (a key absent from
 * a record never matches).
 */
#include "report/cmd/fields.h"
#include "report/cmd/cmd.h"
#include "report/source/parse.h"
#include "report/source/source.h"
#include "report/util/util.h"
#include "lib/reckinds.h"
#include "lib/record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEYS_MAX 64

struct query {
	int result;			/* KIND is result: the KTAP run lines */
	const char *kind;
	const char *keys[KEYS_MAX];
	size_t nkeys;			/* 0: every field as KEY=VALUE */
	const char *wkeys[KEYS_MAX], *wvals[KEYS_MAX];	/* --where */
	size_t nwhere;
	int follow;			/* standard input: each line printed at once */
	unsigned long damaged;
	char *line;
	size_t len, cap;
};

static void put(struct query *q, const char *s, size_t n)
{
	if (q->len + n + 1 > q->cap) {
		q->cap = (q->len + n + 1) * 2;
		q->line = xrealloc(q->line, q->cap);
	}
	memcpy(q->line + q->len, s, n);
	q->len += n;
}

/* A value on one line: \ \t \n \r written as two characters each. */
static void put_value(struct query *q, const char *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *esc = v[i] == '\\' ? "\\\\" : v[i] == '\t' ? "\\t" :
				  v[i] == '\n' ? "\\n" : v[i] == '\r' ? "\\r" : NULL;

		if (esc)
			put(q, esc, 2);
		else
			put(q, v + i, 1);
	}
}

static int wanted(const struct query *q, const struct rec *r)
{
	if (q->result ? r->type != REC_RESULT : r->type != REC_DIAG || strcmp(r->id, q->kind))
		return 0;
	for (size_t w = 0; w < q->nwhere; w++) {
		const char *v = rec_get(r, q->wkeys[w]);

		if (!v || strcmp(v, q->wvals[w]))
			return 0;
	}
	return 1;
}

static void each(void *arg, const struct rec *r, const char *source, unsigned long line,
		 enum rec_status st)
{
	struct query *q = arg;

	if (st != REC_GOOD) {
		fprintf(stderr, "swapbench-report: %s:%lu: a record not used: %s\n", source, line,
			rec_status_name(st));
		q->damaged++;
		return;
	}
	if (!wanted(q, r))
		return;
	q->len = 0;
	if (!q->nkeys) {
		for (int i = 0; i < r->nfields; i++) {
			if (i)
				put(q, "\t", 1);
			put(q, r->f[i].key, r->f[i].klen);
			put(q, "=", 1);
			put_value(q, r->f[i].val, r->f[i].vlen);
		}
	}
	for (size_t k = 0; k < q->nkeys; k++) {
		const char *v = rec_get(r, q->keys[k]);

		if (k)
			put(q, "\t", 1);
		if (v)
			put_value(q, v, strlen(v));
	}
	put(q, "\n", 1);
	fwrite(q->line, 1, q->len, stdout);
	if (q->follow)
		fflush(stdout);
}

static void parse_keys(struct query *q, char *list)
{
	if (!strcmp(list, "*"))
		return;
	for (char *k = strtok(list, ","); k; k = strtok(NULL, ",")) {
		if (!rec_key_ok(k))
			cmd_usage_error("fields: '%s' is not a record key ([A-Za-z0-9_.-])", k);
		if (q->nkeys == KEYS_MAX)
			cmd_usage_error("fields: more than %d keys", KEYS_MAX);
		q->keys[q->nkeys++] = k;
	}
	if (!q->nkeys)
		cmd_usage_error("fields: no KEY given (KEY,KEY... or '*')");
}

static void parse_where(struct query *q, char *list)
{
	for (char *kv = strtok(list, ","); kv; kv = strtok(NULL, ",")) {
		char *eq = strchr(kv, '=');

		if (eq)
			*eq = 0;
		if (!eq || !rec_key_ok(kv))
			cmd_usage_error("fields: --where '%s%s': KEY=VALUE,... wanted", kv, eq ? "=" : "");
		if (q->nwhere == KEYS_MAX)
			cmd_usage_error("fields: --where: more than %d conditions", KEYS_MAX);
		q->wkeys[q->nwhere] = kv;
		q->wvals[q->nwhere++] = eq + 1;
	}
	if (!q->nwhere)
		cmd_usage_error("fields: --where: no KEY=VALUE given");
}

static void check_kind(struct query *q, const char *kind)
{
	char known[400] = "result";
	size_t n = strlen(known);

	q->kind = kind;
	q->result = !strcmp(kind, "result");
	if (q->result || rec_kind_of(kind) >= 0)
		return;
	for (int k = 0; k < RKIND_COUNT && n < sizeof(known); k++)
		n += (size_t)snprintf(known + n, sizeof(known) - n, ", %s", rec_kind_word((enum rec_kind)k));
	cmd_usage_error("fields: no record kind '%s' (the kinds: %s)", kind, known);
}

/* Standard input, line by line as it comes: a boot's console while it runs. */
static void read_stdin(struct dataset *ds)
{
	struct parser p;
	char *s = NULL;
	size_t cap = 0;
	ssize_t n;

	parse_begin(&p, ds, "-");
	while ((n = getline(&s, &cap, stdin)) > 0)
		parse_line(&p, s, (size_t)n, s[n - 1] != '\n');
	free(s);
	parse_end(&p);
}

int cmd_fields(const struct opts *o, int argc, char **argv)
{
	struct query q = { 0 };
	struct dataset ds = { 0 };
	char *where = NULL;

	if (argc < 3)
		cmd_usage_error("fields: KIND KEYS SOURCE... wanted (SOURCE - reads standard input)");
	check_kind(&q, argv[0]);
	parse_keys(&q, argv[1]);
	if (o->where)
		parse_where(&q, where = xstrdup(o->where));
	ds.each_record = each;
	ds.each_arg = &q;
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "-")) {
			q.follow = 1;
			read_stdin(&ds);
		} else {
			source_read(&ds, argv[i]);
		}
	}
	free(q.line);
	free(where);
	parse_free(&ds);
	return q.damaged ? EXIT_PROBLEMS : EXIT_CLEAN;
}
