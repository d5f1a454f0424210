/*
 * ds: DiskSim's drive descriptions into a swapbench profile (disksim.h).
 * The files are blocks of "Key = value," lines: "TYPE NAME {" opens one at
 * the top, "Key = TYPE {" a nested one, "Key = [" a list (of numbers or of
 * blocks), "}" and "]" close them, '#' to the end of a line is a comment.
 * Every key is in the table below: a figure the model takes, a value it
 * must have (what the model does), or a key that cannot change a replay
 * of one request at a time, with why. Anything else is refused by name.
 * A Layout Model that is a dm_layout_g4 (inline, or in the file its
 * "source FILE" names) goes to disk/disksim/disksim_g4.c's reader.
 */
#include "disksim.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "disksim_files.h"
#include "disk/model/model.h"
#include "disk/profile/profile.h"

enum how { NUM, MUST, ANY, STR, BLOCK, LIST };


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
	{ "disksim_disk", "Allow almost read hits", NUM, S_ALMOST, NULL },
	{ "disksim_disk", "Allow sneaky full read hits", NUM, S_SNEAKYF, NULL },
	{ "disksim_disk", "Allow sneaky partial read hits", NUM, S_SNEAKYP, NULL },
	{ "disksim_disk", "Allow sneaky intermediate read hits", ANY, 0, "it searches the on-board queue for a queued read: one request at a time, nothing is queued" },
	{ "disksim_disk", "Allow read hits on write data", NUM, S_HITWRITE, NULL },
	{ "disksim_disk", "Allow write prebuffering", ANY, 0, "it searches the on-board queue for a queued write: one request at a time, nothing is queued" },
	{ "disksim_disk", "Preseeking level", ANY, 0, "how soon the actuator seeks toward the next request: one request at a time, the next arrives after this one completes" },
	{ "disksim_disk", "Print stats", ANY, 0, "DiskSim's output, not the drive" },
	{ "disksim_disk", "Avg sectors per cylinder", ANY, 0, "for host schedulers; the disk does not use it" },
	{ "disksim_disk", "Max queue length", ANY, 0, "requests the disk may hold at once: replayed one at a time, it holds one whatever its length" },
	{ "disksim_disk", "Scheduler", BLOCK, 0, "disksim_ioqueue" },
	{ "disksim_ioqueue", NULL, ANY, 0, "one request at a time (Max queue length 1): nothing to schedule" },
	{ "disksim_disk", "Number of buffer segments", NUM, S_SEGS, NULL },
	{ "disksim_disk", "Maximum number of write segments", NUM, S_WSEGS, NULL },
	{ "disksim_disk", "Segment size (in blks)", NUM, S_SEGSIZE, NULL },
	{ "disksim_disk", "Use separate write segment", NUM, S_SEPW, NULL },
	{ "disksim_disk", "Low (write) water mark", NUM, S_LOWW, NULL },
	{ "disksim_disk", "High (read) water mark", NUM, S_HIGHW, NULL },
	{ "disksim_disk", "Set watermark by reqsize", NUM, S_WMREQ, NULL },
	{ "disksim_disk", "Calc sector by sector", ANY, 0, "no effect on accuracy (DiskSim's manual)" },
	{ "disksim_disk", "Enable caching in buffer", NUM, S_CACHE, NULL },
	{ "disksim_disk", "Buffer continuous read", NUM, S_BCR, NULL },
	{ "disksim_disk", "Minimum read-ahead (blks)", NUM, S_RAMIN, NULL },
	{ "disksim_disk", "Maximum read-ahead (blks)", NUM, S_RAMAX, NULL },
	{ "disksim_disk", "Read-ahead over requested", NUM, S_RAOVER, NULL },
	{ "disksim_disk", "Read-ahead on idle hit", NUM, S_RAIDLE, NULL },
	{ "disksim_disk", "Read any free blocks", NUM, S_RAFREE, NULL },
	{ "disksim_disk", "Fast write level", NUM, S_FWL, NULL },
	{ "disksim_disk", "Immediate buffer read", NUM, S_IMMREAD, NULL },
	{ "disksim_disk", "Immediate buffer write", NUM, S_IMMWRITE, NULL },
	{ "disksim_disk", "Combine seq writes", NUM, S_COMBINE, NULL },
	{ "disksim_disk", "Stop prefetch in sector", ANY, 0, "read-ahead stops within a sector's time either way" },
	{ "disksim_disk", "Disconnect write if seek", ANY, 0, "one drive on its bus: disconnecting frees it for no one, and the overhead (Write disconnect overhead) runs beside the seek" },
	{ "disksim_disk", "Write hit stop prefetch", NUM, S_WHSTOP, NULL },
	{ "disksim_disk", "Read directly to buffer", ANY, 0, "whether a sector needs buffer room before it is read or after: the model never holds the media for room (a request's sectors stream through its segment, read-ahead ends at the segment's end), so both give the same times" },
	{ "disksim_disk", "Immed transfer partial hit", NUM, S_PARTIAL, NULL },
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
	{ "disksim_disk", "Other reselect overhead", NUM, S_RESELN, NULL },
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
	{ "dm_layout_g1", "LBN-to-PBN mapping scheme", NUM, S_MAP, NULL },
	{ "dm_layout_g1", "Sparing scheme used", NUM, S_SPARING, NULL },
	{ "dm_layout_g1", "Rangesize for sparing", NUM, S_RANGE, NULL },
	{ "dm_layout_g1", "Skew units", STR, 0, "skewunits" },
	{ "dm_layout_g1", "Zones", LIST, 0, "dm_layout_g1_zone" },
	{ "dm_layout_g1_zone", "Skew units", STR, 0, "skewunits" },
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
	{ "dm_mech_g1", "Access time type", STR, 0, "access" },
	{ "dm_mech_g1", "Constant access time", NUM, S_CACCESS, NULL },
	{ "dm_mech_g1", "Seek type", STR, 0, "seek" },
	{ "dm_mech_g1", "Constant seek time", NUM, S_CSEEK, NULL },
	{ "dm_mech_g1", "Single cylinder seek time", NUM, S_SINGLE, NULL },
	{ "dm_mech_g1", "Average seek time", NUM, S_AVG, NULL },
	{ "dm_mech_g1", "Full strobe seek time", NUM, S_FULL, NULL },
	{ "dm_mech_g1", "Full seek curve", STR, 0, "curve" },
	{ "dm_mech_g1", "Add. write settling delay", NUM, S_SETTLE, NULL },
	{ "dm_mech_g1", "HPL seek equation values", LIST, 0, NULL },
	{ "dm_mech_g1", "First ten seek times", LIST, 0, NULL },
	{ "dm_mech_g1", "Head switch time", NUM, S_HSW, NULL },
	{ "dm_mech_g1", "Rotation speed (in rpms)", NUM, S_RPM, NULL },
	{ "dm_mech_g1", "Percent error in rpms", NUM, S_RPMERR, NULL },
};
#define NPARAMS (sizeof(params) / sizeof(params[0]))

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

/* a number as the profiles' figures are written (dp_decimal), with a
 * sign: hex (0x1p20), an exponent, inf and nan are refused, not guessed */
static int number(struct ds *d, const char *what, const char *s, double *x)
{
	char buf[64];
	const char *p = s;
	size_t n;

	while (*p == ' ' || *p == '\t')
		p++;
	n = strlen(p);
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (n >= sizeof(buf) || snprintf(buf, sizeof(buf), "%.*s", (int)n, p) < 0 ||
	    dp_decimal(buf + (buf[0] == '-'), x))
		return ds_fail(d, "%s: '%s' is not a number (decimal digits, a sign and a fraction at most)", what, s);
	if (buf[0] == '-')
		*x = -*x;
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
	/* a file of the folder itself: a link would read (and echo) any file */
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
	struct stat st;
	FILE *f;
	char *buf;
	long n;

	d->file = path;
	d->line = 0;
	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		if (fd >= 0 || errno == ELOOP)
			snprintf(d->err, d->errlen, "%s: not a regular file of the folder (a symbolic link, a device, ...)", path);
		else
			snprintf(d->err, d->errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	if (!(f = fdopen(fd, "r"))) {
		close(fd);
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
		return ds_fail(d, "%s: '%s' is not a file name in the folder", what, v);
	if ((size_t)snprintf(out, len, "%s/%s", d->dir, v) >= len)
		return ds_fail(d, "%s: the path is too long", what);
	return 0;
}

#define DEPTH 8

/* what parse() has open: blocks and lists, innermost last */
struct open {
	char type[48], key[64];	/* a block's type, or a list's key */
	int list;
	int given[NPARAMS];	/* the line each parameter of the block is on */
};

/* the line after *save that holds anything but a comment, trimmed and
 * without its ',' (a value libparam's grammar lets follow its '=' on the
 * next line: atlas10k's "slips =" and "[ 55017, ... ]"); *save moves past
 * it, d->line counts the lines passed */
static char *next_line(struct ds *d, char **save)
{
	while (*save) {
		char *ln = *save, *hash;
		size_t l;

		*save = strchr(ln, '\n');
		if (*save)
			*(*save)++ = 0;
		d->line++;
		if ((hash = strchr(ln, '#')))
			*hash = 0;
		ln = trim(ln);
		l = strlen(ln);
		if (l && ln[l - 1] == ',')
			ln[--l] = 0, ln = trim(ln), l = strlen(ln);
		if (l)
			return ln;
	}
	return NULL;
}

/* a list's entry, a number: into the list's key */
static int list_entry(struct ds *d, const char *key, int zone, const char *s)
{
	double x;

	if (number(d, key, s, &x))
		return -1;
	if (!strcmp(key, "slips")) {
		if (zone < 0)
			return ds_fail(d, "slips outside a zone");
		if (d->nslip == SLMAX)
			return ds_fail(d, "slips: more than %d in all (the model's table)", SLMAX);
		d->slip_zone[d->nslip] = zone;
		d->slip[d->nslip++] = x;
		d->nslips[zone]++;
	} else if (!strcmp(key, "HPL seek equation values")) {
		if (d->nhpl == 6)
			return ds_fail(d, "%s: more than six", key);
		d->hpl[d->nhpl++] = x;
	} else if (!strcmp(key, "First ten seek times")) {
		if (d->nten == 10)
			return ds_fail(d, "%s: more than ten", key);
		d->ten[d->nten++] = x;
	} else if (!strcmp(key, "defects")) {
		/* pairs (defective, replacement): only a sector kept in place */
		if (d->ndef++ % 2 == 0)
			d->defect = x;
		else if (x != d->defect)
			return ds_fail(d, "defects: %g remapped to %g: remapped sectors are not modelled", d->defect, x);
	} else {
		return ds_fail(d, "%s: a number where it takes blocks", key);
	}
	return 0;
}

/* the entries of a list on one line, "A, B, C" with a ']' that closes the
 * list after them or not: 1 if it closed, 0 if not, -1 on an error */
static int list_entries(struct ds *d, const char *key, int zone, char *s)
{
	char *e;
	int closed = 0;

	s = trim(s);
	if ((e = strchr(s, ']'))) {
		if (*trim(e + 1))
			return ds_fail(d, "'%s' after a list's ']'", trim(e + 1));
		*e = 0;
		closed = 1;
		s = trim(s);
	}
	while (*s) {
		char *c = strchr(s, ',');

		if (c)
			*c = 0;
		if (!*trim(s))
			return ds_fail(d, "%s: an empty entry between commas", key);
		if (list_entry(d, key, zone, trim(s)))
			return -1;
		s = c ? trim(c + 1) : s + strlen(s);
		if (c && !*s && !closed)
			break;	/* "A, B," then the next line */
	}
	if (closed && !strcmp(key, "defects") && d->ndef % 2)
		return ds_fail(d, "defects: an odd count (they are pairs)");
	return closed;
}

/* one description file: its blocks, lists and values into d */
static int parse(struct ds *d, char *text, const char *top)
{
	struct open st[DEPTH];
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
		if (!l)	/* a ',' alone: ln[l - 1] below would be before the line */
			return ds_fail(d, "',' with nothing before it");
		if (!strcmp(ln, "}") || !strcmp(ln, "]")) {
			if (!sp || st[sp - 1].list != (ln[0] == ']'))
				return ds_fail(d, "'%s' closes nothing open", ln);
			if (st[sp - 1].list && !strcmp(st[sp - 1].key, "defects") && d->ndef % 2)
				return ds_fail(d, "defects: an odd count (they are pairs)");
			sp--;
			if (!st[sp].list && !strcmp(st[sp].type, "dm_layout_g1_zone"))
				zone = -1;
			continue;
		}
		if (!sp) {	/* TYPE NAME { */
			char type[48], name[128];

			name[0] = 0;
			if (ln[l - 1] != '{' || sscanf(ln, "%47s %127s", type, name) < 1 || (!strcmp(name, "{") && (name[0] = 0)))
				return ds_fail(d, "'%s': not TYPE NAME {", ln);
			if (!name[0] && !strcmp(top, "disksim_disk"))
				return ds_fail(d, "'%s': not TYPE NAME {", ln);
			if (strcmp(type, top))
				return ds_fail(d, "a %s where the file must hold a %s", type, top);
			if (!strcmp(top, "disksim_disk"))
				snprintf(d->dname, sizeof(d->dname), "%s", name);
			snprintf(st[0].type, sizeof(st[0].type), "%s", type);
			st[0].list = 0;
			memset(st[0].given, 0, sizeof(st[0].given));
			sp = 1;
			continue;
		}
		if (st[sp - 1].list) {	/* a list's entry: a number, or a block */
			const char *key = st[sp - 1].key;
			int rc;

			if (ln[l - 1] == '{') {
				ln[l - 1] = 0;
				if (strcmp(key, "Zones") || strcmp(trim(ln), "dm_layout_g1_zone"))
					return ds_fail(d, "%s: a block '%s' where it takes none", key, ln);
				if (d->nzones == ZMAX)
					return ds_fail(d, "Zones: more than %d", ZMAX);
				if (sp == DEPTH)
					return ds_fail(d, "nested too deep");
				zone = d->nzones++;
				snprintf(st[sp].type, sizeof(st[sp].type), "dm_layout_g1_zone");
				memset(st[sp].given, 0, sizeof(st[sp].given));
				st[sp++].list = 0;
				continue;
			}
			/* "A, B, C" on a line, a ']' after them closing the list */
			if ((rc = list_entries(d, key, zone, ln)) < 0)
				return -1;
			sp -= rc;
			continue;
		}
		if (!(eq = strchr(ln, '=')))
			return ds_fail(d, "'%s': not Key = value", ln);
		*eq = 0;
		k = trim(ln);
		v = trim(eq + 1);
		pm = lookup(st[sp - 1].type, k);
		if (!pm)
			return ds_fail(d, "'%s' in a %s: a parameter the model does not support", k, st[sp - 1].type);
		if (!*v && (!(v = next_line(d, &save)) || strchr(v, '=')))
			return ds_fail(d, "%s: no value%s%s%s", k, v ? " (the next line is '" : "", v ? v : "", v ? "')" : "");
		/* the last value would win: refused as the profiles refuse it */
		if (pm->key && st[sp - 1].given[pm - params])
			return ds_fail(d, "'%s' given twice in a %s (first on line %d)", k, st[sp - 1].type,
				       st[sp - 1].given[pm - params]);
		st[sp - 1].given[pm - params] = d->line;
		if (pm->how == BLOCK && !strcmp(k, "Layout Model")) {
			size_t vl = strlen(v);

			/* libparam's "source FILE": the block is that file's (read
			 * after this one, by ds_read) */
			if (!strncmp(v, "source ", 7)) {
				if (sibling(d, k, trim(v + 7), d->layout, sizeof(d->layout)))
					return -1;
				continue;
			}
			if (vl > 1 && v[vl - 1] == '{') {
				char type[48];

				snprintf(type, sizeof(type), "%.*s", (int)(vl - 1), v);
				if (!strcmp(trim(type), "dm_layout_g2"))
					return ds_fail(d, "Layout Model = dm_layout_g2: not read (its required Layout Map File "
						    "has no format in DiskSim's manual, B.4.4; a dm_layout_g1 or dm_layout_g4 is)");
				if (!strcmp(trim(type), "dm_layout_g4")) {
					/* the block, to its closing brace, to the g4 reader */
					int depth = 1, rc;
					char *e = save, *span;

					for (; e && *e && depth; e++) {
						if (*e == '#')
							e += strcspn(e, "\n") - 1;
						else
							depth += (*e == '{') - (*e == '}');
					}
					if (depth)
						return ds_fail(d, "the file ends inside Layout Model's dm_layout_g4");
					if (!(span = malloc((size_t)(e - save) + 2)))
						return ds_fail(d, "out of memory");
					span[0] = '{';
					memcpy(span + 1, save, (size_t)(e - save));
					span[e - save + 1] = 0;
					rc = ds_g4_parse(d, span);
					free(span);
					if (rc)
						return -1;
					/* the rest of the brace's line: a ',' at most */
					e += strspn(e, " \t\r,");
					if (*e && *e != '\n' && *e != '#')
						return ds_fail(d, "'%.20s' after Layout Model's block", e);
					save = strchr(e, '\n');
					if (save)
						save++;
					continue;
				}
			}
		}
		if (pm->how == BLOCK || pm->how == LIST) {
			size_t vl = strlen(v);

			if (sp == DEPTH)
				return ds_fail(d, "nested too deep");
			if (pm->how == LIST && v[0] == '[') {
				/* "[", or entries after it on this line ("[ 1, 2 ]",
				 * "[ ]", "[ 1, 2,"), a ']' closing it here or below */
				int rc;

				snprintf(st[sp].type, sizeof(st[sp].type), "%s", "");
				snprintf(st[sp].key, sizeof(st[sp].key), "%s", k);
				memset(st[sp].given, 0, sizeof(st[sp].given));
				st[sp].list = 1;
				if ((rc = list_entries(d, k, zone, v + 1)) < 0)
					return -1;
				if (!rc)
					sp++;
				continue;
			}
			if (pm->how == LIST || vl < 2 || v[vl - 1] != '{')
				return ds_fail(d, "%s: '%s' is not %s", k, v, pm->how == LIST ? "[" : "TYPE {");
			if (pm->how == BLOCK) {
				v[vl - 1] = 0;
				v = trim(v);
				if (strcmp(v, pm->arg))
					return ds_fail(d, "%s: a %s, where the model reads a %s", k, v, pm->arg);
			}
			snprintf(st[sp].type, sizeof(st[sp].type), "%s", pm->how == BLOCK ? pm->arg : "");
			snprintf(st[sp].key, sizeof(st[sp].key), "%s", k);
			memset(st[sp].given, 0, sizeof(st[sp].given));
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
					return ds_fail(d, "%s = %s: the model supports only %s", k, v, pm->arg);
			} else if (strcmp(v, pm->arg)) {
				return ds_fail(d, "%s = %s: the model supports only %s", k, v, pm->arg);
			}
			continue;
		}
		if (pm->how == STR) {
			if (!strcmp(pm->arg, "source")) {
				if (strncmp(v, "source ", 7))
					return ds_fail(d, "%s: '%s' is not 'source FILE'", k, v);
				if (sibling(d, k, trim(v + 7), d->model, sizeof(d->model)))
					return -1;
			} else if (!strcmp(pm->arg, "skewunits")) {
				int u = !strcmp(v, "sectors") ? 1 : !strcmp(v, "revolutions") ? 2 : 0;

				if (!u)
					return ds_fail(d, "Skew units = %s: DiskSim's manual (B.4.2) gives revolutions or sectors", v);
				*(zone >= 0 ? &d->zone_skewunits[zone] : &d->skewunits) = u;
			} else if (!strcmp(pm->arg, "access")) {
				if (strcmp(v, "trackSwitchPlusRotation") && strcmp(v, "averageRotation") && strcmp(v, "constant"))
					return ds_fail(d, "Access time type = %s: DiskSim's manual (B.4.3) gives constant, "
						    "averageRotation and trackSwitchPlusRotation", v);
				snprintf(d->access, sizeof(d->access), "%s", v);
			} else if (!strcmp(pm->arg, "curve")) {
				if (sibling(d, k, v, d->curve, sizeof(d->curve)))
					return -1;
			} else {
				if (strcmp(v, "extracted") && strcmp(v, "hplplus10") && strcmp(v, "hpl") && strcmp(v, "curve") &&
				    strcmp(v, "linear") && strcmp(v, "constant"))
					return ds_fail(d, "Seek type = %s: DiskSim's manual (B.4.3) gives linear, curve, constant, "
						    "hpl, hplplus10 and extracted", v);
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
		return ds_fail(d, "the file ends inside a %s", st[sp - 1].list ? "list" : "block");
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
				return ds_fail(d, "'%s': not 'Seek distances measured: N'", ln);
			want = strtol(ln + 24, &end, 10);
			if (want < 1 || *trim(end))
				return ds_fail(d, "the count of distances is not a whole number above 0");
			if (want > DMODEL_SEEK_MAX)
				return ds_fail(d, "%ld distances: the model holds %d", want, DMODEL_SEEK_MAX);
			continue;
		}
		{
			/* DISTANCE, MS (the manual's), then a spread and a write's
			 * time (the dual table DiskSim's 64-bit release reads) */
			char *col[4], whole[96];
			double x[4];
			int nc = 0;

			snprintf(whole, sizeof(whole), "%s", ln);
			for (char *p = ln; nc < 4; p = c + 1) {
				col[nc++] = p;
				if (!(c = strchr(p, ',')))
					break;
				*c = 0;
			}
			if (nc < 2 || c)
				return ds_fail(d, "'%s': not 'DISTANCE, MS' (or with a spread, or a spread and a write's MS)", whole);
			if (d->nseek && nc != d->seekcols)
				return ds_fail(d, "%d columns where the lines before have %d", nc, d->seekcols);
			d->seekcols = nc;
			for (int i = 0; i < nc; i++)
				if (number(d, i ? i == 3 ? "the write's time" : i == 2 ? "the spread" : "the time" : "the distance",
					   col[i], &x[i]))
					return -1;
			cyl = x[0];
			ms = x[1];
			if (nc == 4) {
				/* a write's seek is the read's and the settling the
				 * .model's Add. write settling delay gives: the model
				 * takes the dual table where that is one figure */
				if (x[3] < 0)
					return ds_fail(d, "the write's time %g is negative", x[3]);
				if (d->nseek && fabs(x[3] - ms - d->seek_wextra) > 1e-9)
					return ds_fail(d, "a write's seek %g ms longer than a read's where the first line's is %g: "
						    "the model adds one write settling time to every seek", x[3] - ms, d->seek_wextra);
				d->seek_wextra = x[3] - ms;
			}
		}
		if (cyl < 1 || cyl != floor(cyl))
			return ds_fail(d, "the distance %g is not a whole number of cylinders above 0", cyl);
		if (ms < 0)
			return ds_fail(d, "the time %g is negative", ms);
		if (d->nseek && cyl <= d->seekd[d->nseek - 1])
			return ds_fail(d, "the distance %g is not past the line before's %g (the table must increase)", cyl,
				    d->seekd[d->nseek - 1]);
		if (d->nseek == want)
			return ds_fail(d, "more distances than the %ld the first line says", want);
		d->seekd[d->nseek] = cyl;
		d->seekms[d->nseek++] = ms;
	}
	if (d->nseek != want)
		return ds_fail(d, "%d distances where the first line says %ld", d->nseek, want);
	return 0;
}

/* the figures a profile needs, each known: the keys the files must give */
static const int needed[] = {
	S_BULK, S_HITWRITE, S_SEGS, S_SEGSIZE, S_BCR, S_RAMIN, S_RAMAX, S_RAOVER, S_RAIDLE, S_FWL, S_IMMREAD,
	S_RHR, S_RHW, S_RMR, S_RMW, S_WHR, S_WHW, S_WMR, S_WMW, S_HEADS, S_CYLS, S_BLOCKS,
	S_SETTLE, S_HSW, S_RPM, S_RAFREE, S_CACHE, S_IMMWRITE, S_COMBINE, S_WHSTOP, S_RPMERR, S_SNEAKYF,
	S_SNEAKYP, S_WMREQ, S_ALMOST,
};

static int check(struct ds *d)
{
	for (size_t i = 0; i < sizeof(needed) / sizeof(needed[0]); i++)
		if (!d->seen[needed[i]]) {
			for (size_t k = 0; k < NPARAMS; k++)
				if (params[k].how == NUM && params[k].slot == needed[i] &&
				    strcmp(params[k].block, "dm_layout_g1_zone"))
					return ds_fail(d, "'%s' is missing", params[k].key);
		}
	for (int z = 0; z < d->nzones; z++)
		for (int f = 0; f < 8; f++)
			if (!d->zone_seen[z][f])
				return ds_fail(d, "zone %d: a figure is missing (each zone gives all eight)", z + 1);
	if (d->g4 && d->nzones)
		return ds_fail(d, "a dm_layout_g4 and a dm_layout_g1's Zones: a drive has one layout");
	if (!d->g4 && !d->nzones)
		return ds_fail(d, "no Zones");
	if (!d->g4 && !d->seen[S_SPARING])
		return ds_fail(d, "'Sparing scheme used' is missing");
	if (!d->g4 && !d->seen[S_MAP])
		return ds_fail(d, "'LBN-to-PBN mapping scheme' is missing");
	if (!d->access[0])
		return ds_fail(d, "'Access time type' is missing");
	if (!strcmp(d->access, "constant") && !d->seen[S_CACCESS])
		return ds_fail(d, "Access time type = constant without a 'Constant access time'");
	if (!d->seektype[0])
		return ds_fail(d, "'Seek type' is missing");
	if (!strcmp(d->seektype, "constant") && !d->seen[S_CSEEK])
		return ds_fail(d, "Seek type = constant without a 'Constant seek time' (B.4.3: \"The Constant seek time "
			    "parameter must be provided\")");
	if (d->seen[S_CSEEK] && d->v[S_CSEEK] < 0)
		return ds_fail(d, "Constant seek time = %g: a time, not negative", d->v[S_CSEEK]);
	if (!strcmp(d->seektype, "extracted") && !d->curve[0])
		return ds_fail(d, "Seek type = extracted without a 'Full seek curve'");
	if ((!strcmp(d->seektype, "curve") || !strcmp(d->seektype, "linear")) &&
	    (!d->seen[S_SINGLE] || !d->seen[S_AVG] || !d->seen[S_FULL]))
		return ds_fail(d, "Seek type = %s without the single cylinder, average and full strobe seek times",
			    d->seektype);
	if (!strcmp(d->seektype, "hpl") || !strcmp(d->seektype, "hplplus10")) {
		if (d->nhpl != 6)
			return ds_fail(d, "Seek type = %s without six 'HPL seek equation values'", d->seektype);
	}
	if (!strcmp(d->seektype, "hplplus10") && d->nten != 10)
		return ds_fail(d, "Seek type = hplplus10 without 'First ten seek times'");
	/* the drive's size, bounded before anything loops over it or casts
	 * it: the model's ranges */
	if (d->v[S_HEADS] < 1 || d->v[S_HEADS] > DMODEL_HEADS_MAX || d->v[S_HEADS] != floor(d->v[S_HEADS]))
		return ds_fail(d, "Number of data surfaces = %g: a whole number from 1 to %d", d->v[S_HEADS],
			       DMODEL_HEADS_MAX);
	if (d->v[S_CYLS] < 1 || d->v[S_CYLS] * d->v[S_HEADS] >= (double)DMODEL_TRACKS_MAX ||
	    d->v[S_CYLS] != floor(d->v[S_CYLS]))
		return ds_fail(d, "Number of cylinders = %g: a whole number from 1, times the %g surfaces fewer than %llu tracks",
			       d->v[S_CYLS], d->v[S_HEADS], (unsigned long long)DMODEL_TRACKS_MAX);
	if (d->v[S_BLOCKS] < 1 || d->v[S_BLOCKS] > (double)(DMODEL_CAPACITY_MAX >> 9) ||
	    d->v[S_BLOCKS] != floor(d->v[S_BLOCKS]))
		return ds_fail(d, "Block count = %g: a whole number of 512-byte blocks from 1 to %llu", d->v[S_BLOCKS],
			       (unsigned long long)(DMODEL_CAPACITY_MAX >> 9));
	if (d->v[S_HIGHW] < 0 || d->v[S_HIGHW] > 1)
		return ds_fail(d, "High (read) water mark = %g: a fraction from 0 to 1", d->v[S_HIGHW]);
	if (d->v[S_BULK] > 0 && d->v[S_LOWW] != 0)
		return ds_fail(d, "the low (write) water mark: supported only where the bus takes no time (Bulk sector transfer time 0)");
	if (d->seen[S_MAP] && d->v[S_MAP] != 0 && d->v[S_MAP] != 1 && d->v[S_MAP] != 2)
		return ds_fail(d, "LBN-to-PBN mapping scheme = %g: DiskSim's manual (B.4.2) gives 0, 1 and 2", d->v[S_MAP]);
	if (d->v[S_SPARING] < 0 || d->v[S_SPARING] > 10 || d->v[S_SPARING] != floor(d->v[S_SPARING]))
		return ds_fail(d, "Sparing scheme used = %g: DiskSim's manual (B.4.2) gives 0 to 10", d->v[S_SPARING]);
	if (d->v[S_RPMERR] < 0 || d->v[S_RPMERR] >= 100)
		return ds_fail(d, "Percent error in rpms = %g: a percentage of the rotation speed, 0 to below 100",
			    d->v[S_RPMERR]);
	if (d->v[S_EXTRA] != 0 && d->v[S_EXTRA] != 1)
		return ds_fail(d, "Extra write disconnect = %g: 0 or 1", d->v[S_EXTRA]);
	return 0;
}


int ds_read(struct ds *d, const char *dir)
{
	const char *base = strrchr(dir, '/');
	char path[600], *text;
	int rc;

	while (base && !base[1] && base > dir) {	/* a trailing slash */
		const char *b = base - 1;

		while (b > dir && *b != '/')
			b--;
		base = b;
	}
	base = base ? base + (*base == '/') : dir;
	snprintf(d->name, sizeof(d->name), "%.*s", (int)strcspn(base, "/"), base);
	snprintf(d->dir, sizeof(d->dir), "%s", dir);
	snprintf(path, sizeof(path), "%s/%s.diskspecs", dir, d->name);
	if (!(text = slurp(d, path)))
		return -1;
	rc = parse(d, text, "disksim_disk");
	free(text);
	if (rc)
		return -1;
	if (!d->model[0]) {
		d->line = 0;
		return ds_fail(d, "no 'Model = source FILE'");
	}
	if (!(text = slurp(d, d->model)))
		return -1;
	rc = parse(d, text, "dm_disk");
	free(text);
	if (rc)
		return -1;
	if (d->layout[0]) {
		/* Layout Model = source FILE: a dm_layout_g4, or a g1 block */
		const char *w;

		if (!(text = slurp(d, d->layout)))
			return -1;
		for (w = text; *w == ' ' || *w == '\t' || *w == '\r' || *w == '\n' || *w == '#';)
			w += *w == '#' ? strcspn(w, "\n") : 1;
		if (!strncmp(w, "dm_layout_g4", 12)) {
			rc = ds_g4_parse(d, text);
		} else if (!strncmp(w, "dm_layout_g1", 12)) {
			rc = parse(d, text, "dm_layout_g1");
		} else {
			rc = ds_fail(d, "a %.*s where Layout Model takes a dm_layout_g1 or a dm_layout_g4 (a dm_layout_g2's "
				       "Layout Map File has no format in the manual, B.4.4)", (int)strcspn(w, " \t\r\n{"), w);
		}
		free(text);
		if (rc)
			return -1;
	}
	if (d->curve[0]) {
		if (!(text = slurp(d, d->curve)))
			return -1;
		rc = parse_seek(d, text);
		free(text);
		if (rc)
			return -1;
	}
	d->file = d->model;
	d->line = 0;
	if (check(d))
		return -1;
	return 0;
}
