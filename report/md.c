/* md: the Markdown report written next to the results of a run. */
#include "cmd.h"
#include "compare.h"
#include "hostload.h"
#include "ioplot.h"
#include "rank.h"
#include "memory.h"
#include "plot.h"
#include "problems.h"
#include "table.h"
#include "util.h"
#include "escape.h"
#include "verdict.h"
#include "../lib/reckeys.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *or_dash(const char *s)
{
	return s && *s ? s : "-";
}

/* Beyond this many sources (a lab's logs), those of one directory and kind share a row. */
#define SOURCES_LISTED 20

static size_t dir_len(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? (size_t)(slash - path) + 1 : 0;
}

static int same_place(const struct source *a, const struct source *b)
{
	size_t n = dir_len(a->path);

	return n == dir_len(b->path) && !strncmp(a->path, b->path, n) && !a->label == !b->label;
}

static void sources(const struct dataset *ds)
{
	static const char *const head[] = { "source", "kind", "good records" };
	size_t *rows = xcalloc(ds->nsrc, sizeof(*rows)), nrows = 0;
	struct table t;

	printf("## Sources\n\n");
	table_init(&t, 2, head, 3);
	/* rows[]: a source of each row; the others of its place join it */
	for (size_t i = 0; i < ds->nsrc; i++) {
		size_t r = 0;

		while (ds->nsrc > SOURCES_LISTED && r < nrows && !same_place(&ds->src[rows[r]], &ds->src[i]))
			r++;
		if (ds->nsrc <= SOURCES_LISTED || r == nrows)
			rows[nrows++] = i;
	}
	for (size_t r = 0; r < nrows; r++) {
		const struct source *s = &ds->src[rows[r]], *last = s;
		size_t n = 0, total = 0, lo = SIZE_MAX, hi = 0;

		for (size_t i = rows[r]; i < ds->nsrc; i++)
			if (i == rows[r] || (ds->nsrc > SOURCES_LISTED && same_place(s, &ds->src[i]))) {
				n++;
				last = &ds->src[i];
				total += ds->src[i].nrecords;
				lo = ds->src[i].nrecords < lo ? ds->src[i].nrecords : lo;
				hi = ds->src[i].nrecords > hi ? ds->src[i].nrecords : hi;
			}
		if (n == 1)
			table_add(&t, "`%s`", s->path);
		else
			table_add(&t, "%zu in `%.*s`: `%s` ... `%s`", n, (int)dir_len(s->path), s->path,
				  s->path + dir_len(s->path), last->path + dir_len(last->path));
		if (s->label && n == 1)
			table_add(&t, "results disk, label %s", s->label);
		else
			table_add(&t, s->label ? "results disks" : n > 1 ? "serial logs" : "serial log");
		if (n == 1)
			table_add(&t, "%zu", total);
		else if (lo == hi)
			table_add(&t, "%zu (%zu each)", total, lo);
		else
			table_add(&t, "%zu (%zu to %zu each)", total, lo, hi);
	}
	table_print(&t, stdout, 1);
	table_free(&t);
	free(rows);
}

/* Beyond this many boots (a lab), boots alike share one row. */
#define BOOTS_LISTED 20

/* what the swap disk cost (the meta record's disk=, from DISK=): said once */
static void disk_note(const struct dataset *ds)
{
	int host = 0, model = 0, unknown = 0;
	const char *name = NULL;
	const struct record *figures = NULL;

	for (size_t i = 0; i < ds->nboots; i++) {
		const char *d = store_get(&ds->boots[i]->meta, RK_DISK);

		if (!d || !strcmp(d, "unknown"))
			unknown++;
		else if (!strcmp(d, "host"))
			host++;
		else
			model++, name = d;
		if (!figures && ds->boots[i]->disk.nf)
			figures = &ds->boots[i]->disk;
	}
	if (host)
		printf("The disk is the host's page cache (DISK=host, %d of %zu boots): this comparison cannot see disk effects.\n\n",
		       host, ds->nboots);
	if (model)
		printf("The swap disk is a datasheet model (DISK=, here %s; docs/disk-model.md) in %d of %zu boots: "
		       "each run's disk_seek_s, disk_rot_s and disk_xfer_s say what it charged, disk_clock_seen how much "
		       "of the host's time the guest's clock saw.\n\n",
		       name, model, ds->nboots);
	if (figures) {
		/* the profile's figures as the model had them (the disk record's disk_* words) */
		const char *sep = " ";

		printf("The model's figures (%s, from its profile file):", or_dash(store_get(figures, RK_DISK)));
		for (size_t i = 0; i < figures->nf; i++) {
			const char *k = store_key(figures, i);

			if (!strncmp(k, "disk_", 5)) {
				printf("%s%s %s", sep, k + 5, store_val(figures, i));
				sep = ", ";
			}
		}
		printf(".\n\n");
	}
	if (unknown && (host || model))
		printf("%d boots do not say what their disk cost (a real disk, or an image older than DISK=).\n\n", unknown);
}

static void boots(const struct dataset *ds)
{
	static const char *const head[] = {
		"boot", "kernel", "arch", "memtotal_kb", "cpus", "tag", "clocksource", "clock_step_ns", "disk",
		"instrument", "planned", "ran", "ok", "not ok", "status",
	};
	/* instrument: what the host measured with (qemu/run's swapbench.instrument) */
	static const char *const keys[] = { "kernel_release", "arch", "memtotal_kb", "cpus", "tag",
					    "clocksource", "clock_step_ns", "disk", "instrument" };
	static const char *const totals[] = { "planned", "ran", "ok", "notok", "status" };
	struct table t;

	printf("\n## Boots\n\n");
	disk_note(ds);
	table_init(&t, 9, head, sizeof(head) / sizeof(head[0]));
	for (size_t i = 0; i < ds->nboots; i++) {
		const struct boot *b = ds->boots[i];

		table_add(&t, "%s", esc_md_str(b->id, 0));
		for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			table_add(&t, "%s", esc_md_str(or_dash(store_get(&b->meta, keys[k])), 0));
		for (size_t k = 0; k < 5; k++)
			table_add(&t, "%s", b->totals.nf ? esc_md_str(or_dash(store_get(&b->totals, totals[k])), 0) :
					    k == 4 ? "no totals record" : "-");
	}
	if (ds->nboots > BOOTS_LISTED) {
		printf("%zu boots; boots alike share a row.\n\n", ds->nboots);
		table_group(&t, 0, "boots");
	}
	table_print(&t, stdout, 1);
	table_free(&t);
	putchar('\n');
	if (ds->nboots > BOOTS_LISTED) {
		static const char *const vh[] = { "boot", "kernel version", "command line" };

		table_init(&t, 3, vh, 3);
		for (size_t i = 0; i < ds->nboots; i++) {
			const struct boot *b = ds->boots[i];

			table_add(&t, "%s", esc_md_str(b->id, 0));
			table_add(&t, "`%s`", esc_md_str(or_dash(store_get(&b->meta, RK_KERNEL_VERSION)), 1));
			table_add(&t, "`%s`%s", esc_md_str(or_dash(store_get(&b->meta, RK_CMDLINE)), 1),
				  store_get(&b->meta, RK_CMDLINE_CUT) ? " (cut)" : "");
		}
		table_group(&t, 0, "boots");
		table_print(&t, stdout, 1);
		table_free(&t);
		return;
	}
	for (size_t i = 0; i < ds->nboots; i++) {
		const struct boot *b = ds->boots[i];

		const char *cut = store_get(&b->meta, RK_CMDLINE_CUT);

		printf("- boot %s: `%s`, command line `%s`%s%s%s\n", esc_md_str(b->id, 0),
		       esc_md_str(or_dash(store_get(&b->meta, RK_KERNEL_VERSION)), 1),
		       esc_md_str(or_dash(store_get(&b->meta, RK_CMDLINE)), 1), cut ? " (cut: " : "", cut ? esc_md_str(cut, 0) : "",
		       cut ? " more bytes not recorded)" : "");
	}
}

static void swaps(const struct dataset *ds)
{
	static const char *const head[] = {
		"boot", "backend", "dev", "path", "size_kb", "create", "create_s", "mkswap_s",
	};
	struct table t;
	size_t n = 0;

	table_init(&t, 6, head, sizeof(head) / sizeof(head[0]));
	for (size_t i = 0; i < ds->nboots; i++)
		for (size_t k = 0; k < ds->boots[i]->nswaps; k++, n++) {
			const struct record *r = &ds->boots[i]->swaps[k];

			table_add(&t, "%s", esc_md_str(ds->boots[i]->id, 0));
			for (size_t h = 1; h < sizeof(head) / sizeof(head[0]); h++)
				table_add(&t, "%s", esc_md_str(or_dash(store_get(r, head[h])), 0));
		}
	if (n && ds->nboots > BOOTS_LISTED)
		table_group(&t, 0, "boots");
	if (n) {
		printf("\n## Swap setup\n\n");
		table_print(&t, stdout, 1);
	}
	table_free(&t);
}

/* each configuration as init set it up (a plain zram's disksize, the limits) */
static void confs(const struct dataset *ds)
{
	static const char *const head[] = { "boot", "backend", "settings" };
	struct table t;
	size_t n = 0;

	table_init(&t, 3, head, sizeof(head) / sizeof(head[0]));
	for (size_t i = 0; i < ds->nboots; i++)
		for (size_t k = 0; k < ds->boots[i]->nconfs; k++, n++) {
			const struct record *r = &ds->boots[i]->confs[k];
			char set[512];
			size_t len = 0;

			set[0] = 0;
			for (size_t f = 0; f < r->nf && len < sizeof(set); f++) {
				const char *key = store_key(r, f);

				if (strcmp(key, "boot") && strcmp(key, "backend"))
					len += (size_t)snprintf(set + len, sizeof(set) - len, "%s`%s=%s`",
								len ? " " : "", key, esc_md_str(store_val(r, f), 1));
			}
			table_add(&t, "%s", esc_md_str(ds->boots[i]->id, 0));
			table_add(&t, "%s", esc_md_str(or_dash(store_get(r, RK_BACKEND)), 0));
			table_add(&t, "%s", set);
		}
	if (n && ds->nboots > BOOTS_LISTED)
		table_group(&t, 0, "boots");
	if (n) {
		printf("\n## Swap configurations as set up\n\n");
		table_print(&t, stdout, 1);
	}
	table_free(&t);
}

static void notes(const struct dataset *ds)
{
	size_t n = 0;

	for (size_t i = 0; i < ds->nboots; i++)
		for (size_t k = 0; k < ds->boots[i]->nnotes; k++) {
			const struct record *r = &ds->boots[i]->notes[k];

			if (!n++)
				printf("\n## Messages from init\n\n");
			printf("- boot %s, %s (`%s:%lu`): %s\n", esc_md_str(ds->boots[i]->id, 0), esc_md_str(r->kind, 0),
			       esc_md_str(r->source, 1), r->line, esc_md_str(or_dash(store_get(r, RK_MSG)), 0));
		}
}

static void problems(const struct dataset *ds)
{
	printf("\n## Problems\n\n");
	if (!ds->nprobs)
		printf("None: every record's checksum matched and every boot is complete.\n");
	else
		printf("Records named here were not used; incomplete boots are named too.\n\n");
	problems_print(ds, stdout, 1);
	for (size_t i = 0, n = 0; i < ds->nruns; i++) {
		const struct run *r = &ds->runs[i];

		if (!r->flag)
			continue;
		if (!n++)
			printf("\n## Flagged runs\n\nThe clock cannot vouch for these; %s.\n\n",
			       ds->keep_flagged ? "they are used (--flagged)" : "they are not used");
		printf("- boot %s, test %lu (`%s:%lu`): %s\n", esc_md_str(r->boot->id, 0), r->num,
		       esc_md_str(r->rec.source, 1), r->rec.line, esc_md_str(r->flag, 0));
	}
}

static void backends(const struct dataset *ds, const char *metric)
{
	struct cells *cells;
	struct comparison *cmp;
	size_t ncells, n = compare_backends(ds, metric, &cells, &ncells, &cmp);

	if (n) {
		printf("\n## Backends: partition (A) against swapfile (B)\n\n");
		compare_print(cmp, n, metric, cmp[0].group ? "variant" : NULL, stdout, 1);
		putchar('\n');
	}
	verdict_print(stdout, cmp, n, metric, "the partition", "the swapfile", 1);
	compare_free(cells, ncells, cmp, n);
}

/* swap configurations beyond partition and file: each against the baseline, ranked */
static void configurations(const struct dataset *ds, const struct opts *o)
{
	struct rank_table nw;

	if (!rank_wanted(ds))
		return;
	if (rank_build(ds, o->metric, o->baseline, o->higher_better, &nw)) {
		printf("\n## Swap configurations against %s\n\n", o->baseline);
		rank_print(&nw, o->metric, stdout, 1);
	}
	rank_free(&nw);
}

/* DIR/notes.txt: what the host could not do for the plots (no PNG), "" if nothing */
static void write_notes(const char *dir, const char *text)
{
	char *path = xasprintf("%s/notes.txt", dir);
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f))
		die("%s: %s", path, strerror(errno));
	free(path);
}

static void plots(const struct dataset *ds, const struct opts *o)
{
	const char **wl;
	struct cells cs;
	size_t nw;
	char *text = NULL;
	size_t len = 0;
	FILE *notes = open_memstream(&text, &len);

	if (!notes)
		die("out of memory");
	plot_all(ds, o->metric, o->by, o->plots, NULL, notes);
	if (fclose(notes))
		die("out of memory");
	write_notes(o->plots, text);
	free(text);
	group_build(ds, o->metric, o->by, NULL, NULL, &cs);
	nw = group_workloads(&cs, &wl);
	printf("\n## Plots\n\n");
	for (size_t w = 0; w < nw; w++) {
		char stem[128];

		if (!plot_wanted(&cs, wl[w])) {
			printf("%s: no run passed, nothing to plot.\n\n", esc_md_str(wl[w], 0));
			continue;
		}
		plot_stem(stem, sizeof(stem), wl[w]);
		printf("![%s: %s by %s](%s.svg)\n![%s: run order](%s-order.svg)\n\n", esc_md_str(wl[w], 0),
		       o->metric, group_by_name(o->by), stem, esc_md_str(wl[w], 0), stem);
	}
	free(wl);
	group_free(&cs);
	for (size_t i = 0; i < ds->nboots; i++) {
		const char *d = store_get(&ds->boots[i]->meta, RK_DISK);

		if (d && *d && strcmp(d, "host") && strcmp(d, "unknown")) {
			printf("\n## What the disk's head did\n\n");
			ioplot_all(ds, o->plots, NULL, stdout);
			break;
		}
	}
}

int cmd_md(const struct opts *o, int argc, char **argv)
{
	struct dataset ds = { 0 };
	const char *unit = util_unit(o->metric);
	int status;

	if (argc < 1)
		cmd_usage_error("md: no SOURCE given");
	cmd_load(o, &ds, argc, argv);
	printf("# swapbench report\n\n");
	printf("Metric `%s`%s%s%s. Statistics use only runs with status=ok; runs that ended "
	       "otherwise are counted under *not ok* and compared apart (Fisher's exact test). "
	       "One rule decides (docs/verdicts.md): B/A-1 with its t interval over the units of "
	       "replication (pairs of runs of one round, the order effect fitted when the order "
	       "was counterbalanced; boots when A and B ran in different boots; else runs); a "
	       "difference counts as proven when that interval excludes zero; a table of several "
	       "comparisons is one family (Holm), each interval at the level that decided it; "
	       "each comparison names the analysis it used.\n\n", o->metric, *unit ? " (" : "", unit,
	       *unit ? ")" : "");
	sources(&ds);
	boots(&ds);
	hostload_section(&ds, argc, argv, stdout);
	memory_section(&ds, stdout);
	swaps(&ds);
	confs(&ds);
	notes(&ds);
	problems(&ds);
	printf("\n## Summary by %s\n\n", group_by_name(o->by));
	if (!summary_all(&ds, o->metric, o->by, stdout, 1))
		printf("No runs.\n");
	backends(&ds, o->metric);
	configurations(&ds, o);
	if (o->plots)
		plots(&ds, o);
	status = cmd_exit_status(&ds);
	parse_free(&ds);
	return status;
}
