#include "report/source/clockflag.h"
#include "report/util/util.h"
#include "lib/reckeys.h"
#include "report/source/store.h"

#include <string.h>

static const struct {
	const char *suffix;
	double to_s;
} units[] = { { "_s", 1 }, { "_ms", 1e-3 }, { "_us", 1e-6 }, { "_ns", 1e-9 } };

/* Seconds per unit of a time the run took with the clock, 0 for anything else. */
static double clock_time_unit(const char *key)
{
	size_t n = strlen(key);

	if (strcmp(key, RK_ELAPSED_S) && strncmp(key, "w.", 2))
		return 0;	/* user_s, sys_s, psi_*: the kernel's accounting, not a clock reading */
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		size_t m = strlen(units[i].suffix);

		if (n > m && !strcmp(key + n - m, units[i].suffix))
			return units[i].to_s;
	}
	return 0;
}

/* The boot's clock step in seconds (clock_step_ns, else clock_res_ns); 0 if unknown. */
static double clockflag_step_s(const struct boot *b)
{
	static const char *const keys[] = { RK_CLOCK_STEP_NS, RK_CLOCK_RES_NS };
	double v;

	for (int i = 0; i < 2; i++)
		if (util_number(store_get(&b->meta, keys[i]), &v) && v > 0)
			return v * 1e-9;
	return 0;
}

static const char *or_unknown(const char *s)
{
	return s ? s : "unknown";
}

static char *reason(const struct run *r, const char *metric)
{
	const char *changed = store_get(&r->rec, RK_CLOCKSOURCE_CHANGED);
	const char *source = or_unknown(store_get(&r->boot->meta, RK_CLOCKSOURCE));
	double step = clockflag_step_s(r->boot), v;

	if (changed && strcmp(changed, "0"))
		return xasprintf("the clocksource changed during the run (%s at boot, %s after the run)",
				 source, or_unknown(store_get(&r->rec, RK_CLOCKSOURCE)));
	if (store_get(&r->rec, RK_CLOCKSOURCE))
		return xasprintf("timed with %s, not the boot's %s: its step is unknown",
				 store_get(&r->rec, RK_CLOCKSOURCE), source);
	if (!step)
		return NULL;
	/* only the metric analysed: a short field elsewhere in the run says nothing about it */
	double unit = clock_time_unit(metric);
	const char *val = store_get(&r->rec, metric);

	if (unit && val && util_number(val, &v) && v * unit < CLOCKFLAG_STEPS * step)
		return xasprintf("%s=%s is less than %.0f steps of the clock (%s, step %.0f ns)",
				 metric, val, CLOCKFLAG_STEPS, source, step * 1e9);
	return NULL;
}

size_t clockflag_runs(struct dataset *ds, const char *metric)
{
	size_t n = 0;

	for (size_t i = 0; i < ds->nruns; i++) {
		struct run *r = &ds->runs[i];

		if (!r->flag && (r->flag = reason(r, metric)))
			n++;
	}
	return n;
}

void clockflag_print(const struct dataset *ds, FILE *out)
{
	for (size_t i = 0; i < ds->nruns; i++) {
		const struct run *r = &ds->runs[i];

		if (r->flag)
			fprintf(out, "%s:%lu: boot %s test %lu: flagged%s: %s\n", r->rec.source, r->rec.line,
				r->boot->id, r->num, ds->keep_flagged ? ", used (--flagged)" : ", not used",
				r->flag);
	}
}
