/*
 * Fuzz target: the record codec (lib/record.c) and the report tool's log
 * reader (report/parse.c). The first input byte picks a mode; the rest is a
 * serial log. With bit 0 set every line gets a correct checksum first, so
 * the fuzzer gets past the CRC into the field syntax and the report's
 * checks. Properties: no crash, no leak; a good record survives a round
 * trip through the encoder unchanged; the reader keeps no run it did not
 * see as a good result line.
 */
#include "../../lib/crc32.h"
#include "../../lib/record.h"
#include "../../report/parse.h"
#include "fuzz.h"

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
		run_value(&ds.runs[i], "elapsed_s", &v);
	}
	for (size_t i = 0; i < ds.nprobs; i++)
		require(ds.probs[i].where && ds.probs[i].what, "problems say where and what");
	parse_print_problems(&ds, devnull);
	parse_free(&ds);
	return 0;
}
