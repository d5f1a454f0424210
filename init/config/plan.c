#include "init/config/plan.h"

#include <errno.h>
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

	memset(&p->u, 0, sizeof(p->u));
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

int plan_note(struct plan *p, unsigned i, double value, struct plan_precision *pr)
{
	const struct plan_item *it = &p->item[i];
	struct plan_until *u = &p->u;

	if (it->warmup || u->until <= 0)
		return 0;
	u->value[it->workload][it->backend] = value;
	u->pos[it->workload][it->backend] = i;
	/* alternate order: a round ends with the last workload's last run */
	if (i + 1 < p->n && p->item[i + 1].iter == it->iter && !p->item[i + 1].warmup)
		return 0;
	memset(pr, 0, sizeof(*pr));
	pr->round = it->iter;
	pr->pairs = (size_t)-1;
	for (unsigned w = 0; w < p->nworkloads; w++)
		for (unsigned b = 0; b < p->nconfs; b++) {
			double a = u->value[w][u->first_b], v = u->value[w][b], rel, half;
			size_t n;

			if (b == u->first_b)
				continue;
			if (!isnan(a) && !isnan(v))
				stats_pairs_add(&u->pairs[w][b], a, v,
						(double)u->pos[w][b] - (double)u->pos[w][u->first_b]);
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
