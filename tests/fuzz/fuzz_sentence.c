/*
 * Fuzz target: the report's sentence builders and the escaping rule of
 * each destination (report/util/escape.c, report/out/verdict.c, report/util/table.c).
 * The input is NUL-separated names: a workload, a group, side A, side B,
 * an analysis, then table cells. Properties: no crash, no leak; for a
 * terminal no control character but the line's end reaches the output,
 * and it is valid UTF-8; in markdown no tag, entity or link begins from
 * the names and a table row has as many cells as its header; in HTML no
 * < > " ' from the names; a JSON string is valid UTF-8 without a raw
 * control character or an unescaped quote.
 */
#include "report/stats/compare.h"
#include "report/util/escape.h"
#include "report/util/table.h"
#include "report/out/verdict.h"
#include "report/util/dest.h"
#include "report/out/html.h"
#include "fuzz.h"

#include <math.h>
#include <stdint.h>

#define TEXT_MAX 16384

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int no_controls(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] < 0x20 && s[i] != '\n') || s[i] == 0x7f)
			return 0;
	return 1;
}

/* every character of set in s has a backslash before it */
static int escaped_all(const char *s, const char *set)
{
	for (const char *p = s; (p = strpbrk(p, set)); p++)
		if (p == s || p[-1] != '\\')
			return 0;
	return 1;
}

/* the sentence for a destination, into a string the caller frees */
static char *sentence(const struct comparison *c, const char *a, const char *b, struct dest (*to)(FILE *),
		      size_t *len)
{
	char *out = NULL;
	FILE *f = open_memstream(&out, len);
	struct dest d;

	require(f, "memory");
	d = to(f);
	verdict_sentence(&d, c, "elapsed_s", a, b);
	require(!fclose(f), "memory");
	return out;
}

/* pipes that end a markdown table's cell: not after a backslash that is itself unescaped */
static size_t cell_ends(const char *s)
{
	size_t n = 0;

	for (const char *p = s; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		n += *p == '|';
	}
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char text[TEXT_MAX + 2];
	const char *part[8] = { "", "", "", "", "", "", "", "" };
	struct comparison c;
	char *s, *row = NULL;
	size_t n = 0, len;

	if (size > TEXT_MAX)
		return 0;
	memcpy(text, data, size);
	text[size] = text[size + 1] = 0;
	for (size_t i = 0, at = 0; i <= size && n < 8; i++)
		if (!text[i]) {
			part[n++] = text + at;
			at = i + 1;
		}
	memset(&c, 0, sizeof(c));
	c.workload = part[0];
	c.group = *part[1] ? part[1] : NULL;
	snprintf(c.why, sizeof(c.why), "%s", part[4]);
	c.est.have = size % 3 != 0;
	c.verdict = size % 3 == 1 ? V_HIGHER : V_NONE;
	c.est.level = 0.95;
	c.est.rel = 5;
	c.fail_verdict = (int)(size % 2);
	c.fail_p = 0.01;

	s = sentence(&c, part[2], part[3], dest_term, &len);
	require(no_controls(s, len) && fuzz_utf8((unsigned char *)s, len, 1), "terminal: no control character, UTF-8");
	require(len && s[len - 1] == '.' && !memchr(s, '\n', len), "terminal: one line, ending with its stop");
	free(s);
	s = sentence(&c, part[2], part[3], html_dest, &len);
	require(!strpbrk(s, "<>\"") && no_controls(s, len) && fuzz_utf8((unsigned char *)s, len, 1),
		"HTML: no tag or attribute can begin from a name");
	free(s);
	s = sentence(&c, part[2], part[3], dest_md, &len);
	require(no_controls(s, len) && fuzz_utf8((unsigned char *)s, len, 1), "markdown: no control character, UTF-8");
	require(!strpbrk(s, "<>") && escaped_all(s, "[]") && !strstr(s, "&#"),
		"markdown: no tag, entity or link from a name");
	free(s);
	{
		const char *h = esc_html_str(part[0]);

		require(!strpbrk(h, "<>\"'") && no_controls(h, strlen(h)) && fuzz_utf8((const unsigned char *)h, strlen(h), 1),
			"HTML: no tag or attribute can begin");
	}
	{
		char *j = NULL;
		FILE *f = open_memstream(&j, &len);

		require(f, "memory");
		esc_json(f, part[0], strlen(part[0]));
		require(!fclose(f), "memory");
		require(fuzz_utf8((unsigned char *)j, len, 1) && no_controls(j, len) && !strchr(j, '\n'),
			"JSON: UTF-8, no raw control character");
		for (size_t i = 0; i < len; i++)
			if (j[i] == '"')
				require(i && j[i - 1] == '\\', "JSON: every quote escaped");
		free(j);
	}
	{
		/* a markdown table of the remaining names: every row as wide as its header */
		static const char *const head[] = { "workload", "group", "note" };
		struct table t;
		FILE *f = open_memstream(&row, &len);
		size_t want = 0;

		require(f, "memory");
		table_init(&t, 2, head, 3);
		for (int k = 0; k < 3; k++)
			table_add(&t, "%s", esc_md_str(part[5 + k], 0));
		for (int k = 0; k < 3; k++)
			table_add(&t, "`%s`", esc_md_str(part[5 + k], 1));
		table_print(&t, f, 1);
		table_free(&t);
		require(!fclose(f), "memory");
		for (char *l = row, *e; *l; l = e + 1) {
			e = strchr(l, '\n');
			require(e, "rows end with a newline");
			*e = 0;
			if (!want)
				want = cell_ends(l);
			else if (l[2] != '-')
				require(cell_ends(l) == want || strchr(l, '`'), "markdown: a row has its header's cells");
		}
		free(row);
	}
	return 0;
}
