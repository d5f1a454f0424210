/* dp: disk profile files into the model's integers (profile.h). Pure:
 * text in, struct out. */
#include "profile.h"
#include "disk/model/queue.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_HDD = 1, K_FLASH = 2, K_ALL = 3 };
enum { T_TEXT, T_KIND, T_FLAG, T_NUM, T_FIG, T_ORDER };	/* T_FIG: a datasheet's figure for diskcheck, no parameter */

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
	/* what a drive's description gives beyond a datasheet (optional) */
	P("head_switch_ms", T_NUM, head_switch_ns, 0, 1e6, 0),
	P("write_settle_ms", T_NUM, write_settle_ns, 0, 1e6, 0),	/* may be negative */
	P("cylinders", T_NUM, cylinders, 0, 1, 1),
	P("sparing", T_NUM, sparing, 0, 1, 1),
	P("spare_range", T_NUM, spare_range, 0, 1, 1),
	P("hpl_bound_cyl", T_NUM, hpl_bound, 0, 1, 1),
	P("hpl_short_ms", T_NUM, hpl_short_ns, 0, 1e6, 0),
	P("hpl_sqrt_ms", T_NUM, hpl_sqrt_ns, 0, 1e6, 0),
	P("hpl_long_ms", T_NUM, hpl_long_ns, 0, 1e6, 0),
	P("hpl_lin_ms", T_NUM, hpl_lin_ps, 0, 1e9, 0),
	P("segments", T_NUM, segments, 0, 1, 1),
	P("segment_kb", T_NUM, segment_bytes, 0, 1024, 0),
	P("write_segments", T_NUM, write_segments, 0, 1, 1),
	P("readahead_mode", T_NUM, readahead_mode, 0, 1, 1),
	P("readahead_min_kb", T_NUM, readahead_min_bytes, 0, 1024, 0),
	P("readahead_over", T_NUM, readahead_over, 0, 1, 1),
	P("readahead_idle_hit", T_NUM, readahead_idle_hit, 0, 1, 1),
	P("write_hits_read", T_NUM, write_hits_read, 0, 1, 1),
	P("write_separate", T_NUM, write_separate, 0, 1, 1),
	P("write_level", T_NUM, write_level, 0, 1, 1),
	P("immediate_read", T_NUM, immediate_read, 0, 1, 1),
	P("bus_sector_ms", T_NUM, bus_sector_ns, 0, 1e6, 0),
	P("bus_write_sector_ms", T_NUM, bus_write_sector_ns, 0, 1e6, 0),
	P("oh_read_hit_after_read_ms", T_NUM, oh_read_hit_r_ns, 0, 1e6, 0),
	P("oh_read_hit_after_write_ms", T_NUM, oh_read_hit_w_ns, 0, 1e6, 0),
	P("oh_read_miss_after_read_ms", T_NUM, oh_read_miss_r_ns, 0, 1e6, 0),
	P("oh_read_miss_after_write_ms", T_NUM, oh_read_miss_w_ns, 0, 1e6, 0),
	P("oh_write_hit_after_read_ms", T_NUM, oh_write_hit_r_ns, 0, 1e6, 0),
	P("oh_write_hit_after_write_ms", T_NUM, oh_write_hit_w_ns, 0, 1e6, 0),
	P("oh_write_miss_after_read_ms", T_NUM, oh_write_miss_r_ns, 0, 1e6, 0),
	P("oh_write_miss_after_write_ms", T_NUM, oh_write_miss_w_ns, 0, 1e6, 0),
	P("oh_read_done_ms", T_NUM, oh_read_done_ns, 0, 1e6, 0),
	P("oh_write_done_ms", T_NUM, oh_write_done_ns, 0, 1e6, 0),
	P("oh_read_reconnect_ms", T_NUM, oh_read_reconnect_ns, 0, 1e6, 0),
	P("oh_read_reconnect_after_write_ms", T_NUM, oh_read_reconnect_w_ns, 0, 1e6, 0),
	P("read_early", T_NUM, read_early_pm, 0, 1000, 0),
	P("read_partial", T_NUM, read_partial, 0, 1, 1),
	P("read_any_free", T_NUM, read_any_free, 0, 1, 1),
	P("no_caching", T_NUM, no_caching, 0, 1, 1),
	P("lbn_map", T_NUM, lbn_map, 0, 1, 1),
	P("immediate_write", T_NUM, immediate_write, 0, 1, 1),
	P("write_hit_readahead", T_NUM, write_hit_ra, 0, 1, 1),
	P("write_combine", T_NUM, write_combine, 0, 1, 1),
	P("sneaky_full", T_NUM, sneaky_full, 0, 1, 1),
	P("sneaky_partial", T_NUM, sneaky_partial, 0, 1, 1),
	P("watermark_segment", T_NUM, watermark_seg, 0, 1, 1),
	P("almost_hits", T_NUM, almost_hits, 0, 1, 1),
	P("access_mode", T_NUM, access_mode, 0, 1, 1),
	P("access_const_ms", T_NUM, access_const_ns, 0, 1e6, 0),
	P("seek_const", T_NUM, seek_const, 0, 1, 1),
	P("seek_const_ms", T_NUM, seek_const_ns, 0, 1e6, 0),
	P("oh_write_reconnect_ms", T_NUM, oh_write_reconnect_ns, 0, 1e6, 0),
	P("oh_write_reselect_ms", T_NUM, oh_write_reselect_ns, 0, 1e6, 0),
	P("write_seek_delay_ms", T_NUM, write_seek_delay_ns, 0, 1e6, 0),
	P("write_min_seek_ms", T_NUM, write_min_seek_ns, 0, 1e6, 0),
	/* what a datasheet measured, for make diskcheck */
	{ "check_random_read_s", T_FIG, NULL, 0, 0, 1, 0 },
	{ "check_random_read_max_s", T_FIG, NULL, 0, 0, 1, 0 },
	/* the drive's command queue (disk/model/queue.h): optional, none by default */
	P("queue_depth", T_NUM, queue_depth, 0, 1, 1),
	P("queue_order", T_ORDER, queue_order, 0, 1, 1),
#undef P
};

static int key_index(const char *k)
{
	for (int i = 0; i < DP_KEYS && keys[i].key; i++)
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

/* the name goes on the kernel command line (swapbench.disk=) and into
 * every record: the image's alphabet for a name there (init/config/cmdline.c's
 * K_NAME: 1-31 of a-z 0-9 _ -); the first character outside it, -1 for
 * one too long, or 0 */
static int name_fault(const char *v)
{
	size_t n = strlen(v);

	for (size_t i = 0; i < n; i++)
		if (!((v[i] >= 'a' && v[i] <= 'z') || (v[i] >= '0' && v[i] <= '9') || v[i] == '_' || v[i] == '-'))
			return (unsigned char)v[i];
	return n >= DP_NAME_MAX ? -1 : 0;
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

	switch (keys[i].type) {
	case T_TEXT:
		if (i == 0 && name_fault(v) > 0) {
			int c = name_fault(v);

			if (c > ' ' && c < 127)
				FAIL(n, "name: holds '%c': use a-z 0-9 _ - (the name goes on the kernel command line)", c);
			FAIL(n, "name: holds %s (0x%02x): use a-z 0-9 _ - (the name goes on the kernel command line)",
			     c == ' ' ? "a space" : "a control or non-ASCII byte", (unsigned)c);
		}
		if (i == 0 && name_fault(v) < 0)
			FAIL(n, "name: longer than %d characters (it goes on the kernel command line)", DP_NAME_MAX - 1);
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
	case T_FIG:
		if (dp_decimal(v, &x))
			FAIL(n, "%s: not a number of 0 or more ('%s': decimal digits and a fraction at most)", k, v);
		break;
	default:
		if (v[0] == '-' && strcmp(k, "write_settle_ms"))
			FAIL(n, "%s: negative", k);
		if (dp_decimal(v + (v[0] == '-'), &x))
			FAIL(n, "%s: not a number ('%s': decimal digits and a fraction at most, as 7200 or 12.5)", k, v);
		if (v[0] == '-')
			x = -x;
		if (keys[i].whole && x != floor(x))
			FAIL(n, "%s: '%s' is not a whole number", k, v);
		x = round(x * keys[i].scale);
		if (x >= 0x1p63 || x <= -0x1p62)
			FAIL(n, "%s: too large", k);
		/* a negative figure as the model's int64_t */
		*param(&d->p, i) = x < 0 ? (uint64_t)(int64_t)x : (uint64_t)x;
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
	for (int i = 0; i < DP_KEYS && keys[i].key; i++)
		if (keys[i].param && !strcmp(keys[i].param, key))
			key = keys[i].key;
	FAIL(0, "%s: impossible (zero, out of range, or at odds with the other figures)", key);
}

/* the worst one request costs: a request as large as the kernel makes one
 * by default (BLK_DEF_MAX_SECTORS, 2560 sectors); on flash its latency and
 * transfer; on a disk as the model charges it (below). A profile past a
 * second a request models no disk, and its waits would hold a boot for
 * hours; refused naming the figures */
#define REQUEST_MAX_BYTES (2560.0 * 512)
#define REQUEST_MAX_NS 1e9
/* flash: closing a unit copies what it lacks (the rest of the open unit,
 * the start of the new one: less than two units, read and written): at
 * most this, so an SD card's 4 MiB units at its 4 MB/s pass (2.8 s) and a
 * unit of days does not */
#define UNIT_COPY_MAX_NS 5e9

/* the longest seek the drive may make, ns: the measured table's slowest
 * point, the HPL equation at its ends, the three-point curve's full stroke
 * (increasing: dmodel_init refuses a curve that is not); then the write's
 * settling and a head switch on top */
static double seek_max_ns(const struct dmodel *m)
{
	const struct dmodel_params *p = &m->p;
	double far = (double)(p->zones ? p->cylinders : dmodel_cylinders(m)), s = (double)p->seek_full_ns;

	for (uint64_t i = 0; i < p->seek_points; i++)
		s = fmax(s, (double)p->seek[i].ns);
	if (p->hpl_bound) {
		s = fmax(s, (double)p->hpl_short_ns + (double)p->hpl_sqrt_ns * sqrt(fmin(far, (double)p->hpl_bound)));
		s = fmax(s, (double)p->hpl_long_ns + (double)p->hpl_lin_ps * far / 1000);
	}
	if (p->seek_const)
		s = fmax(s, (double)p->seek_const_ns);
	return s + fmax(0, (double)(int64_t)p->write_settle_ns) + (double)p->head_switch_ns;
}

/* the largest of the controller's eight overheads, ns */
static double overhead_max_ns(const struct dmodel_params *p)
{
	const uint64_t oh[] = { p->oh_read_hit_r_ns,  p->oh_read_hit_w_ns,  p->oh_read_miss_r_ns,  p->oh_read_miss_w_ns,
				p->oh_write_hit_r_ns, p->oh_write_hit_w_ns, p->oh_write_miss_r_ns, p->oh_write_miss_w_ns };
	double x = 0;

	for (size_t i = 0; i < sizeof(oh) / sizeof(oh[0]); i++)
		x = fmax(x, (double)oh[i]);
	return x;
}

/* one request of len at off as the model charges it, ns: on a fresh drive
 * whose head has served a sector at the far end (read or written: the
 * overheads after either), once idle; twice, the second (a hit) counted too */
static double probe(struct dmodel *m, const struct dmodel_params *p, enum dmodel_op op, int after_write, uint64_t off,
		    uint64_t len)
{
	const char *field;
	uint64_t far = off < p->capacity_bytes / 2 ? p->capacity_bytes - 512 : 0;
	int64_t now, done, again;

	if (dmodel_init(m, p, &field))
		return INFINITY;
	now = dmodel_request(m, after_write ? DMODEL_WRITE : DMODEL_READ, far, 512, 0);
	now = (now > dmodel_free_ns(m) ? now : dmodel_free_ns(m)) + 1000000000;
	done = dmodel_request(m, op, off, len, now);
	if (op != DMODEL_READ)
		return (double)(done - now);
	again = dmodel_request(m, op, off, len, done > dmodel_free_ns(m) ? done : dmodel_free_ns(m));
	return fmax((double)(done - now), (double)(again - (done > dmodel_free_ns(m) ? done : dmodel_free_ns(m))));
}

/*
 * A disk's worst request, ns: the largest request read or written at the
 * places where a transfer costs most (the disk's ends and middle; with a
 * zone table, each zone's first track from its last sector, and its last
 * sector into the next zone), after a read or a write, as the model
 * charges it (overheads, seek, rotation, the media across tracks and
 * zones, the bus, reconnections, completion); then, since a probe's own
 * seek, turn and overhead depend on where the head was and when, the
 * longest seek, a whole turn and the largest overhead on top.
 */
static double disk_worst_ns(struct dmodel *m, const struct dmodel_params *p, double *seek, double *oh)
{
	uint64_t len = (uint64_t)REQUEST_MAX_BYTES, cap = p->capacity_bytes, offs[3 + 2 * DMODEL_ZONES_MAX];
	size_t n = 0;
	double worst = 0;
	const char *field;

	if (dmodel_init(m, p, &field))
		return INFINITY;
	*seek = seek_max_ns(m);
	*oh = overhead_max_ns(p);
	worst = *seek + *oh + 60e9 / (double)p->rpm;
	if (worst > REQUEST_MAX_NS)	/* no probe: these alone are too long */
		return worst;
	offs[n++] = 0;
	offs[n++] = cap / 2;
	offs[n++] = cap - len;
	for (uint64_t z = 0; z < p->zones; z++) {
		offs[n++] = (m->z_lbn[z] + p->zone[z].bpt - 1) << 9;
		offs[n++] = (m->z_lbn[z] + m->z_lbns[z] - 1) << 9;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t off = offs[i] < cap - len ? offs[i] & ~511ULL : cap - len;

		for (int w = 0; w < 2; w++) {
			worst = fmax(worst, probe(m, p, DMODEL_READ, w, off, len) + *seek + *oh + 60e9 / (double)p->rpm);
			worst = fmax(worst, probe(m, p, DMODEL_WRITE, w, off, len) + *seek + *oh + 60e9 / (double)p->rpm);
		}
	}
	return worst;
}

/* the file's largest time figure, "KEY = VALUE" (ms keys and seek.N) */
static const char *largest_figure(const struct dp_profile *d)
{
	static char buf[128];
	double best = -1;

	buf[0] = 0;
	for (int i = 0; i < DP_KEYS && keys[i].key; i++) {
		double x;

		if (keys[i].type != T_NUM || keys[i].scale != 1e6 || !d->given[i][0])
			continue;
		x = fabs((double)(int64_t)*(const uint64_t *)((const char *)&d->p + keys[i].off));
		if (x > best) {
			best = x;
			snprintf(buf, sizeof(buf), "the largest time given: %s = %s", keys[i].key, d->given[i]);
		}
	}
	for (uint64_t i = 0; i < d->p.seek_points; i++)
		if ((double)d->p.seek[i].ns > best) {
			best = (double)d->p.seek[i].ns;
			snprintf(buf, sizeof(buf), "the largest time given: seek.%u, %.6g ms", (unsigned)i + 1,
				 (double)d->p.seek[i].ns / 1e6);
		}
	return buf;
}

static int check_costs(const struct dp_profile *d, char *err, size_t errlen)
{
	const struct dmodel_params *p = &d->p;
	double L = REQUEST_MAX_BYTES, worst, copy;

	if (p->kind == DMODEL_HDD) {
		struct dmodel *m = malloc(sizeof(*m));
		double seek = 0, oh = 0;

		if (!m)
			FAIL(0, "%s", "out of memory");
		worst = p->capacity_bytes < 2 * L ? 0 : disk_worst_ns(m, p, &seek, &oh);
		free(m);
		if (worst > REQUEST_MAX_NS)
			FAIL(0, "the worst request would cost %.3g s, more than %g s (%.0f KiB after a %.3g ms seek, a turn and a "
				"%.3g ms overhead, with its transfer and bus; %s)",
			     worst / 1e9, REQUEST_MAX_NS / 1e9, L / 1024, seek / 1e6, oh / 1e6, largest_figure(d));
	}
	if (p->kind != DMODEL_FLASH)
		return 0;
	worst = (double)p->read_lat_ns + L * 1e9 / (double)p->read_bps;
	if (worst > REQUEST_MAX_NS)
		FAIL(0, "read_latency_us, read_mbs: a %.0f KiB read would cost %.3g s, more than %g s", L / 1024,
		     worst / 1e9, REQUEST_MAX_NS / 1e9);
	worst = (double)p->write_lat_ns + L * 1e9 / (double)p->write_bps;
	if (worst > REQUEST_MAX_NS)
		FAIL(0, "write_latency_us, write_mbs: a %.0f KiB write would cost %.3g s, more than %g s", L / 1024,
		     worst / 1e9, REQUEST_MAX_NS / 1e9);
	if (p->unit_bytes > p->capacity_bytes)
		FAIL(0, "unit_kb: an allocation unit of %" PRIu64 " bytes is larger than the disk (capacity_gb: %" PRIu64
			" bytes)", p->unit_bytes, p->capacity_bytes);
	copy = 2.0 * (double)p->unit_bytes * (1e9 / (double)p->read_bps + 1e9 / (double)p->write_bps);
	if (copy > UNIT_COPY_MAX_NS)
		FAIL(0, "unit_kb, read_mbs, write_mbs: closing a unit would copy up to two units, %.3g s, more than %g s",
		     copy / 1e9, UNIT_COPY_MAX_NS / 1e9);
	return 0;
}

int dp_parse(const char *text, struct dp_profile *d, char *err, size_t errlen)
{
	/* a line may be as long as a file: a zone's slips are one line (host
	 * only, one parse at a time) */
	static char line[DP_FILE_MAX + 1];
	int sourced[DP_KEYS] = { 0 }, seen[DP_KEYS] = { 0 }, n = 0, kmask;
	const char *t = text;
	int rc;

	memset(d, 0, sizeof(*d));
	while (*t) {
		size_t l = strcspn(t, "\n");
		char *k, *v, *eq, *hash;
		int i;

		n++;
		if (l >= sizeof(line))
			FAIL(n, "longer than %d bytes", DP_FILE_MAX);
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
		rc = dp_table_line(d, k, v, n, err, errlen);
		if (rc <= 0) {
			if (rc < 0)
				return rc;
		} else if (!strncmp(k, "source.", 7)) {
			i = key_index(k + 7);
			if (i < 0 || (keys[i].type != T_NUM && keys[i].type != T_FIG && keys[i].type != T_ORDER))
				FAIL(n, "%s: a source for no figure", k);
			if (sourced[i])
				FAIL(n, "%s: given twice (first on line %d)", k, sourced[i]);
			sourced[i] = n;
		} else if (!strcmp(k, "source")) {
			/* where the profile comes from: for the reader */
		} else {
			i = key_index(k);
			if (i < 0)
				FAIL(n, "unknown key '%s'", k);
			/* the last value would win while the first one's source. line describes it */
			if (seen[i])
				FAIL(n, "%s: given twice (first on line %d)", k, seen[i]);
			seen[i] = n;
			rc = set_value(d, i, v, n, err, errlen);
			if (rc)
				return rc;
		}
	}
	if (!d->name[0])
		FAIL(0, "missing %s", "name");
	kmask = kind_mask(d->p.kind);
	for (int i = 0; i < DP_KEYS && keys[i].key; i++) {
		int need = keys[i].type == T_KIND || (keys[i].type == T_FLAG && !keys[i].kinds) ||
			   (keys[i].kinds & kmask);
		if (!need && !d->given[i][0])
			continue;
		if (!d->given[i][0])
			FAIL(0, "missing %s", keys[i].key);
		if ((keys[i].type == T_NUM || keys[i].type == T_FIG) && !sourced[i])
			FAIL(0, "%s: no source.<key> line says where it comes from", keys[i].key);
	}
	if (dp_table_finish(d, err, errlen))
		return -EINVAL;
	{
		const char *why;

		if (dqueue_check(&d->p, &why))
			FAIL(0, "%s", why);
	}
	rc = check_model(d, err, errlen);
	return rc ? rc : check_costs(d, err, errlen);
}

int dp_read(const char *path, struct dp_profile *d, char *err, size_t errlen)
{
	static char text[DP_FILE_MAX + 1];
	FILE *f = fopen(path, "r");
	size_t n;
	int rc;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -errno;
	}
	n = fread(text, 1, sizeof(text), f);
	rc = ferror(f);
	fclose(f);
	if (rc) {
		snprintf(err, errlen, "%s: cannot be read", path);
		return -EIO;
	}
	if (n == sizeof(text)) {
		snprintf(err, errlen, "%s: longer than %d bytes", path, DP_FILE_MAX);
		return -EFBIG;
	}
	text[n] = 0;
	if (dp_parse_bytes(text, n, d, err, errlen)) {
		char why[256];

		snprintf(why, sizeof(why), "%s", err);
		snprintf(err, errlen, "%.200s: %s", path, why);
		return -EINVAL;
	}
	return 0;
}

int dp_parse_bytes(const char *text, size_t len, struct dp_profile *d, char *err, size_t errlen)
{
	const char *nul = memchr(text, 0, len);

	if (nul) {
		int n = 1;

		for (const char *c = text; c < nul; c++)
			n += *c == '\n';
		/* a C reader would end the file there and ignore the rest */
		FAIL(n, "a NUL byte (a profile is text)");
	}
	return dp_parse(text, d, err, errlen);
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
	for (int i = 0; i < DP_KEYS && keys[i].key; i++) {
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
