/* ioplot: the head's requests over time, per boot and backend (seekwatcher's io graph). */
#include "report/out/ioplot.h"
#include "report/source/store.h"
#include "report/util/escape.h"
#include "report/source/iorec.h"
#include "report/util/svg.h"
#include "report/util/util.h"
#include "lib/reckeys.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define READ_COLOR "#1f77b4"
#define WRITE_COLOR "#d62728"
#define FLUSH_COLOR "#2ca02c"
#define PART_FILL "#ff7f0e"
#define FILE_FILL "#9467bd"
/* Beyond this many requests a picture draws an even sample: a boot of 30
 * runs keeps 15000 and a browser would take seconds over the circles. */
#define IO_POINTS 3000
#define SECTOR 512.0

/* Three panels, one above the other, in a frame W wide. */
enum { P1_TOP = MT, P1_BOT = 330, P2_TOP = 370, P2_BOT = 490, P3_TOP = 530, P3_BOT = 650,
       CAPTION = 700, LINE = 15 };

/* A boot on a modelled disk: its meta record's disk= is a profile's name. */
static const char *model_of(const struct boot *b)
{
	const char *d = store_get(&b->meta, RK_DISK);

	return d && *d && strcmp(d, "host") && strcmp(d, "unknown") ? d : NULL;
}

/* An area of the disk the picture marks, in sectors. */
struct area {
	const char *name, *fill;
	double first, last;	/* inclusive */
	int known;
};

/* From the swap records: where the partition and the swapfile lie on the disk. */
static void areas_of(const struct boot *b, struct area *part, struct area *file)
{
	*part = (struct area){ "swap partition", PART_FILL, 0, 0, 0 };
	*file = (struct area){ "swapfile (in the filesystem)", FILE_FILL, 0, 0, 0 };
	for (size_t i = 0; i < b->more->nswaps; i++) {
		const struct record *r = &b->more->swaps[i];
		const char *be = store_get(r, RK_BACKEND);
		double first, last, kb;

		if (!be || !util_number(store_get(r, "first_lba"), &first))
			continue;
		if (!strcmp(be, "partition") && util_number(store_get(r, "size_kb"), &kb) && kb > 0)
			*part = (struct area){ part->name, part->fill, first, first + kb * 2 - 1, 1 };
		else if (!strcmp(be, "file") && util_number(store_get(r, "last_lba"), &last) && last >= first)
			*file = (struct area){ file->name, file->fill, first, last, 1 };
	}
}

struct picture {
	const struct boot *b;
	const char *backend, *disk;
	const struct run **runs;	/* the backend's runs with an account, in order */
	size_t nruns;
	size_t without;			/* its runs without one */
	double *offset;			/* each run's start on the time axis, s */
	double span;			/* all of them end to end, s */
	size_t nreq, step;		/* requests kept, and one in step drawn */
	unsigned long total, dropped;
	struct area part, file;
};

static double run_span(const struct run *r)
{
	double el = 0, end = 0;

	store_run_value(r, RK_ELAPSED_S, &el);
	for (size_t i = 0; i < r->io->n; i++)
		end = fmax(end, (double)(r->io->req[i].t_us + r->io->req[i].dur_us) / 1e6);
	return fmax(el, end);
}

static void axis_y(FILE *f, const struct svg_axis *y, const char *label)
{
	char buf[32];

	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", ML, y->p1, ML, y->p0);
	for (int k = 0, n = svg_axis_ticks(y); k < n; k++) {
		double v = svg_axis_tick(y, k), py = svg_axis_px(y, v);

		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", ML, py, W - MR, py);
		svg_text(f, ML - 8, py + 4, "end", "", svg_tick_label(buf, v, y->step));
	}
	fprintf(f, "<text transform=\"translate(20,%d) rotate(-90)\" text-anchor=\"middle\" font-size=\"11\">",
		(y->p0 + y->p1) / 2);
	fputs(label, f);	/* the module's own words: no record text */
	fputs("</text>\n", f);
}

static void axis_x(FILE *f, const struct svg_axis *x, int py)
{
	char buf[32];

	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", ML, py, W - MR, py);
	for (int k = 0, n = svg_axis_ticks(x); k < n; k++) {
		double t = svg_axis_tick(x, k);

		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>\n",
			svg_axis_px(x, t), py, svg_axis_px(x, t), py + 4);
		svg_text(f, svg_axis_px(x, t), py + 16, "middle", " font-size=\"10\"", svg_tick_label(buf, t, x->step));
	}
}

/* Run boundaries across all three panels, each run named by its test number. */
static void run_marks(FILE *f, const struct picture *p, const struct svg_axis *x)
{
	char buf[32];

	for (size_t k = 0; k < p->nruns; k++) {
		double px = svg_axis_px(x, p->offset[k]);

		if (k)
			fprintf(f, "<path d=\"M%.1f %dV%dM%.1f %dV%dM%.1f %dV%d\" stroke=\"#999\" stroke-dasharray=\"3 3\"/>\n",
				px, P1_TOP, P1_BOT, px, P2_TOP, P2_BOT, px, P3_TOP, P3_BOT);
		if (p->nruns <= 16) {
			snprintf(buf, sizeof(buf), "test %lu", p->runs[k]->num);
			svg_text(f, px + 3, P1_TOP + 10, "start", " font-size=\"9\" fill=\"#666\"", buf);
		}
	}
}

static void band(FILE *f, const struct area *a, const struct svg_axis *y)
{
	double lo = fmax(a->first * SECTOR / 1e9, y->lo), hi = fmin((a->last + 1) * SECTOR / 1e9, y->hi);
	double top, bot;

	if (!a->known || hi < lo)
		return;
	top = svg_axis_px(y, hi);
	bot = svg_axis_px(y, lo);
	if (bot - top < 2)	/* a thin area stays visible */
		top = bot - 2;
	fprintf(f, "<rect class=\"extent\" x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\" fill-opacity=\"0.15\"/>\n",
		ML, top, W - MR - ML, bot - top, a->fill);
}

/* Throughput: bytes of the requests completed in each of NBINS slices, each kept entry for stride. */
#define NBINS 80
static void throughput(const struct picture *p, double bin, double *r, double *w)
{
	memset(r, 0, NBINS * sizeof(*r));
	memset(w, 0, NBINS * sizeof(*w));
	for (size_t k = 0; k < p->nruns; k++) {
		const struct io_account *a = p->runs[k]->io;

		for (size_t i = 0; i < a->n; i++) {
			double t = p->offset[k] + (double)(a->req[i].t_us + a->req[i].dur_us) / 1e6;
			size_t at = (size_t)fmin(NBINS - 1, floor(t / bin));
			double mb = (double)a->req[i].sectors * SECTOR * (double)a->stride / 1e6;

			if (a->req[i].op == 'R')
				r[at] += mb / bin;
			else if (a->req[i].op == 'W')
				w[at] += mb / bin;
		}
	}
}

static void polyline(FILE *f, const double *v, double bin, const struct svg_axis *x,
		     const struct svg_axis *y, const char *color)
{
	fprintf(f, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.2\" d=\"", color);
	for (size_t i = 0; i < NBINS; i++)
		fprintf(f, "%s%.1f %.1fH%.1f", i ? "L" : "M", svg_axis_px(x, bin * (double)i),
			svg_axis_px(y, v[i]), svg_axis_px(x, bin * (double)(i + 1)));
	fputs("\"/>\n", f);
}

/* What the picture leaves out, said in words: the SVG's last lines and md's caption. */
static size_t caption(const struct picture *p, char lines[][200], size_t max)
{
	size_t n = 0, len = 0;
	unsigned long kept = 0;

	for (size_t k = 0; k < p->nruns; k++)
		kept += p->runs[k]->io->kept;
	snprintf(lines[n++], 200, "%zu run%s of %s end to end: %lu requests served, %lu kept in the accounts, "
		 "%zu drawn%s", p->nruns, p->nruns == 1 ? "" : "s", esc_str(p->backend), p->total, kept,
		 (p->nreq + p->step - 1) / p->step, p->step > 1 ? " (an even sample)" : "");
	if (p->dropped) {
		len = (size_t)snprintf(lines[n], 200, "account full: %lu of %lu requests left out (", p->dropped, p->total);
		/* as many runs as keep the line inside the picture's 700 px at 11 px */
		for (size_t k = 0; k < p->nruns && len < 95; k++) {
			const struct io_account *a = p->runs[k]->io;

			if (a->dropped)
				len += (size_t)snprintf(lines[n] + len, 200 - len, "%stest %lu: %lu, 1 in %lu kept",
							lines[n][len - 1] == '(' ? "" : "; ", p->runs[k]->num,
							a->dropped, a->stride);
		}
		snprintf(lines[n] + (len < 190 ? len : 190), 200 - (len < 190 ? len : 190), "%s)", len >= 95 ? "; ..." : "");
		n++;
	}
	if (p->without && n < max)
		snprintf(lines[n++], 200, "%zu run%s of %s without an account of requests (see the problems)",
			 p->without, p->without == 1 ? "" : "s", esc_str(p->backend));
	return n;
}

static void draw(FILE *f, void *arg)
{
	const struct picture *p = arg;
	struct svg_axis x, y, depth, mbs;
	char *title = xasprintf("boot %s, %s on %s: what the head did", esc_str(p->b->id),
				esc_str(p->backend), esc_str(p->disk));
	char lines[4][200];
	size_t ncap = caption(p, lines, 4), seen = 0;
	double lo = INFINITY, hi = -INFINITY, dmax = 1, bin = p->span / NBINS, r[NBINS], w[NBINS], top = 0;
	const struct area *own = !strcmp(p->backend, "file") ? &p->file : &p->part;

	for (size_t k = 0; k < p->nruns; k++)
		for (size_t i = 0; i < p->runs[k]->io->n; i++) {
			const struct io_req *q = &p->runs[k]->io->req[i];

			if (q->op != 'F') {
				lo = fmin(lo, (double)q->sector);
				hi = fmax(hi, (double)(q->sector + q->sectors));
			}
			dmax = fmax(dmax, q->depth);
		}
	if (own->known) {
		lo = fmin(lo, own->first);
		hi = fmax(hi, own->last + 1);
	}
	if (lo > hi)
		lo = hi = 0;
	throughput(p, bin, r, w);
	for (size_t i = 0; i < NBINS; i++)
		top = fmax(top, fmax(r[i], w[i]));
	svg_axis_fit(&x, 0, p->span, ML, W - MR);
	x.lo = 0;
	svg_axis_fit(&y, lo * SECTOR / 1e9, hi * SECTOR / 1e9, P1_BOT, P1_TOP);
	svg_axis_fit(&depth, 0, dmax, P2_BOT, P2_TOP);
	svg_axis_fit(&mbs, 0, top, P3_BOT, P3_TOP);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%zu\" viewBox=\"0 0 %d %zu\" "
		"font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		W, CAPTION + LINE * ncap + 10, W, CAPTION + LINE * ncap + 10);
	svg_text(f, (ML + W - MR) / 2.0, 28, "middle", " font-size=\"15\" font-weight=\"bold\"", title);
	band(f, &p->part, &y);
	band(f, &p->file, &y);
	axis_y(f, &y, "position on the disk (GB)");
	axis_y(f, &depth, "queue depth");
	axis_y(f, &mbs, "throughput (MB/s)");
	axis_x(f, &x, P1_BOT);
	axis_x(f, &x, P2_BOT);
	axis_x(f, &x, P3_BOT);
	svg_text(f, (ML + W - MR) / 2.0, P3_BOT + 32, "middle", "", "time (s of the guest's clock, the runs end to end)");
	run_marks(f, p, &x);
	fprintf(f, "<g class=\"requests\">\n");
	for (size_t k = 0; k < p->nruns; k++)
		for (size_t i = 0; i < p->runs[k]->io->n; i++, seen++) {
			const struct io_req *q = &p->runs[k]->io->req[i];
			double px = svg_axis_px(&x, p->offset[k] + (double)q->t_us / 1e6);

			if (seen % p->step)
				continue;
			if (q->op == 'F')
				fprintf(f, "<path d=\"M%.1f %dv-8\" stroke=\"%s\"/>\n", px, P1_BOT, FLUSH_COLOR);
			else
				fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.6\" fill=\"%s\"/>\n", px,
					svg_axis_px(&y, (double)q->sector * SECTOR / 1e9), q->op == 'R' ? READ_COLOR : WRITE_COLOR);
		}
	fprintf(f, "</g>\n");
	/* the depth each request found, as a mark at its arrival */
	for (int op = 0; op < 2; op++) {
		fprintf(f, "<path stroke=\"%s\" stroke-width=\"1\" d=\"", op ? WRITE_COLOR : READ_COLOR);
		for (size_t k = 0; k < p->nruns; k++)
			for (size_t i = 0; i < p->runs[k]->io->n; i++) {
				const struct io_req *q = &p->runs[k]->io->req[i];

				if ((q->op == 'W') == op && q->op != 'F')
					fprintf(f, "M%.1f %.1fh2", svg_axis_px(&x, p->offset[k] + (double)q->t_us / 1e6),
						svg_axis_px(&depth, q->depth));
			}
		fputs("\"/>\n", f);
	}
	polyline(f, r, bin, &x, &mbs, READ_COLOR);
	polyline(f, w, bin, &x, &mbs, WRITE_COLOR);
	svg_legend_item(f, 0, MARK_DOT, READ_COLOR, "read");
	svg_legend_item(f, 1, MARK_DOT, WRITE_COLOR, "write");
	svg_legend_item(f, 2, MARK_CROSS, FLUSH_COLOR, "flush");
	svg_legend_item(f, 3, MARK_BOX, PART_FILL, p->part.known ? "swap partition" : "swap partition: not recorded");
	svg_legend_item(f, 4, MARK_BOX, FILE_FILL, p->file.known ? "swapfile, in the filesystem" : "swapfile: not recorded");
	svg_text(f, W - MR + 20, P2_TOP + 10, "start", " font-size=\"10\"", "depth: requests in the drive");
	svg_text(f, W - MR + 20, P2_TOP + 24, "start", " font-size=\"10\"", "on each one's arrival");
	svg_text(f, W - MR + 20, P3_TOP + 10, "start", " font-size=\"10\"", "MB/s completed a slice of");
	{
		char buf[64];

		snprintf(buf, sizeof(buf), "%.3g s; an entry counts stride times", bin);
		svg_text(f, W - MR + 20, P3_TOP + 24, "start", " font-size=\"10\"", buf);
	}
	for (size_t i = 0; i < ncap; i++)
		svg_text(f, ML, CAPTION + LINE * (double)i, "start", " font-size=\"11\"", lines[i]);
	fputs("</svg>\n", f);
	free(title);
}

static void picture_free(struct picture *p)
{
	free(p->runs);
	free(p->offset);
}

/* Each boot's runs, in their order: at[start[i]..start[i + 1]) for boot i,
 * made once so that a lab of many boots is not scanned once a boot. */
struct boot_runs {
	const struct run **at;
	size_t *start;
};

static void boot_runs_make(const struct dataset *ds, struct boot_runs *br)
{
	size_t *fill = xcalloc(ds->nboots + 1, sizeof(*fill));

	br->start = xcalloc(ds->nboots + 1, sizeof(*br->start));
	br->at = xcalloc(ds->nruns ? ds->nruns : 1, sizeof(*br->at));
	for (size_t i = 0; i < ds->nruns; i++)
		br->start[ds->runs[i].boot->index + 1]++;
	for (size_t i = 0; i < ds->nboots; i++)
		br->start[i + 1] += br->start[i];
	memcpy(fill, br->start, (ds->nboots + 1) * sizeof(*fill));
	for (size_t i = 0; i < ds->nruns; i++)
		br->at[fill[ds->runs[i].boot->index]++] = &ds->runs[i];
	free(fill);
}

static void boot_runs_free(struct boot_runs *br)
{
	free(br->at);
	free(br->start);
}

/* The backend's runs in boot b; 0 if none has an account. */
static int picture_of(const struct boot_runs *br, const struct boot *b, const char *backend,
		      struct picture *p)
{
	memset(p, 0, sizeof(*p));
	p->b = b;
	p->backend = backend;
	p->disk = model_of(b);
	areas_of(b, &p->part, &p->file);
	for (size_t i = br->start[b->index]; i < br->start[b->index + 1]; i++) {
		const struct run *r = br->at[i];

		if (strcmp(r->backend, backend))
			continue;
		if (!r->io) {
			p->without++;
			continue;
		}
		p->runs = xrealloc(p->runs, (p->nruns + 1) * sizeof(*p->runs));
		p->offset = xrealloc(p->offset, (p->nruns + 1) * sizeof(*p->offset));
		p->offset[p->nruns] = p->span;
		p->runs[p->nruns++] = r;
		p->span += run_span(r);
		p->nreq += r->io->n;
		p->total += r->io->total;
		p->dropped += r->io->dropped;
	}
	if (!(p->span > 0))
		p->span = 1;
	p->step = p->nreq > IO_POINTS ? (p->nreq + IO_POINTS - 1) / IO_POINTS : 1;
	return p->nruns > 0;
}

/* fn(b, backend, picture, ctx) for each backend of boot b whose runs have
 * accounts, in the order the runs came; returns how many */
typedef void picture_fn(const struct boot *b, const char *backend, struct picture *p, void *ctx);

static size_t boot_pictures(const struct boot_runs *br, const struct boot *b, picture_fn *fn, void *ctx)
{
	const char **seen = NULL;
	size_t nseen = 0, drawn = 0;

	for (size_t k = br->start[b->index]; k < br->start[b->index + 1]; k++) {
		const struct run *r = br->at[k];
		struct picture p;
		size_t s;

		if (r->boot != b)
			continue;
		for (s = 0; s < nseen && strcmp(seen[s], r->backend); s++)
			;
		if (s < nseen)
			continue;
		seen = xrealloc(seen, (nseen + 1) * sizeof(*seen));
		seen[nseen++] = r->backend;
		if (picture_of(br, b, r->backend, &p)) {
			fn(b, r->backend, &p, ctx);
			drawn++;
		}
		picture_free(&p);
	}
	free(seen);
	return drawn;
}

struct each {
	void (*fn)(const struct plot_pic *, void *);
	void *ctx;
};

static void each_picture(const struct boot *b, const char *backend, struct picture *p, void *ctx)
{
	const struct each *e = ctx;
	char lines[4][200];
	size_t ncap = caption(p, lines, 4);
	char *label = xasprintf("boot %s, %s on %s", b->id, backend, p->disk);
	char *text = xasprintf("the sector, the queue depth and the throughput over time%s%s%s%s%s%s%s%s",
			       ncap > 0 ? "; " : "", ncap > 0 ? lines[0] : "", ncap > 1 ? " " : "",
			       ncap > 1 ? lines[1] : "", ncap > 2 ? " " : "", ncap > 2 ? lines[2] : "",
			       ncap > 3 ? " " : "", ncap > 3 ? lines[3] : "");
	struct plot_pic pic = { label, "io", "", text, draw, p, 1 };

	e->fn(&pic, e->ctx);
	free(label);
	free(text);
}

size_t ioplot_each(const struct dataset *ds, void (*fn)(const struct plot_pic *, void *), void *ctx)
{
	struct each e = { fn, ctx };
	struct boot_runs br;
	size_t drawn = 0;

	boot_runs_make(ds, &br);
	for (size_t i = 0; i < ds->nboots; i++)
		if (model_of(ds->boots[i]))
			drawn += boot_pictures(&br, ds->boots[i], each_picture, &e);
	boot_runs_free(&br);
	return drawn;
}

struct files {
	const char *dir;
	FILE *log, *md;
	size_t written;
};

static void file_picture(const struct boot *b, const char *backend, struct picture *p, void *ctx)
{
	struct files *f = ctx;
	char id[64], be[64], lines[4][200];
	size_t ncap = caption(p, lines, 4);
	char *path;

	if (!f->written++ && mkdir(f->dir, 0777) < 0 && errno != EEXIST)
		die("%s: %s", f->dir, strerror(errno));
	util_safe_name(id, sizeof(id), b->id);
	util_safe_name(be, sizeof(be), backend);
	path = xasprintf("%s/io-%s-%s.svg", f->dir, id, be);
	svg_write(path, draw, p);
	if (f->log)
		fprintf(f->log, "wrote %s\n", path);
	if (f->md) {
		fprintf(f->md, "![boot %s, %s on %s: the sector, the queue depth and the throughput over time](io-%s-%s.svg)\n\n",
			esc_md_str(b->id, 0), esc_md_str(backend, 0), esc_md_str(p->disk, 0), id, be);
		for (size_t c = 0; c < ncap; c++)
			fprintf(f->md, "%s%s\n", c ? "" : "*", esc_md_str(lines[c], 0));
		fprintf(f->md, "\n");
	}
	free(path);
}

size_t ioplot_all(const struct dataset *ds, const char *dir, FILE *log, FILE *md)
{
	struct files f = { dir, log, md, 0 };
	struct boot_runs br;
	size_t modelled = 0;

	boot_runs_make(ds, &br);
	for (size_t i = 0; i < ds->nboots; i++) {
		const struct boot *b = ds->boots[i];

		if (!model_of(b))
			continue;
		modelled++;
		if (boot_pictures(&br, b, file_picture, &f))
			continue;
		if (log)
			fprintf(log, "boot %s on %s: no account of requests in its records, no picture of the head\n",
				esc_str(b->id), esc_str(model_of(b)));
		if (md)
			fprintf(md, "Boot %s on %s: no account of requests in its records (an image older than the "
				"io records), no picture of the head.\n\n", esc_md_str(b->id, 0), esc_md_str(model_of(b), 0));
	}
	boot_runs_free(&br);
	if (!modelled && log)
		fprintf(log, "no picture of the head: no boot ran on a modelled disk (DISK=NAME)\n");
	return f.written;
}
