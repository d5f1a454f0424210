/* dp: disk profile files (profile.h). Pure: text in, struct out. */
#include "profile.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_HDD = 1, K_FLASH = 2 };

static const struct field {
	const char *key;
	size_t off;	/* a double in dm_profile */
	int kinds;	/* which kinds need it */
	double scale;	/* value x scale is stored */
} fields[] = {
#define F(key, member, kinds, scale) { key, offsetof(struct dm_profile, member), kinds, scale }
	F("capacity_gb", capacity_bytes, K_HDD | K_FLASH, 1e9),
	F("rpm", rpm, K_HDD, 1),
	F("seek_track_ms", seek_track_ms, K_HDD, 1),
	F("seek_avg_ms", seek_avg_ms, K_HDD, 1),
	F("seek_full_ms", seek_full_ms, K_HDD, 1),
	F("rate_outer_mbs", rate_outer_mbs, K_HDD, 1),
	F("rate_inner_mbs", rate_inner_mbs, K_HDD, 1),
	F("heads", heads, K_HDD, 1),
	F("cache_mb", cache_mb, K_HDD, 1),
	F("readahead_kb", readahead_kb, K_HDD, 1),
	F("bus_mbs", bus_mbs, K_HDD, 1),
	F("read_latency_us", read_lat_us, K_FLASH, 1),
	F("write_latency_us", write_lat_us, K_FLASH, 1),
	F("read_mbs", read_mbs, K_FLASH, 1),
	F("write_mbs", write_mbs, K_FLASH, 1),
	F("unit_kb", unit_kb, K_FLASH, 1),
#undef F
};
#define NFIELDS (sizeof(fields) / sizeof(fields[0]))

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

static int parse_flag(const char *v, int *out)
{
	if (!strcmp(v, "0") || !strcmp(v, "1")) {
		*out = v[0] == '1';
		return 0;
	}
	return -1;
}

int dp_parse(const char *text, struct dm_profile *p, char *err, size_t errlen)
{
	char line[512];
	int seen[NFIELDS] = { 0 }, sourced[NFIELDS] = { 0 };
	int have_kind = 0, have_rot = 0, have_wc = 0, n = 0, kmask;
	const char *t = text, *field;

	memset(p, 0, sizeof(*p));
	p->rotational = -1;
	while (*t) {
		size_t l = strcspn(t, "\n");
		char *k, *v, *eq, *hash, *end;

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
			size_t i;
			for (i = 0; i < NFIELDS && strcmp(fields[i].key, k + 7); i++)
				;
			if (i == NFIELDS)
				FAIL(n, "%s: a source for no figure", k);
			sourced[i] = 1;
		} else if (!strcmp(k, "name")) {
			if (strlen(v) >= sizeof(p->name))
				FAIL(n, "name: longer than %s characters", "63");
			strcpy(p->name, v);
		} else if (!strcmp(k, "model") || !strcmp(k, "source")) {
			/* what it is and where it comes from: for the reader */
		} else if (!strcmp(k, "kind")) {
			if (!strcmp(v, "hdd"))
				p->kind = DM_HDD;
			else if (!strcmp(v, "flash"))
				p->kind = DM_FLASH;
			else if (!strcmp(v, "null"))
				p->kind = DM_NULL;
			else
				FAIL(n, "kind: '%s' is not hdd, flash or null", v);
			have_kind = 1;
		} else if (!strcmp(k, "rotational")) {
			if (parse_flag(v, &p->rotational))
				FAIL(n, "rotational: '%s' is not 0 or 1", v);
			have_rot = 1;
		} else if (!strcmp(k, "write_cache")) {
			if (parse_flag(v, &p->write_cache))
				FAIL(n, "write_cache: '%s' is not 0 or 1", v);
			have_wc = 1;
		} else {
			size_t i;
			double d;
			for (i = 0; i < NFIELDS && strcmp(fields[i].key, k); i++)
				;
			if (i == NFIELDS)
				FAIL(n, "unknown key '%s'", k);
			errno = 0;
			d = strtod(v, &end);
			if (errno || *end || end == v || !isfinite(d))
				FAIL(n, "%s: not a number", k);
			if (d < 0)
				FAIL(n, "%s: negative", k);
			*(double *)((char *)p + fields[i].off) = d * fields[i].scale;
			seen[i] = 1;
		}
	}
	if (!p->name[0])
		FAIL(0, "missing %s", "name");
	if (!have_kind)
		FAIL(0, "missing %s", "kind");
	if (!have_rot)
		FAIL(0, "missing %s", "rotational");
	kmask = p->kind == DM_HDD ? K_HDD : p->kind == DM_FLASH ? K_FLASH : 0;
	if (p->kind == DM_HDD && !have_wc)
		FAIL(0, "missing %s", "write_cache");
	for (size_t i = 0; i < NFIELDS; i++) {
		if (!(fields[i].kinds & kmask))
			continue;
		if (!seen[i])
			FAIL(0, "missing %s", fields[i].key);
		if (!sourced[i])
			FAIL(0, "%s: no source.<key> line says where it comes from", fields[i].key);
	}
	{
		struct dm_state *s = malloc(sizeof(*s));
		int rc;
		if (!s)
			FAIL(0, "%s", "out of memory");
		rc = dm_init(s, p, &field);
		free(s);
		if (rc)
			FAIL(0, "%s: impossible (zero, out of range, or at odds with the other figures)", field);
	}
	return 0;
}

int dp_describe(const struct dm_profile *p, char *buf, size_t len)
{
	size_t used;
	int kmask = p->kind == DM_HDD ? K_HDD : p->kind == DM_FLASH ? K_FLASH : 0;
	int w = snprintf(buf, len, "disk=%s disk_kind=%s disk_rotational=%d", p->name,
			 p->kind == DM_HDD ? "hdd" : p->kind == DM_FLASH ? "flash" : "null",
			 p->rotational);

	if (w < 0 || (size_t)w >= len)
		return -ENOSPC;
	used = (size_t)w;
	for (size_t i = 0; i < NFIELDS; i++) {
		if (!(fields[i].kinds & kmask))
			continue;
		w = snprintf(buf + used, len - used, " disk_%s=%g", fields[i].key,
			     *(const double *)((const char *)p + fields[i].off) / fields[i].scale);
		if (w < 0 || (size_t)w >= len - used)
			return -ENOSPC;
		used += (size_t)w;
	}
	if (p->kind == DM_HDD) {
		w = snprintf(buf + used, len - used, " disk_write_cache=%d", p->write_cache);
		if (w < 0 || (size_t)w >= len - used)
			return -ENOSPC;
	}
	return 0;
}

void dp_counters_text(const struct dm_state *s, int64_t host_ns, char *buf, size_t len)
{
	const struct dm_counters *c = &s->c;
	size_t used;

	snprintf(buf, len,
		 "swapbench-diskmodel v1 profile=%s reads=%" PRIu64 " writes=%" PRIu64 " flushes=%" PRIu64
		 " read_bytes=%" PRIu64 " write_bytes=%" PRIu64 " buffer_hits=%" PRIu64 " seek_ns=%" PRId64
		 " rot_ns=%" PRId64 " xfer_ns=%" PRId64 " wait_ns=%" PRId64 " busy_ns=%" PRId64
		 " host_ns=%" PRId64 "\n",
		 s->p.name, c->reads, c->writes, c->flushes, c->read_bytes, c->write_bytes, c->buffer_hits,
		 c->seek_ns, c->rot_ns, c->xfer_ns, c->wait_ns, c->busy_ns, host_ns);
	/* the second line: the profile's figures, for the guest's records */
	used = strlen(buf);
	if (used + 2 < len && dp_describe(&s->p, buf + used, len - used - 1) == 0)
		strcat(buf, "\n");
}
