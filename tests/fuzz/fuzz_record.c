/*
 * Fuzz target: the record codec (lib/record.c) and the report tool's log
 * reader (report/source/parse.c). The first input byte picks a mode; the rest is a
 * serial log. With bit 0 set every line gets a correct checksum first, so
 * the fuzzer gets past the CRC into the field syntax and the report's
 * checks. With bit 1 set the rest is instead key and value lines for the
 * encoder (bit 2: a diagnostic line), and what it writes must decode as it
 * was given. Properties: no crash, no leak; a good record survives a round
 * trip through the encoder unchanged; the reader keeps no run it did not
 * see as a good result line.
 */
#include "lib/crc32.h"
#include "lib/record.h"
#include "report/source/parse.h"
#include "report/source/problems.h"
#include "fuzz.h"
#include "report/source/store.h"
#include "report/util/dest.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_MAX (64 * 1024)

static int plain_id(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s <= ' ' || (unsigned char)*s >= 0x7f || *s == '"' || *s == '\\' || *s == '#')
			return 0;
	return 1;
}

/* Re-encodes a good record; it must parse back to the same fields. */
static void round_trip(const struct rec *r)
{
	static struct rec back;
	static struct rec_buf b;

	if (r->type == REC_RESULT)
		rec_begin_result(&b, r->ok, r->num, r->id);
	else
		rec_begin_diag(&b, r->id);
	for (int i = 0; i < r->nfields; i++)
		rec_add(&b, r->f[i].key, r->f[i].val);
	if (rec_end(&b) < 0)
		return;		/* escaping made it longer than a record may be */
	require(rec_parse(b.s, b.len, &back) == REC_GOOD, "re-encoded record parses as good");
	require(back.type == r->type && back.nfields == r->nfields, "round trip keeps type and fields");
	require(r->type != REC_RESULT || (back.ok == r->ok && back.num == r->num &&
					  (!plain_id(r->id) || !strcmp(back.id, r->id))),
		"round trip keeps ok, number and id");
	require(r->type != REC_DIAG || !strcmp(back.id, r->id), "round trip keeps the kind");
	for (int i = 0; i < r->nfields; i++)
		require(!strcmp(back.f[i].key, r->f[i].key) && !strcmp(back.f[i].val, r->f[i].val),
			"round trip keeps every key and value");
}

static void check_line(const char *s, size_t n)
{
	static struct rec r;
	enum rec_status st = rec_parse(s, n, &r);

	require(st <= REC_MALFORMED, "a known status");
	if (st != REC_GOOD)
		return;
	require(r.nfields >= 0 && r.nfields <= REC_FIELDS_MAX, "at most REC_FIELDS_MAX fields");
	if (memchr(s, 0, n))
		return;		/* a NUL byte ends the C strings early: nothing more to compare */
	require(r.id[0], "good record has an id");
	for (int i = 0; i < r.nfields; i++)
		require(r.f[i].key[0], "keys are not empty");
	round_trip(&r);
}

static int key_ok(const char *k)
{
	if (!*k)
		return 0;
	for (; *k; k++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-", *k))
			return 0;
	return 1;
}

/* Bytes rec_add writes for one field, worked out independently of it. */
static size_t field_len(const char *k, const char *v)
{
	size_t plain = strlen(v), quoted = 2;
	int quote = !*v;

	for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
		int esc4 = *p < ' ' || *p >= 0x7f || *p == '#';

		quote |= esc4 || *p == ' ' || *p == '"' || *p == '\\';
		quoted += esc4 ? 4 : *p == '"' || *p == '\\' ? 2 : 1;
	}
	return 2 + strlen(k) + (quote ? quoted : plain);
}

/*
 * Encode, then decode: the input's lines are key, value, key, value...
 * What the encoder accepts must read back the same, with no '#' in a result
 * line; what it refuses must be a bad key, a field past REC_FIELDS_MAX or
 * a record past REC_LINE_MAX.
 */
static void encode_decode(const char *text, size_t len, int diag)
{
	static char copy[TEXT_MAX + 1];
	static const char *kv[2 * (REC_FIELDS_MAX + 8)];
	static struct rec_buf b;
	static struct rec back;
	size_t n = 0, need;
	int bad = 0, got;

	if (memchr(text, 0, len))
		return;
	memcpy(copy, text, len);
	copy[len] = 0;
	for (char *p = copy; p && n < sizeof(kv) / sizeof(kv[0]);) {
		kv[n++] = p;
		if ((p = strchr(p, '\n')))
			*p++ = 0;
	}
	n &= ~(size_t)1;
	if (diag)
		rec_begin_diag(&b, "fuzz");
	else
		rec_begin_result(&b, 1, 1, "fuzz-1");
	need = b.len + 14;
	for (size_t i = 0; i < n; i += 2) {
		rec_add(&b, kv[i], kv[i + 1]);
		bad |= !key_ok(kv[i]) || i / 2 >= REC_FIELDS_MAX;
		need += field_len(kv[i], kv[i + 1]);
	}
	got = rec_end(&b);
	if (got < 0) {
		require(bad || need > REC_LINE_MAX - 1,
			"a refused record has a bad key, too many fields or too many bytes");
		return;
	}
	require(!bad && need <= REC_LINE_MAX - 1 && (size_t)got == need,
		"an accepted record is what was asked");
	require(diag || !memchr(b.s, '#', b.len), "a result line holds no '#'");
	require(rec_parse(b.s, b.len, &back) == REC_GOOD, "an accepted record decodes as good");
	require(back.nfields == (int)n / 2, "every field decodes");
	for (size_t i = 0; i < n; i += 2)
		require(!strcmp(back.f[i / 2].key, kv[i]) && !strcmp(back.f[i / 2].val, kv[i + 1]),
			"every key and value decodes as encoded");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char sealed[TEXT_MAX * 15];	/* 13 more bytes a line */
	static FILE *devnull;
	struct dataset ds;
	unsigned long lines = 0;
	const char *text;
	size_t len;

	if (size < 1 || size > TEXT_MAX)
		return 0;
	if (!devnull)
		require((devnull = fopen("/dev/null", "w")), "open /dev/null");
	text = (const char *)data + 1;
	len = size - 1;
	if (data[0] & 2) {
		encode_decode(text, len, data[0] & 4);
		return 0;
	}
	if (data[0] & 1) {
		len = fuzz_seal(text, len, sealed);
		text = sealed;
	}
	for (size_t off = 0; off < len;) {
		const char *s = text + off, *nl = memchr(s, '\n', len - off);
		size_t n = nl ? (size_t)(nl - s) : len - off;

		check_line(s, n);
		lines++;
		off += n + (nl != NULL);
	}

	memset(&ds, 0, sizeof(ds));
	parse_text(&ds, "fuzz", text, len);
	parse_finish(&ds);
	/* every line is at most one run; embedded records count too, so bound by lines */
	require(ds.nruns <= lines && ds.nsrc == 1, "at most one run a line");
	for (size_t i = 0; i < ds.nruns; i++) {
		double v;

		require(ds.runs[i].workload && ds.runs[i].backend && ds.runs[i].boot,
			"a kept run has workload, backend and boot");
		store_run_value(&ds.runs[i], "elapsed_s", &v);
	}
	for (size_t i = 0; i < ds.nprobs; i++) {
		char *where = problems_where(&ds.probs[i]), *what = problems_what(&ds.probs[i]);

		require(*where && *what, "problems say where and what");
		free(where);
		free(what);
	}
	{
		struct dest d = dest_term(devnull);

		problems_print(&d, &ds);
	}
	parse_free(&ds);
	return 0;
}
