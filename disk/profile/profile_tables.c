/* dp: a profile's tables (profile.h): the zones and the measured seeks of
 * a drive, line by line into the model's tables; and dp_decimal, the one
 * way a figure is written, which the profile reader, the tables and the
 * DiskSim importer take. Pure: text in, struct out. */
#include "profile.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a figure as the file must give it: decimal digits with an optional
 * fraction; a sign, an exponent, hex (0x1c20), inf and nan are not figures
 * a datasheet prints, so a profile that has one is refused, not guessed */
int dp_decimal(const char *v, double *x)
{
	static const char digits[] = "0123456789";
	size_t w = strspn(v, digits), f = 0;

	if (!w)
		return -1;
	if (v[w] == '.' && !(f = strspn(v + w + 1, digits)))
		return -1;
	if (v[w + (f ? f + 1 : 0)])
		return -1;
	*x = strtod(v, NULL);
	return isfinite(*x) ? 0 : -1;
}

#define TFAIL(line, ...)                                                       \
	do {                                                                   \
		int at_ = snprintf(err, errlen, "line %d: ", (line));          \
		if (at_ >= 0 && (size_t)at_ < errlen)                          \
			snprintf(err + at_, errlen - (size_t)at_, __VA_ARGS__); \
		return -EINVAL;                                                \
	} while (0)

/* a whole decimal number from *s (advanced past it and the blanks after) */
static int whole(const char **s, uint64_t *v)
{
	const char *p = *s;
	uint64_t x = 0;

	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9') {
		if (x > (UINT64_MAX - 9) / 10)
			return -1;
		x = x * 10 + (uint64_t)(*p++ - '0');
	}
	while (*p == ' ' || *p == '\t')
		p++;
	*s = p;
	*v = x;
	return 0;
}

/* a decimal number with at most three decimals from *s, in thousandths */
static int milli(const char **s, uint64_t *v)
{
	const char *p = *s;
	uint64_t w, f = 0;
	int k = 0;

	if (whole(&p, &w) || w > UINT64_MAX / 1000)
		return -1;
	if (*p == '.') {
		if (p[-1] < '0' || p[-1] > '9')	/* a blank before the point */
			return -1;
		p++;
		while (*p >= '0' && *p <= '9') {
			if (++k > 3)
				return -1;
			f = f * 10 + (uint64_t)(*p++ - '0');
		}
		if (!k)
			return -1;
		while (k++ < 3)
			f *= 10;
		while (*p == ' ' || *p == '\t')
			p++;
	}
	*s = p;
	*v = w * 1000 + f;
	return 0;
}

/* the index of "PREFIX.N" (1-based, at most max), 0 if k is not one */
static unsigned entry(const char *k, const char *prefix, unsigned max)
{
	size_t l = strlen(prefix);
	const char *p = k + l;
	uint64_t v;

	if (strncmp(k, prefix, l) || *p == '0' || whole(&p, &v) || *p || v > max)
		return 0;
	return (unsigned)v;
}

static const char *const zone_names[] = {
	"first cylinder", "last cylinder", "blocks per track", "track skew", "cylinder skew",
	"spares", "front", "offset",
};

static int zone_line(struct dp_profile *d, unsigned zi, const char *v, int n, char *err, size_t errlen)
{
	struct dmodel_zone *z = &d->p.zone[zi - 1];
	uint64_t f[8], prev = 0;
	const char *p = v;
	unsigned i;

	for (i = 0; i < 8; i++) {
		/* the skews and the offset: sectors with up to three decimals */
		int frac = i == 3 || i == 4 || i == 7;

		if (frac ? milli(&p, &f[i]) : whole(&p, &f[i]))
			TFAIL(n, "zone.%u: the %s is not a %s (want %s)", zi, zone_names[i],
			      frac ? "number of sectors (three decimals at most)" : "whole number",
			      "FIRST LAST BPT SKEW_TRACK SKEW_CYL SPARES FRONT OFFSET [: SLIP ...]");
	}
	z->first_cyl = f[0];
	z->last_cyl = f[1];
	z->bpt = f[2];
	z->skew_track = f[3];
	z->skew_cyl = f[4];
	z->spares = f[5];
	z->front = f[6];
	z->offset = f[7];
	z->slips = 0;
	if (*p == ':') {
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		while (*p) {
			uint64_t s;

			if (whole(&p, &s))
				TFAIL(n, "zone.%u: a slip is not a whole number", zi);
			if (z->slips && s <= prev)
				TFAIL(n, "zone.%u: the slips are not increasing (%llu after %llu)", zi,
				      (unsigned long long)s, (unsigned long long)prev);
			if (d->slips == DMODEL_SLIPS_MAX)
				TFAIL(n, "zone.%u: more than %d slips in all", zi, DMODEL_SLIPS_MAX);
			d->slip_zone[d->slips] = zi - 1;
			d->slip_at[d->slips++] = s;
			z->slips++;
			prev = s;
		}
	} else if (*p) {
		TFAIL(n, "zone.%u: '%s' after the eight figures (slips follow a ':')", zi, p);
	}
	return 0;
}

static int seek_line(struct dp_profile *d, unsigned si, const char *v, int n, char *err, size_t errlen)
{
	const char *p = v;
	uint64_t cyl;
	double ms;

	if (whole(&p, &cyl) || !cyl)
		TFAIL(n, "seek.%u: the distance is not a whole number of cylinders above 0 (want CYLINDERS MS)", si);
	/* decimal as every figure of a profile (dp_decimal): no hex, no exponent */
	if (dp_decimal(p, &ms) || ms > 10000)
		TFAIL(n, "seek.%u: the time is not a number of milliseconds (0-10000, decimal digits and a fraction)", si);
	d->p.seek[si - 1].cyl = cyl;
	d->p.seek[si - 1].ns = (uint64_t)llround(ms * 1e6);
	return 0;
}


/*
 * A g4 layout's lines (model.h's struct dmodel_g4), each list numbered
 * from 1 in order; NODE and CHILD count from 0, as DiskSim's lists do:
 *   g4.ent.N = NODE LBN CYL OFF LEN CYLLEN ALEN RUNLEN CYLRUNLEN track|idx CHILD HEAD
 *   g4.tp.N = LOW HIGH SPT
 *   g4.slip.N = LBN COUNT
 *   g4.remap.N = LBN COUNT CYL HEAD SECTOR SPT
 *   source.g4 = ...
 * OFF and ALEN are turns below 1, six decimals at most; CYLRUNLEN's sign
 * alone matters (below 0: the instances go down in cylinders).
 */
struct dp_g4 {
	struct dmodel_g4 g;
	struct dmodel_g4_ent *ent;
	struct dmodel_g4_tp *tp;
	struct dmodel_g4_slip *slip;
	struct dmodel_g4_remap *remap;
	uint64_t *node;
	uint64_t nent, ntp, nslip, nremap, cap_ent, cap_tp, cap_slip, cap_remap, cap_node;
	int src;
};

void dp_free(struct dp_profile *d)
{
	if (d->g4) {
		free(d->g4->ent);
		free(d->g4->tp);
		free(d->g4->slip);
		free(d->g4->remap);
		free(d->g4->node);
		free(d->g4);
	}
	d->g4 = NULL;
	d->p.g4 = NULL;
}

/* room for entry n (0-based) of an array of size bytes a member, at most max */
static int grow(void **a, uint64_t *cap, uint64_t n, size_t size, uint64_t max)
{
	uint64_t c = *cap ? *cap : 64;
	void *b;

	if (n < *cap)
		return 0;
	if (n >= max)
		return -1;
	while (c <= n)
		c *= 2;
	if (c > max)
		c = max;
	if (!(b = realloc(*a, (size_t)c * size)))
		return -1;
	*a = b;
	*cap = c;
	return 0;
}

/* a fraction of a turn from *s: "0" or "0.DDDDDD" (six decimals at most), in millionths */
static int micro(const char **s, uint64_t *v)
{
	const char *p = *s;
	uint64_t w, f = 0;
	int k = 0;

	if (whole(&p, &w) || w)
		return -1;
	if (*p == '.') {
		if (p[-1] < '0' || p[-1] > '9')
			return -1;
		p++;
		while (*p >= '0' && *p <= '9') {
			if (++k > 6)
				return -1;
			f = f * 10 + (uint64_t)(*p++ - '0');
		}
		if (!k)
			return -1;
		while (k++ < 6)
			f *= 10;
		while (*p == ' ' || *p == '\t')
			p++;
	}
	*s = p;
	*v = f;
	return 0;
}

/* the numbers of a line into f[0..n), whole; 0, or -1 */
static int wholes(const char *p, uint64_t *f, int n)
{
	for (int i = 0; i < n; i++)
		if (whole(&p, &f[i]))
			return -1;
	return *p ? -1 : 0;
}

static int g4_line(struct dp_profile *d, const char *k, const char *v, int n, char *err, size_t errlen)
{
	struct dp_g4 *g;
	const char *p = v;
	uint64_t f[8];
	unsigned no;

	if (!d->g4 && !(d->g4 = calloc(1, sizeof(*d->g4))))
		TFAIL(n, "%s: out of memory", k);
	g = d->g4;
	if (!strcmp(k, "source.g4")) {
		g->src = 1;
		return 0;
	}
#define G4_NEXT(list, count, cap, max)                                                            \
	do {                                                                                       \
		if (!(no = entry(k, "g4." #list ".", (max))))                                       \
			TFAIL(n, "%s: g4." #list " lines are g4." #list ".1 to g4." #list ".%d", k, (max)); \
		if (no != g->count + 1)                                                            \
			TFAIL(n, "%s: after g4." #list ".%llu (numbered in order from 1)", k,        \
			      (unsigned long long)g->count);                                       \
		if (grow((void **)&g->list, &g->cap, g->count, sizeof(*g->list), (max)))            \
			TFAIL(n, "%s: out of memory", k);                                          \
	} while (0)
	if (!strncmp(k, "g4.ent.", 7)) {
		struct dmodel_g4_ent *e;
		uint64_t node, child, head;
		int neg = 0, track;

		G4_NEXT(ent, nent, cap_ent, DMODEL_G4_ENTS_MAX);
		if (whole(&p, &node) || whole(&p, &f[0]) || whole(&p, &f[1]) || micro(&p, &f[2]) || whole(&p, &f[3]) ||
		    whole(&p, &f[4]) || micro(&p, &f[5]) || whole(&p, &f[6]))
			TFAIL(n, "%s: not NODE LBN CYL OFF LEN CYLLEN ALEN RUNLEN CYLRUNLEN track|idx CHILD HEAD (whole "
			      "numbers; OFF and ALEN turns below 1, six decimals at most)", k);
		if (*p == '-')
			neg = 1, p++;
		if (whole(&p, &f[7]))
			TFAIL(n, "%s: CYLRUNLEN is not a whole number (a sign at most)", k);
		track = !strncmp(p, "track ", 6) ? 1 : !strncmp(p, "idx ", 4) ? 0 : -1;
		if (track < 0)
			TFAIL(n, "%s: the child's type is not track or idx", k);
		p += track ? 6 : 4;
		while (*p == ' ' || *p == '\t')
			p++;
		if (whole(&p, &child) || whole(&p, &head) || *p || child > 0xffffffffULL || head > 0xffffffffULL)
			TFAIL(n, "%s: CHILD and HEAD are not whole numbers", k);
		if (g->nent ? node != g->g.nnode - 1 && node != g->g.nnode : node != 0)
			TFAIL(n, "%s: node %llu after node %llu (nodes are numbered from 0 in order)", k,
			      (unsigned long long)node, (unsigned long long)(g->nent ? g->g.nnode - 1 : 0));
		if (node >= DMODEL_G4_NODES_MAX)
			TFAIL(n, "%s: node %llu: nodes are 0 to %d", k, (unsigned long long)node, DMODEL_G4_NODES_MAX - 1);
		if (!g->nent || node == g->g.nnode) {	/* a node's first entry */
			if (grow((void **)&g->node, &g->cap_node, node, sizeof(*g->node), DMODEL_G4_NODES_MAX + 1))
				TFAIL(n, "%s: out of memory", k);
			g->node[node] = g->nent;
		}
		e = &g->ent[g->nent++];
		g->g.nnode = node + 1;
		*e = (struct dmodel_g4_ent){ .lbn = f[0], .cyl = f[1], .off = f[2], .len = f[3], .cyllen = f[4],
					      .alen = f[5], .runlen = f[6], .down = (uint8_t)(neg && f[7]),
					      .track = (uint8_t)track, .child = (uint32_t)child, .head = (uint32_t)head };
		return 0;
	}
	if (!strncmp(k, "g4.tp.", 6)) {
		G4_NEXT(tp, ntp, cap_tp, DMODEL_G4_TPS_MAX);
		if (wholes(p, f, 3))
			TFAIL(n, "%s: not LOW HIGH SPT (whole numbers)", k);
		g->tp[g->ntp++] = (struct dmodel_g4_tp){ f[0], f[1], f[2] };
		return 0;
	}
	if (!strncmp(k, "g4.slip.", 8)) {
		G4_NEXT(slip, nslip, cap_slip, DMODEL_G4_SLIPS_MAX);
		if (wholes(p, f, 2) || !f[1] || f[1] > (1ULL << 40))
			TFAIL(n, "%s: not LBN COUNT (whole numbers, a count from 1 to 2^40)", k);
		/* the model's: the running total */
		g->slip[g->nslip] = (struct dmodel_g4_slip){ f[0], f[1] + (g->nslip ? g->slip[g->nslip - 1].total : 0) };
		g->nslip++;
		return 0;
	}
	if (!strncmp(k, "g4.remap.", 9)) {
		G4_NEXT(remap, nremap, cap_remap, DMODEL_G4_REMAPS_MAX);
		if (wholes(p, f, 6))
			TFAIL(n, "%s: not LBN COUNT CYL HEAD SECTOR SPT (whole numbers)", k);
		g->remap[g->nremap++] = (struct dmodel_g4_remap){ f[0], f[1], f[2], f[3], f[4], f[5] };
		return 0;
	}
#undef G4_NEXT
	TFAIL(n, "unknown key '%s' (g4.ent.N, g4.tp.N, g4.slip.N, g4.remap.N, source.g4)", k);
}

int dp_table_line(struct dp_profile *d, const char *k, const char *v, int n, char *err, size_t errlen)
{
	unsigned i;

	if (!strncmp(k, "g4.", 3) || !strcmp(k, "source.g4"))
		return g4_line(d, k, v, n, err, errlen);
	if (!strcmp(k, "source.zone") || !strcmp(k, "source.seek")) {
		*(k[7] == 'z' ? &d->zone_src : &d->seek_src) = 1;
		return 0;
	}
	if (!strncmp(k, "zone.", 5)) {
		if (!(i = entry(k, "zone.", DMODEL_ZONES_MAX)))
			TFAIL(n, "%s: zones are zone.1 to zone.%d", k, DMODEL_ZONES_MAX);
		if (d->zone_set[i - 1])
			TFAIL(n, "%s: given twice", k);
		d->zone_set[i - 1] = 1;
		return zone_line(d, i, v, n, err, errlen);
	}
	if (!strncmp(k, "seek.", 5)) {
		if (!(i = entry(k, "seek.", DMODEL_SEEK_MAX)))
			TFAIL(n, "%s: measured seeks are seek.1 to seek.%d", k, DMODEL_SEEK_MAX);
		if (d->seek_set[i - 1])
			TFAIL(n, "%s: given twice", k);
		d->seek_set[i - 1] = 1;
		return seek_line(d, i, v, n, err, errlen);
	}
	return 1;
}

#define FFAIL(...)                                                             \
	do {                                                                   \
		snprintf(err, errlen, __VA_ARGS__);                            \
		return -EINVAL;                                                \
	} while (0)

/* the g4 lines into the model's table: its nodes from the entries */
static int g4_finish(struct dp_profile *d, char *err, size_t errlen)
{
	struct dp_g4 *g = d->g4;

	if (!g->src)
		FFAIL("g4: no source.g4 line says where the layout comes from");
	if (!g->nent)
		FFAIL("g4: no g4.ent lines (a layout needs its root node)");
	if (d->p.zones)
		FFAIL("g4: a layout and zones: a drive has one or the other");
	if (grow((void **)&g->node, &g->cap_node, g->g.nnode, sizeof(*g->node), DMODEL_G4_NODES_MAX + 1))
		FFAIL("g4: out of memory");
	g->node[g->g.nnode] = g->nent;
	g->g.ent = g->ent;
	g->g.node = g->node;
	g->g.tp = g->tp;
	g->g.slip = g->slip;
	g->g.remap = g->remap;
	g->g.nent = g->nent;
	g->g.ntp = g->ntp;
	g->g.nslip = g->nslip;
	g->g.nremap = g->nremap;
	d->p.g4 = &g->g;
	return 0;
}

int dp_table_finish(struct dp_profile *d, char *err, size_t errlen)
{
	unsigned nz = 0, ns = 0, i, k, at = 0;

	while (nz < DMODEL_ZONES_MAX && d->zone_set[nz])
		nz++;
	for (i = nz; i < DMODEL_ZONES_MAX; i++)
		if (d->zone_set[i])
			FFAIL("zone.%u: given without zone.%u", i + 1, nz + 1);
	while (ns < DMODEL_SEEK_MAX && d->seek_set[ns])
		ns++;
	for (i = ns; i < DMODEL_SEEK_MAX; i++)
		if (d->seek_set[i])
			FFAIL("seek.%u: given without seek.%u", i + 1, ns + 1);
	if (nz && !d->zone_src)
		FFAIL("zone: no source.zone line says where the zones come from");
	if (ns && !d->seek_src)
		FFAIL("seek: no source.seek line says where the seeks come from");
	if (nz && !d->p.cylinders)
		FFAIL("zone: the zones need cylinders");
	for (i = 1; i < ns; i++)
		if (d->p.seek[i].cyl <= d->p.seek[i - 1].cyl)
			FFAIL("seek.%u: the distance %llu is not past seek.%u's %llu (the table must increase)", i + 1,
			      (unsigned long long)d->p.seek[i].cyl, i, (unsigned long long)d->p.seek[i - 1].cyl);
	for (i = 0; i < nz; i++) {
		const struct dmodel_zone *z = &d->p.zone[i];

		/* in order, none overlapping; cylinders between two zones hold no
		 * data (DiskSim's Barracuda has them), but the first zone starts
		 * at 0 and the last ends at the last cylinder */
		if (!i && z->first_cyl)
			FFAIL("zone.1: starts at cylinder %llu: the first zone must start at 0",
			      (unsigned long long)z->first_cyl);
		if (i && z->first_cyl <= d->p.zone[i - 1].last_cyl)
			FFAIL("zone.%u: starts at cylinder %llu, inside zone.%u (which ends at %llu): zones overlap", i + 1,
			      (unsigned long long)z->first_cyl, i, (unsigned long long)d->p.zone[i - 1].last_cyl);
		if (z->last_cyl < z->first_cyl)
			FFAIL("zone.%u: ends before it starts", i + 1);
		if (i + 1 == nz && z->last_cyl + 1 != d->p.cylinders)
			FFAIL("zone.%u: the last zone ends at cylinder %llu, the drive's last is %llu", i + 1,
			      (unsigned long long)z->last_cyl, (unsigned long long)d->p.cylinders - 1);
		/* the slips, zone by zone, into the model's table */
		for (k = 0; k < d->slips; k++)
			if (d->slip_zone[k] == i)
				d->p.slip[at++] = d->slip_at[k];
	}
	d->p.zones = nz;
	d->p.seek_points = ns;
	return d->g4 ? g4_finish(d, err, errlen) : 0;
}
