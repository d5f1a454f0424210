#include "parse.h"
#include "util.h"
#include "../lib/record.h"
#include "../lib/resdisk.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const status_names[ST_COUNT] = {
	[ST_OK] = "ok", [ST_OOM] = "oom", [ST_TIMEOUT] = "timeout",
	[ST_ERROR] = "error", [ST_KILLED] = "killed",
};

/* Result fields that must hold a number when present. */
static const char *const numeric_keys[] = {
	"iter", "elapsed_s", "user_s", "sys_s", "minflt", "majflt", "pswpin", "pswpout",
	"pgmajfault", "pgscan", "pgsteal", "allocstall", "oom_kill", "psi_some_us",
	"psi_full_us", "swap_peak_kb",
};

const char *run_status_name(enum run_status s)
{
	return s < ST_COUNT ? status_names[s] : "?";
}

const char *record_get(const struct record *r, const char *key)
{
	for (size_t i = r->nf; i-- > 0;)
		if (!strcmp(r->f[i].key, key))
			return r->f[i].val;
	return NULL;
}

int run_value(const struct run *r, const char *key, double *v)
{
	return util_number(record_get(&r->rec, key), v);
}

static void problem(struct dataset *ds, const char *source, unsigned long line,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void problem(struct dataset *ds, const char *source, unsigned long line,
		    const char *fmt, ...)
{
	struct problem *p;
	va_list ap;

	grow(&ds->probs, &ds->probs_cap, ds->nprobs, sizeof(*ds->probs));
	p = &ds->probs[ds->nprobs++];
	p->where = line ? xasprintf("%s:%lu", source, line) : xstrdup(source);
	va_start(ap, fmt);
	if (vasprintf(&p->what, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
}

static void keep_record(struct record *out, const struct rec *r, const char *source,
			unsigned long line)
{
	out->source = source;
	out->line = line;
	out->kind = NULL;
	out->nf = (size_t)r->nfields;
	out->f = xcalloc(out->nf, sizeof(*out->f));
	for (size_t i = 0; i < out->nf; i++) {
		out->f[i].key = xstrdup(r->f[i].key);
		out->f[i].val = xstrdup(r->f[i].val);
	}
}

static void free_record(struct record *r)
{
	for (size_t i = 0; i < r->nf; i++) {
		free(r->f[i].key);
		free(r->f[i].val);
	}
	free(r->f);
	r->f = NULL;
	r->nf = 0;
}

static struct boot *find_boot(struct dataset *ds, const char *id, const char *source)
{
	struct boot *b;

	for (size_t i = 0; i < ds->nboots; i++)
		if (!strcmp(ds->boots[i]->id, id))
			return ds->boots[i];
	if (!source)
		return NULL;
	b = xcalloc(1, sizeof(*b));
	b->id = xstrdup(id);
	b->source = source;
	grow(&ds->boots, &ds->boots_cap, ds->nboots, sizeof(*ds->boots));
	ds->boots[ds->nboots++] = b;
	return b;
}

static int status_of(const char *name)
{
	for (int i = 0; i < ST_COUNT; i++)
		if (!strcmp(status_names[i], name))
			return i;
	return -1;
}

/* Checks a good result record; returns a reason to reject it or NULL. */
static const char *result_fault(const struct rec *r, int *status)
{
	static char why[96];
	static const char *const required[] = { "boot", "workload", "backend", "status" };
	double v;

	for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++)
		if (!rec_get(r, required[i]) || !*rec_get(r, required[i])) {
			snprintf(why, sizeof(why), "result record without %s=", required[i]);
			return why;
		}
	*status = status_of(rec_get(r, "status"));
	if (*status < 0)
		return "result record with unknown status=";
	if (r->ok != (*status == ST_OK))
		return "result record: ok/not ok disagrees with status=";
	for (size_t i = 0; i < sizeof(numeric_keys) / sizeof(numeric_keys[0]); i++) {
		const char *s = rec_get(r, numeric_keys[i]);

		if (s && !util_number(s, &v)) {
			snprintf(why, sizeof(why), "result record: %s=%.32s is not a number",
				 numeric_keys[i], s);
			return why;
		}
	}
	return NULL;
}

static void add_result(struct dataset *ds, const struct rec *r, const char *source,
		       unsigned long line)
{
	int status = 0;
	const char *why = result_fault(r, &status);
	const char *boot = rec_get(r, "boot");
	struct run *run;

	if (why) {
		problem(ds, source, line, "%s (not used)", why);
		return;
	}
	for (size_t i = 0; i < ds->nruns; i++) {
		const struct run *o = &ds->runs[i];

		if (o->num == r->num && !strcmp(o->boot->id, boot)) {
			problem(ds, source, line,
				"duplicate record: boot %s test %lu already seen at %s:%lu (not used)",
				boot, r->num, o->rec.source, o->rec.line);
			return;
		}
	}
	grow(&ds->runs, &ds->runs_cap, ds->nruns, sizeof(*ds->runs));
	run = &ds->runs[ds->nruns];
	memset(run, 0, sizeof(*run));
	keep_record(&run->rec, r, source, line);
	run->boot = find_boot(ds, boot, source);
	run->boot->nruns++;
	run->seq = ds->nruns++;
	run->num = r->num;
	run->status = (enum run_status)status;
	run->workload = record_get(&run->rec, "workload");
	run->backend = record_get(&run->rec, "backend");
	run->status_name = record_get(&run->rec, "status");
	run->kernel = record_get(&run->rec, "kernel");
	run->tag = record_get(&run->rec, "tag");
}

/* Returns the boot the record belongs to, for the KTAP plan line after meta. */
static struct boot *add_diag(struct dataset *ds, const struct rec *r, const char *source,
			     unsigned long line)
{
	static const char *const kinds[] = { "meta", "swap", "totals", "error", "warning" };
	const char *id = rec_get(r, "boot");
	struct boot *b;
	struct record *slot;
	int kind = -1;

	for (int i = 0; i < 5; i++)
		if (!strcmp(r->id, kinds[i]))
			kind = i;
	if (kind < 0)
		return NULL;	/* warmup, sample and later kinds carry no results */
	if (!id || !*id) {
		problem(ds, source, line, "%s record without boot= (not used)", r->id);
		return NULL;
	}
	b = find_boot(ds, id, source);
	if (kind >= 3) {
		const char *msg = rec_get(r, "msg");

		grow(&b->notes, &b->notes_cap, b->nnotes, sizeof(*b->notes));
		keep_record(&b->notes[b->nnotes], r, source, line);
		b->notes[b->nnotes++].kind = kinds[kind];
		if (kind == 3)
			problem(ds, source, line, "boot %s: init reported an error: %s", id,
				msg ? msg : "(no message)");
		return b;
	}
	if (kind == 1) {
		grow(&b->swaps, &b->swaps_cap, b->nswaps, sizeof(*b->swaps));
		keep_record(&b->swaps[b->nswaps++], r, source, line);
		return b;
	}
	slot = kind == 0 ? &b->meta : &b->totals;
	if (slot->nf) {
		problem(ds, source, line,
			"duplicate record: %s of boot %s already seen at %s:%lu (not used)",
			r->id, id, slot->source, slot->line);
		return b;
	}
	keep_record(slot, r, source, line);
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
 * Console noise may share a line with a record, before or after it. The
 * checksum tells whether an intact record is inside: look for one, and
 * say where it starts (*at), so a damaged record before it is not missed.
 */
static enum rec_status salvage(const char *s, size_t n, struct rec *r, size_t *at)
{
	for (size_t i = record_start(s, n); i < n; i += 1 + record_start(s + i + 1, n - i - 1))
		for (size_t j = i + 3; j + 13 <= n; j++)
			if (crc_at(s, n, j) && rec_parse(s + i, j + 13 - i, r) == REC_GOOD) {
				*at = i;
				return REC_GOOD;
			}
	return REC_NOT_RECORD;
}

void parse_text(struct dataset *ds, const char *path, const char *text, size_t len)
{
	struct rec *r = xmalloc(sizeof(*r));
	struct boot *cur = NULL;
	unsigned long lineno = 0;
	const char *source;
	struct source *src;

	grow(&ds->src, &ds->src_cap, ds->nsrc, sizeof(*ds->src));
	src = &ds->src[ds->nsrc++];
	memset(src, 0, sizeof(*src));
	src->path = xstrdup(path);
	source = src->path;
	for (size_t off = 0; off < len;) {
		const char *s = text + off, *nl = memchr(s, '\n', len - off);
		size_t n = nl ? (size_t)(nl - s) : len - off;
		unsigned long plan;
		enum rec_status st;

		off += n + (nl != NULL);
		lineno++;
		while (n && (s[n - 1] == '\r' || s[n - 1] == '\n'))
			n--;
		st = rec_parse(s, n, r);
		if (st == REC_NOT_RECORD && plan_line(s, n, &plan)) {
			if (cur)
				cur->plan = plan;
			continue;
		}
		if (st == REC_NOT_RECORD || st == REC_BAD_CRC || st == REC_NO_CRC) {
			int tail = n >= 13 && crc_at(s, n, n - 13);

			size_t at;

			if (salvage(s, n, r, &at) == REC_GOOD) {
				st = REC_GOOD;
				if (record_start(s, at) < at)
					problem(ds, source, lineno, "damaged record: a cut record precedes an "
						"intact one on this line (the cut one not used)");
			} else if (st == REC_NOT_RECORD && !tail)
				continue;
			else if (st == REC_NOT_RECORD) {
				problem(ds, source, lineno, "damaged record: checksum at the end but "
					"no valid record start (not used)");
				continue;
			}
		}
		switch (st) {
		case REC_GOOD:
			src->nrecords++;
			if (r->type == REC_RESULT) {
				add_result(ds, r, source, lineno);
			} else {
				struct boot *b = add_diag(ds, r, source, lineno);

				if (b && !strcmp(r->id, "meta"))
					cur = b;
			}
			break;
		case REC_BAD_CRC:
			problem(ds, source, lineno, "damaged record: checksum mismatch (not used)");
			break;
		case REC_NO_CRC:
			problem(ds, source, lineno,
				"truncated record: no checksum%s (not used)",
				nl ? "" : ", last line of the source cut short");
			break;
		case REC_MALFORMED:
			problem(ds, source, lineno, "malformed record (not used)");
			break;
		case REC_NOT_RECORD:
			break;
		}
	}
	if (!src->nrecords)
		problem(ds, source, 0, "no swapbench records found");
	free(r);
}

/* Reads from fd until EOF or, with stop_at_nul, the first NUL byte. */
static char *read_fd(int fd, const char *path, int stop_at_nul, size_t *len)
{
	size_t cap = 1 << 16, n = 0;
	char *buf = xmalloc(cap);

	for (;;) {
		if (n == cap)
			buf = xrealloc(buf, cap *= 2);
		ssize_t got = read(fd, buf + n, cap - n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			die("%s: read: %s", path, strerror(errno));
		if (!got)
			break;
		if (stop_at_nul) {
			char *z = memchr(buf + n, 0, (size_t)got);

			if (z) {
				n = (size_t)(z - buf);
				break;
			}
		}
		n += (size_t)got;
	}
	*len = n;
	return buf;
}

static ssize_t read_full(int fd, char *buf, size_t want)
{
	size_t n = 0;

	while (n < want) {
		ssize_t got = read(fd, buf + n, want - n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (!got)
			break;
		n += (size_t)got;
	}
	return (ssize_t)n;
}

/* 1 if path starts with a results-disk header (label copied), else 0. */
static int is_results_disk(const char *path, char label[RESDISK_LABEL_MAX + 1])
{
	char hdr[RESDISK_HDR_SIZE];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read_full(fd, hdr, sizeof(hdr));
	close(fd);
	return n == (ssize_t)sizeof(hdr) && !resdisk_check_header(hdr, sizeof(hdr), label);
}

static void parse_file(struct dataset *ds, const char *path)
{
	char hdr[RESDISK_HDR_SIZE], label[RESDISK_LABEL_MAX + 1];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;
	size_t len;
	char *text;

	if (fd < 0)
		die("%s: %s", path, strerror(errno));
	n = read_full(fd, hdr, sizeof(hdr));
	if (n < 0)
		die("%s: read: %s", path, strerror(errno));
	if (n == (ssize_t)sizeof(hdr) && !resdisk_check_header(hdr, sizeof(hdr), label)) {
		text = read_fd(fd, path, 1, &len);
		parse_text(ds, path, text, len);
		ds->src[ds->nsrc - 1].label = xstrdup(label);
	} else {
		char *rest = read_fd(fd, path, 0, &len);

		text = xmalloc((size_t)n + len);
		memcpy(text, hdr, (size_t)n);
		memcpy(text + n, rest, len);
		free(rest);
		parse_text(ds, path, text, (size_t)n + len);
	}
	free(text);
	close(fd);
}

void parse_source(struct dataset *ds, const char *path)
{
	char label[RESDISK_LABEL_MAX + 1];
	struct stat st;

	if (stat(path, &st) < 0)
		die("%s: %s", path, strerror(errno));
	if (!S_ISDIR(st.st_mode)) {
		parse_file(ds, path);
		return;
	}
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	char *disk = xasprintf("%.*s/results.disk", (int)n, path);
	char *log = xasprintf("%.*s/serial.log", (int)n, path);

	if (is_results_disk(disk, label)) {
		parse_file(ds, disk);
	} else if (access(log, F_OK) == 0) {
		if (access(disk, F_OK) == 0)
			warn("%s: no results-disk header, using %s", disk, log);
		parse_file(ds, log);
	} else {
		die("%s: directory holds neither a results.disk nor a serial.log", path);
	}
	free(disk);
	free(log);
}

static int cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return (x > y) - (x < y);
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

static void check_plan(struct dataset *ds, struct boot *b)
{
	double planned;
	unsigned long plan = b->plan, *nums, next = 1;
	size_t n = 0;
	char missing[256] = "";

	if (util_number(record_get(&b->totals, "planned"), &planned) && planned >= 0 &&
	    planned < (double)ULONG_MAX)	/* beyond that the cast is undefined */
		plan = (unsigned long)planned;
	if (!plan)
		return;
	nums = xcalloc(b->nruns, sizeof(*nums));
	for (size_t i = 0; i < ds->nruns; i++)
		if (ds->runs[i].boot == b)
			nums[n++] = ds->runs[i].num;
	qsort(nums, n, sizeof(*nums), cmp_ulong);
	for (size_t i = 0; i < n; i++) {
		if (nums[i] > plan) {
			problem(ds, b->source, 0, "boot %s: test %lu outside the plan 1..%lu",
				b->id, nums[i], plan);
			continue;
		}
		if (nums[i] > next)
			list_range(missing, sizeof(missing), next, nums[i] - 1);
		next = nums[i] + 1;
	}
	if (next <= plan)
		list_range(missing, sizeof(missing), next, plan);
	if (*missing)
		problem(ds, b->source, 0, "boot %s: no result for test %s of the plan 1..%lu",
			b->id, missing, plan);
	free(nums);
}

void parse_finish(struct dataset *ds)
{
	for (size_t i = 0; i < ds->nboots; i++) {
		struct boot *b = ds->boots[i];

		if (!b->meta.nf)
			problem(ds, b->source, 0, "boot %s: no meta record (kernel, memory unknown)",
				b->id);
		if (!b->totals.nf)
			problem(ds, b->source, 0, "boot %s: no totals record (log cut short?)", b->id);
		check_plan(ds, b);
	}
	for (size_t i = 0; i < ds->nruns; i++) {
		struct run *r = &ds->runs[i];

		if (!r->kernel)
			r->kernel = record_get(&r->boot->meta, "kernel_release");
		if (!r->tag)
			r->tag = record_get(&r->boot->meta, "tag");
	}
}

void parse_print_problems(const struct dataset *ds, FILE *out)
{
	fflush(stdout);
	for (size_t i = 0; i < ds->nprobs; i++)
		fprintf(out, "%s: %s\n", ds->probs[i].where, ds->probs[i].what);
}

void parse_free(struct dataset *ds)
{
	for (size_t i = 0; i < ds->nruns; i++) {
		free_record(&ds->runs[i].rec);
		free(ds->runs[i].flag);
	}
	for (size_t i = 0; i < ds->nboots; i++) {
		struct boot *b = ds->boots[i];

		free_record(&b->meta);
		free_record(&b->totals);
		for (size_t k = 0; k < b->nswaps; k++)
			free_record(&b->swaps[k]);
		free(b->swaps);
		for (size_t k = 0; k < b->nnotes; k++)
			free_record(&b->notes[k]);
		free(b->notes);
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
	free(ds->src);
	free(ds->boots);
	free(ds->runs);
	free(ds->probs);
	memset(ds, 0, sizeof(*ds));
}
