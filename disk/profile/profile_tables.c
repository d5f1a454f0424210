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

int dp_table_line(struct dp_profile *d, const char *k, const char *v, int n, char *err, size_t errlen)
{
	unsigned i;

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
	return 0;
}
