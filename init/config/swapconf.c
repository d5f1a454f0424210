/*
 * swapbench.backends: the swap configurations to alternate. Pure.
 *
 *   LIST  := CONF { "," CONF }                 at most SWAPCONF_MAX
 *   CONF  := BASE { "@" KNOB }
 *   BASE  := "partition" | "file" | "pmem"
 *          | "zram" { ":" COMP | ":" SIZE | ":" PCT "%" }
 *          | "zswap" { ":" COMP | ":" PCT "%" | ":" ZPOOL } "+" ( "partition" | "file" )
 *   KNOB  := "swappiness=" 0..200 | "page-cluster=" 0..10 | "mglru=" 0|1 | "min_ttl_ms=" 0..100000
 *          | CGKNOB "=" ( SIZE | "max" ) | "zswap.writeback=" 0|1
 *          | "mthp=" SIZE ":" ( "always" | "madvise" | "never" | "inherit" )
 *   CGKNOB := "memory.high" | "memory.max" | "memory.swap.max" | "memory.zswap.max"
 *
 * zram's PCT is its disksize as a share of MemTotal, zswap's its
 * max_pool_percent. Plain zram (no SIZE, no PCT) gets the capacity the disk
 * configurations get (zram_bytes in zram.c), so the default runs where they do. pmem swaps
 * on the whole pmem device swapbench.pmem designates. The name a configuration is written with is its name
 * in every record, so two configurations may not be written alike.
 */
#include "init/sys/errmsg.h"
#include "init/config/swapconf.h"
#include "lib/size.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const compressors[] = { "lzo", "lzo-rle", "lz4", "lz4hc", "zstd", "deflate", "842", NULL };
static const char *const zpools[] = { "zsmalloc", "zbud", "z3fold", NULL };
const char *const swapconf_kinds[KIND_PMEM + 2] = { "partition", "file", "zram", "zswap", "pmem", NULL };
const char *const swapconf_disks[BACKEND_COUNT] = { "partition", "file", "pmem" };
const char *const mthp_modes[5] = { "never", "always", "madvise", "inherit", NULL };

const struct cg_knob_def cg_knob_defs[CG_KNOBS] = {
	[CG_HIGH] = { "memory.high", "memory.high", 0, 0 },
	[CG_MAX] = { "memory.max", "memory.max", 0, 0 },
	[CG_SWAP_MAX] = { "memory.swap.max", "memory.swap.max", 0, 0 },
	[CG_ZSWAP_MAX] = { "memory.zswap.max", "memory.zswap.max", 0, 1 },
	[CG_ZSWAP_WB] = { "zswap.writeback", "memory.zswap.writeback", 1, 1 },
};

/* zram's and zswap's compressor when none is named: "", the kernel's own
 * default, read at boot (zram_check): lzo-rle on 6.1, lz4 on a kernel
 * without LZO */
#define ZSWAP_DEFAULT_ZPOOL "zsmalloc"
#define ZSWAP_DEFAULT_POOL_PCT 20	/* the kernel's default max_pool_percent */

/* A configuration the parser refuses: its line in err[n], -EINVAL */
#define bad(err, n, ...) errmsg_why(-EINVAL, err, n, __VA_ARGS__)

static int in(const char *const *list, const char *s)
{
	for (int i = 0; list[i]; i++)
		if (!strcmp(list[i], s))
			return i;
	return -1;
}

/* "N" or "N%" in lo..hi: the value, or -1 */
static long number(const char *s, int pct, long lo, long hi)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	if (pct ? strcmp(end, "%") : *end != 0)
		return -1;
	return v >= lo && v <= hi ? v : -1;
}

static int cg_knob(struct sb_swapconf *c, int i, const char *v, char *err, size_t n)
{
	const struct cg_knob_def *d = &cg_knob_defs[i];
	uint64_t bytes;

	if (c->cg[i] != CG_UNSET)
		return bad(err, n, "swapbench.backends: %s: @%s given twice", c->name, d->name);
	if (d->zswap_only && c->kind != KIND_ZSWAP)
		return bad(err, n, "swapbench.backends: %s: @%s limits zswap: only a zswap configuration takes it",
			   c->name, d->name);
	if (d->is_bool) {
		if (!v || (strcmp(v, "0") && strcmp(v, "1")))
			return bad(err, n, "swapbench.backends: %s: @%s needs =0 or =1", c->name, d->name);
		c->cg[i] = *v - '0';
		return 0;
	}
	if (v && !strcmp(v, "max")) {
		c->cg[i] = CG_NOLIMIT;
		return 0;
	}
	if (!v || size_parse(v, &bytes) < 0 || bytes > (uint64_t)1 << 50)
		return bad(err, n, "swapbench.backends: %s: @%s needs a size (48M) or max", c->name, d->name);
	c->cg[i] = (long long)bytes;
	return 0;
}

/* SIZE:MODE; SIZE a power of two from 8K to 2M (the PMD size on x86) */
static int mthp_knob(struct sb_swapconf *c, char *v, char *err, size_t n)
{
	char *colon = v ? strchr(v, ':') : NULL;
	uint64_t bytes;
	int m;

	if (!colon)
		return bad(err, n, "swapbench.backends: %s: @mthp needs SIZE:MODE, as mthp=64K:always", c->name);
	*colon = 0;
	if (size_parse(v, &bytes) < 0 || bytes < 8192 || bytes > (2u << 20) || (bytes & (bytes - 1)))
		return bad(err, n, "swapbench.backends: %s: @mthp=%s: the size is a power of two from 8K to 2M",
			   c->name, v);
	if ((m = in(mthp_modes, colon + 1)) < 0)
		return bad(err, n, "swapbench.backends: %s: @mthp=%s:%s: the mode is always, madvise, never or inherit",
			   c->name, v, colon + 1);
	for (int i = 0; i < c->nmthp; i++)
		if (c->mthp[i].kb == bytes >> 10)
			return bad(err, n, "swapbench.backends: %s: @mthp sets %s twice", c->name, v);
	if (c->nmthp == MTHP_MAX)
		return bad(err, n, "swapbench.backends: %s: @mthp for more than %d sizes", c->name, MTHP_MAX);
	c->mthp[c->nmthp].kb = (unsigned)(bytes >> 10);
	c->mthp[c->nmthp++].mode = (enum mthp_mode)m;
	return 0;
}

static int knob(struct sb_swapconf *c, char *k, char *err, size_t n)
{
	static const struct {
		const char *name;
		long hi;
		size_t off;
	} knobs[] = {
		{ "swappiness", 200, offsetof(struct sb_swapconf, swappiness) },
		{ "page-cluster", 10, offsetof(struct sb_swapconf, page_cluster) },
		{ "mglru", 1, offsetof(struct sb_swapconf, mglru) },
		{ "min_ttl_ms", 100000, offsetof(struct sb_swapconf, min_ttl_ms) },
		{ "vma-ra", 1, offsetof(struct sb_swapconf, vma_ra) },
	};
	char *eq = strchr(k, '=');

	if (eq)
		*eq = 0;
	for (int i = 0; i < CG_KNOBS; i++)
		if (!strcmp(k, cg_knob_defs[i].name))
			return cg_knob(c, i, eq ? eq + 1 : NULL, err, n);
	if (!strcmp(k, "mthp"))
		return mthp_knob(c, eq ? eq + 1 : NULL, err, n);
	for (size_t i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++) {
		int *field = (int *)(void *)((char *)c + knobs[i].off);
		long v;

		if (strcmp(k, knobs[i].name))
			continue;
		if (!eq || (v = number(eq + 1, 0, 0, knobs[i].hi)) < 0)
			return bad(err, n, "swapbench.backends: %s: @%s needs =0..%ld", c->name, k, knobs[i].hi);
		if (*field >= 0)
			return bad(err, n, "swapbench.backends: %s: @%s given twice", c->name, k);
		*field = (int)v;
		return 0;
	}
	return bad(err, n, "swapbench.backends: %s: unknown knob '@%s' (swappiness=N, page-cluster=N, mglru=0|1, min_ttl_ms=N, vma-ra=0|1, "
		   "memory.high=, memory.max=, memory.swap.max=, memory.zswap.max=SIZE|max, zswap.writeback=0|1, "
		   "mthp=SIZE:MODE)", c->name, k);
}

/* ":" options of zram or zswap */
static int option(struct sb_swapconf *c, const char *o, int *have_comp, char *err, size_t n)
{
	long v;
	uint64_t bytes;

	if (in(compressors, o) >= 0) {
		if ((*have_comp)++)
			return bad(err, n, "swapbench.backends: %s: two compressors", c->name);
		snprintf(c->comp, sizeof(c->comp), "%s", o);
		return 0;
	}
	if (c->kind == KIND_ZSWAP && in(zpools, o) >= 0) {
		snprintf(c->zpool, sizeof(c->zpool), "%s", o);
		return 0;
	}
	if (strchr(o, '%')) {
		if (c->kind == KIND_ZRAM && (v = number(o, 1, 1, 400)) > 0) {
			c->zram_pct = (unsigned)v;
			c->zram_bytes = 0;
			return 0;
		}
		if (c->kind == KIND_ZSWAP && (v = number(o, 1, 1, 100)) > 0) {
			c->max_pool_pct = (unsigned)v;
			return 0;
		}
		return bad(err, n, "swapbench.backends: %s: '%s' is not a percentage in %s", c->name, o,
			   c->kind == KIND_ZRAM ? "1%..400% (of MemTotal)" : "1%..100% (max_pool_percent)");
	}
	if (c->kind == KIND_ZRAM && size_parse(o, &bytes) == 0) {
		if (bytes < (1u << 20))
			return bad(err, n, "swapbench.backends: %s: zram size %s is below 1M", c->name, o);
		c->zram_bytes = bytes;
		return 0;
	}
	return bad(err, n, "swapbench.backends: %s: unknown option '%s' (compressors: lzo lzo-rle lz4 lz4hc zstd "
		   "deflate 842; %s)", c->name, o,
		   c->kind == KIND_ZRAM ? "a size like 64M or N% of MemTotal" : "N% max_pool_percent; zsmalloc zbud z3fold");
}

static int one(struct sb_swapconf *c, const char *text, char *err, size_t n)
{
	char buf[SWAPCONF_TEXT_MAX], *knobs, *disk, *save = NULL, *t;
	int k, have_comp = 0;

	memset(c, 0, sizeof(*c));
	c->swappiness = c->page_cluster = c->mglru = c->min_ttl_ms = c->vma_ra = -1;
	for (int i = 0; i < CG_KNOBS; i++)
		c->cg[i] = CG_UNSET;
	if (!*text)
		return bad(err, n, "swapbench.backends: an empty configuration (partition, file, pmem, zram, zswap+partition, ...)");
	if (strlen(text) >= sizeof(c->name))
		return bad(err, n, "swapbench.backends: '%.40s...' is longer than %d bytes", text, SWAPCONF_NAME_MAX - 1);
	strcpy(c->name, text);
	strcpy(buf, text);
	if ((knobs = strchr(buf, '@')))
		*knobs++ = 0;
	if ((disk = strchr(buf, '+')))
		*disk++ = 0;
	t = strtok_r(buf, ":", &save);
	if (!t || (k = in(swapconf_kinds, t)) < 0)
		return bad(err, n, "swapbench.backends: unknown configuration '%s' (partition, file, pmem, zram[:OPTIONS], "
			   "zswap[:OPTIONS]+partition|file, each with @swappiness=N @page-cluster=N @mglru=0|1)", text);
	c->kind = (enum sb_kind)k;
	c->disk = c->kind == KIND_FILE ? BACKEND_FILE : c->kind == KIND_PMEM ? BACKEND_PMEM : BACKEND_PARTITION;
	c->comp[0] = 0;
	if (c->kind == KIND_ZSWAP) {
		strcpy(c->zpool, ZSWAP_DEFAULT_ZPOOL);
		c->max_pool_pct = ZSWAP_DEFAULT_POOL_PCT;
	}
	for (char *o = strtok_r(NULL, ":", &save); o; o = strtok_r(NULL, ":", &save)) {
		if (c->kind != KIND_ZRAM && c->kind != KIND_ZSWAP)
			return bad(err, n, "swapbench.backends: %s: %s takes no options", text, swapconf_kinds[k]);
		if (option(c, o, &have_comp, err, n) < 0)
			return -EINVAL;
	}
	if (c->kind == KIND_ZSWAP) {
		if (!disk)
			return bad(err, n, "swapbench.backends: %s: zswap is a cache in front of a disk: "
				   "write %s+partition or %s+file", text, buf, buf);
		if (!strcmp(disk, "partition") || !strcmp(disk, "file"))
			c->disk = !strcmp(disk, "file") ? BACKEND_FILE : BACKEND_PARTITION;
		else
			return bad(err, n, "swapbench.backends: %s: zswap goes in front of partition or file, not '%s'",
				   text, disk);
	} else if (disk) {
		return bad(err, n, "swapbench.backends: %s: only zswap goes in front of a disk (+%s)", text, disk);
	}
	while (knobs) {
		char *next = strchr(knobs, '@');

		if (next)
			*next++ = 0;
		if (knob(c, knobs, err, n) < 0)
			return -EINVAL;
		knobs = next;
	}
	return 0;
}

int swapconf_parse(const char *v, struct sb_swapconf out[SWAPCONF_MAX], int *nout, char *err,
		   size_t n)
{
	struct sb_swapconf conf[SWAPCONF_MAX];
	int nc = 0;

	if (strlen(v) >= SWAPCONF_TEXT_MAX)
		return bad(err, n, "swapbench.backends: longer than %d bytes", SWAPCONF_TEXT_MAX - 1);
	for (const char *p = v;; p++) {
		const char *e = strchr(p, ',');
		char item[SWAPCONF_TEXT_MAX];
		size_t len = e ? (size_t)(e - p) : strlen(p);

		if (nc == SWAPCONF_MAX)
			return bad(err, n, "swapbench.backends: more than %d configurations", SWAPCONF_MAX);
		memcpy(item, p, len);
		item[len] = 0;
		if (one(&conf[nc], item, err, n) < 0)
			return -EINVAL;
		for (int i = 0; i < nc; i++)
			if (!strcmp(conf[i].name, item))
				return bad(err, n, "swapbench.backends: %s named twice", item);
		nc++;
		if (!e)
			break;
		p = e;
	}
	memcpy(out, conf, sizeof(conf[0]) * (size_t)nc);
	*nout = nc;
	return 0;
}

int swapconf_compressed(const struct sb_swapconf *conf, int n)
{
	for (int i = 0; i < n; i++)
		if (conf[i].kind == KIND_ZRAM || conf[i].kind == KIND_ZSWAP)
			return 1;
	return 0;
}

int swapconf_cgroup(const struct sb_swapconf *conf, int n)
{
	for (int i = 0; i < n; i++)
		for (int k = 0; k < CG_KNOBS; k++)
			if (conf[i].cg[k] != CG_UNSET)
				return 1;
	return 0;
}

int swapconf_uses(const struct sb_swapconf *conf, int n, enum sb_backend d)
{
	for (int i = 0; i < n; i++)
		if (conf[i].kind != KIND_ZRAM && conf[i].disk == d)
			return 1;
	return 0;
}

const char *swapconf_name(const struct sb_swapconf *conf, int n, unsigned i)
{
	return i < (unsigned)n ? conf[i].name : "?";
}
