#include "report/out/plot.h"
#include "report/util/svg.h"
#include "lib/stats.h"
#include "report/util/util.h"
#include "report/source/store.h"
#include "report/util/escape.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const palette[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
};
#define MEAN_COLOR "#d62728"
#define NCOLORS (sizeof(palette) / sizeof(palette[0]))

/* The file name stem used for a workload: safe in any directory. */
static void plot_stem(char *out, size_t size, const char *workload)
{
	util_safe_name(out, size, workload);
}

/* The cell's name in legends: the group, and the variant if split by one. */
static const char *name_of(const struct cell *c, char *buf, size_t size)
{
	if (!c->variant)
		return c->group;
	snprintf(buf, size, "%s (%s)", c->group, c->variant);
	return buf;
}

/*
 * Beyond these, a plot of every run is a blot (and an SVG of megabytes that
 * rsvg-convert takes a minute over): the strip plot draws an even sample,
 * the run-order plot the median of each bin of consecutive runs.
 */
#define STRIP_POINTS 1000
#define ORDER_POINTS 600
#define STR_(x) #x
#define STR(x) STR_(x)

/* 1 up to max values, else the step that draws at most max of n. */
static size_t thin_step(size_t n, size_t max)
{
	return n > max ? (n + max - 1) / max : 1;
}

/* Deterministic jitter in [-1, 1]: the same data gives the same picture. */
static double jitter(size_t i)
{
	unsigned long long x = (i + 1) * 0x9e3779b97f4a7c15ULL;

	x ^= x >> 29;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 32;
	return (double)(x % 20001) / 10000.0 - 1;
}

static void y_range(const struct cell *const *c, size_t n, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < c[i]->nv; k++) {
			*lo = fmin(*lo, c[i]->v[k]);
			*hi = fmax(*hi, c[i]->v[k]);
		}
	if (*lo > *hi)
		*lo = *hi = 0;
}

static char *axis_label(const char *metric)
{
	const char *u = util_unit(metric);

	return *u ? xasprintf("%s (%s)", metric, u) : xstrdup(metric);
}

static void strip_plot(FILE *f, const char *workload, const char *metric, enum group_by by,
		       const struct cell *const *c, size_t n)
{
	char *title = xasprintf("%s: %s by %s", workload, metric, group_by_name(by));
	char *label = axis_label(metric), buf[96];
	struct svg_axis y;
	double lo, hi, band = (double)(W - MR - ML) / (double)(n ? n : 1);
	size_t seq = 0;
	int thinned = 0;

	y_range(c, n, &lo, &hi);
	svg_axis_fit(&y, lo, hi, H - MB, MT);
	svg_begin(f, title);
	svg_y_axis(f, &y, label);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", ML,
		H - MB, W - MR, H - MB);
	for (size_t g = 0; g < n; g++) {
		const struct cell *cl = c[g];
		const char *col = palette[g % NCOLORS];
		double cx = ML + band * ((double)g + 0.5), bw = fmin(band * 0.5, 120);
		struct stats_summary s;
		char fails[64];

		stats_summarize(cl->v, cl->nv, &s);
		/* a lab's thousands of runs: every step-th is drawn, the box is all of them */
		for (size_t k = 0, step = thin_step(cl->nv, STRIP_POINTS); k < cl->nv; k += step)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\" "
				"fill-opacity=\"0.6\"/>\n", cx + jitter(seq++) * bw * 0.45,
				svg_axis_px(&y, cl->v[k]), col);
		thinned |= cl->nv > STRIP_POINTS;
		if (cl->nv >= 2) {
			double iqr = s.q3 - s.q1, wlo = s.q3, whi = s.q1;

			for (size_t k = 0; k < cl->nv; k++) {
				if (cl->v[k] >= s.q1 - 1.5 * iqr)
					wlo = fmin(wlo, cl->v[k]);
				if (cl->v[k] <= s.q3 + 1.5 * iqr)
					whi = fmax(whi, cl->v[k]);
			}
			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
				"fill=\"none\" stroke=\"black\"/>\n", cx - bw / 2,
				svg_axis_px(&y, s.q3), bw, svg_axis_px(&y, s.q1) - svg_axis_px(&y, s.q3));
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				"stroke=\"black\" stroke-width=\"2.5\"/>\n", cx - bw / 2,
				svg_axis_px(&y, s.median), cx + bw / 2, svg_axis_px(&y, s.median));
			fprintf(f, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fV%.1f\" stroke=\"black\"/>\n",
				cx, svg_axis_px(&y, s.q3), svg_axis_px(&y, whi), cx, svg_axis_px(&y, s.q1),
				svg_axis_px(&y, wlo));
		}
		if (cl->nv)
			fprintf(f, "<path d=\"M%.1f %.1fl6 6l-6 6l-6 -6z\" fill=\"%s\" "
				"stroke=\"black\"/>\n", cx, svg_axis_px(&y, s.mean) - 6, MEAN_COLOR);
		/* a long configuration name (zswap:lz4:zsmalloc:30%+file) shrinks to its band */
		snprintf(buf, sizeof(buf), " font-size=\"%.1f\"",
			 fmax(7, fmin(12, band / (0.62 * (double)strlen(cl->group)))));
		svg_text(f, cx, H - MB + 18, "middle", buf, cl->group);
		if (cl->variant)
			svg_text(f, cx, H - MB + 48, "middle", " font-size=\"11\"", cl->variant);
		group_failures(cl, fails, sizeof(fails));
		snprintf(buf, sizeof(buf), "n=%zu%s%s", cl->nv, group_nfailed(cl) ? ", not ok: " : "",
			 group_nfailed(cl) ? fails : "");
		svg_text(f, cx, H - MB + 34, "middle", " font-size=\"11\"", buf);
	}
	for (size_t g = 0; g < n; g++)
		svg_legend_item(f, (int)g, MARK_DOT, palette[g % NCOLORS], name_of(c[g], buf, sizeof(buf)));
	svg_legend_item(f, (int)n, MARK_BOX, "black", "quartiles, median");
	svg_legend_item(f, (int)n + 1, MARK_MEAN, MEAN_COLOR, "mean");
	svg_text(f, W - MR + 20, MT + 10 + 20 * ((double)n + 2), "start", " font-size=\"10\"",
		 "whiskers: 1.5 IQR");
	snprintf(buf, sizeof(buf), "only status=ok runs; points jittered sideways%s",
		 thinned ? "; over " STR(STRIP_POINTS) " runs, an even sample drawn" : "");
	svg_text(f, (ML + W - MR) / 2.0, H - 6, "middle", " font-size=\"11\"", buf);
	fputs("</svg>\n", f);
	free(title);
	free(label);
}

struct placed {
	const struct run *r;
	size_t g;
};

/* the order the runs appeared in: theirs in ds->runs, which the cells point into */
static int cmp_seq(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const struct placed *)a)->r, y = (uintptr_t)((const struct placed *)b)->r;

	return (x > y) - (x < y);
}

static size_t in_order(const struct cell *const *c, size_t n, struct placed **out)
{
	size_t total = 0;

	for (size_t g = 0; g < n; g++)
		total += c[g]->nruns;
	*out = xcalloc(total, sizeof(**out));
	total = 0;
	for (size_t g = 0; g < n; g++)
		for (size_t k = 0; k < c[g]->nruns; k++)
			(*out)[total++] = (struct placed){ c[g]->runs[k], g };
	qsort(*out, total, sizeof(**out), cmp_seq);
	return total;
}

struct order_point {
	double x, y;	/* run position (1-based) and value, or a bin's mean position and median */
};

/* Group g's status=ok runs in order, each bin of per runs one point. */
static size_t order_points(const struct placed *all, size_t total, size_t g, const char *metric,
			   size_t per, struct order_point **out)
{
	double *bin = xcalloc(per, sizeof(*bin)), at = 0, v;
	size_t np = 0, nb = 0;

	*out = xcalloc(total / per + 2, sizeof(**out));
	for (size_t i = 0; i <= total; i++) {
		if (i < total && (all[i].g != g || all[i].r->status != ST_OK ||
				  !store_run_value(all[i].r, metric, &v)))
			continue;
		if (i < total) {
			bin[nb++] = v;
			at += (double)i + 1;
		}
		if (nb && (nb == per || i == total)) {
			struct stats_summary s;

			stats_summarize(bin, nb, &s);
			(*out)[np++] = (struct order_point){ at / (double)nb, s.median };
			nb = 0;
			at = 0;
		}
	}
	free(bin);
	return np;
}

static void order_plot(FILE *f, const char *workload, const char *metric,
		       const struct cell *const *c, size_t n)
{
	char *title = xasprintf("%s: %s in run order", workload, metric);
	char *label = axis_label(metric), buf[128];
	struct placed *all;
	size_t total = in_order(c, n, &all), nfail = 0, per = thin_step(total, ORDER_POINTS);
	struct svg_axis x, y;
	double lo, hi, last_cross = 0;

	y_range(c, n, &lo, &hi);
	svg_axis_fit(&y, lo, hi, H - MB, MT);
	svg_axis_fit(&x, 1, (double)(total > 1 ? total : 2), ML + 10, W - MR - 10);
	x.lo = fmax(x.lo, 0);
	x.step = fmax(1, round(x.step));
	svg_begin(f, title);
	svg_y_axis(f, &y, label);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", ML,
		H - MB, W - MR, H - MB);
	for (int k = 0, nt = svg_axis_ticks(&x); k < nt; k++) {
		double t = svg_axis_tick(&x, k);

		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>\n",
			svg_axis_px(&x, t), H - MB, svg_axis_px(&x, t), H - MB + 5);
		svg_text(f, svg_axis_px(&x, t), H - MB + 18, "middle", "", svg_tick_label(buf, t, x.step));
	}
	svg_text(f, (ML + W - MR) / 2.0, H - MB + 38, "middle", "",
		 "run order (n-th run of this workload)");
	for (size_t g = 0; g < n; g++) {
		struct order_point *pt;
		size_t np = order_points(all, total, g, metric, per, &pt);
		const char *col = palette[g % NCOLORS];

		fprintf(f, "<path fill=\"none\" stroke=\"%s\" stroke-opacity=\"0.5\" stroke-width=\"1.2\" d=\"", col);
		for (size_t i = 0; i < np; i++)
			fprintf(f, "%s%.1f %.1f", i ? " L" : "M", svg_axis_px(&x, pt[i].x),
				svg_axis_px(&y, pt[i].y));
		fputs("\"/>\n", f);
		for (size_t i = 0; i < np; i++)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\"/>\n",
				svg_axis_px(&x, pt[i].x), svg_axis_px(&y, pt[i].y), per > 1 ? "2" : "3", col);
		free(pt);
	}
	for (size_t i = 0; i < total; i++) {
		double px = svg_axis_px(&x, (double)i + 1);

		if (all[i].r->status == ST_OK)
			continue;
		/* one cross a pixel column: a lab's failures stay countable in the legend */
		if (!nfail++ || px - last_cross >= 1)
			fprintf(f, "<path d=\"M%.1f %dl8 8m0 -8l-8 8\" stroke=\"%s\" "
				"stroke-width=\"2\"/>\n", px - 4, H - MB - 12, palette[all[i].g % NCOLORS]);
		last_cross = px;
	}
	if (per > 1) {
		snprintf(buf, sizeof(buf), "each point: the median of %zu consecutive runs of its group", per);
		svg_text(f, (ML + W - MR) / 2.0, H - 6, "middle", " font-size=\"11\"", buf);
	}
	for (size_t g = 0; g < n; g++)
		svg_legend_item(f, (int)g, MARK_DOT, palette[g % NCOLORS], name_of(c[g], buf, sizeof(buf)));
	if (nfail)
		svg_legend_item(f, (int)n, MARK_CROSS, "black", "run not ok");
	fputs("</svg>\n", f);
	free(all);
	free(title);
	free(label);
}

struct plot_job {
	const char *workload, *metric;
	enum group_by by;
	const struct cell *const *c;
	size_t n;
};

static void draw_strip(FILE *f, void *arg)
{
	const struct plot_job *j = arg;

	strip_plot(f, j->workload, j->metric, j->by, j->c, j->n);
}

static void draw_order(FILE *f, void *arg)
{
	const struct plot_job *j = arg;

	order_plot(f, j->workload, j->metric, j->c, j->n);
}

static char *caption_strip(const struct plot_job *j)
{
	return xasprintf("%s by %s", j->metric, group_by_name(j->by));
}

static char *caption_order(const struct plot_job *j)
{
	(void)j;
	return xstrdup("run order");
}

/* A workload's pictures, in the order a report shows them. */
static const struct picture {
	const char *suffix;			/* DIR/<stem><suffix>.svg */
	char *(*caption)(const struct plot_job *);
	void (*draw)(FILE *, void *);
} pictures[] = {
	{ "", caption_strip, draw_strip },
	{ "-order", caption_order, draw_order },
};

/* 1 when a workload (its cells c[0..n)) has a run to plot: one with the metric, status=ok. */
static int plot_wanted(const struct cell *const *c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (c[i]->nv)
			return 1;
	return 0;
}

size_t plot_each(const struct dataset *ds, const char *metric, enum group_by by,
		 void (*fn)(const struct plot_pic *, void *), void *ctx)
{
	struct cells cs, *each = NULL;
	struct group_byworkload bw;
	struct variant *v = NULL;
	size_t nv = by == BY_BACKEND ? group_build_variants(ds, metric, by, &v, &each) : 0, nw;

	if (nv < 2) {
		group_build(ds, metric, by, NULL, NULL, &cs);
	} else {
		memset(&cs, 0, sizeof(cs));
		for (size_t i = 0; i < nv; i++) {
			for (size_t k = 0; k < each[i].n; k++) {
				grow(&cs.c, &cs.cap, cs.n, sizeof(*cs.c));
				cs.c[cs.n] = each[i].c[k];
				cs.c[cs.n++].variant = v[i].tiny;
			}
			free(each[i].c);	/* the cells' runs and values are cs's now */
			hmap_free(&each[i].ix);
		}
	}
	for (size_t i = 0; nv < 2 && i < nv; i++)
		group_free(&each[i]);
	free(each);
	group_byworkload(&cs, &bw);
	for (size_t w = 0; w < bw.nw; w++) {
		const struct cell **sel = &bw.at[bw.start[w]];
		struct plot_job job = { bw.wl[w], metric, by, sel, bw.start[w + 1] - bw.start[w] };
		char stem[128];
		struct plot_pic pic = { .workload = bw.wl[w], .stem = stem };

		plot_stem(stem, sizeof(stem), bw.wl[w]);
		if (!plot_wanted(sel, job.n)) {
			pic.last = 1;
			fn(&pic, ctx);
			continue;
		}
		for (size_t k = 0; k < sizeof(pictures) / sizeof(pictures[0]); k++) {
			pic.suffix = pictures[k].suffix;
			pic.caption = pictures[k].caption(&job);
			pic.draw = pictures[k].draw;
			pic.arg = &job;
			pic.last = k + 1 == sizeof(pictures) / sizeof(pictures[0]);
			fn(&pic, ctx);
			free(pic.caption);
		}
	}
	nw = bw.nw;
	group_byworkload_free(&bw);
	group_free(&cs);
	group_free_variants(v, nv);
	return nw;
}

struct to_files {
	const char *dir;
	FILE *log, *notes;
	int png;
};

static void write_picture(const struct plot_pic *pic, void *ctx)
{
	struct to_files *t = ctx;
	char *path;

	if (!pic->draw) {
		if (t->log)
			fprintf(t->log, "%s: no run passed, nothing to plot\n", pic->workload);
		return;
	}
	path = xasprintf("%s/%s%s.svg", t->dir, pic->stem, pic->suffix);
	svg_write(path, pic->draw, pic->arg);
	if (t->log)
		fprintf(t->log, "wrote %s\n", path);
	if (t->png && svg_render_png(path) < 0)
		fprintf(t->notes, "note: rsvg-convert failed on %s: PNG skipped\n", path);
	else if (t->png && t->log)
		fprintf(t->log, "wrote %s/%s%s.png\n", t->dir, pic->stem, pic->suffix);
	free(path);
}

size_t plot_all(const struct dataset *ds, const char *metric, enum group_by by,
		const char *dir, FILE *log, FILE *notes)
{
	struct to_files t = { dir, log, notes, svg_on_path("rsvg-convert") };
	size_t nw;

	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		die("%s: %s", dir, strerror(errno));
	nw = plot_each(ds, metric, by, write_picture, &t);
	if (!t.png && nw)
		fprintf(notes, "note: rsvg-convert is not on PATH: PNG plots skipped, SVG only\n");
	return nw;
}
