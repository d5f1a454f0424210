/*
 * The end of a series: the runs counted as they finish, the totals record
 * (or the error record and totals), and swapbench.until's precision and
 * stop. The KTAP totals line is the last thing a boot writes.
 */
#include "init/records/totals.h"
#include "init/sys/kfile.h"
#include "init/records/records.h"
#include "lib/reckeys.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct tally T;

void totals_planned(unsigned measured)
{
	T.planned = measured;
}

void totals_count(const struct plan_item *it, const struct run_result *r)
{
	if (it->warmup)
		return;
	T.ran++;
	if (!strcmp(r->status, "ok"))
		T.ok++;
	else
		T.notok++;
}

/* init's own footprint: every KiB of it is RAM the workloads do not get */
static void add_rss(struct rec_buf *b, const char *key, const char *status)
{
	static char buf[2048];
	const char *p;

	if (kfile_read(status, buf, sizeof(buf)) > 0 && (p = strstr(buf, "VmRSS:")))
		rec_addf(b, key, "%lu", strtoul(p + 6, NULL, 10));
}

static void add_tally(struct rec_buf *b, const struct tally *t)
{
	rec_addf(b, RK_PLANNED, "%u", t->planned);
	rec_addf(b, "ran", "%u", t->ran);
	rec_addf(b, "ok", "%u", t->ok);
	rec_addf(b, "notok", "%u", t->notok);
}

void totals_error(const char *msg)
{
	struct rec_buf b;

	results_line("# swapbench: error: %s", msg);
	results_screen("swapbench: error: %s", msg);
	records_diag(&b, RKIND_ERROR);
	rec_add(&b, RK_MSG, msg);
	records_emit(&b);
	records_diag(&b, RKIND_TOTALS);
	add_tally(&b, &T);
	rec_add(&b, RK_STATUS, "error");
	records_emit(&b);
}

const struct tally *totals_write(double wall_s, const char *swapoff)
{
	const struct tally *t = &T;
	struct rec_buf b;

	records_diag(&b, RKIND_TOTALS);
	add_tally(&b, t);
	rec_addf(&b, "wall_s", "%.1f", wall_s);
	if (t->stop) {
		rec_add(&b, RK_STOP, t->stop);
		rec_addf(&b, RK_ROUNDS, "%u", t->rounds);
		rec_addf(&b, RK_HALFWIDTH, "%.3f", t->halfwidth);
	}
	add_rss(&b, "rss_kb_worker", "/proc/self/status");
	add_rss(&b, "rss_kb_pid1", "/proc/1/status");
	if (swapoff[0])
		rec_add(&b, "swapoff_error", swapoff);
	rec_add(&b, RK_STATUS, t->notok ? "fail" : "pass");
	records_emit(&b);
	results_line("# Totals: pass:%u fail:%u xfail:0 xpass:0 skip:0 error:0", t->ok, t->notok);
	return t;
}

void totals_until(const char *stop, unsigned rounds, double halfwidth)
{
	T.stop = stop;
	T.rounds = rounds;
	T.halfwidth = halfwidth;
	/* the runs planned and not needed: the totals say how many ran */
	T.planned = T.ran;
}

void totals_precision(const struct sb_config *cfg, const struct plan *p, int final)
{
	char line[400];
	size_t n = 0;

	for (int w = 0; w < cfg->nworkloads; w++)
		for (unsigned bk = 0; bk < p->nconfs; bk++) {
			double rel, half;
			size_t pairs;
			struct rec_buf b;

			if (bk == p->u.first_b)
				continue;
			plan_rel(p, w, bk, &pairs, &rel, &half);
			if (n < sizeof(line) && isfinite(half))
				n += (size_t)snprintf(line + n, sizeof(line) - n, "%s %s/%s %+.1f%% +-%.1f%%%s",
						      n ? "," : "", cfg->workloads[w], swapconf_name(cfg->conf, cfg->nconfs, bk),
						      rel, half, p->u.slow_a[w][bk] || p->u.slow_b[w][bk] ? " (slow runs apart)" : "");
			else if (n < sizeof(line))
				n += (size_t)snprintf(line + n, sizeof(line) - n, "%s %s/%s %zu pair(s)",
						      n ? "," : "", cfg->workloads[w], swapconf_name(cfg->conf, cfg->nconfs, bk),
						      pairs);
			if (!final)
				continue;
			records_diag(&b, RKIND_PRECISION);
			rec_add(&b, RK_WORKLOAD, cfg->workloads[w]);
			rec_add(&b, "a", swapconf_name(cfg->conf, cfg->nconfs, p->u.first_b));
			rec_add(&b, "b", swapconf_name(cfg->conf, cfg->nconfs, bk));
			rec_addf(&b, "pairs", "%zu", pairs);
			rec_addf(&b, "slow_a", "%u", (unsigned)p->u.slow_a[w][bk]);
			rec_addf(&b, "slow_b", "%u", (unsigned)p->u.slow_b[w][bk]);
			if (isfinite(half)) {
				rec_addf(&b, "rel", "%.3f", rel);
				rec_addf(&b, RK_HALFWIDTH, "%.3f", half);
			}
			rec_addf(&b, "until", "%.2f", p->u.until);
			records_emit(&b);
		}
	results_line("# precision (95%% CI of B/A-1 in typical runs, until +-%.2f%%):%s", p->u.until, line);
}
