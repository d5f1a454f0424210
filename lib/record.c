#include "record.h"
#include "bytes.h"
#include "crc32.h"

#include <stdio.h>
#include <limits.h>
#include <string.h>

static void put(struct rec_buf *b, const char *s, size_t n)
{
	/* keep room for " crc=xxxxxxxx\n" */
	if (b->overflow || b->len + n + 15 > sizeof(b->s)) {
		b->overflow = 1;
		return;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = 0;
}

static void puts_(struct rec_buf *b, const char *s)
{
	put(b, s, strlen(s));
}

/*
 * Written as is in a value. '#' is not: kunit.py reads a result line's name
 * as [^#]* and what follows " # " as a directive (SKIP, TODO), so a '#'
 * anywhere makes the line unreadable to it or mislabelled.
 */
static int is_plain(unsigned char c)
{
	return c > ' ' && c < 0x7f && c != '"' && c != '\\' && c != '#';
}

/* [A-Za-z0-9_.-] as a 128-bit set: the decoder tests every key byte. */
static int key_char(unsigned char c)
{
	static const unsigned long long set[2] = { 0x3ff600000000000ULL, 0x7fffffe87fffffeULL };

	return c < 128 && (set[c >> 6] >> (c & 63)) & 1;
}

int rec_key_ok(const char *k)
{
	if (!*k)
		return 0;
	for (; *k; k++)
		if (!key_char((unsigned char)*k))
			return 0;
	return 1;
}

void rec_begin_result(struct rec_buf *b, int ok, unsigned long num, const char *id)
{
	char head[48];

	b->len = 0;
	b->overflow = 0;
	b->nfields = 0;
	snprintf(head, sizeof(head), "%s %lu ", ok ? "ok" : "not ok", num);
	puts_(b, head);
	for (const char *p = id; *p; p++)
		put(b, is_plain((unsigned char)*p) ? p : "_", 1);
}

void rec_begin_diag(struct rec_buf *b, const char *kind)
{
	b->len = 0;
	b->overflow = !rec_key_ok(kind);
	b->nfields = 0;
	puts_(b, REC_DIAG_PREFIX);
	puts_(b, kind);
}

void rec_add(struct rec_buf *b, const char *key, const char *val)
{
	int quote = !*val;

	if (!rec_key_ok(key) || b->nfields++ == REC_FIELDS_MAX) {
		b->overflow = 1;
		return;
	}
	for (const char *p = val; *p && !quote; p++)
		quote = !is_plain((unsigned char)*p);
	put(b, " ", 1);
	puts_(b, key);
	put(b, "=", 1);
	if (!quote) {
		puts_(b, val);
		return;
	}
	put(b, "\"", 1);
	for (const unsigned char *p = (const unsigned char *)val; *p; p++) {
		char esc[5];

		if (*p == '"' || *p == '\\') {
			esc[0] = '\\';
			esc[1] = (char)*p;
			put(b, esc, 2);
		} else if (*p < ' ' || *p >= 0x7f || *p == '#') {
			snprintf(esc, sizeof(esc), "\\x%02x", *p);
			put(b, esc, 4);
		} else {
			put(b, (const char *)p, 1);
		}
	}
	put(b, "\"", 1);
}

/* Bytes still free for fields once the checksum has its room (put's rule). */
static size_t room(const struct rec_buf *b)
{
	return b->overflow || b->len + 15 > sizeof(b->s) ? 0 : sizeof(b->s) - 15 - b->len;
}

size_t rec_add_cut(struct rec_buf *b, const char *key, const char *val, size_t keep)
{
	static char head[REC_LINE_MAX];
	size_t len = strlen(val), lo = 0, hi, at = b->len;
	int nf = b->nfields;

	if (b->overflow || !rec_key_ok(key) || nf >= REC_FIELDS_MAX) {
		rec_add(b, key, val);	/* refused whatever its length: rec_end fails */
		return 0;
	}
	rec_add(b, key, val);
	if (!b->overflow && room(b) >= keep)
		return 0;
	/* the longest head whose encoding fits: encodings grow with the head */
	hi = len < sizeof(head) ? len : sizeof(head) - 1;
	while (lo < hi) {
		size_t mid = (lo + hi + 1) / 2;

		b->len = at;
		b->nfields = nf;
		b->overflow = 0;
		memcpy(head, val, mid);
		head[mid] = 0;
		rec_add(b, key, head);
		if (!b->overflow && room(b) >= keep)
			lo = mid;
		else
			hi = mid - 1;
	}
	b->len = at;
	b->nfields = nf;
	b->overflow = 0;
	memcpy(head, val, lo);
	head[lo] = 0;
	rec_add(b, key, head);
	return len - lo;
}

static __attribute__((format(printf, 3, 0))) void rec_addv(struct rec_buf *b, const char *key, const char *fmt, va_list ap)
{
	char val[REC_LINE_MAX];
	int n = vsnprintf(val, sizeof(val), fmt, ap);

	if (n < 0 || (size_t)n >= sizeof(val))
		b->overflow = 1;
	else
		rec_add(b, key, val);
}

void rec_addf(struct rec_buf *b, const char *key, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rec_addv(b, key, fmt, ap);
	va_end(ap);
}

int rec_end(struct rec_buf *b)
{
	if (b->overflow)
		return -1;
	b->len += (size_t)snprintf(b->s + b->len, sizeof(b->s) - b->len, " crc=%08x\n",
				   (unsigned)crc32_update(0, b->s, b->len));
	return (int)b->len;
}

/* Decodes one value at *pp into *out; returns 0, or -1 on bad syntax. */
static int take_value(const char **pp, const char *end, char **out)
{
	const char *p = *pp;
	char *o = *out;

	if (p < end && *p == '"') {
		for (p++;; p++) {
			if (p >= end)
				return -1;
			if (*p == '"')
				break;
			if (!*p)
				return -1;	/* a NUL in a value: no encoder writes one, and C strings end there */
			if (*p != '\\') {
				*o++ = *p;
				continue;
			}
			if (++p >= end)
				return -1;
			if (*p == 'x') {
				if (end - p < 3 || hexval(p[1]) < 0 || hexval(p[2]) < 0)
					return -1;
				*o++ = (char)(hexval(p[1]) * 16 + hexval(p[2]));
				if (!o[-1])
					return -1;
				p += 2;
			} else if (*p == '"' || *p == '\\') {
				*o++ = *p;
			} else {
				return -1;
			}
		}
		p++;
	} else {
		/* the common case, a plain value: one scan, one copy */
		const char *sp = memchr(p, ' ', (size_t)(end - p));
		size_t n = (size_t)((sp ? sp : end) - p);

		if (memchr(p, 0, n))
			return -1;
		memcpy(o, p, n);
		o += n;
		p += n;
	}
	if (p < end && *p != ' ')
		return -1;
	*o++ = 0;
	*pp = p;
	*out = o;
	return 0;
}

static enum rec_status parse_fields(const char *p, const char *end, struct rec *r, char *o)
{
	r->nfields = 0;
	while (p < end) {
		if (*p == ' ') {
			p++;
			continue;
		}
		const char *k = p;

		while (p < end && key_char((unsigned char)*p))
			p++;
		if (p == k || p >= end || *p != '=' || r->nfields == REC_FIELDS_MAX)
			return REC_MALFORMED;
		struct rec_field *f = &r->f[r->nfields++];

		memcpy(o, k, (size_t)(p - k));
		f->key = o;
		f->klen = (unsigned short)(p - k);
		o += p - k;
		*o++ = 0;
		p++;
		f->val = o;
		if (take_value(&p, end, &o) < 0)
			return REC_MALFORMED;
		f->vlen = (unsigned short)(o - 1 - f->val);
	}
	return REC_GOOD;
}

static size_t word(const char *p, const char *end)
{
	size_t n = 0;

	while (p + n < end && p[n] != ' ')
		n++;
	return n;
}

enum rec_status rec_parse(const char *line, size_t len, struct rec *r)
{
	const char *end = line + len, *p, *crc = NULL;
	char *o = r->store;
	size_t n;

	while (len && (line[len - 1] == '\r' || line[len - 1] == '\n' || line[len - 1] == ' '))
		end = line + --len;
	if (len >= 7 && !memcmp(line, "not ok ", 7)) {
		r->type = REC_RESULT;
		r->ok = 0;
		p = line + 7;
	} else if (len >= 3 && !memcmp(line, "ok ", 3)) {
		r->type = REC_RESULT;
		r->ok = 1;
		p = line + 3;
	} else if (len >= 5 && !memcmp(line, REC_DIAG_PREFIX, 5)) {
		r->type = REC_DIAG;
		p = line + 5;
	} else {
		return REC_NOT_RECORD;
	}
	if (len > REC_LINE_MAX)
		return REC_MALFORMED;
	if (len >= 13 && !memcmp(end - 13, " crc=", 5))
		crc = end - 13;	/* the checksum is the last field or missing */
	if (!crc)
		return REC_NO_CRC;
	unsigned want = 0;

	for (int i = 5; i < 13; i++) {
		int h = hexval(crc[i]);

		if (h < 0)
			return REC_NO_CRC;
		want = want * 16 + (unsigned)h;
	}
	if (crc32_update(0, line, (size_t)(crc - line)) != want)
		return REC_BAD_CRC;
	end = crc;
	if (r->type == REC_RESULT) {
		r->num = 0;
		if (p >= end || *p < '0' || *p > '9')
			return REC_MALFORMED;
		while (p < end && *p >= '0' && *p <= '9') {
			unsigned long d = (unsigned long)(*p++ - '0');

			if (r->num > (ULONG_MAX - d) / 10)
				return REC_MALFORMED;	/* past any test number: it would wrap */
			r->num = r->num * 10 + d;
		}
		if (p >= end || *p++ != ' ')
			return REC_MALFORMED;
	}
	n = word(p, end);
	if (!n)
		return REC_MALFORMED;
	memcpy(o, p, n);
	o[n] = 0;
	r->id = o;
	o += n + 1;
	return parse_fields(p + n, end, r, o);
}

const char *rec_get(const struct rec *r, const char *key)
{
	for (int i = r->nfields - 1; i >= 0; i--)
		if (!strcmp(r->f[i].key, key))
			return r->f[i].val;
	return NULL;
}

const char *rec_status_name(enum rec_status s)
{
	static const char *const names[] = {
		[REC_NOT_RECORD] = "not a record", [REC_GOOD] = "good",
		[REC_BAD_CRC] = "checksum mismatch (damaged)",
		[REC_NO_CRC] = "no checksum (truncated)", [REC_MALFORMED] = "malformed",
	};
	return names[s];
}
