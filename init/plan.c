#include "plan.h"

#include <errno.h>
#include <stdint.h>

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
		return -1;
	p->item[p->n++] = (struct plan_item){ (unsigned char)w, (unsigned char)bk, (unsigned char)warm,
					      (unsigned short)iter };
	p->measured += !warm;
	return 0;
}

/* Fisher-Yates over the measured runs; iter then counts up in run order. */
static void shuffle(struct plan *p, unsigned first, uint64_t seed)
{
	unsigned short count[CMD_WORKLOADS_MAX][BACKEND_COUNT] = { { 0 } };

	for (unsigned i = p->n - 1; i > first; i--) {
		unsigned j = first + (unsigned)(splitmix(&seed) % (i - first + 1));
		struct plan_item t = p->item[i];

		p->item[i] = p->item[j];
		p->item[j] = t;
	}
	for (unsigned i = first; i < p->n; i++)
		p->item[i].iter = ++count[p->item[i].workload][p->item[i].backend];
}

int plan_make(const struct sb_config *c, struct plan *p)
{
	unsigned nb = 0, bks[BACKEND_COUNT], first;
	int bad = 0;

	p->n = p->measured = 0;
	for (unsigned b = 0; b < BACKEND_COUNT; b++)
		if (c->backends & (1u << b))
			bks[nb++] = b;
	for (int w = 0; w < c->nworkloads; w++)
		for (unsigned i = 1; i <= c->warmup; i++)
			for (unsigned b = 0; b < nb; b++)
				bad |= add(p, (unsigned)w, bks[b], i, 1);
	first = p->n;
	if (c->order == ORDER_BLOCKED) {
		/* the swapfile's block first, as the seed's first design ran */
		for (int w = 0; w < c->nworkloads; w++)
			for (unsigned b = nb; b-- > 0;)
				for (unsigned i = 1; i <= c->runs; i++)
					bad |= add(p, (unsigned)w, bks[b], i, 0);
	} else {
		for (unsigned i = 1; i <= c->runs; i++)
			for (int w = 0; w < c->nworkloads; w++)
				for (unsigned b = 0; b < nb; b++)
					bad |= add(p, (unsigned)w, bks[b], i, 0);
	}
	if (bad)
		return -E2BIG;
	if (c->order == ORDER_RANDOM && p->n > first)
		shuffle(p, first, c->seed);
	return 0;
}
