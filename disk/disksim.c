/*
 * ds: DiskSim's drive descriptions into a swapbench profile (disksim.h).
 * The files are blocks of "Key = value," lines: "TYPE NAME {" opens one at
 * the top, "Key = TYPE {" a nested one, "Key = [" a list (of numbers or of
 * blocks), "}" and "]" close them, '#' to the end of a line is a comment.
 * Every key is in the table below: a figure the model takes, a value it
 * must have (what the model does), or a key that cannot change a replay
 * of one request at a time, with why. Anything else is refused by name.
 */
#include "disksim.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

enum how { NUM, MUST, ANY, STR, BLOCK, LIST };

/* the figures, by slot */
enum slot {
	S_NONE, S_PERREQ, S_SCALE, S_BULK, S_HITWRITE, S_QUEUE, S_SEGS, S_WSEGS, S_SEGSIZE, S_SEPW, S_LOWW,
	S_HIGHW, S_BCR, S_RAMIN, S_RAMAX, S_RAOVER, S_RAIDLE, S_FWL, S_IMMREAD, S_RHR, S_RHW, S_RMR, S_RMW,
	S_WHR, S_WHW, S_WMR, S_WMW, S_RDONE, S_WDONE, S_PREP, S_RESEL1, S_RDISCR, S_RDISCW, S_EXTRA,
	S_XCMD, S_XDISC, S_XDELAY, S_XSEEK, S_MINSEEK, S_HEADS, S_CYLS, S_BLOCKS, S_SPARING, S_RANGE,
	S_SINGLE, S_AVG, S_FULL, S_SETTLE, S_HSW, S_RPM, S_NSLOTS
};

static const struct param {
	const char *block, *key;
	enum how how;
	int slot;
	const char *arg;	/* MUST: the value; ANY: why it changes nothing; STR/BLOCK: what */
} params[] = {
	{ "disksim_disk", "Model", STR, 0, "source" },
	{ "disksim_disk", "Per-request overhead time", NUM, S_PERREQ, NULL },
	{ "disksim_disk", "Time scale for overheads", NUM, S_SCALE, NULL },
	{ "disksim_disk", "Bulk sector transfer time", NUM, S_BULK, NULL },
	{ "disksim_disk", "Hold bus entire read xfer", ANY, 0, "one drive on its bus: holding it delays no one" },
	{ "disksim_disk", "Hold bus entire write xfer", ANY, 0, "one drive on its bus: holding it delays no one" },
	{ "disksim_disk", "Never disconnect", ANY, 0, "one drive on its bus: holding it delays no one" },
	{ "disksim_disk", "Allow almost read hits", MUST, 0, "0" },
	{ "disksim_disk", "Allow sneaky full read hits", MUST, 0, "0" },
	{ "disksim_disk", "Allow sneaky partial read hits", MUST, 0, "0" },
	{ "disksim_disk", "Allow sneaky intermediate read hits", MUST, 0, "0" },
	{ "disksim_disk", "Allow read hits on write data", NUM, S_HITWRITE, NULL },
	{ "disksim_disk", "Allow write prebuffering", MUST, 0, "0" },
	{ "disksim_disk", "Preseeking level", MUST, 0, "0" },
	{ "disksim_disk", "Print stats", ANY, 0, "DiskSim's output, not the drive" },
	{ "disksim_disk", "Avg sectors per cylinder", ANY, 0, "for host schedulers; the disk does not use it" },
	{ "disksim_disk", "Max queue length", MUST, S_QUEUE, "1" },
	{ "disksim_disk", "Scheduler", BLOCK, 0, "disksim_ioqueue" },
	{ "disksim_ioqueue", NULL, ANY, 0, "one request at a time (Max queue length 1): nothing to schedule" },
	{ "disksim_disk", "Number of buffer segments", NUM, S_SEGS, NULL },
	{ "disksim_disk", "Maximum number of write segments", NUM, S_WSEGS, NULL },
	{ "disksim_disk", "Segment size (in blks)", NUM, S_SEGSIZE, NULL },
	{ "disksim_disk", "Use separate write segment", NUM, S_SEPW, NULL },
	{ "disksim_disk", "Low (write) water mark", NUM, S_LOWW, NULL },
	{ "disksim_disk", "High (read) water mark", NUM, S_HIGHW, NULL },
	{ "disksim_disk", "Set watermark by reqsize", ANY, 0, "the water marks are taken only where moot" },
	{ "disksim_disk", "Calc sector by sector", ANY, 0, "no effect on accuracy (DiskSim's manual)" },
	{ "disksim_disk", "Enable caching in buffer", MUST, 0, "1" },
	{ "disksim_disk", "Buffer continuous read", NUM, S_BCR, NULL },
	{ "disksim_disk", "Minimum read-ahead (blks)", NUM, S_RAMIN, NULL },
	{ "disksim_disk", "Maximum read-ahead (blks)", NUM, S_RAMAX, NULL },
	{ "disksim_disk", "Read-ahead over requested", NUM, S_RAOVER, NULL },
	{ "disksim_disk", "Read-ahead on idle hit", NUM, S_RAIDLE, NULL },
	{ "disksim_disk", "Read any free blocks", MUST, 0, "0" },
	{ "disksim_disk", "Fast write level", NUM, S_FWL, NULL },
	{ "disksim_disk", "Immediate buffer read", NUM, S_IMMREAD, NULL },
	{ "disksim_disk", "Immediate buffer write", MUST, 0, "0" },
	{ "disksim_disk", "Combine seq writes", MUST, 0, "1" },
	{ "disksim_disk", "Stop prefetch in sector", ANY, 0, "read-ahead stops within a sector's time either way" },
	{ "disksim_disk", "Disconnect write if seek", MUST, 0, "0" },
	{ "disksim_disk", "Write hit stop prefetch", MUST, 0, "1" },
	{ "disksim_disk", "Read directly to buffer", MUST, 0, "1" },
	{ "disksim_disk", "Immed transfer partial hit", ANY, 0,
	  "a partial hit is a miss whose head is where the read-ahead left it" },
	{ "disksim_disk", "Read hit over. after read", NUM, S_RHR, NULL },
	{ "disksim_disk", "Read hit over. after write", NUM, S_RHW, NULL },
	{ "disksim_disk", "Read miss over. after read", NUM, S_RMR, NULL },
	{ "disksim_disk", "Read miss over. after write", NUM, S_RMW, NULL },
	{ "disksim_disk", "Write hit over. after read", NUM, S_WHR, NULL },
	{ "disksim_disk", "Write hit over. after write", NUM, S_WHW, NULL },
	{ "disksim_disk", "Write miss over. after read", NUM, S_WMR, NULL },
	{ "disksim_disk", "Write miss over. after write", NUM, S_WMW, NULL },
	{ "disksim_disk", "Read completion overhead", NUM, S_RDONE, NULL },
	{ "disksim_disk", "Write completion overhead", NUM, S_WDONE, NULL },
	{ "disksim_disk", "Data preparation overhead", NUM, S_PREP, NULL },
	{ "disksim_disk", "First reselect overhead", NUM, S_RESEL1, NULL },
	{ "disksim_disk", "Other reselect overhead", ANY, 0, "a request reconnects once where the bus takes no time" },
	{ "disksim_disk", "Read disconnect afterread", NUM, S_RDISCR, NULL },
	{ "disksim_disk", "Read disconnect afterwrite", NUM, S_RDISCW, NULL },
	{ "disksim_disk", "Write disconnect overhead", ANY, 0, "after a write's data are in, beside its media work" },
	{ "disksim_disk", "Extra write disconnect", NUM, S_EXTRA, NULL },
	{ "disksim_disk", "Extradisc command overhead", NUM, S_XCMD, NULL },
	{ "disksim_disk", "Extradisc disconnect overhead", NUM, S_XDISC, NULL },
	{ "disksim_disk", "Extradisc inter-disconnect delay", NUM, S_XDELAY, NULL },
	{ "disksim_disk", "Extradisc 2nd disconnect overhead", ANY, 0, "after a write's data are in, beside its media work" },
	{ "disksim_disk", "Extradisc seek delta", NUM, S_XSEEK, NULL },
	{ "disksim_disk", "Minimum seek delay", NUM, S_MINSEEK, NULL },
	{ "dm_disk", "Number of data surfaces", NUM, S_HEADS, NULL },
	{ "dm_disk", "Number of cylinders", NUM, S_CYLS, NULL },
	{ "dm_disk", "Block count", NUM, S_BLOCKS, NULL },
	{ "dm_disk", "Layout Model", BLOCK, 0, "dm_layout_g1" },
	{ "dm_disk", "Mechanical Model", BLOCK, 0, "dm_mech_g1" },
	{ "dm_layout_g1", "LBN-to-PBN mapping scheme", MUST, 0, "0" },
	{ "dm_layout_g1", "Sparing scheme used", NUM, S_SPARING, NULL },
	{ "dm_layout_g1", "Rangesize for sparing", NUM, S_RANGE, NULL },
	{ "dm_layout_g1", "Zones", LIST, 0, "dm_layout_g1_zone" },
	{ "dm_layout_g1_zone", "First cylinder number", NUM, 0, NULL },
	{ "dm_layout_g1_zone", "Last cylinder number", NUM, 1, NULL },
	{ "dm_layout_g1_zone", "Blocks per track", NUM, 2, NULL },
	{ "dm_layout_g1_zone", "Skew for track switch", NUM, 3, NULL },
	{ "dm_layout_g1_zone", "Skew for cylinder switch", NUM, 4, NULL },
	{ "dm_layout_g1_zone", "Number of spares", NUM, 5, NULL },
	{ "dm_layout_g1_zone", "Empty space at zone front", NUM, 6, NULL },
	{ "dm_layout_g1_zone", "Offset of first block", NUM, 7, NULL },
	{ "dm_layout_g1_zone", "slips", LIST, 0, NULL },
	{ "dm_layout_g1_zone", "defects", LIST, 0, NULL },
	{ "dm_mech_g1", "Access time type", MUST, 0, "trackSwitchPlusRotation" },
	{ "dm_mech_g1", "Seek type", STR, 0, "seek" },
	{ "dm_mech_g1", "Single cylinder seek time", NUM, S_SINGLE, NULL },
	{ "dm_mech_g1", "Average seek time", NUM, S_AVG, NULL },
	{ "dm_mech_g1", "Full strobe seek time", NUM, S_FULL, NULL },
	{ "dm_mech_g1", "Full seek curve", STR, 0, "curve" },
	{ "dm_mech_g1", "Add. write settling delay", NUM, S_SETTLE, NULL },
	{ "dm_mech_g1", "HPL seek equation values", LIST, 0, NULL },
	{ "dm_mech_g1", "First ten seek times", LIST, 0, NULL },
	{ "dm_mech_g1", "Head switch time", NUM, S_HSW, NULL },
	{ "dm_mech_g1", "Rotation speed (in rpms)", NUM, S_RPM, NULL },
	{ "dm_mech_g1", "Percent error in rpms", MUST, 0, "0" },
};
#define NPARAMS (sizeof(params) / sizeof(params[0]))

#define ZMAX DMODEL_ZONES_MAX
#define SLMAX 64	/* slips a zone */

struct ds {
	char name[64], dname[128], model[256], curve[256], seektype[32], dir[512];
	double v[S_NSLOTS];
	int seen[S_NSLOTS];
	double zone[ZMAX][8];
	int zone_seen[ZMAX][8];
	double slips[ZMAX][SLMAX];
	int nslips[ZMAX], nzones;
	double hpl[6], ten[10];
	int nhpl, nten;
	double seekd[DMODEL_SEEK_MAX], seekms[DMODEL_SEEK_MAX];
	int nseek;
	double defect;
	int ndef;
	/* the parse: file, line, the error */
	const char *file;
	int line;
	char *err;
	size_t errlen;
};

static int fail(struct ds *d, const char *fmt, ...)
{
	va_list ap;
	int w = snprintf(d->err, d->errlen, "%s:%d: ", d->file, d->line);

	va_start(ap, fmt);
	if (w >= 0 && (size_t)w < d->errlen)
		vsnprintf(d->err + w, d->errlen - (size_t)w, fmt, ap);
	va_end(ap);
	return -1;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n'))
		*--e = 0;
	return s;
}

static int number(struct ds *d, const char *what, const char *s, double *x)
{
	char *end;

	errno = 0;
	*x = strtod(s, &end);
	if (end == s || *trim(end) || errno || !isfinite(*x))
		return fail(d, "%s: '%s' is not a number", what, s);
	return 0;
}

static const struct param *lookup(const char *block, const char *key)
{
	for (size_t i = 0; i < NPARAMS; i++)
		if (!strcmp(params[i].block, block) && (!params[i].key || !strcmp(params[i].key, key)))
			return &params[i];
	return NULL;
}

static char *slurp(struct ds *d, const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	d->file = path;
	d->line = 0;
	if (!f) {
		snprintf(d->err, d->errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || n > (1 << 22) || fseek(f, 0, SEEK_SET)) {
		fclose(f);
		snprintf(d->err, d->errlen, "%s: unreadable or larger than 4 MiB", path);
		return NULL;
	}
	buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		free(buf);
		snprintf(d->err, d->errlen, "%s: cannot read it", path);
		return NULL;
	}
	fclose(f);
	buf[n] = 0;
	if (strlen(buf) != (size_t)n) {
		free(buf);
		snprintf(d->err, d->errlen, "%s: holds a NUL byte", path);
		return NULL;
	}
	return buf;
}

/* a file's value "NAME" relative to the folder, into out */
static int sibling(struct ds *d, const char *what, const char *v, char *out, size_t len)
{
	if (!*v || strchr(v, '/') || strstr(v, ".."))
		return fail(d, "%s: '%s' is not a file name in the folder", what, v);
	if ((size_t)snprintf(out, len, "%s/%s", d->dir, v) >= len)
		return fail(d, "%s: the path is too long", what);
	return 0;
}

#define DEPTH 8

/* one description file: its blocks, lists and values into d */
static int parse(struct ds *d, char *text, const char *top)
{
	struct {
		char type[48], key[64];	/* a block's type, or a list's key */
		int list;
	} st[DEPTH];
	int sp = 0, zone = -1;
	char *save = NULL, *ln;

	for (ln = text; ln; ln = save) {
		char *eq, *k, *v, *hash;
		const struct param *pm;
		size_t l;

		save = strchr(ln, '\n');
		if (save)
			*save++ = 0;
		d->line++;
		if ((hash = strchr(ln, '#')))
			*hash = 0;
		ln = trim(ln);
		if (!*ln)
			continue;
		l = strlen(ln);
		if (ln[l - 1] == ',')
			ln[--l] = 0, ln = trim(ln), l = strlen(ln);
		if (!strcmp(ln, "}") || !strcmp(ln, "]")) {
			if (!sp || st[sp - 1].list != (ln[0] == ']'))
				return fail(d, "'%s' closes nothing open", ln);
			if (st[sp - 1].list && !strcmp(st[sp - 1].key, "defects") && d->ndef % 2)
				return fail(d, "defects: an odd count (they are pairs)");
			sp--;
			if (!st[sp].list && !strcmp(st[sp].type, "dm_layout_g1_zone"))
				zone = -1;
			continue;
		}
		if (!sp) {	/* TYPE NAME { */
			char type[48], name[128];

			if (sscanf(ln, "%47s %127s {", type, name) != 2 || ln[l - 1] != '{')
				return fail(d, "'%s': not TYPE NAME {", ln);
			if (strcmp(type, top))
				return fail(d, "a %s where the file must hold a %s", type, top);
			if (!strcmp(top, "disksim_disk"))
				snprintf(d->dname, sizeof(d->dname), "%s", name);
			snprintf(st[0].type, sizeof(st[0].type), "%s", type);
			st[0].list = 0;
			sp = 1;
			continue;
		}
		if (st[sp - 1].list) {	/* a list's entry: a number, or a block */
			const char *key = st[sp - 1].key;
			double x;

			if (ln[l - 1] == '{') {
				ln[l - 1] = 0;
				if (strcmp(key, "Zones") || strcmp(trim(ln), "dm_layout_g1_zone"))
					return fail(d, "%s: a block '%s' where it takes none", key, ln);
				if (d->nzones == ZMAX)
					return fail(d, "Zones: more than %d", ZMAX);
				if (sp == DEPTH)
					return fail(d, "nested too deep");
				zone = d->nzones++;
				snprintf(st[sp].type, sizeof(st[sp].type), "dm_layout_g1_zone");
				st[sp++].list = 0;
				continue;
			}
			if (number(d, key, ln, &x))
				return -1;
			if (!strcmp(key, "slips")) {
				if (zone < 0 || d->nslips[zone] == SLMAX)
					return fail(d, "slips: more than %d in a zone", SLMAX);
				d->slips[zone][d->nslips[zone]++] = x;
			} else if (!strcmp(key, "HPL seek equation values")) {
				if (d->nhpl == 6)
					return fail(d, "%s: more than six", key);
				d->hpl[d->nhpl++] = x;
			} else if (!strcmp(key, "First ten seek times")) {
				if (d->nten == 10)
					return fail(d, "%s: more than ten", key);
				d->ten[d->nten++] = x;
			} else if (!strcmp(key, "defects")) {
				/* pairs (defective, replacement): only a sector kept in place */
				if (d->ndef++ % 2 == 0)
					d->defect = x;
				else if (x != d->defect)
					return fail(d, "defects: %g remapped to %g: remapped sectors are not modelled", d->defect,
						    x);
			} else {
				return fail(d, "%s: a number where it takes blocks", key);
			}
			continue;
		}
		if (!(eq = strchr(ln, '=')))
			return fail(d, "'%s': not Key = value", ln);
		*eq = 0;
		k = trim(ln);
		v = trim(eq + 1);
		pm = lookup(st[sp - 1].type, k);
		if (!pm)
			return fail(d, "'%s' in a %s: a parameter the model does not support", k, st[sp - 1].type);
		if (!*v)
			return fail(d, "%s: no value", k);
		if (pm->how == BLOCK || pm->how == LIST) {
			size_t vl = strlen(v);

			if (sp == DEPTH)
				return fail(d, "nested too deep");
			if (pm->how == LIST && !strcmp(v, "[]"))
				continue;
			if (pm->how == LIST ? strcmp(v, "[") : (vl < 2 || v[vl - 1] != '{'))
				return fail(d, "%s: '%s' is not %s", k, v, pm->how == LIST ? "[" : "TYPE {");
			if (pm->how == BLOCK) {
				v[vl - 1] = 0;
				v = trim(v);
				if (strcmp(v, pm->arg))
					return fail(d, "%s: a %s, where the model reads a %s", k, v, pm->arg);
			}
			snprintf(st[sp].type, sizeof(st[sp].type), "%s", pm->how == BLOCK ? pm->arg : "");
			snprintf(st[sp].key, sizeof(st[sp].key), "%s", k);
			st[sp++].list = pm->how == LIST;
			continue;
		}
		if (pm->how == ANY)
			continue;
		if (pm->how == MUST) {
			double x, want;

			if (strspn(pm->arg, "0123456789") == strlen(pm->arg)) {
				if (number(d, k, v, &x))
					return -1;
				want = atof(pm->arg);
				if (x != want)
					return fail(d, "%s = %s: the model supports only %s", k, v, pm->arg);
			} else if (strcmp(v, pm->arg)) {
				return fail(d, "%s = %s: the model supports only %s", k, v, pm->arg);
			}
			continue;
		}
		if (pm->how == STR) {
			if (!strcmp(pm->arg, "source")) {
				if (strncmp(v, "source ", 7))
					return fail(d, "%s: '%s' is not 'source FILE'", k, v);
				if (sibling(d, k, trim(v + 7), d->model, sizeof(d->model)))
					return -1;
			} else if (!strcmp(pm->arg, "curve")) {
				if (sibling(d, k, v, d->curve, sizeof(d->curve)))
					return -1;
			} else {
				if (strcmp(v, "extracted") && strcmp(v, "hplplus10") && strcmp(v, "hpl"))
					return fail(d, "Seek type = %s: the model supports extracted, hpl and hplplus10", v);
				snprintf(d->seektype, sizeof(d->seektype), "%s", v);
			}
			continue;
		}
		/* NUM */
		{
			double x;

			if (number(d, k, v, &x))
				return -1;
			if (!strcmp(st[sp - 1].type, "dm_layout_g1_zone")) {
				d->zone[zone][pm->slot] = x;
				d->zone_seen[zone][pm->slot] = 1;
			} else {
				d->v[pm->slot] = x;
				d->seen[pm->slot] = 1;
			}
		}
	}
	if (sp)
		return fail(d, "the file ends inside a %s", st[sp - 1].list ? "list" : "block");
	return 0;
}

/* the measured seek curve: "Seek distances measured: N", then N lines "D, MS" */
static int parse_seek(struct ds *d, char *text)
{
	char *save = NULL, *ln;
	long want = -1;

	for (ln = text; ln; ln = save) {
		double cyl, ms;
		char *c;

		save = strchr(ln, '\n');
		if (save)
			*save++ = 0;
		d->line++;
		ln = trim(ln);
		if (!*ln)
			continue;
		if (want < 0) {
			char *end;

			if (strncmp(ln, "Seek distances measured:", 24))
				return fail(d, "'%s': not 'Seek distances measured: N'", ln);
			want = strtol(ln + 24, &end, 10);
			if (want < 1 || *trim(end))
				return fail(d, "the count of distances is not a whole number above 0");
			if (want > DMODEL_SEEK_MAX)
				return fail(d, "%ld distances: the model holds %d", want, DMODEL_SEEK_MAX);
			continue;
		}
		if (!(c = strchr(ln, ',')))
			return fail(d, "'%s': not 'DISTANCE, MS'", ln);
		*c = 0;
		if (number(d, "the distance", ln, &cyl) || number(d, "the time", c + 1, &ms))
			return -1;
		if (cyl < 1 || cyl != floor(cyl))
			return fail(d, "the distance %g is not a whole number of cylinders above 0", cyl);
		if (ms < 0)
			return fail(d, "the time %g is negative", ms);
		if (d->nseek && cyl <= d->seekd[d->nseek - 1])
			return fail(d, "the distance %g is not past the line before's %g (the table must increase)", cyl,
				    d->seekd[d->nseek - 1]);
		if (d->nseek == want)
			return fail(d, "more distances than the %ld the first line says", want);
		d->seekd[d->nseek] = cyl;
		d->seekms[d->nseek++] = ms;
	}
	if (d->nseek != want)
		return fail(d, "%d distances where the first line says %ld", d->nseek, want);
	return 0;
}

/* the seek over c cylinders as the description has it, ms */
static double seek_ms(const struct ds *d, double c)
{
	int n = d->nseek;

	if (c <= 0)
		return 0;
	if (n && c <= d->seekd[n - 1]) {
		int i = 0;

		if (c <= d->seekd[0])
			return d->seekms[0];
		while (d->seekd[i + 1] < c)
			i++;
		return d->seekms[i] + (d->seekms[i + 1] - d->seekms[i]) * (c - d->seekd[i]) /
					      (d->seekd[i + 1] - d->seekd[i]);
	}
	if (d->nhpl == 6 && strcmp(d->seektype, "extracted"))
		return c < d->hpl[0] ? d->hpl[1] + d->hpl[2] * sqrt(c) : d->hpl[3] + d->hpl[4] * c;
	return n ? d->seekms[n - 1] : 0;
}

/* the figures a profile needs, each known: the keys the files must give */
static const int needed[] = {
	S_BULK, S_HITWRITE, S_SEGS, S_SEGSIZE, S_BCR, S_RAMIN, S_RAMAX, S_RAOVER, S_RAIDLE, S_FWL, S_IMMREAD,
	S_RHR, S_RHW, S_RMR, S_RMW, S_WHR, S_WHW, S_WMR, S_WMW, S_HEADS, S_CYLS, S_BLOCKS, S_SPARING,
	S_SETTLE, S_HSW, S_RPM,
};

static int check(struct ds *d)
{
	for (size_t i = 0; i < sizeof(needed) / sizeof(needed[0]); i++)
		if (!d->seen[needed[i]]) {
			for (size_t k = 0; k < NPARAMS; k++)
				if (params[k].how == NUM && params[k].slot == needed[i] &&
				    strcmp(params[k].block, "dm_layout_g1_zone"))
					return fail(d, "'%s' is missing", params[k].key);
		}
	for (int z = 0; z < d->nzones; z++)
		for (int f = 0; f < 8; f++)
			if (!d->zone_seen[z][f])
				return fail(d, "zone %d: a figure is missing (each zone gives all eight)", z + 1);
	if (!d->nzones)
		return fail(d, "no Zones");
	if (!d->seektype[0])
		return fail(d, "'Seek type' is missing");
	if (!strcmp(d->seektype, "extracted") && !d->curve[0])
		return fail(d, "Seek type = extracted without a 'Full seek curve'");
	if (strcmp(d->seektype, "extracted") && d->nhpl != 6)
		return fail(d, "Seek type = %s without six 'HPL seek equation values'", d->seektype);
	if (!strcmp(d->seektype, "hplplus10") && d->nten != 10)
		return fail(d, "Seek type = hplplus10 without 'First ten seek times'");
	if (d->v[S_BULK] > 0 && (d->v[S_LOWW] != 0 || d->v[S_HIGHW] != 0))
		return fail(d, "the water marks: supported only where the bus takes no time (Bulk sector transfer time 0)");
	if (d->v[S_EXTRA] != 0 && d->v[S_EXTRA] != 1)
		return fail(d, "Extra write disconnect = %g: 0 or 1", d->v[S_EXTRA]);
	return 0;
}

int ds_import(const char *dir, FILE *out, char *err, size_t errlen)
{
	static struct ds d;
	const char *base = strrchr(dir, '/');
	char path[600], *text;
	int rc, z;
	double sc, track_ms, full_ms, avg, rpm, cyls, ro, ri, bulk;

	memset(&d, 0, sizeof(d));
	d.err = err;
	d.errlen = errlen;
	while (base && !base[1] && base > dir) {	/* a trailing slash */
		const char *b = base - 1;

		while (b > dir && *b != '/')
			b--;
		base = b;
	}
	base = base ? base + (*base == '/') : dir;
	snprintf(d.name, sizeof(d.name), "%.*s", (int)strcspn(base, "/"), base);
	snprintf(d.dir, sizeof(d.dir), "%s", dir);
	snprintf(path, sizeof(path), "%s/%s.diskspecs", dir, d.name);
	if (!(text = slurp(&d, path)))
		return -1;
	rc = parse(&d, text, "disksim_disk");
	free(text);
	if (rc)
		return -1;
	if (!d.model[0]) {
		d.line = 0;
		return fail(&d, "no 'Model = source FILE'");
	}
	if (!(text = slurp(&d, d.model)))
		return -1;
	rc = parse(&d, text, "dm_disk");
	free(text);
	if (rc)
		return -1;
	if (d.curve[0]) {
		if (!(text = slurp(&d, d.curve)))
			return -1;
		rc = parse_seek(&d, text);
		free(text);
		if (rc)
			return -1;
	}
	d.file = d.model;
	d.line = 0;
	if (check(&d))
		return -1;
	if (!strcmp(d.seektype, "hplplus10"))	/* the first ten are the table */
		for (d.nseek = 0; d.nseek < 10; d.nseek++) {
			d.seekd[d.nseek] = d.nseek + 1;
			d.seekms[d.nseek] = d.ten[d.nseek];
		}
	sc = d.seen[S_SCALE] ? d.v[S_SCALE] : 1;
	rpm = d.v[S_RPM];
	cyls = d.v[S_CYLS];
	/* the curve's ends and its mean over uniformly random pairs of cylinders */
	track_ms = seek_ms(&d, 1);
	full_ms = seek_ms(&d, cyls - 1);
	avg = 0;
	for (double c = 1; c < cyls; c++)
		avg += 2 * (cyls - c) / (cyls * cyls) * seek_ms(&d, c);
	ro = d.zone[0][2] * 512 * rpm / 60 / 1e6;
	ri = d.zone[d.nzones - 1][2] * 512 * rpm / 60 / 1e6;
	bulk = d.v[S_BULK];
#define SPEC(key) d.name, ".diskspecs: " key
	fprintf(out, "# %s (DiskSim's validation drive %s), imported by\n", d.dname, d.name);
	fprintf(out, "# diskprofile import-disksim from its .diskspecs, .model and .seek:\n");
	fprintf(out, "# each figure's source line names the file and the parameter.\n");
	fprintf(out, "name = %s\nmodel = %s\nkind = hdd\nrotational = 1\nwrite_cache = 0\n", d.name, d.dname);
	fprintf(out, "capacity_gb = %.9f\nsource.capacity_gb = %s.model: Block count (%.0f blocks of 512 bytes)\n",
		d.v[S_BLOCKS] * 512 / 1e9, d.name, d.v[S_BLOCKS]);
	fprintf(out, "rpm = %.0f\nsource.rpm = %s.model: Rotation speed (in rpms)\n", rpm, d.name);
	fprintf(out, "seek_track_ms = %.6f\nsource.seek_track_ms = the seek curve at one cylinder\n", track_ms);
	fprintf(out, "seek_avg_ms = %.6f\nsource.seek_avg_ms = the seek curve's mean over uniformly random pairs of cylinders\n",
		avg);
	fprintf(out, "seek_full_ms = %.6f\nsource.seek_full_ms = the seek curve at %.0f cylinders\n", full_ms, cyls - 1);
	fprintf(out, "rate_outer_mbs = %.6f\nsource.rate_outer_mbs = zone.1's blocks per track at the rpm\n", ro);
	fprintf(out, "rate_inner_mbs = %.6f\nsource.rate_inner_mbs = zone.%d's blocks per track at the rpm\n", ri, d.nzones);
	fprintf(out, "heads = %.0f\nsource.heads = %s.model: Number of data surfaces\n", d.v[S_HEADS], d.name);
	fprintf(out, "cylinders = %.0f\nsource.cylinders = %s.model: Number of cylinders\n", cyls, d.name);
	fprintf(out, "sparing = %.0f\nsource.sparing = %s.model: Sparing scheme used\n", d.v[S_SPARING], d.name);
	fprintf(out, "spare_range = %.0f\nsource.spare_range = %s.model: Rangesize for sparing\n", d.v[S_RANGE], d.name);
	fprintf(out, "head_switch_ms = %.6f\nsource.head_switch_ms = %s.model: Head switch time\n", d.v[S_HSW], d.name);
	fprintf(out, "write_settle_ms = %.6f\nsource.write_settle_ms = %s.model: Add. write settling delay\n", d.v[S_SETTLE],
		d.name);
	if (strcmp(d.seektype, "extracted")) {
		fprintf(out, "hpl_bound_cyl = %.0f\nsource.hpl_bound_cyl = %s.model: HPL seek equation values, V1\n",
			d.hpl[0], d.name);
		fprintf(out, "hpl_short_ms = %.6f\nsource.hpl_short_ms = %s.model: HPL seek equation values, V2\n", d.hpl[1],
			d.name);
		fprintf(out, "hpl_sqrt_ms = %.6f\nsource.hpl_sqrt_ms = %s.model: HPL seek equation values, V3\n", d.hpl[2],
			d.name);
		fprintf(out, "hpl_long_ms = %.6f\nsource.hpl_long_ms = %s.model: HPL seek equation values, V4\n", d.hpl[3],
			d.name);
		fprintf(out, "hpl_lin_ms = %.6f\nsource.hpl_lin_ms = %s.model: HPL seek equation values, V5\n", d.hpl[4],
			d.name);
	}
	fprintf(out, "segments = %.0f\nsource.segments = %s%s\n", d.v[S_SEGS], SPEC("Number of buffer segments"));
	fprintf(out, "segment_kb = %.1f\nsource.segment_kb = %s%s\n", d.v[S_SEGSIZE] / 2, SPEC("Segment size (in blks)"));
	fprintf(out, "cache_mb = %.9f\nsource.cache_mb = the segments times their size\n",
		d.v[S_SEGS] * d.v[S_SEGSIZE] * 512 / 1048576);
	fprintf(out, "write_segments = %.0f\nsource.write_segments = %s%s\n",
		d.seen[S_WSEGS] ? d.v[S_WSEGS] : d.v[S_SEGS], SPEC("Maximum number of write segments"));
	fprintf(out, "write_separate = %.0f\nsource.write_separate = %s%s\n", d.v[S_SEPW], SPEC("Use separate write segment"));
	fprintf(out, "readahead_mode = %.0f\nsource.readahead_mode = %s%s\n", d.v[S_BCR], SPEC("Buffer continuous read"));
	fprintf(out, "readahead_kb = %.1f\nsource.readahead_kb = %s%s\n", d.v[S_RAMAX] / 2, SPEC("Maximum read-ahead (blks)"));
	fprintf(out, "readahead_min_kb = %.1f\nsource.readahead_min_kb = %s%s\n", d.v[S_RAMIN] / 2,
		SPEC("Minimum read-ahead (blks)"));
	fprintf(out, "readahead_over = %.0f\nsource.readahead_over = %s%s\n", d.v[S_RAOVER], SPEC("Read-ahead over requested"));
	fprintf(out, "readahead_idle_hit = %.0f\nsource.readahead_idle_hit = %s%s\n", d.v[S_RAIDLE],
		SPEC("Read-ahead on idle hit"));
	fprintf(out, "write_hits_read = %.0f\nsource.write_hits_read = %s%s\n", d.v[S_HITWRITE],
		SPEC("Allow read hits on write data"));
	fprintf(out, "write_level = %.0f\nsource.write_level = %s%s\n", d.v[S_FWL], SPEC("Fast write level"));
	fprintf(out, "immediate_read = %.0f\nsource.immediate_read = %s%s\n", d.v[S_IMMREAD], SPEC("Immediate buffer read"));
	if (bulk > 0) {
		fprintf(out, "bus_sector_ms = %.6f\nsource.bus_sector_ms = %s%s\n", bulk, SPEC("Bulk sector transfer time"));
		fprintf(out, "bus_mbs = %.6f\nsource.bus_mbs = a block of 512 bytes a bus_sector_ms\n", 512 / bulk / 1e3);
	} else {
		fprintf(out, "bus_mbs = 1000000\nsource.bus_mbs = %s%s = 0: the bus takes no time\n",
			SPEC("Bulk sector transfer time"));
	}
#define OHL(key, slot, what)                                                   \
	fprintf(out, key " = %.6f\nsource." key " = %s%s%s\n", sc * (d.v[slot] + d.v[S_PERREQ]), SPEC(what),   \
		sc != 1 || d.v[S_PERREQ] ? " (with the per-request overhead, times the time scale)" : "")
	OHL("oh_read_hit_after_read_ms", S_RHR, "Read hit over. after read");
	OHL("oh_read_hit_after_write_ms", S_RHW, "Read hit over. after write");
	OHL("oh_read_miss_after_read_ms", S_RMR, "Read miss over. after read");
	OHL("oh_read_miss_after_write_ms", S_RMW, "Read miss over. after write");
	if (d.v[S_EXTRA] == 1) {
		OHL("oh_write_hit_after_read_ms", S_XCMD, "Extradisc command overhead, for Extra write disconnect = 1");
		OHL("oh_write_hit_after_write_ms", S_XCMD, "Extradisc command overhead, for Extra write disconnect = 1");
		OHL("oh_write_miss_after_read_ms", S_XCMD, "Extradisc command overhead, for Extra write disconnect = 1");
		OHL("oh_write_miss_after_write_ms", S_XCMD, "Extradisc command overhead, for Extra write disconnect = 1");
		fprintf(out, "oh_write_reconnect_ms = %.6f\nsource.oh_write_reconnect_ms = %s%s\n",
			sc * (d.v[S_XDISC] + d.v[S_XDELAY] + d.v[S_RESEL1] + d.v[S_PREP]),
			SPEC("Extradisc disconnect overhead + inter-disconnect delay + First reselect + Data preparation"));
		fprintf(out, "write_seek_delay_ms = %.6f\nsource.write_seek_delay_ms = %s%s\n", sc * d.v[S_XSEEK],
			SPEC("Extradisc seek delta"));
	} else {
		OHL("oh_write_hit_after_read_ms", S_WHR, "Write hit over. after read");
		OHL("oh_write_hit_after_write_ms", S_WHW, "Write hit over. after write");
		OHL("oh_write_miss_after_read_ms", S_WMR, "Write miss over. after read");
		OHL("oh_write_miss_after_write_ms", S_WMW, "Write miss over. after write");
	}
	fprintf(out, "oh_read_done_ms = %.6f\nsource.oh_read_done_ms = %s%s\n", sc * d.v[S_RDONE],
		SPEC("Read completion overhead"));
	fprintf(out, "oh_write_done_ms = %.6f\nsource.oh_write_done_ms = %s%s\n", sc * d.v[S_WDONE],
		SPEC("Write completion overhead"));
	fprintf(out, "oh_read_reconnect_ms = %.6f\nsource.oh_read_reconnect_ms = %s%s\n",
		sc * (d.v[S_RDISCR] + d.v[S_RESEL1] + d.v[S_PREP]),
		SPEC("Read disconnect afterread + First reselect overhead + Data preparation overhead"));
	fprintf(out, "write_min_seek_ms = %.6f\nsource.write_min_seek_ms = %s%s\n", d.v[S_MINSEEK],
		SPEC("Minimum seek delay"));
	fprintf(out, "source.zone = %s.model: Zones (first and last cylinder, blocks per track, skew for track and "
		     "cylinder switch, number of spares, empty space at zone front, offset of first block: slips)\n",
		d.name);
	for (z = 0; z < d.nzones; z++) {
		double *f = d.zone[z], s[SLMAX];
		int ns = d.nslips[z];

		for (int i = 0; i < 8; i++)
			if (f[i] < 0 || f[i] != floor(f[i])) {
				d.line = 0;
				return fail(&d, "zone %d: a figure that is not a whole number of sectors", z + 1);
			}
		fprintf(out, "zone.%d = %.0f %.0f %.0f %.0f %.0f %.0f %.0f %.0f", z + 1, f[0], f[1], f[2], f[3], f[4], f[5],
			f[6], f[7]);
		/* the slips in order (the files list some out of it) */
		memcpy(s, d.slips[z], sizeof(double) * (size_t)ns);
		for (int i = 1; i < ns; i++)
			for (int j = i; j > 0 && s[j] < s[j - 1]; j--) {
				double t = s[j];

				s[j] = s[j - 1];
				s[j - 1] = t;
			}
		if (ns)
			fprintf(out, " :");
		for (int i = 0; i < ns; i++)
			fprintf(out, " %.0f", s[i]);
		fprintf(out, "\n");
	}
	if (d.nseek) {
		fprintf(out, "source.seek = %s\n",
			strcmp(d.seektype, "extracted") ? "the .model's First ten seek times (hplplus10)"
							: "the .seek file (Seek type = extracted)");
		for (z = 0; z < d.nseek; z++)
			fprintf(out, "seek.%d = %.0f %.6f\n", z + 1, d.seekd[z], d.seekms[z]);
	}
	return 0;
}
