#ifndef SB_DISKSIM_FILES_H
#define SB_DISKSIM_FILES_H
/*
 * ds's reading (disk/disksim/disksim.c) for its profile (disk/disksim/disksim_profile.c):
 * what a drive's three files say, by slot, and the refusal naming the file
 * and line. Private to the two.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "disk/model/model.h"

/* the figures, by slot */
enum slot {
	S_NONE, S_PERREQ, S_SCALE, S_BULK, S_HITWRITE, S_QUEUE, S_SEGS, S_WSEGS, S_SEGSIZE, S_SEPW, S_LOWW,
	S_HIGHW, S_BCR, S_RAMIN, S_RAMAX, S_RAOVER, S_RAIDLE, S_FWL, S_IMMREAD, S_RHR, S_RHW, S_RMR, S_RMW,
	S_WHR, S_WHW, S_WMR, S_WMW, S_RDONE, S_WDONE, S_PREP, S_RESEL1, S_RESELN, S_PARTIAL, S_RDISCR, S_RDISCW, S_EXTRA,
	S_XCMD, S_XDISC, S_XDELAY, S_XSEEK, S_MINSEEK, S_HEADS, S_CYLS, S_BLOCKS, S_SPARING, S_RANGE,
	S_SINGLE, S_AVG, S_FULL, S_SETTLE, S_HSW, S_RPM, S_RAFREE, S_CACHE, S_MAP, S_IMMWRITE, S_COMBINE, S_WHSTOP, S_RPMERR, S_SNEAKYF, S_SNEAKYP, S_WMREQ, S_ALMOST, S_CACCESS, S_CSEEK, S_NSLOTS
};

#define ZMAX DMODEL_ZONES_MAX
#define SLMAX DMODEL_SLIPS_MAX	/* slips, all zones: the model's table */

/* a dm_layout_g4 as its block gives it (disk/disksim/disksim_g4.c) */
struct ds_g4ent {
	double f[8];	/* lbn, cyl, off, len, cyllen, alen, runlen, cylrunlen */
	double child, head;
	size_t node;	/* the IDX node it is in */
	int track;	/* its child is a track pattern (TRACK), not a node (IDX) */
};
struct ds_g4 {
	struct ds_g4ent *ent;
	double *tp, *slip, *remap;	/* 3, 2 and 6 numbers an entry */
	size_t nent, nnode, ntp, nslip, nremap;
};

struct ds {
	char name[64], dname[128], model[256], curve[256], layout[256], seektype[32], access[32], dir[512];
	double v[S_NSLOTS];
	int seen[S_NSLOTS];
	double zone[ZMAX][8];
	int zone_seen[ZMAX][8];
	double slip[SLMAX];	/* as the files list them, zone by zone */
	int slip_zone[SLMAX], nslip, nslips[ZMAX], nzones;
	double hpl[6], ten[10];
	int nhpl, nten;
	int skewunits, zone_skewunits[ZMAX];	/* Skew units: 0 not given, 1 sectors, 2 revolutions */
	double seekd[DMODEL_SEEK_MAX], seekms[DMODEL_SEEK_MAX];
	int nseek;
	/* a seek file's columns: 2 (the manual's), 3 (with each time's
	 * spread) or 4 (and a write's time: the dual table); with 4, how much
	 * longer a write's seek is than a read's (the same at every distance) */
	int seekcols;
	double seek_wextra;
	double defect;
	int ndef;
	struct ds_g4 *g4;	/* the layout, if a dm_layout_g4 (heap: ds_g4_free) */
	/* the parse: file, line, the error */
	const char *file;
	int line;
	char *err;
	size_t errlen;
};

/* -1, with "FILE:LINE: why" in d->err (here, so that the readers of a
 * drive's parts share it without calling into each other) */
static inline int ds_fail(struct ds *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline int ds_fail(struct ds *d, const char *fmt, ...)
{
	va_list ap;
	int w = snprintf(d->err, d->errlen, "%s:%d: ", d->file, d->line);

	va_start(ap, fmt);
	if (w >= 0 && (size_t)w < d->errlen)
		vsnprintf(d->err + w, d->errlen - (size_t)w, fmt, ap);
	va_end(ap);
	return -1;
}
/* the drive in dir (its name: dir's last component) read and checked into
 * d: 0, or -1 with d->err set */
int ds_read(struct ds *d, const char *dir);
/* a dm_layout_g4 block's text (from its type, or from its '{') into
 * d->g4: 0, or -1 with d->err set; ds_g4_free frees it (NULL: nothing) */
int ds_g4_parse(struct ds *d, const char *text);
void ds_g4_free(struct ds *d);

#endif
