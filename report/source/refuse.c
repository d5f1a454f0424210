/*
 * refuse: whether a run's own record says it measured what it names (one
 * swap configuration active, and the one it names); a table of checks
 * (run_checks). parse.c asks it of every run it reads.
 */
#include "report/source/refuse.h"
#include "report/util/util.h"
#include "lib/reckeys.h"
#include "report/source/store.h"

#include <stdio.h>
#include <string.h>

/* SPEC: a run during which not exactly one swap configuration was active. */
static const char *one_swap_active(const struct run *r)
{
	static char why[96];
	const char *s = store_get(&r->rec, RK_SWAPS_ACTIVE);
	double n;

	if (!s || (util_number(s, &n) && n == 1))
		return NULL;	/* logs from before swaps_active was recorded lack it */
	snprintf(why, sizeof(why), "swaps_active=%.16s, not exactly one swap configuration "
		 "was active", s);
	return why;
}

static int field_is(const struct run *r, const char *key, double want)
{
	const char *s = store_get(&r->rec, key);
	double v;

	return !s || (util_number(s, &v) && v == want);	/* absent: an older log, or no zram/zswap */
}

/*
 * The same for zram and zswap (swapbench.backends): a zram configuration
 * swaps on zram0, zswap is on only in a zswap configuration, and every run
 * starts with zram0 reset and zswap's pool empty unless they are its own.
 */
static const char *config_active(const struct run *r)
{
	static char why[160];
	const char *b = r->backend ? r->backend : "", *dev = store_get(&r->rec, RK_SWAP_DEV);
	int zram = !strncmp(b, "zram", 4), zswap = !strncmp(b, "zswap", 5);

	if (zram && dev && strcmp(dev, "/dev/zram0"))
		snprintf(why, sizeof(why), "backend %.48s swapped on %.48s, not zram0", b, dev);
	else if (!zram && !field_is(r, "zram_disksize_kb", 0))
		snprintf(why, sizeof(why), "backend %.48s ran with zram0 set up (zram_disksize_kb)", b);
	else if (!field_is(r, "zswap", zswap))
		snprintf(why, sizeof(why), "backend %.48s ran with zswap %s", b, zswap ? "off" : "on");
	else if (!field_is(r, "zswap_start_pages", 0))
		snprintf(why, sizeof(why), "backend %.48s started with pages in zswap's pool", b);
	else
		return NULL;
	return why;
}

static const char *(*const run_checks[])(const struct run *r) = {
	one_swap_active,
	config_active,
};

const char *refuse_run(const struct run *r)
{
	const char *why;

	for (size_t i = 0; i < sizeof(run_checks) / sizeof(run_checks[0]); i++)
		if ((why = run_checks[i](r)))
			return why;
	return NULL;
}
