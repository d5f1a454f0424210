/* memory: the Memory section of a report: each kernel's MemTotal and MemAvailable, and whether they match. */
#include "report/out/memory.h"
#include "report/util/table.h"
#include "report/util/util.h"
#include "lib/reckeys.h"
#include "report/source/store.h"
#include "report/util/dest.h"

#include <stdlib.h>
#include <string.h>

struct kmem {
	const char *kernel, *tag;
	unsigned long total, avail;	/* kB, the smallest over the kernel's boots */
};

static unsigned long kb(const struct record *meta, const char *key)
{
	const char *v = store_get(meta, key);

	return v ? strtoul(v, NULL, 10) : 0;
}

static const char *or_none(const char *s)
{
	return s && *s ? s : "-";
}

/* what the user called the kernel: its tag (make compare's name), else its release */
static const char *name(const struct kmem *m)
{
	return strcmp(m->tag, "-") ? m->tag : m->kernel;
}

/* Per kernel (release and tag), the smallest MemTotal and MemAvailable. */
static size_t collect(const struct dataset *ds, struct kmem *m, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < ds->nboots; i++) {
		const struct record *meta = &ds->boots[i]->meta;
		const char *k = or_none(store_get(meta, RK_KERNEL_RELEASE));
		const char *t = or_none(store_get(meta, RK_TAG));
		unsigned long total = kb(meta, "memtotal_kb"), avail = kb(meta, "memavailable_kb");
		size_t j;

		if (!meta->nf || !total)
			continue;
		for (j = 0; j < n && (strcmp(m[j].kernel, k) || strcmp(m[j].tag, t)); j++)
			;
		if (j == n) {
			if (n == max)
				continue;
			m[n++] = (struct kmem){ k, t, total, avail };
		}
		if (total < m[j].total)
			m[j].total = total;
		if (avail && (!m[j].avail || avail < m[j].avail))
			m[j].avail = avail;
	}
	return n;
}

int memory_section(const struct dest *d, const struct dataset *ds)
{
	FILE *out = d->f;
	char example[96];
	static const char *const head[] = { "kernel", "tag", "MemTotal kB", "MemAvailable kB" };
	struct kmem m[16];
	size_t n = collect(ds, m, sizeof(m) / sizeof(m[0])), lo = 0, hi = 0;
	struct table t;
	double diff;

	if (n < 2)
		return 0;
	if (d->kind == DEST_MD)
		fputc('\n', out);
	dest_heading(d, 2, "Memory");
	table_init(&t, 2, head, 4);
	for (size_t i = 0; i < n; i++) {
		table_add(&t, "%s", d->text(m[i].kernel));
		table_add(&t, "%s", d->text(m[i].tag));
		table_add(&t, "%lu", m[i].total);
		table_add(&t, "%lu", m[i].avail);
		if (m[i].total < m[lo].total)
			lo = i;
		if (m[i].total > m[hi].total)
			hi = i;
	}
	dest_table(d, &t);
	table_free(&t);
	diff = 100.0 * (double)(m[hi].total - m[lo].total) / (double)m[lo].total;
	if (diff <= 2) {
		fprintf(out, "%s%sMemTotal is within 2 %% across the kernels (%.1f %%).%s",
			d->kind == DEST_MD ? "\n" : "", d->para[0], diff, d->kind == DEST_MD ? "\n" : d->para[1]);
		return 0;
	}
	snprintf(example, sizeof(example), "KERNELS=\"default debian:6.12:mem=<MEM x 1024 - %lu>K\"",
		 m[hi].total - m[lo].total);
	fprintf(out, "%s%s%sWarning: the kernels' memory differs by %.1f %%%s (MemTotal %lu kB with %s "
		"against %lu kB with %s): the comparison measures the memory as well as the kernels. ",
		d->kind == DEST_MD ? "\n" : "", d->para[0], d->strong[0], diff, d->strong[1], m[hi].total,
		d->text(name(&m[hi])), m[lo].total, d->text(name(&m[lo])));
	fprintf(out, "Equalise it by giving %s %lu kB less with %s: %s "
		"takes it after that kernel's name in %s, as in %s (docs/kernels.md, Comparable memory).%s",
		d->text(name(&m[hi])), m[hi].total - m[lo].total, d->code("mem="), d->code("make compare"),
		d->code("KERNELS="), d->code(example), d->kind == DEST_MD ? "\n" : d->para[1]);
	return 1;
}
