/* section: the sections of a report, for any destination (section.h). */
#include "report/out/section.h"
#include "report/stats/compare.h"
#include "report/source/problems.h"
#include "report/out/rank.h"
#include "report/util/table.h"
#include "report/util/util.h"
#include "report/out/verdict.h"
#include "lib/reckeys.h"
#include "report/source/store.h"
#include "report/out/summary.h"
#include "report/stats/compare_match.h"
#include "report/out/compare_print.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char *or_dash(const char *s)
{
	return s && *s ? s : "-";
}

/* Markdown keeps a blank line between blocks; HTML's blocks need none. */
static void gap(const struct dest *d)
{
	if (d->kind != DEST_HTML)
		fputc('\n', d->f);
}

void section_intro(const struct dest *d, const char *metric)
{
	const char *unit = util_unit(metric);

	fprintf(d->f, "%sMetric %s%s%s%s. Statistics use only runs with status=ok; runs that ended "
		"otherwise are counted under %snot ok%s and compared apart (Fisher's exact test). "
		"One rule decides (docs/verdicts.md): B/A-1 with its t interval over the units of "
		"replication (pairs of runs of one round, the order effect fitted when the order "
		"was counterbalanced; boots when A and B ran in different boots; else runs); a "
		"difference counts as proven when that interval excludes zero; a table of several "
		"comparisons is one family (Holm), each interval at the level that decided it; "
		"each comparison names the analysis it used.%s", d->para[0], d->code(metric),
		*unit ? " (" : "", unit, *unit ? ")" : "", d->kind == DEST_HTML ? "<em>" : "*",
		d->kind == DEST_HTML ? "</em>" : "*", d->para[1]);
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

void section_sources(const struct dest *d, const struct dataset *ds)
{
	static const char *const head[] = { "source", "kind", "good records" };
	size_t *rows = xcalloc(ds->nsrc, sizeof(*rows)), nrows = 0;
	struct table t;

	dest_heading(d, 2, "Sources");
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
		char *dir;

		for (size_t i = rows[r]; i < ds->nsrc; i++)
			if (i == rows[r] || (ds->nsrc > SOURCES_LISTED && same_place(s, &ds->src[i]))) {
				n++;
				last = &ds->src[i];
				total += ds->src[i].nrecords;
				lo = ds->src[i].nrecords < lo ? ds->src[i].nrecords : lo;
				hi = ds->src[i].nrecords > hi ? ds->src[i].nrecords : hi;
			}
		dir = xasprintf("%.*s", (int)dir_len(s->path), s->path);
		if (n == 1)
			table_add(&t, "%s", d->code(s->path));
		else
			table_add(&t, "%zu in %s: %s ... %s", n, d->code(dir), d->code(s->path + dir_len(s->path)),
				  d->code(last->path + dir_len(last->path)));
		free(dir);
		if (s->label && n == 1)
			table_add(&t, "results disk, label %s", d->text(s->label));
		else
			table_add(&t, s->label ? "results disks" : n > 1 ? "serial logs" : "serial log");
		if (n == 1)
			table_add(&t, "%zu", total);
		else if (lo == hi)
			table_add(&t, "%zu (%zu each)", total, lo);
		else
			table_add(&t, "%zu (%zu to %zu each)", total, lo, hi);
	}
	dest_table(d, &t);
	table_free(&t);
	free(rows);
}

/* Beyond this many boots (a lab), boots alike share one row. */
#define BOOTS_LISTED 20

/* what the swap disk cost (the meta record's disk=, from DISK=): said once */
static void disk_note(const struct dest *d, const struct dataset *ds)
{
	int host = 0, model = 0, unknown = 0;
	const char *name = NULL;
	const struct record *figures = NULL;
	FILE *f = d->f;

	for (size_t i = 0; i < ds->nboots; i++) {
		const char *disk = store_get(&ds->boots[i]->meta, RK_DISK);

		if (!disk || !strcmp(disk, "unknown"))
			unknown++;
		else if (!strcmp(disk, "host"))
			host++;
		else
			model++, name = disk;
		if (!figures && ds->boots[i]->more->disk.nf)
			figures = &ds->boots[i]->more->disk;
	}
	if (host)
		fprintf(f, "%sThe disk is the host's page cache (DISK=host, %d of %zu boots): this comparison "
			"cannot see disk effects.%s", d->para[0], host, ds->nboots, d->para[1]);
	if (model)
		fprintf(f, "%sThe swap disk is a datasheet model (DISK=, here %s; docs/disk-model.md) in %d of %zu boots: "
			"each run's disk_seek_s, disk_rot_s and disk_xfer_s say what it charged, disk_clock_seen how much "
			"of the host's time the guest's clock saw.%s", d->para[0], d->text(name), model, ds->nboots,
			d->para[1]);
	if (figures) {
		/* the profile's figures as the model had them (the disk record's disk_* words) */
		const char *sep = " ";

		fprintf(f, "%sThe model's figures (%s, from its profile file):", d->para[0],
			d->text(or_dash(store_get(figures, RK_DISK))));
		for (size_t i = 0; i < figures->nf; i++) {
			const char *k = store_key(figures, i);

			if (!strncmp(k, "disk_", 5)) {
				fprintf(f, "%s%s", sep, d->text(k + 5));
				fprintf(f, " %s", d->text(store_val(figures, i)));
				sep = ", ";
			}
		}
		fprintf(f, ".%s", d->para[1]);
	}
	if (unknown && (host || model))
		fprintf(f, "%s%d boots do not say what their disk cost (a real disk, or an image older than DISK=).%s",
			d->para[0], unknown, d->para[1]);
}

void section_boots(const struct dest *d, const struct dataset *ds)
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

	gap(d);
	dest_heading(d, 2, "Boots");
	disk_note(d, ds);
	table_init(&t, 9, head, sizeof(head) / sizeof(head[0]));
	if (ds->nboots > BOOTS_LISTED)
		table_group_as_added(&t, 0);
	for (size_t i = 0; i < ds->nboots; i++) {
		const struct boot *b = ds->boots[i];

		table_add(&t, "%s", d->text(b->id));
		for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			table_add(&t, "%s", d->text(or_dash(store_get(&b->meta, keys[k]))));
		for (size_t k = 0; k < 5; k++)
			table_add(&t, "%s", b->more->totals.nf ? d->text(or_dash(store_get(&b->more->totals, totals[k]))) :
					    k == 4 ? "no totals record" : "-");
	}
	if (ds->nboots > BOOTS_LISTED) {
		fprintf(d->f, "%s%zu boots; boots alike share a row.%s", d->para[0], ds->nboots, d->para[1]);
		table_group(&t, 0, "boots");
	}
	dest_table(d, &t);
	table_free(&t);
	gap(d);
	if (ds->nboots > BOOTS_LISTED) {
		static const char *const vh[] = { "boot", "kernel version", "command line" };

		table_init(&t, 3, vh, 3);
		table_group_as_added(&t, 0);
		for (size_t i = 0; i < ds->nboots; i++) {
			const struct boot *b = ds->boots[i];

			table_add(&t, "%s", d->text(b->id));
			table_add(&t, "%s", d->code(or_dash(store_get(&b->meta, RK_KERNEL_VERSION))));
			table_add(&t, "%s%s", d->code(or_dash(store_get(&b->meta, RK_CMDLINE))),
				  store_get(&b->meta, RK_CMDLINE_CUT) ? " (cut)" : "");
		}
		table_group(&t, 0, "boots");
		dest_table(d, &t);
		table_free(&t);
		return;
	}
	if (d->kind == DEST_HTML && ds->nboots)
		fputs("<ul>\n", d->f);
	for (size_t i = 0; i < ds->nboots; i++) {
		const struct boot *b = ds->boots[i];
		const char *cut = store_get(&b->meta, RK_CMDLINE_CUT);

		fprintf(d->f, "%sboot %s: %s, ", d->kind == DEST_HTML ? "<li>" : d->item[0], d->text(b->id),
			d->code(or_dash(store_get(&b->meta, RK_KERNEL_VERSION))));
		fprintf(d->f, "command line %s%s%s%s%s", d->code(or_dash(store_get(&b->meta, RK_CMDLINE))),
			cut ? " (cut: " : "", cut ? d->text(cut) : "", cut ? " more bytes not recorded)" : "",
			d->kind == DEST_HTML ? "</li>\n" : d->item[1]);
	}
	if (d->kind == DEST_HTML && ds->nboots)
		fputs("</ul>\n", d->f);
}

void section_swaps(const struct dest *d, const struct dataset *ds)
{
	static const char *const head[] = {
		"boot", "backend", "dev", "path", "size_kb", "create", "create_s", "mkswap_s",
	};
	struct table t;
	size_t n = 0;

	table_init(&t, 6, head, sizeof(head) / sizeof(head[0]));
	if (ds->nboots > BOOTS_LISTED)
		table_group_as_added(&t, 0);
	for (size_t i = 0; i < ds->nboots; i++)
		for (size_t k = 0; k < ds->boots[i]->more->nswaps; k++, n++) {
			const struct record *r = &ds->boots[i]->more->swaps[k];

			table_add(&t, "%s", d->text(ds->boots[i]->id));
			for (size_t h = 1; h < sizeof(head) / sizeof(head[0]); h++)
				table_add(&t, "%s", d->text(or_dash(store_get(r, head[h]))));
		}
	if (n && ds->nboots > BOOTS_LISTED)
		table_group(&t, 0, "boots");
	if (n) {
		gap(d);
		dest_heading(d, 2, "Swap setup");
		dest_table(d, &t);
	}
	table_free(&t);
}

/* each configuration as init set it up (a plain zram's disksize, the limits) */
void section_confs(const struct dest *d, const struct dataset *ds)
{
	static const char *const head[] = { "boot", "backend", "settings" };
	struct table t;
	size_t n = 0;

	table_init(&t, 3, head, sizeof(head) / sizeof(head[0]));
	if (ds->nboots > BOOTS_LISTED)
		table_group_as_added(&t, 0);
	for (size_t i = 0; i < ds->nboots; i++)
		for (size_t k = 0; k < ds->boots[i]->more->nconfs; k++, n++) {
			const struct record *r = &ds->boots[i]->more->confs[k];
			char set[512];
			size_t len = 0;

			set[0] = 0;
			for (size_t f = 0; f < r->nf && len < sizeof(set); f++) {
				const char *key = store_key(r, f);
				char *kv;

				if (!strcmp(key, "boot") || !strcmp(key, "backend"))
					continue;
				kv = xasprintf("%s=%s", key, store_val(r, f));
				len += (size_t)snprintf(set + len, sizeof(set) - len, "%s%s", len ? " " : "",
							d->code(kv));
				free(kv);
			}
			table_add(&t, "%s", d->text(ds->boots[i]->id));
			table_add(&t, "%s", d->text(or_dash(store_get(r, RK_BACKEND))));
			table_add(&t, "%s", set);
		}
	if (n && ds->nboots > BOOTS_LISTED)
		table_group(&t, 0, "boots");
	if (n) {
		gap(d);
		dest_heading(d, 2, "Swap configurations as set up");
		dest_table(d, &t);
	}
	table_free(&t);
}

void section_notes(const struct dest *d, const struct dataset *ds)
{
	size_t n = 0;

	for (size_t i = 0; i < ds->nboots; i++)
		for (size_t k = 0; k < ds->boots[i]->more->nnotes; k++) {
			const struct note *note = &ds->boots[i]->more->notes[k];
			const struct record *r = &note->rec;
			char *at = xasprintf("%s:%lu", r->source, r->line);

			if (!n++) {
				gap(d);
				dest_heading(d, 2, "Messages from init");
			}
			fprintf(d->f, "%sboot %s, %s (%s): ", d->item[0], d->text(ds->boots[i]->id), d->text(note->kind),
				d->code(at));
			fprintf(d->f, "%s%s", d->text(or_dash(store_get(r, RK_MSG))), d->item[1]);
			free(at);
		}
}

void section_problems(const struct dest *d, const struct dataset *ds)
{
	gap(d);
	dest_heading(d, 2, "Problems");
	if (!ds->nprobs)
		fprintf(d->f, "%sNone: every record's checksum matched and every boot is complete.%s",
			d->para[0], d->kind == DEST_HTML ? d->para[1] : "\n");
	else
		fprintf(d->f, "%sRecords named here were not used; incomplete boots are named too.%s",
			d->para[0], d->para[1]);
	problems_print(d, ds);
	for (size_t i = 0, n = 0; i < ds->nruns; i++) {
		const struct run *r = &ds->runs[i];
		char *at;

		if (!r->flag)
			continue;
		if (!n++) {
			gap(d);
			dest_heading(d, 2, "Flagged runs");
			fprintf(d->f, "%sThe clock cannot vouch for these; %s.%s", d->para[0],
				ds->keep_flagged ? "they are used (--flagged)" : "they are not used", d->para[1]);
		}
		at = xasprintf("%s:%lu", r->rec.source, r->rec.line);
		fprintf(d->f, "%sboot %s, test %lu (%s): ", d->item[0], d->text(r->boot->id), r->num, d->code(at));
		fprintf(d->f, "%s%s", d->text(r->flag), d->item[1]);
		free(at);
	}
}

void section_backends(const struct dest *d, const struct dataset *ds, const char *metric, int verdicts)
{
	struct cells *cells;
	struct comparison *cmp;
	size_t ncells, n = compare_backends(ds, metric, &cells, &ncells, &cmp);

	if (n) {
		gap(d);
		dest_heading(d, 2, "Backends: partition (A) against swapfile (B)");
		compare_print(d, cmp, n, metric, cmp[0].group ? "variant" : NULL);
		gap(d);
	}
	if (verdicts)
		verdict_print(d, cmp, n, metric, "the partition", "the swapfile");
	compare_free(cells, ncells, cmp, n);
}

/* Two tags (make compare's kernels): B the second against A the first, as compare --by tag decides. */
struct by_tag {
	const char **v;
	size_t nv, n;
	struct cells ca, cb;
	struct comparison *cmp;
};

static size_t tag_compare(const struct dataset *ds, const char *metric, struct by_tag *t)
{
	memset(t, 0, sizeof(*t));
	t->nv = group_values(ds, BY_TAG, &t->v);
	if (t->nv != 2)
		return 0;
	struct group_only oa = { BY_TAG, t->v[0] }, ob = { BY_TAG, t->v[1] };

	group_build(ds, metric, BY_BACKEND, group_only, &oa, &t->ca);
	group_build(ds, metric, BY_BACKEND, group_only, &ob, &t->cb);
	t->n = compare_match(&t->ca, &t->cb, &t->cmp);
	compare_family(t->cmp, t->n);
	return t->n;
}

static void tag_free(struct by_tag *t)
{
	if (t->nv == 2) {
		group_free(&t->ca);
		group_free(&t->cb);
	}
	free(t->cmp);
	free(t->v);
}

void section_kernels(const struct dest *d, const struct dataset *ds, const char *metric)
{
	struct by_tag t;
	char *title;

	if (tag_compare(ds, metric, &t)) {
		gap(d);
		title = xasprintf("Kernels: %s (A) against %s (B)", d->text(t.v[0]), d->text(t.v[1]));
		dest_heading(d, 2, title);
		free(title);
		fprintf(d->f, "%sAs %s decides: each workload and backend on one kernel against the same on "
			"the other.%s", d->para[0], d->code("compare --by tag"),
			d->para[1]);
		compare_print(d, t.cmp, t.n, metric, "backend");
	}
	tag_free(&t);
}

size_t section_verdicts(const struct dest *d, const struct dataset *ds, const struct section_opts *o)
{
	struct cells *cells;
	struct comparison *cmp;
	size_t ncells, n, total;
	struct rank_table nw;
	struct by_tag t;

	/* the kernels first: what make compare asks */
	total = tag_compare(ds, o->metric, &t);
	verdict_print(d, t.cmp, t.n, o->metric, t.nv == 2 ? t.v[0] : "", t.nv == 2 ? t.v[1] : "");
	tag_free(&t);
	n = compare_backends(ds, o->metric, &cells, &ncells, &cmp);
	total += n;
	verdict_print(d, cmp, n, o->metric, "the partition", "the swapfile");
	compare_free(cells, ncells, cmp, n);
	if (!rank_wanted(ds))
		return total;
	if (rank_build(ds, o->metric, o->baseline, o->higher_better, &nw))
		for (size_t i = 0; i < nw.nrows; i++)
			if (nw.row[i].cmp) {
				fputs(d->item[0], d->f);
				verdict_sentence(d, nw.row[i].cmp, o->metric, o->baseline, nw.row[i].cell->group);
				fputs(d->item[1], d->f);
				total++;
			}
	rank_free(&nw);
	return total;
}

void section_configurations(const struct dest *d, const struct dataset *ds, const struct section_opts *o)
{
	struct rank_table nw;
	char *title;

	if (!rank_wanted(ds))
		return;
	if (rank_build(ds, o->metric, o->baseline, o->higher_better, &nw)) {
		gap(d);
		title = xasprintf("Swap configurations against %s", d->text(o->baseline));
		dest_heading(d, 2, title);
		free(title);
		rank_print(d, &nw, o->metric);
	}
	rank_free(&nw);
}
