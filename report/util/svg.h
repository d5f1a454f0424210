#ifndef SBR_SVG_H
#define SBR_SVG_H
/*
 * The plots' drawing primitives: one frame, axes with round ticks, legend
 * marks. Every plot is drawn once, as SVG; its PNG is that SVG rendered by
 * rsvg-convert, so both formats show the same picture.
 */
#include <stdio.h>

/* The frame: size and the margins around the plotting area, in pixels. */
enum { W = 780, H = 460, ML = 80, MR = 210, MT = 50, MB = 84 };

struct svg_axis {
	double lo, hi, step;	/* data range covered and tick spacing */
	int p0, p1;		/* pixel positions of lo and hi */
};

enum svg_mark { MARK_DOT, MARK_BOX, MARK_MEAN, MARK_CROSS };

/* Covers lo..hi with ticks at 1, 2 or 5 times a power of ten, a step
 * of at least a dozen units in lo's and hi's last place. */
void svg_axis_fit(struct svg_axis *a, double lo, double hi, int p0, int p1);
/* An axis's ticks are counted, never stepped through in doubles: tick k
 * of svg_axis_ticks (at most SVG_TICKS_MAX) is at svg_axis_tick(a, k). */
#define SVG_TICKS_MAX 64
int svg_axis_ticks(const struct svg_axis *a);
double svg_axis_tick(const struct svg_axis *a, int k);
double svg_axis_px(const struct svg_axis *a, double v);
/* As many decimals as the tick step needs. */
const char *svg_tick_label(char *buf, double v, double step);
void svg_begin(FILE *f, const char *title);
void svg_text(FILE *f, double x, double y, const char *anchor, const char *extra, const char *s);
void svg_y_axis(FILE *f, const struct svg_axis *y, const char *label);
void svg_legend_item(FILE *f, int row, enum svg_mark m, const char *color, const char *label);
/* Writes path with draw(f, arg). */
void svg_write(const char *path, void (*draw)(FILE *, void *), void *arg);
int svg_on_path(const char *prog);
/* FILE.svg to FILE.png; 0 or -1 (nothing left behind). */
int svg_render_png(const char *svg);

#endif
