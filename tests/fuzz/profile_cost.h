#ifndef SB_FUZZ_PROFILE_COST_H
#define SB_FUZZ_PROFILE_COST_H
/*
 * The bound disk/profile/profile.c promises a profile it takes (fuzz_profile,
 * fuzz_disksim): taken by the model, and its worst request (the kernel's
 * largest, after a full stroke on a disk) costs at most 1 s, and a unit's
 * copy of 5 s more on flash.
 */
#include "disk/model/model.h"
#include "disk/profile/profile.h"
#include "fuzz.h"

#include <stdint.h>

#define FUZZ_REQUEST (2560ULL * 512)

static inline void fuzz_profile_cost(const struct dp_profile *d)
{
	static struct dmodel m;
	const char *field = NULL;
	int64_t t;

	require(dmodel_init(&m, &d->p, &field) == 0, "the model takes what the parser took");
	if (d->p.kind == DMODEL_NULL || d->p.capacity_bytes < 2 * FUZZ_REQUEST)
		return;
	/* a full stroke, then the largest request, from a fresh model */
	t = dmodel_request(&m, DMODEL_READ, d->p.capacity_bytes - FUZZ_REQUEST, FUZZ_REQUEST, 0);
	require(t >= 0 && t <= 1000000000 + 1000000, "the worst read costs at most 1 s");
	dmodel_init(&m, &d->p, &field);
	t = dmodel_request(&m, DMODEL_WRITE, 0, 4096, 0);
	t = dmodel_request(&m, DMODEL_WRITE, d->p.capacity_bytes - FUZZ_REQUEST, FUZZ_REQUEST, t);
	require(t >= 0 && t <= 2 * (1000000000LL + 1000000) + 5000000000LL,
		"two writes, one closing a unit, cost at most 2 s and the copy's 5 s");
}

#endif
