/*
 * Fuzz target: the plots' inputs (report/out/plot.c, ioplot.c,
 * report/util/svg.c). The input's lines are runs, "workload<TAB>backend
 * <TAB>elapsed_s<TAB>sector" (any bytes in the names: the record escapes
 * them and the reader gives them back), put in one boot's records with an
 * account of one request at that sector; every picture plot_each and
 * ioplot_each make is drawn into memory. Properties: no crash, no leak;
 * each picture ends and stays under 1 MB; it is UTF-8 with no control
 * character but newlines, and its text holds no raw '<' or '&' that does
 * not begin a tag or an entity (an XML reader takes it).
 */
#include "lib/record.h"
#include "report/out/ioplot.h"
#include "report/out/plot.h"
#include "report/source/iorec.h"
#include "report/source/parse.h"
#include "fuzz.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUNS_MAX 12
#define PIC_MAX (1 << 20)

static void draw(const struct plot_pic *pic, void *ctx)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)ctx;
	if (!pic->draw)
		return;
	f = open_memstream(&buf, &len);
	if (!f)
		abort();
	pic->draw(f, pic->arg);
	fclose(f);
	require(len < PIC_MAX, "a picture under 1 MB");
	require(fuzz_utf8((const unsigned char *)buf, len, 0), "a picture is UTF-8 without control characters");
	for (size_t i = 0; i < len; i++)
		if (buf[i] == '&')
			require(strspn(buf + i + 1, "abcdefghijklmnopqrstuvwxyz#0123456789") > 0 &&
				buf[i + 1 + strspn(buf + i + 1, "abcdefghijklmnopqrstuvwxyz#0123456789")] == ';',
				"a '&' begins an entity");
		else if (buf[i] == '<')
			require(buf[i + 1] == '/' || buf[i + 1] == '?' || (buf[i + 1] >= 'a' && buf[i + 1] <= 'z'),
				"a '<' begins a tag");
	free(buf);
}

static size_t put(char *text, size_t len, struct rec_buf *b)
{
	if (rec_end(b) < 0)
		return len;
	memcpy(text + len, b->s, b->len);
	return len + b->len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char in[8192], text[RUNS_MAX * 3 * REC_LINE_MAX];
	struct rec_buf b;
	struct dataset ds = { 0 };
	size_t n = size < sizeof(in) - 1 ? size : sizeof(in) - 1, len = 0;
	unsigned long num = 0;
	char *line, *save = NULL;

	if (memchr(data, 0, n))
		return 0;
	memcpy(in, data, n);
	in[n] = 0;
	rec_begin_diag(&b, "meta");
	rec_add(&b, "boot", "f0");
	rec_add(&b, "disk", "hdd");
	len = put(text, len, &b);
	for (line = strtok_r(in, "\n", &save); line && num < RUNS_MAX; line = strtok_r(NULL, "\n", &save)) {
		char *f[4] = { line, "", "1", "0" };

		for (int k = 1; k < 4; k++) {
			char *tab = strchr(f[k - 1], '\t');

			if (!tab)
				break;
			*tab = 0;
			f[k] = tab + 1;
		}
		num++;
		rec_begin_diag(&b, "io");
		rec_addf(&b, "test", "%lu", num);
		rec_add(&b, "part", "1");
		rec_add(&b, "parts", "1");
		rec_add(&b, "total", "1");
		rec_add(&b, "kept", "1");
		rec_add(&b, "stride", "1");
		rec_add(&b, "dropped", "0");
		rec_addf(&b, "reqs", "1000:2000:%.30s:8:R:1", f[3]);
		len = put(text, len, &b);
		rec_begin_result(&b, 1, num, "fuzz");
		rec_add(&b, "boot", "f0");
		rec_add(&b, "workload", f[0]);
		rec_add(&b, "backend", f[1]);
		rec_addf(&b, "iter", "%lu", num);
		rec_add(&b, "status", "ok");
		rec_add(&b, "elapsed_s", f[2]);
		len = put(text, len, &b);
	}
	parse_text(&ds, "fuzz", text, len);
	parse_finish(&ds);
	io_attach(&ds);
	plot_each(&ds, "elapsed_s", BY_BACKEND, draw, NULL);
	ioplot_each(&ds, draw, NULL);
	parse_free(&ds);
	return 0;
}
