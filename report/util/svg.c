/* svg: the drawing primitives of the plots, and the PNG made from each SVG. */
#include "report/util/svg.h"
#include "report/util/escape.h"
#include "report/util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Tick spacing of 1, 2 or 5 times a power of ten giving about n ticks. */
static double nice_step(double range, int n)
{
	double raw = range / n, p = pow(10, floor(log10(raw))), f = raw / p;

	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * p;
}

void svg_axis_fit(struct svg_axis *a, double lo, double hi, int p0, int p1)
{
	double m, ulp;

	if (!isfinite(lo) || !isfinite(hi) || !isfinite(hi - lo)) {	/* nothing to scale: 0..1 */
		lo = 0;
		hi = 1;
	}
	if (!(hi > lo)) {
		double d = lo ? fabs(lo) * 0.1 : 1;

		lo -= d;
		hi += d;
	}
	a->step = nice_step(hi - lo, 6);
	/* a step doubles cannot take at lo's and hi's magnitude (1e17 and 1e17 + 32)
	 * grows to a dozen units in their last place: every tick its own value */
	m = fmax(fabs(lo), fabs(hi));
	ulp = nextafter(m, INFINITY) - m;
	if (a->step < 16 * ulp)
		a->step = nice_step(16 * ulp * 6, 6);
	a->lo = floor(lo / a->step) * a->step;
	a->hi = ceil(hi / a->step) * a->step;
	a->p0 = p0;
	a->p1 = p1;
}

int svg_axis_ticks(const struct svg_axis *a)
{
	double q = floor((a->hi - a->lo) / a->step + 0.5);

	if (!(q >= 0))	/* NaN too */
		return 0;
	return q >= SVG_TICKS_MAX ? SVG_TICKS_MAX : (int)q + 1;
}

double svg_axis_tick(const struct svg_axis *a, int k)
{
	return a->lo + k * a->step;
}

double svg_axis_px(const struct svg_axis *a, double v)
{
	return a->p0 + (v - a->lo) / (a->hi - a->lo) * (a->p1 - a->p0);
}

/* Record text into the SVG: escaped as for HTML, which keeps XML well-formed. */
static void xml_text(FILE *f, const char *s)
{
	esc_html(f, s);
}

void svg_text(FILE *f, double x, double y, const char *anchor, const char *extra,
		     const char *s)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s>", x, y, anchor, extra);
	xml_text(f, s);
	fputs("</text>\n", f);
}

void svg_begin(FILE *f, const char *title)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n", W, H, W, H);
	svg_text(f, (ML + W - MR) / 2.0, 28, "middle", " font-size=\"16\" font-weight=\"bold\"",
		 title);
}

/* As many decimals as the tick step needs, and no more. */
const char *svg_tick_label(char *buf, double v, double step)
{
	int dec = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);

	if (fabs(v) < step / 1e6)
		v = 0;
	snprintf(buf, 32, "%.*f", dec > 9 ? 9 : dec, v);
	return buf;
}

void svg_y_axis(FILE *f, const struct svg_axis *y, const char *label)
{
	char buf[32];

	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", ML,
		MT, ML, H - MB);
	for (int k = 0, n = svg_axis_ticks(y); k < n; k++) {
		double v = svg_axis_tick(y, k), py = svg_axis_px(y, v);

		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
			ML, py, W - MR, py);
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"black\"/>\n",
			ML - 5, py, ML, py);
		svg_text(f, ML - 8, py + 4, "end", "", svg_tick_label(buf, v, y->step));
	}
	fprintf(f, "<text transform=\"translate(20,%d) rotate(-90)\" text-anchor=\"middle\">",
		(MT + H - MB) / 2);
	xml_text(f, label);
	fputs("</text>\n", f);
}

void svg_legend_item(FILE *f, int row, enum svg_mark m, const char *color, const char *label)
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
	/* the legend column holds about 24 characters at 12 px: a longer label
	 * gets a smaller font, down to 7 px, and past 40 bytes is cut between
	 * two characters */
	size_t len = strlen(label);
	char extra[32] = "", cut[48];

	if (len > 24)
		snprintf(extra, sizeof(extra), " font-size=\"%.1f\"", len > 40 ? 7.2 : 12.0 * 24 / (double)len);
	if (len > 40) {
		snprintf(cut, sizeof(cut), "%.*s...", (int)esc_cut(label, 37), label);
		label = cut;
	}
	svg_text(f, x + 14, y + 4, "start", extra, label);
}

int svg_on_path(const char *prog)
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

/* The PNG is the SVG rendered, so both formats show one picture. */
int svg_render_png(const char *svg)
{
	size_t n = strlen(svg);
	char *png = xasprintf("%.*s.png", (int)(n - 4), svg);
	pid_t pid = fork();
	int status;

	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)	/* its messages would land in the report; the failure is named */
			dup2(null, 2);
		execlp("rsvg-convert", "rsvg-convert", "--format=png", "--output", png, svg,
		       (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die("waitpid: %s", strerror(errno));
	status = WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
	if (status)
		unlink(png);
	free(png);
	return status;
}

void svg_write(const char *path, void (*draw)(FILE *, void *), void *arg)
{
	FILE *f = xfopen(path, "w");

	draw(f, arg);
	xfclose(f, path);
}

