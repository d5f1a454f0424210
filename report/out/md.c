/* md: the Markdown report written next to the results of a run. */
#include "report/out/md.h"
#include "report/source/hostload.h"
#include "report/out/memory.h"
#include "report/out/plot.h"
#include "report/out/ioplot.h"
#include "report/out/section.h"
#include "report/out/summary.h"
#include "report/source/store.h"
#include "report/util/util.h"
#include "report/util/escape.h"
#include "report/util/dest.h"
#include "lib/reckeys.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* DIR/notes.txt: what the host could not do for the plots (no PNG), "" if nothing */
static void write_notes(const char *dir, const char *text)
{
	char *path = xasprintf("%s/notes.txt", dir);
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f))
		die("%s: %s", path, strerror(errno));
	free(path);
}

/* each picture linked, with its workload and what it shows as its text */
static void link_picture(const struct plot_pic *pic, void *ctx)
{
	(void)ctx;
	if (!pic->draw)
		printf("%s: no run passed, nothing to plot.\n", esc_md_str(pic->workload, 0));
	else
		printf("![%s: %s](%s%s.svg)\n", esc_md_str(pic->workload, 0), pic->caption, pic->stem, pic->suffix);
	if (pic->last)
		putchar('\n');
}

static void plots(const struct dataset *ds, const struct section_opts *o, const char *dir)
{
	char *text = NULL;
	size_t len = 0;
	FILE *notes = open_memstream(&text, &len);

	if (!notes)
		die("out of memory");
	plot_all(ds, o->metric, o->by, dir, NULL, notes);
	if (fclose(notes))
		die("out of memory");
	write_notes(dir, text);
	free(text);
	printf("\n## Plots\n\n");
	plot_each(ds, o->metric, o->by, link_picture, NULL);
	for (size_t i = 0; i < ds->nboots; i++) {
		const char *d = store_get(&ds->boots[i]->meta, RK_DISK);

		if (d && *d && strcmp(d, "host") && strcmp(d, "unknown")) {
			printf("\n## What the disk's head did\n\n");
			ioplot_all(ds, dir, NULL, stdout);
			break;
		}
	}
}

void md_write(const struct dataset *ds, const struct section_opts *o, const char *plots_dir,
	      int nsources, char **sources)
{
	struct dest md = dest_md(stdout);

	printf("# swapbench report\n\n");
	section_intro(&md, o->metric);
	section_sources(&md, ds);
	section_boots(&md, ds);
	hostload_section(&md, ds, nsources, sources);
	memory_section(&md, ds);
	section_swaps(&md, ds);
	section_confs(&md, ds);
	section_notes(&md, ds);
	section_problems(&md, ds);
	printf("\n## Summary by %s\n\n", group_by_name(o->by));
	if (!summary_all(&md, ds, o->metric, o->by))
		printf("No runs.\n");
	section_backends(&md, ds, o->metric, 1);
	section_configurations(&md, ds, o);
	if (plots_dir)
		plots(ds, o, plots_dir);
}
