#include "plot.h"
#include "../lib/stats.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

enum { W = 780, H = 460, ML = 80, MR = 210, MT = 50, MB = 84 };

static const char *const palette[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
};
#define MEAN_COLOR "#d62728"
#define NCOLORS (sizeof(palette) / sizeof(palette[0]))

struct axis {
	double lo, hi, step;	/* data range covered and tick spacing */
	int p0, p1;		/* pixel positions of lo and hi */
};

void plot_stem(char *out, size_t size, const char *workload)
{
	util_safe_name(out, size, workload);
}

/* Tick spacing of 1, 2 or 5 times a power of ten giving about n ticks. */
static double nice_step(double range, int n)
{
	double raw = range / n, p = pow(10, floor(log10(raw))), f = raw / p;

	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

static void axis_fit(struct axis *a, double lo, double hi, int p0, int p1)
{
	if (!(hi > lo)) {
		double d = lo ? fabs(lo) * 0.1 : 1;

		lo -= d;
		hi += d;
	}
	a->step = nice_step(hi - lo, 6);
	a->lo = floor(lo / a->step) * a->step;
	a->hi = ceil(hi / a->step) * a->step;
	a->p0 = p0;
	a->p1 = p1;
}

static double axis_px(const struct axis *a, double v)
{
	return a->p0 + (v - a->lo) / (a->hi - a->lo) * (a->p1 - a->p0);
}

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default:
			if ((unsigned char)*s >= ' ' || *s == '\t')
				fputc(*s, f);
		}
	}
}

static void svg_text(FILE *f, double x, double y, const char *anchor, const char *extra,
		     const char *s)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>", x, y, anchor, extra);
	xml_text(f, s);
	fputs("</text>\n", f);
}

static void svg_begin(FILE *f, const char *title)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n", W, H, W, H);
	svg_text(f, (ML + W - MR) / 2.0, 28, "middle", " font-size=\"16\" font-weight=\"bold\"",
		 title);
}

/* As many decimals as the tick step needs, and no more. */
static const char *tick_label(char *buf, double v, double step)
{
	int dec = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);

	if (fabs(v) < step / 1e6)
		v = 0;
	snprintf(buf, 32, "%.*f", dec > 9 ? 9 : dec, v);
	return buf;
}

static void y_axis(FILE *f, const struct axis *y, const char *label)
{
	char buf[32];

	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", ML,
		MT, ML, H - MB);
	for (double v = y->lo; v <= y->hi + y->step / 2; v += y->step) {
		double py = axis_px(y, v);

		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
			ML, py, W - MR, py);
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"black\"/>\n",
			ML - 5, py, ML, py);
		svg_text(f, ML - 8, py + 4, "end", "", tick_label(buf, v, y->step));
	}
	fprintf(f, "<text transform=\"translate(20,%d) rotate(-90)\" text-anchor=\"middle\">",
		(MT + H - MB) / 2);
	xml_text(f, label);
	fputs("</text>\n", f);
}

enum mark { MARK_DOT, MARK_BOX, MARK_MEAN, MARK_CROSS };

static void legend_item(FILE *f, int row, enum mark m, const char *color, const char *label)
{
	int x = W - MR + 28, y = MT + 10 + 20 * row - 4;

	switch (m) {
	case MARK_DOT:
		fprintf(f, "<circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"/>\n", x, y, color);
		break;
	case MARK_BOX:
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"none\" "
			"stroke=\"black\"/>\n", x - 6, y - 6);
		break;
	case MARK_MEAN:
		fprintf(f, "<path d=\"M%d %dl6 6l-6 6l-6 -6z\" fill=\"%s\" stroke=\"black\"/>\n",
			x, y - 6, color);
		break;
	case MARK_CROSS:
		fprintf(f, "<path d=\"M%d %dl8 8m0 -8l-8 8\" stroke=\"%s\" stroke-width=\"2\"/>\n",
			x - 4, y - 4, color);
		break;
	}
	if (strlen(label) > 30) {
		char cut[40];

		snprintf(cut, sizeof(cut), "%.28s...", label);
		svg_text(f, x + 14, y + 4, "start", "", cut);
		return;
	}
	svg_text(f, x + 14, y + 4, "start", "", label);
}

/* The cell's name in legends: the group, and the variant if split by one. */
static const char *name_of(const struct cell *c, char *buf, size_t size)
{
	if (!c->variant)
		return c->group;
	snprintf(buf, size, "%s (%s)", c->group, c->variant);
	return buf;
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
	struct axis y;
	double lo, hi, band = (double)(W - MR - ML) / (double)(n ? n : 1);
	size_t seq = 0;

	y_range(c, n, &lo, &hi);
	axis_fit(&y, lo, hi, H - MB, MT);
	svg_begin(f, title);
	y_axis(f, &y, label);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", ML,
		H - MB, W - MR, H - MB);
	for (size_t g = 0; g < n; g++) {
		const struct cell *cl = c[g];
		const char *col = palette[g % NCOLORS];
		double cx = ML + band * ((double)g + 0.5), bw = fmin(band * 0.5, 120);
		struct stats_summary s;
		char fails[64];

		stats_summarize(cl->v, cl->nv, &s);
		for (size_t k = 0; k < cl->nv; k++)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\" "
				"fill-opacity=\"0.6\"/>\n", cx + jitter(seq++) * bw * 0.45,
				axis_px(&y, cl->v[k]), col);
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
				axis_px(&y, s.q3), bw, axis_px(&y, s.q1) - axis_px(&y, s.q3));
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
				"stroke=\"black\" stroke-width=\"2.5\"/>\n", cx - bw / 2,
				axis_px(&y, s.median), cx + bw / 2, axis_px(&y, s.median));
			fprintf(f, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fV%.1f\" stroke=\"black\"/>\n",
				cx, axis_px(&y, s.q3), axis_px(&y, whi), cx, axis_px(&y, s.q1),
				axis_px(&y, wlo));
		}
		if (cl->nv)
			fprintf(f, "<path d=\"M%.1f %.1fl6 6l-6 6l-6 -6z\" fill=\"%s\" "
				"stroke=\"black\"/>\n", cx, axis_px(&y, s.mean) - 6, MEAN_COLOR);
		svg_text(f, cx, H - MB + 18, "middle", "", cl->group);
		if (cl->variant)
			svg_text(f, cx, H - MB + 48, "middle", " font-size=\"11\"", cl->variant);
		group_failures(cl, fails, sizeof(fails));
		snprintf(buf, sizeof(buf), "n=%zu%s%s", cl->nv, group_nfailed(cl) ? ", not ok: " : "",
			 group_nfailed(cl) ? fails : "");
		svg_text(f, cx, H - MB + 34, "middle", " font-size=\"11\"", buf);
	}
	for (size_t g = 0; g < n; g++)
		legend_item(f, (int)g, MARK_DOT, palette[g % NCOLORS], name_of(c[g], buf, sizeof(buf)));
	legend_item(f, (int)n, MARK_BOX, "black", "quartiles, median");
	legend_item(f, (int)n + 1, MARK_MEAN, MEAN_COLOR, "mean");
	svg_text(f, W - MR + 20, MT + 10 + 20 * ((double)n + 2), "start", " font-size=\"10\"",
		 "whiskers: 1.5 IQR");
	svg_text(f, (ML + W - MR) / 2.0, H - 6, "middle", " font-size=\"11\"",
		 "only status=ok runs; points jittered sideways");
	fputs("</svg>\n", f);
	free(title);
	free(label);
}

struct placed {
	const struct run *r;
	size_t g;
};

static int cmp_seq(const void *a, const void *b)
{
	size_t x = ((const struct placed *)a)->r->seq, y = ((const struct placed *)b)->r->seq;

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

static void order_plot(FILE *f, const char *workload, const char *metric,
		       const struct cell *const *c, size_t n)
{
	char *title = xasprintf("%s: %s in run order", workload, metric);
	char *label = axis_label(metric), buf[128];
	struct placed *all;
	size_t total = in_order(c, n, &all), nfail = 0;
	struct axis x, y;
	double lo, hi, v;

	y_range(c, n, &lo, &hi);
	axis_fit(&y, lo, hi, H - MB, MT);
	axis_fit(&x, 1, (double)(total > 1 ? total : 2), ML + 10, W - MR - 10);
	x.lo = fmax(x.lo, 0);
	x.step = fmax(1, round(x.step));
	svg_begin(f, title);
	y_axis(f, &y, label);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", ML,
		H - MB, W - MR, H - MB);
	for (double t = x.lo; t <= x.hi + x.step / 2; t += x.step) {
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>\n",
			axis_px(&x, t), H - MB, axis_px(&x, t), H - MB + 5);
		svg_text(f, axis_px(&x, t), H - MB + 18, "middle", "", tick_label(buf, t, x.step));
	}
	svg_text(f, (ML + W - MR) / 2.0, H - MB + 38, "middle", "",
		 "run order (n-th run of this workload)");
	for (size_t g = 0; g < n; g++) {
		const char *col = palette[g % NCOLORS];
		int first = 1;

		fprintf(f, "<path fill=\"none\" stroke=\"%s\" stroke-opacity=\"0.5\" stroke-width=\"1.2\" d=\"", col);
		for (size_t i = 0; i < total; i++) {
			if (all[i].g != g || all[i].r->status != ST_OK ||
			    !run_value(all[i].r, metric, &v))
				continue;
			fprintf(f, "%s%.1f %.1f", first ? "M" : " L", axis_px(&x, (double)i + 1),
				axis_px(&y, v));
			first = 0;
		}
		fputs("\"/>\n", f);
	}
	for (size_t i = 0; i < total; i++) {
		const char *col = palette[all[i].g % NCOLORS];
		double px = axis_px(&x, (double)i + 1);

		if (all[i].r->status != ST_OK) {
			fprintf(f, "<path d=\"M%.1f %dl8 8m0 -8l-8 8\" stroke=\"%s\" "
				"stroke-width=\"2\"/>\n", px - 4, H - MB - 12, col);
			nfail++;
		} else if (run_value(all[i].r, metric, &v)) {
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", px,
				axis_px(&y, v), col);
		}
	}
	for (size_t g = 0; g < n; g++)
		legend_item(f, (int)g, MARK_DOT, palette[g % NCOLORS], name_of(c[g], buf, sizeof(buf)));
	if (nfail)
		legend_item(f, (int)n, MARK_CROSS, "black", "run not ok");
	fputs("</svg>\n", f);
	free(all);
	free(title);
	free(label);
}

static int on_path(const char *prog)
{
	const char *path = getenv("PATH");
	char *copy, *save = NULL;
	int found = 0;

	if (!path)
		return 0;
	copy = xstrdup(path);
	for (char *d = strtok_r(copy, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
		char *p = xasprintf("%s/%s", *d ? d : ".", prog);

		found = access(p, X_OK) == 0;
		free(p);
	}
	free(copy);
	return found;
}

/* Data blocks (one per group) and a script that draws both PNGs from them. */
static void write_gnuplot(const char *dir, const char *stem, const char *metric, const struct cell *const *c, size_t n)
{
	char *dat = xasprintf("%s/%s.dat", dir, stem), *gp = xasprintf("%s/%s.gp", dir, stem);
	char *label = axis_label(metric), buf[128];
	struct placed *all;
	size_t total = in_order(c, n, &all), seq = 0;
	FILE *f = xfopen(dat, "w");
	double v;

	fprintf(f, "# group x_jittered value run_order\n");
	for (size_t g = 0; g < n; g++) {
		fprintf(f, "%s# %s\n", g ? "\n\n" : "", name_of(c[g], buf, sizeof(buf)));
		for (size_t i = 0; i < total; i++)
			if (all[i].g == g && all[i].r->status == ST_OK &&
			    run_value(all[i].r, metric, &v))
				fprintf(f, "%zu %.4f %.17g %zu\n", g, (double)g + 0.2 * jitter(seq++),
					v, i + 1);
	}
	xfclose(f, dat);
	f = xfopen(gp, "w");
	fprintf(f, "if (strstrt(GPVAL_TERMINALS, \"pngcairo\") > 0) "
		"{ set terminal pngcairo size 800,480 } else { set terminal png size 800,480 }\n"
		"set termoption noenhanced\n"
		"set key outside right\nset grid ytics\nset ylabel \"%s\"\n"
		"set output \"%s.png\"\nset title \"%s: %s\"\nnames = \"",
		label, stem, stem, metric);
	for (size_t g = 0; g < n; g++) {
		char safe[64];

		util_safe_name(safe, sizeof(safe), name_of(c[g], buf, sizeof(buf)));
		fprintf(f, "%s%s", g ? " " : "", safe);
	}
	fprintf(f, "\"\nset xtics (");
	for (size_t g = 0; g < n; g++)
	{
		char safe[64];

		util_safe_name(safe, sizeof(safe), name_of(c[g], buf, sizeof(buf)));
		fprintf(f, "%s\"%s\" %zu", g ? ", " : "", safe, g);
	}
	fprintf(f, ")\nset xrange [-0.5:%zu.5]\nset style fill empty\nset style boxplot nooutliers\n"
		"plot for [i=0:%zu] \"%s.dat\" index i using (i):3:(0.4) with boxplot lc rgb "
		"\"black\" notitle, \\\n  for [i=0:%zu] \"%s.dat\" index i using 2:3 with points "
		"pt 7 ps 0.6 title word(names, i + 1)\n", n - 1, n - 1, stem, n - 1, stem);
	fprintf(f, "set output \"%s-order.png\"\nset title \"%s: %s in run order\"\n"
		"set xtics auto\nset xrange [*:*]\nset xlabel \"run order\"\n"
		"plot for [i=0:%zu] \"%s.dat\" index i using 4:3 with linespoints pt 7 ps 0.6 "
		"title word(names, i + 1)\n", stem, stem, metric, n - 1, stem);
	xfclose(f, gp);
	free(all);
	free(label);
	free(dat);
	free(gp);
}

static int run_gnuplot(const char *dir, const char *stem)
{
	char *script = xasprintf("%s.gp", stem);
	pid_t pid = fork();
	int status;

	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		char *log = xasprintf("%s.log", script);
		int fd;

		if (chdir(dir) < 0 || (fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0)
			_exit(127);
		/* its messages go to a file of their own, not over the report */
		dup2(fd, 1);
		dup2(fd, 2);
		execlp("gnuplot", "gnuplot", script, (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die("waitpid: %s", strerror(errno));
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		char *log = xasprintf("%s/%s.log", dir, script);

		unlink(log);
		free(log);
		free(script);
		return 0;
	}
	/* no half-drawn or empty PNG left behind */
	for (int i = 0; i < 2; i++) {
		char *png = xasprintf("%s/%s%s.png", dir, stem, i ? "-order" : "");

		unlink(png);
		free(png);
	}
	free(script);
	return -1;
}

static void write_svg(const char *path, void (*draw)(FILE *, void *), void *arg)
{
	FILE *f = xfopen(path, "w");

	draw(f, arg);
	xfclose(f, path);
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

int plot_wanted(const struct cells *cs, const char *workload)
{
	for (size_t i = 0; i < cs->n; i++)
		if (!strcmp(cs->c[i].workload, workload) && cs->c[i].nv)
			return 1;
	return 0;
}

size_t plot_all(const struct dataset *ds, const char *metric, enum group_by by,
		const char *dir, FILE *log)
{
	struct cells cs;
	const char **wl;
	const struct cell **sel;
	size_t nw;
	int gnuplot = on_path("gnuplot");

	struct variant *v = NULL;
	size_t nv = by == BY_BACKEND ? group_variants(ds, &v) : 0;

	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		die("%s: %s", dir, strerror(errno));
	if (nv < 2) {
		group_build(ds, metric, by, NULL, NULL, &cs);
	} else {
		memset(&cs, 0, sizeof(cs));
		for (size_t i = 0; i < nv; i++) {
			struct cells part;

			group_build(ds, metric, by, group_in_variant, &v[i], &part);
			for (size_t k = 0; k < part.n; k++) {
				grow(&cs.c, &cs.cap, cs.n, sizeof(*cs.c));
				cs.c[cs.n] = part.c[k];
				cs.c[cs.n++].variant = v[i].tiny;
			}
			free(part.c);
		}
	}
	nw = group_workloads(&cs, &wl);
	sel = xcalloc(cs.n, sizeof(*sel));
	for (size_t w = 0; w < nw; w++) {
		struct plot_job job = { wl[w], metric, by, sel, 0 };
		char stem[128], *path;

		for (size_t i = 0; i < cs.n; i++)
			if (!strcmp(cs.c[i].workload, wl[w]))
				sel[job.n++] = &cs.c[i];
		if (!plot_wanted(&cs, wl[w])) {
			fprintf(log, "%s: no run passed, nothing to plot\n", wl[w]);
			continue;
		}
		plot_stem(stem, sizeof(stem), wl[w]);
		path = xasprintf("%s/%s.svg", dir, stem);
		write_svg(path, draw_strip, &job);
		fprintf(log, "wrote %s\n", path);
		free(path);
		path = xasprintf("%s/%s-order.svg", dir, stem);
		write_svg(path, draw_order, &job);
		fprintf(log, "wrote %s\n", path);
		free(path);
		if (!gnuplot)
			continue;
		write_gnuplot(dir, stem, metric, sel, job.n);
		if (run_gnuplot(dir, stem) == 0)
			fprintf(log, "wrote %s/%s.png and %s/%s-order.png\n", dir, stem, dir, stem);
		else
			fprintf(log, "gnuplot failed on %s/%s.gp (its messages: %s/%s.gp.log): PNG skipped\n",
				dir, stem, dir, stem);
	}
	if (!gnuplot && nw)
		fprintf(log, "gnuplot is not on PATH: PNG plots skipped, SVG only\n");
	free(sel);
	free(wl);
	group_free(&cs);
	group_free_variants(v, nv);
	return nw;
}
