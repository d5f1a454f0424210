/* dp: disk profile files into the model's integers (profile.h). Pure:
 * text in, struct out. */
#include "profile.h"
#include "queue.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_HDD = 1, K_FLASH = 2, K_ALL = 3 };
enum { T_TEXT, T_KIND, T_FLAG, T_NUM, T_ORDER };

/* every key a profile may give, in the order of dp_profile.given */
static const struct key {
	const char *key;
	int type;
	const char *param;	/* the dmodel_params member, NULL for text */
	size_t off;
	int kinds;	/* which kinds need it */
	double scale;	/* the file's unit in the model's */
	int whole;	/* the file must give a whole number */
} keys[DP_KEYS] = {
#define P(key, type, member, kinds, scale, whole)                              \
	{ key, type, #member, offsetof(struct dmodel_params, member), kinds, scale, whole }
	{ "name", T_TEXT, NULL, 0, 0, 0, 0 },
	{ "model", T_TEXT, NULL, 0, 0, 0, 0 },
	P("kind", T_KIND, kind, 0, 1, 1),
	P("rotational", T_FLAG, rotational, 0, 1, 1),
	P("write_cache", T_FLAG, write_cache, K_HDD, 1, 1),
	P("capacity_gb", T_NUM, capacity_bytes, K_ALL, 1e9, 0),
	P("rpm", T_NUM, rpm, K_HDD, 1, 1),
	P("seek_track_ms", T_NUM, seek_track_ns, K_HDD, 1e6, 0),
	P("seek_avg_ms", T_NUM, seek_avg_ns, K_HDD, 1e6, 0),
	P("seek_full_ms", T_NUM, seek_full_ns, K_HDD, 1e6, 0),
	P("rate_outer_mbs", T_NUM, rate_outer_bps, K_HDD, 1e6, 0),
	P("rate_inner_mbs", T_NUM, rate_inner_bps, K_HDD, 1e6, 0),
	P("heads", T_NUM, heads, K_HDD, 1, 1),
	P("cache_mb", T_NUM, cache_bytes, K_HDD, 1048576, 0),
	P("readahead_kb", T_NUM, readahead_bytes, K_HDD, 1024, 0),
	P("bus_mbs", T_NUM, bus_bps, K_HDD, 1e6, 0),
	P("read_latency_us", T_NUM, read_lat_ns, K_FLASH, 1e3, 0),
	P("write_latency_us", T_NUM, write_lat_ns, K_FLASH, 1e3, 0),
	P("read_mbs", T_NUM, read_bps, K_FLASH, 1e6, 0),
	P("write_mbs", T_NUM, write_bps, K_FLASH, 1e6, 0),
	P("unit_kb", T_NUM, unit_bytes, K_FLASH, 1024, 0),
	/* the drive's command queue (disk/queue.h): optional, none by default */
	P("queue_depth", T_NUM, queue_depth, 0, 1, 1),
	P("queue_order", T_ORDER, queue_order, 0, 1, 1),
#undef P
};

static int key_index(const char *k)
{
	for (int i = 0; i < DP_KEYS; i++)
		if (!strcmp(keys[i].key, k))
			return i;
	return -1;
}

static uint64_t *param(struct dmodel_params *p, int i)
{
	return (uint64_t *)((char *)p + keys[i].off);
}

static int kind_mask(uint64_t kind)
{
	return kind == DMODEL_HDD ? K_HDD : kind == DMODEL_FLASH ? K_FLASH : 0;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = 0;
	return s;
}

/* the message names the line (0: the file as a whole) and the key */
#define FAIL(line, ...)                                                        \
	do {                                                                   \
		int at_ = (line) ? snprintf(err, errlen, "line %d: ", (line)) : 0; \
		if (at_ >= 0 && (size_t)at_ < errlen)                          \
			snprintf(err + at_, errlen - (size_t)at_, __VA_ARGS__); \
		return -EINVAL;                                                \
	} while (0)

/* one "key = value" line's value into d */
static int set_value(struct dp_profile *d, int i, const char *v, int n, char *err, size_t errlen)
{
	const char *k = keys[i].key;
	double x;
	char *end;

	switch (keys[i].type) {
	case T_TEXT:
		if (strlen(v) >= (i == 0 ? sizeof(d->name) : sizeof(d->model)))
			FAIL(n, "%s: longer than %zu characters", k,
			     (i == 0 ? sizeof(d->name) : sizeof(d->model)) - 1);
		strcpy(i == 0 ? d->name : d->model, v);
		break;
	case T_KIND:
		if (!strcmp(v, "hdd"))
			d->p.kind = DMODEL_HDD;
		else if (!strcmp(v, "flash"))
			d->p.kind = DMODEL_FLASH;
		else if (!strcmp(v, "null"))
			d->p.kind = DMODEL_NULL;
		else
			FAIL(n, "kind: '%s' is not hdd, flash or null", v);
		break;
	case T_ORDER:
		if (strcmp(v, "arrival") && strcmp(v, "sptf"))
			FAIL(n, "%s: '%s' is not arrival or sptf", k, v);
		*param(&d->p, i) = v[0] == 's' ? DQUEUE_SPTF : DQUEUE_ARRIVAL;
		break;
	case T_FLAG:
		if (strcmp(v, "0") && strcmp(v, "1"))
			FAIL(n, "%s: '%s' is not 0 or 1", k, v);
		*param(&d->p, i) = v[0] == '1';
		break;
	default:
		errno = 0;
		x = strtod(v, &end);
		if (errno || *end || end == v || !isfinite(x))
			FAIL(n, "%s: not a number", k);
		if (x < 0)
			FAIL(n, "%s: negative", k);
		if (keys[i].whole && x != floor(x))
			FAIL(n, "%s: '%s' is not a whole number", k, v);
		x = round(x * keys[i].scale);
		if (x >= 0x1p63)
			FAIL(n, "%s: too large", k);
		*param(&d->p, i) = (uint64_t)x;
		break;
	}
	if (strlen(v) >= sizeof(d->given[i]))
		FAIL(n, "%s: longer than %zu characters", k, sizeof(d->given[i]) - 1);
	strcpy(d->given[i], v);
	return 0;
}

/* the model's refusal, named by the file's key */
static int check_model(const struct dp_profile *d, char *err, size_t errlen)
{
	struct dmodel *m = malloc(sizeof(*m));
	const char *field = NULL, *key;
	int rc;

	if (!m)
		FAIL(0, "%s", "out of memory");
	rc = dmodel_init(m, &d->p, &field);
	free(m);
	if (!rc)
		return 0;
	key = field ? field : "?";
	for (int i = 0; i < DP_KEYS; i++)
		if (keys[i].param && !strcmp(keys[i].param, key))
			key = keys[i].key;
	FAIL(0, "%s: impossible (zero, out of range, or at odds with the other figures)", key);
}

int dp_parse(const char *text, struct dp_profile *d, char *err, size_t errlen)
{
	char line[512];
	int sourced[DP_KEYS] = { 0 }, n = 0, kmask;
	const char *t = text;

	memset(d, 0, sizeof(*d));
	while (*t) {
		size_t l = strcspn(t, "\n");
		char *k, *v, *eq, *hash;
		int i, rc;

		n++;
		if (l >= sizeof(line))
			FAIL(n, "longer than %s bytes", "511");
		memcpy(line, t, l);
		line[l] = 0;
		t += l + (t[l] == '\n');
		if ((hash = strchr(line, '#')))
			*hash = 0;
		k = trim(line);
		if (!*k)
			continue;
		if (!(eq = strchr(k, '=')))
			FAIL(n, "'%s': not key = value", k);
		*eq = 0;
		k = trim(k);
		v = trim(eq + 1);
		if (!*v)
			FAIL(n, "%s: no value", k);
		if (!strncmp(k, "source.", 7)) {
			i = key_index(k + 7);
			if (i < 0 || (keys[i].type != T_NUM && keys[i].type != T_ORDER))
				FAIL(n, "%s: a source for no figure", k);
			sourced[i] = 1;
		} else if (!strcmp(k, "source")) {
			/* where the profile comes from: for the reader */
		} else {
			i = key_index(k);
			if (i < 0)
				FAIL(n, "unknown key '%s'", k);
			rc = set_value(d, i, v, n, err, errlen);
			if (rc)
				return rc;
		}
	}
	if (!d->name[0])
		FAIL(0, "missing %s", "name");
	kmask = kind_mask(d->p.kind);
	for (int i = 0; i < DP_KEYS; i++) {
		int need = keys[i].type == T_KIND || (keys[i].type == T_FLAG && !keys[i].kinds) ||
			   (keys[i].kinds & kmask);
		if (!need)
			continue;
		if (!d->given[i][0])
			FAIL(0, "missing %s", keys[i].key);
		if (keys[i].type == T_NUM && !sourced[i])
			FAIL(0, "%s: no source.<key> line says where it comes from", keys[i].key);
	}
	{
		const char *why;

		if (dqueue_check(&d->p, &why))
			FAIL(0, "%s", why);
	}
	return check_model(d, err, errlen);
}

const char *dp_get(const struct dp_profile *d, const char *key)
{
	int i = key_index(key);

	return i < 0 ? NULL : d->given[i];
}

int dp_describe(const struct dp_profile *d, char *buf, size_t len)
{
	size_t used;
	int kmask = kind_mask(d->p.kind);
	int w = snprintf(buf, len, "disk=%s disk_kind=%s disk_rotational=%d", d->name,
			 d->p.kind == DMODEL_HDD ? "hdd" : d->p.kind == DMODEL_FLASH ? "flash" : "null",
			 (int)d->p.rotational);

	if (w < 0 || (size_t)w >= len)
		return -ENOSPC;
	used = (size_t)w;
	for (int i = 0; i < DP_KEYS; i++) {
		if (keys[i].type != T_NUM || !(keys[i].kinds & kmask))
			continue;
		w = snprintf(buf + used, len - used, " disk_%s=%g", keys[i].key,
			     (double)*(const uint64_t *)((const char *)&d->p + keys[i].off) / keys[i].scale);
		if (w < 0 || (size_t)w >= len - used)
			return -ENOSPC;
		used += (size_t)w;
	}
	if (d->p.kind == DMODEL_HDD) {
		w = snprintf(buf + used, len - used, " disk_write_cache=%d", (int)d->p.write_cache);
		if (w < 0 || (size_t)w >= len - used)
			return -ENOSPC;
	}
	return 0;
}
