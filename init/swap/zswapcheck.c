/* zswap's behaviour checked on a run's facts (init/swap/zswapcheck.h). */
#include "init/swap/zswapcheck.h"

#include <stdio.h>
#include <string.h>

static void applied(struct zswapcheck_out *o, const char *name)
{
	size_t len = strlen(o->applied);

	snprintf(o->applied + len, sizeof(o->applied) - len, "%s%s", len ? "," : "", name);
}

int zswapcheck(const struct zswapcheck_in *in, struct zswapcheck_out *o)
{
	memset(o, 0, sizeof(*o));
	if (in->writeback_off && in->zswpwb >= 0) {
		applied(o, "writeback");
		if (in->zswpwb > 0 && !o->failed[0])
			snprintf(o->failed, sizeof(o->failed), "zswap wrote back %lld pages with "
				 "memory.zswap.writeback=0 (the cgroup's zswpwb)", in->zswpwb);
	}
	if (in->limited) {
		uint64_t slack = (uint64_t)ZSWAPCHECK_SLACK * (in->cpus ? in->cpus : 1) * in->page_size;

		applied(o, "max");
		if (in->over_stored > in->over_limit + slack && !o->failed[0])
			snprintf(o->failed, sizeof(o->failed), "memory.zswap.max exceeded: zswap held %llu kB "
				 "against a limit of %llu kB (more than the %llu kB the kernel's check lets "
				 "through on %u CPUs)", (unsigned long long)in->over_stored >> 10,
				 (unsigned long long)in->over_limit >> 10, (unsigned long long)slack >> 10,
				 in->cpus ? in->cpus : 1);
	}
	if (in->incompressible && in->zswpout >= 0) {
		long long out = in->zswpout + (in->pswpout > 0 ? in->pswpout : 0);
		long long most = out / 100 > ZSWAPCHECK_STRAY ? out / 100 : ZSWAPCHECK_STRAY;

		applied(o, "incompressible");
		if (in->zswpout > most && !o->failed[0])
			snprintf(o->failed, sizeof(o->failed), "zswap stored %lld pages of an incompressible "
				 "fill (fill=random) of %lld swapped out; at most %lld expected",
				 in->zswpout, out, most);
	}
	return o->failed[0] != 0;
}
