#include "init/config/plan.h"
#include "lib/slowmode.h"

#include <errno.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int add(struct plan *p, unsigned w, unsigned bk, unsigned iter, int warm)
{
	if (p->n == PLAN_MAX)
		return -E2BIG;
	p->item[p->n++] = (struct plan_item){ (unsigned char)w, (unsigned char)bk, (unsigned char)warm,
					      (unsigned short)iter };
	p->measured += !warm;
	return 0;
}

/* Fisher-Yates over the measured runs; iter then counts up in run order. */
static void shuffle(struct plan *p, unsigned first, uint64_t seed)
{
	unsigned short count[CMD_WORKLOADS_MAX][SWAPCONF_MAX] = { { 0 } };

	for (unsigned i = p->n - 1; i > first; i--) {
		unsigned j = first + (unsigned)(splitmix(&seed) % (i - first + 1));
		struct plan_item t = p->item[i];

		p->item[i] = p->item[j];
		p->item[j] = t;
	}
	for (unsigned i = first; i < p->n; i++)
		p->item[i].iter = ++count[p->item[i].workload][p->item[i].backend];
}

/*
 * Row r of a balanced Latin square (Williams) over nb configurations: every
 * configuration takes every position equally often over the rows, and
 * follows every other one equally often, so neither a drifting host nor
 * what a run leaves behind favours one of them. Even nb: nb rows, the
 * first 0, 1, nb-1, 2, nb-2, ... and each next one shifted by 1; odd nb:
 * those and their mirror images, 2 nb rows. With two configurations the
 * rows are A B and B A: rounds run A B B A A B ...
 */
void plan_williams(unsigned nb, unsigned r, unsigned *row)
{
	unsigned shift, mirror;

	if (!nb)
		return;
	shift = r % nb;
	mirror = nb % 2 && (r / nb) % 2;
	for (unsigned i = 0; i < nb; i++) {
		unsigned first = i % 2 ? (i + 1) / 2 : (nb - i / 2) % nb;

		row[mirror ? nb - 1 - i : i] = (first + shift) % nb;
	}
}

int plan_make(const struct sb_config *c, struct plan *p)
{
	unsigned nb = (unsigned)c->nconfs, bks[SWAPCONF_MAX], first;
	int bad = 0;

	unsigned runs = c->until_cp ? c->maxruns : c->runs;

	memset(&p->u, 0, offsetof(struct plan_until, value));
	p->n = p->measured = 0;
	p->nworkloads = (unsigned)c->nworkloads;
	p->nconfs = nb;
	for (unsigned b = 0; b < nb; b++)
		bks[b] = b;
	p->u.until = c->until_cp / 100.0;
	p->u.minrounds = c->runs;
	p->u.first_b = nb ? bks[0] : 0;
	for (int w = 0; w < c->nworkloads; w++)
		for (unsigned i = 1; i <= c->warmup; i++)
			for (unsigned b = 0; b < nb; b++)
				bad |= add(p, (unsigned)w, bks[b], i, 1);
	first = p->n;
	if (c->order == ORDER_BLOCKED) {
		/* the last configuration's block first: with partition,file the swapfile's, as the seed's first design ran */
		for (int w = 0; w < c->nworkloads; w++)
			for (unsigned b = nb; b-- > 0;)
				for (unsigned i = 1; i <= c->runs; i++)
					bad |= add(p, (unsigned)w, bks[b], i, 0);
	} else {
		unsigned row[SWAPCONF_MAX];

		for (unsigned i = 1; i <= runs; i++) {
			/* random shuffles the plain rounds, as it always did: a seed keeps its meaning */
			plan_williams(c->order == ORDER_RANDOM ? 1 : nb, i - 1, row);
			for (unsigned b = c->order == ORDER_RANDOM ? 0 : nb; b < nb; b++)
				row[b] = b;
			for (int w = 0; w < c->nworkloads; w++)
				for (unsigned b = 0; b < nb; b++)
					bad |= add(p, (unsigned)w, bks[row[b]], i, 0);
		}
	}
	if (bad)
		return bad;
	if (c->order == ORDER_RANDOM && p->n > first)
		shuffle(p, first, c->seed);
	return 0;
}

int plan_rel(const struct plan *p, int w, unsigned b, size_t *pairs, double *rel, double *half)
{
	const struct stats_pairs *s = &p->u.pairs[w][b];

	*pairs = s->n;
	*rel = *half = INFINITY;
	return stats_pairs_rel(s, rel, half);
}

/* The rounds of workload w so far, A against backend b: slow_pairs' arrays, scratch and marks. */
static struct {
	double a[PLAN_MAX], b[PLAN_MAX], fa[PLAN_MAX], fb[PLAN_MAX], x[PLAN_MAX], scratch[3 * PLAN_MAX];
	unsigned pa[PLAN_MAX], pb[PLAN_MAX];
	unsigned char sa[PLAN_MAX], sb[PLAN_MAX];
} R;

/* Workload w's typical pairs of A and b over rounds 1..round (lib/slowmode.c, the rule compare runs). */
static void typical_pairs(struct plan *p, unsigned w, unsigned b, unsigned upto, unsigned round)
{
	struct plan_until *u = &p->u;
	int faults = 1;
	unsigned short ka = 0, kb = 0;

	for (unsigned r = 0; r < round; r++)
		R.a[r] = R.b[r] = R.fa[r] = R.fb[r] = NAN;
	for (unsigned i = 0; i <= upto; i++) {
		const struct plan_item *it = &p->item[i];
		unsigned r = it->iter - 1u;

		if (it->warmup || it->workload != w || r >= round)
			continue;
		if (it->backend == u->first_b) {
			R.a[r] = u->value[i];
			R.fa[r] = u->fault[i];
			R.pa[r] = i;
		} else if (it->backend == b) {
			R.b[r] = u->value[i];
			R.fb[r] = u->fault[i];
			R.pb[r] = i;
		}
	}
	for (unsigned r = 0; r < round; r++) {
		R.x[r] = (double)R.pb[r] - (double)R.pa[r];
		if ((isfinite(R.a[r]) && !isfinite(R.fa[r])) || (isfinite(R.b[r]) && !isfinite(R.fb[r])))
			faults = 0;
	}
	slow_pairs(R.a, R.b, faults ? R.fa : NULL, faults ? R.fb : NULL, R.x, round, R.scratch, R.sa, R.sb,
		   &u->pairs[w][b]);
	for (unsigned r = 0; r < round; r++) {
		ka += R.sa[r];
		kb += R.sb[r];
	}
	u->slow_a[w][b] = ka;
	u->slow_b[w][b] = kb;
}

int plan_note(struct plan *p, unsigned i, double value, double fault, struct plan_precision *pr)
{
	const struct plan_item *it = &p->item[i];
	struct plan_until *u = &p->u;

	if (it->warmup || u->until <= 0)
		return 0;
	u->value[i] = value;
	u->fault[i] = fault;
	/* alternate order: a round ends with the last workload's last run */
	if (i + 1 < p->n && p->item[i + 1].iter == it->iter && !p->item[i + 1].warmup)
		return 0;
	memset(pr, 0, sizeof(*pr));
	pr->round = it->iter;
	pr->pairs = (size_t)-1;
	for (unsigned w = 0; w < p->nworkloads; w++)
		for (unsigned b = 0; b < p->nconfs; b++) {
			double rel, half;
			size_t n;

			if (b == u->first_b)
				continue;
			typical_pairs(p, w, b, i, it->iter);
			plan_rel(p, (int)w, b, &n, &rel, &half);
			if (n < pr->pairs)
				pr->pairs = n;
			if (!(half <= pr->worst)) {
				pr->worst = half;
				pr->worst_workload = (int)w;
			}
		}
	pr->stop = pr->pairs >= u->minrounds && pr->worst <= u->until;
	return 1;
}
