/* escape: text from elsewhere made safe for a terminal, a log, markdown, HTML and JSON (escape.h). */
#include "report/util/escape.h"

#include <string.h>

/* Length of the valid UTF-8 sequence at s (1..4), or 0 when it is not one. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1fu;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0fu;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07u;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3fu);
	}
	/* overlong forms, surrogates, past U+10FFFF; the C1 controls are escaped
	 * too, and U+FFFE and U+FFFF, which XML (an SVG) refuses */
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp <= 0x9f) || cp == 0xfffe || cp == 0xffff)
		return 0;
	return len;
}

/* Calls put(piece, len, ctx) for each piece of s: text as is, or an escape. */
static void walk(const char *s, size_t n, void (*put)(const char *, size_t, void *), void *ctx)
{
	const unsigned char *u = (const unsigned char *)s;

	for (size_t i = 0; i < n;) {
		size_t l = u[i] < 0x20 || u[i] == 0x7f ? 0 : utf8_len(u + i, n - i);

		if (l) {
			put(s + i, l, ctx);
			i += l;
		} else {
			static const char hex[] = "0123456789abcdef";
			char e[4] = { '\\', 'x', hex[u[i] >> 4], hex[u[i] & 15] };

			put(e, 4, ctx);
			i++;
		}
	}
}

size_t esc_cut(const char *s, size_t max)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s), at = 0;

	while (at < n) {
		size_t l = utf8_len(u + at, n - at);

		if (at + (l ? l : 1) > max)
			break;
		at += l ? l : 1;
	}
	return at;
}

struct sink {
	char *out;
	size_t size, len;
	int full;
};

static void to_buf(const char *p, size_t l, void *ctx)
{
	struct sink *k = ctx;

	if (k->full || k->len + l >= k->size) {
		k->full = 1;
		return;
	}
	memcpy(k->out + k->len, p, l);
	k->len += l;
}

size_t esc_text(char *out, size_t size, const char *s, size_t n)
{
	struct sink k = { out, size, 0, 0 };

	if (!size)
		return 0;
	walk(s, n, to_buf, &k);
	out[k.len] = 0;
	return k.len;
}

struct md_sink {
	FILE *f;		/* or into buf */
	struct sink buf;
	int code;
};

static void md_put(struct md_sink *k, const char *p, size_t l)
{
	if (k->f)
		fwrite(p, 1, l, k->f);
	else
		to_buf(p, l, &k->buf);
}

static void to_md(const char *p, size_t l, void *ctx)
{
	struct md_sink *k = ctx;

	if (l == 1 && k->code && *p == '`')
		md_put(k, "\\x60", 4);
	else if (l == 1 && !k->code && *p && strchr("\\[]", *p))
		md_put(k, *p == '\\' ? "\\\\" : *p == '[' ? "\\[" : "\\]", 2);	/* no link, no escape */
	else if (l == 1 && !k->code && *p && strchr("&<>", *p))
		md_put(k, *p == '&' ? "&amp;" : *p == '<' ? "&lt;" : "&gt;", *p == '&' ? 5 : 4);
	else
		md_put(k, p, l);
}

static void to_html(const char *p, size_t l, void *ctx)
{
	static const char set[] = "&<>\"'", *const ent[] = { "&amp;", "&lt;", "&gt;", "&quot;", "&#39;" };
	const char *at = l == 1 && *p ? strchr(set, *p) : NULL;

	if (at)
		md_put(ctx, ent[at - set], strlen(ent[at - set]));
	else
		md_put(ctx, p, l);
}

void esc_html(FILE *f, const char *s)
{
	struct md_sink k = { .f = f };

	walk(s, strlen(s), to_html, &k);
}

void esc_json(FILE *f, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;

	for (size_t i = 0; i < n;) {
		size_t l = u[i] < 0x80 ? 1 : utf8_len(u + i, n - i);

		if (u[i] == '"' || u[i] == '\\') {
			fprintf(f, "\\%c", u[i]);
		} else if (u[i] == '\n' || u[i] == '\t') {
			fputs(u[i] == '\n' ? "\\n" : "\\t", f);
		} else if (u[i] < 0x20 || u[i] == 0x7f) {
			fprintf(f, "\\u%04x", u[i]);
		} else if (l) {
			fwrite(u + i, 1, l, f);
			i += l;
			continue;
		} else if (u[i] == 0xc2 && i + 1 < n && u[i + 1] >= 0x80 && u[i + 1] <= 0x9f) {
			/* a C1 control (valid UTF-8 that utf8_len holds back) */
			fprintf(f, "\\u%04x", u[i + 1]);
			i += 2;
			continue;
		} else {
			fputs("\xef\xbf\xbd", f);	/* U+FFFD for a byte that is not UTF-8 */
		}
		i++;
	}
}

static char ring[ESC_RING][16384];
static unsigned ring_at;

const char *esc_md_str(const char *s, int code)
{
	char *out = ring[ring_at++ % ESC_RING];
	struct md_sink k = { .buf = { out, sizeof(ring[0]), 0, 0 }, .code = code };

	walk(s, strlen(s), to_md, &k);
	out[k.buf.len] = 0;
	return out;
}

const char *esc_html_str(const char *s)
{
	char *out = ring[ring_at++ % ESC_RING];
	struct md_sink k = { .buf = { out, sizeof(ring[0]), 0, 0 } };

	walk(s, strlen(s), to_html, &k);
	out[k.buf.len] = 0;
	return out;
}

const char *esc_str(const char *s)
{
	char *out = ring[ring_at++ % ESC_RING];

	esc_text(out, sizeof(ring[0]), s, strlen(s));
	return out;
}
