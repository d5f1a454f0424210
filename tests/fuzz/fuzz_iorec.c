/*
 * Fuzz target: the io account parser (report/source/iorec.c). The input is
 * an io record's reqs= value, its entries "t_us:dur_us:sector:sectors:op:depth"
 * separated by ';'. Each ';'-separated piece is read alone by
 * io_parse_entry from a heap copy of its exact size (so that ASan sees a
 * read past it), and the whole goes, as one record of a boot with its
 * result, through parse_text and io_attach. Properties: no crash, no leak;
 * an entry taken is within its bounds (sectors ending by 2^48, times within
 * 10^12 us, op R, W or F, depth 1 or more, no sectors only for a flush) and
 * reads back the same once written canonically; an account attached holds
 * kept entries, each of them taken by io_parse_entry too.
 */
#include "lib/record.h"
#include "report/source/iorec.h"
#include "report/source/parse.h"
#include "fuzz.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_entry(const char *s, size_t n)
{
	char *copy = malloc(n ? n : 1), back[128];
	struct io_req q, q2;
	int len;

	if (!copy)
		abort();
	memcpy(copy, s, n);
	if (io_parse_entry(copy, n, &q) == 0) {
		require(q.sector <= IO_SECTOR_END && q.sectors <= IO_SECTOR_END - q.sector,
			"an entry's sectors end by LBA48's last");
		require(q.t_us <= IO_US_MAX && q.dur_us <= IO_US_MAX, "an entry's times within 10^12 us");
		require(q.op == 'R' || q.op == 'W' || q.op == 'F', "op R, W or F");
		require(q.depth >= 1 && (q.sectors || q.op == 'F'), "depth 1 or more; no sectors: a flush");
		len = snprintf(back, sizeof(back), "%" PRIu64 ":%" PRIu64 ":%" PRIu64 ":%" PRIu32 ":%c:%" PRIu32,
			       q.t_us, q.dur_us, q.sector, q.sectors, q.op, q.depth);
		require(io_parse_entry(back, (size_t)len, &q2) == 0 && q.t_us == q2.t_us && q.dur_us == q2.dur_us &&
			q.sector == q2.sector && q.sectors == q2.sectors && q.op == q2.op && q.depth == q2.depth,
			"an entry written canonically reads back the same");
	}
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char reqs[REC_LINE_MAX], text[4 * REC_LINE_MAX];
	struct rec_buf b;
	struct dataset ds = { 0 };
	size_t n = size < sizeof(reqs) - 1 ? size : sizeof(reqs) - 1, len = 0, entries = 1;

	for (size_t off = 0; off <= n;) {
		const char *semi = memchr(data + off, ';', n - off);
		size_t l = semi ? (size_t)(semi - ((const char *)data + off)) : n - off;

		check_entry((const char *)data + off, l);
		off += l + 1;
	}
	if (memchr(data, 0, n))
		return 0;	/* a record's value ends at a NUL */
	memcpy(reqs, data, n);
	reqs[n] = 0;
	for (size_t i = 0; i < n; i++)
		entries += reqs[i] == ';';
	rec_begin_diag(&b, "meta");
	rec_add(&b, "boot", "f0");
	rec_add(&b, "disk", "hdd");
	rec_end(&b);
	memcpy(text + len, b.s, b.len);
	len += b.len;
	rec_begin_diag(&b, "io");
	rec_add(&b, "test", "1");
	rec_add(&b, "part", "1");
	rec_add(&b, "parts", "1");
	rec_addf(&b, "total", "%zu", entries);
	rec_addf(&b, "kept", "%zu", entries);
	rec_add(&b, "stride", "1");
	rec_add(&b, "dropped", "0");
	rec_add(&b, "reqs", reqs);
	if (rec_end(&b) < 0)
		return 0;
	memcpy(text + len, b.s, b.len);
	len += b.len;
	rec_begin_result(&b, 1, 1, "lines-file-1");
	rec_add(&b, "boot", "f0");
	rec_add(&b, "workload", "lines");
	rec_add(&b, "backend", "file");
	rec_add(&b, "status", "ok");
	rec_add(&b, "elapsed_s", "3.5");
	rec_end(&b);
	memcpy(text + len, b.s, b.len);
	len += b.len;
	parse_text(&ds, "fuzz", text, len);
	parse_finish(&ds);
	io_attach(&ds);
	for (size_t i = 0; i < ds.nruns; i++) {
		const struct io_account *a = ds.runs[i].io;

		if (!a)
			continue;
		require(a->n == a->kept && a->n <= IO_KEPT_MAX && a->n <= IO_PART_MAX,
			"an account holds kept entries, at most 80 a record");
		for (size_t k = 0; k < a->n; k++)
			require(a->req[k].sector <= IO_SECTOR_END && a->req[k].t_us <= IO_US_MAX,
				"an attached entry within its bounds");
	}
	parse_free(&ds);
	return 0;
}
