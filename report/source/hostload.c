#include "report/source/hostload.h"
#include "report/util/table.h"
#include "report/util/util.h"
#include "report/util/dest.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct hostload {
	char boot[32];
	double ncpu, load_before, load_after, busy, steal, qemu_cpu;
};

/* DIR/hostload for a directory SOURCE, else the file beside a SOURCE file. */
static char *hostload_path(const char *src)
{
	struct stat st;
	const char *slash = strrchr(src, '/');

	if (stat(src, &st) == 0 && S_ISDIR(st.st_mode))
		return xasprintf("%s/hostload", src);
	if (!slash)
		return xstrdup("hostload");
	return xasprintf("%.*s/hostload", (int)(slash - src), src);
}

/* 0: read; -1: no file, or not one qemu/run wrote (no boot line). */
static int read_hostload(const char *path, struct hostload *h)
{
	static const struct { const char *key; size_t off; } num[] = {
		{ "ncpu", offsetof(struct hostload, ncpu) },
		{ "loadavg_before", offsetof(struct hostload, load_before) },
		{ "loadavg_after", offsetof(struct hostload, load_after) },
		{ "busy_pct", offsetof(struct hostload, busy) },
		{ "steal_pct", offsetof(struct hostload, steal) },
		{ "qemu_cpu_s", offsetof(struct hostload, qemu_cpu) },
	};
	FILE *f = fopen(path, "r");
	char line[512];

	if (!f)
		return -1;
	memset(h, 0, sizeof(*h));
	for (size_t k = 0; k < sizeof(num) / sizeof(num[0]); k++)
		*(double *)((char *)h + num[k].off) = NAN;
	while (fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '='), *end;

		if (!eq)
			continue;
		*eq++ = 0;
		eq[strcspn(eq, "\n")] = 0;
		if (!strcmp(line, "boot"))
			snprintf(h->boot, sizeof(h->boot), "%s", eq);
		for (size_t k = 0; k < sizeof(num) / sizeof(num[0]); k++) {
			double v = strtod(eq, &end);

			if (!strcmp(line, num[k].key) && end != eq)
				*(double *)((char *)h + num[k].off) = v;
		}
	}
	fclose(f);
	return h->boot[0] ? 0 : -1;
}

/* v with 'decimals' decimals and a unit, or "-" */
static void add_num(struct table *t, double v, int decimals, const char *unit)
{
	if (isnan(v))
		table_add(t, "-");
	else
		table_add(t, "%.*f%s", decimals, v, unit);
}

/* Why the boot's timing may carry the host's noise; "" when nothing says so. */
static const char *judge(const struct hostload *h, char *buf, size_t size)
{
	double load = fmax(h->load_before, h->load_after);

	buf[0] = 0;
	if (load > h->ncpu)
		snprintf(buf, size, "high: load %.1f on %.0f CPUs, the guest waited for a CPU", load,
			 h->ncpu);
	if (h->steal > 5)
		snprintf(buf + strlen(buf), size - strlen(buf), "%s%.1f %% of CPU time stolen",
			 buf[0] ? "; " : "high: ", h->steal);
	return buf;
}

void hostload_section(const struct dest *d, const struct dataset *ds, int nsrc, char **paths)
{
	static const char *const head[] = {
		"boot", "host CPUs", "load before", "load after", "CPU busy", "CPU stolen", "QEMU's CPU",
		"note",
	};
	struct hostload *h = xcalloc((size_t)nsrc + 1, sizeof(*h));
	size_t nh = 0, rows = 0, high = 0;
	struct table t;
	char why[160];

	for (int i = 0; i < nsrc; i++) {
		char *p = hostload_path(paths[i]);

		nh += read_hostload(p, &h[nh]) == 0;
		free(p);
	}
	table_init(&t, 1, head, sizeof(head) / sizeof(head[0]));
	for (size_t i = 0; i < ds->nboots; i++)
		for (size_t k = 0; k < nh; k++) {
			if (strcmp(h[k].boot, ds->boots[i]->id))
				continue;
			table_add(&t, "%s", d->text(h[k].boot));
			add_num(&t, h[k].ncpu, 0, "");
			add_num(&t, h[k].load_before, 2, "");
			add_num(&t, h[k].load_after, 2, "");
			add_num(&t, h[k].busy, 1, " %");
			add_num(&t, h[k].steal, 1, " %");
			add_num(&t, h[k].qemu_cpu, 1, " s");
			table_add(&t, "%s", judge(&h[k], why, sizeof(why)));
			high += why[0] != 0;
			rows++;
			break;
		}
	if (rows) {
		if (d->kind == DEST_MD)
			fputc('\n', d->f);
		dest_heading(d, 2, "Host load");
		fprintf(d->f, "%sThe host around each boot (qemu/run's %s: 1-minute "
			"load average before and after, the share of all host CPUs' time busy and "
			"stolen by the hypervisor during the boot, and the CPU time QEMU itself used: "
			"on an idle host about the boot's wall time, under load what the boot cost). "
			"The load includes QEMU itself.%s%s",
			d->para[0], d->code("hostload"),
			high ? " Boots marked high ran on a host busier than its CPUs: their times carry "
			       "the host's noise; compare boots interleaved, or pair runs within a boot." : "",
			d->para[1]);
		dest_table(d, &t);
	}
	table_free(&t);
	free(h);
}
