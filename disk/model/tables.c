/*
 * dmodel's tables as text (model.h): the zone, seek and slip tables of a
 * profile as one line of words, which the host writes (diskprofile FILE
 * tables) and the guest's module reads (its tables= parameter), beside
 * the integer parameters' line. Integers only, no libc, as the model.
 *
 *   zone=FIRST_CYL,LAST_CYL,BPT,...   one a zone, DMODEL_ZONE_FIELDS' order
 *   seek=CYL,NS                       one a point of seek[]
 *   slip=N                            one an entry of slip[]
 *
 * in the arrays' order, words separated by single spaces.
 */
#include "model_arith.h"

#define ZONE_FIELDS (sizeof(struct dmodel_zone) / sizeof(uint64_t))

/* appends s (len bytes) at *at of buf[size], counting it either way */
static void put(char *buf, size_t size, size_t *at, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++, (*at)++)
		if (*at + 1 < size)
			buf[*at] = s[i];
}

static void put_u64(char *buf, size_t size, size_t *at, uint64_t v)
{
	char d[20];
	size_t n = 0;

	do {
		d[sizeof(d) - 1 - n++] = (char)('0' + DMODEL_REM(v, 10));
		v = DMODEL_DIV(v, 10);
	} while (v);
	put(buf, size, at, d + sizeof(d) - n, n);
}

static void put_word(char *buf, size_t size, size_t *at, const char *name, const uint64_t *v, size_t n)
{
	size_t len = 0;

	while (name[len])
		len++;
	if (*at)
		put(buf, size, at, " ", 1);
	put(buf, size, at, name, len);
	put(buf, size, at, "=", 1);
	for (size_t i = 0; i < n; i++) {
		if (i)
			put(buf, size, at, ",", 1);
		put_u64(buf, size, at, v[i]);
	}
}

size_t dmodel_tables_format(const struct dmodel_params *p, char *buf, size_t size)
{
	size_t at = 0, slips = 0;

	for (uint64_t i = 0; i < p->zones && i < DMODEL_ZONES_MAX; i++) {
		put_word(buf, size, &at, "zone", (const uint64_t *)&p->zone[i], ZONE_FIELDS);
		slips += p->zone[i].slips;
	}
	for (uint64_t i = 0; i < p->seek_points && i < DMODEL_SEEK_MAX; i++) {
		const uint64_t pt[2] = { p->seek[i].cyl, p->seek[i].ns };

		put_word(buf, size, &at, "seek", pt, 2);
	}
	for (size_t i = 0; i < slips && i < DMODEL_SLIPS_MAX; i++)
		put_word(buf, size, &at, "slip", &p->slip[i], 1);
	if (size)
		buf[at < size ? at : size - 1] = 0;
	return at;
}

/* n comma-separated decimals from *s to v[]; *s past them. 0 or -1 */
static int get_u64s(const char **s, uint64_t *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *c = *s;
		uint64_t x = 0;

		if (i && *c++ != ',')
			return -1;
		if (*c < '0' || *c > '9')
			return -1;
		for (; *c >= '0' && *c <= '9'; c++) {
			/* 2^64 - 1 = 1844674407370955161 x 10 + 5 (no 64-bit division: a 32-bit kernel) */
			if (x > 1844674407370955161ULL || (x == 1844674407370955161ULL && *c > '5'))
				return -1;
			x = x * 10 + (uint64_t)(*c - '0');
		}
		v[i] = x;
		*s = c;
	}
	return 0;
}

/* s begins with name and '=': 1 and *s past them */
static int word_is(const char **s, const char *name)
{
	const char *c = *s;

	while (*name && *c == *name)
		c++, name++;
	if (*name || *c != '=')
		return 0;
	*s = c + 1;
	return 1;
}

int dmodel_tables_parse(struct dmodel_params *p, const char *text, const char **why)
{
	uint64_t nz = 0, ns = 0, nl = 0, slips = 0;
	const char *s = text;

	*why = NULL;
	while (*s) {
		int ok;

		if (*s == ' ' || *s == '\n') {
			s++;
			continue;
		}
		if (word_is(&s, "zone")) {
			*why = "more zone= words than the parameters' zones";
			if (nz >= p->zones || nz >= DMODEL_ZONES_MAX)
				return -EINVAL;
			ok = !get_u64s(&s, (uint64_t *)&p->zone[nz], ZONE_FIELDS);
			if (ok)
				slips += p->zone[nz].slips;
			nz++;
		} else if (word_is(&s, "seek")) {
			uint64_t pt[2];

			*why = "more seek= words than the parameters' seek_points";
			if (ns >= p->seek_points || ns >= DMODEL_SEEK_MAX)
				return -EINVAL;
			ok = !get_u64s(&s, pt, 2);
			p->seek[ns].cyl = pt[0];
			p->seek[ns++].ns = pt[1];
		} else if (word_is(&s, "slip")) {
			*why = "more slip= words than the zones' slips";
			if (nl >= DMODEL_SLIPS_MAX)
				return -EINVAL;
			ok = !get_u64s(&s, &p->slip[nl++], 1);
		} else {
			*why = "a word that is not zone=, seek= or slip=";
			return -EINVAL;
		}
		if (!ok || (*s && *s != ' ' && *s != '\n')) {
			*why = "a table word whose values are not its count of decimals, comma-separated";
			return -EINVAL;
		}
	}
	if (nz != p->zones) {
		*why = "fewer zone= words than the parameters' zones";
		return -EINVAL;
	}
	if (ns != p->seek_points) {
		*why = "fewer seek= words than the parameters' seek_points";
		return -EINVAL;
	}
	if (nl != slips) {
		*why = nl < slips ? "fewer slip= words than the zones' slips" : "more slip= words than the zones' slips";
		return -EINVAL;
	}
	return 0;
}
