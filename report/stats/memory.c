/* memory: each kernel's MemTotal and MemAvailable, and whether they match. */
#include "report/stats/memory.h"
#include "report/util/table.h"
#include "report/util/util.h"
#include "lib/reckeys.h"
#include "report/source/store.h"

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

int memory_section(const struct dataset *ds, FILE *out)
{
	static const char *const head[] = { "kernel", "tag", "MemTotal kB", "MemAvailable kB" };
	struct kmem m[16];
	size_t n = collect(ds, m, sizeof(m) / sizeof(m[0])), lo = 0, hi = 0;
	struct table t;
	double diff;

	if (n < 2)
		return 0;
	fprintf(out, "\n## Memory\n\n");
	table_init(&t, 2, head, 4);
	for (size_t i = 0; i < n; i++) {
		table_add(&t, "%s", m[i].kernel);
		table_add(&t, "%s", m[i].tag);
		table_add(&t, "%lu", m[i].total);
		table_add(&t, "%lu", m[i].avail);
		if (m[i].total < m[lo].total)
			lo = i;
		if (m[i].total > m[hi].total)
			hi = i;
	}
	table_print(&t, out, 1);
	table_free(&t);
	diff = 100.0 * (double)(m[hi].total - m[lo].total) / (double)m[lo].total;
	if (diff <= 2) {
		fprintf(out, "\nMemTotal is within 2 %% across the kernels (%.1f %%).\n", diff);
		return 0;
	}
	fprintf(out, "\n**Warning: the kernels' memory differs by %.1f %%** (MemTotal %lu kB with %s "
		"against %lu kB with %s): the comparison measures the memory as well as the kernels. "
		"Equalise it by giving %s %lu kB less with `mem=`: `make compare` "
		"takes it after that kernel's name in `KERNELS=`, as in `KERNELS=\"default "
		"debian:6.12:mem=<MEM x 1024 - %lu>K\"` (docs/kernels.md, Comparable memory).\n", diff,
		m[hi].total, name(&m[hi]), m[lo].total, name(&m[lo]), name(&m[hi]),
		m[hi].total - m[lo].total, m[hi].total - m[lo].total);
	return 1;
}
