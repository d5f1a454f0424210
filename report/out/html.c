/*
 * html: the report as one self-contained page (swapbench-report html): the
 * same sections, sentences and tables as md, through an HTML destination,
 * with every picture of plot_each drawn inline as SVG. Nothing is fetched
 * and no script runs; a print stylesheet keeps on paper what the screen
 * shows.
 */
#include "report/util/escape.h"
#include "report/source/hostload.h"
#include "report/out/html.h"
#include "report/out/memory.h"
#include "report/out/plot.h"
#include "report/out/ioplot.h"
#include "report/out/section.h"
#include "report/util/util.h"
#include "lib/reckeys.h"
#include "report/source/store.h"
#include "report/out/summary.h"
#include "report/stats/compare_match.h"
#include "report/out/compare_print.h"

#include <stdlib.h>
#include <string.h>

static char ring[ESC_RING][16400];	/* "<code>" and esc_html_str's text */
static unsigned ring_at;

static const char *html_code(const char *s)
{
	char *out = ring[ring_at++ % ESC_RING];

	snprintf(out, sizeof(ring[0]), "<code>%s</code>", esc_html_str(s));
	return out;
}

struct dest html_dest(FILE *f)
{
	return (struct dest){ f, DEST_HTML, esc_html_str, html_code, { "<p class=\"note\">", "</p>\n" },
			      { "<p>", "</p>\n" }, { "<strong>", "</strong>" } };
}

/* Screen and paper alike: the pictures scale to the page, tables keep their header on each page. */
static const char style[] =
	"body{font-family:sans-serif;margin:1.5em auto;max-width:75em;padding:0 1em;color:#111;"
	"background:#fff;line-height:1.4}\n"
	"h1{font-size:1.6em}h2{font-size:1.3em;border-bottom:1px solid #ccc;margin-top:1.6em}\n"
	"h3{font-size:1.1em}\n"
	"ul.verdicts li{margin:.3em 0;font-size:1.05em}\n"
	"div.table{overflow-x:auto}\n"
	"table{border-collapse:collapse;margin:.6em 0;font-size:.85em}\n"
	"th,td{border:1px solid #bbb;padding:.15em .4em;text-align:left;vertical-align:top}\n"
	"th{background:#eee}td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
	/* a long value (an instrument, a command line) wraps rather than widen its table past the page */
	"td.w{overflow-wrap:anywhere;min-width:12em}\n"
	"p.note{margin:.2em 0;font-size:.9em}\n"
	"code{font-size:.9em;overflow-wrap:anywhere}\n"
	"figure{margin:1em 0}figure svg{max-width:100%;height:auto;display:block}\n"
	"figcaption{font-size:.9em;color:#333}\n"
	"@media print{body{max-width:none;margin:0;padding:0;font-size:9pt}\n"
	"*{-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
	"div.table{overflow:visible}table{font-size:7.5pt}thead{display:table-header-group}\n"
	"tr,figure,li{break-inside:avoid}h2,h3{break-after:avoid}}\n";

static void page_begin(FILE *f, int nsources, char **sources)
{
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		"<title>swapbench report: %s%s</title>\n<style>\n%s</style>\n</head>\n<body>\n"
		"<h1>swapbench report</h1>\n", esc_html_str(sources[0]), nsources > 1 ? " and more" : "", style);
}

/* Why sources hold nothing to report: what was read, and what each boot said. */
static void nothing_to_report(const struct dest *d, const struct dataset *ds)
{
	size_t ok = 0;

	for (size_t i = 0; i < ds->nruns; i++)
		ok += ds->runs[i].status == ST_OK;
	fprintf(d->f, "<p class=\"nothing\"><strong>Nothing to report:</strong> ");
	if (!ds->nboots)
		fprintf(d->f, "the sources hold no swapbench boot (no meta, run or totals record)%s.",
			ds->nprobs ? ", and records that could not be used (Problems, below)" : "");
	else if (!ds->nruns)
		fprintf(d->f, "no run's result was recorded in %zu boot%s.", ds->nboots, ds->nboots == 1 ? "" : "s");
	else if (!ok)
		fprintf(d->f, "none of the %zu runs ended with status=ok, so there is nothing to measure.",
			ds->nruns);
	else
		fprintf(d->f, "no workload ran on both sides of a comparison (%zu runs ended ok).", ok);
	fputs("</p>\n", d->f);
	for (size_t i = 0; i < ds->nboots; i++) {
		const struct boot *b = ds->boots[i];
		const char *st = store_get(&b->more->totals, "status");

		fprintf(d->f, "<p class=\"note\">boot %s: ", esc_html_str(b->id));
		if (!b->more->totals.nf)
			fprintf(d->f, "no totals record: the boot ended before its last run (the console, %s, "
				"says how far it came).</p>\n", html_code(b->source));
		else
			fprintf(d->f, "%s runs planned, %s ran, %s ok; status %s.</p>\n",
				esc_html_str(store_get(&b->more->totals, "planned") ? store_get(&b->more->totals, "planned") : "-"),
				esc_html_str(store_get(&b->more->totals, "ran") ? store_get(&b->more->totals, "ran") : "-"),
				esc_html_str(store_get(&b->more->totals, "ok") ? store_get(&b->more->totals, "ok") : "-"),
				esc_html_str(st ? st : "-"));
	}
}

struct figures {
	FILE *f;
	unsigned n;
	unsigned disk;	/* the disk's pictures so far */
};

/* A picture of plot_each, drawn into the page: its SVG with a title, a role and a caption. */
static void embed_picture(const struct plot_pic *pic, void *ctx)
{
	struct figures *fg = ctx;
	char *svg = NULL, *at, *end;
	size_t len = 0;
	FILE *m;

	if (!pic->draw) {
		fprintf(fg->f, "<p class=\"note\">%s: no run passed, nothing to plot.</p>\n", esc_html_str(pic->workload));
		return;
	}
	m = open_memstream(&svg, &len);
	if (!m)
		die("html: out of memory");
	pic->draw(m, pic->arg);
	if (fclose(m))
		die("html: out of memory");
	/* inline SVG: no XML declaration; the picture labelled by its title */
	at = strstr(svg, "<svg ");
	end = at ? strchr(at, '>') : NULL;
	if (!end)
		die("html: a picture of %s is not SVG", pic->workload);
	fg->n++;
	fprintf(fg->f, "<figure>\n<svg role=\"img\" aria-labelledby=\"pic%u\" %.*s\n<title id=\"pic%u\">%s: %s</title>\n",
		fg->n, (int)(end + 1 - (at + 5)), at + 5, fg->n, esc_html_str(pic->workload), esc_html_str(pic->caption));
	fputs(end + 1, fg->f);
	fprintf(fg->f, "<figcaption>%s: %s</figcaption>\n</figure>\n", esc_html_str(pic->workload),
		esc_html_str(pic->caption));
	free(svg);
}

/* The disk's pictures (ioplot_each), under their own heading, which the first brings. */
static void embed_disk_picture(const struct plot_pic *pic, void *ctx)
{
	struct figures *fg = ctx;

	if (!fg->disk++)
		fprintf(fg->f, "<section id=\"disk\">\n<h2>What the disk's head did</h2>\n");
	embed_picture(pic, ctx);
}

void html_write(const struct dataset *ds, const struct section_opts *o, int nsources, char **sources)
{
	struct dest h = html_dest(stdout), li = h;
	struct figures fg = { stdout, 0, 0 };
	unsigned disk_pics;
	char *title, *verdicts = NULL;
	size_t len = 0;

	page_begin(stdout, nsources, sources);
	/* the verdicts first, each a sentence with its interval */
	li.item[0] = "<li>";
	li.item[1] = "</li>\n";
	li.f = open_memstream(&verdicts, &len);
	if (!li.f)
		die("html: out of memory");
	printf("<section id=\"verdicts\">\n<h2>Verdicts</h2>\n");
	if (section_verdicts(&li, ds, o)) {
		if (fclose(li.f))
			die("html: out of memory");
		printf("<ul class=\"verdicts\">\n%s</ul>\n", verdicts);
	} else {
		fclose(li.f);
		nothing_to_report(&h, ds);
	}
	free(verdicts);
	section_intro(&h, o->metric);
	printf("</section>\n");
	if (ioplot_each(ds, embed_disk_picture, &fg))
		printf("</section>\n");
	printf("<section id=\"pictures\">\n<h2>Pictures</h2>\n");
	disk_pics = fg.n;
	plot_each(ds, o->metric, o->by, embed_picture, &fg);
	if (fg.n == disk_pics)
		printf("<p>No picture: no run passed.</p>\n");
	printf("</section>\n<section id=\"tables\">\n");
	title = xasprintf("Summary by %s", group_by_name(o->by));
	dest_heading(&h, 2, title);
	free(title);
	if (!summary_all(&h, ds, o->metric, o->by))
		printf("<p>No runs.</p>\n");
	section_kernels(&h, ds, o->metric);
	section_backends(&h, ds, o->metric, 0);
	section_configurations(&h, ds, o);
	printf("</section>\n<section id=\"boots\">\n");
	section_boots(&h, ds);
	hostload_section(&h, ds, nsources, sources);
	memory_section(&h, ds);
	section_swaps(&h, ds);
	section_confs(&h, ds);
	section_notes(&h, ds);
	section_sources(&h, ds);
	printf("</section>\n<section id=\"problems\">\n");
	section_problems(&h, ds);
	printf("</section>\n</body>\n</html>\n");
}
